/* sp-riichi-sheet.h: a Riichi table's score sheet, hand after hand, as the reports and the
 * players' view show it: each hand's round (東1局), dealer, honba and sticks before it, the
 * riichi declared, its result with its han, fu and yaku, and each player's points after it;
 * then the hanchan's end (final points, places, uma, tournament points).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-riichi-table.h"
#include "sp-rules.h"
#include "sp-score.h"
#include "sp-standings.h"
#include "sp-tournament.h"

G_BEGIN_DECLS

/* One hand of the sheet. */
typedef struct
{
  const SpHandRecord *record;    /* the stored hand (borrowed from the hands given) */
  SpRotation          rotation;  /* before the hand: round, dealer, honba (streak) */
  guint               sticks;    /* riichi sticks on the table before the hand */
  /* Each winner's value as the core scores the stored hand again (has_han_fu, han, fu,
   * yakuman, limit, the yaku as items, total with the counters, without the sticks): the
   * record's winner, then its further winners on the same discard; none for a draw, a chombo,
   * or a stored win the rules no longer take (the stored settlement stands). */
  SpScoreResult       values[1 + SP_HAND_MAX_ALSO];
  guint               n_wins;
  gint32              points[4]; /* by chair, after the hand */
} SpRiichiSheetHand;

typedef struct
{
  SpRiichiTableRules rules;
  GArray            *hands; /* SpRiichiSheetHand, in number order */
  SpRiichiTable      end;   /* the table after the last hand (its points, sticks, chombos) */
  SpRiichiFinal      final; /* the hanchan's end of @end */
} SpRiichiSheet;

/* The sheet of one Riichi table: @hands (SpHandRecord of the table, in number order, by chair as
 * stored) replayed through the table's rules from @players (by chair).  The points move by the
 * stored settlement; each win is scored again for its han, fu and yaku
 * (sp_hand_record_score_wins ()).  SP_CORE_ERROR_INVALID
 * when @rules are not riichi's. */
SpRiichiSheet *sp_riichi_sheet_new  (const SpRules      *rules,
                                     guint               session,
                                     guint               table,
                                     const gint64        players[4],
                                     GPtrArray          *hands,
                                     GError            **error);
void           sp_riichi_sheet_free (SpRiichiSheet      *sheet);

/* The round of a hand as a Riichi table says it, translated: "East 1" (東1局), "South 4"; the
 * number is the dealer's chair + 1.  Newly allocated. */
char          *sp_riichi_round_name (const SpRotation   *rotation);

/* The hanchan's end of a table result as the store sums it (SpTableResult: hand scores, sticks
 * left, chombos): the end the standings rank by, penalties not included. */
void           sp_riichi_table_result_final (const SpTableResult      *table,
                                             const SpRiichiTableRules *rules,
                                             SpRiichiFinal            *final);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpRiichiSheet, sp_riichi_sheet_free)

G_END_DECLS
