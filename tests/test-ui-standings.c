/* test-ui-standings.c: the Standings page (per-session columns, the tie-break that decided a
 * rank, the teams tab, withdrawn players and substitutes, the scroll kept across a refresh),
 * the projector (full screen, large type, pages, Esc, hidden standings) and the session clock
 * (start, pause, resume, end, kept across a restart of the app, the warning).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-test-ui.h"
#include "sp-tournament-row.h"

/* Records hand @number at @table of @session as a row: @settlement by chair. */
static void
record_hand (SpDb         *db,
             gint64        tournament,
             guint         session,
             guint         table,
             guint         number,
             const gint64  settlement[4])
{
  g_autoptr(GError) error = NULL;
  SpHandRecord hand = {
    .session = session,
    .table = table,
    .number = number,
    .winner = 0,
    .discarder = 1,
    .total = 8,
  };

  memcpy (hand.settlement, settlement, sizeof hand.settlement);
  g_assert_true (sp_db_record_hand (db, tournament, &hand, &error));
  g_assert_no_error (error);
  g_free (hand.entered_at);
}

static void
seat (SpDb         *db,
      gint64        tournament,
      guint         session,
      const gint64 *players,
      guint         n_players)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_db_store_seating (db, tournament, session, 42, players, n_players, &error));
  g_assert_no_error (error);
}

static SpTournamentView *
find_view (GtkWindow *window)
{
  return SP_TOURNAMENT_VIEW (find_drawn_widget (GTK_WIDGET (window), SP_TYPE_TOURNAMENT_VIEW));
}

/* The Spring Open: eight players in two teams; session 1 played at two tables (P1 and P5 win
 * their tables, level on table points, told apart by the score; P7 and P8 share a rank), P4
 * withdrawn and replaced by Nina Sub, who plays session 2. */
static gint64
create_spring_open (const char *file)
{
  g_autoptr(SpDb) db = open_database (file);
  g_autoptr(GError) error = NULL;
  SpTournament event = sp_test_mcr_tournament ("Spring Open");
  static const gint64 table1[4] = { 30, -10, -10, -10 };
  static const gint64 table2[4] = { 20, -20, 0, 0 };
  static const gint64 quiet[4] = { 8, -8, 0, 0 };
  SpPlayer nina = { .name = (char *) "Nina Sub" };
  gint64 ids[8];
  gint64 second[8];

  store_tournament (db, &event);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("P%u", i + 1);

      ids[i] = add_player (db, event.id, name, NULL, i % 4 < 2 ? "Red" : "Blue");
    }
  seat (db, event.id, 1, ids, 8);
  record_hand (db, event.id, 1, 1, 1, table1);
  record_hand (db, event.id, 1, 2, 1, table2);

  nina.tournament = event.id;
  g_assert_true (sp_db_substitute_player (db, event.id, ids[3], &nina, TRUE, &error));
  g_assert_no_error (error);
  memcpy (second, ids, sizeof second);
  second[3] = nina.id;
  seat (db, event.id, 2, second, 8);
  record_hand (db, event.id, 2, 1, 1, quiet);
  record_hand (db, event.id, 2, 2, 1, quiet);
  return event.id;
}

/* The label of the cell in @column (its title) of the line whose name cell reads @name. */
static gboolean
line_shows (GtkWidget  *view,
            const char *name,
            const char *text)
{
  GtkWidget *name_label = find_drawn_label (view, name);
  GtkWidget *row;

  if (name_label == NULL)
    return FALSE;
  /* Cell → row of cells. */
  row = gtk_widget_get_ancestor (gtk_widget_get_parent (name_label), GTK_TYPE_WIDGET);
  for (; row != NULL && row != view; row = gtk_widget_get_parent (row))
    if (find_drawn_label (row, text) != NULL && find_drawn_label (row, name) != NULL
        && g_strcmp0 (G_OBJECT_TYPE_NAME (row), "GtkColumnViewRowWidget") == 0)
      return TRUE;
    else if (g_strcmp0 (G_OBJECT_TYPE_NAME (row), "GtkListItemWidget") == 0
             && find_drawn_label (row, text) != NULL && find_drawn_label (row, name) != NULL)
      return TRUE;
  return FALSE;
}

