/* sp-taiwan.c: the Taiwanese 16-tile referee (台), profile tw of rules/taiwan.md: the 台 of
 * the best reading, flower wins, 四槓牌, settlement with the dealer's 2N+1 台 and 詐胡.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-referee-private.h"
#include "sp-rule-option-private.h"
#include "sp-rules-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef enum
{
  PINGHU_STANDARD = 0,
  PINGHU_NO_WITH_MENQING,   /* 門清無平胡 */
  PINGHU_NO_WITH_OTHER_TAI, /* 有其他臺種無平胡 */
  PINGHU_NO_IF_MULTI_WAIT,  /* 聽超過兩種牌沒平胡 */
  PINGHU_NO_TRIPLET_SHAPE,  /* 手牌有三張同樣的牌沒平胡 */
} PinghuRule;

typedef enum
{
  FLOWERS_BY_NAME = 0,   /* 春梅 東, 夏蘭 南, 秋菊 西, 冬竹 北 */
  FLOWERS_BY_NUMBER = 1, /* 梅蘭竹菊 = 1–4 */
} FlowerMapping;

typedef enum
{
  FALSE_WIN_ALL_THREE = 0, /* 賠三家 */
  FALSE_WIN_DEALER_ONLY,   /* 僅賠莊家 */
  FALSE_WIN_FIXED,         /* a fixed amount to each other player */
} FalseWinPenalty;

typedef struct
{
  gint32 pinghu;                       /* PinghuRule */
  gint32 all_honors_value;
  gint32 heavenly_value;
  gint32 wait_tai_any_reading;
  gint32 half_melded;
  gint32 melded_hand_adds_single_wait;
  gint32 small_winds_keeps_wind_tai;
  gint32 flower_set_keeps_own_flower;
  gint32 flower_mapping;               /* FlowerMapping */
  gint32 dead_wall;                    /* index into "16|16+1/kong|16+2/kong|0" */
  gint32 multiple_winners;
  gint32 max_tai;                      /* 0: no cap */
  gint32 flower_wins;
  gint32 false_win_penalty;            /* FalseWinPenalty */
  gint32 false_win_fixed;              /* the amount of fixed:N */
} Options;

static const char * const profiles[] = { "tw", NULL };

enum
{
  OPTION_MAX_TAI = 11,
  OPTION_FALSE_WIN_PENALTY = 13,
};

static const SpRuleOption options_list[] = {
  { "pinghu", "standard",
    "standard|no-with-menqing|no-with-other-tai|no-if-multi-wait>2|no-triplet-shape",
    N_("平胡: standard, or one of the stricter table rules (no 平胡 with 門清, with any other 台, "
       "with more than two waiting tiles, or with three of a tile in the hand)") },
  { "all_honors_value", "16", "16|8", N_("台 of 字一色") },
  { "heavenly_value", "24", "16|24|32", N_("台 of 天胡") },
  { "wait_tai_any_reading", "off", "on|off",
    N_("邊張/中洞/單吊 in any reading that shows them (抓得出來就有臺), not only for a unique wait") },
  { "half_melded", "on", "on|off", N_("半求: all five sets melded, self-drawn on the pair, 1 台") },
  { "melded_hand_adds_single_wait", "off", "on|off", N_("全求 and 半求 also score 單吊") },
  { "small_winds_keeps_wind_tai", "on", "on|off", N_("小四喜 keeps 門風 and 圈風") },
  { "flower_set_keeps_own_flower", "off", "on|off", N_("花槓 keeps the 正花 of its set") },
  { "flower_mapping", "by-name", "by-name|by-number",
    N_("own flowers: by name (春梅 東, 夏蘭 南, 秋菊 西, 冬竹 北) or by number (梅蘭竹菊 1–4)") },
  { "dead_wall", "16", "16|16+1/kong|16+2/kong|0",
    N_("tiles left in the wall at an exhaustive draw (play rule, kept with the tournament)") },
  { "multiple_winners", "off", "on|off",
    N_("several players may win on one discard (off: the nearest claimant wins, 截胡)") },
  { "max_tai", "none", "none|N", N_("cap on the hand's 台 paid in settlement (none: no cap)") },
  { "flower_wins", "on", "on|off",
    N_("七搶一: seven flowers win when another player holds the eighth") },
  { "false_win_penalty", "三家", "三家|dealer-only|fixed:N",
    N_("詐胡: pay each other player 底 + the 台 claimed (三家), only the dealer, or N to each") },
};

