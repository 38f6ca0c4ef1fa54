/* sp-tile.c (ui): the 34 tiles and 8 flowers drawn with cairo at run time (no artwork of
 * unclear licence), as a referee knows them: an ivory tile with a thin edge; 萬 under its
 * numeral; 筒 as circles and 條 as bamboo sticks in the classic layouts; winds and dragons as
 * characters (中 red, 發 green, 白 an empty blue frame); flowers with their number.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "sp-tile.h"

/* Everything is drawn on a tile of 30 × 40 units, scaled to the rectangle asked for. */
#define UNIT_WIDTH  30.0
#define UNIT_HEIGHT 40.0

typedef struct
{
  double r, g, b;
} Color;

static const Color red = { 0.78, 0.12, 0.12 };
static const Color green = { 0.10, 0.50, 0.20 };
static const Color blue = { 0.10, 0.28, 0.62 };
static const Color ink = { 0.10, 0.10, 0.12 };

/* The font of the characters: the traditional forms (萬 發 東) of the CJK font the app ships
 * with, which every Chinese-reading referee reads. */
#define TILE_FONT "Noto Sans CJK TC, Noto Sans CJK SC, Droid Sans Fallback, Sans"

static void
set_color (cairo_t     *cr,
           const Color *color)
{
  cairo_set_source_rgb (cr, color->r, color->g, color->b);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   width,
                   double   height,
                   double   radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* @text centred on (@cx, @cy) by its ink, @size units high. */
static void
draw_text (cairo_t     *cr,
           const char  *text,
           double       cx,
           double       cy,
           double       size,
           const Color *color,
           gboolean     bold)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (TILE_FONT);
  PangoRectangle ink_rect;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, &ink_rect, NULL);
  set_color (cr, color);
  cairo_move_to (cr, cx - (ink_rect.x + ink_rect.width / 2.0) / PANGO_SCALE,
                 cy - (ink_rect.y + ink_rect.height / 2.0) / PANGO_SCALE);
  pango_cairo_show_layout (cr, layout);
}

/* A circle of 筒: a coloured disc with a light ring and a dot, so that it reads as a coin even
 * when small. */
static void
draw_dot (cairo_t     *cr,
          double       cx,
          double       cy,
          double       radius,
          const Color *color)
{
  set_color (cr, color);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.98, 0.96, 0.90);
  cairo_set_line_width (cr, radius * 0.22);
  cairo_arc (cr, cx, cy, radius * 0.62, 0, 2 * G_PI);
  cairo_stroke (cr);
  set_color (cr, color);
  cairo_arc (cr, cx, cy, radius * 0.28, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* A stick of 條 centred on (@cx, @cy): a rounded stem with a node in its middle. */
static void
draw_stick (cairo_t     *cr,
            double       cx,
            double       cy,
            double       height,
            double       width,
            const Color *color)
{
  set_color (cr, color);
  rounded_rectangle (cr, cx - width / 2, cy - height / 2, width, height, width / 2);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.98, 0.96, 0.90);
  cairo_set_line_width (cr, MAX (0.6, width * 0.22));
  cairo_move_to (cr, cx - width / 2, cy);
  cairo_line_to (cr, cx + width / 2, cy);
  cairo_stroke (cr);
  /* A light stripe down one side gives the stem its roundness. */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  cairo_set_line_width (cr, width * 0.2);
  cairo_move_to (cr, cx - width * 0.18, cy - height / 2 + width * 0.5);
  cairo_line_to (cr, cx - width * 0.18, cy + height / 2 - width * 0.5);
  cairo_stroke (cr);
}

typedef struct
{
  double       x, y;
  const Color *color;
} Place;

