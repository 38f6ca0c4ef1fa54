/* sp-points.c: Riichi points as the pages write them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-points.h"

char *
sp_points_text (gint64 points)
{
  g_autoptr(GString) digits = g_string_new (NULL);
  guint64 magnitude = points < 0 ? (guint64) -points : (guint64) points;
  g_autofree char *plain = g_strdup_printf ("%" G_GUINT64_FORMAT, magnitude);
  guint length = (guint) strlen (plain);

  for (guint i = 0; i < length; i++)
    {
      if (i > 0 && (length - i) % 3 == 0)
        g_string_append_c (digits, ',');
      g_string_append_c (digits, plain[i]);
    }
  return g_strdup_printf ("%s%s", points < 0 ? "−" : "", digits->str);
}

char *
sp_points_change (gint64 change)
{
  g_autofree char *magnitude = sp_points_text (change < 0 ? -change : change);

  return change > 0 ? g_strconcat ("+", magnitude, NULL)
         : change < 0 ? g_strconcat ("−", magnitude, NULL) : g_strdup ("0");
}

char *
sp_points_tenths (gint64 thousandths)
{
  /* Rounded half away from zero, as the standings' one decimal. */
  gint64 tenths = ((thousandths < 0 ? -thousandths : thousandths) + 50) / 100;

  return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT,
                          thousandths < 0 ? "−" : "+", tenths / 10, tenths % 10);
}
