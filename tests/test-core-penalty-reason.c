/* test-core-penalty-reason.c: a false win's reason, stored in the rules' words, is shown in
 * the reader's language; a director's own reason is shown as typed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <locale.h>

#include "sp-core.h"

/* As sp_hand_entry_false_win_penalties() stores an R98 和错牌 at table 1, hand 3. */
#define STORED_R98 \
  "table 1 hand 3: 和错牌 (ready, wrong tile): 10 to each other player; 停和, plays on " \
  "(E declared [123p][444s][789m]34pCC9p: not-a-win)"

static void
test_english (void)
{
  g_autofree char *stored = sp_penalty_reason_translate (STORED_R98);
  g_autofree char *alone = sp_penalty_reason_translate (
    "有意诈和 (4 tiles from ready): disqualification (停赛); 20 to each other player");
  g_autofree char *guangdong = sp_penalty_reason_translate (
    "诈胡 (false win): 3 番 claimed, 8 to each of the three");

  g_assert_cmpstr (stored, ==,
                   "table 1 hand 3: 和错牌, ready but not on this tile: 10 to each other player; "
                   "the offender stops claiming wins (停和) and plays on "
                   "(E declared [123p][444s][789m]34pCC9p: not-a-win)");
  g_assert_cmpstr (alone, ==,
                   "有意诈和, 4 tiles from ready: disqualified (停赛); 20 to each other player");
  g_assert_cmpstr (guangdong, ==, "诈胡, false win: 3 番 claimed, 8 to each of the three");
}

static void
test_director_reason_as_typed (void)
{
  static const char *const typed[] = {
    "late",
    "迟到",
    "",
    /* The stored frame around words that are not the rules': left as typed. */
    "table 1 hand 3: slow play (E declared 8 fan)",
    /* A rules' form with something after it is not the rules' form. */
    "诈胡 (false win): 3 番 claimed, 8 to each of the three, and more",
  };

  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autofree char *shown = sp_penalty_reason_translate (typed[i]);

      g_assert_cmpstr (shown, ==, typed[i]);
    }
}

/* The catalogue the build compiles (BUILD/po/zh_CN/LC_MESSAGES/sparrow.mo). */
static void
test_chinese (void)
{
  g_autofree char *folder = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);
  g_autofree char *mo = g_build_filename (folder, "zh_CN", "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);
  const char *locale = setlocale (LC_ALL, "");
  g_autofree char *shown = NULL;
  g_autofree char *typed = NULL;

  /* gettext ignores LANGUAGE in the C locale; the tests run in C.UTF-8. */
  if (locale == NULL || strcmp (locale, "C") == 0 || strcmp (locale, "POSIX") == 0)
    {
      g_test_skip ("needs a locale other than C (the tests set LC_ALL=C.UTF-8)");
      return;
    }
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, folder);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  shown = sp_penalty_reason_translate (STORED_R98);
  typed = sp_penalty_reason_translate ("late");
  g_assert_cmpstr (shown, ==,
                   "第 1 桌 第 3 盘：和错牌（已听牌，但听的不是这张）：赔其他每位选手各 10 分；"
                   "犯规者停和，继续打牌（东 报和：[123p][444s][789m]34pCC9p: not-a-win）");
  g_assert_cmpstr (typed, ==, "late");

  g_setenv ("LANGUAGE", "en", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, "/nonexistent");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/penalty-reason/english", test_english);
  g_test_add_func ("/sparrow/core/penalty-reason/director-as-typed", test_director_reason_as_typed);
  g_test_add_func ("/sparrow/core/penalty-reason/chinese", test_chinese);
  return g_test_run ();
}
