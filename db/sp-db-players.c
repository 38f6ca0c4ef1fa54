/* sp-db-players.c: players, sessions, seats and the balanced plan in the store.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define PLAYER_COLUMNS \
  "id, tournament_id, name, club, country, team, federation_id, status, substitute_for, present"

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
  player->present = sqlite3_column_int (statement, 9) != 0;
  return player;
}

static gboolean
insert_player (SpDb            *db,
               const SpPlayer  *player,
               GError         **error)
{
  const SpDbValue values[] = {
    sp_db_int (player->tournament),
    sp_db_text (player->name),
    sp_db_text (player->club),
    sp_db_text (player->country),
    sp_db_text (player->team),
    sp_db_text (player->federation_id),
    sp_db_text (sp_player_status_to_string (player->status)),
    sp_db_id (player->substitute_for),
  };

  return sp_db_run (db, "INSERT INTO players (tournament_id, name, club, country, team,"
                    " federation_id, status, substitute_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    values, G_N_ELEMENTS (values), "adding the player", error);
}

gboolean
sp_db_add_player (SpDb      *db,
                  SpPlayer  *player,
                  GError   **error)
{
  g_autoptr(SpPlayer) existing = NULL;
  g_autoptr(GError) local_error = NULL;
  gboolean started;
  gboolean ok = FALSE;
  SpPlayer stripped;
  g_autofree char *name = NULL;

  g_return_val_if_fail (db != NULL && player != NULL, FALSE);

  if (!sp_db_check_name (_("The player's name"), player->name, error))
    return FALSE;
  /* Blanks around a name are not part of it. */
  name = g_strstrip (g_strdup (player->name));
  stripped = *player;
  stripped.name = name;
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  existing = sp_db_find_player_by_name (db, player->tournament, name, &local_error);
  if (existing != NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("A player named '%s' is already registered (id %" G_GINT64_FORMAT ")."),
                   name, existing->id);
      goto out;
    }
  if (!g_error_matches (local_error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      goto out;
    }
  if (!insert_player (db, &stripped, error))
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
  const SpDbValue values[] = { sp_db_int (tournament) };

  return sp_db_list_rows (db, sp_db_query (db, "SELECT " PLAYER_COLUMNS " FROM players"
                                           " WHERE tournament_id = ? ORDER BY id",
                                           values, G_N_ELEMENTS (values), error),
                          (SpDbRowReader) player_from_row, (GDestroyNotify) sp_player_free,
                          "listing players", error);
}

/* The player that @sql finds by tournament and one key (@values), or NULL in *@player. */
static gboolean
read_player (SpDb             *db,
             const char       *sql,
             const SpDbValue   values[2],
             SpPlayer        **player,
             GError          **error)
{
  return sp_db_read_row (db, sp_db_query (db, sql, values, 2, error),
                         (SpDbRowReader) player_from_row, (gpointer *) player,
                         "looking for the player", error);
}

/* Counted in the store rather than by listing, so that the app's list of tournaments does not
 * read every player of every tournament. */
gboolean
sp_db_count_players (SpDb     *db,
                     gint64    tournament,
                     guint    *n_players,
                     GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament) };
  gboolean found = FALSE;
  gint64 count = 0;

  g_return_val_if_fail (db != NULL && n_players != NULL, FALSE);

  if (!sp_db_read_int64 (db,
                         sp_db_query (db, "SELECT count (*) FROM players"
                                      " WHERE tournament_id = ? AND status != 'withdrawn'",
                                      values, G_N_ELEMENTS (values), error),
                         &count, &found, "counting the players", error))
    return FALSE;
  *n_players = found ? (guint) count : 0;
  return TRUE;
}

SpPlayer *
sp_db_get_player (SpDb    *db,
                  gint64   tournament,
                  gint64   id,
                  GError **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (id) };
  SpPlayer *player;

  if (!read_player (db, "SELECT " PLAYER_COLUMNS " FROM players"
                    " WHERE tournament_id = ? AND id = ?", values, &player, error))
    return NULL;
  if (player == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 _("no player %" G_GINT64_FORMAT " in this tournament"), id);
  return player;
}

SpPlayer *
sp_db_find_player_by_name (SpDb        *db,
                           gint64       tournament,
                           const char  *name,
                           GError     **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_text (name) };
  SpPlayer *player;

  if (!read_player (db, "SELECT " PLAYER_COLUMNS " FROM players"
                    " WHERE tournament_id = ? AND name = ?", values, &player, error))
    return NULL;
  if (player == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 _("no player named '%s' in this tournament"), name);
  return player;
}

