/* sp-share-dialog.h: the main menu's Share on the Hall Network…: the players' view served from
 * the app, on the network the director chooses (this computer only unless told otherwise),
 * with its address and QR code to show the players.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-window.h"

G_BEGIN_DECLS

#define SP_TYPE_SHARE_DIALOG (sp_share_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpShareDialog, sp_share_dialog, SP, SHARE_DIALOG, AdwWindow)

/* @window's dialog, made the first time: it serves @tournament (an ID; 0 the most recently
 * created) of @window's database when started, and keeps serving when closed, until it is
 * stopped, @window is destroyed or the application shuts down. */
SpShareDialog *sp_share_dialog_present (SpWindow      *window,
                                        gint64         tournament);
/* The address the phones open, "http://127.0.0.1:8080/", or NULL when not sharing. */
char          *sp_share_dialog_get_url (SpShareDialog *self);

G_END_DECLS
