/* sp-report-printout.h: the printouts the app's print dialog prints, each a page count and a
 * page drawer (SpDrawPageFunc) over the reports' own drawing, so that a printed page is the
 * page of the PDF export.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "sp-core.h"
#include "sp-report-file.h"

G_BEGIN_DECLS

typedef enum
{
  SP_PRINTOUT_TABLE_CARDS,     /* a session's tent cards, one per table */
  SP_PRINTOUT_ENTRANCE_LIST,   /* a session's players by name, with table and seat */
  SP_PRINTOUT_SCORESHEETS,     /* a session's score sheets, one per table */
  SP_PRINTOUT_STANDINGS,
  SP_PRINTOUT_PENALTIES,       /* R98's penalty record (附件4) */
  SP_PRINTOUT_SUMMARY,         /* R98's results summary (附件6) */
  SP_N_PRINTOUTS
} SpPrintoutKind;

/* What a print dialog shows of a printout; the strings untranslated (N_()). */
typedef struct
{
  SpPrintoutKind kind;
  const char    *title;          /* "Table Cards" */
  const char    *file_stem;      /* "table cards": the document's name */
  gboolean       takes_session;
  gboolean       landscape;      /* the forms are landscape, as R98 prints them */
} SpPrintoutInfo;

const SpPrintoutInfo *sp_printout_info_get        (SpPrintoutKind   kind);
const char           *sp_printout_info_get_title  (const SpPrintoutInfo *info);

/* One printout of a snapshot, which must outlive it. */
typedef struct _SpPrintout SpPrintout;

/* NULL, with an SP_REPORT_ERROR_FAILED error, when the printout needs session @session drawn
 * and it is not. */
SpPrintout *sp_printout_new          (SpPrintoutKind     kind,
                                      const SpSnapshot  *snapshot,
                                      guint              session,
                                      GError           **error);
void        sp_printout_free         (SpPrintout        *printout);
gboolean    sp_printout_is_landscape (SpPrintout        *printout);
/* The document's name, e.g. "Spring Open – table cards session 2". */
char       *sp_printout_get_name     (SpPrintout        *printout);
/* Lays the printout out on pages of @width × @height points and returns how many there are. */
guint       sp_printout_paginate     (SpPrintout        *printout,
                                      double             width,
                                      double             height);
/* Draws page @page of the last pagination: an SpDrawPageFunc, @data the SpPrintout. */
void        sp_printout_draw_page    (cairo_t           *cr,
                                      guint              page,
                                      double             width,
                                      double             height,
                                      gpointer           data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpPrintout, sp_printout_free)

G_END_DECLS
