/* test-ui-export.c: the tournament's Export dialog and its printing: the reports' rows, the
 * file chooser, the export on a worker thread with its toasts, the error dialog, and the print
 * operation's pages exported to PDF.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtk/gtkunixprint.h>

#include "sp-test-ui.h"
#include "sp-reports.h"

/* "Club Night" (MCR, two sessions) of @n_players players, session 1 drawn when @drawn, open in
 * the window that is returned; *@view gets the tournament's view. */
static GtkWindow *
open_tournament (const char        *file,
                 guint              n_players,
                 gboolean           drawn,
                 SpTournamentView **view)
{
  g_autoptr(SpDb) db = open_database (file);
  g_autoptr(GError) error = NULL;
  SpTournament tournament = sp_test_mcr_tournament ("Club Night");
  SpDrawRequest request = { .has_seed = TRUE, .seed = 7 };
  GtkWindow *window;
  guint64 seed;

  store_tournament (db, &tournament);
  add_numbered_players (db, tournament.id, n_players);
  if (drawn)
    g_assert_true (sp_db_draw_session (db, &tournament, 1, &request, &seed, &error));
  g_assert_no_error (error);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  open_first_tournament (window);
  *view = SP_TOURNAMENT_VIEW (find_drawn_widget (GTK_WIDGET (window), SP_TYPE_TOURNAMENT_VIEW));
  g_assert_nonnull (*view);
  return window;
}

static GtkWindow *
open_drawn_tournament (const char        *file,
                       guint              n_players,
                       SpTournamentView **view)
{
  return open_tournament (file, n_players, TRUE, view);
}

/* Opens the Export dialog as Ctrl+E, the header's Export… button and the menu do. */
static GtkWindow *
open_export_dialog (GtkWindow        *window,
                    SpTournamentView *view)
{
  GtkWindow *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "tournament.export", NULL));
  dialog = wait_for_toplevel (SP_TYPE_EXPORT_DIALOG, "the Export dialog to be shown");
  g_assert_true (gtk_window_get_transient_for (dialog) == window);
  g_assert_true (gtk_window_get_modal (dialog));
  return dialog;
}

static GtkWindow *
open_print_dialog (GtkWindow        *window,
                   SpTournamentView *view)
{
  GtkWindow *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "tournament.print", NULL));
  dialog = wait_for_toplevel (SP_TYPE_PRINT_DIALOG, "the Print dialog to be shown");
  g_assert_true (gtk_window_get_transient_for (dialog) == window);
  return dialog;
}

/* The chooser's folder is set once it has loaded it. */
static gboolean
chooser_has_folder (gpointer chooser)
{
  g_autoptr(GFile) folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));

  return folder != NULL;
}

/* Saves the virtual screen, the window and its dialogs as they are drawn, when
 * SPARROW_TEST_SCREENSHOTS asks for pictures (ImageMagick's import). */
static void
maybe_screenshot_screen (const char *name)
{
  g_autofree char *path = screenshot_path (name);
  const char *argv[] = { "import", "-window", "root", path, NULL };

  if (path == NULL)
    return;
  run_main_loop_for (G_USEC_PER_SEC * 7 / 10);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, NULL, NULL));
}

/* The first line of `/usr/bin/python3 -c SCRIPT PATH`, which must succeed. */
static char *
run_python (const char *script,
            const char *path)
{
  const char *argv[] = { "/usr/bin/python3", "-c", script, path, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("python3 failed: %s", err);
  return g_strdup (g_strstrip (out));
}

static gboolean
file_exists (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The pages of a PDF, as poppler's pdfinfo reads them; its page size into @size. */
static guint
pdf_pages (const char  *path,
           char       **size)
{
  const char *argv[] = { "pdfinfo", path, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  int status;
  guint pages = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "Pages:"))
        pages = (guint) g_ascii_strtoull (lines[i] + strlen ("Pages:"), NULL, 10);
      else if (size != NULL && g_str_has_prefix (lines[i], "Page size:"))
        *size = g_strdup (g_strstrip (lines[i] + strlen ("Page size:")));
    }
  return pages;
}

/* Every report of the table has its row, titled as the reports name it; the session is the
 * last one drawn and the paper the locale's (A4 in the tests' C locale). */
