/* sp-log-page.h: a tournament's audit log, newest first, filtered by session, table and player.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"
#include "sp-db-log.h"

G_BEGIN_DECLS

#define SP_TYPE_LOG_PAGE (sp_log_page_get_type ())

G_DECLARE_FINAL_TYPE (SpLogPage, sp_log_page, SP, LOG_PAGE, GtkBox)

void  sp_log_page_load     (SpLogPage          *self,
                            SpDb               *db,
                            const SpTournament *tournament);
/* Shows only the lines of @session, @table and @player (0: any), as the filters do. */
void  sp_log_page_set_filter (SpLogPage        *self,
                              guint             session,
                              guint             table,
                              gint64            player);

G_END_DECLS
