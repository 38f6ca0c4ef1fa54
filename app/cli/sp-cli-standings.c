/* sp-cli-standings.c: `sparrow-cli standings`: the ranking the store computes, printed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <glib/gi18n.h>
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

static double
table_points (gint64 x12)
{
  return (double) x12 / SP_TABLE_POINTS_SCALE;
}

/* The status a standing shows: a player the store no longer lists has none. */
static const char *
status_of (const SpPlayer *player)
{
  return player != NULL ? sp_player_status_to_string (player->status) : "active";
}

/* The name a standing shows: the team's, or the player's with a mark if withdrawn or a
 * substitute. */
static char *
label_of (const SpStanding *standing,
          const SpPlayer   *player,
          GPtrArray        *team_names)
{
  if (team_names != NULL)
    return g_strdup (standing->player < team_names->len
                     ? team_names->pdata[standing->player] : "");
  if (player != NULL && player->status == SP_PLAYER_WITHDRAWN)
    return g_strdup_printf (_("%s [withdrawn] (%" G_GINT64_FORMAT ")"), player->name,
                            (gint64) standing->player);
  if (player != NULL && player->status == SP_PLAYER_SUBSTITUTE)
    return g_strdup_printf (_("%s [substitute] (%" G_GINT64_FORMAT ")"), player->name,
                            (gint64) standing->player);
  return g_strdup_printf ("%s (%" G_GINT64_FORMAT ")", player != NULL ? player->name : "?",
                          (gint64) standing->player);
}

static void
print_standings (SpCli        *cli,
                 SpCliStore   *store,
                 guint         session,
                 GArray       *standings,
                 GHashTable   *by_id,
                 GPtrArray    *team_names)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) line = g_string_new (NULL);

  json_builder_begin_object (builder);
  sp_cli_builder_string (builder, "tournament", store->tournament->name);
  json_builder_set_member_name (builder, team_names != NULL ? "teams" : "players");
  json_builder_begin_array (builder);
  if (session > 0)
    g_string_printf (line, _("%s — standings after session %u\n"), store->tournament->name,
                     session);
  else
    g_string_printf (line, _("%s — standings\n"), store->tournament->name);
  /* The name column is padded by display width: a Chinese name takes two columns a character,
   * and the columns after it must line up with those of a Latin one. */
  g_string_append (line, "rank  ");
  sp_cli_append_padded (line, team_names != NULL ? _("team") : _("player"), 30);
  g_string_append_printf (line, " %8s %8s %8s\n", _("points"), _("score"), _("sessions"));
  for (guint i = 0; i < standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (standings, SpStanding, i);
      gint64 id = standing->player;
      const SpPlayer *player = g_hash_table_lookup (by_id, &id);
      g_autofree char *label = label_of (standing, player, team_names);

      json_builder_begin_object (builder);
      sp_cli_builder_int (builder, "rank", standing->rank);
      if (team_names != NULL)
        sp_cli_builder_string (builder, "team", label);
      else
        {
          sp_cli_builder_int (builder, "id", id);
          sp_cli_builder_string (builder, "name", player != NULL ? player->name : "");
          sp_cli_builder_string (builder, "status", status_of (player));
        }
      json_builder_set_member_name (builder, "table_points");
      json_builder_add_double_value (builder, table_points (standing->table_points_x12));
      sp_cli_builder_int (builder, "score", standing->score);
      sp_cli_builder_int (builder, "sessions", standing->sessions);
      json_builder_end_object (builder);

      g_string_append_printf (line, "%-5u ", standing->rank);
      sp_cli_append_padded (line, label, 30);
      g_string_append_printf (line, " %8.2f %8" G_GINT64_FORMAT " %8u\n",
                              table_points (standing->table_points_x12), standing->score,
                              standing->sessions);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (cli->json)
    sp_cli_print_builder (builder);
  else
    fputs (line->str, stdout);
}

int
sp_cli_standings (SpCli  *cli,
                  int     argc,
                  char  **argv)
{
  gint64 session = 0;
  gboolean teams = FALSE;
  const GOptionEntry entries[] = {
    { "session", 0, 0, G_OPTION_ARG_INT64, &session, N_("After session K"), N_("K") },
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
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status)
      || !sp_cli_check_range (cli, "session", session, 0, 1000, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  /* One error at a time: each step runs only when the one before succeeded. */
  if ((standings = sp_db_compute_standings (store.db, store.tournament, (guint) session,
                                            teams ? &team_names : NULL, &error)) == NULL
      || (players = sp_db_list_players (store.db, store.tournament->id, &error)) == NULL)
    return sp_cli_store_fail (cli, &store, error);
  for (guint i = 0; i < players->len; i++)
    g_hash_table_insert (by_id, &((SpPlayer *) players->pdata[i])->id, players->pdata[i]);
  print_standings (cli, &store, (guint) session, standings, by_id, team_names);
  return SP_CLI_OK;
}
