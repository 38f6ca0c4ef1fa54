/* test-core-mcr.c: the MCR referee against the reference data, the fan table, the profiles,
 * the false-win verdicts with their penalties, and the settlement.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>
#include <string.h>

/* The referees' test fixtures: sp-core.h, and json-glib for the public test data. */
#include "sp-test-referee.h"

/* Scores @text with the situation options @args under @profile (NULL: cn) and the
 * --option KEY=VALUE pairs @options (NULL-terminated, may be NULL). */
static void
score_hand (const char          *text,
            const char * const  *args,
            const char          *profile,
            const char * const  *options,
            SpScoreResult       *result)
{
  g_autoptr(SpRules) rules = NULL;
  g_autoptr(GError) error = NULL;
  SpSituation situation;
  SpHand hand;
  guint n_args = args != NULL ? g_strv_length ((char **) args) : 0;

  rules = sp_rules_new (SP_RULESET_MCR, profile, &error);
  g_assert_no_error (error);
  for (guint i = 0; options != NULL && options[i] != NULL; i += 2)
    {
      g_assert_true (sp_rules_set_option (rules, options[i], options[i + 1], &error));
      g_assert_no_error (error);
    }
  sp_situation_init (&situation);
  g_assert_true (sp_situation_parse_args (&situation, args, n_args, &error));
  g_assert_no_error (error);
  g_assert_true (sp_hand_parse (text, &hand, &error));
  g_assert_no_error (error);
  sp_rules_score (rules, &hand, &situation, result);
}

static char *
describe (const SpScoreResult *result)
{
  GString *s = g_string_new (NULL);

  if (result->win)
    g_string_append (s, "win");
  else
    g_string_append_printf (s, "%s (%s)", sp_core_error_code_name (result->error_code),
                            result->message);
  g_string_append_printf (s, " total %d:", result->total);
  for (guint i = 0; i < result->n_items; i++)
    g_string_append_printf (s, " %s %d×%u", result->items[i].name, result->items[i].value,
                            result->items[i].count);
  return g_string_free (s, FALSE);
}

/* ---- mcr-dev.jsonl ---------------------------------------------------------------------- */

static char *
check_line (JsonObject *line)
{
  JsonObject *expect = json_object_get_object_member (line, "expect");
  JsonArray *flags = json_object_get_array_member (line, "flags");
  const char *text = json_object_get_string_member (line, "hand");
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, "cn", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL;
  SpSituation situation;
  SpScoreResult result;
  SpHand hand;
  gboolean ok = TRUE;

  for (guint i = 0; i < json_array_get_length (flags); i++)
    g_ptr_array_add (args, (gpointer) json_array_get_string_element (flags, i));
  sp_situation_init (&situation);
  if (!sp_situation_parse_args (&situation, (const char * const *) args->pdata, args->len,
                                &error))
    return g_strdup_printf ("flags: %s", error->message);
  if (!sp_hand_parse (text, &hand, &error))
    return g_strdup_printf ("hand: %s", error->message);
  sp_rules_score (rules, &hand, &situation, &result);
  got = describe (&result);

  if (json_object_get_boolean_member_with_default (expect, "below_minimum", FALSE))
    {
      ok = !result.win && result.error_code == SP_CORE_ERROR_BELOW_MINIMUM
           && result.total == json_object_get_int_member (expect, "total");
    }
  else if (json_object_get_boolean_member (expect, "win"))
    {
      JsonObject *fan = json_object_get_object_member (expect, "fan");
      g_autoptr(GList) names = json_object_get_members (fan);
      gint32 sum = 0;

      ok = result.win && result.total == json_object_get_int_member (expect, "total");
      for (GList *l = names; l != NULL && ok; l = l->next)
        ok = sp_score_result_item (&result, l->data) == json_object_get_int_member (fan, l->data);
      for (guint i = 0; i < result.n_items; i++)
        sum += result.items[i].value * (gint32) result.items[i].count;
      ok = ok && sum == result.total && result.n_items == g_list_length (names);
    }
  else
    {
      const char *code = json_object_get_string_member (expect, "error");

      ok = !result.win && g_strcmp0 (sp_core_error_code_name (result.error_code), code) == 0;
      if (ok && strcmp (code, "not-a-win") == 0)
        {
          gboolean ready = json_object_get_boolean_member (expect, "ready");

          ok = result.ready == ready;
          if (ok && !ready)
            ok = result.shanten == json_object_get_int_member (expect, "shanten");
        }
    }
  if (ok)
    return NULL;
  {
    JsonNode *node = json_node_new (JSON_NODE_OBJECT);
    g_autofree char *want = NULL;

    json_node_set_object (node, expect);
    want = json_to_string (node, FALSE);
    json_node_unref (node);
    return g_strdup_printf ("%s %s: want %s, got %s",
                            json_object_get_string_member (line, "id"), text, want, got);
  }
}

static void
test_dev_data (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "mcr-dev.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0, bad = 0;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *mismatch = NULL;

      if (lines[i][0] == '\0')
        continue;
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, &error));
      g_assert_no_error (error);
      mismatch = check_line (json_node_get_object (json_parser_get_root (parser)));
      n++;
      if (mismatch != NULL)
        {
          g_test_message ("line %u: %s", i + 1, mismatch);
          g_printerr ("mcr-dev.jsonl line %u: %s\n", i + 1, mismatch);
          bad++;
        }
    }
  g_assert_cmpuint (n, ==, 600);
  g_assert_cmpuint (bad, ==, 0);
}

/* ---- Helpers for the tables ----------------------------------------------------------------- */

typedef struct
{
  const char *name;
  gint32      points; /* value × count */
} Fan;

/* The result has exactly these fans (a zero-terminated list) and this total. */
static void
assert_fans (const char          *what,
             const SpScoreResult *result,
             gint32               total,
             const Fan           *fans)
{
  g_autofree char *got = describe (result);
  guint n = 0;

  g_test_message ("%s: %s", what, got);
  for (; fans[n].name != NULL; n++)
    {
      if (sp_score_result_item (result, fans[n].name) != fans[n].points)
        g_error ("%s: %s should be %d; got %s", what, fans[n].name, fans[n].points, got);
    }
  if (result->n_items != n || result->total != total)
    g_error ("%s: want %u items totalling %d; got %s", what, n, total, got);
}

/* ---- §8 worked examples ------------------------------------------------------------------- */

