/* test-db-station.c: a station's store never freezes its window: opening a server's store
 * (sp_db_open_async) lets the main loop run while the server is silent, and ends with a clear
 * message at the location's connect_timeout or at a cancel; a store call whose server stopped
 * answering (SIGSTOP of its backend) fails within the answer's deadline, and the store connects
 * again in the background; the login's role (director, referee, viewer) is read at the
 * opening.  The server's tests run with $SP_TEST_POSTGRESQL (postgresql://USER@HOST:PORT, a
 * superuser) and psql, and are skipped without them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "sp-db-roles.h"
#include "sp-test-server.h"

/* ---- helpers ------------------------------------------------------------------------------ */

typedef struct
{
  GMainLoop *loop;
  SpDb      *db;
  GError    *error;
  gboolean   done;
  guint      ticks;     /* of a 50 ms timer while waiting */
  gint64     finished;  /* monotonic µs */
} Waiting;

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Waiting *waiting = user_data;

  waiting->db = sp_db_open_finish (result, &waiting->error);
  waiting->done = TRUE;
  waiting->finished = g_get_monotonic_time ();
  g_main_loop_quit (waiting->loop);
}

static gboolean
tick_cb (gpointer user_data)
{
  Waiting *waiting = user_data;

  waiting->ticks++;
  return G_SOURCE_CONTINUE;
}

static gboolean
give_up_cb (gpointer user_data)
{
  Waiting *waiting = user_data;

  g_main_loop_quit (waiting->loop);
  return G_SOURCE_REMOVE;
}

/* Opens @location with sp_db_open_async, running the main loop (a timer ticking) until it is
 * done or @limit_s passed; @cancel_after_ms > 0 cancels it then. */
static void
open_waiting (Waiting    *waiting,
              const char *location,
              guint       cancel_after_ms,
              guint       limit_s)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  guint tick, limit, cancel = 0;

  memset (waiting, 0, sizeof *waiting);
  waiting->loop = g_main_loop_new (NULL, FALSE);
  sp_db_open_async (location, NULL, cancellable, opened_cb, waiting);
  g_assert_false (waiting->done); /* never at once for a server */
  tick = g_timeout_add (50, tick_cb, waiting);
  limit = g_timeout_add_seconds (limit_s, give_up_cb, waiting);
  if (cancel_after_ms > 0)
    cancel = g_timeout_add_once (cancel_after_ms, (GSourceOnceFunc) g_cancellable_cancel,
                                 cancellable);
  g_main_loop_run (waiting->loop);
  g_source_remove (tick);
  if (waiting->done)
    g_source_remove (limit);
  if (cancel != 0 && g_main_context_find_source_by_id (NULL, cancel) != NULL)
    g_source_remove (cancel);
  g_assert_true (waiting->done);
  g_clear_pointer (&waiting->loop, g_main_loop_unref);
}

/* A new database on the test server, with a Sparrow store in it; its name. */
static char *
new_store_database (const char *what)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp (what, &error);
  g_autofree char *location = NULL;
  SpDb *db;

  g_assert_no_error (error);
  g_setenv ("SP_TEST_BACKEND", "postgresql", TRUE);
  location = sp_test_db_location (folder);
  g_unsetenv ("SP_TEST_BACKEND");
  db = sp_db_open (location, &error);
  g_assert_no_error (error);
  sp_db_close (db);
  g_rmdir (folder);
  return g_strdup (strrchr (location, '/') + 1);
}

/* ---- a file ---------------------------------------------------------------------------------- */