static const SpOptionField option_fields[] = {
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (Options, pinghu), 0, 0 },
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (Options, all_honors_value), 0, 0 },
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (Options, heavenly_value), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, wait_tai_any_reading), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, half_melded), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, melded_hand_adds_single_wait), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, small_winds_keeps_wind_tai), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, flower_set_keeps_own_flower), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (Options, flower_mapping), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (Options, dead_wall), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, multiple_winners), 0, 0 },
  { SP_OPTION_CUSTOM, 0, 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, flower_wins), 0, 0 },
  { SP_OPTION_CUSTOM, 0, 0, 0 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (options_list) == G_N_ELEMENTS (option_fields));

/* max_tai and false_win_penalty, which the table cannot read. */
static gboolean
set_custom_option (gpointer     options,
                   guint        index,
                   const char  *value,
                   GError     **error)
{
  Options *o = options;

  if (index == OPTION_MAX_TAI)
    {
      guint64 n;

      if (strcmp (value, "none") == 0)
        o->max_tai = 0;
      else if (g_ascii_string_to_unsigned (value, 10, 1, 10000, &n, NULL))
        o->max_tai = (gint32) n;
      else
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: %s is the value given; max_tai and none are notation. */
                       _("option max_tai: '%s' is neither none nor a number of 台 from 1"), value);
          return FALSE;
        }
    }
  else if (index == OPTION_FALSE_WIN_PENALTY)
    {
      guint64 n;

      if (strcmp (value, "三家") == 0)
        o->false_win_penalty = FALSE_WIN_ALL_THREE;
      else if (strcmp (value, "dealer-only") == 0)
        o->false_win_penalty = FALSE_WIN_DEALER_ONLY;
      else if (g_str_has_prefix (value, "fixed:")
               && g_ascii_string_to_unsigned (value + 6, 10, 0, 1000000000, &n, NULL))
        {
          o->false_win_penalty = FALSE_WIN_FIXED;
          o->false_win_fixed = (gint32) n;
        }
      else
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: %s is the value given; false_win_penalty and the values
                        * 三家, dealer-only and fixed:N are notation, kept as they are. */
                       _("option false_win_penalty: '%s' is not 三家, dealer-only or fixed:N"),
                       value);
          return FALSE;
        }
    }
  return TRUE;
}

static char *
get_custom_option (gconstpointer options,
                   guint         index)
{
  const Options *o = options;

  if (index == OPTION_MAX_TAI)
    return o->max_tai == 0 ? g_strdup ("none") : g_strdup_printf ("%d", o->max_tai);
  switch ((FalseWinPenalty) o->false_win_penalty)
    {
    case FALSE_WIN_DEALER_ONLY:
      return g_strdup ("dealer-only");
    case FALSE_WIN_FIXED:
      return g_strdup_printf ("fixed:%d", o->false_win_fixed);
    case FALSE_WIN_ALL_THREE:
    default:
      return g_strdup ("三家");
    }
}

/* ---- The 台 of one reading ---------------------------------------------------------------- */

/* The items of one reading, on the stack. */
typedef struct
{
  guint       n;
  SpScoreItem items[24];
  gint32      total;
  guint       wait_rank; /* 單吊 3 > 中洞 2 > 邊張 1: names a unique wait read several ways */
} Tally;

static inline void
tally_add (Tally      *tally,
           const char *name,
           gint32      value,
           guint32     count)
{
  tally->total += sp_referee_tally (tally->items, &tally->n, G_N_ELEMENTS (tally->items), name,
                                    value, count);
}

/* What every reading of the hand shares. */
typedef struct
{
  const Options     *options;
  const SpSituation *situation;
  guint8             all[SP_N_TILE_KINDS]; /* every tile, melds included */
  gboolean           self_drawn;           /* 自摸, 天胡 included */
  gboolean           concealed;            /* 門清: no claimed meld */
  gboolean           all_melded;           /* 全求/半求: five claimed melds */
  guint              n_waits;              /* of the hand without its winning tile */
  guint              suits;                /* bit per suit held */
  gboolean           honors;
  gboolean           triplet_shape;        /* three of a tile somewhere in the hand */
} Facts;

