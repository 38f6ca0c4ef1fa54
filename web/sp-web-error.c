/* sp-web-error.c: the players' view's error domain.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-web-error.h"

G_DEFINE_QUARK (sp-web-error-quark, sp_web_error)
