/* test-core-riichi.c: the Riichi referee against rules/riichi.md: every yaku (§2) and yakuman
 * (§3), the fu table (§5), the score table and its limits (§6), counters and sticks (§7), the
 * worked examples of §12, the profiles (§10), the notation of red fives and the refusals
 * (§11); and the dev corpus tests/data/riichi-dev.jsonl through the referees' shared runner.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>
#include <string.h>

/* The referees' test fixtures: sp-core.h, and json-glib for the public test data. */
#include "sp-test-referee.h"

/* @profile (NULL: ema2016) with the comma-separated KEY=VALUE @options (NULL: none). */
static SpRules *
riichi_rules (const char *profile,
              const char *options)
{
  return sp_test_rules_of_profile (SP_RULESET_RIICHI, profile, options);
}

static char *
describe (const SpScoreResult *r)
{
  GString *s = g_string_new (NULL);
  char limit[24];

  if (!r->win)
    {
      g_string_append_printf (s, "%s (%s)", sp_core_error_code_name (r->error_code), r->message);
      return g_string_free (s, FALSE);
    }
  g_string_append_printf (s, "han %d fu %d yakuman %d limit '%s' dora %d/%d/%d cost %"
                          G_GINT64_FORMAT "/%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT " total %d:",
                          r->han, r->fu, r->yakuman,
                          sp_limit_to_string ((SpLimit) r->limit, r->yakuman, limit), r->dora,
                          r->ura, r->aka, r->cost_discarder, r->cost_dealer, r->cost_non_dealer,
                          r->total);
  for (guint i = 0; i < r->n_items; i++)
    g_string_append_printf (s, " %s %d", r->items[i].name, r->items[i].value);
  return g_string_free (s, FALSE);
}

static void
score (const char    *profile,
       const char    *options,
       const char    *hand,
       const char    *flags,
       SpScoreResult *result)
{
  g_autoptr(SpRules) rules = riichi_rules (profile, options);
  g_autofree char *got = NULL;

  sp_test_score (rules, hand, flags, result);
  got = describe (result);
  g_test_message ("%s %s [%s %s]: %s", hand, flags, profile ? profile : "ema2016",
                  options ? options : "", got);
}

static void
test_dev_data (void)
{
  sp_test_check_dev_data (SP_RULESET_RIICHI, "riichi-dev.jsonl");
}

/* ---- §2, §3: every yaku and yakuman, and where each must not count ---------------------- */

