/* bench-analysis.c: decompositions of winning hands and waits of ready hands, over a fixed
 * seeded corpus; prints the median time per hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "sp-core.h"
#include "../sp-test-hands.h"

#define N_HANDS 4000
#define REPEAT  50

static double
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static volatile guint sink;

typedef enum { MEASURE_WAITS, MEASURE_DECOMPOSE } Measure;

static void
measure (const char *label,
         SpRuleset   ruleset,
         guint       n_sets,
         Measure     what)
{
  static SpHand hands[N_HANDS];
  static double times[N_HANDS];
  GRand *rand = g_rand_new_with_seed (2026 + n_sets);
  double total = 0;

  for (guint i = 0; i < N_HANDS; i++)
    {
      sp_test_random_winning_hand (rand, n_sets, &hands[i]);
      if (what == MEASURE_WAITS)
        sp_hand_remove_winning_tile (&hands[i]);
    }
  for (guint i = 0; i < N_HANDS; i++)
    {
      double start = now_ns ();

      for (guint r = 0; r < REPEAT; r++)
        {
          if (what == MEASURE_WAITS)
            {
              SpWaitList waits;

              sink += sp_hand_waits (&hands[i], ruleset, &waits);
            }
          else
            {
              SpDecompositionList list;

              sink += sp_hand_decompose (&hands[i], ruleset, &list);
            }
        }
      times[i] = (now_ns () - start) / REPEAT;
      total += times[i];
    }
  qsort (times, N_HANDS, sizeof times[0], compare_doubles);
  printf ("%s: median %.3f us, mean %.3f us, p90 %.3f us per hand (%d hands)\n", label,
          times[N_HANDS / 2] / 1000, total / N_HANDS / 1000, times[N_HANDS * 9 / 10] / 1000,
          N_HANDS);
  g_rand_free (rand);
}

int
main (void)
{
  measure ("waits, 13-tile hand (MCR)", SP_RULESET_MCR, 4, MEASURE_WAITS);
  measure ("waits, 13-tile hand (Guangdong)", SP_RULESET_GUANGDONG, 4, MEASURE_WAITS);
  measure ("waits, 16-tile hand (Taiwan)", SP_RULESET_TAIWAN, 5, MEASURE_WAITS);
  measure ("decompositions, 14-tile winning hand (MCR)", SP_RULESET_MCR, 4, MEASURE_DECOMPOSE);
  measure ("decompositions, 17-tile winning hand (Taiwan)", SP_RULESET_TAIWAN, 5, MEASURE_DECOMPOSE);
  return 0;
}
