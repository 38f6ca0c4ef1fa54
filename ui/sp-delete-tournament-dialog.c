/* sp-delete-tournament-dialog.c: "Delete “Spring Open”?", saying how many players and hands go
 * with it.  The store deletes only on the exact name (sp_db_delete_tournament), which the
 * director types, as `sparrow-cli tournament delete --confirm NAME` asks; Delete stays greyed
 * until it matches.  The store makes a backup first ("before-delete"), listed by Restore….
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-delete-tournament-dialog.h"
#include "sp-message.h"
#include "sp-pin-dialog.h"

struct _SpDeleteTournamentDialog
{
  AdwMessageDialog parent_instance;

  SpDb      *db;      /* the window's, which outlives its modal dialog */
  gint64     tournament;
  char      *name;
  GtkWidget *entry;   /* the name typed */
};

G_DEFINE_FINAL_TYPE (SpDeleteTournamentDialog, sp_delete_tournament_dialog,
                     ADW_TYPE_MESSAGE_DIALOG)

enum
{
  SIGNAL_DELETED,
  SIGNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void sp_delete_tournament_dialog_response (AdwMessageDialog *dialog,
                                                  const char       *response);

/* The director's lock is open now: the deletion again. */
static void
delete_retry (gpointer    dialog,
              const char *response,
              gpointer    user_data)
{
  sp_delete_tournament_dialog_response (ADW_MESSAGE_DIALOG (dialog), response);
}

static void
sp_delete_tournament_dialog_response (AdwMessageDialog *dialog,
                                      const char       *response)
{
  SpDeleteTournamentDialog *self = SP_DELETE_TOURNAMENT_DIALOG (dialog);
  g_autoptr(GError) error = NULL;
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  if (g_strcmp0 (response, "delete") != 0)
    return;
  /* What the director typed is what the store checks: it refuses any other name. */
  if (sp_db_delete_tournament (self->db, self->tournament,
                               gtk_editable_get_text (GTK_EDITABLE (self->entry)), &error))
    g_signal_emit (self, signals[SIGNAL_DELETED], 0, self->tournament, self->name);
  /* Under a director's PIN: asked over the main window (this dialog has closed), then the
   * deletion again. */
  else if (parent == NULL
           || !sp_pin_dialog_offer (GTK_WIDGET (parent), self->db, self->tournament,
                                    "tournament delete", error, delete_retry, self, response,
                                    NULL))
    g_signal_emit (self, signals[SIGNAL_FAILED], 0, error->message);
}

static void
sp_delete_tournament_dialog_finalize (GObject *object)
{
  SpDeleteTournamentDialog *self = SP_DELETE_TOURNAMENT_DIALOG (object);

  g_free (self->name);

  G_OBJECT_CLASS (sp_delete_tournament_dialog_parent_class)->finalize (object);
}

static void
sp_delete_tournament_dialog_class_init (SpDeleteTournamentDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->finalize = sp_delete_tournament_dialog_finalize;
  dialog_class->response = sp_delete_tournament_dialog_response;

  /**
   * SpDeleteTournamentDialog::deleted:
   * @self: the dialog
   * @id: the tournament's id, no longer in the store
   * @name: its name
   */
  signals[SIGNAL_DELETED] =
    g_signal_new ("deleted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_STRING);
  /**
   * SpDeleteTournamentDialog::failed:
   * @self: the dialog
   * @message: why the store did not delete it
   */
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
sp_delete_tournament_dialog_init (SpDeleteTournamentDialog *self)
{
}

/* Delete only once the name typed is the tournament's, to the letter. */
static void
name_typed_cb (SpDeleteTournamentDialog *self)
{
  adw_message_dialog_set_response_enabled (
    ADW_MESSAGE_DIALOG (self), "delete",
    g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->entry)), self->name) == 0);
}

/* Enter in the field deletes, once the name is right. */
static void
name_activated_cb (SpDeleteTournamentDialog *self)
{
  if (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (self), "delete"))
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (self), "delete");
}

/* What goes with the tournament, as a sentence. */
static char *
describe_loss (SpDb   *db,
               gint64  tournament)
{
  SpTournamentSummary summary = { 0 };
  g_autofree char *players = NULL;
  g_autofree char *hands = NULL;

  if (!sp_db_summarize_tournament (db, tournament, &summary, NULL))
    return g_strdup (_("The tournament's players, hands, seatings and penalties will be "
                       "deleted. A backup of the database is made first: Restore… in the main "
                       "menu brings it back."));
  players = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u player", "%u players",
                                          summary.n_players), summary.n_players);
  hands = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hand", "%u hands",
                                        summary.n_hands), summary.n_hands);
  /* Translators: the first %s is a count of players ("16 players"), the second of hands
   * ("120 hands"). */
  return g_strdup_printf (_("The tournament's %s and %s, its seatings and its penalties will "
                            "be deleted. A backup of the database is made first: Restore… in "
                            "the main menu brings it back."), players, hands);
}

/**
 * sp_delete_tournament_dialog_new:
 * @parent: the main window
 * @db: (transfer none): the store, which outlives the dialog
 * @tournament: the tournament to delete
 *
 * Returns: (transfer none): a new modal confirmation, not yet shown; "Delete", enabled once
 *   the tournament's name is typed, deletes the tournament and emits ::deleted, "Cancel" (the
 *   default, and Escape) leaves it.
 */
SpDeleteTournamentDialog *
sp_delete_tournament_dialog_new (GtkWindow          *parent,
                                 SpDb               *db,
                                 const SpTournament *tournament)
{
  SpDeleteTournamentDialog *self;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *prompt = NULL;
  GtkWidget *box, *label;

  g_return_val_if_fail (db != NULL && tournament != NULL, NULL);

  /* Translators: the heading of the confirmation; %s is the tournament's name. */
  heading = g_strdup_printf (_("Delete “%s”?"), tournament->name);
  body = describe_loss (db, tournament->id);
  self = g_object_new (SP_TYPE_DELETE_TOURNAMENT_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       "destroy-with-parent", TRUE,
                       "heading", heading,
                       "body", body,
                       NULL);
  self->db = db;
  self->tournament = tournament->id;
  self->name = g_strdup (tournament->name);
  sp_message_add_destructive (ADW_MESSAGE_DIALOG (self), "delete", _("_Delete"));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* Translators: above the field where the director types the tournament's name; %s is it. */
  prompt = g_strdup_printf (_("Type “%s” to confirm:"), tournament->name);
  label = gtk_label_new (prompt);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  self->entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->entry), tournament->name);
  sp_accessible_set_label (self->entry, _("Tournament’s name, to confirm"));
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), self->entry);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), box);
  g_signal_connect_object (self->entry, "changed", G_CALLBACK (name_typed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->entry, "activate", G_CALLBACK (name_activated_cb), self,
                           G_CONNECT_SWAPPED);
  name_typed_cb (self);
  /* The dialog starts on the field, not on Cancel. */
  gtk_window_set_focus (GTK_WINDOW (self), self->entry);
  return self;
}
