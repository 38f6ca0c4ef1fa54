/* sp-mcr.c: the Chinese Official (MCR, 国标) referee: the 81 fan with their exclusions, the
 * profiles cn / r98 / gb2006, verdicts, penalties and settlement.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-referee-private.h"
#include "sp-rule-option-private.h"
#include "sp-rules-private.h"

#include <string.h>

#include "sp-mcr.h"

/* ---- The fan table (rules/mcr.md §7), in table order ---------------------------------- */

typedef enum
{
  FAN_BIG_FOUR_WINDS,              /* 大四喜 */
  FAN_BIG_THREE_DRAGONS,           /* 大三元 */
  FAN_ALL_GREEN,                   /* 绿一色 */
  FAN_NINE_GATES,                  /* 九莲宝灯 */
  FAN_FOUR_KONGS,                  /* 四杠 */
  FAN_SEVEN_SHIFTED_PAIRS,         /* 连七对 */
  FAN_THIRTEEN_ORPHANS,            /* 十三幺 */
  FAN_ALL_TERMINALS,               /* 清幺九 */
  FAN_LITTLE_FOUR_WINDS,           /* 小四喜 */
  FAN_LITTLE_THREE_DRAGONS,        /* 小三元 */
  FAN_ALL_HONORS,                  /* 字一色 */
  FAN_FOUR_CONCEALED_PUNGS,        /* 四暗刻 */
  FAN_PURE_TERMINAL_CHOWS,         /* 一色双龙会 */
  FAN_QUADRUPLE_CHOW,              /* 一色四同顺 */
  FAN_FOUR_PURE_SHIFTED_PUNGS,     /* 一色四节高 */
  FAN_FOUR_PURE_SHIFTED_CHOWS,     /* 一色四步高 */
  FAN_THREE_KONGS,                 /* 三杠 */
  FAN_ALL_TERMINALS_AND_HONORS,    /* 混幺九 */
  FAN_SEVEN_PAIRS,                 /* 七对 */
  FAN_GREATER_HONORS_KNITTED,      /* 七星不靠 */
  FAN_ALL_EVEN_PUNGS,              /* 全双刻 */
  FAN_FULL_FLUSH,                  /* 清一色 */
  FAN_PURE_TRIPLE_CHOW,            /* 一色三同顺 */
  FAN_PURE_SHIFTED_PUNGS,          /* 一色三节高 */
  FAN_UPPER_TILES,                 /* 全大 */
  FAN_MIDDLE_TILES,                /* 全中 */
  FAN_LOWER_TILES,                 /* 全小 */
  FAN_PURE_STRAIGHT,               /* 清龙 */
  FAN_THREE_SUITED_TERMINAL_CHOWS, /* 三色双龙会 */
  FAN_PURE_SHIFTED_CHOWS,          /* 一色三步高 */
  FAN_ALL_FIVES,                   /* 全带五 */
  FAN_TRIPLE_PUNG,                 /* 三同刻 */
  FAN_THREE_CONCEALED_PUNGS,       /* 三暗刻 */
  FAN_LESSER_HONORS_KNITTED,       /* 全不靠 */
  FAN_KNITTED_STRAIGHT,            /* 组合龙 */
  FAN_UPPER_FOUR,                  /* 大于五 */
  FAN_LOWER_FOUR,                  /* 小于五 */
  FAN_BIG_THREE_WINDS,             /* 三风刻 */
  FAN_MIXED_STRAIGHT,              /* 花龙 */
  FAN_REVERSIBLE_TILES,            /* 推不倒 */
  FAN_MIXED_TRIPLE_CHOW,           /* 三色三同顺 */
  FAN_MIXED_SHIFTED_PUNGS,         /* 三色三节高 */
  FAN_CHICKEN_HAND,                /* 无番和 */
  FAN_LAST_TILE_DRAW,              /* 妙手回春 */
  FAN_LAST_TILE_CLAIM,             /* 海底捞月 */
  FAN_OUT_WITH_REPLACEMENT_TILE,   /* 杠上开花 */
  FAN_ROBBING_THE_KONG,            /* 抢杠和 */
  FAN_ALL_PUNGS,                   /* 碰碰和 */
  FAN_HALF_FLUSH,                  /* 混一色 */
  FAN_MIXED_SHIFTED_CHOWS,         /* 三色三步高 */
  FAN_ALL_TYPES,                   /* 五门齐 */
  FAN_MELDED_HAND,                 /* 全求人 */
  FAN_TWO_CONCEALED_KONGS,         /* 双暗杠 */
  FAN_TWO_DRAGONS_PUNGS,           /* 双箭刻 */
  FAN_OUTSIDE_HAND,                /* 全带幺 */
  FAN_FULLY_CONCEALED_HAND,        /* 不求人 */
  FAN_TWO_MELDED_KONGS,            /* 双明杠 */
  FAN_LAST_TILE,                   /* 和绝张 */
  FAN_DRAGON_PUNG,                 /* 箭刻 */
  FAN_PREVALENT_WIND,              /* 圈风刻 */
  FAN_SEAT_WIND,                   /* 门风刻 */
  FAN_CONCEALED_HAND,              /* 门前清 */
  FAN_ALL_CHOWS,                   /* 平和 */
  FAN_TILE_HOG,                    /* 四归一 */
  FAN_DOUBLE_PUNG,                 /* 双同刻 */
  FAN_TWO_CONCEALED_PUNGS,         /* 双暗刻 */
  FAN_CONCEALED_KONG,              /* 暗杠 */
  FAN_ALL_SIMPLES,                 /* 断幺 */
  FAN_PURE_DOUBLE_CHOW,            /* 一般高 */
  FAN_MIXED_DOUBLE_CHOW,           /* 喜相逢 */
  FAN_SHORT_STRAIGHT,              /* 连六 */
  FAN_TWO_TERMINAL_CHOWS,          /* 老少副 */
  FAN_PUNG_OF_TERMINALS_OR_HONORS, /* 幺九刻 */
  FAN_MELDED_KONG,                 /* 明杠 */
  FAN_ONE_VOIDED_SUIT,             /* 缺一门 */
  FAN_NO_HONORS,                   /* 无字 */
  FAN_EDGE_WAIT,                   /* 边张 */
  FAN_CLOSED_WAIT,                 /* 坎张 */
  FAN_SINGLE_WAIT,                 /* 单钓将 */
  FAN_SELF_DRAWN,                  /* 自摸 */
  FAN_MELDED_AND_CONCEALED_KONG,   /* 明暗杠 (profile cn, gb2006) */
  FAN_HEAVENLY,                    /* 天和 (option heavenly_hands) */
  FAN_EARTHLY,                     /* 地和 */
  FAN_HUMAN,                       /* 人和 */
  N_FANS,
} Fan;

/* Counts by Fan are padded to whole words for table_total(). */
#define FAN_TABLE_SIZE ((N_FANS + 7) & ~7)

static const char * const fan_names[N_FANS] = {
  "大四喜", "大三元", "绿一色", "九莲宝灯", "四杠", "连七对", "十三幺",
  "清幺九", "小四喜", "小三元", "字一色", "四暗刻", "一色双龙会",
  "一色四同顺", "一色四节高",
  "一色四步高", "三杠", "混幺九",
  "七对", "七星不靠", "全双刻", "清一色", "一色三同顺", "一色三节高", "全大", "全中", "全小",
  "清龙", "三色双龙会", "一色三步高", "全带五", "三同刻", "三暗刻",
  "全不靠", "组合龙", "大于五", "小于五", "三风刻",
  "花龙", "推不倒", "三色三同顺", "三色三节高", "无番和", "妙手回春", "海底捞月", "杠上开花",
  "抢杠和",
  "碰碰和", "混一色", "三色三步高", "五门齐", "全求人", "双暗杠", "双箭刻",
  "全带幺", "不求人", "双明杠", "和绝张",
  "箭刻", "圈风刻", "门风刻", "门前清", "平和", "四归一", "双同刻", "双暗刻", "暗杠", "断幺",
  "一般高", "喜相逢", "连六", "老少副", "幺九刻", "明杠", "缺一门", "无字", "边张", "坎张",
  "单钓将", "自摸",
  "明暗杠", "天和", "地和", "人和",
};

static const guint8 fan_base_values[FAN_TABLE_SIZE] = {
  88, 88, 88, 88, 88, 88, 88,
  64, 64, 64, 64, 64, 64,
  48, 48,
  32, 32, 32,
  24, 24, 24, 24, 24, 24, 24, 24, 24,
  16, 16, 16, 16, 16, 16,
  12, 12, 12, 12, 12,
  8, 8, 8, 8, 8, 8, 8, 8, 8,
  6, 6, 6, 6, 6, 6, 6,
  4, 4, 4, 4,
  2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  5, 8, 8, 8,
};