static void
test_worked_examples (void)
{
  static const struct
  {
    const char *hand;
    const char *args[2];
    gint32      total;
    Fan         fans[8];
  } cases[] = {
    { "[EEE][WWW]SSSNNCCN", { NULL }, 152, { { "大四喜", 88 }, { "字一色", 64 } } },
    { "[CCC][PPP]EEWWFFFE", { NULL }, 156,
      { { "大三元", 88 }, { "字一色", 64 }, { "圈风刻", 2 }, { "门风刻", 2 } } },
    { "1112345678999p9p", { "--self-drawn" }, 107,
      { { "九莲宝灯", 88 }, { "清龙", 16 }, { "四归一", 2 }, { "自摸", 1 } } },
    { "19m19s19pESWNCFPN", { NULL }, 88, { { "十三幺", 88 } } },
    { "33m22s77pEENCCPPN", { "--self-drawn" }, 31,
      { { "七对", 24 }, { "五门齐", 6 }, { "自摸", 1 } } },
    { "999m11s99pEEECCC1s", { NULL }, 62,
      { { "混幺九", 32 }, { "三暗刻", 16 }, { "五门齐", 6 }, { "箭刻", 2 }, { "圈风刻", 2 },
        { "门风刻", 2 }, { "门前清", 2 } } },
    { "[123p][444s][789m]34pCC2p", { NULL }, 8, { { "无番和", 8 } } },
    { "[2222m,1][456p][678p][888s]6m6m", { NULL }, 9,
      { { "全求人", 6 }, { "断幺", 2 }, { "明杠", 1 } } },
    { "234m4468s345678p7s", { "--self-drawn" }, 11,
      { { "不求人", 4 }, { "平和", 2 }, { "断幺", 2 }, { "喜相逢", 1 }, { "连六", 1 },
        { "坎张", 1 } } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpScoreResult result;

      score_hand (cases[i].hand, cases[i].args, NULL, NULL, &result);
      g_assert_true (result.win);
      assert_fans (cases[i].hand, &result, cases[i].total, cases[i].fans);
    }
}


/* ---- 组合龙 + one set + pair: the wait fans of the set-and-pair part ----------------------- */

/* The knitted straight 147m 258p 369s (or 147s 258p 369m) beside a set and a pair.  A winning
 * tile that can sit in the set-and-pair part plays its role there (边张, 坎张, 单钓将) when that
 * is the hand's only wait, even when the 组合龙 holds a tile of the same kind; one that can only
 * complete the 组合龙, or whose hand has another wait, gives no wait fan. */
static void
test_knitted_straight_waits (void)
{
  static const struct
  {
    const char *hand;
    const char *args[2];
    const char *profile;
    gint32      total;
    Fan         fans[6];
  } cases[] = {
    /* 2p of 258p and of 123p: 13 + 2p is 坎张 in 123p, the hand's only wait. */
    { "12358p147m369sNN2p", { NULL }, NULL, 15,
      { { "组合龙", 12 }, { "门前清", 2 }, { "坎张", 1 } } },
    /* The same tiles written in another order are the same hand. */
    { "147m58p369s123pNN2p", { NULL }, NULL, 15,
      { { "组合龙", 12 }, { "门前清", 2 }, { "坎张", 1 } } },
    { "12358p147m369sNN2p", { "--self-drawn" }, NULL, 17,
      { { "组合龙", 12 }, { "不求人", 4 }, { "坎张", 1 } } },
    /* GB 2006: 组合龙 excludes 边张 and 坎张. */
    { "12358p147m369sNN2p", { NULL }, "gb2006", 14, { { "组合龙", 12 }, { "门前清", 2 } } },
    /* The set is a meld: 8p of 258p and of the pair 88p, 单钓将. */
    { "[7777m,2]2588p147s369m8p", { NULL }, NULL, 15,
      { { "组合龙", 12 }, { "明杠", 1 }, { "无字", 1 }, { "单钓将", 1 } } },
    { "[CCC]2558p147m369s5p", { NULL }, NULL, 15,
      { { "组合龙", 12 }, { "箭刻", 2 }, { "单钓将", 1 } } },
    /* 边张: 12p + 3p beside the 组合龙, and 12s + 3s with 3s also in 369s. */
    { "12258p147m369sNN3p", { NULL }, NULL, 15,
      { { "组合龙", 12 }, { "门前清", 2 }, { "边张", 1 } } },
    { "147m258p12369sNN3s", { NULL }, NULL, 15,
      { { "组合龙", 12 }, { "门前清", 2 }, { "边张", 1 } } },
    /* 单钓将 on 5p, a kind the 组合龙 holds too. */
    { "2558p147m369sCCC5p", { NULL }, NULL, 17,
      { { "组合龙", 12 }, { "箭刻", 2 }, { "门前清", 2 }, { "单钓将", 1 } } },
    /* 2p completes only the 组合龙: no wait fan, with or without a meld. */
    { "58p147m369s11sCCC2p", { NULL }, NULL, 16,
      { { "组合龙", 12 }, { "箭刻", 2 }, { "门前清", 2 } } },
    { "[CCC]58p147m369s11s2p", { NULL }, NULL, 14, { { "组合龙", 12 }, { "箭刻", 2 } } },
    /* 2p completes the 组合龙 or 234p; the hand also waits on 5p (345p): no wait fan. */
    { "23458p147m369sNN2p", { NULL }, NULL, 14, { { "组合龙", 12 }, { "门前清", 2 } } },
    /* 2p completes the 组合龙 or 222p; the hand also waits on N (双碰): no wait fan. */
    { "22258p147m369sNN2p", { NULL }, NULL, 16,
      { { "组合龙", 12 }, { "门前清", 2 }, { "四归一", 2 } } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpScoreResult result;

      score_hand (cases[i].hand, cases[i].args, cases[i].profile, NULL, &result);
      g_assert_true (result.win);
      assert_fans (cases[i].hand, &result, cases[i].total, cases[i].fans);
    }
}

/* A random 组合龙 + one set + pair, all concealed, the winning tile a random one of them. */
static void
random_knitted_straight_hand (GRand  *rand,
                              SpHand *hand)
{
  guint8 used[SP_N_TILE_KINDS] = { 0 };
  SpTile tiles[14];
  guint n = 0;
  guint suits[3] = { 0, 1, 2 };

  for (guint i = 2; i > 0; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
      guint x = suits[i];

      suits[i] = suits[j];
      suits[j] = x;
    }
  for (guint r = 1; r <= 9; r++)
    {
      tiles[n] = sp_tile_make ((SpSuit) suits[(r - 1) % 3], r);
      used[tiles[n++]]++;
    }
  for (;;)
    {
      SpTile t = (SpTile) g_rand_int_range (rand, 0, SP_N_TILE_KINDS);
      gboolean chow = g_rand_boolean (rand) && t < 27 && t % 9 <= 6;

      if (chow ? (used[t] == 4 || used[t + 1] == 4 || used[t + 2] == 4) : used[t] > 1)
        continue;
      for (guint k = 0; k < 3; k++)
        {
          tiles[n] = (SpTile) (chow ? t + k : t);
          used[tiles[n++]]++;
        }
      break;
    }
  for (;;)
    {
      SpTile t = (SpTile) g_rand_int_range (rand, 0, SP_N_TILE_KINDS);

      if (used[t] > 2)
        continue;
      tiles[n++] = t;
      tiles[n++] = t;
      break;
    }
  for (guint i = n - 1; i > 0; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
      SpTile x = tiles[i];

      tiles[i] = tiles[j];
      tiles[j] = x;
    }
  memset (hand, 0, sizeof *hand);
  for (guint i = 0; i < n; i++)
    {
      hand->concealed[i] = tiles[i];
      hand->counts[tiles[i]]++;
    }
  hand->n_concealed = (guint8) n;
}

/* Over random 组合龙 hands, the wait fans agree with the hand's waits as the analysis reads
 * them: a wait fan exactly when the hand before the winning tile waits on that tile alone and
 * the tile plays an edge, closed or single role in some reading. */
static void
test_knitted_straight_waits_agree (void)
{
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, NULL, NULL);
  GRand *rand = g_rand_new_with_seed (20261130);
  const guint roles = (1u << SP_WAIT_EDGE) | (1u << SP_WAIT_CLOSED) | (1u << SP_WAIT_SINGLE);
  guint n_fans = 0;

  for (guint i = 0; i < 20000; i++)
    {
      SpHand hand, ready;
      SpSituation situation;
      SpScoreResult result;
      SpWaitList waits;
      gboolean wait_fan, expected;

      random_knitted_straight_hand (rand, &hand);
      sp_situation_init (&situation);
      sp_rules_score (rules, &hand, &situation, &result);
      ready = hand;
      sp_hand_remove_winning_tile (&ready);
      sp_hand_waits (&ready, SP_RULESET_MCR, &waits);

      wait_fan = sp_score_result_item (&result, "边张") > 0
                 || sp_score_result_item (&result, "坎张") > 0
                 || sp_score_result_item (&result, "单钓将") > 0;
      expected = waits.n == 1 && (waits.waits[0].roles & roles) != 0
                 && sp_score_result_item (&result, "组合龙") > 0;
      if (wait_fan != expected)
        {
          g_autofree char *text = sp_hand_to_string (&hand);
          g_autofree char *got = describe (&result);

          g_error ("%s: %u waits; got %s", text, waits.n, got);
        }
      n_fans += wait_fan;
    }
  /* The property is not vacuous: about one hand in six has a wait fan. */
  g_assert_cmpuint (n_fans, >, 1000);
  g_rand_free (rand);
}

/* ---- Every fan present, and the fans it excludes (不计) absent --------------------------------- */

typedef struct
{
  const char *hand;
  const char *args[5];
  const char *present[4];
  const char *absent[7];
} FanCase;

static const FanCase fan_cases[] = {
  { "[EEE][WWW]SSSNNCCN", { NULL }, { "大四喜" },
    { "圈风刻", "门风刻", "三风刻", "碰碰和", "幺九刻", "小四喜" } },
  { "567m11sCCFFFPPPC", { NULL }, { "大三元" }, { "箭刻", "双箭刻", "幺九刻", "小三元" } },
  { "22334466688sFFF", { NULL }, { "绿一色", "一般高" }, { "混一色", "缺一门" } },
  { "22334466688sPPP", { NULL }, { "混一色" }, { "绿一色" } },
  { "1112345678999s3s", { NULL }, { "九莲宝灯", "连六" },
    { "清一色", "门前清", "无字", "不求人", "幺九刻" } },
  { "[2222s][9999p][9999m,2][9999s]1p1p", { "--self-drawn" }, { "四杠" },
    { "碰碰和", "单钓将", "三杠" } },
  { "2233455667788m4m", { "--self-drawn" }, { "连七对", "自摸" },
    { "清一色", "不求人", "单钓将", "七对", "门前清", "无字" } },
  { "19m19s19pESWNCFPN", { NULL }, { "十三幺" },
    { "五门齐", "不求人", "单钓将", "混幺九", "门前清" } },
  { "[1111s]999m99s11999p9s", { NULL }, { "清幺九", "三同刻" },
    { "碰碰和", "双同刻", "无字", "混幺九", "全带幺", "幺九刻" } },
  { "345pEESSSWWWNNN", { "--round-wind", "S" }, { "小四喜", "圈风刻" },
    { "三风刻", "幺九刻", "大四喜", "字一色" } },
  { "[234p,3]678pCCFFPPPC", { "--self-drawn" }, { "小三元" },
    { "箭刻", "双箭刻", "幺九刻", "大三元" } },
  { "EEEWWWNNFFFPPP", { NULL }, { "字一色", "三暗刻" },
    { "碰碰和", "混幺九", "全带幺", "幺九刻" } },
  { "55666777s88pPPP5s", { "--self-drawn" }, { "四暗刻", "自摸" },
    { "门前清", "碰碰和", "不求人" } },
  { "1122355778899p3p", { NULL }, { "一色双龙会" },
    { "平和", "七对", "清一色", "一般高", "老少副", "无字", "三色双龙会" } },
  { "55s44445555666p6p", { NULL }, { "一色四同顺" },
    { "一色三节高", "一般高", "四归一", "一色三同顺", "七对" } },
  { "66677888999pSS7p", { NULL }, { "一色四节高" }, { "一色三同顺", "碰碰和", "一色三节高" } },
  { "[678m,1]34555667mWW4m", { "--self-drawn" }, { "一色四步高" },
    { "一色三步高", "连六", "老少副" } },
  { "[WWWW,2][7777p][NNNN]33sEEE", { NULL }, { "三杠" }, { "四杠", "双明杠", "明杠", "暗杠" } },
  { "11m1199pSCCFFPPS", { NULL }, { "混幺九" }, { "碰碰和", "全带幺", "幺九刻", "清幺九" } },
  { "WWCFPNFCPENSSE", { "--self-drawn" }, { "七对", "字一色" },
    { "不求人", "单钓将", "门前清", "碰碰和" } },
  { "69m17s258pESWNCFP", { "--self-drawn" }, { "七星不靠", "自摸" },
    { "五门齐", "不求人", "单钓将", "全不靠", "门前清", "十三幺", "组合龙" } },
  { "444m22244s44466p6p", { NULL }, { "全双刻" }, { "碰碰和", "断幺", "无字" } },
  { "1122445568899m6m", { NULL }, { "清一色" }, { "无字", "缺一门" } },
  { "[678p,2]13m88s667788p2m", { NULL }, { "一色三同顺" }, { "一色三节高", "一般高", "一色四同顺" } },
  { "[111p]222333pSS55p5p", { NULL }, { "一色三节高" }, { "一色三同顺", "一色四节高" } },
  { "7788999s788889p9s", { NULL }, { "全大" }, { "无字", "大于五" } },
  { "55s44445555666p6p", { NULL }, { "全中" }, { "断幺", "无字" } },
  { "1333m111122223s2m", { NULL }, { "全小" }, { "无字", "小于五" } },
  { "123456789m11pEEE", { NULL }, { "清龙" }, { "连六", "老少副", "花龙" } },
  { "55m12789s123789p3s", { NULL }, { "三色双龙会" }, { "喜相逢", "老少副", "无字", "平和", "一色双龙会" } },
  { "1112333445678m2m", { "--self-drawn" }, { "一色三步高" }, { "一色四步高" } },
  { "455667s3455556p7p", { NULL }, { "全带五" }, { "断幺", "无字", "全中" } },
  { "444m3344478s444p6s", { NULL }, { "三同刻" }, { "双同刻", "三色三节高" } },
  { "EEEWWWNNFFFPPP", { NULL }, { "三暗刻" }, { "双暗刻", "四暗刻" } },
  { "147m258p369sESWCN", { NULL }, { "全不靠", "组合龙" }, { "七星不靠", "五门齐" } },
  { "258m14s369pESWFPN", { NULL }, { "全不靠" },
    { "五门齐", "不求人", "单钓将", "门前清" } },
  { "369m147s2225pFFF8p", { NULL }, { "组合龙", "箭刻" }, { "坎张", "边张" } },
  { "66677788899m99p9m", { NULL }, { "大于五" }, { "无字", "全大" } },
  { "113344m244s1133p2s", { NULL }, { "小于五" }, { "无字", "全小" } },
  { "EEESSSWWW999m5p5p", { NULL }, { "三风刻", "幺九刻", "四暗刻" }, { "小四喜", "大四喜", "碰碰和" } },
  { "13789m11456s123p2m", { NULL }, { "花龙" }, { "清龙" } },
  { "1111233345pPPP2p", { NULL }, { "推不倒" }, { "缺一门" } },
  { "4567m567s567pEEE4m", { NULL }, { "三色三同顺" }, { "喜相逢", "三色三步高" } },
  { "77m888s44466999p7m", { NULL }, { "三色三节高" }, { "推不倒" } },
  { "[123p][444s][789m]34pCC2p", { NULL }, { "无番和" }, { NULL } },
  { "19m119s19pESWNCPF", { "--self-drawn", "--wall-last" }, { "妙手回春", "十三幺" },
    { "自摸", "海底捞月", "杠上开花" } },
  { "344555667m456s5p5p", { "--wall-last" }, { "海底捞月" }, { "妙手回春", "自摸", "抢杠和" } },
  { "[5555s]4446799m555p8m", { "--self-drawn", "--kong" }, { "杠上开花", "不求人" },
    { "自摸" } },
  { "[777m][789p]55s12345p6p", { "--kong", "--last-tile" }, { "抢杠和" }, { "和绝张" } },
  { "22266sEECCCPPPE", { NULL }, { "碰碰和" }, { "全双刻" } },
  { "223377pSWWNNPPS", { "--self-drawn" }, { "混一色" }, { "缺一门" } },
  { "23m45666789s345p4m", { "--self-drawn" }, { "三色三步高" }, { NULL } },
  { "234m234p567s789sEE", { NULL }, { "喜相逢" }, { "三色三同顺", "一般高" } },
  { "[111s]2345678999s5s", { NULL }, { "清一色" }, { "九莲宝灯" } },
  { "1122445566778m8m", { NULL }, { "七对", "清一色" }, { "连七对" } },
  { "1199m11s11pNNCPPC", { NULL }, { "五门齐" }, { NULL } },
  { "[PPP][FFF,2][SSS,1][EEE,3]NN", { NULL }, { "全求人" }, { "单钓将" } },
  { "[6666s][7777s]77999mWWW", { NULL }, { "双暗杠" }, { "暗杠", "双暗刻" } },
  { "EEEWWWNNFFFPPP", { NULL }, { "双箭刻" }, { "箭刻" } },
  { "789m999pNNFFFPPP", { NULL }, { "全带幺" }, { NULL } },
  { "1112333445678m2m", { "--self-drawn" }, { "不求人" }, { "自摸", "门前清" } },
  { "[7777m,3][FFFF,6]EE33m777sE", { NULL }, { "双明杠" }, { "明杠", "全求人" } },
  { "455667s3455556p7p", { "--last-tile" }, { "和绝张" }, { NULL } },
  { "EEESSSWWCCCFFW", { NULL }, { "箭刻" }, { NULL } },
  { "345pEESSSWWWNNN", { "--round-wind", "S", "--seat-wind", "W" }, { "圈风刻", "门风刻" },
    { NULL } },
  { "EEEWWWNNFFFPPP", { NULL }, { "门前清" }, { "不求人" } },
  { "1112333445678m2m", { "--self-drawn" }, { "平和" }, { "无字" } },
  { "2233334466sFFFF", { "--self-drawn" }, { "四归一" }, { NULL } },
  { "22288899s22999p9s", { "--self-drawn" }, { "双同刻" }, { "三同刻" } },
  { "111233445sSSSWW", { NULL }, { "双暗刻", "单钓将" }, { "三暗刻" } },
  { "[FFFF]EEEWWCCCPPP", { NULL }, { "暗杠" }, { NULL } },
  { "2223334445566p2p", { "--self-drawn" }, { "断幺" }, { "无字", "全带五" } },
  { "234567m11666pWWW", { NULL }, { "连六", "缺一门" }, { NULL } },
  { "1122355578889p3p", { "--self-drawn" }, { "老少副" }, { NULL } },
  { "[EEEE,1]SSSWWWNNFFN", { NULL }, { "明杠" }, { NULL } },
  { "555777m3457778p9p", { NULL }, { "无字" }, { NULL } },
  { "1244556688pNNN3p", { NULL }, { "边张" }, { "坎张", "单钓将" } },
  { "2499s123345678p3s", { "--self-drawn" }, { "坎张" }, { "边张", "单钓将" } },
  { "WWCFPNFCPENSSE", { "--self-drawn" }, { "自摸" }, { NULL } },
  { "[5555s,6][CCCC]33s22pFFF2p", { NULL }, { "明暗杠" }, { "明杠", "暗杠", "双暗杠" } },
  { "345pEESSSWWWNNN", { "--flowers", "2" }, { "花牌" }, { "无番和" } },
  /* The wait fans need a unique wait: 12345+3 waits on 3 and 6 too. */
  { "12345m234p456sEE3m", { NULL }, { NULL }, { "边张", "坎张", "单钓将" } },
  /* 45567+6: 4-7 also completes it, so no 坎张. */
  { "45567m234p456sEE6m", { NULL }, { NULL }, { "坎张", "边张" } },
  /* 4556+5 is 坎张 (unique). */
  { "4556m234p456s789s5m", { NULL }, { "坎张" }, { NULL } },
};

static void
test_fan_table (void)
{
  guint failures = 0;

  for (guint i = 0; i < G_N_ELEMENTS (fan_cases); i++)
    {
      const FanCase *c = &fan_cases[i];
      SpScoreResult result;
      g_autofree char *got = NULL;

      score_hand (c->hand, c->args, NULL, NULL, &result);
      got = describe (&result);
      g_test_message ("%s: %s", c->hand, got);
      for (guint k = 0; k < G_N_ELEMENTS (c->present) && c->present[k] != NULL; k++)
        {
          if (sp_score_result_item (&result, c->present[k]) <= 0)
            {
              g_printerr ("%s: %s should count; got %s\n", c->hand, c->present[k], got);
              failures++;
            }
        }
      for (guint k = 0; k < G_N_ELEMENTS (c->absent) && c->absent[k] != NULL; k++)
        {
          if (sp_score_result_item (&result, c->absent[k]) != 0)
            {
              g_printerr ("%s: %s should not count; got %s\n", c->hand, c->absent[k], got);
              failures++;
            }
        }
      if (result.n_items == 0)
        {
          g_printerr ("%s: no fans: %s\n", c->hand, got);
          failures++;
        }
    }
  g_assert_cmpuint (failures, ==, 0);
}

/* Every fan of the table is named by some case above. */
static void
test_fan_table_covers_every_fan (void)
{
  static const char *names[] = {
    "大四喜", "大三元", "绿一色", "九莲宝灯", "四杠", "连七对", "十三幺", "清幺九", "小四喜",
    "小三元", "字一色", "四暗刻", "一色双龙会", "一色四同顺", "一色四节高", "一色四步高", "三杠",
    "混幺九", "七对", "七星不靠", "全双刻", "清一色", "一色三同顺", "一色三节高", "全大", "全中",
    "全小", "清龙", "三色双龙会", "一色三步高", "全带五", "三同刻", "三暗刻", "全不靠", "组合龙",
    "大于五", "小于五", "三风刻", "花龙", "推不倒", "三色三同顺", "三色三节高", "无番和",
    "妙手回春", "海底捞月", "杠上开花", "抢杠和", "碰碰和", "混一色", "三色三步高", "五门齐",
    "全求人", "双暗杠", "双箭刻", "全带幺", "不求人", "双明杠", "和绝张", "箭刻", "圈风刻",
    "门风刻", "门前清", "平和", "四归一", "双同刻", "双暗刻", "暗杠", "断幺", "一般高", "喜相逢",
    "连六", "老少副", "幺九刻", "明杠", "缺一门", "无字", "边张", "坎张", "单钓将", "自摸",
    "花牌", "明暗杠",
  };

  g_assert_cmpuint (G_N_ELEMENTS (names), ==, 82);
  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    {
      gboolean present = FALSE, absent = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (fan_cases); i++)
        {
          for (guint k = 0; k < G_N_ELEMENTS (fan_cases[i].present); k++)
            present |= g_strcmp0 (fan_cases[i].present[k], names[n]) == 0;
          for (guint k = 0; k < G_N_ELEMENTS (fan_cases[i].absent); k++)
            absent |= g_strcmp0 (fan_cases[i].absent[k], names[n]) == 0;
        }
      if (!present)
        g_error ("no case where %s counts", names[n]);
      /* 花牌 is never excluded; 明暗杠 is absent in profile r98 (see the profile tests). */
      if (!absent && strcmp (names[n], "花牌") != 0 && strcmp (names[n], "明暗杠") != 0)
        g_error ("no case where %s is absent", names[n]);
    }
}

