/* sp-report-seating.c: the seat assignments of a session as printed pages.
 *
 * The card of a table is a tent card: an A4 (or Letter) sheet folded across its middle stands on
 * the table by itself and shows the same face to both sides of it, so players find their table
 * from either aisle and no card holder is needed.  Both halves hold the whole card, the upper
 * one turned upside down so that each face reads upright once folded (the fold is the ridge).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-report-seating.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "sp-report-error.h"
#include "sp-reports.h"

#define MARGIN 28.0

/* The seat winds at the first hand, as the rules write them, and their letters. */
static const char *const wind_names[4] = { "東", "南", "西", "北" };
static const char *const wind_letters[4] = { "E", "S", "W", "N" };

/* A player of the alphabetical list or of the schedules. */
typedef struct
{
  const SpPlayer *player;
  char           *key;      /* g_utf8_collate_key of the name */
  guint           table;    /* in the session printed: 1-based table, 0 when not seated */
  guint           chair;    /* 0..3: E S W N at the first hand */
  guint          *seats;    /* per drawn session: table * 4 + chair + 1, 0 when not seated */
} Entry;

struct _SpSeatingPrint
{
  const SpSnapshot        *snapshot;
  const SpSessionSnapshot *session;
  GArray                  *list;       /* Entry: the players seated in the session, by name */
  GArray                  *people;     /* Entry: everyone seated in a drawn session, by name */
  gboolean                 schedules;  /* a balanced plan: print the personal schedules */
  const GPtrArray         *schedule;   /* the sessions the schedules tell (SpSessionSnapshot) */
  guint                    n_cards;
  guint                    list_rows, list_columns, list_pages;
  guint                    block_rows, block_columns, schedule_pages;
  double                   block_height;
};

typedef enum
{
  ALIGN_LEFT,
  ALIGN_CENTER,
  ALIGN_RIGHT,
} Align;

/* Shows @text with its top-left (or top-centre, top-right) at @x, @y in @size points, shrunk
 * down to @min_size to fit @max_width, then cut with an ellipsis.  Returns the text's height. */
static double
show_text (cairo_t    *cr,
           const char *text,
           double      size,
           double      min_size,
           gboolean    bold,
           double      x,
           double      y,
           double      max_width,
           Align       align)
{
  g_autoptr(PangoLayout) layout = sp_report_fitted_line (cr, text, size, min_size, bold,
                                                         max_width);
  int text_width, text_height;

  pango_layout_get_size (layout, &text_width, &text_height);
  if (align == ALIGN_CENTER)
    x -= text_width / (2.0 * PANGO_SCALE);
  else if (align == ALIGN_RIGHT)
    x -= (double) text_width / PANGO_SCALE;
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  return (double) text_height / PANGO_SCALE;
}

/* Shows @text (the table number) as large as fits the box at @x, @y, @box_width × @box_height,
 * centred on its inked shape rather than on its line, which has room for accents. */
static void
show_number (cairo_t    *cr,
             const char *text,
             double      x,
             double      y,
             double      box_width,
             double      box_height)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();
  PangoRectangle ink;
  double scale;

  pango_font_description_set_family (font, SP_REPORT_FONT_FAMILY);
  pango_font_description_set_weight (font, PANGO_WEIGHT_HEAVY);
  pango_font_description_set_absolute_size (font, 100 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, &ink, NULL);
  if (ink.width <= 0 || ink.height <= 0)
    return;
  scale = MIN (box_width * PANGO_SCALE / ink.width, box_height * PANGO_SCALE / ink.height);
  cairo_save (cr);
  cairo_translate (cr, x + (box_width - scale * ink.width / PANGO_SCALE) / 2,
                   y + (box_height - scale * ink.height / PANGO_SCALE) / 2);
  cairo_scale (cr, scale, scale);
  cairo_move_to (cr, -(double) ink.x / PANGO_SCALE, -(double) ink.y / PANGO_SCALE);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
