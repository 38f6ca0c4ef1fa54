/* test-core-taiwan.c: the Taiwanese 16-tile referee (台), profile tw.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>

#include "sp-test-referee.h"

static SpRules *
taiwan_rules (const char *options)
{
  return sp_test_rules (SP_RULESET_TAIWAN, options);
}

static void
test_dev_data (void)
{
  sp_test_check_dev_data (SP_RULESET_TAIWAN, "taiwan-dev.jsonl");
}

/* rules/taiwan.md §5, every line with its items. */
static void
test_worked_examples (void)
{
  static const struct
  {
    const char *hand;
    const char *flags;
    gint32      total;
    const char *items[8];
    gint32      values[8];
  } examples[] = {
    { "123m456m789m234p56p55s7p", "", 3, { "平胡", "門清" }, { 2, 1 } },
    { "123m456m789m234p56p55s7p", "--self-drawn", 3, { "門清", "不求", "自摸" }, { 1, 1, 1 } },
    { "123m456m789m234p46p55s5p", "", 2, { "中洞", "門清" }, { 1, 1 } },
    { "123m456m789m234p55s99s9s", "", 1, { "門清" }, { 1 } },
    { "111m222m333pEEECCC5s5s", "", 17,
      { "五暗刻", "碰碰胡", "三元牌", "門風", "圈風", "單吊", "門清" }, { 8, 4, 1, 1, 1, 1, 1 } },
    { "EEESSSWWWCCCFFFNN", "", 34, { "字一色", "小四喜", "五暗刻", "單吊", "門清" },
      { 16, 8, 8, 1, 1 } },
  };
  g_autoptr(SpRules) rules = taiwan_rules (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      SpScoreResult result;
      guint n = 0;

      sp_test_score (rules, examples[i].hand, examples[i].flags, &result);
      g_test_message ("%s %s", examples[i].hand, examples[i].flags);
      g_assert_true (result.win);
      g_assert_cmpint (result.total, ==, examples[i].total);
      for (; n < G_N_ELEMENTS (examples[i].items) && examples[i].items[n] != NULL; n++)
        g_assert_cmpint (sp_score_result_item (&result, examples[i].items[n]), ==,
                         examples[i].values[n]);
      g_assert_cmpuint (result.n_items, ==, n);
    }
}

