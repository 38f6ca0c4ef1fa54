/* sp-role.h: what the role of a station's login allows in the window (sp-role.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "sp-db.h"

G_BEGIN_DECLS

/* Whether @db's login is the director (a file's person always is; no store: TRUE, nothing to
 * grey). */
gboolean sp_role_is_director      (SpDb      *db);
/* Gives @widget (a control of what only the director does) @tooltip (NULL: none) for the
 * director, and for another role the reason it is greyed. */
void     sp_role_explain_director (GtkWidget *widget,
                                   SpDb      *db,
                                   const char *tooltip);

/* Whether @db's login may enter hands and penalties (every role but the viewer's). */
gboolean sp_role_may_enter        (SpDb      *db);
/* Gives @widget (a control of entering hands or penalties) @tooltip for a role that may enter
 * them, and for a viewer the reason it is greyed. */
void     sp_role_explain_entry    (GtkWidget *widget,
                                   SpDb      *db,
                                   const char *tooltip);

G_END_DECLS
