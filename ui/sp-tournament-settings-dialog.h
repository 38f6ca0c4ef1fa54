/* sp-tournament-settings-dialog.h: a tournament's settings: name, venue, dates, hidden
 * standings, and its rules shown read only.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_TOURNAMENT_SETTINGS_DIALOG (sp_tournament_settings_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpTournamentSettingsDialog, sp_tournament_settings_dialog, SP,
                      TOURNAMENT_SETTINGS_DIALOG, AdwWindow)

SpTournamentSettingsDialog *sp_tournament_settings_dialog_new (GtkWindow          *parent,
                                                               SpDb               *db,
                                                               const SpTournament *tournament);

G_END_DECLS
