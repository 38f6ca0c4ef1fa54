/* sp-db-hands.c: the operations on hands: a table as its hands left it, add, correct, remove
 * and import hands, and the checks that guard each row of a hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

static gboolean
check_hand (const SpHandRecord  *hand,
            GError             **error)
{
  gint64 sum = 1000 * (gint64) hand->sticks;

  /* What the players lose goes to the others, or onto the table as riichi sticks (Riichi). */
  for (guint i = 0; i < 4; i++)
    sum += hand->settlement[i];
  if (sum != 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("session %u table %u hand %u: the settlement with the sticks sums to %"
                     PRId64 ", not 0"), hand->session, hand->table, hand->number, sum);
      return FALSE;
    }
  if ((hand->draw || hand->chombo != 0) != (hand->winner == SP_CHAIR_NONE)
      || (hand->draw && hand->chombo != 0))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("session %u table %u hand %u: a hand is either a draw, a chombo or has a "
                     "winner"), hand->session, hand->table, hand->number);
      return FALSE;
    }
  return TRUE;
}

/* Writes @hand's row, a new one or over the stored one, after the checks every row of a hand
 * passes: a settlement that sums to 0, a draw or a winner, a session drawn and open. */
static gboolean
write_hand (SpDb          *db,
            gint64         tournament,
            SpHandRecord  *hand,
            gboolean       new_hand,
            GError       **error)
{
  SpSessionInfo info;
  gboolean started;
  gboolean ok;

  if (!check_hand (hand, error) || !sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = sp_db_get_open_session (db, tournament, hand->session, &info, error)
       && (new_hand ? sp_db_insert_hand (db, tournament, hand, error)
           : sp_db_update_hand_row (db, tournament, hand, error));
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_record_hand (SpDb          *db,
                   gint64         tournament,
                   SpHandRecord  *hand,
                   GError       **error)
{
  g_return_val_if_fail (db != NULL && hand != NULL, FALSE);

  return write_hand (db, tournament, hand, TRUE, error);
}

gboolean
sp_db_update_hand (SpDb                *db,
                   gint64               tournament,
                   const SpHandRecord  *hand,
                   GError             **error)
{
  g_return_val_if_fail (db != NULL && hand != NULL, FALSE);

  /* An update writes the row from @hand and does not change it. */
  return write_hand (db, tournament, (SpHandRecord *) hand, FALSE, error);
}

gboolean
sp_db_delete_hand (SpDb     *db,
                   gint64    tournament,
                   gint64    id,
                   GError  **error)
{
  g_autoptr(SpHandRecord) hand = NULL;
  SpSessionInfo info;
  gboolean started;
  gboolean ok;

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (hand = sp_db_get_hand (db, tournament, id, error)) != NULL
       && sp_db_get_open_session (db, tournament, hand->session, &info, error)
       && sp_db_delete_hand_row (db, tournament, hand, error);
  return sp_db_end_write (db, started, ok, error);
}

/* ---- the operations on hands ------------------------------------------------------------ */

void
sp_hand_report_clear (SpHandReport *report)
{
  g_clear_pointer (&report->hand, sp_hand_record_free);
  g_clear_pointer (&report->penalties, g_ptr_array_unref);
}

/* Empties @report for an operation on a hand of @tournament: no hand, no penalty, no win yet. */
static void
report_reset (SpHandReport       *report,
              const SpTournament *tournament)
{
  sp_hand_report_clear (report);
  memset (report, 0, sizeof *report);
  sp_score_result_init (&report->result, tournament->ruleset);
}

static gboolean
load_table (SpDb                *db,
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

  if (!sp_db_check_session (tournament, session, error)
      || !sp_db_get_drawn_session (db, tournament->id, session, &info, error))
    return FALSE;
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
  sp_table_init (state, sp_tournament_rotation (tournament), session, table, players);
  state->closed = info.closed;
  sp_table_replay (state, sp_tournament_rotation (tournament), list);
  if (hands != NULL)
    *hands = g_steal_pointer (&list);
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
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL && state != NULL, FALSE);

  if (!sp_db_begin_read (db, &started, error))
    return FALSE;
  ok = load_table (db, tournament, session, table, state, hands, error);
  sp_db_end_read (db, started);
  return ok;
}

/* The table before its hand @number (from 1), replayed from @hands. */
static void
table_before (const SpTournament  *tournament,
              GPtrArray           *hands,
              guint                number,
              SpTable             *state)
{
  SpRotationKind kind = sp_tournament_rotation (tournament);

  sp_rotation_start (&state->next, kind);
  state->n_hands = 0;
  for (guint i = 0; i + 1 < number && i < hands->len; i++)
    sp_table_advance (state, kind, hands->pdata[i]);
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
          g_autoptr(SpPlayer) substitute = NULL;

          /* Nobody takes over a table that has begun (sp_db_replace_player): the hands
           * played there are his.  Once replaced, he cannot be reinstated either. */
          if (!sp_db_find_substitute (db, tournament->id, player->id, &substitute, error))
            return FALSE;
          if (substitute != NULL)
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

/* A table that takes a new hand: its session open, no withdrawn player in its seats. */
static gboolean
load_table_for_hand (SpDb                *db,
                     const SpTournament  *tournament,
                     guint                session,
                     guint                table,
                     SpTable             *state,
                     GError             **error)
{
  return load_table (db, tournament, session, table, state, NULL, error)
         && sp_db_check_open (session, state->closed, error)
         && check_players (db, tournament, state, error);
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

/* ---- stale entries ---------------------------------------------------------------------- */

/* A stored time (UTC, ISO 8601) on the local clock, "14:02", for a person at the table. */
static char *
local_clock (const char *at)
{
  g_autoptr(GDateTime) utc = at != NULL ? g_date_time_new_from_iso8601 (at, NULL) : NULL;
  g_autoptr(GDateTime) local = utc != NULL ? g_date_time_to_local (utc) : NULL;

  return local != NULL ? g_date_time_format (local, "%H:%M") : g_strdup ("?");
}

/* Refuses a new hand typed as hand @expect_hand when the table is not at that number any
 * more: other hands were entered, or one deleted, since the referee saw it. */
static gboolean
same_seats (const SpRotation *a,
            const SpRotation *b)
{
  return a->round_wind == b->round_wind && a->streak == b->streak
         && memcmp (a->seat_wind, b->seat_wind, sizeof a->seat_wind) == 0;
}

/* Refuses a new hand whose number is right but whose deal moved since the referee saw it (an
 * earlier hand corrected: the dealer repeats or passes otherwise), naming the last correction. */
static gboolean
check_seats (SpDb                *db,
             const SpTournament  *tournament,
             const SpTable       *state,
             const SpRotation    *expect_seats,
             GError             **error)
{
  g_autoptr(GPtrArray) hands = NULL;
  const SpHandRecord *last = NULL;
  g_autofree char *at = NULL;

  if (expect_seats == NULL || same_seats (expect_seats, &state->next))
    return TRUE;
  hands = sp_db_list_hands (db, tournament->id, state->session, state->table, error);
  if (hands == NULL)
    return FALSE;
  for (guint i = 0; i < hands->len; i++)
    {
      const SpHandRecord *hand = hands->pdata[i];

      /* ISO 8601 times in UTC sort as text. */
      if (hand->changed_at != NULL
          && (last == NULL || g_strcmp0 (hand->changed_at, last->changed_at) > 0))
        last = hand;
    }
  if (last == NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE,
                   _("table %u: the seats of hand %u have changed"), state->table,
                   state->n_hands + 1);
      return FALSE;
    }
  at = local_clock (last->changed_at);
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE,
               _("table %u: the seats of hand %u have changed: hand %u was corrected by %s at "
                 "%s"), state->table, state->n_hands + 1, last->number, last->changed_by, at);
  return FALSE;
}

static gboolean
check_next_hand (SpDb                *db,
                 const SpTournament  *tournament,
                 const SpTable       *state,
                 guint                expect_hand,
                 const SpRotation    *expect_seats,
                 GError             **error)
{
  guint next = state->n_hands + 1;
  g_autofree char *change = NULL;

  if (expect_hand == 0 || expect_hand == next)
    return check_seats (db, tournament, state, expect_seats, error);
  if (expect_hand < next)
    {
      g_autoptr(GPtrArray) hands = sp_db_list_hands (db, tournament->id, state->session,
                                                     state->table, error);
      const SpHandRecord *first;
      const SpHandRecord *last;
      g_autofree char *first_at = NULL;
      g_autofree char *last_at = NULL;

      if (hands == NULL)
        return FALSE;
      g_return_val_if_fail (hands->len == state->n_hands, FALSE);
      first = hands->pdata[expect_hand - 1];
      last = hands->pdata[hands->len - 1];
      first_at = local_clock (first->entered_at);
      last_at = local_clock (last->entered_at);
      if (first == last)
        change = g_strdup_printf (_("hand %u was entered by %s at %s"), first->number,
                                  first->entered_by, first_at);
      else
        change = g_strdup_printf (_("hands %u to %u were entered, hand %u by %s at %s"),
                                  first->number, last->number, last->number, last->entered_by,
                                  last_at);
    }
  else
    {
      g_autoptr(SpHandChange) deletion = NULL;

      if (!sp_db_find_hand_deletion (db, tournament->id, state->session, state->table,
                                     &deletion, error))
        return FALSE;
      if (deletion != NULL)
        {
          g_autofree char *at = local_clock (deletion->at);

          change = g_strdup_printf (_("hand %u was deleted by %s at %s"), deletion->number,
                                    deletion->who, at);
        }
      else
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE,
                       _("table %u is at hand %u, not hand %u"), state->table, next,
                       expect_hand);
          return FALSE;
        }
    }
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE, _("table %u is at hand %u: %s"),
               state->table, next, change);
  return FALSE;
}