entry_clear (Entry *entry)
{
  g_free (entry->key);
  g_free (entry->seats);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const Entry *x = a, *y = b;
  int order = strcmp (x->key, y->key);

  if (order != 0)
    return order;
  return x->player->id < y->player->id ? -1 : x->player->id > y->player->id;
}

static Entry
entry_for (const SpPlayer *player,
           guint           n_sessions)
{
  Entry entry = { 0 };

  entry.player = player;
  entry.key = g_utf8_collate_key (player->name, -1);
  entry.seats = g_new0 (guint, MAX (n_sessions, 1));
  return entry;
}

SpSeatingPrint *
sp_seating_print_new (const SpSnapshot *snapshot,
                      guint             session,
                      GError          **error)
{
  const SpSessionSnapshot *drawn = sp_snapshot_find_session (snapshot, session);
  g_autoptr(GHashTable) index = NULL;   /* player id → position in people */
  SpSeatingPrint *print;
  /* The schedules tell every session of a balanced plan, drawn or not yet. */
  const GPtrArray *schedule = snapshot->plan->len > 0 ? snapshot->plan : snapshot->sessions;
  guint n_sessions = schedule->len;

  if (drawn == NULL)
    {
      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED,
                   _("Session %u has not been drawn: there are no seats to print."), session);
      return NULL;
    }
  print = g_new0 (SpSeatingPrint, 1);
  print->snapshot = snapshot;
  print->session = drawn;
  print->n_cards = drawn->n_tables;
  print->schedules = g_strcmp0 (snapshot->tournament->seating, "balanced") == 0;
  print->schedule = schedule;
  print->list = g_array_new (FALSE, TRUE, sizeof (Entry));
  print->people = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (print->people, (GDestroyNotify) entry_clear);
  g_array_set_clear_func (print->list, (GDestroyNotify) entry_clear);

  for (guint i = 0; i < 4 * drawn->n_tables; i++)
    {
      const SpPlayer *player = sp_snapshot_find_player (snapshot, drawn->seats[i]);
      Entry entry;

      if (player == NULL)
        continue;
      entry = entry_for (player, 0);
      entry.table = i / 4 + 1;
      entry.chair = i % 4;
      g_array_append_val (print->list, entry);
    }
  g_array_sort (print->list, compare_entries);

  index = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint s = 0; s < n_sessions; s++)
    {
      const SpSessionSnapshot *other = schedule->pdata[s];

      for (guint i = 0; i < 4 * other->n_tables; i++)
        {
          const SpPlayer *player = sp_snapshot_find_player (snapshot, other->seats[i]);
          gpointer position;

          if (player == NULL)
            continue;
          if (!g_hash_table_lookup_extended (index, &player->id, NULL, &position))
            {
              Entry entry = entry_for (player, n_sessions);

              position = GUINT_TO_POINTER (print->people->len);
              g_array_append_val (print->people, entry);
              g_hash_table_insert (index, (gpointer) &player->id, position);
            }
          g_array_index (print->people, Entry, GPOINTER_TO_UINT (position)).seats[s] = i + 1;
        }
    }
  g_array_sort (print->people, compare_entries);
  return print;
}

void
sp_seating_print_free (SpSeatingPrint *print)
{
  if (print == NULL)
    return;
  g_array_unref (print->list);
  g_array_unref (print->people);
  g_free (print);
}

/* The list and the schedules: a header of two lines, rows, "page N of M" at the foot. */
#define HEADER_HEIGHT 64.0
#define FOOTER_HEIGHT 24.0
#define LIST_ROW 18.0
#define LIST_GAP 18.0
#define BLOCK_GAP 8.0
#define BLOCK_LINE 13.0

