/* bench-ui-web.c: the app's window stays fluent while it shares the players' view with a hall
 * of phones: 1,000 players × 10 sessions (40,000 hands), on a display.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens the tournament in the app's window, starts Share on the Hall Network… on a free
 * loopback port as the dialog does, and measures how late a 5 ms timer on the main loop fires
 * (its delays: median, 99th percentile, slowest) in five phases: the window alone; a change
 * written every 3 s by another connection (the window refreshes itself); 200 phones polling
 * /api/version every 10 s with no change (every poll but the first a 304); the phones with the
 * changes, each phone loading its page again when the version moved (so the store is read
 * again and pages drawn); and that again with the window on the list of tournaments, whose own
 * refresh after a change costs little, leaving the server's share of the main loop.  The
 * phones run in a thread of their own, each on its own connection, as the writer does: only
 * the app's main loop is measured.  Loopback only, about three minutes
 * (BENCH_UI_WEB_SECONDS: the length of the phase of phones and changes, 60 s by default).
 * Run it under xvfb-run. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "sp-application.h"
#include "bench-web-phones.h"
#include "sp-bench.h"
#include "sp-share-dialog.h"
#include "sp-ui.h"

#define N_PLAYERS     1000
#define N_SESSIONS    10
#define N_HANDS       16
#define N_PHONES      200
#define POLL_MS       10000
#define WRITE_MS      3000
#define TICK_MS       5

/* ---- the store --------------------------------------------------------------------------- */

static void
record_hand (SpDb   *db,
             gint64  tournament,
             guint   session,
             guint   table,
             guint   number,
             GRand  *rand)
{
  g_autoptr(GError) error = NULL;
  SpHandRecord hand = { .session = session, .table = table, .number = number,
                        .winner = SP_CHAIR_NONE, .discarder = SP_CHAIR_NONE };

  if (g_rand_int_range (rand, 0, 100) < 15)
    hand.draw = TRUE;
  else
    {
      gint32 fan = g_rand_int_range (rand, 8, 41);

      hand.winner = g_rand_int_range (rand, 0, 4);
      hand.total = fan;
      for (guint c = 0; c < 4; c++)
        hand.settlement[c] = (gint) c == hand.winner ? 3 * (fan + 8) : -(fan + 8);
    }
  if (!sp_db_record_hand (db, tournament, &hand, &error))
    g_error ("bench-ui-web: %s", error->message);
  g_free (hand.entered_at);
}

/* Players in teams, ten random draws, 16 hands at every table (15 in the last session, the
 * 16th is the writer's), sessions 1–9 closed. */
static void
fill_database (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpTournament) stored = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  SpTournament tournament = {
    .name = (char *) "Bench Open", .ruleset = SP_RULESET_MCR, .profile = (char *) "cn",
    .n_sessions = N_SESSIONS, .seating = (char *) "random", .ranking = (char *) "r98",
  };

  g_assert_no_error (error);
  g_assert_true (sp_db_create_tournament (db, &tournament, &error));
  g_clear_pointer (&tournament.created, g_free);
  g_assert_true (sp_db_begin (db, &error));
  for (guint i = 1; i <= N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %04u", i);
      g_autofree char *club = g_strdup_printf ("Club %u", i % 37);
      SpPlayer player = { .tournament = tournament.id, .name = name, .club = club };

      g_assert_true (sp_db_add_player (db, &player, &error));
    }
  g_assert_true (sp_db_commit (db, &error));
  stored = sp_db_find_tournament (db, NULL, &error);
  g_assert_no_error (error);
  for (guint k = 1; k <= N_SESSIONS; k++)
    {
      SpDrawRequest request = { .has_seed = TRUE, .seed = k };
      guint64 seed;

      g_assert_true (sp_db_draw_session (db, stored, k, &request, &seed, &error));
    }
  g_assert_true (sp_db_begin (db, &error));
  for (guint k = 1; k <= N_SESSIONS; k++)
    for (guint t = 1; t <= N_PLAYERS / 4; t++)
      for (guint n = 1; n <= (k == N_SESSIONS ? N_HANDS - 1 : N_HANDS); n++)
        record_hand (db, stored->id, k, t, n, rand);
  g_assert_true (sp_db_commit (db, &error));
  for (guint k = 1; k < N_SESSIONS; k++)
    g_assert_true (sp_db_close_session (db, stored, k, TRUE, &error));
  g_assert_no_error (error);
}

