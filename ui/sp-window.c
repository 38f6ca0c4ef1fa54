/* sp-window.c: the main window of the desktop app.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-backup-dialog.h"
#include "sp-calculator-window.h"
#include "sp-hand-draft.h"
#include "sp-message.h"
#include "sp-new-tournament-dialog.h"
#include "sp-outbox-bar.h"
#include "sp-share-dialog.h"
#include "sp-db-path.h"
#include "sp-server-dialog.h"
#include "sp-tournament-row.h"
#include "sp-tournament-view.h"
#include "sp-window.h"

struct _SpWindow
{
  AdwApplicationWindow parent_instance;

  char *database_path;
  SpDb *db;
  GSettings *settings;
  GCancellable *opening;    /* while the database opens on a worker thread */
  guint poll_id;            /* the watch for changes by other connections */
  gint64 data_version;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  AdwViewStack *view_stack;
  AdwStatusPage *empty_page;
  GtkSpinner *loading_spinner;
  GtkLabel *database_label;
  GListStore *tournaments;
  GtkSortListModel *sorted_tournaments;
  GtkColumnView *tournament_view;
  GtkLabel *tournaments_database_label;
  AdwStatusPage *error_page;
  GtkLabel *error_database_label;
  GtkWidget *header_bar;
  SpOutboxBar *outbox_bar;
  SpTournamentView *tournament_page;
  GtkWidget *station_bar;
  GtkImage *station_icon;
  GtkLabel *station_label;
  GtkWidget *new_tournament_button;
};

G_DEFINE_FINAL_TYPE (SpWindow, sp_window, ADW_TYPE_APPLICATION_WINDOW)

enum
{
  PROP_0,
  PROP_DATABASE_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void load_tournaments (SpWindow *self);
static void reopen_last_tournament (SpWindow *self);
static void update_station (SpWindow *self);

/* The window's size is kept in GSettings when the schema is installed or found through
 * GSETTINGS_SCHEMA_DIR; an uninstalled build without it still opens, at the default size. */
static GSettings *
open_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SPARROW_APP_ID, TRUE);
  if (schema == NULL)
    {
      g_debug ("No GSettings schema %s: the window size will not be kept", SPARROW_APP_ID);
      return NULL;
    }

  return g_settings_new_full (schema, NULL, NULL);
}

static void
show_database_path (SpWindow *self)
{
  g_autofree char *text = NULL;

  if (self->database_path == NULL)
    return;

  /* Translators: %s is the path of the database file in use. */
  text = g_strdup_printf (_("Database: %s"), self->database_path);
  gtk_label_set_text (self->database_label, text);
  gtk_label_set_text (self->tournaments_database_label, text);
  gtk_label_set_text (self->error_database_label, text);
}

/* Reads the tournaments into the list, newest first (the one sparrow-cli acts on when none is
 * named comes at the top), and shows the list, or the empty state when there is none. */
static void
load_tournaments (SpWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  list = sp_db_list_tournaments (self->db, &error);
  if (list == NULL)
    {
      sp_window_show_database_error (self, error);
      return;
    }
  for (guint i = list->len; i > 0; i--)
    {
      const SpTournament *tournament = g_ptr_array_index (list, i - 1);
      guint n_players = 0;

      if (!sp_db_count_players (self->db, tournament->id, &n_players, &error))
        {
          sp_window_show_database_error (self, error);
          return;
        }
      g_ptr_array_add (rows, sp_tournament_row_new (tournament, n_players));
    }

  g_list_store_splice (self->tournaments, 0,
                       g_list_model_get_n_items (G_LIST_MODEL (self->tournaments)),
                       rows->pdata, rows->len);
  adw_view_stack_set_visible_child_name (self->view_stack, rows->len > 0 ? "tournaments" : "empty");
}

/* Shows @row's tournament on its own pages, in place of the list, and keeps it as the one to
 * open at the next start. */
