/* sp-mcr-fans.c: the MCR fan table (names, values, the total of a reading),
 * the fans every form reads off the tiles and the situation, and the exclusions (不计) of
 * rules/mcr.md §7 with the additions of the 1998 table.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-mcr-private.h"
#include "sp-analysis-private.h"

#include <string.h>

/* ---- The fan table (rules/mcr.md §7), in table order ------------------------------------- */

const char * const sp_mcr_fan_names[N_FANS] = {
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

const guint8 sp_mcr_fan_values[FAN_TABLE_SIZE] = {
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

/* Σ value × count.  Most of the table is zero: it is scanned eight entries at a time and only
 * the words holding a count are looked into.  Negative counts never reach here. */
int
sp_mcr_table_total (const SpMcrOptions  *options,
                    const SpMcrFanTable  table)
{
  int total = 0;
  guint64 mask[2];

  /* A reading counts a handful of the 84 fans: only those are looked at. */
  sp_mcr_table_mask (table, mask);
  for (guint w = 0; w < 2; w++)
    for (guint64 m = mask[w]; m != 0; m &= m - 1)
      {
        guint i = w * 64 + (guint) __builtin_ctzll (m);

        total += table[i] * sp_mcr_fan_values[i];
      }
  total += (options->concealed_kong_pair_value - sp_mcr_fan_values[FAN_TWO_CONCEALED_KONGS])
           * table[FAN_TWO_CONCEALED_KONGS];
  total += (options->melded_concealed_kong - sp_mcr_fan_values[FAN_MELDED_AND_CONCEALED_KONG])
           * table[FAN_MELDED_AND_CONCEALED_KONG];
  return total;
}

/* ---- Hand facts shared by every reading -------------------------------------------------- */

/* Tile sets as masks of 34 bits, bit t for tile t. */
#define SUIT_MASK(s)     (0x1ffull << ((s) * 9))
#define SUITED_MASK      (SUIT_MASK (0) | SUIT_MASK (1) | SUIT_MASK (2))
#define WIND_MASK        (0xfull << SP_TILE_EAST)
#define DRAGON_MASK      (0x7ull << SP_TILE_RED)
#define TERMINAL_MASK    (0x101ull | (0x101ull << 9) | (0x101ull << 18))
/* 23468 条 and 发. */
#define GREEN_MASK       ((1ull << SP_TILE_GREEN) | (1ull << 19) | (1ull << 20) | (1ull << 21) \
                          | (1ull << 23) | (1ull << 25))
/* 1234589 饼, 245689 条, 白. */
#define REVERSIBLE_MASK  ((1ull << 9) | (1ull << 10) | (1ull << 11) | (1ull << 12) | (1ull << 13) \
                          | (1ull << 16) | (1ull << 17) | (1ull << 19) | (1ull << 21) \
                          | (1ull << 22) | (1ull << 23) | (1ull << 25) | (1ull << 26) \
                          | (1ull << SP_TILE_WHITE))

void
sp_mcr_compute_tile_facts (SpMcrFacts *facts)
{
  /* The kinds held and those held four times, as masks; every fact is then a mask test. */
  guint64 present = sp_counts_mask (facts->all, 0, FALSE);
  guint64 hogs = sp_counts_mask (facts->all, 4, TRUE);
  guint64 suited;

  suited = present | (present >> 9) | (present >> 18);
  facts->suits = (guint8) (((present & SUIT_MASK (0)) != 0)
                           | ((present & SUIT_MASK (1)) != 0) << 1
                           | ((present & SUIT_MASK (2)) != 0) << 2
                           | ((present & (WIND_MASK | DRAGON_MASK)) != 0) << 3);
  facts->has_wind = (present & WIND_MASK) != 0;
  facts->has_dragon = (present & DRAGON_MASK) != 0;
  facts->ranks = (guint16) ((suited & 0x1ff) << 1);
  facts->all_simple = (present & (TERMINAL_MASK | WIND_MASK | DRAGON_MASK)) == 0;
  facts->all_terminal_or_honor = (present & SUITED_MASK & ~TERMINAL_MASK) == 0;
  facts->all_terminal = (present & ~TERMINAL_MASK) == 0;
  facts->all_honor = (present & SUITED_MASK) == 0;
  facts->all_green = (present & ~GREEN_MASK) == 0;
  facts->all_reversible = (present & ~REVERSIBLE_MASK) == 0;
  facts->n_hogs = (guint) __builtin_popcountll (hogs);
}

