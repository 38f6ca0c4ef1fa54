/* sp-cli-store.c: the open store, shared by the tournament commands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <glib/gi18n.h>
#include <string.h>

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
        case SP_DB_ERROR_CORRUPT:
        case SP_DB_ERROR_BUSY:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "storage", "%s", error->message);
        case SP_DB_ERROR_NOT_SPARROW:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "not-sparrow", "%s", error->message);
        case SP_DB_ERROR_TOO_NEW:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "too-new", "%s", error->message);
        case SP_DB_ERROR_NOT_FOUND:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "not-found", "%s", error->message);
        case SP_DB_ERROR_PIN_REQUIRED:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "pin-required", "%s", error->message);
        case SP_DB_ERROR_PIN_WRONG:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "pin-wrong", "%s", error->message);
        case SP_DB_ERROR_STALE:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "stale", "%s", error->message);
        case SP_DB_ERROR_DENIED:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "denied", "%s", error->message);
        case SP_DB_ERROR_INVALID:
        default:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s", error->message);
        }
    }
  return sp_cli_fail_error (cli, error);
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
  /* The store reads the tournament's options with it: a text that does not read is refused
   * here, for every command. */
  store->tournament = sp_db_find_tournament (store->db, cli->tournament, &error);
  if (store->tournament == NULL)
    {
      *status = sp_cli_store_fail (cli, store, error);
      sp_cli_store_clear (store);
      return FALSE;
    }
  store->rules = store->tournament->rules;
  return TRUE;
}

void
sp_cli_store_clear (SpCliStore *store)
{
  store->rules = NULL;
  g_clear_pointer (&store->tournament, sp_tournament_free);
  g_clear_pointer (&store->db, sp_db_close);
}

GOptionEntry
sp_cli_pin_entry (char **pin)
{
  return (GOptionEntry) { "pin", 0, 0, G_OPTION_ARG_STRING, pin,
                          N_("The director's PIN, when the tournament has one (else "
                             "$SPARROW_PIN)"), N_("PIN") };
}

const char *
sp_cli_pin_given (const char *pin)
{
  if (pin != NULL && pin[0] != '\0')
    return pin;
  pin = g_getenv ("SPARROW_PIN");
  return pin != NULL && pin[0] != '\0' ? pin : NULL;
}

gboolean
sp_cli_store_unlock (SpCli       *cli,
                     SpCliStore  *store,
                     const char  *pin,
                     const char  *action,
                     int         *status)
{
  g_autoptr(GError) error = NULL;

  pin = sp_cli_pin_given (pin);
  if (pin == NULL || sp_db_unlock (store->db, store->tournament->id, pin, action, &error))
    return TRUE;
  *status = sp_cli_store_fail (cli, store, error);
  return FALSE;
}