gboolean
sp_db_set_player_status (SpDb            *db,
                         gint64           player,
                         SpPlayerStatus   status,
                         GError         **error)
{
  const SpDbValue values[] = { sp_db_text (sp_player_status_to_string (status)),
                               sp_db_int (player) };

  return sp_db_run_write (db, "UPDATE players SET status = ? WHERE id = ?", values,
                          G_N_ELEMENTS (values), "changing the player's status", error);
}

gboolean
sp_db_replace_player (SpDb     *db,
                      gint64    tournament,
                      gint64    player,
                      gint64    substitute,
                      GError  **error)
{
  const SpDbValue values[] = { sp_db_int (substitute), sp_db_int (player), sp_db_int (tournament) };
  gboolean started;
  gboolean ok;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  /* Tables of open sessions without a hand yet (other tables of the session may have begun):
   * the substitute takes the chair; then the sessions of the balanced plan not drawn yet. */
  ok = sp_db_run (db, "UPDATE seats SET player_id = ?1 WHERE player_id = ?2 AND session_id IN"
                  " (SELECT s.id FROM sessions s WHERE s.tournament_id = ?3 AND s.status = 'open')"
                  " AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.session_id = seats.session_id"
                  "  AND h.table_number = seats.table_number)",
                  values, G_N_ELEMENTS (values), "moving the substitute into the seats", error)
       && sp_db_run (db, "UPDATE plan_players SET player_id = ?1"
                     " WHERE tournament_id = ?3 AND player_id = ?2",
                     values, G_N_ELEMENTS (values), "moving the substitute into the plan", error);
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
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session) };
  gboolean found;
  gint64 id = 0;

  if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT id FROM sessions"
                                          " WHERE tournament_id = ? AND number = ?",
                                          values, G_N_ELEMENTS (values), error),
                         &id, &found, "looking for the session", error))
    return -1;
  if (id > 0 || !create)
    return id;
  if (!sp_db_run (db, "INSERT INTO sessions (tournament_id, number) VALUES (?, ?)",
                  values, G_N_ELEMENTS (values), "adding the session", error))
    return -1;
  return sqlite3_last_insert_rowid (db->handle);
}

static void
session_info_from_row (sqlite3_stmt *statement,
                       gpointer      user_data)
{
  SpSessionInfo *info = user_data;

  info->exists = TRUE;
  info->closed = g_strcmp0 ((const char *) sqlite3_column_text (statement, 0), "closed") == 0;
  info->time_up = sqlite3_column_int (statement, 1) != 0;
  info->has_seed = sqlite3_column_type (statement, 2) != SQLITE_NULL;
  info->seed = (guint64) sqlite3_column_int64 (statement, 2);
  info->n_tables = sqlite3_column_int (statement, 3);
  info->n_hands = sqlite3_column_int (statement, 4);
}

gboolean
sp_db_get_session (SpDb           *db,
                   gint64          tournament,
                   guint           session,
                   SpSessionInfo  *info,
                   GError        **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session) };

  memset (info, 0, sizeof *info);
  info->number = session;
  /* At most one row: each_row fills @info when the session exists. */
  return sp_db_each_row (db, sp_db_query (db,
    "SELECT s.status, s.time_up, s.seed,"
    " (SELECT coalesce (max (table_number), 0) FROM seats WHERE session_id = s.id),"
    " (SELECT count (*) FROM hands WHERE session_id = s.id)"
    " FROM sessions s WHERE s.tournament_id = ? AND s.number = ?",
    values, G_N_ELEMENTS (values), error), session_info_from_row, info, "reading the session", error);
}

gboolean
sp_db_set_session_closed (SpDb      *db,
                          gint64     tournament,
                          guint      session,
                          gboolean   closed,
                          gboolean   time_up,
                          GError   **error)
{
  gboolean started;
  gboolean ok = FALSE;
  gint64 id;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  id = sp_db_session_id (db, tournament, session, TRUE, error);
  if (id >= 0)
    {
      const SpDbValue values[] = { sp_db_text (closed ? "closed" : "open"), sp_db_int (time_up),
                                   sp_db_int (id) };

      ok = sp_db_run (db, "UPDATE sessions SET status = ?, time_up = ? WHERE id = ?", values,
                      G_N_ELEMENTS (values), "closing the session", error);
    }
  return sp_db_end_write (db, started, ok, error);
}