static const struct
{
  const char *hand;
  const char *flags;
  const char *options;
  const char *key;
  gint32      han; /* 0: the yaku must not be scored */
} yaku_table[] = {
  { "234m456p789s99s13s2s", "--riichi", NULL, "riichi", 1 },
  { "234m456p789s99s13s2s", "--double-riichi", NULL, "double riichi", 2 },
  { "234m456p789s99s13s2s", "--double-riichi", NULL, "riichi", 0 },
  { "234m456p789s99s13s2s", "--riichi --ippatsu", NULL, "ippatsu", 1 },
  { "234m456p789s99s13s2s", "--self-drawn", NULL, "menzen tsumo", 1 },
  { "[5555m]123p456p789s1s1s", "--self-drawn", NULL, "menzen tsumo", 1 },
  { "123m456p678s99s23s4s", "", NULL, "pinfu", 1 },
  { "123m456p678sEE23s4s", "--seat-wind S --round-wind S", NULL, "pinfu", 1 },
  { "123m456p678sEE23s4s", "--riichi", NULL, "pinfu", 0 },
  { "123m456p678s99s12s3s", "--riichi", NULL, "pinfu", 0 },
  { "123m456p99s24s345s3s", "", NULL, "pinfu", 1 },
  { "112233m456p789s5m5m", "", NULL, "iipeikou", 1 },
  { "112233m445566p9s9s", "", NULL, "iipeikou", 0 },
  { "234m456p678s55s67s8s", "", NULL, "tanyao", 1 },
  { "[234m,1]456p678s55s67s8s", "", NULL, "tanyao", 1 },
  { "[PPP,1]123m456p789s5s5s", "", NULL, "haku", 1 },
  { "[FFF,2]123m456p789s5s5s", "", NULL, "hatsu", 1 },
  { "[CCC,3]123m456p789s5s5s", "", NULL, "chun", 1 },
  { "[SSS,1]123m456p789s5s5s", "--seat-wind S", NULL, "seat wind", 1 },
  { "[SSS,1]123m456p789s5s5s", "--seat-wind S", NULL, "round wind", 0 },
  { "[SSS,1]123m456p789s5s5s", "--seat-wind W --round-wind S", NULL, "round wind", 1 },
  { "[EEE,1]123m456p789s5s5s", "", NULL, "seat wind", 1 },
  { "[EEE,1]123m456p789s5s5s", "", NULL, "round wind", 1 },
  { "[5555m]123p456p789s1s1s", "--self-drawn --kong", NULL, "rinshan kaihou", 1 },
  { "[5555m]123p456p789s1s1s", "--self-drawn --kong --wall-last", NULL, "haitei", 0 },
  { "123m456p789s11s23s4s", "--kong", NULL, "chankan", 1 },
  { "234m456p789s99s13s2s", "--self-drawn --wall-last", NULL, "haitei", 1 },
  { "234m456p789s99s13s2s", "--wall-last", NULL, "houtei", 1 },
  { "123m123p123s99s45s6s", "", NULL, "sanshoku", 2 },
  { "[123m,1]123p123s99s45s6s", "", NULL, "sanshoku", 1 },
  { "123456789m11p45s6s", "", NULL, "ittsu", 2 },
  { "[123m,1]456789m11p45s6s", "", NULL, "ittsu", 1 },
  { "123m789p789sEE11s1s", "", NULL, "chanta", 2 },
  { "[123m,1]789p789sEE11s1s", "", NULL, "chanta", 1 },
  { "123m789p789s99s11s1s", "", NULL, "junchan", 3 },
  { "123m789p789s99s11s1s", "", NULL, "chanta", 0 },
  { "[123m,1]789p789s99s11s1s", "", NULL, "junchan", 2 },
  { "1133m5577p2288sEE", "", NULL, "chiitoitsu", 2 },
  { "[111m,1][555p,2]999s22sNN2s", "", NULL, "toitoi", 2 },
  { "111m555p999s23sNN4s", "", NULL, "sanankou", 2 },
  { "11m111p456s789sNNN", "--wall-last", NULL, "sanankou", 0 },
  { "111m555p999s22sNNN", "", NULL, "sanankou", 2 },
  { "111m555p999s22sNNN", "", NULL, "toitoi", 2 },
  { "[222m,1]222p222s45sNN6s", "", NULL, "sanshoku doukou", 2 },
  { "[1111m][2222p,1][3333s,2]45sNN6s", "", NULL, "sankantsu", 2 },
  { "[111m,1]99p111sNNNEE9p", "", NULL, "honroutou", 2 },
  { "[PPP,1][FFF,2]123m45pCC6p", "", NULL, "shousangen", 2 },
  { "[PPP,1][FFF,2]123m45pCC6p", "", NULL, "haku", 1 },
  { "123m456m99mEEENN9m", "", NULL, "honitsu", 3 },
  { "[123m,1]456m99mEEENN9m", "", NULL, "honitsu", 2 },
  { "112233m445566p9s9s", "", NULL, "ryanpeikou", 3 },
  { "112233m445566p9s9s", "", NULL, "chiitoitsu", 0 },
  { "123345678m99m11m1m", "", NULL, "chinitsu", 6 },
  { "123345678m99m11m1m", "", NULL, "honitsu", 0 },
  { "[123m,1]345678m99m11m1m", "", NULL, "chinitsu", 5 },
  { "12334556m234p55s7m", "--human --seat-wind N", NULL, "renhou", 5 },
  { "12334556m234p55s7m", "--human --seat-wind N", NULL, "pinfu", 0 },
  /* §3 */
  { "19m19p19sESWNCFP1m", "", NULL, "kokushi musou", 13 },
  { "19m19p19sESWNCFP1m", "", "double_yakuman=on", "kokushi musou", 26 },
  { "111m555p999sNNN2s2s", "", NULL, "suuankou", 13 },
  { "111m555p999s22sNNN", "--self-drawn", NULL, "suuankou", 13 },
  { "111m555p999s22sNNN", "", NULL, "suuankou", 0 },
  { "[PPP,1][FFF,2]CCC123m4p4p", "", NULL, "daisangen", 13 },
  { "[EEE,1][SSS,2]WWW123mNN", "", NULL, "shousuushii", 13 },
  { "[EEE,1][SSS,2]WWWNNN1m1m", "", NULL, "daisuushii", 13 },
  { "[EEE,1][SSS,2][CCC,3]PPPFF", "", NULL, "tsuuiisou", 13 },
  { "EESSWWNNCCFFPP", "", NULL, "tsuuiisou", 13 },
  { "[111m,1][999p,2]111s999s9m9m", "", NULL, "chinroutou", 13 },
  { "223344666s88sFFF", "", NULL, "ryuuiisou", 13 },
  { "1112345678999m5m", "", NULL, "chuuren poutou", 13 },
  { "1112345678999m5m", "", "double_yakuman=on", "chuuren poutou", 26 },
  { "[1111m][2222p,1][3333s,2][NNNN,3]5s5s", "", NULL, "suukantsu", 13 },
  { "123m456p789s11s23s4s", "--heavenly --self-drawn", NULL, "tenhou", 13 },
  { "123m456p789s11s23s4s", "--earthly --self-drawn --seat-wind S", NULL, "chiihou", 13 },
};

