/* sp-cli.c: error reporting, option parsing and the verdict writer shared by the subcommands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sp-core.h"

/* @message on one line, its control characters written as escapes: a message may quote what
 * was typed or read (a file name with a line break, a name with an escape sequence), and
 * neither may break the one-line error nor drive the terminal. */
static char *
one_line (const char *message)
{
  GString *line = g_string_sized_new (strlen (message));

  for (const guchar *p = (const guchar *) message; *p != '\0'; p++)
    {
      if (*p == '\n')
        g_string_append (line, "\\n");
      else if (*p == '\r')
        g_string_append (line, "\\r");
      else if (*p == '\t')
        g_string_append (line, "\\t");
      else if (*p < 0x20 || *p == 0x7f)
        g_string_append_printf (line, "\\x%02x", *p);
      else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
        {
          /* U+0080–U+009F, the C1 controls (U+009B is an escape sequence's start). */
          g_string_append_printf (line, "\\u%04x", p[1]);
          p++;
        }
      else
        g_string_append_c (line, (char) *p);
    }
  return g_string_free (line, FALSE);
}

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
    {
      g_autofree char *line = one_line (message);

      fprintf (stderr, "sparrow-cli: %s\n", line);
    }
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

char *
sp_cli_option_not_utf8 (int    argc,
                        char **argv)
{
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    {
      if (g_utf8_validate (argv[i], -1, NULL))
        continue;
      if (g_str_has_prefix (argv[i], "--"))
        return g_strndup (argv[i], strcspn (argv[i], "="));
      if (argv[i - 1][0] == '-' && g_utf8_validate (argv[i - 1], -1, NULL))
        return g_strndup (argv[i - 1], strcspn (argv[i - 1], "="));
    }
  return NULL;
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
      g_autofree char *option = error->domain == G_CONVERT_ERROR
                                ? sp_cli_option_not_utf8 (*argc, *argv) : NULL;

      /* A failed parse resets the switches it had set, --json included, to FALSE. */
      cli->json |= json;
      if (option != NULL)
        *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                               _("%s: the value is not valid UTF-8 text (see %s --help)"),
                               option, g_get_prgname ());
      else
        *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s (see %s --help)"),
                               error->message, g_get_prgname ());
      return FALSE;
    }
  /* GOption leaves the "--" that ends the options among the arguments: it is taken out, so
   * that a name beginning with a dash can be given (players add -- -2+3). */
  for (int i = 1; i < *argc; i++)
    if (strcmp ((*argv)[i], "--") == 0)
      {
        memmove (&(*argv)[i], &(*argv)[i + 1], (gsize) (*argc - i) * sizeof (char *));
        (*argc)--;
        break;
      }
  return TRUE;
}

GOptionEntry
sp_cli_session_entry (gint64     *session,
                      const char *description)
{
  return (GOptionEntry) { "session", 0, 0, G_OPTION_ARG_INT64, session, description, N_("K") };
}

GOptionEntry
sp_cli_table_entry (gint64     *table,
                    const char *description)
{
  return (GOptionEntry) { "table", 0, 0, G_OPTION_ARG_INT64, table, description, N_("T") };
}

/* Reads the value of a number option in base 10.  GOption's own G_OPTION_ARG_INT64 reads
 * "010" as 8 and "0x10" as 16 (strtoll in base 0): "--player 010" would have acted on player
 * 8.  @data is the command's entries, where the option's variable is found. */
static gboolean
parse_decimal_cb (const char  *option_name,
                  const char  *value,
                  gpointer     data,
                  GError     **error)
{
  const GOptionEntry *entries = data;
  const char *name = option_name + strspn (option_name, "-");

  for (const GOptionEntry *e = entries; e->long_name != NULL; e++)
    {
      gint64 number;

      if (strcmp (e->long_name, name) != 0 && !(name[1] == '\0' && e->short_name == name[0]))
        continue;
      if (!g_ascii_string_to_signed (value, 10, G_MININT64, G_MAXINT64, &number, NULL))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("%s: '%s' is not a whole number written in decimal"), option_name,
                       value);
          return FALSE;
        }
      *(gint64 *) e->arg_data = number;
      return TRUE;
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION, "%s", option_name);
  return FALSE;
}

