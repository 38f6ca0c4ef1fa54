/* sp-cli-seating.c: `sparrow-cli seating …`: balanced plans (`plan`, no database), and the seats
 * of a session drawn by the tournament's method and stored by one operation (`draw`, `show`).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sp-cli.h"
#include "sp-cli-store.h"
#include "sp-core.h"

/* The --teams file: one line per player, the team's name (blank = none). */
static gboolean
read_teams (SpCli       *cli,
            const char  *path,
            guint        n_players,
            guint       *teams,
            int         *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    *status = sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "--teams: %s", error->message);
  else if (!sp_teams_parse (contents, length, n_players, teams, &error))
    *status = sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "--teams %s: %s", path,
                           error->message);
  return error == NULL;
}

static void
print_plan (SpCli                  *cli,
            const SpSeatingPlan    *plan,
            const SpSeatingQuality *quality,
            guint64                 seed)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "rounds");
  json_builder_begin_array (builder);
  for (guint r = 0; r < plan->n_rounds; r++)
    {
      if (!cli->json)
        printf ("Round %u\n", r + 1);
      json_builder_begin_array (builder);
      for (guint t = 0; t < plan->n_players / 4; t++)
        {
          if (!cli->json)
            printf ("  Table %-4u", t + 1);
          json_builder_begin_array (builder);
          for (guint s = 0; s < 4; s++)
            {
              guint player = sp_seating_plan_get (plan, r, t, s) + 1;

              json_builder_add_int_value (builder, player);
              if (!cli->json)
                printf ("  %s %4u", sp_cli_seat_names[s], player);
            }
          json_builder_end_array (builder);
          if (!cli->json)
            printf ("\n");
        }
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  if (!cli->json)
    {
      printf ("\n"
              "Repeated meetings: %u (lower bound %u)\n"
              "Wind spread:       %u\n"
              "Table repeats:     %u\n"
              "Team clashes:      %u\n"
              "Seed:              %" G_GUINT64_FORMAT "\n",
              quality->repeats, quality->lower_bound, quality->wind_spread,
              quality->table_repeats, quality->team_clashes, seed);
      return;
    }
  json_builder_set_member_name (builder, "quality");
  json_builder_begin_object (builder);
  sp_cli_builder_int (builder, "repeats", quality->repeats);
  sp_cli_builder_int (builder, "lower_bound", quality->lower_bound);
  sp_cli_builder_int (builder, "wind_spread", quality->wind_spread);
  sp_cli_builder_int (builder, "table_repeats", quality->table_repeats);
  sp_cli_builder_int (builder, "team_clashes", quality->team_clashes);
  json_builder_end_object (builder);
  /* JSON numbers stop at G_MAXINT64 here; a larger seed is written as text. */
  if (seed <= G_MAXINT64)
    sp_cli_builder_int (builder, "seed", (gint64) seed);
  else
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);

      sp_cli_builder_string (builder, "seed", text);
    }
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
}

static int
seating_plan (SpCli  *cli,
              int     argc,
              char  **argv)
{
  gint64 n_players = G_MININT64, n_rounds = G_MININT64;
  g_autofree char *seed_text = NULL;
  g_autofree char *teams_path = NULL;
  const GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_INT64, &n_players,
      N_("The number of players (a multiple of 4, 8–1024)"), N_("N") },
    { "rounds", 0, 0, G_OPTION_ARG_INT64, &n_rounds, N_("The number of rounds (sessions)"),
      N_("R") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("The draw's seed (else one is picked and printed)"), N_("S") },
    { "teams", 0, 0, G_OPTION_ARG_FILENAME, &teams_path,
      N_("One line per player: the team's name (blank = none)"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, entries,
                        _("Seats N players at N/4 tables for R rounds so that as few pairs as\n"
                          "possible meet twice (none where a schedule for that is known), each\n"
                          "player's seat winds are balanced and teammates never share a table.\n"
                          "Players are numbered 1..N; each table lists its players in seat order\n"
                          "E S W N for the round's first hand.  The same seed gives the same "
                          "plan."));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpSeatingPlan) plan = NULL;
  g_autofree guint *teams = NULL;
  SpSeatingQuality quality;
  guint64 seed;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (n_players == G_MININT64 || n_rounds == G_MININT64)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("seating plan needs --players N --rounds R"));
  if (seed_text != NULL && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed,
                                                         NULL))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        "--seed: '%s' is not a whole number from 0 to %" G_GUINT64_FORMAT,
                        seed_text, G_MAXUINT64);
  /* Else a seed of its own, printed with the plan, so the draw can be reproduced. */
  if (seed_text == NULL)
    seed = g_random_int ();

  /* Sizes out of range are understood but not acceptable: the core says why. */
  if (n_players < 0 || n_players > 65536)
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid",
                        "players: %" G_GINT64_FORMAT " is not a multiple of 4 between 8 and 1024",
                        n_players);
  if (n_rounds < 0 || n_rounds > G_MAXUINT)
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid",
                        "rounds: %" G_GINT64_FORMAT " is not a positive number of rounds",
                        n_rounds);
  if (teams_path != NULL && n_players >= 8 && n_players <= 1024)
    {
      teams = g_new0 (guint, n_players);
      if (!read_teams (cli, teams_path, n_players, teams, &status))
        return status;
    }
  plan = sp_seating_plan_balanced (n_players, n_rounds, seed, teams, &error);
  if (plan == NULL)
    return sp_cli_fail_error (cli, error);
  sp_seating_plan_measure (plan, teams, &quality);
  print_plan (cli, plan, &quality, seed);
  return SP_CLI_OK;
}

/* A seat of a session at its first hand. */
typedef struct
{
  guint       table;
  const char *seat;
  gint64      id;
  const char *name;
} Seat;

