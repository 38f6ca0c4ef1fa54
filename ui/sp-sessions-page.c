/* sp-sessions-page.c: a tournament's sessions, their tables, the draw and the close.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <inttypes.h>

#include "sp-clock-controls.h"
#include "sp-sessions-page.h"

/* The hands of a table's session, as the list shows them (the MCR sequence). */
#define HANDS_PER_TABLE 16

struct _SpSessionsPage
{
  GtkBox parent_instance;

  SpDb *db;                           /* the view's, not owned */
  const SpTournament *tournament;     /* likewise */
  guint selected;                     /* the session shown, 1-based; 0 none */
  SpSessionInfo info;                 /* the selected session's */

  /* Template children */
  AdwToastOverlay *toast_overlay;
  GtkListBox *session_list;
  GtkLabel *session_title;
  GtkLabel *session_subtitle;
  GtkButton *draw_button;
  GtkButton *close_button;
  GtkButton *reopen_button;
  GtkStack *tables_stack;
  GtkFlowBox *tables_box;
  AdwStatusPage *empty_status;
  SpClockControls *clock_controls;
};

G_DEFINE_FINAL_TYPE (SpSessionsPage, sp_sessions_page, GTK_TYPE_BOX)

static void show_session (SpSessionsPage *self);

static void
set_accessible_label (GtkWidget  *widget,
                      const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
show_toast (SpSessionsPage *self,
            const char     *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/* The hands entered at the tables of @progress. */
static guint
count_hands (GArray *progress)
{
  guint n = 0;

  for (guint i = 0; progress != NULL && i < progress->len; i++)
    n += g_array_index (progress, SpTableProgress, i).n_hands;
  return n;
}

/* "not drawn", "playing 12/32 hands", "closed": newly allocated. */
static char *
session_state (SpSessionsPage      *self,
               const SpSessionInfo *info)
{
  g_autoptr(GArray) progress = NULL;

  if (!info->exists)
    return g_strdup (_("not drawn"));
  if (info->closed)
    return g_strdup (info->time_up ? _("closed (time up)") : _("closed"));
  progress = sp_db_session_progress (self->db, self->tournament, info->number, NULL);
  /* TRANSLATORS: hands entered / hands of the session's tables */
  return g_strdup_printf (_("playing %u/%u hands"), count_hands (progress),
                          HANDS_PER_TABLE * info->n_tables);
}

/* How the tournament draws its sessions, for "Balanced plan, seed 42". */
static const char *
method_name (const SpTournament *tournament)
{
  if (g_strcmp0 (tournament->seating, "balanced") == 0)
    return _("Balanced plan");
  if (g_strcmp0 (tournament->seating, "swiss") == 0)
    return _("Swiss pairing");
  return _("Random draw");
}

static GtkWidget *
session_row_new (SpSessionsPage      *self,
                 const SpSessionInfo *info)
{
  g_autofree char *title = g_strdup_printf (_("Session %u"), info->number);
  g_autofree char *state = session_state (self, info);
  g_autofree char *accessible = g_strdup_printf ("%s, %s", title, state);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label;

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  label = gtk_label_new (state);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  set_accessible_label (row, accessible);
  return row;
}

/* One table's card: its number, its players with their winds at the first hand (chair order:
 * East, South, West, North), the hands entered and each player's score in the session. */
static GtkWidget *
table_card_new (guint                table,
                const gint64        *players,
                GHashTable          *names,
                const SpTableResult *result,
                guint                n_hands)
{
  static const char *const winds[4] = { "東", "南", "西", "北" };
  g_autofree char *title = g_strdup_printf (_("Table %u"), table);
  g_autofree char *hands = g_strdup_printf (_("%u/%u hands"), n_hands, HANDS_PER_TABLE);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *label;

  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_size_request (card, 240, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);

  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (header), label);
  label = gtk_label_new (hands);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  gtk_box_append (GTK_BOX (header), label);
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 12);
  gtk_widget_set_margin_top (header, 12);
  gtk_box_append (GTK_BOX (card), header);

  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_widget_set_margin_bottom (grid, 12);
  for (guint c = 0; c < 4; c++)
    {
      const char *name = g_hash_table_lookup (names, &players[c]);
      g_autofree char *score = NULL;
      gint64 points = 0;

      if (result != NULL)
        for (guint k = 0; k < 4; k++)
          if (result->players[k] == players[c])
            points = result->hand_scores[k] + result->penalties[k];
      score = g_strdup_printf ("%+" G_GINT64_FORMAT, points);

      label = gtk_label_new (winds[c]);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (GTK_GRID (grid), label, 0, c, 1, 1);
      label = gtk_label_new (name != NULL ? name : "?");
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_grid_attach (GTK_GRID (grid), label, 1, c, 1, 1);
      label = gtk_label_new (score);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
      gtk_grid_attach (GTK_GRID (grid), label, 2, c, 1, 1);
    }
  gtk_box_append (GTK_BOX (card), grid);
  return card;
}

