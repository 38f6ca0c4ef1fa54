/* test-db-hands.c: the operations on hands, each one transaction that checks every rule and
 * writes all or nothing: add, correct, remove, import, false wins, and migration 0002.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <sqlite3.h>
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

/* A tournament of @ruleset and one table of four seated for session 1. */
static void
open_tournament (Fixture    *fixture,
                 SpRuleset   ruleset,
                 gint32      base,
                 gint32      per_tai)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = {
    .name = (char *) "Hands",
    .ruleset = ruleset,
    .profile = (char *) sp_rules_list_profiles (ruleset)[0],
    .options = (char *) "",
    .n_sessions = 2,
    .seating = (char *) "random",
    .ranking = (char *) "score",
    .base = base,
    .per_tai = per_tai,
  };
  const char * const names[] = { "张伟", "Anna Berg", "Jean Dupont", "李娜" };

  fixture->tournament = sp_test_seat_one_table (fixture->db, &tournament, names,
                                                fixture->players);
  fixture->rules = sp_tournament_new_rules (fixture->tournament, &error);
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->db = sp_test_db_new ("sparrow-hands-XXXXXX", &fixture->folder, &fixture->path);
  sp_db_set_referee (fixture->db, "Referee Wu");
  if (data != NULL)
    open_tournament (fixture, (SpRuleset) GPOINTER_TO_INT (data) - 1, 30, 10);
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

#define MCR GINT_TO_POINTER (SP_RULESET_MCR + 1)
#define TAIWAN GINT_TO_POINTER (SP_RULESET_TAIWAN + 1)

static void
win (SpHandEntry *entry,
     gint         winner,
     gint         from,
     const char  *tiles,
     gint64       total)
{
  sp_hand_entry_clear (entry);
  sp_hand_entry_init (entry);
  entry->winner = winner;
  entry->from = from;
  sp_hand_entry_set_tiles (entry, tiles);
  entry->has_total = tiles == NULL;
  entry->total = total;
}

static guint
count_hands (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = sp_db_list_hands (fixture->db, fixture->tournament->id, 0, 0,
                                                 &error);

  g_assert_no_error (error);
  return hands->len;
}

static guint
count_audit (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) audit = sp_db_list_audit (fixture->db, &error);

  g_assert_no_error (error);
  return audit->len;
}

/* Adds @entry at table 1 of session 1, which must succeed; returns the stored hand's id. */
static gint64
add (Fixture           *fixture,
     const SpHandEntry *entry)
{
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1, entry,
                                 &report, &error));
  g_assert_no_error (error);
  g_assert_nonnull (report.hand);
  return report.hand->id;
}

static void
test_add (Fixture       *fixture,
          gconstpointer  data)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) audit = NULL;
  SpAuditEntry *last;

  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, "19m19s19pESWNCFPN", 0);
  g_assert_true (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1, &entry,
                                 &report, &error));
  g_assert_no_error (error);
  g_assert_false (report.false_win);
  g_assert_cmpint (report.hand->total, ==, 88);
  g_assert_cmpint (report.hand->settlement[0], ==, 112);
  g_assert_cmpstr (report.hand->entered_by, ==, "Referee Wu");
  g_assert_cmpuint (report.table.next.number, ==, 1);

  /* The change is in the audit log, by the referee. */
  audit = sp_db_list_audit (fixture->db, &error);
  last = audit->pdata[audit->len - 1];
  g_assert_cmpstr (last->target, ==, "hands");
  g_assert_cmpstr (last->action, ==, "insert");
  g_assert_cmpstr (last->who, ==, "Referee Wu");

  sp_hand_entry_clear (&entry);
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  add (fixture, &entry);
  g_assert_cmpuint (count_hands (fixture), ==, 2);
}

/* Every refusal of the core writes nothing, not even to the audit log. */
static void
test_refusals_write_nothing (Fixture       *fixture,
                             gconstpointer  data)
{
  g_auto(SpHandEntry) entry = { 0 };
  guint audit = count_audit (fixture);

  for (guint i = 0; i < 6; i++)
    {
      g_auto(SpHandReport) report = { 0 };
      g_autoptr(GError) error = NULL;
      SpCoreError code = SP_CORE_ERROR_INVALID;

      switch (i)
        {
        case 0: /* the tiles and a total */
          win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, "nonsense", 0);
          entry.has_total = TRUE;
          entry.total = 8;
          break;
        case 1: /* beyond any MCR hand */
          win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, G_GINT64_CONSTANT (99999999999));
          break;
        case 2: /* MCR has no stakes */
          win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 8);
          sp_situation_set (&entry.situation, "per-tai", "10", NULL);
          break;
        case 3: /* a discarder on a self-draw */
          win (&entry, SP_WIND_EAST, SP_HAND_ENTRY_SELF_DRAWN, NULL, 8);
          sp_situation_set (&entry.situation, "discarder", "W", NULL);
          code = SP_CORE_ERROR_BAD_SITUATION;
          break;
        case 4: /* a seat wind the seating contradicts */
          win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 8);
          sp_situation_set (&entry.situation, "seat-wind", "W", NULL);
          code = SP_CORE_ERROR_BAD_SITUATION;
          break;
        case 5: /* not a win */
          win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, "19m19p19sESWNCF5m1m", 0);
          code = SP_CORE_ERROR_NOT_A_WIN;
          break;
        default:
          g_assert_not_reached ();
        }
      g_assert_false (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1,
                                      &entry, &report, &error));
      g_assert_error (error, SP_CORE_ERROR, (gint) code);
      g_assert_nonnull (strstr (error->message, "session 1 table 1 hand 1"));
      g_assert_null (report.hand);
    }
  g_assert_cmpuint (count_hands (fixture), ==, 0);
  g_assert_cmpuint (count_audit (fixture), ==, audit);
}

