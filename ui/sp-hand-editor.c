/* sp-hand-editor.c: a hand typed in the notation of SPEC.md §2 or clicked on a tile palette,
 * the two always in step: the text is the hand; a click edits the parsed hand and writes its
 * notation back.  Every change is parsed and scored by the rules core at once: a syntax error
 * is underlined where the parser says and its message shown under the field (never a dialog);
 * a hand is shown with its items, total and settlement, or the core's verdict; a hand one tile
 * short shows its waits, or how far it is from ready.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sp-hand-editor.h"
#include "sp-tile.h"
#include "sp-tile-palette.h"

/* The width of the hand's tiles above the field, and of the waits' tiles. */
#define HAND_TILE_WIDTH 36
#define WAIT_TILE_WIDTH 32

/* Riichi's dora or ura dora indicators picked on the palette, as turned. */
typedef struct
{
  SpTile tiles[SP_MAX_INDICATORS];
  guint8 n;
  guint8 red; /* bit i: indicator i is a red five */
} Indicators;

/* What a click on the palette adds to. */
enum
{
  PICK_HAND,
  PICK_DORA,
  PICK_URA,
};

struct _SpHandEditor
{
  GtkBox         parent_instance;

  SpRules       *rules;
  SpSituation    base;        /* what was set by key: seat, round, dealer, streak… */
  SpSituation    situation;   /* base + toggles + flowers: what is scored */
  guint8         flowers;     /* bit f-1 of each flower clicked */
  guint32        hidden;      /* SpSituationField bits of the toggles not shown */
  Indicators     indicators[2]; /* Riichi: the dora, then the ura dora indicators picked */
  guint          picking;     /* PICK_*: what a click on the palette adds to */

  /* The hand as last parsed. */
  gboolean       parsed;
  SpHand         hand;
  guint32        selected;    /* bit i: concealed tile i is chosen for a meld */
  gboolean       shown_valid; /* the tiles row shows shown_hand */
  SpHand         shown_hand;
  guint8         shown_flowers;

  gboolean       has_result;
  SpScoreResult  result;
  gboolean       settlement_hidden; /* the seats are not known yet: no settlement to show */
  gint64         update_time;

  /* Template children */
  GtkWidget     *tiles_box;
  GtkEntry      *hand_entry;
  GtkLabel      *message_label;
  SpTilePalette *palette;
  GtkDropDown   *from_dropdown;
  GtkFlowBox    *situation_box;
  GtkWidget     *indicator_box;
  GtkWidget     *pick_buttons[3];
  GtkWidget     *meld_rows;
  GtkWidget     *dora_box;
  GtkWidget     *ura_box;
  GtkGrid       *items_grid;
  GtkLabel      *total_label;
  GtkLabel      *verdict_label;
  GtkLabel      *waits_label;
  GtkWidget     *waits_box;
  GtkLabel      *settlement_label;
};

G_DEFINE_FINAL_TYPE (SpHandEditor, sp_hand_editor, GTK_TYPE_BOX)

enum
{
  RESULT_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- The situation's toggles, in each ruleset's own terms -------------------------------- */

static void update (SpHandEditor *self);

/* The situation scored: the base, each toggle that is on, and the flowers clicked. */
static void
compute_situation (SpHandEditor *self)
{
  self->situation = self->base;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->situation_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *check = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
        sp_situation_set (&self->situation, gtk_widget_get_name (check), NULL, NULL);
    }
  if (self->flowers != 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < SP_N_FLOWERS; i++)
        {
          if (self->flowers & (1u << i))
            g_string_append_printf (list, "%sf%u", list->len > 0 ? "," : "", i + 1);
        }
      sp_situation_set (&self->situation, "flowers", list->str, NULL);
    }
  for (guint ura = 0; ura < 2; ura++)
    {
      const Indicators *set = &self->indicators[ura];

      if (set->n == 0)
        continue;
      if (ura)
        {
          memcpy (self->situation.ura_indicators, set->tiles, sizeof set->tiles);
          self->situation.n_ura_indicators = set->n;
          self->situation.red_ura_indicators = set->red;
          self->situation.given |= SP_SITUATION_URA_INDICATORS;
        }
      else
        {
          memcpy (self->situation.dora_indicators, set->tiles, sizeof set->tiles);
          self->situation.n_dora_indicators = set->n;
          self->situation.red_dora_indicators = set->red;
          self->situation.given |= SP_SITUATION_DORA_INDICATORS;
        }
    }
  /* Double riichi replaces riichi (rules/riichi.md §2): riichi set by the table's seats (the
   * hand dialog) gives way to the toggle, as the store scores it. */
  if (self->situation.double_riichi)
    {
      self->situation.riichi = FALSE;
      self->situation.given &= ~(guint32) SP_SITUATION_RIICHI;
    }
}

static void
toggle_changed_cb (SpHandEditor *self)
{
  compute_situation (self);
  update (self);
}

/* The toggles of the ruleset's situation, as the rules core describes them. */
static void
build_toggles (SpHandEditor *self)
{
  guint n_toggles = 0;
  const SpSituationToggle *toggles = sp_rules_list_situation_toggles (self->rules, &n_toggles);
  GtkWidget *child;

  /* gtk_flow_box_remove_all () is newer than GTK 4.8. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->situation_box))) != NULL)
    gtk_flow_box_remove (self->situation_box, child);
  for (const SpSituationToggle *toggle = toggles; toggle < toggles + n_toggles; toggle++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (toggle->term);

      /* The widget's name is the situation's key: what is scored, and how tests find it. */
      gtk_widget_set_name (check, toggle->key);
      gtk_widget_set_tooltip_text (check, _(toggle->meaning));
      /* A screen reader says what it means, then the rules' words it shows. */
      {
        g_autofree char *name = g_strdup_printf ("%s %s", toggle->term, _(toggle->meaning));

        gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        name, -1);
      }
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (toggle_changed_cb), self);
      gtk_flow_box_append (self->situation_box, check);
      if (self->hidden & sp_situation_field_from_key (toggle->key))
        gtk_widget_set_visible (gtk_widget_get_parent (check), FALSE);
    }
}

/* ---- The hand's tiles, drawn above the field ---------------------------------------------- */

/* Tiles in a ready hand one short of a win, with its kongs. */
static gboolean
hand_is_one_short (SpHandEditor *self,
                   const SpHand *hand)
{
  return sp_hand_n_tiles (hand)
         == sp_ruleset_hand_size (sp_rules_get_ruleset (self->rules)) + sp_hand_n_kongs (hand);
}

static void
tile_toggled_cb (GtkToggleButton *button,
                 SpHandEditor    *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-index"));
  GtkWidget *picture = gtk_button_get_child (GTK_BUTTON (button));
  SpTileLook look = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-look"));

  if (gtk_toggle_button_get_active (button))
    self->selected |= 1u << index;
  else
    self->selected &= ~(1u << index);
  if (gtk_toggle_button_get_active (button))
    look |= SP_TILE_LOOK_SELECTED;
  sp_tile_picture_set_look (SP_TILE_PICTURE (picture), look);
}

static void
flower_clicked_cb (GtkButton    *button,
                   SpHandEditor *self)
{
  guint flower = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-flower"));

  self->flowers &= ~(1u << flower);
  compute_situation (self);
  update (self);
}

static GtkWidget *
tile_button (guint       face,
             SpTileLook  look,
             const char *name)
{
  GtkWidget *button = gtk_toggle_button_new ();
  GtkWidget *picture = sp_tile_picture_new (face, HAND_TILE_WIDTH);

  sp_tile_picture_set_look (SP_TILE_PICTURE (picture), look);
  gtk_button_set_child (GTK_BUTTON (button), picture);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "sp-tile-button");
  gtk_widget_set_tooltip_text (button, name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  g_object_set_data (G_OBJECT (button), "sp-look", GUINT_TO_POINTER (look));
  return button;
}