guint
sp_seating_print_paginate (SpSeatingPrint *print,
                           double          width,
                           double          height)
{
  double body = height - 2 * MARGIN - HEADER_HEIGHT - FOOTER_HEIGHT;
  guint n_sessions = print->schedule->len;

  print->list_columns = width > 700 ? 3 : 2;
  print->list_rows = MAX (1, (guint) floor (body / LIST_ROW) - 1);  /* less the column heads */
  print->list_pages = (print->list->len + print->list_rows * print->list_columns - 1)
                      / (print->list_rows * print->list_columns);
  print->list_pages = MAX (print->list_pages, 1);

  print->schedule_pages = 0;
  if (print->schedules && print->people->len > 0)
    {
      print->block_columns = 3;
      print->block_height = 24 + n_sessions * BLOCK_LINE + 8;
      print->block_rows = MAX (1, (guint) floor ((body + BLOCK_GAP)
                                                 / (print->block_height + BLOCK_GAP)));
      print->schedule_pages = (print->people->len + print->block_rows * print->block_columns - 1)
                              / (print->block_rows * print->block_columns);
    }
  return print->n_cards + print->list_pages + print->schedule_pages;
}

/* One face of a card, @width × @height, upright. */
static void
draw_card_face (SpSeatingPrint *print,
                cairo_t        *cr,
                guint           table,
                double          width,
                double          height)
{
  const SpSnapshot *snapshot = print->snapshot;
  g_autofree char *session = g_strdup_printf (_("Session %u"), print->session->number);
  g_autofree char *number = g_strdup_printf ("%u", table + 1);
  double top = MARGIN + 30;
  double left_width = 0.38 * (width - 2 * MARGIN);
  double right = MARGIN + left_width + 0.04 * (width - 2 * MARGIN);
  double right_width = width - MARGIN - right;
  double row_height = (height - top - MARGIN) / 4;

  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, snapshot->tournament->name, 15, 9, TRUE, MARGIN, MARGIN, width - 2 * MARGIN - 110,
             ALIGN_LEFT);
  show_text (cr, session, 15, 9, FALSE, width - MARGIN, MARGIN, 110, ALIGN_RIGHT);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, MARGIN, top - 6);
  cairo_line_to (cr, width - MARGIN, top - 6);
  cairo_stroke (cr);

  show_text (cr, _("Table"), 20, 12, FALSE, MARGIN + left_width / 2, top + 4, left_width,
             ALIGN_CENTER);
  show_number (cr, number, MARGIN, top + 44, left_width, height - top - 44 - MARGIN);

  for (guint chair = 0; chair < 4; chair++)
    {
      gint64 id = print->session->seats[4 * table + chair];
      const SpPlayer *player = sp_snapshot_find_player (snapshot, id);
      double y = top + chair * row_height;
      double box = MIN (row_height - 8, 52);

      /* The wind in a box; the first dealer's (East) filled, with a word under the name. */
      cairo_rectangle (cr, right, y + (row_height - box) / 2, box, box);
      if (chair == 0)
        {
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 1, 1, 1);
        }
      else
        cairo_stroke (cr);
      show_text (cr, wind_names[chair], box * 0.5, 8, TRUE, right + box / 2,
                 y + (row_height - box) / 2 + box * 0.08, box, ALIGN_CENTER);
      show_text (cr, wind_letters[chair], box * 0.22, 6, TRUE, right + box / 2,
                 y + (row_height - box) / 2 + box * 0.66, box, ALIGN_CENTER);
      cairo_set_source_rgb (cr, 0, 0, 0);
      show_text (cr, player != NULL ? player->name : "—", 28, 14, TRUE, right + box + 12,
                 y + (row_height - box) / 2 + (chair == 0 ? 0 : 8), right_width - box - 12,
                 ALIGN_LEFT);
      if (chair == 0)
        show_text (cr, _("● first dealer (East)"), 12, 8, FALSE, right + box + 12,
                   y + (row_height - box) / 2 + box - 16, right_width - box - 12, ALIGN_LEFT);
    }
}

