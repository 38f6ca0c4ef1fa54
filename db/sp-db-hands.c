/* sp-db-hands.c: hands, penalties and the per-table sums the standings are made from.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

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

/* The row id of a session that has been drawn and is open; 0 or -1 (with @error) otherwise.
 * No hand of a closed session changes: its scores are frozen until it is reopened. */
static gint64
open_session_id (SpDb    *db,
                 gint64   tournament,
                 guint    session,
                 GError **error)
{
  gint64 id = drawn_session_id (db, tournament, session, error);
  const SpDbValue values[] = { sp_db_int (id) };
  gint64 closed = 0;
  gboolean found;

  if (id <= 0)
    return id;
  if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT status = 'closed' FROM sessions WHERE id = ?",
                                          values, G_N_ELEMENTS (values), error),
                         &closed, &found, "reading the session", error))
    return -1;
  if (closed)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("session %u is closed: its hands are frozen (session reopen --session %u "
                     "--force to correct it)"), session, session);
      return 0;
    }
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
  session_id = open_session_id (db, tournament, hand->session, error);
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
  if (open_session_id (db, tournament, hand->session, error) <= 0)
    goto out;
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
  if (hand != NULL && open_session_id (db, tournament, hand->session, error) > 0)
    {
      const SpDbValue row[] = { sp_db_int (id) };
      const SpDbValue later[] = { sp_db_int (hand->table), sp_db_int (hand->number),
                                  sp_db_int (tournament), sp_db_int (hand->session) };

      /* The later hands of the table move up one place, and the false wins declared
       * before them with them. */
      ok = sp_db_run (db, "DELETE FROM hands WHERE id = ?", row, G_N_ELEMENTS (row),
                      "deleting the hand", error)
           && sp_db_run (db, "UPDATE hands SET number = number - 1 WHERE table_number = ?1"
                         " AND number > ?2 AND session_id ="
                         " (SELECT id FROM sessions WHERE tournament_id = ?3 AND number = ?4)",
                         later, G_N_ELEMENTS (later), "renumbering the hands", error)
           && sp_db_run (db, "UPDATE penalties SET hand_number = hand_number - 1"
                         " WHERE table_number = ?1 AND hand_number > ?2 AND session_id ="
                         " (SELECT id FROM sessions WHERE tournament_id = ?3 AND number = ?4)",
                         later, G_N_ELEMENTS (later), "renumbering the false wins", error);
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
                                   sp_db_text (penalty->reason), sp_db_id (penalty->table),
                                   sp_db_id (penalty->number) };

      ok = sp_db_run (db, "INSERT INTO penalties (session_id, player_id, hand_id, points, reason,"
                      " table_number, hand_number) VALUES (?, ?, ?, ?, ?, ?, ?)", values,
                      G_N_ELEMENTS (values), "adding the penalty", error);
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
  penalty->table = sqlite3_column_int (statement, 6);
  penalty->number = sqlite3_column_int (statement, 7);
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
    "SELECT p.id, s.number, p.player_id, p.hand_id, p.points, p.reason, p.table_number,"
    " p.hand_number"
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

/* ---- the operations on hands ------------------------------------------------------------ */

void
sp_hand_report_clear (SpHandReport *report)
{
  g_clear_pointer (&report->hand, sp_hand_record_free);
  g_clear_pointer (&report->penalties, g_ptr_array_unref);
}

static void
report_reset (SpHandReport *report)
{
  sp_hand_report_clear (report);
  memset (report, 0, sizeof *report);
  sp_score_result_init (&report->result, SP_RULESET_MCR);
}

static gboolean
dealer_repeats (const SpTournament  *tournament,
                gboolean            *repeats,
                GError             **error)
{
  SpTournamentOptions options;

  if (!sp_tournament_get_options (tournament, &options, error))
    return FALSE;
  *repeats = options.dealer_repeats;
  return TRUE;
}

gboolean
sp_db_load_table (SpDb                *db,
                  const SpTournament  *tournament,
                  guint                session,
                  guint                table,
                  SpTable             *state,
                  GPtrArray          **hands,
                  GError             **error)
{
  g_autoptr(GPtrArray) list = NULL;
  SpSessionInfo info;
  gint64 players[4];
  gboolean repeats;

  g_return_val_if_fail (db != NULL && tournament != NULL && state != NULL, FALSE);

  if (!dealer_repeats (tournament, &repeats, error))
    return FALSE;
  if (session < 1 || session > tournament->n_sessions)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("the tournament has %u sessions, not %u"), tournament->n_sessions, session);
      return FALSE;
    }
  if (!sp_db_get_session (db, tournament->id, session, &info, error))
    return FALSE;
  if (!info.exists || info.n_tables == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("session %u has not been drawn (seating draw --session %u)"), session,
                   session);
      return FALSE;
    }
  if (table < 1 || table > info.n_tables)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("session %u has no table %u (tables 1–%u)"), session, table,
                   info.n_tables);
      return FALSE;
    }
  if (!sp_db_get_table_seats (db, tournament->id, session, table, players, error))
    return FALSE;
  list = sp_db_list_hands (db, tournament->id, session, table, error);
  if (list == NULL)
    return FALSE;
  sp_table_init (state, tournament->ruleset, session, table, players);
  state->closed = info.closed;
  sp_table_replay (state, tournament->ruleset, repeats, list);
  if (hands != NULL)
    *hands = g_steal_pointer (&list);
  return TRUE;
}

