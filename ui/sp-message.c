/* sp-message.c: what the pages tell a person (a toast) and ask before a step that cannot be
 * taken back (a confirmation).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-message.h"

/**
 * sp_message_show_toast:
 * @widget: a widget inside the window's toast overlay
 * @message: what to tell
 *
 * Shows @message in the toast overlay @widget is in; outside one (a widget not yet in a
 * window) it is logged as a warning instead, so that it is not lost.
 */
void
sp_message_show_toast (GtkWidget  *widget,
                       const char *message)
{
  GtkWidget *overlay;

  g_return_if_fail (GTK_IS_WIDGET (widget) && message != NULL);

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
  else
    g_warning ("%s", message);
}

/**
 * sp_message_add_destructive:
 * @dialog: a confirmation
 * @response: the id of the step asked about ("delete")
 * @label: its button's label, translated, with its mnemonic ("_Delete")
 *
 * Offers "Cancel" and the destructive @response; Cancel is the default, and what Escape and
 * closing the dialog choose, so that nothing is lost by a stray key.
 */
void
sp_message_add_destructive (AdwMessageDialog *dialog,
                            const char       *response,
                            const char       *label)
{
  g_return_if_fail (ADW_IS_MESSAGE_DIALOG (dialog) && response != NULL && label != NULL);

  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), response, label, NULL);
  adw_message_dialog_set_response_appearance (dialog, response, ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
}
