/* sp-cli-hand.c: `sparrow-cli waits` and `sparrow-cli check`, the hand analysis without scoring.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <stdio.h>

#include "sp-cli.h"
#include "sp-core.h"

/* Parses what waits and check share: --rules R, --json and one HAND.  FALSE after a usage
 * error, with *@status set. */
static gboolean
parse_hand_command (SpCli       *cli,
                    const char  *command,
                    const char  *parameter,
                    const char  *summary,
                    int          argc,
                    char       **argv,
                    SpRuleset   *ruleset,
                    const char **hand_text,
                    int         *status)
{
  g_autofree char *rules = NULL;
  const GOptionEntry entries[] = {
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules, N_("mcr, taiwan or guangdong"), N_("R") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (parameter);

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  sp_cli_add_json_option (cli, context);
  g_option_context_set_summary (context, summary);
  if (!sp_cli_parse_options (cli, context, &argc, &argv, status))
    return FALSE;
  if (!sp_cli_parse_ruleset (cli, rules, ruleset, status))
    return FALSE;
  if (argc != 2)
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s takes one HAND (see --help)"),
                             command);
      return FALSE;
    }
  *hand_text = argv[1];
  return TRUE;
}

int
sp_cli_waits (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autoptr(GError) error = NULL;
  const char *hand_text;
  SpRuleset ruleset;
  SpHand hand;
  SpWaitList waits;
  int status;
  int shanten;

  if (!parse_hand_command (cli, "waits", _("HAND — the tiles a ready hand waits on"),
                           _("HAND is one tile short of a win: 13 tiles for MCR and Guangdong,\n"
                             "16 for Taiwan, one more per kong."),
                           argc, argv, &ruleset, &hand_text, &status))
    return status;

  if (!sp_hand_parse (hand_text, &hand, &error)
      || !sp_hand_validate (&hand, ruleset, FALSE, &error))
    return sp_cli_fail_error (cli, error);

  sp_hand_waits (&hand, ruleset, &waits);
  shanten = waits.n > 0 ? 0 : sp_hand_shanten (&hand, ruleset);

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "ready");
      json_builder_add_boolean_value (builder, waits.n > 0);
      json_builder_set_member_name (builder, "shanten");
      json_builder_add_int_value (builder, shanten);
      json_builder_set_member_name (builder, "waits");
      json_builder_begin_array (builder);
      for (guint i = 0; i < waits.n; i++)
        {
          char buf[SP_TILE_STRING_SIZE];

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "tile");
          json_builder_add_string_value (builder, sp_tile_to_string (waits.waits[i].tile, buf));
          json_builder_set_member_name (builder, "type");
          json_builder_add_string_value (builder, sp_wait_kind_to_string (waits.waits[i].kind));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      sp_cli_print_json (root);
    }
  else if (waits.n == 0)
    printf (_("not ready: %d from ready\n"), shanten);
  else
    {
      for (guint i = 0; i < waits.n; i++)
        {
          char buf[SP_TILE_STRING_SIZE];

          printf ("%s%s %s", i > 0 ? ", " : "", sp_tile_to_string (waits.waits[i].tile, buf),
                  sp_wait_kind_to_string (waits.waits[i].kind));
        }
      printf ("\n");
    }
  return SP_CLI_OK;
}

int
sp_cli_check (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autoptr(GError) error = NULL;
  const char *hand_text;
  SpRuleset ruleset;
  SpHand hand;
  int status;

  if (!parse_hand_command (cli, "check", _("HAND — validate a declared win"),
                           _("Checks the notation, the tile counts and the shape of a declared "
                             "win\n(14 tiles for MCR and Guangdong, 17 for Taiwan, one more per "
                             "kong;\nthe last tile is the winning tile).  No minimum is applied."),
                           argc, argv, &ruleset, &hand_text, &status))
    return status;

  if (!sp_hand_parse (hand_text, &hand, &error) || !sp_hand_validate (&hand, ruleset, TRUE, &error))
    goto invalid;
  if (!sp_hand_is_complete (&hand, ruleset))
    {
      SpHand ready = hand;
      SpWaitList waits;

      sp_hand_remove_winning_tile (&ready);
      if (sp_hand_waits (&ready, ruleset, &waits) > 0)
        g_set_error (&error, SP_CORE_ERROR, SP_CORE_ERROR_NOT_A_WIN,
                     _("not a win: ready without the last tile, which is not one of its waits"));
      else
        g_set_error (&error, SP_CORE_ERROR, SP_CORE_ERROR_NOT_A_WIN,
                     _("not a win: %d tile(s) from ready without the last tile"),
                     sp_hand_shanten (&ready, ruleset));
      goto invalid;
    }

  if (cli->json)
    printf ("{\"valid\":true,\"win\":true}\n");
  else
    printf (_("valid: a win under %s\n"), sp_ruleset_to_string (ruleset));
  return SP_CLI_OK;

invalid:
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "valid");
      json_builder_add_boolean_value (builder, FALSE);
      json_builder_set_member_name (builder, "error");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "code");
      json_builder_add_string_value (builder, sp_core_error_code_name ((SpCoreError) error->code));
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, error->message);
      json_builder_end_object (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      sp_cli_print_json (root);
      return SP_CLI_REFUSED;
    }
  return sp_cli_fail_error (cli, error);
}
