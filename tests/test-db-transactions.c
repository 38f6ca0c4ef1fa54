/* test-db-transactions.c: every operation of the store is one transaction: a refusal, wherever
 * it comes from (a check before the transaction, a row missing inside it, the core's verdict),
 * rolls back and leaves no transaction open, so that the next call can start its own.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <string.h>

#include "sp-test-db.h"

typedef struct
{
  char         *folder;
  char         *path;
  SpDb         *db;
  SpTournament *tournament;
  SpRules      *rules;
  gint64        players[4];
} Fixture;

/* An MCR tournament of two sessions, four players, session 1 seated at one table. */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = {
    .name = (char *) "Transactions",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) sp_rules_list_profiles (SP_RULESET_MCR)[0],
    .options = (char *) "",
    .n_sessions = 2,
    .seating = (char *) "random",
    .ranking = (char *) "score",
  };
  const char * const names[] = { "P1", "P2", "P3", "P4" };

  fixture->db = sp_test_db_new ("sparrow-transactions-XXXXXX", &fixture->folder, &fixture->path);
  fixture->tournament = sp_test_seat_one_table (fixture->db, &tournament, names,
                                                fixture->players);
  fixture->rules = sp_tournament_new_rules (fixture->tournament, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->rules, sp_rules_free);
  g_clear_pointer (&fixture->tournament, sp_tournament_free);
  g_clear_pointer (&fixture->db, sp_db_close);
  sp_test_remove_folder (fixture->folder);
  g_free (fixture->path);
  g_free (fixture->folder);
}

/* @call was refused with an error, and no transaction is left open: a new one starts. */
static void
check_refused (Fixture     *fixture,
               gboolean     ok,
               GError     **error,
               const char  *call)
{
  g_autoptr(GError) begin_error = NULL;

  if (ok || *error == NULL)
    g_error ("%s was not refused", call);
  g_test_message ("%s: %s", call, (*error)->message);
  g_clear_error (error);
  if (!sp_db_begin (fixture->db, &begin_error))
    g_error ("%s left a transaction open: %s", call, begin_error->message);
  sp_db_rollback (fixture->db);
}

#define REFUSED(call) check_refused (fixture, (call), &error, #call)
#define REFUSED_NULL(call) check_refused (fixture, (call) != NULL, &error, #call)

static gint64
add_draw (Fixture *fixture)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;

  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  g_assert_true (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1, &entry,
                                 &report, &error));
  g_assert_no_error (error);
  return report.hand->id;
}

