/* sp-cli-score.c: `sparrow-cli score`, a referee's verdict on a declared win, one hand or a batch.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "sp-cli.h"
#include "sp-cli-situation.h"
#include "sp-core.h"

static void
print_result_text (const SpRules       *rules,
                   const SpScoreResult *result)
{
  gboolean listed = result->win || result->error_code == SP_CORE_ERROR_BELOW_MINIMUM;

  if (result->win)
    printf (_("win: %d (%s, profile %s)\n"), result->total,
            sp_ruleset_to_string (sp_rules_get_ruleset (rules)), sp_rules_get_profile (rules));
  if (listed)
    {
      for (guint i = 0; i < result->n_items; i++)
        {
          if (result->items[i].count > 1)
            printf ("  %s %d ×%u\n", result->items[i].name, result->items[i].value,
                    result->items[i].count);
          else
            printf ("  %s %d\n", result->items[i].name, result->items[i].value);
        }
      if (!result->win)
        printf (_("  total %d\n"), result->total);
      if (result->points > 0)
        printf ("%s %" G_GINT64_FORMAT "\n", _("points:"), result->points);
    }
  if (result->has_settlement)
    printf ("settlement: E %+" G_GINT64_FORMAT "  S %+" G_GINT64_FORMAT "  W %+" G_GINT64_FORMAT
            "  N %+" G_GINT64_FORMAT "\n",
            result->settlement[0], result->settlement[1], result->settlement[2],
            result->settlement[3]);
  if (result->has_penalty)
    printf ("penalty (%s): E %+" G_GINT64_FORMAT "  S %+" G_GINT64_FORMAT "  W %+" G_GINT64_FORMAT
            "  N %+" G_GINT64_FORMAT "\n",
            result->penalty_reason, result->penalty[0], result->penalty[1], result->penalty[2],
            result->penalty[3]);
}

/* Parses the hand (or "-", a flower win) and scores it; syntax errors are verdicts too. */
static void
score_text (const SpRules     *rules,
            const char        *text,
            SpSituation       *situation,
            SpScoreResult     *result)
{
  g_autoptr(GError) error = NULL;
  SpHand hand;

  if (g_strcmp0 (g_strstrip ((char *) text), "-") == 0)
    {
      memset (&hand, 0, sizeof hand);
      situation->flower_win = TRUE;
    }
  else if (!sp_hand_parse (text, &hand, &error))
    {
      sp_score_result_init (result, sp_rules_get_ruleset (rules));
      sp_score_result_refuse (result, (SpCoreError) error->code, "%s", error->message);
      return;
    }
  sp_rules_score (rules, &hand, situation, result);
}

static int
list_options (const SpRules *rules,
              gboolean       json)
{
  guint n = 0;
  const SpRuleOption *options = sp_rules_list_options (rules, &n);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "rules");
      json_builder_add_string_value (builder, sp_ruleset_to_string (sp_rules_get_ruleset (rules)));
      json_builder_set_member_name (builder, "profile");
      json_builder_add_string_value (builder, sp_rules_get_profile (rules));
      json_builder_set_member_name (builder, "options");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *value = sp_rules_get_option (rules, options[i].key);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "key");
          json_builder_add_string_value (builder, options[i].key);
          json_builder_set_member_name (builder, "value");
          json_builder_add_string_value (builder, value != NULL ? value : options[i].default_value);
          json_builder_set_member_name (builder, "values");
          json_builder_add_string_value (builder, options[i].values);
          json_builder_set_member_name (builder, "description");
          json_builder_add_string_value (builder, options[i].description);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      sp_cli_print_json (root);
      return SP_CLI_OK;
    }

  printf (_("%s, profile %s:\n"), sp_ruleset_to_string (sp_rules_get_ruleset (rules)),
          sp_rules_get_profile (rules));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *value = sp_rules_get_option (rules, options[i].key);

      printf ("  %s=%s  (%s)\n      %s\n", options[i].key,
              value != NULL ? value : options[i].default_value, options[i].values,
              options[i].description);
    }
  return SP_CLI_OK;
}

/* One batch line: "HAND [SITUATION]"; the hand is every word before the first option. */
static void
score_line (SpCli         *cli,
            const SpRules *rules,
            const char    *line,
            guint          number,
            SpScoreResult *result_out)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GString) hand = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  SpSituation situation;
  SpScoreResult result;
  guint i = 0;
  guint n_words;

  words = g_strsplit_set (line, " \t", -1);
  n_words = g_strv_length (words);
  /* Drop the empty words between repeated spaces. */
  {
    guint k = 0;

    for (guint j = 0; j < n_words; j++)
      {
        if (words[j][0] != '\0')
          words[k++] = words[j];
        else
          g_free (words[j]);
      }
    words[k] = NULL;
    n_words = k;
  }
  for (; i < n_words && !g_str_has_prefix (words[i], "--"); i++)
    g_string_append (hand, words[i]);

  sp_situation_init (&situation);
  if (!sp_situation_parse_args (&situation, (const char * const *) words + i, n_words - i, &error))
    {
      sp_score_result_init (&result, sp_rules_get_ruleset (rules));
      sp_score_result_refuse (&result, SP_CORE_ERROR_BAD_SITUATION, _("line %u: %s"), number,
                              error->message);
    }
  else if (hand->len == 0)
    {
      sp_score_result_init (&result, sp_rules_get_ruleset (rules));
      sp_score_result_refuse (&result, SP_CORE_ERROR_SYNTAX, _("line %u: no hand"), number);
    }
  else
    score_text (rules, hand->str, &situation, &result);

  *result_out = result;
}

