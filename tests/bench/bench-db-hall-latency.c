/* bench-db-hall-latency.c: a hand entered at one referee station, seen at another (SPEC §4,
 * the hall: < 1 s).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-db-hall-latency LOCATION [N_HANDS] [POLL_MS]
 *
 * LOCATION is a store, a PostgreSQL URI (postgresql://USER@HOST:PORT/DB: an empty database gets
 * the schema) or a SQLite file; a new tournament of 240 players (60 tables, 1 session) is made in
 * it, so that a store already holding an event can be used.  Two connections to it are two
 * stations: the entering one, on a thread of its own, enters N_HANDS (default 50) draws through
 * sp_db_add_hand (), the whole transaction a referee's Save runs, each after a random pause
 * (50–250 ms, or 50 ms to 50 ms + POLL_MS when polled) once the other has seen the one before;
 * the watching one, on the main loop, reads the session's hands again whenever it learns of a
 * change.  It learns of it in two ways, timed one after the other: the store's notification
 * (sp_db_watch_changes (), as the window is told: LISTEN on the server connection's socket; a
 * SQLite file has none)
 * and polling sp_db_get_data_version () every POLL_MS (default 1000, as the station's window
 * does).  With the notification, a third round enters the hands 5–25 ms apart without waiting,
 * so that changes come while the watching station is reading: every hand must still be seen.
 * The latency of a hand is from the moment the entering station starts its transaction to the
 * moment the watching one has read the hand back; its median and maximum are printed, with the
 * time of the entry itself. */
#include <stdio.h>

#include "sp-bench.h"
#include "sp-bench-store.h"

/* Hands at a table: fewer than a session's 16 in the three rounds of MAX_HANDS / 3 each. */
#define N_TABLES  60
#define N_PLAYERS (N_TABLES * 4)
#define MAX_HANDS 400

typedef enum
{
  WATCH_NOTIFY,
  WATCH_POLL,
} Watch;

typedef struct
{
  SpDb         *entering;
  SpDb         *watching;
  SpTournament *tournament;
  Watch         watch;
  gboolean      back_to_back; /* the next hand entered without waiting for the last seen */
  guint         poll_ms;
  guint         n_hands;
  guint         first;        /* hands before this round's, entered by earlier rounds */
  GMainLoop    *loop;

  GMutex        lock;
  GCond         seen_cond;
  guint         n_seen;       /* this round's hands the watching station has read */
  double        started[MAX_HANDS];
  double        entered[MAX_HANDS];
  double        seen[MAX_HANDS];
  gint64        version;
  GError       *error;        /* the entering station's failure */
} Bench;

/* The watching station reads the session's hands again and notes the new ones it sees. */
static void
read_hands (Bench *bench)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = sp_db_list_hands (bench->watching, bench->tournament->id, 1, 0,
                                                 &error);
  double now = sp_bench_now_ns (CLOCK_MONOTONIC);

  sp_bench_check (hands != NULL, error);
  g_mutex_lock (&bench->lock);
  while (bench->n_seen < bench->n_hands && bench->first + bench->n_seen < hands->len)
    bench->seen[bench->n_seen++] = now;
  g_cond_broadcast (&bench->seen_cond);
  g_mutex_unlock (&bench->lock);
}

static void
changed_cb (SpDb     *db,
            gpointer  user_data)
{
  read_hands (user_data);
}

