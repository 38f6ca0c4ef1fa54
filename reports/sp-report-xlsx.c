/* sp-report-xlsx.c: the tournament's workbook (.xlsx), its standings as CSV, and EMA's results
 * file, all drawn from an SpSnapshot.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-reports.h"
#include "sp-report-xlsx.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <xlsxwriter.h>

/* ---------------------------------------------------------------------------------------------
 * Cells: the rows of a sheet are built once as typed cells, then written to a workbook or a CSV.
 */
typedef enum
{
  CELL_EMPTY,
  CELL_TEXT,
  CELL_INT,
  CELL_POINTS,  /* table points × 12, shown as a number with two decimals */
  CELL_TENTHS,  /* Riichi points shown in thousands with one decimal: tournament points */
} CellKind;

typedef struct
{
  CellKind    kind;
  gboolean    owned;  /* whether the cell holds its own copy of @text */
  const char *text;
  gint64      value;
} Cell;

/* A table of cells: a header and rows of the same width. */
typedef struct
{
  guint      n_columns;
  GPtrArray *header;  /* char * */
  GArray    *cells;   /* Cell, row after row */
} Rows;

static void
cell_clear (gpointer data)
{
  Cell *cell = data;

  if (cell->owned)
    g_free ((char *) cell->text);
}

static Rows *
rows_new (void)
{
  Rows *rows = g_new0 (Rows, 1);

  rows->header = g_ptr_array_new_with_free_func (g_free);
  rows->cells = g_array_new (FALSE, TRUE, sizeof (Cell));
  g_array_set_clear_func (rows->cells, cell_clear);
  return rows;
}

static void
rows_free (Rows *rows)
{
  if (rows == NULL)
    return;
  g_ptr_array_unref (rows->header);
  g_array_unref (rows->cells);
  g_free (rows);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Rows, rows_free)

static void
rows_column (Rows       *rows,
             const char *title)
{
  g_ptr_array_add (rows->header, g_strdup (title));
  rows->n_columns = rows->header->len;
}

/* The headings @first and those after it, up to a NULL, in order. */
static void G_GNUC_NULL_TERMINATED
rows_columns (Rows       *rows,
              const char *first,
              ...)
{
  va_list titles;

  va_start (titles, first);
  for (const char *title = first; title != NULL; title = va_arg (titles, const char *))
    rows_column (rows, title);
  va_end (titles);
}

static guint
rows_count (const Rows *rows)
{
  return rows->n_columns == 0 ? 0 : rows->cells->len / rows->n_columns;
}

static void
add_text (Rows       *rows,
          const char *text)
{
  Cell cell = { text != NULL && text[0] != '\0' ? CELL_TEXT : CELL_EMPTY, TRUE, g_strdup (text),
                0 };

  g_array_append_val (rows->cells, cell);
}

/* @text, which the rows free. */
static void
add_taken_text (Rows *rows,
                char *text)
{
  Cell cell = { text != NULL && text[0] != '\0' ? CELL_TEXT : CELL_EMPTY, TRUE, text, 0 };

  g_array_append_val (rows->cells, cell);
}

/* @text that outlives the rows, not copied: a field of the snapshot the rows are built from, a
 * static or a translated string.  A sheet of a large event holds hundreds of thousands. */
static void
add_kept_text (Rows       *rows,
               const char *text)
{
  Cell cell = { text != NULL && text[0] != '\0' ? CELL_TEXT : CELL_EMPTY, FALSE, text, 0 };

  g_array_append_val (rows->cells, cell);
}

static void
add_int (Rows   *rows,
         gint64  value)
{
  Cell cell = { CELL_INT, FALSE, NULL, value };

  g_array_append_val (rows->cells, cell);
}

static void
add_points (Rows   *rows,
            gint64  points_x12)
{
  Cell cell = { CELL_POINTS, FALSE, NULL, points_x12 };

  g_array_append_val (rows->cells, cell);
}

/* Riichi's points in thousands with one decimal: 12,300 is 12.3 tournament points. */
static void
add_thousands (Rows   *rows,
               gint64  points)
{
  Cell cell = { CELL_TENTHS, FALSE, NULL, points };

  g_array_append_val (rows->cells, cell);
}

static void
add_empty (Rows *rows)
{
  Cell cell = { CELL_EMPTY, FALSE, NULL, 0 };

  g_array_append_val (rows->cells, cell);
}

/* @value, or an empty cell where it is 0 (no such hand, table or row). */
static void
add_int_if_any (Rows   *rows,
                gint64  value)
{
  if (value > 0)
    add_int (rows, value);
  else
    add_empty (rows);
}

/* A cell as CSV or a reader sees it: table points with two decimals. */
static char *
cell_to_string (const Cell *cell)
{
  switch (cell->kind)
    {
    case CELL_TEXT:
      return g_strdup (cell->text);
    case CELL_INT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, cell->value);
    case CELL_POINTS:
      {
        gint64 hundredths = (cell->value * 100 + (cell->value >= 0 ? 6 : -6)) / 12;

        return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%02d", hundredths < 0 ? "-" : "",
                                ABS (hundredths) / 100, (int) (ABS (hundredths) % 100));
      }
    case CELL_TENTHS:
      {
        /* Rounded half away from zero to a hundred points. */
        gint64 tenths = (cell->value + (cell->value >= 0 ? 50 : -50)) / 100;

        return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%d", tenths < 0 ? "-" : "",
                                ABS (tenths) / 10, (int) (ABS (tenths) % 10));
      }
    case CELL_EMPTY:
    default:
      return g_strdup ("");
    }
}

/* The table rules of a @snapshot whose sessions keep running points (Riichi); FALSE for the
 * other rulesets. */
static gboolean
riichi_rules (const SpSnapshot   *snapshot,
              SpRiichiTableRules *table_rules)
{
  const SpRules *rules = snapshot->tournament->rules;

  return sp_ruleset_traits (snapshot->tournament->ruleset)->keeps_points && rules != NULL
         && sp_riichi_table_rules_of (rules, table_rules, NULL);
}


/* The number of the last session drawn or played. */
static guint
last_session (const SpSnapshot *snapshot)
{
  guint last = 0;

  for (guint i = 0; i < snapshot->sessions->len; i++)
    last = MAX (last, ((SpSessionSnapshot *) snapshot->sessions->pdata[i])->number);
  for (guint i = 0; i < snapshot->tables->len; i++)
    last = MAX (last, g_array_index (snapshot->tables, SpTableResult, i).session);
  return last;
}

static const char *
player_name (const SpSnapshot *snapshot,
             gint64            id)
{
  const SpPlayer *player = id > 0 ? sp_snapshot_find_player (snapshot, id) : NULL;

  return player != NULL ? player->name : "";
}

static char *
player_mark (const SpSnapshot *snapshot,
             const SpPlayer   *player)
{
  if (player->status == SP_PLAYER_WITHDRAWN)
    return g_strdup (_("withdrawn"));
  if (player->status == SP_PLAYER_SUBSTITUTE || player->substitute_for > 0)
    {
      const char *replaced = player_name (snapshot, player->substitute_for);

      return replaced[0] != '\0' ? g_strdup_printf (_("substitute for %s"), replaced)
                                 : g_strdup (_("substitute"));
    }
  return NULL;
}

