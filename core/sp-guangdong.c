/* sp-guangdong.c: the guangdong scorer (not written yet: every hand is refused).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-rules-private.h"

typedef struct
{
  int unused;
} Options;

static const char * const profiles[] = { "gd", NULL };

static gboolean
init_options (gpointer options, const char *profile, GError **error)
{
  return TRUE;
}

static gboolean
set_option (gpointer options, const char *key, const char *value, GError **error)
{
  g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, "unknown option '%s'", key);
  return FALSE;
}

static char *
get_option (gconstpointer options, const char *key)
{
  return NULL;
}

static void
score (gconstpointer options, const SpHand *hand, const SpSituation *situation,
       SpScoreResult *result)
{
  sp_score_result_init (result, SP_RULESET_GUANGDONG);
  sp_score_result_refuse (result, SP_CORE_ERROR_INVALID, "the guangdong scorer is not written yet");
}

const SpRulesetClass sp_guangdong_class = {
  profiles, sizeof (Options), init_options, set_option, get_option, NULL, 0, score,
};
