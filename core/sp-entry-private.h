/* sp-entry-private.h: the judges of a hand entry that are one ruleset's own, named by its
 * description (SpRulesetClass.judge_entry, .score_record_wins).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-entry.h"

G_BEGIN_DECLS

/* A Riichi hand of the hanchan: a win (one winner or several on one discard), an exhaustive
 * draw with its tenpai seats, or a chombo, the sticks moved with it. */
gboolean sp_riichi_judge_entry       (const SpHandEntry  *entry,
                                      const SpTable      *table,
                                      const SpTournament *tournament,
                                      const SpRules      *rules,
                                      SpHandRecord       *record,
                                      SpScoreResult      *result,
                                      GError            **error);
gboolean sp_riichi_score_record_wins (const SpHandRecord *record,
                                      const SpRotation   *rotation,
                                      const SpRules      *rules,
                                      SpScoreResult       results[1 + SP_HAND_MAX_ALSO],
                                      guint              *n_wins,
                                      GError            **error);

G_END_DECLS
