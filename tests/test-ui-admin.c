/* test-ui-admin.c: a tournament's administration in the window: venue and dates in the New
 * Tournament dialog, Tournament Settings, deleting (confirmed by name) and duplicating a
 * tournament, and the window's maximized state kept across runs.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-test-ui.h"

static GtkWidget *
row_of (GtkWindow  *dialog,
        const char *title)
{
  GtkWidget *row = find_row (GTK_WIDGET (dialog), title);

  if (row == NULL)
    g_error ("No row titled %s", title);
  return row;
}

static void
set_row_text (GtkWindow  *dialog,
              const char *title,
              const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row_of (dialog, title)), text);
}

static int
spin_value (GtkWindow  *dialog,
            const char *title)
{
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (find_widget (row_of (dialog, title),
                                                                         GTK_TYPE_SPIN_BUTTON)));
}

static GtkSwitch *
row_switch (GtkWindow  *dialog,
            const char *title)
{
  return GTK_SWITCH (find_widget (row_of (dialog, title), GTK_TYPE_SWITCH));
}

static gboolean
is_laid_out (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) > 0
         && gtk_widget_get_height (GTK_WIDGET (data)) > 0;
}

/* Saves what @widget draws, once laid out, when SPARROW_TEST_SCREENSHOTS names a folder; a
 * dialog (@tall) is made tall enough first to show every row. */
static void
shoot (GtkWidget  *widget,
       const char *name,
       gboolean    tall)
{
  g_autofree char *path = screenshot_path (name);

  if (path == NULL)
    return;
  if (tall)
    gtk_window_set_default_size (GTK_WINDOW (widget), 560, 1400);
  run_main_loop_for (G_USEC_PER_SEC);
  wait_until (is_laid_out, widget, "the widget to be laid out for its screenshot");
  save_screenshot (widget, path);
}

static SpTournament *
reread_tournament (SpDb       *db,
                   const char *name)
{
  g_autoptr(GError) error = NULL;
  SpTournament *tournament = sp_db_find_tournament (db, name, &error);

  g_assert_no_error (error);
  return tournament;
}

/* A database holding "Spring Open" (Guangdong, venue, dates, options, @n_players players) and,
 * when @other, a second tournament "Club Night" created before it. */
static char *
prepare_database (const char *file,
                  guint       n_players,
                  gboolean    other)
{
  char *path = use_database (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  SpTournament spring = {
    .name = (char *) "Spring Open",
    .ruleset = SP_RULESET_GUANGDONG,
    .profile = (char *) "gd",
    .options = (char *) "dealer_repeats=on\npenalties=overall",
    .n_sessions = 3,
    .seating = (char *) "random",
    .ranking = (char *) "score",
    .base = 2,
    .venue = (char *) "Hall 2, 廣州",
    .starts_on = (char *) "2026-05-01",
    .ends_on = (char *) "2026-05-03",
  };

  g_assert_no_error (error);
  if (other)
    create_tournament (db, "Club Night", SP_RULESET_MCR, "cn", 2, 0);
  store_tournament (db, &spring);
  add_numbered_players (db, spring.id, n_players);
  return path;
}

static SpTournamentView *
tournament_view_of (GtkWindow *window)
{
  return SP_TOURNAMENT_VIEW (find_drawn_widget (GTK_WIDGET (window), SP_TYPE_TOURNAMENT_VIEW));
}

/* Opens the tournament at the top of the list (the newest) and activates @action of its view,
 * as its primary menu does. */
static void
activate_view_action (GtkWindow  *window,
                      const char *action)
{
  SpTournamentView *view = tournament_view_of (window);

  g_assert_nonnull (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), action, NULL));
}

/* ---- New Tournament: venue, dates and the tournament's options -------------------------- */