/* The results of each player: player id → GPtrArray of SpSessionResult in @results. */
static GHashTable *
results_by_player (GArray *results)
{
  GHashTable *by_player = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                 (GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; i < results->len; i++)
    {
      SpSessionResult *result = &g_array_index (results, SpSessionResult, i);
      GPtrArray *list = g_hash_table_lookup (by_player, GUINT_TO_POINTER (result->player));

      if (list == NULL)
        {
          list = g_ptr_array_new ();
          g_hash_table_insert (by_player, GUINT_TO_POINTER (result->player), list);
        }
      g_ptr_array_add (list, result);
    }
  return by_player;
}

/* The result of player @id in @session, or NULL. */
static const SpSessionResult *
find_result (GHashTable *by_player,
             gint64      id,
             guint       session)
{
  GPtrArray *list = g_hash_table_lookup (by_player, GUINT_TO_POINTER ((guint32) id));

  for (guint k = 0; list != NULL && k < list->len; k++)
    if (((SpSessionResult *) list->pdata[k])->session == session)
      return list->pdata[k];
  return NULL;
}

/* The standings: the Standings sheet and the CSV, one set of rows for both.  A Riichi event
 * ranks by tournament points (the score, in thousands) with the uma beside them, and gives each
 * session's final points and tournament points; the others give table points and the score. */
static Rows *
standings_rows (const SpSnapshot *snapshot)
{
  GArray *results = snapshot->session_results;
  g_autoptr(GHashTable) by_player = results_by_player (results);
  guint n_sessions = last_session (snapshot);
  Rows *rows = rows_new ();
  gboolean riichi = sp_ruleset_traits (snapshot->tournament->ruleset)->places_by_uma;

  rows_columns (rows, _("Rank"), _("Name"), _("Club"), _("Country"), _("Team"),
                riichi ? _("Tournament points") : _("Table points"),
                riichi ? _("Uma") : _("Score"), _("Sessions"), _("Status"), NULL);
  for (guint s = 1; s <= n_sessions; s++)
    {
      g_autofree char *points = g_strdup_printf (riichi ? _("Session %u final points")
                                                        : _("Session %u table points"), s);
      g_autofree char *score = g_strdup_printf (riichi ? _("Session %u tournament points")
                                                       : _("Session %u score"), s);

      rows_column (rows, points);
      rows_column (rows, score);
    }

  for (guint i = 0; i < snapshot->standings->len; i++)
    {
      SpStanding *standing = &g_array_index (snapshot->standings, SpStanding, i);
      const SpPlayer *player = sp_snapshot_find_player (snapshot, standing->player);
      g_autofree char *mark = player != NULL ? player_mark (snapshot, player) : NULL;

      add_int (rows, standing->rank);
      add_kept_text (rows, player != NULL ? player->name : "");
      add_kept_text (rows, player != NULL ? player->club : NULL);
      add_kept_text (rows, player != NULL ? player->country : NULL);
      add_kept_text (rows, player != NULL ? player->team : NULL);
      if (riichi)
        {
          add_thousands (rows, standing->score);
          /* The uma, kept ×12 in thousands by the standings: 15.0 for 15,000. */
          add_thousands (rows, standing->table_points_x12 * 1000 / SP_TABLE_POINTS_SCALE);
        }
      else
        {
          add_points (rows, standing->table_points_x12);
          add_int (rows, standing->score);
        }
      add_int (rows, standing->sessions);
      add_text (rows, mark);
      for (guint s = 1; s <= n_sessions; s++)
        {
          const SpSessionResult *found = find_result (by_player, standing->player, s);

          if (found == NULL)
            {
              add_empty (rows);
              add_empty (rows);
            }
          else if (riichi)
            {
              add_int (rows, found->final_points);
              add_thousands (rows, found->score);
            }
          else
            {
              add_points (rows, found->table_points_x12);
              add_int (rows, found->score);
            }
        }
    }
  return rows;
}

/* ---------------------------------------------------------------------------------------------
 * The workbook.
 */
typedef struct
{
  lxw_workbook  *workbook;
  lxw_format    *bold;
  lxw_format    *points;
  lxw_format    *tenths;
  lxw_error      status;   /* the first fault, LXW_NO_ERROR while none */
} Book;

/* The widest a column is made, in characters. */
#define MAX_COLUMN_WIDTH 80

/* The width a spreadsheet gives @text: wide (CJK) characters count double; counted up to
 * MAX_COLUMN_WIDTH only, the widest a column is made (the audit log's cells are long). */
static guint
text_width (const char *text)
{
  guint width = 0;

  for (const char *p = text; p != NULL && *p != '\0' && width < MAX_COLUMN_WIDTH;
       p = g_utf8_next_char (p))
    /* ASCII, most of what a sheet holds, is narrow. */
    width += (guchar) *p < 0x80 ? 1 : g_unichar_iswide (g_utf8_get_char (p)) ? 2 : 1;
  return width;
}

/* The number of characters of @value written in decimal, its minus sign included. */
static guint
decimal_width (gint64 value)
{
  guint width = value < 0 ? 2 : 1;
  /* The magnitude without overflow at G_MININT64: the digits of value / 10, and one more. */
  guint64 rest = value < 0 ? -(guint64) (value / 10) : (guint64) (value / 10);

  for (; rest > 0; rest /= 10)
    width++;
  return width;
}

static void
book_check (Book      *book,
            lxw_error  status)
{
  if (book->status == LXW_NO_ERROR && status != LXW_NO_ERROR)
    book->status = status;
}

/* Text as text, never as a formula: a name beginning with = + - @ stays what it says.  Cut at
 * the spreadsheet's limit of 32,767 characters. */
static void
book_write_text (Book          *book,
                 lxw_worksheet *sheet,
                 guint          row,
                 guint          column,
                 const char    *text,
                 lxw_format    *format)
{
  g_autofree char *cut = NULL;

  /* A cell holds at most 32,767 characters. */
  if (strlen (text) > 32767 && g_utf8_strlen (text, -1) > 32767)
    {
      cut = g_utf8_substring (text, 0, 32767);
      text = cut;
    }
  book_check (book, worksheet_write_string (sheet, (lxw_row_t) row, (lxw_col_t) column, text,
                                            format));
}

/* Writes @rows as sheet @name: bold frozen header, autofilter, widths that fit, landscape,
 * fit to the page's width with the header repeated on every page. */