/* Refuses a correction or a deletion of @hand made against its version @expect_version when it
 * has changed since. */
static gboolean
check_version (const SpHandRecord  *hand,
               guint                expect_version,
               GError             **error)
{
  g_autofree char *at = NULL;

  if (expect_version == 0 || expect_version == hand->version)
    return TRUE;
  if (hand->changed_by == NULL || expect_version > hand->version)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE,
                   _("table %u hand %u is at version %u, not %u"), hand->table, hand->number,
                   hand->version, expect_version);
      return FALSE;
    }
  at = local_clock (hand->changed_at);
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_STALE,
               _("table %u hand %u was corrected by %s at %s (version %u, not %u)"),
               hand->table, hand->number, hand->changed_by, at, hand->version, expect_version);
  return FALSE;
}

gboolean
sp_db_check_hand_version (const SpHandRecord  *hand,
                          guint                expect_version,
                          GError             **error)
{
  return check_version (hand, expect_version, error);
}

/* ---- entering and correcting ------------------------------------------------------------- */

static gboolean
add_hand (SpDb                *db,
          const SpTournament  *tournament,
          const SpRules       *rules,
          guint                session,
          guint                table,
          guint                expect_hand,
          const SpRotation    *expect_seats,
          const SpHandEntry   *entry,
          SpHandReport        *report,
          GError             **error)
{
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);

  /* Sent again (the station could not know whether its first sending was saved): the hand
   * stored then is the answer, and nothing is written. */
  if (entry->key != NULL)
    {
      g_autoptr(SpHandRecord) sent = NULL;
      g_autoptr(GPtrArray) hands = NULL;

      if (!sp_db_find_hand_by_key (db, tournament->id, entry->key, &sent, error))
        return FALSE;
      if (sent != NULL)
        {
          if (!load_table (db, tournament, sent->session, sent->table, &report->table, &hands,
                           error))
            return FALSE;
          table_before (tournament, hands, sent->number, &report->table);
          report->repeated = TRUE;
          report->hand = g_steal_pointer (&sent);
          return TRUE;
        }
    }
  if (!load_table_for_hand (db, tournament, session, table, &report->table, error)
      || !check_next_hand (db, tournament, &report->table, expect_hand, expect_seats, error)
      || !sp_hand_entry_judge (entry, &report->table, tournament, rules, record, &report->result,
                               &report->false_win, error))
    return FALSE;
  if (report->false_win)
    return record_false_win (db, tournament, rules, entry, report, error);
  record->entry_key = g_strdup (entry->key);
  return sp_db_record_hand (db, tournament->id, record, error)
         && (report->hand = sp_db_get_hand (db, tournament->id, record->id, error)) != NULL;
}

