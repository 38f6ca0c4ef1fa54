/* sp-report-standings.h: the standings as printed pages, the header row on every page.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "sp-core.h"

G_BEGIN_DECLS

/* The standings of a snapshot laid out in pages; it keeps pointers into @snapshot, which must
 * outlive it. */
typedef struct _SpStandingsPrint SpStandingsPrint;

SpStandingsPrint *sp_standings_print_new       (const SpSnapshot *snapshot);
void              sp_standings_print_free      (SpStandingsPrint *print);
/* Lays the rows out for a page of @width × @height points and returns the number of pages. */
guint             sp_standings_print_paginate  (SpStandingsPrint *print,
                                                double            width,
                                                double            height);
/* Draws page @page of the last pagination: an SpDrawPageFunc, @data the SpStandingsPrint. */
void              sp_standings_print_draw_page (cairo_t          *cr,
                                                guint             page,
                                                double            width,
                                                double            height,
                                                gpointer          data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpStandingsPrint, sp_standings_print_free)

G_END_DECLS
