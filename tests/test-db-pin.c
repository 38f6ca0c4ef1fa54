/* test-db-pin.c: the director's lock: the PIN's rules, its yescrypt hash in the file, set,
 * change and clear, the unlock of one connection, every protected change refused while locked
 * and made when unlocked, wrong PINs slowed down and logged.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <sqlite3.h>
#include <string.h>

#include "sp-test-db.h"

#define PIN "Zq7-director"

typedef struct
{
  char         *folder;
  char         *path;
  SpDb         *db;
  SpTournament *tournament;
  SpRules      *rules;
  gint64        players[4];
  gint64        hands[3];
  gint64        penalty;
} Fixture;

static void
win (SpHandEntry *entry,
     gint64       total)
{
  sp_hand_entry_clear (entry);
  sp_hand_entry_init (entry);
  entry->winner = SP_WIND_EAST;
  entry->from = SP_WIND_SOUTH;
  entry->has_total = TRUE;
  entry->total = total;
}

/* One table of four at session 1 of an MCR event, three hands and a penalty entered. */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  SpTournament tournament = sp_test_mcr_tournament ("Lock night");
  const char * const names[] = { "张伟", "Anna Berg", "Jean Dupont", "李娜" };
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpPenalty penalty = { .session = 1, .reason = (char *) "late", .points = -10 };

  fixture->db = sp_test_db_new ("sparrow-pin-XXXXXX", &fixture->folder, &fixture->path);
  sp_db_set_referee (fixture->db, "Referee Wu");
  fixture->tournament = sp_test_seat_one_table (fixture->db, &tournament, names,
                                                fixture->players);
  fixture->rules = sp_tournament_new_rules (fixture->tournament, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (fixture->hands); i++)
    {
      g_auto(SpHandReport) report = { 0 };

      win (&entry, 8 + i);
      g_assert_true (sp_db_add_hand (fixture->db, fixture->tournament, fixture->rules, 1, 1,
                                     &entry, &report, &error));
      g_assert_no_error (error);
      fixture->hands[i] = report.hand->id;
    }
  penalty.player = fixture->players[1];
  g_assert_true (sp_db_give_penalty (fixture->db, fixture->tournament->id, &penalty, &error));
  g_assert_no_error (error);
  fixture->penalty = penalty.id;
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->rules, sp_rules_free);
  g_clear_pointer (&fixture->tournament, sp_tournament_free);
  g_clear_pointer (&fixture->db, sp_db_close);
  sp_test_remove_folder (fixture->folder);
  g_free (fixture->path);
  g_free (fixture->folder);
}

static void
set_pin (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_db_set_pin (fixture->db, fixture->tournament->id, NULL, PIN, &error));
  g_assert_no_error (error);
}

/* The first column of the first row of @sql on a connection of its own, as text. */
static char *
read_text (Fixture    *fixture,
           const char *sql)
{
  sqlite3 *handle = NULL;
  sqlite3_stmt *statement = NULL;
  char *text = NULL;

  g_assert_cmpint (sqlite3_open_v2 (fixture->path, &handle, SQLITE_OPEN_READONLY, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (handle, sql, -1, &statement, NULL), ==, SQLITE_OK);
  if (sqlite3_step (statement) == SQLITE_ROW && sqlite3_column_type (statement, 0) != SQLITE_NULL)
    text = g_strdup ((const char *) sqlite3_column_text (statement, 0));
  sqlite3_finalize (statement);
  sqlite3_close (handle);
  return text;
}

/* Whether @needle is among the @length bytes of @bytes (NUL bytes included). */
static gboolean
holds (const char *bytes,
       gsize       length,
       const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (bytes + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}

static guint
count_audit (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) audit = sp_db_list_audit (fixture->db, &error);

  g_assert_no_error (error);
  return audit->len;
}

/* The pin_log lines of the audit log, "who {values}" each, oldest first. */
static GPtrArray *
pin_log (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) audit = sp_db_list_audit (fixture->db, &error);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  for (guint i = 0; i < audit->len; i++)
    {
      SpAuditEntry *entry = audit->pdata[i];

      if (g_strcmp0 (entry->target, "pin_log") != 0 || g_strcmp0 (entry->action, "insert") != 0)
        continue;
      g_ptr_array_add (lines, g_strconcat (entry->who, " ", entry->new_values, NULL));
    }
  return lines;
}

