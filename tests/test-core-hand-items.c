/* test-core-hand-items.c: a hand's items as its record keeps them (a copy that owns its
 * names, equality) and the one text a person reads them by, in the UI's words or the rules'.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"

/* The items hold copies of the names they were made from, in order, with values and counts;
 * a copy is a block of its own. */
static void
test_new_and_copy (void)
{
  char names[2][16] = { "碰碰和", "花牌" };
  const SpScoreItem scored[] = { { names[0], 6, 1 }, { names[1], 1, 2 } };
  g_autoptr(SpHandItems) items = sp_hand_items_new (scored, G_N_ELEMENTS (scored));
  g_autoptr(SpHandItems) copy = NULL;

  /* The caller's strings change or go: the items keep theirs. */
  memset (names, 0, sizeof names);
  g_assert_cmpuint (items->n_items, ==, 2);
  g_assert_cmpstr (items->items[0].name, ==, "碰碰和");
  g_assert_cmpint (items->items[0].value, ==, 6);
  g_assert_cmpuint (items->items[0].count, ==, 1);
  g_assert_cmpstr (items->items[1].name, ==, "花牌");
  g_assert_cmpint (items->items[1].value, ==, 1);
  g_assert_cmpuint (items->items[1].count, ==, 2);

  copy = sp_hand_items_copy (items);
  g_assert_true (copy != items);
  g_assert_true (copy->items[0].name != items->items[0].name);
  g_assert_true (sp_hand_items_equal (copy, items));
  g_assert_null (sp_hand_items_copy (NULL));
}

/* A verdict's items, as the scorer counted them. */
static void
test_from_result (void)
{
  SpScoreResult result;
  g_autoptr(SpHandItems) items = NULL;

  sp_score_result_init (&result, SP_RULESET_MCR);
  sp_score_result_add (&result, "清一色", 24, 1);
  sp_score_result_add (&result, "花牌", 1, 1);
  sp_score_result_add (&result, "花牌", 1, 1);
  items = sp_hand_items_new_from_result (&result);
  g_assert_cmpuint (items->n_items, ==, result.n_items);
  for (guint i = 0; i < result.n_items; i++)
    {
      g_assert_cmpstr (items->items[i].name, ==, result.items[i].name);
      g_assert_cmpint (items->items[i].value, ==, result.items[i].value);
      g_assert_cmpuint (items->items[i].count, ==, result.items[i].count);
    }
  g_assert_cmpuint (items->items[1].count, ==, 2);
}

/* Equal: the same names, values and counts in the same order; no items (NULL) only equals no
 * items, and differs from a win scored with none. */
static void
test_equal (void)
{
  const SpScoreItem a[] = { { "碰碰和", 6, 1 }, { "花牌", 1, 2 } };
  const SpScoreItem other_order[] = { { "花牌", 1, 2 }, { "碰碰和", 6, 1 } };
  const SpScoreItem other_value[] = { { "碰碰和", 6, 1 }, { "花牌", 2, 2 } };
  const SpScoreItem other_count[] = { { "碰碰和", 6, 1 }, { "花牌", 1, 1 } };
  const SpScoreItem other_name[] = { { "碰碰和", 6, 1 }, { "花", 1, 2 } };
  g_autoptr(SpHandItems) items = sp_hand_items_new (a, 2);
  g_autoptr(SpHandItems) same = sp_hand_items_new (a, 2);
  g_autoptr(SpHandItems) shorter = sp_hand_items_new (a, 1);
  g_autoptr(SpHandItems) none = sp_hand_items_new (NULL, 0);
  const SpScoreItem *others[] = { other_order, other_value, other_count, other_name };

  g_assert_true (sp_hand_items_equal (items, same));
  g_assert_false (sp_hand_items_equal (items, shorter));
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autoptr(SpHandItems) other = sp_hand_items_new (others[i], 2);

      g_assert_false (sp_hand_items_equal (items, other));
    }
  g_assert_true (sp_hand_items_equal (NULL, NULL));
  g_assert_false (sp_hand_items_equal (none, NULL));
  g_assert_false (sp_hand_items_equal (NULL, items));
}

/* The text: each item's name in the chosen words with its value, "×n" when counted n > 1
 * times, joined by commas; "" for none. */
static void
test_text (void)
{
  const SpScoreItem mcr[] = { { "碰碰和", 6, 1 }, { "花牌", 1, 2 } };
  const SpScoreItem riichi[] = { { "riichi", 1, 1 }, { "pinfu", 1, 1 } };
  const SpScoreItem unknown[] = { { "not-an-item", 3, 1 } };
  g_autoptr(SpHandItems) mcr_items = sp_hand_items_new (mcr, 2);
  g_autoptr(SpHandItems) riichi_items = sp_hand_items_new (riichi, 2);
  g_autoptr(SpHandItems) unknown_items = sp_hand_items_new (unknown, 1);
  g_autoptr(SpHandItems) none = sp_hand_items_new (NULL, 0);
  const struct
  {
    const SpHandItems *items;
    SpRuleset          ruleset;
    SpItemWording      wording;
    const char        *text;
  } cases[] = {
    { mcr_items, SP_RULESET_MCR, SP_ITEM_WORDING_TITLE, "All Pungs 6, Flower Tiles 1 ×2" },
    { mcr_items, SP_RULESET_MCR, SP_ITEM_WORDING_TERM, "碰碰和 6, 花牌 1 ×2" },
    { riichi_items, SP_RULESET_RIICHI, SP_ITEM_WORDING_TITLE, "Riichi 1, Pinfu (No Points) 1" },
    { riichi_items, SP_RULESET_RIICHI, SP_ITEM_WORDING_TERM, "立直 1, 平和 1" },
    { unknown_items, SP_RULESET_TAIWAN, SP_ITEM_WORDING_TITLE, "not-an-item 3" },
    { none, SP_RULESET_MCR, SP_ITEM_WORDING_TITLE, "" },
    { NULL, SP_RULESET_MCR, SP_ITEM_WORDING_TERM, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = sp_hand_items_to_text (cases[i].items, cases[i].ruleset,
                                                     cases[i].wording);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/core/hand-items/new-and-copy", test_new_and_copy);
  g_test_add_func ("/sparrow/core/hand-items/from-result", test_from_result);
  g_test_add_func ("/sparrow/core/hand-items/equal", test_equal);
  g_test_add_func ("/sparrow/core/hand-items/text", test_text);
  return g_test_run ();
}
