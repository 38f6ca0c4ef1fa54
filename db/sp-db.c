/* sp-db.c: the generic store over a backend (sp-db-backend.h): the statement cache, the
 * queries and rows, transactions and their retry, the migrations' order, opening the store by
 * its location, the referee and the director's unlocks.  It calls no database library.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-backend.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-db-path.h"
#include "sp-db-resources.h"

/* ---- statements ------------------------------------------------------------------------ */

/* A cached statement for @sql (a string literal), reset and unbound; NULL on error. */
static SpDbQuery *
prepare_statement (SpDb        *db,
                   const char  *sql,
                   GError     **error)
{
  SpDbQuery *query = g_hash_table_lookup (db->statements, sql);

  if (query != NULL)
    return db->backend->reset (db, query, error) ? query : NULL;
  query = db->backend->prepare (db, sql, error);
  if (query != NULL)
    g_hash_table_insert (db->statements, (gpointer) sql, query);
  return query;
}

void
sp_db_forget_statements (SpDb *db)
{
  g_hash_table_remove_all (db->statements);
}

/* Steps a statement that returns no row and rewinds it. */
static gboolean
step_done (SpDb        *db,
           SpDbQuery   *query,
           const char  *what,
           GError     **error)
{
  gboolean has_row;

  if (!db->backend->step (db, query, &has_row, what, error))
    return FALSE;
  db->backend->rewind (query);
  return TRUE;
}

gint64
sp_db_row_int64 (SpDbRow *row,
                 int      column)
{
  return row->backend->row_int64 (row->query, column);
}

gint
sp_db_row_int (SpDbRow *row,
               int      column)
{
  return (gint) row->backend->row_int64 (row->query, column);
}

gboolean
sp_db_row_is_null (SpDbRow *row,
                   int      column)
{
  return row->backend->row_is_null (row->query, column);
}

const char *
sp_db_row_text (SpDbRow *row,
                int      column)
{
  return row->backend->row_text (row->query, column);
}

char *
sp_db_row_dup_text (SpDbRow *row,
                    int      column)
{
  return sp_db_row_is_null (row, column) ? NULL : g_strdup (sp_db_row_text (row, column));
}

const char *
sp_db_statement (SpDb          *db,
                 SpDbStatement  statement)
{
  g_return_val_if_fail (statement < SP_DB_N_STATEMENTS, NULL);

  return db->backend->statements[statement];
}

gint64
sp_db_last_insert_id (SpDb *db)
{
  return db->backend->last_insert_id (db);
}

gint64
sp_db_changes (SpDb *db)
{
  return db->backend->changes (db);
}

static gboolean
bind_values (SpDb             *db,
             SpDbQuery        *query,
             const SpDbValue  *values,
             guint             n_values,
             GError          **error)
{
  for (guint i = 0; i < n_values; i++)
    if (!db->backend->bind (db, query, i + 1, &values[i], error))
      return FALSE;
  return TRUE;
}

SpDbQuery *
sp_db_prepare (SpDb        *db,
               const char  *sql,
               GError     **error)
{
  return prepare_statement (db, sql, error);
}

SpDbQuery *
sp_db_query (SpDb             *db,
             const char       *sql,
             const SpDbValue  *values,
             guint             n_values,
             GError          **error)
{
  SpDbQuery *query = prepare_statement (db, sql, error);

  if (query == NULL || !bind_values (db, query, values, n_values, error))
    return NULL;
  return query;
}

gboolean
sp_db_run (SpDb             *db,
           const char       *sql,
           const SpDbValue  *values,
           guint             n_values,
           const char       *what,
           GError          **error)
{
  SpDbQuery *query = sp_db_query (db, sql, values, n_values, error);

  return query != NULL && step_done (db, query, what, error);
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
  SpDbRow row = { db->backend, query };
  gboolean has_row;

  if (query == NULL)
    return FALSE;
  while (TRUE)
    {
      if (!db->backend->step (db, query, &has_row, what, error))
        return FALSE;
      if (!has_row)
        break;
      func (&row, user_data);
    }
  db->backend->rewind (query);
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
  SpDbRow row = { db->backend, query };
  gboolean has_row;

  *record = NULL;
  if (query == NULL || !db->backend->step (db, query, &has_row, what, error))
    return FALSE;
  if (has_row)
    *record = reader (&row);
  db->backend->rewind (query);
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
  gboolean has_row;

  *found = FALSE;
  if (query == NULL || !db->backend->step (db, query, &has_row, what, error))
    return FALSE;
  if (has_row && !db->backend->row_is_null (query, 0))
    {
      *value = db->backend->row_int64 (query, 0);
      *found = TRUE;
    }
  db->backend->rewind (query);
  return TRUE;
}

