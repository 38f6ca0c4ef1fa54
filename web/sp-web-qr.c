/* sp-web-qr.c: QR codes with libqrencode.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-web-qr.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <qrencode.h>

#include "sp-web-error.h"

#define QUIET_ZONE 4

SpWebQr *
sp_web_qr_new (const char  *text,
               GError     **error)
{
  QRcode *code;
  SpWebQr *qr;

  g_return_val_if_fail (text != NULL, NULL);
  code = QRcode_encodeString8bit (text, 0, QR_ECLEVEL_M);
  if (code == NULL)
    {
      int saved = errno;

      g_set_error (error, SP_WEB_ERROR, SP_WEB_ERROR_INVALID,
                   C_("web", "No QR code for the address %s: %s"), text,
                   saved == ERANGE ? C_("web", "it is too long") : g_strerror (saved));
      return NULL;
    }
  qr = g_new0 (SpWebQr, 1);
  qr->size = (guint) code->width;
  qr->dark = g_new (gboolean, (gsize) qr->size * qr->size);
  /* Bit 0 of each byte is the module's colour; the others say what libqrencode put there. */
  for (guint i = 0; i < qr->size * qr->size; i++)
    qr->dark[i] = (code->data[i] & 1) != 0;
  QRcode_free (code);
  return qr;
}

void
sp_web_qr_free (SpWebQr *qr)
{
  if (qr == NULL)
    return;
  g_free (qr->dark);
  g_free (qr);
}

char *
sp_web_qr_svg (const SpWebQr *qr)
{
  guint side = qr->size + 2 * QUIET_ZONE;
  GString *svg = g_string_new (NULL);

  g_string_append_printf (svg,
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %u %u\" "
                          "shape-rendering=\"crispEdges\">"
                          "<rect width=\"%u\" height=\"%u\" fill=\"#fff\"/>"
                          "<path fill=\"#000\" d=\"", side, side, side, side);
  /* One run of dark modules in a row is one rectangle. */
  for (guint y = 0; y < qr->size; y++)
    for (guint x = 0; x < qr->size; x++)
      {
        guint run = 0;

        while (x + run < qr->size && qr->dark[y * qr->size + x + run])
          run++;
        if (run > 0)
          {
            g_string_append_printf (svg, "M%u %uh%uv1h-%uz", x + QUIET_ZONE, y + QUIET_ZONE, run,
                                    run);
            x += run - 1;
          }
      }
  g_string_append (svg, "\"/></svg>\n");
  return g_string_free (svg, FALSE);
}
