/* sp-db-private.h: what the files of the store share.
 *
 * The store has two halves, and SQL lives in only one of them:
 *
 * - The operations (sp-db-tournaments.c, sp-db-players.c, sp-db-sessions.c, sp-db-hands.c,
 *   sp-db-penalties.c, sp-db-import.c) speak the domain's words.  Each public operation is one
 *   transaction: sp_db_begin_write () (BEGIN IMMEDIATE, or joining the caller's transaction),
 *   every rule checked, the changes made through the row functions below, then
 *   sp_db_end_write (), which commits, or rolls back on any error.  A read that computes from
 *   several queries (standings, progress, a table) reads one snapshot between
 *   sp_db_begin_read () and sp_db_end_read ().  They hold no SQL and do not include
 *   <sqlite3.h>.
 *
 * - The rest is the store's and its backend's.  The generic store (sp-db.c) keeps the statement
 *   cache, the transactions (the retry of a write another connection holds up, the nesting
 *   of sp_db_begin_write / sp_db_begin_read), the migrations' order, the referee, the
 *   director's unlocks and the warnings; sp-db-backups.c the automatic backups; the row
 *   functions (sp-db-rows.c) read and write rows and check nothing but what a row needs (that
 *   it exists).  All of them reach the database only through the backend interface,
 *   sp-db-backend.h: a table of functions and capabilities that the SQLite backend
 *   (sp-db-sqlite.c, with its lock layer sp-db-locks.c; the only files that include
 *   <sqlite3.h>) fills.  sp_db_open chooses the backend from the location.
 *
 * A second backend (PostgreSQL, for a hall with many referee stations) fills an SpDbBackend:
 * open by its URI (checking the store and applying its own migrations, in its SQL, through
 * sp_db_apply_migrations, and installing the audit log), close, exec, prepare / reset /
 * finalize / bind / step / rewind, the row accessors, the last insert id (or its RETURNING
 * id) and the changes, in_transaction, begin (read or write; SP_DB_ERROR_BUSY for a
 * serialization failure, which the store retries), commit, rollback, the data and schema
 * versions, the change hook (LISTEN/NOTIFY), the audit referee and note; and, only with
 * SP_DB_CAN_FILE, the file copies.  It is then chosen in backend_for () in sp-db.c.  What it
 * must still provide beside the table: the SQL of sp-db-rows.c and sp-db.c's migration
 * conversion in its dialect (they are written for SQLite: `?N` parameters, SQLite's json_
 * functions), and the audit log as triggers.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <json-glib/json-glib.h>

#include "sp-db.h"

G_BEGIN_DECLS

/* ---- transactions (backend) ------------------------------------------------------------ */

/* Starts a write transaction (BEGIN IMMEDIATE) when none is open; sp_db_end_write commits it,
 * or rolls it back when @ok is FALSE, and returns whether all went well.  Inside a transaction
 * the caller opened, the operation joins it and the caller commits. */
gboolean      sp_db_begin_write  (SpDb        *db,
                                  gboolean    *started,
                                  GError     **error);
gboolean      sp_db_end_write    (SpDb        *db,
                                  gboolean     started,
                                  gboolean     ok,
                                  GError     **error);
/* A read transaction (deferred, so that writers are not held up) when none is open: the reads
 * between the two see one state of the store. */
gboolean      sp_db_begin_read   (SpDb        *db,
                                  gboolean    *started,
                                  GError     **error);
void          sp_db_end_read     (SpDb        *db,
                                  gboolean     started);

/* After a change that committed (never inside a caller's transaction, whose change may still
 * roll back): an automatic backup for @reason; a failure is kept for sp_db_take_warning,
 * prefixed by @what_was_done. */
void          sp_db_back_up_quietly (SpDb       *db,
                                     const char *reason,
                                     const char *what_was_done);
/* Before a change nothing else undoes (a tournament's deletion), outside any transaction: an
 * automatic backup for @reason, or FALSE with why it could not be made.  Nothing to do (TRUE)
 * inside a caller's transaction or for a database in memory. */
gboolean      sp_db_back_up_before_change (SpDb        *db,
                                           const char  *reason,
                                           GError     **error);
/* Makes the automatic backup before a migration from @from (inside its transaction). */
gboolean      sp_db_back_up_before_migration (SpDb     *db,
                                              gint64    from,
                                              GError  **error);

