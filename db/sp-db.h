/* sp-db.h: the tournament store, one header for all of it.  The API speaks the domain's
 * words and returns the records of sp-tournament.h; SQL stays inside db/.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>
#include <glib.h>

#include "sp-core.h"
#include "sp-db-error.h"
#include "sp-db-path.h"

G_BEGIN_DECLS

/* The schema version this program writes; a file with a higher one is SP_DB_ERROR_TOO_NEW. */
#define SP_DB_SCHEMA_VERSION 13
/* PRAGMA application_id of a Sparrow database ("Sprw"). */
#define SP_DB_APPLICATION_ID 0x53707277

typedef struct _SpDb SpDb;

/* Opens or creates the file and brings its schema up to date (one transaction).  A file
 * that is not a Sparrow database is SP_DB_ERROR_NOT_SPARROW, a newer one SP_DB_ERROR_TOO_NEW. */
SpDb     *sp_db_open                (const char  *path,
                                     GError     **error);
/* sp_db_open () of a server with the @password of its user (NULL: none, or libpq's
 * ~/.pgpass); the password is kept only to connect again, never in the location or a
 * message.  For a file, the same as sp_db_open (). */
SpDb     *sp_db_open_with_password  (const char  *location,
                                     const char  *password,
                                     GError     **error);
void      sp_db_close               (SpDb        *db);
/* sp_db_open_with_password () without waiting: a server is connected to in the main loop of
 * the caller's thread-default context (its socket watched, never a blocking connect), within
 * its location's connect_timeout (10 s without one), and @cancellable stops it
 * (G_IO_ERROR_CANCELLED); a file is opened at once.  @callback gets the result for
 * sp_db_open_finish (), which gives the store or NULL with why. */
