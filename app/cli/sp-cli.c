/* sp-cli.c: error reporting, option parsing and the verdict writer shared by the subcommands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "sp-core.h"

static void
print_error (SpCli      *cli,
             const char *code,
             const char *message)
{
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "error");
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "code", code);
      sp_cli_builder_string (builder, "message", message);
      json_builder_end_object (builder);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
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

/* Whether @args (up to a "--") hold one of @names. */
static gboolean
args_hold (int          argc,
           char       **argv,
           const char  *const *names)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        return FALSE;
      if (g_strv_contains (names, argv[i]))
        return TRUE;
    }
  return FALSE;
}

/* "sparrow-cli score", "sparrow-cli seating plan": the name the help's usage line shows. */
static void
set_usage_name (SpCli      *cli,
                const char *name)
{
  g_autofree char *prgname = NULL;

  if (cli->command != NULL && g_strcmp0 (cli->command, name) != 0)
    prgname = g_strdup_printf ("sparrow-cli %s %s", cli->command, name);
  else
    prgname = g_strdup_printf ("sparrow-cli %s", name);
  g_set_prgname (prgname);
}

gboolean
sp_cli_parse_options (SpCli          *cli,
                      GOptionContext *context,
                      int            *argc,
                      char         ***argv,
                      int            *status)
{
  static const char *const json_names[] = { "--json", NULL };
  static const char *const help_names[] = { "--help", "-h", "-?", NULL };
  g_autoptr(GError) error = NULL;
  gboolean json;

  g_return_val_if_fail (*argc >= 1, FALSE);

  json = args_hold (*argc, *argv, json_names);
  cli->json |= json;
  set_usage_name (cli, (*argv)[0]);
  /* GLib's own --help would print and exit(); ours prints and lets the command return. */
  g_option_context_set_help_enabled (context, FALSE);
  if (args_hold (*argc, *argv, help_names))
    {
      g_autofree char *help = g_option_context_get_help (context, FALSE, NULL);

      fputs (help, stdout);
      *status = SP_CLI_OK;
      return FALSE;
    }
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      /* A failed parse resets the switches it had set, --json included, to FALSE. */
      cli->json |= json;
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s (see %s --help)"), error->message,
                             g_get_prgname ());
      return FALSE;
    }
  return TRUE;
}

void
sp_cli_add_json_option (SpCli          *cli,
                        GOptionContext *context)
{
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &cli->json, N_("Answer in JSON"), NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

GOptionContext *
sp_cli_context_new (SpCli              *cli,
                    const char         *parameters,
                    const GOptionEntry *entries,
                    const char         *summary)
{
  GOptionContext *context = g_option_context_new (parameters);

  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  sp_cli_add_json_option (cli, context);
  g_option_context_set_summary (context, summary);
  return context;
}

int
sp_cli_run_subcommand (SpCli              *cli,
                       int                 argc,
                       char              **argv,
                       const SpCliCommand *subcommands,
                       guint               n_subcommands)
{
  static const char *const help_names[] = { "--help", "-h", "-?", NULL };
  static const char *const json_names[] = { "--json", NULL };
  gboolean asked = argc >= 2 && g_strv_contains (help_names, argv[1]);
  FILE *out = asked ? stdout : stderr;

  if (argc >= 2 && !asked)
    {
      int given = 1;

      for (guint i = 0; i < n_subcommands; i++)
        if (strcmp (argv[1], subcommands[i].name) == 0)
          return subcommands[i].run (cli, argc - 1, argv + 1);
      /* The subcommand's name comes first; a --json before it is not the word to blame. */
      while (given + 1 < argc && strcmp (argv[given], "--json") == 0)
        given++;
      cli->json |= args_hold (argc, argv, json_names);
      return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                          _("%s: unknown subcommand '%s' (see sparrow-cli %s --help)"), argv[0],
                          argv[given], argv[0]);
    }
  fprintf (out, _("Usage: sparrow-cli %s SUBCOMMAND …\n\nSubcommands:\n"), argv[0]);
  for (guint i = 0; i < n_subcommands; i++)
    fprintf (out, "  %-11s %s\n", subcommands[i].name, _(subcommands[i].summary));
  fputs (_("\nEvery subcommand takes --help.\n"), out);
  return asked ? SP_CLI_OK : SP_CLI_USAGE;
}

