/* sp-report-file.h: writing a report safely (a temporary file renamed into place) and the PDF
 * pages every printout shares.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

/* Paper sizes of the printouts. */
typedef enum
{
  SP_PAPER_A4,
  SP_PAPER_LETTER,
} SpPaper;

gboolean sp_paper_from_string (const char *text,
                               SpPaper    *paper);
/* The size in PDF points (1/72 inch), portrait, or landscape when @landscape. */
void     sp_paper_size        (SpPaper     paper,
                               gboolean    landscape,
                               double     *width,
                               double     *height);

/* A report being written: @temp_path beside @path, renamed into place by
 * sp_report_file_commit; sp_report_file_abort (or freeing it uncommitted) removes it, so that
 * a failed export leaves no file, and no half-written one. */
typedef struct
{
  char *path;
  char *temp_path;
  gboolean committed;
} SpReportFile;

SpReportFile *sp_report_file_new    (const char    *path);
gboolean      sp_report_file_commit (SpReportFile  *file,
                                     GError       **error);
void          sp_report_file_free   (SpReportFile  *file);

/* Draws page @page (0-based) of a printout on @cr, the page @width × @height points; the same
 * function draws for a PDF file and for the app's print dialog (GtkPrintOperation). */
typedef void (*SpDrawPageFunc) (cairo_t  *cr,
                                guint     page,
                                double    width,
                                double    height,
                                gpointer  data);

/* Writes @n_pages pages drawn by @draw_page to the PDF @path (through a temporary file), its
 * title and date in the document's metadata. */
gboolean sp_report_write_pdf (const char      *path,
                              SpPaper          paper,
                              gboolean         landscape,
                              const char      *title,
                              guint            n_pages,
                              SpDrawPageFunc   draw_page,
                              gpointer         data,
                              GError         **error);

/* The typeface of every printout: they print Chinese, and the players' names may be Chinese. */
#define SP_REPORT_FONT_FAMILY "Noto Sans CJK SC"

/* A one-line layout of @text for @cr in the printouts' face, @size points (bold when @bold),
 * shrunk to fit @max_width points but not below @min_size, then cut with an ellipsis; never
 * shrunk when @max_width is 0. */
PangoLayout *sp_report_fitted_line (cairo_t    *cr,
                                    const char *text,
                                    double      size,
                                    double      min_size,
                                    gboolean    bold,
                                    double      max_width);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpReportFile, sp_report_file_free)

G_END_DECLS