/* One piece of the tiles row: a meld, a gap, a concealed tile or a flower.  Its key says what
 * it shows, so that a change (a keystroke adds a tile at the end) rebuilds only the pieces
 * from the first that differs: new widgets are what costs, not the scoring. */
typedef struct
{
  char  key[24];
  guint kind;  /* PIECE_* */
  guint value; /* meld index, concealed index, or flower */
  guint red;   /* a meld: bit i, its tile i is a red five; a tile: it is one */
} Piece;

enum
{
  PIECE_MELD,
  PIECE_GAP,
  PIECE_TILE,
  PIECE_WINNING_TILE,
  PIECE_FLOWER,
};

/* What a meld is, for its tooltip and a screen reader: "Pung of East, from the left". */
static char *
meld_name (const SpMeld *meld)
{
  static const char *const givers[] = {
    NULL, N_("from the left"), N_("from opposite"), N_("from the right"),
  };
  const char *tile = sp_tile_face_name (meld->tile);
  g_autofree char *what = NULL;

  if (meld->kind == SP_MELD_CHOW)
    /* Translators: a chow, by its lowest and highest tiles: "Chow 1 Dots to 3 Dots". */
    return g_strdup_printf (_("Chow %s to %s"), tile, sp_tile_face_name (meld->tile + 2));
  if (meld->kind == SP_MELD_PUNG)
    /* Translators: %s is a tile's name. */
    what = g_strdup_printf (_("Pung of %s"), tile);
  else if (meld->kong == SP_KONG_CONCEALED)
    /* Translators: %s is a tile's name. */
    return g_strdup_printf (_("Concealed kong of %s"), tile);
  else if (meld->kong == SP_KONG_ADDED)
    /* Translators: %s is a tile's name. */
    what = g_strdup_printf (_("Added kong of %s"), tile);
  else
    /* Translators: %s is a tile's name. */
    what = g_strdup_printf (_("Exposed kong of %s"), tile);
  if (meld->from == SP_FROM_UNKNOWN || meld->from > SP_FROM_RIGHT)
    return g_steal_pointer (&what);
  /* Translators: a meld and who gave its claimed tile: "Pung of East, from the left". */
  return g_strdup_printf (_("%s, %s"), what, _(givers[meld->from]));
}

static GtkWidget *
new_piece (SpHandEditor *self,
           const Piece  *piece)
{
  GtkWidget *widget = NULL;

  switch (piece->kind)
    {
    case PIECE_MELD:
      {
        const SpMeld *meld = &self->hand.melds[piece->value];

        g_autofree char *name = meld_name (meld);

        widget = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
        for (guint i = 0; i < sp_meld_n_tiles (meld); i++)
          {
            guint face = meld->kind == SP_MELD_CHOW ? meld->tile + i : meld->tile;
            GtkWidget *picture = sp_tile_picture_new (face, HAND_TILE_WIDTH);

            /* A concealed kong is laid with its outer tiles face down, as at the table. */
            if (meld->kong == SP_KONG_CONCEALED && (i == 0 || i == 3))
              sp_tile_picture_set_look (SP_TILE_PICTURE (picture), SP_TILE_LOOK_BACK);
            else if (piece->red & (1u << i))
              sp_tile_picture_set_look (SP_TILE_PICTURE (picture), SP_TILE_LOOK_RED);
            gtk_box_append (GTK_BOX (widget), picture);
          }
        gtk_widget_set_tooltip_text (widget, name);
        gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        name, -1);
        gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
        gtk_widget_set_margin_start (widget, 2);
        gtk_widget_set_margin_end (widget, 2);
      }
      break;
    case PIECE_GAP:
      widget = gtk_separator_new (GTK_ORIENTATION_VERTICAL);
      gtk_widget_set_margin_start (widget, 4);
      gtk_widget_set_margin_end (widget, 4);
      gtk_widget_add_css_class (widget, "spacer");
      break;
    case PIECE_TILE:
    case PIECE_WINNING_TILE:
      {
        SpTile tile = self->hand.concealed[piece->value];
        gboolean winning = piece->kind == PIECE_WINNING_TILE;
        const char *tile_name = piece->red ? sp_tile_red_five_name (tile)
                                           : sp_tile_face_name (tile);
        g_autofree char *name = NULL;

        if (winning)
          /* Translators: %s is a tile's name, such as "5 Dots". */
          name = g_strdup_printf (_("%s, the winning tile"), tile_name);
        widget = tile_button (tile,
                              (winning ? SP_TILE_LOOK_WINNING : 0)
                                | (piece->red ? SP_TILE_LOOK_RED : 0),
                              name != NULL ? name : tile_name);
        g_signal_connect (widget, "toggled", G_CALLBACK (tile_toggled_cb), self);
      }
      break;
    case PIECE_FLOWER:
      {
        /* Translators: %s is a flower's name, such as "Plum"; clicking removes it. */
        const char *flower = sp_tile_face_name (SP_TILE_FACE_FLOWER (piece->value));
        g_autofree char *name = g_strdup_printf (_("Remove %s"), flower);

        widget = gtk_button_new ();
        gtk_button_set_child (GTK_BUTTON (widget),
                              sp_tile_picture_new (SP_TILE_FACE_FLOWER (piece->value),
                                                   HAND_TILE_WIDTH));
        gtk_widget_add_css_class (widget, "flat");
        gtk_widget_add_css_class (widget, "sp-tile-button");
        gtk_widget_set_tooltip_text (widget, name);
        gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        name, -1);
        g_object_set_data (G_OBJECT (widget), "sp-flower", GUINT_TO_POINTER (piece->value));
        g_signal_connect (widget, "clicked", G_CALLBACK (flower_clicked_cb), self);
      }
      break;
    default:
      g_assert_not_reached ();
    }
  g_object_set_data_full (G_OBJECT (widget), "sp-piece", g_strdup (piece->key), g_free);
  return widget;
}

/* Which of @hand's fives are its red ones (SpHand.red counts them by suit): the first fives of
 * their suit, melds first, as the notation writes them.  @meld_red gets a bit per tile of each
 * meld, the result a bit per concealed tile. */
static guint32
red_fives (const SpHand *hand,
           guint         meld_red[SP_HAND_MAX_MELDS])
{
  guint8 red[3];
  guint32 concealed = 0;

  memcpy (red, hand->red, sizeof red);
  for (guint m = 0; m < hand->n_melds; m++)
    {
      const SpMeld *meld = &hand->melds[m];

      meld_red[m] = 0;
      for (guint i = 0; i < sp_meld_n_tiles (meld); i++)
        {
          SpTile tile = (SpTile) (meld->kind == SP_MELD_CHOW ? meld->tile + i : meld->tile);

          if (!sp_tile_is_honor (tile) && sp_tile_rank (tile) == 5 && red[sp_tile_suit (tile)] > 0)
            {
              red[sp_tile_suit (tile)]--;
              meld_red[m] |= 1u << i;
            }
        }
    }
  for (guint i = 0; i < hand->n_concealed; i++)
    {
      SpTile tile = hand->concealed[i];

      if (!sp_tile_is_honor (tile) && sp_tile_rank (tile) == 5 && red[sp_tile_suit (tile)] > 0)
        {
          red[sp_tile_suit (tile)]--;
          concealed |= 1u << i;
        }
    }
  return concealed;
}

