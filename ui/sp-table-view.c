/* sp-table-view.c: one table of a session as the referee keeps it.  A window of its own rather
 * than a page of the tournament view: the referee's desk keeps the table's sheet open beside the
 * director's pages, and Ctrl+Z undoes what was done in this window only.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <string.h>

#include "sp-hand-dialog.h"
#include "sp-message.h"
#include "sp-pin-dialog.h"
#include "sp-points.h"
#include "sp-role.h"
#include "sp-table-view.h"
#include "sp-tile.h"
#include "sp-wind.h"

/* ---- One line of the score sheet ------------------------------------------------------- */

enum
{
  CELL_HAND,
  CELL_ROUND,
  CELL_DEALER,
  CELL_STICKS,            /* Riichi: the riichi sticks on the table before the hand */
  CELL_RIICHI,            /* Riichi: the seats that declared riichi */
  CELL_WINNER,
  CELL_FROM,
  CELL_ITEMS,
  CELL_TOTAL,
  CELL_CHAIR_FIRST,
  N_CELLS = CELL_CHAIR_FIRST + 4
};

#define SP_TYPE_SHEET_LINE (sp_sheet_line_get_type ())
G_DECLARE_FINAL_TYPE (SpSheetLine, sp_sheet_line, SP, SHEET_LINE, GObject)

struct _SpSheetLine
{
  GObject parent_instance;
  gint64  id;               /* the hand's */
  char   *cells[N_CELLS];   /* the chairs' cells are Pango markup */
};

G_DEFINE_FINAL_TYPE (SpSheetLine, sp_sheet_line, G_TYPE_OBJECT)

static void
sp_sheet_line_finalize (GObject *object)
{
  SpSheetLine *self = SP_SHEET_LINE (object);

  for (guint i = 0; i < N_CELLS; i++)
    g_free (self->cells[i]);
  G_OBJECT_CLASS (sp_sheet_line_parent_class)->finalize (object);
}

static void
sp_sheet_line_class_init (SpSheetLineClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sp_sheet_line_finalize;
}

static void
sp_sheet_line_init (SpSheetLine *self)
{
}

/* ---- The window ------------------------------------------------------------------------ */

typedef enum
{
  CHANGE_ADD,             /* id: the hand added */
  CHANGE_CORRECT,         /* id, entry: the hand as it was */
  CHANGE_REMOVE,          /* number, entry: the hand removed */
  CHANGE_FALSE_WIN,       /* penalties: the ids stored */
  CHANGE_GIVE_PENALTY,    /* id */
  CHANGE_DELETE_PENALTY,  /* penalty: as it was */
} ChangeKind;

typedef struct
{
  ChangeKind  kind;
  gint64      id;
  guint       number;
  guint       version;    /* ADD, CORRECT: the hand's version right after the change */
  guint       n_hands;    /* the table's hands right after the change */
  SpHandEntry entry;
  GArray     *penalties;
  SpPenalty   penalty;
} Change;

static void
change_free (Change *change)
{
  sp_hand_entry_clear (&change->entry);
  g_clear_pointer (&change->penalties, g_array_unref);
  g_free (change->penalty.reason);
  g_free (change);
}

struct _SpTableView
{
  AdwWindow parent_instance;

  SpDb         *db;         /* the caller's */
  SpTournament *tournament;
  const SpRules *rules;     /* the tournament's, read with it */
  /* Riichi: the hanchan replayed by the core's riichi table, its points after each hand. */
  gboolean      riichi;
  SpRiichiTableRules riichi_rules;
  SpRiichiTable riichi_table;   /* as the hands left it: before the next hand */
  guint         session;
  guint         number;
  SpTable       table;
  GPtrArray    *hands;      /* SpHandRecord */
  char         *names[4];   /* by chair */
  GPtrArray    *undo;       /* Change, the last on top */
  GSettings    *settings;
  gint64        record_time;
  GListStore   *lines;
  GtkSingleSelection *selection; /* of the sheet's lines: F2 and Delete act on it */
  GtkColumnViewColumn *chair_columns[4]; /* the players' columns, titled with this hand's winds */
  AdwToast     *toast;      /* the last one shown, weak */
  guint         poll_id;    /* the watch for changes made elsewhere */
  gint64        data_version;

  /* Template children */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle  *window_title;
  GtkWidget       *closed_bar;
  GtkLabel        *closed_label;
  GtkLabel        *next_label;
  GtkWidget       *empty_label;
  GtkWidget       *seats_box;
  GtkColumnView   *sheet_view;
  GtkLabel        *totals_label;
  GtkListBox      *penalty_list;
  GtkWidget       *enter_button;
  GtkWidget       *penalty_button;
};

G_DEFINE_FINAL_TYPE (SpTableView, sp_table_view, ADW_TYPE_WINDOW)

/* Whether this station may change the table: its session open, and a role that enters hands
 * (a viewer's station reads the sheet; the store would refuse its entries anyway). */
static gboolean
open_to_entry (SpTableView *self)
{
  return !self->table.closed && sp_role_may_enter (self->db);
}

enum
{
  CHANGED,
  RELOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];


static char *
signed_number (gint64 n)
{
  return n > 0 ? g_strdup_printf ("+%" G_GINT64_FORMAT, n) : n < 0
         ? g_strdup_printf ("−%" G_GINT64_FORMAT, -n) : g_strdup ("0");
}

static const char *
chair_name (SpTableView *self,
            gint         chair)
{
  return chair >= 0 && chair < 4 && self->names[chair] != NULL ? self->names[chair] : "";
}

/* The round of a riichi hand as the table calls it: 東1局, 東2局 1本場 ("East 1", "East 2,
 * 1 honba"). */
static char *
riichi_round_name (const SpRotation *rotation)
{
  guint deal = sp_riichi_table_deal (rotation);
  g_autofree char *round = NULL;

  switch (rotation->round_wind)
    {
    case SP_WIND_EAST:
      /* TRANSLATORS: a riichi round (東1局); %u is the deal in the round, 1–4 */
      round = g_strdup_printf (C_("riichi round", "East %u"), deal);
      break;
    case SP_WIND_SOUTH:
      /* TRANSLATORS: a riichi round (南1局); %u is the deal in the round, 1–4 */
      round = g_strdup_printf (C_("riichi round", "South %u"), deal);
      break;
    case SP_WIND_WEST:
      /* TRANSLATORS: a riichi round (西1局); %u is the deal in the round, 1–4 */
      round = g_strdup_printf (C_("riichi round", "West %u"), deal);
      break;
    default:
      /* TRANSLATORS: a riichi round (北1局); %u is the deal in the round, 1–4 */
      round = g_strdup_printf (C_("riichi round", "North %u"), deal);
      break;
    }
  if (rotation->streak == 0)
    return g_steal_pointer (&round);
  /* TRANSLATORS: a riichi round with its counters (東2局 1本場); %s is the round, %u the
   * counters (本場) */
  return g_strdup_printf (C_("riichi round", "%s, %u honba"), round, (guint) rotation->streak);
}

/* The seat winds (東 南 …) of the chairs in @chairs (bit per chair) at @rotation. */
static char *
riichi_seats (const SpRotation *rotation,
              guint8            chairs)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint seat = 0; seat < 4; seat++)
    if (chairs & (1u << sp_rotation_chair_at (rotation, (SpWind) seat)))
      g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", sp_wind_glyph (seat));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The toast shown has gone: the next message needs a new one. */
static void
toast_dismissed_cb (SpTableView *self,
                    AdwToast    *toast)
{
  if (self->toast == toast)
    g_clear_weak_pointer (&self->toast);
}

/* Tells what the last change did.  While a toast is still up it is given the new message rather
 * than replaced: no queue of stale toasts whose Undo would undo something else, and no dismissal
 * racing its animation (libadwaita 1.2 may release a toast dismissed while it shows twice). */
static void
show_toast (SpTableView *self,
            const char  *message,
            gboolean     undo)
{
  AdwToast *toast = self->toast;

  if (toast == NULL)
    {
      toast = adw_toast_new (message);
      g_set_weak_pointer (&self->toast, toast);
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self,
                               G_CONNECT_SWAPPED);
      adw_toast_set_button_label (toast, undo ? _("Undo") : NULL);
      adw_toast_set_action_name (toast, undo ? "table.undo" : NULL);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return;
    }
  adw_toast_set_title (toast, message);
  adw_toast_set_button_label (toast, undo ? _("Undo") : NULL);
  adw_toast_set_action_name (toast, undo ? "table.undo" : NULL);
}

/* The penalties of this table's players in this session. */
static GPtrArray *
table_penalties (SpTableView *self)
{
  g_autoptr(GPtrArray) all = sp_db_find_penalties (self->db, self->tournament->id, self->session,
                                                   0, NULL);
  GPtrArray *mine = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_penalty_free);

  for (guint i = 0; all != NULL && i < all->len; i++)
    {
      SpPenalty *penalty = g_ptr_array_index (all, i);

      for (guint c = 0; c < 4; c++)
        {
          if (penalty->player == self->table.players[c])
            {
              g_ptr_array_add (mine, g_ptr_array_steal_index (all, i));
              i--;
              break;
            }
        }
    }
  return mine;
}

