/* sp-report-standings.c: the standings as printed pages: the tournament's name and the date at
 * the head of every page, the header row repeated, "page N of M" at the foot.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-report-standings.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "sp-reports.h"

#define MARGIN 36.0
#define HEADER_HEIGHT 70.0
#define FOOTER_HEIGHT 30.0
#define ROW 16.0

struct _SpStandingsPrint
{
  const SpSnapshot *snapshot;
  guint             rows;      /* rows of players a page */
  guint             n_pages;
};

typedef enum
{
  ALIGN_LEFT,
  ALIGN_RIGHT,
  ALIGN_CENTER,
} Align;

/* The columns: their heads, share of the page's width and alignment. */
typedef enum
{
  COLUMN_RANK,
  COLUMN_NAME,
  COLUMN_CLUB,
  COLUMN_TEAM,
  COLUMN_TABLE_POINTS,
  COLUMN_SCORE,
  COLUMN_SESSIONS,
  COLUMN_MARK,
  N_COLUMNS,
} Column;

static const struct
{
  const char *head;
  double      share;
  Align       align;
} columns[N_COLUMNS] = {
  { N_("Rank"), 0.07, ALIGN_RIGHT },
  { N_("Name"), 0.25, ALIGN_LEFT },
  { N_("Club"), 0.18, ALIGN_LEFT },
  { N_("Team"), 0.14, ALIGN_LEFT },
  { N_("Table points"), 0.12, ALIGN_RIGHT },
  { N_("Score"), 0.09, ALIGN_RIGHT },
  { N_("Sessions"), 0.09, ALIGN_RIGHT },
  { N_("Note"), 0.06, ALIGN_CENTER },
};

/* Shows @text in the cell from @x, @cell_width wide, at @y, shrunk to fit down to 6 points then
 * cut with an ellipsis. */
static void
show_cell (cairo_t    *cr,
           const char *text,
           double      size,
           gboolean    bold,
           double      x,
           double      y,
           double      cell_width,
           Align       align)
{
  g_autoptr(PangoLayout) layout = sp_report_fitted_line (cr, text, size, 6, bold,
                                                         cell_width - 6);
  int text_width, text_height;

  pango_layout_get_size (layout, &text_width, &text_height);
  if (align == ALIGN_LEFT)
    x += 3;
  else if (align == ALIGN_RIGHT)
    x += cell_width - 3 - (double) text_width / PANGO_SCALE;
  else
    x += (cell_width - (double) text_width / PANGO_SCALE) / 2;
  cairo_move_to (cr, x, y + (ROW - (double) text_height / PANGO_SCALE) / 2);
  pango_cairo_show_layout (cr, layout);
}

SpStandingsPrint *
sp_standings_print_new (const SpSnapshot *snapshot)
{
  SpStandingsPrint *print = g_new0 (SpStandingsPrint, 1);

  print->snapshot = snapshot;
  return print;
}

void
sp_standings_print_free (SpStandingsPrint *print)
{
  g_free (print);
}

guint
sp_standings_print_paginate (SpStandingsPrint *print,
                             double            width,
                             double            height)
{
  double body = height - 2 * MARGIN - HEADER_HEIGHT - FOOTER_HEIGHT;
  guint n = print->snapshot->standings->len;

  (void) width;
  print->rows = MAX (1, (guint) floor (body / ROW) - 1);   /* less the header row */
  print->n_pages = MAX (1, (n + print->rows - 1) / print->rows);
  return print->n_pages;
}

/* The share of the page's width of @column: a Riichi event's tournament points, its first
 * figure, take room from the club's. */
static double
column_share (Column   column,
              gboolean riichi)
{
  if (riichi && column == COLUMN_TABLE_POINTS)
    return columns[column].share + 0.07;
  if (riichi && column == COLUMN_CLUB)
    return columns[column].share - 0.07;
  return columns[column].share;
}

static void
draw_row (cairo_t     *cr,
          const char **cells,
          gboolean     bold,
          double       y,
          double       width,
          gboolean     riichi)
{
  double x = MARGIN;

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      double cell_width = column_share (c, riichi) * (width - 2 * MARGIN);

      if (cells[c] != NULL)
        show_cell (cr, cells[c], 9.5, bold, x, y, cell_width, columns[c].align);
      x += cell_width;
    }
}

