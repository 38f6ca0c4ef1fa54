/* sp-penalties-list.h: the penalties of a session, with Add Penalty and Delete Penalty.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_PENALTIES_LIST (sp_penalties_list_get_type ())

G_DECLARE_FINAL_TYPE (SpPenaltiesList, sp_penalties_list, SP, PENALTIES_LIST, GtkBox)

void  sp_penalties_list_load    (SpPenaltiesList *self,
                                 SpDb            *db,
                                 gint64           tournament,
                                 guint            session,
                                 gboolean         open);
/* The penalties listed. */
guint sp_penalties_list_get_count (SpPenaltiesList *self);

G_END_DECLS