static void
test_yaku (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (yaku_table); i++)
    {
      SpScoreResult result;

      score (NULL, yaku_table[i].options, yaku_table[i].hand, yaku_table[i].flags, &result);
      if (!result.win)
        g_error ("%s %s: not a win: %s", yaku_table[i].hand, yaku_table[i].flags,
                 result.message);
      if (sp_score_result_item (&result, yaku_table[i].key) != yaku_table[i].han)
        g_error ("%s %s: %s is %d, expected %d", yaku_table[i].hand, yaku_table[i].flags,
                 yaku_table[i].key, sp_score_result_item (&result, yaku_table[i].key),
                 yaku_table[i].han);
    }
}

/* Yakuman replace every yaku and the dora; ema2016 pays one, wrc2025 adds them up. */
static void
test_yakuman_stacking (void)
{
  SpScoreResult result;

  score (NULL, NULL, "[PPP,1][FFF,2]CCCEEENN", "--dora-indicators P", &result);
  g_assert_true (result.win);
  g_assert_cmpint (result.yakuman, ==, 1);
  g_assert_cmpint (sp_score_result_item (&result, "daisangen"), ==, 13);
  g_assert_cmpint (sp_score_result_item (&result, "tsuuiisou"), ==, 13);
  g_assert_cmpint (sp_score_result_item (&result, "haku"), ==, 0);
  g_assert_cmpint (result.dora + result.han + result.fu, ==, 0);
  g_assert_cmpint (result.cost_discarder, ==, 48000);

  score ("wrc2025", NULL, "[PPP,1][FFF,2]CCCEEENN", "", &result);
  g_assert_cmpint (result.yakuman, ==, 2);
  g_assert_cmpint (result.cost_discarder, ==, 96000);
  /* No double yakuman for a wait in any profile here. */
  score ("wrc2025", NULL, "19m19p19sESWNCFP1m", "", &result);
  g_assert_cmpint (result.yakuman, ==, 1);
}

/* ---- §5: fu ------------------------------------------------------------------------------ */

static const struct
{
  const char *profile;
  const char *hand;
  const char *flags;
  gint32      fu;
} fu_table[] = {
  { NULL, "123m456p678s99s23s4s", "--self-drawn", 20 },       /* pinfu tsumo */
  { NULL, "123m456p678s99s23s4s", "", 30 },                   /* pinfu ron */
  { NULL, "[234m,1]456p678s55s67s8s", "", 30 },               /* open, no fu: 30 */
  { NULL, "[234m,1]456p678s55s67s8s", "--self-drawn", 30 },   /* 22 rounded */
  { NULL, "234m456p789s99s13s2s", "--riichi", 40 },           /* 20 + 10 + closed wait 2 */
  { NULL, "123m456p678s99s12s3s", "--riichi", 40 },           /* edge wait */
  { NULL, "123m456p678s234s9s9s", "--riichi", 40 },           /* pair wait */
  { NULL, "123m456p678sCC23s4s", "--riichi", 40 },            /* dragon pair */
  { NULL, "111m45p789s234sEE6p", "--riichi", 50 },            /* 30 + 8 + double wind 4 */
  { "wrc2025", "111m45p789s234sEE6p", "--riichi", 40 },       /* double wind 2 */
  { NULL, "[1111m]123p456s789sNN", "--wall-last", 70 },        /* 20 + 10 + 32 + 2 */
  { NULL, "[5555m]123p456s789sNN", "--wall-last", 50 },        /* 20 + 10 + 16 + 2 */
  { NULL, "[1111m,1]123p456s789sNN", "--wall-last", 40 },      /* 20 + 16 + 2 */
  { NULL, "[1111m,5]123p456s789sNN", "--wall-last", 40 },      /* added kong: open */
  { NULL, "[5555m,1]123p456s789sNN", "--wall-last", 30 },      /* 20 + 8 + 2 */
  { NULL, "11m111p456s789sNNN", "--wall-last", 50 },           /* 20 + 10 + 8 + NNN by ron 4 */
  { NULL, "11m111p456s789sNNN", "--self-drawn --wall-last", 40 }, /* 20 + 2 + 8 + 8 */
  { NULL, "1133m5577p2288sEE", "", 25 },                       /* chiitoitsu */
  { NULL, "1133m5577p2288sEE", "--self-drawn", 25 },
};

static void
test_fu (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fu_table); i++)
    {
      SpScoreResult result;

      score (fu_table[i].profile, NULL, fu_table[i].hand, fu_table[i].flags, &result);
      g_assert_true (result.win);
      if (result.fu != fu_table[i].fu)
        g_error ("%s %s: %d fu, expected %d", fu_table[i].hand, fu_table[i].flags, result.fu,
                 fu_table[i].fu);
    }
}

/* ---- §6: the score table and the limits ---------------------------------------------------- */

/* A closed pinfu hand (1 han 30 fu by ron, 2 han 20 fu by tsumo) given han by dora: 1m points
 * at one 2m, 8s at the two 9s. */
#define PINFU "123m456p678s99s23s4s"

