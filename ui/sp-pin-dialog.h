/* sp-pin-dialog.h: the director's lock in the app: the dialog that asks for the director's PIN
 * when the store refuses a protected change, and the dialogs that set, change and remove it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

/* Makes the refused change again once the lock is open: the confirmation it came from (or any
 * object, may be NULL), the response it answered, and the widget that asked. */
typedef void (*SpPinRetry) (gpointer    source,
                            const char *response,
                            gpointer    user_data);

/* When @error is the store's SP_DB_ERROR_PIN_REQUIRED: asks for the director's PIN over
 * @widget's window, saying what needs it (@error's message); once the store accepts it (the
 * app's connection unlocked for @tournament) calls @retry (@source, @response, @user_data),
 * which makes the change again.  A wrong PIN is answered after the store's wait, in the dialog.
 * @action names the change in the log ("session reopen").  Returns FALSE, showing nothing, for
 * any other error: the caller shows it as before.  @source and @user_data are kept alive
 * (referenced) until the dialog closes. */
gboolean sp_pin_dialog_offer (GtkWidget    *widget,
                              SpDb         *db,
                              gint64        tournament,
                              const char   *action,
                              const GError *error,
                              SpPinRetry    retry,
                              gpointer      source,
                              const char   *response,
                              gpointer      user_data);

typedef enum
{
  SP_PIN_SET,
  SP_PIN_CHANGE,
  SP_PIN_REMOVE,
} SpPinChange;

/* Asks for a new PIN (twice), the current one, or both, and sets, changes or removes the
 * tournament's PIN; @changed (@user_data, a GObject kept alive meanwhile) is called once the
 * store has done it. */
void     sp_pin_dialog_change (GtkWindow    *parent,
                               SpDb         *db,
                               gint64        tournament,
                               SpPinChange   change,
                               GCallback     changed,
                               gpointer      user_data);

G_END_DECLS
