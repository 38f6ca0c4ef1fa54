/* test-cli-json.c: the verdict writer of `score --batch` writes, byte for byte, what json-glib's
 * JsonGenerator writes for the same object.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "sp-cli.h"
#include "sp-core.h"

static char *
generate (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);

  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* {"@text": "@text"} through both writers. */
static void
assert_string_written_alike (const char *text)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) out = g_string_new ("{");
  g_autofree char *expected = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, text);
  json_builder_add_string_value (builder, text);
  json_builder_set_member_name (builder, "after");
  json_builder_add_int_value (builder, G_MININT64);
  json_builder_end_object (builder);
  expected = generate (builder);

  sp_cli_json_member (out, text);
  sp_cli_json_string (out, text);
  sp_cli_json_member (out, "after");
  sp_cli_json_int (out, G_MININT64);
  g_string_append_c (out, '}');

  g_assert_cmpstr (out->str, ==, expected);
}

/* Each control character alone, between other text, and all of them together; a string ends
 * at its NUL (0x00), for both writers alike. */
static void
test_controls (void)
{
  g_autoptr(GString) all = g_string_new (NULL);

  for (int c = 0x01; c <= 0x7f; c++)
    {
      char alone[2] = { (char) c, '\0' };
      char between[4] = { 'a', (char) c, 'b', '\0' };

      if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '/')
        continue;
      assert_string_written_alike (alone);
      assert_string_written_alike (between);
      g_string_append_c (all, (char) c);
    }
  assert_string_written_alike (all->str);
  assert_string_written_alike ("before\0after");
  assert_string_written_alike ("");
}

/* Every ASCII character, quotes, backslashes, slashes, Chinese text, and byte sequences that are
 * not UTF-8 (which both writers pass through unchanged). */
static void
test_specials (void)
{
  static const char *const texts[] = {
    "\"", "\\", "/", "\\\"", "\"\\\"", "\\u0041", "a/b\\c\"d", "</script>",
    "和错牌 (ready, wrong tile): 10 to each other player; 停和, plays on",
    "混幺九", "莊家", "八仙過海", "\u2028\u2029", "\U0001F004 mahjong", "\xc2\xa0 \xc2\x85",
    "\xff", "\x80", "\xe4\xb8", "\xc0\xaf", "\xed\xa0\x80", "a\xfe\xff" "b",
  };
  g_autoptr(GString) ascii = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    assert_string_written_alike (texts[i]);
  for (int c = 0x01; c < 0x80; c++)
    g_string_append_c (ascii, (char) c);
  assert_string_written_alike (ascii->str);
}

static void
test_integers (void)
{
  static const gint64 values[] = { 0, 1, -1, 42, G_MAXINT32, G_MININT32, G_MAXINT64, G_MININT64 };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(GString) out = g_string_new ("{");
      g_autofree char *expected = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "n");
      json_builder_add_int_value (builder, values[i]);
      json_builder_end_object (builder);
      expected = generate (builder);
      sp_cli_json_member (out, "n");
      sp_cli_json_int (out, values[i]);
      g_string_append_c (out, '}');
      g_assert_cmpstr (out->str, ==, expected);
    }
}

static void
assert_verdict_written_alike (const SpRules       *rules,
                              const SpScoreResult *result)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *expected = NULL;
  g_autoptr(JsonBuilder) error_builder = json_builder_new ();
  g_autoptr(GString) error_out = g_string_new ("{");
  g_autofree char *error_expected = NULL;

  sp_cli_build_verdict (builder, rules, result);
  expected = generate (builder);
  sp_cli_json_verdict (out, rules, result);
  g_assert_cmpstr (out->str, ==, expected);

  /* The error object alone, as `hand add` reports a refused verdict. */
  json_builder_begin_object (error_builder);
  sp_cli_build_verdict_error (error_builder, result, result->message);
  json_builder_end_object (error_builder);
  error_expected = generate (error_builder);
  sp_cli_json_verdict_error (error_out, result, result->message);
  g_string_append_c (error_out, '}');
  g_assert_cmpstr (error_out->str, ==, error_expected);
}

