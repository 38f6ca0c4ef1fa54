/* sp-locale.h: where the message catalogues are, installed or in the build tree.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *sp_locale_dir  (void);
void        sp_locale_bind (void);

G_END_DECLS
