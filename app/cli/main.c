/* main.c: sparrow-cli, the rules core, the store and the reports without a display.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "sp-cli.h"
#include "sp-cli-store.h"

static const SpCliCommand commands[] = {
  { "score", "score a declared win (no database)", sp_cli_score },
  { "waits", "the tiles a ready hand waits on", sp_cli_waits },
  { "check", "validate a declared win without scoring it", sp_cli_check },
  { "seating", "seating plans: balanced schedules of tables and seats", sp_cli_seating },
  { "tournament", "create or list tournaments", sp_cli_tournament },
  { "players", "add, import, list, withdraw and substitute players", sp_cli_players },
  { "hand", "add, list, correct and import the hands of a session", sp_cli_hand },
  { "penalty", "record a penalty", sp_cli_penalty },
  { "session", "close or reopen a session", sp_cli_session },
  { "standings", "table points, scores and ranks", sp_cli_standings },
};

static void
print_help (FILE *out)
{
  fprintf (out,
           "Usage: sparrow-cli [--db FILE] [--tournament ID|NAME] [--referee NAME] COMMAND …\n"
           "\n"
           "Mahjong tournaments and refereeing under official competition rules.\n"
           "\n"
           "Commands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, commands[i].summary);
  fprintf (out,
           "\n"
           "Global options:\n"
           "  --db FILE               the tournament database (else $SPARROW_DB, else\n"
           "                          $XDG_DATA_HOME/sparrow/sparrow.db)\n"
           "  --tournament ID|NAME    the tournament to act on (else the newest)\n"
           "  --referee NAME          who makes the change, for the audit log\n"
           "                          (else $SPARROW_REFEREE)\n"
           "  --version               print the version\n"
           "  --help                  print this help\n"
           "\n"
           "Every command takes --help.  Exit status: 0 done, 1 refused, 2 usage, 3 storage.\n");
}

/* Takes "--name VALUE" or "--name=VALUE"; returns the number of arguments used. */
static int
take_value (int          argc,
            char       **argv,
            int          i,
            const char  *name,
            char       **value)
{
  gsize len = strlen (name);

  if (strcmp (argv[i], name) == 0)
    {
      if (i + 1 >= argc)
        return -1;
      g_free (*value);
      *value = g_strdup (argv[i + 1]);
      return 2;
    }
  if (strncmp (argv[i], name, len) == 0 && argv[i][len] == '=')
    {
      g_free (*value);
      *value = g_strdup (argv[i] + len + 1);
      return 1;
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  SpCli cli = { 0 };
  int i = 1;
  int status = SP_CLI_USAGE;

  setlocale (LC_ALL, "");

  while (i < argc && argv[i][0] == '-')
    {
      static const char *names[] = { "--db", "--tournament", "--referee" };
      char **values[] = { &cli.db_path, &cli.tournament, &cli.referee };
      int used = 0;

      if (strcmp (argv[i], "--version") == 0)
        {
          printf ("sparrow-cli %s\n", SPARROW_VERSION);
          status = SP_CLI_OK;
          goto out;
        }
      if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        {
          print_help (stdout);
          status = SP_CLI_OK;
          goto out;
        }
      for (guint k = 0; k < G_N_ELEMENTS (names) && used == 0; k++)
        used = take_value (argc, argv, i, names[k], values[k]);
      if (used < 0)
        {
          status = sp_cli_fail (&cli, SP_CLI_USAGE, "usage", "%s needs a value", argv[i]);
          goto out;
        }
      if (used == 0)
        {
          status = sp_cli_fail (&cli, SP_CLI_USAGE, "usage",
                                "unknown option %s (see sparrow-cli --help)", argv[i]);
          goto out;
        }
      i += used;
    }

  if (i >= argc)
    {
      print_help (stderr);
      goto out;
    }

  if (cli.referee == NULL && g_getenv ("SPARROW_REFEREE") != NULL)
    cli.referee = g_strdup (g_getenv ("SPARROW_REFEREE"));

  for (guint k = 0; k < G_N_ELEMENTS (commands); k++)
    {
      if (strcmp (argv[i], commands[k].name) == 0)
        {
          cli.command = commands[k].name;
          status = commands[k].run (&cli, argc - i, argv + i);
          goto out;
        }
    }
  status = sp_cli_fail (&cli, SP_CLI_USAGE, "usage",
                        "unknown command '%s' (see sparrow-cli --help)", argv[i]);

out:
  g_free (cli.db_path);
  g_free (cli.tournament);
  g_free (cli.referee);
  return status;
}
