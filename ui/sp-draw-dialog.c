/* sp-draw-dialog.c: the dialog that draws a session: the tournament's method shown, a seed to
 * choose (empty for a random one) and, for a final, the top N of the standings.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-draw-dialog.h"
#include "sp-form.h"

struct _SpDrawDialog
{
  AdwWindow parent_instance;

  SpDb               *db;          /* the window's, which outlives its modal dialog */
  const SpTournament *tournament;  /* likewise */
  guint               session;

  /* Template children */
  AdwActionRow   *method_row;
  AdwEntryRow    *seed_row;
  GtkLabel       *error_label;
  AdwExpanderRow *final_row;
  GtkSpinButton  *top_spin;
};

G_DEFINE_FINAL_TYPE (SpDrawDialog, sp_draw_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_DRAWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

const char *
sp_draw_dialog_method_name (const SpTournament *tournament)
{
  g_return_val_if_fail (tournament != NULL, NULL);

  if (g_strcmp0 (tournament->seating, "balanced") == 0)
    return _("Balanced plan");
  if (g_strcmp0 (tournament->seating, "swiss") == 0)
    {
      if (tournament->settings.swiss_snake)
        return _("Swiss pairing, 蛇形 (snake)");
      return _("Swiss pairing, 高高碰 (high meets high)");
    }
  return _("Random draw");
}

/* Draws the session as the rows say; on a refusal the dialog stays, with the store's reason. */
static void
draw_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SpDrawDialog *self = SP_DRAW_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  SpDrawRequest request = { .has_seed = FALSE };
  g_autofree char *text = NULL;
  guint64 seed = 0;

  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->seed_row))));
  if (*text != '\0')
    {
      if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &request.seed, NULL))
        {
          sp_form_show_error (self->error_label,
                              _("The seed is a whole number, such as 42; leave it empty for a "
                                "random one."));
          return;
        }
      request.has_seed = TRUE;
    }
  if (adw_expander_row_get_enable_expansion (self->final_row))
    request.top = (guint) gtk_spin_button_get_value_as_int (self->top_spin);

  if (!sp_db_draw_session (self->db, self->tournament, self->session, &request, &seed, &error))
    {
      sp_form_show_error (self->error_label, error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_DRAWN], 0, seed, request.top);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* A balanced plan is drawn once, for every session, at the first draw: from then on its seed
 * is the plan's, which the field shows and does not take another (the store would refuse it).
 * A final is seated by the standings, with a seed of its own. */
static void
update_seed_row (SpDrawDialog *self)
{
  guint64 plan_seed = 0;
  gboolean fixed = g_strcmp0 (self->tournament->seating, "balanced") == 0
                   && !adw_expander_row_get_enable_expansion (self->final_row)
                   && sp_db_get_plan_seed (self->db, self->tournament->id, &plan_seed);

  if (fixed)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, plan_seed);

      gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seed_row),
                                     _("Seed (fixed by the balanced plan)"));
    }
  else if (!gtk_editable_get_editable (GTK_EDITABLE (self->seed_row)))
    {
      gtk_editable_set_text (GTK_EDITABLE (self->seed_row), "");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seed_row),
                                     _("Seed (empty for random)"));
    }
  gtk_editable_set_editable (GTK_EDITABLE (self->seed_row), !fixed);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->seed_row),
                               fixed ? _("The balanced plan seats every session: it was drawn "
                                         "with this seed at the first draw, and stands")
                                     : NULL);
}

static void
final_toggled_cb (SpDrawDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  if (self->tournament != NULL)
    update_seed_row (self);
}

static void
sp_draw_dialog_class_init (SpDrawDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * SpDrawDialog::drawn:
   * @self: the dialog
   * @seed: the seed the draw was made with
   * @top: the final's top N, 0 for an ordinary session
   *
   * Emitted when the store has seated the session, just before the dialog closes.
   */
  signals[SIGNAL_DRAWN] =
    g_signal_new ("drawn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT64, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-draw-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpDrawDialog, method_row);
  gtk_widget_class_bind_template_child (widget_class, SpDrawDialog, seed_row);
  gtk_widget_class_bind_template_child (widget_class, SpDrawDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, SpDrawDialog, final_row);
  gtk_widget_class_bind_template_child (widget_class, SpDrawDialog, top_spin);
  gtk_widget_class_bind_template_callback (widget_class, final_toggled_cb);

  gtk_widget_class_install_action (widget_class, "dialog.draw", NULL, draw_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_draw_dialog_init (SpDrawDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->seed_row));
}

/**
 * sp_draw_dialog_new:
 * @parent: the main window, which the dialog stays over
 * @db: (transfer none): the store, which outlives the dialog
 * @tournament: (transfer none): the tournament, likewise
 * @session: the session to draw
 * @n_players: the players taking part, the most a final can seat
 *
 * Returns: (transfer none): a new modal dialog, not yet shown, owned by GTK like every
 *   toplevel window.
 */
SpDrawDialog *
sp_draw_dialog_new (GtkWindow          *parent,
                    SpDb               *db,
                    const SpTournament *tournament,
                    guint               session,
                    guint               n_players)
{
  SpDrawDialog *self;
  g_autofree char *title = NULL;
  guint most = MAX (4u, n_players / 4 * 4);

  g_return_val_if_fail (db != NULL && tournament != NULL, NULL);

  self = g_object_new (SP_TYPE_DRAW_DIALOG,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->db = db;
  self->tournament = tournament;
  self->session = session;
  /* Translators: the title of the draw dialog; the session's number. */
  title = g_strdup_printf (_("Draw Session %u"), session);
  gtk_window_set_title (GTK_WINDOW (self), title);
  adw_action_row_set_subtitle (self->method_row, sp_draw_dialog_method_name (tournament));
  gtk_spin_button_set_range (self->top_spin, 4, most);
  gtk_spin_button_set_value (self->top_spin, MIN (8u, most));
  update_seed_row (self);
  /* The dialog starts on its first field a person can change. */
  gtk_window_set_focus (GTK_WINDOW (self),
                        gtk_editable_get_editable (GTK_EDITABLE (self->seed_row))
                        ? GTK_WIDGET (self->seed_row) : NULL);
  return self;
}
