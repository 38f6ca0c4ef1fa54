/* sp-test-referee.h: scoring a hand from its notation and SITUATION options, and checking the
 * public test data (the JSON Lines files of tests/data/) line by line.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>
#include <string.h>

#include "sp-core.h"

/* A new SpRules of @ruleset's @profile (NULL: its default) with the comma-separated KEY=VALUE
 * @options (NULL: none) set. */
static inline SpRules *
sp_test_rules_of_profile (SpRuleset   ruleset,
                          const char *profile,
                          const char *options)
{
  g_autoptr(GError) error = NULL;
  SpRules *rules = sp_rules_new (ruleset, profile, &error);

  g_assert_no_error (error);
  if (options != NULL)
    {
      g_auto(GStrv) list = g_strsplit (options, ",", -1);

      for (guint i = 0; list[i] != NULL; i++)
        {
          g_auto(GStrv) pair = g_strsplit (list[i], "=", 2);

          g_assert_true (sp_rules_set_option (rules, pair[0], pair[1], &error));
          g_assert_no_error (error);
        }
    }
  return rules;
}

/* sp_test_rules_of_profile () with the ruleset's default profile. */
static inline SpRules *
sp_test_rules (SpRuleset   ruleset,
               const char *options)
{
  return sp_test_rules_of_profile (ruleset, NULL, options);
}

/* Every option of @rules reads back as its listed default and has a description; returns
 * the list and its length @n. */
static inline const SpRuleOption *
sp_test_check_option_defaults (const SpRules *rules,
                               guint         *n)
{
  const SpRuleOption *options = sp_rules_list_options (rules, n);

  for (guint i = 0; i < *n; i++)
    {
      g_autofree char *value = sp_rules_get_option (rules, options[i].key);

      g_assert_cmpstr (value, ==, options[i].default_value);
      g_assert_nonnull (options[i].description);
    }
  return options;
}

/* Sets @key to @value, which then reads back as @reads. */
static inline void
sp_test_set_option (SpRules    *rules,
                    const char *key,
                    const char *value,
                    const char *reads)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *read = NULL;

  g_assert_true (sp_rules_set_option (rules, key, value, &error));
  g_assert_no_error (error);
  read = sp_rules_get_option (rules, key);
  g_assert_cmpstr (read, ==, reads);
}

/* Setting @key to @value is refused as invalid, the message naming @key. */
static inline void
sp_test_refuse_option (SpRules    *rules,
                       const char *key,
                       const char *value)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (sp_rules_set_option (rules, key, value, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, key));
}

/* Scores @hand_text ("-" for a flower win) with the NULL-terminated SITUATION @args. */
static inline void
sp_test_score_args (const SpRules      *rules,
                    const char         *hand_text,
                    const char * const *args,
                    SpScoreResult      *result)
{
  g_autoptr(GError) error = NULL;
  SpSituation situation;
  SpHand hand;

  sp_situation_init (&situation);
  g_assert_true (sp_situation_parse_args (&situation, args, g_strv_length ((char **) args),
                                          &error));
  g_assert_no_error (error);
  if (strcmp (hand_text, "-") == 0)
    {
      memset (&hand, 0, sizeof hand);
      situation.flower_win = TRUE;
    }
  else
    {
      g_assert_true (sp_hand_parse_for (sp_rules_get_ruleset (rules), hand_text, &hand, NULL,
                                        &error));
      g_assert_no_error (error);
    }
  sp_rules_score (rules, &hand, &situation, result);
}

/* Scores @hand_text with the SITUATION options written as one string ("--self-drawn ..."). */
static inline void
sp_test_score (const SpRules *rules,
               const char    *hand_text,
               const char    *flags,
               SpScoreResult *result)
{
  g_auto(GStrv) args = g_strsplit (flags, " ", -1);
  guint k = 0;

  /* Drop the empty words of "" or double spaces. */
  for (guint i = 0; args[i] != NULL; i++)
    {
      if (args[i][0] != '\0')
        args[k++] = args[i];
      else
        g_free (args[i]);
    }
  args[k] = NULL;
  sp_test_score_args (rules, hand_text, (const char * const *) args, result);
}

