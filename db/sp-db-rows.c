/* sp-db-rows.c: the store's row functions: every SQL statement of the operations,
 * each reading or writing rows of one idea (a tournament, its players, sessions and seats,
 * the balanced plan, hands, penalties, the audit log) and checking only that a row exists.
 * They reach the database through the backend's queries and rows (sp-db-private.h) alone,
 * never its library, so that another backend runs them as they are.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

/* ---- tournaments ----------------------------------------------------------------------- */


#define TOURNAMENT_COLUMNS \
  "id, name, ruleset, profile, options, n_sessions, seating, ranking, base, per_tai, created," \
  " venue, starts_on, ends_on, hide_standings, two_key"

static SpTournament *
tournament_from_row (SpDbRow      *row)
{
  SpTournament *tournament = g_new0 (SpTournament, 1);
  SpRuleset ruleset = SP_RULESET_MCR;
  const char *ruleset_name = sp_db_row_text (row, 2);

  tournament->id = sp_db_row_int64 (row, 0);
  tournament->name = sp_db_row_dup_text (row, 1);
  /* The column is NOT NULL, but a damaged file may still hold a NULL there: read it as the
   * name of no ruleset, as an unknown name is read. */
  sp_ruleset_from_string (ruleset_name != NULL ? ruleset_name : "", &ruleset);
  tournament->ruleset = ruleset;
  tournament->profile = sp_db_row_dup_text (row, 3);
  tournament->options = sp_db_row_dup_text (row, 4);
  tournament->n_sessions = sp_db_row_int (row, 5);
  tournament->seating = sp_db_row_dup_text (row, 6);
  tournament->ranking = sp_db_row_dup_text (row, 7);
  tournament->base = sp_db_row_int (row, 8);
  tournament->per_tai = sp_db_row_int (row, 9);
  tournament->created = sp_db_row_dup_text (row, 10);
  tournament->venue = sp_db_row_dup_text (row, 11);
  if (tournament->venue == NULL)
    tournament->venue = g_strdup ("");
  tournament->starts_on = sp_db_row_dup_text (row, 12);
  tournament->ends_on = sp_db_row_dup_text (row, 13);
  tournament->hide_standings = sp_db_row_int (row, 14) != 0;
  tournament->two_key = sp_db_row_int (row, 15) != 0;
  return tournament;
}

gboolean
sp_db_find_tournament_id (SpDb        *db,
                          const char  *name,
                          gint64       except,
                          gint64      *id,
                          GError     **error)
{
  const SpDbValue values[] = { sp_db_text (name), sp_db_int (except) };
  gboolean found;

  *id = 0;
  return sp_db_read_int64 (db, sp_db_query (db, "SELECT id FROM tournaments"
                                            " WHERE name = ? AND id != ?", values,
                                            G_N_ELEMENTS (values), error),
                           id, &found, "looking for the tournament", error);
}

gboolean
sp_db_insert_tournament (SpDb          *db,
                         SpTournament  *tournament,
                         const char    *created,
                         GError       **error)
{
  const SpDbValue values[] = {
    sp_db_text (tournament->name),
    sp_db_text (sp_ruleset_to_string (tournament->ruleset)),
    sp_db_text (tournament->profile),
    sp_db_text (tournament->options != NULL ? tournament->options : ""),
    sp_db_int (tournament->n_sessions),
    sp_db_text (tournament->seating),
    sp_db_text (tournament->ranking),
    sp_db_int (tournament->base),
    sp_db_int (tournament->per_tai),
    sp_db_text (created),
    sp_db_text (tournament->venue != NULL ? tournament->venue : ""),
    sp_db_text (tournament->starts_on),
    sp_db_text (tournament->ends_on),
    sp_db_int (tournament->hide_standings ? 1 : 0),
  };

  if (!sp_db_run (db, "INSERT INTO tournaments (name, ruleset, profile, options, n_sessions,"
                  " seating, ranking, base, per_tai, created, venue, starts_on, ends_on,"
                  " hide_standings)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  values, G_N_ELEMENTS (values), "creating the tournament", error))
    return FALSE;
  tournament->id = sp_db_last_insert_id (db);
  return TRUE;
}

/* @tournament as read with its options read too, once: a stored text that does not read
 * refuses the tournament here, as every use of it would have to. */
static SpTournament *
take_options (SpTournament  *tournament,
              GError       **error)
{
  if (tournament == NULL || sp_db_read_tournament_options (tournament, error))
    return tournament;
  sp_tournament_free (tournament);
  return NULL;
}

GPtrArray *
sp_db_list_tournaments (SpDb    *db,
                        GError **error)
{
  GPtrArray *list = sp_db_list_rows (db, sp_db_prepare (db, "SELECT " TOURNAMENT_COLUMNS
                                                        " FROM tournaments ORDER BY id", error),
                                     (SpDbRowReader) tournament_from_row,
                                     (GDestroyNotify) sp_tournament_free, "listing tournaments",
                                     error);

  /* A tournament whose options do not read is listed all the same, its settings at their
   * defaults and without rules: the list names it, so that it can be chosen, and opening it
   * (finding it) says what is wrong. */
  for (guint i = 0; list != NULL && i < list->len; i++)
    sp_tournament_read_options (list->pdata[i], NULL);
  return list;
}

SpTournament *
sp_db_find_tournament (SpDb        *db,
                       const char  *id_or_name,
                       GError     **error)
{
  const SpDbValue name[] = { sp_db_text (id_or_name) };
  SpDbQuery *query;
  SpTournament *tournament;

  if (id_or_name == NULL)
    query = sp_db_prepare (db, "SELECT " TOURNAMENT_COLUMNS
                               " FROM tournaments ORDER BY id DESC LIMIT 1", error);
  else
    query = sp_db_query (db, "SELECT " TOURNAMENT_COLUMNS " FROM tournaments"
                             " WHERE name = ?1 OR CAST (id AS TEXT) = ?1"
                             " ORDER BY name = ?1 DESC LIMIT 1", name, G_N_ELEMENTS (name), error);
  if (!sp_db_read_row (db, query, (SpDbRowReader) tournament_from_row,
                       (gpointer *) &tournament, "looking for the tournament", error))
    return NULL;
  if (tournament == NULL)
    {
      if (id_or_name == NULL)
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                     _("no tournament yet in %s (create one with: tournament create)"), sp_db_get_path (db));
      else
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                     _("no tournament '%s' in %s"), id_or_name, sp_db_get_path (db));
    }
  return take_options (tournament, error);
}

SpTournament *
sp_db_get_tournament (SpDb     *db,
                      gint64    id,
                      GError  **error)
{
  const SpDbValue values[] = { sp_db_int (id) };
  SpTournament *tournament;

  if (!sp_db_read_row (db, sp_db_query (db, "SELECT " TOURNAMENT_COLUMNS " FROM tournaments"
                                        " WHERE id = ?", values, G_N_ELEMENTS (values), error),
                       (SpDbRowReader) tournament_from_row, (gpointer *) &tournament,
                       "looking for the tournament", error))
    return NULL;
  if (tournament == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 _("There is no tournament %" PRId64 "."), id);
  return take_options (tournament, error);
}

gboolean
sp_db_update_tournament_name (SpDb        *db,
                              gint64       id,
                              const char  *name,
                              GError     **error)
{
  const SpDbValue values[] = { sp_db_text (name), sp_db_int (id) };

  return sp_db_run (db, "UPDATE tournaments SET name = ? WHERE id = ?", values,
                    G_N_ELEMENTS (values), "renaming the tournament", error);
}

gboolean
sp_db_update_tournament_event (SpDb                *db,
                               const SpTournament  *tournament,
                               GError             **error)
{
  const SpDbValue values[] = {
    sp_db_text (tournament->name),
    sp_db_text (tournament->venue != NULL ? tournament->venue : ""),
    sp_db_text (tournament->starts_on),
    sp_db_text (tournament->ends_on),
    sp_db_int (tournament->hide_standings ? 1 : 0),
    sp_db_int (tournament->id),
  };

  return sp_db_run (db, "UPDATE tournaments SET name = ?, venue = ?, starts_on = ?, ends_on = ?,"
                    " hide_standings = ? WHERE id = ?", values, G_N_ELEMENTS (values),
                    "changing the tournament", error);
}

gboolean
sp_db_update_tournament_rules (SpDb                *db,
                               const SpTournament  *tournament,
                               GError             **error)
{
  const SpDbValue values[] = {
    sp_db_text (sp_ruleset_to_string (tournament->ruleset)),
    sp_db_text (tournament->profile),
    sp_db_text (tournament->options != NULL ? tournament->options : ""),
    sp_db_int (tournament->n_sessions),
    sp_db_text (tournament->seating),
    sp_db_text (tournament->ranking),
    sp_db_int (tournament->base),
    sp_db_int (tournament->per_tai),
    sp_db_int (tournament->id),
  };

  return sp_db_run (db, "UPDATE tournaments SET ruleset = ?, profile = ?, options = ?,"
                    " n_sessions = ?, seating = ?, ranking = ?, base = ?, per_tai = ?"
                    " WHERE id = ?", values, G_N_ELEMENTS (values),
                    "changing the tournament's rules", error);
}