static void
open_tournament_row (SpWindow        *self,
                     SpTournamentRow *row)
{
  g_autoptr(GError) error = NULL;

  if (self->db == NULL)
    return;
  if (!sp_tournament_view_open (self->tournament_page, self->db, sp_tournament_row_get_id (row),
                                sp_tournament_row_get_rules (row), &error))
    {
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
      return;
    }
  adw_view_stack_set_visible_child_name (self->view_stack, "tournament");
  /* The name stays in the window's title while the header shows the page switcher. */
  gtk_window_set_title (GTK_WINDOW (self), sp_tournament_row_get_name (row));
  if (self->settings != NULL)
    g_settings_set (self->settings, "last-tournament", "(sx)",
                    self->database_path != NULL ? self->database_path : "",
                    sp_tournament_row_get_id (row));
}

static void
tournament_activated_cb (SpWindow *self,
                         guint     position)
{
  g_autoptr(SpTournamentRow) row = g_list_model_get_item (G_LIST_MODEL (self->sorted_tournaments),
                                                          position);

  if (row != NULL)
    open_tournament_row (self, row);
}

/* The tournament opened at the last run, if that was on this database and it is still in the
 * list. */
static void
reopen_last_tournament (SpWindow *self)
{
  g_autofree char *database = NULL;
  gint64 last = 0;
  GListModel *rows = G_LIST_MODEL (self->tournaments);

  if (self->settings == NULL || self->db == NULL)
    return;
  g_settings_get (self->settings, "last-tournament", "(sx)", &database, &last);
  if (last == 0 || g_strcmp0 (database, self->database_path) != 0)
    return;
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(SpTournamentRow) row = g_list_model_get_item (rows, i);

      if (sp_tournament_row_get_id (row) == last)
        {
          open_tournament_row (self, row);
          return;
        }
    }
}

/* A tournament's pages bring their own header (back button, page switcher); the other pages
 * have the window's, and its title. */
static void
page_shown_cb (SpWindow *self)
{
  gboolean tournament = g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack),
                                   "tournament") == 0;

  gtk_widget_set_visible (self->header_bar, !tournament);
  if (!tournament)
    gtk_window_set_title (GTK_WINDOW (self), _("Sparrow"));
}

/* Back from a tournament's pages to the list, which counts its players again. */
static void
show_tournaments (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SpWindow *self = SP_WINDOW (widget);

  if (self->settings != NULL)
    g_settings_set (self->settings, "last-tournament", "(sx)", "", (gint64) 0);
  if (self->db != NULL)
    load_tournaments (self);
}

static void
copy_database_path (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  SpWindow *self = SP_WINDOW (widget);

  if (self->database_path == NULL)
    return;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), self->database_path);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Database path copied")));
}