static void
book_write_sheet (Book       *book,
                  const char *name,
                  const Rows *rows)
{
  lxw_worksheet *sheet;
  g_autofree guint *widths = NULL;
  guint n_rows = rows_count (rows);

  if (book->status != LXW_NO_ERROR)
    return;
  sheet = workbook_add_worksheet (book->workbook, name);
  if (sheet == NULL)
    {
      book->status = LXW_ERROR_MEMORY_MALLOC_FAILED;
      return;
    }
  widths = g_new0 (guint, rows->n_columns);
  for (guint c = 0; c < rows->n_columns; c++)
    {
      const char *title = rows->header->pdata[c];

      widths[c] = text_width (title);
      book_write_text (book, sheet, 0, c, title, book->bold);
    }
  for (guint r = 0; r < n_rows && book->status == LXW_NO_ERROR; r++)
    for (guint c = 0; c < rows->n_columns; c++)
      {
        const Cell *cell = &g_array_index (rows->cells, Cell, r * rows->n_columns + c);

        switch (cell->kind)
          {
          case CELL_TEXT:
            book_write_text (book, sheet, r + 1, c, cell->text, NULL);
            widths[c] = MAX (widths[c], text_width (cell->text));
            break;
          case CELL_INT:
            book_check (book, worksheet_write_number (sheet, r + 1, c, (double) cell->value,
                                                      NULL));
            widths[c] = MAX (widths[c], decimal_width (cell->value));
            break;
          case CELL_POINTS:
            book_check (book, worksheet_write_number (sheet, r + 1, c, cell->value / 12.0,
                                                      book->points));
            widths[c] = MAX (widths[c], 7);
            break;
          case CELL_TENTHS:
            book_check (book, worksheet_write_number (sheet, r + 1, c, cell->value / 1000.0,
                                                      book->tenths));
            widths[c] = MAX (widths[c], 7);
            break;
          case CELL_EMPTY:
          default:
            break;
          }
      }
  for (guint c = 0; c < rows->n_columns; c++)
    book_check (book, worksheet_set_column (sheet, c, c, MIN (widths[c], MAX_COLUMN_WIDTH) + 2.0,
                                            NULL));
  worksheet_freeze_panes (sheet, 1, 0);
  book_check (book, worksheet_autofilter (sheet, 0, 0, n_rows,
                                          MAX (rows->n_columns, 1) - 1));
  worksheet_set_landscape (sheet);
  worksheet_fit_to_pages (sheet, 1, 0);
  book_check (book, worksheet_repeat_rows (sheet, 0, 0));
}

static const char *
wind_name (guint wind)
{
  return wind <= SP_WIND_NORTH ? sp_wind_to_string (wind) : "";
}

static Rows *
sessions_rows (const SpSnapshot *snapshot)
{
  GArray *results = snapshot->session_results;
  Rows *rows = rows_new ();
  guint next = 0;
  /* A hanchan ends in final points and places; the other sessions in table points. */
  gboolean riichi = sp_ruleset_traits (snapshot->tournament->ruleset)->keeps_points;

  if (riichi)
    /* A hanchan's end: the final points (leftover sticks given), the place, the uma, the
     * chombos and penalties paid after it, and the tournament points. */
    rows_columns (rows, _("Session"), _("Table"), _("Seat"), _("Player"), _("Final points"),
                  _("Place"), _("Uma"), _("Chombos"), _("Penalties"), _("Tournament points"),
                  NULL);
  else
    rows_columns (rows, _("Session"), _("Table"), _("Seat"), _("Player"), _("Score"),
                  _("Table points"), _("Place"), NULL);
  for (guint i = 0; i < snapshot->sessions->len; i++)
    {
      const SpSessionSnapshot *session = snapshot->sessions->pdata[i];

      for (guint t = 0; t < session->n_tables; t++)
        for (guint c = 0; c < 4; c++)
          {
            gint64 id = session->seats[4 * t + c];
            const SpSessionResult *found = NULL;

            /* Results are in session, table, chair order, as the seats. */
            for (guint k = next; k < results->len; k++)
              {
                const SpSessionResult *result = &g_array_index (results, SpSessionResult, k);

                if (result->session == session->number && result->table == t + 1
                    && result->player == id)
                  {
                    found = result;
                    next = k + 1;
                    break;
                  }
                if (result->session > session->number)
                  break;
              }
            add_int (rows, session->number);
            add_int (rows, t + 1);
            add_kept_text (rows, wind_name (c));
            add_kept_text (rows, player_name (snapshot, id));
            if (riichi)
              {
                if (found != NULL)
                  {
                    add_int (rows, found->final_points);
                    add_int (rows, found->place);
                    add_thousands (rows, found->uma);
                    add_int (rows, found->chombos);
                    add_int (rows, found->penalties);
                    add_thousands (rows, found->score);
                  }
                else
                  for (guint k = 0; k < 6; k++)
                    add_empty (rows);
              }
            else if (found != NULL)
              {
                add_int (rows, found->score);
                add_points (rows, found->table_points_x12);
                add_int (rows, found->place);
              }
            else
              {
                add_empty (rows);
                add_empty (rows);
                add_empty (rows);
              }
          }
    }
  return rows;
}

static const gint64 *
table_seats (const SpSnapshot *snapshot,
             guint             session_number,
             guint             table)
{
  const SpSessionSnapshot *session = sp_snapshot_find_session (snapshot, session_number);

  if (session == NULL || table < 1 || table > session->n_tables)
    return NULL;
  return &session->seats[4 * (table - 1)];
}

/* The players of @chairs (a bit per chair) at @seats, "Ana, Cai". */
static char *
chairs_names (const SpSnapshot *snapshot,
              const gint64     *seats,
              guint             chairs)
{
  GString *out = g_string_new (NULL);

  for (guint c = 0; c < 4; c++)
    if (chairs & (1u << c))
      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "",
                              seats != NULL ? player_name (snapshot, seats[c]) : wind_name (c));
  return g_string_free (out, FALSE);
}

/* A riichi win's yaku as a person reads them, with their han, then the dora: "Riichi 1,
 * Menzen Tsumo 1, Dora 2". */
