/* sp-db-sqlite.c: the SQLite backend: its connection, statements, transactions, the checks
 * and migrations of a file, the audit log (TEMP triggers) and the copies of the file.  The
 * only file of the store, with its lock layer sp-db-locks.c, that calls SQLite.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-sqlite.h"

#include <inttypes.h>

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <string.h>

/* The connection is SQLite's, and the queries and rows are its prepared statements. */
static inline sqlite3 *
handle_of (SpDb *db)
{
  return (sqlite3 *) db->connection;
}

static inline sqlite3_stmt *
statement_of (SpDbQuery *query)
{
  return (sqlite3_stmt *) query;
}

/* ---- statements ------------------------------------------------------------------------ */

/* The reason of @rc when it is a fault of the file or the disk (not of the request): the
 * system's words when SQLite kept them ("No space left on device"), else SQLite's; NULL for
 * any other code. */
static const char *
file_fault (SpDb *db,
            int   rc)
{
  int system_errno = handle_of (db) != NULL ? sqlite3_system_errno (handle_of (db)) : 0;

  switch (rc & 0xff)
    {
    case SQLITE_FULL:
    case SQLITE_IOERR:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
      return system_errno != 0 ? g_strerror (system_errno) : sqlite3_errstr (rc);
    default:
      return NULL;
    }
}

SpDbError
sp_db_sqlite_error_code (int rc)
{
  switch (rc & 0xff)
    {
    case SQLITE_NOTADB:
      return SP_DB_ERROR_NOT_SPARROW;
    case SQLITE_CORRUPT:
      return SP_DB_ERROR_CORRUPT;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return SP_DB_ERROR_BUSY;
    case SQLITE_CONSTRAINT:
      return SP_DB_ERROR_INVALID;
    default:
      return SP_DB_ERROR_IO;
    }
}

gboolean
sp_db_fail (SpDb        *db,
            int          rc,
            const char  *what,
            GError     **error)
{
  int code = sp_db_sqlite_error_code (rc);
  const char *reason = file_fault (db, rc);

  if (code == SP_DB_ERROR_CORRUPT)
    /* Met in the middle of an operation (the pages read at the open were sound): the person
     * needs the file's name and that it is damaged, the statement only to report it. */
    g_set_error (error, SP_DB_ERROR, code, _("%s is damaged and cannot be read (%s: %s)"),
                 db->path, what, sqlite3_errstr (rc));
  else if (reason != NULL)
    /* Translators: the database file, what was being done, then the reason ("No space left
     * on device", "attempt to write a readonly database"). */
    g_set_error (error, SP_DB_ERROR, code, _("%s: %s: %s; nothing was changed"), db->path, what,
                 reason);
  else
    g_set_error (error, SP_DB_ERROR, code, "%s: %s (%s)", what, sqlite3_errstr (rc),
                 handle_of (db) != NULL ? sqlite3_errmsg (handle_of (db)) : db->path);
  return FALSE;
}

/* Makes @statement ready to run again.  sqlite3_reset () returns the code of the statement's
 * last step once more: that step's own code was checked (and reported) where it ran, so the
 * repeat is not a new error. */
static void
rewind_statement (sqlite3_stmt *statement)
{
  (void) sqlite3_reset (statement);
}


static SpDbQuery *
sqlite_prepare (SpDb        *db,
                const char  *sql,
                GError     **error)
{
  sqlite3_stmt *statement = NULL;
  int rc = sqlite3_prepare_v3 (handle_of (db), sql, -1, SQLITE_PREPARE_PERSISTENT, &statement,
                               NULL);

  if (rc != SQLITE_OK)
    {
      sp_db_fail (db, rc, "preparing a query", error);
      return NULL;
    }
  return (SpDbQuery *) statement;
}

static gboolean
sqlite_reset (SpDb       *db,
              SpDbQuery  *query,
              GError    **error)
{
  int rc;

  rewind_statement (statement_of (query));
  rc = sqlite3_clear_bindings (statement_of (query));
  if (rc != SQLITE_OK)
    return sp_db_fail (db, rc, "clearing a query's parameters", error);
  return TRUE;
}

/* Finalizing repeats the code of the statement's last step, checked when it ran. */
static void
sqlite_finalize (SpDbQuery *query)
{
  (void) sqlite3_finalize (statement_of (query));
}

static void
sqlite_rewind (SpDbQuery *query)
{
  rewind_statement (statement_of (query));
}

static gboolean
sqlite_bind (SpDb             *db,
             SpDbQuery        *query,
             guint             index,
             const SpDbValue  *value,
             GError          **error)
{
  sqlite3_stmt *statement = statement_of (query);
  int rc;

  switch (value->kind)
    {
    case SP_DB_VALUE_INT:
      rc = sqlite3_bind_int64 (statement, index, value->number);
      break;
    case SP_DB_VALUE_TEXT:
      rc = sqlite3_bind_text (statement, index, value->text, -1, SQLITE_TRANSIENT);
      break;
    case SP_DB_VALUE_NULL:
    default:
      rc = sqlite3_bind_null (statement, index);
      break;
    }
  if (rc != SQLITE_OK)
    {
      g_autofree char *what = g_strdup_printf ("binding parameter %u of a query", index);

      return sp_db_fail (db, rc, what, error);
    }
  return TRUE;
}

static gboolean
sqlite_step (SpDb        *db,
             SpDbQuery   *query,
             gboolean    *has_row,
             const char  *what,
             GError     **error)
{
  sqlite3_stmt *statement = statement_of (query);
  int rc = sqlite3_step (statement);

  *has_row = FALSE;
  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    {
      *has_row = rc == SQLITE_ROW;
      return TRUE;
    }
  rewind_statement (statement);
  return sp_db_fail (db, rc, what, error);
}

