/* sp-tile-palette.c: the 34 tiles and 8 flowers as buttons, one row per suit (万 筒 條, the
 * honours, the flowers), each named for a screen reader ("1 Characters", "East", "Plum"), and
 * for Riichi the red fives in a row after the suits; a click emits "tile-activated" with
 * the face (SP_TILE_FACE_RED_FIVE (suit) for a red five).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-tile.h"
#include "sp-tile-palette.h"

struct _SpTilePalette
{
  GtkWidget  parent_instance;

  int        tile_size;
  gboolean   show_flowers;
  gboolean   show_red_fives;
  GtkWidget *rows;                       /* a vertical box of one box per row */
  GtkWidget *flower_row;
  GtkWidget *red_row;
  GtkWidget *buttons[SP_N_PALETTE_FACES];
};

G_DEFINE_FINAL_TYPE (SpTilePalette, sp_tile_palette, GTK_TYPE_WIDGET)

enum
{
  TILE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
tile_clicked_cb (GtkButton     *button,
                 SpTilePalette *self)
{
  guint face = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-face"));

  g_signal_emit (self, signals[TILE_ACTIVATED], 0, face);
}

static GtkWidget *
new_row (SpTilePalette *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);

  gtk_box_append (GTK_BOX (self->rows), row);
  return row;
}

static void
add_button (SpTilePalette *self,
            GtkWidget     *row,
            guint          face)
{
  GtkWidget *button = gtk_button_new ();
  gboolean red = face >= SP_N_TILE_FACES;
  /* A red five is drawn as the five of its suit, in red. */
  SpTile tile = red ? sp_tile_make ((SpSuit) (face - SP_N_TILE_FACES), 5) : (SpTile) face;
  const char *name = red ? sp_tile_red_five_name (tile) : sp_tile_face_name (face);
  GtkWidget *picture = sp_tile_picture_new (tile, self->tile_size);

  if (red)
    {
      sp_tile_picture_set_look (SP_TILE_PICTURE (picture), SP_TILE_LOOK_RED);
      gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      name, -1);
    }
  gtk_button_set_child (GTK_BUTTON (button), picture);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "sp-tile-button");
  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  g_object_set_data (G_OBJECT (button), "sp-face", GUINT_TO_POINTER (face));
  g_signal_connect (button, "clicked", G_CALLBACK (tile_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), button);
  self->buttons[face] = button;
}

static void
build_rows (SpTilePalette *self)
{
  GtkWidget *row = NULL;

  for (guint face = 0; face < SP_N_TILE_FACES; face++)
    {
      if (face % 9 == 0 && face < SP_TILE_EAST)
        row = new_row (self);
      if (face == SP_N_TILE_KINDS)
        row = self->flower_row = new_row (self);
      /* The red fives in a row of their own after the suits: the palette keeps the width of
       * nine tiles, which fits a phone. */
      if (face == SP_TILE_EAST)
        {
          self->red_row = new_row (self);
          for (guint suit = 0; suit < 3; suit++)
            add_button (self, self->red_row, SP_TILE_FACE_RED_FIVE (suit));
          gtk_widget_set_visible (self->red_row, self->show_red_fives);
          row = new_row (self);
        }
      add_button (self, row, face);
    }
  gtk_widget_set_visible (self->flower_row, self->show_flowers);
}

static void
sp_tile_palette_dispose (GObject *object)
{
  SpTilePalette *self = SP_TILE_PALETTE (object);

  g_clear_pointer (&self->rows, gtk_widget_unparent);
  G_OBJECT_CLASS (sp_tile_palette_parent_class)->dispose (object);
}

static void
sp_tile_palette_class_init (SpTilePaletteClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = sp_tile_palette_dispose;

  /**
   * SpTilePalette::tile-activated:
   * @face: the face clicked: a tile kind 0–33, SP_TILE_FACE_FLOWER (0–7) or
   *   SP_TILE_FACE_RED_FIVE (suit)
   */
  signals[TILE_ACTIVATED] = g_signal_new ("tile-activated", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "sp-tile-palette");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
sp_tile_palette_init (SpTilePalette *self)
{
  sp_tile_load_style ();
  self->tile_size = 40;
  self->show_flowers = TRUE;
  self->rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_parent (self->rows, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Tiles"), -1);
  build_rows (self);
}

GtkWidget *
sp_tile_palette_new (void)
{
  return g_object_new (SP_TYPE_TILE_PALETTE, NULL);
}

void
sp_tile_palette_set_tile_size (SpTilePalette *self,
                               int            size)
{
  g_return_if_fail (SP_IS_TILE_PALETTE (self));

  size = CLAMP (size, SP_TILE_PALETTE_MIN_SIZE, SP_TILE_PALETTE_MAX_SIZE);
  if (size == self->tile_size)
    return;
  self->tile_size = size;
  for (GtkWidget *row = gtk_widget_get_first_child (self->rows); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      while (gtk_widget_get_first_child (row) != NULL)
        gtk_box_remove (GTK_BOX (row), gtk_widget_get_first_child (row));
    }
  while (gtk_widget_get_first_child (self->rows) != NULL)
    gtk_box_remove (GTK_BOX (self->rows), gtk_widget_get_first_child (self->rows));
  build_rows (self);
}

int
sp_tile_palette_get_tile_size (SpTilePalette *self)
{
  g_return_val_if_fail (SP_IS_TILE_PALETTE (self), 0);

  return self->tile_size;
}

void
sp_tile_palette_set_show_flowers (SpTilePalette *self,
                                  gboolean       show)
{
  g_return_if_fail (SP_IS_TILE_PALETTE (self));

  self->show_flowers = show;
  gtk_widget_set_visible (self->flower_row, show);
}

void
sp_tile_palette_set_show_red_fives (SpTilePalette *self,
                                    gboolean       show)
{
  g_return_if_fail (SP_IS_TILE_PALETTE (self));

  self->show_red_fives = show;
  gtk_widget_set_visible (self->red_row, show);
}

GtkWidget *
sp_tile_palette_get_button (SpTilePalette *self,
                            guint          face)
{
  g_return_val_if_fail (SP_IS_TILE_PALETTE (self), NULL);
  g_return_val_if_fail (face < SP_N_PALETTE_FACES, NULL);

  return self->buttons[face];
}