static guint
list_pieces (SpHandEditor *self,
             Piece        *pieces)
{
  guint meld_red[SP_HAND_MAX_MELDS];
  guint32 concealed_red = red_fives (&self->hand, meld_red);
  gboolean short_hand = hand_is_one_short (self, &self->hand);
  guint n = 0;

  for (guint m = 0; m < self->hand.n_melds; m++)
    {
      const SpMeld *meld = &self->hand.melds[m];

      pieces[n] = (Piece) { .kind = PIECE_MELD, .value = m, .red = meld_red[m] };
      g_snprintf (pieces[n++].key, sizeof pieces->key, "m%u.%u.%u.%u.%u", meld->kind, meld->tile,
                  meld->kong, meld->from, meld_red[m]);
      pieces[n] = (Piece) { .kind = PIECE_GAP, .key = "g" };
      n++;
    }
  for (guint i = 0; i < self->hand.n_concealed; i++)
    {
      gboolean winning = !short_hand && i + 1 == self->hand.n_concealed;

      if (winning)
        {
          pieces[n] = (Piece) { .kind = PIECE_GAP, .key = "g" };
          n++;
        }
      pieces[n] = (Piece) { .kind = winning ? PIECE_WINNING_TILE : PIECE_TILE, .value = i,
                            .red = (concealed_red >> i) & 1u };
      g_snprintf (pieces[n].key, sizeof pieces->key, "%c%u%s", winning ? 'w' : 't',
                  self->hand.concealed[i], pieces[n].red ? "r" : "");
      n++;
    }
  for (guint f = 0; f < SP_N_FLOWERS; f++)
    {
      if (!(self->flowers & (1u << f)))
        continue;
      pieces[n] = (Piece) { .kind = PIECE_FLOWER, .value = f };
      g_snprintf (pieces[n++].key, sizeof pieces->key, "f%u", f);
    }
  return n;
}

static void
show_tiles (SpHandEditor *self)
{
  Piece pieces[2 * SP_HAND_MAX_MELDS + SP_HAND_MAX_CONCEALED + 1 + SP_N_FLOWERS];
  guint n;
  guint i = 0;
  GtkWidget *child;

  if (self->shown_valid && sp_hand_equal (&self->shown_hand, &self->hand)
      && self->shown_flowers == self->flowers)
    return;
  self->shown_valid = TRUE;
  self->shown_hand = self->hand;
  self->shown_flowers = self->flowers;

  n = list_pieces (self, pieces);
  /* Keep the pieces that still show the same, unselected. */
  for (child = gtk_widget_get_first_child (self->tiles_box); child != NULL && i < n;
       child = gtk_widget_get_next_sibling (child), i++)
    {
      if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "sp-piece"), pieces[i].key) != 0)
        break;
      if (GTK_IS_TOGGLE_BUTTON (child))
        {
          g_object_set_data (G_OBJECT (child), "sp-index", GUINT_TO_POINTER (pieces[i].value));
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), FALSE);
        }
    }
  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      gtk_box_remove (GTK_BOX (self->tiles_box), child);
      child = next;
    }
  for (; i < n; i++)
    {
      GtkWidget *piece = new_piece (self, &pieces[i]);

      if (GTK_IS_TOGGLE_BUTTON (piece))
        g_object_set_data (G_OBJECT (piece), "sp-index", GUINT_TO_POINTER (pieces[i].value));
      gtk_box_append (GTK_BOX (self->tiles_box), piece);
    }
  self->selected = 0;
}

/* ---- The result ------------------------------------------------------------------------- */

/* Each seat's figure, "E +38   S −8   W −8   N −22", with a true minus sign. */
static char *
format_seats (const gint64 figures[4])
{
  GString *out = g_string_new (NULL);

  for (guint seat = 0; seat < 4; seat++)
    {
      g_string_append_printf (out, "%s%s %s%" G_GINT64_FORMAT, seat > 0 ? "   " : "",
                              sp_wind_to_string ((SpWind) seat),
                              figures[seat] > 0 ? "+" : figures[seat] < 0 ? "−" : "",
                              figures[seat] < 0 ? -figures[seat] : figures[seat]);
    }
  return g_string_free (out, FALSE);
}

static void
clear_result (SpHandEditor *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->items_grid))) != NULL)
    gtk_grid_remove (self->items_grid, child);
  while ((child = gtk_widget_get_first_child (self->waits_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->waits_box), child);
  gtk_widget_set_visible (GTK_WIDGET (self->total_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->verdict_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->waits_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->settlement_label), FALSE);
  self->has_result = FALSE;
}

static GtkWidget *
grid_label (const char *text,
            float       xalign,
            const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  return label;
}

static void
show_items (SpHandEditor *self)
{
  const SpScoreResult *result = &self->result;

  for (guint i = 0; i < result->n_items; i++)
    {
      const SpScoreItem *item = &result->items[i];
      const char *title = sp_score_item_title (sp_rules_get_ruleset (self->rules), item->name);
      g_autofree char *value = NULL;

      if (item->count > 1)
        /* Translators: an item's value and how many times it counts, "2 × 3". */
        value = g_strdup_printf (_("%d × %u"), item->value, item->count);
      else
        value = g_strdup_printf ("%d", item->value);
      gtk_grid_attach (self->items_grid, grid_label (title, 0, NULL), 0, (int) i, 1, 1);
      /* The rules' own name beside it, as the score sheet writes it. */
      if (g_strcmp0 (title, item->name) != 0)
        gtk_grid_attach (self->items_grid, grid_label (item->name, 0, "dim-label"), 1, (int) i,
                         1, 1);
      gtk_grid_attach (self->items_grid, grid_label (value, 1, "numeric"), 2, (int) i, 1, 1);
    }
}

/* A Riichi hand's limit as a person reads it, the rules' word beside the English. */
static char *
limit_name (const SpScoreResult *result)
{
  switch ((SpLimit) result->limit)
    {
    case SP_LIMIT_MANGAN:
      return g_strdup (_("Mangan 満貫"));
    case SP_LIMIT_HANEMAN:
      return g_strdup (_("Haneman 跳満"));
    case SP_LIMIT_BAIMAN:
      return g_strdup (_("Baiman 倍満"));
    case SP_LIMIT_SANBAIMAN:
      return g_strdup (_("Sanbaiman 三倍満"));
    case SP_LIMIT_YONBAIMAN:
      return g_strdup (_("Counted yakuman 数え役満"));
    case SP_LIMIT_YAKUMAN:
      if (result->yakuman > 1)
        /* Translators: a multiple yakuman, %d the multiplier paid. */
        return g_strdup_printf (_("%d× Yakuman 役満"), result->yakuman);
      return g_strdup (_("Yakuman 役満"));
    case SP_LIMIT_NONE:
    default:
      return NULL;
    }
}

char *
sp_hand_editor_describe_value (const SpScoreResult *result)
{
  g_autofree char *limit = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  limit = limit_name (result);
  if (result->yakuman > 0)
    return g_steal_pointer (&limit);
  if (result->fu == 0)
    {
      /* Renhou's mangan has no fu. */
      /* Translators: a Riichi hand's value without fu: its han (飜). */
      g_autofree char *han = g_strdup_printf (_("%d han"), result->han);

      return limit != NULL ? g_strdup_printf ("%s · %s", han, limit) : g_steal_pointer (&han);
    }
  if (limit != NULL)
    /* Translators: a Riichi hand's value: its han, its fu, then its limit (满贯 …). */
    return g_strdup_printf (_("%d han %d fu · %s"), result->han, result->fu, limit);
  /* Translators: a Riichi hand's value: its han and its fu. */
  return g_strdup_printf (_("%d han %d fu"), result->han, result->fu);
}

