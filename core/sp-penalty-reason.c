/* sp-penalty-reason.c: a false win's penalty reason, stored in the rules' words, shown in the
 * reader's language.
 *
 * The scorers write a false win's reason (SpScoreResult.penalty_reason) and the hand entry its
 * penalties' (SpPenalty.reason) in one fixed form, untranslated, so that the database, the
 * JSON output and the R98 forms read the same in every language.  What the window shows is
 * read back from those forms here; a reason typed by a director matches none and is shown as
 * it was typed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-penalty-reason.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

/* The seat letters sp-entry.c writes, in the order of SpWind. */
static const char *
seat_letter (const char *stored)
{
  switch (stored[0])
    {
    case 'E':
      return C_("seat letter", "E");
    case 'S':
      return C_("seat letter", "S");
    case 'W':
      return C_("seat letter", "W");
    case 'N':
      return C_("seat letter", "N");
    default:
      return stored;
    }
}

/* The scorers' reason @reason in the reader's language, or NULL when it is none of theirs. */
static char *
translate_rules_reason (const char *reason)
{
  /* The forms without a number, as sp-mcr.c, sp-guangdong.c and sp-taiwan.c write them. */
  static const struct
  {
    const char *stored;
    const char *shown;
  } fixed[] = {
    { "false hu (below 8 fan): −30, +10 to each other player; 停和, plays on",
      N_("false win (below 8 fan): −30, +10 to each other player; the offender stops "
         "claiming wins (停和) and plays on") },
    { "错和 (below 8 fan): 10 to each other player; 停和, plays on",
      N_("错和, below 8 fan: 10 to each other player; the offender stops claiming wins (停和) "
         "and plays on") },
    { "false hu (和错牌): −30, +10 to each other player; 停和, plays on",
      N_("false win (和错牌, ready on another tile): −30, +10 to each other player; the "
         "offender stops claiming wins (停和) and plays on") },
    { "false hu (诈和): −30, +10 to each other player; 停和, plays on",
      N_("false win (诈和, not ready): −30, +10 to each other player; the offender stops "
         "claiming wins (停和) and plays on") },
    { "和错牌 (ready, wrong tile): 10 to each other player; 停和, plays on",
      N_("和错牌, ready but not on this tile: 10 to each other player; the offender stops "
         "claiming wins (停和) and plays on") },
    { "诈和 (not ready): 20 to each other player; 停和, plays on",
      N_("诈和, not ready: 20 to each other player; the offender stops claiming wins (停和) "
         "and plays on") },
    { "詐胡 (false win): 僅賠莊家", N_("詐胡, false win: the offender pays the dealer only") },
    { "詐胡 (false win): 賠三家", N_("詐胡, false win: the offender pays each of the three") },
    { "詐胡 (false win): fixed", N_("詐胡, false win: the offender pays the fixed penalty") },
  };
  int shanten, fan, end = 0;
  long long amount;

  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    if (strcmp (reason, fixed[i].stored) == 0)
      return g_strdup (_(fixed[i].shown));
  if (sscanf (reason, "有意诈和 (%d tiles from ready): disqualification (停赛); 20 to each "
                      "other player%n", &shanten, &end) == 1 && reason[end] == '\0')
    /* TRANSLATORS: an intentional false win (有意诈和) in MCR; %d is how many tiles the hand is
     * from ready */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "有意诈和, %d tile from ready: disqualified (停赛); 20 "
                                         "to each other player",
                                         "有意诈和, %d tiles from ready: disqualified (停赛); 20 "
                                         "to each other player",
                                         shanten),
                            shanten);
  if (sscanf (reason, "诈胡 (false win): %d 番 claimed, %lld to each of the three%n", &fan,
              &amount, &end) == 2 && reason[end] == '\0')
    /* TRANSLATORS: a Guangdong false win (诈胡): the 番 claimed, then what each player gets */
    return g_strdup_printf (_("诈胡, false win: %d 番 claimed, %lld to each of the three"), fan,
                            amount);
  return NULL;
}

/**
 * sp_penalty_reason_translate:
 * @reason: a penalty's reason as stored, or a scorer's SpScoreResult.penalty_reason
 *
 * The reason in the reader's language: a false win's, whether the scorer's alone or as the
 * hand entry stores it ("table 1 hand 3: … (E declared …)"), is translated; any other (a
 * director's own words) is returned as it is.
 *
 * Returns: (transfer full): the reason to show.
 */
char *
sp_penalty_reason_translate (const char *reason)
{
  g_autoptr(GRegex) stored = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  char *rules_reason;

  g_return_val_if_fail (reason != NULL, NULL);

  if ((rules_reason = translate_rules_reason (reason)) != NULL)
    return rules_reason;
  /* sp_hand_entry_false_win_penalties(): "table T hand H: REASON (SEAT declared CLAIM)". */
  stored = g_regex_new ("^table ([0-9]+) hand ([0-9]+): (.*) \\(([ESWN]) declared (.*)\\)$", 0,
                        0, NULL);
  if (g_regex_match (stored, reason, 0, &match))
    {
      g_autofree char *table = g_match_info_fetch (match, 1);
      g_autofree char *hand = g_match_info_fetch (match, 2);
      g_autofree char *inner = g_match_info_fetch (match, 3);
      g_autofree char *seat = g_match_info_fetch (match, 4);
      g_autofree char *claim = g_match_info_fetch (match, 5);
      g_autofree char *shown = translate_rules_reason (inner);

      if (shown != NULL)
        /* TRANSLATORS: a false win's penalty: the table, the hand, the rules' reason, the
         * seat that declared the win and what it declared (the tiles or a total) */
        return g_strdup_printf (_("table %s hand %s: %s (%s declared %s)"), table, hand, shown,
                                seat_letter (seat), claim);
    }
  return g_strdup (reason);
}
