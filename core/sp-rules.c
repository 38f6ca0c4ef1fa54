/* sp-rules.c: a ruleset with its profile and options, dispatching to the ruleset's module.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-rule-option-private.h"
#include "sp-rules-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

struct _SpRules
{
  SpRuleset             ruleset;
  const SpRulesetClass *klass;
  char                 *profile;
  gpointer              options;
};

const SpRulesetClass * const sp_ruleset_classes[SP_N_RULESETS] = {
  [SP_RULESET_MCR] = &sp_mcr_class,
  [SP_RULESET_TAIWAN] = &sp_taiwan_class,
  [SP_RULESET_GUANGDONG] = &sp_guangdong_class,
  [SP_RULESET_RIICHI] = &sp_riichi_class,
};

static const SpRulesetClass *
class_of (SpRuleset ruleset)
{
  g_return_val_if_fail ((guint) ruleset < SP_N_RULESETS, NULL);
  return sp_ruleset_classes[ruleset];
}

const SpRulesetClass *
sp_rules_get_class (const SpRules *rules)
{
  return rules->klass;
}

gconstpointer
sp_rules_get_options (const SpRules *rules)
{
  return rules->options;
}

gboolean
sp_ruleset_class_set_option (const SpRulesetClass  *klass,
                             gpointer               options,
                             const char            *key,
                             const char            *value,
                             GError               **error)
{
  int custom;

  if (!sp_rule_options_set (klass->options, klass->option_fields, klass->n_options, options,
                            key, value, &custom, error))
    return FALSE;
  return custom < 0 || klass->set_custom_option (options, (guint) custom, value, error);
}

SpRules *
sp_rules_new (SpRuleset    ruleset,
              const char  *profile,
              GError     **error)
{
  const SpRulesetClass *klass = class_of (ruleset);
  g_autofree gpointer options = NULL;
  SpRules *rules;
  gboolean known = FALSE;

  g_return_val_if_fail (klass != NULL, NULL);

  if (profile == NULL)
    profile = klass->profiles[0];
  for (guint i = 0; klass->profiles[i] != NULL; i++)
    known |= strcmp (klass->profiles[i], profile) == 0;
  if (!known)
    {
      g_autofree char *names = g_strjoinv (", ", (char **) klass->profiles);

      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   /* Translators: the first %s is a ruleset (mcr, taiwan, guangdong), the
                    * second the profile given, the third the known profiles. */
                   _("unknown %s profile '%s' (known: %s)"), sp_ruleset_to_string (ruleset),
                   profile, names);
      return NULL;
    }
  options = g_malloc0 (klass->options_size);
  for (guint i = 0; i < klass->n_options; i++)
    if (!sp_ruleset_class_set_option (klass, options, klass->options[i].key,
                                      klass->options[i].default_value, error))
      return NULL;
  if (klass->init_options != NULL && !klass->init_options (options, profile, error))
    return NULL;

  rules = g_new0 (SpRules, 1);
  rules->ruleset = ruleset;
  rules->klass = klass;
  rules->profile = g_strdup (profile);
  rules->options = g_steal_pointer (&options);
  return rules;
}

SpRules *
sp_rules_copy (const SpRules *rules)
{
  SpRules *copy;

  g_return_val_if_fail (rules != NULL, NULL);

  copy = g_new0 (SpRules, 1);
  copy->ruleset = rules->ruleset;
  copy->klass = rules->klass;
  copy->profile = g_strdup (rules->profile);
  copy->options = g_memdup2 (rules->options, rules->klass->options_size);
  return copy;
}

void
sp_rules_free (SpRules *rules)
{
  if (rules == NULL)
    return;
  g_free (rules->profile);
  g_free (rules->options);
  g_free (rules);
}

SpRuleset
sp_rules_get_ruleset (const SpRules *rules)
{
  return rules->ruleset;
}

const char *
sp_rules_get_profile (const SpRules *rules)
{
  return rules->profile;
}

gboolean
sp_rules_set_option (SpRules     *rules,
                     const char  *key,
                     const char  *value,
                     GError     **error)
{
  g_return_val_if_fail (rules != NULL && key != NULL && value != NULL, FALSE);
  return sp_ruleset_class_set_option (rules->klass, rules->options, key, value, error);
}

