/* sp-test-db.h: a store in a new temporary folder (sp_test_remove_folder removes it after).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-db.h"
#include "sp-test-folder.h"

/* Opens a new store "test.db" in a new temporary folder made from @folder_template; the folder
 * and the store's path in @folder and @path. */
static inline SpDb *
sp_test_db_new (const char  *folder_template,
                char       **folder,
                char       **path)
{
  g_autoptr(GError) error = NULL;
  SpDb *db;

  *folder = g_dir_make_tmp (folder_template, &error);
  g_assert_no_error (error);
  *path = g_build_filename (*folder, "test.db", NULL);
  db = sp_db_open (*path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (db);
  return db;
}