static gint64
sqlite_row_int64 (SpDbQuery *query,
                  int        column)
{
  return sqlite3_column_int64 (statement_of (query), column);
}

static gboolean
sqlite_row_is_null (SpDbQuery *query,
                    int        column)
{
  return sqlite3_column_type (statement_of (query), column) == SQLITE_NULL;
}

static const char *
sqlite_row_text (SpDbQuery *query,
                 int        column)
{
  return (const char *) sqlite3_column_text (statement_of (query), column);
}

static gint64
sqlite_last_insert_id (SpDb *db)
{
  return sqlite3_last_insert_rowid (handle_of (db));
}

static gint64
sqlite_changes (SpDb *db)
{
  return sqlite3_changes64 (handle_of (db));
}

static gboolean
exec (SpDb        *db,
      const char  *sql,
      const char  *what,
      GError     **error)
{
  int rc = sqlite3_exec (handle_of (db), sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return sp_db_fail (db, rc, what, error);
  return TRUE;
}

static gboolean
pragma_int (SpDb        *db,
            const char  *pragma,
            gint64      *value,
            GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA %s", pragma);
  sqlite3_stmt *statement = NULL;
  int rc;

  rc = sqlite3_prepare_v2 (handle_of (db), sql, -1, &statement, NULL);
  if (rc == SQLITE_OK)
    {
      rc = sqlite3_step (statement);
      if (rc == SQLITE_ROW)
        {
          *value = sqlite3_column_int64 (statement, 0);
          rc = SQLITE_OK;
        }
    }
  /* Finalizing repeats the code of the last step (checked above) or reports its own error. */
  if (statement != NULL)
    {
      int finalized = sqlite3_finalize (statement);

      if (rc == SQLITE_OK)
        rc = finalized;
    }
  if (rc != SQLITE_OK)
    return sp_db_fail (db, rc, pragma, error);
  return TRUE;
}

/* ---- transactions ---------------------------------------------------------------------- */

static gboolean reopen_connection (SpDb    *db,
                                   GError **error);

static gboolean
sqlite_in_transaction (SpDb *db)
{
  return !sqlite3_get_autocommit (handle_of (db));
}

static gboolean
sqlite_begin (SpDb             *db,
              SpDbTransaction   kind,
              GError          **error)
{
  if (kind == SP_DB_TRANSACTION_READ)
    return exec (db, "BEGIN DEFERRED", "starting to read", error);

  /* Never a write into a write-ahead log that another program has deleted (nobody would read
   * it, and its pages would later be checkpointed over that program's changes): the write is
   * refused and the connection opened again on the files at the path. */
  if (db->opened && !sp_db_sqlite_journal_is_current (handle_of (db), db->path, error))
    {
      g_autoptr(GError) reopen_error = NULL;

      if (!reopen_connection (db, &reopen_error))
        g_prefix_error (error, "%s; ", reopen_error->message);
      return FALSE;
    }
  return exec (db, "BEGIN IMMEDIATE", "starting a transaction", error);
}

static gboolean
sqlite_commit (SpDb    *db,
               GError **error)
{
  return exec (db, "COMMIT", "committing", error);
}

static void
sqlite_rollback (SpDb *db)
{
  if (!sqlite3_get_autocommit (handle_of (db)))
    {
      int rc = sqlite3_exec (handle_of (db), "ROLLBACK", NULL, NULL, NULL);

      /* Nothing the caller could do: the connection is left as SQLite has it, and said so. */
      if (rc != SQLITE_OK)
        g_warning ("%s: rolling back: %s (%s)", db->path, sqlite3_errstr (rc),
                   sqlite3_errmsg (handle_of (db)));
    }
}

static gboolean
sqlite_get_data_version (SpDb    *db,
                         gint64  *version,
                         GError **error)
{
  return pragma_int (db, "data_version", version, error);
}

static gboolean
sqlite_get_schema_version (SpDb    *db,
                           gint64  *version,
                           GError **error)
{
  return pragma_int (db, "user_version", version, error);
}

static gboolean
sqlite_set_schema_version (SpDb    *db,
                           gint64   version,
                           GError **error)
{
  /* A PRAGMA takes no bound parameter; the number is the migration's own, from the name of a
   * resource compiled into the program. */
  g_autofree char *sql = g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT, version);
  g_autofree char *what = g_strdup_printf ("noting migration %" G_GINT64_FORMAT, version);

  return exec (db, sql, what, error);
}

/* Another connection's changes are seen by polling PRAGMA data_version: SQLite calls no hook
 * for them (its update hook sees this connection's own changes only). */
static void
sqlite_set_change_hook (SpDb           *db,
                        SpDbChangeFunc  func,
                        gpointer        user_data)
{
}

/* ---- opening, migrations and the audit log --------------------------------------------- */
/* The audit triggers live in the connection's temp schema, so that they can read who is
 * making the change from temp.sp_referee; every insert, update and delete of the tables
 * below is logged with its old and new values. */
