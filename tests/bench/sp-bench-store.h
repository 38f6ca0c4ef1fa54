/* sp-bench-store.h: what the benchmarks that fill a store share: a hand recorded straight into
 * it, and a failure that ends the benchmark.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdio.h>
#include <stdlib.h>

#include "sp-db.h"

/* Ends the benchmark with @error's message unless @ok. */
static inline void
sp_bench_check (gboolean  ok,
                GError   *error)
{
  if (!ok)
    {
      fprintf (stderr, "%s: %s\n", g_get_prgname () != NULL ? g_get_prgname () : "bench",
               error != NULL ? error->message : "failed");
      exit (1);
    }
}

/* Hand @number of @table in @session: a random seat wins 8–63 fan on another's discard, each
 * loser pays 8 and the discarder the fan besides, as MCR settles it. */
static inline gboolean
sp_bench_record_hand (SpDb     *db,
                      gint64    tournament,
                      guint     session,
                      guint     table,
                      guint     number,
                      GRand    *rand,
                      GError  **error)
{
  gint winner = g_rand_int_range (rand, 0, 4);
  gint discarder = (winner + g_rand_int_range (rand, 1, 4)) % 4;
  gint64 value = g_rand_int_range (rand, 8, 64);
  SpHandRecord hand = {
    .session = session, .table = table, .number = number,
    .winner = winner, .discarder = discarder, .total = (gint32) value,
  };
  gboolean ok;

  for (gint c = 0; c < 4; c++)
    hand.settlement[c] = c == discarder ? -(value + 8) : -8;
  hand.settlement[winner] = 0;
  hand.settlement[winner] = -(hand.settlement[0] + hand.settlement[1] + hand.settlement[2]
                              + hand.settlement[3]);
  ok = sp_db_record_hand (db, tournament, &hand, error);
  g_free (hand.entered_at);
  return ok;
}
