/* sp-pin-dialog.c: the director's lock in the app.  A protected change the store refuses
 * (SP_DB_ERROR_PIN_REQUIRED) opens "Director's PIN"; the PIN the director types unlocks the
 * app's connection (sp_db_try_pin) and the change is made again.  A wrong PIN is answered
 * after the store's wait (the dialog's Unlock button off meanwhile, the window never frozen)
 * and the dialog asks again.  Tournament Settings sets, changes and removes the PIN through the
 * same dialog.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-message.h"
#include "sp-pin-dialog.h"

typedef struct
{
  SpDb             *db;         /* the window's, which outlives its modal dialog */
  gint64            tournament;
  char             *action;     /* for the log */
  gboolean          unlocking;  /* asking to unlock, else changing the PIN */
  SpPinChange       change;
  const char       *ok;         /* the response that goes ahead */
  AdwMessageDialog *dialog;     /* the dialog this belongs to */
  GtkWidget        *current;    /* GtkPasswordEntry, or NULL */
  GtkWidget        *fresh;
  GtkWidget        *repeat;
  GtkWidget        *error_label;
  guint             wait_id;
  char             *wrong;      /* what to say once the wait is over */
  SpPinRetry        retry;
  gpointer          source;
  char             *response;
  gpointer          user_data;
  GCallback         changed;
} PinAsk;

static void
pin_ask_free (PinAsk *ask)
{
  g_clear_handle_id (&ask->wait_id, g_source_remove);
  g_clear_object (&ask->source);
  g_clear_object (&ask->user_data);
  g_free (ask->action);
  g_free (ask->wrong);
  g_free (ask->response);
  g_free (ask);
}

static void
destroy_cb (gpointer dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}

/* Closes the dialog once its response is over.  The focus leaves the PIN entry first: GTK 4.8's
 * password entry is told of its text losing the focus, and a window that let go of the focus
 * only as it is finalized would tell an entry already gone. */
static void
close_dialog (PinAsk *ask)
{
  gtk_window_set_focus (GTK_WINDOW (ask->dialog), NULL);
  gtk_widget_set_visible (GTK_WIDGET (ask->dialog), FALSE);
  g_idle_add_once (destroy_cb, g_object_ref (ask->dialog));
}

static GtkWidget *
add_entry (GtkBox     *box,
           const char *label)
{
  GtkWidget *entry = gtk_password_entry_new ();

  gtk_password_entry_set_show_peek_icon (GTK_PASSWORD_ENTRY (entry), TRUE);
  g_object_set (entry, "activates-default", TRUE, "placeholder-text", label, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  gtk_box_append (box, entry);
  return entry;
}

static void
show_error (PinAsk     *ask,
            const char *message)
{
  gtk_label_set_text (GTK_LABEL (ask->error_label), message);
  gtk_widget_set_visible (ask->error_label, TRUE);
}

/* The store's wait after a wrong PIN is over: the answer, and the dialog asks again. */
static void
wait_ended_cb (gpointer user_data)
{
  PinAsk *ask = user_data;

  ask->wait_id = 0;
  show_error (ask, ask->wrong);
  if (ask->current != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (ask->current), "");
      gtk_widget_grab_focus (ask->current);
    }
  adw_message_dialog_set_response_enabled (ask->dialog, ask->ok, TRUE);
  gtk_window_present (GTK_WINDOW (ask->dialog));
}

/* A wrong PIN: nothing more can be tried until the store's @delay_ms has passed. */
static void
wait_then_answer (PinAsk     *ask,
                  const char *message,
                  guint       delay_ms)
{
  g_free (ask->wrong);
  ask->wrong = g_strdup (message);
  adw_message_dialog_set_response_enabled (ask->dialog, ask->ok, FALSE);
  show_error (ask, _("Checking the PIN…"));
  gtk_window_present (GTK_WINDOW (ask->dialog));
  ask->wait_id = g_timeout_add_once (MAX (delay_ms, 1), wait_ended_cb, ask);
}