static void
test_admin_create_event (void)
{
  g_autofree char *path = use_database ("create-event.db");
  g_autoptr(SpTournament) stored = NULL;
  g_autoptr(GDateTime) day = g_date_time_new_local (2026, 5, 3, 0, 0, 0);
  GtkWindow *window = start_app ();
  GtkWindow *dialog = open_new_tournament_dialog (window);
  GtkWidget *ends;
  GtkWidget *calendar;
  g_autoptr(GPtrArray) list = NULL;
  LabelSearch dates = { NULL, "2026-05-01 – 2026-05-03" };

  /* The rows the brief promised, each found by its title. */
  g_assert_nonnull (find_row (GTK_WIDGET (dialog), "Venue"));
  g_assert_true (gtk_widget_get_visible (row_of (dialog, "Rank Substitutes")));
  g_assert_true (gtk_widget_get_visible (row_of (dialog, "Penalties")));
  /* MCR never repeats the dealer: the row is only Guangdong's. */
  g_assert_false (gtk_widget_get_visible (row_of (dialog, "Dealer Repeats 連莊")));
  g_assert_nonnull (adw_action_row_get_subtitle (ADW_ACTION_ROW (row_of (dialog, "Penalties"))));

  set_row_text (dialog, "Name", "Canton Spring");
  select_combo_item (row_of (dialog, "Rules"), "Guangdong 广东");
  g_assert_true (gtk_widget_get_visible (row_of (dialog, "Dealer Repeats 連莊")));
  set_row_text (dialog, "Venue", "  Hall 2, 廣州 ");
  set_row_text (dialog, "Starts", "2026-05-01");

  /* An empty last day's calendar opens on the first day. */
  ends = row_of (dialog, "Ends");
  calendar = find_widget (ends, GTK_TYPE_CALENDAR);
  g_assert_nonnull (calendar);
  gtk_menu_button_popup (GTK_MENU_BUTTON (find_widget (ends, GTK_TYPE_MENU_BUTTON)));
  {
    g_autoptr(GDateTime) shown = gtk_calendar_get_date (GTK_CALENDAR (calendar));
    g_autofree char *text = g_date_time_format (shown, "%Y-%m-%d");

    g_assert_cmpstr (text, ==, "2026-05-01");
  }
  gtk_menu_button_popdown (GTK_MENU_BUTTON (find_widget (ends, GTK_TYPE_MENU_BUTTON)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ends)), ==, "");

  /* A day typed wrong shows at once. */
  set_row_text (dialog, "Ends", "2026-02-30");
  g_assert_true (gtk_widget_has_css_class (ends, "error"));
  /* The calendar fills the row with the day picked. */
  gtk_calendar_select_day (GTK_CALENDAR (calendar), day);
  g_signal_emit_by_name (calendar, "day-selected");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ends)), ==, "2026-05-03");
  g_assert_false (gtk_widget_has_css_class (ends, "error"));

  gtk_switch_set_active (row_switch (dialog, "Dealer Repeats 連莊"), TRUE);
  gtk_switch_set_active (row_switch (dialog, "Rank Substitutes"), FALSE);
  select_combo_item (row_of (dialog, "Penalties"), "Total only");
  shoot (GTK_WIDGET (dialog), "new-tournament-event.png", TRUE);

  /* The last day before the first: refused by the store, the dialog and its input kept. */
  set_row_text (dialog, "Ends", "2026-04-30");
  press_button (find_button (GTK_WIDGET (dialog), "C_reate"));
  g_assert_true (find_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG) == dialog);
  g_assert_true (shows_label_text (GTK_WIDGET (dialog), "comes before the first day"));
  list = sp_db_list_tournaments (sp_window_get_database (SP_WINDOW (window)), NULL);
  g_assert_cmpuint (list->len, ==, 0);

  set_row_text (dialog, "Ends", "2026-05-03");
  press_button (find_button (GTK_WIDGET (dialog), "C_reate"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_NEW_TOURNAMENT_DIALOG),
              "the New Tournament dialog to close");

  stored = reread_tournament (sp_window_get_database (SP_WINDOW (window)), "Canton Spring");
  g_assert_cmpint (stored->ruleset, ==, SP_RULESET_GUANGDONG);
  g_assert_cmpstr (stored->venue, ==, "Hall 2, 廣州");
  g_assert_cmpstr (stored->starts_on, ==, "2026-05-01");
  g_assert_cmpstr (stored->ends_on, ==, "2026-05-03");
  g_assert_cmpstr (stored->options, ==,
                   "rank_substitutes=off\npenalties=overall\ndealer_repeats=on");

  /* The list shows when and where, sortable by the first day. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments", NULL));
  dates.under = GTK_WIDGET (window);
  wait_until (label_is_drawn, &dates, "the list to show the event's dates");
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (window), "Hall 2, 廣州"));
  g_assert_nonnull (gtk_column_view_column_get_sorter (
    find_column (find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW), "Dates")));

  end_case ();
}

/* ---- Tournament Settings ------------------------------------------------------------------ */