static void
draw_dots (cairo_t *cr,
           guint    rank)
{
  /* The classic layouts, on the 30 × 40 tile. */
  static const struct
  {
    double radius;
    guint  n;
    Place  at[9];
  } layouts[9] = {
    { 10.0, 1, { { 15, 20, &red } } },
    { 6.5, 2, { { 15, 11.5, &green }, { 15, 28.5, &blue } } },
    { 5.2, 3, { { 8, 9.5, &blue }, { 15, 20, &red }, { 22, 30.5, &green } } },
    { 5.6, 4, { { 9, 12, &blue }, { 21, 12, &green }, { 9, 28, &green }, { 21, 28, &blue } } },
    { 4.8, 5, { { 8.5, 9.5, &blue }, { 21.5, 9.5, &green }, { 15, 20, &red },
                { 8.5, 30.5, &green }, { 21.5, 30.5, &blue } } },
    { 4.6, 6, { { 9.5, 8.5, &green }, { 20.5, 8.5, &green }, { 9.5, 21.5, &red },
                { 20.5, 21.5, &red }, { 9.5, 31.5, &red }, { 20.5, 31.5, &red } } },
    { 4.0, 7, { { 7.5, 6.8, &green }, { 15, 10.2, &green }, { 22.5, 13.6, &green },
                { 9.5, 23, &red }, { 20.5, 23, &red }, { 9.5, 32.5, &red },
                { 20.5, 32.5, &red } } },
    { 4.0, 8, { { 9.5, 7.5, &blue }, { 20.5, 7.5, &blue }, { 9.5, 15.8, &blue },
                { 20.5, 15.8, &blue }, { 9.5, 24.2, &blue }, { 20.5, 24.2, &blue },
                { 9.5, 32.5, &blue }, { 20.5, 32.5, &blue } } },
    { 3.9, 9, { { 7.5, 9.5, &blue }, { 15, 9.5, &blue }, { 22.5, 9.5, &blue },
                { 7.5, 20, &red }, { 15, 20, &red }, { 22.5, 20, &red },
                { 7.5, 30.5, &green }, { 15, 30.5, &green }, { 22.5, 30.5, &green } } },
  };
  const typeof (layouts[0]) *layout = &layouts[rank - 1];

  for (guint i = 0; i < layout->n; i++)
    draw_dot (cr, layout->at[i].x, layout->at[i].y, layout->radius, layout->at[i].color);
  if (rank == 1)
    {
      /* The big 1 筒 has a green rim, as on a real tile. */
      set_color (cr, &green);
      cairo_set_line_width (cr, 1.4);
      cairo_arc (cr, 15, 20, 11.6, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
}

static void
draw_bamboo (cairo_t *cr,
             guint    rank)
{
  static const struct
  {
    double height;
    guint  n;
    Place  at[9];
  } layouts[9] = {
    { 0, 0, { { 0 } } },
    { 13, 2, { { 15, 11.5, &green }, { 15, 28.5, &blue } } },
    { 13, 3, { { 15, 11.5, &blue }, { 10, 28.5, &green }, { 20, 28.5, &green } } },
    { 13, 4, { { 10, 11.5, &green }, { 20, 11.5, &blue }, { 10, 28.5, &blue },
               { 20, 28.5, &green } } },
    { 13, 5, { { 7.5, 11.5, &green }, { 22.5, 11.5, &blue }, { 15, 20, &red },
               { 7.5, 28.5, &blue }, { 22.5, 28.5, &green } } },
    { 13, 6, { { 8, 11.5, &green }, { 15, 11.5, &green }, { 22, 11.5, &green },
               { 8, 28.5, &blue }, { 15, 28.5, &blue }, { 22, 28.5, &blue } } },
    { 9, 7, { { 15, 7.5, &red }, { 8, 20, &green }, { 15, 20, &green }, { 22, 20, &green },
              { 8, 31.5, &blue }, { 15, 31.5, &blue }, { 22, 31.5, &blue } } },
    { 13, 8, { { 6.5, 11.5, &green }, { 12, 11.5, &green }, { 18, 11.5, &green },
               { 23.5, 11.5, &green }, { 6.5, 28.5, &blue }, { 12, 28.5, &blue },
               { 18, 28.5, &blue }, { 23.5, 28.5, &blue } } },
    { 9, 9, { { 8, 8.5, &green }, { 15, 8.5, &red }, { 22, 8.5, &blue },
              { 8, 20, &green }, { 15, 20, &red }, { 22, 20, &blue },
              { 8, 31.5, &green }, { 15, 31.5, &red }, { 22, 31.5, &blue } } },
  };

  if (rank == 1)
    {
      /* 1 條 as one tall stick with a red crest: plainly "one" at any size. */
      draw_stick (cr, 15, 21.5, 26, 5.6, &green);
      set_color (cr, &red);
      cairo_arc (cr, 15, 7.2, 2.8, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    }
  for (guint i = 0; i < layouts[rank - 1].n; i++)
    draw_stick (cr, layouts[rank - 1].at[i].x, layouts[rank - 1].at[i].y,
                layouts[rank - 1].height, rank == 8 ? 4.2 : 5.0, layouts[rank - 1].at[i].color);
}

static void
draw_face (cairo_t *cr,
           guint    face)
{
  static const char *const numerals[] = { "一", "二", "三", "四", "五", "六", "七", "八", "九" };
  static const char *const honours[] = { "東", "南", "西", "北", "中", "發" };
  static const char *const flowers[] = { "春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹" };

  if (face >= SP_N_TILE_KINDS)
    {
      guint flower = face - SP_N_TILE_KINDS;
      char number[2] = { (char) ('1' + flower % 4), '\0' };

      draw_text (cr, flowers[flower], 15, 23, 17, flower < 4 ? &green : &red, TRUE);
      draw_text (cr, number, 7.5, 7.5, 8.5, flower < 4 ? &blue : &ink, TRUE);
      return;
    }
  switch (sp_tile_suit ((SpTile) face))
    {
    case SP_SUIT_CHARACTERS:
      draw_text (cr, numerals[sp_tile_rank ((SpTile) face) - 1], 15, 11.5, 13, &ink, TRUE);
      draw_text (cr, "萬", 15, 27.5, 15, &red, TRUE);
      break;
    case SP_SUIT_DOTS:
      draw_dots (cr, sp_tile_rank ((SpTile) face));
      break;
    case SP_SUIT_BAMBOO:
      draw_bamboo (cr, sp_tile_rank ((SpTile) face));
      break;
    case SP_SUIT_HONORS:
      if (face == SP_TILE_WHITE)
        {
          set_color (cr, &blue);
          cairo_set_line_width (cr, 2.0);
          rounded_rectangle (cr, 6.5, 7.5, 17, 25, 1.5);
          cairo_stroke (cr);
          cairo_set_line_width (cr, 0.8);
          rounded_rectangle (cr, 9.5, 10.5, 11, 19, 1);
          cairo_stroke (cr);
        }
      else
        draw_text (cr, honours[face - SP_TILE_EAST], 15, 20, 21,
                   face == SP_TILE_RED ? &red : face == SP_TILE_GREEN ? &green : &ink, TRUE);
      break;
    default:
      g_assert_not_reached ();
    }
}

void
sp_tile_draw (cairo_t    *cr,
              guint       face,
              double      x,
              double      y,
              double      width,
              double      height,
              SpTileLook  look)
{
  gboolean dark = (look & SP_TILE_LOOK_DARK) != 0;
  double scale = width / UNIT_WIDTH;

  g_return_if_fail (face < SP_N_TILE_FACES);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, width / UNIT_WIDTH, height / UNIT_HEIGHT);

  /* The body: ivory (dimmed in the dark style, so that it does not glare), a thin edge, and a
   * thicker bottom edge that reads as the tile's depth. */
  rounded_rectangle (cr, 0.5, 0.5, UNIT_WIDTH - 1, UNIT_HEIGHT - 1, 3.5);
  if (dark)
    cairo_set_source_rgb (cr, 0.55, 0.52, 0.44);
  else
    cairo_set_source_rgb (cr, 0.72, 0.68, 0.58);
  cairo_fill (cr);
  rounded_rectangle (cr, 0.5, 0.5, UNIT_WIDTH - 1, UNIT_HEIGHT - 2.2, 3.5);
  if (look & SP_TILE_LOOK_SELECTED)
    cairo_set_source_rgb (cr, 0.80, 0.88, 1.0);
  else if (dark)
    cairo_set_source_rgb (cr, 0.87, 0.84, 0.76);
  else
    cairo_set_source_rgb (cr, 0.99, 0.97, 0.91);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.0 / scale, 0.6));
  if (look & SP_TILE_LOOK_SELECTED)
    {
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      cairo_set_line_width (cr, 2.5 / scale);
    }
  else if (dark)
    cairo_set_source_rgb (cr, 0.35, 0.33, 0.28);
  else
    cairo_set_source_rgb (cr, 0.55, 0.51, 0.42);
  cairo_stroke (cr);

  if (look & SP_TILE_LOOK_BACK)
    {
      /* The back: green, as most sets are, inside the ivory edge. */
      rounded_rectangle (cr, 2.5, 2.5, UNIT_WIDTH - 5, UNIT_HEIGHT - 6.5, 2.5);
      if (dark)
        cairo_set_source_rgb (cr, 0.10, 0.36, 0.22);
      else
        cairo_set_source_rgb (cr, 0.13, 0.48, 0.29);
      cairo_fill (cr);
    }
  else if (look & SP_TILE_LOOK_RED)
    {
      /* A red five: its face as a mask painted red, as red fives are printed. */
      cairo_pattern_t *pattern;

      cairo_push_group (cr);
      draw_face (cr, face);
      pattern = cairo_pop_group (cr);
      set_color (cr, &red);
      cairo_mask (cr, pattern);
      cairo_pattern_destroy (pattern);
    }
  else
    draw_face (cr, face);

  if (look & SP_TILE_LOOK_WINNING)
    {
      /* A bar along the bottom: the winning tile, also told by its place and its name. */
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      rounded_rectangle (cr, 3, UNIT_HEIGHT - 5.5, UNIT_WIDTH - 6, 2.4, 1.2);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

const char *
sp_tile_face_name (guint face)
{
  static const char *const honours[] = {
    N_("East"), N_("South"), N_("West"), N_("North"),
    N_("Red Dragon"), N_("Green Dragon"), N_("White Dragon"),
  };
  static const char *const flowers[] = {
    N_("Spring"), N_("Summer"), N_("Autumn"), N_("Winter"),
    N_("Plum"), N_("Orchid"), N_("Chrysanthemum"), N_("Bamboo"),
  };
  /* The suited names are built once: the UI's language does not change while it runs. */
  static char *suited[27];

  g_return_val_if_fail (face < SP_N_TILE_FACES, NULL);

  if (face >= SP_N_TILE_KINDS)
    return _(flowers[face - SP_N_TILE_KINDS]);
  if (face >= SP_TILE_EAST)
    return _(honours[face - SP_TILE_EAST]);
  if (suited[face] == NULL)
    {
      guint rank = sp_tile_rank ((SpTile) face);

      if (sp_tile_suit ((SpTile) face) == SP_SUIT_CHARACTERS)
        /* Translators: a tile of the characters suit (万), %u its rank 1–9. */
        suited[face] = g_strdup_printf (_("%u Characters"), rank);
      else if (sp_tile_suit ((SpTile) face) == SP_SUIT_DOTS)
        /* Translators: a tile of the dots suit (饼/筒), %u its rank 1–9. */
        suited[face] = g_strdup_printf (_("%u Dots"), rank);
      else
        /* Translators: a tile of the bamboo suit (条/索), %u its rank 1–9. */
        suited[face] = g_strdup_printf (_("%u Bamboo"), rank);
    }
  return suited[face];
}

const char *
sp_tile_red_five_name (SpTile five)
{
  static char *names[3];
  guint suit = sp_tile_suit (five);

  g_return_val_if_fail (suit < 3, NULL);

  if (names[suit] == NULL)
    {
      if (suit == SP_SUIT_CHARACTERS)
        /* Translators: the red five of the characters suit (赤五萬, Riichi). */
        names[suit] = g_strdup (_("Red 5 Characters"));
      else if (suit == SP_SUIT_DOTS)
        /* Translators: the red five of the dots suit (赤五筒, Riichi). */
        names[suit] = g_strdup (_("Red 5 Dots"));
      else
        /* Translators: the red five of the bamboo suit (赤五索, Riichi). */
        names[suit] = g_strdup (_("Red 5 Bamboo"));
    }
  return names[suit];
}

/* ---- SpTilePicture ------------------------------------------------------------------------ */

struct _SpTilePicture
{
  GtkWidget  parent_instance;

  guint      face;
  int        width;
  SpTileLook look;
};

G_DEFINE_FINAL_TYPE (SpTilePicture, sp_tile_picture, GTK_TYPE_WIDGET)

static void
sp_tile_picture_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  SpTilePicture *self = SP_TILE_PICTURE (widget);

  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL
                          ? self->width : SP_TILE_HEIGHT_FOR_WIDTH (self->width);
}

/* A face drawn once per size, look and scale, kept as a texture: a texture node is drawn from
 * the GPU's copy, where a cairo node would be drawn again (and, in GTK 4.8's GL renderer, may
 * be mistaken for an earlier node at the same address).  A few hundred small textures at
 * most: the palette and the hands use a handful of sizes. */
static GdkTexture *
face_texture (guint      face,
              int        width,
              int        height,
              int        scale,
              SpTileLook look)
{
  static GHashTable *cache;
  guint64 key = (guint64) face | (guint64) look << 8 | (guint64) width << 16
                | (guint64) height << 32 | (guint64) scale << 48;
  GdkTexture *texture;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(GBytes) bytes = NULL;
  int stride;

  if (cache == NULL)
    cache = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
  texture = g_hash_table_lookup (cache, &key);
  if (texture != NULL)
    return texture;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  sp_tile_draw (cr, face, 0, 0, width, height, look);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * height * scale);
  /* Cairo's ARGB32 is premultiplied, in native byte order: GDK_MEMORY_DEFAULT. */
  texture = gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                    (gsize) stride);
  cairo_surface_destroy (surface);
  g_hash_table_insert (cache, g_memdup2 (&key, sizeof key), texture);
  return texture;
}