gboolean
sp_db_copy_player_rows (SpDb     *db,
                        gint64    from,
                        gint64    to,
                        GError  **error)
{
  const SpDbValue values[] = { sp_db_int (to), sp_db_int (from) };

  /* Registered anew: nobody withdrawn, replaced or checked in yet. */
  return sp_db_run (db, "INSERT INTO players (tournament_id, name, club, country, team,"
                    " federation_id)"
                    " SELECT ?, name, club, country, team, federation_id FROM players"
                    " WHERE tournament_id = ? ORDER BY id", values, G_N_ELEMENTS (values),
                    "copying the players", error);
}

gboolean
sp_db_delete_tournament_rows (SpDb     *db,
                              gint64    id,
                              GError  **error)
{
  /* Children first, so that no row is left pointing at a deleted one whatever the order in
   * which the foreign keys' cascades would run. */
  static const char * const deletions[] = {
    "DELETE FROM penalties WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
    "DELETE FROM hands WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
    "DELETE FROM seats WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
    "DELETE FROM sessions WHERE tournament_id = ?",
    "DELETE FROM plan_seats WHERE tournament_id = ?",
    "DELETE FROM plan_players WHERE tournament_id = ?",
    "UPDATE players SET substitute_for = NULL WHERE tournament_id = ?",
    "DELETE FROM players WHERE tournament_id = ?",
    "DELETE FROM pin_log WHERE tournament_id = ?",
    "DELETE FROM tournaments WHERE id = ?",
  };
  const SpDbValue values[] = { sp_db_int (id) };

  for (guint i = 0; i < G_N_ELEMENTS (deletions); i++)
    if (!sp_db_run (db, deletions[i], values, G_N_ELEMENTS (values), "deleting the tournament",
                    error))
      return FALSE;
  return TRUE;
}

static void
summary_from_row (SpDbRow      *row,
                  gpointer      user_data)
{
  SpTournamentSummary *summary = user_data;

  summary->n_players = sp_db_row_int (row, 0);
  summary->n_active = sp_db_row_int (row, 1);
  summary->n_present = sp_db_row_int (row, 2);
  summary->n_drawn = sp_db_row_int (row, 3);
  summary->n_closed = sp_db_row_int (row, 4);
  summary->n_hands = sp_db_row_int (row, 5);
  summary->n_penalties = sp_db_row_int (row, 6);
}

gboolean
sp_db_summarize_tournament (SpDb                 *db,
                            gint64                tournament,
                            SpTournamentSummary  *summary,
                            GError              **error)
{
  const SpDbValue values[] = { sp_db_int (tournament) };

  memset (summary, 0, sizeof *summary);
  return sp_db_each_row (db, sp_db_query (db,
    "SELECT (SELECT count (*) FROM players WHERE tournament_id = ?1),"
    " (SELECT count (*) FROM players WHERE tournament_id = ?1 AND status != 'withdrawn'),"
    " (SELECT count (*) FROM players WHERE tournament_id = ?1 AND present = 1),"
    " (SELECT count (*) FROM sessions s WHERE s.tournament_id = ?1"
    "  AND EXISTS (SELECT 1 FROM seats WHERE session_id = s.id)),"
    " (SELECT count (*) FROM sessions WHERE tournament_id = ?1 AND status = 'closed'),"
    " (SELECT count (*) FROM hands WHERE session_id IN"
    "  (SELECT id FROM sessions WHERE tournament_id = ?1)),"
    " (SELECT count (*) FROM penalties WHERE session_id IN"
    "  (SELECT id FROM sessions WHERE tournament_id = ?1))",
    values, G_N_ELEMENTS (values), error), summary_from_row, summary,
    "summarizing the tournament", error);
}

gboolean
sp_db_set_plan_seed (SpDb     *db,
                     gint64    tournament,
                     guint64   seed,
                     GError  **error)
{
  const SpDbValue values[] = { sp_db_int ((gint64) seed), sp_db_int (tournament) };

  return sp_db_run_write (db, "UPDATE tournaments SET plan_seed = ? WHERE id = ?", values,
                          G_N_ELEMENTS (values), "storing the plan's seed", error);
}

gboolean
sp_db_read_plan_seed (SpDb      *db,
                      gint64     tournament,
                      guint64   *seed,
                      gboolean  *found,
                      GError   **error)
{
  const SpDbValue id[] = { sp_db_int (tournament) };
  gint64 value = 0;

  if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT plan_seed FROM tournaments WHERE id = ?", id,
                                          G_N_ELEMENTS (id), error),
                         &value, found, "reading the plan's seed", error))
    return FALSE;
  *seed = (guint64) value;
  return TRUE;
}

gboolean
sp_db_get_plan_seed (SpDb    *db,
                     gint64   tournament,
                     guint64 *seed)
{
  gboolean found = FALSE;

  return sp_db_read_plan_seed (db, tournament, seed, &found, NULL) && found;
}

/* ---- players --------------------------------------------------------------------------- */

#define PLAYER_COLUMNS \
  "id, tournament_id, name, club, country, team, federation_id, status, substitute_for, present"

static SpPlayer *
player_from_row (SpDbRow      *row)
{
  SpPlayer *player = g_new0 (SpPlayer, 1);
  SpPlayerStatus status = SP_PLAYER_ACTIVE;

  player->id = sp_db_row_int64 (row, 0);
  player->tournament = sp_db_row_int64 (row, 1);
  player->name = sp_db_row_dup_text (row, 2);
  player->club = sp_db_row_dup_text (row, 3);
  player->country = sp_db_row_dup_text (row, 4);
  player->team = sp_db_row_dup_text (row, 5);
  player->federation_id = sp_db_row_dup_text (row, 6);
  sp_player_status_from_string (sp_db_row_text (row, 7), &status);
  player->status = status;
  player->substitute_for = sp_db_row_int64 (row, 8);
  player->present = sp_db_row_int (row, 9) != 0;
  return player;
}

gboolean
sp_db_insert_player (SpDb      *db,
                     SpPlayer  *player,
                     GError   **error)
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

  if (!sp_db_run (db, "INSERT INTO players (tournament_id, name, club, country, team,"
                  " federation_id, status, substitute_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  values, G_N_ELEMENTS (values), "adding the player", error))
    return FALSE;
  player->id = sp_db_last_insert_id (db);
  return TRUE;
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
                 _("no player %" PRId64 " in this tournament"), id);
  return player;
}

gboolean
sp_db_lookup_player (SpDb        *db,
                     gint64       tournament,
                     const char  *name,
                     SpPlayer   **player,
                     GError     **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_text (name) };

  return read_player (db, "SELECT " PLAYER_COLUMNS " FROM players"
                      " WHERE tournament_id = ? AND name = ?", values, player, error);
}

SpPlayer *
sp_db_find_player_by_name (SpDb        *db,
                           gint64       tournament,
                           const char  *name,
                           GError     **error)
{
  SpPlayer *player;

  if (!sp_db_lookup_player (db, tournament, name, &player, error))
    return NULL;
  if (player == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 _("no player named '%s' in this tournament"), name);
  return player;
}

gboolean
sp_db_find_substitute (SpDb       *db,
                       gint64      tournament,
                       gint64      player,
                       SpPlayer  **substitute,
                       GError    **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (player) };

  return read_player (db, "SELECT " PLAYER_COLUMNS " FROM players"
                      " WHERE tournament_id = ? AND substitute_for = ?", values, substitute, error);
}

gboolean
sp_db_update_player (SpDb            *db,
                     const SpPlayer  *player,
                     GError         **error)
{
  const SpDbValue values[] = {
    sp_db_text (player->name), sp_db_text (player->club), sp_db_text (player->country),
    sp_db_text (player->team), sp_db_text (player->federation_id), sp_db_int (player->id),
  };

  return sp_db_run (db, "UPDATE players SET name = ?, club = ?, country = ?, team = ?,"
                    " federation_id = ? WHERE id = ?", values, G_N_ELEMENTS (values),
                    "editing the player", error);
}

