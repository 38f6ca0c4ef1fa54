/* bench-ui-standings.c: a standings refresh after one new hand, 1,000 players × 10 sessions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds a store of 1,000 players, 10 sessions of 250 tables and 16 hands a table (one table of
 * the last session one hand short), shows the Standings page in a window scrolled half-way
 * down, enters the missing hand and times the page's refresh: reading the standings and each
 * session's results, updating the lines in place, and the frame that shows them.  Prints one
 * figure per line, in milliseconds, and whether the view kept its place.  Run it under
 * xvfb-run without a desktop. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "sp-bench.h"
#include "sp-bench-store.h"
#include "sp-ui.h"

#define N_PLAYERS  1000
#define N_SESSIONS 10
#define N_HANDS    16
/* Refreshes timed, each after one new hand at a table of the last session left one short. */
#define N_REFRESHES 5




static void
run_until_idle (void)
{
  /* Layout, and a frame drawn, after the changes. */
  gint64 until = g_get_monotonic_time () + 50 * 1000;

  while (g_main_context_pending (NULL) || g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

static gint64 painted_at;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (painted_at == 0)
    painted_at = g_get_monotonic_time ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("sparrow-bench-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(SpDb) db = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autoptr(GArray) results = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GArray) standings = NULL;
  SpTournament event = {
    .name = (char *) "Bench Open", .ruleset = SP_RULESET_MCR, .profile = (char *) "cn",
    .n_sessions = N_SESSIONS, .seating = (char *) "random", .ranking = (char *) "r98",
  };
  gint64 ids[N_PLAYERS];
  GtkWidget *window, *page, *scroller;
  GtkAdjustment *adjustment;
  GdkFrameClock *frame_clock;
  double before;
  double refreshes[N_REFRESHES];
  double refreshes_cpu[N_REFRESHES];
  double cpu;
  double frames[N_REFRESHES];
  gint64 t0, t1, t2;

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
        for (guint h = 1; h <= N_HANDS; h++)
          if (!(s == N_SESSIONS && t > 120 && t <= 120 + N_REFRESHES && h == N_HANDS))
            sp_bench_check (sp_bench_record_hand (db, event.id, s, t, h, rand, &error), error);
    }
  sp_bench_check (sp_db_commit (db, &error), error);
  g_free (event.created);
  printf ("store built (1,000 players, 10 sessions, 39,995 hands): %.0f ms\n",
          (g_get_monotonic_time () - t0) / 1000.0);
  tournament = sp_db_find_tournament (db, NULL, &error);
  sp_bench_check (tournament != NULL, error);

  for (guint i = 0; i < N_REFRESHES; i++)
    {
      g_clear_pointer (&standings, g_array_unref);
      g_clear_pointer (&results, g_array_unref);
      g_clear_pointer (&players, g_ptr_array_unref);
      t0 = g_get_monotonic_time ();
      standings = sp_db_compute_standings_by_session (db, tournament, &results, &players,
                                                      &error);
      sp_bench_check (standings != NULL, error);
      printf ("read standings and session results (store + core): %.1f ms\n",
              (g_get_monotonic_time () - t0) / 1000.0);
    }

  adw_init ();
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  page = g_object_new (SP_TYPE_STANDINGS_PAGE, NULL);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));

  t0 = g_get_monotonic_time ();
  sp_standings_page_load (SP_STANDINGS_PAGE (page), db, tournament);
  t1 = g_get_monotonic_time ();
  run_until_idle ();
  printf ("first load: %.1f ms\n", (t1 - t0) / 1000.0);

  scroller = gtk_widget_get_ancestor (gtk_widget_get_first_child (page), GTK_TYPE_WIDGET);
  {
    /* The players' scrolled window: the first under the page. */
    GtkWidget *view = NULL;
    GtkWidget *stack[64];
    int top = 0;

    stack[top++] = page;
    while (top > 0 && view == NULL)
      {
        GtkWidget *widget = stack[--top];

        if (GTK_IS_COLUMN_VIEW (widget) && gtk_widget_is_drawable (widget))
          view = widget;
        for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL && top < 64;
             child = gtk_widget_get_next_sibling (child))
          stack[top++] = child;
      }
    sp_bench_check (view != NULL, NULL);
    scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
  }
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) / 2);
  run_until_idle ();
  before = gtk_adjustment_get_value (adjustment);

  frame_clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (frame_clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);
  for (guint i = 0; i < N_REFRESHES; i++)
    {
      /* The one new hand. */
      sp_bench_check (sp_bench_record_hand (db, tournament->id, N_SESSIONS, 121 + i, N_HANDS,
                                            rand, &error),
                      error);
      t0 = g_get_monotonic_time ();
      cpu = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
      sp_standings_page_load (SP_STANDINGS_PAGE (page), db, tournament);
      refreshes_cpu[i] = (sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - cpu) / 1e6;
      t1 = g_get_monotonic_time ();
      painted_at = 0;
      gtk_widget_queue_draw (window);
      while (painted_at == 0)
        g_main_context_iteration (NULL, TRUE);
      t2 = painted_at;
      refreshes[i] = (t1 - t0) / 1000.0;
      frames[i] = (t2 - t0) / 1000.0;
      printf ("refresh after one hand: %.1f ms, %.1f ms CPU (to the frame drawn: %.1f ms)\n",
              refreshes[i], refreshes_cpu[i], frames[i]);
      run_until_idle ();
    }
  sp_bench_sort (refreshes, N_REFRESHES);
  sp_bench_sort (frames, N_REFRESHES);
  sp_bench_sort (refreshes_cpu, N_REFRESHES);
  /* On a shared machine the wall time mostly measures the others: the CPU time of this
   * thread is the page's own work. */
  printf ("refresh after one hand, median: %.1f ms, %.1f ms CPU (to the frame drawn: %.1f ms)\n",
          refreshes[N_REFRESHES / 2], refreshes_cpu[N_REFRESHES / 2], frames[N_REFRESHES / 2]);
  printf ("scroll position before / after: %.0f / %.0f px\n", before,
          gtk_adjustment_get_value (adjustment));

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_pointer (&db, sp_db_close);
  g_remove (path);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);

    g_remove (wal);
    g_remove (shm);
  }
  g_rmdir (folder);
  return 0;
}
