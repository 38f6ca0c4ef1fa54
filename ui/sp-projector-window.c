/* sp-projector-window.c: the standings full screen for the hall, paging by themselves.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-clock-controls.h"
#include "sp-projector-window.h"

#define N_COLUMNS 4

struct _SpProjectorWindow
{
  AdwWindow parent_instance;

  SpDb *db;                           /* the main window's, not owned */
  SpTournament *tournament;
  GArray *standings;                  /* SpStanding, best first */
  GHashTable *names;                  /* player id (gint64 *) → name, owning the players */
  GPtrArray *players;
  gboolean hidden;                    /* hide_standings and the last session not closed */
  guint page;                         /* 0-based */
  guint page_id;
  guint clock_id;
  guint restyle_id;
  int font_px;                        /* the type size the window's height asks for */
  GtkCssProvider *css;
  GtkLabel *cells[SP_PROJECTOR_LINES_PER_PAGE + 1][N_COLUMNS];

  /* Template children */
  GtkLabel *name_label;
  GtkLabel *clock_label;
  GtkStack *content_stack;
  GtkGrid *standings_grid;
  GtkLabel *message_label;
  GtkLabel *page_label;
};

G_DEFINE_FINAL_TYPE (SpProjectorWindow, sp_projector_window, ADW_TYPE_WINDOW)

static guint
count_pages (SpProjectorWindow *self)
{
  if (self->hidden || self->standings == NULL || self->standings->len == 0)
    return 0;
  return (self->standings->len + SP_PROJECTOR_LINES_PER_PAGE - 1) / SP_PROJECTOR_LINES_PER_PAGE;
}

static void
show_page (SpProjectorWindow *self)
{
  guint n_pages = count_pages (self);
  g_autofree char *indicator = NULL;

  if (n_pages == 0)
    {
      gtk_label_set_label (self->message_label,
                           self->hidden
                           ? _("The standings are hidden until the last session is closed.")
                           : _("No standings yet."));
      gtk_stack_set_visible_child_name (self->content_stack, "message");
      gtk_label_set_label (self->page_label, "");
      return;
    }
  if (self->page >= n_pages)
    self->page = 0;
  for (guint line = 0; line < SP_PROJECTOR_LINES_PER_PAGE; line++)
    {
      guint i = self->page * SP_PROJECTOR_LINES_PER_PAGE + line;
      GtkLabel **cells = self->cells[line + 1];

      if (i < self->standings->len)
        {
          const SpStanding *standing = &g_array_index (self->standings, SpStanding, i);
          gint64 id = standing->player;
          g_autofree char *rank = g_strdup_printf ("%u", standing->rank);
          g_autofree char *points = g_strdup_printf ("%.2f", standing->table_points_x12
                                                             / (double) SP_TABLE_POINTS_SCALE);
          g_autofree char *score = g_strdup_printf ("%" G_GINT64_FORMAT, standing->score);
          const char *name = g_hash_table_lookup (self->names, &id);

          gtk_label_set_label (cells[0], rank);
          gtk_label_set_label (cells[1], name != NULL ? name : "");
          gtk_label_set_label (cells[2], points);
          gtk_label_set_label (cells[3], score);
        }
      else
        {
          for (guint c = 0; c < N_COLUMNS; c++)
            gtk_label_set_label (cells[c], "");
        }
    }
  gtk_stack_set_visible_child_name (self->content_stack, "standings");
  /* TRANSLATORS: the projector's page indicator: page of pages */
  indicator = g_strdup_printf (_("%u / %u"), self->page + 1, n_pages);
  gtk_label_set_label (self->page_label, indicator);
}

static void
update_clock (SpProjectorWindow *self)
{
  gboolean warning = FALSE;
  g_autofree char *text = NULL;

  if (self->db == NULL || self->tournament == NULL)
    return;
  text = sp_clock_controls_describe (self->db, self->tournament, sp_clock_controls_now (),
                                     NULL, &warning);
  gtk_label_set_label (self->clock_label, text != NULL ? text : "");
  if (warning)
    gtk_widget_add_css_class (GTK_WIDGET (self->clock_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->clock_label), "warning");
}

