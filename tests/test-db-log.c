/* test-db-log.c: a tournament's audit log as the Log page reads it (what each line did, and the
 * session, table and player it concerns), and the data version that tells a window another
 * connection changed the file.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-test-db.h"

typedef struct
{
  char         *folder;
  char         *path;
  SpDb         *db;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->db = sp_test_db_new ("sparrow-db-log-XXXXXX", &fixture->folder, &fixture->path);
  sp_db_set_referee (fixture->db, "Referee Wu");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->db, sp_db_close);
  sp_test_remove_folder (fixture->folder);
  g_free (fixture->path);
  g_free (fixture->folder);
}

static gint64
create_tournament (SpDb       *db,
                   const char *name)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = sp_test_mcr_tournament (name);

  g_assert_true (sp_db_create_tournament (db, &tournament, &error));
  g_assert_no_error (error);
  g_free (tournament.created);
  return tournament.id;
}

/* The newest line of @log of @kind, which must be there. */
static const SpLogEntry *
find_kind (GPtrArray *log,
           SpLogKind  kind)
{
  for (guint i = 0; i < log->len; i++)
    {
      const SpLogEntry *entry = g_ptr_array_index (log, i);

      if (entry->kind == kind)
        return entry;
    }
  g_error ("No line of kind %d in the log", kind);
}

static guint
count_kind (GPtrArray *log,
            SpLogKind  kind)
{
  guint n = 0;

  for (guint i = 0; i < log->len; i++)
    n += ((const SpLogEntry *) g_ptr_array_index (log, i))->kind == kind;
  return n;
}

/* Each change of a tournament is one line, newest first, saying who did it and what it
 * concerns; another tournament's changes are not in it. */
