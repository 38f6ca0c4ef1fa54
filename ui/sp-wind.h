/* sp-wind.h: the seat and round winds as the pages show them (東 南 西 北), one glyph each,
 * translatable so that each script writes its own form.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *sp_wind_glyph  (guint wind);
const char *sp_wind_letter (guint wind);

G_END_DECLS