typedef struct
{
  GtkWidget  *view;
  const char *name;
  const char *text;
} LineSearch;

static gboolean
line_is_shown (gpointer data)
{
  LineSearch *search = data;

  return line_shows (search->view, search->name, search->text);
}

static void
wait_for_line (GtkWidget  *view,
               const char *name,
               const char *text)
{
  LineSearch search = { view, name, text };
  g_autofree char *what = g_strdup_printf ("%s's line to show %s", name, text);

  wait_until (line_is_shown, &search, what);
}

static void
test_standings_page (void)
{
  AdwViewSwitcherTitle *title;
  GtkWidget *page, *view, *teams_view, *switcher;
  GtkWindow *window;

  create_spring_open ("spring-open.db");
  window = start_app ();
  gtk_window_set_default_size (window, 1280, 800);
  title = open_first_tournament (window);
  show_page (title, "standings");
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  g_assert_nonnull (page);
  view = find_drawn_widget (page, GTK_TYPE_COLUMN_VIEW);

  /* A column per session, after the totals. */
  g_assert_nonnull (find_column (view, "S1"));
  g_assert_nonnull (find_column (view, "S2"));
  g_assert_nonnull (find_column (view, "Tie-Break"));
  /* P1 won table 1 of session 1 (4 table points, +30) and lost nothing in session 2. */
  wait_for_line (view, "P1", "4.00 · 30");
  wait_for_line (view, "P1", "4.00 · 8");
  /* P2 lost 10 at table 1, and is tied for 2nd–4th there: 1 table point. */
  wait_for_line (view, "P2", "1.00 · -10");

  /* P1 and P5 both have 8 table points; P1's score (38) puts him above P5 (28): both lines
   * say what told them apart. */
  wait_for_line (view, "P1", "8.00");
  wait_for_line (view, "P5", "8.00");
  wait_for_line (view, "P5", "Score");
  wait_for_line (view, "P1", "Score");
  /* P7 and P8 cannot be told apart: they share a rank, and both lines say so. */
  wait_for_line (view, "P8", "Tied");
  wait_for_line (view, "P7", "Tied");

  /* Withdrawn players and substitutes are marked. */
  wait_for_line (view, "P4", "Withdrawn");
  wait_for_line (view, "Nina Sub", "Substitute");
  /* Nina played only session 2. */
  wait_for_line (view, "Nina Sub", "–");
  maybe_screenshot_window (window, "standings.png");

  /* The teams have their own tab: Red (P1, P2, P5, P6) and Blue. */
  switcher = find_drawn_widget (page, GTK_TYPE_STACK_SWITCHER);
  g_assert_nonnull (switcher);
  gtk_stack_set_visible_child_name (gtk_stack_switcher_get_stack (GTK_STACK_SWITCHER (switcher)),
                                    "teams");
  {
    LabelSearch red = { page, "Red" };

    wait_until (label_is_drawn, &red, "the Red team in the teams tab");
  }
  teams_view = find_drawn_widget (page, GTK_TYPE_COLUMN_VIEW);
  g_assert_true (teams_view != view);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (
                      GTK_COLUMN_VIEW (teams_view)))), ==, 2);
  g_assert_nonnull (find_drawn_label (teams_view, "Blue"));
  maybe_screenshot_window (window, "standings-teams.png");

  end_case ();
}

