/* sp-mcr-sets.c: the MCR sets-and-pair form: the fans of combinations of
 * chows and pungs, of kongs and concealed pungs, and the whole reading.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-mcr-private.h"

#include <string.h>

/* ---- Combinations of sets (the SI reference calculator's procedure, rules/mcr.md §7) ----- */

/* Chows are given by their middle tile, pungs by their tile. */

static SpMcrFan
four_chows_fan (const SpTile m[4])
{
  if (m[0] + 2 == m[1] && m[1] + 2 == m[2] && m[2] + 2 == m[3] && m[3] / 9 == m[0] / 9)
    return FAN_FOUR_PURE_SHIFTED_CHOWS;
  if (m[0] + 1 == m[1] && m[1] + 1 == m[2] && m[2] + 1 == m[3] && m[3] / 9 == m[0] / 9)
    return FAN_FOUR_PURE_SHIFTED_CHOWS;
  if (m[0] == m[1] && m[0] == m[2] && m[0] == m[3])
    return FAN_QUADRUPLE_CHOW;
  return N_FANS;
}

static gboolean
shifted_1_unordered (guint a, guint b, guint c)
{
  guint lo = MIN (a, MIN (b, c)), hi = MAX (a, MAX (b, c));

  return hi == lo + 2 && a + b + c == 3 * lo + 3 && a != b && b != c && a != c;
}

static SpMcrFan
three_chows_fan (SpTile t0, SpTile t1, SpTile t2)
{
  guint s0 = t0 / 9, s1 = t1 / 9, s2 = t2 / 9;
  guint r0 = t0 % 9 + 1, r1 = t1 % 9 + 1, r2 = t2 % 9 + 1;

  if (s0 != s1 && s0 != s2 && s1 != s2)
    {
      if (shifted_1_unordered (r0, r1, r2))
        return FAN_MIXED_SHIFTED_CHOWS;
      if (r0 == r1 && r1 == r2)
        return FAN_MIXED_TRIPLE_CHOW;
      if (r0 * r1 * r2 == 80 && r0 + r1 + r2 == 15 && r0 != r1)
        return FAN_MIXED_STRAIGHT; /* 2, 5, 8 in any order */
    }
  else if (s0 == s1 && s1 == s2)
    {
      if (t0 + 3 == t1 && t1 + 3 == t2)
        return FAN_PURE_STRAIGHT;
      if ((t0 + 2 == t1 && t1 + 2 == t2) || (t0 + 1 == t1 && t1 + 1 == t2))
        return FAN_PURE_SHIFTED_CHOWS;
      if (t0 == t1 && t0 == t2)
        return FAN_PURE_TRIPLE_CHOW;
    }
  return N_FANS;
}

static SpMcrFan
two_chows_fan (SpTile t0, SpTile t1)
{
  if (t0 / 9 != t1 / 9)
    return t0 % 9 == t1 % 9 ? FAN_MIXED_DOUBLE_CHOW : N_FANS;
  if (t0 + 3 == t1 || t1 + 3 == t0)
    return FAN_SHORT_STRAIGHT;
  if ((t0 % 9 == 1 && t1 % 9 == 7) || (t0 % 9 == 7 && t1 % 9 == 1))
    return FAN_TWO_TERMINAL_CHOWS;
  if (t0 == t1)
    return FAN_PURE_DOUBLE_CHOW;
  return N_FANS;
}

static SpMcrFan
one_chow_extra_fan (SpTile t0, SpTile t1, SpTile t2, SpTile extra)
{
  static const SpMcrFan order[] = {
    FAN_PURE_DOUBLE_CHOW, FAN_MIXED_DOUBLE_CHOW, FAN_SHORT_STRAIGHT, FAN_TWO_TERMINAL_CHOWS,
  };
  SpMcrFan f[3] = {
    two_chows_fan (t0, extra), two_chows_fan (t1, extra), two_chows_fan (t2, extra),
  };

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (f[0] == order[i] || f[1] == order[i] || f[2] == order[i])
      return order[i];
  return N_FANS;
}

