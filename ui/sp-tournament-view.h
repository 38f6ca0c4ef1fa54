/* sp-tournament-view.h: one tournament's pages, its players and its standings.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_TOURNAMENT_VIEW (sp_tournament_view_get_type ())

G_DECLARE_FINAL_TYPE (SpTournamentView, sp_tournament_view, SP, TOURNAMENT_VIEW, GtkBox)

gboolean sp_tournament_view_open           (SpTournamentView  *self,
                                            SpDb              *db,
                                            gint64             tournament,
                                            const char        *rules,
                                            GError           **error);
gint64   sp_tournament_view_get_tournament (SpTournamentView  *self);
void     sp_tournament_view_reload         (SpTournamentView  *self);

G_END_DECLS