static const struct
{
  const char *profile;
  const char *options;
  const char *hand;
  const char *flags;   /* without the seat */
  gint32      han;
  gint32      fu;
  const char *limit;
  gint64      non_dealer[2]; /* ron; or tsumo: dealer, each other */
  gint64      dealer;        /* ron; or tsumo: each */
} score_table[] = {
  { NULL, NULL, PINFU, "", 1, 30, "", { 1000 }, 1500 },
  { NULL, NULL, PINFU, "--dora-indicators 1m", 2, 30, "", { 2000 }, 2900 },
  { NULL, NULL, PINFU, "--dora-indicators 8s", 3, 30, "", { 3900 }, 5800 },
  { NULL, NULL, PINFU, "--dora-indicators 8s,1m", 4, 30, "", { 7700 }, 11600 },
  { "wrc2025", NULL, PINFU, "--dora-indicators 8s,1m", 4, 30, "mangan", { 8000 }, 12000 },
  { NULL, "kiriage=on", PINFU, "--dora-indicators 8s,1m", 4, 30, "mangan", { 8000 }, 12000 },
  { NULL, NULL, "234m456p789s99s13s2s", "--riichi", 1, 40, "", { 1300 }, 2000 },
  { NULL, NULL, "1133m5577p2288sEE", "", 2, 25, "", { 1600 }, 2400 },
  { NULL, NULL, "1133m5577p2288sEE", "--dora-indicators 2m", 4, 25, "", { 6400 },
    9600 },
  { NULL, NULL, PINFU, "--dora-indicators 8s,8s", 5, 30, "mangan", { 8000 }, 12000 },
  { NULL, NULL, PINFU, "--dora-indicators 8s,8s,8s", 7, 30, "haneman", { 12000 }, 18000 },
  { NULL, NULL, PINFU, "--dora-indicators 8s,8s,8s,8s", 9, 30, "baiman", { 16000 }, 24000 },
  { NULL, NULL, PINFU, "--dora-indicators 8s,8s,8s,8s,8s", 11, 30, "sanbaiman", { 24000 },
    36000 },
  { NULL, NULL, PINFU, "--riichi --dora-indicators 8s,8s,8s,8s,8s --ura-indicators 8s", 14, 30,
    "sanbaiman", { 24000 }, 36000 },
  { "wrc2025", NULL, PINFU, "--riichi --dora-indicators 8s,8s,8s,8s,8s --ura-indicators 8s",
    14, 30, "yonbaiman", { 32000 }, 48000 },
  { NULL, "counted_limit=yakuman", PINFU,
    "--riichi --dora-indicators 8s,8s,8s,8s,8s --ura-indicators 8s", 14, 30, "yakuman",
    { 32000 }, 48000 },
  /* Tsumo: each payment rounded up on its own. */
  { NULL, NULL, PINFU, "--self-drawn", 2, 20, "", { 700, 400 }, 700 },
  { NULL, NULL, PINFU, "--self-drawn --dora-indicators 1m", 3, 20, "", { 1300, 700 }, 1300 },
  { NULL, NULL, PINFU, "--self-drawn --dora-indicators 8s", 4, 20, "", { 2600, 1300 }, 2600 },
  { NULL, NULL, "[234m,1]456p678s55s67s8s", "--self-drawn", 1, 30, "", { 500, 300 }, 500 },
  { NULL, NULL, "1133m5577p2288sEE", "--self-drawn --riichi", 4, 25, "",
    { 3200, 1600 }, 3200 },
  { NULL, NULL, PINFU, "--self-drawn --dora-indicators 8s,8s", 6, 20, "haneman", { 6000, 3000 },
    6000 },
};

static void
test_score_table (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (score_table); i++)
    for (guint dealer = 0; dealer < 2; dealer++)
      {
        g_autofree char *flags = g_strdup_printf ("%s --seat-wind %s", score_table[i].flags,
                                                  dealer ? "E" : "S");
        gboolean tsumo = strstr (flags, "--self-drawn") != NULL;
        SpScoreResult result;
        char limit[24];

        score (score_table[i].profile, score_table[i].options, score_table[i].hand, flags,
               &result);
        g_assert_true (result.win);
        g_assert_cmpint (result.han, ==, score_table[i].han);
        g_assert_cmpint (result.fu, ==, score_table[i].fu);
        sp_limit_to_string ((SpLimit) result.limit, result.yakuman, limit);
        g_assert_cmpstr (limit, ==, score_table[i].limit);
        if (!tsumo)
          {
            gint64 want = dealer ? score_table[i].dealer : score_table[i].non_dealer[0];

            g_assert_cmpint (result.cost_discarder, ==, want);
            g_assert_cmpint (result.total, ==, want);
          }
        else if (dealer)
          {
            g_assert_cmpint (result.cost_dealer, ==, 0);
            g_assert_cmpint (result.cost_non_dealer, ==, score_table[i].dealer);
            g_assert_cmpint (result.total, ==, 3 * score_table[i].dealer);
          }
        else
          {
            g_assert_cmpint (result.cost_dealer, ==, score_table[i].non_dealer[0]);
            g_assert_cmpint (result.cost_non_dealer, ==, score_table[i].non_dealer[1]);
            g_assert_cmpint (result.total, ==, score_table[i].non_dealer[0]
                                               + 2 * score_table[i].non_dealer[1]);
          }
        g_assert_true (result.has_settlement);
        g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);
        g_assert_cmpint (result.settlement[dealer ? 0 : 1], ==, result.total);
      }
}