gboolean
sp_cli_check_arguments (SpCli       *cli,
                        int          argc,
                        char       **argv,
                        int          n,
                        const char  *what,
                        int         *status)
{
  if ((n >= 0 && argc - 1 == n) || (n < 0 && argc > 1))
    return TRUE;
  if (n >= 0 && argc - 1 > n)
    *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s: unexpected '%s' (see --help)"),
                           argv[0], argv[n + 1]);
  else
    *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s needs %s (see --help)"), argv[0],
                           what);
  return FALSE;
}

gboolean
sp_cli_parse_id (SpCli       *cli,
                 const char  *text,
                 const char  *what,
                 gint64      *id,
                 int         *status)
{
  if (g_ascii_string_to_signed (text, 10, 1, G_MAXINT64, id, NULL))
    return TRUE;
  *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s (a number) is expected, not '%s'"),
                         what, text);
  return FALSE;
}

gboolean
sp_cli_check_range (SpCli       *cli,
                    const char  *option,
                    gint64       value,
                    gint64       min,
                    gint64       max,
                    int         *status)
{
  if (value >= min && value <= max)
    return TRUE;
  *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                         _("--%s: %" G_GINT64_FORMAT " is not between %" G_GINT64_FORMAT " and %"
                           G_GINT64_FORMAT), option, value, min, max);
  return FALSE;
}

gboolean
sp_cli_parse_ruleset (SpCli      *cli,
                      const char *name,
                      SpRuleset  *ruleset,
                      int        *status)
{
  if (name == NULL)
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                             _("--rules mcr|taiwan|guangdong is required"));
      return FALSE;
    }
  if (!sp_ruleset_from_string (name, ruleset))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                             _("unknown ruleset '%s' (mcr, taiwan or guangdong)"), name);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_cli_apply_options (SpCli              *cli,
                      SpRules            *rules,
                      const char * const *options,
                      GString            *tournament,
                      int                *status)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    {
      const char *eq = strchr (options[i], '=');
      g_autofree char *key = eq != NULL ? g_strndup (options[i], (gsize) (eq - options[i])) : NULL;
      gboolean known = FALSE;

      if (eq == NULL)
        {
          *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--option %s: KEY=VALUE expected"),
                                 options[i]);
          return FALSE;
        }
      if ((tournament != NULL && !sp_tournament_check_option (key, eq + 1, &known, &error))
          || (!known && !sp_rules_set_option (rules, key, eq + 1, &error)))
        {
          *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--option %s: %s", options[i],
                                 error->message);
          return FALSE;
        }
      if (tournament != NULL)
        g_string_append_printf (tournament, "%s%s", tournament->len > 0 ? "\n" : "", options[i]);
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

void
sp_cli_builder_int (JsonBuilder *builder,
                    const char  *name,
                    gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

void
sp_cli_builder_bool (JsonBuilder *builder,
                     const char  *name,
                     gboolean     value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

void
sp_cli_builder_string (JsonBuilder *builder,
                       const char  *name,
                       const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

void
sp_cli_builder_nullable (JsonBuilder *builder,
                         const char  *name,
                         const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

void
sp_cli_print_builder (JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);

  sp_cli_print_json (root);
}

void
sp_cli_print_int_object (const char *member,
                         gint64      value)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  sp_cli_builder_int (builder, member, value);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
}

void
sp_cli_print_json_list (const char  *member,
                        GPtrArray   *records,
                        SpCliToJson  to_json)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < records->len; i++)
    to_json (builder, records->pdata[i]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
}

guint
sp_cli_text_width (const char *text)
{
  guint width = 0;

  for (const char *p = text; *p != '\0';)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          width++;
          p++;
          continue;
        }
      if (g_unichar_iswide (c))
        width += 2;
      else if (!g_unichar_iszerowidth (c))
        width++;
      p = g_utf8_next_char (p);
    }
  return width;
}

void
sp_cli_append_padded (GString    *out,
                      const char *text,
                      guint       width)
{
  guint used = sp_cli_text_width (text);

  g_string_append (out, text);
  for (; used < width; used++)
    g_string_append_c (out, ' ');
}

/* ---- The verdict, through json-glib ------------------------------------------------------- */

static const char *const seat_names[] = { "E", "S", "W", "N" };