static void remove_penalty_retry (gpointer    button,
                                  const char *response,
                                  gpointer    self);

static void
remove_penalty_clicked_cb (GtkButton   *button,
                           SpTableView *self)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "sp-penalty"));
  g_autoptr(GError) error = NULL;

  if (!sp_table_view_delete_penalty (self, id, &error)
      && !sp_pin_dialog_offer (GTK_WIDGET (self), self->db, self->tournament->id,
                               "penalty delete", error, remove_penalty_retry, button, NULL,
                               self))
    show_toast (self, error->message, FALSE);
}

/* The director's lock is open now: the penalty is removed after all. */
static void
remove_penalty_retry (gpointer    button,
                      const char *response,
                      gpointer    self)
{
  remove_penalty_clicked_cb (GTK_BUTTON (button), SP_TABLE_VIEW (self));
}

static void
show_penalties (SpTableView *self,
                GPtrArray   *penalties)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->penalty_list))) != NULL)
    gtk_list_box_remove (self->penalty_list, child);
  if (penalties->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No penalties at this table"));
      gtk_list_box_append (self->penalty_list, row);
      return;
    }
  for (guint i = 0; i < penalties->len; i++)
    {
      SpPenalty *penalty = g_ptr_array_index (penalties, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *points = signed_number (penalty->points);
      g_autofree char *title = NULL;
      g_autofree char *label = NULL;
      g_autofree char *reason = sp_penalty_reason_translate (penalty->reason);
      const char *name = "";

      for (guint c = 0; c < 4; c++)
        if (self->table.players[c] == penalty->player)
          name = chair_name (self, (gint) c);
      /* TRANSLATORS: a penalty at the table: the player, then the points */
      title = g_strdup_printf (_("%s %s"), name, points);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), reason);
      /* TRANSLATORS: the button removing a penalty; %s is the player */
      label = g_strdup_printf (_("Remove the Penalty of %s"), name);
      gtk_widget_set_tooltip_text (button, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      label, -1);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_sensitive (button, open_to_entry (self));
      g_object_set_data (G_OBJECT (button), "sp-penalty", GSIZE_TO_POINTER (penalty->id));
      g_signal_connect (button, "clicked", G_CALLBACK (remove_penalty_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      gtk_list_box_append (self->penalty_list, row);
    }
}


/* A player's card above the sheet: his seat wind at @next, his name and @shown (his score so
 * far, or a riichi player's points).  A long name is shortened rather than widen the window,
 * the seat wind and the figure always shown: the whole line in the tooltip. */
static void
add_seat_card (SpTableView      *self,
               const SpRotation *next,
               guint             c,
               const char       *shown)
{
  /* TRANSLATORS: a player of the table: his seat wind this hand, name and score or points */
  g_autofree char *line = g_strdup_printf (_("%s  %s  %s"), sp_wind_glyph (next->seat_wind[c]),
                                           chair_name (self, (gint) c), shown);
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *wind = gtk_label_new (sp_wind_glyph (next->seat_wind[c]));
  GtkWidget *label = gtk_label_new (chair_name (self, (gint) c));
  GtkWidget *score = gtk_label_new (shown);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (card, line);
  gtk_widget_add_css_class (score, "numeric");
  gtk_widget_set_margin_start (wind, 12);
  gtk_widget_set_margin_end (score, 12);
  gtk_widget_set_margin_top (wind, 8);
  gtk_widget_set_margin_bottom (wind, 8);
  gtk_widget_add_css_class (card, "card");
  gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL, line, -1);
  gtk_box_append (GTK_BOX (card), wind);
  gtk_box_append (GTK_BOX (card), label);
  gtk_box_append (GTK_BOX (card), score);
  gtk_flow_box_append (GTK_FLOW_BOX (self->seats_box), card);
}

/* The next hand: its number, round wind, dealer, and each player's seat wind. */
static void
show_next (SpTableView *self,
           const gint64 totals[4])
{
  const SpRotation *next = &self->table.next;
  g_autofree char *text = NULL;
  GtkWidget *child;

  if (next->finished)
    /* TRANSLATORS: the table played all its hands */
    text = g_strdup_printf (_("All %u hands played"), self->table.n_hands);
  else
    {
      guint dealer = sp_rotation_dealer_chair (next);

      /* The dealer by his seat wind this hand (東), as his card below says: not his chair's. */
      /* TRANSLATORS: the next hand: its number, the round wind, the dealer's seat wind (東)
       * and name */
      text = g_strdup_printf (_("Next: hand %u · round %s · dealer %s %s"), next->number,
                              sp_wind_glyph (next->round_wind),
                              sp_wind_glyph (next->seat_wind[dealer]),
                              chair_name (self, (gint) dealer));
    }
  gtk_label_set_text (self->next_label, text);

  while ((child = gtk_widget_get_first_child (self->seats_box)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->seats_box), child);
  for (guint c = 0; c < 4; c++)
    {
      g_autofree char *total = signed_number (totals[c]);

      add_seat_card (self, next, c, total);
    }
}

/* The players' columns of the sheet, titled as the seat cards: each player's seat wind for the
 * next hand and his name (a long one shortened: the column holds numbers). */
static void
show_chair_titles (SpTableView *self)
{
  SpRotation first;
  const SpRotation *seats = &self->table.next;

  /* After a hanchan the players keep the seats they started from (起家 East). */
  if (self->riichi && self->table.next.finished)
    {
      sp_rotation_start (&first, sp_tournament_rotation (self->tournament));
      seats = &first;
    }
  for (guint c = 0; c < 4; c++)
    {
      const char *name = chair_name (self, (gint) c);
      g_autofree char *shown = NULL;
      g_autofree char *title = NULL;

      if (g_utf8_strlen (name, -1) > 14)
        {
          g_autofree char *start = g_utf8_substring (name, 0, 13);

          shown = g_strconcat (start, "…", NULL);
        }
      else
        shown = g_strdup (name);
      title = g_strdup_printf ("%s %s", sp_wind_glyph (seats->seat_wind[c]), shown);
      if (self->chair_columns[c] != NULL)
        gtk_column_view_column_set_title (self->chair_columns[c], title);
    }
}

/* The seat cards of a riichi table: each player's seat wind for the next hand, name and points
 * (not a running sum: the points on the player's sticks). */
static void
show_riichi_seats (SpTableView       *self,
                   const SpRotation  *next,
                   const gint32       points[4])
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->seats_box)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (self->seats_box), child);
  for (guint c = 0; c < 4; c++)
    {
      g_autofree char *shown = sp_points_text (points[c]);

      add_seat_card (self, next, c, shown);
    }
}

/* What a riichi hand came to, in the Items column: the yaku, or the value entered; the tenpai
 * seats of a draw; what a chombo costs. */
static char *
riichi_items (SpTableView        *self,
              const SpHandRecord *hand,
              const SpRotation   *rotation)
{
  if (hand->chombo != 0)
    {
      g_autofree char *penalty = sp_points_text (self->riichi_rules.chombo_penalty);

      /* TRANSLATORS: a chombo on a riichi table's sheet; %s is the penalty in points */
      return g_strdup_printf (_("Dealt again; −%s after uma"), penalty);
    }
  if (hand->draw)
    {
      g_autofree char *seats = riichi_seats (rotation, hand->tenpai);

      if (hand->tenpai == 0)
        /* TRANSLATORS: an exhaustive draw where nobody was tenpai (全員ノーテン) */
        return g_strdup (_("Nobody tenpai"));
      /* TRANSLATORS: the tenpai seats at an exhaustive draw (聴牌); %s is their winds */
      return g_strdup_printf (_("Tenpai: %s"), seats);
    }
  {
    g_autoptr(GString) text = g_string_new (NULL);

    /* A double or triple ron: each winner's items in the order of the Winner column. */
    for (guint i = 0; i <= hand->n_also && i <= SP_HAND_MAX_ALSO; i++)
      {
        gboolean has_value = i == 0 ? hand->has_value : hand->also[i - 1].has_value;
        const SpHandValue *value = i == 0 ? &hand->value : &hand->also[i - 1].value;
        const SpHandItems *items = i == 0 ? hand->items : hand->also[i - 1].items;
        g_autofree char *one = NULL;

        if (has_value && value->yakuman > 0)
          /* TRANSLATORS: a riichi win entered by its value: a yakuman of %d times (役満) */
          one = g_strdup_printf (_("Yakuman ×%d"), value->yakuman);
        else if (has_value)
          /* TRANSLATORS: a riichi win entered by its value: %d han, %d fu (翻 / 符) */
          one = g_strdup_printf (_("%d han %d fu"), value->han, value->fu);
        else
          one = sp_hand_items_to_text (items, self->tournament->ruleset,
                                       SP_ITEM_WORDING_TITLE);
        if (i > 0)
          g_string_append (text, " · ");
        g_string_append (text, one);
      }
    return g_string_free (g_steal_pointer (&text), FALSE);
  }
}

