/* sp-mcr.h: the Chinese Official (MCR, 国标) referee: fan table, penalties and settlement.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-score.h"

G_BEGIN_DECLS

/* How a false win (诈和, 错和, 和错牌) is punished. */
typedef enum
{
  SP_MCR_PENALTY_R98 = 0, /* 错和/和错牌 10 to each other player, 诈和 20 each, 有意诈和 停赛 */
  SP_MCR_PENALTY_EMA = 1, /* any false hu: −30, +10 to each other player */
} SpMcrPenaltyProfile;

/* Whether the hand goes on after a false win under @profile: TRUE for both (the offender
 * is 停和, may not win this hand, and keeps drawing and discarding). */
gboolean sp_mcr_penalty_hand_continues (SpMcrPenaltyProfile profile);

/* Fills @result's penalty for the false win it holds (below-minimum or not-a-win) by the
 * winner's seat @offender; does nothing for a win or for a count error (多张/少张: no
 * point penalty, the player cannot win this hand and plays on). */
void     sp_mcr_apply_penalty          (SpMcrPenaltyProfile  profile,
                                        guint8               offender,
                                        SpScoreResult       *result);

/* Fills @result's settlement (R98 第九条) for a win of @total fan (flowers included) by
 * the seat situation->seat_wind: on a discard (抢杠和 included) +24+F / discarder −(8+F) /
 * others −8; self-drawn +3(8+F) / −(8+F) each. */
void     sp_mcr_settle                 (const SpSituation   *situation,
                                        gint32               total,
                                        SpScoreResult       *result);

G_END_DECLS