static void
build_items (JsonBuilder         *builder,
             const SpScoreResult *result)
{
  json_builder_begin_array (builder);
  for (guint i = 0; i < result->n_items; i++)
    {
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "name", result->items[i].name);
      sp_cli_builder_int (builder, "value", result->items[i].value);
      sp_cli_builder_int (builder, "count", result->items[i].count);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
build_ready (JsonBuilder         *builder,
             const SpScoreResult *result)
{
  json_builder_set_member_name (builder, "ready");
  json_builder_add_boolean_value (builder, result->ready);
  if (!result->ready)
    sp_cli_builder_int (builder, "shanten", result->shanten);
}

static void
build_seats (JsonBuilder  *builder,
             const gint64  values[4])
{
  for (guint s = 0; s < 4; s++)
    sp_cli_builder_int (builder, seat_names[s], values[s]);
}

void
sp_cli_build_verdict_error (JsonBuilder         *builder,
                            const SpScoreResult *result,
                            const char          *message)
{
  json_builder_set_member_name (builder, "error");
  json_builder_begin_object (builder);
  sp_cli_builder_string (builder, "code", sp_core_error_code_name (result->error_code));
  sp_cli_builder_string (builder, "message", message);
  if (result->error_code == SP_CORE_ERROR_NOT_A_WIN)
    build_ready (builder, result);
  if (result->error_code == SP_CORE_ERROR_BELOW_MINIMUM)
    sp_cli_builder_int (builder, "total", result->total);
  json_builder_end_object (builder);
}

void
sp_cli_build_verdict (JsonBuilder         *builder,
                      const SpRules       *rules,
                      const SpScoreResult *result)
{
  gboolean listed = result->win || result->error_code == SP_CORE_ERROR_BELOW_MINIMUM;

  json_builder_begin_object (builder);
  sp_cli_builder_string (builder, "rules", sp_ruleset_to_string (sp_rules_get_ruleset (rules)));
  sp_cli_builder_string (builder, "profile", sp_rules_get_profile (rules));
  json_builder_set_member_name (builder, "win");
  json_builder_add_boolean_value (builder, result->win);
  if (!result->win)
    {
      sp_cli_build_verdict_error (builder, result, result->message);
      if (result->error_code == SP_CORE_ERROR_NOT_A_WIN)
        build_ready (builder, result);
    }
  if (listed)
    {
      sp_cli_builder_int (builder, "total", result->total);
      json_builder_set_member_name (builder, "fan");
      build_items (builder, result);
      if (result->points > 0)
        sp_cli_builder_int (builder, "points", result->points);
    }
  if (result->has_settlement)
    {
      json_builder_set_member_name (builder, "settlement");
      json_builder_begin_object (builder);
      build_seats (builder, result->settlement);
      json_builder_end_object (builder);
    }
  if (result->has_penalty)
    {
      json_builder_set_member_name (builder, "penalty");
      json_builder_begin_object (builder);
      build_seats (builder, result->penalty);
      sp_cli_builder_string (builder, "reason", result->penalty_reason);
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);
}

int
sp_cli_fail_verdict (SpCli               *cli,
                     const SpScoreResult *result,
                     const char          *message)
{
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_build_verdict_error (builder, result, message);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    fprintf (stderr, "sparrow-cli: %s\n", message);
  return SP_CLI_REFUSED;
}

/* ---- The verdict writer of score --batch ----------------------------------------------------

 * Built through JsonBuilder and JsonGenerator a verdict costs about twenty microseconds (a
 * JsonObject is a hash table, and a verdict has ten of them), four times the scoring itself, and
 * `--batch` must score 100,000 hands in under two seconds.  So the batch writes its verdicts
 * directly here, the same object as sp_cli_build_verdict() byte for byte as JsonGenerator
 * writes it (tests/test-cli-json.c compares the two writers). */

void
sp_cli_json_string (GString    *out,
                    const char *text)
{
  /* JsonGenerator of json-glib 1.6 (json_strescape) escapes '"' and '\\', the control
   * characters 0x01–0x1e (\b \t \n \f \r by letter, the others as \u00xx with lower-case hex)
   * and 0x7f; 0x1f and every byte from 0x80 (UTF-8 or not) go out as they are. */
  static const char letters[0x1f] = {
    ['\b'] = 'b', ['\t'] = 't', ['\n'] = 'n', ['\f'] = 'f', ['\r'] = 'r',
  };

  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (c == '"' || c == '\\' || (c < 0x1f && letters[c] != '\0'))
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, c < 0x1f ? letters[c] : (char) c);
        }
      else if (c < 0x1f || c == 0x7f)
        g_string_append_printf (out, "\\u00%.2x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

void
sp_cli_json_member (GString    *out,
                    const char *name)
{
  char last = out->len > 0 ? out->str[out->len - 1] : '\0';

  if (last != '{' && last != '[')
    g_string_append_c (out, ',');
  sp_cli_json_string (out, name);
  g_string_append_c (out, ':');
}

void
sp_cli_json_int (GString *out,
                 gint64   value)
{
  char buf[24];
  int n = g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, value);

  g_string_append_len (out, buf, n);
}

