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

/* A chair, or NULL for none. */
static SpDbValue
chair_value (gint chair)
{
  return chair == SP_CHAIR_NONE ? sp_db_null () : sp_db_int (chair);
}

/* The values a hand's row is written from, in the order the INSERT and the UPDATE below name
 * their columns: number, winner, discarder, draw, notation, situation, items, total, s0..s3. */
#define N_HAND_VALUES 12

static void
hand_values (const SpHandRecord *hand,
             SpDbValue           values[N_HAND_VALUES])
{
  values[0] = sp_db_int (hand->number);
  values[1] = chair_value (hand->winner);
  values[2] = chair_value (hand->discarder);
  values[3] = sp_db_int (hand->draw);
  values[4] = sp_db_text (hand->notation);
  values[5] = sp_db_text (hand->situation);
  values[6] = sp_db_text (hand->items);
  values[7] = sp_db_int (hand->total);
  for (guint i = 0; i < 4; i++)
    values[8 + i] = sp_db_int (hand->settlement[i]);
}

/* The row id of a session that has been drawn; 0 (with @error) when it has not, -1 on error. */
static gint64
drawn_session_id (SpDb    *db,
                  gint64   tournament,
                  guint    session,
                  GError **error)
{
  gint64 id = sp_db_session_id (db, tournament, session, FALSE, error);

  if (id == 0)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                 "session %u has not been drawn", session);
  return id;
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
  SpDbValue values[N_HAND_VALUES + 4];
  gboolean started;
  gboolean ok = FALSE;
  gint64 session_id;

  g_return_val_if_fail (db != NULL && hand != NULL, FALSE);

  if (!check_hand (hand, error) || !sp_db_begin_write (db, &started, error))
    return FALSE;
  session_id = drawn_session_id (db, tournament, hand->session, error);
  if (session_id <= 0)
    goto out;
  hand_values (hand, values);
  values[N_HAND_VALUES] = sp_db_int (session_id);
  values[N_HAND_VALUES + 1] = sp_db_int (hand->table);
  values[N_HAND_VALUES + 2] = sp_db_text (hand->entered_by);
  values[N_HAND_VALUES + 3] = sp_db_text (entered_at);
  if (!sp_db_run (db, "INSERT INTO hands (number, winner, discarder, draw, notation, situation,"
                  " items, total, s0, s1, s2, s3, session_id, table_number, entered_by, entered_at)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                  " coalesce (?, (SELECT who FROM temp.sp_referee)), ?)",
                  values, G_N_ELEMENTS (values), "recording the hand", error))
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
  SpDbValue values[N_HAND_VALUES + 2];
  gboolean started;
  gboolean ok = FALSE;

  if (!check_hand (hand, error) || !sp_db_begin_write (db, &started, error))
    return FALSE;
  hand_values (hand, values);
  values[N_HAND_VALUES] = sp_db_int (hand->id);
  values[N_HAND_VALUES + 1] = sp_db_int (tournament);
  if (!sp_db_run (db, "UPDATE hands SET number = ?, winner = ?, discarder = ?, draw = ?,"
                  " notation = ?, situation = ?, items = ?, total = ?, s0 = ?, s1 = ?, s2 = ?,"
                  " s3 = ? WHERE id = ?"
                  " AND session_id IN (SELECT id FROM sessions WHERE tournament_id = ?)",
                  values, G_N_ELEMENTS (values), "correcting the hand", error))
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
  gboolean started;
  gboolean ok = FALSE;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  hand = sp_db_get_hand (db, tournament, id, error);
  if (hand != NULL)
    {
      const SpDbValue row[] = { sp_db_int (id) };
      const SpDbValue later[] = { sp_db_int (hand->table), sp_db_int (hand->number),
                                  sp_db_int (tournament), sp_db_int (hand->session) };

      /* The later hands of the table move up one place. */
      ok = sp_db_run (db, "DELETE FROM hands WHERE id = ?", row, G_N_ELEMENTS (row),
                      "deleting the hand", error)
           && sp_db_run (db, "UPDATE hands SET number = number - 1 WHERE table_number = ?1"
                         " AND number > ?2 AND session_id ="
                         " (SELECT id FROM sessions WHERE tournament_id = ?3 AND number = ?4)",
                         later, G_N_ELEMENTS (later), "renumbering the hands", error);
    }
  return sp_db_end_write (db, started, ok, error);
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

gboolean
sp_db_add_penalty (SpDb       *db,
                   gint64      tournament,
                   SpPenalty  *penalty,
                   GError    **error)
{
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
  session_id = drawn_session_id (db, tournament, penalty->session, error);
  if (session_id > 0)
    {
      const SpDbValue values[] = { sp_db_int (session_id), sp_db_int (penalty->player),
                                   sp_db_id (penalty->hand), sp_db_int (penalty->points),
                                   sp_db_text (penalty->reason) };

      ok = sp_db_run (db, "INSERT INTO penalties (session_id, player_id, hand_id, points, reason)"
                      " VALUES (?, ?, ?, ?, ?)", values, G_N_ELEMENTS (values),
                      "adding the penalty", error);
    }
  if (ok)
    penalty->id = sqlite3_last_insert_rowid (db->handle);
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
sp_db_list_penalties (SpDb    *db,
                      gint64   tournament,
                      guint    session,
                      GError **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session) };

  return sp_db_list_rows (db, sp_db_query (db,
    "SELECT p.id, s.number, p.player_id, p.hand_id, p.points, p.reason"
    " FROM penalties p JOIN sessions s ON s.id = p.session_id"
    " WHERE s.tournament_id = ?1 AND (?2 = 0 OR s.number = ?2) ORDER BY p.id",
    values, G_N_ELEMENTS (values), error), (SpDbRowReader) penalty_from_row,
    (GDestroyNotify) sp_penalty_free, "listing penalties", error);
}

/* ---- results --------------------------------------------------------------------------- */

/* One seat's row: starts the table's result at its first seat, then fills the chair. */
static void
add_seat_result (sqlite3_stmt *statement,
                 gpointer      user_data)
{
  GArray *results = user_data;
  SpTableResult *result;
  guint session = sqlite3_column_int (statement, 0);
  guint table = sqlite3_column_int (statement, 1);
  guint chair = sqlite3_column_int (statement, 2);

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

GArray *
sp_db_list_table_results (SpDb    *db,
                          gint64   tournament,
                          guint    last_session,
                          GError **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (last_session) };
  g_autoptr(GArray) results = g_array_new (FALSE, TRUE, sizeof (SpTableResult));

  /* One row per seat: the table's hand sums by chair and the player's penalties. */
  if (!sp_db_each_row (db, sp_db_query (db,
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
    " ORDER BY s.number, st.table_number, st.chair", values, G_N_ELEMENTS (values), error),
    add_seat_result, results, "summing the results", error))
    return NULL;
  return g_steal_pointer (&results);
}
