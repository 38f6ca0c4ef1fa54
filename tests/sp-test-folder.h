/* sp-test-folder.h: a test's temporary folder removed with what it holds.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib/gstdio.h>

/* Removes @folder and everything in it, its subfolders included (a symbolic link is removed,
 * not followed). */
static inline void
sp_test_remove_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        sp_test_remove_folder (path);
      else
        g_unlink (path);
    }
  g_rmdir (folder);
}