char *
sp_hand_editor_describe_cost (const SpScoreResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  if (result->cost_discarder > 0)
    /* Translators: a Riichi ron: what the discarder pays, then all the winner receives. */
    return g_strdup_printf (_("Ron: %" PRId64 " from the discarder · total %d"),
                            result->cost_discarder, result->total);
  if (result->cost_dealer > 0)
    /* Translators: a non-dealer's tsumo: the dealer's payment, each other player's, then all
     * the winner receives. */
    return g_strdup_printf (_("Tsumo: %" PRId64 " from the dealer, %" PRId64 " from each other "
                              "player · total %d"),
                            result->cost_dealer, result->cost_non_dealer, result->total);
  /* Translators: the dealer's tsumo: each player's payment, then all the winner receives. */
  return g_strdup_printf (_("Tsumo: %" PRId64 " from each player · total %d"),
                          result->cost_non_dealer, result->total);
}

/* Riichi: the yaku by their English titles and the rules' own words, the dora counted apart,
 * then the value and what it costs. */
static void
show_riichi_score (SpHandEditor *self)
{
  const SpScoreResult *result = &self->result;
  const struct
  {
    const char *title;
    const char *term;
    gint32      count;
  } dora[] = {
    { N_("Dora"), "ドラ", result->dora },
    { N_("Ura dora"), "裏ドラ", result->ura },
    { N_("Red fives"), "赤ドラ", result->aka },
  };
  g_autofree char *value = sp_hand_editor_describe_value (result);
  g_autofree char *cost = sp_hand_editor_describe_cost (result);
  g_autofree char *text = g_strdup_printf ("%s\n%s", value != NULL ? value : "", cost);
  int row = 0;

  for (guint i = 0; i < result->n_items; i++, row++)
    {
      const SpScoreItem *item = &result->items[i];
      const char *title = sp_score_item_title (result->ruleset, item->name);
      const char *term = sp_score_item_term (result->ruleset, item->name);
      g_autofree char *han = g_strdup_printf ("%d", item->value * (gint32) item->count);

      gtk_grid_attach (self->items_grid, grid_label (title, 0, NULL), 0, row, 1, 1);
      if (g_strcmp0 (title, term) != 0)
        gtk_grid_attach (self->items_grid, grid_label (term, 0, "dim-label"), 1, row, 1, 1);
      gtk_grid_attach (self->items_grid, grid_label (han, 1, "numeric"), 2, row, 1, 1);
    }
  for (guint i = 0; i < G_N_ELEMENTS (dora); i++)
    {
      g_autofree char *han = NULL;

      if (dora[i].count == 0)
        continue;
      han = g_strdup_printf ("%d", dora[i].count);
      gtk_grid_attach (self->items_grid, grid_label (_(dora[i].title), 0, NULL), 0, row, 1, 1);
      gtk_grid_attach (self->items_grid, grid_label (dora[i].term, 0, "dim-label"), 1, row, 1,
                       1);
      gtk_grid_attach (self->items_grid, grid_label (han, 1, "numeric"), 2, row++, 1, 1);
    }
  gtk_label_set_text (self->total_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->total_label), TRUE);
}

static void
show_score (SpHandEditor *self)
{
  const SpScoreResult *result = &self->result;
  SpRulesetUnit unit = sp_ruleset_traits (sp_rules_get_ruleset (self->rules))->unit;

  if (result->win && result->has_han_fu)
    show_riichi_score (self);
  else if (result->win || result->error_code == SP_CORE_ERROR_BELOW_MINIMUM)
    {
      g_autofree char *total = NULL;

      show_items (self);
      if (unit == SP_RULESET_UNIT_TAI)
        /* Translators: the total of a Taiwan hand, in 台. */
        total = g_strdup_printf (_("Total: %d 台"), result->total);
      else if (unit == SP_RULESET_UNIT_FAN_DOUBLED)
        /* Translators: the total of a Guangdong hand in 番, and its points (2^番). */
        total = g_strdup_printf (_("Total: %d 番 (%" PRId64 " points)"), result->total,
                                 result->points);
      else
        /* Translators: the total of an MCR hand, in 番 (fan). */
        total = g_strdup_printf (_("Total: %d fan"), result->total);
      gtk_label_set_text (self->total_label, total);
      gtk_widget_set_visible (GTK_WIDGET (self->total_label), TRUE);
    }
  if (sp_score_result_is_notation_error (result))
    {
      /* A fifth copy or a count that fits no hand: the hand is mistyped, and is told so where
       * a typo is, never as a verdict on a hand that was played. */
      gtk_label_set_text (self->message_label, result->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
      return;
    }
  if (!result->win)
    {
      g_autofree char *verdict = NULL;

      if (result->error_code == SP_CORE_ERROR_NOT_A_WIN && !result->ready)
        verdict = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                /* Translators: %s is the core's verdict on a
                                                 * false win, %d how far the hand was from
                                                 * ready. */
                                                "%s (%d tile from ready)",
                                                "%s (%d tiles from ready)", result->shanten),
                                   result->message, result->shanten);
      else
        verdict = g_strdup (result->message);
      gtk_label_set_text (self->verdict_label, verdict);
      gtk_widget_set_visible (GTK_WIDGET (self->verdict_label), TRUE);
    }
  if (self->settlement_hidden)
    return;
  if (result->win && result->has_settlement)
    {
      g_autofree char *seats = format_seats (result->settlement);

      gtk_label_set_text (self->settlement_label, seats);
      gtk_widget_set_visible (GTK_WIDGET (self->settlement_label), TRUE);
    }
  else if (result->has_penalty)
    {
      g_autofree char *seats = format_seats (result->penalty);
      g_autofree char *reason = sp_penalty_reason_translate (result->penalty_reason);
      /* Translators: the penalty of a false win: %s the rules' reason, then each seat's
       * figure. */
      g_autofree char *text = g_strdup_printf (_("Penalty (%s): %s"), reason, seats);

      gtk_label_set_text (self->settlement_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->settlement_label), TRUE);
    }
}

/* The waits' kinds in the UI's language (the core names them in Chinese for the CLI). */
static const char *
wait_kind_name (SpWaitKind kind)
{
  static const char *const names[SP_N_WAIT_KINDS] = {
    NC_("wait", "two-sided"), NC_("wait", "edge"), NC_("wait", "closed"),
    NC_("wait", "single"), NC_("wait", "either pair"), NC_("wait", "special"),
  };

  return kind < SP_N_WAIT_KINDS ? g_dpgettext2 (NULL, "wait", names[kind]) : "";
}

/* A hand one tile short: its waits, or how far it is from ready. */
static void
show_waits (SpHandEditor *self)
{
  SpRuleset ruleset = sp_rules_get_ruleset (self->rules);
  g_autoptr(GError) error = NULL;
  SpWaitList waits;
  g_autofree char *heading = NULL;

  if (!sp_hand_validate (&self->hand, ruleset, FALSE, &error))
    {
      /* A fifth copy: a typo, told where typos are. */
      gtk_label_set_text (self->message_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
      return;
    }
  sp_hand_waits (&self->hand, ruleset, &waits);
  if (waits.n > 0)
    heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            /* Translators: a hand one tile short of a win. */
                                            "Ready, waiting for %u tile:",
                                            "Ready, waiting for %u tiles:", waits.n), waits.n);
  else
    {
      int shanten = sp_hand_shanten (&self->hand, ruleset);

      heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: a hand one tile short of a win
                                               * that is not ready yet. */
                                              "Not ready: %d tile from ready",
                                              "Not ready: %d tiles from ready", shanten), shanten);
    }
  gtk_label_set_text (self->waits_label, heading);
  gtk_widget_set_visible (GTK_WIDGET (self->waits_label), TRUE);
  for (guint i = 0; i < waits.n; i++)
    {
      GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *kind = gtk_label_new (wait_kind_name ((SpWaitKind) waits.waits[i].kind));

      gtk_box_append (GTK_BOX (column), sp_tile_picture_new (waits.waits[i].tile,
                                                             WAIT_TILE_WIDTH));
      gtk_widget_add_css_class (kind, "caption");
      gtk_box_append (GTK_BOX (column), kind);
      gtk_box_append (GTK_BOX (self->waits_box), column);
    }
}

