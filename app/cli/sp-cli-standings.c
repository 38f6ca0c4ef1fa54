/* sp-cli-standings.c: `sparrow-cli standings`: the ranking the store computes, printed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char standings_summary[] =
  N_("The standings after session K (else after every session played so far): table\n"
     "points (4 / 2 / 1 / 0, ties sharing; with the tournament option group_tables=N\n"
     "the standard score of each group of N tables), score, sessions played, ranked\n"
     "by the tournament's ranking (r98, ema or score); after a final (seating draw\n"
     "--top N) its players rank first.  Players seated at a table without a hand yet\n"
     "are listed with 0.  Withdrawn players and substitutes are marked.  --teams\n"
     "ranks the teams by their members' results.");

/* A line of the standings, as printed. */
typedef struct
{
  guint   rank;
  gint64  id;
  char   *name;
  char   *status;
  char   *label;       /* the team's name, or the player's with a mark and the id */
  double  table_points;
  gint64  score;
  char   *tournament_points; /* Riichi: the score in thousands (points), as JSON: 25.6 */
  char   *uma;               /* Riichi: the table points (uma in thousands), as JSON: 15.0 */
  guint   sessions;
  char   *unconfirmed;       /* two-key entry: what awaits confirmation, as JSON; NULL off */
  char   *pending_text;      /* and in words, NULL when nothing awaits */
} Row;

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->name);
  g_free (row->status);
  g_free (row->label);
  g_free (row->tournament_points);
  g_free (row->uma);
  g_free (row->unconfirmed);
  g_free (row->pending_text);
  g_free (row);
}

/* Two-key entry: what @pending (NULL: nothing) would add to @row's player, as JSON and, when
 * something awaits, in words; in thousands for Riichi as the standings are. */
static void
row_add_pending (Row                  *row,
                 const SpPendingHands *pending,
                 gboolean              riichi)
{
  char score[G_ASCII_DTOSTR_BUF_SIZE];
  char points[G_ASCII_DTOSTR_BUF_SIZE];
  guint hands = pending != NULL ? pending->hands : 0;

  if (riichi)
    g_ascii_formatd (score, sizeof score, "%.1f",
                     pending != NULL ? (double) pending->score / 1000.0 : 0.0);
  else
    g_snprintf (score, sizeof score, "%" PRId64, pending != NULL ? pending->score : 0);
  g_ascii_formatd (points, sizeof points, riichi ? "%.1f" : "%.2f",
                   pending != NULL ? (double) pending->table_points_x12 / SP_TABLE_POINTS_SCALE
                                   : 0.0);
  row->unconfirmed = g_strdup_printf ("{\"hands\":%u,\"score\":%s,\"table_points\":%s}", hands,
                                      score, points);
  if (hands > 0)
    /* Translators: a player as the standings name him, the hands at his tables awaiting
     * confirmation, then what they would add to his score and table points. */
    row->pending_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                      "  %s: %u hand, score %s%s, points %s%s",
                                                      "  %s: %u hands, score %s%s, points %s%s",
                                                      hands),
                                         row->label, hands, score[0] == '-' ? "" : "+", score,
                                         points[0] == '-' ? "" : "+", points);
}

/* A player the store no longer lists has no name and counts as active. */
static Row *
row_new (const SpStanding *standing,
         GHashTable       *by_id,
         GPtrArray        *team_names)
{
  Row *row = g_new0 (Row, 1);
  gint64 id = standing->player;
  const SpPlayer *player = g_hash_table_lookup (by_id, &id);
  const char *name = player != NULL ? player->name : "";

  row->rank = standing->rank;
  row->id = id;
  row->name = g_strdup (name);
  row->status = g_strdup (player != NULL ? sp_player_status_to_string (player->status)
                          : "active");
  row->table_points = (double) standing->table_points_x12 / SP_TABLE_POINTS_SCALE;
  row->score = standing->score;
  {
    char number[G_ASCII_DTOSTR_BUF_SIZE];

    /* Points are whole, so one decimal of thousands is exact (-7.2, 25.6). */
    row->tournament_points = g_strdup (g_ascii_formatd (number, sizeof number, "%.1f",
                                                        (double) standing->score / 1000.0));
    row->uma = g_strdup (g_ascii_formatd (number, sizeof number, "%.1f", row->table_points));
  }
  row->sessions = standing->sessions;
  if (team_names != NULL)
    row->label = g_strdup (standing->player < team_names->len
                           ? team_names->pdata[standing->player] : "");
  else if (player != NULL && player->status == SP_PLAYER_WITHDRAWN)
    row->label = g_strdup_printf (_("%s [withdrawn] (%" PRId64 ")"), name, id);
  else if (player != NULL && player->status == SP_PLAYER_SUBSTITUTE)
    row->label = g_strdup_printf (_("%s [substitute] (%" PRId64 ")"), name, id);
  else
    row->label = g_strdup_printf ("%s (%" G_GINT64_FORMAT ")", player != NULL ? name : "?", id);
  return row;
}

