/* sp-hand-dialog.c: one hand of a table, as fast as the referee can give it: the winner and
 * where the tile came from in one click (or Alt/Ctrl+1…4), the tiles typed or clicked, Enter.
 * What the rotation knows (seat wind, round wind, dealer, streak) is set, not asked; whether the
 * win was self-drawn is the From buttons' to say, so the editor's 自摸 toggle is hidden.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-hand-dialog.h"
#include "sp-hand-draft.h"
#include "sp-wind.h"

/* How long the typing rests before the draft is written: a keystroke costs only a timer. */
#define DRAFT_DELAY_MS 300

struct _SpHandDialog
{
  AdwWindow parent_instance;

  SpTableView *view;        /* the transient parent */
  gint64       id;          /* the hand corrected, 0 for the next hand */
  SpTable      table;       /* the table before this hand */
  gint         winner;      /* SpWind, or SP_HAND_ENTRY_UNSAID */
  gint         from;        /* SpWind, SP_HAND_ENTRY_SELF_DRAWN or _UNSAID */
  GtkWidget   *winner_buttons[4];
  GtkWidget   *from_buttons[5];  /* E S W N, then Self-drawn */
  gboolean     updating;    /* the buttons are being set from the state */
  gboolean     drafting;    /* changes are kept in the table's draft file */
  guint        draft_id;    /* the pending write of the draft */
  SpHandDraft *draft;       /* whose hand this is: the database, tournament, session, table */

