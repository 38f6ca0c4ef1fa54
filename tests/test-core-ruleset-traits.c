/* test-core-ruleset-traits.c: each ruleset's answers to a front end agree with how it scores,
 * settles and rotates.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"

/* A win each ruleset scores, its winner in the East seat: 大三元 (MCR, Guangdong), 16 tiles
 * with two dragon pungs (Taiwan), 断幺九 tanyao (Riichi). */
static const char *const wins[SP_N_RULESETS] = {
  [SP_RULESET_MCR] = "[CCC,1][FFF,1][PPP,1]123m5p5p",
  [SP_RULESET_TAIWAN] = "[CCC,1][FFF,1]123m456m789pPP",
  [SP_RULESET_GUANGDONG] = "[CCC,1][FFF,1][PPP,1]123m5p5p",
  [SP_RULESET_RIICHI] = "234m345m456p678s2p2p",
};

/* Scores the ruleset's win with @flags (space-separated SITUATION options) into @result. */
static void
score_win (SpRuleset      ruleset,
           const char    *flags,
           SpScoreResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, &error);
  g_auto(GStrv) args = g_strsplit (flags, " ", -1);
  SpSituation situation;
  SpHand hand;

  g_assert_no_error (error);
  g_assert_true (sp_hand_parse (wins[ruleset], &hand, &error));
  g_assert_no_error (error);
  sp_situation_init (&situation);
  if (flags[0] != '\0')
    {
      g_assert_true (sp_situation_parse_args (&situation, (const char *const *) args,
                                              g_strv_length (args), &error));
      g_assert_no_error (error);
    }
  sp_rules_score (rules, &hand, &situation, result);
}

/* What the winner at East receives. */
static gint64
east_gets (const SpScoreResult *result)
{
  g_assert_true (result->has_settlement);
  return result->settlement[SP_WIND_EAST];
}

static void
test_wins_score (void)
{
  /* The other cases rely on these wins being wins. */
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      SpScoreResult result;

      score_win (r, "", &result);
      g_test_message ("%s: %s", sp_ruleset_to_string (r), result.message);
      g_assert_true (result.win);
    }
}

/* Every ruleset has a short title of its own, which begins its longer title. */
static void
test_short_titles (void)
{
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      const char *title = sp_ruleset_short_title (r);

      g_assert_nonnull (title);
      g_assert_cmpuint (strlen (title), >, 0);
      g_assert_true (g_str_has_prefix (sp_ruleset_title (r), title));
      for (SpRuleset other = 0; other < r; other++)
        g_assert_cmpstr (sp_ruleset_short_title (other), !=, title);
    }
}

/* Counters and sticks: accepted and paid to the winner where the ruleset has them, refused as a
 * bad situation where it has not. */
static void
test_counters (void)
{
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      SpScoreResult plain, counted;

      g_test_message ("%s", sp_ruleset_to_string (r));
      score_win (r, "", &plain);
      score_win (r, "--honba 2 --riichi-sticks 1", &counted);
      if (sp_ruleset_traits (r)->has_counters)
        {
          g_assert_true (counted.win);
          g_assert_cmpint (east_gets (&counted), >, east_gets (&plain));
        }
      else
        {
          g_assert_false (counted.win);
          g_assert_cmpint (counted.error_code, ==, SP_CORE_ERROR_BAD_SITUATION);
        }
    }
}

/* Dora indicators: counted where the ruleset has dora, refused where it has not. */
static void
test_dora (void)
{
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      SpScoreResult result;

      g_test_message ("%s", sp_ruleset_to_string (r));
      /* 1m turned: the dora is 2m, of which the Riichi win holds one. */
      score_win (r, "--dora-indicators 1m", &result);
      if (sp_ruleset_traits (r)->has_dora)
        {
          g_assert_true (result.win);
          g_assert_cmpint (result.dora, ==, 1);
        }
      else
        {
          g_assert_false (result.win);
          g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BAD_SITUATION);
        }
    }
}

/* Flowers: taken with the hand where the ruleset plays them, refused where it does not. */
static void
test_flowers (void)
{
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      SpScoreResult result;

      g_test_message ("%s", sp_ruleset_to_string (r));
      score_win (r, "--flowers f1", &result);
      if (sp_ruleset_traits (r)->has_flowers)
        g_assert_true (result.win);
      else
        {
          g_assert_false (result.win);
          g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BAD_SITUATION);
        }
    }
}

/* The dealer's 連莊 streak changes what his win is worth exactly where the ruleset counts it. */
static void
test_streak (void)
{
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      SpScoreResult plain, streak;

      g_test_message ("%s", sp_ruleset_to_string (r));
      score_win (r, "", &plain);
      score_win (r, "--streak 2", &streak);
      g_assert_true (streak.win);
      if (sp_ruleset_traits (r)->counts_streak)
        g_assert_cmpint (east_gets (&streak), >, east_gets (&plain));
      else
        g_assert_cmpint (east_gets (&streak), ==, east_gets (&plain));
    }
}