static void
test_export_dialog (void)
{
  SpTournamentView *view;
  GtkWindow *window = open_drawn_tournament ("export-dialog.db", 16, &view);
  GtkWindow *dialog = open_export_dialog (window, view);
  guint n_exports;
  const SpReportExport *exports = sp_report_exports (&n_exports);
  GtkWidget *session, *paper, *row;
  g_autoptr(GtkStringObject) first = NULL;

  for (guint i = 0; i < n_exports; i++)
    {
      row = find_row (GTK_WIDGET (dialog), sp_report_export_get_title (&exports[i]));
      g_assert_nonnull (row);
      g_assert_true (ADW_IS_ACTION_ROW (row));
      g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
    }
  row = find_row (GTK_WIDGET (dialog), "Standings Workbook (.xlsx)");
  g_assert_cmpstr (gtk_widget_get_name (row), ==, "xlsx");

  session = find_row (GTK_WIDGET (dialog), "Session");
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (session))),
                    ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (session)), ==, 0);
  first = g_list_model_get_item (adw_combo_row_get_model (ADW_COMBO_ROW (session)), 0);
  g_assert_cmpstr (gtk_string_object_get_string (first), ==, "Session 1");
  paper = find_row (GTK_WIDGET (dialog), "Paper");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (paper)), ==, 0);
  maybe_screenshot_screen ("export-dialog.png");

  /* Escape closes it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_EXPORT_DIALOG), "the dialog to close");
  end_case ();
}

typedef struct
{
  GtkWidget  *window;
  const char *path;
} ExportDone;

/* The file written and the toast naming it shown, with its Open button. */
static gboolean
export_is_done (gpointer data)
{
  ExportDone *done = data;

  return g_file_test (done->path, G_FILE_TEST_EXISTS)
         && find_drawn_button (done->window, "_Open") != NULL;
}

/* Makes a stand-in for the spreadsheet program, the default of .xlsx files in the tests' own
 * XDG folders: it copies the file it is given to @copy.  Returns the desktop file. */
static char *
install_xlsx_opener (const char *copy)
{
  const char *type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  g_autofree char *applications = g_build_filename (g_get_user_data_dir (), "applications", NULL);
  g_autofree char *desktop = g_build_filename (applications, "sparrow-test-opener.desktop", NULL);
  g_autofree char *mimeapps = g_build_filename (g_get_user_config_dir (), "mimeapps.list", NULL);
  g_autofree char *entry = g_strdup_printf ("[Desktop Entry]\nType=Application\n"
                                            "Name=Opener\nExec=/bin/cp %%f %s\n"
                                            "MimeType=%s;\n", copy, type);
  g_autofree char *defaults = g_strdup_printf ("[Default Applications]\n"
                                               "%s=sparrow-test-opener.desktop\n", type);

  g_assert_cmpint (g_mkdir_with_parents (applications, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_config_dir (), 0700), ==, 0);
  g_assert_true (g_file_set_contents (desktop, entry, -1, NULL));
  g_assert_true (g_file_set_contents (mimeapps, defaults, -1, NULL));
  return g_steal_pointer (&desktop);
}

/* The xlsx row asks for a file in the remembered folder under the tournament's name; the
 * workbook written there has the standings and the players; a toast says so with "Open". */