void      sp_db_open_async          (const char          *location,
                                     const char          *password,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
SpDb     *sp_db_open_finish         (GAsyncResult        *result,
                                     GError             **error);

/* Whether a store reaches its server now.  A file is always CONNECTED.  A server's store
 * watched by a window (sp_db_watch_changes) that loses its server connects again in the
 * background: RECONNECTING while it tries, OFFLINE between two tries; its calls meanwhile
 * fail at once (SP_DB_ERROR_IO) rather than wait, and the watch's function is called when the
 * state changes. */
typedef enum
{
  SP_DB_CONNECTED,
  SP_DB_RECONNECTING,
  SP_DB_OFFLINE,
} SpDbConnectionState;

SpDbConnectionState sp_db_get_connection_state (SpDb *db);

/* What the login of a store may do (a hall server's roles, sparrow-cli db roles): a file's
 * person, a superuser and the schema's owner are the director. */
typedef enum
{
  SP_DB_ROLE_DIRECTOR,
  SP_DB_ROLE_REFEREE,
  SP_DB_ROLE_VIEWER,
} SpDbRole;

/* The role of the store's login, as read when it was opened; and the login's name (the
 * server's user, or the person's for a file). */
SpDbRole    sp_db_get_role       (SpDb     *db);
const char *sp_db_get_login      (SpDb     *db);
/* The database's name: the server's database, or the file's name. */
const char *sp_db_get_database_name (SpDb  *db);
/* The role's name as a person reads it ("Director"), translated; and as the server names it
 * ("director"), for the command line. */
const char *sp_db_role_get_label (SpDbRole  role);
const char *sp_db_role_get_name  (SpDbRole  role);
int       sp_db_get_schema_version  (SpDb        *db);
/* Copies the whole database to @path with SQLite's online backup, safe while others write:
 * written to a temporary file beside @path and renamed into place, mode 0600. */
gboolean  sp_db_backup              (SpDb        *db,
                                     const char  *path,
                                     GError     **error);
/* Replaces the database's content with the backup @path, after checking that it is a
 * Sparrow database of a schema this program knows (else SP_DB_ERROR_NOT_SPARROW or
 * SP_DB_ERROR_TOO_NEW, and the database is untouched); an older schema is then migrated. */
gboolean  sp_db_restore             (SpDb        *db,
                                     const char  *path,
                                     GError     **error);
/* Automatic backups, kept in a folder beside the database (sp_db_get_backup_folder: for
 * "/x/sparrow.db", "/x/sparrow.db-backups", mode 0700), each file named by the time it was made
 * (UTC) and why: "2026-12-01T03-04-05.123Z-session-2-closed.db".  One is made before every
 * migration of an existing file and at every session close; the newest SP_DB_BACKUPS_KEPT are
 * kept, older automatic ones deleted (never another file of the folder). */
#define SP_DB_BACKUPS_KEPT 20

typedef struct
{
  gint64   time;    /* when it was made: microseconds since 1970, UTC */
  char    *reason;  /* "before-migration-3-to-4", "session-2-closed", "before-restore", … */
  goffset  size;    /* bytes */
  char    *path;
} SpDbBackup;

void        sp_db_backup_free          (SpDbBackup  *backup);
char       *sp_db_get_backup_folder    (const char  *path);
/* The automatic backups of the database at @path (SpDbBackup), newest first; none when the
 * folder does not exist. */
GPtrArray  *sp_db_list_backups         (const char  *path,
                                        GError     **error);
/* Makes an automatic backup for @reason (lowercase letters, digits and '-'), then deletes the
 * automatic backups beyond the newest SP_DB_BACKUPS_KEPT; the new file's path in @made. */
gboolean    sp_db_auto_backup          (SpDb        *db,
                                        const char  *reason,
                                        char       **made,
                                        GError     **error);
/* sp_db_restore after an automatic "before-restore" backup of the database it replaces. */
gboolean    sp_db_restore_with_backup  (SpDb        *db,
                                        const char  *backup,
                                        GError     **error);
/* For a database that cannot be opened (damaged, or not a Sparrow database): checks the backup
 * @backup as sp_db_restore does, moves the file at @path with its journal into the backup
 * folder as a "before-restore" backup (its new path in @saved) and puts a copy of @backup in its
 * place.  A file that opens is refused (SP_DB_ERROR_INVALID): restore it with sp_db_restore. */
gboolean    sp_db_replace_unreadable   (const char  *path,
                                        const char  *backup,
                                        char       **saved,
                                        GError     **error);
/* @reason in words for a person ("Spring Open: session 2 closed"); with @db (nullable), a
 * tournament still in it is named. */
char       *sp_db_describe_backup_reason (SpDb       *db,
                                          const char *reason);
/* What went wrong without failing the operation that returned TRUE (the automatic backup at a
 * session close that could not be made), or NULL; the message is the caller's, and cleared. */
char       *sp_db_take_warning         (SpDb        *db);
const char *sp_db_get_path             (SpDb        *db);
/* Who makes the changes, for the audit log. */
void      sp_db_set_referee         (SpDb        *db,
                                     const char  *referee);

/* One command is one write transaction (BEGIN IMMEDIATE … COMMIT); on any error the caller
 * rolls back and nothing is written. */
gboolean  sp_db_begin               (SpDb        *db,
                                     GError     **error);
gboolean  sp_db_commit              (SpDb        *db,
                                     GError     **error);
void      sp_db_rollback            (SpDb        *db);

/* Tournaments.  @tournament->id is set on success. */
gboolean      sp_db_create_tournament (SpDb          *db,
                                       SpTournament  *tournament,
                                       GError       **error);
/* Every tournament, its settings and rules read from its options; one whose stored options do
 * not read is listed with its settings at their defaults and no rules (sp_db_find_tournament ()
 * says why). */
GPtrArray    *sp_db_list_tournaments  (SpDb          *db,
                                       GError       **error);
/* By id or name; NULL means the most recently created.  Its settings and rules are read from
 * its stored options (sp_tournament_read_options ()): a text that does not read is
 * SP_DB_ERROR_INVALID with the core's reason. */
SpTournament *sp_db_find_tournament   (SpDb          *db,
                                       const char    *id_or_name,
                                       GError       **error);
gboolean      sp_db_set_plan_seed     (SpDb          *db,
                                       gint64         tournament,
                                       guint64        seed,
                                       GError       **error);
/* FALSE when no balanced plan was stored yet. */
gboolean      sp_db_get_plan_seed     (SpDb          *db,
                                       gint64         tournament,
                                       guint64       *seed);

/* Players.  A name already registered in the tournament is SP_DB_ERROR_INVALID. */
gboolean   sp_db_add_player          (SpDb            *db,
                                      SpPlayer        *player,
                                      GError         **error);
GPtrArray *sp_db_list_players        (SpDb            *db,
                                      gint64           tournament,
                                      GError         **error);
/* The players taking part: those registered and not withdrawn (substitutes count). */
gboolean   sp_db_count_players       (SpDb            *db,
                                      gint64           tournament,
                                      guint           *n_players,
                                      GError         **error);
SpPlayer  *sp_db_get_player          (SpDb            *db,
                                      gint64           tournament,
                                      gint64           player,
                                      GError         **error);
SpPlayer  *sp_db_find_player_by_name (SpDb            *db,
                                      gint64           tournament,
                                      const char      *name,
                                      GError         **error);
gboolean   sp_db_set_player_status   (SpDb            *db,
                                      gint64           player,
                                      SpPlayerStatus   status,
                                      GError         **error);
/* Puts @substitute in @player's seats at the tables of open sessions without a hand yet (and in
 * his plan places). */
gboolean   sp_db_replace_player      (SpDb            *db,
                                      gint64           tournament,
                                      gint64           player,
                                      gint64           substitute,
                                      GError         **error);

/* Sessions. */
typedef struct
{
  guint    number;
  gboolean exists;   /* drawn or played */
  gboolean closed;
  gboolean time_up;
  gboolean has_seed;
  guint64  seed;
  guint    n_tables;
  gboolean has_hands; /* a hand is entered (whether, not how many: asked at every hand) */
} SpSessionInfo;

gboolean sp_db_get_session    (SpDb          *db,
                               gint64         tournament,
                               guint          session,
                               SpSessionInfo *info,
                               GError       **error);
gboolean sp_db_set_session_closed (SpDb      *db,
                                   gint64     tournament,
                                   guint      session,
                                   gboolean   closed,
                                   gboolean   time_up,
                                   GError   **error);
/* Stores the seats of a session: @players holds 4 player ids per table, in chair order.
 * Refused when the session has hands. */
gboolean sp_db_store_seating  (SpDb          *db,
                               gint64         tournament,
                               guint          session,
                               guint64        seed,
                               const gint64  *players,
                               guint          n_players,
                               GError       **error);
/* The player ids of a session, 4 per table in chair order (empty when not drawn). */
GArray  *sp_db_list_seats     (SpDb          *db,
                               gint64         tournament,
                               guint          session,
                               GError       **error);

/* The four players of one table, in chair order; SP_DB_ERROR_NOT_FOUND when the session has
 * no such table. */
gboolean sp_db_get_table_seats (SpDb         *db,
                                gint64        tournament,
                                guint         session,
                                guint         table,
                                gint64        players[4],
                                GError      **error);

/* The balanced plan: @numbers maps plan numbers 1..N to player ids (numbers[k-1]); @seats
 * holds plan numbers (1-based), 4 per table, tables in order, for each session in turn. */
gboolean sp_db_store_plan     (SpDb          *db,
                               gint64         tournament,
                               guint64        seed,
                               const gint64  *numbers,
                               guint          n_players,
                               const guint16 *seats,
                               guint          n_sessions,
                               GError       **error);
/* The player ids of a session of the plan, 4 per table, or NULL with SP_DB_ERROR_NOT_FOUND. */
GArray  *sp_db_get_plan_session (SpDb        *db,
                                 gint64       tournament,
                                 guint        session,
                                 GError     **error);

/* Hands as rows.  sp_db_record_hand sets @hand->id; the hand's number must be the next at its
 * table.  These three refuse a closed session; they check no rule of play: the operations
 * below do. */
gboolean      sp_db_record_hand  (SpDb          *db,
                                  gint64         tournament,
                                  SpHandRecord  *hand,
                                  GError       **error);
gboolean      sp_db_update_hand  (SpDb          *db,
                                  gint64         tournament,
                                  const SpHandRecord *hand,
                                  GError       **error);
/* Deletes a hand and renumbers the later hands of its table. */
gboolean      sp_db_delete_hand  (SpDb          *db,
                                  gint64         tournament,
                                  gint64         hand,
                                  GError       **error);
SpHandRecord *sp_db_get_hand     (SpDb          *db,
                                  gint64         tournament,
                                  gint64         hand,
                                  GError       **error);
/* @session, @table 0 mean all; ordered by session, table, number. */
GPtrArray    *sp_db_list_hands   (SpDb          *db,
                                  gint64         tournament,
                                  guint          session,
                                  guint          table,
                                  GError       **error);

/* The tournament operations on hands.  Each is one transaction (or joins the caller's) that
 * checks every rule and writes everything or nothing, with the audit log: a closed session,
 * a table where a withdrawn player sits, anything the core refuses (SP_CORE_ERROR with its
 * code) write nothing. */

/* A table as its hands left it (SpTable) and, when @hands is not NULL, those hands in number
 * order.  A session not drawn, a table it does not have, are SP_DB_ERROR_NOT_FOUND. */
gboolean sp_db_load_table   (SpDb                *db,
                             const SpTournament  *tournament,
                             guint                session,
                             guint                table,
                             SpTable             *state,
                             GPtrArray          **hands,
                             GError             **error);

/* What an operation on a hand did, for the front end to show. */
typedef struct
{
  SpHandRecord *hand;         /* the hand as stored; NULL for a false win or a removal */
  SpTable       table;        /* the table before that hand: its rotation gives the seat winds */
  SpScoreResult result;       /* the verdict */
  gboolean      false_win;
  GPtrArray    *penalties;    /* SpPenalty of a false win as stored, or NULL */
  gint64        disqualified; /* the player a 有意诈和 verdict disqualifies (offer to withdraw
                               * him), 0 for none */
  gboolean      repeated;     /* the entry's key was already a hand's: .hand is that hand as
                               * stored, nothing was written */
} SpHandReport;

void     sp_hand_report_clear (SpHandReport *report);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SpHandReport, sp_hand_report_clear)

