/* sp-test-db.h: a store in a new temporary folder (sp_test_remove_folder removes it after).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-db.h"
#include "sp-test-folder.h"

/* Opens a new store "test.db" in a new temporary folder made from @folder_template; the folder
 * and the store's path in @folder and @path. */
static inline SpDb *
sp_test_db_new (const char  *folder_template,
                char       **folder,
                char       **path)
{
  g_autoptr(GError) error = NULL;
  SpDb *db;

  *folder = g_dir_make_tmp (folder_template, &error);
  g_assert_no_error (error);
  *path = g_build_filename (*folder, "test.db", NULL);
  db = sp_db_open (*path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (db);
  return db;
}

/* Creates @tournament in @db and the four players @names, seated at one table for session 1
 * (seed 42); returns the tournament as stored, the players' ids in @players. */
static inline SpTournament *
sp_test_seat_one_table (SpDb               *db,
                        SpTournament       *tournament,
                        const char * const  names[4],
                        gint64              players[4])
{
  g_autoptr(GError) error = NULL;
  SpTournament *stored;

  g_assert_true (sp_db_create_tournament (db, tournament, &error));
  g_assert_no_error (error);
  g_clear_pointer (&tournament->created, g_free);
  stored = sp_db_find_tournament (db, tournament->name, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup (names[i]);
      SpPlayer player = { .tournament = stored->id, .name = name };

      /* sp_db_add_player trims the name in place. */
      g_assert_true (sp_db_add_player (db, &player, &error));
      g_assert_no_error (error);
      players[i] = player.id;
    }
  g_assert_true (sp_db_store_seating (db, stored->id, 1, 42, players, 4, &error));
  g_assert_no_error (error);
  return stored;
}
