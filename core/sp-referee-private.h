/* sp-referee-private.h: the checks the referees share: tile counts (大相公/小相公),
 * contradictory situations, the not-a-win verdict and settlement lines.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-analysis.h"
#include "sp-score.h"

G_BEGIN_DECLS

/* How a hand's tile count compares with a win of the ruleset (kongs counted as three). */
typedef enum
{
  SP_TILE_COUNT_RIGHT = 0,
  SP_TILE_COUNT_TOO_MANY, /* 大相公 */
  SP_TILE_COUNT_TOO_FEW,  /* 小相公 */
} SpTileCount;

SpTileCount sp_referee_tile_count       (const SpHand      *hand,
                                         SpRuleset          ruleset);
/* Refuses a 大相公/小相公 hand with wrong-tile-count, the message naming which. */
void        sp_referee_refuse_count     (const SpHand      *hand,
                                         SpRuleset          ruleset,
                                         SpTileCount        count,
                                         SpScoreResult     *result);
/* Refuses with bad-situation and a printf message; returns FALSE, so that a check of the
 * situation reads `if (…) return sp_referee_bad_situation (result, "…");`. */
G_GNUC_PRINTF (2, 3)
gboolean    sp_referee_bad_situation    (SpScoreResult     *result,
                                         const char        *format,
                                         ...);
/* The contradictions both referees refuse as bad-situation; FALSE after refusing.
 * @kong_replacement_after_melded_kong: whether a replacement after a melded kong of a
 * discard may win (Guangdong, with its 杠上开花 liability) or not (Taiwan). */
gboolean    sp_referee_check_situation  (const SpHand      *hand,
                                         const SpSituation *situation,
                                         gboolean           kong_replacement_after_melded_kong,
                                         SpScoreResult     *result);
/* Reads a false win: whether the hand without its last tile is ready (result->ready) and, if
 * not, how many tiles from ready (result->shanten); returns how many tiles it waits on. */
guint       sp_referee_read_false_win   (const SpHand      *hand,
                                         SpRuleset          ruleset,
                                         SpScoreResult     *result);
/* Refuses with not-a-win, saying whether the hand was ready without its last tile. */
void        sp_referee_refuse_not_a_win (const SpHand      *hand,
                                         SpRuleset          ruleset,
                                         SpScoreResult     *result);
/* How many tiles the hand without its winning tile waits on (0: not ready). */
guint       sp_referee_n_waits          (const SpHand      *hand,
                                         SpRuleset          ruleset);
/* Moves @amount from @payer to @winner in @settlement. */
static inline void
sp_referee_pay (gint64 settlement[4],
                guint  payer,
                guint  winner,
                gint64 amount)
{
  settlement[payer] -= amount;
  settlement[winner] += amount;
}

G_END_DECLS
