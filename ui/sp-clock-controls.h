/* sp-clock-controls.h: the session clock's buttons and time left, for the Sessions page, and
 * what the clock says, for the header and the projector.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_CLOCK_CONTROLS (sp_clock_controls_get_type ())

G_DECLARE_FINAL_TYPE (SpClockControls, sp_clock_controls, SP, CLOCK_CONTROLS, GtkBox)

void  sp_clock_controls_load      (SpClockControls    *self,
                                   SpDb               *db,
                                   const SpTournament *tournament);
void  sp_clock_controls_set_session (SpClockControls *self,
                                     guint            session);
/* Reads the clock again and shows its time left (once a second while shown). */
void  sp_clock_controls_update    (SpClockControls    *self);

/* What the clock of @tournament's current session (sp_db_find_clock_session) says at @now
 * (Unix milliseconds): "Session 2 · 1:23:45 left", or NULL when no session is drawn.
 * *@state gets the clock's state, *@warning (may be NULL) whether the session is in its last
 * minutes or over time. */
char *sp_clock_controls_describe  (SpDb                *db,
                                   const SpTournament  *tournament,
                                   gint64               now,
                                   SpSessionClockState *state,
                                   gboolean            *warning);
/* Now, in the Unix milliseconds the clock keeps. */
gint64 sp_clock_controls_now      (void);

G_END_DECLS