void
sp_projector_window_reload (SpProjectorWindow *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (SP_IS_PROJECTOR_WINDOW (self));

  if (self->db == NULL || self->tournament == NULL)
    return;
  gtk_label_set_label (self->name_label, self->tournament->name);
  update_clock (self);
  g_clear_pointer (&self->standings, g_array_unref);
  g_hash_table_remove_all (self->names);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  if (!sp_db_standings_hidden (self->db, self->tournament, &self->hidden, &error)
      || (!self->hidden
          && ((self->standings = sp_db_compute_standings (self->db, self->tournament, 0, NULL,
                                                          &error)) == NULL
              || (self->players = sp_db_list_players (self->db, self->tournament->id,
                                                      &error)) == NULL)))
    {
      g_warning ("%s", error->message);
      self->hidden = FALSE;
      g_clear_pointer (&self->standings, g_array_unref);
    }
  if (self->players != NULL)
    for (guint i = 0; i < self->players->len; i++)
      {
        SpPlayer *player = self->players->pdata[i];

        g_hash_table_insert (self->names, &player->id, player->name);
      }
  show_page (self);
}

void
sp_projector_window_next_page (SpProjectorWindow *self)
{
  g_return_if_fail (SP_IS_PROJECTOR_WINDOW (self));

  self->page++;
  /* Each round of the pages starts from the standings as they are now. */
  if (self->page >= count_pages (self))
    {
      self->page = 0;
      sp_projector_window_reload (self);
      return;
    }
  show_page (self);
}

guint
sp_projector_window_get_page (SpProjectorWindow *self,
                              guint             *n_pages)
{
  guint n;

  g_return_val_if_fail (SP_IS_PROJECTOR_WINDOW (self), 0);

  n = count_pages (self);
  if (n_pages != NULL)
    *n_pages = n;
  return n > 0 ? self->page + 1 : 0;
}

static gboolean
page_timeout_cb (gpointer user_data)
{
  sp_projector_window_next_page (SP_PROJECTOR_WINDOW (user_data));
  return G_SOURCE_CONTINUE;
}

static gboolean
clock_timeout_cb (gpointer user_data)
{
  update_clock (SP_PROJECTOR_WINDOW (user_data));
  return G_SOURCE_CONTINUE;
}

/* Sets the type size from the window's height, so that a hall reads the same lines on any
 * projector: the header, the lines of a page and the footer fill the height. */
static gboolean
restyle_cb (gpointer user_data)
{
  SpProjectorWindow *self = user_data;
  g_autofree char *css = NULL;

  self->restyle_id = 0;
  css = g_strdup_printf (".sp-projector { font-size: %dpx; }"
                         ".sp-projector .sp-projector-title { font-size: %dpx;"
                         " font-weight: bold; }"
                         ".sp-projector .sp-projector-clock { font-size: %dpx; }"
                         ".sp-projector .sp-projector-hint { font-size: %dpx; }"
                         ".sp-projector .sp-projector-heading { font-weight: bold; }",
                         self->font_px, self->font_px * 5 / 4, self->font_px, self->font_px / 2);
  gtk_css_provider_load_from_data (self->css, css, -1);
  return G_SOURCE_REMOVE;
}

static void
sp_projector_window_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  SpProjectorWindow *self = SP_PROJECTOR_WINDOW (widget);
  /* 10 lines and their heading, the header and the footer, with the room each line takes. */
  int font_px = MAX (height / 22, 12);

  GTK_WIDGET_CLASS (sp_projector_window_parent_class)->size_allocate (widget, width, height,
                                                                      baseline);
  if (font_px != self->font_px)
    {
      self->font_px = font_px;
      if (self->restyle_id == 0)
        self->restyle_id = g_idle_add (restyle_cb, self);
    }
}

static void
sp_projector_window_dispose (GObject *object)
{
  SpProjectorWindow *self = SP_PROJECTOR_WINDOW (object);

  g_clear_handle_id (&self->page_id, g_source_remove);
  g_clear_handle_id (&self->clock_id, g_source_remove);
  g_clear_handle_id (&self->restyle_id, g_source_remove);
  if (self->css != NULL)
    gtk_style_context_remove_provider_for_display (gtk_widget_get_display (GTK_WIDGET (self)),
                                                   GTK_STYLE_PROVIDER (self->css));
  g_clear_object (&self->css);
  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_PROJECTOR_WINDOW);
  g_clear_pointer (&self->standings, g_array_unref);
  g_clear_pointer (&self->names, g_hash_table_unref);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  g_clear_pointer (&self->tournament, sp_tournament_free);
  self->db = NULL;

  G_OBJECT_CLASS (sp_projector_window_parent_class)->dispose (object);
}

