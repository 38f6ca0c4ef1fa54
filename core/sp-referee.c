/* sp-referee.c: checks shared by the referees.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-referee-private.h"
#include "sp-analysis-private.h"

#include <glib/gi18n-lib.h>

SpTileCount
sp_referee_tile_count (const SpHand *hand,
                       SpRuleset     ruleset)
{
  guint n = sp_hand_n_tiles (hand) - sp_hand_n_kongs (hand);
  guint needed = sp_ruleset_hand_size (ruleset) + 1;
  guint max_melds = sp_ruleset_max_melds (ruleset);

  if (n > needed || hand->n_melds > max_melds)
    return SP_TILE_COUNT_TOO_MANY;
  if (n < needed)
    return SP_TILE_COUNT_TOO_FEW;
  return SP_TILE_COUNT_RIGHT;
}

void
sp_referee_add_items (SpScoreResult     *result,
                      const SpScoreItem *items,
                      guint              n)
{
  for (guint i = 0; i < n; i++)
    sp_score_result_add (result, items[i].name, items[i].value, items[i].count);
}

void
sp_referee_refuse_count (const SpHand  *hand,
                         SpRuleset      ruleset,
                         SpTileCount    count,
                         SpScoreResult *result)
{
  guint n = sp_hand_n_tiles (hand);
  guint n_kongs = sp_hand_n_kongs (hand);
  guint needed = sp_ruleset_hand_size (ruleset) + 1;

  /* 大相公 and 小相公 are the rules' own names of a dead hand, kept as they are in every
   * language, like the fan names. */
  if (hand->n_melds > sp_ruleset_max_melds (ruleset))
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            /* Translators: %s is 大相公 (a dead hand with too many tiles), a
                             * term of the rules kept in Chinese. */
                            _("%s (too many tiles): %u melds, a win has at most %u; a dead hand "
                              "cannot win"), "大相公", hand->n_melds, needed / 3);
  else if (count == SP_TILE_COUNT_TOO_MANY && n_kongs > 0)
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            /* Translators: %s is 大相公 (a dead hand with too many tiles), a
                             * term of the rules kept in Chinese; then the tiles written, the
                             * kongs declared and the tiles a win with them has. */
                            g_dngettext (GETTEXT_PACKAGE,
                                         "%s (too many tiles): %u tiles where a win with %u kong "
                                         "has %u; a dead hand cannot win",
                                         "%s (too many tiles): %u tiles where a win with %u kongs "
                                         "has %u; a dead hand cannot win", n_kongs),
                            "大相公", n, n_kongs, needed + n_kongs);
  else if (count != SP_TILE_COUNT_TOO_MANY && n_kongs > 0)
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            /* Translators: %s is 小相公 (a dead hand with too few tiles), a term
                             * of the rules kept in Chinese; then the tiles written, the kongs
                             * declared and the tiles a win with them has. */
                            g_dngettext (GETTEXT_PACKAGE,
                                         "%s (too few tiles): %u tiles where a win with %u kong "
                                         "has %u; a dead hand cannot win",
                                         "%s (too few tiles): %u tiles where a win with %u kongs "
                                         "has %u; a dead hand cannot win", n_kongs),
                            "小相公", n, n_kongs, needed + n_kongs);
  else if (count == SP_TILE_COUNT_TOO_MANY)
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            /* Translators: %s is 大相公 (a dead hand with too many tiles), a
                             * term of the rules kept in Chinese. */
                            _("%s (too many tiles): %u tiles where a win has %u (+1 per kong); a "
                              "dead hand cannot win"), "大相公", n, needed);
  else
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            /* Translators: %s is 小相公 (a dead hand with too few tiles), a term
                             * of the rules kept in Chinese. */
                            _("%s (too few tiles): %u tiles where a win has %u (+1 per kong); a "
                              "dead hand cannot win"), "小相公", n, needed);
}