/* Clears the seats of session row @id and stores @players (4 per table) and @seed. */
static gboolean
replace_seats (SpDb          *db,
               gint64         id,
               guint64        seed,
               const gint64  *players,
               guint          n_players,
               GError       **error)
{
  const SpDbValue session[] = { sp_db_int (id) };
  const SpDbValue seeded[] = { sp_db_int ((gint64) seed), sp_db_int (id) };

  if (!sp_db_run (db, "DELETE FROM seats WHERE session_id = ?", session, G_N_ELEMENTS (session),
                  "clearing the seats", error)
      || !sp_db_run (db, "UPDATE sessions SET seed = ? WHERE id = ?", seeded,
                     G_N_ELEMENTS (seeded), "recording the seed", error))
    return FALSE;
  for (guint i = 0; i < n_players; i++)
    {
      const SpDbValue seat[] = { sp_db_int (id), sp_db_int (i / 4 + 1), sp_db_int (i % 4),
                                 sp_db_int (players[i]) };

      if (!sp_db_run (db, "INSERT INTO seats (session_id, table_number, chair, player_id)"
                      " VALUES (?, ?, ?, ?)", seat, G_N_ELEMENTS (seat), "storing a seat", error))
        return FALSE;
    }
  return TRUE;
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
                   _("session %u already has hands: its seats cannot be drawn again"), session);
      goto out;
    }
  id = sp_db_session_id (db, tournament, session, TRUE, error);
  ok = id >= 0 && replace_seats (db, id, seed, players, n_players, error);
out:
  return sp_db_end_write (db, started, ok, error);
}

GArray *
sp_db_list_seats (SpDb    *db,
                  gint64   tournament,
                  guint    session,
                  GError **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session) };

  return sp_db_list_int64 (db, sp_db_query (db,
    "SELECT st.player_id FROM seats st JOIN sessions s ON s.id = st.session_id"
    " WHERE s.tournament_id = ? AND s.number = ? ORDER BY st.table_number, st.chair",
    values, G_N_ELEMENTS (values), error), "reading the seats", error);
}

typedef struct
{
  gint64 *players;
  guint   found;
} TableSeats;

static void
take_seat (sqlite3_stmt *statement,
           gpointer      user_data)
{
  TableSeats *seats = user_data;

  seats->players[sqlite3_column_int (statement, 0) & 3] = sqlite3_column_int64 (statement, 1);
  seats->found++;
}

gboolean
sp_db_get_table_seats (SpDb     *db,
                       gint64    tournament,
                       guint     session,
                       guint     table,
                       gint64    players[4],
                       GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session), sp_db_int (table) };
  TableSeats seats = { players, 0 };

  memset (players, 0, 4 * sizeof (gint64));
  if (!sp_db_each_row (db, sp_db_query (db,
        "SELECT st.chair, st.player_id FROM sessions s JOIN seats st ON st.session_id = s.id"
        " AND st.table_number = ?3 WHERE s.tournament_id = ?1 AND s.number = ?2",
        values, G_N_ELEMENTS (values), error), take_seat, &seats, "reading the table's seats",
        error))
    return FALSE;
  if (seats.found != 4)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND, "session %u has no table %u",
                   session, table);
      return FALSE;
    }
  return TRUE;
}

/* ---- the balanced plan ----------------------------------------------------------------- */

static gboolean
insert_plan (SpDb           *db,
             gint64          tournament,
             const gint64   *numbers,
             guint           n_players,
             const guint16  *seats,
             guint           n_sessions,
             GError        **error)
{
  for (guint i = 0; i < n_players; i++)
    {
      const SpDbValue number[] = { sp_db_int (tournament), sp_db_int (i + 1),
                                   sp_db_int (numbers[i]) };

      if (!sp_db_run (db, "INSERT INTO plan_players (tournament_id, plan_number, player_id)"
                      " VALUES (?, ?, ?)", number, G_N_ELEMENTS (number), "storing the plan",
                      error))
        return FALSE;
    }
  for (guint r = 0; r < n_sessions; r++)
    for (guint i = 0; i < n_players; i++)
      {
        const SpDbValue seat[] = { sp_db_int (tournament), sp_db_int (r + 1),
                                   sp_db_int (i / 4 + 1), sp_db_int (i % 4),
                                   sp_db_int (seats[r * n_players + i]) };

        if (!sp_db_run (db, "INSERT INTO plan_seats (tournament_id, session_number,"
                        " table_number, chair, plan_number) VALUES (?, ?, ?, ?, ?)",
                        seat, G_N_ELEMENTS (seat), "storing the plan", error))
          return FALSE;
      }
  return TRUE;
}

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
  gboolean started;
  gboolean ok;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = sp_db_set_plan_seed (db, tournament, seed, error)
       && insert_plan (db, tournament, numbers, n_players, seats, n_sessions, error);
  return sp_db_end_write (db, started, ok, error);
}

