/* test-core-verdict.c: verdicts on hands typed as text: one hand, a batch line, a check.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-core.h"

static SpRules *
mcr_rules (void)
{
  g_autoptr(GError) error = NULL;
  SpRules *rules = sp_rules_new (SP_RULESET_MCR, NULL, &error);

  g_assert_no_error (error);
  return rules;
}

static void
test_text (void)
{
  g_autoptr(SpRules) rules = mcr_rules ();
  SpSituation situation;
  SpScoreResult result;

  sp_situation_init (&situation);
  sp_rules_score_text (rules, " 999m11s99pEEECCC1s ", &situation, &result);
  g_assert_true (result.win);
  g_assert_cmpint (result.total, ==, 62);

  sp_situation_init (&situation);
  sp_rules_score_text (rules, "12x", &situation, &result);
  g_assert_false (result.win);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_SYNTAX);

  /* "-" is a flower win: the situation says so, whatever the ruleset makes of it. */
  sp_situation_init (&situation);
  sp_rules_score_text (rules, "-", &situation, &result);
  g_assert_true (situation.flower_win);
}

static void
test_line (void)
{
  g_autoptr(SpRules) rules = mcr_rules ();
  SpScoreResult result;

  sp_rules_score_line (rules, "999m11s99pEEECCC1s --self-drawn", -1, 1, &result);
  g_assert_true (result.win);
  g_assert_true (result.has_settlement);
  g_assert_cmpint (result.settlement[0], ==, 3 * (result.total + 8));

  sp_rules_score_line (rules, "999m11s99pEEECCC1s --seat-wind Q", -1, 7, &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BAD_SITUATION);
  g_assert_true (g_str_has_prefix (result.message, "line 7: "));

  sp_rules_score_line (rules, "  --self-drawn", -1, 3, &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_SYNTAX);
  g_assert_cmpstr (result.message, ==, "line 3: no hand");

  sp_rules_score_line (rules, "999m\xff", -1, 4, &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_SYNTAX);
  g_assert_cmpstr (result.message, ==, "line 4: not UTF-8 text");

  /* A NUL inside the line's bytes is not text either. */
  sp_rules_score_line (rules, "999m\0abc", 8, 5, &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_SYNTAX);
}

static void
assert_check (const char *text,
              gboolean    win,
              const char *message)
{
  g_autoptr(GError) error = NULL;
  SpHand hand;

  g_assert_true (sp_hand_parse (text, &hand, NULL));
  g_assert_cmpint (sp_hand_check_win (&hand, SP_RULESET_MCR, &error), ==, win);
  if (win)
    g_assert_no_error (error);
  else
    {
      g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_NOT_A_WIN);
      g_assert_cmpstr (error->message, ==, message);
    }
}

static void
test_check (void)
{
  assert_check ("999m11s99pEEECCC1s", TRUE, NULL);
  /* Ready on 1s/CC without its last tile, which (9s) is not one of them. */
  assert_check ("999m11s99pEEECCC9s", FALSE,
                "not a win: ready without the last tile, which is not one of its waits");
  assert_check ("13579m2468p1357sE", FALSE,
                "not a win: 4 tile(s) from ready without the last tile");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/verdict/text", test_text);
  g_test_add_func ("/sparrow/core/verdict/line", test_line);
  g_test_add_func ("/sparrow/core/verdict/check", test_check);
  return g_test_run ();
}