/* A new tournament in the store: the list shows it and a toast names it. */
static void
tournament_created_cb (SpWindow   *self,
                       gint64      id,
                       const char *name)
{
  g_autofree char *text = NULL;

  load_tournaments (self);
  /* Translators: %s is the name of the tournament just created. */
  text = g_strdup_printf (_("Tournament “%s” created"), name);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

/* The tournament shown was deleted: back to the list, with a toast naming it. */
static void
tournament_deleted_cb (SpWindow   *self,
                       gint64      id,
                       const char *name)
{
  g_autofree char *text = NULL;

  if (self->settings != NULL)
    g_settings_set (self->settings, "last-tournament", "(sx)", "", (gint64) 0);
  load_tournaments (self);
  /* Translators: %s is the name of the tournament just deleted. */
  text = g_strdup_printf (_("Tournament “%s” deleted"), name);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

/* A tournament was created (New Tournament, or a duplicate of the one shown): its pages are
 * shown in place, where the director goes on with its players. */
static void
tournament_made_cb (SpWindow   *self,
                      gint64      id,
                      const char *name)
{
  GListModel *rows = G_LIST_MODEL (self->tournaments);

  tournament_created_cb (self, id, name);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(SpTournamentRow) row = g_list_model_get_item (rows, i);

      if (sp_tournament_row_get_id (row) == id)
        {
          open_tournament_row (self, row);
          return;
        }
    }
}

/* Opens the New Tournament dialog over the window, on the window's store. */
static void
new_tournament (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SpWindow *self = SP_WINDOW (widget);
  SpNewTournamentDialog *dialog;

  if (self->db == NULL)
    return;

  dialog = sp_new_tournament_dialog_new (GTK_WINDOW (self), self->db);
  g_signal_connect_object (dialog, "created", G_CALLBACK (tournament_made_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The values of the scrolled windows under @widget, depth first. */
static GArray *
save_scroll (GtkWidget *widget,
             GArray    *values)
{
  if (values == NULL)
    values = g_array_new (FALSE, FALSE, sizeof (double));
  if (GTK_IS_SCROLLED_WINDOW (widget))
    {
      double value = gtk_adjustment_get_value (
        gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (widget)));

      g_array_append_val (values, value);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    save_scroll (child, values);
  return values;
}

static void
restore_scroll (GtkWidget *widget,
                GArray    *values,
                guint     *index)
{
  if (GTK_IS_SCROLLED_WINDOW (widget) && *index < values->len)
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (widget)),
                              g_array_index (values, double, (*index)++));
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    restore_scroll (child, values, index);
}

/* Another connection changed the file: the page shown reads it again, where it was scrolled
 * to; an open tournament deleted elsewhere gives way to the list. */
static void
reload_changed_data (SpWindow *self)
{
  const char *page = adw_view_stack_get_visible_child_name (self->view_stack);
  GtkWidget *shown = adw_view_stack_get_visible_child (self->view_stack);
  g_autoptr(GArray) scroll = NULL;
  guint index = 0;

  if (g_strcmp0 (page, "tournament") == 0)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT,
                                             sp_tournament_view_get_tournament (self->tournament_page));
      g_autoptr(SpTournament) tournament = sp_db_find_tournament (self->db, id, &error);

      if (tournament == NULL)
        {
          if (!g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND))
            {
              sp_window_show_database_error (self, error);
              return;
            }
          adw_toast_overlay_add_toast (self->toast_overlay,
                                       adw_toast_new (_("The tournament was deleted elsewhere")));
          load_tournaments (self);
          return;
        }
      scroll = save_scroll (shown, NULL);
      sp_tournament_view_reload (self->tournament_page);
      restore_scroll (shown, scroll, &index);
    }
  else if (g_strcmp0 (page, "tournaments") == 0 || g_strcmp0 (page, "empty") == 0)
    {
      scroll = save_scroll (shown, NULL);
      load_tournaments (self);
      restore_scroll (adw_view_stack_get_visible_child (self->view_stack), scroll, &index);
    }
}

/* Polled every second: PRAGMA data_version changes when another connection (sparrow-cli, a
 * second window) commits, so that its changes show within two seconds. */
static gboolean
poll_data_version_cb (gpointer user_data)
{
  SpWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 version = 0;
  gboolean sent;

  if (self->db == NULL)
    return G_SOURCE_CONTINUE;
  if (!sp_db_get_data_version (self->db, &version, &error))
    {
      /* A server lost is connected to again in the background: the window says so, keeps
       * what it shows until the server is back, and the hands entered meanwhile are kept at
       * the station (its bar says so). */
      if (sp_db_get_connection_state (self->db) != SP_DB_CONNECTED)
        {
          g_debug ("%s", error->message);
          update_station (self);
          sp_outbox_bar_set_reachable (self->outbox_bar, FALSE);
          return G_SOURCE_CONTINUE;
        }
      self->poll_id = 0;
      sp_window_show_database_error (self, error);
      return G_SOURCE_REMOVE;
    }
  update_station (self);
  sp_outbox_bar_set_reachable (self->outbox_bar, TRUE);
  /* Back (or there all along): what the station kept goes to the server. */
  sent = sp_outbox_bar_send (self->outbox_bar);
  if (version != self->data_version || sent)
    {
      self->data_version = version;
      reload_changed_data (self);
    }
  return G_SOURCE_CONTINUE;
}

static void
store_changed_cb (SpDb     *db,
                  gpointer  user_data)
{
  SpWindow *self = user_data;
  GSource *poll = self->poll_id != 0 ? g_main_context_find_source_by_id (NULL, self->poll_id)
                                     : NULL;

  /* The poll runs now, and then each second again. */
  if (self->db == db && poll != NULL)
    g_source_set_ready_time (poll, 0);
  if (self->db == db)
    update_station (self);
}

