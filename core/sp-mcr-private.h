/* sp-mcr-private.h: what the files of the MCR referee share: the fan table's
 * indices, the options of a profile, the facts of a hand that every reading sees, and the
 * steps of scoring a reading. Included by core/sp-mcr*.c only.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>


#include "sp-analysis.h"
#include "sp-analysis-private.h"
#include "sp-hand.h"
#include "sp-score.h"

G_BEGIN_DECLS

/* ---- The fan table (rules/mcr.md §7), in table order ------------------------------------- */

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
} SpMcrFan;

/* Counts by SpMcrFan are padded to whole words for sp_mcr_table_total(). */
#define FAN_TABLE_SIZE ((N_FANS + 7) & ~7)

/* A reading's fans: the count of each (negative while 幺九刻 are being deducted). */
typedef gint8 SpMcrFanTable[FAN_TABLE_SIZE];

/* The fans of @table that are not zero, as bits (fan i is bit i % 64 of mask[i / 64]), eight
 * fans a word at a time. */
static inline void
sp_mcr_table_mask (const SpMcrFanTable table,
                   guint64             mask[2])
{
  G_STATIC_ASSERT (FAN_TABLE_SIZE == 88);

#if defined(SP_HAVE_BYTE_VECTORS)
  {
    guint64 z[6];

    for (guint i = 0; i < 5; i++)
      z[i] = sp_bytes16_mask (table + 16 * i, 0, TRUE);
    /* The last eight, as the top half of the sixteen from 72. */
    z[5] = sp_bytes16_mask (table + 72, 0, TRUE) >> 8;
    mask[0] = ~(z[0] | z[1] << 16 | z[2] << 32 | z[3] << 48);
    mask[1] = ~(z[4] | z[5] << 16) & 0xffffff;
  }
#else
  mask[0] = mask[1] = 0;
  for (guint i = 0; i < FAN_TABLE_SIZE; i += 8)
    {
      guint64 x;

      memcpy (&x, table + i, 8);
      if (x == 0)
        continue;
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
      mask[i / 64] |= (guint64) sp_bytes_top_bits (sp_bytes_nonzero (x)) << (i % 64);
#else
      for (guint k = 0; k < 8; k++)
        mask[(i + k) / 64] |= (guint64) (table[i + k] != 0) << ((i + k) % 64);
#endif
    }
#endif
}

extern const char * const sp_mcr_fan_names[N_FANS];
extern const guint8       sp_mcr_fan_values[FAN_TABLE_SIZE];

/* ---- Profiles and options ---------------------------------------------------------------- */

/* The options of a profile (rules/mcr.md §7: cn, r98, gb2006). */
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
} SpMcrOptions;

/* ---- Hand facts shared by every reading -------------------------------------------------- */

typedef struct
{
  const SpMcrOptions *options;
  const SpHand      *hand;
  const SpSituation *situation;
  SpTile             winning_tile;
  guint8             all[SP_N_TILE_KINDS];  /* every tile, melds included */
  guint8             fixed[SP_N_TILE_KINDS]; /* the tiles of the melds */
  guint              n_exposed;             /* melds other than concealed kongs */
  guint              n_kongs;
  guint              n_tiles;               /* every tile, melds included */
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
} SpMcrFacts;

/* ---- sp-mcr-fans.c: the fan table, the fans read off the whole hand, the exclusions ------ */

void
sp_mcr_compute_tile_facts (SpMcrFacts *facts);

void
sp_mcr_win_flag_fans (const SpMcrFacts *facts,
                      SpMcrFanTable     table);

void
sp_mcr_suit_fans (const SpMcrFacts *facts,
                  SpMcrFanTable     table);

void
sp_mcr_tile_trait_fans (const SpMcrFacts *facts,
                        SpMcrFanTable     table);

void
sp_mcr_rank_range_fans (const SpMcrFacts *facts,
                        SpMcrFanTable     table);

void
sp_mcr_final_exclusions (SpMcrFanTable table);

void
sp_mcr_wind_fans (const SpMcrFacts *facts,
                  SpTile            tile,
                  SpMcrFanTable     table);

void
sp_mcr_r98_additions (const SpMcrFacts *facts,
                      int               n_terminal_pungs,
                      int               n_dragon_pungs,
                      gboolean          special_form,
                      SpMcrFanTable     table);

void
sp_mcr_special_concealed_fans (const SpMcrFacts *facts,
                               SpMcrFanTable     table);

void
sp_mcr_heavenly_fans (SpMcrFacts    *facts,
                      SpMcrFanTable  table);

int
sp_mcr_table_total (const SpMcrOptions  *options,
                    const SpMcrFanTable  table);

/* ---- sp-mcr-waits.c: the wait fans ------------------------------------------------------- */

gboolean
sp_mcr_unique_wait (SpMcrFacts *facts);

guint
sp_mcr_wait_roles (const SpMcrFacts *facts,
                   const SpSet      *sets,
                   guint             n_sets);

void
sp_mcr_wait_fans (guint         flags,
                  SpMcrFanTable table);

void
sp_mcr_knitted_straight_wait_fans (const SpMcrFacts      *facts,
                                   const SpDecomposition *d,
                                   SpMcrFanTable          table);

/* ---- sp-mcr-sets.c: the sets-and-pair form ----------------------------------------------- */

void
sp_mcr_score_sets (SpMcrFacts            *facts,
                   const SpDecomposition *d,
                   SpMcrFanTable          table);

/* ---- sp-mcr-special.c: the special forms ------------------------------------------------- */

void
sp_mcr_score_knitted_straight (SpMcrFacts            *facts,
                               const SpDecomposition *d,
                               SpMcrFanTable          table);

void
sp_mcr_score_seven_pairs (SpMcrFacts    *facts,
                          SpMcrFanTable  table);

void
sp_mcr_score_other_special (SpMcrFacts    *facts,
                            SpForm         form,
                            SpMcrFanTable  table);

gboolean
sp_mcr_score_nine_gates (SpMcrFacts    *facts,
                         SpMcrFanTable  table);

G_END_DECLS
