/* sp-web-pages.c: the players' pages and their JSON, drawn from what sp-web-data.c read.  Every
 * text goes through sp_web_html (), the one escaping template.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-web-private.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "sp-web-html.h"
#include "sp-web-qr.h"
#include "sp-web-server.h"

#define HTML "text/html; charset=utf-8"
#define JSON "application/json"

/* ---- what the pages share ---------------------------------------------------------------- */

static char      *round_name (const SpRotation *rotation);
static GPtrArray *hands_at   (const SpWebData  *data,
                              guint             session,
                              guint             table);

static const char *
wind_name (guint wind)
{
  switch (wind)
    {
    case SP_WIND_EAST:
      return C_("web", "East");
    case SP_WIND_SOUTH:
      return C_("web", "South");
    case SP_WIND_WEST:
      return C_("web", "West");
    default:
      return C_("web", "North");
    }
}

static const char *
player_name (const SpWebData *data,
             gint64           id)
{
  const SpPlayer *player = sp_snapshot_find_player (data->snapshot, id);

  return player != NULL ? player->name : "?";
}

static const SpStanding *
standing_of (const SpWebData *data,
             gint64           id,
             guint           *at)
{
  guint position = GPOINTER_TO_UINT (g_hash_table_lookup (data->index, &id));

  if (position == 0)
    return NULL;
  if (at != NULL)
    *at = position - 1;
  return &g_array_index (data->standings, SpStanding, position - 1);
}

static const char *
status_mark (const SpPlayer *player)
{
  if (player != NULL && player->status == SP_PLAYER_WITHDRAWN)
    return C_("web", "withdrawn");
  if (player != NULL && player->status == SP_PLAYER_SUBSTITUTE)
    return C_("web", "substitute");
  return NULL;
}

static void
page_begin (GString         *out,
            const SpWebData *data,
            const char      *lang,
            const char      *title)
{
  const char *event = data->tournament->name;

  sp_web_html (out,
               "<!DOCTYPE html>\n<html lang=\"%s\" data-version=\"%s\"><head>"
               "<meta charset=\"utf-8\">"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
               "<title>%s — %s</title><link rel=\"stylesheet\" href=\"/app.css\">"
               "<script src=\"/app.js\" defer></script></head>\n<body><header>"
               "<a class=\"event\" href=\"/\">%s</a><nav aria-label=\"%s\">"
               "<a href=\"/\">%s</a><a href=\"/standings\">%s</a><a href=\"/players\">%s</a>"
               "</nav></header>\n<main>",
               lang, data->version, title, event, event, C_("web", "Pages"),
               C_("web", "Sessions"), C_("web", "Standings"), C_("web", "Players"));
}

static void
page_end (GString    *out,
          const char *path)
{
  g_autofree char *page = g_uri_escape_string (path, "/", FALSE);

  sp_web_html (out,
               "</main>\n<footer><img class=\"qr\" src=\"/qr.svg?page=%s\" alt=\"%s\" "
               "width=\"144\" height=\"144\"><p>%s</p></footer></body></html>\n",
               page, C_("web", "QR code of this page"),
               C_("web", "Scan the code to open this page on another phone."));
}

static void
reply_not_found (const SpWebData *data,
                 const char      *lang,
                 const char      *what,
                 SpWebReply      *reply)
{
  reply->status = 404;
  reply->content_type = HTML;
  page_begin (reply->body, data, lang, C_("web", "Not found"));
  sp_web_html (reply->body, "<h1>%s</h1><p>%s</p>", C_("web", "Not found"), what);
  page_end (reply->body, "/");
}

/* ---- / ------------------------------------------------------------------------------------ */

static void
append_clock (GString            *out,
              const SpWebSession *session)
{
  gint64 now = g_get_real_time () / 1000;
  gint64 remaining = sp_session_clock_remaining (&session->clock, now);
  g_autofree char *left = sp_session_clock_format (remaining);

  sp_web_html (out, "<section class=\"clock\"><h2>%s</h2>",
               C_("web", "Session clock"));
  switch (sp_session_clock_get_state (&session->clock))
    {
    case SP_SESSION_CLOCK_IDLE:
      sp_web_html (out, "<p>%s <b>%s</b></p>", C_("web", "Not started; the session lasts"), left);
      break;
    case SP_SESSION_CLOCK_RUNNING:
      /* The page's script counts down to the end in the phone's own time. */
      sp_web_html (out, "<p><b class=\"time\" data-end=\"%I\">%s</b> %s</p>", now + remaining,
                   left, C_("web", "left"));
      break;
    case SP_SESSION_CLOCK_PAUSED:
      sp_web_html (out, "<p>%s <b class=\"time\">%s</b> %s</p>", C_("web", "Paused:"), left,
                   C_("web", "left"));
      break;
    case SP_SESSION_CLOCK_ENDED:
    default:
      sp_web_html (out, "<p><b>%s</b></p>", C_("web", "Time is up"));
      break;
    }
  sp_web_html (out, "</section>");
}

