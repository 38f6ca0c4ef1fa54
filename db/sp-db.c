/* sp-db.c: the SQLite backend's connection: statements, transactions, opening the store, its
 * migrations and the audit log.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-sqlite.h"

#include <inttypes.h>

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <string.h>

#include "sp-db-resources.h"

#define MIGRATIONS_PATH "/org/sparrow/Sparrow/db/migrations"

/* ---- statements ------------------------------------------------------------------------ */

/* The reason of @rc when it is a fault of the file or the disk (not of the request): the
 * system's words when SQLite kept them ("No space left on device"), else SQLite's; NULL for
 * any other code. */
static const char *
file_fault (SpDb *db,
            int   rc)
{
  int system_errno = db->handle != NULL ? sqlite3_system_errno (db->handle) : 0;

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

gboolean
sp_db_fail (SpDb        *db,
            int          rc,
            const char  *what,
            GError     **error)
{
  int code = SP_DB_ERROR_IO;
  const char *reason = file_fault (db, rc);

  if ((rc & 0xff) == SQLITE_NOTADB)
    code = SP_DB_ERROR_NOT_SPARROW;
  else if ((rc & 0xff) == SQLITE_CORRUPT)
    code = SP_DB_ERROR_CORRUPT;
  else if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
    code = SP_DB_ERROR_BUSY;
  else if ((rc & 0xff) == SQLITE_CONSTRAINT)
    code = SP_DB_ERROR_INVALID;
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
                 db->handle != NULL ? sqlite3_errmsg (db->handle) : db->path);
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

/* A cached statement for @sql (a string literal), reset and unbound; NULL on error. */
static sqlite3_stmt *
prepare_statement (SpDb        *db,
                   const char  *sql,
                   GError     **error)
{
  sqlite3_stmt *statement = g_hash_table_lookup (db->statements, sql);
  int rc;

  if (statement != NULL)
    {
      rewind_statement (statement);
      rc = sqlite3_clear_bindings (statement);
      if (rc != SQLITE_OK)
        {
          sp_db_fail (db, rc, "clearing a query's parameters", error);
          return NULL;
        }
      return statement;
    }
  rc = sqlite3_prepare_v3 (db->handle, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL);
  if (rc != SQLITE_OK)
    {
      sp_db_fail (db, rc, "preparing a query", error);
      return NULL;
    }
  g_hash_table_insert (db->statements, (gpointer) sql, statement);
  return statement;
}

/* Steps a statement that returns no row (SQLITE_DONE) and resets it. */
static gboolean
step_done (SpDb          *db,
           sqlite3_stmt  *statement,
           const char    *what,
           GError       **error)
{
  int rc = sqlite3_step (statement);

  rewind_statement (statement);
  if (rc != SQLITE_DONE)
    return sp_db_fail (db, rc, what, error);
  return TRUE;
}

/* Steps once: TRUE with *has_row for SQLITE_ROW/SQLITE_DONE, FALSE with @error otherwise. */
static gboolean
step_row (SpDb          *db,
          sqlite3_stmt  *statement,
          gboolean      *has_row,
          const char    *what,
          GError       **error)
{
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

gint64
sp_db_row_int64 (SpDbRow *row,
                 int      column)
{
  return sqlite3_column_int64 (sp_db_row_statement (row), column);
}

gint
sp_db_row_int (SpDbRow *row,
               int      column)
{
  return sqlite3_column_int (sp_db_row_statement (row), column);
}

gboolean
sp_db_row_is_null (SpDbRow *row,
                   int      column)
{
  return sqlite3_column_type (sp_db_row_statement (row), column) == SQLITE_NULL;
}

const char *
sp_db_row_text (SpDbRow *row,
                int      column)
{
  return (const char *) sqlite3_column_text (sp_db_row_statement (row), column);
}

char *
sp_db_row_dup_text (SpDbRow *row,
                    int      column)
{
  return sp_db_row_is_null (row, column) ? NULL : g_strdup (sp_db_row_text (row, column));
}

gint64
sp_db_last_insert_id (SpDb *db)
{
  return sqlite3_last_insert_rowid (db->handle);
}

gint64
sp_db_changes (SpDb *db)
{
  return sqlite3_changes64 (db->handle);
}

static gboolean
bind_values (SpDb             *db,
             sqlite3_stmt     *statement,
             const SpDbValue  *values,
             guint             n_values,
             GError          **error)
{
  for (guint i = 0; i < n_values; i++)
    {
      int rc;

      switch (values[i].kind)
        {
        case SP_DB_VALUE_INT:
          rc = sqlite3_bind_int64 (statement, i + 1, values[i].number);
          break;
        case SP_DB_VALUE_TEXT:
          rc = sqlite3_bind_text (statement, i + 1, values[i].text, -1, SQLITE_TRANSIENT);
          break;
        case SP_DB_VALUE_NULL:
        default:
          rc = sqlite3_bind_null (statement, i + 1);
          break;
        }
      if (rc != SQLITE_OK)
        {
          g_autofree char *what = g_strdup_printf ("binding parameter %u of a query", i + 1);

          return sp_db_fail (db, rc, what, error);
        }
    }
  return TRUE;
}

SpDbQuery *
sp_db_prepare (SpDb        *db,
               const char  *sql,
               GError     **error)
{
  return (SpDbQuery *) prepare_statement (db, sql, error);
}

static sqlite3_stmt *
query_statement (SpDb             *db,
                 const char       *sql,
                 const SpDbValue  *values,
                 guint             n_values,
                 GError          **error)
{
  sqlite3_stmt *statement = prepare_statement (db, sql, error);

  if (statement == NULL || !bind_values (db, statement, values, n_values, error))
    return NULL;
  return statement;
}

SpDbQuery *
sp_db_query (SpDb             *db,
             const char       *sql,
             const SpDbValue  *values,
             guint             n_values,
             GError          **error)
{
  return (SpDbQuery *) query_statement (db, sql, values, n_values, error);
}

gboolean
sp_db_run (SpDb             *db,
           const char       *sql,
           const SpDbValue  *values,
           guint             n_values,
           const char       *what,
           GError          **error)
{
  sqlite3_stmt *statement = query_statement (db, sql, values, n_values, error);

  return statement != NULL && step_done (db, statement, what, error);
}

gboolean
sp_db_run_write (SpDb             *db,
                 const char       *sql,
                 const SpDbValue  *values,
                 guint             n_values,
                 const char       *what,
                 GError          **error)
{
  gboolean started;
  gboolean ok;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = sp_db_run (db, sql, values, n_values, what, error);
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_each_row (SpDb          *db,
                SpDbQuery     *query,
                SpDbRowFunc    func,
                gpointer       user_data,
                const char    *what,
                GError       **error)
{
  sqlite3_stmt *statement = sp_db_query_statement (query);
  gboolean has_row;

  if (statement == NULL)
    return FALSE;
  while (TRUE)
    {
      if (!step_row (db, statement, &has_row, what, error))
        return FALSE;
      if (!has_row)
        break;
      func ((SpDbRow *) statement, user_data);
    }
  rewind_statement (statement);
  return TRUE;
}

typedef struct
{
  SpDbRowReader  reader;
  GPtrArray     *list;
} ListRows;

static void
add_record (SpDbRow  *row,
            gpointer  user_data)
{
  ListRows *rows = user_data;

  g_ptr_array_add (rows->list, rows->reader (row));
}

GPtrArray *
sp_db_list_rows (SpDb            *db,
                 SpDbQuery       *query,
                 SpDbRowReader    reader,
                 GDestroyNotify   free_func,
                 const char      *what,
                 GError         **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (free_func);
  ListRows rows = { reader, list };

  if (!sp_db_each_row (db, query, add_record, &rows, what, error))
    return NULL;
  return g_steal_pointer (&list);
}

static void
add_int64 (SpDbRow  *row,
           gpointer  user_data)
{
  gint64 value = sp_db_row_int64 (row, 0);

  g_array_append_val ((GArray *) user_data, value);
}

GArray *
sp_db_list_int64 (SpDb          *db,
                  SpDbQuery     *query,
                  const char    *what,
                  GError       **error)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (!sp_db_each_row (db, query, add_int64, values, what, error))
    return NULL;
  return g_steal_pointer (&values);
}

gboolean
sp_db_read_row (SpDb            *db,
                SpDbQuery       *query,
                SpDbRowReader    reader,
                gpointer        *record,
                const char      *what,
                GError         **error)
{
  sqlite3_stmt *statement = sp_db_query_statement (query);
  gboolean has_row;

  *record = NULL;
  if (statement == NULL || !step_row (db, statement, &has_row, what, error))
    return FALSE;
  if (has_row)
    *record = reader ((SpDbRow *) statement);
  rewind_statement (statement);
  return TRUE;
}

gboolean
sp_db_read_int64 (SpDb          *db,
                  SpDbQuery     *query,
                  gint64        *value,
                  gboolean      *found,
                  const char    *what,
                  GError       **error)
{
  sqlite3_stmt *statement = sp_db_query_statement (query);
  gboolean has_row;

  *found = FALSE;
  if (statement == NULL || !step_row (db, statement, &has_row, what, error))
    return FALSE;
  if (has_row && sqlite3_column_type (statement, 0) != SQLITE_NULL)
    {
      *value = sqlite3_column_int64 (statement, 0);
      *found = TRUE;
    }
  rewind_statement (statement);
  return TRUE;
}

static gboolean
exec (SpDb        *db,
      const char  *sql,
      const char  *what,
      GError     **error)
{
  int rc = sqlite3_exec (db->handle, sql, NULL, NULL, NULL);

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

  rc = sqlite3_prepare_v2 (db->handle, sql, -1, &statement, NULL);
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

/* How long a connection waits for another one's write transaction: SQLite's busy handler
 * (sqlite3_busy_timeout) waits that long for the lock. */
#define BUSY_TIMEOUT_MS 10000
/* The first pause and the longest between the tries of BEGIN IMMEDIATE. */
#define BEGIN_RETRY_US (10 * 1000)
#define BEGIN_RETRY_MAX_US (200 * 1000)

static gboolean reopen_connection (SpDb    *db,
                                   GError **error);

gboolean
sp_db_begin (SpDb    *db,
             GError **error)
{
  gint64 deadline;
  gulong pause = BEGIN_RETRY_US;

  g_return_val_if_fail (db != NULL, FALSE);

  /* Never a write into a write-ahead log that another program has deleted (nobody would read
   * it, and its pages would later be checkpointed over that program's changes): the write is
   * refused and the connection opened again on the files at the path. */
  if (db->opened && !sp_db_sqlite_journal_is_current (db->handle, db->path, error))
    {
      g_autoptr(GError) reopen_error = NULL;

      if (!reopen_connection (db, &reopen_error))
        g_prefix_error (error, "%s; ", reopen_error->message);
      return FALSE;
    }

  deadline = g_get_monotonic_time () + (gint64) BUSY_TIMEOUT_MS * 1000;
  for (;;)
    {
      g_autoptr(GError) local_error = NULL;

      if (exec (db, "BEGIN IMMEDIATE", "starting a transaction", &local_error))
        return TRUE;
      if (local_error->code != SP_DB_ERROR_BUSY)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      /* The busy handler waited its whole timeout: another program holds the write lock.
       * Some of SQLite's busy answers come at once, without the handler (another connection
       * recovering the WAL a killed process left): those are tried again, with a growing
       * pause, within the same bound. */
      if (g_get_monotonic_time () + (gint64) pause >= deadline)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_BUSY,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s is busy: another program kept it locked for more than "
                                    "%d second, and nothing was changed; try again",
                                    "%s is busy: another program kept it locked for more than "
                                    "%d seconds, and nothing was changed; try again",
                                    BUSY_TIMEOUT_MS / 1000),
                       db->path, BUSY_TIMEOUT_MS / 1000);
          return FALSE;
        }
      g_usleep (pause);
      pause = MIN (pause * 2, BEGIN_RETRY_MAX_US);
    }
}