/* Each 台 where it counts and where it must not (value 0), with the option that changes it. */
static const struct
{
  const char *hand;
  const char *flags;
  const char *option;
  const char *item;
  gint32      value;
} tai_cases[] = {
  /* 門清, 不求, 自摸 */
  { "123m456m789m234p46p55s5p", "", NULL, "門清", 1 },
  { "[123m,1]456m789m234p46p55s5p", "", NULL, "門清", 0 },
  { "[EEEE]123m456m789m46p55s5p", "", NULL, "門清", 1 },
  { "123m456m789m234p56p55s7p", "--self-drawn", NULL, "不求", 1 },
  { "[123m,1]456m789m234p56p55s7p", "--self-drawn", NULL, "不求", 0 },
  { "[123m,1]456m789m234p56p55s7p", "--self-drawn", NULL, "自摸", 1 },
  { "123m456m789m234p56p55s7p", "", NULL, "自摸", 0 },
  /* 門風, 圈風 (東風東 = 2) */
  { "[SSS,1]456m789m234p46p55s5p", "--seat-wind S", NULL, "門風", 1 },
  { "[SSS,1]456m789m234p46p55s5p", "", NULL, "門風", 0 },
  { "[SSS,1]456m789m234p46p55s5p", "--round-wind S", NULL, "圈風", 1 },
  { "[SSS,1]456m789m234p46p55s5p", "--round-wind S", NULL, "門風", 0 },
  { "[EEE,1]456m789m234p46p55s5p", "", NULL, "門風", 1 },
  { "[EEE,1]456m789m234p46p55s5p", "", NULL, "圈風", 1 },
  { "[456m,1]789m123s234p46pEE5p", "", NULL, "門風", 0 },
  /* 正花, 花槓 */
  { "123m456m789m234p46p55s5p", "--flowers f1,f5", NULL, "正花", 2 },
  { "123m456m789m234p46p55s5p", "--flowers f2,f6", NULL, "正花", 0 },
  { "123m456m789m234p46p55s5p", "--flowers f2,f6 --seat-wind S", NULL, "正花", 2 },
  { "123m456m789m234p46p55s5p", "--flowers f1,f2,f3,f4", NULL, "花槓", 2 },
  { "123m456m789m234p46p55s5p", "--flowers f1,f2,f3,f4", NULL, "正花", 0 },
  { "123m456m789m234p46p55s5p", "--flowers f1,f2,f3,f4,f5,f6,f7,f8", NULL, "花槓", 4 },
  { "123m456m789m234p46p55s5p", "--flowers f1,f2,f3,f4,f5", NULL, "正花", 1 },
  { "123m456m789m234p46p55s5p", "--flowers f1,f2,f3,f4,f5", "flower_set_keeps_own_flower=on",
    "正花", 2 },
  { "123m456m789m234p46p55s5p", "--flowers f8 --seat-wind W", NULL, "正花", 0 },
  { "123m456m789m234p46p55s5p", "--flowers f8 --seat-wind W", "flower_mapping=by-number",
    "正花", 1 },
  { "123m456m789m234p46p55s5p", "--flowers f7 --seat-wind N", "flower_mapping=by-number",
    "正花", 1 },
  /* 三元牌 */
  { "[CCC,1]456m789m234p46p55s5p", "", NULL, "三元牌", 1 },
  { "[CCC,1][FFF,2]789m234p46p55s5p", "", NULL, "三元牌", 2 },
  { "[456m,1]789m123sCC234p46p5p", "", NULL, "三元牌", 0 },
  /* 邊張, 中洞, 單吊: only for a unique wait, the naming order for one read several ways */
  { "123m456m789mEEE12p55s3p", "", NULL, "邊張", 1 },
  { "123m456m789mEEE13p55s2p", "", NULL, "中洞", 1 },
  { "123m456m789mEEE123p5s5s", "", NULL, "單吊", 1 },
  { "123m456m789m234p12p55s3p", "", NULL, "中洞", 1 },
  { "123m456m789m234p12p55s3p", "", NULL, "邊張", 0 },
  { "123m456m789m234p55s99s9s", "", NULL, "單吊", 0 },
  { "[444m,2][789m,3][234m,1]1115557m6m", "", NULL, "中洞", 0 },
  { "[444m,2][789m,3][234m,1]1115557m6m", "", "wait_tai_any_reading=on", "中洞", 1 },
  /* 搶槓, 槓上開花, 河底撈魚, 海底撈月 */
  { "123m456m789mEEE13p55s2p", "--kong", NULL, "搶槓", 1 },
  { "123m456m789mEEE13p55s2p", "", NULL, "搶槓", 0 },
  { "[EEEE]123m456m789m13p55s2p", "--self-drawn --kong", NULL, "槓上開花", 1 },
  { "[EEEE,5]123m456m789m13p55s2p", "--self-drawn --kong", NULL, "槓上開花", 1 },
  { "123m456m789mEEE13p55s2p", "--self-drawn --flower-replacement --flowers f3", NULL,
    "槓上開花", 1 },
  { "[EEEE]123m456m789m13p55s2p", "--self-drawn", NULL, "槓上開花", 0 },
  { "123m456m789mEEE13p55s2p", "--wall-last", NULL, "河底撈魚", 1 },
  { "123m456m789mEEE13p55s2p", "--wall-last", NULL, "海底撈月", 0 },
  { "123m456m789mEEE13p55s2p", "--wall-last --self-drawn", NULL, "海底撈月", 1 },
  { "123m456m789mEEE13p55s2p", "--wall-last --self-drawn", NULL, "河底撈魚", 0 },
  /* 平胡 and its variants */
  { "123m456m789m234p56p55s7p", "", NULL, "平胡", 2 },
  { "123m456m789m234p56p55s7p", "--kong", NULL, "平胡", 2 },
  { "123m456m789m234p56p55s7p", "--flowers f2", NULL, "平胡", 0 },
  { "123m456m789m234p56pEE7p", "", NULL, "平胡", 0 },
  { "123m456m789m234p46p55s5p", "", NULL, "平胡", 0 },
  { "123m456m789m234p56p55s7p", "", "pinghu=no-with-menqing", "平胡", 0 },
  { "[123s,1][456m,1][567m,3]56m45699s4m", "", "pinghu=no-with-menqing", "平胡", 2 },
  { "123m456m789m234p56p55s7p", "", "pinghu=no-with-other-tai", "平胡", 0 },
  { "[123s,1][456m,1][567m,3]56m45699s4m", "", "pinghu=no-with-other-tai", "平胡", 2 },
  { "[123s,1][789m,1][567p,3]56m45699s4m", "--kong", "pinghu=no-with-other-tai", "平胡", 0 },
  { "[123s,1][789m,1][567p,3]56m45699s4m", "--kong", NULL, "平胡", 2 },
  { "123m456m789m55s23456p7p", "", NULL, "平胡", 2 },
  { "123m456m789m55s23456p7p", "", "pinghu=no-if-multi-wait>2", "平胡", 0 },
  { "[123s,1][456m,1][567m,3]56m45699s4m", "", "pinghu=no-if-multi-wait>2", "平胡", 2 },
  { "123m234m345m456p55s78s9s", "", NULL, "平胡", 2 },
  { "123m234m345m456p55s78s9s", "", "pinghu=no-triplet-shape", "平胡", 0 },
  { "123m456m789m234p56p55s7p", "", "pinghu=no-triplet-shape", "平胡", 2 },
  /* 全求, 半求 */
  { "[222m,1][678p,3][567m,1][567s,2][234m,2]8m8m", "", NULL, "全求", 2 },
  { "[222m,1][678p,3][567m,1][567s,2][234m,2]8m8m", "", NULL, "單吊", 0 },
  { "[222m,1][678p,3][567m,1][567s,2][234m,2]8m8m", "", "melded_hand_adds_single_wait=on",
    "單吊", 1 },
  { "[222m,1][678p,3][567m,1][567s,2][2222s]8m8m", "", NULL, "全求", 0 },
  { "[222m,1][678p,3][567m,1][567s,2][234m,2]8m8m", "--self-drawn", NULL, "半求", 1 },
  { "[222m,1][678p,3][567m,1][567s,2][234m,2]8m8m", "--self-drawn", NULL, "全求", 0 },
  { "[222m,1][678p,3][567m,1][567s,2][234m,2]8m8m", "--self-drawn", "half_melded=off", "半求",
    0 },
  /* 暗刻: a pung completed by a discard is not concealed */
  { "[123s][3333m]4445556688s8s", "", NULL, "三暗刻", 2 },
  { "777999m3344p555sCCC4p", "", NULL, "四暗刻", 5 },
  { "777999m3344p555sCCC4p", "--self-drawn", NULL, "五暗刻", 8 },
  { "777999m3344p555sCCC4p", "--self-drawn", NULL, "四暗刻", 0 },
  { "[777m,1]999m3344p555sCCC4p", "", NULL, "三暗刻", 2 },
  /* 碰碰胡, 小三元, 大三元, 混一色, 清一色 */
  { "[111m,1][222p,1]333s444s55m66m6m", "", NULL, "碰碰胡", 4 },
  { "[CCC,1][FFF,1]123m456m789pPP", "", NULL, "小三元", 4 },
  { "[CCC,1][FFF,1]123m456m789pPP", "", NULL, "三元牌", 0 },
  { "[CCC,3][FFF,2][PPP,3][123s,1][789m,1]9p9p", "", NULL, "大三元", 8 },
  { "[CCC,3][FFF,2][PPP,3][123s,1][789m,1]9p9p", "", NULL, "三元牌", 0 },
  { "[CCC,3][FFF,2][PPP,3][123s,1][789m,1]9p9p", "", NULL, "小三元", 0 },
  { "[EEE,1]123m456m789m11m23m4m", "", NULL, "混一色", 4 },
  { "[123m,1]456m789m11m23m567m4m", "", NULL, "清一色", 8 },
  { "[123m,1]456m789m11m23m567m4m", "", NULL, "混一色", 0 },
  /* 小四喜, 大四喜, 字一色 */
  { "[EEE,3][123m,1]444mSSSWWNNN", "--self-drawn", NULL, "小四喜", 8 },
  { "[EEE,3][123m,1]444mSSSWWNNN", "--self-drawn", NULL, "門風", 1 },
  { "[EEE,3][123m,1]444mSSSWWNNN", "--self-drawn", "small_winds_keeps_wind_tai=off", "門風",
    0 },
  { "[EEE,3][123m,1]444mSSSWWNNN", "--self-drawn", "small_winds_keeps_wind_tai=off", "圈風",
    0 },
  { "EEESSSWWWNNN123m5p5p", "", NULL, "大四喜", 16 },
  { "EEESSSWWWNNN123m5p5p", "", NULL, "門風", 0 },
  { "EEESSSWWWNNN123m5p5p", "", NULL, "小四喜", 0 },
  { "EEESSSWWWCCCFFFNN", "", NULL, "碰碰胡", 0 },
  { "EEESSSWWWCCCFFFNN", "", NULL, "門風", 0 },
  { "EEESSSWWWCCCFFFNN", "", NULL, "三元牌", 0 },
  { "EEESSSWWWCCCFFFNN", "", "all_honors_value=8", "字一色", 8 },
  /* 天聽, 地聽, 天胡, 地胡, 人胡 */
  { "2346667889m222234p8m", "--self-drawn --ready-first-draw", NULL, "地聽", 8 },
  { "44445m77sCCCFFFPPP6m", "--ready-at-deal --seat-wind W", NULL, "天聽", 16 },
  { "233445567p4445567s6s", "--self-drawn --heavenly", NULL, "天胡", 24 },
  { "233445567p4445567s6s", "--self-drawn --heavenly", NULL, "門清", 0 },
  { "233445567p4445567s6s", "--self-drawn --heavenly", NULL, "自摸", 0 },
  { "233445567p4445567s6s", "--self-drawn --heavenly", "heavenly_value=32", "天胡", 32 },
  { "233445567p4445567s6s", "--self-drawn --heavenly", "heavenly_value=16", "天胡", 16 },
  { "123m456m789mEEE13p55s2p", "--self-drawn --heavenly", NULL, "中洞", 0 },
  { "678p55sEESSSFFFPPPE", "--self-drawn --earthly --seat-wind N", NULL, "地胡", 16 },
  { "678p55sEESSSFFFPPPE", "--self-drawn --earthly --seat-wind N", NULL, "不求", 0 },
  { "678p55sEESSSFFFPPPE", "--self-drawn --earthly --seat-wind N --ready-first-draw", NULL,
    "地聽", 0 },
  { "123m456m789mEEE13p55s2p", "--human --seat-wind S", NULL, "人胡", 16 },
  { "123m456m789mEEE13p55s2p", "--human --seat-wind S", NULL, "門清", 0 },
  { "123m456m789mEEE13p55s2p", "--human", NULL, "人胡", 16 },
  { "123m456m789mEEE13p55s2p", "--human --seat-wind S --ready-at-deal", NULL, "天聽", 0 },
  /* 四槓牌, 八仙過海, 七搶一: scored alone */
  { "[2222m,6][3333s][5555m,2][2222p,3]45p99s3p", "--self-drawn", NULL, "四槓牌", 8 },
  { "[2222m,6][3333s][5555m,2][2222p,3]45p99s3p", "--self-drawn", NULL, "自摸", 0 },
  { "-", "--flowers f1,f2,f3,f4,f5,f6,f7,f8", NULL, "八仙過海", 8 },
  { "-", "--flowers f1,f2,f3,f4,f5,f6,f7,f8", NULL, "花槓", 0 },
  { "-", "--flowers f1,f2,f3,f4,f5,f6,f7 --discarder S", NULL, "七搶一", 8 },
};

