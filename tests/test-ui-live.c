/* test-ui-live.c: the window follows changes made by another connection (sparrow-cli, a second
 * window) within two seconds; a damaged or newer file gets a page saying why and is left as it
 * was; the Log page lists a tournament's changes and filters them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-test-ui.h"

/* The live data must show within this many seconds of the other connection's commit. */
#define LIVE_SECONDS 2.0

typedef struct
{
  GtkWidget *view;
  guint      n_items;
} ViewCount;

static guint
view_count (GtkWidget *view)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view))));
}

static gboolean
view_has_count (gpointer data)
{
  ViewCount *count = data;

  return view_count (count->view) == count->n_items;
}

static gboolean
column_view_is_drawn (gpointer window)
{
  return find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW) != NULL;
}

static double
seconds_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
}

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* wait_until () looks again only when the main loop wakes up: a tick every 20 ms makes it see
 * the change as soon as it shows, so that the time measured is the window's. */
static void
wait_live (Condition   condition,
           gpointer    data,
           const char *what,
           gint64      start)
{
  guint tick = g_timeout_add (20, tick_cb, NULL);

  wait_until (condition, data, what);
  g_source_remove (tick);
  g_test_message ("%s: %.2f s", what, seconds_since (start));
  g_assert_cmpfloat (seconds_since (start), <, LIVE_SECONDS);
}

/* A player added by another connection appears on the Players page within two seconds, the
 * list scrolled where it was and the page's search kept. */
static void
test_live_players (void)
{
  const char *names[] = { NULL };
  gint64 tournament = 0;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) other = NULL;
  GtkWindow *window = open_players_page ("live-players.db", names, &tournament);
  GtkWidget *view, *scrolled;
  GtkAdjustment *adjustment;
  ViewCount count;
  double scrolled_to;
  gint64 start;

  /* Enough players for the list to scroll. */
  path = g_strdup (g_getenv ("SPARROW_DB"));
  other = sp_db_open (path, &error);
  g_assert_no_error (error);
  add_numbered_players (other, tournament, 60);
  wait_until (column_view_is_drawn, window, "the players added elsewhere to be listed");
  view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  count = (ViewCount) { view, 60 };
  wait_until (view_has_count, &count, "the players added elsewhere to be listed");

  scrolled = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  while (gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment) < 200)
    g_main_context_iteration (NULL, TRUE);
  gtk_adjustment_set_value (adjustment, 200);
  for (guint i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  scrolled_to = gtk_adjustment_get_value (adjustment);
  g_assert_cmpfloat (scrolled_to, >, 0);

  start = g_get_monotonic_time ();
  add_player (other, tournament, "Zhao Late", "Late Club", NULL);
  count.n_items = 61;
  wait_live (view_has_count, &count, "the player added elsewhere to be listed", start);
  /* GtkListView keeps its place as a row and a fraction of the page, and places it again on
   * whole pixels: "where it was" is within a pixel, where a reset would be 200 px away. */
  g_assert_cmpfloat (ABS (gtk_adjustment_get_value (adjustment) - scrolled_to), <=, 1);

  close_all_windows ();
  restore_database ();
}

/* A session drawn by another connection shows its tables on the Sessions page, which stays
 * the page shown. */
static void
test_live_draw (void)
{
  const char *names[] = { "Ana", "Bo", "Cai", "Dee", NULL };
  gint64 tournament = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) other = NULL;
  g_autoptr(SpTournament) event = NULL;
  GtkWindow *window = open_players_page ("live-draw.db", names, &tournament);
  AdwViewSwitcherTitle *title = ADW_VIEW_SWITCHER_TITLE (find_drawn_widget (GTK_WIDGET (window),
                                                           ADW_TYPE_VIEW_SWITCHER_TITLE));
  LabelSearch table = { GTK_WIDGET (window), "Table 1" };
  SpDrawRequest request = { .has_seed = TRUE, .seed = 11 };
  guint64 seed = 0;
  gint64 start;

  show_page (title, "sessions");
  g_assert_null (find_drawn_label (GTK_WIDGET (window), "Table 1"));

  other = sp_db_open (g_getenv ("SPARROW_DB"), &error);
  g_assert_no_error (error);
  event = sp_db_find_tournament (other, NULL, &error);
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  g_assert_true (sp_db_draw_session (other, event, 1, &request, &seed, &error));
  g_assert_no_error (error);
  wait_live (label_is_drawn, &table, "the tables drawn elsewhere to be shown", start);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (adw_view_switcher_title_get_stack (title)),
                   ==, "sessions");

  close_all_windows ();
  restore_database ();
}

typedef struct
{
  GtkWindow  *window;
  const char *name;
} ListedTournament;

static gboolean
tournament_is_listed (gpointer data)
{
  ListedTournament *listed = data;
  GtkWidget *view = find_drawn_widget (GTK_WIDGET (listed->window), GTK_TYPE_COLUMN_VIEW);

  return view != NULL && find_drawn_label (view, listed->name) != NULL;
}