/* Flower numbers 0–7 that are the winner's own (正花): one of 春夏秋冬, one of 梅蘭菊竹. */
static guint8
own_flowers (const Options *o,
             guint8         seat)
{
  static const guint8 by_number[4] = { 4, 5, 7, 6 }; /* 梅蘭竹菊 */
  guint8 second = o->flower_mapping == FLOWERS_BY_NUMBER ? by_number[seat] : (guint8) (4 + seat);

  return (guint8) ((1u << seat) | (1u << second));
}

/* 正花 and 花槓 from the flowers listed. */
static void
add_flowers (const Facts *facts,
             Tally       *tally)
{
  const SpSituation *s = facts->situation;
  guint8 own = own_flowers (facts->options, s->seat_wind) & s->flowers;
  guint sets = 0;

  for (guint set = 0; set < 2; set++)
    {
      guint8 mask = (guint8) (0x0f << (4 * set));

      if ((s->flowers & mask) == mask)
        {
          sets++;
          if (!facts->options->flower_set_keeps_own_flower)
            own &= (guint8) ~mask;
        }
    }
  tally_add (tally, "正花", 1, (guint32) __builtin_popcount (own));
  tally_add (tally, "花槓", 2, sets);
}

/* The items that do not depend on the reading (on the hand's melds and the situation). */
static void
add_hand_items (const Facts *facts,
                Tally       *tally)
{
  const Options *o = facts->options;
  const SpSituation *s = facts->situation;
  gboolean first_win = s->heavenly || s->earthly;

  if (facts->concealed && !first_win && !s->human)
    tally_add (tally, "門清", 1, 1);
  if (facts->concealed && facts->self_drawn && !first_win)
    tally_add (tally, "不求", 1, 1);
  if (facts->self_drawn && !first_win)
    tally_add (tally, "自摸", 1, 1);
  add_flowers (facts, tally);
  if (s->kong && !s->self_drawn)
    tally_add (tally, "搶槓", 1, 1);
  if (s->self_drawn && (s->kong || s->flower_replacement) && !s->heavenly)
    tally_add (tally, "槓上開花", 1, 1);
  if (s->wall_last && !facts->self_drawn)
    tally_add (tally, "河底撈魚", 1, 1);
  if (s->wall_last && facts->self_drawn)
    tally_add (tally, "海底撈月", 1, 1);
  if (facts->all_melded && !facts->self_drawn)
    tally_add (tally, "全求", 2, 1);
  if (facts->all_melded && facts->self_drawn && o->half_melded)
    tally_add (tally, "半求", 1, 1);
  if (s->ready_first_draw && !s->earthly && !s->human)
    tally_add (tally, "地聽", 8, 1);
  if (s->ready_at_deal && !s->heavenly && !s->earthly && !s->human)
    tally_add (tally, "天聽", 16, 1);
  if (s->earthly)
    tally_add (tally, "地胡", 16, 1);
  if (s->human)
    tally_add (tally, "人胡", 16, 1);
  if (s->heavenly)
    tally_add (tally, "天胡", o->heavenly_value, 1);
}

static guint8
tile_wait_role (const SpSet *set,
                SpTile       tile)
{
  guint position;

  if (set->kind == SP_SET_PAIR)
    return SP_WAIT_SINGLE;
  if (set->kind != SP_SET_CHOW)
    return SP_WAIT_DOUBLE_PUNG;
  position = (guint) (tile - set->tile);
  if (position == 1)
    return SP_WAIT_CLOSED;
  if ((position == 2 && sp_tile_rank (set->tile) == 1)
      || (position == 0 && sp_tile_rank (set->tile) == 7))
    return SP_WAIT_EDGE;
  return SP_WAIT_TWO_SIDED;
}

