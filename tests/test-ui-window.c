/* test-ui-window.c: the desktop app's window, About window and help overlay, on a real display.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-sessions-page.h"
#include "sp-test-ui.h"

static void
test_window_empty_state (void)
{
  const char *database = g_getenv ("SPARROW_DB");
  g_autofree char *database_folder = g_path_get_dirname (database);
  GtkWindow *window = start_app ();
  AdwStatusPage *page = find_drawn_status_page (GTK_WIDGET (window));

  g_assert_nonnull (page);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "No tournament yet");
  g_assert_nonnull (adw_status_page_get_description (page));
  g_assert_nonnull (adw_status_page_get_icon_name (page));

  /* The window works on the embedded default database and says which file that is. */
  g_assert_cmpstr (sp_window_get_database_path (SP_WINDOW (window)), ==, database);
  g_assert_true (shows_label_text (GTK_WIDGET (page), database));
  g_assert_true (g_file_test (database_folder, G_FILE_TEST_IS_DIR));

  close_all_windows ();
}

static void
test_window_about (void)
{
  GtkWindow *window = start_app ();
  AdwAboutWindow *about;

  g_assert_null (find_toplevel (ADW_TYPE_ABOUT_WINDOW));
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  wait_until (window_is_shown, GSIZE_TO_POINTER (ADW_TYPE_ABOUT_WINDOW),
              "the About window to be shown");

  about = ADW_ABOUT_WINDOW (find_toplevel (ADW_TYPE_ABOUT_WINDOW));
  g_assert_cmpstr (adw_about_window_get_application_name (about), ==, "Sparrow");
  g_assert_cmpstr (adw_about_window_get_version (about), ==, SPARROW_VERSION);
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (about)) == window);

  close_all_windows ();
}

static void
test_window_help_overlay (void)
{
  GtkWindow *window = start_app ();

  g_assert_null (find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  wait_until (window_is_shown, GSIZE_TO_POINTER (GTK_TYPE_SHORTCUTS_WINDOW),
              "the keyboard shortcuts window to be shown");

  close_all_windows ();
}

static void
test_window_size_setting (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SPARROW_APP_ID);
  GtkWindow *window;
  int width, height;

  /* The window opens at the size kept from the last run, and keeps the size it is given. */
  g_settings_set_int (settings, "window-width", 700);
  g_settings_set_int (settings, "window-height", 500);
  window = start_app ();
  gtk_window_get_default_size (window, &width, &height);
  g_assert_cmpint (width, ==, 700);
  g_assert_cmpint (height, ==, 500);

  gtk_window_set_default_size (window, 800, 600);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 800);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 600);

  close_all_windows ();
}


/* On a first start the app creates its database, with the schema, where SPARROW_DB says. */
static void
test_window_creates_database (void)
{
  g_autofree char *path = use_database ("first-start" G_DIR_SEPARATOR_S "sparrow.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = NULL;
  g_autoptr(GPtrArray) tournaments = NULL;
  GtkWindow *window;

  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  window = start_app ();
  g_assert_nonnull (sp_window_get_database (SP_WINDOW (window)));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  close_all_windows ();

  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sp_db_get_schema_version (db), ==, SP_DB_SCHEMA_VERSION);
  tournaments = sp_db_list_tournaments (db, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tournaments->len, ==, 0);
  restore_database ();
}


/* The tournaments of the database are listed, newest first, with their rules, sessions and
 * players, in place of the empty state. */
static void
test_window_tournaments (void)
{
  g_autofree char *path = use_database ("two-tournaments.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpTournamentRow) newest = NULL;
  g_autoptr(SpTournamentRow) oldest = NULL;
  LabelSearch spring = { NULL, "Spring Cup" };
  LabelSearch taipei = { NULL, "台北公開賽" };
  GtkWindow *window;
  GtkWidget *view;
  GListModel *model;

  g_assert_no_error (error);
  create_tournament (db, "Spring Cup", SP_RULESET_MCR, "cn", 5, 0);
  create_tournament (db, "台北公開賽", SP_RULESET_TAIWAN, "tw", 4, 8);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  g_assert_null (find_drawn_status_page (GTK_WIDGET (window)));
  view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  g_assert_nonnull (view);

  model = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  newest = g_list_model_get_item (model, 0);
  oldest = g_list_model_get_item (model, 1);
  g_assert_cmpstr (sp_tournament_row_get_name (newest), ==, "台北公開賽");
  g_assert_cmpstr (sp_tournament_row_get_rules (newest), ==, "Taiwan (tw)");
  g_assert_cmpuint (sp_tournament_row_get_sessions (newest), ==, 4);
  g_assert_cmpuint (sp_tournament_row_get_players (newest), ==, 8);
  g_assert_cmpstr (sp_tournament_row_get_name (oldest), ==, "Spring Cup");
  g_assert_cmpstr (sp_tournament_row_get_rules (oldest), ==, "MCR (cn)");
  g_assert_cmpuint (sp_tournament_row_get_sessions (oldest), ==, 5);
  g_assert_cmpuint (sp_tournament_row_get_players (oldest), ==, 0);

  /* As a person sees it: both names drawn, the newer one above, its rules on its row. */
  spring.under = taipei.under = view;
  wait_until (label_is_drawn, &spring, "Spring Cup to be listed");
  wait_until (label_is_drawn, &taipei, "台北公開賽 to be listed");
  g_assert_cmpfloat (top_in_window (find_drawn_label (view, "台北公開賽"), window), <,
                     top_in_window (find_drawn_label (view, "Spring Cup"), window));
  g_assert_cmpfloat (top_in_window (find_drawn_label (view, "Taiwan (tw)"), window), ==,
                     top_in_window (find_drawn_label (view, "台北公開賽"), window));
  g_assert_true (shows_label_text (GTK_WIDGET (window), path));

  /* A click on a column's header sorts by it: by name, Latin letters come before Han. */
  g_clear_object (&newest);
  g_clear_object (&oldest);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), find_column (view, "Name"),
                                  GTK_SORT_ASCENDING);
  newest = g_list_model_get_item (model, 0);
  g_assert_cmpstr (sp_tournament_row_get_name (newest), ==, "Spring Cup");
  g_clear_object (&newest);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), find_column (view, "Players"),
                                  GTK_SORT_DESCENDING);
  newest = g_list_model_get_item (model, 0);
  g_assert_cmpstr (sp_tournament_row_get_name (newest), ==, "台北公開賽");

  end_case ();
}

