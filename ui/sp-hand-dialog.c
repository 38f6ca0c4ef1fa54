/* sp-hand-dialog.c: one hand of a table, as fast as the referee can give it: the winner and
 * where the tile came from in one click (or Alt/Ctrl+1…4), the tiles typed or clicked, Enter.
 * What the rotation knows (seat wind, round wind, dealer, streak) is set, not asked; whether the
 * win was self-drawn is the From buttons' to say, so the editor's 自摸 toggle is hidden.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <string.h>

#include "sp-hand-dialog.h"
#include "sp-hand-draft.h"
#include "sp-riichi-table.h"
#include "sp-station-outbox.h"
#include "sp-wind.h"

/* How long the typing rests before the draft is written: a keystroke costs only a timer. */
#define DRAFT_DELAY_MS 300

struct _SpHandDialog
{
  AdwWindow parent_instance;

  SpTableView *view;        /* the transient parent */
  gint64       id;          /* the hand corrected, 0 for the next hand */
  char        *entry_key;   /* the next hand's key, sent with it, kept with its draft: a hand
                             * sent again (Save pressed again after a lost connection, a draft
                             * offered back after a crash) is found, not entered twice */
  SpTable      table;       /* the table before this hand (after the hands of its table still
                             * in the station's outbox) */
  gint64       kept_id;     /* a conflict of the outbox entered again, discarded once this
                             * hand is in; 0 otherwise */
  gint64       kept_place;  /* that conflict's place in the queue,
                             * which it keeps if the server is lost again; 0 otherwise */
  gint         winner;      /* SpWind, or SP_HAND_ENTRY_UNSAID */
  gint         from;        /* SpWind, SP_HAND_ENTRY_SELF_DRAWN or _UNSAID */
  GtkWidget   *winner_buttons[4];
  GtkWidget   *from_buttons[5];  /* E S W N, then Self-drawn */
  gboolean     updating;    /* the buttons are being set from the state */
  gboolean     drafting;    /* changes are kept in the table's draft file */
  guint        draft_id;    /* the pending write of the draft */
  SpHandDraft *draft;       /* whose hand this is: the database, tournament, session, table */
  gint64       moved_on;    /* when the form was last cleared for the next hand */
  SpHandDraft *opened;      /* a correction as it opened: closed unchanged, nothing is asked */
  AdwToast    *toast;       /* the last one shown, weak */
  guint        version;     /* the corrected hand's version when the dialog opened */
  /* A new hand refused as stale (the table moved on elsewhere), offered as the table's next
   * hand with the same players, once the referee confirms: their chairs, which the next hand's
   * winds are worked out from, and what the entry was. */
  gboolean     offering;
  gboolean     offer_draw;
  gboolean     offer_false_win;
  gint         offer_winner;   /* chair */
  gint         offer_from;     /* chair, or SP_HAND_ENTRY_SELF_DRAWN */
  GtkWidget   *offer_button;
  GtkWidget   *stale_box;      /* above the form, never scrolled away: what changed, the offer */
  GtkLabel    *stale_label;
  /* Riichi: the seats that declared riichi in this hand, and those tenpai at a draw. */
  gboolean     riichi;
  guint8       riichi_mask;
  guint8       tenpai_mask;
  GtkWidget   *riichi_buttons[4];
  GtkWidget   *tenpai_buttons[4];
  /* Riichi under a profile with several winners on one discard: the further winners, each his
   * seat and his value by han and fu or yakuman, under the winner's row. */
  gboolean     multiple_ron;
  GtkWidget   *also_box;
  GtkWidget   *add_winner_button;
  guint        n_also;
  struct
  {
    GtkWidget     *row;
    GtkDropDown   *seat;
    GtkSpinButton *han;
    GtkSpinButton *fu;
    GtkSpinButton *yakuman;
  } also[SP_HAND_ENTRY_MAX_ALSO];
  /* A corrected hand's further winners given by their tiles (the CLI's): kept as they were. */
  guint          n_kept;
  SpHandEntryWin kept[SP_HAND_ENTRY_MAX_ALSO];

  /* Template children */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkWidget      *winner_box;
  GtkWidget      *from_box;
  SpHandEditor   *editor;
  GtkEditable    *total_entry;
  GtkWidget      *reason_entry;
  GtkLabel       *message_label;
  GtkLabel       *summary_label;
  GtkWidget      *draw_button;
  GtkWidget      *false_win_button;
  GtkWidget      *record_button;
  GtkWidget      *total_box;
  GtkWidget      *riichi_box;
  GtkWidget      *riichi_seats;
  GtkWidget      *tenpai_seats;
  GtkLabel       *sticks_label;
  GtkSpinButton  *han_spin;
  GtkSpinButton  *fu_spin;
  GtkSpinButton  *yakuman_spin;
  GtkWidget      *chombo_button;
  GtkWidget      *winner_row;
  GtkWidget      *from_row;
  GtkWidget      *riichi_row;
  GtkWidget      *tenpai_row;
  GtkWidget      *action_box;
  GtkWidget      *form_box;
  gboolean        narrow;     /* laid out for a phone's width */
  guint           layout_id;  /* the pending change of layout */
};

G_DEFINE_FINAL_TYPE (SpHandDialog, sp_hand_dialog, ADW_TYPE_WINDOW)

static const char *const seat_letters[] = { "E", "S", "W", "N" };

static void
tell (SpHandDialog *self,
      const char   *message)
{
  gtk_label_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL);
}

/* What is missing or wrong in the form, in *@why (when not NULL). */
static void
set_why (char       **why,
         const char  *message)
{
  if (why != NULL)
    *why = g_strdup (message);
}

/* The rotation's part of the situation, and the winner's and the discarder's seats. */
static void
push_situation (SpHandDialog *self)
{
  const SpRotation *next = &self->table.next;
  g_autofree char *streak = g_strdup_printf ("%u", next->streak);

  sp_hand_editor_clear_set (self->editor);
  if (self->riichi)
    {
      /* The counters and the sticks come from the table, the winner's riichi from the seats
       * that declared it: the store scores the hand so. */
      g_autofree char *sticks = g_strdup_printf (
        "%u", self->table.sticks + (guint) __builtin_popcount (self->riichi_mask));

      sp_hand_editor_set_situation (self->editor, "seat-wind",
                                    seat_letters[self->winner >= 0 ? self->winner : 0], NULL);
      sp_hand_editor_set_situation (self->editor, "round-wind", seat_letters[next->round_wind],
                                    NULL);
      sp_hand_editor_set_situation (self->editor, "honba", streak, NULL);
      sp_hand_editor_set_situation (self->editor, "riichi-sticks", sticks, NULL);
      if (self->winner >= 0 && (self->riichi_mask & (1u << self->winner)))
        sp_hand_editor_set_situation (self->editor, "riichi", NULL, NULL);
      if (self->from == SP_HAND_ENTRY_SELF_DRAWN)
        sp_hand_editor_set_situation (self->editor, "self-drawn", NULL, NULL);
      else if (self->from >= 0 && self->from != self->winner)
        sp_hand_editor_set_situation (self->editor, "discarder", seat_letters[self->from], NULL);
      return;
    }
  sp_hand_editor_set_situation (self->editor, "seat-wind",
                                seat_letters[self->winner >= 0 ? self->winner : 0], NULL);
  sp_hand_editor_set_situation (self->editor, "round-wind", seat_letters[next->round_wind], NULL);
  sp_hand_editor_set_situation (self->editor, "dealer", "E", NULL);
  sp_hand_editor_set_situation (self->editor, "streak", streak, NULL);
  if (self->from == SP_HAND_ENTRY_SELF_DRAWN)
    sp_hand_editor_set_situation (self->editor, "self-drawn", NULL, NULL);
  else if (self->from >= 0 && self->from != self->winner)
    sp_hand_editor_set_situation (self->editor, "discarder", seat_letters[self->from], NULL);
}

static void show_also (SpHandDialog *self);

/* Whether the winner and where the winning tile came from are both chosen. */
static gboolean
seats_chosen (SpHandDialog *self)
{
  return self->winner >= 0 && self->from != SP_HAND_ENTRY_UNSAID;
}

/* The seat buttons as the state says. */
static void
show_seats (SpHandDialog *self)
{
  self->updating = TRUE;
  for (guint w = 0; w < 4; w++)
    {
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->winner_buttons[w]),
                                    self->winner == (gint) w);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->from_buttons[w]),
                                    self->from == (gint) w);
      /* Nobody wins on his own discard. */
      gtk_widget_set_sensitive (self->from_buttons[w], self->winner != (gint) w);
    }
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->from_buttons[4]),
                                self->from == SP_HAND_ENTRY_SELF_DRAWN);
  /* The seats chosen in the accent colour: a pressed toggle alone is a shade too faint to
   * read at a glance across the table. */
  for (guint i = 0; i < 9; i++)
    {
      GtkWidget *button = i < 4 ? self->winner_buttons[i] : self->from_buttons[i - 4];

      if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)))
        gtk_widget_add_css_class (button, "suggested-action");
      else
        gtk_widget_remove_css_class (button, "suggested-action");
    }
  self->updating = FALSE;
  /* Who pays whom is known once the winner and the tile's source are: before, the editor's
   * figures would be for a winner in the East seat on his 上家's discard, a guess. */
  sp_hand_editor_set_settlement_visible (self->editor, seats_chosen (self));
  show_also (self);
}

static void cancel_offer (SpHandDialog *self);
static void tell_stale   (SpHandDialog *self,
                          const char   *message);

static void
set_winner (SpHandDialog *self,
            gint          winner)
{
  cancel_offer (self);
  self->winner = winner;
  if (self->from == winner)
    self->from = SP_HAND_ENTRY_UNSAID;
  show_seats (self);
  push_situation (self);
  tell (self, NULL);
}

static void
set_from (SpHandDialog *self,
          gint          from)
{
  if (from == self->winner)
    return;
  cancel_offer (self);
  self->from = from;
  show_seats (self);
  push_situation (self);
  tell (self, NULL);
}

static void
winner_toggled_cb (GtkToggleButton *button,
                   SpHandDialog    *self)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  set_winner (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "sp-seat")));
}

static void
from_toggled_cb (GtkToggleButton *button,
                 SpHandDialog    *self)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  set_from (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "sp-seat")));
}

/* A seat button: the seat and the player, and its shortcut (@shortcut, "Alt+1") beside them
 * in smaller type, so that the keyboard's way is learnt from the button. */
static GtkWidget *
new_seat_button (const char *shortcut)
{
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *keys = gtk_label_new (shortcut);

  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 18);
  gtk_widget_add_css_class (keys, "sp-shortcut");
  gtk_widget_set_valign (keys, GTK_ALIGN_BASELINE);
  gtk_widget_set_valign (name, GTK_ALIGN_BASELINE);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), keys);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "sp-seat");
  gtk_widget_set_tooltip_text (button, shortcut);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS,
                                  shortcut, -1);
  return button;
}

