/* sp-core.h: the rules core, one header for all of it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-core-error.h"
#include "sp-tile.h"
#include "sp-hand.h"
#include "sp-analysis.h"
#include "sp-score.h"
#include "sp-penalty-reason.h"
#include "sp-rules.h"
#include "sp-mcr.h"
#include "sp-rotation.h"
#include "sp-standings.h"
#include "sp-seating.h"
#include "sp-tournament.h"
#include "sp-table.h"
#include "sp-table-history.h"
#include "sp-verdict.h"
#include "sp-teams.h"
#include "sp-entry.h"
#include "sp-session.h"
#include "sp-session-clock.h"
#include "sp-snapshot.h"