static void
render_index (const SpWebData *data,
              const char      *lang,
              SpWebReply      *reply)
{
  const SpTournament *t = data->tournament;
  GString *out = reply->body;

  page_begin (out, data, lang, C_("web", "Sessions"));
  sp_web_html (out, "<h1>%s</h1>", t->name);
  if ((t->venue != NULL && t->venue[0] != '\0') || t->starts_on != NULL)
    {
      sp_web_html (out, "<p class=\"meta\">%s", t->venue);
      if (t->starts_on != NULL)
        sp_web_html (out, "%s%s", t->venue != NULL && t->venue[0] != '\0' ? " · " : "",
                     t->starts_on);
      if (t->ends_on != NULL && g_strcmp0 (t->ends_on, t->starts_on) != 0)
        sp_web_html (out, " – %s", t->ends_on);
      sp_web_html (out, "</p>");
    }
  if (data->clock_session > 0 && data->clock_session <= data->sessions->len)
    {
      const SpWebSession *session = &g_array_index (data->sessions, SpWebSession,
                                                    data->clock_session - 1);

      if (session->has_clock && !session->info.closed)
        append_clock (out, session);
    }
  sp_web_html (out, "<h2>%s</h2><ul class=\"sessions\">", C_("web", "Sessions"));
  for (guint k = 1; k <= data->sessions->len; k++)
    {
      const SpWebSession *session = &g_array_index (data->sessions, SpWebSession, k - 1);
      const char *state;
      guint finished = 0;

      if (!session->info.exists || session->progress == NULL)
        state = C_("web", "not drawn yet");
      else if (session->info.closed)
        state = C_("web", "closed");
      else
        state = C_("web", "in play");
      sp_web_html (out, "<li><h3>");
      sp_web_html (out, C_("web", "Session %u"), k);
      sp_web_html (out, " <span class=\"state\">%s</span></h3>", state);
      if (session->progress == NULL)
        {
          sp_web_html (out, "</li>");
          continue;
        }
      for (guint i = 0; i < session->progress->len; i++)
        finished += g_array_index (session->progress, SpTableProgress, i).finished ? 1 : 0;
      sp_web_html (out, "<p>");
      sp_web_html (out, C_("web", "%u of %u tables finished"), finished, session->progress->len);
      sp_web_html (out, "</p><ul class=\"tables\">");
      for (guint i = 0; i < session->progress->len; i++)
        {
          const SpTableProgress *table = &g_array_index (session->progress, SpTableProgress, i);

          sp_web_html (out, "<li%s><a href=\"/sessions/%u/tables/%u\">",
                       table->finished ? " class=\"done\"" : "", k, table->table);
          sp_web_html (out, C_("web", "Table %u"), table->table);
          if (sp_ruleset_traits (data->tournament->ruleset)->keeps_points && !table->finished)
            {
              /* A hanchan has no fixed count of hands: the round it is at says how far. */
              g_autoptr(GPtrArray) hands = hands_at (data, k, table->table);
              g_autoptr(GArray) history
                = sp_table_history (sp_tournament_rotation (data->tournament), hands);
              g_autofree char *round = round_name (&g_array_index (history, SpRotation,
                                                                   hands->len));

              sp_web_html (out, "</a> <span>%s</span></li>", round);
            }
          else
            sp_web_html (out, "</a> <span>%u/%u</span></li>", table->n_hands,
                         table->n_expected);
        }
      sp_web_html (out, "</ul></li>");
    }
  sp_web_html (out, "</ul>");
  page_end (out, "/");
  reply->cacheable = TRUE;
}

/* ---- /standings --------------------------------------------------------------------------- */

/* Riichi's uma in points, from the standings' table points (the uma ×12 in thousands). */
static gint64
uma_points (gint64 table_points_x12)
{
  return table_points_x12 * 1000 / SP_TABLE_POINTS_SCALE;
}

static void
render_standings (const SpWebData *data,
                  const char      *lang,
                  SpWebReply      *reply)
{
  GString *out = reply->body;
  guint n_sessions = data->tournament->n_sessions;
  const SpSnapshot *snapshot = data->snapshot;
  gboolean by_uma = sp_ruleset_traits (data->tournament->ruleset)->places_by_uma;

  page_begin (out, data, lang, C_("web", "Standings"));
  sp_web_html (out, "<h1>%s</h1>", C_("web", "Standings"));
  reply->cacheable = TRUE;
  if (data->hidden)
    {
      sp_web_html (out, "<p class=\"notice\">%s</p>",
                   C_("web", "The standings are hidden until the last session is closed."));
      page_end (out, "/standings");
      return;
    }
  if (by_uma)
    /* Where a table gives uma, the standings rank by tournament points; the uma is what table
     * points are elsewhere. */
    sp_web_html (out, "<div class=\"scroll\"><table class=\"standings\"><thead><tr>"
                 "<th>%s</th><th>%s</th><th>%s</th><th>%s</th>",
                 C_("web", "Rank"), C_("web", "Player"), C_("web", "Tournament points"),
                 C_("web", "Uma"));
  else
    sp_web_html (out, "<div class=\"scroll\"><table class=\"standings\"><thead><tr>"
                 "<th>%s</th><th>%s</th><th>%s</th><th>%s</th>",
                 C_("web", "Rank"), C_("web", "Player"), C_("web", "Points"), C_("web", "Score"));
  for (guint k = 1; k <= n_sessions; k++)
    {
      sp_web_html (out, "<th class=\"session\" title=\"");
      sp_web_html (out, C_("web", "Session %u"), k);
      sp_web_html (out, "\">%u</th>", k);
    }
  sp_web_html (out, "</tr></thead><tbody>");
  for (guint i = 0; i < data->standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (data->standings, SpStanding, i);
      const SpPlayer *player = sp_snapshot_find_player (snapshot, standing->player);
      const char *mark = status_mark (player);

      sp_web_html (out, "<tr><td>%u</td><td><a href=\"/players/%I\">%s</a>", standing->rank,
                   (gint64) standing->player, player != NULL ? player->name : "?");
      if (mark != NULL)
        sp_web_html (out, " <small>(%s)</small>", mark);
      if (by_uma)
        sp_web_html (out, "</td><td>%T</td><td>%T</td>", standing->score,
                     uma_points (standing->table_points_x12));
      else
        sp_web_html (out, "</td><td>%P</td><td>%I</td>", standing->table_points_x12,
                     standing->score);
      for (guint k = 0; k < n_sessions; k++)
        {
          const SpSessionResult *result = data->by_session[i * n_sessions + k];

          if (result != NULL && by_uma)
            sp_web_html (out, "<td class=\"session\">%T</td>", result->score);
          else if (result != NULL)
            sp_web_html (out, "<td class=\"session\">%P</td>",
                         (gint64) result->table_points_x12);
          else
            sp_web_html (out, "<td class=\"session\"></td>");
        }
      sp_web_html (out, "</tr>\n");
    }
  sp_web_html (out, "</tbody></table></div>");
  if (snapshot->team_standings != NULL && snapshot->team_standings->len > 0)
    {
      sp_web_html (out, "<h2>%s</h2><div class=\"scroll\"><table class=\"standings\"><thead>"
                   "<tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr></thead><tbody>",
                   C_("web", "Teams"), C_("web", "Rank"), C_("web", "Team"),
                   C_("web", "Points"), by_uma ? C_("web", "Uma") : C_("web", "Score"));
      for (guint i = 0; i < snapshot->team_standings->len; i++)
        {
          const SpStanding *team = &g_array_index (snapshot->team_standings, SpStanding, i);
          const char *name = team->player < snapshot->team_names->len
                             ? snapshot->team_names->pdata[team->player] : "?";

          if (by_uma)
            sp_web_html (out, "<tr><td>%u</td><td>%s</td><td>%T</td><td>%T</td></tr>",
                         team->rank, name, team->score, uma_points (team->table_points_x12));
          else
            sp_web_html (out, "<tr><td>%u</td><td>%s</td><td>%P</td><td>%I</td></tr>",
                         team->rank, name, team->table_points_x12, team->score);
        }
      sp_web_html (out, "</tbody></table></div>");
    }
  page_end (out, "/standings");
}