/* ---- Profiles: each difference is an option -------------------------------------------------- */

static void
test_profiles (void)
{
  const char *kongs = "[5555s,6][CCCC]33s22pFFF2p";
  const char *two_concealed = "[6666s][7777s]77999mWWW";
  const char *knitted_edge = "1225778m369s147p3m";
  const char *pairs = "WWCFPNFCPENSSE";
  const char *orphans = "19m19s19pESWNCFPN";
  const char *honors = "EEEWWWNNFFFPPP";
  const char *self_drawn[] = { "--self-drawn", NULL };
  const char *mck_off[] = { "melded_concealed_kong", "off", NULL };
  const char *mck_6[] = { "melded_concealed_kong", "6", NULL };
  const char *ckp_8[] = { "concealed_kong_pair_value", "8", NULL };
  const char *kew_on[] = { "knitted_excludes_waits", "on", NULL };
  const char *sc_on[] = { "special_concealed", "on", NULL };
  const char *si_off[] = { "si_exclusions", "off", NULL };
  SpScoreResult cn, other;

  /* 明暗杠: 5 in cn, 6 in gb2006, 明杠 + 暗杠 in r98; each also by the option. */
  score_hand (kongs, NULL, "cn", NULL, &cn);
  g_assert_cmpint (sp_score_result_item (&cn, "明暗杠"), ==, 5);
  score_hand (kongs, NULL, "gb2006", NULL, &other);
  g_assert_cmpint (sp_score_result_item (&other, "明暗杠"), ==, 6);
  g_assert_cmpint (other.total, ==, cn.total + 1);
  score_hand (kongs, NULL, "r98", NULL, &other);
  g_assert_cmpint (sp_score_result_item (&other, "明暗杠"), ==, 0);
  g_assert_cmpint (sp_score_result_item (&other, "明杠"), ==, 1);
  g_assert_cmpint (sp_score_result_item (&other, "暗杠"), ==, 2);
  score_hand (kongs, NULL, "cn", mck_off, &other);
  g_assert_cmpint (sp_score_result_item (&other, "明暗杠"), ==, 0);
  g_assert_cmpint (other.total, ==, cn.total - 2);
  score_hand (kongs, NULL, "cn", mck_6, &other);
  g_assert_cmpint (sp_score_result_item (&other, "明暗杠"), ==, 6);

  /* 双暗杠: 6 or 8. */
  score_hand (two_concealed, NULL, "cn", NULL, &cn);
  g_assert_cmpint (sp_score_result_item (&cn, "双暗杠"), ==, 6);
  score_hand (two_concealed, NULL, "cn", ckp_8, &other);
  g_assert_cmpint (sp_score_result_item (&other, "双暗杠"), ==, 8);
  g_assert_cmpint (other.total, ==, cn.total + 2);
  score_hand (two_concealed, NULL, "gb2006", NULL, &other);
  g_assert_cmpint (sp_score_result_item (&other, "双暗杠"), ==, 8);

  /* 组合龙 with 边张: allowed in cn, not in gb2006 or with the option. */
  score_hand (knitted_edge, NULL, "cn", NULL, &cn);
  g_assert_cmpint (sp_score_result_item (&cn, "边张"), ==, 1);
  score_hand (knitted_edge, NULL, "gb2006", NULL, &other);
  g_assert_cmpint (sp_score_result_item (&other, "边张"), ==, 0);
  score_hand (knitted_edge, NULL, "cn", kew_on, &other);
  g_assert_cmpint (sp_score_result_item (&other, "边张"), ==, 0);
  g_assert_cmpint (other.total, ==, cn.total - 1);

  /* Concealed special hands: only 自摸 in cn; 不求人 in gb2006 / special_concealed. */
  score_hand (pairs, self_drawn, "cn", NULL, &cn);
  g_assert_cmpint (sp_score_result_item (&cn, "不求人"), ==, 0);
  g_assert_cmpint (sp_score_result_item (&cn, "自摸"), ==, 1);
  score_hand (pairs, self_drawn, "cn", sc_on, &other);
  g_assert_cmpint (sp_score_result_item (&other, "不求人"), ==, 4);
  g_assert_cmpint (sp_score_result_item (&other, "自摸"), ==, 0);
  score_hand (orphans, NULL, "gb2006", NULL, &other);
  g_assert_cmpint (sp_score_result_item (&other, "门前清"), ==, 2);
  score_hand (orphans, NULL, "cn", NULL, &cn);
  g_assert_cmpint (sp_score_result_item (&cn, "门前清"), ==, 0);

  /* The +SI exclusions: off in r98 and with si_exclusions=off. */
  score_hand (honors, NULL, "cn", NULL, &cn);
  g_assert_cmpint (sp_score_result_item (&cn, "幺九刻"), ==, 0);
  g_assert_cmpint (sp_score_result_item (&cn, "混幺九"), ==, 0);
  score_hand (honors, NULL, "cn", si_off, &other);
  g_assert_cmpint (sp_score_result_item (&other, "幺九刻"), ==, 4);
  g_assert_cmpint (sp_score_result_item (&other, "混幺九"), ==, 32);
  g_assert_cmpint (sp_score_result_item (&other, "全带幺"), ==, 4);
  score_hand (honors, NULL, "r98", NULL, &other);
  g_assert_cmpint (sp_score_result_item (&other, "幺九刻"), ==, 4);
  score_hand (orphans, NULL, "r98", NULL, &other);
  g_assert_cmpint (sp_score_result_item (&other, "门前清"), ==, 2);
  g_assert_cmpint (sp_score_result_item (&other, "混幺九"), ==, 32);

  /* More of the 1998 table's own exclusions, against the common practice. */
  {
    static const struct
    {
      const char *hand;
      const char *fan;
      gint32      cn;
      gint32      r98;
    } cases[] = {
      { "567m11sCCFFFPPPC", "双箭刻", 0, 6 },      /* 大三元 excludes only 箭刻 */
      { "567m11sCCFFFPPPC", "幺九刻", 0, 3 },
      { "7788999s788889p9s", "大于五", 0, 12 },    /* 全大 excludes only 无字 */
      { "55s44445555666p6p", "一色三同顺", 0, 24 }, /* 一色四同顺 */
      { "1112345678999s3s", "无字", 0, 1 },        /* 九莲宝灯 excludes only 清一色 */
      { "1112345678999s3s", "门前清", 0, 2 },
      { "69m17s258pESWNCFP", "全不靠", 0, 12 },    /* 七星不靠 */
      { "2233455667788m4m", "七对", 0, 24 },       /* 连七对 */
      { "EEEWWWNNFFFPPP", "箭刻", 0, 4 },          /* 双箭刻 */
      { "[2222s][9999p][9999m,2][9999s]1p1p", "碰碰和", 0, 6 }, /* 四杠 */
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_test_message ("%s: %s", cases[i].hand, cases[i].fan);
        score_hand (cases[i].hand, NULL, "cn", NULL, &cn);
        score_hand (cases[i].hand, NULL, "r98", NULL, &other);
        g_assert_cmpint (sp_score_result_item (&cn, cases[i].fan), ==, cases[i].cn);
        g_assert_cmpint (sp_score_result_item (&other, cases[i].fan), ==, cases[i].r98);
      }
  }
}

