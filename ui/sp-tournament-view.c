/* sp-tournament-view.c: one tournament's pages, its players and its standings.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-log-page.h"
#include "sp-clock-controls.h"
#include "sp-delete-tournament-dialog.h"
#include "sp-export-dialog.h"
#include "sp-message.h"
#include "sp-new-tournament-dialog.h"
#include "sp-players-page.h"
#include "sp-print-dialog.h"
#include "sp-projector-window.h"
#include "sp-sessions-page.h"
#include "sp-standings-page.h"
#include "sp-tournament-row.h"
#include "sp-tournament-settings-dialog.h"
#include "sp-table-view.h"
#include "sp-tournament-view.h"

struct _SpTournamentView
{
  GtkBox parent_instance;

  SpDb *db;                 /* the window's, not owned */
  SpTournament *tournament;
  const SpTournament *pages_tournament; /* the one the hidden pages were last given */
  char *rules;              /* the subtitle, before the session clock */
  guint clock_id;
  guint header_idle_id;
  int name_width;           /* the name's, in the label's font */
  int buttons_width;        /* Enter Hand's and Export's, when last shown */
  int width;                /* the view's */

  /* Template children */
  GtkWidget *header_bar;
  AdwViewSwitcherTitle *switcher_title;
  GtkLabel *name_label;
  GtkWidget *enter_hand_button;
  GtkWidget *export_button;
  GtkMenuButton *menu_button;
  GtkLabel *clock_label;
  AdwViewStack *stack;
  SpPlayersPage *players_page;
  SpSessionsPage *sessions_page;
  SpStandingsPage *standings_page;
  SpLogPage *log_page;
};

G_DEFINE_FINAL_TYPE (SpTournamentView, sp_tournament_view, GTK_TYPE_BOX)

enum
{
  SIGNAL_TOURNAMENT_DELETED,
  SIGNAL_TOURNAMENT_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The director's lock lapses after this long unused: a director who walked away from the desk
 * leaves nothing open behind. */
#define UNLOCK_TIMEOUT_SECONDS (15 * 60)

/* "Lock" is in the menu while the director's PIN has unlocked the protected changes (read as
 * the menu opens: the unlock may have lapsed, or been made from a table's window). */
static void
update_lock (SpTournamentView *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tournament.lock",
                                 self->db != NULL && self->tournament != NULL
                                 && sp_db_is_unlocked (self->db, self->tournament->id));
}

static void
lock_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);

  if (self->db == NULL || self->tournament == NULL)
    return;
  sp_db_lock (self->db, self->tournament->id);
  update_lock (self);
  sp_message_show_toast (widget, _("Locked: the protected changes need the director's PIN "
                                   "again"));
}

/* Below this the header has no room for Enter Hand and Export… beside the title. */
#define COMPACT_WIDTH 600

/* The wide view switcher inside the switcher title (its squeezer holds it even while the title
 * is shown instead). */
static GtkWidget *
find_wide_switcher (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (ADW_IS_VIEW_SWITCHER (child)
          && adw_view_switcher_get_policy (ADW_VIEW_SWITCHER (child))
             == ADW_VIEW_SWITCHER_POLICY_WIDE)
        return child;
      if ((found = find_wide_switcher (child)) != NULL)
        return found;
    }
  return NULL;
}

static int
natural_width (GtkWidget *widget)
{
  int natural = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  return natural;
}

/* The name beside the page switcher when the header has room for both, else the name as the
 * title and the switcher in the bottom bar.  The room both need is worked out from what the
 * header holds now: its natural width, less the switcher title's as shown, plus the wide
 * switcher's and the name's (measured when last shown) when they are not.  The change waits
 * for the next idle moment: no widget may be shown or hidden while the view is laid out. */
