/* test-db-locks.c: the store's locks hold whatever else the process does with the file, and a
 * write never goes into a write-ahead log that another program deleted.
 *
 * The other programs are real processes: Python's sqlite3 module (plain POSIX locks) and
 * sparrow-cli ($SPARROW_TEST_CLI).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sp-db-private.h"
#include "sp-test-db.h"

/* What GIO does to sniff a file's content type: open, read the first 4 KiB, close. */
static void
sniff_file (const char *path)
{
  char buffer[4096];
  int fd = open (path, O_RDONLY | O_NOATIME | O_CLOEXEC);

  if (fd < 0)
    fd = open (path, O_RDONLY | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (read (fd, buffer, sizeof buffer), >=, 0);
  g_assert_cmpint (close (fd), ==, 0);
}

static void
sniff_database (const char *path)
{
  const char *suffixes[] = { "", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);

      if (g_file_test (file, G_FILE_TEST_EXISTS))
        sniff_file (file);
    }
}

static ino_t
inode_of (const char *path)
{
  struct stat buf;

  g_assert_cmpint (stat (path, &buf), ==, 0);
  return buf.st_ino;
}

/* Whether /proc/locks lists a lock of this process on @path's inode, and of which kind. */
static gboolean
holds_lock (const char *path,
            const char *kind)
{
  g_autofree char *locks = NULL;
  g_autofree char *needle = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  struct stat buf;

  g_assert_cmpint (stat (path, &buf), ==, 0);
  g_assert_true (g_file_get_contents ("/proc/locks", &locks, NULL, &error));
  g_assert_no_error (error);
  /* "1: OFDLCK ADVISORY READ -1 08:01:1234 128 128": major:minor:inode, in hex and decimal. */
  needle = g_strdup_printf (":%" G_GUINT64_FORMAT " ", (guint64) buf.st_ino);
  lines = g_strsplit (locks, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], kind) != NULL && strstr (lines[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

/* Runs Python's sqlite3 on @path: @sql's first row's first value, as text. */
static char *
python_query (const char *path,
              const char *sql)
{
  const char *argv[] = {
    "python3", "-c",
    "import sqlite3, sys\n"
    "c = sqlite3.connect(sys.argv[1])\n"
    "print(c.execute(sys.argv[2]).fetchone()[0])\n"
    "c.close()\n",
    path, sql, NULL
  };
  g_autoptr(GError) error = NULL;
  char *output = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &output, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_strstrip (output);
}

/* Runs sparrow-cli with @arguments (NULL-terminated) on @path; its standard output. */
static char *
run_cli (const char *path,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *errors = NULL;
  const char *cli = g_getenv ("SPARROW_TEST_CLI");
  char *output = NULL;
  const char *argument;
  int status = 0;
  va_list args;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, (char *) "--db");
  g_ptr_array_add (argv, (char *) path);
  va_start (args, path);
  while ((argument = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) argument);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &output, &errors, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("sparrow-cli failed: %s", errors);
  return output;
}


static guint
count_players (SpDb   *db,
               gint64  tournament)
{
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_assert_true (sp_db_count_players (db, tournament, &n, &error));
  g_assert_no_error (error);
  return n;
}

/* The file as SQLite checks it, from a new process. */
static void
assert_intact (const char *path)
{
  g_autofree char *check = python_query (path, "PRAGMA integrity_check");

  g_assert_cmpstr (check, ==, "ok");
}

static SpTournament *
create_tournament (SpDb *db)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = sp_test_mcr_tournament ("Club Night");
  SpTournament *stored;

  g_assert_true (sp_db_create_tournament (db, &tournament, &error));
  g_assert_no_error (error);
  g_clear_pointer (&tournament.created, g_free);
  stored = sp_db_find_tournament (db, "Club Night", &error);
  g_assert_no_error (error);
  return stored;
}

/* The steps: two connections of the app's process, a file chooser sniffing every file
 * of the folder, then another program opening and closing the database.  With POSIX locks the
 * process held none after the sniff, the other program took itself for the last connection and
 * deleted the -wal and -shm files under the app. */
