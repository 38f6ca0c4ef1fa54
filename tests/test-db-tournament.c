/* test-db-tournament.c: the director's operations of the store, each one transaction that
 * checks every rule: draws (balanced, random, Swiss, finals, one table of four, presence),
 * closing and reopening, players (import, edit, withdraw, substitute, reinstate), penalties,
 * tournaments (rename, delete) and the standings the store computes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <string.h>

#include "sp-test-db.h"

typedef SpTestStore Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  sp_test_store_open (fixture, "sparrow-db-XXXXXX", "Referee Wu");
}

/* A tournament of @n_players players named P1…, seated by @seating, loaded in the fixture. */
static void
create (Fixture    *fixture,
        const char *seating,
        guint       n_sessions,
        guint       n_players,
        const char *options)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = {
    .name = (char *) "Club night",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .options = (char *) options,
    .n_sessions = n_sessions,
    .seating = (char *) seating,
    .ranking = (char *) "r98",
  };

  g_assert_true (sp_db_create_tournament (fixture->db, &tournament, &error));
  g_assert_no_error (error);
  g_free (tournament.created);
  for (guint i = 1; i <= n_players; i++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", i);
      SpPlayer player = { .tournament = tournament.id, .name = name };

      g_assert_true (sp_db_add_player (fixture->db, &player, &error));
      g_assert_no_error (error);
      g_assert_cmpint (player.id, ==, i);
    }
  fixture->tournament = sp_db_find_tournament (fixture->db, NULL, &error);
  g_assert_no_error (error);
}

static guint64
draw (Fixture  *fixture,
      guint     session,
      guint     top)
{
  g_autoptr(GError) error = NULL;
  SpDrawRequest request = { .has_seed = TRUE, .seed = 42, .top = top };
  guint64 seed = 0;

  g_assert_true (sp_db_draw_session (fixture->db, fixture->tournament, session, &request, &seed,
                                     &error));
  g_assert_no_error (error);
  return seed;
}

/* Records hand @number at @table: a discard win of @winner (chair) from @discarder worth
 * @amount each way, or a draw when @winner < 0. */
static gint64
record (Fixture  *fixture,
        guint     session,
        guint     table,
        guint     number,
        gint      winner,
        gint      discarder,
        gint64    amount)
{
  g_autoptr(GError) error = NULL;
  SpHandRecord hand = {
    .session = session, .table = table, .number = number,
    .winner = winner < 0 ? SP_CHAIR_NONE : winner,
    .discarder = winner < 0 ? SP_CHAIR_NONE : discarder,
    .draw = winner < 0, .total = winner < 0 ? 0 : 8,
  };

  if (winner >= 0)
    {
      hand.settlement[winner] = amount;
      hand.settlement[discarder] = -amount;
    }
  g_assert_true (sp_db_record_hand (fixture->db, fixture->tournament->id, &hand, &error));
  g_assert_no_error (error);
  g_free (hand.entered_at);
  return hand.id;
}

/* Plays all 16 hands of a table: chair @winner wins hand 1 from @loser, the rest are draws. */
static void
play_table (Fixture *fixture,
            guint    session,
            guint    table,
            gint     winner,
            gint     loser,
            gint64   amount)
{
  record (fixture, session, table, 1, winner, loser, amount);
  for (guint n = 2; n <= 16; n++)
    record (fixture, session, table, n, -1, -1, 0);
}

static GArray *
seats_of (Fixture *fixture,
          guint    session)
{
  g_autoptr(GError) error = NULL;
  GArray *seats = sp_db_list_seats (fixture->db, fixture->tournament->id, session, &error);

  g_assert_no_error (error);
  return seats;
}

static guint
count_rows (Fixture    *fixture,
            const char *what)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;

  if (strcmp (what, "players") == 0)
    list = sp_db_list_players (fixture->db, fixture->tournament->id, &error);
  else
    list = sp_db_find_penalties (fixture->db, fixture->tournament->id, 0, 0, &error);
  g_assert_no_error (error);
  return list->len;
}

/* ---- draws ------------------------------------------------------------------------------ */

