/* sp-db-snapshot.c: a tournament read whole, at one moment, for the reports.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db.h"
#include "sp-db-private.h"

/* The sessions drawn, with their seats. */
static gboolean
load_sessions (SpDb                *db,
               const SpTournament  *tournament,
               SpSnapshot          *snapshot,
               GError             **error)
{
  for (guint number = 1; number <= tournament->n_sessions; number++)
    {
      g_autoptr(GArray) seats = NULL;
      SpSessionSnapshot *session;
      SpSessionInfo info;

      if (!sp_db_get_session (db, tournament->id, number, &info, error))
        return FALSE;
      if (!info.exists || info.n_tables == 0)
        continue;
      seats = sp_db_list_seats (db, tournament->id, number, error);
      if (seats == NULL)
        return FALSE;
      session = g_new0 (SpSessionSnapshot, 1);
      session->number = number;
      session->closed = info.closed;
      session->has_seed = info.has_seed;
      session->seed = info.seed;
      session->n_tables = seats->len / 4;
      session->seats = g_memdup2 (seats->data, seats->len * sizeof (gint64));
      g_ptr_array_add (snapshot->sessions, session);
    }
  return TRUE;
}

static SpSessionSnapshot *
copy_session (const SpSessionSnapshot *session)
{
  SpSessionSnapshot *copy = g_memdup2 (session, sizeof *session);

  copy->seats = g_memdup2 (session->seats, 4 * session->n_tables * sizeof (gint64));
  return copy;
}

/* Every session a player can be told of ahead: the drawn ones, and with a balanced plan the
 * sessions it has seated already though they are not drawn yet. */
static gboolean
load_plan (SpDb                *db,
           const SpTournament  *tournament,
           SpSnapshot          *snapshot,
           GError             **error)
{
  gboolean balanced = g_strcmp0 (tournament->seating, "balanced") == 0;

  for (guint number = 1; number <= tournament->n_sessions; number++)
    {
      const SpSessionSnapshot *drawn = sp_snapshot_find_session (snapshot, number);
      g_autoptr(GArray) seats = NULL;
      g_autoptr(GError) local_error = NULL;
      SpSessionSnapshot *planned;

      if (drawn != NULL)
        {
          g_ptr_array_add (snapshot->plan, copy_session (drawn));
          continue;
        }
      if (!balanced)
        continue;
      seats = sp_db_get_plan_session (db, tournament->id, number, &local_error);
      if (seats == NULL)
        {
          /* No plan stored yet (nothing drawn): nothing to tell ahead. */
          if (g_error_matches (local_error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND))
            continue;
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      planned = g_new0 (SpSessionSnapshot, 1);
      planned->number = number;
      planned->n_tables = seats->len / 4;
      planned->seats = g_memdup2 (seats->data, seats->len * sizeof (gint64));
      g_ptr_array_add (snapshot->plan, planned);
    }
  return TRUE;
}

static void
take_records (GPtrArray *into,
              GPtrArray *records)
{
  for (guint i = 0; i < records->len; i++)
    g_ptr_array_add (into, g_steal_pointer (&records->pdata[i]));
  g_ptr_array_set_free_func (records, NULL);
  g_ptr_array_unref (records);
}

static void
take_array (GArray *into,
            GArray *values)
{
  g_array_append_vals (into, values->data, values->len);
  g_array_unref (values);
}

static gboolean
load (SpDb                *db,
      const SpTournament  *tournament,
      SpDbSnapshotOmit     omit,
      SpSnapshot          *snapshot,
      GError             **error)
{
  GPtrArray *records;
  GArray *values;
  GPtrArray *team_names = NULL;

  if ((records = sp_db_list_players (db, tournament->id, error)) == NULL)
    return FALSE;
  take_records (snapshot->players, records);
  if (!load_sessions (db, tournament, snapshot, error)
      || !load_plan (db, tournament, snapshot, error))
    return FALSE;
  if ((records = sp_db_list_hands (db, tournament->id, 0, 0, error)) == NULL)
    return FALSE;
  take_records (snapshot->hands, records);
  if ((records = sp_db_list_penalties (db, tournament->id, 0, error)) == NULL)
    return FALSE;
  take_records (snapshot->penalties, records);
  if (!(omit & SP_DB_SNAPSHOT_NO_STANDINGS))
    {
      GArray *tables, *standings, *results, *pending;

      /* The table results read once, and the standings computed once from them. */
      if (!sp_db_compute_snapshot_standings (db, tournament, &tables, &standings, &results,
                                             &values, &team_names, error))
        return FALSE;
      take_array (snapshot->tables, tables);
      take_array (snapshot->standings, standings);
      take_array (snapshot->session_results, results);
      /* Two-key entry: the hands not in the standings yet, apart. */
      if ((pending = sp_db_compute_pending (db, tournament, 0, &snapshot->n_unconfirmed,
                                            error)) == NULL)
        {
          g_array_unref (values);
          return FALSE;
        }
      take_array (snapshot->pending, pending);
    }
  else if ((values = sp_db_compute_standings (db, tournament, 0, &team_names, error)) == NULL)
    return FALSE;
  take_array (snapshot->team_standings, values);
  if (team_names != NULL)
    take_records (snapshot->team_names, team_names);
  if (omit & SP_DB_SNAPSHOT_NO_AUDIT)
    return TRUE;
  if ((records = sp_db_list_audit (db, error)) == NULL)
    return FALSE;
  take_records (snapshot->audit, records);
  return TRUE;
}

SpSnapshot *
sp_db_load_snapshot (SpDb                *db,
                     const SpTournament  *tournament,
                     const char          *date,
                     GError             **error)
{
  return sp_db_load_snapshot_without (db, tournament, date, SP_DB_SNAPSHOT_WHOLE, error);
}

SpSnapshot *
sp_db_load_snapshot_without (SpDb                *db,
                             const SpTournament  *tournament,
                             const char          *date,
                             SpDbSnapshotOmit     omit,
                             GError             **error)
{
  g_autoptr(SpSnapshot) snapshot = sp_snapshot_new ();
  g_autofree char *id = NULL;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL, NULL);

  id = g_strdup_printf ("%" G_GINT64_FORMAT, tournament->id);
  if (!sp_db_begin_read (db, &started, error))
    return NULL;
  /* The tournament as it is now: a rename since @tournament was read shows. */
  snapshot->tournament = sp_db_find_tournament (db, id, error);
  ok = snapshot->tournament != NULL && load (db, tournament, omit, snapshot, error);
  sp_db_end_read (db, started);
  if (!ok)
    return NULL;
  snapshot->date = g_strdup (date);
  return g_steal_pointer (&snapshot);
}