/* Scores one reading: @d with the winning tile in its set @w. */
static void
score_reading (const Facts           *facts,
               const SpHand          *hand,
               const SpDecomposition *d,
               guint                  w,
               const Tally           *hand_items,
               Tally                 *tally)
{
  const Options *o = facts->options;
  const SpSituation *s = facts->situation;
  SpTile winning = sp_hand_winning_tile (hand);
  guint chows = 0, concealed_pungs = 0, winds = 0, dragons = 0;
  SpTile pair = SP_TILE_NONE;
  gboolean all_honors, big_winds, small_winds, big_dragons, small_dragons, wind_tai;
  guint8 role = tile_wait_role (&d->sets[w], winning);
  SpTile seat = sp_tile_for_wind ((SpWind) s->seat_wind);
  SpTile round = sp_tile_for_wind ((SpWind) s->round_wind);
  guint n_before_pinghu;

  *tally = *hand_items;
  for (guint i = 0; i < d->n_sets; i++)
    {
      const SpSet *set = &d->sets[i];

      switch ((SpSetKind) set->kind)
        {
        case SP_SET_CHOW:
          chows++;
          break;
        case SP_SET_PAIR:
          pair = set->tile;
          break;
        case SP_SET_PUNG:
        case SP_SET_KONG:
          /* 暗刻: a concealed pung or a concealed kong, but not a pung the winning tile
           * completes on a discard (搶槓 included) in this reading. */
          if (set->meld == SP_SET_CONCEALED_PART)
            concealed_pungs += !(i == w && !facts->self_drawn);
          else
            concealed_pungs += !sp_meld_is_exposed (&hand->melds[set->meld]);
          if (sp_tile_is_wind (set->tile))
            winds |= 1u << (set->tile - SP_TILE_EAST);
          else if (sp_tile_is_dragon (set->tile))
            dragons++;
          break;
        default:
          break;
        }
    }

  all_honors = facts->suits == 0;
  big_winds = winds == 0x0f;
  small_winds = __builtin_popcount (winds) == 3 && sp_tile_is_wind (pair);
  big_dragons = dragons == 3;
  small_dragons = dragons == 2 && sp_tile_is_dragon (pair);
  wind_tai = !all_honors && !big_winds && (!small_winds || o->small_winds_keeps_wind_tai);

  if (wind_tai && (winds & (1u << (seat - SP_TILE_EAST))))
    tally_add (tally, "門風", 1, 1);
  if (wind_tai && (winds & (1u << (round - SP_TILE_EAST))))
    tally_add (tally, "圈風", 1, 1);
  if (!all_honors && !big_dragons && !small_dragons)
    tally_add (tally, "三元牌", 1, dragons);

  /* 獨聽: one wait 台 at most, only for a unique wait (or any reading, by option), never
   * on a dealt hand (天胡) nor, by default, on a melded hand (全求, 半求). */
  if ((facts->n_waits == 1 || o->wait_tai_any_reading) && !s->heavenly
      && (!facts->all_melded || o->melded_hand_adds_single_wait))
    {
      if (role == SP_WAIT_SINGLE)
        {
          tally_add (tally, "單吊", 1, 1);
          tally->wait_rank = 3;
        }
      else if (role == SP_WAIT_CLOSED)
        {
          tally_add (tally, "中洞", 1, 1);
          tally->wait_rank = 2;
        }
      else if (role == SP_WAIT_EDGE)
        {
          tally_add (tally, "邊張", 1, 1);
          tally->wait_rank = 1;
        }
    }

  if (concealed_pungs >= 5)
    tally_add (tally, "五暗刻", 8, 1);
  else if (concealed_pungs == 4)
    tally_add (tally, "四暗刻", 5, 1);
  else if (concealed_pungs == 3)
    tally_add (tally, "三暗刻", 2, 1);
  if (chows == 0 && !all_honors)
    tally_add (tally, "碰碰胡", 4, 1);
  if (small_dragons && !all_honors)
    tally_add (tally, "小三元", 4, 1);
  if (big_dragons)
    tally_add (tally, "大三元", 8, 1);
  if (small_winds)
    tally_add (tally, "小四喜", 8, 1);
  if (big_winds)
    tally_add (tally, "大四喜", 16, 1);
  if (all_honors)
    tally_add (tally, "字一色", o->all_honors_value, 1);
  else if (__builtin_popcount (facts->suits) == 1)
    {
      if (facts->honors)
        tally_add (tally, "混一色", 4, 1);
      else
        tally_add (tally, "清一色", 8, 1);
    }

  /* 平胡: five chows and a pair without honours or flowers, won on a discard by a chow from a
   * two-sided wait in this reading; the table's variants narrow it. */
  n_before_pinghu = tally->n;
  if (chows == 5 && !facts->honors && !facts->self_drawn && role == SP_WAIT_TWO_SIDED
      && s->n_flowers == 0)
    {
      gboolean allowed = TRUE;

      switch ((PinghuRule) o->pinghu)
        {
        case PINGHU_NO_WITH_MENQING:
          allowed = !facts->concealed;
          break;
        case PINGHU_NO_WITH_OTHER_TAI:
          allowed = n_before_pinghu == 0;
          break;
        case PINGHU_NO_IF_MULTI_WAIT:
          allowed = facts->n_waits <= 2;
          break;
        case PINGHU_NO_TRIPLET_SHAPE:
          allowed = !facts->triplet_shape;
          break;
        case PINGHU_STANDARD:
        default:
          break;
        }
      if (allowed)
        tally_add (tally, "平胡", 2, 1);
    }
}