static char *
yaku_text (const SpScoreResult *value)
{
  GString *out = g_string_new (NULL);
  const struct
  {
    const char *name;
    gint32      count;
  } dora[] = {
    { N_("Dora"), value->dora },
    { N_("Ura dora"), value->ura },
    { N_("Red fives"), value->aka },
  };

  for (guint i = 0; i < value->n_items; i++)
    {
      g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "",
                              sp_score_item_title (value->ruleset, value->items[i].name));
      if (value->yakuman == 0)
        g_string_append_printf (out, " %d", value->items[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (dora) && value->yakuman == 0; i++)
    if (dora[i].count > 0)
      g_string_append_printf (out, "%s%s %d", out->len > 0 ? ", " : "", _(dora[i].name),
                              dora[i].count);
  return g_string_free (out, FALSE);
}


/* The hands of one table, those of the snapshot's (in session, table and number order) from
 * @first up to the next table's, into @table_hands (emptied first); returns where the next
 * table's begin. */
static guint
table_hands_from (const SpSnapshot *snapshot,
                  guint             first,
                  GPtrArray        *table_hands)
{
  const SpHandRecord *head = snapshot->hands->pdata[first];
  guint end;

  g_ptr_array_set_size (table_hands, 0);
  for (end = first; end < snapshot->hands->len; end++)
    {
      const SpHandRecord *hand = snapshot->hands->pdata[end];

      if (hand->session != head->session || hand->table != head->table)
        break;
      g_ptr_array_add (table_hands, (gpointer) hand);
    }
  return end;
}

/* A Riichi event's hands: each hand with the table around it, from the core's sheet of each
 * table (sp_riichi_sheet_new): round, dealer, honba and sticks before it, the riichi declared,
 * its result, the win's han, fu and yaku, and every player's points after it. */
static Rows *
riichi_hands_rows (const SpSnapshot *snapshot)
{
  const SpRules *rules = snapshot->tournament->rules;
  Rows *rows = rows_new ();
  g_autoptr(GPtrArray) table_hands = g_ptr_array_new ();

  rows_columns (rows, _("Session"), _("Table"), _("Hand"), C_("riichi", "Round"), _("Dealer"),
                _("Honba"), _("Sticks"), _("Riichi"), C_("riichi", "Result"), _("Winner"),
                _("From"), _("Tenpai"), _("Chombo"), _("Han"), _("Fu"), _("Limit"), _("Yaku"),
                C_("riichi", "Value"), NULL);
  for (guint c = 0; c < 4; c++)
    {
      g_autofree char *player = g_strdup_printf (_("Seat %s player"), wind_name (c));
      g_autofree char *points = g_strdup_printf (_("Seat %s points"), wind_name (c));

      rows_column (rows, player);
      rows_column (rows, points);
    }
  if (rules == NULL)
    return rows;

  for (guint first = 0, end; first < snapshot->hands->len; first = end)
    {
      const SpHandRecord *head = snapshot->hands->pdata[first];
      static const gint64 nobody[4] = { 0 };
      const gint64 *seats;
      g_autoptr(SpRiichiSheet) sheet = NULL;

      end = table_hands_from (snapshot, first, table_hands);
      seats = table_seats (snapshot, head->session, head->table);
      sheet = sp_riichi_sheet_new (rules, head->session, head->table,
                                   seats != NULL ? seats : nobody, table_hands, NULL);
      for (guint k = 0; sheet != NULL && k < sheet->hands->len; k++)
        {
          const SpRiichiSheetHand *line = &g_array_index (sheet->hands, SpRiichiSheetHand, k);
          const SpHandRecord *hand = line->record;
          guint dealer = sp_rotation_dealer_chair (&line->rotation);
          g_autofree char *round = sp_riichi_round_name (&line->rotation);
          g_autofree char *riichi = chairs_names (snapshot, seats, hand->riichi);
          g_autofree char *tenpai = chairs_names (snapshot, seats, hand->tenpai);
          g_autofree char *chombo = chairs_names (snapshot, seats, hand->chombo);
          gboolean win = !hand->draw && hand->chombo == 0 && hand->winner >= 0
                         && hand->winner < 4;
          /* A row per winner: a double or triple ron gives the hand's row again for each
           * further winner, the table around it the same. */
          guint n_rows = win ? 1 + MIN (hand->n_also, SP_HAND_MAX_ALSO) : 1;

          for (guint w = 0; w < n_rows; w++)
            {
              const SpScoreResult *value = w < line->n_wins ? &line->values[w] : NULL;
              gint winner = w == 0 ? hand->winner : hand->also[w - 1].winner;
              g_autofree char *yaku = value != NULL && value->win ? yaku_text (value) : NULL;
              char limit[24] = "";

              add_int (rows, hand->session);
              add_int (rows, hand->table);
              add_int (rows, hand->number);
              add_text (rows, round);
              add_kept_text (rows, seats != NULL ? player_name (snapshot, seats[dealer]) : "");
              add_int (rows, line->rotation.streak);
              add_int (rows, line->sticks);
              add_text (rows, riichi);
              add_kept_text (rows, hand->chombo != 0 ? _("chombo")
                                   : hand->draw ? _("exhaustive draw")
                                   : !win ? ""
                                   : hand->discarder == SP_CHAIR_NONE ? _("tsumo") : _("ron"));
              add_kept_text (rows, win && seats != NULL && winner >= 0 && winner < 4
                                   ? player_name (snapshot, seats[winner]) : "");
              add_kept_text (rows, win && seats != NULL && hand->discarder >= 0
                                   && hand->discarder < 4
                                   ? player_name (snapshot, seats[hand->discarder]) : "");
              add_text (rows, tenpai);
              add_text (rows, chombo);
              if (value != NULL && value->win && value->has_han_fu && value->yakuman == 0)
                {
                  add_int (rows, value->han);
                  add_int_if_any (rows, value->fu);
                }
              else
                {
                  add_empty (rows);
                  add_empty (rows);
                }
              if (value != NULL && value->win)
                sp_limit_to_string (value->limit, value->yakuman, limit);
              add_text (rows, limit);
              add_text (rows, yaku);
              if (value != NULL && value->win)
                add_int (rows, value->total);
              else if (win)
                add_int (rows, w == 0 ? hand->total : hand->also[w - 1].total);
              else
                add_empty (rows);
              for (guint c = 0; c < 4; c++)
                {
                  add_kept_text (rows, seats != NULL ? player_name (snapshot, seats[c]) : "");
                  add_int (rows, line->points[c]);
                }
            }
        }
    }
  return rows;
}

static Rows *
hands_rows (const SpSnapshot *snapshot)
{
  SpRuleset ruleset = snapshot->tournament->ruleset;
  Rows *rows = rows_new ();
  g_autoptr(GPtrArray) table_hands = g_ptr_array_new ();

  /* A table that keeps running points: each hand with the points after it. */
  if (sp_ruleset_traits (ruleset)->keeps_points)
    {
      rows_free (rows);
      return riichi_hands_rows (snapshot);
    }
  rows_columns (rows, _("Session"), _("Table"), _("Hand"), _("Round wind"), _("Dealer"),
                _("Dealer repeats"), _("Winner"), _("Discarder"), _("Items"), _("Total"), NULL);
  for (guint w = 0; w < 4; w++)
    {
      g_autofree char *title = g_strdup_printf (_("Settlement %s"), wind_name (w));

      rows_column (rows, title);
    }
  rows_column (rows, _("False wins"));

  for (guint first = 0, end; first < snapshot->hands->len; first = end)
    {
      const SpHandRecord *head = snapshot->hands->pdata[first];
      const gint64 *seats;
      g_autoptr(GArray) history = NULL;

      end = table_hands_from (snapshot, first, table_hands);
      seats = table_seats (snapshot, head->session, head->table);
      history = sp_table_history (sp_tournament_rotation (snapshot->tournament), table_hands);
      for (guint k = 0; k < table_hands->len; k++)
        {
          const SpHandRecord *hand = table_hands->pdata[k];
          const SpRotation *rotation = &g_array_index (history, SpRotation, k);
          guint dealer = sp_rotation_dealer_chair (rotation);
          g_autoptr(GString) false_wins = g_string_new (NULL);
          /* The items in the rules' own words, as the stored data: the cell reads the same in
           * every language. */
          g_autofree char *items = sp_hand_items_to_text (hand->items, ruleset,
                                                          SP_ITEM_WORDING_TERM);

          add_int (rows, hand->session);
          add_int (rows, hand->table);
          add_int (rows, hand->number);
          add_kept_text (rows, wind_name (rotation->round_wind));
          add_kept_text (rows, seats != NULL ? player_name (snapshot, seats[dealer]) : "");
          add_int (rows, rotation->streak);
          add_kept_text (rows, seats != NULL && hand->winner >= 0 && hand->winner < 4
                               ? player_name (snapshot, seats[hand->winner])
                               : hand->draw ? _("draw") : "");
          add_kept_text (rows, seats != NULL && hand->discarder >= 0 && hand->discarder < 4
                               ? player_name (snapshot, seats[hand->discarder])
                               : hand->winner >= 0 ? _("self-drawn") : "");
          add_taken_text (rows, g_steal_pointer (&items));
          add_int (rows, hand->total);
          /* The settlement by the seat each chair held at this hand. */
          for (guint w = 0; w < 4; w++)
            add_int (rows, hand->settlement[sp_rotation_chair_at (rotation, w)]);
          for (guint p = 0; p < snapshot->penalties->len; p++)
            {
              const SpPenalty *penalty = snapshot->penalties->pdata[p];

              if (penalty->session == hand->session && penalty->table == hand->table
                  && penalty->number == hand->number)
                g_string_append_printf (false_wins, "%s%s %" G_GINT64_FORMAT,
                                        false_wins->len > 0 ? "; " : "",
                                        player_name (snapshot, penalty->player),
                                        penalty->points);
            }
          add_text (rows, false_wins->str);
        }
    }
  return rows;
}

static Rows *
players_rows (const SpSnapshot *snapshot)
{
  Rows *rows = rows_new ();

  rows_columns (rows, _("Number"), _("Name"), _("Club"), _("Country"), _("Team"),
                _("Federation ID"), _("Status"), _("Substitute for"), _("Present"), NULL);
  for (guint i = 0; i < snapshot->players->len; i++)
    {
      const SpPlayer *player = snapshot->players->pdata[i];

      add_int (rows, player->id);
      add_kept_text (rows, player->name);
      add_kept_text (rows, player->club);
      add_kept_text (rows, player->country);
      add_kept_text (rows, player->team);
      add_kept_text (rows, player->federation_id);
      add_kept_text (rows, sp_player_status_to_string (player->status));
      add_kept_text (rows, player_name (snapshot, player->substitute_for));
      add_kept_text (rows, player->present ? _("yes") : _("no"));
    }
  return rows;
}

static Rows *
teams_rows (const SpSnapshot *snapshot)
{
  Rows *rows = rows_new ();
  gboolean riichi = sp_ruleset_traits (snapshot->tournament->ruleset)->places_by_uma;

  /* A Riichi team ranks as its players: by tournament points, the uma beside them. */
  if (riichi)
    rows_columns (rows, _("Rank"), _("Team"), _("Tournament points"), _("Uma"), _("Members"),
                  NULL);
  else
    rows_columns (rows, _("Rank"), _("Team"), _("Table points"), _("Score"), _("Members"),
                  NULL);
  for (guint i = 0; snapshot->team_standings != NULL && i < snapshot->team_standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (snapshot->team_standings, SpStanding, i);
      const char *team = standing->player < snapshot->team_names->len
                         ? snapshot->team_names->pdata[standing->player] : "";
      g_autoptr(GString) members = g_string_new (NULL);

      for (guint p = 0; p < snapshot->players->len; p++)
        {
          const SpPlayer *player = snapshot->players->pdata[p];

          if (player->team != NULL && g_strcmp0 (player->team, team) == 0)
            g_string_append_printf (members, "%s%s", members->len > 0 ? ", " : "",
                                    player->name);
        }
      add_int (rows, standing->rank);
      add_text (rows, team);
      if (riichi)
        {
          add_thousands (rows, standing->score);
          add_thousands (rows, standing->table_points_x12 * 1000 / SP_TABLE_POINTS_SCALE);
        }
      else
        {
          add_points (rows, standing->table_points_x12);
          add_int (rows, standing->score);
        }
      add_text (rows, members->str);
    }
  return rows;
}

/* The hand of id @id, or NULL. */
static const SpHandRecord *
find_hand (const SpSnapshot *snapshot,
           gint64            id)
{
  for (guint i = 0; id > 0 && i < snapshot->hands->len; i++)
    {
      const SpHandRecord *hand = snapshot->hands->pdata[i];

      if (hand->id == id)
        return hand;
    }
  return NULL;
}

static Rows *
penalties_rows (const SpSnapshot *snapshot)
{
  Rows *rows = rows_new ();

  rows_columns (rows, _("Number"), _("Session"), _("Player"), _("Points"), _("Reason"),
                _("Hand ID"), _("Table"), _("Hand"), NULL);
  for (guint i = 0; i < snapshot->penalties->len; i++)
    {
      const SpPenalty *penalty = snapshot->penalties->pdata[i];
      const SpHandRecord *hand = find_hand (snapshot, penalty->hand);
      /* The hand it is tied to, or a false win's table and the hand it came before. */
      guint table = hand != NULL ? hand->table : penalty->table;
      guint number = hand != NULL ? hand->number : penalty->number;

      add_int (rows, penalty->id);
      add_int (rows, penalty->session);
      add_kept_text (rows, player_name (snapshot, penalty->player));
      add_int (rows, penalty->points);
      add_kept_text (rows, penalty->reason);
      add_int_if_any (rows, penalty->hand);
      add_int_if_any (rows, table);
      add_int_if_any (rows, number);
    }
  return rows;
}

static Rows *
seating_rows (const SpSnapshot *snapshot)
{
  Rows *rows = rows_new ();

  rows_columns (rows, _("Session"), _("Table"), _("Seat"), _("Player number"), _("Player"), NULL);
  for (guint i = 0; i < snapshot->sessions->len; i++)
    {
      const SpSessionSnapshot *session = snapshot->sessions->pdata[i];

      for (guint t = 0; t < session->n_tables; t++)
        for (guint c = 0; c < 4; c++)
          {
            gint64 id = session->seats[4 * t + c];

            add_int (rows, session->number);
            add_int (rows, t + 1);
            add_kept_text (rows, wind_name (c));
            add_int_if_any (rows, id);
            add_kept_text (rows, player_name (snapshot, id));
          }
    }
  return rows;
}

static Rows *
audit_rows (const SpSnapshot *snapshot)
{
  Rows *rows = rows_new ();

  rows_columns (rows, _("When"), _("Who"), _("What"), _("Row"), _("Action"), _("Before"),
                _("After"), NULL);
  for (guint i = 0; snapshot->audit != NULL && i < snapshot->audit->len; i++)
    {
      const SpAuditEntry *entry = snapshot->audit->pdata[i];

      add_kept_text (rows, entry->at);
      add_kept_text (rows, entry->who);
      add_kept_text (rows, entry->target);
      add_int (rows, entry->row_id);
      add_kept_text (rows, entry->action);
      add_kept_text (rows, entry->old_values);
      add_kept_text (rows, entry->new_values);
    }
  return rows;
}

/* The seat winds as R98's forms write them. */
static const char *
form_wind (guint wind)
{
  static const char *const names[] = { "东", "南", "西", "北" };

  return wind <= SP_WIND_NORTH ? names[wind] : "";
}

/* The table and chair of player @id in @session, FALSE when not seated. */
static gboolean
find_seat (const SpSnapshot *snapshot,
           guint             session_number,
           gint64            id,
           guint            *table,
           guint            *chair)
{
  const SpSessionSnapshot *session = sp_snapshot_find_session (snapshot, session_number);

  for (guint i = 0; session != NULL && i < 4 * session->n_tables; i++)
    if (session->seats[i] == id)
      {
        *table = i / 4 + 1;
        *chair = i % 4;
        return TRUE;
      }
  return FALSE;
}

/* The seat wind of @chair at hand @number of a table (its first hand when @number is 0 or
 * past the hands entered). */
static guint
seat_wind_at (const SpSnapshot *snapshot,
              guint             session,
              guint             table,
              guint             chair,
              guint             number)
{
  g_autoptr(GPtrArray) hands = g_ptr_array_new ();
  g_autoptr(GArray) history = NULL;

  if (number <= 1)
    return chair;
  for (guint i = 0; i < snapshot->hands->len; i++)
    {
      const SpHandRecord *hand = snapshot->hands->pdata[i];

      if (hand->session == session && hand->table == table)
        g_ptr_array_add (hands, (gpointer) hand);
    }
  history = sp_table_history (sp_tournament_rotation (snapshot->tournament), hands);
  return g_array_index (history, SpRotation, MIN (number - 1, history->len - 1))
         .seat_wind[chair];
}

/* R98 附件4 比赛处罚记录表: the penalty record, a row for each penalty. */
static Rows *
penalty_record_rows (const SpSnapshot *snapshot)
{
  Rows *rows = rows_new ();
  guint group_tables = MAX (snapshot->tournament->settings.group_tables, 1);

  rows_columns (rows, "局", "组", "桌", "队别", "姓名", "序号", "违规局、盘、桌、位",
                "违规内容", "处罚方法", "备注", NULL);
  for (guint i = 0; i < snapshot->penalties->len; i++)
    {
      const SpPenalty *penalty = snapshot->penalties->pdata[i];
      const SpPlayer *player = sp_snapshot_find_player (snapshot, penalty->player);
      guint table = 0, chair = 0, number = penalty->number;
      const SpHandRecord *hand = find_hand (snapshot, penalty->hand);
      gboolean seated = find_seat (snapshot, penalty->session, penalty->player, &table, &chair);
      g_autofree char *where = NULL;
      g_autofree char *hand_text = NULL;

      if (penalty->table > 0)
        table = penalty->table;
      if (hand != NULL)
        {
          table = hand->table;
          number = hand->number;
        }
      hand_text = number > 0 ? g_strdup_printf ("%u", number) : g_strdup ("—");
      where = seated
              ? g_strdup_printf ("%u·%s·%u·%s", penalty->session, hand_text, table,
                                 form_wind (seat_wind_at (snapshot, penalty->session, table,
                                                          chair, number)))
              : g_strdup_printf ("%u·%s", penalty->session, hand_text);
      add_int (rows, penalty->session);
      if (group_tables > 1 && table > 0)
        add_int (rows, (table - 1) / group_tables + 1);
      else
        add_empty (rows);
      add_int_if_any (rows, table);
      add_kept_text (rows, player != NULL ? player->team : NULL);
      add_kept_text (rows, player_name (snapshot, penalty->player));
      add_int (rows, i + 1);
      add_text (rows, where);
      add_kept_text (rows, penalty->reason);
      add_int (rows, penalty->points);
      add_empty (rows);
    }
  return rows;
}

/* R98 附件6 比赛成绩统计表: the results summary, a row for each player in the standings'
 * order: each session's score (比赛分) and place, its table points (标准分) and their total, the
 * rank; the team's table points each session, their total and the team's rank. */
static Rows *
results_summary_rows (const SpSnapshot *snapshot)
{
  GArray *results = snapshot->session_results;
  g_autoptr(GHashTable) by_player = results_by_player (results);
  g_autoptr(GHashTable) team_points = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                              g_free);
  guint n_sessions = last_session (snapshot);
  Rows *rows = rows_new ();

  /* Each team's table points session by session: the sum of its members'. */
  for (guint i = 0; i < results->len; i++)
    {
      const SpSessionResult *result = &g_array_index (results, SpSessionResult, i);
      const SpPlayer *player = sp_snapshot_find_player (snapshot, result->player);
      gint64 *points;

      if (player == NULL || player->team == NULL || result->session == 0)
        continue;
      if ((points = g_hash_table_lookup (team_points, player->team)) == NULL)
        {
          points = g_new0 (gint64, n_sessions + 1);
          g_hash_table_insert (team_points, player->team, points);
        }
      points[result->session] += result->table_points_x12;
    }

  rows_columns (rows, "单位", "姓名", "号码", NULL);
  for (guint s = 1; s <= n_sessions; s++)
    {
      g_autofree char *score = g_strdup_printf ("第%u局比赛分", s);
      g_autofree char *place = g_strdup_printf ("第%u局名次", s);

      rows_column (rows, score);
      rows_column (rows, place);
    }
  for (guint s = 1; s <= n_sessions; s++)
    {
      g_autofree char *points = g_strdup_printf ("第%u局标准分", s);

      rows_column (rows, points);
    }
  rows_column (rows, "标准分合计");
  rows_column (rows, "个人名次");
  for (guint s = 1; s <= n_sessions; s++)
    {
      g_autofree char *points = g_strdup_printf ("第%u局团体标准分", s);

      rows_column (rows, points);
    }
  rows_columns (rows, "团体标准分合计", "团体名次", "签名", NULL);

  for (guint i = 0; i < snapshot->standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (snapshot->standings, SpStanding, i);
      const SpPlayer *player = sp_snapshot_find_player (snapshot, standing->player);
      const gint64 *points = player != NULL && player->team != NULL
                             ? g_hash_table_lookup (team_points, player->team) : NULL;
      const SpStanding *team = player != NULL
                               ? sp_snapshot_find_team_standing (snapshot, player->team) : NULL;

      add_kept_text (rows, player != NULL ? player->club : NULL);
      add_kept_text (rows, player != NULL ? player->name : "");
      add_int (rows, standing->player);
      for (guint s = 1; s <= n_sessions; s++)
        {
          const SpSessionResult *found = find_result (by_player, standing->player, s);

          if (found != NULL)
            {
              add_int (rows, found->score);
              add_int (rows, found->group_place);
            }
          else
            {
              add_empty (rows);
              add_empty (rows);
            }
        }
      for (guint s = 1; s <= n_sessions; s++)
        {
          const SpSessionResult *found = find_result (by_player, standing->player, s);

          if (found != NULL)
            add_points (rows, found->table_points_x12);
          else
            add_empty (rows);
        }
      add_points (rows, standing->table_points_x12);
      add_int (rows, standing->rank);
      for (guint s = 1; s <= n_sessions; s++)
        if (points != NULL)
          add_points (rows, points[s]);
        else
          add_empty (rows);
      if (team != NULL)
        {
          add_points (rows, team->table_points_x12);
          add_int (rows, team->rank);
        }
      else
        {
          add_empty (rows);
          add_empty (rows);
        }
      add_empty (rows);
    }
  return rows;
}

