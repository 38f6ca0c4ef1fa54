/* sp-web-data.c: what the players' pages show, read through the store's operations.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-web-private.h"

#include "sp-web-error.h"

static void
web_session_clear (gpointer data)
{
  SpWebSession *session = data;

  g_clear_pointer (&session->progress, g_array_unref);
}

void
sp_web_data_free (SpWebData *data)
{
  if (data == NULL)
    return;
  g_clear_pointer (&data->tournament, sp_tournament_free);
  g_clear_pointer (&data->snapshot, sp_snapshot_free);
  g_clear_pointer (&data->standings, g_array_unref);
  g_clear_pointer (&data->results, g_array_unref);
  g_clear_pointer (&data->index, g_hash_table_unref);
  g_clear_pointer (&data->sessions, g_array_unref);
  g_free (data->by_session);
  g_free (data->version);
  g_free (data);
}

SpWebData *
sp_web_data_load (SpDb        *db,
                  const char  *tournament,
                  const char  *version,
                  GError     **error)
{
  g_autoptr(SpWebData) data = g_new0 (SpWebData, 1);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *today = g_date_time_format (now, "%Y-%m-%d");
  g_autoptr(GPtrArray) players = NULL;
  guint n_sessions;

  data->version = g_strdup (version);
  data->tournament = sp_db_find_tournament (db, tournament, error);
  if (data->tournament == NULL)
    return NULL;
  /* The pages show neither the audit log nor the snapshot's standings (theirs, per session,
   * are read below). */
  data->snapshot = sp_db_load_snapshot_without (db, data->tournament, today,
                                                SP_DB_SNAPSHOT_NO_AUDIT
                                                | SP_DB_SNAPSHOT_NO_STANDINGS, error);
  if (data->snapshot == NULL
      || !sp_db_standings_hidden (db, data->tournament, &data->hidden, error))
    return NULL;
  data->standings = sp_db_compute_standings_by_session (db, data->tournament, &data->results,
                                                        &players, error);
  if (data->standings == NULL)
    return NULL;

  n_sessions = data->tournament->n_sessions;
  data->index = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < data->standings->len; i++)
    {
      SpStanding *standing = &g_array_index (data->standings, SpStanding, i);
      const SpPlayer *player = sp_snapshot_find_player (data->snapshot, standing->player);

      if (player != NULL)
        g_hash_table_insert (data->index, (gpointer) &player->id, GUINT_TO_POINTER (i + 1));
    }
  data->by_session = g_new0 (const SpSessionResult *, MAX (1, data->standings->len * n_sessions));
  for (guint i = 0; i < data->results->len; i++)
    {
      const SpSessionResult *result = &g_array_index (data->results, SpSessionResult, i);
      gint64 id = result->player;
      guint at = GPOINTER_TO_UINT (g_hash_table_lookup (data->index, &id));

      if (at > 0 && result->session >= 1 && result->session <= n_sessions)
        data->by_session[(at - 1) * n_sessions + result->session - 1] = result;
    }

  data->sessions = g_array_sized_new (FALSE, TRUE, sizeof (SpWebSession), n_sessions);
  g_array_set_clear_func (data->sessions, web_session_clear);
  for (guint k = 1; k <= n_sessions; k++)
    {
      SpWebSession session = { 0 };

      if (!sp_db_get_session (db, data->tournament->id, k, &session.info, error))
        return NULL;
      if (session.info.exists && session.info.n_tables > 0)
        {
          session.progress = sp_db_session_progress (db, data->tournament, k, error);
          if (session.progress == NULL)
            return NULL;
          session.has_clock = sp_db_get_session_clock (db, data->tournament, k, &session.clock,
                                                       NULL);
        }
      g_array_append_val (data->sessions, session);
    }
  if (!sp_db_find_clock_session (db, data->tournament->id, &data->clock_session, error))
    return NULL;
  return g_steal_pointer (&data);
}