/* ---- Settlement and penalties ----------------------------------------------------------- */

/* The dealer's 台 (莊家 1 + 連莊/拉莊 2N) on a line between @a and @b, 0 when neither deals. */
static gint64
dealer_tai (const SpSituation *s,
            guint              a,
            guint              b)
{
  return a == s->dealer || b == s->dealer ? 2 * (gint64) s->streak + 1 : 0;
}

/* Who pays: all three on a self-draw, else the discarder (搶槓: the kong player; 七搶一: the
 * holder of the eighth flower). */
static void
settle (const Options     *o,
        const SpSituation *s,
        gboolean           self_drawn,
        gint32             tai,
        SpScoreResult     *result)
{
  guint winner = s->seat_wind;
  gint64 paid_tai = o->max_tai > 0 ? MIN (tai, o->max_tai) : tai;

  memset (result->settlement, 0, sizeof result->settlement);
  for (guint payer = 0; payer < 4; payer++)
    {
      if (payer == winner || (!self_drawn && payer != sp_situation_discarder (s)))
        continue;
      sp_referee_pay (result->settlement, payer, winner,
                      s->base + (paid_tai + dealer_tai (s, payer, winner)) * s->per_tai);
    }
  result->has_settlement = TRUE;
}

/* 詐胡 (a declared win that is not one): the offender pays each other player 底 + the 台 he
 * claimed, with the dealer's 台 on the dealer's line, as a win would have been paid. */
static void
penalize_false_win (const Options     *o,
                    const SpSituation *s,
                    gint32             claimed_tai,
                    SpScoreResult     *result)
{
  guint offender = s->seat_wind;

  result->has_penalty = TRUE;
  memset (result->penalty, 0, sizeof result->penalty);
  for (guint other = 0; other < 4; other++)
    {
      gint64 amount;

      if (other == offender)
        continue;
      /* 僅賠莊家: only the dealer is paid; a dealer who declares falsely pays all three. */
      if (o->false_win_penalty == FALSE_WIN_DEALER_ONLY && offender != s->dealer
          && other != s->dealer)
        continue;
      if (o->false_win_penalty == FALSE_WIN_FIXED)
        amount = o->false_win_fixed;
      else
        amount = s->base + (claimed_tai + dealer_tai (s, offender, other)) * s->per_tai;
      sp_referee_pay (result->penalty, offender, other, amount);
    }
  /* Stored with the penalty in the database: in the rules' own words, untranslated. */
  g_snprintf (result->penalty_reason, sizeof result->penalty_reason, "詐胡 (false win): %s",
              o->false_win_penalty == FALSE_WIN_DEALER_ONLY ? "僅賠莊家"
              : o->false_win_penalty == FALSE_WIN_FIXED ? "fixed" : "賠三家");
}

/* ---- The referee ------------------------------------------------------------------------ */

static void
copy_tally (const Tally   *tally,
            SpScoreResult *result)
{
  sp_referee_add_items (result, tally->items, tally->n);
  result->total = tally->total;
}

/* 八仙過海 (all eight flowers, all three pay) and 七搶一 (seven, the holder of the eighth pays):
 * immediate wins entered with the hand "-", scored alone. */
