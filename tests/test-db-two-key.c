/* test-db-two-key.c: two-key entry in the store: with the tournament's setting on, a hand counts
 * in the table results once a referee other than the one who made its current version (or
 * the director, with the PIN) confirms it; a correction makes it wait again, a renumbering
 * does not; what awaits is computed per player; the log reads a confirmation; a session does
 * not close while a hand of it awaits.  Run on SQLite and, by tests/with-postgresql.sh, on a
 * PostgreSQL server.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-test-db.h"

typedef struct
{
  SpTestStore   store;
  SpRules      *rules;
  gint64        players[4];
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = sp_test_mcr_tournament ("Two Keys");
  const char * const names[] = { "张伟", "Anna Berg", "Jean Dupont", "李娜" };

  sp_test_store_open (&fixture->store, "sparrow-two-key-XXXXXX", "Mei Lin");
  tournament.options = (char *) "";
  fixture->store.tournament = sp_test_seat_one_table (fixture->store.db, &tournament, names,
                                                      fixture->players);
  fixture->rules = sp_tournament_new_rules (fixture->store.tournament, &error);
  g_assert_no_error (error);
  if (data != NULL)
    {
      g_assert_true (sp_db_set_two_key (fixture->store.db, fixture->store.tournament->id, TRUE,
                                        &error));
      g_assert_no_error (error);
    }
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->rules, sp_rules_free);
  sp_test_store_tear_down (&fixture->store, data);
}

#define ON GINT_TO_POINTER (1)

/* Enters a win of @total by @winner from @from at table 1 of session 1 as @referee; its id. */
static gint64
add (Fixture    *fixture,
     const char *referee,
     gint        winner,
     gint        from,
     gint64      total)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;

  sp_hand_entry_init (&entry);
  entry.winner = winner;
  entry.from = from;
  entry.has_total = TRUE;
  entry.total = total;
  sp_db_set_referee (fixture->store.db, referee);
  g_assert_true (sp_db_add_hand (fixture->store.db, fixture->store.tournament, fixture->rules, 1,
                                 1, &entry, &report, &error));
  g_assert_no_error (error);
  return report.hand->id;
}

static SpHandRecord *
get_hand (Fixture *fixture,
          gint64   id)
{
  g_autoptr(GError) error = NULL;
  SpHandRecord *hand = sp_db_get_hand (fixture->store.db, fixture->store.tournament->id, id,
                                       &error);

  g_assert_no_error (error);
  return hand;
}

/* How many hands table 1 of session 1 counts in its result. */
static guint
counted (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = sp_db_list_table_results (fixture->store.db,
                                                        fixture->store.tournament->id, 0,
                                                        &error);

  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 1);
  return g_array_index (results, SpTableResult, 0).n_hands;
}

static guint
count_audit (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) audit = sp_db_list_audit (fixture->store.db, &error);

  g_assert_no_error (error);
  return audit->len;
}