/* Scores one line of a referee's item table (@hand with @flags under the @options of
 * sp_test_rules()) into @result, and fails unless it is a win where @item is worth @value. */
static inline void
sp_test_check_item (SpRuleset      ruleset,
                    const char    *options,
                    const char    *hand,
                    const char    *flags,
                    const char    *item,
                    gint32         value,
                    SpScoreResult *result)
{
  g_autoptr(SpRules) rules = sp_test_rules (ruleset, options);

  sp_test_score (rules, hand, flags, result);
  g_test_message ("%s %s [%s]: %s %d", hand, flags, options ? options : "", item, value);
  if (!result->win)
    g_error ("%s %s: not a win: %s", hand, flags, result->message);
  if (sp_score_result_item (result, item) != value)
    g_error ("%s %s [%s]: %s is %d, expected %d", hand, flags, options ? options : "", item,
             sp_score_result_item (result, item), value);
}

/* A hand a referee refuses: its SITUATION, the error and a word the message must hold. */
typedef struct
{
  const char  *hand;
  const char  *flags;
  SpCoreError  code;
  const char  *says;
} SpTestRefusal;

/* Scores each of the @n @refusals and checks its error and message. */
static inline void
sp_test_check_refusals (const SpRules       *rules,
                        const SpTestRefusal *refusals,
                        guint                n)
{
  for (guint i = 0; i < n; i++)
    {
      SpScoreResult result;

      sp_test_score (rules, refusals[i].hand, refusals[i].flags, &result);
      g_test_message ("%s %s: %s", refusals[i].hand, refusals[i].flags, result.message);
      g_assert_false (result.win);
      g_assert_cmpint (result.error_code, ==, refusals[i].code);
      g_assert_nonnull (strstr (result.message, refusals[i].says));
    }
}

static inline const char *
sp_test_seat_name (guint seat)
{
  static const char *names[] = { "E", "S", "W", "N" };

  return names[seat];
}

/* The member @name of @object as a number, 0 when it is absent. */
static inline gint64
sp_test_member_int (JsonObject *object,
                    const char *name)
{
  return json_object_has_member (object, name) ? json_object_get_int_member (object, name) : 0;
}

/* Compares a Riichi verdict (han, fu, yakuman, limit, yaku, dora, cost, total: rules/riichi.md
 * §11) with a line's "expect"; appends the differences to @why. */
