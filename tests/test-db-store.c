/* test-db-store.c: the tournament store: migrations, round-trips, refusals, audit, rollback
 * and two writers on one file.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sp-test-db.h"

typedef SpTestStore Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  sp_test_store_open (fixture, "sparrow-db-XXXXXX", "Referee Wu");
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
    .options = (char *) "rank_substitutes=on",
    .n_sessions = 5,
    .seating = (char *) "balanced",
    .ranking = (char *) "r98",
  };

  g_assert_true (sp_db_create_tournament (db, &tournament, &error));
  g_assert_no_error (error);
  g_assert_cmpint (tournament.id, >, 0);
  g_free (tournament.created);
  return tournament.id;
}

static gint64
add_player (SpDb       *db,
            gint64      tournament,
            const char *name)
{
  g_autoptr(GError) error = NULL;
  SpPlayer player = { .tournament = tournament, .name = g_strdup (name) };

  g_assert_true (sp_db_add_player (db, &player, &error));
  g_assert_no_error (error);
  g_free (player.name);
  return player.id;
}

/* A table of four players seated for session 1; returns the player ids. */
static void
seat_one_table (SpDb   *db,
                gint64  tournament,
                gint64  players[4])
{
  g_autoptr(GError) error = NULL;
  const char *names[] = { "张伟", "Anna Berg", "Jean Dupont", "李娜" };

  for (guint i = 0; i < 4; i++)
    players[i] = add_player (db, tournament, names[i]);
  g_assert_true (sp_db_store_seating (db, tournament, 1, 42, players, 4, &error));
  g_assert_no_error (error);
}

/* @n players named "Player 1" to "Player n"; their ids into @players. */
static void
add_numbered_players (SpDb   *db,
                      gint64  tournament,
                      gint64 *players,
                      guint   n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      players[i] = add_player (db, tournament, name);
    }
}

/* East wins hand 1 of session 1 table 1 on South's discard. */
static SpHandRecord
east_wins_from_south (void)
{
  return (SpHandRecord) { .session = 1, .table = 1, .number = 1, .winner = 0, .discarder = 1,
                          .total = 8, .settlement = { 32, -16, -8, -8 } };
}

