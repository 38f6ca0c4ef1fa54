/* test-core-guangdong.c: the Guangdong referee (番), profile gd.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>

#include "sp-test-referee.h"

static SpRules *
guangdong_rules (const char *options)
{
  return sp_test_rules (SP_RULESET_GUANGDONG, options);
}

/* The whole settlement of @result, seat by seat (E S W N). */
static void
assert_settlement (const SpScoreResult *result,
                   gint64               east,
                   gint64               south,
                   gint64               west,
                   gint64               north)
{
  const gint64 expected[4] = { east, south, west, north };

  g_assert_true (result->has_settlement);
  for (guint seat = 0; seat < 4; seat++)
    g_assert_cmpint (result->settlement[seat], ==, expected[seat]);
}

/* Each 番 where it counts and where it must not (0), with the option that changes it; and the
 * total after the cap. */
static const struct
{
  const char *hand;
  const char *flags;
  const char *option;
  const char *item;
  gint32      value;
  gint32      total;
} fan_cases[] = {
  /* The hand: 鸡糊 0, 平胡 1, 碰碰胡 3, 混一色 3, 混碰 5, 清一色 5 (平胡 adds within the cap) */
  { "[444s,3][333s,3][222p,1][123m,3]7p7p", "", NULL, "鸡糊", 0, 0 },
  { "789m1123445678p6p", "", NULL, "平胡", 1, 2 },
  { "44455p22245666s5p", "", NULL, "平胡", 0, 1 },
  { "11m44555777999s4s", "", NULL, "碰碰胡", 3, 4 },
  { "2366777788pCCC1p", "", NULL, "混一色", 3, 5 },
  { "[999s,2][444s,1]555888sPP", "", NULL, "混碰", 5, 5 },
  { "[999s,2][444s,1]555888sPP", "", NULL, "混一色", 0, 5 },
  { "[999s,2][444s,1]555888sPP", "", NULL, "碰碰胡", 0, 5 },
  { "[567m,2]1156778999m9m", "--self-drawn", NULL, "清一色", 5, 5 },
  { "12345678m234m11m9m", "", NULL, "平胡", 1, 5 },
  { "12345678m234m11m9m", "", NULL, "清一色", 5, 5 },
  { "12345678m234m11m9m", "--self-drawn", "cap=8", "清一色", 5, 8 },
  { "12345678m234m11m9m", "--self-drawn", "cap=13", "自摸", 1, 8 },
  /* Beyond the cap: scored alone, the highest when several apply */
  { "[8888p,7][222p,2]4446677p7p", "--self-drawn", NULL, "清碰", 6, 6 },
  { "[8888p,7][222p,2]4446677p7p", "--self-drawn", NULL, "自摸", 0, 6 },
  { "[111m,1][999p,1]EEE999s1s1s", "", NULL, "混幺九", 6, 6 },
  { "[CCC,1][FFF,1]123m456mPP", "", NULL, "小三元", 7, 7 },
  { "[CCC,1][FFF,1]123m456mPP", "", NULL, "三元牌", 0, 7 },
  { "[WWW,2][EEE,1][456m]SSSNN", "", NULL, "小四喜", 7, 7 },
  { "SSSWWNNNCCCPPW", "", NULL, "字一色", 8, 8 },
  { "EEESSSWWWNNCCC", "", NULL, "字一色", 8, 8 },
  { "EEESSSWWWNNCCC", "", NULL, "小四喜", 0, 8 },
  { "[111p,3][999s,3][1111m,7]99m99p9p", "", NULL, "清幺九", 8, 8 },
  { "45556pCCFFFPPPC", "--self-drawn", NULL, "大三元", 9, 9 },
  { "CCCFFFPPPEEESS", "", NULL, "大三元", 9, 9 },
  { "CCCFFFPPPEEESS", "", NULL, "字一色", 0, 9 },
  { "[南南南,2][西西西,3][北北北,2]5m东东东5m", "--self-drawn", NULL, "大四喜", 9, 9 },
  { "19m1p19sESWNCFPP9p", "", NULL, "十三幺", 9, 9 },
  { "3458m567sSSSCCC8m", "--self-drawn --heavenly", NULL, "天和", 9, 9 },
  { "35678m88pEEEWWW4m", "--human --seat-wind W", NULL, "人和", 9, 9 },
  { "1666999m333pWWW1m", "--self-drawn --earthly --seat-wind N", NULL, "地和", 9, 9 },
  /* Additions within the cap */
  { "[456s,3][456p,2][345s,3]2289p7p", "--self-drawn", NULL, "自摸", 1, 2 },
  { "[EEE,1]123m456p789s1m1m", "", NULL, "风牌刻", 2, 2 },
  { "[EEE,1]123m456p789s1m1m", "--seat-wind S", NULL, "风牌刻", 1, 1 },
  { "[EEE,1]123m456p789s1m1m", "--seat-wind S --round-wind S", NULL, "风牌刻", 0, 0 },
  { "77m66668sCCCPPP7s", "--self-drawn --wall-last", NULL, "三元牌", 2, 5 },
  { "77m66668sCCCPPP7s", "--self-drawn --wall-last", NULL, "海底捞月", 1, 5 },
  { "[123p,1]666s78sCCC77m9s", "--wall-last", NULL, "三元牌", 1, 1 },
  { "44455p22245666s5p", "", NULL, "门前清", 1, 1 },
  { "[1111p]44556678pPP6p", "--self-drawn", NULL, "门前清", 1, 5 },
  { "[123p][5555p]33389m22p7m", "--self-drawn --kong", NULL, "杠上开花", 1, 2 },
  { "[123p][5555p]33389m22p7m", "--self-drawn --kong", NULL, "门前清", 0, 2 },
  { "88m57p南南南北北北发发发6p", "--kong", NULL, "自摸", 1, 3 },
  { "123m456p789s11m55s5s", "", NULL, "花龙", 0, 1 },
  { "123m456p789s11m55s5s", "", "mixed_straight=on", "花龙", 1, 2 },
  { "[NNN,1][CCC,1]123m456p7s7s", "--self-drawn --seat-wind N --round-wind N", NULL, "风牌刻", 2,
    4 },
  { "[NNN,1][CCC,1]123m456p7s7s", "--self-drawn --seat-wind N --round-wind N",
    "north_north=on", "风牌刻", 2, 5 },
  /* 小相公: a hand short of a whole set may still win, at most 3 番 */
  { "11m44555777s4s", "", NULL, "碰碰胡", 3, 3 },
};