/* A tournament created elsewhere joins the list, in place of the empty state; one deleted
 * elsewhere while open gives way to the list. */
static void
test_live_tournaments (void)
{
  g_autofree char *path = use_database ("live-list.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) other = NULL;
  g_autoptr(SpTournament) event = NULL;
  GtkWindow *window = start_app ();
  ListedTournament listed = { window, "Autumn Open" };
  ShownText toast = { GTK_WIDGET (window), "The tournament was deleted elsewhere" };
  gint64 start;

  g_assert_nonnull (find_drawn_status_page (GTK_WIDGET (window)));
  other = sp_db_open (path, &error);
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  create_tournament (other, "Autumn Open", SP_RULESET_MCR, "cn", 3, 4);
  wait_live (tournament_is_listed, &listed, "the tournament created elsewhere to be listed",
             start);

  open_first_tournament (window);
  event = sp_db_find_tournament (other, "Autumn Open", &error);
  g_assert_no_error (error);
  g_assert_true (sp_db_delete_tournament (other, event->id, "Autumn Open", &error));
  g_assert_no_error (error);
  wait_until (text_is_shown, &toast, "the window to say the tournament was deleted");
  g_assert_null (find_drawn_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE));

  close_all_windows ();
  restore_database ();
}

/* A Sparrow database written by @version of the schema, at @path. */
static void
write_database (const char *path,
                int         version)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autofree char *bytes = NULL;
  gsize length = 0;

  g_assert_no_error (error);
  create_tournament (db, "Spring Cup", SP_RULESET_MCR, "cn", 2, 8);
  g_clear_pointer (&db, sp_db_close);
  if (version == SP_DB_SCHEMA_VERSION)
    return;
  /* The schema version is PRAGMA user_version: 4 bytes, big-endian, at offset 60. */
  g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
  g_assert_cmpuint (length, >, 100);
  bytes[60] = (version >> 24) & 0xff;
  bytes[61] = (version >> 16) & 0xff;
  bytes[62] = (version >> 8) & 0xff;
  bytes[63] = version & 0xff;
  g_assert_true (g_file_set_contents (path, bytes, length, NULL));
}

/* Opens @path in the app, checks the error page says @reason, and that the file and its
 * neighbours are as they were. */
static void
check_error_page (const char *path,
                  const char *reason)
{
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);
  gsize length_before = 0, length_after = 0;
  GtkWindow *window;
  AdwStatusPage *page;

  g_assert_true (g_file_get_contents (path, &before, &length_before, NULL));
  window = start_app ();
  page = find_drawn_status_page (GTK_WIDGET (window));
  g_assert_nonnull (page);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "Cannot open the database");
  g_test_message ("%s", adw_status_page_get_description (page));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), reason));
  g_assert_true (shows_label_text (GTK_WIDGET (page), path));
  g_assert_nonnull (find_drawn_button (GTK_WIDGET (page), "_Try Again"));
  g_assert_null (sp_window_get_database (SP_WINDOW (window)));
  maybe_screenshot (window, "error-page.png");
  close_all_windows ();

  g_assert_true (g_file_get_contents (path, &after, &length_after, NULL));
  g_assert_cmpuint (length_after, ==, length_before);
  g_assert_cmpmem (after, length_after, before, length_before);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
}

/* A file written by a newer Sparrow says so, and is left byte for byte as it was. */
static void
test_live_too_new (void)
{
  g_autofree char *path = use_database ("newer.db");

  write_database (path, SP_DB_SCHEMA_VERSION + 1);
  check_error_page (path, "newer version of Sparrow");
  restore_database ();
}

/* A damaged file (its pages overwritten, its header whole) says so, and is left as it was. */
static void
test_live_corrupt (void)
{
  g_autofree char *path = use_database ("damaged.db");
  g_autofree char *bytes = NULL;
  gsize length = 0;

  write_database (path, SP_DB_SCHEMA_VERSION);
  g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
  for (gsize i = 100; i < length; i++)
    bytes[i] = (char) (i * 7 + 3);
  g_assert_true (g_file_set_contents (path, bytes, length, NULL));
  check_error_page (path, "damaged");
  restore_database ();
}

/* The Log page lists the tournament's changes newest first, each as a sentence with who made
 * it, and its filters narrow the list to a session, a table, a player. */