static void
score_flower_win (const Options     *o,
                  const SpSituation *s,
                  SpScoreResult     *result)
{
  guint n = s->n_flowers;

  if (n == 8)
    {
      sp_score_result_add (result, "八仙過海", 8, 1);
      result->total = 8;
      result->win = TRUE;
      settle (o, s, TRUE, 8, result);
      return;
    }
  if (n != 7)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              /* Translators: 八仙過海 and 七搶一 are the rules' names of the
                               * flower wins, kept as they are; - is the hand's notation. */
                              _("a flower win (hand -) needs all eight flowers (八仙過海) or "
                                "seven (七搶一), not %u"), n);
      return;
    }
  if (!o->flower_wins)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              _("七搶一 is off in this profile (option flower_wins)"));
      return;
    }
  if (s->discarder == SP_SEAT_NONE || s->discarder == s->seat_wind)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              _("七搶一 needs --discarder: the player who holds the eighth "
                                "flower (not the winner)"));
      return;
    }
  sp_score_result_add (result, "七搶一", 8, 1);
  result->total = 8;
  result->win = TRUE;
  settle (o, s, FALSE, 8, result);
}

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
  facts->self_drawn = s->self_drawn || s->heavenly;
  facts->concealed = TRUE;
  facts->all_melded = hand->n_melds == 5;
  for (guint i = 0; i < hand->n_melds; i++)
    {
      gboolean exposed = sp_meld_is_exposed (&hand->melds[i]);

      facts->concealed &= !exposed;
      facts->all_melded &= exposed;
    }
  sp_referee_tile_facts (facts->all, &tiles);
  facts->suits = tiles.suits;
  facts->honors = tiles.honors;
  facts->triplet_shape = tiles.triplet_shape;
  facts->n_waits = 0;
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
  Tally hand_items = { 0 }, best = { 0 }, tally;
  gboolean found = FALSE;

  sp_score_result_init (result, SP_RULESET_TAIWAN);

  if (situation->flower_win)
    {
      if (hand->n_melds > 0 || hand->n_concealed > 0)
        sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                                _("a flower win (八仙過海, 七搶一) is entered with the hand -"));
      else
        score_flower_win (o, situation, result);
      return;
    }
  if (!sp_referee_check_hand (hand, situation, SP_RULESET_TAIWAN, &count, result))
    return;
  if (situation->n_flowers > 0 && !situation->flowers_listed)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              /* Translators: 正花 is the 台 of one's own flower, kept as it
                               * is; f1,f5 is notation. */
                              _("--flowers %u: Taiwanese 正花 needs the flowers themselves "
                                "(--flowers f1,f5,…), not a count"), situation->n_flowers);
      return;
    }

  /* 四槓牌: four kongs end the hand as a self-drawn win, whatever the other tiles. */
  if (sp_hand_n_kongs (hand) >= 4 && situation->self_drawn)
    {
      sp_score_result_add (result, "四槓牌", 8, 1);
      result->total = 8;
      result->win = TRUE;
      settle (o, situation, TRUE, 8, result);
      return;
    }

  fill_facts (&facts, o, hand, situation);
  if (sp_hand_decompose (hand, SP_RULESET_TAIWAN, &list) == 0)
    {
      sp_referee_refuse_not_a_win (hand, SP_RULESET_TAIWAN, result);
      /* The 台 a false winner claimed cannot be read from a hand that is no win: only those
       * that do not depend on its shape (門清, 自摸, flowers, the situation) are counted. */
      add_hand_items (&facts, &hand_items);
      penalize_false_win (o, situation, hand_items.total, result);
      return;
    }

  /* The waits (the costly part) are only needed when some reading could earn a wait 台 or
   * when the 平胡 variant counts waiting tiles. */
  {
    gboolean need_waits = o->pinghu == PINGHU_NO_IF_MULTI_WAIT;
    SpTile winning = sp_hand_winning_tile (hand);

    for (guint i = 0; i < list.n && !need_waits; i++)
      for (guint w = 0; w < list.items[i].n_sets && !need_waits; w++)
        if (list.items[i].winning_sets & (1u << w))
          need_waits = tile_wait_role (&list.items[i].sets[w], winning) != SP_WAIT_TWO_SIDED
                       && tile_wait_role (&list.items[i].sets[w], winning) != SP_WAIT_DOUBLE_PUNG;
    facts.n_waits = need_waits ? sp_referee_n_waits (hand, SP_RULESET_TAIWAN) : 2;
  }
  add_hand_items (&facts, &hand_items);
  for (guint i = 0; i < list.n; i++)
    {
      const SpDecomposition *d = &list.items[i];

      for (guint w = 0; w < d->n_sets; w++)
        {
          if (!(d->winning_sets & (1u << w)))
            continue;
          score_reading (&facts, hand, d, w, &hand_items, &tally);
          if (!found || tally.total > best.total
              || (tally.total == best.total && tally.wait_rank > best.wait_rank))
            {
              best = tally;
              found = TRUE;
            }
        }
    }
  g_assert (found);

  copy_tally (&best, result);
  result->win = TRUE;
  settle (o, situation, facts.self_drawn, result->total, result);
}

