/* test-core-seating.c: balanced, random and Swiss seating plans and their measures.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"

/* Every round seats every player exactly once. */
static void
assert_plan_valid (const SpSeatingPlan *plan)
{
  g_autofree guint8 *seen = g_new (guint8, plan->n_players);

  for (guint r = 0; r < plan->n_rounds; r++)
    {
      memset (seen, 0, plan->n_players);
      for (guint t = 0; t < plan->n_players / 4; t++)
        for (guint s = 0; s < 4; s++)
          {
            guint p = sp_seating_plan_get (plan, r, t, s);

            g_assert_cmpuint (p, <, plan->n_players);
            g_assert_cmpuint (seen[p], ==, 0);
            seen[p] = 1;
          }
    }
}

static void
assert_winds_balanced (const SpSeatingQuality *quality,
                       guint                   n_rounds)
{
  g_assert_cmpuint (quality->wind_spread, <=, n_rounds % 4 == 0 ? 0 : 1);
}

static SpSeatingPlan *
balanced_checked (guint        n_players,
                  guint        n_rounds,
                  guint64      seed,
                  const guint *teams,
                  SpSeatingQuality *quality)
{
  g_autoptr(GError) error = NULL;
  SpSeatingPlan *plan = sp_seating_plan_balanced (n_players, n_rounds, seed, teams, &error);

  g_assert_no_error (error);
  g_assert_nonnull (plan);
  g_assert_cmpuint (plan->n_players, ==, n_players);
  g_assert_cmpuint (plan->n_rounds, ==, n_rounds);
  assert_plan_valid (plan);
  sp_seating_plan_measure (plan, teams, quality);
  assert_winds_balanced (quality, n_rounds);
  g_assert_cmpuint (quality->team_clashes, ==, 0);
  return plan;
}

/* The measures of a plan built by hand: two identical rounds of 8 players. */
static void
test_measure (void)
{
  g_autoptr(SpSeatingPlan) plan = sp_seating_plan_new (8, 2);
  guint teams[8] = { 1, 1, 0, 0, 2, 0, 2, 2 };
  SpSeatingQuality quality;

  for (guint r = 0; r < 2; r++)
    for (guint p = 0; p < 8; p++)
      plan->seats[r * 8 + p] = p;
  g_assert_cmpuint (sp_seating_plan_get (plan, 1, 1, 2), ==, 6);
  sp_seating_plan_measure (plan, teams, &quality);
  g_assert_cmpuint (quality.repeats, ==, 12);
  g_assert_cmpuint (quality.lower_bound, ==, 0);
  g_assert_cmpuint (quality.wind_spread, ==, 2);
  g_assert_cmpuint (quality.table_repeats, ==, 8);
  /* Players 1–2 at table 1, 5–7–8 at table 2, in both rounds. */
  g_assert_cmpuint (quality.team_clashes, ==, 2 * (1 + 3));

  /* Swapping two players' seats in the second round balances their winds. */
  plan->seats[8] = 1;
  plan->seats[9] = 0;
  sp_seating_plan_measure (plan, NULL, &quality);
  g_assert_cmpuint (quality.wind_spread, ==, 2);
  g_assert_cmpuint (quality.team_clashes, ==, 0);

  /* 16 players, 8 rounds: each meets 24 > 15 others, so at least 16·9/2 repeats. */
  {
    g_autoptr(SpSeatingPlan) longer = sp_seating_plan_new (16, 8);

    sp_seating_plan_measure (longer, NULL, &quality);
    g_assert_cmpuint (quality.lower_bound, ==, 72);
  }
}