static void
test_admin_settings (void)
{
  g_autofree char *path = prepare_database ("settings.db", 4, FALSE);
  g_autoptr(SpTournament) stored = NULL;
  g_autoptr(GPtrArray) audit = NULL;
  GtkWindow *window = start_app ();
  AdwViewSwitcherTitle *title = open_first_tournament (window);
  GtkWindow *dialog;
  SpDb *db = sp_window_get_database (SP_WINDOW (window));
  const SpAuditEntry *last;

  /* Hidden since the tournament was opened (as the standings page's switch does): the
   * dialog shows the store's value, not the one read when the pages opened. */
  g_assert_true (sp_db_set_hide_standings (db, sp_tournament_view_get_tournament (
                                             tournament_view_of (window)), TRUE, NULL));
  activate_view_action (window, "tournament.settings");
  dialog = wait_for_toplevel (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG,
                              "the Tournament Settings dialog to be shown");
  /* It starts on its first field, the name. */
  wait_until (widget_is_mapped, row_of (dialog, "Name"), "the Name row");
  g_assert_true (focus_is_in (dialog, row_of (dialog, "Name")));
  g_assert_true (gtk_switch_get_active (row_switch (dialog,
                                                    "Hide Standings Until the Last Session")));
  g_assert_true (sp_db_set_hide_standings (db, sp_tournament_view_get_tournament (
                                             tournament_view_of (window)), FALSE, NULL));
  gtk_switch_set_active (row_switch (dialog, "Hide Standings Until the Last Session"), FALSE);
  g_assert_true (gtk_window_get_transient_for (dialog) == window);
  g_assert_true (gtk_window_get_modal (dialog));

  /* The fields as stored; the rules shown, not editable. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_of (dialog, "Name"))), ==,
                   "Spring Open");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_of (dialog, "Venue"))), ==,
                   "Hall 2, 廣州");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_of (dialog, "Starts"))), ==,
                   "2026-05-01");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_of (dialog, "Ends"))), ==,
                   "2026-05-03");
  g_assert_false (gtk_switch_get_active (row_switch (dialog,
                                                     "Hide Standings Until the Last Session")));
  g_assert_true (shows_label_text (row_of (dialog, "Rules"), "Guangdong 广东"));
  g_assert_true (shows_label_text (row_of (dialog, "Options"), "dealer_repeats=on"));
  g_assert_false (ADW_IS_COMBO_ROW (row_of (dialog, "Rules")));
  g_assert_null (find_widget (row_of (dialog, "Sessions"), GTK_TYPE_SPIN_BUTTON));

  /* A refusal keeps the dialog and writes nothing. */
  set_row_text (dialog, "Ends", "2026-04-01");
  press_button (find_button (GTK_WIDGET (dialog), "_Save"));
  g_assert_true (find_toplevel (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG) == dialog);
  g_assert_true (shows_label_text (GTK_WIDGET (dialog), "comes before the first day"));

  set_row_text (dialog, "Name", "Spring Open 2026");
  set_row_text (dialog, "Venue", "Grand Hall");
  set_row_text (dialog, "Ends", "");
  gtk_switch_set_active (row_switch (dialog, "Hide Standings Until the Last Session"), TRUE);
  shoot (GTK_WIDGET (dialog), "tournament-settings.png", TRUE);
  press_button (find_button (GTK_WIDGET (dialog), "_Save"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG),
              "the Tournament Settings dialog to close");

  stored = reread_tournament (db, "Spring Open 2026");
  g_assert_cmpstr (stored->venue, ==, "Grand Hall");
  g_assert_cmpstr (stored->starts_on, ==, "2026-05-01");
  g_assert_null (stored->ends_on);
  g_assert_true (stored->hide_standings);
  g_assert_cmpstr (stored->options, ==, "dealer_repeats=on\npenalties=overall");
  /* The header shows the new name at once. */
  g_assert_cmpstr (adw_view_switcher_title_get_title (title), ==, "Spring Open 2026");
  g_assert_cmpstr (gtk_window_get_title (window), ==, "Spring Open 2026");
  /* One change in the audit log, its last line. */
  audit = sp_db_list_audit (db, NULL);
  last = g_ptr_array_index (audit, audit->len - 1);
  g_assert_cmpstr (last->target, ==, "tournaments");
  g_assert_cmpstr (last->action, ==, "update");

  /* Cancel writes nothing. */
  activate_view_action (window, "tournament.settings");
  dialog = wait_for_toplevel (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG,
                              "the Tournament Settings dialog to be shown again");
  set_row_text (dialog, "Name", "Never Saved");
  press_button (find_button (GTK_WIDGET (dialog), "_Cancel"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG),
              "the Tournament Settings dialog to close on Cancel");
  g_clear_pointer (&stored, sp_tournament_free);
  stored = reread_tournament (db, "Spring Open 2026");
  g_assert_cmpstr (stored->name, ==, "Spring Open 2026");

  end_case ();
}

