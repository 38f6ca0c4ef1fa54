/* sp-export-dialog.h: the Export dialog: every report of a tournament, written to a file on a
 * worker thread.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_EXPORT_DIALOG (sp_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpExportDialog, sp_export_dialog, SP, EXPORT_DIALOG, AdwWindow)

SpExportDialog *sp_export_dialog_new       (GtkWidget           *owner,
                                            SpDb                *db,
                                            gint64               tournament,
                                            GError             **error);
void            sp_export_dialog_export_to (SpExportDialog      *self,
                                            const char          *kind,
                                            const char          *path);

G_END_DECLS
