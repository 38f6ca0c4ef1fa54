/* sp-test-reports.h: the snapshots the report tests build by hand.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-reports.h"

/* A tournament "春季杯" (id 1, two sessions) of @ruleset with @n_players players "选手1"… (ids
 * 1..n, ranked by id), session 1 drawn at @n_tables tables: player 4t+c+1 at table t+1,
 * chair c. */
static inline SpSnapshot *
sp_test_snapshot_new (SpRuleset ruleset,
                      guint     n_players,
                      guint     n_tables)
{
  SpSnapshot *snapshot = sp_snapshot_new ();
  SpSessionSnapshot *session = g_new0 (SpSessionSnapshot, 1);

  snapshot->tournament = g_new0 (SpTournament, 1);
  snapshot->tournament->id = 1;
  snapshot->tournament->name = g_strdup ("春季杯");
  snapshot->tournament->ruleset = ruleset;
  snapshot->tournament->n_sessions = 2;
  snapshot->tournament->options = g_strdup ("");
  snapshot->date = g_strdup ("2026-04-05");
  for (guint i = 1; i <= n_players; i++)
    {
      SpPlayer *player = g_new0 (SpPlayer, 1);
      SpStanding standing = { .player = i, .rank = i };

      player->id = i;
      player->tournament = 1;
      player->name = g_strdup_printf ("选手%u", i);
      g_ptr_array_add (snapshot->players, player);
      g_array_append_val (snapshot->standings, standing);
    }
  session->number = 1;
  session->n_tables = n_tables;
  session->seats = g_new0 (gint64, 4 * n_tables);
  for (guint i = 0; i < 4 * n_tables; i++)
    session->seats[i] = i + 1;
  g_ptr_array_add (snapshot->sessions, session);
  return snapshot;
}