static const char flower_name[] = "花牌";

/* ---- Profiles and options -------------------------------------------------------------- */

typedef enum
{
  PROFILE_CN = 0,
  PROFILE_R98 = 1,
  PROFILE_GB2006 = 2,
} Profile;

static const char * const profiles[] = { "cn", "r98", "gb2006", NULL };

typedef struct
{
  gint32 concealed_kong_pair_value; /* 双暗杠: 6 (R98, cn) or 8 (2006) */
  gint32 melded_concealed_kong;     /* 明暗杠: 0 off (明杠 + 暗杠), 5 (cn) or 6 (2006) */
  gint32 si_exclusions;             /* the +SI exclusions of rules/mcr.md §7 */
  gint32 knitted_excludes_waits;    /* 组合龙 excludes 边张/坎张 (GB 2006) */
  gint32 special_concealed;         /* 门前清/不求人 with fully concealed special hands */
  gint32 heavenly_hands;            /* 天和/地和/人和 */
  gint32 last_tile_visible;         /* 和绝张 when the other three are in the winner's melds */
  gint32 penalty_profile;           /* SpMcrPenaltyProfile */
  gint32 min_fan;                   /* 起和分, flowers excluded */
} Options;

static const SpRuleOption options_cn[] = {
  { "concealed_kong_pair_value", "6", "6|8",
    "双暗杠 Two Concealed Kongs: 6 fan (R98) or 8 (2006)" },
  { "melded_concealed_kong", "5", "off|5|6",
    "明暗杠 One Melded and One Concealed Kong: off counts 明杠 + 暗杠 (R98); "
    "5 (calculators) or 6 (2006)" },
  { "si_exclusions", "on", "on|off",
    "the common-practice exclusions beyond the 1998 table (幺九刻 inside wind and dragon "
    "fans, 无字 with 平和/断幺/全中…, 门前清 with the special hands, 碰碰和/单钓将 with 四杠, "
    "混幺九/全带幺 with 清幺九/字一色)" },
  { "knitted_excludes_waits", "off", "on|off",
    "组合龙 is not counted with 边张/坎张 (GB 2006 clarification)" },
  { "special_concealed", "off", "on|off",
    "七对, 十三幺, 全不靠, 七星不靠, 连七对 also count 门前清 (on a discard) or 不求人 (self-drawn)" },
  { "heavenly_hands", "off", "on|off", "天和, 地和, 人和 (8 fan each) are counted" },
  { "last_tile_visible", "on", "on|off",
    "和绝张 also when the other three copies of the winning tile are in the winner's own melds" },
  { "penalty_profile", "r98", "r98|ema",
    "false wins: r98 (错和/和错牌 10 to each other player, 诈和 20 each, two or more tiles from ready "
    "停赛) or ema (−30, +10 to each other player)" },
  { "min_fan", "8", "0–88", "minimum fan to win (起和分), flowers excluded" },
};

#define N_OPTIONS G_N_ELEMENTS (options_cn)

static const SpOptionField option_fields[] = {
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (Options, concealed_kong_pair_value), 0, 0 },
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (Options, melded_concealed_kong), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, si_exclusions), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, knitted_excludes_waits), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, special_concealed), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, heavenly_hands), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (Options, last_tile_visible), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (Options, penalty_profile), 0, 0 },
  { SP_OPTION_INTEGER, G_STRUCT_OFFSET (Options, min_fan), 0, 88 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (option_fields) == N_OPTIONS);
/* penalty_profile is stored as the index of its value in "r98|ema". */
G_STATIC_ASSERT (SP_MCR_PENALTY_R98 == 0 && SP_MCR_PENALTY_EMA == 1);

static gboolean
set_option (gpointer     data,
            const char  *key,
            const char  *value,
            GError     **error)
{
  int custom;

  return sp_rule_options_set (options_cn, option_fields, N_OPTIONS, data, key, value, &custom,
                              error);
}

static char *
get_option (gconstpointer  data,
            const char    *key)
{
  int custom;

  return sp_rule_options_get (options_cn, option_fields, N_OPTIONS, data, key, &custom);
}

/* The defaults of the table are those of cn; r98 and gb2006 differ in the kong values and
 * the exclusions. */
static gboolean
init_options (gpointer     data,
              const char  *profile,
              GError     **error)
{
  Options *options = data;
  Profile p = PROFILE_CN;

  if (strcmp (profile, "r98") == 0)
    p = PROFILE_R98;
  else if (strcmp (profile, "gb2006") == 0)
    p = PROFILE_GB2006;
  else if (strcmp (profile, "cn") != 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, "unknown mcr profile '%s'",
                   profile);
      return FALSE;
    }

  if (!sp_rule_options_init (options_cn, N_OPTIONS, data, sizeof (Options), set_option, error))
    return FALSE;
  options->concealed_kong_pair_value = p == PROFILE_GB2006 ? 8 : 6;
  options->melded_concealed_kong = p == PROFILE_CN ? 5 : p == PROFILE_GB2006 ? 6 : 0;
  options->si_exclusions = p != PROFILE_R98;
  options->knitted_excludes_waits = p == PROFILE_GB2006;
  options->special_concealed = p == PROFILE_GB2006;
  return TRUE;
}

/* ---- Hand facts shared by every reading ------------------------------------------------- */

typedef gint8 FanTable[FAN_TABLE_SIZE];

typedef struct
{
  const Options     *options;
  const SpHand      *hand;
  const SpSituation *situation;
  SpTile             winning_tile;
  guint8             all[SP_N_TILE_KINDS];  /* every tile, melds included */
  guint8             fixed[SP_N_TILE_KINDS]; /* the tiles of the melds */
  guint              n_exposed;             /* melds other than concealed kongs */
  guint              n_kongs;
  /* Situation after the corrections of the winning-tile facts. */
  gboolean           self_drawn;
  gboolean           last_tile;
  gboolean           kong;
  gboolean           wall_last;
  /* Tile facts (the same in every reading). */
  guint8             suits;                 /* bit per SpSuit present */
  gboolean           has_wind;
  gboolean           has_dragon;
  guint16            ranks;                 /* bit per rank of the suited tiles */
  gboolean           all_simple;
  gboolean           all_terminal;
  gboolean           all_terminal_or_honor;
  gboolean           all_honor;
  gboolean           all_green;
  gboolean           all_reversible;
  guint              n_hogs;                /* kinds with all four tiles in the hand */
  int                unique_wait;           /* -1 not computed yet, else 0/1 */
} Facts;

static inline gboolean
is_green (SpTile t)
{
  /* 23468 条 and 发. */
  return t == SP_TILE_GREEN || t == 19 || t == 20 || t == 21 || t == 23 || t == 25;
}

static inline gboolean
is_reversible (SpTile t)
{
  /* 1234589 饼, 245689 条, 白. */
  static const guint64 mask =
    (1ull << 9) | (1ull << 10) | (1ull << 11) | (1ull << 12) | (1ull << 13) | (1ull << 16)
    | (1ull << 17) | (1ull << 19) | (1ull << 21) | (1ull << 22) | (1ull << 23) | (1ull << 25)
    | (1ull << 26) | (1ull << SP_TILE_WHITE);

  return (mask >> t) & 1;
}

static void
compute_tile_facts (Facts *facts)
{
  facts->suits = 0;
  facts->has_wind = FALSE;
  facts->has_dragon = FALSE;
  facts->ranks = 0;
  facts->all_simple = TRUE;
  facts->all_terminal = TRUE;
  facts->all_terminal_or_honor = TRUE;
  facts->all_honor = TRUE;
  facts->all_green = TRUE;
  facts->all_reversible = TRUE;
  facts->n_hogs = 0;
  for (SpTile t = 0; t < SP_N_TILE_KINDS; t++)
    {
      if (facts->all[t] == 0)
        continue;
      facts->suits |= (guint8) (1u << sp_tile_suit (t));
      facts->has_wind |= sp_tile_is_wind (t);
      facts->has_dragon |= sp_tile_is_dragon (t);
      if (!sp_tile_is_honor (t))
        facts->ranks |= (guint16) (1u << sp_tile_rank (t));
      if (sp_tile_is_terminal_or_honor (t))
        facts->all_simple = FALSE;
      else
        facts->all_terminal_or_honor = FALSE;
      if (!sp_tile_is_terminal (t))
        facts->all_terminal = FALSE;
      if (!sp_tile_is_honor (t))
        facts->all_honor = FALSE;
      if (!is_green (t))
        facts->all_green = FALSE;
      if (!is_reversible (t))
        facts->all_reversible = FALSE;
      if (facts->all[t] == 4)
        facts->n_hogs++;
    }
}

