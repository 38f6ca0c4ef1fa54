/* test-db-autobackup.c: the automatic backups beside the database: one before a migration
 * (holding the old schema), one at each session close, the newest 20 kept and no file of the
 * user's deleted, folder 0700 and files 0600, and a close that stands when its backup fails.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
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

  sp_test_store_open (fixture, "sparrow-db-autobackup-XXXXXX", "Referee Wu");
  {
    gint64 players[4];

    fixture->tournament = sp_test_seat_one_table (fixture->db, &tournament, names, players);
  }
}

static guint
file_mode (const char *path)
{
  GStatBuf buf;

  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  return buf.st_mode & 0777;
}

static gint64
raw_pragma (const char *path,
            const char *pragma)
{
  g_autofree char *sql = g_strconcat ("PRAGMA ", pragma, NULL);
  sqlite3 *handle = NULL;
  sqlite3_stmt *statement = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_open_v2 (path, &handle, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (handle, sql, -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (statement, 0);
  sqlite3_finalize (statement);
  sqlite3_close (handle);
  return value;
}

static GPtrArray *
list_backups (const char *path)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *backups = sp_db_list_backups (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (backups);
  return backups;
}

/* Closes session 1 (time up) and reopens it, @times times; no warning. */
static void
close_session (Fixture *fixture,
               guint    times)
{
  for (guint i = 0; i < times; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
      g_assert_no_error (error);
      g_assert_null (sp_db_take_warning (fixture->db));
      g_assert_true (sp_db_reopen_session (fixture->db, fixture->tournament, 1, &error));
      g_assert_no_error (error);
    }
}

/* A version-1 file (the 0001 schema, one tournament) at @path. */
static void
write_version_1 (const char *path)
{
  g_autofree char *schema_path = g_test_build_filename (G_TEST_DIST, "..", "db", "migrations",
                                                        "0001-initial.sql", NULL);
  g_autofree char *schema = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *raw;

  g_assert_true (g_file_get_contents (schema_path, &schema, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, schema, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw,
    "INSERT INTO tournaments (id, name, ruleset, profile, n_sessions, seating, ranking, created)"
    " VALUES (1, 'Old', 'mcr', 'cn', 1, 'random', 'score', '2025-01-01T00:00:00Z');"
    "PRAGMA application_id = 1399878263; PRAGMA user_version = 1;", NULL, NULL, NULL),
    ==, SQLITE_OK);
  sqlite3_close (raw);
}

static void
test_migration (void)
{
  g_autofree char *folder = g_dir_make_tmp ("sparrow-autobackup-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "old.db", NULL);
  g_autofree char *fresh = g_build_filename (folder, "fresh.db", NULL);
  g_autofree char *backups_folder = sp_db_get_backup_folder (path);
  g_autofree char *expected_reason = g_strdup_printf ("before-migration-1-to-%d",
                                                      SP_DB_SCHEMA_VERSION);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  SpDbBackup *backup;
  SpDb *db;

  write_version_1 (path);
  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sp_db_get_schema_version (db), ==, SP_DB_SCHEMA_VERSION);
  sp_db_close (db);

  {
    g_autofree char *expected = g_strconcat (path, "-backups", NULL);

    g_assert_cmpstr (backups_folder, ==, expected);
  }
  g_assert_cmphex (file_mode (backups_folder), ==, 0700);
  backups = list_backups (path);
  g_assert_cmpuint (backups->len, ==, 1);
  backup = backups->pdata[0];
  g_assert_cmpstr (backup->reason, ==, expected_reason);
  g_assert_true (g_str_has_prefix (backup->path, backups_folder));
  g_assert_cmphex (file_mode (backup->path), ==, 0600);
  g_assert_cmpint (backup->size, >, 0);
  /* Made just now (within a minute of the clock, which the name holds in UTC). */
  g_assert_cmpint (ABS (g_get_real_time () - backup->time), <, 60 * G_USEC_PER_SEC);
  /* The backup is the file as it was: schema 1, and it opens (migrating a copy of it). */
  g_assert_cmpint (raw_pragma (backup->path, "user_version"), ==, 1);
  g_assert_cmpint (raw_pragma (backup->path, "application_id"), ==, SP_DB_APPLICATION_ID);
  {
    g_autofree char *copy = g_build_filename (folder, "copy.db", NULL);
    g_autofree char *contents = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (backup->path, &contents, &length, &error));
    g_assert_true (g_file_set_contents (copy, contents, length, &error));
    g_assert_no_error (error);
    db = sp_db_open (copy, &error);
    g_assert_no_error (error);
    tournament = sp_db_find_tournament (db, "Old", &error);
    g_assert_no_error (error);
    g_assert_nonnull (tournament);
    sp_db_close (db);
  }

  /* Opening the migrated file again makes no new backup; a new database needs none. */
  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  sp_db_close (db);
  g_clear_pointer (&backups, g_ptr_array_unref);
  backups = list_backups (path);
  g_assert_cmpuint (backups->len, ==, 1);
  db = sp_db_open (fresh, &error);
  g_assert_no_error (error);
  sp_db_close (db);
  none = list_backups (fresh);
  g_assert_cmpuint (none->len, ==, 0);
  {
    g_autofree char *fresh_folder = sp_db_get_backup_folder (fresh);

    g_assert_false (g_file_test (fresh_folder, G_FILE_TEST_EXISTS));
  }

  sp_test_remove_folder (folder);
}

