/* sp-rotation.c: the sequence of hands at one table — dealer, 連莊, round wind, seat winds.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-rotation.h"

#include <glib/gi18n-lib.h>

#include "sp-core-error.h"
#include "sp-rules-private.h"

/* sp_rotation_replay () refuses a kind past the last. */
G_STATIC_ASSERT (SP_ROTATION_HANCHAN + 1 == SP_N_ROTATION_KINDS);

/* MCR hands per 圈 and 圈 per 局 (rules/mcr.md §2): each player deals once per 圈. */
#define HANDS_PER_ROUND 4
#define ROUNDS_PER_SESSION 4

/* Chair changes between MCR 圈 (rules/mcr.md §3).  The labels are the seat winds at the first
 * hand of the 圈 that is ending; chair_moves[t][w] is the seat wind, at the first hand of the
 * next 圈, of the player who held w at the first hand of 圈 t:
 *   after East 圈:  E↔S, W↔N
 *   after South 圈: E→W, S→N, W→S, N→E
 *   after West 圈:  E↔S, W↔N */
static const guint8 chair_moves[ROUNDS_PER_SESSION - 1][4] = {
  { SP_WIND_SOUTH, SP_WIND_EAST, SP_WIND_NORTH, SP_WIND_WEST },
  { SP_WIND_WEST, SP_WIND_NORTH, SP_WIND_SOUTH, SP_WIND_EAST },
  { SP_WIND_SOUTH, SP_WIND_EAST, SP_WIND_NORTH, SP_WIND_WEST },
};

SpRotationKind
sp_ruleset_rotation (SpRuleset ruleset)
{
  g_return_val_if_fail ((guint) ruleset < SP_N_RULESETS, SP_ROTATION_FIXED);

  return sp_ruleset_class (ruleset)->rotation;
}

void
sp_rotation_start (SpRotation     *rotation,
                   SpRotationKind  kind)
{
  g_return_if_fail (rotation != NULL);
  g_return_if_fail ((guint) kind < SP_N_ROTATION_KINDS);

  rotation->number = 1;
  rotation->round_wind = SP_WIND_EAST;
  rotation->streak = 0;
  rotation->finished = FALSE;
  /* Chairs are named by the seat held at the first hand, so chair c starts at seat wind c
   * whatever the kind: the player in the East seat deals first (定位). */
  for (guint chair = 0; chair < 4; chair++)
    rotation->seat_wind[chair] = (guint8) chair;
}

/* The deal passes counter-clockwise (下莊): South becomes East, West South, North West and
 * East North. */
static void
pass_deal (SpRotation *rotation)
{
  for (guint chair = 0; chair < 4; chair++)
    rotation->seat_wind[chair] = (guint8) ((rotation->seat_wind[chair] + 3) % 4);
}

/* MCR, and Guangdong without 連莊: four hands per 圈 with no repeat, sixteen in all.  Only MCR
 * moves the players between 圈 (@change_chairs); Guangdong's rules (rules/guangdong.md) name no
 * chair change, so there the deal simply keeps going round and the chair that dealt first
 * opens every 圈. */
static void
advance_fixed (SpRotation *rotation,
               gboolean    change_chairs)
{
  guint hand_in_round = (rotation->number - 1u) % HANDS_PER_ROUND;

  if (rotation->number >= HANDS_PER_ROUND * ROUNDS_PER_SESSION)
    {
      rotation->number++;
      rotation->finished = TRUE;
      return;
    }

  if (hand_in_round + 1 < HANDS_PER_ROUND)
    {
      pass_deal (rotation);
    }
  else if (change_chairs)
    {
      /* The 圈 ends after its fourth hand: the winds are back one step short of where the 圈
       * began, so the 圈's opening winds are one further pass; the chair change then gives the
       * next 圈's opening winds. */
      for (guint chair = 0; chair < 4; chair++)
        {
          guint opening = (rotation->seat_wind[chair] + 3u) % 4;

          rotation->seat_wind[chair] = chair_moves[rotation->round_wind][opening];
        }
      rotation->round_wind++;
    }
  else
    {
      pass_deal (rotation);
      rotation->round_wind++;
    }
  rotation->number++;
}

/* Taiwan, and Guangdong with 連莊: the dealer keeps the deal after a win or an exhaustive draw
 * (連莊, the streak counts the repeats), else it passes (下莊) and the streak is 0.  A 圈 ends
 * when the deal comes back to the chair that dealt its first hand (chair 0: nobody changes
 * chairs within a 將), and the 將 ends with the North 圈. */
static void
advance_repeating (SpRotation *rotation,
                   gboolean    dealer_won,
                   gboolean    exhaustive_draw)
{
  if (rotation->number < G_MAXUINT16)
    rotation->number++;

  if (dealer_won || exhaustive_draw)
    {
      if (rotation->streak < G_MAXUINT8)
        rotation->streak++;
      return;
    }

  /* Passing from the last chair of the North 圈 ends the 將; the state keeps that hand's
   * values and only finished says that the sequence is over. */
  if (rotation->round_wind == SP_WIND_NORTH
      && sp_rotation_chair_at (rotation, SP_WIND_SOUTH) == 0)
    {
      rotation->finished = TRUE;
      return;
    }
  rotation->streak = 0;
  pass_deal (rotation);
  if (sp_rotation_dealer_chair (rotation) == 0)
    rotation->round_wind++;
}

