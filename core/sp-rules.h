/* sp-rules.h: a ruleset with its profile and options, and the scorer behind it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-hand.h"
#include "sp-score.h"

G_BEGIN_DECLS

/* One option of a ruleset's profile, as `sparrow-cli score --list-options` lists it. */
typedef struct
{
  const char *key;
  const char *default_value; /* in the named profile */
  const char *values;        /* the accepted values, e.g. "on|off", "16|24|32" */
  /* English, marked with N_() for translation: show it with g_dgettext (GETTEXT_PACKAGE, …). */
  const char *description;
} SpRuleOption;

typedef struct _SpRules SpRules;

/* One switch of a ruleset's situation (SPEC.md §3.1, rules/riichi.md §11) as a front end offers
 * it: the situation's stable key (sp_situation_set), the rules' own words, shown as they are
 * ("自摸", "立直"), and what it means in English, marked with N_() for the tooltip. */
typedef struct
{
  const char *key;
  const char *term;
  const char *meaning;
} SpSituationToggle;

/* @profile NULL means the ruleset's default (mcr: cn, taiwan: tw, guangdong: gd). */
SpRules            *sp_rules_new           (SpRuleset      ruleset,
                                            const char    *profile,
                                            GError       **error);
SpRules            *sp_rules_copy          (const SpRules *rules);
void                sp_rules_free          (SpRules       *rules);
SpRuleset           sp_rules_get_ruleset   (const SpRules *rules);
const char         *sp_rules_get_profile   (const SpRules *rules);
/* KEY=VALUE of --option; an unknown key or a bad value is SP_CORE_ERROR_INVALID. */
gboolean            sp_rules_set_option    (SpRules       *rules,
                                            const char    *key,
                                            const char    *value,
                                            GError       **error);
/* The current value of an option, as text (for the store). */
char               *sp_rules_get_option    (const SpRules *rules,
                                            const char    *key);
const SpRuleOption *sp_rules_list_options  (const SpRules *rules,
                                            guint         *n_options);
const char * const *sp_rules_list_profiles (SpRuleset      ruleset);
/* The situation's switches of @rules' ruleset, in the order a referee reads them. */
const SpSituationToggle *sp_rules_list_situation_toggles (const SpRules *rules,
                                                          guint         *n_toggles);

/* Scores a declared win: validates (syntax is the parser's job; too-many-copies, wrong tile
 * count, bad situation, not a win, below the minimum, in that order), finds the best reading
 * and fills @result.  Allocates nothing. */
void                sp_rules_score         (const SpRules     *rules,
                                            const SpHand      *hand,
                                            const SpSituation *situation,
                                            SpScoreResult     *result);

/* Settles a win recorded by its total without the tiles (a fan/台/番 count, as `hand add
 * --fan N` records it): fills @result's total and settlement for the winner at
 * situation->seat_wind, as the ruleset's module settles a scored hand (Guangdong: 2^番 within
 * the cap).  SP_CORE_ERROR_INVALID when the module cannot settle without the tiles; the
 * module's refusal (below-minimum, bad-situation) with its code otherwise. */
gboolean            sp_rules_settle        (const SpRules     *rules,
                                            const SpSituation *situation,
                                            gint32             total,
                                            SpScoreResult     *result,
                                            GError           **error);

/* A hand's value as a Riichi referee enters it without the tiles (`hand add --han N --fu M`,
 * `--yakuman K`): han and fu, or a yakuman's multiplier (han and fu then 0). */
typedef struct
{
  gint32 han;
  gint32 fu;
  gint32 yakuman;
} SpHandValue;

/* Settles a win entered by its value: fills @result's han, fu, limit, costs, total and
 * settlement (counters and sticks from @situation) for the winner at situation->seat_wind, as
 * a scored hand of that value is settled.  SP_CORE_ERROR_INVALID when the ruleset has no han
 * and fu, or for a value no hand has (han below 1, fu not 20, 25, 30 … 110, a yakuman
 * beyond 6). */
gboolean            sp_rules_settle_value  (const SpRules     *rules,
                                            const SpSituation *situation,
                                            const SpHandValue *value,
                                            SpScoreResult     *result,
                                            GError           **error);

/* The penalty of a false win (诈和 / 詐胡) declared with a claimed total and no tiles, by the
 * offender at situation->seat_wind: fills @result's penalty and reason as the ruleset says (the
 * claimed 台/番 paid as a win would have been).  SP_CORE_ERROR_INVALID when the ruleset judges
 * a false win from its tiles only (MCR). */
gboolean            sp_rules_penalize_claim (const SpRules     *rules,
                                             const SpSituation *situation,
                                             gint32             claimed,
                                             SpScoreResult     *result,
                                             GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpRules, sp_rules_free)

G_END_DECLS
