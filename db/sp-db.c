/* sp-db.c: opening the store, migrations, transactions, the audit log and tournaments.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-db-resources.h"

#define MIGRATIONS_PATH "/org/sparrow/Sparrow/db/migrations"

/* ---- statements ------------------------------------------------------------------------ */

gboolean
sp_db_fail (SpDb        *db,
            int          rc,
            const char  *what,
            GError     **error)
{
  int code = SP_DB_ERROR_IO;

  if ((rc & 0xff) == SQLITE_NOTADB)
    code = SP_DB_ERROR_NOT_SPARROW;
  else if ((rc & 0xff) == SQLITE_CONSTRAINT)
    code = SP_DB_ERROR_INVALID;
  g_set_error (error, SP_DB_ERROR, code, "%s: %s (%s)", what, sqlite3_errstr (rc),
               db->handle != NULL ? sqlite3_errmsg (db->handle) : db->path);
  return FALSE;
}

sqlite3_stmt *
sp_db_prepare (SpDb        *db,
               const char  *sql,
               GError     **error)
{
  sqlite3_stmt *statement = g_hash_table_lookup (db->statements, sql);
  int rc;

  if (statement != NULL)
    {
      sqlite3_reset (statement);
      sqlite3_clear_bindings (statement);
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

  sqlite3_reset (statement);
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
  sqlite3_reset (statement);
  return sp_db_fail (db, rc, what, error);
}

char *
sp_db_column_text (sqlite3_stmt *statement,
                   int           column)
{
  if (sqlite3_column_type (statement, column) == SQLITE_NULL)
    return NULL;
  return g_strdup ((const char *) sqlite3_column_text (statement, column));
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

sqlite3_stmt *
sp_db_query (SpDb             *db,
             const char       *sql,
             const SpDbValue  *values,
             guint             n_values,
             GError          **error)
{
  sqlite3_stmt *statement = sp_db_prepare (db, sql, error);

  if (statement == NULL || !bind_values (db, statement, values, n_values, error))
    return NULL;
  return statement;
}

gboolean
sp_db_run (SpDb             *db,
           const char       *sql,
           const SpDbValue  *values,
           guint             n_values,
           const char       *what,
           GError          **error)
{
  sqlite3_stmt *statement = sp_db_query (db, sql, values, n_values, error);

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
                sqlite3_stmt  *statement,
                SpDbRowFunc    func,
                gpointer       user_data,
                const char    *what,
                GError       **error)
{
  gboolean has_row;

  if (statement == NULL)
    return FALSE;
  while (TRUE)
    {
      if (!step_row (db, statement, &has_row, what, error))
        return FALSE;
      if (!has_row)
        break;
      func (statement, user_data);
    }
  sqlite3_reset (statement);
  return TRUE;
}

typedef struct
{
  SpDbRowReader  reader;
  GPtrArray     *list;
} ListRows;

static void
add_record (sqlite3_stmt *statement,
            gpointer      user_data)
{
  ListRows *rows = user_data;

  g_ptr_array_add (rows->list, rows->reader (statement));
}

GPtrArray *
sp_db_list_rows (SpDb            *db,
                 sqlite3_stmt    *statement,
                 SpDbRowReader    reader,
                 GDestroyNotify   free_func,
                 const char      *what,
                 GError         **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (free_func);
  ListRows rows = { reader, list };

  if (!sp_db_each_row (db, statement, add_record, &rows, what, error))
    return NULL;
  return g_steal_pointer (&list);
}

static void
add_int64 (sqlite3_stmt *statement,
           gpointer      user_data)
{
  gint64 value = sqlite3_column_int64 (statement, 0);

  g_array_append_val ((GArray *) user_data, value);
}

GArray *
sp_db_list_int64 (SpDb          *db,
                  sqlite3_stmt  *statement,
                  const char    *what,
                  GError       **error)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (!sp_db_each_row (db, statement, add_int64, values, what, error))
    return NULL;
  return g_steal_pointer (&values);
}

gboolean
sp_db_read_row (SpDb            *db,
                sqlite3_stmt    *statement,
                SpDbRowReader    reader,
                gpointer        *record,
                const char      *what,
                GError         **error)
{
  gboolean has_row;

  *record = NULL;
  if (statement == NULL || !step_row (db, statement, &has_row, what, error))
    return FALSE;
  if (has_row)
    *record = reader (statement);
  sqlite3_reset (statement);
  return TRUE;
}

gboolean
sp_db_read_int64 (SpDb          *db,
                  sqlite3_stmt  *statement,
                  gint64        *value,
                  gboolean      *found,
                  const char    *what,
                  GError       **error)
{
  gboolean has_row;

  *found = FALSE;
  if (statement == NULL || !step_row (db, statement, &has_row, what, error))
    return FALSE;
  if (has_row && sqlite3_column_type (statement, 0) != SQLITE_NULL)
    {
      *value = sqlite3_column_int64 (statement, 0);
      *found = TRUE;
    }
  sqlite3_reset (statement);
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
  sqlite3_finalize (statement);
  if (rc != SQLITE_OK)
    return sp_db_fail (db, rc, pragma, error);
  return TRUE;
}

/* ---- transactions ---------------------------------------------------------------------- */

gboolean
sp_db_begin (SpDb    *db,
             GError **error)
{
  g_return_val_if_fail (db != NULL, FALSE);
  return exec (db, "BEGIN IMMEDIATE", "starting a transaction", error);
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
    sqlite3_exec (db->handle, "ROLLBACK", NULL, NULL, NULL);
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
          || !sp_db_migrate_rows (db, number, error))
        return FALSE;
      g_free (sql);
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
                   "plan_seed" },
  { "players", "tournament_id name club country team federation_id status substitute_for "
               "present" },
  { "sessions", "tournament_id number status seed time_up final_top" },
  { "seats", "session_id table_number chair player_id" },
  { "hands", "session_id table_number number winner discarder draw notation situation items "
             "total s0 s1 s2 s3 entered_by" },
  { "penalties", "session_id player_id hand_id points reason" },
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
  GString *sql = g_string_new ("CREATE TEMP TABLE IF NOT EXISTS sp_referee (who TEXT NOT NULL);"
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
        "INSERT INTO audit (who, target, row_id, action, new_values) VALUES "
        "((SELECT who FROM temp.sp_referee), '%s', NEW.rowid, 'insert', %s); END;",
        t, t, t, new_json);
      g_string_append_printf (sql,
        "CREATE TEMP TRIGGER IF NOT EXISTS audit_%s_update AFTER UPDATE ON main.%s BEGIN "
        "INSERT INTO audit (who, target, row_id, action, old_values, new_values) VALUES "
        "((SELECT who FROM temp.sp_referee), '%s', NEW.rowid, 'update', %s, %s); END;",
        t, t, t, old_json, new_json);
      g_string_append_printf (sql,
        "CREATE TEMP TRIGGER IF NOT EXISTS audit_%s_delete AFTER DELETE ON main.%s BEGIN "
        "INSERT INTO audit (who, target, row_id, action, old_values) VALUES "
        "((SELECT who FROM temp.sp_referee), '%s', OLD.rowid, 'delete', %s); END;",
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
  SpDbValue who[1];

  g_return_if_fail (db != NULL);

  if (referee == NULL || referee[0] == '\0')
    referee = g_get_user_name ();
  who[0] = sp_db_text (referee);
  sp_db_run (db, "UPDATE temp.sp_referee SET who = ?", who, G_N_ELEMENTS (who),
             "setting the referee", NULL);
}

