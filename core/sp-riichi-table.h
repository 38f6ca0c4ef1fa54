/* sp-riichi-table.h: one Riichi table's hanchan, hand after hand: the round and its dealer,
 * the counters (本場) and the riichi sticks on the table, each player's points, and at its end
 * the final points, places, uma and tournament points (rules/riichi.md §7–§9).
 *
 * Players are named by their chair: the seat (0 E … 3 N) they held at the first hand; their
 * seats stay fixed and the deal passes to the right (sp-rotation.c).  A hand is entered by seat
 * winds, as the referee reads them at the table.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-rotation.h"
#include "sp-rules.h"
#include "sp-tile.h"

G_BEGIN_DECLS

/* What the profile says about a table's game, beyond the scoring of one hand. */
typedef enum
{
  SP_RIICHI_LEFTOVER_FIRST,         /* to the first-placed player, split between tied ones */
  SP_RIICHI_LEFTOVER_FIRST_ROUNDED, /* the same, each share rounded down to 100 */
  SP_RIICHI_LEFTOVER_LOST,          /* nobody collects them */
} SpRiichiLeftover;

typedef struct _SpRiichiTableRules
{
  gint32           start_points;   /* each player's points at the first hand */
  gint32           return_points;  /* subtracted at the end (30,000: no oka) */
  gint32           uma[4];         /* by place, in points: +15,000 +5,000 −5,000 −15,000 */
  gboolean         multiple_ron;   /* several winners on one discard; else head bump */
  SpRiichiLeftover leftover;
  gint32           chombo_penalty; /* points off the final score, after uma, per chombo */
} SpRiichiTableRules;

/* The table rules of @rules (the riichi ruleset): its profile's and options' multiple ron and
 * leftover sticks, the chombo penalty of its rulebook; SP_CORE_ERROR_INVALID for another
 * ruleset. */
gboolean sp_riichi_table_rules_of (const SpRules       *rules,
                                   SpRiichiTableRules  *table_rules,
                                   GError             **error);

typedef enum
{
  SP_RIICHI_HAND_WIN,    /* one winner, or several on one discard */
  SP_RIICHI_HAND_DRAW,   /* exhaustive draw (荒牌流局) */
  SP_RIICHI_HAND_CHOMBO, /* the hand is dealt again: nothing changes at the table */
} SpRiichiHandKind;

#define SP_RIICHI_SELF_DRAWN 4 /* the discarder of a self-drawn win */
#define SP_RIICHI_MAX_WINNERS 3

typedef struct
{
  guint8 seat;          /* SpWind of the winner in this hand */
  /* The payments of his hand by seat wind, counters included, sticks not: the settlement of
   * sp_rules_score () or sp_rules_settle_value () with the table's counters. */
  gint64 settlement[4];
} SpRiichiWinner;

/* One hand as the referee enters it, by seat winds. */
typedef struct
{
  SpRiichiHandKind kind;
  guint8           riichi;    /* bit per seat wind: declared riichi (1,000 on the table) */
  guint8           tenpai;    /* a draw: bit per seat wind tenpai (every riichi seat among them) */
  guint8           discarder; /* a win: the seat wind that dealt in, or SP_RIICHI_SELF_DRAWN */
  guint8           n_winners;
  SpRiichiWinner   winners[SP_RIICHI_MAX_WINNERS]; /* in turn order after the discarder */
  guint8           offender;  /* a chombo: the seat wind of the offender */
} SpRiichiHand;

/* The table before a hand (or after the last). */
typedef struct
{
  SpRotation rotation;  /* the deal: hand number (chombos count), round, dealer, counters
                         * (streak: 本場) and the end after South 4 */
  guint8     sticks;    /* 1,000-point riichi sticks on the table */
  gint32     points[4]; /* by chair */
  guint8     chombos[4];/* chombos by chair, each paid after uma */
} SpRiichiTable;

/* The points in riichi sticks that @seat (SpWind) takes when @hand is played at @table: a
 * winner who declared riichi takes his own stick back, the first winner in turn order after
 * the discarder all the others, those on the table before the hand included; 0 for a player
 * who did not win. */
gint32   sp_riichi_table_sticks_won (const SpRiichiTable *table,
                                     const SpRiichiHand  *hand,
                                     guint                seat);

void     sp_riichi_table_start    (SpRiichiTable            *table,
                                   const SpRiichiTableRules *rules);
/* The chair at @seat (SpWind) in the table's next hand. */
guint    sp_riichi_table_chair_at (const SpRiichiTable *table,
                                   guint                seat);
/* Plays @hand: fills @delta (by chair, may be NULL) with each player's change of points, the
 * riichi sticks put down or won included, and moves the table to the next hand.  Refused
 * (SP_CORE_ERROR_INVALID, the table unchanged) after the end, for a hand that cannot be: two
 * winners where the profile has head bump, a winner who dealt in, a self-drawn win of two, a
 * riichi seat not tenpai at a draw (that is a chombo, entered as one), a winner's settlement
 * that does not pay him or is not zero-sum. */
gboolean sp_riichi_table_play     (SpRiichiTable            *table,
                                   const SpRiichiTableRules *rules,
                                   const SpRiichiHand       *hand,
                                   gint32                    delta[4],
                                   GError                  **error);

/* The end of a hanchan, by chair. */
typedef struct
{
  gint32 points[4];    /* after the leftover sticks */
  guint8 place[4];     /* 1–4; tied players share the better place */
  gint32 uma[4];       /* in points; tied players share the uma of the places they tie for */
  gint32 score[4];     /* tournament points × 1,000: points − return + uma − chombo penalties */
} SpRiichiFinal;

/* The final result of @table (finished, or ended at time-up after its last hand). */
void     sp_riichi_table_final    (const SpRiichiTable      *table,
                                   const SpRiichiTableRules *rules,
                                   SpRiichiFinal            *final);

G_END_DECLS
