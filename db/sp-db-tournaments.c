/* sp-db-tournaments.c: the operations on a tournament (create, rename, delete) and the checks
 * every operation shares: names, the core's refusals, the tournament's options.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <inttypes.h>
#include <string.h>

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
sp_db_read_tournament_options (SpTournament  *tournament,
                               GError       **error)
{
  GError *core_error = NULL;

  if (sp_tournament_read_options (tournament, &core_error))
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

/* The venue and dates checked by the core, put in their stored form in @tournament. */
static gboolean
check_event (SpTournament  *tournament,
             GError       **error)
{
  GError *core_error = NULL;

  if (sp_tournament_check_event (tournament, &core_error))
    return TRUE;
  sp_db_propagate_refusal (error, core_error);
  return FALSE;
}

gboolean
sp_db_create_tournament (SpDb          *db,
                         SpTournament  *tournament,
                         GError       **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *created = g_date_time_format_iso8601 (now);
  g_autofree char *name = NULL;
  g_autofree char *venue = NULL;
  g_autofree char *starts_on = NULL;
  g_autofree char *ends_on = NULL;
  SpTournament row;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL, FALSE);

  /* The venue and dates are checked and written in their stored form without changing the
   * caller's record, whose strings the caller owns. */
  row = *tournament;
  row.venue = venue = g_strdup (tournament->venue);
  row.starts_on = starts_on = g_strdup (tournament->starts_on);
  row.ends_on = ends_on = g_strdup (tournament->ends_on);
  name = sp_db_take_name (_("The tournament's name"), tournament->name, error);
  if (name == NULL)
    return FALSE;
  ok = check_event (&row, error);
  /* check_event () may have replaced or freed them. */
  venue = row.venue;
  starts_on = row.starts_on;
  ends_on = row.ends_on;
  if (!ok || !sp_db_begin_write (db, &started, error))
    return FALSE;
  /* Stored without the blanks around it, as rename does. */
  row.name = name;
  ok = check_name_free (db, name, 0, error)
       && sp_db_insert_tournament (db, &row, created, error);
  if (ok)
    {
      tournament->id = row.id;
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

gboolean
sp_db_edit_tournament (SpDb                *db,
                       const SpTournament  *changes,
                       GError             **error)
{
  g_autoptr(SpTournament) current = NULL;
  g_autofree char *name = NULL;
  gboolean started;
  gboolean ok;
  /* A copy of the fields this operation writes, put in their stored form by the checks. */
  SpTournament event = { 0 };

  g_return_val_if_fail (db != NULL && changes != NULL, FALSE);

  name = sp_db_take_name (_("The tournament's name"), changes->name, error);
  if (name == NULL)
    return FALSE;
  event.id = changes->id;
  event.name = name;
  event.venue = g_strdup (changes->venue);
  event.starts_on = g_strdup (changes->starts_on);
  event.ends_on = g_strdup (changes->ends_on);
  event.hide_standings = changes->hide_standings;
  ok = check_event (&event, error) && sp_db_begin_write (db, &started, error);
  if (ok)
    {
      ok = (current = sp_db_get_tournament (db, changes->id, error)) != NULL
           && check_name_free (db, name, changes->id, error)
           && sp_db_update_tournament_event (db, &event, error);
      ok = sp_db_end_write (db, started, ok, error);
    }
  g_free (event.venue);
  g_free (event.starts_on);
  g_free (event.ends_on);
  return ok;
}

/* The rules of @rules checked as the core checks a new tournament's: seating, ranking, the
 * profile and every option. */
static gboolean
check_rules (SpTournament  *rules,
             GError       **error)
{
  g_autoptr(SpRules) scorer = NULL;
  GError *core_error = NULL;

  if (!sp_tournament_check (rules, &core_error)
      || (scorer = sp_tournament_new_rules (rules, &core_error)) == NULL)
    {
      sp_db_propagate_refusal (error, core_error);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_change_rules (SpDb                *db,
                    const SpTournament  *rules,
                    GError             **error)
{
  g_autoptr(SpTournament) current = NULL;
  SpTournamentSummary summary;
  SpTournament row;
  g_autofree char *ranking = NULL;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && rules != NULL, FALSE);

  /* sp_tournament_check () writes the ranking in its own spelling: on a copy. */
  row = *rules;
  row.ranking = ranking = g_strdup (rules->ranking);
  ok = check_rules (&row, error);
  ranking = row.ranking;
  if (!ok || !sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (current = sp_db_get_tournament (db, rules->id, error)) != NULL
       && sp_db_summarize_tournament (db, rules->id, &summary, error);
  if (ok && summary.n_hands > 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "“%s” has %u hand entered, scored under its rules: they can no "
                                "longer change.",
                                "“%s” has %u hands entered, scored under its rules: they can no "
                                "longer change.", summary.n_hands),
                   current->name, summary.n_hands);
      ok = FALSE;
    }
  if (ok && summary.n_drawn > 0
      && (row.n_sessions != current->n_sessions
          || g_strcmp0 (row.seating, current->seating) != 0))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("“%s” has a session drawn: its number of sessions and its seating method "
                     "can no longer change."), current->name);
      ok = FALSE;
    }
  ok = ok && sp_db_update_tournament_rules (db, &row, error);
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_duplicate_tournament (SpDb          *db,
                            SpTournament  *tournament,
                            gint64         players_from,
                            GError       **error)
{
  g_autoptr(SpTournament) source = NULL;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  /* sp_db_create_tournament joins this transaction: the tournament and its players are
   * written together or not at all. */
  ok = (players_from == 0
        || (source = sp_db_get_tournament (db, players_from, error)) != NULL)
       && sp_db_create_tournament (db, tournament, error)
       && (players_from == 0
           || sp_db_copy_player_rows (db, players_from, tournament->id, error));
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

/* Whether a protected change of @tournament would pass the director's lock now (no PIN, or
 * the PIN given), read without writing: sp_db_require_director logs the use. */
static gboolean
director_unlocked (SpDb   *db,
                   gint64  tournament)
{
  g_autofree char *stored = NULL;
  const char *unlocked;

  if (!sp_db_read_pin_hash (db, tournament, &stored, NULL))
    return FALSE;
  if (stored == NULL)
    return TRUE;
  unlocked = sp_db_get_unlock (db, tournament);
  return unlocked != NULL && strcmp (unlocked, stored) == 0;
}

/* Nothing brings a deleted tournament back but a backup: one is made first ("before-delete",
 * listed by Restore… and `backup --list`).  SQLite's online backup copies what is committed,
 * so it comes before the deletion's transaction, and only once the name is right and the lock
 * open, so that a refused deletion leaves no backup behind.  A deletion whose backup cannot be
 * made is refused: the director can free the disk and try again. */
static gboolean
back_up_before_delete (SpDb        *db,
                       gint64       tournament,
                       const char  *confirm_name,
                       GError     **error)
{
  g_autoptr(SpTournament) current = sp_db_get_tournament (db, tournament, NULL);
  g_autoptr(GError) local_error = NULL;

  /* A refusal is the transaction's to tell. */
  if (current == NULL || g_strcmp0 (confirm_name, current->name) != 0
      || !director_unlocked (db, tournament))
    return TRUE;
  if (sp_db_back_up_before_change (db, "before-delete", &local_error))
    return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
               _("Tournament %" PRId64 " (%s) was not deleted: the backup made before a "
                 "deletion failed: %s"), tournament, current->name, local_error->message);
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

  if (!back_up_before_delete (db, tournament, confirm_name, error)
      || !sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (current = sp_db_get_tournament (db, tournament, error)) != NULL
       && check_confirmation (current, confirm_name, error)
       && sp_db_require_director (db, tournament, "tournament delete", tournament, NULL, error,
                                  _("A director's PIN is required to delete tournament %"
                                    PRId64 " (%s)."), tournament, current->name)
       && sp_db_delete_tournament_rows (db, tournament, error);
  return sp_db_end_write (db, started, ok, error);
}