static gboolean
arrange_header_cb (gpointer user_data)
{
  SpTournamentView *self = user_data;
  GtkWidget *wide_switcher = find_wide_switcher (GTK_WIDGET (self->switcher_title));
  gboolean compact = self->width < COMPACT_WIDTH;
  gboolean wide;
  int needed;

  self->header_idle_id = 0;
  /* The view's width once laid out; the width it was told before that. */
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    self->width = gtk_widget_get_width (GTK_WIDGET (self));
  compact = self->width < COMPACT_WIDTH;
  /* Shown but not laid out yet: once it is. */
  if (self->width <= 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->header_idle_id = g_timeout_add (100, arrange_header_cb, self);
      return G_SOURCE_REMOVE;
    }
  if (wide_switcher == NULL || self->width <= 0)
    return G_SOURCE_REMOVE;
  if (gtk_widget_get_visible (self->enter_hand_button))
    self->buttons_width = natural_width (self->enter_hand_button)
                          + natural_width (self->export_button);
  /* What the header holds now, and what a wide one adds (the header's spacing: 6 px). */
  needed = natural_width (self->header_bar) - natural_width (GTK_WIDGET (self->switcher_title))
           + natural_width (wide_switcher)
           + (gtk_widget_get_visible (GTK_WIDGET (self->name_label)) ? 0
              : self->name_width + gtk_widget_get_margin_start (GTK_WIDGET (self->name_label)))
           + (gtk_widget_get_visible (self->enter_hand_button) ? 0 : self->buttons_width + 2 * 6);
  wide = !compact && self->width >= needed;
  gtk_widget_set_visible (GTK_WIDGET (self->name_label), wide);
  adw_view_switcher_title_set_view_switcher_enabled (self->switcher_title, wide);
  /* A narrow window (a phone's 360 px) keeps the header for the title: Enter Hand and Export…
   * are in the menu too. */
  gtk_widget_set_visible (self->enter_hand_button, !compact);
  gtk_widget_set_visible (self->export_button, !compact);
  sp_sessions_page_set_compact (self->sessions_page, compact);
  return G_SOURCE_REMOVE;
}

/* The header is arranged again once the view is laid out at its new width: no widget may be
 * shown or hidden while it is. */
static void
arrange_header (SpTournamentView *self)
{
  if (self->header_idle_id == 0)
    self->header_idle_id = g_idle_add (arrange_header_cb, self);
}

/* A window opening narrow is laid out narrow from the start: one first laid out with the
 * header's buttons would keep the width they took (even while another page of the window is
 * shown, its pages all count). */
static void
default_width_changed_cb (SpTournamentView *self,
                          GParamSpec       *pspec,
                          GtkWindow        *window)
{
  int width = 0, height = 0;

  gtk_window_get_default_size (window, &width, &height);
  if (self->width <= 0 && width > 0 && width < COMPACT_WIDTH)
    {
      gtk_widget_set_visible (self->enter_hand_button, FALSE);
      gtk_widget_set_visible (self->export_button, FALSE);
    }
}

static void
sp_tournament_view_root (GtkWidget *widget)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  GtkRoot *root;

  GTK_WIDGET_CLASS (sp_tournament_view_parent_class)->root (widget);
  root = gtk_widget_get_root (widget);
  if (!GTK_IS_WINDOW (root))
    return;
  g_signal_connect_object (root, "notify::default-width", G_CALLBACK (default_width_changed_cb),
                           self, G_CONNECT_SWAPPED);
  default_width_changed_cb (self, NULL, GTK_WINDOW (root));
}

static void
view_resized_cb (SpTournamentView *self,
                 int               width)
{
  self->width = width;
  arrange_header (self);
}

static void
show_name (SpTournamentView *self,
           const char       *name)
{
  g_autoptr(PangoLayout) layout = NULL;

  adw_view_switcher_title_set_title (self->switcher_title, name);
  gtk_label_set_label (self->name_label, name);
  /* The name whole, up to 20 characters: cut shorter it would say little, and the header
   * gives the switcher its narrow form (or the title's place) first. */
  gtk_label_set_width_chars (self->name_label, MIN ((int) g_utf8_strlen (name, -1), 20));
  /* A name of another length needs other room. */
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->name_label), name);
  pango_layout_get_pixel_size (layout, &self->name_width, NULL);
  arrange_header (self);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->name_label), name);
}

/* The sessions and the standings are read again each time their page is shown. */
static void
page_changed_cb (SpTournamentView *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->stack);

  if (self->tournament == NULL)
    return;
  if (g_strcmp0 (name, "sessions") == 0)
    sp_sessions_page_load (self->sessions_page, self->db, self->tournament);
  else if (g_strcmp0 (name, "standings") == 0)
    sp_standings_page_load (self->standings_page, self->db, self->tournament);
  else if (g_strcmp0 (name, "log") == 0)
    sp_log_page_load (self->log_page, self->db, self->tournament);
}

/* The subtitle: the rules, then the session clock's time left while it runs, in the warning
 * colour in the last minutes. */
