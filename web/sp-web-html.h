/* sp-web-html.h: the one way the players' pages write HTML: a template whose every value is
 * escaped.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends @format to @out.  The markup is the literal @format itself; the values are only ever
 * inserted through these directives, each escaped for HTML text and attribute values alike
 * (& < > " ' become entities), so that a player named "<script>…" shows as text:
 *   %s  a UTF-8 string (NULL writes nothing; invalid UTF-8 is written as U+FFFD)
 *   %d  an int           %u  a guint          %I  a gint64
 *   %P  table points ×12 (a gint64) as a decimal with up to two places
 *   %T  Riichi points (a gint64) in thousands with one decimal: tournament points, uma
 *   %%  a percent sign
 * Any other directive is a programmer error (g_return_if_fail). */
void sp_web_html          (GString    *out,
                           const char *format,
                           ...);
void sp_web_html_valist   (GString    *out,
                           const char *format,
                           va_list     args);
/* @text escaped, as %s writes it. */
void sp_web_html_escape   (GString    *out,
                           const char *text);
/* Table points (×12) as the pages write them: "4", "2.5", "-1.33". */
void sp_web_append_points (GString    *out,
                           gint64      points_x12);
/* Riichi points in thousands with one decimal, as tournament points are written: 30,400 is
 * "30.4", −24,000 "-24.0". */
void sp_web_append_thousands (GString *out,
                              gint64   points);

G_END_DECLS