gboolean
sp_db_commit (SpDb    *db,
              GError **error)
{
  g_return_val_if_fail (db != NULL, FALSE);
  if (!exec (db, "COMMIT", "committing", error))
    {
      sp_db_rollback (db);
      return FALSE;
    }
  return TRUE;
}

void
sp_db_rollback (SpDb *db)
{
  g_return_if_fail (db != NULL);
  if (!sqlite3_get_autocommit (db->handle))
    {
      int rc = sqlite3_exec (db->handle, "ROLLBACK", NULL, NULL, NULL);

      /* Nothing the caller could do: the connection is left as SQLite has it, and said so. */
      if (rc != SQLITE_OK)
        g_warning ("%s: rolling back: %s (%s)", db->path, sqlite3_errstr (rc),
                   sqlite3_errmsg (db->handle));
    }
}

gboolean
sp_db_begin_write (SpDb      *db,
                   gboolean  *started,
                   GError   **error)
{
  *started = FALSE;
  if (!sqlite3_get_autocommit (db->handle))
    return TRUE;
  if (!sp_db_begin (db, error))
    return FALSE;
  *started = TRUE;
  return TRUE;
}

gboolean
sp_db_end_write (SpDb      *db,
                 gboolean   started,
                 gboolean   ok,
                 GError   **error)
{
  if (!started)
    return ok;
  if (!ok)
    {
      sp_db_rollback (db);
      return FALSE;
    }
  return sp_db_commit (db, error);
}

