/* sp-new-tournament-dialog.h: the dialog that creates a tournament.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_NEW_TOURNAMENT_DIALOG (sp_new_tournament_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpNewTournamentDialog, sp_new_tournament_dialog, SP, NEW_TOURNAMENT_DIALOG,
                      AdwWindow)

SpNewTournamentDialog *sp_new_tournament_dialog_new (GtkWindow *parent,
                                                     SpDb      *db);
SpNewTournamentDialog *sp_new_tournament_dialog_new_copy (GtkWindow          *parent,
                                                          SpDb               *db,
                                                          const SpTournament *source);
SpNewTournamentDialog *sp_new_tournament_dialog_new_rules (GtkWindow          *parent,
                                                           SpDb               *db,
                                                           const SpTournament *tournament);

G_END_DECLS