/* Enters @entry as the next hand at @table of @session: a win or a draw is stored, a false win
 * (entry->false_win) stores its penalties. */
gboolean sp_db_add_hand     (SpDb                *db,
                             const SpTournament  *tournament,
                             const SpRules       *rules,
                             guint                session,
                             guint                table,
                             const SpHandEntry   *entry,
                             SpHandReport        *report,
                             GError             **error);
/* Entries made against what a front end showed: @expect_hand is the number the new hand takes
 * (what the referee saw as "Next: hand N"), @expect_seats (nullable) who sat at which wind for
 * it (SpTable.next: a correction of an earlier hand can move the deal without changing the
 * number), @expect_version the version of the hand corrected or deleted (SpHandRecord.version);
 * 0 and NULL check nothing.  When the table or the hand has changed
 * since, the entry is refused inside the transaction with SP_DB_ERROR_STALE, the message naming
 * what changed, who and when ("table 3 is at hand 6: hand 5 was entered by Mei Lin at 14:02",
 * local time), and nothing is written. */
gboolean sp_db_add_hand_expecting     (SpDb                *db,
                                       const SpTournament  *tournament,
                                       const SpRules       *rules,
                                       guint                session,
                                       guint                table,
                                       guint                expect_hand,
                                       const SpRotation    *expect_seats,
                                       const SpHandEntry   *entry,
                                       SpHandReport        *report,
                                       GError             **error);
