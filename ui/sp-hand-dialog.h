/* sp-hand-dialog.h: one hand of a table entered (or corrected) by its referee: winner and from as
 * one-click seat buttons, the tiles typed or clicked with the rules core's live verdict.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-hand-draft.h"
#include "sp-hand-editor.h"
#include "sp-outbox.h"
#include "sp-table-view.h"

G_BEGIN_DECLS

#define SP_TYPE_HAND_DIALOG (sp_hand_dialog_get_type ())
G_DECLARE_FINAL_TYPE (SpHandDialog, sp_hand_dialog, SP, HAND_DIALOG, AdwWindow)

/* The dialog for the next hand of @view's table (@id 0), or to correct hand @id, filled in from
 * what the store kept of it. */
GtkWindow    *sp_hand_dialog_new        (SpTableView  *view,
                                         gint64        id,
                                         GError      **error);
SpHandEditor *sp_hand_dialog_get_editor (SpHandDialog *self);
/* Fills the dialog in from a hand that was being entered when the app stopped. */
void          sp_hand_dialog_load_draft (SpHandDialog      *self,
                                         const SpHandDraft *draft);

/* Fills the dialog of a table's next hand in with a hand the server refused, taken back from the
 * station's outbox (sp_outbox_enter_again ()), to be entered again as a fresh hand. */
void          sp_hand_dialog_enter_again (SpHandDialog       *self,
                                          const SpOutboxItem *item);

G_END_DECLS