gboolean
sp_db_begin_read (SpDb      *db,
                  gboolean  *started,
                  GError   **error)
{
  *started = FALSE;
  if (!sqlite3_get_autocommit (db->handle))
    return TRUE;
  if (!exec (db, "BEGIN DEFERRED", "starting to read", error))
    return FALSE;
  *started = TRUE;
  return TRUE;
}

void
sp_db_end_read (SpDb     *db,
                gboolean  started)
{
  if (started)
    sp_db_rollback (db);
}

/* ---- opening and migrations ------------------------------------------------------------ */

/* qsort () passes pointers to the elements: here, to the names. */
static int
compare_names (const void *a,
               const void *b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/* The migrations compiled into the program, sorted by their number. */
static char **
list_migrations (GError **error)
{
  char **names = g_resources_enumerate_children (MIGRATIONS_PATH, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                                 error);

  if (names == NULL)
    return NULL;
  qsort (names, g_strv_length (names), sizeof (char *), compare_names);
  return names;
}

typedef struct
{
  gint64  id;
  char   *situation;
} StoredSituation;

static void
add_stored_situation (SpDbRow  *row,
                      gpointer  user_data)
{
  GArray *rows = user_data;
  StoredSituation stored = { sp_db_row_int64 (row, 0), sp_db_row_dup_text (row, 1) };

  g_array_append_val (rows, stored);
}

static void
clear_stored_situation (gpointer data)
{
  g_free (((StoredSituation *) data)->situation);
}

/* 0002: the situations stored as options ("--last-tile --flowers 2": switches are --name,
 * values --name VALUE) take the stable form ("last-tile flowers=2"). */
static gboolean
convert_situations (SpDb    *db,
                    GError **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (StoredSituation));

  g_array_set_clear_func (rows, clear_stored_situation);
  if (!sp_db_each_row (db, sp_db_prepare (db, "SELECT id, situation FROM hands"
                                          " WHERE situation IS NOT NULL", error),
                       add_stored_situation, rows, "reading the situations", error))
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      StoredSituation *row = &g_array_index (rows, StoredSituation, i);
      g_auto(GStrv) words = g_strsplit (row->situation, " ", -1);
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autoptr(GError) local_error = NULL;
      g_autofree char *text = NULL;
      SpSituation situation;
      SpDbValue values[2];

      for (guint w = 0; words[w] != NULL; w++)
        if (words[w][0] != '\0')
          g_ptr_array_add (args, words[w]);
      sp_situation_init (&situation);
      if (!sp_situation_parse_args (&situation, (const char * const *) args->pdata, args->len,
                                    &local_error))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("hand %lld: the stored situation '%s' cannot be read: %s"),
                       (long long) row->id, row->situation, local_error->message);
          return FALSE;
        }
      text = sp_situation_to_string (&situation);
      values[0] = sp_db_text (text[0] != '\0' ? text : NULL);
      values[1] = sp_db_int (row->id);
      if (!sp_db_run (db, "UPDATE hands SET situation = ? WHERE id = ?", values,
                      G_N_ELEMENTS (values), "converting a situation", error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
migrate_rows (SpDb     *db,
                    gint64    migration,
                    GError  **error)
{
  if (migration == 2)
    return convert_situations (db, error);
  return TRUE;
}

static gboolean
migrate (SpDb     *db,
         gint64    version,
         GError  **error)
{
  g_auto(GStrv) names = list_migrations (error);

  if (names == NULL)
    return FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autofree char *sql = NULL;
      g_autofree char *what = NULL;
      gint64 number = g_ascii_strtoll (names[i], NULL, 10);

      if (number <= version)
        continue;
      path = g_strconcat (MIGRATIONS_PATH, "/", names[i], NULL);
      bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
      if (bytes == NULL)
        return FALSE;
      sql = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      what = g_strdup_printf ("applying migration %s", names[i]);
      if (!exec (db, sql, what, error)
          || !migrate_rows (db, number, error))
        return FALSE;
      g_free (sql);
      /* A PRAGMA takes no bound parameter; the number is the migration's own, from the name
       * of a resource compiled into the program. */
      sql = g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT, number);
      if (!exec (db, sql, what, error))
        return FALSE;
    }
  return TRUE;
}