gboolean sp_db_correct_hand_expecting (SpDb                *db,
                                       const SpTournament  *tournament,
                                       const SpRules       *rules,
                                       gint64               id,
                                       guint                expect_version,
                                       const SpHandEntry   *entry,
                                       SpHandReport        *report,
                                       GError             **error);
gboolean sp_db_remove_hand_expecting  (SpDb                *db,
                                       const SpTournament  *tournament,
                                       const SpRules       *rules,
                                       gint64               id,
                                       guint                expect_version,
                                       SpHandReport        *report,
                                       GError             **error);
/* The entry hand @id was made from and its table before it (for a correction). */
gboolean sp_db_get_hand_entry (SpDb               *db,
                               const SpTournament *tournament,
                               gint64              id,
                               SpHandEntry        *entry,
                               SpTable            *state,
                               GError            **error);
/* Replaces hand @id by @entry and judges the later hands of its table again (a change moves
 * the deal and the seat winds after it). */
gboolean sp_db_correct_hand (SpDb                *db,
                             const SpTournament  *tournament,
                             const SpRules       *rules,
                             gint64               id,
                             const SpHandEntry   *entry,
                             SpHandReport        *report,
                             GError             **error);
/* Deletes hand @id; the later hands of its table move up one number and are judged again.
 * report->table and report->hand (as it was) say what was removed. */
gboolean sp_db_remove_hand  (SpDb                *db,
                             const SpTournament  *tournament,
                             const SpRules       *rules,
                             gint64               id,
                             SpHandReport        *report,
                             GError             **error);

/* One hand of an import: where it comes from names it in a refusal ("hands.csv line 4"). */
typedef struct
{
  guint        session;
  guint        table;
  SpHandEntry  entry;
  const char  *where;
} SpHandImport;

/* The hands of a `hand import` file, its @length bytes of @text (which ends in a NUL): CSV
 * with a header, or JSON Lines when its first character that is not a space is '{' (read up
 * to a NUL); each record by its field names, as sp_hand_entry_from_fields () reads them.  A
 * GArray of SpHandImport, each .where "@path line N", freed with the array; or NULL: a column
 * or key that is not a field, a row longer than the header, CSV or JSON that does not read, is
 * SP_DB_ERROR_INVALID, a bad field SP_CORE_ERROR_INVALID, each naming @path and the line. */
GArray  *sp_db_read_hand_import (const char          *path,
                                 const char          *text,
                                 gsize                length,
                                 GError             **error);

/* Enters @n_hands hands in order, all or nothing; a refusal names the hand's @where. */
gboolean sp_db_import_hands (SpDb                *db,
                             const SpTournament  *tournament,
                             const SpRules       *rules,
                             const SpHandImport  *hands,
                             guint                n_hands,
                             GError             **error);

/* Penalties.  sp_db_add_penalty sets @penalty->id. */
gboolean   sp_db_add_penalty     (SpDb          *db,
                                  gint64         tournament,
                                  SpPenalty     *penalty,
                                  GError       **error);
GPtrArray *sp_db_list_penalties  (SpDb          *db,
                                  gint64         tournament,
                                  guint          session,
                                  GError       **error);

/* The results of the tables of sessions 1..@last_session (0: all): per table the four players
 * and their hand scores and penalties, summed in the store (SpTableResult, sp-standings.h).
 * With two-key entry on, the hands that await confirmation are not counted. */
GArray   *sp_db_list_table_results (SpDb    *db,
                                    gint64   tournament,
                                    guint    last_session,
                                    GError **error);

/* The audit log (newest last), for the corrections screen and the tests (SpAuditEntry,
 * sp-tournament.h). */

GPtrArray *sp_db_list_audit     (SpDb          *db,
                                 GError       **error);

/* What a line of the audit log did, in the domain's words, for the Log page. */
typedef enum
{
  SP_LOG_OTHER,
  SP_LOG_TOURNAMENT_CREATED,
  SP_LOG_TOURNAMENT_RENAMED,
  SP_LOG_TOURNAMENT_CHANGED,
  /* Two-key entry turned on (SpLogEntry.points 1) or off (0). */
  SP_LOG_TWO_KEY_CHANGED,
  SP_LOG_PLAN_STORED,
  SP_LOG_TOURNAMENT_DELETED,
  SP_LOG_PLAYER_ADDED,
  SP_LOG_SUBSTITUTE_ADDED,
  SP_LOG_PLAYER_CHECKED_IN,
  SP_LOG_PLAYER_CHECKED_OUT,
  SP_LOG_PLAYER_WITHDRAWN,
  SP_LOG_PLAYER_REINSTATED,
  SP_LOG_PLAYER_RENAMED,
  SP_LOG_PLAYER_EDITED,
  SP_LOG_PLAYER_REMOVED,
  SP_LOG_SESSION_ADDED,
  SP_LOG_SESSION_DRAWN,
  SP_LOG_SESSION_REDRAWN,
  SP_LOG_SESSION_CLOSED,
  SP_LOG_SESSION_REOPENED,
  SP_LOG_SESSION_CHANGED,
  SP_LOG_SESSION_REMOVED,
  SP_LOG_SEAT_TAKEN,
  SP_LOG_SEAT_CHANGED,
  SP_LOG_SEAT_FREED,
  SP_LOG_HAND_ENTERED,
  SP_LOG_HAND_CORRECTED,
  SP_LOG_HAND_RENUMBERED,
  SP_LOG_HAND_DELETED,
  /* Two-key entry: SpLogEntry.reason is who confirmed the hand. */
  SP_LOG_HAND_CONFIRMED,
  SP_LOG_PENALTY_GIVEN,
  SP_LOG_PENALTY_CHANGED,
  SP_LOG_PENALTY_DELETED,
  /* The director's lock: SpLogEntry.reason is the command the PIN was given for
   * ("session reopen"). */
  SP_LOG_PIN_SET,
  SP_LOG_PIN_CHANGED,
  SP_LOG_PIN_CLEARED,
  SP_LOG_PIN_WRONG,
  SP_LOG_PIN_UNLOCKED,
  SP_LOG_PIN_USED,
} SpLogKind;

