/* test-core-snapshot.c: finding a snapshot's records.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-snapshot.h"

static void
add_player (SpSnapshot *snapshot,
            gint64      id)
{
  SpPlayer *player = g_new0 (SpPlayer, 1);

  player->id = id;
  player->name = g_strdup_printf ("Player %" G_GINT64_FORMAT, id);
  g_ptr_array_add (snapshot->players, player);
}

/* Players by id, as the store gives them: each is found, and an id not there is not. */
static void
test_find_player_by_id (void)
{
  g_autoptr(SpSnapshot) snapshot = sp_snapshot_new ();

  for (gint64 id = 3; id <= 3001; id += 2)
    add_player (snapshot, id);
  for (gint64 id = 3; id <= 3001; id += 2)
    {
      const SpPlayer *player = sp_snapshot_find_player (snapshot, id);

      g_assert_nonnull (player);
      g_assert_cmpint (player->id, ==, id);
    }
  g_assert_null (sp_snapshot_find_player (snapshot, 1));
  g_assert_null (sp_snapshot_find_player (snapshot, 4));
  g_assert_null (sp_snapshot_find_player (snapshot, 3003));
}

/* A snapshot built in another order still finds every player. */
static void
test_find_player_unordered (void)
{
  g_autoptr(SpSnapshot) snapshot = sp_snapshot_new ();
  const gint64 ids[] = { 40, 7, 19, 2, 33, 11, 25 };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    add_player (snapshot, ids[i]);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_cmpint (sp_snapshot_find_player (snapshot, ids[i])->id, ==, ids[i]);
  g_assert_null (sp_snapshot_find_player (snapshot, 8));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/snapshot/find-player/by-id", test_find_player_by_id);
  g_test_add_func ("/snapshot/find-player/unordered", test_find_player_unordered);
  return g_test_run ();
}
