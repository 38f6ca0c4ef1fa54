/* sp-entry-private.h: what the judge of a hand entry (sp-entry.c) shares with the judges that
 * are one ruleset's own (SpRulesetClass.judge_entry, .score_record_wins).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-core-error.h"
#include "sp-entry.h"

G_BEGIN_DECLS

/* The fields of a situation that the seating and the rotation decide: they are checked against
 * the table, never stored with the hand. */
#define SP_HAND_ENTRY_SEATING_FIELDS \
  (SP_SITUATION_SEAT_WIND | SP_SITUATION_ROUND_WIND | SP_SITUATION_DEALER | SP_SITUATION_STREAK \
   | SP_SITUATION_DISCARDER | SP_SITUATION_SELF_DRAWN)

/* Refuses hand @number of @table with @code, the message prefixed with where the hand is.
 * Returns FALSE. */
gboolean sp_table_refuse             (GError            **error,
                                      SpCoreError         code,
                                      const SpTable      *table,
                                      guint               number,
                                      const char         *format,
                                      ...) G_GNUC_PRINTF (5, 6);
/* The fields of @entry's situation that the seating decides must agree with @table's next
 * hand. */
gboolean sp_hand_entry_check_seating (const SpHandEntry  *entry,
                                      const SpTable      *table,
                                      GError            **error);

G_END_DECLS