/* The role's limits: what only the director does is greyed for the others, its tooltip saying
 * why. */
static void
apply_role (SpWindow *self)
{
  gboolean director = self->db != NULL && sp_db_get_role (self->db) == SP_DB_ROLE_DIRECTOR;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-tournament",
                                 self->db != NULL && director);
  if (self->db == NULL || director)
    gtk_widget_set_tooltip_text (self->new_tournament_button, _("New Tournament"));
  else
    {
      /* Translators: the login, then its role ("Referee"). */
      g_autofree char *tip = g_strdup_printf (_("Only the director creates tournaments: this "
                                                "station is connected as %s (%s)"),
                                              sp_db_get_login (self->db),
                                              sp_db_role_get_label (sp_db_get_role (self->db)));

      gtk_widget_set_tooltip_text (self->new_tournament_button, tip);
    }
}

/* The station's bar: on a hall server, whom the window is connected as and whether the server
 * answers; hidden for a file. */
static void
update_station (SpWindow *self)
{
  g_autofree char *text = NULL;
  const char *icon = "network-server-symbolic";

  if (self->db == NULL || sp_db_location_is_file (self->database_path))
    {
      gtk_widget_set_visible (self->station_bar, FALSE);
      return;
    }
  switch (sp_db_get_connection_state (self->db))
    {
    case SP_DB_RECONNECTING:
      /* Translators: the server's database. */
      text = g_strdup_printf (_("Reconnecting to %s…"), sp_db_get_database_name (self->db));
      icon = "view-refresh-symbolic";
      break;
    case SP_DB_OFFLINE:
      /* Translators: the server's database. */
      text = g_strdup_printf (_("Offline: %s does not answer; trying again"),
                              sp_db_get_database_name (self->db));
      icon = "network-offline-symbolic";
      break;
    case SP_DB_CONNECTED:
    default:
      /* Translators: the server's database, the login, then its role ("Referee"). */
      text = g_strdup_printf (_("Connected to %s as %s — %s"),
                              sp_db_get_database_name (self->db), sp_db_get_login (self->db),
                              sp_db_role_get_label (sp_db_get_role (self->db)));
      break;
    }
  gtk_image_set_from_icon_name (self->station_icon, icon);
  if (g_strcmp0 (gtk_label_get_text (self->station_label), text) != 0)
    {
      gtk_label_set_text (self->station_label, text);
      gtk_widget_set_tooltip_text (self->station_bar, text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->station_bar),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    }
  gtk_widget_set_visible (self->station_bar, TRUE);
}

static gboolean
offer_drafts_cb (gpointer user_data)
{
  SpWindow *self = user_data;

  if (self->db != NULL && gtk_widget_get_visible (GTK_WIDGET (self)))
    sp_hand_draft_offer (GTK_WINDOW (self));
  return G_SOURCE_REMOVE;
}

/* The window works on @db from now on: lists its tournaments, opens the last one, and watches
 * for changes made by others. */
static void
take_database (SpWindow *self,
               SpDb     *db)
{
  g_autoptr(GError) error = NULL;

  sp_outbox_bar_set_database (self->outbox_bar, NULL);
  g_clear_pointer (&self->db, sp_db_close);
  self->db = db;
  apply_role (self);
  update_station (self);
  sp_outbox_bar_set_database (self->outbox_bar, db);
  if (!sp_db_get_data_version (db, &self->data_version, &error))
    {
      sp_window_show_database_error (self, error);
      return;
    }
  load_tournaments (self);
  if (self->db == NULL)
    return;
  reopen_last_tournament (self);
  /* A hand being typed when the app stopped is offered back, once the window is up. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, offer_drafts_cb, g_object_ref (self),
                   g_object_unref);
  if (self->poll_id == 0)
    /* Not g_timeout_add_seconds (): it rounds each wake-up to a whole second of its own, which
     * can leave almost two seconds between two polls. */
    self->poll_id = g_timeout_add (1000, poll_data_version_cb, self);
  /* A hall's server says when another station has changed something: the window reads it at
   * once rather than at the next poll, which stays for a connection that drops. */
  sp_db_watch_changes (db, store_changed_cb, self);
}

