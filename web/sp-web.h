/* sp-web.h: the players' view, one header for all of it.  It reads the store only through the
 * operations of db/ and the snapshots of core/, never SQL, and never writes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-web-error.h"
#include "sp-web-html.h"
#include "sp-web-qr.h"
#include "sp-web-server.h"