/* The audit triggers live in the connection's temp schema, so that they can read who is
 * making the change from temp.sp_referee; every insert, update and delete of the tables
 * below is logged with its old and new values. */
static const struct
{
  const char *table;
  const char *columns;
} audited[] = {
  { "tournaments", "name ruleset profile options n_sessions seating ranking base per_tai "
                   "plan_seed venue starts_on ends_on hide_standings" },
  { "players", "tournament_id name club country team federation_id status substitute_for "
               "present" },
  { "sessions", "tournament_id number status seed time_up final_top clock_length clock_run "
                "clock_started clock_ended" },
  { "seats", "session_id table_number chair player_id" },
  { "hands", "session_id table_number number winner discarder draw notation situation items "
             "total s0 s1 s2 s3 entered_by riichi tenpai chombo sticks han fu yakuman also_won" },
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
                               " note TEXT);"
                               "DELETE FROM temp.sp_referee;");
  g_autofree char *text = NULL;
  const SpDbValue who[] = { sp_db_text (referee) };

  for (guint i = 0; i < G_N_ELEMENTS (audited); i++)
    {
      g_autofree char *old_json = json_of_row ("OLD", audited[i].columns);
      g_autofree char *new_json = json_of_row ("NEW", audited[i].columns);
      const char *t = audited[i].table;

      g_string_append_printf (sql,
        "CREATE TEMP TRIGGER IF NOT EXISTS audit_%s_insert AFTER INSERT ON main.%s BEGIN "
        "INSERT INTO audit (who, note, target, row_id, action, new_values) VALUES "
        "((SELECT who FROM temp.sp_referee), (SELECT note FROM temp.sp_referee), '%s',"
        " NEW.rowid, 'insert', %s); END;",
        t, t, t, new_json);
      g_string_append_printf (sql,
        "CREATE TEMP TRIGGER IF NOT EXISTS audit_%s_update AFTER UPDATE ON main.%s BEGIN "
        "INSERT INTO audit (who, note, target, row_id, action, old_values, new_values) VALUES "
        "((SELECT who FROM temp.sp_referee), (SELECT note FROM temp.sp_referee), '%s',"
        " NEW.rowid, 'update', %s, %s); END;",
        t, t, t, old_json, new_json);
      g_string_append_printf (sql,
        "CREATE TEMP TRIGGER IF NOT EXISTS audit_%s_delete AFTER DELETE ON main.%s BEGIN "
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

void
sp_db_set_referee (SpDb       *db,
                   const char *referee)
{
  g_autoptr(GError) error = NULL;
  SpDbValue who[1];

  g_return_if_fail (db != NULL);

  if (referee == NULL || referee[0] == '\0')
    referee = g_get_user_name ();
  if (referee != db->referee)
    {
      g_free (db->referee);
      db->referee = g_strdup (referee);
    }
  who[0] = sp_db_text (referee);
  if (!sp_db_run (db, "UPDATE temp.sp_referee SET who = ?", who, G_N_ELEMENTS (who),
                  "setting the referee", &error))
    g_warning ("%s: %s", db->path, error->message);
}

gboolean
sp_db_set_audit_note (SpDb        *db,
                      const char  *note,
                      GError     **error)
{
  const SpDbValue values[] = { sp_db_text (note != NULL && note[0] != '\0' ? note : NULL) };

  g_return_val_if_fail (db != NULL, FALSE);

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

  rc = sqlite3_prepare_v2 (db->handle, "PRAGMA quick_check(1)", -1, &statement, NULL);
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
      || !migrate (db, version, error)
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
  if (db->handle != NULL)
    {
      sqlite3_close (db->handle);
      db->handle = NULL;
    }
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
  int rc;

  sp_db_sqlite_use_file_locks ();
  if (immutable)
    {
      g_autofree char *escaped = g_uri_escape_string (db->path, "/", FALSE);

      uri = g_strconcat ("file:", escaped, "?immutable=1", NULL);
      rc = sqlite3_open_v2 (uri, &db->handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    }
  else
    rc = sqlite3_open_v2 (db->path, &db->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                          NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot open %s: %s"), db->path,
                   db->handle != NULL ? sqlite3_errmsg (db->handle) : sqlite3_errstr (rc));
      return FALSE;
    }
  rc = sqlite3_extended_result_codes (db->handle, 1);
  if (rc != SQLITE_OK)
    return sp_db_fail (db, rc, "asking for extended result codes", error);
  rc = sqlite3_busy_timeout (db->handle, BUSY_TIMEOUT_MS);
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
  sqlite3_db_config (db->handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
  g_hash_table_remove_all (db->statements);
  close_handle (db);
  db->opened = FALSE;
  if (!open_connection (db, FALSE, error))
    return FALSE;
  db->opened = TRUE;
  if (referee != NULL)
    sp_db_set_referee (db, referee);
  return TRUE;
}

SpDb *
sp_db_open (const char  *path,
            GError     **error)
{
  g_autoptr(SpDb) db = g_new0 (SpDb, 1);

  g_return_val_if_fail (path != NULL, NULL);

  /* The migrations register themselves when the program loads; naming the resource here
   * keeps its object in the link. */
  g_return_val_if_fail (sp_db_get_resource () != NULL, NULL);
  db->path = g_strdup (path);
  /* Finalizing a cached statement repeats the code of its last step, checked when it ran. */
  db->statements = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                          (GDestroyNotify) sqlite3_finalize);
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
          return NULL;
        }
      else if (errno == EEXIST && g_stat (path, &buf) == 0 && S_ISDIR (buf.st_mode))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                       _("%s is a folder, not a Sparrow database"), path);
          return NULL;
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
          g_hash_table_remove_all (db->statements);
          close_handle (db);
          g_clear_error (error);
          if (open_connection (db, TRUE, error))
            return g_steal_pointer (&db);
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
               && db->handle != NULL
               && file_fault (db, sqlite3_extended_errcode (db->handle)) != NULL)
        {
          const char *reason = file_fault (db, sqlite3_extended_errcode (db->handle));

          g_clear_error (error);
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot open %s: %s"), path,
                       reason);
        }
      return NULL;
    }
  db->opened = TRUE;
  return g_steal_pointer (&db);
}