static void
test_tai_table (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (tai_cases); i++)
    {
      SpScoreResult result;

      sp_test_check_item (SP_RULESET_TAIWAN, tai_cases[i].option, tai_cases[i].hand,
                          tai_cases[i].flags, tai_cases[i].item, tai_cases[i].value, &result);
    }
}

/* The example of rules/taiwan.md §3 (底 30, 台 10, a 5-台 hand, dealer on 連1 = 3 dealer 台). */
static void
test_settlement_example (void)
{
  g_autoptr(SpRules) rules = taiwan_rules (NULL);
  SpScoreResult result;

  /* The dealer wins on a discard from W: W pays 30 + (5 + 3) × 10. */
  sp_test_score (rules, "[CCC,1][FFF,1]123m456m789pPP", "--streak 1 --discarder W", &result);
  g_assert_cmpint (result.total, ==, 5);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -110);
  g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, 110);
  g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);

  /* A non-dealer self-draws: the dealer pays 110, the other two 80 each. */
  sp_test_score (rules, "[CCC,1][FFF,1]123m456m78pPP9p", "--self-drawn --seat-wind S --streak 1",
                 &result);
  g_assert_cmpint (result.total, ==, 5);
  g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, -110);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -80);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -80);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 270);

  /* Two non-dealers trade a discard: 80. */
  sp_test_score (rules, "[CCC,1][FFF,1]123m456m789pPP", "--seat-wind S --streak 1 --discarder W",
                 &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -80);
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 80);
  g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, 0);
}

