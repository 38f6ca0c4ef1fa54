/* test-reports-xlsx.c: the spreadsheets from snapshots built by hand: names split for EMA,
 * the CSV's exact bytes, EMA's refusals (a table short of a player, tables ranked in groups),
 * a cell longer than a spreadsheet holds, and a failed export leaving no file.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>
#include <string.h>

#include "sp-reports.h"
#include "sp-report-xlsx.h"
#include "sp-test-folder.h"

static void
test_split_name (void)
{
  const struct
  {
    const char *name, *first, *last;
  } cases[] = {
    { "王芳", "芳", "王" },
    { "欧阳娜娜", "娜娜", "欧阳" },
    { "欧阳", "阳", "欧" },          /* two characters: a family name and a given name */
    { "司馬懿", "懿", "司馬" },
    { "Anna Berg", "Anna", "Berg" },
    { "Jan van der Berg", "Jan", "van der Berg" },
    { "Dupont, Jean", "Jean", "Dupont" },
    { "  Mary  Ann   Smith ", "Mary Ann", "Smith" },
    { "Madonna", "", "Madonna" },
    { "", "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *first = NULL;
      g_autofree char *last = NULL;

      sp_report_split_name (cases[i].name, &first, &last);
      g_assert_cmpstr (first, ==, cases[i].first);
      g_assert_cmpstr (last, ==, cases[i].last);
    }
}

static SpPlayer *
new_player (gint64      id,
            const char *name,
            const char *club)
{
  SpPlayer *player = g_new0 (SpPlayer, 1);

  player->id = id;
  player->tournament = 1;
  player->name = g_strdup (name);
  player->club = g_strdup (club);
  player->country = g_strdup ("CN");
  return player;
}

/* An MCR tournament of @n_tables tables of session 1, each with one hand (the first chair wins
 * 8 fan off the second); @options are the tournament's options. */
/* The standings and each session's results from @snapshot's tables, as the store gives them. */
static void
compute_results (SpSnapshot *snapshot)
{
  SpStandingsInput input = { .ranking = SP_RANKING_R98 };

  input.group_tables = snapshot->tournament->settings.group_tables;
  g_array_unref (snapshot->standings);
  g_array_unref (snapshot->session_results);
  snapshot->standings = sp_standings_from_tables_with_sessions (
    (SpTableResult *) snapshot->tables->data, snapshot->tables->len, &input,
    &snapshot->session_results);
}

static SpSnapshot *
new_snapshot (guint       n_tables,
              const char *options)
{
  SpSnapshot *snapshot = sp_snapshot_new ();
  SpSessionSnapshot *session = g_new0 (SpSessionSnapshot, 1);
  static const char *const names[] = { "王芳", "Dupont, Jean", "Club \"Q\"", "=1+1" };
  g_autoptr(GError) error = NULL;

  snapshot->tournament = g_new0 (SpTournament, 1);
  snapshot->tournament->id = 1;
  snapshot->tournament->name = g_strdup ("Test Cup");
  snapshot->tournament->ruleset = SP_RULESET_MCR;
  snapshot->tournament->options = g_strdup (options);
  g_assert_true (sp_tournament_read_options (snapshot->tournament, &error));
  g_assert_no_error (error);
  snapshot->tournament->n_sessions = 1;
  snapshot->date = g_strdup ("2026-11-30");
  session->number = 1;
  session->n_tables = n_tables;
  session->seats = g_new0 (gint64, 4 * n_tables);
  for (guint t = 0; t < n_tables; t++)
    {
      SpTableResult table = { .session = 1, .table = t + 1, .n_hands = 1 };
      SpHandRecord *hand = g_new0 (SpHandRecord, 1);
      static const gint64 settlement[4] = { 32, -16, -8, -8 };

      for (guint c = 0; c < 4; c++)
        {
          gint64 id = 4 * t + c + 1;

          g_ptr_array_add (snapshot->players,
                           new_player (id, t == 0 ? names[c] : "Player",
                                       c == 2 ? "Club, \"A\"\nB" : NULL));
          session->seats[4 * t + c] = id;
          table.players[c] = id;
          table.hand_scores[c] = settlement[c];
          hand->settlement[c] = settlement[c];
        }
      hand->id = t + 1;
      hand->session = 1;
      hand->table = t + 1;
      hand->number = 1;
      hand->winner = 0;
      hand->discarder = 1;
      hand->total = 8;
      g_ptr_array_add (snapshot->hands, hand);
      g_array_append_val (snapshot->tables, table);
    }
  g_ptr_array_add (snapshot->sessions, session);
  compute_results (snapshot);
  return snapshot;
}