/* ---- Fans read off the hand and the situation, in every form ----------------------------- */

void
sp_mcr_win_flag_fans (const SpMcrFacts *facts,
                      SpMcrFanTable     table)
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
void
sp_mcr_suit_fans (const SpMcrFacts *facts,
                  SpMcrFanTable     table)
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
void
sp_mcr_tile_trait_fans (const SpMcrFacts *facts,
                        SpMcrFanTable     table)
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
void
sp_mcr_rank_range_fans (const SpMcrFacts *facts,
                        SpMcrFanTable     table)
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

/* 圈风刻 and 门风刻 of a wind pung, which then is no longer a 幺九刻. */
void
sp_mcr_wind_fans (const SpMcrFacts *facts,
                  SpTile            tile,
                  SpMcrFanTable     table)
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

/* 门前清 / 不求人 for a concealed special hand (九莲宝灯 in 1998; every special hand with
 * special_concealed). */
void
sp_mcr_special_concealed_fans (const SpMcrFacts *facts,
                               SpMcrFanTable     table)
{
  if (facts->self_drawn)
    {
      table[FAN_FULLY_CONCEALED_HAND] = 1;
      table[FAN_SELF_DRAWN] = 0;
    }
  else
    table[FAN_CONCEALED_HAND] = 1;
}

/* 天和, 地和, 人和 (option heavenly_hands): they replace 不求人/自摸 or 门前清. */
void
sp_mcr_heavenly_fans (SpMcrFacts    *facts,
                      SpMcrFanTable  table)
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

/* ---- Exclusions (不计) --------------------------------------------------------------------- */

/* The exclusions (不计) of rules/mcr.md §7 that the procedure does not already make: a fan
 * present removes each fan of its row.  Removing is the same in any order, and no fan that a
 * row removes is one whose presence another row reads (平和 and 断幺 remove only 无字, which
 * the rows that remove them remove too). */
static const struct
{
  guint8 fan;
  guint8 excluded[5]; /* ends at the first 0: 大四喜, which no fan excludes */
} exclusions[] = {
  { FAN_BIG_FOUR_WINDS, { FAN_ALL_PUNGS, FAN_PUNG_OF_TERMINALS_OR_HONORS } },
  { FAN_BIG_THREE_DRAGONS, { FAN_DRAGON_PUNG } },
  { FAN_ALL_GREEN, { FAN_HALF_FLUSH, FAN_ONE_VOIDED_SUIT } },
  { FAN_FOUR_KONGS, { FAN_SINGLE_WAIT } },
  { FAN_ALL_TERMINALS,
    { FAN_ALL_PUNGS, FAN_OUTSIDE_HAND, FAN_PUNG_OF_TERMINALS_OR_HONORS, FAN_NO_HONORS,
      FAN_DOUBLE_PUNG } },
  { FAN_LITTLE_FOUR_WINDS, { FAN_PUNG_OF_TERMINALS_OR_HONORS } },
  { FAN_LITTLE_THREE_DRAGONS, { FAN_DRAGON_PUNG } },
  { FAN_ALL_HONORS,
    { FAN_ALL_PUNGS, FAN_OUTSIDE_HAND, FAN_PUNG_OF_TERMINALS_OR_HONORS, FAN_ONE_VOIDED_SUIT } },
  { FAN_FOUR_CONCEALED_PUNGS, { FAN_ALL_PUNGS, FAN_CONCEALED_HAND } },
  { FAN_PURE_TERMINAL_CHOWS, { FAN_FULL_FLUSH, FAN_ALL_CHOWS, FAN_NO_HONORS } },
  { FAN_FOUR_PURE_SHIFTED_PUNGS, { FAN_ALL_PUNGS } },
  { FAN_ALL_TERMINALS_AND_HONORS,
    { FAN_ALL_PUNGS, FAN_OUTSIDE_HAND, FAN_PUNG_OF_TERMINALS_OR_HONORS } },
  { FAN_ALL_EVEN_PUNGS, { FAN_ALL_PUNGS, FAN_ALL_SIMPLES, FAN_NO_HONORS } },
  { FAN_UPPER_TILES, { FAN_NO_HONORS } },
  { FAN_LOWER_TILES, { FAN_NO_HONORS } },
  { FAN_UPPER_FOUR, { FAN_NO_HONORS } },
  { FAN_LOWER_FOUR, { FAN_NO_HONORS } },
  { FAN_MIDDLE_TILES, { FAN_ALL_SIMPLES, FAN_NO_HONORS } },
  { FAN_ALL_FIVES, { FAN_ALL_SIMPLES, FAN_NO_HONORS } },
  { FAN_THREE_SUITED_TERMINAL_CHOWS, { FAN_ALL_CHOWS, FAN_NO_HONORS } },
  { FAN_REVERSIBLE_TILES, { FAN_ONE_VOIDED_SUIT } },
  { FAN_LAST_TILE_DRAW, { FAN_SELF_DRAWN } },
  { FAN_OUT_WITH_REPLACEMENT_TILE, { FAN_SELF_DRAWN } },
  { FAN_FULLY_CONCEALED_HAND, { FAN_SELF_DRAWN } },
  { FAN_MELDED_HAND, { FAN_SINGLE_WAIT } },
  { FAN_TWO_DRAGONS_PUNGS, { FAN_DRAGON_PUNG } },
  { FAN_ALL_CHOWS, { FAN_NO_HONORS } },
  { FAN_ALL_SIMPLES, { FAN_NO_HONORS } },
};