static void
test_closed_session (Fixture       *fixture,
                     gconstpointer  data)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpHandRecord row = { .session = 1, .table = 1, .number = 2, .winner = SP_CHAIR_NONE,
                       .discarder = SP_CHAIR_NONE, .draw = TRUE };
  gint64 id;

  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  id = add (fixture, &entry);
  g_assert_true (sp_db_set_session_closed (fixture->db, fixture->tournament->id, 1, TRUE, TRUE,
                                           &error));
  g_assert_no_error (error);

  g_assert_false (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1,
                                  &entry, &report, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "closed"));
  g_clear_error (&error);
  /* The rows themselves refuse it too, whoever writes them. */
  g_assert_false (sp_db_record_hand (fixture->db, fixture->tournament->id, &row, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 8);
  g_assert_false (sp_db_correct_hand (fixture->db, fixture->tournament, fixture->rules, id,
                                      &entry, &report, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sp_db_remove_hand (fixture->db, fixture->tournament, fixture->rules, id,
                                     &report, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpuint (count_hands (fixture), ==, 1);
}

static void
test_withdrawn_player (Fixture       *fixture,
                       gconstpointer  data)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup ("Sub");
  SpPlayer substitute = { .tournament = fixture->tournament->id, .name = name,
                          .status = SP_PLAYER_SUBSTITUTE, .substitute_for = fixture->players[2] };

  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  g_assert_true (sp_db_set_player_status (fixture->db, fixture->players[2], SP_PLAYER_WITHDRAWN,
                                          &error));
  g_assert_no_error (error);
  g_assert_false (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1,
                                  &entry, &report, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Jean Dupont"));
  g_assert_nonnull (strstr (error->message, "withdrawn"));
  g_clear_error (&error);
  g_assert_cmpuint (count_hands (fixture), ==, 0);

  /* Once a substitute has his seat, the table plays on. */
  g_assert_true (sp_db_add_player (fixture->db, &substitute, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_replace_player (fixture->db, fixture->tournament->id, fixture->players[2],
                                       substitute.id, &error));
  g_assert_no_error (error);
  add (fixture, &entry);
  g_assert_cmpuint (count_hands (fixture), ==, 1);
}

/* A player who withdraws after his table began stops it: the message says what can be done. */
static void
test_withdrawn_after_begin (Fixture       *fixture,
                            gconstpointer  data)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;

  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  add (fixture, &entry);
  g_assert_true (sp_db_set_player_status (fixture->db, fixture->players[1], SP_PLAYER_WITHDRAWN,
                                          &error));
  g_assert_no_error (error);
  g_assert_false (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1,
                                  &entry, &report, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Anna Berg"));
  g_assert_nonnull (strstr (error->message, "players reinstate"));
  g_assert_nonnull (strstr (error->message, "--time-up"));
  g_assert_null (strstr (error->message, "players substitute"));
  g_clear_error (&error);
  g_assert_cmpuint (count_hands (fixture), ==, 1);

  /* Replaced, he cannot be reinstated: only closing the session is left. */
  {
    g_autofree char *name = g_strdup ("Sub");
    SpPlayer substitute = { .tournament = fixture->tournament->id, .name = name,
                            .status = SP_PLAYER_SUBSTITUTE,
                            .substitute_for = fixture->players[1] };

    g_assert_true (sp_db_add_player (fixture->db, &substitute, &error));
    g_assert_no_error (error);
  }
  g_assert_false (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1,
                                  &entry, &report, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "next session"));
  g_assert_nonnull (strstr (error->message, "--time-up"));
  g_assert_null (strstr (error->message, "reinstate"));
  g_clear_error (&error);
  g_assert_cmpuint (count_hands (fixture), ==, 1);
}

/* Taiwan, three hands; hand 2 corrected from a win of S to a win of the dealer E: the dealer
 * keeps the deal (連莊), so hand 3 is played at other seat winds and paid otherwise. */
static void
test_correct (Fixture       *fixture,
              gconstpointer  data)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandEntry) stored = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpHandRecord) third = NULL;
  SpTable before;
  gint64 ids[3];

  /* Hand 1: a draw (the dealer, chair 0, keeps the deal).  Hand 2: S (chair 1) wins from W,
   * the deal passes.  Hand 3: E, now chair 1, self-draws 1 台 as the dealer. */
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  ids[0] = add (fixture, &entry);
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 2);
  ids[1] = add (fixture, &entry);
  win (&entry, SP_WIND_EAST, SP_HAND_ENTRY_SELF_DRAWN, NULL, 1);
  ids[2] = add (fixture, &entry);
  third = sp_db_get_hand (fixture->db, fixture->tournament->id, ids[2], &error);
  g_assert_cmpint (third->winner, ==, 1);
  g_assert_cmpint (third->settlement[1], ==, 150);
  g_assert_cmpint (third->settlement[0], ==, -50);
  g_clear_pointer (&third, sp_hand_record_free);

  /* The correction starts from the stored entry, seat letters of its own hand. */
  g_assert_true (sp_db_get_hand_entry (fixture->db, fixture->tournament, ids[1], &stored,
                                       &before, &error));
  g_assert_no_error (error);
  g_assert_cmpint (stored.winner, ==, SP_WIND_SOUTH);
  g_assert_cmpint (stored.from, ==, SP_WIND_WEST);
  g_assert_cmpuint (before.next.number, ==, 2);
  g_assert_cmpuint (before.next.streak, ==, 1);
  stored.winner = SP_WIND_EAST;
  g_assert_true (sp_db_correct_hand (fixture->db, fixture->tournament, fixture->rules, ids[1],
                                     &stored, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpint (report.hand->id, ==, ids[1]);
  g_assert_cmpint (report.hand->winner, ==, 0);
  /* The dealer on 連1 wins 2 台 from W: 30 + (2 + 3) × 10. */
  g_assert_cmpint (report.hand->settlement[0], ==, 80);

  /* Hand 3: chair 0 still deals (連2), chair 1 sits S and self-draws as a non-dealer. */
  third = sp_db_get_hand (fixture->db, fixture->tournament->id, ids[2], &error);
  g_assert_cmpint (third->winner, ==, 1);
  g_assert_cmpint (third->settlement[0], ==, -90);
  g_assert_cmpint (third->settlement[2], ==, -40);
  g_assert_cmpint (third->settlement[1], ==, 170);

  /* A correction the rules refuse writes nothing. */
  g_clear_pointer (&third, sp_hand_record_free);
  win (&entry, SP_WIND_EAST, SP_WIND_WEST, "nonsense", 2);
  entry.has_total = TRUE;
  g_assert_false (sp_db_correct_hand (fixture->db, fixture->tournament, fixture->rules, ids[1],
                                      &entry, &report, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_clear_error (&error);
  third = sp_db_get_hand (fixture->db, fixture->tournament->id, ids[2], &error);
  g_assert_cmpint (third->settlement[1], ==, 170);
}

static void
test_remove (Fixture       *fixture,
             gconstpointer  data)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  gint64 ids[3];
  gint64 next;

  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  ids[0] = add (fixture, &entry);
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 2);
  ids[1] = add (fixture, &entry);
  win (&entry, SP_WIND_EAST, SP_HAND_ENTRY_SELF_DRAWN, NULL, 1);
  ids[2] = add (fixture, &entry);

  /* Without the draw, S's win is hand 1 with the dealer on 連0, and the deal passes after it:
   * the self-draw of chair 1 is then the dealer's, on 連0. */
  g_assert_true (sp_db_remove_hand (fixture->db, fixture->tournament, fixture->rules, ids[0],
                                    &report, &error));
  g_assert_no_error (error);
  g_assert_cmpint (report.hand->id, ==, ids[0]);
  hands = sp_db_list_hands (fixture->db, fixture->tournament->id, 1, 1, &error);
  g_assert_cmpuint (hands->len, ==, 2);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[0])->id, ==, ids[1]);
  g_assert_cmpuint (((SpHandRecord *) hands->pdata[0])->number, ==, 1);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[0])->settlement[1], ==, 50);
  g_assert_cmpuint (((SpHandRecord *) hands->pdata[1])->number, ==, 2);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[1])->settlement[0], ==, -50);

  /* A deleted hand's id never comes back. */
  g_assert_true (sp_db_remove_hand (fixture->db, fixture->tournament, fixture->rules, ids[2],
                                    &report, &error));
  g_assert_no_error (error);
  sp_hand_entry_clear (&entry);
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  next = add (fixture, &entry);
  g_assert_cmpint (next, >, ids[2]);

  g_assert_false (sp_db_remove_hand (fixture->db, fixture->tournament, fixture->rules, 9999,
                                     &report, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
}

/* A stored time (UTC, ISO 8601) on the local clock, as a refusal names it. */
static char *
local_clock (const char *at)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_iso8601 (at, NULL);
  g_autoptr(GDateTime) local = NULL;

  g_assert_nonnull (utc);
  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "%H:%M");
}