static gboolean
poll_cb (gpointer user_data)
{
  Bench *bench = user_data;
  g_autoptr(GError) error = NULL;
  gint64 version;

  sp_bench_check (sp_db_get_data_version (bench->watching, &version, &error), error);
  if (version != bench->version)
    {
      bench->version = version;
      read_hands (bench);
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

/* The entering station: each hand once the one before has been seen (or after 10 s). */
static gpointer
enter_hands (gpointer user_data)
{
  Bench *bench = user_data;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261201);
  SpHandEntry entry = {
    .draw = TRUE, .winner = SP_HAND_ENTRY_UNSAID, .from = SP_HAND_ENTRY_UNSAID,
    .chombo = SP_HAND_ENTRY_UNSAID,
  };

  for (guint i = 0; i < bench->n_hands && bench->error == NULL; i++)
    {
      g_auto(SpHandReport) report = { 0 };
      guint table = (bench->first + i) % N_TABLES + 1;
      gint64 until;
      double started;

      /* Polled, a pause as long as the period at most, so that the hands fall anywhere in it
       * (the one before was seen at a poll). */
      if (bench->back_to_back)
        g_usleep (g_rand_int_range (rand, 5, 26) * 1000);
      else
        g_usleep ((50 + g_rand_int_range (rand, 0, bench->watch == WATCH_POLL
                                                     ? (gint32) bench->poll_ms : 200)) * 1000);
      started = sp_bench_now_ns (CLOCK_MONOTONIC);
      g_mutex_lock (&bench->lock);
      bench->started[i] = started;
      g_mutex_unlock (&bench->lock);
      if (!sp_db_add_hand (bench->entering, bench->tournament, bench->tournament->rules, 1,
                           table, &entry, &report, &bench->error))
        break;
      bench->entered[i] = sp_bench_now_ns (CLOCK_MONOTONIC);
      if (bench->back_to_back && i + 1 < bench->n_hands)
        continue;
      until = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
      g_mutex_lock (&bench->lock);
      while (bench->n_seen <= (bench->back_to_back ? bench->n_hands - 1 : i))
        if (!g_cond_wait_until (&bench->seen_cond, &bench->lock, until))
          break;
      g_mutex_unlock (&bench->lock);
    }
  g_idle_add (quit_cb, bench->loop);
  return NULL;
}

static void
run_round (Bench *bench)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GThread) thread = NULL;
  g_autofree char *how = bench->watch == WATCH_NOTIFY
                         ? g_strdup (bench->back_to_back
                                     ? "notification, hands entered 5–25 ms apart"
                                     : "notification (sp_db_watch_changes)")
                         : g_strdup_printf ("polling every %u ms", bench->poll_ms);
  double latency[MAX_HANDS], entry[MAX_HANDS];
  guint source = 0, n;

  bench->n_seen = 0;
  sp_bench_check (sp_db_get_data_version (bench->watching, &bench->version, &error), error);
  if (bench->watch == WATCH_NOTIFY)
    sp_db_watch_changes (bench->watching, changed_cb, bench);
  else
    source = g_timeout_add (bench->poll_ms, poll_cb, bench);
  thread = g_thread_new ("entering station", enter_hands, bench);
  g_main_loop_run (bench->loop);
  g_thread_join (g_steal_pointer (&thread));
  if (bench->watch == WATCH_NOTIFY)
    sp_db_watch_changes (bench->watching, NULL, NULL);
  else
    g_source_remove (source);
  sp_bench_check (bench->error == NULL, bench->error);

  n = bench->n_seen;
  for (guint i = 0; i < n; i++)
    {
      latency[i] = (bench->seen[i] - bench->started[i]) / 1e6;
      entry[i] = (bench->entered[i] - bench->started[i]) / 1e6;
    }
  sp_bench_sort (latency, n);
  sp_bench_sort (entry, n);
  if (n > 0)
    printf ("%s: %u of %u hands seen; entered to seen: median %.1f ms, max %.1f ms"
            " (target < 1000 ms); the entry itself: median %.1f ms, max %.1f ms\n",
            how, n, bench->n_hands, sp_bench_percentile (latency, n, 50), latency[n - 1],
            sp_bench_percentile (entry, n, 50), entry[n - 1]);
  if (n < bench->n_hands)
    printf ("%u hands not seen within 10 s\n", bench->n_hands - n);
  bench->first += bench->n_hands;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) entering = NULL;
  g_autoptr(SpDb) watching = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autofree char *name = g_strdup_printf ("Hall latency %" G_GINT64_FORMAT,
                                           g_get_real_time ());
  SpTournament event = {
    .name = name, .ruleset = SP_RULESET_MCR, .profile = (char *) "cn",
    .n_sessions = 1, .seating = (char *) "random", .ranking = (char *) "r98",
  };
  gint64 ids[N_PLAYERS];
  Bench bench = { 0 };
  double t0;

  g_set_prgname ("bench-db-hall-latency");
  if (argc < 2 || argc > 4)
    {
      fprintf (stderr, "usage: bench-db-hall-latency LOCATION [N_HANDS] [POLL_MS]\n");
      return 2;
    }
  bench.n_hands = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 50;
  bench.poll_ms = argc > 3 ? (guint) g_ascii_strtoull (argv[3], NULL, 10) : 1000;
  if (bench.n_hands == 0 || bench.n_hands * 3 > MAX_HANDS || bench.poll_ms == 0)
    {
      fprintf (stderr, "bench-db-hall-latency: N_HANDS 1–%d, POLL_MS > 0\n", MAX_HANDS / 3);
      return 2;
    }

  t0 = sp_bench_now_ns (CLOCK_MONOTONIC);
  entering = sp_db_open (argv[1], &error);
  sp_bench_check (entering != NULL, error);
  printf ("store: %s, opened in %.0f ms\n", sp_db_get_path (entering),
          (sp_bench_now_ns (CLOCK_MONOTONIC) - t0) / 1e6);
  sp_db_set_referee (entering, "Referee Wu");
  sp_bench_check (sp_db_begin (entering, &error), error);
  sp_bench_check (sp_db_create_tournament (entering, &event, &error), error);
  for (guint i = 0; i < N_PLAYERS; i++)
    {
      g_autofree char *player_name = g_strdup_printf ("Player %u", i + 1);
      SpPlayer player = { .tournament = event.id, .name = player_name };

      sp_bench_check (sp_db_add_player (entering, &player, &error), error);
      ids[i] = player.id;
    }
  sp_bench_check (sp_db_store_seating (entering, event.id, 1, 1, ids, N_PLAYERS, &error), error);
  sp_bench_check (sp_db_commit (entering, &error), error);
  g_free (event.created);
  tournament = sp_db_find_tournament (entering, name, &error);
  sp_bench_check (tournament != NULL, error);

  watching = sp_db_open (argv[1], &error);
  sp_bench_check (watching != NULL, error);
  bench.entering = entering;
  bench.watching = watching;
  bench.tournament = tournament;
  bench.loop = loop;
  g_mutex_init (&bench.lock);
  g_cond_init (&bench.seen_cond);

  /* The window's way: the notification when the store can tell, else the poll alone. */
  if (sp_db_watch_changes (watching, NULL, NULL))
    {
      bench.watch = WATCH_NOTIFY;
      run_round (&bench);
      /* Hands that come while the watching station reads the ones before. */
      bench.back_to_back = TRUE;
      run_round (&bench);
      bench.back_to_back = FALSE;
    }
  else
    printf ("notification: none from %s (a station polls)\n", sp_db_get_path (watching));
  bench.watch = WATCH_POLL;
  run_round (&bench);

  g_mutex_clear (&bench.lock);
  g_cond_clear (&bench.seen_cond);
  return 0;
}
