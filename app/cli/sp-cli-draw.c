/* sp-cli-draw.c: `sparrow-cli seating draw` and `seating show`: the seats of a session by the
 * tournament's method (a balanced schedule computed once, a draw by lots, or Swiss by the
 * standings), stored with their seed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <stdio.h>
#include <string.h>

#include "sp-seating.h"

static const char seating_usage[] =
  "Usage: sparrow-cli seating draw --session K [--seed S] [--json]\n"
  "       sparrow-cli seating show --session K [--json]\n"
  "\n"
  "draw seats session K by the tournament's method: balanced (one schedule for all sessions,\n"
  "computed at the first draw), random (a draw by lots) or swiss (by the standings after the\n"
  "sessions before).  The seed is recorded; the same seed gives the same seats.\n"
  "show lists each table's players in seat order E S W N at the session's first hand.\n";

/* The players who take part in a draw: everyone but those who withdrew, by id. */
static GPtrArray *
list_field (SpCliStore  *store,
            guint       *teams_out[],
            GError     **error)
{
  g_autoptr(GPtrArray) all = sp_db_list_players (store->db, store->tournament->id, error);
  g_autoptr(GPtrArray) field = NULL;
  g_autoptr(GHashTable) team_numbers = g_hash_table_new (g_str_hash, g_str_equal);
  guint *teams;
  gboolean any_team = FALSE;

  if (all == NULL)
    return NULL;
  field = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_player_free);
  for (guint i = 0; i < all->len; i++)
    {
      SpPlayer *player = all->pdata[i];

      if (player->status != SP_PLAYER_WITHDRAWN)
        g_ptr_array_add (field, g_steal_pointer (&all->pdata[i]));
    }
  teams = g_new0 (guint, MAX (field->len, 1));
  for (guint i = 0; i < field->len; i++)
    {
      SpPlayer *player = field->pdata[i];

      if (player->team == NULL || player->team[0] == '\0')
        continue;
      if (!g_hash_table_contains (team_numbers, player->team))
        g_hash_table_insert (team_numbers, player->team,
                             GUINT_TO_POINTER (g_hash_table_size (team_numbers) + 1));
      teams[i] = GPOINTER_TO_UINT (g_hash_table_lookup (team_numbers, player->team));
      any_team = TRUE;
    }
  if (!any_team)
    g_clear_pointer (&teams, g_free);
  *teams_out = teams;
  return g_steal_pointer (&field);
}

static gboolean
check_field_size (guint     n,
                  GError  **error)
{
  if (n < 8 || n % 4 != 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "%u players take part: a draw needs a multiple of 4, at least 8 (add players, "
                   "or name substitutes for those who withdrew)", n);
      return FALSE;
    }
  return TRUE;
}

/* Swiss: the field ranked by the standings after session @session − 1 (players without a
 * result last, by id), and how often each pair met. */
static gboolean
draw_swiss (SpCliStore  *store,
            guint        session,
            GPtrArray   *field,
            const guint *teams,
            guint16     *round,
            GError     **error)
{
  g_autoptr(GArray) standings = sp_cli_compute_standings (store, session - 1, error);
  g_autoptr(GHashTable) index_of = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree guint *ranking = NULL;
  g_autofree guint8 *meetings = NULL;
  g_autofree gboolean *ranked = NULL;
  guint n = field->len;
  guint k = 0;
  SpSwissMethod method = SP_SWISS_HIGH_HIGH;

  if (standings == NULL)
    return FALSE;
  if (g_strcmp0 (sp_cli_store_option (store, "swiss", "high-high"), "snake") == 0)
    method = SP_SWISS_SNAKE;
  for (guint i = 0; i < n; i++)
    g_hash_table_insert (index_of, &((SpPlayer *) field->pdata[i])->id, GUINT_TO_POINTER (i + 1));
  ranking = g_new0 (guint, n);
  ranked = g_new0 (gboolean, n);
  for (guint i = 0; i < standings->len; i++)
    {
      gint64 id = g_array_index (standings, SpStanding, i).player;
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, &id));

      if (index > 0 && !ranked[index - 1])
        {
          ranking[k++] = index - 1;
          ranked[index - 1] = TRUE;
        }
    }
  for (guint i = 0; i < n; i++)
    if (!ranked[i])
      ranking[k++] = i;

  meetings = g_new0 (guint8, (gsize) n * n);
  for (guint s = 1; s < session; s++)
    {
      g_autoptr(GArray) seats = sp_db_list_seats (store->db, store->tournament->id, s, error);

      if (seats == NULL)
        return FALSE;
      for (guint t = 0; t + 4 <= seats->len; t += 4)
        for (guint a = 0; a < 4; a++)
          for (guint b = 0; b < 4; b++)
            {
              gint64 pa = g_array_index (seats, gint64, t + a);
              gint64 pb = g_array_index (seats, gint64, t + b);
              guint ia = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, &pa));
              guint ib = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, &pb));

              if (a != b && ia > 0 && ib > 0 && meetings[(ia - 1) * n + ib - 1] < G_MAXUINT8)
                meetings[(ia - 1) * n + ib - 1]++;
            }
    }
  return sp_seating_round_swiss (n, ranking, meetings, teams, method, round, error);
}

