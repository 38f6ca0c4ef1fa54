/* test-db-hostile.c: database files that are not what they should be (empty, a folder, a
 * damaged page) are refused with the file's name and left as they were; a player's fields are
 * checked before anything is written; an imported file with a NUL byte is refused; options
 * the store cannot read are refused when the tournament is read.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "sp-db.h"
#include "sp-test-folder.h"

static char *
make_folder (void)
{
  g_autoptr(GError) error = NULL;
  char *folder = g_dir_make_tmp ("sparrow-db-hostile-XXXXXX", &error);

  g_assert_no_error (error);
  return folder;
}

static guint
count_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static gint64
create_tournament (SpDb       *db,
                   const char *name)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = {
    .name = (char *) name,
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .options = (char *) "",
    .n_sessions = 2,
    .seating = (char *) "random",
    .ranking = (char *) "r98",
  };

  g_assert_true (sp_db_create_tournament (db, &tournament, &error));
  g_assert_no_error (error);
  g_free (tournament.created);
  return tournament.id;
}

/* An empty file that was there is not a new database: SQLite would write a schema into it. */
static void
test_empty_file (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "empty.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length = 1;
  SpDb *db;

  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  db = sp_db_open (path, &error);
  g_assert_null (db);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "empty"));
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpuint (length, ==, 0);
  g_assert_cmpuint (count_files (folder), ==, 1);
  sp_test_remove_folder (folder);
}

static void
test_folder (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "event.db", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_null (sp_db_open (path, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "folder"));
  g_assert_cmpuint (count_files (path), ==, 0);
  sp_test_remove_folder (folder);
}

/* Damage SQLite meets in the middle of an operation: the error names the file and says it is
 * damaged, and nothing is written. */
static void
test_damaged_page (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "event.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *after = NULL;
  gsize length, after_length;
  sqlite3 *raw;
  sqlite3_stmt *statement;
  gint64 root, page_size;
  SpDb *db;

  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  create_tournament (db, "Spring");
  sp_db_close (db);

  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (raw, "SELECT rootpage, (SELECT page_size FROM "
                                       "pragma_page_size) FROM sqlite_schema WHERE name = "
                                       "'tournaments'", -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  root = sqlite3_column_int64 (statement, 0);
  page_size = sqlite3_column_int64 (statement, 1);
  sqlite3_finalize (statement);
  sqlite3_close (raw);

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpint ((root - 1) * page_size + 16, <=, (gint64) length);
  memset (data + (root - 1) * page_size, 0xff, 16);
  g_assert_true (g_file_set_contents (path, data, (gssize) length, NULL));

  db = sp_db_open (path, &error);
  if (db != NULL)
    {
      g_autoptr(GPtrArray) list = sp_db_list_tournaments (db, &error);

      g_assert_null (list);
      sp_db_close (db);
    }
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "damaged"));
  g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
  g_assert_cmpmem (after, after_length, data, length);
  sp_test_remove_folder (folder);
}

/* Options text written into the file by another program and not one Sparrow reads: finding
 * the tournament (every command and page starts there) refuses it with the option and value
 * named, as its rules would; the list still names it; the text is left as it was. */
static void
test_bad_stored_options (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "event.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) found = NULL;
  g_autoptr(GPtrArray) list = NULL;
  sqlite3 *raw;
  sqlite3_stmt *statement;
  gint64 id;
  SpDb *db;

  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  id = create_tournament (db, "Spring");
  create_tournament (db, "Autumn");
  create_tournament (db, "Summer");
  sp_db_close (db);
  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, "UPDATE tournaments SET options = "
                                 "'swiss=snake\npenalties=sometimes' WHERE name = 'Spring'",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, "UPDATE tournaments SET options = 'max_tai=many'"
                                 " WHERE name = 'Summer'", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);

  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  found = sp_db_find_tournament (db, "Spring", &error);
  g_assert_null (found);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "penalties"));
  g_assert_nonnull (strstr (error->message, "sometimes"));
  g_clear_error (&error);
  /* An option its ruleset (MCR) does not have, as its rules would refuse it. */
  found = sp_db_find_tournament (db, "Summer", &error);
  g_assert_null (found);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "max_tai"));
  g_clear_error (&error);
  /* The other tournament reads as before, its rules with it. */
  found = sp_db_find_tournament (db, "Autumn", &error);
  g_assert_no_error (error);
  g_assert_nonnull (found);
  g_assert_nonnull (found->rules);
  g_assert_cmpstr (sp_rules_get_profile (found->rules), ==, "cn");
  list = sp_db_list_tournaments (db, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpint (((SpTournament *) list->pdata[0])->id, ==, id);
  g_assert_cmpstr (((SpTournament *) list->pdata[0])->options, ==,
                   "swiss=snake\npenalties=sometimes");
  g_assert_false (((SpTournament *) list->pdata[0])->settings.swiss_snake);
  g_assert_null (((SpTournament *) list->pdata[0])->rules);
  g_assert_nonnull (((SpTournament *) list->pdata[1])->rules);
  sp_db_close (db);

  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (raw, "SELECT options FROM tournaments WHERE name = "
                                       "'Spring'", -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (statement, 0), ==,
                   "swiss=snake\npenalties=sometimes");
  sqlite3_finalize (statement);
  sqlite3_close (raw);
  sp_test_remove_folder (folder);
}