/* Every kind of line with dealer streaks 0–5: the 2N+1 only between dealer and winner. */
static void
test_settlement_streaks (void)
{
  g_autoptr(SpRules) rules = taiwan_rules (NULL);

  for (guint streak = 0; streak <= 5; streak++)
    {
      gint64 dealer = 2 * streak + 1;
      SpScoreResult result;
      g_autofree char *dealer_discard = g_strdup_printf ("--streak %u --discarder N", streak);
      g_autofree char *to_dealer = g_strdup_printf ("--seat-wind S --streak %u --discarder E",
                                                    streak);
      g_autofree char *self = g_strdup_printf ("--seat-wind W --self-drawn --streak %u", streak);
      g_autofree char *dealer_self = g_strdup_printf ("--self-drawn --streak %u --base 200 "
                                                      "--per-tai 50", streak);
      g_autofree char *others = g_strdup_printf ("--seat-wind S --dealer W --streak %u "
                                                 "--discarder N", streak);

      /* 中洞 + 門清 = 2 台 on a discard; 門清 不求 自摸 中洞 = 4 self-drawn. */
      sp_test_score (rules, "123m456m789m234p46p55s5p", dealer_discard, &result);
      g_assert_cmpint (result.total, ==, 2);
      g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -(30 + (2 + dealer) * 10));
      g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);

      sp_test_score (rules, "123m456m789m234p46p55s5p", to_dealer, &result);
      g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, -(30 + (2 + dealer) * 10));
      g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 30 + (2 + dealer) * 10);
      g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);

      sp_test_score (rules, "123m456m789m234p46p55s5p", self, &result);
      g_assert_cmpint (result.total, ==, 4);
      g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, -(30 + (4 + dealer) * 10));
      g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, -(30 + 4 * 10));
      g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -(30 + 4 * 10));
      g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);

      sp_test_score (rules, "123m456m789m234p46p55s5p", dealer_self, &result);
      for (guint payer = SP_WIND_SOUTH; payer <= SP_WIND_NORTH; payer++)
        g_assert_cmpint (result.settlement[payer], ==, -(200 + (4 + dealer) * 50));
      g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);

      sp_test_score (rules, "123m456m789m234p46p55s5p", others, &result);
      g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -(30 + 2 * 10));
      g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, 0);
      g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);
    }
}