/* One line of a tournament's audit log with what it concerns, to show and to filter on. */
typedef struct
{
  gint64     id;
  char      *at;          /* UTC, ISO 8601 */
  char      *who;
  SpLogKind  kind;
  guint      session;     /* 0: none */
  guint      table;       /* 0: none */
  guint      hand;        /* a hand's number, 0: none */
  guint      old_hand;    /* a renumbered hand's number before */
  gint64     player;      /* the player concerned (a hand's winner, a chombo's offender), 0:
                           * none */
  char      *name;        /* the player's name, or the tournament's; NULL for a drawn hand */
  gboolean   chombo;      /* a Riichi hand that was a chombo by @player (0 when the hand is
                           * gone): dealt again */
  char      *old_name;    /* the name before a rename; the player a substitute or a seat
                           * change replaced */
  gint64     points;      /* a penalty's points, a hand's total */
  char      *reason;      /* a penalty's reason */
  gboolean   has_seed;
  guint64    seed;        /* a draw's seed */
  gint64     players[4];  /* everyone concerned: the four at a hand's table, else the player */
  char      *note;        /* why the change was made (a correction's reason), NULL: not said */
} SpLogEntry;

void       sp_log_entry_free    (SpLogEntry    *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpLogEntry, sp_log_entry_free)

/* @tournament's lines of the audit log (SpLogEntry), newest first; updates that changed none
 * of the logged columns are left out. */
GPtrArray *sp_db_list_log       (SpDb          *db,
                                 gint64         tournament,
                                 GError       **error);

/* Called soon after another connection has committed a change. */
typedef void (*SpDbChangedFunc) (SpDb     *db,
                                 gpointer  user_data);

/* When the store can tell (a PostgreSQL server's notifications), calls @func from the thread-
 * default main context of the caller soon after another station commits a change, and returns
 * TRUE; a file cannot, and a view polls sp_db_get_data_version ().  NULL @func stops. */
gboolean   sp_db_watch_changes    (SpDb            *db,
                                   SpDbChangedFunc  func,
                                   gpointer         user_data);

/* A number that changes whenever another connection (sparrow-cli, a second window) commits a
 * change to the file, for a view to know when to read again. */
gboolean   sp_db_get_data_version (SpDb        *db,
                                   gint64      *version,
                                   GError     **error);

/* ---- the director's operations ----------------------------------------------------------
 * Each is one transaction (BEGIN IMMEDIATE … COMMIT) that checks every rule and writes all or
 * nothing, in the audit log; a refusal is SP_DB_ERROR_INVALID or SP_DB_ERROR_NOT_FOUND with a
 * message naming what and where. */

/* Tournaments: the name is checked (sp_check_name); delete needs @confirm_name, the exact name,
 * and deletes everything of the tournament. */
gboolean sp_db_rename_tournament (SpDb          *db,
                                  gint64         tournament,
                                  const char    *name,
                                  GError       **error);
gboolean sp_db_delete_tournament (SpDb          *db,
                                  gint64         tournament,
                                  const char    *confirm_name,
                                  GError       **error);
/* Tournament Settings: writes @changes->name, venue, starts_on, ends_on and hide_standings to
 * tournament @changes->id (all five: they replace what was stored).  The name is checked as
 * by rename, the venue and dates by sp_tournament_check_event (). */
gboolean sp_db_edit_tournament   (SpDb                *db,
                                  const SpTournament  *changes,
                                  GError             **error);
/* Replaces the rules of tournament @rules->id by @rules's ruleset, profile, options, number
 * of sessions, seating, ranking and stakes (checked as a new tournament's are).  Refused once
 * a hand is entered (every hand was scored under the rules); the number of sessions and the
 * seating method are refused once a session is drawn. */
gboolean sp_db_change_rules      (SpDb                *db,
                                  const SpTournament  *rules,
                                  GError             **error);
/* Creates @tournament (as sp_db_create_tournament) and, when @players_from is not 0, registers
 * that tournament's players in it too (names and fields; active, not checked in): one
 * transaction. */
gboolean sp_db_duplicate_tournament (SpDb          *db,
                                     SpTournament  *tournament,
                                     gint64         players_from,
                                     GError       **error);

