/* test-core-guangdong.c: the Guangdong referee (番), profile gd.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <locale.h>

#include "sp-test-referee.h"

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
  return g_test_run ();
}
