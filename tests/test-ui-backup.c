/* test-ui-backup.c: the main menu's Back Up… writes a copy through the file chooser, with a
 * toast; Restore… lists the automatic backups newest first, confirms, backs the current
 * database up first and puts the backup back, the window's list showing the restored
 * tournaments; a file that is not a Sparrow database is refused in a dialog naming it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-backup-dialog.h"
#include "sp-test-ui.h"

#include <stdio.h>

static gboolean
chooser_has_folder (gpointer chooser)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));

  return folder != NULL;
}

typedef struct
{
  GtkWidget  *window;
  const char *text;
  const char *path;
} Shown;

static gboolean
file_and_toast (gpointer data)
{
  Shown *shown = data;

  return g_file_test (shown->path, G_FILE_TEST_EXISTS)
         && shows_label_text (shown->window, shown->text);
}

static gboolean
text_shown (gpointer data)
{
  Shown *shown = data;

  return shows_label_text (shown->window, shown->text);
}

static gboolean
not_showing (gpointer data)
{
  Shown *shown = data;

  return !shows_label_text (shown->window, shown->text);
}

static gboolean
message_dialog_shown (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static guint
count_tournaments (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(GPtrArray) list = NULL;

  g_assert_no_error (error);
  list = sp_db_list_tournaments (db, &error);
  g_assert_no_error (error);
  return list->len;
}

/* A database with "Before" and a closed session (so an automatic backup), then "After". */
static char *
make_database (const char *file)
{
  g_autoptr(SpDb) db = open_database (file);
  g_autoptr(GError) error = NULL;
  SpTournament before = sp_test_mcr_tournament ("Before");
  SpTournament after = sp_test_mcr_tournament ("After");
  g_autoptr(SpTournament) stored = NULL;
  gint64 players[4];

  store_tournament (db, &before);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      players[i] = add_player (db, before.id, name, NULL, NULL);
    }
  g_assert_true (sp_db_store_seating (db, before.id, 1, 42, players, 4, &error));
  stored = sp_db_find_tournament (db, "Before", &error);
  g_assert_true (sp_db_close_session (db, stored, 1, TRUE, &error));
  g_assert_no_error (error);
  g_assert_null (sp_db_take_warning (db));
  store_tournament (db, &after);
  return g_strdup (sp_db_get_path (db));
}

static void
test_back_up (void)
{
  g_autofree char *path = make_database ("backup.db");
  g_autofree char *target = g_build_filename (home, "copy.db", NULL);
  g_autofree char *current_name = NULL;
  GtkWindow *window, *chooser;
  Shown shown;

  window = start_app ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back-up", NULL));
  chooser = wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, "the file chooser");
  g_assert_true (gtk_window_get_transient_for (chooser) == window);
  current_name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_true (g_str_has_prefix (current_name, "backup backup "));
  g_assert_true (g_str_has_suffix (current_name, ".db"));
  wait_until (chooser_has_folder, chooser, "the chooser's folder");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "copy.db");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  shown = (Shown) { GTK_WIDGET (window), "Backed up to copy.db", target };
  wait_until (file_and_toast, &shown, "the backup and its toast");
  g_assert_cmpuint (count_tournaments (target), ==, 2);
  end_case ();
}

static gboolean
is_row_titled_prefix (GtkWidget     *widget,
                      gconstpointer  subtitle)
{
  return ADW_IS_ACTION_ROW (widget) && gtk_widget_get_mapped (widget)
         && adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)) != NULL
         && g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)), subtitle);
}

static void
test_restore (void)
{
  g_autofree char *path = make_database ("restore.db");
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GPtrArray) after = NULL;
  AdwMessageDialog *confirm;
  GtkWindow *window, *dialog;
  GtkWidget *row;
  Shown shown;

  window = start_app ();
  open_first_tournament (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore", NULL));
  dialog = wait_for_toplevel (SP_TYPE_RESTORE_DIALOG, "the Restore dialog");
  g_assert_true (gtk_window_get_modal (dialog));
  /* The automatic backup of the session close: when, why, how big. */
  row = find_under (GTK_WIDGET (dialog), is_row_titled_prefix, "Before: session 1 closed");
  g_assert_nonnull (row);
  g_assert_nonnull (find_button (GTK_WIDGET (dialog), "_Choose File…"));
  maybe_screenshot_window (dialog, "restore-dialog.png");
  adw_action_row_activate (ADW_ACTION_ROW (row));
  wait_until (message_dialog_shown, NULL, "the confirmation");
  confirm = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (confirm), ==, "Restore the Backup?");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (confirm),
                                   "Replace the current database with the backup of "));
  g_assert_true (g_str_has_suffix (adw_message_dialog_get_body (confirm),
                                   "? The current one is backed up first."));
  adw_message_dialog_response (confirm, "restore");
  gtk_window_destroy (GTK_WINDOW (confirm));

  shown = (Shown) { GTK_WIDGET (window), "Restored the backup of ", NULL };
  wait_until (text_shown, &shown, "the restore and its toast");
  /* The window read the restored store: "After", open before, came later and is gone. */
  g_assert_cmpstr (gtk_window_get_title (window), ==, "Sparrow");
  shown = (Shown) { GTK_WIDGET (window), "After", NULL };
  g_assert_true (not_showing (&shown));
  g_assert_cmpuint (count_tournaments (path), ==, 1);
  backups = sp_db_list_backups (path, NULL);
  g_assert_cmpuint (backups->len, ==, 2);
  g_assert_cmpstr (((SpDbBackup *) backups->pdata[0])->reason, ==, "before-restore");
  g_assert_cmpuint (count_tournaments (((SpDbBackup *) backups->pdata[0])->path), ==, 2);
  g_assert_true (shows_label_text (GTK_WIDGET (window), "Before"));
  /* The window's own connection writes on, with its audit log, on the restored file. */
  {
    SpTournament later = sp_test_mcr_tournament ("Later");
    g_autoptr(GError) error = NULL;

    g_assert_true (sp_db_create_tournament (sp_window_get_database (SP_WINDOW (window)), &later,
                                            &error));
    g_assert_no_error (error);
    g_clear_pointer (&later.created, g_free);
    g_assert_cmpuint (count_tournaments (path), ==, 2);
  }
  end_case ();
}

