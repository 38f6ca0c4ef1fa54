/* sp-backup-dialog.c: the main menu's Back Up… and Restore….  Both work on a worker thread with
 * a connection of its own (one connection per thread), so that the window stays responsive and
 * its own connection sees the change as it sees any other program's.  A restore first makes an
 * automatic backup of the database it replaces ("before-restore").
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "sp-backup-dialog.h"
#include "sp-message.h"

/* ---- Back Up… ------------------------------------------------------------------------- */

typedef struct
{
  char *database;
  char *target;
} BackupJob;

static void
backup_job_free (BackupJob *job)
{
  g_free (job->database);
  g_free (job->target);
  g_free (job);
}

static void
back_up_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  BackupJob *job = task_data;
  GError *error = NULL;
  g_autoptr(SpDb) db = sp_db_open (job->database, &error);

  if (db == NULL || !sp_db_backup (db, job->target, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
show_error (GtkWindow  *parent,
            const char *heading,
            const char *message)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
backed_up_cb (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  SpWindow *window = SP_WINDOW (source_object);
  BackupJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_path_get_basename (job->target);
  g_autofree char *text = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      show_error (GTK_WINDOW (window), _("Could Not Back Up"), error->message);
      return;
    }
  /* Translators: %s is the name of the backup file just written. */
  text = g_strdup_printf (_("Backed up to %s"), name);
  sp_window_add_toast (window, text);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static void
backup_response_cb (GtkNativeDialog *chooser,
                    int              response,
                    SpWindow        *window)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *target = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    target = g_file_get_path (file);
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  if (target != NULL)
    {
      g_autoptr(GTask) task = g_task_new (window, NULL, backed_up_cb, NULL);
      BackupJob *job = g_new0 (BackupJob, 1);

      job->database = g_strdup (sp_window_get_database_path (window));
      job->target = g_steal_pointer (&target);
      g_task_set_task_data (task, job, (GDestroyNotify) backup_job_free);
      g_task_set_source_tag (task, sp_backup_dialog_back_up);
      g_task_run_in_thread (task, back_up_thread);
    }
}

/* Asks for the file (GTK 4.8: GtkFileChooserNative), named after the database and the day. */
void
sp_backup_dialog_back_up (SpWindow *window)
{
  const char *database;
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *day = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  g_autofree char *folder_path = NULL;
  g_autoptr(GFile) folder = NULL;

  g_return_if_fail (SP_IS_WINDOW (window));

  database = sp_window_get_database_path (window);
  if (database == NULL)
    return;
  base = g_path_get_basename (database);
  if (g_str_has_suffix (base, ".db"))
    base[strlen (base) - 3] = '\0';
  /* Translators: the suggested name of a backup file: the database's name and the day. */
  name = g_strdup_printf (_("%s backup %s.db"), base, day);
  folder_path = g_path_get_dirname (database);
  folder = g_file_new_for_path (folder_path);
  chooser = gtk_file_chooser_native_new (_("Back Up the Database"), GTK_WINDOW (window),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Back Up"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Sparrow databases"));
  gtk_file_filter_add_suffix (filter, "db");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect_object (chooser, "response", G_CALLBACK (backup_response_cb), window, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

G_GNUC_END_IGNORE_DEPRECATIONS

/* ---- Restore… ------------------------------------------------------------------------- */

struct _SpRestoreDialog
{
  AdwWindow parent_instance;

  SpWindow *window;  /* weak: the dialog is modal on it */
  GtkWidget *group;
  char *chosen;      /* the backup being confirmed */
  char *chosen_label;
  gboolean running;
};

G_DEFINE_FINAL_TYPE (SpRestoreDialog, sp_restore_dialog, ADW_TYPE_WINDOW)

typedef struct
{
  char *database;
  char *backup;
  char *label;
} RestoreJob;

static void
restore_job_free (RestoreJob *job)
{
  g_free (job->database);
  g_free (job->backup);
  g_free (job->label);
  g_free (job);
}

static void
restore_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  RestoreJob *job = task_data;
  GError *error = NULL;
  g_autoptr(SpDb) db = sp_db_open (job->database, &error);

  /* A database that cannot be read is set aside among the backups and replaced. */
  if (db == NULL && (g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_CORRUPT)
                     || g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW)))
    {
      g_clear_error (&error);
      if (sp_db_replace_unreadable (job->database, job->backup, NULL, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
      return;
    }
  if (db == NULL || !sp_db_restore_with_backup (db, job->backup, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
restored_cb (GObject      *source_object,
             GAsyncResult *result,
             gpointer      user_data)
{
  SpWindow *window = SP_WINDOW (source_object);
  RestoreJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* Translators: %s is the backup ("the backup of 1 December 2026, 03:04" or a file's
       * name); the store's message says what was wrong with which file. */
      g_autofree char *body = g_strdup_printf (_("%s was not restored: %s"), job->label,
                                               error->message);

      show_error (GTK_WINDOW (window), _("Could Not Restore"), body);
      return;
    }
  sp_window_reload (window);
  /* Translators: %s is the backup restored. */
  text = g_strdup_printf (_("Restored %s"), job->label);
  sp_window_add_toast (window, text);
}

static gboolean
destroy_cb (gpointer user_data)
{
  gtk_window_destroy (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

static void
confirm_response_cb (AdwMessageDialog *confirm,
                     const char       *response,
                     SpRestoreDialog  *self)
{
  g_autoptr(GTask) task = NULL;
  RestoreJob *job;

  if (g_strcmp0 (response, "restore") != 0 || self->chosen == NULL || self->window == NULL)
    return;
  job = g_new0 (RestoreJob, 1);
  job->database = g_strdup (sp_window_get_database_path (self->window));
  job->backup = g_strdup (self->chosen);
  job->label = g_strdup (self->chosen_label);
  task = g_task_new (self->window, NULL, restored_cb, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) restore_job_free);
  g_task_set_source_tag (task, sp_restore_dialog_choose);
  g_task_run_in_thread (task, restore_thread);
  /* Gone once the confirmation over it has gone. */
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, destroy_cb, g_object_ref (self), g_object_unref);
}

void
sp_restore_dialog_choose (SpRestoreDialog *self,
                          const char      *path,
                          const char      *label)
{
  g_autofree char *body = NULL;
  GtkWidget *confirm;

  g_return_if_fail (SP_IS_RESTORE_DIALOG (self));
  g_return_if_fail (path != NULL && label != NULL);

  g_free (self->chosen);
  self->chosen = g_strdup (path);
  g_free (self->chosen_label);
  self->chosen_label = g_strdup (label);
  /* Translators: %s is the backup ("the backup of 1 December 2026, 03:04" or a file's name). */
  body = g_strdup_printf (_("Replace the current database with %s? The current one is backed "
                            "up first."), label);
  confirm = adw_message_dialog_new (GTK_WINDOW (self), _("Restore the Backup?"), body);
  sp_message_add_destructive (ADW_MESSAGE_DIALOG (confirm), "restore", _("_Restore"));
  g_signal_connect_object (confirm, "response", G_CALLBACK (confirm_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (confirm));
}

static void
backup_row_activated_cb (AdwActionRow    *row,
                         SpRestoreDialog *self)
{
  sp_restore_dialog_choose (self, g_object_get_data (G_OBJECT (row), "sp-path"),
                            g_object_get_data (G_OBJECT (row), "sp-label"));
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static void
file_response_cb (GtkNativeDialog *chooser,
                  int              response,
                  SpRestoreDialog *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    path = g_file_get_path (file);
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  if (path != NULL)
    {
      g_autofree char *name = g_path_get_basename (path);

      sp_restore_dialog_choose (self, path, name);
    }
}

static void
choose_file_cb (GtkButton       *button,
                SpRestoreDialog *self)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Restore a Backup"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Sparrow databases"));
  gtk_file_filter_add_suffix (filter, "db");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);
  g_signal_connect_object (chooser, "response", G_CALLBACK (file_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

G_GNUC_END_IGNORE_DEPRECATIONS

/* The rows of the automatic backups, newest first: when, why, how big. */
static void
fill_backups (SpRestoreDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) backups = sp_db_list_backups (sp_window_get_database_path (self->window),
                                                     &error);

  if (backups == NULL)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), error->message);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
      return;
    }
  if (backups->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     _("No automatic backup yet: one is made at every session "
                                       "close and before every upgrade."));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
      return;
    }
  for (guint i = 0; i < backups->len; i++)
    {
      const SpDbBackup *backup = backups->pdata[i];
      g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (backup->time / G_USEC_PER_SEC);
      g_autoptr(GDateTime) local = g_date_time_to_local (utc);
      g_autofree char *when = g_date_time_format (local, "%Y-%m-%d %H:%M:%S");
      g_autofree char *reason = sp_db_describe_backup_reason (
        sp_window_get_database (self->window), backup->reason);
      g_autofree char *size = g_format_size (backup->size);
      /* Translators: the reason a backup was made, then its size ("Session 2 closed · 84 kB"). */
      g_autofree char *subtitle = g_strdup_printf (_("%s · %s"), reason, size);
      /* Translators: %s is the date and time a backup was made. */
      g_autofree char *label = g_strdup_printf (_("the backup of %s"), when);
      g_autofree char *accessible = g_strdup_printf ("%s, %s", when, subtitle);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), when);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      accessible, -1);
      g_object_set_data_full (G_OBJECT (row), "sp-path", g_strdup (backup->path), g_free);
      g_object_set_data_full (G_OBJECT (row), "sp-label", g_steal_pointer (&label), g_free);
      g_signal_connect_object (row, "activated", G_CALLBACK (backup_row_activated_cb), self, 0);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->group), row);
    }
}

