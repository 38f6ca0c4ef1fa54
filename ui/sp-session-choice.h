/* sp-session-choice.h: the Session list of the dialogs that print or export one session.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

void sp_session_choice_fill (AdwComboRow        *row,
                             SpDb               *db,
                             const SpTournament *tournament);

gpointer sp_session_choice_dialog_new (GType          type,
                                       GtkWidget     *owner,
                                       SpDb          *db,
                                       gint64         tournament,
                                       SpTournament **found,
                                       GError       **error);

G_END_DECLS