/* Where the situation does not name the dealer, East deals whatever a dealer given says. */
static void
test_dealer (void)
{
  gboolean some_named = FALSE, some_not = FALSE;

  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      SpScoreResult east, south;

      g_test_message ("%s", sp_ruleset_to_string (r));
      some_named |= sp_ruleset_traits (r)->names_dealer;
      if (sp_ruleset_traits (r)->names_dealer)
        continue;
      some_not = TRUE;
      score_win (r, "--self-drawn", &east);
      score_win (r, "--self-drawn --dealer S", &south);
      g_assert_true (east.win && south.win);
      g_assert_cmpmem (south.settlement, sizeof south.settlement, east.settlement,
                       sizeof east.settlement);
    }
  g_assert_true (some_named && some_not);
}

/* The unit: han and fu settle a value without the tiles only where the ruleset counts points;
 * 番 doubled pays 2^番. */
static void
test_unit (void)
{
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      g_autoptr(SpRules) rules = sp_rules_new (r, NULL, NULL);
      g_autoptr(GError) error = NULL;
      SpHandValue value = { .han = 2, .fu = 30 };
      SpSituation situation;
      SpScoreResult result;
      gboolean settled, doubled;

      g_test_message ("%s", sp_ruleset_to_string (r));
      sp_situation_init (&situation);
      settled = sp_rules_settle_value (rules, &situation, &value, &result, &error);
      g_assert_cmpint (settled, ==, sp_ruleset_traits (r)->unit == SP_RULESET_UNIT_POINTS);
      if (!settled)
        g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);

      score_win (r, "", &result);
      doubled = result.total >= 0 && result.total < 62
                && result.points == (gint64) 1 << result.total;
      g_assert_cmpint (doubled, ==, sp_ruleset_traits (r)->unit == SP_RULESET_UNIT_FAN_DOUBLED);
    }
}

/* Running points: a ruleset that keeps them has table rules (start points, uma), and only such a
 * ruleset carries counters and places by uma. */
static void
test_running_points (void)
{
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      g_autoptr(SpRules) rules = sp_rules_new (r, NULL, NULL);
      g_autoptr(GError) error = NULL;
      SpRiichiTableRules table;
      gboolean keeps = sp_ruleset_traits (r)->keeps_points;

      g_test_message ("%s", sp_ruleset_to_string (r));
      g_assert_cmpint (sp_riichi_table_rules_of (rules, &table, &error), ==, keeps);
      if (keeps)
        g_assert_cmpint (table.start_points, >, 0);
      else
        g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
      if (!keeps)
        {
          g_assert_false (sp_ruleset_traits (r)->has_counters);
          g_assert_false (sp_ruleset_traits (r)->places_by_uma);
        }
    }
}

/* The paper sheet has a row for every hand of a session where the deal never repeats, and more
 * rows exactly where a dealer's win keeps the deal. */
static void
test_form_hands (void)
{
  for (SpRuleset r = 0; r < SP_N_RULESETS; r++)
    {
      SpTournament tournament = { .ruleset = r, .settings.dealer_repeats = TRUE };
      SpRotationKind kind;
      SpRotation rotation;
      guint passing = 0;
      gboolean repeats;

      g_test_message ("%s", sp_ruleset_to_string (r));
      /* With every setting that lets the deal repeat (Guangdong's 連莊) on. */
      kind = sp_tournament_rotation (&tournament);
      sp_rotation_start (&rotation, kind);
      while (!rotation.finished && passing < 100)
        {
          sp_rotation_advance (&rotation, kind, FALSE, FALSE);
          passing++;
        }
      g_assert_true (rotation.finished);

      sp_rotation_start (&rotation, kind);
      sp_rotation_advance (&rotation, kind, TRUE, FALSE);
      repeats = rotation.number == 2 && rotation.seat_wind[0] == SP_WIND_EAST;

      if (repeats)
        g_assert_cmpuint (sp_ruleset_traits (r)->form_hands, >, passing);
      else
        g_assert_cmpuint (sp_ruleset_traits (r)->form_hands, ==, passing);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/core/ruleset-traits/wins-score", test_wins_score);
  g_test_add_func ("/sparrow/core/ruleset-traits/short-titles", test_short_titles);
  g_test_add_func ("/sparrow/core/ruleset-traits/counters", test_counters);
  g_test_add_func ("/sparrow/core/ruleset-traits/dora", test_dora);
  g_test_add_func ("/sparrow/core/ruleset-traits/flowers", test_flowers);
  g_test_add_func ("/sparrow/core/ruleset-traits/streak", test_streak);
  g_test_add_func ("/sparrow/core/ruleset-traits/dealer", test_dealer);
  g_test_add_func ("/sparrow/core/ruleset-traits/unit", test_unit);
  g_test_add_func ("/sparrow/core/ruleset-traits/running-points", test_running_points);
  g_test_add_func ("/sparrow/core/ruleset-traits/form-hands", test_form_hands);
  return g_test_run ();
}