typedef Rows *(*RowsFunc) (const SpSnapshot *snapshot);

/* Opens a workbook at @file's temporary path, with its formats and document properties. */
static gboolean
book_open (Book              *book,
           const SpSnapshot  *snapshot,
           const SpReportFile *file,
           const char        *title,
           GError           **error)
{
  lxw_workbook_options options = { .constant_memory = LXW_TRUE };
  g_autofree char *comments = g_strdup_printf (_("%s, %s"), snapshot->tournament->name,
                                               snapshot->date);
  lxw_doc_properties properties = {
    .title = (char *) title,
    .subject = snapshot->tournament->name,
    .author = (char *) "Sparrow",
    .keywords = snapshot->date,
    .comments = comments,
  };
  int fd;

  memset (book, 0, sizeof *book);
  /* The temporary file is made here, so that a folder that cannot take it is said at once,
   * in one message (libxlsxwriter only opens it when the workbook is closed). */
  fd = g_open (file->temp_path, O_WRONLY | O_CREAT | O_EXCL, 0666);
  if (fd < 0 || !g_close (fd, NULL))
    {
      int saved = errno;

      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO, _("Cannot write %s: %s"),
                   file->path, g_strerror (saved));
      return FALSE;
    }
  book->workbook = workbook_new_opt (file->temp_path, &options);
  if (book->workbook == NULL)
    {
      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO, _("Cannot write %s: %s"),
                   file->path, g_strerror (ENOMEM));
      return FALSE;
    }
  book->bold = workbook_add_format (book->workbook);
  book->points = workbook_add_format (book->workbook);
  book->tenths = workbook_add_format (book->workbook);
  format_set_bold (book->bold);
  format_set_num_format (book->points, "0.00");
  format_set_num_format (book->tenths, "0.0");
  book_check (book, workbook_set_properties (book->workbook, &properties));
  return TRUE;
}