static void
test_export_xlsx (void)
{
  g_autofree char *folder = g_dir_make_tmp ("sparrow-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "Club Night – standings.xlsx", NULL);
  g_autoptr(GSettings) settings = g_settings_new ("org.sparrow.Sparrow");
  g_autofree char *remembered = NULL;
  g_autofree char *current_name = NULL;
  g_autofree char *sheets = NULL;
  g_autoptr(GFile) current_folder = NULL;
  g_autoptr(GFile) expected_folder = g_file_new_for_path (folder);
  SpTournamentView *view;
  g_autofree char *opened = g_build_filename (home, "opened.xlsx", NULL);
  g_autofree char *opener = NULL;
  g_autofree char *written = NULL;
  g_autofree char *copy = NULL;
  gsize written_length, copy_length;
  GtkWindow *window, *dialog, *chooser;
  GtkWidget *row;
  ExportDone done;

  g_settings_set_string (settings, "export-folder", folder);
  window = open_drawn_tournament ("export-xlsx.db", 16, &view);
  dialog = open_export_dialog (window, view);
  row = find_row (GTK_WIDGET (dialog), "Standings Workbook (.xlsx)");
  adw_action_row_activate (ADW_ACTION_ROW (row));
  chooser = wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, "the file chooser to be shown");
  g_assert_true (gtk_window_get_transient_for (chooser) == dialog);
  current_name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_cmpstr (current_name, ==, "Club Night – standings.xlsx");
  wait_until (chooser_has_folder, chooser, "the chooser's folder");
  current_folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
  g_assert_true (g_file_equal (current_folder, expected_folder));
  g_assert_nonnull (find_button (GTK_WIDGET (chooser), "_Export"));

  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_EXPORT_DIALOG), "the dialog to close");
  done.window = GTK_WIDGET (window);
  done.path = path;
  wait_until (export_is_done, &done, "the export and its toast");
  g_assert_true (shows_label_text (GTK_WIDGET (window),
                                   "Exported “Club Night – standings.xlsx”"));
  maybe_screenshot_screen ("export-toast.png");

  /* A real workbook: its sheets, and the players in the standings. */
  sheets = run_python ("import sys, openpyxl\n"
                       "wb = openpyxl.load_workbook(sys.argv[1])\n"
                       "names = [c.value for row in wb['Standings'].iter_rows() for c in row]\n"
                       "print(','.join(wb.sheetnames[:3]), 'Player 16' in names)\n",
                       path);
  g_assert_true (g_str_has_prefix (sheets, "Standings,Sessions,Hands"));
  g_assert_true (g_str_has_suffix (sheets, "True"));

  /* "Open" hands the file to the desktop's program for it. */
  opener = install_xlsx_opener (opened);
  press_button (find_drawn_button (GTK_WIDGET (window), "_Open"));
  wait_until (file_exists, opened, "the file to be opened");
  g_assert_true (g_file_get_contents (path, &written, &written_length, NULL));
  /* The copy may still be being written: up to two seconds for it to be whole. */
  for (guint i = 0; i < 200; i++)
    {
      g_clear_pointer (&copy, g_free);
      g_assert_true (g_file_get_contents (opened, &copy, &copy_length, NULL));
      if (copy_length >= written_length)
        break;
      g_usleep (10000);
    }
  g_assert_true (written_length == copy_length && memcmp (written, copy, copy_length) == 0);
  g_unlink (opened);
  g_unlink (opener);

  /* The folder is remembered for the next export. */
  remembered = g_settings_get_string (settings, "export-folder");
  g_assert_cmpstr (remembered, ==, folder);
  g_settings_reset (settings, "export-folder");
  end_case ();
  sp_test_remove_folder (folder);
}

/* Without a remembered folder the chooser offers the Documents folder, else the home. */
static void
test_export_default_folder (void)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr(GFile) expected = g_file_new_for_path (documents != NULL
                                                   && g_file_test (documents, G_FILE_TEST_IS_DIR)
                                                   ? documents : g_get_home_dir ());
  g_autoptr(GFile) current_folder = NULL;
  g_autofree char *current_name = NULL;
  SpTournamentView *view;
  GtkWindow *window = open_drawn_tournament ("export-folder.db", 8, &view);
  GtkWindow *dialog = open_export_dialog (window, view);
  GtkWindow *chooser;

  select_combo_item (find_row (GTK_WIDGET (dialog), "Session"), "Session 2");
  adw_action_row_activate (ADW_ACTION_ROW (find_row (GTK_WIDGET (dialog), "Seating (.pdf)")));
  chooser = wait_for_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG, "the file chooser to be shown");
  current_name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_cmpstr (current_name, ==, "Club Night – seating session 2.pdf");
  wait_until (chooser_has_folder, chooser, "the chooser's folder");
  current_folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (chooser));
  g_assert_true (g_file_equal (current_folder, expected));

  /* Cancelled: the Export dialog stays, nothing is written. */
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  wait_until (window_is_gone, GSIZE_TO_POINTER (GTK_TYPE_FILE_CHOOSER_DIALOG),
              "the file chooser to close");
  g_assert_nonnull (find_toplevel (SP_TYPE_EXPORT_DIALOG));
  end_case ();
}

