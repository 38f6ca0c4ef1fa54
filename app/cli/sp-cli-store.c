/* sp-cli-store.c: option parsing, the open store and the CSV reader, shared by the tournament
 * commands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const char * const sp_cli_seat_names[4] = { "E", "S", "W", "N" };

/* ---- options --------------------------------------------------------------------------- */

static gboolean
is_situation_option (const char *name)
{
  SpSituation scratch;

  if (sp_cli_situation_takes_value (name))
    return TRUE;
  sp_situation_init (&scratch);
  return sp_cli_situation_apply (&scratch, name, NULL, NULL);
}

gboolean
sp_cli_args_parse (SpCli              *cli,
                   int                 argc,
                   char              **argv,
                   const char * const *allowed,
                   gboolean            takes_situation,
                   SpCliArgs          *args,
                   int                *status)
{
  memset (args, 0, sizeof *args);
  args->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  args->repeated = g_ptr_array_new_with_free_func (g_free);
  args->positional = g_ptr_array_new_with_free_func (g_free);
  args->situation = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < argc; i++)
    if (strcmp (argv[i], "--json") == 0)
      cli->json = TRUE;

  for (int i = 0; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *eq = strchr (arg, '=');
      g_autofree char *name = NULL;
      const char *value = NULL;
      gboolean found = FALSE;
      gboolean takes_value = FALSE;

      if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          args->help = TRUE;
          continue;
        }
      if (!g_str_has_prefix (arg, "--"))
        {
          g_ptr_array_add (args->positional, g_strdup (arg));
          continue;
        }
      name = eq != NULL ? g_strndup (arg + 2, (gsize) (eq - arg - 2)) : g_strdup (arg + 2);
      if (eq != NULL)
        value = eq + 1;
      for (guint k = 0; allowed[k] != NULL && !found; k++)
        {
          gsize len = strlen (allowed[k]);
          gboolean with_value = len > 0 && allowed[k][len - 1] == '=';

          if (strncmp (allowed[k], name, with_value ? len - 1 : len) == 0
              && name[with_value ? len - 1 : len] == '\0')
            {
              found = TRUE;
              takes_value = with_value;
            }
        }
      if (!found && takes_situation)
        {
          g_autofree char *option = g_strconcat ("--", name, NULL);

          if (is_situation_option (option))
            {
              if (sp_cli_situation_takes_value (option) && value == NULL)
                {
                  if (i + 1 >= argc)
                    {
                      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "%s needs a value",
                                             option);
                      return FALSE;
                    }
                  value = argv[++i];
                }
              g_ptr_array_add (args->situation, g_steal_pointer (&option));
              g_ptr_array_add (args->situation, g_strdup (value));
              continue;
            }
        }
      if (!found)
        {
          *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "unknown option %s (see --help)", arg);
          return FALSE;
        }
      if (takes_value && value == NULL)
        {
          if (i + 1 >= argc)
            {
              *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--%s needs a value", name);
              return FALSE;
            }
          value = argv[++i];
        }
      if (!takes_value && value != NULL)
        {
          *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--%s takes no value", name);
          return FALSE;
        }
      if (strcmp (name, "option") == 0)
        g_ptr_array_add (args->repeated, g_strdup (value));
      g_hash_table_replace (args->values, g_strdup (name), g_strdup (value != NULL ? value : ""));
    }
  return TRUE;
}

int
sp_cli_args_run (SpCli              *cli,
                 int                 argc,
                 char              **argv,
                 const char * const *allowed,
                 gboolean            takes_situation,
                 SpCliArgsFunc       run)
{
  SpCliArgs args;
  int status;

  if (sp_cli_args_parse (cli, argc - 1, argv + 1, allowed, takes_situation, &args, &status))
    status = run (cli, &args);
  sp_cli_args_clear (&args);
  return status;
}

