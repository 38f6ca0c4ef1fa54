/* test-core-rules.c: each ruleset's description (SpRulesetClass) is whole, and what the
 * dispatcher does with it: options through the table, profiles, the registry by name.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-core.h"
#include "sp-rules-private.h"

/* What core/ asks of every ruleset without testing its name: a ruleset that leaves one of
 * these out would crash or say nothing where a referee expects an answer. */
static void
test_descriptions_whole (void)
{
  for (guint r = 0; r < SP_N_RULESETS; r++)
    {
      const SpRulesetClass *klass = sp_ruleset_class ((SpRuleset) r);
      gboolean has_custom = FALSE;
      SpRuleset found;

      g_test_message ("ruleset %s", klass->name);
      g_assert_nonnull (klass->name);
      g_assert_true (sp_ruleset_from_string (klass->name, &found));
      g_assert_cmpint (found, ==, r);
      g_assert_nonnull (klass->title);
      g_assert_nonnull (klass->short_title);
      g_assert_nonnull (klass->unit);
      g_assert_nonnull (klass->profiles);
      g_assert_nonnull (klass->profiles[0]);
      g_assert_nonnull (klass->score);
      g_assert_nonnull (klass->claim_bounds);
      g_assert_nonnull (klass->refuse_tile_count);
      g_assert_true (klass->hand_size == 13 || klass->hand_size == 16);
      g_assert_cmpuint (klass->max_melds, <=, SP_HAND_MAX_MELDS);
      g_assert_true (klass->shapes & SP_SHAPE_SETS);
      g_assert_nonnull (klass->default_seating);
      g_assert_nonnull (klass->default_ranking);
      g_assert_nonnull (klass->item_titles);
      g_assert_nonnull (klass->item_title_context);
      g_assert_true ((klass->more_item_titles == NULL) == (klass->more_item_title_context == NULL));
      g_assert_true (klass->n_options == 0 || klass->option_fields != NULL);
      for (guint i = 0; i < klass->n_options; i++)
        has_custom |= klass->option_fields[i].kind == SP_OPTION_CUSTOM;
      g_assert_true (has_custom == (klass->set_custom_option != NULL));
      g_assert_true (has_custom == (klass->get_custom_option != NULL));
      /* A ruleset judged as wins and draws answers the refusals of sp_hand_entry_judge. */
      if (klass->judge_entry == NULL)
        {
          gboolean all_stakes = (klass->settings & SP_RULESET_HAS_BASE)
                                && (klass->settings & SP_RULESET_HAS_PER_UNIT);

          g_assert_true (all_stakes || klass->stakes_refusal != NULL);
          g_assert_true (klass->penalize_claim != NULL || klass->false_claim_refusal != NULL);
        }
    }
}

/* Every option of every profile reads back as it was set, through the table or the module's
 * own setter: the stored text of a tournament is the text given. */
static void
test_options_read_back (void)
{
  for (guint r = 0; r < SP_N_RULESETS; r++)
    {
      const char * const *profiles = sp_rules_list_profiles ((SpRuleset) r);

      for (guint p = 0; profiles[p] != NULL; p++)
        {
          g_autoptr(SpRules) rules = sp_rules_new ((SpRuleset) r, profiles[p], NULL);
          const SpRuleOption *options;
          guint n_options;

          g_assert_nonnull (rules);
          options = sp_rules_list_options (rules, &n_options);
          for (guint i = 0; i < n_options; i++)
            {
              g_autofree char *before = sp_rules_get_option (rules, options[i].key);
              g_autofree char *after = NULL;
              g_autoptr(GError) error = NULL;

              g_assert_nonnull (before);
              g_assert_true (sp_rules_set_option (rules, options[i].key, before, &error));
              g_assert_no_error (error);
              after = sp_rules_get_option (rules, options[i].key);
              g_assert_cmpstr (after, ==, before);
            }
        }
    }
}

/* Taiwan's max_tai and false_win_penalty are read by the module, not the table. */
static void
test_custom_options (void)
{
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_TAIWAN, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *max_tai = NULL;
  g_autofree char *penalty = NULL;
  g_autofree char *still = NULL;

  g_assert_true (sp_rules_set_option (rules, "max_tai", "12", &error));
  g_assert_no_error (error);
  max_tai = sp_rules_get_option (rules, "max_tai");
  g_assert_cmpstr (max_tai, ==, "12");
  g_assert_true (sp_rules_set_option (rules, "false_win_penalty", "fixed:50", &error));
  penalty = sp_rules_get_option (rules, "false_win_penalty");
  g_assert_cmpstr (penalty, ==, "fixed:50");
  g_assert_false (sp_rules_set_option (rules, "max_tai", "lots", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  still = sp_rules_get_option (rules, "max_tai");
  g_assert_cmpstr (still, ==, "12");
  g_clear_error (&error);
  g_assert_false (sp_rules_set_option (rules, "no_such_option", "on", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_null (sp_rules_get_option (rules, "no_such_option"));
}

/* A profile changes the options it names from the defaults, and only those. */
static void
test_profile_changes (void)
{
  g_autoptr(SpRules) cn = sp_rules_new (SP_RULESET_MCR, "cn", NULL);
  g_autoptr(SpRules) gb2006 = sp_rules_new (SP_RULESET_MCR, "gb2006", NULL);
  g_autoptr(SpRules) ema2016 = sp_rules_new (SP_RULESET_RIICHI, "ema2016", NULL);
  g_autoptr(SpRules) wrc2025 = sp_rules_new (SP_RULESET_RIICHI, "wrc2025", NULL);
  g_autofree char *cn_kongs = sp_rules_get_option (cn, "concealed_kong_pair_value");
  g_autofree char *gb_kongs = sp_rules_get_option (gb2006, "concealed_kong_pair_value");
  g_autofree char *cn_min = sp_rules_get_option (cn, "min_fan");
  g_autofree char *gb_min = sp_rules_get_option (gb2006, "min_fan");
  g_autofree char *ema_kiriage = sp_rules_get_option (ema2016, "kiriage");
  g_autofree char *wrc_kiriage = sp_rules_get_option (wrc2025, "kiriage");
  g_autofree char *ema_uma = sp_rules_get_option (ema2016, "uma");
  g_autofree char *wrc_uma = sp_rules_get_option (wrc2025, "uma");
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (cn_kongs, ==, "6");
  g_assert_cmpstr (gb_kongs, ==, "8");
  g_assert_cmpstr (cn_min, ==, "8");
  g_assert_cmpstr (gb_min, ==, cn_min);
  g_assert_cmpstr (ema_kiriage, ==, "off");
  g_assert_cmpstr (wrc_kiriage, ==, "on");
  g_assert_cmpstr (wrc_uma, ==, ema_uma);
  g_assert_null (sp_rules_new (SP_RULESET_MCR, "nope", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/rules/descriptions-whole", test_descriptions_whole);
  g_test_add_func ("/sparrow/core/rules/options-read-back", test_options_read_back);
  g_test_add_func ("/sparrow/core/rules/custom-options", test_custom_options);
  g_test_add_func ("/sparrow/core/rules/profile-changes", test_profile_changes);
  return g_test_run ();
}