static gboolean
check_and_migrate (SpDb     *db,
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
                   _("%s was written by a newer Sparrow (schema %" G_GINT64_FORMAT
                     ", this program knows up to %d)"), db->path, version, SP_DB_SCHEMA_VERSION);
      return FALSE;
    }
  if (version == SP_DB_SCHEMA_VERSION)
    return TRUE;

  if (!exec (db, "PRAGMA journal_mode = WAL", "switching to WAL", error)
      || !sp_db_begin (db, error))
    return FALSE;
  /* Another process may have migrated the file while this one waited for the lock. */
  if (!pragma_int (db, "user_version", &version, error)
      || !migrate (db, version, error)
      || !exec (db, "PRAGMA application_id = 1399878263", "marking the file", error)
      || !sp_db_commit (db, error))
    {
      sp_db_rollback (db);
      return FALSE;
    }
  return TRUE;
}

SpDb *
sp_db_open (const char  *path,
            GError     **error)
{
  g_autoptr(SpDb) db = g_new0 (SpDb, 1);
  int rc;

  g_return_val_if_fail (path != NULL, NULL);

  /* The migrations register themselves when the program loads; naming the resource here
   * keeps its object in the link. */
  g_return_val_if_fail (sp_db_get_resource () != NULL, NULL);
  db->path = g_strdup (path);
  db->statements = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                          (GDestroyNotify) sqlite3_finalize);
  rc = sqlite3_open_v2 (path, &db->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, "cannot open %s: %s", path,
                   db->handle != NULL ? sqlite3_errmsg (db->handle) : sqlite3_errstr (rc));
      return NULL;
    }
  sqlite3_extended_result_codes (db->handle, 1);
  rc = sqlite3_busy_timeout (db->handle, 10000);
  if (rc != SQLITE_OK)
    {
      sp_db_fail (db, rc, "setting the busy timeout", error);
      return NULL;
    }
  if (!check_and_migrate (db, error)
      || !exec (db, "PRAGMA foreign_keys = ON", "turning foreign keys on", error)
      || !exec (db, "PRAGMA synchronous = NORMAL", "setting synchronous", error)
      || !install_audit (db, g_get_user_name (), error))
    {
      if (error != NULL && *error != NULL && (*error)->code == SP_DB_ERROR_NOT_SPARROW
          && strstr ((*error)->message, "is not a Sparrow database") == NULL)
        {
          g_clear_error (error);
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                       _("%s is not a Sparrow database"), path);
        }
      return NULL;
    }
  return g_steal_pointer (&db);
}