static SpHandRecord *
get_hand (Fixture *fixture,
          gint64   id)
{
  g_autoptr(GError) error = NULL;
  SpHandRecord *hand = sp_db_get_hand (fixture->db, fixture->tournament->id, id, &error);

  g_assert_no_error (error);
  return hand;
}

/* A new hand typed against a table that has moved on (another referee entered the hand, or
 * deleted one) is refused inside the store, naming who and when, and writes nothing. */
static void
test_stale_add (Fixture       *fixture,
                gconstpointer  data)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpHandRecord) first = NULL;
  g_autofree char *at = NULL;
  g_autofree char *expected = NULL;
  guint audit;
  gint64 id;

  /* Hand 1 as the table showed it: accepted. */
  sp_db_set_referee (fixture->db, "Mei Lin");
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 8);
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_true (sp_db_add_hand_expecting (fixture->db, fixture->tournament, fixture->rules,
                                             1, 1, 1, NULL, &entry, &report, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (report.hand->number, ==, 1);
    g_assert_cmpuint (report.hand->version, ==, 1);
    id = report.hand->id;
  }
  first = get_hand (fixture, id);
  at = local_clock (first->entered_at);
  sp_db_set_referee (fixture->db, "Referee Wu");

  /* Hand 1 again, from a window that still shows "Next: hand 1"; and a number beyond. */
  audit = count_audit (fixture);
  expected = g_strdup_printf ("table 1 is at hand 2: hand 1 was entered by Mei Lin at %s", at);
  for (guint expect = 1; expect <= 3; expect += 2)
    {
      g_auto(SpHandReport) report = { 0 };
      g_autoptr(GError) error = NULL;

      win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 8);
      g_assert_false (sp_db_add_hand_expecting (fixture->db, fixture->tournament,
                                                fixture->rules, 1, 1, expect, NULL, &entry, &report,
                                                &error));
      g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
      if (expect == 1)
        g_assert_cmpstr (error->message, ==, expected);
      else
        g_assert_cmpstr (error->message, ==, "table 1 is at hand 2, not hand 3");
      g_assert_null (report.hand);
    }
  /* A false win typed against the old number is refused too: its penalties are not given. */
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, "19m19p19sESWNCF5m1m", 0);
    entry.false_win = TRUE;
    g_assert_false (sp_db_add_hand_expecting (fixture->db, fixture->tournament,
                                              fixture->rules, 1, 1, 1, NULL, &entry, &report,
                                              &error));
    g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
    g_assert_null (report.penalties);
  }
  g_assert_cmpuint (count_hands (fixture), ==, 1);
  g_assert_cmpuint (count_audit (fixture), ==, audit);

  /* Two hands entered since the window read the table: both are named, the last by who. */
  sp_hand_entry_clear (&entry);
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  add (fixture, &entry);
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_false (sp_db_add_hand_expecting (fixture->db, fixture->tournament,
                                              fixture->rules, 1, 1, 1, NULL, &entry, &report,
                                              &error));
    g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
    g_assert_nonnull (strstr (error->message, "table 1 is at hand 3: hands 1 to 2 were entered, "
                                              "hand 2 by Referee Wu at "));
  }

  /* A hand deleted elsewhere: a window at "Next: hand 3" is told who deleted which. */
  sp_db_set_referee (fixture->db, "Bo");
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_true (sp_db_remove_hand (fixture->db, fixture->tournament, fixture->rules, id,
                                      &report, &error));
    g_assert_no_error (error);
    g_assert_false (sp_db_add_hand_expecting (fixture->db, fixture->tournament,
                                              fixture->rules, 1, 1, 3, NULL, &entry, &report,
                                              &error));
    g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
    g_assert_nonnull (strstr (error->message, "table 1 is at hand 2: hand 1 was deleted by Bo "
                                              "at "));
    g_clear_error (&error);
    /* Against the table as it is now: accepted. */
    g_assert_true (sp_db_add_hand_expecting (fixture->db, fixture->tournament, fixture->rules,
                                             1, 1, 2, NULL, &entry, &report, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (report.hand->number, ==, 2);
  }
}