gboolean
sp_referee_check_situation (const SpHand      *hand,
                            const SpSituation *situation,
                            gboolean           kong_replacement_after_melded_kong,
                            SpScoreResult     *result)
{
  guint n_kongs = 0, n_replaceable = 0, n_exposed = 0;
  SpTile winning = sp_hand_winning_tile (hand);
  guint8 all[SP_N_TILE_KINDS];
  guint8 seat = situation->seat_wind;

  for (guint i = 0; i < hand->n_melds; i++)
    {
      const SpMeld *meld = &hand->melds[i];

      n_exposed += sp_meld_is_exposed (meld);
      if (meld->kind != SP_MELD_KONG)
        continue;
      n_kongs++;
      n_replaceable += meld->kong != SP_KONG_MELDED || kong_replacement_after_melded_kong;
    }

  if (situation->self_drawn && situation->kong)
    {
      if (n_kongs == 0)
        return sp_referee_bad_situation (result, _("--self-drawn --kong: a replacement tile after "
                                                   "a kong, but the hand has no kong"));
      if (n_replaceable == 0)
        return sp_referee_bad_situation (result, _("--self-drawn --kong: every kong of the hand "
                                                   "was claimed from a discard, and a replacement "
                                                   "after such a kong cannot win"));
    }
  if (situation->kong && !situation->self_drawn && winning != SP_TILE_NONE)
    {
      char name[SP_TILE_STRING_SIZE];

      /* Robbing a kong (搶槓): another player adds the fourth tile to his pung, so the winner
       * can hold no other copy of it. */
      sp_hand_all_counts (hand, all);
      if (all[winning] > 1)
        /* Translators: %u %s is a count and a tile in notation ("2 5m"). */
        return sp_referee_bad_situation (result, _("--kong without --self-drawn (robbing a kong): "
                                                   "the hand holds %u %s, so nobody else can add "
                                                   "the fourth to a pung"),
                                         all[winning], sp_tile_to_string (winning, name));
    }
  if (situation->flower_replacement && !situation->self_drawn)
    return sp_referee_bad_situation (result, _("--flower-replacement needs --self-drawn: the "
                                               "replacement tile is drawn"));
  if (situation->flower_replacement && situation->n_flowers == 0)
    return sp_referee_bad_situation (result, _("--flower-replacement: the winner has no flower "
                                               "(--flowers)"));
  if (!situation->self_drawn && situation->discarder == seat)
    /* Translators: %s is a seat: E, S, W or N. */
    return sp_referee_bad_situation (result, _("--discarder %s is the winner's own seat on a "
                                               "discard win"), sp_wind_to_string ((SpWind) seat));
  if (situation->heavenly + situation->earthly + situation->human > 1)
    return sp_referee_bad_situation (result,
                                     _("--heavenly, --earthly and --human exclude each other"));
  if (situation->ready_at_deal && situation->ready_first_draw)
    return sp_referee_bad_situation (result,
                                     _("--ready-at-deal and --ready-first-draw exclude each "
                                       "other"));
  if ((situation->heavenly || situation->earthly || situation->human || situation->ready_at_deal
       || situation->ready_first_draw) && n_exposed > 0)
    return sp_referee_bad_situation (result,
                                     g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: %s is one of the options
                                                   * --heavenly, --earthly, --human,
                                                   * --ready-at-deal and --ready-first-draw. */
                                                  "%s: the hand has %u claimed meld, but no call "
                                                  "may have been made",
                                                  "%s: the hand has %u claimed melds, but no call "
                                                  "may have been made", n_exposed),
                                     situation->heavenly ? "--heavenly"
                                     : situation->earthly ? "--earthly"
                                     : situation->human ? "--human"
                                     : situation->ready_at_deal ? "--ready-at-deal"
                                     : "--ready-first-draw",
                                     n_exposed);
  if (situation->heavenly && seat != situation->dealer)
    /* Translators: both %s are seats: E, S, W or N. */
    return sp_referee_bad_situation (result, _("--heavenly: only the dealer (%s) wins on the "
                                               "dealt hand, the winner sits at %s"),
                                     sp_wind_to_string ((SpWind) situation->dealer),
                                     sp_wind_to_string ((SpWind) seat));
  if (situation->earthly && seat == situation->dealer)
    /* Translators: %s is a seat: E, S, W or N. */
    return sp_referee_bad_situation (result, _("--earthly: the winner (%s) is the dealer, whose "
                                               "first-draw win is --heavenly"),
                                     sp_wind_to_string ((SpWind) seat));
  if (situation->earthly && !situation->self_drawn)
    return sp_referee_bad_situation (result, _("--earthly is a self-drawn win: add --self-drawn "
                                               "(a first-round discard win is --human)"));
  if (situation->human && situation->self_drawn)
    return sp_referee_bad_situation (result, _("--human is a win on a discard: it does not go "
                                               "with --self-drawn"));
  return TRUE;
}

guint
sp_referee_n_waits (const SpHand *hand,
                    SpRuleset     ruleset)
{
  SpHand ready = *hand;

  sp_hand_remove_winning_tile (&ready);
  return sp_hand_n_waits (&ready, ruleset);
}

guint
sp_referee_read_false_win (const SpHand  *hand,
                           SpRuleset      ruleset,
                           SpScoreResult *result)
{
  SpHand ready = *hand;
  guint n_waits;

  sp_hand_remove_winning_tile (&ready);
  n_waits = sp_hand_n_waits (&ready, ruleset);
  result->ready = n_waits > 0;
  result->shanten = result->ready ? 0 : sp_hand_shanten (&ready, ruleset);
  return n_waits;
}

void
sp_referee_refuse_not_a_win (const SpHand  *hand,
                             SpRuleset      ruleset,
                             SpScoreResult *result)
{
  guint n_waits = sp_referee_read_false_win (hand, ruleset, result);
  char name[SP_TILE_STRING_SIZE];

  if (result->ready)
    sp_score_result_refuse (result, SP_CORE_ERROR_NOT_A_WIN,
                            g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: %s is a tile in notation (5m, E, …). */
                                         "not a win: the hand is ready, but %s (the last tile) is "
                                         "not its winning tile",
                                         "not a win: the hand is ready, but %s (the last tile) is "
                                         "not one of its %u winning tiles", n_waits),
                            sp_tile_to_string (sp_hand_winning_tile (hand), name), n_waits);
  else
    sp_score_result_refuse (result, SP_CORE_ERROR_NOT_A_WIN,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "not a win: without its last tile the hand is %d tile "
                                         "from ready",
                                         "not a win: without its last tile the hand is %d tiles "
                                         "from ready", (gulong) result->shanten),
                            result->shanten);
}
