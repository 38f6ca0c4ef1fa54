/* test-core-rotation.c: the dealer sequence, round winds and seat winds of a table's session.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"

static const char wind_letters[] = "ESWN";

/* The seat winds of the four chairs as a string, "ESWN" at the first hand. */
static void
assert_winds (const SpRotation *rotation,
              const char       *expected)
{
  char winds[5];

  for (guint chair = 0; chair < 4; chair++)
    winds[chair] = wind_letters[rotation->seat_wind[chair]];
  winds[4] = '\0';
  g_assert_cmpstr (winds, ==, expected);
}

static SpWind
wind_of_letter (char letter)
{
  const char *at = strchr (wind_letters, letter);

  g_assert_nonnull (at);
  return (SpWind) (at - wind_letters);
}

/* The MCR sequence, worked out by hand from rules/mcr.md §3: row = start seat, one letter per
 * hand (the player's seat wind), a group per 圈.  Within a 圈 the deal passes counter-clockwise
 * (E → N → W → S for each player); each 圈 opens with the winds of the §3 table. */
static const char *mcr_sequence[4] = {
  "ENWS" "SENW" "NWSE" "WSEN", /* started East */
  "SENW" "ENWS" "WSEN" "NWSE", /* started South */
  "WSEN" "NWSE" "ENWS" "SENW", /* started West */
  "NWSE" "WSEN" "SENW" "ENWS", /* started North */
};

/* rules/mcr.md §3, "seat wind at the first hand of each 圈, by starting seat". */
static const char *mcr_round_openings[4] = {
  "ESNW", /* E */
  "SEWN", /* S */
  "WNES", /* W */
  "NWSE", /* N */
};

/* The rotation of a tournament of @ruleset, with or without 連莊 (dealer_repeats=on). */
static SpRotationKind
rotation_of (SpRuleset ruleset,
             gboolean  dealer_repeats)
{
  SpTournament tournament = { .ruleset = ruleset, .settings.dealer_repeats = dealer_repeats };

  return sp_tournament_rotation (&tournament);
}

static void
test_mcr_sequence (void)
{
  /* No dealer repeat in MCR, even with dealer_repeats=on. */
  SpRotationKind kind = rotation_of (SP_RULESET_MCR, TRUE);
  SpRotation rotation;
  guint dealt[4] = { 0 };

  sp_rotation_start (&rotation, kind);
  for (guint hand = 0; hand < 16; hand++)
    {
      guint round = hand / 4;
      guint east_in_round[4] = { 0 };
      guint seen = 0;

      g_assert_false (rotation.finished);
      g_assert_cmpuint (rotation.number, ==, hand + 1);
      g_assert_cmpuint (rotation.round_wind, ==, round);
      g_assert_cmpuint (rotation.streak, ==, 0);
      for (guint chair = 0; chair < 4; chair++)
        {
          g_assert_cmpuint (rotation.seat_wind[chair], ==,
                            wind_of_letter (mcr_sequence[chair][hand]));
          seen |= 1u << rotation.seat_wind[chair];
          if (hand % 4 == 0)
            g_assert_cmpuint (rotation.seat_wind[chair], ==,
                              wind_of_letter (mcr_round_openings[chair][round]));
        }
      g_assert_cmpuint (seen, ==, 0xf);
      dealt[sp_rotation_dealer_chair (&rotation)]++;
      g_assert_cmpuint (rotation.seat_wind[sp_rotation_dealer_chair (&rotation)], ==,
                        SP_WIND_EAST);

      /* Each player is East exactly once in every 圈. */
      if (hand % 4 == 3)
        {
          SpRotation again;

          sp_rotation_start (&again, kind);
          for (guint h = 0; h < hand - 3; h++)
            sp_rotation_advance (&again, kind, FALSE, FALSE);
          for (guint h = 0; h < 4; h++)
            {
              east_in_round[sp_rotation_dealer_chair (&again)]++;
              sp_rotation_advance (&again, kind, FALSE, FALSE);
            }
          for (guint chair = 0; chair < 4; chair++)
            g_assert_cmpuint (east_in_round[chair], ==, 1);
        }

      /* No dealer repeat in MCR, whatever happened in the hand. */
      sp_rotation_advance (&rotation, kind, hand % 2 == 0, hand % 2 == 1);
    }
  g_assert_true (rotation.finished);
  g_assert_cmpuint (rotation.number, ==, 17);
  for (guint chair = 0; chair < 4; chair++)
    g_assert_cmpuint (dealt[chair], ==, 4);
}