/* When the backup before a migration cannot be made, the file is not migrated. */
static void
test_migration_refused (void)
{
  g_autofree char *folder = g_dir_make_tmp ("sparrow-autobackup-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "old.db", NULL);
  g_autofree char *backups_folder = sp_db_get_backup_folder (path);
  g_autoptr(GError) error = NULL;
  SpDb *db;

  write_version_1 (path);
  /* A file where the folder should be: root ignores modes, so an unwritable folder would not
   * do. */
  g_assert_true (g_file_set_contents (backups_folder, "not a folder", -1, &error));
  db = sp_db_open (path, &error);
  g_assert_null (db);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_assert_nonnull (strstr (error->message, backups_folder));
  g_assert_cmpint (raw_pragma (path, "user_version"), ==, 1);

  sp_test_remove_folder (folder);
}

static void
test_session_close (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = g_strdup_printf ("tournament-%" G_GINT64_FORMAT "-session-1-closed",
                                             fixture->tournament->id);
  g_autofree char *described = NULL;
  SpSessionInfo info;
  SpDbBackup *backup;

  close_session (fixture, 1);
  backups = list_backups (fixture->path);
  g_assert_cmpuint (backups->len, ==, 1);
  backup = backups->pdata[0];
  g_assert_cmpstr (backup->reason, ==, reason);
  {
    g_autofree char *folder = sp_db_get_backup_folder (fixture->path);

    g_assert_cmphex (file_mode (folder), ==, 0700);
  }
  g_assert_cmphex (file_mode (backup->path), ==, 0600);
  described = sp_db_describe_backup_reason (NULL, backup->reason);
  g_assert_cmpstr (described, ==, "Session 1 closed (tournament 1)");
  g_free (described);
  described = sp_db_describe_backup_reason (fixture->db, backup->reason);
  g_assert_cmpstr (described, ==, "Backup night: session 1 closed");

  /* The backup holds the session closed: it was made after the close committed. */
  {
    g_autofree char *copy = g_build_filename (fixture->folder, "copy.db", NULL);
    g_autoptr(SpDb) db = NULL;
    g_autofree char *contents = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (backup->path, &contents, &length, &error));
    g_assert_true (g_file_set_contents (copy, contents, length, &error));
    db = sp_db_open (copy, &error);
    g_assert_no_error (error);
    g_assert_true (sp_db_get_session (db, fixture->tournament->id, 1, &info, &error));
    g_assert_no_error (error);
    g_assert_true (info.closed);
  }
}

