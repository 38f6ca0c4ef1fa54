/* sp-cli-serve.c: `sparrow-cli serve`: the players' view, headless, until SIGINT or SIGTERM.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>

#include "sp-web.h"

static const char serve_summary[] =
  N_("Serves the tournament's read-only pages to the players' phones: the sessions and\n"
     "their clock, the standings, each player's seats and hands, each table's score\n"
     "sheet, and their JSON under /api/.  Listens on 127.0.0.1:8080 unless --listen says\n"
     "otherwise (ADDR:PORT; 0.0.0.0 listens on every interface, port 0 picks a free\n"
     "one).  Runs until interrupted (Ctrl+C, SIGTERM).");

static gboolean
stop_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_CONTINUE;
}

int
sp_cli_serve (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autofree char *listen = NULL;
  g_autofree char *tournament = NULL;
  const GOptionEntry entries[] = {
    { "listen", 0, 0, G_OPTION_ARG_STRING, &listen,
      N_("The address and port to listen on (127.0.0.1:8080)"), N_("ADDR:PORT") },
    { "tournament", 0, 0, G_OPTION_ARG_STRING, &tournament,
      N_("The tournament to serve (else the global --tournament, else the newest)"),
      N_("ID|NAME") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, entries, _(serve_summary));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpWebServer) server = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autofree char *address = NULL;
  g_autofree char *url = NULL;
  g_autofree char *id = NULL;
  g_auto(SpCliStore) store = { 0 };
  guint port = 0;
  guint sigint, sigterm;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (!sp_web_parse_listen (listen != NULL ? listen : SP_WEB_DEFAULT_ADDRESS ":8080", &address,
                            &port, &error))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "%s", error->message);
  if (tournament != NULL)
    {
      g_free (cli->tournament);
      cli->tournament = g_strdup (tournament);
    }
  /* The tournament is found once, by the store's usual rules, and then served by its id. */
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  id = g_strdup_printf ("%" PRId64, store.tournament->id);
  server = sp_web_server_new (sp_db_get_path (store.db), id, &error);
  if (server == NULL)
    return sp_cli_store_fail (cli, &store, error);
  if (!sp_web_server_listen (server, address, port, &error))
    return sp_cli_fail (cli, SP_CLI_STORAGE, "listen", "%s", error->message);
  url = sp_web_server_get_url (server);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_int (builder, "tournament", store.tournament->id);
      sp_cli_builder_string (builder, "url", url);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    printf (_("Serving %s at %s (Ctrl+C stops)\n"), store.tournament->name, url);
  fflush (stdout);
  sp_cli_store_clear (&store);

  loop = g_main_loop_new (NULL, FALSE);
  sigint = g_unix_signal_add (SIGINT, stop_cb, loop);
  sigterm = g_unix_signal_add (SIGTERM, stop_cb, loop);
  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  return SP_CLI_OK;
}