/* ---- Change Rules, until the first hand ------------------------------------------------- */

static GtkWindow *
open_settings (GtkWindow *window)
{
  activate_view_action (window, "tournament.settings");
  return wait_for_toplevel (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG,
                            "the Tournament Settings dialog to be shown");
}

static void
test_admin_change_rules (void)
{
  g_autofree char *path = prepare_database ("change-rules.db", 4, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) stored = NULL;
  g_autoptr(SpTournament) after = NULL;
  SpHandRecord hand = { .session = 1, .table = 1, .number = 1, .winner = SP_CHAIR_NONE,
                        .discarder = SP_CHAIR_NONE, .draw = TRUE };
  gint64 seats[4];
  GtkWindow *window = start_app ();
  AdwViewSwitcherTitle *title = open_first_tournament (window);
  GtkWindow *settings;
  GtkWindow *dialog;
  SpDb *db = sp_window_get_database (SP_WINDOW (window));
  GtkWidget *button;
  GtkWidget *group;

  settings = open_settings (window);
  button = find_button (GTK_WIDGET (settings), "C_hange Rules…");
  g_assert_nonnull (button);
  press_button (button);
  dialog = wait_for_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG, "the Change Rules dialog to be shown");
  g_assert_cmpstr (gtk_window_get_title (dialog), ==, "Change Rules");
  g_assert_true (gtk_window_get_transient_for (dialog) == settings);
  /* The name, venue and dates are the settings' own: not shown here. */
  g_assert_false (gtk_widget_get_visible (row_of (dialog, "Name")));
  g_assert_false (gtk_widget_get_visible (row_of (dialog, "Venue")));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row_of (dialog, "Rules"))), ==,
                    SP_RULESET_GUANGDONG);
  g_assert_true (gtk_switch_get_active (row_switch (dialog, "Dealer Repeats 連莊")));

  select_combo_item (row_of (dialog, "Rules"), "MCR 国标");
  select_combo_item (row_of (dialog, "Ranking"), "EMA table points");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (row_of (dialog, "Sessions"),
                                                           GTK_TYPE_SPIN_BUTTON)), 7);
  shoot (GTK_WIDGET (dialog), "change-rules.png", TRUE);
  press_button (find_button (GTK_WIDGET (dialog), "_Save"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_NEW_TOURNAMENT_DIALOG),
              "the Change Rules dialog to close");

  stored = reread_tournament (db, "Spring Open");
  g_assert_cmpint (stored->ruleset, ==, SP_RULESET_MCR);
  g_assert_cmpstr (stored->profile, ==, "cn");
  g_assert_cmpstr (stored->ranking, ==, "ema");
  g_assert_cmpuint (stored->n_sessions, ==, 7);
  /* The penalties stay as they were; Guangdong's 連莊 goes with Guangdong. */
  g_assert_cmpstr (stored->options, ==, "penalties=overall");
  g_assert_cmpstr (stored->venue, ==, "Hall 2, 廣州");
  /* The settings show the new rules, and so does the tournament's header. */
  g_assert_true (find_toplevel (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG) == settings);
  g_assert_true (shows_label_text (row_of (settings, "Ranking"), "EMA table points"));
  g_assert_true (shows_label_text (row_of (settings, "Sessions"), "7"));
  g_assert_nonnull (strstr (adw_view_switcher_title_get_subtitle (title), "MCR"));
  press_button (find_button (GTK_WIDGET (settings), "_Cancel"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG),
              "the Tournament Settings dialog to close");

  /* Once a hand is entered the rules are shown, no more offered for a change. */
  for (guint i = 0; i < 4; i++)
    seats[i] = i + 1;
  g_assert_true (sp_db_store_seating (db, stored->id, 1, 42, seats, 4, &error));
  g_assert_no_error (error);
  /* A session drawn: the sessions can no longer change, and the dialog says why. */
  settings = open_settings (window);
  press_button (find_button (GTK_WIDGET (settings), "C_hange Rules…"));
  dialog = wait_for_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG,
                              "the Change Rules dialog to be shown again");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (row_of (dialog, "Sessions"),
                                                           GTK_TYPE_SPIN_BUTTON)), 8);
  press_button (find_button (GTK_WIDGET (dialog), "_Save"));
  g_assert_true (find_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG) == dialog);
  g_assert_true (shows_label_text (GTK_WIDGET (dialog), "has a session drawn"));
  close_all_windows ();
  /* The tournament comes back at the next start, on its pages. */
  window = start_app ();
  wait_until (switcher_title_is_drawn, window, "the tournament to be reopened");
  db = sp_window_get_database (SP_WINDOW (window));
  g_assert_true (sp_db_record_hand (db, stored->id, &hand, &error));
  g_assert_no_error (error);
  g_free (hand.entered_at);
  settings = open_settings (window);
  g_assert_null (find_button (GTK_WIDGET (settings), "C_hange Rules…"));
  group = gtk_widget_get_ancestor (row_of (settings, "Rules"), ADW_TYPE_PREFERENCES_GROUP);
  g_assert_nonnull (strstr (adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group)),
                            "can no longer change"));
  shoot (GTK_WIDGET (settings), "tournament-settings-played.png", TRUE);
  after = reread_tournament (db, "Spring Open");
  g_assert_cmpstr (after->ranking, ==, "ema");

  end_case ();
}

