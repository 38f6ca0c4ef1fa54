/* sp-hand-items.c: the items a hand was scored with, held in one block, and their text.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-hand-items.h"

#include <string.h>

SpHandItems *
sp_hand_items_new (const SpScoreItem *items,
                   guint              n_items)
{
  gsize names = 0;
  SpHandItems *self;
  char *name;

  g_return_val_if_fail (items != NULL || n_items == 0, NULL);

  for (guint i = 0; i < n_items; i++)
    names += strlen (items[i].name) + 1;
  /* The names follow the items in the same block: the items' pointers stay valid as long as
   * the block, and freeing it frees them all. */
  self = g_malloc (sizeof *self + n_items * sizeof self->items[0] + names);
  self->n_items = n_items;
  name = (char *) &self->items[n_items];
  for (guint i = 0; i < n_items; i++)
    {
      gsize size = strlen (items[i].name) + 1;

      memcpy (name, items[i].name, size);
      self->items[i] = (SpScoreItem) { name, items[i].value, items[i].count };
      name += size;
    }
  return self;
}

SpHandItems *
sp_hand_items_new_from_result (const SpScoreResult *result)
{
  g_return_val_if_fail (result != NULL, NULL);

  return sp_hand_items_new (result->items, result->n_items);
}

SpHandItems *
sp_hand_items_copy (const SpHandItems *items)
{
  return items != NULL ? sp_hand_items_new (items->items, items->n_items) : NULL;
}

void
sp_hand_items_free (SpHandItems *items)
{
  g_free (items);
}

gboolean
sp_hand_items_equal (const SpHandItems *a,
                     const SpHandItems *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->n_items != b->n_items)
    return FALSE;
  for (guint i = 0; i < a->n_items; i++)
    if (strcmp (a->items[i].name, b->items[i].name) != 0
        || a->items[i].value != b->items[i].value || a->items[i].count != b->items[i].count)
      return FALSE;
  return TRUE;
}

char *
sp_hand_items_to_text (const SpHandItems *items,
                       SpRuleset          ruleset,
                       SpItemWording      wording)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; items != NULL && i < items->n_items; i++)
    {
      const SpScoreItem *item = &items->items[i];
      const char *name = wording == SP_ITEM_WORDING_TERM
                         ? sp_score_item_term (ruleset, item->name)
                         : sp_score_item_title (ruleset, item->name);

      g_string_append_printf (out, "%s%s %d", i > 0 ? ", " : "", name, item->value);
      if (item->count > 1)
        g_string_append_printf (out, " ×%u", item->count);
    }
  return g_string_free (out, FALSE);
}
