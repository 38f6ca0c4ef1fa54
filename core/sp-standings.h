/* sp-standings.h: session scores to table points, and standings with the official tie-breaks.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Table points are kept ×12 so that 2-, 3- and 4-way ties stay whole: 48 / 24 / 12 / 0. */
#define SP_TABLE_POINTS_SCALE 12

typedef enum
{
  SP_RANKING_R98 = 0,   /* table points, score, best session, places (R98 第十一条) */
  SP_RANKING_EMA = 1,   /* table points, score */
  SP_RANKING_SCORE = 2, /* total score (Taiwan, Guangdong) */
} SpRanking;

const char *sp_ranking_to_string   (SpRanking   ranking);
gboolean    sp_ranking_from_string (const char *text,
                                    SpRanking  *ranking);

/* Places and table points (×12) of one table from its four session scores; ties share the
 * points of the places they tie for, and the table's points always total 7 (84). */
void sp_table_points (const gint64 scores[4],
                      guint8       places[4],
                      gint32       points_x12[4]);

/* Standard score (标准分) of a group of @n_players ≥ 2 players ranked together (R98 第十条, a
 * tournament option that lets several tables form one group): first place N = @n_players, every
 * other place N − place, the last 0; a table is the group of four (4 / 2 / 1 / 0).  Ties share
 * the points of the places they tie for; ×12 keeps 2-, 3- and 4-way ties exact, a share of a
 * tie of five or more that is not a whole twelfth is rounded half up to the nearest one.  @places gets 1-based places, tied players sharing
 * the best (1, 2, 2, 4). */
void sp_group_points (const gint64 *scores,
                      guint         n_players,
                      guint        *places,
                      gint32       *points_x12);

/* R98's session start score (每局 500 分); tournaments may choose another. */
#define SP_SESSION_START_SCORE_R98 500

/* A player's session score (局分): @start_score + the player's settlement gains and losses of
 * every hand (@deltas, one per hand) + the penalty points (@penalties, signed: a deduction is
 * negative, a penalty received from another player positive). */
gint64 sp_session_score (gint64        start_score,
                         const gint32 *deltas,
                         guint         n_deltas,
                         const gint32 *penalties,
                         guint         n_penalties);

/* One player's result in one session. */
typedef struct
{
  guint32  player;
  guint32  session;
  gint64   score;            /* session score, penalties included (Riichi: the tournament
                              * points, in points) */
  gint32   table_points_x12; /* the tournament's table points (Riichi: the uma, ×12 in
                              * thousands) */
  guint8   place;            /* 1–4 at the table */
  /* Filled by sp_session_results_from_tables () only; 0 where the results are given. */
  guint32  table;
  guint16  group_place;      /* in the group of tables ranked together (R98 第十条); the place
                              * at the table when each table stands alone */
  gint32   alone_points_x12; /* 4 / 2 / 1 / 0 at the table whatever the groups (EMA's); Riichi:
                              * the uma */
  gint64   penalties;        /* the penalty points of the session, signed */
  gboolean ranked;           /* FALSE: left out of the standings (a substitute not ranked) */
  /* Riichi: the hanchan's end. */
  gint32   final_points;
  gint32   uma;
  guint8   chombos;
} SpSessionResult;

typedef struct
{
  guint32 player;
  guint32 team;                  /* 0 = none */
  guint   rank;                  /* 1-based; ties share a rank */
  gint64  table_points_x12;
  gint64  score;
  guint   sessions;
  gint32  best_table_points_x12;
  guint   places[4];             /* how many 1st, 2nd, 3rd, 4th places */
} SpStanding;

/* Standings (a GArray of SpStanding, best first) from all session results, in the order of
 * @ranking:
 *   r98:   table points, total score, best single-session table points, count of 1st places,
 *          then of 2nd, then of 3rd (R98 第十一条);
 *   ema:   table points, total score;
 *   score: total score, table points.
 * Players still tied share the rank (1, 2, 2, 4) and are listed by player number.  The team of
 * every standing is 0. */
GArray *sp_standings_compute (const SpSessionResult *results,
                              guint                  n_results,
                              SpRanking              ranking);
/* Team standings from player standings: members' table points summed, then scores (with
 * SP_RANKING_SCORE: scores, then table points).  Each player standing's team field names its
 * team (fill it in after sp_standings_compute; 0 = none, left out).  In the result player and
 * team are the team number; sessions and places are the members' summed, best_table_points_x12
 * is the best of any member. */
GArray *sp_standings_teams   (const GArray          *players,
                              SpRanking              ranking);

/* The result of one table of one session, as the store sums it: the four players (by chair),
 * their hand scores and penalties. */