/* ---- transactions ---------------------------------------------------------------------- */

/* The first pause and the longest between the tries of a write transaction. */
#define BEGIN_RETRY_US (10 * 1000)
#define BEGIN_RETRY_MAX_US (200 * 1000)

gboolean
sp_db_in_transaction (SpDb *db)
{
  return db->backend->in_transaction (db);
}

gboolean
sp_db_begin (SpDb    *db,
             GError **error)
{
  gint64 deadline;
  gulong pause = BEGIN_RETRY_US;

  g_return_val_if_fail (db != NULL, FALSE);

  deadline = g_get_monotonic_time () + (gint64) SP_DB_BUSY_TIMEOUT_MS * 1000;
  for (;;)
    {
      g_autoptr(GError) local_error = NULL;

      if (db->backend->begin (db, SP_DB_TRANSACTION_WRITE, &local_error))
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
                                    SP_DB_BUSY_TIMEOUT_MS / 1000),
                       db->path, SP_DB_BUSY_TIMEOUT_MS / 1000);
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
  if (!db->backend->commit (db, error))
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
  db->backend->rollback (db);
}

gboolean
sp_db_begin_write (SpDb      *db,
                   gboolean  *started,
                   GError   **error)
{
  *started = FALSE;
  if (sp_db_in_transaction (db))
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
  if (sp_db_in_transaction (db))
    return TRUE;
  if (!db->backend->begin (db, SP_DB_TRANSACTION_READ, error))
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
list_migrations (const char  *folder,
                 GError     **error)
{
  char **names = g_resources_enumerate_children (folder, G_RESOURCE_LOOKUP_FLAGS_NONE,
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


gboolean
sp_db_apply_migrations (SpDb     *db,
                        gint64    version,
                        GError  **error)
{
  g_auto(GStrv) names = list_migrations (db->backend->migrations, error);

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
      path = g_strconcat (db->backend->migrations, "/", names[i], NULL);
      bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
      if (bytes == NULL)
        return FALSE;
      sql = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      what = g_strdup_printf ("applying migration %s", names[i]);
      if (!db->backend->exec (db, sql, what, error)
          || !migrate_rows (db, number, error)
          || !db->backend->set_schema_version (db, number, error))
        return FALSE;
    }
  return TRUE;
}

void
sp_db_set_referee (SpDb       *db,
                   const char *referee)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (db != NULL);

  if (referee == NULL || referee[0] == '\0')
    referee = g_get_user_name ();
  if (referee != db->referee)
    {
      g_free (db->referee);
      db->referee = g_strdup (referee);
    }
  if (!db->backend->set_referee (db, referee, &error))
    g_warning ("%s: %s", db->path, error->message);
}

const char *
sp_db_get_referee (SpDb *db)
{
  return db->referee != NULL ? db->referee : g_get_user_name ();
}

gboolean
sp_db_set_audit_note (SpDb        *db,
                      const char  *note,
                      GError     **error)
{
  g_return_val_if_fail (db != NULL, FALSE);

  return db->backend->set_audit_note (db, note != NULL && note[0] != '\0' ? note : NULL, error);
}

/* ---- opening by location ---------------------------------------------------------------- */

/* Whether @location names a PostgreSQL server: a `postgresql://` or `postgres://` URI, or a
 * libpq keyword string (`host=… dbname=…`: words of the form key=value, one of them a key
 * libpq knows for a server). */
static gboolean
is_postgresql_location (const char *location)
{
  static const char * const keys[] = { "host", "hostaddr", "dbname", "port", "user",
                                       "service", NULL };
  g_auto(GStrv) words = NULL;
  g_autofree char *text = NULL;
  gboolean server = FALSE;

  if (g_ascii_strncasecmp (location, "postgresql://", strlen ("postgresql://")) == 0
      || g_ascii_strncasecmp (location, "postgres://", strlen ("postgres://")) == 0)
    return TRUE;
  if (strchr (location, '=') == NULL || strchr (location, '/') != NULL)
    return FALSE;
  text = g_strstrip (g_strdup (location));
  words = g_strsplit_set (text, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *equals = strchr (words[i], '=');

      if (words[i][0] == '\0')
        continue;
      if (equals == NULL || equals == words[i])
        return FALSE;
      for (guint k = 0; keys[k] != NULL; k++)
        if ((gsize) (equals - words[i]) == strlen (keys[k])
            && strncmp (words[i], keys[k], strlen (keys[k])) == 0)
          server = TRUE;
    }
  return server;
}

gboolean
sp_db_location_is_file (const char *location)
{
  g_return_val_if_fail (location != NULL, FALSE);

  return !is_postgresql_location (location);
}

/* The backend for @location: a path or a `file:` URI is SQLite's; NULL (with why) for one
 * this build has no backend for. */
static const SpDbBackend *
backend_for (const char  *location,
             GError     **error)
{
  if (is_postgresql_location (location))
    return &sp_db_pg_backend;
  return &sp_db_sqlite_backend;
}

SpDb *
sp_db_open (const char  *location,
            GError     **error)
{
  return sp_db_open_with_password (location, NULL, error);
}

SpDb *
sp_db_open_with_password (const char  *location,
                          const char  *password,
                          GError     **error)
{
  g_autoptr(SpDb) db = NULL;
  const SpDbBackend *backend;

  g_return_val_if_fail (location != NULL, NULL);

  /* The migrations register themselves when the program loads; naming the resource here
   * keeps its object in the link. */
  g_return_val_if_fail (sp_db_get_resource () != NULL, NULL);
  backend = backend_for (location, error);
  if (backend == NULL)
    return NULL;
  db = g_new0 (SpDb, 1);
  db->backend = backend;
  db->path = g_strdup (location);
  db->password = g_strdup (password);
  db->statements = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                          (GDestroyNotify) backend->finalize);
  if (!backend->open (db, location, error))
    return NULL;
  db->opened = TRUE;
  return g_steal_pointer (&db);
}