gboolean
sp_db_set_player_present (SpDb      *db,
                          gint64     tournament,
                          gint64     player,
                          gboolean   present,
                          GError   **error)
{
  const SpDbValue values[] = { sp_db_int (present), sp_db_int (tournament), sp_db_int (player) };

  if (player == 0)
    return sp_db_run (db, "UPDATE players SET present = ?1 WHERE tournament_id = ?2"
                      " AND status != 'withdrawn' AND present != ?1 AND ?3 = 0", values,
                      G_N_ELEMENTS (values), "checking the players in", error);
  return sp_db_run (db, "UPDATE players SET present = ?1 WHERE tournament_id = ?2 AND id = ?3"
                    " AND present != ?1", values, G_N_ELEMENTS (values),
                    "checking the player in", error);
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

/* ---- sessions and seats ---------------------------------------------------------------- */

/* The row id of @session, created when @create, else 0 when it has none; -1 on error. */
static gint64
session_id (SpDb     *db,
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
  return sp_db_last_insert_id (db);
}

static void
session_info_from_row (SpDbRow      *row,
                       gpointer      user_data)
{
  SpSessionInfo *info = user_data;

  info->exists = TRUE;
  info->closed = g_strcmp0 (sp_db_row_text (row, 0), "closed") == 0;
  info->time_up = sp_db_row_int (row, 1) != 0;
  info->has_seed = !sp_db_row_is_null (row, 2);
  info->seed = (guint64) sp_db_row_int64 (row, 2);
  info->n_tables = sp_db_row_int (row, 3);
  info->has_hands = sp_db_row_int (row, 4) != 0;
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
    " EXISTS (SELECT 1 FROM hands WHERE session_id = s.id)"
    " FROM sessions s WHERE s.tournament_id = ? AND s.number = ?",
    values, G_N_ELEMENTS (values), error), session_info_from_row, info, "reading the session",
    error);
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
  id = session_id (db, tournament, session, TRUE, error);
  if (id >= 0)
    {
      const SpDbValue values[] = { sp_db_text (closed ? "closed" : "open"), sp_db_int (time_up),
                                   sp_db_int (id) };

      ok = sp_db_run (db, "UPDATE sessions SET status = ?, time_up = ? WHERE id = ?", values,
                      G_N_ELEMENTS (values), "closing the session", error);
    }
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_replace_seats (SpDb          *db,
                     gint64         tournament,
                     guint          session,
                     guint64        seed,
                     const gint64  *players,
                     guint          n_players,
                     GError       **error)
{
  gint64 id = session_id (db, tournament, session, TRUE, error);

  if (id < 0)
    return FALSE;
  {
    const SpDbValue row[] = { sp_db_int (id) };
    const SpDbValue seeded[] = { sp_db_int ((gint64) seed), sp_db_int (id) };

    if (!sp_db_run (db, "DELETE FROM seats WHERE session_id = ?", row, G_N_ELEMENTS (row),
                    "clearing the seats", error)
        || !sp_db_run (db, "UPDATE sessions SET seed = ? WHERE id = ?", seeded,
                       G_N_ELEMENTS (seeded), "recording the seed", error))
      return FALSE;
  }
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
sp_db_set_final_top (SpDb     *db,
                     gint64    tournament,
                     guint     session,
                     guint     top,
                     GError  **error)
{
  const SpDbValue values[] = { top > 0 ? sp_db_int (top) : sp_db_null (), sp_db_int (tournament),
                               sp_db_int (session) };

  return sp_db_run (db, "UPDATE sessions SET final_top = ? WHERE tournament_id = ? AND number = ?",
                    values, G_N_ELEMENTS (values), "marking the final", error);
}

GArray *
sp_db_list_closed_sessions (SpDb     *db,
                            gint64    tournament,
                            GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament) };

  return sp_db_list_int64 (db, sp_db_query (db, "SELECT number FROM sessions"
                                            " WHERE tournament_id = ? AND status = 'closed'",
                                            values, G_N_ELEMENTS (values), error),
                           "reading the closed sessions", error);
}

gboolean
sp_db_find_final_session (SpDb     *db,
                          gint64    tournament,
                          guint     last_session,
                          guint    *final_session,
                          GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (last_session) };
  gboolean found;
  gint64 number = 0;

  if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT max (number) FROM sessions"
                                          " WHERE tournament_id = ?1 AND final_top IS NOT NULL"
                                          " AND (?2 = 0 OR number <= ?2)",
                                          values, G_N_ELEMENTS (values), error),
                         &number, &found, "looking for a final", error))
    return FALSE;
  *final_session = found ? (guint) number : 0;
  return TRUE;
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
take_seat (SpDbRow      *row,
           gpointer      user_data)
{
  TableSeats *seats = user_data;

  seats->players[sp_db_row_int (row, 0) & 3] = sp_db_row_int64 (row, 1);
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
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND, _("session %u has no table %u"),
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

/* ---- hands ----------------------------------------------------------------------------- */

#define HAND_COLUMNS \
  "h.id, s.number, h.table_number, h.number, h.winner, h.discarder, h.draw, h.notation," \
  " h.situation, h.items, h.total, h.s0, h.s1, h.s2, h.s3, h.entered_by, h.entered_at," \
  " h.version, h.changed_by, h.changed_at, h.riichi, h.tenpai, h.chombo, h.sticks," \
  " h.han, h.fu, h.yakuman, h.also_won, h.entry_key, h.confirmed_by, h.confirmed_at"

/* The further winners of a double or triple ron (hands.also_won, 0011-riichi-winners.sql) as
 * the column keeps them: a JSON array in turn order, NULL for none. */
static char *
also_won_to_json (const SpHandRecord *hand)
{
  g_autoptr(JsonBuilder) builder = NULL;

  if (hand->n_also == 0)
    return NULL;
  builder = json_builder_new ();
  json_builder_begin_array (builder);
  for (guint i = 0; i < hand->n_also; i++)
    {
      const SpHandWin *win = &hand->also[i];
      g_autofree char *items = sp_db_items_to_json (win->items);
      const struct { const char *key; const char *text; } texts[] = {
        { "notation", win->notation }, { "situation", win->situation }, { "items", items },
      };

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "winner");
      json_builder_add_int_value (builder, win->winner);
      for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
        if (texts[t].text != NULL)
          {
            json_builder_set_member_name (builder, texts[t].key);
            json_builder_add_string_value (builder, texts[t].text);
          }
      json_builder_set_member_name (builder, "total");
      json_builder_add_int_value (builder, win->total);
      if (win->has_value && win->value.yakuman > 0)
        {
          json_builder_set_member_name (builder, "yakuman");
          json_builder_add_int_value (builder, win->value.yakuman);
        }
      else if (win->has_value)
        {
          json_builder_set_member_name (builder, "han");
          json_builder_add_int_value (builder, win->value.han);
          json_builder_set_member_name (builder, "fu");
          json_builder_add_int_value (builder, win->value.fu);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  return sp_db_json_builder_to_text (builder);
}

static char *
dup_member_text (JsonObject *object,
                 const char *key)
{
  return g_strdup (sp_db_json_member_text (object, key));
}

/* Reads hands.also_won into @hand; a column that cannot be read leaves no further winner (the
 * schema checks it is JSON). */
static void
also_won_from_json (SpHandRecord *hand,
                    const char   *text)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *array;

  hand->n_also = 0;
  /* Most hands have no further winner: no parser is made for them. */
  if (text == NULL)
    return;
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, text, -1, NULL)
      || !JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)))
    return;
  array = json_node_get_array (json_parser_get_root (parser));
  for (guint i = 0; i < json_array_get_length (array) && hand->n_also < SP_HAND_MAX_ALSO; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      JsonObject *object;
      SpHandWin *win;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      object = json_node_get_object (node);
      win = &hand->also[hand->n_also++];
      win->winner = (gint) json_object_get_int_member_with_default (object, "winner", 0) & 3;
      win->notation = dup_member_text (object, "notation");
      win->situation = dup_member_text (object, "situation");
      win->items = sp_db_items_from_json (sp_db_json_member_text (object, "items"));
      win->total = (gint32) json_object_get_int_member_with_default (object, "total", 0);
      win->value = (SpHandValue) {
        (gint32) json_object_get_int_member_with_default (object, "han", 0),
        (gint32) json_object_get_int_member_with_default (object, "fu", 0),
        (gint32) json_object_get_int_member_with_default (object, "yakuman", 0),
      };
      win->has_value = json_object_has_member (object, "han")
                       || json_object_has_member (object, "yakuman");
    }
}