/* ---- §4, §7: dora, counters, sticks, liability ------------------------------------------ */

static void
test_dora_and_payments (void)
{
  SpScoreResult result;

  /* Wrapping: 9 → 1, N → E, P → F → C → P; two indicators on one tile count twice. */
  score (NULL, NULL, "123m456p789sEE23s4s", "--seat-wind S --round-wind S --dora-indicators 9m,N,N", &result);
  g_assert_cmpint (result.dora, ==, 5);
  score (NULL, NULL, "[CCC,1]123m456p789sFF", "--dora-indicators P,F", &result);
  g_assert_cmpint (result.dora, ==, 5);
  /* Ura dora with riichi only; ura indicators without riichi are ignored. */
  score (NULL, NULL, PINFU, "--ura-indicators 8s", &result);
  g_assert_cmpint (result.ura, ==, 0);
  score (NULL, NULL, PINFU, "--riichi --ura-indicators 8s", &result);
  g_assert_cmpint (result.ura, ==, 2);
  /* Dora only with a yaku. */
  score (NULL, NULL, "[123m,1]456p789s11s23s4s", "--dora-indicators 9s", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_NO_YAKU);
  /* Red fives: plain fives in ema2016, one dora each with red_fives=1, also in melds. */
  score (NULL, NULL, "[0555p]234067m234s55s", "--riichi", &result);
  g_assert_cmpint (result.aka, ==, 0);
  score (NULL, "red_fives=1", "[0555p]234067m234s55s", "--riichi", &result);
  g_assert_cmpint (result.aka, ==, 2);
  score (NULL, "red_fives=1", "00m234567m234p55p", "", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_TOO_MANY_COPIES);

  /* Counters and sticks: +300 a counter on a ron, +100 from each on a tsumo; every stick to
   * the winner, outside the settlement (which sums to zero). */
  score (NULL, NULL, PINFU, "--seat-wind S --honba 2 --riichi-sticks 3", &result);
  g_assert_cmpint (result.cost_discarder, ==, 1600);
  g_assert_cmpint (result.total, ==, 4600);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 1600);
  g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, -1600);
  score (NULL, NULL, PINFU, "--self-drawn --seat-wind S --honba 2 --riichi-sticks 1", &result);
  g_assert_cmpint (result.cost_dealer, ==, 900);
  g_assert_cmpint (result.cost_non_dealer, ==, 600);
  g_assert_cmpint (result.total, ==, 3100);
  g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);
  /* The discarder given. */
  score (NULL, NULL, PINFU, "--seat-wind S --discarder N", &result);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -1000);

  /* Liability (包): the feeder of the third dragon pays the whole self-drawn daisangen; on a
   * discard by another, feeder and discarder pay half each, the counters by the discarder. */
  score (NULL, NULL, "[PPP,1][FFF,2][CCC,3]123m4p4p", "--self-drawn --seat-wind S --liable W",
         &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -32000);
  g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, 0);
  g_assert_cmpint (result.total, ==, 32000);
  score (NULL, NULL, "[PPP,1][FFF,2][CCC,3]123m4p4p",
         "--seat-wind S --discarder N --liable W --honba 1", &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -16000);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -16300);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 32300);
}

/* ---- §12 ----------------------------------------------------------------------------------- */

