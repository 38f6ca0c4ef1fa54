/* sp-guangdong.c: the Guangdong referee (番), profile gd of rules/guangdong.md: the 番 of the
 * best reading under the 爆和 cap, the special hands beyond it, points = 2^番, settlement with
 * 全铳/半铳, 包牌 (whole and half) and the 杠上开花 liability, 大小相公 and 诈胡; and the
 * settlement of a win known by its 番 alone.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-referee-private.h"
#include "sp-rule-option-private.h"
#include "sp-rules-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef enum
{
  DISCARD_PAYS_ALL = 0, /* 全铳: the discarder pays for all three */
  DISCARD_PAYS_HALF,    /* 半铳: the discarder one portion, the others half each */
} DiscardPays;

typedef struct
{
  gint32 cap;              /* 爆和 */
  gint32 min_fan;          /* 起和 */
  gint32 discard_pays;     /* DiscardPays */
  gint32 bao;              /* 包牌 */
  gint32 twelve_tile_bao;  /* 十二张落地包自摸 */
  gint32 mixed_straight;   /* 花龙 +1 */
  gint32 north_north;      /* 北风北 */
} Options;

static const char * const profiles[] = { "gd", NULL };

static const SpRuleOption options_list[] = {
  { "cap", "5", "1–13",
    N_("爆和: the most 番 a hand within the cap scores; special hands go beyond it") },
  { "min_fan", "0", "0|1|3", N_("起和: the fewest 番 a win needs (below it: below-minimum)") },
  { "discard_pays", "all", "all|half",
    N_("on a discard: the discarder pays for all three (全铳) or one portion, the others half "
       "(半铳)") },
  { "bao", "on", "on|off",
    N_("包牌 of 清一色/大三元 (--liable X): X who discarded the winning tile to a hand with three "
       "melded sets pays for everyone; X who fed the fourth melded set pays half of each other "
       "payer's share besides his own") },
  { "twelve_tile_bao", "on", "on|off",
    N_("十二张落地包自摸: the feeder of the fourth melded set pays the whole self-draw (--liable)") },
  { "mixed_straight", "off", "on|off",
    N_("花龙 (123, 456, 789 in three suits) +1 番 within the cap") },
  { "north_north", "off", "on|off",
    N_("北风北: in the North round, North with a North pung and 4 番 scores the cap") },
};

static const SpOptionField option_fields[] = {
  { SP_OPTION_INTEGER, G_STRUCT_OFFSET (Options, cap), 1, 13 },
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (Options, min_fan), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (Options, discard_pays), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, bao), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, twelve_tile_bao), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, mixed_straight), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, north_north), 0, 0 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (options_list) == G_N_ELEMENTS (option_fields));

/* ---- The 番 of one reading ---------------------------------------------------------------- */

typedef struct
{
  guint       n;
  SpScoreItem items[12];
  gint32      sum;     /* Σ items, before the cap */
  gint32      total;   /* after the cap; a special hand's own 番 */
  gboolean    special; /* a hand beyond the cap: scored alone */
} Tally;

static inline void
tally_add (Tally      *tally,
           const char *name,
           gint32      value,
           guint32     count)
{
  if (value != 0)
    tally->sum += sp_referee_tally (tally->items, &tally->n, G_N_ELEMENTS (tally->items), name,
                                    value, count);
}

typedef struct
{
  const Options     *options;
  const SpSituation *situation;
  guint8             all[SP_N_TILE_KINDS];
  gboolean           self_drawn;   /* 自摸, 天和 and 地和 included */
  gboolean           concealed;    /* 门前清 */
  guint              n_exposed;    /* claimed melds */
  guint              suits;        /* bit per suit held */
  gboolean           honors;
  gboolean           terminals_only; /* every suited tile a 1 or a 9 */
  gint32             cap;          /* the cap (3 for a 小相公) */
} Facts;

/* 自摸, 海底捞月, 杠上开花, 门前清: the additions that do not depend on the reading. */
static void
add_hand_additions (const Facts *facts,
                    Tally       *tally)
{
  const SpSituation *s = facts->situation;

  /* 抢杠 counts as a self-draw, with no 番 of its own. */
  if (facts->self_drawn || s->kong)
    tally_add (tally, "自摸", 1, 1);
  if (s->wall_last && s->self_drawn)
    tally_add (tally, "海底捞月", 1, 1);
  if (s->kong && s->self_drawn)
    tally_add (tally, "杠上开花", 1, 1);
  if (facts->concealed)
    tally_add (tally, "门前清", 1, 1);
}

