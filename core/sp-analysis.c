/* sp-analysis.c: every reading of a winning hand, its waits and its distance from ready.
 * The hot paths work on counts on the stack and allocate nothing.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-analysis.h"
#include "sp-analysis-private.h"
#include "sp-rules-private.h"

#include <string.h>

SpShapes
sp_ruleset_shapes (SpRuleset ruleset)
{
  return (guint) ruleset < SP_N_RULESETS ? sp_ruleset_class (ruleset)->shapes : SP_SHAPE_SETS;
}

const char *
sp_wait_kind_to_string (SpWaitKind kind)
{
  static const char *names[] = { "两面", "边张", "坎张", "单钓", "双碰", "特殊" };

  g_return_val_if_fail (kind < SP_N_WAIT_KINDS, "?");
  return names[kind];
}

guint
sp_hand_sets_needed (const SpHand *hand,
                     SpRuleset     ruleset)
{
  guint sets = sp_ruleset_max_melds (ruleset);

  return hand->n_melds >= sets ? 0 : sets - hand->n_melds;
}

void
sp_hand_remove_winning_tile (SpHand *hand)
{
  g_return_if_fail (hand->n_concealed > 0);

  hand->n_concealed--;
  hand->counts[hand->concealed[hand->n_concealed]]--;
}

/* The knitted patterns (组合龙): suit order for ranks 147, 258, 369. */
static const guint8 knitted_orders[6][3] = {
  { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
};

static const SpTile orphans[13] = {
  SP_TILE_1M, SP_TILE_9M, SP_TILE_1P, SP_TILE_9P, SP_TILE_1S, SP_TILE_9S,
  27, 28, 29, 30, 31, 32, 33,
};

/* Whether the tile belongs to knitted pattern @k. */
static inline gboolean
in_knitted (guint  k,
            SpTile tile)
{
  guint rank;

  if (sp_tile_is_honor (tile))
    return FALSE;
  rank = sp_tile_rank (tile);
  return knitted_orders[k][(rank - 1) % 3] == sp_tile_suit (tile);
}

/* The tiles of each knitted pattern as a mask (bit t for tile t): 147 of the pattern's first
 * suit, 258 of its second, 369 of its third. */
static const guint64 knitted_masks[6] = {
  0x004912449ull, 0x0024a4849ull, 0x004909292ull, 0x002489324ull, 0x001264892ull, 0x001252524ull,
};

static inline guint64
knitted_mask (guint k)
{
  return knitted_masks[k];
}

/* ---- Completeness: fast checks on counts ---------------------------------------------- */

/* Whether nine counts of one suit split into chows and pungs only.  The lowest rank's tiles
 * must start pungs or chows, and three equal chows read as three pungs, so taking its count
 * mod 3 as chows decides it. */
static gboolean
suit_is_sets (const guint8 *c)
{
  int a[9];

  for (guint i = 0; i < 9; i++)
    a[i] = c[i];
  for (guint i = 0; i < 9; i++)
    {
      int k;

      if (a[i] < 0)
        return FALSE;
      k = a[i] % 3;
      if (k == 0)
        continue;
      if (i > 6)
        return FALSE;
      a[i + 1] -= k;
      a[i + 2] -= k;
    }
  return TRUE;
}

static gboolean
suit_is_sets_and_pair (const guint8 *c)
{
  guint8 a[9];

  memcpy (a, c, 9);
  for (guint i = 0; i < 9; i++)
    {
      gboolean ok;

      if (a[i] < 2)
        continue;
      a[i] -= 2;
      ok = suit_is_sets (a);
      a[i] += 2;
      if (ok)
        return TRUE;
    }
  return FALSE;
}

/* ---- The table of suit patterns ------------------------------------------------------- */

const guint32 sp_suit_pow5[9] = { 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625 };

/* Two bits a key (SP_GROUP_SETS, SP_GROUP_WITH_PAIR): 488 KiB. */
static guint8 suit_states[(SP_SUIT_KEYS + 3) / 4];

static void
mark_suit (guint32 key,
           guint   state)
{
  suit_states[key >> 2] |= (guint8) (state << ((key & 3) * 2));
}

/* Every multiset of sets, set types in order from @type (chows 0–6 at ranks 1–7, pungs 7–15),
 * of at most five sets: marks its key as sets only and, with each pair that fits, as sets and
 * a pair. */
static void
enumerate_suit_sets (guint8  c[9],
                     guint32 key,
                     guint   type,
                     guint   n_sets)
{
  mark_suit (key, SP_GROUP_SETS);
  for (guint r = 0; r < 9; r++)
    if (c[r] <= 2)
      mark_suit (key + 2 * sp_suit_pow5[r], SP_GROUP_WITH_PAIR);
  if (n_sets == 5)
    return;
  for (guint t = type; t < 16; t++)
    {
      if (t < 7)
        {
          if (c[t] >= 4 || c[t + 1] >= 4 || c[t + 2] >= 4)
            continue;
          c[t]++, c[t + 1]++, c[t + 2]++;
          enumerate_suit_sets (c, key + sp_suit_pow5[t] + sp_suit_pow5[t + 1]
                               + sp_suit_pow5[t + 2], t, n_sets + 1);
          c[t]--, c[t + 1]--, c[t + 2]--;
        }
      else
        {
          guint r = t - 7;

          if (c[r] >= 2)
            continue;
          c[r] += 3;
          enumerate_suit_sets (c, key + 3 * sp_suit_pow5[r], t, n_sets + 1);
          c[r] -= 3;
        }
    }
}

static const guint8 *
suit_table (void)
{
  static gsize built = 0;

  if (g_once_init_enter (&built))
    {
      guint8 c[9] = { 0 };

      enumerate_suit_sets (c, 0, 0, 0);
      g_once_init_leave (&built, 1);
    }
  return suit_states;
}

guint
sp_suit_state_of_key (guint32 key)
{
  const guint8 *table = suit_table ();

  return (table[key >> 2] >> ((key & 3) * 2)) & 3;
}

guint
sp_suit_state (const guint8 *c)
{
  guint sum, max;
  guint32 key = sp_suit_key (c, &sum, &max);

  if (G_LIKELY (max <= 4 && sum <= SP_SUIT_TABLE_MAX_TILES))
    return sp_suit_state_of_key (key);
  if (sum % 3 == 0)
    return suit_is_sets (c) ? SP_GROUP_SETS : 0;
  if (sum % 3 == 2)
    return suit_is_sets_and_pair (c) ? SP_GROUP_WITH_PAIR : 0;
  return 0;
}

/* n sets + a pair from the concealed counts (sets needed follow from the tile count). */
static gboolean
counts_are_sets_and_pair (const guint8 *counts)
{
  guint pair_group = 4;
  guint n_honor_pairs = 0;

  for (guint s = 0; s < 3; s++)
    {
      guint sum = 0;

      for (guint r = 0; r < 9; r++)
        sum += counts[s * 9 + r];
      if (sum % 3 == 1)
        return FALSE;
      if (sum % 3 == 2)
        {
          if (pair_group != 4)
            return FALSE;
          pair_group = s;
        }
    }
  for (guint t = SP_TILE_EAST; t < SP_N_TILE_KINDS; t++)
    {
      if (counts[t] == 1 || counts[t] == 4)
        return FALSE;
      if (counts[t] == 2)
        n_honor_pairs++;
    }
  if (n_honor_pairs + (pair_group != 4) != 1)
    return FALSE;
  /* Each suit's count mod 3 already says which of the two it must be. */
  for (guint s = 0; s < 3; s++)
    {
      if (sp_suit_state (counts + s * 9) == 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_seven_pairs (const SpHand *hand,
                SpShapes      shapes)
{
  guint8 odd = (shapes & SP_SHAPE_DISTINCT_PAIRS) ? 0xfd : 1; /* 2 only, or 0, 2 and 4 */

  if (hand->n_melds != 0 || hand->n_concealed != 14)
    return FALSE;
  for (guint t = 0; t < SP_N_TILE_KINDS; t++)
    if (hand->counts[t] & odd)
      return FALSE;
  return TRUE;
}

static gboolean
is_thirteen_orphans (const SpHand *hand)
{
  if (hand->n_melds != 0 || hand->n_concealed != 14)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (orphans); i++)
    if (hand->counts[orphans[i]] == 0)
      return FALSE;
  /* 13 kinds present among 14 tiles: the fourteenth must be one of them too. */
  for (guint t = 0; t < SP_N_TILE_KINDS; t++)
    if (hand->counts[t] > 0 && !sp_tile_is_terminal_or_honor (t))
      return FALSE;
  return TRUE;
}

/* 全不靠 / 七星不靠: returns the knitted pattern, or -1. */
static int
honors_knitted_pattern (const SpHand *hand)
{
  guint64 suited;

  if (hand->n_melds != 0 || hand->n_concealed != 14)
    return -1;
  if (sp_counts_mask (hand->counts, 1, FALSE) != 0)
    return -1;
  suited = sp_counts_mask (hand->counts, 0, FALSE) & ((1ull << 27) - 1);
  for (guint k = 0; k < 6; k++)
    if ((suited & ~knitted_mask (k)) == 0)
      return (int) k;
  return -1;
}

static guint decompose_shapes (const SpHand *hand, SpShapes shapes, guint needed,
                               SpDecompositionList *list);

static gboolean
complete_shapes (const SpHand *hand,
                 SpShapes      shapes,
                 guint         needed)
{

  if (hand->n_concealed != needed * 3 + 2)
    return FALSE;
  if ((shapes & SP_SHAPE_SETS) && counts_are_sets_and_pair (hand->counts))
    return TRUE;
  if ((shapes & SP_SHAPE_SEVEN_PAIRS) && is_seven_pairs (hand, shapes))
    return TRUE;
  if ((shapes & SP_SHAPE_THIRTEEN_ORPHANS) && is_thirteen_orphans (hand))
    return TRUE;
  if (shapes & SP_SHAPE_KNITTED)
    {
      SpDecompositionList list;

      if (honors_knitted_pattern (hand) >= 0)
        return TRUE;
      /* 组合龙 + set + pair is rare: let the full reader decide. */
      if (needed >= 3)
        {
          guint64 held = sp_counts_mask (hand->counts, 0, FALSE);

          for (guint k = 0; k < 6; k++)
            if ((held & knitted_mask (k)) == knitted_mask (k))
              return decompose_shapes (hand, SP_SHAPE_KNITTED, needed, &list) > 0;
        }
    }
  return FALSE;
}

/* ---- Decomposition: every reading ------------------------------------------------------- */

typedef struct
{
  const SpHand        *hand;
  SpDecompositionList *list;
  SpDecomposition      current;
  SpTile               winning_tile;
  /* Padded with zeros to whole words, so that the next tile held is found eight at a time. */
  guint8               counts[SP_N_TILE_KINDS + 14];
} Reading;

static gboolean
set_holds (const SpSet *set,
           SpTile       tile)
{
  if (set->kind == SP_SET_CHOW)
    return tile >= set->tile && tile <= set->tile + 2;
  return tile == set->tile;
}

static void
emit (Reading *reading)
{
  SpDecomposition *d;

  if (reading->list->n >= SP_MAX_DECOMPOSITIONS)
    return;
  d = &reading->list->items[reading->list->n++];
  *d = reading->current;
  d->winning_sets = 0;
  if (reading->winning_tile == SP_TILE_NONE)
    return;
  for (guint i = 0; i < d->n_sets; i++)
    {
      if (d->sets[i].meld == SP_SET_CONCEALED_PART && set_holds (&d->sets[i], reading->winning_tile))
        d->winning_sets |= (guint8) (1u << i);
    }
}

static inline void
push_set (Reading   *reading,
          SpSetKind  kind,
          SpTile     tile)
{
  SpSet *set = &reading->current.sets[reading->current.n_sets++];

  set->kind = (guint8) kind;
  set->tile = tile;
  set->meld = SP_SET_CONCEALED_PART;
}

/* Sets are always taken at the lowest remaining tile, so each reading comes out once; a pair
 * at a tile must be taken before any set starting there (else "chow then pair" and "pair then
 * chow" would both come out): @set_at is the tile a set was just taken at, -1 if none.  The
 * pair is placed last in the list. */
static void
read_sets (Reading  *reading,
           guint     from,
           int       set_at,
           gboolean  have_pair,
           SpTile    pair_tile)
{

  guint8 *c = reading->counts;
  guint t = from;

  for (;;)
    {
      guint64 word;

      if (t >= SP_N_TILE_KINDS)
        {
          t = SP_N_TILE_KINDS;
          break;
        }
      memcpy (&word, c + t, 8);
      if (word != 0)
        {
          /* The lowest byte that is not zero (the machine is little-endian, or the search
           * below finds it byte by byte). */
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
          t += (guint) __builtin_ctzll (word) / 8;
#else
          while (c[t] == 0)
            t++;
#endif
          break;
        }
      t += 8;
    }
  if (t == SP_N_TILE_KINDS)
    {
      if (have_pair)
        {
          push_set (reading, SP_SET_PAIR, pair_tile);
          emit (reading);
          reading->current.n_sets--;
        }
      return;
    }

  if (c[t] >= 3)
    {
      c[t] -= 3;
      push_set (reading, SP_SET_PUNG, (SpTile) t);
      read_sets (reading, t, (int) t, have_pair, pair_tile);
      reading->current.n_sets--;
      c[t] += 3;
    }
  if (t < 27 && t % 9 <= 6 && c[t + 1] > 0 && c[t + 2] > 0)
    {
      c[t]--;
      c[t + 1]--;
      c[t + 2]--;
      push_set (reading, SP_SET_CHOW, (SpTile) t);
      read_sets (reading, t, (int) t, have_pair, pair_tile);
      reading->current.n_sets--;
      c[t]++;
      c[t + 1]++;
      c[t + 2]++;
    }
  if (!have_pair && c[t] >= 2 && (int) t != set_at)
    {
      c[t] -= 2;
      read_sets (reading, t, -1, TRUE, (SpTile) t);
      c[t] += 2;
    }
}

static void
start_reading (Reading             *reading,
               const SpHand        *hand,
               SpDecompositionList *list,
               SpForm               form)
{
  reading->hand = hand;
  reading->list = list;
  reading->winning_tile = sp_hand_winning_tile (hand);
  memset (&reading->current, 0, sizeof reading->current);
  reading->current.form = (guint8) form;
  memcpy (reading->counts, hand->counts, SP_N_TILE_KINDS);
  memset (reading->counts + SP_N_TILE_KINDS, 0, sizeof reading->counts - SP_N_TILE_KINDS);
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const SpMeld *meld = &hand->melds[i];
      SpSet *set = &reading->current.sets[reading->current.n_sets++];

      set->kind = meld->kind == SP_MELD_CHOW ? SP_SET_CHOW
                  : meld->kind == SP_MELD_PUNG ? SP_SET_PUNG : SP_SET_KONG;
      set->tile = meld->tile;
      set->meld = (guint8) i;
    }
}

static void
emit_special (const SpHand        *hand,
              SpDecompositionList *list,
              SpForm               form,
              int                  pattern)
{
  Reading reading;

  start_reading (&reading, hand, list, form);
  if (pattern >= 0)
    memcpy (reading.current.knitted, knitted_orders[pattern], 3);
  if (form == SP_FORM_SEVEN_PAIRS)
    {
      for (guint t = 0; t < SP_N_TILE_KINDS; t++)
        for (guint k = 0; k < hand->counts[t] / 2u; k++)
          push_set (&reading, SP_SET_PAIR, (SpTile) t);
    }
  emit (&reading);
}

gboolean
sp_hand_is_complete (const SpHand *hand,
                     SpRuleset     ruleset)
{
  g_return_val_if_fail (hand != NULL, FALSE);
  return complete_shapes (hand, sp_ruleset_shapes (ruleset), sp_hand_sets_needed (hand, ruleset));
}

guint
sp_hand_decompose (const SpHand        *hand,
                   SpRuleset            ruleset,
                   SpDecompositionList *list)
{
  g_return_val_if_fail (hand != NULL && list != NULL, 0);
  return decompose_shapes (hand, sp_ruleset_shapes (ruleset), sp_hand_sets_needed (hand, ruleset),
                           list);
}

static guint
decompose_shapes (const SpHand        *hand,
                  SpShapes             shapes,
                  guint                needed,
                  SpDecompositionList *list)
{
  Reading reading;

  list->n = 0;
  if (hand->n_concealed != needed * 3 + 2)
    return 0;

  if (shapes & SP_SHAPE_SETS)
    {
      start_reading (&reading, hand, list, SP_FORM_SETS);
      read_sets (&reading, 0, -1, FALSE, 0);
    }
  if ((shapes & SP_SHAPE_SEVEN_PAIRS) && is_seven_pairs (hand, shapes))
    emit_special (hand, list, SP_FORM_SEVEN_PAIRS, -1);
  if ((shapes & SP_SHAPE_THIRTEEN_ORPHANS) && is_thirteen_orphans (hand))
    emit_special (hand, list, SP_FORM_THIRTEEN_ORPHANS, -1);
  if (shapes & SP_SHAPE_KNITTED)
    {
      int pattern = honors_knitted_pattern (hand);

      if (pattern >= 0)
        {
          guint honors = 0;

          for (guint t = SP_TILE_EAST; t < SP_N_TILE_KINDS; t++)
            honors += hand->counts[t];
          emit_special (hand, list,
                        honors == 7 ? SP_FORM_GREATER_HONORS_KNITTED : SP_FORM_HONORS_KNITTED,
                        pattern);
        }
      /* 组合龙 (three sets' worth) + the rest as one set and a pair. */
      if (needed >= 3)
        {
          guint64 held = sp_counts_mask (hand->counts, 0, FALSE);

          for (guint k = 0; k < 6; k++)
            {
              if ((held & knitted_mask (k)) != knitted_mask (k))
                continue;
              start_reading (&reading, hand, list, SP_FORM_KNITTED_STRAIGHT);
              memcpy (reading.current.knitted, knitted_orders[k], 3);
              for (guint r = 1; r <= 9; r++)
                reading.counts[sp_tile_make (knitted_orders[k][(r - 1) % 3], r)]--;
              /* The winning tile may be one of the knitted tiles: winning_sets only names the
               * set and pair that hold it, the scorer looks at the knitted tiles itself. */
              read_sets (&reading, 0, -1, FALSE, 0);
            }
        }
    }
  return list->n;
}

/* ---- Waits ------------------------------------------------------------------------------ */

#define GROUP_SETS      SP_GROUP_SETS
#define GROUP_WITH_PAIR SP_GROUP_WITH_PAIR

static guint
group_status (const guint8 *counts,
              guint         group)
{
  if (group == 3)
    {
      guint pairs = 0;

      for (guint t = SP_TILE_EAST; t < SP_N_TILE_KINDS; t++)
        {
          if (counts[t] == 1 || counts[t] == 4)
            return 0;
          pairs += counts[t] == 2;
        }
      return pairs == 0 ? GROUP_SETS : pairs == 1 ? GROUP_WITH_PAIR : 0;
    }
  return sp_suit_state (counts + group * 9);
}

/* Whether the counts, which differ from a ready hand (whose groups are @status) by the tile
 * @added, form sets and a pair: only @added's group needs looking at again. */
/* The groups of a ready hand, to try each added tile quickly: their states, the suits' keys in
 * the table, the groups that are broken (neither sets nor sets and a pair) and the pairs. */
typedef struct
{
  guint    status[4];
  guint32  keys[3];
  gboolean in_table[3]; /* a tile more still fits the table */
  guint    broken;
  guint    pairs;
} ReadyGroups;

static void
ready_groups_init (ReadyGroups  *groups,
                   const guint8 *counts)
{
  groups->broken = 0;
  groups->pairs = 0;
  for (guint g = 0; g < 4; g++)
    {
      groups->status[g] = group_status (counts, g);
      groups->broken |= (guint) (groups->status[g] == 0) << g;
      groups->pairs += groups->status[g] == GROUP_WITH_PAIR;
    }
  for (guint s = 0; s < 3; s++)
    {
      guint sum, max;

      groups->keys[s] = sp_suit_key (counts + s * 9, &sum, &max);
      groups->in_table[s] = max <= 4 && sum < SP_SUIT_TABLE_MAX_TILES;
    }
}

/* Whether the counts, which differ from a ready hand (whose groups are @groups) by the tile
 * @added, form sets and a pair: only @added's group needs looking at again, and only when the
 * others are whole. */
static gboolean
sets_complete_with (const ReadyGroups *groups,
                    const guint8      *counts,
                    SpTile             added)
{
  guint changed = sp_tile_suit (added);
  guint other_pairs = groups->pairs - (groups->status[changed] == GROUP_WITH_PAIR);
  guint st;

  if ((groups->broken & ~(1u << changed)) != 0 || other_pairs > 1)
    return FALSE;
  /* @counts already hold @added: the suit's key before it, plus its power of 5. */
  if (changed < 3 && groups->in_table[changed] && counts[added] <= 4)
    st = sp_suit_state_of_key (groups->keys[changed] + sp_suit_pow5[added % 9]);
  else
    st = group_status (counts, changed);
  return st != 0 && other_pairs + (st == GROUP_WITH_PAIR) == 1;
}

/* Whether some 组合龙 pattern has at least eight of its nine tiles in the hand. */
static gboolean
knitted_straight_possible (const SpHand *hand)
{
  guint64 held = sp_counts_mask (hand->counts, 0, FALSE);

  for (guint k = 0; k < 6; k++)
    if (__builtin_popcountll (held & knitted_mask (k)) >= 8)
      return TRUE;
  return FALSE;
}

static SpWaitKind
role_of (const SpSet *set,
         SpTile       tile)
{
  switch ((SpSetKind) set->kind)
    {
    case SP_SET_PAIR:
      return SP_WAIT_SINGLE;
    case SP_SET_PUNG:
    case SP_SET_KONG:
      return SP_WAIT_DOUBLE_PUNG;
    case SP_SET_CHOW:
      {
        guint position = (guint) (tile - set->tile);
        guint rank = sp_tile_rank (set->tile);

        if (position == 1)
          return SP_WAIT_CLOSED;
        if ((position == 2 && rank == 1) || (position == 0 && rank == 7))
          return SP_WAIT_EDGE;
        return SP_WAIT_TWO_SIDED;
      }
    default:
      g_assert_not_reached ();
    }
}

/* The roles a winning tile plays across the readings of a complete hand. */
static guint8
roles_in (const SpDecompositionList *list,
          SpTile                     tile)
{
  guint8 roles = 0;

  for (guint i = 0; i < list->n; i++)
    {
      const SpDecomposition *d = &list->items[i];

      if (d->form != SP_FORM_SETS && d->form != SP_FORM_KNITTED_STRAIGHT)
        {
          roles |= 1u << SP_WAIT_SPECIAL;
          continue;
        }
      if (d->form == SP_FORM_KNITTED_STRAIGHT && d->winning_sets == 0)
        {
          roles |= 1u << SP_WAIT_SPECIAL;
          continue;
        }
      for (guint s = 0; s < d->n_sets; s++)
        if (d->winning_sets & (1u << s))
          roles |= (guint8) (1u << role_of (&d->sets[s], tile));
    }
  return roles;
}

/* The special forms a 13-tile concealed hand is one tile from. */
static SpShapes
special_shapes_ready (const SpHand *hand,
                      SpShapes      shapes)
{
  SpShapes ready = 0;
  guint odd = 0, orphan_tiles = 0, distinct = 0;

  for (guint t = 0; t < SP_N_TILE_KINDS; t++)
    {
      odd += hand->counts[t] & 1;
      distinct += hand->counts[t] > 0;
      if (sp_tile_is_terminal_or_honor ((SpTile) t))
        orphan_tiles += hand->counts[t];
    }
  if ((shapes & SP_SHAPE_SEVEN_PAIRS) && odd == 1)
    ready |= SP_SHAPE_SEVEN_PAIRS;
  if ((shapes & SP_SHAPE_THIRTEEN_ORPHANS) && orphan_tiles == 13 && distinct >= 12)
    ready |= SP_SHAPE_THIRTEEN_ORPHANS;
  if ((shapes & SP_SHAPE_KNITTED) && (distinct == 13 || knitted_straight_possible (hand)))
    ready |= SP_SHAPE_KNITTED;
  return ready;
}

/* The waits of @hand into @list; without @roles only how many (list->n), which is what a
 * referee's verdict needs and saves reading each completed hand. */
static guint
hand_waits (const SpHand *hand,
            SpRuleset     ruleset,
            SpWaitList   *list,
            gboolean      with_roles)
{
  SpShapes shapes = sp_ruleset_shapes (ruleset);
  guint needed = sp_hand_sets_needed (hand, ruleset);
  guint8 all[SP_N_TILE_KINDS];
  gboolean candidates[SP_N_TILE_KINDS] = { FALSE };
  ReadyGroups groups;
  SpHand trial;

  g_return_val_if_fail (hand != NULL && list != NULL, 0);

  list->n = 0;
  if (hand->n_concealed != needed * 3 + 1 || hand->n_concealed >= SP_HAND_MAX_CONCEALED)
    return 0;

  /* Special forms only for the hands that are ready for them (checked once, not per tile);
   * they can want any tile.  Only tiles next to a held one can complete sets. */
  if (hand->n_melds == 0 && hand->n_concealed == 13)
    shapes &= SP_SHAPE_SETS | special_shapes_ready (hand, shapes);
  else if (knitted_straight_possible (hand))
    shapes &= SP_SHAPE_SETS | SP_SHAPE_KNITTED;
  else
    shapes &= SP_SHAPE_SETS;
  if (shapes & ~SP_SHAPE_SETS)
    memset (candidates, TRUE, sizeof candidates);
  else
    {
      for (guint t = 0; t < SP_N_TILE_KINDS; t++)
        {
          if (hand->counts[t] == 0)
            continue;
          candidates[t] = TRUE;
          if (t < 27)
            {
              guint r = t % 9;

              if (r >= 1)
                candidates[t - 1] = TRUE;
              if (r >= 2)
                candidates[t - 2] = TRUE;
              if (r <= 7)
                candidates[t + 1] = TRUE;
              if (r <= 6)
                candidates[t + 2] = TRUE;
            }
        }
    }

  ready_groups_init (&groups, hand->counts);
  sp_hand_all_counts (hand, all);
  trial = *hand;
  trial.n_concealed++;
  for (guint t = 0; t < SP_N_TILE_KINDS; t++)
    {
      SpDecompositionList readings;
      guint8 roles;
      SpWait *wait;
      guint kind;

      if (!candidates[t] || all[t] >= 4)
        continue;
      trial.concealed[trial.n_concealed - 1] = (SpTile) t;
      trial.counts[t]++;
      if (!sets_complete_with (&groups, trial.counts, (SpTile) t)
          && !((shapes & ~SP_SHAPE_SETS) && complete_shapes (&trial, shapes & ~SP_SHAPE_SETS, needed)))
        {
          trial.counts[t]--;
          continue;
        }
      if (!with_roles)
        {
          trial.counts[t]--;
          list->n++;
          continue;
        }
      decompose_shapes (&trial, shapes, needed, &readings);
      trial.counts[t]--;
      roles = roles_in (&readings, (SpTile) t);
      for (kind = 0; kind < SP_N_WAIT_KINDS; kind++)
        if (roles & (1u << kind))
          break;
      wait = &list->waits[list->n++];
      wait->tile = (guint8) t;
      wait->kind = (guint8) kind;
      wait->roles = roles;
    }
  return list->n;
}

guint
sp_hand_waits (const SpHand *hand,
               SpRuleset     ruleset,
               SpWaitList   *list)
{
  return hand_waits (hand, ruleset, list, TRUE);
}

guint
sp_hand_n_waits (const SpHand *hand,
                 SpRuleset     ruleset)
{
  SpWaitList list;

  return hand_waits (hand, ruleset, &list, FALSE);
}

/* ---- Shanten ---------------------------------------------------------------------------- */

/* The distance of the sets-and-pair shape is 2 (needed - sets) - min (partials, needed - sets)
 * - pair, at its least over the ways of reading the tiles as sets, partial sets (two tiles of
 * a set: a pair or two of a chow), at most one pair and single tiles.  A suit's (or the
 * honours') reading does not depend on the other groups', so each group is read alone: for
 * each number of sets and with or without the pair, the most partials it can give; the groups
 * are then combined.  That costs the sum of the groups' searches, not their product. */

#define SHANTEN_MAX_SETS 8

typedef struct
{
  gint8 partials[2][SHANTEN_MAX_SETS + 1]; /* [pair][sets]: the most partials, -1 none */
} GroupReadings;

/* The blocks whose lowest tile is the one being read, in the order they are tried: a
 * reading takes them in that order only (a pung and then a chow, never a chow and then a
 * pung) and leaves the rest of the tile's copies single last, so that it comes out once. */
enum
{
  BLOCK_PUNG,
  BLOCK_CHOW,
  BLOCK_PAIR,         /* the pair */
  BLOCK_PAIR_PARTIAL, /* another pair, as a partial set */
  BLOCK_NEXT_PARTIAL, /* t and t + 1 */
  BLOCK_GAP_PARTIAL,  /* t and t + 2 */
};

static void
group_scan (guint8        *c,
            guint          n,
            gboolean       suited,
            guint          t,
            guint          block,
            int            sets,
            int            partials,
            int            pair,
            int            needed,
            GroupReadings *out)
{
  guint8 saved;

  if (c[t] == 0)
    {
      block = BLOCK_PUNG;
      do
        t++;
      while (t < n && c[t] == 0);
    }
  if (t == n)
    {
      if (partials > out->partials[pair][sets])
        out->partials[pair][sets] = (gint8) partials;
      return;
    }
  if (block <= BLOCK_PUNG && c[t] >= 3 && sets < needed)
    {
      c[t] -= 3;
      group_scan (c, n, suited, t, BLOCK_PUNG, sets + 1, partials, pair, needed, out);
      c[t] += 3;
    }
  if (block <= BLOCK_CHOW && suited && t + 2 < n && c[t + 1] && c[t + 2] && sets < needed)
    {
      c[t]--, c[t + 1]--, c[t + 2]--;
      group_scan (c, n, suited, t, BLOCK_CHOW, sets + 1, partials, pair, needed, out);
      c[t]++, c[t + 1]++, c[t + 2]++;
    }
  /* Partials beyond needed - sets in a group would be cut by the formula anyway. */
  if (c[t] >= 2)
    {
      c[t] -= 2;
      if (block <= BLOCK_PAIR && !pair)
        group_scan (c, n, suited, t, BLOCK_PAIR, sets, partials, 1, needed, out);
      if (block <= BLOCK_PAIR_PARTIAL && sets + partials < needed)
        group_scan (c, n, suited, t, BLOCK_PAIR_PARTIAL, sets, partials + 1, pair, needed, out);
      c[t] += 2;
    }
  if (suited && sets + partials < needed)
    {
      if (block <= BLOCK_NEXT_PARTIAL && t + 1 < n && c[t + 1])
        {
          c[t]--, c[t + 1]--;
          group_scan (c, n, suited, t, BLOCK_NEXT_PARTIAL, sets, partials + 1, pair, needed,
                      out);
          c[t]++, c[t + 1]++;
        }
      if (t + 2 < n && c[t + 2])
        {
          c[t]--, c[t + 2]--;
          group_scan (c, n, suited, t, BLOCK_GAP_PARTIAL, sets, partials + 1, pair, needed,
                      out);
          c[t]++, c[t + 2]++;
        }
    }
  /* The copies left stay single. */
  saved = c[t];
  c[t] = 0;
  group_scan (c, n, suited, t, BLOCK_PUNG, sets, partials, pair, needed, out);
  c[t] = saved;
}

static int
sets_shanten (const guint8 *counts,
              int           needed)
{
  /* best[pair][sets]: the most partials of the groups so far. */
  int best[2][SHANTEN_MAX_SETS + 1];
  int value = 2 * needed;

  g_return_val_if_fail (needed >= 0 && needed <= SHANTEN_MAX_SETS, value);

  memset (best, -1, sizeof best);
  best[0][0] = 0;
  for (guint g = 0; g < 4; g++)
    {
      guint8 c[9];
      guint n = g < 3 ? 9 : 7;
      GroupReadings group;
      int next[2][SHANTEN_MAX_SETS + 1];

      memcpy (c, counts + g * 9, n);
      memset (&group, -1, sizeof group);
      group_scan (c, n, g < 3, 0, BLOCK_PUNG, 0, 0, 0, needed, &group);
      memset (next, -1, sizeof next);
      for (int q1 = 0; q1 < 2; q1++)
        for (int s1 = 0; s1 <= needed; s1++)
          {
            if (best[q1][s1] < 0)
              continue;
            for (int q2 = 0; q1 + q2 < 2; q2++)
              for (int s2 = 0; s1 + s2 <= needed; s2++)
                {
                  int p = group.partials[q2][s2];

                  if (p >= 0 && best[q1][s1] + p > next[q1 + q2][s1 + s2])
                    next[q1 + q2][s1 + s2] = best[q1][s1] + p;
                }
          }
      memcpy (best, next, sizeof best);
    }
  for (int q = 0; q < 2; q++)
    for (int s = 0; s <= needed; s++)
      if (best[q][s] >= 0)
        value = MIN (value, 2 * (needed - s) - MIN (best[q][s], needed - s) - q);
  return value;
}

int
sp_hand_shanten (const SpHand *hand,
                 SpRuleset     ruleset)
{
  SpShapes shapes = sp_ruleset_shapes (ruleset);
  int needed = (int) sp_hand_sets_needed (hand, ruleset);
  int best;
  gboolean closed = hand->n_melds == 0 && hand->n_concealed >= 13;

  g_return_val_if_fail (hand != NULL, 0);

  best = sets_shanten (hand->counts, needed);

  if ((shapes & SP_SHAPE_SEVEN_PAIRS) && closed)
    {
      int pairs = 0;
      int kinds = 0;

      for (guint t = 0; t < SP_N_TILE_KINDS; t++)
        {
          pairs += (shapes & SP_SHAPE_DISTINCT_PAIRS) ? hand->counts[t] >= 2
                                                      : hand->counts[t] / 2;
          kinds += hand->counts[t] > 0;
        }
      /* Different pairs: seven kinds are needed, so each kind missing costs a tile. */
      if (shapes & SP_SHAPE_DISTINCT_PAIRS)
        best = MIN (best, 6 - MIN (pairs, 7) + MAX (0, 7 - kinds));
      else
        best = MIN (best, 6 - MIN (pairs, 7));
    }
  if ((shapes & SP_SHAPE_THIRTEEN_ORPHANS) && closed)
    {
      int kinds = 0;
      int pair = 0;

      for (guint i = 0; i < G_N_ELEMENTS (orphans); i++)
        {
          kinds += hand->counts[orphans[i]] > 0;
          pair |= hand->counts[orphans[i]] >= 2;
        }
      best = MIN (best, 13 - kinds - pair);
    }
  if ((shapes & SP_SHAPE_KNITTED) && closed)
    {
      int honors = 0;

      for (guint t = SP_TILE_EAST; t < SP_N_TILE_KINDS; t++)
        honors += hand->counts[t] > 0;
      for (guint k = 0; k < 6; k++)
        {
          int knitted = 0;

          for (guint t = 0; t < 27; t++)
            knitted += in_knitted (k, t) && hand->counts[t] > 0;
          /* 全不靠: 14 distinct tiles of the pattern and honours. */
          best = MIN (best, 13 - MIN (knitted + honors, 14));
        }
    }
  if ((shapes & SP_SHAPE_KNITTED) && needed >= 3 && hand->n_concealed >= 10)
    {
      /* 组合龙: the knitted tiles held, and the rest as one set and a pair. */
      for (guint k = 0; k < 6; k++)
        {
          guint8 rest[SP_N_TILE_KINDS];
          int knitted = 0;

          memcpy (rest, hand->counts, sizeof rest);
          for (guint r = 1; r <= 9; r++)
            {
              SpTile t = sp_tile_make (knitted_orders[k][(r - 1) % 3], r);

              if (rest[t] > 0)
                {
                  rest[t]--;
                  knitted++;
                }
            }
          best = MIN (best, (9 - knitted) + sets_shanten (rest, needed - 3));
        }
    }
  /* A ready shape that waits only on tiles the hand already holds all four of is not ready:
   * the player must change a tile first. */
  if (best == 0 && hand->n_concealed == (guint) needed * 3 + 1)
    {
      if (sp_hand_n_waits (hand, ruleset) == 0)
        best = 1;
    }
  return best;
}