G_STATIC_ASSERT (FAN_BIG_FOUR_WINDS == 0);

void
sp_mcr_final_exclusions (SpMcrFanTable table)
{
  /* The rows of each fan, as bits of the row numbers. */
  static guint64 rows_by_fan[FAN_TABLE_SIZE];
  static gsize rows_built = 0;
  guint64 mask[2];
  guint64 rows = 0;

  G_STATIC_ASSERT (G_N_ELEMENTS (exclusions) <= 64);
  if (g_once_init_enter (&rows_built))
    {
      for (guint i = 0; i < G_N_ELEMENTS (exclusions); i++)
        rows_by_fan[exclusions[i].fan] |= 1ull << i;
      g_once_init_leave (&rows_built, 1);
    }

  /* 四暗刻 excludes 不求人 but not the self-draw, which is then 自摸.  This comes before the
   * rows so that the row of 不求人 does not remove that 自摸. */
  if (table[FAN_FOUR_CONCEALED_PUNGS] && table[FAN_FULLY_CONCEALED_HAND])
    {
      table[FAN_FULLY_CONCEALED_HAND] = 0;
      table[FAN_SELF_DRAWN] = 1;
    }

  /* Only the rows of the fans counted are looked at, in their order; a row may drop the fan of
   * a later row, which is looked at again. */
  sp_mcr_table_mask (table, mask);
  for (guint w = 0; w < 2; w++)
    for (guint64 m = mask[w]; m != 0; m &= m - 1)
      rows |= rows_by_fan[w * 64 + (guint) __builtin_ctzll (m)];
  for (; rows != 0; rows &= rows - 1)
    {
      guint i = (guint) __builtin_ctzll (rows);

      if (!table[exclusions[i].fan])
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (exclusions[i].excluded) && exclusions[i].excluded[k];
           k++)
        table[exclusions[i].excluded[k]] = 0;
    }

  /* 三风刻 holds three 幺九刻 (字一色 and 混幺九 have already removed them all). */
  if (table[FAN_BIG_THREE_WINDS] && !table[FAN_ALL_HONORS]
      && !table[FAN_ALL_TERMINALS_AND_HONORS])
    table[FAN_PUNG_OF_TERMINALS_OR_HONORS] -= 3;
}

/* The additions the 1998 table allows where the common practice excludes more (the "+SI"
 * exclusions of rules/mcr.md §7 whose count is unambiguous).  @n_terminal_pungs and
 * @n_dragon_pungs are -1 for the forms without sets. */
void
sp_mcr_r98_additions (const SpMcrFacts *facts,
                      int               n_terminal_pungs,
                      int               n_dragon_pungs,
                      gboolean          special_form,
                      SpMcrFanTable     table)
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
