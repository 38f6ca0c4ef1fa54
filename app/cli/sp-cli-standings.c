/* sp-cli-standings.c: `sparrow-cli standings`: session scores to table points and the ranking
 * of the tournament, from the sums the store makes.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <stdio.h>
#include <string.h>

static const char standings_usage[] =
  "Usage: sparrow-cli standings [--session K] [--teams] [--json]\n"
  "\n"
  "The standings after session K (else after every session played so far): table points\n"
  "(4 / 2 / 1 / 0, ties sharing; with the tournament option group_tables=N the standard score\n"
  "of each group of N tables), score, sessions played, ranked by the tournament's ranking\n"
  "(r98, ema or score).  --teams ranks the teams by their members' results.\n";

GArray *
sp_cli_compute_standings (SpCliStore  *store,
                          guint        last_session,
                          GError     **error)
{
  g_autoptr(GArray) tables = sp_db_list_table_results (store->db, store->tournament->id,
                                                       last_session, error);
  g_autoptr(GArray) results = NULL;
  g_autoptr(GHashTable) excluded = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) closed = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GArray) counted = NULL;
  g_autofree gint64 *group_scores = NULL;
  g_autofree guint *group_places = NULL;
  g_autofree gint32 *group_points = NULL;
  gboolean penalties_in_session;
  SpRanking ranking = SP_RANKING_R98;
  guint group_tables;

  if (tables == NULL)
    return NULL;
  penalties_in_session = g_strcmp0 (sp_cli_store_option (store, "penalties", "session"),
                                    "session") == 0;
  if (g_strcmp0 (sp_cli_store_option (store, "rank_substitutes", "on"), "off") == 0)
    {
      players = sp_db_list_players (store->db, store->tournament->id, error);
      if (players == NULL)
        return NULL;
      for (guint i = 0; i < players->len; i++)
        if (((SpPlayer *) players->pdata[i])->status == SP_PLAYER_SUBSTITUTE)
          g_hash_table_add (excluded, &((SpPlayer *) players->pdata[i])->id);
    }
  sp_ranking_from_string (store->tournament->ranking, &ranking);

  group_tables = (guint) g_ascii_strtoull (sp_cli_store_option (store, "group_tables", "1"),
                                           NULL, 10);
  group_tables = CLAMP (group_tables, 1, SP_TOURNAMENT_MAX_GROUP_TABLES);
  group_scores = g_new (gint64, 4 * group_tables);
  group_places = g_new (guint, 4 * group_tables);
  group_points = g_new (gint32, 4 * group_tables);

  /* The tables that count: once they have a hand, or when their session was closed (time
   * up). */
  counted = g_array_sized_new (FALSE, FALSE, sizeof (const SpTableResult *), tables->len);
  for (guint i = 0; i < tables->len; i++)
    {
      const SpTableResult *table = &g_array_index (tables, SpTableResult, i);

      if (table->n_hands == 0)
        {
          SpSessionInfo info;

          if (!g_hash_table_contains (closed, GUINT_TO_POINTER (table->session)))
            {
              if (!sp_db_get_session (store->db, store->tournament->id, table->session, &info,
                                      error))
                return NULL;
              g_hash_table_insert (closed, GUINT_TO_POINTER (table->session),
                                   GUINT_TO_POINTER (info.closed));
            }
          if (!GPOINTER_TO_UINT (g_hash_table_lookup (closed, GUINT_TO_POINTER (table->session))))
            continue;
        }
      g_array_append_val (counted, table);
    }

  /* Table points: 4 / 2 / 1 / 0 at each table, or with group_tables=N the standard score of
   * the group of tables 1–N, N+1–2N, … of a session (R98 第十条).  The place kept for the
   * tie-breaks is the place at the table. */
  results = g_array_sized_new (FALSE, TRUE, sizeof (SpSessionResult), tables->len * 4);
  for (guint first = 0, end; first < counted->len; first = end)
    {
      const SpTableResult *head = g_array_index (counted, const SpTableResult *, first);
      guint n_players = 0;

      for (end = first; end < counted->len; end++)
        {
          const SpTableResult *table = g_array_index (counted, const SpTableResult *, end);

          if (table->session != head->session
              || (table->table - 1) / group_tables != (head->table - 1) / group_tables)
            break;
          for (guint c = 0; c < 4; c++)
            group_scores[n_players++] = table->hand_scores[c]
                                        + (penalties_in_session ? table->penalties[c] : 0);
        }
      if (group_tables > 1)
        sp_group_points (group_scores, n_players, group_places, group_points);

      for (guint k = first; k < end; k++)
        {
          const SpTableResult *table = g_array_index (counted, const SpTableResult *, k);
          const gint64 *scores = &group_scores[4 * (k - first)];
          guint8 places[4];
          gint32 points[4];

          sp_table_points (scores, places, points);
          for (guint c = 0; c < 4; c++)
            {
              SpSessionResult result = {
                .player = (guint32) table->players[c],
                .session = table->session,
                .score = table->hand_scores[c] + table->penalties[c],
                .table_points_x12 = group_tables > 1 ? group_points[4 * (k - first) + c]
                                    : points[c],
                .place = places[c],
              };

              if (!g_hash_table_contains (excluded, &table->players[c]))
                g_array_append_val (results, result);
            }
        }
    }
  return sp_standings_compute ((const SpSessionResult *) results->data, results->len, ranking);
}

