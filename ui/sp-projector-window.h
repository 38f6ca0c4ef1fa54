/* sp-projector-window.h: the standings full screen for the hall, paging by themselves.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_PROJECTOR_WINDOW (sp_projector_window_get_type ())

G_DECLARE_FINAL_TYPE (SpProjectorWindow, sp_projector_window, SP, PROJECTOR_WINDOW, AdwWindow)

/* Lines of the standings on one page. */
#define SP_PROJECTOR_LINES_PER_PAGE 10
/* Seconds each page stays on screen. */
#define SP_PROJECTOR_PAGE_SECONDS 10

/* Opens full screen over @parent, showing tournament @tournament of @db (which must outlive
 * the window: it closes with @parent). */
GtkWindow *sp_projector_window_new       (GtkWindow         *parent,
                                          SpDb              *db,
                                          gint64             tournament,
                                          GError           **error);
/* Reads the standings and the clock again. */
void       sp_projector_window_reload    (SpProjectorWindow *self);
/* Turns to the next page (the first after the last), as the page timer does. */
void       sp_projector_window_next_page (SpProjectorWindow *self);
/* The page shown (1-based) and how many there are (0 when the standings are not shown). */
guint      sp_projector_window_get_page  (SpProjectorWindow *self,
                                          guint             *n_pages);

G_END_DECLS
