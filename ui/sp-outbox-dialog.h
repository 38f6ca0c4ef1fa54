/* sp-outbox-dialog.h: the hands of the station's outbox the server refused, each with the
 * store's message, to discard or to enter again.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-station-outbox.h"

G_BEGIN_DECLS

#define SP_TYPE_OUTBOX_DIALOG (sp_outbox_dialog_get_type ())
G_DECLARE_FINAL_TYPE (SpOutboxDialog, sp_outbox_dialog, SP, OUTBOX_DIALOG, AdwWindow)

/* The conflicts of @outbox, over @parent (the main window, an SpWindow). */
GtkWindow *sp_outbox_dialog_new (GtkWindow       *parent,
                                 SpStationOutbox *outbox);

G_END_DECLS
