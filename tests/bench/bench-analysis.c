/* bench-analysis.c: decompositions of winning hands and waits of ready hands, over a fixed
 * seeded corpus; prints the median time per hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <string.h>

#include "sp-core.h"
#include "../sp-test-hands.h"
#include "sp-bench.h"

#define N_HANDS 4000
#define REPEAT  50

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
      double start = sp_bench_now_ns (CLOCK_MONOTONIC);

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
      times[i] = (sp_bench_now_ns (CLOCK_MONOTONIC) - start) / REPEAT;
      total += times[i];
    }
  sp_bench_sort (times, N_HANDS);
  printf ("%s: median %.3f us, mean %.3f us, p90 %.3f us per hand (%d hands)\n", label,
          sp_bench_percentile (times, N_HANDS, 50) / 1000, total / N_HANDS / 1000,
          sp_bench_percentile (times, N_HANDS, 90) / 1000, N_HANDS);
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