gboolean
sp_db_get_data_version (SpDb    *db,
                        gint64  *version,
                        GError **error)
{
  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (version != NULL, FALSE);

  return pragma_int (db, "data_version", version, error);
}

void
sp_db_close (SpDb *db)
{
  if (db == NULL)
    return;
  g_clear_pointer (&db->statements, g_hash_table_unref);
  g_clear_pointer (&db->unlocked, g_hash_table_unref);
  if (db->handle != NULL)
    {
      int rc;

      sp_db_rollback (db);
      /* Every statement was finalized with the cache above, so the connection closes. */
      rc = sqlite3_close (db->handle);
      if (rc != SQLITE_OK)
        g_warning ("%s: closing: %s", db->path, sqlite3_errstr (rc));
    }
  g_free (db->path);
  g_free (db->warning);
  g_free (db->referee);
  g_free (db);
}

int
sp_db_get_schema_version (SpDb *db)
{
  gint64 version = -1;

  g_return_val_if_fail (db != NULL, -1);
  if (!pragma_int (db, "user_version", &version, NULL))
    return -1;
  return (int) version;
}

/* ---- the director's lock: what this connection has unlocked ------------------------------ */

/* The PIN hash a tournament was unlocked with, and when the unlock was last used. */
typedef struct
{
  char   *hash;
  gint64  used; /* monotonic µs */
} SpDbUnlock;

