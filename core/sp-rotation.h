/* sp-rotation.h: the in-session sequence of hands at one table: round wind, dealer, 連莊,
 * and which player sits at which seat wind for each hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-hand.h"
#include "sp-tile.h"

G_BEGIN_DECLS

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

/* Before the first hand. */
void  sp_rotation_start     (SpRotation *rotation,
                             SpRuleset   ruleset);
/* After a hand: @dealer_won, @exhaustive_draw decide 連莊 where the ruleset repeats the deal
 * (Taiwan always; Guangdong when @dealer_repeats; MCR never). */
void  sp_rotation_advance   (SpRotation *rotation,
                             SpRuleset   ruleset,
                             gboolean    dealer_repeats,
                             gboolean    dealer_won,
                             gboolean    exhaustive_draw);
/* The chair that sits at @seat this hand. */
guint sp_rotation_chair_at  (const SpRotation *rotation,
                             SpWind            seat);

G_END_DECLS
