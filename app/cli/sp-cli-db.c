/* sp-cli-db.c: `sparrow-cli db`: the store itself: its schema made (init), its rows copied
 * from one store to another (copy), the roles of a hall server (roles) and the login's
 * (whoami).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli.h"
#include "sp-cli-store.h"
#include "sp-db-path.h"
#include "sp-db-roles.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

static const char roles_summary[] =
  N_("The SQL creating the PostgreSQL roles of a hall server: director (everything),\n"
     "referee (hands and penalties) and viewer (read only).  A superuser runs it in\n"
     "the tournament's database after db init, for example:\n"
     "  sparrow-cli db roles --print | psql -v ON_ERROR_STOP=1 -d sparrow\n"
     "Running it again changes nothing.  Each person then gets a login role that is a\n"
     "member of one of them:  CREATE ROLE mei LOGIN PASSWORD '…' IN ROLE referee;");

static int
db_roles (SpCli  *cli,
          int     argc,
          char  **argv)
{
  gboolean print = FALSE;
  const GOptionEntry entries[] = {
    { "print", 0, 0, G_OPTION_ARG_NONE, &print, N_("Print the SQL on stdout"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, entries, _(roles_summary));
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (cli->json)
    {
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "sql", sp_db_roles_sql ());
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
      return SP_CLI_OK;
    }
  fputs (sp_db_roles_sql (), stdout);
  /* The store does not run it itself: creating roles takes a superuser, which the stations'
   * connections are not.  Said on stderr, so that the SQL can be piped as it is. */
  if (!print)
    fprintf (stderr, "%s\n",
             _("sparrow-cli: run this SQL with psql as a superuser, in the tournament's "
               "database (see sparrow-cli db roles --help)"));
  return SP_CLI_OK;
}

static int
db_init (SpCli  *cli,
         int     argc,
         char  **argv)
{
  g_autofree char *location = NULL;
  const GOptionEntry entries[] = {
    /* SPEC.md §3.3 writes it after the command too: `db init --db postgresql://…`. */
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &location,
      N_("The store: a PostgreSQL URI or key=value string, or a SQLite file"), N_("LOCATION") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, entries,
                        _("Makes the store's schema (and brings an older one up to date) at --db:\n"
                          "an empty PostgreSQL database, or a new SQLite file."));
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  SpCliStore store;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (location != NULL)
    {
      g_free (cli->db_path);
      cli->db_path = g_steal_pointer (&location);
    }
  if (!sp_cli_store_open (cli, &store, FALSE, &status))
    return status;
  if (cli->json)
    {
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "location", sp_db_get_path (store.db));
      json_builder_set_member_name (builder, "schema");
      json_builder_add_int_value (builder, sp_db_get_schema_version (store.db));
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    /* Translators: the store's location and the number of its schema. */
    printf (_("%s: the store is ready (schema %d)\n"), sp_db_get_path (store.db),
            sp_db_get_schema_version (store.db));
  sp_cli_store_clear (&store);
  return SP_CLI_OK;
}

/* Who the store's login is and what its role allows: director, referee or viewer. */
static int
db_whoami (SpCli  *cli,
           int     argc,
           char  **argv)
{
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, NULL,
                        _("Prints the login of --db and its role on a hall server: director\n"
                          "(everything), referee (hands and penalties) or viewer (read only).\n"
                          "The person of a SQLite file is the director."));
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  SpCliStore store;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (!sp_cli_store_open (cli, &store, FALSE, &status))
    return status;
  if (cli->json)
    {
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "login", sp_db_get_login (store.db));
      sp_cli_builder_string (builder, "role", sp_db_role_get_name (sp_db_get_role (store.db)));
      sp_cli_builder_string (builder, "database", sp_db_get_database_name (store.db));
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    /* Translators: the login, its role (director, referee or viewer, as the server names it),
     * then the database. */
    printf (_("%s: %s on %s\n"), sp_db_get_login (store.db),
            sp_db_role_get_name (sp_db_get_role (store.db)), sp_db_get_database_name (store.db));
  sp_cli_store_clear (&store);
  return SP_CLI_OK;
}