/* A win recorded by its 台 total without the tiles (sp_rules_settle). */
static void
settle_total (gconstpointer      options,
              const SpSituation *situation,
              gint32             tai,
              SpScoreResult     *result)
{
  settle (options, situation, situation->self_drawn, tai, result);
}

/* 詐胡 declared with the 台 claimed and no tiles (sp_rules_penalize_claim). */
static void
penalize_claim (gconstpointer      options,
                const SpSituation *situation,
                gint32             claimed,
                SpScoreResult     *result)
{
  penalize_false_win (options, situation, claimed, result);
}

/* The situation's switches, in the rules' own words (SPEC.md §3.1). */
static const SpSituationToggle situation_toggles[] = {
  { "self-drawn", "自摸", N_("Self-drawn") },
  { "kong", "槓上開花/搶槓",
    N_("Out on a kong's replacement tile (self-drawn) or robbing a kong") },
  { "flower-replacement", "槓上開花 (補花)",
    N_("Self-drawn on the replacement tile of a flower") },
  { "wall-last", "海底撈月/河底撈魚", N_("The last tile of the wall, or its discard") },
  { "heavenly", "天胡", N_("Heavenly hand: the dealer's win on the deal") },
  { "earthly", "地胡", N_("Earthly hand: a win on the first draw") },
  { "human", "人胡", N_("Humanly hand: a win on a discard before one's first draw") },
  { "ready-at-deal", "天聽", N_("Ready at the deal") },
  { "ready-first-draw", "地聽", N_("Ready after the first discard") },
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
                 g_dngettext (GETTEXT_PACKAGE, "%u tiles: a Taiwan hand with %u kong needs %u",
                              "%u tiles: a Taiwan hand with %u kongs needs %u", n_kongs),
                 n_tiles, n_kongs, needed + n_kongs);
  else
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT,
                 _("%u tiles: a Taiwan hand needs %u (+1 per kong)"), n_tiles, needed);
}

static void
claim_bounds (gconstpointer  options,
              gint64        *least,
              gint64        *most)
{
  /* No 起和: any win counts. */
  *least = 0;
  /* Every 台 of the table counted at its largest (天胡 32 with option heavenly_value, two
   * 正花, two 花槓, three 三元牌) sums to 229; the dealer's 台 are paid, not counted. */
  *most = 240;
}

const SpRulesetClass sp_taiwan_class = {
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
  .set_custom_option = set_custom_option,
  .get_custom_option = get_custom_option,
  .name = "taiwan",
  .title = N_("Taiwan 台灣"),
  /* Translators: the Taiwanese rules, inside refusals such as "more than any Taiwan hand". */
  .short_title = N_("Taiwan"),
  .unit = "台", /* the rules' own word */
  .hand_size = 16,
  .max_melds = 5,
  .red_fives = FALSE,
  .shapes = SP_SHAPE_SETS,
  /* 底 and 每台: a Taiwan table always repeats the deal (連莊). */
  .settings = SP_RULESET_HAS_BASE | SP_RULESET_HAS_PER_UNIT,
  .refuse_tile_count = refuse_tile_count,
  .item_titles = sp_taiwan_item_titles,
  .item_title_context = "Taiwan tai",
  .rotation = SP_ROTATION_REPEATING,
  /* Clubs draw by lots and rank by the score; the common table's stakes are 30 底 and 10 a
   * 台. */
  .default_seating = "random",
  .default_ranking = "score",
  .default_base = 30,
  .default_per_unit = 10,
  .claim_bounds = claim_bounds,
  .traits = {
    .unit = SP_RULESET_UNIT_TAI,
    .keeps_points = FALSE,
    .has_counters = FALSE,
    .counts_streak = TRUE,
    .names_dealer = TRUE,
    .has_flowers = TRUE,
    .has_dora = FALSE,
    .places_by_uma = FALSE,
    /* The dealer keeps the deal on a win or a draw (連莊): eight rows more for the repeats. */
    .form_hands = 24,
    .ema_results = FALSE,
    .r98_forms = TRUE,
  },
};