char *
sp_rules_get_option (const SpRules *rules,
                     const char    *key)
{
  const SpRulesetClass *klass;
  char *value;
  int custom;

  g_return_val_if_fail (rules != NULL && key != NULL, NULL);

  klass = rules->klass;
  value = sp_rule_options_get (klass->options, klass->option_fields, klass->n_options,
                               rules->options, key, &custom);
  return custom < 0 ? value : klass->get_custom_option (rules->options, (guint) custom);
}

const SpRuleOption *
sp_rules_list_options (const SpRules *rules,
                       guint         *n_options)
{
  *n_options = rules->klass->n_options;
  return rules->klass->options;
}

const char * const *
sp_rules_list_profiles (SpRuleset ruleset)
{
  return class_of (ruleset)->profiles;
}

const SpSituationToggle *
sp_rules_list_situation_toggles (const SpRules *rules,
                                 guint         *n_toggles)
{
  g_return_val_if_fail (rules != NULL, NULL);

  if (n_toggles != NULL)
    *n_toggles = rules->klass->n_situation_toggles;
  return rules->klass->situation_toggles;
}

void
sp_rules_score (const SpRules     *rules,
                const SpHand      *hand,
                const SpSituation *situation,
                SpScoreResult     *result)
{
  guint32 foreign = situation->given & SP_SITUATION_RIICHI_FIELDS
                    & ~rules->klass->own_situation_fields;

  if (G_UNLIKELY (foreign != 0))
    {
      sp_score_result_init (result, rules->ruleset);
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              /* Translators: the first %s is a situation option (--riichi,
                               * --dora-indicators, …), the second a ruleset (mcr, taiwan…). */
                              _("--%s is an option of riichi, not of %s"),
                              sp_situation_field_to_key ((SpSituationField) (foreign & -foreign)),
                              sp_ruleset_to_string (rules->ruleset));
      return;
    }
  rules->klass->score (rules->options, hand, situation, result);
}

gboolean
sp_rules_settle (const SpRules      *rules,
                 const SpSituation  *situation,
                 gint32              total,
                 SpScoreResult      *result,
                 GError            **error)
{
  g_return_val_if_fail (rules != NULL && situation != NULL && result != NULL, FALSE);

  sp_score_result_init (result, rules->ruleset);
  if (rules->klass->settle == NULL)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   /* Translators: %s is a ruleset: mcr, taiwan or guangdong. */
                   _("%s cannot settle a hand from its total alone yet: enter the tiles with "
                     "--hand"),
                   sp_ruleset_to_string (rules->ruleset));
      return FALSE;
    }
  /* The module may adjust the total (a cap) or refuse it (below the minimum, a situation it
   * cannot settle without the tiles). */
  result->win = TRUE;
  result->total = total;
  rules->klass->settle (rules->options, situation, total, result);
  if (!result->win)
    {
      g_set_error (error, SP_CORE_ERROR, result->error_code, "%s", result->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_rules_settle_value (const SpRules      *rules,
                       const SpSituation  *situation,
                       const SpHandValue  *value,
                       SpScoreResult      *result,
                       GError            **error)
{
  g_return_val_if_fail (rules != NULL && situation != NULL && value != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  sp_score_result_init (result, rules->ruleset);
  if (rules->klass->settle_value == NULL)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   /* Translators: %s is a ruleset: mcr, taiwan or guangdong. */
                   _("%s hands have no han and fu: enter the tiles with --hand, or the total "
                     "with --fan"), sp_ruleset_to_string (rules->ruleset));
      return FALSE;
    }
  result->win = TRUE;
  rules->klass->settle_value (rules->options, situation, value, result);
  if (!result->win)
    {
      g_set_error (error, SP_CORE_ERROR, result->error_code, "%s", result->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_rules_penalize_claim (const SpRules      *rules,
                         const SpSituation  *situation,
                         gint32              claimed,
                         SpScoreResult      *result,
                         GError            **error)
{
  g_return_val_if_fail (rules != NULL && situation != NULL && result != NULL, FALSE);

  sp_score_result_init (result, rules->ruleset);
  if (rules->klass->penalize_claim == NULL)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   /* Translators: %s is a ruleset: mcr, taiwan or guangdong. */
                   _("%s judges a false win from its tiles: enter them"),
                   sp_ruleset_to_string (rules->ruleset));
      return FALSE;
    }
  result->total = claimed;
  rules->klass->penalize_claim (rules->options, situation, claimed, result);
  return TRUE;
}
