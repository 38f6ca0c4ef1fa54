/* sp-riichi-table.c: a Riichi table's hanchan: payments with counters and sticks, draws with
 * their noten payments, chombo, the deal and its repeats, and the end with uma.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-riichi-table.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "sp-core-error.h"
#include "sp-rules.h"
#include "sp-table.h"

#define STICK          1000
#define NOTEN_PAYMENTS 3000
/* A dealer's six-fold yakuman by ron (288,000) with a hundred counters. */
#define MAX_PAYMENT    (6 * 48000 + 300 * 100)

gboolean
sp_riichi_table_rules_of (const SpRules       *rules,
                          SpRiichiTableRules  *table_rules,
                          GError             **error)
{
  g_autofree char *multiple_ron = NULL;
  g_autofree char *leftover = NULL;
  g_autofree char *start = NULL;
  g_autofree char *give_back = NULL;
  g_autofree char *uma = NULL;
  gint32 uma_first = 15000, uma_second = 5000;

  g_return_val_if_fail (rules != NULL && table_rules != NULL, FALSE);

  if (sp_rules_get_ruleset (rules) != SP_RULESET_RIICHI)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("a riichi table needs the riichi rules"));
      return FALSE;
    }
  /* The game's options of the profile (rules/riichi.md §10), as the rules hold them. */
  multiple_ron = sp_rules_get_option (rules, "multiple_ron");
  leftover = sp_rules_get_option (rules, "leftover_sticks");
  start = sp_rules_get_option (rules, "start_points");
  give_back = sp_rules_get_option (rules, "return_points");
  uma = sp_rules_get_option (rules, "uma");
  /* Uma as FIRST/SECOND in thousands ("15/5"): the third and fourth lose as much. */
  if (uma != NULL)
    {
      g_auto(GStrv) places = g_strsplit (uma, "/", 2);

      if (g_strv_length (places) == 2)
        {
          uma_first = 1000 * (gint32) g_ascii_strtoll (places[0], NULL, 10);
          uma_second = 1000 * (gint32) g_ascii_strtoll (places[1], NULL, 10);
        }
    }
  *table_rules = (SpRiichiTableRules) {
    .start_points = start != NULL ? (gint32) g_ascii_strtoll (start, NULL, 10) : 30000,
    .return_points = give_back != NULL ? (gint32) g_ascii_strtoll (give_back, NULL, 10) : 30000,
    .uma = { uma_first, uma_second, -uma_second, -uma_first },
    .multiple_ron = g_strcmp0 (multiple_ron, "head-bump") != 0,
    .leftover = g_strcmp0 (leftover, "lost") == 0 ? SP_RIICHI_LEFTOVER_LOST
                : g_strcmp0 (leftover, "winner-rounded-down") == 0
                ? SP_RIICHI_LEFTOVER_FIRST_ROUNDED : SP_RIICHI_LEFTOVER_FIRST,
    /* A chombo: 20,000 off the score after uma in the EMA rules, 30 P in the WRC's. */
    .chombo_penalty = g_str_has_prefix (sp_rules_get_profile (rules), "wrc") ? 30000 : 20000,
  };
  return TRUE;
}

void
sp_riichi_table_start (SpRiichiTable            *table,
                       const SpRiichiTableRules *rules)
{
  g_return_if_fail (table != NULL && rules != NULL);

  memset (table, 0, sizeof *table);
  sp_rotation_start (&table->rotation, SP_ROTATION_HANCHAN);
  for (guint c = 0; c < 4; c++)
    table->points[c] = rules->start_points;
}

guint
sp_riichi_table_chair_at (const SpRiichiTable *table,
                          guint                seat)
{
  g_return_val_if_fail (table != NULL && seat < 4, 0);

  return sp_rotation_chair_at (&table->rotation, (SpWind) seat);
}

static gboolean refuse (GError     **error,
                        const char  *format,
                        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError     **error,
        const char  *format,
        ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (SP_CORE_ERROR, SP_CORE_ERROR_INVALID, format,
                                                args));
  va_end (args);
  return FALSE;
}

/* The messages say what is wrong with the hand; the caller says where (its session, table and
 * number). */

/* A winner's settlement pays him, takes from the others and adds up to zero. */
static gboolean
pays_winner (const SpRiichiWinner *winner)
{
  gint64 sum = 0;

  for (guint seat = 0; seat < 4; seat++)
    {
      if ((seat == winner->seat) != (winner->settlement[seat] > 0)
          || winner->settlement[seat] < -MAX_PAYMENT || winner->settlement[seat] > 3 * MAX_PAYMENT)
        return FALSE;
      sum += winner->settlement[seat];
    }
  return sum == 0;
}