static void
update_subtitle (SpTournamentView *self)
{
  g_autofree char *clock = NULL;
  g_autofree char *subtitle = NULL;
  SpSessionClockState state;
  gboolean warning = FALSE;

  if (self->db == NULL || self->tournament == NULL)
    return;
  clock = sp_clock_controls_describe (self->db, self->tournament, sp_clock_controls_now (),
                                      &state, &warning);
  /* Only a clock that runs (or is paused) has a time left to show. */
  if (state != SP_SESSION_CLOCK_RUNNING && state != SP_SESSION_CLOCK_PAUSED)
    g_clear_pointer (&clock, g_free);
  /* TRANSLATORS: the tournament's subtitle: its rules, then the session clock */
  subtitle = clock != NULL ? g_strdup_printf (_("%s — %s"), self->rules, clock)
                           : g_strdup (self->rules);
  if (g_strcmp0 (adw_view_switcher_title_get_subtitle (self->switcher_title), subtitle) != 0)
    adw_view_switcher_title_set_subtitle (self->switcher_title, subtitle);
  /* The subtitle shows only while the window is narrow: the header also has the time left in a
   * label of its own. */
  gtk_widget_set_visible (GTK_WIDGET (self->clock_label), clock != NULL);
  gtk_label_set_label (self->clock_label, clock != NULL ? clock : "");
  if (warning)
    gtk_widget_add_css_class (GTK_WIDGET (self->clock_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->clock_label), "warning");
}

static gboolean
clock_tick_cb (gpointer user_data)
{
  /* Nothing to show while the tournaments list is shown instead. */
  if (gtk_widget_get_mapped (GTK_WIDGET (user_data)))
    update_subtitle (user_data);
  return G_SOURCE_CONTINUE;
}

static void
projector_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  g_autoptr(GError) error = NULL;
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->db == NULL || self->tournament == NULL)
    return;
  if (sp_projector_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->db,
                               self->tournament->id, &error) == NULL)
    g_warning ("%s", error->message);
}

/* ---- tournament.settings, tournament.duplicate, tournament.delete ---------------------- */

static void
settings_saved_cb (SpTournamentView *self,
                   gint64            id,
                   const char       *name)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  SpTournament *found = sp_db_find_tournament (self->db, text, NULL);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (found != NULL)
    {
      g_clear_pointer (&self->tournament, sp_tournament_free);
      self->pages_tournament = NULL;
      self->tournament = found;
    }
  show_name (self, name);
  if (GTK_IS_WINDOW (root))
    gtk_window_set_title (GTK_WINDOW (root), name);
  sp_tournament_view_reload (self);
}

/* New rules: the tournament read again, every page with it. */
static void
rules_changed_cb (SpTournamentView *self,
                  gint64            id)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  SpTournament *found = sp_db_find_tournament (self->db, text, NULL);
  g_autoptr(SpTournamentRow) row = NULL;

  if (found == NULL)
    return;
  g_clear_pointer (&self->tournament, sp_tournament_free);
  self->pages_tournament = NULL;
  self->tournament = found;
  /* The subtitle names the rules as the list does, before the session clock. */
  row = sp_tournament_row_new (found, 0);
  g_free (self->rules);
  self->rules = g_strdup (sp_tournament_row_get_rules (row));
  update_subtitle (self);
  sp_tournament_view_reload (self);
}