static const struct
{
  const char *profile;
  const char *hand;
  const char *flags;
  gint32      han;     /* 0 for a yakuman */
  gint32      fu;
  gint32      yakuman;
  gint32      total;
  const char *yaku[6];
} worked_examples[] = {
  { NULL, "12333m12345678s9s", "--self-drawn --riichi --seat-wind S", 5, 20, 0, 8000,
    { "riichi", "menzen tsumo", "pinfu", "ittsu" } },
  { NULL, "12333m12345678s9s", "--riichi --seat-wind S", 4, 30, 0, 7700,
    { "riichi", "pinfu", "ittsu" } },
  { NULL, "12333m12345678s9s", "--riichi", 4, 30, 0, 11600, { "riichi", "pinfu", "ittsu" } },
  { "wrc2025", "12333m12345678s9s", "--riichi --seat-wind S", 4, 30, 0, 8000,
    { "riichi", "pinfu", "ittsu" } },
  { "wrc2025", "12333m12345678s9s", "--riichi", 4, 30, 0, 12000,
    { "riichi", "pinfu", "ittsu" } },
  { NULL, "[123s,1]33m123m456s78s9s", "--seat-wind S --dora-indicators 6s", 2, 30, 0, 2000,
    { "ittsu" } },
  { NULL, "[123s,1]33m123m456s78s9s", "--dora-indicators 6s", 2, 30, 0, 2900, { "ittsu" } },
  { NULL, "223344m112233pCC", "--self-drawn --seat-wind S", 4, 30, 0, 7900,
    { "ryanpeikou", "menzen tsumo" } },
  { NULL, "22255666m555pEE5m", "", 4, 50, 0, 12000, { "toitoi", "sanankou" } },
  { NULL, "111m45p789s234sEE6p", "--riichi", 1, 50, 0, 2400, { "riichi" } },
  { "wrc2025", "111m45p789s234sEE6p", "--riichi", 1, 40, 0, 2000, { "riichi" } },
  { NULL, "[CCCC][456p,2][123p,1][345s,3]6m6m", "--dora-indicators 3p,1p", 3, 60, 0, 11600,
    { "chun" } },
  { NULL, "EEESSWWWNNCCCS", "--riichi --wall-last --seat-wind S", 0, 0, 1, 32000,
    { "shousuushii", "tsuuiisou" } },
  { "wrc2025", "EEESSWWWNNCCCS", "--riichi --wall-last --seat-wind S", 0, 0, 2, 64000,
    { "shousuushii", "tsuuiisou" } },
  { NULL, "[8888m]1223333555m2m",
    "--seat-wind N --round-wind S --dora-indicators 4m,2m --honba 6", 15, 60, 0, 25800,
    { "sanankou", "chinitsu" } },
  { "wrc2025", "[8888m]1223333555m2m",
    "--seat-wind N --round-wind S --dora-indicators 4m,2m --honba 6", 15, 60, 0, 33800,
    { "sanankou", "chinitsu" } },
  { NULL, "12334556m234p55s7m", "--human --seat-wind N", 5, 0, 0, 8000, { "renhou" } },
};

static void
test_worked_examples (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (worked_examples); i++)
    {
      SpScoreResult result;
      guint n = 0;

      score (worked_examples[i].profile, NULL, worked_examples[i].hand, worked_examples[i].flags,
             &result);
      g_assert_true (result.win);
      g_assert_cmpint (result.han, ==, worked_examples[i].yakuman ? 0 : worked_examples[i].han);
      g_assert_cmpint (result.fu, ==, worked_examples[i].fu);
      g_assert_cmpint (result.yakuman, ==, worked_examples[i].yakuman);
      g_assert_cmpint (result.total, ==, worked_examples[i].total);
      for (; n < G_N_ELEMENTS (worked_examples[i].yaku) && worked_examples[i].yaku[n]; n++)
        g_assert_cmpint (sp_score_result_item (&result, worked_examples[i].yaku[n]), >, 0);
      g_assert_cmpuint (result.n_items, ==, n);
    }
  /* Example 9: the dora make 15 han, 7 of them dora; example 10: renhou takes no dora. */
  {
    SpScoreResult result;

    score (NULL, NULL, "[8888m]1223333555m2m",
           "--seat-wind N --round-wind S --dora-indicators 4m,2m --honba 6", &result);
    g_assert_cmpint (result.dora, ==, 7);
    g_assert_cmpint (result.cost_discarder, ==, 24000 + 1800);
    score (NULL, NULL, "12334556m234p55s7m", "--human --seat-wind N --dora-indicators 6m",
           &result);
    g_assert_cmpint (result.dora, ==, 0);
    g_assert_cmpint (result.total, ==, 8000);
  }
}

/* ---- §11: refusals, in the order of SPEC.md §3.1 ---------------------------------------- */

