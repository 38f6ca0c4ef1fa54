/* sp-db-penalties.c: the director's operations on penalties: give one with every check, list
 * them, delete one.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <glib/gi18n-lib.h>

/* A session that is drawn and open, else a refusal naming it. */
static gboolean
check_open_session (SpDb     *db,
                    gint64    tournament,
                    guint     session,
                    GError  **error)
{
  SpSessionInfo info;

  if (!sp_db_get_session (db, tournament, session, &info, error))
    return FALSE;
  if (!info.exists || info.n_tables == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("Session %u has not been drawn."), session);
      return FALSE;
    }
  if (info.closed)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Session %u is closed (session reopen --session %u --force to correct "
                     "it)."), session, session);
      return FALSE;
    }
  return TRUE;
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
                   _("Hand %" G_GINT64_FORMAT " was played in session %u, not in session %u."),
                   penalty->hand, hand->session, penalty->session);
      return FALSE;
    }
  if (!sp_db_get_table_seats (db, tournament, hand->session, hand->table, players, error))
    return FALSE;
  for (guint c = 0; c < 4; c++)
    if (players[c] == penalty->player)
      return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               _("Hand %" G_GINT64_FORMAT " was played at session %u table %u, where player %"
                 G_GINT64_FORMAT " (%s) does not sit."), penalty->hand, hand->session,
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
               _("Player %" G_GINT64_FORMAT " (%s) does not play in session %u: a penalty "
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
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL && penalty != NULL, FALSE);

  if (!sp_check_reason (penalty->reason, &core_error))
    {
      sp_db_propagate_refusal (error, core_error);
      return FALSE;
    }
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  player = sp_db_get_player (db, tournament, penalty->player, error);
  if (player == NULL || !check_open_session (db, tournament, penalty->session, error))
    goto out;
  if (penalty->hand > 0 ? !check_hand (db, tournament, penalty, player, error)
      : !check_seated (db, tournament, penalty, player, error))
    goto out;
  ok = sp_db_add_penalty (db, tournament, penalty, error);
out:
  return sp_db_end_write (db, started, ok, error);
}

static SpPenalty *
penalty_from_row (sqlite3_stmt *statement)
{
  SpPenalty *penalty = g_new0 (SpPenalty, 1);

  penalty->id = sqlite3_column_int64 (statement, 0);
  penalty->session = sqlite3_column_int (statement, 1);
  penalty->player = sqlite3_column_int64 (statement, 2);
  penalty->hand = sqlite3_column_int64 (statement, 3);
  penalty->points = sqlite3_column_int64 (statement, 4);
  penalty->reason = sp_db_column_text (statement, 5);
  return penalty;
}

GPtrArray *
sp_db_find_penalties (SpDb     *db,
                      gint64    tournament,
                      guint     session,
                      gint64    player,
                      GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session), sp_db_int (player) };

  return sp_db_list_rows (db, sp_db_query (db,
    "SELECT p.id, s.number, p.player_id, p.hand_id, p.points, p.reason"
    " FROM penalties p JOIN sessions s ON s.id = p.session_id"
    " WHERE s.tournament_id = ?1 AND (?2 = 0 OR s.number = ?2) AND (?3 = 0 OR p.player_id = ?3)"
    " ORDER BY p.id",
    values, G_N_ELEMENTS (values), error), (SpDbRowReader) penalty_from_row,
    (GDestroyNotify) sp_penalty_free, "listing penalties", error);
}

gboolean
sp_db_delete_penalty (SpDb     *db,
                      gint64    tournament,
                      gint64    id,
                      GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (id) };
  SpPenalty *found = NULL;
  g_autoptr(SpPenalty) penalty = NULL;
  gboolean started;
  gboolean ok = FALSE;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  if (!sp_db_read_row (db, sp_db_query (db,
        "SELECT p.id, s.number, p.player_id, p.hand_id, p.points, p.reason"
        " FROM penalties p JOIN sessions s ON s.id = p.session_id"
        " WHERE s.tournament_id = ? AND p.id = ?", values, G_N_ELEMENTS (values), error),
        (SpDbRowReader) penalty_from_row, (gpointer *) &found, "reading the penalty", error))
    goto out;
  penalty = found;
  if (penalty == NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("There is no penalty %" G_GINT64_FORMAT " in this tournament."), id);
      goto out;
    }
  if (!check_open_session (db, tournament, penalty->session, error))
    goto out;
  {
    const SpDbValue row[] = { sp_db_int (id) };

    ok = sp_db_run (db, "DELETE FROM penalties WHERE id = ?", row, G_N_ELEMENTS (row),
                    "deleting the penalty", error);
  }
out:
  return sp_db_end_write (db, started, ok, error);
}
