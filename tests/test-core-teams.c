/* test-core-teams.c: team numbers from a list of team names, and a team's standing found by
 * its name in a snapshot.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-core.h"

static void
test_parse (void)
{
  const char text[] = "Red\n\n 紅隊 \nRed\n";
  g_autoptr(GError) error = NULL;
  guint teams[4];

  g_assert_true (sp_teams_parse (text, sizeof text - 1, 4, teams, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (teams[0], ==, 1);
  g_assert_cmpuint (teams[1], ==, 0);
  g_assert_cmpuint (teams[2], ==, 2);
  g_assert_cmpuint (teams[3], ==, 1);
}

static void
test_refused (void)
{
  const char binary[] = "Red\n\0\nBlue\n";
  g_autoptr(GError) error = NULL;
  guint teams[4];

  g_assert_false (sp_teams_parse ("Red\nBlue\n", 9, 4, teams, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "2 lines for 4 players"));
  g_clear_error (&error);
  g_assert_false (sp_teams_parse (binary, sizeof binary - 1, 3, teams, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sp_teams_parse ("R\xe9\n", 3, 1, teams, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

static void
test_find_standing (void)
{
  g_autoptr(SpSnapshot) snapshot = sp_snapshot_new ();
  SpStanding standings[2] = { { .player = 1, .rank = 1 }, { .player = 0, .rank = 2 } };

  g_assert_null (sp_snapshot_find_team_standing (snapshot, "Red"));
  g_ptr_array_add (snapshot->team_names, g_strdup ("Red"));
  g_ptr_array_add (snapshot->team_names, g_strdup ("紅隊"));
  g_array_append_vals (snapshot->team_standings, standings, 2);
  g_assert_cmpuint (sp_snapshot_find_team_standing (snapshot, "Red")->rank, ==, 2);
  g_assert_cmpuint (sp_snapshot_find_team_standing (snapshot, "紅隊")->rank, ==, 1);
  g_assert_null (sp_snapshot_find_team_standing (snapshot, "Blue"));
  g_assert_null (sp_snapshot_find_team_standing (snapshot, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/teams/parse", test_parse);
  g_test_add_func ("/sparrow/core/teams/refused", test_refused);
  g_test_add_func ("/sparrow/core/teams/find-standing", test_find_standing);
  return g_test_run ();
}
