/* sp-teams.h: the teams of a seating plan's players, read from a list of team names.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Reads @text (@length bytes): one line per player in player order, the team's name, a blank
 * line for none.  Fills @teams (@n_players of them) with a number per team from 1, the same for
 * the same name, 0 for none.  Text that is not UTF-8 or does not have @n_players lines is
 * SP_CORE_ERROR_INVALID. */
gboolean  sp_teams_parse  (const char  *text,
                           gsize        length,
                           guint        n_players,
                           guint       *teams,
                           GError     **error);

G_END_DECLS
