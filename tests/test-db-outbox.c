/* test-db-outbox.c: a station's outbox (db/sp-outbox.c): the hands a referee entered while the
 * server could not be reached are sent once when it is back, whatever fails in between; a stale
 * entry becomes a conflict with the store's message and its table's later entries wait behind
 * it.  Against a SQLite file and against a private PostgreSQL server the test starts and stops
 * itself (build-aux/test-server.sh, $SP_TEST_SERVER_SCRIPT); without PostgreSQL installed the
 * server's case is skipped.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "sp-outbox.h"
#include "sp-test-db.h"

static const char *const names[4] = { "Anna", "Bo", "Chen", "Dora" };

typedef struct
{
  char         *folder;
  char         *location;
  SpDb         *db;
  SpTournament *tournament;
  SpOutbox     *outbox;
  /* The server's case: its cluster, to stop and start again. */
  char         *cluster;
  char         *pg_ctl;
  char         *port;
} Fixture;

/* A self-drawn win of East given by its total (enough for the Chinese profile's minimum). */
static SpOutboxItem *
new_item (Fixture    *fixture,
          guint       expect_hand,
          gint64      total)
{
  SpOutboxItem *item = g_new0 (SpOutboxItem, 1);

  item->tournament = fixture->tournament->id;
  item->session = 1;
  item->table = 1;
  item->expect_hand = expect_hand;
  item->referee = g_strdup ("Mei Lin");
  sp_hand_entry_init (&item->entry);
  item->entry.winner = SP_WIND_EAST;
  item->entry.from = SP_HAND_ENTRY_SELF_DRAWN;
  item->entry.has_total = TRUE;
  item->entry.total = total;
  item->entry.key = g_uuid_string_random ();
  return item;
}

static SpOutboxItem *
queue (Fixture *fixture,
       guint    expect_hand,
       gint64   total)
{
  g_autoptr(GError) error = NULL;
  SpOutboxItem *item = new_item (fixture, expect_hand, total);

  g_assert_true (sp_outbox_add (fixture->outbox, item, &error));
  g_assert_no_error (error);
  g_assert_cmpint (item->id, >, 0);
  g_assert_cmpint (item->state, ==, SP_OUTBOX_WAITING);
  return item;
}

static GPtrArray *
list_hands (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *hands = sp_db_list_hands (fixture->db, fixture->tournament->id, 1, 1, &error);

  g_assert_no_error (error);
  return hands;
}

static SpOutboxItem *
get_item (Fixture *fixture,
          gint64   id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = sp_outbox_list (fixture->outbox, -1, 0, 0, 0, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < items->len; i++)
    if (((SpOutboxItem *) items->pdata[i])->id == id)
      return g_ptr_array_steal_index (items, i);
  return NULL;
}

/* Enters @item's hand at the store directly, as the outbox's sending would: the server's
 * COMMIT done, the outbox not told. */
static gint64
enter_directly (Fixture            *fixture,
                const SpOutboxItem *item)
{
  g_autoptr(GError) error = NULL;
  g_auto(SpHandReport) report = { 0 };

  g_assert_true (sp_db_add_hand_expecting (fixture->db, fixture->tournament,
                                           fixture->tournament->rules, item->session,
                                           item->table, item->expect_hand, NULL, &item->entry,
                                           &report, &error));
  g_assert_no_error (error);
  g_assert_false (report.repeated);
  return report.hand->id;
}

static void
reopen_outbox (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_strdup (sp_outbox_get_path (fixture->outbox));

  g_clear_pointer (&fixture->outbox, sp_outbox_close);
  fixture->outbox = sp_outbox_open (path, &error);
  g_assert_no_error (error);
}

