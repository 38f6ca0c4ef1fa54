/* sp-penalty-dialog.h: the dialog that gives a player a penalty in a session.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_PENALTY_DIALOG (sp_penalty_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpPenaltyDialog, sp_penalty_dialog, SP, PENALTY_DIALOG, AdwWindow)

/* @players: the players (SpPlayer) the dialog offers, sorted there by name. */
SpPenaltyDialog *sp_penalty_dialog_new (GtkWindow *parent,
                                        SpDb      *db,
                                        gint64     tournament,
                                        guint      session,
                                        GPtrArray *players);

G_END_DECLS