static void
test_refusals_close (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autofree char *csv = g_build_filename (fixture->folder, "players.csv", NULL);
  const gint64 unknown[] = { 999 };
  SpTournament copy = { .name = (char *) "Transactions", .ruleset = SP_RULESET_MCR,
                        .profile = (char *) "cn", .options = (char *) "", .n_sessions = 1,
                        .seating = (char *) "random", .ranking = (char *) "score" };
  SpPlayer twin = { .tournament = fixture->tournament->id, .name = (char *) "P1" };
  SpPlayer renamed = { .name = (char *) "P2" };
  SpPlayer substitute = { .name = (char *) "Sub" };
  SpPenalty penalty = { .session = 1, .player = 999, .points = -10, .reason = (char *) "late" };
  SpPenalty unseated = { .session = 2, .player = 1, .points = -10, .reason = (char *) "late" };
  SpDrawRequest reseed = { .has_seed = TRUE, .seed = 7 };
  SpHandRecord unbalanced = { .session = 1, .table = 1, .number = 1, .winner = 0,
                              .discarder = 1, .total = 8, .settlement = { 8, 0, 0, 0 } };
  SpHandRecord undrawn = { .session = 2, .table = 1, .number = 1, .winner = SP_CHAIR_NONE,
                           .discarder = SP_CHAIR_NONE, .draw = TRUE };
  SpHandRecord missing = { .id = 999, .session = 1, .table = 1, .number = 1,
                           .winner = SP_CHAIR_NONE, .discarder = SP_CHAIR_NONE, .draw = TRUE };
  SpHandImport bad_import = { .session = 0, .table = 1, .where = "line 2" };
  SpTable table;
  guint n_imported;
  guint64 seed;
  gint64 hand;

  /* Tournaments. */
  REFUSED (sp_db_create_tournament (fixture->db, &copy, &error));
  REFUSED (sp_db_rename_tournament (fixture->db, 999, "Elsewhere", &error));
  REFUSED (sp_db_rename_tournament (fixture->db, fixture->tournament->id, "", &error));
  REFUSED (sp_db_delete_tournament (fixture->db, fixture->tournament->id, "Wrong", &error));

  /* Players. */
  REFUSED (sp_db_add_player (fixture->db, &twin, &error));
  REFUSED (sp_db_edit_player (fixture->db, fixture->tournament->id, 999, &renamed, &error));
  REFUSED (sp_db_edit_player (fixture->db, fixture->tournament->id, 1, &renamed, &error));
  REFUSED (sp_db_withdraw_player (fixture->db, fixture->tournament->id, 999, &error));
  REFUSED (sp_db_substitute_player (fixture->db, fixture->tournament->id, 1, &substitute, FALSE,
                                    &error));
  REFUSED (sp_db_reinstate_player (fixture->db, fixture->tournament->id, 1, &error));
  REFUSED (sp_db_check_in_players (fixture->db, fixture->tournament->id, unknown, 1, TRUE,
                                   &error));
  g_assert_true (g_file_set_contents (csv, "name\nAnn\nAnn\n", -1, &error));
  g_assert_no_error (error);
  REFUSED (sp_db_import_players (fixture->db, fixture->tournament->id, csv, &n_imported, &error));
  REFUSED_NULL (sp_db_get_player (fixture->db, fixture->tournament->id, 999, &error));

  /* Sessions. */
  REFUSED (sp_db_draw_session (fixture->db, fixture->tournament, 1, &reseed, &seed, &error));
  REFUSED (sp_db_draw_session (fixture->db, fixture->tournament, 3, &reseed, &seed, &error));
  REFUSED (sp_db_close_session (fixture->db, fixture->tournament, 1, FALSE, &error));
  REFUSED (sp_db_close_session (fixture->db, fixture->tournament, 2, TRUE, &error));
  REFUSED (sp_db_reopen_session (fixture->db, fixture->tournament, 1, &error));
  REFUSED_NULL (sp_db_session_progress (fixture->db, fixture->tournament, 2, &error));
  REFUSED_NULL (sp_db_compute_standings (fixture->db, fixture->tournament, 3, NULL, &error));

  /* Penalties. */
  REFUSED (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  REFUSED (sp_db_give_penalty (fixture->db, fixture->tournament->id, &unseated, &error));
  REFUSED (sp_db_add_penalty (fixture->db, fixture->tournament->id, &unseated, &error));
  REFUSED (sp_db_delete_penalty (fixture->db, fixture->tournament->id, 999, &error));

  /* Hands: the rows, then the operations. */
  REFUSED (sp_db_record_hand (fixture->db, fixture->tournament->id, &unbalanced, &error));
  REFUSED (sp_db_record_hand (fixture->db, fixture->tournament->id, &undrawn, &error));
  REFUSED (sp_db_update_hand (fixture->db, fixture->tournament->id, &missing, &error));
  REFUSED (sp_db_delete_hand (fixture->db, fixture->tournament->id, 999, &error));
  REFUSED_NULL (sp_db_get_hand (fixture->db, fixture->tournament->id, 999, &error));
  REFUSED (sp_db_load_table (fixture->db, fixture->tournament, 1, 2, &table, NULL, &error));
  REFUSED (sp_db_get_hand_entry (fixture->db, fixture->tournament, 999, &entry, &table, &error));
  sp_hand_entry_clear (&entry);
  sp_hand_entry_init (&entry);
  entry.winner = SP_WIND_EAST;
  entry.from = SP_WIND_SOUTH;
  sp_hand_entry_set_tiles (&entry, "19m19p19sESWNCF5m1m");
  REFUSED (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1, &entry,
                           &report, &error));
  REFUSED (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 2, &entry,
                           &report, &error));
  REFUSED (sp_db_correct_hand (fixture->db, fixture->tournament, fixture->rules, 999, &entry,
                               &report, &error));
  REFUSED (sp_db_remove_hand (fixture->db, fixture->tournament, fixture->rules, 999, &report,
                              &error));
  REFUSED (sp_db_import_hands (fixture->db, fixture->tournament, fixture->rules, &bad_import, 1,
                               &error));

  /* A session with a hand keeps its seats; a closed one refuses every change. */
  hand = add_draw (fixture);
  REFUSED (sp_db_store_seating (fixture->db, fixture->tournament->id, 1, 42, fixture->players, 4,
                                &error));
  REFUSED (sp_db_draw_session (fixture->db, fixture->tournament, 1, &reseed, &seed, &error));
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  REFUSED (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  penalty.player = 1;
  REFUSED (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  sp_hand_entry_clear (&entry);
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  REFUSED (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1, &entry,
                           &report, &error));
  REFUSED (sp_db_correct_hand (fixture->db, fixture->tournament, fixture->rules, hand, &entry,
                               &report, &error));
  REFUSED (sp_db_remove_hand (fixture->db, fixture->tournament, fixture->rules, hand, &report,
                              &error));
  REFUSED (sp_db_delete_hand (fixture->db, fixture->tournament->id, hand, &error));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/sparrow/db/transactions/refusals-leave-none-open", Fixture, NULL, fixture_set_up,
              test_refusals_close, fixture_tear_down);
  return g_test_run ();
}
