/* sp-player-dialog.h: the dialog that adds a player or edits one.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_PLAYER_DIALOG (sp_player_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpPlayerDialog, sp_player_dialog, SP, PLAYER_DIALOG, AdwWindow)

SpPlayerDialog *sp_player_dialog_new (GtkWindow      *parent,
                                      SpDb           *db,
                                      gint64          tournament,
                                      const SpPlayer *player);

G_END_DECLS
