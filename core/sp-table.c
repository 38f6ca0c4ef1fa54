/* sp-table.c: a table's state replayed from its hands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-table.h"

#include <string.h>

void
sp_table_init (SpTable        *table,
               SpRotationKind  kind,
               guint           session,
               guint           number,
               const gint64    players[4])
{
  g_return_if_fail (table != NULL);

  memset (table, 0, sizeof *table);
  table->session = session;
  table->table = number;
  if (players != NULL)
    memcpy (table->players, players, sizeof table->players);
  sp_rotation_start (&table->next, kind);
}

gboolean
sp_hand_record_won_by (const SpHandRecord *hand,
                       gint                chair)
{
  g_return_val_if_fail (hand != NULL, FALSE);

  if (hand->winner == chair)
    return TRUE;
  for (guint i = 0; i < hand->n_also; i++)
    if (hand->also[i].winner == chair)
      return TRUE;
  return FALSE;
}

SpHandOutcome
sp_hand_record_outcome (const SpHandRecord *hand,
                        const SpRotation   *rotation)
{
  guint dealer;

  g_return_val_if_fail (hand != NULL && rotation != NULL, (SpHandOutcome) { 0 });

  dealer = sp_rotation_chair_at (rotation, SP_WIND_EAST);
  return (SpHandOutcome) {
    .dealer_won = !hand->draw && sp_hand_record_won_by (hand, (gint) dealer),
    .exhaustive_draw = hand->draw,
    .dealer_tenpai = hand->draw && (hand->tenpai & (1u << dealer)) != 0,
    .dealt_again = hand->chombo != 0,
  };
}

void
sp_table_advance (SpTable            *table,
                  SpRotationKind      kind,
                  const SpHandRecord *hand)
{
  SpHandOutcome outcome;

  g_return_if_fail (table != NULL && hand != NULL);

  outcome = sp_hand_record_outcome (hand, &table->next);
  sp_rotation_advance_outcome (&table->next, kind, &outcome);
  table->sticks = (guint) MAX ((gint64) table->sticks + hand->sticks, 0);
  table->n_hands++;
}

void
sp_table_replay (SpTable        *table,
                 SpRotationKind  kind,
                 GPtrArray      *hands)
{
  g_return_if_fail (table != NULL && hands != NULL);

  sp_rotation_start (&table->next, kind);
  table->n_hands = 0;
  for (guint i = 0; i < hands->len; i++)
    sp_table_advance (table, kind, hands->pdata[i]);
}
