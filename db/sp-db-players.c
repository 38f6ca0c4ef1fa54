/* sp-db-players.c: players, sessions, seats and the balanced plan in the store.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <string.h>

#define PLAYER_COLUMNS \
  "id, tournament_id, name, club, country, team, federation_id, status, substitute_for"

static SpPlayer *
player_from_row (sqlite3_stmt *statement)
{
  SpPlayer *player = g_new0 (SpPlayer, 1);
  SpPlayerStatus status = SP_PLAYER_ACTIVE;

  player->id = sqlite3_column_int64 (statement, 0);
  player->tournament = sqlite3_column_int64 (statement, 1);
  player->name = sp_db_column_text (statement, 2);
  player->club = sp_db_column_text (statement, 3);
  player->country = sp_db_column_text (statement, 4);
  player->team = sp_db_column_text (statement, 5);
  player->federation_id = sp_db_column_text (statement, 6);
  sp_player_status_from_string ((const char *) sqlite3_column_text (statement, 7), &status);
  player->status = status;
  player->substitute_for = sqlite3_column_int64 (statement, 8);
  return player;
}

gboolean
sp_db_add_player (SpDb      *db,
                  SpPlayer  *player,
                  GError   **error)
{
  g_autoptr(SpPlayer) existing = NULL;
  g_autoptr(GError) local_error = NULL;
  sqlite3_stmt *statement;
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL && player != NULL, FALSE);

  if (player->name == NULL || g_strstrip (player->name)[0] == '\0')
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "a player needs a name");
      return FALSE;
    }
  if (!g_utf8_validate (player->name, -1, NULL))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "the player's name is not UTF-8");
      return FALSE;
    }
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  existing = sp_db_find_player_by_name (db, player->tournament, player->name, &local_error);
  if (existing != NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "a player named '%s' is already registered (id %" G_GINT64_FORMAT ")",
                   player->name, existing->id);
      goto out;
    }
  if (!g_error_matches (local_error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      goto out;
    }
  statement = sp_db_prepare (db, "INSERT INTO players (tournament_id, name, club, country, team,"
                             " federation_id, status, substitute_for)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int64 (statement, 1, player->tournament);
  sp_db_bind_text (statement, 2, player->name);
  sp_db_bind_text (statement, 3, player->club);
  sp_db_bind_text (statement, 4, player->country);
  sp_db_bind_text (statement, 5, player->team);
  sp_db_bind_text (statement, 6, player->federation_id);
  sp_db_bind_text (statement, 7, sp_player_status_to_string (player->status));
  if (player->substitute_for > 0)
    sqlite3_bind_int64 (statement, 8, player->substitute_for);
  if (!sp_db_step_done (db, statement, "adding the player", error))
    goto out;
  player->id = sqlite3_last_insert_rowid (db->handle);
  ok = TRUE;
out:
  return sp_db_end_write (db, started, ok, error);
}

GPtrArray *
sp_db_list_players (SpDb    *db,
                    gint64   tournament,
                    GError **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_player_free);
  sqlite3_stmt *statement;
  gboolean has_row;

  statement = sp_db_prepare (db, "SELECT " PLAYER_COLUMNS " FROM players"
                             " WHERE tournament_id = ? ORDER BY id", error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, tournament);
  while (TRUE)
    {
      if (!sp_db_step_row (db, statement, &has_row, "listing players", error))
        return NULL;
      if (!has_row)
        break;
      g_ptr_array_add (list, player_from_row (statement));
    }
  sqlite3_reset (statement);
  return g_steal_pointer (&list);
}

/* Counted in the store rather than by listing, so that the app's list of tournaments does not
 * read every player of every tournament. */
gboolean
sp_db_count_players (SpDb     *db,
                     gint64    tournament,
                     guint    *n_players,
                     GError  **error)
{
  sqlite3_stmt *statement;
  gboolean has_row;

  g_return_val_if_fail (db != NULL && n_players != NULL, FALSE);

  statement = sp_db_prepare (db, "SELECT count (*) FROM players"
                             " WHERE tournament_id = ? AND status != 'withdrawn'", error);
  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, tournament);
  if (!sp_db_step_row (db, statement, &has_row, "counting the players", error))
    return FALSE;
  *n_players = has_row ? (guint) sqlite3_column_int64 (statement, 0) : 0;
  sqlite3_reset (statement);
  return TRUE;
}

