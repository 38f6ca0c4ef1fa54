/* sp-cli-db.c: `sparrow-cli db`: the store itself (the roles of a hall server).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli.h"
#include "sp-db-roles.h"

#include <glib/gi18n.h>
#include <stdio.h>

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

const SpCliCommand sp_cli_db_commands[] = {
  { "roles", N_("the SQL creating the roles director, referee and viewer"), db_roles },
  { NULL }
};