static SpHandRecord *
hand_from_row (SpDbRow      *row)
{
  SpHandRecord *hand = g_new0 (SpHandRecord, 1);

  hand->id = sp_db_row_int64 (row, 0);
  hand->session = sp_db_row_int (row, 1);
  hand->table = sp_db_row_int (row, 2);
  hand->number = sp_db_row_int (row, 3);
  hand->winner = sp_db_row_is_null (row, 4)
                 ? SP_CHAIR_NONE : sp_db_row_int (row, 4);
  hand->discarder = sp_db_row_is_null (row, 5)
                    ? SP_CHAIR_NONE : sp_db_row_int (row, 5);
  hand->draw = sp_db_row_int (row, 6) != 0;
  hand->notation = sp_db_row_dup_text (row, 7);
  hand->situation = sp_db_row_dup_text (row, 8);
  hand->items = sp_db_items_from_json (sp_db_row_text (row, 9));
  hand->total = sp_db_row_int (row, 10);
  for (guint i = 0; i < 4; i++)
    hand->settlement[i] = sp_db_row_int64 (row, 11 + i);
  hand->entered_by = sp_db_row_dup_text (row, 15);
  hand->entered_at = sp_db_row_dup_text (row, 16);
  hand->version = sp_db_row_int (row, 17);
  hand->changed_by = sp_db_row_dup_text (row, 18);
  hand->changed_at = sp_db_row_dup_text (row, 19);
  hand->riichi = (guint8) (sp_db_row_int (row, 20) & 0xf);
  hand->tenpai = (guint8) (sp_db_row_int (row, 21) & 0xf);
  hand->chombo = sp_db_row_is_null (row, 22) ? 0 : (guint8) (1u << (sp_db_row_int (row, 22) & 3));
  hand->sticks = sp_db_row_int (row, 23);
  hand->has_value = !sp_db_row_is_null (row, 24) || !sp_db_row_is_null (row, 26);
  hand->value = (SpHandValue) { sp_db_row_int (row, 24), sp_db_row_int (row, 25),
                                sp_db_row_int (row, 26) };
  also_won_from_json (hand, sp_db_row_text (row, 27));
  hand->entry_key = sp_db_row_dup_text (row, 28);
  hand->confirmed_by = sp_db_row_dup_text (row, 29);
  hand->confirmed_at = sp_db_row_dup_text (row, 30);
  return hand;
}

/* A chair, or NULL for none. */
static SpDbValue
chair_value (gint chair)
{
  return chair == SP_CHAIR_NONE ? sp_db_null () : sp_db_int (chair);
}

/* The values a hand's row is written from, in the order the INSERT and the UPDATE below name
 * their columns: number, winner, discarder, draw, notation, situation, items, total, s0..s3. */
#define N_HAND_VALUES 20

/* @items and @also_won hold the texts of values[6] and values[19] (freed by the caller). */
static void
hand_values (const SpHandRecord *hand,
             SpDbValue           values[N_HAND_VALUES],
             char              **items,
             char              **also_won)
{
  *items = sp_db_items_to_json (hand->items);
  values[0] = sp_db_int (hand->number);
  values[1] = chair_value (hand->winner);
  values[2] = chair_value (hand->discarder);
  values[3] = sp_db_int (hand->draw);
  values[4] = sp_db_text (hand->notation);
  values[5] = sp_db_text (hand->situation);
  values[6] = sp_db_text (*items);
  values[7] = sp_db_int (hand->total);
  for (guint i = 0; i < 4; i++)
    values[8 + i] = sp_db_int (hand->settlement[i]);
  values[12] = sp_db_int (hand->riichi);
  values[13] = sp_db_int (hand->tenpai);
  values[14] = hand->chombo != 0 ? sp_db_int (__builtin_ctz (hand->chombo)) : sp_db_null ();
  values[15] = sp_db_int (hand->sticks);
  values[16] = hand->has_value && hand->value.yakuman == 0 ? sp_db_int (hand->value.han)
                                                           : sp_db_null ();
  values[17] = hand->has_value && hand->value.yakuman == 0 ? sp_db_int (hand->value.fu)
                                                           : sp_db_null ();
  values[18] = hand->has_value && hand->value.yakuman > 0 ? sp_db_int (hand->value.yakuman)
                                                          : sp_db_null ();
  *also_won = also_won_to_json (hand);
  values[19] = sp_db_text (*also_won);
}

/* Now, UTC, as the store writes times (ISO 8601). */
static char *
now_text (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

  return g_date_time_format_iso8601 (now);
}

gboolean
sp_db_insert_hand (SpDb          *db,
                   gint64         tournament,
                   SpHandRecord  *hand,
                   GError       **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *entered_at = g_date_time_format_iso8601 (now);
  SpDbValue values[N_HAND_VALUES + 6];
  g_autofree char *items = NULL;
  g_autofree char *also_won = NULL;

  hand_values (hand, values, &items, &also_won);
  values[N_HAND_VALUES + 5] = sp_db_text (hand->entry_key);
  values[N_HAND_VALUES] = sp_db_int (tournament);
  values[N_HAND_VALUES + 1] = sp_db_int (hand->session);
  values[N_HAND_VALUES + 2] = sp_db_int (hand->table);
  values[N_HAND_VALUES + 3] = sp_db_text (hand->entered_by != NULL ? hand->entered_by
                                                                   : sp_db_get_referee (db));
  values[N_HAND_VALUES + 4] = sp_db_text (entered_at);
  if (!sp_db_run (db, "INSERT INTO hands (number, winner, discarder, draw, notation, situation,"
                  " items, total, s0, s1, s2, s3, riichi, tenpai, chombo, sticks, han, fu, yakuman,"
                  " also_won, session_id, table_number, entered_by, entered_at, entry_key)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                  " (SELECT id FROM sessions WHERE tournament_id = ? AND number = ?), ?,"
                  " ?, ?, ?)",
                  values, G_N_ELEMENTS (values), "recording the hand", error))
    return FALSE;
  hand->id = sp_db_last_insert_id (db);
  if (hand->entered_at == NULL)
    hand->entered_at = g_strdup (entered_at);
  return TRUE;
}

/* After an UPDATE of the hand @id limited to the tournament's sessions: FALSE
 * (SP_DB_ERROR_NOT_FOUND) when it changed no row, the hand being another tournament's or none. */
static gboolean
changed_one_hand (SpDb    *db,
                  gint64   id,
                  GError **error)
{
  if (sp_db_changes (db) == 1)
    return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
               _("no hand %" PRId64 " in this tournament"), id);
  return FALSE;
}

gboolean
sp_db_update_hand_row (SpDb                *db,
                       gint64               tournament,
                       const SpHandRecord  *hand,
                       GError             **error)
{
  g_autofree char *changed_at = now_text ();
  SpDbValue values[N_HAND_VALUES + 4];
  g_autofree char *items = NULL;
  g_autofree char *also_won = NULL;

  hand_values (hand, values, &items, &also_won);
  values[N_HAND_VALUES] = sp_db_text (sp_db_get_referee (db));
  values[N_HAND_VALUES + 1] = sp_db_text (changed_at);
  values[N_HAND_VALUES + 2] = sp_db_int (hand->id);
  values[N_HAND_VALUES + 3] = sp_db_int (tournament);
  /* Every change of the row is a new version of the hand, whoever made it and why (a
   * correction, or a rescoring after an earlier hand changed); a confirmation (two-key
   * entry) was of the version before, and the hand awaits one again. */
  if (!sp_db_run (db, "UPDATE hands SET number = ?, winner = ?, discarder = ?, draw = ?,"
                  " notation = ?, situation = ?, items = ?, total = ?, s0 = ?, s1 = ?, s2 = ?,"
                  " s3 = ?, riichi = ?, tenpai = ?, chombo = ?, sticks = ?, han = ?, fu = ?, yakuman = ?,"
                  " also_won = ?, version = version + 1, confirmed_version = NULL,"
                  " confirmed_by = NULL, confirmed_at = NULL,"
                  " changed_by = ?, changed_at = ? WHERE id = ?"
                  " AND session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
                  values, G_N_ELEMENTS (values), "correcting the hand", error))
    return FALSE;
  return changed_one_hand (db, hand->id, error);
}

gboolean
sp_db_delete_hand_row (SpDb                *db,
                       gint64               tournament,
                       const SpHandRecord  *hand,
                       GError             **error)
{
  g_autofree char *changed_at = now_text ();
  const SpDbValue row[] = { sp_db_int (hand->id) };
  const SpDbValue later[] = { sp_db_int (hand->table), sp_db_int (hand->number),
                              sp_db_int (tournament), sp_db_int (hand->session) };
  const SpDbValue renumbered[] = { sp_db_int (hand->table), sp_db_int (hand->number),
                                   sp_db_int (tournament), sp_db_int (hand->session),
                                   sp_db_text (changed_at),
                                   sp_db_text (sp_db_get_referee (db)) };

  /* A renumbered hand is a new version of it: a correction typed against its old number is
   * stale.  What was confirmed of it (two-key entry) has not changed: the confirmation
   * follows the version. */
  return sp_db_run (db, "DELETE FROM hands WHERE id = ?", row, G_N_ELEMENTS (row),
                    "deleting the hand", error)
         && sp_db_run (db, "UPDATE hands SET number = number - 1, version = version + 1,"
                       " confirmed_version = confirmed_version + 1,"
                       " changed_by = ?6, changed_at = ?5"
                       " WHERE table_number = ?1 AND number > ?2 AND session_id ="
                       " (SELECT id FROM sessions WHERE tournament_id = ?3 AND number = ?4)",
                       renumbered, G_N_ELEMENTS (renumbered), "renumbering the hands", error)
         && sp_db_run (db, "UPDATE penalties SET hand_number = hand_number - 1"
                       " WHERE table_number = ?1 AND hand_number > ?2 AND session_id ="
                       " (SELECT id FROM sessions WHERE tournament_id = ?3 AND number = ?4)",
                       later, G_N_ELEMENTS (later), "renumbering the false wins", error);
}