/* Who the changes from now on are made by: the name sp_db_set_referee () gave, else the
 * user's login name. */
const char   *sp_db_get_referee    (SpDb        *db);

/* What the audit log notes with the changes made from now on (a correction's reason), until
 * set again; NULL or "" for nothing.  Set and cleared around one operation's changes. */
gboolean      sp_db_set_audit_note (SpDb        *db,
                                    const char  *note,
                                    GError     **error);

/* ---- queries and rows (backend) --------------------------------------------------------
 *
 * What the row functions see of the database: a query with its values, run by one of the
 * helpers below, and the rows it gives, read column by column (from 0).  The store
 * implements them (sp-db.c, over the backend of sp-db-backend.h); no row function includes a
 * database library's header. */

typedef struct _SpDbQuery SpDbQuery;
/* The current row of a query, valid while the reader or the row function runs. */
typedef struct _SpDbRow   SpDbRow;

/* A value to bind to a `?` of a statement: build them with sp_db_int (), sp_db_text () and
 * sp_db_id (), in the order of the parameters. */
typedef enum
{
  SP_DB_VALUE_NULL,
  SP_DB_VALUE_INT,
  SP_DB_VALUE_TEXT,
} SpDbValueKind;

typedef struct
{
  SpDbValueKind  kind;
  gint64         number;
  const char    *text;
} SpDbValue;

static inline SpDbValue
sp_db_int (gint64 number)
{
  return (SpDbValue) { SP_DB_VALUE_INT, number, NULL };
}

static inline SpDbValue
sp_db_null (void)
{
  return (SpDbValue) { SP_DB_VALUE_NULL, 0, NULL };
}

/* NULL text binds NULL. */
static inline SpDbValue
sp_db_text (const char *text)
{
  return (SpDbValue) { text != NULL ? SP_DB_VALUE_TEXT : SP_DB_VALUE_NULL, 0, text };
}

/* A row id, or NULL when @id is 0 (no row). */
static inline SpDbValue
sp_db_id (gint64 id)
{
  return (SpDbValue) { id > 0 ? SP_DB_VALUE_INT : SP_DB_VALUE_NULL, id, NULL };
}

/* The statements whose SQL differs from one database's dialect to another's (the audit log's
 * JSON, above all): each backend gives its own text (SpDbBackend.statements). */
typedef enum
{
  /* Parameters: tournament, session, table.  Columns: the number of the table's last deleted
   * hand, who deleted it and when, from the audit log. */
  SP_DB_STATEMENT_HAND_DELETION,
  /* Parameter: tournament.  Every line of its audit log (the columns of sp-db-rows.c's
   * LogColumn), newest first. */
  SP_DB_STATEMENT_LOG,
  SP_DB_N_STATEMENTS
} SpDbStatement;

/* @db's backend's text of @statement (static, as sp_db_prepare () wants it). */
const char   *sp_db_statement    (SpDb          *db,
                                  SpDbStatement  statement);

/* Reads one row into a newly allocated record. */
typedef gpointer (*SpDbRowReader) (SpDbRow      *row);
/* Takes one row into @user_data. */
typedef void     (*SpDbRowFunc)   (SpDbRow      *row,
                                   gpointer      user_data);

/* The query @sql (a string literal; its parameters `?` or `?N`), ready to run with no values
 * bound; NULL on error. */
SpDbQuery    *sp_db_prepare      (SpDb        *db,
                                  const char  *sql,
                                  GError     **error);
/* sp_db_prepare () with @values bound to its parameters 1..@n_values; NULL on error. */
SpDbQuery    *sp_db_query        (SpDb            *db,
                                  const char      *sql,
                                  const SpDbValue *values,
                                  guint            n_values,
                                  GError         **error);
/* Runs a statement that returns no row with @values bound (within the caller's transaction). */
gboolean      sp_db_run          (SpDb            *db,
                                  const char      *sql,
                                  const SpDbValue *values,
                                  guint            n_values,
                                  const char      *what,
                                  GError         **error);
/* sp_db_run () as a transaction of its own when none is open. */
gboolean      sp_db_run_write    (SpDb            *db,
                                  const char      *sql,
                                  const SpDbValue *values,
                                  guint            n_values,
                                  const char      *what,
                                  GError         **error);
/* The helpers below run @query to its end and make it ready to run again.  A NULL
 * @query (its preparation failed and set @error) fails at once, so that they can take
 * sp_db_query () directly. */