static gboolean
message_dialog_is_shown (gpointer data)
{
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

/* A folder that cannot be written: a message dialog naming the file and the reason, no toast
 * of success, and nothing left in the folder. */
static void
test_export_read_only (void)
{
  g_autofree char *folder = g_dir_make_tmp ("sparrow-read-only-XXXXXX", NULL);
  g_autofree char *path = NULL;
  g_autoptr(GDir) listing = NULL;
  SpTournamentView *view;
  GtkWindow *window = open_drawn_tournament ("export-read-only.db", 8, &view);
  GtkWindow *dialog = open_export_dialog (window, view);
  AdwMessageDialog *message;
  gboolean unwritable;

  g_assert_cmpint (g_chmod (folder, 0555), ==, 0);
  /* The superuser writes in any folder whatever its mode: sysfs refuses new files even to it. */
  unwritable = access (folder, W_OK) != 0;
  if (!unwritable)
    g_test_message ("running as the superuser: exporting to /sys instead");
  path = g_build_filename (unwritable ? folder : "/sys", "Club Night – standings.xlsx", NULL);

  sp_export_dialog_export_to (SP_EXPORT_DIALOG (dialog), "xlsx", path);
  wait_until (message_dialog_is_shown, NULL, "the error dialog");
  message = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (message)) == window);
  g_assert_cmpstr (adw_message_dialog_get_heading (message), ==,
                   "Could Not Export “Club Night – standings.xlsx”");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (message), path));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (message), g_strerror (EACCES)));
  maybe_screenshot_screen ("export-error.png");
  g_assert_null (find_drawn_button (GTK_WIDGET (window), "_Open"));

  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  listing = g_dir_open (folder, 0, NULL);
  g_assert_null (g_dir_read_name (listing));
  g_assert_cmpint (g_chmod (folder, 0755), ==, 0);
  end_case ();
  sp_test_remove_folder (folder);
}

static gboolean
tick_cb (gpointer data)
{
  guint *ticks = data;

  (*ticks)++;
  return G_SOURCE_CONTINUE;
}

/* Gives @n_penalties penalties to the players of session 1 of the tournament in @path. */
static void
give_penalties (const char *path,
                guint       n_penalties)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(GPtrArray) players = NULL;
  gint64 tournament = 1;

  g_assert_no_error (error);
  players = sp_db_list_players (db, tournament, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_penalties; i++)
    {
      SpPenalty penalty = {
        .session = 1,
        .player = ((SpPlayer *) players->pdata[i % players->len])->id,
        .points = -5,
        .reason = (char *) "Exposed a tile",
      };

      g_assert_true (sp_db_give_penalty (db, tournament, &penalty, &error));
      g_assert_no_error (error);
    }
}

/* The export runs on a worker thread: the call returns at once with the progress toast shown,
 * and the main loop keeps running (a 5 ms timer keeps firing) while a long printout (the
 * penalty record of 3,000 penalties, some 190 pages) is written. */
static void
test_export_responsive (void)
{
  g_autofree char *database = use_database ("export-long.db");
  g_autofree char *folder = g_dir_make_tmp ("sparrow-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "penalties.pdf", NULL);
  SpTournamentView *view;
  GtkWindow *window;
  GtkWindow *dialog;
  ShownText progress = { NULL, "Exporting “penalties.pdf”…" };
  ExportDone done = { NULL, path };
  gint64 started, returned;
  guint ticks = 0;
  guint tick_id;
  gboolean written_at_return;

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(SpDb) db = sp_db_open (database, &error);
    SpTournament tournament = sp_test_mcr_tournament ("Club Night");
    SpDrawRequest request = { .has_seed = TRUE, .seed = 7 };
    guint64 seed;

    store_tournament (db, &tournament);
    add_numbered_players (db, tournament.id, 16);
    g_assert_true (sp_db_draw_session (db, &tournament, 1, &request, &seed, &error));
    g_assert_no_error (error);
  }
  started = g_get_monotonic_time ();
  give_penalties (database, 3000);
  g_test_message ("3000 penalties given in %.0f ms", (g_get_monotonic_time () - started) / 1000.0);
  window = start_app ();
  open_first_tournament (window);
  view = SP_TOURNAMENT_VIEW (find_drawn_widget (GTK_WIDGET (window), SP_TYPE_TOURNAMENT_VIEW));
  dialog = open_export_dialog (window, view);
  progress.under = done.window = GTK_WIDGET (window);

  tick_id = g_timeout_add (5, tick_cb, &ticks);
  started = g_get_monotonic_time ();
  sp_export_dialog_export_to (SP_EXPORT_DIALOG (dialog), "pdf-penalties", path);
  returned = g_get_monotonic_time ();
  written_at_return = g_file_test (path, G_FILE_TEST_EXISTS);
  wait_until (text_is_shown, &progress, "the progress toast");
  wait_until (export_is_done, &done, "the export and its toast");
  g_source_remove (tick_id);
  g_test_message ("export_to returned in %.1f ms; the export took %.0f ms, %u ticks of 5 ms "
                  "meanwhile", (returned - started) / 1000.0,
                  (g_get_monotonic_time () - started) / 1000.0, ticks);
  g_assert_false (written_at_return);
  g_assert_cmpuint (ticks, >=, 10);
  g_assert_cmpuint (pdf_pages (path, NULL), >=, 3000 / 16);
  end_case ();
  sp_test_remove_folder (folder);
}