/* Every change of a hand's row is a new version; a correction or a deletion made against an
 * older one is refused, naming who corrected it and when, and writes nothing. */
static void
test_stale_correct (Fixture       *fixture,
                    gconstpointer  data)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpHandRecord) corrected = NULL;
  g_autoptr(SpHandRecord) renumbered = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *at = NULL;
  gint64 ids[2];
  guint audit;

  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 8);
  ids[0] = add (fixture, &entry);
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 9);
  ids[1] = add (fixture, &entry);

  /* A correction against version 1 is accepted and makes version 2, by its referee. */
  sp_db_set_referee (fixture->db, "Mei Lin");
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 10);
    g_assert_true (sp_db_correct_hand_expecting (fixture->db, fixture->tournament,
                                                 fixture->rules, ids[0], 1, &entry, &report,
                                                 &error));
    g_assert_no_error (error);
    g_assert_cmpuint (report.hand->version, ==, 2);
  }
  corrected = get_hand (fixture, ids[0]);
  g_assert_cmpuint (corrected->version, ==, 2);
  g_assert_cmpint (corrected->total, ==, 10);
  /* The hand after it is as it was (MCR's seats follow the number alone). */
  {
    g_autoptr(SpHandRecord) second = get_hand (fixture, ids[1]);

    g_assert_cmpuint (second->version, ==, 1);
  }

  /* A second correction typed against version 1, and a deletion: both refused. */
  sp_db_set_referee (fixture->db, "Referee Wu");
  audit = count_audit (fixture);
  /* The time the store kept for the change, on the local clock. */
  g_assert_cmpstr (corrected->changed_by, ==, "Mei Lin");
  at = local_clock (corrected->changed_at);
  expected = g_strdup_printf ("table 1 hand 1 was corrected by Mei Lin at %s (version 2, not 1)",
                              at);
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 12);
    g_assert_false (sp_db_correct_hand_expecting (fixture->db, fixture->tournament,
                                                  fixture->rules, ids[0], 1, &entry, &report,
                                                  &error));
    g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
    g_assert_cmpstr (error->message, ==, expected);
    g_clear_error (&error);
    g_assert_false (sp_db_remove_hand_expecting (fixture->db, fixture->tournament,
                                                 fixture->rules, ids[0], 1, &report, &error));
    g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
    g_assert_cmpstr (error->message, ==, expected);
  }
  g_assert_cmpuint (count_audit (fixture), ==, audit);
  g_assert_cmpuint (count_hands (fixture), ==, 2);
  g_clear_pointer (&corrected, sp_hand_record_free);
  corrected = get_hand (fixture, ids[0]);
  g_assert_cmpint (corrected->total, ==, 10);

  /* Deleted against its version: the hand after it is renumbered, a new version of it. */
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_true (sp_db_remove_hand_expecting (fixture->db, fixture->tournament,
                                                fixture->rules, ids[0], 2, &report, &error));
    g_assert_no_error (error);
  }
  renumbered = get_hand (fixture, ids[1]);
  g_assert_cmpuint (renumbered->number, ==, 1);
  g_assert_cmpuint (renumbered->version, >, 1);
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 8);
    g_assert_false (sp_db_correct_hand_expecting (fixture->db, fixture->tournament,
                                                  fixture->rules, ids[1], 1, &entry, &report,
                                                  &error));
    g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
    g_assert_nonnull (strstr (error->message, "corrected by Referee Wu"));
    g_clear_error (&error);
    g_assert_true (sp_db_correct_hand_expecting (fixture->db, fixture->tournament,
                                                 fixture->rules, ids[1], renumbered->version,
                                                 &entry, &report, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (report.hand->version, ==, renumbered->version + 1);
  }
}