/* Calls @func for each row. */
gboolean      sp_db_each_row     (SpDb          *db,
                                  SpDbQuery     *query,
                                  SpDbRowFunc    func,
                                  gpointer       user_data,
                                  const char    *what,
                                  GError       **error);
/* Every row read by @reader, in an array that frees them with @free_func. */
GPtrArray    *sp_db_list_rows    (SpDb           *db,
                                  SpDbQuery      *query,
                                  SpDbRowReader   reader,
                                  GDestroyNotify  free_func,
                                  const char     *what,
                                  GError        **error);
/* Column 0 of every row, as gint64. */
GArray       *sp_db_list_int64   (SpDb          *db,
                                  SpDbQuery     *query,
                                  const char    *what,
                                  GError       **error);
/* The first row read by @reader into *@record, or NULL when there is none. */
gboolean      sp_db_read_row     (SpDb           *db,
                                  SpDbQuery      *query,
                                  SpDbRowReader   reader,
                                  gpointer       *record,
                                  const char     *what,
                                  GError        **error);
/* Column 0 of the first row into *@value; *@found says whether there was one, not NULL. */
gboolean      sp_db_read_int64   (SpDb          *db,
                                  SpDbQuery     *query,
                                  gint64        *value,
                                  gboolean      *found,
                                  const char    *what,
                                  GError       **error);
/* The columns of a row: a NULL column reads as 0, and as NULL text. */
gint64        sp_db_row_int64    (SpDbRow      *row,
                                  int           column);
gint          sp_db_row_int      (SpDbRow      *row,
                                  int           column);
gboolean      sp_db_row_is_null  (SpDbRow      *row,
                                  int           column);
/* Valid while the row is. */
const char   *sp_db_row_text     (SpDbRow      *row,
                                  int           column);
char         *sp_db_row_dup_text (SpDbRow      *row,
                                  int           column);
/* The id of the row the last INSERT of this connection made, and the rows the last
 * statement changed. */
gint64        sp_db_last_insert_id (SpDb       *db);
gint64        sp_db_changes        (SpDb       *db);

/* ---- rows (backend) ---------------------------------------------------------------------- */

/* Tournaments.  sp_db_find_tournament_id sets *@id to the tournament named @name other than
 * @except, or 0. */
gboolean      sp_db_find_tournament_id    (SpDb          *db,
                                           const char    *name,
                                           gint64         except,
                                           gint64        *id,
                                           GError       **error);
/* Sets @tournament->id. */
gboolean      sp_db_insert_tournament     (SpDb          *db,
                                           SpTournament  *tournament,
                                           const char    *created,
                                           GError       **error);
/* SP_DB_ERROR_NOT_FOUND when there is none; its options read as sp_db_find_tournament () reads
 * them. */
SpTournament *sp_db_get_tournament        (SpDb          *db,
                                           gint64         id,
                                           GError       **error);
gboolean      sp_db_update_tournament_name (SpDb         *db,
                                            gint64        id,
                                            const char   *name,
                                            GError      **error);
/* Writes @tournament's name, venue, dates and hide_standings (the row @tournament->id). */
gboolean      sp_db_update_tournament_event (SpDb                *db,
                                             const SpTournament  *tournament,
                                             GError             **error);
/* Writes @tournament's ruleset, profile, options, sessions, seating, ranking and stakes. */
gboolean      sp_db_update_tournament_rules (SpDb                *db,
                                             const SpTournament  *tournament,
                                             GError             **error);
/* Registers the players of tournament @from again in @to (name, club, country, team,
 * federation id), in the same order, active and not checked in. */
gboolean      sp_db_copy_player_rows      (SpDb          *db,
                                           gint64         from,
                                           gint64         to,
                                           GError       **error);
/* Every row of the tournament, children first. */
gboolean      sp_db_delete_tournament_rows (SpDb         *db,
                                            gint64        id,
                                            GError      **error);
/* The balanced plan's seed; *@found FALSE when no plan was stored. */
gboolean      sp_db_read_plan_seed        (SpDb          *db,
                                           gint64         tournament,
                                           guint64       *seed,
                                           gboolean      *found,
                                           GError       **error);

/* Players.  sp_db_insert_player sets @player->id. */
gboolean      sp_db_insert_player         (SpDb            *db,
                                           SpPlayer        *player,
                                           GError         **error);
