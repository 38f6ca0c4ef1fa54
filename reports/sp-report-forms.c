/* sp-report-forms.c: R98's referee forms (附件4, 5, 6) drawn with cairo lines and pango text.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-report-forms.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "sp-reports.h"

#define MARGIN 28.0
#define THIN_LINE 0.5
#define FRAME_LINE 1.2

/* The seats at a session's first hand, in chair order, as the forms write them. */
static const char *const seat_winds[4] = { "东", "南", "西", "北" };

/* Writes @text centred (or as @align says) in the box, wrapped on characters, its size shrunk
 * until it fits the box's height. */
static void
draw_text (cairo_t        *cr,
           double          x,
           double          y,
           double          w,
           double          h,
           const char     *text,
           double          size,
           gboolean        bold,
           PangoAlignment  align)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  double pad = MIN (2.0, w / 8.0);
  gboolean one_word;
  int text_w, text_h;

  if (text == NULL || *text == '\0')
    return;
  /* A number or a word in Latin letters is made smaller to fit, never broken; Chinese text and
   * longer phrases wrap on the form's way, a character at a time. */
  one_word = g_str_is_ascii (text) && strchr (text, ' ') == NULL;
  layout = pango_cairo_create_layout (cr);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int) ((w - 2 * pad) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, align);
  font = pango_font_description_new ();
  pango_font_description_set_family (font, SP_REPORT_FONT_FAMILY);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  for (;;)
    {
      pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_layout_get_pixel_size (layout, &text_w, &text_h);
      if ((text_h <= h && !(one_word && pango_layout_is_wrapped (layout))) || size <= 4.0)
        break;
      size *= 0.9;
    }
  pango_font_description_free (font);
  cairo_move_to (cr, x + pad, y + (h - text_h) / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_box (cairo_t *cr,
          double   x,
          double   y,
          double   w,
          double   h)
{
  cairo_rectangle (cr, x, y, w, h);
  cairo_stroke (cr);
}

static void
draw_hline (cairo_t *cr,
            double   x0,
            double   x1,
            double   y)
{
  cairo_move_to (cr, x0, y);
  cairo_line_to (cr, x1, y);
  cairo_stroke (cr);
}

/* The form's number (附件N) at the top left and its title centred above the grid. */
static void
draw_title (cairo_t    *cr,
            double      width,
            const char *annex,
            const char *title)
{
  g_autofree char *spaced = NULL;
  GString *out = g_string_new (NULL);

  /* R98 spaces the title's characters out: 比 赛 成 绩 记 录 表. */
  for (const char *p = title; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (p != title)
        g_string_append_c (out, ' ');
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  spaced = g_string_free (out, FALSE);
  draw_text (cr, MARGIN, MARGIN - 6, 80, 22, annex, 14, TRUE, PANGO_ALIGN_LEFT);
  draw_text (cr, MARGIN, MARGIN - 6, width - 2 * MARGIN, 24, spaced, 17, TRUE,
             PANGO_ALIGN_CENTER);
}

static const char *
player_name (const SpSnapshot *snapshot,
             gint64            id)
{
  const SpPlayer *player = sp_snapshot_find_player (snapshot, id);

  return player != NULL ? player->name : "";
}

/* The 队别/单位 of a player: the team, or else the club. */
static const char *
player_unit (const SpPlayer *player)
{
  if (player == NULL)
    return "";
  if (player->team != NULL)
    return player->team;
  return player->club != NULL ? player->club : "";
}

/* Table points (×12) as a referee writes them: 4, 2, 1.50, 0.58. */
static char *
format_points (gint64 points_x12)
{
  if (points_x12 % SP_TABLE_POINTS_SCALE == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT, points_x12 / SP_TABLE_POINTS_SCALE);
  return g_strdup_printf ("%.2f", (double) points_x12 / SP_TABLE_POINTS_SCALE);
}

/* ---- The Riichi hanchan score sheet -------------------------------------------------------- */

/* A round as its own term writes it, "東1局", with the name in the reader's language below
 * it ("East 1"); in Chinese the name alone (东1局 / 東1局). */
static char *
hanchan_round_text (const SpRotation *rotation)
{
  static const char *const kanji[] = { "東", "南", "西", "北" };
  g_autofree char *name = sp_riichi_round_name (rotation);
  g_autofree char *own = g_strdup_printf ("%s%u局", kanji[rotation->round_wind & 3],
                                          sp_rotation_dealer_chair (rotation) + 1);

  /* A Chinese reader has it in his own characters (东1局); others get both. */
  if (g_unichar_iswide (g_utf8_get_char (name)))
    return g_steal_pointer (&name);
  return g_strdup_printf ("%s\n%s", own, name);
}

/* What happened in a hand, as the table writes it: "Cai ron from Bo, 5 han 30 fu (mangan)",
 * "Dee tsumo, 4 han 20 fu", "Draw, tenpai: Cai, Dee", "Chombo: Ana". */
static char *
hanchan_result_text (const SpSnapshot        *snapshot,
                     const gint64            *seats,
                     const SpRiichiSheetHand *line)
{
  const SpHandRecord *hand = line->record;
  GString *out = g_string_new (NULL);

  if (hand->chombo != 0)
    {
      g_string_append_printf (out, _("Chombo: %s"),
                              player_name (snapshot, seats[__builtin_ctz (hand->chombo)]));
      return g_string_free (out, FALSE);
    }
  if (hand->draw)
    {
      GString *tenpai = g_string_new (NULL);

      for (guint c = 0; c < 4; c++)
        if (hand->tenpai & (1u << c))
          g_string_append_printf (tenpai, "%s%s", tenpai->len > 0 ? ", " : "",
                                  player_name (snapshot, seats[c]));
      if (tenpai->len > 0)
        g_string_append_printf (out, _("Draw, tenpai: %s"), tenpai->str);
      else
        g_string_append (out, _("Draw, all noten"));
      g_string_free (tenpai, TRUE);
      return g_string_free (out, FALSE);
    }
  if (hand->winner < 0 || hand->winner > 3)
    return g_string_free (out, FALSE);
  /* Each winner in turn order after the discarder: a double ron is "A ron from B, …; C ron
   * from B, …". */
  for (guint w = 0; w <= MIN (hand->n_also, SP_HAND_MAX_ALSO); w++)
    {
      const SpScoreResult *value = w < line->n_wins ? &line->values[w] : NULL;
      gint winner = w == 0 ? hand->winner : hand->also[w - 1].winner;
      const char *name = winner >= 0 && winner < 4 ? player_name (snapshot, seats[winner]) : "";

      if (w > 0)
        g_string_append (out, "; ");
      if (hand->discarder >= 0 && hand->discarder < 4)
        g_string_append_printf (out, _("%s ron from %s"), name,
                                player_name (snapshot, seats[hand->discarder]));
      else
        g_string_append_printf (out, _("%s tsumo"), name);
      if (value != NULL && value->win && value->yakuman > 0)
        g_string_append_printf (out, ", %s", value->yakuman > 1
                                             ? _("multiple yakuman") : _("yakuman"));
      else if (value != NULL && value->win && value->has_han_fu)
        {
          char limit[24];

          g_string_append (out, ", ");
          if (value->fu > 0)
            /* Translators: a riichi win's value, "5 han 30 fu". */
            g_string_append_printf (out, _("%d han %d fu"), value->han, value->fu);
          else
            g_string_append_printf (out, _("%d han"), value->han);
          sp_limit_to_string (value->limit, value->yakuman, limit);
          if (limit[0] != '\0')
            g_string_append_printf (out, " (%s)", limit);
        }
    }
  return g_string_free (out, FALSE);
}

/* A change of points with its sign, "+8,000", "−3,200"; nothing for none. */
static char *
hanchan_change_text (gint32 change)
{
  if (change == 0)
    return NULL;
  return g_strdup_printf ("%s%d", change > 0 ? "+" : "−", ABS (change));
}

static char *
hanchan_thousands_text (gint64 points)
{
  gint64 tenths = (points + (points >= 0 ? 50 : -50)) / 100;

  return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%d", tenths < 0 ? "−" : tenths > 0 ? "+" : "",
                          ABS (tenths) / 10, (int) (ABS (tenths) % 10));
}

/* The hanchan score sheet of a Riichi table: a row per hand (its round 東1局 … 南4局, honba,
 * sticks on the table, the result, and for each player the riichi declared, the change and the
 * points after it), then the final points, uma and tournament points; filled with the hands
 * played so far, the rest of the rows left for the table to write in. */
static void
hanchan_sheet_draw (cairo_t          *cr,
                    const SpSnapshot *snapshot,
                    guint             session_number,
                    guint             table,
                    double            width,
                    double            height)
{
  static const double fixed_widths[] = { 22, 60, 30, 30 };
  static const double player_widths[] = { 22, 52, 56 };
  const SpSessionSnapshot *session = sp_snapshot_find_session (snapshot, session_number);
  const gint64 *seats;
  const SpRules *rules = snapshot->tournament->rules;
  g_autoptr(GPtrArray) hands = g_ptr_array_new ();
  g_autoptr(SpRiichiSheet) sheet = NULL;
  const SpTableResult *result = NULL;
  double left = MARGIN, right = width - MARGIN, top = MARGIN + 46;
  double head_h = 30, foot_h = 18, sign_h = 26;
  double fixed_w = 0, player_w = 0, result_w, row_h, x, y;
  guint n_rows, n_played;
  gboolean over;
  g_autofree char *title = NULL;
  g_autofree char *header = NULL;

  g_return_if_fail (session != NULL && table >= 1 && table <= session->n_tables);
  seats = &session->seats[4 * (table - 1)];

  for (guint i = 0; i < snapshot->hands->len; i++)
    {
      const SpHandRecord *hand = snapshot->hands->pdata[i];

      if (hand->session == session_number && hand->table == table)
        g_ptr_array_add (hands, (gpointer) hand);
    }
  for (guint i = 0; i < snapshot->tables->len; i++)
    {
      const SpTableResult *found = &g_array_index (snapshot->tables, SpTableResult, i);

      if (found->session == session_number && found->table == table)
        result = found;
    }
  if (rules != NULL)
    sheet = sp_riichi_sheet_new (rules, session_number, table, seats,
                                 hands, NULL);
  n_played = sheet != NULL ? sheet->hands->len : 0;
  over = sheet != NULL && n_played > 0
         && (sheet->end.rotation.finished || session->closed
             || (result != NULL && result->closed));
  /* Every hand played, the next one, and room below: the rows the ruleset's sheet leaves. */
  n_rows = MAX (sp_ruleset_traits (snapshot->tournament->ruleset)->form_hands,
                n_played + (over ? 0 : 1));

  for (guint i = 0; i < G_N_ELEMENTS (fixed_widths); i++)
    fixed_w += fixed_widths[i];
  for (guint i = 0; i < G_N_ELEMENTS (player_widths); i++)
    player_w += player_widths[i];
  result_w = right - left - fixed_w - 4 * player_w;
  row_h = (height - MARGIN - sign_h - 3 * foot_h - top - 2 * head_h) / n_rows;

  cairo_set_source_rgb (cr, 0, 0, 0);
  title = g_strdup_printf (_("Hanchan Score Sheet — 半荘 %s"), snapshot->tournament->name);
  draw_text (cr, left, MARGIN - 6, right - left, 24, title, 16, TRUE, PANGO_ALIGN_CENTER);
  header = g_strdup_printf (_("Session %u    Table %u    %s    Start: ______    End: ______"),
                            session_number, table, snapshot->date != NULL ? snapshot->date : "");
  draw_text (cr, left, MARGIN + 20, right - left, 20, header, 10, FALSE, PANGO_ALIGN_LEFT);

  /* The heads: the hand's columns, then each player (in chair order: 東 at East 1) over his
   * riichi, change and points. */
  cairo_set_line_width (cr, THIN_LINE);
  {
    const char *labels[] = { _("No."), C_("riichi", "Round"), _("Honba"), _("Sticks") };

    x = left;
    for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
      {
        draw_box (cr, x, top, fixed_widths[i], 2 * head_h);
        draw_text (cr, x, top, fixed_widths[i], 2 * head_h, labels[i], 8, FALSE,
                   PANGO_ALIGN_CENTER);
        x += fixed_widths[i];
      }
    draw_box (cr, x, top, result_w, 2 * head_h);
    draw_text (cr, x, top, result_w, 2 * head_h, C_("riichi", "Result"), 9, FALSE,
               PANGO_ALIGN_CENTER);
    x += result_w;
    for (guint c = 0; c < 4; c++)
      {
        static const char *const winds[] = { "東", "南", "西", "北" };
        g_autofree char *name = g_strdup_printf ("%s  %s", winds[c],
                                                 player_name (snapshot, seats[c]));
        const char *sub[] = { _("Riichi"), _("±"), C_("riichi", "Points") };
        double sx = x;

        draw_box (cr, x, top, player_w, head_h);
        draw_text (cr, x, top, player_w, head_h, name, 10, TRUE, PANGO_ALIGN_CENTER);
        for (guint i = 0; i < G_N_ELEMENTS (sub); i++)
          {
            draw_box (cr, sx, top + head_h, player_widths[i], head_h);
            draw_text (cr, sx, top + head_h, player_widths[i], head_h, sub[i], 7, FALSE,
                       PANGO_ALIGN_CENTER);
            sx += player_widths[i];
          }
        x += player_w;
      }
  }

  /* The hands, the next one and the empty rows.  A blank sheet is a guide: 東1局 … 南4局, each
   * with a row below for a repeat. */
  y = top + 2 * head_h;
  for (guint r = 0; r < n_rows; r++)
    {
      const SpRiichiSheetHand *line = r < n_played
                                      ? &g_array_index (sheet->hands, SpRiichiSheetHand, r) : NULL;
      g_autofree char *number = NULL;
      g_autofree char *round = NULL;
      g_autofree char *honba = NULL;
      g_autofree char *sticks = NULL;
      g_autofree char *what = NULL;
      const SpRotation *at = NULL;
      SpRotation guide;
      guint on_table = 0;

      if (line != NULL)
        {
          at = &line->rotation;
          on_table = line->sticks;
          what = hanchan_result_text (snapshot, seats, line);
        }
      else if (sheet != NULL && r == n_played && n_played > 0 && !over)
        {
          at = &sheet->end.rotation;
          on_table = sheet->end.sticks;
        }
      else if (n_played == 0 && r < 16 && r % 2 == 0)
        {
          /* The blank sheet's guide: the dealer passes at every other row. */
          sp_rotation_start (&guide, sp_tournament_rotation (snapshot->tournament));
          guide.round_wind = r / 8;
          for (guint c = 0; c < 4; c++)
            guide.seat_wind[c] = (guint8) ((c + 4 - (r / 2) % 4) % 4);
          round = hanchan_round_text (&guide);
        }
      if (at != NULL)
        {
          number = g_strdup_printf ("%u", (guint) at->number);
          round = hanchan_round_text (at);
          honba = g_strdup_printf ("%u", (guint) at->streak);
          sticks = g_strdup_printf ("%u", on_table);
        }
      x = left;
      {
        const char *cells[] = { number, round, honba, sticks };

        for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
          {
            draw_box (cr, x, y, fixed_widths[i], row_h);
            draw_text (cr, x, y, fixed_widths[i], row_h, cells[i], 8, FALSE, PANGO_ALIGN_CENTER);
            x += fixed_widths[i];
          }
      }
      draw_box (cr, x, y, result_w, row_h);
      draw_text (cr, x + 2, y, result_w - 4, row_h, what, 8, FALSE, PANGO_ALIGN_LEFT);
      x += result_w;
      for (guint c = 0; c < 4; c++)
        {
          g_autofree char *change = NULL;
          g_autofree char *points = NULL;
          const char *riichi = line != NULL && (line->record->riichi & (1u << c)) ? "●" : NULL;
          double sx = x;

          if (line != NULL)
            {
              change = hanchan_change_text ((gint32) line->record->settlement[c]);
              points = g_strdup_printf ("%d", line->points[c]);
            }
          {
            const char *cells[] = { riichi, change, points };

            for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
              {
                draw_box (cr, sx, y, player_widths[i], row_h);
                draw_text (cr, sx, y, player_widths[i], row_h, cells[i], 8, i == 2,
                           i == 0 ? PANGO_ALIGN_CENTER : PANGO_ALIGN_RIGHT);
                sx += player_widths[i];
              }
          }
          x += player_w;
        }
      y += row_h;
    }

  /* The end: the final points (leftover sticks given), the uma, the tournament points. */
  cairo_set_line_width (cr, FRAME_LINE);
  draw_hline (cr, left, right, y);
  cairo_set_line_width (cr, THIN_LINE);
  {
    const char *labels[] = { _("Final points"), _("Uma"), _("Tournament points") };
    SpRiichiFinal final;

    if (over)
      {
        if (result != NULL)
          sp_riichi_table_result_final (result, &sheet->rules, &final);
        else
          final = sheet->final;
      }
    for (guint k = 0; k < G_N_ELEMENTS (labels); k++)
      {
        x = left;
        draw_box (cr, x, y, fixed_w + result_w, foot_h);
        draw_text (cr, x + 2, y, fixed_w + result_w - 4, foot_h, labels[k], 9, TRUE,
                   PANGO_ALIGN_RIGHT);
        x += fixed_w + result_w;
        for (guint c = 0; c < 4; c++)
          {
            g_autofree char *text = NULL;

            if (over && k == 0)
              text = g_strdup_printf ("%d", final.points[c]);
            else if (over && k == 1)
              text = hanchan_thousands_text (final.uma[c]);
            else if (over)
              text = hanchan_thousands_text (final.score[c]
                                             + (result != NULL ? result->penalties[c] : 0));
            draw_box (cr, x, y, player_w, foot_h);
            draw_text (cr, x, y, player_w - 4, foot_h, text, 9, TRUE, PANGO_ALIGN_RIGHT);
            x += player_w;
          }
        y += foot_h;
      }
  }
  cairo_set_line_width (cr, FRAME_LINE);
  draw_box (cr, left, top, right - left, y - top);
  {
    g_autofree char *legend = g_strdup_printf (
      _("● riichi (1,000 on the table)    Players' signatures: ______  ______  ______  ______"
        "    Referee: ________"));

    draw_text (cr, left, y + 4, right - left, sign_h - 6, legend, 9, FALSE, PANGO_ALIGN_LEFT);
  }
}

/* ---- 附件5 比赛成绩记录表 ------------------------------------------------------------------ */

guint
sp_scoresheet_n_hands (SpRuleset ruleset)
{
  /* Four rounds of four dealers, and more where the dealer keeps the deal (連莊). */
  return sp_ruleset_traits (ruleset)->form_hands;
}

void
sp_scoresheet_draw (cairo_t          *cr,
                    const SpSnapshot *snapshot,
                    guint             session_number,
                    guint             table,
                    double            width,
                    double            height)
{
  /* The columns left of the hands and right of them, in points, as on the form. */
  static const char *const left_labels[] = { "队别", "编号", "姓名", "方位", "项目" };
  static const double left_widths[] = { 44, 34, 74, 26, 38 };
  static const char *const right_labels[] = { "比赛分合计", "名次", "运动员签名" };
  static const double right_widths[] = { 48, 28, 64 };
  /* The four rows of each player and their heights in units: 和牌名称 takes two. */
  static const char *const item_labels[] = { "符号", "和牌名称", "得分", "失分" };
  static const double item_units[] = { 1, 2, 1, 1 };
  const SpSessionSnapshot *session = sp_snapshot_find_session (snapshot, session_number);
  guint n_hands = sp_scoresheet_n_hands (snapshot->tournament->ruleset);
  double left = MARGIN, right = width - MARGIN;
  double header_y = MARGIN + 24, grid_top = MARGIN + 48, head_h = 24;
  double legend_h = 20, signature_h = 26;
  double grid_bottom = height - MARGIN - signature_h;
  double unit = (grid_bottom - legend_h - grid_top - head_h) / 20.0;
  double left_w = 0, right_w = 0, hand_w, x, y;
  g_autofree char *name_line = NULL;
  g_autofree char *round_line = NULL;
  g_autofree char *date_line = NULL;
  g_auto(GStrv) date = NULL;

  g_return_if_fail (session != NULL && table >= 1 && table <= session->n_tables);

  /* A table that keeps running points has the hanchan's sheet: a row per hand, the points. */
  if (sp_ruleset_traits (snapshot->tournament->ruleset)->keeps_points)
    {
      hanchan_sheet_draw (cr, snapshot, session_number, table, width, height);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (left_widths); i++)
    left_w += left_widths[i];
  for (guint i = 0; i < G_N_ELEMENTS (right_widths); i++)
    right_w += right_widths[i];
  hand_w = (right - left - left_w - right_w) / n_hands;

  cairo_set_source_rgb (cr, 0, 0, 0);
  draw_title (cr, width, "附件5", "比赛成绩记录表");

  /* The header: the event, 局 (the session), 组, 桌, the date and the start and end times. */
  date = g_strsplit (snapshot->date != NULL ? snapshot->date : "", "-", 3);
  name_line = g_strdup_printf ("比赛名称：%s", snapshot->tournament->name);
  round_line = g_strdup_printf ("第 %u 局　　第 ____ 组　　第 %u 桌", session_number, table);
  date_line = g_strv_length (date) == 3
              ? g_strdup_printf ("%s 年 %s 月 %s 日", date[0], date[1], date[2])
              : g_strdup ("____ 年 ___ 月 ___ 日");
  /* The header's four parts share the width as on the form, on A4 and on Letter alike. */
  {
    const char *parts[] = { name_line, round_line, date_line,
                            "起止时间 ____时____分 — ____时____分" };
    const double shares[] = { 0.31, 0.23, 0.18, 0.28 };
    double part_x = left;

    for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
      {
        double part_w = shares[i] * (right - left);

        draw_text (cr, part_x, header_y, part_w, 20, parts[i], 10, FALSE,
                   i == 3 ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
        part_x += part_w;
      }
  }

  /* The column heads. */
  cairo_set_line_width (cr, THIN_LINE);
  x = left;
  for (guint i = 0; i < G_N_ELEMENTS (left_labels); i++)
    {
      draw_box (cr, x, grid_top, left_widths[i], head_h);
      draw_text (cr, x, grid_top, left_widths[i], head_h, left_labels[i], 9, FALSE,
                 PANGO_ALIGN_CENTER);
      x += left_widths[i];
    }
  for (guint h = 0; h < n_hands; h++)
    {
      g_autofree char *number = g_strdup_printf ("%u", h + 1);

      draw_box (cr, x, grid_top, hand_w, head_h);
      draw_text (cr, x, grid_top, hand_w, head_h, number, 9, FALSE, PANGO_ALIGN_CENTER);
      x += hand_w;
    }
  for (guint i = 0; i < G_N_ELEMENTS (right_labels); i++)
    {
      draw_box (cr, x, grid_top, right_widths[i], head_h);
      draw_text (cr, x, grid_top, right_widths[i], head_h, right_labels[i], 9, FALSE,
                 PANGO_ALIGN_CENTER);
      x += right_widths[i];
    }

  /* The four players, in chair order: 东南西北 at the first hand, East its first dealer. */
  y = grid_top + head_h;
  for (guint chair = 0; chair < 4; chair++)
    {
      gint64 id = session->seats[4 * (table - 1) + chair];
      const SpPlayer *player = sp_snapshot_find_player (snapshot, id);
      g_autofree char *number = id > 0 ? g_strdup_printf ("%" G_GINT64_FORMAT, id) : NULL;
      const char *cells[] = { player_unit (player), number, player_name (snapshot, id),
                              seat_winds[chair] };
      double block_h = 5 * unit, row_y = y;

      x = left;
      for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
        {
          draw_box (cr, x, y, left_widths[i], block_h);
          draw_text (cr, x, y, left_widths[i], block_h, cells[i], i == 3 ? 14 : 10, i == 3,
                     PANGO_ALIGN_CENTER);
          x += left_widths[i];
        }
      for (guint item = 0; item < G_N_ELEMENTS (item_labels); item++)
        {
          double row_h = item_units[item] * unit;
          double cx = x;

          draw_box (cr, cx, row_y, left_widths[4], row_h);
          draw_text (cr, cx, row_y, left_widths[4], row_h, item_labels[item], 8, FALSE,
                     PANGO_ALIGN_CENTER);
          cx += left_widths[4];
          for (guint h = 0; h < n_hands; h++)
            {
              draw_box (cr, cx, row_y, hand_w, row_h);
              /* The first dealer's mark (庄 ▲) in the 符号 row of hand 1. */
              if (item == 0 && h == 0 && chair == 0)
                draw_text (cr, cx, row_y, hand_w, row_h, "▲", 9, FALSE, PANGO_ALIGN_CENTER);
              cx += hand_w;
            }
          row_y += row_h;
        }
      x += left_widths[4] + n_hands * hand_w;
      for (guint i = 0; i < G_N_ELEMENTS (right_widths); i++)
        {
          draw_box (cr, x, y, right_widths[i], block_h);
          x += right_widths[i];
        }
      /* The players' blocks are parted by a stronger line, as on the form. */
      cairo_set_line_width (cr, FRAME_LINE);
      draw_hline (cr, left, right, y);
      cairo_set_line_width (cr, THIN_LINE);
      y += block_h;
    }

  /* The symbol legend (说明) on the frame's last row, the referees' signatures below it. */
  draw_box (cr, left, y, right - left, legend_h);
  draw_text (cr, left + 4, y, right - left - 8, legend_h,
             "说明：　1 庄：▲　　2 点炮：—　　3 自摸：+　　4 荒牌：○　　5 诈和：✓　　6 警告：✕",
             9, FALSE, PANGO_ALIGN_LEFT);
  cairo_set_line_width (cr, FRAME_LINE);
  draw_box (cr, left, grid_top, right - left, y + legend_h - grid_top);
  draw_text (cr, left + 160, y + legend_h + 2, 240, signature_h - 4,
             "裁判员签名：________________", 10, FALSE, PANGO_ALIGN_LEFT);
  draw_text (cr, left + 440, y + legend_h + 2, 240, signature_h - 4,
             "裁判长签名：________________", 10, FALSE, PANGO_ALIGN_LEFT);
}

typedef struct
{
  const SpSnapshot *snapshot;
  guint session;
} Sheets;

static void
draw_scoresheet_page (cairo_t  *cr,
                      guint     page,
                      double    width,
                      double    height,
                      gpointer  data)
{
  const Sheets *sheets = data;

  sp_scoresheet_draw (cr, sheets->snapshot, sheets->session, page + 1, width, height);
}

gboolean
sp_report_write_scoresheets_pdf (const SpSnapshot  *snapshot,
                                 guint              session,
                                 SpPaper            paper,
                                 const char        *path,
                                 GError           **error)
{
  const SpSessionSnapshot *drawn;
  Sheets sheets = { snapshot, session };
  g_autofree char *title = NULL;

  g_return_val_if_fail (snapshot != NULL && path != NULL, FALSE);

  drawn = sp_snapshot_find_session (snapshot, session);
  if (drawn == NULL || drawn->n_tables == 0)
    {
      g_set_error (error, SP_REPORT_ERROR, SP_REPORT_ERROR_FAILED,
                   _("Session %u has no seating yet: draw it before printing its score sheets."),
                   session);
      return FALSE;
    }
  if (sp_ruleset_traits (snapshot->tournament->ruleset)->keeps_points)
    title = g_strdup_printf (_("%s — hanchan score sheets, session %u"),
                             snapshot->tournament->name, session);
  else
    title = g_strdup_printf ("%s — 比赛成绩记录表 第 %u 局", snapshot->tournament->name, session);
  return sp_report_write_pdf (path, paper, TRUE, title, drawn->n_tables, draw_scoresheet_page,
                              &sheets, error);
}

/* ---- 附件4 比赛处罚记录表 ------------------------------------------------------------------ */

#define PENALTY_ROWS_PER_PAGE 16
#define PENALTY_BLANK_ROWS 4

/* Whether @penalty is another player's gain from a false win (诈和, 错和): the points each
 * other player receives are written with the offender's in one verdict (the same session,
 * table, hand and reason, a deduction among them).  The form records who was penalised, so
 * these are left off it. */
static gboolean
is_false_win_gain (const SpSnapshot *snapshot,
                   const SpPenalty  *penalty)
{
  if (penalty->points <= 0 || penalty->number == 0)
    return FALSE;
  for (guint i = 0; i < snapshot->penalties->len; i++)
    {
      const SpPenalty *other = snapshot->penalties->pdata[i];

      if (other->points < 0 && other->session == penalty->session
          && other->table == penalty->table && other->number == penalty->number
          && g_strcmp0 (other->reason, penalty->reason) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The penalties the form lists, in the snapshot's order (borrowed). */
static GPtrArray *
penalised (const SpSnapshot *snapshot)
{
  GPtrArray *rows = g_ptr_array_new ();

  for (guint i = 0; i < snapshot->penalties->len; i++)
    if (!is_false_win_gain (snapshot, snapshot->penalties->pdata[i]))
      g_ptr_array_add (rows, snapshot->penalties->pdata[i]);
  return rows;
}

guint
sp_penalty_record_n_pages (const SpSnapshot *snapshot)
{
  g_autoptr(GPtrArray) listed = penalised (snapshot);
  guint rows = listed->len + PENALTY_BLANK_ROWS;

  return (rows + PENALTY_ROWS_PER_PAGE - 1) / PENALTY_ROWS_PER_PAGE;
}

/* Where a penalty was given, as 违规局、盘、桌、位: the session, the hand, the table and the
 * player's seat at the session's first hand. */
static char *
penalty_place (const SpSnapshot *snapshot,
               const SpPenalty  *penalty)
{
  const SpSessionSnapshot *session = sp_snapshot_find_session (snapshot, penalty->session);
  GString *out = g_string_new (NULL);
  guint table = penalty->table, number = penalty->number;

  g_string_append_printf (out, "第%u局", penalty->session);
  if (penalty->hand != 0)
    for (guint i = 0; i < snapshot->hands->len; i++)
      {
        const SpHandRecord *hand = snapshot->hands->pdata[i];

        if (hand->id == penalty->hand)
          {
            table = hand->table;
            number = hand->number;
            break;
          }
      }
  if (number > 0)
    g_string_append_printf (out, " 第%u盘", number);
  for (guint i = 0; session != NULL && i < 4 * session->n_tables; i++)
    if (session->seats[i] == penalty->player && (table == 0 || table == i / 4 + 1))
      {
        table = i / 4 + 1;
        g_string_append_printf (out, " 第%u桌 %s", table, seat_winds[i % 4]);
        break;
      }
  return g_string_free (out, FALSE);
}

void
sp_penalty_record_draw_page (cairo_t          *cr,
                             const SpSnapshot *snapshot,
                             guint             page,
                             double            width,
                             double            height)
{
  static const char *const labels[] = { "队别", "姓名", "序号", "违规局、盘、桌、位", "违规内容",
                                        "处罚方法", "备注" };
  /* The form's columns are alike; the reason gets the room it needs. */
  static const double shares[] = { 1.0, 1.1, 0.5, 1.5, 2.4, 1.0, 0.9 };
  double left = MARGIN, right = width - MARGIN, top = MARGIN + 54, head_h = 40;
  double row_h = (height - MARGIN - top - head_h) / PENALTY_ROWS_PER_PAGE;
  double widths[G_N_ELEMENTS (shares)], total = 0, x;
  g_autofree char *name_line = NULL;
  g_autofree char *page_line = NULL;
  g_autoptr(GPtrArray) listed = penalised (snapshot);

  for (guint i = 0; i < G_N_ELEMENTS (shares); i++)
    total += shares[i];
  for (guint i = 0; i < G_N_ELEMENTS (shares); i++)
    widths[i] = (right - left) * shares[i] / total;

  cairo_set_source_rgb (cr, 0, 0, 0);
  draw_title (cr, width, "附件4", "比赛处罚记录表");
  name_line = g_strdup_printf ("比赛名称：%s　　　局 ____　组 ____　桌 ____",
                               snapshot->tournament->name);
  page_line = g_strdup_printf ("%u / %u", page + 1, sp_penalty_record_n_pages (snapshot));
  draw_text (cr, left, MARGIN + 26, 520, 20, name_line, 10, FALSE, PANGO_ALIGN_LEFT);
  draw_text (cr, right - 80, MARGIN + 26, 80, 20, page_line, 10, FALSE, PANGO_ALIGN_RIGHT);

  cairo_set_line_width (cr, THIN_LINE);
  x = left;
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      draw_box (cr, x, top, widths[i], head_h);
      draw_text (cr, x, top, widths[i], head_h, labels[i], 10, FALSE, PANGO_ALIGN_CENTER);
      x += widths[i];
    }
  for (guint row = 0; row < PENALTY_ROWS_PER_PAGE; row++)
    {
      guint index = page * PENALTY_ROWS_PER_PAGE + row;
      double y = top + head_h + row * row_h;
      const char *cells[G_N_ELEMENTS (labels)] = { NULL };
      g_autofree char *number = NULL;
      g_autofree char *place = NULL;
      g_autofree char *method = NULL;

      if (index < listed->len)
        {
          const SpPenalty *penalty = listed->pdata[index];
          const SpPlayer *player = sp_snapshot_find_player (snapshot, penalty->player);

          /* 序号 follows 队别 and 姓名 on the form: the player's number, as on the score sheet. */
          number = g_strdup_printf ("%" G_GINT64_FORMAT, penalty->player);
          place = penalty_place (snapshot, penalty);
          /* 处罚方法 as a referee writes it: a deduction (扣分), points received, a warning. */
          if (penalty->points < 0)
            method = g_strdup_printf ("扣 %" G_GINT64_FORMAT " 分", -penalty->points);
          else if (penalty->points > 0)
            method = g_strdup_printf ("得 %" G_GINT64_FORMAT " 分", penalty->points);
          else
            method = g_strdup ("警告");
          cells[0] = player_unit (player);
          cells[1] = player != NULL ? player->name : "";
          cells[2] = number;
          cells[3] = place;
          cells[4] = penalty->reason;
          cells[5] = method;
        }
      x = left;
      for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
        {
          draw_box (cr, x, y, widths[i], row_h);
          draw_text (cr, x, y, widths[i], row_h, cells[i], 9, FALSE,
                     i == 4 ? PANGO_ALIGN_LEFT : PANGO_ALIGN_CENTER);
          x += widths[i];
        }
    }
  cairo_set_line_width (cr, FRAME_LINE);
  draw_box (cr, left, top, right - left, head_h + PENALTY_ROWS_PER_PAGE * row_h);
}

static void
draw_penalty_page (cairo_t  *cr,
                   guint     page,
                   double    width,
                   double    height,
                   gpointer  data)
{
  sp_penalty_record_draw_page (cr, data, page, width, height);
}

gboolean
sp_report_write_penalties_pdf (const SpSnapshot  *snapshot,
                               SpPaper            paper,
                               const char        *path,
                               GError           **error)
{
  g_autofree char *title = NULL;

  g_return_val_if_fail (snapshot != NULL && path != NULL, FALSE);

  title = g_strdup_printf ("%s — 比赛处罚记录表", snapshot->tournament->name);
  return sp_report_write_pdf (path, paper, TRUE, title, sp_penalty_record_n_pages (snapshot),
                              draw_penalty_page, (gpointer) snapshot, error);
}

/* ---- 附件6 比赛成绩统计表 ------------------------------------------------------------------ */

#define SUMMARY_ROWS_PER_PAGE 20

/* One player's session: the session score, the place at the table and the table points. */
typedef struct
{
  gboolean played;
  gint64   score;
  guint8   place;
  gint32   points_x12;
} SessionCell;

guint
sp_results_summary_n_pages (const SpSnapshot *snapshot)
{
  guint rows = MAX (snapshot->standings->len, 1);

  return (rows + SUMMARY_ROWS_PER_PAGE - 1) / SUMMARY_ROWS_PER_PAGE;
}

static guint
summary_n_sessions (const SpSnapshot *snapshot)
{
  guint n = snapshot->tournament->n_sessions;

  for (guint i = 0; i < snapshot->tables->len; i++)
    n = MAX (n, g_array_index (snapshot->tables, SpTableResult, i).session);
  return MAX (n, 1);
}

/* Every player's sessions (score with penalties, place and table points at the table, as the
 * standings count them: 4 / 2 / 1 / 0 at each table), and each team's table points by session,
 * worked out once for a page. */
typedef struct
{
  guint       n_sessions;
  GHashTable *players;  /* player id → SessionCell[n_sessions] */
  GHashTable *teams;    /* team name → SessionCell[n_sessions] (points: the members' sum) */
} SummaryCells;

/* Each player's sessions as the core worked them out for the standings: with group_tables=N
 * (R98 第十条) the table points are the standard score of the group of tables and the 名次 of
 * the form is the place in the group that gave it; in a Riichi event the uma and the hanchan's
 * place. */
static void
summary_cells_init (SummaryCells     *cells,
                    const SpSnapshot *snapshot,
                    guint             n_sessions)
{
  cells->n_sessions = n_sessions;
  cells->players = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  cells->teams = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = 0; i < snapshot->session_results->len; i++)
    {
      const SpSessionResult *result = &g_array_index (snapshot->session_results,
                                                      SpSessionResult, i);
      gint64 player = result->player;
      SessionCell *row;

      if (result->session == 0 || result->session > n_sessions)
        continue;
      if ((row = g_hash_table_lookup (cells->players, &player)) == NULL)
        {
          row = g_new0 (SessionCell, n_sessions);
          g_hash_table_insert (cells->players, g_memdup2 (&player, sizeof (gint64)), row);
        }
      row[result->session - 1] = (SessionCell) {
        .played = TRUE,
        .score = result->score,
        .place = (guint8) MIN (result->group_place, G_MAXUINT8),
        .points_x12 = result->table_points_x12,
      };
    }
  for (guint p = 0; p < snapshot->players->len; p++)
    {
      const SpPlayer *member = snapshot->players->pdata[p];
      const SessionCell *row;
      SessionCell *team;

      if (member->team == NULL
          || (row = g_hash_table_lookup (cells->players, &member->id)) == NULL)
        continue;
      if ((team = g_hash_table_lookup (cells->teams, member->team)) == NULL)
        {
          team = g_new0 (SessionCell, n_sessions);
          g_hash_table_insert (cells->teams, member->team, team);
        }
      for (guint s = 0; s < n_sessions; s++)
        if (row[s].played)
          {
            team[s].played = TRUE;
            team[s].points_x12 += row[s].points_x12;
          }
    }
}

static void
summary_cells_clear (SummaryCells *cells)
{
  g_clear_pointer (&cells->players, g_hash_table_unref);
  g_clear_pointer (&cells->teams, g_hash_table_unref);
}

/* Session @session (1-based) of @player, or one not played. */
static SessionCell
session_cell (const SummaryCells *cells,
              const SpPlayer     *player,
              gboolean            of_team,
              guint               session)
{
  static const SessionCell none = { FALSE, 0, 0, 0 };
  const SessionCell *row = NULL;

  if (player != NULL && of_team && player->team != NULL)
    row = g_hash_table_lookup (cells->teams, player->team);
  else if (player != NULL && !of_team)
    row = g_hash_table_lookup (cells->players, &player->id);
  return row != NULL ? row[session - 1] : none;
}

void
sp_results_summary_draw_page (cairo_t          *cr,
                              const SpSnapshot *snapshot,
                              guint             page,
                              double            width,
                              double            height)
{
  guint n_sessions = summary_n_sessions (snapshot);
  gboolean teams = FALSE;
  SummaryCells cells = { 0 };
  double left = MARGIN, right = width - MARGIN, top = MARGIN + 54, head_h = 44;
  double row_h = (height - MARGIN - 24 - top - head_h) / SUMMARY_ROWS_PER_PAGE;
  /* The fixed columns narrow down when many sessions need the room. */
  gboolean many = n_sessions > 4;
  double unit_w = many ? 50 : 64, name_w = many ? 62 : 74, number_w = many ? 28 : 34;
  double sign_w = many ? 40 : 52, rank_w = 26, cell_w, score_w, place_w, x;
  double n_cells;
  g_autofree char *name_line = NULL;
  g_autofree char *page_line = NULL;

  /* The team columns only when some player is in a team. */
  for (guint p = 0; p < snapshot->players->len && !teams; p++)
    teams = ((const SpPlayer *) snapshot->players->pdata[p])->team != NULL;

  /* Per session: 比赛分 (a score of up to four digits and its sign, half as wide again as a
   * table points cell) and 名次 (a digit), then 标准分; their total; the team's 标准分 per
   * session and total when there are teams. */
  n_cells = n_sessions * (1.5 + 0.7) + n_sessions + 1 + (teams ? n_sessions + 1 : 0);
  cell_w = (right - left - unit_w - name_w - number_w - sign_w - rank_w * (teams ? 2 : 1))
           / n_cells;
  score_w = 1.5 * cell_w;
  place_w = 0.7 * cell_w;

  cairo_set_source_rgb (cr, 0, 0, 0);
  draw_title (cr, width, "附件6", "比赛成绩统计表");
  name_line = g_strdup_printf ("比赛名称：%s　　　%s", snapshot->tournament->name,
                               snapshot->date != NULL ? snapshot->date : "");
  page_line = g_strdup_printf ("%u / %u", page + 1, sp_results_summary_n_pages (snapshot));
  draw_text (cr, left, MARGIN + 26, 520, 20, name_line, 10, FALSE, PANGO_ALIGN_LEFT);
  draw_text (cr, right - 80, MARGIN + 26, 80, 20, page_line, 10, FALSE, PANGO_ALIGN_RIGHT);

  /* The heads: columns spanning both rows, and the groups over their sessions' columns. */
  cairo_set_line_width (cr, THIN_LINE);
  x = left;
  {
    const char *labels[] = { "单位", "姓名", "号码" };
    double widths[] = { unit_w, name_w, number_w };

    for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
      {
        draw_box (cr, x, top, widths[i], head_h);
        draw_text (cr, x, top, widths[i], head_h, labels[i], 9, FALSE, PANGO_ALIGN_CENTER);
        x += widths[i];
      }
  }
  draw_box (cr, x, top, n_sessions * (score_w + place_w), head_h / 2);
  draw_text (cr, x, top, n_sessions * (score_w + place_w), head_h / 2, "个人比赛分", 9, FALSE,
             PANGO_ALIGN_CENTER);
  for (guint s = 0; s < n_sessions; s++)
    {
      g_autofree char *label = g_strdup_printf ("第%u局", s + 1);

      draw_box (cr, x, top + head_h / 2, score_w, head_h / 2);
      draw_text (cr, x, top + head_h / 2, score_w, head_h / 2, label, 8, FALSE,
                 PANGO_ALIGN_CENTER);
      draw_box (cr, x + score_w, top + head_h / 2, place_w, head_h / 2);
      draw_text (cr, x + score_w, top + head_h / 2, place_w, head_h / 2, "名次", 8, FALSE,
                 PANGO_ALIGN_CENTER);
      x += score_w + place_w;
    }
  for (guint group = 0; group < (teams ? 2u : 1u); group++)
    {
      const char *title = group == 0 ? "个人标准分" : "团体标准分";

      draw_box (cr, x, top, (n_sessions + 1) * cell_w, head_h / 2);
      draw_text (cr, x, top, (n_sessions + 1) * cell_w, head_h / 2, title, 9, FALSE,
                 PANGO_ALIGN_CENTER);
      for (guint s = 0; s <= n_sessions; s++)
        {
          g_autofree char *label = s < n_sessions ? g_strdup_printf ("第%u局", s + 1)
                                                  : g_strdup ("合计");

          draw_box (cr, x, top + head_h / 2, cell_w, head_h / 2);
          draw_text (cr, x, top + head_h / 2, cell_w, head_h / 2, label, 8, FALSE,
                     PANGO_ALIGN_CENTER);
          x += cell_w;
        }
      draw_box (cr, x, top, rank_w, head_h);
      draw_text (cr, x, top, rank_w, head_h, group == 0 ? "个人名次" : "团体名次", 9, FALSE,
                 PANGO_ALIGN_CENTER);
      x += rank_w;
    }
  draw_box (cr, x, top, sign_w, head_h);
  draw_text (cr, x, top, sign_w, head_h, "签名", 9, FALSE, PANGO_ALIGN_CENTER);

  /* The players, best first. */
  summary_cells_init (&cells, snapshot, n_sessions);
  for (guint row = 0; row < SUMMARY_ROWS_PER_PAGE; row++)
    {
      guint index = page * SUMMARY_ROWS_PER_PAGE + row;
      double y = top + head_h + row * row_h;
      const SpStanding *standing = NULL;
      const SpPlayer *player = NULL;
      const SpStanding *team = NULL;

      if (index < snapshot->standings->len)
        {
          standing = &g_array_index (snapshot->standings, SpStanding, index);
          player = sp_snapshot_find_player (snapshot, standing->player);
        }
      if (player != NULL)
        team = sp_snapshot_find_team_standing (snapshot, player->team);

      x = left;
      {
        g_autofree char *number = player != NULL
                                  ? g_strdup_printf ("%" G_GINT64_FORMAT, player->id) : NULL;
        const char *texts[] = { player_unit (player), player != NULL ? player->name : NULL,
                                number };
        double widths[] = { unit_w, name_w, number_w };

        for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
          {
            draw_box (cr, x, y, widths[i], row_h);
            draw_text (cr, x, y, widths[i], row_h, texts[i], 9, FALSE, PANGO_ALIGN_CENTER);
            x += widths[i];
          }
      }
      for (guint s = 0; s < n_sessions; s++)
        {
          SessionCell cell = session_cell (&cells, player, FALSE, s + 1);
          g_autofree char *score = NULL;
          g_autofree char *place = NULL;

          if (cell.played)
            {
              score = g_strdup_printf ("%" G_GINT64_FORMAT, cell.score);
              place = g_strdup_printf ("%u", cell.place);
            }
          draw_box (cr, x, y, score_w, row_h);
          draw_text (cr, x, y, score_w, row_h, score, 8, FALSE, PANGO_ALIGN_CENTER);
          draw_box (cr, x + score_w, y, place_w, row_h);
          draw_text (cr, x + score_w, y, place_w, row_h, place, 8, FALSE, PANGO_ALIGN_CENTER);
          x += score_w + place_w;
        }
      for (guint group = 0; group < (teams ? 2u : 1u); group++)
        {
          for (guint s = 0; s <= n_sessions; s++)
            {
              g_autofree char *text = NULL;

              if (standing != NULL && s == n_sessions)
                text = group == 0 ? format_points (standing->table_points_x12)
                       : team != NULL ? format_points (team->table_points_x12) : NULL;
              else if (s < n_sessions)
                {
                  /* The player's 标准分 of a session, or the team's: its members' sum. */
                  SessionCell cell = session_cell (&cells, player, group == 1, s + 1);

                  if (cell.played)
                    text = format_points (cell.points_x12);
                }
              draw_box (cr, x, y, cell_w, row_h);
              draw_text (cr, x, y, cell_w, row_h, text, 8, FALSE, PANGO_ALIGN_CENTER);
              x += cell_w;
            }
          {
            g_autofree char *rank = NULL;

            if (group == 0 && standing != NULL)
              rank = g_strdup_printf ("%u", standing->rank);
            else if (group == 1 && team != NULL)
              rank = g_strdup_printf ("%u", team->rank);
            draw_box (cr, x, y, rank_w, row_h);
            draw_text (cr, x, y, rank_w, row_h, rank, 9, FALSE, PANGO_ALIGN_CENTER);
            x += rank_w;
          }
        }
      draw_box (cr, x, y, sign_w, row_h);
    }
  summary_cells_clear (&cells);
  cairo_set_line_width (cr, FRAME_LINE);
  draw_box (cr, left, top, right - left, head_h + SUMMARY_ROWS_PER_PAGE * row_h);
  draw_text (cr, left, top + head_h + SUMMARY_ROWS_PER_PAGE * row_h + 2, right - left, 20,
             "说明：1. 比赛分每局结算一次，以比赛分多少排出名次，再换算成标准分，以各局标准分总和"
             "计算总成绩。2. 标准分：第一名得分等于参赛人数，其他人得分等于参赛人数减去所得名次，"
             "最后一名得分为 0。",
             7, FALSE, PANGO_ALIGN_LEFT);
}

static void
draw_summary_page (cairo_t  *cr,
                   guint     page,
                   double    width,
                   double    height,
                   gpointer  data)
{
  sp_results_summary_draw_page (cr, data, page, width, height);
}

gboolean
sp_report_write_summary_pdf (const SpSnapshot  *snapshot,
                             SpPaper            paper,
                             const char        *path,
                             GError           **error)
{
  g_autofree char *title = NULL;

  g_return_val_if_fail (snapshot != NULL && path != NULL, FALSE);

  title = g_strdup_printf ("%s — 比赛成绩统计表", snapshot->tournament->name);
  return sp_report_write_pdf (path, paper, TRUE, title, sp_results_summary_n_pages (snapshot),
                              draw_summary_page, (gpointer) snapshot, error);
}
