/* sp-server-dialog.h: "Connect to Server…" (sp-server-dialog.c).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-window.h"

G_BEGIN_DECLS

/* Asks for a hall server's address and password, then connects @window to it. */
void sp_server_dialog_present (SpWindow *window);

G_END_DECLS