GOptionContext *
sp_cli_context_new (SpCli              *cli,
                    const char         *parameters,
                    const GOptionEntry *entries,
                    const char         *summary)
{
  GOptionContext *context = g_option_context_new (parameters);
  const GOptionEntry json_entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &cli->json, N_("Answer in JSON"), NULL },
    { NULL }
  };

  if (entries != NULL)
    {
      guint n = 0;
      GOptionEntry *originals;
      g_autofree GOptionEntry *decimal = NULL;
      GOptionGroup *group;

      while (entries[n].long_name != NULL)
        n++;
      originals = g_memdup2 (entries, (n + 1) * sizeof (GOptionEntry));
      decimal = g_memdup2 (entries, (n + 1) * sizeof (GOptionEntry));
      for (guint i = 0; i < n; i++)
        if (decimal[i].arg == G_OPTION_ARG_INT64)
          {
            decimal[i].arg = G_OPTION_ARG_CALLBACK;
            decimal[i].arg_data = (gpointer) parse_decimal_cb;
          }
      group = g_option_group_new (NULL, NULL, NULL, originals, g_free);
      g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
      g_option_group_add_entries (group, decimal);
      g_option_context_set_main_group (context, group);
    }
  g_option_context_add_main_entries (context, json_entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  return context;
}

int
sp_cli_run_subcommand (SpCli              *cli,
                       int                 argc,
                       char              **argv,
                       const SpCliCommand *subcommands)
{
  static const char *const help_names[] = { "--help", "-h", "-?", NULL };
  static const char *const json_names[] = { "--json", NULL };
  gboolean asked = argc >= 2 && g_strv_contains (help_names, argv[1]);
  FILE *out = asked ? stdout : stderr;

  if (argc >= 2 && !asked)
    {
      int given = 1;

      for (guint i = 0; subcommands[i].name != NULL; i++)
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
  for (guint i = 0; subcommands[i].name != NULL; i++)
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
                         _("--%s: %" PRId64 " is not between %" PRId64 " and %"
                           PRId64), option, value, min, max);
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
                             _("--rules %s is required"), sp_ruleset_names ());
      return FALSE;
    }
  if (!sp_ruleset_from_string (name, ruleset))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                             _("unknown ruleset '%s' (%s)"), name, sp_ruleset_names ());
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_cli_apply_options (SpCli              *cli,
                      SpRules            *rules,
                      const char * const *options,
                      SpTournament       *tournament,
                      int                *status)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    {
      const char *eq = strchr (options[i], '=');
      g_autofree char *key = eq != NULL ? g_strndup (options[i], (gsize) (eq - options[i])) : NULL;

      if (eq == NULL)
        {
          *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--option %s: KEY=VALUE expected"),
                                 options[i]);
          return FALSE;
        }
      if (tournament != NULL ? !sp_tournament_add_option (tournament, rules, key, eq + 1, &error)
          : !sp_rules_set_option (rules, key, eq + 1, &error))
        {
          *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--option %s: %s", options[i],
                                 error->message);
          return FALSE;
        }
    }
  return TRUE;
}

const char * const sp_cli_seat_names[4] = { "E", "S", "W", "N" };

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

static void
add_seats (JsonBuilder  *builder,
           const gint64  values[4])
{
  json_builder_begin_object (builder);
  for (guint s = 0; s < 4; s++)
    sp_cli_builder_int (builder, sp_cli_seat_names[s], values[s]);
  json_builder_end_object (builder);
}

void
sp_cli_builder_seats (JsonBuilder  *builder,
                      const char   *name,
                      const gint64  values[4])
{
  json_builder_set_member_name (builder, name);
  add_seats (builder, values);
}

/* A number as JsonGenerator writes it, but with the fewest digits that read back as the same
 * double (20.2, not 20.199999999999999: the tournament points of a Riichi event are tenths). */
static void
write_double (GString *out,
              double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int digits = 15; digits <= 17; digits++)
    {
      g_ascii_formatd (buf, sizeof buf, digits == 15 ? "%.15g" : digits == 16 ? "%.16g" : "%.17g",
                       value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (out, buf);
  if (strpbrk (buf, ".eEn") == NULL)
    g_string_append (out, ".0");
}

/* @node as JsonGenerator writes it without pretty printing (the strings as
 * sp_cli_json_string), the doubles as write_double (). */
static void
write_node (GString  *out,
            JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;

        g_string_append_c (out, '{');
        json_object_iter_init_ordered (&iter, object);
        while (json_object_iter_next_ordered (&iter, &name, &member))
          {
            sp_cli_json_member (out, name);
            write_node (out, member);
          }
        g_string_append_c (out, '}');
        break;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        g_string_append_c (out, '[');
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            write_node (out, json_array_get_element (array, i));
          }
        g_string_append_c (out, ']');
        break;
      }
    case JSON_NODE_VALUE:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_INT64:
          sp_cli_json_int (out, json_node_get_int (node));
          break;
        case G_TYPE_DOUBLE:
          write_double (out, json_node_get_double (node));
          break;
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        case G_TYPE_STRING:
          sp_cli_json_string (out, json_node_get_string (node));
          break;
        default:
          g_string_append (out, "null");
          break;
        }
      break;
    case JSON_NODE_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}