static void
test_mcr_chair_at (void)
{
  SpRotation rotation;
  const guint32 by_chair[4] = { 101, 202, 303, 404 };
  guint32 by_seat[4];

  sp_rotation_start (&rotation, sp_ruleset_rotation (SP_RULESET_MCR));
  for (guint hand = 0; hand < 5; hand++)
    sp_rotation_advance (&rotation, sp_ruleset_rotation (SP_RULESET_MCR), FALSE, FALSE);
  /* Hand 6 is the South 圈's second hand: started E is E, S is N, W is W, N is S. */
  assert_winds (&rotation, "ENWS");
  g_assert_cmpuint (sp_rotation_chair_at (&rotation, SP_WIND_EAST), ==, 0);
  g_assert_cmpuint (sp_rotation_chair_at (&rotation, SP_WIND_SOUTH), ==, 3);
  g_assert_cmpuint (sp_rotation_chair_at (&rotation, SP_WIND_WEST), ==, 2);
  g_assert_cmpuint (sp_rotation_chair_at (&rotation, SP_WIND_NORTH), ==, 1);
  sp_rotation_players_by_seat (&rotation, by_chair, by_seat);
  g_assert_cmpuint (by_seat[SP_WIND_EAST], ==, 101);
  g_assert_cmpuint (by_seat[SP_WIND_SOUTH], ==, 404);
  g_assert_cmpuint (by_seat[SP_WIND_WEST], ==, 303);
  g_assert_cmpuint (by_seat[SP_WIND_NORTH], ==, 202);
}

typedef struct
{
  char        outcome;    /* 'd' dealer won, '=' exhaustive draw, 'p' another player won */
  guint       number;     /* the hand after it */
  SpWind      round_wind;
  guint       streak;
  const char *winds;      /* seat winds of chairs 0–3 */
} SequenceStep;

static void
run_sequence (SpRotationKind      kind,
              const SequenceStep *steps,
              guint               n_steps,
              gboolean            finished_at_end)
{
  SpRotation rotation;

  sp_rotation_start (&rotation, kind);
  assert_winds (&rotation, "ESWN");
  for (guint i = 0; i < n_steps; i++)
    {
      g_assert_false (rotation.finished);
      sp_rotation_advance (&rotation, kind, steps[i].outcome == 'd', steps[i].outcome == '=');
      g_assert_cmpuint (rotation.number, ==, steps[i].number);
      g_assert_cmpuint (rotation.round_wind, ==, steps[i].round_wind);
      g_assert_cmpuint (rotation.streak, ==, steps[i].streak);
      assert_winds (&rotation, steps[i].winds);
    }
  g_assert_cmpint (rotation.finished, ==, finished_at_end);
}

/* A Taiwan 將 with repeats: 連莊 after a dealer win or a draw, 下莊 otherwise, the 圈 moving on
 * when the deal comes back to the first dealer, and the 將 over after the North 圈. */
static const SequenceStep taiwan_steps[] = {
  { 'd', 2, SP_WIND_EAST, 1, "ESWN" },   /* 連一 */
  { '=', 3, SP_WIND_EAST, 2, "ESWN" },   /* 連二 after 流局 */
  { 'd', 4, SP_WIND_EAST, 3, "ESWN" },
  { 'p', 5, SP_WIND_EAST, 0, "NESW" },   /* 下莊: chair 1 deals */
  { 'p', 6, SP_WIND_EAST, 0, "WNES" },
  { '=', 7, SP_WIND_EAST, 1, "WNES" },
  { 'p', 8, SP_WIND_EAST, 0, "SWNE" },
  { 'p', 9, SP_WIND_SOUTH, 0, "ESWN" },  /* back to chair 0: South 圈 */
  { 'p', 10, SP_WIND_SOUTH, 0, "NESW" },
  { 'p', 11, SP_WIND_SOUTH, 0, "WNES" },
  { 'p', 12, SP_WIND_SOUTH, 0, "SWNE" },
  { 'd', 13, SP_WIND_SOUTH, 1, "SWNE" },
  { 'p', 14, SP_WIND_WEST, 0, "ESWN" },
  { 'p', 15, SP_WIND_WEST, 0, "NESW" },
  { 'p', 16, SP_WIND_WEST, 0, "WNES" },
  { 'p', 17, SP_WIND_WEST, 0, "SWNE" },
  { 'p', 18, SP_WIND_NORTH, 0, "ESWN" },
  { 'p', 19, SP_WIND_NORTH, 0, "NESW" },
  { 'p', 20, SP_WIND_NORTH, 0, "WNES" },
  { 'p', 21, SP_WIND_NORTH, 0, "SWNE" },
  { '=', 22, SP_WIND_NORTH, 1, "SWNE" }, /* the last dealer may still repeat */
  { 'd', 23, SP_WIND_NORTH, 2, "SWNE" },
};

