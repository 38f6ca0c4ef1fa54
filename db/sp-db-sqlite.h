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

/* The SQLite backend's queries and rows are its prepared statements. */
static inline sqlite3_stmt *
sp_db_query_statement (SpDbQuery *query)
{
  return (sqlite3_stmt *) query;
}

static inline sqlite3_stmt *
sp_db_row_statement (SpDbRow *row)
{
  return (sqlite3_stmt *) row;
}

gboolean      sp_db_fail         (SpDb        *db,
                                  int          rc,
                                  const char  *what,
                                  GError     **error);

G_END_DECLS
