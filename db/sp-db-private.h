/* sp-db-private.h: what the files of the store share: the connection and statement helpers.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <sqlite3.h>

#include "sp-db.h"

G_BEGIN_DECLS

struct _SpDb
{
  sqlite3    *handle;
  char       *path;
  GHashTable *statements; /* SQL text (static) → prepared sqlite3_stmt */
  gboolean    own_transaction;
};

/* A cached statement for @sql (a string literal), reset and unbound; NULL on error. */
sqlite3_stmt *sp_db_prepare      (SpDb        *db,
                                  const char  *sql,
                                  GError     **error);
/* Steps a statement that returns no row (SQLITE_DONE) and resets it. */
gboolean      sp_db_step_done    (SpDb         *db,
                                  sqlite3_stmt *statement,
                                  const char   *what,
                                  GError      **error);
/* Steps once: TRUE with *has_row for SQLITE_ROW/SQLITE_DONE, FALSE with @error otherwise. */
gboolean      sp_db_step_row     (SpDb         *db,
                                  sqlite3_stmt *statement,
                                  gboolean     *has_row,
                                  const char   *what,
                                  GError      **error);
gboolean      sp_db_fail         (SpDb        *db,
                                  int          rc,
                                  const char  *what,
                                  GError     **error);
void          sp_db_bind_text    (sqlite3_stmt *statement,
                                  int           index,
                                  const char   *text);
char         *sp_db_column_text  (sqlite3_stmt *statement,
                                  int           column);
/* Starts a write transaction when none is open; sp_db_end_write commits it (or rolls it
 * back when @ok is FALSE).  Lets one call be a transaction of its own. */
gboolean      sp_db_begin_write  (SpDb        *db,
                                  gboolean    *started,
                                  GError     **error);
gboolean      sp_db_end_write    (SpDb        *db,
                                  gboolean     started,
                                  gboolean     ok,
                                  GError     **error);
gint64        sp_db_session_id   (SpDb        *db,
                                  gint64       tournament,
                                  guint        session,
                                  gboolean     create,
                                  GError     **error);

G_END_DECLS
