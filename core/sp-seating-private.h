/* sp-seating-private.h: the pieces of the seating planner shared between its files.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-seating.h"

G_BEGIN_DECLS

/* The most rounds a plan may have: meeting counts are kept in 16 bits, and no event plays
 * more sessions than this. */
#define SP_SEATING_MAX_ROUNDS 1000

/* Affine geometry AG(k,4) for N = 4^k players: round r is the r-th direction's parallel lines,
 * so nobody meets anyone twice in (N − 1) / 3 rounds.  Rounds past that repeat the first ones.
 * Returns FALSE when N is not a power of 4. */
gboolean sp_seating_design_affine (guint    n_players,
                                   guint    n_rounds,
                                   guint16 *seats);

/* The number of rounds of the cyclic design for N players (see sp-seating-designs.c), or 0 when
 * there is none. */
guint    sp_seating_design_cyclic_rounds (guint n_players);

/* A schedule developed from a stored base round over Z_m, in which nobody meets anyone twice in
 * m rounds; rounds past m repeat the first ones.  Returns FALSE when there is no design for N. */
gboolean sp_seating_design_cyclic (guint    n_players,
                                   guint    n_rounds,
                                   guint16 *seats);

/* A published schedule without repeats (32 players, 10 rounds); rounds past it repeat the first
 * ones.  Returns FALSE when none is stored for N. */
gboolean sp_seating_design_stored (guint    n_players,
                                   guint    n_rounds,
                                   guint16 *seats);

/* Whichever of the above exists for N: fills @seats and returns the number of rounds it keeps
 * free of repeats, or returns 0 (leaving @seats alone) when there is none. */
guint    sp_seating_design        (guint    n_players,
                                   guint    n_rounds,
                                   guint16 *seats);

/* The rounds without repeats of the design for N players, or 0 when there is none. */
guint    sp_seating_design_rounds (guint n_players);

/* Swap-based simulated annealing on a whole schedule: minimises repeated meetings plus, far
 * heavier, teammates at one table.  Rounds before @first_round count but stay as they are.
 * Stops at @target repeats without clashes or after @max_moves tried swaps. */
void     sp_seating_search        (guint        n_players,
                                   guint        n_rounds,
                                   guint        first_round,
                                   guint16     *seats,
                                   const guint *teams,
                                   guint        target,
                                   guint64      max_moves,
                                   GRand       *rand);

/* Seats every table in E S W N order so that each player's winds are balanced to within one
 * (exactly R/4 each when 4 divides R): a 4-edge-colouring of players × tables. */
void     sp_seating_balance_winds (SpSeatingPlan *plan);

/* Permutes the tables of each round so that players sit at the same physical table again as
 * rarely as possible. */
void     sp_seating_spread_tables (SpSeatingPlan *plan,
                                   GRand         *rand);

/* Pairs with more than one meeting, summed; and teammates at one table. */
guint    sp_seating_count_repeats (guint          n_players,
                                   guint          n_rounds,
                                   const guint16 *seats);

G_END_DECLS
