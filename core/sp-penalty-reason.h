/* sp-penalty-reason.h: a false win's penalty reason, stored in the rules' words, shown in the
 * reader's language.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *sp_penalty_reason_translate (const char *reason);

G_END_DECLS
