/* sp-report-forms.h: R98's referee forms drawn on a cairo context — the table's score sheet
 * (附件5 比赛成绩记录表), the penalty record (附件4 比赛处罚记录表) and the results summary
 * (附件6 比赛成绩统计表).  The same functions draw the pages of a PDF and of the app's print
 * dialog.  Every form is landscape, as R98 prints it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "sp-snapshot.h"

G_BEGIN_DECLS

/* The hand columns of a score sheet: MCR's 16 (four rounds of four dealers), Taiwan and
 * Guangdong 24, room for eight dealer repeats (連莊) on the same page. */
guint sp_scoresheet_n_hands            (SpRuleset          ruleset);

/* Draws the score sheet of table @table (1-based) of session @session on a @width × @height
 * page: the header, the four players' rows pre-filled with their names, seat winds 东南西北 at
 * the first hand and the first dealer's mark ▲, the totals, rank and signature columns and the
 * symbol legend.  The session must have been drawn. */
void  sp_scoresheet_draw               (cairo_t           *cr,
                                        const SpSnapshot  *snapshot,
                                        guint              session,
                                        guint              table,
                                        double             width,
                                        double             height);

/* The pages of the penalty record: every penalty of the tournament, then empty rows to write
 * in (at least four). */
guint sp_penalty_record_n_pages        (const SpSnapshot  *snapshot);
void  sp_penalty_record_draw_page      (cairo_t           *cr,
                                        const SpSnapshot  *snapshot,
                                        guint              page,
                                        double             width,
                                        double             height);

/* The pages of the results summary: one row per player of the standings, best first, with
 * each session's score (比赛分), place at the table and table points (标准分), their total, the
 * rank, and the team's table points when the tournament has teams. */
guint sp_results_summary_n_pages       (const SpSnapshot  *snapshot);
void  sp_results_summary_draw_page     (cairo_t           *cr,
                                        const SpSnapshot  *snapshot,
                                        guint              page,
                                        double             width,
                                        double             height);

G_END_DECLS
