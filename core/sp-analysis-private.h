/* sp-analysis-private.h: the table of suit patterns that the analysis and the referees share.
 * A suit's nine counts (each 0–4) are a number in base 5, its key; the table says, for every
 * key, whether the suit splits into sets (chows and pungs) only, or into sets and one pair.
 * It is built once, on first use, from the sets themselves (see sp-analysis.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sp-hand.h"
#include "sp-tile.h"

G_BEGIN_DECLS

/* What a group of tiles (a suit's nine counts, or the seven honours) splits into. */
enum
{
  SP_GROUP_SETS = 1,     /* sets only (an empty group too) */
  SP_GROUP_WITH_PAIR = 2 /* sets and one pair */
};

/* The table covers the suits of at most SP_SUIT_TABLE_MAX_TILES tiles (five sets and a
 * pair); larger ones, and counts above four, are searched. */
#define SP_SUIT_TABLE_MAX_TILES 17
#define SP_SUIT_KEYS            1953125 /* 5^9 */

extern const guint32 sp_suit_pow5[9];

/* The state (SP_GROUP_SETS, SP_GROUP_WITH_PAIR or 0) of a suit by its key, which must be that
 * of counts 0–4 summing to at most SP_SUIT_TABLE_MAX_TILES. */
guint sp_suit_state_of_key (guint32 key);
/* The state of any nine counts. */
guint sp_suit_state (const guint8 *c);

/* The key of nine counts 0–4, and their sum and largest count through @sum and @max. */
static inline guint32
sp_suit_key (const guint8 *c,
             guint        *sum,
             guint        *max)
{
  guint32 key = 0;
  guint s = 0, m = 0;

  for (int r = 8; r >= 0; r--)
    {
      key = key * 5 + c[r];
      s += c[r];
      m = MAX (m, c[r]);
    }
  *sum = s;
  *max = m;
  return key;
}

/* How many tiles complete a ready hand: sp_hand_waits()'s count, without the wait kinds. */
guint sp_hand_n_waits (const SpHand *hand,
                       SpRuleset     ruleset);

/* ---- Counts by tile kind as bit masks (bit t for tile t) -------------------------------- */

/* The kinds of which @c holds a count equal to @value (@equal) or above it (!@equal). */
static inline guint64
sp_counts_mask (const guint8 c[SP_N_TILE_KINDS],
                guint8       value,
                gboolean     equal)
{
#if defined(__SSE2__)
  __m128i v = _mm_set1_epi8 ((char) value);
  __m128i lo = _mm_loadu_si128 ((const __m128i *) c);
  __m128i hi = _mm_loadu_si128 ((const __m128i *) (c + 16));
  guint64 mask;

  /* The counts are small (below 128): the signed comparison is the unsigned one. */
  if (equal)
    mask = (guint64) (guint16) _mm_movemask_epi8 (_mm_cmpeq_epi8 (lo, v))
           | (guint64) (guint16) _mm_movemask_epi8 (_mm_cmpeq_epi8 (hi, v)) << 16
           | (guint64) (c[32] == value) << 32 | (guint64) (c[33] == value) << 33;
  else
    mask = (guint64) (guint16) _mm_movemask_epi8 (_mm_cmpgt_epi8 (lo, v))
           | (guint64) (guint16) _mm_movemask_epi8 (_mm_cmpgt_epi8 (hi, v)) << 16
           | (guint64) (c[32] > value) << 32 | (guint64) (c[33] > value) << 33;
  return mask;
#else
  guint64 mask = 0;

  for (guint t = 0; t < SP_N_TILE_KINDS; t++)
    mask |= (guint64) (equal ? c[t] == value : c[t] > value) << t;
  return mask;
#endif
}

/* @a += @b, kind by kind (the sums stay below 256). */
static inline void
sp_counts_add (guint8       a[SP_N_TILE_KINDS],
               const guint8 b[SP_N_TILE_KINDS])
{
  for (guint i = 0; i < 32; i += 8)
    {
      guint64 x, y;

      memcpy (&x, a + i, 8);
      memcpy (&y, b + i, 8);
      x += y;
      memcpy (a + i, &x, 8);
    }
  a[32] += b[32];
  a[33] += b[33];
}

G_END_DECLS