/* The sheet of a riichi table: the core's riichi table replayed hand after hand, each line
 * with the table before the hand (round and 本場, dealer, sticks), the riichi declared, the
 * result, and each player's points after it with the change. */
static void
fill_riichi_sheet (SpTableView *self,
                   GPtrArray   *hands)
{
  sp_riichi_table_start (&self->riichi_table, &self->riichi_rules);
  for (guint i = 0; i < hands->len; i++)
    {
      const SpHandRecord *hand = g_ptr_array_index (hands, i);
      const SpRotation *rotation = &self->riichi_table.rotation;
      SpSheetLine *sheet_line = g_object_new (SP_TYPE_SHEET_LINE, NULL);
      guint dealer = sp_rotation_dealer_chair (rotation);
      guint sticks = self->riichi_table.sticks;

      sheet_line->id = hand->id;
      sheet_line->cells[CELL_HAND] = g_strdup_printf ("%u", hand->number);
      sheet_line->cells[CELL_ROUND] = riichi_round_name (rotation);
      sheet_line->cells[CELL_DEALER]
        = g_strdup_printf ("%s %s", sp_wind_glyph (rotation->seat_wind[dealer]),
                           chair_name (self, (gint) dealer));
      sheet_line->cells[CELL_STICKS] = g_strdup_printf ("%u", sticks);
      sheet_line->cells[CELL_RIICHI] = riichi_seats (rotation, hand->riichi);
      sheet_line->cells[CELL_ITEMS] = riichi_items (self, hand, rotation);
      if (hand->chombo != 0)
        {
          guint offender = (guint) __builtin_ctz (hand->chombo);

          /* TRANSLATORS: a riichi hand that ended in a chombo (錯和), in the Winner column */
          sheet_line->cells[CELL_WINNER] = g_strdup (_("Chombo"));
          sheet_line->cells[CELL_FROM]
            = g_strdup_printf ("%s %s", sp_wind_glyph (rotation->seat_wind[offender]),
                               chair_name (self, (gint) offender));
          sheet_line->cells[CELL_TOTAL] = g_strdup ("");
        }
      else if (hand->draw)
        {
          sheet_line->cells[CELL_WINNER] = g_strdup (_("Exhaustive draw"));
          sheet_line->cells[CELL_FROM] = g_strdup ("");
          sheet_line->cells[CELL_TOTAL] = g_strdup ("");
        }
      else
        {
          GString *winners = g_string_new (chair_name (self, hand->winner));
          GString *totals = g_string_new (NULL);
          g_autofree char *first = sp_points_text (hand->total);

          /* A double or triple ron: every winner, the first the one who took the sticks. */
          g_string_append (totals, first);
          for (guint a = 0; a < hand->n_also && a < SP_HAND_MAX_ALSO; a++)
            {
              g_autofree char *points = sp_points_text (hand->also[a].total);

              g_string_append_printf (winners, " · %s", chair_name (self, hand->also[a].winner));
              g_string_append_printf (totals, " · %s", points);
            }
          sheet_line->cells[CELL_WINNER] = g_string_free (winners, FALSE);
          sheet_line->cells[CELL_FROM] = hand->discarder >= 0 && hand->discarder < 4
                                         ? g_strdup (chair_name (self, hand->discarder))
                                         /* TRANSLATORS: a self-drawn riichi win (ツモ) */
                                         : g_strdup (_("Tsumo"));
          sheet_line->cells[CELL_TOTAL] = g_string_free (totals, FALSE);
        }
      sp_riichi_table_replay (&self->riichi_table, hand);
      for (guint c = 0; c < 4; c++)
        {
          g_autofree char *points = sp_points_text (self->riichi_table.points[c]);
          g_autofree char *change = sp_points_change (hand->settlement[c]);

          /* The points after the hand first: they are what the players check. */
          sheet_line->cells[CELL_CHAIR_FIRST + c]
            = g_markup_printf_escaped ("<b>%s</b>  <span size='small' alpha='60%%'>%s</span>",
                                       points, change);
        }
      g_list_store_append (self->lines, sheet_line);
      g_object_unref (sheet_line);
    }
  /* The core's table and the store's rotation are one replay of the same hands. */
  g_warn_if_fail (self->riichi_table.rotation.number == self->table.next.number);
}

/* The next hand of a riichi table (its round, 本場, sticks and dealer) and the points, or at
 * the hanchan's end its result: final points after the leftover sticks, places, uma and the
 * tournament points. */
static void
show_riichi_state (SpTableView *self,
                   GPtrArray   *penalties)
{
  const SpRiichiTable *table = &self->riichi_table;
  const SpRotation *next = &table->rotation;
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *text = NULL;
  g_autofree char *totals = NULL;

  if (next->finished || self->table.closed)
    {
      SpRiichiFinal final;
      gint64 penalty[4] = { 0 };

      sp_riichi_table_final (table, &self->riichi_rules, &final);
      for (guint i = 0; i < penalties->len; i++)
        {
          SpPenalty *given = g_ptr_array_index (penalties, i);

          for (guint c = 0; c < 4; c++)
            if (self->table.players[c] == given->player)
              penalty[c] += given->points;
        }
      for (guint c = 0; c < 4; c++)
        {
          g_autofree char *points = sp_points_text (final.points[c]);
          gint64 score = final.score[c] + penalty[c];
          g_autofree char *uma = sp_points_tenths (final.uma[c]);
          g_autofree char *tournament = sp_points_tenths (score);

          /* TRANSLATORS: one player at a riichi hanchan's end: name, final points, place,
           * uma and tournament points, "Bo 45,400 · 1st · uma +15.0 · +30.4" */
          /* A line a player: the four read as a small table, also on a phone. */
          g_string_append_printf (line, _("%s%s %s · place %u · uma %s · %s"),
                                  c > 0 ? "\n" : "", chair_name (self, (gint) c), points,
                                  (guint) final.place[c], uma, tournament);
        }
      /* TRANSLATORS: the end of a riichi hanchan: each player's final points, place, uma and
       * tournament points */
      totals = g_strdup_printf (_("Final:\n%s"), line->str);
      /* TRANSLATORS: the riichi table's hanchan is over */
      text = next->finished
             ? g_strdup_printf (_("The hanchan is over after %u hands"), (guint) next->number - 1)
             : g_strdup_printf (_("The session closed after %u hands"), (guint) next->number - 1);
    }
  else
    {
      guint dealer = sp_rotation_dealer_chair (next);
      g_autofree char *round = riichi_round_name (next);

      for (guint c = 0; c < 4; c++)
        {
          g_autofree char *points = sp_points_text (table->points[c]);

          g_string_append_printf (line, "%s%s %s", c > 0 ? "    " : "",
                                  chair_name (self, (gint) c), points);
        }
      /* TRANSLATORS: a riichi table's points now: "Ana 30,000    Bo 22,000 …" */
      totals = g_strdup_printf (_("Points: %s"), line->str);
      /* TRANSLATORS: the next riichi hand: its number, round (東2局 1本場), the riichi sticks
       * on the table, the dealer's seat wind (東) and name */
      text = g_strdup_printf (_("Next: hand %u · %s · %u sticks on the table · dealer %s %s"),
                              (guint) next->number, round, (guint) table->sticks,
                              sp_wind_glyph (next->seat_wind[dealer]),
                              chair_name (self, (gint) dealer));
    }
  gtk_label_set_text (self->next_label, text);
  gtk_label_set_text (self->totals_label, totals);
  if (next->finished)
    {
      /* After a hanchan the players keep the seats they started from (起家 East). */
      SpRotation first;

      sp_rotation_start (&first, sp_tournament_rotation (self->tournament));
      show_riichi_seats (self, &first, table->points);
    }
  else
    show_riichi_seats (self, next, table->points);
}