/* A file that is not a Sparrow database gets a page saying so, with its path, and is left
 * byte for byte as it was. */
static void
test_window_not_sparrow (void)
{
  g_autofree char *path = use_database ("players.csv");
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *journal = g_strconcat (path, "-journal", NULL);
  g_autofree char *after = NULL;
  const char *before = "name,club,country\nAnna Berg,Dragons,SE\n"
                       "this file is a list of players, not a database\n";
  gsize length = 0;
  GtkWindow *window;
  AdwStatusPage *page;

  g_assert_true (g_file_set_contents (path, before, -1, NULL));
  window = start_app ();
  page = find_drawn_status_page (GTK_WIDGET (window));
  g_assert_nonnull (page);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "Cannot open the database");
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "not a Sparrow database"));
  g_assert_true (shows_label_text (GTK_WIDGET (page), path));
  g_assert_null (sp_window_get_database (SP_WINDOW (window)));
  g_assert_null (find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW));
  close_all_windows ();

  g_assert_true (g_file_get_contents (path, &after, &length, NULL));
  g_assert_cmpuint (length, ==, strlen (before));
  g_assert_cmpmem (after, length, before, strlen (before));
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  restore_database ();
}

/* Activating a tournament's row opens its pages: players to search and check in, standings;
 * the window opens it again at the next start, until a person goes back to the list. */
static void
test_window_tournament_pages (void)
{
  g_autofree char *path = use_database ("autumn-open.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(GSettings) settings = g_settings_new (SPARROW_APP_ID);
  g_autoptr(SpPlayer) anna = NULL;
  SpTournament tournament = {
    .name = (char *) "Autumn Open",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 3,
    .seating = (char *) "random",
    .ranking = (char *) "r98",
  };
  LabelSearch anna_label = { NULL, "Anna Berg" };
  AdwViewSwitcherTitle *title;
  GtkWidget *players_view, *standings_view, *search, *toggle;
  ModelCount count;
  DrawnOrder order;
  GtkWindow *window;
  gint64 ids[4];
  char *last_database = NULL;
  gint64 last_id = 0;

  g_assert_no_error (error);
  store_tournament (db, &tournament);
  ids[0] = add_player (db, tournament.id, "Anna Berg", "Dragons", "Red");
  ids[1] = add_player (db, tournament.id, "Bo Chen", "Tigers", "Blue");
  ids[2] = add_player (db, tournament.id, "Cai Lin", "Dragons", "Blue");
  ids[3] = add_player (db, tournament.id, "Dan Eriksson", NULL, NULL);
  /* Another, who has withdrawn before the draw: the store refuses to check him in. */
  g_assert_true (sp_db_withdraw_player (db, tournament.id,
                                        add_player (db, tournament.id, "Eva Holm", NULL, NULL),
                                        &error));
  g_assert_no_error (error);
  /* Seated for session 1: the standings count them from then on. */
  g_assert_true (sp_db_store_seating (db, tournament.id, 1, 42, ids, 4, &error));
  g_assert_no_error (error);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  g_assert_null (find_drawn_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE));
  title = open_first_tournament (window);
  g_assert_cmpstr (adw_view_switcher_title_get_title (title), ==, "Autumn Open");
  g_assert_cmpstr (adw_view_switcher_title_get_subtitle (title), ==, "MCR (cn)");
  g_assert_cmpstr (gtk_window_get_title (window), ==, "Autumn Open");
  g_settings_get (settings, "last-tournament", "(sx)", &last_database, &last_id);
  g_assert_cmpstr (last_database, ==, path);
  g_assert_cmpint (last_id, ==, tournament.id);
  g_clear_pointer (&last_database, g_free);

  /* The Players page lists the five, and filters them as a person types. */
  players_view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  g_assert_nonnull (players_view);
  count.model = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (players_view)));
  g_assert_cmpuint (g_list_model_get_n_items (count.model), ==, 5);
  anna_label.under = players_view;
  wait_until (label_is_drawn, &anna_label, "Anna Berg to be listed");
  for (const char *const *column = (const char *const[]) { "Name", "Club", "Country", "Team",
                                                           "Federation ID", "Status",
                                                           "Checked In", NULL };
       *column != NULL; column++)
    g_assert_nonnull (gtk_column_view_column_get_sorter (find_column (players_view, *column)));

  /* A click on a header sorts by it: by club, from Z, the Tigers' Bo Chen comes above Anna. */
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (players_view), find_column (players_view, "Club"),
                                  GTK_SORT_DESCENDING);
  order.under = players_view;
  order.upper = "Bo Chen";
  order.lower = "Anna Berg";
  order.window = window;
  wait_until (drawn_in_order, &order, "Bo Chen to be listed above Anna Berg");
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (players_view), find_column (players_view, "Name"),
                                  GTK_SORT_ASCENDING);

  search = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY);
  g_assert_nonnull (search);
  gtk_editable_set_text (GTK_EDITABLE (search), "dragons");
  count.n_items = 2;
  wait_until (model_has_count, &count, "the search to keep the club's two players");
  gtk_editable_set_text (GTK_EDITABLE (search), "blue");
  wait_until (model_has_count, &count, "the search to keep the team's two players");
  gtk_editable_set_text (GTK_EDITABLE (search), "anna");
  count.n_items = 1;
  wait_until (model_has_count, &count, "the search to keep Anna Berg");

  /* Her switch checks her in, in the store. */
  wait_until (label_is_drawn, &anna_label, "Anna Berg's row to be drawn");
  toggle = find_drawn_widget (players_view, GTK_TYPE_SWITCH);
  g_assert_nonnull (toggle);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
  gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
  anna = reread_player (sp_window_get_database (SP_WINDOW (window)), tournament.id, "Anna Berg");
  g_assert_true (anna->present);
  g_clear_pointer (&anna, sp_player_free);
  gtk_switch_set_active (GTK_SWITCH (toggle), FALSE);
  anna = reread_player (sp_window_get_database (SP_WINDOW (window)), tournament.id, "Anna Berg");
  g_assert_false (anna->present);
  g_clear_pointer (&anna, sp_player_free);

  /* A refusal is told in a toast, and the switch goes back. */
  gtk_editable_set_text (GTK_EDITABLE (search), "eva holm");
  wait_until (model_has_count, &count, "the search to keep Eva Holm");
  toggle = find_drawn_widget (players_view, GTK_TYPE_SWITCH);
  gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));
  anna = reread_player (sp_window_get_database (SP_WINDOW (window)), tournament.id, "Eva Holm");
  g_assert_false (anna->present);
  g_assert_true (shows_label_text (GTK_WIDGET (window), "Cannot check in Eva Holm"));

  gtk_editable_set_text (GTK_EDITABLE (search), "");
  count.n_items = 5;
  wait_until (model_has_count, &count, "the search to be cleared");

  /* "Check In All" checks in everyone taking part, and the switches follow. */
  g_assert_true (gtk_widget_activate_action (players_view, "players.check-in-all", NULL));
  g_clear_pointer (&anna, sp_player_free);
  anna = reread_player (sp_window_get_database (SP_WINDOW (window)), tournament.id, "Anna Berg");
  g_assert_true (anna->present);
  toggle = find_drawn_widget (players_view, GTK_TYPE_SWITCH);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));

  /* The Standings page lists every player seated, read again when it is shown: a withdrawal
   * made meanwhile is marked. */
  g_assert_true (sp_db_withdraw_player (sp_window_get_database (SP_WINDOW (window)), tournament.id,
                                        ids[3], &error));
  g_assert_no_error (error);
  show_page (title, "standings");
  standings_view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  g_assert_nonnull (standings_view);
  g_assert_true (standings_view != players_view);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (
                      gtk_column_view_get_model (GTK_COLUMN_VIEW (standings_view)))), ==, 4);
  anna_label.under = standings_view;
  wait_until (label_is_drawn, &anna_label, "Anna Berg in the standings");
  g_assert_true (shows_label_text (standings_view, "Withdrawn"));
  close_all_windows ();

  /* The next start opens the same tournament; back to the list, and the one after does not. */
  window = start_app ();
  wait_until (switcher_title_is_drawn, window, "the last tournament to open again");
  title = ADW_VIEW_SWITCHER_TITLE (find_drawn_widget (GTK_WIDGET (window),
                                                      ADW_TYPE_VIEW_SWITCHER_TITLE));
  g_assert_cmpstr (adw_view_switcher_title_get_title (title), ==, "Autumn Open");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL));
  g_assert_cmpstr (gtk_window_get_title (window), ==, "Sparrow");
  g_assert_null (find_drawn_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE));
  g_settings_get (settings, "last-tournament", "(sx)", &last_database, &last_id);
  g_assert_cmpint (last_id, ==, 0);
  g_clear_pointer (&last_database, g_free);
  close_all_windows ();

  /* Another database with a tournament of the same id does not open it. */
  g_settings_set (settings, "last-tournament", "(sx)", "/elsewhere/other.db", tournament.id);
  window = start_app ();
  g_assert_null (find_drawn_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE));
  close_all_windows ();
  g_settings_set (settings, "last-tournament", "(sx)", "", (gint64) 0);

  window = start_app ();
  g_assert_null (find_drawn_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE));
  end_case ();
}


