/* sp-tile.h (ui): the 34 tiles and 8 flowers drawn with cairo, and a widget showing one.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-core.h"

G_BEGIN_DECLS

/* A face: a tile kind 0..33 (SpTile), or a flower f1–f8 as SP_TILE_FACE_FLOWER (0..7). */
#define SP_TILE_FACE_FLOWER(n) (SP_N_TILE_KINDS + (n))
#define SP_N_TILE_FACES        (SP_N_TILE_KINDS + SP_N_FLOWERS)

/* Tiles are 3 wide by 4 high. */
#define SP_TILE_HEIGHT_FOR_WIDTH(w) ((int) ((w) * 4 / 3))

typedef enum
{
  SP_TILE_LOOK_DARK = 1 << 0,     /* the dark style: a dimmer face and a lighter edge */
  SP_TILE_LOOK_SELECTED = 1 << 1, /* chosen for a meld: an accent edge and tint */
  SP_TILE_LOOK_WINNING = 1 << 2,  /* the winning tile: an accent bar under the face */
  SP_TILE_LOOK_BACK = 1 << 3,     /* face down: the outer tiles of a concealed kong */
  SP_TILE_LOOK_RED = 1 << 4,      /* a red five (赤ドラ, Riichi): the face drawn in red */
} SpTileLook;

/* The palette's codes of the red fives (0m 0p 0s), after the faces: SpSuit 0–2. */
#define SP_TILE_FACE_RED_FIVE(suit) (SP_N_TILE_FACES + (suit))
#define SP_N_PALETTE_FACES          (SP_N_TILE_FACES + 3)

/* Draws @face in the rectangle (@x, @y, @width, @height). */
void        sp_tile_draw         (cairo_t    *cr,
                                  guint       face,
                                  double      x,
                                  double      y,
                                  double      width,
                                  double      height,
                                  SpTileLook  look);
/* What a screen reader says of @face, in the UI's language: "1 Characters", "East", "Plum". */
const char *sp_tile_face_name    (guint       face);
/* What a screen reader says of the red five of @five's suit: "Red 5 Dots". */
const char *sp_tile_red_five_name (SpTile     five);

/* Loads the style of tile buttons (the class "sp-tile-button") for the display, once. */
void        sp_tile_load_style   (void);

#define SP_TYPE_TILE_PICTURE (sp_tile_picture_get_type ())
G_DECLARE_FINAL_TYPE (SpTilePicture, sp_tile_picture, SP, TILE_PICTURE, GtkWidget)

/* A widget drawing one face @width pixels wide, following the style manager's dark style. */
GtkWidget  *sp_tile_picture_new      (guint          face,
                                      int            width);
guint       sp_tile_picture_get_face (SpTilePicture *self);
void        sp_tile_picture_set_look (SpTilePicture *self,
                                      SpTileLook     look);

G_END_DECLS