/* ---- the writer: another connection, a hand every WRITE_MS ------------------------------- */

typedef struct
{
  char    *path;
  gint     stop;
  guint    next_table;
  guint    writes;
} Writer;

static gpointer
writer_thread (gpointer data)
{
  Writer *writer = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (writer->path, &error);
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (writer->next_table);

  g_assert_no_error (error);
  tournament = sp_db_find_tournament (db, NULL, &error);
  g_assert_no_error (error);
  while (!g_atomic_int_get (&writer->stop))
    {
      for (guint slept = 0; slept < WRITE_MS && !g_atomic_int_get (&writer->stop); slept += 50)
        g_usleep (50 * 1000);
      if (g_atomic_int_get (&writer->stop) || writer->next_table > N_PLAYERS / 4)
        break;
      record_hand (db, tournament->id, N_SESSIONS, writer->next_table++, N_HANDS, rand);
      writer->writes++;
    }
  return NULL;
}

/* ---- the main loop's timer --------------------------------------------------------------- */

static GArray *delays;  /* double, ms */
static gint64 last_tick;

static gboolean
tick_cb (gpointer data)
{
  gint64 now = g_get_monotonic_time ();

  if (last_tick != 0 && delays != NULL)
    {
      double late = (now - last_tick - TICK_MS * 1000) / 1000.0;

      g_array_append_val (delays, late);
    }
  last_tick = now;
  return G_SOURCE_CONTINUE;
}