static int
run_batch (SpCli         *cli,
           const SpRules *rules,
           const char    *path)
{
  FILE *in = strcmp (path, "-") == 0 ? stdin : fopen (path, "r");
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  guint number = 0;
  g_autoptr(GString) out = g_string_sized_new (1024);

  if (in == NULL)
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s: %s", path, g_strerror (errno));

  while ((length = getline (&line, &capacity, in)) >= 0)
    {
      SpScoreResult result;

      number++;
      while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r'))
        line[--length] = '\0';
      if (length == 0 || line[0] == '#')
        continue;
      if (!g_utf8_validate (line, length, NULL))
        {
          sp_score_result_init (&result, sp_rules_get_ruleset (rules));
          sp_score_result_refuse (&result, SP_CORE_ERROR_SYNTAX, _("line %u: not UTF-8 text"),
                                  number);
        }
      else
        score_line (cli, rules, line, number, &result);
      g_string_truncate (out, 0);
      sp_cli_json_verdict (out, rules, &result);
      g_string_append_c (out, '\n');
      fwrite (out->str, 1, out->len, stdout);
    }
  free (line);
  if (in != stdin)
    fclose (in);
  return SP_CLI_OK;
}

/* The options of score besides SITUATION. */
typedef struct
{
  char     *rules;
  char     *profile;
  GStrv     options;
  char     *batch;
  gboolean  list;
} ScoreArgs;

static void
score_args_clear (ScoreArgs *args)
{
  g_free (args->rules);
  g_free (args->profile);
  g_strfreev (args->options);
  g_free (args->batch);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ScoreArgs, score_args_clear)

int
sp_cli_score (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_auto(ScoreArgs) args = { 0 };
  const GOptionEntry entries[] = {
    { "rules", 0, 0, G_OPTION_ARG_STRING, &args.rules, N_("mcr, taiwan or guangdong"), N_("R") },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &args.profile,
      N_("The ruleset's profile (mcr: cn r98 gb2006; taiwan: tw; guangdong: gd)"), N_("NAME") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args.options,
      N_("Change one option of the profile (see --list-options); repeatable"), N_("KEY=VALUE") },
    { "batch", 0, 0, G_OPTION_ARG_FILENAME, &args.batch,
      N_("Score every line of FILE (- for standard input), one \"HAND [SITUATION]\" per line, "
         "answering in JSON Lines"), N_("FILE|-") },
    { "list-options", 0, 0, G_OPTION_ARG_NONE, &args.list,
      N_("List the profile's options with their values"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("HAND"));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = NULL;
  const char *hand_text;
  SpSituation situation;
  SpRuleset ruleset;
  SpScoreResult result;
  int status;

  sp_situation_init (&situation);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  sp_cli_add_json_option (cli, context);
  g_option_context_add_group (context, sp_cli_situation_group_new (&situation));
  g_option_context_set_summary (
    context,
    _("Scores a declared win: the fan/台/番 items, the total and the settlement, or why it is\n"
      "not a win (syntax, too-many-copies, wrong-tile-count, bad-situation, not-a-win,\n"
      "below-minimum).  The last tile of HAND is the winning tile.\n"
      "\n"
      "  sparrow-cli score --rules R [--profile NAME] [--option KEY=VALUE]… [--json] [SITUATION] "
      "HAND\n"
      "  sparrow-cli score --rules R [--profile NAME] [--option KEY=VALUE]… --batch FILE|-\n"
      "  sparrow-cli score --rules R [--profile NAME] --list-options"));
  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (argc > 2)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("one HAND only: '%s' and '%s' (a hand may not contain spaces here; "
                          "quote it)"), argv[1], argv[2]);
  hand_text = argc == 2 ? argv[1] : NULL;

  if (!sp_cli_parse_ruleset (cli, args.rules, &ruleset, &status))
    return status;
  rules = sp_rules_new (ruleset, args.profile, &error);
  if (rules == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "%s", error->message);
  for (guint i = 0; args.options != NULL && args.options[i] != NULL; i++)
    {
      const char *option = args.options[i];
      const char *eq = strchr (option, '=');
      g_autofree char *key = NULL;

      if (eq == NULL)
        return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--option %s: KEY=VALUE expected"),
                            option);
      key = g_strndup (option, (gsize) (eq - option));
      if (!sp_rules_set_option (rules, key, eq + 1, &error))
        return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--option %s: %s", option, error->message);
    }

  if (args.list)
    return list_options (rules, cli->json);
  if (args.batch != NULL)
    {
      if (hand_text != NULL)
        return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--batch takes no HAND"));
      cli->json = TRUE;
      return run_batch (cli, rules, args.batch);
    }
  if (hand_text == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("score needs a HAND (see --help)"));

  score_text (rules, hand_text, &situation, &result);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      sp_cli_build_verdict (builder, rules, &result);
      sp_cli_print_builder (builder);
    }
  else if (result.win)
    print_result_text (rules, &result);
  else
    {
      print_result_text (rules, &result);
      fprintf (stderr, "sparrow-cli: %s: %s\n", sp_core_error_code_name (result.error_code),
               result.message);
    }
  return result.win ? SP_CLI_OK : SP_CLI_REFUSED;
}