static void
sp_projector_window_class_init (SpProjectorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_projector_window_dispose;
  widget_class->size_allocate = sp_projector_window_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-projector-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SpProjectorWindow, name_label);
  gtk_widget_class_bind_template_child (widget_class, SpProjectorWindow, clock_label);
  gtk_widget_class_bind_template_child (widget_class, SpProjectorWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, SpProjectorWindow, standings_grid);
  gtk_widget_class_bind_template_child (widget_class, SpProjectorWindow, message_label);
  gtk_widget_class_bind_template_child (widget_class, SpProjectorWindow, page_label);
}

static void
sp_projector_window_init (SpProjectorWindow *self)
{
  const char *headings[N_COLUMNS] = {
    _("Rank"), _("Name"), _("Table Points"), _("Score"),
  };
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->names = g_hash_table_new (g_int64_hash, g_int64_equal);

  for (guint line = 0; line <= SP_PROJECTOR_LINES_PER_PAGE; line++)
    for (guint c = 0; c < N_COLUMNS; c++)
      {
        GtkWidget *label = gtk_label_new (line == 0 ? headings[c] : "");

        /* Rank and figures to the right, the name to the left taking the room. */
        gtk_label_set_xalign (GTK_LABEL (label), c == 1 ? 0 : 1);
        gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
        gtk_widget_set_hexpand (label, c == 1);
        gtk_widget_add_css_class (label, line == 0 ? "sp-projector-heading" : "numeric");
        if (line == 0)
          gtk_widget_add_css_class (label, "dim-label");
        gtk_grid_attach (self->standings_grid, label, c, line, 1, 1);
        self->cells[line][c] = GTK_LABEL (label);
      }

  self->css = gtk_css_provider_new ();
  gtk_style_context_add_provider_for_display (gtk_widget_get_display (GTK_WIDGET (self)),
                                              GTK_STYLE_PROVIDER (self->css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  /* Esc leaves, as it leaves any full-screen view. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape,
                                                                                  0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  self->page_id = g_timeout_add_seconds (SP_PROJECTOR_PAGE_SECONDS, page_timeout_cb, self);
  self->clock_id = g_timeout_add_seconds (1, clock_timeout_cb, self);
}

/**
 * sp_projector_window_new:
 * @parent: the main window, which the projector closes with
 * @db: the store
 * @tournament: the tournament's id
 * @error: where a store error goes
 *
 * Returns: (transfer none): the projector, full screen and shown, or NULL
 */
GtkWindow *
sp_projector_window_new (GtkWindow  *parent,
                         SpDb       *db,
                         gint64      tournament,
                         GError    **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, tournament);
  SpTournament *found = sp_db_find_tournament (db, id, error);
  SpProjectorWindow *self;

  if (found == NULL)
    return NULL;
  self = g_object_new (SP_TYPE_PROJECTOR_WINDOW, "transient-for", parent, NULL);
  self->db = db;
  self->tournament = found;
  sp_projector_window_reload (self);
  /* The size of the screen, for a desktop whose window manager does not make it full screen
   * (and for the moment before it does). */
  {
    GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
    GtkNative *native = parent != NULL ? GTK_NATIVE (parent) : NULL;
    GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;
    GdkMonitor *monitor = NULL;
    GdkRectangle area;

    if (surface != NULL)
      monitor = gdk_display_get_monitor_at_surface (display, surface);
    if (monitor == NULL && g_list_model_get_n_items (gdk_display_get_monitors (display)) > 0)
      {
        g_autoptr(GdkMonitor) first = g_list_model_get_item (gdk_display_get_monitors (display),
                                                             0);

        monitor = first;
      }
    if (monitor != NULL)
      {
        gdk_monitor_get_geometry (monitor, &area);
        gtk_window_set_default_size (GTK_WINDOW (self), area.width, area.height);
      }
  }
  gtk_window_fullscreen (GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (self));
  return GTK_WINDOW (self);
}