static void
test_taiwan_sequence (void)
{
  /* Taiwan repeats the deal whatever dealer_repeats says. */
  SpRotationKind kind = rotation_of (SP_RULESET_TAIWAN, FALSE);
  SpRotation rotation;

  run_sequence (kind, taiwan_steps, G_N_ELEMENTS (taiwan_steps), FALSE);

  /* The pass after the North 圈's last dealer ends the 將, keeping that hand's winds. */
  sp_rotation_start (&rotation, kind);
  for (guint i = 0; i < G_N_ELEMENTS (taiwan_steps); i++)
    sp_rotation_advance (&rotation, kind, taiwan_steps[i].outcome == 'd',
                         taiwan_steps[i].outcome == '=');
  g_assert_false (rotation.finished);
  sp_rotation_advance (&rotation, kind, FALSE, FALSE);
  g_assert_true (rotation.finished);
  g_assert_cmpuint (rotation.number, ==, 24);
  g_assert_cmpuint (rotation.round_wind, ==, SP_WIND_NORTH);
  g_assert_cmpuint (sp_rotation_dealer_chair (&rotation), ==, 3);
}

static void
test_taiwan_shortest (void)
{
  SpRotation rotation;

  /* Sixteen passes are the shortest 將. */
  sp_rotation_start (&rotation, sp_ruleset_rotation (SP_RULESET_TAIWAN));
  for (guint hand = 1; hand <= 16; hand++)
    {
      g_assert_false (rotation.finished);
      g_assert_cmpuint (sp_rotation_dealer_chair (&rotation), ==, (hand - 1) % 4);
      g_assert_cmpuint (rotation.round_wind, ==, (hand - 1) / 4);
      sp_rotation_advance (&rotation, sp_ruleset_rotation (SP_RULESET_TAIWAN), FALSE, FALSE);
    }
  g_assert_true (rotation.finished);
}

/* Guangdong with 連莊 behaves as Taiwan. */
static void
test_guangdong_repeats (void)
{
  run_sequence (rotation_of (SP_RULESET_GUANGDONG, TRUE), taiwan_steps,
                G_N_ELEMENTS (taiwan_steps), FALSE);
}

/* Guangdong without 連莊: sixteen hands, the deal always passing, the round wind moving on
 * every four hands, and nobody changing chairs between 圈 (unlike MCR). */
static const SequenceStep guangdong_steps[] = {
  { 'd', 2, SP_WIND_EAST, 0, "NESW" },
  { '=', 3, SP_WIND_EAST, 0, "WNES" },
  { 'p', 4, SP_WIND_EAST, 0, "SWNE" },
  { 'p', 5, SP_WIND_SOUTH, 0, "ESWN" },
  { 'd', 6, SP_WIND_SOUTH, 0, "NESW" },
  { 'p', 7, SP_WIND_SOUTH, 0, "WNES" },
  { 'p', 8, SP_WIND_SOUTH, 0, "SWNE" },
  { 'p', 9, SP_WIND_WEST, 0, "ESWN" },
  { 'p', 10, SP_WIND_WEST, 0, "NESW" },
  { 'p', 11, SP_WIND_WEST, 0, "WNES" },
  { 'p', 12, SP_WIND_WEST, 0, "SWNE" },
  { 'p', 13, SP_WIND_NORTH, 0, "ESWN" },
  { 'p', 14, SP_WIND_NORTH, 0, "NESW" },
  { 'p', 15, SP_WIND_NORTH, 0, "WNES" },
  { 'p', 16, SP_WIND_NORTH, 0, "SWNE" },
  { 'd', 17, SP_WIND_NORTH, 0, "SWNE" },
};