static void
test_fan_table (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (fan_cases); i++)
    {
      SpScoreResult result;

      sp_test_check_item (SP_RULESET_GUANGDONG, fan_cases[i].option, fan_cases[i].hand,
                          fan_cases[i].flags, fan_cases[i].item, fan_cases[i].value, &result);
      if (result.total != fan_cases[i].total)
        g_error ("%s %s [%s]: total %d, expected %d", fan_cases[i].hand, fan_cases[i].flags,
                 fan_cases[i].option ? fan_cases[i].option : "", result.total,
                 fan_cases[i].total);
      g_assert_cmpint (result.points, ==, (gint64) 1 << result.total);
      /* Items worth 0 (鸡糊, 抢杠) are left out. */
      for (guint k = 0; k < result.n_items; k++)
        g_assert_cmpint (result.items[k].value, >, 0);
    }
}

static void
test_minimum (void)
{
  g_autoptr(SpRules) one = guangdong_rules ("min_fan=1");
  g_autoptr(SpRules) three = guangdong_rules ("min_fan=3");
  SpScoreResult result;

  sp_test_score (one, "[444s,3][333s,3][222p,1][123m,3]7p7p", "", &result);
  g_assert_false (result.win);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_cmpint (result.total, ==, 0);
  sp_test_score (one, "789m1123445678p6p", "", &result);
  g_assert_true (result.win);
  sp_test_score (three, "789m1123445678p6p", "", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_cmpint (result.total, ==, 2);
  g_assert_cmpint (sp_score_result_item (&result, "平胡"), ==, 1);
  sp_test_score (three, "11m44555777999s4s", "", &result);
  g_assert_true (result.win);
}

static void
test_settlement (void)
{
  g_autoptr(SpRules) rules = guangdong_rules (NULL);
  g_autoptr(SpRules) half = guangdong_rules ("discard_pays=half");
  g_autoptr(SpRules) no_bao = guangdong_rules ("discard_pays=half,bao=off");
  g_autoptr(SpRules) no_twelve = guangdong_rules ("twelve_tile_bao=off");
  SpScoreResult result;

  /* Self-drawn: all three pay 2^番; --base multiplies. */
  sp_test_score (rules, "[456s,3][456p,2][345s,3]2289p7p", "--self-drawn --seat-wind S", &result);
  for (guint seat = 0; seat < 4; seat++)
    g_assert_cmpint (result.settlement[seat], ==, seat == SP_WIND_SOUTH ? 12 : -4);
  sp_test_score (rules, "[456s,3][456p,2][345s,3]2289p7p", "--self-drawn --base 5", &result);
  g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, 60);

  /* On a discard: 全铳 (the discarder pays for three) or 半铳. */
  sp_test_score (rules, "11m44555777999s4s", "--discarder W", &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -48);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 0);
  sp_test_score (half, "11m44555777999s4s", "--discarder W", &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -16);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, -8);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -8);
  g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);

  /* 抢杠: the kong player pays for all three. */
  sp_test_score (half, "88m57p南南南北北北发发发6p", "--kong --discarder S", &result);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, -24);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, 0);

  /* 包牌: 清一色 to a hand with three melded sets, the liable player pays for everyone. */
  sp_test_score (half, "[111s,1][222s,2][333s,3]4488s8s", "--discarder W --liable W", &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -192);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 0);
  sp_test_score (no_bao, "[111s,1][222s,2][333s,3]4488s8s", "--discarder W --liable W", &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -64);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, -32);

  /* 十二张落地包自摸: the feeder of the fourth melded set pays the whole self-draw. */
  sp_test_score (rules, "[111s,1][222s,2][333s,3][456m,1]8s8s", "--self-drawn --liable W",
                 &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -6);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 0);
  sp_test_score (no_twelve, "[111s,1][222s,2][333s,3][456m,1]8s8s", "--self-drawn --liable W",
                 &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -2);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, -2);

  /* 包牌 of the fourth melded set: its feeder (not the discarder of the winning tile) pays
   * half of each other payer's share, and his own.  清一色 capped at 5 番 = 32. */
  sp_test_score (rules, "[111s,1][222s,2][333s,3][456s,1]8s8s", "--discarder S --liable W",
                 &result);
  assert_settlement (&result, 96, -48, -48, 0);
  sp_test_score (half, "[111s,1][222s,2][333s,3][456s,1]8s8s", "--discarder S --liable W",
                 &result);
  assert_settlement (&result, 64, -16, -40, -8);
  sp_test_score (no_twelve, "[111s,1][222s,2][333s,3][456s,1]8s8s", "--self-drawn --liable W",
                 &result);
  assert_settlement (&result, 96, -16, -64, -16);
  /* The feeder also discarded the winning tile: he pays for everyone; 包牌 off: nobody. */
  sp_test_score (half, "[111s,1][222s,2][333s,3][456s,1]8s8s", "--discarder W --liable W",
                 &result);
  assert_settlement (&result, 96, 0, -96, 0);
  sp_test_score (no_bao, "[111s,1][222s,2][333s,3][456s,1]8s8s", "--discarder S --liable W",
                 &result);
  assert_settlement (&result, 64, -32, -16, -16);

  /* 杠上开花 on a kong claimed from a discard: its discarder pays for all three; not on a
   * concealed kong. */
  sp_test_score (rules, "[2222m,1]34m456p789sEE5m", "--self-drawn --kong --liable N", &result);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -12);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 0);
  sp_test_score (rules, "[2222m]34m456p789sEE5m", "--self-drawn --kong --liable N", &result);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -8);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, -8);

  /* 人和: the dealer pays. */
  sp_test_score (rules, "35678m88pEEEWWW4m", "--human --seat-wind W --dealer S", &result);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, -1536);
  g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);
}