/* The special hand of a reading (beyond the cap), the highest when several apply. */
static void
special_hand (const Facts           *facts,
              const SpDecomposition *d,
              guint                  chows,
              guint                  winds,
              guint                  dragons,
              SpTile                 pair,
              const char           **name,
              gint32                *value)
{
  const SpSituation *s = facts->situation;
  gboolean pungs_only = chows == 0;

#define SPECIAL(cond, n, v) \
  if ((cond) && (v) > *value) \
    { \
      *name = (n); \
      *value = (v); \
    }

  *name = NULL;
  *value = 0;
  SPECIAL (d->form == SP_FORM_THIRTEEN_ORPHANS, "十三幺", 9);
  SPECIAL (s->heavenly, "天和", 9);
  SPECIAL (s->human, "人和", 9);
  SPECIAL (s->earthly, "地和", 9);
  SPECIAL (dragons == 3, "大三元", 9);
  SPECIAL (__builtin_popcount (winds) == 4, "大四喜", 9);
  SPECIAL (facts->suits == 0, "字一色", 8);
  SPECIAL (!facts->honors && facts->terminals_only, "清幺九", 8);
  SPECIAL (dragons == 2 && sp_tile_is_dragon (pair), "小三元", 7);
  SPECIAL (__builtin_popcount (winds) == 3 && sp_tile_is_wind (pair), "小四喜", 7);
  SPECIAL (facts->honors && facts->suits != 0 && facts->terminals_only, "混幺九", 6);
  SPECIAL (pungs_only && !facts->honors && __builtin_popcount (facts->suits) == 1, "清碰", 6);
#undef SPECIAL
}

