/* main.c: sparrow-cli, the rules core, the store and the reports without a display.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "sp-cli.h"
#include "sp-cli-store.h"

static const SpCliCommand commands[] = {
  { "score", N_("score a declared win (no database)"), sp_cli_score },
  { "waits", N_("the tiles a ready hand waits on"), sp_cli_waits },
  { "check", N_("validate a declared win without scoring it"), sp_cli_check },
  { "seating", N_("seating plans: balanced schedules of tables and seats"), sp_cli_seating },
  { "tournament", N_("create or list tournaments"), sp_cli_tournament },
  { "players", N_("add, import, list, withdraw and substitute players"), sp_cli_players },
  { "hand", N_("add, list, correct and import the hands of a session"), sp_cli_hand },
  { "penalty", N_("record a penalty"), sp_cli_penalty },
  { "session", N_("close or reopen a session"), sp_cli_session },
  { "standings", N_("table points, scores and ranks"), sp_cli_standings },
};

static void
print_help (FILE *out)
{
  fprintf (out, "%s\n\n%s\n\n%s\n",
           _("Usage: sparrow-cli [--db FILE] [--tournament ID|NAME] [--referee NAME] COMMAND …"),
           _("Mahjong tournaments and refereeing under official competition rules."),
           _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      fputs ("  ", out);
      fputs (commands[i].name, out);
      for (gsize n = strlen (commands[i].name); n < 13; n++)
        fputc (' ', out);
      fprintf (out, "%s\n", _(commands[i].summary));
    }
  fprintf (out, "\n%s\n%s\n\n%s\n",
           _("Global options:"),
           _("  --db FILE               the tournament database (else $SPARROW_DB, else\n"
             "                          $XDG_DATA_HOME/sparrow/sparrow.db)\n"
             "  --tournament ID|NAME    the tournament to act on (else the newest)\n"
             "  --referee NAME          who makes the change, for the audit log\n"
             "                          (else $SPARROW_REFEREE)\n"
             "  --version               print the version\n"
             "  --help                  print this help"),
           _("Every command takes --help.  Exit status: 0 done, 1 refused, 2 usage, 3 storage."));
}

/* Whether "--json" is among the arguments (before any "--"): a usage error of the global
 * options then answers in JSON too, as the command would have. */
static gboolean
asks_json (int    argc,
           char **argv)
{
  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    if (strcmp (argv[i], "--json") == 0)
      return TRUE;
  return FALSE;
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
    { "referee", 0, 0, G_OPTION_ARG_STRING, &cli->referee,
      N_("Who makes the change, for the audit log (else $SPARROW_REFEREE)"), N_("NAME") },
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, N_("Print the version"), NULL },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &help, N_("Print this help"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_strict_posix (context, TRUE);
  /* The help lists the commands, which GLib's would not: it is ours. */
  g_option_context_set_help_enabled (context, FALSE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s (see sparrow-cli --help)"),
                             error->message);
      return FALSE;
    }
  if (help)
    {
      print_help (stdout);
      *status = SP_CLI_OK;
      return FALSE;
    }
  if (version)
    {
      printf ("sparrow-cli %s\n", SPARROW_VERSION);
      *status = SP_CLI_OK;
      return FALSE;
    }
  /* An empty --db (say, an unset shell variable) must not fall back to the default database:
   * the changes would go into another tournament's file. */
  if (cli->db_path != NULL && cli->db_path[0] == '\0')
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                             _("--db: the file name is empty (give the database file, or leave "
                               "--db out for the default)"));
      return FALSE;
    }
  if (*argc < 2)
    {
      print_help (stderr);
      *status = SP_CLI_USAGE;
      return FALSE;
    }
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  SpCli cli = { 0 };
  int status = SP_CLI_USAGE;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname ("sparrow-cli");

  cli.json = asks_json (argc, argv);
  if (!parse_global_options (&cli, &argc, &argv, &status))
    goto out;

  if (cli.referee == NULL && g_getenv ("SPARROW_REFEREE") != NULL)
    cli.referee = g_strdup (g_getenv ("SPARROW_REFEREE"));

  for (guint k = 0; k < G_N_ELEMENTS (commands); k++)
    {
      if (strcmp (argv[1], commands[k].name) == 0)
        {
          cli.command = commands[k].name;
          status = commands[k].run (&cli, argc - 1, argv + 1);
          goto out;
        }
    }
  status = sp_cli_fail (&cli, SP_CLI_USAGE, "usage",
                        _("unknown command '%s' (see sparrow-cli --help)"), argv[1]);

out:
  g_free (cli.db_path);
  g_free (cli.tournament);
  g_free (cli.referee);
  return status;
}