gboolean
sp_db_confirm_hand_row (SpDb                *db,
                        gint64               tournament,
                        const SpHandRecord  *hand,
                        const char          *by,
                        GError             **error)
{
  g_autofree char *at = now_text ();
  const SpDbValue values[] = { sp_db_int (hand->version), sp_db_text (by), sp_db_text (at),
                               sp_db_int (hand->id), sp_db_int (tournament) };

  /* The version is the one read: the database refuses it when the hand has left it. */
  if (!sp_db_run (db, "UPDATE hands SET confirmed_version = ?, confirmed_by = ?,"
                  " confirmed_at = ? WHERE id = ?"
                  " AND session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
                  values, G_N_ELEMENTS (values), "confirming the hand", error))
    return FALSE;
  return changed_one_hand (db, hand->id, error);
}

gboolean
sp_db_update_two_key (SpDb      *db,
                      gint64     tournament,
                      gboolean   on,
                      GError   **error)
{
  const SpDbValue values[] = { sp_db_int (on ? 1 : 0), sp_db_int (tournament) };

  if (!sp_db_run (db, "UPDATE tournaments SET two_key = ? WHERE id = ?", values,
                  G_N_ELEMENTS (values), "setting two-key entry", error))
    return FALSE;
  if (sp_db_changes (db) != 1)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("no tournament %" PRId64), tournament);
      return FALSE;
    }
  return TRUE;
}

void
sp_hand_change_free (SpHandChange *change)
{
  if (change == NULL)
    return;
  g_free (change->who);
  g_free (change->at);
  g_free (change);
}

static SpHandChange *
hand_change_from_row (SpDbRow      *row)
{
  SpHandChange *change = g_new0 (SpHandChange, 1);

  change->number = sp_db_row_int (row, 0);
  change->who = sp_db_row_dup_text (row, 1);
  change->at = sp_db_row_dup_text (row, 2);
  return change;
}

gboolean
sp_db_find_hand_deletion (SpDb           *db,
                          gint64          tournament,
                          guint           session,
                          guint           table,
                          SpHandChange  **change,
                          GError        **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session),
                               sp_db_int (table) };

  /* The audit log keeps a deleted hand's row as it was: its session's id, table and number. */
  return sp_db_read_row (db, sp_db_query (db, sp_db_statement (db, SP_DB_STATEMENT_HAND_DELETION),
                                          values, G_N_ELEMENTS (values), error),
                         (SpDbRowReader) hand_change_from_row, (gpointer *) change,
                         "reading the log of deleted hands", error);
}

gboolean
sp_db_find_hand_by_key (SpDb           *db,
                        gint64          tournament,
                        const char     *key,
                        SpHandRecord  **hand,
                        GError        **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_text (key) };

  return sp_db_read_row (db, sp_db_query (db, "SELECT " HAND_COLUMNS " FROM hands h"
                                          " JOIN sessions s ON s.id = h.session_id"
                                          " WHERE s.tournament_id = ?1 AND h.entry_key = ?2",
                                          values, G_N_ELEMENTS (values), error),
                         (SpDbRowReader) hand_from_row, (gpointer *) hand,
                         "finding the hand by its entry key", error);
}

SpHandRecord *
sp_db_get_hand (SpDb    *db,
                gint64   tournament,
                gint64   id,
                GError **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (id) };
  SpHandRecord *hand;

  if (!sp_db_read_row (db, sp_db_query (db, "SELECT " HAND_COLUMNS " FROM hands h"
                                        " JOIN sessions s ON s.id = h.session_id"
                                        " WHERE s.tournament_id = ? AND h.id = ?",
                                        values, G_N_ELEMENTS (values), error),
                       (SpDbRowReader) hand_from_row, (gpointer *) &hand, "reading the hand",
                       error))
    return NULL;
  if (hand == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 _("no hand %" PRId64 " in this tournament"), id);
  return hand;
}

GPtrArray *
sp_db_list_hands (SpDb    *db,
                  gint64   tournament,
                  guint    session,
                  guint    table,
                  GError **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session), sp_db_int (table) };
  const char *sql;

  /* One query per filter, so that each can use the index of (session, table, number). */
  if (session > 0 && table > 0)
    sql = "SELECT " HAND_COLUMNS " FROM sessions s"
          " JOIN hands h ON h.session_id = s.id AND h.table_number = ?3"
          " WHERE s.tournament_id = ?1 AND s.number = ?2"
          " ORDER BY h.number";
  else if (session > 0)
    sql = "SELECT " HAND_COLUMNS " FROM sessions s"
          " JOIN hands h ON h.session_id = s.id"
          " WHERE s.tournament_id = ?1 AND s.number = ?2 AND ?3 = 0"
          " ORDER BY h.table_number, h.number";
  else
    sql = "SELECT " HAND_COLUMNS " FROM sessions s"
          " JOIN hands h ON h.session_id = s.id"
          " WHERE s.tournament_id = ?1 AND ?2 = 0"
          " AND (?3 = 0 OR h.table_number = ?3)"
          " ORDER BY s.number, h.table_number, h.number";
  return sp_db_list_rows (db, sp_db_query (db, sql, values, G_N_ELEMENTS (values), error),
                          (SpDbRowReader) hand_from_row, (GDestroyNotify) sp_hand_record_free,
                          "listing hands", error);
}

/* ---- penalties ------------------------------------------------------------------------- */

#define PENALTY_COLUMNS \
  "p.id, s.number, p.player_id, p.hand_id, p.points, p.reason, p.table_number, p.hand_number"

static SpPenalty *
penalty_from_row (SpDbRow      *row)
{
  SpPenalty *penalty = g_new0 (SpPenalty, 1);

  penalty->id = sp_db_row_int64 (row, 0);
  penalty->session = sp_db_row_int (row, 1);
  penalty->player = sp_db_row_int64 (row, 2);
  penalty->hand = sp_db_row_int64 (row, 3);
  penalty->points = sp_db_row_int64 (row, 4);
  penalty->reason = sp_db_row_dup_text (row, 5);
  penalty->table = sp_db_row_int (row, 6);
  penalty->number = sp_db_row_int (row, 7);
  return penalty;
}

gboolean
sp_db_insert_penalty (SpDb       *db,
                      gint64      tournament,
                      SpPenalty  *penalty,
                      GError    **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (penalty->session),
                               sp_db_int (penalty->player), sp_db_id (penalty->hand),
                               sp_db_int (penalty->points), sp_db_text (penalty->reason),
                               sp_db_id (penalty->table), sp_db_id (penalty->number) };

  if (!sp_db_run (db, "INSERT INTO penalties (session_id, player_id, hand_id, points, reason,"
                  " table_number, hand_number) VALUES"
                  " ((SELECT id FROM sessions WHERE tournament_id = ? AND number = ?),"
                  " ?, ?, ?, ?, ?, ?)", values, G_N_ELEMENTS (values), "adding the penalty", error))
    return FALSE;
  penalty->id = sp_db_last_insert_id (db);
  return TRUE;
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
    "SELECT " PENALTY_COLUMNS " FROM penalties p JOIN sessions s ON s.id = p.session_id"
    " WHERE s.tournament_id = ?1 AND (?2 = 0 OR s.number = ?2) AND (?3 = 0 OR p.player_id = ?3)"
    " ORDER BY p.id",
    values, G_N_ELEMENTS (values), error), (SpDbRowReader) penalty_from_row,
    (GDestroyNotify) sp_penalty_free, "listing penalties", error);
}

GPtrArray *
sp_db_list_penalties (SpDb    *db,
                      gint64   tournament,
                      guint    session,
                      GError **error)
{
  return sp_db_find_penalties (db, tournament, session, 0, error);
}

SpPenalty *
sp_db_get_penalty (SpDb     *db,
                   gint64    tournament,
                   gint64    id,
                   GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (id) };
  SpPenalty *penalty;

  if (!sp_db_read_row (db, sp_db_query (db, "SELECT " PENALTY_COLUMNS
                                        " FROM penalties p JOIN sessions s ON s.id = p.session_id"
                                        " WHERE s.tournament_id = ? AND p.id = ?",
                                        values, G_N_ELEMENTS (values), error),
                       (SpDbRowReader) penalty_from_row, (gpointer *) &penalty,
                       "reading the penalty", error))
    return NULL;
  if (penalty == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 _("There is no penalty %" PRId64 " in this tournament."), id);
  return penalty;
}