void
sp_cli_args_clear (SpCliArgs *args)
{
  g_clear_pointer (&args->values, g_hash_table_unref);
  g_clear_pointer (&args->repeated, g_ptr_array_unref);
  g_clear_pointer (&args->positional, g_ptr_array_unref);
  g_clear_pointer (&args->situation, g_ptr_array_unref);
}

const char *
sp_cli_args_get (const SpCliArgs *args,
                 const char      *name)
{
  return g_hash_table_lookup (args->values, name);
}

gboolean
sp_cli_args_has (const SpCliArgs *args,
                 const char      *name)
{
  return g_hash_table_contains (args->values, name);
}

gboolean
sp_cli_args_int (SpCli           *cli,
                 const SpCliArgs *args,
                 const char      *name,
                 gint64           min,
                 gint64           max,
                 gint64          *value,
                 int             *status)
{
  const char *text = sp_cli_args_get (args, name);
  g_autoptr(GError) error = NULL;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, min, max, value, &error))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--%s %s: %s", name, text,
                             error->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- the store ------------------------------------------------------------------------- */

int
sp_cli_store_fail (SpCli        *cli,
                   SpCliStore   *store,
                   const GError *error)
{
  if (store != NULL && store->db != NULL)
    sp_db_rollback (store->db);
  if (error->domain == SP_DB_ERROR)
    {
      switch ((SpDbError) error->code)
        {
        case SP_DB_ERROR_IO:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "storage", "%s", error->message);
        case SP_DB_ERROR_NOT_SPARROW:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "not-sparrow", "%s", error->message);
        case SP_DB_ERROR_TOO_NEW:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "too-new", "%s", error->message);
        case SP_DB_ERROR_NOT_FOUND:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "not-found", "%s", error->message);
        case SP_DB_ERROR_INVALID:
        default:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s", error->message);
        }
    }
  return sp_cli_fail_error (cli, error);
}

const char *
sp_cli_store_option (SpCliStore *store,
                     const char *key,
                     const char *fallback)
{
  const char *value = store->options != NULL ? g_hash_table_lookup (store->options, key) : NULL;

  return value != NULL ? value : fallback;
}

gboolean
sp_cli_store_open (SpCli       *cli,
                   SpCliStore  *store,
                   gboolean     need_tournament,
                   int         *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = cli->db_path != NULL && cli->db_path[0] != '\0'
                          ? g_strdup (cli->db_path) : sp_db_default_path ();

  memset (store, 0, sizeof *store);
  store->db = sp_db_open (path, &error);
  if (store->db == NULL)
    {
      *status = sp_cli_store_fail (cli, NULL, error);
      return FALSE;
    }
  sp_db_set_referee (store->db, cli->referee);
  if (!need_tournament)
    return TRUE;
  store->tournament = sp_db_find_tournament (store->db, cli->tournament, &error);
  if (store->tournament != NULL)
    store->rules = sp_tournament_new_rules (store->tournament, &error);
  if (store->rules == NULL)
    {
      *status = sp_cli_store_finish (cli, store, error);
      return FALSE;
    }
  store->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  {
    g_auto(GStrv) lines = g_strsplit (store->tournament->options != NULL
                                      ? store->tournament->options : "", "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++)
      {
        const char *eq = strchr (lines[i], '=');

        if (eq != NULL)
          g_hash_table_replace (store->options, g_strndup (lines[i], (gsize) (eq - lines[i])),
                                g_strdup (eq + 1));
      }
  }
  return TRUE;
}

void
sp_cli_store_clear (SpCliStore *store)
{
  g_clear_pointer (&store->options, g_hash_table_unref);
  g_clear_pointer (&store->rules, sp_rules_free);
  g_clear_pointer (&store->tournament, sp_tournament_free);
  g_clear_pointer (&store->db, sp_db_close);
}

int
sp_cli_store_finish (SpCli        *cli,
                     SpCliStore   *store,
                     const GError *error)
{
  int status = error != NULL ? sp_cli_store_fail (cli, store, error) : SP_CLI_OK;

  sp_cli_store_clear (store);
  return status;
}

