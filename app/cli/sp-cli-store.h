/* sp-cli-store.h: what the tournament commands of sparrow-cli share: their option parser,
 * the open store and tournament, and the CSV reader.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-cli.h"
#include "sp-core.h"
#include "sp-db.h"
#include "sp-rotation.h"
#include "sp-standings.h"

G_BEGIN_DECLS

/* The options of one subcommand.  @allowed lists the option names without dashes, with a
 * trailing '=' for those that take a value ("session=", "json"); "option=" may repeat. */
typedef struct
{
  GHashTable *values;      /* name → value ("" for a switch) */
  GPtrArray  *repeated;    /* the values of --option */
  GPtrArray  *positional;
  GPtrArray  *situation;   /* SITUATION options as given: name, value (or NULL), … */
  gboolean    help;
} SpCliArgs;

/* The body of a subcommand, given its parsed options. */
typedef int (*SpCliArgsFunc) (SpCli     *cli,
                              SpCliArgs *args);

/* Parses the options of subcommand @argv[0] (see sp_cli_args_parse) and runs @run with them:
 * returns its status, or that of the usage error. */
int         sp_cli_args_run     (SpCli              *cli,
                                 int                 argc,
                                 char              **argv,
                                 const char * const *allowed,
                                 gboolean            takes_situation,
                                 SpCliArgsFunc       run);
gboolean    sp_cli_args_parse   (SpCli              *cli,
                                 int                 argc,
                                 char              **argv,
                                 const char * const *allowed,
                                 gboolean            takes_situation,
                                 SpCliArgs          *args,
                                 int                *status);
void        sp_cli_args_clear   (SpCliArgs          *args);
const char *sp_cli_args_get     (const SpCliArgs    *args,
                                 const char         *name);
gboolean    sp_cli_args_has     (const SpCliArgs    *args,
                                 const char         *name);
/* A whole number option; absent leaves @value alone.  A bad number is a usage error. */
gboolean    sp_cli_args_int     (SpCli              *cli,
                                 const SpCliArgs    *args,
                                 const char         *name,
                                 gint64              min,
                                 gint64              max,
                                 gint64             *value,
                                 int                *status);

/* The open store, with the tournament the command acts on and its rules. */
typedef struct
{
  SpDb         *db;
  SpTournament *tournament;
  SpRules      *rules;
  GHashTable   *options;  /* the tournament's KEY=VALUE options */
} SpCliStore;

/* Opens the store and, if @need_tournament, finds the tournament the command acts on
 * (--tournament, else the latest); on failure reports it, leaves @store cleared and sets
 * *@status. */
gboolean sp_cli_store_open          (SpCli       *cli,
                                     SpCliStore  *store,
                                     gboolean     need_tournament,
                                     int         *status);
void     sp_cli_store_clear         (SpCliStore  *store);
/* Ends a command on the store: without @error, clears @store and returns SP_CLI_OK; with it,
 * rolls back, reports @error (sp_cli_store_fail), clears @store and returns the status. */
int      sp_cli_store_finish        (SpCli        *cli,
                                     SpCliStore   *store,
                                     const GError *error);
/* The value of a tournament option (KEY=VALUE lines), or @fallback. */
const char *sp_cli_store_option     (SpCliStore  *store,
                                     const char  *key,
                                     const char  *fallback);
/* Rolls back, then reports @error with the exit status of its kind: storage errors 3,
 * refusals 1. */
int      sp_cli_store_fail          (SpCli        *cli,
                                     SpCliStore   *store,
                                     const GError *error);

extern const char * const sp_cli_seat_names[4];

/* The CSV reader moved to db/ (sp_db_csv_read); these names stay until hand import moves too. */
typedef SpDbCsv SpCliCsv;
#define sp_cli_csv_read  sp_db_csv_read
#define sp_cli_csv_clear sp_db_csv_clear

/* The subcommands. */
int sp_cli_tournament (SpCli *cli, int argc, char **argv);
int sp_cli_players    (SpCli *cli, int argc, char **argv);
/* `seating draw` and `seating show`, subcommands of `seating` (sp-cli-seating.c): @argv[0] is
 * the subcommand's name. */
int sp_cli_seating_draw (SpCli *cli, int argc, char **argv);
int sp_cli_seating_show (SpCli *cli, int argc, char **argv);
int sp_cli_hand       (SpCli *cli, int argc, char **argv);
int sp_cli_penalty    (SpCli *cli, int argc, char **argv);
int sp_cli_session    (SpCli *cli, int argc, char **argv);
int sp_cli_standings  (SpCli *cli, int argc, char **argv);

G_END_DECLS