typedef struct
{
  guint    session;
  guint    table;
  gint64   players[4];
  gint64   hand_scores[4];
  gint64   penalties[4];
  guint    n_hands;
  gboolean closed;        /* its session is closed (a table without hands then counts) */
  gint32   sticks;        /* Riichi: the riichi sticks left on the table */
  guint8   chombos[4];    /* Riichi: chombos by chair */
} SpTableResult;

/* What standings from table results need besides the results. */
typedef struct
{
  SpRanking     ranking;
  gboolean      penalties_in_session; /* penalties change the session score (table points) */
  guint         group_tables;         /* R98 第十条 groups of tables; 0 or 1: each table alone */
  const gint64 *entrants;             /* listed even when not seated yet (0 points), or NULL */
  guint         n_entrants;
  const gint64 *excluded;             /* left out (substitutes with rank_substitutes=off) */
  guint         n_excluded;
  guint         final_session;        /* a final (seating draw --top N), 0 when none */
  /* Riichi: a table's result is its hanchan's end (uma as table points, tournament points as
   * the score, in points); NULL for the other rulesets. */
  const struct _SpRiichiTableRules *riichi;
} SpStandingsInput;

/* Standings from the results of tables (ordered by session, then table).  A table counts once
 * it has a hand, or when its session is closed (time up).  Table points are 4 / 2 / 1 / 0 per
 * table, or the standard score of each group of @input->group_tables tables of a session.
 * Players seated at a table without a hand yet (mid-session), and those of @input->entrants,
 * are listed with 0.
 * With a final session, the players seated at it rank above everyone else (among themselves
 * by the ranking over all their sessions), then the others as before.  The team of every
 * standing is 0. */
GArray *sp_standings_from_tables (const SpTableResult    *tables,
                                  guint                   n_tables,
                                  const SpStandingsInput *input);
/* Moves the standings of @first (players) to the front, keeping the order within each part,
 * and ranks each part on its own: the first from 1, the others after the last of them. */
void    sp_standings_put_first   (GArray                 *standings,
                                  const gint64           *first,
                                  guint                   n_first,
                                  SpRanking               ranking);
/* The result of every player in every session that counted, from the results of tables
 * (ordered by session, then table), as sp_standings_from_tables () sums them: a table counts
 * once it has a hand or its session is closed; table points and places as that function says,
 * penalties in the table points where @input says, the score with them always.  The players of
 * @input->excluded are listed with .ranked FALSE.  A GArray of SpSessionResult, by session then
 * table then chair; what every report of sessions reads. */
GArray *sp_session_results_from_tables (const SpTableResult    *tables,
                                        guint                   n_tables,
                                        const SpStandingsInput *input);
/* sp_standings_from_tables (), and when @session_results is not NULL the result of every
 * player in every session that counted, as sp_session_results_from_tables () gives them (those
 * left out of the standings with .ranked FALSE): from them the standings were summed. */
GArray *sp_standings_from_tables_with_sessions (const SpTableResult    *tables,
                                                guint                   n_tables,
                                                const SpStandingsInput *input,
                                                GArray                **session_results);

/* Two-key entry: what one player's hands awaiting confirmation would add to the standings
 * (the store computes it: sp_db_compute_pending ()). */
typedef struct
{
  gint64 player;
  guint  hands;            /* hands at the player's tables that await confirmation */
  gint64 score;            /* what they would add to the player's score (signed) */
  gint64 table_points_x12; /* and to the table points (×12) */
} SpPendingHands;

/* @player's entry of @pending (SpPendingHands), or NULL. */
const SpPendingHands *sp_pending_hands_find (const GArray *pending,
                                             gint64        player);

/* What told two neighbouring standings apart, for the director and the players to see why
 * one ranks above the other. */
typedef enum
{
  SP_TIE_BREAK_PRIMARY = 0,   /* the ranking's first criterion (table points, or the score) */
  SP_TIE_BREAK_SCORE,         /* the total score */
  SP_TIE_BREAK_TABLE_POINTS,  /* table points (second with the score ranking) */
  SP_TIE_BREAK_BEST_SESSION,  /* the best single-session table points (R98) */
  SP_TIE_BREAK_FIRSTS,        /* more 1st places (R98) */
  SP_TIE_BREAK_SECONDS,       /* more 2nd places */
  SP_TIE_BREAK_THIRDS,        /* more 3rd places */
  SP_TIE_BREAK_TIED,          /* nothing: they share the rank */
} SpTieBreak;

/* The first criterion of @ranking on which @above and @below (its neighbour below in the
 * standings) differ, in the order sp_standings_compute () ranks by. */
SpTieBreak sp_standings_decider (const SpStanding *above,
                                 const SpStanding *below,
                                 SpRanking         ranking);

G_END_DECLS
