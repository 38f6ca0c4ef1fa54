/* test-core-session.c: a session's progress at a table and the review of its seating.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>

#include "sp-core.h"

/* The rotation of a tournament of @ruleset, with or without 連莊 (dealer_repeats=on). */
static SpRotationKind
rotation_of (SpRuleset ruleset,
             gboolean  dealer_repeats)
{
  SpTournament tournament = { .ruleset = ruleset, .settings.dealer_repeats = dealer_repeats };

  return sp_tournament_rotation (&tournament);
}

/* Progress: MCR counts 16 hands whatever happens; Taiwan adds a hand for each 連莊. */
static void
test_progress_expected (void)
{
  SpHandRecord records[20] = { 0 };
  const SpHandRecord *hands[20];
  SpTableProgress progress;

  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      records[i].number = i + 1;
      records[i].winner = 1;
      records[i].discarder = SP_CHAIR_NONE;
      hands[i] = &records[i];
    }

  /* MCR: the dealer's win does not repeat the deal. */
  records[0].winner = 0;
  sp_session_table_progress (rotation_of (SP_RULESET_MCR, FALSE), 3, hands, 9, &progress);
  g_assert_cmpuint (progress.table, ==, 3);
  g_assert_cmpuint (progress.n_hands, ==, 9);
  g_assert_cmpuint (progress.n_expected, ==, 16);
  g_assert_false (progress.finished);
  sp_session_table_progress (rotation_of (SP_RULESET_MCR, FALSE), 3, hands, 16, &progress);
  g_assert_true (progress.finished);
  g_assert_cmpuint (progress.n_expected, ==, 16);

  /* Taiwan: hand 1 the dealer (chair 0) wins, hand 2 is an exhaustive draw: two 連莊, so
   * the 將 has at least 18 hands; hand 3, won by chair 1, passes the deal. */
  records[1].draw = TRUE;
  records[1].winner = SP_CHAIR_NONE;
  sp_session_table_progress (rotation_of (SP_RULESET_TAIWAN, FALSE), 1, hands, 3, &progress);
  g_assert_cmpuint (progress.n_hands, ==, 3);
  g_assert_cmpuint (progress.n_expected, ==, 18);
  g_assert_false (progress.finished);
  sp_session_table_progress (rotation_of (SP_RULESET_TAIWAN, FALSE), 1, hands, 0, &progress);
  g_assert_cmpuint (progress.n_expected, ==, 16);

  /* Guangdong repeats the deal only with the option. */
  sp_session_table_progress (rotation_of (SP_RULESET_GUANGDONG, FALSE), 1, hands, 3, &progress);
  g_assert_cmpuint (progress.n_expected, ==, 16);
  sp_session_table_progress (rotation_of (SP_RULESET_GUANGDONG, TRUE), 1, hands, 3, &progress);
  g_assert_cmpuint (progress.n_expected, ==, 18);
}

/* A known seating of 8 players over 3 sessions: sessions 1 and 3 seat the same tables, so each
 * of their 12 pairs met twice, and 1–2, 3–4, 5–6, 7–8, together again in session 2, three
 * times; player 1 began every session at East. */
static void
test_review_known (void)
{
  const gint64 seats[] = {
    1, 2, 3, 4, 5, 6, 7, 8,          /* session 1 */
    1, 5, 2, 6, 3, 7, 4, 8,          /* session 2 */
    1, 3, 4, 2, 8, 7, 6, 5,          /* session 3: tables of session 1 again */
  };
  g_autoptr(SpSeatingReview) review = sp_seating_review_new (seats, G_N_ELEMENTS (seats));
  const SpRepeatedMeeting *first;
  const SpSeatWinds *one;

  g_assert_cmpuint (review->n_repeated, ==, 12);
  g_assert_cmpuint (review->repeats->len, ==, 12);
  first = &g_array_index (review->repeats, SpRepeatedMeeting, 0);
  g_assert_cmpint (first->players[0], ==, 1);
  g_assert_cmpint (first->players[1], ==, 2);
  g_assert_cmpuint (first->meetings, ==, 3);
  /* Most meetings first; pairs of session 2 only (1 and 5) met once: not listed. */
  for (guint i = 0; i < review->repeats->len; i++)
    {
      const SpRepeatedMeeting *r = &g_array_index (review->repeats, SpRepeatedMeeting, i);

      g_assert_cmpuint (r->meetings, ==, i < 4 ? 3 : 2);

      g_assert_false (r->players[0] == 1 && r->players[1] == 5);
      g_assert_true ((r->players[0] <= 4) == (r->players[1] <= 4));
    }

  g_assert_cmpuint (review->winds->len, ==, 8);
  one = &g_array_index (review->winds, SpSeatWinds, 0);
  g_assert_cmpint (one->player, ==, 1);
  g_assert_cmpuint (one->winds[0], ==, 3);
  g_assert_cmpuint (one->winds[1] + one->winds[2] + one->winds[3], ==, 0);
  /* Player 1: 3 East, 0 North. */
  g_assert_cmpuint (review->wind_spread, ==, 3);
}