GArray *
sp_db_get_plan_session (SpDb    *db,
                        gint64   tournament,
                        guint    session,
                        GError **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session) };
  g_autoptr(GArray) seats = sp_db_list_int64 (db, sp_db_query (db,
    "SELECT pp.player_id FROM plan_seats ps JOIN plan_players pp"
    " ON pp.tournament_id = ps.tournament_id AND pp.plan_number = ps.plan_number"
    " WHERE ps.tournament_id = ? AND ps.session_number = ? ORDER BY ps.table_number, ps.chair",
    values, G_N_ELEMENTS (values), error), "reading the plan", error);

  if (seats == NULL)
    return NULL;
  if (seats->len == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("the balanced plan has no session %u"), session);
      return NULL;
    }
  return g_steal_pointer (&seats);
}

/* ---- the director's operations on players ---------------------------------------------- */

/* The player who replaced @player, or NULL. */
static gboolean
find_substitute (SpDb       *db,
                 gint64      tournament,
                 gint64      player,
                 SpPlayer  **substitute,
                 GError    **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (player) };

  return read_player (db, "SELECT " PLAYER_COLUMNS " FROM players"
                      " WHERE tournament_id = ? AND substitute_for = ?", values, substitute, error);
}

/* NULL for "", so that an empty field clears it. */
static const char *
field_or_null (const char *text)
{
  return text != NULL && text[0] != '\0' ? text : NULL;
}

