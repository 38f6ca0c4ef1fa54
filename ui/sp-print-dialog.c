/* sp-print-dialog.c: the chooser of a printout and its session, then GTK's print dialog: a
 * GtkPrintOperation whose pages are drawn by the reports' own page functions
 * (sp-report-printout.h), so that the printed page is the page of the PDF export.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include <gtk/gtkunixprint.h>

#include "sp-print-dialog.h"
#include "sp-session-choice.h"

struct _SpPrintDialog
{
  AdwWindow parent_instance;

  SpDb           *db;          /* the window's, which outlives its modal dialog */
  SpTournament   *tournament;
  GtkWidget      *owner;       /* the tournament view */
  SpPrintoutKind  printout;

  /* Template children */
  AdwPreferencesGroup *printouts_group;
  AdwComboRow         *session_row;
  GtkLabel            *error_label;
};

G_DEFINE_FINAL_TYPE (SpPrintDialog, sp_print_dialog, ADW_TYPE_WINDOW)

/* What a print operation draws from: the snapshot is its own, the printout points into it. */
typedef struct
{
  SpSnapshot *snapshot;
  SpPrintout *printout;
  GtkWindow  *parent;     /* for an error told after an asynchronous print */
  gboolean    async;      /* its errors are told by a message dialog, not returned */
} PrintJob;

static void
print_job_free (gpointer data)
{
  PrintJob *job = data;

  g_clear_pointer (&job->printout, sp_printout_free);
  g_clear_pointer (&job->snapshot, sp_snapshot_free);
  g_clear_object (&job->parent);
  g_free (job);
}

/* The pages are counted on the paper the print dialog settled on. */
static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  guint n_pages = sp_printout_paginate (job->printout, gtk_print_context_get_width (context),
                                        gtk_print_context_get_height (context));

  gtk_print_operation_set_n_pages (operation, MAX (n_pages, 1));
}

static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              PrintJob          *job)
{
  sp_printout_draw_page (gtk_print_context_get_cairo_context (context), (guint) page,
                         gtk_print_context_get_width (context),
                         gtk_print_context_get_height (context), job->printout);
}

static void
done_cb (GtkPrintOperation       *operation,
         GtkPrintOperationResult  result,
         PrintJob                *job)
{
  g_autoptr(GError) error = NULL;

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR && job->async)
    {
      GtkWidget *dialog;

      gtk_print_operation_get_error (operation, &error);
      dialog = adw_message_dialog_new (job->parent, _("Could Not Print"),
                                       error != NULL ? error->message : NULL);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
    }
}

static void
release_operation_cb (GtkPrintOperation       *operation,
                      GtkPrintOperationResult  result,
                      gpointer                 user_data)
{
  g_object_unref (operation);
}

static guint
chosen_session (SpPrintDialog *self)
{
  return adw_combo_row_get_selected (self->session_row) + 1;
}

SpPrintoutKind
sp_print_dialog_get_printout (SpPrintDialog *self)
{
  g_return_val_if_fail (SP_IS_PRINT_DIALOG (self), SP_PRINTOUT_STANDINGS);

  return self->printout;
}

/**
 * sp_print_dialog_can_preview:
 * @widget: a widget on the display the print dialog will show on
 *
 * GTK's print dialog shows its pages through the program its setting
 * gtk-print-preview-command names (a document viewer such as Evince), which may not be
 * installed: then its Preview button would only fail.
 *
 * Returns: whether that program is found.
 */
gboolean
sp_print_dialog_can_preview (GtkWidget *widget)
{
  g_autofree char *command = NULL;
  g_auto(GStrv) argv = NULL;
  g_autofree char *program = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  g_object_get (gtk_settings_get_for_display (gtk_widget_get_display (widget)),
                "gtk-print-preview-command", &command, NULL);
  if (command == NULL || !g_shell_parse_argv (command, NULL, &argv, NULL) || argv[0] == NULL)
    return FALSE;
  program = g_find_program_in_path (argv[0]);
  return program != NULL;
}

/* GTK's print dialog offers a preview whatever it can open: it is taken off when nothing
 * would show it. */
static void
offer_preview (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  if (parent == NULL || sp_print_dialog_can_preview (GTK_WIDGET (parent)))
    return;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_PRINT_UNIX_DIALOG (window) && gtk_window_get_transient_for (window) == parent)
        {
          GtkPrintUnixDialog *dialog = GTK_PRINT_UNIX_DIALOG (window);

          gtk_print_unix_dialog_set_manual_capabilities (
            dialog, gtk_print_unix_dialog_get_manual_capabilities (dialog)
                    & ~GTK_PRINT_CAPABILITY_PREVIEW);
        }
    }
}

/**
 * sp_print_dialog_run:
 * @self: the dialog
 * @action: GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG as the Print button does, or
 *   GTK_PRINT_OPERATION_ACTION_EXPORT to write the pages to the PDF @export_path
 * @export_path: (nullable): the PDF of an export
 * @error: why the printout cannot be printed (its session not drawn) or the export failed
 *
 * Prints the chosen printout of the chosen session, drawn from a snapshot read now, and
 * closes the dialog; on an error the dialog stays, for another choice.
 */
