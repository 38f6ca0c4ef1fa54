/* test-core-analysis.c: readings of winning hands, waits and shanten.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"
#include "sp-test-hands.h"

static SpHand
parse (const char *text)
{
  SpHand hand;
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_hand_parse (text, &hand, &error));
  g_assert_no_error (error);
  return hand;
}

static void
test_decompose_several_readings (void)
{
  SpHand hand = parse ("111222333m456pEE");
  SpDecompositionList list;
  guint chows = 0, pungs = 0;

  g_assert_true (sp_hand_is_complete (&hand, SP_RULESET_MCR));
  g_assert_cmpuint (sp_hand_decompose (&hand, SP_RULESET_MCR, &list), ==, 2);
  for (guint i = 0; i < list.n; i++)
    {
      const SpDecomposition *d = &list.items[i];

      g_assert_cmpuint (d->form, ==, SP_FORM_SETS);
      g_assert_cmpuint (d->n_sets, ==, 5);
      g_assert_cmpuint (d->sets[4].kind, ==, SP_SET_PAIR);
      g_assert_cmpuint (d->sets[4].tile, ==, SP_TILE_EAST);
      if (d->sets[0].kind == SP_SET_CHOW)
        chows++;
      else
        pungs++;
      /* The winning tile (E) is only in the pair. */
      g_assert_cmpuint (d->winning_sets, ==, 1u << 4);
    }
  g_assert_cmpuint (chows, ==, 1);
  g_assert_cmpuint (pungs, ==, 1);
}

static void
test_decompose_with_melds (void)
{
  SpHand hand = parse ("[123p,1][444s,2][789m]34pCC2p");
  SpDecompositionList list;

  g_assert_cmpuint (sp_hand_decompose (&hand, SP_RULESET_MCR, &list), ==, 1);
  g_assert_cmpuint (list.items[0].n_sets, ==, 5);
  g_assert_cmpuint (list.items[0].sets[0].meld, ==, 0);
  g_assert_cmpuint (list.items[0].sets[2].meld, ==, 2);
  g_assert_cmpuint (list.items[0].sets[3].meld, ==, SP_SET_CONCEALED_PART);
  g_assert_cmpuint (list.items[0].sets[3].kind, ==, SP_SET_CHOW);
  g_assert_cmpuint (list.items[0].winning_sets, ==, 1u << 3);
}