/* A seat's riichi or tenpai toggle: its label ellipsized, so that a long name does not widen
 * the dialog. */
static GtkWidget *
new_seat_toggle (void)
{
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
  gtk_button_set_child (GTK_BUTTON (button), label);
  return button;
}

/* The seat button's name: its first label shows it, and it is the button's accessible name
 * (the seat letter first, as a person reads it; the shortcut is its own property). */
static void
set_seat_label (GtkWidget  *button,
                const char *text)
{
  GtkWidget *box = gtk_button_get_child (GTK_BUTTON (button));

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  -1);
}

/* Riichi: the sticks on the table before the hand and this hand's, the counters. */
static void
show_sticks (SpHandDialog *self)
{
  guint before = self->table.sticks;
  guint declared = (guint) __builtin_popcount (self->riichi_mask);
  g_autofree char *text = NULL;

  if (!self->riichi)
    return;
  /* TRANSLATORS: the riichi sticks (1,000 each) on the table before the hand, those put down in
   * this hand, and the counters (本場, 300 each on a win) */
  text = g_strdup_printf (_("Riichi sticks 供託: %u on the table + %u this hand = %u (%u "
                            "points) · counters 本場: %u"),
                          before, declared, before + declared, 1000 * (before + declared),
                          self->table.next.streak);
  gtk_label_set_text (self->sticks_label, text);
}

/* The riichi and tenpai toggles as the masks say. */
static void
show_riichi_seats (SpHandDialog *self)
{
  self->updating = TRUE;
  for (guint w = 0; self->riichi && w < 4; w++)
    {
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->riichi_buttons[w]),
                                    (self->riichi_mask >> w) & 1u);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->tenpai_buttons[w]),
                                    ((self->tenpai_mask | self->riichi_mask) >> w) & 1u);
      /* A riichi player is tenpai at a draw: a noten riichi is a chombo, entered as one. */
      gtk_widget_set_sensitive (self->tenpai_buttons[w], !((self->riichi_mask >> w) & 1u));
    }
  self->updating = FALSE;
  show_sticks (self);
}

static void schedule_draft (SpHandDialog *self);

static void
riichi_toggled_cb (GtkToggleButton *button,
                   SpHandDialog    *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-seat"));

  if (self->updating)
    return;
  if (gtk_toggle_button_get_active (button))
    self->riichi_mask |= (guint8) (1u << seat);
  else
    self->riichi_mask &= (guint8) ~(1u << seat);
  show_riichi_seats (self);
  push_situation (self);
  schedule_draft (self);
}

static void
tenpai_toggled_cb (GtkToggleButton *button,
                   SpHandDialog    *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-seat"));

  if (self->updating)
    return;
  if (gtk_toggle_button_get_active (button))
    self->tenpai_mask |= (guint8) (1u << seat);
  else
    self->tenpai_mask &= (guint8) ~(1u << seat);
}

/* The title and the seat buttons' names for the hand about to be entered. */
static void
show_table (SpHandDialog *self)
{
  const SpRotation *next = &self->table.next;
  guint dealer = sp_rotation_dealer_chair (next);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  /* The dealer's seat wind this hand (東), as the seat cards and buttons name the seats: not his
   * chair's, which is the wind of the first hand only. */
  /* TRANSLATORS: the hand dialog's title: the table, the hand's number, the round wind, the
   * dealer's seat wind and name */
  title = g_strdup_printf (_("Table %u · hand %u · round %s · dealer %s %s"), self->table.table,
                           next->number, sp_wind_glyph (next->round_wind),
                           sp_wind_glyph (next->seat_wind[dealer]),
                           sp_table_view_get_player_name (self->view, dealer));
  adw_window_title_set_title (self->window_title, title);
  gtk_window_set_title (GTK_WINDOW (self), title);
  if (self->id != 0)
    subtitle = g_strdup (_("Correction: the later hands are scored again"));
  else if (self->riichi)
    /* TRANSLATORS: a Riichi hand: the round wind and the hand of the round (東1局), the
     * counters (本場) and the riichi sticks on the table (供託) */
    subtitle = g_strdup_printf (_("%s%u局 · %u 本場 · %u 供託"),
                                sp_wind_glyph (next->round_wind), dealer + 1, next->streak,
                                self->table.sticks);
  else if (next->streak > 0)
    /* TRANSLATORS: the dealer's repeats (連莊) */
    subtitle = g_strdup_printf (_("Dealer repeat %u (連莊)"), next->streak);
  adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");

  for (guint w = 0; w < 4; w++)
    {
      guint chair = sp_rotation_chair_at (next, (SpWind) w);
      /* The seat letter first: the button's accessible name starts with it. */
      g_autofree char *label = g_strdup_printf ("%s %s", sp_wind_letter (w),
                                                sp_table_view_get_player_name (self->view,
                                                                               chair));

      set_seat_label (self->winner_buttons[w], label);
      set_seat_label (self->from_buttons[w], label);
      if (self->riichi)
        {
          /* TRANSLATORS: a Riichi seat's riichi toggle: the seat letter and the player */
          g_autofree char *riichi = g_strdup_printf (_("Riichi %s"), label);
          /* TRANSLATORS: a seat's tenpai toggle at a draw: the seat letter and the player */
          g_autofree char *tenpai = g_strdup_printf (_("Tenpai %s"), label);
          GtkWidget *riichi_label = gtk_button_get_child (GTK_BUTTON (self->riichi_buttons[w]));
          GtkWidget *tenpai_label = gtk_button_get_child (GTK_BUTTON (self->tenpai_buttons[w]));

          gtk_label_set_text (GTK_LABEL (riichi_label), label);
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->riichi_buttons[w]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, riichi, -1);
          gtk_label_set_text (GTK_LABEL (tenpai_label), label);
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->tenpai_buttons[w]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, tenpai, -1);
        }
    }
  show_sticks (self);
}

/* Whether @text holds anything but blanks. */
static gboolean
is_blank (const char *text)
{
  while (g_ascii_isspace (*text))
    text++;
  return *text == '\0';
}

/* ---- the draft: what is typed survives a crash of the app ------------------------------ */

static gboolean typed_value (SpHandDialog *self,
                             SpHandValue  *value);
static gboolean also_value (SpHandDialog *self,
                            guint         i,
                            SpHandValue  *value);

/* The draft as the dialog stands; NULL when it holds nothing a person gave. */
static SpHandDraft *
build_draft (SpHandDialog *self)
{
  g_autoptr(SpHandDraft) draft = g_new0 (SpHandDraft, 1);
  const char *text = sp_hand_editor_get_text (self->editor);
  const char *total = gtk_editable_get_text (self->total_entry);
  SpSituation situation;
  SpHandValue value = { 0 };
  gboolean typed = self->riichi && typed_value (self, &value);

  sp_hand_editor_get_situation (self->editor, &situation);
  /* The rotation's part and the seats are set from the table and the buttons, not kept. */
  situation.given &= ~(SP_SITUATION_SEAT_WIND | SP_SITUATION_ROUND_WIND | SP_SITUATION_DEALER
                       | SP_SITUATION_STREAK | SP_SITUATION_DISCARDER
                       | SP_SITUATION_SELF_DRAWN);
  if (self->winner < 0 && self->from < 0 && is_blank (text) && is_blank (total)
      && situation.given == 0 && self->riichi_mask == 0 && self->tenpai_mask == 0 && !typed
      && self->n_also == 0)
    return NULL;
  /* Taken when the dialog opened: the table's window may be gone before this dialog is. */
  draft->database = g_strdup (self->draft->database);
  draft->tournament = self->draft->tournament;
  draft->session = self->draft->session;
  draft->table = self->draft->table;
  draft->hand = self->table.next.number;
  draft->hand_id = self->id;
  draft->entry_key = g_strdup (self->entry_key);
  draft->winner = self->winner;
  draft->from = self->from;
  draft->tiles = g_strdup (text);
  draft->situation = sp_situation_to_string (&situation);
  draft->total = g_strdup (total);
  draft->riichi = self->riichi_mask;
  draft->tenpai = self->tenpai_mask;
  draft->value = value;
  for (guint i = 0; i < self->n_also; i++)
    {
      draft->also[i].seat = (gint) gtk_drop_down_get_selected (self->also[i].seat);
      also_value (self, i, &draft->also[i].value);
    }
  draft->n_also = self->n_also;
  return g_steal_pointer (&draft);
}

static char *
draft_path (SpHandDialog *self)
{
  return sp_hand_draft_path (self->draft->database, self->draft->tournament,
                             self->draft->session, self->draft->table);
}

/* Writes the draft now, or removes it when the dialog holds nothing. */
static void
write_draft (SpHandDialog *self)
{
  g_autoptr(SpHandDraft) draft = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&self->draft_id, g_source_remove);
  if (self->draft == NULL)
    return;
  draft = build_draft (self);
  if (draft == NULL)
    {
      g_autofree char *path = draft_path (self);

      sp_hand_draft_remove (path);
      return;
    }
  /* Only a safety net: the hand can still be recorded without it. */
  if (!sp_hand_draft_save (draft, &error))
    g_debug ("The draft of the hand was not written: %s", error->message);
}

static gboolean
write_draft_cb (gpointer user_data)
{
  SpHandDialog *self = user_data;

  self->draft_id = 0;
  write_draft (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_draft (SpHandDialog *self)
{
  if (!self->drafting || self->draft == NULL)
    return;
  g_clear_handle_id (&self->draft_id, g_source_remove);
  self->draft_id = g_timeout_add (DRAFT_DELAY_MS, write_draft_cb, self);
}

/* The hand was recorded, or the dialog cancelled: no draft to offer back. */
static void
drop_draft (SpHandDialog *self)
{
  g_autofree char *path = NULL;

  g_clear_handle_id (&self->draft_id, g_source_remove);
  if (!self->drafting || self->draft == NULL)
    return;
  path = draft_path (self);
  sp_hand_draft_remove (path);
}

static gboolean
close_later_cb (gpointer user_data)
{
  gtk_window_close (GTK_WINDOW (user_data));
  return G_SOURCE_REMOVE;
}

static void
close_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   SpHandDialog     *self)
{
  if (g_strcmp0 (response, "discard") == 0)
    drop_draft (self);
  else if (g_strcmp0 (response, "keep") == 0)
    write_draft (self);
  else
    return;
  /* Decided: the dialog closes without asking again, once the question has gone (it is the
   * dialog's transient child, destroyed with it). */
  self->drafting = FALSE;
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_later_cb, g_object_ref (self), g_object_unref);
}