/* The rules an operation scores with: the tournament's as stored when the operation runs, read
 * in its own transaction (another station, the director's, may have changed them since
 * @given was read); the caller's @rules only when they are not @given's own (a caller's
 * rules of its own making). */
static const SpRules *
rules_of (const SpTournament *current,
          const SpTournament *given,
          const SpRules      *rules)
{
  return rules == given->rules ? current->rules : rules;
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
  return sp_db_add_hand_expecting (db, tournament, rules, session, table, 0, NULL, entry,
                                   report, error);
}

gboolean
sp_db_add_hand_expecting (SpDb                *db,
                          const SpTournament  *tournament,
                          const SpRules       *rules,
                          guint                session,
                          guint                table,
                          guint                expect_hand,
                          const SpRotation    *expect_seats,
                          const SpHandEntry   *entry,
                          SpHandReport        *report,
                          GError             **error)
{
  g_autoptr(SpTournament) current = NULL;
  gboolean started;

  g_return_val_if_fail (db != NULL && tournament != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (entry != NULL && report != NULL, FALSE);

  report_reset (report, tournament);
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  current = sp_db_get_tournament (db, tournament->id, error);
  return sp_db_end_write (db, started,
                          current != NULL
                          && add_hand (db, current, rules_of (current, tournament, rules),
                                       session, table, expect_hand, expect_seats, entry, report,
                                       error),
                          error);
}

gboolean
sp_db_get_hand_entry (SpDb               *db,
                      const SpTournament *tournament,
                      gint64              id,
                      SpHandEntry        *entry,
                      SpTable            *state,
                      GError            **error)
{
  g_autoptr(SpHandRecord) hand = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  gboolean started;
  gboolean ok;

  sp_hand_entry_init (entry);
  if (!sp_db_begin_read (db, &started, error))
    return FALSE;
  ok = (hand = sp_db_get_hand (db, tournament->id, id, error)) != NULL
       && load_table (db, tournament, hand->session, hand->table, state, &hands, error);
  sp_db_end_read (db, started);
  if (!ok)
    return FALSE;
  table_before (tournament, hands, hand->number, state);
  return sp_hand_entry_from_record (entry, hand, &state->next, error);
}

static gboolean
same_win (const SpHandWin *a,
          const SpHandWin *b)
{
  return a->winner == b->winner && g_strcmp0 (a->notation, b->notation) == 0
         && g_strcmp0 (a->situation, b->situation) == 0
         && sp_hand_items_equal (a->items, b->items)
         && a->total == b->total && a->has_value == b->has_value
         && memcmp (&a->value, &b->value, sizeof a->value) == 0;
}

/* Whether a hand judged again is the row as stored: every column the judgement writes. */
static gboolean
same_record (const SpHandRecord *a,
             const SpHandRecord *b)
{
  if (a->n_also != b->n_also)
    return FALSE;
  for (guint i = 0; i < a->n_also; i++)
    if (!same_win (&a->also[i], &b->also[i]))
      return FALSE;
  return a->number == b->number && a->winner == b->winner && a->discarder == b->discarder
         && a->draw == b->draw && g_strcmp0 (a->notation, b->notation) == 0
         && g_strcmp0 (a->situation, b->situation) == 0
         && sp_hand_items_equal (a->items, b->items) && a->total == b->total
         && memcmp (a->settlement, b->settlement, sizeof a->settlement) == 0
         && a->riichi == b->riichi && a->tenpai == b->tenpai && a->chombo == b->chombo
         && a->sticks == b->sticks && a->has_value == b->has_value
         && memcmp (&a->value, &b->value, sizeof a->value) == 0;
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

  if (!load_table (db, tournament, session, table, &state, &hands, error)
      || !sp_db_check_open (session, state.closed, error))
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
  table_before (tournament, hands, start + 1, &report->table);
  return TRUE;
}

/* A hand of a closed session is frozen; under the director's lock it may be corrected or
 * deleted all the same: the session is opened for the change and closed again in the same
 * transaction, so that the log shows both, and every rule of an open session applies.  Without
 * a PIN on the tournament a closed session is refused as always (reopen it first); with one
 * and the lock shut, SP_DB_ERROR_PIN_REQUIRED.  *@reclose says to close it again. */
static gboolean
open_for_director (SpDb                *db,
                   const SpTournament  *tournament,
                   const SpHandRecord  *old,
                   gboolean             deleting,
                   SpSessionInfo       *info,
                   gboolean            *reclose,
                   GError             **error)
{
  gboolean used = FALSE;

  *reclose = FALSE;
  if (!sp_db_get_drawn_session (db, tournament->id, old->session, info, error))
    return FALSE;
  if (!info->closed)
    return TRUE;
  if (deleting
      ? !sp_db_require_director (db, tournament->id, "hand delete", old->id, &used, error,
                                 _("A director's PIN is required to delete hand %" PRId64
                                   " (session %u table %u hand %u): its session is closed."),
                                 old->id, old->session, old->table, old->number)
      : !sp_db_require_director (db, tournament->id, "hand edit", old->id, &used, error,
                                 _("A director's PIN is required to correct hand %" PRId64
                                   " (session %u table %u hand %u): its session is closed."),
                                 old->id, old->session, old->table, old->number))
    return FALSE;
  if (!used)
    return TRUE;
  *reclose = TRUE;
  return sp_db_set_session_closed (db, tournament->id, old->session, FALSE, FALSE, error);
}

/* Closes again a session open_for_director () opened. */
static gboolean
close_after_director (SpDb                 *db,
                      const SpTournament   *tournament,
                      const SpSessionInfo  *info,
                      gboolean              reclose,
                      GError              **error)
{
  return !reclose
         || sp_db_set_session_closed (db, tournament->id, info->number, TRUE, info->time_up,
                                      error);
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
  return sp_db_correct_hand_expecting (db, tournament, rules, id, 0, entry, report, error);
}

gboolean
sp_db_correct_hand_expecting (SpDb                *db,
                              const SpTournament  *tournament,
                              const SpRules       *rules,
                              gint64               id,
                              guint                expect_version,
                              const SpHandEntry   *entry,
                              SpHandReport        *report,
                              GError             **error)
{
  g_autoptr(SpHandRecord) old = NULL;
  g_autoptr(SpTournament) current = NULL;
  SpSessionInfo info = { 0 };
  gboolean reclose = FALSE;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (entry != NULL && report != NULL, FALSE);

  report_reset (report, tournament);
  if (entry->false_win)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("hand %lld: a false win is a penalty, not a hand: it cannot replace one"),
                   (long long) id);
      return FALSE;
    }
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  /* The reason said goes with the correction's lines of the audit log, and with no other. */
  ok = (current = sp_db_get_tournament (db, tournament->id, error)) != NULL
       && sp_db_set_audit_note (db, entry->reason, error)
       && (old = sp_db_get_hand (db, current->id, id, error)) != NULL
       && check_version (old, expect_version, error)
       && open_for_director (db, current, old, FALSE, &info, &reclose, error)
       && rescore_and_write (db, current, rules_of (current, tournament, rules), old->session,
                             old->table, old->number - 1, entry, report, error)
       && (report->hand = sp_db_get_hand (db, current->id, id, error)) != NULL
       && close_after_director (db, current, &info, reclose, error);
  if (entry->reason != NULL)
    sp_db_set_audit_note (db, NULL, NULL);
  return sp_db_end_write (db, started, ok, error);
}