/* 搶槓: the kong player pays; 七搶一: the holder of the eighth flower; 八仙過海: all three;
 * max_tai caps the hand's 台 paid. */
static void
test_settlement_payers (void)
{
  g_autoptr(SpRules) rules = taiwan_rules (NULL);
  g_autoptr(SpRules) capped = taiwan_rules ("max_tai=5");
  SpScoreResult result;

  sp_test_score (rules, "123m456m789mEEE13p55s2p", "--kong --seat-wind S --discarder W", &result);
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -(30 + result.total * 10));
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, 0);

  sp_test_score (rules, "-", "--flowers f1,f2,f3,f4,f5,f6,f7 --seat-wind S --discarder N",
                 &result);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -(30 + 8 * 10));
  g_assert_cmpint (result.settlement[SP_WIND_SOUTH], ==, 30 + 8 * 10);

  sp_test_score (rules, "-", "--flowers f1,f2,f3,f4,f5,f6,f7,f8 --seat-wind S", &result);
  g_assert_cmpint (result.settlement[SP_WIND_EAST], ==, -(30 + 9 * 10));
  g_assert_cmpint (result.settlement[SP_WIND_WEST], ==, -(30 + 8 * 10));
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -(30 + 8 * 10));
  g_assert_cmpint (sp_test_sum (result.settlement), ==, 0);

  sp_test_score (rules, "111m222m333pEEECCC5s5s", "", &result);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -(30 + (17 + 1) * 10));
  sp_test_score (capped, "111m222m333pEEECCC5s5s", "", &result);
  g_assert_cmpint (result.total, ==, 17);
  g_assert_cmpint (result.settlement[SP_WIND_NORTH], ==, -(30 + (5 + 1) * 10));
}

