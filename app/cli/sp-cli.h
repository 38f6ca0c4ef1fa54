/* sp-cli.h: what the commands of sparrow-cli share: errors, option parsing, JSON output.
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
  gboolean    json;    /* the running command answers in JSON */
  const char *command; /* the command's name as typed ("score", "seating"), for --help */
} SpCli;

/* A command or subcommand: @argv[0] is its name, the rest its arguments. */
typedef int (*SpCliCommandFunc) (SpCli  *cli,
                                 int     argc,
                                 char  **argv);

/* A command: its @run, or its @subcommands (a list ending with { NULL }). */
typedef struct _SpCliCommand SpCliCommand;
struct _SpCliCommand
{
  const char         *name;
  const char         *summary;
  SpCliCommandFunc    run;
  const SpCliCommand *subcommands;
};

/* Prints an error as SPEC.md §3 says (a JSON object on stdout under --json, else one line on
 * stderr) and returns @status. */
G_GNUC_PRINTF (4, 5)
int      sp_cli_fail            (SpCli              *cli,
                                 int                 status,
                                 const char         *code,
                                 const char         *format,
                                 ...);
/* The same for a GError of the core (its code's name) or of GOption (a usage error). */
int      sp_cli_fail_error      (SpCli              *cli,
                                 const GError       *error);

/* A command's GOptionContext: its @entries (or NULL), --json, the @summary its help opens with
 * (or NULL), @parameters the positional arguments' names in the usage line. */
GOptionContext *sp_cli_context_new (SpCli              *cli,
                                    const char         *parameters,
                                    const GOptionEntry *entries,
                                    const char         *summary);
/* The options several commands share, each defined once: --session K and --table T (0 when
 * not given), with the @description the command gives them. */
GOptionEntry sp_cli_session_entry (gint64         *session,
                                   const char     *description);
GOptionEntry sp_cli_table_entry   (gint64         *table,
                                   const char     *description);
/* THE way a command parses its options; never g_option_context_parse(), whose --help would exit.
 * "--json" anywhere (before "--") sets cli->json first, so that a usage error answers in JSON.
 * --help prints the help of every group on stdout: FALSE, *@status SP_CLI_OK.  An unknown
 * option or a bad value: FALSE, *@status SP_CLI_USAGE, reported.  Then argv[0] is the command's
 * name and argv[1..argc-1] its positional arguments. */
/* The option of @argv whose value is not UTF-8 (GOption's error names neither), or NULL. */
char    *sp_cli_option_not_utf8 (int                 argc,
                                 char              **argv);
gboolean sp_cli_parse_options   (SpCli              *cli,
                                 GOptionContext     *context,
                                 int                *argc,
                                 char             ***argv,
                                 int                *status);
/* Runs the subcommand @argv[1] of command @argv[0].  --help lists @subcommands on stdout
 * (SP_CLI_OK); none given lists them on stderr, an unknown one is a usage error. */
int      sp_cli_run_subcommand  (SpCli              *cli,
                                 int                 argc,
                                 char              **argv,
                                 const SpCliCommand *subcommands);
/* The positional arguments: exactly @n, or with @n -1 at least one; else a usage error saying
 * that the command needs @what, or what was not expected. */
gboolean sp_cli_check_arguments (SpCli              *cli,
                                 int                 argc,
                                 char              **argv,
                                 int                 n,
                                 const char         *what,
                                 int                *status);
/* An ID (a whole number from 1) typed as @what; else a usage error. */
gboolean sp_cli_parse_id        (SpCli              *cli,
                                 const char         *text,
                                 const char         *what,
                                 gint64             *id,
                                 int                *status);
/* A number option within [@min, @max]; else a usage error naming --@option. */
gboolean sp_cli_check_range     (SpCli              *cli,
                                 const char         *option,
                                 gint64              value,
                                 gint64              min,
                                 gint64              max,
                                 int                *status);
/* --rules: @name must be one of sp_ruleset_names (); else a usage error. */
gboolean sp_cli_parse_ruleset   (SpCli              *cli,
                                 const char         *name,
                                 SpRuleset          *ruleset,
                                 int                *status);
/* Sets each --option KEY=VALUE of @options on @rules; else a usage error.  With @tournament
 * (create), a tournament option is accepted too, and every option kept in its options. */
gboolean sp_cli_apply_options   (SpCli              *cli,
                                 SpRules            *rules,
                                 const char * const *options,
                                 SpTournament       *tournament,
                                 int                *status);
/* A member and its value in one call. */
void     sp_cli_builder_int     (JsonBuilder        *builder,
                                 const char         *name,
                                 gint64              value);
void     sp_cli_builder_bool    (JsonBuilder        *builder,
                                 const char         *name,
                                 gboolean            value);
void     sp_cli_builder_string  (JsonBuilder        *builder,
                                 const char         *name,
                                 const char         *value);
/* {"E":…,"S":…,"W":…,"N":…} as member @name: @values by seat. */
void     sp_cli_builder_seats   (JsonBuilder        *builder,
                                 const char         *name,
                                 const gint64        values[4]);
/* Prints what @builder built on one line of stdout. */
void     sp_cli_print_builder   (JsonBuilder        *builder);
/* What a command that changed one thing did: {"@member": @value} under --json, else the text
 * of @format.  Returns SP_CLI_OK. */
G_GNUC_PRINTF (4, 5)
int      sp_cli_print_done      (SpCli              *cli,
                                 const char         *member,
                                 gint64              value,
                                 const char         *format,
                                 ...);

/* ---- Records: each kind described once as columns, printed as JSON or as a text table ---- */