static gboolean
time_is_up (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
run_for (guint seconds)
{
  gboolean done = FALSE;

  g_timeout_add_seconds (seconds, time_is_up, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
print_delays (const char *phase)
{
  double *sorted = (double *) delays->data;

  guint over_frame = 0, over_100 = 0;

  sp_bench_sort (sorted, delays->len);
  for (guint i = 0; i < delays->len; i++)
    {
      over_frame += sorted[i] > 1000.0 / 60 ? 1 : 0;
      over_100 += sorted[i] > 100 ? 1 : 0;
    }
  printf ("%s:\n  5 ms timer late by median %.2f ms, p99 %.2f ms, max %.1f ms (%u ticks; "
          "%u late by more than a frame at 60 Hz, %u by more than 100 ms)\n",
          phase, sp_bench_percentile (sorted, delays->len, 50),
          sp_bench_percentile (sorted, delays->len, 99), sorted[delays->len - 1], delays->len,
          over_frame, over_100);
}

static void
measure (const char *phase,
         guint       seconds)
{
  g_clear_pointer (&delays, g_array_unref);
  delays = g_array_new (FALSE, FALSE, sizeof (double));
  last_tick = 0;
  run_for (seconds);
  print_delays (phase);
}

/* ---- the window -------------------------------------------------------------------------- */

static GtkWidget *
find_where (GtkWidget *widget,
            gboolean (*test) (GtkWidget *widget, gconstpointer data),
            gconstpointer data)
{
  if (test (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_where (child, test, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_type (GtkWidget     *widget,
         gconstpointer  type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  label)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(SpApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *database = NULL;
  g_autofree char *url = NULL;
  const char *seconds_text = g_getenv ("BENCH_UI_WEB_SECONDS");
  guint seconds = seconds_text != NULL ? (guint) g_ascii_strtoull (seconds_text, NULL, 10) : 60;
  GtkWindow *window;
  GtkWidget *list, *dialog, *port;
  Writer writer = { 0 };
  GThread *writing;
  BenchPhones *phones;
  double start;

  /* A line at a time, so that a run watched through a pipe shows each phase as it ends. */
  setvbuf (stdout, NULL, _IOLBF, 0);
  seconds = CLAMP (seconds, 10, 600);
  folder = g_dir_make_tmp ("sparrow-bench-XXXXXX", &error);
  g_assert_no_error (error);
  database = g_build_filename (folder, "sparrow.db", NULL);
  start = sp_bench_now_ns (CLOCK_MONOTONIC);
  fill_database (database);
  printf ("database of %u players, %u sessions, %u hands: %.0f ms to write\n", N_PLAYERS,
          N_SESSIONS, N_PLAYERS / 4 * (N_HANDS * N_SESSIONS - 1),
          (sp_bench_now_ns (CLOCK_MONOTONIC) - start) / 1e6);
  g_setenv ("SPARROW_DB", database, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  app = sp_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    {
      fprintf (stderr, "bench-ui-web: cannot start the app: %s\n", error->message);
      return 1;
    }
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      fprintf (stderr, "bench-ui-web: no window opened (is there a display?)\n");
      return 1;
    }
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)) || sp_window_is_opening (SP_WINDOW (window)))
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL);
  while ((list = find_where (GTK_WIDGET (window), is_type,
                             GSIZE_TO_POINTER (GTK_TYPE_COLUMN_VIEW))) == NULL
         || !gtk_widget_is_drawable (list))
    g_main_context_iteration (NULL, TRUE);
  /* The tournament opened as a double-click does: its pages loaded, the Standings shown. */
  g_signal_emit_by_name (list, "activate", 0);
  run_for (1);

  /* Share on the Hall Network…, on a free loopback port, then the dialog closed. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.share", NULL);
  dialog = NULL;
  while (dialog == NULL)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
        {
          g_autoptr(GtkWidget) item = g_list_model_get_item (toplevels, i);

          if (SP_IS_SHARE_DIALOG (item) && gtk_widget_get_mapped (item))
            dialog = item;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  port = find_where (dialog, is_type, GSIZE_TO_POINTER (ADW_TYPE_ENTRY_ROW));
  gtk_editable_set_text (GTK_EDITABLE (port), "0");
  g_signal_emit_by_name (find_where (dialog, is_button_labelled, "_Start Sharing"), "clicked");
  url = sp_share_dialog_get_url (SP_SHARE_DIALOG (dialog));
  if (url == NULL)
    {
      fprintf (stderr, "bench-ui-web: the server did not start\n");
      return 1;
    }
  printf ("sharing at %s\n", url);
  gtk_window_close (GTK_WINDOW (dialog));
  run_for (1);

  g_timeout_add (TICK_MS, tick_cb, NULL);
  measure ("the window alone", 10);

  writer.path = database;
  writer.next_table = 1;
  writing = g_thread_new ("writer", writer_thread, &writer);
  measure ("a change every 3 s by another connection (the window refreshes)", 20);
  g_atomic_int_set (&writer.stop, 1);
  g_thread_join (writing);
  printf ("  changes written: %u\n", writer.writes);
  run_for (2);

  phones = bench_phones_start (url, N_PHONES, POLL_MS);
  measure ("200 phones polling every 10 s, no change", 20);
  bench_phones_stop (phones);

  phones = bench_phones_start (url, N_PHONES, POLL_MS);
  writer.stop = 0;
  writer.writes = 0;
  writing = g_thread_new ("writer", writer_thread, &writer);
  measure ("200 phones polling every 10 s, a change every 3 s", seconds);
  g_atomic_int_set (&writer.stop, 1);
  g_thread_join (writing);
  bench_phones_stop (phones);
  printf ("  changes written: %u\n", writer.writes);

  /* The same with the window on the list of tournaments, which refreshes at little cost: what
   * is left on the main loop is the server's. */
  gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL);
  run_for (2);
  phones = bench_phones_start (url, N_PHONES, POLL_MS);
  writer.stop = 0;
  writer.writes = 0;
  writing = g_thread_new ("writer", writer_thread, &writer);
  measure ("the same, the window on the list of tournaments (the server's share)", 30);
  g_atomic_int_set (&writer.stop, 1);
  g_thread_join (writing);
  bench_phones_stop (phones);
  printf ("  changes written: %u\n", writer.writes);

  g_clear_pointer (&delays, g_array_unref);
  g_application_quit (G_APPLICATION (app));
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    while (g_list_model_get_n_items (toplevels) > 0)
      {
        g_autoptr(GtkWindow) left = g_list_model_get_item (toplevels, 0);

        gtk_window_destroy (left);
      }
  }
  g_remove (database);
  {
    g_autofree char *wal = g_strconcat (database, "-wal", NULL);
    g_autofree char *shm = g_strconcat (database, "-shm", NULL);

    g_remove (wal);
    g_remove (shm);
  }
  g_rmdir (folder);
  return 0;
}
