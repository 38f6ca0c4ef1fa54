/* sp-cli.h: what the subcommands of sparrow-cli share.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "sp-core.h"

G_BEGIN_DECLS

/* Exit statuses of SPEC.md §3. */
enum
{
  SP_CLI_OK = 0,
  SP_CLI_REFUSED = 1, /* understood, but not acceptable */
  SP_CLI_USAGE = 2,
  SP_CLI_STORAGE = 3,
};

/* The global options, given before the command. */
typedef struct
{
  char       *db_path;
  char       *tournament;
  char       *referee;
  gboolean    json;    /* the running subcommand answers in JSON */
  const char *command; /* the command's name as typed ("score", "seating"), for --help */
} SpCli;

typedef int (*SpCliCommandFunc) (SpCli  *cli,
                                 int     argc,
                                 char  **argv);

typedef struct
{
  const char       *name;
  const char       *summary;
  SpCliCommandFunc  run;
} SpCliCommand;

/* Prints an error the way SPEC.md §3 says (a JSON object on stdout with --json, else one
 * line on stderr) and returns @status. */
G_GNUC_PRINTF (4, 5)
int   sp_cli_fail            (SpCli      *cli,
                              int         status,
                              const char *code,
                              const char *format,
                              ...);
/* The same for a GError of any layer; @status and the code follow the error. */
int   sp_cli_fail_error      (SpCli        *cli,
                              const GError *error);
/* THE way a command parses its options: one GOptionContext per command.
 *
 *   g_autofree char *rules = NULL;
 *   g_auto(GStrv) options = NULL;           (repeated --option KEY=VALUE)
 *   GOptionEntry entries[] = {
 *     { "rules", 0, 0, G_OPTION_ARG_STRING, &rules, N_("mcr, taiwan or guangdong"), "R" },
 *     { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options, N_("…"), "KEY=VALUE" },
 *     { NULL }
 *   };
 *   g_autoptr(GOptionContext) context = g_option_context_new ("HAND");
 *
 *   g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
 *   sp_cli_add_json_option (cli, context);                       (if it takes --json)
 *   g_option_context_add_group (context, sp_cli_situation_group_new (&situation));
 *   if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
 *     return status;
 *
 * Then argv[0] is the command's own name and argv[1..argc-1] its positional arguments, in order.
 * Before parsing, an argument "--json" (before any "--") sets cli->json, so that even a usage
 * error answers as a JSON error object.  "--help" (or -h, -?) prints the context's help, every
 * group included, on stdout: FALSE with *@status SP_CLI_OK, the caller returns it.  An unknown
 * option, a missing or bad value (a callback's G_OPTION_ERROR) is a usage error: FALSE with
 * *@status SP_CLI_USAGE, printed as sp_cli_fail() does with the code "usage".  Do not enable
 * GLib's own help or call g_option_context_parse() directly: it would exit the process. */
gboolean sp_cli_parse_options (SpCli          *cli,
                               GOptionContext *context,
                               int            *argc,
                               char         ***argv,
                               int            *status);
/* Adds the common --json switch (setting cli->json) to @context's main group. */
void     sp_cli_add_json_option (SpCli          *cli,
                                 GOptionContext *context);
/* A command's GOptionContext: its @entries (may be NULL), --json, the @summary its help opens
 * with (may be NULL), @parameters the positional arguments' names in the usage line. */
GOptionContext *sp_cli_context_new (SpCli              *cli,
                                    const char         *parameters,
                                    const GOptionEntry *entries,
                                    const char         *summary);
/* Runs the subcommand @argv[1] of command @argv[0] from @subcommands, with argv from the
 * subcommand's name.  --help lists them on stdout (SP_CLI_OK); no subcommand lists them on
 * stderr, an unknown one is a usage error (SP_CLI_USAGE). */
int      sp_cli_run_subcommand  (SpCli              *cli,
                                 int                 argc,
                                 char              **argv,
                                 const SpCliCommand *subcommands,
                                 guint               n_subcommands);
/* The positional arguments after parsing: exactly @n, or with @n -1 at least one; else a usage
 * error saying that the command needs @what (or what was not expected). */
gboolean sp_cli_check_arguments (SpCli       *cli,
                                 int          argc,
                                 char       **argv,
                                 int          n,
                                 const char  *what,
                                 int         *status);
/* An ID (a whole number from 1) typed for @what; else a usage error. */
gboolean sp_cli_parse_id        (SpCli       *cli,
                                 const char  *text,
                                 const char  *what,
                                 gint64      *id,
                                 int         *status);
/* A number option within [@min, @max]; else a usage error naming --@option. */
gboolean sp_cli_check_range     (SpCli       *cli,
                                 const char  *option,
                                 gint64       value,
                                 gint64       min,
                                 gint64       max,
                                 int         *status);
/* Reads --rules: @name must be mcr, taiwan or guangdong.  Else prints the usage error (the
 * option missing or the ruleset unknown), sets *@status and returns FALSE. */
