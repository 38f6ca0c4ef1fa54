/* sp-cli-backup.c: `sparrow-cli backup FILE` and `sparrow-cli restore FILE`: the whole
 * database copied with SQLite's online backup, one operation of db/ each.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <glib/gi18n.h>
#include <stdio.h>

static int
print_done (SpCli      *cli,
            const char *action,
            const char *file,
            const char *text)
{
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, action, file);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    printf ("%s\n", text);
  return SP_CLI_OK;
}

/* `backup --list`: the automatic backups beside the database, newest first. */
static int
list_backups (SpCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = cli->db_path != NULL && cli->db_path[0] != '\0'
                          ? g_strdup (cli->db_path) : sp_db_default_path ();
  g_autoptr(GPtrArray) backups = sp_db_list_backups (path, &error);
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  if (backups == NULL)
    return sp_cli_store_fail (cli, NULL, error);
  json_builder_begin_array (builder);
  for (guint i = 0; i < backups->len; i++)
    {
      SpDbBackup *backup = backups->pdata[i];
      g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (backup->time / G_USEC_PER_SEC);
      g_autofree char *time = g_date_time_format (when, "%Y-%m-%dT%H:%M:%SZ");

      if (cli->json)
        {
          json_builder_begin_object (builder);
          sp_cli_builder_string (builder, "time", time);
          sp_cli_builder_string (builder, "reason", backup->reason);
          sp_cli_builder_int (builder, "size", backup->size);
          sp_cli_builder_string (builder, "path", backup->path);
          json_builder_end_object (builder);
        }
      else
        printf ("%s  %-36s %10" G_GOFFSET_FORMAT "  %s\n", time, backup->reason, backup->size,
                backup->path);
    }
  json_builder_end_array (builder);
  if (cli->json)
    sp_cli_print_builder (builder);
  return SP_CLI_OK;
}

int
sp_cli_backup (SpCli  *cli,
               int     argc,
               char  **argv)
{
  gboolean list = FALSE;
  const GOptionEntry entries[] = {
    { "list", 0, 0, G_OPTION_ARG_NONE, &list,
      N_("List the automatic backups kept beside the database instead"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, _("FILE"), entries,
                        _("Copies the whole database to FILE, safely while others write.  A "
                          "failed backup leaves no file."));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (list)
    return sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status) ? list_backups (cli)
                                                                        : status;
  if (!sp_cli_check_arguments (cli, argc, argv, 1, _("FILE"), &status)
      || !sp_cli_store_open (cli, &store, FALSE, &status))
    return status;
  if (!sp_db_backup (store.db, argv[1], &error))
    return sp_cli_store_fail (cli, &store, error);
  text = g_strdup_printf (_("database backed up to %s"), argv[1]);
  return print_done (cli, "backup", argv[1], text);
}

int
sp_cli_restore (SpCli  *cli,
                int     argc,
                char  **argv)
{
  const GOptionEntry entries[] = { { NULL } };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, _("FILE"), entries,
                        _("Replaces the database with the backup FILE.  A file that is not a "
                          "Sparrow backup, or is from a newer Sparrow, is refused and the "
                          "database left as it was.  The database replaced is kept first as "
                          "an automatic backup (backup --list)."));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("FILE"), &status)
      || !sp_cli_store_open (cli, &store, FALSE, &status))
    return status;
  if (!sp_db_restore_with_backup (store.db, argv[1], &error))
    {
      /* The given file is the wrong input, not a fault of the store. */
      if (g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW))
        return sp_cli_fail (cli, SP_CLI_REFUSED, "not-sparrow", "%s", error->message);
      if (g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_TOO_NEW))
        return sp_cli_fail (cli, SP_CLI_REFUSED, "too-new", "%s", error->message);
      return sp_cli_store_fail (cli, &store, error);
    }
  text = g_strdup_printf (_("database restored from %s"), argv[1]);
  return print_done (cli, "restore", argv[1], text);
}
