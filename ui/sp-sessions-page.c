/* sp-sessions-page.c: a tournament's sessions, their tables, the draw and the close.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <inttypes.h>

#include "sp-clock-controls.h"
#include "sp-draw-dialog.h"
#include "sp-message.h"
#include "sp-penalties-list.h"
#include "sp-pin-dialog.h"
#include "sp-points.h"
#include "sp-role.h"
#include "sp-sessions-page.h"
#include "sp-wind.h"

struct _SpSessionsPage
{
  GtkBox parent_instance;

  SpDb *db;                           /* the view's, not owned */
  const SpTournament *tournament;     /* likewise */
  guint selected;                     /* the session shown, 1-based; 0 none */
  SpSessionInfo info;                 /* the selected session's */
  SpSeatingReview *review;            /* of the sessions drawn up to the selected one */
  GHashTable *names;                  /* player id → name, for the review's details */
  GPtrArray *players;                 /* the records behind @names */
  gboolean stale;                     /* loaded while hidden: to read again once shown */

  /* The table cards still to build (a big session's 250 cards are built a batch at a time,
   * the window drawing between batches). */
  GArray *card_seats;
  GArray *card_progress;
  GArray *card_results;
  guint next_card;
  guint cards_idle;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  GtkListBox *session_list;
  GtkWidget *split_box;               /* the session list beside (or above) the session */
  GtkWidget *split_separator;
  GtkScrolledWindow *session_scroller;
  GtkLabel *session_title;
  GtkLabel *session_subtitle;
  GtkButton *draw_button;
  GtkButton *close_button;
  GtkButton *reopen_button;
  GtkLabel *progress_label;
  GtkMenuButton *quality_button;
  GtkListBox *quality_list;
  GtkStack *content_stack;
  SpPenaltiesList *penalties_list;
  GtkStack *tables_stack;
  GtkFlowBox *tables_box;
  AdwStatusPage *empty_status;
  SpClockControls *clock_controls;
};

G_DEFINE_FINAL_TYPE (SpSessionsPage, sp_sessions_page, GTK_TYPE_BOX)

static void show_session (SpSessionsPage *self);
static void reload (SpSessionsPage *self);

static void
set_accessible_label (GtkWidget  *widget,
                      const char *label)
{
  sp_accessible_set_label (widget, label);
}