void
sp_seating_print_draw_card (SpSeatingPrint *print,
                            cairo_t        *cr,
                            guint           table,
                            double          width,
                            double          height)
{
  double half = height / 2;
  double dashes[] = { 6, 4 };

  g_return_if_fail (table < print->n_cards);

  cairo_save (cr);
  cairo_translate (cr, 0, half);
  draw_card_face (print, cr, table, width, half);
  cairo_restore (cr);
  /* The upper face turned half a turn: its top at the fold, as the lower one's. */
  cairo_save (cr);
  cairo_translate (cr, width, half);
  cairo_rotate (cr, G_PI);
  draw_card_face (print, cr, table, width, half);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
  cairo_set_line_width (cr, 0.5);
  cairo_set_dash (cr, dashes, 2, 0);
  cairo_move_to (cr, 0, half);
  cairo_line_to (cr, width, half);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_header (SpSeatingPrint *print,
             cairo_t        *cr,
             const char     *title,
             guint           page,
             guint           n_pages,
             double          width,
             double          height)
{
  g_autofree char *numbers = g_strdup_printf (_("page %u of %u"), page + 1, n_pages);

  cairo_set_source_rgb (cr, 0, 0, 0);
  show_text (cr, print->snapshot->tournament->name, 18, 10, TRUE, MARGIN, MARGIN,
             width - 2 * MARGIN, ALIGN_LEFT);
  show_text (cr, title, 13, 9, FALSE, MARGIN, MARGIN + 26, width - 2 * MARGIN, ALIGN_LEFT);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, MARGIN, MARGIN + HEADER_HEIGHT - 10);
  cairo_line_to (cr, width - MARGIN, MARGIN + HEADER_HEIGHT - 10);
  cairo_stroke (cr);
  show_text (cr, numbers, 9, 7, FALSE, width / 2, height - MARGIN - 12, width, ALIGN_CENTER);
}

void
sp_seating_print_draw_list (SpSeatingPrint *print,
                            cairo_t        *cr,
                            guint           list_page,
                            double          width,
                            double          height)
{
  g_autofree char *title = g_strdup_printf (_("Seats of session %u, by name"),
                                            print->session->number);
  double column_width = (width - 2 * MARGIN - (print->list_columns - 1) * LIST_GAP)
                        / print->list_columns;
  guint first = list_page * print->list_rows * print->list_columns;

  draw_header (print, cr, title, list_page, print->list_pages, width, height);
  for (guint column = 0; column < print->list_columns; column++)
    {
      double x = MARGIN + column * (column_width + LIST_GAP);
      double y = MARGIN + HEADER_HEIGHT;
      double name_width = column_width - 110;

      if (first + column * print->list_rows >= print->list->len)
        break;
      cairo_set_source_rgb (cr, 0, 0, 0);
      show_text (cr, _("Player"), 10, 7, TRUE, x + 4, y, name_width, ALIGN_LEFT);
      show_text (cr, _("Table"), 10, 7, TRUE, x + name_width + 45, y, 50, ALIGN_RIGHT);
      show_text (cr, _("Seat"), 10, 7, TRUE, x + name_width + 60, y, 50, ALIGN_LEFT);
      for (guint row = 0; row < print->list_rows; row++)
        {
          guint i = first + column * print->list_rows + row;
          const Entry *entry;
          g_autofree char *table = NULL;
          g_autofree char *seat = NULL;
          double row_y = y + (row + 1) * LIST_ROW;

          if (i >= print->list->len)
            break;
          entry = &g_array_index (print->list, Entry, i);
          if (row % 2 == 0)
            {
              cairo_set_source_rgb (cr, 0.92, 0.92, 0.92);
              cairo_rectangle (cr, x, row_y - 2, column_width, LIST_ROW);
              cairo_fill (cr);
            }
          cairo_set_source_rgb (cr, 0, 0, 0);
          table = g_strdup_printf ("%u", entry->table);
          seat = g_strdup_printf ("%s %s", wind_names[entry->chair], wind_letters[entry->chair]);
          show_text (cr, entry->player->name, 12, 8, FALSE, x + 4, row_y, name_width - 8,
                     ALIGN_LEFT);
          show_text (cr, table, 12, 8, TRUE, x + name_width + 45, row_y, 50, ALIGN_RIGHT);
          show_text (cr, seat, 12, 8, FALSE, x + name_width + 60, row_y, 50, ALIGN_LEFT);
        }
    }
}

