/* sp-export-dialog.c: the Export dialog.  A row per report of the reports' table; activating
 * one asks for a file (GtkFileChooserNative), then the dialog closes and the report is written
 * on a worker thread (GTask) from a snapshot the thread reads on a connection of its own (a
 * connection serves one thread only; the window's stays on the main thread).  The owner's
 * toast overlay tells the progress and the result, with "Open"; a failure is told by a
 * message dialog naming the file and the reason.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-export-dialog.h"
#include "sp-reports.h"
#include "sp-session-choice.h"
#include "sp-window.h"

#define SETTINGS_ID "org.sparrow.Sparrow"
#define FOLDER_KEY "export-folder"

struct _SpExportDialog
{
  AdwWindow parent_instance;

  SpDb                 *db;          /* the window's, which outlives its modal dialog */
  SpTournament         *tournament;
  GtkWidget            *owner;       /* the tournament view: its window and toast overlay */
  GSettings            *settings;    /* NULL without the schema */
  GtkFileChooserNative *chooser;
  const SpReportExport *chosen;      /* the report the chooser is asked a file for */

  /* Template children */
  AdwComboRow         *session_row;
  AdwComboRow         *paper_row;
  AdwPreferencesGroup *spreadsheets_group;
  AdwPreferencesGroup *printouts_group;
};

G_DEFINE_FINAL_TYPE (SpExportDialog, sp_export_dialog, ADW_TYPE_WINDOW)

/* One report being written: what the worker thread reads (the snapshot is its own) and where
 * the main thread tells the result. */
typedef struct
{
  const SpReportExport *export;
  char                 *database_path; /* the thread's own connection reads the snapshot */
  gint64                tournament;
  char                 *date;
  SpSnapshot           *snapshot;
  guint                 session;
  SpPaper               paper;
  char                 *path;
  GtkWindow            *parent;      /* for the error dialog */
  AdwToastOverlay      *overlay;     /* may be NULL */
  AdwToast             *progress;
  GApplication         *application;     /* held until the result is told */
  gint64                progress_shown;   /* monotonic µs */
  GError               *error;            /* the result, until it is told */
} ExportJob;

/* The progress toast stays this long at least: libadwaita 1.2's toast overlay does not take
 * a toast dismissed while its show animation runs (300 ms), and a toast flashing by is not
 * read anyway. */
#define PROGRESS_MIN_USEC (600 * 1000)

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  g_clear_pointer (&job->snapshot, sp_snapshot_free);
  g_free (job->database_path);
  g_free (job->date);
  g_free (job->path);
  g_clear_object (&job->parent);
  g_clear_object (&job->overlay);
  g_clear_object (&job->progress);
  g_clear_error (&job->error);
  if (job->application != NULL)
    g_application_release (job->application);
  g_clear_object (&job->application);
  g_free (job);
}

static GSettings *
open_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SETTINGS_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, FOLDER_KEY))
    return NULL;
  return g_settings_new_full (schema, NULL, NULL);
}

/* The paper a person of this locale buys: GTK's default (US Letter in the Americas' Letter
 * countries, A4 elsewhere). */
static SpPaper
default_paper (void)
{
  return g_strcmp0 (gtk_paper_size_get_default (), GTK_PAPER_NAME_LETTER) == 0
         ? SP_PAPER_LETTER : SP_PAPER_A4;
}

