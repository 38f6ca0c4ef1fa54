/* test-core-riichi.c: the Riichi referee against rules/riichi.md (every yaku and yakuman, the
 * fu table, the score table, the worked examples of §12, the profiles and the refusals) and
 * the dev corpus tests/data/riichi-dev.jsonl.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>
#include <string.h>

/* The referees' test fixtures: sp-core.h, and json-glib for the public test data. */
#include "sp-test-referee.h"

static void
test_dev_data (void)
{
  sp_test_check_dev_data (SP_RULESET_RIICHI, "riichi-dev.jsonl");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/riichi/dev-data", test_dev_data);
  return g_test_run ();
}
