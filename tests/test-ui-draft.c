/* test-ui-draft.c: a hand being typed is kept as the table's draft file; the windows destroyed
 * as a crash would leave them (no cancel), the next start offers it back, Resume fills the hand
 * dialog in and recording it stores the hand and removes the draft; Cancel and Discard remove
 * it too.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-test-ui.h"

typedef struct
{
  char   *path;
  gint64  tournament;
} Event;

static void
event_clear (Event *event)
{
  g_clear_pointer (&event->path, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Event, event_clear)

/* MCR, four players seated at one table for session 1. */
static void
make_event (Event      *event,
            const char *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = NULL;
  SpTournament tournament = sp_test_mcr_tournament ("Club Night");
  gint64 players[4];

  event->path = use_database (file);
  db = sp_db_open (event->path, &error);
  g_assert_no_error (error);
  store_tournament (db, &tournament);
  event->tournament = tournament.id;
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      players[i] = add_player (db, tournament.id, name, NULL, NULL);
    }
  g_assert_true (sp_db_store_seating (db, tournament.id, 1, 42, players, 4, &error));
  g_assert_no_error (error);
}

static guint
count_hands (Event *event)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (event->path, &error);
  g_autoptr(GPtrArray) hands = NULL;

  g_assert_no_error (error);
  hands = sp_db_list_hands (db, event->tournament, 1, 1, &error);
  g_assert_no_error (error);
  return hands->len;
}

static gboolean
message_dialog_shown (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static SpTableView *
open_table (void)
{
  GtkWindow *window = start_app ();
  GtkWidget *button;
  AdwMessageDialog *picker;

  open_first_tournament (window);
  button = find_drawn_button (GTK_WIDGET (window), "Enter Hand");
  g_assert_nonnull (button);
  press_button (button);
  wait_until (message_dialog_shown, NULL, "the table picker");
  picker = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  adw_message_dialog_response (picker, "open");
  gtk_window_destroy (GTK_WINDOW (picker));
  return SP_TABLE_VIEW (wait_for_toplevel (SP_TYPE_TABLE_VIEW, "the table view"));
}

static SpHandDialog *
open_dialog (SpTableView *view)
{
  GtkWidget *button = find_drawn_button (GTK_WIDGET (view), "Enter Hand");

  g_assert_nonnull (button);
  press_button (button);
  return SP_HAND_DIALOG (wait_for_toplevel (SP_TYPE_HAND_DIALOG, "the hand dialog"));
}

static void
type_hand (SpHandDialog *dialog,
           const char   *text)
{
  GtkEditable *field = editor_hand_field (sp_hand_dialog_get_editor (dialog));

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      int position;

      gtk_editable_set_position (field, -1);
      position = gtk_editable_get_position (field);
      gtk_editable_insert_text (field, p, (int) (g_utf8_next_char (p) - p), &position);
    }
}

typedef struct
{
  const char *path;
  const char *tiles;
} DraftWait;

/* Whether the draft file holds @tiles (NULL: whether it is gone). */
static gboolean
draft_holds (gpointer data)
{
  DraftWait *wait = data;
  g_autoptr(SpHandDraft) draft = NULL;

  if (wait->tiles == NULL)
    return !g_file_test (wait->path, G_FILE_TEST_EXISTS);
  draft = sp_hand_draft_load (wait->path, NULL);
  return draft != NULL && g_strcmp0 (draft->tiles, wait->tiles) == 0;
}

static void
wait_for_draft (const char *path,
                const char *tiles)
{
  DraftWait wait = { path, tiles };

  wait_until (draft_holds, &wait, tiles != NULL ? "the draft to be written"
                                                : "the draft to be removed");
}

static gboolean
hand_count_is (gpointer data)
{
  gpointer *pair = data;

  return count_hands (pair[0]) == GPOINTER_TO_UINT (pair[1]);
}

/* The seat button of @group ("winner" or "from") whose label starts with @label. */
static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static gboolean
seat_is_on (SpHandDialog *dialog,
            const char   *group,
            const char   *label)
{
  GtkWidget *row = find_under (GTK_WIDGET (dialog), is_named, group);
  GtkWidget *button;

  g_assert_nonnull (row);
  button = find_button_showing (row, label);
  g_assert_nonnull (button);
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button));
}

