/* sp-test-db.h: a store in a new temporary folder (sp_test_remove_folder removes it after).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <string.h>

#include "sp-db.h"
#include "sp-test-folder.h"

/* Where a test's new store is: "test.db" in @folder; or, when $SP_TEST_BACKEND is
 * "postgresql", a new empty database on the server $SP_TEST_POSTGRESQL (a URI without a
 * database, postgresql://USER@HOST:PORT), made with psql and named after @folder. */
static inline char *
sp_test_db_location (const char *folder)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *maintenance = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *server = g_getenv ("SP_TEST_POSTGRESQL");
  int status = 0;

  if (g_strcmp0 (g_getenv ("SP_TEST_BACKEND"), "postgresql") != 0)
    return g_build_filename (folder, "test.db", NULL);
  g_assert_nonnull (server);
  name = g_ascii_strdown (strrchr (folder, '/') != NULL ? strrchr (folder, '/') + 1 : folder, -1);
  g_strcanon (name, "abcdefghijklmnopqrstuvwxyz0123456789", '_');
  maintenance = g_strconcat (server, "/postgres", NULL);
  sql = g_strdup_printf ("CREATE DATABASE \"%s\"", name);
  {
    const char *argv[] = { "psql", "-q", "-X", "-v", "ON_ERROR_STOP=1", maintenance, "-c", sql,
                           NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                  &status, &error);
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("creating the database %s on %s: %s", name, server, err);
  return g_strconcat (server, "/", name, NULL);
}

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
  *path = sp_test_db_location (*folder);
  db = sp_db_open (*path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (db);
  return db;
}

/* Registers the player @name in @tournament; the player's id. */
static inline gint64
sp_test_add_player (SpDb       *db,
                    gint64      tournament,
                    const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *copy = g_strdup (name);
  SpPlayer player = { .tournament = tournament, .name = copy };

  /* sp_db_add_player trims the name in place. */
  g_assert_true (sp_db_add_player (db, &player, &error));
  g_assert_no_error (error);
  return player.id;
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

/* The tournament @name most cases store, in the db and ui tests alike: MCR with the Chinese
 * profile, two sessions, random seating, ranked by R98. */
static inline SpTournament
sp_test_mcr_tournament (const char *name)
{
  return (SpTournament) {
    .name = (char *) name,
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 2,
    .seating = (char *) "random",
    .ranking = (char *) "r98",
  };
}

/* The store of one test case: its temporary folder and path, the open store and, in the files
 * that keep one, the tournament under test (freed on tear-down). */
typedef struct
{
  char         *folder;
  char         *path;
  SpDb         *db;
  SpTournament *tournament;
} SpTestStore;

/* Opens @store in a new temporary folder made from @folder_template, writing as @referee. */
static inline void
sp_test_store_open (SpTestStore *store,
                    const char  *folder_template,
                    const char  *referee)
{
  store->db = sp_test_db_new (folder_template, &store->folder, &store->path);
  sp_db_set_referee (store->db, referee);
}

/* A fixture's tear-down: frees the tournament, closes the store and removes its folder. */
static inline void
sp_test_store_tear_down (SpTestStore   *store,
                         gconstpointer  data)
{
  g_clear_pointer (&store->tournament, sp_tournament_free);
  g_clear_pointer (&store->db, sp_db_close);
  sp_test_remove_folder (store->folder);
  g_free (store->path);
  g_free (store->folder);
}
