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
  char     *db_path;
  char     *tournament;
  char     *referee;
  gboolean  json; /* the running subcommand answers in JSON */
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
/* Parses a subcommand's options; on a usage error prints it and returns FALSE. */
gboolean sp_cli_parse_options (SpCli          *cli,
                               GOptionContext *context,
                               int            *argc,
                               char         ***argv,
                               int            *status);
/* Prints a subcommand's usage @text: asked for (--help), on stdout, returning SP_CLI_OK; else,
 * the command line being wrong, on stderr, returning SP_CLI_USAGE. */
int   sp_cli_usage           (const char *text,
                              gboolean    asked);
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
void  sp_cli_builder_string  (JsonBuilder *builder,
                              const char  *name,
                              const char  *value);
/* A string member, null when @value is NULL. */
void  sp_cli_builder_nullable (JsonBuilder *builder,
                               const char  *name,
                               const char  *value);
/* Prints what @builder built, on one line. */
void  sp_cli_print_builder   (JsonBuilder *builder);
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

/* The verdict writer: JSON written straight into @out, byte for byte what JsonGenerator
 * writes (a verdict through JsonBuilder costs four times its scoring; see sp-cli.c).
 * sp_cli_json_member writes the comma before a member unless it opens its object. */
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
/* The member "error": {"code", "message" (@message), and for not-a-win "ready"/"shanten", for
 * below-minimum "total"} of a refused verdict (SPEC.md §3.1). */
void  sp_cli_json_verdict_error (GString             *out,
                                 const SpScoreResult *result,
                                 const char          *message);
/* Reports a refused verdict as sp_cli_fail does, the JSON error carrying the verdict's fields
 * as `score --json` writes them; returns SP_CLI_REFUSED. */
int   sp_cli_fail_verdict    (SpCli               *cli,
                              const SpScoreResult *result,
                              const char          *message);

/* A SITUATION option as typed ("--seat-wind", "S"; @value NULL for a switch) set on @situation. */
gboolean sp_cli_situation_apply       (SpSituation  *situation,
                                       const char   *option,
                                       const char   *value,
                                       GError      **error);
/* Whether @option ("--seat-wind") is a SITUATION option that takes a value. */
gboolean sp_cli_situation_takes_value (const char   *option);

/* The subcommands. */
int   sp_cli_score           (SpCli *cli, int argc, char **argv);
int   sp_cli_waits           (SpCli *cli, int argc, char **argv);
int   sp_cli_check           (SpCli *cli, int argc, char **argv);
int   sp_cli_seating         (SpCli *cli, int argc, char **argv);

G_END_DECLS