static void
test_restore_refused (void)
{
  g_autofree char *path = make_database ("refused.db");
  g_autofree char *junk = g_build_filename (home, "notes.db", NULL);
  SpRestoreDialog *dialog;
  AdwMessageDialog *confirm, *failed;
  GtkWindow *window;

  g_assert_true (g_file_set_contents (junk, "not a database", -1, NULL));
  window = start_app ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore", NULL));
  dialog = SP_RESTORE_DIALOG (wait_for_toplevel (SP_TYPE_RESTORE_DIALOG, "the Restore dialog"));
  /* As "Choose File…" does once a file is chosen. */
  sp_restore_dialog_choose (dialog, junk, "notes.db");
  wait_until (message_dialog_shown, NULL, "the confirmation");
  confirm = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_body (confirm),
                   ==, "Replace the current database with notes.db? The current one is backed "
                       "up first.");
  adw_message_dialog_response (confirm, "restore");
  gtk_window_destroy (GTK_WINDOW (confirm));
  wait_until (message_dialog_shown, NULL, "the error");
  failed = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (failed), ==, "Could Not Restore");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (failed), junk));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (failed), "not a Sparrow database"));
  g_assert_cmpuint (count_tournaments (path), ==, 2);
  end_case ();
}

static gboolean
error_page_shown (gpointer window)
{
  return find_drawn_status_page (GTK_WIDGET (window)) != NULL
         && shows_label_text (GTK_WIDGET (window), "damaged");
}

/* The database damaged: the window says so, and Restore… puts the backup in its place. */
static void
test_restore_unreadable (void)
{
  g_autofree char *path = make_database ("damaged.db");
  g_autoptr(GPtrArray) backups = NULL;
  AdwMessageDialog *confirm;
  GtkWindow *window, *dialog;
  GtkWidget *row;
  Shown shown;
  char garbage[2000];
  FILE *file;

  memset (garbage, 0x5a, sizeof garbage);
  file = fopen (path, "r+b");
  g_assert_nonnull (file);
  g_assert_cmpint (fseek (file, 100, SEEK_SET), ==, 0);
  g_assert_cmpuint (fwrite (garbage, 1, sizeof garbage, file), ==, sizeof garbage);
  fclose (file);

  window = start_app ();
  wait_until (error_page_shown, window, "the page saying the file is damaged");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore", NULL));
  dialog = wait_for_toplevel (SP_TYPE_RESTORE_DIALOG, "the Restore dialog");
  row = find_under (GTK_WIDGET (dialog), is_row_titled_prefix, "Session 1 closed (tournament 1)");
  g_assert_nonnull (row);
  adw_action_row_activate (ADW_ACTION_ROW (row));
  wait_until (message_dialog_shown, NULL, "the confirmation");
  confirm = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  adw_message_dialog_response (confirm, "restore");
  gtk_window_destroy (GTK_WINDOW (confirm));

  shown = (Shown) { GTK_WIDGET (window), "Before", NULL };
  wait_until (text_shown, &shown, "the restored tournaments");
  g_assert_cmpuint (count_tournaments (path), ==, 1);
  /* The damaged file is kept among the backups. */
  backups = sp_db_list_backups (path, NULL);
  g_assert_cmpuint (backups->len, ==, 2);
  g_assert_cmpstr (((SpDbBackup *) backups->pdata[0])->reason, ==, "before-restore");
  end_case ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/backup/back-up", test_back_up);
  g_test_add_func ("/sparrow/ui/backup/restore", test_restore);
  g_test_add_func ("/sparrow/ui/backup/restore-refused", test_restore_refused);
  g_test_add_func ("/sparrow/ui/backup/restore-unreadable", test_restore_unreadable);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