static gboolean
log_has (GPtrArray  *lines,
         const char *who,
         const char *event,
         const char *action,
         gint64      subject)
{
  g_autofree char *wanted =
    g_strdup_printf ("\"event\":\"%s\",\"action\":\"%s\",\"subject\":%" G_GINT64_FORMAT "}",
                     event, action, subject);

  for (guint i = 0; i < lines->len; i++)
    if (g_str_has_prefix (lines->pdata[i], who) && g_str_has_suffix (lines->pdata[i], wanted))
      return TRUE;
  return FALSE;
}

/* Whether the tournament's log (the Log page's lines) has a line of @kind for @action. */
static gboolean
tournament_log_has (Fixture    *fixture,
                    SpLogKind   kind,
                    const char *action)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = sp_db_list_log (fixture->db, fixture->tournament->id, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < lines->len; i++)
    {
      SpLogEntry *entry = lines->pdata[i];

      if (entry->kind == kind && g_strcmp0 (entry->reason, action) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
test_rules (void)
{
  static const struct
  {
    const char *pin;
    gboolean    ok;
    const char *says;
  } cases[] = {
    { "1234", TRUE, NULL },
    { "中文密码", TRUE, NULL },
    { "12345678901234567890123456789012", TRUE, NULL },
    { "123", FALSE, "4 to 32 characters, not 3" },
    { "", FALSE, "not 0" },
    { "123456789012345678901234567890123", FALSE, "not 33" },
    { "12\n34", FALSE, "line break" },
    { "12\t34", FALSE, "control character" },
    { "12\xff" "34", FALSE, "not valid text" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (sp_db_check_pin_rules (cases[i].pin, &error), ==, cases[i].ok);
      if (cases[i].ok)
        g_assert_no_error (error);
      else
        {
          g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, cases[i].says));
        }
    }
}

static void
test_hash (Fixture       *fixture,
           gconstpointer  data)
{
  SpTournament other = sp_test_mcr_tournament ("Other night");
  g_autoptr(GError) error = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *other_hash = NULL;
  g_autofree char *contents = NULL;
  gboolean has_pin = TRUE;
  gsize length;

  g_assert_true (sp_db_has_pin (fixture->db, fixture->tournament->id, &has_pin, &error));
  g_assert_false (has_pin);
  g_assert_false (sp_db_set_pin (fixture->db, fixture->tournament->id, NULL, "12", &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  set_pin (fixture);
  g_assert_true (sp_db_create_tournament (fixture->db, &other, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_set_pin (fixture->db, other.id, NULL, PIN, &error));
  g_assert_no_error (error);
  g_clear_pointer (&other.created, g_free);
  g_assert_true (sp_db_has_pin (fixture->db, fixture->tournament->id, &has_pin, &error));
  g_assert_true (has_pin);

  hash = read_text (fixture, "SELECT pin_hash FROM tournaments WHERE name = 'Lock night'");
  other_hash = read_text (fixture, "SELECT pin_hash FROM tournaments WHERE name = 'Other night'");
  /* yescrypt, salted: the same PIN hashes differently in each tournament. */
  g_assert_true (g_str_has_prefix (hash, "$y$"));
  g_assert_true (g_str_has_prefix (other_hash, "$y$"));
  g_assert_cmpstr (hash, !=, other_hash);
  g_assert_null (strstr (hash, PIN));
  /* Neither the PIN nor its hash is anywhere in the audit log; the whole file (its WAL
   * checkpointed on closing) does not hold the PIN. */
  {
    g_autoptr(GPtrArray) audit = sp_db_list_audit (fixture->db, &error);

    g_assert_no_error (error);
    for (guint i = 0; i < audit->len; i++)
      {
        SpAuditEntry *entry = audit->pdata[i];

        g_assert_null (strstr (entry->new_values != NULL ? entry->new_values : "", "$y$"));
        g_assert_null (strstr (entry->new_values != NULL ? entry->new_values : "", PIN));
      }
  }
  g_clear_pointer (&fixture->db, sp_db_close);
  g_assert_true (g_file_get_contents (fixture->path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_false (holds (contents, length, PIN));
  g_assert_true (holds (contents, length, hash));
  fixture->db = sp_db_open (fixture->path, &error);
  g_assert_no_error (error);
}

static void
test_set_change_clear (Fixture       *fixture,
                       gconstpointer  data)
{
  gint64 id = fixture->tournament->id;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  gboolean has_pin = FALSE;
  guint delay = 0;

  g_assert_false (sp_db_clear_pin (fixture->db, id, PIN, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "no director's PIN"));
  g_clear_error (&error);
  set_pin (fixture);
  /* A PIN in place is changed only with it. */
  g_assert_false (sp_db_set_pin (fixture->db, id, NULL, "5678", &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED);
  g_assert_nonnull (strstr (error->message, "a director's PIN is required"));
  g_clear_error (&error);
  g_assert_false (sp_db_set_pin (fixture->db, id, "0000", "5678", &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_WRONG);
  g_clear_error (&error);
  g_assert_true (sp_db_try_pin (fixture->db, id, PIN, "test", &delay, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_set_pin (fixture->db, id, PIN, "5678", &error));
  g_assert_no_error (error);
  /* The old PIN no longer opens, and the unlock made with it is gone. */
  g_assert_false (sp_db_is_unlocked (fixture->db, id));
  g_assert_false (sp_db_try_pin (fixture->db, id, PIN, "test", &delay, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_WRONG);
  g_clear_error (&error);
  g_assert_false (sp_db_clear_pin (fixture->db, id, NULL, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED);
  g_clear_error (&error);
  g_assert_true (sp_db_clear_pin (fixture->db, id, "5678", &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_has_pin (fixture->db, id, &has_pin, &error));
  g_assert_false (has_pin);
  /* Without a PIN there is nothing to unlock, whatever is given. */
  g_assert_true (sp_db_unlock (fixture->db, id, "anything", "test", &error));
  g_assert_no_error (error);

  lines = pin_log (fixture);
  g_assert_true (log_has (lines, "Referee Wu", "set", "tournament pin set", 0));
  g_assert_true (log_has (lines, "Referee Wu", "wrong", "tournament pin set", 0));
  g_assert_true (log_has (lines, "Referee Wu", "changed", "tournament pin set", 0));
  g_assert_true (log_has (lines, "Referee Wu", "wrong", "test", 0));
  g_assert_true (log_has (lines, "Referee Wu", "cleared", "tournament pin clear", 0));
  /* The Log page's lines say the same. */
  g_assert_true (tournament_log_has (fixture, SP_LOG_PIN_SET, "tournament pin set"));
  g_assert_true (tournament_log_has (fixture, SP_LOG_PIN_CHANGED, "tournament pin set"));
  g_assert_true (tournament_log_has (fixture, SP_LOG_PIN_WRONG, "test"));
  g_assert_true (tournament_log_has (fixture, SP_LOG_PIN_CLEARED, "tournament pin clear"));
}

static void
test_slow_down (Fixture       *fixture,
                gconstpointer  data)
{
  static const guint delays[] = { 1000, 2000, 4000, 8000, 8000 };
  gint64 id = fixture->tournament->id;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  guint delay = 0;
  gint64 start, wrong_took;
  guint wrong = 0;

  set_pin (fixture);
  for (guint i = 0; i < G_N_ELEMENTS (delays); i++)
    {
      g_assert_false (sp_db_try_pin (fixture->db, id, "0000", "session reopen", &delay, &error));
      g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_WRONG);
      g_assert_nonnull (strstr (error->message, "a director's PIN is required"));
      g_clear_error (&error);
      g_assert_cmpuint (delay, ==, delays[i]);
      g_assert_false (sp_db_is_unlocked (fixture->db, id));
    }
  /* The count is the store's: another connection (another sparrow-cli) waits as long. */
  {
    g_autoptr(SpDb) second = sp_db_open (fixture->path, &error);

    g_assert_no_error (error);
    sp_db_set_referee (second, "Referee Lin");
    g_assert_false (sp_db_try_pin (second, id, "1111", "hand edit", &delay, &error));
    g_clear_error (&error);
    g_assert_cmpuint (delay, ==, 8000);
  }
  /* The right PIN ends the run. */
  g_assert_true (sp_db_try_pin (fixture->db, id, PIN, "session reopen", &delay, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (delay, ==, 0);
  g_assert_true (sp_db_is_unlocked (fixture->db, id));
  sp_db_lock (fixture->db, id);
  g_assert_false (sp_db_is_unlocked (fixture->db, id));

  /* sp_db_unlock itself waits before it answers a wrong PIN. */
  start = g_get_monotonic_time ();
  g_assert_false (sp_db_unlock (fixture->db, id, "0000", "penalty delete", &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_WRONG);
  g_clear_error (&error);
  wrong_took = g_get_monotonic_time () - start;
  g_assert_cmpint (wrong_took, >=, G_USEC_PER_SEC);
  /* The right PIN is answered without that second's wait: it takes only the PIN's hashing,
   * which the wrong one took too (slow under valgrind, hence no fixed bound). */
  start = g_get_monotonic_time ();
  g_assert_true (sp_db_unlock (fixture->db, id, PIN, "penalty delete", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, wrong_took - G_USEC_PER_SEC / 2);

  lines = pin_log (fixture);
  for (guint i = 0; i < lines->len; i++)
    if (strstr (lines->pdata[i], "\"wrong\"") != NULL)
      wrong++;
  g_assert_cmpuint (wrong, ==, G_N_ELEMENTS (delays) + 2);
  g_assert_true (log_has (lines, "Referee Wu", "wrong", "session reopen", 0));
  g_assert_true (log_has (lines, "Referee Lin", "wrong", "hand edit", 0));
  g_assert_true (log_has (lines, "Referee Wu", "wrong", "penalty delete", 0));
  g_assert_true (log_has (lines, "Referee Wu", "unlocked", "session reopen", 0));
  g_assert_true (tournament_log_has (fixture, SP_LOG_PIN_WRONG, "hand edit"));
  g_assert_true (tournament_log_has (fixture, SP_LOG_PIN_UNLOCKED, "session reopen"));
}

/* ---- the protected changes ---------------------------------------------------------------- */

typedef gboolean (*Change) (Fixture  *fixture,
                            GError  **error);

static gboolean
reopen_session (Fixture  *fixture,
                GError  **error)
{
  return sp_db_reopen_session (fixture->db, fixture->tournament, 1, error);
}

static gboolean
correct_closed_hand (Fixture  *fixture,
                     GError  **error)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandReport) report = { 0 };

  win (&entry, 24);
  return sp_db_correct_hand (fixture->db, fixture->tournament, fixture->rules, fixture->hands[1],
                             &entry, &report, error);
}

static gboolean
delete_closed_hand (Fixture  *fixture,
                    GError  **error)
{
  g_auto(SpHandReport) report = { 0 };

  return sp_db_remove_hand (fixture->db, fixture->tournament, fixture->rules, fixture->hands[1],
                            &report, error);
}

static gboolean
delete_penalty (Fixture  *fixture,
                GError  **error)
{
  return sp_db_delete_penalty (fixture->db, fixture->tournament->id, fixture->penalty, error);
}

static gboolean
withdraw_player (Fixture  *fixture,
                 GError  **error)
{
  return sp_db_withdraw_player (fixture->db, fixture->tournament->id, fixture->players[2],
                                error);
}

static gboolean
substitute_player (Fixture  *fixture,
                   GError  **error)
{
  g_autofree char *name = g_strdup ("Sub Stitute");
  SpPlayer substitute = { .name = name };

  return sp_db_substitute_player (fixture->db, fixture->tournament->id, fixture->players[3],
                                  &substitute, TRUE, error);
}

static gboolean
delete_tournament (Fixture  *fixture,
                   GError  **error)
{
  return sp_db_delete_tournament (fixture->db, fixture->tournament->id, "Lock night", error);
}

typedef struct
{
  const char *name;
  Change      change;
  gboolean    closed;  /* made on session 1 closed */
  const char *action;
  const char *says;
} Protected;

static const Protected protected_changes[] = {
  { "reopen-session", reopen_session, TRUE, "session reopen",
    "A director's PIN is required to reopen session 1." },
  { "correct-closed-hand", correct_closed_hand, TRUE, "hand edit",
    "A director's PIN is required to correct hand" },
  { "delete-closed-hand", delete_closed_hand, TRUE, "hand delete",
    "A director's PIN is required to delete hand" },
  { "delete-penalty", delete_penalty, FALSE, "penalty delete",
    "A director's PIN is required to delete penalty" },
  { "delete-closed-penalty", delete_penalty, TRUE, "penalty delete",
    "A director's PIN is required to delete penalty" },
  { "withdraw-player", withdraw_player, FALSE, "players withdraw",
    "A director's PIN is required to withdraw player" },
  { "substitute-player", substitute_player, FALSE, "players substitute",
    "A director's PIN is required to substitute player" },
  { "delete-tournament", delete_tournament, FALSE, "tournament delete",
    "A director's PIN is required to delete tournament" },
};

static void
test_protected (Fixture       *fixture,
                gconstpointer  data)
{
  const Protected *change = data;
  gint64 id = fixture->tournament->id;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(SpDb) second = NULL;
  guint before;

  if (change->closed)
    {
      g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
      g_assert_no_error (error);
    }
  set_pin (fixture);

  /* Locked: refused, nothing written (not even to the log). */
  before = count_audit (fixture);
  g_assert_false (change->change (fixture, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED);
  g_assert_nonnull (strstr (error->message, change->says));
  g_clear_error (&error);
  g_assert_cmpuint (count_audit (fixture), ==, before);

  /* Unlocking one connection does not open another. */
  second = sp_db_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (sp_db_unlock (second, id, PIN, change->action, &error));
  g_assert_no_error (error);
  g_assert_false (change->change (fixture, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED);
  g_clear_error (&error);

  /* Unlocked, then locked again: refused. */
  g_assert_true (sp_db_unlock (fixture->db, id, PIN, change->action, &error));
  g_assert_no_error (error);
  sp_db_lock (fixture->db, 0);
  g_assert_false (change->change (fixture, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED);
  g_clear_error (&error);

  /* Unlocked: made, and the log says it was made under the director's lock. */
  g_assert_true (sp_db_unlock (fixture->db, id, PIN, change->action, &error));
  g_assert_no_error (error);
  g_assert_true (change->change (fixture, &error));
  g_assert_no_error (error);
  lines = pin_log (fixture);
  g_assert_cmpuint (lines->len, >=, 2);
  g_assert_nonnull (strstr (lines->pdata[lines->len - 1], "\"event\":\"used\""));
  g_assert_nonnull (strstr (lines->pdata[lines->len - 1], change->action));
  if (change->change != delete_tournament)
    g_assert_true (tournament_log_has (fixture, SP_LOG_PIN_USED, change->action));

  /* A closed session's hand is changed in place: the session stays closed, time up kept. */
  if (change->closed && change->change != reopen_session)
    {
      SpSessionInfo info = { 0 };

      g_assert_true (sp_db_get_session (fixture->db, id, 1, &info, &error));
      g_assert_no_error (error);
      g_assert_true (info.closed);
      g_assert_true (info.time_up);
    }
}

/* Without a PIN the protected changes are made as before, and a closed session's hands stay
 * frozen until it is reopened. */
static void
test_no_pin (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (delete_penalty (fixture, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (correct_closed_hand (fixture, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "closed"));
  g_clear_error (&error);
  g_assert_true (reopen_session (fixture, &error));
  g_assert_no_error (error);
  g_assert_true (correct_closed_hand (fixture, &error));
  g_assert_no_error (error);
}

/* Under the lock a closed session's hand is still refused by every other rule, with nothing
 * written: the session closed again as it was. */
static void
test_closed_rules_kept (Fixture       *fixture,
                        gconstpointer  data)
{
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) error = NULL;
  SpSessionInfo info = { 0 };
  guint before;

  g_assert_true (sp_db_close_session (fixture->db, fixture->tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  set_pin (fixture);
  g_assert_true (sp_db_unlock (fixture->db, fixture->tournament->id, PIN, "hand edit", &error));
  g_assert_no_error (error);
  before = count_audit (fixture);
  win (&entry, 1);  /* below MCR's minimum of 8 */
  g_assert_false (sp_db_correct_hand (fixture->db, fixture->tournament, fixture->rules,
                                      fixture->hands[0], &entry, &report, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (count_audit (fixture), ==, before);
  g_assert_true (sp_db_get_session (fixture->db, fixture->tournament->id, 1, &info, &error));
  g_assert_true (info.closed);
}

/* An unlock left unused for the connection's timeout lapses; one in use holds. */
static void
test_unlock_timeout (Fixture       *fixture,
                     gconstpointer  data)
{
  gint64 id = fixture->tournament->id;
  g_autoptr(GError) error = NULL;

  set_pin (fixture);
  sp_db_set_unlock_timeout (fixture->db, 1);
  g_assert_true (sp_db_unlock (fixture->db, id, PIN, "players withdraw", &error));
  g_assert_no_error (error);
  g_usleep (G_USEC_PER_SEC / 2);
  g_assert_true (sp_db_is_unlocked (fixture->db, id));
  g_assert_true (withdraw_player (fixture, &error));
  g_assert_no_error (error);
  /* The withdrawal used it: another 0.7 s later it still holds. */
  g_usleep (G_USEC_PER_SEC * 7 / 10);
  g_assert_true (sp_db_is_unlocked (fixture->db, id));
  g_usleep (G_USEC_PER_SEC * 12 / 10);
  g_assert_false (sp_db_is_unlocked (fixture->db, id));
  g_assert_false (delete_penalty (fixture, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/db/pin/rules", test_rules);
  g_test_add ("/sparrow/db/pin/hash", Fixture, NULL, fixture_set_up, test_hash,
              fixture_tear_down);
  g_test_add ("/sparrow/db/pin/set-change-clear", Fixture, NULL, fixture_set_up,
              test_set_change_clear, fixture_tear_down);
  g_test_add ("/sparrow/db/pin/slow-down", Fixture, NULL, fixture_set_up, test_slow_down,
              fixture_tear_down);
  for (guint i = 0; i < G_N_ELEMENTS (protected_changes); i++)
    {
      g_autofree char *path = g_strconcat ("/sparrow/db/pin/protected/",
                                           protected_changes[i].name, NULL);

      g_test_add (path, Fixture, &protected_changes[i], fixture_set_up, test_protected,
                  fixture_tear_down);
    }
  g_test_add ("/sparrow/db/pin/no-pin", Fixture, NULL, fixture_set_up, test_no_pin,
              fixture_tear_down);
  g_test_add ("/sparrow/db/pin/closed-rules-kept", Fixture, NULL, fixture_set_up,
              test_closed_rules_kept, fixture_tear_down);
  g_test_add ("/sparrow/db/pin/unlock-timeout", Fixture, NULL, fixture_set_up,
              test_unlock_timeout, fixture_tear_down);
  return g_test_run ();
}
