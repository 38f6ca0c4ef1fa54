/* test-ui-pin.c: the director's lock in the window: a PIN set in Tournament Settings, then a
 * protected change (withdrawing a player) asks for it; a wrong PIN is answered in the dialog
 * after the store's wait, the right one makes the change; Lock shuts it again.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-test-ui.h"

#define PIN "2468"

static SpTournamentView *
tournament_view_of (GtkWindow *window)
{
  return SP_TOURNAMENT_VIEW (find_drawn_widget (GTK_WIDGET (window), SP_TYPE_TOURNAMENT_VIEW));
}

/* The password entry under @widget whose placeholder (and accessible name) is @name. */
static GtkEditable *
find_pin_entry (GtkWidget  *widget,
                const char *name)
{
  g_autofree char *text = NULL;
  GtkWidget *entry = NULL;

  for (GtkWidget *child = find_widget (widget, GTK_TYPE_PASSWORD_ENTRY); child != NULL;)
    {
      g_clear_pointer (&text, g_free);
      g_object_get (child, "placeholder-text", &text, NULL);
      if (g_strcmp0 (text, name) == 0)
        {
          entry = child;
          break;
        }
      /* The next password entry after @child, among its siblings. */
      do
        child = gtk_widget_get_next_sibling (child);
      while (child != NULL && !GTK_IS_PASSWORD_ENTRY (child));
    }
  if (entry == NULL)
    g_error ("No PIN entry %s", name);
  return GTK_EDITABLE (entry);
}

/* The message dialog whose heading is @heading, once shown. */
typedef struct
{
  const char       *heading;
  AdwMessageDialog *found;
} DialogSearch;

static gboolean
dialog_is_shown (gpointer data)
{
  DialogSearch *search = data;
  GListModel *toplevels = gtk_window_get_toplevels ();

  search->found = NULL;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_mapped (GTK_WIDGET (window))
          && g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (window)),
                        search->heading) == 0)
        search->found = ADW_MESSAGE_DIALOG (window);
    }
  return search->found != NULL;
}

static AdwMessageDialog *
wait_for_dialog (const char *heading)
{
  DialogSearch search = { heading, NULL };

  wait_until (dialog_is_shown, &search, heading);
  return search.found;
}

static gboolean
dialog_is_gone (gpointer data)
{
  DialogSearch search = { data, NULL };

  return !dialog_is_shown (&search);
}

typedef struct
{
  AdwMessageDialog *dialog;
  const char       *text;
} ErrorShown;

static gboolean
error_is_shown (gpointer data)
{
  ErrorShown *shown = data;
  GtkWidget *label = find_error_label (GTK_WIDGET (shown->dialog));

  return label != NULL && strstr (gtk_label_get_text (GTK_LABEL (label)), shown->text) != NULL;
}

static SpPlayerStatus
status_of (SpDb       *db,
           gint64      tournament,
           const char *name)
{
  g_autoptr(SpPlayer) player = reread_player (db, tournament, name);

  return player->status;
}

static void
select_first_player (GtkWidget *players_view)
{
  GtkSelectionModel *model = gtk_column_view_get_model (GTK_COLUMN_VIEW (players_view));

  g_assert_true (gtk_selection_model_select_item (model, 0, TRUE));
}

/* Withdraws the first player as the page does: the confirmation, answered "withdraw". */
static void
withdraw_first (GtkWidget *players_view)
{
  AdwMessageDialog *confirmation;

  select_first_player (players_view);
  g_assert_true (gtk_widget_activate_action (players_view, "players.withdraw", NULL));
  confirmation = wait_for_dialog ("Withdraw Anna Berg?");
  adw_message_dialog_response (confirmation, "withdraw");
  gtk_window_destroy (GTK_WINDOW (confirmation));
}

static gboolean
is_laid_out (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) > 0
         && gtk_widget_get_height (GTK_WIDGET (data)) > 0;
}

/* Saves what @widget draws when SPARROW_TEST_SCREENSHOTS names a folder. */
static void
shoot (GtkWidget  *widget,
       const char *name)
{
  g_autofree char *path = screenshot_path (name);

  if (path == NULL)
    return;
  run_main_loop_for (G_USEC_PER_SEC / 2);
  wait_until (is_laid_out, widget, "the widget to be laid out for its screenshot");
  save_screenshot (widget, path);
}

static gboolean
lock_is_in_menu (gpointer data)
{
  return find_drawn_label (GTK_WIDGET (data), "Lock") != NULL;
}

static gboolean
menu_is_drawn (gpointer data)
{
  return find_drawn_label (GTK_WIDGET (data), "Tournament Settings") != NULL;
}

static GtkMenuButton *
main_menu_of (GtkWindow *window)
{
  GtkWidget *button = find_matching (GTK_WIDGET (tournament_view_of (window)),
                                     &(WidgetSearch) { GTK_TYPE_MENU_BUTTON,
                                                       gtk_widget_get_tooltip_text,
                                                       "Main Menu", TRUE });

  g_assert_nonnull (button);
  return GTK_MENU_BUTTON (button);
}

