/* sp-tile-palette.h: the 34 tiles and 8 flowers as buttons, to click a hand together.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SP_TYPE_TILE_PALETTE (sp_tile_palette_get_type ())
G_DECLARE_FINAL_TYPE (SpTilePalette, sp_tile_palette, SP, TILE_PALETTE, GtkWidget)

/* The smallest and largest width of a tile on the palette, in pixels. */
#define SP_TILE_PALETTE_MIN_SIZE 32
#define SP_TILE_PALETTE_MAX_SIZE 64

GtkWidget *sp_tile_palette_new            (void);
/* The width of each tile, 32–64 px (its height is 4/3 of it). */
void       sp_tile_palette_set_tile_size  (SpTilePalette *self,
                                           int            size);
int        sp_tile_palette_get_tile_size  (SpTilePalette *self);
void       sp_tile_palette_set_show_flowers (SpTilePalette *self,
                                           gboolean       show);
/* The red fives (0m 0p 0s) in a row after the suits: Riichi's palette shows them. */
void       sp_tile_palette_set_show_red_fives (SpTilePalette *self,
                                               gboolean       show);
/* The button of @face (a tile kind, SP_TILE_FACE_FLOWER (n) or SP_TILE_FACE_RED_FIVE (suit)). */
GtkWidget *sp_tile_palette_get_button     (SpTilePalette *self,
                                           guint          face);

G_END_DECLS
