/* sp-table-history.c: the rotation before each hand of a table.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-table-history.h"

GArray *
sp_table_history (SpRotationKind  kind,
                  GPtrArray      *hands)
{
  GArray *history;
  SpTable table;

  g_return_val_if_fail (hands != NULL, NULL);

  history = g_array_sized_new (FALSE, FALSE, sizeof (SpRotation), hands->len + 1);
  sp_table_init (&table, kind, 0, 0, NULL);
  for (guint i = 0; i < hands->len; i++)
    {
      g_array_append_val (history, table.next);
      sp_table_advance (&table, kind, hands->pdata[i]);
    }
  g_array_append_val (history, table.next);
  return history;
}