static void
setup_store (Fixture    *fixture,
             const char *location)
{
  g_autoptr(GError) error = NULL;
  SpTournament tournament = sp_test_mcr_tournament ("Outbox Open");
  g_autofree char *outbox = NULL;
  gint64 players[4];

  fixture->location = g_strdup (location);
  fixture->db = sp_db_open (location, &error);
  g_assert_no_error (error);
  fixture->tournament = sp_test_seat_one_table (fixture->db, &tournament, names, players);
  outbox = sp_outbox_path_for (location);
  fixture->outbox = sp_outbox_open (outbox, &error);
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  fixture->folder = g_dir_make_tmp ("sparrow-outbox-XXXXXX", &error);
  g_assert_no_error (error);
  if (data != NULL)
    return;
  path = g_build_filename (fixture->folder, "event.db", NULL);
  setup_store (fixture, path);
}

static void
run_as_owner (Fixture    *fixture,
              const char *action)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = g_build_filename (fixture->cluster, "data", NULL);
  g_autofree char *log = g_build_filename (fixture->cluster, "server.log", NULL);
  g_autofree char *err = NULL;
  g_autofree char *options = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  int status = 0;

  /* Started again as build-aux/test-server.sh started it: its port, its socket's folder. */
  options = g_strdup_printf ("-p %s -k %s -c listen_addresses=127.0.0.1 -c fsync=off",
                             fixture->port, fixture->cluster);

  if (getuid () == 0)
    {
      g_ptr_array_add (argv, (char *) "runuser");
      g_ptr_array_add (argv, (char *) "-u");
      g_ptr_array_add (argv, (char *) "postgres");
      g_ptr_array_add (argv, (char *) "--");
    }
  g_ptr_array_add (argv, fixture->pg_ctl);
  g_ptr_array_add (argv, (char *) "-D");
  g_ptr_array_add (argv, data);
  g_ptr_array_add (argv, (char *) "-l");
  g_ptr_array_add (argv, log);
  g_ptr_array_add (argv, (char *) "-m");
  g_ptr_array_add (argv, (char *) "fast");
  g_ptr_array_add (argv, (char *) "-w");
  g_ptr_array_add (argv, (char *) "-o");
  g_ptr_array_add (argv, options);
  g_ptr_array_add (argv, (char *) action);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                NULL, NULL, NULL, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("pg_ctl %s: %s", action, err);
}

/* pg_ctl of the newest PostgreSQL installed, or NULL. */
static char *
find_pg_ctl (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/usr/lib/postgresql", 0, NULL);
  const char *name;
  char *best = NULL;
  guint best_version = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename ("/usr/lib/postgresql", name, "bin", "pg_ctl",
                                                NULL);
      guint version = (guint) g_ascii_strtoull (name, NULL, 10);

      if (version > best_version && g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        {
          g_free (best);
          best = g_steal_pointer (&path);
          best_version = version;
        }
    }
  return best;
}

/* A private cluster on a free loopback port, a database on it; FALSE (the case skipped) when
 * PostgreSQL is not installed. */