/* Deletes @old; the table after it is judged again from its place. */
static gboolean
remove_hand (SpDb                *db,
             const SpTournament  *tournament,
             const SpRules       *rules,
             const SpHandRecord  *old,
             SpTable             *before,
             GError             **error)
{
  g_autoptr(GPtrArray) hands = NULL;
  g_auto(SpHandReport) rescored = { 0 };

  /* sp_db_delete_hand refuses a closed session. */
  if (!load_table (db, tournament, old->session, old->table, before, &hands, error))
    return FALSE;
  table_before (tournament, hands, old->number, before);
  return sp_db_delete_hand (db, tournament->id, old->id, error)
         && rescore_and_write (db, tournament, rules, old->session, old->table, old->number - 1,
                               NULL, &rescored, error);
}

gboolean
sp_db_remove_hand (SpDb                *db,
                   const SpTournament  *tournament,
                   const SpRules       *rules,
                   gint64               id,
                   SpHandReport        *report,
                   GError             **error)
{
  return sp_db_remove_hand_expecting (db, tournament, rules, id, 0, report, error);
}

gboolean
sp_db_remove_hand_expecting (SpDb                *db,
                             const SpTournament  *tournament,
                             const SpRules       *rules,
                             gint64               id,
                             guint                expect_version,
                             SpHandReport        *report,
                             GError             **error)
{
  g_autoptr(SpHandRecord) old = NULL;
  g_autoptr(SpTournament) current = NULL;
  SpSessionInfo info = { 0 };
  gboolean reclose = FALSE;
  SpTable before;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (report != NULL, FALSE);

  report_reset (report, tournament);
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = (current = sp_db_get_tournament (db, tournament->id, error)) != NULL
       && (old = sp_db_get_hand (db, current->id, id, error)) != NULL
       && check_version (old, expect_version, error)
       && open_for_director (db, current, old, TRUE, &info, &reclose, error)
       && remove_hand (db, current, rules_of (current, tournament, rules), old, &before, error)
       && close_after_director (db, current, &info, reclose, error);
  if (ok)
    {
      report->table = before;
      report->hand = g_steal_pointer (&old);
    }
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
  gboolean started;
  gboolean ok = FALSE;
  guint i;

  g_return_val_if_fail (db != NULL && tournament != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (hands != NULL || n_hands == 0, FALSE);

  if (!sp_db_begin_write (db, &started, error))
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
          if (!load_table_for_hand (db, tournament, line->session, line->table, state, error))
            break;
        }
      if (!sp_hand_entry_judge (&line->entry, state, tournament, rules, record, &result,
                                &false_win, error)
          || !sp_db_record_hand (db, tournament->id, record, error))
        break;
      sp_table_advance (state, sp_tournament_rotation (tournament), record);
    }
  ok = i == n_hands;
  if (!ok && hands[i].where != NULL)
    g_prefix_error (error, "%s: ", hands[i].where);
  return sp_db_end_write (db, started, ok, error);
}

