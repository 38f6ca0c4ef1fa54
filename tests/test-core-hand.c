/* test-core-hand.c: the hand notation both ways, tile-count validation, and core/'s messages
 * looked up through gettext.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "sp-core.h"
#include "sp-mcr-private.h"

static void
assert_round_trip (const char *text)
{
  SpHand hand, again;
  g_autoptr(GError) error = NULL;
  g_autofree char *printed = NULL;
  g_autofree char *printed_again = NULL;

  g_assert_true (sp_hand_parse (text, &hand, &error));
  g_assert_no_error (error);
  printed = sp_hand_to_string (&hand);
  g_assert_true (sp_hand_parse (printed, &again, &error));
  g_assert_no_error (error);
  g_assert_true (sp_hand_equal (&hand, &again));
  printed_again = sp_hand_to_string (&again);
  g_assert_cmpstr (printed, ==, printed_again);
}

static void
test_parse_round_trip (void)
{
  const char *hands[] = {
    "[EEE][WWW]SSSNNCCN",
    "[123p,1][444s,2][789m]34pCC2p",
    "111m222m333pEEECCC5s5s",
    "[2222m,1][456p][678p][888s]6m6m",
    "[6666p][1111m,7]4588m345p6m",
    "[123s,2][123s,2]5578899s7s",
    "[123m1]456m789p11sEEE2s",
    "東南西北中發白东发",
    "1112345678999p9p",
  };

  for (guint i = 0; i < G_N_ELEMENTS (hands); i++)
    assert_round_trip (hands[i]);
}

static void
test_parse_fields (void)
{
  SpHand hand;
  g_autoptr(GError) error = NULL;
  g_autofree char *printed = NULL;

  g_assert_true (sp_hand_parse ("[123p,1][444s,2][5555m][6666s,7][7777p,3] 3 4p C C 2p", &hand, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hand.n_melds, ==, 5);
  g_assert_cmpuint (hand.melds[0].kind, ==, SP_MELD_CHOW);
  g_assert_cmpuint (hand.melds[0].tile, ==, SP_TILE_1P);
  g_assert_cmpuint (hand.melds[0].claimed, ==, 1);
  g_assert_cmpuint (hand.melds[1].kind, ==, SP_MELD_PUNG);
  g_assert_cmpuint (hand.melds[1].from, ==, SP_FROM_OPPOSITE);
  g_assert_cmpuint (hand.melds[2].kong, ==, SP_KONG_CONCEALED);
  g_assert_false (sp_meld_is_exposed (&hand.melds[2]));
  g_assert_cmpuint (hand.melds[3].kong, ==, SP_KONG_ADDED);
  g_assert_cmpuint (hand.melds[3].from, ==, SP_FROM_RIGHT);
  g_assert_cmpuint (hand.melds[4].kong, ==, SP_KONG_MELDED);
  g_assert_cmpuint (hand.n_concealed, ==, 5);
  g_assert_cmpuint (sp_hand_winning_tile (&hand), ==, SP_TILE_1P + 1);
  g_assert_cmpuint (hand.counts[SP_TILE_RED], ==, 2);
  g_assert_cmpuint (sp_hand_n_kongs (&hand), ==, 3);
  printed = sp_hand_to_string (&hand);
  g_assert_cmpstr (printed, ==, "[123p,1][444s,2][5555m][6666s,7][7777p,3]34pCC2p");
}

typedef struct
{
  const char *hand;
  SpCoreError code;
  const char *message; /* a part the message must contain */
} BadHand;