/* Reads the table again and shows it. */
static gboolean
load (SpTableView  *self,
      GError      **error)
{
  g_autoptr(GPtrArray) hands = NULL;
  g_autoptr(GArray) history = NULL;
  g_autoptr(GPtrArray) penalties = NULL;
  SpTable table;
  gint64 totals[4] = { 0 };
  g_autofree char *totals_text = NULL;
  g_autoptr(GString) line = g_string_new (NULL);

  if (!sp_db_load_table (self->db, self->tournament, self->session, self->number, &table, &hands,
                         error))
    return FALSE;
  self->table = table;
  g_clear_pointer (&self->hands, g_ptr_array_unref);
  self->hands = g_ptr_array_ref (hands);
  history = sp_table_history (sp_tournament_rotation (self->tournament), hands);

  g_list_store_remove_all (self->lines);
  penalties = table_penalties (self);
  if (self->riichi)
    {
      fill_riichi_sheet (self, hands);
      show_riichi_state (self, penalties);
      goto shown;
    }
  for (guint i = 0; i < hands->len; i++)
    {
      const SpHandRecord *hand = g_ptr_array_index (hands, i);
      const SpRotation *rotation = &g_array_index (history, SpRotation, i);
      SpSheetLine *sheet_line = g_object_new (SP_TYPE_SHEET_LINE, NULL);
      guint dealer = sp_rotation_dealer_chair (rotation);

      sheet_line->id = hand->id;
      sheet_line->cells[CELL_HAND] = g_strdup_printf ("%u", hand->number);
      sheet_line->cells[CELL_ROUND] = g_strdup (sp_wind_glyph (rotation->round_wind));
      /* The dealer by his seat wind in that hand, 東, as the next hand names him. */
      sheet_line->cells[CELL_DEALER]
        = g_strdup_printf ("%s %s", sp_wind_glyph (rotation->seat_wind[dealer]),
                           chair_name (self, (gint) dealer));
      if (hand->draw)
        {
          sheet_line->cells[CELL_WINNER] = g_strdup (_("Exhaustive draw"));
          sheet_line->cells[CELL_FROM] = g_strdup ("");
          sheet_line->cells[CELL_ITEMS] = g_strdup ("");
          sheet_line->cells[CELL_TOTAL] = g_strdup ("");
        }
      else
        {
          sheet_line->cells[CELL_WINNER] = g_strdup (chair_name (self, hand->winner));
          sheet_line->cells[CELL_FROM] = hand->discarder >= 0 && hand->discarder < 4
                                         ? g_strdup (chair_name (self, hand->discarder))
                                         : g_strdup (_("Self-drawn"));
          sheet_line->cells[CELL_ITEMS]
            = hand->items != NULL
              ? sp_hand_items_to_text (hand->items, sp_rules_get_ruleset (self->rules),
                                       SP_ITEM_WORDING_TITLE)
              /* TRANSLATORS: a hand entered by its total alone */
              : g_strdup (_("(total only)"));
          sheet_line->cells[CELL_TOTAL] = g_strdup_printf ("%d", hand->total);
        }
      for (guint c = 0; c < 4; c++)
        {
          g_autofree char *points = signed_number (hand->settlement[c]);
          g_autofree char *running = NULL;

          totals[c] += hand->settlement[c];
          running = signed_number (totals[c]);
          sheet_line->cells[CELL_CHAIR_FIRST + c]
            = g_markup_printf_escaped ("<b>%s</b>  <span size='small' alpha='60%%'>%s</span>",
                                       points, running);
        }
      g_list_store_append (self->lines, sheet_line);
      g_object_unref (sheet_line);
    }

  for (guint i = 0; i < penalties->len; i++)
    {
      SpPenalty *penalty = g_ptr_array_index (penalties, i);

      for (guint c = 0; c < 4; c++)
        if (self->table.players[c] == penalty->player)
          totals[c] += penalty->points;
    }
  for (guint c = 0; c < 4; c++)
    {
      g_autofree char *total = signed_number (totals[c]);

      g_string_append_printf (line, "%s%s %s", c > 0 ? "    " : "", chair_name (self, (gint) c),
                              total);
    }
  /* TRANSLATORS: the table's totals, penalties included: "Ingrid +24    Aiko −8 …" */
  totals_text = g_strdup_printf (_("Totals: %s"), line->str);
  gtk_label_set_text (self->totals_label, totals_text);
  show_next (self, totals);
shown:
  show_chair_titles (self);
  show_penalties (self, penalties);

  gtk_widget_set_visible (self->closed_bar, self->table.closed);
  gtk_widget_set_visible (self->empty_label, hands->len == 0 && !self->table.closed);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.enter-hand",
                                 open_to_entry (self) && !self->table.next.finished);
  sp_role_explain_entry (self->enter_button, self->db, _("Enter the next hand (Ctrl+N)"));
  sp_role_explain_entry (self->penalty_button, self->db, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.add-penalty", open_to_entry (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.edit-hand", open_to_entry (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.delete-hand", open_to_entry (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.confirm-hand", open_to_entry (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.undo",
                                 open_to_entry (self) && self->undo->len > 0);
  return TRUE;
}

/* ---- The sheet's columns --------------------------------------------------------------- */

/* Two-key entry: the hand @id as the sheet shows it when it awaits confirmation, else NULL. */
static const SpHandRecord *
awaiting_hand (SpTableView *self,
               gint64       id)
{
  if (self == NULL || !self->tournament->two_key || self->hands == NULL)
    return NULL;
  for (guint i = 0; i < self->hands->len; i++)
    {
      const SpHandRecord *hand = g_ptr_array_index (self->hands, i);

      if (hand->id == id)
        return hand->confirmed_by == NULL ? hand : NULL;
    }
  return NULL;
}

static void
cell_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  int column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label),
                        column >= CELL_CHAIR_FIRST || column == CELL_TOTAL
                        || column == CELL_STICKS ? 1.0 : 0.0);
  /* One line a hand, as a paper sheet has: the items and the names are shortened where the
   * column is narrow, the whole text in the cell's tooltip. */
  if (column == CELL_ITEMS)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 16);
    }
  else if (column == CELL_DEALER || column == CELL_WINNER || column == CELL_FROM)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 10);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 16);
    }
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  if (column >= CELL_CHAIR_FIRST || column == CELL_TOTAL || column == CELL_HAND
      || column == CELL_STICKS)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
cell_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  int column = GPOINTER_TO_INT (user_data);
  SpSheetLine *line = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));

  SpTableView *self = g_object_get_data (G_OBJECT (factory), "sp-view");

  if (column >= CELL_CHAIR_FIRST)
    gtk_label_set_markup (label, line->cells[column]);
  else
    gtk_label_set_text (label, line->cells[column]);
  /* Two-key entry: a hand that does not count yet says so beside its number. */
  if (column == CELL_HAND)
    {
      gboolean awaiting = awaiting_hand (self, line->id) != NULL;
      /* TRANSLATORS: beside a hand's number on the score sheet: it awaits a second key */
      g_autofree char *marked = g_markup_printf_escaped ("%s <span size='small'>%s</span>",
                                                         line->cells[column],
                                                         _("unconfirmed"));

      if (awaiting)
        gtk_label_set_markup (label, marked);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label),
                                   awaiting ? _("Awaits confirmation by a second referee or "
                                                "the director: not in the standings yet")
                                            : NULL);
      if (awaiting)
        gtk_widget_add_css_class (GTK_WIDGET (label), "warning");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (label), "warning");
    }
  if (column == CELL_ITEMS || column == CELL_DEALER || column == CELL_WINNER
      || column == CELL_FROM)
    gtk_widget_set_tooltip_text (GTK_WIDGET (label), line->cells[column][0] != '\0'
                                                     ? line->cells[column] : NULL);
}

static GtkColumnViewColumn *
add_column (SpTableView *self,
            const char  *title,
            int          column,
            gboolean     expand)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) view_column = NULL;

  g_object_set_data (G_OBJECT (factory), "sp-view", self);
  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup_cb), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind_cb), GINT_TO_POINTER (column));
  view_column = gtk_column_view_column_new (title, g_object_ref (factory));
  gtk_column_view_column_set_expand (view_column, expand);
  gtk_column_view_append_column (self->sheet_view, view_column);
  return view_column;
}

/* A line's Edit or Delete button: its action ("sp-action") on the line's hand. */
static void
line_button_clicked_cb (GtkButton   *button,
                        SpTableView *self)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (button), "sp-item");
  const char *action = g_object_get_data (G_OBJECT (button), "sp-action");
  SpSheetLine *line = gtk_list_item_get_item (item);

  if (line != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), action, "x", line->id);
}

static void
add_line_button (GtkBox      *box,
                 GtkListItem *item,
                 const char  *icon_name,
                 const char  *action,
                 SpTableView *self)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "sp-sheet-button");
  g_object_set_data (G_OBJECT (button), "sp-item", item);
  g_object_set_data (G_OBJECT (button), "sp-action", (gpointer) action);
  g_signal_connect (button, "clicked", G_CALLBACK (line_button_clicked_cb), self);
  gtk_box_append (box, button);
}

static void
actions_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  SpTableView              *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  /* actions_bind_cb finds them in this order: Edit, then Delete, then Confirm (two-key). */
  add_line_button (GTK_BOX (box), item, "document-edit-symbolic", "table.edit-hand", self);
  add_line_button (GTK_BOX (box), item, "user-trash-symbolic", "table.delete-hand", self);
  add_line_button (GTK_BOX (box), item, "emblem-ok-symbolic", "table.confirm-hand", self);
  gtk_list_item_set_child (item, box);
}

static void
actions_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 SpTableView              *self)
{
  SpSheetLine *line = gtk_list_item_get_item (item);
  GtkWidget *edit = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *delete = gtk_widget_get_next_sibling (edit);
  /* TRANSLATORS: the buttons of a line of the score sheet; %s is the hand's number */
  g_autofree char *edit_label = g_strdup_printf (_("Edit Hand %s"), line->cells[CELL_HAND]);
  g_autofree char *delete_label = g_strdup_printf (_("Delete Hand %s"), line->cells[CELL_HAND]);

  gtk_widget_set_tooltip_text (edit, edit_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (edit), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  edit_label, -1);
  gtk_widget_set_tooltip_text (delete, delete_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (delete), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  delete_label, -1);
  gtk_widget_set_sensitive (edit, open_to_entry (self));
  gtk_widget_set_sensitive (delete, open_to_entry (self));
  {
    GtkWidget *confirm = gtk_widget_get_next_sibling (delete);
    /* TRANSLATORS: the button of two-key entry on a line of the score sheet; %s is the hand's
     * number */
    g_autofree char *confirm_label = g_strdup_printf (_("Confirm Hand %s"),
                                                      line->cells[CELL_HAND]);

    gtk_widget_set_tooltip_text (confirm, confirm_label);
    gtk_accessible_update_property (GTK_ACCESSIBLE (confirm), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    confirm_label, -1);
    gtk_widget_set_visible (confirm, awaiting_hand (self, line->id) != NULL);
    gtk_widget_set_sensitive (confirm, open_to_entry (self));
  }
}