/* A win known by its 番 alone (hand add --fan N): 2^番 within the cap, settled as a scored hand
 * is; below 起和 refused; --liable refused (包牌 needs the tiles). */
static void
test_settle_total (void)
{
  g_autoptr(SpRules) rules = guangdong_rules (NULL);
  g_autoptr(SpRules) half = guangdong_rules ("discard_pays=half,min_fan=3");
  g_autoptr(GError) error = NULL;
  SpScoreResult result;
  SpSituation situation;

  sp_situation_init (&situation);
  situation.seat_wind = SP_WIND_SOUTH;
  situation.self_drawn = TRUE;
  g_assert_true (sp_rules_settle (rules, &situation, 3, &result, &error));
  g_assert_no_error (error);
  g_assert_true (result.win);
  g_assert_cmpint (result.total, ==, 3);
  g_assert_cmpint (result.points, ==, 8);
  assert_settlement (&result, -8, 24, -8, -8);

  /* Above the cap: 5 番, 32 points; 全铳 by default. */
  sp_situation_init (&situation);
  situation.discarder = SP_WIND_WEST;
  g_assert_true (sp_rules_settle (rules, &situation, 7, &result, &error));
  g_assert_cmpint (result.total, ==, 5);
  assert_settlement (&result, 96, 0, -96, 0);

  /* 半铳 and --base. */
  situation.base = 3;
  situation.given |= SP_SITUATION_BASE;
  g_assert_true (sp_rules_settle (half, &situation, 4, &result, &error));
  assert_settlement (&result, 96, -24, -48, -24);

  g_assert_false (sp_rules_settle (half, &situation, 2, &result, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_nonnull (strstr (error->message, "起和"));
  g_clear_error (&error);

  /* 杠上开花 without the tiles: nobody is liable, all three pay. */
  sp_situation_init (&situation);
  situation.self_drawn = TRUE;
  situation.kong = TRUE;
  g_assert_true (sp_rules_settle (rules, &situation, 2, &result, &error));
  assert_settlement (&result, 12, -4, -4, -4);

  situation.liable = SP_WIND_NORTH;
  g_assert_false (sp_rules_settle (rules, &situation, 5, &result, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BAD_SITUATION);
  g_assert_nonnull (strstr (error->message, "--liable"));
}

static void
test_verdicts (void)
{
  g_autoptr(SpRules) rules = guangdong_rules (NULL);
  static const SpTestRefusal refused[] = {
    { "1122333467899p2s2p", "", SP_CORE_ERROR_WRONG_TILE_COUNT, "大相公" },
    { "444556667789m7m", "", SP_CORE_ERROR_WRONG_TILE_COUNT, "小相公" },
    { "[666p,1][444p][111m,2][888p,2]2m", "", SP_CORE_ERROR_WRONG_TILE_COUNT, "小相公" },
    { "-", "--flowers f1,f2,f3,f4,f5,f6,f7,f8", SP_CORE_ERROR_BAD_SITUATION, "flower" },
    { "35678m88pEEEWWW4m", "--human --seat-wind W --discarder N", SP_CORE_ERROR_BAD_SITUATION,
      "dealer" },
    { "3458m567sSSSCCC8m", "--self-drawn --heavenly --seat-wind S", SP_CORE_ERROR_BAD_SITUATION,
      "dealer" },
    { "789m1123445678p6p", "--self-drawn --kong", SP_CORE_ERROR_BAD_SITUATION, "no kong" },
    { "35678m88pEEEWWW4m", "--human", SP_CORE_ERROR_BAD_SITUATION, "non-dealer" },
    { "19m19p19sESWNCF5m1m", "", SP_CORE_ERROR_NOT_A_WIN, "not a win" },
  };
  SpScoreResult result;

  sp_test_check_refusals (rules, refused, G_N_ELEMENTS (refused));

  /* A replacement after a melded kong may win here (its discarder is liable). */
  sp_test_score (rules, "[2222m,1]34m456p789sEE5m", "--self-drawn --kong", &result);
  g_assert_true (result.win);

  /* 诈胡: the 番 claimed (here 自摸 and 门前清, 2 番) as points to each of the three. */
  sp_test_score (rules, "789m1123445678p5p", "--self-drawn", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_NOT_A_WIN);
  g_assert_true (result.ready);
  g_assert_true (result.has_penalty);
  for (guint seat = SP_WIND_SOUTH; seat <= SP_WIND_NORTH; seat++)
    g_assert_cmpint (result.penalty[seat], ==, 4);
  g_assert_cmpint (sp_test_sum (result.penalty), ==, 0);
}

static void
test_options (void)
{
  g_autoptr(SpRules) rules = guangdong_rules (NULL);
  guint n = 0;

  sp_test_check_option_defaults (rules, &n);
  g_assert_cmpuint (n, >=, 5);
  sp_test_set_option (rules, "cap", "8", "8");
  sp_test_refuse_option (rules, "cap", "0");
  sp_test_refuse_option (rules, "min_fan", "2");
  sp_test_refuse_option (rules, "discard_pays", "none");
}

static void
test_dev_data (void)
{
  sp_test_check_dev_data (SP_RULESET_GUANGDONG, "guangdong-dev.jsonl");
}

int
main (int argc, char **argv)
{
  /* The 台/番 names in the messages are UTF-8. */
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/guangdong/dev-data", test_dev_data);
  g_test_add_func ("/sparrow/core/guangdong/fan-table", test_fan_table);
  g_test_add_func ("/sparrow/core/guangdong/minimum", test_minimum);
  g_test_add_func ("/sparrow/core/guangdong/settlement", test_settlement);
  g_test_add_func ("/sparrow/core/guangdong/settle-total", test_settle_total);
  g_test_add_func ("/sparrow/core/guangdong/verdicts", test_verdicts);
  g_test_add_func ("/sparrow/core/guangdong/options", test_options);
  return g_test_run ();
}