void
sp_standings_print_draw_page (cairo_t  *cr,
                              guint     page,
                              double    width,
                              double    height,
                              gpointer  data)
{
  SpStandingsPrint *print = data;
  const SpSnapshot *snapshot = print->snapshot;
  g_autofree char *subtitle = g_strdup_printf (_("Standings, %s"), snapshot->date);
  g_autofree char *numbers = g_strdup_printf (_("page %u of %u"), page + 1, print->n_pages);
  const char *heads[N_COLUMNS];
  double y = MARGIN + HEADER_HEIGHT;
  /* A Riichi event ranks by tournament points (one decimal), then shows the uma in thousands
   * where the others show table points and the score. */
  gboolean riichi = sp_ruleset_traits (snapshot->tournament->ruleset)->places_by_uma;

  cairo_set_source_rgb (cr, 0, 0, 0);
  show_cell (cr, snapshot->tournament->name, 18, TRUE, MARGIN, MARGIN, width - 2 * MARGIN,
             ALIGN_LEFT);
  show_cell (cr, subtitle, 12, FALSE, MARGIN, MARGIN + 26, width - 2 * MARGIN, ALIGN_LEFT);

  /* The header row, on every page. */
  for (guint c = 0; c < N_COLUMNS; c++)
    heads[c] = _(columns[c].head);
  if (riichi)
    {
      heads[COLUMN_TABLE_POINTS] = _("Tournament points");
      heads[COLUMN_SCORE] = _("Uma");
    }
  cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
  cairo_rectangle (cr, MARGIN, y, width - 2 * MARGIN, ROW);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  draw_row (cr, heads, TRUE, y, width, riichi);
  cairo_set_line_width (cr, 0.8);
  cairo_move_to (cr, MARGIN, y + ROW);
  cairo_line_to (cr, width - MARGIN, y + ROW);
  cairo_stroke (cr);

  for (guint row = 0; row < print->rows; row++)
    {
      guint i = page * print->rows + row;
      const SpStanding *standing;
      const SpPlayer *player;
      g_autofree char *rank = NULL, *points = NULL, *score = NULL, *sessions = NULL;
      const char *cells[N_COLUMNS];

      if (i >= snapshot->standings->len)
        break;
      standing = &g_array_index (snapshot->standings, SpStanding, i);
      player = sp_snapshot_find_player (snapshot, standing->player);
      y += ROW;
      if (row % 2 == 1)
        {
          cairo_set_source_rgb (cr, 0.94, 0.94, 0.94);
          cairo_rectangle (cr, MARGIN, y, width - 2 * MARGIN, ROW);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 0, 0, 0);
        }
      rank = g_strdup_printf ("%u", standing->rank);
      if (riichi)
        {
          points = g_strdup_printf ("%.1f", standing->score / 1000.0);
          score = g_strdup_printf ("%.1f", standing->table_points_x12
                                           / (double) SP_TABLE_POINTS_SCALE);
        }
      else
        {
          points = g_strdup_printf ("%.2f", standing->table_points_x12 / 12.0);
          score = g_strdup_printf ("%" G_GINT64_FORMAT, standing->score);
        }
      sessions = g_strdup_printf ("%u", standing->sessions);
      cells[COLUMN_RANK] = rank;
      cells[COLUMN_NAME] = player != NULL ? player->name : "?";
      cells[COLUMN_CLUB] = player != NULL ? player->club : NULL;
      cells[COLUMN_TEAM] = player != NULL ? player->team : NULL;
      cells[COLUMN_TABLE_POINTS] = points;
      cells[COLUMN_SCORE] = score;
      cells[COLUMN_SESSIONS] = sessions;
      cells[COLUMN_MARK] = NULL;
      if (player != NULL && player->status == SP_PLAYER_WITHDRAWN)
        cells[COLUMN_MARK] = C_("standings mark", "W");
      else if (player != NULL && player->status == SP_PLAYER_SUBSTITUTE)
        cells[COLUMN_MARK] = C_("standings mark", "S");
      draw_row (cr, cells, FALSE, y, width, riichi);
    }

  cairo_set_source_rgb (cr, 0, 0, 0);
  show_cell (cr, _("W: withdrawn   S: substitute"), 8, FALSE, MARGIN,
             height - MARGIN - FOOTER_HEIGHT + 6, width / 2, ALIGN_LEFT);
  show_cell (cr, numbers, 9, FALSE, MARGIN, height - MARGIN - FOOTER_HEIGHT + 6,
             width - 2 * MARGIN, ALIGN_RIGHT);
}

gboolean
sp_report_write_standings_pdf (const SpSnapshot  *snapshot,
                               SpPaper            paper,
                               const char        *path,
                               GError           **error)
{
  g_autoptr(SpStandingsPrint) print = sp_standings_print_new (snapshot);
  g_autofree char *title = g_strdup_printf (_("%s: standings"), snapshot->tournament->name);
  double width, height;
  guint n_pages;

  sp_paper_size (paper, FALSE, &width, &height);
  n_pages = sp_standings_print_paginate (print, width, height);
  return sp_report_write_pdf (path, paper, FALSE, title, n_pages, sp_standings_print_draw_page,
                              print, error);
}