/* A tournament without teams has no teams tab. */
static void
test_standings_no_teams (void)
{
  g_autoptr(SpDb) db = open_database ("no-teams.db");
  AdwViewSwitcherTitle *title;
  GtkWidget *page;
  GtkWindow *window;
  gint64 ids[4];

  create_tournament (db, "Quiet Night", SP_RULESET_MCR, "cn", 2, 4);
  for (guint i = 0; i < 4; i++)
    ids[i] = i + 1;
  seat (db, 1, 1, ids, 4);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  title = open_first_tournament (window);
  show_page (title, "standings");
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  {
    LabelSearch player = { page, "Player 1" };

    wait_until (label_is_drawn, &player, "Player 1 in the standings");
  }
  g_assert_null (find_drawn_widget (page, GTK_TYPE_STACK_SWITCHER));

  end_case ();
}

/* Activates the row of the tournament named @name in @window's list, as a double-click does,
 * and returns the title that switches between its pages once they are shown. */
static AdwViewSwitcherTitle *
open_tournament_named (GtkWindow  *window,
                       const char *name)
{
  GtkWidget *list = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (list)));
  AdwViewSwitcherTitle *title;

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(SpTournamentRow) row = g_list_model_get_item (rows, i);

      if (g_strcmp0 (sp_tournament_row_get_name (row), name) == 0)
        {
          g_signal_emit_by_name (list, "activate", i);
          break;
        }
    }
  wait_until (switcher_title_is_drawn, window, "the tournament's pages to be shown");
  title = ADW_VIEW_SWITCHER_TITLE (find_drawn_widget (GTK_WIDGET (window),
                                                      ADW_TYPE_VIEW_SWITCHER_TITLE));
  g_assert_cmpstr (adw_view_switcher_title_get_title (title), ==, name);
  return title;
}

static gboolean
switcher_title_is_gone (gpointer data)
{
  return find_drawn_widget (GTK_WIDGET (data), ADW_TYPE_VIEW_SWITCHER_TITLE) == NULL;
}

/* Another tournament opened after one's standings were shown: its Players page comes first,
 * and its Standings page, read when shown, has its own lines and sessions, none of the first's. */
static void
test_standings_another_tournament (void)
{
  AdwViewSwitcherTitle *title;
  AdwViewStack *stack;
  GtkWidget *page, *view;
  GtkWindow *window;
  gint64 ids[4];

  create_spring_open ("two-events.db");
  {
    g_autoptr(SpDb) db = open_database ("two-events.db");
    SpTournament cup = sp_test_mcr_tournament ("Summer Cup");

    cup.n_sessions = 3;
    store_tournament (db, &cup);
    for (guint i = 0; i < 4; i++)
      {
        g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

        ids[i] = add_player (db, cup.id, name, NULL, NULL);
      }
    seat (db, cup.id, 1, ids, 4);
  }
  window = start_app ();
  gtk_window_set_default_size (window, 1280, 800);
  title = open_tournament_named (window, "Spring Open");
  show_page (title, "standings");
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  view = find_drawn_widget (page, GTK_TYPE_COLUMN_VIEW);
  wait_for_line (view, "P1", "8.00");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL));
  wait_until (switcher_title_is_gone, window, "the tournament list to be shown");
  title = open_tournament_named (window, "Summer Cup");
  stack = adw_view_switcher_title_get_stack (title);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (stack), ==, "players");

  show_page (title, "standings");
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  view = find_drawn_widget (page, GTK_TYPE_COLUMN_VIEW);
  {
    LabelSearch player = { page, "Player 1" };

    wait_until (label_is_drawn, &player, "Player 1 in the second tournament's standings");
  }
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (
                      gtk_column_view_get_model (GTK_COLUMN_VIEW (view)))), ==, 4);
  g_assert_nonnull (find_column (view, "S3"));
  g_assert_null (find_drawn_label (view, "P1"));
  g_assert_null (find_drawn_label (view, "Nina Sub"));

  end_case ();
}

/* 200 players at 50 tables: scrolled half-way down, a new hand changes the lines it moves
 * and the view stays where it was. */