/* The Sessions page: the sessions with their state, a session drawn through its button with
 * its tables as cards (the store's seats, winds by chair), a close refused while tables are
 * not finished and made anyway when time is up, a reopen after its confirmation. */
static void
test_window_sessions (void)
{
  g_autoptr(SpDb) db = open_database ("sessions.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autoptr(GPtrArray) players = NULL;
  static const char *const names[8] = { "Anna Berg", "Bo Chen", "Cai Lin", "Dan Eriksson",
                                        "Eva Holm", "Fei Wu", "Gus Lund", "Hana Sato" };
  SpTournament tournament = {
    .name = (char *) "Spring Cup",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 3,
    .seating = (char *) "random",
    .ranking = (char *) "r98",
  };
  LabelSearch search = { NULL, NULL };
  SpSessionInfo info = { 0 };
  AdwViewSwitcherTitle *title;
  GtkWidget *button;
  GtkWindow *window, *dialog;
  const char *body;
  SpDb *shown;

  store_tournament (db, &tournament);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    add_player (db, tournament.id, names[i], NULL, NULL);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  title = open_first_tournament (window);
  show_page (title, "sessions");
  shown = sp_window_get_database (SP_WINDOW (window));

  /* Three sessions, none drawn: the first is selected and shows its empty state. */
  search.under = GTK_WIDGET (window);
  search.text = "Session 3";
  wait_until (label_is_drawn, &search, "the sessions to be listed");
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (window), "not drawn"));
  g_assert_nonnull (find_drawn_status_page (GTK_WIDGET (window)));
  g_assert_cmpstr (adw_status_page_get_title (find_drawn_status_page (GTK_WIDGET (window))), ==,
                   "Not drawn yet");
  g_assert_null (find_drawn_button (GTK_WIDGET (window), "_Reopen Session"));

  /* Drawn through its button: two tables, as the store seats them, the method and its seed. */
  button = find_drawn_button (GTK_WIDGET (window), "_Draw Session");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  /* The draw dialog, with a random seed. */
  wait_until (window_is_shown, GSIZE_TO_POINTER (SP_TYPE_DRAW_DIALOG), "the draw dialog");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (find_toplevel (SP_TYPE_DRAW_DIALOG)),
                                             "dialog.draw", NULL));
  g_assert_true (sp_db_get_session (shown, tournament.id, 1, &info, &error));
  g_assert_no_error (error);
  g_assert_true (info.exists);
  g_assert_true (info.has_seed);
  g_assert_cmpuint (info.n_tables, ==, 2);
  search.text = "Table 2";
  wait_until (label_is_drawn, &search, "the second table's card");
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (window), "Table 1"));
  g_assert_true (shows_label_text (GTK_WIDGET (window), "Random draw, seed "));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (window), "playing 0/32 hands"));

  seats = sp_db_list_seats (shown, tournament.id, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (seats->len, ==, 8);
  players = sp_db_list_players (shown, tournament.id, &error);
  g_assert_no_error (error);
  for (guint t = 1; t <= 2; t++)
    {
      g_autofree char *table = g_strdup_printf ("Table %u", t);
      /* The card: its header's box holds the title; the grid below, a row per chair. */
      GtkWidget *card = gtk_widget_get_parent (gtk_widget_get_parent (
                          find_drawn_label (GTK_WIDGET (window), table)));
      GtkWidget *grid = gtk_widget_get_prev_sibling (gtk_widget_get_last_child (card));
      static const char *const winds[4] = { "東", "南", "西", "北" };

      g_assert_true (GTK_IS_GRID (grid));
      for (guint c = 0; c < 4; c++)
        {
          gint64 id = g_array_index (seats, gint64, 4 * (t - 1) + c);
          const char *name = NULL;

          for (guint i = 0; i < players->len; i++)
            if (((SpPlayer *) g_ptr_array_index (players, i))->id == id)
              name = ((SpPlayer *) g_ptr_array_index (players, i))->name;
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid),
                                                                                 0, c))), ==,
                           winds[c]);
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid),
                                                                                 1, c))), ==,
                           name);
          g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid),
                                                                                 2, c))), ==,
                           "0");
        }
    }

  /* What the page looks like, for a person to see (SPARROW_SHOT=file.png). */
  if (g_getenv ("SPARROW_SHOT") != NULL)
    {
      g_autofree char *command = g_strdup_printf ("import -window root %s",
                                                  g_getenv ("SPARROW_SHOT"));

      for (int i = 0; i < 20; i++)
        g_main_context_iteration (NULL, FALSE);
      g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
    }

  /* Closing while no table has finished: refused, the dialog lists the tables. */
  button = find_drawn_button (GTK_WIDGET (window), "_Close Session");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  dialog = wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the close's refusal");
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "Table 1: 0/16 hands"));
  g_assert_nonnull (strstr (body, "Table 2: 0/16 hands"));
  g_assert_true (sp_db_get_session (shown, tournament.id, 1, &info, &error));
  g_assert_false (info.closed);

  /* Closed anyway, time being up: the row says so. */
  /* As its button does: the response, then the dialog closes. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "time-up");
  gtk_window_close (dialog);
  wait_until (window_is_gone, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG), "the dialog to go");
  g_assert_true (sp_db_get_session (shown, tournament.id, 1, &info, &error));
  g_assert_true (info.closed);
  g_assert_true (info.time_up);
  search.text = "closed (time up)";
  wait_until (label_is_drawn, &search, "the session's row to say closed");
  g_assert_null (find_drawn_button (GTK_WIDGET (window), "_Close Session"));

  /* Reopened after its confirmation. */
  button = find_drawn_button (GTK_WIDGET (window), "_Reopen Session");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  dialog = wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the reopen's confirmation");
  /* As its button does: the response, then the dialog closes. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "reopen");
  gtk_window_close (dialog);
  wait_until (window_is_gone, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG), "the dialog to go");
  g_assert_true (sp_db_get_session (shown, tournament.id, 1, &info, &error));
  g_assert_false (info.closed);
  search.text = "playing 0/32 hands";
  wait_until (label_is_drawn, &search, "the session's row to say playing");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL));
  end_case ();
}

/* A draw the store refuses (a Swiss session before the previous one is closed) is told in a
 * toast with the store's message, and seats nobody. */
