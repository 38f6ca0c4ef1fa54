/* sp-report-seating.h: the seat assignments of a session as printed pages: a tent card per table,
 * the alphabetical list for the entrance and each player's personal schedule.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "sp-core.h"

G_BEGIN_DECLS

/* The pages of session @session's seating, laid out once; it keeps pointers into @snapshot,
 * which must outlive it. */
typedef struct _SpSeatingPrint SpSeatingPrint;

/* NULL, with an SP_REPORT_ERROR_FAILED error, when session @session was not drawn. */
SpSeatingPrint *sp_seating_print_new         (const SpSnapshot *snapshot,
                                              guint             session,
                                              GError          **error);
void            sp_seating_print_free        (SpSeatingPrint   *print);
/* Lays the pages out for a page of @width × @height points (portrait) and returns how many
 * there are: one card per table, then the list, then (a balanced plan) the schedules. */
guint           sp_seating_print_paginate    (SpSeatingPrint   *print,
                                              double            width,
                                              double            height);
/* Draws page @page of the last pagination: an SpDrawPageFunc, @data the SpSeatingPrint. */
void            sp_seating_print_draw_page   (cairo_t          *cr,
                                              guint             page,
                                              double            width,
                                              double            height,
                                              gpointer          data);

/* The three kinds of page, for a print dialog that prints only one of them. */
void            sp_seating_print_draw_card     (SpSeatingPrint *print,
                                                cairo_t        *cr,
                                                guint           table,
                                                double          width,
                                                double          height);
void            sp_seating_print_draw_list     (SpSeatingPrint *print,
                                                cairo_t        *cr,
                                                guint           list_page,
                                                double          width,
                                                double          height);
void            sp_seating_print_draw_schedule (SpSeatingPrint *print,
                                                cairo_t        *cr,
                                                guint           schedule_page,
                                                double          width,
                                                double          height);

/* How many pages of each kind the last pagination made: the table cards come first, then the
 * entrance list, then the schedules. */
guint           sp_seating_print_n_cards       (SpSeatingPrint *print);
guint           sp_seating_print_n_list_pages  (SpSeatingPrint *print);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpSeatingPrint, sp_seating_print_free)

G_END_DECLS