static void
test_decompose_special_forms (void)
{
  struct { const char *hand; SpForm form; } cases[] = {
    { "33m22s77pEENCCPPN", SP_FORM_SEVEN_PAIRS },
    { "19m19s19pESWNCFPN", SP_FORM_THIRTEEN_ORPHANS },
    { "147m258p369sESWNC", SP_FORM_HONORS_KNITTED },
    { "147m258p3sESWNCFP", SP_FORM_GREATER_HONORS_KNITTED },
    { "147m258p369s123sEE", SP_FORM_KNITTED_STRAIGHT },
    { "[EEE]147m258p369sCC", SP_FORM_KNITTED_STRAIGHT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpHand hand = parse (cases[i].hand);
      SpDecompositionList list;
      gboolean found = FALSE;

      g_test_message ("hand «%s»", cases[i].hand);
      g_assert_true (sp_hand_is_complete (&hand, SP_RULESET_MCR));
      sp_hand_decompose (&hand, SP_RULESET_MCR, &list);
      for (guint k = 0; k < list.n; k++)
        found |= list.items[k].form == cases[i].form;
      g_assert_true (found);
      /* Taiwan knows none of them. */
      g_assert_false (sp_hand_is_complete (&hand, SP_RULESET_TAIWAN));
    }
  /* Guangdong has 十三幺 but not 七对. */
  {
    SpHand orphans = parse ("19m19s19pESWNCFPN");
    SpHand pairs = parse ("33m22s77pEENCCPPN");

    g_assert_true (sp_hand_is_complete (&orphans, SP_RULESET_GUANGDONG));
    g_assert_false (sp_hand_is_complete (&pairs, SP_RULESET_GUANGDONG));
  }
}

typedef struct
{
  const char *hand;
  SpRuleset   ruleset;
  const char *waits; /* "3m:单钓 4m:坎张" */
} WaitCase;

static void
test_waits_classic (void)
{
  const WaitCase cases[] = {
    { "123p456p789s3555m", SP_RULESET_MCR, "3m:单钓 4m:坎张" },
    { "123p456p789s3345m", SP_RULESET_MCR, "3m:两面 6m:两面" },
    { "1112345678999m", SP_RULESET_MCR,
      "1m:两面 2m:单钓 3m:两面 4m:两面 5m:单钓 6m:两面 7m:两面 8m:单钓 9m:两面" },
    { "123p456p789s12mEE", SP_RULESET_MCR, "3m:边张" },
    { "123p456p789s13mEE", SP_RULESET_MCR, "2m:坎张" },
    { "123p456p789s11mEE", SP_RULESET_MCR, "1m:双碰 E:双碰" },
    { "19m19s19pESWNCFP", SP_RULESET_MCR,
      "1m:特殊 9m:特殊 1p:特殊 9p:特殊 1s:特殊 9s:特殊 E:特殊 S:特殊 W:特殊 N:特殊 C:特殊 F:特殊 P:特殊" },
    { "33m22s77pEENCCPP", SP_RULESET_MCR, "N:特殊" },
    { "147m258p369sESWN", SP_RULESET_MCR, "C:特殊 F:特殊 P:特殊" },
    { "[1111m]123p456p789s3m", SP_RULESET_MCR, "3m:单钓" },
    /* rules/taiwan.md §5 */
    { "123m456m789m234p56p55s", SP_RULESET_TAIWAN, "1p:两面 4p:两面 7p:两面" },
    { "123m456m789m234p46p55s", SP_RULESET_TAIWAN, "5p:坎张" },
    { "123m456m789m234p55s99s", SP_RULESET_TAIWAN, "5s:双碰 9s:双碰" },
    { "111m222m333pEEECCC5s", SP_RULESET_TAIWAN, "5s:单钓" },
    { "EEESSSWWWCCCFFFN", SP_RULESET_TAIWAN, "N:单钓" },
    { "33m22s77pEENCCPP", SP_RULESET_TAIWAN, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpHand hand = parse (cases[i].hand);
      SpWaitList waits;
      g_autoptr(GString) got = g_string_new (NULL);

      sp_hand_waits (&hand, cases[i].ruleset, &waits);
      for (guint k = 0; k < waits.n; k++)
        {
          char buf[SP_TILE_STRING_SIZE];

          g_string_append_printf (got, "%s%s:%s", k ? " " : "",
                                  sp_tile_to_string (waits.waits[k].tile, buf),
                                  sp_wait_kind_to_string (waits.waits[k].kind));
        }
      g_test_message ("hand «%s»", cases[i].hand);
      g_assert_cmpstr (got->str, ==, cases[i].waits);
      g_assert_cmpint (sp_hand_shanten (&hand, cases[i].ruleset) == 0, ==, waits.n > 0);
    }
}

typedef struct
{
  const char *hand;
  SpRuleset   ruleset;
  int         shanten;
} ShantenCase;

static void
test_shanten (void)
{
  const ShantenCase cases[] = {
    { "111222333m456pEE", SP_RULESET_MCR, -1 },
    { "111222333m456pE", SP_RULESET_MCR, 0 },
    { "111222333m459pE", SP_RULESET_MCR, 1 },
    { "19m19s19pESWNCF5m", SP_RULESET_MCR, 1 },
    { "19m19s19pESWNCFP", SP_RULESET_MCR, 0 },
    { "19m19s19pESWN555m", SP_RULESET_MCR, 3 },
    { "147m258p369sESWN", SP_RULESET_MCR, 0 },
    { "159m159p159sESWN", SP_RULESET_TAIWAN, 10 },
    { "1357m2468p1357sE", SP_RULESET_MCR, 4 },
    { "123m456m789m234p56p55s", SP_RULESET_TAIWAN, 0 },
    { "123m456m789m234p59p15s", SP_RULESET_TAIWAN, 2 },
    /* Waits only on a fifth 5s: not ready. */
    { "123m5p55s5676p55s7p", SP_RULESET_MCR, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpHand hand = parse (cases[i].hand);

      g_test_message ("hand «%s»", cases[i].hand);
      g_assert_cmpint (sp_hand_shanten (&hand, cases[i].ruleset), ==, cases[i].shanten);
    }
}

/* An independent oracle: a plain recursive search for n sets and a pair. */
static gboolean
oracle_sets (guint8  *c,
             guint    sets_left,
             gboolean pair_left)
{
  guint t = 0;

  while (t < SP_N_TILE_KINDS && c[t] == 0)
    t++;
  if (t == SP_N_TILE_KINDS)
    return sets_left == 0 && !pair_left;
  if (pair_left && c[t] >= 2)
    {
      gboolean ok;

      c[t] -= 2;
      ok = oracle_sets (c, sets_left, FALSE);
      c[t] += 2;
      if (ok)
        return TRUE;
    }
  if (sets_left > 0 && c[t] >= 3)
    {
      gboolean ok;

      c[t] -= 3;
      ok = oracle_sets (c, sets_left - 1, pair_left);
      c[t] += 3;
      if (ok)
        return TRUE;
    }
  if (sets_left > 0 && t < 27 && t % 9 <= 6 && c[t + 1] && c[t + 2])
    {
      gboolean ok;

      c[t]--, c[t + 1]--, c[t + 2]--;
      ok = oracle_sets (c, sets_left - 1, pair_left);
      c[t]++, c[t + 1]++, c[t + 2]++;
      if (ok)
        return TRUE;
    }
  return FALSE;
}

static gboolean
oracle_complete (const guint8 *counts,
                 guint         n_sets,
                 SpRuleset     ruleset)
{
  guint8 c[SP_N_TILE_KINDS];
  gboolean pairs = TRUE;

  memcpy (c, counts, sizeof c);
  if (oracle_sets (c, n_sets, TRUE))
    return TRUE;
  if (ruleset != SP_RULESET_MCR)
    return FALSE;
  for (guint t = 0; t < SP_N_TILE_KINDS; t++)
    pairs &= (counts[t] % 2) == 0;
  return pairs;
}

static void
check_waits_property (GRand     *rand,
                      SpRuleset  ruleset,
                      guint      n_sets,
                      guint      n_hands)
{
  guint ready = 0;

  for (guint i = 0; i < n_hands; i++)
    {
      SpHand hand;
      SpWaitList waits;
      gboolean listed[SP_N_TILE_KINDS] = { FALSE };

      /* Half the hands are ready by construction, half are random draws. */
      if (i % 2 == 0)
        {
          sp_test_random_winning_hand (rand, n_sets, &hand);
          sp_hand_remove_winning_tile (&hand);
        }
      else
        sp_test_random_hand (rand, n_sets * 3 + 1, &hand);

      sp_hand_waits (&hand, ruleset, &waits);
      for (guint k = 0; k < waits.n; k++)
        {
          g_assert_true (k == 0 || waits.waits[k].tile > waits.waits[k - 1].tile);
          listed[waits.waits[k].tile] = TRUE;
        }
      ready += waits.n > 0;
      for (guint t = 0; t < SP_N_TILE_KINDS; t++)
        {
          guint8 counts[SP_N_TILE_KINDS];
          gboolean completes;

          memcpy (counts, hand.counts, sizeof counts);
          counts[t]++;
          completes = hand.counts[t] < 4 && oracle_complete (counts, n_sets, ruleset);
          if (ruleset == SP_RULESET_MCR && !completes && listed[t])
            {
              /* A special form the oracle does not know: the reader must say so. */
              SpHand trial = hand;
              SpDecompositionList list;

              trial.concealed[trial.n_concealed++] = (SpTile) t;
              trial.counts[t]++;
              g_assert_cmpuint (sp_hand_decompose (&trial, ruleset, &list), >, 0);
              g_assert_cmpuint (list.items[0].form, !=, SP_FORM_SETS);
              continue;
            }
          if (completes != listed[t])
            {
              g_autofree char *text = sp_hand_to_string (&hand);
              char buf[SP_TILE_STRING_SIZE];

              g_error ("hand %s, tile %s: completes %d, listed %d", text,
                       sp_tile_to_string ((SpTile) t, buf), completes, listed[t]);
            }
        }
      /* Shanten agrees with the waits. */
      g_assert_cmpint (sp_hand_shanten (&hand, ruleset) == 0, ==, waits.n > 0);
    }
  g_assert_cmpuint (ready, >=, n_hands / 2);
}

static void
test_waits_property_13 (void)
{
  GRand *rand = g_rand_new_with_seed (13);

  check_waits_property (rand, SP_RULESET_MCR, 4, 4000);
  check_waits_property (rand, SP_RULESET_GUANGDONG, 4, 2000);
  g_rand_free (rand);
}

static void
test_waits_property_16 (void)
{
  GRand *rand = g_rand_new_with_seed (16);

  check_waits_property (rand, SP_RULESET_TAIWAN, 5, 4000);
  g_rand_free (rand);
}

/* Every reading the decomposer gives uses exactly the hand's tiles, and no two are equal. */
static void
test_decompose_property (void)
{
  GRand *rand = g_rand_new_with_seed (1729);

  for (guint i = 0; i < 3000; i++)
    {
      SpHand hand;
      SpDecompositionList list;
      guint n_sets = i % 2 ? 5 : 4;

      sp_test_random_winning_hand (rand, n_sets, &hand);
      g_assert_true (sp_hand_is_complete (&hand, n_sets == 5 ? SP_RULESET_TAIWAN : SP_RULESET_MCR));
      g_assert_cmpuint (sp_hand_decompose (&hand, n_sets == 5 ? SP_RULESET_TAIWAN : SP_RULESET_MCR,
                                           &list), >, 0);
      for (guint k = 0; k < list.n; k++)
        {
          const SpDecomposition *d = &list.items[k];
          guint8 counts[SP_N_TILE_KINDS] = { 0 };

          if (d->form != SP_FORM_SETS)
            continue;
          g_assert_cmpuint (d->n_sets, ==, n_sets + 1);
          for (guint s = 0; s < d->n_sets; s++)
            {
              const SpSet *set = &d->sets[s];

              if (set->kind == SP_SET_CHOW)
                counts[set->tile]++, counts[set->tile + 1]++, counts[set->tile + 2]++;
              else
                counts[set->tile] += set->kind == SP_SET_PAIR ? 2 : 3;
            }
          g_assert_cmpmem (counts, sizeof counts, hand.counts, sizeof hand.counts);
          g_assert_cmpuint (d->winning_sets, !=, 0);
          for (guint j = 0; j < k; j++)
            g_assert_false (memcmp (&list.items[j], d, sizeof *d) == 0);
        }
    }
  g_rand_free (rand);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/analysis/decompose/several-readings", test_decompose_several_readings);
  g_test_add_func ("/sparrow/core/analysis/decompose/melds", test_decompose_with_melds);
  g_test_add_func ("/sparrow/core/analysis/decompose/special-forms", test_decompose_special_forms);
  g_test_add_func ("/sparrow/core/analysis/decompose/property", test_decompose_property);
  g_test_add_func ("/sparrow/core/analysis/waits/classic", test_waits_classic);
  g_test_add_func ("/sparrow/core/analysis/waits/property-13", test_waits_property_13);
  g_test_add_func ("/sparrow/core/analysis/waits/property-16", test_waits_property_16);
  g_test_add_func ("/sparrow/core/analysis/shanten", test_shanten);
  return g_test_run ();
}