void
sp_db_close (SpDb *db)
{
  if (db == NULL)
    return;
  g_clear_pointer (&db->statements, g_hash_table_unref);
  if (db->handle != NULL)
    {
      sp_db_rollback (db);
      sqlite3_close (db->handle);
    }
  g_free (db->path);
  g_free (db);
}

int
sp_db_get_schema_version (SpDb *db)
{
  gint64 version = -1;

  g_return_val_if_fail (db != NULL, -1);
  pragma_int (db, "user_version", &version, NULL);
  return (int) version;
}

/* ---- tournaments ----------------------------------------------------------------------- */

#define TOURNAMENT_COLUMNS \
  "id, name, ruleset, profile, options, n_sessions, seating, ranking, base, per_tai, created"

static SpTournament *
tournament_from_row (sqlite3_stmt *statement)
{
  SpTournament *tournament = g_new0 (SpTournament, 1);
  SpRuleset ruleset = SP_RULESET_MCR;

  tournament->id = sqlite3_column_int64 (statement, 0);
  tournament->name = sp_db_column_text (statement, 1);
  sp_ruleset_from_string ((const char *) sqlite3_column_text (statement, 2), &ruleset);
  tournament->ruleset = ruleset;
  tournament->profile = sp_db_column_text (statement, 3);
  tournament->options = sp_db_column_text (statement, 4);
  tournament->n_sessions = sqlite3_column_int (statement, 5);
  tournament->seating = sp_db_column_text (statement, 6);
  tournament->ranking = sp_db_column_text (statement, 7);
  tournament->base = sqlite3_column_int (statement, 8);
  tournament->per_tai = sqlite3_column_int (statement, 9);
  tournament->created = sp_db_column_text (statement, 10);
  return tournament;
}

