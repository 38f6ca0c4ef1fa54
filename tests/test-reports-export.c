/* test-reports-export.c: the table of the exports (the kinds the command line and the app's
 * Export dialog share, their titles and file names) and the printouts of the print dialog,
 * from snapshots built by hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>

#include "sp-test-reports.h"

/* The kinds in the order `sparrow-cli export` lists them (SPEC.md §3.3), each with a title, a
 * suffix and what it takes: a session only the seating and the score sheets, a paper every
 * PDF and nothing else. */
static void
test_table (void)
{
  static const char *const kinds[] = {
    "xlsx", "csv", "ema", "ema-csv", "pdf-seating", "pdf-standings", "pdf-scoresheets",
    "pdf-penalties", "pdf-summary",
  };
  guint n_exports;
  const SpReportExport *exports = sp_report_exports (&n_exports);

  g_assert_cmpuint (n_exports, ==, G_N_ELEMENTS (kinds));
  for (guint i = 0; i < n_exports; i++)
    {
      const SpReportExport *export = &exports[i];

      g_assert_cmpstr (export->kind, ==, kinds[i]);
      g_assert_true (sp_report_export_find (kinds[i]) == export);
      g_assert_true (g_str_has_suffix (sp_report_export_get_title (export), ")"));
      g_assert_cmpstr (sp_report_export_get_description (export), !=, "");
      g_assert_cmpint (export->takes_paper, ==, g_str_equal (export->suffix, ".pdf"));
      g_assert_cmpint (export->takes_session, ==,
                       g_str_equal (export->kind, "pdf-seating")
                       || g_str_equal (export->kind, "pdf-scoresheets"));
      /* Exactly one writer, of the shape of what it takes. */
      g_assert_cmpint ((export->write_file != NULL) + (export->write_printout != NULL)
                       + (export->write_session_printout != NULL), ==, 1);
      g_assert_cmpint (export->write_session_printout != NULL, ==, export->takes_session);
    }
  g_assert_cmpstr (sp_report_export_get_title (sp_report_export_find ("xlsx")), ==,
                   "Standings Workbook (.xlsx)");
  g_assert_null (sp_report_export_find ("pdf"));
  g_assert_null (sp_report_export_find (""));
}

/* EMA's results are MCR's and Riichi's only; every other report is every tournament's. */
static void
test_applies_to (void)
{
  SpTournament mcr = { .ruleset = SP_RULESET_MCR };
  SpTournament taiwan = { .ruleset = SP_RULESET_TAIWAN };
  SpTournament riichi = { .ruleset = SP_RULESET_RIICHI };
  guint n_exports;
  const SpReportExport *exports = sp_report_exports (&n_exports);

  for (guint i = 0; i < n_exports; i++)
    {
      gboolean ema = g_str_has_prefix (exports[i].kind, "ema");

      g_assert_true (sp_report_export_applies_to (&exports[i], &mcr));
      g_assert_true (sp_report_export_applies_to (&exports[i], &riichi));
      g_assert_cmpint (sp_report_export_applies_to (&exports[i], &taiwan), ==, !ema);
    }
}