/* Whether @a and @b hold the same hand as a person gave it (NULL is none). */
static gboolean
same_hand (const SpHandDraft *a,
           const SpHandDraft *b)
{
  return a != NULL && b != NULL && a->winner == b->winner && a->from == b->from
         && g_strcmp0 (a->tiles, b->tiles) == 0 && g_strcmp0 (a->situation, b->situation) == 0
         && g_strcmp0 (a->total, b->total) == 0 && a->riichi == b->riichi
         && a->tenpai == b->tenpai && memcmp (&a->value, &b->value, sizeof a->value) == 0
         && a->n_also == b->n_also
         && memcmp (a->also, b->also, a->n_also * sizeof a->also[0]) == 0;
}

/* Escape or the close button: with nothing typed the dialog just closes; with a hand typed the
 * referee says whether it goes or waits as the table's draft (opened again by Enter Hand, and
 * offered at the next start).  After a hand recorded it closes as well: the draft is gone. */
static gboolean
close_request_cb (SpHandDialog *self)
{
  g_autoptr(SpHandDraft) draft = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (!self->drafting || self->draft == NULL || (draft = build_draft (self)) == NULL
      || same_hand (draft, self->opened))
    {
      drop_draft (self);
      self->drafting = FALSE;
      return FALSE;
    }
  /* TRANSLATORS: closing the hand dialog with a hand typed: the session, table and hand */
  body = g_strdup_printf (_("Session %u, table %u, hand %u is not recorded. Keep what was "
                            "entered as a draft to finish later, or discard it?"),
                          draft->session, draft->table, draft->hand);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Close Without Recording?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "discard", _("_Discard"), "keep", _("_Keep as Draft"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "keep",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  /* Escape on the question goes back to the hand, deciding nothing. */
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (close_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* The total typed in "Total without tiles" settled as the rules settle a claimed total, in
 * @claimed; NULL when there is none to settle (no total, or not a whole number). */
static const SpScoreResult *
settle_total (SpHandDialog  *self,
              SpScoreResult *claimed)
{
  const char *text = gtk_editable_get_text (self->total_entry);
  SpSituation situation;
  gint64 total;

  if (is_blank (text) || !sp_hand_entry_parse_total (text, &total, NULL) || total > G_MAXINT32)
    return NULL;
  sp_hand_editor_get_situation (self->editor, &situation);
  if (!sp_rules_settle (sp_table_view_get_rules (self->view), &situation, (gint32) total,
                        claimed, NULL))
    return NULL;
  return claimed;
}

/* Riichi: the han and fu (or yakuman) typed without tiles, or FALSE when none is. */
static gboolean
typed_value (SpHandDialog *self,
             SpHandValue  *value)
{
  value->han = gtk_spin_button_get_value_as_int (self->han_spin);
  value->fu = gtk_spin_button_get_value_as_int (self->fu_spin);
  value->yakuman = gtk_spin_button_get_value_as_int (self->yakuman_spin);
  if (value->yakuman > 0)
    value->han = value->fu = 0;
  return value->yakuman > 0 || value->han > 0;
}

/* Riichi: the value typed without tiles settled as the store settles it, in @claimed; NULL when
 * none is typed or it is no hand's value. */
static const SpScoreResult *
settle_value (SpHandDialog  *self,
              SpScoreResult *claimed)
{
  SpSituation situation;
  SpHandValue value;

  if (!typed_value (self, &value))
    return NULL;
  sp_hand_editor_get_situation (self->editor, &situation);
  if (!sp_rules_settle_value (sp_table_view_get_rules (self->view), &situation, &value, claimed,
                              NULL))
    return NULL;
  return claimed;
}

/* Riichi: the value typed for further winner @i, or FALSE when none is. */
static gboolean
also_value (SpHandDialog *self,
            guint         i,
            SpHandValue  *value)
{
  value->han = gtk_spin_button_get_value_as_int (self->also[i].han);
  value->fu = gtk_spin_button_get_value_as_int (self->also[i].fu);
  value->yakuman = gtk_spin_button_get_value_as_int (self->also[i].yakuman);
  if (value->yakuman > 0)
    value->han = value->fu = 0;
  return value->yakuman > 0 || value->han > 0;
}

/* Whether further winners can be entered: a discard win under a profile that pays each. */
static gboolean
also_allowed (SpHandDialog *self)
{
  return self->riichi && self->multiple_ron && self->from >= 0
         && self->from != SP_HAND_ENTRY_SELF_DRAWN && self->winner >= 0;
}

/* Further winner @i's value settled as the store settles it, at his seat on the discard. */
static const SpScoreResult *
settle_also (SpHandDialog  *self,
             guint          i,
             SpScoreResult *claimed)
{
  SpSituation situation;
  SpHandValue value;
  gint seat = (gint) gtk_drop_down_get_selected (self->also[i].seat);

  if (!also_value (self, i, &value))
    return NULL;
  sp_hand_editor_get_situation (self->editor, &situation);
  situation.seat_wind = (guint8) seat;
  situation.discarder = (guint8) self->from;
  situation.riichi = (self->riichi_mask >> seat) & 1u;
  if (!sp_rules_settle_value (sp_table_view_get_rules (self->view), &situation, &value, claimed,
                              NULL))
    return NULL;
  return claimed;
}

static void result_changed_cb (SpHandDialog *self);

/* The further winners' rows and the Add Winner button as the state says. */
static void
show_also (SpHandDialog *self)
{
  gboolean allowed = also_allowed (self);

  if (self->also_box == NULL)
    return;
  gtk_widget_set_visible (self->also_box, self->riichi && self->multiple_ron);
  gtk_widget_set_visible (self->add_winner_button, allowed);
  gtk_widget_set_sensitive (self->add_winner_button, self->n_also < SP_HAND_ENTRY_MAX_ALSO);
  for (guint i = 0; i < SP_HAND_ENTRY_MAX_ALSO; i++)
    gtk_widget_set_visible (self->also[i].row, allowed && i < self->n_also);
}

/* The first seat neither the discarder, the winner nor a further winner already. */
static gint
free_seat (SpHandDialog *self)
{
  for (gint w = 0; w < 4; w++)
    {
      gboolean taken = w == self->from || w == self->winner;

      for (guint i = 0; i < self->n_also && !taken; i++)
        taken = (gint) gtk_drop_down_get_selected (self->also[i].seat) == w;
      if (!taken)
        return w;
    }
  return 0;
}

static void
add_winner_clicked_cb (SpHandDialog *self)
{
  guint i = self->n_also;

  if (i >= SP_HAND_ENTRY_MAX_ALSO || !also_allowed (self))
    return;
  gtk_drop_down_set_selected (self->also[i].seat, (guint) free_seat (self));
  gtk_spin_button_set_value (self->also[i].han, 0);
  gtk_spin_button_set_value (self->also[i].fu, 0);
  gtk_spin_button_set_value (self->also[i].yakuman, 0);
  self->n_also++;
  show_also (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->also[i].han));
  result_changed_cb (self);
}

static void
remove_winner_clicked_cb (GtkButton    *button,
                          SpHandDialog *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-also"));

  if (i >= self->n_also)
    return;
  /* The rows below move up one. */
  for (; i + 1 < self->n_also; i++)
    {
      gtk_drop_down_set_selected (self->also[i].seat,
                                  gtk_drop_down_get_selected (self->also[i + 1].seat));
      gtk_spin_button_set_value (self->also[i].han,
                                 gtk_spin_button_get_value (self->also[i + 1].han));
      gtk_spin_button_set_value (self->also[i].fu,
                                 gtk_spin_button_get_value (self->also[i + 1].fu));
      gtk_spin_button_set_value (self->also[i].yakuman,
                                 gtk_spin_button_get_value (self->also[i + 1].yakuman));
    }
  self->n_also--;
  show_also (self);
  result_changed_cb (self);
}

static GtkSpinButton *
new_also_spin (const char *label,
               gdouble     upper,
               gdouble     step)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, upper, step);

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  return GTK_SPIN_BUTTON (spin);
}

/* The box of further winners under the winner's row: Add Winner and a row per winner. */
static void
build_also (SpHandDialog *self)
{
  static const char *const letters[] = { "E", "S", "W", "N", NULL };

  self->also_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* TRANSLATORS: a Riichi double (or triple) ron: another winner on the same discard */
  self->add_winner_button = gtk_button_new_with_mnemonic (_("_Add Winner"));
  gtk_widget_set_halign (self->add_winner_button, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->add_winner_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Add Winner"), -1);
  gtk_widget_set_tooltip_text (self->add_winner_button,
                               _("Another player won on the same discard (double ron)"));
  g_signal_connect_swapped (self->add_winner_button, "clicked",
                            G_CALLBACK (add_winner_clicked_cb), self);
  for (guint i = 0; i < SP_HAND_ENTRY_MAX_ALSO; i++)
    {
      GtkWidget *row = gtk_flow_box_new ();
      GtkWidget *remove;
      /* TRANSLATORS: the accessible names of a further winner's controls; %u counts them from 2 */
      g_autofree char *seat_name = g_strdup_printf (_("Winner %u seat"), i + 2);
      g_autofree char *han_name = g_strdup_printf (_("Winner %u han"), i + 2);
      g_autofree char *fu_name = g_strdup_printf (_("Winner %u fu"), i + 2);
      g_autofree char *yakuman_name = g_strdup_printf (_("Winner %u yakuman"), i + 2);
      g_autofree char *remove_name = g_strdup_printf (_("Remove winner %u"), i + 2);
      g_autofree char *title = g_strdup_printf (_("Winner %u"), i + 2);

      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
      gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (row), 1);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (row), 3);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (row), 6);
      self->also[i].row = row;
      self->also[i].seat = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (letters));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->also[i].seat),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, seat_name, -1);
      g_signal_connect_swapped (self->also[i].seat, "notify::selected",
                                G_CALLBACK (result_changed_cb), self);
      self->also[i].han = new_also_spin (han_name, 99, 1);
      self->also[i].fu = new_also_spin (fu_name, 110, 10);
      self->also[i].yakuman = new_also_spin (yakuman_name, 6, 1);
      g_signal_connect_swapped (self->also[i].han, "value-changed",
                                G_CALLBACK (result_changed_cb), self);
      g_signal_connect_swapped (self->also[i].fu, "value-changed",
                                G_CALLBACK (result_changed_cb), self);
      g_signal_connect_swapped (self->also[i].yakuman, "value-changed",
                                G_CALLBACK (result_changed_cb), self);
      for (guint k = 0; k < 4; k++)
        {
          static const char *const parts[] = { "seat", "han", "fu", "yakuman" };
          GtkWidget *widgets[] = { GTK_WIDGET (self->also[i].seat), GTK_WIDGET (self->also[i].han),
                                   GTK_WIDGET (self->also[i].fu),
                                   GTK_WIDGET (self->also[i].yakuman) };
          g_autofree char *name = g_strdup_printf ("also-%s-%u", parts[k], i + 2);

          gtk_widget_set_name (widgets[k], name);
        }
      remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (remove, remove_name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      remove_name, -1);
      g_object_set_data (G_OBJECT (remove), "sp-also", GUINT_TO_POINTER (i));
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_winner_clicked_cb), self);
      {
        GtkWidget *groups[3];

        for (guint k = 0; k < 3; k++)
          {
            groups[k] = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
            gtk_widget_set_halign (groups[k], GTK_ALIGN_START);
            gtk_flow_box_append (GTK_FLOW_BOX (row), groups[k]);
          }
        gtk_box_append (GTK_BOX (groups[0]), gtk_label_new (title));
        gtk_box_append (GTK_BOX (groups[0]), GTK_WIDGET (self->also[i].seat));
        gtk_box_append (GTK_BOX (groups[1]), gtk_label_new (_("han")));
        gtk_box_append (GTK_BOX (groups[1]), GTK_WIDGET (self->also[i].han));
        gtk_box_append (GTK_BOX (groups[1]), gtk_label_new (_("fu")));
        gtk_box_append (GTK_BOX (groups[1]), GTK_WIDGET (self->also[i].fu));
        gtk_box_append (GTK_BOX (groups[2]), gtk_label_new (_("or yakuman ×")));
        gtk_box_append (GTK_BOX (groups[2]), GTK_WIDGET (self->also[i].yakuman));
        gtk_box_append (GTK_BOX (groups[2]), remove);
      }
      gtk_widget_set_visible (row, FALSE);
      gtk_box_append (GTK_BOX (self->also_box), row);
    }
  gtk_box_append (GTK_BOX (self->also_box), self->add_winner_button);
  gtk_widget_set_visible (self->also_box, FALSE);
  gtk_box_insert_child_after (GTK_BOX (self->form_box), self->also_box, self->winner_row);
}