/* Runs on a worker thread: the store is opened (and migrated) there and handed to the main
 * thread, which alone uses it from then on. */
/* What a worker thread opens: a location, and a server's password (or NULL). */
typedef struct
{
  char *location;
  char *password;
} Opening;

static void
opening_free (Opening *opening)
{
  if (opening->password != NULL)
    explicit_bzero (opening->password, strlen (opening->password));
  g_free (opening->password);
  g_free (opening->location);
  g_free (opening);
}

static void
open_database_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  Opening *opening = task_data;
  GError *error = NULL;
  SpDb *db = sp_db_open_with_password (opening->location, opening->password, &error);

  if (db == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, db, (GDestroyNotify) sp_db_close);
}

static void
database_opened_cb (GObject      *source_object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = user_data;
  SpDb *db = g_task_propagate_pointer (G_TASK (result), &error);

  /* A window closed meanwhile has no use for the store. */
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_clear_pointer (&db, sp_db_close);
      return;
    }
  g_clear_object (&SP_WINDOW (source_object)->opening);
  gtk_spinner_stop (SP_WINDOW (source_object)->loading_spinner);
  if (db == NULL)
    {
      g_debug ("Cannot open the database: %s", error->message);
      sp_window_show_database_error (SP_WINDOW (source_object), error);
      return;
    }
  take_database (SP_WINDOW (source_object), db);
}

static void
server_opened_cb (GObject      *source_object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(SpWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  SpDb *db = sp_db_open_finish (result, &error);

  /* A window closed meanwhile cancelled the opening. */
  if (db == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->opening);
  gtk_spinner_stop (self->loading_spinner);
  if (db == NULL)
    {
      g_debug ("Cannot open the database: %s", error->message);
      sp_window_show_database_error (self, error);
      return;
    }
  take_database (self, db);
}

/* Opens the window's database, the window showing a spinner meanwhile: a file on a worker
 * thread, a server in the main loop (its socket watched: nothing waits on the network). */
static void
open_database_with_password (SpWindow   *self,
                             const char *password)
{
  g_autoptr(GTask) task = NULL;
  Opening *opening = NULL;

  if (self->database_path == NULL || self->opening != NULL)
    return;
  sp_outbox_bar_set_database (self->outbox_bar, NULL);
  g_clear_pointer (&self->db, sp_db_close);
  update_station (self);
  self->opening = g_cancellable_new ();
  gtk_spinner_start (self->loading_spinner);
  adw_view_stack_set_visible_child_name (self->view_stack, "loading");
  if (!sp_db_location_is_file (self->database_path))
    {
      sp_db_open_async (self->database_path, password, self->opening, server_opened_cb,
                        g_object_ref (self));
      return;
    }
  /* The task keeps the window alive until the store is open; the callback owns the
   * cancellable. */
  task = g_task_new (self, NULL, database_opened_cb, g_object_ref (self->opening));
  g_task_set_source_tag (task, open_database_with_password);
  opening = g_new0 (Opening, 1);
  opening->location = g_strdup (self->database_path);
  opening->password = g_strdup (password);
  g_task_set_task_data (task, opening, (GDestroyNotify) opening_free);
  g_task_run_in_thread (task, open_database_thread);
}

static void
open_database (SpWindow *self)
{
  open_database_with_password (self, NULL);
}

/* The actions that copy files of the store are a file's only. */
static void
update_file_actions (SpWindow *self)
{
  gboolean file = self->database_path != NULL && sp_db_location_is_file (self->database_path);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "window.copy-database-path",
                                 self->database_path != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.back-up", file);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.restore", file);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.share", self->database_path != NULL);
}

GSettings *
sp_window_get_settings (SpWindow *self)
{
  g_return_val_if_fail (SP_IS_WINDOW (self), NULL);

  return self->settings;
}