/* 花龙: 123, 456 and 789 in three different suits among the chows. */
static gboolean
has_mixed_straight (const SpDecomposition *d)
{
  static const guint8 orders[6][3] = {
    { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
  };

  for (guint k = 0; k < 6; k++)
    {
      guint found = 0;

      for (guint part = 0; part < 3; part++)
        {
          SpTile start = sp_tile_make ((SpSuit) orders[k][part], 1 + 3 * part);

          for (guint i = 0; i < d->n_sets; i++)
            if (d->sets[i].kind == SP_SET_CHOW && d->sets[i].tile == start)
              {
                found++;
                break;
              }
        }
      if (found == 3)
        return TRUE;
    }
  return FALSE;
}

static void
score_reading (const Facts           *facts,
               const SpDecomposition *d,
               const Tally           *additions,
               Tally                 *tally)
{
  const Options *o = facts->options;
  const SpSituation *s = facts->situation;
  guint chows = 0, pungs = 0, winds = 0, dragons = 0;
  SpTile pair = SP_TILE_NONE;
  SpTile seat = sp_tile_for_wind ((SpWind) s->seat_wind);
  SpTile round = sp_tile_for_wind ((SpWind) s->round_wind);
  gboolean one_suit = __builtin_popcount (facts->suits) == 1;
  const char *special;
  gint32 special_value;

  for (guint i = 0; i < d->n_sets; i++)
    {
      const SpSet *set = &d->sets[i];

      if (set->kind == SP_SET_CHOW)
        chows++;
      else if (set->kind == SP_SET_PAIR)
        pair = set->tile;
      else
        {
          pungs++;
          if (sp_tile_is_wind (set->tile))
            winds |= 1u << (set->tile - SP_TILE_EAST);
          else if (sp_tile_is_dragon (set->tile))
            dragons++;
        }
    }

  memset (tally, 0, sizeof *tally);
  special_hand (facts, d, chows, winds, dragons, pair, &special, &special_value);
  if (special != NULL)
    {
      tally_add (tally, special, special_value, 1);
      tally->total = special_value;
      tally->special = TRUE;
      return;
    }

  /* The hand itself: 清一色/混碰 5, 混一色/碰碰胡 3, 平胡 1 (also with 混一色/清一色), 鸡糊 0. */
  if (one_suit && !facts->honors)
    tally_add (tally, "清一色", 5, 1);
  else if (one_suit && pungs == d->n_sets - 1)
    tally_add (tally, "混碰", 5, 1);
  else if (one_suit)
    tally_add (tally, "混一色", 3, 1);
  else if (pungs == d->n_sets - 1)
    tally_add (tally, "碰碰胡", 3, 1);
  if (chows == d->n_sets - 1)
    tally_add (tally, "平胡", 1, 1);

  for (guint i = 0; i < additions->n; i++)
    tally_add (tally, additions->items[i].name, additions->items[i].value,
               additions->items[i].count);
  tally_add (tally, "风牌刻", 1,
             ((winds >> (seat - SP_TILE_EAST)) & 1) + ((winds >> (round - SP_TILE_EAST)) & 1));
  tally_add (tally, "三元牌", 1, dragons);
  if (o->mixed_straight && has_mixed_straight (d))
    tally_add (tally, "花龙", 1, 1);

  tally->total = MIN (tally->sum, facts->cap);
  /* 北风北: North's North pung in the North round with 4 番 scores the cap. */
  if (o->north_north && s->seat_wind == SP_WIND_NORTH && s->round_wind == SP_WIND_NORTH
      && (winds & (1u << (SP_TILE_NORTH - SP_TILE_EAST))) && tally->sum >= 4)
    tally->total = facts->cap;
}

/* ---- Settlement and penalties ----------------------------------------------------------- */

/* Who pays for whom: the usual shares, or a liable player for all three or for half. */
typedef enum
{
  LIABLE_NONE = 0,
  LIABLE_WHOLE, /* the liable player pays the whole hand */
  LIABLE_HALF,  /* the liable player pays half of each other payer's share, and his own */
} Liability;

/* 清一色 (清碰 is a 清一色 too) and 大三元: the hands 包牌 covers. */
static gboolean
is_bao_hand (const Tally *best)
{
  const char *name = best->n > 0 ? best->items[0].name : "";

  return strcmp (name, "清一色") == 0 || strcmp (name, "清碰") == 0
         || strcmp (name, "大三元") == 0;
}

/* The liability --liable names, from the tiles: 杠上开花 on a melded kong and 十二张落地包自摸
 * make the liable player pay the whole self-draw; 包牌 of a 清一色/大三元 with three melded
 * sets makes the discarder of the winning tile pay for everyone, and the feeder of the fourth
 * melded set (not the discarder of the winning tile) pays half. */
static Liability
find_liability (const Facts  *facts,
                const SpHand *hand,
                const Tally  *best)
{
  const SpSituation *s = facts->situation;
  const Options *o = facts->options;
  gboolean melded_kong = FALSE;

  if (s->liable == SP_SEAT_NONE || s->liable == s->seat_wind)
    return LIABLE_NONE;
  for (guint i = 0; i < hand->n_melds; i++)
    melded_kong |= hand->melds[i].kind == SP_MELD_KONG && hand->melds[i].kong == SP_KONG_MELDED;
  if (facts->self_drawn
      && ((s->kong && melded_kong) || (o->twelve_tile_bao && facts->n_exposed == 4)))
    return LIABLE_WHOLE;
  if (!o->bao || facts->n_exposed < 3 || !is_bao_hand (best))
    return LIABLE_NONE;
  if (facts->n_exposed == 4
      && (facts->self_drawn || s->liable != sp_situation_discarder (s)))
    return LIABLE_HALF;
  return LIABLE_WHOLE;
}

/* Settles a win of @points (2^番) for the winner at situation->seat_wind: self-drawn, all three
 * pay; on a discard 全铳 or 半铳 (抢杠: the kong player pays for all three); then @liability
 * moves the shares onto the liable player. */
static void
settle (const Options     *o,
        const SpSituation *s,
        gboolean           self_drawn,
        gint64             points,
        Liability          liability,
        SpScoreResult     *result)
{
  guint winner = s->seat_wind;
  gint64 stake = points * ((s->given & SP_SITUATION_BASE) ? s->base : 1);
  gint64 share[4] = { 0 };

  memset (result->settlement, 0, sizeof result->settlement);
  result->has_settlement = TRUE;

  if (self_drawn)
    {
      for (guint payer = 0; payer < 4; payer++)
        if (payer != winner)
          share[payer] = stake;
    }
  else
    {
      /* 人和 is won on the dealer's first discard. */
      guint discarder = s->human && s->discarder == SP_SEAT_NONE ? s->dealer
                        : sp_situation_discarder (s);

      if (s->kong || o->discard_pays == DISCARD_PAYS_ALL)
        share[discarder] = 3 * stake;
      else
        /* 半铳: the discarder pays one portion, the two others half a portion each. */
        for (guint payer = 0; payer < 4; payer++)
          if (payer != winner)
            share[payer] = payer == discarder ? stake : stake / 2;
    }

  for (guint payer = 0; payer < 4; payer++)
    {
      gint64 moved;

      if (liability == LIABLE_NONE || payer == winner || payer == s->liable)
        continue;
      moved = liability == LIABLE_WHOLE ? share[payer] : share[payer] - share[payer] / 2;
      share[payer] -= moved;
      share[s->liable] += moved;
    }
  if (liability == LIABLE_WHOLE)
    share[s->liable] = 3 * stake;

  for (guint payer = 0; payer < 4; payer++)
    if (share[payer] != 0)
      sp_referee_pay (result->settlement, payer, winner, share[payer]);
}

/* A win known by its 番 alone (hand add --fan N): 2^番 within the cap, settled as a scored
 * hand is; without the tiles nobody can be liable (a 杠上开花 is an ordinary self-draw). */
static void
settle_total (gconstpointer      options,
              const SpSituation *situation,
              gint32             total,
              SpScoreResult     *result)
{
  const Options *o = options;
  gint32 fan = MIN (total, o->cap);

  if (situation->liable != SP_SEAT_NONE)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              /* Translators: 包牌 and 杠上开花 are the rules' names, kept as
                               * they are. */
                              _("--liable needs the tiles (--hand): 包牌 and the 杠上开花 "
                                "liability depend on the melded sets"));
      return;
    }
  result->total = fan;
  if (fan < o->min_fan)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BELOW_MINIMUM,
                              /* Translators: 起和 is the rules' name of the minimum, kept as
                               * it is. */
                              _("below the minimum: %d 番 where this table needs %d (起和)"), fan,
                              o->min_fan);
      return;
    }
  result->points = (gint64) 1 << fan;
  result->win = TRUE;
  settle (o, situation, situation->self_drawn || situation->heavenly || situation->earthly,
          result->points, LIABLE_NONE, result);
}

