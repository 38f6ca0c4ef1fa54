/* sp-player-dialog.c: the dialog that adds a player or edits one: name, club, country, team
 * and federation id.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-form.h"
#include "sp-player-dialog.h"

struct _SpPlayerDialog
{
  AdwWindow parent_instance;

  SpDb     *db;          /* the window's, which outlives its modal dialog */
  gint64    tournament;
  SpPlayer *player;      /* a copy of the player edited, NULL when adding */

  /* Template children */
  AdwEntryRow *name_row;
  GtkLabel    *error_label;
  AdwEntryRow *club_row;
  AdwEntryRow *country_row;
  AdwEntryRow *team_row;
  AdwEntryRow *federation_row;
  GtkButton   *save_button;
};

G_DEFINE_FINAL_TYPE (SpPlayerDialog, sp_player_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_SAVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
row_text (AdwEntryRow *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

/* An optional field: NULL when left empty, for a new player. */
static char *
optional_text (AdwEntryRow *row)
{
  const char *text = row_text (row);

  return *text != '\0' ? g_strdup (text) : NULL;
}

/* For an edit: the field when it changed (an empty string clears it), NULL when not. */
static char *
changed_text (AdwEntryRow *row,
              const char  *before)
{
  const char *text = row_text (row);

  return g_strcmp0 (text, before != NULL ? before : "") != 0 ? g_strdup (text) : NULL;
}

static void
clear_player (SpPlayer *player)
{
  g_free (player->name);
  g_free (player->club);
  g_free (player->country);
  g_free (player->team);
  g_free (player->federation_id);
}

/* Asks the store to add or change the player; on a refusal the dialog stays as it is, with the
 * store's reason under the name. */
static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SpPlayerDialog *self = SP_PLAYER_DIALOG (widget);
  SpPlayer player = { 0 };
  g_autoptr(GError) error = NULL;
  gboolean ok;

  player.tournament = self->tournament;
  if (self->player == NULL)
    {
      player.name = g_strdup (row_text (self->name_row));
      player.club = optional_text (self->club_row);
      player.country = optional_text (self->country_row);
      player.team = optional_text (self->team_row);
      player.federation_id = optional_text (self->federation_row);
      ok = sp_db_add_player (self->db, &player, &error);
    }
  else
    {
      player.id = self->player->id;
      player.name = changed_text (self->name_row, self->player->name);
      player.club = changed_text (self->club_row, self->player->club);
      player.country = changed_text (self->country_row, self->player->country);
      player.team = changed_text (self->team_row, self->player->team);
      player.federation_id = changed_text (self->federation_row, self->player->federation_id);
      ok = sp_db_edit_player (self->db, self->tournament, player.id, &player, &error);
    }
  clear_player (&player);
  if (!ok)
    {
      sp_form_show_error (self->error_label, error->message);
      return;
    }

  g_signal_emit (self, signals[SIGNAL_SAVED], 0, row_text (self->name_row), self->player == NULL);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
sp_player_dialog_dispose (GObject *object)
{
  SpPlayerDialog *self = SP_PLAYER_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_PLAYER_DIALOG);
  g_clear_pointer (&self->player, sp_player_free);

  G_OBJECT_CLASS (sp_player_dialog_parent_class)->dispose (object);
}

static void
sp_player_dialog_class_init (SpPlayerDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_player_dialog_dispose;

  /**
   * SpPlayerDialog::saved:
   * @self: the dialog
   * @name: the player's name, as stored
   * @added: TRUE for a new player, FALSE for an edit
   *
   * Emitted when the store has taken the player, just before the dialog closes.
   */
  signals[SIGNAL_SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-player-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpPlayerDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, SpPlayerDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, SpPlayerDialog, club_row);
  gtk_widget_class_bind_template_child (widget_class, SpPlayerDialog, country_row);
  gtk_widget_class_bind_template_child (widget_class, SpPlayerDialog, team_row);
  gtk_widget_class_bind_template_child (widget_class, SpPlayerDialog, federation_row);
  gtk_widget_class_bind_template_child (widget_class, SpPlayerDialog, save_button);

  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_player_dialog_init (SpPlayerDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The dialog starts on its first field, not on the header's Cancel. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->name_row));

  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->name_row));
}

static void
set_row (AdwEntryRow *row,
         const char  *text)
{
  gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
}

/**
 * sp_player_dialog_new:
 * @parent: the main window, which the dialog stays over
 * @db: (transfer none): the store, which outlives the dialog
 * @tournament: the tournament's id
 * @player: (nullable): the player to edit, or NULL to add one
 *
 * Returns: (transfer none): a new modal dialog, not yet shown, owned by GTK like every
 *   toplevel window.
 */
SpPlayerDialog *
sp_player_dialog_new (GtkWindow      *parent,
                      SpDb           *db,
                      gint64          tournament,
                      const SpPlayer *player)
{
  SpPlayerDialog *self;

  g_return_val_if_fail (db != NULL, NULL);

  self = g_object_new (SP_TYPE_PLAYER_DIALOG,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->db = db;
  self->tournament = tournament;
  if (player != NULL)
    {
      self->player = g_new0 (SpPlayer, 1);
      self->player->id = player->id;
      self->player->tournament = player->tournament;
      self->player->name = g_strdup (player->name);
      self->player->club = g_strdup (player->club);
      self->player->country = g_strdup (player->country);
      self->player->team = g_strdup (player->team);
      self->player->federation_id = g_strdup (player->federation_id);
      set_row (self->name_row, player->name);
      set_row (self->club_row, player->club);
      set_row (self->country_row, player->country);
      set_row (self->team_row, player->team);
      set_row (self->federation_row, player->federation_id);
      gtk_window_set_title (GTK_WINDOW (self), _("Edit Player"));
      gtk_button_set_label (self->save_button, _("Save"));
    }
  return self;
}