/* The one value a PRAGMA returns, read straight from the file with SQLite. */
static char *
read_pragma (sqlite3    *raw,
             const char *sql)
{
  sqlite3_stmt *statement;
  char *value;

  g_assert_cmpint (sqlite3_prepare_v2 (raw, sql, -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  value = g_strdup ((const char *) sqlite3_column_text (statement, 0));
  sqlite3_finalize (statement);
  return value;
}

static void
test_migrations (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *application_id = NULL;
  g_autofree char *journal_mode = NULL;
  sqlite3 *raw;

  g_assert_cmpint (sp_db_get_schema_version (fixture->db), ==, SP_DB_SCHEMA_VERSION);
  list = sp_db_list_tournaments (fixture->db, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);

  /* The file carries the application id and WAL, and reopening it migrates nothing. */
  g_assert_cmpint (sqlite3_open (fixture->path, &raw), ==, SQLITE_OK);
  application_id = read_pragma (raw, "PRAGMA application_id");
  g_assert_cmpint (g_ascii_strtoll (application_id, NULL, 10), ==, SP_DB_APPLICATION_ID);
  journal_mode = read_pragma (raw, "PRAGMA journal_mode");
  g_assert_cmpstr (journal_mode, ==, "wal");
  sqlite3_close (raw);

  create_tournament (fixture->db, "Open 2026");
  g_clear_pointer (&fixture->db, sp_db_close);
  fixture->db = sp_db_open (fixture->path, &error);
  g_assert_no_error (error);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = sp_db_list_tournaments (fixture->db, &error);
  g_assert_cmpuint (list->len, ==, 1);
}

static void
test_not_sparrow (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("sparrow-db-XXXXXX", NULL);
  g_autofree char *text = g_build_filename (folder, "notes.txt", NULL);
  g_autofree char *other = g_build_filename (folder, "other.db", NULL);
  g_autofree char *newer = g_build_filename (folder, "newer.db", NULL);
  SpDb *db;
  sqlite3 *raw;

  /* A text file. */
  g_assert_true (g_file_set_contents (text, "name,club\nAnna,Dragons\n"
                                      "this is not a database at all, only some text\n", -1, NULL));
  db = sp_db_open (text, &error);
  g_assert_null (db);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW);
  g_assert_nonnull (strstr (error->message, "notes.txt"));
  g_clear_error (&error);

  /* Another program's SQLite database. */
  g_assert_cmpint (sqlite3_open (other, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, "CREATE TABLE songs (title TEXT)", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  sqlite3_close (raw);
  db = sp_db_open (other, &error);
  g_assert_null (db);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW);
  g_clear_error (&error);

  /* A Sparrow database from a newer program. */
  db = sp_db_open (newer, &error);
  g_assert_no_error (error);
  sp_db_close (db);
  g_assert_cmpint (sqlite3_open (newer, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);
  db = sp_db_open (newer, &error);
  g_assert_null (db);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_TOO_NEW);
  g_assert_nonnull (strstr (error->message, "newer"));
  g_clear_error (&error);

  sp_test_remove_folder (folder);
}

static void
test_tournaments (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) found = NULL;
  g_autoptr(SpTournament) newest = NULL;
  g_autofree char *id_text = NULL;
  gint64 first = create_tournament (fixture->db, "Spring Cup");
  gint64 second = create_tournament (fixture->db, "春季赛");
  SpTournament again = { .name = (char *) "Spring Cup", .profile = (char *) "cn",
                         .n_sessions = 1, .seating = (char *) "random",
                         .ranking = (char *) "ema" };

  g_assert_cmpint (second, >, first);
  found = sp_db_find_tournament (fixture->db, "Spring Cup", &error);
  g_assert_no_error (error);
  g_assert_cmpint (found->id, ==, first);
  g_assert_cmpstr (found->profile, ==, "cn");
  g_assert_cmpstr (found->options, ==, "rank_substitutes=on");
  g_assert_cmpuint (found->n_sessions, ==, 5);
  g_assert_cmpstr (found->seating, ==, "balanced");
  g_assert_cmpstr (found->ranking, ==, "r98");
  g_assert_nonnull (found->created);
  newest = sp_db_find_tournament (fixture->db, NULL, &error);
  g_assert_cmpstr (newest->name, ==, "春季赛");
  g_clear_pointer (&found, sp_tournament_free);
  id_text = g_strdup_printf ("%" G_GINT64_FORMAT, first);
  found = sp_db_find_tournament (fixture->db, id_text, &error);
  g_assert_cmpstr (found->name, ==, "Spring Cup");

  g_assert_false (sp_db_create_tournament (fixture->db, &again, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (sp_db_find_tournament (fixture->db, "Autumn", &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
}

static void
test_players (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(SpPlayer) player = NULL;
  gint64 tournament = create_tournament (fixture->db, "Club night");
  SpPlayer full = { .tournament = tournament, .name = g_strdup ("王芳"), .club = g_strdup ("龙"),
                    .country = g_strdup ("CN"), .team = g_strdup ("Beijing"),
                    .federation_id = g_strdup ("CN-0042") };
  SpPlayer twice = { .tournament = tournament, .name = g_strdup ("王芳") };
  gint64 other;

  g_assert_true (sp_db_add_player (fixture->db, &full, &error));
  g_assert_no_error (error);
  other = add_player (fixture->db, tournament, "Sam Lee");
  g_assert_false (sp_db_add_player (fixture->db, &twice, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);

  players = sp_db_list_players (fixture->db, tournament, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (players->len, ==, 2);
  player = sp_db_get_player (fixture->db, tournament, full.id, &error);
  g_assert_cmpstr (player->name, ==, "王芳");
  g_assert_cmpstr (player->club, ==, "龙");
  g_assert_cmpstr (player->country, ==, "CN");
  g_assert_cmpstr (player->team, ==, "Beijing");
  g_assert_cmpstr (player->federation_id, ==, "CN-0042");
  g_assert_cmpint (player->status, ==, SP_PLAYER_ACTIVE);
  g_clear_pointer (&player, sp_player_free);
  player = sp_db_get_player (fixture->db, tournament, other, &error);
  g_assert_null (player->club);

  g_assert_true (sp_db_set_player_status (fixture->db, other, SP_PLAYER_WITHDRAWN, &error));
  g_clear_pointer (&player, sp_player_free);
  player = sp_db_find_player_by_name (fixture->db, tournament, "Sam Lee", &error);
  g_assert_cmpint (player->status, ==, SP_PLAYER_WITHDRAWN);
  g_assert_null (sp_db_get_player (fixture->db, tournament, 999, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);

  g_free (full.name);
  g_free (full.club);
  g_free (full.country);
  g_free (full.team);
  g_free (full.federation_id);
  g_free (twice.name);
}

/* The app's list of tournaments shows how many players take part in each. */
static void
test_count_players (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 cup = create_tournament (fixture->db, "Spring Cup");
  gint64 league = create_tournament (fixture->db, "League");
  gint64 players[4];
  gint64 substitute;
  guint n_players = 99;

  g_assert_true (sp_db_count_players (fixture->db, cup, &n_players, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_players, ==, 0);

  seat_one_table (fixture->db, cup, players);
  add_player (fixture->db, league, "Sam Lee");
  g_assert_true (sp_db_count_players (fixture->db, cup, &n_players, &error));
  g_assert_cmpuint (n_players, ==, 4);
  g_assert_true (sp_db_count_players (fixture->db, league, &n_players, &error));
  g_assert_cmpuint (n_players, ==, 1);

  /* A withdrawn player no longer takes part; the substitute who replaces them does. */
  g_assert_true (sp_db_set_player_status (fixture->db, players[2], SP_PLAYER_WITHDRAWN, &error));
  g_assert_true (sp_db_count_players (fixture->db, cup, &n_players, &error));
  g_assert_cmpuint (n_players, ==, 3);
  substitute = add_player (fixture->db, cup, "Ola Nordmann");
  g_assert_true (sp_db_set_player_status (fixture->db, substitute, SP_PLAYER_SUBSTITUTE, &error));
  g_assert_true (sp_db_count_players (fixture->db, cup, &n_players, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_players, ==, 4);

  /* A tournament that is not there has no players. */
  g_assert_true (sp_db_count_players (fixture->db, league + 100, &n_players, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_players, ==, 0);
}

static void
test_hands_and_penalties (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  g_autoptr(GPtrArray) penalties = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autoptr(GArray) results = NULL;
  g_autoptr(SpHandRecord) stored = NULL;
  gint64 tournament = create_tournament (fixture->db, "Hands");
  gint64 players[4];
  const SpScoreItem pung[] = { { "碰碰和", 6, 1 } };
  g_autoptr(SpHandItems) items = sp_hand_items_new (pung, G_N_ELEMENTS (pung));
  SpHandRecord win = { .session = 1, .table = 1, .number = 1, .winner = 2, .discarder = 0,
                       .notation = (char *) "[EEE][WWW]SSSNNCCN", .situation = (char *) "",
                       .items = items,
                       .total = 10, .settlement = { -18, -8, 34, -8 } };
  SpHandRecord draw = { .session = 1, .table = 1, .number = 2, .winner = SP_CHAIR_NONE,
                        .discarder = SP_CHAIR_NONE, .draw = TRUE };
  SpHandRecord self = { .session = 1, .table = 1, .number = 3, .winner = 1,
                        .discarder = SP_CHAIR_NONE, .total = 8,
                        .settlement = { -16, 48, -16, -16 } };
  SpPenalty penalty = { .session = 1, .hand = 0, .points = -10, .reason = (char *) "late" };
  SpTableResult *result;

  seat_one_table (fixture->db, tournament, players);
  seats = sp_db_list_seats (fixture->db, tournament, 1, &error);
  g_assert_cmpuint (seats->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (g_array_index (seats, gint64, i), ==, players[i]);
  {
    gint64 at_table[4];

    g_assert_true (sp_db_get_table_seats (fixture->db, tournament, 1, 1, at_table, &error));
    g_assert_no_error (error);
    for (guint i = 0; i < 4; i++)
      g_assert_cmpint (at_table[i], ==, players[i]);
    g_assert_false (sp_db_get_table_seats (fixture->db, tournament, 1, 2, at_table, &error));
    g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }

  g_assert_true (sp_db_record_hand (fixture->db, tournament, &win, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_record_hand (fixture->db, tournament, &draw, &error));
  g_assert_true (sp_db_record_hand (fixture->db, tournament, &self, &error));
  g_assert_no_error (error);
  penalty.player = players[3];
  g_assert_true (sp_db_add_penalty (fixture->db, tournament, &penalty, &error));
  g_assert_no_error (error);

  stored = sp_db_get_hand (fixture->db, tournament, win.id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stored->session, ==, 1);
  g_assert_cmpuint (stored->number, ==, 1);
  g_assert_cmpint (stored->winner, ==, 2);
  g_assert_cmpint (stored->discarder, ==, 0);
  g_assert_false (stored->draw);
  g_assert_cmpstr (stored->notation, ==, win.notation);
  g_assert_true (sp_hand_items_equal (stored->items, win.items));
  g_assert_cmpint (stored->total, ==, 10);
  g_assert_cmpint (stored->settlement[2], ==, 34);
  g_assert_cmpstr (stored->entered_by, ==, "Referee Wu");

  hands = sp_db_list_hands (fixture->db, tournament, 1, 1, &error);
  g_assert_cmpuint (hands->len, ==, 3);
  g_assert_true (((SpHandRecord *) hands->pdata[1])->draw);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[1])->winner, ==, SP_CHAIR_NONE);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[2])->discarder, ==, SP_CHAIR_NONE);

  penalties = sp_db_list_penalties (fixture->db, tournament, 0, &error);
  g_assert_cmpuint (penalties->len, ==, 1);
  g_assert_cmpint (((SpPenalty *) penalties->pdata[0])->points, ==, -10);
  g_assert_cmpstr (((SpPenalty *) penalties->pdata[0])->reason, ==, "late");

  results = sp_db_list_table_results (fixture->db, tournament, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 1);
  result = &g_array_index (results, SpTableResult, 0);
  g_assert_cmpuint (result->n_hands, ==, 3);
  g_assert_cmpint (result->hand_scores[0], ==, -34);
  g_assert_cmpint (result->hand_scores[1], ==, 40);
  g_assert_cmpint (result->hand_scores[2], ==, 18);
  g_assert_cmpint (result->hand_scores[3], ==, -24);
  g_assert_cmpint (result->penalties[3], ==, -10);
  g_assert_cmpint (result->players[3], ==, players[3]);

  /* Deleting the draw moves the self-draw up to hand 2. */
  g_assert_true (sp_db_delete_hand (fixture->db, tournament, draw.id, &error));
  g_assert_no_error (error);
  g_clear_pointer (&stored, sp_hand_record_free);
  stored = sp_db_get_hand (fixture->db, tournament, self.id, &error);
  g_assert_cmpuint (stored->number, ==, 2);
  stored->total = 9;
  stored->settlement[0] = -17;
  stored->settlement[1] = 51;
  stored->settlement[2] = -17;
  stored->settlement[3] = -17;
  g_assert_true (sp_db_update_hand (fixture->db, tournament, stored, &error));
  g_assert_no_error (error);
  g_clear_pointer (&stored, sp_hand_record_free);
  stored = sp_db_get_hand (fixture->db, tournament, self.id, &error);
  g_assert_cmpint (stored->settlement[1], ==, 51);
  /* sp_db_record_hand stamped the records with their time. */
  g_assert_nonnull (win.entered_at);
  g_free (win.entered_at);
  g_free (draw.entered_at);
  g_free (self.entered_at);
}

/* The text of column @column of hand @id, read straight from the file with SQLite; NULL for a
 * NULL. */
static char *
read_hand_column (const char *path,
                  const char *column,
                  gint64      id)
{
  g_autofree char *sql = g_strdup_printf ("SELECT %s FROM hands WHERE id = %" G_GINT64_FORMAT,
                                          column, id);
  sqlite3 *raw;
  sqlite3_stmt *statement;
  char *value;

  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (raw, sql, -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  value = g_strdup ((const char *) sqlite3_column_text (statement, 0));
  sqlite3_finalize (statement);
  sqlite3_close (raw);
  return value;
}

/* Sets column items of hand @id to @text behind the store's back, as another program could. */
static void
write_items_column (const char *path,
                    gint64      id,
                    const char *text)
{
  sqlite3 *raw;
  sqlite3_stmt *statement;

  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (raw, "UPDATE hands SET items = ? WHERE id = ?", -1,
                                       &statement, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (statement, 1, text, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (statement, 2, id);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_DONE);
  sqlite3_finalize (statement);
  sqlite3_close (raw);
}

/* A hand's items are a typed array in memory and, in the file, the JSON text every database has
 * held since the first version: the same bytes for the same items, and read back as written. */
static void
test_hand_items_column (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 tournament = create_tournament (fixture->db, "Items");
  gint64 players[4];
  const SpScoreItem scored[] = { { "碰碰和", 6, 1 }, { "花牌", 1, 2 } };
  const SpScoreItem pinfu[] = { { "pinfu", 1, 1 } };
  g_autoptr(SpHandItems) items = sp_hand_items_new (scored, G_N_ELEMENTS (scored));
  g_autoptr(SpHandItems) none = sp_hand_items_new (NULL, 0);
  g_autoptr(SpHandItems) also_items = sp_hand_items_new (pinfu, G_N_ELEMENTS (pinfu));
  SpHandRecord win = { .session = 1, .table = 1, .number = 1, .winner = 2, .discarder = 0,
                       .notation = (char *) "[EEE][WWW]SSSNNCCN", .items = items, .total = 8,
                       .settlement = { -16, -8, 32, -8 } };
  SpHandRecord empty = { .session = 1, .table = 1, .number = 2, .winner = 1, .discarder = 0,
                         .notation = (char *) "123m", .items = none, .total = 8,
                         .settlement = { -16, 32, -8, -8 } };
  SpHandRecord by_total = { .session = 1, .table = 1, .number = 3, .winner = 1,
                            .discarder = 0, .total = 8, .settlement = { -16, 32, -8, -8 } };
  SpHandRecord two = { .session = 1, .table = 1, .number = 4, .winner = 1, .discarder = 0,
                       .notation = (char *) "123m", .items = items, .total = 8,
                       .settlement = { -16, 32, -8, -8 }, .n_also = 1 };
  SpHandRecord *records[] = { &win, &empty, &by_total, &two };
  const struct
  {
    const char *text;
    guint       n_items;
    const char *name;
    gint32      value;
    guint32     count;
  } odd[] = {
    { "not JSON", 0 },
    { "{\"name\":\"碰碰和\"}", 0 },
    { "[7, [], {\"value\":3}, {\"name\":\"碰碰和\",\"value\":\"6\",\"count\":{}}]", 1, "碰碰和",
      0, 1 },
    { "[{\"count\":3,\"value\":2,\"name\":\"花牌\",\"note\":\"x\"}]", 1, "花牌", 2, 3 },
  };

  two.also[0] = (SpHandWin) { .winner = 3, .notation = (char *) "456p", .items = also_items,
                              .total = 1000 };
  seat_one_table (fixture->db, tournament, players);
  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_assert_true (sp_db_record_hand (fixture->db, tournament, records[i], &error));
      g_assert_no_error (error);
      g_free (records[i]->entered_at);
    }

  /* The bytes of the column: the verdict's array without spaces, "[]" for a win scored with no
   * items, NULL for a hand entered by its total; a further winner's in hands.also_won. */
  {
    g_autofree char *text = read_hand_column (fixture->path, "items", win.id);
    g_autofree char *empty_text = read_hand_column (fixture->path, "items", empty.id);
    g_autofree char *total_text = read_hand_column (fixture->path, "items", by_total.id);
    g_autofree char *also_text = read_hand_column (fixture->path, "also_won", two.id);

    g_assert_cmpstr (text, ==, "[{\"name\":\"碰碰和\",\"value\":6,\"count\":1},"
                               "{\"name\":\"花牌\",\"value\":1,\"count\":2}]");
    g_assert_cmpstr (empty_text, ==, "[]");
    g_assert_null (total_text);
    g_assert_cmpstr (also_text, ==, "[{\"winner\":3,\"notation\":\"456p\",\"items\":"
                                    "\"[{\\\"name\\\":\\\"pinfu\\\",\\\"value\\\":1,"
                                    "\\\"count\\\":1}]\",\"total\":1000}]");
  }

  /* And read back as they were written. */
  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_autoptr(SpHandRecord) stored = sp_db_get_hand (fixture->db, tournament, records[i]->id,
                                                       &error);

      g_assert_no_error (error);
      g_assert_true (sp_hand_items_equal (stored->items, records[i]->items));
      g_assert_cmpuint (stored->n_also, ==, records[i]->n_also);
      if (stored->n_also > 0)
        g_assert_true (sp_hand_items_equal (stored->also[0].items, also_items));
    }
  {
    g_autoptr(SpHandRecord) stored = sp_db_get_hand (fixture->db, tournament, win.id, &error);

    g_assert_cmpuint (stored->items->n_items, ==, 2);
    g_assert_cmpstr (stored->items->items[1].name, ==, "花牌");
    g_assert_cmpint (stored->items->items[1].value, ==, 1);
    g_assert_cmpuint (stored->items->items[1].count, ==, 2);
  }

  /* A column another program wrote in another shape is read for what it holds: the objects
   * with a name, their value and count when they are numbers; never a crash. */
  for (guint i = 0; i < G_N_ELEMENTS (odd); i++)
    {
      g_autoptr(SpHandRecord) stored = NULL;

      write_items_column (fixture->path, win.id, odd[i].text);
      stored = sp_db_get_hand (fixture->db, tournament, win.id, &error);
      g_assert_no_error (error);
      g_assert_nonnull (stored->items);
      g_assert_cmpuint (stored->items->n_items, ==, odd[i].n_items);
      if (odd[i].n_items > 0)
        {
          g_assert_cmpstr (stored->items->items[0].name, ==, odd[i].name);
          g_assert_cmpint (stored->items->items[0].value, ==, odd[i].value);
          g_assert_cmpuint (stored->items->items[0].count, ==, odd[i].count);
        }
    }
}

static void
test_sessions_and_plan (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) planned = NULL;
  g_autoptr(GArray) seats = NULL;
  gint64 tournament = create_tournament (fixture->db, "Planned");
  gint64 players[8];
  gint64 substitute;
  /* Two sessions of a plan for 8 players, plan numbers 1..8. */
  const guint16 plan[16] = { 1, 2, 3, 4, 5, 6, 7, 8,
                             1, 5, 2, 6, 3, 7, 4, 8 };
  SpSessionInfo info;
  guint64 seed = 0;

  add_numbered_players (fixture->db, tournament, players, 8);
  g_assert_false (sp_db_get_plan_seed (fixture->db, tournament, &seed));
  g_assert_true (sp_db_store_plan (fixture->db, tournament, 99, players, 8, plan, 2, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_get_plan_seed (fixture->db, tournament, &seed));
  g_assert_cmpuint (seed, ==, 99);
  planned = sp_db_get_plan_session (fixture->db, tournament, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (planned->len, ==, 8);
  g_assert_cmpint (g_array_index (planned, gint64, 1), ==, players[4]);
  g_assert_null (sp_db_get_plan_session (fixture->db, tournament, 3, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Session 1 drawn from the plan and played; then player 5 is replaced. */
  g_assert_true (sp_db_store_seating (fixture->db, tournament, 1, 99,
                                      (const gint64 *) planned->data, 8, &error));
  g_assert_true (sp_db_get_session (fixture->db, tournament, 1, &info, &error));
  g_assert_true (info.exists);
  g_assert_false (info.closed);
  g_assert_true (info.has_seed);
  g_assert_cmpuint (info.seed, ==, 99);
  g_assert_cmpuint (info.n_tables, ==, 2);
  {
    SpHandRecord draw = { .session = 1, .table = 1, .number = 1, .winner = SP_CHAIR_NONE,
                          .discarder = SP_CHAIR_NONE, .draw = TRUE };

    g_assert_true (sp_db_record_hand (fixture->db, tournament, &draw, &error));
    g_free (draw.entered_at);
  }
  substitute = add_player (fixture->db, tournament, "Reserve");
  g_assert_true (sp_db_replace_player (fixture->db, tournament, players[4], substitute, &error));
  g_assert_no_error (error);
  /* Session 1 has hands: it keeps the original player; the plan's later sessions change. */
  seats = sp_db_list_seats (fixture->db, tournament, 1, &error);
  g_assert_cmpint (g_array_index (seats, gint64, 1), ==, players[4]);
  g_clear_pointer (&planned, g_array_unref);
  planned = sp_db_get_plan_session (fixture->db, tournament, 2, &error);
  g_assert_cmpint (g_array_index (planned, gint64, 1), ==, substitute);
  /* Seats cannot be drawn again once a session has hands. */
  g_assert_false (sp_db_store_seating (fixture->db, tournament, 1, 5,
                                       (const gint64 *) planned->data, 8, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (sp_db_set_session_closed (fixture->db, tournament, 1, TRUE, TRUE, &error));
  g_assert_true (sp_db_get_session (fixture->db, tournament, 1, &info, &error));
  g_assert_true (info.closed);
  g_assert_true (info.time_up);
  g_assert_true (info.has_hands);
  g_assert_true (sp_db_get_session (fixture->db, tournament, 2, &info, &error));
  g_assert_false (info.exists);
}

static void
test_audit (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) audit = NULL;
  g_autoptr(SpHandRecord) stored = NULL;
  gint64 tournament = create_tournament (fixture->db, "Audited");
  gint64 players[4];
  SpHandRecord win = east_wins_from_south ();
  SpAuditEntry *last;

  seat_one_table (fixture->db, tournament, players);
  g_assert_true (sp_db_record_hand (fixture->db, tournament, &win, &error));
  sp_db_set_referee (fixture->db, "Chief Referee");
  stored = sp_db_get_hand (fixture->db, tournament, win.id, &error);
  stored->total = 12;
  stored->settlement[0] = 36;
  stored->settlement[1] = -20;
  g_assert_true (sp_db_update_hand (fixture->db, tournament, stored, &error));
  g_assert_no_error (error);

  audit = sp_db_list_audit (fixture->db, &error);
  g_assert_no_error (error);
  /* The tournament, four players, the session, four seats, the hand, its correction. */
  g_assert_cmpuint (audit->len, >=, 12);
  g_assert_cmpstr (((SpAuditEntry *) audit->pdata[0])->target, ==, "tournaments");
  g_assert_cmpstr (((SpAuditEntry *) audit->pdata[0])->who, ==, "Referee Wu");
  last = audit->pdata[audit->len - 1];
  g_assert_cmpstr (last->target, ==, "hands");
  g_assert_cmpstr (last->action, ==, "update");
  g_assert_cmpstr (last->who, ==, "Chief Referee");
  g_assert_cmpint (last->row_id, ==, win.id);
  g_assert_nonnull (strstr (last->old_values, "\"total\":8"));
  g_assert_nonnull (strstr (last->new_values, "\"total\":12"));
  g_free (win.entered_at);
}

static void
test_rollback (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  g_autoptr(GPtrArray) audit_before = NULL;
  g_autoptr(GPtrArray) audit_after = NULL;
  gint64 tournament = create_tournament (fixture->db, "Rollback");
  gint64 players[4];
  SpHandRecord first = east_wins_from_south ();
  /* The same hand number again: the second insert fails inside the transaction. */
  SpHandRecord clash = first;

  seat_one_table (fixture->db, tournament, players);
  audit_before = sp_db_list_audit (fixture->db, &error);
  g_assert_true (sp_db_begin (fixture->db, &error));
  g_assert_true (sp_db_record_hand (fixture->db, tournament, &first, &error));
  g_assert_false (sp_db_record_hand (fixture->db, tournament, &clash, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  sp_db_rollback (fixture->db);

  hands = sp_db_list_hands (fixture->db, tournament, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 0);
  audit_after = sp_db_list_audit (fixture->db, &error);
  g_assert_cmpuint (audit_after->len, ==, audit_before->len);

  /* A settlement that does not sum to zero is refused before anything is written. */
  g_clear_pointer (&first.entered_at, g_free);
  first.settlement[0] = 33;
  g_assert_false (sp_db_record_hand (fixture->db, tournament, &first, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
}

/* Two processes add hands to one file at the same time: WAL and the busy timeout serialise
 * them and no hand is lost. */
#define HANDS_PER_WRITER 60

static void
write_hands (const char *path,
             gint64      tournament,
             guint       table)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);

  g_assert_no_error (error);
  for (guint n = 1; n <= HANDS_PER_WRITER; n++)
    {
      SpHandRecord hand = { .session = 1, .table = table, .number = n, .winner = n % 4,
                            .discarder = (n + 1) % 4, .total = 8 };

      hand.settlement[n % 4] = 32;
      hand.settlement[(n + 1) % 4] = -16;
      hand.settlement[(n + 2) % 4] = -8;
      hand.settlement[(n + 3) % 4] = -8;
      g_assert_true (sp_db_begin (db, &error));
      g_assert_true (sp_db_record_hand (db, tournament, &hand, &error));
      g_assert_true (sp_db_commit (db, &error));
      g_assert_no_error (error);
      g_free (hand.entered_at);
    }
}

static void
test_two_writers (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  gint64 tournament = create_tournament (fixture->db, "Busy");
  gint64 players[8];
  pid_t children[2];

  add_numbered_players (fixture->db, tournament, players, 8);
  g_assert_true (sp_db_store_seating (fixture->db, tournament, 1, 7, players, 8, &error));
  g_clear_pointer (&fixture->db, sp_db_close);

  for (guint k = 0; k < 2; k++)
    {
      children[k] = fork ();
      g_assert_cmpint (children[k], >=, 0);
      if (children[k] == 0)
        {
          write_hands (fixture->path, tournament, k + 1);
          _exit (0);
        }
    }
  for (guint k = 0; k < 2; k++)
    {
      int status = 0;

      g_assert_cmpint (waitpid (children[k], &status, 0), ==, children[k]);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
    }

  fixture->db = sp_db_open (fixture->path, &error);
  g_assert_no_error (error);
  hands = sp_db_list_hands (fixture->db, tournament, 1, 0, &error);
  g_assert_cmpuint (hands->len, ==, 2 * HANDS_PER_WRITER);
}

/* A test on a fresh store opened by the fixture. */
/* The store is chosen by its location: a server's address is a server (one that does not
 * answer, on port 1, is an SP_DB_ERROR_IO naming it) and no file is made for it; a file: URI
 * opens the file it names. */
static void
test_location (void)
{
  static const char * const servers[] = {
    "postgresql://referee@127.0.0.1:1/hall",
    "postgres://127.0.0.1:1/hall",
    "host=127.0.0.1 port=1 dbname=hall",
    "port=1 dbname=hall",
  };
  g_autofree char *folder = g_dir_make_tmp ("sparrow-db-XXXXXX", NULL);
  g_autofree char *here = g_get_current_dir ();
  g_autofree char *file = g_build_filename (folder, "by uri.db", NULL);
  g_autofree char *uri = g_filename_to_uri (file, NULL, NULL);
  g_autoptr(GError) error = NULL;
  GDir *dir;
  SpDb *db;

  g_assert_cmpint (g_chdir (folder), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (servers); i++)
    {
      db = sp_db_open (servers[i], &error);
      g_assert_null (db);
      g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
      g_assert_nonnull (strstr (error->message, servers[i]));
      g_assert_nonnull (strstr (error->message, "cannot connect to the server"));
      g_clear_error (&error);
    }
  dir = g_dir_open (folder, 0, NULL);
  g_assert_null (g_dir_read_name (dir));
  g_dir_close (dir);

  db = sp_db_open (uri, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sp_db_get_path (db), ==, file);
  g_assert_cmpint (sp_db_get_schema_version (db), ==, SP_DB_SCHEMA_VERSION);
  sp_db_close (db);
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));

  g_assert_cmpint (g_chdir (here), ==, 0);
  sp_test_remove_folder (folder);
}

static void
add_store_test (const char *path,
                void      (*test) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_set_up, test, sp_test_store_tear_down);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  add_store_test ("/sparrow/db/store/migrations", test_migrations);
  g_test_add_func ("/sparrow/db/store/not-sparrow", test_not_sparrow);
  g_test_add_func ("/sparrow/db/store/location", test_location);
  add_store_test ("/sparrow/db/store/tournaments", test_tournaments);
  add_store_test ("/sparrow/db/store/players", test_players);
  add_store_test ("/sparrow/db/store/count-players", test_count_players);
  add_store_test ("/sparrow/db/store/hands", test_hands_and_penalties);
  add_store_test ("/sparrow/db/store/hand-items", test_hand_items_column);
  add_store_test ("/sparrow/db/store/sessions", test_sessions_and_plan);
  add_store_test ("/sparrow/db/store/audit", test_audit);
  add_store_test ("/sparrow/db/store/rollback", test_rollback);
  add_store_test ("/sparrow/db/store/two-writers", test_two_writers);
  return g_test_run ();
}
