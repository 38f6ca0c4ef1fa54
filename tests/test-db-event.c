/* test-db-event.c: where and when the event is held (venue, first and last day), checked by
 * the core and kept by the store; the Tournament Settings operation (name, venue, dates,
 * standings hidden) and a tournament duplicated with or without its players.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-test-db.h"

typedef SpTestStore Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  sp_test_store_open (fixture, "sparrow-db-event-XXXXXX", "Director Lin");
}

/* ---- the core's checks ----------------------------------------------------------------- */

static void
test_dates (void)
{
  g_assert_true (sp_date_is_valid ("2026-05-01"));
  g_assert_true (sp_date_is_valid ("2028-02-29"));
  g_assert_false (sp_date_is_valid ("2026-02-29"));
  g_assert_false (sp_date_is_valid ("2026-13-01"));
  g_assert_false (sp_date_is_valid ("2026-5-1"));
  g_assert_false (sp_date_is_valid ("01/05/2026"));
  g_assert_false (sp_date_is_valid ("2026-05-01x"));
  g_assert_false (sp_date_is_valid (""));
  g_assert_false (sp_date_is_valid (NULL));
}

/* Checks @venue, @starts and @ends; returns the refusal's message or NULL. */
static char *
check_event (const char *venue,
             const char *starts,
             const char *ends)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) tournament = g_new0 (SpTournament, 1);

  tournament->venue = g_strdup (venue);
  tournament->starts_on = g_strdup (starts);
  tournament->ends_on = g_strdup (ends);
  if (sp_tournament_check_event (tournament, &error))
    {
      g_assert_no_error (error);
      return NULL;
    }
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  return g_strdup (error->message);
}

