/* bench-pdf-seating.c: the seating printout of a session of 250 tables (1,000 players, Chinese
 * and Latin names, four sessions of a plan) from a snapshot built by hand: the seat cards
 * alone, then the whole printout (cards, the list by name, the personal schedules), then the
 * standings of the 1,000 players.  Prints the wall time of the first run (fonts loaded cold, as
 * in one `sparrow-cli export`) and the best of a few runs.  `bench-pdf-seating FOLDER` leaves
 * the printouts in FOLDER to look at.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <stdio.h>

#include "sp-reports.h"
#include "sp-bench.h"

#define N_PLAYERS  1000
#define N_TABLES   (N_PLAYERS / 4)
#define N_SESSIONS 4
#define REPEAT     3

static const char *const surnames[] = { "王", "李", "张", "刘", "陈", "杨", "黄", "赵" };
static const char *const given[] = { "芳", "伟", "静", "勇", "娜", "洋", "敏", "军" };
static const char *const latin[] = { "Anna", "Jean", "Sam", "Olga", "Marco", "Zoë", "Hiro", "Ida" };

static const guint factors[N_SESSIONS] = { 1, 3, 7, 9 };

static SpSnapshot *
build_snapshot (void)
{
  SpSnapshot *snapshot = sp_snapshot_new ();

  snapshot->tournament = g_new0 (SpTournament, 1);
  snapshot->tournament->name = g_strdup ("春季公开赛 Spring Open");
  snapshot->tournament->seating = g_strdup ("balanced");
  snapshot->tournament->ranking = g_strdup ("r98");
  snapshot->tournament->n_sessions = N_SESSIONS;
  snapshot->date = g_strdup ("2026-11-30");
  for (guint i = 0; i < N_PLAYERS; i++)
    {
      SpPlayer *player = g_new0 (SpPlayer, 1);
      SpStanding standing = { 0 };

      player->id = i + 1;
      player->name = i % 2 == 0
                     ? g_strdup_printf ("%s%s%s", surnames[i % 8], given[(i / 8) % 8],
                                        given[(i / 64) % 8])
                     : g_strdup_printf ("%s Player-%04u", latin[(i / 2) % 8], i);
      player->club = g_strdup_printf ("Club %u", i % 40 + 1);
      player->team = g_strdup_printf ("Team %u", i % 50 + 1);
      g_ptr_array_add (snapshot->players, player);
      standing.player = i + 1;
      standing.rank = i + 1;
      standing.table_points_x12 = (N_PLAYERS - i) * 5;
      standing.score = 1000 - (gint64) i;
      standing.sessions = N_SESSIONS;
      g_array_append_val (snapshot->standings, standing);
    }
  for (guint s = 0; s < N_SESSIONS; s++)
    {
      SpSessionSnapshot *session = g_new0 (SpSessionSnapshot, 1);

      session->number = s + 1;
      session->n_tables = N_TABLES;
      session->seats = g_new0 (gint64, N_PLAYERS);
      /* Each session another spread of the players over the tables and chairs (the factors
       * are prime to 1,000, so everyone is seated). */
      for (guint i = 0; i < N_PLAYERS; i++)
        session->seats[i] = (i * factors[s] + s * 7) % N_PLAYERS + 1;
      g_ptr_array_add (snapshot->sessions, session);
    }
  return snapshot;
}

static void
draw_cards (cairo_t  *cr,
            guint     page,
            double    width,
            double    height,
            gpointer  data)
{
  sp_seating_print_draw_card (data, cr, page, width, height);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(SpSnapshot) snapshot = build_snapshot ();
  g_autofree char *folder = g_dir_make_tmp ("sparrow-bench-pdf-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "seating.pdf", NULL);
  double cards = G_MAXDOUBLE, whole = G_MAXDOUBLE, standings = G_MAXDOUBLE;
  double first[3] = { 0 };
  guint n_pages = 0;

  for (guint run = 0; run < REPEAT; run++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SpSeatingPrint) print = NULL;
      double start = sp_bench_now_ns (CLOCK_MONOTONIC);
      double width, height;

      print = sp_seating_print_new (snapshot, 1, &error);
      g_assert_no_error (error);
      sp_paper_size (SP_PAPER_A4, FALSE, &width, &height);
      sp_seating_print_paginate (print, width, height);
      if (!sp_report_write_pdf (path, SP_PAPER_A4, FALSE, "cards", N_TABLES, draw_cards, print,
                                &error))
        g_error ("%s", error->message);
      cards = MIN (cards, sp_bench_now_ns (CLOCK_MONOTONIC) - start);
      if (run == 0)
        first[0] = cards;

      start = sp_bench_now_ns (CLOCK_MONOTONIC);
      if (!sp_report_write_seating_pdf (snapshot, 1, SP_PAPER_A4, path, &error))
        g_error ("%s", error->message);
      whole = MIN (whole, sp_bench_now_ns (CLOCK_MONOTONIC) - start);
      if (run == 0)
        first[1] = whole;
      n_pages = sp_seating_print_paginate (print, width, height);

      start = sp_bench_now_ns (CLOCK_MONOTONIC);
      if (!sp_report_write_standings_pdf (snapshot, SP_PAPER_A4, path, &error))
        g_error ("%s", error->message);
      standings = MIN (standings, sp_bench_now_ns (CLOCK_MONOTONIC) - start);
      if (run == 0)
        first[2] = standings;
    }
  if (argc > 1)
    {
      g_autofree char *seating = g_build_filename (argv[1], "seating.pdf", NULL);
      g_autofree char *standings_path = g_build_filename (argv[1], "standings.pdf", NULL);

      if (!sp_report_write_seating_pdf (snapshot, 1, SP_PAPER_A4, seating, NULL)
          || !sp_report_write_standings_pdf (snapshot, SP_PAPER_A4, standings_path, NULL))
        g_printerr ("cannot write the printouts in %s\n", argv[1]);
    }
  g_unlink (path);
  g_rmdir (folder);
  printf ("seat cards, %u tables (%u pages): first %.3f s, best %.3f s\n", N_TABLES, N_TABLES,
          first[0] / 1e9, cards / 1e9);
  printf ("seating printout, %u players, cards + list + schedules (%u pages): first %.3f s, "
          "best %.3f s\n", N_PLAYERS, n_pages, first[1] / 1e9, whole / 1e9);
  printf ("standings, %u players: first %.3f s, best %.3f s\n", N_PLAYERS, first[2] / 1e9,
          standings / 1e9);
  return 0;
}
