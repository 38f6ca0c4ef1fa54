/* sp-players-page.h: a tournament's players, searched as one types, checked in by a switch.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_PLAYERS_PAGE (sp_players_page_get_type ())

G_DECLARE_FINAL_TYPE (SpPlayersPage, sp_players_page, SP, PLAYERS_PAGE, GtkBox)

void sp_players_page_load (SpPlayersPage *self,
                           SpDb          *db,
                           gint64         tournament);
gboolean sp_players_page_import_file (SpPlayersPage *self,
                                      GFile         *file);

G_END_DECLS