static gboolean build_entry (SpHandDialog  *self,
                             SpHandEntry   *entry,
                             gboolean       false_win,
                             char         **why);

/* Riichi with further winners on the discard: the hand judged as it would be stored, so that
 * the totals shown are those recorded (the sticks to the first winner in turn order after the
 * discarder, each his own riichi stick back): what each seat receives in @totals (0 where no
 * winner) and each seat's points in @seats.  FALSE while the form is not complete. */
static gboolean
judge_winners (SpHandDialog *self,
               gint32        totals[4],
               gint64        seats[4])
{
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  SpScoreResult result;
  gboolean false_win = FALSE;

  if (!self->riichi || self->n_also == 0 || !also_allowed (self)
      || !build_entry (self, &entry, FALSE, NULL)
      || !sp_hand_entry_judge (&entry, &self->table, sp_table_view_get_tournament (self->view),
                               sp_table_view_get_rules (self->view), record, &result,
                               &false_win, NULL)
      || false_win)
    return FALSE;
  for (guint w = 0; w < 4; w++)
    {
      guint chair = sp_rotation_chair_at (&self->table.next, (SpWind) w);

      totals[w] = 0;
      seats[w] = record->settlement[chair];
      if (record->winner == (gint) chair)
        totals[w] = record->total;
      for (guint i = 0; i < record->n_also; i++)
        if (record->also[i].winner == (gint) chair)
          totals[w] = record->also[i].total;
    }
  return TRUE;
}

/* The verdict in one line beside the buttons, where the referee looks before Enter: the total
 * and each seat's points, or the penalty of a false win. */
static void
show_summary (SpHandDialog        *self,
              const SpScoreResult *result)
{
  g_autoptr(GString) seats = g_string_new (NULL);
  const gint64 *figures = NULL;
  g_autofree char *text = NULL;
  SpScoreResult claimed;
  gint32 judged_totals[4];
  gint64 judged_seats[4];
  gboolean judged;

  if (self->summary_label == NULL)
    return;
  /* A hand given by its total alone: its settlement as the rules settle a claimed total. */
  if (result == NULL && is_blank (sp_hand_editor_get_text (self->editor)))
    result = self->riichi ? settle_value (self, &claimed) : settle_total (self, &claimed);
  /* A mistyped hand is told under the field: no verdict here. */
  if (result != NULL && sp_score_result_is_notation_error (result))
    result = NULL;
  /* Each seat's figures once the seats are chosen; the total alone until then. */
  judged = result != NULL && result->win && judge_winners (self, judged_totals, judged_seats);
  if (judged)
    figures = judged_seats;
  else if (result != NULL && result->win && result->has_settlement && seats_chosen (self))
    figures = result->settlement;
  else if (result != NULL && !result->win && result->has_penalty && seats_chosen (self))
    figures = result->penalty;
  for (guint w = 0; figures != NULL && w < 4; w++)
    g_string_append_printf (seats, "%s%s %s%" G_GINT64_FORMAT, w > 0 ? "  " : "",
                            sp_wind_letter (w), figures[w] > 0 ? "+" : figures[w] < 0 ? "−" : "",
                            figures[w] < 0 ? -figures[w] : figures[w]);
  if (result == NULL)
    text = g_strdup ("");
  else if (result->win && result->has_han_fu)
    {
      g_autofree char *value = sp_hand_editor_describe_value (result);

      gint32 total = judged ? judged_totals[self->winner] : result->total;

      if (figures == NULL)
        /* TRANSLATORS: the live result of a Riichi hand: its value (han, fu, limit) and all
         * the winner receives, riichi sticks included */
        text = g_strdup_printf (_("%s · total %d"), value, total);
      else
        /* TRANSLATORS: the live result of a Riichi hand: its value, all the winner receives,
         * then each seat's payments (counters included, sticks not) */
        text = g_strdup_printf (_("%s · total %d — %s"), value, total, seats->str);
    }
  else if (result->win && figures == NULL)
    /* TRANSLATORS: the live result before the winner and the source are chosen */
    text = g_strdup_printf (_("Total %d"), result->total);
  else if (result->win)
    /* TRANSLATORS: the live result: the hand's total, then each seat's points */
    text = g_strdup_printf (_("Total %d — %s"), result->total, seats->str);
  else if (figures != NULL)
    /* TRANSLATORS: the live result of a false win: each seat's penalty */
    text = g_strdup_printf (_("False win — %s"), seats->str);
  else
    text = g_strdup (_("Not a win"));
  /* Each further winner's points on the same discard. */
  for (guint i = 0; result != NULL && result->win && also_allowed (self) && i < self->n_also;
       i++)
    {
      SpScoreResult also;
      const SpScoreResult *settled = settle_also (self, i, &also);
      guint seat = gtk_drop_down_get_selected (self->also[i].seat);
      g_autofree char *value = settled != NULL && settled->has_han_fu
                               ? sp_hand_editor_describe_value (settled) : NULL;
      char *longer;

      if (settled != NULL && settled->win)
        /* TRANSLATORS: the live result of a further winner on the same discard: his seat
         * letter, his value and all he receives */
        longer = g_strdup_printf (_("%s · %s: %s · total %d"), text, sp_wind_letter (seat),
                                  value != NULL ? value : "",
                                  judged ? judged_totals[seat] : settled->total);
      else
        /* TRANSLATORS: the live result of a further winner whose value is not yet given */
        longer = g_strdup_printf (_("%s · %s: no value"), text, sp_wind_letter (seat));
      g_free (text);
      text = longer;
    }
  gtk_label_set_text (self->summary_label, text);
}

static void
result_changed_cb (SpHandDialog *self)
{
  const SpScoreResult *result;
  gboolean tiles;

  /* The template connects this before the editor is bound. */
  if (self->editor == NULL || self->false_win_button == NULL)
    return;
  result = sp_hand_editor_get_result (self->editor);
  tiles = !is_blank (sp_hand_editor_get_text (self->editor));
  schedule_draft (self);
  /* What was said about the hand before it changed no longer holds. */
  tell (self, NULL);
  /* A false win is a declared win the core refuses with a penalty: the verdict is shown by
   * the editor, and it can be recorded as it is.  A hand mistyped (a fifth copy, a count that
   * fits no hand) is no false win: it is to be corrected. */
  gtk_widget_set_visible (self->false_win_button,
                          self->id == 0 && tiles && result != NULL && !result->win
                          && result->has_penalty && !sp_score_result_is_notation_error (result));
  show_summary (self, result);
}

