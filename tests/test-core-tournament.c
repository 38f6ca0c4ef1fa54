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

/* A tournament option is checked, a ruleset option set on the rules; both are kept as lines. */
static void
test_add_option (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, NULL, &error);
  SpTournament t = { .ruleset = SP_RULESET_MCR };
  SpTournamentOptions options;
  g_autofree char *min_fan = NULL;

  g_assert_no_error (error);
  g_assert_true (sp_tournament_add_option (&t, rules, "group_tables", "2", &error));
  g_assert_true (sp_tournament_add_option (&t, rules, "min_fan", "6", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (t.options, ==, "group_tables=2\nmin_fan=6");
  min_fan = sp_rules_get_option (rules, "min_fan");
  g_assert_cmpstr (min_fan, ==, "6");
  g_assert_true (sp_tournament_get_options (&t, &options, &error));
  g_assert_cmpuint (options.group_tables, ==, 2);

  g_assert_false (sp_tournament_add_option (&t, rules, "group_tables", "0", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sp_tournament_add_option (&t, rules, "no_such_option", "1", &error));
  g_assert_nonnull (error);
  /* A refused option is not kept. */
  g_assert_cmpstr (t.options, ==, "group_tables=2\nmin_fan=6");
  g_free (t.options);
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
  history = sp_table_history (SP_RULESET_TAIWAN, FALSE, hands);
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
  history = sp_table_history (SP_RULESET_MCR, FALSE, hands);
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
  g_test_add_func ("/sparrow/core/table-history/taiwan", test_history_taiwan);
  g_test_add_func ("/sparrow/core/table-history/mcr", test_history_mcr);
  return g_test_run ();
}
