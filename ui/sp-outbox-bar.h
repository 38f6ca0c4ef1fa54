/* sp-outbox-bar.h: the window's bar over its pages saying what the station keeps while the
 * hall's server cannot be reached: "2 hands waiting to be sent", "1 hand could not be sent —
 * Review".
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-core.h"
#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_OUTBOX_BAR (sp_outbox_bar_get_type ())
G_DECLARE_FINAL_TYPE (SpOutboxBar, sp_outbox_bar, SP, OUTBOX_BAR, GtkBox)

/* Shows the outbox of @db's location (a server's), NULL or a file's: none, the bar hidden. */
void     sp_outbox_bar_set_database  (SpOutboxBar *self,
                                      SpDb        *db);
/* Whether the server answered the last time it was asked (the window's poll). */
void     sp_outbox_bar_set_reachable (SpOutboxBar *self,
                                      gboolean     reachable);
/* Sends what waits, when anything does; the table windows read their tables again after it.
 * TRUE when a hand went to the server. */
gboolean sp_outbox_bar_send          (SpOutboxBar *self);

G_END_DECLS