/* Closes the workbook (exactly once) and renames it into place. */
static gboolean
book_close (Book         *book,
            SpReportFile *file,
            GError      **error)
{
  lxw_error status = workbook_close (book->workbook);

  book->workbook = NULL;
  book_check (book, status);
  if (book->status != LXW_NO_ERROR)
    {
      const char *reason = lxw_strerror (book->status);

      /* A file that could not be written: the folder, the disk. */
      if (errno != 0 && (book->status == LXW_ERROR_CREATING_XLSX_FILE
                         || book->status == LXW_ERROR_CREATING_TMPFILE
                         || book->status == LXW_ERROR_ZIP_FILE_OPERATION
                         || book->status == LXW_ERROR_ZIP_FILE_ADD
                         || book->status == LXW_ERROR_ZIP_CLOSE))
        reason = g_strerror (errno);
      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO, _("Cannot write %s: %s"),
                   file->path, reason);
      return FALSE;
    }
  return sp_report_file_commit (file, error);
}

gboolean
sp_report_write_xlsx (const SpSnapshot  *snapshot,
                      const char        *path,
                      GError           **error)
{
  static const struct
  {
    const char *name;
    RowsFunc    rows;
  } sheets[] = {
    { "Standings", standings_rows },
    { "Sessions", sessions_rows },
    { "Hands", hands_rows },
    { "Players", players_rows },
    { "Teams", teams_rows },
    { "Penalties", penalties_rows },
    { "Seating", seating_rows },
    { "Audit", audit_rows },
    { "附件4 比赛处罚记录表", penalty_record_rows },
    { "附件6 比赛成绩统计表", results_summary_rows },
  };
  g_autoptr(SpReportFile) file = NULL;
  g_autofree char *title = NULL;
  Book book;
  /* R98's forms (附件4, 附件6), the last two sheets, are the Chinese rules' referee's. */
  guint n_sheets = sp_ruleset_traits (snapshot->tournament->ruleset)->r98_forms
                   ? G_N_ELEMENTS (sheets) : G_N_ELEMENTS (sheets) - 2;

  g_return_val_if_fail (snapshot != NULL && path != NULL, FALSE);
  file = sp_report_file_new (path);
  title = g_strdup_printf (_("%s: results"), snapshot->tournament->name);
  errno = 0;
  if (!book_open (&book, snapshot, file, title, error))
    return FALSE;
  /* One sheet at a time: its rows are built, written and freed before the next. */
  for (guint i = 0; i < n_sheets && book.status == LXW_NO_ERROR; i++)
    {
      g_autoptr(Rows) rows = sheets[i].rows (snapshot);

      book_write_sheet (&book, sheets[i].name, rows);
    }
  return book_close (&book, file, error);
}