static void
test_prune (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *folder = sp_db_get_backup_folder (fixture->path);
  g_autofree char *mine = NULL;
  g_autofree char *oldest = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GError) error = NULL;

  close_session (fixture, 1);
  backups = list_backups (fixture->path);
  oldest = g_strdup (((SpDbBackup *) backups->pdata[0])->path);
  g_clear_pointer (&backups, g_ptr_array_unref);
  /* A file of the user's in the folder, even one named like a backup but not one. */
  mine = g_build_filename (folder, "my-copy.db", NULL);
  g_assert_true (g_file_set_contents (mine, "mine", -1, &error));
  g_assert_no_error (error);

  close_session (fixture, SP_DB_BACKUPS_KEPT - 1);
  backups = list_backups (fixture->path);
  g_assert_cmpuint (backups->len, ==, SP_DB_BACKUPS_KEPT);
  second = g_strdup (((SpDbBackup *) backups->pdata[SP_DB_BACKUPS_KEPT - 2])->path);
  g_assert_cmpstr (((SpDbBackup *) backups->pdata[SP_DB_BACKUPS_KEPT - 1])->path, ==, oldest);
  /* Newest first. */
  for (guint i = 1; i < backups->len; i++)
    g_assert_cmpint (((SpDbBackup *) backups->pdata[i - 1])->time, >,
                     ((SpDbBackup *) backups->pdata[i])->time);
  g_clear_pointer (&backups, g_ptr_array_unref);

  /* The 21st deletes the oldest, and only it. */
  close_session (fixture, 1);
  backups = list_backups (fixture->path);
  g_assert_cmpuint (backups->len, ==, SP_DB_BACKUPS_KEPT);
  g_assert_false (g_file_test (oldest, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (second, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (((SpDbBackup *) backups->pdata[SP_DB_BACKUPS_KEPT - 1])->path, ==, second);
  g_assert_true (g_file_test (mine, G_FILE_TEST_EXISTS));
}

static void
test_close_survives_failed_backup (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *folder = sp_db_get_backup_folder (fixture->path);
  g_autofree char *warning = NULL;
  g_autoptr(GError) error = NULL;
  SpSessionInfo info;

  /* A file where the folder should be: root ignores modes, so an unwritable folder would not
   * do. */
  g_assert_true (g_file_set_contents (folder, "not a folder", -1, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  warning = sp_db_take_warning (fixture->db);
  g_assert_nonnull (warning);
  g_assert_nonnull (strstr (warning, "session 1 was closed"));
  g_assert_nonnull (strstr (warning, folder));
  g_assert_null (sp_db_take_warning (fixture->db));
  g_assert_true (sp_db_get_session (fixture->db, fixture->tournament->id, 1, &info, &error));
  g_assert_no_error (error);
  g_assert_true (info.closed);
  /* And it is closed for another connection too: committed, not undone. */
  {
    g_autoptr(SpDb) other = sp_db_open (fixture->path, &error);

    g_assert_no_error (error);
    g_assert_true (sp_db_get_session (other, fixture->tournament->id, 1, &info, &error));
    g_assert_true (info.closed);
  }
}

/* An automatic backup made by hand (as the app does before a restore), and a restore of it. */
static void
test_before_restore (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *made = NULL;
  g_autofree char *described = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_db_auto_backup (fixture->db, "before-restore", &made, &error));
  g_assert_no_error (error);
  backups = list_backups (fixture->path);
  g_assert_cmpuint (backups->len, ==, 1);
  g_assert_cmpstr (((SpDbBackup *) backups->pdata[0])->path, ==, made);
  g_assert_cmpstr (((SpDbBackup *) backups->pdata[0])->reason, ==, "before-restore");
  described = sp_db_describe_backup_reason (NULL, "before-restore");
  g_assert_cmpstr (described, ==, "Before a restore");
  g_assert_true (sp_db_restore (fixture->db, made, &error));
  g_assert_no_error (error);
}

/* A database whose schema page is overwritten cannot be opened; the backup takes its place and
 * the unreadable file is kept among the backups, as it was. */
static void
test_replace_unreadable (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *backup = g_build_filename (fixture->folder, "saved.db", NULL);
  g_autofree char *junk = g_build_filename (fixture->folder, "junk.db", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *damaged = NULL;
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  char garbage[2000];
  gsize length;
  FILE *file;

  g_assert_true (sp_db_backup (fixture->db, backup, &error));
  g_assert_no_error (error);
  /* A database that opens is restored into, not replaced. */
  g_assert_false (sp_db_replace_unreadable (fixture->path, backup, NULL, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_clear_pointer (&fixture->db, sp_db_close);

  /* The schema's page, after the file's header, overwritten. */
  memset (garbage, 0x5a, sizeof garbage);
  file = fopen (fixture->path, "r+b");
  g_assert_nonnull (file);
  g_assert_cmpint (fseek (file, 100, SEEK_SET), ==, 0);
  g_assert_cmpuint (fwrite (garbage, 1, sizeof garbage, file), ==, sizeof garbage);
  fclose (file);
  g_assert_true (g_file_get_contents (fixture->path, &damaged, &length, &error));
  db = sp_db_open (fixture->path, &error);
  g_assert_null (db);
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* Not a backup: refused, the damaged file left where it was. */
  g_assert_true (g_file_set_contents (junk, "not a database", -1, &error));
  g_assert_false (sp_db_replace_unreadable (fixture->path, junk, NULL, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW);
  g_clear_error (&error);
  {
    g_autofree char *now = NULL;
    gsize now_length;

    g_assert_true (g_file_get_contents (fixture->path, &now, &now_length, &error));
    g_assert_true (now_length == length && memcmp (now, damaged, length) == 0);
  }

  g_assert_true (sp_db_replace_unreadable (fixture->path, backup, &saved, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (saved, &kept, NULL, &error));
  g_assert_true (memcmp (kept, damaged, length) == 0);
  g_assert_cmphex (file_mode (fixture->path), ==, 0600);
  backups = list_backups (fixture->path);
  g_assert_cmpuint (backups->len, ==, 1);
  g_assert_cmpstr (((SpDbBackup *) backups->pdata[0])->reason, ==, "before-restore");
  db = sp_db_open (fixture->path, &error);
  g_assert_no_error (error);
  tournament = sp_db_find_tournament (db, "Backup night", &error);
  g_assert_no_error (error);
  g_assert_nonnull (tournament);
}

int
main (int    argc,
      char **argv)
{
  /* The modes asserted are the ones Sparrow asks for, whatever the caller's umask. */
  umask (022);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/db/autobackup/migration", test_migration);
  g_test_add_func ("/sparrow/db/autobackup/migration-refused", test_migration_refused);
#define ADD(path, test) \
  g_test_add ("/sparrow/db/autobackup/" path, Fixture, NULL, fixture_set_up, test, \
              sp_test_store_tear_down)
  ADD ("session-close", test_session_close);
  ADD ("prune", test_prune);
  ADD ("close-survives-failed-backup", test_close_survives_failed_backup);
  ADD ("before-restore", test_before_restore);
  ADD ("replace-unreadable", test_replace_unreadable);
#undef ADD

  return g_test_run ();
}
