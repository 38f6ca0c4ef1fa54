/* test-core-standings.c: table points with every kind of tie, group standard scores, session
 * scores, the three rankings' tie-breaks and team standings.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"

typedef struct
{
  gint64 scores[4];
  guint8 places[4];
  gint32 points_x12[4];
} TableCase;

/* rules/mcr.md §5: 4 / 2 / 1 / 0 ×12 = 48 / 24 / 12 / 0, ties sharing the points of the places
 * they tie for (two tied 1st 36 each, two tied last 6, three tied 2nd 12, four tied 21). */
static const TableCase table_cases[] = {
  { { 300, 100, 200, -100 }, { 1, 3, 2, 4 }, { 48, 12, 24, 0 } },
  { { 500, 500, 500, 500 }, { 1, 1, 1, 1 }, { 21, 21, 21, 21 } },
  /* two-way ties at each position */
  { { 50, 50, 10, 0 }, { 1, 1, 3, 4 }, { 36, 36, 12, 0 } },
  { { 50, 20, 20, 0 }, { 1, 2, 2, 4 }, { 48, 18, 18, 0 } },
  { { 50, 20, 0, 0 }, { 1, 2, 3, 3 }, { 48, 24, 6, 6 } },
  { { 5, 5, 1, 1 }, { 1, 1, 3, 3 }, { 36, 36, 6, 6 } },
  { { 0, 500, 0, 500 }, { 3, 1, 3, 1 }, { 6, 36, 6, 36 } },
  { { -8, 40, 12, -8 }, { 3, 1, 2, 3 }, { 6, 48, 24, 6 } },
  { { 12, 40, 12, -8 }, { 2, 1, 2, 4 }, { 18, 48, 18, 0 } },
  /* three-way ties */
  { { 7, 7, 7, 1 }, { 1, 1, 1, 4 }, { 28, 28, 28, 0 } },
  { { 9, 3, 3, 3 }, { 1, 2, 2, 2 }, { 48, 12, 12, 12 } },
  { { -3, 9, -3, -3 }, { 2, 1, 2, 2 }, { 12, 48, 12, 12 } },
  { { 7, -1, 7, 7 }, { 1, 4, 1, 1 }, { 28, 0, 28, 28 } },
};

static void
test_table_points_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (table_cases); i++)
    {
      const TableCase *c = &table_cases[i];
      guint8 places[4];
      gint32 points[4];
      gint32 sum = 0;

      sp_table_points (c->scores, places, points);
      for (guint seat = 0; seat < 4; seat++)
        {
          g_assert_cmpuint (places[seat], ==, c->places[seat]);
          g_assert_cmpint (points[seat], ==, c->points_x12[seat]);
          sum += points[seat];
        }
      g_assert_cmpint (sum, ==, 7 * SP_TABLE_POINTS_SCALE);
    }
}

/* Every pattern of ties over four scores: the table total is always 84, equal scores get
 * equal points and places, a higher score never gets fewer points or a worse place. */
static void
test_table_points_all_patterns (void)
{
  for (guint code = 0; code < 256; code++)
    {
      gint64 scores[4];
      guint8 places[4];
      gint32 points[4];
      gint32 sum = 0;

      for (guint seat = 0; seat < 4; seat++)
        scores[seat] = (gint64) ((code >> (2 * seat)) & 3) * 100 - 150;
      sp_table_points (scores, places, points);
      for (guint a = 0; a < 4; a++)
        {
          guint higher = 0;

          sum += points[a];
          for (guint b = 0; b < 4; b++)
            {
              if (scores[b] > scores[a])
                higher++;
              if (scores[a] == scores[b])
                {
                  g_assert_cmpint (points[a], ==, points[b]);
                  g_assert_cmpuint (places[a], ==, places[b]);
                }
              else if (scores[a] > scores[b])
                {
                  g_assert_cmpint (points[a], >, points[b]);
                  g_assert_cmpuint (places[a], <, places[b]);
                }
            }
          g_assert_cmpuint (places[a], ==, higher + 1);
        }
      g_assert_cmpint (sum, ==, 84);
    }
}

static void
assert_group (const gint64 *scores,
              guint         n,
              const guint  *expected_places,
              const gint32 *expected_points)
{
  guint places[32];
  gint32 points[32];

  g_assert_cmpuint (n, <=, G_N_ELEMENTS (places));
  sp_group_points (scores, n, places, points);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (places[i], ==, expected_places[i]);
      g_assert_cmpint (points[i], ==, expected_points[i]);
    }
}