/* A tournament at a glance, for `tournament show`. */
typedef struct
{
  guint n_players;       /* registered */
  guint n_active;        /* taking part: not withdrawn */
  guint n_present;       /* checked in */
  guint n_drawn;         /* sessions drawn */
  guint n_closed;        /* sessions closed */
  guint n_hands;
  guint n_penalties;
} SpTournamentSummary;

gboolean sp_db_summarize_tournament (SpDb                *db,
                                     gint64               tournament,
                                     SpTournamentSummary *summary,
                                     GError             **error);

/* Players.  sp_db_add_player checks the name; edit changes the fields of @changes that are
 * not NULL (an empty string clears club, country, team or federation id). */
gboolean sp_db_edit_player       (SpDb            *db,
                                  gint64           tournament,
                                  gint64           player,
                                  const SpPlayer  *changes,
                                  GError         **error);
gboolean sp_db_withdraw_player   (SpDb            *db,
                                  gint64           tournament,
                                  gint64           player,
                                  GError         **error);
/* Registers @substitute (its name and fields) in place of @player, who is withdrawn; an active
 * @player is refused unless @force.  Sets @substitute->id. */
gboolean sp_db_substitute_player (SpDb            *db,
                                  gint64           tournament,
                                  gint64           player,
                                  SpPlayer        *substitute,
                                  gboolean         force,
                                  GError         **error);
/* Undoes a withdrawal; refused when a substitute took the player's place. */
gboolean sp_db_reinstate_player  (SpDb            *db,
                                  gint64           tournament,
                                  gint64           player,
                                  GError         **error);
/* Presence before a draw: checks @players (@n_players ids) in or out; with @n_players 0 and
 * @present, checks in every player taking part. */
gboolean sp_db_check_in_players  (SpDb            *db,
                                  gint64           tournament,
                                  const gint64    *players,
                                  guint            n_players,
                                  gboolean         present,
                                  GError         **error);
/* Imports the players of a CSV file (header: name,club,country,team,federation_id in any
 * order; only name required): all of them or, on any bad row, none, the error naming the
 * line.  *@n_imported gets their count. */
gboolean sp_db_import_players    (SpDb            *db,
                                  gint64           tournament,
                                  const char      *path,
                                  guint           *n_imported,
                                  GError         **error);
/* The same, reading the whole file in one pass: on a refusal *@problems (when not NULL) gets
 * every problem found (char *, "PATH line N: …", in line order) and @error lists them one a
 * line; nothing is imported. */
gboolean sp_db_import_players_full (SpDb          *db,
                                    gint64         tournament,
                                    const char    *path,
                                    guint         *n_imported,
                                    GPtrArray    **problems,
                                    GError       **error);

/* The rows of a CSV file (libcsv, strict: an unclosed quote is an error naming its line), each
 * with the line it ends on; a UTF-8 BOM is skipped. */
typedef struct
{
  GPtrArray *rows;     /* a GPtrArray of fields (char *) per row */
  GArray    *lines;    /* guint per row */
  GPtrArray *current;
  guint      line;
  guint      row_start;
} SpDbCsv;

gboolean sp_db_csv_read  (const char  *path,
                          SpDbCsv     *csv,
                          GError     **error);
/* The same from the file's @length bytes of @text; @path names it in the errors. */
gboolean sp_db_csv_parse (const char  *path,
                          const char  *text,
                          gsize        length,
                          SpDbCsv     *csv,
                          GError     **error);
void     sp_db_csv_clear (SpDbCsv     *csv);
/* Refuses (SP_DB_ERROR_INVALID, naming @path and the line) @text of @length bytes read from
 * @path when it holds a NUL byte: C strings would end there and drop the rest of the line. */
gboolean sp_db_check_text_file (const char  *path,
                                const char  *text,
                                gsize        length,
                                GError     **error);

/* Sessions.  A draw seats the players taking part (only those checked in when any are) by
 * the tournament's method; @top > 0 draws a final of the top @top of the standings after the
 * sessions before.  Refused: a session with hands; a Swiss session or a final before the
 * previous session is closed; a seed other than the one a standing draw was made with. */
typedef struct
{
  gboolean has_seed;
  guint64  seed;
  guint    top;        /* 0: not a final */
} SpDrawRequest;

gboolean sp_db_draw_session     (SpDb                *db,
                                 const SpTournament  *tournament,
                                 guint                session,
                                 const SpDrawRequest *request,
                                 guint64             *used_seed,
                                 GError             **error);
/* Each table's progress in @session (SpTableProgress), for what a close still misses. */
GArray  *sp_db_session_progress (SpDb                *db,
                                 const SpTournament  *tournament,
                                 guint                session,
                                 GError             **error);
/* Closes @session: refused while a table has not finished unless @time_up. */
gboolean sp_db_close_session    (SpDb                *db,
                                 const SpTournament  *tournament,
                                 guint                session,
                                 gboolean             time_up,
                                 GError             **error);
gboolean sp_db_reopen_session   (SpDb                *db,
                                 const SpTournament  *tournament,
                                 guint                session,
                                 GError             **error);
/* A session beyond the tournament's last is SP_DB_ERROR_NOT_FOUND. */
gboolean sp_db_check_session    (const SpTournament  *tournament,
                                 guint                session,
                                 GError             **error);