/* The entry as the dialog stands; FALSE with the reason told when it is not complete. */
static gboolean
build_entry (SpHandDialog  *self,
             SpHandEntry   *entry,
             gboolean       false_win,
             char         **why)
{
  const char *text = sp_hand_editor_get_text (self->editor);
  const char *total = gtk_editable_get_text (self->total_entry);
  g_autoptr(GError) error = NULL;

  sp_hand_entry_init (entry);
  if (self->id == 0)
    entry->key = g_strdup (self->entry_key);
  if (self->winner < 0)
    {
      set_why (why, _("Choose the winner (Alt+1 … 4)."));
      return FALSE;
    }
  if (self->from < 0)
    {
      set_why (why, _("Choose whom the winning tile came from (Ctrl+1 … 4), or Self-drawn "
                      "(Ctrl+0)."));
      return FALSE;
    }
  entry->winner = self->winner;
  entry->from = self->from;
  entry->false_win = false_win;
  if (!is_blank (text))
    {
      g_autofree char *tiles = g_strstrip (g_strdup (text));

      sp_hand_entry_set_tiles (entry, tiles);
    }
  else if (self->riichi)
    {
      if (!typed_value (self, &entry->value))
        {
          set_why (why, _("Type the hand, click it on the palette, or give its han and fu "
                          "(or yakuman) without tiles."));
          return FALSE;
        }
      entry->has_value = TRUE;
    }
  else if (!is_blank (total))
    {
      if (!sp_hand_entry_parse_total (total, &entry->total, &error))
        {
          set_why (why, error->message);
          return FALSE;
        }
      entry->has_total = TRUE;
    }
  else
    {
      set_why (why,
               _("Type the hand, click it on the palette, or give its total without tiles."));
      return FALSE;
    }
  sp_hand_editor_get_situation (self->editor, &entry->situation);
  /* The seats come from the rotation and the buttons: the engine sets them itself. */
  entry->situation.given &= ~(SP_SITUATION_SEAT_WIND | SP_SITUATION_ROUND_WIND
                              | SP_SITUATION_DEALER | SP_SITUATION_STREAK
                              | SP_SITUATION_DISCARDER | SP_SITUATION_SELF_DRAWN);
  if (self->riichi)
    {
      /* Riichi by seat, the counters and the sticks from the table, as the CLI's hand add. */
      entry->riichi = self->riichi_mask;
      entry->situation.given &= ~(guint32) (SP_SITUATION_RIICHI | SP_SITUATION_HONBA
                                            | SP_SITUATION_RIICHI_STICKS);
      entry->situation.riichi = FALSE;
    }
  for (guint i = 0; also_allowed (self) && i < self->n_also; i++)
    {
      SpHandEntryWin *win = &entry->also[entry->n_also];
      gint seat = (gint) gtk_drop_down_get_selected (self->also[i].seat);

      if (seat == self->from || seat == self->winner)
        {
          /* TRANSLATORS: %s is a seat letter */
          g_autofree char *message
            = g_strdup_printf (_("Winner %u: seat %s is the discarder or a winner already."),
                               i + 2, sp_wind_letter ((guint) seat));

          set_why (why, message);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if ((gint) gtk_drop_down_get_selected (self->also[j].seat) == seat)
          {
            g_autofree char *message
              = g_strdup_printf (_("Winner %u: seat %s is the discarder or a winner already."),
                                 i + 2, sp_wind_letter ((guint) seat));

            set_why (why, message);
            return FALSE;
          }
      if (!also_value (self, i, &win->value))
        {
          g_autofree char *message
            = g_strdup_printf (_("Winner %u: give his han and fu, or yakuman."), i + 2);

          set_why (why, message);
          return FALSE;
        }
      win->winner = seat;
      win->has_value = TRUE;
      entry->n_also++;
    }
  for (guint i = 0; i < self->n_kept && entry->n_also < SP_HAND_ENTRY_MAX_ALSO; i++)
    {
      SpHandEntryWin *win = &entry->also[entry->n_also++];

      *win = self->kept[i];
      win->tiles = g_strdup (self->kept[i].tiles);
    }
  return TRUE;
}

/* The station's outbox of the table's store, or NULL (a file's store has none). */
static SpStationOutbox *
station_outbox (SpHandDialog *self)
{
  g_autoptr(GError) error = NULL;
  SpStationOutbox *outbox = sp_station_outbox_for (sp_table_view_get_database (self->view),
                                                   &error);

  if (outbox == NULL && error != NULL)
    g_warning ("%s", error->message);
  return outbox;
}

/* The hands of this table still in the station's outbox (waiting, or refused), in order. */
static GPtrArray *
queued_hands (SpHandDialog *self)
{
  SpStationOutbox *outbox = station_outbox (self);

  if (outbox == NULL)
    return NULL;
  return sp_station_outbox_list_table (outbox, sp_table_view_get_tournament (self->view)->id,
                                       sp_table_view_get_session (self->view),
                                       sp_table_view_get_number (self->view));
}

/* Moves @table on past @entry, judged here as the server will judge it: a hand kept at the
 * station counts for the numbers and the seats of the next ones. */
static gboolean
advance_past (SpHandDialog      *self,
              SpTable           *table,
              const SpHandEntry *entry)
{
  const SpTournament *tournament = sp_table_view_get_tournament (self->view);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  SpScoreResult result;
  gboolean false_win = FALSE;

  sp_score_result_init (&result, tournament->ruleset);
  if (!sp_hand_entry_judge (entry, table, tournament, sp_table_view_get_rules (self->view),
                            record, &result, &false_win, NULL)
      || false_win)
    return FALSE;
  sp_table_advance (table, sp_tournament_rotation (tournament), record);
  return TRUE;
}

/* The table a new hand is entered at: as the store has it, after the hands the station still
 * keeps for it (their number follows the queued ones). */
static void
table_to_enter (SpHandDialog *self,
                SpTable      *table)
{
  g_autoptr(GPtrArray) queued = NULL;

  *table = *sp_table_view_get_table (self->view);
  /* A refused hand entered again goes before the hands kept after it: at the table as the
   * store has it. */
  if (self->kept_place != 0)
    return;
  queued = queued_hands (self);
  for (guint i = 0; queued != NULL && i < queued->len; i++)
    {
      const SpOutboxItem *item = queued->pdata[i];

      /* Only those typed after what the store has: one numbered for a hand the table already
       * has was refused, or goes at its sending. */
      if (item->expect_hand == table->n_hands + 1 && !advance_past (self, table, &item->entry))
        break;
    }
}

/* Ready for the next hand, or closed after a correction or the table's last hand. */
static void
move_on (SpHandDialog *self)
{
  SpTable next;
  const SpTable *table = &next;

  table_to_enter (self, &next);

  if (self->id != 0 || table->next.finished)
    {
      /* Recorded: nothing left to keep or to ask about. */
      self->drafting = FALSE;
      gtk_window_close (GTK_WINDOW (self));
      return;
    }
  self->moved_on = g_get_monotonic_time ();
  /* The next hand is another entry. */
  g_free (self->entry_key);
  self->entry_key = g_uuid_string_random ();
  self->table = *table;
  self->winner = SP_HAND_ENTRY_UNSAID;
  self->from = SP_HAND_ENTRY_UNSAID;
  self->riichi_mask = 0;
  self->n_also = 0;
  self->tenpai_mask = 0;
  show_riichi_seats (self);
  gtk_spin_button_set_value (self->han_spin, 0);
  gtk_spin_button_set_value (self->fu_spin, 0);
  gtk_spin_button_set_value (self->yakuman_spin, 0);
  tell_stale (self, NULL);
  gtk_editable_set_text (self->total_entry, "");
  sp_hand_editor_set_text (self->editor, "");
  sp_hand_editor_load_situation (self->editor, NULL);
  show_table (self);
  show_seats (self);
  push_situation (self);
  tell (self, NULL);
  sp_hand_editor_focus (self->editor);
}

/* ---- a hand entered elsewhere meanwhile ------------------------------------------------- */

static const char *
wind_name (gint wind)
{
  switch (wind)
    {
    case SP_WIND_EAST:
      return C_("seat", "East");
    case SP_WIND_SOUTH:
      return C_("seat", "South");
    case SP_WIND_WEST:
      return C_("seat", "West");
    case SP_WIND_NORTH:
    default:
      return C_("seat", "North");
    }
}

/* The seat wind of @chair at the next hand of @table; SP_HAND_ENTRY_SELF_DRAWN stays. */
static gint
wind_of (const SpTable *table,
         gint           chair)
{
  return chair >= 0 && chair < 4 ? table->next.seat_wind[chair] : chair;
}

/* The offer in words, the players named at their seats of @table's next hand: "Enter as hand
 * 4: East Anna wins from South Bo". */
static char *
offer_text (SpHandDialog  *self,
            const SpTable *table)
{
  guint number = table->n_hands + 1;
  gint winner = wind_of (table, self->offer_winner);
  gint from = wind_of (table, self->offer_from);
  const char *winner_name = sp_table_view_get_player_name (self->view, self->offer_winner);

  if (self->offer_draw)
    /* TRANSLATORS: the offer after a refused stale entry; %u is the hand's number */
    return g_strdup_printf (_("Enter as hand %u: exhaustive draw"), number);
  if (self->offer_false_win)
    /* TRANSLATORS: the offer after a refused stale entry: the hand's number, the seat and the
     * name of the player who declared the false win */
    return g_strdup_printf (_("Enter before hand %u: false win declared by %s %s"), number,
                            wind_name (winner), winner_name);
  if (from == SP_HAND_ENTRY_SELF_DRAWN)
    /* TRANSLATORS: the offer after a refused stale entry: the hand's number, the winner's seat
     * and name */
    return g_strdup_printf (_("Enter as hand %u: %s %s wins self-drawn"), number,
                            wind_name (winner), winner_name);
  /* TRANSLATORS: the offer after a refused stale entry: the hand's number, the winner's seat and
   * name, the discarder's seat and name */
  return g_strdup_printf (_("Enter as hand %u: %s %s wins from %s %s"), number,
                          wind_name (winner), winner_name, wind_name (from),
                          sp_table_view_get_player_name (self->view, self->offer_from));
}

/* What changed elsewhere, above the form; NULL hides it. */
static void
tell_stale (SpHandDialog *self,
            const char   *message)
{
  gtk_label_set_text (self->stale_label, message != NULL ? message : "");
  gtk_widget_set_visible (self->stale_box, message != NULL);
}

static void
cancel_offer (SpHandDialog *self)
{
  if (!self->offering)
    return;
  self->offering = FALSE;
  gtk_widget_set_visible (self->offer_button, FALSE);
  gtk_widget_set_sensitive (self->record_button, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "hand.record", TRUE);
}

/* The dialog at the table's real next hand, the referee's players in their seats there, and the
 * offer to enter it so.  Record waits for the offer to be taken or the seats to be chosen
 * again: a double Enter never records a hand the referee has not read. */
static void
show_offer (SpHandDialog *self)
{
  const SpTable *table = sp_table_view_get_table (self->view);
  g_autofree char *text = offer_text (self, table);

  self->table = *table;
  if (!self->offer_draw)
    {
      self->winner = wind_of (table, self->offer_winner);
      self->from = wind_of (table, self->offer_from);
    }
  show_table (self);
  show_seats (self);
  push_situation (self);
  gtk_label_set_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (self->offer_button))), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->offer_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_widget_set_visible (self->offer_button, TRUE);
  gtk_widget_set_sensitive (self->record_button, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "hand.record", FALSE);
}

/* @entry, made against @typed (the table before the hand the dialog showed), was refused: the
 * table has moved on.  What was typed stays; the store's words say what changed. */
static void
offer_next_hand (SpHandDialog      *self,
                 const SpTable     *typed,
                 const SpHandEntry *entry,
                 const char        *message)
{
  const SpTable *table = sp_table_view_get_table (self->view);
  /* The store's words begin as a clause ("table 1 is at hand 3: …"): here a sentence. */
  g_autofree char *sentence = g_strdup (message);

  sentence[0] = g_ascii_toupper (sentence[0]);
  tell (self, NULL);
  tell_stale (self, sentence);
  if (table->closed || table->next.finished)
    return;
  self->offer_draw = entry->draw;
  self->offer_false_win = entry->false_win;
  self->offer_winner = entry->draw ? 0 : (gint) sp_rotation_chair_at (&typed->next,
                                                                      (SpWind) entry->winner);
  self->offer_from = entry->draw || entry->from == SP_HAND_ENTRY_SELF_DRAWN
                     ? SP_HAND_ENTRY_SELF_DRAWN
                     : (gint) sp_rotation_chair_at (&typed->next, (SpWind) entry->from);
  self->offering = TRUE;
  show_offer (self);
}

static void store (SpHandDialog      *self,
                   const SpHandEntry *entry);

static void
offer_clicked_cb (SpHandDialog *self)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_autofree char *why = NULL;
  gboolean draw = self->offer_draw;
  gboolean false_win = self->offer_false_win;

  cancel_offer (self);
  sp_hand_entry_init (&entry);
  entry.draw = draw;
  if (!draw && !build_entry (self, &entry, false_win, &why))
    {
      tell (self, why);
      return;
    }
  store (self, &entry);
}