static void
test_pin_set_and_unlock (void)
{
  ErrorShown shown = { NULL, NULL };
  ShownText toast = { NULL, "Anna Berg withdrawn" };
  GtkWindow *window, *settings;
  AdwMessageDialog *dialog;
  GtkWidget *players_view;
  GtkMenuButton *menu;
  gboolean has_pin = FALSE;
  gint64 tournament;
  SpDb *db;

  window = open_players_page ("pin.db", (const char *const[]) { "Anna Berg", "Bo Chen", NULL },
                              &tournament);
  db = sp_window_get_database (SP_WINDOW (window));

  /* Tournament Settings: no PIN yet; Set PIN… asks for it twice. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tournament_view_of (window)),
                                             "tournament.settings", NULL));
  settings = wait_for_toplevel (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG,
                                "the Tournament Settings dialog to be shown");
  g_assert_nonnull (find_row (GTK_WIDGET (settings), "Director's PIN"));
  press_button (find_button (GTK_WIDGET (settings), "Set _PIN…"));
  dialog = wait_for_dialog ("Set Director's PIN");
  gtk_editable_set_text (find_pin_entry (GTK_WIDGET (dialog), "New PIN"), PIN);
  gtk_editable_set_text (find_pin_entry (GTK_WIDGET (dialog), "New PIN Again"), "2469");
  adw_message_dialog_response (dialog, "set");
  shown = (ErrorShown) { dialog, "differ" };
  wait_until (error_is_shown, &shown, "the two PINs to be said to differ");
  g_assert_true (sp_db_has_pin (db, tournament, &has_pin, NULL));
  g_assert_false (has_pin);
  gtk_editable_set_text (find_pin_entry (GTK_WIDGET (dialog), "New PIN Again"), PIN);
  adw_message_dialog_response (dialog, "set");
  wait_until (dialog_is_gone, (gpointer) "Set Director's PIN", "the Set PIN dialog to close");
  g_assert_true (sp_db_has_pin (db, tournament, &has_pin, NULL));
  g_assert_true (has_pin);
  /* The row now offers to change or remove it. */
  g_assert_nonnull (find_button (GTK_WIDGET (settings), "C_hange PIN…"));
  g_assert_nonnull (find_button (GTK_WIDGET (settings), "_Remove PIN…"));
  if (g_getenv ("SPARROW_TEST_SCREENSHOTS") != NULL)
    gtk_window_set_default_size (settings, 560, 1100);
  shoot (GTK_WIDGET (settings), "settings-pin.png");
  gtk_window_destroy (settings);

  /* Locked: the main menu has no Lock. */
  menu = main_menu_of (window);
  gtk_menu_button_popup (menu);
  wait_until (menu_is_drawn, menu, "the main menu to be shown");
  g_assert_false (lock_is_in_menu (menu));
  gtk_menu_button_popdown (menu);

  /* A protected change asks for the PIN, saying what needs it. */
  players_view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  withdraw_first (players_view);
  dialog = wait_for_dialog ("Director's PIN");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "A director's PIN is required to withdraw player"));
  g_assert_cmpint (status_of (db, tournament, "Anna Berg"), ==, SP_PLAYER_ACTIVE);
  shoot (GTK_WIDGET (dialog), "director-pin.png");

  /* A wrong PIN: nothing more until the store's wait is over, then the dialog says so. */
  gtk_editable_set_text (find_pin_entry (GTK_WIDGET (dialog), "Director's PIN"), "0000");
  adw_message_dialog_response (dialog, "unlock");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "unlock"));
  shown = (ErrorShown) { dialog, "not the director's PIN" };
  wait_until (error_is_shown, &shown, "the wrong PIN to be answered");
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "unlock"));
  shoot (GTK_WIDGET (dialog), "director-pin-wrong.png");
  g_assert_cmpstr (gtk_editable_get_text (find_pin_entry (GTK_WIDGET (dialog),
                                                          "Director's PIN")), ==, "");
  g_assert_cmpint (status_of (db, tournament, "Anna Berg"), ==, SP_PLAYER_ACTIVE);
  g_assert_false (sp_db_is_unlocked (db, tournament));

  /* The right PIN: unlocked, and the withdrawal made. */
  gtk_editable_set_text (find_pin_entry (GTK_WIDGET (dialog), "Director's PIN"), PIN);
  adw_message_dialog_response (dialog, "unlock");
  wait_until (dialog_is_gone, (gpointer) "Director's PIN", "the PIN dialog to close");
  g_assert_cmpint (status_of (db, tournament, "Anna Berg"), ==, SP_PLAYER_WITHDRAWN);
  g_assert_true (sp_db_is_unlocked (db, tournament));
  toast.under = GTK_WIDGET (window);
  wait_until (text_is_shown, &toast, "the toast naming the withdrawn player");

  /* While unlocked the menu offers Lock; Lock shuts it. */
  menu = main_menu_of (window);
  gtk_menu_button_popup (menu);
  wait_until (lock_is_in_menu, menu, "Lock to be in the main menu");
  gtk_menu_button_popdown (menu);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tournament_view_of (window)),
                                             "tournament.lock", NULL));
  g_assert_false (sp_db_is_unlocked (db, tournament));

  /* Locked again: reinstated, a new withdrawal asks again; Cancel leaves the player. */
  select_first_player (players_view);
  g_assert_true (gtk_widget_activate_action (players_view, "players.reinstate", NULL));
  g_assert_cmpint (status_of (db, tournament, "Anna Berg"), ==, SP_PLAYER_ACTIVE);
  withdraw_first (players_view);
  dialog = wait_for_dialog ("Director's PIN");
  adw_message_dialog_response (dialog, "cancel");
  wait_until (dialog_is_gone, (gpointer) "Director's PIN", "the PIN dialog to close");
  g_assert_cmpint (status_of (db, tournament, "Anna Berg"), ==, SP_PLAYER_ACTIVE);

  end_case ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/pin/set-and-unlock", test_pin_set_and_unlock);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
