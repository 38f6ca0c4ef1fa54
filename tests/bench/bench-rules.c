/* bench-rules.c: the Taiwanese and Guangdong referees (sp_rules_score) over fixed seeded corpora
 * of winning hands; prints the median time per hand, one figure per line.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <string.h>

#include "sp-core.h"
#include "../sp-test-hands.h"
#include "sp-bench.h"

#define N_HANDS 4000
#define REPEAT  50

static volatile gint64 sink;

/* A winning hand of pungs and chows crowded into one suit, so that it reads many ways
 * (111222333 is three pungs or three chows, and so on). */
static void
crowded_winning_hand (GRand  *rand,
                      guint   n_sets,
                      SpHand *hand)
{
  do
    {
      guint8 used[SP_N_TILE_KINDS] = { 0 };
      guint n = 0;
      SpSuit suit = (SpSuit) g_rand_int_range (rand, 0, 3);

      memset (hand, 0, sizeof *hand);
      while (n < n_sets * 3)
        {
          guint rank = (guint) g_rand_int_range (rand, 1, 8);
          SpTile t = sp_tile_make (suit, rank);
          gboolean triple = g_rand_boolean (rand) && n + 9 <= n_sets * 3;

          /* Three equal chows read as three pungs too. */
          if (triple && used[t] == 0 && used[t + 1] == 0 && used[t + 2] == 0)
            {
              for (guint c = 0; c < 3; c++)
                for (guint k = 0; k < 3; k++)
                  {
                    used[t + k]++;
                    hand->concealed[n++] = (SpTile) (t + k);
                  }
              continue;
            }
          if (used[t] >= 4 || used[t + 1] >= 4 || used[t + 2] >= 4)
            {
              /* Fall back to any suit so the loop always ends. */
              suit = (SpSuit) g_rand_int_range (rand, 0, 3);
              continue;
            }
          for (guint k = 0; k < 3; k++)
            {
              used[t + k]++;
              hand->concealed[n++] = (SpTile) (t + k);
            }
        }
      for (;;)
        {
          SpTile t = (SpTile) g_rand_int_range (rand, 0, 27);

          if (used[t] <= 2)
            {
              hand->concealed[n++] = t;
              hand->concealed[n++] = t;
              break;
            }
        }
      hand->n_concealed = (guint8) n;
      for (guint i = 0; i < n; i++)
        hand->counts[hand->concealed[i]]++;
      /* Any tile may be the winning one. */
      {
        guint j = (guint) g_rand_int_range (rand, 0, (gint32) n);
        SpTile x = hand->concealed[n - 1];

        hand->concealed[n - 1] = hand->concealed[j];
        hand->concealed[j] = x;
      }
    }
  while (!sp_hand_is_complete (hand, n_sets == 5 ? SP_RULESET_TAIWAN : SP_RULESET_GUANGDONG));
}

static void
measure (const char *label,
         SpRuleset   ruleset,
         gboolean    crowded,
         const char *flags)
{
  static SpHand hands[N_HANDS];
  static double times[N_HANDS];
  guint n_sets = ruleset == SP_RULESET_TAIWAN ? 5 : 4;
  GRand *rand = g_rand_new_with_seed (2026 + n_sets + crowded);
  g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, NULL);
  g_auto(GStrv) args = g_strsplit (flags, " ", -1);
  SpSituation situation;
  SpScoreResult result;
  guint wins = 0, readings = 0;
  double total = 0;

  sp_situation_init (&situation);
  sp_situation_parse_args (&situation, (const char * const *) args, g_strv_length (args), NULL);
  for (guint i = 0; i < N_HANDS; i++)
    {
      SpDecompositionList list;

      if (crowded)
        crowded_winning_hand (rand, n_sets, &hands[i]);
      else
        sp_test_random_winning_hand (rand, n_sets, &hands[i]);
      readings += sp_hand_decompose (&hands[i], ruleset, &list);
    }
  for (guint i = 0; i < N_HANDS; i++)
    {
      double start = sp_bench_now_ns (CLOCK_MONOTONIC);

      for (guint r = 0; r < REPEAT; r++)
        {
          sp_rules_score (rules, &hands[i], &situation, &result);
          sink += result.total;
        }
      times[i] = (sp_bench_now_ns (CLOCK_MONOTONIC) - start) / REPEAT;
      total += times[i];
      wins += result.win;
    }
  sp_bench_sort (times, N_HANDS);
  printf ("%s: median %.3f us, mean %.3f us, p90 %.3f us per hand (%d hands, %u wins, "
          "%.1f readings each)\n", label, sp_bench_percentile (times, N_HANDS, 50) / 1000,
          total / N_HANDS / 1000, sp_bench_percentile (times, N_HANDS, 90) / 1000, N_HANDS, wins,
          (double) readings / N_HANDS);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  measure ("taiwan score, random 17-tile hands", SP_RULESET_TAIWAN, FALSE, "");
  measure ("taiwan score, one-suit 17-tile hands (many readings)", SP_RULESET_TAIWAN, TRUE, "");
  measure ("taiwan score, self-drawn with flowers", SP_RULESET_TAIWAN, FALSE,
           "--self-drawn --flowers f1,f5,f6 --streak 2");
  measure ("guangdong score, random 14-tile hands", SP_RULESET_GUANGDONG, FALSE, "");
  measure ("guangdong score, one-suit 14-tile hands (many readings)", SP_RULESET_GUANGDONG, TRUE,
           "");
  return sink == 42 ? 1 : 0;
}