static void
test_group_points (void)
{
  /* R98 附件6's 16-player group: 16, 14, 13, …, 1, 0 (listed here in a mixed order). */
  const gint64 scores16[16] = {
    900, 1600, 100, 1500, 1400, 1300, 1200, 1100, 1000, 800, 700, 600, 500, 400, 300, 200,
  };
  const guint places16[16] = { 8, 1, 16, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15 };
  const gint32 points16[16] = {
    8 * 12, 16 * 12, 0, 14 * 12, 13 * 12, 12 * 12, 11 * 12, 10 * 12, 9 * 12, 7 * 12, 6 * 12,
    5 * 12, 4 * 12, 3 * 12, 2 * 12, 1 * 12,
  };
  /* Two tied 2nd of eight share (6 + 5) / 2. */
  const gint64 scores8[8] = { 80, 70, 70, 60, 50, 40, 30, 20 };
  const guint places8[8] = { 1, 2, 2, 4, 5, 6, 7, 8 };
  const gint32 points8[8] = { 96, 66, 66, 48, 36, 24, 12, 0 };
  /* Five tied 1st of six share (6 + 4 + 3 + 2 + 1) / 5 = 3.2, i.e. 38.4 twelfths: 38. */
  const gint64 scores6[6] = { 10, 10, 10, -4, 10, 10 };
  const guint places6[6] = { 1, 1, 1, 6, 1, 1 };
  const gint32 points6[6] = { 38, 38, 38, 0, 38, 38 };
  /* Seven all tied share (7 + 5 + 4 + 3 + 2 + 1 + 0) / 7 ≈ 3.14, i.e. 37.7 twelfths: 38. */
  const gint64 scores7[7] = { 1, 1, 1, 1, 1, 1, 1 };
  const guint places7[7] = { 1, 1, 1, 1, 1, 1, 1 };
  const gint32 points7[7] = { 38, 38, 38, 38, 38, 38, 38 };
  /* Two players: 2 and 0; tied, 1 each. */
  const gint64 scores2[2] = { 3, 9 };
  const guint places2[2] = { 2, 1 };
  const gint32 points2[2] = { 0, 24 };
  const gint64 scores2_tied[2] = { 3, 3 };
  const guint places2_tied[2] = { 1, 1 };
  const gint32 points2_tied[2] = { 12, 12 };
  /* Twenty players: 20, 18, 17, …, 1, 0, with a tie for 14th–15th ((6 + 5) / 2). */
  gint64 scores20[20];
  guint places20[20];
  gint32 points20[20];

  assert_group (scores16, 16, places16, points16);
  assert_group (scores8, 8, places8, points8);
  assert_group (scores6, 6, places6, points6);
  assert_group (scores7, 7, places7, points7);
  assert_group (scores2, 2, places2, points2);
  assert_group (scores2_tied, 2, places2_tied, points2_tied);

  for (guint i = 0; i < 20; i++)
    {
      /* i × 7 mod 20 visits every value 0–19 once: value v is place 20 − v. */
      gint64 value = (gint64) (i * 7 % 20);

      scores20[i] = value == 5 ? 6 : value;
      places20[i] = value == 5 ? 14 : 20 - (guint) value;
      if (value == 19)
        points20[i] = 20 * 12;
      else if (value == 5 || value == 6)
        points20[i] = 66;
      else
        points20[i] = (gint32) value * 12;
    }
  assert_group (scores20, 20, places20, points20);

  /* A group of four is a table. */
  for (guint i = 0; i < G_N_ELEMENTS (table_cases); i++)
    {
      const guint places[4] = {
        table_cases[i].places[0], table_cases[i].places[1], table_cases[i].places[2],
        table_cases[i].places[3],
      };

      assert_group (table_cases[i].scores, 4, places, table_cases[i].points_x12);
    }
}

static void
test_session_score (void)
{
  /* mcr.md §4: a discard win at 8 fan (+32), two hands lost as a bystander (−8 each), a
   * self-draw at 8 (+48), a discard at 8 (−16); a 诈和 (−20 to each of three = −60) and 10
   * received for another player's 错和. */
  const gint32 deltas[] = { 32, -8, -8, 48, -16 };
  const gint32 penalties[] = { -60, 10 };

  g_assert_cmpint (sp_session_score (SP_SESSION_START_SCORE_R98, deltas, G_N_ELEMENTS (deltas),
                                     penalties, G_N_ELEMENTS (penalties)), ==, 498);
  g_assert_cmpint (sp_session_score (SP_SESSION_START_SCORE_R98, deltas, G_N_ELEMENTS (deltas),
                                     NULL, 0), ==, 548);
  g_assert_cmpint (sp_session_score (0, NULL, 0, penalties, 1), ==, -60);
  g_assert_cmpint (sp_session_score (500, NULL, 0, NULL, 0), ==, 500);
}

static void
test_ranking_strings (void)
{
  const SpRanking rankings[] = { SP_RANKING_R98, SP_RANKING_EMA, SP_RANKING_SCORE };
  const char *names[] = { "r98", "ema", "score" };
  SpRanking ranking = SP_RANKING_SCORE;

  for (guint i = 0; i < G_N_ELEMENTS (rankings); i++)
    {
      SpRanking parsed;

      g_assert_cmpstr (sp_ranking_to_string (rankings[i]), ==, names[i]);
      g_assert_true (sp_ranking_from_string (names[i], &parsed));
      g_assert_cmpint (parsed, ==, rankings[i]);
    }
  g_assert_true (sp_ranking_from_string ("EMA", &ranking));
  g_assert_cmpint (ranking, ==, SP_RANKING_EMA);
  g_assert_false (sp_ranking_from_string ("wmo", &ranking));
  g_assert_false (sp_ranking_from_string ("", &ranking));
  g_assert_cmpint (ranking, ==, SP_RANKING_EMA);
}