gboolean
sp_db_delete_penalty_row (SpDb     *db,
                          gint64    id,
                          GError  **error)
{
  const SpDbValue row[] = { sp_db_int (id) };

  return sp_db_run (db, "DELETE FROM penalties WHERE id = ?", row, G_N_ELEMENTS (row),
                    "deleting the penalty", error);
}

/* ---- results --------------------------------------------------------------------------- */

/* The table results being read: the tables in order, and where each (session id, table) and
 * each (session id, player) is among them. */
typedef struct
{
  GArray     *results; /* SpTableResult */
  GHashTable *tables;  /* TableKey → result index + 1 */
  GHashTable *seats;   /* TableKey (a player for the table) → result index × 4 + chair + 1 */
} ResultsRead;

typedef struct
{
  gint64 session_id;
  gint64 other;          /* the table's number, or a player's id */
} TableKey;

static guint
table_key_hash (gconstpointer key)
{
  const TableKey *k = key;

  return (guint) (k->session_id * 2654435761u) ^ (guint) k->other ^ (guint) (k->other >> 32);
}

static gboolean
table_key_equal (gconstpointer a,
                 gconstpointer b)
{
  const TableKey *x = a, *y = b;

  return x->session_id == y->session_id && x->other == y->other;
}

static TableKey *
table_key_new (gint64 session_id,
               gint64 other)
{
  TableKey *key = g_new (TableKey, 1);

  key->session_id = session_id;
  key->other = other;
  return key;
}

/* One seat's row (in session, table and chair order): starts the table's result at its first
 * seat, then fills the chair. */
static void
add_seat_result (SpDbRow      *row,
                 gpointer      user_data)
{
  ResultsRead *read = user_data;
  GArray *results = read->results;
  SpTableResult *result;
  guint session = sp_db_row_int (row, 0);
  guint table = sp_db_row_int (row, 1);
  guint chair = sp_db_row_int (row, 2);
  gint64 player = sp_db_row_int64 (row, 3);
  gint64 session_id = sp_db_row_int64 (row, 4);

  if (results->len == 0
      || g_array_index (results, SpTableResult, results->len - 1).session != session
      || g_array_index (results, SpTableResult, results->len - 1).table != table)
    {
      g_array_set_size (results, results->len + 1);
      result = &g_array_index (results, SpTableResult, results->len - 1);
      result->session = session;
      result->table = table;
      g_hash_table_insert (read->tables, table_key_new (session_id, table),
                           GUINT_TO_POINTER (results->len));
    }
  result = &g_array_index (results, SpTableResult, results->len - 1);
  if (chair < 4)
    {
      result->players[chair] = player;
      g_hash_table_insert (read->seats, table_key_new (session_id, player),
                           GUINT_TO_POINTER ((results->len - 1) * 4 + chair + 1));
    }
}

/* The table result a row of sums is for (its session id and table number first), or NULL
 * for the hands of a table nobody is seated at (or of a session past the last asked for). */
static SpTableResult *
result_of_row (ResultsRead *read,
               SpDbRow     *row)
{
  TableKey key = { sp_db_row_int64 (row, 0), sp_db_row_int64 (row, 1) };
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (read->tables, &key));

  return index == 0 ? NULL : &g_array_index (read->results, SpTableResult, index - 1);
}

/* One Riichi table's sticks left and chombos by chair. */
static void
add_riichi_sums (SpDbRow  *row,
                 gpointer  user_data)
{
  SpTableResult *result = result_of_row (user_data, row);

  if (result == NULL)
    return;
  result->sticks = sp_db_row_int (row, 2);
  for (guint c = 0; c < 4; c++)
    result->chombos[c] = (guint8) MIN (sp_db_row_int (row, 3 + c), G_MAXUINT8);
}

/* One table's hand sums: its count of hands and each chair's total. */
static void
add_hand_sums (SpDbRow      *row,
               gpointer      user_data)
{
  SpTableResult *result = result_of_row (user_data, row);

  if (result == NULL)
    return;
  result->n_hands = sp_db_row_int (row, 2);
  for (guint c = 0; c < 4; c++)
    result->hand_scores[c] = sp_db_row_int64 (row, 3 + c);
}

/* One player's penalties in a session, at the table the player sat at. */
static void
add_penalty_sum (SpDbRow      *row,
                 gpointer      user_data)
{
  ResultsRead *read = user_data;
  TableKey key = { sp_db_row_int64 (row, 0), sp_db_row_int64 (row, 1) };
  guint seat = GPOINTER_TO_UINT (g_hash_table_lookup (read->seats, &key));

  if (seat == 0)
    return;
  g_array_index (read->results, SpTableResult, (seat - 1) / 4).penalties[(seat - 1) % 4] =
    sp_db_row_int64 (row, 2);
}

GArray *
sp_db_list_table_results (SpDb    *db,
                          gint64   tournament,
                          guint    last_session,
                          GError **error)
{
  gint64 two_key = 0;
  gboolean found;
  const SpDbValue id[] = { sp_db_int (tournament) };

  /* Two-key entry: a hand counts once confirmed. */
  if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT two_key FROM tournaments WHERE id = ?",
                                          id, G_N_ELEMENTS (id), error),
                         &two_key, &found, "reading the tournament", error))
    return NULL;
  return sp_db_list_table_results_counting (db, tournament, last_session,
                                            two_key != 0 ? SP_DB_COUNT_CONFIRMED
                                                         : SP_DB_COUNT_ALL, error);
}

GArray *
sp_db_list_table_results_counting (SpDb          *db,
                                   gint64         tournament,
                                   guint          last_session,
                                   SpDbCounting   counting,
                                   GError       **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (last_session) };
  const SpDbValue id[] = { sp_db_int (tournament),
                           sp_db_int (counting == SP_DB_COUNT_CONFIRMED) };
  g_autoptr(GArray) results = g_array_new (FALSE, TRUE, sizeof (SpTableResult));
  g_autoptr(GHashTable) tables = g_hash_table_new_full (table_key_hash, table_key_equal, g_free,
                                                        NULL);
  g_autoptr(GHashTable) seats = g_hash_table_new_full (table_key_hash, table_key_equal, g_free,
                                                       NULL);
  ResultsRead read = { results, tables, seats };

  /* Three reads, each in the order of an index, merged here: the seats, then each table's
   * hand sums, then each player's penalties.  (One query joining them had SQLite build
   * temporary indexes over the sums at every read: twice the time, at each refresh.) */
  if (!sp_db_each_row (db, sp_db_query (db,
    "SELECT s.number, st.table_number, st.chair, st.player_id, st.session_id"
    " FROM seats st JOIN sessions s ON s.id = st.session_id"
    " WHERE s.tournament_id = ?1 AND (?2 = 0 OR s.number <= ?2)"
    " ORDER BY s.number, st.table_number, st.chair", values, G_N_ELEMENTS (values), error),
    add_seat_result, &read, "summing the results", error))
    return NULL;
  if (results->len == 0)
    return g_steal_pointer (&results);
  if (!sp_db_each_row (db, sp_db_query (db,
    "SELECT session_id, table_number, count (*), sum (s0), sum (s1), sum (s2), sum (s3)"
    " FROM hands WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?1)"
    " AND (?2 = 0 OR confirmed_by IS NOT NULL)"
    " GROUP BY session_id, table_number", id, G_N_ELEMENTS (id), error),
    add_hand_sums, &read, "summing the results", error))
    return NULL;
  if (!sp_db_each_row (db, sp_db_query (db,
    "SELECT session_id, table_number, sum (sticks), count (CASE WHEN chombo = 0 THEN 1 END),"
    " count (CASE WHEN chombo = 1 THEN 1 END), count (CASE WHEN chombo = 2 THEN 1 END),"
    " count (CASE WHEN chombo = 3 THEN 1 END) FROM hands"
    " WHERE (sticks != 0 OR chombo IS NOT NULL)"
    " AND session_id IN (SELECT id FROM sessions WHERE tournament_id = ?1)"
    " AND (?2 = 0 OR confirmed_by IS NOT NULL)"
    " GROUP BY session_id, table_number", id, G_N_ELEMENTS (id), error),
    add_riichi_sums, &read, "summing the results", error))
    return NULL;
  if (!sp_db_each_row (db, sp_db_query (db,
    "SELECT session_id, player_id, sum (points) FROM penalties"
    " WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?1)"
    " GROUP BY session_id, player_id", values, 1, error),
    add_penalty_sum, &read, "summing the results", error))
    return NULL;
  return g_steal_pointer (&results);
}

/* ---- the audit log --------------------------------------------------------------------- */