static void
test_options (void)
{
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, NULL, NULL);
  g_autoptr(GError) error = NULL;
  const SpRuleOption *options;
  guint n = 0;
  static const char *keys[] = {
    "concealed_kong_pair_value", "melded_concealed_kong", "si_exclusions",
    "knitted_excludes_waits", "special_concealed", "heavenly_hands", "penalty_profile", "min_fan",
  };

  g_assert_cmpstr (sp_rules_get_profile (rules), ==, "cn");
  options = sp_rules_list_options (rules, &n);
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < n; i++)
        {
          if (strcmp (options[i].key, keys[k]) == 0)
            {
              g_autofree char *value = sp_rules_get_option (rules, keys[k]);

              found = TRUE;
              g_assert_cmpstr (value, ==, options[i].default_value);
              g_assert_cmpuint (strlen (options[i].description), >, 10);
            }
        }
      if (!found)
        g_error ("option %s is not listed", keys[k]);
    }
  sp_test_set_option (rules, "penalty_profile", "ema", "ema");
  /* A switch also reads true and false; melded_concealed_kong=off reads back as off. */
  sp_test_set_option (rules, "heavenly_hands", "true", "on");
  sp_test_set_option (rules, "melded_concealed_kong", "off", "off");
  sp_test_refuse_option (rules, "penalty_profile", "fifa");
  sp_test_refuse_option (rules, "no_such_option", "1");
  sp_test_refuse_option (rules, "min_fan", "89");
  sp_test_refuse_option (rules, "heavenly_hands", "yes");
  g_assert_null (sp_rules_new (SP_RULESET_MCR, "jp", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

/* ---- Verdicts: errors in order, false wins and their penalties ---------------------------- */

static void
test_verdict_order (void)
{
  static const struct
  {
    const char  *hand;
    const char  *args[4];
    SpCoreError  code;
  } cases[] = {
    /* A fifth 5p and a short hand: too-many-copies first. */
    { "55555p123m", { NULL }, SP_CORE_ERROR_TOO_MANY_COPIES },
    { "123m456p789s11sEE", { NULL }, SP_CORE_ERROR_WRONG_TILE_COUNT },
    /* A kong's fourth tile not written: one tile short of the 15 the hand needs. */
    { "[1111m]123p456p789s1s", { NULL }, SP_CORE_ERROR_WRONG_TILE_COUNT },
    /* A contradictory situation on a hand that is not a win: bad-situation first. */
    { "688m135s336pEWNP5p", { "--wall-last", "--kong" }, SP_CORE_ERROR_BAD_SITUATION },
    /* 抢杠和 of 3s while holding another 3s. */
    { "[234s,3][999s,1]23m234s66p3s", { "--kong" }, SP_CORE_ERROR_BAD_SITUATION },
    /* 杠上开花 without a kong. */
    { "1112333445678m2m", { "--self-drawn", "--kong" }, SP_CORE_ERROR_BAD_SITUATION },
    /* 和绝张 of 8m while holding two more 8m. */
    { "2233455667788m8m", { "--last-tile" }, SP_CORE_ERROR_BAD_SITUATION },
    { "1112333445678m2m", { "--flower-replacement" }, SP_CORE_ERROR_BAD_SITUATION },
    { "1112333445678m2m", { "--discarder", "E" }, SP_CORE_ERROR_BAD_SITUATION },
    { "1112333445678m2m", { "--heavenly", "--self-drawn" }, SP_CORE_ERROR_BAD_SITUATION },
    { "688m135s336pEWNP5p", { NULL }, SP_CORE_ERROR_NOT_A_WIN },
    { "[123p][444s][789m]34pCC9p", { NULL }, SP_CORE_ERROR_NOT_A_WIN },
    { "[456s,3][333p,1][234m][234s,2]FF", { NULL }, SP_CORE_ERROR_BELOW_MINIMUM },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpScoreResult result;
      g_autofree char *got = NULL;

      score_hand (cases[i].hand, cases[i].args, NULL, NULL, &result);
      got = describe (&result);
      g_test_message ("%s: %s", cases[i].hand, got);
      g_assert_false (result.win);
      if (result.error_code != cases[i].code)
        g_error ("%s: want %s, got %s", cases[i].hand, sp_core_error_code_name (cases[i].code),
                 got);
      g_assert_cmpstr (result.message, !=, "");
      g_assert_false (result.has_settlement);
      /* A fifth copy or a count that fits no hand is the notation's fault, with no penalty
       * (the hand dialog asks for a correction instead of offering a false win); the other
       * verdicts judge a hand that was written right. */
      g_assert_cmpint (sp_score_result_is_notation_error (&result), ==,
                       cases[i].code == SP_CORE_ERROR_TOO_MANY_COPIES
                       || cases[i].code == SP_CORE_ERROR_WRONG_TILE_COUNT);
      if (sp_score_result_is_notation_error (&result))
        g_assert_false (result.has_penalty);
      if (g_str_has_prefix (cases[i].hand, "[1111m]"))
        g_assert_nonnull (strstr (result.message, "with 1 kong needs 15"));
    }
}

static void
test_false_win_penalties (void)
{
  static const struct
  {
    const char *hand;
    const char *args[3];
    const char *penalty_profile;
    SpCoreError code;
    gboolean    ready;
    guint8      offender;
    gint64      each;      /* paid to each other player */
    const char *reason[2]; /* words the reason must hold */
  } cases[] = {
    /* 错和: a complete hand under 8 fan. */
    { "[456s,3][333p,1][234m][234s,2]FF", { NULL }, "r98",
      SP_CORE_ERROR_BELOW_MINIMUM, FALSE, SP_WIND_EAST, 10, { "错和", "停和" } },
    /* 和错牌: ready (on 2p and 5p), claims 9p; the offender is the declaring seat. */
    { "[123p][444s][789m]34pCC9p", { "--seat-wind", "W" }, "r98",
      SP_CORE_ERROR_NOT_A_WIN, TRUE, SP_WIND_WEST, 10, { "和错牌", "停和" } },
    /* 诈和: one tile from ready. */
    { "19m19s149pESWCFPE", { NULL }, "r98",
      SP_CORE_ERROR_NOT_A_WIN, FALSE, SP_WIND_EAST, 20, { "诈和", "停和" } },
    /* 有意诈和: four tiles from ready: disqualification, paid as 诈和. */
    { "688m135s336pEWNP5p", { NULL }, "r98",
      SP_CORE_ERROR_NOT_A_WIN, FALSE, SP_WIND_EAST, 20, { "disqualification", "停赛" } },
    /* EMA: every false hu −30, +10 each. */
    { "[456s,3][333p,1][234m][234s,2]FF", { NULL }, "ema",
      SP_CORE_ERROR_BELOW_MINIMUM, FALSE, SP_WIND_EAST, 10, { "false hu", "停和" } },
    { "688m135s336pEWNP5p", { NULL }, "ema",
      SP_CORE_ERROR_NOT_A_WIN, FALSE, SP_WIND_EAST, 10, { "false hu", "停和" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *options[] = { "penalty_profile", cases[i].penalty_profile, NULL };
      SpScoreResult result;
      gint64 sum = 0;
      char *shown;

      score_hand (cases[i].hand, cases[i].args, NULL, options, &result);
      g_test_message ("%s: %s", cases[i].hand, result.penalty_reason);
      g_assert_false (result.win);
      g_assert_cmpint (result.error_code, ==, cases[i].code);
      g_assert_true (result.has_penalty);
      g_assert_false (result.has_settlement);
      if (cases[i].code == SP_CORE_ERROR_NOT_A_WIN)
        g_assert_cmpint (result.ready, ==, cases[i].ready);
      for (guint s = 0; s < 4; s++)
        {
          gint64 want = s == cases[i].offender ? -3 * cases[i].each : cases[i].each;

          g_assert_cmpint (result.penalty[s], ==, want);
          sum += result.penalty[s];
        }
      g_assert_cmpint (sum, ==, 0);
      g_assert_true (g_utf8_validate (result.penalty_reason, -1, NULL));
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].reason); k++)
        g_assert_nonnull (strstr (result.penalty_reason, cases[i].reason[k]));
      /* Every form the referee writes is one the window knows how to show translated. */
      shown = sp_penalty_reason_translate (result.penalty_reason);
      g_assert_cmpstr (shown, !=, result.penalty_reason);
      g_clear_pointer (&shown, g_free);
    }
  /* R98 and EMA: the offender may not win this hand (停和) but plays on. */
  g_assert_true (sp_mcr_penalty_hand_continues (SP_MCR_PENALTY_R98));
  g_assert_true (sp_mcr_penalty_hand_continues (SP_MCR_PENALTY_EMA));
}

static void
test_count_errors_carry_no_penalty (void)
{
  SpScoreResult result;

  score_hand ("55555p123m", NULL, NULL, NULL, &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_TOO_MANY_COPIES);
  g_assert_false (result.has_penalty);
  score_hand ("123m456p789s11sEE", NULL, NULL, NULL, &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_WRONG_TILE_COUNT);
  g_assert_false (result.has_penalty);
}

/* ---- Settlement --------------------------------------------------------------------------- */

static void
test_settlement (void)
{
  static const struct
  {
    const char *hand;
    const char *args[6]; /* NULL-terminated */
    gint64      settlement[4];
  } cases[] = {
    /* F = 62 on a discard from North (the winner's 上家). */
    { "999m11s99pEEECCC1s", { NULL }, { 86, -8, -8, -70 } },
    /* F = 8 on a discard: +32 / −16 / −8 / −8. */
    { "[123p][444s][789m]34pCC2p", { NULL }, { 32, -8, -8, -16 } },
    /* The discarder named. */
    { "[123p][444s][789m]34pCC2p", { "--discarder", "W" }, { 32, -8, -16, -8 } },
    /* South wins: its 上家 is East. */
    { "[123p][444s][789m]34pCC2p", { "--seat-wind", "S" }, { -16, 32, -8, -8 } },
    /* Self-drawn F = 31: +3(8+31) / −39 each. */
    { "33m22s77pEENCCPPN", { "--self-drawn" }, { 117, -39, -39, -39 } },
    /* 抢杠和 (F = 29 with 4 flowers): the robbed player pays as the discarder. */
    { "[777m][789p]55s12345p6p", { "--kong", "--flowers", "4", "--discarder", "S" },
      { 53, -37, -8, -8 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpScoreResult result;
      gint64 sum = 0;

      score_hand (cases[i].hand, cases[i].args, NULL, NULL, &result);
      g_assert_true (result.win);
      g_assert_true (result.has_settlement);
      g_assert_false (result.has_penalty);
      for (guint s = 0; s < 4; s++)
        {
          g_assert_cmpint (result.settlement[s], ==, cases[i].settlement[s]);
          sum += result.settlement[s];
        }
      g_assert_cmpint (sum, ==, 0);
    }
}

/* Settlement sums to 0 for every winner seat, either way of winning and a range of totals. */
static void
test_settlement_sums (void)
{
  SpSituation situation;
  SpScoreResult result;

  for (guint seat = 0; seat < 4; seat++)
    for (guint self_drawn = 0; self_drawn < 2; self_drawn++)
      for (gint32 total = 8; total <= 400; total += 13)
        {
          gint64 sum = 0;

          sp_situation_init (&situation);
          situation.seat_wind = (guint8) seat;
          situation.self_drawn = (guint8) self_drawn;
          sp_score_result_init (&result, SP_RULESET_MCR);
          sp_mcr_settle (&situation, total, &result);
          for (guint s = 0; s < 4; s++)
            sum += result.settlement[s];
          g_assert_cmpint (sum, ==, 0);
          g_assert_cmpint (result.settlement[seat], ==, self_drawn ? 3 * (8 + total) : 24 + total);
        }
}

static void
test_heavenly_hands (void)
{
  const char *on[] = { "heavenly_hands", "on", NULL };
  const char *heavenly[] = { "--heavenly", "--self-drawn", NULL };
  const char *human[] = { "--human", "--seat-wind", "S", NULL };
  SpScoreResult result;

  score_hand ("1112333445678m2m", heavenly, NULL, on, &result);
  g_assert_true (result.win);
  g_assert_cmpint (sp_score_result_item (&result, "天和"), ==, 8);
  g_assert_cmpint (sp_score_result_item (&result, "不求人"), ==, 0);
  g_assert_cmpint (sp_score_result_item (&result, "自摸"), ==, 0);
  score_hand ("1112333445678m2m", human, NULL, on, &result);
  g_assert_cmpint (sp_score_result_item (&result, "人和"), ==, 8);
  g_assert_cmpint (sp_score_result_item (&result, "门前清"), ==, 0);
  /* Off by default: the option says so. */
  score_hand ("1112333445678m2m", heavenly, NULL, NULL, &result);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BAD_SITUATION);
  g_assert_nonnull (strstr (result.message, "heavenly_hands"));
}

/* 和绝张 without --last-tile when the other three are in the winner's own melds (cn). */
static void
test_last_tile_convention (void)
{
  const char *off[] = { "last_tile_visible", "off", NULL };
  SpScoreResult result;

  score_hand ("[222m,3]58m147s36999p2m", NULL, NULL, NULL, &result);
  g_assert_cmpint (sp_score_result_item (&result, "和绝张"), ==, 4);
  score_hand ("[222m,3]58m147s36999p2m", NULL, NULL, off, &result);
  g_assert_cmpint (sp_score_result_item (&result, "和绝张"), ==, 0);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/mcr/dev-data", test_dev_data);
  g_test_add_func ("/sparrow/core/mcr/worked-examples", test_worked_examples);
  g_test_add_func ("/sparrow/core/mcr/knitted-straight-waits", test_knitted_straight_waits);
  g_test_add_func ("/sparrow/core/mcr/knitted-straight-waits-agree",
                   test_knitted_straight_waits_agree);
  g_test_add_func ("/sparrow/core/mcr/fan-table", test_fan_table);
  g_test_add_func ("/sparrow/core/mcr/fan-table-covers-every-fan",
                   test_fan_table_covers_every_fan);
  g_test_add_func ("/sparrow/core/mcr/profiles", test_profiles);
  g_test_add_func ("/sparrow/core/mcr/options", test_options);
  g_test_add_func ("/sparrow/core/mcr/verdict-order", test_verdict_order);
  g_test_add_func ("/sparrow/core/mcr/false-win-penalties", test_false_win_penalties);
  g_test_add_func ("/sparrow/core/mcr/count-errors-carry-no-penalty",
                   test_count_errors_carry_no_penalty);
  g_test_add_func ("/sparrow/core/mcr/settlement", test_settlement);
  g_test_add_func ("/sparrow/core/mcr/settlement-sums", test_settlement_sums);
  g_test_add_func ("/sparrow/core/mcr/heavenly-hands", test_heavenly_hands);
  g_test_add_func ("/sparrow/core/mcr/last-tile-convention", test_last_tile_convention);
  return g_test_run ();
}