/* ---------------------------------------------------------------------------------------------
 * CSV: UTF-8 with a byte order mark, RFC 4180 (CRLF line ends; a field with a comma, a quote or
 * a line break in quotes, its quotes doubled).
 *
 * Formula injection: a spreadsheet opening a CSV file runs a cell that begins with = + - @ (or
 * a tab or a carriage return before one) as a formula, so a player named "=cmd|' /C calc'!A0"
 * would run a command on the director's computer.  As OWASP advises, a text cell that begins
 * with one of these characters is written with a single quote before it: the spreadsheet shows
 * the text, quote hidden or visible, and never evaluates it.  Only text cells are guarded:
 * numbers (a score of -19) are written as numbers.  The .xlsx writer needs no guard (its text
 * cells are strings, never formulas) and a PDF prints the text as it is.
 */
static gboolean
csv_is_formula_like (const char *text)
{
  return text[0] != '\0' && strchr ("=+-@\t\r", text[0]) != NULL;
}

static void
csv_field (GString    *out,
           const char *text)
{
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static gboolean
write_csv (const Rows  *rows,
           const char  *path,
           GError     **error)
{
  g_autoptr(SpReportFile) file = sp_report_file_new (path);
  g_autoptr(GString) out = g_string_new ("\xEF\xBB\xBF");
  guint n_rows = rows_count (rows);
  FILE *stream;
  gboolean written;
  int saved = 0;

  for (guint c = 0; c < rows->n_columns; c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      csv_field (out, rows->header->pdata[c]);
    }
  g_string_append (out, "\r\n");
  for (guint r = 0; r < n_rows; r++)
    {
      for (guint c = 0; c < rows->n_columns; c++)
        {
          const Cell *cell = &g_array_index (rows->cells, Cell, r * rows->n_columns + c);
          g_autofree char *text = cell_to_string (cell);

          if (c > 0)
            g_string_append_c (out, ',');
          if (cell->kind == CELL_TEXT && csv_is_formula_like (text))
            {
              g_autofree char *quoted = g_strconcat ("'", text, NULL);

              csv_field (out, quoted);
            }
          else
            csv_field (out, text);
        }
      g_string_append (out, "\r\n");
    }

  errno = 0;
  stream = g_fopen (file->temp_path, "wb");
  if (stream == NULL)
    {
      saved = errno;
      written = FALSE;
    }
  else
    {
      written = fwrite (out->str, 1, out->len, stream) == out->len;
      if (!written)
        saved = errno;
      if (fclose (stream) != 0 && written)
        {
          saved = errno;
          written = FALSE;
        }
    }
  if (!written)
    {
      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_IO, _("Cannot write %s: %s"),
                   path, g_strerror (saved != 0 ? saved : EIO));
      return FALSE;
    }
  return sp_report_file_commit (file, error);
}

gboolean
sp_report_write_standings_csv (const SpSnapshot  *snapshot,
                               const char        *path,
                               GError           **error)
{
  g_autoptr(Rows) rows = NULL;

  g_return_val_if_fail (snapshot != NULL && path != NULL, FALSE);
  rows = standings_rows (snapshot);
  return write_csv (rows, path, error);
}

/* ---------------------------------------------------------------------------------------------
 * EMA's results file.
 */

/* Two-character Chinese family names (复姓): the rest of a Chinese name is one character. */
static const char *const compound_surnames[] = {
  "欧阳", "歐陽", "司马", "司馬", "诸葛", "諸葛", "上官", "司徒", "东方", "東方", "皇甫",
  "尉迟", "尉遲", "公孙", "公孫", "慕容", "令狐", "长孙", "長孫", "宇文", "夏侯", "轩辕",
  "軒轅", "端木", "澹台", "南宫", "南宮", "独孤", "獨孤", "西门", "西門", "百里", "呼延",
};

/* Particles that begin a European family name: "Jan van der Berg" is Jan, van der Berg. */
static const char *const particles[] = {
  "van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le", "ter", "ten",
  "dos", "das", "zu", "af",
};

static gboolean
is_particle (const char *word)
{
  for (guint i = 0; i < G_N_ELEMENTS (particles); i++)
    if (strcmp (word, particles[i]) == 0)
      return TRUE;
  return FALSE;
}