/* Session results chosen so that each R98 tie-break decides somewhere.  Totals, worked out by
 * hand (table points ×12):
 *   P1  96, 100, best 48, places 2/0/0/1     P2  96, 100, best 48, places 1/2/0/0
 *   P3  96, 100, best 36, places 2/1/0/0     P4  96, 120, best 48
 *   P5  96, 100, best 48, places 1/2/0/0     P6  96, 100, best 48, places 1/1/2/0
 *   P8  96, 100, best 48, places 1/1/3/0     P10 120, 10
 *   P11 96, 99                               P12 72, 100, best 24 */
static const SpSessionResult ranking_results[] = {
  { 1, 1, 100, 48, 1 }, { 2, 1, 30, 48, 1 }, { 3, 1, 40, 36, 1 }, { 4, 1, 40, 24, 2 },
  { 5, 1, 100, 48, 1 }, { 6, 1, 40, 48, 1 }, { 8, 1, 40, 48, 1 }, { 10, 1, 5, 48, 1 },
  { 11, 1, 99, 48, 1 }, { 12, 1, 50, 24, 2 },
  { 1, 2, 50, 48, 1 }, { 2, 2, 40, 24, 2 }, { 3, 2, 40, 36, 1 }, { 4, 2, 40, 24, 2 },
  { 5, 2, 40, 24, 2 }, { 6, 2, 30, 24, 2 }, { 8, 2, 30, 24, 2 }, { 10, 2, 5, 48, 1 },
  { 11, 2, 0, 48, 1 }, { 12, 2, 50, 24, 2 },
  { 1, 3, -50, 0, 4 }, { 2, 3, 30, 24, 2 }, { 3, 3, 20, 24, 2 }, { 4, 3, 40, 48, 1 },
  { 5, 3, -40, 24, 2 }, { 6, 3, 20, 12, 3 }, { 8, 3, 10, 6, 3 }, { 10, 3, 0, 24, 2 },
  { 12, 3, 0, 24, 2 },
  { 6, 4, 10, 12, 3 }, { 8, 4, 10, 6, 3 },
  { 8, 5, 10, 12, 3 },
};

typedef struct
{
  guint32 player;
  guint   rank;
} Expected;

static GArray *
assert_ranking (SpRanking       ranking,
                const Expected *expected,
                guint           n)
{
  GArray *standings = sp_standings_compute (ranking_results, G_N_ELEMENTS (ranking_results),
                                            ranking);

  g_assert_cmpuint (standings->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const SpStanding *standing = &g_array_index (standings, SpStanding, i);

      g_assert_cmpuint (standing->player, ==, expected[i].player);
      g_assert_cmpuint (standing->rank, ==, expected[i].rank);
      g_assert_cmpuint (standing->team, ==, 0);
    }
  return standings;
}

static const SpStanding *
find_standing (GArray  *standings,
               guint32  player)
{
  for (guint i = 0; i < standings->len; i++)
    {
      if (g_array_index (standings, SpStanding, i).player == player)
        return &g_array_index (standings, SpStanding, i);
    }
  g_assert_not_reached ();
}

static void
test_ranking_r98 (void)
{
  /* P4 passes the 96s on score; P1 leads the best-48 group on 1st places; P2 and P5 stay tied
   * through 2nd and 3rd places; P8 passes P6 on 3rd places; P3 falls behind on its best session
   * though it has two 1st places; P11 on score; P12 on table points. */
  const Expected expected[] = {
    { 10, 1 }, { 4, 2 }, { 1, 3 }, { 2, 4 }, { 5, 4 }, { 8, 6 }, { 6, 7 }, { 3, 8 },
    { 11, 9 }, { 12, 10 },
  };
  g_autoptr(GArray) standings = assert_ranking (SP_RANKING_R98, expected,
                                                G_N_ELEMENTS (expected));
  const SpStanding *p8 = find_standing (standings, 8);
  const SpStanding *p3 = find_standing (standings, 3);
  const SpStanding *p10 = find_standing (standings, 10);

  g_assert_cmpint (p8->table_points_x12, ==, 96);
  g_assert_cmpint (p8->score, ==, 100);
  g_assert_cmpuint (p8->sessions, ==, 5);
  g_assert_cmpint (p8->best_table_points_x12, ==, 48);
  g_assert_cmpuint (p8->places[0], ==, 1);
  g_assert_cmpuint (p8->places[1], ==, 1);
  g_assert_cmpuint (p8->places[2], ==, 3);
  g_assert_cmpuint (p8->places[3], ==, 0);
  g_assert_cmpint (p3->best_table_points_x12, ==, 36);
  g_assert_cmpuint (p3->places[0], ==, 2);
  g_assert_cmpint (p10->table_points_x12, ==, 120);
  g_assert_cmpint (p10->score, ==, 10);
  g_assert_cmpuint (p10->sessions, ==, 3);
}

static void
test_ranking_ema (void)
{
  /* Table points, then score: the six 96/100 players stay tied, listed by number. */
  const Expected expected[] = {
    { 10, 1 }, { 4, 2 }, { 1, 3 }, { 2, 3 }, { 3, 3 }, { 5, 3 }, { 6, 3 }, { 8, 3 },
    { 11, 9 }, { 12, 10 },
  };
  g_autoptr(GArray) standings = assert_ranking (SP_RANKING_EMA, expected,
                                                G_N_ELEMENTS (expected));
}

