/* test-db-items.c: a hand's items column read back: the strict reader of the store's own form
 * against json-glib's reading of the same text, on the columns the store writes, on text of
 * other shapes (which it must leave to json-glib, or read alike) and on random damage.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-db-private.h"

#define SEED 20261201

static const char *const names[] = {
  "混幺九", "三暗刻", "五门齐", "箭刻", "门前清", "平和", "断幺", "自摸", "幺九刻", "明暗杠",
  "花牌", "莊家", "清一色", "riichi", "Pure Straight", "", "a/b", "tab\there", "quote\"d",
  "back\\slash", "new\nline", "Ünïcödé", "𝄞 clef", "<&>",
};

/* Items of 0 to @max_items from the table above, with values and counts across their ranges. */
static SpHandItems *
random_items (GRand *rand,
              guint  max_items)
{
  SpScoreItem items[80];
  guint n = g_rand_int_range (rand, 0, max_items + 1);

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (items));
  for (guint i = 0; i < n; i++)
    {
      static const gint32 values[] = { 0, 1, -1, 8, 88, -24, G_MAXINT32, G_MININT32, 100000 };
      static const guint32 counts[] = { 0, 1, 2, 4, G_MAXUINT32 };

      items[i].name = names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))];
      items[i].value = g_rand_boolean (rand)
                       ? values[g_rand_int_range (rand, 0, G_N_ELEMENTS (values))]
                       : (gint32) g_rand_int_range (rand, -1000, 1000);
      items[i].count = counts[g_rand_int_range (rand, 0, G_N_ELEMENTS (counts))];
    }
  return sp_hand_items_new (items, n);
}

/* Whether a name is written by the generator as its bytes (no escape). */
static gboolean
written_plain (const SpHandItems *items)
{
  for (guint i = 0; i < items->n_items; i++)
    for (const char *p = items->items[i].name; *p != '\0'; p++)
      if (*p == '"' || *p == '\\' || (guchar) *p < 0x20)
        return FALSE;
  return TRUE;
}

/* @text read both ways gives the same items; returns whether the strict reader took it. */
static gboolean
assert_read_alike (const char *text)
{
  g_autoptr(SpHandItems) parsed = sp_db_items_from_json_parsed (text);
  g_autoptr(SpHandItems) read = sp_db_items_from_json (text);
  SpHandItems *strict = NULL;
  gboolean taken = sp_db_items_from_json_strict (text, &strict);

  if (!sp_hand_items_equal (parsed, read) || (taken && !sp_hand_items_equal (parsed, strict)))
    g_error ("read apart: %s", text);
  if (!taken)
    g_assert_null (strict);
  sp_hand_items_free (strict);
  return taken;
}

/* Every column the store writes is read by the strict reader (the fast path is the one taken)
 * and gives back the items written, as json-glib reads them. */
static void
test_items_written (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  guint strict = 0, escaped = 0;

  for (guint k = 0; k < 1200; k++)
    {
      g_autoptr(SpHandItems) items = random_items (rand, 12);
      g_autofree char *text = sp_db_items_to_json (items);
      g_autoptr(SpHandItems) back = sp_db_items_from_json (text);
      gboolean taken = assert_read_alike (text);

      g_assert_true (sp_hand_items_equal (items, back));
      /* A name the generator escapes is the parser's; every other column the strict one's. */
      g_assert_cmpint (taken, ==, written_plain (items));
      strict += taken;
      escaped += !taken;
    }
  /* Both paths were tried. */
  g_assert_cmpuint (strict, >, 240);
  g_assert_cmpuint (escaped, >, 240);
  g_assert_null (sp_db_items_from_json (NULL));
}

/* More items than the strict reader holds on the stack are the parser's, read the same. */
static void
test_items_many (void)
{
  SpScoreItem items[65];
  g_autoptr(SpHandItems) under = NULL;
  g_autoptr(SpHandItems) over = NULL;
  g_autofree char *under_text = NULL;
  g_autofree char *over_text = NULL;
  g_autoptr(SpHandItems) back = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    items[i] = (SpScoreItem) { names[i % 8], (gint32) i, 1 };
  under = sp_hand_items_new (items, 64);
  over = sp_hand_items_new (items, 65);
  under_text = sp_db_items_to_json (under);
  over_text = sp_db_items_to_json (over);
  g_assert_true (assert_read_alike (under_text));
  g_assert_false (assert_read_alike (over_text));
  back = sp_db_items_from_json (over_text);
  g_assert_true (sp_hand_items_equal (over, back));
}