/* Confirms hand @id as @referee, which must succeed; whether it was confirmed already. */
static gboolean
confirm (Fixture    *fixture,
         const char *referee,
         gint64      id)
{
  g_autoptr(SpHandRecord) hand = NULL;
  g_autoptr(GError) error = NULL;
  gboolean already = TRUE;

  sp_db_set_referee (fixture->store.db, referee);
  g_assert_true (sp_db_confirm_hand (fixture->store.db, fixture->store.tournament->id, id, 0,
                                     &hand, &already, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (hand->confirmed_by, !=, NULL);
  return already;
}

/* Off, as every tournament is by default: every hand counts as entered, none can be
 * confirmed, nothing awaits. */
static void
test_off (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(SpHandRecord) hand = NULL;
  g_autoptr(GArray) pending = NULL;
  g_autoptr(GError) error = NULL;
  gboolean already = FALSE;
  guint n_hands = 99;
  gint64 id = add (fixture, "Mei Lin", 0, 1, 8);

  g_assert_false (fixture->store.tournament->two_key);
  g_assert_cmpuint (counted (fixture), ==, 1);
  pending = sp_db_compute_pending (fixture->store.db, fixture->store.tournament, 0, &n_hands,
                                   &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pending->len, ==, 0);
  g_assert_cmpuint (n_hands, ==, 0);
  sp_db_set_referee (fixture->store.db, "Wang Fang");
  g_assert_false (sp_db_confirm_hand (fixture->store.db, fixture->store.tournament->id, id, 0,
                                      &hand, &already, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_null (hand);
  hand = get_hand (fixture, id);
  g_assert_null (hand->confirmed_by);
}

static void
test_confirm (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(SpHandRecord) hand = NULL;
  g_autoptr(SpHandRecord) stored = NULL;
  g_autoptr(SpHandRecord) refused = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(GArray) pending = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GError) error = NULL;
  const SpPendingHands *p;
  const SpLogEntry *line;
  gboolean already = FALSE;
  guint n_hands = 0;
  guint audit;
  gint64 id;

  tournament = sp_db_find_tournament (fixture->store.db, "Two Keys", &error);
  g_assert_no_error (error);
  g_assert_true (tournament->two_key);
  id = add (fixture, "Mei Lin", 0, 1, 8);
  hand = get_hand (fixture, id);
  g_assert_null (hand->confirmed_by);
  g_assert_cmpuint (counted (fixture), ==, 0);

  /* What awaits: one hand for each of the four, what it would add to each score. */
  pending = sp_db_compute_pending (fixture->store.db, fixture->store.tournament, 0, &n_hands,
                                   &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_hands, ==, 1);
  g_assert_cmpuint (pending->len, ==, 4);
  for (guint c = 0; c < 4; c++)
    {
      p = sp_pending_hands_find (pending, fixture->players[c]);
      g_assert_nonnull (p);
      g_assert_cmpuint (p->hands, ==, 1);
      g_assert_cmpint (p->score, ==, hand->settlement[c]);
    }

  /* The reports read the same from the snapshot: the hand apart from the standings. */
  {
    g_autoptr(SpSnapshot) snapshot = sp_db_load_snapshot (fixture->store.db,
                                                          fixture->store.tournament,
                                                          "2026-12-02", &error);

    g_assert_no_error (error);
    g_assert_cmpuint (snapshot->n_unconfirmed, ==, 1);
    g_assert_cmpuint (snapshot->pending->len, ==, 4);
    p = sp_pending_hands_find (snapshot->pending, fixture->players[0]);
    g_assert_nonnull (p);
    g_assert_cmpint (p->score, ==, hand->settlement[0]);
    for (guint i = 0; i < snapshot->standings->len; i++)
      g_assert_cmpint (g_array_index (snapshot->standings, SpStanding, i).score, ==, 0);
  }

  /* The referee who entered it is refused, naming him, and nothing is written. */
  audit = count_audit (fixture);
  sp_db_set_referee (fixture->store.db, "Mei Lin");
  g_assert_false (sp_db_confirm_hand (fixture->store.db, fixture->store.tournament->id, id, 0,
                                      &refused, &already, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Mei Lin"));
  g_clear_error (&error);
  g_assert_cmpuint (count_audit (fixture), ==, audit);
  /* A confirmation against another version is stale. */
  sp_db_set_referee (fixture->store.db, "Wang Fang");
  g_assert_false (sp_db_confirm_hand (fixture->store.db, fixture->store.tournament->id, id, 2,
                                      &refused, &already, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
  g_clear_error (&error);

  /* A second referee's key: it counts. */
  g_assert_false (confirm (fixture, "Wang Fang", id));
  stored = get_hand (fixture, id);
  g_assert_cmpstr (stored->confirmed_by, ==, "Wang Fang");
  g_assert_nonnull (stored->confirmed_at);
  g_assert_cmpuint (counted (fixture), ==, 1);
  g_clear_pointer (&pending, g_array_unref);
  pending = sp_db_compute_pending (fixture->store.db, fixture->store.tournament, 0, &n_hands,
                                   &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n_hands, ==, 0);
  g_assert_cmpuint (pending->len, ==, 0);

  /* Again: nothing doubles. */
  audit = count_audit (fixture);
  g_assert_true (confirm (fixture, "Wang Fang", id));
  g_assert_cmpuint (count_audit (fixture), ==, audit);

  /* The log reads it as a confirmation by Wang Fang. */
  log = sp_db_list_log (fixture->store.db, fixture->store.tournament->id, &error);
  g_assert_no_error (error);
  line = log->pdata[0];
  g_assert_cmpint (line->kind, ==, SP_LOG_HAND_CONFIRMED);
  g_assert_cmpstr (line->reason, ==, "Wang Fang");
  g_assert_cmpuint (line->hand, ==, 1);
  g_assert_cmpuint (line->table, ==, 1);
}

/* A correction is a new version, which awaits confirmation again; a renumbering after a
 * deletion is not, and keeps it. */
static void
test_versions (Fixture       *fixture,
               gconstpointer  data)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpHandRecord) corrected = NULL;
  g_autoptr(SpHandRecord) renumbered = NULL;
  g_autoptr(GError) error = NULL;
  SpTable state;
  gint64 first = add (fixture, "Mei Lin", 0, 1, 8);
  gint64 second = add (fixture, "Mei Lin", 1, 2, 8);

  confirm (fixture, "Wang Fang", first);
  confirm (fixture, "Wang Fang", second);
  g_assert_cmpuint (counted (fixture), ==, 2);

  g_assert_true (sp_db_get_hand_entry (fixture->store.db, fixture->store.tournament, first,
                                       &entry, &state, &error));
  g_assert_no_error (error);
  entry.total = 10;
  g_assert_true (sp_db_correct_hand (fixture->store.db, fixture->store.tournament,
                                     fixture->rules, first, &entry, &report, &error));
  g_assert_no_error (error);
  corrected = get_hand (fixture, first);
  g_assert_cmpuint (corrected->version, ==, 2);
  g_assert_null (corrected->confirmed_by);
  g_assert_cmpuint (counted (fixture), ==, 1);

  g_assert_true (sp_db_remove_hand (fixture->store.db, fixture->store.tournament,
                                    fixture->rules, first, &report, &error));
  g_assert_no_error (error);
  renumbered = get_hand (fixture, second);
  g_assert_cmpuint (renumbered->number, ==, 1);
  g_assert_cmpuint (renumbered->version, ==, 2);
  g_assert_cmpstr (renumbered->confirmed_by, ==, "Wang Fang");
  g_assert_cmpuint (counted (fixture), ==, 1);
}

/* The director confirms a hand of his own with the PIN given; without it he is refused. */
static void
test_director (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(SpHandRecord) hand = NULL;
  g_autoptr(GError) error = NULL;
  gboolean already = FALSE;
  gint64 tournament = fixture->store.tournament->id;
  gint64 id = add (fixture, "Director Li", 0, 1, 8);

  g_assert_true (sp_db_set_pin (fixture->store.db, tournament, NULL, "4321", &error));
  g_assert_no_error (error);
  sp_db_set_referee (fixture->store.db, "Director Li");
  g_assert_false (sp_db_confirm_hand (fixture->store.db, tournament, id, 0, &hand, &already,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (sp_db_unlock (fixture->store.db, tournament, "4321", "hand confirm", &error));
  g_assert_no_error (error);
  g_assert_false (confirm (fixture, "Director Li", id));
  g_assert_cmpuint (counted (fixture), ==, 1);
}

/* A session closes once every hand of it is confirmed. */
static void
test_close (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 id = add (fixture, "Mei Lin", 0, 1, 8);

  g_assert_false (sp_db_close_session (fixture->store.db, fixture->store.tournament, 1, TRUE,
                                       &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "table 1 hand 1"));
  g_clear_error (&error);
  confirm (fixture, "Wang Fang", id);
  g_assert_true (sp_db_close_session (fixture->store.db, fixture->store.tournament, 1, TRUE,
                                      &error));
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, data, func) \
  g_test_add ("/sparrow/db/two-key/" path, Fixture, data, fixture_set_up, func, \
              fixture_tear_down)
  ADD ("off", NULL, test_off);
  ADD ("confirm", ON, test_confirm);
  ADD ("versions", ON, test_versions);
  ADD ("director", ON, test_director);
  ADD ("close", ON, test_close);
#undef ADD
  return g_test_run ();
}