static void
build_columns (SpTableView *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) column = NULL;
  const char *total_title;

  switch (sp_ruleset_traits (self->tournament->ruleset)->unit)
    {
    case SP_RULESET_UNIT_TAI:
      total_title = _("台");
      break;
    case SP_RULESET_UNIT_FAN_DOUBLED:
      total_title = _("番");
      break;
    case SP_RULESET_UNIT_POINTS:
      /* TRANSLATORS: the sheet's column of what a riichi win paid the winner */
      total_title = C_("riichi", "Points");
      break;
    case SP_RULESET_UNIT_FAN:
    default:
      total_title = _("Fan");
      break;
    }
  /* Edit and Delete first: never pushed out of sight by long names nor under the scrollbar. */
  g_signal_connect (factory, "setup", G_CALLBACK (actions_setup_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (actions_bind_cb), self);
  column = gtk_column_view_column_new (NULL, g_object_ref (factory));
  gtk_column_view_append_column (self->sheet_view, column);
  /* TRANSLATORS: the score sheet's columns */
  add_column (self, C_("sheet", "Hand"), CELL_HAND, FALSE);
  add_column (self, _("Round"), CELL_ROUND, FALSE);
  add_column (self, _("Dealer"), CELL_DEALER, FALSE);
  if (self->riichi)
    {
      /* TRANSLATORS: a riichi sheet's columns: the sticks on the table before the hand, and
       * the seats that declared riichi */
      add_column (self, _("Sticks"), CELL_STICKS, FALSE);
      add_column (self, C_("sheet", "Riichi"), CELL_RIICHI, FALSE);
    }
  add_column (self, _("Winner"), CELL_WINNER, FALSE);
  add_column (self, _("From"), CELL_FROM, FALSE);
  add_column (self, _("Items"), CELL_ITEMS, TRUE);
  add_column (self, total_title, CELL_TOTAL, FALSE);
  /* Titled by load (), with the next hand's winds. */
  for (guint c = 0; c < 4; c++)
    self->chair_columns[c] = add_column (self, NULL, CELL_CHAIR_FIRST + (int) c, FALSE);
}

/* The hand of the line selected in the sheet, 0 when none is. */
static gint64
selected_hand (SpTableView *self)
{
  SpSheetLine *line = gtk_single_selection_get_selected_item (self->selection);

  return line != NULL ? line->id : 0;
}

/* F2 and Delete on the sheet: the selected line's Edit and Delete. */
static gboolean
sheet_key_cb (GtkWidget *widget,
              GVariant  *arguments,
              gpointer   user_data)
{
  SpTableView *self = SP_TABLE_VIEW (gtk_widget_get_root (widget));
  gint64 id = selected_hand (self);

  if (id == 0 || !open_to_entry (self))
    return FALSE;
  return gtk_widget_activate_action (GTK_WIDGET (self), user_data, "x", id);
}

static void
sheet_activated_cb (SpTableView *self,
                    guint        position)
{
  g_autoptr(SpSheetLine) line = g_list_model_get_item (G_LIST_MODEL (self->lines), position);

  if (line != NULL && open_to_entry (self))
    sp_table_view_open_hand_dialog (self, line->id);
}

/* ---- Changes and their undo ------------------------------------------------------------- */

/* The referee's name for the audit log, set around each change: $SPARROW_REFEREE (as for
 * sparrow-cli: a station set up for one referee), else the name kept in the settings. */
static const char *
referee (SpTableView *self)
{
  static char *name;
  const char *from_environment = g_getenv ("SPARROW_REFEREE");

  g_clear_pointer (&name, g_free);
  if (from_environment != NULL && sp_check_name ("SPARROW_REFEREE", from_environment, NULL))
    name = g_strdup (from_environment);
  else if (self->settings != NULL)
    name = g_settings_get_string (self->settings, "referee-name");
  return name != NULL && name[0] != '\0' ? name : NULL;
}

/**
 * sp_table_view_get_referee:
 * @self: a table view
 *
 * Returns: (nullable): the referee the changes of this station are made by, NULL for the
 * user's login name
 */
const char *
sp_table_view_get_referee (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), NULL);

  return referee (self);
}

static void
begin_change (SpTableView *self)
{
  sp_db_set_referee (self->db, referee (self));
}

static void
end_change (SpTableView *self,
            gboolean     reload)
{
  g_autoptr(GError) error = NULL;

  sp_db_set_referee (self->db, NULL);
  if (reload && !load (self, &error))
    show_toast (self, error->message, FALSE);
  if (reload)
    g_signal_emit (self, signals[CHANGED], 0);
}

/* Keeps @change for Ctrl+Z, once it has committed, with the table as it left it: an undo is
 * refused when another station has changed the table since. */
static void
remember (SpTableView *self,
          Change      *change)
{
  g_ptr_array_add (self->undo, change);
  end_change (self, TRUE);
  change->n_hands = self->table.n_hands;
}

gboolean
sp_table_view_record (SpTableView       *self,
                      gint64             id,
                      const SpHandEntry *entry,
                      SpHandReport      *out_report,
                      GError           **error)
{
  return sp_table_view_record_expecting (self, id, 0, NULL, entry, out_report, error);
}

gboolean
sp_table_view_record_expecting (SpTableView       *self,
                                gint64             id,
                                guint              expect,
                                const SpRotation  *seats,
                                const SpHandEntry *entry,
                                SpHandReport      *out_report,
                                GError           **error)
{
  g_auto(SpHandReport) report = { 0 };
  g_autofree char *message = NULL;
  gint64 start = g_get_monotonic_time ();
  Change *change = g_new0 (Change, 1);
  gboolean ok;

  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), FALSE);

  sp_hand_entry_init (&change->entry);
  begin_change (self);
  if (id == 0)
    ok = sp_db_add_hand_expecting (self->db, self->tournament, self->rules, self->session,
                                   self->number, expect, seats, entry, &report, error);
  else
    {
      SpTable state;

      ok = sp_db_get_hand_entry (self->db, self->tournament, id, &change->entry, &state, error)
           && sp_db_correct_hand_expecting (self->db, self->tournament, self->rules, id, expect,
                                            entry, &report, error);
    }
  if (!ok)
    {
      sp_db_set_referee (self->db, NULL);
      change_free (change);
      /* Refused as stale: the table changed elsewhere, and the sheet shows it at once. */
      if (error != NULL && g_error_matches (*error, SP_DB_ERROR, SP_DB_ERROR_STALE))
        sp_table_view_reload (self, NULL);
      return FALSE;
    }
  if (id != 0)
    {
      change->kind = CHANGE_CORRECT;
      change->id = id;
      change->number = report.hand->number;
      change->version = report.hand->version;
      /* TRANSLATORS: a toast; %u is the hand's number */
      message = g_strdup_printf (_("Hand %u corrected"), report.hand->number);
    }
  else if (report.false_win)
    {
      g_autofree char *reason = sp_penalty_reason_translate (report.result.penalty_reason);

      change->kind = CHANGE_FALSE_WIN;
      change->penalties = g_array_new (FALSE, FALSE, sizeof (gint64));
      for (guint i = 0; report.penalties != NULL && i < report.penalties->len; i++)
        {
          const SpPenalty *penalty = g_ptr_array_index (report.penalties, i);

          g_array_append_val (change->penalties, penalty->id);
          change->number = penalty->number;
        }
      /* TRANSLATORS: a toast after a false win; %s is the rules' reason */
      message = g_strdup_printf (_("False win recorded: %s"), reason);
    }
  else
    {
      change->kind = CHANGE_ADD;
      change->id = report.hand->id;
      change->number = report.hand->number;
      change->version = report.hand->version;
      message = report.hand->draw
                /* TRANSLATORS: a toast; %u is the hand's number */
                ? g_strdup_printf (_("Hand %u recorded: exhaustive draw"), report.hand->number)
                /* TRANSLATORS: a toast: the hand's number and its total */
                : g_strdup_printf (_("Hand %u recorded: %d"), report.hand->number,
                                   report.hand->total);
    }
  remember (self, change);
  self->record_time = g_get_monotonic_time () - start;
  show_toast (self, message, TRUE);
  if (out_report != NULL)
    {
      *out_report = report;
      memset (&report, 0, sizeof report);
    }
  return TRUE;
}