/* Standings after sessions 1..@last_session (0: all), by the tournament's options: a GArray
 * of SpStanding.  With @team_names, team standings: *@team_names gets the names, the team
 * numbers (SpStanding.player) indexing it. */
GArray  *sp_db_compute_standings (SpDb               *db,
                                  const SpTournament *tournament,
                                  guint               last_session,
                                  GPtrArray         **team_names,
                                  GError            **error);

/* ---- two-key entry ------------------------------------------------------------------------
 * A tournament's choice (tournaments.two_key, off by default): a hand counts in the standings
 * once a second referee station, or the director, has confirmed its current version; a
 * correction makes it wait again.  With it off everything behaves as without it. */

/* Turns two-key entry on or off (one transaction, in the audit log).  Hands entered while it
 * was off await confirmation once it is on. */
gboolean sp_db_set_two_key      (SpDb                *db,
                                 gint64               tournament,
                                 gboolean             on,
                                 GError             **error);
/* Confirms hand @id as the current referee (sp_db_set_referee), against its version
 * @expect_version (0: unchecked; SP_DB_ERROR_STALE when it has changed).  Refused
 * (SP_DB_ERROR_INVALID, naming who) when that referee made the hand's current version, unless
 * the director's PIN was given on this connection; refused when two-key entry is off or the
 * session is closed.  A hand already confirmed is left as it is: *@already TRUE.  *@confirmed
 * gets the hand as stored after. */
gboolean sp_db_confirm_hand     (SpDb                *db,
                                 gint64               tournament,
                                 gint64               id,
                                 guint                expect_version,
                                 SpHandRecord       **confirmed,
                                 gboolean            *already,
                                 GError             **error);

/* The players with hands awaiting confirmation after sessions 1..@last_session (0: all), a
 * GArray of SpPendingHands (sp-standings.h) by player id, and in *@n_hands how many hands await it; empty with
 * two-key entry off.  Computed once here for every view (CLI, window, exports). */
GArray  *sp_db_compute_pending  (SpDb                *db,
                                 const SpTournament  *tournament,
                                 guint                last_session,
                                 guint               *n_hands,
                                 GError             **error);

/* Penalties.  sp_db_give_penalty checks that the session is drawn and open, the player
 * registered, the reason (sp_check_reason), and that a hand named is of that session at a
 * table the player sits at; sets @penalty->id. */
gboolean   sp_db_give_penalty     (SpDb          *db,
                                   gint64         tournament,
                                   SpPenalty     *penalty,
                                   GError       **error);
/* Penalties of @session (0 all) and @player (0 all), by id. */
GPtrArray *sp_db_find_penalties   (SpDb          *db,
                                   gint64         tournament,
                                   guint          session,
                                   gint64         player,
                                   GError       **error);
/* Deletes a penalty of an open session. */
gboolean   sp_db_delete_penalty   (SpDb          *db,
                                   gint64         tournament,
                                   gint64         penalty,
                                   GError       **error);

/* The whole of @tournament for the reports (SpSnapshot, sp-snapshot.h), read in one read
 * transaction; @date (YYYY-MM-DD) is the day it is taken. */
SpSnapshot *sp_db_load_snapshot (SpDb                *db,
                                 const SpTournament  *tournament,
                                 const char          *date,
                                 GError             **error);
/* What sp_db_load_snapshot_without () leaves out (empty in the snapshot), for a reader that
 * does not show it: the audit log grows with every change, and the standings are computed. */
typedef enum
{
  SP_DB_SNAPSHOT_WHOLE        = 0,
  SP_DB_SNAPSHOT_NO_AUDIT     = 1 << 0,  /* ->audit */
  SP_DB_SNAPSHOT_NO_STANDINGS = 1 << 1,  /* ->standings and ->tables (the teams' are read) */
} SpDbSnapshotOmit;
SpSnapshot *sp_db_load_snapshot_without (SpDb                *db,
                                         const SpTournament  *tournament,
                                         const char          *date,
                                         SpDbSnapshotOmit     omit,
                                         GError             **error);

/* Standings as sp_db_compute_standings () gives them after every session, with, read in the
 * same transaction, the result of each player in each session (SpSessionResult, in
 * *@session_results) and the players (SpPlayer, in *@players), for a standings page. */
GArray  *sp_db_compute_standings_by_session (SpDb               *db,
                                             const SpTournament *tournament,
                                             GArray            **session_results,
                                             GPtrArray         **players,
                                             GError            **error);

/* The session clock (SpSessionClock, sp-session-clock.h), in wall time (@now: Unix
 * milliseconds, the caller's clock).  The session must be drawn; a clock whose length was
 * never set lasts the ranking's default.  Each command is one transaction, in the audit log;
 * one the clock's state does not allow is SP_DB_ERROR_INVALID. */
gboolean sp_db_get_session_clock        (SpDb               *db,
                                         const SpTournament *tournament,
                                         guint               session,
                                         SpSessionClock     *clock,
                                         GError            **error);
gboolean sp_db_start_session_clock      (SpDb               *db,
                                         const SpTournament *tournament,
                                         guint               session,
                                         gint64              now,
                                         GError            **error);
gboolean sp_db_pause_session_clock      (SpDb               *db,
                                         const SpTournament *tournament,
                                         guint               session,
                                         gint64              now,
                                         GError            **error);
