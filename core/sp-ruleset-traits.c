/* sp-ruleset-traits.c: the answers of each ruleset's description to a front end's questions.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-ruleset-traits.h"

#include <glib/gi18n-lib.h>

#include "sp-rules-private.h"

static const SpRulesetClass *
class_of (SpRuleset ruleset)
{
  g_return_val_if_fail ((guint) ruleset < SP_N_RULESETS, NULL);
  return sp_ruleset_class (ruleset);
}

const char *
sp_ruleset_short_title (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL ? _(klass->short_title) : "?";
}

SpRulesetUnit
sp_ruleset_unit (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL ? klass->traits.unit : SP_RULESET_UNIT_FAN;
}

gboolean
sp_ruleset_keeps_points (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.keeps_points;
}

gboolean
sp_ruleset_has_counters (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.has_counters;
}

gboolean
sp_ruleset_counts_streak (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.counts_streak;
}

gboolean
sp_ruleset_names_dealer (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.names_dealer;
}

gboolean
sp_ruleset_has_flowers (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.has_flowers;
}

gboolean
sp_ruleset_has_dora (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.has_dora;
}

gboolean
sp_ruleset_places_by_uma (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.places_by_uma;
}

guint
sp_ruleset_form_hands (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL ? klass->traits.form_hands : 0;
}

gboolean
sp_ruleset_has_ema_results (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.ema_results;
}

gboolean
sp_ruleset_has_r98_forms (SpRuleset ruleset)
{
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL && klass->traits.r98_forms;
}
