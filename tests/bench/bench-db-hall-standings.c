/* bench-db-hall-standings.c: the standings of a tournament read from its stores, in process
 * (SPEC §4, the hall: 1,000 players' standings < 300 ms from the server).
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-db-hall-standings [--runs N] LOCATION...
 *
 * For each LOCATION (a PostgreSQL URI or a SQLite file holding the same tournament, say the
 * ones tests/bench/bench-hall.py makes), the latest tournament's standings are read as
 * `sparrow-cli standings` reads them: sp_db_compute_standings () (the store's sums and the
 * core's ranking), then sp_db_list_players () for the names.  One untimed read, then N (default
 * 15) timed ones on an open connection; printed per location: the median, minimum and maximum
 * wall time of the two calls, and of the standings alone, and this thread's CPU time (on the
 * server's backend, the rest of the time is the server's and the loopback's). */
#include <stdio.h>
#include <string.h>

#include "sp-bench.h"
#include "sp-bench-store.h"

#define MAX_RUNS 1000

static void
time_location (const char *location,
               guint       runs)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  double whole[MAX_RUNS], standings_only[MAX_RUNS], cpu[MAX_RUNS];
  guint n_players = 0;
  double t0;

  t0 = sp_bench_now_ns (CLOCK_MONOTONIC);
  db = sp_db_open (location, &error);
  sp_bench_check (db != NULL, error);
  tournament = sp_db_find_tournament (db, NULL, &error);
  sp_bench_check (tournament != NULL, error);
  printf ("%s: opened and the tournament read in %.1f ms\n", sp_db_get_path (db),
          (sp_bench_now_ns (CLOCK_MONOTONIC) - t0) / 1e6);

  for (guint i = 0; i <= runs; i++)
    {
      g_autoptr(GArray) standings = NULL;
      g_autoptr(GPtrArray) players = NULL;
      double start = sp_bench_now_ns (CLOCK_MONOTONIC);
      double start_cpu = sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
      double computed;

      standings = sp_db_compute_standings (db, tournament, 0, NULL, &error);
      sp_bench_check (standings != NULL, error);
      computed = sp_bench_now_ns (CLOCK_MONOTONIC);
      players = sp_db_list_players (db, tournament->id, &error);
      sp_bench_check (players != NULL, error);
      if (i == 0)
        {
          /* The first read warms the connection's statements and the caches. */
          n_players = standings->len;
          continue;
        }
      whole[i - 1] = (sp_bench_now_ns (CLOCK_MONOTONIC) - start) / 1e6;
      standings_only[i - 1] = (computed - start) / 1e6;
      cpu[i - 1] = (sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID) - start_cpu) / 1e6;
    }
  sp_bench_sort (whole, runs);
  sp_bench_sort (standings_only, runs);
  sp_bench_sort (cpu, runs);
  printf ("%s: standings of %u players and their names, median of %u: %.1f ms wall"
          " (min %.1f, max %.1f; target < 300 ms), %.1f ms CPU here;"
          " the standings alone %.1f ms\n",
          sp_db_get_path (db), n_players, runs, sp_bench_percentile (whole, runs, 50), whole[0],
          whole[runs - 1], sp_bench_percentile (cpu, runs, 50),
          sp_bench_percentile (standings_only, runs, 50));
}

int
main (int   argc,
      char *argv[])
{
  guint runs = 15;
  int first = 1;

  g_set_prgname ("bench-db-hall-standings");
  if (argc > 2 && strcmp (argv[1], "--runs") == 0)
    {
      runs = (guint) g_ascii_strtoull (argv[2], NULL, 10);
      first = 3;
    }
  if (first >= argc || runs == 0 || runs > MAX_RUNS)
    {
      fprintf (stderr, "usage: bench-db-hall-standings [--runs N (1–%d)] LOCATION...\n",
               MAX_RUNS);
      return 2;
    }
  for (int i = first; i < argc; i++)
    time_location (argv[i], runs);
  return 0;
}
