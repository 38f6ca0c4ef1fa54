/* sp-table-history.h: the rotation each hand of a table was played at, for a list of hands or
 * a score sheet.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-table.h"

G_BEGIN_DECLS

/* Replays @hands (SpHandRecord in number order) from the first hand of a sequence of @kind
 * (sp_tournament_rotation ()): element i of the result
 * (SpRotation) is the rotation hand i + 1 was played at (its round wind, dealer, seat winds and
 * 連莊), and element @hands->len the one before the next hand.  A hand's winner, discarder and
 * settlement are stored by chair: its element says which seat each chair held. */
GArray  *sp_table_history  (SpRotationKind  kind,
                            GPtrArray      *hands);

G_END_DECLS