gboolean sp_cli_parse_ruleset (SpCli      *cli,
                               const char *name,
                               SpRuleset  *ruleset,
                               int        *status);
/* Prints a JSON node on one line to stdout. */
void  sp_cli_print_json      (JsonNode   *node);

/* Records as JSON through JsonBuilder: a member and its value in one call. */
void  sp_cli_builder_int     (JsonBuilder *builder,
                              const char  *name,
                              gint64       value);
void  sp_cli_builder_bool    (JsonBuilder *builder,
                              const char  *name,
                              gboolean     value);
void  sp_cli_builder_string  (JsonBuilder *builder,
                              const char  *name,
                              const char  *value);
/* A string member, null when @value is NULL. */
void  sp_cli_builder_nullable (JsonBuilder *builder,
                               const char  *name,
                               const char  *value);
/* Prints what @builder built, on one line. */
void  sp_cli_print_builder   (JsonBuilder *builder);
/* Prints {"@member": @value}: what a command that changed one thing did. */
void  sp_cli_print_int_object (const char *member,
                               gint64      value);
/* Writes one record of a list as a JSON object. */
typedef void (*SpCliToJson) (JsonBuilder   *builder,
                             gconstpointer  record);
/* Prints {"@member":[…]} with one object per record of @records. */
void  sp_cli_print_json_list (const char  *member,
                              GPtrArray   *records,
                              SpCliToJson  to_json);

/* The columns @text takes on a terminal: a wide character (CJK) counts two, a zero-width one
 * none, any other character (or a byte that is not UTF-8) one. */
guint sp_cli_text_width      (const char *text);
/* Appends @text to @out, then spaces up to @width columns: printf's "%-*s" by display width, so
 * that text tables line up whatever the script of the names in them. */
void  sp_cli_append_padded   (GString    *out,
                              const char *text,
                              guint       width);

/* A verdict of score (SPEC.md §3.1) as one JSON object: {"rules", "profile", "win", "error",
 * "ready", "total", "fan", "points", "settlement", "penalty"}, each member when it applies. */
void  sp_cli_build_verdict   (JsonBuilder         *builder,
                              const SpRules       *rules,
                              const SpScoreResult *result);
/* The member "error": {"code", "message" (@message), and for not-a-win "ready"/"shanten", for
 * below-minimum "total"} of a refused verdict. */
void  sp_cli_build_verdict_error (JsonBuilder         *builder,
                                  const SpScoreResult *result,
                                  const char          *message);
/* Reports a refused verdict as sp_cli_fail does, the JSON error carrying the verdict's fields
 * as `score --json` writes them; returns SP_CLI_REFUSED. */
int   sp_cli_fail_verdict    (SpCli               *cli,
                              const SpScoreResult *result,
                              const char          *message);

/* The verdict writer of `score --batch`: JSON written straight into @out, byte for byte what
 * JsonGenerator writes for the same object (a verdict through JsonBuilder costs four times its
 * scoring; see sp-cli.c).  Use json-glib everywhere else.  sp_cli_json_member writes the comma
 * before a member unless it opens its object. */
void  sp_cli_json_string     (GString             *out,
                              const char          *text);
void  sp_cli_json_member     (GString             *out,
                              const char          *name);
void  sp_cli_json_int        (GString             *out,
                              gint64               value);
/* The array of a verdict's items: [{"name", "value", "count"}, …]. */
void  sp_cli_json_items      (GString             *out,
                              const SpScoreResult *result);
/* "ready" and, when not ready, "shanten" of a not-a-win verdict. */
void  sp_cli_json_ready      (GString             *out,
                              const SpScoreResult *result);
/* The member "error" of a refused verdict, as sp_cli_build_verdict_error() builds it. */
void  sp_cli_json_verdict_error (GString             *out,
                                 const SpScoreResult *result,
                                 const char          *message);
/* The whole verdict, as sp_cli_build_verdict() builds it. */
void  sp_cli_json_verdict    (GString             *out,
                              const SpRules       *rules,
                              const SpScoreResult *result);

/* The subcommands. */
int   sp_cli_score           (SpCli *cli, int argc, char **argv);
int   sp_cli_waits           (SpCli *cli, int argc, char **argv);
int   sp_cli_check           (SpCli *cli, int argc, char **argv);
int   sp_cli_seating         (SpCli *cli, int argc, char **argv);
int   sp_cli_tournament      (SpCli *cli, int argc, char **argv);
int   sp_cli_players         (SpCli *cli, int argc, char **argv);
int   sp_cli_hand            (SpCli *cli, int argc, char **argv);
int   sp_cli_penalty         (SpCli *cli, int argc, char **argv);
int   sp_cli_session         (SpCli *cli, int argc, char **argv);
int   sp_cli_standings       (SpCli *cli, int argc, char **argv);

G_END_DECLS