gboolean
sp_print_dialog_run (SpPrintDialog            *self,
                     GtkPrintOperationAction   action,
                     const char               *export_path,
                     GError                  **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *name = NULL;
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GtkPageSetup) setup = NULL;
  GtkPrintOperationResult result;
  GtkWindow *parent;
  PrintJob *job;

  g_return_val_if_fail (SP_IS_PRINT_DIALOG (self), FALSE);
  g_return_val_if_fail (action != GTK_PRINT_OPERATION_ACTION_EXPORT || export_path != NULL,
                        FALSE);

  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  job = g_new0 (PrintJob, 1);
  job->parent = parent != NULL ? g_object_ref (parent) : NULL;
  job->snapshot = sp_db_load_snapshot (self->db, self->tournament, date, error);
  if (job->snapshot != NULL)
    job->printout = sp_printout_new (self->printout, job->snapshot, chosen_session (self),
                                     error);
  if (job->printout == NULL)
    {
      print_job_free (job);
      return FALSE;
    }

  operation = gtk_print_operation_new ();
  name = sp_printout_get_name (job->printout);
  gtk_print_operation_set_job_name (operation, name);
  /* The reports draw in points on the whole sheet, with their own margins, as in the PDF. */
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_allow_async (operation, TRUE);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  setup = gtk_page_setup_new ();
  gtk_page_setup_set_orientation (setup, sp_printout_is_landscape (job->printout)
                                         ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                         : GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_print_operation_set_default_page_setup (operation, setup);
  if (export_path != NULL)
    gtk_print_operation_set_export_filename (operation, export_path);
  g_object_set_data_full (G_OBJECT (operation), "sp-print-job", job, print_job_free);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  g_signal_connect (operation, "done", G_CALLBACK (done_cb), job);

  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  result = gtk_print_operation_run (operation, action, parent, error);
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      /* Back, to tell why and let another choice be made. */
      gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
      return FALSE;
    }
  /* An asynchronous print keeps its operation (and its job) until "done". */
  if (result == GTK_PRINT_OPERATION_RESULT_IN_PROGRESS)
    {
      offer_preview (parent);
      job->async = TRUE;
      g_signal_connect (operation, "done", G_CALLBACK (release_operation_cb), NULL);
      g_object_ref (operation);
    }
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  SpPrintDialog *self = SP_PRINT_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (!sp_print_dialog_run (self, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, NULL, &error)
      && error != NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
    }
}

static void
printout_toggled_cb (GtkCheckButton *check,
                     SpPrintDialog  *self)
{
  if (!gtk_check_button_get_active (check))
    return;
  self->printout = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "sp-printout"));
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  /* The session is asked only of the printouts of one session. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->session_row),
                            sp_printout_info_get (self->printout)->takes_session);
}

static void
add_printout_rows (SpPrintDialog *self)
{
  GtkCheckButton *group = NULL;

  for (guint kind = 0; kind < SP_N_PRINTOUTS; kind++)
    {
      const SpPrintoutInfo *info = sp_printout_info_get (kind);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), sp_printout_info_get_title (info));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      sp_printout_info_get_title (info), -1);
      if (group != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
      else
        group = GTK_CHECK_BUTTON (check);
      g_object_set_data (G_OBJECT (check), "sp-printout", GUINT_TO_POINTER (kind));
      g_signal_connect (check, "toggled", G_CALLBACK (printout_toggled_cb), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      gtk_widget_set_name (row, info->file_stem);
      adw_preferences_group_add (self->printouts_group, row);
      if (kind == SP_PRINTOUT_TABLE_CARDS)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
    }
}

static void
sp_print_dialog_dispose (GObject *object)
{
  SpPrintDialog *self = SP_PRINT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_PRINT_DIALOG);
  g_clear_pointer (&self->tournament, sp_tournament_free);
  self->owner = NULL;
  self->db = NULL;

  G_OBJECT_CLASS (sp_print_dialog_parent_class)->dispose (object);
}

static void
sp_print_dialog_class_init (SpPrintDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_print_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-print-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpPrintDialog, printouts_group);
  gtk_widget_class_bind_template_child (widget_class, SpPrintDialog, session_row);
  gtk_widget_class_bind_template_child (widget_class, SpPrintDialog, error_label);
  gtk_widget_class_install_action (widget_class, "dialog.print", NULL, print_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_print_dialog_init (SpPrintDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  add_printout_rows (self);
}

/**
 * sp_print_dialog_new:
 * @owner: the tournament's view, over whose window the dialog is modal
 * @db: the store, which must outlive the dialog
 * @tournament: the id of the tournament to print
 * @error: where a store error goes
 *
 * Returns: (transfer none): a new modal dialog, not yet shown, owned by GTK like every
 *   toplevel; NULL when the tournament cannot be read.
 */
SpPrintDialog *
sp_print_dialog_new (GtkWidget  *owner,
                     SpDb       *db,
                     gint64      tournament,
                     GError    **error)
{
  SpTournament *found;
  SpPrintDialog *self;

  g_return_val_if_fail (GTK_IS_WIDGET (owner) && db != NULL, NULL);

  self = sp_session_choice_dialog_new (SP_TYPE_PRINT_DIALOG, owner, db, tournament, &found, error);
  if (self == NULL)
    return NULL;
  self->owner = owner;
  self->db = db;
  self->tournament = found;
  sp_session_choice_fill (self->session_row, db, found);
  return self;
}