/* 套算一次 and 不得相同 among pairs of chows: at most @max_count of the pair fans count;
 * beyond that the repeated ones go first, from 老少副 up to 一般高. */
static void
limit_pair_fans (const SpMcrFan *fans,
                 guint           n,
                 int             max_count,
                 SpMcrFanTable   table)
{
  int count[4] = { 0 };
  int total = 0;
  int limit = 1;

  for (guint i = 0; i < n; i++)
    {
      if (fans[i] != N_FANS)
        {
          count[fans[i] - FAN_PURE_DOUBLE_CHOW]++;
          total++;
        }
    }
  while (total > max_count && limit >= 0)
    {
      for (int k = 3; k >= 0 && total > max_count; k--)
        {
          while (count[k] > limit && total > max_count)
            {
              count[k]--;
              total--;
            }
        }
      limit--;
    }
  for (guint k = 0; k < 4; k++)
    table[FAN_PURE_DOUBLE_CHOW + k] = (gint8) count[k];
}

static gboolean
three_of_four_chows (SpTile t0, SpTile t1, SpTile t2, SpTile extra, SpMcrFanTable table)
{
  SpMcrFan fan = three_chows_fan (t0, t1, t2);

  if (fan == N_FANS)
    return FALSE;
  table[fan] = 1;
  fan = one_chow_extra_fan (t0, t1, t2, extra);
  if (fan != N_FANS)
    table[fan] = 1;
  return TRUE;
}

static void
four_chows (const SpTile m[4], SpMcrFanTable table)
{
  SpMcrFan fan = four_chows_fan (m);
  SpMcrFan pairs[6];
  int max_count = 3;

  if (fan != N_FANS)
    {
      table[fan] = 1;
      return;
    }
  if (three_of_four_chows (m[0], m[1], m[2], m[3], table)
      || three_of_four_chows (m[0], m[1], m[3], m[2], table)
      || three_of_four_chows (m[0], m[2], m[3], m[1], table)
      || three_of_four_chows (m[1], m[2], m[3], m[0], table))
    return;

  pairs[0] = two_chows_fan (m[0], m[1]);
  pairs[1] = two_chows_fan (m[0], m[2]);
  pairs[2] = two_chows_fan (m[0], m[3]);
  pairs[3] = two_chows_fan (m[1], m[2]);
  pairs[4] = two_chows_fan (m[1], m[3]);
  pairs[5] = two_chows_fan (m[2], m[3]);
  /* A chow that combines with no other lowers the number of pairs that may count. */
  if (pairs[0] == N_FANS && pairs[1] == N_FANS && pairs[2] == N_FANS)
    max_count--;
  if (pairs[0] == N_FANS && pairs[3] == N_FANS && pairs[4] == N_FANS)
    max_count--;
  if (pairs[1] == N_FANS && pairs[3] == N_FANS && pairs[5] == N_FANS)
    max_count--;
  if (pairs[2] == N_FANS && pairs[4] == N_FANS && pairs[5] == N_FANS)
    max_count--;
  if (max_count > 0)
    limit_pair_fans (pairs, 6, max_count, table);
}

static void
three_chows (const SpTile m[3], SpMcrFanTable table)
{
  SpMcrFan fan = three_chows_fan (m[0], m[1], m[2]);
  SpMcrFan pairs[3];

  if (fan != N_FANS)
    {
      table[fan] = 1;
      return;
    }
  pairs[0] = two_chows_fan (m[0], m[1]);
  pairs[1] = two_chows_fan (m[0], m[2]);
  pairs[2] = two_chows_fan (m[1], m[2]);
  limit_pair_fans (pairs, 3, 2, table);
}

static SpMcrFan
four_pungs_fan (const SpTile p[4])
{
  if (p[0] < 27 && p[0] + 1 == p[1] && p[1] + 1 == p[2] && p[2] + 1 == p[3]
      && p[3] / 9 == p[0] / 9)
    return FAN_FOUR_PURE_SHIFTED_PUNGS;
  if (p[0] == SP_TILE_EAST && p[1] == SP_TILE_SOUTH && p[2] == SP_TILE_WEST
      && p[3] == SP_TILE_NORTH)
    return FAN_BIG_FOUR_WINDS;
  return N_FANS;
}

