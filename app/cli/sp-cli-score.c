/* sp-cli-score.c: `sparrow-cli score`, a referee's verdict on a declared win, one hand or a batch;
 * `waits` and `check`, the hand analysis without scoring.  None needs a database.
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
  if (result->win)
    printf (_("win: %d (%s, profile %s)\n"), result->total,
            sp_ruleset_to_string (sp_rules_get_ruleset (rules)), sp_rules_get_profile (rules));
  if (result->win && result->has_han_fu)
    {
      char limit[24];

      sp_limit_to_string ((SpLimit) result->limit, result->yakuman, limit);
      if (result->yakuman > 0)
        printf ("  %s\n", limit);
      else
        printf (_("  %d han %d fu%s%s (dora %d, ura %d, red fives %d)\n"), result->han,
                result->fu, limit[0] != '\0' ? ", " : "", limit, result->dora, result->ura,
                result->aka);
    }
  if (result->win || result->error_code == SP_CORE_ERROR_BELOW_MINIMUM)
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

static int
list_options (const SpRules *rules,
              gboolean       json)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const char *ruleset = sp_ruleset_to_string (sp_rules_get_ruleset (rules));
  guint n = 0;
  const SpRuleOption *options = sp_rules_list_options (rules, &n);

  json_builder_begin_object (builder);
  sp_cli_builder_string (builder, "rules", ruleset);
  sp_cli_builder_string (builder, "profile", sp_rules_get_profile (rules));
  json_builder_set_member_name (builder, "options");
  json_builder_begin_array (builder);
  if (!json)
    printf (_("%s, profile %s:\n"), ruleset, sp_rules_get_profile (rules));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *set = sp_rules_get_option (rules, options[i].key);
      const char *value = set != NULL ? set : options[i].default_value;

      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "key", options[i].key);
      sp_cli_builder_string (builder, "value", value);
      sp_cli_builder_string (builder, "values", options[i].values);
      sp_cli_builder_string (builder, "description", options[i].description);
      json_builder_end_object (builder);
      if (!json)
        printf ("  %s=%s  (%s)\n      %s\n", options[i].key, value, options[i].values,
                options[i].description);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (json)
    sp_cli_print_builder (builder);
  return SP_CLI_OK;
}

static int
run_batch (SpCli         *cli,
           const SpRules *rules,
           const char    *path)
{
  FILE *in = strcmp (path, "-") == 0 ? stdin : fopen (path, "r");
  g_autoptr(GString) out = g_string_sized_new (1024);
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  guint number = 0;

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
      sp_rules_score_line (rules, line, length, number, &result);
      /* The fast writer: a verdict through JsonBuilder would cost more than its scoring. */
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

int
sp_cli_score (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autofree char *rules_name = NULL, *profile = NULL, *batch = NULL;
  g_auto(GStrv) options = NULL;
  gboolean list = FALSE;
  /* TRANSLATORS: %s lists each ruleset's profiles, "mcr: cn r98 gb2006; taiwan: tw; …" */
  g_autofree char *profiles = g_strdup_printf (_("The ruleset's profile (%s)"),
                                               sp_ruleset_profile_names ());
  const GOptionEntry entries[] = {
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_name, sp_ruleset_names (),
      N_("R") },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &profile, profiles, N_("NAME") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options,
      N_("Change one option of the profile (see --list-options); repeatable"), N_("KEY=VALUE") },
    { "batch", 0, 0, G_OPTION_ARG_FILENAME, &batch,
      N_("Score every line of FILE (- for standard input), one \"HAND [SITUATION]\" per line, "
         "answering in JSON Lines"), N_("FILE|-") },
    { "list-options", 0, 0, G_OPTION_ARG_NONE, &list,
      N_("List the profile's options with their values"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, _("HAND"), entries,
                        _("Scores a declared win: the fan/台/番 items, the total and the "
                          "settlement, or why it is\nnot a win (syntax, too-many-copies, "
                          "wrong-tile-count, bad-situation, not-a-win,\nbelow-minimum).  The last "
                          "tile of HAND is the winning tile."));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = NULL;
  SpSituation situation;
  SpRuleset ruleset;
  SpScoreResult result;
  int status;

  sp_situation_init (&situation);
  g_option_context_add_group (context, sp_cli_situation_group_new (&situation));
  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (argc > 2)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("one HAND only: '%s' and '%s' (a hand may not contain spaces here; "
                          "quote it)"), argv[1], argv[2]);
  if (!sp_cli_parse_ruleset (cli, rules_name, &ruleset, &status))
    return status;
  rules = sp_rules_new (ruleset, profile, &error);
  if (rules == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "%s", error->message);
  if (!sp_cli_apply_options (cli, rules, (const char * const *) options, NULL, &status))
    return status;
  if (list)
    return list_options (rules, cli->json);
  if (batch != NULL && argc == 2)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--batch takes no HAND"));
  if (batch != NULL)
    {
      cli->json = TRUE;
      return run_batch (cli, rules, batch);
    }
  if (argc != 2)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("score needs a HAND (see --help)"));

  sp_rules_score_text (rules, argv[1], &situation, &result);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      sp_cli_build_verdict (builder, rules, &result);
      sp_cli_print_builder (builder);
    }
  else
    {
      print_result_text (rules, &result);
      if (!result.win)
        fprintf (stderr, "sparrow-cli: %s: %s\n", sp_core_error_code_name (result.error_code),
                 result.message);
    }
  return result.win ? SP_CLI_OK : SP_CLI_REFUSED;
}

