/* sp-message.h: what the pages tell a person (a toast) and ask before a step that cannot be
 * taken back (a confirmation), and the names a screen reader says for its controls.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void sp_message_show_toast      (GtkWidget        *widget,
                                 const char       *message);
void sp_message_add_destructive (AdwMessageDialog *dialog,
                                 const char       *response,
                                 const char       *label);

void sp_accessible_set_label        (GtkWidget        *widget,
                                     const char       *label);
void sp_accessible_install_names    (void);

G_END_DECLS
