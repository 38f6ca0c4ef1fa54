/* sp-db-path.c: where the embedded default tournament database lives.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <glib/gstdio.h>

#include "sp-db-path.h"

/**
 * sp_db_default_path:
 *
 * The database the app and sparrow-cli use when none is named: `$SPARROW_DB` when it is set and
 * not empty, else `sparrow/sparrow.db` in the user's data folder (`$XDG_DATA_HOME`, usually
 * `~/.local/share`).  The file's folder is created if it is missing, so that opening the file can
 * create it; when that fails, opening the file reports the error with its path.
 *
 * Returns: (transfer full): the path, to free with g_free().
 */
char *
sp_db_default_path (void)
{
  const char *from_env = g_getenv ("SPARROW_DB");
  g_autofree char *path = NULL;
  g_autofree char *folder = NULL;

  if (from_env != NULL && from_env[0] != '\0')
    path = g_strdup (from_env);
  else
    path = g_build_filename (g_get_user_data_dir (), "sparrow", "sparrow.db", NULL);

  /* A server's address names no folder to make, and a URI's is made by whoever wrote it. */
  if (!sp_db_location_is_file (path) || g_str_has_prefix (path, "file:"))
    return g_steal_pointer (&path);
  folder = g_path_get_dirname (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    g_debug ("Cannot create the database folder %s: %s", folder, g_strerror (errno));

  return g_steal_pointer (&path);
}

void
sp_db_remove_file (const char *path)
{
  static const char * const suffixes[] = { "", "-wal", "-shm", "-journal" };

  g_return_if_fail (path != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);

      g_unlink (name);
    }
}