/* ---- /players ----------------------------------------------------------------------------- */

static gboolean
player_matches (const SpPlayer *player,
                const char     *folded)
{
  const char *fields[] = { player->name, player->club, player->team, player->country };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *field = fields[i] != NULL ? g_utf8_casefold (fields[i], -1) : NULL;

      if (field != NULL && strstr (field, folded) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
render_players (const SpWebData *data,
                GHashTable      *query,
                const char      *lang,
                SpWebReply      *reply)
{
  GString *out = reply->body;
  const char *q = query != NULL ? g_hash_table_lookup (query, "q") : NULL;
  g_autofree char *folded = NULL;
  guint shown = 0;

  if (q != NULL)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (q));

      if (stripped[0] != '\0')
        folded = g_utf8_casefold (stripped, -1);
    }
  page_begin (out, data, lang, C_("web", "Players"));
  sp_web_html (out, "<h1>%s</h1><form class=\"search\" action=\"/players\" method=\"get\" "
               "role=\"search\"><input id=\"search\" type=\"search\" name=\"q\" value=\"%s\" "
               "aria-label=\"%s\" placeholder=\"%s\" autocomplete=\"off\">"
               "<button type=\"submit\">%s</button></form><ul id=\"players\" class=\"players\">",
               C_("web", "Players"), q != NULL ? q : "",
               C_("web", "Search by name, club or team"), C_("web", "Name, club or team"),
               C_("web", "Search"));
  for (guint i = 0; i < data->snapshot->players->len; i++)
    {
      const SpPlayer *player = data->snapshot->players->pdata[i];
      const char *mark = status_mark (player);

      if (folded != NULL && !player_matches (player, folded))
        continue;
      shown++;
      sp_web_html (out, "<li><a href=\"/players/%I\">%s</a>", player->id, player->name);
      if (player->club != NULL || player->team != NULL)
        sp_web_html (out, " <span class=\"club\">%s%s%s</span>", player->club,
                     player->club != NULL && player->team != NULL ? " · " : "", player->team);
      if (mark != NULL)
        sp_web_html (out, " <small>(%s)</small>", mark);
      sp_web_html (out, "</li>\n");
    }
  sp_web_html (out, "</ul>");
  if (shown == 0)
    sp_web_html (out, "<p class=\"notice\">%s</p>", C_("web", "No player matches."));
  page_end (out, "/players");
  reply->cacheable = folded == NULL;
}

/* ---- /players/ID -------------------------------------------------------------------------- */

/* Where a player sits in one session of the plan. */
typedef struct
{
  guint    session;
  guint    table;
  guint    chair;
  gboolean drawn;
  gboolean closed;
} Seat;

static gint
compare_seats (gconstpointer a,
               gconstpointer b)
{
  const Seat *x = a, *y = b;

  /* The sessions still to play first, in order; then those closed, the latest first. */
  if (x->closed != y->closed)
    return x->closed ? 1 : -1;
  if (!x->closed)
    return (gint) x->session - (gint) y->session;
  return (gint) y->session - (gint) x->session;
}

static GArray *
seats_of (const SpWebData *data,
          gint64           id)
{
  GArray *seats = g_array_new (FALSE, TRUE, sizeof (Seat));

  for (guint i = 0; i < data->snapshot->plan->len; i++)
    {
      const SpSessionSnapshot *plan = data->snapshot->plan->pdata[i];
      const SpSessionSnapshot *drawn = sp_snapshot_find_session (data->snapshot, plan->number);
      const SpSessionSnapshot *session = drawn != NULL ? drawn : plan;

      for (guint s = 0; s < session->n_tables * 4; s++)
        if (session->seats[s] == id)
          {
            Seat seat = { session->number, s / 4 + 1, s % 4, drawn != NULL,
                          drawn != NULL && drawn->closed };

            g_array_append_val (seats, seat);
            break;
          }
    }
  g_array_sort (seats, compare_seats);
  return seats;
}

/* The hands of @table in @session, by number. */
static GPtrArray *
hands_at (const SpWebData *data,
          guint            session,
          guint            table)
{
  GPtrArray *hands = g_ptr_array_new ();

  for (guint i = 0; i < data->snapshot->hands->len; i++)
    {
      SpHandRecord *hand = data->snapshot->hands->pdata[i];

      if (hand->session == session && hand->table == table)
        g_ptr_array_add (hands, hand);
    }
  return hands;
}

static void
append_result (GString            *out,
               const SpWebData    *data,
               const SpHandRecord *hand,
               const gint64        players[4])
{
  if (hand->draw || hand->winner == SP_CHAIR_NONE)
    sp_web_html (out, "%s", C_("web", "exhaustive draw"));
  else if (hand->discarder == SP_CHAIR_NONE)
    {
      sp_web_html (out, C_("web", "%s won, self-drawn"), player_name (data, players[hand->winner]));
    }
  else
    sp_web_html (out, C_("web", "%s won on %s's discard"),
                 player_name (data, players[hand->winner]),
                 player_name (data, players[hand->discarder]));
}

/* ---- Riichi: the hanchan ----------------------------------------------------------------- */

/* The sheet of a Riichi table (the core's: each hand with the table around it), or NULL. */
static SpRiichiSheet *
riichi_sheet_of (const SpWebData *data,
                 guint            session,
                 guint            table,
                 const gint64     players[4],
                 GPtrArray       *hands)
{
  return sp_riichi_sheet_new (data->tournament->rules, session, table, players, hands, NULL);
}

/* A hand's round as a riichi table says it, "East 1" (东1局): the core's words, in the page's
 * language (the pages translate with gettext () under the language of each request). */
static char *
round_name (const SpRotation *rotation)
{
  guint dealer = sp_rotation_dealer_chair (rotation) + 1;

  switch (rotation->round_wind)
    {
    case SP_WIND_EAST:
      return g_strdup_printf (C_("web", "East %u"), dealer);
    case SP_WIND_SOUTH:
      return g_strdup_printf (C_("web", "South %u"), dealer);
    case SP_WIND_WEST:
      return g_strdup_printf (C_("web", "West %u"), dealer);
    default:
      return g_strdup_printf (C_("web", "North %u"), dealer);
    }
}