/* One session alone: nobody met twice and every player sat once, at one wind. */
static void
test_review_single (void)
{
  const gint64 seats[] = { 10, 20, 30, 40, 50, 60, 70, 80 };
  g_autoptr(SpSeatingReview) review = sp_seating_review_new (seats, G_N_ELEMENTS (seats));
  g_autoptr(SpSeatingReview) empty = sp_seating_review_new (NULL, 0);

  g_assert_cmpuint (review->n_repeated, ==, 0);
  g_assert_cmpuint (review->wind_spread, ==, 1);
  g_assert_cmpuint (g_array_index (review->winds, SpSeatWinds, 5).winds[1], ==, 1);
  g_assert_cmpint (g_array_index (review->winds, SpSeatWinds, 5).player, ==, 60);
  g_assert_cmpuint (empty->n_repeated, ==, 0);
  g_assert_cmpuint (empty->winds->len, ==, 0);
  g_assert_cmpuint (empty->wind_spread, ==, 0);
}

/* Four sessions of a balanced plan: no repeats, every wind once. */
static void
test_review_balanced_plan (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpSeatingPlan) plan = sp_seating_plan_balanced (16, 4, 7, NULL, &error);
  g_autofree gint64 *seats = NULL;
  g_autoptr(SpSeatingReview) review = NULL;
  SpSeatingQuality quality;

  g_assert_no_error (error);
  seats = g_new (gint64, 16 * 4);
  for (guint i = 0; i < 16 * 4; i++)
    seats[i] = 100 + plan->seats[i];
  review = sp_seating_review_new (seats, 16 * 4);
  sp_seating_plan_measure (plan, NULL, &quality);
  g_assert_cmpuint (review->n_repeated, <=, quality.repeats);
  g_assert_cmpuint (review->wind_spread, ==, quality.wind_spread);
  g_assert_cmpuint (review->winds->len, ==, 16);
}

/* A player's club, country, team or federation id: optional; tabs and line breaks kept; other
 * control characters, invalid UTF-8 and more than SP_FIELD_MAX_CHARS characters refused with
 * the field's name in the message. */
static void
test_check_field (void)
{
  static const char *const accepted[] = {
    NULL, "", "Dragons", "=cmd|' /C calc'!A0", "'); DROP TABLE players;--", "%s%n",
    "Club \"A\",\nB", "\t=1+1", "\r-1", "龍隊 🀄",
  };
  static const char *const refused[] = {
    "\x1b[31mred", "bell\x07", "del\x7f", "\xc2\x9b" "2J", "\xff\xfe", "Ann\xc3\x28", "\xc0\xaf",
  };
  g_autofree char *longest = g_strnfill (SP_FIELD_MAX_CHARS, 'c');
  g_autofree char *too_long = g_strnfill (SP_FIELD_MAX_CHARS + 1, 'c');

  for (guint i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (sp_check_field ("The player's club", accepted[i], &error));
      g_assert_no_error (error);
    }
  g_assert_true (sp_check_field ("The player's club", longest, NULL));
  for (guint i = 0; i <= G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      const char *text = i < G_N_ELEMENTS (refused) ? refused[i] : too_long;

      g_assert_false (sp_check_field ("The player's team", text, &error));
      g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
      g_assert_true (g_str_has_prefix (error->message, "The player's team "));
    }
  /* A name takes no tab or line break at all. */
  g_assert_false (sp_check_name ("The player's name", "A\tB", NULL));
  g_assert_true (sp_check_name ("The player's name", "=cmd|' /C calc'!A0", NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/core/session/progress-expected", test_progress_expected);
  g_test_add_func ("/sparrow/core/session/review-known", test_review_known);
  g_test_add_func ("/sparrow/core/session/review-single", test_review_single);
  g_test_add_func ("/sparrow/core/session/review-balanced-plan", test_review_balanced_plan);
  g_test_add_func ("/sparrow/core/session/check-field", test_check_field);
  return g_test_run ();
}