static void
test_refusals (void)
{
  static const SpTestRefusal refused[] = {
    { "99999m2399p1239s8s", "", SP_CORE_ERROR_TOO_MANY_COPIES, "fifth" },
    { "5578899m23456p4p", "", SP_CORE_ERROR_WRONG_TILE_COUNT, "13 tiles" },
    { "234m334455p23345s3s", "", SP_CORE_ERROR_WRONG_TILE_COUNT, "15 tiles" },
    { "[2222m]444m234p444s8p", "", SP_CORE_ERROR_WRONG_TILE_COUNT, "kong" },
    { "[123m,1]456m789p11sEEE", "--riichi", SP_CORE_ERROR_BAD_SITUATION, "--riichi" },
    { "[123m,1]456m789p11sEEE", "--double-riichi", SP_CORE_ERROR_BAD_SITUATION, "--riichi" },
    { "12378m678p11789s9m", "--ippatsu", SP_CORE_ERROR_BAD_SITUATION, "--ippatsu" },
    { "[5555m]123p456p789s1s1s", "--riichi --ippatsu --self-drawn --kong",
      SP_CORE_ERROR_BAD_SITUATION, "--ippatsu" },
    { "19m9p119sESWNCFP1p", "--self-drawn --kong", SP_CORE_ERROR_BAD_SITUATION, "no kong" },
    { "1233456778mWWW7m", "--kong", SP_CORE_ERROR_BAD_SITUATION, "chankan" },
    { "123m456p789s11s23s4s", "--kong --wall-last", SP_CORE_ERROR_BAD_SITUATION,
      "--wall-last" },
    { "3459m333345p345s9m", "--self-drawn --heavenly --seat-wind S",
      SP_CORE_ERROR_BAD_SITUATION, "--heavenly" },
    { "123m456p789s11s23s4s", "--heavenly", SP_CORE_ERROR_BAD_SITUATION, "--self-drawn" },
    { "123m456p789s11s23s4s", "--earthly --self-drawn", SP_CORE_ERROR_BAD_SITUATION,
      "--earthly" },
    { "88m678p33445568s7s", "--self-drawn --human --seat-wind N", SP_CORE_ERROR_BAD_SITUATION,
      "--human" },
    { "123m456p789s11s23s4s", "--human", SP_CORE_ERROR_BAD_SITUATION, "--human" },
    { "[123m,1]456p789s11s23s4s", "--human --seat-wind S", SP_CORE_ERROR_BAD_SITUATION,
      "--human" },
    { "123m456p789s11s23s4s", "--heavenly --human --self-drawn", SP_CORE_ERROR_BAD_SITUATION,
      "exclude" },
    { "123m456p789s11s23s4s", "--seat-wind S --discarder S", SP_CORE_ERROR_BAD_SITUATION,
      "--discarder" },
    { "33455m22255678p6s", "", SP_CORE_ERROR_NOT_A_WIN, "ready" },
    { "225m556688p224sF8p", "", SP_CORE_ERROR_NOT_A_WIN, "1 tile from ready" },
    { "11113355779922p", "", SP_CORE_ERROR_NOT_A_WIN, "not a win" },
    { "[678s,1][444m,3]234m11pPP1p", "--self-drawn --seat-wind W", SP_CORE_ERROR_NO_YAKU,
      "yaku" },
    { "[234m,1]456p678s55s67s8s", "", SP_CORE_ERROR_NO_YAKU, "chombo" },
  };
  g_autoptr(SpRules) rules = riichi_rules (NULL, NULL);
  g_autoptr(SpRules) closed_tanyao = riichi_rules (NULL, NULL);

  /* The last one is a win with open tanyao: refused only without it. */
  sp_test_check_refusals (rules, refused, G_N_ELEMENTS (refused) - 1);
  sp_test_set_option (closed_tanyao, "open_tanyao", "off", "off");
  sp_test_check_refusals (closed_tanyao, &refused[G_N_ELEMENTS (refused) - 1], 1);

  /* A not-a-win says how far from ready the hand was. */
  {
    SpScoreResult result;

    sp_test_score (rules, "225m556688p224sF8p", "", &result);
    g_assert_false (result.ready);
    g_assert_cmpint (result.shanten, ==, 1);
    sp_test_score (rules, "33455m22255678p6s", "", &result);
    g_assert_true (result.ready);
  }
}

/* ---- §10: profiles; §11: the notation ------------------------------------------------------ */