static void
test_window_sessions_draw_refused (void)
{
  g_autoptr(SpDb) db = open_database ("sessions-swiss.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  SpTournament tournament = {
    .name = (char *) "Swiss Cup",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 3,
    .seating = (char *) "swiss",
    .ranking = (char *) "r98",
  };
  SpDrawRequest request = { .has_seed = FALSE };
  LabelSearch search = { NULL, "Session 3" };
  AdwViewSwitcherTitle *title;
  GtkWidget *button, *list;
  GtkWindow *window;
  guint64 seed = 0;

  store_tournament (db, &tournament);
  add_numbered_players (db, tournament.id, 8);
  /* The message the store gives for it. */
  g_assert_false (sp_db_draw_session (db, &tournament, 2, &request, &seed, &error));
  g_assert_nonnull (error);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  title = open_first_tournament (window);
  show_page (title, "sessions");
  search.under = GTK_WIDGET (window);
  wait_until (label_is_drawn, &search, "the sessions to be listed");
  list = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_LIST_BOX);
  gtk_list_box_select_row (GTK_LIST_BOX (list), gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1));
  search.text = "Session 2";
  wait_until (label_is_drawn, &search, "session 2 to be shown");

  button = find_drawn_button (GTK_WIDGET (window), "_Draw Session");
  g_signal_emit_by_name (button, "clicked");
  wait_until (window_is_shown, GSIZE_TO_POINTER (SP_TYPE_DRAW_DIALOG), "the draw dialog");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (find_toplevel (SP_TYPE_DRAW_DIALOG)),
                                             "dialog.draw", NULL));
  g_assert_true (shows_label_text (GTK_WIDGET (find_toplevel (SP_TYPE_DRAW_DIALOG)),
                                   error->message));
  gtk_window_destroy (find_toplevel (SP_TYPE_DRAW_DIALOG));
  seats = sp_db_list_seats (sp_window_get_database (SP_WINDOW (window)), tournament.id, 2, NULL);
  g_assert_true (seats == NULL || seats->len == 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL));
  end_case ();
}


/* Runs the main loop for @ms milliseconds: the layout and the idle work after it settle. */
static void
settle (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
switcher_bar_revealed (gpointer data)
{
  GtkWidget *bar = find_widget (GTK_WIDGET (data), ADW_TYPE_VIEW_SWITCHER_BAR);

  return bar != NULL && adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (bar));
}

/* The list of sessions spans the Sessions page (within 2 px). */
static gboolean
sessions_across_page (gpointer data)
{
  GtkWidget *page = find_widget (GTK_WIDGET (data), SP_TYPE_SESSIONS_PAGE);
  GtkWidget *list = page != NULL ? find_widget (page, GTK_TYPE_LIST_BOX) : NULL;
  graphene_rect_t bounds;

  return list != NULL && gtk_widget_compute_bounds (list, page, &bounds)
         && bounds.size.width >= gtk_widget_get_width (page) - 2;
}

/* At a phone's 360 px the tournament's pages fit: the name as the title, the page switcher in
 * the bottom bar, Enter Hand and Export… in the menu; no page opened widens the window (a page
 * wider than the window scrolls sideways).  (Wide, the name beside the switcher: the
 * new-tournament case.) */
