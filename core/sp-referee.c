/* sp-referee.c: checks shared by the Taiwanese and Guangdong referees.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-referee-private.h"

SpTileCount
sp_referee_tile_count (const SpHand *hand,
                       SpRuleset     ruleset)
{
  guint n = sp_hand_n_tiles (hand) - sp_hand_n_kongs (hand);
  guint needed = sp_ruleset_hand_size (ruleset) + 1;
  guint max_melds = ruleset == SP_RULESET_TAIWAN ? 5 : 4;

  if (n > needed || hand->n_melds > max_melds)
    return SP_TILE_COUNT_TOO_MANY;
  if (n < needed)
    return SP_TILE_COUNT_TOO_FEW;
  return SP_TILE_COUNT_RIGHT;
}

void
sp_referee_refuse_count (const SpHand  *hand,
                         SpRuleset      ruleset,
                         SpTileCount    count,
                         SpScoreResult *result)
{
  guint n = sp_hand_n_tiles (hand);
  guint needed = sp_ruleset_hand_size (ruleset) + 1;
  const char *name = count == SP_TILE_COUNT_TOO_MANY ? "大相公" : "小相公";

  if (hand->n_melds > (ruleset == SP_RULESET_TAIWAN ? 5u : 4u))
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            "%s (too many tiles): %u melds, a win has at most %u; a dead hand "
                            "cannot win", name, hand->n_melds, needed / 3);
  else
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            "%s (too %s tiles): %u tiles where a win has %u (+1 per kong); a dead "
                            "hand cannot win", name,
                            count == SP_TILE_COUNT_TOO_MANY ? "many" : "few", n, needed);
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
        {
          sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                                  "--self-drawn --kong: a replacement tile after a kong, but the "
                                  "hand has no kong");
          return FALSE;
        }
      if (n_replaceable == 0)
        {
          sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                                  "--self-drawn --kong: every kong of the hand was claimed from a "
                                  "discard, and a replacement after such a kong cannot win");
          return FALSE;
        }
    }
  if (situation->kong && !situation->self_drawn && winning != SP_TILE_NONE)
    {
      char name[SP_TILE_STRING_SIZE];

      /* Robbing a kong (搶槓): another player adds the fourth tile to his pung, so the winner
       * can hold no other copy of it. */
      sp_hand_all_counts (hand, all);
      if (all[winning] > 1)
        {
          sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                                  "--kong without --self-drawn (robbing a kong): the hand holds %u "
                                  "%s, so nobody else can add the fourth to a pung",
                                  all[winning], sp_tile_to_string (winning, name));
          return FALSE;
        }
    }
  if (situation->flower_replacement && !situation->self_drawn)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--flower-replacement needs --self-drawn: the replacement tile is "
                              "drawn");
      return FALSE;
    }
  if (situation->flower_replacement && situation->n_flowers == 0)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--flower-replacement: the winner has no flower (--flowers)");
      return FALSE;
    }
  if (!situation->self_drawn && situation->discarder == seat)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--discarder %s is the winner's own seat on a discard win",
                              sp_wind_to_string ((SpWind) seat));
      return FALSE;
    }
  if (situation->heavenly + situation->earthly + situation->human > 1)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--heavenly, --earthly and --human exclude each other");
      return FALSE;
    }
  if (situation->ready_at_deal && situation->ready_first_draw)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--ready-at-deal and --ready-first-draw exclude each other");
      return FALSE;
    }
  if ((situation->heavenly || situation->earthly || situation->human || situation->ready_at_deal
       || situation->ready_first_draw) && n_exposed > 0)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "%s: the hand has %u claimed meld%s, but no call may have been made",
                              situation->heavenly ? "--heavenly" : situation->earthly ? "--earthly"
                              : situation->human ? "--human" : situation->ready_at_deal
                              ? "--ready-at-deal" : "--ready-first-draw",
                              n_exposed, n_exposed == 1 ? "" : "s");
      return FALSE;
    }
  if (situation->heavenly && seat != situation->dealer)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--heavenly: only the dealer (%s) wins on the dealt hand, the winner "
                              "sits at %s", sp_wind_to_string ((SpWind) situation->dealer),
                              sp_wind_to_string ((SpWind) seat));
      return FALSE;
    }
  if (situation->earthly && seat == situation->dealer)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--earthly: the winner (%s) is the dealer, whose first-draw win is "
                              "--heavenly", sp_wind_to_string ((SpWind) seat));
      return FALSE;
    }
  if (situation->earthly && !situation->self_drawn)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--earthly is a self-drawn win: add --self-drawn (a first-round "
                              "discard win is --human)");
      return FALSE;
    }
  if (situation->human && situation->self_drawn)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              "--human is a win on a discard: it does not go with --self-drawn");
      return FALSE;
    }
  return TRUE;
}

guint
sp_referee_n_waits (const SpHand *hand,
                    SpRuleset     ruleset)
{
  SpHand ready = *hand;
  SpWaitList waits;

  sp_hand_remove_winning_tile (&ready);
  return sp_hand_waits (&ready, ruleset, &waits);
}

void
sp_referee_refuse_not_a_win (const SpHand  *hand,
                             SpRuleset      ruleset,
                             SpScoreResult *result)
{
  SpHand ready = *hand;
  SpWaitList waits;
  char name[SP_TILE_STRING_SIZE];

  sp_hand_remove_winning_tile (&ready);
  result->ready = sp_hand_waits (&ready, ruleset, &waits) > 0;
  if (result->ready)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_NOT_A_WIN,
                              "not a win: the hand is ready, but %s (the last tile) is not one of "
                              "its %u winning tiles",
                              sp_tile_to_string (sp_hand_winning_tile (hand), name), waits.n);
      return;
    }
  result->shanten = sp_hand_shanten (&ready, ruleset);
  sp_score_result_refuse (result, SP_CORE_ERROR_NOT_A_WIN,
                          "not a win: without its last tile the hand is %d tile%s from ready",
                          result->shanten, result->shanten == 1 ? "" : "s");
}
