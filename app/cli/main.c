/* main.c: sparrow-cli, the rules core, the store and the reports without a display.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "sp-cli.h"
#include "sp-locale.h"

static const SpCliCommand commands[] = {
  { "score", N_("score a declared win (no database)"), sp_cli_score },
  { "waits", N_("the tiles a ready hand waits on"), sp_cli_waits },
  { "check", N_("validate a declared win without scoring it"), sp_cli_check },
  { "seating", N_("seating plans: balanced schedules of tables and seats"),
    NULL, sp_cli_seating_commands },
  { "tournament", N_("create or list tournaments"), NULL, sp_cli_tournament_commands },
  { "players", N_("add, import, list, withdraw and substitute players"),
    NULL, sp_cli_players_commands },
  { "hand", N_("add, list, correct, confirm and import the hands of a session"),
    NULL, sp_cli_hand_commands },
  { "penalty", N_("record a penalty"), NULL, sp_cli_penalty_commands },
  { "session", N_("close or reopen a session"), NULL, sp_cli_session_commands },
  { "standings", N_("table points, scores and ranks"), sp_cli_standings },
  { "log", N_("the audit log: who changed what, and when"), sp_cli_log },
  { "export", N_("the workbook, the standings and the printouts, as files"), sp_cli_export },
  { "backup", N_("copy the whole database to a file"), sp_cli_backup },
  { "restore", N_("replace the database with a backup"), sp_cli_restore },
  { "serve", N_("the players' view: read-only pages on the hall network"), sp_cli_serve },
  { "db", N_("the store itself: the PostgreSQL roles of a hall server"), NULL,
    sp_cli_db_commands },
};

/* The usage line, the commands, then the global options as GLib lists them. */
static void
print_help (FILE           *out,
            GOptionContext *context)
{
  g_autofree char *options = g_option_context_get_help (context, TRUE, NULL);
  char *listed = strstr (options, "\n\n");

  fprintf (out, "%s\n\n%s\n\n%s\n",
           _("Usage: sparrow-cli [--db FILE] [--tournament ID|NAME] [--referee NAME] [--json] "
             "COMMAND …"),
           _("Mahjong tournaments and refereeing under official competition rules."),
           _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, _(commands[i].summary));
  /* GLib's help opens with its own usage line: the options follow the first blank line. */
  fprintf (out, "\n%s\n\n%s\n", listed != NULL ? g_strstrip (listed) : "",
           _("Every command takes --help.  Exit status: 0 done, 1 refused, 2 usage, 3 storage."));
}

/* Reads the global options, which come before the command: parsing stops at the first word
 * that is not an option (the command), leaving it and its arguments in argv.  FALSE, with
 * *@status set, when there is nothing more to do (--help, --version or a usage error). */
static gboolean
parse_global_options (SpCli   *cli,
                      int     *argc,
                      char  ***argv,
                      int     *status)
{
  gboolean version = FALSE;
  gboolean help = FALSE;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &cli->db_path,
      N_("The tournament database (else $SPARROW_DB, else $XDG_DATA_HOME/sparrow/sparrow.db)"),
      N_("FILE") },
    { "tournament", 0, 0, G_OPTION_ARG_STRING, &cli->tournament,
      N_("The tournament to act on (else the newest)"), N_("ID|NAME") },
    { "referee", 0, 0, G_OPTION_ARG_FILENAME, &cli->referee,
      N_("Who makes the change, for the audit log (else $SPARROW_REFEREE)"), N_("NAME") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &cli->json,
      N_("Answer in JSON, as --json after the command does"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, N_("Print the version"), NULL },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, N_("Print this help"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  gboolean json = cli->json;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_strict_posix (context, TRUE);
  /* The help lists the commands, which GLib's would not: it is ours. */
  g_option_context_set_help_enabled (context, FALSE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_autofree char *option = error->domain == G_CONVERT_ERROR
                                ? sp_cli_option_not_utf8 (*argc, *argv) : NULL;

      /* A failed parse resets the switches it had set, --json included. */
      cli->json |= json;
      if (option != NULL)
        *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                               _("%s: the value is not valid UTF-8 text (see sparrow-cli "
                                 "--help)"), option);
      else
        *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s (see sparrow-cli --help)"),
                               error->message);
    }
  /* An empty --db (say, an unset shell variable) must not fall back to the default database:
   * the changes would go into another tournament's file. */
  else if (cli->db_path != NULL && cli->db_path[0] == '\0' && !help && !version)
    *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                           _("--db: the file name is empty (give the database file, or leave "
                             "--db out for the default)"));
  else if (*argc < 2 && cli->json && !help && !version)
    *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                           _("a command is expected (see sparrow-cli --help)"));
  else if (help || version || *argc < 2)
    {
      if (version)
        printf ("sparrow-cli %s\n", SPARROW_VERSION);
      else
        print_help (help ? stdout : stderr, context);
      *status = help || version ? SP_CLI_OK : SP_CLI_USAGE;
    }
  else
    return TRUE;
  return FALSE;
}

int
main (int    argc,
      char **argv)
{
  SpCli cli = { 0 };
  int status = SP_CLI_USAGE;

  setlocale (LC_ALL, "");
  sp_locale_bind ();
  g_set_prgname ("sparrow-cli");

  /* A usage error of the global options answers in JSON too when the command would have. */
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    cli.json |= strcmp (argv[i], "--json") == 0;
  if (parse_global_options (&cli, &argc, &argv, &status))
    {
      g_autoptr(GError) error = NULL;

      if (cli.referee == NULL && g_getenv ("SPARROW_REFEREE") != NULL)
        cli.referee = g_strdup (g_getenv ("SPARROW_REFEREE"));
      /* The referee's name goes into the audit log of every change: a name as a player's is
       * (read as bytes above, so that the check names what is wrong with it). */
      if (cli.referee != NULL && cli.referee[0] != '\0'
          && !sp_check_name (_("The referee's name (--referee or $SPARROW_REFEREE)"),
                             cli.referee, &error))
        status = sp_cli_fail (&cli, SP_CLI_USAGE, "usage", "%s", error->message);
      else
        {
          for (guint k = 0; k < G_N_ELEMENTS (commands) && cli.command == NULL; k++)
            if (strcmp (argv[1], commands[k].name) == 0)
              {
                cli.command = commands[k].name;
                status = commands[k].run != NULL
                         ? commands[k].run (&cli, argc - 1, argv + 1)
                         : sp_cli_run_subcommand (&cli, argc - 1, argv + 1,
                                                  commands[k].subcommands);
              }
          if (cli.command == NULL)
            status = sp_cli_fail (&cli, SP_CLI_USAGE, "usage",
                                  _("unknown command '%s' (see sparrow-cli --help)"), argv[1]);
        }
    }
  g_free (cli.db_path);
  g_free (cli.tournament);
  g_free (cli.referee);
  return status;
}