/* ---- Parsing as one types ----------------------------------------------------------------- */

/* Underlines the character @column (from 1) of @text, where the parser found the error. */
static void
underline_error (SpHandEditor *self,
                 const char   *text,
                 guint         column)
{
  PangoAttrList *attributes = pango_attr_list_new ();
  glong length = g_utf8_strlen (text, -1);
  const char *start, *end;
  PangoAttribute *underline, *color;

  if (length == 0 || column == 0)
    {
      gtk_entry_set_attributes (self->hand_entry, NULL);
      pango_attr_list_unref (attributes);
      return;
    }
  /* An error at the end (digits waiting for their suit) marks the last character. */
  start = g_utf8_offset_to_pointer (text, MIN ((glong) column, length) - 1);
  end = g_utf8_next_char (start);
  underline = pango_attr_underline_new (PANGO_UNDERLINE_ERROR);
  color = pango_attr_underline_color_new (0xe000, 0x1b00, 0x2400);
  underline->start_index = color->start_index = (guint) (start - text);
  underline->end_index = color->end_index = (guint) (end - text);
  pango_attr_list_insert (attributes, underline);
  pango_attr_list_insert (attributes, color);
  gtk_entry_set_attributes (self->hand_entry, attributes);
  pango_attr_list_unref (attributes);
}

/* "-", spaces around it allowed: a flower win. */
static gboolean
is_flower_win (const char *text)
{
  if (*text != '-')
    return FALSE;
  for (text++; *text != '\0'; text++)
    {
      if (!g_ascii_isspace (*text))
        return FALSE;
    }
  return TRUE;
}

static void
update (SpHandEditor *self)
{
  gint64 start = g_get_monotonic_time ();
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->hand_entry));
  g_autoptr(GError) error = NULL;
  guint column = 0;
  const char *p = text;

  clear_result (self);
  gtk_widget_set_opacity (self->tiles_box, 1.0);
  while (g_ascii_isspace (*p))
    p++;
  if (*p == '\0')
    {
      self->parsed = FALSE;
      memset (&self->hand, 0, sizeof self->hand);
      gtk_entry_set_attributes (self->hand_entry, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
      show_tiles (self);
    }
  else if (is_flower_win (p))
    {
      /* A flower win (Taiwan 八仙過海, 七搶一): no tiles, the flowers clicked. */
      SpSituation situation = self->situation;

      self->parsed = FALSE;
      gtk_entry_set_attributes (self->hand_entry, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
      sp_rules_score_text (self->rules, "-", &situation, &self->result);
      self->has_result = TRUE;
      show_score (self);
    }
  else if (!sp_hand_parse_for (sp_rules_get_ruleset (self->rules), text, &self->hand, &column,
                               &error))
    {
      self->parsed = FALSE;
      /* The tiles row still shows the last hand that read: dimmed, as it is not this one. */
      gtk_widget_set_opacity (self->tiles_box, 0.35);
      underline_error (self, text, column);
      gtk_label_set_text (self->message_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
    }
  else
    {
      self->parsed = TRUE;
      gtk_entry_set_attributes (self->hand_entry, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->message_label), FALSE);
      show_tiles (self);
      if (hand_is_one_short (self, &self->hand))
        show_waits (self);
      else
        {
          sp_rules_score (self->rules, &self->hand, &self->situation, &self->result);
          self->has_result = TRUE;
          show_score (self);
        }
    }
  self->update_time = g_get_monotonic_time () - start;
  g_signal_emit (self, signals[RESULT_CHANGED], 0);
}

static void
hand_changed_cb (SpHandEditor *self)
{
  update (self);
}

/* ---- Clicking a hand together ---------------------------------------------------------- */

static void
recount (SpHand *hand)
{
  memset (hand->counts, 0, sizeof hand->counts);
  for (guint i = 0; i < hand->n_concealed; i++)
    hand->counts[hand->concealed[i]]++;
}

/* Makes the field read @text by deleting and inserting only what differs, as typing would:
 * the field's own undo (Ctrl+Z) then takes a click back, where gtk_editable_set_text () would
 * forget the history. */
static void
replace_text (SpHandEditor *self,
              const char   *text)
{
  GtkEditable *field = GTK_EDITABLE (self->hand_entry);
  const char *old = gtk_editable_get_text (field);
  glong old_length = g_utf8_strlen (old, -1);
  glong new_length = g_utf8_strlen (text, -1);
  glong prefix = 0, suffix = 0;
  const char *a = old, *b = text;
  int position;

  /* The notation is ASCII but for the odd typo: count in characters all the same. */
  while (*a != '\0' && *b != '\0' && g_utf8_get_char (a) == g_utf8_get_char (b))
    {
      a = g_utf8_next_char (a);
      b = g_utf8_next_char (b);
      prefix++;
    }
  while (suffix < old_length - prefix && suffix < new_length - prefix
         && g_utf8_get_char (g_utf8_offset_to_pointer (old, old_length - suffix - 1))
            == g_utf8_get_char (g_utf8_offset_to_pointer (text, new_length - suffix - 1)))
    suffix++;
  if (old_length - prefix - suffix > 0)
    gtk_editable_delete_text (field, (int) prefix, (int) (old_length - suffix));
  if (new_length - prefix - suffix > 0)
    {
      const char *start = g_utf8_offset_to_pointer (text, prefix);
      const char *end = g_utf8_offset_to_pointer (text, new_length - suffix);

      position = (int) prefix;
      gtk_editable_insert_text (field, start, (int) (end - start), &position);
    }
}

static guint count_fives (const SpHand *hand,
                          guint         suit);

/* Writes @hand back as text: the field, and so the parse, follow it. */
static void
write_hand (SpHandEditor *self,
            SpHand       *hand)
{
  g_autofree char *text = NULL;

  recount (hand);
  /* A red five taken out of the hand takes its colour with it. */
  for (guint suit = 0; suit < 3; suit++)
    hand->red[suit] = (guint8) MIN (hand->red[suit], count_fives (hand, suit));
  if (hand->n_melds == 0 && hand->n_concealed == 0)
    text = g_strdup ("");
  else
    text = sp_hand_to_string (hand);
  replace_text (self, text);
  gtk_editable_set_position (GTK_EDITABLE (self->hand_entry), -1);
}

/* Says what a click could not do, where a typo's message goes: never a dialog. */
static void
tell (SpHandEditor *self,
      const char   *message)
{
  gtk_label_set_text (self->message_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), TRUE);
}

/* The hand to edit by a click: the parsed one, or an empty one when the field is empty. */
static gboolean
editable_hand (SpHandEditor *self,
               SpHand       *hand)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->hand_entry));

  while (g_ascii_isspace (*text))
    text++;
  if (*text == '\0')
    {
      memset (hand, 0, sizeof *hand);
      return TRUE;
    }
  if (!self->parsed)
    {
      tell (self, _("Correct the hand's notation first: the tiles clicked need a hand that "
                    "reads."));
      return FALSE;
    }
  *hand = self->hand;
  return TRUE;
}

