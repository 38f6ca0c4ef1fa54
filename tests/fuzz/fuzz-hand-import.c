/* fuzz-hand-import.c: libFuzzer target for `sparrow-cli hand import`: the input is the file,
 * read by sp_db_read_hand_import (CSV or JSON Lines) and, when it reads, entered by
 * sp_db_import_hands into a tournament whose session 1 is drawn (two tables).  The database is
 * made once per process, one tournament per ruleset; each import runs inside a transaction
 * rolled back after it, so that every input meets the same empty tables.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-db.h"
#include "fuzz-common.h"

static SpDb *db;
static SpTournament *tournaments[3];
static SpRules *rules_of[3];

static void
close_db (void)
{
  for (guint r = 0; r < G_N_ELEMENTS (tournaments); r++)
    {
      g_clear_pointer (&tournaments[r], sp_tournament_free);
      g_clear_pointer (&rules_of[r], sp_rules_free);
    }
  g_clear_pointer (&db, sp_db_close);
}

/* A tournament of @ruleset with eight players seated at two tables for session 1. */
static void
seat_tournament (SpRuleset ruleset)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("Fuzz %d", ruleset);
  SpTournament created = {
    .name = name,
    .ruleset = ruleset,
    .profile = (char *) sp_rules_list_profiles (ruleset)[0],
    .options = (char *) "",
    .n_sessions = 2,
    .seating = (char *) "random",
    .ranking = (char *) "score",
    .base = 30,
    .per_tai = 10,
  };
  gint64 players[8];

  g_assert (sp_db_create_tournament (db, &created, &error));
  g_assert_no_error (error);
  g_free (created.created);
  for (guint i = 0; i < G_N_ELEMENTS (players); i++)
    {
      g_autofree char *player_name = g_strdup_printf ("Player %u", i + 1);
      SpPlayer player = { .tournament = created.id, .name = player_name };

      g_assert (sp_db_add_player (db, &player, &error));
      g_assert_no_error (error);
      players[i] = player.id;
    }
  g_assert (sp_db_store_seating (db, created.id, 1, 42, players, G_N_ELEMENTS (players),
                                 &error));
  g_assert_no_error (error);
  tournaments[ruleset] = sp_db_find_tournament (db, name, &error);
  g_assert_no_error (error);
  rules_of[ruleset] = sp_tournament_new_rules (tournaments[ruleset], &error);
  g_assert_no_error (error);
}

static void
open_db (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fuzz_set_up (), "hands.db", NULL);

  db = sp_db_open (path, &error);
  g_assert_no_error (error);
  sp_db_set_referee (db, "Fuzz");
  for (SpRuleset ruleset = SP_RULESET_MCR; ruleset <= SP_RULESET_GUANGDONG; ruleset++)
    seat_tournament (ruleset);
  atexit (close_db);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  /* As g_file_get_contents () gives a file: its bytes and a NUL after them. */
  g_autofree char *text = g_malloc (size + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) lines = NULL;
  SpRuleset ruleset = (SpRuleset) (size % 3);

  if (db == NULL)
    open_db ();
  memcpy (text, data, size);
  text[size] = '\0';
  fuzz_input_utf8 = g_utf8_validate (text, (gssize) size, NULL);

  lines = sp_db_read_hand_import ("hands.txt", text, size, &error);
  if (lines == NULL)
    {
      g_assert (error != NULL);
      g_assert (error->domain == SP_CORE_ERROR || error->domain == SP_DB_ERROR);
      fuzz_assert_refusal (error, error->domain);
      g_assert (g_str_has_prefix (error->message, "hands.txt line "));
      return 0;
    }
  g_assert_no_error (error);
  for (guint i = 0; i < lines->len; i++)
    {
      const SpHandImport *line = &g_array_index (lines, SpHandImport, i);

      g_assert (g_str_has_prefix (line->where, "hands.txt line "));
      g_assert (line->entry.draw || (line->entry.winner >= 0 && line->entry.from >= 0));
    }

  g_assert (sp_db_begin (db, &error));
  if (sp_db_import_hands (db, tournaments[ruleset], rules_of[ruleset],
                          (const SpHandImport *) (gpointer) lines->data, lines->len, &error))
    {
      g_autoptr(GPtrArray) hands = sp_db_list_hands (db, tournaments[ruleset]->id, 0, 0, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (hands->len, ==, lines->len);
    }
  else
    {
      g_assert (error != NULL);
      g_assert (error->domain == SP_CORE_ERROR || error->domain == SP_DB_ERROR);
      fuzz_assert_refusal (error, error->domain);
    }
  sp_db_rollback (db);
  return 0;
}