/* @t0 ≤ @t1 ≤ @t2. */
static SpMcrFan
three_pungs_fan (SpTile t0, SpTile t1, SpTile t2)
{
  if (t0 < 27 && t1 < 27 && t2 < 27)
    {
      guint s0 = t0 / 9, s1 = t1 / 9, s2 = t2 / 9;
      guint r0 = t0 % 9, r1 = t1 % 9, r2 = t2 % 9;

      if (s0 != s1 && s0 != s2 && s1 != s2)
        {
          if (shifted_1_unordered (r0, r1, r2))
            return FAN_MIXED_SHIFTED_PUNGS;
          if (r0 == r1 && r1 == r2)
            return FAN_TRIPLE_PUNG;
        }
      else if (s0 == s1 && s1 == s2 && t0 + 1 == t1 && t1 + 1 == t2)
        return FAN_PURE_SHIFTED_PUNGS;
    }
  else
    {
      if (sp_tile_is_wind (t0) && sp_tile_is_wind (t1) && sp_tile_is_wind (t2))
        return FAN_BIG_THREE_WINDS;
      if (t0 == SP_TILE_RED && t1 == SP_TILE_GREEN && t2 == SP_TILE_WHITE)
        return FAN_BIG_THREE_DRAGONS;
    }
  return N_FANS;
}

static SpMcrFan
two_pungs_fan (SpTile t0, SpTile t1)
{
  if (t0 < 27 && t1 < 27)
    return t0 % 9 == t1 % 9 ? FAN_DOUBLE_PUNG : N_FANS;
  if (sp_tile_is_dragon (t0) && sp_tile_is_dragon (t1))
    return FAN_TWO_DRAGONS_PUNGS;
  return N_FANS;
}

static void
add_pung_pairs (const SpTile *p, guint n, SpMcrFanTable table)
{
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        SpMcrFan fan = two_pungs_fan (p[i], p[j]);

        if (fan != N_FANS)
          table[fan]++;
      }
}

static void
four_pungs (const SpTile p[4], SpMcrFanTable table)
{
  static const guint8 triples[4][4] = {
    { 0, 1, 2, 3 }, { 0, 1, 3, 2 }, { 0, 2, 3, 1 }, { 1, 2, 3, 0 },
  };
  SpMcrFan fan = four_pungs_fan (p);

  if (fan != N_FANS)
    {
      table[fan] = 1;
      return;
    }
  for (guint k = 0; k < 4; k++)
    {
      const guint8 *x = triples[k];

      fan = three_pungs_fan (p[x[0]], p[x[1]], p[x[2]]);
      if (fan == N_FANS)
        continue;
      table[fan] = 1;
      /* The fourth pung combines once with one of the three. */
      for (guint i = 0; i < 4; i++)
        {
          SpMcrFan pair;

          if (i == x[3])
            continue;
          pair = two_pungs_fan (p[i], p[x[3]]);
          if (pair != N_FANS)
            {
              table[pair]++;
              break;
            }
        }
      return;
    }
  add_pung_pairs (p, 4, table);
}

static void
three_pungs (const SpTile p[3], SpMcrFanTable table)
{
  SpMcrFan fan = three_pungs_fan (p[0], p[1], p[2]);

  if (fan != N_FANS)
    {
      table[fan] = 1;
      return;
    }
  add_pung_pairs (p, 3, table);
}

