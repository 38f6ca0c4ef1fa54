/* sp-db-hands.c: hands, penalties and the per-table sums the standings are made from.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#define HAND_COLUMNS \
  "h.id, s.number, h.table_number, h.number, h.winner, h.discarder, h.draw, h.notation," \
  " h.situation, h.items, h.total, h.s0, h.s1, h.s2, h.s3, h.entered_by, h.entered_at"

static SpHandRecord *
hand_from_row (sqlite3_stmt *statement)
{
  SpHandRecord *hand = g_new0 (SpHandRecord, 1);

  hand->id = sqlite3_column_int64 (statement, 0);
  hand->session = sqlite3_column_int (statement, 1);
  hand->table = sqlite3_column_int (statement, 2);
  hand->number = sqlite3_column_int (statement, 3);
  hand->winner = sqlite3_column_type (statement, 4) == SQLITE_NULL
                 ? SP_CHAIR_NONE : sqlite3_column_int (statement, 4);
  hand->discarder = sqlite3_column_type (statement, 5) == SQLITE_NULL
                    ? SP_CHAIR_NONE : sqlite3_column_int (statement, 5);
  hand->draw = sqlite3_column_int (statement, 6) != 0;
  hand->notation = sp_db_column_text (statement, 7);
  hand->situation = sp_db_column_text (statement, 8);
  hand->items = sp_db_column_text (statement, 9);
  hand->total = sqlite3_column_int (statement, 10);
  for (guint i = 0; i < 4; i++)
    hand->settlement[i] = sqlite3_column_int64 (statement, 11 + i);
  hand->entered_by = sp_db_column_text (statement, 15);
  hand->entered_at = sp_db_column_text (statement, 16);
  return hand;
}

static void
bind_chair (sqlite3_stmt *statement,
            int           index,
            gint          chair)
{
  if (chair == SP_CHAIR_NONE)
    sqlite3_bind_null (statement, index);
  else
    sqlite3_bind_int (statement, index, chair);
}

static gboolean
check_hand (const SpHandRecord  *hand,
            GError             **error)
{
  gint64 sum = 0;

  for (guint i = 0; i < 4; i++)
    sum += hand->settlement[i];
  if (sum != 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u table %u hand %u: the settlement sums to %" G_GINT64_FORMAT
                   ", not 0", hand->session, hand->table, hand->number, sum);
      return FALSE;
    }
  if (hand->draw != (hand->winner == SP_CHAIR_NONE))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u table %u hand %u: a hand is either a draw or has a winner",
                   hand->session, hand->table, hand->number);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_record_hand (SpDb          *db,
                   gint64         tournament,
                   SpHandRecord  *hand,
                   GError       **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *entered_at = g_date_time_format_iso8601 (now);
  sqlite3_stmt *statement;
  gboolean started;
  gboolean ok = FALSE;
  gint64 session_id;

  g_return_val_if_fail (db != NULL && hand != NULL, FALSE);

  if (!check_hand (hand, error) || !sp_db_begin_write (db, &started, error))
    return FALSE;
  session_id = sp_db_session_id (db, tournament, hand->session, FALSE, error);
  if (session_id < 0)
    goto out;
  if (session_id == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   "session %u has not been drawn", hand->session);
      goto out;
    }
  statement = sp_db_prepare (db,
    "INSERT INTO hands (session_id, table_number, number, winner, discarder, draw, notation,"
    " situation, items, total, s0, s1, s2, s3, entered_by, entered_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
    " coalesce (?, (SELECT who FROM temp.sp_referee)), ?)", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int64 (statement, 1, session_id);
  sqlite3_bind_int (statement, 2, hand->table);
  sqlite3_bind_int (statement, 3, hand->number);
  bind_chair (statement, 4, hand->winner);
  bind_chair (statement, 5, hand->discarder);
  sqlite3_bind_int (statement, 6, hand->draw);
  sp_db_bind_text (statement, 7, hand->notation);
  sp_db_bind_text (statement, 8, hand->situation);
  sp_db_bind_text (statement, 9, hand->items);
  sqlite3_bind_int (statement, 10, hand->total);
  for (guint i = 0; i < 4; i++)
    sqlite3_bind_int64 (statement, 11 + i, hand->settlement[i]);
  sp_db_bind_text (statement, 15, hand->entered_by);
  sp_db_bind_text (statement, 16, entered_at);
  if (!sp_db_step_done (db, statement, "recording the hand", error))
    goto out;
  hand->id = sqlite3_last_insert_rowid (db->handle);
  if (hand->entered_at == NULL)
    hand->entered_at = g_strdup (entered_at);
  ok = TRUE;
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_update_hand (SpDb                *db,
                   gint64               tournament,
                   const SpHandRecord  *hand,
                   GError             **error)
{
  sqlite3_stmt *statement;
  gboolean started;
  gboolean ok = FALSE;

  if (!check_hand (hand, error) || !sp_db_begin_write (db, &started, error))
    return FALSE;
  statement = sp_db_prepare (db,
    "UPDATE hands SET number = ?, winner = ?, discarder = ?, draw = ?, notation = ?,"
    " situation = ?, items = ?, total = ?, s0 = ?, s1 = ?, s2 = ?, s3 = ?"
    " WHERE id = ? AND session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int (statement, 1, hand->number);
  bind_chair (statement, 2, hand->winner);
  bind_chair (statement, 3, hand->discarder);
  sqlite3_bind_int (statement, 4, hand->draw);
  sp_db_bind_text (statement, 5, hand->notation);
  sp_db_bind_text (statement, 6, hand->situation);
  sp_db_bind_text (statement, 7, hand->items);
  sqlite3_bind_int (statement, 8, hand->total);
  for (guint i = 0; i < 4; i++)
    sqlite3_bind_int64 (statement, 9 + i, hand->settlement[i]);
  sqlite3_bind_int64 (statement, 13, hand->id);
  sqlite3_bind_int64 (statement, 14, tournament);
  if (!sp_db_step_done (db, statement, "correcting the hand", error))
    goto out;
  if (sqlite3_changes (db->handle) != 1)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   "no hand %" G_GINT64_FORMAT " in this tournament", hand->id);
      goto out;
    }
  ok = TRUE;
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_delete_hand (SpDb     *db,
                   gint64    tournament,
                   gint64    id,
                   GError  **error)
{
  g_autoptr(SpHandRecord) hand = NULL;
  sqlite3_stmt *statement;
  gboolean started;
  gboolean ok = FALSE;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  hand = sp_db_get_hand (db, tournament, id, error);
  if (hand == NULL)
    goto out;
  statement = sp_db_prepare (db, "DELETE FROM hands WHERE id = ?", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int64 (statement, 1, id);
  if (!sp_db_step_done (db, statement, "deleting the hand", error))
    goto out;
  /* The later hands of the table move up one place. */
  statement = sp_db_prepare (db,
    "UPDATE hands SET number = number - 1 WHERE table_number = ?1 AND number > ?2"
    " AND session_id = (SELECT id FROM sessions WHERE tournament_id = ?3 AND number = ?4)",
    error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int (statement, 1, hand->table);
  sqlite3_bind_int (statement, 2, hand->number);
  sqlite3_bind_int64 (statement, 3, tournament);
  sqlite3_bind_int (statement, 4, hand->session);
  ok = sp_db_step_done (db, statement, "renumbering the hands", error);
out:
  return sp_db_end_write (db, started, ok, error);
}