static void
test_ranking_score (void)
{
  /* Score, then table points: P12 (100, 72) after the 100/96 players, P10 last on score. */
  const Expected expected[] = {
    { 4, 1 }, { 1, 2 }, { 2, 2 }, { 3, 2 }, { 5, 2 }, { 6, 2 }, { 8, 2 }, { 12, 8 },
    { 11, 9 }, { 10, 10 },
  };
  g_autoptr(GArray) standings = assert_ranking (SP_RANKING_SCORE, expected,
                                                G_N_ELEMENTS (expected));
}

static void
test_standings_empty (void)
{
  g_autoptr(GArray) standings = sp_standings_compute (NULL, 0, SP_RANKING_R98);
  g_autoptr(GArray) teams = sp_standings_teams (standings, SP_RANKING_R98);

  g_assert_cmpuint (standings->len, ==, 0);
  g_assert_cmpuint (teams->len, ==, 0);
}

static void
test_teams (void)
{
  /* Teams: 7 = P1 + P2, 3 = P3 + P4, 5 = P5 + P6, 9 = P8 + P10; P11 and P12 have none.
   *   team 9: 216, 110    team 3: 192, 220    team 5: 192, 200    team 7: 192, 200 */
  static const struct { guint32 player, team; } members[] = {
    { 1, 7 }, { 2, 7 }, { 3, 3 }, { 4, 3 }, { 5, 5 }, { 6, 5 }, { 8, 9 }, { 10, 9 },
  };
  const Expected by_points[] = { { 9, 1 }, { 3, 2 }, { 5, 3 }, { 7, 3 } };
  const Expected by_score[] = { { 3, 1 }, { 5, 2 }, { 7, 2 }, { 9, 4 } };
  g_autoptr(GArray) players = sp_standings_compute (ranking_results,
                                                    G_N_ELEMENTS (ranking_results),
                                                    SP_RANKING_R98);
  g_autoptr(GArray) teams = NULL;
  g_autoptr(GArray) teams_by_score = NULL;
  const SpStanding *team9;

  for (guint i = 0; i < players->len; i++)
    {
      SpStanding *standing = &g_array_index (players, SpStanding, i);

      for (guint m = 0; m < G_N_ELEMENTS (members); m++)
        {
          if (members[m].player == standing->player)
            standing->team = members[m].team;
        }
    }

  teams = sp_standings_teams (players, SP_RANKING_R98);
  g_assert_cmpuint (teams->len, ==, G_N_ELEMENTS (by_points));
  for (guint i = 0; i < teams->len; i++)
    {
      const SpStanding *team = &g_array_index (teams, SpStanding, i);

      g_assert_cmpuint (team->player, ==, by_points[i].player);
      g_assert_cmpuint (team->team, ==, by_points[i].player);
      g_assert_cmpuint (team->rank, ==, by_points[i].rank);
    }
  team9 = &g_array_index (teams, SpStanding, 0);
  g_assert_cmpint (team9->table_points_x12, ==, 216);
  g_assert_cmpint (team9->score, ==, 110);
  g_assert_cmpuint (team9->sessions, ==, 8);
  g_assert_cmpuint (team9->places[0], ==, 3);
  g_assert_cmpuint (team9->places[1], ==, 2);
  g_assert_cmpuint (team9->places[2], ==, 3);
  g_assert_cmpint (g_array_index (teams, SpStanding, 1).score, ==, 220);

  teams_by_score = sp_standings_teams (players, SP_RANKING_SCORE);
  g_assert_cmpuint (teams_by_score->len, ==, G_N_ELEMENTS (by_score));
  for (guint i = 0; i < teams_by_score->len; i++)
    {
      const SpStanding *team = &g_array_index (teams_by_score, SpStanding, i);

      g_assert_cmpuint (team->player, ==, by_score[i].player);
      g_assert_cmpuint (team->rank, ==, by_score[i].rank);
    }
}

