/* sp-standings-page.h: a tournament's standings, as they stand after the hands entered.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_STANDINGS_PAGE (sp_standings_page_get_type ())

G_DECLARE_FINAL_TYPE (SpStandingsPage, sp_standings_page, SP, STANDINGS_PAGE, GtkBox)

void sp_standings_page_load (SpStandingsPage    *self,
                             SpDb               *db,
                             const SpTournament *tournament);

G_END_DECLS
