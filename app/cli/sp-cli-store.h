/* sp-cli-store.h: what the tournament commands of sparrow-cli share: their option parser,
 * the open store and tournament, and the state of a table replayed from its hands.
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

/* A table of a session as the hands left it. */
typedef struct
{
  guint      session;
  guint      table;
  gint64     players[4];    /* by chair */
  guint      n_hands;
  SpRotation next;          /* the state before the next hand */
  gboolean   closed;
} SpCliTable;

/* Loads the table's seats and replays its hands; a table the session does not have, a session
 * not drawn, are SP_DB_ERROR_NOT_FOUND naming them. */
gboolean sp_cli_table_load          (SpCliStore  *store,
                                     guint        session,
                                     guint        table,
                                     SpCliTable  *state,
                                     GError     **error);
/* Moves the rotation past one more hand of @record. */
void     sp_cli_table_advance       (SpCliStore         *store,
                                     SpCliTable         *state,
                                     const SpHandRecord *record);

/* What a referee enters for one hand (hand add, hand edit, one line of hand import). */
typedef struct
{
  gboolean    draw;
  gint        winner;        /* SpWind, -1 when not said */
  gint        from;          /* SpWind, 4 for self-drawn, -1 when not said */
  gboolean    has_fan;
  gint64      fan;
  const char *hand;          /* notation, or NULL */
  GPtrArray  *situation;     /* extra SITUATION options: name, value (or NULL), … */
  gboolean    false_win;
} SpCliEntry;

#define SP_CLI_FROM_SELF 4

/* Scores @entry as the next hand of @state: fills @record (chairs, items, total, settlement)
 * or, for a false win entered with --false-win, @result's penalty with @record untouched and
 * *false_win set.  Refusals are SP_CORE_ERROR (the core's codes) or SP_DB_ERROR_INVALID. */
gboolean sp_cli_entry_score         (SpCliStore        *store,
                                     const SpCliTable  *state,
                                     const SpCliEntry  *entry,
                                     SpHandRecord      *record,
                                     SpScoreResult     *result,
                                     gboolean          *false_win,
                                     GError           **error);
/* The entry a stored record was made from, with its chairs as seat winds of @rotation. */
void     sp_cli_entry_from_record   (const SpHandRecord *record,
                                     const SpRotation   *rotation,
                                     SpCliEntry         *entry);
/* Appends the SITUATION options of @text ("name [value] …", as stored) to @entry's. */
void     sp_cli_entry_add_situation (SpCliEntry         *entry,
                                     const char         *text);
void     sp_cli_entry_clear         (SpCliEntry         *entry);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SpCliEntry, sp_cli_entry_clear)

/* JSON of a stored hand, seats as they were at that hand. */
void     sp_cli_hand_to_json        (SpCliStore         *store,
                                     JsonBuilder        *builder,
                                     const SpHandRecord *record,
                                     const SpRotation   *rotation,
                                     const gint64        players[4]);

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
