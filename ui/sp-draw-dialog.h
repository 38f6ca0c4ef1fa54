/* sp-draw-dialog.h: the dialog that draws a session: its method, a seed, a final's top N.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_DRAW_DIALOG (sp_draw_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpDrawDialog, sp_draw_dialog, SP, DRAW_DIALOG, AdwWindow)

SpDrawDialog *sp_draw_dialog_new        (GtkWindow          *parent,
                                         SpDb               *db,
                                         const SpTournament *tournament,
                                         guint               session,
                                         guint               n_players);
/* How @tournament draws its sessions, as the dialog and the page name it ("Balanced plan",
 * "Swiss pairing, 蛇形 (snake)"). */
const char   *sp_draw_dialog_method_name (const SpTournament *tournament);

G_END_DECLS
