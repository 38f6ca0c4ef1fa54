/* test-db-backup.c: sp_db_backup and sp_db_restore: a backup then a restore gives back every
 * table as it was; a file that is not a Sparrow database, or is from a newer schema, is
 * refused with the database untouched; the database and its backups are mode 0600.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>

#include "sp-test-db.h"

typedef SpTestStore Fixture;

static const char * const names[4] = { "East", "South", "West", "North" };

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  SpTournament tournament = sp_test_mcr_tournament ("Backup night");
  g_autoptr(GError) error = NULL;
  gint64 players[4];
  SpPenalty penalty = { .session = 1, .reason = (char *) "late", .points = -10 };

  sp_test_store_open (fixture, "sparrow-db-backup-XXXXXX", "Referee Wu");
  fixture->tournament = sp_test_seat_one_table (fixture->db, &tournament, names, players);
  penalty.player = players[2];
  g_assert_true (sp_db_add_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  g_assert_no_error (error);
}

/* Every row of every table of the file at @path, as text, read on a connection of its own. */
static char *
dump (const char *path)
{
  GString *out = g_string_new (NULL);
  sqlite3 *handle = NULL;
  sqlite3_stmt *tables = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &handle, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (handle, "SELECT name, sql FROM sqlite_schema "
                                       "WHERE type = 'table' ORDER BY name", -1, &tables, NULL),
                   ==, SQLITE_OK);
  while (sqlite3_step (tables) == SQLITE_ROW)
    {
      const char *name = (const char *) sqlite3_column_text (tables, 0);
      g_autofree char *sql = g_strdup_printf ("SELECT * FROM \"%s\" ORDER BY rowid", name);
      sqlite3_stmt *rows = NULL;

      g_string_append_printf (out, "%s\n%s\n", name, sqlite3_column_text (tables, 1));
      g_assert_cmpint (sqlite3_prepare_v2 (handle, sql, -1, &rows, NULL), ==, SQLITE_OK);
      while (sqlite3_step (rows) == SQLITE_ROW)
        {
          for (int i = 0; i < sqlite3_column_count (rows); i++)
            g_string_append_printf (out, "%s|", sqlite3_column_type (rows, i) == SQLITE_NULL
                                    ? "NULL" : (const char *) sqlite3_column_text (rows, i));
          g_string_append_c (out, '\n');
        }
      sqlite3_finalize (rows);
    }
  sqlite3_finalize (tables);
  sqlite3_close (handle);
  return g_string_free (out, FALSE);
}

static guint
file_mode (const char *path)
{
  GStatBuf buf;

  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  return buf.st_mode & 0777;
}

static void
rename_tournament (Fixture    *fixture,
                   const char *name)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_db_rename_tournament (fixture->db, fixture->tournament->id, name, &error));
  g_assert_no_error (error);
}

