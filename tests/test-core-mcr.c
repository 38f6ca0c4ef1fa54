/* test-core-mcr.c: the MCR referee against the reference data, the fan table, the profiles,
 * the false-win verdicts with their penalties, and the settlement.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include <json-glib/json-glib.h>

#include "sp-core.h"

/* Scores @text with the situation options @args under @profile (NULL: cn) and the
 * --option KEY=VALUE pairs @options (NULL-terminated, may be NULL). */
static void
score_hand (const char          *text,
            const char * const  *args,
            const char          *profile,
            const char * const  *options,
            SpScoreResult       *result)
{
  g_autoptr(SpRules) rules = NULL;
  g_autoptr(GError) error = NULL;
  SpSituation situation;
  SpHand hand;
  guint n_args = args != NULL ? g_strv_length ((char **) args) : 0;

  rules = sp_rules_new (SP_RULESET_MCR, profile, &error);
  g_assert_no_error (error);
  for (guint i = 0; options != NULL && options[i] != NULL; i += 2)
    {
      g_assert_true (sp_rules_set_option (rules, options[i], options[i + 1], &error));
      g_assert_no_error (error);
    }
  sp_situation_init (&situation);
  g_assert_true (sp_situation_parse_args (&situation, args, n_args, &error));
  g_assert_no_error (error);
  g_assert_true (sp_hand_parse (text, &hand, &error));
  g_assert_no_error (error);
  sp_rules_score (rules, &hand, &situation, result);
}

static char *
describe (const SpScoreResult *result)
{
  GString *s = g_string_new (NULL);

  if (result->win)
    g_string_append (s, "win");
  else
    g_string_append_printf (s, "%s (%s)", sp_core_error_code_name (result->error_code),
                            result->message);
  g_string_append_printf (s, " total %d:", result->total);
  for (guint i = 0; i < result->n_items; i++)
    g_string_append_printf (s, " %s %d×%u", result->items[i].name, result->items[i].value,
                            result->items[i].count);
  return g_string_free (s, FALSE);
}

/* ---- mcr-dev.jsonl ---------------------------------------------------------------------- */

static char *
check_line (JsonObject *line)
{
  JsonObject *expect = json_object_get_object_member (line, "expect");
  JsonArray *flags = json_object_get_array_member (line, "flags");
  const char *text = json_object_get_string_member (line, "hand");
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, "cn", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  SpSituation situation;
  SpScoreResult result;
  SpHand hand;
  gboolean ok = TRUE;

  for (guint i = 0; i < json_array_get_length (flags); i++)
    g_ptr_array_add (args, (gpointer) json_array_get_string_element (flags, i));
  sp_situation_init (&situation);
  if (!sp_situation_parse_args (&situation, (const char * const *) args->pdata, args->len,
                                &error))
    return g_strdup_printf ("flags: %s", error->message);
  if (!sp_hand_parse (text, &hand, &error))
    return g_strdup_printf ("hand: %s", error->message);
  sp_rules_score (rules, &hand, &situation, &result);
  got = describe (&result);

  if (json_object_get_boolean_member_with_default (expect, "below_minimum", FALSE))
    {
      ok = !result.win && result.error_code == SP_CORE_ERROR_BELOW_MINIMUM
           && result.total == json_object_get_int_member (expect, "total");
    }
  else if (json_object_get_boolean_member (expect, "win"))
    {
      JsonObject *fan = json_object_get_object_member (expect, "fan");
      g_autoptr(GList) names = json_object_get_members (fan);
      gint32 sum = 0;

      ok = result.win && result.total == json_object_get_int_member (expect, "total");
      for (GList *l = names; l != NULL && ok; l = l->next)
        ok = sp_score_result_item (&result, l->data) == json_object_get_int_member (fan, l->data);
      for (guint i = 0; i < result.n_items; i++)
        sum += result.items[i].value * (gint32) result.items[i].count;
      ok = ok && sum == result.total && result.n_items == g_list_length (names);
    }
  else
    {
      const char *code = json_object_get_string_member (expect, "error");

      ok = !result.win && g_strcmp0 (sp_core_error_code_name (result.error_code), code) == 0;
      if (ok && strcmp (code, "not-a-win") == 0)
        {
          gboolean ready = json_object_get_boolean_member (expect, "ready");

          ok = result.ready == ready;
          if (ok && !ready)
            ok = result.shanten == json_object_get_int_member (expect, "shanten");
        }
    }
  if (ok)
    return NULL;
  {
    JsonNode *node = json_node_new (JSON_NODE_OBJECT);
    g_autofree char *want = NULL;

    json_node_set_object (node, expect);
    want = json_to_string (node, FALSE);
    json_node_unref (node);
    return g_strdup_printf ("%s %s: want %s, got %s",
                            json_object_get_string_member (line, "id"), text, want, got);
  }
}