/* Deletes hand @id as the referee saw it, at @version (0: unchecked). */
static gboolean
remove_hand (SpTableView  *self,
             gint64        id,
             guint         version,
             GError      **error)
{
  g_auto(SpHandReport) report = { 0 };
  g_autofree char *message = NULL;
  Change *change = g_new0 (Change, 1);
  SpTable state;

  sp_hand_entry_init (&change->entry);
  change->kind = CHANGE_REMOVE;
  begin_change (self);
  if (!sp_db_get_hand_entry (self->db, self->tournament, id, &change->entry, &state, error)
      || !sp_db_remove_hand_expecting (self->db, self->tournament, self->rules, id, version,
                                       &report, error))
    {
      sp_db_set_referee (self->db, NULL);
      change_free (change);
      if (error != NULL && g_error_matches (*error, SP_DB_ERROR, SP_DB_ERROR_STALE))
        sp_table_view_reload (self, NULL);
      return FALSE;
    }
  change->number = state.next.number;
  change->id = id;
  remember (self, change);
  /* TRANSLATORS: a toast; %u is the hand's number */
  message = g_strdup_printf (_("Hand %u deleted"), change->number);
  show_toast (self, message, TRUE);
  return TRUE;
}

gboolean
sp_table_view_remove_hand (SpTableView  *self,
                           gint64        id,
                           GError      **error)
{
  const SpHandRecord *hand;

  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), FALSE);

  hand = sp_table_view_get_hand (self, id);
  return remove_hand (self, id, hand != NULL ? hand->version : 0, error);
}

gboolean
sp_table_view_give_penalty (SpTableView  *self,
                            SpPenalty    *penalty,
                            GError      **error)
{
  Change *change;

  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), FALSE);

  penalty->session = self->session;
  begin_change (self);
  if (!sp_db_give_penalty (self->db, self->tournament->id, penalty, error))
    {
      sp_db_set_referee (self->db, NULL);
      return FALSE;
    }
  change = g_new0 (Change, 1);
  sp_hand_entry_init (&change->entry);
  change->kind = CHANGE_GIVE_PENALTY;
  change->id = penalty->id;
  remember (self, change);
  show_toast (self, _("Penalty given"), TRUE);
  return TRUE;
}

gboolean
sp_table_view_delete_penalty (SpTableView  *self,
                              gint64        id,
                              GError      **error)
{
  g_autoptr(GPtrArray) penalties = table_penalties (self);
  Change *change;

  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), FALSE);

  change = g_new0 (Change, 1);
  sp_hand_entry_init (&change->entry);
  change->kind = CHANGE_DELETE_PENALTY;
  for (guint i = 0; i < penalties->len; i++)
    {
      SpPenalty *penalty = g_ptr_array_index (penalties, i);

      if (penalty->id == id)
        {
          change->penalty = *penalty;
          change->penalty.reason = g_strdup (penalty->reason);
        }
    }
  begin_change (self);
  if (!sp_db_delete_penalty (self->db, self->tournament->id, id, error))
    {
      sp_db_set_referee (self->db, NULL);
      change_free (change);
      return FALSE;
    }
  remember (self, change);
  show_toast (self, _("Penalty removed"), TRUE);
  return TRUE;
}

/* A hand re-entered by an undo has a new id: the older changes that name it follow. */
static void
renumber_changes (SpTableView *self,
                  gint64       old_id,
                  gint64       new_id)
{
  for (guint i = 0; i < self->undo->len; i++)
    {
      Change *change = g_ptr_array_index (self->undo, i);

      if ((change->kind == CHANGE_ADD || change->kind == CHANGE_CORRECT) && change->id == old_id)
        change->id = new_id;
    }
}

/* Puts a deleted hand back at its number: the hands after it are taken off and entered again
 * after it, in one transaction. */
static gboolean
undo_remove (SpTableView  *self,
             Change       *change,
             GError      **error)
{
  g_autoptr(GArray) later = g_array_new (FALSE, TRUE, sizeof (SpHandEntry));
  g_autoptr(GArray) later_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_auto(SpHandReport) report = { 0 };

  g_array_set_clear_func (later, (GDestroyNotify) sp_hand_entry_clear);
  for (guint i = change->number - 1; i < self->hands->len; i++)
    {
      const SpHandRecord *hand = g_ptr_array_index (self->hands, i);
      SpHandEntry entry;
      SpTable state;

      sp_hand_entry_init (&entry);
      if (!sp_db_get_hand_entry (self->db, self->tournament, hand->id, &entry, &state, error))
        return FALSE;
      g_array_append_val (later, entry);
      g_array_append_val (later_ids, hand->id);
    }
  for (guint i = later_ids->len; i > 0; i--)
    {
      sp_hand_report_clear (&report);
      if (!sp_db_remove_hand (self->db, self->tournament, self->rules,
                              g_array_index (later_ids, gint64, i - 1), &report, error))
        return FALSE;
    }
  sp_hand_report_clear (&report);
  if (!sp_db_add_hand (self->db, self->tournament, self->rules, self->session, self->number,
                       &change->entry, &report, error))
    return FALSE;
  if (report.hand != NULL)
    renumber_changes (self, change->id, report.hand->id);
  for (guint i = 0; i < later->len; i++)
    {
      sp_hand_report_clear (&report);
      if (!sp_db_add_hand (self->db, self->tournament, self->rules, self->session, self->number,
                           &g_array_index (later, SpHandEntry, i), &report, error))
        return FALSE;
      if (report.hand != NULL)
        renumber_changes (self, g_array_index (later_ids, gint64, i), report.hand->id);
    }
  return TRUE;
}

static gboolean
undo_change (SpTableView  *self,
             Change       *change,
             GError      **error)
{
  g_auto(SpHandReport) report = { 0 };

  switch (change->kind)
    {
    case CHANGE_ADD:
      return sp_db_remove_hand_expecting (self->db, self->tournament, self->rules, change->id,
                                          change->version, &report, error);
    case CHANGE_CORRECT:
      return sp_db_correct_hand_expecting (self->db, self->tournament, self->rules, change->id,
                                           change->version, &change->entry, &report, error);
    case CHANGE_REMOVE:
      return undo_remove (self, change, error);
    case CHANGE_FALSE_WIN:
      for (guint i = 0; i < change->penalties->len; i++)
        if (!sp_db_delete_penalty (self->db, self->tournament->id,
                                   g_array_index (change->penalties, gint64, i), error))
          return FALSE;
      return TRUE;
    case CHANGE_GIVE_PENALTY:
      return sp_db_delete_penalty (self->db, self->tournament->id, change->id, error);
    case CHANGE_DELETE_PENALTY:
      change->penalty.id = 0;
      return sp_db_give_penalty (self->db, self->tournament->id, &change->penalty, error);
    default:
      g_assert_not_reached ();
    }
}

/* What an undo took back, as its toast says it: which hand at which table. */
static char *
describe_undone (SpTableView  *self,
                 const Change *change)
{
  switch (change->kind)
    {
    case CHANGE_ADD:
    case CHANGE_CORRECT:
    case CHANGE_REMOVE:
      /* TRANSLATORS: a toast after Ctrl+Z; a hand's number, then its table's */
      return g_strdup_printf (_("Undone: hand %u at table %u"), change->number, self->number);
    case CHANGE_FALSE_WIN:
      /* TRANSLATORS: a toast after Ctrl+Z; the number of the hand the false win came before,
       * then the table's */
      return g_strdup_printf (_("Undone: the false win before hand %u at table %u"),
                              change->number, self->number);
    case CHANGE_GIVE_PENALTY:
    case CHANGE_DELETE_PENALTY:
    default:
      /* TRANSLATORS: a toast after Ctrl+Z; a table's number */
      return g_strdup_printf (_("Undone: a penalty at table %u"), self->number);
    }
}

/* FALSE (SP_DB_ERROR_STALE) when the table, as just read, has more or fewer hands than
 * @change left it with: hands entered or deleted elsewhere since. */
static gboolean
still_as_left (SpTableView   *self,
               const Change  *change,
               GError       **error)
{
  if (self->table.n_hands == change->n_hands)
    return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE,
               /* TRANSLATORS: the table's number, then its hands now and then */
               _("Table %u changed elsewhere since (%u hands now, %u then): nothing was undone"),
               self->number, self->table.n_hands, change->n_hands);
  return FALSE;
}

gboolean
sp_table_view_undo (SpTableView  *self,
                    GError      **error)
{
  g_autoptr(GPtrArray) taken = NULL;
  g_autofree char *message = NULL;
  Change *change;

  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), FALSE);

  if (self->undo->len == 0)
    return FALSE;
  change = g_ptr_array_index (self->undo, self->undo->len - 1);
  begin_change (self);
  /* The inverse of one change is one transaction, however many engine calls it takes. */
  if (!sp_db_begin (self->db, error))
    {
      sp_db_set_referee (self->db, NULL);
      return FALSE;
    }
  /* Never an undo over another station's change: the table is read again inside the
   * transaction, and must be as this window's change left it. */
  if (!load (self, error) || !still_as_left (self, change, error)
      || !undo_change (self, change, error) || !sp_db_commit (self->db, error))
    {
      sp_db_rollback (self->db);
      /* The older changes were made to the table as it was too: none of them is undone. */
      if (error != NULL && g_error_matches (*error, SP_DB_ERROR, SP_DB_ERROR_STALE))
        g_ptr_array_set_size (self->undo, 0);
      end_change (self, TRUE);
      return FALSE;
    }
  message = describe_undone (self, change);
  g_ptr_array_remove_index (self->undo, self->undo->len - 1);
  end_change (self, TRUE);
  show_toast (self, message, FALSE);
  return TRUE;
}