static void
update_actions (SpSessionsPage *self)
{
  gboolean any = self->tournament != NULL && self->selected > 0;
  g_autofree char *draw = g_strdup_printf (_("Draw Session %u"), self->selected);
  g_autofree char *close = g_strdup_printf (_("Close Session %u"), self->selected);
  g_autofree char *reopen = g_strdup_printf (_("Reopen Session %u"), self->selected);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sessions.draw",
                                 any && !self->info.closed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sessions.close",
                                 any && self->info.exists && !self->info.closed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sessions.reopen", any && self->info.closed);
  gtk_widget_set_visible (GTK_WIDGET (self->close_button), !self->info.closed);
  gtk_widget_set_visible (GTK_WIDGET (self->reopen_button), self->info.closed);
  set_accessible_label (GTK_WIDGET (self->draw_button), draw);
  set_accessible_label (GTK_WIDGET (self->close_button), close);
  set_accessible_label (GTK_WIDGET (self->reopen_button), reopen);
}

/* Shows the selected session's tables, or its empty state. */
static void
show_session (SpSessionsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autoptr(GArray) progress = NULL;
  g_autoptr(GArray) results = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autofree char *title = NULL;
  g_autofree char *state = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tables_box))) != NULL)
    gtk_flow_box_remove (self->tables_box, child);
  memset (&self->info, 0, sizeof self->info);
  if (self->tournament == NULL || self->selected == 0)
    {
      update_actions (self);
      return;
    }

  if (!sp_db_get_session (self->db, self->tournament->id, self->selected, &self->info, &error))
    {
      show_toast (self, error->message);
      memset (&self->info, 0, sizeof self->info);
    }
  title = g_strdup_printf (_("Session %u"), self->selected);
  gtk_label_set_label (self->session_title, title);
  state = session_state (self, &self->info);
  if (self->info.exists && self->info.has_seed)
    {
      g_autofree char *how = g_strdup_printf (_("%s, seed %" PRIu64),
                                              method_name (self->tournament), self->info.seed);
      g_autofree char *subtitle = g_strdup_printf ("%s · %s", state, how);

      gtk_label_set_label (self->session_subtitle, subtitle);
    }
  else
    gtk_label_set_label (self->session_subtitle, state);
  update_actions (self);

  seats = sp_db_list_seats (self->db, self->tournament->id, self->selected, &error);
  if (seats == NULL || seats->len < 4)
    {
      gtk_stack_set_visible_child_name (self->tables_stack, "empty");
      return;
    }

  players = sp_db_list_players (self->db, self->tournament->id, NULL);
  names = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; players != NULL && i < players->len; i++)
    {
      SpPlayer *player = g_ptr_array_index (players, i);

      g_hash_table_insert (names, &player->id, player->name);
    }
  progress = sp_db_session_progress (self->db, self->tournament, self->selected, NULL);
  results = sp_db_list_table_results (self->db, self->tournament->id, self->selected, NULL);

  for (guint t = 0; t < seats->len / 4; t++)
    {
      const SpTableResult *result = NULL;
      guint n_hands = 0;

      for (guint i = 0; progress != NULL && i < progress->len; i++)
        if (g_array_index (progress, SpTableProgress, i).table == t + 1)
          n_hands = g_array_index (progress, SpTableProgress, i).n_hands;
      for (guint i = 0; results != NULL && i < results->len; i++)
        {
          const SpTableResult *r = &g_array_index (results, SpTableResult, i);

          if (r->session == self->selected && r->table == t + 1)
            result = r;
        }
      gtk_flow_box_append (self->tables_box,
                           table_card_new (t + 1, &g_array_index (seats, gint64, 4 * t), names,
                                           result, n_hands));
    }
  gtk_stack_set_visible_child_name (self->tables_stack, "tables");
}

/* Fills the list of sessions again, keeping the selected one. */
static void
reload (SpSessionsPage *self)
{
  GtkListBoxRow *row;
  GtkWidget *child;

  /* Not selecting while the rows go (gtk_list_box_remove_all is GTK 4.12). */
  self->info.number = 0;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->session_list))) != NULL)
    gtk_list_box_remove (self->session_list, child);
  if (self->tournament == NULL)
    return;
  for (guint k = 1; k <= self->tournament->n_sessions; k++)
    {
      SpSessionInfo info = { .number = k };

      if (!sp_db_get_session (self->db, self->tournament->id, k, &info, NULL))
        info = (SpSessionInfo) { .number = k };
      info.number = k;
      gtk_list_box_append (self->session_list, session_row_new (self, &info));
    }
  if (self->selected == 0 || self->selected > self->tournament->n_sessions)
    self->selected = 1;
  row = gtk_list_box_get_row_at_index (self->session_list, self->selected - 1);
  gtk_list_box_select_row (self->session_list, row);
  show_session (self);
}