static void
test_locks_survive_a_foreign_close (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autofree char *wal = NULL;
  g_autofree char *shm = NULL;
  g_autofree char *count = NULL;
  g_autofree char *listed = NULL;
  g_autoptr(SpDb) window = sp_test_db_new ("sparrow-locks-XXXXXX", &folder, &path);
  g_autoptr(SpDb) worker = NULL;
  g_autoptr(SpTournament) tournament = create_tournament (window);
  g_autoptr(GError) error = NULL;
  ino_t wal_inode;

  wal = g_strconcat (path, "-wal", NULL);
  shm = g_strconcat (path, "-shm", NULL);
  sp_test_add_player (window, tournament->id, "Anna");
  worker = sp_db_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_players (worker, tournament->id), ==, 1);
  g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));
  wal_inode = inode_of (wal);

  sniff_database (path);
  /* The locks are the open file's: a close elsewhere in the process left them. */
  g_assert_true (holds_lock (path, "OFDLCK"));
  g_assert_true (holds_lock (shm, "OFDLCK"));

  count = python_query (path, "SELECT count(*) FROM players");
  g_assert_cmpstr (count, ==, "1");
  /* The other program saw this process's connections and left the journal files alone. */
  g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (shm, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (inode_of (wal), ==, wal_inode);

  /* The window's change reaches sparrow-cli, and sparrow-cli's reaches the window. */
  sp_test_add_player (window, tournament->id, "Bo");
  sniff_database (path);
  listed = run_cli (path, "players", "list", NULL);
  g_assert_nonnull (strstr (listed, "Bo"));
  g_free (run_cli (path, "players", "add", "Chen", NULL));
  sniff_database (path);
  g_assert_cmpuint (count_players (window, tournament->id), ==, 3);
  g_assert_cmpuint (count_players (worker, tournament->id), ==, 3);
  sp_test_add_player (worker, tournament->id, "Dana");

  g_clear_pointer (&worker, sp_db_close);
  g_clear_pointer (&window, sp_db_close);
  assert_intact (path);
  g_clear_pointer (&count, g_free);
  count = python_query (path, "SELECT count(*) FROM players");
  g_assert_cmpstr (count, ==, "4");
  sp_test_remove_folder (folder);
}

/* SQLite keeps one lock state per file for all the connections of a process: the locks must
 * be the process's, not one connection's.  The last connection to close is the last of every
 * process, checkpoints and removes the write-ahead log, as with POSIX locks. */
static void
test_last_connection_of_the_process_cleans_up (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autofree char *wal = NULL;
  g_autoptr(SpDb) first = sp_test_db_new ("sparrow-locks-XXXXXX", &folder, &path);
  g_autoptr(SpDb) second = NULL;
  g_autoptr(SpTournament) tournament = create_tournament (first);
  g_autoptr(GError) error = NULL;
  gboolean started = FALSE;

  wal = g_strconcat (path, "-wal", NULL);
  second = sp_db_open (path, &error);
  g_assert_no_error (error);
  /* A read transaction on one connection does not keep the other from writing. */
  g_assert_true (sp_db_begin_read (first, &started, &error));
  g_assert_no_error (error);
  g_assert_true (started);
  g_assert_cmpuint (count_players (first, tournament->id), ==, 0);
  sp_test_add_player (second, tournament->id, "Anna");
  sp_db_end_read (first, started);
  g_assert_cmpuint (count_players (first, tournament->id), ==, 1);

  g_clear_pointer (&first, sp_db_close);
  g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_clear_pointer (&second, sp_db_close);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  assert_intact (path);
  sp_test_remove_folder (folder);
}

typedef struct
{
  const char *path;
  gint64      tournament;
  guint       index;
  guint       n_players;
} Writer;

static gpointer
write_players (gpointer data)
{
  Writer *writer = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (writer->path, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < writer->n_players; i++)
    {
      g_autofree char *name = g_strdup_printf ("Thread %u player %u", writer->index, i);

      sp_test_add_player (db, writer->tournament, name);
      g_assert_cmpuint (count_players (db, writer->tournament), >, i);
    }
  return NULL;
}

