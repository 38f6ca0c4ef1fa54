/* bench-seating.c: balanced seating plans for the sizes of rules/seating.md and those with
 * designs of their own; prints, a line each, players × rounds, repeats, the counting lower
 * bound, wind spread, table repeats with their floor (one per player and round past the number
 * of tables) and the seconds it took.  Optional arguments: N R pairs to measure instead of the
 * default list.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>

#include "sp-core.h"

static const guint sizes[][2] = {
  { 16, 5 }, { 20, 7 }, { 24, 9 }, { 24, 10 }, { 28, 9 }, { 28, 10 }, { 32, 10 }, { 36, 12 },
  { 40, 13 }, { 44, 14 }, { 44, 15 }, { 52, 17 }, { 56, 18 }, { 64, 21 }, { 100, 10 },
  { 256, 10 }, { 1024, 10 },
};

static void
measure (guint n_players,
         guint n_rounds)
{
  g_autoptr(SpSeatingPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  SpSeatingQuality quality;
  gint64 start = g_get_monotonic_time ();
  double seconds;
  guint n_tables = n_players / 4, floor_repeats;

  plan = sp_seating_plan_balanced (n_players, n_rounds, 2026, NULL, &error);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  if (plan == NULL)
    {
      printf ("%u x %u: %s\n", n_players, n_rounds, error->message);
      return;
    }
  sp_seating_plan_measure (plan, NULL, &quality);
  floor_repeats = n_rounds > n_tables ? n_players * (n_rounds - n_tables) : 0;
  printf ("%u x %u: repeats %u, lower bound %u, wind spread %u, table repeats %u (floor %u), "
          "%.3f s\n",
          n_players, n_rounds, quality.repeats, quality.lower_bound, quality.wind_spread,
          quality.table_repeats, floor_repeats, seconds);
  fflush (stdout);
}

int
main (int    argc,
      char **argv)
{
  if (argc > 2)
    {
      for (int i = 1; i + 1 < argc; i += 2)
        measure (atoi (argv[i]), atoi (argv[i + 1]));
      return 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    measure (sizes[i][0], sizes[i][1]);
  return 0;
}
