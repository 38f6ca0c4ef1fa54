/* sp-analysis-private.h: the table of suit patterns that the analysis and the referees share.
 * A suit's nine counts (each 0–4) are a number in base 5, its key; the table says, for every
 * key, whether the suit splits into sets (chows and pungs) only, or into sets and one pair.
 * It is built once, on first use, from the sets themselves (see sp-analysis.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

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

G_END_DECLS