static void
test_file_at_once (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("sparrow-station-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "test.db", NULL);
  g_autoptr(GMainContext) context = g_main_context_new ();
  Waiting waiting = { 0 };

  g_main_context_push_thread_default (context);
  waiting.loop = g_main_loop_new (context, FALSE);
  sp_db_open_async (path, NULL, NULL, opened_cb, &waiting);
  /* Opened at once; the callback comes from the main loop, as GTask's always do. */
  g_main_loop_run (waiting.loop);
  g_main_loop_unref (waiting.loop);
  g_main_context_pop_thread_default (context);
  g_assert_no_error (waiting.error);
  g_assert_nonnull (waiting.db);
  g_assert_cmpint (sp_db_get_role (waiting.db), ==, SP_DB_ROLE_DIRECTOR);
  g_assert_cmpstr (sp_db_get_login (waiting.db), ==, g_get_user_name ());
  g_assert_cmpint (sp_db_get_connection_state (waiting.db), ==, SP_DB_CONNECTED);
  sp_db_close (waiting.db);
  sp_test_remove_folder (folder);
}

/* ---- a server that does not answer ------------------------------------------------------------ */

static void
test_silent_server_times_out (void)
{
  int port = 0;
  int fd = sp_test_silent_server (&port);
  g_autofree char *location =
    g_strdup_printf ("postgresql://mei@127.0.0.1:%d/sparrow?connect_timeout=1", port);
  gint64 started = g_get_monotonic_time ();
  Waiting waiting;

  open_waiting (&waiting, location, 0, 10);
  g_assert_null (waiting.db);
  g_assert_error (waiting.error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_assert_nonnull (strstr (waiting.error->message, "did not answer within 1 s"));
  g_assert_nonnull (strstr (waiting.error->message, location));
  /* The main loop ran all along: 50 ms ticks over about a second. */
  g_assert_cmpuint (waiting.ticks, >=, 12);
  g_assert_cmpint (waiting.finished - started, >=, G_USEC_PER_SEC);
  g_assert_cmpint (waiting.finished - started, <, 3 * G_USEC_PER_SEC);
  g_clear_error (&waiting.error);
  close (fd);
}

static void
test_silent_server_cancelled (void)
{
  int port = 0;
  int fd = sp_test_silent_server (&port);
  g_autofree char *location = g_strdup_printf ("postgresql://mei@127.0.0.1:%d/sparrow", port);
  gint64 started = g_get_monotonic_time ();
  Waiting waiting;

  open_waiting (&waiting, location, 300, 10);
  g_assert_null (waiting.db);
  g_assert_error (waiting.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_nonnull (strstr (waiting.error->message, "cancelled"));
  g_assert_cmpuint (waiting.ticks, >=, 4);
  g_assert_cmpint (waiting.finished - started, <, 2 * G_USEC_PER_SEC);
  g_clear_error (&waiting.error);
  close (fd);
}

/* ---- a server -------------------------------------------------------------------------------- */

static void
test_server_opens (void)
{
  g_autofree char *database = NULL;
  g_autofree char *location = NULL;
  g_autoptr(GPtrArray) tournaments = NULL;
  g_autoptr(GError) error = NULL;
  Waiting waiting;

  if (sp_test_server () == NULL)
    {
      g_test_skip ("no PostgreSQL server: set SP_TEST_POSTGRESQL");
      return;
    }
  database = new_store_database ("sparrow-station-open-XXXXXX");
  location = sp_test_server_location_as (NULL, database);
  open_waiting (&waiting, location, 0, 20);
  g_assert_no_error (waiting.error);
  g_assert_nonnull (waiting.db);
  g_assert_cmpint (sp_db_get_connection_state (waiting.db), ==, SP_DB_CONNECTED);
  tournaments = sp_db_list_tournaments (waiting.db, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (tournaments->len, ==, 0);
  /* The test server's user is a superuser: the director. */
  g_assert_cmpint (sp_db_get_role (waiting.db), ==, SP_DB_ROLE_DIRECTOR);
  sp_db_close (waiting.db);
}

static void
changed_cb (SpDb     *db,
            gpointer  user_data)
{
  guint *calls = user_data;

  (*calls)++;
}

static gboolean
quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @db is in @state, or @limit_s; whether it got there. */
static gboolean
wait_for_state (SpDb                *db,
                SpDbConnectionState  state,
                guint                limit_s)
{
  gint64 until = g_get_monotonic_time () + limit_s * G_USEC_PER_SEC;

  while (sp_db_get_connection_state (db) != state && g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10000);
  return sp_db_get_connection_state (db) == state;
}

static void
test_stopped_server (void)
{
  g_autofree char *database = NULL;
  g_autofree char *location = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *pid_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tournaments = NULL;
  gint64 version = 0, started, blocked;
  guint calls = 0;
  pid_t pid;
  Waiting waiting;

  if (sp_test_server () == NULL)
    {
      g_test_skip ("no PostgreSQL server: set SP_TEST_POSTGRESQL");
      return;
    }
  database = new_store_database ("sparrow-station-stop-XXXXXX");
  location = sp_test_server_location_as (NULL, database);
  open_waiting (&waiting, location, 0, 20);
  g_assert_no_error (waiting.error);
  g_assert_true (sp_db_watch_changes (waiting.db, changed_cb, &calls));
  g_assert_true (sp_db_get_data_version (waiting.db, &version, &error));
  g_assert_no_error (error);

  /* The station's backend on the server stops answering, as a dead link would. */
  sql = g_strdup_printf ("SELECT pid FROM pg_stat_activity WHERE datname = '%s'"
                         " AND application_name = 'sparrow'", database);
  pid_text = sp_test_psql (NULL, sql);
  pid = (pid_t) g_ascii_strtoll (pid_text, NULL, 10);
  g_assert_cmpint (pid, >, 0);
  g_assert_cmpint (kill (pid, SIGSTOP), ==, 0);

  started = g_get_monotonic_time ();
  tournaments = sp_db_list_tournaments (waiting.db, &error);
  blocked = g_get_monotonic_time () - started;
  kill (pid, SIGCONT);
  g_test_message ("a store call blocked %.2f s on a stopped server",
                  (double) blocked / G_USEC_PER_SEC);
  g_assert_null (tournaments);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "no answer within 5 s"));
  /* Bounded: the window's deadline of 5 s, not the kernel's minutes. */
  g_assert_cmpint (blocked, >=, 4 * G_USEC_PER_SEC);
  g_assert_cmpint (blocked, <, 7 * G_USEC_PER_SEC);
  g_clear_error (&error);

  /* The next call starts connecting again in the background and fails at once. */
  started = g_get_monotonic_time ();
  g_assert_false (sp_db_get_data_version (waiting.db, &version, &error));
  g_assert_cmpint (g_get_monotonic_time () - started, <, G_USEC_PER_SEC / 2);
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "connecting again"));
  g_clear_error (&error);
  g_assert_cmpint (sp_db_get_connection_state (waiting.db), ==, SP_DB_RECONNECTING);

  /* The server answers a new connection: the store is back, and the window was told. */
  g_assert_true (wait_for_state (waiting.db, SP_DB_CONNECTED, 15));
  {
    g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);

    g_timeout_add (100, quit_cb, loop);
    g_main_loop_run (loop);
  }
  g_assert_cmpuint (calls, >=, 1);
  tournaments = sp_db_list_tournaments (waiting.db, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tournaments);
  sp_db_close (waiting.db);
}