static void
test_parse_errors (void)
{
  const BadHand cases[] = {
    { "", SP_CORE_ERROR_SYNTAX, "empty hand" },
    { "   ", SP_CORE_ERROR_SYNTAX, "empty hand" },
    { "123z", SP_CORE_ERROR_SYNTAX, "character 4: unknown character 'z'" },
    { "123M", SP_CORE_ERROR_SYNTAX, "unknown character 'M'" },
    { "1230m", SP_CORE_ERROR_SYNTAX, "0 is not" },
    { "123", SP_CORE_ERROR_SYNTAX, "digits without a suit" },
    { "12E3m", SP_CORE_ERROR_SYNTAX, "digits without a suit" },
    { "m", SP_CORE_ERROR_SYNTAX, "without a rank" },
    { "123m[456p]", SP_CORE_ERROR_SYNTAX, "a meld after the concealed tiles" },
    { "[123m", SP_CORE_ERROR_SYNTAX, "not closed" },
    { "[]123m", SP_CORE_ERROR_SYNTAX, "empty meld" },
    { "[[123m]]", SP_CORE_ERROR_SYNTAX, "bracket inside" },
    { "[12[3m]]", SP_CORE_ERROR_SYNTAX, "" },
    { "[124m]", SP_CORE_ERROR_SYNTAX, "[124m]: not a chow" },
    { "[EFP]", SP_CORE_ERROR_SYNTAX, "not a chow" },
    { "[12m3p]", SP_CORE_ERROR_SYNTAX, "not a chow" },
    { "[1234m]", SP_CORE_ERROR_SYNTAX, "not a kong" },
    { "[12m]", SP_CORE_ERROR_SYNTAX, "not a chow, pung or kong" },
    { "[123m,4]", SP_CORE_ERROR_SYNTAX, "a chow takes" },
    { "[555m,5]", SP_CORE_ERROR_SYNTAX, "a pung takes" },
    { "[5555m,4]", SP_CORE_ERROR_SYNTAX, "a kong takes" },
    { "[5555m,8]", SP_CORE_ERROR_SYNTAX, "a kong takes" },
    { "[123m,]", SP_CORE_ERROR_SYNTAX, "','" },
    { "123m]", SP_CORE_ERROR_SYNTAX, "']' without '['" },
    { "12,3m", SP_CORE_ERROR_SYNTAX, "" },
    { "\xff\xfe", SP_CORE_ERROR_SYNTAX, "unknown character" },
    { "12\xe6", SP_CORE_ERROR_SYNTAX, "" },
    /* The text ends inside what would be 東 (e6 9d b1). */
    { "1m\xe6\x9d", SP_CORE_ERROR_SYNTAX, "character 3: unknown character '\\xe6'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpHand hand;
      g_autoptr(GError) error = NULL;
      g_autofree char *shown = g_strescape (cases[i].hand, NULL);

      /* Escaped: some of these are not UTF-8, and TAP output must be. */
      g_test_message ("hand «%s»", shown);
      g_assert_false (sp_hand_parse (cases[i].hand, &hand, &error));
      g_assert_error (error, SP_CORE_ERROR, (int) cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* In Riichi's notation 0 is a red five, but a 0 after a meld's suit letter is no claim: the
 * meld is refused, with or without a GError asked for (the quick reading of a hand once took
 * it as claimed from seat 0). */
static void
test_parse_meld_zero_suffix (void)
{
  const BadHand cases[] = {
    { "[8888s0]123m456p789s5m", SP_CORE_ERROR_SYNTAX, "a kong takes" },
    { "[888s0]123m456p789s55m", SP_CORE_ERROR_SYNTAX, "a pung takes" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpHand hand;
      g_autoptr(GError) error = NULL;

      g_test_message ("hand «%s»", cases[i].hand);
      g_assert_false (sp_hand_parse_for (SP_RULESET_RIICHI, cases[i].hand, &hand, NULL, NULL));
      g_assert_false (sp_hand_parse_for (SP_RULESET_RIICHI, cases[i].hand, &hand, NULL,
                                         &error));
      g_assert_error (error, SP_CORE_ERROR, (int) cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* The same refusals, and the longest ones of each path, with no GError asked for: the parser
 * must answer FALSE without reading an error it was not given. */
static void
test_parse_errors_without_gerror (void)
{
  const char *hands[] = {
    "[123456789m]",
    "[12345m]",
    "[1111m,5]123456789m123456789p123456789s",
    "1111222233334444555566667777m",
    "[123m][123m][123m][123m][123m][123m][123m]11m",
    "123z",
    "1230m",
    "[123m",
    "[]",
    "[[123m]]",
    "[124m]",
    "[123m,]",
    "123m]",
    "12,3m",
    "\xff\xfe",
    "12\xe6",
    "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (hands); i++)
    {
      SpHand hand;
      g_autofree char *shown = g_strescape (hands[i], NULL);

      g_test_message ("hand «%s»", shown);
      g_assert_false (sp_hand_parse (hands[i], &hand, NULL));
    }

  /* Validation too: a fifth tile and a wrong count, told to nobody. */
  {
    SpHand hand;

    g_assert_true (sp_hand_parse ("[555p]1234m5555p99s5p", &hand, NULL));
    g_assert_false (sp_hand_check_copies (&hand, NULL));
    g_assert_false (sp_hand_validate (&hand, SP_RULESET_MCR, TRUE, NULL));
    g_assert_true (sp_hand_parse ("111222333444556m", &hand, NULL));
    g_assert_false (sp_hand_check_tile_count (&hand, SP_RULESET_MCR, TRUE, NULL));
  }
}

/* A meld of too many tiles and a hand of too many tiles are told apart. */
static void
test_parse_too_long (void)
{
  SpHand hand;
  g_autoptr(GError) error = NULL;

  g_assert_false (sp_hand_parse ("[123456789m]", &hand, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "character 1: a meld of more than four tiles");
  g_clear_error (&error);

  g_assert_false (sp_hand_parse ("1111222233334444555566667777m", &hand, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT);
  g_assert_cmpstr (error->message, ==, "more than 24 tiles: too many for any hand");
  g_clear_error (&error);

  g_assert_false (sp_hand_parse ("[123m][123m][123m][123m][123m][123m][123m]11m", &hand, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT);
  g_assert_cmpstr (error->message, ==, "more than 6 melds: too many for any hand");
}

static void
test_copies (void)
{
  SpHand hand;
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_hand_parse ("[555p]1234m5555p99s5p", &hand, &error));
  g_assert_false (sp_hand_check_copies (&hand, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_TOO_MANY_COPIES);
  g_assert_cmpstr (error->message, ==, "tile 9: a fifth 5p");
  g_clear_error (&error);

  g_assert_true (sp_hand_parse ("11112345678999m", &hand, &error));
  g_assert_true (sp_hand_check_copies (&hand, &error));
  g_assert_no_error (error);
}

typedef struct
{
  const char *hand;
  SpRuleset   ruleset;
  gboolean    with_winning_tile;
  gboolean    valid;
  const char *message;
} CountCase;

static void
test_tile_count (void)
{
  const CountCase cases[] = {
    { "11122233344455m", SP_RULESET_MCR, TRUE, TRUE, NULL },
    { "1112223334445m", SP_RULESET_MCR, FALSE, TRUE, NULL },
    { "111222333444556m", SP_RULESET_MCR, TRUE, FALSE, "15 tiles: an MCR hand needs 14 (+1 per kong)" },
    { "1112223334445566m", SP_RULESET_MCR, TRUE, FALSE, "16 tiles: an MCR hand needs 14 (+1 per kong)" },
    { "[1111m]22233344455m", SP_RULESET_MCR, TRUE, TRUE, NULL },
    { "[1111m][2222m][3333m][4444m]55m", SP_RULESET_GUANGDONG, TRUE, TRUE, NULL },
    { "[1111m][2222m][3333m][4444m]5m", SP_RULESET_GUANGDONG, TRUE, FALSE, "17 tiles: a Guangdong" },
    { "123m456m789m234p56p55s7p", SP_RULESET_TAIWAN, TRUE, TRUE, NULL },
    { "123m456m789m234p56p55s", SP_RULESET_TAIWAN, FALSE, TRUE, NULL },
    { "123m456m789m234p56p55s", SP_RULESET_TAIWAN, TRUE, FALSE, "16 tiles: a Taiwan hand needs 17" },
    { "123m456m789m234p56p55s", SP_RULESET_MCR, TRUE, FALSE, "16 tiles: an MCR hand needs 14" },
    /* With kongs the count needed is said with their fourth tiles added. */
    { "[1111m]123p456p789s1s", SP_RULESET_MCR, TRUE, FALSE,
      "14 tiles: an MCR hand with 1 kong needs 15" },
    { "[1111m][2222m]123p456p9s", SP_RULESET_MCR, TRUE, FALSE,
      "15 tiles: an MCR hand with 2 kongs needs 16" },
    { "[1111m]123p456p789s", SP_RULESET_MCR, FALSE, FALSE,
      "13 tiles: an MCR hand with 1 kong needs 14" },
    { "[1111m]456m789m234p56p55s", SP_RULESET_TAIWAN, TRUE, FALSE,
      "17 tiles: a Taiwan hand with 1 kong needs 18" },
    { "[1111m][2222m][3333m][4444m]5m", SP_RULESET_GUANGDONG, TRUE, FALSE,
      "17 tiles: a Guangdong hand with 4 kongs needs 18" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpHand hand;
      g_autoptr(GError) error = NULL;

      g_test_message ("hand «%s»", cases[i].hand);
      g_assert_true (sp_hand_parse (cases[i].hand, &hand, &error));
      g_assert_cmpint (sp_hand_validate (&hand, cases[i].ruleset, cases[i].with_winning_tile, &error),
                       ==, cases[i].valid);
      if (cases[i].valid)
        g_assert_no_error (error);
      else
        {
          g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT);
          g_assert_nonnull (strstr (error->message, cases[i].message));
        }
    }
}

/* Whatever bytes come in, the parser answers without reading past the end. */
static void
test_parse_random_bytes (void)
{
  static const char alphabet[] = "0123456789mpsESWNCFP[],1 z\xe6\x9d\xb1";
  GRand *rand = g_rand_new_with_seed (20261129);

  for (guint i = 0; i < 20000; i++)
    {
      char text[40];
      guint n = (guint) g_rand_int_range (rand, 0, sizeof text - 1);
      SpHand hand;
      GError *error = NULL;

      for (guint j = 0; j < n; j++)
        text[j] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      text[n] = '\0';
      if (sp_hand_parse (text, &hand, &error))
        {
          g_autofree char *printed = sp_hand_to_string (&hand);
          SpHand again;

          g_assert_true (sp_hand_parse (printed, &again, NULL));
          g_assert_true (sp_hand_equal (&hand, &again));
        }
      else
        {
          g_assert_nonnull (error);
          g_error_free (error);
        }
    }
  g_rand_free (rand);
}

/* ---- Translation ---------------------------------------------------------------------------- */

typedef struct
{
  const char *id;     /* for a plural: the singular, '\0', the plural */
  gsize       id_length;
  const char *text;
} MoEntry;

#define MO_ENTRY(id, text) { id, sizeof id - 1, text }

/* Writes a GNU .mo catalog of @entries (sorted by msgid, no hash table) to @path. */
static void
write_mo (const char    *path,
          const MoEntry *entries,
          guint32        n)
{
  g_autoptr(GByteArray) mo = g_byte_array_new ();
  guint32 strings = 28 + 16 * n;
  guint32 header[7] = { 0x950412de, 0, n, 28, 28 + 8 * n, 0, strings };
  g_autoptr(GByteArray) data = g_byte_array_new ();
  g_autoptr(GError) error = NULL;

  g_byte_array_append (mo, (const guint8 *) header, sizeof header);
  for (guint pass = 0; pass < 2; pass++)
    for (guint32 i = 0; i < n; i++)
      {
        const char *text = pass == 0 ? entries[i].id : entries[i].text;
        guint32 length = pass == 0 ? (guint32) entries[i].id_length : (guint32) strlen (text);
        guint32 pair[2] = { length, strings + data->len };

        g_byte_array_append (mo, (const guint8 *) pair, sizeof pair);
        g_byte_array_append (data, (const guint8 *) text, length + 1);
      }
  g_byte_array_append (mo, data->data, data->len);
  g_file_set_contents (path, (const char *) mo->data, mo->len, &error);
  g_assert_no_error (error);
}

/* core/ looks its messages up in the sparrow domain (the front end binds it; core/ only calls
 * _()): with a catalog bound to a temporary folder, the parser's, the situation's and the
 * referee's messages come out translated, plurals included; the stored penalty reason does
 * not.  Each check fails if the message were not passed through gettext. */
static void
test_messages_translated (void)
{
  static const MoEntry entries[] = {
    MO_ENTRY ("", "Content-Type: text/plain; charset=UTF-8\n"
              "Plural-Forms: nplurals=1; plural=0;\n"),
    MO_ENTRY ("an empty hand", "手牌是空的"),
    MO_ENTRY ("character %u: %s", "第 %u 个字符：%s"),
    MO_ENTRY ("not a win: %s does not complete the hand, which is ready (和错牌)",
              "不是和牌：手牌已听牌，但 %s 不能和（和错牌）"),
    MO_ENTRY ("not a win: without %s the hand is %d tile from ready (诈和)\0"
              "not a win: without %s the hand is %d tiles from ready (诈和)",
              "不是和牌：去掉 %s，手牌离听牌还差 %d 张（诈和）"),
    MO_ENTRY ("unknown situation '%s'", "未知的局况“%s”"),
  };
  g_autofree char *folder = NULL;
  g_autofree char *messages = NULL;
  g_autofree char *mo_path = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, "cn", NULL);
  const char *locale = setlocale (LC_ALL, "");
  SpSituation situation;
  SpScoreResult result;
  SpHand hand;

  /* gettext ignores LANGUAGE in the C locale; the tests run in C.UTF-8. */
  if (locale == NULL || strcmp (locale, "C") == 0 || strcmp (locale, "POSIX") == 0)
    {
      g_test_skip ("needs a locale other than C (the tests set LC_ALL=C.UTF-8)");
      return;
    }
  folder = g_dir_make_tmp ("sparrow-i18n-XXXXXX", &error);
  g_assert_no_error (error);
  messages = g_build_filename (folder, "zh_CN", "LC_MESSAGES", NULL);
  g_assert_cmpint (g_mkdir_with_parents (messages, 0700), ==, 0);
  mo_path = g_build_filename (messages, GETTEXT_PACKAGE ".mo", NULL);
  write_mo (mo_path, entries, G_N_ELEMENTS (entries));

  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, folder);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  /* The hand parser: the message and its "character N:" frame. */
  g_assert_false (sp_hand_parse ("", &hand, &error));
  g_assert_cmpstr (error->message, ==, "第 1 个字符：手牌是空的");
  g_clear_error (&error);

  /* The situation. */
  sp_situation_init (&situation);
  g_assert_false (sp_situation_set (&situation, "nonsense", NULL, &error));
  g_assert_cmpstr (error->message, ==, "未知的局况“nonsense”");
  g_clear_error (&error);

  /* The MCR referee's verdicts, a plural among them; the penalty reason stays as stored. */
  g_assert_true (sp_hand_parse ("123m456m789m123p5p9s", &hand, NULL));
  sp_rules_score (rules, &hand, &situation, &result);
  g_assert_false (result.win);
  g_assert_cmpstr (result.message, ==, "不是和牌：手牌已听牌，但 9s 不能和（和错牌）");
  g_assert_true (g_str_has_prefix (result.penalty_reason, "和错牌 (ready, wrong tile)"));

  g_assert_true (sp_hand_parse ("123m456m789m1p3s5sEW", &hand, NULL));
  sp_rules_score (rules, &hand, &situation, &result);
  g_assert_false (result.win);
  g_assert_cmpint (result.shanten, >, 0);
  expected = g_strdup_printf ("不是和牌：去掉 W，手牌离听牌还差 %d 张（诈和）", result.shanten);
  g_assert_cmpstr (result.message, ==, expected);

  /* Unbound again, the messages are the English ones. */
  g_setenv ("LANGUAGE", "en", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, "/nonexistent");
  g_assert_false (sp_hand_parse ("", &hand, &error));
  g_assert_cmpstr (error->message, ==, "character 1: an empty hand");
  g_clear_error (&error);

  g_assert_cmpint (g_remove (mo_path), ==, 0);
  g_assert_cmpint (g_rmdir (messages), ==, 0);
  *strrchr (messages, G_DIR_SEPARATOR) = '\0';
  g_assert_cmpint (g_rmdir (messages), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* A refusal's message longer than SpScoreResult.message (a translation may be longer than the
 * English) is cut at a whole character, never inside one. */
static void
test_long_message_cut (void)
{
  g_autoptr(GString) text = g_string_new ("x");
  SpScoreResult result;

  for (guint i = 0; i < 200; i++)
    g_string_append (text, "牌");
  sp_score_result_init (&result, SP_RULESET_MCR);
  sp_score_result_refuse (&result, SP_CORE_ERROR_BAD_SITUATION, "%s", text->str);
  g_assert_false (result.win);
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BAD_SITUATION);
  g_assert_true (g_utf8_validate (result.message, -1, NULL));
  /* "x" and then as many whole 牌 (3 bytes each) as fit in 255 bytes. */
  g_assert_cmpuint (strlen (result.message), ==, 1 + 3 * ((sizeof result.message - 2) / 3));
  g_assert_true (g_str_has_prefix (text->str, result.message));

  sp_score_result_refuse (&result, SP_CORE_ERROR_NOT_A_WIN, "%s", "short");
  g_assert_cmpstr (result.message, ==, "short");
}

/* The place of a syntax error, for an editor to underline: in characters, a Chinese honour
 * counting one, spaces counted. */
static void
test_parse_error_column (void)
{
  static const struct
  {
    const char *text;
    guint       column;
  } cases[] = {
    { "123m456p789s11z", 15 },
    { "東南西x", 4 },
    { "12 3m 0p", 7 },
    { "[123m,4]11p", 1 },
    { "123m[456p]", 5 },
    { "", 1 },
  };
  SpHand hand;
  guint column = 99;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (sp_hand_parse_at (cases[i].text, &hand, &column, &error));
      g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_SYNTAX);
      g_assert_cmpuint (column, ==, cases[i].column);
      /* Without a GError too. */
      column = 99;
      g_assert_false (sp_hand_parse_at (cases[i].text, &hand, &column, NULL));
      g_assert_cmpuint (column, ==, cases[i].column);
    }
  g_assert_true (sp_hand_parse_at ("[123m,1]456p789s11pEE", &hand, &column, NULL));
  g_assert_cmpuint (column, ==, 0);
}

/* Every MCR fan has an English title to translate; other names come back as they are. */
static void
test_item_titles (void)
{
  for (guint i = 0; i < N_FANS; i++)
    {
      const char *title = sp_score_item_title (SP_RULESET_MCR, sp_mcr_fan_names[i]);

      g_assert_nonnull (title);
      g_assert_cmpstr (title, !=, sp_mcr_fan_names[i]);
      g_assert_true (g_ascii_isupper (title[0]));
    }
  g_assert_cmpstr (sp_score_item_title (SP_RULESET_MCR, "无番和"), ==, "Chicken Hand");
  g_assert_cmpstr (sp_score_item_title (SP_RULESET_TAIWAN, "門清"), ==, "Concealed Hand");
  /* Guangdong's own items, and those it shares with MCR under MCR's title. */
  g_assert_cmpstr (sp_score_item_title (SP_RULESET_GUANGDONG, "鸡胡"), ==, "Chicken Hand");
  g_assert_cmpstr (sp_score_item_title (SP_RULESET_GUANGDONG, "清一色"), ==, "Full Flush");
  /* A name is looked up in its own ruleset's table only. */
  g_assert_cmpstr (sp_score_item_title (SP_RULESET_MCR, "門清"), ==, "門清");
  g_assert_cmpstr (sp_score_item_title (SP_RULESET_TAIWAN, "no such item"), ==, "no such item");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/hand/round-trip", test_parse_round_trip);
  g_test_add_func ("/sparrow/core/hand/fields", test_parse_fields);
  g_test_add_func ("/sparrow/core/hand/syntax-errors", test_parse_errors);
  g_test_add_func ("/sparrow/core/hand/meld-zero-suffix", test_parse_meld_zero_suffix);
  g_test_add_func ("/sparrow/core/hand/syntax-errors-without-gerror",
                   test_parse_errors_without_gerror);
  g_test_add_func ("/sparrow/core/hand/too-long", test_parse_too_long);
  g_test_add_func ("/sparrow/core/hand/error-column", test_parse_error_column);
  g_test_add_func ("/sparrow/core/hand/item-titles", test_item_titles);
  g_test_add_func ("/sparrow/core/hand/too-many-copies", test_copies);
  g_test_add_func ("/sparrow/core/hand/tile-count", test_tile_count);
  g_test_add_func ("/sparrow/core/hand/random-bytes", test_parse_random_bytes);
  g_test_add_func ("/sparrow/core/hand/long-message-cut", test_long_message_cut);
  g_test_add_func ("/sparrow/core/hand/messages-translated", test_messages_translated);
  return g_test_run ();
}