static const struct
{
  const char *table;
  const char *columns;
} audited[] = {
  { "tournaments", "name ruleset profile options n_sessions seating ranking base per_tai "
                   "plan_seed venue starts_on ends_on hide_standings two_key" },
  { "players", "tournament_id name club country team federation_id status substitute_for "
               "present" },
  { "sessions", "tournament_id number status seed time_up final_top clock_length clock_run "
                "clock_started clock_ended" },
  { "seats", "session_id table_number chair player_id" },
  { "hands", "session_id table_number number winner discarder draw notation situation items "
             "total s0 s1 s2 s3 entered_by riichi tenpai chombo sticks han fu yakuman also_won "
             "confirmed_by confirmed_version" },
  { "penalties", "session_id player_id hand_id points reason" },
  { "pin_log", "tournament_id event action subject" },
};

static char *
json_of_row (const char *prefix,
             const char *columns)
{
  g_auto(GStrv) names = g_strsplit (columns, " ", -1);
  GString *text = g_string_new ("json_object (");

  for (guint i = 0; names[i] != NULL; i++)
    g_string_append_printf (text, "%s'%s', %s.%s", i > 0 ? ", " : "", names[i], prefix, names[i]);
  g_string_append (text, ")");
  return g_string_free (text, FALSE);
}

static gboolean
install_audit (SpDb        *db,
               const char  *referee,
               GError     **error)
{
  GString *sql = g_string_new ("CREATE TEMP TABLE IF NOT EXISTS sp_referee (who TEXT NOT NULL,"
                               " note TEXT, off INTEGER NOT NULL DEFAULT 0);"
                               "DELETE FROM temp.sp_referee;");
  g_autofree char *text = NULL;
  const SpDbValue who[] = { sp_db_text (referee) };

  for (guint i = 0; i < G_N_ELEMENTS (audited); i++)
    {
      g_autofree char *old_json = json_of_row ("OLD", audited[i].columns);
      g_autofree char *new_json = json_of_row ("NEW", audited[i].columns);
      const char *t = audited[i].table;

      g_string_append_printf (sql,
        "CREATE TEMP TRIGGER IF NOT EXISTS audit_%s_insert AFTER INSERT ON main.%s"
        " WHEN NOT (SELECT off FROM temp.sp_referee) BEGIN "
        "INSERT INTO audit (who, note, target, row_id, action, new_values) VALUES "
        "((SELECT who FROM temp.sp_referee), (SELECT note FROM temp.sp_referee), '%s',"
        " NEW.rowid, 'insert', %s); END;",
        t, t, t, new_json);
      g_string_append_printf (sql,
        "CREATE TEMP TRIGGER IF NOT EXISTS audit_%s_update AFTER UPDATE ON main.%s"
        " WHEN NOT (SELECT off FROM temp.sp_referee) BEGIN "
        "INSERT INTO audit (who, note, target, row_id, action, old_values, new_values) VALUES "
        "((SELECT who FROM temp.sp_referee), (SELECT note FROM temp.sp_referee), '%s',"
        " NEW.rowid, 'update', %s, %s); END;",
        t, t, t, old_json, new_json);
      g_string_append_printf (sql,
        "CREATE TEMP TRIGGER IF NOT EXISTS audit_%s_delete AFTER DELETE ON main.%s"
        " WHEN NOT (SELECT off FROM temp.sp_referee) BEGIN "
        "INSERT INTO audit (who, note, target, row_id, action, old_values) VALUES "
        "((SELECT who FROM temp.sp_referee), (SELECT note FROM temp.sp_referee), '%s',"
        " OLD.rowid, 'delete', %s); END;",
        t, t, t, old_json);
    }
  text = g_string_free (sql, FALSE);
  if (!exec (db, text, "installing the audit log", error))
    return FALSE;

  return sp_db_run (db, "INSERT INTO temp.sp_referee (who) VALUES (?)", who, G_N_ELEMENTS (who),
                    "setting the referee", error);
}

static gboolean
sqlite_set_referee (SpDb        *db,
                    const char  *referee,
                    GError     **error)
{
  const SpDbValue who[] = { sp_db_text (referee) };

  return sp_db_run (db, "UPDATE temp.sp_referee SET who = ?", who, G_N_ELEMENTS (who),
                    "setting the referee", error);
}

static gboolean
sqlite_set_audit_enabled (SpDb      *db,
                          gboolean   enabled,
                          GError   **error)
{
  const SpDbValue values[] = { sp_db_int (!enabled) };

  return sp_db_run (db, "UPDATE temp.sp_referee SET off = ?", values, G_N_ELEMENTS (values),
                    "turning the audit log on or off", error);
}

/* Only a table declared AUTOINCREMENT (hands) keeps its counter, in sqlite_sequence; the
 * others give the id after their highest row's. */
static gboolean
sqlite_get_id_counter (SpDb        *db,
                       const char  *table,
                       gint64      *last,
                       GError     **error)
{
  const SpDbValue values[] = { sp_db_text (table) };
  gboolean found;

  *last = 0;
  return sp_db_read_int64 (db, sp_db_query (db, "SELECT seq FROM sqlite_sequence WHERE name = ?",
                                            values, G_N_ELEMENTS (values), error),
                           last, &found, "reading the ids given", error);
}

static gboolean
sqlite_set_id_counter (SpDb        *db,
                       const char  *table,
                       gint64       last,
                       GError     **error)
{
  const SpDbValue values[] = { sp_db_text (table), sp_db_int (last) };

  return sp_db_run (db, "UPDATE sqlite_sequence SET seq = ?2 WHERE name = ?1 AND seq < ?2",
                    values, G_N_ELEMENTS (values), "setting the ids given", error)
         && sp_db_run (db, "INSERT INTO sqlite_sequence (name, seq) SELECT ?1, ?2"
                       " WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?1)"
                       " AND EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table'"
                       " AND name = ?1 AND sql LIKE '%AUTOINCREMENT%')",
                       values, G_N_ELEMENTS (values), "setting the ids given", error);
}