/* The player named @name, or NULL in *@player. */
gboolean      sp_db_lookup_player         (SpDb            *db,
                                           gint64           tournament,
                                           const char      *name,
                                           SpPlayer       **player,
                                           GError         **error);
/* The player who replaced @player, or NULL in *@substitute. */
gboolean      sp_db_find_substitute       (SpDb            *db,
                                           gint64           tournament,
                                           gint64           player,
                                           SpPlayer       **substitute,
                                           GError         **error);
/* Writes @player's name, club, country, team and federation id. */
gboolean      sp_db_update_player         (SpDb            *db,
                                           const SpPlayer  *player,
                                           GError         **error);
/* Checks @player in or out; @player 0: every player taking part. */
gboolean      sp_db_set_player_present    (SpDb            *db,
                                           gint64           tournament,
                                           gint64           player,
                                           gboolean         present,
                                           GError         **error);

/* Sessions and seats. */
/* Clears the seats of @session (creating its row) and stores @players (4 per table) and
 * @seed. */
gboolean      sp_db_replace_seats         (SpDb            *db,
                                           gint64           tournament,
                                           guint            session,
                                           guint64          seed,
                                           const gint64    *players,
                                           guint            n_players,
                                           GError         **error);
/* Marks @session a final of the top @top (0: not a final). */
gboolean      sp_db_set_final_top         (SpDb            *db,
                                           gint64           tournament,
                                           guint            session,
                                           guint            top,
                                           GError         **error);
/* The numbers of the closed sessions (gint64). */
GArray       *sp_db_list_closed_sessions  (SpDb            *db,
                                           gint64           tournament,
                                           GError         **error);
/* The last final among sessions 1..@last_session (0 all), or 0. */
gboolean      sp_db_find_final_session    (SpDb            *db,
                                           gint64           tournament,
                                           guint            last_session,
                                           guint           *final_session,
                                           GError         **error);

/* A hand's items as hands.items keeps them (sp-db-items.c): a JSON array of {"name", "value",
 * "count"} objects in the scorer's order, without spaces ([{"name":"碰碰和","value":6,"count":1}]),
 * the same bytes for the same items as every database written before; NULL for NULL (a hand
 * entered without its tiles). */
char         *sp_db_items_to_json         (const SpHandItems   *items);
/* The items of @text; NULL for NULL.  Text of another shape than sp_db_items_to_json ()'s (a
 * file changed by other means: the column has no CHECK) gives what can be read of it, as the
 * other JSON columns are read: each object's string "name", with its "value" (0 when not a
 * number) and its "count" (1 when not a number), and nothing for what is no such object. */
SpHandItems  *sp_db_items_from_json       (const char          *text);
/* How sp_db_items_from_json () reads @text: exactly the form sp_db_items_to_json () writes
 * (no space, the members in its order, names without escapes, whole numbers of at most 18
 * digits, at most 64 items), into *@items; FALSE, *@items untouched, for any other text, which
 * sp_db_items_from_json_parsed () reads.  Both read the same items from the same text. */
gboolean      sp_db_items_from_json_strict (const char         *text,
                                            SpHandItems       **items);
/* The reading of any text through json-glib's parser. */
SpHandItems  *sp_db_items_from_json_parsed (const char         *text);
/* What @builder built, as JSON text. */
char         *sp_db_json_builder_to_text  (JsonBuilder         *builder);
/* The member @key of @object when it is a string, else NULL. */
const char   *sp_db_json_member_text      (JsonObject          *object,
                                           const char          *key);

/* Hands.  sp_db_insert_hand sets @hand->id and, when NULL, @hand->entered_at; entered_by NULL
 * is the referee of the connection. */
gboolean      sp_db_insert_hand           (SpDb                *db,
                                           gint64               tournament,
                                           SpHandRecord        *hand,
                                           GError             **error);
/* SP_DB_ERROR_NOT_FOUND when the tournament has no hand @hand->id. */
gboolean      sp_db_update_hand_row       (SpDb                *db,
                                           gint64               tournament,
                                           const SpHandRecord  *hand,
                                           GError             **error);
/* The hand of @tournament entered with the entry key @key, or NULL in *@hand. */
gboolean      sp_db_find_hand_by_key      (SpDb                *db,
                                           gint64               tournament,
                                           const char          *key,
                                           SpHandRecord       **hand,
                                           GError             **error);