static gboolean
draw_session (SpCliStore  *store,
              guint        session,
              gboolean     has_seed,
              guint64      seed,
              guint64     *used_seed,
              GError     **error)
{
  const SpTournament *tournament = store->tournament;
  g_autofree guint *teams = NULL;
  g_autoptr(GPtrArray) field = list_field (store, &teams, error);
  g_autofree gint64 *players = NULL;
  g_autoptr(GArray) planned = NULL;
  SpSessionInfo info;
  guint n;

  if (field == NULL || !sp_db_get_session (store->db, tournament->id, session, &info, error))
    return FALSE;
  if (info.closed || info.n_hands > 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u already has hands: its seats cannot be drawn again", session);
      return FALSE;
    }
  if (!has_seed)
    seed = ((guint64) g_random_int () << 32) | g_random_int ();
  *used_seed = seed;
  n = field->len;

  if (strcmp (tournament->seating, "balanced") == 0)
    {
      guint64 plan_seed;

      if (!sp_db_get_plan_seed (store->db, tournament->id, &plan_seed))
        {
          g_autoptr(SpSeatingPlan) plan = NULL;
          g_autofree gint64 *numbers = NULL;

          if (!check_field_size (n, error))
            return FALSE;
          plan = sp_seating_plan_balanced (n, tournament->n_sessions, seed, teams, error);
          if (plan == NULL)
            return FALSE;
          numbers = g_new (gint64, n);
          for (guint i = 0; i < n; i++)
            numbers[i] = ((SpPlayer *) field->pdata[i])->id;
          {
            g_autofree guint16 *seats = g_new (guint16, (gsize) n * tournament->n_sessions);

            for (guint i = 0; i < n * tournament->n_sessions; i++)
              seats[i] = (guint16) (plan->seats[i] + 1);
            if (!sp_db_store_plan (store->db, tournament->id, seed, numbers, n, seats,
                                   tournament->n_sessions, error))
              return FALSE;
          }
        }
      else
        *used_seed = plan_seed;
      planned = sp_db_get_plan_session (store->db, tournament->id, session, error);
      if (planned == NULL)
        return FALSE;
      for (guint i = 0; i < planned->len; i++)
        {
          gint64 id = g_array_index (planned, gint64, i);
          g_autoptr(SpPlayer) player = sp_db_get_player (store->db, tournament->id, id, error);

          if (player == NULL)
            return FALSE;
          if (player->status == SP_PLAYER_WITHDRAWN)
            {
              g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                           "player %" G_GINT64_FORMAT " (%s) withdrew and has a seat at table %u "
                           "of session %u: name a substitute first (players substitute %"
                           G_GINT64_FORMAT " --by NAME)", id, player->name, i / 4 + 1, session, id);
              return FALSE;
            }
        }
      return sp_db_store_seating (store->db, tournament->id, session, *used_seed,
                                  (const gint64 *) planned->data, planned->len, error);
    }

  if (!check_field_size (n, error))
    return FALSE;
  players = g_new (gint64, n);
  if (strcmp (tournament->seating, "swiss") == 0 && session > 1)
    {
      g_autofree guint16 *round = g_new (guint16, n);

      if (!draw_swiss (store, session, field, teams, round, error))
        return FALSE;
      for (guint i = 0; i < n; i++)
        players[i] = ((SpPlayer *) field->pdata[round[i]])->id;
    }
  else
    {
      g_autoptr(SpSeatingPlan) plan = sp_seating_plan_random (n, 1, seed, teams, error);

      if (plan == NULL)
        return FALSE;
      for (guint i = 0; i < n; i++)
        players[i] = ((SpPlayer *) field->pdata[sp_seating_plan_get (plan, 0, i / 4, i % 4)])->id;
    }
  return sp_db_store_seating (store->db, tournament->id, session, seed, players, n, error);
}