/* The table before its hand @number (from 1), replayed from @hands. */
static gboolean
table_before (const SpTournament  *tournament,
              GPtrArray           *hands,
              guint                number,
              SpTable             *state,
              GError             **error)
{
  gboolean repeats;

  if (!dealer_repeats (tournament, &repeats, error))
    return FALSE;
  sp_rotation_start (&state->next, tournament->ruleset);
  state->n_hands = 0;
  for (guint i = 0; i + 1 < number && i < hands->len; i++)
    sp_table_advance (state, tournament->ruleset, repeats, hands->pdata[i]);
  return TRUE;
}

static gboolean
check_open (const SpTable  *state,
            GError        **error)
{
  if (!state->closed)
    return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               _("session %u is closed: its hands are frozen (session reopen --session %u "
                 "--force to correct it)"), state->session, state->session);
  return FALSE;
}

/* No new hand at a table where a withdrawn player still sits: before its first hand his
 * substitute takes the seat (a substitute who replaced him is an ordinary player); after it the
 * table stops. */
static gboolean
check_players (SpDb                *db,
               const SpTournament  *tournament,
               const SpTable       *state,
               GError             **error)
{
  for (guint chair = 0; chair < 4; chair++)
    {
      g_autoptr(SpPlayer) player = sp_db_get_player (db, tournament->id, state->players[chair],
                                                     error);

      if (player == NULL)
        return FALSE;
      if (player->status == SP_PLAYER_WITHDRAWN && state->n_hands > 0)
        {
          const SpDbValue values[] = { sp_db_int (tournament->id), sp_db_int (player->id) };
          gint64 substitute = 0;
          gboolean found = FALSE;

          /* Nobody takes over a table that has begun (sp_db_replace_player): the hands
           * played there are his.  Once replaced, he cannot be reinstated either. */
          if (!sp_db_read_int64 (db, sp_db_query (db, "SELECT id FROM players"
                                                  " WHERE tournament_id = ? AND substitute_for = ?",
                                                  values, G_N_ELEMENTS (values), error),
                                 &substitute, &found, "finding the substitute", error))
            return FALSE;
          if (found)
            g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                         _("session %u table %u: %s (player %lld) has withdrawn after the table "
                           "began, and nobody can take over a table in the middle (his "
                           "substitute plays from the next session): its hands cannot go on "
                           "(session close --session %u --time-up)"), state->session,
                         state->table, player->name, (long long) player->id, state->session);
          else
            g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                         _("session %u table %u: %s (player %lld) has withdrawn after the "
                           "table began, and nobody can take over a table in the middle: its "
                           "hands cannot go on (players reinstate %lld if he is back, else "
                           "session close --session %u --time-up)"), state->session,
                         state->table, player->name, (long long) player->id,
                         (long long) player->id, state->session);
          return FALSE;
        }
      if (player->status == SP_PLAYER_WITHDRAWN)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("session %u table %u: %s (player %lld) has withdrawn; seat a "
                         "substitute (players substitute %lld --by NAME) before entering "
                         "hands"), state->session, state->table, player->name,
                       (long long) player->id, (long long) player->id);
          return FALSE;
        }
    }
  return TRUE;
}

/* Stores the penalties of a false-win verdict. */
static gboolean
record_false_win (SpDb                *db,
                  const SpTournament  *tournament,
                  const SpRules       *rules,
                  const SpHandEntry   *entry,
                  SpHandReport        *report,
                  GError             **error)
{
  report->penalties = sp_hand_entry_false_win_penalties (entry, &report->table, rules,
                                                         &report->result);
  for (guint i = 0; i < report->penalties->len; i++)
    if (!sp_db_add_penalty (db, tournament->id, report->penalties->pdata[i], error))
      return FALSE;
  if (sp_hand_entry_disqualifies (rules, &report->result))
    report->disqualified =
      report->table.players[sp_rotation_chair_at (&report->table.next, (SpWind) entry->winner)];
  return TRUE;
}

