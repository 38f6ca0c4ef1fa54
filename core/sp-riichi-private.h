/* sp-riichi-private.h: what the Riichi referee's files share: its options (rules/riichi.md §10)
 * and the facts of a hand that every reading of it shares.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-analysis.h"
#include "sp-entry.h"
#include "sp-score.h"

G_BEGIN_DECLS

typedef enum
{
  SP_RIICHI_COUNTED_SANBAIMAN = 0, /* 13+ han pay a sanbaiman (EMA 2016, WRC 2022) */
  SP_RIICHI_COUNTED_YONBAIMAN,     /* a yonbaiman of 8,000 that is not a yakuman (WRC 2025) */
  SP_RIICHI_COUNTED_YAKUMAN,       /* a counted yakuman (数え役満) */
} SpRiichiCounted;

typedef enum
{
  SP_RIICHI_RENHOU_MANGAN = 0, /* a mangan alone, no other yaku, no dora */
  SP_RIICHI_RENHOU_OFF,
} SpRiichiRenhou;

/* The options of the profile, one per difference of §10; those of a whole game (multiple
 * ron, leftover sticks, abortive draws, nagashi) are kept for the tournaments. */
typedef struct
{
  gint32 red_fives;        /* red fives per suit counted as dora: 0 or 1 */
  gint32 open_tanyao;      /* 喰断 */
  gint32 kiriage;          /* 4-30 and 3-60 pay mangan */
  gint32 counted_limit;    /* SpRiichiCounted */
  gint32 yakuman_stacking; /* 0 single, 1 additive */
  gint32 double_yakuman;   /* kokushi 13-sided, chuuren 9-sided, suuankou tanki, daisuushii */
  gint32 double_wind_fu;   /* a pair of the seat and round wind: 2 or 4 */
  gint32 renhou;           /* SpRiichiRenhou */
  gint32 suukantsu_liability; /* the feeder of the fourth kong pays suukantsu (WRC 2025) */
  gint32 nagashi;
  gint32 abortive_draws;
  gint32 multiple_ron;     /* 0 all, 1 head bump */
  gint32 leftover_sticks;  /* 0 winner (split), 1 winner (split, rounded down), 2 lost */
  gint32 start_points;     /* each player's points at a hanchan's first hand (持ち点) */
  gint32 return_points;    /* subtracted from the final points (返し点): above the start, オカ */
  gint32 uma;              /* index of riichi_uma_choices */
} SpRiichiOptions;

/* What a reading scores: its yaku (each worth its han, 13 a yakuman), the han of the yaku,
 * the fu and, for a yakuman hand, the multiplier. */
typedef struct
{
  guint       n;
  SpScoreItem items[20];
  gint32      han;      /* yaku only, dora apart */
  gint32      fu;
  gint32      yakuman;  /* the multiplier paid (0: not a yakuman) */
} SpRiichiReading;

/* The facts of the hand that every reading shares. */
typedef struct
{
  const SpRiichiOptions *options;
  const SpSituation     *situation;
  const SpHand          *hand;
  guint8                 all[SP_N_TILE_KINDS];
  SpTile                 winning;
  SpTile                 seat_wind;   /* tiles */
  SpTile                 round_wind;
  gboolean               closed;      /* 門前: no claimed meld (concealed kongs allowed) */
  gboolean               self_drawn;
  guint                  n_kongs;
  guint                  suits;       /* bit per suit held */
  gboolean               honors;
  gboolean               simples_only;
  gboolean               yaochu_only; /* terminals and honours only */
  gboolean               green_only;
  gboolean               chuuren;     /* 1112345678999 + one of a suit, no melds */
  gboolean               chuuren_nine; /* … waiting on all nine */
  gboolean               kokushi_thirteen; /* kokushi waiting on all thirteen */
} SpRiichiFacts;

/* Scores the reading @d of a winning hand with its winning tile in concealed set @w (ignored
 * for the special forms) into @reading. */
void sp_riichi_score_reading (const SpRiichiFacts   *facts,
                              const SpDecomposition *d,
                              guint                  w,
                              SpRiichiReading       *reading);

/* A Riichi hand of the hanchan (sp-riichi-entry.c, SpRulesetClass.judge_entry): a win (one
 * winner or several on one discard), an exhaustive draw with its tenpai seats, or a chombo, the
 * sticks moved with it. */
gboolean sp_riichi_judge_entry       (const SpHandEntry  *entry,
                                      const SpTable      *table,
                                      const SpTournament *tournament,
                                      const SpRules      *rules,
                                      SpHandRecord       *record,
                                      SpScoreResult      *result,
                                      GError            **error);
/* The verdicts of a recorded Riichi hand's wins (SpRulesetClass.score_record_wins). */
gboolean sp_riichi_score_record_wins (const SpHandRecord *record,
                                      const SpRotation   *rotation,
                                      const SpRules      *rules,
                                      SpScoreResult       results[1 + SP_HAND_MAX_ALSO],
                                      guint              *n_wins,
                                      GError            **error);

G_END_DECLS