static gboolean
sqlite_set_audit_note (SpDb        *db,
                       const char  *note,
                       GError     **error)
{
  const SpDbValue values[] = { sp_db_text (note) };

  return sp_db_run (db, "UPDATE temp.sp_referee SET note = ?", values, G_N_ELEMENTS (values),
                    "noting why the change is made", error);
}

/* A damaged file (a page that does not read, a NULL or a value its CHECK refuses where the
 * schema forbids it) is refused before a migration rewrites it.  SQLite checks the constraints
 * only when it writes, and notices a damaged page only when a statement reads it (the statement
 * then fails and its transaction is rolled back).  PRAGMA quick_check reads every page, about
 * 30 ms a megabyte here, half a second for a tournament of a thousand players: too slow for
 * every command (SPEC.md §4), so it is run only before a migration. */
static gboolean
check_not_damaged (SpDb     *db,
                   GError  **error)
{
  sqlite3_stmt *statement = NULL;
  gboolean damaged;
  int rc;

  rc = sqlite3_prepare_v2 (handle_of (db), "PRAGMA quick_check(1)", -1, &statement, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_step (statement);
  /* A schema that does not read (SQLITE_ERROR) is damage too; SQLite's words for it quote the
   * file's bytes. */
  damaged = (rc & 0xff) == SQLITE_ERROR || (rc & 0xff) == SQLITE_CORRUPT
            || (rc == SQLITE_ROW
                && g_strcmp0 ((const char *) sqlite3_column_text (statement, 0), "ok") != 0);
  if (!damaged && rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      sp_db_fail (db, rc, "checking the file", error);
      sqlite3_finalize (statement);
      return FALSE;
    }
  sqlite3_finalize (statement);
  if (damaged)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_CORRUPT,
                   _("%s is damaged and cannot be read"), db->path);
      return FALSE;
    }
  return TRUE;
}

/* With @back_up, an existing file of an older schema is first copied to the automatic
 * backups (a restore has made its own backup of what it replaced). */
static gboolean
check_and_migrate (SpDb     *db,
                   gboolean  back_up,
                   GError  **error)
{
  gint64 application_id = 0;
  gint64 version = 0;
  gint64 n_objects = 0;

  if (!pragma_int (db, "application_id", &application_id, error)
      || !pragma_int (db, "user_version", &version, error))
    return FALSE;
  if (application_id == 0)
    {
      gboolean found;

      if (!sp_db_read_int64 (db, sp_db_prepare (db, "SELECT count(*) FROM sqlite_schema", error),
                             &n_objects, &found, "reading the schema", error))
        return FALSE;
    }
  if ((application_id == 0 && (n_objects > 0 || version != 0))
      || (application_id != 0 && application_id != SP_DB_APPLICATION_ID))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                   _("%s is not a Sparrow database"), db->path);
      return FALSE;
    }
  if (version > SP_DB_SCHEMA_VERSION)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_TOO_NEW,
                   _("%s was written by a newer Sparrow (schema %" PRId64
                     ", this program knows up to %d)"), db->path, version, SP_DB_SCHEMA_VERSION);
      return FALSE;
    }
  if (version == SP_DB_SCHEMA_VERSION)
    return TRUE;
  if (version > 0 && !check_not_damaged (db, error))
    return FALSE;

  /* The copy is made before the write transaction (SQLite's backup cannot read a connection
   * that is writing); a copy taken as another process migrates holds the one or the other
   * whole. */
  if (back_up && version > 0
      && !sp_db_back_up_before_migration (db, version, error))
    return FALSE;
  /* The switch to WAL comes after the migration has committed: it rewrites the file's header
   * at once, and a migration that fails must leave the file as it was, byte for byte. */
  if (!sp_db_begin (db, error))
    return FALSE;
  /* Another process may have migrated the file while this one waited for the lock. */
  if (!pragma_int (db, "user_version", &version, error)
      || !sp_db_apply_migrations (db, version, error)
      /* SP_DB_APPLICATION_ID in decimal (a PRAGMA takes no bound parameter). */
      || !exec (db, "PRAGMA application_id = 1399878263", "marking the file", error)
      || !sp_db_commit (db, error))
    {
      sp_db_rollback (db);
      return FALSE;
    }
  return exec (db, "PRAGMA journal_mode = WAL", "switching to WAL", error);
}

/* Closes the connection of @db (its statements already finalized), if any. */
static void
close_handle (SpDb *db)
{
  if (db->connection != NULL)
    {
      sqlite3_close (handle_of (db));
      db->connection = NULL;
    }
}

/* Every cached statement was finalized before, so the connection closes. */
static void
sqlite_close (SpDb *db)
{
  int rc = sqlite3_close (handle_of (db));

  if (rc != SQLITE_OK)
    g_warning ("%s: closing: %s", db->path, sqlite3_errstr (rc));
  db->connection = NULL;
}

/* Whether @path's folder cannot be written (a read-only mount, or no permission). */
static gboolean
in_read_only_folder (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  GStatBuf buf;

  if (g_stat (wal, &buf) == 0 && buf.st_size > 0)
    return FALSE;
  return g_access (folder, W_OK) != 0;
}

/* Opens the connection of @db, checks the file, migrates it and sets the connection up;
 * @immutable opens it read-only as a file nobody changes. */
