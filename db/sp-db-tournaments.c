/* sp-db-tournaments.c: the operations on a tournament (create, rename, delete) and the checks
 * every operation shares: names, the core's refusals, the tournament's options.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

/* ---- checks ---------------------------------------------------------------------------- */

void
sp_db_propagate_refusal (GError **error,
                         GError  *core_error)
{
  g_set_error_literal (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, core_error->message);
  g_error_free (core_error);
}

char *
sp_db_take_name (const char  *what,
                 const char  *name,
                 GError     **error)
{
  GError *core_error = NULL;

  if (!sp_check_name (what, name, &core_error))
    {
      sp_db_propagate_refusal (error, core_error);
      return NULL;
    }
  /* Blanks around a name are not part of it. */
  return g_strstrip (g_strdup (name));
}

gboolean
sp_db_tournament_options (const SpTournament  *tournament,
                          SpTournamentOptions *options,
                          GError             **error)
{
  GError *core_error = NULL;

  if (sp_tournament_get_options (tournament, options, &core_error))
    return TRUE;
  sp_db_propagate_refusal (error, core_error);
  return FALSE;
}

/* ---- the operations on a tournament ---------------------------------------------------- */

/* Refuses @name when another tournament than @except has it. */
static gboolean
check_name_free (SpDb        *db,
                 const char  *name,
                 gint64       except,
                 GError     **error)
{
  gint64 existing;

  if (!sp_db_find_tournament_id (db, name, except, &existing, error))
    return FALSE;
  if (existing > 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("A tournament named '%s' already exists."), name);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_create_tournament (SpDb          *db,
                         SpTournament  *tournament,
                         GError       **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *created = g_date_time_format_iso8601 (now);
  g_autofree char *name = NULL;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL, FALSE);

  name = sp_db_take_name (_("The tournament's name"), tournament->name, error);
  if (name == NULL || !sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = check_name_free (db, tournament->name, 0, error)
       && sp_db_insert_tournament (db, tournament, created, error);
  if (ok)
    {
      g_free (tournament->created);
      tournament->created = g_strdup (created);
    }
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_rename_tournament (SpDb        *db,
                         gint64       tournament,
                         const char  *name,
                         GError     **error)
{
  g_autoptr(SpTournament) current = NULL;
  g_autofree char *stripped = NULL;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL, FALSE);

  stripped = sp_db_take_name (_("The tournament's name"), name, error);
  if (stripped == NULL || !sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (current = sp_db_get_tournament (db, tournament, error)) != NULL
       && check_name_free (db, stripped, tournament, error)
       && sp_db_update_tournament_name (db, tournament, stripped, error);
  return sp_db_end_write (db, started, ok, error);
}

static gboolean
check_confirmation (const SpTournament  *tournament,
                    const char          *confirm_name,
                    GError             **error)
{
  if (g_strcmp0 (confirm_name, tournament->name) == 0)
    return TRUE;
  if (confirm_name == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                 _("Deleting tournament %" PRId64 " needs its exact name to "
                   "confirm: --confirm '%s'."), tournament->id, tournament->name);
  else
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                 _("'%s' is not the name of tournament %" PRId64 " ('%s'): nothing "
                   "was deleted."), confirm_name, tournament->id, tournament->name);
  return FALSE;
}

gboolean
sp_db_delete_tournament (SpDb        *db,
                         gint64       tournament,
                         const char  *confirm_name,
                         GError     **error)
{
  g_autoptr(SpTournament) current = NULL;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (current = sp_db_get_tournament (db, tournament, error)) != NULL
       && check_confirmation (current, confirm_name, error)
       && sp_db_delete_tournament_rows (db, tournament, error);
  return sp_db_end_write (db, started, ok, error);
}