/* A hand of a hanchan as the players read it: its result, and a win's han and fu. */
static void
append_riichi_result (GString                 *out,
                      const SpWebData         *data,
                      const SpRiichiSheetHand *line,
                      const gint64             players[4])
{
  const SpHandRecord *hand = line->record;

  if (hand->chombo != 0)
    {
      sp_web_html (out, C_("web", "chombo by %s: dealt again"),
                   player_name (data, players[__builtin_ctz (hand->chombo)]));
      return;
    }
  if (hand->draw || hand->winner == SP_CHAIR_NONE)
    {
      gboolean first = TRUE;

      sp_web_html (out, "%s", C_("web", "exhaustive draw"));
      for (guint c = 0; c < 4; c++)
        if (hand->tenpai & (1u << c))
          {
            if (first)
              sp_web_html (out, " · %s: ", C_("web", "tenpai"));
            sp_web_html (out, first ? "%s" : ", %s", player_name (data, players[c]));
            first = FALSE;
          }
      return;
    }
  /* Each winner in turn order after the discarder (a double or triple ron). */
  for (guint w = 0; w <= MIN (hand->n_also, SP_HAND_MAX_ALSO); w++)
    {
      const SpScoreResult *value = w < line->n_wins ? &line->values[w] : NULL;
      gint winner = w == 0 ? hand->winner : hand->also[w - 1].winner;
      const char *name = winner >= 0 && winner < 4 ? player_name (data, players[winner]) : "?";

      if (w > 0)
        sp_web_html (out, "<br>");
      if (hand->discarder == SP_CHAIR_NONE)
        sp_web_html (out, C_("web", "%s won, self-drawn"), name);
      else
        sp_web_html (out, C_("web", "%s won on %s's discard"), name,
                     player_name (data, players[hand->discarder]));
      if (value != NULL && value->win && value->yakuman > 0)
        sp_web_html (out, " · %s", C_("web", "yakuman"));
      else if (value != NULL && value->win && value->has_han_fu)
        {
          char limit[24];

          sp_web_html (out, " · ");
          if (value->fu > 0)
            sp_web_html (out, C_("web", "%d han %d fu"), value->han, value->fu);
          else
            sp_web_html (out, C_("web", "%d han"), value->han);
          sp_limit_to_string (value->limit, value->yakuman, limit);
          if (limit[0] != '\0')
            sp_web_html (out, " (%s)", limit);
        }
    }
}

/* A player's hands at a Riichi table: each hand's round, result, his change and his points
 * after it. */
static void
append_riichi_hands (GString         *out,
                     const SpWebData *data,
                     const Seat      *seat,
                     const gint64     players[4],
                     GPtrArray       *hands)
{
  g_autoptr(SpRiichiSheet) sheet = riichi_sheet_of (data, seat->session, seat->table, players,
                                                    hands);

  sp_web_html (out, "</a></h3><table class=\"hands\"><thead><tr><th>%s</th><th>%s</th>"
               "<th>%s</th><th>%s</th></tr></thead><tbody>",
               C_("web riichi", "Round"), C_("web", "Result"),
               /* The player's gain or loss in that hand. */
               C_("web", "Won/lost"), C_("web", "Points after"));
  for (guint h = 0; sheet != NULL && h < sheet->hands->len; h++)
    {
      const SpRiichiSheetHand *line = &g_array_index (sheet->hands, SpRiichiSheetHand, h);
      g_autofree char *round = round_name (&line->rotation);

      sp_web_html (out, "<tr><td>%s", round);
      if (line->rotation.streak > 0)
        {
          sp_web_html (out, "<br><small>");
          sp_web_html (out, C_("web", "honba %u"), (guint) line->rotation.streak);
          sp_web_html (out, "</small>");
        }
      sp_web_html (out, "</td><td>");
      append_riichi_result (out, data, line, players);
      sp_web_html (out, "</td><td>%I</td><td>%d</td></tr>",
                   line->record->settlement[seat->chair], line->points[seat->chair]);
    }
  sp_web_html (out, "</tbody></table>");
}

/* /sessions/K/tables/T of a Riichi table: the hanchan, each hand with its round, honba and
 * sticks, its result and every player's points after it; then the final points, the uma and
 * the tournament points once the hanchan is over. */