void
sp_cli_print_builder (JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autoptr(GString) text = g_string_new (NULL);

  write_node (text, root);
  printf ("%s\n", text->str);
}

int
sp_cli_print_done (SpCli      *cli,
                   const char *member,
                   gint64      value,
                   const char *format,
                   ...)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  va_list args;

  if (!cli->json)
    {
      va_start (args, format);
      vprintf (format, args);
      va_end (args);
      return SP_CLI_OK;
    }
  json_builder_begin_object (builder);
  sp_cli_builder_int (builder, member, value);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
  return SP_CLI_OK;
}

/* ---- Records ------------------------------------------------------------------------------ */

static gconstpointer
field_of (const SpCliColumn *column,
          gconstpointer      record)
{
  return (const char *) record + column->offset;
}

static const char *
string_of (const SpCliColumn *column,
           gconstpointer      record)
{
  if (column->text != NULL)
    return column->text (record);
  return *(char * const *) field_of (column, record);
}

static gint64
number_of (const SpCliColumn *column,
           gconstpointer      record)
{
  gconstpointer field = field_of (column, record);

  if (column->type == SP_CLI_INT64)
    return *(const gint64 *) field;
  if (column->type == SP_CLI_UINT)
    return *(const guint *) field;
  if (column->type == SP_CLI_INT || column->type == SP_CLI_BOOL)
    return *(const gint *) field;
  /* A string counts as 1 when it is there: what the empty checks look for. */
  if (column->type == SP_CLI_STRING || column->type == SP_CLI_JSON)
    return string_of (column, record) != NULL;
  return 0;
}

static gboolean
is_number (const SpCliColumn *column)
{
  return column->type <= SP_CLI_INT || column->type == SP_CLI_DOUBLE;
}

/* 0 or NULL: what SP_CLI_NULL_IF_EMPTY and SP_CLI_OMIT_IF_EMPTY look for. */
static gboolean
is_empty (const SpCliColumn *column,
          gconstpointer      record)
{
  if (column->type == SP_CLI_DOUBLE || column->type == SP_CLI_SEATS
      || column->type == SP_CLI_OBJECT || column->type == SP_CLI_ITEMS)
    return FALSE;
  return number_of (column, record) == 0;
}

