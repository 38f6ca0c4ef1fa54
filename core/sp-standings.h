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

/* One player's result in one session. */
typedef struct
{
  guint32 player;
  guint32 session;
  gint64  score;            /* session score (penalties included where the tournament says) */
  gint32  table_points_x12;
  guint8  place;            /* 1–4 at the table */
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

/* Standings (a GArray of SpStanding, best first) from all session results. */
GArray *sp_standings_compute (const SpSessionResult *results,
                              guint                  n_results,
                              SpRanking              ranking);
/* Team standings from player standings: members' table points summed, then scores.
 * @team_of gives each standing's team (0 = none, left out); player = the team number. */
GArray *sp_standings_teams   (const GArray          *players,
                              SpRanking              ranking);

G_END_DECLS