SpHandRecord *
sp_db_get_hand (SpDb    *db,
                gint64   tournament,
                gint64   id,
                GError **error)
{
  sqlite3_stmt *statement;
  SpHandRecord *hand = NULL;
  gboolean has_row;

  statement = sp_db_prepare (db, "SELECT " HAND_COLUMNS " FROM hands h"
                             " JOIN sessions s ON s.id = h.session_id"
                             " WHERE s.tournament_id = ? AND h.id = ?", error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int64 (statement, 2, id);
  if (!sp_db_step_row (db, statement, &has_row, "reading the hand", error))
    return NULL;
  if (has_row)
    hand = hand_from_row (statement);
  sqlite3_reset (statement);
  if (hand == NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 "no hand %" G_GINT64_FORMAT " in this tournament", id);
  return hand;
}

GPtrArray *
sp_db_list_hands (SpDb    *db,
                  gint64   tournament,
                  guint    session,
                  guint    table,
                  GError **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_hand_record_free);
  sqlite3_stmt *statement;
  gboolean has_row;

  /* One query per filter, so that each can use the index of (session, table, number). */
  if (session > 0 && table > 0)
    statement = sp_db_prepare (db, "SELECT " HAND_COLUMNS " FROM sessions s"
                               " JOIN hands h ON h.session_id = s.id AND h.table_number = ?3"
                               " WHERE s.tournament_id = ?1 AND s.number = ?2"
                               " ORDER BY h.number", error);
  else if (session > 0)
    statement = sp_db_prepare (db, "SELECT " HAND_COLUMNS " FROM sessions s"
                               " JOIN hands h ON h.session_id = s.id"
                               " WHERE s.tournament_id = ?1 AND s.number = ?2 AND ?3 = 0"
                               " ORDER BY h.table_number, h.number", error);
  else
    statement = sp_db_prepare (db, "SELECT " HAND_COLUMNS " FROM sessions s"
                               " JOIN hands h ON h.session_id = s.id"
                               " WHERE s.tournament_id = ?1 AND ?2 = 0"
                               " AND (?3 = 0 OR h.table_number = ?3)"
                               " ORDER BY s.number, h.table_number, h.number", error);
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, session);
  sqlite3_bind_int (statement, 3, table);
  while (TRUE)
    {
      if (!sp_db_step_row (db, statement, &has_row, "listing hands", error))
        return NULL;
      if (!has_row)
        break;
      g_ptr_array_add (list, hand_from_row (statement));
    }
  sqlite3_reset (statement);
  return g_steal_pointer (&list);
}

