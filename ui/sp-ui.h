/* sp-ui.h: the desktop app's widgets, one header for all of them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-clock-controls.h"
#include "sp-new-tournament-dialog.h"
#include "sp-player-dialog.h"
#include "sp-players-page.h"
#include "sp-projector-window.h"
#include "sp-standings-page.h"
#include "sp-tournament-row.h"
#include "sp-tournament-view.h"
#include "sp-window.h"
#include "sp-calculator-window.h"
#include "sp-hand-editor.h"
#include "sp-tile-palette.h"
#include "sp-tile.h"
#include "sp-table-view.h"
#include "sp-hand-dialog.h"
