/* sp-referee-private.h: the checks the referees share: tile counts (大相公/小相公),
 * contradictory situations, the not-a-win verdict and settlement lines.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-analysis.h"
#include "sp-score.h"
#include "sp-rules-private.h"

G_BEGIN_DECLS

/* How a hand's tile count compares with a win of the ruleset (kongs counted as three). */
typedef enum
{
  SP_TILE_COUNT_RIGHT = 0,
  SP_TILE_COUNT_TOO_MANY, /* 大相公 */
  SP_TILE_COUNT_TOO_FEW,  /* 小相公 */
} SpTileCount;

/* What the tiles of a hand, melds included, show (the same in every reading). */
typedef struct
{
  guint    suits;          /* bit per SpSuit held */
  gboolean honors;
  gboolean terminals_only; /* every suited tile a 1 or a 9 */
  gboolean triplet_shape;  /* three or more of some tile */
} SpTileFacts;

SpTileCount sp_referee_tile_count       (const SpHand      *hand,
                                         SpRuleset          ruleset);
/* Adds the @n @items of the best reading to @result. */
void        sp_referee_add_items        (SpScoreResult     *result,
                                         const SpScoreItem *items,
                                         guint              n);
/* Refuses a 大相公/小相公 hand with wrong-tile-count, the message naming which. */
void        sp_referee_refuse_count     (const SpHand      *hand,
                                         SpRuleset          ruleset,
                                         SpTileCount        count,
                                         SpScoreResult     *result);
/* Refuses with bad-situation and a printf message, and is FALSE, so that a check of the
 * situation reads `if (…) return sp_referee_bad_situation (result, "…");`. */
#define sp_referee_bad_situation(result, ...) \
  (sp_score_result_refuse ((result), SP_CORE_ERROR_BAD_SITUATION, __VA_ARGS__), FALSE)
/* The contradictions both referees refuse as bad-situation; FALSE after refusing.
 * @kong_replacement_after_melded_kong: whether a replacement after a melded kong of a
 * discard may win (Guangdong, with its 杠上开花 liability) or not (Taiwan). */
gboolean    sp_referee_check_situation  (const SpHand      *hand,
                                         const SpSituation *situation,
                                         gboolean           kong_replacement_after_melded_kong,
                                         SpScoreResult     *result);
/* Reads a false win: whether the hand without its last tile is ready (result->ready) and, if
 * not, how many tiles from ready (result->shanten); returns how many tiles it waits on. */
guint       sp_referee_read_false_win   (const SpHand      *hand,
                                         SpRuleset          ruleset,
                                         SpScoreResult     *result);
/* Refuses with not-a-win, saying whether the hand was ready without its last tile. */
void        sp_referee_refuse_not_a_win (const SpHand      *hand,
                                         SpRuleset          ruleset,
                                         SpScoreResult     *result);
/* How many tiles the hand without its winning tile waits on (0: not ready). */
guint       sp_referee_n_waits          (const SpHand      *hand,
                                         SpRuleset          ruleset);
/* Appends @count × @value of @name to the @n of at most @max @items of a reading; returns
 * what it adds to the reading's sum (0 when @count is 0 or the items are full). */
static inline gint32
sp_referee_tally (SpScoreItem *items,
                  guint       *n,
                  guint        max,
                  const char  *name,
                  gint32       value,
                  guint32      count)
{
  if (count == 0)
    return 0;
  g_return_val_if_fail (*n < max, 0);
  items[*n].name = name;
  items[*n].value = value;
  items[*n].count = count;
  (*n)++;
  return value * (gint32) count;
}

/* Reads the SpTileFacts of @all, the counts of every tile (inline: each referee reads what
 * it needs on every hand). */
static inline void
sp_referee_tile_facts (const guint8  all[SP_N_TILE_KINDS],
                       SpTileFacts  *facts)
{
  facts->suits = 0;
  facts->honors = FALSE;
  facts->terminals_only = TRUE;
  facts->triplet_shape = FALSE;
  for (guint t = 0; t < SP_N_TILE_KINDS; t++)
    {
      if (all[t] == 0)
        continue;
      if (sp_tile_is_honor ((SpTile) t))
        facts->honors = TRUE;
      else
        {
          facts->suits |= 1u << sp_tile_suit ((SpTile) t);
          facts->terminals_only &= sp_tile_is_terminal ((SpTile) t);
        }
      facts->triplet_shape |= all[t] >= 3;
    }
}

/* Moves @amount from @payer to @winner in @settlement. */
static inline void
sp_referee_pay (gint64 settlement[4],
                guint  payer,
                guint  winner,
                gint64 amount)
{
  settlement[payer] -= amount;
  settlement[winner] += amount;
}

/* The checks the Taiwanese and Guangdong referees make first, in the order of the faults
 * (too-many-copies, wrong-tile-count, bad-situation); FALSE after refusing.  Sets *@count; a
 * Guangdong 小相公 with two or more concealed tiles is passed on (it may still win), and there
 * a replacement after a melded kong of a discard may win.  Inline: every hand goes
 * through it. */
static inline gboolean
sp_referee_check_hand (const SpHand      *hand,
                       const SpSituation *situation,
                       SpRuleset          ruleset,
                       SpTileCount       *count,
                       SpScoreResult     *result)
{
  g_autoptr(GError) error = NULL;
  const SpRulesetClass *klass = sp_ruleset_class (ruleset);

  if (!sp_hand_check_copies (hand, &error))
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_TOO_MANY_COPIES, "%s", error->message);
      return FALSE;
    }
  *count = sp_referee_tile_count (hand, ruleset);
  if (*count != SP_TILE_COUNT_RIGHT
      && !(klass->short_hand_may_win && *count == SP_TILE_COUNT_TOO_FEW && hand->n_concealed >= 2))
    {
      sp_referee_refuse_count (hand, ruleset, *count, result);
      return FALSE;
    }
  return sp_referee_check_situation (hand, situation, klass->melded_kong_replacement_wins,
                                     result);
}

G_END_DECLS