/* ---- penalties ------------------------------------------------------------------------- */

gboolean
sp_db_add_penalty (SpDb       *db,
                   gint64      tournament,
                   SpPenalty  *penalty,
                   GError    **error)
{
  sqlite3_stmt *statement;
  gboolean started;
  gboolean ok = FALSE;
  gint64 session_id;

  if (penalty->reason == NULL || penalty->reason[0] == '\0')
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "a penalty needs a reason");
      return FALSE;
    }
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  session_id = sp_db_session_id (db, tournament, penalty->session, FALSE, error);
  if (session_id < 0)
    goto out;
  if (session_id == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   "session %u has not been drawn", penalty->session);
      goto out;
    }
  statement = sp_db_prepare (db, "INSERT INTO penalties (session_id, player_id, hand_id, points,"
                             " reason) VALUES (?, ?, ?, ?, ?)", error);
  if (statement == NULL)
    goto out;
  sqlite3_bind_int64 (statement, 1, session_id);
  sqlite3_bind_int64 (statement, 2, penalty->player);
  if (penalty->hand > 0)
    sqlite3_bind_int64 (statement, 3, penalty->hand);
  sqlite3_bind_int64 (statement, 4, penalty->points);
  sp_db_bind_text (statement, 5, penalty->reason);
  if (!sp_db_step_done (db, statement, "adding the penalty", error))
    goto out;
  penalty->id = sqlite3_last_insert_rowid (db->handle);
  ok = TRUE;
out:
  return sp_db_end_write (db, started, ok, error);
}

