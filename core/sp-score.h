/* sp-score.h: what a referee's scorer takes (the situation of a win) and gives back (a verdict
 * with the fan/台/番 items, the total and the settlement).  Plain fixed-size structs: scoring
 * allocates nothing.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-core-error.h"
#include "sp-hand.h"

G_BEGIN_DECLS

#define SP_SEAT_NONE 0xff

/* The situation of a declared win: the SITUATION options of SPEC.md §3.1.  Seats are SpWind
 * values (the seat letters E S W N); the winner sits at seat_wind. */
typedef struct
{
  guint8  self_drawn;          /* --self-drawn (default: on a discard) */
  guint8  last_tile;           /* --last-tile: 绝张 */
  guint8  kong;                /* --kong: with self_drawn 杠上开花, without 抢杠 */
  guint8  flower_replacement;  /* --flower-replacement */
  guint8  wall_last;           /* --wall-last: 妙手回春/海底捞月/河底撈魚 */
  guint8  seat_wind;           /* SpWind, default East */
  guint8  round_wind;          /* SpWind, default East */
  guint8  n_flowers;           /* flowers as a count (MCR), or the number listed */
  guint8  flowers;             /* bit f-1 for each flower listed (f1–f8); 0 when given as a count */
  guint8  flowers_listed;      /* the flowers were listed, not counted */
  guint8  dealer;              /* SpWind of the dealer, default East */
  guint8  streak;              /* 連莊 count */
  guint8  discarder;           /* SpWind of the discarder, SP_SEAT_NONE when not said */
  guint8  liable;              /* SpWind of the liable player (Guangdong 包牌), or SP_SEAT_NONE */
  gint32  base;                /* Taiwan 底 (default 30), Guangdong stake (default 1) */
  gint32  per_tai;             /* Taiwan 每台 (default 10) */
  guint8  base_given;          /* --base was given */
  guint8  heavenly;            /* 天和/天胡 */
  guint8  earthly;             /* 地和/地胡 */
  guint8  human;               /* 人和/人胡 */
  guint8  ready_at_deal;       /* 天聽 */
  guint8  ready_first_draw;    /* 地聽 */
  guint8  flower_win;          /* the hand is "-": a flower win (Taiwan 八仙過海, 七搶一) */
} SpSituation;

void     sp_situation_init        (SpSituation        *situation);
/* Applies one SITUATION option of SPEC.md §3.1 ("--self-drawn", "--seat-wind" with "S", …);
 * @value is NULL for the switches.  Returns FALSE with SP_CORE_ERROR_INVALID for an unknown
 * option or a bad value.  sp_situation_takes_value() says whether an option needs a value. */
gboolean sp_situation_apply       (SpSituation        *situation,
                                   const char         *option,
                                   const char         *value,
                                   GError            **error);
gboolean sp_situation_takes_value (const char         *option);
/* Applies a whole list of options ("--seat-wind", "S", "--self-drawn", …). */
gboolean sp_situation_parse_args  (SpSituation        *situation,
                                   const char * const *args,
                                   guint               n_args,
                                   GError            **error);

/* The discarder of a discard win: --discarder, else the winner's 上家 (the seat before the
 * winner in turn order: North for East), the usual case. */
guint8 sp_situation_discarder (const SpSituation *situation);

#define SP_MAX_SCORE_ITEMS 40

/* One counted item: its name exactly as the ruleset's table in rules/ writes it (a static
 * string), its value and how many times it counts. */
typedef struct
{
  const char *name;
  gint32      value;
  guint32     count;
} SpScoreItem;

/* A referee's verdict on a declared win. */
typedef struct
{
  SpRuleset    ruleset;
  gboolean     win;
  /* Not a win: the error (SPEC.md §3.1 codes) with its message. */
  SpCoreError  error_code;
  char         message[192];
  gboolean     ready;            /* not-a-win: ready without the declared winning tile (和错牌) */
  gint32       shanten;          /* not-a-win and not ready: tiles from ready (诈和) */
  /* The items and their total (also filled for below-minimum). */
  guint        n_items;
  SpScoreItem  items[SP_MAX_SCORE_ITEMS];
  gint32       total;
  gint64       points;           /* Guangdong: 2^total; 0 elsewhere */
  /* Each seat's gain or loss (E S W N), summing to 0; has_settlement says it was computed. */
  gboolean     has_settlement;
  gint64       settlement[4];
  /* The penalty the verdict carries under the penalty profile (false wins), per seat. */
  gboolean     has_penalty;
  gint64       penalty[4];
  char         penalty_reason[96];
} SpScoreResult;

void sp_score_result_init     (SpScoreResult *result,
                               SpRuleset      ruleset);
/* Adds @count × @value of the item @name (a static string); merges with an item of that name. */
void sp_score_result_add      (SpScoreResult *result,
                               const char    *name,
                               gint32         value,
                               guint32        count);
/* Marks the result as refused with @code and a printf message. */
G_GNUC_PRINTF (3, 4)
void sp_score_result_refuse   (SpScoreResult *result,
                               SpCoreError    code,
                               const char    *format,
                               ...);
gint32 sp_score_result_item   (const SpScoreResult *result,
                               const char          *name);

G_END_DECLS
