/* sp-riichi-sheet.c: a Riichi table's score sheet from its stored hands, and its end.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-riichi-sheet.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-core-error.h"
#include "sp-entry.h"
#include "sp-table.h"

SpRiichiSheet *
sp_riichi_sheet_new (const SpRules      *rules,
                     guint               session,
                     guint               number,
                     const gint64        players[4],
                     GPtrArray          *hands,
                     GError            **error)
{
  g_autoptr(SpRiichiSheet) sheet = g_new0 (SpRiichiSheet, 1);
  SpTable table;

  g_return_val_if_fail (rules != NULL && players != NULL, NULL);
  g_return_val_if_fail (hands != NULL, NULL);

  sheet->hands = g_array_sized_new (FALSE, TRUE, sizeof (SpRiichiSheetHand), hands->len);
  if (!sp_riichi_table_rules_of (rules, &sheet->rules, error))
    return NULL;
  sp_table_init (&table, SP_ROTATION_HANCHAN, session, number, players);
  sp_riichi_table_start (&sheet->end, &sheet->rules);
  for (guint i = 0; i < hands->len; i++)
    {
      const SpHandRecord *record = hands->pdata[i];
      SpRiichiSheetHand *hand;

      g_array_set_size (sheet->hands, i + 1);
      hand = &g_array_index (sheet->hands, SpRiichiSheetHand, i);
      hand->record = record;
      hand->rotation = table.next;
      hand->sticks = table.sticks;
      if (!sp_hand_record_score_wins (record, &table.next, rules, hand->values, &hand->n_wins,
                                      NULL))
        hand->n_wins = 0;
      for (guint c = 0; c < 4; c++)
        {
          sheet->end.points[c] += (gint32) record->settlement[c];
          hand->points[c] = sheet->end.points[c];
          sheet->end.chombos[c] += (record->chombo >> c) & 1u;
        }
      sp_table_advance (&table, SP_ROTATION_HANCHAN, record);
    }
  sheet->end.rotation = table.next;
  sheet->end.sticks = (guint8) MIN (table.sticks, 255);
  sp_riichi_table_final (&sheet->end, &sheet->rules, &sheet->final);
  return g_steal_pointer (&sheet);
}

void
sp_riichi_sheet_free (SpRiichiSheet *sheet)
{
  if (sheet == NULL)
    return;
  g_clear_pointer (&sheet->hands, g_array_unref);
  g_free (sheet);
}

char *
sp_riichi_round_name (const SpRotation *rotation)
{
  guint dealer;

  g_return_val_if_fail (rotation != NULL, NULL);

  dealer = sp_rotation_dealer_chair (rotation) + 1;
  switch (rotation->round_wind)
    {
    case SP_WIND_EAST:
      /* Translators: a Riichi hand's round, 東1局 … 東4局; %u is 1–4. */
      return g_strdup_printf (_("East %u"), dealer);
    case SP_WIND_SOUTH:
      /* Translators: a Riichi hand's round, 南1局 … 南4局; %u is 1–4. */
      return g_strdup_printf (_("South %u"), dealer);
    case SP_WIND_WEST:
      /* Translators: a Riichi hand's round, 西1局 (an extended game); %u is 1–4. */
      return g_strdup_printf (_("West %u"), dealer);
    default:
      /* Translators: a Riichi hand's round, 北1局; %u is 1–4. */
      return g_strdup_printf (_("North %u"), dealer);
    }
}

void
sp_riichi_table_result_final (const SpTableResult      *table,
                              const SpRiichiTableRules *rules,
                              SpRiichiFinal            *final)
{
  SpRiichiTable end = { .sticks = (guint8) CLAMP (table->sticks, 0, 255) };

  g_return_if_fail (table != NULL && rules != NULL && final != NULL);

  for (guint c = 0; c < 4; c++)
    {
      end.points[c] = rules->start_points + (gint32) table->hand_scores[c];
      end.chombos[c] = table->chombos[c];
    }
  sp_riichi_table_final (&end, rules, final);
}