gboolean sp_db_resume_session_clock     (SpDb               *db,
                                         const SpTournament *tournament,
                                         guint               session,
                                         gint64              now,
                                         GError            **error);
gboolean sp_db_end_session_clock        (SpDb               *db,
                                         const SpTournament *tournament,
                                         guint               session,
                                         gint64              now,
                                         GError            **error);
/* @length in seconds. */
gboolean sp_db_set_session_clock_length (SpDb               *db,
                                         const SpTournament *tournament,
                                         guint               session,
                                         gint64              length,
                                         GError            **error);
/* The session whose clock the hall sees: the first drawn session still open, else the last
 * drawn; 0 when none is drawn. */
gboolean sp_db_find_clock_session       (SpDb               *db,
                                         gint64              tournament,
                                         guint              *session,
                                         GError            **error);

/* Standings kept from the players (projector, prints for the hall) until the last session is
 * closed: the director's setting, and whether it hides them now. */
gboolean sp_db_set_hide_standings       (SpDb               *db,
                                         gint64              tournament,
                                         gboolean            hide,
                                         GError            **error);
gboolean sp_db_get_hide_standings       (SpDb               *db,
                                         gint64              tournament,
                                         gboolean           *hide,
                                         GError            **error);
gboolean sp_db_standings_hidden         (SpDb               *db,
                                         const SpTournament *tournament,
                                         gboolean           *hidden,
                                         GError            **error);

/* What sp_db_copy_store () copied: tournaments, their hands, the rows of every table but the
 * log, and the lines of the log. */
typedef struct
{
  guint tournaments;
  guint hands;
  guint rows;
  guint log_lines;
} SpDbCopyCount;

/* Copies every row of @from (or of its tournament @tournament, 0 for all) into @to, of either
 * backend, ids kept, the audit log with them and no line of its own; the ids @to gives later
 * come after the copied ones.  @to must hold no tournament (SP_DB_ERROR_INVALID); all or
 * nothing. */
gboolean  sp_db_copy_store          (SpDb          *from,
                                     SpDb          *to,
                                     gint64         tournament,
                                     SpDbCopyCount *count,
                                     GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpDb, sp_db_close)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpDbBackup, sp_db_backup_free)

/* ---- the director's lock ---------------------------------------------------------------
 * An optional PIN per tournament, stored as a salted yescrypt hash (libcrypt).  With a PIN
 * set, the protected changes (reopen a session, correct or delete a hand of a closed session,
 * delete a penalty, withdraw or substitute a player, delete the tournament) are refused with
 * SP_DB_ERROR_PIN_REQUIRED unless this connection was unlocked for the tournament with the
 * PIN; each one that goes ahead is logged as made under the lock.  A wrong PIN is refused
 * with SP_DB_ERROR_PIN_WRONG, logged (when, who, for which @action: the command, as
 * "session reopen"), and answered after a wait that doubles with each wrong PIN in a row (1 s,
 * 2 s, 4 s, then 8 s). */

#define SP_DB_PIN_MIN_LENGTH 4
#define SP_DB_PIN_MAX_LENGTH 32

/* 4 to 32 characters of valid UTF-8, no line break or other control character. */
gboolean sp_db_check_pin_rules (const char  *pin,
                                GError     **error);
gboolean sp_db_has_pin         (SpDb        *db,
                                gint64       tournament,
                                gboolean    *has_pin,
                                GError     **error);
/* Sets the PIN to @pin; when the tournament has one, @current must be it
 * (SP_DB_ERROR_PIN_REQUIRED when NULL, SP_DB_ERROR_PIN_WRONG, slowed down, when not).  The new
 * PIN locks at once: an earlier unlock does not open it. */
gboolean sp_db_set_pin         (SpDb        *db,
                                gint64       tournament,
                                const char  *current,
                                const char  *pin,
                                GError     **error);
/* Removes the lock; @pin must be the current PIN. */
gboolean sp_db_clear_pin       (SpDb        *db,
                                gint64       tournament,
                                const char  *pin,
                                GError     **error);
/* Checks @pin and, when it is the director's, unlocks this connection for @tournament until
 * sp_db_lock () or the PIN changes; a wrong PIN is answered after its wait.  A tournament
 * without a PIN needs no unlock: TRUE. */
gboolean sp_db_unlock          (SpDb        *db,
                                gint64       tournament,
                                const char  *pin,
                                const char  *action,
                                GError     **error);
/* sp_db_unlock () without the wait: a wrong PIN sets *@delay_ms, the time the front end must
 * let pass before it answers (a window does not freeze while it waits). */
gboolean sp_db_try_pin         (SpDb        *db,
                                gint64       tournament,
                                const char  *pin,
                                const char  *action,
                                guint       *delay_ms,
                                GError     **error);
/* An unlock not used for @seconds lapses, the lock shut again (the app: a director who walks
 * away from the desk); 0, the default, keeps it until sp_db_lock () or the connection closes. */
void     sp_db_set_unlock_timeout (SpDb     *db,
                                   guint     seconds);
/* Shuts the lock again for @tournament (0: every tournament) on this connection. */
void     sp_db_lock            (SpDb        *db,
                                gint64       tournament);
gboolean sp_db_is_unlocked     (SpDb        *db,
                                gint64       tournament);

G_END_DECLS
