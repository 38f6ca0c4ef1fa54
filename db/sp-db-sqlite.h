/* sp-db-sqlite.h: what the files of the SQLite backend share (sp-db-sqlite.c and its lock
 * layer sp-db-locks.c, and the station's outbox sp-outbox.c, a SQLite file of its own).  Only they include <sqlite3.h>; the generic store and the operations
 * never include this header.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <sqlite3.h>

#include "sp-db-backend.h"

G_BEGIN_DECLS

/* Makes SQLite's unix VFS lock with open file description locks (sp-db-locks.c); called before
 * the process opens its first database file. */
void          sp_db_sqlite_use_file_locks     (void);
/* FALSE (and SP_DB_ERROR_IO naming @name) when a -wal or -shm file that SQLite has open in this
 * process for @handle's database is no longer the file at its path: another program deleted or
 * replaced it, and a write would go into a file nobody else reads. */
gboolean      sp_db_sqlite_journal_is_current (sqlite3     *handle,
                                               const char  *name,
                                               GError     **error);

/* The store's error code for SQLite's result code @rc (its primary code decides). */
SpDbError     sp_db_sqlite_error_code (int rc);

/* Sets @error from SQLite's code @rc met while doing @what on @db's connection; FALSE. */
gboolean      sp_db_fail         (SpDb        *db,
                                  int          rc,
                                  const char  *what,
                                  GError     **error);

G_END_DECLS