typedef enum
{
  SP_CLI_INT64,   /* a gint64 field */
  SP_CLI_UINT,    /* a guint field */
  SP_CLI_INT,     /* a gint (gint32) field */
  SP_CLI_BOOL,    /* a gboolean field */
  SP_CLI_DOUBLE,  /* a double field, two decimals in text */
  SP_CLI_STRING,  /* a char * field, or what the column's @text returns */
  SP_CLI_SEATS,   /* a gint64[4] field by seat: an object E S W N */
  SP_CLI_JSON,    /* a char * field holding JSON, written as the value it is */
  SP_CLI_OBJECT,  /* an object of the same record: the column's @members (JSON only) */
  SP_CLI_ITEMS,   /* a const SpHandItems * field: an array of {"name", "value", "count"}, empty
                   * for NULL (JSON only) */
} SpCliValue;

typedef enum
{
  SP_CLI_NULL_IF_EMPTY = 1 << 0, /* JSON null (text "-") when 0 or NULL */
  SP_CLI_OMIT_IF_EMPTY = 1 << 1, /* left out of the JSON object when 0 or NULL */
} SpCliColumnFlags;

/* A column of a record: its JSON member (NULL: text only), its text heading (N_(); NULL: JSON
 * only), and where its value is: the field at @offset, or for a string what @text makes of the
 * record.  A list of columns ends with { NULL }. */
typedef struct _SpCliColumn SpCliColumn;
struct _SpCliColumn
{
  const char         *key;
  const char         *header;
  SpCliValue          type;
  SpCliColumnFlags    flags;
  gsize               offset;
  const char       *(*text) (gconstpointer record);
  const SpCliColumn  *members;
};

/* The members of @record (the caller opens and closes the object). */
void     sp_cli_build_members   (JsonBuilder        *builder,
                                 const SpCliColumn  *columns,
                                 gconstpointer       record);
/* Member @member: an array of @records, one object each. */
void     sp_cli_build_records   (JsonBuilder        *builder,
                                 const char         *member,
                                 const SpCliColumn  *columns,
                                 GPtrArray          *records);
/* @records as a text table: a heading line, then a line each, the columns padded by display
 * width (numbers right-aligned, but the first column: it starts the line). */
void     sp_cli_append_table    (GString            *out,
                                 const SpCliColumn  *columns,
                                 GPtrArray          *records);
/* {"@member":[…]} under --json, else the text table, on stdout. */
void     sp_cli_print_records   (SpCli              *cli,
                                 const char         *member,
                                 const SpCliColumn  *columns,
                                 GPtrArray          *records);
/* One record: its object under --json, else the line @text. */
void     sp_cli_print_record    (SpCli              *cli,
                                 const SpCliColumn  *columns,
                                 gconstpointer       record,
                                 const char         *text);

extern const char * const sp_cli_seat_names[4];

/* A verdict of score (SPEC.md §3.1) as one JSON object, and its member "error" ({"code",
 * "message" (@message), "ready"/"shanten" or "total"}) when refused. */
void     sp_cli_build_verdict   (JsonBuilder         *builder,
                                 const SpRules       *rules,
                                 const SpScoreResult *result);
void     sp_cli_build_verdict_error (JsonBuilder         *builder,
                                     const SpScoreResult *result,
                                     const char          *message);
/* Reports a refused verdict as sp_cli_fail does, the JSON error carrying the verdict's fields;
 * returns SP_CLI_REFUSED. */
int      sp_cli_fail_verdict    (SpCli               *cli,
                                 const SpScoreResult *result,
                                 const char          *message);

/* The verdict writer of `score --batch` only: JSON written straight into @out, byte for byte what
 * JsonGenerator writes for the same object (see sp-cli.c).  sp_cli_json_member writes the comma
 * before a member unless it opens its object. */
void     sp_cli_json_string     (GString             *out,
                                 const char          *text);
void     sp_cli_json_member     (GString             *out,
                                 const char          *name);
void     sp_cli_json_int        (GString             *out,
                                 gint64               value);
void     sp_cli_json_verdict_error (GString             *out,
                                    const SpScoreResult *result,
                                    const char          *message);
void     sp_cli_json_verdict    (GString             *out,
                                 const SpRules       *rules,
                                 const SpScoreResult *result);
/* A Riichi winner of a table's hand as hand list gives it: {"seat", "han", "fu" (or
 * "yakuman"), "limit", "yaku", "dora", "cost", "total"}, as score does. */
void     sp_cli_json_win        (GString             *out,
                                 const char          *seat,
                                 const SpScoreResult *result);

/* The commands. */
int      sp_cli_score           (SpCli *cli, int argc, char **argv);
int      sp_cli_waits           (SpCli *cli, int argc, char **argv);
int      sp_cli_check           (SpCli *cli, int argc, char **argv);
int      sp_cli_standings       (SpCli *cli, int argc, char **argv);
int      sp_cli_export          (SpCli *cli, int argc, char **argv);
int      sp_cli_backup          (SpCli *cli, int argc, char **argv);
int      sp_cli_restore         (SpCli *cli, int argc, char **argv);
int      sp_cli_serve           (SpCli *cli, int argc, char **argv);
int      sp_cli_log             (SpCli *cli, int argc, char **argv);
extern const SpCliCommand sp_cli_seating_commands[];
extern const SpCliCommand sp_cli_tournament_commands[];
extern const SpCliCommand sp_cli_players_commands[];
extern const SpCliCommand sp_cli_hand_commands[];
extern const SpCliCommand sp_cli_penalty_commands[];
extern const SpCliCommand sp_cli_session_commands[];
extern const SpCliCommand sp_cli_db_commands[];

G_END_DECLS