gboolean
sp_db_add_hand (SpDb                *db,
                const SpTournament  *tournament,
                const SpRules       *rules,
                guint                session,
                guint                table,
                const SpHandEntry   *entry,
                SpHandReport        *report,
                GError             **error)
{
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL && tournament != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (entry != NULL && report != NULL, FALSE);

  report_reset (report);
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  if (!sp_db_load_table (db, tournament, session, table, &report->table, NULL, error)
      || !check_open (&report->table, error)
      || !check_players (db, tournament, &report->table, error)
      || !sp_hand_entry_judge (entry, &report->table, tournament, rules, record, &report->result,
                               &report->false_win, error))
    goto out;
  if (report->false_win)
    ok = record_false_win (db, tournament, rules, entry, report, error);
  else
    ok = sp_db_record_hand (db, tournament->id, record, error)
         && (report->hand = sp_db_get_hand (db, tournament->id, record->id, error)) != NULL;
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_get_hand_entry (SpDb               *db,
                      const SpTournament *tournament,
                      gint64              id,
                      SpHandEntry        *entry,
                      SpTable            *state,
                      GError            **error)
{
  g_autoptr(SpHandRecord) hand = sp_db_get_hand (db, tournament->id, id, error);
  g_autoptr(GPtrArray) hands = NULL;

  sp_hand_entry_init (entry);
  return hand != NULL
         && sp_db_load_table (db, tournament, hand->session, hand->table, state, &hands, error)
         && table_before (tournament, hands, hand->number, state, error)
         && sp_hand_entry_from_record (entry, hand, &state->next, error);
}

static gboolean
same_record (const SpHandRecord *a,
             const SpHandRecord *b)
{
  return a->number == b->number && a->winner == b->winner && a->discarder == b->discarder
         && a->draw == b->draw && g_strcmp0 (a->notation, b->notation) == 0
         && g_strcmp0 (a->situation, b->situation) == 0 && g_strcmp0 (a->items, b->items) == 0
         && a->total == b->total
         && memcmp (a->settlement, b->settlement, sizeof a->settlement) == 0;
}

/* Judges the hands of a table again from index @start (@edited replacing that hand when
 * given) and writes those that changed; @report->table gets the table before hand @start + 1. */
static gboolean
rescore_and_write (SpDb                *db,
                   const SpTournament  *tournament,
                   const SpRules       *rules,
                   guint                session,
                   guint                table,
                   guint                start,
                   const SpHandEntry   *edited,
                   SpHandReport        *report,
                   GError             **error)
{
  g_autoptr(GPtrArray) hands = NULL;
  g_autoptr(GPtrArray) stored = NULL;
  SpTable state;

  if (!sp_db_load_table (db, tournament, session, table, &state, &hands, error)
      || !check_open (&state, error))
    return FALSE;
  stored = sp_db_list_hands (db, tournament->id, session, table, error);
  if (stored == NULL
      || !sp_table_rescore (&state, tournament, rules, hands, start, edited, error))
    return FALSE;
  for (guint i = start; i < hands->len; i++)
    if (!same_record (hands->pdata[i], stored->pdata[i])
        && !sp_db_update_hand (db, tournament->id, hands->pdata[i], error))
      return FALSE;
  report->table = state;
  return table_before (tournament, hands, start + 1, &report->table, error);
}

gboolean
sp_db_correct_hand (SpDb                *db,
                    const SpTournament  *tournament,
                    const SpRules       *rules,
                    gint64               id,
                    const SpHandEntry   *entry,
                    SpHandReport        *report,
                    GError             **error)
{
  g_autoptr(SpHandRecord) old = NULL;
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL && tournament != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (entry != NULL && report != NULL, FALSE);

  report_reset (report);
  if (entry->false_win)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("hand %lld: a false win is a penalty, not a hand: it cannot replace one"),
                   (long long) id);
      return FALSE;
    }
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  old = sp_db_get_hand (db, tournament->id, id, error);
  if (old == NULL
      || !rescore_and_write (db, tournament, rules, old->session, old->table, old->number - 1,
                             entry, report, error))
    goto out;
  report->hand = sp_db_get_hand (db, tournament->id, id, error);
  ok = report->hand != NULL;
out:
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_remove_hand (SpDb                *db,
                   const SpTournament  *tournament,
                   const SpRules       *rules,
                   gint64               id,
                   SpHandReport        *report,
                   GError             **error)
{
  g_autoptr(SpHandRecord) old = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  SpTable before;
  SpHandReport rescored = { 0 };
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL && tournament != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);

  report_reset (report);
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  old = sp_db_get_hand (db, tournament->id, id, error);
  if (old == NULL
      || !sp_db_load_table (db, tournament, old->session, old->table, &before, &hands, error)
      || !check_open (&before, error)
      || !table_before (tournament, hands, old->number, &before, error)
      || !sp_db_delete_hand (db, tournament->id, id, error)
      || !rescore_and_write (db, tournament, rules, old->session, old->table, old->number - 1,
                             NULL, &rescored, error))
    goto out;
  report->table = before;
  report->hand = g_steal_pointer (&old);
  ok = TRUE;
