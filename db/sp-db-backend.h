/* sp-db-backend.h: what a database backend fills for the store (sp-db.c), and what the store
 * holds of a connection.
 *
 * The store (sp-db.c) is generic: it keeps the statement cache (keyed by the SQL text), the
 * read and write transactions and their nesting, the retry of a write transaction another
 * connection holds up, the migrations' order, the referee, the warnings and the director's
 * unlocks.  A backend (SQLite: sp-db-sqlite.c with sp-db-locks.c) reaches its database: it
 * opens a connection from a location, runs scripts and statements with bound SpDbValues,
 * reads rows, runs transactions, keeps the audit log and reports what it can do.  Nothing
 * here names a database library's type: a backend keeps its connection behind
 * SpDbConnection and its statements behind SpDbQuery and SpDbRow.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-db-private.h"

G_BEGIN_DECLS

/* A backend's connection, opaque to the store. */
typedef struct _SpDbConnection SpDbConnection;
typedef struct _SpDbBackend    SpDbBackend;

/* What a backend can do beyond queries and transactions. */
typedef enum
{
  /* The store is one file at a path (SpDb.path): backups and restores copy files, the
   * automatic backups and the window's drafts are kept by that path. */
  SP_DB_CAN_FILE           = 1 << 0,
  /* Other programs' connections are held off with advisory file locks (sp-db-locks.c). */
  SP_DB_CAN_ADVISORY_LOCKS = 1 << 1,
  /* set_change_hook calls its function when another connection changes the store; without
   * it, a reader polls get_data_version. */
  SP_DB_CAN_NOTIFY         = 1 << 2,
} SpDbCapabilities;

typedef enum
{
  /* One snapshot to read, holding no writer up. */
  SP_DB_TRANSACTION_READ,
  /* The one writer until commit or rollback (SQLite's BEGIN IMMEDIATE). */
  SP_DB_TRANSACTION_WRITE,
} SpDbTransaction;

/* Called when another connection has changed the store. */
typedef void (*SpDbChangeFunc) (SpDb     *db,
                                gpointer  user_data);

/* How long, in all, a write transaction waits for another connection's (the backend's own
 * wait and the store's retries together). */
#define SP_DB_BUSY_TIMEOUT_MS 10000

/* Every function gets the SpDb whose connection it serves (db->connection, db->path for the
 * messages); every failure sets @error with an SpDbError code (SP_DB_ERROR_BUSY for a lock
 * another connection holds, which the store retries) and says what and where. */
struct _SpDbBackend
{
  const char       *name;
  SpDbCapabilities  capabilities;
  /* The resource folder of the numbered migrations in this backend's SQL. */
  const char       *migrations;
  /* Its text of each SpDbStatement. */
  const char * const *statements;