static SpAuditEntry *
audit_entry_from_row (SpDbRow      *row)
{
  SpAuditEntry *entry = g_new0 (SpAuditEntry, 1);

  entry->id = sp_db_row_int64 (row, 0);
  entry->at = sp_db_row_dup_text (row, 1);
  entry->who = sp_db_row_dup_text (row, 2);
  entry->target = sp_db_row_dup_text (row, 3);
  entry->row_id = sp_db_row_int64 (row, 4);
  entry->action = sp_db_row_dup_text (row, 5);
  entry->old_values = sp_db_row_dup_text (row, 6);
  entry->new_values = sp_db_row_dup_text (row, 7);
  return entry;
}

GPtrArray *
sp_db_list_audit (SpDb    *db,
                  GError **error)
{
  return sp_db_list_rows (db, sp_db_prepare (db, "SELECT id, at, who, target, row_id, action,"
                                             " old_values, new_values FROM audit ORDER BY id",
                                             error),
                          (SpDbRowReader) audit_entry_from_row,
                          (GDestroyNotify) sp_audit_entry_free, "reading the audit log", error);
}

/* ---- a tournament's log ------------------------------------------------------------------ */

void
sp_log_entry_free (SpLogEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->at);
  g_free (entry->who);
  g_free (entry->name);
  g_free (entry->old_name);
  g_free (entry->reason);
  g_free (entry->note);
  g_free (entry);
}

/* The columns of SP_DB_STATEMENT_LOG, in order. */
enum
{
  LOG_ID,
  LOG_AT,
  LOG_WHO,
  LOG_TARGET,
  LOG_ACTION,
  LOG_CHANGED,
  LOG_SESSION,
  LOG_TABLE,
  LOG_HAND,
  LOG_OLD_HAND,
  LOG_PLAYER,
  LOG_NAME,
  LOG_OLD_NAME,
  LOG_OLD_STATUS,
  LOG_NEW_STATUS,
  LOG_PRESENT,
  LOG_POINTS,
  LOG_REASON,
  LOG_SEED,
  LOG_TABLE_PLAYERS,
  LOG_OLD_SEED,
  LOG_PIN_EVENT,
  LOG_NOTE,
  LOG_CHOMBO,
};

/* A hand logged with no winner that is no draw is a Riichi chombo (the store's check on
 * hands); its offender is read from the hand, the logged values not holding him.
 * Every line of the audit log with the tournament, session, table and player it concerns,
 * read (the backend's SP_DB_STATEMENT_LOG, whose columns are the above) from the values it logged and, for seats, hands and penalties, from their session and
 * its seats.  Updates that changed none of the logged columns (a session's clock, say) are
 * left out. */


static gboolean
column_is (SpDbRow      *row,
           int           column,
           const char   *text)
{
  const char *value = sp_db_row_text (row, column);

  return value != NULL && strcmp (value, text) == 0;
}

/* Whether the update's changed columns (space separated) are exactly @only, or include @one. */
static gboolean
changed_has (const char *changed,
             const char *column)
{
  g_auto(GStrv) columns = g_strsplit (changed != NULL ? changed : "", " ", -1);

  return g_strv_contains ((const char *const *) columns, column);
}

static SpLogKind
classify_update (const char   *target,
                 const char   *changed,
                 SpDbRow      *row)
{
  if (strcmp (target, "tournaments") == 0)
    {
      if (changed_has (changed, "name"))
        return SP_LOG_TOURNAMENT_RENAMED;
      if (g_strcmp0 (changed, "plan_seed") == 0)
        return SP_LOG_PLAN_STORED;
      if (g_strcmp0 (changed, "two_key") == 0)
        return SP_LOG_TWO_KEY_CHANGED;
      return SP_LOG_TOURNAMENT_CHANGED;
    }
  if (strcmp (target, "players") == 0)
    {
      if (changed_has (changed, "status"))
        return column_is (row, LOG_NEW_STATUS, "withdrawn") ? SP_LOG_PLAYER_WITHDRAWN
                                                                  : SP_LOG_PLAYER_REINSTATED;
      if (g_strcmp0 (changed, "present") == 0)
        return sp_db_row_int (row, LOG_PRESENT) ? SP_LOG_PLAYER_CHECKED_IN
                                                           : SP_LOG_PLAYER_CHECKED_OUT;
      if (changed_has (changed, "name"))
        return SP_LOG_PLAYER_RENAMED;
      return SP_LOG_PLAYER_EDITED;
    }
  if (strcmp (target, "sessions") == 0)
    {
      if (changed_has (changed, "status"))
        return column_is (row, LOG_NEW_STATUS, "closed") ? SP_LOG_SESSION_CLOSED
                                                               : SP_LOG_SESSION_REOPENED;
      if (changed_has (changed, "seed"))
        return sp_db_row_is_null (row, LOG_OLD_SEED)
               ? SP_LOG_SESSION_DRAWN : SP_LOG_SESSION_REDRAWN;
      return SP_LOG_SESSION_CHANGED;
    }
  if (strcmp (target, "seats") == 0)
    return SP_LOG_SEAT_CHANGED;
  if (strcmp (target, "hands") == 0)
    {
      g_auto(GStrv) columns = g_strsplit (changed != NULL ? changed : "", " ", -1);
      gboolean number_only = FALSE;

      /* A confirmation (two-key entry) sets who confirmed; a correction clears it. */
      if (changed_has (changed, "confirmed_by") && !sp_db_row_is_null (row, LOG_REASON))
        return SP_LOG_HAND_CONFIRMED;
      /* A renumbered hand keeps its confirmation, which follows its version. */
      for (guint i = 0; columns[i] != NULL; i++)
        if (strcmp (columns[i], "number") == 0)
          number_only = TRUE;
        else if (strcmp (columns[i], "confirmed_version") != 0)
          return SP_LOG_HAND_CORRECTED;
      return number_only ? SP_LOG_HAND_RENUMBERED : SP_LOG_HAND_CORRECTED;
    }
  if (strcmp (target, "penalties") == 0)
    return SP_LOG_PENALTY_CHANGED;
  return SP_LOG_OTHER;
}

static SpLogKind
classify (SpDbRow      *row)
{
  static const struct
  {
    const char *target;
    SpLogKind   insert;
    SpLogKind   delete;
  } kinds[] = {
    { "tournaments", SP_LOG_TOURNAMENT_CREATED, SP_LOG_TOURNAMENT_DELETED },
    { "players", SP_LOG_PLAYER_ADDED, SP_LOG_PLAYER_REMOVED },
    { "sessions", SP_LOG_SESSION_DRAWN, SP_LOG_SESSION_REMOVED },
    { "seats", SP_LOG_SEAT_TAKEN, SP_LOG_SEAT_FREED },
    { "hands", SP_LOG_HAND_ENTERED, SP_LOG_HAND_DELETED },
    { "penalties", SP_LOG_PENALTY_GIVEN, SP_LOG_PENALTY_DELETED },
  };
  static const struct
  {
    const char *event;
    SpLogKind   kind;
  } pin_kinds[] = {
    { "set", SP_LOG_PIN_SET },
    { "changed", SP_LOG_PIN_CHANGED },
    { "cleared", SP_LOG_PIN_CLEARED },
    { "wrong", SP_LOG_PIN_WRONG },
    { "unlocked", SP_LOG_PIN_UNLOCKED },
    { "used", SP_LOG_PIN_USED },
  };
  const char *target = sp_db_row_text (row, LOG_TARGET);

  if (target == NULL)
    return SP_LOG_OTHER;
  /* The director's lock: its lines are only ever added (a deleted tournament takes them). */
  if (strcmp (target, "pin_log") == 0)
    {
      for (guint i = 0; i < G_N_ELEMENTS (pin_kinds); i++)
        if (column_is (row, LOG_ACTION, "insert")
            && column_is (row, LOG_PIN_EVENT, pin_kinds[i].event))
          return pin_kinds[i].kind;
      return SP_LOG_OTHER;
    }
  if (column_is (row, LOG_ACTION, "update"))
    return classify_update (target, sp_db_row_text (row, LOG_CHANGED),
                            row);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (strcmp (target, kinds[i].target) == 0)
      {
        if (column_is (row, LOG_ACTION, "delete"))
          return kinds[i].delete;
        /* A player inserted in another's place is a substitute. */
        if (kinds[i].insert == SP_LOG_PLAYER_ADDED
            && !sp_db_row_is_null (row, LOG_OLD_NAME))
          return SP_LOG_SUBSTITUTE_ADDED;
        /* A session's row comes before its draw sets the seed. */
        if (kinds[i].insert == SP_LOG_SESSION_DRAWN
            && sp_db_row_is_null (row, LOG_SEED))
          return SP_LOG_SESSION_ADDED;
        return kinds[i].insert;
      }
  return SP_LOG_OTHER;
}

