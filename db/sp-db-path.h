/* sp-db-path.h: where the embedded default tournament database lives.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *sp_db_default_path (void);

G_END_DECLS