static gboolean
open_connection (SpDb      *db,
                 gboolean   immutable,
                 GError   **error)
{
  g_autofree char *uri = NULL;
  sqlite3 *handle = NULL;
  int rc;

  sp_db_sqlite_use_file_locks ();
  if (immutable)
    {
      g_autofree char *escaped = g_uri_escape_string (db->path, "/", FALSE);

      uri = g_strconcat ("file:", escaped, "?immutable=1", NULL);
      rc = sqlite3_open_v2 (uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    }
  else
    rc = sqlite3_open_v2 (db->path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                          NULL);
  db->connection = (SpDbConnection *) handle;
  if (rc != SQLITE_OK)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot open %s: %s"), db->path,
                   handle != NULL ? sqlite3_errmsg (handle) : sqlite3_errstr (rc));
      return FALSE;
    }
  rc = sqlite3_extended_result_codes (handle, 1);
  if (rc != SQLITE_OK)
    return sp_db_fail (db, rc, "asking for extended result codes", error);
  rc = sqlite3_busy_timeout (handle, SP_DB_BUSY_TIMEOUT_MS);
  if (rc != SQLITE_OK)
    return sp_db_fail (db, rc, "setting the busy timeout", error);
  return check_and_migrate (db, !immutable, error)
         && exec (db, "PRAGMA foreign_keys = ON", "turning foreign keys on", error)
         && exec (db, "PRAGMA synchronous = NORMAL", "setting synchronous", error)
         && install_audit (db, g_get_user_name (), error);
}

/* Closes the connection of @db without a checkpoint (its journal files are no longer the ones
 * at the path) and opens it again, with its referee. */
static gboolean
reopen_connection (SpDb    *db,
                   GError **error)
{
  g_autofree char *referee = g_strdup (db->referee);

  sp_db_rollback (db);
  sqlite3_db_config (handle_of (db), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
  sp_db_forget_statements (db);
  close_handle (db);
  db->opened = FALSE;
  if (!open_connection (db, FALSE, error))
    return FALSE;
  db->opened = TRUE;
  if (referee != NULL)
    sp_db_set_referee (db, referee);
  return TRUE;
}

/* The file a `file:` URI names (`file:///abs/path`, `file:relative`, %-escaped), or NULL
 * (with why) for one this program cannot honour. */
static char *
path_of_uri (const char  *uri,
             GError     **error)
{
  g_autofree char *path = NULL;

  if (strpbrk (uri, "?#") != NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("%s: options in a file: URI are not supported; name the file alone"), uri);
      return NULL;
    }
  if (g_str_has_prefix (uri, "file://"))
    path = g_filename_from_uri (uri, NULL, NULL);
  else
    path = g_uri_unescape_string (uri + strlen ("file:"), NULL);
  if (path == NULL || path[0] == '\0')
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("%s does not name a database file"), uri);
      return NULL;
    }
  return g_steal_pointer (&path);
}

static gboolean
sqlite_open (SpDb        *db,
             const char  *location,
             GError     **error)
{
  const char *path = location;

  /* A `file:` URI is opened as the file it names, which the messages and backups name. */
  if (g_str_has_prefix (location, "file:"))
    {
      char *file = path_of_uri (location, error);

      if (file == NULL)
        return FALSE;
      g_free (db->path);
      db->path = file;
      path = db->path;
    }
  /* A new database is readable and writable by its owner only (SQLite gives its journal
   * files the database's mode); an existing file keeps its own. */
  if (path[0] != '\0' && strcmp (path, ":memory:") != 0)
    {
      int fd = g_open (path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      GStatBuf buf;

      if (fd >= 0)
        g_close (fd, NULL);
      /* A file that was there and is empty is not one this program made (it writes the
       * schema as soon as it has made the file): SQLite would take it for a new database and
       * write one into it.  Refused, and left as it is. */
      else if (errno == EEXIST && g_stat (path, &buf) == 0 && S_ISREG (buf.st_mode)
               && buf.st_size == 0)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                       _("%s is an empty file, not a Sparrow database"), path);
          return FALSE;
        }
      else if (errno == EEXIST && g_stat (path, &buf) == 0 && S_ISDIR (buf.st_mode))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                       _("%s is a folder, not a Sparrow database"), path);
          return FALSE;
        }
    }
  if (!open_connection (db, FALSE, error))
    {
      /* A database on a read-only medium or in a read-only folder: SQLite cannot make the
       * shared-memory file (-shm) a WAL database needs even to be read.  With no -wal file
       * beside it (whose changes would be missed) nobody can be writing it, so it is opened
       * as immutable: reading works, every change is refused as a read-only database. */
      if (error != NULL && *error != NULL && (*error)->code == SP_DB_ERROR_IO
          && in_read_only_folder (path))
        {
          /* The cached statements are finalized before their connection is closed. */
          sp_db_forget_statements (db);
          close_handle (db);
          g_clear_error (error);
          if (open_connection (db, TRUE, error))
            return TRUE;
        }
      if (error != NULL && *error != NULL && (*error)->code == SP_DB_ERROR_NOT_SPARROW
          && strstr ((*error)->message, "is not a Sparrow database") == NULL)
        {
          g_clear_error (error);
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                       _("%s is not a Sparrow database"), path);
        }
      /* SQLite's words for these name the statement that met the problem, not the file. */
      else if (error != NULL && *error != NULL && (*error)->code == SP_DB_ERROR_CORRUPT)
        {
          g_clear_error (error);
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_CORRUPT,
                       _("%s is damaged and cannot be read"), path);
        }
      else if (error != NULL && *error != NULL && (*error)->code == SP_DB_ERROR_BUSY)
        {
          g_clear_error (error);
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_BUSY,
                       _("%s is locked by another program"), path);
        }
      else if (error != NULL && *error != NULL && (*error)->code == SP_DB_ERROR_IO
               && db->connection != NULL
               && file_fault (db, sqlite3_extended_errcode (handle_of (db))) != NULL)
        {
          const char *reason = file_fault (db, sqlite3_extended_errcode (handle_of (db)));

          g_clear_error (error);
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot open %s: %s"), path,
                       reason);
        }
      return FALSE;
    }
  return TRUE;
}