static void
render_riichi_table (const SpWebData         *data,
                     const SpSessionSnapshot *session,
                     guint                    table,
                     const gint64             players[4],
                     GPtrArray               *hands,
                     const char              *lang,
                     const char              *path,
                     SpWebReply              *reply)
{
  g_autoptr(SpRiichiSheet) sheet = riichi_sheet_of (data, session->number, table, players,
                                                    hands);
  g_autofree char *title = g_strdup_printf (C_("web", "Session %u, table %u"), session->number,
                                            table);
  GString *out = reply->body;
  const SpTableResult *result = NULL;
  gboolean over;

  for (guint i = 0; i < data->snapshot->tables->len; i++)
    {
      const SpTableResult *found = &g_array_index (data->snapshot->tables, SpTableResult, i);

      if (found->session == session->number && found->table == table)
        result = found;
    }
  over = sheet != NULL && sheet->hands->len > 0
         && (sheet->end.rotation.finished || session->closed);
  page_begin (out, data, lang, title);
  sp_web_html (out, "<h1>%s</h1>", title);
  if (session->closed)
    sp_web_html (out, "<p class=\"meta\">%s</p>", C_("web", "The session is closed."));
  sp_web_html (out, "<ol class=\"chairs\">");
  for (guint c = 0; c < 4; c++)
    sp_web_html (out, "<li><span class=\"wind\">%s</span> <a href=\"/players/%I\">%s</a></li>",
                 wind_name (c), players[c], player_name (data, players[c]));
  /* A row of points per hand and the hand's result in a row below it, so that the four
   * players' points fit a phone's width. */
  sp_web_html (out, "</ol><div class=\"scroll\"><table class=\"sheet riichi\"><thead><tr>"
               "<th>%s</th>", C_("web riichi", "Round"));
  for (guint c = 0; c < 4; c++)
    sp_web_html (out, "<th title=\"%s\">%s</th>", player_name (data, players[c]),
                 wind_name (c));
  sp_web_html (out, "</tr></thead><tbody>");
  for (guint h = 0; sheet != NULL && h < sheet->hands->len; h++)
    {
      const SpRiichiSheetHand *line = &g_array_index (sheet->hands, SpRiichiSheetHand, h);
      g_autofree char *round = round_name (&line->rotation);

      sp_web_html (out, "<tr class=\"hand\"><td>%s", round);
      if (line->rotation.streak > 0 || line->sticks > 0)
        {
          sp_web_html (out, "<br><small>");
          sp_web_html (out, C_("web", "honba %u"), (guint) line->rotation.streak);
          if (line->sticks > 0)
            {
              sp_web_html (out, " · ");
              sp_web_html (out, C_("web", "sticks %u"), line->sticks);
            }
          sp_web_html (out, "</small>");
        }
      sp_web_html (out, "</td>");
      for (guint c = 0; c < 4; c++)
        {
          gint64 change = line->record->settlement[c];

          sp_web_html (out, "<td>");
          if (line->record->riichi & (1u << c))
            sp_web_html (out, "<small class=\"riichi\" title=\"%s\">●</small> ",
                         C_("web", "riichi"));
          sp_web_html (out, "%d", line->points[c]);
          if (change != 0)
            sp_web_html (out, change > 0 ? "<br><small>+%I</small>" : "<br><small>%I</small>",
                         change);
          sp_web_html (out, "</td>");
        }
      sp_web_html (out, "</tr>\n<tr class=\"what\"><td colspan=\"5\">");
      append_riichi_result (out, data, line, players);
      sp_web_html (out, "</td></tr>\n");
    }
  sp_web_html (out, "</tbody>");
  if (over)
    {
      SpRiichiFinal final;

      if (result != NULL)
        sp_riichi_table_result_final (result, &sheet->rules, &final);
      else
        final = sheet->final;
      sp_web_html (out, "<tfoot><tr><th>%s</th>", C_("web", "Final points"));
      for (guint c = 0; c < 4; c++)
        sp_web_html (out, "<td>%d</td>", final.points[c]);
      sp_web_html (out, "</tr><tr><th>%s</th>", C_("web", "Uma"));
      for (guint c = 0; c < 4; c++)
        sp_web_html (out, "<td>%T</td>", (gint64) final.uma[c]);
      sp_web_html (out, "</tr><tr><th>%s</th>", C_("web", "Tournament points"));
      for (guint c = 0; c < 4; c++)
        sp_web_html (out, "<td><b>%T</b></td>",
                     final.score[c] + (result != NULL ? result->penalties[c] : 0));
      sp_web_html (out, "</tr></tfoot>");
    }
  sp_web_html (out, "</table></div>");
  if (hands->len == 0)
    sp_web_html (out, "<p>%s</p>", C_("web", "No hand played yet."));
  page_end (out, path);
}

static void
render_player (const SpWebData *data,
               gint64           id,
               const char      *lang,
               const char      *path,
               SpWebReply      *reply)
{
  const SpPlayer *player = sp_snapshot_find_player (data->snapshot, id);
  const SpStanding *standing;
  g_autoptr(GArray) seats = NULL;
  GString *out = reply->body;
  const char *mark;
  gboolean any = FALSE;

  if (player == NULL)
    {
      reply_not_found (data, lang, C_("web", "There is no such player."), reply);
      return;
    }
  reply->cacheable = TRUE;
  mark = status_mark (player);
  standing = standing_of (data, id, NULL);
  page_begin (out, data, lang, player->name);
  sp_web_html (out, "<h1>%s</h1>", player->name);
  if (player->club != NULL || player->team != NULL || mark != NULL)
    sp_web_html (out, "<p class=\"meta\">%s%s%s%s%s</p>", player->club,
                 player->club != NULL && player->team != NULL ? " · " : "", player->team,
                 mark != NULL && (player->club != NULL || player->team != NULL) ? " · " : "",
                 mark);
  if (data->hidden)
    sp_web_html (out, "<p class=\"notice\">%s</p>",
                 C_("web", "The standings are hidden until the last session is closed."));
  else if (standing != NULL && sp_ruleset_traits (data->tournament->ruleset)->places_by_uma)
    sp_web_html (out, "<dl class=\"summary\"><div><dt>%s</dt><dd class=\"rank\">%u</dd></div>"
                 "<div><dt>%s</dt><dd>%T</dd></div><div><dt>%s</dt><dd>%T</dd></div></dl>",
                 C_("web", "Rank"), standing->rank, C_("web", "Tournament points"),
                 standing->score, C_("web", "Uma"), uma_points (standing->table_points_x12));
  else if (standing != NULL)
    sp_web_html (out, "<dl class=\"summary\"><div><dt>%s</dt><dd class=\"rank\">%u</dd></div>"
                 "<div><dt>%s</dt><dd>%P</dd></div><div><dt>%s</dt><dd>%I</dd></div></dl>",
                 C_("web", "Rank"), standing->rank, C_("web", "Points"),
                 standing->table_points_x12, C_("web", "Score"), standing->score);

  seats = seats_of (data, id);
  sp_web_html (out, "<h2>%s</h2><ul class=\"seats\">", C_("web", "Seats"));
  for (guint i = 0; i < seats->len; i++)
    {
      const Seat *seat = &g_array_index (seats, Seat, i);

      sp_web_html (out, "<li%s><b>", seat->closed ? " class=\"done\"" : "");
      sp_web_html (out, C_("web", "Session %u"), seat->session);
      sp_web_html (out, "</b> ");
      if (seat->drawn)
        sp_web_html (out, "<a href=\"/sessions/%u/tables/%u\">", seat->session, seat->table);
      sp_web_html (out, C_("web", "Table %u"), seat->table);
      if (seat->drawn)
        sp_web_html (out, "</a>");
      sp_web_html (out, " · <span class=\"wind\">%s</span>", wind_name (seat->chair));
      if (!seat->drawn)
        sp_web_html (out, " <small>(%s)</small>", C_("web", "planned"));
      else if (seat->closed)
        sp_web_html (out, " <small>(%s)</small>", C_("web", "closed"));
      sp_web_html (out, "</li>");
    }
  if (seats->len == 0)
    sp_web_html (out, "<li>%s</li>", C_("web", "No seat drawn yet."));
  sp_web_html (out, "</ul><h2>%s</h2>", C_("web", "Hands"));
  for (guint i = 0; i < seats->len; i++)
    {
      const Seat *seat = &g_array_index (seats, Seat, i);
      const SpSessionSnapshot *session;
      g_autoptr(GPtrArray) hands = NULL;

      if (!seat->drawn)
        continue;
      session = sp_snapshot_find_session (data->snapshot, seat->session);
      hands = hands_at (data, seat->session, seat->table);
      if (hands->len == 0)
        continue;
      any = TRUE;
      sp_web_html (out, "<h3><a href=\"/sessions/%u/tables/%u\">", seat->session, seat->table);
      sp_web_html (out, C_("web", "Session %u"), seat->session);
      sp_web_html (out, " · ");
      sp_web_html (out, C_("web", "Table %u"), seat->table);
      if (sp_ruleset_traits (data->tournament->ruleset)->keeps_points)
        {
          append_riichi_hands (out, data, seat, &session->seats[(seat->table - 1) * 4], hands);
          continue;
        }
      sp_web_html (out, "</a></h3><table class=\"hands\"><thead><tr><th>#</th><th>%s</th>"
                   "<th>%s</th><th>%s</th></tr></thead><tbody>",
                   C_("web", "Result"), C_("web", "Fan"),
                   /* The player's gain or loss in that hand, not table points. */
                   C_("web", "Won/lost"));
      for (guint h = 0; h < hands->len; h++)
        {
          const SpHandRecord *hand = hands->pdata[h];

          sp_web_html (out, "<tr><td>%u</td><td>", hand->number);
          append_result (out, data, hand, &session->seats[(seat->table - 1) * 4]);
          sp_web_html (out, "</td><td>%d</td><td>%I</td></tr>", hand->draw ? 0 : hand->total,
                       hand->settlement[seat->chair]);
        }
      sp_web_html (out, "</tbody></table>");
    }
  if (!any)
    sp_web_html (out, "<p>%s</p>", C_("web", "No hand played yet."));

  any = FALSE;
  for (guint i = 0; i < data->snapshot->penalties->len; i++)
    {
      const SpPenalty *penalty = data->snapshot->penalties->pdata[i];

      if (penalty->player != id)
        continue;
      if (!any)
        sp_web_html (out, "<h2>%s</h2><ul class=\"penalties\">", C_("web", "Penalties"));
      any = TRUE;
      sp_web_html (out, "<li>");
      sp_web_html (out, C_("web", "Session %u"), penalty->session);
      sp_web_html (out, ": <b>%I</b> %s</li>", penalty->points, penalty->reason);
    }
  if (any)
    sp_web_html (out, "</ul>");
  page_end (out, path);
}