/* ---- Riichi's dora and ura dora indicators, picked on the palette ----------------------- */

static void show_indicators (SpHandEditor *self);

static void
indicator_clicked_cb (GtkButton    *button,
                      SpHandEditor *self)
{
  guint ura = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-ura"));
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-index"));
  Indicators *set = &self->indicators[ura];
  guint8 low = (guint8) ((1u << index) - 1);

  if (index >= set->n)
    return;
  memmove (&set->tiles[index], &set->tiles[index + 1], (set->n - index - 1) * sizeof (SpTile));
  set->red = (guint8) ((set->red & low) | ((set->red >> 1) & ~low));
  set->n--;
  show_indicators (self);
  compute_situation (self);
  update (self);
}

/* One row of indicators: its heading and a button per tile, which takes it back. */
static void
fill_indicator_row (SpHandEditor *self,
                    GtkWidget    *row,
                    guint         ura)
{
  const Indicators *set = &self->indicators[ura];
  GtkWidget *child;

  /* The first child is the row's heading. */
  while ((child = gtk_widget_get_next_sibling (gtk_widget_get_first_child (row))) != NULL)
    gtk_box_remove (GTK_BOX (row), child);
  for (guint i = 0; i < set->n; i++)
    {
      gboolean red = (set->red >> i) & 1u;
      const char *tile = red ? sp_tile_red_five_name (set->tiles[i])
                             : sp_tile_face_name (set->tiles[i]);
      g_autofree char *name = ura
                              /* Translators: a button taking an ura dora indicator back;
                               * %s is the tile. */
                              ? g_strdup_printf (_("Remove ura dora indicator %s"), tile)
                              /* Translators: a button taking a dora indicator back; %s is
                               * the tile. */
                              : g_strdup_printf (_("Remove dora indicator %s"), tile);
      GtkWidget *button = gtk_button_new ();
      GtkWidget *picture = sp_tile_picture_new (set->tiles[i], WAIT_TILE_WIDTH);

      if (red)
        sp_tile_picture_set_look (SP_TILE_PICTURE (picture), SP_TILE_LOOK_RED);
      gtk_button_set_child (GTK_BUTTON (button), picture);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "sp-tile-button");
      gtk_widget_set_tooltip_text (button, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      name, -1);
      g_object_set_data (G_OBJECT (button), "sp-ura", GUINT_TO_POINTER (ura));
      g_object_set_data (G_OBJECT (button), "sp-index", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (indicator_clicked_cb), self);
      gtk_box_append (GTK_BOX (row), button);
    }
}

static void
show_indicators (SpHandEditor *self)
{
  fill_indicator_row (self, self->dora_box, 0);
  fill_indicator_row (self, self->ura_box, 1);
}

static void
pick_toggled_cb (GtkToggleButton *button,
                 SpHandEditor    *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  self->picking = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "sp-pick"));
}

/* Adds a tile to the indicators being picked; the palette's red five is one too. */
static void
add_indicator (SpHandEditor *self,
               SpTile        tile,
               gboolean      red)
{
  Indicators *set = &self->indicators[self->picking == PICK_URA];

  if (set->n >= SP_MAX_INDICATORS)
    {
      g_autofree char *message = g_strdup_printf (
        /* Translators: %u is the most indicators a hand turns (5). */
        _("A hand turns at most %u indicators: one, and one per kong."), SP_MAX_INDICATORS);

      tell (self, message);
      return;
    }
  set->tiles[set->n] = tile;
  if (red)
    set->red |= (guint8) (1u << set->n);
  set->n++;
  show_indicators (self);
  compute_situation (self);
  update (self);
}

/* The number of fives of @suit in @hand, melds included. */
static guint
count_fives (const SpHand *hand,
             guint         suit)
{
  guint8 counts[SP_N_TILE_KINDS];

  sp_hand_all_counts (hand, counts);
  return counts[sp_tile_make ((SpSuit) suit, 5)];
}

static void
tile_activated_cb (SpHandEditor *self,
                   guint         face)
{
  SpHand hand;
  gboolean red = face >= SP_N_TILE_FACES;
  SpTile tile = red ? sp_tile_make ((SpSuit) (face - SP_N_TILE_FACES), 5) : (SpTile) face;

  if (!red && face >= SP_N_TILE_KINDS)
    {
      self->flowers ^= 1u << (face - SP_N_TILE_KINDS);
      compute_situation (self);
      update (self);
      return;
    }
  if (self->picking != PICK_HAND)
    {
      add_indicator (self, tile, red);
      return;
    }
  if (!editable_hand (self, &hand))
    return;
  if (hand.n_concealed >= SP_HAND_MAX_CONCEALED)
    {
      tell (self, _("The hand has too many tiles to add another."));
      return;
    }
  hand.concealed[hand.n_concealed++] = tile;
  if (red)
    hand.red[sp_tile_suit (tile)]++;
  write_hand (self, &hand);
}

/* The concealed tiles chosen, in order, and how many. */
static guint
selected_tiles (SpHandEditor *self,
                guint         indices[SP_HAND_MAX_CONCEALED])
{
  guint n = 0;

  for (guint i = 0; i < self->hand.n_concealed; i++)
    {
      if (self->selected & (1u << i))
        indices[n++] = i;
    }
  return n;
}

/* Removes the concealed tiles of @indices (in order) from @hand. */
static void
remove_tiles (SpHand      *hand,
              const guint *indices,
              guint        n)
{
  guint meld_red[SP_HAND_MAX_MELDS];
  guint32 red = red_fives (hand, meld_red);
  guint kept = 0;

  /* A red five removed is no longer counted; one moved into a meld is counted again when the
   * meld is written (write_hand keeps the count within the fives left). */
  for (guint k = 0; k < n; k++)
    {
      if ((red >> indices[k]) & 1u)
        hand->red[sp_tile_suit (hand->concealed[indices[k]])]--;
    }

  for (guint i = 0, k = 0; i < hand->n_concealed; i++)
    {
      if (k < n && indices[k] == i)
        {
          k++;
          continue;
        }
      hand->concealed[kept++] = hand->concealed[i];
    }
  hand->n_concealed = (guint8) kept;
}

/* Adds to @indices (@n of them, the first the tile chosen first) one concealed tile of kind
 * @tile not taken yet: the nearest to the chosen one in the written hand, as the tiles of a
 * set are usually written together.  FALSE when the hand holds no other. */
static gboolean
take_tile (const SpHand *hand,
           SpTile        tile,
           guint        *indices,
           guint        *n)
{
  guint anchor = indices[0];
  guint best = G_MAXUINT, best_distance = G_MAXUINT;

  for (guint i = 0; i < hand->n_concealed; i++)
    {
      gboolean taken = FALSE;
      guint distance = i > anchor ? i - anchor : anchor - i;

      if (hand->concealed[i] != tile)
        continue;
      for (guint k = 0; k < *n && !taken; k++)
        taken = indices[k] == i;
      if (!taken && distance < best_distance)
        {
          best = i;
          best_distance = distance;
        }
    }
  if (best == G_MAXUINT)
    return FALSE;
  indices[(*n)++] = best;
  return TRUE;
}

static int
compare_indices (gconstpointer a,
                 gconstpointer b)
{
  return (int) *(const guint *) a - (int) *(const guint *) b;
}