/* Who made a change to a hand and when (UTC, ISO 8601), and the hand's number then. */
typedef struct
{
  guint  number;
  char  *who;
  char  *at;
} SpHandChange;

void          sp_hand_change_free         (SpHandChange        *change);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpHandChange, sp_hand_change_free)
/* The last hand deleted at @table of @session, from the audit log, or NULL in *@change. */
gboolean      sp_db_find_hand_deletion    (SpDb                *db,
                                           gint64               tournament,
                                           guint                session,
                                           guint                table,
                                           SpHandChange       **change,
                                           GError             **error);
/* Deletes @hand; the later hands of its table, and the false wins declared before them, move
 * up one number. */
gboolean      sp_db_delete_hand_row       (SpDb                *db,
                                           gint64               tournament,
                                           const SpHandRecord  *hand,
                                           GError             **error);

/* Two-key entry (sp-db-two-key.c).  Writes who confirmed @hand's version (as read) now; the
 * database refuses a version the hand has left. */
gboolean      sp_db_confirm_hand_row      (SpDb                *db,
                                           gint64               tournament,
                                           const SpHandRecord  *hand,
                                           const char          *by,
                                           GError             **error);
gboolean      sp_db_update_two_key        (SpDb                *db,
                                           gint64               tournament,
                                           gboolean             on,
                                           GError             **error);
/* Refuses a change of @hand made against its version @expect_version (0: unchecked) when it
 * has changed since (SP_DB_ERROR_STALE, naming who and when). */
gboolean      sp_db_check_hand_version    (const SpHandRecord  *hand,
                                           guint                expect_version,
                                           GError             **error);
/* Refuses closing @session while two-key entry is on and some of its hands await
 * confirmation, naming them. */
gboolean      sp_db_check_confirmed       (SpDb                *db,
                                           gint64               tournament,
                                           guint                session,
                                           GError             **error);
/* Which hands a table's results count. */
typedef enum
{
  SP_DB_COUNT_ALL,        /* every hand */
  SP_DB_COUNT_CONFIRMED,  /* only those confirmed (two-key entry) */
} SpDbCounting;
GArray       *sp_db_list_table_results_counting (SpDb          *db,
                                                 gint64         tournament,
                                                 guint          last_session,
                                                 SpDbCounting   counting,
                                                 GError       **error);
/* Standings as sp_db_compute_standings () gives them (no teams), counting the hands
 * @counting says, inside the caller's transaction. */
GArray       *sp_db_compute_standings_counting  (SpDb                *db,
                                                 const SpTournament  *tournament,
                                                 guint                last_session,
                                                 SpDbCounting         counting,
                                                 GError             **error);

/* Penalties.  sp_db_insert_penalty sets @penalty->id. */
gboolean      sp_db_insert_penalty        (SpDb          *db,
                                           gint64         tournament,
                                           SpPenalty     *penalty,
                                           GError       **error);
/* SP_DB_ERROR_NOT_FOUND when there is none. */
SpPenalty    *sp_db_get_penalty           (SpDb          *db,
                                           gint64         tournament,
                                           gint64         id,
                                           GError       **error);
gboolean      sp_db_delete_penalty_row    (SpDb          *db,
                                           gint64         id,
                                           GError       **error);

/* The session clock: *@found FALSE when the session has no row; a length not set reads 0. */
gboolean      sp_db_read_session_clock    (SpDb                  *db,
                                           gint64                 tournament,
                                           guint                  session,
                                           SpSessionClock        *clock,
                                           gboolean              *found,
                                           GError               **error);
gboolean      sp_db_write_session_clock   (SpDb                  *db,
                                           gint64                 tournament,
                                           guint                  session,
                                           const SpSessionClock  *clock,
                                           GError               **error);
/* The first drawn session still open, else the last drawn, else 0. */
gboolean      sp_db_read_clock_session    (SpDb                  *db,
                                           gint64                 tournament,
                                           guint                 *session,
                                           GError               **error);
/* tournaments.hide_standings; SP_DB_ERROR_NOT_FOUND for no such tournament. */
gboolean      sp_db_read_hide_standings   (SpDb                  *db,
                                           gint64                 tournament,
                                           gboolean              *hide,
                                           GError               **error);
gboolean      sp_db_update_hide_standings (SpDb                  *db,
                                           gint64                 tournament,
                                           gboolean               hide,
                                           GError               **error);

