/* sp-web-qr.h: QR codes of the players' pages' addresses (libqrencode), as SVG for the pages
 * and as a grid of modules for the app to draw.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The modules of a QR code, @size × @size, row by row: TRUE for a dark module.  No quiet zone:
 * whoever draws it leaves 4 modules of margin. */
typedef struct
{
  guint     size;
  gboolean *dark;
} SpWebQr;

/* The QR code of @text (level M, 8-bit), or NULL with an error saying why (too long). */
SpWebQr *sp_web_qr_new  (const char  *text,
                         GError     **error);
void     sp_web_qr_free (SpWebQr     *qr);
/* An SVG image of @qr with its quiet zone, one path, scaled by the viewer. */
char    *sp_web_qr_svg  (const SpWebQr *qr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpWebQr, sp_web_qr_free)

G_END_DECLS