static void
sp_tile_picture_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  SpTilePicture *self = SP_TILE_PICTURE (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int tile_width = MIN (width, height * 3 / 4);
  int tile_height = SP_TILE_HEIGHT_FOR_WIDTH (tile_width);
  SpTileLook look = self->look;

  if (tile_width <= 0 || tile_height <= 0)
    return;
  if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
    look |= SP_TILE_LOOK_DARK;
  gtk_snapshot_append_texture (snapshot,
                               face_texture (self->face, tile_width, tile_height,
                                             gtk_widget_get_scale_factor (widget), look),
                               &GRAPHENE_RECT_INIT ((width - tile_width) / 2,
                                                    (height - tile_height) / 2,
                                                    tile_width, tile_height));
}

/* The tiles' buttons' style, loaded once for the display. */
void
sp_tile_load_style (void)
{
  static gboolean loaded;
  g_autoptr(GtkCssProvider) provider = NULL;
  GdkDisplay *display = gdk_display_get_default ();

  if (loaded || display == NULL)
    return;
  loaded = TRUE;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/org/sparrow/Sparrow/sp-tiles.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
sp_tile_picture_class_init (SpTilePictureClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = sp_tile_picture_measure;
  widget_class->snapshot = sp_tile_picture_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
sp_tile_picture_init (SpTilePicture *self)
{
  /* The style manager outlives every widget: the picture redraws when the style turns dark. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

GtkWidget *
sp_tile_picture_new (guint face,
                     int   width)
{
  SpTilePicture *self;

  g_return_val_if_fail (face < SP_N_TILE_FACES, NULL);

  self = g_object_new (SP_TYPE_TILE_PICTURE, NULL);
  self->face = face;
  self->width = width;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  sp_tile_face_name (face), -1);
  return GTK_WIDGET (self);
}

guint
sp_tile_picture_get_face (SpTilePicture *self)
{
  g_return_val_if_fail (SP_IS_TILE_PICTURE (self), 0);

  return self->face;
}

void
sp_tile_picture_set_look (SpTilePicture *self,
                          SpTileLook     look)
{
  g_return_if_fail (SP_IS_TILE_PICTURE (self));

  if (self->look == look)
    return;
  self->look = look;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