static void
json_items (GString             *out,
                   const SpScoreResult *result)
{
  g_string_append_c (out, '[');
  for (guint i = 0; i < result->n_items; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, '{');
      sp_cli_json_member (out, "name");
      sp_cli_json_string (out, result->items[i].name);
      sp_cli_json_member (out, "value");
      sp_cli_json_int (out, result->items[i].value);
      sp_cli_json_member (out, "count");
      sp_cli_json_int (out, result->items[i].count);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

static void
json_ready (GString             *out,
                   const SpScoreResult *result)
{
  sp_cli_json_member (out, "ready");
  g_string_append (out, result->ready ? "true" : "false");
  if (!result->ready)
    {
      sp_cli_json_member (out, "shanten");
      sp_cli_json_int (out, result->shanten);
    }
}

void
sp_cli_json_verdict_error (GString             *out,
                           const SpScoreResult *result,
                           const char          *message)
{
  sp_cli_json_member (out, "error");
  g_string_append_c (out, '{');
  sp_cli_json_member (out, "code");
  sp_cli_json_string (out, sp_core_error_code_name (result->error_code));
  sp_cli_json_member (out, "message");
  sp_cli_json_string (out, message);
  if (result->error_code == SP_CORE_ERROR_NOT_A_WIN)
    json_ready (out, result);
  if (result->error_code == SP_CORE_ERROR_BELOW_MINIMUM)
    {
      sp_cli_json_member (out, "total");
      sp_cli_json_int (out, result->total);
    }
  g_string_append_c (out, '}');
}

static void
append_seats (GString      *out,
              const gint64  values[4])
{
  for (guint s = 0; s < 4; s++)
    {
      sp_cli_json_member (out, seat_names[s]);
      sp_cli_json_int (out, values[s]);
    }
}

void
sp_cli_json_verdict (GString             *out,
                     const SpRules       *rules,
                     const SpScoreResult *result)
{
  gboolean listed = result->win || result->error_code == SP_CORE_ERROR_BELOW_MINIMUM;

  g_string_append_c (out, '{');
  sp_cli_json_member (out, "rules");
  sp_cli_json_string (out, sp_ruleset_to_string (sp_rules_get_ruleset (rules)));
  sp_cli_json_member (out, "profile");
  sp_cli_json_string (out, sp_rules_get_profile (rules));
  sp_cli_json_member (out, "win");
  g_string_append (out, result->win ? "true" : "false");
  if (!result->win)
    {
      sp_cli_json_verdict_error (out, result, result->message);
      if (result->error_code == SP_CORE_ERROR_NOT_A_WIN)
        json_ready (out, result);
    }
  if (listed)
    {
      sp_cli_json_member (out, "total");
      sp_cli_json_int (out, result->total);
      sp_cli_json_member (out, "fan");
      json_items (out, result);
      if (result->points > 0)
        {
          sp_cli_json_member (out, "points");
          sp_cli_json_int (out, result->points);
        }
    }
  if (result->has_settlement)
    {
      sp_cli_json_member (out, "settlement");
      g_string_append_c (out, '{');
      append_seats (out, result->settlement);
      g_string_append_c (out, '}');
    }
  if (result->has_penalty)
    {
      sp_cli_json_member (out, "penalty");
      g_string_append_c (out, '{');
      append_seats (out, result->penalty);
      sp_cli_json_member (out, "reason");
      sp_cli_json_string (out, result->penalty_reason);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, '}');
}
