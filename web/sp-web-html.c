/* sp-web-html.c: the escaping template of the players' pages.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-web-html.h"

#include <string.h>

#include "sp-core.h"

void
sp_web_html_escape (GString    *out,
                    const char *text)
{
  g_autofree char *valid = NULL;
  const char *p;

  if (text == NULL)
    return;
  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);
  for (p = text; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '"':
          g_string_append (out, "&quot;");
          break;
        case '\'':
          g_string_append (out, "&#39;");
          break;
        default:
          g_string_append_c (out, *p);
          break;
        }
    }
}

void
sp_web_append_points (GString *out,
                      gint64   points_x12)
{
  gint64 hundredths = (points_x12 * 100 + (points_x12 >= 0 ? 6 : -6)) / SP_TABLE_POINTS_SCALE;
  gint64 whole = hundredths / 100;
  gint64 rest = ABS (hundredths % 100);

  if (hundredths < 0 && whole == 0)
    g_string_append_c (out, '-');
  g_string_append_printf (out, "%" G_GINT64_FORMAT, whole);
  if (rest != 0)
    {
      if (rest % 10 == 0)
        g_string_append_printf (out, ".%d", (int) (rest / 10));
      else
        g_string_append_printf (out, ".%02d", (int) rest);
    }
}

void
sp_web_append_thousands (GString *out,
                         gint64   points)
{
  /* Rounded half away from zero to a hundred points. */
  gint64 tenths = (points + (points >= 0 ? 50 : -50)) / 100;

  g_string_append_printf (out, "%s%" G_GINT64_FORMAT ".%d", tenths < 0 ? "-" : "",
                          ABS (tenths) / 10, (int) (ABS (tenths) % 10));
}

void
sp_web_html_valist (GString    *out,
                    const char *format,
                    va_list     args)
{
  const char *p = format;

  g_return_if_fail (out != NULL && format != NULL);
  while (*p != '\0')
    {
      const char *percent = strchr (p, '%');

      if (percent == NULL)
        {
          g_string_append (out, p);
          return;
        }
      g_string_append_len (out, p, percent - p);
      switch (percent[1])
        {
        case 's':
          sp_web_html_escape (out, va_arg (args, const char *));
          break;
        case 'd':
          g_string_append_printf (out, "%d", va_arg (args, int));
          break;
        case 'u':
          g_string_append_printf (out, "%u", va_arg (args, guint));
          break;
        case 'I':
          g_string_append_printf (out, "%" G_GINT64_FORMAT, va_arg (args, gint64));
          break;
        case 'P':
          sp_web_append_points (out, va_arg (args, gint64));
          break;
        case 'T':
          sp_web_append_thousands (out, va_arg (args, gint64));
          break;
        case '%':
          g_string_append_c (out, '%');
          break;
        default:
          g_return_if_reached ();
        }
      p = percent + 2;
    }
}

void
sp_web_html (GString    *out,
             const char *format,
             ...)
{
  va_list args;

  va_start (args, format);
  sp_web_html_valist (out, format, args);
  va_end (args);
}
