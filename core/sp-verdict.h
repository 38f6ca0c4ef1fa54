/* sp-verdict.h: a referee's verdict on a hand typed as text: one hand, a line of a batch, or a
 * declared win checked without scoring.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-analysis.h"
#include "sp-rules.h"
#include "sp-score.h"

G_BEGIN_DECLS

/* Scores @text, a hand in notation or "-" (a flower win, which sets @situation's flower_win):
 * a hand that does not parse is a refused verdict like any other, with the parser's code. */
void      sp_rules_score_text  (const SpRules     *rules,
                                const char        *text,
                                SpSituation       *situation,
                                SpScoreResult     *result);
/* Scores line @number of a batch, "HAND [SITUATION]" (@length bytes, or -1: up to a NUL): the
 * hand is every word before the first option ("--…").  Text that is not UTF-8, a bad situation
 * or no hand is a refused verdict naming the line. */
void      sp_rules_score_line  (const SpRules     *rules,
                                const char        *line,
                                gssize             length,
                                guint              number,
                                SpScoreResult     *result);
/* Whether @hand, complete and valid for @ruleset, forms a win of it (no minimum applied); else
 * SP_CORE_ERROR_NOT_A_WIN saying whether it was ready without its last tile, or how far from
 * ready. */
gboolean  sp_hand_check_win    (const SpHand      *hand,
                                SpRuleset          ruleset,
                                GError           **error);

G_END_DECLS