/* A player's club, country, team and federation id are checked as names are, before the
 * write: nothing of a refused player is stored. */
static void
test_player_fields (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "event.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autofree char *long_team = g_strnfill (201, 't');
  gint64 tournament;
  SpPlayer kept = { .name = (char *) "=cmd|' /C calc'!A0", .club = (char *) "Club \"A\",\nB",
                    .country = (char *) "\t=1+1", .team = (char *) "'); DROP TABLE players;--",
                    .federation_id = (char *) "-42" };
  const SpPlayer refused[] = {
    { .name = (char *) "A", .club = (char *) "\xff\xfe" },
    { .name = (char *) "B", .country = (char *) "\x1b[31m" },
    { .name = (char *) "C", .team = long_team },
    { .name = (char *) "D", .federation_id = (char *) "id\x7f" },
  };

  g_assert_no_error (error);
  tournament = create_tournament (db, "Spring");
  kept.tournament = tournament;
  g_assert_true (sp_db_add_player (db, &kept, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      SpPlayer player = refused[i];

      player.tournament = tournament;
      g_assert_false (sp_db_add_player (db, &player, &error));
      g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
      g_assert_true (g_str_has_prefix (error->message, "The player's "));
      g_clear_error (&error);
    }
  {
    g_autoptr(GPtrArray) players = sp_db_list_players (db, tournament, &error);
    const SpPlayer *stored;

    g_assert_no_error (error);
    g_assert_cmpuint (players->len, ==, 1);
    stored = players->pdata[0];
    g_assert_cmpstr (stored->name, ==, kept.name);
    g_assert_cmpstr (stored->club, ==, kept.club);
    g_assert_cmpstr (stored->country, ==, kept.country);
    g_assert_cmpstr (stored->team, ==, kept.team);
    g_assert_cmpstr (stored->federation_id, ==, kept.federation_id);
  }
  g_clear_pointer (&db, sp_db_close);
  sp_test_remove_folder (folder);
}

/* A NUL byte in an imported file would end the C string there: "Ann<NUL>Bee" was "Ann". */
static void
test_nul_byte (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *csv = g_build_filename (folder, "players.csv", NULL);
  static const char text[] = "name,club\nAnn,A\nBo\0b,B\n";
  g_autoptr(GError) error = NULL;
  SpDbCsv reader = { 0 };

  g_assert_true (g_file_set_contents (csv, text, sizeof text - 1, NULL));
  g_assert_false (sp_db_csv_read (csv, &reader, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "line 3"));
  g_assert_nonnull (strstr (error->message, "NUL"));
  g_clear_error (&error);
  g_assert_true (sp_db_check_text_file (csv, "a\nb", 3, &error));
  g_assert_no_error (error);
  sp_test_remove_folder (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/db/hostile/empty-file", test_empty_file);
  g_test_add_func ("/sparrow/db/hostile/folder", test_folder);
  g_test_add_func ("/sparrow/db/hostile/damaged-page", test_damaged_page);
  g_test_add_func ("/sparrow/db/hostile/bad-stored-options", test_bad_stored_options);
  g_test_add_func ("/sparrow/db/hostile/player-fields", test_player_fields);
  g_test_add_func ("/sparrow/db/hostile/nul-byte", test_nul_byte);
  return g_test_run ();
}