static void
test_round_trip (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *backup = g_build_filename (fixture->folder, "backup.db", NULL);
  g_autofree char *before = dump (fixture->path);
  g_autofree char *copied = NULL;
  g_autofree char *changed = NULL;
  g_autofree char *restored = NULL;
  g_autoptr(SpTournament) found = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (strstr (before, "Backup night"));
  g_assert_true (sp_db_backup (fixture->db, backup, &error));
  g_assert_no_error (error);
  copied = dump (backup);
  g_assert_cmpstr (copied, ==, before);

  rename_tournament (fixture, "Renamed night");
  changed = dump (fixture->path);
  g_assert_cmpstr (changed, !=, before);

  g_assert_true (sp_db_restore (fixture->db, backup, &error));
  g_assert_no_error (error);
  restored = dump (fixture->path);
  g_assert_cmpstr (restored, ==, before);
  /* The open store reads the restored content. */
  found = sp_db_find_tournament (fixture->db, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (found->name, ==, "Backup night");
}

static void
test_while_writing (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *backup = g_build_filename (fixture->folder, "backup.db", NULL);
  g_autofree char *before = dump (fixture->path);
  g_autofree char *copied = NULL;
  g_autoptr(GError) error = NULL;
  SpDb *writer = sp_db_open (fixture->path, &error);

  g_assert_no_error (error);
  /* Another connection holds the write lock with a change not yet committed. */
  g_assert_true (sp_db_begin (writer, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_rename_tournament (writer, fixture->tournament->id, "Uncommitted",
                                          &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_backup (fixture->db, backup, &error));
  g_assert_no_error (error);
  sp_db_rollback (writer);
  sp_db_close (writer);
  copied = dump (backup);
  g_assert_cmpstr (copied, ==, before);
}

static void
check_refused (Fixture    *fixture,
               const char *file,
               int         code)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  rename_tournament (fixture, "Changed since");
  before = dump (fixture->path);
  g_assert_false (sp_db_restore (fixture->db, file, &error));
  g_assert_error (error, SP_DB_ERROR, code);
  g_assert_nonnull (strstr (error->message, file));
  after = dump (fixture->path);
  g_assert_cmpstr (after, ==, before);
}

static void
test_refuses_foreign (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *text = g_build_filename (fixture->folder, "notes.txt", NULL);
  g_autofree char *other = g_build_filename (fixture->folder, "other.db", NULL);
  g_autoptr(GError) error = NULL;
  sqlite3 *handle = NULL;

  g_assert_true (g_file_set_contents (text, "not a database at all\n", -1, &error));
  g_assert_no_error (error);
  check_refused (fixture, text, SP_DB_ERROR_NOT_SPARROW);

  /* An SQLite database of another program. */
  g_assert_cmpint (sqlite3_open (other, &handle), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (handle, "CREATE TABLE tournaments (id INTEGER); "
                                 "PRAGMA user_version = 2", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (handle);
  check_refused (fixture, other, SP_DB_ERROR_NOT_SPARROW);
}

static void
test_refuses_newer (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *backup = g_build_filename (fixture->folder, "backup.db", NULL);
  g_autofree char *sql = g_strdup_printf ("PRAGMA user_version = %d", SP_DB_SCHEMA_VERSION + 1);
  g_autoptr(GError) error = NULL;
  sqlite3 *handle = NULL;

  g_assert_true (sp_db_backup (fixture->db, backup, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (backup, &handle), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (handle, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (handle);
  check_refused (fixture, backup, SP_DB_ERROR_TOO_NEW);
}

static void
test_modes (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *backup = g_build_filename (fixture->folder, "backup.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_assert_cmphex (file_mode (fixture->path), ==, 0600);
  g_assert_true (sp_db_backup (fixture->db, backup, &error));
  g_assert_no_error (error);
  g_assert_cmphex (file_mode (backup), ==, 0600);
  /* A second backup over the first replaces it and leaves no temporary file. */
  g_assert_true (sp_db_backup (fixture->db, backup, &error));
  g_assert_no_error (error);
  dir = g_dir_open (fixture->folder, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_assert_true (g_str_has_prefix (name, "test.db") || strcmp (name, "backup.db") == 0);
}

static void
test_backup_unwritable (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *backup = g_build_filename (fixture->folder, "missing", "backup.db", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (sp_db_backup (fixture->db, backup, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  /* The modes asserted are the ones Sparrow asks for, whatever the caller's umask. */
  umask (022);
  g_test_init (&argc, &argv, NULL);

#define ADD(path, test) \
  g_test_add ("/sparrow/db/backup/" path, Fixture, NULL, fixture_set_up, test, \
              sp_test_store_tear_down)
  ADD ("round-trip", test_round_trip);
  ADD ("while-writing", test_while_writing);
  ADD ("refuses-foreign", test_refuses_foreign);
  ADD ("refuses-newer", test_refuses_newer);
  ADD ("modes", test_modes);
  ADD ("unwritable", test_backup_unwritable);
#undef ADD

  return g_test_run ();
}
