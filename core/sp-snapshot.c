/* sp-snapshot.c: a tournament as the reports draw it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-snapshot.h"

SpSnapshot *
sp_snapshot_new (void)
{
  SpSnapshot *snapshot = g_new0 (SpSnapshot, 1);

  snapshot->players = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_player_free);
  snapshot->sessions = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_session_snapshot_free);
  snapshot->plan = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_session_snapshot_free);
  snapshot->hands = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_hand_record_free);
  snapshot->penalties = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_penalty_free);
  snapshot->tables = g_array_new (FALSE, TRUE, sizeof (SpTableResult));
  snapshot->session_results = g_array_new (FALSE, TRUE, sizeof (SpSessionResult));
  snapshot->standings = g_array_new (FALSE, TRUE, sizeof (SpStanding));
  snapshot->pending = g_array_new (FALSE, TRUE, sizeof (SpPendingHands));
  snapshot->team_standings = g_array_new (FALSE, TRUE, sizeof (SpStanding));
  snapshot->team_names = g_ptr_array_new_with_free_func (g_free);
  snapshot->audit = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_audit_entry_free);
  return snapshot;
}

void
sp_snapshot_free (SpSnapshot *snapshot)
{
  if (snapshot == NULL)
    return;
  g_clear_pointer (&snapshot->tournament, sp_tournament_free);
  g_free (snapshot->date);
  g_ptr_array_unref (snapshot->players);
  g_ptr_array_unref (snapshot->sessions);
  g_ptr_array_unref (snapshot->plan);
  g_ptr_array_unref (snapshot->hands);
  g_ptr_array_unref (snapshot->penalties);
  g_array_unref (snapshot->tables);
  g_array_unref (snapshot->session_results);
  g_array_unref (snapshot->standings);
  g_array_unref (snapshot->pending);
  g_array_unref (snapshot->team_standings);
  g_ptr_array_unref (snapshot->team_names);
  g_ptr_array_unref (snapshot->audit);
  g_free (snapshot);
}

const SpPlayer *
sp_snapshot_find_player (const SpSnapshot *snapshot,
                         gint64            id)
{
  guint low = 0, high = snapshot->players->len;

  /* The players are by id: a binary search (a report looks up a name for every hand and
   * seat, 100,000 times for a large event)… */
  while (low < high)
    {
      guint middle = low + (high - low) / 2;
      const SpPlayer *player = snapshot->players->pdata[middle];

      if (player->id == id)
        return player;
      if (player->id < id)
        low = middle + 1;
      else
        high = middle;
    }
  /* …and a snapshot built in another order is still searched whole. */
  for (guint i = 0; i < snapshot->players->len; i++)
    {
      const SpPlayer *player = snapshot->players->pdata[i];

      if (player->id == id)
        return player;
    }
  return NULL;
}

const SpStanding *
sp_snapshot_find_team_standing (const SpSnapshot *snapshot,
                                const char       *team)
{
  for (guint i = 0; team != NULL && snapshot->team_standings != NULL
                    && i < snapshot->team_standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (snapshot->team_standings, SpStanding, i);

      if (standing->player < snapshot->team_names->len
          && g_strcmp0 (snapshot->team_names->pdata[standing->player], team) == 0)
        return standing;
    }
  return NULL;
}

const SpSessionSnapshot *
sp_snapshot_find_session (const SpSnapshot *snapshot,
                          guint             number)
{
  for (guint i = 0; i < snapshot->sessions->len; i++)
    {
      const SpSessionSnapshot *session = snapshot->sessions->pdata[i];

      if (session->number == number)
        return session;
    }
  return NULL;
}

void
sp_session_snapshot_free (SpSessionSnapshot *session)
{
  if (session == NULL)
    return;
  g_free (session->seats);
  g_free (session);
}
