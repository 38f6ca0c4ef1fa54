/* sp-hand-items.h: the fan/台/番/yaku items a hand was scored with, as a hand's record keeps
 * them, and the one way a person reads them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-hand.h"
#include "sp-score.h"

G_BEGIN_DECLS

/* The items of one scored win, in the scorer's order: each item's name as the ruleset's table
 * in rules/ writes it, its value and how many times it counts.  The struct holds the names
 * (one block: a copy or a free is one call), so the items outlive the score result and can be
 * read back from a store whose names are no static strings. */
typedef struct
{
  guint       n_items;
  SpScoreItem items[];
} SpHandItems;

/* How a person reads an item's name. */
typedef enum
{
  SP_ITEM_WORDING_TITLE, /* sp_score_item_title (): in the UI's language */
  SP_ITEM_WORDING_TERM,  /* sp_score_item_term (): in the rules' own words, as a sheet writes */
} SpItemWording;

/* The @n_items of @items (their names copied); @items may be NULL when @n_items is 0. */
SpHandItems *sp_hand_items_new     (const SpScoreItem *items,
                                    guint              n_items);
/* The items of @result's verdict. */
SpHandItems *sp_hand_items_new_from_result (const SpScoreResult *result);
/* NULL for NULL. */
SpHandItems *sp_hand_items_copy    (const SpHandItems *items);
void         sp_hand_items_free    (SpHandItems       *items);
/* Whether @a and @b hold the same items in the same order (two NULLs are equal: no items). */
gboolean     sp_hand_items_equal   (const SpHandItems *a,
                                    const SpHandItems *b);

/* @items of @ruleset as a person reads them, "Pure Straight 16, Dragon Pung 2 ×2": each
 * item's name in @wording and its value, with its count when it counts more than once.  ""
 * for NULL or no items. */
char        *sp_hand_items_to_text (const SpHandItems *items,
                                    SpRuleset          ruleset,
                                    SpItemWording      wording);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpHandItems, sp_hand_items_free)

G_END_DECLS