/* 双暗刻 … 四杠 from the numbers of concealed pungs, melded and concealed kongs. */
static void
kongs_and_concealed_pungs (const SpMcrOptions *options,
                           int                 concealed_pungs,
                           int                 melded_kongs,
                           int                 concealed_kongs,
                           SpMcrFanTable       table)
{
  static const SpMcrFan by_concealed[5] = {
    N_FANS, N_FANS, FAN_TWO_CONCEALED_PUNGS, FAN_THREE_CONCEALED_PUNGS, FAN_FOUR_CONCEALED_PUNGS,
  };
  int kongs = melded_kongs + concealed_kongs;
  /* A concealed kong is a concealed pung for 双暗刻 … 四暗刻. */
  int concealed = concealed_pungs + concealed_kongs;

  switch (kongs)
    {
    case 0:
      break;
    case 1:
      table[melded_kongs ? FAN_MELDED_KONG : FAN_CONCEALED_KONG] = 1;
      break;
    case 2:
      if (concealed_kongs == 0)
        table[FAN_TWO_MELDED_KONGS] = 1;
      else if (concealed_kongs == 1)
        {
          if (options->melded_concealed_kong)
            table[FAN_MELDED_AND_CONCEALED_KONG] = 1;
          else
            {
              table[FAN_MELDED_KONG] = 1;
              table[FAN_CONCEALED_KONG] = 1;
            }
        }
      else
        {
          table[FAN_TWO_CONCEALED_KONGS] = 1;
          /* 双暗杠 already holds the 双暗刻 of its two kongs. */
          if (concealed == 2)
            concealed = 0;
        }
      break;
    case 3:
      table[FAN_THREE_KONGS] = 1;
      break;
    default:
      table[FAN_FOUR_KONGS] = 1;
      break;
    }
  if (concealed >= 2)
    table[by_concealed[concealed]] = 1;
}

/* ---- The sets-and-pair form -------------------------------------------------------------- */

/* What a reading's sets are: its chows (by middle tile) and pungs (kongs included), both in
 * tile order, its pair, and the counts the fans of the form are read from. */
typedef struct
{
  /* Room for every set: each set is written to both lists, and only the right one counted. */
  SpTile   chows[SP_MAX_SETS + 1];
  SpTile   pungs[SP_MAX_SETS + 1];
  SpTile   pair;
  guint    n_chows;
  guint    n_pungs;
  int      concealed_pungs;  /* 暗刻, a kong apart */
  int      melded_kongs;
  int      concealed_kongs;
  int      n_terminal_pungs; /* pungs and kongs of terminals or honours */
  int      n_dragon_pungs;
  /* Sets (pair included) of a terminal or honour, of a 5, of even ranks only. */
  guint    terminal_sets;
  guint    honor_sets;
  guint    five_sets;
  guint    even_sets;
} Survey;

/* What a set of each kind at each tile counts for, as one byte lane per count of the Survey
 * (terminal, honour, five, even sets; terminal and dragon pungs), so that a reading's sets are
 * summed without a branch on their kind or tile: the kinds and tiles of a stream of hands are
 * not what a processor can predict. */
enum
{
  LANE_TERMINAL = 0,
  LANE_HONOR = 8,
  LANE_FIVE = 16,
  LANE_EVEN = 24,
  LANE_TERMINAL_PUNG = 32,
  LANE_DRAGON_PUNG = 40,
};

/* A pung's (or kong's) or the pair's lanes, of tile @t, @pung or not. */
static inline guint64
set_lanes (SpTile   t,
           gboolean pung)
{
  guint64 lanes;

  if (sp_tile_is_honor (t))
    lanes = 1ull << LANE_HONOR;
  else
    {
      guint r = sp_tile_rank (t);

      lanes = (r == 1 || r == 9) ? 1ull << LANE_TERMINAL
              : r == 5           ? 1ull << LANE_FIVE
              : r % 2 == 0       ? 1ull << LANE_EVEN
                                 : 0;
    }
  if (pung)
    lanes |= (guint64) sp_tile_is_terminal_or_honor (t) << LANE_TERMINAL_PUNG
             | (guint64) sp_tile_is_dragon (t) << LANE_DRAGON_PUNG;
  return lanes;
}

/* A chow's lanes by its lowest tile: 123 and 789 hold a terminal, 345 456 567 a 5. */
static inline guint64
chow_lanes (SpTile t)
{
  guint r = t % 9;

  return r == 0 || r == 6 ? 1ull << LANE_TERMINAL : r >= 2 && r <= 4 ? 1ull << LANE_FIVE : 0;
}