/* ---- /sessions/K/tables/T ------------------------------------------------------------------ */

static void
render_table (const SpWebData *data,
              guint            number,
              guint            table,
              const char      *lang,
              const char      *path,
              SpWebReply      *reply)
{
  const SpSessionSnapshot *session = sp_snapshot_find_session (data->snapshot, number);
  g_autoptr(GPtrArray) hands = NULL;
  g_autoptr(GArray) history = NULL;
  g_autofree char *title = NULL;
  GString *out = reply->body;
  const gint64 *players;
  gint64 totals[4] = { 0 }, penalties[4] = { 0 };

  if (session == NULL || table == 0 || table > session->n_tables)
    {
      reply_not_found (data, lang, C_("web", "That session has no such table."), reply);
      return;
    }
  reply->cacheable = TRUE;
  players = &session->seats[(table - 1) * 4];
  hands = hands_at (data, number, table);
  if (sp_ruleset_traits (data->tournament->ruleset)->keeps_points)
    {
      render_riichi_table (data, session, table, players, hands, lang, path, reply);
      return;
    }
  history = sp_table_history (sp_tournament_rotation (data->tournament), hands);
  title = g_strdup_printf (C_("web", "Session %u, table %u"), number, table);
  page_begin (out, data, lang, title);
  sp_web_html (out, "<h1>%s</h1>", title);
  if (session->closed)
    sp_web_html (out, "<p class=\"meta\">%s</p>", C_("web", "The session is closed."));
  sp_web_html (out, "<ol class=\"chairs\">");
  for (guint c = 0; c < 4; c++)
    sp_web_html (out, "<li><span class=\"wind\">%s</span> <a href=\"/players/%I\">%s</a></li>",
                 wind_name (c), players[c], player_name (data, players[c]));
  sp_web_html (out, "</ol><div class=\"scroll\"><table class=\"sheet\"><thead><tr><th>#</th>"
               "<th>%s</th><th>%s</th><th>%s</th>",
               C_("web", "Round"), C_("web", "Result"), C_("web", "Fan"));
  for (guint c = 0; c < 4; c++)
    sp_web_html (out, "<th title=\"%s\">%s</th>", player_name (data, players[c]),
                 wind_name (c));
  sp_web_html (out, "</tr></thead><tbody>");
  for (guint h = 0; h < hands->len; h++)
    {
      const SpHandRecord *hand = hands->pdata[h];
      const SpRotation *rotation = &g_array_index (history, SpRotation, h);

      sp_web_html (out, "<tr><td>%u</td><td>%s</td><td>", hand->number,
                   wind_name (rotation->round_wind));
      append_result (out, data, hand, players);
      sp_web_html (out, "</td><td>%d</td>", hand->draw ? 0 : hand->total);
      for (guint c = 0; c < 4; c++)
        {
          totals[c] += hand->settlement[c];
          sp_web_html (out, "<td>%I</td>", hand->settlement[c]);
        }
      sp_web_html (out, "</tr>\n");
    }
  for (guint i = 0; i < data->snapshot->penalties->len; i++)
    {
      const SpPenalty *penalty = data->snapshot->penalties->pdata[i];

      if (penalty->session != number)
        continue;
      for (guint c = 0; c < 4; c++)
        if (players[c] == penalty->player)
          penalties[c] += penalty->points;
    }
  sp_web_html (out, "</tbody><tfoot><tr><th colspan=\"4\">%s</th>", C_("web", "Hands"));
  for (guint c = 0; c < 4; c++)
    sp_web_html (out, "<td>%I</td>", totals[c]);
  sp_web_html (out, "</tr><tr><th colspan=\"4\">%s</th>", C_("web", "Penalties"));
  for (guint c = 0; c < 4; c++)
    sp_web_html (out, "<td>%I</td>", penalties[c]);
  sp_web_html (out, "</tr></tfoot></table></div>");
  if (hands->len == 0)
    sp_web_html (out, "<p>%s</p>", C_("web", "No hand played yet."));
  page_end (out, path);
}