static gpointer
cli_players (gpointer data)
{
  Writer *writer = data;

  for (guint i = 0; i < writer->n_players; i++)
    {
      g_autofree char *name = g_strdup_printf ("CLI player %u", i);

      g_free (run_cli (writer->path, "players", "add", name, NULL));
    }
  return NULL;
}

/* Worker threads with a connection each, the main thread sniffing the files all along, and
 * sparrow-cli writing beside them: nothing lost, nothing doubled, the file intact. */
static void
test_threads_and_a_cli_beside_them (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(SpDb) window = sp_test_db_new ("sparrow-locks-XXXXXX", &folder, &path);
  g_autoptr(SpTournament) tournament = create_tournament (window);
  Writer writers[5];
  GThread *threads[5];
  gboolean done = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (writers); i++)
    {
      writers[i] = (Writer) { path, tournament->id, i, i < 4 ? 20 : 6 };
      threads[i] = g_thread_new ("writer", i < 4 ? write_players : cli_players, &writers[i]);
    }
  while (!done)
    {
      sniff_database (path);
      done = count_players (window, tournament->id) == 4 * 20 + 6;
      g_usleep (2000);
    }
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  g_assert_cmpuint (count_players (window, tournament->id), ==, 4 * 20 + 6);
  g_clear_pointer (&window, sp_db_close);
  assert_intact (path);
  sp_test_remove_folder (folder);
}

/* Whatever removes the journal files under a connection (a program without locks, a hand at
 * the terminal): the next write is refused, the connection is opened again on the files at
 * the path, and the write after it goes into the database everyone reads. */
static void
test_write_refused_when_the_wal_was_deleted (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autofree char *wal = NULL;
  g_autofree char *shm = NULL;
  g_autofree char *count = NULL;
  g_autofree char *name = g_strdup ("Bo");
  g_autoptr(SpDb) db = sp_test_db_new ("sparrow-locks-XXXXXX", &folder, &path);
  g_autoptr(SpTournament) tournament = create_tournament (db);
  g_autoptr(GError) error = NULL;
  SpPlayer player = { .tournament = tournament->id, .name = name };
  sqlite3 *other = NULL;

  wal = g_strconcat (path, "-wal", NULL);
  shm = g_strconcat (path, "-shm", NULL);
  sp_db_set_referee (db, "Mei Lin");
  sp_test_add_player (db, tournament->id, "Anna");
  /* Everything written so far is in the database file, then its journal files go. */
  g_assert_cmpint (sqlite3_open_v2 (path, &other, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (other, "PRAGMA wal_checkpoint(TRUNCATE)", NULL, NULL, NULL),
                   ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (other), ==, SQLITE_OK);
  g_assert_cmpint (unlink (wal), ==, 0);
  g_assert_cmpint (unlink (shm), ==, 0);

  g_assert_false (sp_db_add_player (db, &player, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "deleted or replaced by another program"));
  g_assert_nonnull (strstr (error->message, "nothing was written"));
  g_clear_error (&error);
  count = python_query (path, "SELECT count(*) FROM players");
  g_assert_cmpstr (count, ==, "1");

  /* Opened again: the write goes through, by the same referee, and others see it. */
  sp_test_add_player (db, tournament->id, "Bo");
  g_clear_pointer (&count, g_free);
  count = python_query (path, "SELECT count(*) FROM players");
  g_assert_cmpstr (count, ==, "2");
  g_clear_pointer (&count, g_free);
  count = python_query (path, "SELECT who FROM audit ORDER BY id DESC LIMIT 1");
  g_assert_cmpstr (count, ==, "Mei Lin");
  g_assert_true (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_clear_pointer (&db, sp_db_close);
  assert_intact (path);
  sp_test_remove_folder (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/db/locks/survive-a-foreign-close", test_locks_survive_a_foreign_close);
  g_test_add_func ("/sparrow/db/locks/last-connection-cleans-up",
                   test_last_connection_of_the_process_cleans_up);
  g_test_add_func ("/sparrow/db/locks/threads-and-cli", test_threads_and_a_cli_beside_them);
  g_test_add_func ("/sparrow/db/locks/wal-deleted", test_write_refused_when_the_wal_was_deleted);
  return g_test_run ();
}
