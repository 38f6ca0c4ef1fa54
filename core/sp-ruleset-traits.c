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

const SpRulesetTraits *
sp_ruleset_traits (SpRuleset ruleset)
{
  static const SpRulesetTraits none = { 0 };
  const SpRulesetClass *klass = class_of (ruleset);

  return klass != NULL ? &klass->traits : &none;
}
