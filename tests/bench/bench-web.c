/* bench-web.c: the players' view of 1,000 players × 10 sessions × 16 hands, served on loopback.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds the store, starts the server on a free loopback port and asks it through libsoup's
 * client on the same main loop (so each figure includes the client's own work): the standings
 * page when the data was just changed (the store read again, then the page drawn), drawn from
 * data already read (another language), served again from the cache, and the not-modified polls
 * of /api/version and /standings.  One figure a line, medians in milliseconds. */
#include <libsoup/soup.h>
#include <stdio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp-bench.h"
#include "sp-bench-store.h"
#include "sp-db.h"
#include "sp-web.h"

#define N_PLAYERS  1000
#define N_SESSIONS 10
#define N_HANDS    16
#define N_POLLS    2000



static void
sent_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  GBytes **body = data;

  *body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, NULL);
  if (*body == NULL)
    *body = g_bytes_new (NULL, 0);
}

/* Milliseconds to get @url's reply; its status in @status. */
static double
time_get (SoupSession *session,
          const char  *url,
          const char  *language,
          const char  *etag,
          guint       *status,
          gsize       *size)
{
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", url);
  g_autoptr(GBytes) body = NULL;
  gint64 t0 = g_get_monotonic_time ();

  if (language != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept-Language",
                                  language);
  if (etag != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "If-None-Match", etag);
  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, sent_cb, &body);
  while (body == NULL)
    g_main_context_iteration (NULL, TRUE);
  *status = soup_message_get_status (msg);
  if (size != NULL)
    *size = g_bytes_get_size (body);
  return (g_get_monotonic_time () - t0) / 1000.0;
}


int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("sparrow-bench-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *base = NULL;
  g_autofree char *standings = NULL;
  g_autofree char *version = NULL;
  g_autofree char *etag = NULL;
  g_autoptr(SpDb) db = NULL;
  g_autoptr(SpWebServer) server = NULL;
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  SpTournament event = {
    .name = (char *) "Bench Open", .ruleset = SP_RULESET_MCR, .profile = (char *) "cn",
    .n_sessions = N_SESSIONS, .seating = (char *) "random", .ranking = (char *) "r98",
  };
  gint64 ids[N_PLAYERS];
  double times[N_POLLS];
  guint status;
  gsize size;
  gint64 t0;

  sp_bench_check (folder != NULL, error);
  path = g_build_filename (folder, "bench.db", NULL);
  db = sp_db_open (path, &error);
  sp_bench_check (db != NULL, error);
  t0 = g_get_monotonic_time ();
  sp_bench_check (sp_db_begin (db, &error), error);
  sp_bench_check (sp_db_create_tournament (db, &event, &error), error);
  for (guint i = 0; i < N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);
      SpPlayer player = { .tournament = event.id, .name = name };

      sp_bench_check (sp_db_add_player (db, &player, &error), error);
      ids[i] = player.id;
    }
  for (guint s = 1; s <= N_SESSIONS; s++)
    {
      for (guint i = N_PLAYERS - 1; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1);
          gint64 swap = ids[i];

          ids[i] = ids[j];
          ids[j] = swap;
        }
      sp_bench_check (sp_db_store_seating (db, event.id, s, s, ids, N_PLAYERS, &error), error);
      for (guint t = 1; t <= N_PLAYERS / 4; t++)
        for (guint h = 1; h <= N_HANDS - (s == N_SESSIONS && t == 1 ? 1 : 0); h++)
          sp_bench_check (sp_bench_record_hand (db, event.id, s, t, h, rand, &error), error);
    }
  sp_bench_check (sp_db_commit (db, &error), error);
  g_free (event.created);
  printf ("store built (1,000 players, 10 sessions, 39,999 hands): %.0f ms\n",
          (g_get_monotonic_time () - t0) / 1000.0);

  server = sp_web_server_new (path, NULL, &error);
  sp_bench_check (server != NULL, error);
  sp_bench_check (sp_web_server_listen (server, "127.0.0.1", 0, &error), error);
  base = sp_web_server_get_url (server);
  standings = g_strconcat (base, "standings", NULL);
  version = g_strconcat (base, "api/version", NULL);

  printf ("standings page, the store read and the page drawn (first request): %.1f ms\n",
          time_get (session, standings, NULL, NULL, &status, &size));
  sp_bench_check (status == 200, NULL);
  printf ("standings page size: %.0f KB\n", size / 1024.0);
  printf ("standings page drawn from data already read (zh-CN): %.1f ms\n",
          time_get (session, standings, "zh-CN", NULL, &status, NULL));
  for (guint i = 0; i < 50; i++)
    times[i] = time_get (session, standings, NULL, NULL, &status, NULL);
  sp_bench_sort (times, 50);
  printf ("standings page served again (cached), median of 50: %.2f ms\n", times[25]);

  {
    g_autoptr(SoupMessage) msg = soup_message_new ("GET", version);
    g_autoptr(GBytes) body = NULL;

    soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, sent_cb, &body);
    while (body == NULL)
      g_main_context_iteration (NULL, TRUE);
    etag = g_strdup (soup_message_headers_get_one (soup_message_get_response_headers (msg),
                                                   "ETag"));
  }
  for (guint i = 0; i < N_POLLS; i++)
    {
      times[i] = time_get (session, version, NULL, etag, &status, NULL);
      sp_bench_check (status == 304, NULL);
    }
  sp_bench_sort (times, N_POLLS);
  printf ("not-modified poll of /api/version, median of %d: %.3f ms (99th percentile %.3f ms)\n",
          N_POLLS, times[N_POLLS / 2], times[N_POLLS * 99 / 100]);

  /* A hand entered by another connection: the next request reads the store again. */
  {
    g_autoptr(SpDb) other = sp_db_open (path, &error);

    sp_bench_check (other != NULL, error);
    sp_bench_check (sp_bench_record_hand (other, event.id, N_SESSIONS, 1, N_HANDS, rand, &error),
                    error);
  }
  printf ("standings page after a hand was entered (the store read again): %.1f ms\n",
          time_get (session, standings, NULL, NULL, &status, NULL));

  g_clear_pointer (&server, sp_web_server_free);
  g_clear_pointer (&db, sp_db_close);
  g_unlink (path);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);

    g_unlink (wal);
    g_unlink (shm);
  }
  g_rmdir (folder);
  return 0;
}
