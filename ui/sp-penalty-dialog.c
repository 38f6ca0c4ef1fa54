/* sp-penalty-dialog.c: the dialog that gives a player a penalty in a session: the player, the
 * points (negative for a deduction), the reason and, if it is about one, the table and hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-form.h"
#include "sp-penalty-dialog.h"

struct _SpPenaltyDialog
{
  AdwWindow parent_instance;

  SpDb      *db;          /* the window's, which outlives its modal dialog */
  gint64     tournament;
  guint      session;
  GArray    *player_ids;  /* gint64, in the drop-down's order */

  /* Template children */
  GtkDropDown   *player_dropdown;
  GtkSpinButton *points_spin;
  AdwActionRow  *points_row;
  AdwEntryRow   *reason_row;
  GtkLabel      *error_label;
  GtkSpinButton *table_spin;
  GtkSpinButton *hand_spin;
};

G_DEFINE_FINAL_TYPE (SpPenaltyDialog, sp_penalty_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The id of hand @number at @table of the session, 0 with the inline error when there is none. */
static gint64
find_hand (SpPenaltyDialog *self,
           guint            table,
           guint            number)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = sp_db_list_hands (self->db, self->tournament, self->session,
                                                 table, &error);
  g_autofree char *message = NULL;

  for (guint i = 0; hands != NULL && i < hands->len; i++)
    {
      const SpHandRecord *hand = g_ptr_array_index (hands, i);

      if (hand->number == number)
        return hand->id;
    }
  if (error != NULL)
    message = g_strdup (error->message);
  else
    /* Translators: the session, table and hand numbers. */
    message = g_strdup_printf (_("Session %u table %u has no hand %u."), self->session, table,
                               number);
  sp_form_show_error (self->error_label, message);
  return 0;
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  SpPenaltyDialog *self = SP_PENALTY_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  guint selected = gtk_drop_down_get_selected (self->player_dropdown);
  guint table = (guint) gtk_spin_button_get_value_as_int (self->table_spin);
  guint number = (guint) gtk_spin_button_get_value_as_int (self->hand_spin);
  g_autofree char *reason = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->reason_row)));
  SpPenalty penalty = { 0 };

  if (selected == GTK_INVALID_LIST_POSITION || selected >= self->player_ids->len)
    {
      sp_form_show_error (self->error_label, _("Choose the player who is penalised."));
      return;
    }
  if (number > 0 && table == 0)
    {
      sp_form_show_error (self->error_label, _("Give the table of the hand."));
      return;
    }
  penalty.session = self->session;
  penalty.player = g_array_index (self->player_ids, gint64, selected);
  penalty.points = gtk_spin_button_get_value_as_int (self->points_spin);
  penalty.reason = reason;
  if (number > 0 && (penalty.hand = find_hand (self, table, number)) == 0)
    return;
  if (!sp_db_give_penalty (self->db, self->tournament, &penalty, &error))
    {
      sp_form_show_error (self->error_label, error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_SAVED], 0, penalty.id);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* The points as they will count, with their sign and the player's name, under the field: a
 * deduction typed without its minus shows as points received before it is given. */
static void
update_preview (SpPenaltyDialog *self)
{
  GObject *item = gtk_drop_down_get_selected_item (self->player_dropdown);
  const char *name = GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (GTK_STRING_OBJECT (item))
                                                 : NULL;
  int points = gtk_spin_button_get_value_as_int (self->points_spin);
  g_autofree char *text = NULL;

  if (name == NULL)
    text = g_strdup (_("Negative for a deduction"));
  else if (points < 0)
    /* Translators: the preview of a penalty: the points deducted, then the player's name; the
     * sign is a minus sign (U+2212). */
    text = g_strdup_printf (_("−%d to %s: a deduction"), -points, name);
  else if (points > 0)
    /* Translators: the preview of points given to a player: the points, then the name. */
    text = g_strdup_printf (_("+%d to %s: points received"), points, name);
  else
    /* Translators: the preview of a penalty of no points; %s is the player's name. */
    text = g_strdup_printf (_("A warning to %s, no points"), name);
  adw_action_row_set_subtitle (self->points_row, text);
}

static void
field_changed_cb (SpPenaltyDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  update_preview (self);
}

static void
sp_penalty_dialog_dispose (GObject *object)
{
  SpPenaltyDialog *self = SP_PENALTY_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_PENALTY_DIALOG);
  g_clear_pointer (&self->player_ids, g_array_unref);

  G_OBJECT_CLASS (sp_penalty_dialog_parent_class)->dispose (object);
}

static void
sp_penalty_dialog_class_init (SpPenaltyDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_penalty_dialog_dispose;

  /**
   * SpPenaltyDialog::saved:
   * @self: the dialog
   * @id: the penalty's id in the store
   *
   * Emitted when the store has taken the penalty, just before the dialog closes.
   */
  signals[SIGNAL_SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-penalty-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpPenaltyDialog, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SpPenaltyDialog, points_spin);
  gtk_widget_class_bind_template_child (widget_class, SpPenaltyDialog, points_row);
  gtk_widget_class_bind_template_child (widget_class, SpPenaltyDialog, reason_row);
  gtk_widget_class_bind_template_child (widget_class, SpPenaltyDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, SpPenaltyDialog, table_spin);
  gtk_widget_class_bind_template_child (widget_class, SpPenaltyDialog, hand_spin);
  gtk_widget_class_bind_template_callback (widget_class, field_changed_cb);

  gtk_widget_class_install_action (widget_class, "dialog.add", NULL, add_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_penalty_dialog_init (SpPenaltyDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The dialog starts on its first field, not on the header's Cancel. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->player_dropdown));

  self->player_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->reason_row));
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  const SpPlayer *pa = *(const SpPlayer *const *) a;
  const SpPlayer *pb = *(const SpPlayer *const *) b;

  return g_utf8_collate (pa->name, pb->name);
}

/**
 * sp_penalty_dialog_new:
 * @parent: the main window, which the dialog stays over
 * @db: (transfer none): the store, which outlives the dialog
 * @tournament: the tournament's id
 * @session: the session of the penalty
 * @players: (element-type SpPlayer): the players offered (by name in the drop-down)
 *
 * Returns: (transfer none): a new modal dialog, not yet shown, owned by GTK like every
 *   toplevel window.
 */
SpPenaltyDialog *
sp_penalty_dialog_new (GtkWindow *parent,
                       SpDb      *db,
                       gint64     tournament,
                       guint      session,
                       GPtrArray *players)
{
  SpPenaltyDialog *self;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) sorted = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (db != NULL && players != NULL, NULL);

  self = g_object_new (SP_TYPE_PENALTY_DIALOG,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->db = db;
  self->tournament = tournament;
  self->session = session;
  /* By name, as a person looks for one. */
  sorted = g_ptr_array_sized_new (players->len);
  for (guint i = 0; i < players->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (players, i));
  g_ptr_array_sort (sorted, compare_names);
  for (guint i = 0; i < sorted->len; i++)
    {
      const SpPlayer *player = g_ptr_array_index (sorted, i);

      gtk_string_list_append (names, player->name);
      g_array_append_val (self->player_ids, player->id);
    }
  gtk_drop_down_set_model (self->player_dropdown, G_LIST_MODEL (names));
  update_preview (self);
  /* Translators: the title of the penalty dialog; the session's number. */
  title = g_strdup_printf (_("Add Penalty in Session %u"), session);
  gtk_window_set_title (GTK_WINDOW (self), title);
  return self;
}
