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
/* Reads --rules: @name must be mcr, taiwan or guangdong.  Else prints the usage error (the
 * option missing or the ruleset unknown), sets *@status and returns FALSE. */
gboolean sp_cli_parse_ruleset (SpCli      *cli,
                               const char *name,
                               SpRuleset  *ruleset,
                               int        *status);
/* Prints a JSON node on one line to stdout. */
void  sp_cli_print_json      (JsonNode   *node);

/* The subcommands. */
int   sp_cli_score           (SpCli *cli, int argc, char **argv);
int   sp_cli_waits           (SpCli *cli, int argc, char **argv);
int   sp_cli_check           (SpCli *cli, int argc, char **argv);
int   sp_cli_seating         (SpCli *cli, int argc, char **argv);

G_END_DECLS