static void
test_check_event (void)
{
  g_autofree char *long_venue = NULL;
  g_autofree char *message = NULL;
  GString *venue = g_string_new (NULL);
  g_autoptr(SpTournament) tournament = g_new0 (SpTournament, 1);
  g_autoptr(GError) error = NULL;

  g_assert_null (check_event ("Hall 2, 台北", "2026-05-01", "2026-05-03"));
  g_assert_null (check_event (NULL, NULL, NULL));
  g_assert_null (check_event ("", "2026-05-01", NULL));
  g_assert_null (check_event ("", "2026-05-01", "2026-05-01"));

  message = check_event ("", "2026-05-03", "2026-05-01");
  g_assert_nonnull (strstr (message, "2026-05-01"));
  g_assert_nonnull (strstr (message, "before"));
  g_clear_pointer (&message, g_free);

  message = check_event ("", "2026-02-30", NULL);
  g_assert_nonnull (strstr (message, "'2026-02-30'"));
  g_clear_pointer (&message, g_free);

  message = check_event ("", NULL, "2026-05-01");
  g_assert_nonnull (strstr (message, "first day"));
  g_clear_pointer (&message, g_free);

  message = check_event ("Hall\n2", NULL, NULL);
  g_assert_nonnull (strstr (message, "control character"));
  g_clear_pointer (&message, g_free);

  message = check_event ("Hall \xff", NULL, NULL);
  g_assert_nonnull (strstr (message, "UTF-8"));
  g_clear_pointer (&message, g_free);

  /* 200 characters (not bytes) are kept, 201 are refused. */
  for (guint i = 0; i < 200; i++)
    g_string_append (venue, "館");
  g_assert_null (check_event (venue->str, NULL, NULL));
  g_string_append (venue, "x");
  long_venue = g_string_free (venue, FALSE);
  message = check_event (long_venue, NULL, NULL);
  g_assert_nonnull (strstr (message, "201"));

  /* Stored form: blanks trimmed, an empty date no date, a NULL venue "". */
  tournament->venue = g_strdup ("  Hall 2 ");
  tournament->starts_on = g_strdup ("");
  g_assert_true (sp_tournament_check_event (tournament, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (tournament->venue, ==, "Hall 2");
  g_assert_null (tournament->starts_on);
}

/* ---- the store ------------------------------------------------------------------------- */

static gint64
create (Fixture    *fixture,
        const char *name,
        const char *venue,
        const char *starts,
        const char *ends,
        guint       n_players)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = {
    .name = (char *) name,
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .options = (char *) "rank_substitutes=off",
    .n_sessions = 5,
    .seating = (char *) "balanced",
    .ranking = (char *) "r98",
    .venue = (char *) venue,
    .starts_on = (char *) starts,
    .ends_on = (char *) ends,
  };

  g_assert_true (sp_db_create_tournament (fixture->db, &tournament, &error));
  g_assert_no_error (error);
  g_free (tournament.created);
  /* The caller's strings are left as they were. */
  g_assert_true (tournament.venue == venue);
  for (guint i = 1; i <= n_players; i++)
    {
      g_autofree char *player_name = g_strdup_printf ("P%u", i);
      g_autofree char *club = g_strdup_printf ("Club %u", i % 2);
      SpPlayer player = { .tournament = tournament.id, .name = player_name, .club = club };

      g_assert_true (sp_db_add_player (fixture->db, &player, &error));
      g_assert_no_error (error);
    }
  return tournament.id;
}

static SpTournament *
reread (Fixture *fixture,
        gint64   id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  SpTournament *tournament = sp_db_find_tournament (fixture->db, text, &error);

  g_assert_no_error (error);
  return tournament;
}

static void
test_create (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) stored = NULL;
  g_autoptr(SpTournament) bare = NULL;
  g_autoptr(GPtrArray) list = NULL;
  gint64 id = create (fixture, "Spring Open", " Hall 2, 台北 ", "2026-05-01", "2026-05-03", 0);
  SpTournament bad = {
    .name = (char *) "Autumn Open",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 4,
    .seating = (char *) "balanced",
    .ranking = (char *) "r98",
    .starts_on = (char *) "2026-05-03",
    .ends_on = (char *) "2026-05-01",
  };

  stored = reread (fixture, id);
  g_assert_cmpstr (stored->venue, ==, "Hall 2, 台北");
  g_assert_cmpstr (stored->starts_on, ==, "2026-05-01");
  g_assert_cmpstr (stored->ends_on, ==, "2026-05-03");
  g_assert_false (stored->hide_standings);

  /* Without venue and dates: "" and NULL. */
  bare = reread (fixture, create (fixture, "Club Night", NULL, NULL, NULL, 0));
  g_assert_cmpstr (bare->venue, ==, "");
  g_assert_null (bare->starts_on);
  g_assert_null (bare->ends_on);

  /* The name is stored without the blanks around it, as rename stores it. */
  g_clear_pointer (&bare, sp_tournament_free);
  bare = reread (fixture, create (fixture, "  Autumn Cup ", NULL, NULL, NULL, 0));
  g_assert_cmpstr (bare->name, ==, "Autumn Cup");

  /* A refused event writes nothing. */
  g_assert_false (sp_db_create_tournament (fixture->db, &bad, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "before the first day"));
  list = sp_db_list_tournaments (fixture->db, NULL);
  g_assert_cmpuint (list->len, ==, 3);
}