/* ---- /api/ -------------------------------------------------------------------------------- */

static void
member_int (JsonBuilder *builder,
            const char  *name,
            gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
member_string (JsonBuilder *builder,
               const char  *name,
               const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
member_points (JsonBuilder *builder,
               const char  *name,
               gint64       points_x12)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_double_value (builder, (double) points_x12 / SP_TABLE_POINTS_SCALE);
}

/* A score: Riichi's in tournament points (30.4, one decimal, as `standings --json` gives
 * them), the points of the other rulesets as they are. */
static void
member_score (JsonBuilder     *builder,
              const SpWebData *data,
              gint64           score)
{
  json_builder_set_member_name (builder, "score");
  if (sp_ruleset_traits (data->tournament->ruleset)->places_by_uma)
    json_builder_add_double_value (builder, (double) ((score + (score >= 0 ? 50 : -50)) / 100)
                                            / 10.0);
  else
    json_builder_add_int_value (builder, score);
}

static void
member_bool (JsonBuilder *builder,
             const char  *name,
             gboolean     value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

static void
reply_json (SpWebReply  *reply,
            JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  g_string_append (reply->body, text);
  g_string_append_c (reply->body, '\n');
  reply->content_type = JSON;
  reply->cacheable = TRUE;
}

static void
render_api_standings (const SpWebData *data,
                      SpWebReply      *reply)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const SpSnapshot *snapshot = data->snapshot;
  guint n_sessions = data->tournament->n_sessions;

  json_builder_begin_object (builder);
  member_string (builder, "tournament", data->tournament->name);
  member_string (builder, "version", data->version);
  member_bool (builder, "hidden", data->hidden);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; !data->hidden && i < data->standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (data->standings, SpStanding, i);
      const SpPlayer *player = sp_snapshot_find_player (snapshot, standing->player);

      json_builder_begin_object (builder);
      member_int (builder, "rank", standing->rank);
      member_int (builder, "id", standing->player);
      member_string (builder, "name", player != NULL ? player->name : NULL);
      member_string (builder, "status", sp_player_status_to_string (player != NULL
                                                                    ? player->status
                                                                    : SP_PLAYER_ACTIVE));
      member_points (builder, "table_points", standing->table_points_x12);
      member_score (builder, data, standing->score);
      member_int (builder, "sessions", standing->sessions);
      json_builder_set_member_name (builder, "by_session");
      json_builder_begin_array (builder);
      for (guint k = 0; k < n_sessions; k++)
        {
          const SpSessionResult *result = data->by_session[i * n_sessions + k];

          if (result == NULL)
            continue;
          json_builder_begin_object (builder);
          member_int (builder, "session", result->session);
          member_points (builder, "table_points", result->table_points_x12);
          member_score (builder, data, result->score);
          member_int (builder, "place", result->place);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "teams");
  json_builder_begin_array (builder);
  for (guint i = 0; !data->hidden && snapshot->team_standings != NULL
       && i < snapshot->team_standings->len; i++)
    {
      const SpStanding *team = &g_array_index (snapshot->team_standings, SpStanding, i);

      json_builder_begin_object (builder);
      member_int (builder, "rank", team->rank);
      member_string (builder, "team", team->player < snapshot->team_names->len
                                      ? snapshot->team_names->pdata[team->player] : NULL);
      member_points (builder, "table_points", team->table_points_x12);
      member_score (builder, data, team->score);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  reply_json (reply, builder);
}

static void
render_api_player (const SpWebData *data,
                   gint64           id,
                   const char      *lang,
                   SpWebReply      *reply)
{
  const SpPlayer *player = sp_snapshot_find_player (data->snapshot, id);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GArray) seats = NULL;
  const SpStanding *standing;

  if (player == NULL)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "error");
      json_builder_begin_object (builder);
      member_string (builder, "code", "not_found");
      member_string (builder, "message", C_("web", "There is no such player."));
      json_builder_end_object (builder);
      json_builder_end_object (builder);
      reply_json (reply, builder);
      reply->status = 404;
      return;
    }
  standing = standing_of (data, id, NULL);
  json_builder_begin_object (builder);
  member_int (builder, "id", player->id);
  member_string (builder, "name", player->name);
  member_string (builder, "club", player->club);
  member_string (builder, "country", player->country);
  member_string (builder, "team", player->team);
  member_string (builder, "status", sp_player_status_to_string (player->status));
  member_bool (builder, "hidden", data->hidden);
  if (!data->hidden && standing != NULL)
    {
      member_int (builder, "rank", standing->rank);
      member_points (builder, "table_points", standing->table_points_x12);
      member_score (builder, data, standing->score);
    }
  seats = seats_of (data, id);
  json_builder_set_member_name (builder, "seats");
  json_builder_begin_array (builder);
  for (guint i = 0; i < seats->len; i++)
    {
      const Seat *seat = &g_array_index (seats, Seat, i);

      json_builder_begin_object (builder);
      member_int (builder, "session", seat->session);
      member_int (builder, "table", seat->table);
      member_string (builder, "seat", sp_wind_to_string ((SpWind) seat->chair));
      member_bool (builder, "drawn", seat->drawn);
      member_bool (builder, "closed", seat->closed);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "hands");
  json_builder_begin_array (builder);
  for (guint i = 0; i < seats->len; i++)
    {
      const Seat *seat = &g_array_index (seats, Seat, i);
      const SpSessionSnapshot *session;
      g_autoptr(GPtrArray) hands = NULL;

      if (!seat->drawn)
        continue;
      session = sp_snapshot_find_session (data->snapshot, seat->session);
      hands = hands_at (data, seat->session, seat->table);
      for (guint h = 0; h < hands->len; h++)
        {
          const SpHandRecord *hand = hands->pdata[h];
          const gint64 *players = &session->seats[(seat->table - 1) * 4];

          json_builder_begin_object (builder);
          member_int (builder, "session", hand->session);
          member_int (builder, "table", hand->table);
          member_int (builder, "number", hand->number);
          member_string (builder, "result", hand->draw ? "draw"
                         : hand->discarder == SP_CHAIR_NONE ? "self_drawn" : "win");
          json_builder_set_member_name (builder, "winner");
          if (hand->draw || hand->winner == SP_CHAIR_NONE)
            json_builder_add_null_value (builder);
          else
            json_builder_add_int_value (builder, players[hand->winner]);
          json_builder_set_member_name (builder, "from");
          if (hand->draw || hand->discarder == SP_CHAIR_NONE)
            json_builder_add_null_value (builder);
          else
            json_builder_add_int_value (builder, players[hand->discarder]);
          member_int (builder, "total", hand->draw ? 0 : hand->total);
          member_int (builder, "points", hand->settlement[seat->chair]);
          json_builder_end_object (builder);
        }
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "penalties");
  json_builder_begin_array (builder);
  for (guint i = 0; i < data->snapshot->penalties->len; i++)
    {
      const SpPenalty *penalty = data->snapshot->penalties->pdata[i];

      if (penalty->player != id)
        continue;
      json_builder_begin_object (builder);
      member_int (builder, "session", penalty->session);
      member_int (builder, "points", penalty->points);
      member_string (builder, "reason", penalty->reason);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  reply_json (reply, builder);
}