static char *
make_folder (void)
{
  g_autoptr(GError) error = NULL;
  char *folder = g_dir_make_tmp ("sparrow-reports-XXXXXX", &error);

  g_assert_no_error (error);
  return folder;
}

static guint
count_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
test_csv_bytes (void)
{
  g_autoptr(SpSnapshot) snapshot = new_snapshot (1, "");
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "standings.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  const char *expected =
    "\xEF\xBB\xBF"
    "Rank,Name,Club,Country,Team,Table points,Score,Sessions,Status,"
    "Session 1 table points,Session 1 score\r\n"
    "1,王芳,,CN,,4.00,32,1,,4.00,32\r\n"
    "2,\"Club \"\"Q\"\"\",\"Club, \"\"A\"\"\nB\",CN,,1.50,-8,1,,1.50,-8\r\n"
    "2,'=1+1,,CN,,1.50,-8,1,,1.50,-8\r\n"
    "4,\"Dupont, Jean\",,CN,,0.00,-16,1,,0.00,-16\r\n";

  g_assert_true (sp_report_write_standings_csv (snapshot, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpstr (data, ==, expected);
  g_assert_cmpuint (count_files (folder), ==, 1);
  sp_test_remove_folder (folder);
}

/* Text that a spreadsheet would run as a formula gets a single quote before it; numbers, the
 * negative scores too, stay numbers (OWASP's advice on CSV injection). */
static void
test_csv_formula_guard (void)
{
  g_autoptr(SpSnapshot) snapshot = new_snapshot (1, "");
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "standings.csv", NULL);
  g_autofree char *ema = g_build_filename (folder, "ema.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  SpPlayer **players = (SpPlayer **) snapshot->players->pdata;
  const char *expected =
    "\xEF\xBB\xBF"
    "Rank,Name,Club,Country,Team,Table points,Score,Sessions,Status,"
    "Session 1 table points,Session 1 score\r\n"
    "1,'=cmd|' /C calc'!A0,'\t=1+1,CN,,4.00,32,1,,4.00,32\r\n"
    "2,'+1+1,\"Club, \"\"A\"\"\nB\",CN,,1.50,-8,1,,1.50,-8\r\n"
    "2,'-2+3,,CN,\"'\r-1\",1.50,-8,1,,1.50,-8\r\n"
    "4,'@SUM(A1),,CN,,0.00,-16,1,,0.00,-16\r\n";

  g_free (players[0]->name);
  players[0]->name = g_strdup ("=cmd|' /C calc'!A0");
  g_free (players[0]->club);
  players[0]->club = g_strdup ("\t=1+1");
  g_free (players[1]->name);
  players[1]->name = g_strdup ("@SUM(A1)");
  g_free (players[2]->name);
  players[2]->name = g_strdup ("+1+1");
  g_free (players[3]->name);
  players[3]->name = g_strdup ("-2+3");
  g_free (players[3]->team);
  players[3]->team = g_strdup ("\r-1");
  g_assert_true (sp_report_write_standings_csv (snapshot, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  g_assert_cmpstr (data, ==, expected);
  g_clear_pointer (&data, g_free);

  /* EMA's file: the name's parts and the federation id are text, the points and score not. */
  for (guint i = 0; i < 4; i++)
    {
      g_free (players[i]->federation_id);
      players[i]->federation_id = g_strdup_printf ("-%u", i + 1);
    }
  g_assert_true (sp_report_write_ema_csv (snapshot, ema, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (ema, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "\r\n1,'=cmd|' /C,calc'!A0,'-1,4.00,32,Y,CN\r\n"));
  g_assert_nonnull (strstr (data, "\r\n4,,'@SUM(A1),'-2,0.00,-16,Y,CN\r\n"));
  g_assert_null (strstr (data, ",="));
  g_assert_null (strstr (data, ",@"));
  g_assert_null (strstr (data, ",+"));
  sp_test_remove_folder (folder);
}

static void
test_ema_short_table (void)
{
  g_autoptr(SpSnapshot) snapshot = new_snapshot (2, "");
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "ema.csv", NULL);
  g_autoptr(GError) error = NULL;
  SpTableResult *second = &g_array_index (snapshot->tables, SpTableResult, 1);

  /* Table 2 played with three: its empty chair takes no points, so the table cannot total 7
   * as EMA's points do. */
  second->players[3] = 0;
  compute_results (snapshot);
  g_assert_false (sp_report_write_ema_csv (snapshot, path, &error));
  g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "Session 1 table 2"));
  g_clear_error (&error);
  g_assert_false (sp_report_write_ema_xlsx (snapshot, path, &error));
  g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED);
  g_assert_cmpuint (count_files (folder), ==, 0);

  /* The same table complete is accepted. */
  g_clear_error (&error);
  second->players[3] = 8;
  compute_results (snapshot);
  g_assert_true (sp_report_write_ema_csv (snapshot, path, &error));
  g_assert_no_error (error);
  sp_test_remove_folder (folder);
}

static void
test_ema_groups (void)
{
  g_autoptr(SpSnapshot) snapshot = new_snapshot (2, "group_tables=2");
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "ema.xlsx", NULL);
  g_autoptr(GError) error = NULL;

  /* Two tables ranked as one group of eight: 8, 6, … standard points, not 4/2/1/0. */
  g_assert_false (sp_report_write_ema_xlsx (snapshot, path, &error));
  g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "Session 1 table 1"));
  g_assert_cmpuint (count_files (folder), ==, 0);
  sp_test_remove_folder (folder);
}