/* Refused before the store was asked, or for a reason other than a wrong PIN. */
static void
answer_now (PinAsk     *ask,
            const char *message)
{
  show_error (ask, message);
  gtk_window_present (GTK_WINDOW (ask->dialog));
}

/* Checks @pin against the store; FALSE when the dialog now answers (a wrong PIN, after the
 * wait). */
static gboolean
check_pin (PinAsk     *ask,
           const char *pin)
{
  g_autoptr(GError) error = NULL;
  guint delay_ms = 0;

  if (sp_db_try_pin (ask->db, ask->tournament, pin, ask->action, &delay_ms, &error))
    return TRUE;
  if (g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_PIN_WRONG))
    wait_then_answer (ask, error->message, delay_ms);
  else
    answer_now (ask, error->message);
  return FALSE;
}

static void
unlock (PinAsk *ask)
{
  SpPinRetry retry = ask->retry;
  g_autoptr(GObject) source = ask->source != NULL ? g_object_ref (ask->source) : NULL;
  g_autoptr(GObject) user_data = ask->user_data != NULL ? g_object_ref (ask->user_data) : NULL;
  g_autofree char *response = g_strdup (ask->response);

  if (!check_pin (ask, gtk_editable_get_text (GTK_EDITABLE (ask->current))))
    return;
  close_dialog (ask);
  retry (source, response, user_data);
}

static void
change (PinAsk *ask)
{
  const char *current = ask->current != NULL ? gtk_editable_get_text (GTK_EDITABLE (ask->current))
                                             : NULL;
  const char *fresh = ask->fresh != NULL ? gtk_editable_get_text (GTK_EDITABLE (ask->fresh))
                                         : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GObject) user_data = NULL;
  GCallback changed = ask->changed;
  gboolean done;

  if (fresh != NULL
      && g_strcmp0 (fresh, gtk_editable_get_text (GTK_EDITABLE (ask->repeat))) != 0)
    {
      answer_now (ask, _("The two new PINs differ: type the same PIN twice."));
      return;
    }
  if (fresh != NULL && !sp_db_check_pin_rules (fresh, &error))
    {
      answer_now (ask, error->message);
      return;
    }
  /* The current PIN first, so that a wrong one waits without freezing the window. */
  if (current != NULL && !check_pin (ask, current))
    return;
  if (ask->change == SP_PIN_REMOVE)
    done = sp_db_clear_pin (ask->db, ask->tournament, current, &error);
  else
    done = sp_db_set_pin (ask->db, ask->tournament, current, fresh, &error);
  if (!done)
    {
      answer_now (ask, error->message);
      return;
    }
  user_data = ask->user_data != NULL ? g_object_ref (ask->user_data) : NULL;
  close_dialog (ask);
  if (changed != NULL)
    ((void (*) (gpointer)) changed) (user_data);
}

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             PinAsk           *ask)
{
  if (g_strcmp0 (response, ask->ok) != 0)
    {
      close_dialog (ask);
      return;
    }
  if (ask->wait_id != 0)
    return;
  if (ask->unlocking)
    unlock (ask);
  else
    change (ask);
}

/* A dialog of @heading and @body whose @ok response goes ahead; its entries are added after. */
static PinAsk *
pin_ask_new (GtkWindow  *parent,
             SpDb       *db,
             gint64      tournament,
             const char *heading,
             const char *body,
             const char *ok,
             const char *ok_label,
             gboolean    destructive,
             GtkBox    **box)
{
  PinAsk *ask = g_new0 (PinAsk, 1);
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, body);

  ask->db = db;
  ask->tournament = tournament;
  ask->ok = ok;
  ask->dialog = ADW_MESSAGE_DIALOG (dialog);
  /* A response hides the dialog rather than destroying it, so that after a wrong PIN the same
   * dialog asks again. */
  gtk_window_set_hide_on_close (GTK_WINDOW (dialog), TRUE);
  if (destructive)
    sp_message_add_destructive (ask->dialog, ok, ok_label);
  else
    {
      adw_message_dialog_add_responses (ask->dialog, "cancel", _("_Cancel"), ok, ok_label, NULL);
      adw_message_dialog_set_response_appearance (ask->dialog, ok, ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ask->dialog, ok);
      adw_message_dialog_set_close_response (ask->dialog, "cancel");
    }
  *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  ask->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (ask->error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (ask->error_label), 0);
  gtk_widget_add_css_class (ask->error_label, "error");
  gtk_widget_set_visible (ask->error_label, FALSE);
  adw_message_dialog_set_extra_child (ask->dialog, GTK_WIDGET (*box));
  g_object_set_data_full (G_OBJECT (dialog), "sp-pin-ask", ask, (GDestroyNotify) pin_ask_free);
  g_signal_connect (dialog, "response", G_CALLBACK (response_cb), ask);
  return ask;
}

