/* sp-delete-tournament-dialog.h: the confirmation that deletes a tournament, naming it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_DELETE_TOURNAMENT_DIALOG (sp_delete_tournament_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpDeleteTournamentDialog, sp_delete_tournament_dialog, SP,
                      DELETE_TOURNAMENT_DIALOG, AdwMessageDialog)

SpDeleteTournamentDialog *sp_delete_tournament_dialog_new (GtkWindow          *parent,
                                                           SpDb               *db,
                                                           const SpTournament *tournament);

G_END_DECLS
