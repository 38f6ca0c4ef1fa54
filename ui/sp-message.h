/* sp-message.h: what the pages tell a person (a toast) and ask before a step that cannot be
 * taken back (a confirmation).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void sp_message_show_toast      (GtkWidget        *widget,
                                 const char       *message);
void sp_message_add_destructive (AdwMessageDialog *dialog,
                                 const char       *response,
                                 const char       *label);

G_END_DECLS
