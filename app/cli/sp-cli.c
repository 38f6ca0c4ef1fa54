/* sp-cli.c: error reporting and option parsing shared by the subcommands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli.h"

#include <stdio.h>

#include "sp-core.h"

static void
print_error (SpCli      *cli,
             const char *code,
             const char *message)
{
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "error");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "code");
      json_builder_add_string_value (builder, code);
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, message);
      json_builder_end_object (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      sp_cli_print_json (root);
    }
  else
    fprintf (stderr, "sparrow-cli: %s\n", message);
}

int
sp_cli_fail (SpCli      *cli,
             int         status,
             const char *code,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  print_error (cli, code, message);
  return status;
}

int
sp_cli_fail_error (SpCli        *cli,
                   const GError *error)
{
  if (error->domain == SP_CORE_ERROR)
    return sp_cli_fail (cli, SP_CLI_REFUSED, sp_core_error_code_name ((SpCoreError) error->code),
                        "%s", error->message);
  if (error->domain == G_OPTION_ERROR)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "%s", error->message);
  return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s", error->message);
}

gboolean
sp_cli_parse_options (SpCli          *cli,
                      GOptionContext *context,
                      int            *argc,
                      char         ***argv,
                      int            *status)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_cli_parse_ruleset (SpCli      *cli,
                      const char *name,
                      SpRuleset  *ruleset,
                      int        *status)
{
  if (name == NULL)
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--rules mcr|taiwan|guangdong is required");
      return FALSE;
    }
  if (!sp_ruleset_from_string (name, ruleset))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                             "unknown ruleset '%s' (mcr, taiwan or guangdong)", name);
      return FALSE;
    }
  return TRUE;
}

void
sp_cli_print_json (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, node);
  text = json_generator_to_data (generator, NULL);
  printf ("%s\n", text);
}
