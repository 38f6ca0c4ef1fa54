/* sp-mcr-waits.c: the MCR wait fans (边张, 坎张, 单钓将): the roles the
 * winning tile plays in a reading, and whether the hand waited on that tile only (独听).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-mcr-private.h"
#include "sp-analysis-private.h"

#include <string.h>

/* ---- Unique wait (独听): does the hand without its winning tile wait on one tile only? ----- */

static guint
honor_state (const guint8 *c)
{
  guint pairs = 0;

  for (guint i = 0; i < 7; i++)
    {
      if (c[i] == 2)
        pairs++;
      else if (c[i] != 0 && c[i] != 3)
        return 0;
    }
  return pairs == 0 ? 1 : pairs == 1 ? 2 : 0;
}

/* The waits of the sets-and-pair shape and of 七对 (the shapes a wait fan can come from),
 * counted up to two; a tile the hand already holds four of still counts, as referees do
 * (the hand is then not 独听). */
static gboolean
counts_wait_on_one_tile (guint8   *c,
                         gboolean  pairs_shape)
{
  guint states[4];
  guint32 keys[3];
  gboolean in_table[3];
  guint broken = 0; /* bit per group that is neither sets nor sets and a pair */
  guint pairs = 0;  /* groups that are sets and a pair */
  guint64 waits = 0;

  /* A suit with one more tile is its key plus that tile's power of 5. */
  for (guint s = 0; s < 3; s++)
    {
      guint sum, max;

      keys[s] = sp_suit_key (c + s * 9, &sum, &max);
      in_table[s] = max <= 4 && sum < SP_SUIT_TABLE_MAX_TILES;
      states[s] = in_table[s] ? sp_suit_state_of_key (keys[s]) : sp_suit_state (c + s * 9);
    }
  states[3] = honor_state (c + 27);
  for (guint g = 0; g < 4; g++)
    {
      broken |= (guint) (states[g] == 0) << g;
      pairs += states[g] == 2;
    }

  /* A tile changes its own group only: while another group is broken, no tile of this one
   * completes sets and a pair.  The hand is complete when the group's new state is not broken
   * and the hand has one pair in all. */
  for (guint g = 0; g < 4; g++)
    {
      guint other_pairs = pairs - (states[g] == 2);

      if ((broken & ~(1u << g)) != 0 || other_pairs > 1)
        continue;
      if (g < 3)
        {
          guint8 *suit = c + g * 9;
          guint held = 0, near;

          for (guint r = 0; r < 9; r++)
            held |= (guint) (suit[r] > 0) << r;
          /* Only a tile next to a held one (or on it) can complete sets. */
          near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1ff;
          for (; near != 0; near &= near - 1)
            {
              guint r = (guint) __builtin_ctz (near);
              guint state;

              if (in_table[g] && suit[r] < 4)
                state = sp_suit_state_of_key (keys[g] + sp_suit_pow5[r]);
              else
                {
                  suit[r]++;
                  state = sp_suit_state (suit);
                  suit[r]--;
                }
              if (state != 0 && other_pairs + (state == 2) == 1)
                {
                  waits |= 1ull << (g * 9 + r);
                  if (waits & (waits - 1))
                    return FALSE;
                }
            }
        }
      else
        for (guint t = SP_TILE_EAST; t < SP_N_TILE_KINDS; t++)
          {
            guint state;

            if (c[t] == 0)
              continue;
            c[t]++;
            state = honor_state (c + 27);
            c[t]--;
            if (state != 0 && other_pairs + (state == 2) == 1)
              {
                waits |= 1ull << t;
                if (waits & (waits - 1))
                  return FALSE;
              }
          }
    }

  /* 七对: six pairs and a single tile wait on that tile. */
  if (pairs_shape)
    {
      guint n_pairs = 0, n_odd = 0;
      guint odd_tile = 0;

      for (guint t = 0; t < SP_N_TILE_KINDS; t++)
        {
          n_pairs += c[t] / 2;
          if (c[t] & 1)
            {
              n_odd++;
              odd_tile = t;
            }
        }
      if (n_pairs == 6 && n_odd == 1)
        waits |= 1ull << odd_tile;
    }
  return waits != 0 && (waits & (waits - 1)) == 0;
}