static void
test_log_page (void)
{
  const char *names[] = { "Ana", "Bo", "Cai", "Dee", NULL };
  gint64 tournament = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) event = NULL;
  GtkWindow *window = open_players_page ("log.db", names, &tournament);
  AdwViewSwitcherTitle *title = ADW_VIEW_SWITCHER_TITLE (find_drawn_widget (GTK_WIDGET (window),
                                                           ADW_TYPE_VIEW_SWITCHER_TITLE));
  SpDb *db = sp_window_get_database (SP_WINDOW (window));
  SpDrawRequest request = { .has_seed = TRUE, .seed = 5 };
  SpPenalty penalty = { .session = 1, .points = -10, .reason = (char *) "slow play" };
  LabelSearch line = { GTK_WIDGET (window), "Penalty for Bo: -10 points (slow play)" };
  g_autoptr(SpPlayer) bo = NULL;
  SpLogPage *page;
  GtkWidget *view;
  guint n_all, n_bo;
  guint64 seed = 0;

  event = sp_db_find_tournament (db, NULL, &error);
  g_assert_no_error (error);
  sp_db_set_referee (db, "Referee Wu");
  g_assert_true (sp_db_draw_session (db, event, 1, &request, &seed, &error));
  g_assert_no_error (error);
  bo = reread_player (db, tournament, "Bo");
  penalty.player = bo->id;
  g_assert_true (sp_db_give_penalty (db, tournament, &penalty, &error));
  g_assert_no_error (error);

  show_page (title, "log");
  g_assert_cmpstr (adw_view_stack_page_get_title (
                     adw_view_stack_get_page (adw_view_switcher_title_get_stack (title),
                                              adw_view_stack_get_visible_child (
                                                adw_view_switcher_title_get_stack (title)))),
                   ==, "Log");
  wait_until (label_is_drawn, &line, "the penalty to be in the log");
  page = SP_LOG_PAGE (find_drawn_widget (GTK_WIDGET (window), SP_TYPE_LOG_PAGE));
  view = find_drawn_widget (GTK_WIDGET (page), GTK_TYPE_COLUMN_VIEW);
  g_assert_true (shows_label_text (view, "Referee Wu"));
  g_assert_true (shows_label_text (view, "Drew session 1 (seed 5)"));
  g_assert_true (shows_label_text (view, "Registered Ana"));
  /* Newest first: the penalty above the draw. */
  g_assert_cmpfloat (top_in_window (find_drawn_label (view, line.text), window), <,
                     top_in_window (find_drawn_label (view, "Drew session 1 (seed 5)"), window));

  n_all = view_count (view);
  g_assert_cmpuint (n_all, >, 10);
  sp_log_page_set_filter (page, 0, 0, bo->id);
  n_bo = view_count (view);
  /* Bo's registration, seat and penalty. */
  g_assert_cmpuint (n_bo, ==, 3);
  sp_log_page_set_filter (page, 1, 1, 0);
  /* The four seats of table 1, the penalty. */
  g_assert_cmpuint (view_count (view), ==, 5);
  sp_log_page_set_filter (page, 2, 0, 0);
  g_assert_cmpuint (view_count (view), ==, 0);
  g_assert_nonnull (find_drawn_status_page (GTK_WIDGET (page)));
  sp_log_page_set_filter (page, 0, 0, 0);
  g_assert_cmpuint (view_count (view), ==, n_all);
  maybe_screenshot (window, "log-page.png");

  /* A false win's verdict: Ana's deduction and what each other player received, written
   * together.  The gains name the offender; they are no penalty of those who gained. */
  {
    const char *others[] = { "Bo", "Cai", "Dee" };
    g_autoptr(SpPlayer) ana = reread_player (db, tournament, "Ana");
    SpPenalty offence = { .session = 1, .player = ana->id, .points = -30,
                          .reason = (char *) "false hu: −30, +10 to each other player" };
    LabelSearch gain = { GTK_WIDGET (window), "False win by Ana: +10 to Cai" };

    g_assert_true (sp_db_give_penalty (db, tournament, &offence, &error));
    g_assert_no_error (error);
    for (guint i = 0; i < G_N_ELEMENTS (others); i++)
      {
        g_autoptr(SpPlayer) other = reread_player (db, tournament, others[i]);
        SpPenalty received = offence;

        received.id = 0;
        received.player = other->id;
        received.points = 10;
        g_assert_true (sp_db_give_penalty (db, tournament, &received, &error));
        g_assert_no_error (error);
      }
    sp_log_page_load (page, db, event);
    wait_until (label_is_drawn, &gain, "the false win's gain in the log");
    g_assert_true (shows_label_text (view, "Penalty for Ana: -30 points (false hu: −30, +10 to "
                                           "each other player)"));
    g_assert_false (shows_label_text (view, "Penalty for Cai: +10 points (false hu: −30, +10 to "
                                            "each other player)"));
  }

  close_all_windows ();
  restore_database ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/live/players", test_live_players);
  g_test_add_func ("/sparrow/ui/live/draw", test_live_draw);
  g_test_add_func ("/sparrow/ui/live/tournaments", test_live_tournaments);
  g_test_add_func ("/sparrow/ui/live/too-new", test_live_too_new);
  g_test_add_func ("/sparrow/ui/live/corrupt", test_live_corrupt);
  g_test_add_func ("/sparrow/ui/log/page", test_log_page);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
