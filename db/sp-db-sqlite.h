/* sp-db-sqlite.h: what the files of the SQLite backend share (sp-db.c, sp-db-rows.c): the
 * connection and the statement helpers.  The operations never include it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <sqlite3.h>

#include "sp-db-private.h"

G_BEGIN_DECLS

struct _SpDb
{
  sqlite3    *handle;
  char       *path;
  GHashTable *statements; /* SQL text (static) → prepared sqlite3_stmt */
  char       *warning;    /* for sp_db_take_warning */
  GHashTable *unlocked;   /* tournament id (gint64 *) → SpDbUnlock, what it verified */
  gint64      unlock_timeout; /* µs an unlock lasts unused; 0: until sp_db_lock () */
  char       *referee;    /* as set by sp_db_set_referee (), for a connection opened again */
  gboolean    opened;     /* set up and migrated: its writes check the journal files */
};

/* Makes SQLite's unix VFS lock with open file description locks (sp-db-locks.c); called before
 * the process opens its first database file. */
void          sp_db_sqlite_use_file_locks     (void);
/* FALSE (and SP_DB_ERROR_IO naming @name) when a -wal or -shm file that SQLite has open in this
 * process for @handle's database is no longer the file at its path: another program deleted or
 * replaced it, and a write would go into a file nobody else reads. */
gboolean      sp_db_sqlite_journal_is_current (sqlite3     *handle,
                                               const char  *name,
                                               GError     **error);

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

/* Reads one row into a newly allocated record. */
typedef gpointer (*SpDbRowReader) (sqlite3_stmt *statement);
/* Takes one row into @user_data. */
typedef void     (*SpDbRowFunc)   (sqlite3_stmt *statement,
                                   gpointer      user_data);

/* A cached statement for @sql (a string literal), reset and unbound; NULL on error. */
sqlite3_stmt *sp_db_prepare      (SpDb        *db,
                                  const char  *sql,
                                  GError     **error);
/* sp_db_prepare () with @values bound to its parameters 1..@n_values; NULL on error. */
sqlite3_stmt *sp_db_query        (SpDb            *db,
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
/* The helpers below step @statement to its end and reset it.  A NULL @statement (its
 * preparation failed and set @error) fails at once, so that they can take sp_db_query ()
 * directly. */
/* Calls @func for each row. */
gboolean      sp_db_each_row     (SpDb          *db,
                                  sqlite3_stmt  *statement,
                                  SpDbRowFunc    func,
                                  gpointer       user_data,
                                  const char    *what,
                                  GError       **error);
/* Every row read by @reader, in an array that frees them with @free_func. */
GPtrArray    *sp_db_list_rows    (SpDb           *db,
                                  sqlite3_stmt   *statement,
                                  SpDbRowReader   reader,
                                  GDestroyNotify  free_func,
                                  const char     *what,
                                  GError        **error);
/* Column 0 of every row, as gint64. */
GArray       *sp_db_list_int64   (SpDb          *db,
                                  sqlite3_stmt  *statement,
                                  const char    *what,
                                  GError       **error);
/* The first row read by @reader into *@record, or NULL when there is none. */
gboolean      sp_db_read_row     (SpDb           *db,
                                  sqlite3_stmt   *statement,
                                  SpDbRowReader   reader,
                                  gpointer       *record,
                                  const char     *what,
                                  GError        **error);
/* Column 0 of the first row into *@value; *@found says whether there was one, not NULL. */
gboolean      sp_db_read_int64   (SpDb          *db,
                                  sqlite3_stmt  *statement,
                                  gint64        *value,
                                  gboolean      *found,
                                  const char    *what,
                                  GError       **error);
gboolean      sp_db_fail         (SpDb        *db,
                                  int          rc,
                                  const char  *what,
                                  GError     **error);
char         *sp_db_column_text  (sqlite3_stmt *statement,
                                  int           column);

G_END_DECLS
