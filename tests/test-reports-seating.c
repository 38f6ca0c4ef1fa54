/* test-reports-seating.c: the seating and standings printouts from snapshots built by hand: the
 * pages they lay out, a session not drawn, and every page drawn on a cairo context that is not
 * a PDF file's (as the app's print dialog gives).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gstdio.h>

#include "sp-reports.h"

static const char *const names[] = {
  "王芳", "Anna Berg", "陈静", "Dupont, Jean", "黄勇", "Sam Lee", "李娜", "Olga Ivanova",
};

/* @n_players players (names repeated with a number), @n_sessions sessions each seating all of
 * them, by the tournament's @seating method. */
static SpSnapshot *
build_snapshot (guint       n_players,
                guint       n_sessions,
                const char *seating)
{
  SpSnapshot *snapshot = sp_snapshot_new ();

  snapshot->tournament = g_new0 (SpTournament, 1);
  snapshot->tournament->name = g_strdup ("春季公开赛 Spring Open");
  snapshot->tournament->seating = g_strdup (seating);
  snapshot->date = g_strdup ("2026-11-30");
  for (guint i = 0; i < n_players; i++)
    {
      SpPlayer *player = g_new0 (SpPlayer, 1);
      SpStanding standing = { .player = i + 1, .rank = i + 1, .sessions = n_sessions };

      player->id = i + 1;
      player->name = i < G_N_ELEMENTS (names) ? g_strdup (names[i])
                                              : g_strdup_printf ("%s %u", names[i % 8], i);
      player->status = i == 1 ? SP_PLAYER_WITHDRAWN : SP_PLAYER_ACTIVE;
      g_ptr_array_add (snapshot->players, player);
      g_array_append_val (snapshot->standings, standing);
    }
  for (guint s = 0; s < n_sessions; s++)
    {
      SpSessionSnapshot *session = g_new0 (SpSessionSnapshot, 1);

      session->number = s + 1;
      session->n_tables = n_players / 4;
      session->seats = g_new0 (gint64, n_players);
      for (guint i = 0; i < n_players; i++)
        session->seats[i] = (i + s * 5) % n_players + 1;
      g_ptr_array_add (snapshot->sessions, session);
    }
  return snapshot;
}

/* Dark pixels of @surface's rows from @top to @bottom. */
static guint
count_ink (cairo_surface_t *surface,
           int              top,
           int              bottom)
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  guint ink = 0;

  cairo_surface_flush (surface);
  for (int y = top; y < bottom; y++)
    for (int x = 0; x < width; x++)
      if ((((guint32 *) (data + y * stride))[x] & 0xff) < 0x80)
        ink++;
  return ink;
}

static void
test_seating_not_drawn (void)
{
  g_autoptr(SpSnapshot) snapshot = build_snapshot (8, 2, "balanced");
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("sparrow-seating-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "seats.pdf", NULL);
  g_autoptr(SpSeatingPrint) print = sp_seating_print_new (snapshot, 3, &error);

  g_assert_null (print);
  g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED);
  g_clear_error (&error);
  g_assert_false (sp_report_write_seating_pdf (snapshot, 3, SP_PAPER_A4, path, &error));
  g_assert_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_rmdir (folder), ==, 0);   /* nothing was left in it */
}

static void
test_seating_pages (void)
{
  g_autoptr(SpSnapshot) balanced = build_snapshot (8, 2, "balanced");
  g_autoptr(SpSnapshot) random = build_snapshot (8, 2, "random");
  g_autoptr(SpSnapshot) large = build_snapshot (400, 2, "random");
  g_autoptr(SpSeatingPrint) print = sp_seating_print_new (balanced, 2, NULL);
  g_autoptr(SpSeatingPrint) drawn_by_lot = sp_seating_print_new (random, 1, NULL);
  g_autoptr(SpSeatingPrint) crowd = sp_seating_print_new (large, 1, NULL);
  double width, height;
  guint a4, letter;

  sp_paper_size (SP_PAPER_A4, FALSE, &width, &height);
  /* Two cards, the list, the schedules (a balanced plan only). */
  g_assert_cmpuint (sp_seating_print_paginate (print, width, height), ==, 2 + 1 + 1);
  g_assert_cmpuint (sp_seating_print_paginate (drawn_by_lot, width, height), ==, 2 + 1);
  /* 400 names do not fit one page of the list; Letter is shorter than A4. */
  a4 = sp_seating_print_paginate (crowd, width, height);
  g_assert_cmpuint (a4, >, 100 + 2);
  sp_paper_size (SP_PAPER_LETTER, FALSE, &width, &height);
  letter = sp_seating_print_paginate (crowd, width, height);
  g_assert_cmpuint (letter, >=, a4);
}

/* Every page on an image surface: cairo reports no fault, and a card has ink on both halves
 * (the face read from each side of the table). */
static void
test_seating_draw (void)
{
  g_autoptr(SpSnapshot) snapshot = build_snapshot (8, 2, "balanced");
  g_autoptr(SpSeatingPrint) print = sp_seating_print_new (snapshot, 1, NULL);
  double width, height;
  guint n_pages;

  sp_paper_size (SP_PAPER_LETTER, FALSE, &width, &height);
  n_pages = sp_seating_print_paginate (print, width, height);
  for (guint page = 0; page < n_pages; page++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width,
                                                             (int) height);
      cairo_t *cr = cairo_create (surface);

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      sp_seating_print_draw_page (cr, page, width, height, print);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpuint (count_ink (surface, 0, (int) height / 2), >, page < 2 ? 5000 : 500);
      if (page < 2)
        g_assert_cmpuint (count_ink (surface, (int) height / 2, (int) height), >, 5000);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

static void
test_standings_pages (void)
{
  g_autoptr(SpSnapshot) few = build_snapshot (8, 1, "random");
  g_autoptr(SpSnapshot) many = build_snapshot (400, 1, "random");
  g_autoptr(SpSnapshot) none = build_snapshot (0, 0, "random");
  g_autoptr(SpStandingsPrint) one = sp_standings_print_new (few);
  g_autoptr(SpStandingsPrint) several = sp_standings_print_new (many);
  g_autoptr(SpStandingsPrint) empty = sp_standings_print_new (none);
  g_autofree char *folder = g_dir_make_tmp ("sparrow-standings-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "standings.pdf", NULL);
  g_autoptr(GError) error = NULL;
  double width, height;
  guint pages;

  sp_paper_size (SP_PAPER_A4, FALSE, &width, &height);
  g_assert_cmpuint (sp_standings_print_paginate (one, width, height), ==, 1);
  g_assert_cmpuint (sp_standings_print_paginate (empty, width, height), ==, 1);
  pages = sp_standings_print_paginate (several, width, height);
  g_assert_cmpuint (pages, >, 1);
  g_assert_cmpuint (pages, <, 400 / 20);
  g_assert_true (sp_report_write_standings_pdf (many, SP_PAPER_A4, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/reports/seating/not-drawn", test_seating_not_drawn);
  g_test_add_func ("/sparrow/reports/seating/pages", test_seating_pages);
  g_test_add_func ("/sparrow/reports/seating/draw", test_seating_draw);
  g_test_add_func ("/sparrow/reports/standings/pages", test_standings_pages);
  return g_test_run ();
}
