/* sp-wind.c: the seat and round winds as the pages show them (東 南 西 北), one glyph each,
 * translatable so that each script writes its own form (simplified Chinese: 东 南 西 北).
 * The tiles' own art (sp-tile.c) keeps the traditional characters printed on the tiles.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-wind.h"

/**
 * sp_wind_glyph:
 * @wind: 0 East, 1 South, 2 West, 3 North
 *
 * Returns: (transfer none): the wind's glyph in the interface's language, or "?" for a
 *   @wind out of range.
 */
const char *
sp_wind_glyph (guint wind)
{
  switch (wind)
    {
    case 0:
      return C_("seat wind", "東");
    case 1:
      return C_("seat wind", "南");
    case 2:
      return C_("seat wind", "西");
    case 3:
      return C_("seat wind", "北");
    default:
      return "?";
    }
}

/**
 * sp_wind_letter:
 * @wind: 0 East, 1 South, 2 West, 3 North
 *
 * The seat's short name where a seat is named before a player ("E Anna" on the hand dialog's
 * buttons, "E +32" in its live settlement): the letter in English, the wind's character in
 * Chinese (东 南 西 北, 東 南 西 北).
 *
 * Returns: (transfer none): the seat's short name, or "?" for a @wind out of range.
 */
const char *
sp_wind_letter (guint wind)
{
  switch (wind)
    {
    case 0:
      return C_("seat letter", "E");
    case 1:
      return C_("seat letter", "S");
    case 2:
      return C_("seat letter", "W");
    case 3:
      return C_("seat letter", "N");
    default:
      return "?";
    }
}