  /* Connects db->connection to @location (a path, or the backend's URI), checks that it is a
   * Sparrow store, brings its schema up to date (through sp_db_apply_migrations) and installs
   * the audit log for g_get_user_name (); FALSE with nothing left open on failure. */
  gboolean     (*open)               (SpDb             *db,
                                      const char       *location,
                                      GError          **error);
  /* open () without waiting (NULL: the store calls open () at once): the connection is made
   * in the main loop of the thread-default context, then set up as open () does; open_finish
   * gives whether it succeeded. */
  void         (*open_async)         (SpDb                *db,
                                      const char          *location,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
  gboolean     (*open_finish)        (SpDb                *db,
                                      GAsyncResult        *result,
                                      GError             **error);
  /* Whether the connection reaches its server (NULL: always). */
  SpDbConnectionState (*get_connection_state) (SpDb      *db);
  /* The role and the name of the connection's login, and the database's name (NULL: the
   * director, the person, the file's name). */
  gboolean     (*get_role)           (SpDb             *db,
                                      SpDbRole         *role,
                                      char            **login,
                                      char            **database,
                                      GError          **error);
  /* Closes db->connection (no transaction open, every statement finalized). */
  void         (*close)              (SpDb             *db);
  /* Runs @script, one or more statements with no parameter. */
  gboolean     (*exec)               (SpDb             *db,
                                      const char       *script,
                                      const char       *what,
                                      GError          **error);

  /* A statement for @sql (its parameters `?` or `?N`), kept by the store until finalize. */
  SpDbQuery   *(*prepare)            (SpDb             *db,
                                      const char       *sql,
                                      GError          **error);
  /* Makes @query ready to run again with no value bound. */
  gboolean     (*reset)              (SpDb             *db,
                                      SpDbQuery        *query,
                                      GError          **error);
  void         (*finalize)           (SpDbQuery        *query);
  /* Binds @value to parameter @index (from 1). */
  gboolean     (*bind)               (SpDb             *db,
                                      SpDbQuery        *query,
                                      guint             index,
                                      const SpDbValue  *value,
                                      GError          **error);
  /* Runs @query to its next row: TRUE with *has_row (the row_ functions then read it), or
   * TRUE with *has_row FALSE at the end; FALSE on error, the query rewound. */
  gboolean     (*step)               (SpDb             *db,
                                      SpDbQuery        *query,
                                      gboolean         *has_row,
                                      const char       *what,
                                      GError          **error);
  /* Ends a query's run (its rows are no longer read), keeping its values bound. */
  void         (*rewind)             (SpDbQuery        *query);
  gint64       (*row_int64)          (SpDbQuery        *query,
                                      int               column);
  gboolean     (*row_is_null)        (SpDbQuery        *query,
                                      int               column);
  /* NULL for NULL; valid until the next step. */
  const char  *(*row_text)           (SpDbQuery        *query,
                                      int               column);
  /* The id of the row the last INSERT made (a backend with RETURNING only may keep it from
   * the statement's RETURNING id). */
  gint64       (*last_insert_id)     (SpDb             *db);
  /* How many rows the last INSERT, UPDATE or DELETE changed. */
  gint64       (*changes)            (SpDb             *db);

  gboolean     (*in_transaction)     (SpDb             *db);
  gboolean     (*begin)              (SpDb             *db,
                                      SpDbTransaction   kind,
                                      GError          **error);
  /* On failure the store rolls back. */
  gboolean     (*commit)             (SpDb             *db,
                                      GError          **error);
  /* Rolls back the open transaction, if any; a failure is only logged. */
  void         (*rollback)           (SpDb             *db);

  /* A number that changes when another connection commits a change. */
  gboolean     (*get_data_version)   (SpDb             *db,
                                      gint64           *version,
                                      GError          **error);
  /* The number of the last migration applied (0 for an empty store). */
  gboolean     (*get_schema_version) (SpDb             *db,
                                      gint64           *version,
                                      GError          **error);
  /* Notes migration @version as applied, inside its transaction. */
  gboolean     (*set_schema_version) (SpDb             *db,
                                      gint64            version,
                                      GError          **error);
  /* Calls @func when another connection changes the store (SP_DB_CAN_NOTIFY); NULL stops. */
  void         (*set_change_hook)    (SpDb             *db,
                                      SpDbChangeFunc    func,
                                      gpointer          user_data);

  /* Who the audit log names for the changes from now on, and the note it adds (NULL for
   * none). */
  gboolean     (*set_referee)        (SpDb             *db,
                                      const char       *referee,
                                      GError          **error);
  gboolean     (*set_audit_note)     (SpDb             *db,
                                      const char       *note,
                                      GError          **error);

  /* Whether the audit log notes the changes from now on (on by default; a copy of another
   * store's rows, which bring their own log, turns it off). */
  gboolean     (*set_audit_enabled)  (SpDb             *db,
                                      gboolean          enabled,
                                      GError          **error);
  /* The highest id @table (a table whose rows have ids) has given, deleted rows included (0
   * for none); and making the ids it gives from now on come after @last. */
  gboolean     (*get_id_counter)     (SpDb             *db,
                                      const char       *table,
                                      gint64           *last,
                                      GError          **error);
  gboolean     (*set_id_counter)     (SpDb             *db,
                                      const char       *table,
                                      gint64            last,
                                      GError          **error);

  /* SP_DB_CAN_FILE: a consistent copy of the store into the new file @path (written beside
   * it, then renamed); the store replaced, all or nothing, by the file @path (then migrated);
   * whether the file @path is a sound Sparrow store of a schema this program knows (the
   * errors name @shown_as, and say nothing was restored). */
  gboolean     (*copy_to_file)       (SpDb             *db,
                                      const char       *path,
                                      GError          **error);
  gboolean     (*restore_from_file)  (SpDb             *db,
                                      const char       *path,
                                      GError          **error);
  gboolean     (*check_file)         (const char       *path,
                                      const char       *shown_as,
                                      GError          **error);
};

/* The current row of a query, as the row functions get it. */
struct _SpDbRow
{
  const SpDbBackend *backend;
  SpDbQuery         *query;
};

struct _SpDb
{
  const SpDbBackend *backend;
  SpDbConnection    *connection;
  char              *path;       /* the location it was opened with */
  GHashTable        *statements; /* SQL text (static) → SpDbQuery of the backend */
  char              *warning;    /* for sp_db_take_warning */
  GHashTable        *unlocked;   /* tournament id (gint64 *) → SpDbUnlock, what it verified */
  gint64             unlock_timeout; /* µs an unlock lasts unused; 0: until sp_db_lock () */
  char              *referee;    /* as set by sp_db_set_referee (), for a connection opened again */
  char              *password;   /* a server's, for a connection opened again; never shown */
  gboolean           opened;     /* set up and migrated */
  SpDbRole           role;       /* what its login may do, read at the opening */
  char              *login;
  char              *database;   /* its name, as a person reads it */
};

/* The SQLite backend (sp-db-sqlite.c), the PostgreSQL one (sp-db-pg.c). */
extern const SpDbBackend sp_db_sqlite_backend;
extern const SpDbBackend sp_db_pg_backend;

/* Whether @db's backend can do all of @capabilities. */
static inline gboolean
sp_db_can (SpDb             *db,
           SpDbCapabilities  capabilities)
{
  return (db->backend->capabilities & capabilities) == capabilities;
}

/* Whether @db is a file at a path (not a database in memory): what backups and drafts need. */
gboolean      sp_db_is_file             (SpDb        *db);
/* Whether a transaction is open on @db's connection. */
gboolean      sp_db_in_transaction      (SpDb        *db);
/* Applies, in order and in the caller's transaction, every migration of the backend numbered
 * above @version, with the row conversions some of them need, noting each one's number. */
gboolean      sp_db_apply_migrations    (SpDb        *db,
                                         gint64       version,
                                         GError     **error);
/* Finalizes the cached statements (before the backend closes or reopens its connection). */
void          sp_db_forget_statements   (SpDb        *db);

G_END_DECLS
