/* sp-db-two-key.c: two-key entry, a tournament's choice: a hand entered at one referee station
 * counts in the standings once a second station, or the director, confirms it.
 *
 * The database keeps the rule that matters (0013-two-key.sql): a confirmation names the
 * hand's current version, and every new version of the hand clears it, so that a hand has at
 * most one confirmed version.  The rules of who may confirm are the store's, here: not the
 * referee who made the hand's current version, unless that is the director: the director's
 * PIN given on this connection or, on a server, a user who is a member of the role director
 * (db roles; a superuser, member of every role, is not taken for the director).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-backend.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>

gboolean
sp_db_set_two_key (SpDb      *db,
                   gint64     tournament,
                   gboolean   on,
                   GError   **error)
{
  g_autoptr(SpTournament) current = NULL;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (current = sp_db_get_tournament (db, tournament, error)) != NULL
       && (current->two_key == (on != FALSE)
           || sp_db_update_two_key (db, tournament, on, error));
  return sp_db_end_write (db, started, ok, error);
}

/* On a server, whether this connection's user is a member of the role director. */
static gboolean
has_director_role (SpDb      *db,
                   gboolean  *director,
                   GError   **error)
{
  gint64 member = 0;
  gboolean found;

  *director = FALSE;
  if (sp_db_can (db, SP_DB_CAN_FILE))
    return TRUE;
  if (!sp_db_read_int64 (db, sp_db_query (db,
    "SELECT count (*) FROM pg_roles r WHERE r.rolname = 'director'"
    " AND pg_has_role (current_user, r.oid, 'MEMBER')"
    " AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)", NULL, 0, error),
    &member, &found, "reading the roles of this connection", error))
    return FALSE;
  *director = member > 0;
  return TRUE;
}

/* Whether the maker of @hand's current version may confirm it: only as the director. */
static gboolean
check_second_key (SpDb                *db,
                  gint64               tournament,
                  const SpHandRecord  *hand,
                  GError             **error)
{
  const char *referee = sp_db_get_referee (db);
  const char *maker = hand->changed_by != NULL ? hand->changed_by : hand->entered_by;
  g_autoptr(GError) local_error = NULL;
  gboolean director = FALSE;
  gboolean used = FALSE;

  if (g_strcmp0 (maker, referee) != 0)
    return TRUE;
  if (!has_director_role (db, &director, error))
    return FALSE;
  if (director)
    return TRUE;
  if (sp_db_require_director (db, tournament, "hand confirm", hand->id, &used, &local_error,
                              "%s", "") && used)
    return TRUE;
  if (local_error != NULL && !g_error_matches (local_error, SP_DB_ERROR,
                                               SP_DB_ERROR_PIN_REQUIRED))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (hand->changed_by != NULL)
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                 /* Translators: a hand's id, its table and number, then the referee's name. */
                 _("Hand %" PRId64 " (table %u hand %u) was corrected by %s: a second referee "
                   "confirms it, or the director with the director's PIN."),
                 hand->id, hand->table, hand->number, maker);
  else
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                 /* Translators: a hand's id, its table and number, then the referee's name. */
                 _("Hand %" PRId64 " (table %u hand %u) was entered by %s: a second referee "
                   "confirms it, or the director with the director's PIN."),
                 hand->id, hand->table, hand->number, maker);
  return FALSE;
}

gboolean
sp_db_confirm_hand (SpDb           *db,
                    gint64          tournament,
                    gint64          id,
                    guint           expect_version,
                    SpHandRecord  **confirmed,
                    gboolean       *already,
                    GError        **error)
{
  g_autoptr(SpTournament) current = NULL;
  g_autoptr(SpHandRecord) hand = NULL;
  SpSessionInfo info;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && confirmed != NULL && already != NULL, FALSE);

  *confirmed = NULL;
  *already = FALSE;
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (current = sp_db_get_tournament (db, tournament, error)) != NULL;
  if (ok && !current->two_key)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Two-key entry is off in “%s”: every hand counts as entered, none awaits "
                     "confirmation (tournament edit --two-key on)."), current->name);
      ok = FALSE;
    }
  ok = ok && (hand = sp_db_get_hand (db, tournament, id, error)) != NULL
       && sp_db_check_hand_version (hand, expect_version, error)
       && sp_db_get_open_session (db, tournament, hand->session, &info, error);
  if (ok && hand->confirmed_by != NULL)
    *already = TRUE;
  else
    ok = ok && check_second_key (db, tournament, hand, error)
         && sp_db_confirm_hand_row (db, tournament, hand, sp_db_get_referee (db), error);
  ok = ok && (*confirmed = sp_db_get_hand (db, tournament, id, error)) != NULL;
  if (!sp_db_end_write (db, started, ok, error))
    {
      g_clear_pointer (confirmed, sp_hand_record_free);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_check_confirmed (SpDb      *db,
                       gint64     tournament,
                       guint      session,
                       GError   **error)
{
  const SpDbValue values[] = { sp_db_int (tournament), sp_db_int (session) };
  g_autoptr(GArray) waiting = NULL;
  g_autoptr(GString) which = NULL;

  waiting = sp_db_list_int64 (db, sp_db_query (db,
    "SELECT h.table_number * 1000000 + h.number FROM hands h"
    " JOIN sessions s ON s.id = h.session_id JOIN tournaments t ON t.id = s.tournament_id"
    " WHERE s.tournament_id = ?1 AND s.number = ?2 AND t.two_key = 1"
    " AND h.confirmed_by IS NULL ORDER BY h.table_number, h.number", values,
    G_N_ELEMENTS (values), error), "looking for hands that await confirmation", error);
  if (waiting == NULL)
    return FALSE;
  if (waiting->len == 0)
    return TRUE;
  which = g_string_new (NULL);
  for (guint i = 0; i < waiting->len && i < 5; i++)
    {
      gint64 key = g_array_index (waiting, gint64, i);

      if (i > 0)
        g_string_append (which, ", ");
      /* Translators: a table's number, then a hand's, in a list of hands. */
      g_string_append_printf (which, _("table %u hand %u"), (guint) (key / 1000000),
                              (guint) (key % 1000000));
    }
  if (waiting->len > 5)
    g_string_append (which, ", …");
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               g_dngettext (GETTEXT_PACKAGE,
                            "Session %u: %u hand awaits confirmation (%s); confirm it, or "
                            "correct or delete it, before closing the session.",
                            "Session %u: %u hands await confirmation (%s); confirm them, or "
                            "correct or delete them, before closing the session.",
                            waiting->len),
               session, waiting->len, which->str);
  return FALSE;
}