void
sp_seating_print_draw_schedule (SpSeatingPrint *print,
                                cairo_t        *cr,
                                guint           schedule_page,
                                double          width,
                                double          height)
{
  double block_width = (width - 2 * MARGIN - (print->block_columns - 1) * BLOCK_GAP)
                       / print->block_columns;
  guint per_page = print->block_rows * print->block_columns;
  double dashes[] = { 3, 3 };

  draw_header (print, cr, _("Personal schedules: table and seat in every session"),
               schedule_page, print->schedule_pages, width, height);
  for (guint k = 0; k < per_page; k++)
    {
      guint i = schedule_page * per_page + k;
      const Entry *entry;
      double x = MARGIN + (k % print->block_columns) * (block_width + BLOCK_GAP);
      double y = MARGIN + HEADER_HEIGHT + (k / print->block_columns)
                                          * (print->block_height + BLOCK_GAP);

      if (i >= print->people->len)
        break;
      entry = &g_array_index (print->people, Entry, i);
      cairo_save (cr);
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
      cairo_set_line_width (cr, 0.5);
      cairo_set_dash (cr, dashes, 2, 0);
      cairo_rectangle (cr, x, y, block_width, print->block_height);
      cairo_stroke (cr);
      cairo_restore (cr);
      show_text (cr, entry->player->name, 11, 7, TRUE, x + 6, y + 5, block_width - 12,
                 ALIGN_LEFT);
      for (guint s = 0; s < print->schedule->len; s++)
        {
          const SpSessionSnapshot *session = print->schedule->pdata[s];
          g_autofree char *label = g_strdup_printf (_("Session %u"), session->number);
          g_autofree char *where = NULL;
          guint seat = entry->seats[s];
          double line_y = y + 24 + s * BLOCK_LINE;

          if (seat == 0)
            where = g_strdup (_("sits out"));
          else
            where = g_strdup_printf (_("table %u, %s %s"), (seat - 1) / 4 + 1,
                                     wind_names[(seat - 1) % 4], wind_letters[(seat - 1) % 4]);
          show_text (cr, label, 9, 6, session->number == print->session->number, x + 6, line_y,
                     block_width * 0.4, ALIGN_LEFT);
          show_text (cr, where, 9, 6, session->number == print->session->number,
                     x + 6 + block_width * 0.4,
                     line_y, block_width * 0.6 - 12, ALIGN_LEFT);
        }
    }
}

void
sp_seating_print_draw_page (cairo_t  *cr,
                            guint     page,
                            double    width,
                            double    height,
                            gpointer  data)
{
  SpSeatingPrint *print = data;

  if (page < print->n_cards)
    sp_seating_print_draw_card (print, cr, page, width, height);
  else if (page < print->n_cards + print->list_pages)
    sp_seating_print_draw_list (print, cr, page - print->n_cards, width, height);
  else
    sp_seating_print_draw_schedule (print, cr, page - print->n_cards - print->list_pages,
                                    width, height);
}

guint
sp_seating_print_n_cards (SpSeatingPrint *print)
{
  g_return_val_if_fail (print != NULL, 0);

  return print->n_cards;
}

guint
sp_seating_print_n_list_pages (SpSeatingPrint *print)
{
  g_return_val_if_fail (print != NULL, 0);

  return print->list_pages;
}

gboolean
sp_report_write_seating_pdf (const SpSnapshot  *snapshot,
                             guint              session,
                             SpPaper            paper,
                             const char        *path,
                             GError           **error)
{
  g_autoptr(SpSeatingPrint) print = sp_seating_print_new (snapshot, session, error);
  g_autofree char *title = NULL;
  double width, height;
  guint n_pages;

  if (print == NULL)
    return FALSE;
  sp_paper_size (paper, FALSE, &width, &height);
  n_pages = sp_seating_print_paginate (print, width, height);
  title = g_strdup_printf (_("%s: seats of session %u"), snapshot->tournament->name, session);
  return sp_report_write_pdf (path, paper, FALSE, title, n_pages, sp_seating_print_draw_page,
                              print, error);
}