/* Taiwan: the dealer keeps the deal when he wins, so a correction of hand 1 moves who sits at
 * East for hand 2 without changing its number.  A hand 2 typed against the old seats is
 * refused, naming the correction; against the new ones it is accepted. */
static void
test_stale_seats (Fixture       *fixture,
                  gconstpointer  data)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpHandRecord) corrected = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *at = NULL;
  SpTable seen;
  SpTable now;
  gint64 id;

  /* Hand 1: the dealer (chair 0) wins: he deals hand 2 again. */
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 2);
  id = add (fixture, &entry);
  {
    g_autoptr(GError) error = NULL;

    g_assert_true (sp_db_load_table (fixture->db, fixture->tournament, 1, 1, &seen, NULL,
                                     &error));
    g_assert_no_error (error);
    g_assert_cmpuint (sp_rotation_dealer_chair (&seen.next), ==, 0);
  }

  /* Another station corrects hand 1: South won, the deal passes to chair 1. */
  sp_db_set_referee (fixture->db, "Mei Lin");
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 2);
    g_assert_true (sp_db_correct_hand (fixture->db, fixture->tournament, fixture->rules, id,
                                       &entry, &report, &error));
    g_assert_no_error (error);
    g_assert_true (sp_db_load_table (fixture->db, fixture->tournament, 1, 1, &now, NULL,
                                     &error));
    g_assert_cmpuint (sp_rotation_dealer_chair (&now.next), ==, 1);
  }
  sp_db_set_referee (fixture->db, "Referee Wu");
  corrected = get_hand (fixture, id);
  at = local_clock (corrected->changed_at);
  expected = g_strdup_printf ("table 1: the seats of hand 2 have changed: hand 1 was corrected "
                              "by Mei Lin at %s", at);

  /* Hand 2 typed as the window saw the table: its number is right, its seats are not. */
  win (&entry, SP_WIND_EAST, SP_WIND_NORTH, NULL, 3);
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;
    guint audit = count_audit (fixture);

    g_assert_false (sp_db_add_hand_expecting (fixture->db, fixture->tournament, fixture->rules,
                                              1, 1, 2, &seen.next, &entry, &report, &error));
    g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE);
    g_assert_cmpstr (error->message, ==, expected);
    g_assert_cmpuint (count_hands (fixture), ==, 1);
    g_assert_cmpuint (count_audit (fixture), ==, audit);
  }
  {
    g_auto(SpHandReport) report = { 0 };
    g_autoptr(GError) error = NULL;

    g_assert_true (sp_db_add_hand_expecting (fixture->db, fixture->tournament, fixture->rules,
                                             1, 1, 2, &now.next, &entry, &report, &error));
    g_assert_no_error (error);
    /* East is chair 1 now: the hand is his. */
    g_assert_cmpint (report.hand->winner, ==, 1);
  }
}

