/* sp-ruleset-traits.h: what the window, the reports and the CLI ask of a ruleset, by concept.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-hand.h"

G_BEGIN_DECLS

/* A front end never tests a ruleset by its name: it asks one of these questions, whose answers
 * are part of each ruleset's description (SpRulesetClass), so that a new ruleset is described
 * once in core/ and the window, the workbook and the CLI follow. */

/* How a hand's value is counted, and so how a front end shows a win's total. */
typedef enum
{
  SP_RULESET_UNIT_FAN,         /* 番 (fan), the total as it is: MCR */
  SP_RULESET_UNIT_TAI,         /* 台: Taiwan */
  SP_RULESET_UNIT_FAN_DOUBLED, /* 番 paid as 2^番 points: Guangdong */
  SP_RULESET_UNIT_POINTS,      /* 翻 and 符 (han and fu) give a cost in points: Riichi */
} SpRulesetUnit;

/* The rules' short name, as a list of tournaments shows it ("MCR", "Riichi"), translated;
 * sp_ruleset_title () is the longer one with the rules' own words. */
const char    *sp_ruleset_short_title     (SpRuleset ruleset);
SpRulesetUnit  sp_ruleset_unit            (SpRuleset ruleset);

/* A session keeps running points: every player starts from the profile's points, each hand
 * moves them, and the session ends in final points, places and uma (a Riichi hanchan, 半荘).
 * Its sheet shows each seat's points after every hand; the other rulesets add up hand totals
 * into table points. */
gboolean       sp_ruleset_keeps_points    (SpRuleset ruleset);
/* The table carries counters (本場, honba) and riichi sticks (供託) from hand to hand, and a
 * hand's settlement pays them out. */
gboolean       sp_ruleset_has_counters    (SpRuleset ruleset);
/* A dealer's win counts his 連莊 streak (Taiwan's 連N拉N): the situation says how long. */
gboolean       sp_ruleset_counts_streak   (SpRuleset ruleset);
/* A hand's situation names its dealer apart from the seat winds; where it does not, the
 * player in the East seat deals. */
gboolean       sp_ruleset_names_dealer    (SpRuleset ruleset);
/* A hand may be given with its flowers (花牌); where not, the situation refuses them. */
gboolean       sp_ruleset_has_flowers     (SpRuleset ruleset);
/* Dora indicators (ドラ表示牌, and ura dora under a riichi) are turned and counted. */
gboolean       sp_ruleset_has_dora        (SpRuleset ruleset);
/* The placement at a table gives uma, and the standings rank by tournament points, kept in
 * thousandths (30,400 is 30.4 points) and shown with one decimal; elsewhere a table gives
 * table points and the score is the hands' totals. */
gboolean       sp_ruleset_places_by_uma   (SpRuleset ruleset);
/* Hand rows per session on the paper score sheet (比赛成绩记录表): room for every hand, with
 * more where the dealer repeats. */
guint          sp_ruleset_form_hands      (SpRuleset ruleset);
/* The EMA's results file (the European Mahjong Association's ranking) is made for its
 * tournaments. */
gboolean       sp_ruleset_has_ema_results (SpRuleset ruleset);
/* The referee's forms of the Chinese competition rules (R98 附件4 比赛处罚记录表, 附件6
 * 比赛成绩统计表) are kept in the workbook. */
gboolean       sp_ruleset_has_r98_forms   (SpRuleset ruleset);

G_END_DECLS
