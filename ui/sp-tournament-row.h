/* sp-tournament-row.h: one tournament of the store as an item of the window's list models.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "sp-core.h"

G_BEGIN_DECLS

#define SP_TYPE_TOURNAMENT_ROW (sp_tournament_row_get_type ())

G_DECLARE_FINAL_TYPE (SpTournamentRow, sp_tournament_row, SP, TOURNAMENT_ROW, GObject)

SpTournamentRow *sp_tournament_row_new          (const SpTournament *tournament,
                                                 guint               n_players);
gint64           sp_tournament_row_get_id       (SpTournamentRow    *self);
const char      *sp_tournament_row_get_name     (SpTournamentRow    *self);
const char      *sp_tournament_row_get_rules    (SpTournamentRow    *self);
guint            sp_tournament_row_get_sessions (SpTournamentRow    *self);
guint            sp_tournament_row_get_players  (SpTournamentRow    *self);
const char      *sp_tournament_row_get_venue    (SpTournamentRow    *self);
const char      *sp_tournament_row_get_dates    (SpTournamentRow    *self);

G_END_DECLS
