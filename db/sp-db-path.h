/* sp-db-path.h: where the embedded default tournament database lives.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char     *sp_db_default_path     (void);
/* Whether @location is a database file's path (or a `file:` URI), not a server's address. */
gboolean  sp_db_location_is_file (const char *location);
/* Removes the database file @path with its journal files (-wal, -shm, -journal): a store made
 * for nothing (a copy that failed).  What is not there is no error. */
void      sp_db_remove_file      (const char *path);

G_END_DECLS
