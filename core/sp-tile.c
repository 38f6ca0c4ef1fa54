/* sp-tile.c: names of tiles, winds and flowers in the notation.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-tile.h"

#include <string.h>

static const char suit_letters[] = "mps";
static const char honor_letters[] = "ESWNCFP";

const char *
sp_tile_to_string (SpTile tile,
                   char   buf[SP_TILE_STRING_SIZE])
{
  g_return_val_if_fail (tile < SP_N_TILE_KINDS, "?");

  if (sp_tile_is_honor (tile))
    {
      buf[0] = honor_letters[tile - SP_TILE_EAST];
      buf[1] = '\0';
    }
  else
    {
      buf[0] = (char) ('0' + sp_tile_rank (tile));
      buf[1] = suit_letters[sp_tile_suit (tile)];
      buf[2] = '\0';
    }
  return buf;
}

const char *
sp_wind_to_string (SpWind wind)
{
  static const char *names[] = { "E", "S", "W", "N" };

  g_return_val_if_fail (wind <= SP_WIND_NORTH, "?");
  return names[wind];
}

gboolean
sp_wind_from_string (const char *text,
                     SpWind     *wind)
{
  static const char *names[] = { "E", "S", "W", "N" };

  g_return_val_if_fail (text != NULL, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (g_ascii_strcasecmp (text, names[i]) == 0)
        {
          *wind = (SpWind) i;
          return TRUE;
        }
    }
  return FALSE;
}

const char *
sp_flower_to_string (guint flower)
{
  static const char *names[] = { "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8" };

  g_return_val_if_fail (flower < SP_N_FLOWERS, "?");
  return names[flower];
}