static void
test_window_narrow (void)
{
  g_autofree char *path = use_database ("narrow.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  static const char *const pages[] = { "sessions", "standings", "log", "players" };
  g_autoptr(GSettings) settings = g_settings_new (SPARROW_APP_ID);
  AdwViewSwitcherTitle *title;
  GtkWindow *window;
  int width;

  g_assert_no_error (error);
  create_tournament (db, "Spring Open 2026", SP_RULESET_MCR, "cn", 3, 8);
  g_clear_pointer (&db, sp_db_close);
  g_settings_set_int (settings, "window-width", 360);
  g_settings_set_int (settings, "window-height", 700);
  window = start_app ();
  title = open_first_tournament (window);
  wait_until (switcher_bar_revealed, window, "the page switcher in the bottom bar");
  settle (300);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  g_assert_cmpint (width, <=, 360);
  g_assert_true (adw_view_switcher_title_get_title_visible (title));
  g_assert_false (gtk_widget_get_visible (find_button (GTK_WIDGET (window), "Enter Hand")));
  g_assert_false (shows_label_text (GTK_WIDGET (window), "Enter Hand"));
  maybe_screenshot (window, "narrow-players.png");
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      show_page (title, pages[i]);
      settle (300);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
      /* The sessions above the tables, across the page, rather than a column beside them
       * (the view arranges itself once laid out at its width: on a loaded machine that can
       * take longer than the pause above). */
      if (strcmp (pages[i], "sessions") == 0)
        wait_until (sessions_across_page, window, "the sessions across the narrow page");
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  end_case ();
}

/* The dialog creates the tournament with the rules, profile, sessions, seating, ranking and
 * options chosen in its rows; it closes, the list shows the new one and a toast names it. */
static void
test_window_new_tournament (void)
{
  g_autofree char *path = use_database ("new-tournament.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(SpTournament) mcr = NULL;
  ShownText toast = { NULL, "Tournament “台北春季賽” created" };
  GtkWindow *window = start_app ();
  GtkWindow *dialog;
  SpDb *db;

  /* The empty state offers the way forward; so does the header bar. */
  g_assert_nonnull (find_button (GTK_WIDGET (window), "_New Tournament"));
  dialog = open_new_tournament_dialog (window);
  maybe_screenshot (dialog, "new-tournament-mcr.png");
  /* It starts on its first field, the name. */
  wait_until (widget_is_mapped, find_row (GTK_WIDGET (dialog), "Name"), "the Name row");
  g_assert_true (focus_is_in (dialog, find_row (GTK_WIDGET (dialog), "Name")));

  /* MCR first, with the core's defaults: balanced seating, R98, no stakes. */
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find_row (GTK_WIDGET (dialog), "Rules"))), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find_row (GTK_WIDGET (dialog), "Seating"))), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find_row (GTK_WIDGET (dialog), "Ranking"))), ==, 0);
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Base Stake")));
  g_assert_nonnull (find_option_row (GTK_WIDGET (dialog), "min_fan"));

  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Name")), "台北春季賽");
  select_combo_item (find_row (GTK_WIDGET (dialog), "Rules"), "Taiwan 台灣");
  /* The profiles and options follow the rules; so do the stakes, 30 底 and 10 a 台. */
  g_assert_null (find_option_row (GTK_WIDGET (dialog), "min_fan"));
  g_assert_nonnull (find_option_row (GTK_WIDGET (dialog), "multiple_winners"));
  g_assert_true (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Base Stake")));
  g_assert_true (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Stake per 台")));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Base Stake"), GTK_TYPE_SPIN_BUTTON))), ==, 30);
  select_combo_item (find_row (GTK_WIDGET (dialog), "Profile"), "tw");
  maybe_screenshot (dialog, "new-tournament-taiwan.png");

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Sessions"), GTK_TYPE_SPIN_BUTTON)), 6);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Stake per 台"), GTK_TYPE_SPIN_BUTTON)), 20);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Group Scoring"), GTK_TYPE_SPIN_BUTTON)), 2);
  select_combo_item (find_row (GTK_WIDGET (dialog), "Seating"), "Swiss");
  g_assert_true (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Swiss Pairing")));
  select_combo_item (find_row (GTK_WIDGET (dialog), "Swiss Pairing"), "Snake 蛇形");
  select_combo_item (find_row (GTK_WIDGET (dialog), "Ranking"), "EMA table points");
  gtk_switch_set_active (GTK_SWITCH (find_widget (find_option_row (GTK_WIDGET (dialog), "multiple_winners"), GTK_TYPE_SWITCH)), TRUE);
  select_combo_item (find_option_row (GTK_WIDGET (dialog), "heavenly_value"), "32");
  gtk_editable_set_text (GTK_EDITABLE (find_widget (find_option_row (GTK_WIDGET (dialog), "max_tai"), GTK_TYPE_ENTRY)), "40");

  press_button (find_button (GTK_WIDGET (dialog), "C_reate"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_NEW_TOURNAMENT_DIALOG),
              "the New Tournament dialog to close");

  db = sp_window_get_database (SP_WINDOW (window));
  tournament = sp_db_find_tournament (db, "台北春季賽", &error);
  g_assert_no_error (error);
  g_assert_cmpint (tournament->ruleset, ==, SP_RULESET_TAIWAN);
  g_assert_cmpstr (tournament->profile, ==, "tw");
  g_assert_cmpuint (tournament->n_sessions, ==, 6);
  g_assert_cmpstr (tournament->seating, ==, "swiss");
  g_assert_cmpstr (tournament->ranking, ==, "ema");
  g_assert_cmpint (tournament->base, ==, 30);
  g_assert_cmpint (tournament->per_tai, ==, 20);
  /* Only what differs from the profile is written, in the rules' own keys. */
  g_assert_cmpstr (tournament->options, ==,
                   "heavenly_value=32\nmultiple_winners=on\nmax_tai=40\ngroup_tables=2\nswiss=snake");

  /* Its pages open at once, its name in the header (the window's title too), and a toast says
   * it was created. */
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK))), ==, "tournament");
  g_assert_cmpstr (gtk_window_get_title (window), ==, "台北春季賽");
  g_assert_true (shows_label_text (GTK_WIDGET (window), "台北春季賽"));
  toast.under = GTK_WIDGET (window);
  wait_until (text_is_shown, &toast, "the toast naming the new tournament");

  /* Back on the list, the header bar's button opens a dialog afresh: MCR at its defaults,
   * written as such. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL));
  g_assert_nonnull (find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW));
  press_button (find_tooltip_button (GTK_WIDGET (window), "New Tournament"));
  dialog = wait_for_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG,
                              "the New Tournament dialog to be shown");
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Name")), "Spring Cup");
  press_button (find_button (GTK_WIDGET (dialog), "C_reate"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_NEW_TOURNAMENT_DIALOG),
              "the New Tournament dialog to close");
  mcr = sp_db_find_tournament (db, "Spring Cup", &error);
  g_assert_no_error (error);
  g_assert_cmpint (mcr->ruleset, ==, SP_RULESET_MCR);
  g_assert_cmpstr (mcr->profile, ==, "cn");
  g_assert_cmpstr (mcr->seating, ==, "balanced");
  g_assert_cmpstr (mcr->ranking, ==, "r98");
  g_assert_true (mcr->options == NULL || mcr->options[0] == '\0');

  end_case ();
}

/* A refused tournament (no name, a name already taken) leaves the dialog open with the store's
 * reason shown and the input kept; nothing is written. */