static void
test_file_name (void)
{
  static const struct
  {
    const char *kind;
    const char *tournament;
    guint       session;
    const char *name;
  } cases[] = {
    { "xlsx", "Spring Open 2026", 2, "Spring Open 2026 – standings.xlsx" },
    { "csv", "春季杯", 1, "春季杯 – standings.csv" },
    { "pdf-seating", "Spring Open 2026", 2, "Spring Open 2026 – seating session 2.pdf" },
    { "pdf-scoresheets", "Club", 10, "Club – score sheets session 10.pdf" },
    { "pdf-summary", "Club", 3, "Club – results summary.pdf" },
    /* One file, in the folder chosen: no slash of the name makes a folder, no dot hides it. */
    { "ema", "Club 1/2", 1, "Club 1-2 – EMA results.xlsx" },
    { "pdf-standings", ".hidden", 1, "_hidden – standings.pdf" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = sp_report_export_file_name (sp_report_export_find (cases[i].kind),
                                                          cases[i].tournament,
                                                          cases[i].session);

      g_assert_cmpstr (name, ==, cases[i].name);
    }
}

/* The table's writer gets the session and the paper: session 1 written, session 2 (not
 * drawn) refused with no file left. */
static void
test_write (void)
{
  g_autoptr(SpSnapshot) snapshot = sp_test_snapshot_new (SP_RULESET_MCR, 8, 2);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sparrow-export-XXXXXX", NULL);
  g_autofree char *sheets = g_build_filename (dir, "sheets.pdf", NULL);
  g_autofree char *undrawn = g_build_filename (dir, "undrawn.pdf", NULL);
  g_autofree char *csv = g_build_filename (dir, "standings.csv", NULL);
  g_autofree char *contents = NULL;

  g_assert_true (sp_report_export_write (sp_report_export_find ("pdf-scoresheets"), snapshot, 1,
                                         SP_PAPER_LETTER, sheets, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (sheets, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_clear_pointer (&contents, g_free);

  g_assert_false (sp_report_export_write (sp_report_export_find ("pdf-seating"), snapshot, 2,
                                          SP_PAPER_A4, undrawn, &error));
  g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED);
  g_clear_error (&error);
  g_assert_false (g_file_test (undrawn, G_FILE_TEST_EXISTS));

  g_assert_true (sp_report_export_write (sp_report_export_find ("csv"), snapshot, 0,
                                         SP_PAPER_A4, csv, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "选手8"));

  g_unlink (sheets);
  g_unlink (csv);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Each printout counts its pages as the PDF export does and draws them all. */
static void
test_printout_pages (void)
{
  g_autoptr(SpSnapshot) snapshot = sp_test_snapshot_new (SP_RULESET_MCR, 120, 30);
  g_autoptr(SpSeatingPrint) seating = sp_seating_print_new (snapshot, 1, NULL);
  double width, height;
  guint n_seating_pages;
  struct
  {
    SpPrintoutKind kind;
    guint          n_pages;
  } cases[] = {
    { SP_PRINTOUT_TABLE_CARDS, 30 },
    { SP_PRINTOUT_ENTRANCE_LIST, 0 },   /* the seating's list pages, below */
    { SP_PRINTOUT_SCORESHEETS, 30 },
    { SP_PRINTOUT_STANDINGS, 0 },       /* the standings' pages, below */
    { SP_PRINTOUT_PENALTIES, sp_penalty_record_n_pages (snapshot) },
    { SP_PRINTOUT_SUMMARY, sp_results_summary_n_pages (snapshot) },
  };
  g_autoptr(SpStandingsPrint) standings = sp_standings_print_new (snapshot);

  sp_paper_size (SP_PAPER_A4, FALSE, &width, &height);
  n_seating_pages = sp_seating_print_paginate (seating, width, height);
  cases[1].n_pages = sp_seating_print_n_list_pages (seating);
  g_assert_cmpuint (sp_seating_print_n_cards (seating), ==, 30);
  /* 120 names do not fit one page: the list has pages of its own, after the cards. */
  g_assert_cmpuint (cases[1].n_pages, >, 1);
  g_assert_cmpuint (n_seating_pages, ==, 30 + cases[1].n_pages);
  cases[3].n_pages = sp_standings_print_paginate (standings, width, height);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const SpPrintoutInfo *info = sp_printout_info_get (cases[i].kind);
      g_autoptr(GError) error = NULL;
      g_autoptr(SpPrintout) printout = sp_printout_new (cases[i].kind, snapshot, 1, &error);
      g_autofree char *name = NULL;
      cairo_surface_t *surface;
      cairo_t *cr;
      guint n_pages;

      g_assert_no_error (error);
      g_assert_cmpint (info->kind, ==, cases[i].kind);
      sp_paper_size (SP_PAPER_A4, sp_printout_is_landscape (printout), &width, &height);
      n_pages = sp_printout_paginate (printout, width, height);
      g_assert_cmpuint (n_pages, ==, cases[i].n_pages);
      name = sp_printout_get_name (printout);
      g_assert_true (g_str_has_prefix (name, "春季杯 – "));
      g_assert_cmpint (g_str_has_suffix (name, " session 1"), ==, info->takes_session);

      surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
      cr = cairo_create (surface);
      for (guint page = 0; page < n_pages; page++)
        sp_printout_draw_page (cr, page, width, height, printout);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  /* The forms are landscape, as R98 prints them; the cards and the lists portrait. */
  g_assert_true (sp_printout_info_get (SP_PRINTOUT_SCORESHEETS)->landscape);
  g_assert_false (sp_printout_info_get (SP_PRINTOUT_TABLE_CARDS)->landscape);
}

/* A session's printout of a session not drawn is refused, saying so. */
static void
test_printout_undrawn (void)
{
  g_autoptr(SpSnapshot) snapshot = sp_test_snapshot_new (SP_RULESET_MCR, 8, 2);

  for (SpPrintoutKind kind = 0; kind < SP_N_PRINTOUTS; kind++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(SpPrintout) printout = sp_printout_new (kind, snapshot, 2, &error);

      if (sp_printout_info_get (kind)->takes_session)
        {
          g_assert_null (printout);
          g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED);
          g_assert_nonnull (strstr (error->message, "Session 2"));
        }
      else
        {
          g_assert_no_error (error);
          g_assert_nonnull (printout);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/reports/export/table", test_table);
  g_test_add_func ("/sparrow/reports/export/applies-to", test_applies_to);
  g_test_add_func ("/sparrow/reports/export/file-name", test_file_name);
  g_test_add_func ("/sparrow/reports/export/write", test_write);
  g_test_add_func ("/sparrow/reports/printout/pages", test_printout_pages);
  g_test_add_func ("/sparrow/reports/printout/undrawn", test_printout_undrawn);
  return g_test_run ();
}