static void
show_toast (SpSessionsPage *self,
            const char     *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

/* The hands entered at the tables of @progress, and the hands their sequences have as far as
 * known (16 a table; more where the dealer kept the deal). */
static void
count_hands (GArray *progress,
             guint  *n_hands,
             guint  *n_expected)
{
  *n_hands = 0;
  *n_expected = 0;
  for (guint i = 0; progress != NULL && i < progress->len; i++)
    {
      *n_hands += g_array_index (progress, SpTableProgress, i).n_hands;
      *n_expected += g_array_index (progress, SpTableProgress, i).n_expected;
    }
}

/* "not drawn", "playing 12/32 hands", "closed": newly allocated. */
static char *
session_state (SpSessionsPage      *self,
               const SpSessionInfo *info)
{
  g_autoptr(GArray) progress = NULL;
  guint n_hands, n_expected;

  if (!info->exists)
    return g_strdup (_("not drawn"));
  if (info->closed)
    return g_strdup (info->time_up ? _("closed (time up)") : _("closed"));
  progress = sp_db_session_progress (self->db, self->tournament, info->number, NULL);
  count_hands (progress, &n_hands, &n_expected);
  /* TRANSLATORS: hands entered / hands of the session's tables */
  return g_strdup_printf (_("playing %u/%u hands"), n_hands, n_expected);
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
table_card_new (guint                  session,
                guint                  table,
                const gint64          *players,
                GHashTable            *names,
                const SpTableResult   *result,
                const SpTableProgress *progress,
                gint32                 riichi_start)
{
  g_autofree char *title = g_strdup_printf (_("Table %u"), table);
  g_autofree char *hands = g_strdup_printf (_("%u/%u hands"), progress->n_hands,
                                            progress->n_expected);
  g_autofree char *enter = NULL;
  GtkWidget *button;
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
  /* A table whose sequence is over stands out from those still playing. */
  gtk_widget_add_css_class (label, progress->finished ? "success" : "dim-label");
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
      /* Riichi: the points on the player's sticks (30,000 at the start), as the table's sheet
       * shows them, penalties apart (they come off the tournament points).  Elsewhere signed
       * as on the score sheet, with a true minus sign: "+89", "−19", "0". */
      if (riichi_start > 0)
        {
          points = riichi_start;
          if (result != NULL)
            for (guint k = 0; k < 4; k++)
              if (result->players[k] == players[c])
                points += result->hand_scores[k];
          score = sp_points_text (points);
        }
      else
        score = points > 0 ? g_strdup_printf ("+%" G_GINT64_FORMAT, points)
                : points < 0 ? g_strdup_printf ("−%" G_GINT64_FORMAT, -points) : g_strdup ("0");

      label = gtk_label_new (sp_wind_glyph (c));
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

  /* Hand entry opens the table (tournament.open-table, installed by the hand entry): until
   * that action exists GTK leaves the button insensitive, and the tooltip says why. */
  button = gtk_button_new_with_mnemonic (_("_Enter Hand"));
  gtk_widget_set_halign (button, GTK_ALIGN_END);
  gtk_widget_set_margin_end (button, 12);
  gtk_widget_set_margin_bottom (button, 12);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "tournament.open-table");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button),
                                          g_variant_new ("(uu)", session, table));
  /* Translators: the accessible name of a table card's button; the table's number. */
  enter = g_strdup_printf (_("Enter Hand at Table %u"), table);
  set_accessible_label (button, enter);
  gtk_widget_set_tooltip_text (button, _("Enter the next hand of this table"));
  gtk_box_append (GTK_BOX (card), button);
  return card;
}

static void
update_actions (SpSessionsPage *self)
{
  gboolean any = self->tournament != NULL && self->selected > 0;
  g_autofree char *draw = g_strdup_printf (_("Draw Session %u"), self->selected);
  g_autofree char *close = g_strdup_printf (_("Close Session %u"), self->selected);
  g_autofree char *reopen = g_strdup_printf (_("Reopen Session %u"), self->selected);
  /* Drawing, closing and reopening a session are the director's. */
  gboolean director = sp_role_is_director (self->db);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sessions.draw",
                                 any && director && !self->info.closed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sessions.close",
                                 any && director && self->info.exists && !self->info.closed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "sessions.reopen",
                                 any && director && self->info.closed);
  sp_role_explain_director (GTK_WIDGET (self->draw_button), self->db, NULL);
  sp_role_explain_director (GTK_WIDGET (self->close_button), self->db, NULL);
  sp_role_explain_director (GTK_WIDGET (self->reopen_button), self->db, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->close_button), !self->info.closed);
  gtk_widget_set_visible (GTK_WIDGET (self->reopen_button), self->info.closed);
  /* The draw is the next step only while the session has no seats; a redraw is not. */
  if (any && !self->info.exists)
    gtk_widget_add_css_class (GTK_WIDGET (self->draw_button), "suggested-action");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->draw_button), "suggested-action");
  set_accessible_label (GTK_WIDGET (self->draw_button), draw);
  set_accessible_label (GTK_WIDGET (self->close_button), close);
  set_accessible_label (GTK_WIDGET (self->reopen_button), reopen);
}

