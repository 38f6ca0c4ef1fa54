/* fuzz-hand.c: libFuzzer target for the notation parser, the hand analysis and the scorers.
 * Build: meson setup build-fuzz -Dfuzzing=true (with CC=clang), then run
 * ./build-fuzz/tests/fuzz/fuzz-hand -max_total_time=60
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  SpHand hand;
  GError *error = NULL;

  gboolean parsed = sp_hand_parse (text, &hand, &error);

  /* Without a GError the parser must give the same answer (and never read one). */
  {
    SpHand quiet;

    g_assert (sp_hand_parse (text, &quiet, NULL) == parsed);
  }
  if (!parsed)
    {
      g_assert (error != NULL && error->domain == SP_CORE_ERROR);
      g_error_free (error);
      return 0;
    }
  {
    g_autofree char *printed = sp_hand_to_string (&hand);
    SpHand again;

    g_assert (sp_hand_parse (printed, &again, NULL));
    g_assert (sp_hand_equal (&hand, &again));
  }

  for (SpRuleset ruleset = SP_RULESET_MCR; ruleset <= SP_RULESET_GUANGDONG; ruleset++)
    {
      g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, NULL);
      SpSituation situation;
      SpScoreResult result;
      SpDecompositionList readings;
      SpWaitList waits;

      if (sp_hand_validate (&hand, ruleset, TRUE, NULL))
        {
          gboolean complete = sp_hand_is_complete (&hand, ruleset);

          g_assert (complete == (sp_hand_decompose (&hand, ruleset, &readings) > 0));
          g_assert (complete == (sp_hand_shanten (&hand, ruleset) == -1));
        }
      if (sp_hand_validate (&hand, ruleset, FALSE, NULL))
        {
          sp_hand_waits (&hand, ruleset, &waits);
          g_assert ((waits.n > 0) == (sp_hand_shanten (&hand, ruleset) == 0));
        }
      sp_situation_init (&situation);
      situation.self_drawn = size & 1;
      sp_rules_score (rules, &hand, &situation, &result);
    }
  return 0;
}