static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  SpHandImport lines[3] = { 0 };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 3; i++)
    {
      lines[i].session = 1;
      lines[i].table = 1;
      lines[i].where = "hands.csv line 2";
      sp_hand_entry_init (&lines[i].entry);
    }
  lines[0].entry.draw = TRUE;
  win (&lines[1].entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 8);
  win (&lines[2].entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 7);
  lines[2].where = "hands.csv line 4";

  /* The third is below the minimum: nothing is imported. */
  g_assert_false (sp_db_import_hands (fixture->db, fixture->tournament, fixture->rules, lines, 3,
                                      &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_true (g_str_has_prefix (error->message, "hands.csv line 4: session 1 table 1 hand 3"));
  g_clear_error (&error);
  g_assert_cmpuint (count_hands (fixture), ==, 0);

  /* An unknown table is named too. */
  lines[2].entry.total = 8;
  lines[2].table = 5;
  g_assert_false (sp_db_import_hands (fixture->db, fixture->tournament, fixture->rules, lines, 3,
                                      &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no table 5"));
  g_clear_error (&error);
  g_assert_cmpuint (count_hands (fixture), ==, 0);

  lines[2].table = 1;
  g_assert_true (sp_db_import_hands (fixture->db, fixture->tournament, fixture->rules, lines, 3,
                                     &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_hands (fixture), ==, 3);
  for (guint i = 0; i < 3; i++)
    sp_hand_entry_clear (&lines[i].entry);
}

static void
test_false_win (Fixture       *fixture,
                gconstpointer  data)
{
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) penalties = NULL;

  /* 有意诈和 by W (chair 2 at hand 1): four tiles from ready. */
  win (&entry, SP_WIND_WEST, SP_WIND_SOUTH, "1357m2468p13579s2m", 0);
  entry.false_win = TRUE;
  g_assert_true (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1, &entry,
                                 &report, &error));
  g_assert_no_error (error);
  g_assert_true (report.false_win);
  g_assert_null (report.hand);
  g_assert_cmpint (report.disqualified, ==, fixture->players[2]);
  g_assert_cmpuint (report.penalties->len, ==, 4);
  g_assert_cmpuint (count_hands (fixture), ==, 0);

  penalties = sp_db_list_penalties (fixture->db, fixture->tournament->id, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (penalties->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      SpPenalty *penalty = penalties->pdata[i];

      g_assert_cmpuint (penalty->table, ==, 1);
      g_assert_cmpuint (penalty->number, ==, 1);
      g_assert_cmpint (penalty->points, ==, penalty->player == fixture->players[2] ? -60 : 20);
      g_assert_nonnull (strstr (penalty->reason, "有意诈和"));
    }
}

/* A version-1 file: the 0001 schema with hands whose situation has the command-line form. */
static void
test_migration (void)
{
  g_autofree char *folder = g_dir_make_tmp ("sparrow-hands-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "old.db", NULL);
  g_autofree char *schema_path = g_test_build_filename (G_TEST_DIST, "..", "db", "migrations",
                                                        "0001-initial.sql", NULL);
  g_autofree char *schema = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(SpRules) rules = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  g_autoptr(GPtrArray) penalties = NULL;
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  sqlite3 *raw;

  g_assert_true (g_file_get_contents (schema_path, &schema, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw, schema, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (raw,
    "INSERT INTO tournaments (id, name, ruleset, profile, n_sessions, seating, ranking, created)"
    " VALUES (1, 'Old', 'mcr', 'cn', 1, 'random', 'score', '2025-01-01T00:00:00Z');"
    "INSERT INTO players (id, tournament_id, name) VALUES (1, 1, 'A'), (2, 1, 'B'),"
    " (3, 1, 'C'), (4, 1, 'D');"
    "INSERT INTO sessions (id, tournament_id, number) VALUES (1, 1, 1);"
    "INSERT INTO seats VALUES (1, 1, 0, 1), (1, 1, 1, 2), (1, 1, 2, 3), (1, 1, 3, 4);"
    "INSERT INTO hands (id, session_id, table_number, number, winner, discarder, situation,"
    " total, s0, s1, s2, s3, entered_by, entered_at) VALUES"
    " (1, 1, 1, 1, 0, 1, '--last-tile --flowers 2', 8, 32, -16, -8, -8, 'x', 'now'),"
    " (2, 1, 1, 2, 1, 2, '--flowers f1,f3 --liable S', 8, -8, 32, -16, -8, 'x', 'now'),"
    " (3, 1, 1, 3, 2, 3, NULL, 8, -8, -8, 32, -16, 'x', 'now'),"
    " (7, 1, 1, 4, 3, 0, '--kong', 8, -16, -8, -8, 32, 'x', 'now');"
    "INSERT INTO penalties (session_id, player_id, hand_id, points, reason)"
    " VALUES (1, 1, 2, -5, 'slow');"
    "PRAGMA application_id = 1399878263; PRAGMA user_version = 1;", NULL, NULL, NULL),
    ==, SQLITE_OK);
  sqlite3_close (raw);

  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sp_db_get_schema_version (db), ==, SP_DB_SCHEMA_VERSION);
  tournament = sp_db_find_tournament (db, "Old", &error);
  rules = sp_tournament_new_rules (tournament, &error);
  hands = sp_db_list_hands (db, 1, 1, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 4);
  g_assert_cmpstr (((SpHandRecord *) hands->pdata[0])->situation, ==, "last-tile flowers=2");
  g_assert_cmpstr (((SpHandRecord *) hands->pdata[1])->situation, ==, "liable=S flowers=f1,f3");
  g_assert_null (((SpHandRecord *) hands->pdata[2])->situation);
  g_assert_cmpstr (((SpHandRecord *) hands->pdata[3])->situation, ==, "kong");
  g_assert_cmpint (((SpHandRecord *) hands->pdata[3])->id, ==, 7);
  /* 0006: every hand stored before versions is at version 1. */
  for (guint i = 0; i < hands->len; i++)
    g_assert_cmpuint (((SpHandRecord *) hands->pdata[i])->version, ==, 1);
  /* The penalty still names its hand. */
  penalties = sp_db_list_penalties (db, 1, 1, &error);
  g_assert_cmpuint (penalties->len, ==, 1);
  g_assert_cmpint (((SpPenalty *) penalties->pdata[0])->hand, ==, 2);

  /* The stored entry reads back through the typed situation. */
  {
    SpTable before;

    g_assert_true (sp_db_get_hand_entry (db, tournament, 1, &entry, &before, &error));
    g_assert_no_error (error);
    g_assert_true (entry.situation.last_tile);
    g_assert_cmpuint (entry.situation.n_flowers, ==, 2);
  }

  /* Hand 7, the highest, deleted: the next hand gets 8, not 7. */
  g_assert_true (sp_db_remove_hand (db, tournament, rules, 7, &report, &error));
  g_assert_no_error (error);
  sp_hand_entry_clear (&entry);
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  g_assert_true (sp_db_add_hand (db, tournament, rules, 1, 1, &entry, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpint (report.hand->id, ==, 8);

  g_clear_pointer (&db, sp_db_close);
  g_unlink (path);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);

    g_unlink (wal);
    g_unlink (shm);
  }
  g_rmdir (folder);
}

/* Removes @path and everything under it (the backups a migration made beside a file). */
static void
remove_folder (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_folder (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* A version-7 file (the migrations 0001–0007 as shipped) whose last hands were deleted: 0008
 * rebuilds the hands for Riichi and keeps every row, their ids and the id counter, so that a
 * deleted hand's id still never comes back; the rulesets are no longer listed in the schema. */
static void
test_migration_riichi (void)
{
  g_autofree char *folder = g_dir_make_tmp ("sparrow-hands-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "v7.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(SpRules) rules = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  g_auto(SpHandReport) report = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  sqlite3 *raw;

  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  for (guint n = 1; n <= 7; n++)
    {
      static const char *const names[] = { "0001-initial", "0002-hands", "0003-players",
                                            "0004-event", "0005-pin", "0006-hand-versions",
                                            "0007-audit-note" };
      g_autofree char *file = g_strconcat (names[n - 1], ".sql", NULL);
      g_autofree char *schema_path = g_test_build_filename (G_TEST_DIST, "..", "db",
                                                            "migrations", file, NULL);
      g_autofree char *schema = NULL;

      g_assert_true (g_file_get_contents (schema_path, &schema, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpint (sqlite3_exec (raw, schema, NULL, NULL, NULL), ==, SQLITE_OK);
    }
  g_assert_cmpint (sqlite3_exec (raw,
    "INSERT INTO tournaments (id, name, ruleset, profile, n_sessions, seating, ranking, created,"
    " venue, pin_hash) VALUES (1, 'Old', 'taiwan', 'tw', 1, 'random', 'score',"
    " '2025-01-01T00:00:00Z', 'Hall 2', NULL);"
    "INSERT INTO players (id, tournament_id, name) VALUES (1, 1, 'A'), (2, 1, 'B'),"
    " (3, 1, 'C'), (4, 1, 'D');"
    "INSERT INTO sessions (id, tournament_id, number) VALUES (1, 1, 1);"
    "INSERT INTO seats VALUES (1, 1, 0, 1), (1, 1, 1, 2), (1, 1, 2, 3), (1, 1, 3, 4);"
    "INSERT INTO hands (id, session_id, table_number, number, draw, entered_by, entered_at,"
    " version) VALUES (1, 1, 1, 1, 1, 'x', 'now', 1), (2, 1, 1, 2, 1, 'x', 'now', 3);"
    "UPDATE sqlite_sequence SET seq = 5 WHERE name = 'hands';"
    "PRAGMA application_id = 1399878263; PRAGMA user_version = 7;", NULL, NULL, NULL),
    ==, SQLITE_OK);
  sqlite3_close (raw);

  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sp_db_get_schema_version (db), ==, SP_DB_SCHEMA_VERSION);
  tournament = sp_db_find_tournament (db, "Old", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (tournament->venue, ==, "Hall 2");
  rules = sp_tournament_new_rules (tournament, &error);
  hands = sp_db_list_hands (db, 1, 1, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hands->len, ==, 2);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[1])->id, ==, 2);
  g_assert_cmpuint (((SpHandRecord *) hands->pdata[1])->version, ==, 3);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[1])->sticks, ==, 0);

  /* Hands 3–5 were deleted before: the next one is 6. */
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  g_assert_true (sp_db_add_hand (db, tournament, rules, 1, 1, &entry, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpint (report.hand->id, ==, 6);

  g_clear_pointer (&db, sp_db_close);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);
    g_autofree char *backups = g_strconcat (path, "-backups", NULL);

    g_unlink (wal);
    g_unlink (shm);
    g_unlink (path);
    remove_folder (backups);
  }
  g_rmdir (folder);
}

/* The snapshot the reports draw from holds every record of the tournament as the store has it,
 * the seats of each session drawn and the standings of the hands played. */
static void
test_snapshot (Fixture       *fixture,
               gconstpointer  data)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpSnapshot) snapshot = NULL;
  g_autoptr(GError) error = NULL;
  const SpSessionSnapshot *session;
  const SpStanding *first;

  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, "19m19s19pESWNCFPN", 0);
  add (fixture, &entry);
  snapshot = sp_db_load_snapshot (fixture->db, fixture->tournament, "2026-11-30", &error);
  g_assert_no_error (error);
  g_assert_nonnull (snapshot);
  g_assert_cmpstr (snapshot->tournament->name, ==, "Hands");
  g_assert_cmpstr (snapshot->date, ==, "2026-11-30");
  g_assert_cmpuint (snapshot->players->len, ==, 4);
  g_assert_cmpstr (sp_snapshot_find_player (snapshot, fixture->players[3])->name, ==, "李娜");
  g_assert_cmpuint (snapshot->sessions->len, ==, 1);
  session = sp_snapshot_find_session (snapshot, 1);
  g_assert_nonnull (session);
  g_assert_null (sp_snapshot_find_session (snapshot, 2));
  g_assert_cmpuint (session->n_tables, ==, 1);
  g_assert_cmpint (session->seats[0], ==, fixture->players[0]);
  g_assert_cmpuint (snapshot->hands->len, ==, 1);
  g_assert_cmpint (((SpHandRecord *) snapshot->hands->pdata[0])->total, ==, 88);
  g_assert_cmpuint (snapshot->tables->len, ==, 1);
  g_assert_cmpuint (snapshot->standings->len, ==, 4);
  first = &g_array_index (snapshot->standings, SpStanding, 0);
  g_assert_cmpint (first->player, ==, fixture->players[0]);
  g_assert_cmpint (first->score, ==, 112);
  g_assert_cmpuint (snapshot->audit->len, >, 0);
}

/* A snapshot without the audit log and the standings has every other record, and those left
 * out empty: the players' view reads it at each change. */
static void
test_snapshot_without (Fixture       *fixture,
                       gconstpointer  data)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpSnapshot) snapshot = NULL;
  g_autoptr(GError) error = NULL;

  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, "19m19s19pESWNCFPN", 0);
  add (fixture, &entry);
  snapshot = sp_db_load_snapshot_without (fixture->db, fixture->tournament, "2026-11-30",
                                          SP_DB_SNAPSHOT_NO_AUDIT | SP_DB_SNAPSHOT_NO_STANDINGS,
                                          &error);
  g_assert_no_error (error);
  g_assert_nonnull (snapshot);
  g_assert_cmpuint (snapshot->players->len, ==, 4);
  g_assert_cmpuint (snapshot->sessions->len, ==, 1);
  g_assert_cmpuint (snapshot->hands->len, ==, 1);
  g_assert_cmpuint (snapshot->audit->len, ==, 0);
  g_assert_cmpuint (snapshot->standings->len, ==, 0);
  g_assert_cmpuint (snapshot->tables->len, ==, 0);
  g_clear_pointer (&snapshot, sp_snapshot_free);

  snapshot = sp_db_load_snapshot_without (fixture->db, fixture->tournament, "2026-11-30",
                                          SP_DB_SNAPSHOT_NO_AUDIT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (snapshot->audit->len, ==, 0);
  g_assert_cmpuint (snapshot->standings->len, ==, 4);
  g_assert_cmpuint (snapshot->tables->len, ==, 1);
}