/* ---- waits and check ---------------------------------------------------------------------- */

/* What waits and check share: --rules R, --json and one HAND.  FALSE after a usage error (or
 * --help), with *@status set.  A hand that does not parse or validate (a ready hand for waits,
 * @complete for check) is a refusal, left in *@error. */
static gboolean
parse_hand_command (SpCli       *cli,
                    const char  *summary,
                    gboolean     complete,
                    int          argc,
                    char       **argv,
                    SpRuleset   *ruleset,
                    SpHand      *hand,
                    GError     **error,
                    int         *status)
{
  g_autofree char *rules = NULL;
  const GOptionEntry entries[] = {
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules, sp_ruleset_names (),
      N_("R") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, _("HAND"), entries, summary);

  if (!sp_cli_parse_options (cli, context, &argc, &argv, status)
      || !sp_cli_parse_ruleset (cli, rules, ruleset, status))
    return FALSE;
  if (argc != 2)
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s takes one HAND (see --help)"),
                             argv[0]);
      return FALSE;
    }
  if (sp_hand_parse_for (*ruleset, argv[1], hand, NULL, error))
    sp_hand_validate (hand, *ruleset, complete, error);
  return TRUE;
}

int
sp_cli_waits (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  SpRuleset ruleset;
  SpHand hand;
  SpWaitList waits;
  int status;
  int shanten;

  if (!parse_hand_command (cli, _("HAND is one tile short of a win: 13 tiles for MCR and "
                                  "Guangdong,\n16 for Taiwan, one more per kong."), FALSE,
                           argc, argv, &ruleset, &hand, &error, &status))
    return status;
  if (error != NULL)
    return sp_cli_fail_error (cli, error);

  sp_hand_waits (&hand, ruleset, &waits);
  shanten = waits.n > 0 ? 0 : sp_hand_shanten (&hand, ruleset);
  json_builder_begin_object (builder);
  sp_cli_builder_bool (builder, "ready", waits.n > 0);
  sp_cli_builder_int (builder, "shanten", shanten);
  json_builder_set_member_name (builder, "waits");
  json_builder_begin_array (builder);
  if (!cli->json && waits.n == 0)
    printf (g_dngettext (GETTEXT_PACKAGE, "not ready: %d tile from ready\n",
                         "not ready: %d tiles from ready\n", shanten), shanten);
  for (guint i = 0; i < waits.n; i++)
    {
      char tile[SP_TILE_STRING_SIZE];
      const char *kind = sp_wait_kind_to_string (waits.waits[i].kind);

      sp_tile_to_string (waits.waits[i].tile, tile);
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "tile", tile);
      sp_cli_builder_string (builder, "type", kind);
      json_builder_end_object (builder);
      if (!cli->json)
        printf ("%s%s %s%s", i > 0 ? ", " : "", tile, kind, i + 1 == waits.n ? "\n" : "");
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (cli->json)
    sp_cli_print_builder (builder);
  return SP_CLI_OK;
}

int
sp_cli_check (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autoptr(GError) error = NULL;
  SpRuleset ruleset;
  SpHand hand;
  int status;

  if (!parse_hand_command (cli, _("Checks the notation, the tile counts and the shape of a "
                                  "declared win\n(14 tiles for MCR and Guangdong, 17 for Taiwan, "
                                  "one more per kong;\nthe last tile is the winning tile).  No "
                                  "minimum is applied."), TRUE,
                           argc, argv, &ruleset, &hand, &error, &status))
    return status;
  if (error == NULL)
    sp_hand_check_win (&hand, ruleset, &error);
  if (error != NULL && cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_bool (builder, "valid", FALSE);
      json_builder_set_member_name (builder, "error");
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "code", sp_core_error_code_name ((SpCoreError) error->code));
      sp_cli_builder_string (builder, "message", error->message);
      json_builder_end_object (builder);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
      return SP_CLI_REFUSED;
    }
  if (error != NULL)
    return sp_cli_fail_error (cli, error);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_bool (builder, "valid", TRUE);
      sp_cli_builder_bool (builder, "win", TRUE);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    printf (_("valid: a win under %s\n"), sp_ruleset_to_string (ruleset));
  return SP_CLI_OK;
}