static inline void
sp_test_matches_han_fu (const SpScoreResult *result,
                        JsonObject          *expect,
                        GString             *why)
{
  JsonObject *yaku = json_object_get_object_member (expect, "yaku");
  JsonObject *dora = json_object_has_member (expect, "dora")
                     ? json_object_get_object_member (expect, "dora") : NULL;
  JsonObject *cost = json_object_get_object_member (expect, "cost");
  g_autoptr(GList) names = json_object_get_members (yaku);
  char limit[24];
  static const char *dora_keys[] = { "dora", "ura", "aka" };
  gint64 dora_got[3] = { result->dora, result->ura, result->aka };
  static const char *cost_keys[] = { "discarder", "dealer", "non_dealer" };
  gint64 cost_got[3] = { result->cost_discarder, result->cost_dealer, result->cost_non_dealer };

  if (!result->has_han_fu)
    g_string_append (why, " no han and fu;");
  if (result->han != sp_test_member_int (expect, "han") && result->yakuman == 0)
    g_string_append_printf (why, " han %d, expected %" G_GINT64_FORMAT ";", result->han,
                            sp_test_member_int (expect, "han"));
  if (result->fu != sp_test_member_int (expect, "fu") && result->yakuman == 0)
    g_string_append_printf (why, " fu %d, expected %" G_GINT64_FORMAT ";", result->fu,
                            sp_test_member_int (expect, "fu"));
  if (result->yakuman != sp_test_member_int (expect, "yakuman"))
    g_string_append_printf (why, " yakuman %d, expected %" G_GINT64_FORMAT ";", result->yakuman,
                            sp_test_member_int (expect, "yakuman"));
  sp_limit_to_string ((SpLimit) result->limit, result->yakuman, limit);
  if (g_strcmp0 (limit, json_object_get_string_member (expect, "limit")) != 0)
    g_string_append_printf (why, " limit '%s', expected '%s';", limit,
                            json_object_get_string_member (expect, "limit"));
  for (guint i = 0; i < result->n_items; i++)
    if (!json_object_has_member (yaku, result->items[i].name)
        || json_object_get_int_member (yaku, result->items[i].name)
           != result->items[i].value * (gint64) result->items[i].count)
      g_string_append_printf (why, " %s %d not expected;", result->items[i].name,
                              result->items[i].value);
  for (GList *l = names; l != NULL; l = l->next)
    if (sp_score_result_item (result, l->data) == 0)
      g_string_append_printf (why, " %s missing;", (const char *) l->data);
  for (guint i = 0; i < 3; i++)
    {
      gint64 want = dora != NULL ? sp_test_member_int (dora, dora_keys[i]) : 0;

      if ((dora != NULL || result->yakuman == 0) && dora_got[i] != want)
        g_string_append_printf (why, " %s %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT ";",
                                dora_keys[i], dora_got[i], want);
      if (sp_test_member_int (cost, cost_keys[i]) != cost_got[i])
        g_string_append_printf (why, " cost %s %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT
                                ";", cost_keys[i], cost_got[i],
                                sp_test_member_int (cost, cost_keys[i]));
    }
}

/* Compares one verdict with a line's "expect"; appends the differences to @why. */
static inline gboolean
sp_test_matches_expect (const SpScoreResult *result,
                        JsonObject          *expect,
                        GString             *why)
{
  gboolean win = json_object_get_boolean_member (expect, "win");
  gsize start = why->len;

  if (result->win != win)
    {
      g_string_append_printf (why, " win %d, expected %d (%s: %s);", result->win, win,
                              sp_core_error_code_name (result->error_code), result->message);
      return FALSE;
    }
  if (!win)
    {
      const char *code = json_object_get_string_member (expect, "error");

      if (strcmp (code, sp_core_error_code_name (result->error_code)) != 0)
        g_string_append_printf (why, " error %s (%s), expected %s;",
                                sp_core_error_code_name (result->error_code), result->message,
                                code);
      else if (json_object_has_member (expect, "ready")
               && (result->ready != json_object_get_boolean_member (expect, "ready")
                   || (!result->ready
                       && result->shanten != json_object_get_int_member (expect, "shanten"))))
        g_string_append_printf (why, " ready %d shanten %d, expected ready %d shanten %"
                                G_GINT64_FORMAT ";", result->ready, result->shanten,
                                json_object_get_boolean_member (expect, "ready"),
                                sp_test_member_int (expect, "shanten"));
      return why->len == start;
    }

  if (result->total != json_object_get_int_member (expect, "total"))
    g_string_append_printf (why, " total %d, expected %" G_GINT64_FORMAT ";", result->total,
                            json_object_get_int_member (expect, "total"));
  if (json_object_has_member (expect, "yaku"))
    {
      sp_test_matches_han_fu (result, expect, why);
      return why->len == start;
    }
  {
    JsonObject *fan = json_object_get_object_member (expect, "fan");
    guint n_listed = 0;

    /* Items worth 0 are left out of the data. */
    for (guint i = 0; i < result->n_items; i++)
      {
        gint64 points = (gint64) result->items[i].value * result->items[i].count;

        if (points == 0)
          continue;
        n_listed++;
        if (!json_object_has_member (fan, result->items[i].name)
            || json_object_get_int_member (fan, result->items[i].name) != points)
          g_string_append_printf (why, " %s %" G_GINT64_FORMAT " not expected;",
                                  result->items[i].name, points);
      }
    if (n_listed != json_object_get_size (fan))
      {
        g_autoptr(GList) names = json_object_get_members (fan);

        for (GList *l = names; l != NULL; l = l->next)
          if (sp_score_result_item (result, l->data) == 0)
            g_string_append_printf (why, " %s missing;", (const char *) l->data);
      }
  }
  if (json_object_has_member (expect, "points")
      && result->points != json_object_get_int_member (expect, "points"))
    g_string_append_printf (why, " points %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT ";",
                            result->points, json_object_get_int_member (expect, "points"));
  if (json_object_has_member (expect, "settlement"))
    {
      JsonObject *settlement = json_object_get_object_member (expect, "settlement");

      if (!result->has_settlement)
        g_string_append (why, " no settlement;");
      else
        for (guint s = 0; s < 4; s++)
          if (result->settlement[s]
              != json_object_get_int_member (settlement, sp_test_seat_name (s)))
            g_string_append_printf (why, " settlement %s %" G_GINT64_FORMAT ", expected %"
                                    G_GINT64_FORMAT ";", sp_test_seat_name (s),
                                    result->settlement[s],
                                    json_object_get_int_member (settlement,
                                                                sp_test_seat_name (s)));
    }
  return why->len == start;
}

