/* sp-test-folder.h: a test's temporary folder removed with what it holds.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gstdio.h>

/* Removes the files in @folder, then @folder. */
static inline void
sp_test_remove_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (folder);
}