static void
test_standings_keep_scroll (void)
{
  g_autoptr(SpDb) db = open_database ("big.db");
  static const gint64 win[4] = { 60, -20, -20, -20 };
  AdwViewSwitcherTitle *title;
  GtkWidget *page, *view, *scroller;
  GtkAdjustment *adjustment;
  GtkWindow *window;
  gint64 ids[200];
  double before;

  create_tournament (db, "Big Night", SP_RULESET_MCR, "cn", 2, 200);
  for (guint i = 0; i < 200; i++)
    ids[i] = i + 1;
  seat (db, 1, 1, ids, 200);
  for (guint t = 1; t <= 40; t++)
    record_hand (db, 1, 1, t, 1, win);

  window = start_app ();
  title = open_first_tournament (window);
  show_page (title, "standings");
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  view = find_drawn_widget (page, GTK_TYPE_COLUMN_VIEW);
  {
    LabelSearch player = { page, "Player 1" };

    wait_until (label_is_drawn, &player, "Player 1 in the standings");
  }
  scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                     2 * gtk_adjustment_get_page_size (adjustment));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) / 2);
  {
    gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 4;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }
  before = gtk_adjustment_get_value (adjustment);
  g_assert_cmpfloat (before, >, 0);
  /* Half-way down (the score ranking): the 120 players who lost their table's hand, tied at
   * rank 81 below the 40 winners and the 40 who have not played yet. */
  g_assert_nonnull (find_drawn_label (view, "81"));
  g_assert_null (find_drawn_label (view, "78"));

  /* Table 45's East wins: Player 177 moves up to the winners. */
  record_hand (db, 1, 1, 45, 1, win);
  sp_tournament_view_reload (find_view (window));
  {
    gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 4;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (adjustment) - before), <, 1.0);
  /* The lines in view show the standings as they are now: one more winner and three fewer
   * who have not played above them. */
  g_assert_nonnull (find_drawn_label (view, "78"));
  g_assert_null (find_drawn_label (view, "81"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (
                      GTK_COLUMN_VIEW (view)))), ==, 200);

  g_clear_pointer (&db, sp_db_close);
  end_case ();
}

static gboolean
projector_is_shown (gpointer data)
{
  GtkWindow *projector = find_toplevel (SP_TYPE_PROJECTOR_WINDOW);

  return projector != NULL && gtk_widget_get_height (GTK_WIDGET (projector)) > 0;
}

static gboolean
projector_is_gone (gpointer data)
{
  return find_toplevel (SP_TYPE_PROJECTOR_WINDOW) == NULL;
}

/* Opens the projector as its button on the Standings page does. */
static SpProjectorWindow *
open_projector (GtkWidget *page)
{
  GtkWidget *button = find_drawn_button (page, "_Projector");

  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), !=, NULL);
  press_button (button);
  wait_until (projector_is_shown, NULL, "the projector to be shown");
  return SP_PROJECTOR_WINDOW (find_toplevel (SP_TYPE_PROJECTOR_WINDOW));
}

/* Presses Esc on @window, as its shortcut controllers take it. */
static void
press_escape (GtkWidget *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);
  g_autoptr(GtkShortcutTrigger) escape = gtk_keyval_trigger_new (GDK_KEY_Escape, 0);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), escape))
            {
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                           window, NULL));
              return;
            }
        }
    }
  g_error ("Esc does nothing on the window");
}