static void
test_window_new_tournament_refused (void)
{
  g_autofree char *path = use_database ("refused-tournament.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tournaments = NULL;
  g_autoptr(SpDb) setup = sp_db_open (path, &error);
  GtkWindow *window;
  GtkWindow *dialog;
  GtkWidget *name;
  GtkWidget *create;
  SpDb *db;

  g_assert_no_error (error);
  create_tournament (setup, "Spring Cup", SP_RULESET_MCR, "cn", 5, 0);
  g_clear_pointer (&setup, sp_db_close);

  window = start_app ();
  dialog = open_new_tournament_dialog (window);
  name = find_row (GTK_WIDGET (dialog), "Name");
  create = find_button (GTK_WIDGET (dialog), "C_reate");
  select_combo_item (find_row (GTK_WIDGET (dialog), "Rules"), "Guangdong 广东");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Sessions"), GTK_TYPE_SPIN_BUTTON)), 3);

  gtk_editable_set_text (GTK_EDITABLE (name), "   ");
  press_button (create);
  g_assert_true (find_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG) == dialog);
  g_assert_true (shows_label_text (GTK_WIDGET (dialog), "name"));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find_row (GTK_WIDGET (dialog), "Rules"))), ==, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Sessions"), GTK_TYPE_SPIN_BUTTON))), ==, 3);

  gtk_editable_set_text (GTK_EDITABLE (name), "Spring Cup");
  press_button (create);
  g_assert_true (find_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG) == dialog);
  g_assert_true (shows_label_text (GTK_WIDGET (dialog), "Spring Cup"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name)), ==, "Spring Cup");
  maybe_screenshot (dialog, "new-tournament-refused.png");

  /* A rule option the rules do not accept is refused by the core, naming it. */
  gtk_editable_set_text (GTK_EDITABLE (name), "Autumn Cup");
  select_combo_item (find_row (GTK_WIDGET (dialog), "Rules"), "Taiwan 台灣");
  gtk_editable_set_text (GTK_EDITABLE (find_widget (find_option_row (GTK_WIDGET (dialog), "max_tai"), GTK_TYPE_ENTRY)), "many");
  press_button (create);
  g_assert_true (find_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG) == dialog);
  g_assert_true (shows_label_text (GTK_WIDGET (dialog), "max_tai"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_widget (find_option_row (GTK_WIDGET (dialog), "max_tai"), GTK_TYPE_ENTRY))), ==, "many");

  db = sp_window_get_database (SP_WINDOW (window));
  tournaments = sp_db_list_tournaments (db, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tournaments->len, ==, 1);

  end_case ();
}


/* "Add Player" opens the dialog; what is typed in its rows is stored, the list shows the new
 * player and a toast names him. */
static void
test_window_add_player (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpPlayer) player = NULL;
  ShownText toast = { NULL, "Fei Wong added" };
  LabelSearch listed = { NULL, "Fei Wong" };
  GtkWidget *players_view;
  GtkWindow *window, *dialog;
  gint64 tournament;

  window = open_players_page ("add-player.db", (const char *const[]) { "Anna Berg", NULL },
                              &tournament);
  players_view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  press_button (find_button (GTK_WIDGET (window), "Add Player"));
  dialog = wait_for_toplevel (SP_TYPE_PLAYER_DIALOG, "the Add Player dialog to be shown");
  g_assert_true (gtk_window_get_modal (dialog));
  wait_until (widget_is_mapped, find_row (GTK_WIDGET (dialog), "Name"), "the Name row");
  g_assert_true (focus_is_in (dialog, find_row (GTK_WIDGET (dialog), "Name")));
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Name")), "Fei Wong");
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Club")), "Dragons");
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Country")), "HK");
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Team")), "Red");
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Federation ID")), "HK-7");
  maybe_screenshot (dialog, "add-player.png");
  press_button (find_button (GTK_WIDGET (dialog), "Add"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_PLAYER_DIALOG),
              "the Add Player dialog to close");

  player = reread_player (sp_window_get_database (SP_WINDOW (window)), tournament, "Fei Wong");
  g_assert_cmpstr (player->club, ==, "Dragons");
  g_assert_cmpstr (player->country, ==, "HK");
  g_assert_cmpstr (player->team, ==, "Red");
  g_assert_cmpstr (player->federation_id, ==, "HK-7");
  g_assert_cmpint (player->status, ==, SP_PLAYER_ACTIVE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (players_view)))), ==, 2);
  listed.under = players_view;
  wait_until (label_is_drawn, &listed, "Fei Wong to be listed");
  toast.under = GTK_WIDGET (window);
  wait_until (text_is_shown, &toast, "the toast naming the new player");

  end_case ();
}

/* The "Player" menu button of the players page. */
static gboolean
is_player_menu (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget)
         && g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)), "Player") == 0;
}

/* With no players "Check In All" and the "Player" menu are off; with players but none
 * selected, the menu and its actions are off and "Check In All" is on. */