/* ---- the routes --------------------------------------------------------------------------- */

/* A number of a path: decimal digits, no leading zero, at most 9 of them. */
static gboolean
parse_number (const char *text,
              gsize       length,
              guint      *number)
{
  guint value = 0;

  if (length == 0 || length > 9 || text[0] == '0')
    return FALSE;
  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      value = value * 10 + (guint) (text[i] - '0');
    }
  *number = value;
  return TRUE;
}

/* "/players/ID" and the like: @prefix, then a number, then @suffix (or the end). */
static gboolean
match_number (const char *path,
              const char *prefix,
              guint      *number,
              const char **rest)
{
  gsize length;

  if (!g_str_has_prefix (path, prefix))
    return FALSE;
  path += strlen (prefix);
  length = strcspn (path, "/");
  if (!parse_number (path, length, number))
    return FALSE;
  *rest = path + length;
  return TRUE;
}

gboolean
sp_web_is_page (const char *path)
{
  guint a, b;
  const char *rest;

  if (strcmp (path, "/") == 0 || strcmp (path, "/standings") == 0
      || strcmp (path, "/players") == 0)
    return TRUE;
  if (match_number (path, "/players/", &a, &rest))
    return rest[0] == '\0';
  if (match_number (path, "/sessions/", &a, &rest))
    return match_number (rest, "/tables/", &b, &rest) && rest[0] == '\0';
  return FALSE;
}

void
sp_web_render (const SpWebData *data,
               const char      *path,
               GHashTable      *query,
               const char      *lang,
               const char      *base,
               SpWebReply      *reply)
{
  guint a, b;
  const char *rest;

  reply->status = 200;
  reply->content_type = HTML;
  if (strcmp (path, "/") == 0)
    render_index (data, lang, reply);
  else if (strcmp (path, "/standings") == 0)
    render_standings (data, lang, reply);
  else if (strcmp (path, "/players") == 0)
    render_players (data, query, lang, reply);
  else if (match_number (path, "/players/", &a, &rest) && rest[0] == '\0')
    render_player (data, a, lang, path, reply);
  else if (match_number (path, "/sessions/", &a, &rest)
           && match_number (rest, "/tables/", &b, &rest) && rest[0] == '\0')
    render_table (data, a, b, lang, path, reply);
  else if (strcmp (path, "/api/standings") == 0)
    render_api_standings (data, reply);
  else if (match_number (path, "/api/players/", &a, &rest) && rest[0] == '\0')
    render_api_player (data, a, lang, reply);
  else if (strcmp (path, "/qr.svg") == 0)
    {
      const char *page = query != NULL ? g_hash_table_lookup (query, "page") : NULL;
      g_autofree char *url = NULL;
      g_autoptr(SpWebQr) qr = NULL;
      g_autofree char *svg = NULL;

      if (page == NULL)
        page = "/";
      if (!sp_web_is_page (page))
        {
          reply->status = 400;
          reply->content_type = "text/plain; charset=utf-8";
          g_string_append (reply->body, C_("web", "page= must name one of the pages, "
                                                  "such as /players/3"));
          g_string_append_c (reply->body, '\n');
          return;
        }
      url = g_strconcat (base, page, NULL);
      qr = sp_web_qr_new (url, NULL);
      if (qr == NULL)
        {
          reply->status = 400;
          reply->content_type = "text/plain; charset=utf-8";
          g_string_append (reply->body, "the address is too long for a QR code\n");
          return;
        }
      svg = sp_web_qr_svg (qr);
      g_string_append (reply->body, svg);
      reply->content_type = "image/svg+xml";
      reply->cacheable = TRUE;
    }
  else
    reply_not_found (data, lang, C_("web", "There is no such page."), reply);
}

/* ---- the language ------------------------------------------------------------------------- */

static const char *
language_of_tag (const char *tag)
{
  g_autofree char *lower = g_ascii_strdown (tag, -1);

  if (strcmp (lower, "zh-tw") == 0 || strcmp (lower, "zh-hk") == 0
      || strcmp (lower, "zh-mo") == 0 || g_str_has_prefix (lower, "zh-hant"))
    return "zh_TW";
  if (strcmp (lower, "zh") == 0 || g_str_has_prefix (lower, "zh-"))
    return "zh_CN";
  if (strcmp (lower, "en") == 0 || g_str_has_prefix (lower, "en-"))
    return "en";
  return NULL;
}

const char *
sp_web_pick_language (const char *accept_language)
{
  g_auto(GStrv) ranges = NULL;
  const char *best = "en";
  double best_q = -1;

  if (accept_language == NULL)
    return best;
  ranges = g_strsplit (accept_language, ",", 16);
  for (guint i = 0; ranges[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (ranges[i], ";", 4);
      const char *language = language_of_tag (g_strstrip (parts[0]));
      double q = 1;

      for (guint p = 1; parts[p] != NULL; p++)
        {
          const char *param = g_strstrip (parts[p]);

          if (g_str_has_prefix (param, "q="))
            q = g_ascii_strtod (param + 2, NULL);
        }
      if (language != NULL && q > 0 && q > best_q)
        {
          best = language;
          best_q = q;
        }
    }
  return best;
}
