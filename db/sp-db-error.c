/* sp-db-error.c: the store's error domain.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-error.h"

G_DEFINE_QUARK (sp-db-error-quark, sp_db_error)