/* Whether the next hand is the same deal, its players at the same seats. */
static gboolean
same_seats (const SpRotation *a,
            const SpRotation *b)
{
  return a->number == b->number && a->round_wind == b->round_wind && a->streak == b->streak
         && memcmp (a->seat_wind, b->seat_wind, sizeof a->seat_wind) == 0;
}

/* The table was read again for a change made elsewhere.  An empty dialog moves to the table's
 * next hand; one holding what the referee typed stays on the hand it was typed for (its seat
 * buttons name the players he chose) and says so: recording it is refused as stale and offered
 * as the next hand with those players. */
static void
table_reloaded_cb (SpHandDialog *self)
{
  SpTable next;
  const SpTable *table = &next;
  g_autoptr(SpHandDraft) typed = NULL;
  g_autofree char *note = NULL;

  if (self->id != 0)
    return;
  table_to_enter (self, &next);
  if (self->offering)
    {
      show_offer (self);
      return;
    }
  if (table->n_hands == self->table.n_hands && same_seats (&table->next, &self->table.next))
    return;
  typed = self->draft != NULL ? build_draft (self) : NULL;
  if (typed == NULL)
    {
      self->table = *table;
      show_table (self);
      show_seats (self);
      push_situation (self);
      tell (self, NULL);
      tell_stale (self, NULL);
      return;
    }
  /* TRANSLATORS: in the hand dialog when another station changed the table; %u: the hand
   * numbers */
  note = g_strdup_printf (_("The table changed elsewhere: it is at hand %u now, and this hand "
                            "was typed as hand %u. Recording it shows what changed."),
                          table->n_hands + 1, self->table.n_hands + 1);
  tell_stale (self, note);
}

static void
toast_dismissed_cb (SpHandDialog *self,
                    AdwToast     *toast)
{
  if (self->toast == toast)
    g_clear_weak_pointer (&self->toast);
}

/* Says what was recorded, with its Undo; a toast still up is given the new message (as the
 * table view's toasts are). */
static void
show_toast (SpHandDialog *self,
            const char   *message)
{
  AdwToast *toast = self->toast;

  if (toast == NULL)
    {
      toast = adw_toast_new (message);
      g_set_weak_pointer (&self->toast, toast);
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self,
                               G_CONNECT_SWAPPED);
      adw_toast_set_button_label (toast, _("Undo"));
      adw_toast_set_action_name (toast, "hand.undo");
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return;
    }
  adw_toast_set_title (toast, message);
}

/* The toast's Undo: the table takes its last change back, and the form is again for the hand
 * it undid, what was typed since kept. */
static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  SpHandDialog *self = SP_HAND_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  /* The toast dismisses itself after its button's action: dismissing it here as well would
   * release it twice (libadwaita 1.2). */
  if (!sp_table_view_undo (self->view, &error))
    {
      if (error != NULL)
        tell (self, error->message);
      return;
    }
  self->table = *sp_table_view_get_table (self->view);
  show_table (self);
  show_seats (self);
  push_situation (self);
}

/* The conflict this hand entered again is in now (on the server, or kept in its place): the
 * conflict goes, and its table's later hands follow. */
static void
forget_conflict (SpHandDialog *self)
{
  g_autoptr(GError) error = NULL;
  SpStationOutbox *outbox = self->kept_id != 0 ? station_outbox (self) : NULL;

  if (outbox != NULL && !sp_station_outbox_discard (outbox, self->kept_id, &error))
    g_warning ("%s", error->message);
  self->kept_id = 0;
  self->kept_place = 0;
}

/* Keeps @entry, the next hand, in the station's outbox: the server cannot be reached (or
 * this table's earlier hands still wait to be sent, and it goes behind them).  The form moves
 * on to the hand after it, numbered after it. */
static gboolean
keep_at_station (SpHandDialog      *self,
                 SpStationOutbox   *outbox,
                 const SpHandEntry *entry,
                 gboolean           lost)
{
  g_autoptr(SpOutboxItem) item = g_new0 (SpOutboxItem, 1);
  g_autoptr(GError) error = NULL;

  item->place = self->kept_place;
  item->tournament = sp_table_view_get_tournament (self->view)->id;
  item->session = sp_table_view_get_session (self->view);
  item->table = sp_table_view_get_number (self->view);
  item->expect_hand = self->table.n_hands + 1;
  item->has_seats = TRUE;
  item->seats = self->table.next;
  item->referee = g_strdup (sp_table_view_get_referee (self->view));
  sp_hand_entry_copy (&item->entry, entry);
  if (!sp_station_outbox_add (outbox, item, &error))
    {
      tell (self, error->message);
      return FALSE;
    }
  forget_conflict (self);
  drop_draft (self);
  move_on (self);
  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    {
      AdwToast *toast = adw_toast_new (lost ? _("The server cannot be reached: hand kept at "
                                                "this station; it will be sent when the server "
                                                "is back")
                                            : _("Hand kept at this station: it is sent after "
                                                "the hands of this table still waiting"));

      /* Longer than a toast of a recorded hand: the referee must not miss that it is not on
       * the server yet. */
      adw_toast_set_timeout (toast, 10);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
  return TRUE;
}

static void
store (SpHandDialog      *self,
       const SpHandEntry *entry)
{
  g_autoptr(GError) error = NULL;
  SpTable typed = self->table;
  /* What the referee saw: the hand's number, or the corrected hand's version. */
  guint expect = self->id != 0 ? self->version : self->table.n_hands + 1;
  SpStationOutbox *outbox = self->id == 0 ? station_outbox (self) : NULL;

  g_auto(SpHandReport) report = { 0 };
  g_autofree char *message = NULL;

  /* Behind this table's hands still at the station, a new hand waits its turn: sent before
   * them, it would be numbered wrongly.  (A conflict entered again goes first: it is theirs.) */
  if (outbox != NULL && self->kept_place == 0)
    {
      g_autoptr(GPtrArray) queued = queued_hands (self);

      if (queued != NULL && queued->len > 0)
        {
          keep_at_station (self, outbox, entry, FALSE);
          return;
        }
    }
  if (!sp_table_view_record_expecting (self->view, self->id, expect,
                                       self->id == 0 ? &typed.next : NULL, entry, &report,
                                       &error))
    {
      /* The server lost: the new hand is kept at the station and sent when it is back (with
       * its key: one that reached the server before the connection dropped is found there). */
      if (outbox != NULL && g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_IO)
          && !entry->false_win)
        {
          keep_at_station (self, outbox, entry, TRUE);
          return;
        }
      /* The engine's refusal, in place: never a dialog over the dialog. */
      if (self->id == 0 && g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_STALE))
        offer_next_hand (self, &typed, entry, error->message);
      else if (g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_STALE))
        {
          /* A correction of a hand corrected elsewhere meanwhile: what changed, above the form;
           * the referee closes the dialog and opens the hand as it is now. */
          g_autofree char *sentence = g_strdup (error->message);

          sentence[0] = g_ascii_toupper (sentence[0]);
          tell_stale (self, sentence);
        }
      else
        tell (self, error->message);
      return;
    }
  forget_conflict (self);
  drop_draft (self);
  if (self->id == 0 && report.hand != NULL && report.repeated)
    /* TRANSLATORS: a toast; %u is the hand's number.  The hand sent again (after a lost
     * connection, or from a draft) had reached the store already. */
    message = g_strdup_printf (_("Hand %u was already recorded; nothing was added"),
                               report.hand->number);
  else if (self->id == 0 && report.hand != NULL)
    message = report.hand->draw
              /* TRANSLATORS: a toast; %u is the hand's number */
              ? g_strdup_printf (_("Hand %u recorded: exhaustive draw"), report.hand->number)
              /* TRANSLATORS: a toast: the hand's number and its total */
              : g_strdup_printf (_("Hand %u recorded: %d"), report.hand->number,
                                 report.hand->total);
  move_on (self);
  /* The table's own toast is under this modal dialog, out of reach: Undo is offered here
   * too (a draw is one keystroke, Ctrl+D, and easily pressed by mistake). */
  if (message != NULL && gtk_widget_get_visible (GTK_WIDGET (self)))
    show_toast (self, message);
}

static void
record (SpHandDialog *self,
        gboolean      false_win)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpHandDraft) typed = NULL;
  g_autofree char *why = NULL;
  int double_click_ms = 400;

  /* The second click of a double click on Record Hand lands on the next hand's empty form: it
   * is the first click's, not a request to record nothing. */
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-double-click-time",
                &double_click_ms, NULL);
  if (self->moved_on != 0
      && g_get_monotonic_time () - self->moved_on < (gint64) double_click_ms * 1000
      && (typed = build_draft (self)) == NULL)
    return;
  if (!build_entry (self, &entry, false_win, &why))
    {
      tell (self, why);
      return;
    }
  if (self->id != 0)
    entry.reason = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->reason_entry)));
  store (self, &entry);
}

static void
record_clicked_cb (SpHandDialog *self)
{
  record (self, FALSE);
}

static void
false_win_clicked_cb (SpHandDialog *self)
{
  record (self, TRUE);
}

static void
draw_clicked_cb (SpHandDialog *self)
{
  g_auto(SpHandEntry) entry = { 0 };

  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  if (self->riichi)
    {
      /* Every riichi player is tenpai: a noten riichi is a chombo, entered as one. */
      entry.riichi = self->riichi_mask;
      entry.tenpai = self->tenpai_mask | self->riichi_mask;
    }
  store (self, &entry);
}

/* Riichi: a chombo by the player chosen as Winner; nothing is paid at the table, the hand is
 * dealt again. */
static void
chombo_clicked_cb (SpHandDialog *self)
{
  g_auto(SpHandEntry) entry = { 0 };

  if (self->winner < 0)
    {
      tell (self, _("Choose the offender of the chombo as Winner (Alt+1 … 4)."));
      return;
    }
  sp_hand_entry_init (&entry);
  entry.chombo = self->winner;
  store (self, &entry);
}

static void
winner_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  set_winner (SP_HAND_DIALOG (widget), g_variant_get_int32 (parameter));
}

static void
from_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  set_from (SP_HAND_DIALOG (widget), g_variant_get_int32 (parameter));
}

static void
draw_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  draw_clicked_cb (SP_HAND_DIALOG (widget));
}

static void
record_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  record (SP_HAND_DIALOG (widget), FALSE);
}

/* ---- a phone's width ------------------------------------------------------------------- */

/* Below this width the rows put their heading above the buttons, the seat buttons drop their
 * shortcuts (a phone has no Alt key) and the verdict goes above the buttons: the dialog never
 * scrolls sideways (libadwaita 1.2 has no breakpoints). */
#define NARROW_WIDTH 600