static const SpCliColumn player_columns[] = {
  { "id", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (Seat, id), NULL, NULL },
  { "name", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (Seat, name), NULL, NULL },
  { NULL }
};

static const SpCliColumn seat_columns[] = {
  { NULL, N_("table"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (Seat, table), NULL, NULL },
  { "seat", N_("seat"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (Seat, seat), NULL, NULL },
  { "player", NULL, SP_CLI_OBJECT, 0, 0, NULL, player_columns },
  { NULL, N_("id"), SP_CLI_INT64, 0, G_STRUCT_OFFSET (Seat, id), NULL, NULL },
  { NULL, N_("player"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (Seat, name), NULL, NULL },
  { NULL }
};

/* The seats of @session at its first hand, by table, E S W N. */
static gboolean
show_session (SpCli       *cli,
              SpCliStore  *store,
              guint        session,
              gboolean     has_seed,
              guint64      seed,
              GError     **error)
{
  g_autoptr(GArray) ids = sp_db_list_seats (store->db, store->tournament->id, session, error);
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) out = g_string_new (NULL);

  if (ids == NULL)
    return FALSE;
  if (ids->len == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("session %u has not been drawn (seating draw --session %u)"), session,
                   session);
      return FALSE;
    }
  players = sp_db_list_players (store->db, store->tournament->id, error);
  if (players == NULL)
    return FALSE;
  for (guint i = 0; i < players->len; i++)
    g_hash_table_insert (by_id, &((SpPlayer *) players->pdata[i])->id, players->pdata[i]);
  /* Whole tables only: four seats each. */
  for (guint i = 0; i < (ids->len & ~3u); i++)
    {
      Seat *seat = g_new0 (Seat, 1);
      SpPlayer *player;

      seat->table = i / 4 + 1;
      seat->seat = sp_cli_seat_names[i % 4];
      seat->id = g_array_index (ids, gint64, i);
      player = g_hash_table_lookup (by_id, &seat->id);
      seat->name = player != NULL ? player->name : "";
      g_ptr_array_add (seats, seat);
    }
  if (!cli->json)
    {
      if (has_seed)
        g_string_printf (out, _("session %u (seed %" PRIu64 ")\n"), session, seed);
      else
        g_string_printf (out, _("session %u\n"), session);
      sp_cli_append_table (out, seat_columns, seats);
      fputs (out->str, stdout);
      return TRUE;
    }
  json_builder_begin_object (builder);
  sp_cli_builder_int (builder, "session", session);
  if (has_seed)
    sp_cli_builder_int (builder, "seed", (gint64) seed);
  json_builder_set_member_name (builder, "tables");
  json_builder_begin_array (builder);
  for (guint t = 0; t < seats->len; t += 4)
    {
      g_autoptr(GPtrArray) table = g_ptr_array_new ();

      for (guint c = 0; c < 4; c++)
        g_ptr_array_add (table, seats->pdata[t + c]);
      json_builder_begin_object (builder);
      sp_cli_builder_int (builder, "table", t / 4 + 1);
      sp_cli_build_records (builder, "seats", seat_columns, table);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
  return TRUE;
}

/* seating draw and seating show: the seats of a session, drawn first or as they are. */
static int
seating_run (SpCli  *cli,
             int     argc,
             char  **argv)
{
  gboolean drawing = strcmp (argv[0], "draw") == 0;
  gint64 session = 0, top = 0;
  g_autofree char *seed_text = NULL;
  const GOptionEntry entries[] = {
    sp_cli_session_entry (&session, N_("The session")),
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, N_("The draw's seed"), N_("S") },
    { "top", 0, 0, G_OPTION_ARG_INT64, &top, N_("A final of the top N of the standings"),
      N_("N") },
    { NULL }
  };
  const GOptionEntry show_entries[] = { entries[0], { NULL } };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, drawing ? entries : show_entries,
                        drawing ? _("Seats session K by the tournament's method: balanced (one "
                                    "schedule for all\nsessions, computed at the first draw), "
                                    "random (a draw by lots) or swiss (by\nthe standings after "
                                    "the sessions before, which must be closed).  --top N\ndraws "
                                    "a final: the top N of the standings (N a multiple of 4), the "
                                    "others\nsit out.  When players are checked in, only they are "
                                    "seated.  The seed is\nrecorded; the same seed gives the same "
                                    "seats, and a drawn session keeps its.")
                        : _("Lists each table's players in seat order E S W N at the session's "
                            "first hand."));
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  SpDrawRequest request = { 0 };
  guint64 seed = 0;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (seed_text != NULL
      && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXINT64, &seed, NULL))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--seed %s: a whole number is expected"),
                        seed_text);
  if (session == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("seating %s needs --session K"), argv[0]);
  if (!sp_cli_check_range (cli, "session", session, 1, 1000, &status)
      || !sp_cli_check_range (cli, "top", top, 0, 100000, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  request.has_seed = seed_text != NULL;
  request.seed = seed;
  request.top = (guint) top;
  if (!sp_db_check_session (store.tournament, (guint) session, &error)
      || (drawing && !sp_db_draw_session (store.db, store.tournament, (guint) session, &request,
                                          &seed, &error))
      || !show_session (cli, &store, (guint) session, drawing, seed, &error))
    return sp_cli_store_fail (cli, &store, error);
  return SP_CLI_OK;
}

const SpCliCommand sp_cli_seating_commands[] = {
    { "plan", N_("a balanced schedule for N players and R rounds (no database)"), seating_plan },
    { "draw", N_("seat a session of the tournament by its method"), seating_run },
    { "show", N_("the seats of a session at its first hand"), seating_run },
  { NULL }
};
