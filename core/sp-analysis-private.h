/* sp-analysis-private.h: the table of suit patterns that the analysis and the referees share.
 * A suit's nine counts (each 0–4) are a number in base 5, its key; the table says, for every
 * key, whether the suit splits into sets (chows and pungs) only, or into sets and one pair.
 * It is built once, on first use, from the sets themselves (see sp-analysis.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <string.h>

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

#define SP_BYTES_01 0x0101010101010101ull
#define SP_BYTES_7F 0x7f7f7f7f7f7f7f7full
#define SP_BYTES_80 0x8080808080808080ull

/* The top bit of each byte of @high (the others clear) gathered into eight bits, byte i to
 * bit i. */
static inline guint
sp_bytes_top_bits (guint64 high)
{
  return (guint) ((high * 0x02040810204081ull) >> 56);
}

/* The top bit of each byte of @x that is not zero. */
static inline guint64
sp_bytes_nonzero (guint64 x)
{
  return (((x & SP_BYTES_7F) + SP_BYTES_7F) | x) & SP_BYTES_80;
}

#if defined(__GNUC__) && defined(__SSE2__) && !defined(SP_NO_BYTE_VECTORS)
/* Sixteen bytes compared at once where the machine has SSE2 (GCC's vector types and the
 * compare's byte mask, through the compiler's builtin: no header); elsewhere, or built with
 * -DSP_NO_BYTE_VECTORS, eight at a time in a word. */
#define SP_HAVE_BYTE_VECTORS 1
typedef char SpBytes16 __attribute__ ((vector_size (16)));

/* Bit i for each byte i of the 16 at @p that equals @value (@equal) or is above it
 * (signed: the bytes compared are below 128). */
static inline guint
sp_bytes16_mask (const void *p,
                 char        value,
                 gboolean    equal)
{
  SpBytes16 x, v = { value, value, value, value, value, value, value, value,
                     value, value, value, value, value, value, value, value };

  memcpy (&x, p, sizeof x);
  return (guint) (guint16) __builtin_ia32_pmovmskb128 (equal ? (SpBytes16) (x == v)
                                                             : (SpBytes16) (x > v));
}
#endif

/* The kinds of which @c holds a count equal to @value (@equal) or above it (!@equal), sixteen
 * or eight counts at a time.  The counts are small (below 128), so no byte carries into the
 * next. */
static inline guint64
sp_counts_mask (const guint8 c[SP_N_TILE_KINDS],
                guint8       value,
                gboolean     equal)
{
  guint64 mask = 0;

#if defined(SP_HAVE_BYTE_VECTORS)
  mask = (guint64) sp_bytes16_mask (c, (char) value, equal)
         | (guint64) sp_bytes16_mask (c + 16, (char) value, equal) << 16;
#else
  for (guint i = 0; i < 32; i += 8)
    {
      guint64 x, high;

      memcpy (&x, c + i, 8);
      if (equal)
        high = ~sp_bytes_nonzero (x ^ (SP_BYTES_01 * value)) & SP_BYTES_80;
      else
        high = (x + SP_BYTES_01 * (guint8) (0x7f - value)) & SP_BYTES_80;
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
      mask |= (guint64) sp_bytes_top_bits (high) << i;
#else
      for (guint k = 0; k < 8; k++)
        mask |= (guint64) (equal ? c[i + k] == value : c[i + k] > value) << (i + k);
#endif
    }
#endif
  for (guint t = 32; t < SP_N_TILE_KINDS; t++)
    mask |= (guint64) (equal ? c[t] == value : c[t] > value) << t;
  return mask;
}

/* Zeroes @n bytes at @p (@n a constant of at least 16) in 16-byte stores.  For 64 to 128 bytes
 * (a hand, a fan table) GCC writes memset() as `rep stos`, whose start costs more than the
 * stores; the empty asm hides that the value stored is zero, so that the stores are not made a
 * memset() again. */
static inline void
sp_bytes_clear (void  *p,
                gsize  n)
{
#if defined(SP_HAVE_BYTE_VECTORS)
  SpBytes16 zero = { 0 };

  __asm__ ("" : "+x" (zero));
  for (gsize i = 0; i + 16 <= n; i += 16)
    memcpy ((char *) p + i, &zero, 16);
  if (n % 16 != 0)
    memcpy ((char *) p + n - 16, &zero, 16);
#else
  memset (p, 0, n);
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