GPtrArray *
sp_db_list_penalties (SpDb    *db,
                      gint64   tournament,
                      guint    session,
                      GError **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_penalty_free);
  sqlite3_stmt *statement;
  gboolean has_row;

  statement = sp_db_prepare (db, "SELECT p.id, s.number, p.player_id, p.hand_id, p.points, p.reason"
                             " FROM penalties p JOIN sessions s ON s.id = p.session_id"
                             " WHERE s.tournament_id = ?1 AND (?2 = 0 OR s.number = ?2)"
                             " ORDER BY p.id", error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, session);
  while (TRUE)
    {
      SpPenalty *penalty;

      if (!sp_db_step_row (db, statement, &has_row, "listing penalties", error))
        return NULL;
      if (!has_row)
        break;
      penalty = g_new0 (SpPenalty, 1);
      penalty->id = sqlite3_column_int64 (statement, 0);
      penalty->session = sqlite3_column_int (statement, 1);
      penalty->player = sqlite3_column_int64 (statement, 2);
      penalty->hand = sqlite3_column_int64 (statement, 3);
      penalty->points = sqlite3_column_int64 (statement, 4);
      penalty->reason = sp_db_column_text (statement, 5);
      g_ptr_array_add (list, penalty);
    }
  sqlite3_reset (statement);
  return g_steal_pointer (&list);
}

/* ---- results --------------------------------------------------------------------------- */

GArray *
sp_db_list_table_results (SpDb    *db,
                          gint64   tournament,
                          guint    last_session,
                          GError **error)
{
  g_autoptr(GArray) results = g_array_new (FALSE, TRUE, sizeof (SpTableResult));
  sqlite3_stmt *statement;
  gboolean has_row;

  /* One row per seat: the table's hand sums by chair and the player's penalties. */
  statement = sp_db_prepare (db,
    "WITH sums AS (SELECT session_id, table_number, count (*) AS n, sum (s0) AS t0,"
    "  sum (s1) AS t1, sum (s2) AS t2, sum (s3) AS t3 FROM hands"
    "  WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?1)"
    "  GROUP BY session_id, table_number),"
    " pen AS (SELECT session_id, player_id, sum (points) AS p FROM penalties"
    "  WHERE session_id IN (SELECT id FROM sessions WHERE tournament_id = ?1)"
    "  GROUP BY session_id, player_id)"
    " SELECT s.number, st.table_number, st.chair, st.player_id,"
    "  CASE st.chair WHEN 0 THEN sm.t0 WHEN 1 THEN sm.t1 WHEN 2 THEN sm.t2 ELSE sm.t3 END,"
    "  pen.p, sm.n"
    " FROM seats st JOIN sessions s ON s.id = st.session_id"
    " LEFT JOIN sums sm ON sm.session_id = st.session_id AND sm.table_number = st.table_number"
    " LEFT JOIN pen ON pen.session_id = st.session_id AND pen.player_id = st.player_id"
    " WHERE s.tournament_id = ?1 AND (?2 = 0 OR s.number <= ?2)"
    " ORDER BY s.number, st.table_number, st.chair", error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, tournament);
  sqlite3_bind_int (statement, 2, last_session);
  while (TRUE)
    {
      SpTableResult *result;
      guint session, table, chair;

      if (!sp_db_step_row (db, statement, &has_row, "summing the results", error))
        return NULL;
      if (!has_row)
        break;
      session = sqlite3_column_int (statement, 0);
      table = sqlite3_column_int (statement, 1);
      chair = sqlite3_column_int (statement, 2);
      if (results->len == 0
          || g_array_index (results, SpTableResult, results->len - 1).session != session
          || g_array_index (results, SpTableResult, results->len - 1).table != table)
        {
          g_array_set_size (results, results->len + 1);
          result = &g_array_index (results, SpTableResult, results->len - 1);
          result->session = session;
          result->table = table;
          result->n_hands = sqlite3_column_int (statement, 6);
        }
      result = &g_array_index (results, SpTableResult, results->len - 1);
      if (chair < 4)
        {
          result->players[chair] = sqlite3_column_int64 (statement, 3);
          result->hand_scores[chair] = sqlite3_column_int64 (statement, 4);
          result->penalties[chair] = sqlite3_column_int64 (statement, 5);
        }
    }
  sqlite3_reset (statement);
  return g_steal_pointer (&results);
}