gboolean
sp_db_is_file (SpDb *db)
{
  return sp_db_can (db, SP_DB_CAN_FILE) && db->path[0] != '\0'
         && strcmp (db->path, ":memory:") != 0;
}

gboolean
sp_db_watch_changes (SpDb            *db,
                     SpDbChangedFunc  func,
                     gpointer         user_data)
{
  g_return_val_if_fail (db != NULL, FALSE);

  if (!sp_db_can (db, SP_DB_CAN_NOTIFY))
    return FALSE;
  db->backend->set_change_hook (db, func, user_data);
  return TRUE;
}

gboolean
sp_db_get_data_version (SpDb    *db,
                        gint64  *version,
                        GError **error)
{
  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (version != NULL, FALSE);

  return db->backend->get_data_version (db, version, error);
}

void
sp_db_close (SpDb *db)
{
  if (db == NULL)
    return;
  /* The cached statements are finalized before their connection is closed. */
  g_clear_pointer (&db->statements, g_hash_table_unref);
  g_clear_pointer (&db->unlocked, g_hash_table_unref);
  if (db->connection != NULL)
    {
      sp_db_rollback (db);
      db->backend->close (db);
    }
  if (db->password != NULL)
    explicit_bzero (db->password, strlen (db->password));
  g_free (db->password);
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
  if (!db->backend->get_schema_version (db, &version, NULL))
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

/* ---- copies of a file-backed store -------------------------------------------------------- */

/* FALSE, saying so, when @db is not a file that can be copied (a server's store). */
static gboolean
check_file_backed (SpDb        *db,
                   GError     **error)
{
  if (sp_db_can (db, SP_DB_CAN_FILE))
    return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               _("%s is not a database file: it cannot be copied to or from a file"), db->path);
  return FALSE;
}

gboolean
sp_db_backup (SpDb        *db,
              const char  *path,
              GError     **error)
{
  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return check_file_backed (db, error) && db->backend->copy_to_file (db, path, error);
}

gboolean
sp_db_restore (SpDb        *db,
               const char  *path,
               GError     **error)
{
  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return check_file_backed (db, error) && db->backend->restore_from_file (db, path, error);
}