/* 詐胡, 大相公/小相公, bad situations and flower wins that are not. */
static void
test_verdicts (void)
{
  g_autoptr(SpRules) rules = taiwan_rules (NULL);
  g_autoptr(SpRules) dealer_only = taiwan_rules ("false_win_penalty=dealer-only");
  g_autoptr(SpRules) fixed = taiwan_rules ("false_win_penalty=fixed:100");
  g_autoptr(SpRules) no_flower_wins = taiwan_rules ("flower_wins=off");
  static const SpTestRefusal refused[] = {
    { "123m456m789m234p46p55s5p5s", "", SP_CORE_ERROR_WRONG_TILE_COUNT, "大相公" },
    { "123m456m789m234p4p55s5p", "", SP_CORE_ERROR_WRONG_TILE_COUNT, "小相公" },
    { "[1111m][2222m][3333m][4444m][5555m][6666m]7m7m", "", SP_CORE_ERROR_WRONG_TILE_COUNT,
      "大相公" },
    { "[EEEE,1]123m456m789m13p55s2p", "--self-drawn --kong", SP_CORE_ERROR_BAD_SITUATION,
      "claimed from a discard" },
    { "123m456m789mEEE13p55s2p", "--self-drawn --kong", SP_CORE_ERROR_BAD_SITUATION, "no kong" },
    { "123m456m789mEEE22p55s2p", "--kong", SP_CORE_ERROR_BAD_SITUATION, "robbing" },
    { "233445567p4445567s6s", "--self-drawn --heavenly --seat-wind S",
      SP_CORE_ERROR_BAD_SITUATION, "dealer" },
    { "678p55sEESSSFFFPPPE", "--earthly --seat-wind N", SP_CORE_ERROR_BAD_SITUATION,
      "--self-drawn" },
    { "678p55sEESSSFFFPPPE", "--earthly --self-drawn", SP_CORE_ERROR_BAD_SITUATION, "dealer" },
    { "123m456m789mEEE13p55s2p", "--human --self-drawn --seat-wind S",
      SP_CORE_ERROR_BAD_SITUATION, "--human" },
    { "[123m,1]456m789mEEE13p55s2p", "--ready-at-deal", SP_CORE_ERROR_BAD_SITUATION, "call" },
    { "123m456m789mEEE13p55s2p", "--flowers 2", SP_CORE_ERROR_BAD_SITUATION, "f1,f5" },
    { "123m456m789mEEE13p55s2p", "--discarder E", SP_CORE_ERROR_BAD_SITUATION, "own seat" },
    { "123m456m789mEEE13p55s2p", "--flower-replacement --flowers f1",
      SP_CORE_ERROR_BAD_SITUATION, "--self-drawn" },
    { "-", "--flowers f1,f2,f3,f4,f5,f6", SP_CORE_ERROR_BAD_SITUATION, "eight" },
    { "-", "--flowers f1,f2,f3,f4,f5,f6,f7", SP_CORE_ERROR_BAD_SITUATION, "--discarder" },
    { "123m456m789mEEE13p55s3p", "", SP_CORE_ERROR_NOT_A_WIN, "ready" },
  };
  SpScoreResult result;

  sp_test_check_refusals (rules, refused, G_N_ELEMENTS (refused));

  /* 詐胡 (not a win, ready on 2p): 賠三家 with the 台 the hand shows without its shape
   * (門清 1) and the dealer's 台 on the dealer's line. */
  sp_test_score (rules, "123m456m789mEEE13p55s3p", "--dealer S", &result);
  g_assert_true (result.ready);
  g_assert_true (result.has_penalty);
  g_assert_cmpint (result.penalty[SP_WIND_SOUTH], ==, 30 + (1 + 1) * 10);
  g_assert_cmpint (result.penalty[SP_WIND_WEST], ==, 30 + 1 * 10);
  g_assert_cmpint (result.penalty[SP_WIND_NORTH], ==, 30 + 1 * 10);
  g_assert_cmpint (result.penalty[SP_WIND_EAST], ==, -130);
  g_assert_cmpint (sp_test_sum (result.penalty), ==, 0);
  /* Not ready: its distance from ready. */
  sp_test_score (rules, "123m456m789mEEE13p59s3p", "", &result);
  g_assert_false (result.ready);
  g_assert_cmpint (result.shanten, ==, 1);

  sp_test_score (dealer_only, "123m456m789mEEE13p55s3p", "--dealer S", &result);
  g_assert_cmpint (result.penalty[SP_WIND_SOUTH], ==, 50);
  g_assert_cmpint (result.penalty[SP_WIND_WEST], ==, 0);
  g_assert_cmpint (result.penalty[SP_WIND_EAST], ==, -50);
  sp_test_score (fixed, "123m456m789mEEE13p55s3p", "", &result);
  for (guint seat = SP_WIND_SOUTH; seat <= SP_WIND_NORTH; seat++)
    g_assert_cmpint (result.penalty[seat], ==, 100);
  g_assert_cmpint (sp_test_sum (result.penalty), ==, 0);

  /* A real win carries no penalty; 大相公 neither (a dead hand plays on). */
  sp_test_score (rules, "123m456m789mEEE13p55s2p", "", &result);
  g_assert_false (result.has_penalty);
  sp_test_score (rules, "123m456m789m234p46p55s5p5s", "", &result);
  g_assert_false (result.has_penalty);

  sp_test_score (no_flower_wins, "-", "--flowers f1,f2,f3,f4,f5,f6,f7 --discarder S", &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BAD_SITUATION);
  sp_test_score (no_flower_wins, "-", "--flowers f1,f2,f3,f4,f5,f6,f7,f8", &result);
  g_assert_true (result.win);
}

