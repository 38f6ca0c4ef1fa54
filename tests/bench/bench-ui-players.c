/* bench-ui-players.c: the tournament view with 1,000 players × 10 sessions (40,000 hands), on a
 * display: opening the tournament (every page loaded, first frame painted) from the list, each
 * time after a small tournament was shown (so that the pages hold other lines, as when a
 * director moves between events); the window's refresh after another connection entered a
 * hand (its poll of the store's data version, every page read again); filtering the players
 * as one types and sorting them by a column.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints one figure per line, in milliseconds (median of the runs, and the slowest).  Targets:
 * opening < 200 ms, filtering or sorting 1,000 players < 50 ms.  Run it under xvfb-run. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "sp-application.h"
#include "sp-bench.h"
#include "sp-bench-store.h"
#include "sp-sessions-page.h"
#include "sp-tournament-row.h"
#include "sp-ui.h"

#define N_PLAYERS  1000
#define N_SESSIONS 10
#define N_RUNS     7

/* The event: players, ten random draws, 16 hands at every table of every session (one write
 * transaction for the hands, as an import is), sessions 1–9 closed. */
static void
fill_database (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpTournament) stored = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  SpTournament tournament = {
    .name = (char *) "Bench Open",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = N_SESSIONS,
    .seating = (char *) "random",
    .ranking = (char *) "r98",
  };

  g_assert_no_error (error);
  g_assert_true (sp_db_create_tournament (db, &tournament, &error));
  g_clear_pointer (&tournament.created, g_free);
  g_assert_true (sp_db_begin (db, &error));
  for (guint i = 1; i <= N_PLAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %04u", i);
      g_autofree char *club = g_strdup_printf ("Club %u", i % 37);
      g_autofree char *team = g_strdup_printf ("Team %u", i % 50);
      SpPlayer player = { .tournament = tournament.id, .name = name, .club = club,
                          .team = team };

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
      g_assert_no_error (error);
    }
  g_assert_true (sp_db_begin (db, &error));
  for (guint k = 1; k <= N_SESSIONS; k++)
    for (guint t = 1; t <= N_PLAYERS / 4; t++)
      for (guint n = 1; n <= 16; n++)
        {
          SpHandRecord hand = { .session = k, .table = t, .number = n,
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
          g_assert_true (sp_db_record_hand (db, stored->id, &hand, &error));
        }
  g_assert_true (sp_db_commit (db, &error));
  for (guint k = 1; k < N_SESSIONS; k++)
    g_assert_true (sp_db_close_session (db, stored, k, TRUE, &error));
  g_assert_no_error (error);
}

/* A club evening beside the event: 8 players, one session drawn.  Its pages are shown before
 * each timed opening of the event. */
static void
add_small_tournament (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(GPtrArray) list = NULL;
  SpTournament tournament = {
    .name = (char *) "Club Night", .ruleset = SP_RULESET_MCR, .profile = (char *) "cn",
    .n_sessions = 2, .seating = (char *) "random", .ranking = (char *) "r98",
  };

  g_assert_no_error (error);
  list = sp_db_list_tournaments (db, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (((SpTournament *) list->pdata[i])->name, tournament.name) == 0)
      return;
  g_assert_true (sp_db_create_tournament (db, &tournament, &error));
  g_clear_pointer (&tournament.created, g_free);
  for (guint i = 1; i <= 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("Member %u", i);
      SpPlayer player = { .tournament = tournament.id, .name = name };

      g_assert_true (sp_db_add_player (db, &player, &error));
    }
}

/* The position of the tournament named @name in the window's list. */
static guint
find_row (GtkWidget  *list,
          const char *name)
{
  GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (list)));

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(SpTournamentRow) row = g_list_model_get_item (rows, i);

      if (g_strcmp0 (sp_tournament_row_get_name (row), name) == 0)
        return i;
    }
  g_error ("no tournament %s in the list", name);
}

static gint64 painted_at;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  painted_at = g_get_monotonic_time ();
}

/* Runs the main loop until a frame was painted after @since. */
static void
wait_for_frame (GtkWidget *widget,
                gint64     since)
{
  gtk_widget_queue_draw (widget);
  while (painted_at <= since)
    g_main_context_iteration (NULL, TRUE);
}