/* The lanes of every kind of set at every tile, made once. */
static guint64 lanes_by_kind[4][SP_N_TILE_KINDS];

static void
init_lanes (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint t = 0; t < SP_N_TILE_KINDS; t++)
        {
          lanes_by_kind[SP_SET_CHOW][t] = t < 27 ? chow_lanes ((SpTile) t) : 0;
          lanes_by_kind[SP_SET_PUNG][t] = set_lanes ((SpTile) t, TRUE);
          lanes_by_kind[SP_SET_KONG][t] = set_lanes ((SpTile) t, TRUE);
          lanes_by_kind[SP_SET_PAIR][t] = set_lanes ((SpTile) t, FALSE);
        }
      g_once_init_leave (&done, 1);
    }
}

/* @a, @b in order, without a branch. */
#define ORDER_TILES(a, b) \
  G_STMT_START \
  { \
    SpTile lo_ = MIN (a, b), hi_ = MAX (a, b); \
    (a) = lo_; \
    (b) = hi_; \
  } \
  G_STMT_END

/* Four tiles in order (a sorting network).  The slots past a reading's sets hold 0xff, above
 * any tile, so that its sets come first. */
static inline void
sort_four_tiles (SpTile tiles[4])
{
  ORDER_TILES (tiles[0], tiles[1]);
  ORDER_TILES (tiles[2], tiles[3]);
  ORDER_TILES (tiles[0], tiles[2]);
  ORDER_TILES (tiles[1], tiles[3]);
  ORDER_TILES (tiles[1], tiles[2]);
}

static void
survey_sets (const SpMcrFacts      *facts,
             const SpDecomposition *d,
             Survey                *survey)
{
  gboolean win_in_concealed_chow = FALSE;
  SpTile w = facts->winning_tile;
  guint64 lanes = 0;
  guint n_chows = 0, n_pungs = 0;
  int concealed_pungs = 0, melded_kongs = 0, concealed_kongs = 0;
  SpTile pair = 0;

  init_lanes ();
  memset (survey->chows, 0xff, sizeof survey->chows);
  memset (survey->pungs, 0xff, sizeof survey->pungs);
  for (guint i = 0; i < d->n_sets; i++)
    {
      const SpSet *set = &d->sets[i];
      gboolean concealed_part = set->meld == SP_SET_CONCEALED_PART;
      SpTile t = set->tile;
      guint kind = set->kind;
      gboolean chow = kind == SP_SET_CHOW;
      gboolean pung = kind == SP_SET_PUNG || kind == SP_SET_KONG;

      survey->chows[n_chows] = (SpTile) (t + 1);
      n_chows += chow;
      survey->pungs[n_pungs] = t;
      n_pungs += pung;
      pair = kind == SP_SET_PAIR ? t : pair;
      win_in_concealed_chow |= chow & concealed_part & ((guint) (w - t) <= 2);
      concealed_pungs += (kind == SP_SET_PUNG) & concealed_part;
      lanes += lanes_by_kind[kind & 3][t];
      if (G_UNLIKELY (kind == SP_SET_KONG))
        {
          if (sp_meld_is_exposed (&facts->hand->melds[set->meld]))
            melded_kongs++;
          else
            concealed_kongs++;
        }
    }

  /* On a discard the winning tile that completes a concealed pung makes it a melded one,
   * unless the tile can be read into a concealed chow instead. */
  if (!facts->self_drawn && !win_in_concealed_chow)
    {
      for (guint i = 0; i < d->n_sets; i++)
        concealed_pungs -= d->sets[i].meld == SP_SET_CONCEALED_PART
                           && d->sets[i].kind == SP_SET_PUNG && d->sets[i].tile == w;
    }

  /* The slots past the sets were 0xff, above any tile, before the loop wrote into the first
   * of them: put it back. */
  survey->chows[n_chows] = 0xff;
  survey->pungs[n_pungs] = 0xff;
  sort_four_tiles (survey->chows);
  sort_four_tiles (survey->pungs);
  survey->n_chows = n_chows;
  survey->n_pungs = n_pungs;
  survey->pair = pair;
  survey->concealed_pungs = concealed_pungs;
  survey->melded_kongs = melded_kongs;
  survey->concealed_kongs = concealed_kongs;
  survey->terminal_sets = (guint) (lanes >> LANE_TERMINAL) & 0xff;
  survey->honor_sets = (guint) (lanes >> LANE_HONOR) & 0xff;
  survey->five_sets = (guint) (lanes >> LANE_FIVE) & 0xff;
  survey->even_sets = (guint) (lanes >> LANE_EVEN) & 0xff;
  survey->n_terminal_pungs = (int) ((lanes >> LANE_TERMINAL_PUNG) & 0xff);
  survey->n_dragon_pungs = (int) ((lanes >> LANE_DRAGON_PUNG) & 0xff);
}