/* How long a backup or a restore waits, in all, for the other connections' locks. */
#define BACKUP_WAIT_US (30 * G_USEC_PER_SEC)
#define BACKUP_RETRY_US (20 * 1000)
#define BACKUP_PAGES 64

/* Runs @backup to its end, @pages at a time, retrying while another connection holds a lock
 * (for at most BACKUP_WAIT_US); returns sqlite3_backup_finish's code. */
static int
run_backup (sqlite3_backup *backup,
            int             pages)
{
  gint64 deadline = g_get_monotonic_time () + BACKUP_WAIT_US;
  int rc;

  do
    {
      rc = sqlite3_backup_step (backup, pages);
      if (((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
          && g_get_monotonic_time () < deadline)
        {
          g_usleep (BACKUP_RETRY_US);
          rc = SQLITE_OK;
        }
    }
  while (rc == SQLITE_OK);
  if (rc == SQLITE_DONE)
    return sqlite3_backup_finish (backup);
  sqlite3_backup_finish (backup);
  return rc;
}

static void
set_backup_error (GError     **error,
                  int          rc,
                  const char  *message,
                  const char  *path)
{
  if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_BUSY,
                 _("%s: the database stayed locked by another program; try again"), path);
  else
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot copy the database to %s: %s"),
                 path, message);
}

static gboolean
sqlite_copy_to_file (SpDb        *db,
              const char  *path,
              GError     **error)
{
  g_autofree char *temporary = NULL;
  sqlite3 *target = NULL;
  sqlite3_backup *backup;
  int fd;
  int rc;

  /* Beside the file, so that the rename stays on one file system. */
  temporary = g_strconcat (path, ".XXXXXX", NULL);
  fd = g_mkstemp_full (temporary, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot write the backup %s: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }
  g_close (fd, NULL);
  rc = sqlite3_open_v2 (temporary, &target, SQLITE_OPEN_READWRITE, NULL);
  if (rc != SQLITE_OK)
    {
      set_backup_error (error, rc, target != NULL ? sqlite3_errmsg (target) : sqlite3_errstr (rc),
                        path);
      goto failed;
    }
  backup = sqlite3_backup_init (target, "main", handle_of (db), "main");
  if (backup == NULL)
    {
      rc = sqlite3_errcode (target);
      set_backup_error (error, rc, sqlite3_errmsg (target), path);
      goto failed;
    }
  rc = run_backup (backup, BACKUP_PAGES);
  if (rc != SQLITE_OK)
    {
      set_backup_error (error, rc, sqlite3_errstr (rc), path);
      goto failed;
    }
  /* The copy is one self-contained file: no WAL beside it until it is opened as a store. */
  rc = sqlite3_exec (target, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      set_backup_error (error, rc, sqlite3_errmsg (target), path);
      goto failed;
    }
  rc = sqlite3_close (target);
  target = NULL;
  if (rc != SQLITE_OK)
    {
      set_backup_error (error, rc, sqlite3_errstr (rc), path);
      goto failed;
    }
  if (g_rename (temporary, path) != 0)
    {
      int saved = errno;

      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot write the backup %s: %s"),
                   path, g_strerror (saved));
      goto failed;
    }
  return TRUE;

failed:
  if (target != NULL)
    sqlite3_close (target);
  g_unlink (temporary);
  return FALSE;
}

/* Reads one integer PRAGMA of @handle; FALSE when the file cannot be read as a database. */
static gboolean
source_pragma (sqlite3    *handle,
               const char *name,
               gint64     *value)
{
  g_autofree char *sql = g_strconcat ("PRAGMA ", name, NULL);
  sqlite3_stmt *statement = NULL;
  gboolean ok;

  if (sqlite3_prepare_v2 (handle, sql, -1, &statement, NULL) != SQLITE_OK)
    return FALSE;
  ok = sqlite3_step (statement) == SQLITE_ROW;
  if (ok)
    *value = sqlite3_column_int64 (statement, 0);
  sqlite3_finalize (statement);
  return ok;
}