static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
print_times (const char *what,
             double     *times,
             guint       n)
{
  sp_bench_sort (times, n);
  printf ("%s: median %.1f ms, slowest %.1f ms\n", what, times[n / 2] / 1e6, times[n - 1] / 1e6);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(SpApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *database = NULL;
  double open_times[N_RUNS], first_frame[N_RUNS], filter_times[N_RUNS], sort_times[N_RUNS];
  double open_cpu[N_RUNS], filter_cpu[N_RUNS], sort_cpu[N_RUNS];
  double cpu;
  GtkWindow *window;
  GtkWidget *list, *view, *players_view, *entry;
  double start;

  folder = g_dir_make_tmp ("sparrow-bench-XXXXXX", &error);
  g_assert_no_error (error);
  database = g_build_filename (folder, "sparrow.db", NULL);
  start = sp_bench_now_ns (CLOCK_MONOTONIC);
  /* BENCH_UI_PLAYERS_DB: a database this program wrote before, copied rather than written
   * again (for profiling the app alone). */
  if (g_getenv ("BENCH_UI_PLAYERS_DB") != NULL)
    {
      g_autoptr(GFile) from = g_file_new_for_path (g_getenv ("BENCH_UI_PLAYERS_DB"));
      g_autoptr(GFile) to = g_file_new_for_path (database);

      g_assert_true (g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, &error));
    }
  else
    fill_database (database);
  add_small_tournament (database);
  printf ("database of %u players, %u sessions, %u hands: %.0f ms to write\n", N_PLAYERS,
          N_SESSIONS, N_PLAYERS / 4 * 16 * N_SESSIONS,
          (sp_bench_now_ns (CLOCK_MONOTONIC) - start) / 1e6);
  g_setenv ("SPARROW_DB", database, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  app = sp_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    {
      fprintf (stderr, "bench-ui-players: cannot start the app: %s\n", error->message);
      return 1;
    }
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      fprintf (stderr, "bench-ui-players: no window opened (is there a display?)\n");
      return 1;
    }
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), NULL);
  /* The start page may come back to the last tournament: go to the list first. */
  gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL);
  while ((list = find_type (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW)) == NULL
         || !gtk_widget_is_drawable (list))
    g_main_context_iteration (NULL, TRUE);
  wait_for_frame (GTK_WIDGET (window), g_get_monotonic_time ());

  /* Opening: the small tournament shown first, then back to the list; the event's row
   * activated as a double-click does, to the pages loaded, then to the first frame that shows
   * them. */
  for (guint r = 0; r < N_RUNS; r++)
    {
      gint64 before;

      g_signal_emit_by_name (list, "activate", find_row (list, "Club Night"));
      wait_for_frame (GTK_WIDGET (window), g_get_monotonic_time ());
      gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL);
      wait_for_frame (GTK_WIDGET (window), g_get_monotonic_time ());
      start = sp_bench_now_ns (CLOCK_MONOTONIC);
      cpu = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
      before = g_get_monotonic_time ();
      g_signal_emit_by_name (list, "activate", find_row (list, "Bench Open"));
      open_times[r] = sp_bench_now_ns (CLOCK_MONOTONIC) - start;
      open_cpu[r] = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - cpu;
      wait_for_frame (GTK_WIDGET (window), before);
      first_frame[r] = sp_bench_now_ns (CLOCK_MONOTONIC) - start;
      if (r + 1 < N_RUNS)
        {
          gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL);
          wait_for_frame (GTK_WIDGET (window), g_get_monotonic_time ());
        }
    }
  print_times ("open the tournament (pages loaded)", open_times, N_RUNS);
  print_times ("open the tournament (pages loaded, CPU)", open_cpu, N_RUNS);
  print_times ("open the tournament (first frame painted)", first_frame, N_RUNS);

  /* Where the opening's time goes: each page's load alone. */
  {
    SpDb *db = sp_window_get_database (SP_WINDOW (window));
    g_autofree char *event_id = NULL;
    g_autoptr(SpTournament) tournament = NULL;
    GtkWidget *players = find_type (GTK_WIDGET (window), SP_TYPE_PLAYERS_PAGE);
    GtkWidget *sessions = find_type (GTK_WIDGET (window), SP_TYPE_SESSIONS_PAGE);
    GtkWidget *standings = find_type (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
    double players_times[N_RUNS], sessions_times[N_RUNS], standings_times[N_RUNS];
    double shown_times[N_RUNS];
    AdwViewStack *stack = ADW_VIEW_STACK (gtk_widget_get_ancestor (sessions, ADW_TYPE_VIEW_STACK));

    {
      GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (list)));
      g_autoptr(SpTournamentRow) row = g_list_model_get_item (rows, find_row (list, "Bench Open"));

      event_id = g_strdup_printf ("%" G_GINT64_FORMAT, sp_tournament_row_get_id (row));
      tournament = sp_db_find_tournament (db, event_id, NULL);
    }

    /* In this thread's CPU time: on a shared machine, wall time mostly measures the others. */
    for (guint r = 0; r < N_RUNS; r++)
      {
        start = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
        sp_players_page_load (SP_PLAYERS_PAGE (players), db, tournament->id);
        players_times[r] = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - start;
        start = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
        sp_sessions_page_load (SP_SESSIONS_PAGE (sessions), db, tournament);
        sessions_times[r] = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - start;
        start = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
        sp_standings_page_load (SP_STANDINGS_PAGE (standings), db, tournament);
        standings_times[r] = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - start;
      }
    print_times ("  of which the Players page (CPU)", players_times, N_RUNS);
    print_times ("  of which the Sessions page, hidden (CPU)", sessions_times, N_RUNS);
    print_times ("  of which the Standings page (CPU)", standings_times, N_RUNS);

    /* The Sessions page shown: its sessions and the first cards of the selected one. */
    for (guint r = 0; r < N_RUNS; r++)
      {
        adw_view_stack_set_visible_child_name (stack, "sessions");
        while (!gtk_widget_get_mapped (sessions))
          g_main_context_iteration (NULL, TRUE);
        start = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
        sp_sessions_page_load (SP_SESSIONS_PAGE (sessions), db, tournament);
        shown_times[r] = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - start;
      }
    print_times ("Sessions page shown, 250 tables (CPU)", shown_times, N_RUNS);
    adw_view_stack_set_visible_child_name (stack, "players");
    wait_for_frame (GTK_WIDGET (window), g_get_monotonic_time ());
  }

  /* Another connection enters one hand (at a table of the open last session) and the window
   * finds it at its next poll, within a second: each main-loop iteration of the 1.2 s after
   * the write is timed in CPU, the longest being the poll's refresh, the sum all the work the
   * change caused (the refresh, the frames after it, the clock's ticks). */
  {
    g_autoptr(SpDb) other = sp_db_open (database, &error);
    g_autoptr(GRand) rand = g_rand_new_with_seed (7);
    g_autoptr(SpTournament) event = NULL;
    double longest[N_RUNS], total[N_RUNS];

    g_assert_no_error (error);
    event = sp_db_find_tournament (other, "Bench Open", &error);
    g_assert_no_error (error);
    for (guint r = 0; r < N_RUNS; r++)
      {
        gint64 until;

        sp_bench_check (sp_bench_record_hand (other, event->id, N_SESSIONS, 1 + r, 17, rand,
                                              &error), error);
        longest[r] = total[r] = 0;
        until = g_get_monotonic_time () + 1200 * 1000;
        while (g_get_monotonic_time () < until)
          {
            double iteration;

            cpu = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
            g_main_context_iteration (NULL, FALSE);
            iteration = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - cpu;
            longest[r] = MAX (longest[r], iteration);
            total[r] += iteration;
            g_usleep (500);
          }
      }
    print_times ("refresh after a hand by another connection (the poll's reload, CPU)", longest,
                 N_RUNS);
    print_times ("refresh after a hand by another connection (all it caused in 1.2 s, CPU)",
                 total, N_RUNS);
  }

  view = find_type (GTK_WIDGET (window), SP_TYPE_PLAYERS_PAGE);
  players_view = find_type (view, GTK_TYPE_COLUMN_VIEW);
  entry = find_type (view, GTK_TYPE_SEARCH_ENTRY);

  /* Filtering: a search typed (its search-changed, without the entry's typing delay), to the
   * frame that shows the rows left; then cleared again. */
  for (guint r = 0; r < N_RUNS; r++)
    {
      const char *const needles[] = { "Player 01", "club 3", "team 7", "9" };
      gint64 before;

      start = sp_bench_now_ns (CLOCK_MONOTONIC);
      before = g_get_monotonic_time ();
      gtk_editable_set_text (GTK_EDITABLE (entry), needles[r % G_N_ELEMENTS (needles)]);
      cpu = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
      g_signal_emit_by_name (entry, "search-changed");
      filter_cpu[r] = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - cpu;
      wait_for_frame (GTK_WIDGET (window), before);
      filter_times[r] = sp_bench_now_ns (CLOCK_MONOTONIC) - start;
      gtk_editable_set_text (GTK_EDITABLE (entry), "");
      g_signal_emit_by_name (entry, "search-changed");
      wait_for_frame (GTK_WIDGET (window), g_get_monotonic_time ());
    }
  print_times ("filter 1,000 players (to the frame)", filter_times, N_RUNS);
  print_times ("filter 1,000 players (the filter alone, CPU)", filter_cpu, N_RUNS);

  /* Sorting: by name, club, team in turn, each way. */
  for (guint r = 0; r < N_RUNS; r++)
    {
      GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (players_view));
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, (r * 3) % 4);
      gint64 before;

      start = sp_bench_now_ns (CLOCK_MONOTONIC);
      before = g_get_monotonic_time ();
      cpu = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
      gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (players_view), column,
                                      r % 2 ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
      sort_cpu[r] = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - cpu;
      wait_for_frame (GTK_WIDGET (window), before);
      sort_times[r] = sp_bench_now_ns (CLOCK_MONOTONIC) - start;
    }
  print_times ("sort 1,000 players by a column (to the frame)", sort_times, N_RUNS);
  print_times ("sort 1,000 players by a column (the sort alone, CPU)", sort_cpu, N_RUNS);

  gtk_window_destroy (window);
  if (g_getenv ("BENCH_UI_PLAYERS_KEEP") != NULL)
    {
      printf ("database kept: %s\n", database);
      return 0;
    }
  g_unlink (database);
  {
    g_autofree char *wal = g_strconcat (database, "-wal", NULL);
    g_autofree char *shm = g_strconcat (database, "-shm", NULL);

    g_unlink (wal);
    g_unlink (shm);
  }
  g_rmdir (folder);
  return 0;
}