static void
test_window_player_actions_enabled (void)
{
  SpDb *db;
  GtkWidget *page, *check_in, *menu, *players_view;
  GtkSelectionModel *selection;
  GtkWindow *window;
  gint64 tournament;

  window = open_players_page ("no-players.db", (const char *const[]) { NULL }, &tournament);
  page = find_drawn_widget (GTK_WIDGET (window), SP_TYPE_PLAYERS_PAGE);
  g_assert_nonnull (page);
  check_in = find_button (page, "Check In All");
  menu = find_under (page, is_player_menu, NULL);
  g_assert_nonnull (check_in);
  g_assert_nonnull (menu);
  g_assert_false (gtk_widget_is_sensitive (check_in));
  g_assert_false (gtk_widget_is_sensitive (menu));

  /* A player registered: checking in applies; the player actions wait for a selection. */
  db = sp_window_get_database (SP_WINDOW (window));
  add_player (db, tournament, "Anna Berg", NULL, NULL);
  sp_players_page_load (SP_PLAYERS_PAGE (page), db, tournament);
  g_assert_true (gtk_widget_is_sensitive (check_in));
  players_view = find_drawn_widget (page, GTK_TYPE_COLUMN_VIEW);
  selection = gtk_column_view_get_model (GTK_COLUMN_VIEW (players_view));
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (selection),
                                     GTK_INVALID_LIST_POSITION);
  g_assert_false (gtk_widget_is_sensitive (menu));
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (selection), 0);
  g_assert_true (gtk_widget_is_sensitive (menu));
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (selection),
                                     GTK_INVALID_LIST_POSITION);
  g_assert_false (gtk_widget_is_sensitive (menu));

  end_case ();
}

/* A name the store refuses (empty, taken) leaves the dialog open with the reason shown and
 * the fields kept; nothing is written. */
static void
test_window_add_player_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  GtkWindow *window, *dialog;
  GtkWidget *error_label;
  gint64 tournament;

  window = open_players_page ("add-player-refused.db",
                              (const char *const[]) { "Anna Berg", NULL }, &tournament);
  g_assert_true (gtk_widget_activate_action (find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW),
                                             "players.add", NULL));
  dialog = wait_for_toplevel (SP_TYPE_PLAYER_DIALOG, "the Add Player dialog to be shown");

  press_button (find_button (GTK_WIDGET (dialog), "Add"));
  g_assert_true (find_toplevel (SP_TYPE_PLAYER_DIALOG) == dialog);
  error_label = find_error_label (GTK_WIDGET (dialog));
  g_assert_nonnull (error_label);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (error_label)), !=, "");

  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Name")), "Anna Berg");
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Club")), "Tigers");
  press_button (find_button (GTK_WIDGET (dialog), "Add"));
  g_assert_true (find_toplevel (SP_TYPE_PLAYER_DIALOG) == dialog);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Club"))), ==, "Tigers");
  error_label = find_error_label (GTK_WIDGET (dialog));
  g_assert_nonnull (error_label);
  g_test_message ("refused: %s", gtk_label_get_text (GTK_LABEL (error_label)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (error_label)), "Anna Berg"));
  maybe_screenshot (dialog, "add-player-refused.png");

  players = sp_db_list_players (sp_window_get_database (SP_WINDOW (window)), tournament, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (players->len, ==, 1);
  g_assert_null (((SpPlayer *) g_ptr_array_index (players, 0))->club);

  end_case ();
}

/* Activating a player's row opens the dialog with his fields; what is changed is stored. */
static void
test_window_edit_player (void)
{
  g_autoptr(SpPlayer) player = NULL;
  ShownText toast = { NULL, "Anna Lind changed" };
  GtkWindow *window, *dialog;
  GtkWidget *players_view;
  gint64 tournament;

  window = open_players_page ("edit-player.db", (const char *const[]) { "Anna Berg", NULL },
                              &tournament);
  players_view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  g_signal_emit_by_name (players_view, "activate", 0);
  dialog = wait_for_toplevel (SP_TYPE_PLAYER_DIALOG, "the Edit Player dialog to be shown");
  g_assert_cmpstr (gtk_window_get_title (dialog), ==, "Edit Player");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Name"))), ==, "Anna Berg");
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Name")), "Anna Lind");
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Team")), "Blue");
  press_button (find_button (GTK_WIDGET (dialog), "Save"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_PLAYER_DIALOG),
              "the Edit Player dialog to close");

  player = reread_player (sp_window_get_database (SP_WINDOW (window)), tournament, "Anna Lind");
  g_assert_cmpstr (player->team, ==, "Blue");
  g_assert_null (player->club);
  toast.under = GTK_WIDGET (window);
  wait_until (text_is_shown, &toast, "the toast naming the changed player");

  end_case ();
}

/* Selects the first row of the players' view. */
static void
select_first_player (GtkWidget *players_view)
{
  GtkSelectionModel *model = gtk_column_view_get_model (GTK_COLUMN_VIEW (players_view));

  g_assert_true (gtk_selection_model_select_item (model, 0, TRUE));
}

/* Withdraw asks first, naming the player; then the status column says so; Reinstate undoes it;
 * an active player is substituted only by force, which the dialog says. */