static void
test_options (void)
{
  g_autoptr(SpRules) rules = taiwan_rules (NULL);
  guint n = 0;
  const SpRuleOption *options = sp_test_check_option_defaults (rules, &n);
  static const char *keys[] = {
    "pinghu", "all_honors_value", "heavenly_value", "wait_tai_any_reading", "half_melded",
    "melded_hand_adds_single_wait", "small_winds_keeps_wind_tai", "flower_set_keeps_own_flower",
    "flower_mapping", "dead_wall", "multiple_winners", "max_tai", "flower_wins",
    "false_win_penalty",
  };

  g_assert_cmpuint (n, ==, G_N_ELEMENTS (keys));
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (options[i].key, ==, keys[i]);

  sp_test_set_option (rules, "dead_wall", "16+1/kong", "16+1/kong");
  sp_test_set_option (rules, "multiple_winners", "on", "on");
  sp_test_set_option (rules, "max_tai", "20", "20");
  sp_test_set_option (rules, "false_win_penalty", "fixed:300", "fixed:300");

  sp_test_refuse_option (rules, "pinghu", "lenient");
  sp_test_refuse_option (rules, "heavenly_value", "20");
  sp_test_refuse_option (rules, "max_tai", "many");
  sp_test_refuse_option (rules, "false_win_penalty", "fixed:");
  sp_test_refuse_option (rules, "no_such_option", "on");
}

int
main (int argc, char **argv)
{
  /* The 台/番 names in the messages are UTF-8. */
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/taiwan/dev-data", test_dev_data);
  g_test_add_func ("/sparrow/core/taiwan/worked-examples", test_worked_examples);
  g_test_add_func ("/sparrow/core/taiwan/tai-table", test_tai_table);
  g_test_add_func ("/sparrow/core/taiwan/settlement-example", test_settlement_example);
  g_test_add_func ("/sparrow/core/taiwan/settlement-streaks", test_settlement_streaks);
  g_test_add_func ("/sparrow/core/taiwan/settlement-payers", test_settlement_payers);
  g_test_add_func ("/sparrow/core/taiwan/verdicts", test_verdicts);
  g_test_add_func ("/sparrow/core/taiwan/options", test_options);
  return g_test_run ();
}