static SpLogEntry *
log_entry_from_row (SpDbRow      *row)
{
  SpLogEntry *entry = g_new0 (SpLogEntry, 1);
  const char *table_players = sp_db_row_text (row, LOG_TABLE_PLAYERS);

  entry->id = sp_db_row_int64 (row, LOG_ID);
  entry->at = sp_db_row_dup_text (row, LOG_AT);
  entry->who = sp_db_row_dup_text (row, LOG_WHO);
  entry->kind = classify (row);
  entry->session = sp_db_row_int (row, LOG_SESSION);
  entry->table = sp_db_row_int (row, LOG_TABLE);
  entry->hand = sp_db_row_int (row, LOG_HAND);
  entry->old_hand = sp_db_row_int (row, LOG_OLD_HAND);
  entry->player = sp_db_row_int64 (row, LOG_PLAYER);
  entry->name = sp_db_row_dup_text (row, LOG_NAME);
  entry->old_name = sp_db_row_dup_text (row, LOG_OLD_NAME);
  entry->points = sp_db_row_int64 (row, LOG_POINTS);
  entry->reason = sp_db_row_dup_text (row, LOG_REASON);
  entry->chombo = sp_db_row_int (row, LOG_CHOMBO) != 0;
  entry->has_seed = !sp_db_row_is_null (row, LOG_SEED);
  entry->seed = (guint64) sp_db_row_int64 (row, LOG_SEED);
  entry->note = sp_db_row_dup_text (row, LOG_NOTE);
  entry->players[0] = entry->player;
  if (table_players != NULL)
    {
      g_auto(GStrv) ids = g_strsplit (table_players, " ", 4);

      for (guint i = 0; ids[i] != NULL && i < 4; i++)
        entry->players[i] = g_ascii_strtoll (ids[i], NULL, 10);
    }
  return entry;
}

GPtrArray *
sp_db_list_log (SpDb    *db,
                gint64   tournament,
                GError **error)
{
  const SpDbValue values[] = { sp_db_int (tournament) };

  g_return_val_if_fail (db != NULL, NULL);

  return sp_db_list_rows (db, sp_db_query (db, sp_db_statement (db, SP_DB_STATEMENT_LOG), values, G_N_ELEMENTS (values), error),
                          (SpDbRowReader) log_entry_from_row, (GDestroyNotify) sp_log_entry_free,
                          "reading the tournament's log", error);
}

/* ---- the session clock and the hidden standings --------------------------------------- */

typedef struct
{
  SpSessionClock *clock;
  gboolean       *found;
} ClockRow;

static void
clock_from_row (SpDbRow      *row,
                gpointer      user_data)
{
  ClockRow *read = user_data;

  *read->found = TRUE;
  read->clock->length = sp_db_row_int64 (row, 0);
  read->clock->run = sp_db_row_int64 (row, 1);
  read->clock->started = sp_db_row_int64 (row, 2);
  read->clock->ended = sp_db_row_int (row, 3) != 0;
}

gboolean
sp_db_read_session_clock (SpDb            *db,
                          gint64           tournament,
                          guint            session,
                          SpSessionClock  *clock,
                          gboolean        *found,
                          GError         **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session) };
  ClockRow row = { clock, found };

  memset (clock, 0, sizeof *clock);
  *found = FALSE;
  /* A length not set yet reads 0 (the caller supplies the ranking's), a stopped clock's start
   * 0. */
  return sp_db_each_row (db, sp_db_query (db,
    "SELECT coalesce (clock_length, 0), clock_run, coalesce (clock_started, 0), clock_ended"
    " FROM sessions WHERE tournament_id = ? AND number = ?",
    values, G_N_ELEMENTS (values), error), clock_from_row, &row, "reading the session's clock",
    error);
}

gboolean
sp_db_write_session_clock (SpDb                  *db,
                           gint64                 tournament,
                           guint                  session,
                           const SpSessionClock  *clock,
                           GError               **error)
{
  const SpDbValue values[] = {
    clock->length > 0 ? sp_db_int (clock->length) : sp_db_null (),
    sp_db_int (clock->run),
    clock->started > 0 ? sp_db_int (clock->started) : sp_db_null (),
    sp_db_int (clock->ended),
    sp_db_int (tournament),
    sp_db_int (session),
  };

  return sp_db_run (db, "UPDATE sessions SET clock_length = ?, clock_run = ?, clock_started = ?,"
                    " clock_ended = ? WHERE tournament_id = ? AND number = ?",
                    values, G_N_ELEMENTS (values), "setting the session's clock", error);
}

gboolean
sp_db_read_clock_session (SpDb     *db,
                          gint64    tournament,
                          guint    *session,
                          GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament) };
  gboolean found;
  gint64 number = 0;

  /* The first drawn session still open, else the last drawn. */
  if (!sp_db_read_int64 (db, sp_db_query (db,
        "SELECT number FROM sessions s WHERE tournament_id = ?"
        " AND EXISTS (SELECT 1 FROM seats WHERE session_id = s.id)"
        " ORDER BY status = 'open' DESC, CASE WHEN status = 'open' THEN number ELSE -number END"
        " LIMIT 1", values, G_N_ELEMENTS (values), error),
        &number, &found, "looking for the session of the clock", error))
    return FALSE;
  *session = found ? (guint) number : 0;
  return TRUE;
}

gboolean
sp_db_read_hide_standings (SpDb      *db,
                           gint64     tournament,
                           gboolean  *hide,
                           GError   **error)
{
  const SpDbValue values[] = { sp_db_int (tournament) };
  gboolean found;
  gint64 value = 0;

  if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT hide_standings FROM tournaments"
                                          " WHERE id = ?", values, G_N_ELEMENTS (values),
                                          error),
                         &value, &found, "reading whether the standings are hidden", error))
    return FALSE;
  if (!found)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("There is no tournament %" PRId64 "."), tournament);
      return FALSE;
    }
  *hide = value != 0;
  return TRUE;
}

gboolean
sp_db_update_hide_standings (SpDb      *db,
                             gint64     tournament,
                             gboolean   hide,
                             GError   **error)
{
  const SpDbValue values[] = { sp_db_int (hide ? 1 : 0), sp_db_int (tournament) };

  return sp_db_run (db, "UPDATE tournaments SET hide_standings = ? WHERE id = ?", values,
                    G_N_ELEMENTS (values), "hiding the standings", error);
}

/* ---- the director's lock ----------------------------------------------------------------- */

typedef struct
{
  char     **hash;
  gboolean  *found;
} PinRow;

static void
pin_from_row (SpDbRow      *row,
              gpointer      user_data)
{
  PinRow *read = user_data;

  *read->found = TRUE;
  g_free (*read->hash);
  *read->hash = sp_db_row_dup_text (row, 0);
}

gboolean
sp_db_read_pin_hash (SpDb     *db,
                     gint64    tournament,
                     char    **hash,
                     GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament) };
  gboolean found = FALSE;
  PinRow row = { hash, &found };

  *hash = NULL;
  if (!sp_db_each_row (db, sp_db_query (db, "SELECT pin_hash FROM tournaments WHERE id = ?",
                                        values, G_N_ELEMENTS (values), error),
                       pin_from_row, &row, "reading the director's lock", error))
    return FALSE;
  if (!found)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("There is no tournament %" PRId64 "."), tournament);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_write_pin_hash (SpDb         *db,
                      gint64        tournament,
                      const char   *hash,
                      GError      **error)
{
  const SpDbValue values[] = { sp_db_text (hash), sp_db_int (tournament) };

  return sp_db_run (db, "UPDATE tournaments SET pin_hash = ? WHERE id = ?", values,
                    G_N_ELEMENTS (values), "writing the director's lock", error);
}

gboolean
sp_db_insert_pin_event (SpDb         *db,
                        gint64        tournament,
                        const char   *event,
                        const char   *action,
                        gint64        subject,
                        GError      **error)
{
  const SpDbValue values[] = {
    sp_db_int (tournament), sp_db_text (event), sp_db_text (action != NULL ? action : ""),
    sp_db_int (subject),
  };

  return sp_db_run (db, "INSERT INTO pin_log (tournament_id, event, action, subject)"
                    " VALUES (?, ?, ?, ?)", values, G_N_ELEMENTS (values),
                    "logging the director's lock", error);
}

gboolean
sp_db_count_pin_failures (SpDb     *db,
                          gint64    tournament,
                          guint    *failures,
                          GError  **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (tournament) };
  gint64 count = 0;
  gboolean found;

  if (!sp_db_read_int64 (db, sp_db_query (db,
    "SELECT count(*) FROM pin_log WHERE tournament_id = ? AND event = 'wrong'"
    " AND id > coalesce ((SELECT max (id) FROM pin_log WHERE tournament_id = ?"
    "  AND event != 'wrong'), 0)", values, G_N_ELEMENTS (values), error),
                         &count, &found, "counting the wrong PINs", error))
    return FALSE;
  *failures = (guint) MIN (count, G_MAXUINT);
  return TRUE;
}