/* Makes the chosen tiles a meld of @kind: a chow of a run of three in one suit from its
 * chosen tiles (one of them is enough: the lowest chosen starts the run); a pung or kong of
 * the one kind chosen.  The meld's other tiles are taken from the hand where it holds them,
 * and added where it does not, so that a clicked or typed hand becomes a meld in one step. */
static void
make_meld (SpHandEditor *self,
           SpMeldKind    kind,
           SpKongKind    kong)
{
  guint indices[SP_HAND_MAX_CONCEALED + 4];
  guint n = selected_tiles (self, indices);
  guint size = kind == SP_MELD_KONG ? 4 : 3;
  SpHand hand;
  SpMeld meld = { 0 };
  SpTile first;

  if (!self->parsed)
    {
      tell (self, _("Correct the hand's notation first: the tiles clicked need a hand that "
                    "reads."));
      return;
    }
  hand = self->hand;
  if (n == 0)
    {
      tell (self, _("Select the meld's tiles in the hand first, then choose the meld."));
      return;
    }
  if (hand.n_melds >= SP_HAND_MAX_MELDS)
    {
      tell (self, _("The hand has no room for another meld."));
      return;
    }
  first = hand.concealed[indices[0]];
  for (guint i = 1; i < n; i++)
    first = MIN (first, hand.concealed[indices[i]]);

  if (kind == SP_MELD_CHOW)
    {
      guint8 seen = 0;
      gboolean run = n <= 3 && !sp_tile_is_honor (first) && sp_tile_rank (first) <= 7;

      for (guint i = 0; i < n && run; i++)
        {
          guint offset = hand.concealed[indices[i]] - first;

          run = offset < 3 && !(seen & (1u << offset));
          seen |= (guint8) (1u << offset);
        }
      if (!run)
        {
          tell (self, _("A chow is three tiles in a row of one suit: select them, or the "
                        "lowest of them."));
          return;
        }
      for (guint offset = 0; offset < 3; offset++)
        {
          if (!(seen & (1u << offset)))
            take_tile (&hand, (SpTile) (first + offset), indices, &n);
        }
    }
  else
    {
      for (guint i = 1; i < n; i++)
        {
          if (hand.concealed[indices[i]] != first)
            n = size + 1; /* not one kind: refused below */
        }
      if (n > size)
        {
          tell (self, kind == SP_MELD_KONG
                  ? _("A kong is four tiles of one kind: select one to four of them.")
                  : _("A pung is three tiles of one kind: select one to three of them."));
          return;
        }
      while (n < size && take_tile (&hand, first, indices, &n))
        ;
    }
  meld.kind = kind;
  meld.tile = first;
  meld.kong = kong;
  /* A chow is always claimed from 上家; a pung or an exposed kong from whom the drop-down
   * says (a kong written without it would read as concealed). */
  if (kind == SP_MELD_CHOW || kong == SP_KONG_CONCEALED)
    meld.from = SP_FROM_UNKNOWN;
  else
    meld.from = (guint8) (SP_FROM_LEFT + gtk_drop_down_get_selected (self->from_dropdown));
  qsort (indices, n, sizeof indices[0], compare_indices);
  {
    /* The tiles move into the meld, their red fives with them. */
    guint8 red[3];

    memcpy (red, hand.red, sizeof red);
    remove_tiles (&hand, indices, n);
    memcpy (hand.red, red, sizeof red);
  }
  hand.melds[hand.n_melds++] = meld;
  write_hand (self, &hand);
}

static void
chow_clicked_cb (SpHandEditor *self)
{
  make_meld (self, SP_MELD_CHOW, SP_KONG_NONE);
}

static void
pung_clicked_cb (SpHandEditor *self)
{
  make_meld (self, SP_MELD_PUNG, SP_KONG_NONE);
}

static void
kong_clicked_cb (SpHandEditor *self)
{
  make_meld (self, SP_MELD_KONG, SP_KONG_MELDED);
}

static void
concealed_kong_clicked_cb (SpHandEditor *self)
{
  make_meld (self, SP_MELD_KONG, SP_KONG_CONCEALED);
}

static void
added_kong_clicked_cb (SpHandEditor *self)
{
  make_meld (self, SP_MELD_KONG, SP_KONG_ADDED);
}

/* The chosen tile becomes the winning tile: the notation's last. */
static void
winning_clicked_cb (SpHandEditor *self)
{
  guint indices[SP_HAND_MAX_CONCEALED];
  guint n = selected_tiles (self, indices);
  SpHand hand;
  SpTile tile;

  if (!self->parsed || n != 1)
    {
      tell (self, _("Select one tile of the hand to make it the winning tile."));
      return;
    }
  hand = self->hand;
  tile = hand.concealed[indices[0]];
  {
    guint8 red[3];

    memcpy (red, hand.red, sizeof red);
    remove_tiles (&hand, indices, 1);
    memcpy (hand.red, red, sizeof red);
  }
  hand.concealed[hand.n_concealed++] = tile;
  write_hand (self, &hand);
}

static void
remove_clicked_cb (SpHandEditor *self)
{
  guint indices[SP_HAND_MAX_CONCEALED];
  guint n = selected_tiles (self, indices);
  SpHand hand;

  if (!self->parsed)
    {
      if (self->flowers != 0 && gtk_editable_get_text (GTK_EDITABLE (self->hand_entry))[0] == '\0')
        {
          self->flowers = 0;
          compute_situation (self);
          update (self);
        }
      return;
    }
  hand = self->hand;
  if (n > 0)
    remove_tiles (&hand, indices, n);
  else if (hand.n_concealed > 0)
    hand.n_concealed--;
  else if (hand.n_melds > 0)
    hand.n_melds--;
  write_hand (self, &hand);
}

/* The palette and the indicators of the ruleset, as it plays: red fives, dora, flowers. */
static void
show_ruleset_tiles (SpHandEditor *self)
{
  SpRuleset ruleset = sp_rules_get_ruleset (self->rules);
  gboolean dora = sp_ruleset_traits (ruleset)->has_dora;
  gboolean flowers = sp_ruleset_traits (ruleset)->has_flowers;

  sp_tile_palette_set_show_red_fives (self->palette, sp_ruleset_has_red_fives (ruleset));
  sp_tile_palette_set_show_flowers (self->palette, flowers);
  gtk_widget_set_visible (self->indicator_box, dora);
  if (!dora)
    {
      memset (self->indicators, 0, sizeof self->indicators);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->pick_buttons[PICK_HAND]), TRUE);
      show_indicators (self);
    }
  if (!flowers)
    self->flowers = 0;
}

/* ---- The widget ------------------------------------------------------------------------- */

static void
sp_hand_editor_dispose (GObject *object)
{
  SpHandEditor *self = SP_HAND_EDITOR (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_HAND_EDITOR);
  g_clear_pointer (&self->rules, sp_rules_free);
  G_OBJECT_CLASS (sp_hand_editor_parent_class)->dispose (object);
}

