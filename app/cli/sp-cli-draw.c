/* sp-cli-draw.c: `sparrow-cli seating draw` and `seating show`: the seats of a session by the
 * tournament's method, drawn and stored by one operation of the store.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

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

static int
seating_run (SpCli    *cli,
             int       argc,
             char    **argv,
             gboolean  drawing)
{
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
  SpCliStore store = { 0 };
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
    return sp_cli_store_finish (cli, &store, error);
  if (drawing)
    {
      request.has_seed = seed_text != NULL;
      request.seed = seed;
      request.top = (guint) top;
      if (!sp_db_draw_session (store.db, store.tournament, (guint) session, &request, &seed,
                               &error))
        return sp_cli_store_finish (cli, &store, error);
    }
  if (!show_session (cli, &store, (guint) session, drawing, seed, &error))
    return sp_cli_store_finish (cli, &store, error);
  return sp_cli_store_finish (cli, &store, NULL);
}

int
sp_cli_seating_draw (SpCli  *cli,
                     int     argc,
                     char  **argv)
{
  return seating_run (cli, argc, argv, TRUE);
}

int
sp_cli_seating_show (SpCli  *cli,
                     int     argc,
                     char  **argv)
{
  return seating_run (cli, argc, argv, FALSE);
}