static gboolean
sqlite_restore_from_file (SpDb        *db,
               const char  *path,
               GError     **error)
{
  sqlite3 *source = NULL;
  sqlite3_backup *backup;
  gint64 application_id = 0;
  gint64 version = 0;
  gint64 integrity = 0;
  int rc;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("cannot restore %s: there is no such file"), path);
      return FALSE;
    }
  rc = sqlite3_open_v2 (path, &source, SQLITE_OPEN_READONLY, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot open %s: %s"), path,
                   source != NULL ? sqlite3_errmsg (source) : sqlite3_errstr (rc));
      sqlite3_close (source);
      return FALSE;
    }
  sqlite3_busy_timeout (source, 10000);
  if (!source_pragma (source, "application_id", &application_id)
      || !source_pragma (source, "user_version", &version)
      || application_id != SP_DB_APPLICATION_ID || version < 1)
    {
      sqlite3_close (source);
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                   _("%s is not a Sparrow database; nothing was restored"), path);
      return FALSE;
    }
  if (version > SP_DB_SCHEMA_VERSION)
    {
      sqlite3_close (source);
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_TOO_NEW,
                   _("%s was written by a newer Sparrow (schema %" PRId64 ", this program "
                     "knows up to %d); nothing was restored"), path, version,
                   SP_DB_SCHEMA_VERSION);
      return FALSE;
    }
  /* quick_check answers one row "ok" when the file is sound. */
  {
    sqlite3_stmt *statement = NULL;

    if (sqlite3_prepare_v2 (source, "PRAGMA quick_check(1)", -1, &statement, NULL) == SQLITE_OK
        && sqlite3_step (statement) == SQLITE_ROW
        && g_strcmp0 ((const char *) sqlite3_column_text (statement, 0), "ok") == 0)
      integrity = 1;
    sqlite3_finalize (statement);
  }
  if (!integrity)
    {
      sqlite3_close (source);
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_CORRUPT,
                   _("%s is damaged and cannot be read; nothing was restored"), path);
      return FALSE;
    }

  /* One step copies every page in the destination's one write transaction: all or nothing. */
  backup = sqlite3_backup_init (handle_of (db), "main", source, "main");
  if (backup == NULL)
    {
      rc = sqlite3_errcode (handle_of (db));
      sqlite3_close (source);
      set_backup_error (error, rc, sqlite3_errmsg (handle_of (db)), db->path);
      return FALSE;
    }
  rc = run_backup (backup, -1);
  sqlite3_close (source);
  if (rc != SQLITE_OK)
    {
      if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_BUSY,
                     _("%s stayed locked by another program; nothing was restored"), db->path);
      else
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot restore %s into %s: %s"),
                     path, db->path, sqlite3_errstr (rc));
      return FALSE;
    }
  /* A backup of an older schema is brought up to date like any file on opening. */
  return check_and_migrate (db, FALSE, error);
}

/* One integer or text PRAGMA of @handle, as text; NULL when the file cannot be read. */
static char *
read_pragma (sqlite3    *handle,
             const char *sql)
{
  sqlite3_stmt *statement = NULL;
  char *value = NULL;

  if (sqlite3_prepare_v2 (handle, sql, -1, &statement, NULL) == SQLITE_OK
      && sqlite3_step (statement) == SQLITE_ROW)
    value = g_strdup ((const char *) sqlite3_column_text (statement, 0));
  sqlite3_finalize (statement);
  return value;
}

/* Whether the copy @copy of @backup is a sound Sparrow database of a schema this program knows
 * (an older one is migrated when the database is next opened). */
static gboolean
sqlite_check_file (const char  *copy,
                   const char  *backup,
                   GError     **error)
{
  sqlite3 *handle = NULL;
  g_autofree char *application_id = NULL;
  g_autofree char *version = NULL;
  g_autofree char *check = NULL;
  gint64 number = 0;

  sp_db_sqlite_use_file_locks ();
  if (sqlite3_open_v2 (copy, &handle, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK)
    {
      application_id = read_pragma (handle, "PRAGMA application_id");
      version = read_pragma (handle, "PRAGMA user_version");
      check = read_pragma (handle, "PRAGMA quick_check(1)");
    }
  sqlite3_close (handle);
  if (version != NULL)
    number = g_ascii_strtoll (version, NULL, 10);
  if (application_id == NULL || g_ascii_strtoll (application_id, NULL, 10) != SP_DB_APPLICATION_ID
      || number < 1)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                 _("%s is not a Sparrow database; nothing was restored"), backup);
  else if (number > SP_DB_SCHEMA_VERSION)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_TOO_NEW,
                 _("%s was written by a newer Sparrow (schema %" PRId64 ", this program "
                   "knows up to %d); nothing was restored"), backup, number,
                 SP_DB_SCHEMA_VERSION);
  else if (g_strcmp0 (check, "ok") != 0)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_CORRUPT,
                 _("%s is damaged and cannot be read; nothing was restored"), backup);
  else
    return TRUE;
  return FALSE;
}

/* ---- the statements of this dialect --------------------------------------------------------- */