/* "37/64 hands · 2 tables finished · 5 playing · 1 waiting": newly allocated. */
static char *
progress_text (GArray *progress)
{
  guint n_hands, n_expected, finished = 0, playing = 0, waiting = 0;
  g_autofree char *hands = NULL;
  g_autofree char *done = NULL;
  g_autofree char *busy = NULL;
  g_autofree char *idle = NULL;

  count_hands (progress, &n_hands, &n_expected);
  for (guint i = 0; progress != NULL && i < progress->len; i++)
    {
      const SpTableProgress *table = &g_array_index (progress, SpTableProgress, i);

      if (table->finished)
        finished++;
      else if (table->n_hands > 0)
        playing++;
      else
        waiting++;
    }
  /* Translators: hands entered / hands of the session's tables. */
  hands = g_strdup_printf (_("%u/%u hands"), n_hands, n_expected);
  done = g_strdup_printf (ngettext ("%u table finished", "%u tables finished", finished),
                          finished);
  /* Translators: tables that have begun and not finished. */
  busy = g_strdup_printf (ngettext ("%u playing", "%u playing", playing), playing);
  /* Translators: tables where no hand was entered yet. */
  idle = g_strdup_printf (ngettext ("%u waiting", "%u waiting", waiting), waiting);
  return g_strjoin (" · ", hands, done, busy, idle, NULL);
}

/* "0 repeated meetings · seat winds within 1": newly allocated. */
static char *
review_text (const SpSeatingReview *review)
{
  g_autofree char *repeats = NULL;
  g_autofree char *winds = NULL;

  repeats = g_strdup_printf (ngettext ("%u repeated meeting", "%u repeated meetings",
                                       review->n_repeated), review->n_repeated);
  /* Translators: the largest difference, for one player, between the sessions begun at his
   * most and his least frequent seat wind. */
  winds = g_strdup_printf (_("seat winds within %u"), review->wind_spread);
  return g_strjoin (" · ", repeats, winds, NULL);
}

/* Reviews the seats of the sessions drawn up to the selected one. */
static void
review_seating (SpSessionsPage *self)
{
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree char *text = NULL;

  g_clear_pointer (&self->review, sp_seating_review_free);
  for (guint k = 1; k <= self->selected; k++)
    {
      g_autoptr(GArray) seats = sp_db_list_seats (self->db, self->tournament->id, k, NULL);

      if (seats != NULL && seats->len >= 4)
        g_array_append_vals (all, seats->data, seats->len / 4 * 4);
    }
  self->review = sp_seating_review_new ((const gint64 *) all->data, all->len);
  text = review_text (self->review);
  gtk_menu_button_set_label (self->quality_button, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->quality_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static const char *
player_name (SpSessionsPage *self,
             gint64          id)
{
  const char *name = self->names != NULL ? g_hash_table_lookup (self->names, &id) : NULL;

  return name != NULL ? name : "?";
}

static void
add_quality_row (SpSessionsPage *self,
                 const char     *text,
                 gboolean        heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, heading ? 9 : 3);
  gtk_widget_set_margin_bottom (label, 3);
  if (heading)
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_box_append (self->quality_list, label);
}

/* The details, built when asked for: the pairs who met more than once, most first, then each
 * player's seat winds, the least balanced first. */
static void
quality_popover_shown_cb (SpSessionsPage *self)
{
  g_autoptr(GArray) order = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->quality_list))) != NULL)
    gtk_list_box_remove (self->quality_list, child);
  if (self->review == NULL)
    return;

  add_quality_row (self, _("Repeated Meetings"), TRUE);
  if (self->review->repeats->len == 0)
    add_quality_row (self, _("No two players met more than once."), FALSE);
  for (guint i = 0; i < self->review->repeats->len; i++)
    {
      const SpRepeatedMeeting *r = &g_array_index (self->review->repeats, SpRepeatedMeeting, i);
      /* Translators: two players' names and how often they shared a table. */
      g_autofree char *text = g_strdup_printf (ngettext ("%s and %s: %u time",
                                                         "%s and %s: %u times", r->meetings),
                                               player_name (self, r->players[0]),
                                               player_name (self, r->players[1]), r->meetings);

      add_quality_row (self, text, FALSE);
    }

  add_quality_row (self, _("Seat Winds (East · South · West · North)"), TRUE);
  order = g_array_sized_new (FALSE, FALSE, sizeof (guint), self->review->winds->len);
  /* The least balanced players first: spread 3, 2, … */
  for (guint spread = self->review->wind_spread + 1; spread-- > 0;)
    for (guint i = 0; i < self->review->winds->len; i++)
      {
        const SpSeatWinds *w = &g_array_index (self->review->winds, SpSeatWinds, i);
        guint most = MAX (MAX (w->winds[0], w->winds[1]), MAX (w->winds[2], w->winds[3]));
        guint fewest = MIN (MIN (w->winds[0], w->winds[1]), MIN (w->winds[2], w->winds[3]));

        if (most - fewest == spread)
          g_array_append_val (order, i);
      }
  for (guint k = 0; k < order->len; k++)
    {
      const SpSeatWinds *w = &g_array_index (self->review->winds, SpSeatWinds,
                                             g_array_index (order, guint, k));
      /* Translators: a player's name and the sessions he began at East, South, West, North. */
      g_autofree char *text = g_strdup_printf (_("%s: E %u · S %u · W %u · N %u"),
                                               player_name (self, w->player), w->winds[0],
                                               w->winds[1], w->winds[2], w->winds[3]);

      add_quality_row (self, text, FALSE);
    }
}