static void
test_log_lines (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  const char *names[] = { "Ana", "Bo", "Cai", "Dee" };
  gint64 ids[4];
  gint64 other = create_tournament (fixture->db, "Other Cup");
  gint64 id = create_tournament (fixture->db, "Club Night");
  const SpLogEntry *entry;
  SpPenalty penalty = { .session = 1, .points = -10, .reason = (char *) "slow play" };
  SpDrawRequest request = { .has_seed = TRUE, .seed = 7 };
  guint64 used = 0;
  SpPlayer changes = { .name = (char *) "Ana Lind" };

  sp_test_add_player (fixture->db, other, "Zed");
  for (guint i = 0; i < 4; i++)
    ids[i] = sp_test_add_player (fixture->db, id, names[i]);
  g_assert_true (sp_db_check_in_players (fixture->db, id, NULL, 0, TRUE, &error));
  g_assert_no_error (error);
  tournament = sp_db_find_tournament (fixture->db, "Club Night", &error);
  g_assert_no_error (error);
  g_assert_true (sp_db_draw_session (fixture->db, tournament, 1, &request, &used, &error));
  g_assert_no_error (error);
  penalty.player = ids[1];
  g_assert_true (sp_db_give_penalty (fixture->db, id, &penalty, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_edit_player (fixture->db, id, ids[0], &changes, &error));
  g_assert_no_error (error);
  sp_db_set_referee (fixture->db, "Referee Li");
  g_assert_true (sp_db_withdraw_player (fixture->db, id, ids[3], &error));
  g_assert_no_error (error);

  log = sp_db_list_log (fixture->db, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (log);

  /* Newest first: the withdrawal, by the referee of the moment. */
  entry = g_ptr_array_index (log, 0);
  g_assert_cmpint (entry->kind, ==, SP_LOG_PLAYER_WITHDRAWN);
  g_assert_cmpstr (entry->who, ==, "Referee Li");
  g_assert_cmpstr (entry->name, ==, "Dee");
  g_assert_cmpint (entry->player, ==, ids[3]);
  g_assert_nonnull (entry->at);
  for (guint i = 1; i < log->len; i++)
    g_assert_cmpint (((SpLogEntry *) log->pdata[i - 1])->id, >, ((SpLogEntry *) log->pdata[i])->id);

  /* The oldest: the tournament created, by name. */
  entry = g_ptr_array_index (log, log->len - 1);
  g_assert_cmpint (entry->kind, ==, SP_LOG_TOURNAMENT_CREATED);
  g_assert_cmpstr (entry->name, ==, "Club Night");
  g_assert_cmpstr (entry->who, ==, "Referee Wu");

  /* Another tournament's player is not in this log. */
  for (guint i = 0; i < log->len; i++)
    g_assert_cmpstr (((SpLogEntry *) log->pdata[i])->name, !=, "Zed");

  g_assert_cmpuint (count_kind (log, SP_LOG_PLAYER_ADDED), ==, 4);
  g_assert_cmpuint (count_kind (log, SP_LOG_PLAYER_CHECKED_IN), ==, 4);
  g_assert_cmpuint (count_kind (log, SP_LOG_SEAT_TAKEN), ==, 4);

  entry = find_kind (log, SP_LOG_SESSION_DRAWN);
  g_assert_cmpuint (entry->session, ==, 1);
  g_assert_true (entry->has_seed);
  g_assert_cmpuint (entry->seed, ==, used);

  /* A seat: its session, table and player. */
  entry = find_kind (log, SP_LOG_SEAT_TAKEN);
  g_assert_cmpuint (entry->session, ==, 1);
  g_assert_cmpuint (entry->table, ==, 1);
  g_assert_cmpint (entry->player, !=, 0);
  g_assert_nonnull (entry->name);

  /* A penalty: its player, the table he sits at, the points and the reason. */
  entry = find_kind (log, SP_LOG_PENALTY_GIVEN);
  g_assert_cmpuint (entry->session, ==, 1);
  g_assert_cmpuint (entry->table, ==, 1);
  g_assert_cmpint (entry->player, ==, ids[1]);
  g_assert_cmpstr (entry->name, ==, "Bo");
  g_assert_cmpint (entry->points, ==, -10);
  g_assert_cmpstr (entry->reason, ==, "slow play");

  /* A rename: the name before and after. */
  entry = find_kind (log, SP_LOG_PLAYER_RENAMED);
  g_assert_cmpstr (entry->old_name, ==, "Ana");
  g_assert_cmpstr (entry->name, ==, "Ana Lind");
  g_assert_cmpuint (entry->session, ==, 0);
}

/* A hand's line names its table, number and winner, and the four players at that table, so
 * that a filter by any of them finds it. */
static void
test_log_hand (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(SpRules) rules = NULL;
  g_auto(SpHandReport) report = { 0 };
  SpTournament event = {
    .name = (char *) "Hand Night",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 1,
    .seating = (char *) "random",
    .ranking = (char *) "r98",
  };
  const char *const names[4] = { "Ana", "Bo", "Cai", "Dee" };
  gint64 ids[4];
  SpHandEntry entry;
  const SpLogEntry *line;

  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  tournament = sp_test_seat_one_table (fixture->db, &event, names, ids);
  rules = sp_tournament_new_rules (tournament, &error);
  g_assert_no_error (error);
  g_assert_true (sp_db_add_hand (fixture->db, tournament, rules, 1, 1, &entry, &report, &error));
  g_assert_no_error (error);
  sp_hand_entry_clear (&entry);

  log = sp_db_list_log (fixture->db, tournament->id, &error);
  g_assert_no_error (error);
  line = find_kind (log, SP_LOG_HAND_ENTERED);
  g_assert_cmpuint (line->session, ==, 1);
  g_assert_cmpuint (line->table, ==, 1);
  g_assert_cmpuint (line->hand, ==, 1);
  /* A drawn hand has no winner. */
  g_assert_cmpint (line->player, ==, 0);
  g_assert_null (line->name);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (line->players[i], ==, ids[i]);
}

/* A correction's reason is noted with it in the log, and with nothing done after it; a
 * correction without one has none. */
static void
test_log_correction_reason (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(SpRules) rules = NULL;
  g_auto(SpHandReport) first = { 0 };
  g_auto(SpHandReport) second = { 0 };
  g_auto(SpHandReport) third = { 0 };
  g_auto(SpHandReport) fourth = { 0 };
  SpTournament event = {
    .name = (char *) "Hand Night",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 1,
    .seating = (char *) "random",
    .ranking = (char *) "r98",
  };
  const char *const names[4] = { "Ana", "Bo", "Cai", "Dee" };
  gint64 ids[4];
  g_auto(SpHandEntry) entry = { 0 };
  const SpLogEntry *line;

  tournament = sp_test_seat_one_table (fixture->db, &event, names, ids);
  rules = sp_tournament_new_rules (tournament, &error);
  g_assert_no_error (error);
  sp_hand_entry_init (&entry);
  entry.winner = SP_WIND_SOUTH;
  entry.from = SP_WIND_EAST;
  entry.has_total = TRUE;
  entry.total = 8;
  g_assert_true (sp_db_add_hand (fixture->db, tournament, rules, 1, 1, &entry, &first, &error));
  g_assert_no_error (error);

  entry.from = SP_WIND_WEST;
  entry.reason = g_strdup ("wrong discarder");
  g_assert_true (sp_db_correct_hand (fixture->db, tournament, rules, first.hand->id, &entry,
                                     &second, &error));
  g_assert_no_error (error);
  log = sp_db_list_log (fixture->db, tournament->id, &error);
  g_assert_no_error (error);
  line = find_kind (log, SP_LOG_HAND_CORRECTED);
  g_assert_cmpstr (line->note, ==, "wrong discarder");
  g_assert_cmpuint (line->hand, ==, 1);
  g_clear_pointer (&log, g_ptr_array_unref);

  /* The next change, and a correction without a reason, have none. */
  g_clear_pointer (&entry.reason, g_free);
  entry.from = SP_WIND_NORTH;
  g_assert_true (sp_db_add_hand (fixture->db, tournament, rules, 1, 1, &entry, &third, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_correct_hand (fixture->db, tournament, rules, first.hand->id, &entry,
                                     &fourth, &error));
  g_assert_no_error (error);
  log = sp_db_list_log (fixture->db, tournament->id, &error);
  g_assert_no_error (error);
  line = find_kind (log, SP_LOG_HAND_ENTERED);
  g_assert_cmpuint (line->hand, ==, 2);
  g_assert_null (line->note);
  line = find_kind (log, SP_LOG_HAND_CORRECTED);
  g_assert_null (line->note);
  g_assert_cmpuint (count_kind (log, SP_LOG_HAND_CORRECTED), >=, 2);
}

/* Another connection's commit changes the data version; the connection's own does not, nor does
 * a read. */
static void
test_data_version (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) other = sp_db_open (fixture->path, &error);
  gint64 before = 0, after = 0, again = 0;

  g_assert_no_error (error);
  g_assert_true (sp_db_get_data_version (fixture->db, &before, &error));
  g_assert_no_error (error);
  create_tournament (fixture->db, "Own Change");
  g_assert_true (sp_db_get_data_version (fixture->db, &after, &error));
  g_assert_cmpint (after, ==, before);

  create_tournament (other, "Other Change");
  g_assert_true (sp_db_get_data_version (fixture->db, &after, &error));
  g_assert_no_error (error);
  g_assert_cmpint (after, !=, before);

  g_assert_true (sp_db_get_data_version (fixture->db, &again, &error));
  g_assert_cmpint (again, ==, after);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/sparrow/db/log/lines", Fixture, NULL, fixture_set_up, test_log_lines,
              fixture_tear_down);
  g_test_add ("/sparrow/db/log/hand", Fixture, NULL, fixture_set_up, test_log_hand,
              fixture_tear_down);
  g_test_add ("/sparrow/db/log/correction-reason", Fixture, NULL, fixture_set_up,
              test_log_correction_reason, fixture_tear_down);
  g_test_add ("/sparrow/db/log/data-version", Fixture, NULL, fixture_set_up, test_data_version,
              fixture_tear_down);
  return g_test_run ();
}