static void
connected_cb (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  SpWindow *self = g_task_get_source_object (task);
  GError *error = NULL;
  SpDb *db = sp_db_open_finish (result, &error);

  if (db == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_free (self->database_path);
  self->database_path = g_strdup (g_task_get_task_data (task));
  show_database_path (self);
  update_file_actions (self);
  take_database (self, db);
  g_task_return_boolean (task, TRUE);
}

void
sp_window_connect (SpWindow            *self,
                   const char          *location,
                   const char          *password,
                   GCancellable        *cancellable,
                   GAsyncReadyCallback  callback,
                   gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (SP_IS_WINDOW (self));
  g_return_if_fail (location != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, sp_window_connect);
  g_task_set_task_data (task, g_strdup (location), g_free);
  if (self->opening != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY, "%s",
                               _("The window is still opening its database: try again in a "
                                 "moment."));
      g_object_unref (task);
      return;
    }
  /* The window keeps what it shows until the server's store is open: a server that does not
   * answer, or a cancel, leaves it as it was. */
  sp_db_open_async (location, password, cancellable, connected_cb, task);
}

gboolean
sp_window_connect_finish (SpWindow      *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Main menu: Connect to Server… joins a hall's event on its server. */
static void
connect_server_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  sp_server_dialog_present (SP_WINDOW (widget));
}

static void
open_database_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  open_database (SP_WINDOW (widget));
}

/* Opens the calculator: any hand scored in any rules, no tournament or database needed. */
static void
open_calculator (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  gtk_window_present (GTK_WINDOW (sp_calculator_window_new (GTK_WINDOW (widget))));
}

/* Main menu: Back Up… writes a copy of the database to a file a person chooses. */
static void
back_up_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  sp_backup_dialog_back_up (SP_WINDOW (widget));
}

/* Main menu: Restore… lists the automatic backups and offers to choose a file. */
static void
restore_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  gtk_window_present (GTK_WINDOW (sp_restore_dialog_new (SP_WINDOW (widget))));
}

/* Main menu: Share on the Hall Network… serves the players' view of the tournament open. */
static void
share_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  SpWindow *self = SP_WINDOW (widget);

  sp_share_dialog_present (self, sp_tournament_view_get_tournament (self->tournament_page));
}

static void
sp_window_constructed (GObject *object)
{
  SpWindow *self = SP_WINDOW (object);

  G_OBJECT_CLASS (sp_window_parent_class)->constructed (object);

  self->settings = open_settings ();
  if (self->settings != NULL)
    {
      g_settings_bind (self->settings, "window-width", self, "default-width",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-height", self, "default-height",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-maximized", self, "maximized",
                       G_SETTINGS_BIND_DEFAULT);
    }

  show_database_path (self);
  update_file_actions (self);
}

static void
sp_window_dispose (GObject *object)
{
  SpWindow *self = SP_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_WINDOW);
  g_clear_object (&self->settings);
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  g_clear_handle_id (&self->poll_id, g_source_remove);
  g_clear_pointer (&self->db, sp_db_close);

  G_OBJECT_CLASS (sp_window_parent_class)->dispose (object);
}

static void
sp_window_finalize (GObject *object)
{
  SpWindow *self = SP_WINDOW (object);

  g_clear_pointer (&self->database_path, g_free);

  G_OBJECT_CLASS (sp_window_parent_class)->finalize (object);
}