gboolean
sp_db_edit_player (SpDb            *db,
                   gint64           tournament,
                   gint64           id,
                   const SpPlayer  *changes,
                   GError         **error)
{
  g_autoptr(SpPlayer) player = NULL;
  g_autofree char *name = NULL;
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL && changes != NULL, FALSE);

  if (changes->name != NULL && !sp_db_check_name (_("The player's name"), changes->name, error))
    return FALSE;
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  player = sp_db_get_player (db, tournament, id, error);
  if (player == NULL)
    goto out;
  if (changes->name != NULL)
    {
      g_autoptr(SpPlayer) existing = NULL;
      SpDbValue by_name[2];

      name = g_strstrip (g_strdup (changes->name));
      by_name[0] = sp_db_int (tournament);
      by_name[1] = sp_db_text (name);
      if (!read_player (db, "SELECT " PLAYER_COLUMNS " FROM players"
                        " WHERE tournament_id = ? AND name = ?", by_name, &existing, error))
        goto out;
      if (existing != NULL && existing->id != id)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("A player named '%s' is already registered (id %" G_GINT64_FORMAT ")."),
                       name, existing->id);
          goto out;
        }
    }
  {
    const SpDbValue values[] = {
      sp_db_text (name != NULL ? name : player->name),
      sp_db_text (changes->club != NULL ? field_or_null (changes->club) : player->club),
      sp_db_text (changes->country != NULL ? field_or_null (changes->country) : player->country),
      sp_db_text (changes->team != NULL ? field_or_null (changes->team) : player->team),
      sp_db_text (changes->federation_id != NULL ? field_or_null (changes->federation_id)
                  : player->federation_id),
      sp_db_int (id),
    };
    const char *texts[] = { changes->club, changes->country, changes->team,
                            changes->federation_id };

    for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
      if (texts[i] != NULL && !g_utf8_validate (texts[i], -1, NULL))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("Player %" G_GINT64_FORMAT ": a field is not valid UTF-8."), id);
          goto out;
        }
    ok = sp_db_run (db, "UPDATE players SET name = ?, club = ?, country = ?, team = ?,"
                    " federation_id = ? WHERE id = ?", values, G_N_ELEMENTS (values),
                    "editing the player", error);
  }
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_withdraw_player (SpDb     *db,
                       gint64    tournament,
                       gint64    id,
                       GError  **error)
{
  g_autoptr(SpPlayer) player = NULL;
  gboolean started;
  gboolean ok = FALSE;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  player = sp_db_get_player (db, tournament, id, error);
  if (player == NULL)
    goto out;
  if (player->status == SP_PLAYER_WITHDRAWN)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" G_GINT64_FORMAT " (%s) has already withdrawn."), id,
                   player->name);
      goto out;
    }
  ok = sp_db_set_player_status (db, id, SP_PLAYER_WITHDRAWN, error);
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_substitute_player (SpDb      *db,
                         gint64     tournament,
                         gint64     id,
                         SpPlayer  *substitute,
                         gboolean   force,
                         GError   **error)
{
  g_autoptr(SpPlayer) replaced = NULL;
  g_autoptr(SpPlayer) earlier = NULL;
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL && substitute != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  replaced = sp_db_get_player (db, tournament, id, error);
  if (replaced == NULL || !find_substitute (db, tournament, id, &earlier, error))
    goto out;
  /* A player is replaced once; the substitute may in turn be replaced. */
  if (earlier != NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" G_GINT64_FORMAT " (%s) already has a substitute, %s (id %"
                     G_GINT64_FORMAT ")."), id, replaced->name, earlier->name, earlier->id);
      goto out;
    }
  if (replaced->status != SP_PLAYER_WITHDRAWN && !force)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" G_GINT64_FORMAT " (%s) has not withdrawn: a substitute withdraws "
                     "the player; confirm with --force (or withdraw the player first)."), id,
                   replaced->name);
      goto out;
    }
  substitute->tournament = tournament;
  substitute->status = SP_PLAYER_SUBSTITUTE;
  substitute->substitute_for = id;
  if (substitute->team == NULL && replaced->team != NULL)
    substitute->team = replaced->team;
  ok = sp_db_add_player (db, substitute, error)
       && sp_db_set_player_status (db, id, SP_PLAYER_WITHDRAWN, error)
       && sp_db_replace_player (db, tournament, id, substitute->id, error);
  if (substitute->team == replaced->team)
    substitute->team = NULL;
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_reinstate_player (SpDb     *db,
                        gint64    tournament,
                        gint64    id,
                        GError  **error)
{
  g_autoptr(SpPlayer) player = NULL;
  g_autoptr(SpPlayer) substitute = NULL;
  gboolean started;
  gboolean ok = FALSE;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  player = sp_db_get_player (db, tournament, id, error);
  if (player == NULL || !find_substitute (db, tournament, id, &substitute, error))
    goto out;
  if (player->status != SP_PLAYER_WITHDRAWN)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" G_GINT64_FORMAT " (%s) has not withdrawn: there is nothing to "
                     "reinstate."), id, player->name);
      goto out;
    }
  if (substitute != NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Player %" G_GINT64_FORMAT " (%s) was replaced by %s (id %" G_GINT64_FORMAT
                     "), who holds the seats: the withdrawal cannot be undone."), id,
                   player->name, substitute->name, substitute->id);
      goto out;
    }
  ok = sp_db_set_player_status (db, id, player->substitute_for > 0 ? SP_PLAYER_SUBSTITUTE
                                : SP_PLAYER_ACTIVE, error);
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_check_in_players (SpDb          *db,
                        gint64         tournament,
                        const gint64  *players,
                        guint          n_players,
                        gboolean       present,
                        GError       **error)
{
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (players != NULL || n_players == 0, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  if (n_players == 0)
    {
      const SpDbValue values[] = { sp_db_int (present), sp_db_int (tournament) };

      ok = sp_db_run (db, "UPDATE players SET present = ? WHERE tournament_id = ?"
                      " AND status != 'withdrawn' AND present != ?1", values,
                      G_N_ELEMENTS (values), "checking the players in", error);
      goto out;
    }
  for (guint i = 0; i < n_players; i++)
    {
      g_autoptr(SpPlayer) player = sp_db_get_player (db, tournament, players[i], error);
      const SpDbValue values[] = { sp_db_int (present), sp_db_int (players[i]) };

      if (player == NULL)
        goto out;
      if (present && player->status == SP_PLAYER_WITHDRAWN)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("Player %" G_GINT64_FORMAT " (%s) has withdrawn and cannot be checked "
                         "in (players reinstate %" G_GINT64_FORMAT " first)."), players[i],
                       player->name, players[i]);
          goto out;
        }
      if (player->present != present
          && !sp_db_run (db, "UPDATE players SET present = ? WHERE id = ?", values,
                         G_N_ELEMENTS (values), "checking the player in", error))
        goto out;
    }
  ok = TRUE;
out:
  return sp_db_end_write (db, started, ok, error);
}