/* ---- what awaits confirmation, for the standings ----------------------------------------- */

typedef struct
{
  GArray     *pending;  /* SpPendingHands */
} PendingRead;

static void
add_waiting (SpDbRow  *row,
             gpointer  user_data)
{
  PendingRead *read = user_data;
  SpPendingHands pending = { 0 };

  pending.player = sp_db_row_int64 (row, 0);
  pending.hands = sp_db_row_int (row, 1);
  g_array_append_val (read->pending, pending);
}

static const SpStanding *
find_standing (GArray *standings,
               gint64  player)
{
  for (guint i = 0; i < standings->len; i++)
    if (g_array_index (standings, SpStanding, i).player == player)
      return &g_array_index (standings, SpStanding, i);
  return NULL;
}

GArray *
sp_db_compute_pending (SpDb                *db,
                       const SpTournament  *tournament,
                       guint                last_session,
                       guint               *n_hands,
                       GError             **error)
{
  const SpDbValue values[] = { sp_db_int (tournament->id), sp_db_int (last_session) };
  g_autoptr(GArray) pending = g_array_new (FALSE, TRUE, sizeof (SpPendingHands));
  g_autoptr(GArray) counted = NULL;
  g_autoptr(GArray) all = NULL;
  PendingRead read = { pending };
  gint64 two_key = 0;
  gint64 count = 0;
  gboolean found;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL && n_hands != NULL, NULL);

  *n_hands = 0;
  if (last_session > 0 && !sp_db_check_session (tournament, last_session, error))
    return NULL;
  if (!sp_db_begin_read (db, &started, error))
    return NULL;
  /* Nothing awaits confirmation where two-key entry is off: every hand counts, and the hands
   * are not read (a standings refresh of a large event stays as fast as before). */
  ok = sp_db_read_int64 (db, sp_db_query (db, "SELECT two_key FROM tournaments WHERE id = ?",
                                          values, 1, error),
                         &two_key, &found, "reading the tournament", error);
  if (ok && two_key != 0)
    ok = sp_db_read_int64 (db, sp_db_query (db,
      "SELECT count (*) FROM hands h JOIN sessions s ON s.id = h.session_id"
      " WHERE s.tournament_id = ?1 AND (?2 = 0 OR s.number <= ?2)"
      " AND h.confirmed_by IS NULL", values, G_N_ELEMENTS (values), error),
      &count, &found, "counting the hands that await confirmation", error);
  if (ok && count > 0)
    ok = sp_db_each_row (db, sp_db_query (db,
      "SELECT st.player_id, count (*) FROM hands h JOIN sessions s ON s.id = h.session_id"
      " JOIN seats st ON st.session_id = h.session_id AND st.table_number = h.table_number"
      " WHERE s.tournament_id = ?1 AND (?2 = 0 OR s.number <= ?2) AND h.confirmed_by IS NULL"
      " GROUP BY st.player_id ORDER BY st.player_id", values, G_N_ELEMENTS (values), error),
      add_waiting, &read, "counting the hands that await confirmation", error)
         && (counted = sp_db_compute_standings_counting (db, tournament, last_session,
                                                         SP_DB_COUNT_CONFIRMED, error)) != NULL
         && (all = sp_db_compute_standings_counting (db, tournament, last_session,
                                                     SP_DB_COUNT_ALL, error)) != NULL;
  sp_db_end_read (db, started);
  if (!ok)
    return NULL;
  *n_hands = (guint) count;
  /* What each player's hands would add: the standings with them less those without. */
  for (guint i = 0; count > 0 && i < pending->len; i++)
    {
      SpPendingHands *p = &g_array_index (pending, SpPendingHands, i);
      const SpStanding *with = find_standing (all, p->player);
      const SpStanding *without = find_standing (counted, p->player);

      p->score = (with != NULL ? with->score : 0) - (without != NULL ? without->score : 0);
      p->table_points_x12 = (with != NULL ? with->table_points_x12 : 0)
                            - (without != NULL ? without->table_points_x12 : 0);
    }
  return g_steal_pointer (&pending);
}