/* A hand sent twice with its entry key (the first sending's fate unknown to the station) is
 * stored once: the second finds it, writes nothing, and says so. */
static void
test_entry_key (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandReport) first = { 0 };
  g_auto(SpHandReport) again = { 0 };
  g_auto(SpHandReport) other = { 0 };
  guint audit;

  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 8);
  entry.key = g_strdup ("station-3-0001");
  g_assert_true (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1, &entry,
                                 &first, &error));
  g_assert_no_error (error);
  g_assert_false (first.repeated);
  g_assert_cmpstr (first.hand->entry_key, ==, "station-3-0001");
  audit = count_audit (fixture);

  /* Sent again, even against the table's next hand number: the first is the answer. */
  g_assert_true (sp_db_add_hand_expecting (fixture->db, fixture->tournament, fixture->rules, 1,
                                           1, 1, NULL, &entry, &again, &error));
  g_assert_no_error (error);
  g_assert_true (again.repeated);
  g_assert_cmpint (again.hand->id, ==, first.hand->id);
  g_assert_cmpuint (again.hand->number, ==, 1);
  g_assert_cmpuint (count_hands (fixture), ==, 1);
  g_assert_cmpuint (count_audit (fixture), ==, audit);

  /* Another key is another hand. */
  g_free (entry.key);
  entry.key = g_strdup ("station-3-0002");
  g_assert_true (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1, &entry,
                                 &other, &error));
  g_assert_no_error (error);
  g_assert_false (other.repeated);
  g_assert_cmpuint (other.hand->number, ==, 2);
  g_assert_cmpuint (count_hands (fixture), ==, 2);
}