static gboolean
compute_unique_wait (const SpMcrFacts *facts)
{
  guint8 c[SP_N_TILE_KINDS];

  memcpy (c, facts->hand->counts, sizeof c);
  c[facts->winning_tile]--;
  return counts_wait_on_one_tile (c, facts->hand->n_melds == 0);
}

gboolean
sp_mcr_unique_wait (SpMcrFacts *facts)
{
  if (facts->unique_wait < 0)
    facts->unique_wait = compute_unique_wait (facts);
  return facts->unique_wait;
}

/* ---- The wait fans: 边张, 坎张, 单钓将 ---------------------------------------------------------- */

/* The wait roles (bit 0 边张, 1 坎张, 2 单钓将) the winning tile can play among the concealed
 * sets of a reading (pair included). */
guint
sp_mcr_wait_roles (const SpMcrFacts *facts,
                   const SpSet      *sets,
                   guint             n_sets)
{
  guint flags = 0;
  SpTile w = facts->winning_tile;

  for (guint i = 0; i < n_sets; i++)
    {
      if (sets[i].meld != SP_SET_CONCEALED_PART)
        continue;
      if (sets[i].kind == SP_SET_CHOW)
        {
          SpTile mid = sets[i].tile + 1;

          /* An outer tile of the chow is 边张 when the wait is unique (12345+3 is not).  Only
           * 12+3 and 89+7 can be unique: with 45 waiting on 6, 3 completes the same reading. */
          if (mid == w)
            flags |= 2;
          else if ((w == mid + 1 && w % 9 == 2) || (w == mid - 1 && w % 9 == 6))
            flags |= 1;
          else if (mid + 1 == w || mid - 1 == w)
            flags |= 8; /* two-sided: the hand has another wait, no wait fan */
        }
      else if (sets[i].kind == SP_SET_PAIR && sets[i].tile == w)
        flags |= 4;
    }
  return flags;
}

/* 边张 before 坎张 before 单钓将: only one counts. */
void
sp_mcr_wait_fans (guint         flags,
                  SpMcrFanTable table)
{
  if (flags & 1)
    table[FAN_EDGE_WAIT] = 1;
  else if (flags & 2)
    table[FAN_CLOSED_WAIT] = 1;
  else if (flags & 4)
    table[FAN_SINGLE_WAIT] = 1;
}

/* The wait fans of 组合龙 + one set + pair.  A winning tile that sits in the knitted straight
 * plays no wait role (GB 2006 and SI); one that sits in the set-and-pair part plays the role it
 * has there.  When the hand holds the winning tile's kind in both parts (12358p147m369sNN+2p:
 * a 2p of 258p and one of 123p), the tile can be read in the part, and the calculator does.
 * The role counts only when it is the hand's unique wait: with the 组合龙 complete in the hand
 * before the winning tile, the hand's waits are those of the four other tiles (another knitted
 * straight cannot fit in four tiles), so the part's waits decide. */
void
sp_mcr_knitted_straight_wait_fans (const SpMcrFacts      *facts,
                                   const SpDecomposition *d,
                                   SpMcrFanTable          table)
{
  SpTile w = facts->winning_tile;
  guint8 c[SP_N_TILE_KINDS];

  if (facts->hand->n_melds > 0)
    {
      /* The set is a meld: the part is the pair, and a pair of the winning tile is 单钓将
       * (the hand before it was the 组合龙 and one tile). */
      if (d->sets[d->n_sets - 1].tile == w)
        table[FAN_SINGLE_WAIT] = 1;
      return;
    }

  /* The set and the pair: the concealed tiles less the 组合龙. */
  memcpy (c, facts->hand->counts, sizeof c);
  for (guint r = 1; r <= 9; r++)
    c[sp_tile_make (d->knitted[(r - 1) % 3], r)]--;
  if (c[w] == 0)
    return;
  c[w]--;
  if (counts_wait_on_one_tile (c, FALSE))
    sp_mcr_wait_fans (sp_mcr_wait_roles (facts, d->sets, d->n_sets), table);
}
