/* sp-sessions-page.h: a tournament's sessions, their tables, the draw and the close.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_SESSIONS_PAGE (sp_sessions_page_get_type ())

G_DECLARE_FINAL_TYPE (SpSessionsPage, sp_sessions_page, SP, SESSIONS_PAGE, GtkBox)

/* Lays the page out for a narrow window (a phone's 360 px): the sessions above the tables. */
void            sp_sessions_page_set_compact (SpSessionsPage *self,
                                              gboolean        compact);
void sp_sessions_page_load (SpSessionsPage     *self,
                            SpDb               *db,
                            const SpTournament *tournament);

G_END_DECLS