static void
sp_restore_dialog_finalize (GObject *object)
{
  SpRestoreDialog *self = SP_RESTORE_DIALOG (object);

  g_clear_weak_pointer (&self->window);
  g_free (self->chosen);
  g_free (self->chosen_label);

  G_OBJECT_CLASS (sp_restore_dialog_parent_class)->finalize (object);
}

static void
sp_restore_dialog_class_init (SpRestoreDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = sp_restore_dialog_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_restore_dialog_init (SpRestoreDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *files = adw_preferences_group_new ();
  GtkWidget *choose = gtk_button_new_with_mnemonic (_("_Choose File…"));

  gtk_window_set_title (GTK_WINDOW (self), _("Restore"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 520);
  self->group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->group), _("Automatic Backups"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->group),
                                         _("Choose one to put the database back as it was "
                                           "then."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (self->group));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (files), _("Another Backup"));
  gtk_widget_set_halign (choose, GTK_ALIGN_START);
  g_signal_connect_object (choose, "clicked", G_CALLBACK (choose_file_cb), self, 0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (files), choose);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (files));
  gtk_box_append (GTK_BOX (box), header);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (self), box);
}

SpRestoreDialog *
sp_restore_dialog_new (SpWindow *window)
{
  SpRestoreDialog *self;

  g_return_val_if_fail (SP_IS_WINDOW (window), NULL);

  self = g_object_new (SP_TYPE_RESTORE_DIALOG, "transient-for", window, NULL);
  g_set_weak_pointer (&self->window, window);
  fill_backups (self);
  return self;
}