static const SpCliColumn player_columns[] = {
  { "rank", N_("rank"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (Row, rank), NULL },
  { "id", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (Row, id), NULL },
  { "name", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (Row, name), NULL },
  { "status", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (Row, status), NULL },
  { NULL, N_("player"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (Row, label), NULL },
  { "table_points", N_("points"), SP_CLI_DOUBLE, 0, G_STRUCT_OFFSET (Row, table_points), NULL },
  { "score", N_("score"), SP_CLI_INT64, 0, G_STRUCT_OFFSET (Row, score), NULL },
  { "sessions", N_("sessions"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (Row, sessions), NULL },
  { "unconfirmed", NULL, SP_CLI_JSON, SP_CLI_OMIT_IF_EMPTY, G_STRUCT_OFFSET (Row, unconfirmed),
    NULL },
  { NULL }
};

/* Riichi: the score is the tournament points (final points less the return, plus uma, less
 * chombo penalties, in thousands), the table points the uma. */
static const SpCliColumn riichi_player_columns[] = {
  { "rank", N_("rank"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (Row, rank), NULL },
  { "id", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (Row, id), NULL },
  { "name", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (Row, name), NULL },
  { "status", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (Row, status), NULL },
  { NULL, N_("player"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (Row, label), NULL },
  { "table_points", N_("uma"), SP_CLI_JSON, 0, G_STRUCT_OFFSET (Row, uma), NULL },
  { "score", N_("score"), SP_CLI_JSON, 0, G_STRUCT_OFFSET (Row, tournament_points), NULL },
  { "sessions", N_("sessions"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (Row, sessions), NULL },
  { "unconfirmed", NULL, SP_CLI_JSON, SP_CLI_OMIT_IF_EMPTY, G_STRUCT_OFFSET (Row, unconfirmed),
    NULL },
  { NULL }
};

static const SpCliColumn team_columns[] = {
  { "rank", N_("rank"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (Row, rank), NULL },
  { "team", N_("team"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (Row, label), NULL },
  { "table_points", N_("points"), SP_CLI_DOUBLE, 0, G_STRUCT_OFFSET (Row, table_points), NULL },
  { "score", N_("score"), SP_CLI_INT64, 0, G_STRUCT_OFFSET (Row, score), NULL },
  { "sessions", N_("sessions"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (Row, sessions), NULL },
  { NULL }
};

int
sp_cli_standings (SpCli  *cli,
                  int     argc,
                  char  **argv)
{
  gint64 session = 0;
  gboolean teams = FALSE;
  const GOptionEntry entries[] = {
    sp_cli_session_entry (&session, N_("After session K")),
    { "teams", 0, 0, G_OPTION_ARG_NONE, &teams, N_("Rank the teams"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, entries,
                                                         _(standings_summary));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) standings = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GPtrArray) team_names = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (row_free);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GArray) pending = NULL;
  g_auto(SpCliStore) store = { 0 };
  guint n_unconfirmed = 0;
  gboolean riichi;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status)
      || !sp_cli_check_range (cli, "session", session, 0, 1000, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  /* One error at a time: each step runs only when the one before succeeded. */
  if ((standings = sp_db_compute_standings (store.db, store.tournament, (guint) session,
                                            teams ? &team_names : NULL, &error)) == NULL
      || (players = sp_db_list_players (store.db, store.tournament->id, &error)) == NULL
      || (pending = sp_db_compute_pending (store.db, store.tournament, (guint) session,
                                           &n_unconfirmed, &error)) == NULL)
    return sp_cli_store_fail (cli, &store, error);
  riichi = sp_ruleset_traits (store.tournament->ruleset)->places_by_uma;
  for (guint i = 0; i < players->len; i++)
    g_hash_table_insert (by_id, &((SpPlayer *) players->pdata[i])->id, players->pdata[i]);
  for (guint i = 0; i < standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (standings, SpStanding, i);
      Row *row = row_new (standing, by_id, team_names);

      /* Two-key entry: each player's hands awaiting confirmation, apart from the totals. */
      if (store.tournament->two_key && !teams)
        row_add_pending (row, sp_pending_hands_find (pending, standing->player), riichi);
      g_ptr_array_add (rows, row);
    }
  if (cli->json)
    {
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "tournament", store.tournament->name);
      if (store.tournament->two_key)
        sp_cli_builder_int (builder, "unconfirmed_hands", n_unconfirmed);
      sp_cli_build_records (builder, teams ? "teams" : "players",
                            teams ? team_columns
                            : sp_ruleset_traits (store.tournament->ruleset)->places_by_uma
                            ? riichi_player_columns : player_columns, rows);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
      return SP_CLI_OK;
    }
  if (session > 0)
    g_string_printf (out, _("%s — standings after session %u\n"), store.tournament->name,
                     (guint) session);
  else
    g_string_printf (out, _("%s — standings\n"), store.tournament->name);
  sp_cli_append_table (out, teams ? team_columns
                            : sp_ruleset_traits (store.tournament->ruleset)->places_by_uma
                            ? riichi_player_columns : player_columns, rows);
  if (store.tournament->two_key && n_unconfirmed > 0)
    {
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                "%u hand awaits confirmation (two-key entry) "
                                                "and is not counted above:\n",
                                                "%u hands await confirmation (two-key entry) "
                                                "and are not counted above:\n",
                                                n_unconfirmed), n_unconfirmed);
      for (guint i = 0; !teams && i < rows->len; i++)
        if (((Row *) rows->pdata[i])->pending_text != NULL)
          g_string_append_printf (out, "%s\n", ((Row *) rows->pdata[i])->pending_text);
    }
  fputs (out->str, stdout);
  return SP_CLI_OK;
}