static void
sp_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  SpWindow *self = SP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DATABASE_PATH:
      g_value_set_string (value, self->database_path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sp_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  SpWindow *self = SP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DATABASE_PATH:
      g_free (self->database_path);
      self->database_path = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
sp_window_class_init (SpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = sp_window_constructed;
  object_class->dispose = sp_window_dispose;
  object_class->finalize = sp_window_finalize;
  object_class->get_property = sp_window_get_property;
  object_class->set_property = sp_window_set_property;

  sp_accessible_install_names ();

  /* The template's list store names the row type. */
  g_type_ensure (SP_TYPE_OUTBOX_BAR);
  g_type_ensure (SP_TYPE_TOURNAMENT_ROW);
  g_type_ensure (SP_TYPE_TOURNAMENT_VIEW);

  /**
   * SpWindow:database-path:
   *
   * The tournament database the window works on, shown so that a person sees which file is in
   * use.
   */
  properties[PROP_DATABASE_PATH] =
    g_param_spec_string ("database-path", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/sparrow/Sparrow/sp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SpWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, loading_spinner);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, database_label);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, tournaments);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, sorted_tournaments);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, tournament_view);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, tournaments_database_label);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, error_database_label);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, outbox_bar);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, tournament_page);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, station_bar);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, station_icon);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, station_label);
  gtk_widget_class_bind_template_child (widget_class, SpWindow, new_tournament_button);
  gtk_widget_class_bind_template_callback (widget_class, tournament_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, page_shown_cb);
  gtk_widget_class_install_action (widget_class, "window.show-tournaments", NULL,
                                   show_tournaments);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK,
                                       "window.show-tournaments", NULL);

  gtk_widget_class_install_action (widget_class, "window.open-database", NULL,
                                   open_database_action);
  gtk_widget_class_install_action (widget_class, "window.copy-database-path", NULL,
                                   copy_database_path);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
  gtk_widget_class_install_action (widget_class, "win.new-tournament", NULL, new_tournament);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "win.new-tournament", NULL);
  gtk_widget_class_install_action (widget_class, "win.calculator", NULL, open_calculator);
  gtk_widget_class_install_action (widget_class, "win.connect-server", NULL,
                                   connect_server_action);
  gtk_widget_class_install_action (widget_class, "win.back-up", NULL, back_up_action);
  gtk_widget_class_install_action (widget_class, "win.restore", NULL, restore_action);
  gtk_widget_class_install_action (widget_class, "win.share", NULL, share_action);
}

static void
sp_window_init (SpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->tournament_page, "tournament-deleted",
                            G_CALLBACK (tournament_deleted_cb), self);
  g_signal_connect_swapped (self->tournament_page, "tournament-created",
                            G_CALLBACK (tournament_made_cb), self);

  /* The column view's sorter follows the column headers a person clicks. */
  gtk_sort_list_model_set_sorter (self->sorted_tournaments,
                                  gtk_column_view_get_sorter (self->tournament_view));
}

/**
 * sp_window_new:
 * @application: the application the window belongs to
 * @database_path: (nullable): the tournament database in use
 * @db: (nullable) (transfer full): the store opened on @database_path, which the window owns
 *   from now on
 *
 * The window lists the tournaments of @db, or shows that there is none yet.  Without a store
 * it opens @database_path on a worker thread, showing a spinner meanwhile, and then a page
 * that says why when the file cannot be opened.  From then on it reads the store again when
 * another connection changes it.
 *
 * Returns: (transfer floating): a new main window.
 */
SpWindow *
sp_window_new (GtkApplication *application,
               const char     *database_path,
               SpDb           *db)
{
  SpWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  self = g_object_new (SP_TYPE_WINDOW,
                       "application", application,
                       "database-path", database_path,
                       NULL);
  if (db != NULL)
    take_database (self, db);
  else
    open_database (self);
  return self;
}

const char *
sp_window_get_database_path (SpWindow *self)
{
  g_return_val_if_fail (SP_IS_WINDOW (self), NULL);

  return self->database_path;
}

/**
 * sp_window_get_database:
 * @self: a window
 *
 * Returns: (nullable) (transfer none): the store the window works on, NULL when it could not be
 *   opened.
 */
SpDb *
sp_window_get_database (SpWindow *self)
{
  g_return_val_if_fail (SP_IS_WINDOW (self), NULL);

  return self->db;
}

/**
 * sp_window_show_database_error:
 * @self: a window
 * @error: why the database cannot be opened or read
 *
 * Shows a page saying that the database cannot be opened, with @error's message and the
 * file's path, in place of the tournaments.  The window closes its store, if it had one, so
 * that nothing more is read from or written to the file.
 */