static void
test_draft_resumed (void)
{
  g_auto(Event) event = { 0 };
  g_autofree char *path = NULL;
  g_autofree char *folder = sp_hand_draft_folder ();
  g_autoptr(SpHandDraft) draft = NULL;
  g_autoptr(GError) error = NULL;
  SpTableView *view;
  SpHandDialog *dialog;
  AdwMessageDialog *offer;
  GtkEditable *field;
  GStatBuf buf;
  gpointer count[2];

  make_event (&event, "draft.db");
  path = sp_hand_draft_path (event.path, event.tournament, 1, 1);
  view = open_table ();
  dialog = open_dialog (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "hand.winner", "i", 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "hand.from", "i", 1));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_under (GTK_WIDGET (dialog), is_named,
                                                             "last-tile")), TRUE);
  type_hand (dialog, "123m123p123s789m55s");
  wait_for_draft (path, "123m123p123s789m55s");

  /* What the file keeps: the database, the table, the hand, the seats, the tiles. */
  draft = sp_hand_draft_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (draft->database, ==, event.path);
  g_assert_cmpint (draft->tournament, ==, event.tournament);
  g_assert_cmpuint (draft->session, ==, 1);
  g_assert_cmpuint (draft->table, ==, 1);
  g_assert_cmpuint (draft->hand, ==, 1);
  g_assert_cmpint (draft->hand_id, ==, 0);
  g_assert_cmpint (draft->winner, ==, 0);
  g_assert_cmpint (draft->from, ==, 1);
  /* The toggle, not what the table and the seats set. */
  g_assert_cmpstr (draft->situation, ==, "last-tile");
  g_assert_true (g_str_has_prefix (path, folder));
  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  g_assert_cmphex (buf.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (folder, &buf), ==, 0);
  g_assert_cmphex (buf.st_mode & 0777, ==, 0700);

  /* As a crash leaves it: the windows gone, the hand neither recorded nor cancelled. */
  close_all_windows ();
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_hands (&event), ==, 0);

  /* The next start offers it back. */
  start_app ();
  wait_until (message_dialog_shown, NULL, "the offer of the draft");
  offer = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (offer), ==, "Resume the Hand?");
  g_assert_cmpstr (adw_message_dialog_get_body (offer), ==,
                   "A hand for session 1, table 1, hand 1 was being entered and is not "
                   "recorded.");
  g_assert_true (adw_message_dialog_has_response (offer, "discard"));
  maybe_screenshot_window (GTK_WINDOW (offer), "draft-offer.png");
  adw_message_dialog_response (offer, "resume");
  gtk_window_destroy (GTK_WINDOW (offer));
  dialog = SP_HAND_DIALOG (wait_for_toplevel (SP_TYPE_HAND_DIALOG, "the resumed hand dialog"));
  field = editor_hand_field (sp_hand_dialog_get_editor (dialog));
  g_assert_cmpstr (gtk_editable_get_text (field), ==, "123m123p123s789m55s");
  /* The field has the keyboard, its text not selected: a keystroke adds to the hand rather
   * than replacing it. */
  wait_until (widget_is_mapped, dialog, "the resumed dialog to be mapped");
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (dialog)),
                                         GTK_WIDGET (field)));
  g_assert_false (gtk_editable_get_selection_bounds (field, NULL, NULL));
  g_assert_cmpint (gtk_editable_get_position (field), ==, 19);
  g_assert_true (seat_is_on (dialog, "winner", "E Player 1"));
  g_assert_true (seat_is_on (dialog, "from", "S Player 2"));
  g_assert_true (gtk_check_button_get_active (
    GTK_CHECK_BUTTON (find_under (GTK_WIDGET (dialog), is_named, "last-tile"))));
  /* 和绝张 does not fit this hand (it holds two 5s): the referee takes it back. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_under (GTK_WIDGET (dialog), is_named,
                                                             "last-tile")), FALSE);

  /* Recorded: the hand is stored and the draft gone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "hand.record", NULL));
  count[0] = &event;
  count[1] = GUINT_TO_POINTER (1);
  wait_until (hand_count_is, count, "the hand to be stored");
  wait_for_draft (path, NULL);
  close_all_windows ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  restore_database ();
}

/* The app stopped after the hand it was sending had reached the store, before it could remove
 * the draft: the draft, offered back and recorded, carries the entry's key, and the store finds
 * the hand instead of entering it a second time. */