SpPlayer *
sp_db_get_player (SpDb    *db,
                  gint64   tournament,
                  gint64   id,
                  GError **error)
{
  sqlite3_stmt *statement;
  SpPlayer *player = NULL;
  gboolean has_row;

  statement = sp_db_prepare (db, "SELECT " PLAYER_COLUMNS " FROM players"
                             " WHERE tournament_id = ? AND id = ?", error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int64 (statement, 2, id);
  if (!sp_db_step_row (db, statement, &has_row, "looking for the player", error))
    return NULL;
  if (has_row)
    player = player_from_row (statement);
  sqlite3_reset (statement);
  if (player == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 "no player %" G_GINT64_FORMAT " in this tournament", id);
  return player;
}

SpPlayer *
sp_db_find_player_by_name (SpDb        *db,
                           gint64       tournament,
                           const char  *name,
                           GError     **error)
{
  sqlite3_stmt *statement;
  SpPlayer *player = NULL;
  gboolean has_row;

  statement = sp_db_prepare (db, "SELECT " PLAYER_COLUMNS " FROM players"
                             " WHERE tournament_id = ? AND name = ?", error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, tournament);
  sp_db_bind_text (statement, 2, name);
  if (!sp_db_step_row (db, statement, &has_row, "looking for the player", error))
    return NULL;
  if (has_row)
    player = player_from_row (statement);
  sqlite3_reset (statement);
  if (player == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 "no player named '%s' in this tournament", name);
  return player;
}

gboolean
sp_db_set_player_status (SpDb            *db,
                         gint64           player,
                         SpPlayerStatus   status,
                         GError         **error)
{
  sqlite3_stmt *statement = sp_db_prepare (db, "UPDATE players SET status = ? WHERE id = ?", error);
  gboolean started;
  gboolean ok;

  if (statement == NULL || !sp_db_begin_write (db, &started, error))
    return FALSE;
  sp_db_bind_text (statement, 1, sp_player_status_to_string (status));
  sqlite3_bind_int64 (statement, 2, player);
  ok = sp_db_step_done (db, statement, "changing the player's status", error);
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_replace_player (SpDb     *db,
                      gint64    tournament,
                      gint64    player,
                      gint64    substitute,
                      GError  **error)
{
  sqlite3_stmt *statement;
  gboolean started;
  gboolean ok = FALSE;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  /* Sessions already drawn but without a hand: the substitute takes the chair. */
  statement = sp_db_prepare (db,
    "UPDATE seats SET player_id = ?1 WHERE player_id = ?2 AND session_id IN"
    " (SELECT s.id FROM sessions s WHERE s.tournament_id = ?3 AND s.status = 'open'"
    "  AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.session_id = s.id))", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int64 (statement, 1, substitute);
  sqlite3_bind_int64 (statement, 2, player);
  sqlite3_bind_int64 (statement, 3, tournament);
  if (!sp_db_step_done (db, statement, "moving the substitute into the seats", error))
    goto out;
  /* Sessions of the balanced plan not drawn yet. */
  statement = sp_db_prepare (db, "UPDATE plan_players SET player_id = ?1"
                             " WHERE tournament_id = ?3 AND player_id = ?2", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int64 (statement, 1, substitute);
  sqlite3_bind_int64 (statement, 2, player);
  sqlite3_bind_int64 (statement, 3, tournament);
  ok = sp_db_step_done (db, statement, "moving the substitute into the plan", error);
out:
  return sp_db_end_write (db, started, ok, error);
}

/* ---- sessions -------------------------------------------------------------------------- */

gint64
sp_db_session_id (SpDb     *db,
                  gint64    tournament,
                  guint     session,
                  gboolean  create,
                  GError  **error)
{
  sqlite3_stmt *statement;
  gboolean has_row;
  gint64 id = 0;

  statement = sp_db_prepare (db, "SELECT id FROM sessions WHERE tournament_id = ? AND number = ?",
                             error);
  if (statement == NULL)
    return -1;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, session);
  if (!sp_db_step_row (db, statement, &has_row, "looking for the session", error))
    return -1;
  if (has_row)
    id = sqlite3_column_int64 (statement, 0);
  sqlite3_reset (statement);
  if (id > 0 || !create)
    return id;

  statement = sp_db_prepare (db, "INSERT INTO sessions (tournament_id, number) VALUES (?, ?)",
                             error);
  if (statement == NULL)
    return -1;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, session);
  if (!sp_db_step_done (db, statement, "adding the session", error))
    return -1;
  return sqlite3_last_insert_rowid (db->handle);
}

gboolean
sp_db_get_session (SpDb           *db,
                   gint64          tournament,
                   guint           session,
                   SpSessionInfo  *info,
                   GError        **error)
{
  sqlite3_stmt *statement;
  gboolean has_row;

  memset (info, 0, sizeof *info);
  info->number = session;
  statement = sp_db_prepare (db,
    "SELECT s.status, s.time_up, s.seed,"
    " (SELECT coalesce (max (table_number), 0) FROM seats WHERE session_id = s.id),"
    " (SELECT count (*) FROM hands WHERE session_id = s.id)"
    " FROM sessions s WHERE s.tournament_id = ? AND s.number = ?", error);
  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, session);
  if (!sp_db_step_row (db, statement, &has_row, "reading the session", error))
    return FALSE;
  if (has_row)
    {
      info->exists = TRUE;
      info->closed = g_strcmp0 ((const char *) sqlite3_column_text (statement, 0), "closed") == 0;
      info->time_up = sqlite3_column_int (statement, 1) != 0;
      info->has_seed = sqlite3_column_type (statement, 2) != SQLITE_NULL;
      info->seed = (guint64) sqlite3_column_int64 (statement, 2);
      info->n_tables = sqlite3_column_int (statement, 3);
      info->n_hands = sqlite3_column_int (statement, 4);
    }
  sqlite3_reset (statement);
  return TRUE;
}

gboolean
sp_db_set_session_closed (SpDb      *db,
                          gint64     tournament,
                          guint      session,
                          gboolean   closed,
                          gboolean   time_up,
                          GError   **error)
{
  sqlite3_stmt *statement;
  gboolean started;
  gboolean ok = FALSE;
  gint64 id;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  id = sp_db_session_id (db, tournament, session, TRUE, error);
  if (id < 0)
    goto out;
  statement = sp_db_prepare (db, "UPDATE sessions SET status = ?, time_up = ? WHERE id = ?", error);
  if (statement == NULL)
    goto out;
  sp_db_bind_text (statement, 1, closed ? "closed" : "open");
  sqlite3_bind_int (statement, 2, time_up);
  sqlite3_bind_int64 (statement, 3, id);
  ok = sp_db_step_done (db, statement, "closing the session", error);
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_store_seating (SpDb          *db,
                     gint64         tournament,
                     guint          session,
                     guint64        seed,
                     const gint64  *players,
                     guint          n_players,
                     GError       **error)
{
  sqlite3_stmt *statement;
  SpSessionInfo info;
  gboolean started;
  gboolean ok = FALSE;
  gint64 id;

  g_return_val_if_fail (n_players % 4 == 0, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  if (!sp_db_get_session (db, tournament, session, &info, error))
    goto out;
  if (info.n_hands > 0 || info.closed)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u already has hands: its seats cannot be drawn again", session);
      goto out;
    }
  id = sp_db_session_id (db, tournament, session, TRUE, error);
  if (id < 0)
    goto out;
  statement = sp_db_prepare (db, "DELETE FROM seats WHERE session_id = ?", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int64 (statement, 1, id);
  if (!sp_db_step_done (db, statement, "clearing the seats", error))
    goto out;
  statement = sp_db_prepare (db, "UPDATE sessions SET seed = ? WHERE id = ?", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int64 (statement, 1, (gint64) seed);
  sqlite3_bind_int64 (statement, 2, id);
  if (!sp_db_step_done (db, statement, "recording the seed", error))
    goto out;
  statement = sp_db_prepare (db, "INSERT INTO seats (session_id, table_number, chair, player_id)"
                             " VALUES (?, ?, ?, ?)", error);
  if (statement == NULL)
    goto out;
  for (guint i = 0; i < n_players; i++)
    {
      sqlite3_reset (statement);
      sqlite3_bind_int64 (statement, 1, id);
      sqlite3_bind_int (statement, 2, i / 4 + 1);
      sqlite3_bind_int (statement, 3, i % 4);
      sqlite3_bind_int64 (statement, 4, players[i]);
      if (!sp_db_step_done (db, statement, "storing a seat", error))
        goto out;
    }
  ok = TRUE;
out:
  return sp_db_end_write (db, started, ok, error);
}

GArray *
sp_db_list_seats (SpDb    *db,
                  gint64   tournament,
                  guint    session,
                  GError **error)
{
  g_autoptr(GArray) seats = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *statement;
  gboolean has_row;

  statement = sp_db_prepare (db,
    "SELECT st.player_id FROM seats st JOIN sessions s ON s.id = st.session_id"
    " WHERE s.tournament_id = ? AND s.number = ? ORDER BY st.table_number, st.chair", error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, session);
  while (TRUE)
    {
      gint64 player;

      if (!sp_db_step_row (db, statement, &has_row, "reading the seats", error))
        return NULL;
      if (!has_row)
        break;
      player = sqlite3_column_int64 (statement, 0);
      g_array_append_val (seats, player);
    }
  sqlite3_reset (statement);
  return g_steal_pointer (&seats);
}

gboolean
sp_db_get_table_seats (SpDb     *db,
                       gint64    tournament,
                       guint     session,
                       guint     table,
                       gint64    players[4],
                       GError  **error)
{
  sqlite3_stmt *statement;
  gboolean has_row;
  guint found = 0;

  statement = sp_db_prepare (db,
    "SELECT st.chair, st.player_id FROM sessions s JOIN seats st ON st.session_id = s.id"
    " AND st.table_number = ?3 WHERE s.tournament_id = ?1 AND s.number = ?2", error);
  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, session);
  sqlite3_bind_int (statement, 3, table);
  memset (players, 0, 4 * sizeof (gint64));
  while (TRUE)
    {
      if (!sp_db_step_row (db, statement, &has_row, "reading the table's seats", error))
        return FALSE;
      if (!has_row)
        break;
      players[sqlite3_column_int (statement, 0) & 3] = sqlite3_column_int64 (statement, 1);
      found++;
    }
  sqlite3_reset (statement);
  if (found != 4)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND, "session %u has no table %u",
                   session, table);
      return FALSE;
    }
  return TRUE;
}

/* ---- the balanced plan ----------------------------------------------------------------- */

gboolean
sp_db_store_plan (SpDb           *db,
                  gint64          tournament,
                  guint64         seed,
                  const gint64   *numbers,
                  guint           n_players,
                  const guint16  *seats,
                  guint           n_sessions,
                  GError        **error)
{
  sqlite3_stmt *statement;
  gboolean started;
  gboolean ok = FALSE;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  if (!sp_db_set_plan_seed (db, tournament, seed, error))
    goto out;
  statement = sp_db_prepare (db, "INSERT INTO plan_players (tournament_id, plan_number, player_id)"
                             " VALUES (?, ?, ?)", error);
  if (statement == NULL)
    goto out;
  for (guint i = 0; i < n_players; i++)
    {
      sqlite3_reset (statement);
      sqlite3_bind_int64 (statement, 1, tournament);
      sqlite3_bind_int (statement, 2, i + 1);
      sqlite3_bind_int64 (statement, 3, numbers[i]);
      if (!sp_db_step_done (db, statement, "storing the plan", error))
        goto out;
    }
  statement = sp_db_prepare (db, "INSERT INTO plan_seats (tournament_id, session_number,"
                             " table_number, chair, plan_number) VALUES (?, ?, ?, ?, ?)", error);
  if (statement == NULL)
    goto out;
  for (guint r = 0; r < n_sessions; r++)
    for (guint i = 0; i < n_players; i++)
      {
        sqlite3_reset (statement);
        sqlite3_bind_int64 (statement, 1, tournament);
        sqlite3_bind_int (statement, 2, r + 1);
        sqlite3_bind_int (statement, 3, i / 4 + 1);
        sqlite3_bind_int (statement, 4, i % 4);
        sqlite3_bind_int (statement, 5, seats[r * n_players + i]);
        if (!sp_db_step_done (db, statement, "storing the plan", error))
          goto out;
      }
  ok = TRUE;
out:
  return sp_db_end_write (db, started, ok, error);
}

GArray *
sp_db_get_plan_session (SpDb    *db,
                        gint64   tournament,
                        guint    session,
                        GError **error)
{
  g_autoptr(GArray) seats = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *statement;
  gboolean has_row;

  statement = sp_db_prepare (db,
    "SELECT pp.player_id FROM plan_seats ps JOIN plan_players pp"
    " ON pp.tournament_id = ps.tournament_id AND pp.plan_number = ps.plan_number"
    " WHERE ps.tournament_id = ? AND ps.session_number = ? ORDER BY ps.table_number, ps.chair",
    error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, session);
  while (TRUE)
    {
      gint64 player;

      if (!sp_db_step_row (db, statement, &has_row, "reading the plan", error))
        return NULL;
      if (!has_row)
        break;
      player = sqlite3_column_int64 (statement, 0);
      g_array_append_val (seats, player);
    }
  sqlite3_reset (statement);
  if (seats->len == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   "the balanced plan has no session %u", session);
      return NULL;
    }
  return g_steal_pointer (&seats);
}
