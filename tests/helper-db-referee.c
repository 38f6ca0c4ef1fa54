/* helper-db-referee.c: a referee entering hands through the store's operations, as the app's
 * table view does (one long-lived connection, sp_db_set_referee, sp_db_add_hand), for the
 * concurrency test test-cli-concurrency.py.
 *
 *   helper-db-referee seat DB SESSIONS               seat the players at every session's tables
 *   helper-db-referee add DB TABLE SECONDS NAME SEED  enter hands at TABLE for SECONDS
 *   helper-db-referee log DB                         the log's hand entries: "S T N" per line
 *   helper-db-referee station DB NAME                one connection, kept; an operation a line
 *
 * `add` starts at session 1 and moves to the next session when the table is complete there; it
 * prints "hand ID SESSION TABLE NUMBER" for every hand the store reported as saved, flushed at
 * once, and exits 1 on any other error (its message on stderr), 0 when the time is up or the
 * sessions are all played.
 *
 * `station` (for test-cli-hall-restart.py) opens the store once and reads lines from stdin:
 * NAME is its referee, set once; "add SESSION TABLE EXPECT" enters a draw at the table against
 * "Next: hand EXPECT", "version" reads the data version, "referee NAME" sets the referee again
 * (as the table view does around each change).  Each answers one line, flushed: "ok ID NUMBER",
 * "ok VERSION" or "ok", else "error CODE MESSAGE" (CODE the SpDbError's name in lowercase: io, stale,
 * busy, …; "other" outside that domain), and the next line is read on the same connection.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <string.h>

#include "sp-db.h"

static int
fail (const char   *what,
      const GError *error)
{
  g_printerr ("helper-db-referee: %s: %s\n", what, error != NULL ? error->message : "failed");
  return 1;
}

/* Seats the players of the newest tournament at tables of four for sessions 1..@sessions, a
 * different order each session, in one transaction. */
static int
seat (const char *path,
      guint       sessions)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autofree gint64 *ids = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);

  if (db == NULL)
    return fail ("opening", error);
  tournament = sp_db_find_tournament (db, NULL, &error);
  if (tournament == NULL)
    return fail ("finding the tournament", error);
  players = sp_db_list_players (db, tournament->id, &error);
  if (players == NULL)
    return fail ("listing the players", error);
  ids = g_new (gint64, players->len);
  for (guint i = 0; i < players->len; i++)
    ids[i] = ((SpPlayer *) g_ptr_array_index (players, i))->id;
  if (!sp_db_begin (db, &error))
    return fail ("starting", error);
  for (guint s = 1; s <= sessions; s++)
    {
      for (guint i = players->len - 1; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1);
          gint64 t = ids[i];

          ids[i] = ids[j];
          ids[j] = t;
        }
      if (!sp_db_store_seating (db, tournament->id, s, s, ids, players->len, &error))
        return fail ("seating", error);
    }
  if (!sp_db_commit (db, &error))
    return fail ("committing", error);
  return 0;
}

static int
add (const char *path,
     guint       table,
     double      seconds,
     const char *name,
     guint32     seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(SpRules) rules = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  guint session = 1;

  if (db == NULL)
    return fail ("opening", error);
  tournament = sp_db_find_tournament (db, NULL, &error);
  if (tournament == NULL)
    return fail ("finding the tournament", error);
  rules = sp_tournament_new_rules (tournament, &error);
  if (rules == NULL)
    return fail ("the rules", error);

  while (g_get_monotonic_time () < end && session <= tournament->n_sessions)
    {
      g_auto(SpHandReport) report = { 0 };
      SpHandEntry entry;
      gboolean ok;

      sp_hand_entry_init (&entry);
      if (g_rand_int_range (rand, 0, 10) == 0)
        entry.draw = TRUE;
      else
        {
          entry.winner = g_rand_int_range (rand, 0, 4);
          entry.from = g_rand_int_range (rand, 0, 5);
          if (entry.from == entry.winner || entry.from == 4)
            entry.from = SP_HAND_ENTRY_SELF_DRAWN;
          entry.has_total = TRUE;
          entry.total = g_rand_int_range (rand, 8, 65);
        }
      /* As the table view does around each change: who enters it, for the audit log. */
      sp_db_set_referee (db, name);
      ok = sp_db_add_hand (db, tournament, rules, session, table, &entry, &report, &error);
      sp_db_set_referee (db, NULL);
      sp_hand_entry_clear (&entry);
      if (!ok)
        {
          /* The table is complete at this session (another referee may have filled it):
           * the next session's. */
          if (g_error_matches (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID)
              && strstr (error->message, "is complete") != NULL)
            {
              g_clear_error (&error);
              session++;
              continue;
            }
          return fail ("adding a hand", error);
        }
      printf ("hand %" G_GINT64_FORMAT " %u %u %u\n", report.hand->id, report.hand->session,
              report.hand->table, report.hand->number);
      fflush (stdout);
      /* A quick referee, not a flood: the sessions of one tournament are few. */
      g_usleep (g_rand_int_range (rand, 20, 80) * 1000);
    }
  return 0;
}