static void
set_narrow (SpHandDialog *self,
            gboolean      narrow)
{
  GtkWidget *rows[] = { self->winner_row, self->from_row, self->riichi_row, self->tenpai_row };
  GtkOrientation orientation = narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;

  if (self->narrow == narrow)
    return;
  self->narrow = narrow;
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      gtk_orientable_set_orientation (GTK_ORIENTABLE (rows[i]), orientation);
      gtk_box_set_spacing (GTK_BOX (rows[i]), narrow ? 6 : 12);
    }
  for (guint i = 0; i < 9; i++)
    {
      GtkWidget *button = i < 4 ? self->winner_buttons[i] : self->from_buttons[i - 4];
      GtkWidget *box = gtk_button_get_child (GTK_BUTTON (button));

      gtk_widget_set_visible (gtk_widget_get_last_child (box), !narrow);
    }
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->action_box), orientation);
  gtk_widget_set_margin_start (self->form_box, narrow ? 6 : 12);
  gtk_widget_set_margin_end (self->form_box, narrow ? 6 : 12);
  sp_hand_editor_set_compact (self->editor, narrow);
}

static gboolean
apply_layout_cb (gpointer user_data)
{
  SpHandDialog *self = user_data;
  int width = 0, height = 0;

  self->layout_id = 0;
  /* Both pointers: GTK 4.8 writes through them without a check. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    width = gtk_widget_get_width (GTK_WIDGET (self));
  set_narrow (self, width > 0 && width < NARROW_WIDTH);
  return G_SOURCE_REMOVE;
}

/* The window's size changed: the layout follows once the change is done (not while GTK
 * allocates). */
static void
size_changed_cb (SpHandDialog *self)
{
  if (self->layout_id == 0)
    self->layout_id = g_idle_add (apply_layout_cb, self);
}

static void
sp_hand_dialog_dispose (GObject *object)
{
  SpHandDialog *self = SP_HAND_DIALOG (object);

  for (guint k = 0; k < self->n_kept; k++)
    g_clear_pointer (&self->kept[k].tiles, g_free);
  self->n_kept = 0;

  /* The window notifies its size as it goes: no layout is scheduled for a dialog gone. */
  g_signal_handlers_disconnect_by_func (self, size_changed_cb, NULL);
  g_clear_handle_id (&self->layout_id, g_source_remove);
  /* Destroyed without being closed (the app quitting): what was typed last is kept. */
  if (self->draft_id != 0)
    write_draft (self);
  self->drafting = FALSE;
  g_clear_weak_pointer (&self->toast);
  g_clear_pointer (&self->draft, sp_hand_draft_free);
  g_clear_pointer (&self->opened, sp_hand_draft_free);
  g_clear_pointer (&self->entry_key, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), SP_TYPE_HAND_DIALOG);
  G_OBJECT_CLASS (sp_hand_dialog_parent_class)->dispose (object);
}

static void
sp_hand_dialog_class_init (SpHandDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = sp_hand_dialog_dispose;

  g_type_ensure (SP_TYPE_HAND_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-hand-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, winner_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, from_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, editor);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, reason_entry);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, total_entry);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, draw_button);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, false_win_button);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, record_button);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, total_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, riichi_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, riichi_seats);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, tenpai_seats);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, sticks_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, han_spin);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, fu_spin);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, yakuman_spin);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, chombo_button);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, winner_row);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, from_row);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, riichi_row);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, tenpai_row);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, action_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, form_box);
  gtk_widget_class_bind_template_callback (widget_class, result_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, record_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, false_win_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, draw_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, chombo_clicked_cb);

  gtk_widget_class_install_action (widget_class, "hand.winner", "i", winner_activated);
  gtk_widget_class_install_action (widget_class, "hand.from", "i", from_activated);
  gtk_widget_class_install_action (widget_class, "hand.draw", NULL, draw_activated);
  gtk_widget_class_install_action (widget_class, "hand.record", NULL, record_activated);
  gtk_widget_class_install_action (widget_class, "hand.undo", NULL, undo_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_hand_dialog_init (SpHandDialog *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkWidget *group = NULL;
  GtkWidget *from_group = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->total_entry, "changed", G_CALLBACK (schedule_draft), self);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
  g_signal_connect (self, "notify::default-width", G_CALLBACK (size_changed_cb), NULL);
  self->winner = SP_HAND_ENTRY_UNSAID;
  self->from = SP_HAND_ENTRY_UNSAID;
  sp_hand_editor_set_toggle_visible (self->editor, "self-drawn", FALSE);

  for (guint w = 0; w < 4; w++)
    {
      g_autofree char *alt = gtk_accelerator_get_label (GDK_KEY_1 + w, GDK_ALT_MASK);
      g_autofree char *ctrl = gtk_accelerator_get_label (GDK_KEY_1 + w, GDK_CONTROL_MASK);

      self->winner_buttons[w] = new_seat_button (alt);
      self->from_buttons[w] = new_seat_button (ctrl);
      g_object_set_data (G_OBJECT (self->winner_buttons[w]), "sp-seat", GINT_TO_POINTER (w));
      g_object_set_data (G_OBJECT (self->from_buttons[w]), "sp-seat", GINT_TO_POINTER (w));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->winner_buttons[w]),
                                     GTK_TOGGLE_BUTTON (group));
      else
        group = self->winner_buttons[w];
      if (from_group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->from_buttons[w]),
                                     GTK_TOGGLE_BUTTON (from_group));
      else
        from_group = self->from_buttons[w];
      g_signal_connect (self->winner_buttons[w], "toggled", G_CALLBACK (winner_toggled_cb), self);
      g_signal_connect (self->from_buttons[w], "toggled", G_CALLBACK (from_toggled_cb), self);
      gtk_box_append (GTK_BOX (self->winner_box), self->winner_buttons[w]);
      gtk_box_append (GTK_BOX (self->from_box), self->from_buttons[w]);
    }
  {
    g_autofree char *ctrl = gtk_accelerator_get_label (GDK_KEY_0, GDK_CONTROL_MASK);

    self->from_buttons[4] = new_seat_button (ctrl);
    set_seat_label (self->from_buttons[4], _("Self-drawn"));
  }
  g_object_set_data (G_OBJECT (self->from_buttons[4]), "sp-seat",
                     GINT_TO_POINTER (SP_HAND_ENTRY_SELF_DRAWN));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->from_buttons[4]),
                               GTK_TOGGLE_BUTTON (from_group));
  g_signal_connect (self->from_buttons[4], "toggled", G_CALLBACK (from_toggled_cb), self);
  gtk_widget_set_tooltip_text (self->from_buttons[4],
                               _("自摸: the winner drew the tile (Ctrl+0)"));
  gtk_box_append (GTK_BOX (self->from_box), self->from_buttons[4]);

  /* Riichi's toggles per seat: declared riichi, tenpai at a draw. */
  for (guint w = 0; w < 4; w++)
    {
      self->riichi_buttons[w] = new_seat_toggle ();
      self->tenpai_buttons[w] = new_seat_toggle ();
      g_object_set_data (G_OBJECT (self->riichi_buttons[w]), "sp-seat", GUINT_TO_POINTER (w));
      g_object_set_data (G_OBJECT (self->tenpai_buttons[w]), "sp-seat", GUINT_TO_POINTER (w));
      gtk_widget_set_tooltip_text (self->riichi_buttons[w],
                                   _("立直: this player declared riichi and put 1,000 on the "
                                     "table"));
      g_signal_connect (self->riichi_buttons[w], "toggled", G_CALLBACK (riichi_toggled_cb), self);
      g_signal_connect (self->tenpai_buttons[w], "toggled", G_CALLBACK (tenpai_toggled_cb), self);
      gtk_flow_box_append (GTK_FLOW_BOX (self->riichi_seats), self->riichi_buttons[w]);
      gtk_flow_box_append (GTK_FLOW_BOX (self->tenpai_seats), self->tenpai_buttons[w]);
    }

  /* Alt+1…4 winner, Ctrl+1…4 from, Ctrl+0 self-drawn, Ctrl+D draw: caught before the field
   * "Hand" sees them, so that they work while typing. */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (gint w = 0; w < 4; w++)
    {
      gtk_shortcut_controller_add_shortcut (
        GTK_SHORTCUT_CONTROLLER (controller),
        g_object_new (GTK_TYPE_SHORTCUT,
                      "trigger", gtk_keyval_trigger_new (GDK_KEY_1 + w, GDK_ALT_MASK),
                      "action", gtk_named_action_new ("hand.winner"),
                      "arguments", g_variant_new_int32 (w), NULL));
      gtk_shortcut_controller_add_shortcut (
        GTK_SHORTCUT_CONTROLLER (controller),
        g_object_new (GTK_TYPE_SHORTCUT,
                      "trigger", gtk_keyval_trigger_new (GDK_KEY_1 + w, GDK_CONTROL_MASK),
                      "action", gtk_named_action_new ("hand.from"),
                      "arguments", g_variant_new_int32 (w), NULL));
    }
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (controller),
    g_object_new (GTK_TYPE_SHORTCUT,
                  "trigger", gtk_keyval_trigger_new (GDK_KEY_0, GDK_CONTROL_MASK),
                  "action", gtk_named_action_new ("hand.from"),
                  "arguments", g_variant_new_int32 (SP_HAND_ENTRY_SELF_DRAWN), NULL));
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_d, GDK_CONTROL_MASK),
                      gtk_named_action_new ("hand.draw")));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  /* With the refusal of a stale entry: the offer to enter it as the next hand. */
  self->offer_button = gtk_button_new ();
  {
    GtkWidget *label = gtk_label_new (NULL);

    /* A long pair of names wraps rather than widening the dialog. */
    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_button_set_child (GTK_BUTTON (self->offer_button), label);
  }
  gtk_widget_set_halign (self->offer_button, GTK_ALIGN_START);
  gtk_widget_set_visible (self->offer_button, FALSE);
  gtk_widget_add_css_class (self->offer_button, "suggested-action");
  g_signal_connect_swapped (self->offer_button, "clicked", G_CALLBACK (offer_clicked_cb), self);
  self->stale_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_visible (self->stale_box, FALSE);
  gtk_widget_add_css_class (self->stale_box, "card");
  gtk_widget_set_margin_start (self->stale_box, 12);
  gtk_widget_set_margin_end (self->stale_box, 12);
  gtk_widget_set_margin_top (self->stale_box, 12);
  self->stale_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->stale_label, TRUE);
  gtk_label_set_xalign (self->stale_label, 0);
  gtk_widget_set_margin_start (GTK_WIDGET (self->stale_label), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->stale_label), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->stale_label), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->stale_label), 6);
  gtk_widget_set_margin_start (self->offer_button, 12);
  gtk_widget_set_margin_end (self->offer_button, 12);
  gtk_widget_set_margin_bottom (self->offer_button, 12);
  gtk_box_append (GTK_BOX (self->stale_box), GTK_WIDGET (self->stale_label));
  gtk_box_append (GTK_BOX (self->stale_box), self->offer_button);
  {
    /* Under the header bar, outside the scrolled form (the box under the toast overlay). */
    GtkWidget *content = adw_toast_overlay_get_child (self->toast_overlay);

    gtk_widget_insert_after (self->stale_box, content, gtk_widget_get_first_child (content));
  }

  /* Enter in the field, or anywhere the default is taken, records the hand. */
  gtk_window_set_default_widget (GTK_WINDOW (self), self->record_button);
}

