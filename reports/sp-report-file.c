/* sp-report-file.c: writing a report safely, and the PDF pages every printout shares.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-report-file.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "sp-report-error.h"

gboolean
sp_paper_from_string (const char *text,
                      SpPaper    *paper)
{
  if (g_ascii_strcasecmp (text, "a4") == 0)
    *paper = SP_PAPER_A4;
  else if (g_ascii_strcasecmp (text, "letter") == 0)
    *paper = SP_PAPER_LETTER;
  else
    return FALSE;
  return TRUE;
}

void
sp_paper_size (SpPaper   paper,
               gboolean  landscape,
               double   *width,
               double   *height)
{
  /* A4 is 210 × 297 mm; US Letter 8.5 × 11 in. */
  double w = paper == SP_PAPER_LETTER ? 612.0 : 595.276;
  double h = paper == SP_PAPER_LETTER ? 792.0 : 841.89;

  *width = landscape ? h : w;
  *height = landscape ? w : h;
}

SpReportFile *
sp_report_file_new (const char *path)
{
  SpReportFile *file = g_new0 (SpReportFile, 1);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *temp = g_strdup_printf (".%s.%u.tmp", base, (guint) g_random_int ());

  file->path = g_strdup (path);
  file->temp_path = g_build_filename (dir, temp, NULL);
  return file;
}

gboolean
sp_report_file_commit (SpReportFile  *file,
                       GError       **error)
{
  if (g_rename (file->temp_path, file->path) != 0)
    {
      int saved = errno;

      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO, _("Cannot write %s: %s"),
                   file->path, g_strerror (saved));
      return FALSE;
    }
  file->committed = TRUE;
  return TRUE;
}

void
sp_report_file_free (SpReportFile *file)
{
  if (file == NULL)
    return;
  if (!file->committed)
    g_unlink (file->temp_path);
  g_free (file->path);
  g_free (file->temp_path);
  g_free (file);
}

/* The PDF's bytes go through here, not through cairo's own file stream: cairo does not check
 * what fclose () returns, so a full disk (whose error stdio reports only when it flushes its
 * buffer at the close) gave an empty file and "written". */
typedef struct
{
  FILE *stream;
  int   error;  /* the errno of the first failed write, or 0 */
} PdfOutput;

static cairo_status_t
write_pdf_bytes (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  PdfOutput *output = closure;

  if (output->error != 0)
    return CAIRO_STATUS_WRITE_ERROR;
  errno = 0;
  if (fwrite (data, 1, length, output->stream) != length)
    {
      output->error = errno != 0 ? errno : EIO;
      return CAIRO_STATUS_WRITE_ERROR;
    }
  return CAIRO_STATUS_SUCCESS;
}

gboolean
sp_report_write_pdf (const char      *path,
                     SpPaper          paper,
                     gboolean         landscape,
                     const char      *title,
                     guint            n_pages,
                     SpDrawPageFunc   draw_page,
                     gpointer         data,
                     GError         **error)
{
  g_autoptr(SpReportFile) file = sp_report_file_new (path);
  PdfOutput output = { NULL, 0 };
  cairo_surface_t *surface;
  cairo_status_t status;
  double width, height;

  errno = 0;
  output.stream = g_fopen (file->temp_path, "wb");
  if (output.stream == NULL)
    {
      int saved = errno != 0 ? errno : EIO;

      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO, _("Cannot write %s: %s"), path,
                   g_strerror (saved));
      return FALSE;
    }
  sp_paper_size (paper, landscape, &width, &height);
  surface = cairo_pdf_surface_create_for_stream (write_pdf_bytes, &output, width, height);
  if (title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Sparrow");
  for (guint page = 0; page < n_pages && cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS;
       page++)
    {
      cairo_t *cr = cairo_create (surface);

      draw_page (cr, page, width, height, data);
      cairo_destroy (cr);
      cairo_surface_show_page (surface);
    }
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  /* The last bytes reach the disk at the flush, where a full disk is said. */
  errno = 0;
  if (fflush (output.stream) != 0 && output.error == 0)
    output.error = errno != 0 ? errno : EIO;
  errno = 0;
  if (fclose (output.stream) != 0 && output.error == 0)
    output.error = errno != 0 ? errno : EIO;
  if (output.error != 0)
    {
      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO, _("Cannot write %s: %s"), path,
                   g_strerror (output.error));
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      /* Cairo names the fault (a write error: the disk full or the folder read-only). */
      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO, _("Cannot write %s: %s"), path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return sp_report_file_commit (file, error);
}

PangoLayout *
sp_report_fitted_line (cairo_t    *cr,
                       const char *text,
                       double      size,
                       double      min_size,
                       gboolean    bold,
                       double      max_width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();
  int text_width, text_height;

  pango_font_description_set_family (font, SP_REPORT_FONT_FAMILY);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &text_width, &text_height);
  if (max_width > 0 && text_width > max_width * PANGO_SCALE)
    {
      double fitted = MAX (min_size, size * max_width * PANGO_SCALE / text_width);

      pango_font_description_set_absolute_size (font, fitted * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  return layout;
}