static void
test_edit (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) stored = NULL;
  g_autoptr(SpTournament) unchanged = NULL;
  g_autoptr(GPtrArray) audit = NULL;
  gint64 id = create (fixture, "Spring Open", "Hall 2", "2026-05-01", "2026-05-03", 0);
  gint64 other = create (fixture, "Club Night", NULL, NULL, NULL, 0);
  SpTournament changes = {
    .id = id,
    .name = (char *) " Spring Open 2026 ",
    .venue = (char *) "Grand Hall",
    .starts_on = (char *) "2026-05-02",
    .ends_on = NULL,
    .hide_standings = TRUE,
  };
  const SpAuditEntry *last;
  guint n_before;

  audit = sp_db_list_audit (fixture->db, &error);
  g_assert_no_error (error);
  n_before = audit->len;
  g_clear_pointer (&audit, g_ptr_array_unref);

  g_assert_true (sp_db_edit_tournament (fixture->db, &changes, &error));
  g_assert_no_error (error);
  stored = reread (fixture, id);
  g_assert_cmpstr (stored->name, ==, "Spring Open 2026");
  g_assert_cmpstr (stored->venue, ==, "Grand Hall");
  g_assert_cmpstr (stored->starts_on, ==, "2026-05-02");
  g_assert_null (stored->ends_on);
  g_assert_true (stored->hide_standings);
  /* The rules are not touched: the text as stored, read into the settings. */
  g_assert_cmpstr (stored->options, ==, "rank_substitutes=off");
  g_assert_true (stored->settings.substitutes_unranked);

  /* One audited change, old and new values. */
  audit = sp_db_list_audit (fixture->db, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (audit->len, ==, n_before + 1);
  last = g_ptr_array_index (audit, audit->len - 1);
  g_assert_cmpstr (last->target, ==, "tournaments");
  g_assert_cmpstr (last->who, ==, "Director Lin");
  g_assert_nonnull (strstr (last->old_values, "\"venue\":\"Hall 2\""));
  g_assert_nonnull (strstr (last->new_values, "\"venue\":\"Grand Hall\""));
  g_assert_nonnull (strstr (last->new_values, "\"hide_standings\":1"));

  /* Refusals write nothing: a date, a name taken, an empty name, no such tournament. */
  changes.name = (char *) "Spring Open 2026";
  changes.ends_on = (char *) "2026-04-30";
  g_assert_false (sp_db_edit_tournament (fixture->db, &changes, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  changes.ends_on = NULL;
  changes.name = (char *) "Club Night";
  g_assert_false (sp_db_edit_tournament (fixture->db, &changes, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Club Night"));
  g_clear_error (&error);
  changes.name = (char *) "  ";
  g_assert_false (sp_db_edit_tournament (fixture->db, &changes, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  changes.id = other + 10;
  changes.name = (char *) "Ghost";
  g_assert_false (sp_db_edit_tournament (fixture->db, &changes, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);

  unchanged = reread (fixture, id);
  g_assert_cmpstr (unchanged->name, ==, "Spring Open 2026");
  g_assert_null (unchanged->ends_on);
}

static void
test_duplicate (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GPtrArray) copied = NULL;
  g_autoptr(GPtrArray) none = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(SpTournament) source = NULL;
  g_autoptr(SpTournament) stored = NULL;
  gint64 id = create (fixture, "Spring Open", "Hall 2", "2026-05-01", "2026-05-03", 6);
  gint64 withdrawn;
  SpTournament copy = { 0 };
  SpTournament empty = { 0 };
  SpTournament clash = { 0 };

  players = sp_db_list_players (fixture->db, id, &error);
  g_assert_no_error (error);
  withdrawn = ((SpPlayer *) g_ptr_array_index (players, 1))->id;
  g_assert_true (sp_db_withdraw_player (fixture->db, id, withdrawn, &error));
  g_assert_no_error (error);

  source = reread (fixture, id);
  copy = *source;
  copy.id = 0;
  copy.created = NULL;
  copy.name = (char *) "Spring Open (copy)";
  g_assert_true (sp_db_duplicate_tournament (fixture->db, &copy, id, &error));
  g_assert_no_error (error);
  g_free (copy.created);
  g_assert_cmpint (copy.id, >, id);

  stored = reread (fixture, copy.id);
  g_assert_cmpstr (stored->name, ==, "Spring Open (copy)");
  g_assert_cmpstr (stored->options, ==, source->options);
  g_assert_cmpstr (stored->venue, ==, "Hall 2");
  g_assert_cmpuint (stored->n_sessions, ==, 5);

  /* Every player again, in order, active and not checked in; the source keeps its own. */
  copied = sp_db_list_players (fixture->db, copy.id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (copied->len, ==, 6);
  for (guint i = 0; i < copied->len; i++)
    {
      SpPlayer *old = g_ptr_array_index (players, i);
      SpPlayer *new = g_ptr_array_index (copied, i);

      g_assert_cmpstr (new->name, ==, old->name);
      g_assert_cmpstr (new->club, ==, old->club);
      g_assert_cmpint (new->status, ==, SP_PLAYER_ACTIVE);
      g_assert_false (new->present);
      g_assert_cmpint (new->tournament, ==, copy.id);
    }

  /* Without players. */
  empty = *source;
  empty.id = 0;
  empty.created = NULL;
  empty.name = (char *) "Spring Open (empty)";
  g_assert_true (sp_db_duplicate_tournament (fixture->db, &empty, 0, &error));
  g_assert_no_error (error);
  g_free (empty.created);
  none = sp_db_list_players (fixture->db, empty.id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);

  /* A refusal (the name is taken) leaves no tournament and no player behind. */
  clash = *source;
  clash.id = 0;
  clash.created = NULL;
  g_assert_false (sp_db_duplicate_tournament (fixture->db, &clash, id, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  clash.name = (char *) "From nowhere";
  g_assert_false (sp_db_duplicate_tournament (fixture->db, &clash, id + 100, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  list = sp_db_list_tournaments (fixture->db, NULL);
  g_assert_cmpuint (list->len, ==, 3);
}

static void
test_change_rules (Fixture       *fixture,
                   gconstpointer  data)
{
  static const char * const names[4] = { "Anna", "Bo", "Cai", "Dan" };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) stored = NULL;
  g_autoptr(SpTournament) seated = NULL;
  gint64 id = create (fixture, "Spring Open", NULL, NULL, NULL, 0);
  gint64 players[4];
  SpTournament rules = {
    .id = id,
    .ruleset = SP_RULESET_TAIWAN,
    .profile = (char *) "tw",
    .options = (char *) "max_tai=40",
    .n_sessions = 6,
    .seating = (char *) "swiss",
    .ranking = (char *) "EMA",
    .base = 50,
    .per_tai = 20,
  };
  SpTournament table = {
    .name = (char *) "Club Night",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 4,
    .seating = (char *) "random",
    .ranking = (char *) "score",
  };
  SpHandRecord hand = { .session = 1, .table = 1, .number = 1, .winner = SP_CHAIR_NONE,
                        .discarder = SP_CHAIR_NONE, .draw = TRUE };

  /* No draw, no hand: everything can change, checked as for a new tournament. */
  g_assert_true (sp_db_change_rules (fixture->db, &rules, &error));
  g_assert_no_error (error);
  stored = reread (fixture, id);
  g_assert_cmpint (stored->ruleset, ==, SP_RULESET_TAIWAN);
  g_assert_cmpstr (stored->profile, ==, "tw");
  g_assert_cmpstr (stored->options, ==, "max_tai=40");
  g_assert_cmpuint (stored->n_sessions, ==, 6);
  g_assert_cmpstr (stored->seating, ==, "swiss");
  g_assert_cmpstr (stored->ranking, ==, "ema");
  g_assert_cmpint (stored->base, ==, 50);
  g_assert_cmpint (stored->per_tai, ==, 20);
  g_assert_cmpstr (stored->name, ==, "Spring Open");

  rules.options = (char *) "max_tai=many";
  g_assert_false (sp_db_change_rules (fixture->db, &rules, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "max_tai"));
  g_clear_error (&error);
  rules.options = NULL;
  rules.seating = (char *) "circle";
  g_assert_false (sp_db_change_rules (fixture->db, &rules, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);

  /* A session drawn: the ranking may change, not the sessions or the seating. */
  seated = sp_test_seat_one_table (fixture->db, &table, names, players);
  rules = (SpTournament) {
    .id = seated->id, .ruleset = SP_RULESET_MCR, .profile = (char *) "cn",
    .n_sessions = 4, .seating = (char *) "random", .ranking = (char *) "r98",
  };
  g_assert_true (sp_db_change_rules (fixture->db, &rules, &error));
  g_assert_no_error (error);
  rules.n_sessions = 5;
  g_assert_false (sp_db_change_rules (fixture->db, &rules, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "session drawn"));
  g_clear_error (&error);
  rules.n_sessions = 4;
  rules.seating = (char *) "balanced";
  g_assert_false (sp_db_change_rules (fixture->db, &rules, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);

  /* A hand entered: nothing of the rules changes any more. */
  g_assert_true (sp_db_record_hand (fixture->db, seated->id, &hand, &error));
  g_assert_no_error (error);
  g_free (hand.entered_at);
  rules.seating = (char *) "random";
  rules.ranking = (char *) "score";
  g_assert_false (sp_db_change_rules (fixture->db, &rules, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "1 hand entered"));
  g_clear_pointer (&stored, sp_tournament_free);
  stored = reread (fixture, seated->id);
  g_assert_cmpstr (stored->ranking, ==, "r98");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/tournament/dates", test_dates);
  g_test_add_func ("/sparrow/core/tournament/check-event", test_check_event);
#define ADD(path, func) \
  g_test_add ("/sparrow/db/event/" path, Fixture, NULL, fixture_set_up, func, sp_test_store_tear_down)
  ADD ("create", test_create);
  ADD ("edit", test_edit);
  ADD ("duplicate", test_duplicate);
  ADD ("change-rules", test_change_rules);
#undef ADD
  return g_test_run ();
}