/* Scores every line of the test file tests/data/@name with @ruleset's default profile, or the
 * line's "profile" and the --option KEY=VALUE of its flags; prints every mismatch with its
 * hand, then fails if there was one. */
static inline void
sp_test_check_dev_data (SpRuleset   ruleset,
                        const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, &error);
  guint n_cases = 0, n_bad = 0;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GString) why = g_string_new (NULL);
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autoptr(SpRules) own = NULL;
      JsonObject *line;
      JsonArray *flags;
      SpScoreResult result;

      if (g_strstrip (lines[i])[0] == '\0')
        continue;
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, &error));
      g_assert_no_error (error);
      line = json_node_get_object (json_parser_get_root (parser));
      flags = json_object_get_array_member (line, "flags");
      if (json_object_has_member (line, "profile"))
        {
          own = sp_rules_new (ruleset, json_object_get_string_member (line, "profile"), &error);
          g_assert_no_error (error);
        }
      for (guint f = 0; f < json_array_get_length (flags); f++)
        {
          const char *flag = json_array_get_string_element (flags, f);

          if (strcmp (flag, "--option") == 0 && f + 1 < json_array_get_length (flags))
            {
              g_auto(GStrv) pair = g_strsplit (json_array_get_string_element (flags, ++f), "=", 2);

              if (own == NULL)
                own = sp_rules_copy (rules);
              g_assert_true (sp_rules_set_option (own, pair[0], pair[1], &error));
              g_assert_no_error (error);
              continue;
            }
          g_ptr_array_add (args, (gpointer) flag);
        }
      g_ptr_array_add (args, NULL);

      sp_test_score_args (own != NULL ? own : rules, json_object_get_string_member (line, "hand"),
                          (const char * const *) args->pdata, &result);
      n_cases++;
      if (!sp_test_matches_expect (&result, json_object_get_object_member (line, "expect"), why))
        {
          n_bad++;
          g_printerr ("%s %s:%s\n", json_object_get_string_member (line, "id"),
                      json_object_get_string_member (line, "hand"), why->str);
        }
    }
  g_test_message ("%s: %u of %u hands agree", name, n_cases - n_bad, n_cases);
  g_assert_cmpuint (n_cases, >, 0);
  g_assert_cmpuint (n_bad, ==, 0);
}

/* The sum of a settlement or penalty (zero when nothing is created or lost). */
static inline gint64
sp_test_sum (const gint64 lines[4])
{
  return lines[0] + lines[1] + lines[2] + lines[3];
}