static void
settings_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  SpTournamentSettingsDialog *dialog;

  if (self->db == NULL || self->tournament == NULL)
    return;
  dialog = sp_tournament_settings_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), self->db,
                                              self->tournament);
  g_signal_connect_object (dialog, "saved", G_CALLBACK (settings_saved_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "rules-changed", G_CALLBACK (rules_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
copy_created_cb (SpTournamentView *self,
                 gint64            id,
                 const char       *name)
{
  g_signal_emit (self, signals[SIGNAL_TOURNAMENT_CREATED], 0, id, name);
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  SpNewTournamentDialog *dialog;

  if (self->db == NULL || self->tournament == NULL)
    return;
  dialog = sp_new_tournament_dialog_new_copy (GTK_WINDOW (gtk_widget_get_root (widget)),
                                              self->db, self->tournament);
  g_signal_connect_object (dialog, "created", G_CALLBACK (copy_created_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
deleted_cb (SpTournamentView *self,
            gint64            id,
            const char       *name)
{
  g_clear_pointer (&self->tournament, sp_tournament_free);
  self->pages_tournament = NULL;
  g_signal_emit (self, signals[SIGNAL_TOURNAMENT_DELETED], 0, id, name);
}

static void
delete_failed_cb (SpTournamentView *self,
                  const char       *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  SpDeleteTournamentDialog *dialog;

  if (self->db == NULL || self->tournament == NULL)
    return;
  dialog = sp_delete_tournament_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), self->db,
                                            self->tournament);
  g_signal_connect_object (dialog, "deleted", G_CALLBACK (deleted_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "failed", G_CALLBACK (delete_failed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Opens the Export dialog (tournament.export, Ctrl+E). */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  g_autoptr(GError) error = NULL;
  SpExportDialog *dialog;

  if (self->tournament == NULL)
    return;
  dialog = sp_export_dialog_new (widget, self->db, self->tournament->id, &error);
  if (dialog == NULL)
    g_warning ("Cannot export: %s", error->message);
  else
    gtk_window_present (GTK_WINDOW (dialog));
}

/* Opens the chooser of a printout, then the print dialog (tournament.print, Ctrl+P). */
static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  g_autoptr(GError) error = NULL;
  SpPrintDialog *dialog;

  if (self->tournament == NULL)
    return;
  dialog = sp_print_dialog_new (widget, self->db, self->tournament->id, &error);
  if (dialog == NULL)
    g_warning ("Cannot print: %s", error->message);
  else
    gtk_window_present (GTK_WINDOW (dialog));
}

/* A change at a table moves the standings and the sessions' progress. */
static void
table_changed_cb (SpTournamentView *self)
{
  sp_tournament_view_reload (self);
}

/* Opens table (session, table) in a window of its own, or shows the one already open. */
static void
open_table_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GError) error = NULL;
  SpTableView *view;
  guint session, table;

  if (self->db == NULL || self->tournament == NULL)
    return;
  g_variant_get (parameter, "(uu)", &session, &table);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (SP_IS_TABLE_VIEW (window)
          && sp_table_view_get_tournament (SP_TABLE_VIEW (window))->id == self->tournament->id
          && sp_table_view_get_session (SP_TABLE_VIEW (window)) == session
          && sp_table_view_get_number (SP_TABLE_VIEW (window)) == table)
        {
          gtk_window_present (window);
          return;
        }
    }
  view = sp_table_view_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->db,
                            self->tournament->id, session, table, &error);
  if (view == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }
  g_signal_connect_object (view, "changed", G_CALLBACK (table_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
enter_hand_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->db != NULL && self->tournament != NULL)
    sp_table_view_pick_table (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, widget, self->db,
                              self->tournament);
}

static void
sp_tournament_view_dispose (GObject *object)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (object);

  g_clear_handle_id (&self->clock_id, g_source_remove);
  g_clear_handle_id (&self->header_idle_id, g_source_remove);
  g_clear_pointer (&self->rules, g_free);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_TOURNAMENT_VIEW);
  g_clear_pointer (&self->tournament, sp_tournament_free);
  self->pages_tournament = NULL;
  self->db = NULL;

  G_OBJECT_CLASS (sp_tournament_view_parent_class)->dispose (object);
}

static void
sp_tournament_view_class_init (SpTournamentViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_tournament_view_dispose;
  widget_class->root = sp_tournament_view_root;

  g_type_ensure (SP_TYPE_PLAYERS_PAGE);
  g_type_ensure (SP_TYPE_SESSIONS_PAGE);
  g_type_ensure (SP_TYPE_STANDINGS_PAGE);
  g_type_ensure (SP_TYPE_LOG_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-tournament-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, header_bar);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, name_label);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, enter_hand_button);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, export_button);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, menu_button);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, clock_label);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, stack);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, players_page);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, sessions_page);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, standings_page);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, log_page);
  gtk_widget_class_bind_template_callback (widget_class, page_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, view_resized_cb);

  gtk_widget_class_install_action (widget_class, "tournament.projector", NULL,
                                   projector_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0, "tournament.projector",
                                       NULL);
  gtk_widget_class_install_action (widget_class, "tournament.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "tournament.export", NULL);
  gtk_widget_class_install_action (widget_class, "tournament.print", NULL, print_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "tournament.print", NULL);
  gtk_widget_class_install_action (widget_class, "tournament.settings", NULL, settings_action);
  gtk_widget_class_install_action (widget_class, "tournament.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "tournament.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "tournament.lock", NULL, lock_action);

  /**
   * SpTournamentView::tournament-deleted:
   * @self: the view
   * @id: the id the tournament had
   * @name: its name
   *
   * The tournament shown was deleted: the window goes back to the list.
   */
  signals[SIGNAL_TOURNAMENT_DELETED] =
    g_signal_new ("tournament-deleted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_STRING);
  /**
   * SpTournamentView::tournament-created:
   * @self: the view
   * @id: the new tournament's id
   * @name: its name
   *
   * A duplicate of the tournament shown was created: the window opens it.
   */
  signals[SIGNAL_TOURNAMENT_CREATED] =
    g_signal_new ("tournament-created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_STRING);
  gtk_widget_class_install_action (widget_class, "tournament.open-table", "(uu)",
                                   open_table_activated);
  gtk_widget_class_install_action (widget_class, "tournament.enter-hand", NULL,
                                   enter_hand_activated);
}

static void
sp_tournament_view_init (SpTournamentView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tournament.lock", FALSE);
  g_signal_connect (self, "map", G_CALLBACK (arrange_header), NULL);
  g_signal_connect_object (gtk_menu_button_get_popover (self->menu_button), "show",
                           G_CALLBACK (update_lock), self, G_CONNECT_SWAPPED);
}

/**
 * sp_tournament_view_open:
 * @self: a view
 * @db: the store, which must outlive the view's use of it
 * @tournament: the tournament's id
 * @rules: the rules as the tournament list shows them, for the subtitle
 * @error: where a store error goes
 *
 * Shows @tournament's players and standings, on its Players page.
 */
gboolean
sp_tournament_view_open (SpTournamentView  *self,
                         SpDb              *db,
                         gint64             tournament,
                         const char        *rules,
                         GError           **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, tournament);
  SpTournament *found;

  g_return_val_if_fail (SP_IS_TOURNAMENT_VIEW (self), FALSE);

  found = sp_db_find_tournament (db, id, error);
  if (found == NULL)
    return FALSE;
  g_clear_pointer (&self->tournament, sp_tournament_free);
  self->pages_tournament = NULL;
  self->tournament = found;
  self->db = db;
  sp_db_set_unlock_timeout (db, UNLOCK_TIMEOUT_SECONDS);
  update_lock (self);

  show_name (self, found->name);
  g_free (self->rules);
  self->rules = g_strdup (rules != NULL ? rules : "");
  adw_view_switcher_title_set_subtitle (self->switcher_title, rules);
  update_subtitle (self);
  if (self->clock_id == 0)
    self->clock_id = g_timeout_add_seconds (1, clock_tick_cb, self);
  adw_view_stack_set_visible_child_name (self->stack, "players");
  sp_tournament_view_reload (self);
  return TRUE;
}

gint64
sp_tournament_view_get_tournament (SpTournamentView *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_VIEW (self), 0);

  return self->tournament != NULL ? self->tournament->id : 0;
}