static int
log_hands (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(GPtrArray) log = NULL;

  if (db == NULL)
    return fail ("opening", error);
  tournament = sp_db_find_tournament (db, NULL, &error);
  if (tournament == NULL)
    return fail ("finding the tournament", error);
  log = sp_db_list_log (db, tournament->id, &error);
  if (log == NULL)
    return fail ("reading the log", error);
  for (guint i = 0; i < log->len; i++)
    {
      SpLogEntry *entry = g_ptr_array_index (log, i);

      if (entry->kind == SP_LOG_HAND_ENTERED)
        printf ("%u %u %u %s\n", entry->session, entry->table, entry->hand, entry->who);
    }
  return 0;
}

static const char *
code_of (const GError *error)
{
  static const char * const names[] = {
    [SP_DB_ERROR_IO] = "io", [SP_DB_ERROR_NOT_SPARROW] = "not-sparrow",
    [SP_DB_ERROR_TOO_NEW] = "too-new", [SP_DB_ERROR_NOT_FOUND] = "not-found",
    [SP_DB_ERROR_INVALID] = "invalid", [SP_DB_ERROR_CORRUPT] = "corrupt",
    [SP_DB_ERROR_BUSY] = "busy", [SP_DB_ERROR_PIN_REQUIRED] = "pin-required",
    [SP_DB_ERROR_PIN_WRONG] = "pin-wrong", [SP_DB_ERROR_STALE] = "stale",
    [SP_DB_ERROR_DENIED] = "denied",
  };

  if (error->domain == SP_DB_ERROR && error->code >= 0
      && (gsize) error->code < G_N_ELEMENTS (names) && names[error->code] != NULL)
    return names[error->code];
  return "other";
}

static void
answer_error (const GError *error)
{
  g_autofree char *message = g_strdelimit (g_strdup (error->message), "\n", ' ');

  printf ("error %s %s\n", code_of (error), message);
  fflush (stdout);
}

static int
station (const char *path,
         const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(SpRules) rules = NULL;
  char line[256];

  if (db == NULL)
    return fail ("opening", error);
  tournament = sp_db_find_tournament (db, NULL, &error);
  if (tournament == NULL)
    return fail ("finding the tournament", error);
  rules = sp_tournament_new_rules (tournament, &error);
  if (rules == NULL)
    return fail ("the rules", error);
  sp_db_set_referee (db, name);
  printf ("ready\n");
  fflush (stdout);

  while (fgets (line, sizeof line, stdin) != NULL)
    {
      guint session = 0, table = 0, expect = 0;

      g_clear_error (&error);
      if (sscanf (line, "add %u %u %u", &session, &table, &expect) == 3)
        {
          g_auto(SpHandReport) report = { 0 };
          SpHandEntry entry;
          gboolean ok;

          sp_hand_entry_init (&entry);
          entry.draw = TRUE;
          ok = sp_db_add_hand_expecting (db, tournament, rules, session, table, expect, NULL,
                                         &entry, &report, &error);
          sp_hand_entry_clear (&entry);
          if (!ok)
            answer_error (error);
          else
            printf ("ok %" G_GINT64_FORMAT " %u\n", report.hand->id, report.hand->number);
        }
      else if (g_str_has_prefix (line, "version"))
        {
          gint64 version = 0;

          if (!sp_db_get_data_version (db, &version, &error))
            answer_error (error);
          else
            printf ("ok %" G_GINT64_FORMAT "\n", version);
        }
      else if (g_str_has_prefix (line, "referee "))
        {
          g_strchomp (line);
          sp_db_set_referee (db, line + strlen ("referee "));
          printf ("ok\n");
        }
      else
        printf ("error usage %s", line);
      fflush (stdout);
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  if (argc == 4 && g_str_equal (argv[1], "seat"))
    return seat (argv[2], (guint) g_ascii_strtoull (argv[3], NULL, 10));
  if (argc == 7 && g_str_equal (argv[1], "add"))
    return add (argv[2], (guint) g_ascii_strtoull (argv[3], NULL, 10),
                g_ascii_strtod (argv[4], NULL), argv[5],
                (guint32) g_ascii_strtoull (argv[6], NULL, 10));
  if (argc == 3 && g_str_equal (argv[1], "log"))
    return log_hands (argv[2]);
  if (argc == 4 && g_str_equal (argv[1], "station"))
    return station (argv[2], argv[3]);
  g_printerr ("usage: helper-db-referee seat DB SESSIONS | add DB TABLE SECONDS NAME SEED"
              " | log DB | station DB NAME\n");
  return 2;
}