static void
test_projector (void)
{
  g_autoptr(SpDb) db = open_database ("projector.db");
  static const gint64 win[4] = { 30, -10, -10, -10 };
  AdwViewSwitcherTitle *title;
  SpProjectorWindow *projector;
  GtkWidget *page, *name;
  GtkWindow *window;
  gint64 ids[28];
  guint n_pages = 0;

  create_tournament (db, "Hall Cup", SP_RULESET_MCR, "cn", 2, 28);
  for (guint i = 0; i < 28; i++)
    ids[i] = i + 1;
  seat (db, 1, 1, ids, 28);
  for (guint t = 1; t <= 7; t++)
    record_hand (db, 1, 1, t, 1, win);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  title = open_first_tournament (window);
  show_page (title, "standings");
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  projector = open_projector (page);

  /* Full screen over the main window, the tournament's name and the session in its header. */
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (projector)) == window);
  g_assert_true (gtk_window_is_fullscreen (GTK_WINDOW (projector))
                 || gtk_widget_get_height (GTK_WIDGET (projector)) >= 700);
  name = find_drawn_label (GTK_WIDGET (projector), "Hall Cup");
  g_assert_nonnull (name);
  g_assert_true (shows_label_text (GTK_WIDGET (projector), "Session 1"));
  /* 28 lines, 10 a page. */
  g_assert_cmpuint (sp_projector_window_get_page (projector, &n_pages), ==, 1);
  g_assert_cmpuint (n_pages, ==, 3);
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (projector), "1 / 3"));
  {
    LabelSearch first = { GTK_WIDGET (projector), "Player 1" };

    wait_until (label_is_drawn, &first, "the first line on the projector");
  }
  /* Large type: a line of the standings is several times a normal label's height. */
  {
    gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_cmpint (gtk_widget_get_height (find_drawn_label (GTK_WIDGET (projector), "Player 1")),
                   >=, 40);
  maybe_screenshot_window (GTK_WINDOW (projector), "projector.png");

  /* The pages turn by themselves; the timer calls this. */
  sp_projector_window_next_page (projector);
  g_assert_cmpuint (sp_projector_window_get_page (projector, NULL), ==, 2);
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (projector), "2 / 3"));
  sp_projector_window_next_page (projector);
  sp_projector_window_next_page (projector);
  g_assert_cmpuint (sp_projector_window_get_page (projector, NULL), ==, 1);

  /* Esc leaves. */
  press_escape (GTK_WIDGET (projector));
  wait_until (projector_is_gone, NULL, "the projector to close");

  /* F11 on the tournament opens it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (find_view (window)),
                                             "tournament.projector", NULL));
  wait_until (projector_is_shown, NULL, "the projector to be shown again");

  end_case ();
}

static void
test_projector_hides_standings (void)
{
  AdwViewSwitcherTitle *title;
  SpProjectorWindow *projector;
  GtkWidget *page, *toggle;
  GtkWindow *window;
  gboolean hide = FALSE;
  guint n_pages = 99;
  g_autofree char *path = NULL;

  create_spring_open ("hidden.db");
  window = start_app ();
  title = open_first_tournament (window);
  show_page (title, "standings");
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  toggle = find_drawn_widget (page, GTK_TYPE_SWITCH);
  g_assert_nonnull (toggle);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
  gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);

  path = g_strdup (g_getenv ("SPARROW_DB"));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(SpDb) db = sp_db_open (path, &error);

    g_assert_true (sp_db_get_hide_standings (db, 1, &hide, &error));
    g_assert_no_error (error);
    g_assert_true (hide);
  }

  /* The director still sees them; the hall does not. */
  g_assert_nonnull (find_drawn_label (page, "P1"));
  projector = open_projector (page);
  g_assert_true (shows_label_text (GTK_WIDGET (projector), "Spring Open"));
  g_assert_true (shows_label_text (GTK_WIDGET (projector),
                                   "hidden until the last session is closed"));
  g_assert_null (find_drawn_label (GTK_WIDGET (projector), "P1"));
  g_assert_cmpuint (sp_projector_window_get_page (projector, &n_pages), ==, 0);
  g_assert_cmpuint (n_pages, ==, 0);
  maybe_screenshot_window (GTK_WINDOW (projector), "projector-hidden.png");
  press_escape (GTK_WIDGET (projector));
  wait_until (projector_is_gone, NULL, "the projector to close");

  /* The last session closed: the standings show. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(SpDb) db = sp_db_open (path, &error);
    g_autoptr(SpTournament) tournament = sp_db_find_tournament (db, NULL, &error);

    g_assert_true (sp_db_close_session (db, tournament, 2, TRUE, &error));
    g_assert_no_error (error);
  }
  projector = open_projector (page);
  g_assert_cmpuint (sp_projector_window_get_page (projector, &n_pages), ==, 1);
  g_assert_cmpuint (n_pages, ==, 1);
  {
    LabelSearch first = { GTK_WIDGET (projector), "P1" };

    wait_until (label_is_drawn, &first, "P1 on the projector");
  }

  end_case ();
}

/* A closed session's clock says it is closed, on the projector and in the header, whatever
 * it showed before (here, never started). */