static void
test_guangdong_passing (void)
{
  run_sequence (rotation_of (SP_RULESET_GUANGDONG, FALSE), guangdong_steps,
                G_N_ELEMENTS (guangdong_steps), TRUE);
}

static void
test_replay (void)
{
  const SpHandOutcome outcomes[] = {
    { 1, 0 }, { 0, 1 }, { 0, 0 }, { 0, 0 }, { 1, 0 },
  };
  SpRotation rotations[G_N_ELEMENTS (outcomes) + 1];
  SpRotation step;
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_rotation_replay (SP_ROTATION_REPEATING, outcomes, G_N_ELEMENTS (outcomes),
                                     rotations, &error));
  g_assert_no_error (error);
  sp_rotation_start (&step, SP_ROTATION_REPEATING);
  for (guint i = 0; i <= G_N_ELEMENTS (outcomes); i++)
    {
      g_assert_cmpuint (rotations[i].number, ==, step.number);
      g_assert_cmpuint (rotations[i].round_wind, ==, step.round_wind);
      g_assert_cmpuint (rotations[i].streak, ==, step.streak);
      g_assert_cmpuint (rotations[i].finished, ==, step.finished);
      for (guint chair = 0; chair < 4; chair++)
        g_assert_cmpuint (rotations[i].seat_wind[chair], ==, step.seat_wind[chair]);
      if (i < G_N_ELEMENTS (outcomes))
        sp_rotation_advance (&step, SP_ROTATION_REPEATING, outcomes[i].dealer_won,
                             outcomes[i].exhaustive_draw);
    }
  /* Hands 1–2 repeat, 3 and 4 pass: hand 5 is dealt by chair 2 with no streak... */
  g_assert_cmpuint (rotations[2].streak, ==, 2);
  g_assert_cmpuint (rotations[4].number, ==, 5);
  g_assert_cmpuint (rotations[4].streak, ==, 0);
  g_assert_cmpuint (sp_rotation_dealer_chair (&rotations[4]), ==, 2);
  /* ... who then wins and keeps the deal. */
  g_assert_cmpuint (rotations[5].number, ==, 6);
  g_assert_cmpuint (rotations[5].streak, ==, 1);
  g_assert_cmpuint (sp_rotation_dealer_chair (&rotations[5]), ==, 2);
}

static void
test_replay_errors (void)
{
  SpHandOutcome outcomes[17] = { { 0 } };
  SpRotation rotations[18];
  g_autoptr(GError) error = NULL;

  /* MCR has sixteen hands: a seventeenth is refused, naming it. */
  g_assert_true (sp_rotation_replay (SP_ROTATION_FIXED_CHANGING_CHAIRS, outcomes, 16, rotations,
                                     &error));
  g_assert_no_error (error);
  g_assert_true (rotations[16].finished);
  g_assert_false (sp_rotation_replay (SP_ROTATION_FIXED_CHANGING_CHAIRS, outcomes, 17, rotations,
                                      &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "hand 17"));
  g_clear_error (&error);

  outcomes[3].dealer_won = TRUE;
  outcomes[3].exhaustive_draw = TRUE;
  g_assert_false (sp_rotation_replay (SP_ROTATION_REPEATING, outcomes, 5, rotations, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "hand 4"));
  g_clear_error (&error);

  /* A kind of rotation that is none of SpRotationKind is refused, not replayed. */
  g_assert_false (sp_rotation_replay ((SpRotationKind) SP_N_ROTATION_KINDS, outcomes, 1,
                                      rotations, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "rotation"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/core/rotation/mcr-sequence", test_mcr_sequence);
  g_test_add_func ("/sparrow/core/rotation/mcr-chair-at", test_mcr_chair_at);
  g_test_add_func ("/sparrow/core/rotation/taiwan-sequence", test_taiwan_sequence);
  g_test_add_func ("/sparrow/core/rotation/taiwan-shortest", test_taiwan_shortest);
  g_test_add_func ("/sparrow/core/rotation/guangdong-repeats", test_guangdong_repeats);
  g_test_add_func ("/sparrow/core/rotation/guangdong-passing", test_guangdong_passing);
  g_test_add_func ("/sparrow/core/rotation/replay", test_replay);
  g_test_add_func ("/sparrow/core/rotation/replay-errors", test_replay_errors);

  return g_test_run ();
}