static void
session_selected_cb (SpSessionsPage *self,
                     GtkListBoxRow  *row)
{
  if (row == NULL)
    return;
  if ((guint) gtk_list_box_row_get_index (row) + 1 == self->selected
      && self->info.number == self->selected)
    return;
  self->selected = gtk_list_box_row_get_index (row) + 1;
  show_session (self);
}

static void
draw_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SpSessionsPage *self = SP_SESSIONS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  SpDrawRequest request = { .has_seed = FALSE };
  guint64 seed = 0;
  g_autofree char *message = NULL;

  if (!sp_db_draw_session (self->db, self->tournament, self->selected, &request, &seed, &error))
    {
      show_toast (self, error->message);
      return;
    }
  message = g_strdup_printf (_("%s, seed %" PRIu64), method_name (self->tournament),
                             seed);
  reload (self);
  show_toast (self, message);
}

static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   SpSessionsPage   *self)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "time-up") != 0)
    return;
  if (!sp_db_close_session (self->db, self->tournament, self->selected, TRUE, &error))
    show_toast (self, error->message);
  reload (self);
}

static void
close_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  SpSessionsPage *self = SP_SESSIONS_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) progress = NULL;
  g_autoptr(GString) body = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  if (sp_db_close_session (self->db, self->tournament, self->selected, FALSE, &error))
    {
      reload (self);
      return;
    }
  if (!g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_INVALID))
    {
      show_toast (self, error->message);
      return;
    }

  /* Refused: what is missing, and the choice to close anyway when time is up. */
  /* The tables not finished, one a line; the store's message (which names the command
   * line's --time-up) only when the progress cannot be read. */
  body = g_string_new (NULL);
  progress = sp_db_session_progress (self->db, self->tournament, self->selected, NULL);
  for (guint i = 0; progress != NULL && i < progress->len; i++)
    {
      const SpTableProgress *table = &g_array_index (progress, SpTableProgress, i);

      if (!table->finished)
        {
          if (body->len > 0)
            g_string_append_c (body, '\n');
          g_string_append_printf (body, _("Table %u: %u/%u hands"), table->table, table->n_hands,
                                  HANDS_PER_TABLE);
        }
    }
  if (body->len == 0)
    g_string_assign (body, error->message);
  heading = g_strdup_printf (_("Session %u Is Not Finished"), self->selected);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), heading, body->str);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "time-up", _("Close _Anyway (Time Up)"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "time-up",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
reopen_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    SpSessionsPage   *self)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "reopen") != 0)
    return;
  if (!sp_db_reopen_session (self->db, self->tournament, self->selected, &error))
    show_toast (self, error->message);
  reload (self);
}

static void
reopen_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  SpSessionsPage *self = SP_SESSIONS_PAGE (widget);
  g_autofree char *heading = g_strdup_printf (_("Reopen Session %u?"), self->selected);
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), heading,
                                   _("Hands can be entered and corrected again, and the "
                                     "standings will count the session as open."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reopen", _("_Reopen"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reopen",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (reopen_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
sp_sessions_page_dispose (GObject *object)
{
  SpSessionsPage *self = SP_SESSIONS_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_SESSIONS_PAGE);
  self->db = NULL;
  self->tournament = NULL;

  G_OBJECT_CLASS (sp_sessions_page_parent_class)->dispose (object);
}

static void
sp_sessions_page_class_init (SpSessionsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_sessions_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-sessions-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, session_list);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, session_title);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, session_subtitle);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, draw_button);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, close_button);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, reopen_button);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, tables_stack);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, tables_box);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, empty_status);
  g_type_ensure (SP_TYPE_CLOCK_CONTROLS);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, clock_controls);
  gtk_widget_class_bind_template_callback (widget_class, session_selected_cb);

  gtk_widget_class_install_action (widget_class, "sessions.draw", NULL, draw_activated);
  gtk_widget_class_install_action (widget_class, "sessions.close", NULL, close_activated);
  gtk_widget_class_install_action (widget_class, "sessions.reopen", NULL, reopen_activated);
}

static void
sp_sessions_page_init (SpSessionsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_actions (self);
}

/**
 * sp_sessions_page_load:
 * @self: a page
 * @db: the store, which must outlive the page's use of it
 * @tournament: the tournament, likewise
 *
 * Lists @tournament's sessions and shows the selected one's tables.
 */
void
sp_sessions_page_load (SpSessionsPage     *self,
                       SpDb               *db,
                       const SpTournament *tournament)
{
  g_return_if_fail (SP_IS_SESSIONS_PAGE (self));

  if (tournament != self->tournament)
    self->selected = 0;
  self->db = db;
  self->tournament = tournament;
  reload (self);
  sp_clock_controls_load (self->clock_controls, db, tournament);
}