/* ---- Delete ---------------------------------------------------------------------------- */

static AdwMessageDialog *
open_delete_dialog (GtkWindow *window)
{
  activate_view_action (window, "tournament.delete");
  return ADW_MESSAGE_DIALOG (wait_for_toplevel (SP_TYPE_DELETE_TOURNAMENT_DIALOG,
                                                "the deletion to be confirmed"));
}

static gboolean
list_is_shown (gpointer data)
{
  return find_drawn_widget (GTK_WIDGET (data), SP_TYPE_TOURNAMENT_VIEW) == NULL
         && find_drawn_widget (GTK_WIDGET (data), GTK_TYPE_COLUMN_VIEW) != NULL;
}

static void
test_admin_delete (void)
{
  g_autofree char *path = prepare_database ("delete.db", 8, TRUE);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) kept = NULL;
  g_autoptr(SpTournament) gone = NULL;
  g_autoptr(GSettings) settings = g_settings_new (SPARROW_APP_ID);
  ShownText toast = { NULL, "Tournament “Spring Open” deleted" };
  g_autoptr(GPtrArray) backups = NULL;
  g_autofree char *description = NULL;
  GtkWindow *window = start_app ();
  AdwMessageDialog *dialog;
  SpDb *db = sp_window_get_database (SP_WINDOW (window));
  SpDb *saved = NULL;
  const SpDbBackup *backup;
  GtkWidget *list, *entry;
  gint64 last = -1;

  open_first_tournament (window);
  dialog = open_delete_dialog (window);
  /* It names the tournament and what goes with it; Delete looks destructive, Cancel is the
   * default. */
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Delete “Spring Open”?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "8 players"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "0 hands"));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "delete"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  shoot (GTK_WIDGET (dialog), "delete-tournament.png", FALSE);

  /* Cancel keeps it, its pages still shown. */
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_DELETE_TOURNAMENT_DIALOG),
              "the confirmation to close");
  kept = reread_tournament (db, "Spring Open");
  g_assert_nonnull (tournament_view_of (window));

  /* Delete waits for the name typed, as `tournament delete --confirm NAME` does; the dialog
   * starts on that field.  A wrong name leaves it greyed, and the store refuses it anyway. */
  dialog = open_delete_dialog (window);
  entry = find_widget (GTK_WIDGET (dialog), GTK_TYPE_TEXT);
  wait_until (widget_is_mapped, entry, "the name field to be shown");
  g_assert_true (gtk_widget_has_focus (entry));
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "delete"));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Spring");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "delete"));
  adw_message_dialog_response (dialog, "delete");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_DELETE_TOURNAMENT_DIALOG),
              "the confirmation to close");
  g_clear_pointer (&kept, sp_tournament_free);
  kept = reread_tournament (db, "Spring Open");
  g_assert_nonnull (kept);
  backups = sp_db_list_backups (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (backups->len, ==, 0);
  g_clear_pointer (&backups, g_ptr_array_unref);

  /* The name typed: gone from the store and the list, back at the list with a toast, and a
   * backup made first that still holds it. */
  dialog = open_delete_dialog (window);
  entry = find_widget (GTK_WIDGET (dialog), GTK_TYPE_TEXT);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Spring Open");
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "delete"));
  adw_message_dialog_response (dialog, "delete");
  gtk_window_destroy (GTK_WINDOW (dialog));
  wait_until (list_is_shown, window, "the list of tournaments to be shown");
  gone = sp_db_find_tournament (db, "Spring Open", &error);
  g_assert_null (gone);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);
  backups = sp_db_list_backups (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (backups->len, ==, 1);
  backup = g_ptr_array_index (backups, 0);
  g_assert_cmpstr (backup->reason, ==, "before-delete");
  description = sp_db_describe_backup_reason (db, backup->reason);
  g_assert_cmpstr (description, ==, "Before a tournament was deleted");
  saved = sp_db_open (backup->path, &error);
  g_assert_no_error (error);
  g_clear_pointer (&kept, sp_tournament_free);
  kept = sp_db_find_tournament (saved, "Spring Open", &error);
  g_assert_no_error (error);
  g_assert_nonnull (kept);
  g_clear_pointer (&saved, sp_db_close);
  list = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (
                      GTK_COLUMN_VIEW (list)))), ==, 1);
  toast.under = GTK_WIDGET (window);
  wait_until (text_is_shown, &toast, "the toast naming the deleted tournament");
  /* Not reopened at the next start. */
  g_settings_get (settings, "last-tournament", "(sx)", NULL, &last);
  g_assert_cmpint (last, ==, 0);

  end_case ();
}