/* The chooser's printouts, printed through GtkPrintOperation exported to PDF: the pages the
 * reports draw (one card and one score sheet per table, the list, the standings), the forms
 * landscape. */
static void
test_print_pdf (void)
{
  static const struct
  {
    const char *title;
    guint       n_pages;
    gboolean    landscape;
  } cases[] = {
    { "Table Cards", 4, FALSE },
    { "Entrance List", 1, FALSE },
    { "Score Sheets", 4, TRUE },
    { "Standings", 1, FALSE },
  };
  g_autofree char *folder = g_dir_make_tmp ("sparrow-print-XXXXXX", NULL);
  SpTournamentView *view;
  GtkWindow *window = open_drawn_tournament ("print.db", 16, &view);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("%u.pdf", i);
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *size = NULL;
      g_autoptr(GError) error = NULL;
      GtkWindow *dialog = open_print_dialog (window, view);
      double width = 0, height = 0;

      if (i == 0)
        maybe_screenshot_screen ("print-chooser.png");
      adw_action_row_activate (ADW_ACTION_ROW (find_row (GTK_WIDGET (dialog), cases[i].title)));
      g_assert_true (sp_print_dialog_run (SP_PRINT_DIALOG (dialog),
                                          GTK_PRINT_OPERATION_ACTION_EXPORT, path, &error));
      g_assert_no_error (error);
      wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_PRINT_DIALOG), "the chooser to close");
      g_assert_cmpuint (pdf_pages (path, &size), ==, cases[i].n_pages);
      g_assert_cmpint (sscanf (size, "%lf x %lf", &width, &height), ==, 2);
      g_assert_cmpint (width > height, ==, cases[i].landscape);
    }
  end_case ();
  sp_test_remove_folder (folder);
}

/* A session not drawn yet has no table cards: the chooser says so and stays; so it does when
 * the PDF cannot be written. */