/* The cards built in one go: about two screens' worth. */
#define CARDS_PER_BATCH 24

static void
clear_cards (SpSessionsPage *self)
{
  g_clear_handle_id (&self->cards_idle, g_source_remove);
  g_clear_pointer (&self->card_seats, g_array_unref);
  g_clear_pointer (&self->card_progress, g_array_unref);
  g_clear_pointer (&self->card_results, g_array_unref);
  self->next_card = 0;
}

/* Builds the next batch of table cards; FALSE once all are built. */
static gboolean
add_cards (SpSessionsPage *self)
{
  guint n_tables;
  guint end;
  SpRiichiTableRules riichi;
  gint32 riichi_start = 0;

  if (self->card_seats == NULL)
    return FALSE;
  /* A riichi table's players start with the profile's points. */
  if (sp_ruleset_traits (self->tournament->ruleset)->keeps_points)
    {
      if (sp_riichi_table_rules_of (self->tournament->rules, &riichi, NULL))
        riichi_start = riichi.start_points;
    }
  n_tables = self->card_seats->len / 4;
  end = MIN (n_tables, self->next_card + CARDS_PER_BATCH);
  for (guint t = self->next_card; t < end; t++)
    {
      const SpTableResult *result = NULL;
      SpTableProgress table = { .table = t + 1, .n_expected = 16 };
      GArray *progress = self->card_progress;
      GArray *results = self->card_results;

      /* Both are in table order, one per table. */
      if (progress != NULL && t < progress->len
          && g_array_index (progress, SpTableProgress, t).table == t + 1)
        table = g_array_index (progress, SpTableProgress, t);
      for (guint i = 0; results != NULL && i < results->len; i++)
        {
          const SpTableResult *r = &g_array_index (results, SpTableResult, i);

          if (r->session == self->selected && r->table == t + 1)
            result = r;
        }
      gtk_flow_box_append (self->tables_box,
                           table_card_new (self->selected, t + 1,
                                           &g_array_index (self->card_seats, gint64, 4 * t),
                                           self->names, result, &table, riichi_start));
    }
  self->next_card = end;
  if (end < n_tables)
    return TRUE;
  self->cards_idle = 0;
  clear_cards (self);
  return FALSE;
}

