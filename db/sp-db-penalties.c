/* sp-db-penalties.c: the operations on penalties: record one, give one with every check,
 * delete one.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

gboolean
sp_db_add_penalty (SpDb       *db,
                   gint64      tournament,
                   SpPenalty  *penalty,
                   GError    **error)
{
  SpSessionInfo info;
  gboolean started;
  gboolean ok;

  if (penalty->reason == NULL || penalty->reason[0] == '\0')
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, _("a penalty needs a reason"));
      return FALSE;
    }
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = sp_db_get_drawn_session (db, tournament, penalty->session, &info, error)
       && sp_db_insert_penalty (db, tournament, penalty, error);
  return sp_db_end_write (db, started, ok, error);
}

/* A penalty tied to a hand: the hand is of the penalty's session, at a table where the player
 * sits. */
static gboolean
check_hand (SpDb             *db,
            gint64            tournament,
            const SpPenalty  *penalty,
            const SpPlayer   *player,
            GError          **error)
{
  g_autoptr(SpHandRecord) hand = sp_db_get_hand (db, tournament, penalty->hand, error);
  gint64 players[4];

  if (hand == NULL)
    return FALSE;
  if (hand->session != penalty->session)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Hand %" PRId64 " was played in session %u, not in session %u."),
                   penalty->hand, hand->session, penalty->session);
      return FALSE;
    }
  if (!sp_db_get_table_seats (db, tournament, hand->session, hand->table, players, error))
    return FALSE;
  for (guint c = 0; c < 4; c++)
    if (players[c] == penalty->player)
      return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               _("Hand %" PRId64 " was played at session %u table %u, where player %"
                 PRId64 " (%s) does not sit."), penalty->hand, hand->session,
               hand->table, penalty->player, player->name);
  return FALSE;
}

/* A penalty not tied to a hand: the player sits at a table of the session (else it would count
 * nowhere: a session's scores are those of its tables). */
static gboolean
check_seated (SpDb             *db,
              gint64            tournament,
              const SpPenalty  *penalty,
              const SpPlayer   *player,
              GError          **error)
{
  g_autoptr(GArray) seats = sp_db_list_seats (db, tournament, penalty->session, error);

  if (seats == NULL)
    return FALSE;
  for (guint i = 0; i < seats->len; i++)
    if (g_array_index (seats, gint64, i) == penalty->player)
      return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               _("Player %" PRId64 " (%s) does not play in session %u: a penalty "
                 "counts in a session where the player sits at a table."), penalty->player,
               player->name, penalty->session);
  return FALSE;
}

gboolean
sp_db_give_penalty (SpDb       *db,
                    gint64      tournament,
                    SpPenalty  *penalty,
                    GError    **error)
{
  g_autoptr(SpPlayer) player = NULL;
  GError *core_error = NULL;
  SpSessionInfo info;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && penalty != NULL, FALSE);

  if (!sp_check_reason (penalty->reason, &core_error))
    {
      sp_db_propagate_refusal (error, core_error);
      return FALSE;
    }
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (player = sp_db_get_player (db, tournament, penalty->player, error)) != NULL
       && sp_db_get_open_session (db, tournament, penalty->session, &info, error)
       && (penalty->hand > 0 ? check_hand (db, tournament, penalty, player, error)
           : check_seated (db, tournament, penalty, player, error))
       && sp_db_add_penalty (db, tournament, penalty, error);
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_delete_penalty (SpDb     *db,
                      gint64    tournament,
                      gint64    id,
                      GError  **error)
{
  g_autoptr(SpPenalty) penalty = NULL;
  SpSessionInfo info = { 0 };
  gboolean used = FALSE;
  gboolean started;
  gboolean ok;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  /* Under the director's lock a closed session's penalty may be deleted too: the session is
   * opened for it and closed again in the same transaction, as for its hands. */
  ok = (penalty = sp_db_get_penalty (db, tournament, id, error)) != NULL
       && sp_db_get_drawn_session (db, tournament, penalty->session, &info, error)
       && sp_db_require_director (db, tournament, "penalty delete", id, &used, error,
                                  _("A director's PIN is required to delete penalty %" PRId64
                                    "."), id)
       && (used || sp_db_check_open (penalty->session, info.closed, error))
       && (!info.closed
           || sp_db_set_session_closed (db, tournament, penalty->session, FALSE, FALSE, error))
       && sp_db_delete_penalty_row (db, id, error)
       && (!info.closed
           || sp_db_set_session_closed (db, tournament, penalty->session, TRUE, info.time_up,
                                        error));
  return sp_db_end_write (db, started, ok, error);
}