static gboolean
check_hand (const SpRiichiTable      *table,
            const SpRiichiTableRules *rules,
            const SpRiichiHand       *hand,
            GError                  **error)
{
  if (table->rotation.finished)
    return refuse (error, _("the hanchan is over (the deal passed from South 4)"));
  if (hand->riichi > 0xf || hand->tenpai > 0xf)
    return refuse (error, _("a seat that is not E, S, W or N"));
  switch (hand->kind)
    {
    case SP_RIICHI_HAND_WIN:
      {
        guint seen = 0;

        if (hand->n_winners == 0 || hand->n_winners > SP_RIICHI_MAX_WINNERS)
          return refuse (error, _("a win needs one to three winners"));
        if (hand->discarder > SP_RIICHI_SELF_DRAWN)
          return refuse (error, _("the discarder is not a seat"));
        if (hand->discarder == SP_RIICHI_SELF_DRAWN && hand->n_winners > 1)
          return refuse (error, _("a self-drawn win has one winner"));
        if (hand->n_winners > 1 && !rules->multiple_ron)
          return refuse (error,
                         _("this profile has head bump: only the first winner in turn "
                           "order after the discarder wins"));
        for (guint i = 0; i < hand->n_winners; i++)
          {
            const SpRiichiWinner *winner = &hand->winners[i];

            if (winner->seat > 3)
              return refuse (error, _("a winner is not a seat"));
            if (winner->seat == hand->discarder)
              return refuse (error, _("a winner cannot win on his own discard"));
            if (seen & (1u << winner->seat))
              return refuse (error, _("the same winner twice"));
            seen |= 1u << winner->seat;
            if (!pays_winner (winner))
              return refuse (error, _("a winner's payments do not pay him or do not "
                                      "add up to zero"));
          }
        return TRUE;
      }
    case SP_RIICHI_HAND_DRAW:
      if ((hand->riichi & ~hand->tenpai) != 0)
        return refuse (error,
                       _("a riichi player who is not tenpai at the draw made a chombo: "
                         "enter it as one"));
      return TRUE;
    case SP_RIICHI_HAND_CHOMBO:
      if (hand->offender > 3)
        return refuse (error, _("the chombo's offender is not a seat"));
      return TRUE;
    default:
      return refuse (error, _("neither a win, a draw nor a chombo"));
    }
}

/* The winners in turn order after the discarder (the first of them takes the sticks). */
static void
winners_in_turn_order (const SpRiichiHand *hand,
                       SpRiichiWinner      winners[SP_RIICHI_MAX_WINNERS])
{
  guint from = hand->discarder == SP_RIICHI_SELF_DRAWN ? 0 : hand->discarder;
  guint n = 0;

  for (guint step = 1; step <= 4; step++)
    for (guint i = 0; i < hand->n_winners; i++)
      if (hand->winners[i].seat == (from + step) % 4)
        winners[n++] = hand->winners[i];
}

/* The payments of a win by seat wind, counters included, sticks not. */
static void
pay_win (const SpRiichiHand *hand,
         gint32              by_seat[4])
{
  for (guint i = 0; i < hand->n_winners; i++)
    for (guint seat = 0; seat < 4; seat++)
      by_seat[seat] += (gint32) hand->winners[i].settlement[seat];
}

gint32
sp_riichi_table_sticks_won (const SpRiichiTable *table,
                            const SpRiichiHand  *hand,
                            guint                seat)
{
  SpRiichiWinner winners[SP_RIICHI_MAX_WINNERS];
  guint winning = 0;
  gint32 won = 0;

  g_return_val_if_fail (table != NULL && hand != NULL, 0);

  if (hand->kind != SP_RIICHI_HAND_WIN || hand->n_winners == 0)
    return 0;
  winners_in_turn_order (hand, winners);
  for (guint i = 0; i < hand->n_winners; i++)
    winning |= 1u << winners[i].seat;
  if (!(winning & (1u << seat)))
    return 0;
  /* A winner who declared riichi takes his own stick back; the first winner in turn order
   * takes all the others, those on the table before the hand included. */
  if (hand->riichi & (1u << seat))
    won += STICK;
  if (winners[0].seat == seat)
    won += STICK * (gint32) (table->sticks
                             + (guint) __builtin_popcount (hand->riichi & 0xf & ~winning));
  return won;
}

/* The sticks of a win go to the winners (sp_riichi_table_sticks_won ()). */
static void
take_sticks (const SpRiichiTable  *table,
             const SpRiichiHand   *hand,
             gint32                by_seat[4])
{
  for (guint seat = 0; seat < 4; seat++)
    by_seat[seat] += sp_riichi_table_sticks_won (table, hand, seat);
}

static void
pay_noten (guint8 tenpai,
           gint32 by_seat[4])
{
  guint n_tenpai = (guint) __builtin_popcount (tenpai);

  if (n_tenpai == 0 || n_tenpai == 4)
    return;
  for (guint seat = 0; seat < 4; seat++)
    by_seat[seat] += (tenpai & (1u << seat)) ? NOTEN_PAYMENTS / (gint32) n_tenpai
                                             : -NOTEN_PAYMENTS / (gint32) (4 - n_tenpai);
}