static double
table_points (gint64 x12)
{
  return (double) x12 / SP_TABLE_POINTS_SCALE;
}

static int
standings_run (SpCli     *cli,
               SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) standings = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GPtrArray) team_names = g_ptr_array_new ();
  gint64 session = 0;
  int status;

  if (args->help || args->positional->len != 0)
    return sp_cli_usage (standings_usage, args->help);
  if (!sp_cli_args_int (cli, args, "session", 1, 1000, &session, &status))
    return status;
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_cli_store_check_session (&store, session, &error))
    goto fail;
  standings = sp_cli_compute_standings (&store, (guint) session, &error);
  players = sp_db_list_players (store.db, store.tournament->id, &error);
  if (standings == NULL || players == NULL)
    goto fail;
  for (guint i = 0; i < players->len; i++)
    g_hash_table_insert (by_id, &((SpPlayer *) players->pdata[i])->id, players->pdata[i]);

  if (sp_cli_args_has (args, "teams"))
    {
      g_autoptr(GHashTable) team_numbers = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GArray) teams = NULL;
      SpRanking ranking = SP_RANKING_R98;

      g_ptr_array_add (team_names, (gpointer) "");
      for (guint i = 0; i < standings->len; i++)
        {
          SpStanding *standing = &g_array_index (standings, SpStanding, i);
          gint64 id = standing->player;
          SpPlayer *player = g_hash_table_lookup (by_id, &id);

          if (player == NULL || player->team == NULL || player->team[0] == '\0')
            continue;
          if (!g_hash_table_contains (team_numbers, player->team))
            {
              g_hash_table_insert (team_numbers, player->team,
                                   GUINT_TO_POINTER (team_names->len));
              g_ptr_array_add (team_names, player->team);
            }
          standing->team = GPOINTER_TO_UINT (g_hash_table_lookup (team_numbers, player->team));
        }
      sp_ranking_from_string (store.tournament->ranking, &ranking);
      teams = sp_standings_teams (standings, ranking);
      g_clear_pointer (&standings, g_array_unref);
      standings = g_steal_pointer (&teams);
    }

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      gboolean by_team = sp_cli_args_has (args, "teams");

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, by_team ? "teams" : "players");
      json_builder_begin_array (builder);
      for (guint i = 0; i < standings->len; i++)
        {
          const SpStanding *standing = &g_array_index (standings, SpStanding, i);
          gint64 id = standing->player;
          SpPlayer *player = g_hash_table_lookup (by_id, &id);

          json_builder_begin_object (builder);
          sp_cli_builder_int (builder, "rank", standing->rank);
          if (by_team)
            {
              sp_cli_builder_string (builder, "team", standing->player < team_names->len
                                     ? team_names->pdata[standing->player] : "");
            }
          else
            {
              sp_cli_builder_int (builder, "id", id);
              sp_cli_builder_string (builder, "name", player != NULL ? player->name : "");
            }
          json_builder_set_member_name (builder, "table_points");
          json_builder_add_double_value (builder, table_points (standing->table_points_x12));
          sp_cli_builder_int (builder, "score", standing->score);
          sp_cli_builder_int (builder, "sessions", standing->sessions);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    {
      g_autoptr(GString) line = g_string_new ("rank  ");

      /* The name column is padded by display width: a Chinese name takes two columns a
       * character, and the columns after it must line up with those of a Latin one. */
      sp_cli_append_padded (line, sp_cli_args_has (args, "teams") ? "team" : "player", 30);
      g_string_append_printf (line, " %8s %8s %8s\n", "points", "score", "sessions");
      fputs (line->str, stdout);
      for (guint i = 0; i < standings->len; i++)
        {
          const SpStanding *standing = &g_array_index (standings, SpStanding, i);
          gint64 id = standing->player;
          SpPlayer *player = g_hash_table_lookup (by_id, &id);
          g_autofree char *label = NULL;

          if (sp_cli_args_has (args, "teams"))
            label = g_strdup (standing->player < team_names->len
                              ? team_names->pdata[standing->player] : "");
          else
            label = g_strdup_printf ("%s (%" G_GINT64_FORMAT ")",
                                     player != NULL ? player->name : "?", id);
          g_string_printf (line, "%-5u ", standing->rank);
          sp_cli_append_padded (line, label, 30);
          g_string_append_printf (line, " %8.2f %8" G_GINT64_FORMAT " %8u\n",
                                  table_points (standing->table_points_x12), standing->score,
                                  standing->sessions);
          fputs (line->str, stdout);
        }
    }
  return sp_cli_store_finish (cli, &store, NULL);

fail:
  return sp_cli_store_finish (cli, &store, error);
}

int
sp_cli_standings (SpCli  *cli,
                  int     argc,
                  char  **argv)
{
  static const char * const allowed[] = { "session=", "teams", "json", NULL };

  return sp_cli_args_run (cli, argc, argv, allowed, FALSE, standings_run);
}