/* A store closed while it connects again leaves nothing behind that would touch it. */
static void
test_closed_while_reconnecting (void)
{
  g_autofree char *database = NULL;
  g_autofree char *location = NULL;
  g_autofree char *sql = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  gint64 version = 0;
  guint calls = 0;
  Waiting waiting;

  if (sp_test_server () == NULL)
    {
      g_test_skip ("no PostgreSQL server: set SP_TEST_POSTGRESQL");
      return;
    }
  database = new_store_database ("sparrow-station-close-XXXXXX");
  location = sp_test_server_location_as (NULL, database);
  open_waiting (&waiting, location, 0, 20);
  g_assert_no_error (waiting.error);
  g_assert_true (sp_db_watch_changes (waiting.db, changed_cb, &calls));
  sql = g_strdup_printf ("SELECT pg_terminate_backend (pid) FROM pg_stat_activity"
                         " WHERE datname = '%s' AND application_name = 'sparrow'", database);
  g_free (sp_test_psql (NULL, sql));
  /* The server dropped the connection: the next call starts connecting again. */
  g_assert_false (sp_db_get_data_version (waiting.db, &version, &error));
  g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_IO);
  g_assert_cmpint (sp_db_get_connection_state (waiting.db), ==, SP_DB_RECONNECTING);
  sp_db_close (waiting.db);
  g_timeout_add (500, quit_cb, loop);
  g_main_loop_run (loop);
  g_assert_cmpuint (calls, ==, 0);
}