/* A station opened the tournament before the director, at another station, raised its minimum
 * to 12 fan (allowed until the first hand): the station's first hand, 8 fan, is judged under
 * the rules as stored when it is entered, not as the station read them. */
static void
test_rules_changed_elsewhere (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) director = sp_db_open (fixture->path, &error);
  g_autoptr(SpTournament) changes = NULL;
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, fixture->tournament->id);
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandReport) report = { 0 };

  g_assert_no_error (error);
  changes = sp_db_find_tournament (director, id, &error);
  g_assert_no_error (error);
  g_free (changes->options);
  changes->options = g_strdup ("min_fan=12");
  g_assert_true (sp_db_change_rules (director, changes, &error));
  g_assert_no_error (error);

  /* The station still holds the tournament it read before: minimum 8. */
  g_assert_null (strstr (fixture->tournament->options != NULL ? fixture->tournament->options
                                                             : "", "min_fan=12"));
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 8);
  g_assert_false (sp_db_add_hand (fixture->db, fixture->tournament, fixture->tournament->rules,
                                  1, 1, &entry, &report, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_cmpuint (count_hands (fixture), ==, 0);
  g_clear_error (&error);

  /* 12 fan passes the stored minimum. */
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 12);
  g_assert_true (sp_db_add_hand (fixture->db, fixture->tournament, fixture->tournament->rules,
                                 1, 1, &entry, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_hands (fixture), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, data, func) \
  g_test_add ("/sparrow/db/hands/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)
  ADD ("add", MCR, test_add);
  ADD ("refusals-write-nothing", MCR, test_refusals_write_nothing);
  ADD ("closed-session", MCR, test_closed_session);
  ADD ("withdrawn-player", MCR, test_withdrawn_player);
  ADD ("withdrawn-after-begin", MCR, test_withdrawn_after_begin);
  ADD ("correct", TAIWAN, test_correct);
  ADD ("remove", TAIWAN, test_remove);
  ADD ("stale-add", MCR, test_stale_add);
  ADD ("rules-changed-elsewhere", MCR, test_rules_changed_elsewhere);
  ADD ("entry-key", MCR, test_entry_key);
  ADD ("stale-correct", MCR, test_stale_correct);
  ADD ("stale-seats", TAIWAN, test_stale_seats);
  ADD ("import", MCR, test_import);
  ADD ("false-win", MCR, test_false_win);
  ADD ("snapshot", MCR, test_snapshot);
  ADD ("snapshot-without", MCR, test_snapshot_without);
#undef ADD
  g_test_add_func ("/sparrow/db/hands/migration", test_migration);
  g_test_add_func ("/sparrow/db/hands/migration-riichi", test_migration_riichi);
  return g_test_run ();
}