/* ---- Duplicate ----------------------------------------------------------------------------- */

static void
duplicate (GtkWindow  *window,
           gboolean    copy_players,
           const char *name)
{
  GtkWindow *dialog;

  activate_view_action (window, "tournament.duplicate");
  dialog = wait_for_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG, "the duplicate's dialog to be shown");
  g_assert_cmpstr (gtk_window_get_title (dialog), ==, "Duplicate Tournament");
  g_assert_true (gtk_widget_get_visible (row_of (dialog, "Copy Players")));
  gtk_switch_set_active (row_switch (dialog, "Copy Players"), copy_players);
  if (name != NULL)
    set_row_text (dialog, "Name", name);
  press_button (find_button (GTK_WIDGET (dialog), "C_reate"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_NEW_TOURNAMENT_DIALOG),
              "the duplicate's dialog to close");
}

/* The same options, in whatever order they were written. */
static gboolean
same_options (const SpTournament *a,
              const SpTournament *b)
{
  g_auto(GStrv) lines_a = g_strsplit (a->options != NULL ? a->options : "", "\n", -1);
  g_auto(GStrv) lines_b = g_strsplit (b->options != NULL ? b->options : "", "\n", -1);

  if (g_strv_length (lines_a) != g_strv_length (lines_b))
    return FALSE;
  for (guint i = 0; lines_a[i] != NULL; i++)
    {
      if (!g_strv_contains ((const char *const *) lines_b, lines_a[i]))
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  GtkWindow  *window;
  const char *title;
} ShownTitle;

static gboolean
title_is_shown (gpointer data)
{
  ShownTitle *shown = data;
  SpTournamentView *view = tournament_view_of (shown->window);
  GtkWidget *title = view != NULL ? find_drawn_widget (GTK_WIDGET (view),
                                                       ADW_TYPE_VIEW_SWITCHER_TITLE) : NULL;

  return title != NULL
         && g_strcmp0 (adw_view_switcher_title_get_title (ADW_VIEW_SWITCHER_TITLE (title)),
                       shown->title) == 0;
}

static void
test_admin_duplicate (void)
{
  g_autofree char *path = prepare_database ("duplicate.db", 4, FALSE);
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) source = NULL;
  g_autoptr(SpTournament) copy = NULL;
  g_autoptr(SpTournament) bare = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GPtrArray) none = NULL;
  ShownTitle shown = { NULL, "Spring Open (copy)" };
  GtkWindow *window = start_app ();
  GtkWindow *dialog;
  SpDb *db = sp_window_get_database (SP_WINDOW (window));

  open_first_tournament (window);
  source = reread_tournament (db, "Spring Open");

  /* The dialog comes filled with the tournament's settings. */
  activate_view_action (window, "tournament.duplicate");
  dialog = wait_for_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG, "the duplicate's dialog to be shown");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_of (dialog, "Name"))), ==,
                   "Spring Open (copy)");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_of (dialog, "Venue"))), ==,
                   "Hall 2, 廣州");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_of (dialog, "Starts"))), ==,
                   "2026-05-01");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row_of (dialog, "Rules"))), ==,
                    SP_RULESET_GUANGDONG);
  g_assert_cmpint (spin_value (dialog, "Sessions"), ==, 3);
  g_assert_cmpint (spin_value (dialog, "Base Stake"), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row_of (dialog, "Seating"))), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row_of (dialog, "Ranking"))), ==, 2);
  g_assert_true (gtk_switch_get_active (row_switch (dialog, "Dealer Repeats 連莊")));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row_of (dialog, "Penalties"))),
                    ==, 1);
  g_assert_false (gtk_switch_get_active (row_switch (dialog, "Copy Players")));
  shoot (GTK_WIDGET (dialog), "duplicate-tournament.png", TRUE);
  press_button (find_button (GTK_WIDGET (dialog), "_Cancel"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_NEW_TOURNAMENT_DIALOG),
              "the duplicate's dialog to close on Cancel");

  /* With its players: the copy is created and opened. */
  duplicate (window, TRUE, NULL);
  shown.window = window;
  wait_until (title_is_shown, &shown, "the copy's pages to be shown");
  copy = reread_tournament (db, "Spring Open (copy)");
  g_assert_cmpint (copy->ruleset, ==, source->ruleset);
  g_assert_cmpstr (copy->profile, ==, source->profile);
  g_assert_true (same_options (copy, source));
  g_assert_cmpuint (copy->n_sessions, ==, source->n_sessions);
  g_assert_cmpstr (copy->seating, ==, source->seating);
  g_assert_cmpstr (copy->ranking, ==, source->ranking);
  g_assert_cmpint (copy->base, ==, source->base);
  g_assert_cmpstr (copy->venue, ==, source->venue);
  g_assert_cmpstr (copy->ends_on, ==, source->ends_on);
  players = sp_db_list_players (db, copy->id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (players->len, ==, 4);

  /* A second copy of the original is offered a name not taken yet. */
  dialog = GTK_WINDOW (sp_new_tournament_dialog_new_copy (window, db, source));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row_of (dialog, "Name"))), ==,
                   "Spring Open (copy 2)");
  gtk_window_destroy (dialog);
  /* Without players: the copy of the copy has none. */
  duplicate (window, FALSE, "Summer Open");
  shown.title = "Summer Open";
  wait_until (title_is_shown, &shown, "the second copy's pages to be shown");
  bare = reread_tournament (db, "Summer Open");
  none = sp_db_list_players (db, bare->id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);

  end_case ();
}