/* Refuses a name already taken, then inserts @tournament. */
static gboolean
insert_tournament (SpDb          *db,
                   SpTournament  *tournament,
                   const char    *created,
                   GError       **error)
{
  const SpDbValue name[] = { sp_db_text (tournament->name) };
  const SpDbValue values[] = {
    sp_db_text (tournament->name),
    sp_db_text (sp_ruleset_to_string (tournament->ruleset)),
    sp_db_text (tournament->profile),
    sp_db_text (tournament->options != NULL ? tournament->options : ""),
    sp_db_int (tournament->n_sessions),
    sp_db_text (tournament->seating),
    sp_db_text (tournament->ranking),
    sp_db_int (tournament->base),
    sp_db_int (tournament->per_tai),
    sp_db_text (created),
  };
  gboolean found;
  gint64 existing;

  if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT id FROM tournaments WHERE name = ?", name,
                                          G_N_ELEMENTS (name), error),
                         &existing, &found, "looking for the tournament", error))
    return FALSE;
  if (found)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("A tournament named '%s' already exists."), tournament->name);
      return FALSE;
    }
  return sp_db_run (db, "INSERT INTO tournaments (name, ruleset, profile, options, n_sessions,"
                    " seating, ranking, base, per_tai, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values, G_N_ELEMENTS (values), "creating the tournament", error);
}

gboolean
sp_db_create_tournament (SpDb          *db,
                         SpTournament  *tournament,
                         GError       **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *created = g_date_time_format_iso8601 (now);
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL, FALSE);

  if (!sp_db_check_name (_("The tournament's name"), tournament->name, error))
    return FALSE;
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = insert_tournament (db, tournament, created, error);
  if (ok)
    {
      tournament->id = sqlite3_last_insert_rowid (db->handle);
      g_free (tournament->created);
      tournament->created = g_strdup (created);
    }
  return sp_db_end_write (db, started, ok, error);
}

GPtrArray *
sp_db_list_tournaments (SpDb    *db,
                        GError **error)
{
  return sp_db_list_rows (db, sp_db_prepare (db, "SELECT " TOURNAMENT_COLUMNS
                                             " FROM tournaments ORDER BY id", error),
                          (SpDbRowReader) tournament_from_row,
                          (GDestroyNotify) sp_tournament_free, "listing tournaments", error);
}

SpTournament *
sp_db_find_tournament (SpDb        *db,
                       const char  *id_or_name,
                       GError     **error)
{
  const SpDbValue name[] = { sp_db_text (id_or_name) };
  sqlite3_stmt *statement;
  SpTournament *tournament;

  if (id_or_name == NULL)
    statement = sp_db_prepare (db, "SELECT " TOURNAMENT_COLUMNS
                               " FROM tournaments ORDER BY id DESC LIMIT 1", error);
  else
    statement = sp_db_query (db, "SELECT " TOURNAMENT_COLUMNS " FROM tournaments"
                             " WHERE name = ?1 OR CAST (id AS TEXT) = ?1"
                             " ORDER BY name = ?1 DESC LIMIT 1", name, G_N_ELEMENTS (name), error);
  if (!sp_db_read_row (db, statement, (SpDbRowReader) tournament_from_row,
                       (gpointer *) &tournament, "looking for the tournament", error))
    return NULL;
  if (tournament == NULL)
    {
      if (id_or_name == NULL)
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                     _("no tournament yet in %s (create one with: tournament create)"), db->path);
      else
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                     _("no tournament '%s' in %s"), id_or_name, db->path);
    }
  return tournament;
}

gboolean
sp_db_set_plan_seed (SpDb     *db,
                     gint64    tournament,
                     guint64   seed,
                     GError  **error)
{
  const SpDbValue values[] = { sp_db_int ((gint64) seed), sp_db_int (tournament) };

  return sp_db_run_write (db, "UPDATE tournaments SET plan_seed = ? WHERE id = ?", values,
                          G_N_ELEMENTS (values), "storing the plan's seed", error);
}

gboolean
sp_db_get_plan_seed (SpDb    *db,
                     gint64   tournament,
                     guint64 *seed)
{
  const SpDbValue id[] = { sp_db_int (tournament) };
  gboolean found = FALSE;
  gint64 value;

  if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT plan_seed FROM tournaments WHERE id = ?", id,
                                          G_N_ELEMENTS (id), NULL),
                         &value, &found, "reading the plan's seed", NULL) || !found)
    return FALSE;
  *seed = (guint64) value;
  return TRUE;
}

/* ---- the audit log --------------------------------------------------------------------- */