static gboolean
add_cards_cb (gpointer user_data)
{
  return add_cards (user_data) ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Shows the selected session's tables, or its empty state. */
static void
show_session (SpSessionsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seats = NULL;
  g_autoptr(GArray) progress = NULL;
  g_autoptr(GArray) results = NULL;
  g_autofree char *title = NULL;
  g_autofree char *state = NULL;
  g_autofree char *line = NULL;
  GtkWidget *child;

  clear_cards (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tables_box))) != NULL)
    gtk_flow_box_remove (self->tables_box, child);
  memset (&self->info, 0, sizeof self->info);
  g_clear_pointer (&self->review, sp_seating_review_free);
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
  /* How it was drawn; while it is played, the progress line below says how far it is. */
  if (self->info.exists && self->info.has_seed)
    {
      g_autofree char *how = g_strdup_printf (_("%s, seed %" PRIu64),
                                              sp_draw_dialog_method_name (self->tournament),
                                              self->info.seed);
      g_autofree char *subtitle = self->info.closed ? g_strdup_printf ("%s · %s", state, how)
                                                    : g_strdup (how);

      gtk_label_set_label (self->session_subtitle, subtitle);
    }
  else
    gtk_label_set_label (self->session_subtitle, state);
  update_actions (self);
  /* The clock shown is the selected session's, while it is drawn and open; the header keeps
   * following the session in play. */
  sp_clock_controls_set_session (self->clock_controls, self->selected);
  gtk_widget_set_visible (GTK_WIDGET (self->clock_controls),
                          self->info.exists && !self->info.closed);
  sp_penalties_list_load (self->penalties_list, self->db, self->tournament->id, self->selected,
                          self->info.exists && !self->info.closed);

  seats = sp_db_list_seats (self->db, self->tournament->id, self->selected, &error);
  if (seats == NULL || seats->len < 4)
    {
      SpTournamentSummary summary = { 0 };

      /* A draw seats the players checked in: with fewer than four there is nothing to draw,
       * and the empty page says where to go first. */
      if (!self->info.exists
          && sp_db_summarize_tournament (self->db, self->tournament->id, &summary, NULL)
          && summary.n_present < 4)
        adw_status_page_set_description (self->empty_status,
                                         _("Check in at least four players on the Players "
                                           "page, then draw the session."));
      else
        adw_status_page_set_description (self->empty_status,
                                         _("Draw the session to seat the players at their "
                                           "tables."));
      gtk_widget_set_visible (GTK_WIDGET (self->progress_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->quality_button), FALSE);
      gtk_stack_set_visible_child_name (self->tables_stack, "empty");
      return;
    }

  g_clear_pointer (&self->names, g_hash_table_unref);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  self->players = sp_db_list_players (self->db, self->tournament->id, NULL);
  self->names = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; self->players != NULL && i < self->players->len; i++)
    {
      SpPlayer *player = g_ptr_array_index (self->players, i);

      g_hash_table_insert (self->names, &player->id, player->name);
    }
  progress = sp_db_session_progress (self->db, self->tournament, self->selected, NULL);
  results = sp_db_list_table_results (self->db, self->tournament->id, self->selected, NULL);
  line = progress_text (progress);
  gtk_label_set_label (self->progress_label, line);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_label), TRUE);
  review_seating (self);
  gtk_widget_set_visible (GTK_WIDGET (self->quality_button), TRUE);

  self->card_seats = g_steal_pointer (&seats);
  self->card_progress = g_steal_pointer (&progress);
  self->card_results = g_steal_pointer (&results);
  self->next_card = 0;
  add_cards (self);
  if (self->card_seats != NULL)
    self->cards_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, add_cards_cb, self, NULL);
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
drawn_cb (SpDrawDialog   *dialog,
          guint64         seed,
          guint           top,
          SpSessionsPage *self)
{
  g_autofree char *message = NULL;

  if (top > 0)
    /* Translators: a toast; the final's size, the method and the seed. */
    message = g_strdup_printf (_("Final of the top %u drawn: %s, seed %" PRIu64), top,
                               sp_draw_dialog_method_name (self->tournament), seed);
  else
    message = g_strdup_printf (_("%s, seed %" PRIu64),
                               sp_draw_dialog_method_name (self->tournament), seed);
  reload (self);
  show_toast (self, message);
}

/* Opens the draw dialog: the method, a seed, a final's top N; a redraw the store refuses (the
 * session has hands) is told there with the store's message. */