/* Text of other shapes (a file changed by other means): the strict reader declines each one,
 * and the items are json-glib's reading of it. */
static void
test_items_other_shapes (void)
{
  static const char *const declined[] = {
    "",
    "[",
    "]",
    "null",
    "{}",
    "[ ]",
    "[] ",
    " []",
    "[]x",
    "[{\"name\":\"平和\",\"value\":2,\"count\":1} ]",
    "[{\"name\": \"平和\",\"value\":2,\"count\":1}]",
    "[{\"value\":2,\"name\":\"平和\",\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":2}]",
    "[{\"name\":\"平和\",\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":2,\"count\":1,\"extra\":0}]",
    "[{\"name\":\"平和\",\"value\":\"2\",\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":2.5,\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":2e1,\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":02,\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":-,\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":null,\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":2,\"count\":-1}]x",
    "[{\"name\":\"平和\",\"value\":99999999999999999999,\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":9223372036854775807,\"count\":1}]",
    "[{\"name\":\"\\u5e73\\u548c\",\"value\":2,\"count\":1}]",
    "[{\"name\":\"a\\\"b\",\"value\":2,\"count\":1}]",
    "[{\"name\":null,\"value\":2,\"count\":1}]",
    "[{\"name\":3,\"value\":2,\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":2,\"count\":1},]",
    "[{\"name\":\"平和\",\"value\":2,\"count\":1}{\"name\":\"断幺\",\"value\":2,\"count\":1}]",
    "[1,{\"name\":\"平和\",\"value\":2,\"count\":1}]",
    "[[],{\"name\":\"平和\",\"value\":2,\"count\":1}]",
    "[{\"name\":\"\xff\xfe\",\"value\":2,\"count\":1}]",
    "[{\"name\":\"tab\there\",\"value\":2,\"count\":1}]",
    "[{\"name\":\"平和\",\"value\":2,\"count\":1}",
    "[{\"name\":\"平和",
  };

  for (guint i = 0; i < G_N_ELEMENTS (declined); i++)
    if (assert_read_alike (declined[i]))
      g_error ("read by the strict reader: %s", declined[i]);

  /* Within its form, what json-glib reads of numbers out of range: clamped alike. */
  g_assert_true (assert_read_alike ("[{\"name\":\"x\",\"value\":-99999999999,\"count\":-7}]"));
  g_assert_true (assert_read_alike ("[{\"name\":\"x\",\"value\":-0,\"count\":99999999999}]"));
  g_assert_true (assert_read_alike ("[]"));
}

/* Random damage to columns of the store's form (a byte dropped, doubled or changed): whatever
 * the strict reader takes, it reads as json-glib does. */
static void
test_items_damaged (void)
{
  static const char replacements[] = "[]{},:\"\\-0123456789 eE.xn";
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED + 1);
  guint taken = 0;

  for (guint k = 0; k < 3000; k++)
    {
      g_autoptr(SpHandItems) items = random_items (rand, 4);
      g_autofree char *text = sp_db_items_to_json (items);
      g_autoptr(GString) damaged = g_string_new (text);
      guint at = g_rand_int_range (rand, 0, damaged->len);

      switch (g_rand_int_range (rand, 0, 3))
        {
        case 0:
          g_string_erase (damaged, at, 1);
          break;
        case 1:
          g_string_insert_c (damaged, at, damaged->str[at]);
          break;
        default:
          damaged->str[at] = replacements[g_rand_int_range (rand, 0, sizeof replacements - 1)];
          break;
        }
      taken += assert_read_alike (damaged->str);
    }
  /* Some damage leaves the form whole (a digit for a digit): those were compared too. */
  g_assert_cmpuint (taken, >, 15);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/db/items/written", test_items_written);
  g_test_add_func ("/sparrow/db/items/many", test_items_many);
  g_test_add_func ("/sparrow/db/items/other-shapes", test_items_other_shapes);
  g_test_add_func ("/sparrow/db/items/damaged", test_items_damaged);
  return g_test_run ();
}