/* ---- empty states ---------------------------------------------------------------------- */

typedef struct
{
  GtkWidget  *under;
  const char *title;
} ShownStatus;

static gboolean
status_is_shown (gpointer data)
{
  ShownStatus *shown = data;
  AdwStatusPage *page = find_drawn_status_page (shown->under);

  return page != NULL && g_strcmp0 (adw_status_page_get_title (page), shown->title) == 0;
}

static gboolean
status_is_gone (gpointer data)
{
  return !status_is_shown (data);
}

/* A search that matches none of the players says so, and what to do; clearing it shows them. */
static void
test_admin_search_no_match (void)
{
  gint64 tournament;
  GtkWindow *window = open_players_page ("no-match.db",
                                         (const char *const[]) { "Anna Berg", "鄭雅文", NULL },
                                         &tournament);
  GtkWidget *search = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_SEARCH_ENTRY);
  ShownStatus shown = { GTK_WIDGET (window), "No Matching Players" };
  AdwStatusPage *page;

  gtk_editable_set_text (GTK_EDITABLE (search), "Zhang <b>");
  wait_until (status_is_shown, &shown, "the search's empty state to be shown");
  page = find_drawn_status_page (GTK_WIDGET (window));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "“Zhang &lt;b&gt;”"));
  g_assert_nonnull (strstr (adw_status_page_get_description (page), "add the player"));

  gtk_editable_set_text (GTK_EDITABLE (search), "雅");
  wait_until (status_is_gone, &shown, "the matching player to be listed");
  g_assert_nonnull (find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW));

  end_case ();
}

/* ---- the window's state ------------------------------------------------------------------ */

static void
test_admin_maximized (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SPARROW_APP_ID);
  GtkWindow *window;

  /* Maximized at the last run: maximized again. */
  g_settings_set_boolean (settings, "window-maximized", TRUE);
  window = start_app ();
  g_assert_true (gtk_window_is_maximized (window));
  close_all_windows ();

  /* Not maximized: not. */
  g_settings_set_boolean (settings, "window-maximized", FALSE);
  window = start_app ();
  g_assert_false (gtk_window_is_maximized (window));
  close_all_windows ();
}

/* ---- the keyboard shortcuts window lists every shortcut -------------------------------- */

/* Adds to @triggers the triggers of @widget's shortcuts that activate a named action (the
 * app's own; GTK's built-in bindings emit signals or call functions). */