/* The folder of the last export, else the Documents folder, else the home folder. */
static GFile *
export_folder (SpExportDialog *self)
{
  g_autofree char *folder = NULL;
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (self->settings != NULL)
    folder = g_settings_get_string (self->settings, FOLDER_KEY);
  if (folder != NULL && folder[0] != '\0' && g_file_test (folder, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (folder);
  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

static void
launched_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    g_warning ("Cannot open the export: %s", error->message);
}

static void
open_clicked_cb (AdwToast   *toast,
                 const char *uri)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr(GdkAppLaunchContext) context = display != NULL
                                           ? gdk_display_get_app_launch_context (display) : NULL;

  g_app_info_launch_default_for_uri_async (uri, G_APP_LAUNCH_CONTEXT (context), NULL,
                                           launched_cb, NULL);
}

static void
show_failure (ExportJob    *job,
              const GError *error)
{
  g_autofree char *name = g_path_get_basename (job->path);
  /* Translators: a heading; the file's name. */
  g_autofree char *heading = g_strdup_printf (_("Could Not Export “%s”"), name);
  GtkWidget *dialog = adw_message_dialog_new (job->parent, heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_success (ExportJob *job)
{
  g_autofree char *name = g_path_get_basename (job->path);
  /* Translators: a toast; the file's name. */
  g_autofree char *title = g_strdup_printf (_("Exported “%s”"), name);
  g_autofree char *uri = g_filename_to_uri (job->path, NULL, NULL);
  AdwToast *toast;

  if (job->overlay == NULL)
    return;
  /* Of normal priority: it follows the progress toast, dismissed just before (a toast of high
   * priority would put that one back in the queue, to come back after). */
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Open"));
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (open_clicked_cb),
                         g_steal_pointer (&uri), (GClosureNotify) (void (*) (void)) g_free, 0);
  adw_toast_overlay_add_toast (job->overlay, toast);
}

/* The tournament as it is now, read on the worker thread through a connection of its own. */
static SpSnapshot *
load_snapshot (ExportJob  *job,
               GError    **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, job->tournament);
  g_autoptr(SpDb) db = sp_db_open (job->database_path, error);
  g_autoptr(SpTournament) tournament = NULL;

  if (db == NULL)
    return NULL;
  tournament = sp_db_find_tournament (db, id, error);
  if (tournament == NULL)
    return NULL;
  return sp_db_load_snapshot (db, tournament, job->date, error);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;

  if (job->snapshot == NULL)
    job->snapshot = load_snapshot (job, &error);
  if (job->snapshot != NULL
      && sp_report_export_write (job->export, job->snapshot, job->session, job->paper,
                                 job->path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* Dismisses the progress toast and tells the result. */
static gboolean
tell_result_cb (gpointer data)
{
  ExportJob *job = data;

  if (job->progress != NULL)
    adw_toast_dismiss (job->progress);
  if (job->error == NULL)
    show_success (job);
  else
    show_failure (job, job->error);
  return G_SOURCE_REMOVE;
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  gint64 shown_for = g_get_monotonic_time () - job->progress_shown;

  g_task_propagate_boolean (G_TASK (result), &job->error);
  /* The job is freed once its result is told (the task does not own it). */
  if (job->progress != NULL && shown_for < PROGRESS_MIN_USEC)
    g_timeout_add_full (G_PRIORITY_DEFAULT, (PROGRESS_MIN_USEC - shown_for) / 1000,
                        tell_result_cb, job, export_job_free);
  else
    {
      tell_result_cb (job);
      export_job_free (job);
    }
}

/* The session the per-session printouts are of, and the paper. */
static guint
chosen_session (SpExportDialog *self)
{
  return adw_combo_row_get_selected (self->session_row) + 1;
}

static SpPaper
chosen_paper (SpExportDialog *self)
{
  return adw_combo_row_get_selected (self->paper_row) == 1 ? SP_PAPER_LETTER : SP_PAPER_A4;
}

/**
 * sp_export_dialog_export_to:
 * @self: the dialog
 * @kind: the report's kind (SpReportExport.kind)
 * @path: the file to write
 *
 * Writes the report @kind of the tournament to @path, of the session and on the paper the
 * dialog shows, as accepting the file chooser does: the dialog closes, the report is written
 * on a worker thread, and the owner's window tells the result.
 */
void
sp_export_dialog_export_to (SpExportDialog *self,
                            const char     *kind,
                            const char     *path)
{
  const SpReportExport *export = sp_report_export_find (kind);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  const char *database_path = NULL;
  GtkWidget *overlay;
  GtkRoot *root;
  ExportJob *job;

  g_return_if_fail (SP_IS_EXPORT_DIALOG (self));
  g_return_if_fail (export != NULL && path != NULL);

  root = gtk_widget_get_root (self->owner);
  if (SP_IS_WINDOW (root))
    database_path = sp_window_get_database_path (SP_WINDOW (root));
  overlay = gtk_widget_get_ancestor (self->owner, ADW_TYPE_TOAST_OVERLAY);

  job = g_new0 (ExportJob, 1);
  job->export = export;
  job->session = chosen_session (self);
  job->paper = chosen_paper (self);
  job->path = g_strdup (path);
  job->tournament = self->tournament->id;
  job->date = g_date_time_format (now, "%Y-%m-%d");
  job->parent = GTK_IS_WINDOW (root) ? g_object_ref (GTK_WINDOW (root)) : NULL;
  job->overlay = overlay != NULL ? g_object_ref (ADW_TOAST_OVERLAY (overlay)) : NULL;
  /* The app stays while the report is written, even when its last window is closed: quitting
   * in the middle would leave the temporary file behind. */
  job->application = g_application_get_default ();
  if (job->application != NULL)
    g_application_hold (g_object_ref (job->application));
  task = g_task_new (NULL, NULL, export_done_cb, NULL);
  g_task_set_source_tag (task, sp_export_dialog_export_to);
  g_task_set_task_data (task, job, NULL);

  /* The thread reads the snapshot on its own connection to the file; a store without a file
   * of its own is read here, its connection staying on the main thread. */
  if (database_path != NULL && g_file_test (database_path, G_FILE_TEST_IS_REGULAR))
    job->database_path = g_strdup (database_path);
  else
    job->snapshot = sp_db_load_snapshot (self->db, self->tournament, job->date, &error);
  gtk_window_destroy (GTK_WINDOW (self));
  if (job->database_path == NULL && job->snapshot == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (job->overlay != NULL)
    {
      g_autofree char *name = g_path_get_basename (path);
      /* Translators: a toast while a report is written; the file's name. */
      g_autofree char *title = g_strdup_printf (_("Exporting “%s”…"), name);

      job->progress = adw_toast_new (title);
      job->progress_shown = g_get_monotonic_time ();
      adw_toast_set_timeout (job->progress, 0);
      adw_toast_overlay_add_toast (job->overlay, g_object_ref (job->progress));
    }
  g_task_run_in_thread (task, export_thread);
}

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     SpExportDialog  *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;
  g_autofree char *folder_path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    path = g_file_get_path (file);
  if (path == NULL)
    return;
  folder = g_file_get_parent (file);
  folder_path = folder != NULL ? g_file_get_path (folder) : NULL;
  if (self->settings != NULL && folder_path != NULL)
    g_settings_set_string (self->settings, FOLDER_KEY, folder_path);
  sp_export_dialog_export_to (self, self->chosen->kind, path);
}

static void
row_activated_cb (AdwActionRow   *row,
                  SpExportDialog *self)
{
  const SpReportExport *export = g_object_get_data (G_OBJECT (row), "sp-export");
  g_autofree char *name = sp_report_export_file_name (export, self->tournament->name,
                                                      chosen_session (self));
  g_autoptr(GFile) folder = export_folder (self);
  g_autofree char *pattern = g_strconcat ("*", export->suffix, NULL);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chosen = export;
  self->chooser = gtk_file_chooser_native_new (sp_report_export_get_title (export),
                                               GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, sp_report_export_get_title (export));
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
add_report_rows (SpExportDialog *self)
{
  guint n_exports;
  const SpReportExport *exports = sp_report_exports (&n_exports);

  for (guint i = 0; i < n_exports; i++)
    {
      GtkWidget *row, *icon;

      if (!sp_report_export_applies_to (&exports[i], self->tournament))
        continue;
      row = adw_action_row_new ();
      icon = gtk_image_new_from_icon_name ("document-save-as-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     sp_report_export_get_title (&exports[i]));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   sp_report_export_get_description (&exports[i]));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      /* Its title is its name for screen readers and the end-to-end tests. */
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      sp_report_export_get_title (&exports[i]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      sp_report_export_get_description (&exports[i]),
                                      -1);
      gtk_widget_set_name (row, exports[i].kind);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
      g_object_set_data (G_OBJECT (row), "sp-export", (gpointer) &exports[i]);
      g_signal_connect (row, "activated", G_CALLBACK (row_activated_cb), self);
      adw_preferences_group_add (exports[i].takes_paper ? self->printouts_group
                                                        : self->spreadsheets_group, row);
    }
}

static void
sp_export_dialog_dispose (GObject *object)
{
  SpExportDialog *self = SP_EXPORT_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_EXPORT_DIALOG);
  g_clear_pointer (&self->tournament, sp_tournament_free);
  g_clear_object (&self->settings);
  self->owner = NULL;
  self->db = NULL;

  G_OBJECT_CLASS (sp_export_dialog_parent_class)->dispose (object);
}

static void
sp_export_dialog_class_init (SpExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_export_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpExportDialog, session_row);
  gtk_widget_class_bind_template_child (widget_class, SpExportDialog, paper_row);
  gtk_widget_class_bind_template_child (widget_class, SpExportDialog, spreadsheets_group);
  gtk_widget_class_bind_template_child (widget_class, SpExportDialog, printouts_group);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_export_dialog_init (SpExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = open_settings ();
  adw_combo_row_set_selected (self->paper_row, default_paper () == SP_PAPER_LETTER ? 1 : 0);
}

/**
 * sp_export_dialog_new:
 * @owner: the tournament's view: the dialog is modal over its window, and its toast overlay
 *   tells how an export went
 * @db: the store, which must outlive the dialog
 * @tournament: the id of the tournament to export
 * @error: where a store error goes
 *
 * Returns: (transfer none): a new modal dialog, not yet shown, owned by GTK like every
 *   toplevel; NULL when the tournament cannot be read.
 */
SpExportDialog *
sp_export_dialog_new (GtkWidget  *owner,
                      SpDb       *db,
                      gint64      tournament,
                      GError    **error)
{
  SpTournament *found;
  SpExportDialog *self;

  g_return_val_if_fail (GTK_IS_WIDGET (owner) && db != NULL, NULL);

  self = sp_session_choice_dialog_new (SP_TYPE_EXPORT_DIALOG, owner, db, tournament, &found, error);
  if (self == NULL)
    return NULL;
  self->owner = owner;
  self->db = db;
  self->tournament = found;
  sp_session_choice_fill (self->session_row, db, found);
  add_report_rows (self);
  return self;
}