void
sp_audit_entry_free (SpAuditEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->at);
  g_free (entry->who);
  g_free (entry->target);
  g_free (entry->action);
  g_free (entry->old_values);
  g_free (entry->new_values);
  g_free (entry);
}

static SpAuditEntry *
audit_entry_from_row (sqlite3_stmt *statement)
{
  SpAuditEntry *entry = g_new0 (SpAuditEntry, 1);

  entry->id = sqlite3_column_int64 (statement, 0);
  entry->at = sp_db_column_text (statement, 1);
  entry->who = sp_db_column_text (statement, 2);
  entry->target = sp_db_column_text (statement, 3);
  entry->row_id = sqlite3_column_int64 (statement, 4);
  entry->action = sp_db_column_text (statement, 5);
  entry->old_values = sp_db_column_text (statement, 6);
  entry->new_values = sp_db_column_text (statement, 7);
  return entry;
}

GPtrArray *
sp_db_list_audit (SpDb    *db,
                  GError **error)
{
  return sp_db_list_rows (db, sp_db_prepare (db, "SELECT id, at, who, target, row_id, action,"
                                             " old_values, new_values FROM audit ORDER BY id",
                                             error),
                          (SpDbRowReader) audit_entry_from_row,
                          (GDestroyNotify) sp_audit_entry_free, "reading the audit log", error);
}

/* ---- refusals of the core -------------------------------------------------------------- */

gboolean
sp_db_in_transaction (SpDb *db)
{
  return !sqlite3_get_autocommit (db->handle);
}

void
sp_db_propagate_refusal (GError **error,
                         GError  *core_error)
{
  g_set_error_literal (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, core_error->message);
  g_error_free (core_error);
}

gboolean
sp_db_check_name (const char  *what,
                  const char  *name,
                  GError     **error)
{
  GError *core_error = NULL;

  if (sp_check_name (what, name, &core_error))
    return TRUE;
  sp_db_propagate_refusal (error, core_error);
  return FALSE;
}

gboolean
sp_db_tournament_options (const SpTournament  *tournament,
                          SpTournamentOptions *options,
                          GError             **error)
{
  GError *core_error = NULL;

  if (sp_tournament_get_options (tournament, options, &core_error))
    return TRUE;
  sp_db_propagate_refusal (error, core_error);
  return FALSE;
}

/* ---- the director's operations on a tournament ----------------------------------------- */

/* The tournament row @id, or SP_DB_ERROR_NOT_FOUND. */
static SpTournament *
get_tournament (SpDb     *db,
                gint64    id,
                GError  **error)
{
  const SpDbValue values[] = { sp_db_int (id) };
  SpTournament *tournament;

  if (!sp_db_read_row (db, sp_db_query (db, "SELECT " TOURNAMENT_COLUMNS " FROM tournaments"
                                        " WHERE id = ?", values, G_N_ELEMENTS (values), error),
                       (SpDbRowReader) tournament_from_row, (gpointer *) &tournament,
                       "looking for the tournament", error))
    return NULL;
  if (tournament == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 _("There is no tournament %" G_GINT64_FORMAT "."), id);
  return tournament;
}