static void
test_draft_already_recorded (void)
{
  g_auto(Event) event = { 0 };
  g_autofree char *path = NULL;
  g_autoptr(SpHandDraft) draft = NULL;
  g_autoptr(GError) error = NULL;
  SpTableView *view;
  SpHandDialog *dialog;
  AdwMessageDialog *offer;
  gpointer count[2];

  make_event (&event, "draft-sent.db");
  path = sp_hand_draft_path (event.path, event.tournament, 1, 1);
  view = open_table ();
  dialog = open_dialog (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "hand.winner", "i", 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "hand.from", "i", 1));
  type_hand (dialog, "123m123p123s789m55s");
  wait_for_draft (path, "123m123p123s789m55s");
  draft = sp_hand_draft_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (draft->entry_key);
  g_assert_cmpuint (strlen (draft->entry_key), >, 0);

  /* The sending that reached the store: the same entry, with the draft's key. */
  {
    g_autoptr(SpDb) db = sp_db_open (event.path, &error);
    g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, event.tournament);
    g_autoptr(SpTournament) tournament = NULL;
    g_auto(SpHandEntry) entry = { 0 };
    g_auto(SpHandReport) report = { 0 };

    g_assert_no_error (error);
    tournament = sp_db_find_tournament (db, id, &error);
    g_assert_no_error (error);
    sp_hand_entry_init (&entry);
    entry.winner = 0;
    entry.from = 1;
    sp_hand_entry_set_tiles (&entry, "123m123p123s789m55s");
    entry.key = g_strdup (draft->entry_key);
    g_assert_true (sp_db_add_hand (db, tournament, tournament->rules, 1, 1, &entry, &report,
                                   &error));
    g_assert_no_error (error);
  }
  close_all_windows ();
  g_assert_cmpuint (count_hands (&event), ==, 1);

  start_app ();
  wait_until (message_dialog_shown, NULL, "the offer of the draft");
  offer = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  adw_message_dialog_response (offer, "resume");
  gtk_window_destroy (GTK_WINDOW (offer));
  dialog = SP_HAND_DIALOG (wait_for_toplevel (SP_TYPE_HAND_DIALOG, "the resumed hand dialog"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "hand.record", NULL));
  wait_for_draft (path, NULL);
  count[0] = &event;
  count[1] = GUINT_TO_POINTER (1);
  g_assert_true (hand_count_is (count));
  close_all_windows ();
  g_assert_cmpuint (count_hands (&event), ==, 1);
  restore_database ();
}

/* The mapped message dialog headed @heading (the referee's name may be asked beside it). */
static AdwMessageDialog *
find_headed (const char *heading)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_mapped (GTK_WIDGET (window))
          && g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (window)),
                        heading) == 0)
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static gboolean
dialog_headed (gpointer heading)
{
  return find_headed (heading) != NULL;
}

/* Closes @dialog (Escape, its close button) with a hand typed: the question is asked, naming
 * the session, table and hand, and answered with @response. */
static void
close_typed (SpHandDialog *dialog,
             const char   *response)
{
  AdwMessageDialog *question;

  gtk_window_close (GTK_WINDOW (dialog));
  wait_until (dialog_headed, (gpointer) "Close Without Recording?", "the question on closing");
  question = find_headed ("Close Without Recording?");
  g_assert_cmpstr (adw_message_dialog_get_body (question), ==,
                   "Session 1, table 1, hand 1 is not recorded. Keep what was entered as a "
                   "draft to finish later, or discard it?");
  g_assert_true (adw_message_dialog_has_response (question, "discard"));
  g_assert_true (adw_message_dialog_has_response (question, "keep"));
  /* Asked, not yet closed: the hand is still there to go back to. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  adw_message_dialog_response (question, response);
  gtk_window_destroy (GTK_WINDOW (question));
}

/* Closing the dialog with a hand typed asks; Discard is a deliberate cancel: no draft kept. */
static void
test_draft_cancelled (void)
{
  g_auto(Event) event = { 0 };
  g_autofree char *path = NULL;
  SpTableView *view;
  SpHandDialog *dialog;

  make_event (&event, "draft-cancelled.db");
  path = sp_hand_draft_path (event.path, event.tournament, 1, 1);
  view = open_table ();
  dialog = open_dialog (view);
  type_hand (dialog, "123m");
  wait_for_draft (path, "123m");
  close_typed (dialog, "discard");
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_HAND_DIALOG), "the dialog to close");
  wait_for_draft (path, NULL);

  /* Nothing typed: the dialog closes without a question. */
  dialog = open_dialog (view);
  g_assert_cmpstr (gtk_editable_get_text (editor_hand_field (sp_hand_dialog_get_editor (dialog))),
                   ==, "");
  gtk_window_close (GTK_WINDOW (dialog));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_HAND_DIALOG), "the empty dialog to close");
  g_assert_null (find_headed ("Close Without Recording?"));
  close_all_windows ();
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  restore_database ();
}

/* Keep as Draft: the dialog closes, the draft stays, and Enter Hand at the table brings the
 * hand back as it was left; the question's Cancel goes back to the hand. */