/* ---- Actions --------------------------------------------------------------------------- */

static void
enter_hand_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  sp_table_view_open_hand_dialog (SP_TABLE_VIEW (widget), 0);
}

static void
edit_hand_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  sp_table_view_open_hand_dialog (SP_TABLE_VIEW (widget), g_variant_get_int64 (parameter));
}

/* Two-key entry: the second key on a hand, as this station's referee, against the version
 * shown; refused by the store with its reason (the same referee, a change since). */
static void
confirm_hand_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  SpTableView *self = SP_TABLE_VIEW (widget);
  gint64 id = g_variant_get_int64 (parameter);
  const SpHandRecord *shown = awaiting_hand (self, id);
  g_autoptr(SpHandRecord) hand = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;
  gboolean already = FALSE;
  gboolean ok;

  if (shown == NULL)
    return;
  begin_change (self);
  ok = sp_db_confirm_hand (self->db, self->tournament->id, id, shown->version, &hand, &already,
                           &error);
  end_change (self, ok);
  if (!ok)
    {
      show_toast (self, error->message, FALSE);
      return;
    }
  /* TRANSLATORS: a hand's number, then who confirmed it (two-key entry) */
  done = g_strdup_printf (_("Hand %u confirmed by %s"), hand->number, hand->confirmed_by);
  show_toast (self, done, FALSE);
}

static void
delete_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    SpTableView      *self)
{
  g_autoptr(GError) error = NULL;
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "sp-hand"));
  guint version = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dialog), "sp-version"));

  /* The hand as the referee saw it when he asked: changed since, the store refuses. */
  if (g_strcmp0 (response, "delete") == 0 && !remove_hand (self, id, version, &error))
    show_toast (self, error->message, FALSE);
}

static void
delete_hand_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  SpTableView *self = SP_TABLE_VIEW (widget);
  gint64 id = g_variant_get_int64 (parameter);
  guint number = 0;
  guint version = 0;
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  for (guint i = 0; i < self->hands->len; i++)
    {
      const SpHandRecord *hand = g_ptr_array_index (self->hands, i);

      if (hand->id == id)
        {
          number = hand->number;
          version = hand->version;
        }
    }
  /* TRANSLATORS: the confirmation of a deletion; %u is the hand's number */
  heading = g_strdup_printf (_("Delete Hand %u?"), number);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                   _("The later hands move up one number and are scored again "
                                     "with the rotation that follows."));
  sp_message_add_destructive (ADW_MESSAGE_DIALOG (dialog), "delete", _("_Delete"));
  g_object_set_data (G_OBJECT (dialog), "sp-hand", GSIZE_TO_POINTER (id));
  g_object_set_data (G_OBJECT (dialog), "sp-version", GUINT_TO_POINTER (version));
  g_signal_connect (dialog, "response", G_CALLBACK (delete_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void undo_retry (gpointer    source,
                        const char *response,
                        gpointer    self);

/* Undoing a penalty (or a false win's) deletes it: under a director's PIN, the PIN first. */
static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SpTableView *self = SP_TABLE_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (!sp_table_view_undo (self, &error) && error != NULL
      && !sp_pin_dialog_offer (widget, self->db, self->tournament->id, "penalty delete", error,
                               undo_retry, NULL, NULL, self))
    show_toast (self, error->message, FALSE);
}

static void
undo_retry (gpointer    source,
            const char *response,
            gpointer    self)
{
  undo_activated (GTK_WIDGET (self), NULL, NULL);
}

static void
penalty_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     SpTableView      *self)
{
  GtkDropDown *player = g_object_get_data (G_OBJECT (dialog), "sp-player");
  GtkSpinButton *points = g_object_get_data (G_OBJECT (dialog), "sp-points");
  GtkEditable *reason = g_object_get_data (G_OBJECT (dialog), "sp-reason");
  g_autoptr(GError) error = NULL;
  SpPenalty penalty = { 0 };

  if (g_strcmp0 (response, "give") != 0)
    return;
  penalty.player = self->table.players[gtk_drop_down_get_selected (player)];
  penalty.points = -gtk_spin_button_get_value_as_int (points);
  penalty.reason = (char *) gtk_editable_get_text (reason);
  if (!sp_table_view_give_penalty (self, &penalty, &error))
    show_toast (self, error->message, FALSE);
}

/* A penalty needs its reason (R98 附件4 writes it down). */
static void
reason_changed_cb (GtkEditable      *reason,
                   AdwMessageDialog *dialog)
{
  const char *text = gtk_editable_get_text (reason);

  while (g_ascii_isspace (*text))
    text++;
  adw_message_dialog_set_response_enabled (dialog, "give", *text != '\0');
}

static void
add_penalty_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  SpTableView *self = SP_TABLE_VIEW (widget);
  const char *names[5] = { chair_name (self, 0), chair_name (self, 1), chair_name (self, 2),
                           chair_name (self, 3), NULL };
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Add Penalty"), NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *player = gtk_drop_down_new_from_strings (names);
  GtkWidget *points = gtk_spin_button_new_with_range (0, 10000, 5);
  GtkWidget *reason = gtk_entry_new ();

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (points), 10);
  gtk_accessible_update_property (GTK_ACCESSIBLE (player), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Player"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (points), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Points deducted"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (reason), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reason"), -1);
  gtk_entry_set_placeholder_text (GTK_ENTRY (reason), _("Reason"));
  gtk_box_append (GTK_BOX (box), player);
  gtk_box_append (GTK_BOX (box), points);
  gtk_box_append (GTK_BOX (box), reason);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "give", _("_Give Penalty"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "give",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "sp-player", player);
  g_object_set_data (G_OBJECT (dialog), "sp-points", points);
  g_object_set_data (G_OBJECT (dialog), "sp-reason", reason);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "give", FALSE);
  g_signal_connect (reason, "changed", G_CALLBACK (reason_changed_cb), dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (penalty_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
referee_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     SpTableView      *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "sp-name");
  const char *name = gtk_editable_get_text (entry);

  if (g_strcmp0 (response, "save") == 0 && name[0] != '\0' && self->settings != NULL)
    g_settings_set_string (self->settings, "referee-name", name);
}

/* The referee's name, asked once and kept for every table after. */
static void
ask_referee (SpTableView *self)
{
  GtkWidget *dialog;
  GtkWidget *entry;

  if (self->settings == NULL || referee (self) != NULL || self->table.closed)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Who Is Refereeing?"),
                                   _("Your name goes with each hand and correction into the "
                                     "tournament’s log. It is asked only once."));
  entry = gtk_entry_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Referee’s name"), -1);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "later", _("_Later"),
                                    "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_object_set_data (G_OBJECT (dialog), "sp-name", entry);
  g_signal_connect (dialog, "response", G_CALLBACK (referee_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- Changes made elsewhere ------------------------------------------------------------ */

gboolean
sp_table_view_reload (SpTableView  *self,
                      GError      **error)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), FALSE);

  if (!sp_db_get_data_version (self->db, &self->data_version, error) || !load (self, error))
    return FALSE;
  g_signal_emit (self, signals[RELOADED], 0);
  return TRUE;
}

/* Polled every second, as the main window does: PRAGMA data_version changes when another
 * connection (sparrow-cli, a second window) commits, so that the sheet, "Next: hand N" and an
 * open hand dialog follow within two seconds. */
static gboolean
poll_data_version_cb (gpointer user_data)
{
  SpTableView *self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 version = 0;

  if (!sp_db_get_data_version (self->db, &version, &error))
    {
      /* A hall's server lost: the next poll connects again, and what the referee enters
       * meanwhile is kept at the station (the main window's bar says so). */
      if (g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_IO)
          && !sp_db_location_is_file (sp_db_get_path (self->db)))
        return G_SOURCE_CONTINUE;
      self->poll_id = 0;
      show_toast (self, error->message, FALSE);
      return G_SOURCE_REMOVE;
    }
  if (version != self->data_version && !sp_table_view_reload (self, &error))
    show_toast (self, error->message, FALSE);
  return G_SOURCE_CONTINUE;
}

const SpHandRecord *
sp_table_view_get_hand (SpTableView *self,
                        gint64       id)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), NULL);

  for (guint i = 0; self->hands != NULL && i < self->hands->len; i++)
    if (((const SpHandRecord *) g_ptr_array_index (self->hands, i))->id == id)
      return g_ptr_array_index (self->hands, i);
  return NULL;
}

/* ---- The object ------------------------------------------------------------------------ */

static GSettings *
open_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, SPARROW_APP_ID, TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "referee-name"))
    return NULL;
  return g_settings_new_full (schema, NULL, NULL);
}

