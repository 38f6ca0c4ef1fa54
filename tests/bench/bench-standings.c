/* bench-standings.c: standings of a synthetic MCR tournament, 1,000 players × 10 sessions × 16
 * hands (250 tables a session), from the hands' settlements: session scores, table points,
 * ranking and team standings.  Prints the median time of each measure.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>

#include "sp-core.h"
#include "sp-bench.h"

#define N_PLAYERS  1000
#define N_SESSIONS 10
#define N_TABLES   (N_PLAYERS / 4)
#define N_HANDS    16
#define REPEAT     25
#define SEED       20261129

/* One session's input at one table: who sits there and every hand's settlement and penalty,
 * by chair, as the store would hold it. */
typedef struct
{
  guint32 players[4];
  gint32  deltas[4][N_HANDS];
  gint32  penalties[4][1];
  guint   n_penalties[4];
} TableSession;

static TableSession tournament[N_SESSIONS][N_TABLES];
static guint32 team_of[N_PLAYERS];

/* MCR settlement (mcr.md §4) of a win worth @fan by @winner: self-drawn, each loser pays 8 + F;
 * on a discard, the discarder 8 + F and the others 8. */
static void
settle (gint32   deltas[4][N_HANDS],
        guint    hand,
        guint    winner,
        guint    discarder,
        gint32   fan,
        gboolean self_drawn)
{
  for (guint chair = 0; chair < 4; chair++)
    {
      if (chair == winner)
        deltas[chair][hand] = self_drawn ? 3 * (8 + fan) : 24 + fan;
      else if (self_drawn || chair == discarder)
        deltas[chair][hand] = -(8 + fan);
      else
        deltas[chair][hand] = -8;
    }
}

static void
generate (void)
{
  GRand *rand = g_rand_new_with_seed (SEED);
  guint32 order[N_PLAYERS];

  for (guint player = 0; player < N_PLAYERS; player++)
    {
      order[player] = player;
      team_of[player] = player / 4 + 1;
    }
  for (guint session = 0; session < N_SESSIONS; session++)
    {
      /* A fresh draw each session (Fisher–Yates). */
      for (guint i = N_PLAYERS - 1; i > 0; i--)
        {
          guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
          guint32 swap = order[i];

          order[i] = order[j];
          order[j] = swap;
        }
      for (guint table = 0; table < N_TABLES; table++)
        {
          TableSession *ts = &tournament[session][table];

          for (guint chair = 0; chair < 4; chair++)
            {
              ts->players[chair] = order[4 * table + chair];
              ts->n_penalties[chair] = 0;
            }
          for (guint hand = 0; hand < N_HANDS; hand++)
            {
              guint winner, discarder;

              /* About one hand in six is drawn (荒牌), scoring nothing. */
              if (g_rand_int_range (rand, 0, 6) == 0)
                {
                  for (guint chair = 0; chair < 4; chair++)
                    ts->deltas[chair][hand] = 0;
                  continue;
                }
              winner = (guint) g_rand_int_range (rand, 0, 4);
              discarder = (winner + (guint) g_rand_int_range (rand, 1, 4)) % 4;
              settle (ts->deltas, hand, winner, discarder, (gint32) g_rand_int_range (rand, 8, 41),
                      g_rand_int_range (rand, 0, 3) == 0);
            }
          /* Now and then a 错和: −30 to the offender. */
          if (g_rand_int_range (rand, 0, 10) == 0)
            {
              guint chair = (guint) g_rand_int_range (rand, 0, 4);

              ts->penalties[chair][0] = -30;
              ts->n_penalties[chair] = 1;
            }
        }
    }
  g_rand_free (rand);
}

static volatile gint64 sink;

/* Session scores and table points of every table, then the standings. */
static GArray *
compute_standings (SpSessionResult *results,
                   SpRanking        ranking)
{
  guint n = 0;

  for (guint session = 0; session < N_SESSIONS; session++)
    {
      for (guint table = 0; table < N_TABLES; table++)
        {
          const TableSession *ts = &tournament[session][table];
          gint64 scores[4];
          guint8 places[4];
          gint32 points[4];

          for (guint chair = 0; chair < 4; chair++)
            scores[chair] = sp_session_score (SP_SESSION_START_SCORE_R98, ts->deltas[chair],
                                              N_HANDS, ts->penalties[chair],
                                              ts->n_penalties[chair]);
          sp_table_points (scores, places, points);
          for (guint chair = 0; chair < 4; chair++)
            {
              SpSessionResult *result = &results[n++];

              result->player = ts->players[chair];
              result->session = session + 1;
              result->score = scores[chair];
              result->table_points_x12 = points[chair];
              result->place = places[chair];
            }
        }
    }
  return sp_standings_compute (results, n, ranking);
}

static void
measure (SpRanking ranking,
         gboolean  with_teams)
{
  static SpSessionResult results[N_PLAYERS * N_SESSIONS];
  double times[REPEAT];

  for (guint r = 0; r < REPEAT; r++)
    {
      double start = sp_bench_now_ns (CLOCK_MONOTONIC) / 1e6;
      g_autoptr(GArray) standings = compute_standings (results, ranking);

      if (with_teams)
        {
          g_autoptr(GArray) teams = NULL;

          for (guint i = 0; i < standings->len; i++)
            {
              SpStanding *standing = &g_array_index (standings, SpStanding, i);

              standing->team = team_of[standing->player];
            }
          teams = sp_standings_teams (standings, ranking);
          sink += teams->len;
        }
      times[r] = sp_bench_now_ns (CLOCK_MONOTONIC) / 1e6 - start;
      sink += g_array_index (standings, SpStanding, 0).score;
    }
  sp_bench_sort (times, REPEAT);
  printf ("standings %s%s, %d players x %d sessions x %d hands: median %.3f ms, max %.3f ms "
          "(%d runs)\n", sp_ranking_to_string (ranking), with_teams ? " + teams" : "",
          N_PLAYERS, N_SESSIONS, N_HANDS, sp_bench_percentile (times, REPEAT, 50),
          times[REPEAT - 1], REPEAT);
}

int
main (void)
{
  generate ();
  measure (SP_RANKING_R98, FALSE);
  measure (SP_RANKING_EMA, FALSE);
  measure (SP_RANKING_SCORE, FALSE);
  measure (SP_RANKING_R98, TRUE);
  return 0;
}