gboolean
sp_riichi_table_play (SpRiichiTable            *table,
                      const SpRiichiTableRules *rules,
                      const SpRiichiHand       *hand,
                      gint32                    delta[4],
                      GError                  **error)
{
  gint32 by_seat[4] = { 0 };
  SpHandOutcome outcome = { 0 };

  g_return_val_if_fail (table != NULL && rules != NULL && hand != NULL, FALSE);

  if (!check_hand (table, rules, hand, error))
    return FALSE;

  if (hand->kind == SP_RIICHI_HAND_CHOMBO)
    {
      /* Dealt again: no counter, no rotation, the riichi sticks of the hand returned. */
      table->chombos[sp_riichi_table_chair_at (table, hand->offender)]++;
      outcome.dealt_again = TRUE;
      sp_rotation_advance_outcome (&table->rotation, SP_ROTATION_HANCHAN, &outcome);
      if (delta != NULL)
        memset (delta, 0, 4 * sizeof (gint32));
      return TRUE;
    }

  for (guint seat = 0; seat < 4; seat++)
    if (hand->riichi & (1u << seat))
      by_seat[seat] -= STICK;

  if (hand->kind == SP_RIICHI_HAND_WIN)
    {
      pay_win (hand, by_seat);
      take_sticks (table, hand, by_seat);
      for (guint i = 0; i < hand->n_winners; i++)
        outcome.dealer_won |= hand->winners[i].seat == SP_WIND_EAST;
      table->sticks = 0;
    }
  else
    {
      pay_noten (hand->tenpai, by_seat);
      table->sticks += (guint8) __builtin_popcount (hand->riichi);
      outcome.exhaustive_draw = TRUE;
      outcome.dealer_tenpai = (hand->tenpai & (1u << SP_WIND_EAST)) != 0;
    }

  for (guint seat = 0; seat < 4; seat++)
    {
      guint chair = sp_riichi_table_chair_at (table, seat);

      table->points[chair] += by_seat[seat];
      if (delta != NULL)
        delta[chair] = by_seat[seat];
    }
  sp_rotation_advance_outcome (&table->rotation, SP_ROTATION_HANCHAN, &outcome);
  return TRUE;
}

void
sp_riichi_table_replay (SpRiichiTable      *table,
                        const SpHandRecord *record)
{
  SpHandOutcome outcome;

  g_return_if_fail (table != NULL && record != NULL);

  outcome = sp_hand_record_outcome (record, &table->rotation);
  for (guint c = 0; c < 4; c++)
    {
      table->points[c] += (gint32) record->settlement[c];
      if (record->chombo & (1u << c))
        table->chombos[c]++;
    }
  table->sticks = (guint8) CLAMP ((gint) table->sticks + record->sticks, 0, G_MAXUINT8);
  sp_rotation_advance_outcome (&table->rotation, SP_ROTATION_HANCHAN, &outcome);
}

guint
sp_riichi_table_deal (const SpRotation *rotation)
{
  g_return_val_if_fail (rotation != NULL, 1);

  return sp_rotation_dealer_chair (rotation) + 1;
}

void
sp_riichi_table_final (const SpRiichiTable      *table,
                       const SpRiichiTableRules *rules,
                       SpRiichiFinal            *final)
{
  gint32 best = G_MININT32;
  guint n_first = 0;

  g_return_if_fail (table != NULL && rules != NULL && final != NULL);

  memset (final, 0, sizeof *final);
  memcpy (final->points, table->points, sizeof final->points);
  for (guint c = 0; c < 4; c++)
    best = MAX (best, table->points[c]);
  for (guint c = 0; c < 4; c++)
    n_first += table->points[c] == best;
  if (table->sticks > 0 && rules->leftover != SP_RIICHI_LEFTOVER_LOST)
    {
      gint32 share = STICK * table->sticks / (gint32) n_first;

      if (rules->leftover == SP_RIICHI_LEFTOVER_FIRST_ROUNDED)
        share = share / 100 * 100;
      for (guint c = 0; c < 4; c++)
        if (table->points[c] == best)
          final->points[c] += share;
    }

  /* Places by points; tied players share the better place and the uma of the places they
   * tie for. */
  for (guint c = 0; c < 4; c++)
    {
      guint above = 0, tied = 0;
      gint32 uma = 0;

      for (guint o = 0; o < 4; o++)
        {
          above += final->points[o] > final->points[c];
          tied += final->points[o] == final->points[c];
        }
      for (guint p = above; p < above + tied; p++)
        uma += rules->uma[p];
      final->place[c] = (guint8) (above + 1);
      final->uma[c] = uma / (gint32) tied;
      final->score[c] = final->points[c] - rules->return_points + final->uma[c]
                        - rules->chombo_penalty * table->chombos[c];
    }
}