/* A hanchan (Riichi, rules/riichi.md §8, §9): seats stay, the deal passes to the right.  The
 * dealer stays after his win and when tenpai at an exhaustive draw; the counters (streak) go
 * up after a dealer's win and after every draw, and back to 0 after a win of others only; a
 * chombo deals the same hand again.  The hanchan ends when the deal would pass from the dealer
 * of South 4 back to the first dealer. */
static void
advance_hanchan (SpRotation          *rotation,
                 const SpHandOutcome *outcome)
{
  if (rotation->number < G_MAXUINT16)
    rotation->number++;
  if (outcome->dealt_again)
    return;
  if (outcome->dealer_won || outcome->exhaustive_draw)
    {
      if (rotation->streak < G_MAXUINT8)
        rotation->streak++;
      if (outcome->dealer_won || outcome->dealer_tenpai)
        return;
    }
  else
    rotation->streak = 0;
  if (rotation->round_wind == SP_WIND_SOUTH
      && sp_rotation_chair_at (rotation, SP_WIND_SOUTH) == 0)
    {
      rotation->finished = TRUE;
      return;
    }
  pass_deal (rotation);
  if (sp_rotation_dealer_chair (rotation) == 0)
    rotation->round_wind++;
}

void
sp_rotation_advance (SpRotation     *rotation,
                     SpRotationKind  kind,
                     gboolean        dealer_won,
                     gboolean        exhaustive_draw)
{
  SpHandOutcome outcome = { .dealer_won = dealer_won, .exhaustive_draw = exhaustive_draw };

  sp_rotation_advance_outcome (rotation, kind, &outcome);
}

void
sp_rotation_advance_outcome (SpRotation          *rotation,
                             SpRotationKind       kind,
                             const SpHandOutcome *outcome)
{
  g_return_if_fail (rotation != NULL && outcome != NULL);
  g_return_if_fail (!rotation->finished);

  switch (kind)
    {
    case SP_ROTATION_FIXED:
      advance_fixed (rotation, FALSE);
      break;
    case SP_ROTATION_FIXED_CHANGING_CHAIRS:
      advance_fixed (rotation, TRUE);
      break;
    case SP_ROTATION_REPEATING:
      advance_repeating (rotation, outcome->dealer_won, outcome->exhaustive_draw);
      break;
    case SP_ROTATION_HANCHAN:
      advance_hanchan (rotation, outcome);
      break;
    default:
      g_return_if_reached ();
    }
}

guint
sp_rotation_chair_at (const SpRotation *rotation,
                      SpWind            seat)
{
  g_return_val_if_fail (rotation != NULL, 0);
  g_return_val_if_fail (seat <= SP_WIND_NORTH, 0);

  for (guint chair = 0; chair < 4; chair++)
    {
      if (rotation->seat_wind[chair] == seat)
        return chair;
    }
  g_return_val_if_reached (0);
}

guint
sp_rotation_dealer_chair (const SpRotation *rotation)
{
  return sp_rotation_chair_at (rotation, SP_WIND_EAST);
}

void
sp_rotation_players_by_seat (const SpRotation *rotation,
                             const guint32     by_chair[4],
                             guint32           by_seat[4])
{
  g_return_if_fail (rotation != NULL);
  g_return_if_fail (by_chair != NULL && by_seat != NULL);

  for (guint chair = 0; chair < 4; chair++)
    by_seat[rotation->seat_wind[chair] % 4] = by_chair[chair];
}

gboolean
sp_rotation_replay (SpRotationKind       kind,
                    const SpHandOutcome *outcomes,
                    guint                n_outcomes,
                    SpRotation          *rotations,
                    GError             **error)
{
  g_return_val_if_fail (outcomes != NULL || n_outcomes == 0, FALSE);
  g_return_val_if_fail (rotations != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if ((guint) kind >= SP_N_ROTATION_KINDS)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("rotation: unknown kind of rotation %d"), (int) kind);
      return FALSE;
    }
  if (n_outcomes >= G_MAXUINT16)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("rotation: %u hands at one table, more than a session can hold"),
                   n_outcomes);
      return FALSE;
    }

  sp_rotation_start (&rotations[0], kind);
  for (guint i = 0; i < n_outcomes; i++)
    {
      if (rotations[i].finished)
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       _("hand %u: the session was over after hand %u"), i + 1, i);
          return FALSE;
        }
      if (outcomes[i].dealer_won && outcomes[i].exhaustive_draw)
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       _("hand %u: both a dealer win and an exhaustive draw"), i + 1);
          return FALSE;
        }
      rotations[i + 1] = rotations[i];
      sp_rotation_advance_outcome (&rotations[i + 1], kind, &outcomes[i]);
    }
  return TRUE;
}