static void
sp_table_view_dispose (GObject *object)
{
  SpTableView *self = SP_TABLE_VIEW (object);

  g_clear_weak_pointer (&self->toast);
  g_clear_handle_id (&self->poll_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_TABLE_VIEW);
  self->rules = NULL;
  g_clear_pointer (&self->tournament, sp_tournament_free);
  g_clear_pointer (&self->hands, g_ptr_array_unref);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  for (guint c = 0; c < 4; c++)
    g_clear_pointer (&self->names[c], g_free);
  g_clear_object (&self->settings);
  g_clear_object (&self->lines);
  g_clear_object (&self->selection);
  G_OBJECT_CLASS (sp_table_view_parent_class)->dispose (object);
}

static void
sp_table_view_class_init (SpTableViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = sp_table_view_dispose;

  /**
   * SpTableView::changed:
   *
   * A change made in this window reached the store: the standings follow.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * SpTableView::reloaded:
   *
   * The table was read again for a change made elsewhere: an open hand dialog follows.
   */
  signals[RELOADED] = g_signal_new ("reloaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-table-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SpTableView, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, window_title);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, closed_bar);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, enter_button);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, penalty_button);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, closed_label);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, next_label);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, empty_label);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, seats_box);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, sheet_view);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, totals_label);
  gtk_widget_class_bind_template_child (widget_class, SpTableView, penalty_list);
  gtk_widget_class_bind_template_callback (widget_class, sheet_activated_cb);

  gtk_widget_class_install_action (widget_class, "table.enter-hand", NULL, enter_hand_activated);
  gtk_widget_class_install_action (widget_class, "table.edit-hand", "x", edit_hand_activated);
  gtk_widget_class_install_action (widget_class, "table.delete-hand", "x",
                                   delete_hand_activated);
  gtk_widget_class_install_action (widget_class, "table.confirm-hand", "x",
                                   confirm_hand_activated);
  gtk_widget_class_install_action (widget_class, "table.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "table.add-penalty", NULL,
                                   add_penalty_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "table.undo",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "table.enter-hand", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_table_view_init (SpTableView *self)
{
  GtkEventController *sheet_shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) change_free);
  self->lines = g_list_store_new (SP_TYPE_SHEET_LINE);
  self->settings = open_settings ();
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->lines)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->sheet_view, GTK_SELECTION_MODEL (self->selection));
  sheet_shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (sheet_shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F2, 0),
                      gtk_callback_action_new (sheet_key_cb, (gpointer) "table.edit-hand", NULL)));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (sheet_shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Delete, 0),
                      gtk_callback_action_new (sheet_key_cb, (gpointer) "table.delete-hand",
                                               NULL)));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (sheet_shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_KP_Delete, 0),
                      gtk_callback_action_new (sheet_key_cb, (gpointer) "table.delete-hand",
                                               NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->sheet_view), sheet_shortcuts);
  sp_tile_load_style ();
}

SpTableView *
sp_table_view_new (GtkWindow  *parent,
                   SpDb       *db,
                   gint64      tournament,
                   guint       session,
                   guint       table,
                   GError    **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, tournament);
  g_autoptr(SpTournament) found = sp_db_find_tournament (db, id, error);
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *closed = NULL;
  SpTableView *self;
  const SpRules *rules;

  if (found == NULL)
    return NULL;
  rules = found->rules;
  players = sp_db_list_players (db, tournament, error);
  if (players == NULL)
    return NULL;

  self = g_object_new (SP_TYPE_TABLE_VIEW, "transient-for", parent, NULL);
  self->db = db;
  self->tournament = g_steal_pointer (&found);
  self->rules = rules;
  /* A table that keeps running points (Riichi) replays its hanchan on the table rules. */
  self->riichi = sp_ruleset_traits (self->tournament->ruleset)->keeps_points;
  if (self->riichi && !sp_riichi_table_rules_of (rules, &self->riichi_rules, error))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  self->session = session;
  self->number = table;
  if (!sp_db_load_table (db, self->tournament, session, table, &self->table, NULL, error))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  for (guint c = 0; c < 4; c++)
    for (guint i = 0; i < players->len; i++)
      {
        SpPlayer *player = g_ptr_array_index (players, i);

        if (player->id == self->table.players[c])
          self->names[c] = g_strdup (player->name);
      }
  build_columns (self);
  if (!sp_db_get_data_version (db, &self->data_version, error) || !load (self, error))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  /* Not g_timeout_add_seconds (): see the main window's poll. */
  self->poll_id = g_timeout_add (1000, poll_data_version_cb, self);

  /* TRANSLATORS: the table view's title; %u is the table's number */
  title = g_strdup_printf (_("Table %u"), table);
  /* TRANSLATORS: the table view's subtitle: the session's number and the tournament */
  subtitle = g_strdup_printf (_("Session %u · %s"), session, self->tournament->name);
  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  /* TRANSLATORS: the banner of a closed session's table */
  closed = g_strdup_printf (_("Session %u is closed: its hands and penalties can be read but not "
                              "changed until the director reopens it."), session);
  gtk_label_set_text (self->closed_label, closed);
  gtk_window_present (GTK_WINDOW (self));
  ask_referee (self);
  return self;
}

guint
sp_table_view_get_session (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), 0);
  return self->session;
}

guint
sp_table_view_get_number (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), 0);
  return self->number;
}

const SpTable *
sp_table_view_get_table (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), NULL);
  return &self->table;
}

const SpTournament *
sp_table_view_get_tournament (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), NULL);
  return self->tournament;
}

const SpRules *
sp_table_view_get_rules (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), NULL);
  return self->rules;
}

const char *
sp_table_view_get_player_name (SpTableView *self,
                               guint        chair)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), NULL);
  return chair_name (self, (gint) chair);
}

gboolean
sp_table_view_is_read_only (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), TRUE);
  return self->table.closed;
}

gboolean
sp_table_view_get_hand_entry (SpTableView  *self,
                              gint64        id,
                              SpHandEntry  *entry,
                              SpTable      *state,
                              GError      **error)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), FALSE);
  return sp_db_get_hand_entry (self->db, self->tournament, id, entry, state, error);
}

GtkWindow *
sp_table_view_open_hand_dialog (SpTableView *self,
                                gint64       id)
{
  g_autoptr(GError) error = NULL;
  GtkWindow *dialog;

  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), NULL);

  if (self->table.closed || (id == 0 && self->table.next.finished))
    return NULL;
  dialog = sp_hand_dialog_new (self, id, &error);
  if (dialog == NULL)
    {
      show_toast (self, error->message, FALSE);
      return NULL;
    }
  gtk_window_present (dialog);
  return dialog;
}

SpDb *
sp_table_view_get_database (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), NULL);
  return self->db;
}

gint64
sp_table_view_get_record_time (SpTableView *self)
{
  g_return_val_if_fail (SP_IS_TABLE_VIEW (self), 0);
  return self->record_time;
}

static void
pick_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  GtkWidget        *widget)
{
  GtkDropDown *tables = g_object_get_data (G_OBJECT (dialog), "sp-tables");
  GArray *places = g_object_get_data (G_OBJECT (dialog), "sp-places");
  guint selected;

  if (g_strcmp0 (response, "open") != 0 || tables == NULL)
    return;
  selected = gtk_drop_down_get_selected (tables);
  if (selected >= places->len)
    return;
  gtk_widget_activate_action (widget, "tournament.open-table", "(uu)",
                              g_array_index (places, guint, 2 * selected),
                              g_array_index (places, guint, 2 * selected + 1));
}

void
sp_table_view_pick_table (GtkWindow          *parent,
                          GtkWidget          *widget,
                          SpDb               *db,
                          const SpTournament *tournament)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GArray *places = g_array_new (FALSE, FALSE, sizeof (guint));
  guint selected = G_MAXUINT;
  GtkWidget *dialog;
  GtkWidget *tables;

  for (guint s = 1; s <= tournament->n_sessions; s++)
    {
      SpSessionInfo info = { 0 };

      if (!sp_db_get_session (db, tournament->id, s, &info, NULL) || !info.exists)
        continue;
      for (guint t = 1; t <= info.n_tables; t++)
        {
          /* TRANSLATORS: a table in the table picker */
          g_autofree char *name = g_strdup_printf (_("Session %u · Table %u"), s, t);

          if (selected == G_MAXUINT && !info.closed)
            selected = places->len / 2;
          gtk_string_list_append (names, name);
          g_array_append_val (places, s);
          g_array_append_val (places, t);
        }
    }
  if (places->len == 0)
    {
      dialog = adw_message_dialog_new (parent, _("No Table Yet"),
                                       _("No session has been drawn: draw one on the Sessions "
                                         "page, then enter its hands."));
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      g_array_unref (places);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  dialog = adw_message_dialog_new (parent, _("Enter Hand"), _("Which table?"));
  tables = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (tables), selected != G_MAXUINT ? selected : 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (tables), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Table"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), tables);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "open", _("_Open Table"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "open",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "open");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "sp-tables", tables);
  g_object_set_data_full (G_OBJECT (dialog), "sp-places", places, (GDestroyNotify) g_array_unref);
  g_signal_connect_data (dialog, "response", G_CALLBACK (pick_response_cb), g_object_ref (widget),
                         (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
