/* test-reports-forms.c: R98's referee forms (附件4, 5, 6) drawn from snapshots built by hand:
 * their hand columns, page counts, and pages drawn and written without a fault.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>

#include "sp-test-reports.h"

/* A tournament of @n_players (ids 1..n) of @ruleset, session 1 drawn at @n_tables tables
 * (player 4t+c+1 at table t+1, chair c), @n_penalties penalties, the standings by id. */
static SpSnapshot *
snapshot_new (SpRuleset ruleset,
              guint     n_players,
              guint     n_tables,
              guint     n_penalties)
{
  SpSnapshot *snapshot = sp_test_snapshot_new (ruleset, n_players, n_tables);

  /* Players 1, 9, 17… play for 龙队. */
  for (guint i = 0; i < n_players; i += 8)
    {
      SpPlayer *player = g_ptr_array_index (snapshot->players, i);

      player->team = g_strdup ("龙队");
    }
  for (guint t = 0; t < n_tables; t++)
    {
      SpTableResult table = {
        .session = 1,
        .table = t + 1,
        .players = { 4 * t + 1, 4 * t + 2, 4 * t + 3, 4 * t + 4 },
        .hand_scores = { 32, -16, -8, -8 },
        .n_hands = 1,
      };

      g_array_append_val (snapshot->tables, table);
    }
  /* Each session's results as the store gives them with the standings. */
  {
    SpStandingsInput input = { .ranking = SP_RANKING_R98 };

    g_array_unref (snapshot->session_results);
    snapshot->session_results = sp_session_results_from_tables (
      (const SpTableResult *) snapshot->tables->data, snapshot->tables->len, &input);
  }
  for (guint i = 0; i < n_penalties; i++)
    {
      SpPenalty *penalty = g_new0 (SpPenalty, 1);

      penalty->id = i + 1;
      penalty->session = 1;
      penalty->player = i % n_players + 1;
      penalty->points = -10;
      penalty->reason = g_strdup ("错和");
      g_ptr_array_add (snapshot->penalties, penalty);
    }
  return snapshot;
}

static void
test_hand_columns (void)
{
  /* MCR plays 16 hands without dealer repeats; the others keep room for repeats. */
  g_assert_cmpuint (sp_scoresheet_n_hands (SP_RULESET_MCR), ==, 16);
  g_assert_cmpuint (sp_scoresheet_n_hands (SP_RULESET_TAIWAN), >, 16);
  g_assert_cmpuint (sp_scoresheet_n_hands (SP_RULESET_GUANGDONG), >, 16);
}

static void
test_penalty_pages (void)
{
  /* 16 rows a page, and at least four of them left empty to write in. */
  const struct { guint penalties, pages; } cases[] = {
    { 0, 1 }, { 12, 1 }, { 13, 2 }, { 28, 2 }, { 29, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(SpSnapshot) snapshot = snapshot_new (SP_RULESET_MCR, 8, 2, cases[i].penalties);

      g_assert_cmpuint (sp_penalty_record_n_pages (snapshot), ==, cases[i].pages);
    }
}

static void
test_summary_pages (void)
{
  /* 20 players a page; a page even before anyone is listed. */
  const struct { guint players, pages; } cases[] = {
    { 0, 1 }, { 20, 1 }, { 21, 2 }, { 40, 2 }, { 41, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(SpSnapshot) snapshot = snapshot_new (SP_RULESET_MCR, cases[i].players, 0, 0);

      g_assert_cmpuint (sp_results_summary_n_pages (snapshot), ==, cases[i].pages);
    }
}

/* Draws with @draw on a recording surface: no cairo fault, and ink on the page. */
static void
assert_draws (void (*draw) (cairo_t *, const SpSnapshot *, guint, double, double),
              const SpSnapshot *snapshot,
              guint             page)
{
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (surface);
  double x, y, w, h;

  draw (cr, snapshot, page, 841.89, 595.276);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_recording_surface_ink_extents (surface, &x, &y, &w, &h);
  g_assert_cmpfloat (w, >, 700);
  g_assert_cmpfloat (h, >, 450);
  cairo_surface_destroy (surface);
}

static void
draw_scoresheet_table (cairo_t          *cr,
                       const SpSnapshot *snapshot,
                       guint             page,
                       double            width,
                       double            height)
{
  sp_scoresheet_draw (cr, snapshot, 1, page + 1, width, height);
}

static void
test_draw (void)
{
  g_autoptr(SpSnapshot) snapshot = snapshot_new (SP_RULESET_GUANGDONG, 45, 11, 30);

  for (guint t = 0; t < 11; t++)
    assert_draws (draw_scoresheet_table, snapshot, t);
  for (guint page = 0; page < sp_penalty_record_n_pages (snapshot); page++)
    assert_draws (sp_penalty_record_draw_page, snapshot, page);
  for (guint page = 0; page < sp_results_summary_n_pages (snapshot); page++)
    assert_draws (sp_results_summary_draw_page, snapshot, page);
}

static void
test_write (void)
{
  g_autoptr(SpSnapshot) snapshot = snapshot_new (SP_RULESET_MCR, 12, 3, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sparrow-forms-XXXXXX", NULL);
  g_autofree char *sheets = g_build_filename (dir, "sheets.pdf", NULL);
  g_autofree char *undrawn = g_build_filename (dir, "undrawn.pdf", NULL);
  g_autofree char *penalties = g_build_filename (dir, "penalties.pdf", NULL);
  g_autofree char *summary = g_build_filename (dir, "summary.pdf", NULL);
  g_autoptr(GDir) listing = NULL;
  guint n_files = 0;

  g_assert_nonnull (dir);
  g_assert_true (sp_report_write_scoresheets_pdf (snapshot, 1, SP_PAPER_A4, sheets, &error));
  g_assert_no_error (error);
  g_assert_true (sp_report_write_penalties_pdf (snapshot, SP_PAPER_LETTER, penalties, &error));
  g_assert_no_error (error);
  g_assert_true (sp_report_write_summary_pdf (snapshot, SP_PAPER_A4, summary, &error));
  g_assert_no_error (error);

  /* Session 2 was not drawn: refused, and no file. */
  g_assert_false (sp_report_write_scoresheets_pdf (snapshot, 2, SP_PAPER_A4, undrawn, &error));
  g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED);
  g_assert_false (g_file_test (undrawn, G_FILE_TEST_EXISTS));

  listing = g_dir_open (dir, 0, NULL);
  for (const char *name; (name = g_dir_read_name (listing)) != NULL; n_files++)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (g_str_has_prefix (contents, "%PDF-"));
      g_unlink (path);
    }
  g_assert_cmpuint (n_files, ==, 3);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/reports/forms/hand-columns", test_hand_columns);
  g_test_add_func ("/sparrow/reports/forms/penalty-pages", test_penalty_pages);
  g_test_add_func ("/sparrow/reports/forms/summary-pages", test_summary_pages);
  g_test_add_func ("/sparrow/reports/forms/draw", test_draw);
  g_test_add_func ("/sparrow/reports/forms/write", test_write);
  return g_test_run ();
}