/* Kongs, concealed pungs, 碰碰和, 箭刻 and 幺九刻. */
static void
pung_fans (const SpMcrOptions *options,
           const Survey       *survey,
           SpMcrFanTable       table)
{
  if (survey->n_pungs == 0)
    return;
  kongs_and_concealed_pungs (options, survey->concealed_pungs, survey->melded_kongs,
                             survey->concealed_kongs, table);
  if (survey->n_pungs == 4 && !table[FAN_FOUR_KONGS] && !table[FAN_FOUR_CONCEALED_PUNGS])
    table[FAN_ALL_PUNGS] = 1;
  for (guint i = 0; i < survey->n_pungs; i++)
    {
      if (sp_tile_is_dragon (survey->pungs[i]))
        table[FAN_DRAGON_PUNG]++;
      else if (sp_tile_is_terminal_or_honor (survey->pungs[i]))
        table[FAN_PUNG_OF_TERMINALS_OR_HONORS]++;
    }
}

/* Four chows and a pair of 5: 三色双龙会 (老少副 of two suits around a pair of 5 of the third)
 * or 一色双龙会 (two 老少副 of one suit around its 5).  FALSE when neither. */
static gboolean
terminal_chows_fans (const SpTile  chows[4],
                     SpTile        pair,
                     SpMcrFanTable table)
{
  guint ends = 0, same_suit = 0;
  guint suit_ends[3] = { 0 };

  if (pair >= 27 || pair % 9 != 4)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      guint r = chows[i] % 9 + 1;

      if (r == 2 || r == 8)
        {
          ends++;
          suit_ends[chows[i] / 9] |= r == 2 ? 1 : 2;
        }
      same_suit += chows[i] / 9 == pair / 9;
    }
  if (ends != 4)
    return FALSE;
  if (same_suit == 0)
    {
      guint others = 0;

      for (guint s = 0; s < 3; s++)
        others += s != pair / 9 && suit_ends[s] == 3;
      if (others == 2)
        {
          table[FAN_THREE_SUITED_TERMINAL_CHOWS] = 1;
          return TRUE;
        }
    }
  if (same_suit == 4 && chows[0] == chows[1] && chows[2] == chows[3] && chows[0] != chows[2])
    {
      table[FAN_PURE_TERMINAL_CHOWS] = 1;
      return TRUE;
    }
  return FALSE;
}

/* The fans of combinations of chows and of pungs (一色三同顺, 三同刻, 喜相逢, …). */
static void
combination_fans (const Survey  *survey,
                  SpMcrFanTable  table)
{
  const SpTile *chows = survey->chows;
  const SpTile *pungs = survey->pungs;

  switch (survey->n_chows)
    {
    case 4:
      if (!terminal_chows_fans (chows, survey->pair, table))
        four_chows (chows, table);
      break;
    case 3:
      three_chows (chows, table);
      break;
    case 2:
      {
        SpMcrFan fan = two_chows_fan (chows[0], chows[1]);

        if (fan != N_FANS)
          table[fan]++;
        fan = two_pungs_fan (pungs[0], pungs[1]);
        if (fan != N_FANS)
          table[fan]++;
        break;
      }
    case 1:
      three_pungs (pungs, table);
      break;
    case 0:
      four_pungs (pungs, table);
      break;
    default:
      break;
    }
}