static void
test_projector_closed_session (void)
{
  g_autoptr(SpDb) db = open_database ("projector-closed.db");
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(GError) error = NULL;
  static const gint64 win[4] = { 30, -10, -10, -10 };
  AdwViewSwitcherTitle *title;
  SpProjectorWindow *projector;
  GtkWidget *page;
  GtkWindow *window;
  gint64 ids[4] = { 1, 2, 3, 4 };

  create_tournament (db, "Hall Cup", SP_RULESET_MCR, "cn", 1, 4);
  seat (db, 1, 1, ids, 4);
  record_hand (db, 1, 1, 1, 1, win);
  tournament = sp_db_find_tournament (db, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (sp_db_close_session (db, tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  title = open_first_tournament (window);
  show_page (title, "standings");
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  projector = open_projector (page);
  g_assert_true (shows_label_text (GTK_WIDGET (projector), "Session 1 · closed (time up)"));
  g_assert_false (shows_label_text (GTK_WIDGET (projector), "Session 1 · 3:00:00, not started"));
  maybe_screenshot_window (GTK_WINDOW (projector), "projector-closed.png");
  press_escape (GTK_WIDGET (projector));
  wait_until (projector_is_gone, NULL, "the projector to close");

  end_case ();
}

static SpSessionClock
read_clock (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpTournament) tournament = sp_db_find_tournament (db, NULL, &error);
  SpSessionClock clock;

  g_assert_true (sp_db_get_session_clock (db, tournament, 1, &clock, &error));
  g_assert_no_error (error);
  return clock;
}

static gboolean
subtitle_shows_clock (gpointer data)
{
  GtkWidget *title = find_drawn_widget (GTK_WIDGET (data), ADW_TYPE_VIEW_SWITCHER_TITLE);
  const char *subtitle = adw_view_switcher_title_get_subtitle (ADW_VIEW_SWITCHER_TITLE (title));

  return subtitle != NULL && g_str_has_suffix (subtitle, " left");
}

/* The sessions page's clock controls, with the time shown. */
static GtkWidget *
open_clock (GtkWindow *window)
{
  AdwViewSwitcherTitle *title = open_first_tournament (window);
  GtkWidget *clock;

  show_page (title, "sessions");
  clock = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_CLOCK_CONTROLS);
  g_assert_nonnull (clock);
  return clock;
}

static void
test_clock (void)
{
  g_autofree char *path = use_database ("clock.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  GtkWidget *clock;
  GtkWindow *window;
  SpSessionClock state;
  gint64 ids[4] = { 1, 2, 3, 4 };
  const char *subtitle;

  g_assert_no_error (error);
  create_tournament (db, "Clock Night", SP_RULESET_MCR, "cn", 2, 4);
  seat (db, 1, 1, ids, 4);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  clock = open_clock (window);
  /* The score ranking's sessions last 3 hours. */
  g_assert_true (shows_label_text (clock, "Session 1 · 3:00:00, not started"));
  g_assert_null (find_drawn_button (clock, "Pause Clock"));
  press_button (find_drawn_button (clock, "Start Clock"));
  state = read_clock (path);
  g_assert_cmpint (sp_session_clock_get_state (&state), ==, SP_SESSION_CLOCK_RUNNING);
  g_assert_true (shows_label_text (clock, "left"));
  /* The header shows the time left too, from its next tick on. */
  wait_until (subtitle_shows_clock, window, "the header to show the time left");
  subtitle = adw_view_switcher_title_get_subtitle (
    ADW_VIEW_SWITCHER_TITLE (find_drawn_widget (GTK_WIDGET (window),
                                                ADW_TYPE_VIEW_SWITCHER_TITLE)));
  g_assert_true (g_str_has_prefix (subtitle, "MCR (cn) — Session 1 · "));

  press_button (find_drawn_button (clock, "Pause Clock"));
  state = read_clock (path);
  g_assert_cmpint (sp_session_clock_get_state (&state), ==, SP_SESSION_CLOCK_PAUSED);

  /* Closed and started again, the app finds the clock paused where it was. */
  close_all_windows ();
  window = start_app ();
  clock = open_clock (window);
  g_assert_true (shows_label_text (clock, "paused"));
  press_button (find_drawn_button (clock, "Resume Clock"));
  state = read_clock (path);
  g_assert_cmpint (sp_session_clock_get_state (&state), ==, SP_SESSION_CLOCK_RUNNING);

  close_all_windows ();
  window = start_app ();
  clock = open_clock (window);
  g_assert_true (shows_label_text (clock, "left"));
  g_assert_false (shows_label_text (clock, "paused"));
  press_button (find_drawn_button (clock, "End Clock"));
  state = read_clock (path);
  g_assert_cmpint (sp_session_clock_get_state (&state), ==, SP_SESSION_CLOCK_ENDED);
  g_assert_true (shows_label_text (clock, "clock ended"));
  g_assert_null (find_drawn_button (clock, "Start Clock"));

  end_case ();
}

/* The last ten minutes: the clock, the header and the projector warn. */
static void
test_clock_warning (void)
{
  g_autoptr(SpDb) db = open_database ("warning.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  GtkWidget *clock, *label;
  GtkWindow *window;
  gint64 ids[4] = { 1, 2, 3, 4 };

  create_tournament (db, "Late Night", SP_RULESET_MCR, "cn", 2, 4);
  seat (db, 1, 1, ids, 4);
  tournament = sp_db_find_tournament (db, NULL, &error);
  g_assert_true (sp_db_set_session_clock_length (db, tournament, 1, 3600, &error));
  /* Started 55 minutes ago: 5 minutes left. */
  g_assert_true (sp_db_start_session_clock (db, tournament, 1,
                                            g_get_real_time () / 1000 - 55 * 60 * 1000, &error));
  g_assert_no_error (error);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  gtk_window_set_default_size (window, 1280, 800);
  clock = open_clock (window);
  label = find_under (clock, is_drawn_label_showing, "left");
  g_assert_nonnull (label);
  g_assert_true (shows_label_text (clock, "Session 1 · 0:0"));
  g_assert_true (gtk_widget_has_css_class (label, "warning"));
  /* The header's clock warns as well. */
  label = find_under (GTK_WIDGET (find_view (window)), is_drawn_label_showing, "left");
  g_assert_true (gtk_widget_get_ancestor (label, ADW_TYPE_HEADER_BAR) != NULL);
  g_assert_true (gtk_widget_has_css_class (label, "warning"));
  maybe_screenshot_window (window, "clock-warning.png");

  end_case ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/standings/page", test_standings_page);
  g_test_add_func ("/sparrow/ui/standings/no-teams", test_standings_no_teams);
  g_test_add_func ("/sparrow/ui/standings/another-tournament",
                   test_standings_another_tournament);
  g_test_add_func ("/sparrow/ui/standings/keep-scroll", test_standings_keep_scroll);
  g_test_add_func ("/sparrow/ui/standings/projector", test_projector);
  g_test_add_func ("/sparrow/ui/standings/projector-hides-standings",
                   test_projector_hides_standings);
  g_test_add_func ("/sparrow/ui/standings/projector-closed-session",
                   test_projector_closed_session);
  g_test_add_func ("/sparrow/ui/standings/clock", test_clock);
  g_test_add_func ("/sparrow/ui/standings/clock-warning", test_clock_warning);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
