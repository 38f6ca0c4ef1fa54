/* bench-report-forms.c: R98's referee forms as PDF for a synthetic MCR tournament of 1,000
 * players × 10 sessions (250 tables a session), 200 penalties, 40 teams: the score sheets of
 * one session (250 pages), the penalty record and the results summary (50 pages).  Prints the
 * median wall time of each and the file's size.  With a folder as argument, the PDFs are kept
 * there to be looked at.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <stdio.h>

#include "sp-reports.h"
#include "sp-bench.h"

#define N_PLAYERS   1000
#define N_SESSIONS  10
#define N_TABLES    (N_PLAYERS / 4)
#define N_PENALTIES 200
#define REPEAT      5
#define SEED        20261130

static SpSnapshot *
tournament_new (void)
{
  SpSnapshot *snapshot = sp_snapshot_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);

  snapshot->tournament = g_new0 (SpTournament, 1);
  snapshot->tournament->id = 1;
  snapshot->tournament->name = g_strdup ("全国麻将锦标赛");
  snapshot->tournament->ruleset = SP_RULESET_MCR;
  snapshot->tournament->n_sessions = N_SESSIONS;
  snapshot->tournament->options = g_strdup ("");
  snapshot->date = g_strdup ("2026-11-30");
  for (guint i = 1; i <= N_PLAYERS; i++)
    {
      SpPlayer *player = g_new0 (SpPlayer, 1);
      SpStanding standing = { .player = i, .rank = i, .table_points_x12 = 12 * (N_PLAYERS - i) };

      player->id = i;
      player->tournament = 1;
      player->name = g_strdup_printf ("选手%04u", i);
      player->team = g_strdup_printf ("第%u队", (i - 1) % 40 + 1);
      g_ptr_array_add (snapshot->players, player);
      g_array_append_val (snapshot->standings, standing);
    }
  for (guint t = 0; t < 40; t++)
    {
      SpStanding standing = { .player = t, .rank = t + 1 };

      g_ptr_array_add (snapshot->team_names, g_strdup_printf ("第%u队", t + 1));
      g_array_append_val (snapshot->team_standings, standing);
    }
  for (guint s = 1; s <= N_SESSIONS; s++)
    {
      SpSessionSnapshot *session = g_new0 (SpSessionSnapshot, 1);

      session->number = s;
      session->n_tables = N_TABLES;
      session->seats = g_new0 (gint64, 4 * N_TABLES);
      for (guint i = 0; i < 4 * N_TABLES; i++)
        session->seats[i] = (i * (2 * s - 1)) % N_PLAYERS + 1;
      g_ptr_array_add (snapshot->sessions, session);
      for (guint t = 0; t < N_TABLES; t++)
        {
          SpTableResult table = { .session = s, .table = t + 1, .n_hands = 16 };

          for (guint c = 0; c < 4; c++)
            {
              table.players[c] = session->seats[4 * t + c];
              table.hand_scores[c] = g_rand_int_range (rand, -200, 200);
            }
          g_array_append_val (snapshot->tables, table);
        }
    }
  for (guint i = 0; i < N_PENALTIES; i++)
    {
      SpPenalty *penalty = g_new0 (SpPenalty, 1);

      penalty->id = i + 1;
      penalty->session = i % N_SESSIONS + 1;
      penalty->player = g_rand_int_range (rand, 1, N_PLAYERS + 1);
      penalty->points = -10 * g_rand_int_range (rand, 1, 7);
      penalty->reason = g_strdup ("诈和：未听牌而和牌");
      g_ptr_array_add (snapshot->penalties, penalty);
    }
  return snapshot;
}

typedef gboolean (*WriteFunc) (const SpSnapshot *snapshot,
                               const char       *path,
                               GError          **error);

static gboolean
write_scoresheets (const SpSnapshot *snapshot,
                   const char       *path,
                   GError          **error)
{
  return sp_report_write_scoresheets_pdf (snapshot, 1, SP_PAPER_A4, path, error);
}

static gboolean
write_penalties (const SpSnapshot *snapshot,
                 const char       *path,
                 GError          **error)
{
  return sp_report_write_penalties_pdf (snapshot, SP_PAPER_A4, path, error);
}

static gboolean
write_summary (const SpSnapshot *snapshot,
               const char       *path,
               GError          **error)
{
  return sp_report_write_summary_pdf (snapshot, SP_PAPER_A4, path, error);
}

static void
measure (const char       *what,
         const char       *name,
         WriteFunc         write,
         const SpSnapshot *snapshot,
         const char       *dir,
         gboolean          keep)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  double times[REPEAT];
  GStatBuf st;

  for (guint r = 0; r < REPEAT; r++)
    {
      g_autoptr(GError) error = NULL;
      double start = sp_bench_now_ns (CLOCK_MONOTONIC);

      if (!write (snapshot, path, &error))
        g_error ("%s: %s", what, error->message);
      times[r] = sp_bench_now_ns (CLOCK_MONOTONIC) - start;
    }
  sp_bench_sort (times, REPEAT);
  g_stat (path, &st);
  printf ("%s: %.3f s (median of %d), %.0f KiB\n", what, times[REPEAT / 2] / 1e9, REPEAT,
          st.st_size / 1024.0);
  if (!keep)
    g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(SpSnapshot) snapshot = tournament_new ();
  gboolean keep = argc > 1;
  g_autofree char *dir = keep ? g_strdup (argv[1])
                              : g_dir_make_tmp ("sparrow-bench-forms-XXXXXX", NULL);

  measure ("score sheets, 250 tables (250 pages)", "scoresheets.pdf", write_scoresheets,
           snapshot, dir, keep);
  measure ("penalty record, 200 penalties (13 pages)", "penalties.pdf", write_penalties,
           snapshot, dir, keep);
  measure ("results summary, 1000 players x 10 sessions (50 pages)", "summary.pdf",
           write_summary, snapshot, dir, keep);
  if (!keep)
    g_rmdir (dir);
  return 0;
}