static void
test_window_withdraw_player (void)
{
  g_autoptr(SpPlayer) anna = NULL;
  g_autoptr(SpPlayer) cai = NULL;
  LabelSearch withdrawn = { NULL, "Withdrawn" };
  LabelSearch substitute = { NULL, "Substitute" };
  ShownText toast = { NULL, "Anna Berg reinstated" };
  AdwMessageDialog *dialog;
  GtkWindow *window;
  GtkWidget *players_view;
  SpDb *db;
  gint64 tournament;

  window = open_players_page ("withdraw-player.db", (const char *const[]) { "Anna Berg", NULL },
                              &tournament);
  db = sp_window_get_database (SP_WINDOW (window));
  players_view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  /* Nothing selected: nothing to withdraw. */
  gtk_widget_activate_action (players_view, "players.withdraw", NULL);
  g_assert_null (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  select_first_player (players_view);

  g_assert_true (gtk_widget_activate_action (players_view, "players.withdraw", NULL));
  dialog = ADW_MESSAGE_DIALOG (wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG,
                                                  "the withdrawal to be confirmed"));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Withdraw Anna Berg?");
  /* As its button does: the response, then the dialog closes. */
  adw_message_dialog_response (dialog, "withdraw");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_until (window_is_gone, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG),
              "the confirmation to close");
  anna = reread_player (db, tournament, "Anna Berg");
  g_assert_cmpint (anna->status, ==, SP_PLAYER_WITHDRAWN);
  g_clear_pointer (&anna, sp_player_free);
  withdrawn.under = players_view;
  wait_until (label_is_drawn, &withdrawn, "the status column to say Withdrawn");
  {
    g_autofree char *shot = screenshot_path ("players-withdrawn.png");

    if (shot != NULL)
      save_screenshot (GTK_WIDGET (window), shot);
  }

  select_first_player (players_view);
  g_assert_true (gtk_widget_activate_action (players_view, "players.reinstate", NULL));
  anna = reread_player (db, tournament, "Anna Berg");
  g_assert_cmpint (anna->status, ==, SP_PLAYER_ACTIVE);
  g_clear_pointer (&anna, sp_player_free);
  toast.under = GTK_WIDGET (window);
  wait_until (text_is_shown, &toast, "the toast naming the reinstated player");

  /* Anna still plays: her substitute takes her place by force. */
  select_first_player (players_view);
  g_assert_true (gtk_widget_activate_action (players_view, "players.substitute", NULL));
  dialog = ADW_MESSAGE_DIALOG (wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG,
                                                  "the substitute's name to be asked"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "--force"));
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog)), "Cai Lin");
  maybe_screenshot (GTK_WINDOW (dialog), "substitute-player.png");
  /* As its button does: the response, then the dialog closes. */
  adw_message_dialog_response (dialog, "substitute");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_until (window_is_gone, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG),
              "the substitute's dialog to close");
  anna = reread_player (db, tournament, "Anna Berg");
  g_assert_cmpint (anna->status, ==, SP_PLAYER_WITHDRAWN);
  cai = reread_player (db, tournament, "Cai Lin");
  g_assert_cmpint (cai->status, ==, SP_PLAYER_SUBSTITUTE);
  g_assert_cmpint (cai->substitute_for, ==, anna->id);
  substitute.under = players_view;
  wait_until (label_is_drawn, &substitute, "the status column to say Substitute");

  end_case ();
}

/* Import Players… (here its file chooser's answer, a GFile) adds a CSV file's players, or on
 * a bad line none of them, with a dialog naming the line. */
static void
test_window_import_players (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(SpPlayer) gus = NULL;
  g_autofree char *good_path = g_build_filename (home, "players-good.csv", NULL);
  g_autofree char *bad_path = g_build_filename (home, "players-bad.csv", NULL);
  g_autoptr(GFile) good = g_file_new_for_path (good_path);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  ShownText toast = { NULL, "2 players imported" };
  LabelSearch listed = { NULL, "Gus Moreau" };
  SpPlayersPage *page;
  GtkWindow *window;
  GtkWidget *players_view, *line;
  AdwMessageDialog *dialog;
  gint64 tournament;

  g_assert_true (g_file_set_contents (good_path, "name,club,team\nGus Moreau,Owls,Green\n"
                                                 "Hana Sato,Owls,\n", -1, &error));
  g_assert_true (g_file_set_contents (bad_path, "name,club\nIvo Petrov,Owls\n,Owls\n", -1,
                                      &error));
  window = open_players_page ("import-players.db", (const char *const[]) { "Anna Berg", NULL },
                              &tournament);
  players_view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  g_assert_nonnull (find_button (GTK_WIDGET (window), "Import Players…"));
  page = SP_PLAYERS_PAGE (gtk_widget_get_ancestor (players_view, SP_TYPE_PLAYERS_PAGE));

  /* A bad line: nothing imported, the line named in a dialog. */
  g_assert_false (sp_players_page_import_file (page, bad));
  dialog = ADW_MESSAGE_DIALOG (wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG,
                                                  "the import's errors to be shown"));
  line = find_widget (adw_message_dialog_get_extra_child (dialog), GTK_TYPE_LABEL);
  g_test_message ("import refused: %s", gtk_label_get_text (GTK_LABEL (line)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (line)), "3"));
  maybe_screenshot (GTK_WINDOW (dialog), "import-players-errors.png");
  gtk_window_destroy (GTK_WINDOW (dialog));
  players = sp_db_list_players (sp_window_get_database (SP_WINDOW (window)), tournament, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (players->len, ==, 1);

  g_assert_true (sp_players_page_import_file (page, good));
  gus = reread_player (sp_window_get_database (SP_WINDOW (window)), tournament, "Gus Moreau");
  g_assert_cmpstr (gus->club, ==, "Owls");
  g_assert_cmpstr (gus->team, ==, "Green");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (players_view)))), ==, 3);
  listed.under = players_view;
  wait_until (label_is_drawn, &listed, "the imported players to be listed");
  toast.under = GTK_WIDGET (window);
  wait_until (text_is_shown, &toast, "the toast counting the imported players");

  end_case ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/window/empty-state", test_window_empty_state);
  g_test_add_func ("/sparrow/ui/window/about", test_window_about);
  g_test_add_func ("/sparrow/ui/window/help-overlay", test_window_help_overlay);
  g_test_add_func ("/sparrow/ui/window/size-setting", test_window_size_setting);
  g_test_add_func ("/sparrow/ui/window/creates-database", test_window_creates_database);
  g_test_add_func ("/sparrow/ui/window/tournaments", test_window_tournaments);
  g_test_add_func ("/sparrow/ui/window/not-sparrow", test_window_not_sparrow);
  g_test_add_func ("/sparrow/ui/window/new-tournament", test_window_new_tournament);
  g_test_add_func ("/sparrow/ui/window/new-tournament-refused",
                   test_window_new_tournament_refused);
  g_test_add_func ("/sparrow/ui/window/tournament-pages", test_window_tournament_pages);
  g_test_add_func ("/sparrow/ui/window/narrow", test_window_narrow);
  g_test_add_func ("/sparrow/ui/window/sessions", test_window_sessions);
  g_test_add_func ("/sparrow/ui/window/sessions-draw-refused",
                   test_window_sessions_draw_refused);
  g_test_add_func ("/sparrow/ui/window/add-player", test_window_add_player);
  g_test_add_func ("/sparrow/ui/window/add-player-refused", test_window_add_player_refused);
  g_test_add_func ("/sparrow/ui/window/player-actions-enabled",
                   test_window_player_actions_enabled);
  g_test_add_func ("/sparrow/ui/window/edit-player", test_window_edit_player);
  g_test_add_func ("/sparrow/ui/window/withdraw-player", test_window_withdraw_player);
  g_test_add_func ("/sparrow/ui/window/import-players", test_window_import_players);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