static void
sp_hand_editor_class_init (SpHandEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_hand_editor_dispose;

  /**
   * SpHandEditor::result-changed:
   *
   * The hand or its situation changed and has been scored again.
   */
  signals[RESULT_CHANGED] = g_signal_new ("result-changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 0);

  g_type_ensure (SP_TYPE_TILE_PALETTE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-hand-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, tiles_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, hand_entry);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, message_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, palette);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, from_dropdown);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, situation_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, indicator_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, meld_rows);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, dora_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, ura_box);
  gtk_widget_class_bind_template_child_full (widget_class, "pick_hand", FALSE,
                                             G_STRUCT_OFFSET (SpHandEditor, pick_buttons[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "pick_dora", FALSE,
                                             G_STRUCT_OFFSET (SpHandEditor, pick_buttons[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "pick_ura", FALSE,
                                             G_STRUCT_OFFSET (SpHandEditor, pick_buttons[2]));
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, items_grid);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, total_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, waits_label);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, waits_box);
  gtk_widget_class_bind_template_child (widget_class, SpHandEditor, settlement_label);
  gtk_widget_class_bind_template_callback (widget_class, hand_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, tile_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, chow_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, pung_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, kong_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, concealed_kong_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, added_kong_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, winning_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
sp_hand_editor_init (SpHandEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Enter in the field records the hand where a window has a default button to do it. */
  gtk_entry_set_activates_default (self->hand_entry, TRUE);
  sp_tile_palette_set_tile_size (self->palette, 36);
  for (guint pick = 0; pick < 3; pick++)
    {
      g_object_set_data (G_OBJECT (self->pick_buttons[pick]), "sp-pick", GUINT_TO_POINTER (pick));
      g_signal_connect (self->pick_buttons[pick], "toggled", G_CALLBACK (pick_toggled_cb), self);
    }
  self->rules = sp_rules_new (SP_RULESET_MCR, NULL, NULL);
  sp_situation_init (&self->base);
  build_toggles (self);
  show_ruleset_tiles (self);
  compute_situation (self);
  update (self);
}

GtkWidget *
sp_hand_editor_new (void)
{
  return g_object_new (SP_TYPE_HAND_EDITOR, NULL);
}

void
sp_hand_editor_set_rules (SpHandEditor  *self,
                          const SpRules *rules)
{
  gboolean same_ruleset;

  g_return_if_fail (SP_IS_HAND_EDITOR (self));
  g_return_if_fail (rules != NULL);

  same_ruleset = sp_rules_get_ruleset (rules) == sp_rules_get_ruleset (self->rules);
  g_clear_pointer (&self->rules, sp_rules_free);
  self->rules = sp_rules_copy (rules);
  if (!same_ruleset)
    {
      /* Another ruleset has its own situations, and another hand size. */
      build_toggles (self);
      self->shown_valid = FALSE;
      show_ruleset_tiles (self);
    }
  compute_situation (self);
  update (self);
}

gboolean
sp_hand_editor_set_situation (SpHandEditor  *self,
                              const char    *key,
                              const char    *value,
                              GError       **error)
{
  SpSituation base;

  g_return_val_if_fail (SP_IS_HAND_EDITOR (self), FALSE);

  base = self->base;
  if (!sp_situation_set (&base, key, value, error))
    return FALSE;
  self->base = base;
  compute_situation (self);
  update (self);
  return TRUE;
}

const char *
sp_hand_editor_get_text (SpHandEditor *self)
{
  g_return_val_if_fail (SP_IS_HAND_EDITOR (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->hand_entry));
}

void
sp_hand_editor_set_text (SpHandEditor *self,
                         const char   *text)
{
  g_return_if_fail (SP_IS_HAND_EDITOR (self));

  gtk_editable_set_text (GTK_EDITABLE (self->hand_entry), text);
}

void
sp_hand_editor_get_situation (SpHandEditor *self,
                              SpSituation  *situation)
{
  g_return_if_fail (SP_IS_HAND_EDITOR (self));

  *situation = self->situation;
}

const SpScoreResult *
sp_hand_editor_get_result (SpHandEditor *self)
{
  g_return_val_if_fail (SP_IS_HAND_EDITOR (self), NULL);

  return self->has_result ? &self->result : NULL;
}

void
sp_hand_editor_focus (SpHandEditor *self)
{
  g_return_if_fail (SP_IS_HAND_EDITOR (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->hand_entry));
  /* The caret at the end, nothing selected: a hand filled in (a draft, a correction) is
   * added to or corrected, and a keystroke must not replace it whole. */
  gtk_editable_select_region (GTK_EDITABLE (self->hand_entry), -1, -1);
}

void
sp_hand_editor_set_settlement_visible (SpHandEditor *self,
                                       gboolean      visible)
{
  g_return_if_fail (SP_IS_HAND_EDITOR (self));

  if (self->settlement_hidden == !visible)
    return;
  self->settlement_hidden = !visible;
  update (self);
}

void
sp_hand_editor_set_compact (SpHandEditor *self,
                            gboolean      compact)
{
  g_return_if_fail (SP_IS_HAND_EDITOR (self));

  /* Nine tiles of 32 px and their padding fit a phone's 360 px; the meld buttons go in rows. */
  sp_tile_palette_set_tile_size (self->palette, compact ? SP_TILE_PALETTE_MIN_SIZE : 36);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->meld_rows),
                                  compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
}

gint64
sp_hand_editor_get_update_time (SpHandEditor *self)
{
  g_return_val_if_fail (SP_IS_HAND_EDITOR (self), 0);

  return self->update_time;
}

/* The check button of toggle @key, or NULL. */
static GtkCheckButton *
find_toggle (SpHandEditor *self,
             const char   *key)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->situation_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *check = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (g_strcmp0 (gtk_widget_get_name (check), key) == 0)
        return GTK_CHECK_BUTTON (check);
    }
  return NULL;
}

void
sp_hand_editor_set_toggle_visible (SpHandEditor *self,
                                   const char   *key,
                                   gboolean      visible)
{
  SpSituationField field;
  GtkCheckButton *check;

  g_return_if_fail (SP_IS_HAND_EDITOR (self));

  field = sp_situation_field_from_key (key);
  if (visible)
    self->hidden &= ~field;
  else
    self->hidden |= field;
  check = find_toggle (self, key);
  if (check == NULL)
    return;
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (check)), visible);
  /* A hidden toggle is decided elsewhere: it must not count twice. */
  if (!visible)
    gtk_check_button_set_active (check, FALSE);
}

void
sp_hand_editor_load_situation (SpHandEditor      *self,
                               const SpSituation *situation)
{
  g_return_if_fail (SP_IS_HAND_EDITOR (self));

  sp_situation_init (&self->base);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->situation_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *check = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      SpSituationField field = sp_situation_field_from_key (gtk_widget_get_name (check));
      gboolean on = situation != NULL && (situation->given & field) && !(self->hidden & field);

      g_signal_handlers_block_by_func (check, toggle_changed_cb, self);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), on);
      g_signal_handlers_unblock_by_func (check, toggle_changed_cb, self);
    }
  self->flowers = 0;
  if (situation != NULL && (situation->given & SP_SITUATION_FLOWERS) && situation->flowers_listed)
    self->flowers = situation->flowers;
  memset (self->indicators, 0, sizeof self->indicators);
  if (situation != NULL && (situation->given & SP_SITUATION_DORA_INDICATORS))
    {
      self->indicators[0].n = MIN (situation->n_dora_indicators, SP_MAX_INDICATORS);
      memcpy (self->indicators[0].tiles, situation->dora_indicators,
              sizeof self->indicators[0].tiles);
      self->indicators[0].red = situation->red_dora_indicators;
    }
  if (situation != NULL && (situation->given & SP_SITUATION_URA_INDICATORS))
    {
      self->indicators[1].n = MIN (situation->n_ura_indicators, SP_MAX_INDICATORS);
      memcpy (self->indicators[1].tiles, situation->ura_indicators,
              sizeof self->indicators[1].tiles);
      self->indicators[1].red = situation->red_ura_indicators;
    }
  show_indicators (self);
  compute_situation (self);
  update (self);
}

void
sp_hand_editor_clear_set (SpHandEditor *self)
{
  g_return_if_fail (SP_IS_HAND_EDITOR (self));

  sp_situation_init (&self->base);
  compute_situation (self);
  update (self);
}