out:
  sp_hand_report_clear (&rescored);
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_import_hands (SpDb                *db,
                    const SpTournament  *tournament,
                    const SpRules       *rules,
                    const SpHandImport  *hands,
                    guint                n_hands,
                    GError             **error)
{
  g_autoptr(GHashTable) tables = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                        g_free);
  gboolean repeats;
  gboolean started;
  gboolean ok = FALSE;
  guint i;

  g_return_val_if_fail (db != NULL && tournament != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (hands != NULL || n_hands == 0, FALSE);

  if (!dealer_repeats (tournament, &repeats, error) || !sp_db_begin_write (db, &started, error))
    return FALSE;
  for (i = 0; i < n_hands; i++)
    {
      const SpHandImport *line = &hands[i];
      g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
      SpScoreResult result;
      gboolean false_win;
      SpTable *state;
      guint key;

      if (line->session < 1 || line->session > 1000 || line->table < 1 || line->table > 10000)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("a session and a table are needed"));
          break;
        }
      if (line->entry.false_win)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("false wins are entered one by one, as they are judged"));
          break;
        }
      key = line->session * 65536u + line->table;
      state = g_hash_table_lookup (tables, GUINT_TO_POINTER (key));
      if (state == NULL)
        {
          state = g_new0 (SpTable, 1);
          g_hash_table_insert (tables, GUINT_TO_POINTER (key), state);
          if (!sp_db_load_table (db, tournament, line->session, line->table, state, NULL, error)
              || !check_open (state, error) || !check_players (db, tournament, state, error))
            break;
        }
      if (!sp_hand_entry_judge (&line->entry, state, tournament, rules, record, &result,
                                &false_win, error)
          || !sp_db_record_hand (db, tournament->id, record, error))
        break;
      sp_table_advance (state, tournament->ruleset, repeats, record);
    }
  ok = i == n_hands;
  if (!ok && hands[i].where != NULL)
    g_prefix_error (error, "%s: ", hands[i].where);
  return sp_db_end_write (db, started, ok, error);
}

/* ---- migrations ---------------------------------------------------------------------------- */

typedef struct
{
  gint64  id;
  char   *situation;
} StoredSituation;

static void
add_stored_situation (sqlite3_stmt *statement,
                      gpointer      user_data)
{
  GArray *rows = user_data;
  StoredSituation row = { sqlite3_column_int64 (statement, 0),
                          sp_db_column_text (statement, 1) };

  g_array_append_val (rows, row);
}

static void
clear_stored_situation (gpointer data)
{
  g_free (((StoredSituation *) data)->situation);
}

/* 0002: the situations stored as options ("--last-tile --flowers 2": switches are --name,
 * values --name VALUE) take the stable form ("last-tile flowers=2"). */
static gboolean
convert_situations (SpDb    *db,
                    GError **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (StoredSituation));

  g_array_set_clear_func (rows, clear_stored_situation);
  if (!sp_db_each_row (db, sp_db_prepare (db, "SELECT id, situation FROM hands"
                                          " WHERE situation IS NOT NULL", error),
                       add_stored_situation, rows, "reading the situations", error))
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      StoredSituation *row = &g_array_index (rows, StoredSituation, i);
      g_auto(GStrv) words = g_strsplit (row->situation, " ", -1);
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autoptr(GError) local_error = NULL;
      g_autofree char *text = NULL;
      SpSituation situation;
      SpDbValue values[2];

      for (guint w = 0; words[w] != NULL; w++)
        if (words[w][0] != '\0')
          g_ptr_array_add (args, words[w]);
      sp_situation_init (&situation);
      if (!sp_situation_parse_args (&situation, (const char * const *) args->pdata, args->len,
                                    &local_error))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("hand %lld: the stored situation '%s' cannot be read: %s"),
                       (long long) row->id, row->situation, local_error->message);
          return FALSE;
        }
      text = sp_situation_to_string (&situation);
      values[0] = sp_db_text (text[0] != '\0' ? text : NULL);
      values[1] = sp_db_int (row->id);
      if (!sp_db_run (db, "UPDATE hands SET situation = ? WHERE id = ?", values,
                      G_N_ELEMENTS (values), "converting a situation", error))
        return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_migrate_rows (SpDb     *db,
                    gint64    migration,
                    GError  **error)
{
  if (migration == 2)
    return convert_situations (db, error);
  return TRUE;
}