static void
test_print_undrawn (void)
{
  g_autoptr(GError) error = NULL;
  SpTournamentView *view;
  GtkWindow *window = open_drawn_tournament ("print-undrawn.db", 8, &view);
  GtkWindow *dialog = open_print_dialog (window, view);
  GtkWidget *label;

  select_combo_item (find_row (GTK_WIDGET (dialog), "Session"), "Session 2");
  adw_action_row_activate (ADW_ACTION_ROW (find_row (GTK_WIDGET (dialog), "Table Cards")));
  g_assert_cmpint (sp_print_dialog_get_printout (SP_PRINT_DIALOG (dialog)), ==,
                   SP_PRINTOUT_TABLE_CARDS);
  /* Through its Print… button, as a person does. */
  press_button (find_drawn_button (GTK_WIDGET (dialog), "_Print…"));
  label = find_error_label (GTK_WIDGET (dialog));
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "Session 2"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  /* A PDF that cannot be written: the error is returned and the chooser comes back. */
  select_combo_item (find_row (GTK_WIDGET (dialog), "Session"), "Session 1");
  g_assert_false (sp_print_dialog_run (SP_PRINT_DIALOG (dialog), GTK_PRINT_OPERATION_ACTION_EXPORT,
                                       "/nonexistent-folder/cards.pdf", &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_false (g_file_test ("/nonexistent-folder/cards.pdf", G_FILE_TEST_EXISTS));
  end_case ();
}

/* Prints through GTK's print dialog with @previewer as the preview command, and returns
 * whether that dialog offers a preview; the print is cancelled. */
static gboolean
print_offers_preview (GtkWindow        *window,
                      SpTournamentView *view,
                      const char       *previewer)
{
  g_autoptr(GError) error = NULL;
  GtkWindow *dialog = open_print_dialog (window, view);
  GtkWindow *print;
  gboolean preview;

  g_object_set (gtk_widget_get_settings (GTK_WIDGET (window)), "gtk-print-preview-command",
                previewer, NULL);
  adw_action_row_activate (ADW_ACTION_ROW (find_row (GTK_WIDGET (dialog), "Table Cards")));
  g_assert_true (sp_print_dialog_run (SP_PRINT_DIALOG (dialog),
                                      GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, NULL, &error));
  g_assert_no_error (error);
  print = wait_for_toplevel (GTK_TYPE_PRINT_UNIX_DIALOG, "GTK's print dialog");
  preview = (gtk_print_unix_dialog_get_manual_capabilities (GTK_PRINT_UNIX_DIALOG (print))
             & GTK_PRINT_CAPABILITY_PREVIEW) != 0;
  g_signal_emit_by_name (print, "response", GTK_RESPONSE_CANCEL);
  wait_until (window_is_gone, GSIZE_TO_POINTER (GTK_TYPE_PRINT_UNIX_DIALOG),
              "GTK's print dialog to close");
  return preview;
}

/* Print… offers GTK's preview only when its previewer can be started. */
static void
test_print_preview (void)
{
  SpTournamentView *view;
  GtkWindow *window = open_drawn_tournament ("print-preview.db", 8, &view);

  g_assert_false (print_offers_preview (window, view, "/nonexistent/previewer %f"));
  g_assert_false (sp_print_dialog_can_preview (GTK_WIDGET (window)));
  g_assert_true (print_offers_preview (window, view, "true %f"));
  g_assert_true (sp_print_dialog_can_preview (GTK_WIDGET (window)));
  end_case ();
}

/* Types @keys on the virtual display over the main window (xdotool), as a person does. */
static void
press_keys (const char *xdotool,
            const char *keys)
{
  const char *argv[] = { xdotool, "mousemove", "400", "300", "key", keys, NULL };
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                               NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

/* Ctrl+E opens the Export dialog and Escape closes it; Ctrl+P opens the print chooser, as the
 * shortcuts window lists them. */
static void
test_shortcuts (void)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  SpTournamentView *view;
  GtkWindow *window;
  gint64 until;

  if (xdotool == NULL || g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("typing needs xdotool and an X display");
      return;
    }
  window = open_drawn_tournament ("shortcuts.db", 8, &view);
  /* The window has drawn itself and taken the keyboard. */
  until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_window_is_active (window));

  press_keys (xdotool, "ctrl+e");
  wait_until (window_is_shown, GSIZE_TO_POINTER (SP_TYPE_EXPORT_DIALOG),
              "Ctrl+E to open the Export dialog");
  press_keys (xdotool, "Escape");
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_EXPORT_DIALOG),
              "Escape to close the Export dialog");
  press_keys (xdotool, "ctrl+p");
  wait_until (window_is_shown, GSIZE_TO_POINTER (SP_TYPE_PRINT_DIALOG),
              "Ctrl+P to open the print chooser");
  end_case ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/export/shortcuts", test_shortcuts);
  g_test_add_func ("/sparrow/ui/export/dialog", test_export_dialog);
  g_test_add_func ("/sparrow/ui/export/xlsx", test_export_xlsx);
  g_test_add_func ("/sparrow/ui/export/default-folder", test_export_default_folder);
  g_test_add_func ("/sparrow/ui/export/read-only", test_export_read_only);
  g_test_add_func ("/sparrow/ui/export/responsive", test_export_responsive);
  g_test_add_func ("/sparrow/ui/export/print-pdf", test_print_pdf);
  g_test_add_func ("/sparrow/ui/export/print-refused", test_print_undrawn);
  g_test_add_func ("/sparrow/ui/export/print-preview", test_print_preview);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