static gboolean
start_server (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GSocketAddress) any = NULL;
  g_autoptr(GSocketAddress) bound = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *location = NULL;
  const char *script = g_getenv ("SP_TEST_SERVER_SCRIPT");
  g_autofree char *psql = NULL;
  int status = 0;

  fixture->pg_ctl = find_pg_ctl ();
  if (script == NULL || fixture->pg_ctl == NULL
      || (psql = g_find_program_in_path ("psql")) == NULL)
    {
      g_test_skip ("PostgreSQL's server, psql or $SP_TEST_SERVER_SCRIPT missing");
      return FALSE;
    }
  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                         &error);
  g_assert_no_error (error);
  any = g_inet_socket_address_new_from_string ("127.0.0.1", 0);
  g_assert_true (g_socket_bind (socket, any, FALSE, &error));
  bound = g_socket_get_local_address (socket, &error);
  g_assert_no_error (error);
  fixture->port = g_strdup_printf ("%u", g_inet_socket_address_get_port (
                                           G_INET_SOCKET_ADDRESS (bound)));
  g_socket_close (socket, NULL);
  fixture->cluster = g_build_filename (fixture->folder, "cluster", NULL);
  g_assert_cmpint (g_chmod (fixture->folder, 0755), ==, 0);
  {
    const char *argv[] = { script, "start", fixture->cluster, fixture->port, NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                  &error);
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("starting a private server: %s", err);
  g_strstrip (out);
  {
    g_autofree char *maintenance = g_strconcat (out, "/postgres", NULL);
    const char *argv[] = { "psql", "-q", "-X", "-v", "ON_ERROR_STOP=1", maintenance, "-c",
                           "CREATE DATABASE outbox", NULL };

    g_clear_pointer (&err, g_free);
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, &err,
                  &status, &error);
    g_assert_no_error (error);
    if (!g_spawn_check_wait_status (status, NULL))
      g_error ("creating the database: %s", err);
  }
  location = g_strconcat (out, "/outbox", NULL);
  setup_store (fixture, location);
  return TRUE;
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_pointer (&fixture->outbox, sp_outbox_close);
  g_clear_pointer (&fixture->db, sp_db_close);
  g_clear_pointer (&fixture->tournament, sp_tournament_free);
  if (fixture->cluster != NULL)
    {
      const char *argv[] = { g_getenv ("SP_TEST_SERVER_SCRIPT"), "stop", fixture->cluster,
                             NULL };

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                    NULL, NULL, NULL);
    }
  sp_test_remove_folder (fixture->folder);
  g_free (fixture->folder);
  g_free (fixture->location);
  g_free (fixture->cluster);
  g_free (fixture->pg_ctl);
  g_free (fixture->port);
}

/* Whether the @length bytes of @data hold @text. */
static gboolean
holds (const char *data,
       gsize       length,
       const char *text)
{
  gsize n = strlen (text);

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (data + i, text, n) == 0)
      return TRUE;
  return FALSE;
}

/* ---- the cases ----------------------------------------------------------------------------- */

static void
test_entry_text (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandEntry) back = { 0 };
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;

  sp_hand_entry_init (&entry);
  entry.winner = SP_WIND_SOUTH;
  entry.from = SP_WIND_NORTH;
  sp_hand_entry_set_tiles (&entry, "123m456p789s11z [EEE]");
  g_assert_true (sp_situation_from_string (&entry.situation, "last-tile flowers=f1,f5", &error));
  g_assert_no_error (error);
  entry.riichi = 0x5;
  entry.has_value = TRUE;
  entry.value = (SpHandValue) { 3, 40, 0 };
  entry.n_also = 1;
  entry.also[0].winner = SP_WIND_WEST;
  entry.also[0].has_value = TRUE;
  entry.also[0].value = (SpHandValue) { 0, 0, 1 };
  sp_situation_init (&entry.also[0].situation);
  entry.key = g_strdup ("not kept in the text");
  text = sp_outbox_entry_to_string (&entry);
  g_assert_null (strstr (text, "not kept"));
  g_assert_true (sp_outbox_entry_from_string (&back, text, &error));
  g_assert_no_error (error);
  g_assert_cmpint (back.winner, ==, SP_WIND_SOUTH);
  g_assert_cmpint (back.from, ==, SP_WIND_NORTH);
  g_assert_cmpstr (back.tiles, ==, "123m456p789s11z [EEE]");
  g_assert_cmpint (back.riichi, ==, 0x5);
  g_assert_cmpint (back.value.fu, ==, 40);
  g_assert_cmpuint (back.n_also, ==, 1);
  g_assert_cmpint (back.also[0].winner, ==, SP_WIND_WEST);
  g_assert_cmpint (back.also[0].value.yakuman, ==, 1);
  g_assert_null (back.key);
  again = sp_outbox_entry_to_string (&back);
  g_assert_cmpstr (again, ==, text);

  sp_hand_entry_clear (&back);
  g_assert_false (sp_outbox_entry_from_string (&back, "(true, 1)", &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_CORRUPT);
}