static void
test_draft_kept (void)
{
  g_auto(Event) event = { 0 };
  g_autofree char *path = NULL;
  SpTableView *view;
  SpHandDialog *dialog;

  make_event (&event, "draft-kept.db");
  path = sp_hand_draft_path (event.path, event.tournament, 1, 1);
  view = open_table ();
  dialog = open_dialog (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "hand.winner", "i", 0));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "hand.from", "i", 1));
  type_hand (dialog, "123m123p123s");
  close_typed (dialog, "cancel");
  run_main_loop_for (G_USEC_PER_SEC / 4);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  type_hand (dialog, "789m55s");
  close_typed (dialog, "keep");
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_HAND_DIALOG), "the dialog to close");
  wait_for_draft (path, "123m123p123s789m55s");
  g_assert_cmpuint (count_hands (&event), ==, 0);

  dialog = open_dialog (view);
  g_assert_cmpstr (gtk_editable_get_text (editor_hand_field (sp_hand_dialog_get_editor (dialog))),
                   ==, "123m123p123s789m55s");
  g_assert_true (seat_is_on (dialog, "winner", "E Player 1"));
  g_assert_true (seat_is_on (dialog, "from", "S Player 2"));
  close_all_windows ();
  /* The app gone with the dialog open: the draft is still there for the next start. */
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  sp_hand_draft_remove (path);
  restore_database ();
}

/* Discard at the next start deletes the draft and opens nothing. */
static void
test_draft_discarded (void)
{
  g_auto(Event) event = { 0 };
  g_autofree char *path = NULL;
  SpTableView *view;
  SpHandDialog *dialog;
  AdwMessageDialog *offer;

  make_event (&event, "draft-discarded.db");
  path = sp_hand_draft_path (event.path, event.tournament, 1, 1);
  view = open_table ();
  dialog = open_dialog (view);
  type_hand (dialog, "55s");
  wait_for_draft (path, "55s");
  close_all_windows ();

  start_app ();
  wait_until (message_dialog_shown, NULL, "the offer of the draft");
  offer = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  adw_message_dialog_response (offer, "discard");
  gtk_window_destroy (GTK_WINDOW (offer));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (find_toplevel (SP_TYPE_HAND_DIALOG));
  close_all_windows ();
  restore_database ();
}

/* A riichi hand's draft keeps the seats that declared riichi and those marked tenpai. */
static void
test_draft_riichi_seats (void)
{
  g_autoptr(SpHandDraft) draft = g_new0 (SpHandDraft, 1);
  g_autoptr(SpHandDraft) loaded = NULL;
  g_autoptr(GError) error = NULL;

  draft->database = g_build_filename (g_get_tmp_dir (), "riichi-draft.db", NULL);
  draft->tournament = 1;
  draft->session = 2;
  draft->table = 3;
  draft->hand = 4;
  draft->winner = SP_HAND_ENTRY_UNSAID;
  draft->from = SP_HAND_ENTRY_UNSAID;
  draft->riichi = 0x5;
  draft->tenpai = 0xa;
  draft->value.han = 2;
  draft->value.fu = 70;
  draft->n_also = 2;
  draft->also[0].seat = SP_WIND_NORTH;
  draft->also[0].value.han = 1;
  draft->also[0].value.fu = 30;
  draft->also[1].seat = SP_WIND_SOUTH;
  draft->also[1].value.yakuman = 2;
  g_assert_true (sp_hand_draft_save (draft, &error));
  g_assert_no_error (error);
  loaded = sp_hand_draft_load (draft->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmphex (loaded->riichi, ==, 0x5);
  g_assert_cmphex (loaded->tenpai, ==, 0xa);
  g_assert_cmpint (loaded->value.han, ==, 2);
  g_assert_cmpint (loaded->value.fu, ==, 70);
  g_assert_cmpint (loaded->value.yakuman, ==, 0);
  g_assert_cmpuint (loaded->n_also, ==, 2);
  g_assert_cmpint (loaded->also[0].seat, ==, SP_WIND_NORTH);
  g_assert_cmpint (loaded->also[0].value.han, ==, 1);
  g_assert_cmpint (loaded->also[0].value.fu, ==, 30);
  g_assert_cmpint (loaded->also[1].seat, ==, SP_WIND_SOUTH);
  g_assert_cmpint (loaded->also[1].value.yakuman, ==, 2);
  sp_hand_draft_remove (draft->path);
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/draft/resumed", test_draft_resumed);
  g_test_add_func ("/sparrow/ui/draft/already-recorded", test_draft_already_recorded);
  g_test_add_func ("/sparrow/ui/draft/cancelled", test_draft_cancelled);
  g_test_add_func ("/sparrow/ui/draft/kept", test_draft_kept);
  g_test_add_func ("/sparrow/ui/draft/discarded", test_draft_discarded);
  g_test_add_func ("/sparrow/ui/draft/riichi-seats", test_draft_riichi_seats);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