gboolean
sp_pin_dialog_offer (GtkWidget    *widget,
                     SpDb         *db,
                     gint64        tournament,
                     const char   *action,
                     const GError *error,
                     SpPinRetry    retry,
                     gpointer      source,
                     const char   *response,
                     gpointer      user_data)
{
  GtkRoot *root;
  PinAsk *ask;
  GtkBox *box;

  g_return_val_if_fail (GTK_IS_WIDGET (widget) && db != NULL && retry != NULL, FALSE);

  if (!g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED))
    return FALSE;
  root = gtk_widget_get_root (widget);
  ask = pin_ask_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, db, tournament,
                     _("Director's PIN"), error->message, "unlock", _("_Unlock"), FALSE, &box);
  ask->unlocking = TRUE;
  ask->action = g_strdup (action);
  ask->retry = retry;
  ask->source = source != NULL ? g_object_ref (source) : NULL;
  ask->response = g_strdup (response);
  ask->user_data = user_data != NULL ? g_object_ref (user_data) : NULL;
  ask->current = add_entry (box, _("Director's PIN"));
  gtk_box_append (box, ask->error_label);
  gtk_window_present (GTK_WINDOW (ask->dialog));
  gtk_widget_grab_focus (ask->current);
  return TRUE;
}

void
sp_pin_dialog_change (GtkWindow    *parent,
                      SpDb         *db,
                      gint64        tournament,
                      SpPinChange   change,
                      GCallback     changed,
                      gpointer      user_data)
{
  PinAsk *ask;
  GtkBox *box;

  g_return_if_fail (db != NULL);

  switch (change)
    {
    case SP_PIN_CHANGE:
      ask = pin_ask_new (parent, db, tournament, _("Change Director's PIN"),
                         _("Enter the current PIN, then the new one twice."), "change",
                         _("C_hange PIN"), FALSE, &box);
      ask->current = add_entry (box, _("Current PIN"));
      break;
    case SP_PIN_REMOVE:
      ask = pin_ask_new (parent, db, tournament, _("Remove Director's PIN?"),
                         _("Anyone at this computer can then reopen sessions, delete penalties, "
                           "withdraw players and delete the tournament. Enter the current PIN "
                           "to remove it."), "remove", _("_Remove PIN"), TRUE, &box);
      ask->current = add_entry (box, _("Current PIN"));
      break;
    case SP_PIN_SET:
    default:
      ask = pin_ask_new (parent, db, tournament, _("Set Director's PIN"),
                         _("With a PIN, reopening a session, correcting a closed session, "
                           "deleting a penalty, withdrawing or substituting a player and "
                           "deleting the tournament need it. Use 4 to 32 characters."), "set",
                         _("_Set PIN"), FALSE, &box);
      break;
    }
  ask->change = change;
  ask->action = g_strdup (change == SP_PIN_REMOVE ? "tournament pin clear"
                          : "tournament pin set");
  if (change != SP_PIN_REMOVE)
    {
      ask->fresh = add_entry (box, _("New PIN"));
      ask->repeat = add_entry (box, _("New PIN Again"));
    }
  gtk_box_append (box, ask->error_label);
  ask->changed = changed;
  ask->user_data = user_data != NULL ? g_object_ref (user_data) : NULL;
  gtk_window_present (GTK_WINDOW (ask->dialog));
  gtk_widget_grab_focus (ask->current != NULL ? ask->current : ask->fresh);
}