/* What the person can do about @error, after its own message. */
static const char *
database_error_advice (const GError *error)
{
  if (error->domain == SP_DB_ERROR)
    switch ((SpDbError) error->code)
      {
      case SP_DB_ERROR_NOT_SPARROW:
        return _("The file holds something other than a Sparrow database. Sparrow left it as it "
                 "was.");
      case SP_DB_ERROR_TOO_NEW:
        return _("A newer version of Sparrow wrote this file. Open it with that version; this "
                 "one left the file as it was.");
      case SP_DB_ERROR_CORRUPT:
        return _("The file is damaged. Sparrow left it as it was: restore the database from a "
                 "backup.");
      case SP_DB_ERROR_BUSY:
        return _("Another program kept the database locked for too long. Let it finish, then "
                 "try again.");
      case SP_DB_ERROR_DENIED:
        return _("The server's role of this station does not allow it. Connect as the "
                 "director to make this change.");
      case SP_DB_ERROR_IO:
      case SP_DB_ERROR_NOT_FOUND:
      case SP_DB_ERROR_INVALID:
      case SP_DB_ERROR_PIN_REQUIRED:
      case SP_DB_ERROR_PIN_WRONG:
      case SP_DB_ERROR_STALE:
      default:
        break;
      }
  return _("Check that the file and its folder can be read and written, and that the disk is "
           "not full.");
}

void
sp_window_show_database_error (SpWindow     *self,
                               const GError *error)
{
  g_autofree char *description = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (SP_IS_WINDOW (self));
  g_return_if_fail (error != NULL);

  sp_outbox_bar_set_database (self->outbox_bar, NULL);
  g_clear_pointer (&self->db, sp_db_close);
  g_clear_handle_id (&self->poll_id, g_source_remove);
  update_station (self);
  g_list_store_remove_all (self->tournaments);
  /* Without a store the header's New Tournament button would do nothing: it is greyed. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.new-tournament", FALSE);
  /* The message comes from the store, which may quote a path with characters that are markup. */
  text = g_strdup_printf ("%s\n\n%s", error->message, database_error_advice (error));
  description = g_markup_escape_text (text, -1);
  adw_status_page_set_description (self->error_page, description);
  adw_view_stack_set_visible_child_name (self->view_stack, "error");
}

/**
 * sp_window_is_opening:
 * @self: a window
 *
 * Returns: whether the window is still opening its database.
 */
gboolean
sp_window_is_opening (SpWindow *self)
{
  g_return_val_if_fail (SP_IS_WINDOW (self), FALSE);

  return self->opening != NULL;
}

/**
 * sp_window_add_toast:
 * @self: a window
 * @message: what to tell
 *
 * Shows @message in the window's toast overlay.
 */
void
sp_window_add_toast (SpWindow   *self,
                     const char *message)
{
  g_return_if_fail (SP_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/**
 * sp_window_reload:
 * @self: a window
 *
 * Reads the database again at once (after a restore), as it does when another program
 * changes it; a window without a store opens its file again.
 */
void
sp_window_reload (SpWindow *self)
{
  g_return_if_fail (SP_IS_WINDOW (self));

  if (self->db == NULL)
    {
      open_database (self);
      return;
    }
  if (!sp_db_get_data_version (self->db, &self->data_version, NULL))
    self->data_version = -1;
  reload_changed_data (self);
}

/**
 * sp_window_open_table:
 * @self: a window
 * @tournament: a tournament's id
 * @session: a session's number
 * @table: a table's number
 *
 * Shows @tournament's pages and opens the window of its table @table of @session.
 *
 * Returns: whether the tournament is in the store (the table's window tells its own errors).
 */
gboolean
sp_window_open_table (SpWindow *self,
                      gint64    tournament,
                      guint     session,
                      guint     table)
{
  GListModel *rows = G_LIST_MODEL (self->tournaments);

  g_return_val_if_fail (SP_IS_WINDOW (self), FALSE);

  for (guint i = 0; self->db != NULL && i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(SpTournamentRow) row = g_list_model_get_item (rows, i);

      if (sp_tournament_row_get_id (row) != tournament)
        continue;
      if (sp_tournament_view_get_tournament (self->tournament_page) != tournament
          || g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack),
                        "tournament") != 0)
        open_tournament_row (self, row);
      return gtk_widget_activate_action (GTK_WIDGET (self->tournament_page),
                                         "tournament.open-table", "(uu)", session, table);
    }
  return FALSE;
}