/* The audit log's JSON is read with SQLite's json_ functions. */
static const char * const statements[SP_DB_N_STATEMENTS] = {
  [SP_DB_STATEMENT_HAND_DELETION] =
    "SELECT json_extract (a.old_values, '$.number'),"
    " a.who, a.at FROM audit a"
    " JOIN sessions s"
    " ON s.id = json_extract (a.old_values, '$.session_id')"
    " WHERE a.target = 'hands' AND a.action = 'delete'"
    " AND s.tournament_id = ?1 AND s.number = ?2"
    " AND json_extract (a.old_values, '$.table_number') = ?3"
    " ORDER BY a.id DESC LIMIT 1",
  [SP_DB_STATEMENT_LOG] =
    "WITH a AS ("
    "  SELECT id, at, who, note, target, row_id, action, old_values AS o, new_values AS n,"
    "   coalesce (new_values, old_values) AS v FROM audit"
    "  WHERE action != 'update' OR old_values IS NOT new_values),"
    " b AS ("
    "  SELECT a.*, s.id AS sid, s.tournament_id AS st, s.number AS snum,"
    "   json_extract (a.v, '$.table_number') AS tn, json_extract (a.v, '$.player_id') AS pl"
    "  FROM a LEFT JOIN sessions s"
    "   ON a.target IN ('seats', 'hands', 'penalties') AND s.id = json_extract (a.v, '$.session_id')),"
    " c AS ("
    "  SELECT b.*,"
    "   CASE b.target WHEN 'tournaments' THEN b.row_id"
    "    WHEN 'players' THEN json_extract (b.v, '$.tournament_id')"
    "    WHEN 'pin_log' THEN json_extract (b.v, '$.tournament_id')"
    "    WHEN 'sessions' THEN json_extract (b.v, '$.tournament_id')"
    "    ELSE b.st END AS tid,"
    "   CASE b.target WHEN 'penalties' THEN"
    "     (SELECT table_number FROM seats WHERE session_id = b.sid AND player_id = b.pl)"
    "    ELSE b.tn END AS tbl,"
    "   CASE b.target WHEN 'players' THEN b.row_id"
    "    WHEN 'hands' THEN (SELECT player_id FROM seats WHERE session_id = b.sid"
    "     AND table_number = b.tn"
    "     AND chair = coalesce (json_extract (b.v, '$.winner'),"
    "      (SELECT chombo FROM hands WHERE id = b.row_id)))"
    "    ELSE b.pl END AS pid"
    "  FROM b)"
    " SELECT c.id, c.at, c.who, c.target, c.action,"
    "  CASE WHEN c.action = 'update' THEN (SELECT group_concat (e.key, ' ') FROM json_each (c.o) e"
    "   WHERE e.value IS NOT json_extract (c.n, '$.' || e.key)) END,"
    "  CASE c.target WHEN 'sessions' THEN json_extract (c.v, '$.number') ELSE c.snum END,"
    "  c.tbl,"
    "  CASE c.target WHEN 'hands' THEN json_extract (c.v, '$.number') END,"
    "  CASE c.target WHEN 'hands' THEN json_extract (c.o, '$.number') END,"
    "  c.pid,"
    "  CASE WHEN c.target IN ('players', 'tournaments') THEN json_extract (c.v, '$.name')"
    "   ELSE (SELECT name FROM players WHERE id = c.pid) END,"
    "  CASE c.target"
    "   WHEN 'players' THEN CASE WHEN c.action = 'insert'"
    "     THEN (SELECT name FROM players WHERE id = json_extract (c.v, '$.substitute_for'))"
    "     ELSE json_extract (c.o, '$.name') END"
    "   WHEN 'tournaments' THEN json_extract (c.o, '$.name')"
    "   WHEN 'seats' THEN (SELECT name FROM players WHERE id = json_extract (c.o, '$.player_id'))"
    "   END,"
    "  json_extract (c.o, '$.status'), json_extract (c.n, '$.status'),"
    "  json_extract (c.n, '$.present'),"
    "  CASE c.target WHEN 'penalties' THEN json_extract (c.v, '$.points')"
    "   WHEN 'hands' THEN json_extract (c.v, '$.total')"
    "   WHEN 'tournaments' THEN json_extract (c.n, '$.two_key') END,"
    "  CASE c.target WHEN 'penalties' THEN json_extract (c.v, '$.reason')"
    "   WHEN 'pin_log' THEN json_extract (c.v, '$.action')"
    "   WHEN 'hands' THEN json_extract (c.n, '$.confirmed_by') END,"
    "  CASE c.target WHEN 'sessions' THEN json_extract (c.v, '$.seed') END,"
    "  CASE c.target WHEN 'hands' THEN (SELECT group_concat (player_id, ' ') FROM"
    "   (SELECT player_id FROM seats WHERE session_id = c.sid AND table_number = c.tn"
    "    ORDER BY chair)) END,"
    "  CASE c.target WHEN 'sessions' THEN json_extract (c.o, '$.seed') END,"
    "  CASE c.target WHEN 'pin_log' THEN json_extract (c.v, '$.event') END,"
    "  c.note,"
    "  CASE WHEN c.target = 'hands' AND json_extract (c.v, '$.winner') IS NULL"
    "   AND json_extract (c.v, '$.draw') = 0 THEN 1 ELSE 0 END"
    " FROM c WHERE c.tid = ?"
    " ORDER BY c.id DESC",
};

const SpDbBackend sp_db_sqlite_backend = {
  .name = "SQLite",
  .capabilities = SP_DB_CAN_FILE | SP_DB_CAN_ADVISORY_LOCKS,
  .migrations = "/org/sparrow/Sparrow/db/migrations",
  .statements = statements,
  .open = sqlite_open,
  .close = sqlite_close,
  .exec = exec,
  .prepare = sqlite_prepare,
  .reset = sqlite_reset,
  .finalize = sqlite_finalize,
  .bind = sqlite_bind,
  .step = sqlite_step,
  .rewind = sqlite_rewind,
  .row_int64 = sqlite_row_int64,
  .row_is_null = sqlite_row_is_null,
  .row_text = sqlite_row_text,
  .last_insert_id = sqlite_last_insert_id,
  .changes = sqlite_changes,
  .in_transaction = sqlite_in_transaction,
  .begin = sqlite_begin,
  .commit = sqlite_commit,
  .rollback = sqlite_rollback,
  .get_data_version = sqlite_get_data_version,
  .get_schema_version = sqlite_get_schema_version,
  .set_schema_version = sqlite_set_schema_version,
  .set_change_hook = sqlite_set_change_hook,
  .set_referee = sqlite_set_referee,
  .set_audit_note = sqlite_set_audit_note,
  .set_audit_enabled = sqlite_set_audit_enabled,
  .get_id_counter = sqlite_get_id_counter,
  .set_id_counter = sqlite_set_id_counter,
  .copy_to_file = sqlite_copy_to_file,
  .restore_from_file = sqlite_restore_from_file,
  .check_file = sqlite_check_file,
};
