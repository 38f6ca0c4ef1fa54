/* sp-riichi-entry.c: a Riichi hand entered at a table and judged as a hand of the hanchan (a
 * win with one or several winners, an exhaustive draw with its tenpai seats, or a chombo, the
 * sticks moved with it), and a recorded hand's wins judged again; the riichi description's
 * SpRulesetClass.judge_entry and .score_record_wins.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-riichi-private.h"

#include "sp-entry-private.h"
#include "sp-riichi-table.h"
#include "sp-rules-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Bit per chair of @seats, a bit per seat wind in this hand. */
static guint8
chairs_of_seats (const SpRotation *rotation,
                 guint8            seats)
{
  guint8 chairs = 0;

  for (guint seat = 0; seat < 4; seat++)
    if (seats & (1u << seat))
      chairs |= (guint8) (1u << sp_rotation_chair_at (rotation, (SpWind) seat));
  return chairs;
}

/* The value of a Riichi win: its tiles scored, or its han and fu settled, with the counters
 * and sticks of the table. */
static gboolean
value_riichi_win (const SpHandEntry  *entry,
                  const SpTable      *table,
                  const SpRules      *rules,
                  SpSituation        *s,
                  SpScoreResult      *result,
                  GError            **error)
{
  guint number = table->next.number;
  guint on_table = table->sticks + (guint) __builtin_popcount (entry->riichi);
  g_autoptr(GError) local_error = NULL;

  *s = entry->situation;
  if ((s->given & SP_SITUATION_HONBA) && s->honba != table->next.streak)
    return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                            _("--honba %d contradicts the table: it has %u counters"), s->honba,
                            (guint) table->next.streak);
  if ((s->given & SP_SITUATION_RIICHI_STICKS) && s->riichi_sticks != (gint32) on_table)
    return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                            _("--riichi-sticks %d contradicts the table: %u riichi sticks are on "
                              "it with this hand's"), s->riichi_sticks, on_table);
  s->seat_wind = (guint8) entry->winner;
  s->round_wind = table->next.round_wind;
  s->dealer = SP_WIND_EAST;
  s->self_drawn = entry->from == SP_HAND_ENTRY_SELF_DRAWN;
  s->discarder = s->self_drawn ? SP_SEAT_NONE : (guint8) entry->from;
  s->honba = table->next.streak;
  s->riichi_sticks = 0; /* the table moves the sticks */
  s->riichi = (entry->riichi & (1u << entry->winner)) && !s->double_riichi;
  if (s->double_riichi && !(entry->riichi & (1u << entry->winner)))
    return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                            _("--double-riichi, but the winner %s is not among the --riichi seats"),
                            sp_wind_to_string ((SpWind) entry->winner));
  s->given |= SP_SITUATION_SEAT_WIND | SP_SITUATION_ROUND_WIND | SP_SITUATION_DEALER
              | SP_SITUATION_HONBA;
  if (entry->has_value)
    {
      if (!sp_rules_settle_value (rules, s, &entry->value, result, &local_error))
        return sp_table_refuse (error, (SpCoreError) local_error->code, table, number, "%s",
                                local_error->message);
      return TRUE;
    }
  {
    SpHand hand;

    if (!sp_hand_parse_for (sp_rules_get_ruleset (rules), entry->tiles, &hand, NULL,
                            &local_error))
      return sp_table_refuse (error, (SpCoreError) local_error->code, table, number, "%s",
                              local_error->message);
    sp_rules_score (rules, &hand, s, result);
  }
  if (!result->win)
    return sp_table_refuse (error, result->error_code, table, number, "%s", result->message);
  return TRUE;
}

/* The @i-th winner of @entry (0: its own, then the further ones on the same discard) as an
 * entry of his own, borrowing @entry's strings: not to be cleared. */
static void
win_view (const SpHandEntry *entry,
          guint              i,
          SpHandEntry       *view)
{
  *view = *entry;
  if (i > 0)
    {
      const SpHandEntryWin *win = &entry->also[i - 1];

      view->winner = win->winner;
      view->tiles = win->tiles;
      view->has_value = win->has_value;
      view->value = win->value;
      view->situation = win->situation;
      view->has_total = FALSE;
    }
  view->n_also = 0;
}

