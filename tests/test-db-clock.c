/* test-db-clock.c: the session clock in the store (start, pause, resume, end, length, each one
 * transaction in the audit log, the time right after the store is closed and opened again)
 * and the standings hidden until the last session.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-test-db.h"

typedef SpTestStore Fixture;

static const char * const names[4] = { "East", "South", "West", "North" };

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  SpTournament tournament = {
    .name = (char *) "Clock night",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 2,
    .seating = (char *) "random",
    .ranking = (char *) data,
  };
  gint64 players[4];

  sp_test_store_open (fixture, "sparrow-db-clock-XXXXXX", "Referee Wu");
  fixture->tournament = sp_test_seat_one_table (fixture->db, &tournament, names, players);
}

static SpSessionClock
get_clock (Fixture *fixture,
           guint    session)
{
  g_autoptr(GError) error = NULL;
  SpSessionClock clock;

  g_assert_true (sp_db_get_session_clock (fixture->db, fixture->tournament, session, &clock,
                                          &error));
  g_assert_no_error (error);
  return clock;
}

/* How many audit entries of the sessions table name the clock's columns. */
static guint
count_clock_audits (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) audit = sp_db_list_audit (fixture->db, &error);
  guint n = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < audit->len; i++)
    {
      const SpAuditEntry *entry = audit->pdata[i];

      if (g_strcmp0 (entry->target, "sessions") == 0 && g_strcmp0 (entry->action, "update") == 0
          && entry->new_values != NULL && strstr (entry->new_values, "clock_run") != NULL)
        n++;
    }
  return n;
}

static void
test_default_length (Fixture       *fixture,
                     gconstpointer  data)
{
  SpSessionClock clock = get_clock (fixture, 1);
  SpRanking ranking;

  g_assert_true (sp_ranking_from_string (data, &ranking));
  g_assert_cmpint (clock.length, ==, sp_session_clock_default_length (ranking));
  g_assert_cmpint (clock.length, ==, g_str_equal (data, "ema") ? 5400 : 10800);
  g_assert_cmpint (sp_session_clock_get_state (&clock), ==, SP_SESSION_CLOCK_IDLE);
}

static void
test_commands (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const gint64 t0 = 1760000000000;
  SpSessionClock clock;
  guint audits = count_clock_audits (fixture);

  g_assert_true (sp_db_set_session_clock_length (fixture->db, fixture->tournament, 1, 7200,
                                                 &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_start_session_clock (fixture->db, fixture->tournament, 1, t0, &error));
  g_assert_no_error (error);
  clock = get_clock (fixture, 1);
  g_assert_cmpint (sp_session_clock_get_state (&clock), ==, SP_SESSION_CLOCK_RUNNING);
  g_assert_cmpint (sp_session_clock_remaining (&clock, t0 + 1000), ==, 7199000);

  /* Refused: starting twice writes nothing and says which session. */
  g_assert_false (sp_db_start_session_clock (fixture->db, fixture->tournament, 1, t0 + 5,
                                             &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Session 1"));
  g_clear_error (&error);
  clock = get_clock (fixture, 1);
  g_assert_cmpint (clock.started, ==, t0);

  g_assert_true (sp_db_pause_session_clock (fixture->db, fixture->tournament, 1, t0 + 600000,
                                            &error));
  clock = get_clock (fixture, 1);
  g_assert_cmpint (sp_session_clock_get_state (&clock), ==, SP_SESSION_CLOCK_PAUSED);
  g_assert_cmpint (sp_session_clock_remaining (&clock, t0 + 9999999), ==, 6600000);

  g_assert_true (sp_db_resume_session_clock (fixture->db, fixture->tournament, 1, t0 + 900000,
                                             &error));
  g_assert_true (sp_db_end_session_clock (fixture->db, fixture->tournament, 1, t0 + 1000000,
                                          &error));
  g_assert_no_error (error);
  clock = get_clock (fixture, 1);
  g_assert_cmpint (sp_session_clock_get_state (&clock), ==, SP_SESSION_CLOCK_ENDED);
  g_assert_cmpint (sp_session_clock_elapsed (&clock, t0 + 9999999), ==, 700000);

  /* One audit entry per command that changed the clock: length, start, pause, resume, end. */
  g_assert_cmpuint (count_clock_audits (fixture), ==, audits + 5);
}

/* The clock keeps running in wall time while the program is closed. */
static void
test_survives_reopen (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const gint64 t0 = 1760000000000;
  SpSessionClock clock;

  g_assert_true (sp_db_start_session_clock (fixture->db, fixture->tournament, 1, t0, &error));
  g_clear_pointer (&fixture->db, sp_db_close);
  fixture->db = sp_db_open (fixture->path, &error);
  g_assert_no_error (error);
  clock = get_clock (fixture, 1);
  g_assert_cmpint (sp_session_clock_remaining (&clock, t0 + 3600000), ==, 7200000);
}

/* A session not drawn has no clock; a session beyond the last is not found. */
static void
test_not_drawn (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  SpSessionClock clock;
  guint session = 99;

  g_assert_false (sp_db_start_session_clock (fixture->db, fixture->tournament, 2, 1, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (sp_db_get_session_clock (fixture->db, fixture->tournament, 3, &clock, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (sp_db_find_clock_session (fixture->db, fixture->tournament->id, &session,
                                           &error));
  g_assert_cmpuint (session, ==, 1);
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  /* Every drawn session closed: the last one drawn. */
  g_assert_true (sp_db_find_clock_session (fixture->db, fixture->tournament->id, &session,
                                           &error));
  g_assert_cmpuint (session, ==, 1);
}

static void
test_hide_standings (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gboolean hide = TRUE;
  gboolean hidden = TRUE;
  gint64 players[4] = { 1, 2, 3, 4 };

  g_assert_true (sp_db_get_hide_standings (fixture->db, fixture->tournament->id, &hide, &error));
  g_assert_false (hide);
  g_assert_true (sp_db_standings_hidden (fixture->db, fixture->tournament, &hidden, &error));
  g_assert_false (hidden);

  g_assert_true (sp_db_set_hide_standings (fixture->db, fixture->tournament->id, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_get_hide_standings (fixture->db, fixture->tournament->id, &hide, &error));
  g_assert_true (hide);
  g_assert_true (sp_db_standings_hidden (fixture->db, fixture->tournament, &hidden, &error));
  g_assert_true (hidden);

  /* Once the last session (2) is closed, they show again. */
  g_assert_true (sp_db_store_seating (fixture->db, fixture->tournament->id, 2, 7, players, 4,
                                      &error));
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 2, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_standings_hidden (fixture->db, fixture->tournament, &hidden, &error));
  g_assert_false (hidden);

  g_assert_false (sp_db_set_hide_standings (fixture->db, 999, TRUE, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, ranking, func) \
  g_test_add ("/sparrow/db/clock/" path, Fixture, ranking, fixture_set_up, func, \
              sp_test_store_tear_down)
  ADD ("default-length-r98", "r98", test_default_length);
  ADD ("default-length-ema", "ema", test_default_length);
  ADD ("default-length-score", "score", test_default_length);
  ADD ("commands", "r98", test_commands);
  ADD ("survives-reopen", "r98", test_survives_reopen);
  ADD ("not-drawn", "r98", test_not_drawn);
  ADD ("hide-standings", "r98", test_hide_standings);
#undef ADD

  return g_test_run ();
}
