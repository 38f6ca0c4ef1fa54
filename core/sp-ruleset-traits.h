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
const char *sp_ruleset_short_title (SpRuleset ruleset);

typedef struct
{
  SpRulesetUnit unit;
  /* A session keeps running points: every player starts from the profile's points, each hand
   * moves them, and the session ends in final points, places and uma (a Riichi hanchan, 半荘).
   * Its sheet shows each seat's points after every hand; the other rulesets add up hand
   * totals into table points. */
  gboolean      keeps_points;
  /* The table carries counters (本場, honba) and riichi sticks (供託) from hand to hand, and a
   * hand's settlement pays them out. */
  gboolean      has_counters;
  /* A dealer's win counts his 連莊 streak (Taiwan's 連N拉N): the situation says how long. */
  gboolean      counts_streak;
  /* A hand's situation names its dealer apart from the seat winds; where it does not, the
   * player in the East seat deals. */
  gboolean      names_dealer;
  /* A hand may be given with its flowers (花牌); where not, the situation refuses them. */
  gboolean      has_flowers;
  /* Dora indicators (ドラ表示牌, and ura dora under a riichi) are turned and counted. */
  gboolean      has_dora;
  /* The placement at a table gives uma, and the standings rank by tournament points, kept in
   * thousandths (30,400 is 30.4 points) and shown with one decimal; elsewhere a table gives
   * table points and the score is the hands' totals. */
  gboolean      places_by_uma;
  /* Hand rows per session on the paper score sheet (比赛成绩记录表): room for every hand, with
   * more where the dealer repeats. */
  guint         form_hands;
  /* The EMA's results file (the European Mahjong Association's ranking) is made for its
   * tournaments. */
  gboolean      ema_results;
  /* The referee's forms of the Chinese competition rules (R98 附件4 比赛处罚记录表, 附件6
   * 比赛成绩统计表) are kept in the workbook. */
  gboolean      r98_forms;
} SpRulesetTraits;

/* The answers of @ruleset's description, which must be one of SpRuleset. */
const SpRulesetTraits *sp_ruleset_traits (SpRuleset ruleset);

G_END_DECLS