static void
test_path (void)
{
  g_autofree char *plain = sp_outbox_path_for ("postgresql://mei@192.0.2.7/sparrow");
  g_autofree char *with = sp_outbox_path_for ("postgresql://mei:secret@192.0.2.7/sparrow");
  g_autofree char *query = sp_outbox_path_for ("postgresql://mei@192.0.2.7/sparrow"
                                               "?password=secret");
  g_autofree char *other = sp_outbox_path_for ("postgresql://mei@192.0.2.8/sparrow");
  g_autofree char *words = sp_outbox_path_for ("host=192.0.2.7 dbname=sparrow");
  g_autofree char *words_with = sp_outbox_path_for ("host=192.0.2.7 password=secret "
                                                    "dbname=sparrow");
  g_autofree char *folder = g_build_filename (g_get_user_state_dir (), "sparrow", "outbox",
                                              NULL);

  /* One outbox per server, whatever password the location held; none in its name. */
  g_assert_true (g_str_has_prefix (plain, folder));
  g_assert_cmpstr (plain, ==, with);
  g_assert_cmpstr (plain, ==, query);
  g_assert_cmpstr (plain, !=, other);
  g_assert_cmpstr (words, ==, words_with);
  g_assert_null (strstr (with, "secret"));
}

/* Entries kept, sent once; the outbox file is its own, mode 0600, and holds no password. */
static void
check_sent_once (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  g_autoptr(GPtrArray) items = NULL;
  SpOutboxSent sent = { 0 };
  GStatBuf info;

  sp_outbox_send (fixture->outbox, fixture->db, &sent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sent.sent, ==, 3);
  g_assert_cmpuint (sent.repeated, ==, 0);
  g_assert_cmpuint (sent.conflicts, ==, 0);
  g_assert_cmpuint (sent.waiting, ==, 0);
  hands = list_hands (fixture);
  g_assert_cmpuint (hands->len, ==, 3);
  items = sp_outbox_list (fixture->outbox, SP_OUTBOX_SENT, 0, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (items->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const SpHandRecord *hand = hands->pdata[i];
      const SpOutboxItem *item = items->pdata[i];

      /* In queue order, each the hand it was, under its key. */
      g_assert_cmpuint (hand->number, ==, i + 1);
      g_assert_cmpint (hand->id, ==, item->hand_id);
      g_assert_cmpstr (hand->entry_key, ==, item->entry.key);
      g_assert_cmpint (hand->total, ==, 8 + (gint) i);
      g_assert_cmpstr (hand->entered_by, ==, "Mei Lin");
    }
  /* Sent again: nothing is waiting, nothing is entered twice. */
  sp_outbox_send (fixture->outbox, fixture->db, &sent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sent.sent, ==, 0);
  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = list_hands (fixture);
  g_assert_cmpuint (hands->len, ==, 3);
  g_assert_cmpint (g_stat (sp_outbox_get_path (fixture->outbox), &info), ==, 0);
  g_assert_cmpint (info.st_mode & 0777, ==, 0600);
}

/* Killed between the server's COMMIT and the outbox's note: the next sending finds the hand by
 * its key and notes it sent, and the table has it once. */
static void
check_killed_after_commit (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpOutboxItem) item = NULL;
  g_autoptr(SpOutboxItem) after = NULL;
  g_autoptr(GPtrArray) hands = NULL;
  guint before = 0;
  SpOutboxSent sent = { 0 };
  gint64 hand_id;

  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = list_hands (fixture);
  before = hands->len;
  item = queue (fixture, before + 1, 12);
  hand_id = enter_directly (fixture, item);
  reopen_outbox (fixture);
  after = get_item (fixture, item->id);
  g_assert_cmpint (after->state, ==, SP_OUTBOX_WAITING);
  g_clear_pointer (&after, sp_outbox_item_free);

  sp_outbox_send (fixture->outbox, fixture->db, &sent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sent.sent, ==, 1);
  g_assert_cmpuint (sent.repeated, ==, 1);
  after = get_item (fixture, item->id);
  g_assert_cmpint (after->state, ==, SP_OUTBOX_SENT);
  g_assert_cmpint (after->hand_id, ==, hand_id);
  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = list_hands (fixture);
  g_assert_cmpuint (hands->len, ==, before + 1);
}