/* @items as a verdict's "fan" writes them: [{"name":…,"value":…,"count":…}, …]. */
static void
build_items (JsonBuilder       *builder,
             const SpHandItems *items)
{
  json_builder_begin_array (builder);
  for (guint i = 0; items != NULL && i < items->n_items; i++)
    {
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "name", items->items[i].name);
      sp_cli_builder_int (builder, "value", items->items[i].value);
      sp_cli_builder_int (builder, "count", items->items[i].count);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

void
sp_cli_build_members (JsonBuilder       *builder,
                      const SpCliColumn *columns,
                      gconstpointer      record)
{
  for (const SpCliColumn *c = columns; c->key != NULL || c->header != NULL; c++)
    {
      gboolean empty = is_empty (c, record);
      g_autoptr(JsonParser) parser = NULL;

      if (c->key == NULL || (empty && (c->flags & SP_CLI_OMIT_IF_EMPTY)))
        continue;
      json_builder_set_member_name (builder, c->key);
      if (empty && (c->flags & SP_CLI_NULL_IF_EMPTY))
        json_builder_add_null_value (builder);
      else if (c->type == SP_CLI_BOOL)
        json_builder_add_boolean_value (builder, number_of (c, record) != 0);
      else if (c->type == SP_CLI_DOUBLE)
        json_builder_add_double_value (builder, *(const double *) field_of (c, record));
      else if (c->type == SP_CLI_STRING)
        json_builder_add_string_value (builder, string_of (c, record));
      else if (c->type == SP_CLI_SEATS)
        add_seats (builder, field_of (c, record));
      else if (c->type == SP_CLI_OBJECT)
        {
          json_builder_begin_object (builder);
          sp_cli_build_members (builder, c->members, record);
          json_builder_end_object (builder);
        }
      else if (c->type == SP_CLI_ITEMS)
        build_items (builder, *(const SpHandItems * const *) field_of (c, record));
      else if (c->type == SP_CLI_JSON)
        {
          /* No text, or text that is not the JSON it should be, is shown as null rather than
           * not at all. */
          parser = json_parser_new ();
          if (!empty && json_parser_load_from_data (parser, string_of (c, record), -1, NULL))
            json_builder_add_value (builder, json_node_copy (json_parser_get_root (parser)));
          else
            json_builder_add_null_value (builder);
        }
      else
        json_builder_add_int_value (builder, number_of (c, record));
    }
}

void
sp_cli_build_records (JsonBuilder       *builder,
                      const char        *member,
                      const SpCliColumn *columns,
                      GPtrArray         *records)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < records->len; i++)
    {
      json_builder_begin_object (builder);
      sp_cli_build_members (builder, columns, records->pdata[i]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* The columns @text takes on a terminal (a CJK character two): text tables line up whatever
 * the script of the names. */
static guint
text_width (const char *text)
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

/* @text, then spaces up to @width columns. */
static void
append_padded (GString    *out,
               const char *text,
               guint       width)
{
  guint used = text_width (text);

  g_string_append (out, text);
  for (; used < width; used++)
    g_string_append_c (out, ' ');
}

static char *
cell_text (const SpCliColumn *column,
           gconstpointer      record)
{
  const gint64 *seats = field_of (column, record);

  if (is_empty (column, record) && (column->flags & SP_CLI_NULL_IF_EMPTY))
    return g_strdup ("-");
  if (is_empty (column, record) && (column->flags & SP_CLI_OMIT_IF_EMPTY))
    return g_strdup ("");
  if (column->type == SP_CLI_BOOL)
    return g_strdup (number_of (column, record) != 0 ? _("yes") : "");
  if (column->type == SP_CLI_DOUBLE)
    return g_strdup_printf ("%.2f", *(const double *) field_of (column, record));
  if (column->type == SP_CLI_STRING || column->type == SP_CLI_JSON)
    return g_strdup (string_of (column, record) != NULL ? string_of (column, record) : "");
  if (column->type == SP_CLI_SEATS)
    return g_strdup_printf ("E %+" G_GINT64_FORMAT " S %+" G_GINT64_FORMAT " W %+"
                            G_GINT64_FORMAT " N %+" G_GINT64_FORMAT, seats[0], seats[1],
                            seats[2], seats[3]);
  return g_strdup_printf ("%" G_GINT64_FORMAT, number_of (column, record));
}

void
sp_cli_append_table (GString           *out,
                     const SpCliColumn *columns,
                     GPtrArray         *records)
{
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *widths = NULL;
  guint n;

  for (const SpCliColumn *c = columns; c->key != NULL || c->header != NULL; c++)
    if (c->header != NULL)
      g_ptr_array_add (shown, (gpointer) c);
  n = shown->len;
  widths = g_new0 (guint, n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (cells, g_strdup (_(((SpCliColumn *) shown->pdata[i])->header)));
  for (guint r = 0; r < records->len; r++)
    for (guint i = 0; i < n; i++)
      g_ptr_array_add (cells, cell_text (shown->pdata[i], records->pdata[r]));
  for (guint k = 0; k < cells->len; k++)
    widths[k % n] = MAX (widths[k % n], text_width (cells->pdata[k]));
  for (guint k = 0; k < cells->len; k++)
    {
      const char *text = cells->pdata[k];
      guint i = k % n;
      gboolean right = i > 0 && is_number (shown->pdata[i]);

      if (i > 0)
        g_string_append (out, "  ");
      for (guint w = text_width (text); right && w < widths[i]; w++)
        g_string_append_c (out, ' ');
      append_padded (out, text, right ? 0 : widths[i]);
      /* No line ends in spaces, whatever its last cells hold. */
      while (i + 1 == n && out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
      if (i + 1 == n)
        g_string_append_c (out, '\n');
    }
}

void
sp_cli_print_records (SpCli             *cli,
                      const char        *member,
                      const SpCliColumn *columns,
                      GPtrArray         *records)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) out = g_string_new (NULL);

  if (!cli->json)
    {
      sp_cli_append_table (out, columns, records);
      fputs (out->str, stdout);
      return;
    }
  json_builder_begin_object (builder);
  sp_cli_build_records (builder, member, columns, records);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
}

void
sp_cli_print_record (SpCli             *cli,
                     const SpCliColumn *columns,
                     gconstpointer      record,
                     const char        *text)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  if (!cli->json)
    {
      printf ("%s\n", text);
      return;
    }
  json_builder_begin_object (builder);
  sp_cli_build_members (builder, columns, record);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
}

/* ---- The verdict ----------------------------------------------------------------------------

 * Built through JsonBuilder and JsonGenerator a verdict costs about twenty microseconds (a
 * JsonObject is a hash table, and a verdict has ten of them), four times the scoring itself, and
 * `score --batch` must score 100,000 hands in under two seconds.  So the batch writes its
 * verdicts straight into a GString, byte for byte what JsonGenerator writes for the same object
 * (tests/test-cli-json.c compares the two).  The verdict is described once, below, for a Writer
 * that is either. */

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

/* Where a verdict goes: through @builder, else into @out. */
typedef struct
{
  JsonBuilder *builder;
  GString     *out;
} Writer;

/* Opens an object: a member's value when @name is given, else an element of an array. */
static void
write_open (Writer     *w,
            const char *name)
{
  if (w->builder != NULL)
    {
      if (name != NULL)
        json_builder_set_member_name (w->builder, name);
      json_builder_begin_object (w->builder);
      return;
    }
  if (name != NULL)
    sp_cli_json_member (w->out, name);
  else if (w->out->len > 0 && w->out->str[w->out->len - 1] == '}')
    g_string_append_c (w->out, ',');
  g_string_append_c (w->out, '{');
}

static void
write_close (Writer *w)
{
  if (w->builder != NULL)
    json_builder_end_object (w->builder);
  else
    g_string_append_c (w->out, '}');
}

static void
write_int (Writer     *w,
           const char *name,
           gint64      value)
{
  if (w->builder != NULL)
    {
      sp_cli_builder_int (w->builder, name, value);
      return;
    }
  sp_cli_json_member (w->out, name);
  sp_cli_json_int (w->out, value);
}

static void
write_string (Writer     *w,
              const char *name,
              const char *value)
{
  if (w->builder != NULL)
    {
      sp_cli_builder_string (w->builder, name, value);
      return;
    }
  sp_cli_json_member (w->out, name);
  sp_cli_json_string (w->out, value);
}

static void
write_bool (Writer     *w,
            const char *name,
            gboolean    value)
{
  if (w->builder != NULL)
    {
      sp_cli_builder_bool (w->builder, name, value);
      return;
    }
  sp_cli_json_member (w->out, name);
  g_string_append (w->out, value ? "true" : "false");
}

/* The object @name of @values by seat, left open for more members. */
static void
write_seats (Writer       *w,
             const char   *name,
             const gint64  values[4])
{
  write_open (w, name);
  for (guint s = 0; s < 4; s++)
    write_int (w, sp_cli_seat_names[s], values[s]);
}

static void
write_ready (Writer              *w,
             const SpScoreResult *result)
{
  write_bool (w, "ready", result->ready);
  if (!result->ready)
    write_int (w, "shanten", result->shanten);
}

static void
write_error (Writer              *w,
             const SpScoreResult *result,
             const char          *message)
{
  write_open (w, "error");
  write_string (w, "code", sp_core_error_code_name (result->error_code));
  write_string (w, "message", message);
  if (result->error_code == SP_CORE_ERROR_NOT_A_WIN)
    write_ready (w, result);
  if (result->error_code == SP_CORE_ERROR_BELOW_MINIMUM)
    write_int (w, "total", result->total);
  write_close (w);
}

/* A win counted in han and fu (Riichi, rules/riichi.md §11): han, fu and dora, or the yakuman
 * multiplier; the limit; the yaku by their keys; the payments and the total. */
static void
write_han_fu (Writer              *w,
              const SpScoreResult *result)
{
  char limit[24];
  static const char *dora_keys[] = { "dora", "ura", "aka" };
  gint64 dora[3] = { result->dora, result->ura, result->aka };

  if (result->yakuman > 0)
    write_int (w, "yakuman", result->yakuman);
  else
    {
      write_int (w, "han", result->han);
      if (result->fu > 0)
        write_int (w, "fu", result->fu);
    }
  write_string (w, "limit", sp_limit_to_string ((SpLimit) result->limit, result->yakuman, limit));
  write_open (w, "yaku");
  for (guint i = 0; i < result->n_items; i++)
    write_int (w, result->items[i].name, result->items[i].value * (gint64) result->items[i].count);
  write_close (w);
  if (result->yakuman == 0)
    {
      write_open (w, "dora");
      for (guint i = 0; i < G_N_ELEMENTS (dora_keys); i++)
        if (dora[i] > 0)
          write_int (w, dora_keys[i], dora[i]);
      write_close (w);
    }
  write_open (w, "cost");
  if (result->cost_discarder > 0)
    write_int (w, "discarder", result->cost_discarder);
  if (result->cost_dealer > 0)
    write_int (w, "dealer", result->cost_dealer);
  if (result->cost_non_dealer > 0)
    write_int (w, "non_dealer", result->cost_non_dealer);
  write_close (w);
  write_int (w, "total", result->total);
}

static void
write_verdict (Writer              *w,
               const SpRules       *rules,
               const SpScoreResult *result)
{
  write_open (w, NULL);
  write_string (w, "rules", sp_ruleset_to_string (sp_rules_get_ruleset (rules)));
  write_string (w, "profile", sp_rules_get_profile (rules));
  write_bool (w, "win", result->win);
  if (!result->win)
    write_error (w, result, result->message);
  if (!result->win && result->error_code == SP_CORE_ERROR_NOT_A_WIN)
    write_ready (w, result);
  if (result->win && result->has_han_fu)
    write_han_fu (w, result);
  else if (result->win || result->error_code == SP_CORE_ERROR_BELOW_MINIMUM)
    {
      write_int (w, "total", result->total);
      if (w->builder != NULL)
        {
          json_builder_set_member_name (w->builder, "fan");
          json_builder_begin_array (w->builder);
        }
      else
        {
          sp_cli_json_member (w->out, "fan");
          g_string_append_c (w->out, '[');
        }
      for (guint i = 0; i < result->n_items; i++)
        {
          write_open (w, NULL);
          write_string (w, "name", result->items[i].name);
          write_int (w, "value", result->items[i].value);
          write_int (w, "count", result->items[i].count);
          write_close (w);
        }
      if (w->builder != NULL)
        json_builder_end_array (w->builder);
      else
        g_string_append_c (w->out, ']');
      if (result->points > 0)
        write_int (w, "points", result->points);
    }
  if (result->has_settlement)
    {
      write_seats (w, "settlement", result->settlement);
      write_close (w);
    }
  if (result->has_penalty)
    {
      write_seats (w, "penalty", result->penalty);
      write_string (w, "reason", result->penalty_reason);
      write_close (w);
    }
  write_close (w);
}

void
sp_cli_build_verdict (JsonBuilder         *builder,
                      const SpRules       *rules,
                      const SpScoreResult *result)
{
  Writer w = { builder, NULL };

  write_verdict (&w, rules, result);
}

void
sp_cli_build_verdict_error (JsonBuilder         *builder,
                            const SpScoreResult *result,
                            const char          *message)
{
  Writer w = { builder, NULL };

  write_error (&w, result, message);
}

void
sp_cli_json_verdict (GString             *out,
                     const SpRules       *rules,
                     const SpScoreResult *result)
{
  Writer w = { NULL, out };

  write_verdict (&w, rules, result);
}

void
sp_cli_json_win (GString             *out,
                 const char          *seat,
                 const SpScoreResult *result)
{
  Writer w = { NULL, out };

  write_open (&w, NULL);
  write_string (&w, "seat", seat);
  write_han_fu (&w, result);
  write_close (&w);
}

void
sp_cli_json_verdict_error (GString             *out,
                           const SpScoreResult *result,
                           const char          *message)
{
  Writer w = { NULL, out };

  write_error (&w, result, message);
}

int
sp_cli_fail_verdict (SpCli               *cli,
                     const SpScoreResult *result,
                     const char          *message)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  if (!cli->json)
    return sp_cli_fail (cli, SP_CLI_REFUSED, NULL, "%s", message);
  json_builder_begin_object (builder);
  sp_cli_build_verdict_error (builder, result, message);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
  return SP_CLI_REFUSED;
}