/* ---- Unique wait (独听): does the hand without its winning tile wait on one tile only? ---- */

/* Whether the nine counts of a suit split into sets (chows and pungs) only. */
static gboolean
suit_sets (guint8 *c)
{
  guint i = 0;

  while (i < 9 && c[i] == 0)
    i++;
  if (i == 9)
    return TRUE;
  if (c[i] >= 3)
    {
      gboolean ok;

      c[i] -= 3;
      ok = suit_sets (c);
      c[i] += 3;
      if (ok)
        return TRUE;
    }
  if (i <= 6 && c[i + 1] > 0 && c[i + 2] > 0)
    {
      gboolean ok;

      c[i]--;
      c[i + 1]--;
      c[i + 2]--;
      ok = suit_sets (c);
      c[i]++;
      c[i + 1]++;
      c[i + 2]++;
      return ok;
    }
  return FALSE;
}

static gboolean
suit_sets_and_pair (guint8 *c)
{
  for (guint i = 0; i < 9; i++)
    {
      if (c[i] >= 2)
        {
          gboolean ok;

          c[i] -= 2;
          ok = suit_sets (c);
          c[i] += 2;
          if (ok)
            return TRUE;
        }
    }
  return FALSE;
}

/* State of one suit: bit 0 "sets only", bit 1 "sets and a pair". */
static guint
suit_state (guint8 *c)
{
  guint n = 0;

  for (guint i = 0; i < 9; i++)
    n += c[i];
  if (n % 3 == 0)
    return suit_sets (c) ? 1 : 0;
  if (n % 3 == 2)
    return suit_sets_and_pair (c) ? 2 : 0;
  return 0;
}

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

static gboolean
complete_from_states (const guint states[4])
{
  guint pairs = 0;

  for (guint s = 0; s < 4; s++)
    {
      if (states[s] == 0)
        return FALSE;
      pairs += states[s] == 2;
    }
  return pairs == 1;
}

/* The waits of the sets-and-pair shape and of 七对 (the shapes a wait fan can come from),
 * counted up to two; a tile the hand already holds four of still counts, as referees do
 * (the hand is then not 独听). */
static gboolean
counts_wait_on_one_tile (guint8   *c,
                         gboolean  pairs_shape)
{
  guint states[4];
  guint n_waits = 0;
  guint n_pairs = 0, n_odd = 0;

  for (guint s = 0; s < 3; s++)
    states[s] = suit_state (c + s * 9);
  states[3] = honor_state (c + 27);

  if (pairs_shape)
    {
      for (guint t = 0; t < SP_N_TILE_KINDS; t++)
        {
          n_pairs += c[t] / 2;
          n_odd += c[t] & 1;
        }
      pairs_shape = n_pairs == 6 && n_odd == 1;
    }

  for (SpTile t = 0; t < SP_N_TILE_KINDS; t++)
    {
      guint s = sp_tile_suit (t);
      gboolean wait;

      if (s < 3)
        {
          guint r = t % 9;
          gboolean near = c[t] > 0 || (r >= 1 && c[t - 1] > 0) || (r >= 2 && c[t - 2] > 0)
                          || (r <= 7 && c[t + 1] > 0) || (r <= 6 && c[t + 2] > 0);
          guint saved = states[s];

          if (!near)
            continue;
          c[t]++;
          states[s] = suit_state (c + s * 9);
          wait = complete_from_states (states);
          states[s] = saved;
          c[t]--;
        }
      else
        {
          guint saved = states[3];

          if (c[t] == 0)
            continue;
          c[t]++;
          states[3] = honor_state (c + 27);
          wait = complete_from_states (states);
          states[3] = saved;
          c[t]--;
        }
      if (!wait && pairs_shape && (c[t] & 1))
        wait = TRUE;
      if (wait && ++n_waits > 1)
        return FALSE;
    }
  return n_waits == 1;
}

static gboolean
compute_unique_wait (const Facts *facts)
{
  guint8 c[SP_N_TILE_KINDS];

  memcpy (c, facts->hand->counts, sizeof c);
  c[facts->winning_tile]--;
  return counts_wait_on_one_tile (c, facts->hand->n_melds == 0);
}

static gboolean
unique_wait (Facts *facts)
{
  if (facts->unique_wait < 0)
    facts->unique_wait = compute_unique_wait (facts);
  return facts->unique_wait;
}

/* ---- Combinations of sets (the SI reference calculator's procedure, rules/mcr.md §7) ------ */

/* Chows are given by their middle tile, pungs by their tile. */

static Fan
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

static Fan
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

static Fan
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

static Fan
one_chow_extra_fan (SpTile t0, SpTile t1, SpTile t2, SpTile extra)
{
  static const Fan order[] = {
    FAN_PURE_DOUBLE_CHOW, FAN_MIXED_DOUBLE_CHOW, FAN_SHORT_STRAIGHT, FAN_TWO_TERMINAL_CHOWS,
  };
  Fan f[3] = { two_chows_fan (t0, extra), two_chows_fan (t1, extra), two_chows_fan (t2, extra) };

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (f[0] == order[i] || f[1] == order[i] || f[2] == order[i])
      return order[i];
  return N_FANS;
}

/* 套算一次 and 不得相同 among pairs of chows: at most @max_count of the pair fans count;
 * beyond that the repeated ones go first, from 老少副 up to 一般高. */
static void
limit_pair_fans (const Fan *fans,
                 guint      n,
                 int        max_count,
                 FanTable   table)
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
three_of_four_chows (SpTile t0, SpTile t1, SpTile t2, SpTile extra, FanTable table)
{
  Fan fan = three_chows_fan (t0, t1, t2);

  if (fan == N_FANS)
    return FALSE;
  table[fan] = 1;
  fan = one_chow_extra_fan (t0, t1, t2, extra);
  if (fan != N_FANS)
    table[fan] = 1;
  return TRUE;
}