GtkWindow *
sp_hand_dialog_new (SpTableView  *view,
                    gint64        id,
                    GError      **error)
{
  SpHandDialog *self;
  g_auto(SpHandEntry) entry = { 0 };

  g_return_val_if_fail (SP_IS_TABLE_VIEW (view), NULL);

  sp_hand_entry_init (&entry);
  self = g_object_new (SP_TYPE_HAND_DIALOG, "transient-for", view, NULL);
  self->view = view;
  self->id = id;
  gtk_widget_set_visible (GTK_WIDGET (self->reason_entry), id != 0);
  sp_hand_editor_set_rules (self->editor, sp_table_view_get_rules (view));
  /* The entry of a table that keeps running points: riichi seats, sticks, han and fu. */
  self->riichi
    = sp_ruleset_traits (sp_rules_get_ruleset (sp_table_view_get_rules (view)))->keeps_points;
  /* Riichi: the seats say who declared riichi (the editor's toggle would count it twice); a
   * win without tiles is given by its han and fu, not a total. */
  gtk_widget_set_visible (self->riichi_box, self->riichi);
  gtk_widget_set_visible (self->total_box, !self->riichi);
  if (self->riichi)
    {
      SpRiichiTableRules table_rules;

      sp_hand_editor_set_toggle_visible (self->editor, "riichi", FALSE);
      self->multiple_ron
        = sp_riichi_table_rules_of (sp_table_view_get_rules (view), &table_rules, NULL)
          && table_rules.multiple_ron;
      if (self->multiple_ron)
        build_also (self);
    }
  g_signal_connect_object (view, "reloaded", G_CALLBACK (table_reloaded_cb), self,
                           G_CONNECT_SWAPPED);
  if (id == 0)
    table_to_enter (self, &self->table);
  else
    {
      const SpHandRecord *hand = sp_table_view_get_hand (view, id);

      self->version = hand != NULL ? hand->version : 0;
      if (!sp_table_view_get_hand_entry (view, id, &entry, &self->table, error))
        {
          gtk_window_destroy (GTK_WINDOW (self));
          return NULL;
        }
      /* A draw corrected is entered again from scratch; a win comes back as it was given. */
      if (!entry.draw)
        {
          self->winner = entry.winner;
          self->from = entry.from;
          self->riichi_mask = entry.riichi;
          if (entry.has_value)
            {
              gtk_spin_button_set_value (self->han_spin, entry.value.han);
              gtk_spin_button_set_value (self->fu_spin, entry.value.fu);
              gtk_spin_button_set_value (self->yakuman_spin, entry.value.yakuman);
            }
          if (entry.tiles != NULL)
            sp_hand_editor_set_text (self->editor, entry.tiles);
          else if (entry.has_total)
            {
              g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT, entry.total);

              gtk_editable_set_text (self->total_entry, total);
            }
          sp_hand_editor_load_situation (self->editor, &entry.situation);
          /* The further winners entered by value come back in their rows. */
          for (guint i = 0; self->also_box != NULL && i < entry.n_also; i++)
            if (entry.also[i].tiles != NULL)
              {
                SpHandEntryWin *kept = &self->kept[self->n_kept++];

                *kept = entry.also[i];
                kept->tiles = g_strdup (entry.also[i].tiles);
              }
            else if (entry.also[i].has_value)
              {
                guint n = self->n_also++;

                gtk_drop_down_set_selected (self->also[n].seat, (guint) entry.also[i].winner);
                gtk_spin_button_set_value (self->also[n].han, entry.also[i].value.han);
                gtk_spin_button_set_value (self->also[n].fu, entry.also[i].value.fu);
                gtk_spin_button_set_value (self->also[n].yakuman, entry.also[i].value.yakuman);
              }
        }
    }
  show_table (self);
  show_seats (self);
  show_riichi_seats (self);
  push_situation (self);
  result_changed_cb (self);
  sp_hand_editor_focus (self->editor);
  /* From now on what a person changes is kept as the table's draft. */
  self->draft = g_new0 (SpHandDraft, 1);
  self->draft->database = g_strdup (sp_db_get_path (sp_table_view_get_database (view)));
  self->draft->tournament = sp_table_view_get_tournament (view)->id;
  self->draft->session = sp_table_view_get_session (view);
  self->draft->table = sp_table_view_get_number (view);
  self->drafting = TRUE;
  if (id == 0)
    self->entry_key = g_uuid_string_random ();
  if (id != 0)
    self->opened = build_draft (self);
  /* A hand kept as a draft (Keep as Draft) comes back when its table's dialog opens again
   * for it. */
  {
    g_autofree char *path = draft_path (self);
    g_autoptr(SpHandDraft) kept = sp_hand_draft_load (path, NULL);

    if (kept != NULL && kept->hand_id == id && kept->hand == self->table.next.number)
      sp_hand_dialog_load_draft (self, kept);
  }
  return GTK_WINDOW (self);
}

/**
 * sp_hand_dialog_load_draft:
 * @self: a hand dialog
 * @draft: a hand being entered when the app stopped
 *
 * Fills the dialog in as @draft was left: the winner and from, the tiles or the total, and the
 * situation's toggles.  The draft stays until the hand is recorded or the dialog cancelled.
 */
void
sp_hand_dialog_load_draft (SpHandDialog      *self,
                           const SpHandDraft *draft)
{
  SpSituation situation;

  g_return_if_fail (SP_IS_HAND_DIALOG (self));
  g_return_if_fail (draft != NULL);

  /* The same entry as before the app stopped: sent with the same key, a hand that reached the
   * store then is found rather than entered again. */
  if (self->id == 0 && draft->entry_key != NULL && draft->entry_key[0] != '\0')
    {
      g_free (self->entry_key);
      self->entry_key = g_strdup (draft->entry_key);
    }
  sp_situation_init (&situation);
  if (draft->situation != NULL && draft->situation[0] != '\0'
      && !sp_situation_from_string (&situation, draft->situation, NULL))
    sp_situation_init (&situation);
  sp_hand_editor_load_situation (self->editor, &situation);
  self->winner = draft->winner >= 0 && draft->winner < 4 ? draft->winner : SP_HAND_ENTRY_UNSAID;
  self->from = draft->from >= 0 && draft->from <= SP_HAND_ENTRY_SELF_DRAWN
               && draft->from != self->winner ? draft->from : SP_HAND_ENTRY_UNSAID;
  gtk_editable_set_text (self->total_entry, draft->total != NULL ? draft->total : "");
  if (self->riichi)
    {
      self->riichi_mask = draft->riichi & 0xf;
      self->tenpai_mask = draft->tenpai & 0xf;
      gtk_spin_button_set_value (self->han_spin, draft->value.han);
      gtk_spin_button_set_value (self->fu_spin, draft->value.fu);
      gtk_spin_button_set_value (self->yakuman_spin, draft->value.yakuman);
      show_riichi_seats (self);
    }
  /* The further winners come back in their rows where the profile has them, in place of any
   * the dialog opened with. */
  if (self->also_box != NULL)
    self->n_also = 0;
  for (guint i = 0; self->also_box != NULL && i < draft->n_also && i < SP_HAND_ENTRY_MAX_ALSO;
       i++)
    {
      guint n = self->n_also++;

      gtk_drop_down_set_selected (self->also[n].seat, (guint) draft->also[i].seat);
      gtk_spin_button_set_value (self->also[n].han, draft->also[i].value.han);
      gtk_spin_button_set_value (self->also[n].fu, draft->also[i].value.fu);
      gtk_spin_button_set_value (self->also[n].yakuman, draft->also[i].value.yakuman);
    }
  sp_hand_editor_set_text (self->editor, draft->tiles != NULL ? draft->tiles : "");
  show_seats (self);
  push_situation (self);
  result_changed_cb (self);
  sp_hand_editor_focus (self->editor);
}

/**
 * sp_hand_dialog_enter_again:
 * @self: a dialog for a table's next hand
 * @item: a hand of the station's outbox the server refused, taken back from it
 *
 * Fills the dialog in with @item's hand, to be entered again as a fresh hand (with @item's new
 * key) at the table's next hand; the server's refusal is shown above the form.  Kept at the
 * station again (the server lost once more), it takes @item's place in the queue.
 */
void
sp_hand_dialog_enter_again (SpHandDialog       *self,
                            const SpOutboxItem *item)
{
  g_autoptr(SpHandDraft) draft = g_new0 (SpHandDraft, 1);
  const SpHandEntry *entry;

  g_return_if_fail (SP_IS_HAND_DIALOG (self));
  g_return_if_fail (item != NULL && self->id == 0);

  entry = &item->entry;
  draft->entry_key = g_strdup (entry->key);
  draft->winner = entry->draw ? SP_HAND_ENTRY_UNSAID : entry->winner;
  draft->from = entry->draw ? SP_HAND_ENTRY_UNSAID : entry->from;
  draft->tiles = g_strdup (entry->tiles);
  draft->situation = sp_situation_to_string (&entry->situation);
  draft->total = entry->has_total ? g_strdup_printf ("%" G_GINT64_FORMAT, entry->total) : NULL;
  draft->riichi = entry->riichi;
  draft->tenpai = entry->tenpai;
  if (entry->has_value)
    draft->value = entry->value;
  for (guint i = 0; i < entry->n_also && i < SP_HAND_ENTRY_MAX_ALSO; i++)
    if (entry->also[i].has_value)
      {
        draft->also[draft->n_also].seat = entry->also[i].winner;
        draft->also[draft->n_also].value = entry->also[i].value;
        draft->n_also++;
      }
  self->kept_id = item->id;
  self->kept_place = item->place;
  table_to_enter (self, &self->table);
  show_table (self);
  sp_hand_dialog_load_draft (self, draft);
  if (item->message != NULL)
    {
      g_autofree char *sentence = g_strdup (item->message);

      sentence[0] = g_ascii_toupper (sentence[0]);
      tell_stale (self, sentence);
    }
}

SpHandEditor *
sp_hand_dialog_get_editor (SpHandDialog *self)
{
  g_return_val_if_fail (SP_IS_HAND_DIALOG (self), NULL);
  return self->editor;
}