gboolean
sp_db_rename_tournament (SpDb        *db,
                         gint64       tournament,
                         const char  *name,
                         GError     **error)
{
  g_autoptr(SpTournament) current = NULL;
  g_autofree char *stripped = NULL;
  gboolean started;
  gboolean ok = FALSE;
  gboolean found;
  gint64 existing;

  g_return_val_if_fail (db != NULL, FALSE);

  if (!sp_db_check_name (_("The tournament's name"), name, error))
    return FALSE;
  stripped = g_strstrip (g_strdup (name));
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  current = get_tournament (db, tournament, error);
  if (current == NULL)
    goto out;
  {
    const SpDbValue by_name[] = { sp_db_text (stripped), sp_db_int (tournament) };

    if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT id FROM tournaments"
                                            " WHERE name = ? AND id != ?", by_name,
                                            G_N_ELEMENTS (by_name), error),
                           &existing, &found, "looking for the tournament", error))
      goto out;
  }
  if (found)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("A tournament named '%s' already exists."), stripped);
      goto out;
    }
  {
    const SpDbValue values[] = { sp_db_text (stripped), sp_db_int (tournament) };

    ok = sp_db_run (db, "UPDATE tournaments SET name = ? WHERE id = ?", values,
                    G_N_ELEMENTS (values), "renaming the tournament", error);
  }
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_delete_tournament (SpDb        *db,
                         gint64       tournament,
                         const char  *confirm_name,
                         GError     **error)
{
  /* Children first, so that no row is left pointing at a deleted one whatever the order in
   * which the foreign keys' cascades would run. */
  static const char * const deletions[] = {
    "DELETE FROM penalties WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
    "DELETE FROM hands WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
    "DELETE FROM seats WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
    "DELETE FROM sessions WHERE tournament_id = ?",
    "DELETE FROM plan_seats WHERE tournament_id = ?",
    "DELETE FROM plan_players WHERE tournament_id = ?",
    "UPDATE players SET substitute_for = NULL WHERE tournament_id = ?",
    "DELETE FROM players WHERE tournament_id = ?",
    "DELETE FROM tournaments WHERE id = ?",
  };
  g_autoptr(SpTournament) current = NULL;
  const SpDbValue values[] = { sp_db_int (tournament) };
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  current = get_tournament (db, tournament, error);
  if (current == NULL)
    goto out;
  if (g_strcmp0 (confirm_name, current->name) != 0)
    {
      if (confirm_name == NULL)
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                     _("Deleting tournament %" G_GINT64_FORMAT " needs its exact name to "
                       "confirm: --confirm '%s'."), tournament, current->name);
      else
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                     _("'%s' is not the name of tournament %" G_GINT64_FORMAT " ('%s'): nothing "
                       "was deleted."), confirm_name, tournament, current->name);
      goto out;
    }
  for (guint i = 0; i < G_N_ELEMENTS (deletions); i++)
    if (!sp_db_run (db, deletions[i], values, G_N_ELEMENTS (values), "deleting the tournament",
                    error))
      goto out;
  ok = TRUE;
out:
  return sp_db_end_write (db, started, ok, error);
}

static void
summary_from_row (sqlite3_stmt *statement,
                  gpointer      user_data)
{
  SpTournamentSummary *summary = user_data;

  summary->n_players = sqlite3_column_int (statement, 0);
  summary->n_active = sqlite3_column_int (statement, 1);
  summary->n_present = sqlite3_column_int (statement, 2);
  summary->n_drawn = sqlite3_column_int (statement, 3);
  summary->n_closed = sqlite3_column_int (statement, 4);
  summary->n_hands = sqlite3_column_int (statement, 5);
  summary->n_penalties = sqlite3_column_int (statement, 6);
}

gboolean
sp_db_summarize_tournament (SpDb                 *db,
                            gint64                tournament,
                            SpTournamentSummary  *summary,
                            GError              **error)
{
  const SpDbValue values[] = { sp_db_int (tournament) };

  memset (summary, 0, sizeof *summary);
  return sp_db_each_row (db, sp_db_query (db,
    "SELECT (SELECT count (*) FROM players WHERE tournament_id = ?1),"
    " (SELECT count (*) FROM players WHERE tournament_id = ?1 AND status != 'withdrawn'),"
    " (SELECT count (*) FROM players WHERE tournament_id = ?1 AND present = 1),"
    " (SELECT count (*) FROM sessions s WHERE s.tournament_id = ?1"
    "  AND EXISTS (SELECT 1 FROM seats WHERE session_id = s.id)),"
    " (SELECT count (*) FROM sessions WHERE tournament_id = ?1 AND status = 'closed'),"
    " (SELECT count (*) FROM hands WHERE session_id IN"
    "  (SELECT id FROM sessions WHERE tournament_id = ?1)),"
    " (SELECT count (*) FROM penalties WHERE session_id IN"
    "  (SELECT id FROM sessions WHERE tournament_id = ?1))",
    values, G_N_ELEMENTS (values), error), summary_from_row, summary,
    "summarizing the tournament", error);
}