static void
test_dev_data (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("SPARROW_SHARED_DIR"), "tests",
                                            "mcr-dev.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0, bad = 0;

  g_assert_nonnull (g_getenv ("SPARROW_SHARED_DIR"));
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *mismatch = NULL;

      if (lines[i][0] == '\0')
        continue;
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, &error));
      g_assert_no_error (error);
      mismatch = check_line (json_node_get_object (json_parser_get_root (parser)));
      n++;
      if (mismatch != NULL)
        {
          g_test_message ("line %u: %s", i + 1, mismatch);
          g_printerr ("mcr-dev.jsonl line %u: %s\n", i + 1, mismatch);
          bad++;
        }
    }
  g_assert_cmpuint (n, ==, 600);
  g_assert_cmpuint (bad, ==, 0);
}

/* ---- Helpers for the tables ----------------------------------------------------------------- */

typedef struct
{
  const char *name;
  gint32      points; /* value × count */
} Fan;

/* The result has exactly these fans (a zero-terminated list) and this total. */
static void
assert_fans (const char          *what,
             const SpScoreResult *result,
             gint32               total,
             const Fan           *fans)
{
  g_autofree char *got = describe (result);
  guint n = 0;

  g_test_message ("%s: %s", what, got);
  for (; fans[n].name != NULL; n++)
    {
      if (sp_score_result_item (result, fans[n].name) != fans[n].points)
        g_error ("%s: %s should be %d; got %s", what, fans[n].name, fans[n].points, got);
    }
  if (result->n_items != n || result->total != total)
    g_error ("%s: want %u items totalling %d; got %s", what, n, total, got);
}

/* ---- §8 worked examples ----------------------------------------------------------------------- */

static void
test_worked_examples (void)
{
  static const struct
  {
    const char *hand;
    const char *args[2];
    gint32      total;
    Fan         fans[8];
  } cases[] = {
    { "[EEE][WWW]SSSNNCCN", { NULL }, 152, { { "大四喜", 88 }, { "字一色", 64 } } },
    { "[CCC][PPP]EEWWFFFE", { NULL }, 156,
      { { "大三元", 88 }, { "字一色", 64 }, { "圈风刻", 2 }, { "门风刻", 2 } } },
    { "1112345678999p9p", { "--self-drawn" }, 107,
      { { "九莲宝灯", 88 }, { "清龙", 16 }, { "四归一", 2 }, { "自摸", 1 } } },
    { "19m19s19pESWNCFPN", { NULL }, 88, { { "十三幺", 88 } } },
    { "33m22s77pEENCCPPN", { "--self-drawn" }, 31,
      { { "七对", 24 }, { "五门齐", 6 }, { "自摸", 1 } } },
    { "999m11s99pEEECCC1s", { NULL }, 62,
      { { "混幺九", 32 }, { "三暗刻", 16 }, { "五门齐", 6 }, { "箭刻", 2 }, { "圈风刻", 2 },
        { "门风刻", 2 }, { "门前清", 2 } } },
    { "[123p][444s][789m]34pCC2p", { NULL }, 8, { { "无番和", 8 } } },
    { "[2222m,1][456p][678p][888s]6m6m", { NULL }, 9,
      { { "全求人", 6 }, { "断幺", 2 }, { "明杠", 1 } } },
    { "234m4468s345678p7s", { "--self-drawn" }, 11,
      { { "不求人", 4 }, { "平和", 2 }, { "断幺", 2 }, { "喜相逢", 1 }, { "连六", 1 },
        { "坎张", 1 } } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpScoreResult result;

      score_hand (cases[i].hand, cases[i].args, NULL, NULL, &result);
      g_assert_true (result.win);
      assert_fans (cases[i].hand, &result, cases[i].total, cases[i].fans);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/mcr/dev-data", test_dev_data);
  g_test_add_func ("/sparrow/core/mcr/worked-examples", test_worked_examples);
  return g_test_run ();
}