static void
draw_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SpSessionsPage *self = SP_SESSIONS_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  SpDrawDialog *dialog;
  guint n_players = 0;

  if (self->tournament == NULL)
    return;
  sp_db_count_players (self->db, self->tournament->id, &n_players, NULL);
  dialog = sp_draw_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->db,
                               self->tournament, self->selected, n_players);
  g_signal_connect_object (dialog, "drawn", G_CALLBACK (drawn_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The close stands; its automatic backup that could not be made is said. */
static void
show_close_warning (SpSessionsPage *self)
{
  g_autofree char *warning = sp_db_take_warning (self->db);

  if (warning != NULL)
    show_toast (self, warning);
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
  show_close_warning (self);
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
      show_close_warning (self);
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
                                  table->n_expected);
        }
    }
  if (body->len == 0)
    g_string_assign (body, error->message);
  heading = g_strdup_printf (_("Session %u Is Not Finished"), self->selected);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)), heading, body->str);
  sp_message_add_destructive (ADW_MESSAGE_DIALOG (dialog), "time-up",
                              _("Close _Anyway (Time Up)"));
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
  if (!sp_db_reopen_session (self->db, self->tournament, self->selected, &error)
      && !sp_pin_dialog_offer (GTK_WIDGET (self), self->db, self->tournament->id,
                               "session reopen", error, (SpPinRetry) reopen_response_cb, dialog,
                               response, self))
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

  clear_cards (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_SESSIONS_PAGE);
  g_clear_pointer (&self->review, sp_seating_review_free);
  g_clear_pointer (&self->names, g_hash_table_unref);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  self->db = NULL;
  self->tournament = NULL;

  G_OBJECT_CLASS (sp_sessions_page_parent_class)->dispose (object);
}

/* A load while the page was hidden is done now that it shows. */
static void
sp_sessions_page_map (GtkWidget *widget)
{
  SpSessionsPage *self = SP_SESSIONS_PAGE (widget);

  GTK_WIDGET_CLASS (sp_sessions_page_parent_class)->map (widget);
  if (self->stale)
    {
      self->stale = FALSE;
      reload (self);
    }
}

static void
sp_sessions_page_class_init (SpSessionsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_sessions_page_dispose;
  widget_class->map = sp_sessions_page_map;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-sessions-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, session_list);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, split_box);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, split_separator);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, session_scroller);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, session_title);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, session_subtitle);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, draw_button);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, close_button);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, reopen_button);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, progress_label);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, quality_button);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, quality_list);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, content_stack);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, penalties_list);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, tables_stack);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, tables_box);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, empty_status);
  g_type_ensure (SP_TYPE_CLOCK_CONTROLS);
  gtk_widget_class_bind_template_child (widget_class, SpSessionsPage, clock_controls);
  gtk_widget_class_bind_template_callback (widget_class, session_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, quality_popover_shown_cb);

  gtk_widget_class_install_action (widget_class, "sessions.draw", NULL, draw_activated);
  gtk_widget_class_install_action (widget_class, "sessions.close", NULL, close_activated);
  gtk_widget_class_install_action (widget_class, "sessions.reopen", NULL, reopen_activated);
}

static void
sp_sessions_page_init (SpSessionsPage *self)
{
  g_type_ensure (SP_TYPE_PENALTIES_LIST);
  gtk_widget_init_template (GTK_WIDGET (self));
  update_actions (self);
}

/**
 * sp_sessions_page_load:
 * @self: a page
 * @db: the store, which must outlive the page's use of it
 * @tournament: the tournament, likewise
 *
 * Lists @tournament's sessions and shows the selected one's tables; while the page is hidden,
 * only once it is shown (a big tournament's tables are not read for nothing).
 */
void
sp_sessions_page_set_compact (SpSessionsPage *self,
                              gboolean        compact)
{
  GtkOrientation split = compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;

  g_return_if_fail (SP_IS_SESSIONS_PAGE (self));

  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->split_box)) == split)
    return;
  /* A phone's width has no room for a column of sessions beside the tables: the list goes
   * above them, a few rows high, and scrolls. */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->split_box), split);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->split_separator),
                                  compact ? GTK_ORIENTATION_HORIZONTAL
                                          : GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_size_request (GTK_WIDGET (self->session_list), compact ? -1 : 220, -1);
  gtk_scrolled_window_set_propagate_natural_height (self->session_scroller, compact);
  gtk_scrolled_window_set_max_content_height (self->session_scroller, compact ? 150 : -1);
}

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
  sp_clock_controls_load (self->clock_controls, db, tournament);
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  self->stale = FALSE;
  reload (self);
}