/* 不求人, 门前清, 全求人, 自摸. */
static void
concealment_fans (const SpMcrFacts *facts,
                  SpMcrFanTable     table)
{
  if (facts->n_exposed == 0)
    table[facts->self_drawn ? FAN_FULLY_CONCEALED_HAND : FAN_CONCEALED_HAND] = 1;
  else if (facts->n_exposed == 4)
    table[facts->self_drawn ? FAN_SELF_DRAWN : FAN_MELDED_HAND] = 1;
  else if (facts->self_drawn)
    table[FAN_SELF_DRAWN] = 1;
}

/* 平和, 小三元, 小四喜 from the pair; 全带幺, 全带五, 全双刻 from every set and the pair. */
static void
pair_and_whole_hand_fans (const Survey  *survey,
                          SpMcrFanTable  table)
{
  SpTile pair = survey->pair;

  if (survey->n_chows == 4)
    {
      if (pair < 27)
        table[FAN_ALL_CHOWS] = 1;
    }
  else if (table[FAN_TWO_DRAGONS_PUNGS])
    {
      if (sp_tile_is_dragon (pair))
        {
          table[FAN_LITTLE_THREE_DRAGONS] = 1;
          table[FAN_TWO_DRAGONS_PUNGS] = 0;
        }
    }
  else if (table[FAN_BIG_THREE_WINDS] && sp_tile_is_wind (pair))
    {
      table[FAN_LITTLE_FOUR_WINDS] = 1;
      table[FAN_BIG_THREE_WINDS] = 0;
    }

  if (survey->terminal_sets + survey->honor_sets == 5)
    table[FAN_OUTSIDE_HAND] = 1;
  else if (survey->five_sets == 5)
    table[FAN_ALL_FIVES] = 1;
  else if (survey->even_sets == 5)
    table[FAN_ALL_EVEN_PUNGS] = 1;
}

/* One reading of four sets (melds included) and a pair. */
void
sp_mcr_score_sets (SpMcrFacts            *facts,
                   const SpDecomposition *d,
                   SpMcrFanTable          table)
{
  const SpMcrOptions *options = facts->options;
  Survey survey;

  survey_sets (facts, d, &survey);
  sp_mcr_win_flag_fans (facts, table);
  pung_fans (options, &survey, table);
  combination_fans (&survey, table);
  concealment_fans (facts, table);
  pair_and_whole_hand_fans (&survey, table);

  sp_mcr_suit_fans (facts, table);
  sp_mcr_tile_trait_fans (facts, table);
  sp_mcr_rank_range_fans (facts, table);
  if (!table[FAN_QUADRUPLE_CHOW])
    table[FAN_TILE_HOG] = (gint8) (facts->n_hogs
                                   - (guint) (survey.melded_kongs + survey.concealed_kongs));

  if (!table[FAN_FOUR_KONGS] && !(options->heavenly_hands && facts->situation->heavenly))
    {
      guint roles = sp_mcr_wait_roles (facts, d->sets, d->n_sets);

      /* A two-sided reading proves a second wait; only the edge, closed or single roles of a
       * reading without one need the full check. */
      if (roles != 0 && !(roles & 8) && sp_mcr_unique_wait (facts))
        sp_mcr_wait_fans (roles, table);
    }

  sp_mcr_final_exclusions (table);

  if (!table[FAN_BIG_FOUR_WINDS])
    for (guint i = 0; i < survey.n_pungs; i++)
      if (sp_tile_is_wind (survey.pungs[i]))
        sp_mcr_wind_fans (facts, survey.pungs[i], table);

  if (!options->si_exclusions)
    sp_mcr_r98_additions (facts, survey.n_terminal_pungs, survey.n_dragon_pungs, FALSE, table);
  table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = MAX (table[FAN_PUNG_OF_TERMINALS_OR_HONORS], 0);
}