/* The director's lock: the tournament's PIN hash (NULL: no lock; SP_DB_ERROR_NOT_FOUND for no
 * such tournament), and its log (pin_log: @event 'set', 'changed', 'cleared', 'wrong',
 * 'unlocked' or 'used'; @action the command, @subject what it acts on). */
gboolean      sp_db_read_pin_hash         (SpDb                  *db,
                                           gint64                 tournament,
                                           char                 **hash,
                                           GError               **error);
gboolean      sp_db_write_pin_hash        (SpDb                  *db,
                                           gint64                 tournament,
                                           const char            *hash,
                                           GError               **error);
gboolean      sp_db_insert_pin_event      (SpDb                  *db,
                                           gint64                 tournament,
                                           const char            *event,
                                           const char            *action,
                                           gint64                 subject,
                                           GError               **error);
/* The wrong PINs given since the last one accepted. */
gboolean      sp_db_count_pin_failures    (SpDb                  *db,
                                           gint64                 tournament,
                                           guint                 *failures,
                                           GError               **error);

/* What this connection has unlocked: the PIN hash it verified for @tournament (the unlock
 * holds while it is still the tournament's), forgotten for @tournament (0: all). */
void          sp_db_remember_unlock       (SpDb                  *db,
                                           gint64                 tournament,
                                           const char            *hash);
void          sp_db_forget_unlock         (SpDb                  *db,
                                           gint64                 tournament);
const char   *sp_db_get_unlock            (SpDb                  *db,
                                           gint64                 tournament);
/* The unlock of @tournament was used now (its timeout starts again). */
void          sp_db_touch_unlock          (SpDb                  *db,
                                           gint64                 tournament);

/* ---- checks the operations share --------------------------------------------------------- */

/* sp_check_name (), its refusal as SP_DB_ERROR_INVALID; the name without the blanks around
 * it, or NULL. */
char         *sp_db_take_name    (const char  *what,
                                  const char  *name,
                                  GError     **error);
/* Turns an error of the core (a refused input) into SP_DB_ERROR_INVALID, its message kept. */
void          sp_db_propagate_refusal (GError     **error,
                                       GError      *core_error);
/* Reads the tournament options of @tournament's stored text into its settings
 * (sp_tournament_read_options ()), a refusal as SP_DB_ERROR_INVALID. */
gboolean      sp_db_read_tournament_options (SpTournament  *tournament,
                                             GError       **error);
/* A session that has been drawn (@info filled), else SP_DB_ERROR_NOT_FOUND. */
gboolean      sp_db_get_drawn_session (SpDb           *db,
                                       gint64          tournament,
                                       guint           session,
                                       SpSessionInfo  *info,
                                       GError        **error);
/* Refuses a change to @session when it is @closed: its hands and penalties are frozen until
 * it is reopened. */
gboolean      sp_db_check_open   (guint        session,
                                  gboolean     closed,
                                  GError     **error);
/* A session that has been drawn and is open. */
gboolean      sp_db_get_open_session (SpDb           *db,
                                      gint64          tournament,
                                      guint           session,
                                      SpSessionInfo  *info,
                                      GError        **error);

/* A protected change, inside its transaction: when tournament @tournament has a director's PIN
 * and this connection has not been unlocked for it (sp_db_unlock), SP_DB_ERROR_PIN_REQUIRED
 * with the message @format (a full sentence naming the change); when unlocked, logs that the
 * PIN was used for @action on @subject and sets *@used (may be NULL).  No PIN: TRUE, *@used
 * FALSE. */
G_GNUC_PRINTF (7, 8)
gboolean      sp_db_require_director (SpDb           *db,
                                      gint64          tournament,
                                      const char     *action,
                                      gint64          subject,
                                      gboolean       *used,
                                      GError        **error,
                                      const char     *format,
                                      ...);

/* What sp_db_load_snapshot () reads of the standings, each computed once in the caller's read
 * transaction: the table results (as sp_db_list_table_results () with no last session), the
 * standings after every session with each session's results (as
 * sp_db_compute_standings_by_session ()) and the teams' standings with their names (as
 * sp_db_compute_standings () with @team_names). */
gboolean      sp_db_compute_snapshot_standings (SpDb                *db,
                                                const SpTournament  *tournament,
                                                GArray             **tables,
                                                GArray             **standings,
                                                GArray             **session_results,
                                                GArray             **team_standings,
                                                GPtrArray          **team_names,
                                                GError             **error);

G_END_DECLS
