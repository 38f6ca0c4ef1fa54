/* sp-cli-seating.c: `sparrow-cli seating …`: balanced plans (`plan`, no database), and the seats
 * of a session drawn by the tournament's method and stored by one operation (`draw`, `show`).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "sp-cli.h"
#include "sp-cli-store.h"
#include "sp-core.h"

/* Reads a whole number option; FALSE (with the status set) when it is missing or not a number.
 * A number out of range is left to the core to refuse, saying what and where. */
static gboolean
parse_number (SpCli       *cli,
              const char  *name,
              const char  *text,
              gint64      *value,
              int         *status)
{
  g_autoptr(GError) error = NULL;

  if (text == NULL)
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("seating plan: --%s is required"), name);
      return FALSE;
    }
  if (!g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, value, &error))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--%s: '%s' is not a whole number"),
                             name, text);
      return FALSE;
    }
  return TRUE;
}

/* One line per player, the team's name; a blank line is no team.  Fills @teams with a number
 * per team (0 = none). */
static gboolean
read_teams (SpCli       *cli,
            const char  *path,
            guint        n_players,
            guint       *teams,
            int         *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gsize length;
  guint n_lines;

  if (!g_file_get_contents (path, &contents, &length, &error))
    {
      *status = sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "--teams: %s", error->message);
      return FALSE;
    }
  if (!g_utf8_validate (contents, length, NULL) || memchr (contents, '\0', length) != NULL)
    {
      *status = sp_cli_fail (cli, SP_CLI_REFUSED, "invalid",
                             _("--teams %s: not a text file (UTF-8)"), path);
      return FALSE;
    }
  lines = g_strsplit (contents, "\n", -1);
  n_lines = g_strv_length (lines);
  /* A final newline ends the last line rather than starting another. */
  if (n_lines > 0 && length > 0 && contents[length - 1] == '\n')
    n_lines--;
  if (n_lines != n_players)
    {
      *status = sp_cli_fail (cli, SP_CLI_REFUSED, "invalid",
                             _("--teams %s: %u lines for %u players (one line per player, the "
                               "team's name or blank)"), path, n_lines, n_players);
      return FALSE;
    }
  for (guint p = 0; p < n_players; p++)
    {
      char *name = g_strstrip (lines[p]);
      gpointer number;

      if (*name == '\0')
        {
          teams[p] = 0;
          continue;
        }
      number = g_hash_table_lookup (numbers, name);
      if (number == NULL)
        {
          number = GUINT_TO_POINTER (g_hash_table_size (numbers) + 1);
          g_hash_table_insert (numbers, g_strdup (name), number);
        }
      teams[p] = GPOINTER_TO_UINT (number);
    }
  return TRUE;
}

static void
print_plan_json (const SpSeatingPlan    *plan,
                 const SpSeatingQuality *quality,
                 guint64                 seed)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  struct
  {
    const char *name;
    guint value;
  } figures[] = {
    { "repeats", quality->repeats },
    { "lower_bound", quality->lower_bound },
    { "wind_spread", quality->wind_spread },
    { "table_repeats", quality->table_repeats },
    { "team_clashes", quality->team_clashes },
  };

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "rounds");
  json_builder_begin_array (builder);
  for (guint r = 0; r < plan->n_rounds; r++)
    {
      json_builder_begin_array (builder);
      for (guint t = 0; t < plan->n_players / 4; t++)
        {
          json_builder_begin_array (builder);
          for (guint s = 0; s < 4; s++)
            json_builder_add_int_value (builder, sp_seating_plan_get (plan, r, t, s) + 1);
          json_builder_end_array (builder);
        }
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "quality");
  json_builder_begin_object (builder);
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      json_builder_set_member_name (builder, figures[i].name);
      json_builder_add_int_value (builder, figures[i].value);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "seed");
  if (seed <= G_MAXINT64)
    json_builder_add_int_value (builder, (gint64) seed);
  else
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);

      json_builder_add_string_value (builder, text);
    }
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  sp_cli_print_json (root);
}

static void
print_plan_text (const SpSeatingPlan    *plan,
                 const SpSeatingQuality *quality,
                 guint64                 seed)
{
  static const char *winds[] = { "E", "S", "W", "N" };

  for (guint r = 0; r < plan->n_rounds; r++)
    {
      printf ("Round %u\n", r + 1);
      for (guint t = 0; t < plan->n_players / 4; t++)
        {
          printf ("  Table %-4u", t + 1);
          for (guint s = 0; s < 4; s++)
            printf ("  %s %4u", winds[s], sp_seating_plan_get (plan, r, t, s) + 1);
          printf ("\n");
        }
    }
  printf ("\n"
          "Repeated meetings: %u (lower bound %u)\n"
          "Wind spread:       %u\n"
          "Table repeats:     %u\n"
          "Team clashes:      %u\n"
          "Seed:              %" G_GUINT64_FORMAT "\n",
          quality->repeats, quality->lower_bound, quality->wind_spread, quality->table_repeats,
          quality->team_clashes, seed);
}

