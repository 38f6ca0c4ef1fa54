/* test-core-tournament.c: a new tournament's defaults and checks, and a table's history.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-core.h"

static void
test_defaults (void)
{
  SpTournament mcr = { .ruleset = SP_RULESET_MCR };
  SpTournament taiwan = { .ruleset = SP_RULESET_TAIWAN };
  SpTournament guangdong = { .ruleset = SP_RULESET_GUANGDONG };
  SpTournament said = { .ruleset = SP_RULESET_TAIWAN, .base = 50 };

  sp_tournament_init_defaults (&mcr);
  g_assert_cmpstr (mcr.seating, ==, "balanced");
  g_assert_cmpstr (mcr.ranking, ==, "r98");
  g_assert_cmpint (mcr.base, ==, 0);
  sp_tournament_init_defaults (&taiwan);
  g_assert_cmpstr (taiwan.seating, ==, "random");
  g_assert_cmpstr (taiwan.ranking, ==, "score");
  g_assert_cmpint (taiwan.base, ==, 30);
  g_assert_cmpint (taiwan.per_tai, ==, 10);
  sp_tournament_init_defaults (&guangdong);
  g_assert_cmpint (guangdong.base, ==, 0);
  /* One stake said leaves the other as said (0), not the default. */
  sp_tournament_init_defaults (&said);
  g_assert_cmpint (said.base, ==, 50);
  g_assert_cmpint (said.per_tai, ==, 0);
  g_free (mcr.seating);
  g_free (mcr.ranking);
  g_free (taiwan.seating);
  g_free (taiwan.ranking);
  g_free (guangdong.seating);
  g_free (guangdong.ranking);
  g_free (said.seating);
  g_free (said.ranking);
}