static void
test_one_table (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autoptr(GArray) standings = NULL;
  const char *seating = data;

  /* A family game: four players, one table, drawn, played, closed and ranked. */
  create (fixture, seating, 2, 4, "");
  draw (fixture, 1, 0);
  seats = seats_of (fixture, 1);
  g_assert_cmpuint (seats->len, ==, 4);
  play_table (fixture, 1, 1, 0, 1, 24);
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, FALSE, &error));
  g_assert_no_error (error);
  standings = sp_db_compute_standings (fixture->db, fixture->tournament, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (standings->len, ==, 4);
  g_assert_cmpint (g_array_index (standings, SpStanding, 0).player, ==,
                   g_array_index (seats, gint64, 0));
  g_assert_cmpint (g_array_index (standings, SpStanding, 0).score, ==, 24);
  g_assert_cmpint (g_array_index (standings, SpStanding, 3).player, ==,
                   g_array_index (seats, gint64, 1));
  draw (fixture, 2, 0);
  g_clear_pointer (&seats, g_array_unref);
  seats = seats_of (fixture, 2);
  g_assert_cmpuint (seats->len, ==, 4);
}

static void
test_draw_refusals (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  SpDrawRequest other_seed = { .has_seed = TRUE, .seed = 7 };
  guint64 seed;

  create (fixture, "swiss", 3, 8, "");
  g_assert_cmpuint (draw (fixture, 1, 0), ==, 42);
  before = seats_of (fixture, 1);

  /* Another seed on a drawn session: the draw stands, and the message says with which. */
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 1, &other_seed, &seed,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "seed 42"));
  g_assert_nonnull (strstr (error->message, "stands"));
  g_clear_error (&error);
  after = seats_of (fixture, 1);
  g_assert_cmpmem (before->data, before->len * 8, after->data, after->len * 8);

  /* A Swiss round before the previous session is closed. */
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 2, &other_seed, &seed,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "session 1 must be closed"));
  g_clear_error (&error);
  g_clear_pointer (&after, g_array_unref);
  after = seats_of (fixture, 2);
  g_assert_cmpuint (after->len, ==, 0);

  /* A redraw of a session that has hands. */
  record (fixture, 1, 1, 1, 0, 1, 8);
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 1,
                                      &(SpDrawRequest) { 0 }, &seed, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "already has hands"));
  g_clear_error (&error);

  /* A session the tournament does not have. */
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 4,
                                      &(SpDrawRequest) { 0 }, &seed, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);
}

static void
test_balanced_seed (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  SpDrawRequest other_seed = { .has_seed = TRUE, .seed = 9 };
  guint64 seed;

  create (fixture, "balanced", 3, 8, "");
  draw (fixture, 1, 0);
  /* The plan of every session was drawn with seed 42: session 2 keeps it. */
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 2, &other_seed, &seed,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "seed 42"));
  g_clear_error (&error);
  g_assert_cmpuint (draw (fixture, 2, 0), ==, 42);
}

/* A player registered after the balanced plan was drawn has no seat in it: the next draw says
 * so instead of leaving him out without a word. */
static void
test_balanced_late_player (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup ("Late Comer");
  SpPlayer late = { .name = name };
  SpDrawRequest request = { 0 };
  guint64 seed;

  create (fixture, "balanced", 3, 8, "");
  draw (fixture, 1, 0);
  late.tournament = fixture->tournament->id;
  g_assert_true (sp_db_add_player (fixture->db, &late, &error));
  g_assert_no_error (error);
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 2, &request, &seed,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Late Comer"));
  g_assert_nonnull (strstr (error->message, "no seat in the balanced plan"));
  g_clear_error (&error);
  /* Withdrawn, he no longer takes part: the plan seats its eight. */
  g_assert_true (sp_db_withdraw_player (fixture->db, fixture->tournament->id, late.id, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (draw (fixture, 2, 0), ==, 42);
}

/* Three teammates for two tables: the refusal names the team and the player too many. */
static void
test_team_too_large (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  SpPlayer red = { .team = (char *) "Red" };
  SpDrawRequest request = { .has_seed = TRUE, .seed = 42 };
  guint64 seed;

  create (fixture, "random", 2, 8, "");
  for (gint64 id = 1; id <= 3; id++)
    {
      g_assert_true (sp_db_edit_player (fixture->db, fixture->tournament->id, id, &red, &error));
      g_assert_no_error (error);
    }
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 1, &request, &seed,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Team Red"));
  g_assert_nonnull (strstr (error->message, "P3, player 3"));
  g_clear_error (&error);
}

static void
test_swiss_after_close (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) first = NULL;
  g_autoptr(GArray) second = NULL;

  create (fixture, "swiss", 2, 8, "");
  draw (fixture, 1, 0);
  first = seats_of (fixture, 1);
  play_table (fixture, 1, 1, 0, 1, 40);
  play_table (fixture, 1, 2, 2, 3, 20);
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, FALSE, &error));
  g_assert_no_error (error);
  draw (fixture, 2, 0);
  second = seats_of (fixture, 2);
  /* 高高碰: the two winners (ranks 1 and 2) and the two seconds meet at table 1. */
  {
    gint64 top[2] = { g_array_index (first, gint64, 0), g_array_index (first, gint64, 6) };
    guint found = 0;

    for (guint c = 0; c < 4; c++)
      for (guint k = 0; k < 2; k++)
        found += g_array_index (second, gint64, c) == top[k];
    g_assert_cmpuint (found, ==, 2);
  }
}

