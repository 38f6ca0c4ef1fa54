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

/* Riichi: the dora indicators turned in one hand, the first and one per kong. */
#define SP_MAX_INDICATORS 5

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
  guint8  heavenly;            /* 天和/天胡 */
  guint8  earthly;             /* 地和/地胡 */
  guint8  human;               /* 人和/人胡 */
  guint8  ready_at_deal;       /* 天聽 */
  guint8  ready_first_draw;    /* 地聽 */
  guint8  flower_win;          /* the hand is "-": a flower win (Taiwan 八仙過海, 七搶一) */
  /* Riichi (rules/riichi.md §11); zero elsewhere. */
  guint8  riichi;              /* --riichi: 立直 */
  guint8  double_riichi;       /* --double-riichi: ダブル立直 */
  guint8  ippatsu;             /* --ippatsu: 一発 */
  guint8  n_dora_indicators;
  guint8  n_ura_indicators;
  SpTile  dora_indicators[SP_MAX_INDICATORS]; /* as turned: the dora is the next tile */
  SpTile  ura_indicators[SP_MAX_INDICATORS];
  guint8  red_dora_indicators; /* bit i: dora indicator i was written as a red five */
  guint8  red_ura_indicators;
  gint32  honba;               /* --honba: 積み棒 counters */
  gint32  riichi_sticks;       /* --riichi-sticks: 1,000 sticks on the table */
  guint32 given;               /* SpSituationField bits of the fields set, by a person or a store */
} SpSituation;

/* The fields of a situation, as bits of SpSituation.given: which ones were said rather than left
 * at their defaults (a front end checks those the seating decides against the seating). */
typedef enum
{
  SP_SITUATION_SELF_DRAWN         = 1 << 0,
  SP_SITUATION_LAST_TILE          = 1 << 1,
  SP_SITUATION_KONG               = 1 << 2,
  SP_SITUATION_FLOWER_REPLACEMENT = 1 << 3,
  SP_SITUATION_WALL_LAST          = 1 << 4,
  SP_SITUATION_HEAVENLY           = 1 << 5,
  SP_SITUATION_EARTHLY            = 1 << 6,
  SP_SITUATION_HUMAN              = 1 << 7,
  SP_SITUATION_READY_AT_DEAL      = 1 << 8,
  SP_SITUATION_READY_FIRST_DRAW   = 1 << 9,
  SP_SITUATION_SEAT_WIND          = 1 << 10,
  SP_SITUATION_ROUND_WIND         = 1 << 11,
  SP_SITUATION_DEALER             = 1 << 12,
  SP_SITUATION_DISCARDER          = 1 << 13,
  SP_SITUATION_LIABLE             = 1 << 14,
  SP_SITUATION_STREAK             = 1 << 15,
  SP_SITUATION_BASE               = 1 << 16,
  SP_SITUATION_PER_TAI            = 1 << 17,
  SP_SITUATION_FLOWERS            = 1 << 18,
  SP_SITUATION_RIICHI             = 1 << 19,
  SP_SITUATION_DOUBLE_RIICHI      = 1 << 20,
  SP_SITUATION_IPPATSU            = 1 << 21,
  SP_SITUATION_DORA_INDICATORS    = 1 << 22,
  SP_SITUATION_URA_INDICATORS     = 1 << 23,
  SP_SITUATION_HONBA              = 1 << 24,
  SP_SITUATION_RIICHI_STICKS      = 1 << 25,
} SpSituationField;

/* The fields only Riichi reads: another ruleset refuses them as bad-situation. */
#define SP_SITUATION_RIICHI_FIELDS                                                           \
  (SP_SITUATION_RIICHI | SP_SITUATION_DOUBLE_RIICHI | SP_SITUATION_IPPATSU                     \
   | SP_SITUATION_DORA_INDICATORS | SP_SITUATION_URA_INDICATORS | SP_SITUATION_HONBA            \
   | SP_SITUATION_RIICHI_STICKS)

void     sp_situation_init        (SpSituation        *situation);

/* A situation's fields have stable keys, the SITUATION options of SPEC.md §3.1 without their
 * dashes: "self-drawn", "seat-wind", "flowers", …  The stored form of a situation is its fields
 * that were given, as "key" (a switch) or "key=value" words in one fixed order, separated by
 * single spaces: "last-tile flowers=f1,f5 liable=S".  It never changes meaning between versions:
 * a database written today reads the same tomorrow. */

/* The field of @key, or 0 when @key is not one. */
SpSituationField sp_situation_field_from_key (const char *key);
const char      *sp_situation_field_to_key   (SpSituationField field);
/* Whether the field of @key is a switch (no value). */
gboolean sp_situation_field_is_switch (SpSituationField field);
/* Sets the field of @key from its text @value (NULL for a switch) and marks it given.  An
 * unknown key or a bad value is SP_CORE_ERROR_INVALID naming the key and the value. */