/* Two sessions of two tables; session 2's table 2 has no hand yet. */
static const SpTableResult some_tables[] = {
  { 1, 1, { 1, 2, 3, 4 }, { 30, -10, -10, -10 }, { 0, 0, 0, -5 }, 16, TRUE },
  { 1, 2, { 5, 6, 7, 8 }, { 20, 0, 0, -20 }, { 0, 0, 0, 0 }, 16, TRUE },
  { 2, 1, { 1, 5, 2, 6 }, { -8, 24, -8, -8 }, { 0, 0, 0, 0 }, 1, FALSE },
  { 2, 2, { 3, 4, 7, 8 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 0, FALSE },
};

static const SpStanding *
standing_of (GArray  *standings,
             guint32  player)
{
  for (guint i = 0; i < standings->len; i++)
    if (g_array_index (standings, SpStanding, i).player == player)
      return &g_array_index (standings, SpStanding, i);
  return NULL;
}

static void
test_from_tables (void)
{
  SpStandingsInput input = { .ranking = SP_RANKING_R98, .penalties_in_session = TRUE };
  g_autoptr(GArray) standings = NULL;
  const SpStanding *standing;

  standings = sp_standings_from_tables (some_tables, G_N_ELEMENTS (some_tables), &input);
  /* Everyone seated is listed; players of the table without a hand have only session 1. */
  g_assert_cmpuint (standings->len, ==, 8);
  standing = standing_of (standings, 5);
  g_assert_cmpint (standing->score, ==, 44);
  g_assert_cmpuint (standing->sessions, ==, 2);
  g_assert_cmpint (standing->table_points_x12, ==, 96);
  g_assert_cmpuint (standing->rank, ==, 1);
  standing = standing_of (standings, 3);
  g_assert_cmpuint (standing->sessions, ==, 1);
  /* Player 4's penalty counts in the session (last at table 1) and in the score. */
  standing = standing_of (standings, 4);
  g_assert_cmpint (standing->score, ==, -15);
  g_assert_cmpint (standing->table_points_x12, ==, 0);
  g_clear_pointer (&standings, g_array_unref);

  /* A closed session counts its tables without hands; a substitute can be left out. */
  {
    SpTableResult tables[G_N_ELEMENTS (some_tables)];
    const gint64 excluded[] = { 8 };

    memcpy (tables, some_tables, sizeof tables);
    tables[3].closed = TRUE;
    input.excluded = excluded;
    input.n_excluded = 1;
    standings = sp_standings_from_tables (tables, G_N_ELEMENTS (tables), &input);
    g_assert_cmpuint (standings->len, ==, 7);
    g_assert_null (standing_of (standings, 8));
    g_assert_cmpuint (standing_of (standings, 3)->sessions, ==, 2);
    g_assert_cmpint (standing_of (standings, 3)->table_points_x12, ==, 18 + 21);
    g_clear_pointer (&standings, g_array_unref);
    input.excluded = NULL;
    input.n_excluded = 0;
  }

  /* Groups of two tables: session 1 ranks its eight players together (8, 6, 5, …, 0). */
  input.group_tables = 2;
  standings = sp_standings_from_tables (some_tables, 2, &input);
  g_assert_cmpint (standing_of (standings, 1)->table_points_x12, ==, 8 * 12);
  g_assert_cmpint (standing_of (standings, 5)->table_points_x12, ==, 6 * 12);
  g_assert_cmpint (standing_of (standings, 8)->table_points_x12, ==, 0);
  g_assert_cmpint (standing_of (standings, 4)->table_points_x12, ==, 1 * 12);
  g_clear_pointer (&standings, g_array_unref);

  /* Session 2 a final: its eight players are everyone here, so make it a final of table 1
   * only by leaving table 2 out: 1, 5, 2, 6 rank first, among themselves by all sessions. */
  input.group_tables = 1;
  input.final_session = 2;
  input.ranking = SP_RANKING_SCORE;
  standings = sp_standings_from_tables (some_tables, 3, &input);
  for (guint i = 0; i < 4; i++)
    {
      guint32 player = g_array_index (standings, SpStanding, i).player;

      g_assert_true (player == 1 || player == 5 || player == 2 || player == 6);
    }
  g_assert_cmpuint (g_array_index (standings, SpStanding, 0).player, ==, 5);
  g_assert_cmpuint (g_array_index (standings, SpStanding, 4).rank, ==, 5);
  /* Player 7 (score 0) ranks below finalist 2 (score -18). */
  g_assert_cmpint (standing_of (standings, 7)->score, >, standing_of (standings, 2)->score);
  g_assert_cmpuint (standing_of (standings, 7)->rank, >, standing_of (standings, 2)->rank);
}

static void
test_put_first (void)
{
  g_autoptr(GArray) standings = g_array_new (FALSE, TRUE, sizeof (SpStanding));
  const gint64 first[] = { 4, 3 };
  const SpStanding rows[] = {
    { .player = 1, .rank = 1, .table_points_x12 = 48 },
    { .player = 2, .rank = 2, .table_points_x12 = 24 },
    { .player = 3, .rank = 3, .table_points_x12 = 12 },
    { .player = 4, .rank = 3, .table_points_x12 = 12 },
  };

  g_array_append_vals (standings, rows, G_N_ELEMENTS (rows));
  sp_standings_put_first (standings, first, G_N_ELEMENTS (first), SP_RANKING_EMA);
  g_assert_cmpuint (g_array_index (standings, SpStanding, 0).player, ==, 3);
  g_assert_cmpuint (g_array_index (standings, SpStanding, 1).player, ==, 4);
  /* Tied among the first, they share rank 1; the others follow from 3. */
  g_assert_cmpuint (g_array_index (standings, SpStanding, 0).rank, ==, 1);
  g_assert_cmpuint (g_array_index (standings, SpStanding, 1).rank, ==, 1);
  g_assert_cmpuint (g_array_index (standings, SpStanding, 2).player, ==, 1);
  g_assert_cmpuint (g_array_index (standings, SpStanding, 2).rank, ==, 3);
  g_assert_cmpuint (g_array_index (standings, SpStanding, 3).rank, ==, 4);
}

/* Neighbours in the standings, each pair differing first where the case says. */
static void
test_decider (void)
{
  static const struct
  {
    SpRanking  ranking;
    SpStanding above;
    SpStanding below;
    SpTieBreak decider;
  } cases[] = {
    { SP_RANKING_R98, { .table_points_x12 = 48 }, { .table_points_x12 = 24 },
      SP_TIE_BREAK_PRIMARY },
    { SP_RANKING_R98, { .table_points_x12 = 48, .score = 600 },
      { .table_points_x12 = 48, .score = 550 }, SP_TIE_BREAK_SCORE },
    { SP_RANKING_R98, { .table_points_x12 = 60, .score = 600, .best_table_points_x12 = 48 },
      { .table_points_x12 = 60, .score = 600, .best_table_points_x12 = 36 },
      SP_TIE_BREAK_BEST_SESSION },
    { SP_RANKING_R98, { .table_points_x12 = 60, .score = 600, .places = { 2, 0, 1, 0 } },
      { .table_points_x12 = 60, .score = 600, .places = { 1, 2, 0, 0 } },
      SP_TIE_BREAK_FIRSTS },
    { SP_RANKING_R98, { .table_points_x12 = 60, .score = 600, .places = { 1, 2, 0, 1 } },
      { .table_points_x12 = 60, .score = 600, .places = { 1, 1, 2, 0 } },
      SP_TIE_BREAK_SECONDS },
    { SP_RANKING_R98, { .table_points_x12 = 60, .score = 600, .places = { 1, 1, 2, 0 } },
      { .table_points_x12 = 60, .score = 600, .places = { 1, 1, 1, 1 } },
      SP_TIE_BREAK_THIRDS },
    { SP_RANKING_R98, { .table_points_x12 = 60, .score = 600, .places = { 1, 1, 1, 1 } },
      { .table_points_x12 = 60, .score = 600, .places = { 1, 1, 1, 1 } },
      SP_TIE_BREAK_TIED },
    /* EMA stops after the score: the best session does not tell players apart. */
    { SP_RANKING_EMA, { .table_points_x12 = 48, .score = 10 },
      { .table_points_x12 = 48, .score = 5 }, SP_TIE_BREAK_SCORE },
    { SP_RANKING_EMA, { .table_points_x12 = 48, .score = 5, .best_table_points_x12 = 48 },
      { .table_points_x12 = 48, .score = 5, .best_table_points_x12 = 24 },
      SP_TIE_BREAK_TIED },
    /* The score ranking reads the score first, then the table points. */
    { SP_RANKING_SCORE, { .table_points_x12 = 0, .score = 900 },
      { .table_points_x12 = 48, .score = 800 }, SP_TIE_BREAK_PRIMARY },
    { SP_RANKING_SCORE, { .table_points_x12 = 48, .score = 800 },
      { .table_points_x12 = 24, .score = 800 }, SP_TIE_BREAK_TABLE_POINTS },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("case %u", i);
      g_assert_cmpint (sp_standings_decider (&cases[i].above, &cases[i].below,
                                             cases[i].ranking), ==, cases[i].decider);
    }
}

/* The decider agrees with the order sp_standings_compute () gives: two players level on table
 * points and score, one with a better best session. */
static void
test_decider_follows_ranking (void)
{
  /* Player 1: 4 + 0 table points; player 2: 2 + 2; same total score. */
  static const SpSessionResult results[] = {
    { .player = 1, .session = 1, .score = 100, .table_points_x12 = 48, .place = 1 },
    { .player = 1, .session = 2, .score = -100, .table_points_x12 = 0, .place = 4 },
    { .player = 2, .session = 1, .score = 0, .table_points_x12 = 24, .place = 2 },
    { .player = 2, .session = 2, .score = 0, .table_points_x12 = 24, .place = 2 },
  };
  g_autoptr(GArray) standings = sp_standings_compute (results, G_N_ELEMENTS (results),
                                                      SP_RANKING_R98);
  const SpStanding *first = &g_array_index (standings, SpStanding, 0);

  g_assert_cmpuint (first->player, ==, 1);
  g_assert_cmpuint (first[1].rank, ==, 2);
  g_assert_cmpint (sp_standings_decider (first, first + 1, SP_RANKING_R98), ==,
                   SP_TIE_BREAK_BEST_SESSION);
}

/* The per-session results the standings were summed from. */
static void
test_from_tables_with_sessions (void)
{
  const SpTableResult tables[] = {
    { .session = 1, .table = 1, .players = { 1, 2, 3, 4 }, .hand_scores = { 30, 10, -10, -30 },
      .n_hands = 1 },
    { .session = 2, .table = 1, .players = { 1, 2, 3, 4 }, .hand_scores = { -30, 30, 0, 0 },
      .n_hands = 1 },
  };
  SpStandingsInput input = { .ranking = SP_RANKING_R98 };
  g_autoptr(GArray) results = NULL;
  g_autoptr(GArray) standings = sp_standings_from_tables_with_sessions (tables,
                                                                        G_N_ELEMENTS (tables),
                                                                        &input, &results);

  g_assert_cmpuint (standings->len, ==, 4);
  g_assert_cmpuint (results->len, ==, 8);
  for (guint i = 0; i < results->len; i++)
    {
      const SpSessionResult *result = &g_array_index (results, SpSessionResult, i);

      if (result->player == 1 && result->session == 1)
        {
          g_assert_cmpint (result->score, ==, 30);
          g_assert_cmpint (result->table_points_x12, ==, 48);
        }
      if (result->player == 1 && result->session == 2)
        g_assert_cmpint (result->table_points_x12, ==, 0);
      if (result->player == 3 && result->session == 2)
        /* Tied 2nd with player 4: (2 + 1) / 2 table points each. */
        g_assert_cmpint (result->table_points_x12, ==, 18);
    }
}

/* Each session's results as every report reads them: with two tables ranked together (R98
 * 第十条) the group's standard score and place beside the place and 4/2/1/0 at the table, the
 * penalties in the score, a table without a hand left out, and a substitute not ranked listed
 * but marked so (and left out of the standings). */
static void
test_session_results (void)
{
  const SpTableResult tables[] = {
    { .session = 1, .table = 1, .players = { 1, 2, 3, 4 }, .hand_scores = { 40, 10, -20, -30 },
      .penalties = { 0, -5, 0, 0 }, .n_hands = 2 },
    { .session = 1, .table = 2, .players = { 5, 6, 7, 8 }, .hand_scores = { 30, 20, -20, -30 },
      .n_hands = 1 },
    { .session = 1, .table = 3, .players = { 9, 10, 11, 12 }, .n_hands = 0 },
  };
  const gint64 excluded[] = { 8 };
  SpStandingsInput input = { .ranking = SP_RANKING_R98, .group_tables = 2,
                             .excluded = excluded, .n_excluded = 1 };
  g_autoptr(GArray) results = sp_session_results_from_tables (tables, G_N_ELEMENTS (tables),
                                                              &input);
  g_autoptr(GArray) with = NULL;
  g_autoptr(GArray) standings = NULL;
  const SpSessionResult *first, *second, *sixth, *last;

  g_assert_cmpuint (results->len, ==, 8);
  first = &g_array_index (results, SpSessionResult, 0);
  second = &g_array_index (results, SpSessionResult, 1);
  sixth = &g_array_index (results, SpSessionResult, 5);
  last = &g_array_index (results, SpSessionResult, 7);
  /* Player 1: best of the eight, 8 standard points; first at his table, 4 there. */
  g_assert_cmpuint (first->player, ==, 1);
  g_assert_cmpuint (first->table, ==, 1);
  g_assert_cmpuint (first->group_place, ==, 1);
  g_assert_cmpint (first->table_points_x12, ==, 8 * 12);
  g_assert_cmpuint (first->place, ==, 1);
  g_assert_cmpint (first->alone_points_x12, ==, 4 * 12);
  /* Player 2: 10 less his penalty of 5 in the score, 4th of the group (1: 40, 5: 30, 6: 20),
   * second at his table. */
  g_assert_cmpint (second->score, ==, 5);
  g_assert_cmpint (second->penalties, ==, -5);
  g_assert_cmpuint (second->group_place, ==, 4);
  g_assert_cmpint (second->table_points_x12, ==, (8 - 4) * 12);
  g_assert_cmpuint (second->place, ==, 2);
  g_assert_cmpint (second->alone_points_x12, ==, 2 * 12);
  /* Player 6 at table 2: third of the group. */
  g_assert_cmpuint (sixth->player, ==, 6);
  g_assert_cmpuint (sixth->group_place, ==, 3);
  g_assert_true (sixth->ranked);
  /* Player 8, a substitute not ranked: listed, not ranked. */
  g_assert_cmpuint (last->player, ==, 8);
  g_assert_false (last->ranked);

  /* The standings sum the ranked ones; the results given with them are the same. */
  standings = sp_standings_from_tables_with_sessions (tables, G_N_ELEMENTS (tables), &input,
                                                      &with);
  g_assert_cmpuint (with->len, ==, results->len);
  for (guint i = 0; i < with->len; i++)
    {
      const SpSessionResult *a = &g_array_index (with, SpSessionResult, i);
      const SpSessionResult *b = &g_array_index (results, SpSessionResult, i);

      g_assert_cmpuint (a->player, ==, b->player);
      g_assert_cmpint (a->score, ==, b->score);
      g_assert_cmpint (a->table_points_x12, ==, b->table_points_x12);
      g_assert_cmpuint (a->group_place, ==, b->group_place);
      g_assert_cmpint (a->ranked, ==, b->ranked);
    }
  for (guint i = 0; i < standings->len; i++)
    g_assert_cmpuint (g_array_index (standings, SpStanding, i).player, !=, 8);
}

/* The length by the ranking, the time left at a given wall time, and the commands. */
static void
test_clock_default_length (void)
{
  g_assert_cmpint (sp_session_clock_default_length (SP_RANKING_R98), ==, 3 * 3600);
  g_assert_cmpint (sp_session_clock_default_length (SP_RANKING_EMA), ==, 90 * 60);
  g_assert_cmpint (sp_session_clock_default_length (SP_RANKING_SCORE), ==, 3 * 3600);
}

static void
test_clock_run (void)
{
  g_autoptr(GError) error = NULL;
  SpSessionClock clock = { .length = 5400 };
  const gint64 t0 = 1700000000000;

  g_assert_cmpint (sp_session_clock_get_state (&clock), ==, SP_SESSION_CLOCK_IDLE);
  g_assert_cmpint (sp_session_clock_remaining (&clock, t0), ==, 5400000);
  g_assert_false (sp_session_clock_pause (&clock, t0, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (sp_session_clock_start (&clock, t0, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sp_session_clock_get_state (&clock), ==, SP_SESSION_CLOCK_RUNNING);
  g_assert_cmpint (sp_session_clock_remaining (&clock, t0 + 60000), ==, 5340000);
  g_assert_false (sp_session_clock_start (&clock, t0, &error));
  g_clear_error (&error);

  /* Paused after 20 minutes, the time stands still for an hour, then runs again. */
  g_assert_true (sp_session_clock_pause (&clock, t0 + 1200000, &error));
  g_assert_cmpint (sp_session_clock_get_state (&clock), ==, SP_SESSION_CLOCK_PAUSED);
  g_assert_cmpint (sp_session_clock_remaining (&clock, t0 + 4800000), ==, 4200000);
  g_assert_false (sp_session_clock_start (&clock, t0, &error));
  g_clear_error (&error);
  g_assert_true (sp_session_clock_resume (&clock, t0 + 4800000, &error));
  g_assert_cmpint (sp_session_clock_remaining (&clock, t0 + 4860000), ==, 4140000);
  g_assert_false (sp_session_clock_is_warning (&clock, t0 + 4860000));

  /* The last ten minutes warn; past the end the time left stays 0. */
  g_assert_true (sp_session_clock_is_warning (&clock, t0 + 4800000 + 3600000));
  g_assert_cmpint (sp_session_clock_remaining (&clock, t0 + 99999999), ==, 0);
  /* A wall clock set back never runs the time backwards. */
  g_assert_cmpint (sp_session_clock_elapsed (&clock, t0), ==, 1200000);

  g_assert_true (sp_session_clock_end (&clock, t0 + 4800000 + 600000, &error));
  g_assert_cmpint (sp_session_clock_get_state (&clock), ==, SP_SESSION_CLOCK_ENDED);
  g_assert_cmpint (sp_session_clock_elapsed (&clock, t0 + 99999999), ==, 1800000);
  g_assert_false (sp_session_clock_is_warning (&clock, t0 + 99999999));
  g_assert_false (sp_session_clock_end (&clock, t0, &error));
  g_clear_error (&error);
  g_assert_false (sp_session_clock_resume (&clock, t0, &error));
  g_clear_error (&error);
  g_assert_false (sp_session_clock_set_length (&clock, 60, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

static void
test_clock_length_and_format (void)
{
  g_autoptr(GError) error = NULL;
  SpSessionClock clock = { .length = 10800 };
  g_autofree char *full = sp_session_clock_format (10800000);
  g_autofree char *rounded = sp_session_clock_format (59001);
  g_autofree char *zero = sp_session_clock_format (0);

  g_assert_false (sp_session_clock_set_length (&clock, 0, &error));
  g_clear_error (&error);
  g_assert_true (sp_session_clock_set_length (&clock, 7200, &error));
  g_assert_cmpint (sp_session_clock_remaining (&clock, 0), ==, 7200000);
  g_assert_cmpstr (full, ==, "3:00:00");
  g_assert_cmpstr (rounded, ==, "0:01:00");
  g_assert_cmpstr (zero, ==, "0:00:00");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/core/standings/table-points", test_table_points_cases);
  g_test_add_func ("/sparrow/core/standings/table-points-all-ties",
                   test_table_points_all_patterns);
  g_test_add_func ("/sparrow/core/standings/group-points", test_group_points);
  g_test_add_func ("/sparrow/core/standings/session-score", test_session_score);
  g_test_add_func ("/sparrow/core/standings/ranking-strings", test_ranking_strings);
  g_test_add_func ("/sparrow/core/standings/r98", test_ranking_r98);
  g_test_add_func ("/sparrow/core/standings/ema", test_ranking_ema);
  g_test_add_func ("/sparrow/core/standings/score", test_ranking_score);
  g_test_add_func ("/sparrow/core/standings/empty", test_standings_empty);
  g_test_add_func ("/sparrow/core/standings/teams", test_teams);
  g_test_add_func ("/sparrow/core/standings/from-tables", test_from_tables);
  g_test_add_func ("/sparrow/core/standings/put-first", test_put_first);
  g_test_add_func ("/sparrow/core/standings/decider", test_decider);
  g_test_add_func ("/sparrow/core/standings/decider-follows-ranking",
                   test_decider_follows_ranking);
  g_test_add_func ("/sparrow/core/standings/from-tables-with-sessions",
                   test_from_tables_with_sessions);
  g_test_add_func ("/sparrow/core/standings/session-results", test_session_results);
  g_test_add_func ("/sparrow/core/session-clock/default-length", test_clock_default_length);
  g_test_add_func ("/sparrow/core/session-clock/run", test_clock_run);
  g_test_add_func ("/sparrow/core/session-clock/length-and-format",
                   test_clock_length_and_format);

  return g_test_run ();
}
