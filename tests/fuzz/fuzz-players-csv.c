/* fuzz-players-csv.c: libFuzzer target for `sparrow-cli players import`: the input is the CSV
 * file, read by sp_db_csv_read and imported by sp_db_import_players_full into a tournament of a
 * database made once per process.  Each import runs inside a transaction rolled back after it,
 * so that every input meets the same empty tournament.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-db.h"
#include "fuzz-common.h"

static SpDb *db;
static gint64 tournament;

static void
close_db (void)
{
  g_clear_pointer (&db, sp_db_close);
}

static void
open_db (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fuzz_set_up (), "players.db", NULL);
  SpTournament created = {
    .name = (char *) "Fuzz",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .options = (char *) "",
    .n_sessions = 2,
    .seating = (char *) "random",
    .ranking = (char *) "r98",
  };

  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  g_assert (sp_db_create_tournament (db, &created, &error));
  g_assert_no_error (error);
  g_free (created.created);
  tournament = created.id;
  atexit (close_db);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) read_error = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  SpDbCsv csv = { 0 };
  guint n_imported = 99;
  gboolean imported;

  if (db == NULL)
    open_db ();
  fuzz_input_utf8 = g_utf8_validate ((const char *) data, (gssize) size, NULL);
  path = fuzz_write_file ("players.csv", data, size);

  if (sp_db_csv_read (path, &csv, &read_error))
    {
      g_assert_no_error (read_error);
      g_assert (csv.rows->len == csv.lines->len);
      for (guint r = 1; r < csv.lines->len; r++)
        g_assert_cmpuint (g_array_index (csv.lines, guint, r - 1), <=,
                          g_array_index (csv.lines, guint, r));
      sp_db_csv_clear (&csv);
    }
  else
    {
      fuzz_assert_refusal (read_error, SP_DB_ERROR);
      g_assert (csv.rows == NULL && csv.lines == NULL && csv.current == NULL);
    }

  g_assert (sp_db_begin (db, &error));
  imported = sp_db_import_players_full (db, tournament, path, &n_imported, &problems, &error);
  if (imported)
    {
      g_autoptr(GPtrArray) players = sp_db_list_players (db, tournament, &error);

      g_assert_no_error (error);
      g_assert (problems == NULL);
      g_assert_cmpuint (players->len, ==, n_imported);
      for (guint i = 0; i < players->len; i++)
        {
          SpPlayer *player = players->pdata[i];

          g_assert (g_utf8_validate (player->name, -1, NULL));
          g_assert (player->name[0] != '\0');
        }
    }
  else
    {
      fuzz_assert_refusal (error, SP_DB_ERROR);
      g_assert_cmpuint (n_imported, ==, 0);
      g_assert (problems != NULL && problems->len > 0);
      /* A refused import is whole: either the reader's one problem, or every bad line. */
      for (guint i = 0; i < problems->len; i++)
        g_assert (strstr (error->message, problems->pdata[i]) != NULL);
    }
  sp_db_rollback (db);
  return 0;
}
