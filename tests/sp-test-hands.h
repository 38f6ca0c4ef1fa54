/* sp-test-hands.h: seeded random hands for the tests and benchmarks.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <string.h>

#include "sp-core.h"

/* Fills @hand with a random winning hand of @n_sets concealed sets and a pair (no melds),
 * never using a tile more than four times; the winning tile is a random one of them. */
static inline void
sp_test_random_winning_hand (GRand  *rand,
                             guint   n_sets,
                             SpHand *hand)
{
  guint8 used[SP_N_TILE_KINDS] = { 0 };
  SpTile tiles[SP_HAND_MAX_CONCEALED];
  guint n = 0;

  memset (hand, 0, sizeof *hand);
  while (n < n_sets * 3)
    {
      SpTile t = (SpTile) g_rand_int_range (rand, 0, SP_N_TILE_KINDS);

      if (g_rand_boolean (rand) && t < 27 && t % 9 <= 6)
        {
          if (used[t] >= 4 || used[t + 1] >= 4 || used[t + 2] >= 4)
            continue;
          for (guint k = 0; k < 3; k++)
            {
              used[t + k]++;
              tiles[n++] = (SpTile) (t + k);
            }
        }
      else
        {
          if (used[t] > 1)
            continue;
          used[t] += 3;
          for (guint k = 0; k < 3; k++)
            tiles[n++] = t;
        }
    }
  for (;;)
    {
      SpTile t = (SpTile) g_rand_int_range (rand, 0, SP_N_TILE_KINDS);

      if (used[t] <= 2)
        {
          tiles[n++] = t;
          tiles[n++] = t;
          break;
        }
    }
  /* Shuffle, so that the winning tile (the last) is any of them. */
  for (guint i = n - 1; i > 0; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
      SpTile x = tiles[i];

      tiles[i] = tiles[j];
      tiles[j] = x;
    }
  for (guint i = 0; i < n; i++)
    {
      hand->concealed[i] = tiles[i];
      hand->counts[tiles[i]]++;
    }
  hand->n_concealed = (guint8) n;
}

/* A random hand of @n tiles drawn from a shuffled wall of 136. */
static inline void
sp_test_random_hand (GRand  *rand,
                     guint   n,
                     SpHand *hand)
{
  guint8 used[SP_N_TILE_KINDS] = { 0 };

  memset (hand, 0, sizeof *hand);
  while (hand->n_concealed < n)
    {
      SpTile t = (SpTile) g_rand_int_range (rand, 0, SP_N_TILE_KINDS);

      if (used[t] >= 4)
        continue;
      used[t]++;
      hand->concealed[hand->n_concealed++] = t;
      hand->counts[t]++;
    }
}