/* Scores @text under @ruleset and checks that both writers write the verdict alike; returns
 * the verdict for the caller to check that it is the kind it meant to test. */
static void
score (SpRuleset      ruleset,
       const char    *text,
       const char    *situation_text,
       SpScoreResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, &error);
  SpSituation situation;
  SpHand hand;

  g_assert_no_error (error);
  sp_situation_init (&situation);
  g_assert_true (sp_situation_from_string (&situation, situation_text, &error));
  g_assert_no_error (error);
  if (!sp_hand_parse (text, &hand, &error))
    {
      sp_score_result_init (result, ruleset);
      sp_score_result_refuse (result, (SpCoreError) error->code, "%s", error->message);
    }
  else
    sp_rules_score (rules, &hand, &situation, result);
  assert_verdict_written_alike (rules, result);
}

static void
test_verdicts (void)
{
  SpScoreResult result;

  /* A win with its settlement (the example of SPEC.md §3.1). */
  score (SP_RULESET_MCR, "999m11s99pEEECCC1s", "", &result);
  g_assert_true (result.win);
  g_assert_true (result.has_settlement);

  /* Not a win, ready without the last tile (和错牌): "ready" in the error and beside it, and
   * the penalty with its reason. */
  score (SP_RULESET_MCR, "[123p][444s][789m]34pCC9p", "seat-wind=W", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_NOT_A_WIN);
  g_assert_true (result.ready);
  g_assert_true (result.has_penalty);

  /* Not a win, not ready: "shanten". */
  score (SP_RULESET_MCR, "688m135s336pEWNP5p", "", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_NOT_A_WIN);
  g_assert_false (result.ready);
  g_assert_cmpint (result.shanten, >, 0);

  /* Below the minimum: the items and the total, also in the error. */
  score (SP_RULESET_MCR, "123m345p567s789s55s", "", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_cmpuint (result.n_items, >, 0);

  /* A syntax error quoting what was typed, and a wrong tile count. */
  score (SP_RULESET_MCR, "12\"3\\m", "", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_SYNTAX);
  score (SP_RULESET_MCR, "123m456p789s11sEE", "", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_WRONG_TILE_COUNT);

  /* Guangdong's points, Taiwan's traditional names and dealer's settlement. */
  score (SP_RULESET_GUANGDONG, "[CCC][FFF]PPP123m55s", "", &result);
  g_assert_true (result.win);
  g_assert_cmpint (result.points, >, 0);
  score (SP_RULESET_TAIWAN, "123m456m789m234p56p55s7p", "dealer=S streak=2", &result);
  g_assert_true (result.win);
}

/* A verdict whose message and item names hold every character the writers escape. */
static void
test_verdict_escapes (void)
{
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, NULL, NULL);
  g_autoptr(GString) names = g_string_new (NULL);
  SpScoreResult result;

  for (int c = 0x01; c < 0x20; c++)
    g_string_append_c (names, (char) c);
  g_string_append (names, "\x7f\"\\/和错牌\xff");

  sp_score_result_init (&result, SP_RULESET_MCR);
  sp_score_result_add (&result, names->str, 8, 1);
  sp_score_result_add (&result, "清一色", 24, 2);
  sp_score_result_refuse (&result, SP_CORE_ERROR_BELOW_MINIMUM, "%s", names->str);
  result.has_penalty = TRUE;
  result.penalty[0] = -30;
  g_strlcpy (result.penalty_reason, "\t\"错和\"\n", sizeof result.penalty_reason);
  assert_verdict_written_alike (rules, &result);

  result.error_code = SP_CORE_ERROR_NOT_A_WIN;
  result.ready = FALSE;
  result.shanten = 3;
  assert_verdict_written_alike (rules, &result);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/cli/json/controls", test_controls);
  g_test_add_func ("/sparrow/cli/json/specials", test_specials);
  g_test_add_func ("/sparrow/cli/json/integers", test_integers);
  g_test_add_func ("/sparrow/cli/json/verdicts", test_verdicts);
  g_test_add_func ("/sparrow/cli/json/verdict-escapes", test_verdict_escapes);

  return g_test_run ();
}