static gboolean
show_session (SpCli       *cli,
              SpCliStore  *store,
              guint        session,
              gboolean     has_seed,
              guint64      seed,
              GError     **error)
{
  g_autoptr(GArray) seats = sp_db_list_seats (store->db, store->tournament->id, session, error);
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);

  if (seats == NULL)
    return FALSE;
  if (seats->len == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   "session %u has not been drawn (seating draw --session %u)", session, session);
      return FALSE;
    }
  players = sp_db_list_players (store->db, store->tournament->id, error);
  if (players == NULL)
    return FALSE;
  for (guint i = 0; i < players->len; i++)
    g_hash_table_insert (by_id, &((SpPlayer *) players->pdata[i])->id, players->pdata[i]);

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_int (builder, "session", session);
      if (has_seed)
        {
          sp_cli_builder_int (builder, "seed", (gint64) seed);
        }
      json_builder_set_member_name (builder, "tables");
      json_builder_begin_array (builder);
      for (guint t = 0; t + 4 <= seats->len; t += 4)
        {
          json_builder_begin_object (builder);
          sp_cli_builder_int (builder, "table", t / 4 + 1);
          json_builder_set_member_name (builder, "seats");
          json_builder_begin_array (builder);
          for (guint c = 0; c < 4; c++)
            {
              gint64 id = g_array_index (seats, gint64, t + c);
              SpPlayer *player = g_hash_table_lookup (by_id, &id);

              json_builder_begin_object (builder);
              sp_cli_builder_string (builder, "seat", sp_cli_seat_names[c]);
              json_builder_set_member_name (builder, "player");
              json_builder_begin_object (builder);
              sp_cli_builder_int (builder, "id", id);
              sp_cli_builder_string (builder, "name", player != NULL ? player->name : "");
              json_builder_end_object (builder);
              json_builder_end_object (builder);
            }
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    {
      if (has_seed)
        printf ("session %u (seed %" G_GUINT64_FORMAT ")\n", session, seed);
      else
        printf ("session %u\n", session);
      for (guint t = 0; t + 4 <= seats->len; t += 4)
        {
          printf ("table %u:", t / 4 + 1);
          for (guint c = 0; c < 4; c++)
            {
              gint64 id = g_array_index (seats, gint64, t + c);
              SpPlayer *player = g_hash_table_lookup (by_id, &id);

              printf ("  %s %s (%" G_GINT64_FORMAT ")", sp_cli_seat_names[c],
                      player != NULL ? player->name : "?", id);
            }
          printf ("\n");
        }
    }
  return TRUE;
}

static int
seating_run (SpCli     *cli,
             SpCliArgs *args,
             gboolean   drawing)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  gint64 session = 0;
  guint64 seed = 0;
  int status;

  if (args->help || args->positional->len != 0 || (!drawing && sp_cli_args_has (args, "seed")))
    return sp_cli_usage (seating_usage, args->help);
  if (!sp_cli_args_int (cli, args, "session", 1, 1000, &session, &status))
    return status;
  if (sp_cli_args_get (args, "seed") != NULL
      && !g_ascii_string_to_unsigned (sp_cli_args_get (args, "seed"), 10, 0, G_MAXINT64, &seed,
                                      NULL))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--seed %s: a whole number is expected",
                        sp_cli_args_get (args, "seed"));
  if (session == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "seating %s needs --session K",
                        drawing ? "draw" : "show");
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_cli_store_check_session (&store, session, &error))
    goto fail;
  if (drawing)
    {
      if (!sp_db_begin (store.db, &error)
          || !draw_session (&store, (guint) session, sp_cli_args_has (args, "seed"), seed, &seed,
                            &error)
          || !sp_db_commit (store.db, &error)
          || !show_session (cli, &store, (guint) session, TRUE, seed, &error))
        goto fail;
    }
  else
    {
      SpSessionInfo info;

      if (!sp_db_get_session (store.db, store.tournament->id, (guint) session, &info, &error)
          || !show_session (cli, &store, (guint) session, FALSE, 0, &error))
        goto fail;
    }
  return sp_cli_store_finish (cli, &store, NULL);

fail:
  return sp_cli_store_finish (cli, &store, error);
}

static const char * const seating_options[] = { "session=", "seed=", "json", NULL };

static int
seating_draw_run (SpCli     *cli,
                  SpCliArgs *args)
{
  return seating_run (cli, args, TRUE);
}

static int
seating_show_run (SpCli     *cli,
                  SpCliArgs *args)
{
  return seating_run (cli, args, FALSE);
}

int
sp_cli_seating_draw (SpCli  *cli,
                     int     argc,
                     char  **argv)
{
  return sp_cli_args_run (cli, argc, argv, seating_options, FALSE, seating_draw_run);
}

int
sp_cli_seating_show (SpCli  *cli,
                     int     argc,
                     char  **argv)
{
  return sp_cli_args_run (cli, argc, argv, seating_options, FALSE, seating_show_run);
}