static void
unlock_free (gpointer data)
{
  SpDbUnlock *unlock = data;

  g_free (unlock->hash);
  g_free (unlock);
}

void
sp_db_remember_unlock (SpDb        *db,
                       gint64       tournament,
                       const char  *hash)
{
  SpDbUnlock *unlock = g_new0 (SpDbUnlock, 1);

  if (db->unlocked == NULL)
    db->unlocked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, unlock_free);
  unlock->hash = g_strdup (hash);
  unlock->used = g_get_monotonic_time ();
  g_hash_table_replace (db->unlocked, g_memdup2 (&tournament, sizeof tournament), unlock);
}

void
sp_db_set_unlock_timeout (SpDb  *db,
                          guint  seconds)
{
  g_return_if_fail (db != NULL);

  db->unlock_timeout = (gint64) seconds * G_USEC_PER_SEC;
}

void
sp_db_forget_unlock (SpDb   *db,
                     gint64  tournament)
{
  if (db->unlocked == NULL)
    return;
  if (tournament == 0)
    g_hash_table_remove_all (db->unlocked);
  else
    g_hash_table_remove (db->unlocked, &tournament);
}

const char *
sp_db_get_unlock (SpDb   *db,
                  gint64  tournament)
{
  SpDbUnlock *unlock = db->unlocked != NULL ? g_hash_table_lookup (db->unlocked, &tournament)
                                            : NULL;

  if (unlock == NULL)
    return NULL;
  /* An unlock left unused for the timeout has lapsed: the lock is shut again. */
  if (db->unlock_timeout > 0 && g_get_monotonic_time () - unlock->used > db->unlock_timeout)
    {
      g_hash_table_remove (db->unlocked, &tournament);
      return NULL;
    }
  return unlock->hash;
}

