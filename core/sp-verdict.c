/* sp-verdict.c: verdicts on hands typed as text.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-verdict.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-core-error.h"

void
sp_rules_score_text (const SpRules *rules,
                     const char    *text,
                     SpSituation   *situation,
                     SpScoreResult *result)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  SpHand hand;

  g_return_if_fail (rules != NULL && text != NULL && situation != NULL && result != NULL);

  if (strcmp (stripped, "-") == 0)
    {
      memset (&hand, 0, sizeof hand);
      situation->flower_win = TRUE;
    }
  else if (!sp_hand_parse_for (sp_rules_get_ruleset (rules), stripped, &hand, NULL, &error))
    {
      sp_score_result_init (result, sp_rules_get_ruleset (rules));
      sp_score_result_refuse (result, (SpCoreError) error->code, "%s", error->message);
      return;
    }
  sp_rules_score (rules, &hand, situation, result);
}

void
sp_rules_score_line (const SpRules *rules,
                     const char    *line,
                     gssize         length,
                     guint          number,
                     SpScoreResult *result)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GPtrArray) situation_args = g_ptr_array_new ();
  g_autoptr(GString) hand = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  SpSituation situation;

  g_return_if_fail (rules != NULL && line != NULL && result != NULL);

  sp_score_result_init (result, sp_rules_get_ruleset (rules));
  if (!g_utf8_validate (line, length, NULL))
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_SYNTAX, _("line %u: not UTF-8 text"), number);
      return;
    }
  /* Repeated spaces leave empty words, which say nothing. */
  words = g_strsplit_set (line, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (situation_args->len > 0 || g_str_has_prefix (words[i], "--"))
      {
        if (words[i][0] != '\0')
          g_ptr_array_add (situation_args, words[i]);
      }
    else
      g_string_append (hand, words[i]);
  sp_situation_init (&situation);
  if (!sp_situation_parse_args (&situation, (const char * const *) situation_args->pdata,
                                situation_args->len, &error))
    sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION, _("line %u: %s"), number,
                            error->message);
  else if (hand->len == 0)
    sp_score_result_refuse (result, SP_CORE_ERROR_SYNTAX, _("line %u: no hand"), number);
  else
    sp_rules_score_text (rules, hand->str, &situation, result);
}

gboolean
sp_hand_check_win (const SpHand  *hand,
                   SpRuleset      ruleset,
                   GError       **error)
{
  SpHand ready;
  SpWaitList waits;

  g_return_val_if_fail (hand != NULL, FALSE);

  if (sp_hand_is_complete (hand, ruleset))
    return TRUE;
  /* Whether the hand was ready decides between 和错牌 (a wrong tile) and 诈和. */
  ready = *hand;
  sp_hand_remove_winning_tile (&ready);
  if (sp_hand_waits (&ready, ruleset, &waits) > 0)
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_NOT_A_WIN,
                 _("not a win: ready without the last tile, which is not one of its waits"));
  else
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_NOT_A_WIN,
                 _("not a win: %d tile(s) from ready without the last tile"),
                 sp_hand_shanten (&ready, ruleset));
  return FALSE;
}