/* 诈胡: the false winner pays each of the three the 番 he claimed, as points. */
static void
penalize_false_win (const Facts   *facts,
                    gint32         claimed_fan,
                    SpScoreResult *result)
{
  const SpSituation *s = facts->situation;
  gint64 amount = ((gint64) 1 << MIN (claimed_fan, 30))
                  * ((s->given & SP_SITUATION_BASE) ? s->base : 1);

  result->has_penalty = TRUE;
  memset (result->penalty, 0, sizeof result->penalty);
  for (guint other = 0; other < 4; other++)
    if (other != s->seat_wind)
      sp_referee_pay (result->penalty, s->seat_wind, other, amount);
  /* The amount really paid: 2^番 of the claim times the stake.  Stored with the penalty in the
   * database: in the rules' own words, untranslated. */
  g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
              "诈胡 (false win): %d 番 claimed, %" G_GINT64_FORMAT " to each of the three",
              claimed_fan, amount);
}

/* 诈胡 declared with the 番 claimed and no tiles (sp_rules_penalize_claim). */
static void
penalize_claim (gconstpointer      options,
                const SpSituation *situation,
                gint32             claimed,
                SpScoreResult     *result)
{
  Facts facts = { .options = options, .situation = situation };

  penalize_false_win (&facts, claimed, result);
}

/* ---- The referee ------------------------------------------------------------------------ */

static void
fill_facts (Facts             *facts,
            const Options     *o,
            const SpHand      *hand,
            const SpSituation *s)
{
  SpTileFacts tiles;

  facts->options = o;
  facts->situation = s;
  sp_hand_all_counts (hand, facts->all);
  facts->self_drawn = s->self_drawn || s->heavenly || s->earthly;
  facts->n_exposed = 0;
  for (guint i = 0; i < hand->n_melds; i++)
    facts->n_exposed += sp_meld_is_exposed (&hand->melds[i]);
  facts->concealed = facts->n_exposed == 0;
  sp_referee_tile_facts (facts->all, &tiles);
  facts->suits = tiles.suits;
  facts->honors = tiles.honors;
  facts->terminals_only = tiles.terminals_only;
  facts->cap = o->cap;
}

/* A 小相公 hand short of whole sets (three tiles per missing set) may still win, at most 3 番:
 * its readings are those of the hand with as many sets fewer. */