/* Reads the players again from the store, and the page shown.  The sessions, the standings
 * and the log are read again each time their page is shown (page_changed_cb): a refresh of the
 * same tournament (another connection's change, a table's) leaves them hidden as they are,
 * rather than reading the sessions and the standings for nothing.  A tournament read anew
 * (opened, renamed, its rules changed) goes to every page, which keep it. */
void
sp_tournament_view_reload (SpTournamentView *self)
{
  g_return_if_fail (SP_IS_TOURNAMENT_VIEW (self));

  if (self->db == NULL || self->tournament == NULL)
    return;
  sp_players_page_load (self->players_page, self->db, self->tournament->id);
  if (self->tournament != self->pages_tournament)
    {
      const char *shown = adw_view_stack_get_visible_child_name (self->stack);

      sp_sessions_page_load (self->sessions_page, self->db, self->tournament);
      /* The standings of a large event take most of an opening (a thousand lines, a column
       * per session): they are read when their page is shown, or now if it is.  Hidden, the
       * page lets go of the tournament it had, which is freed. */
      sp_standings_page_load (self->standings_page, self->db,
                              g_strcmp0 (shown, "standings") == 0 ? self->tournament : NULL);
      self->pages_tournament = self->tournament;
      /* The log can be long: it is read when its page is shown, or now if it is. */
      if (g_strcmp0 (shown, "log") == 0)
        sp_log_page_load (self->log_page, self->db, self->tournament);
    }
  else
    page_changed_cb (self);
  update_subtitle (self);
}