static void
collect_widget_shortcuts (GtkWidget *widget,
                          GPtrArray *triggers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (GTK_IS_NAMED_ACTION (gtk_shortcut_get_action (shortcut)))
            g_ptr_array_add (triggers,
                             gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut)));
        }
    }
}

/* Whether @accelerator (as GTK writes one) is among @listed, compared as keys. */
static gboolean
accelerator_listed (const char *accelerator,
                    GPtrArray  *listed)
{
  guint key, listed_key;
  GdkModifierType mods, listed_mods;

  g_assert_true (gtk_accelerator_parse (accelerator, &key, &mods));
  for (guint i = 0; i < listed->len; i++)
    {
      if (gtk_accelerator_parse (g_ptr_array_index (listed, i), &listed_key, &listed_mods)
          && gdk_keyval_to_lower (key) == gdk_keyval_to_lower (listed_key) && mods == listed_mods)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_shortcuts_shortcut (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_SHORTCUTS_SHORTCUT (widget);
}

/* Every GtkShortcutsShortcut under @widget, depth first. */
static void
collect_listed (GtkWidget *widget,
                GPtrArray *listed)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accelerator = NULL;
      g_autofree char *action = NULL;

      g_object_get (widget, "accelerator", &accelerator, "action-name", &action, NULL);
      if (accelerator != NULL)
        {
          g_auto(GStrv) keys = g_strsplit (accelerator, " ", -1);

          for (guint i = 0; keys[i] != NULL; i++)
            g_ptr_array_add (listed, g_strdup (keys[i]));
        }
      if (action != NULL)
        {
          g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                        action);

          for (guint i = 0; accels[i] != NULL; i++)
            g_ptr_array_add (listed, g_strdup (accels[i]));
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_listed (child, listed);
}

static void
test_admin_help_overlay_complete (void)
{
  g_autoptr(GPtrArray) triggers = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  GtkWindow *window = start_app ();
  GtkShortcutsWindow *overlay;
  GtkWindow *dialogs[6];

  /* The window (with a tournament's view inside) and every dialog of the app. */
  collect_widget_shortcuts (GTK_WIDGET (window), triggers);
  collect_widget_shortcuts (find_widget (GTK_WIDGET (window), SP_TYPE_TOURNAMENT_VIEW), triggers);
  dialogs[0] = g_object_new (SP_TYPE_NEW_TOURNAMENT_DIALOG, NULL);
  dialogs[1] = g_object_new (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG, NULL);
  dialogs[2] = g_object_new (SP_TYPE_PLAYER_DIALOG, NULL);
  dialogs[3] = g_object_new (SP_TYPE_CALCULATOR_WINDOW, NULL);
  dialogs[4] = g_object_new (SP_TYPE_EXPORT_DIALOG, NULL);
  dialogs[5] = g_object_new (SP_TYPE_PRINT_DIALOG, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
    collect_widget_shortcuts (GTK_WIDGET (dialogs[i]), triggers);
  /* And the application's accelerators. */
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                    actions[i]);

      for (guint j = 0; accels[j] != NULL; j++)
        g_ptr_array_add (triggers, g_strdup (accels[j]));
    }
  g_assert_cmpuint (triggers->len, >=, 5);

  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  collect_listed (GTK_WIDGET (overlay), listed);
  g_assert_nonnull (find_under (GTK_WIDGET (overlay), is_shortcuts_shortcut, NULL));
  for (guint i = 0; i < triggers->len; i++)
    {
      const char *trigger = g_ptr_array_index (triggers, i);

      if (!accelerator_listed (trigger, listed))
        g_error ("The shortcut %s is not in the keyboard shortcuts window", trigger);
    }

  for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
    gtk_window_destroy (dialogs[i]);
  close_all_windows ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/admin/create-event", test_admin_create_event);
  g_test_add_func ("/sparrow/ui/admin/settings", test_admin_settings);
  g_test_add_func ("/sparrow/ui/admin/change-rules", test_admin_change_rules);
  g_test_add_func ("/sparrow/ui/admin/delete", test_admin_delete);
  g_test_add_func ("/sparrow/ui/admin/duplicate", test_admin_duplicate);
  g_test_add_func ("/sparrow/ui/admin/search-no-match", test_admin_search_no_match);
  g_test_add_func ("/sparrow/ui/admin/maximized", test_admin_maximized);
  g_test_add_func ("/sparrow/ui/admin/help-overlay-complete", test_admin_help_overlay_complete);
}

int
main (int    argc,
      char **argv)
{
  return run_ui_tests (argc, argv, add_tests);
}
