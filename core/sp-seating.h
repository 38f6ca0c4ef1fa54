/* sp-seating.h: who sits at which table and seat, session by session.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A plan for N players (a multiple of 4) over R rounds (sessions).  Players are numbered
 * 0..N-1 here (1..N in the CLI); table t of round r seats, in order E S W N for its first
 * hand, the players seats[(r * N) + 4 t + s]. */
typedef struct
{
  guint    n_players;
  guint    n_rounds;
  guint16 *seats;
} SpSeatingPlan;

/* Measures of rules/seating.md. */
typedef struct
{
  guint repeats;        /* Σ over pairs of max(0, meetings − 1) */
  guint lower_bound;    /* ⌈N·(3R−N+1)/2⌉, or 0 */
  guint wind_spread;    /* worst player's (max − min) count of E, S, W, N */
  guint table_repeats;  /* times a player sits at the same physical table again */
  guint team_clashes;   /* teammates at one table */
} SpSeatingQuality;

typedef enum
{
  SP_SWISS_HIGH_HIGH = 0, /* 高高碰: ranks 1–4 at table 1, … */
  SP_SWISS_SNAKE = 1,     /* 蛇形 */
} SpSwissMethod;

SpSeatingPlan *sp_seating_plan_new      (guint                n_players,
                                         guint                n_rounds);
void           sp_seating_plan_free     (SpSeatingPlan       *plan);
guint          sp_seating_plan_get      (const SpSeatingPlan *plan,
                                         guint                round,
                                         guint                table,
                                         guint                seat);

/* @teams: a team number per player (0 = no team), or NULL; teammates never share a table. */
void           sp_seating_plan_measure  (const SpSeatingPlan *plan,
                                         const guint         *teams,
                                         SpSeatingQuality    *quality);

/* One schedule for all rounds minimising repeated meetings (zero where a design is known),
 * winds balanced, the same physical table avoided.  SP_CORE_ERROR_INVALID for sizes outside
 * 8 ≤ N ≤ 1024, N mod 4 ≠ 0, R < 1, or teams that cannot be kept apart. */
SpSeatingPlan *sp_seating_plan_balanced (guint                n_players,
                                         guint                n_rounds,
                                         guint64              seed,
                                         const guint         *teams,
                                         GError             **error);
/* A draw by lots per round from the seed (teammates kept apart). */
SpSeatingPlan *sp_seating_plan_random   (guint                n_players,
                                         guint                n_rounds,
                                         guint64              seed,
                                         const guint         *teams,
                                         GError             **error);
/* One Swiss round (瑞士移位) from the standings: @ranking lists player numbers best first;
 * @meetings is an N×N matrix of how often two players met so far (or NULL).  Fills @round with
 * N player numbers in table/seat order. */
gboolean       sp_seating_round_swiss   (guint                n_players,
                                         const guint         *ranking,
                                         const guint8        *meetings,
                                         const guint         *teams,
                                         SpSwissMethod        method,
                                         guint16             *round,
                                         GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpSeatingPlan, sp_seating_plan_free)

G_END_DECLS