static int
seating_plan (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autofree char *players_text = NULL;
  g_autofree char *rounds_text = NULL;
  g_autofree char *seed_text = NULL;
  g_autofree char *teams_path = NULL;
  const GOptionEntry entries[] = {
    { "players", 0, 0, G_OPTION_ARG_STRING, &players_text,
      N_("The number of players (a multiple of 4, 8–1024)"), N_("N") },
    { "rounds", 0, 0, G_OPTION_ARG_STRING, &rounds_text,
      N_("The number of rounds (sessions)"), N_("R") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("The draw's seed (else one is picked and printed)"), N_("S") },
    { "teams", 0, 0, G_OPTION_ARG_FILENAME, &teams_path,
      N_("One line per player: the team's name (blank = none)"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpSeatingPlan) plan = NULL;
  g_autofree guint *teams = NULL;
  SpSeatingQuality quality;
  gint64 n_players, n_rounds;
  guint64 seed;
  int status;

  context = g_option_context_new (_("— a balanced schedule of tables and seats"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  sp_cli_add_json_option (cli, context);
  g_option_context_set_summary (
    context,
    _("Seats N players at N/4 tables for R rounds so that as few pairs as\n"
      "possible meet twice (none where a schedule for that is known), each\n"
      "player's seat winds are balanced and teammates never share a table.\n"
      "Players are numbered 1..N; each table lists its players in seat order\n"
      "E S W N for the round's first hand.  The same seed gives the same plan."));
  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (argc != 1)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("seating plan: unexpected '%s' (see --help)"),
                        argv[1]);
  if (!parse_number (cli, "players", players_text, &n_players, &status)
      || !parse_number (cli, "rounds", rounds_text, &n_rounds, &status))
    return status;
  if (seed_text != NULL)
    {
      if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, &error))
        return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                            "--seed: '%s' is not a whole number from 0 to %" G_GUINT64_FORMAT,
                            seed_text, G_MAXUINT64);
    }
  else
    {
      /* A seed of its own, printed with the plan, so the draw can be reproduced. */
      g_autoptr(GRand) rand = g_rand_new ();

      seed = g_rand_int (rand);
    }

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
  if (cli->json)
    print_plan_json (plan, &quality, seed);
  else
    print_plan_text (plan, &quality, seed);
  return SP_CLI_OK;
}

static const char draw_summary[] =
  N_("Seats session K by the tournament's method: balanced (one schedule for all\n"
     "sessions, computed at the first draw), random (a draw by lots) or swiss (by\n"
     "the standings after the sessions before, which must be closed).  --top N\n"
     "draws a final: the top N of the standings (N a multiple of 4), the others\n"
     "sit out.  When players are checked in, only they are seated.  The seed is\n"
     "recorded; the same seed gives the same seats, and a drawn session keeps its.");

static const char show_summary[] =
  N_("Lists each table's players in seat order E S W N at the session's first hand.");

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
                   _("session %u has not been drawn (seating draw --session %u)"), session,
                   session);
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
        printf (_("session %u (seed %" G_GUINT64_FORMAT ")\n"), session, seed);
      else
        printf (_("session %u\n"), session);
      for (guint t = 0; t + 4 <= seats->len; t += 4)
        {
          printf (_("table %u:"), t / 4 + 1);
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
    { "session", 0, 0, G_OPTION_ARG_INT64, &session, N_("The session"), N_("K") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, N_("The draw's seed"), N_("S") },
    { "top", 0, 0, G_OPTION_ARG_INT64, &top, N_("A final of the top N of the standings"),
      N_("N") },
    { NULL }
  };
  const GOptionEntry show_entries[] = { entries[0], { NULL } };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  SpDrawRequest request = { 0 };
  guint64 seed = 0;
  int status;

  g_option_context_add_main_entries (context, drawing ? entries : show_entries, GETTEXT_PACKAGE);
  sp_cli_add_json_option (cli, context);
  g_option_context_set_summary (context, drawing ? _(draw_summary) : _(show_summary));
  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (argc != 1)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("seating %s: unexpected '%s' (see --help)"),
                        argv[0], argv[1]);
  if (seed_text != NULL
      && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXINT64, &seed, NULL))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--seed %s: a whole number is expected"),
                        seed_text);
  if (session == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("seating %s needs --session K"), argv[0]);
  if (session < 1 || session > 1000 || top < 0 || top > 100000)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("seating %s: --session or --top out of "
                                                      "range"), argv[0]);
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_check_session (store.tournament, (guint) session, &error))
    return sp_cli_store_fail (cli, &store, error);
  if (drawing)
    {
      request.has_seed = seed_text != NULL;
      request.seed = seed;
      request.top = (guint) top;
      if (!sp_db_draw_session (store.db, store.tournament, (guint) session, &request, &seed,
                               &error))
        return sp_cli_store_fail (cli, &store, error);
    }
  if (!show_session (cli, &store, (guint) session, drawing, seed, &error))
    return sp_cli_store_fail (cli, &store, error);
  return SP_CLI_OK;
}

int
sp_cli_seating (SpCli  *cli,
                int     argc,
                char  **argv)
{
  static const SpCliCommand subcommands[] = {
    { "plan", N_("a balanced schedule for N players and R rounds (no database)"), seating_plan },
    { "draw", N_("seat a session of the tournament by its method"), seating_run },
    { "show", N_("the seats of a session at its first hand"), seating_run },
  };

  return sp_cli_run_subcommand (cli, argc, argv, subcommands, G_N_ELEMENTS (subcommands));
}
