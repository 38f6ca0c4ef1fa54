/* sp-rotation.h: the in-session sequence of hands at one table: round wind, dealer, 連莊,
 * and which player sits at which seat wind for each hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-hand.h"
#include "sp-tile.h"

G_BEGIN_DECLS

/* How the deal goes round a table in a session: a ruleset's own (sp_ruleset_rotation ()), or
 * a tournament's, which its settings may change (sp_tournament_rotation (): Guangdong with
 * 連莊). */
typedef enum
{
  /* Four hands per 圈 with no repeat, sixteen in all; the deal keeps going round. */
  SP_ROTATION_FIXED,
  /* As SP_ROTATION_FIXED, the players changing chairs between 圈 (rules/mcr.md §3). */
  SP_ROTATION_FIXED_CHANGING_CHAIRS,
  /* The dealer keeps the deal after a win or an exhaustive draw (連莊) until the North 圈
   * ends. */
  SP_ROTATION_REPEATING,
  /* A hanchan at fixed seats: the dealer stays after his win and when tenpai at a draw, the
   * counters count the repeats and draws, the end after South 4 (rules/riichi.md §8, §9). */
  SP_ROTATION_HANCHAN,
} SpRotationKind;

#define SP_N_ROTATION_KINDS 4

/* The rotation @ruleset plays with its settings at their defaults (MCR's chair changes,
 * Taiwan's 連莊, Guangdong without 連莊, Riichi's hanchan).  A tournament's is
 * sp_tournament_rotation (). */
SpRotationKind sp_ruleset_rotation (SpRuleset ruleset);

/* The state of a table before a hand.  Players are named by their chair: the seat (0 E, 1 S,
 * 2 W, 3 N) they held at the session's first hand, as the seating lists them. */
typedef struct
{
  guint16 number;       /* the hand's number in the session, from 1 */
  guint8  round_wind;   /* SpWind of the 圈 (圈风 / 圈風) */
  guint8  streak;       /* 連莊 count of the dealer (Taiwan, Guangdong with repeats) */
  guint8  seat_wind[4]; /* seat_wind[chair]: that player's seat wind (SpWind) for this hand */
  guint8  finished;     /* the sequence is over (MCR: 16 hands; Taiwan: a 將 of four 圈) */
} SpRotation;

/* Before the first hand of a sequence of @kind. */
void  sp_rotation_start     (SpRotation     *rotation,
                             SpRotationKind  kind);
/* After a hand: @dealer_won, @exhaustive_draw decide 連莊 where @kind repeats the deal
 * (SP_ROTATION_REPEATING, SP_ROTATION_HANCHAN; never the fixed kinds).  After the last hand
 * number is one past it and finished is set; the other fields keep the last hand's values. */
void  sp_rotation_advance   (SpRotation     *rotation,
                             SpRotationKind  kind,
                             gboolean        dealer_won,
                             gboolean        exhaustive_draw);
/* The chair that sits at @seat this hand. */
guint sp_rotation_chair_at  (const SpRotation *rotation,
                             SpWind            seat);
/* The dealer (庄家 / 莊家) of this hand: the chair whose seat wind is East. */
guint sp_rotation_dealer_chair (const SpRotation *rotation);
/* Who sits where this hand: @by_seat[wind] = @by_chair[the chair at that seat wind], where
 * @by_chair lists the players (any ids) at the session's first hand in seat order E S W N. */
void  sp_rotation_players_by_seat (const SpRotation *rotation,
                                   const guint32     by_chair[4],
                                   guint32           by_seat[4]);

/* How a finished hand ended, as far as the deal is concerned. */
typedef struct
{
  guint8 dealer_won;      /* the dealer won the hand */
  guint8 exhaustive_draw; /* 荒牌 / 流局: the wall ran out, nobody won */
  guint8 dealer_tenpai;   /* Riichi: the dealer was tenpai at the exhaustive draw */
  guint8 dealt_again;     /* Riichi: a chombo; the same hand is dealt again */
} SpHandOutcome;

/* sp_rotation_advance () from a whole outcome: Riichi's deal needs the dealer's tenpai at a
 * draw and the chombo that deals the hand again. */
void  sp_rotation_advance_outcome (SpRotation          *rotation,
                                   SpRotationKind       kind,
                                   const SpHandOutcome *outcome);

/* Replays a table's session of @kind from its first hand: @rotations (room for @n_outcomes
 * + 1) gets the state before each hand 1 … n + 1, the last one being the state after the
 * finished hands (the next hand, or finished).  SP_CORE_ERROR_INVALID, naming the hand, for an
 * outcome that is both a dealer win and a draw, or for a hand after the sequence was over, and
 * for a @kind that is none of SpRotationKind. */
gboolean sp_rotation_replay (SpRotationKind       kind,
                             const SpHandOutcome *outcomes,
                             guint                n_outcomes,
                             SpRotation          *rotations,
                             GError             **error);

G_END_DECLS