/* A Riichi hand: a win (its tiles, or its han and fu), an exhaustive draw with its tenpai
 * seats, or a chombo; the riichi declared by seat.  The settlement moves the riichi sticks
 * too (record->sticks). */
gboolean
sp_riichi_judge_entry (const SpHandEntry  *entry,
                       const SpTable      *table,
                       const SpTournament *tournament,
                       const SpRules      *rules,
                       SpHandRecord       *record,
                       SpScoreResult      *result,
                       GError            **error)
{
  const SpRotation *rotation = &table->next;
  guint number = rotation->number;
  SpRiichiTableRules table_rules;
  SpRiichiTable state = { .rotation = table->next, .sticks = (guint8) MIN (table->sticks, 255) };
  SpRiichiTable before;
  SpRiichiHand hand = { .riichi = entry->riichi };
  SpHandEntry views[1 + SP_HAND_ENTRY_MAX_ALSO];
  SpSituation situations[1 + SP_HAND_ENTRY_MAX_ALSO];
  SpScoreResult others[SP_HAND_ENTRY_MAX_ALSO]; /* the verdicts of the further winners */
  guint n_winners = 0;
  gint32 delta[4];
  g_autoptr(GError) local_error = NULL;

  if (!sp_riichi_table_rules_of (rules, &table_rules, &local_error))
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number, "%s",
                            local_error->message);
  if (entry->riichi > 0xf || entry->tenpai > 0xf)
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                            _("a seat that is not E, S, W or N"));
  if (entry->chombo != SP_HAND_ENTRY_UNSAID)
    {
      if (entry->chombo < 0 || entry->chombo > 3)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("a chombo needs the offender's seat (E, S, W or N)"));
      if (entry->draw || entry->winner >= 0 || entry->from >= 0 || entry->tiles != NULL
          || entry->has_value || entry->has_total)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("a chombo has no winner, discarder, hand or value: the hand is "
                                  "dealt again"));
      hand.kind = SP_RIICHI_HAND_CHOMBO;
      hand.offender = (guint8) entry->chombo;
    }
  else if (entry->draw)
    {
      if (entry->winner >= 0 || entry->from >= 0 || entry->tiles != NULL || entry->has_value
          || entry->has_total)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("a draw has no winner, discarder, hand or value"));
      hand.kind = SP_RIICHI_HAND_DRAW;
      hand.tenpai = entry->tenpai;
    }
  else
    {
      if (entry->n_also > SP_HAND_ENTRY_MAX_ALSO)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("a win has at most three winners"));
      if (entry->tenpai != 0)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("--tenpai is for an exhaustive draw"));
      /* Each winner is judged as a hand of his own: the entry's winner, then the others on
       * the same discard. */
      n_winners = 1 + entry->n_also;
      for (guint i = 0; i < n_winners; i++)
        {
          SpHandEntry *view = &views[i];

          win_view (entry, i, view);
          if (i > 0)
            sp_score_result_init (&others[i - 1], sp_rules_get_ruleset (rules));
          if (view->winner < 0 || view->winner > 3 || view->from < 0
              || view->from > SP_HAND_ENTRY_SELF_DRAWN || view->from == view->winner)
            return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                    _("a win needs the winner's seat (E, S, W or N) and where the "
                                      "tile came from (another seat or self-drawn), or else it "
                                      "is a draw"));
          if ((view->tiles != NULL) + view->has_value + view->has_total != 1)
            return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                    _("a riichi win needs its tiles (--hand), or its --han and "
                                      "--fu, or --yakuman"));
          for (guint j = 0; j < i; j++)
            if (views[j].winner == view->winner)
              return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                      _("the winner %s is given twice"),
                                      sp_wind_to_string ((SpWind) view->winner));
          if (!sp_hand_entry_check_seating (view, table, error))
            return FALSE;
          if (!value_riichi_win (view, table, rules, &situations[i],
                                 i == 0 ? result : &others[i - 1], error))
            return FALSE;
          hand.winners[i].seat = (guint8) view->winner;
          memcpy (hand.winners[i].settlement, (i == 0 ? result : &others[i - 1])->settlement,
                  sizeof hand.winners[i].settlement);
        }
      hand.kind = SP_RIICHI_HAND_WIN;
      hand.discarder = entry->from == SP_HAND_ENTRY_SELF_DRAWN ? SP_RIICHI_SELF_DRAWN
                       : (guint8) entry->from;
      hand.n_winners = (guint8) n_winners;
    }
  before = state;
  if (!sp_riichi_table_play (&state, &table_rules, &hand, delta, &local_error))
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number, "%s",
                            local_error->message);

  record->draw = hand.kind == SP_RIICHI_HAND_DRAW;
  record->riichi = hand.kind == SP_RIICHI_HAND_CHOMBO ? 0 : chairs_of_seats (rotation,
                                                                             entry->riichi);
  record->tenpai = record->draw ? chairs_of_seats (rotation, entry->tenpai) : 0;
  record->chombo = hand.kind == SP_RIICHI_HAND_CHOMBO
                   ? chairs_of_seats (rotation, (guint8) (1u << entry->chombo)) : 0;
  record->sticks = (gint32) state.sticks - (gint32) MIN (table->sticks, 255);
  for (guint chair = 0; chair < 4; chair++)
    record->settlement[chair] = delta[chair];
  if (hand.kind == SP_RIICHI_HAND_WIN)
    {
      guint from = entry->from == SP_HAND_ENTRY_SELF_DRAWN ? 0 : (guint) entry->from;

      if (entry->from != SP_HAND_ENTRY_SELF_DRAWN)
        record->discarder = (gint) sp_rotation_chair_at (rotation, (SpWind) entry->from);
      /* The record keeps the winners in turn order after the discarder: the first takes the
       * sticks. */
      for (guint step = 1; step <= 4; step++)
        for (guint i = 0; i < n_winners; i++)
          {
            const SpHandEntry *view = &views[i];
            const SpScoreResult *won = i == 0 ? result : &others[i - 1];
            SpSituation kept = view->situation;
            SpHandWin win = { 0 };

            if ((guint) view->winner != (from + step) % 4)
              continue;
            win.winner = (gint) sp_rotation_chair_at (rotation, (SpWind) view->winner);
            win.total = won->total + sp_riichi_table_sticks_won (&before, &hand,
                                                                  (guint) view->winner);
            win.notation = g_strdup (view->tiles);
            win.items = sp_hand_items_new_from_result (won);
            win.has_value = view->has_value;
            win.value = view->value;
            kept.given &= ~(guint32) (SP_HAND_ENTRY_SEATING_FIELDS | SP_SITUATION_HONBA
                                      | SP_SITUATION_RIICHI_STICKS);
            win.situation = sp_situation_to_string (&kept);
            if (win.situation[0] == '\0')
              g_clear_pointer (&win.situation, g_free);
            if (record->winner == SP_CHAIR_NONE)
              {
                record->winner = win.winner;
                record->total = win.total;
                record->notation = win.notation;
                record->items = win.items;
                record->has_value = win.has_value;
                record->value = win.value;
                record->situation = win.situation;
              }
            else
              record->also[record->n_also++] = win;
          }
    }
  return TRUE;
}

/* The wins of a Riichi hand, each judged again from its tiles or its value, as
 * sp_riichi_judge_entry () judged them. */
gboolean
sp_riichi_score_record_wins (const SpHandRecord *record,
                             const SpRotation   *rotation,
                             const SpRules      *rules,
                             SpScoreResult       results[1 + SP_HAND_MAX_ALSO],
                             guint              *n_wins,
                             GError            **error)
{
  g_auto(SpHandEntry) entry = { 0 };
  SpTable table = { .session = record->session, .table = record->table, .next = *rotation };

  if (record->draw || record->winner == SP_CHAIR_NONE)
    return TRUE;
  if (!sp_hand_entry_from_record (&entry, record, rotation, error))
    return FALSE;
  for (guint i = 0; i <= entry.n_also; i++)
    {
      SpHandEntry view;
      SpSituation situation;

      win_view (&entry, i, &view);
      sp_score_result_init (&results[i], sp_rules_get_ruleset (rules));
      if (!value_riichi_win (&view, &table, rules, &situation, &results[i], error))
        return FALSE;
      (*n_wins)++;
    }
  return TRUE;
}