/* Opens @location for db copy; NULL with the failure reported in *@status. */
static SpDb *
open_store (SpCli       *cli,
            const char  *location,
            int         *status)
{
  g_autoptr(GError) error = NULL;
  SpDb *db = sp_db_open (location, &error);

  if (db == NULL)
    *status = sp_cli_store_fail (cli, NULL, error);
  else
    sp_db_set_referee (db, cli->referee);
  return db;
}

static int
db_copy (SpCli  *cli,
         int     argc,
         char  **argv)
{
  g_autofree char *tournament_name = NULL;
  const GOptionEntry entries[] = {
    { "tournament", 0, 0, G_OPTION_ARG_STRING, &tournament_name,
      N_("Copy this tournament only (its id or name in FROM)"), N_("ID|NAME") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, N_("FROM TO"), entries,
                        _("Copies every row of the store FROM into the store TO, ids kept, the\n"
                          "audit log with them: a SQLite file onto a hall's PostgreSQL server, or\n"
                          "back.  TO is an empty PostgreSQL database (made by db init) or a SQLite\n"
                          "file that does not exist yet.  --db is not used."));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) from = NULL;
  g_autoptr(SpDb) to = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  SpDbCopyCount count;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 2, N_("FROM TO"), &status))
    return status;
  if (strcmp (argv[1], argv[2]) == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("FROM and TO are the same store: %s"),
                        argv[1]);
  /* A file target is a new file: a copy never merges into a store, nor replaces one. */
  if (sp_db_location_is_file (argv[2]) && g_file_test (argv[2], G_FILE_TEST_EXISTS))
    return sp_cli_fail (cli, SP_CLI_REFUSED, "exists",
                        _("%s already exists: db copy writes a new file only, and nothing was "
                          "copied"), argv[2]);
  if (sp_db_location_is_file (argv[1]) && !g_file_test (argv[1], G_FILE_TEST_IS_REGULAR))
    return sp_cli_fail (cli, SP_CLI_REFUSED, "not-found", _("%s: no such file"), argv[1]);
  from = open_store (cli, argv[1], &status);
  if (from == NULL)
    return status;
  if (tournament_name != NULL)
    {
      tournament = sp_db_find_tournament (from, tournament_name, &error);
      if (tournament == NULL)
        return sp_cli_store_fail (cli, NULL, error);
    }
  to = open_store (cli, argv[2], &status);
  if (to == NULL)
    return status;
  if (!sp_db_copy_store (from, to, tournament != NULL ? tournament->id : 0, &count, &error))
    {
      /* A new file that received nothing is not left behind. */
      g_clear_pointer (&to, sp_db_close);
      if (sp_db_location_is_file (argv[2]))
        sp_db_remove_file (argv[2]);
      return sp_cli_store_fail (cli, NULL, error);
    }
  if (cli->json)
    {
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "from", argv[1]);
      sp_cli_builder_string (builder, "to", argv[2]);
      json_builder_set_member_name (builder, "tournaments");
      json_builder_add_int_value (builder, count.tournaments);
      json_builder_set_member_name (builder, "hands");
      json_builder_add_int_value (builder, count.hands);
      json_builder_set_member_name (builder, "rows");
      json_builder_add_int_value (builder, count.rows);
      json_builder_set_member_name (builder, "log_lines");
      json_builder_add_int_value (builder, count.log_lines);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    /* Translators: tournaments, hands, then lines of the audit log, copied from FROM to TO. */
    printf (_("%u tournaments, %u hands and %u lines of the log copied from %s to %s\n"),
            count.tournaments, count.hands, count.log_lines, argv[1], argv[2]);
  return SP_CLI_OK;
}

const SpCliCommand sp_cli_db_commands[] = {
  { "init", N_("make the store's schema in an empty PostgreSQL database (or a new file)"),
    db_init },
  { "copy", N_("copy every row from one store to another: a file to a server, or back"),
    db_copy },
  { "roles", N_("the SQL creating the roles director, referee and viewer"), db_roles },
  { "whoami", N_("the login of the store and its role: director, referee or viewer"),
    db_whoami },
  { NULL }
};