static guint
decompose_short (const SpHand        *hand,
                 SpDecompositionList *list)
{
  SpHand padded = *hand;
  guint missing = (14 - (sp_hand_n_tiles (hand) - sp_hand_n_kongs (hand)));

  list->n = 0;
  if (missing % 3 != 0 || hand->n_melds + missing / 3 > SP_HAND_MAX_MELDS)
    return 0;
  /* Stand-in melds for the missing sets let the decomposer count the sets it needs; they
   * are dropped from each reading before scoring. */
  for (guint i = 0; i < missing / 3; i++)
    {
      SpMeld *meld = &padded.melds[padded.n_melds++];

      memset (meld, 0, sizeof *meld);
      meld->kind = SP_MELD_CHOW;
      meld->tile = SP_TILE_1M;
    }
  sp_hand_decompose (&padded, SP_RULESET_GUANGDONG, list);
  for (guint r = 0; r < list->n; r++)
    {
      SpDecomposition *d = &list->items[r];
      guint k = 0;
      guint8 winning = 0;

      for (guint i = 0; i < d->n_sets; i++)
        {
          if (d->sets[i].meld != SP_SET_CONCEALED_PART && d->sets[i].meld >= hand->n_melds)
            continue;
          if (d->winning_sets & (1u << i))
            winning |= (guint8) (1u << k);
          d->sets[k++] = d->sets[i];
        }
      d->n_sets = (guint8) k;
      d->winning_sets = winning;
    }
  return list->n;
}

static void
score (gconstpointer      options,
       const SpHand      *hand,
       const SpSituation *situation,
       SpScoreResult     *result)
{
  const Options *o = options;
  SpTileCount count;
  SpDecompositionList list;
  Facts facts;
  Tally additions = { 0 }, best = { 0 }, tally;
  gboolean found = FALSE;

  sp_score_result_init (result, SP_RULESET_GUANGDONG);

  if (situation->flower_win)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              /* Translators: 八仙過海 and 七搶一 are the rules' names of the
                               * Taiwanese flower wins, kept as they are. */
                              _("Guangdong has no flower wins: the hand - is a Taiwanese 八仙過海 "
                                "or 七搶一"));
      return;
    }
  if (!sp_referee_check_hand (hand, situation, SP_RULESET_GUANGDONG, &count, result))
    return;
  if (situation->human && situation->seat_wind == situation->dealer)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              /* Translators: %s is a seat: E, S, W or N. */
                              _("--human (人和) is a non-dealer's win, and the winner (%s) deals"),
                              sp_wind_to_string ((SpWind) situation->seat_wind));
      return;
    }
  if (situation->human && situation->discarder != SP_SEAT_NONE
      && situation->discarder != situation->dealer)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              /* Translators: both %s are seats (E, S, W or N): the dealer's
                               * and the discarder's. */
                              _("--human (人和) is won on the dealer's (%s) first discard, not on "
                                "%s's"), sp_wind_to_string ((SpWind) situation->dealer),
                              sp_wind_to_string ((SpWind) situation->discarder));
      return;
    }

  fill_facts (&facts, o, hand, situation);
  if (count == SP_TILE_COUNT_TOO_FEW)
    {
      /* 小相公: a dead hand unless its tiles still make a win, then worth 3 番 at most. */
      if (decompose_short (hand, &list) == 0)
        {
          sp_referee_refuse_count (hand, SP_RULESET_GUANGDONG, count, result);
          return;
        }
      facts.cap = MIN (facts.cap, 3);
    }
  else if (sp_hand_decompose (hand, SP_RULESET_GUANGDONG, &list) == 0)
    {
      sp_referee_refuse_not_a_win (hand, SP_RULESET_GUANGDONG, result);
      /* A false win's claim cannot be read from its tiles: only the additions that do not
       * depend on them (自摸, 门前清, …) are counted. */
      add_hand_additions (&facts, &additions);
      penalize_false_win (&facts, additions.sum, result);
      return;
    }

  add_hand_additions (&facts, &additions);
  for (guint i = 0; i < list.n; i++)
    {
      score_reading (&facts, &list.items[i], &additions, &tally);
      if (count == SP_TILE_COUNT_TOO_FEW)
        tally.total = MIN (tally.total, 3);
      if (!found || tally.total > best.total
          || (tally.total == best.total && tally.sum > best.sum))
        {
          best = tally;
          found = TRUE;
        }
    }

  sp_referee_add_items (result, best.items, best.n);
  result->total = best.total;
  result->points = (gint64) 1 << best.total;
  if (best.total < o->min_fan)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BELOW_MINIMUM,
                              /* Translators: 起和 is the rules' name of the minimum, kept as
                               * it is. */
                              _("below the minimum: %d 番 where this table needs %d (起和)"),
                              best.total, o->min_fan);
      return;
    }
  result->win = TRUE;
  settle (o, situation, facts.self_drawn, result->points, find_liability (&facts, hand, &best),
          result);
}