static void
four_chows (const SpTile m[4], FanTable table)
{
  Fan fan = four_chows_fan (m);
  Fan pairs[6];
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
three_chows (const SpTile m[3], FanTable table)
{
  Fan fan = three_chows_fan (m[0], m[1], m[2]);
  Fan pairs[3];

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

static Fan
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
static Fan
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

static Fan
two_pungs_fan (SpTile t0, SpTile t1)
{
  if (t0 < 27 && t1 < 27)
    return t0 % 9 == t1 % 9 ? FAN_DOUBLE_PUNG : N_FANS;
  if (sp_tile_is_dragon (t0) && sp_tile_is_dragon (t1))
    return FAN_TWO_DRAGONS_PUNGS;
  return N_FANS;
}

static void
add_pung_pairs (const SpTile *p, guint n, FanTable table)
{
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        Fan fan = two_pungs_fan (p[i], p[j]);

        if (fan != N_FANS)
          table[fan]++;
      }
}

static void
four_pungs (const SpTile p[4], FanTable table)
{
  static const guint8 triples[4][4] = {
    { 0, 1, 2, 3 }, { 0, 1, 3, 2 }, { 0, 2, 3, 1 }, { 1, 2, 3, 0 },
  };
  Fan fan = four_pungs_fan (p);

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
          Fan pair;

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
three_pungs (const SpTile p[3], FanTable table)
{
  Fan fan = three_pungs_fan (p[0], p[1], p[2]);

  if (fan != N_FANS)
    {
      table[fan] = 1;
      return;
    }
  add_pung_pairs (p, 3, table);
}

/* 双暗刻 … 四杠 from the numbers of concealed pungs, melded and concealed kongs. */
static void
kongs_and_concealed_pungs (const Options *options,
                           int            concealed_pungs,
                           int            melded_kongs,
                           int            concealed_kongs,
                           FanTable       table)
{
  static const Fan by_concealed[5] = {
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

/* ---- Adjustments shared by the forms ---------------------------------------------------- */

static void
win_flag_fans (const Facts *facts,
               FanTable     table)
{
  if (facts->last_tile)
    table[FAN_LAST_TILE] = 1;
  if (facts->self_drawn)
    {
      table[FAN_SELF_DRAWN] = 1;
      if (facts->wall_last)
        {
          table[FAN_LAST_TILE_DRAW] = 1;
          table[FAN_SELF_DRAWN] = 0;
        }
      if (facts->kong)
        {
          table[FAN_OUT_WITH_REPLACEMENT_TILE] = 1;
          table[FAN_SELF_DRAWN] = 0;
        }
    }
  else
    {
      if (facts->wall_last)
        table[FAN_LAST_TILE_CLAIM] = 1;
      if (facts->kong)
        {
          table[FAN_ROBBING_THE_KONG] = 1;
          table[FAN_LAST_TILE] = 0;
        }
    }
}

/* 无字, 缺一门, 混一色, 清一色, 五门齐. */
static void
suit_fans (const Facts *facts,
           FanTable     table)
{
  guint8 suits = facts->suits;
  guint voided = 0;

  if (!(suits & (1u << SP_SUIT_HONORS)))
    table[FAN_NO_HONORS] = 1;
  for (guint s = 0; s < 3; s++)
    voided += !(suits & (1u << s));
  if (voided == 1)
    table[FAN_ONE_VOIDED_SUIT] = 1;
  else if (voided == 2)
    {
      if (suits & (1u << SP_SUIT_HONORS))
        table[FAN_HALF_FLUSH] = 1;
      else
        {
          table[FAN_FULL_FLUSH] = 1;
          table[FAN_NO_HONORS] = 0;
        }
    }
  if (suits == 0xf && facts->has_wind && facts->has_dragon)
    table[FAN_ALL_TYPES] = 1;
}

/* 断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九. */
static void
tile_trait_fans (const Facts *facts,
                 FanTable     table)
{
  if (facts->all_simple)
    table[FAN_ALL_SIMPLES] = 1;
  if (facts->all_reversible)
    table[FAN_REVERSIBLE_TILES] = 1;
  if (facts->all_green)
    table[FAN_ALL_GREEN] = 1;
  if (facts->all_simple)
    return;
  if (facts->all_honor)
    table[FAN_ALL_HONORS] = 1;
  else if (facts->all_terminal)
    table[FAN_ALL_TERMINALS] = 1;
  else if (facts->all_terminal_or_honor)
    table[FAN_ALL_TERMINALS_AND_HONORS] = 1;
}

/* 大于五, 小于五, 全大, 全中, 全小. */
static void
rank_range_fans (const Facts *facts,
                 FanTable     table)
{
  guint16 r = facts->ranks;

  if (facts->suits & (1u << SP_SUIT_HONORS))
    return;
  if (!(r & 0xffe1))
    table[(r & 0x10) ? FAN_LOWER_FOUR : FAN_LOWER_TILES] = 1;
  else if (!(r & 0xfc3f))
    table[(r & 0x40) ? FAN_UPPER_FOUR : FAN_UPPER_TILES] = 1;
  else if (!(r & 0xff8f))
    table[FAN_MIDDLE_TILES] = 1;
}

/* The exclusions (不计) of rules/mcr.md §7 that the procedure does not already make. */
static void
final_exclusions (FanTable table)
{
  if (table[FAN_BIG_FOUR_WINDS])
    {
      table[FAN_ALL_PUNGS] = 0;
      table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 0;
    }
  if (table[FAN_BIG_THREE_DRAGONS])
    table[FAN_DRAGON_PUNG] = 0;
  if (table[FAN_ALL_GREEN])
    {
      table[FAN_HALF_FLUSH] = 0;
      table[FAN_ONE_VOIDED_SUIT] = 0;
    }
  if (table[FAN_FOUR_KONGS])
    table[FAN_SINGLE_WAIT] = 0;
  if (table[FAN_ALL_TERMINALS])
    {
      table[FAN_ALL_PUNGS] = 0;
      table[FAN_OUTSIDE_HAND] = 0;
      table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 0;
      table[FAN_NO_HONORS] = 0;
      table[FAN_DOUBLE_PUNG] = 0;
    }
  if (table[FAN_LITTLE_FOUR_WINDS])
    table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 0;
  if (table[FAN_LITTLE_THREE_DRAGONS])
    table[FAN_DRAGON_PUNG] = 0;
  if (table[FAN_ALL_HONORS])
    {
      table[FAN_ALL_PUNGS] = 0;
      table[FAN_OUTSIDE_HAND] = 0;
      table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 0;
      table[FAN_ONE_VOIDED_SUIT] = 0;
    }
  if (table[FAN_FOUR_CONCEALED_PUNGS])
    {
      table[FAN_ALL_PUNGS] = 0;
      table[FAN_CONCEALED_HAND] = 0;
      if (table[FAN_FULLY_CONCEALED_HAND])
        {
          table[FAN_FULLY_CONCEALED_HAND] = 0;
          table[FAN_SELF_DRAWN] = 1;
        }
    }
  if (table[FAN_PURE_TERMINAL_CHOWS])
    {
      table[FAN_FULL_FLUSH] = 0;
      table[FAN_ALL_CHOWS] = 0;
      table[FAN_NO_HONORS] = 0;
    }
  if (table[FAN_FOUR_PURE_SHIFTED_PUNGS])
    table[FAN_ALL_PUNGS] = 0;
  if (table[FAN_ALL_TERMINALS_AND_HONORS])
    {
      table[FAN_ALL_PUNGS] = 0;
      table[FAN_OUTSIDE_HAND] = 0;
      table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 0;
    }
  if (table[FAN_ALL_EVEN_PUNGS])
    {
      table[FAN_ALL_PUNGS] = 0;
      table[FAN_ALL_SIMPLES] = 0;
      table[FAN_NO_HONORS] = 0;
    }
  if (table[FAN_UPPER_TILES] || table[FAN_LOWER_TILES] || table[FAN_UPPER_FOUR]
      || table[FAN_LOWER_FOUR])
    table[FAN_NO_HONORS] = 0;
  if (table[FAN_MIDDLE_TILES] || table[FAN_ALL_FIVES])
    {
      table[FAN_ALL_SIMPLES] = 0;
      table[FAN_NO_HONORS] = 0;
    }
  if (table[FAN_THREE_SUITED_TERMINAL_CHOWS])
    {
      table[FAN_ALL_CHOWS] = 0;
      table[FAN_NO_HONORS] = 0;
    }
  if (table[FAN_BIG_THREE_WINDS] && !table[FAN_ALL_HONORS]
      && !table[FAN_ALL_TERMINALS_AND_HONORS])
    table[FAN_PUNG_OF_TERMINALS_OR_HONORS] -= 3;
  if (table[FAN_REVERSIBLE_TILES])
    table[FAN_ONE_VOIDED_SUIT] = 0;
  if (table[FAN_LAST_TILE_DRAW] || table[FAN_OUT_WITH_REPLACEMENT_TILE]
      || table[FAN_FULLY_CONCEALED_HAND])
    table[FAN_SELF_DRAWN] = 0;
  if (table[FAN_MELDED_HAND])
    table[FAN_SINGLE_WAIT] = 0;
  if (table[FAN_TWO_DRAGONS_PUNGS])
    table[FAN_DRAGON_PUNG] = 0;
  if (table[FAN_ALL_CHOWS] || table[FAN_ALL_SIMPLES])
    table[FAN_NO_HONORS] = 0;
}

/* 圈风刻 and 门风刻 of a wind pung, which then is no longer a 幺九刻. */
static void
wind_fans (const Facts *facts,
           SpTile       tile,
           FanTable     table)
{
  gboolean deducted = table[FAN_BIG_THREE_WINDS] || table[FAN_ALL_TERMINALS_AND_HONORS]
                      || table[FAN_ALL_HONORS] || table[FAN_LITTLE_FOUR_WINDS];
  guint wind = tile - SP_TILE_EAST;

  if (wind == facts->situation->round_wind)
    {
      table[FAN_PREVALENT_WIND] = 1;
      if (!deducted)
        table[FAN_PUNG_OF_TERMINALS_OR_HONORS]--;
    }
  if (wind == facts->situation->seat_wind)
    {
      table[FAN_SEAT_WIND] = 1;
      if (facts->situation->seat_wind != facts->situation->round_wind && !deducted)
        table[FAN_PUNG_OF_TERMINALS_OR_HONORS]--;
    }
}

/* The wait roles (bit 0 边张, 1 坎张, 2 单钓将) the winning tile can play among the concealed
 * sets of a reading (pair included). */
static guint
wait_roles (const Facts *facts,
            const SpSet *sets,
            guint        n_sets)
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
static void
wait_fans (guint    flags,
           FanTable table)
{
  if (flags & 1)
    table[FAN_EDGE_WAIT] = 1;
  else if (flags & 2)
    table[FAN_CLOSED_WAIT] = 1;
  else if (flags & 4)
    table[FAN_SINGLE_WAIT] = 1;
}

/* The additions the 1998 table allows where the common practice excludes more (the "+SI"
 * exclusions of rules/mcr.md §7 whose count is unambiguous).  @n_terminal_pungs and
 * @n_dragon_pungs are -1 for the forms without sets. */
static void
r98_additions (const Facts *facts,
               int          n_terminal_pungs,
               int          n_dragon_pungs,
               gboolean     special_form,
               FanTable     table)
{
  /* 幺九刻: every pung or kong of terminals or honours (R98 excludes it nowhere). */
  if (n_terminal_pungs >= 0)
    table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = (gint8) n_terminal_pungs;
  /* 箭刻 beside 双箭刻; 双箭刻 beside 大三元 and 小三元 (which exclude only 箭刻). */
  if (table[FAN_TWO_DRAGONS_PUNGS] && n_dragon_pungs > 0)
    table[FAN_DRAGON_PUNG] = (gint8) n_dragon_pungs;
  if (table[FAN_BIG_THREE_DRAGONS] || table[FAN_LITTLE_THREE_DRAGONS])
    table[FAN_TWO_DRAGONS_PUNGS] = 1;
  /* 无字 unless 清一色, 清幺九, 全大, 全小, 大于五 or 小于五 excludes it. */
  if (!(facts->suits & (1u << SP_SUIT_HONORS)) && !table[FAN_FULL_FLUSH]
      && !table[FAN_ALL_TERMINALS] && !table[FAN_UPPER_TILES] && !table[FAN_LOWER_TILES]
      && !table[FAN_UPPER_FOUR] && !table[FAN_LOWER_FOUR])
    table[FAN_NO_HONORS] = 1;
  /* 全大 and 全小 exclude 无字 only: 大于五 and 小于五 count. */
  if (table[FAN_UPPER_TILES])
    table[FAN_UPPER_FOUR] = 1;
  if (table[FAN_LOWER_TILES])
    table[FAN_LOWER_FOUR] = 1;
  /* The four-set fans exclude only their own three-set fan in 1998 … */
  if (table[FAN_QUADRUPLE_CHOW])
    table[FAN_PURE_TRIPLE_CHOW] = 1;
  if (table[FAN_FOUR_PURE_SHIFTED_PUNGS])
    table[FAN_PURE_SHIFTED_PUNGS] = 1;
  if (table[FAN_FOUR_PURE_SHIFTED_CHOWS])
    table[FAN_PURE_SHIFTED_CHOWS] = 1;
  /* 四杠 excludes neither 碰碰和 nor 单钓将 in 1998. */
  if (table[FAN_FOUR_KONGS])
    {
      table[FAN_ALL_PUNGS] = 1;
      table[FAN_SINGLE_WAIT] = 1;
    }
  /* 清幺九 and 字一色 exclude 碰碰和 only: 混幺九 and 全带幺 count. */
  if (table[FAN_ALL_TERMINALS] || table[FAN_ALL_HONORS])
    table[FAN_ALL_TERMINALS_AND_HONORS] = 1;
  if (table[FAN_ALL_TERMINALS_AND_HONORS] && !special_form)
    table[FAN_OUTSIDE_HAND] = 1;
  /* 四暗刻 excludes 门前清 only: self-drawn it is 不求人. */
  if (table[FAN_FOUR_CONCEALED_PUNGS] && facts->self_drawn && facts->n_exposed == 0)
    {
      table[FAN_FULLY_CONCEALED_HAND] = 1;
      table[FAN_SELF_DRAWN] = 0;
    }
}

/* 门前清 / 不求人 for a concealed special hand (九莲宝灯 in 1998; every special hand with
 * special_concealed). */
static void
special_concealed_fans (const Facts *facts,
                        FanTable     table)
{
  if (facts->self_drawn)
    {
      table[FAN_FULLY_CONCEALED_HAND] = 1;
      table[FAN_SELF_DRAWN] = 0;
    }
  else
    table[FAN_CONCEALED_HAND] = 1;
}

/* ---- The forms ------------------------------------------------------------------------ */

static void
score_sets (Facts                 *facts,
            const SpDecomposition *d,
            FanTable               table)
{
  const Options *options = facts->options;
  SpTile chows[4], pungs[4], pair = 0;
  guint n_chows = 0, n_pungs = 0;
  int concealed_pungs = 0, melded_kongs = 0, concealed_kongs = 0, n_terminal_pungs = 0;
  int n_dragon_pungs = 0;
  gboolean win_in_concealed_chow = FALSE;
  guint terminal_sets = 0, honor_sets = 0, five_sets = 0, even_sets = 0;

  for (guint i = 0; i < d->n_sets; i++)
    {
      const SpSet *set = &d->sets[i];
      gboolean concealed_part = set->meld == SP_SET_CONCEALED_PART;
      SpTile t = set->tile;

      switch (set->kind)
        {
        case SP_SET_CHOW:
          chows[n_chows++] = (SpTile) (t + 1);
          if (concealed_part && facts->winning_tile >= t && facts->winning_tile <= t + 2)
            win_in_concealed_chow = TRUE;
          if (t % 9 == 0 || t % 9 == 6)
            terminal_sets++;
          else if (t % 9 >= 2 && t % 9 <= 4)
            five_sets++;
          break;
        case SP_SET_PUNG:
        case SP_SET_KONG:
          pungs[n_pungs++] = t;
          if (set->kind == SP_SET_KONG)
            {
              if (sp_meld_is_exposed (&facts->hand->melds[set->meld]))
                melded_kongs++;
              else
                concealed_kongs++;
            }
          else if (concealed_part)
            concealed_pungs++;
          if (sp_tile_is_terminal_or_honor (t))
            n_terminal_pungs++;
          if (sp_tile_is_dragon (t))
            n_dragon_pungs++;
          G_GNUC_FALLTHROUGH;
        case SP_SET_PAIR:
          if (set->kind == SP_SET_PAIR)
            pair = t;
          if (sp_tile_is_honor (t))
            honor_sets++;
          else
            {
              guint r = sp_tile_rank (t);

              if (r == 1 || r == 9)
                terminal_sets++;
              else if (r == 5)
                five_sets++;
              else if (r % 2 == 0)
                even_sets++;
            }
          break;
        default:
          break;
        }
    }

  win_flag_fans (facts, table);

  /* On a discard the winning tile that completes a concealed pung makes it a melded one,
   * unless the tile can be read into a concealed chow instead. */
  if (!facts->self_drawn && !win_in_concealed_chow)
    {
      for (guint i = 0; i < d->n_sets; i++)
        if (d->sets[i].meld == SP_SET_CONCEALED_PART && d->sets[i].kind == SP_SET_PUNG
            && d->sets[i].tile == facts->winning_tile)
          concealed_pungs--;
    }

  if (n_pungs > 0)
    {
      kongs_and_concealed_pungs (options, concealed_pungs, melded_kongs, concealed_kongs, table);
      if (n_pungs == 4 && !table[FAN_FOUR_KONGS] && !table[FAN_FOUR_CONCEALED_PUNGS])
        table[FAN_ALL_PUNGS] = 1;
      for (guint i = 0; i < n_pungs; i++)
        {
          if (sp_tile_is_dragon (pungs[i]))
            table[FAN_DRAGON_PUNG]++;
          else if (sp_tile_is_terminal_or_honor (pungs[i]))
            table[FAN_PUNG_OF_TERMINALS_OR_HONORS]++;
        }
    }

  /* Sort the chows and the pungs (at most four: insertion sort). */
  for (guint i = 1; i < n_chows; i++)
    for (guint j = i; j > 0 && chows[j - 1] > chows[j]; j--)
      {
        SpTile x = chows[j];

        chows[j] = chows[j - 1];
        chows[j - 1] = x;
      }
  for (guint i = 1; i < n_pungs; i++)
    for (guint j = i; j > 0 && pungs[j - 1] > pungs[j]; j--)
      {
        SpTile x = pungs[j];

        pungs[j] = pungs[j - 1];
        pungs[j - 1] = x;
      }

  switch (n_chows)
    {
    case 4:
      {
        gboolean pair_five = pair < 27 && pair % 9 == 4;
        guint ends = 0, same_suit = 0;
        guint suit_ends[3] = { 0 };

        if (pair_five)
          {
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
          }
        if (pair_five && ends == 4 && same_suit == 0)
          {
            guint others = 0;

            for (guint s = 0; s < 3; s++)
              others += s != pair / 9 && suit_ends[s] == 3;
            if (others == 2)
              {
                table[FAN_THREE_SUITED_TERMINAL_CHOWS] = 1;
                break;
              }
          }
        if (pair_five && ends == 4 && same_suit == 4 && chows[0] == chows[1]
            && chows[2] == chows[3] && chows[0] != chows[2])
          {
            table[FAN_PURE_TERMINAL_CHOWS] = 1;
            break;
          }
        four_chows (chows, table);
        break;
      }
    case 3:
      three_chows (chows, table);
      break;
    case 2:
      {
        Fan fan = two_chows_fan (chows[0], chows[1]);

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

  /* 不求人, 门前清, 全求人, 自摸. */
  if (facts->n_exposed == 0)
    table[facts->self_drawn ? FAN_FULLY_CONCEALED_HAND : FAN_CONCEALED_HAND] = 1;
  else if (facts->n_exposed == 4)
    table[facts->self_drawn ? FAN_SELF_DRAWN : FAN_MELDED_HAND] = 1;
  else if (facts->self_drawn)
    table[FAN_SELF_DRAWN] = 1;

  /* 平和, 小三元, 小四喜 from the pair. */
  if (n_chows == 4)
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

  /* 全带幺, 全带五, 全双刻. */
  if (terminal_sets + honor_sets == 5)
    table[FAN_OUTSIDE_HAND] = 1;
  else if (five_sets == 5)
    table[FAN_ALL_FIVES] = 1;
  else if (even_sets == 5)
    table[FAN_ALL_EVEN_PUNGS] = 1;

  suit_fans (facts, table);
  tile_trait_fans (facts, table);
  rank_range_fans (facts, table);
  if (!table[FAN_QUADRUPLE_CHOW])
    table[FAN_TILE_HOG] = (gint8) (facts->n_hogs - (guint) (melded_kongs + concealed_kongs));

  if (!table[FAN_FOUR_KONGS] && !(options->heavenly_hands && facts->situation->heavenly))
    {
      guint roles = wait_roles (facts, d->sets, d->n_sets);

      /* A two-sided reading proves a second wait; only the edge, closed or single roles of a
       * reading without one need the full check. */
      if (roles != 0 && !(roles & 8) && unique_wait (facts))
        wait_fans (roles, table);
    }

  final_exclusions (table);

  if (!table[FAN_BIG_FOUR_WINDS])
    for (guint i = 0; i < n_pungs; i++)
      if (sp_tile_is_wind (pungs[i]))
        wind_fans (facts, pungs[i], table);

  if (!options->si_exclusions)
    r98_additions (facts, n_terminal_pungs, n_dragon_pungs, FALSE, table);
  table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = MAX (table[FAN_PUNG_OF_TERMINALS_OR_HONORS], 0);
}

/* 组合龙 with one more set and a pair (d->sets: the meld if any, the set, the pair). */
/* The wait fans of 组合龙 + one set + pair.  A winning tile that sits in the knitted straight
 * plays no wait role (GB 2006 and SI); one that sits in the set-and-pair part plays the role it
 * has there.  When the hand holds the winning tile's kind in both parts (12358p147m369sNN+2p:
 * a 2p of 258p and one of 123p), the tile can be read in the part, and the calculator does.
 * The role counts only when it is the hand's unique wait: with the 组合龙 complete in the hand
 * before the winning tile, the hand's waits are those of the four other tiles (another knitted
 * straight cannot fit in four tiles), so the part's waits decide. */
static void
knitted_straight_wait_fans (const Facts           *facts,
                            const SpDecomposition *d,
                            FanTable               table)
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
    wait_fans (wait_roles (facts, d->sets, d->n_sets), table);
}

static void
score_knitted_straight (Facts                 *facts,
                        const SpDecomposition *d,
                        FanTable               table)
{
  const Options *options = facts->options;
  const SpSet *set = &d->sets[d->n_sets - 2];
  SpTile pair = d->sets[d->n_sets - 1].tile;
  gboolean set_concealed = set->meld == SP_SET_CONCEALED_PART
                           || !sp_meld_is_exposed (&facts->hand->melds[set->meld]);

  table[FAN_KNITTED_STRAIGHT] = 1;
  if (set->kind == SP_SET_CHOW)
    {
      if (pair < 27)
        table[FAN_ALL_CHOWS] = 1;
      if (facts->all[pair] == 4)
        table[FAN_TILE_HOG] = 1;
    }
  else if (sp_tile_is_honor (set->tile))
    {
      if (sp_tile_is_wind (set->tile))
        {
          table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 1;
          wind_fans (facts, set->tile, table);
          if (sp_tile_is_dragon (pair))
            table[FAN_ALL_TYPES] = 1;
        }
      else
        {
          table[FAN_DRAGON_PUNG] = 1;
          if (sp_tile_is_wind (pair))
            table[FAN_ALL_TYPES] = 1;
        }
    }
  else
    {
      if (sp_tile_is_terminal (set->tile))
        table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 1;
      if (!sp_tile_is_honor (pair))
        table[FAN_NO_HONORS] = 1;
      if (set->kind != SP_SET_KONG && facts->all[set->tile] == 4)
        table[FAN_TILE_HOG] = 1;
    }

  win_flag_fans (facts, table);

  if (set->kind == SP_SET_KONG)
    table[set_concealed ? FAN_CONCEALED_KONG : FAN_MELDED_KONG] = 1;
  if (set_concealed)
    {
      if (facts->self_drawn)
        {
          table[FAN_FULLY_CONCEALED_HAND] = 1;
          table[FAN_SELF_DRAWN] = 0;
        }
      else
        table[FAN_CONCEALED_HAND] = 1;
    }

  if (!(options->heavenly_hands && facts->situation->heavenly))
    knitted_straight_wait_fans (facts, d, table);
  if (options->knitted_excludes_waits)
    {
      table[FAN_EDGE_WAIT] = 0;
      table[FAN_CLOSED_WAIT] = 0;
    }

  final_exclusions (table);
  if (!options->si_exclusions)
    r98_additions (facts, set->kind != SP_SET_CHOW && sp_tile_is_terminal_or_honor (set->tile),
                   set->kind != SP_SET_CHOW && sp_tile_is_dragon (set->tile), FALSE, table);
  table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = MAX (table[FAN_PUNG_OF_TERMINALS_OR_HONORS], 0);
}

static gboolean
is_seven_shifted_pairs (const guint8 *c, SpTile w)
{
  guint s = sp_tile_suit (w);
  guint first = 9, n = 0;

  if (s == SP_SUIT_HONORS)
    return FALSE;
  for (guint r = 0; r < 9; r++)
    {
      if (c[s * 9 + r] == 2)
        {
          if (first == 9)
            first = r;
          n++;
        }
    }
  if (n != 7)
    return FALSE;
  for (guint r = first; r < first + 7; r++)
    if (c[s * 9 + r] != 2)
      return FALSE;
  return TRUE;
}

static void
score_seven_pairs (Facts    *facts,
                   FanTable  table)
{
  const guint8 *c = facts->hand->counts;
  guint s = sp_tile_suit (facts->winning_tile);

  if (is_seven_shifted_pairs (c, facts->winning_tile))
    {
      table[FAN_SEVEN_SHIFTED_PAIRS] = 1;
      if (c[s * 9] == 0 && c[s * 9 + 8] == 0)
        table[FAN_ALL_SIMPLES] = 1;
      win_flag_fans (facts, table);
    }
  else
    {
      table[FAN_SEVEN_PAIRS] = 1;
      suit_fans (facts, table);
      tile_trait_fans (facts, table);
      rank_range_fans (facts, table);
      table[FAN_TILE_HOG] = (gint8) facts->n_hogs;
      win_flag_fans (facts, table);
      final_exclusions (table);
    }
  if (!facts->options->si_exclusions)
    {
      r98_additions (facts, -1, -1, TRUE, table);
      /* 连七对 excludes 清一色, 不求人 and 单钓将 only: 七对 counts. */
      if (table[FAN_SEVEN_SHIFTED_PAIRS])
        table[FAN_SEVEN_PAIRS] = 1;
    }
  if (facts->options->special_concealed || !facts->options->si_exclusions)
    {
      /* R98 only excludes 不求人 from 七对: on a discard 门前清 counts. */
      if (facts->options->special_concealed)
        special_concealed_fans (facts, table);
      else if (!facts->self_drawn)
        table[FAN_CONCEALED_HAND] = 1;
    }
}

static void
score_other_special (Facts     *facts,
                     SpForm     form,
                     FanTable   table)
{
  switch (form)
    {
    case SP_FORM_THIRTEEN_ORPHANS:
      table[FAN_THIRTEEN_ORPHANS] = 1;
      break;
    case SP_FORM_GREATER_HONORS_KNITTED:
      table[FAN_GREATER_HONORS_KNITTED] = 1;
      break;
    case SP_FORM_HONORS_KNITTED:
      {
        guint suited = 0;

        table[FAN_LESSER_HONORS_KNITTED] = 1;
        for (SpTile t = 0; t < 27; t++)
          suited += facts->all[t];
        if (suited == 9)
          table[FAN_KNITTED_STRAIGHT] = 1;
        break;
      }
    case SP_FORM_SETS:
    case SP_FORM_SEVEN_PAIRS:
    case SP_FORM_KNITTED_STRAIGHT:
    default:
      break;
    }
  win_flag_fans (facts, table);
  if (facts->options->special_concealed)
    special_concealed_fans (facts, table);
  else if (!facts->options->si_exclusions && !facts->self_drawn)
    table[FAN_CONCEALED_HAND] = 1;
  if (!facts->options->si_exclusions)
    {
      /* 1998: 十三幺 does not exclude 混幺九, nor 七星不靠 全不靠. */
      if (form == SP_FORM_THIRTEEN_ORPHANS)
        table[FAN_ALL_TERMINALS_AND_HONORS] = 1;
      if (form == SP_FORM_GREATER_HONORS_KNITTED)
        table[FAN_LESSER_HONORS_KNITTED] = 1;
    }
}

/* 九莲宝灯: the 13 tiles before the winning tile are 1112345678999 of one suit. */
static gboolean
score_nine_gates (Facts    *facts,
                  FanTable  table)
{
  const guint8 *c = facts->hand->counts;
  SpTile w = facts->winning_tile;
  guint s = sp_tile_suit (w);
  guint r = sp_tile_rank (w);

  if (facts->hand->n_melds > 0 || s == SP_SUIT_HONORS)
    return FALSE;
  for (guint i = 0; i < 9; i++)
    {
      guint want = (i == 0 || i == 8) ? 3 : 1;

      if (c[s * 9 + i] - (i + 1 == r) != want)
        return FALSE;
    }
  table[FAN_NINE_GATES] = 1;
  switch (r)
    {
    case 1:
    case 9:
      table[FAN_PURE_STRAIGHT] = 1;
      table[FAN_TILE_HOG] = 1;
      break;
    case 2:
    case 8:
      table[FAN_TWO_CONCEALED_PUNGS] = 1;
      table[FAN_SHORT_STRAIGHT] = 1;
      table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 1;
      break;
    case 5:
      table[FAN_TWO_CONCEALED_PUNGS] = 1;
      table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 1;
      break;
    default:
      table[FAN_SHORT_STRAIGHT] = 1;
      break;
    }
  win_flag_fans (facts, table);
  if (!facts->options->si_exclusions || facts->options->special_concealed)
    special_concealed_fans (facts, table);
  /* 1998: 九莲宝灯 excludes 清一色 only, so 无字 counts. */
  if (!facts->options->si_exclusions)
    table[FAN_NO_HONORS] = 1;
  return TRUE;
}

/* 天和, 地和, 人和 (option heavenly_hands): they replace 不求人/自摸 or 门前清. */
static void
heavenly_fans (Facts    *facts,
               FanTable  table)
{
  const SpSituation *situation = facts->situation;

  if (situation->heavenly || (situation->earthly && facts->self_drawn))
    {
      table[situation->heavenly ? FAN_HEAVENLY : FAN_EARTHLY] = 1;
      table[FAN_FULLY_CONCEALED_HAND] = 0;
      table[FAN_SELF_DRAWN] = 0;
    }
  else if (situation->human || situation->earthly)
    {
      table[situation->human ? FAN_HUMAN : FAN_EARTHLY] = 1;
      table[FAN_CONCEALED_HAND] = 0;
    }
}

/* Σ value × count.  Most of the table is zero: it is scanned eight entries at a time and only
 * the words holding a count are looked into.  Negative counts never reach here. */
static int
table_total (const Options  *options,
             const FanTable  table)
{
  int total = 0;

  for (guint w = 0; w < FAN_TABLE_SIZE; w += 8)
    {
      guint64 word;

      memcpy (&word, table + w, 8);
      if (word == 0)
        continue;
      for (guint i = w; i < w + 8; i++)
        total += table[i] * fan_base_values[i];
    }
  total += (options->concealed_kong_pair_value - fan_base_values[FAN_TWO_CONCEALED_KONGS])
           * table[FAN_TWO_CONCEALED_KONGS];
  total += (options->melded_concealed_kong - fan_base_values[FAN_MELDED_AND_CONCEALED_KONG])
           * table[FAN_MELDED_AND_CONCEALED_KONG];
  return total;
}

/* ---- Verdicts ------------------------------------------------------------------------- */

static gboolean
situation_is_consistent (Facts         *facts,
                         SpScoreResult *result)
{
  const SpSituation *situation = facts->situation;
  const SpHand *hand = facts->hand;
  SpTile w = facts->winning_tile;
  char name[SP_TILE_STRING_SIZE];

  sp_tile_to_string (w, name);
  if (situation->kong && !situation->self_drawn && facts->all[w] > 1)
    return sp_referee_bad_situation (result, "--kong on a discard (抢杠和) of %s, but the hand holds "
                                     "%u of %s: the robbed kong needs the other three",
                                     name, facts->all[w], name);
  if (situation->kong && situation->self_drawn && facts->n_kongs == 0)
    return sp_referee_bad_situation (result,
                                     "--kong with --self-drawn (杠上开花), but the hand has no kong");
  if (situation->wall_last && situation->kong && !situation->self_drawn)
    return sp_referee_bad_situation (result, "--wall-last with --kong on a discard: a kong cannot "
                                     "be robbed with the last tile of the wall");
  if (situation->last_tile && hand->counts[w] > 1)
    return sp_referee_bad_situation (result, "--last-tile (和绝张), but the hand itself holds %u of "
                                     "%s among its concealed tiles", hand->counts[w], name);
  if (situation->flower_replacement && !situation->self_drawn)
    return sp_referee_bad_situation (result, "--flower-replacement needs --self-drawn: the "
                                     "replacement tile is drawn");
  if (!situation->self_drawn && situation->discarder == situation->seat_wind)
    return sp_referee_bad_situation (result, "--discarder %s is the winner's own seat",
                                     sp_wind_to_string (situation->discarder));
  if (situation->self_drawn && situation->discarder != SP_SEAT_NONE)
    return sp_referee_bad_situation (result, "--discarder with --self-drawn: a self-drawn win has "
                                     "no discarder");
  if (situation->heavenly || situation->earthly || situation->human)
    {
      const char *which = situation->heavenly ? "--heavenly" : situation->earthly ? "--earthly"
                                                                                  : "--human";

      if (!facts->options->heavenly_hands)
        return sp_referee_bad_situation (result, "%s: 天和/地和/人和 are not counted in this profile "
                                         "(--option heavenly_hands=on)", which);
      if (situation->heavenly + situation->earthly + situation->human > 1)
        return sp_referee_bad_situation (result, "only one of --heavenly, --earthly and --human "
                                         "can hold");
      if (hand->n_melds > 0)
        return sp_referee_bad_situation (result, "%s with melds: these wins come before any claim "
                                         "or kong", which);
      if (situation->heavenly
          && (situation->seat_wind != situation->dealer || !situation->self_drawn))
        return sp_referee_bad_situation (result, "--heavenly (天和) is the dealer's self-drawn win "
                                         "on the deal");
      if ((situation->earthly || situation->human) && situation->seat_wind == situation->dealer)
        return sp_referee_bad_situation (result, "%s is a win of a player other than the dealer",
                                         which);
      if (situation->human && situation->self_drawn)
        return sp_referee_bad_situation (result, "--human (人和) is a win on a discard of the first "
                                         "go-round");
    }
  return TRUE;
}

static void
refuse_not_a_win (const SpHand  *hand,
                  SpScoreResult *result)
{
  char name[SP_TILE_STRING_SIZE];

  sp_tile_to_string (sp_hand_winning_tile (hand), name);
  if (sp_referee_read_false_win (hand, SP_RULESET_MCR, result) > 0)
    sp_score_result_refuse (result, SP_CORE_ERROR_NOT_A_WIN,
                            "not a win: %s does not complete the hand, which is ready (和错牌)", name);
  else
    sp_score_result_refuse (result, SP_CORE_ERROR_NOT_A_WIN,
                            "not a win: without %s the hand is %d tile%s from ready (诈和)", name,
                            result->shanten, result->shanten == 1 ? "" : "s");
}

static void
score (gconstpointer      data,
       const SpHand      *hand,
       const SpSituation *situation,
       SpScoreResult     *result)
{
  const Options *options = data;
  Facts facts;
  SpDecompositionList list;
  FanTable best, table;
  int best_total = -1;
  gboolean best_is_pairs = FALSE;
  GError *error = NULL;
  int total_without_flowers;

  sp_score_result_init (result, SP_RULESET_MCR);

  if (!sp_hand_validate (hand, SP_RULESET_MCR, TRUE, &error))
    {
      sp_score_result_refuse (result, (SpCoreError) error->code, "%s", error->message);
      g_error_free (error);
      return;
    }

  facts.options = options;
  facts.hand = hand;
  facts.situation = situation;
  facts.winning_tile = sp_hand_winning_tile (hand);
  facts.unique_wait = -1;
  facts.n_exposed = 0;
  facts.n_kongs = 0;
  memcpy (facts.all, hand->counts, sizeof facts.all);
  memset (facts.fixed, 0, sizeof facts.fixed);
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const SpMeld *meld = &hand->melds[i];

      if (meld->kind == SP_MELD_CHOW)
        for (guint k = 0; k < 3; k++)
          facts.fixed[meld->tile + k]++;
      else
        facts.fixed[meld->tile] += (guint8) sp_meld_n_tiles (meld);
      facts.n_exposed += sp_meld_is_exposed (meld);
      facts.n_kongs += meld->kind == SP_MELD_KONG;
    }
  for (guint t = 0; t < SP_N_TILE_KINDS; t++)
    facts.all[t] += facts.fixed[t];

  if (!situation_is_consistent (&facts, result))
    return;

  facts.self_drawn = situation->self_drawn;
  facts.kong = situation->kong;
  facts.wall_last = situation->wall_last;
  /* 和绝张: the winning tile is the last of its kind; the cn convention also sees it when the
   * other three are in the winner's own melds. */
  facts.last_tile = situation->last_tile
                    || (options->last_tile_visible && facts.fixed[facts.winning_tile] == 3);

  if (sp_hand_decompose (hand, SP_RULESET_MCR, &list) == 0)
    {
      refuse_not_a_win (hand, result);
      sp_mcr_apply_penalty ((SpMcrPenaltyProfile) options->penalty_profile,
                            situation->seat_wind, result);
      return;
    }
  compute_tile_facts (&facts);

  /* Every reading; keep the highest (就高不就低).  On equal totals the sets-and-pair reading
   * is preferred to 七对, and one with 一色三同顺 or 三同刻 to one without (as the reference
   * calculator reports them). */
  memset (best, 0, sizeof best);
  memset (table, 0, sizeof table);
  if (score_nine_gates (&facts, table))
    {
      if (options->heavenly_hands)
        heavenly_fans (&facts, table);
      memcpy (best, table, sizeof best);
      best_total = table_total (options, best);
    }
  for (guint i = 0; i < list.n; i++)
    {
      const SpDecomposition *d = &list.items[i];
      int total;

      memset (table, 0, sizeof table);
      switch (d->form)
        {
        case SP_FORM_SETS:
          if (best_total >= 0 && best[FAN_NINE_GATES])
            continue;
          score_sets (&facts, d, table);
          break;
        case SP_FORM_SEVEN_PAIRS:
          score_seven_pairs (&facts, table);
          break;
        case SP_FORM_KNITTED_STRAIGHT:
          score_knitted_straight (&facts, d, table);
          break;
        default:
          score_other_special (&facts, (SpForm) d->form, table);
          break;
        }
      if (options->heavenly_hands)
        heavenly_fans (&facts, table);
      /* Every fan is worth at least 1: a zero total is an empty table, 无番和. */
      total = table_total (options, table);
      if (total == 0)
        {
          table[FAN_CHICKEN_HAND] = 1;
          total = fan_base_values[FAN_CHICKEN_HAND];
        }
      if (total > best_total
          || (total == best_total
              && ((best_is_pairs && d->form == SP_FORM_SETS) || table[FAN_PURE_TRIPLE_CHOW]
                  || table[FAN_TRIPLE_PUNG])))
        {
          memcpy (best, table, sizeof best);
          best_total = total;
          best_is_pairs = d->form == SP_FORM_SEVEN_PAIRS;
        }
    }

  for (guint i = 0; i < N_FANS; i++)
    {
      gint32 value;

      if (best[i] <= 0)
        continue;
      value = i == FAN_TWO_CONCEALED_KONGS ? options->concealed_kong_pair_value
              : i == FAN_MELDED_AND_CONCEALED_KONG ? options->melded_concealed_kong
              : fan_base_values[i];
      /* The names are distinct: no merging needed. */
      result->items[result->n_items].name = fan_names[i];
      result->items[result->n_items].value = value;
      result->items[result->n_items].count = (guint32) best[i];
      result->n_items++;
    }
  if (situation->n_flowers > 0)
    sp_score_result_add (result, flower_name, 1, situation->n_flowers);
  total_without_flowers = best_total;
  result->total = best_total + situation->n_flowers;

  if (total_without_flowers < options->min_fan)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BELOW_MINIMUM,
                              "below the minimum (错和): %d fan without flowers, %d needed",
                              total_without_flowers, options->min_fan);
      sp_mcr_apply_penalty ((SpMcrPenaltyProfile) options->penalty_profile,
                            situation->seat_wind, result);
      return;
    }
  result->win = TRUE;
  result->error_code = 0;
  sp_mcr_settle (situation, result->total, result);
}

/* ---- Penalties and settlement ---------------------------------------------------------- */

gboolean
sp_mcr_penalty_hand_continues (SpMcrPenaltyProfile profile)
{
  return TRUE;
}

static void
pay_each (SpScoreResult *result,
          guint8         offender,
          gint64         amount)
{
  for (guint s = 0; s < 4; s++)
    result->penalty[s] = s == offender ? -3 * amount : amount;
  result->has_penalty = TRUE;
}

void
sp_mcr_apply_penalty (SpMcrPenaltyProfile  profile,
                      guint8               offender,
                      SpScoreResult       *result)
{
  g_return_if_fail (result != NULL && offender < 4);

  if (result->win)
    return;
  if (result->error_code == SP_CORE_ERROR_BELOW_MINIMUM)
    {
      if (profile == SP_MCR_PENALTY_EMA)
        {
          pay_each (result, offender, 10);
          g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
                      "false hu (below 8 fan): −30, +10 to each other player; 停和, plays on");
        }
      else
        {
          pay_each (result, offender, 10);
          g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
                      "错和 (below 8 fan): 10 to each other player; 停和, plays on");
        }
      return;
    }
  if (result->error_code != SP_CORE_ERROR_NOT_A_WIN)
    return;
  if (profile == SP_MCR_PENALTY_EMA)
    {
      pay_each (result, offender, 10);
      g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
                  "false hu (%s): −30, +10 to each other player; 停和, plays on",
                  result->ready ? "和错牌" : "诈和");
    }
  else if (result->ready)
    {
      pay_each (result, offender, 10);
      g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
                  "和错牌 (ready, wrong tile): 10 to each other player; 停和, plays on");
    }
  else if (result->shanten <= 1)
    {
      pay_each (result, offender, 20);
      g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
                  "诈和 (not ready): 20 to each other player; 停和, plays on");
    }
  else
    {
      pay_each (result, offender, 20);
      g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
                  "有意诈和 (%d tiles from ready): disqualification (停赛); 20 to each other player",
                  result->shanten);
    }
}

void
sp_mcr_settle (const SpSituation *situation,
               gint32             total,
               SpScoreResult     *result)
{
  guint8 winner = situation->seat_wind;

  memset (result->settlement, 0, sizeof result->settlement);
  if (situation->self_drawn)
    {
      for (guint s = 0; s < 4; s++)
        result->settlement[s] = s == winner ? 3 * (8 + (gint64) total) : -(8 + (gint64) total);
    }
  else
    {
      guint8 discarder = sp_situation_discarder (situation);

      for (guint s = 0; s < 4; s++)
        result->settlement[s] = -8;
      result->settlement[discarder] = -(8 + (gint64) total);
      result->settlement[winner] = 24 + (gint64) total;
    }
  result->has_settlement = TRUE;
}

/* A win recorded by its fan total without the tiles (sp_rules_settle). */
static void
settle_total (gconstpointer      options,
              const SpSituation *situation,
              gint32             total,
              SpScoreResult     *result)
{
  sp_mcr_settle (situation, total, result);
}

const SpRulesetClass sp_mcr_class = {
  profiles, sizeof (Options), init_options, set_option, get_option,
  options_cn, N_OPTIONS, score, settle_total,
};
