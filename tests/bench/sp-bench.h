/* sp-bench.h: the timing helpers of the benchmarks: a clock in nanoseconds and sorting the
 * times of a measure for its median and percentiles.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdlib.h>
#include <time.h>

#include <glib.h>

/* @clock in nanoseconds: CLOCK_MONOTONIC for wall time, CLOCK_THREAD_CPUTIME_ID for the time
 * this thread ran (on a busy machine, time spent running other processes says nothing
 * about the code measured). */
static inline double
sp_bench_now_ns (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int
sp_bench_compare_doubles (const void *a,
                          const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Sorts the @n times of a measure in increasing order. */
static inline void
sp_bench_sort (double *times,
               gsize   n)
{
  qsort (times, n, sizeof times[0], sp_bench_compare_doubles);
}

/* The @percent-th percentile of @n sorted times (50: the median). */
static inline double
sp_bench_percentile (const double *sorted,
                     gsize         n,
                     guint         percent)
{
  return sorted[n * percent / 100];
}