/* The situation's switches, in the rules' own words (SPEC.md §3.1). */
static const SpSituationToggle situation_toggles[] = {
  { "self-drawn", "自摸", N_("Self-drawn") },
  { "kong", "杠上开花/抢杠",
    N_("Out on a kong's replacement tile (self-drawn) or robbing a kong") },
  { "wall-last", "海底捞月", N_("The last tile of the wall") },
  { "heavenly", "天和", N_("Heavenly hand: the dealer's win on the deal") },
  { "earthly", "地和", N_("Earthly hand: a win on the dealer's first discard") },
  { "human", "人和", N_("Humanly hand: a win before one's first draw") },
};

/* The tile count refused (sp_hand_check_tile_count). */
static void
refuse_tile_count (guint    n_tiles,
                   guint    n_kongs,
                   guint    needed,
                   GError **error)
{
  if (n_kongs > 0)
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT,
                 /* Translators: the tiles written, the kongs declared, the tiles needed */
                 g_dngettext (GETTEXT_PACKAGE,
                              "%u tiles: a Guangdong hand with %u kong needs %u",
                              "%u tiles: a Guangdong hand with %u kongs needs %u", n_kongs),
                 n_tiles, n_kongs, needed + n_kongs);
  else
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT,
                 _("%u tiles: a Guangdong hand needs %u (+1 per kong)"), n_tiles, needed);
}

static void
claim_bounds (gconstpointer  options,
              gint64        *least,
              gint64        *most)
{
  const Options *o = options;

  *least = o->min_fan;
  /* Within the cap at most the cap (爆和); beyond it the special hands, 9 番 at most. */
  *most = MAX (o->cap, 9);
}

const SpRulesetClass sp_guangdong_class = {
  .profiles = profiles,
  .options_size = sizeof (Options),
  .init_options = NULL, /* the defaults of options_list */
  .options = options_list,
  .n_options = G_N_ELEMENTS (options_list),
  .score = score,
  .settle = settle_total,
  .penalize_claim = penalize_claim,
  .own_situation_fields = 0,
  .settle_value = NULL,
  .situation_toggles = situation_toggles,
  .n_situation_toggles = G_N_ELEMENTS (situation_toggles),

  .option_fields = option_fields,
  .name = "guangdong",
  .title = N_("Guangdong 广东"),
  /* Translators: the Guangdong rules, inside refusals such as "more than any Guangdong
   * hand". */
  .short_title = N_("Guangdong"),
  .unit = "番", /* the rules' own word */
  .hand_size = 13,
  .max_melds = 4,
  .red_fives = FALSE,
  .shapes = SP_SHAPE_SETS | SP_SHAPE_THIRTEEN_ORPHANS,
  .settings = SP_RULESET_HAS_BASE | SP_RULESET_HAS_DEALER_REPEATS,
  .refuse_tile_count = refuse_tile_count,
  /* 小相公: a hand short of tiles may still win. */
  .short_hand_may_win = TRUE,
  .melded_kong_replacement_wins = TRUE,
  .item_titles = sp_guangdong_item_titles,
  .item_title_context = "Guangdong fan",
  /* The items it shares with MCR take MCR's titles. */
  .more_item_titles = sp_mcr_item_titles,
  .more_item_title_context = "MCR fan",
  /* Its rules (rules/guangdong.md) name no chair change: the deal simply keeps going round,
   * or repeats (連莊) where the tournament plays it. */
  .rotation = SP_ROTATION_FIXED,
  .repeating_rotation = SP_ROTATION_REPEATING,
  .default_seating = "random",
  .default_ranking = "score",
  .claim_bounds = claim_bounds,
  .liable_payer = TRUE, /* 包牌 */
  .stakes_refusal = N_("Guangdong pays by 番, not by 台: a per-tai amount would change nothing "
                       "(the stake is the base)"),
  .traits = {
    .unit = SP_RULESET_UNIT_FAN_DOUBLED,
    .keeps_points = FALSE,
    .has_counters = FALSE,
    .counts_streak = FALSE,
    .names_dealer = TRUE,
    .has_flowers = TRUE,
    .has_dora = FALSE,
    .places_by_uma = FALSE,
    /* The dealer may keep the deal (連莊, the tournament's choice): rows for the repeats. */
    .form_hands = 24,
    .ema_results = FALSE,
    .r98_forms = TRUE,
  },
};