static void
test_check (void)
{
  g_autoptr(GError) error = NULL;
  SpTournament t = { .ruleset = SP_RULESET_MCR };

  t.seating = g_strdup ("swiss");
  t.ranking = g_strdup ("EMA");
  g_assert_true (sp_tournament_check (&t, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (t.ranking, ==, "ema");

  g_free (t.seating);
  t.seating = g_strdup ("round-robin");
  g_assert_false (sp_tournament_check (&t, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "round-robin"));
  g_clear_error (&error);

  g_free (t.seating);
  t.seating = g_strdup ("random");
  g_free (t.ranking);
  t.ranking = g_strdup ("elo");
  g_assert_false (sp_tournament_check (&t, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "elo"));
  g_free (t.seating);
  g_free (t.ranking);
}

/* A tournament option is checked and set in the settings, a ruleset option set on the rules;
 * both are kept as lines, which read back to the same settings. */
static void
test_add_option (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, NULL, &error);
  SpTournament t = { .ruleset = SP_RULESET_MCR };
  SpTournament again = { .ruleset = SP_RULESET_MCR };
  g_autofree char *min_fan = NULL;

  g_assert_no_error (error);
  g_assert_true (sp_tournament_add_option (&t, rules, "group_tables", "2", &error));
  g_assert_true (sp_tournament_add_option (&t, rules, "min_fan", "6", &error));
  g_assert_true (sp_tournament_add_option (&t, rules, "penalties", "overall", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (t.options, ==, "group_tables=2\nmin_fan=6\npenalties=overall");
  min_fan = sp_rules_get_option (rules, "min_fan");
  g_assert_cmpstr (min_fan, ==, "6");
  g_assert_cmpuint (t.settings.group_tables, ==, 2);
  g_assert_true (t.settings.penalties_overall);
  g_assert_false (t.settings.substitutes_unranked);
  /* A new tournament's rules are the caller's, not its own. */
  g_assert_null (t.rules);
  again.options = t.options;
  g_assert_true (sp_tournament_read_options (&again, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&again.settings, sizeof again.settings, &t.settings, sizeof t.settings);
  g_free (min_fan);
  min_fan = sp_rules_get_option (again.rules, "min_fan");
  g_assert_cmpstr (min_fan, ==, "6");
  g_clear_pointer (&again.rules, sp_rules_free);

  g_assert_false (sp_tournament_add_option (&t, rules, "group_tables", "0", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sp_tournament_add_option (&t, rules, "no_such_option", "1", &error));
  g_assert_nonnull (error);
  /* A refused option is kept neither in the text nor in the settings. */
  g_assert_cmpstr (t.options, ==, "group_tables=2\nmin_fan=6\npenalties=overall");
  g_assert_cmpuint (t.settings.group_tables, ==, 2);
  g_free (t.options);
}

/* The stored text read into the settings and the rules: each tournament option to its field,
 * the ruleset's keys set on its rules, nothing said the defaults (all zero). */
static void
test_read_options (void)
{
  static const struct
  {
    const char          *text;
    SpTournamentOptions  settings;
    const char          *min_fan;  /* NULL: the profile's, 8 */
  } cases[] = {
    { NULL, { 0 } },
    { "", { 0 } },
    { "min_fan=6\nheavenly_hands=on", { 0 }, "6" },
    { "rank_substitutes=off", { .substitutes_unranked = TRUE } },
    { "rank_substitutes=on\npenalties=session\nswiss=high-high\ndealer_repeats=off", { 0 } },
    { "penalties=overall", { .penalties_overall = TRUE } },
    { "swiss=snake", { .swiss_snake = TRUE } },
    { "min_fan=0\ndealer_repeats=on", { .dealer_repeats = TRUE }, "0" },
    { "group_tables=256", { .group_tables = 256 } },
    /* A later line says the last word, as the rules read theirs. */
    { "dealer_repeats=on\ndealer_repeats=off\ngroup_tables=3\ngroup_tables=2\nmin_fan=5"
      "\nmin_fan=12", { .group_tables = 2 }, "12" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *min_fan = NULL;
      /* Settings and rules left over from before are replaced, not added to. */
      SpTournament t = { .ruleset = SP_RULESET_MCR, .options = (char *) cases[i].text,
                         .settings = { .swiss_snake = TRUE, .group_tables = 9 },
                         .rules = sp_rules_new (SP_RULESET_TAIWAN, NULL, NULL) };

      g_test_message ("options %s", cases[i].text != NULL ? cases[i].text : "(none)");
      g_assert_true (sp_tournament_read_options (&t, &error));
      g_assert_no_error (error);
      g_assert_cmpint (t.settings.substitutes_unranked, ==, cases[i].settings.substitutes_unranked);
      g_assert_cmpint (t.settings.penalties_overall, ==, cases[i].settings.penalties_overall);
      g_assert_cmpint (t.settings.swiss_snake, ==, cases[i].settings.swiss_snake);
      g_assert_cmpint (t.settings.dealer_repeats, ==, cases[i].settings.dealer_repeats);
      g_assert_cmpuint (t.settings.group_tables, ==, cases[i].settings.group_tables);
      g_assert_cmpint (sp_rules_get_ruleset (t.rules), ==, SP_RULESET_MCR);
      g_assert_cmpstr (sp_rules_get_profile (t.rules), ==, "cn");
      min_fan = sp_rules_get_option (t.rules, "min_fan");
      g_assert_cmpstr (min_fan, ==, cases[i].min_fan != NULL ? cases[i].min_fan : "8");
      sp_rules_free (t.rules);
    }
}

/* A bad value of a tournament option, a key or value the ruleset does not have or a profile it
 * does not have is refused, the first line at fault named, and the settings and rules stay as
 * they were. */
static void
test_read_options_refused (void)
{
  static const struct
  {
    const char *profile;
    const char *text;
    const char *named[2];
  } cases[] = {
    { NULL, "penalties=sometimes", { "penalties", "sometimes" } },
    { NULL, "max_tai=40\npenalties=sometimes", { "max_tai", "max_tai" } },
    { NULL, "penalties=sometimes\nmax_tai=40", { "penalties", "sometimes" } },
    { NULL, "min_fan=many", { "min_fan", "many" } },
    { "wrc2025", "", { "wrc2025", "wrc2025" } },
    { NULL, "swiss=snake\nrank_substitutes=yes", { "rank_substitutes", "yes" } },
    { NULL, "group_tables=0", { "group_tables", "'0'" } },
    { NULL, "group_tables=257", { "group_tables", "257" } },
    { NULL, "dealer_repeats=", { "dealer_repeats", "''" } },
  };
  g_autoptr(SpRules) before = sp_rules_new (SP_RULESET_TAIWAN, NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      SpTournament t = { .ruleset = SP_RULESET_MCR, .profile = (char *) cases[i].profile,
                         .options = (char *) cases[i].text, .settings = { .group_tables = 4 },
                         .rules = before };

      g_test_message ("options %s", cases[i].text);
      g_assert_false (sp_tournament_read_options (&t, &error));
      g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, cases[i].named[0]));
      g_assert_nonnull (strstr (error->message, cases[i].named[1]));
      g_assert_cmpuint (t.settings.group_tables, ==, 4);
      g_assert_false (t.settings.swiss_snake);
      g_assert_true (t.rules == before);
    }
}

/* A tournament's rotation is its ruleset's, except where the ruleset lets the tournament choose
 * 連莊 (Guangdong's dealer_repeats=on) and it does; elsewhere the option changes nothing. */
static void
test_rotation (void)
{
  static const struct
  {
    SpRuleset       ruleset;
    const char     *text;
    SpRotationKind  kind;
  } cases[] = {
    { SP_RULESET_GUANGDONG, "", SP_ROTATION_FIXED },
    { SP_RULESET_GUANGDONG, "dealer_repeats=off", SP_ROTATION_FIXED },
    { SP_RULESET_GUANGDONG, "dealer_repeats=on", SP_ROTATION_REPEATING },
    { SP_RULESET_GUANGDONG, "dealer_repeats=on\ndealer_repeats=off", SP_ROTATION_FIXED },
    { SP_RULESET_MCR, "", SP_ROTATION_FIXED_CHANGING_CHAIRS },
    { SP_RULESET_MCR, "dealer_repeats=on", SP_ROTATION_FIXED_CHANGING_CHAIRS },
    { SP_RULESET_TAIWAN, "", SP_ROTATION_REPEATING },
    { SP_RULESET_RIICHI, "", SP_ROTATION_HANCHAN },
    { SP_RULESET_RIICHI, "dealer_repeats=on", SP_ROTATION_HANCHAN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      SpTournament t = { .ruleset = cases[i].ruleset, .options = (char *) cases[i].text };

      g_test_message ("%s: options %s", sp_ruleset_to_string (cases[i].ruleset), cases[i].text);
      g_assert_true (sp_tournament_read_options (&t, &error));
      g_assert_no_error (error);
      g_assert_cmpint (sp_tournament_rotation (&t), ==, cases[i].kind);
      /* Without the option the tournament plays the ruleset's own rotation. */
      if (!t.settings.dealer_repeats)
        g_assert_cmpint (sp_ruleset_rotation (cases[i].ruleset), ==, cases[i].kind);
      sp_rules_free (t.rules);
    }
}

static SpHandRecord *
hand_won_by (gint winner)
{
  SpHandRecord *hand = g_new0 (SpHandRecord, 1);

  hand->winner = winner;
  hand->discarder = SP_CHAIR_NONE;
  hand->draw = winner == SP_CHAIR_NONE;
  return hand;
}

/* Taiwan: the dealer (chair 0) wins and keeps the deal (連莊 1), then loses it to chair 1. */
static void
test_history_taiwan (void)
{
  g_autoptr(GPtrArray) hands = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) history = NULL;
  SpRotation *r;

  g_ptr_array_add (hands, hand_won_by (0));
  g_ptr_array_add (hands, hand_won_by (2));
  history = sp_table_history (sp_ruleset_rotation (SP_RULESET_TAIWAN), hands);
  g_assert_cmpuint (history->len, ==, 3);
  r = &g_array_index (history, SpRotation, 0);
  g_assert_cmpuint (sp_rotation_dealer_chair (r), ==, 0);
  g_assert_cmpuint (r->streak, ==, 0);
  r = &g_array_index (history, SpRotation, 1);
  g_assert_cmpuint (sp_rotation_dealer_chair (r), ==, 0);
  g_assert_cmpuint (r->streak, ==, 1);
  r = &g_array_index (history, SpRotation, 2);
  g_assert_cmpuint (sp_rotation_dealer_chair (r), ==, 1);
  g_assert_cmpuint (r->streak, ==, 0);
}

/* MCR: the deal passes after every hand, the dealer's win included. */
static void
test_history_mcr (void)
{
  g_autoptr(GPtrArray) hands = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) history = NULL;

  g_ptr_array_add (hands, hand_won_by (0));
  g_ptr_array_add (hands, hand_won_by (SP_CHAIR_NONE));
  history = sp_table_history (sp_ruleset_rotation (SP_RULESET_MCR), hands);
  g_assert_cmpuint (history->len, ==, 3);
  g_assert_cmpuint (sp_rotation_dealer_chair (&g_array_index (history, SpRotation, 0)), ==, 0);
  g_assert_cmpuint (sp_rotation_dealer_chair (&g_array_index (history, SpRotation, 1)), ==, 1);
  g_assert_cmpuint (sp_rotation_dealer_chair (&g_array_index (history, SpRotation, 2)), ==, 2);
  g_assert_cmpint (g_array_index (history, SpRotation, 2).round_wind, ==, SP_WIND_EAST);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/tournament/defaults", test_defaults);
  g_test_add_func ("/sparrow/core/tournament/check", test_check);
  g_test_add_func ("/sparrow/core/tournament/add-option", test_add_option);
  g_test_add_func ("/sparrow/core/tournament/read-options", test_read_options);
  g_test_add_func ("/sparrow/core/tournament/read-options-refused", test_read_options_refused);
  g_test_add_func ("/sparrow/core/tournament/rotation", test_rotation);
  g_test_add_func ("/sparrow/core/table-history/taiwan", test_history_taiwan);
  g_test_add_func ("/sparrow/core/table-history/mcr", test_history_mcr);
  return g_test_run ();
}