static void
test_roles (void)
{
  g_autofree char *database = NULL;
  g_autofree char *roles = NULL;
  const char *names[] = { "director", "referee", "viewer" };
  const SpDbRole expected[] = { SP_DB_ROLE_DIRECTOR, SP_DB_ROLE_REFEREE, SP_DB_ROLE_VIEWER };

  if (sp_test_server () == NULL)
    {
      g_test_skip ("no PostgreSQL server: set SP_TEST_POSTGRESQL");
      return;
    }
  database = new_store_database ("sparrow-station-roles-XXXXXX");
  g_free (sp_test_psql (database, sp_db_roles_sql ()));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *user = g_strdup_printf ("station_%s_%d", names[i], (int) getpid ());
      g_autofree char *create = g_strdup_printf ("DROP ROLE IF EXISTS %s; CREATE ROLE %s LOGIN"
                                                 " IN ROLE %s", user, user, names[i]);
      g_autofree char *drop = g_strdup_printf ("DROP OWNED BY %s; DROP ROLE %s", user, user);
      g_autofree char *location = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) tournaments = NULL;
      g_autofree char *name = g_strdup_printf ("Made by the %s", names[i]);
      SpTournament tournament = {
        .name = name, .ruleset = SP_RULESET_MCR,
        .profile = (char *) sp_rules_list_profiles (SP_RULESET_MCR)[0], .options = (char *) "",
        .n_sessions = 1, .seating = (char *) "random", .ranking = (char *) "score",
      };
      Waiting waiting;

      g_free (sp_test_psql (NULL, create));
      location = sp_test_server_location_as (user, database);
      open_waiting (&waiting, location, 0, 20);
      g_assert_no_error (waiting.error);
      g_assert_cmpint (sp_db_get_role (waiting.db), ==, expected[i]);
      g_assert_cmpstr (sp_db_get_login (waiting.db), ==, user);
      g_assert_cmpstr (sp_db_role_get_name (sp_db_get_role (waiting.db)), ==, names[i]);
      /* The store still refuses what the role may not do, whatever the window shows. */
      tournaments = sp_db_list_tournaments (waiting.db, &error);
      g_assert_no_error (error);
      if (expected[i] == SP_DB_ROLE_DIRECTOR)
        {
          gboolean created = sp_db_create_tournament (waiting.db, &tournament, &error);

          g_assert_no_error (error);
          g_assert_true (created);
          g_clear_pointer (&tournament.created, g_free);
        }
      else
        {
          g_assert_false (sp_db_create_tournament (waiting.db, &tournament, &error));
          g_assert_error (error, SP_DB_ERROR, SP_DB_ERROR_DENIED);
        }
      sp_db_close (waiting.db);
      g_free (sp_test_psql (database, drop));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sparrow/db/station/file-at-once", test_file_at_once);
  g_test_add_func ("/sparrow/db/station/silent-server-times-out", test_silent_server_times_out);
  g_test_add_func ("/sparrow/db/station/silent-server-cancelled", test_silent_server_cancelled);
  g_test_add_func ("/sparrow/db/station/server-opens", test_server_opens);
  g_test_add_func ("/sparrow/db/station/stopped-server", test_stopped_server);
  g_test_add_func ("/sparrow/db/station/closed-while-reconnecting",
                   test_closed_while_reconnecting);
  g_test_add_func ("/sparrow/db/station/roles", test_roles);
  return g_test_run ();
}