gboolean sp_situation_set         (SpSituation        *situation,
                                   const char         *key,
                                   const char         *value,
                                   GError            **error);
/* The stored form of the given fields (an empty string when none), and back.  Reading sets the
 * fields on top of what @situation holds. */
char    *sp_situation_to_string   (const SpSituation  *situation);
gboolean sp_situation_from_string (SpSituation        *situation,
                                   const char         *text,
                                   GError            **error);
/* Reads SITUATION options as a command line gives them ("--seat-wind", "S", "--self-drawn", …):
 * the form of the public test data and of `score --batch` lines. */
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
  char         message[256];     /* UTF-8, in the user's language; cut at a whole character */
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
  /* Stored with the penalty (SpPenalty.reason, in the database) and written in --json: it stays
   * in the rules' own words, never translated, so a file reads the same in every language. */
  char         penalty_reason[96];
  /* Han and fu (Riichi; has_han_fu FALSE and all zero elsewhere).  The items are the yaku, each
   * worth its han (13 for each yakuman); dora are counted apart.  total is all the winner
   * receives, riichi sticks included; the settlement moves the payments only. */
  gboolean     has_han_fu;
  gint32       han;              /* yaku and dora; 0 for a yakuman */
  gint32       fu;               /* of the reading scored; 0 for a yakuman or renhou */
  gint32       yakuman;          /* the multiplier paid, 0 when not a yakuman */
  guint8       limit;            /* SpLimit */
  gint32       dora;             /* dora, ura dora and red fives counted */
  gint32       ura;
  gint32       aka;
  gint64       cost_discarder;   /* ron: what the discarder pays, counters included */
  gint64       cost_dealer;      /* tsumo by a non-dealer: the dealer's payment */
  gint64       cost_non_dealer;  /* tsumo: each non-dealer's payment */
} SpScoreResult;

/* The limit of a Riichi hand's value. */
typedef enum
{
  SP_LIMIT_NONE = 0,
  SP_LIMIT_MANGAN,
  SP_LIMIT_HANEMAN,
  SP_LIMIT_BAIMAN,
  SP_LIMIT_SANBAIMAN,
  SP_LIMIT_YONBAIMAN, /* 13+ han counted, where the profile pays it (not a yakuman) */
  SP_LIMIT_YAKUMAN,   /* the multiplier is SpScoreResult.yakuman */
} SpLimit;

/* "", "mangan", … "yakuman", "2x yakuman" (@yakuman > 1) as the JSON of SPEC.md §3.1 writes
 * it, in @buf (at least 24 bytes); returns @buf. */
const char *sp_limit_to_string (SpLimit  limit,
                                gint32   yakuman,
                                char    *buf);

void sp_score_result_init     (SpScoreResult *result,
                               SpRuleset      ruleset);
/* Adds @count × @value of the item @name (a static string); merges with an item of that name. */
void sp_score_result_add      (SpScoreResult *result,
                               const char    *name,
                               gint32         value,
                               guint32        count);
/* Marks the result as refused with @code and a printf message (cut at a whole character if
 * longer than the buffer).  Cold: the compiler keeps the refusals, and the lookups of their
 * translated messages, out of the scoring path. */
#if defined(__GNUC__)
__attribute__ ((__cold__))
#endif
G_GNUC_PRINTF (3, 4)
void sp_score_result_refuse   (SpScoreResult *result,
                               SpCoreError    code,
                               const char    *format,
                               ...);
gint32 sp_score_result_item   (const SpScoreResult *result,
                               const char          *name);
/* Whether @result refuses the hand as it is written rather than as it was played: a fifth copy
 * of a tile (too-many-copies) or a count of tiles that fits no hand of the ruleset
 * (wrong-tile-count, 大相公/小相公 included).  At the table such a hand is a typing mistake
 * to correct, not a false win to penalise. */
gboolean sp_score_result_is_notation_error (const SpScoreResult *result);

/* The item @name (as @ruleset's scorer names it) as a person reads it in the UI's language: the
 * EMA's English MCR names (the Taiwan and Guangdong items in plain English) translated in the
 * ruleset's context, so that zh_CN shows simplified and zh_TW traditional characters, each with
 * the name its ruleset gives the item.  An unknown name is given back as it is. */
const char *sp_score_item_title (SpRuleset   ruleset,
                                 const char *name);
/* The item @name in the rules' own words, as a score sheet writes it: a Riichi yaku key by its
 * name in rules/riichi.md (立直, 一発, …); the other rulesets' names are their own words, given
 * back as they are. */
const char *sp_score_item_term  (SpRuleset   ruleset,
                                 const char *name);

G_END_DECLS
