/* sp-points.h: Riichi points as the pages write them: 30,000, −2,700, +8,000; tournament
 * points and uma in tenths: +2.8, −24.0.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @points with a comma between thousands and a true minus sign ("−2,700"). */
char *sp_points_text   (gint64 points);
/* The same, signed: "+8,000", "−1,500", "0". */
char *sp_points_change (gint64 change);
/* Thousandths as tenths, signed: "+2.8", "−24.0", "+0.0" (tournament points and uma). */
char *sp_points_tenths (gint64 thousandths);

G_END_DECLS
