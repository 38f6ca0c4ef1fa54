/* sp-print-dialog.h: the chooser of a printout (table cards, entrance list, score sheets,
 * standings…) and its session, before GTK's print dialog.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"
#include "sp-reports.h"

G_BEGIN_DECLS

#define SP_TYPE_PRINT_DIALOG (sp_print_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SpPrintDialog, sp_print_dialog, SP, PRINT_DIALOG, AdwWindow)

SpPrintDialog  *sp_print_dialog_new          (GtkWidget               *owner,
                                              SpDb                    *db,
                                              gint64                   tournament,
                                              GError                 **error);
SpPrintoutKind  sp_print_dialog_get_printout (SpPrintDialog           *self);
gboolean        sp_print_dialog_can_preview  (GtkWidget               *widget);
gboolean        sp_print_dialog_run          (SpPrintDialog           *self,
                                              GtkPrintOperationAction  action,
                                              const char              *export_path,
                                              GError                 **error);

G_END_DECLS