  /* Template children */
  AdwWindowTitle *window_title;
  GtkWidget      *winner_box;
  GtkWidget      *from_box;
  SpHandEditor   *editor;
  GtkEditable    *total_entry;
  GtkLabel       *message_label;
  GtkLabel       *summary_label;
  GtkWidget      *draw_button;
  GtkWidget      *false_win_button;
  GtkWidget      *record_button;
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

/* The rotation's part of the situation, and the winner's and the discarder's seats. */
static void
push_situation (SpHandDialog *self)
{
  const SpRotation *next = &self->table.next;
  g_autofree char *streak = g_strdup_printf ("%u", next->streak);

  sp_hand_editor_clear_set (self->editor);
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
  self->updating = FALSE;
}

static void
set_winner (SpHandDialog *self,
            gint          winner)
{
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

/* The title and the seat buttons' names for the hand about to be entered. */
static void
show_table (SpHandDialog *self)
{
  const SpRotation *next = &self->table.next;
  guint dealer = sp_rotation_dealer_chair (next);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  /* TRANSLATORS: the hand dialog's title: the table, the hand's number, the round wind, the
   * dealer's chair and name */
  title = g_strdup_printf (_("Table %u · hand %u · round %s · dealer %s %s"), self->table.table,
                           next->number, sp_wind_glyph (next->round_wind), sp_wind_glyph (dealer),
                           sp_table_view_get_player_name (self->view, dealer));
  adw_window_title_set_title (self->window_title, title);
  gtk_window_set_title (GTK_WINDOW (self), title);
  if (self->id != 0)
    subtitle = g_strdup (_("Correction: the later hands are scored again"));
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

      gtk_button_set_label (GTK_BUTTON (self->winner_buttons[w]), label);
      gtk_button_set_label (GTK_BUTTON (self->from_buttons[w]), label);
    }
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

/* The draft as the dialog stands; NULL when it holds nothing a person gave. */
static SpHandDraft *
build_draft (SpHandDialog *self)
{
  g_autoptr(SpHandDraft) draft = g_new0 (SpHandDraft, 1);
  const char *text = sp_hand_editor_get_text (self->editor);
  const char *total = gtk_editable_get_text (self->total_entry);
  SpSituation situation;

  sp_hand_editor_get_situation (self->editor, &situation);
  /* The rotation's part and the seats are set from the table and the buttons, not kept. */
  situation.given &= ~(SP_SITUATION_SEAT_WIND | SP_SITUATION_ROUND_WIND | SP_SITUATION_DEALER
                       | SP_SITUATION_STREAK | SP_SITUATION_DISCARDER
                       | SP_SITUATION_SELF_DRAWN);
  if (self->winner < 0 && self->from < 0 && is_blank (text) && is_blank (total)
      && situation.given == 0)
    return NULL;
  /* Taken when the dialog opened: the table's window may be gone before this dialog is. */
  draft->database = g_strdup (self->draft->database);
  draft->tournament = self->draft->tournament;
  draft->session = self->draft->session;
  draft->table = self->draft->table;
  draft->hand = self->table.next.number;
  draft->hand_id = self->id;
  draft->winner = self->winner;
  draft->from = self->from;
  draft->tiles = g_strdup (text);
  draft->situation = sp_situation_to_string (&situation);
  draft->total = g_strdup (total);
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

/* Escape, the close button or the hand recorded closing the dialog: a deliberate end. */
static gboolean
close_request_cb (SpHandDialog *self)
{
  drop_draft (self);
  self->drafting = FALSE;
  return FALSE;
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

  if (self->summary_label == NULL)
    return;
  if (result != NULL && result->win && result->has_settlement)
    figures = result->settlement;
  else if (result != NULL && !result->win && result->has_penalty)
    figures = result->penalty;
  for (guint w = 0; figures != NULL && w < 4; w++)
    g_string_append_printf (seats, "%s%s %s%" G_GINT64_FORMAT, w > 0 ? "  " : "",
                            sp_wind_letter (w), figures[w] > 0 ? "+" : figures[w] < 0 ? "−" : "",
                            figures[w] < 0 ? -figures[w] : figures[w]);
  if (result == NULL)
    text = g_strdup ("");
  else if (result->win)
    /* TRANSLATORS: the live result: the hand's total, then each seat's points */
    text = g_strdup_printf (_("Total %d — %s"), result->total, seats->str);
  else if (figures != NULL)
    /* TRANSLATORS: the live result of a false win: each seat's penalty */
    text = g_strdup_printf (_("False win — %s"), seats->str);
  else
    text = g_strdup (_("Not a win"));
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
  /* A false win is a declared win the core refuses: the verdict and its penalty are shown by
   * the editor, and it can be recorded as it is. */
  gtk_widget_set_visible (self->false_win_button,
                          self->id == 0 && tiles && result != NULL && !result->win);
  show_summary (self, result);
}

/* The entry as the dialog stands; FALSE with the reason told when it is not complete. */
static gboolean
build_entry (SpHandDialog *self,
             SpHandEntry  *entry,
             gboolean      false_win)
{
  const char *text = sp_hand_editor_get_text (self->editor);
  const char *total = gtk_editable_get_text (self->total_entry);
  g_autoptr(GError) error = NULL;

  sp_hand_entry_init (entry);
  if (self->winner < 0)
    {
      tell (self, _("Choose the winner (Alt+1 … 4)."));
      return FALSE;
    }
  if (self->from < 0)
    {
      tell (self, _("Choose whom the winning tile came from (Ctrl+1 … 4), or Self-drawn "
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
  else if (!is_blank (total))
    {
      if (!sp_hand_entry_parse_total (total, &entry->total, &error))
        {
          tell (self, error->message);
          return FALSE;
        }
      entry->has_total = TRUE;
    }
  else
    {
      tell (self, _("Type the hand, click it on the palette, or give its total without tiles."));
      return FALSE;
    }
  sp_hand_editor_get_situation (self->editor, &entry->situation);
  /* The seats come from the rotation and the buttons: the engine sets them itself. */
  entry->situation.given &= ~(SP_SITUATION_SEAT_WIND | SP_SITUATION_ROUND_WIND
                              | SP_SITUATION_DEALER | SP_SITUATION_STREAK
                              | SP_SITUATION_DISCARDER | SP_SITUATION_SELF_DRAWN);
  return TRUE;
}

/* Ready for the next hand, or closed after a correction or the table's last hand. */
static void
move_on (SpHandDialog *self)
{
  const SpTable *table = sp_table_view_get_table (self->view);

  if (self->id != 0 || table->next.finished)
    {
      gtk_window_close (GTK_WINDOW (self));
      return;
    }
  self->table = *table;
  self->winner = SP_HAND_ENTRY_UNSAID;
  self->from = SP_HAND_ENTRY_UNSAID;
  gtk_editable_set_text (self->total_entry, "");
  sp_hand_editor_set_text (self->editor, "");
  sp_hand_editor_load_situation (self->editor, NULL);
  show_table (self);
  show_seats (self);
  push_situation (self);
  tell (self, NULL);
  sp_hand_editor_focus (self->editor);
}

static void
store (SpHandDialog      *self,
       const SpHandEntry *entry)
{
  g_autoptr(GError) error = NULL;

  if (!sp_table_view_record (self->view, self->id, entry, NULL, &error))
    {
      /* The engine's refusal, in place: never a dialog over the dialog. */
      tell (self, error->message);
      return;
    }
  drop_draft (self);
  move_on (self);
}

static void
record (SpHandDialog *self,
        gboolean      false_win)
{
  g_auto(SpHandEntry) entry = { 0 };

  if (!build_entry (self, &entry, false_win))
    return;
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

static void
sp_hand_dialog_dispose (GObject *object)
{
  SpHandDialog *self = SP_HAND_DIALOG (object);

  /* Destroyed without being closed (the app quitting): what was typed last is kept. */
  if (self->draft_id != 0)
    write_draft (self);
  self->drafting = FALSE;
  g_clear_pointer (&self->draft, sp_hand_draft_free);
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
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, winner_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, from_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, editor);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, total_entry);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, draw_button);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, false_win_button);
  gtk_widget_class_bind_template_child (widget_class, SpHandDialog, record_button);
  gtk_widget_class_bind_template_callback (widget_class, result_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, record_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, false_win_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, draw_clicked_cb);

  gtk_widget_class_install_action (widget_class, "hand.winner", "i", winner_activated);
  gtk_widget_class_install_action (widget_class, "hand.from", "i", from_activated);
  gtk_widget_class_install_action (widget_class, "hand.draw", NULL, draw_activated);
  gtk_widget_class_install_action (widget_class, "hand.record", NULL, record_activated);
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
  self->winner = SP_HAND_ENTRY_UNSAID;
  self->from = SP_HAND_ENTRY_UNSAID;
  sp_hand_editor_set_toggle_visible (self->editor, "self-drawn", FALSE);

  for (guint w = 0; w < 4; w++)
    {
      self->winner_buttons[w] = gtk_toggle_button_new ();
      self->from_buttons[w] = gtk_toggle_button_new ();
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
  self->from_buttons[4] = gtk_toggle_button_new_with_label (_("Self-drawn"));
  g_object_set_data (G_OBJECT (self->from_buttons[4]), "sp-seat",
                     GINT_TO_POINTER (SP_HAND_ENTRY_SELF_DRAWN));
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (self->from_buttons[4]),
                               GTK_TOGGLE_BUTTON (from_group));
  g_signal_connect (self->from_buttons[4], "toggled", G_CALLBACK (from_toggled_cb), self);
  gtk_widget_set_tooltip_text (self->from_buttons[4],
                               _("自摸: the winner drew the tile (Ctrl+0)"));
  gtk_box_append (GTK_BOX (self->from_box), self->from_buttons[4]);

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
  sp_hand_editor_set_rules (self->editor, sp_table_view_get_rules (view));
  if (id == 0)
    self->table = *sp_table_view_get_table (view);
  else
    {
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
          if (entry.tiles != NULL)
            sp_hand_editor_set_text (self->editor, entry.tiles);
          else if (entry.has_total)
            {
              g_autofree char *total = g_strdup_printf ("%" G_GINT64_FORMAT, entry.total);

              gtk_editable_set_text (self->total_entry, total);
            }
          sp_hand_editor_load_situation (self->editor, &entry.situation);
        }
    }
  show_table (self);
  show_seats (self);
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

  sp_situation_init (&situation);
  if (draft->situation != NULL && draft->situation[0] != '\0'
      && !sp_situation_from_string (&situation, draft->situation, NULL))
    sp_situation_init (&situation);
  sp_hand_editor_load_situation (self->editor, &situation);
  self->winner = draft->winner >= 0 && draft->winner < 4 ? draft->winner : SP_HAND_ENTRY_UNSAID;
  self->from = draft->from >= 0 && draft->from <= SP_HAND_ENTRY_SELF_DRAWN
               && draft->from != self->winner ? draft->from : SP_HAND_ENTRY_UNSAID;
  gtk_editable_set_text (self->total_entry, draft->total != NULL ? draft->total : "");
  sp_hand_editor_set_text (self->editor, draft->tiles != NULL ? draft->tiles : "");
  show_seats (self);
  push_situation (self);
  result_changed_cb (self);
  sp_hand_editor_focus (self->editor);
}

SpHandEditor *
sp_hand_dialog_get_editor (SpHandDialog *self)
{
  g_return_val_if_fail (SP_IS_HAND_DIALOG (self), NULL);
  return self->editor;
}
