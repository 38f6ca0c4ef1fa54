/* fuzz-db-open.c: libFuzzer target for opening a database file: the input is the file's bytes
 * (seeded with small real Sparrow databases).  sp_db_open either refuses it with an
 * SP_DB_ERROR, leaving the file as it was byte for byte, or opens it, and then reading the
 * tournaments, their players, hands and standings gives records or a GError, never a crash.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-db.h"
#include "fuzz-common.h"

/* A read that fails says why, in the store's words or (a stored hand that does not read) the
 * core's. */
static void
assert_read_error (const GError *error)
{
  g_assert (error != NULL);
  g_assert (error->domain == SP_DB_ERROR || error->domain == SP_CORE_ERROR);
  fuzz_assert_refusal (error, error->domain);
}

static void
read_tournament (SpDb         *db,
                 SpTournament *tournament)
{
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = sp_db_list_players (db, tournament->id, &error);

    if (players == NULL)
      assert_read_error (error);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) hands = sp_db_list_hands (db, tournament->id, 0, 0, &error);

    if (hands == NULL)
      assert_read_error (error);
  }
  {
    g_autoptr(GError) error = NULL;
    SpTournamentSummary summary;

    if (!sp_db_summarize_tournament (db, tournament->id, &summary, &error))
      assert_read_error (error);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) standings = sp_db_compute_standings (db, tournament, 0, NULL, &error);

    if (standings == NULL)
      assert_read_error (error);
  }
}

static void
remove_files (const char *path)
{
  static const char * const suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);

      g_unlink (name);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  SpDb *db;

  fuzz_set_up ();
  fuzz_input_utf8 = TRUE;
  path = fuzz_write_file ("open.db", data, size);
  db = sp_db_open (path, &error);
  if (db == NULL)
    {
      g_autofree char *after = NULL;
      gsize length = 0;

      fuzz_assert_refusal (error, SP_DB_ERROR);
      /* A refused file is left as it was, byte for byte. */
      g_assert (g_file_get_contents (path, &after, &length, NULL));
      g_assert_cmpuint (length, ==, size);
      g_assert (memcmp (after, data, size) == 0);
    }
  else
    {
      g_autoptr(GPtrArray) tournaments = NULL;

      g_assert_no_error (error);
      tournaments = sp_db_list_tournaments (db, &error);
      if (tournaments == NULL)
        assert_read_error (error);
      for (guint i = 0; tournaments != NULL && i < tournaments->len; i++)
        read_tournament (db, tournaments->pdata[i]);
      sp_db_close (db);
    }
  remove_files (path);
  return 0;
}
