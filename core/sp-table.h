/* sp-table.h: a table of a session as its hands left it: who sits there, and the rotation
 * (round wind, dealer, 連莊) replayed from its hands, as it stands before the next hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-rotation.h"
#include "sp-tournament.h"

G_BEGIN_DECLS

typedef struct
{
  guint      session;
  guint      table;
  gint64     players[4];   /* by chair */
  guint      n_hands;      /* the hands replayed */
  SpRotation next;         /* the state before the next hand */
  gboolean   closed;       /* the session is closed (the store says so) */
  guint      sticks;       /* Riichi: the 1,000-point riichi sticks on the table */
} SpTable;

/* A table before its first hand of a sequence of @kind, with its players by chair. */
void     sp_table_init     (SpTable             *table,
                            SpRotationKind       kind,
                            guint                session,
                            guint                number,
                            const gint64         players[4]);
/* Whether @chair won @hand: its winner, or one of the further winners of a double ron. */
gboolean sp_hand_record_won_by (const SpHandRecord *hand,
                                gint                chair);
/* How @hand, played at @rotation, ended as far as the deal is concerned. */
SpHandOutcome sp_hand_record_outcome (const SpHandRecord *hand,
                                      const SpRotation   *rotation);
/* Moves the rotation, of @kind (sp_tournament_rotation ()), past @hand: the dealer's win or an
 * exhaustive draw keeps the deal where @kind repeats it (Taiwan; Guangdong with 連莊). */
void     sp_table_advance  (SpTable             *table,
                            SpRotationKind       kind,
                            const SpHandRecord  *hand);
/* Replays @hands (SpHandRecord in number order) from the first hand. */
void     sp_table_replay   (SpTable             *table,
                            SpRotationKind       kind,
                            GPtrArray           *hands);

G_END_DECLS