void
sp_report_split_name (const char  *name,
                      char       **first,
                      char       **last)
{
  g_autofree char *text = g_strstrip (g_strdup (name != NULL ? name : ""));
  const char *comma = strchr (text, ',');
  g_auto(GStrv) words = NULL;
  guint n, start;

  if (comma != NULL)
    {
      *last = g_strstrip (g_strndup (text, comma - text));
      *first = g_strstrip (g_strdup (comma + 1));
      return;
    }
  if (text[0] != '\0' && strchr (text, ' ') == NULL
      && g_unichar_iswide (g_utf8_get_char (text)))
    {
      guint length = g_utf8_strlen (text, -1);
      guint family = 1;

      for (guint i = 0; i < G_N_ELEMENTS (compound_surnames); i++)
        if (g_str_has_prefix (text, compound_surnames[i]) && length > 2)
          family = 2;
      if (length < 2)
        family = length;
      {
        const char *split = g_utf8_offset_to_pointer (text, family);

        *last = g_strndup (text, split - text);
        *first = g_strdup (split);
      }
      return;
    }
  words = g_strsplit_set (text, " \t", -1);
  {
    /* Drop the empty words of repeated spaces. */
    guint kept = 0;

    for (guint i = 0; words[i] != NULL; i++)
      if (words[i][0] != '\0')
        words[kept++] = words[i];
      else
        g_free (words[i]);
    words[kept] = NULL;
    n = kept;
  }
  if (n == 0)
    {
      *first = g_strdup ("");
      *last = g_strdup ("");
      return;
    }
  start = n - 1;
  while (start > 1 && is_particle (words[start - 1]))
    start--;
  *last = g_strjoinv (" ", &words[start]);
  {
    char *saved = words[start];

    words[start] = NULL;
    *first = g_strjoinv (" ", words);
    words[start] = saved;
  }
}

/* EMA's results of a Riichi event: the place by tournament points, the player's name and EMA
 * number, the tournament points (one decimal) and the score, the sum of the hanchans' final
 * points less the return (the points won at the tables, before uma). */
static Rows *
riichi_ema_rows (const SpSnapshot *snapshot)
{
  GArray *results = snapshot->session_results;
  g_autoptr(GHashTable) by_player = results_by_player (results);
  SpRiichiTableRules riichi = { .return_points = 30000 };
  Rows *rows = rows_new ();

  riichi_rules (snapshot, &riichi);
  rows_columns (rows, "Place", "First name", "Last name", "EMA number", "Tournament points",
                "Score", "EMA member", "Country", NULL);
  for (guint i = 0; i < snapshot->standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (snapshot->standings, SpStanding, i);
      const SpPlayer *player = sp_snapshot_find_player (snapshot, standing->player);
      GPtrArray *played = g_hash_table_lookup (by_player, GUINT_TO_POINTER (standing->player));
      g_autofree char *first = NULL;
      g_autofree char *last = NULL;
      gint64 score = 0;
      gboolean member;

      if (player == NULL)
        continue;
      for (guint k = 0; played != NULL && k < played->len; k++)
        score += ((const SpSessionResult *) played->pdata[k])->final_points - riichi.return_points;
      member = player->federation_id != NULL && player->federation_id[0] != '\0';
      sp_report_split_name (player->name, &first, &last);
      add_int (rows, standing->rank);
      add_text (rows, first);
      add_text (rows, last);
      add_text (rows, player->federation_id);
      add_thousands (rows, standing->score);
      add_int (rows, score);
      add_text (rows, member ? "Y" : "N");
      add_text (rows, player->country);
    }
  return rows;
}

/* EMA's results as rows; refused, naming the table, when a table's points cannot be EMA's. */
static Rows *
ema_rows (const SpSnapshot  *snapshot,
          GError           **error)
{
  GArray *results = snapshot->session_results;
  g_autoptr(Rows) rows = NULL;

  if (!sp_ruleset_traits (snapshot->tournament->ruleset)->ema_results)
    {
      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED,
                   _("EMA results are for MCR and Riichi tournaments; %s is not one."),
                   snapshot->tournament->name);
      return NULL;
    }
  /* A hanchan's results: its final points, not table points. */
  if (sp_ruleset_traits (snapshot->tournament->ruleset)->keeps_points)
    return riichi_ema_rows (snapshot);
  for (guint i = 0; i + 3 < results->len; i += 4)
    {
      const SpSessionResult *table = &g_array_index (results, SpSessionResult, i);
      gint32 total = 0;
      gboolean full = TRUE, same = TRUE;

      for (guint c = 0; c < 4; c++)
        {
          total += table[c].table_points_x12;
          full = full && table[c].player > 0;
          same = same && table[c].table_points_x12 == table[c].alone_points_x12;
          for (guint d = 0; d < c; d++)
            full = full && table[c].player != table[d].player;
        }
      if (!full)
        {
          g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED,
                       _("Session %u table %u: the table does not have four players, so its "
                         "table points cannot total 7 as EMA's results need."),
                       table->session, table->table);
          return NULL;
        }
      if (total != 7 * SP_TABLE_POINTS_SCALE || !same)
        {
          g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED,
                       _("Session %u table %u: the table points total %.2f, not EMA's 7 "
                         "(4/2/1/0 at each table, ties sharing); the tournament ranks groups "
                         "of tables together."),
                       table->session, table->table, total / 12.0);
          return NULL;
        }
    }

  rows = rows_new ();
  rows_columns (rows, "Place", "First name", "Last name", "EMA number", "Table points", "Score",
                "EMA member", "Country", NULL);
  for (guint i = 0; i < snapshot->standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (snapshot->standings, SpStanding, i);
      const SpPlayer *player = sp_snapshot_find_player (snapshot, standing->player);
      g_autofree char *first = NULL;
      g_autofree char *last = NULL;
      gboolean member;

      if (player == NULL)
        continue;
      member = player->federation_id != NULL && player->federation_id[0] != '\0';
      sp_report_split_name (player->name, &first, &last);
      add_int (rows, standing->rank);
      add_text (rows, first);
      add_text (rows, last);
      add_text (rows, player->federation_id);
      add_points (rows, standing->table_points_x12);
      add_int (rows, standing->score);
      add_text (rows, member ? "Y" : "N");
      add_text (rows, player->country);
    }
  return g_steal_pointer (&rows);
}

gboolean
sp_report_write_ema_xlsx (const SpSnapshot  *snapshot,
                          const char        *path,
                          GError           **error)
{
  g_autoptr(Rows) rows = NULL;
  g_autoptr(SpReportFile) file = NULL;
  g_autofree char *title = NULL;
  Book book;

  g_return_val_if_fail (snapshot != NULL && path != NULL, FALSE);
  if ((rows = ema_rows (snapshot, error)) == NULL)
    return FALSE;
  file = sp_report_file_new (path);
  title = g_strdup_printf (_("%s: EMA results"), snapshot->tournament->name);
  errno = 0;
  if (!book_open (&book, snapshot, file, title, error))
    return FALSE;
  book_write_sheet (&book, "Results", rows);
  return book_close (&book, file, error);
}

gboolean
sp_report_write_ema_csv (const SpSnapshot  *snapshot,
                         const char        *path,
                         GError           **error)
{
  g_autoptr(Rows) rows = NULL;

  g_return_val_if_fail (snapshot != NULL && path != NULL, FALSE);
  if ((rows = ema_rows (snapshot, error)) == NULL)
    return FALSE;
  return write_csv (rows, path, error);
}