static void
test_xlsx_long_text (void)
{
  g_autoptr(SpSnapshot) snapshot = new_snapshot (1, "");
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "long.xlsx", NULL);
  g_autoptr(GError) error = NULL;
  SpPenalty *penalty = g_new0 (SpPenalty, 1);
  GString *reason = g_string_new (NULL);

  /* A reason longer than the 32,767 characters of a cell is cut, not refused. */
  for (guint i = 0; i < 20000; i++)
    g_string_append (reason, "诈和");
  penalty->id = 1;
  penalty->session = 1;
  penalty->player = 1;
  penalty->points = -30;
  penalty->reason = g_string_free (reason, FALSE);
  g_ptr_array_add (snapshot->penalties, penalty);
  g_assert_true (sp_report_write_xlsx (snapshot, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (count_files (folder), ==, 1);
  sp_test_remove_folder (folder);
}

static void
test_no_file_on_failure (void)
{
  g_autoptr(SpSnapshot) snapshot = new_snapshot (1, "");
  g_autofree char *folder = make_folder ();
  g_autofree char *blocker = g_build_filename (folder, "file", NULL);
  g_autofree char *missing = g_build_filename (folder, "missing", "out.xlsx", NULL);
  g_autofree char *inside = g_build_filename (blocker, "out.xlsx", NULL);
  const char *paths[] = { missing, inside };

  g_assert_true (g_file_set_contents (blocker, "", 0, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (sp_report_write_xlsx (snapshot, paths[i], &error));
      g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO);
      g_assert_nonnull (strstr (error->message, paths[i]));
      g_clear_error (&error);
      g_assert_false (sp_report_write_standings_csv (snapshot, paths[i], &error));
      g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO);
      g_assert_cmpuint (count_files (folder), ==, 1);
    }
  sp_test_remove_folder (folder);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/reports/xlsx/split-name", test_split_name);
  g_test_add_func ("/sparrow/reports/xlsx/csv-bytes", test_csv_bytes);
  g_test_add_func ("/sparrow/reports/xlsx/csv-formula-guard", test_csv_formula_guard);
  g_test_add_func ("/sparrow/reports/xlsx/ema-short-table", test_ema_short_table);
  g_test_add_func ("/sparrow/reports/xlsx/ema-groups", test_ema_groups);
  g_test_add_func ("/sparrow/reports/xlsx/long-text", test_xlsx_long_text);
  g_test_add_func ("/sparrow/reports/xlsx/no-file-on-failure", test_no_file_on_failure);
  return g_test_run ();
}