/* Another station entered the table's next hand meanwhile: the entry numbered for it is a
 * conflict with the store's message, the table's later entry waits behind it (never numbered
 * wrongly), until the conflict is discarded; a conflict entered again leaves as a fresh hand. */
static void
check_conflicts (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) hands = list_hands (fixture);
  g_autoptr(SpOutboxItem) elsewhere = new_item (fixture, hands->len + 1, 20);
  g_autoptr(SpOutboxItem) stale = NULL;
  g_autoptr(SpOutboxItem) later = NULL;
  g_autoptr(SpOutboxItem) read = NULL;
  g_autoptr(SpOutboxItem) again = NULL;
  g_autoptr(SpOutboxItem) false_win = new_item (fixture, 1, 8);
  guint at = hands->len;
  guint waiting = 0, conflicts = 0;
  SpOutboxSent sent = { 0 };

  /* The other station's hand, under a key of its own. */
  g_free (elsewhere->referee);
  elsewhere->referee = g_strdup ("Bo Wen");
  sp_db_set_referee (fixture->db, "Bo Wen");
  enter_directly (fixture, elsewhere);
  sp_db_set_referee (fixture->db, NULL);
  stale = queue (fixture, at + 1, 9);
  later = queue (fixture, at + 2, 10);
  sp_outbox_send (fixture->outbox, fixture->db, &sent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sent.sent, ==, 0);
  g_assert_cmpuint (sent.conflicts, ==, 1);
  g_assert_cmpuint (sent.waiting, ==, 1);
  read = get_item (fixture, stale->id);
  g_assert_cmpint (read->state, ==, SP_OUTBOX_CONFLICT);
  /* The store's own words: who entered that hand. */
  g_assert_nonnull (strstr (read->message, "table 1 is at hand"));
  g_assert_nonnull (strstr (read->message, "Bo Wen"));
  g_clear_pointer (&read, sp_outbox_item_free);
  g_assert_true (sp_outbox_count (fixture->outbox, &waiting, &conflicts, &error));
  g_assert_cmpuint (waiting, ==, 1);
  g_assert_cmpuint (conflicts, ==, 1);
  /* Sent again, the later entry still waits behind the conflict. */
  sp_outbox_send (fixture->outbox, fixture->db, &sent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sent.sent, ==, 0);
  g_assert_cmpuint (sent.waiting, ==, 1);
  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = list_hands (fixture);
  g_assert_cmpuint (hands->len, ==, at + 1);

  /* Discarded (the other station's hand was the same one): the later entry goes, as the next
   * hand it was typed as. */
  g_assert_true (sp_outbox_discard (fixture->outbox, stale->id, &error));
  g_assert_no_error (error);
  g_assert_false (sp_outbox_discard (fixture->outbox, stale->id, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND);
  g_clear_error (&error);
  sp_outbox_send (fixture->outbox, fixture->db, &sent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sent.sent, ==, 1);
  g_clear_pointer (&hands, g_ptr_array_unref);
  hands = list_hands (fixture);
  g_assert_cmpuint (hands->len, ==, at + 2);
  g_assert_cmpstr (((SpHandRecord *) hands->pdata[at + 1])->entry_key, ==, later->entry.key);

  /* A stale entry once more, entered again: a fresh hand with a new key and its place; the
   * conflict stays until it is discarded. */
  g_clear_pointer (&stale, sp_outbox_item_free);
  stale = queue (fixture, at + 1, 11);
  sp_outbox_send (fixture->outbox, fixture->db, &sent, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sent.conflicts, ==, 1);
  g_assert_null (sp_outbox_enter_again (fixture->outbox, later->id, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  again = sp_outbox_enter_again (fixture->outbox, stale->id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (again->entry.total, ==, 11);
  g_assert_cmpint (again->place, ==, stale->place);
  g_assert_cmpstr (again->entry.key, !=, stale->entry.key);
  g_assert_cmpint (again->id, ==, stale->id);
  read = get_item (fixture, stale->id);
  g_assert_cmpint (read->state, ==, SP_OUTBOX_CONFLICT);
  g_clear_pointer (&read, sp_outbox_item_free);
  g_assert_true (sp_outbox_discard (fixture->outbox, stale->id, &error));
  g_assert_no_error (error);
  g_assert_true (sp_outbox_count (fixture->outbox, &waiting, &conflicts, &error));
  g_assert_cmpuint (conflicts, ==, 0);

  /* A false win has no key on the server: not kept. */
  false_win->entry.false_win = TRUE;
  g_assert_false (sp_outbox_add (fixture->outbox, false_win, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
  g_clear_error (&error);
  /* Nor an entry whose key is one already kept. */
  g_free (false_win->entry.key);
  false_win->entry.key = g_strdup (later->entry.key);
  false_win->entry.false_win = FALSE;
  g_assert_false (sp_outbox_add (fixture->outbox, false_win, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID);
}

static void
test_file (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(SpOutboxItem) first = NULL;
  g_autoptr(SpOutboxItem) second = NULL;
  g_autoptr(SpOutboxItem) third = NULL;

  first = queue (fixture, 1, 8);
  second = queue (fixture, 2, 9);
  third = queue (fixture, 3, 10);
  g_assert_cmpint (first->place, <, second->place);
  check_sent_once (fixture);
  check_killed_after_commit (fixture);
  check_conflicts (fixture);
}

static void
test_server (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpOutboxItem) first = NULL;
  g_autoptr(SpOutboxItem) second = NULL;
  g_autoptr(SpOutboxItem) third = NULL;
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GPtrArray) items = NULL;
  g_autofree char *text = NULL;
  SpOutboxSent sent = { 0 };

  if (!start_server (fixture))
    return;
  /* The server goes away: an entry is refused as a lost server, and kept. */
  run_as_owner (fixture, "stop");
  first = new_item (fixture, 1, 8);
  g_assert_false (sp_db_add_hand_expecting (fixture->db, fixture->tournament,
                                            fixture->tournament->rules, 1, 1, 1, NULL,
                                            &first->entry, &report, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_clear_error (&error);
  g_assert_true (sp_outbox_add (fixture->outbox, first, &error));
  g_assert_no_error (error);
  second = queue (fixture, 2, 9);
  third = queue (fixture, 3, 10);
  /* Sent while it is away: every entry still waits. */
  g_assert_false (sp_outbox_send (fixture->outbox, fixture->db, &sent, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_clear_error (&error);
  g_assert_cmpuint (sent.sent, ==, 0);
  items = sp_outbox_list (fixture->outbox, SP_OUTBOX_WAITING, 0, 0, 0, &error);
  g_assert_cmpuint (items->len, ==, 3);
  /* The outbox keeps no password, nor the location (the server's user is postgres). */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *path = g_strconcat (sp_outbox_get_path (fixture->outbox),
                                           i == 0 ? "" : "-wal", NULL);
      gsize length = 0;

      g_clear_pointer (&text, g_free);
      g_file_get_contents (path, &text, &length, &error);
      g_assert_no_error (error);
      g_assert_false (holds (text, length, "postgres"));
    }

  /* Back: sent once, in order. */
  run_as_owner (fixture, "start");
  check_sent_once (fixture);
  check_killed_after_commit (fixture);
  check_conflicts (fixture);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *state = g_dir_make_tmp ("sparrow-outbox-state-XXXXXX", &error);
  int status;

  g_assert_no_error (error);
  /* The outboxes go under $XDG_STATE_HOME, a folder of the test's own (set before GLib reads
   * it); one outbox per store's location. */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/db/outbox/entry-text", test_entry_text);
  g_test_add_func ("/sparrow/db/outbox/path", test_path);
  g_test_add ("/sparrow/db/outbox/file", Fixture, NULL, fixture_set_up, test_file,
              fixture_tear_down);
  g_test_add ("/sparrow/db/outbox/server", Fixture, GINT_TO_POINTER (1), fixture_set_up,
              test_server, fixture_tear_down);
  status = g_test_run ();
  sp_test_remove_folder (state);
  return status;
}