void
sp_db_touch_unlock (SpDb   *db,
                    gint64  tournament)
{
  SpDbUnlock *unlock = db->unlocked != NULL ? g_hash_table_lookup (db->unlocked, &tournament)
                                            : NULL;

  if (unlock != NULL)
    unlock->used = g_get_monotonic_time ();
}

void
sp_db_lock (SpDb   *db,
            gint64  tournament)
{
  g_return_if_fail (db != NULL);

  sp_db_forget_unlock (db, tournament);
}

gboolean
sp_db_is_unlocked (SpDb   *db,
                   gint64  tournament)
{
  g_return_val_if_fail (db != NULL, FALSE);

  return sp_db_get_unlock (db, tournament) != NULL;
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

gboolean
sp_db_backup (SpDb        *db,
              const char  *path,
              GError     **error)
{
  g_autofree char *temporary = NULL;
  sqlite3 *target = NULL;
  sqlite3_backup *backup;
  int fd;
  int rc;

  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

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
  backup = sqlite3_backup_init (target, "main", db->handle, "main");
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

gboolean
sp_db_restore (SpDb        *db,
               const char  *path,
               GError     **error)
{
  sqlite3 *source = NULL;
  sqlite3_backup *backup;
  gint64 application_id = 0;
  gint64 version = 0;
  gint64 integrity = 0;
  int rc;

  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

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
  backup = sqlite3_backup_init (db->handle, "main", source, "main");
  if (backup == NULL)
    {
      rc = sqlite3_errcode (db->handle);
      sqlite3_close (source);
      set_backup_error (error, rc, sqlite3_errmsg (db->handle), db->path);
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
