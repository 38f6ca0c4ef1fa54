/* test-db-path.c: where the embedded default tournament database lives.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>

#include "sp-db.h"

static void
test_path_from_environment (void)
{
  g_autofree char *wanted = g_build_filename (g_get_user_cache_dir (), "events", "2026",
                                              "club.db", NULL);
  g_autofree char *folder = g_path_get_dirname (wanted);
  g_autofree char *path = NULL;

  g_setenv ("SPARROW_DB", wanted, TRUE);
  path = sp_db_default_path ();
  g_unsetenv ("SPARROW_DB");

  g_assert_cmpstr (path, ==, wanted);
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_path_in_user_data (void)
{
  g_autofree char *wanted = g_build_filename (g_get_user_data_dir (), "sparrow", "sparrow.db",
                                              NULL);
  g_autofree char *folder = g_path_get_dirname (wanted);
  g_autofree char *path = NULL;

  g_unsetenv ("SPARROW_DB");
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  path = sp_db_default_path ();

  g_assert_cmpstr (path, ==, wanted);
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
}

static void
test_path_empty_environment (void)
{
  g_autofree char *wanted = g_build_filename (g_get_user_data_dir (), "sparrow", "sparrow.db",
                                              NULL);
  g_autofree char *path = NULL;

  /* An empty SPARROW_DB is as good as none: it must not name the current folder. */
  g_setenv ("SPARROW_DB", "", TRUE);
  path = sp_db_default_path ();
  g_unsetenv ("SPARROW_DB");

  g_assert_cmpstr (path, ==, wanted);
}

int
main (int   argc,
      char *argv[])
{
  /* Isolated XDG folders: g_get_user_data_dir () is a fresh temporary folder for this run. */
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/sparrow/db/path/from-environment", test_path_from_environment);
  g_test_add_func ("/sparrow/db/path/in-user-data", test_path_in_user_data);
  g_test_add_func ("/sparrow/db/path/empty-environment", test_path_empty_environment);

  return g_test_run ();
}