static void
test_presence (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  const gint64 present[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  const gint64 unknown[] = { 3, 99 };

  create (fixture, "random", 2, 10, "");
  g_assert_true (sp_db_check_in_players (fixture->db, fixture->tournament->id, present, 8, TRUE,
                                         &error));
  g_assert_no_error (error);
  /* An unknown player checks in nobody. */
  g_assert_false (sp_db_check_in_players (fixture->db, fixture->tournament->id, unknown, 2, FALSE,
                                          &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);
  draw (fixture, 1, 0);
  seats = seats_of (fixture, 1);
  g_assert_cmpuint (seats->len, ==, 8);
  for (guint i = 0; i < seats->len; i++)
    g_assert_cmpint (g_array_index (seats, gint64, i), <=, 8);
  /* Everyone checked in: 10 players cannot be seated. */
  g_assert_true (sp_db_check_in_players (fixture->db, fixture->tournament->id, NULL, 0, TRUE,
                                         &error));
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 2,
                                      &(SpDrawRequest) { 0 }, NULL, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "10 players"));
  g_clear_error (&error);
}

/* ---- finals ----------------------------------------------------------------------------- */

static void
test_final (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) first = NULL;
  g_autoptr(GArray) final = NULL;
  g_autoptr(GArray) standings = NULL;
  gint64 best[4];
  SpDrawRequest final_request = { .top = 4 };

  create (fixture, "random", 2, 8, "");
  draw (fixture, 1, 0);
  first = seats_of (fixture, 1);
  play_table (fixture, 1, 1, 0, 1, 100);
  play_table (fixture, 1, 2, 0, 1, 50);

  /* The final waits for session 1 to close; a final of 6 is refused. */
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 2, &final_request, NULL,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, FALSE, &error));
  final_request.top = 6;
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 2, &final_request, NULL,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "multiple of 4"));
  g_clear_error (&error);

  /* Top 4 after session 1: the two winners, then the two third places (0 each: tied, by id)
   * — the standings decide, whatever their tables. */
  standings = sp_db_compute_standings (fixture->db, fixture->tournament, 1, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    best[i] = g_array_index (standings, SpStanding, i).player;
  g_clear_pointer (&standings, g_array_unref);
  draw (fixture, 2, 4);
  final = seats_of (fixture, 2);
  g_assert_cmpuint (final->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (g_array_index (final, gint64, i), ==, best[i]);

  /* The final: the fourth of the standings wins big.  The finalists rank first, among
   * themselves over all their sessions; the others follow as before, though one of them
   * scored more than a finalist. */
  play_table (fixture, 2, 1, 3, 0, 500);
  standings = sp_db_compute_standings (fixture->db, fixture->tournament, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (standings->len, ==, 8);
  g_assert_cmpint (g_array_index (standings, SpStanding, 0).player, ==, best[3]);
  g_assert_cmpuint (g_array_index (standings, SpStanding, 0).rank, ==, 1);
  for (guint i = 4; i < 8; i++)
    {
      gint64 player = g_array_index (standings, SpStanding, i).player;

      for (guint k = 0; k < 4; k++)
        g_assert_cmpint (player, !=, best[k]);
      g_assert_cmpuint (g_array_index (standings, SpStanding, i).rank, >=, 5);
    }
  /* Before the final, the standings are those of session 1. */
  g_clear_pointer (&standings, g_array_unref);
  standings = sp_db_compute_standings (fixture->db, fixture->tournament, 1, NULL, &error);
  g_assert_cmpint (g_array_index (standings, SpStanding, 0).score, ==, 100);
}

/* ---- closing ---------------------------------------------------------------------------- */

static void
test_close_reopen (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) progress = NULL;

  create (fixture, "random", 2, 8, "");
  g_assert_false (sp_db_close_session (fixture->db, fixture->tournament, 1, FALSE, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);
  draw (fixture, 1, 0);
  play_table (fixture, 1, 1, 0, 1, 8);
  for (guint n = 1; n <= 5; n++)
    record (fixture, 1, 2, n, -1, -1, 0);

  /* What a close still misses: table 2 has 5 hands of 16. */
  progress = sp_db_session_progress (fixture->db, fixture->tournament, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (progress->len, ==, 2);
  g_assert_true (g_array_index (progress, SpTableProgress, 0).finished);
  g_assert_false (g_array_index (progress, SpTableProgress, 1).finished);
  g_assert_cmpuint (g_array_index (progress, SpTableProgress, 1).n_hands, ==, 5);
  g_assert_false (sp_db_close_session (fixture->db, fixture->tournament, 1, FALSE, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "table 2 has 5 hands"));
  g_assert_null (strstr (error->message, "table 1"));
  g_clear_error (&error);

  /* Time up: closed with the hands played. */
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (sp_db_reopen_session (fixture->db, fixture->tournament, 1, &error));
  g_assert_no_error (error);
  g_assert_false (sp_db_reopen_session (fixture->db, fixture->tournament, 1, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "not closed"));
  g_assert_nonnull (strstr (error->message, "is open"));
  g_assert_nonnull (strstr (error->message, "nothing to reopen"));
  g_clear_error (&error);
}

/* ---- players ---------------------------------------------------------------------------- */

static void
test_names (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *long_name = g_strnfill (201, 'x');
  g_autofree char *longest = g_strnfill (200, 'x');
  const char *bad[] = { "", "   ", "Ann\tLee", "Ann\nLee", "\xc3\x28", long_name };

  create (fixture, "random", 1, 0, "");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup (bad[i]);
      SpPlayer player = { .tournament = fixture->tournament->id, .name = name };
      SpTournament tournament = {
        .name = name, .ruleset = SP_RULESET_MCR, .profile = (char *) "cn", .n_sessions = 1,
        .seating = (char *) "random", .ranking = (char *) "r98",
      };

      g_assert_false (sp_db_add_player (fixture->db, &player, &error));
      g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_false (sp_db_create_tournament (fixture->db, &tournament, &error));
      g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_false (sp_db_rename_tournament (fixture->db, fixture->tournament->id, name,
                                               &error));
      g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
    }
  {
    g_autoptr(GError) error = NULL;
    SpPlayer player = { .tournament = fixture->tournament->id, .name = longest };

    g_assert_true (sp_db_add_player (fixture->db, &player, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpuint (count_rows (fixture, "players"), ==, 1);
}

static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  const struct
  {
    const char *text;
    const char *where;
  } bad[] = {
    { "name\nAnn\n\"Unclosed quote\nEve\n", "line 3" },
    { "name,club\nAnn,A\nBo,\"B\"x\n", "line 3" },
    { "name\nAnn\nP1\n", "line 3" },
    { "name\nAnn\n\xc3\x28\n", "line 3" },
    { "name\nAnn\nAnn\tLee\n", "line 3" },
  };
  g_autofree char *path = g_build_filename (fixture->folder, "players.csv", NULL);
  g_autoptr(GError) error = NULL;
  guint n = 99;

  create (fixture, "random", 1, 2, "");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_true (g_file_set_contents (path, bad[i].text, -1, NULL));
      g_assert_false (sp_db_import_players (fixture->db, fixture->tournament->id, path, &n,
                                            &error));
      g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
      if (strstr (error->message, bad[i].where) == NULL)
        g_error ("case %u: %s does not name %s", i, error->message, bad[i].where);
      g_assert_cmpuint (n, ==, 0);
      g_clear_error (&error);
      /* All or nothing: Ann of line 2 was not kept. */
      g_assert_cmpuint (count_rows (fixture, "players"), ==, 2);
    }
  g_assert_true (g_file_set_contents (path, "\xEF\xBB\xBFname,team\n\"Lee, Ann\",Red\n王芳,\n",
                                      -1, NULL));
  g_assert_true (sp_db_import_players (fixture->db, fixture->tournament->id, path, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (count_rows (fixture, "players"), ==, 4);
}

/* A file with several bad lines: every one of them is named, in line order, and nothing is
 * imported (not even the good lines between them). */
static void
test_import_all_errors (Fixture       *fixture,
                        gconstpointer  data)
{
  const char *const expected[] = {
    "line 3: the name is missing",
    "line 5: 'Ann' appears twice in the file (first on line 2)",
    "line 6: 3 fields, but the header names 2 columns",
    "line 7: ",            /* already registered */
  };
  g_autofree char *path = g_build_filename (fixture->folder, "players.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  guint n = 99;

  create (fixture, "random", 1, 2, "");
  g_assert_true (g_file_set_contents (path,
                                      "name,club\nAnn,A\n,B\nBo,C\nAnn,D\nCy,E,extra\n"
                                      "P1,F\nDee,G\n", -1, NULL));
  g_assert_false (sp_db_import_players_full (fixture->db, fixture->tournament->id, path, &n,
                                             &problems, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_cmpuint (n, ==, 0);
  g_assert_nonnull (problems);
  g_assert_cmpuint (problems->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const char *problem = g_ptr_array_index (problems, i);

      if (strstr (problem, expected[i]) == NULL)
        g_error ("problem %u: '%s' does not say '%s'", i, problem, expected[i]);
      /* The error's message lists them all, one a line. */
      g_assert_nonnull (strstr (error->message, problem));
    }
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 3), "P1"));
  g_assert_cmpuint (count_rows (fixture, "players"), ==, 2);

  /* The plain call says the same, all lines in its message. */
  g_clear_error (&error);
  g_assert_false (sp_db_import_players (fixture->db, fixture->tournament->id, path, &n, &error));
  {
    g_auto(GStrv) lines = g_strsplit (error->message, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (expected));
  }
  g_assert_cmpuint (count_rows (fixture, "players"), ==, 2);

  /* A broken quote stops the reader: its one problem is listed. */
  g_clear_pointer (&problems, g_ptr_array_unref);
  g_clear_error (&error);
  g_assert_true (g_file_set_contents (path, "name\nAnn\n\"Open\n", -1, NULL));
  g_assert_false (sp_db_import_players_full (fixture->db, fixture->tournament->id, path, &n,
                                             &problems, &error));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), "line 3"));
}

static void
test_substitution (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autoptr(SpPlayer) stored = NULL;
  g_autofree char *name = g_strdup ("Kim");
  SpPlayer substitute = { .name = name };
  gint64 target;

  create (fixture, "balanced", 2, 8, "");
  draw (fixture, 1, 0);
  seats = seats_of (fixture, 1);
  target = g_array_index (seats, gint64, 5);

  /* An active player is replaced only with force. */
  g_assert_false (sp_db_substitute_player (fixture->db, fixture->tournament->id, target,
                                           &substitute, FALSE, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "--force"));
  g_clear_error (&error);
  g_assert_cmpuint (count_rows (fixture, "players"), ==, 8);
  g_assert_true (sp_db_substitute_player (fixture->db, fixture->tournament->id, target,
                                          &substitute, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (substitute.id, ==, 9);
  stored = sp_db_get_player (fixture->db, fixture->tournament->id, target, &error);
  g_assert_cmpint (stored->status, ==, SP_PLAYER_WITHDRAWN);
  g_clear_pointer (&stored, sp_player_free);
  stored = sp_db_get_player (fixture->db, fixture->tournament->id, 9, &error);
  g_assert_cmpint (stored->status, ==, SP_PLAYER_SUBSTITUTE);
  g_assert_cmpint (stored->substitute_for, ==, target);
  /* The substitute takes the seat of the session without hands. */
  g_clear_pointer (&seats, g_array_unref);
  seats = seats_of (fixture, 1);
  g_assert_cmpint (g_array_index (seats, gint64, 5), ==, 9);

  /* Replaced once only, and the withdrawal cannot be undone while the substitute sits. */
  g_assert_false (sp_db_substitute_player (fixture->db, fixture->tournament->id, target,
                                           &substitute, TRUE, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sp_db_reinstate_player (fixture->db, fixture->tournament->id, target, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Kim"));
  g_clear_error (&error);
}

/* A player who does not come to a session that has begun at other tables: his substitute
 * takes his seat at his table, which has no hand yet. */
static void
test_substitution_other_table_begun (Fixture       *fixture,
                                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autofree char *name = g_strdup ("Kim");
  SpPlayer substitute = { .name = name };
  gint64 absent;

  create (fixture, "random", 2, 8, "");
  draw (fixture, 1, 0);
  record (fixture, 1, 2, 1, 0, 1, 8);
  seats = seats_of (fixture, 1);
  absent = g_array_index (seats, gint64, 0);
  g_assert_true (sp_db_substitute_player (fixture->db, fixture->tournament->id, absent,
                                          &substitute, TRUE, &error));
  g_assert_no_error (error);
  g_clear_pointer (&seats, g_array_unref);
  seats = seats_of (fixture, 1);
  g_assert_cmpint (g_array_index (seats, gint64, 0), ==, substitute.id);
  /* Table 2 has begun: its players keep their seats. */
  for (guint i = 4; i < 8; i++)
    g_assert_cmpint (g_array_index (seats, gint64, i), !=, substitute.id);
}

/* Nobody takes over a table in the middle: the hands played there are the player's.  His
 * substitute is named for the sessions to come; the begun table keeps him. */
static void
test_substitution_table_begun (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autofree char *name = g_strdup ("Kim");
  SpPlayer substitute = { .name = name };
  gint64 leaver;

  create (fixture, "random", 2, 8, "");
  draw (fixture, 1, 0);
  record (fixture, 1, 1, 1, 0, 1, 8);
  seats = seats_of (fixture, 1);
  leaver = g_array_index (seats, gint64, 2);
  g_assert_true (sp_db_substitute_player (fixture->db, fixture->tournament->id, leaver,
                                          &substitute, TRUE, &error));
  g_assert_no_error (error);
  g_clear_pointer (&seats, g_array_unref);
  seats = seats_of (fixture, 1);
  g_assert_cmpint (g_array_index (seats, gint64, 2), ==, leaver);
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  draw (fixture, 2, 0);
  g_clear_pointer (&seats, g_array_unref);
  seats = seats_of (fixture, 2);
  for (guint i = 0; i < 8; i++)
    g_assert_cmpint (g_array_index (seats, gint64, i), !=, leaver);
}

static void
test_withdraw_reinstate (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpPlayer) stored = NULL;
  g_autofree char *name = g_strdup (" Ann Lee ");
  g_autofree char *taken = g_strdup ("P2");
  SpPlayer changes = { .name = name, .club = (char *) "Dragons", .team = (char *) "" };

  create (fixture, "random", 1, 8, "");
  g_assert_false (sp_db_reinstate_player (fixture->db, fixture->tournament->id, 1, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (sp_db_withdraw_player (fixture->db, fixture->tournament->id, 1, &error));
  g_assert_false (sp_db_withdraw_player (fixture->db, fixture->tournament->id, 1, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  /* Withdrawn: left out of a draw; then back. */
  g_assert_false (sp_db_draw_session (fixture->db, fixture->tournament, 1,
                                      &(SpDrawRequest) { 0 }, NULL, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (sp_db_reinstate_player (fixture->db, fixture->tournament->id, 1, &error));
  g_assert_no_error (error);
  draw (fixture, 1, 0);

  /* Edit: the name stripped, the club set, an empty team cleared; a name taken is refused. */
  g_assert_true (sp_db_edit_player (fixture->db, fixture->tournament->id, 1, &changes, &error));
  g_assert_no_error (error);
  stored = sp_db_get_player (fixture->db, fixture->tournament->id, 1, &error);
  g_assert_cmpstr (stored->name, ==, "Ann Lee");
  g_assert_cmpstr (stored->club, ==, "Dragons");
  g_assert_null (stored->team);
  g_assert_cmpint (stored->status, ==, SP_PLAYER_ACTIVE);
  changes = (SpPlayer) { .name = taken };
  g_assert_false (sp_db_edit_player (fixture->db, fixture->tournament->id, 1, &changes, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "already registered"));
  g_clear_error (&error);
}

/* ---- penalties -------------------------------------------------------------------------- */

static void
test_penalties (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autoptr(GPtrArray) found = NULL;
  gint64 hand, at_table_1, at_table_2;
  SpPenalty penalty = { .session = 1, .points = -10, .reason = (char *) "slow play" };

  create (fixture, "random", 2, 8, "");
  draw (fixture, 1, 0);
  seats = seats_of (fixture, 1);
  at_table_1 = g_array_index (seats, gint64, 0);
  at_table_2 = g_array_index (seats, gint64, 4);
  hand = record (fixture, 1, 1, 1, 0, 1, 8);

  /* A hand at a table the player is not at. */
  penalty.player = at_table_2;
  penalty.hand = hand;
  g_assert_false (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "table 1"));
  g_assert_nonnull (strstr (error->message, "does not sit"));
  g_clear_error (&error);
  /* A hand of another session. */
  penalty.player = at_table_1;
  penalty.session = 2;
  g_assert_false (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  /* A reason that is not UTF-8. */
  penalty.session = 1;
  penalty.reason = (char *) "slow \xff play";
  g_assert_false (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "UTF-8"));
  g_clear_error (&error);
  g_assert_cmpuint (count_rows (fixture, "penalties"), ==, 0);

  penalty.reason = (char *) "slow play";
  g_assert_true (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  g_assert_no_error (error);
  /* Without a hand: only a player who sits in the session (a final leaves the others out). */
  penalty.hand = 0;
  penalty.player = 1 + 8;
  g_assert_false (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);
  {
    g_autofree char *name = g_strdup ("Late Comer");
    SpPlayer late = { .tournament = fixture->tournament->id, .name = name };

    g_assert_true (sp_db_add_player (fixture->db, &late, &error));
    g_assert_no_error (error);
    penalty.player = late.id;
  }
  g_assert_false (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Late Comer"));
  g_assert_nonnull (strstr (error->message, "session 1"));
  g_clear_error (&error);
  g_assert_cmpuint (count_rows (fixture, "penalties"), ==, 1);
  penalty.player = at_table_2;
  g_assert_true (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  found = sp_db_find_penalties (fixture->db, fixture->tournament->id, 1, at_table_2, &error);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpint (((SpPenalty *) found->pdata[0])->id, ==, penalty.id);

  /* Deleted while the session is open; a closed session keeps its penalties. */
  g_assert_true (sp_db_delete_penalty (fixture->db, fixture->tournament->id, penalty.id, &error));
  g_assert_no_error (error);
  g_assert_false (sp_db_delete_penalty (fixture->db, fixture->tournament->id, penalty.id, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_clear_pointer (&found, g_ptr_array_unref);
  found = sp_db_find_penalties (fixture->db, fixture->tournament->id, 0, 0, &error);
  g_assert_false (sp_db_delete_penalty (fixture->db, fixture->tournament->id,
                                        ((SpPenalty *) found->pdata[0])->id, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "closed"));
  g_clear_error (&error);
}

/* ---- tournaments ------------------------------------------------------------------------ */

static void
test_rename_delete (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  SpTournamentSummary summary;
  SpTournament other = {
    .name = (char *) "Other", .ruleset = SP_RULESET_MCR, .profile = (char *) "cn",
    .n_sessions = 1, .seating = (char *) "random", .ranking = (char *) "r98",
  };

  g_assert_true (sp_db_create_tournament (fixture->db, &other, &error));
  g_free (other.created);
  create (fixture, "random", 2, 8, "");
  draw (fixture, 1, 0);
  record (fixture, 1, 1, 1, 0, 1, 8);
  g_assert_true (sp_db_summarize_tournament (fixture->db, fixture->tournament->id, &summary,
                                             &error));
  g_assert_cmpuint (summary.n_players, ==, 8);
  g_assert_cmpuint (summary.n_drawn, ==, 1);
  g_assert_cmpuint (summary.n_hands, ==, 1);

  g_assert_false (sp_db_rename_tournament (fixture->db, fixture->tournament->id, "Other",
                                           &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (sp_db_rename_tournament (fixture->db, fixture->tournament->id, "Club final",
                                          &error));
  g_assert_no_error (error);

  /* Delete needs the exact name. */
  g_assert_false (sp_db_delete_tournament (fixture->db, fixture->tournament->id, "Club night",
                                           &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sp_db_delete_tournament (fixture->db, fixture->tournament->id, NULL, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (sp_db_delete_tournament (fixture->db, fixture->tournament->id, "Club final",
                                          &error));
  g_assert_no_error (error);
  list = sp_db_list_tournaments (fixture->db, &error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpstr (((SpTournament *) list->pdata[0])->name, ==, "Other");
  g_assert_true (sp_db_summarize_tournament (fixture->db, fixture->tournament->id, &summary,
                                             &error));
  g_assert_cmpuint (summary.n_players + summary.n_hands + summary.n_drawn, ==, 0);
}

/* ---- standings -------------------------------------------------------------------------- */

static void
test_standings_teams (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autoptr(GArray) standings = NULL;
  g_autoptr(GPtrArray) names = NULL;
  SpPlayer team_a = { .team = (char *) "Red" };
  SpPlayer team_b = { .team = (char *) "Blue" };

  create (fixture, "random", 1, 8, "group_tables=2");
  draw (fixture, 1, 0);
  seats = seats_of (fixture, 1);
  /* Mid-session: everyone seated is listed with nothing yet. */
  standings = sp_db_compute_standings (fixture->db, fixture->tournament, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (standings->len, ==, 8);
  g_assert_cmpint (g_array_index (standings, SpStanding, 7).sessions, ==, 0);
  g_clear_pointer (&standings, g_array_unref);

  /* Table 1's East wins 40 from South, table 2's East 20 from South: one group of 8 ranks
   * them 8 and 6 for the winners (standard score N, N − place; ×12), 0 for the table 1 South. */
  record (fixture, 1, 1, 1, 0, 1, 40);
  record (fixture, 1, 2, 1, 0, 1, 20);
  standings = sp_db_compute_standings (fixture->db, fixture->tournament, 0, NULL, &error);
  g_assert_cmpint (g_array_index (standings, SpStanding, 0).player, ==,
                   g_array_index (seats, gint64, 0));
  g_assert_cmpint (g_array_index (standings, SpStanding, 0).table_points_x12, ==, 8 * 12);
  g_assert_cmpint (g_array_index (standings, SpStanding, 1).table_points_x12, ==, 6 * 12);
  g_assert_cmpint (g_array_index (standings, SpStanding, 7).player, ==,
                   g_array_index (seats, gint64, 1));
  g_assert_cmpint (g_array_index (standings, SpStanding, 7).table_points_x12, ==, 0);
  g_clear_pointer (&standings, g_array_unref);

  /* Teams: the winners' team against the losers'. */
  for (guint i = 0; i < 8; i++)
    {
      gint64 id = g_array_index (seats, gint64, i);

      g_assert_true (sp_db_edit_player (fixture->db, fixture->tournament->id, id,
                                        i == 0 || i == 4 ? &team_a
                                        : i == 1 || i == 5 ? &team_b : &(SpPlayer) { 0 },
                                        &error));
      g_assert_no_error (error);
    }
  standings = sp_db_compute_standings (fixture->db, fixture->tournament, 0, &names, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (standings->len, ==, 2);
  g_assert_cmpstr (names->pdata[g_array_index (standings, SpStanding, 0).player], ==, "Red");
  g_assert_cmpint (g_array_index (standings, SpStanding, 0).score, ==, 60);
  g_assert_cmpstr (names->pdata[g_array_index (standings, SpStanding, 1).player], ==, "Blue");
}

/* A balanced plan seats every session at once: the snapshot tells a player's later sessions
 * before they are drawn (the personal schedules print them), while the sessions drawn stay
 * only those drawn. */
static void
test_snapshot_plan (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(SpSnapshot) snapshot = NULL;
  g_autoptr(GError) error = NULL;
  const SpSessionSnapshot *later;
  const char *seating = data;

  create (fixture, seating, 3, 8, "");
  draw (fixture, 1, 0);
  snapshot = sp_db_load_snapshot (fixture->db, fixture->tournament, "2026-11-30", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (snapshot->sessions->len, ==, 1);
  if (g_strcmp0 (seating, "balanced") != 0)
    {
      g_assert_cmpuint (snapshot->plan->len, ==, 1);
      return;
    }
  g_assert_cmpuint (snapshot->plan->len, ==, 3);
  later = snapshot->plan->pdata[2];
  g_assert_cmpuint (later->number, ==, 3);
  g_assert_false (later->has_seed);
  g_assert_cmpuint (later->n_tables, ==, 2);
  for (guint i = 0; i < 8; i++)
    g_assert_nonnull (sp_snapshot_find_player (snapshot, later->seats[i]));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func, data) \
  g_test_add ("/sparrow/db/tournament/" path, Fixture, data, fixture_set_up, func, \
              sp_test_store_tear_down)
  ADD ("one-table-random", test_one_table, "random");
  ADD ("one-table-balanced", test_one_table, "balanced");
  ADD ("draw-refusals", test_draw_refusals, NULL);
  ADD ("balanced-seed", test_balanced_seed, NULL);
  ADD ("swiss-after-close", test_swiss_after_close, NULL);
  ADD ("presence", test_presence, NULL);
  ADD ("final", test_final, NULL);
  ADD ("close-reopen", test_close_reopen, NULL);
  ADD ("names", test_names, NULL);
  ADD ("import", test_import, NULL);
  ADD ("import-all-errors", test_import_all_errors, NULL);
  ADD ("balanced-late-player", test_balanced_late_player, NULL);
  ADD ("team-too-large", test_team_too_large, NULL);
  ADD ("substitution", test_substitution, NULL);
  ADD ("substitution-other-table-begun", test_substitution_other_table_begun, NULL);
  ADD ("substitution-table-begun", test_substitution_table_begun, NULL);
  ADD ("withdraw-reinstate", test_withdraw_reinstate, NULL);
  ADD ("penalties", test_penalties, NULL);
  ADD ("rename-delete", test_rename_delete, NULL);
  ADD ("standings-teams-groups", test_standings_teams, NULL);
  ADD ("snapshot-plan-balanced", test_snapshot_plan, "balanced");
  ADD ("snapshot-plan-random", test_snapshot_plan, "random");
#undef ADD
  return g_test_run ();
}