static void
test_profiles (void)
{
  static const struct
  {
    const char *profile;
    const char *key;
    const char *value;
  } changes[] = {
    { "ema2016", "kiriage", "off" },          { "ema2016", "counted_limit", "sanbaiman" },
    { "ema2016", "yakuman_stacking", "single" }, { "ema2016", "double_wind_fu", "4" },
    { "wrc2025", "kiriage", "on" },           { "wrc2025", "counted_limit", "yonbaiman" },
    { "wrc2025", "yakuman_stacking", "additive" }, { "wrc2025", "double_wind_fu", "2" },
    { "wrc2025", "multiple_ron", "head-bump" }, { "wrc2025", "leftover_sticks", "lost" },
    { "wrc2022", "counted_limit", "sanbaiman" }, { "wrc2022", "yakuman_stacking", "additive" },
    { "ema2025", "kiriage", "on" },           { "ema2025", "yakuman_stacking", "single" },
    { "ema2025", "double_wind_fu", "2" },     { "ema2025", "red_fives", "0" },
  };
  const char * const *profiles = sp_rules_list_profiles (SP_RULESET_RIICHI);
  g_autoptr(SpRules) rules = riichi_rules (NULL, NULL);
  g_autoptr(GError) error = NULL;
  guint n;

  g_assert_cmpstr (profiles[0], ==, "ema2016");
  g_assert_cmpstr (sp_rules_get_profile (rules), ==, "ema2016");
  sp_test_check_option_defaults (rules, &n);
  g_assert_cmpuint (n, >=, 10);
  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    {
      g_autoptr(SpRules) r = riichi_rules (changes[i].profile, NULL);
      g_autofree char *value = sp_rules_get_option (r, changes[i].key);

      g_assert_cmpstr (value, ==, changes[i].value);
    }
  sp_test_set_option (rules, "red_fives", "1", "1");
  sp_test_refuse_option (rules, "red_fives", "2");
  sp_test_refuse_option (rules, "counted_limit", "kazoe");
  g_assert_null (sp_rules_new (SP_RULESET_RIICHI, "tenhou", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

static void
test_notation (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  SpHand hand, again;

  /* 0 is a red five in Riichi only; a red five is a five for every shape. */
  g_assert_true (sp_hand_parse_for (SP_RULESET_RIICHI, "[0555p][406s,1]340m22sEEE", &hand, NULL,
                                    &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hand.red[0], ==, 1);
  g_assert_cmpuint (hand.red[1], ==, 1);
  g_assert_cmpuint (hand.red[2], ==, 1);
  g_assert_cmpuint (hand.melds[0].tile, ==, sp_tile_make (SP_SUIT_DOTS, 5));
  g_assert_cmpuint (hand.melds[1].kind, ==, SP_MELD_CHOW);
  g_assert_cmpuint (hand.counts[sp_tile_make (SP_SUIT_CHARACTERS, 5)], ==, 1);
  text = sp_hand_to_string (&hand);
  g_assert_true (sp_hand_parse_for (SP_RULESET_RIICHI, text, &again, NULL, NULL));
  g_assert_true (sp_hand_equal (&hand, &again));
  /* The slow reader (a Chinese honour sends it there) reads red fives the same way. */
  g_assert_true (sp_hand_parse_for (SP_RULESET_RIICHI, "[0555p][406s,1]340m22s東東東", &again,
                                    NULL, NULL));
  g_assert_true (sp_hand_equal (&hand, &again));
  /* Every other ruleset refuses it. */
  g_assert_false (sp_hand_parse_for (SP_RULESET_MCR, "340m", &hand, NULL, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_false (sp_hand_parse ("[0555p]", &hand, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_SYNTAX);
}

/* The situation fields of §11 read and write back in their stored form. */
static void
test_situation (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  SpSituation s, back;

  sp_situation_init (&s);
  g_assert_true (sp_situation_from_string (&s, "riichi ippatsu dora-indicators=4m,W,0p "
                                           "ura-indicators=C honba=3 riichi-sticks=2", &error));
  g_assert_no_error (error);
  g_assert_true (s.riichi && s.ippatsu && !s.double_riichi);
  g_assert_cmpuint (s.n_dora_indicators, ==, 3);
  g_assert_cmpuint (s.dora_indicators[1], ==, SP_TILE_WEST);
  g_assert_cmpuint (s.dora_indicators[2], ==, sp_tile_make (SP_SUIT_DOTS, 5));
  g_assert_cmpint (s.honba, ==, 3);
  g_assert_cmpint (s.riichi_sticks, ==, 2);
  text = sp_situation_to_string (&s);
  g_assert_cmpstr (text, ==, "riichi ippatsu dora-indicators=4m,W,0p ura-indicators=C honba=3 "
                             "riichi-sticks=2");
  sp_situation_init (&back);
  g_assert_true (sp_situation_from_string (&back, text, NULL));
  g_assert_cmpmem (back.dora_indicators, 3, s.dora_indicators, 3);
  g_assert_false (sp_situation_from_string (&back, "dora-indicators=4x", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sp_situation_from_string (&back, "dora-indicators=1m,2m,3m,4m,5m,6m", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

/* Every yaku and yakuman has an English title of its own (translated in the catalogues). */
static void
test_titles (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (yaku_table); i++)
    {
      const char *title = sp_score_item_title (SP_RULESET_RIICHI, yaku_table[i].key);

      g_assert_cmpstr (title, !=, yaku_table[i].key);
      g_assert_true (g_ascii_isupper (title[0]));
    }
  g_assert_cmpstr (sp_score_item_title (SP_RULESET_RIICHI, "riichi"), ==, "Riichi");
  g_assert_cmpstr (sp_score_item_title (SP_RULESET_RIICHI, "no such yaku"), ==, "no such yaku");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/riichi/dev-data", test_dev_data);
  g_test_add_func ("/riichi/yaku", test_yaku);
  g_test_add_func ("/riichi/yakuman-stacking", test_yakuman_stacking);
  g_test_add_func ("/riichi/fu", test_fu);
  g_test_add_func ("/riichi/score-table", test_score_table);
  g_test_add_func ("/riichi/dora-and-payments", test_dora_and_payments);
  g_test_add_func ("/riichi/worked-examples", test_worked_examples);
  g_test_add_func ("/riichi/refusals", test_refusals);
  g_test_add_func ("/riichi/profiles", test_profiles);
  g_test_add_func ("/riichi/notation", test_notation);
  g_test_add_func ("/riichi/situation", test_situation);
  g_test_add_func ("/riichi/titles", test_titles);
  return g_test_run ();
}
