/* sp-db.h: the tournament store, one header for all of it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-db-error.h"
#include "sp-db-path.h"