/* Zero repeats wherever a design is claimed, at its full length and shorter. */
static void
test_designs (void)
{
  static const guint sizes[][2] = {
    { 16, 5 }, { 20, 5 }, { 24, 7 }, { 28, 9 }, { 32, 10 }, { 36, 11 }, { 40, 13 }, { 48, 15 }, { 60, 19 }, { 64, 21 },
    { 112, 37 }, { 184, 61 }, { 220, 73 }, { 256, 85 }, { 28, 4 }, { 40, 6 }, { 1024, 10 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      SpSeatingQuality quality;
      g_autoptr(SpSeatingPlan) plan = balanced_checked (sizes[i][0], sizes[i][1], 7, NULL,
                                                        &quality);

      g_test_message ("%u x %u: %u repeats", sizes[i][0], sizes[i][1], quality.repeats);
      g_assert_cmpuint (quality.repeats, ==, 0);
      g_assert_cmpuint (quality.lower_bound, ==, 0);
    }
}

/* The counting bound of rules/seating.md, worked out here apart from the planner's: a player
 * meets 3R people, at most N − 1 of them for the first time, so at least
 * ⌈N · max(0, 3R − (N − 1)) / 2⌉ meetings repeat one. */
static guint
counting_bound (guint n_players,
                guint n_rounds)
{
  guint meetings = 3 * n_rounds, others = n_players - 1;

  if (meetings <= others)
    return 0;
  return (n_players * (meetings - others) + 1) / 2;
}

/* The sizes that have designs of their own since the literature's (44 players meet all but one
 * other in 14 rounds, 52 everyone exactly once in 17, 56 all but one in 18): each at the
 * counting bound, and one round past them, where the extra round meets the pairs the design
 * left apart, too. */
/* How many of a case table's sizes to run: all of them, or with SP_TEST_SMALL set (the valgrind
 * setup: memcheck is 20 to 50 times slower) the first @small, the larger ones being run by the
 * plain and sanitized builds. */
static guint
sizes_to_run (guint n_sizes,
              guint small)
{
  return g_getenv ("SP_TEST_SMALL") != NULL ? MIN (small, n_sizes) : n_sizes;
}

static void
test_designs_at_bound (void)
{
  static const guint sizes[][2] = {
    { 52, 13 }, { 44, 14 }, { 52, 17 }, { 56, 18 }, { 44, 15 }, { 52, 18 }, { 56, 19 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      SpSeatingQuality quality;
      g_autoptr(SpSeatingPlan) plan = balanced_checked (sizes[i][0], sizes[i][1], 17, NULL,
                                                        &quality);
      g_autoptr(SpSeatingPlan) again = balanced_checked (sizes[i][0], sizes[i][1], 17, NULL,
                                                         &quality);
      guint bound = counting_bound (sizes[i][0], sizes[i][1]);
      gsize size = (gsize) sizes[i][0] * sizes[i][1] * sizeof (guint16);

      g_test_message ("%u x %u: %u repeats, bound %u", sizes[i][0], sizes[i][1],
                      quality.repeats, bound);
      g_assert_cmpuint (quality.lower_bound, ==, bound);
      g_assert_cmpuint (quality.repeats, ==, bound);
      /* The same seed, the same plan. */
      g_assert_cmpmem (plan->seats, size, again->seats, size);
    }
  /* Past the zero-repeat rounds the bound is not zero: the test above is not vacuous. */
  g_assert_cmpuint (counting_bound (44, 15), >, 0);

  /* 36 players over 12 rounds: 11 rounds without repeats leave everyone two others to meet, so
   * a 12th round's table holds at most three new pairs of its six: three repeats a table, nine
   * tables.  The plan gets there; the counting bound is lower. */
  {
    SpSeatingQuality quality;
    g_autoptr(SpSeatingPlan) plan = balanced_checked (36, 12, 17, NULL, &quality);

    g_test_message ("36 x 12: %u repeats, bound %u", quality.repeats, counting_bound (36, 12));
    g_assert_cmpuint (quality.lower_bound, ==, counting_bound (36, 12));
    g_assert_cmpuint (quality.repeats, >=, quality.lower_bound);
    g_assert_cmpuint (quality.repeats, <=, 3 * 36 / 4);
  }
}

/* R98 appendix 7's chart seats 16 players so that every pair meets exactly once in 5 rounds;
 * so does the balanced plan: 16 · 15 / 2 = 120 pairs, 5 · 4 · 6 = 120 meetings. */
static void
test_every_pair_once (void)
{
  SpSeatingQuality quality;
  g_autoptr(SpSeatingPlan) plan = balanced_checked (16, 5, 98, NULL, &quality);
  guint8 met[16][16] = { { 0 } };

  for (guint r = 0; r < 5; r++)
    for (guint t = 0; t < 4; t++)
      for (guint a = 0; a < 4; a++)
        for (guint b = 0; b < 4; b++)
          if (a != b)
            met[sp_seating_plan_get (plan, r, t, a)][sp_seating_plan_get (plan, r, t, b)]++;
  for (guint p = 0; p < 16; p++)
    for (guint q = 0; q < 16; q++)
      g_assert_cmpuint (met[p][q], ==, p == q ? 0 : 1);
}

/* Sizes without a design, within the bound: the search reaches zero. */
static void
test_search_zero (void)
{
  static const guint sizes[][2] = { { 52, 10 }, { 100, 10 }, { 252, 10 }, { 44, 8 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      SpSeatingQuality quality;
      g_autoptr(SpSeatingPlan) plan = balanced_checked (sizes[i][0], sizes[i][1], 3, NULL,
                                                        &quality);

      g_assert_cmpuint (quality.repeats, ==, 0);
    }
}

/* Beyond ⌊(N − 1)/3⌋ rounds: at or near the counting bound ⌈N(3R − N + 1)/2⌉ (the targets
 * of rules/seating.md, with a slack of one repeat for the ones the search has to find). */
static void
test_beyond_bound (void)
{
  static const guint cases[][4] = {
    /* N, R, bound, allowed */
    { 16, 8, 72, 72 },
    { 28, 10, 42, 42 },
    { 20, 7, 20, 21 },
    { 24, 9, 48, 49 },
    { 24, 10, 84, 85 },
    { 32, 11, 32, 33 },
    { 8, 3, 8, 8 },
    { 16, 12, 168, 168 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpSeatingQuality quality;
      g_autoptr(SpSeatingPlan) plan = balanced_checked (cases[i][0], cases[i][1], 11, NULL,
                                                        &quality);

      g_test_message ("%u x %u: %u repeats, bound %u", cases[i][0], cases[i][1],
                      quality.repeats, quality.lower_bound);
      g_assert_cmpuint (quality.lower_bound, ==, cases[i][2]);
      g_assert_cmpuint (quality.repeats, >=, quality.lower_bound);
      g_assert_cmpuint (quality.repeats, <=, cases[i][3]);
    }
}

/* Every player gets every wind exactly R/4 times when 4 divides R. */
static void
test_winds_exact (void)
{
  static const guint sizes[][2] = { { 8, 4 }, { 16, 4 }, { 24, 8 }, { 100, 12 } };

  for (guint i = 0; i < sizes_to_run (G_N_ELEMENTS (sizes), 2); i++)
    {
      SpSeatingQuality quality;
      g_autoptr(SpSeatingPlan) plan = balanced_checked (sizes[i][0], sizes[i][1], 5, NULL,
                                                        &quality);
      g_autofree guint *winds = g_new0 (guint, 4 * sizes[i][0]);

      for (guint r = 0; r < plan->n_rounds; r++)
        for (guint t = 0; t < plan->n_players / 4; t++)
          for (guint s = 0; s < 4; s++)
            winds[4 * sp_seating_plan_get (plan, r, t, s) + s]++;
      for (guint k = 0; k < 4 * sizes[i][0]; k++)
        g_assert_cmpuint (winds[k], ==, sizes[i][1] / 4);
    }
}

typedef struct
{
  const SpSeatingPlan *plan;
  guint8               at[16][4];
  guint                best;
} TableSearch;

/* Numbers the tables of round r and on in every way, keeping the fewest sittings at a table
 * again; round 0's numbering is fixed, as renumbering all rounds alike changes nothing. */
static void
table_search (TableSearch *ts,
              guint        r,
              guint        cost)
{
  static const guint8 perms[24][4] = {
    { 0, 1, 2, 3 }, { 0, 1, 3, 2 }, { 0, 2, 1, 3 }, { 0, 2, 3, 1 }, { 0, 3, 1, 2 }, { 0, 3, 2, 1 },
    { 1, 0, 2, 3 }, { 1, 0, 3, 2 }, { 1, 2, 0, 3 }, { 1, 2, 3, 0 }, { 1, 3, 0, 2 }, { 1, 3, 2, 0 },
    { 2, 0, 1, 3 }, { 2, 0, 3, 1 }, { 2, 1, 0, 3 }, { 2, 1, 3, 0 }, { 2, 3, 0, 1 }, { 2, 3, 1, 0 },
    { 3, 0, 1, 2 }, { 3, 0, 2, 1 }, { 3, 1, 0, 2 }, { 3, 1, 2, 0 }, { 3, 2, 0, 1 }, { 3, 2, 1, 0 },
  };

  if (cost >= ts->best)
    return;
  if (r == ts->plan->n_rounds)
    {
      ts->best = cost;
      return;
    }
  for (guint k = 0; k < (r == 0 ? 1 : 24); k++)
    {
      guint added = 0;

      for (guint t = 0; t < 4; t++)
        for (guint s = 0; s < 4; s++)
          added += ts->at[sp_seating_plan_get (ts->plan, r, t, s)][perms[k][t]]++ > 0;
      table_search (ts, r + 1, cost + added);
      for (guint t = 0; t < 4; t++)
        for (guint s = 0; s < 4; s++)
          ts->at[sp_seating_plan_get (ts->plan, r, t, s)][perms[k][t]]--;
    }
}

/* The fewest sittings at a table again over every numbering of a 16-player plan's tables. */
static guint
least_table_repeats (const SpSeatingPlan *plan)
{
  TableSearch ts = { plan, { { 0 } }, G_MAXUINT };

  g_assert_cmpuint (plan->n_players, ==, 16);
  table_search (&ts, 0, 0);
  return ts.best;
}

/* Players seldom sit at the same physical table twice: never with 64 tables over 10 rounds;
 * with 16 tables well under the 150 or so of numbering the tables by lot. */
static void
test_tables_spread (void)
{
  SpSeatingQuality quality;
  g_autoptr(SpSeatingPlan) large = balanced_checked (256, 10, 9, NULL, &quality);
  g_autoptr(SpSeatingPlan) small = NULL;

  g_assert_cmpuint (quality.table_repeats, ==, 0);
  small = balanced_checked (64, 10, 9, NULL, &quality);
  g_assert_cmpuint (quality.table_repeats, <=, 48);
  /* 16 players over 4 and 5 rounds at 4 tables: the tables of players are the affine plane's
   * lines, the only way to seat them without a repeat, and their numbering is as good as any:
   * no numbering of those tables does better (the floor of one table again per player and
   * round past the fourth, 16 at 5 rounds, is out of reach: the plane allows no fewer than
   * the exhaustive count finds). */
  for (guint n_rounds = 4; n_rounds <= 5; n_rounds++)
    {
      guint least;

      g_clear_pointer (&small, sp_seating_plan_free);
      small = balanced_checked (16, n_rounds, 9, NULL, &quality);
      g_assert_cmpuint (quality.repeats, ==, 0);
      least = least_table_repeats (small);
      g_test_message ("16 x %u: %u table repeats, least %u", n_rounds, quality.table_repeats,
                      least);
      g_assert_cmpuint (least, >=, 16 * (n_rounds - 4));
      g_assert_cmpuint (quality.table_repeats, ==, least);
    }
}

static guint *
make_teams (guint n_players,
            guint team_size)
{
  guint *teams = g_new0 (guint, n_players);

  /* Teams of @team_size, spread over the numbers so they are not already apart. */
  for (guint p = 0; p < n_players / team_size * team_size; p++)
    teams[p] = 1 + p / team_size;
  return teams;
}

static void
test_teams (void)
{
  static const guint cases[][3] = {
    /* N, R, team size */
    { 16, 5, 4 }, { 24, 9, 3 }, { 32, 10, 4 }, { 40, 7, 10 }, { 64, 6, 16 },
  };

  for (guint i = 0; i < sizes_to_run (G_N_ELEMENTS (cases), 2); i++)
    {
      g_autofree guint *teams = make_teams (cases[i][0], cases[i][2]);
      SpSeatingQuality quality;
      g_autoptr(SpSeatingPlan) balanced = balanced_checked (cases[i][0], cases[i][1], 13, teams,
                                                            &quality);
      g_autoptr(SpSeatingPlan) random = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("%u x %u, teams of %u: %u repeats", cases[i][0], cases[i][1],
                      cases[i][2], quality.repeats);
      random = sp_seating_plan_random (cases[i][0], cases[i][1], 13, teams, &error);
      g_assert_no_error (error);
      assert_plan_valid (random);
      sp_seating_plan_measure (random, teams, &quality);
      g_assert_cmpuint (quality.team_clashes, ==, 0);
      assert_winds_balanced (&quality, cases[i][1]);
    }

  /* Teams of 4 with 16 players still allow the whole affine plane: 0 repeats. */
  {
    g_autofree guint *teams = make_teams (16, 4);
    SpSeatingQuality quality;
    g_autoptr(SpSeatingPlan) plan = balanced_checked (16, 4, 1, teams, &quality);

    g_assert_cmpuint (quality.repeats, ==, 0);
  }
}

static void
test_teams_impossible (void)
{
  g_autofree guint *teams = make_teams (16, 5);
  g_autoptr(GError) error = NULL;
  SpSeatingPlan *plan;

  plan = sp_seating_plan_balanced (16, 3, 1, teams, &error);
  g_assert_null (plan);
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "team 1"));
  g_clear_error (&error);

  plan = sp_seating_plan_random (16, 3, 1, teams, &error);
  g_assert_null (plan);
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

static void
test_invalid_sizes (void)
{
  static const guint sizes[][2] = { { 10, 3 }, { 4, 3 }, { 0, 3 }, { 1028, 3 }, { 16, 0 },
                                    { 2048, 1 }, { 18, 2 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      guint16 round[16];
      guint ranking[16];

      g_assert_null (sp_seating_plan_balanced (sizes[i][0], sizes[i][1], 1, NULL, &error));
      g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
      g_clear_error (&error);
      g_assert_null (sp_seating_plan_random (sizes[i][0], sizes[i][1], 1, NULL, &error));
      g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
      g_clear_error (&error);
      if (sizes[i][0] <= 16 && sizes[i][1] > 0)
        {
          for (guint p = 0; p < 16; p++)
            ranking[p] = p;
          g_assert_false (sp_seating_round_swiss (sizes[i][0], ranking, NULL, NULL,
                                                  SP_SWISS_HIGH_HIGH, round, &error));
          g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
        }
    }
}

typedef SpSeatingPlan *(*PlanFunc) (guint, guint, guint64, const guint *, GError **);

static void
test_seeds (void)
{
  PlanFunc funcs[] = { sp_seating_plan_balanced, sp_seating_plan_random };

  for (guint f = 0; f < G_N_ELEMENTS (funcs); f++)
    {
      g_autoptr(SpSeatingPlan) a = funcs[f] (40, 8, 2026, NULL, NULL);
      g_autoptr(SpSeatingPlan) b = funcs[f] (40, 8, 2026, NULL, NULL);
      g_autoptr(SpSeatingPlan) c = funcs[f] (40, 8, 2027, NULL, NULL);
      g_autoptr(SpSeatingPlan) d = funcs[f] (40, 8, (G_GUINT64_CONSTANT (1) << 40) + 2026, NULL,
                                             NULL);
      gsize size = 40 * 8 * sizeof (guint16);

      g_assert_cmpmem (a->seats, size, b->seats, size);
      g_assert_true (memcmp (a->seats, c->seats, size) != 0);
      g_assert_true (memcmp (a->seats, d->seats, size) != 0);
    }
}

static void
test_random (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpSeatingPlan) plan = sp_seating_plan_random (48, 9, 4, NULL, &error);
  SpSeatingQuality quality;

  g_assert_no_error (error);
  assert_plan_valid (plan);
  sp_seating_plan_measure (plan, NULL, &quality);
  assert_winds_balanced (&quality, 9);
  /* A draw by lots does not look for zero repeats: with 48 players over 9 rounds some pair
   * meets twice. */
  g_assert_cmpuint (quality.repeats, >, 0);
}

static guint
round_meetings (const guint16 *round,
                guint          n_players,
                const guint8  *meetings)
{
  guint total = 0;

  for (guint t = 0; t < n_players; t += 4)
    for (guint a = 0; a < 4; a++)
      for (guint b = a + 1; b < 4; b++)
        total += meetings[round[t + a] * n_players + round[t + b]];
  return total;
}

static void
test_swiss_high_high (void)
{
  guint ranking[16];
  guint8 meetings[16 * 16] = { 0 };
  guint16 round[16];
  g_autoptr(GError) error = NULL;

  /* A ranking that is not the player order: the leader is player 11. */
  for (guint i = 0; i < 16; i++)
    ranking[i] = (i + 11) % 16;
  g_assert_true (sp_seating_round_swiss (16, ranking, NULL, NULL, SP_SWISS_HIGH_HIGH, round,
                                         &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 16; i++)
    g_assert_cmpuint (round[i], ==, ranking[i]);

  /* The leaders 1 and 2 have met, and 1 and 3: table 1 takes the best-ranked who has met
   * nobody at it, so 1, 4, then 5 and 6; 2 and 3 move down to table 2. */
  meetings[ranking[0] * 16 + ranking[1]] = meetings[ranking[1] * 16 + ranking[0]] = 1;
  meetings[ranking[0] * 16 + ranking[2]] = meetings[ranking[2] * 16 + ranking[0]] = 1;
  g_assert_true (sp_seating_round_swiss (16, ranking, meetings, NULL, SP_SWISS_HIGH_HIGH, round,
                                         &error));
  g_assert_cmpuint (round[0], ==, ranking[0]);
  g_assert_cmpuint (round_meetings (round, 16, meetings), ==, 0);
  for (guint s = 1; s < 4; s++)
    {
      g_assert_cmpuint (round[s], !=, ranking[1]);
      g_assert_cmpuint (round[s], !=, ranking[2]);
    }
  g_assert_cmpuint (round[1], ==, ranking[3]);
  g_assert_cmpuint (round[4], ==, ranking[1]);

  /* Teammates: ranks 1 and 2 are never at one table. */
  {
    guint teams[16] = { 0 };

    teams[ranking[0]] = teams[ranking[1]] = 5;
    g_assert_true (sp_seating_round_swiss (16, ranking, NULL, teams, SP_SWISS_HIGH_HIGH, round,
                                           &error));
    for (guint s = 1; s < 4; s++)
      g_assert_cmpuint (round[s], !=, ranking[1]);
  }
}

/* Repeats are avoided when possible: after three rounds of a 32-player plan without repeats,
 * both methods find a round without a repeat from a ranking that mixes everyone up. */
static void
test_swiss_avoids_repeats (void)
{
  SpSeatingQuality quality;
  g_autoptr(SpSeatingPlan) plan = balanced_checked (32, 3, 21, NULL, &quality);
  g_autofree guint8 *meetings = g_new0 (guint8, 32 * 32);
  guint ranking[32];
  guint16 round[32];
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < plan->n_rounds; r++)
    for (guint t = 0; t < 8; t++)
      for (guint a = 0; a < 4; a++)
        for (guint b = 0; b < 4; b++)
          if (a != b)
            {
              guint p = sp_seating_plan_get (plan, r, t, a);
              guint q = sp_seating_plan_get (plan, r, t, b);

              meetings[p * 32 + q]++;
            }
  for (guint i = 0; i < 32; i++)
    ranking[i] = (7 * i + 3) % 32;
  for (guint method = SP_SWISS_HIGH_HIGH; method <= SP_SWISS_SNAKE; method++)
    {
      guint8 seen[32] = { 0 };

      g_assert_true (sp_seating_round_swiss (32, ranking, meetings, NULL, method, round, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < 32; i++)
        seen[round[i]]++;
      for (guint i = 0; i < 32; i++)
        g_assert_cmpuint (seen[i], ==, 1);
      g_assert_cmpuint (round_meetings (round, 32, meetings), ==, 0);
    }
}

static void
test_swiss_snake (void)
{
  guint ranking[16];
  guint16 round[16];
  g_autoptr(GError) error = NULL;
  /* Ranks (1-based) by table, seats E S W N. */
  static const guint expected[4][4] = {
    { 1, 8, 9, 16 }, { 2, 7, 10, 15 }, { 3, 6, 11, 14 }, { 4, 5, 12, 13 },
  };

  for (guint i = 0; i < 16; i++)
    ranking[i] = 15 - i;
  g_assert_true (sp_seating_round_swiss (16, ranking, NULL, NULL, SP_SWISS_SNAKE, round, &error));
  g_assert_no_error (error);
  for (guint t = 0; t < 4; t++)
    for (guint s = 0; s < 4; s++)
      g_assert_cmpuint (round[4 * t + s], ==, ranking[expected[t][s] - 1]);
}

static void
test_swiss_bad_ranking (void)
{
  guint ranking[8] = { 0, 1, 2, 3, 4, 5, 6, 6 };
  guint16 round[8];
  g_autoptr(GError) error = NULL;

  g_assert_false (sp_seating_round_swiss (8, ranking, NULL, NULL, SP_SWISS_SNAKE, round, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "place 8"));
  g_clear_error (&error);
  ranking[7] = 9;
  g_assert_false (sp_seating_round_swiss (8, ranking, NULL, NULL, SP_SWISS_SNAKE, round, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/core/seating/measure", test_measure);
  g_test_add_func ("/sparrow/core/seating/designs", test_designs);
  g_test_add_func ("/sparrow/core/seating/designs-at-bound", test_designs_at_bound);
  g_test_add_func ("/sparrow/core/seating/every-pair-once", test_every_pair_once);
  g_test_add_func ("/sparrow/core/seating/search-zero", test_search_zero);
  g_test_add_func ("/sparrow/core/seating/beyond-bound", test_beyond_bound);
  g_test_add_func ("/sparrow/core/seating/winds-exact", test_winds_exact);
  g_test_add_func ("/sparrow/core/seating/tables-spread", test_tables_spread);
  g_test_add_func ("/sparrow/core/seating/teams", test_teams);
  g_test_add_func ("/sparrow/core/seating/teams-impossible", test_teams_impossible);
  g_test_add_func ("/sparrow/core/seating/invalid-sizes", test_invalid_sizes);
  g_test_add_func ("/sparrow/core/seating/seeds", test_seeds);
  g_test_add_func ("/sparrow/core/seating/random", test_random);
  g_test_add_func ("/sparrow/core/seating/swiss-high-high", test_swiss_high_high);
  g_test_add_func ("/sparrow/core/seating/swiss-avoids-repeats", test_swiss_avoids_repeats);
  g_test_add_func ("/sparrow/core/seating/swiss-snake", test_swiss_snake);
  g_test_add_func ("/sparrow/core/seating/swiss-bad-ranking", test_swiss_bad_ranking);

  return g_test_run ();
}
