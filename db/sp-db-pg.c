/* sp-db-pg.c: the PostgreSQL backend, for a hall whose referee stations share one event on
 * a server: its connection (libpq), statements, transactions, the checks and migrations of a
 * database, the audit log (triggers of the schema, db/migrations-pg/) and the stations'
 * notifications.  The only file of the store that calls libpq.
 *
 * - Statements are prepared on the server once per connection, their `?` and `?N` written
 *   `$N`; values go as text and the server gives them their column's type.  An INSERT into a
 *   table with an id returns it (RETURNING id), which last_insert_id gives.
 * - A write transaction is the one writer of the database, as a SQLite file's is: it takes a
 *   transaction-level advisory lock first, so that the operations that check and then write
 *   (a hand's number, its version, a session still open) see every commit before theirs and
 *   none can come between.  A lock held longer than SP_DB_BUSY_TIMEOUT_MS, a deadlock or a
 *   serialization failure is SP_DB_ERROR_BUSY, which the store retries.
 * - The data version counts the other connections' commits: the audit log's last id moves with
 *   every change, and the moves this connection made itself are not counted.
 * - Each change is announced on the channel `sparrow` (the schema's trigger); a station's
 *   window listens through a GSource on the connection's socket.
 * - A lost server is SP_DB_ERROR_IO, and the connection is made again at the next transaction:
 *   at once for the command line; in the background for a station's window (a change hook
 *   set), whose calls fail at once meanwhile (sp_db_get_connection_state).  Nothing waits on the
 *   network without a deadline: a window's store connects in the main loop (PQconnectPoll on a
 *   GSource of the socket) and every answer is awaited with poll () for at most
 *   ANSWER_TIMEOUT_MS, after which the connection counts as lost — keepalives and
 *   tcp_user_timeout see a cable pulled, not a server that stopped answering.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-backend.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <libpq-fe.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

/* The key of the advisory lock a write transaction holds ("Spar"). */
#define WRITER_LOCK "1399878258"
/* The channel of the schema's notifications. */
#define CHANNEL "sparrow"

typedef struct
{
  PGconn         *conn;
  guint           n_prepared;     /* names the statements: s1, s2, … */
  gint64          last_id;
  gint64          changes;
  gboolean        writing;        /* the open transaction holds the writer's lock */
  gint64          log_seen;       /* the audit log's last id as this connection knows it */
  gint64          others;         /* the other connections' commits seen: the data version */
  SpDbChangeFunc  change_func;
  gpointer        change_data;
  guint           watch;          /* the socket's GSource, while a change hook is set */
  guint           announce;       /* an idle call of change_func, for notifications that came
                                   * in with a query's answer */
  SpDb           *db;
  /* How long a call waits for the server's answer before the connection counts as lost:
   * keepalives and tcp_user_timeout see a cable pulled, not a server that stopped answering
   * (its kernel still acknowledges), which only a deadline of our own bounds. */
  int             answer_timeout_ms;
  gboolean        timed_out;      /* the last connection was dropped for want of an answer */
  /* A station's window (a change hook set) connects again in the background, the main loop
   * running: while it does, the store's calls fail at once rather than wait. */
  GCancellable   *reconnecting;
  guint           retry;          /* the next attempt, after one failed */
  SpDbConnectionState state;
} Connection;

struct _SpDbQuery
{
  Connection *connection;
  char       *name;         /* NULL until prepared on this connection */
  char       *sql;          /* with $N parameters */
  int         n_params;
  char      **values;       /* n_params texts, NULL for NULL */
  gboolean    returns_id;   /* an INSERT whose RETURNING id is the last insert id */
  PGresult   *result;
  int         row;          /* the current row, -1 before the first */
};

static inline Connection *
connection_of (SpDb *db)
{
  return (Connection *) db->connection;
}

/* ---- errors ----------------------------------------------------------------------------- */

static gboolean
lost_server (PGconn *conn)
{
  return conn == NULL || PQstatus (conn) == CONNECTION_BAD;
}

/* The SpDbError of a failed result's SQLSTATE: a constraint is a refusal, a lock or a
 * serialization failure a busy store that the store retries, anything else a fault of the
 * server or of the connection. */
static int
code_of_state (const char *state)
{
  if (state == NULL)
    return SP_DB_ERROR_IO;
  if (g_str_has_prefix (state, "23") || g_str_has_prefix (state, "22"))
    return SP_DB_ERROR_INVALID;
  if (strcmp (state, "40001") == 0 || strcmp (state, "40P01") == 0
      || strcmp (state, "55P03") == 0)
    return SP_DB_ERROR_BUSY;
  if (strcmp (state, "42501") == 0)
    return SP_DB_ERROR_DENIED;
  return SP_DB_ERROR_IO;
}

/* The first line of libpq's message, without its "ERROR:  " and its newline. */
static char *
message_of (PGconn   *conn,
            PGresult *result)
{
  const char *text = result != NULL ? PQresultErrorField (result, PG_DIAG_MESSAGE_PRIMARY) : NULL;
  g_autofree char *copy = g_strdup (text != NULL ? text : conn != NULL ? PQerrorMessage (conn)
                                                                       : "no connection");
  char *newline = strchr (copy, '\n');

  if (newline != NULL)
    *newline = '\0';
  return g_strdup (g_strstrip (copy));
}

/* Why a call failed: libpq's or the server's words, or what this backend did to the
 * connection. */
static char *
reason_of (Connection *connection,
           PGresult   *result)
{
  if (connection != NULL && connection->conn == NULL && connection->reconnecting != NULL)
    return g_strdup (_("connecting again"));
  if (connection != NULL && connection->conn == NULL && connection->timed_out)
    /* Translators: why the connection was dropped; a number of seconds. */
    return g_strdup_printf (_("no answer within %d s"), connection->answer_timeout_ms / 1000);
  return message_of (connection != NULL ? connection->conn : NULL, result);
}

static gboolean
fail (SpDb        *db,
      PGresult    *result,
      const char  *what,
      GError     **error)
{
  Connection *connection = connection_of (db);
  PGconn *conn = connection != NULL ? connection->conn : NULL;
  g_autofree char *message = reason_of (connection, result);

  if (lost_server (conn))
    /* Translators: the server's location, what was being done, then libpq's reason. */
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                 _("lost the connection to the server %s while %s (%s); nothing was changed"),
                 db->path, what, message);
  else if (code_of_state (result != NULL ? PQresultErrorField (result, PG_DIAG_SQLSTATE)
                                           : NULL) == SP_DB_ERROR_DENIED)
    /* Translators: the server's user, its location, then the server's words ("permission
     * denied for table tournaments"). */
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_DENIED,
                 _("%s may not do this on %s (%s): the director's role is needed; nothing was "
                   "changed"), PQuser (conn), db->path, message);
  else
    g_set_error (error, SP_DB_ERROR,
                 code_of_state (result != NULL ? PQresultErrorField (result, PG_DIAG_SQLSTATE)
                                               : NULL),
                 "%s: %s (%s)", what, message, db->path);
  return FALSE;
}

/* ---- answers within a deadline ------------------------------------------------------------ */

/* Closes the connection (the server's statements go with it); the socket's watch first. */
static void
drop_connection (Connection *connection)
{
  g_clear_handle_id (&connection->watch, g_source_remove);
  g_clear_pointer (&connection->conn, PQfinish);
  connection->writing = FALSE;
}

/* Waits until the socket can be read (or written, @for_write), or the monotonic @deadline;
 * FALSE at the deadline. */
static gboolean
wait_socket (PGconn   *conn,
             gboolean  for_write,
             gint64    deadline)
{
  struct pollfd fd = { PQsocket (conn), POLLIN | (for_write ? POLLOUT : 0), 0 };

  if (fd.fd < 0)
    return TRUE; /* libpq says what is wrong at its next call */
  while (TRUE)
    {
      gint64 left = deadline - g_get_monotonic_time ();
      int n;

      if (left <= 0)
        return FALSE;
      n = poll (&fd, 1, (int) MIN (left / 1000 + 1, G_MAXINT));
      if (n > 0 || (n < 0 && errno != EINTR))
        return TRUE;
    }
}

/* The answer to what was just sent (@sent: whether libpq took it), as PQexec gives it: the
 * first error, else the last result.  A server that does not answer within the connection's
 * answer_timeout_ms loses its connection: NULL, and the caller reports a lost server. */
static PGresult *
await_answer (Connection *connection,
              gboolean    sent)
{
  PGconn *conn = connection->conn;
  gint64 deadline = g_get_monotonic_time () + (gint64) connection->answer_timeout_ms * 1000;
  PGresult *answer = NULL;
  PGresult *result;
  int flushed;

  if (conn == NULL)
    return NULL;
  if (!sent)
    return PQmakeEmptyPGresult (conn, PGRES_FATAL_ERROR);
  while ((flushed = PQflush (conn)) == 1)
    if (!wait_socket (conn, TRUE, deadline))
      goto no_answer;
  while (TRUE)
    {
      while (flushed == 0 && PQisBusy (conn))
        {
          if (!wait_socket (conn, FALSE, deadline))
            goto no_answer;
          if (!PQconsumeInput (conn))
            break;
        }
      result = PQgetResult (conn);
      if (result == NULL)
        break;
      if (answer == NULL || PQresultStatus (answer) != PGRES_FATAL_ERROR)
        {
          PQclear (answer);
          answer = result;
        }
      else
        PQclear (result);
      if (PQstatus (conn) == CONNECTION_BAD)
        break;
    }
  return answer != NULL ? answer : PQmakeEmptyPGresult (conn, PGRES_FATAL_ERROR);

no_answer:
  g_debug ("no answer from the server within %d ms: the connection is dropped",
           connection->answer_timeout_ms);
  PQclear (answer);
  drop_connection (connection);
  connection->timed_out = TRUE;
  return NULL;
}

static PGresult *
send_script (Connection *connection,
             const char *script)
{
  return await_answer (connection, connection->conn != NULL
                                   && PQsendQuery (connection->conn, script));
}

static gboolean
announce_cb (gpointer user_data)
{
  Connection *connection = user_data;

  connection->announce = 0;
  if (connection->change_func != NULL)
    connection->change_func (connection->db, connection->change_data);
  return G_SOURCE_REMOVE;
}

/* Notifications that arrived with a query's answer are read by libpq with it, and the socket
 * has nothing more to say: they are taken here, and announced from the main loop (never in
 * the middle of the caller's queries). */
static void
take_notifications (Connection *connection)
{
  gboolean any = FALSE;
  PGnotify *notify;

  if (connection->change_func == NULL || connection->conn == NULL)
    return;
  while ((notify = PQnotifies (connection->conn)) != NULL)
    {
      any = TRUE;
      PQfreemem (notify);
    }
  if (any && connection->announce == 0)
    connection->announce = g_idle_add (announce_cb, connection);
}

/* Runs @sql with @n_values text parameters; the result, or NULL with @error set. */
static PGresult *
run (SpDb               *db,
     const char         *sql,
     int                 n_values,
     const char * const *values,
     const char         *what,
     GError            **error)
{
  Connection *connection = connection_of (db);
  PGresult *result = await_answer (connection, connection->conn != NULL
                                               && PQsendQueryParams (connection->conn, sql,
                                                                     n_values, NULL, values, NULL,
                                                                     NULL, 0));
  ExecStatusType status = PQresultStatus (result);

  take_notifications (connection);

  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    {
      fail (db, result, what, error);
      PQclear (result);
      return NULL;
    }
  return result;
}

static gboolean
exec (SpDb        *db,
      const char  *script,
      const char  *what,
      GError     **error)
{
  Connection *connection = connection_of (db);
  PGresult *result = send_script (connection, script);
  ExecStatusType status = PQresultStatus (result);
  gboolean ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;

  take_notifications (connection);

  if (!ok)
    fail (db, result, what, error);
  PQclear (result);
  return ok;
}

/* Column 0 of the first row of @sql as a number (0 for none or NULL). */
static gboolean
read_number (SpDb        *db,
             const char  *sql,
             const char  *parameter,
             gint64      *value,
             const char  *what,
             GError     **error)
{
  const char *values[] = { parameter };
  PGresult *result = run (db, sql, parameter != NULL ? 1 : 0, values, what, error);

  if (result == NULL)
    return FALSE;
  *value = PQntuples (result) > 0 && !PQgetisnull (result, 0, 0)
           ? g_ascii_strtoll (PQgetvalue (result, 0, 0), NULL, 10) : 0;
  PQclear (result);
  return TRUE;
}

/* ---- statements --------------------------------------------------------------------------- */

/* @sql with `?N` written `$N` and each bare `?` the next number, outside quotes; the number of
 * parameters in *@n_params. */
static char *
dollar_parameters (const char *sql,
                   int        *n_params)
{
  GString *text = g_string_sized_new (strlen (sql) + 16);
  char quote = '\0';
  int next = 0;
  int most = 0;

  for (const char *p = sql; *p != '\0'; p++)
    {
      if (quote != '\0')
        {
          if (*p == quote)
            quote = '\0';
          g_string_append_c (text, *p);
          continue;
        }
      if (*p == '\'' || *p == '"')
        quote = *p;
      if (*p != '?')
        {
          g_string_append_c (text, *p);
          continue;
        }
      if (g_ascii_isdigit (p[1]))
        {
          char *end = NULL;
          int number = (int) g_ascii_strtoll (p + 1, &end, 10);

          g_string_append_printf (text, "$%d", number);
          most = MAX (most, number);
          next = number;
          p = end - 1;
        }
      else
        {
          next++;
          g_string_append_printf (text, "$%d", next);
          most = MAX (most, next);
        }
    }
  *n_params = most;
  return g_string_free (text, FALSE);
}

/* The tables whose rows have an id, which an INSERT into them returns. */
static gboolean
inserts_with_id (const char *sql)
{
  static const char * const tables[] = { "tournaments", "players", "sessions", "hands",
                                         "penalties", "pin_log", "audit" };
  const char *p = sql;

  while (g_ascii_isspace (*p))
    p++;
  if (g_ascii_strncasecmp (p, "INSERT INTO ", strlen ("INSERT INTO ")) != 0
      || strstr (sql, "RETURNING") != NULL)
    return FALSE;
  p += strlen ("INSERT INTO ");
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    if (strncmp (p, tables[i], strlen (tables[i])) == 0
        && !g_ascii_isalnum (p[strlen (tables[i])]) && p[strlen (tables[i])] != '_')
      return TRUE;
  return FALSE;
}

static SpDbQuery *
pg_prepare (SpDb        *db,
            const char  *sql,
            GError     **error)
{
  SpDbQuery *query = g_new0 (SpDbQuery, 1);
  g_autofree char *converted = dollar_parameters (sql, &query->n_params);

  query->connection = connection_of (db);
  query->returns_id = inserts_with_id (sql);
  query->sql = query->returns_id ? g_strconcat (converted, " RETURNING id", NULL)
                                 : g_steal_pointer (&converted);
  query->values = g_new0 (char *, query->n_params + 1);
  query->row = -1;
  return query;
}

static void
clear_values (SpDbQuery *query)
{
  for (int i = 0; i < query->n_params; i++)
    g_clear_pointer (&query->values[i], g_free);
}

static void
pg_rewind (SpDbQuery *query)
{
  g_clear_pointer (&query->result, PQclear);
  query->row = -1;
}

static gboolean
pg_reset (SpDb       *db,
          SpDbQuery  *query,
          GError    **error)
{
  pg_rewind (query);
  clear_values (query);
  return TRUE;
}

/* The statement's name on the server is dropped with its connection (a session's prepared
 * statements end with it); one finalized before is deallocated. */
static void
pg_finalize (SpDbQuery *query)
{
  pg_rewind (query);
  if (query->name != NULL && !lost_server (query->connection->conn)
      && PQtransactionStatus (query->connection->conn) == PQTRANS_IDLE)
    {
      g_autofree char *sql = g_strdup_printf ("DEALLOCATE %s", query->name);

      PQclear (send_script (query->connection, sql));
    }
  clear_values (query);
  g_free (query->values);
  g_free (query->sql);
  g_free (query->name);
  g_free (query);
}

static gboolean
pg_bind (SpDb             *db,
         SpDbQuery        *query,
         guint             index,
         const SpDbValue  *value,
         GError          **error)
{
  if (index < 1 || (int) index > query->n_params)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                   "binding parameter %u of a query of %d parameters", index, query->n_params);
      return FALSE;
    }
  g_free (query->values[index - 1]);
  switch (value->kind)
    {
    case SP_DB_VALUE_INT:
      query->values[index - 1] = g_strdup_printf ("%" G_GINT64_FORMAT, value->number);
      break;
    case SP_DB_VALUE_TEXT:
      query->values[index - 1] = g_strdup (value->text);
      break;
    case SP_DB_VALUE_NULL:
    default:
      query->values[index - 1] = NULL;
      break;
    }
  return TRUE;
}

static gboolean
prepare_on_server (SpDb        *db,
                   SpDbQuery   *query,
                   GError     **error)
{
  Connection *connection = connection_of (db);
  g_autofree char *name = g_strdup_printf ("s%u", ++connection->n_prepared);
  PGresult *result = await_answer (connection, connection->conn != NULL
                                               && PQsendPrepare (connection->conn, name,
                                                                 query->sql, query->n_params,
                                                                 NULL));
  gboolean ok = PQresultStatus (result) == PGRES_COMMAND_OK;

  if (!ok)
    fail (db, result, "preparing a query", error);
  else
    query->name = g_steal_pointer (&name);
  PQclear (result);
  return ok;
}

static gboolean
pg_step (SpDb        *db,
         SpDbQuery   *query,
         gboolean    *has_row,
         const char  *what,
         GError     **error)
{
  Connection *connection = connection_of (db);

  *has_row = FALSE;
  if (query->result == NULL)
    {
      ExecStatusType status;

      if (query->name == NULL && !prepare_on_server (db, query, error))
        return FALSE;
      query->result = await_answer (connection, connection->conn != NULL
                                    && PQsendQueryPrepared (connection->conn, query->name,
                                                            query->n_params,
                                                            (const char * const *) query->values,
                                                            NULL, NULL, 0));
      status = PQresultStatus (query->result);
      take_notifications (connection);
      if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        {
          fail (db, query->result, what, error);
          pg_rewind (query);
          return FALSE;
        }
      connection->changes = g_ascii_strtoll (PQcmdTuples (query->result), NULL, 10);
      if (query->returns_id)
        {
          int n = PQntuples (query->result);

          if (n > 0)
            connection->last_id = g_ascii_strtoll (PQgetvalue (query->result, n - 1, 0), NULL,
                                                   10);
          return TRUE;
        }
    }
  else if (query->returns_id)
    return TRUE;
  query->row++;
  *has_row = query->row < PQntuples (query->result);
  return TRUE;
}

static gint64
pg_row_int64 (SpDbQuery *query,
              int        column)
{
  const char *text;

  if (PQgetisnull (query->result, query->row, column))
    return 0;
  text = PQgetvalue (query->result, query->row, column);
  /* A boolean expression reads as SQLite's 1 and 0. */
  if (text[0] == 't' && text[1] == '\0')
    return 1;
  return g_ascii_strtoll (text, NULL, 10);
}

static gboolean
pg_row_is_null (SpDbQuery *query,
                int        column)
{
  return PQgetisnull (query->result, query->row, column);
}

static const char *
pg_row_text (SpDbQuery *query,
             int        column)
{
  if (PQgetisnull (query->result, query->row, column))
    return NULL;
  return PQgetvalue (query->result, query->row, column);
}

static gint64
pg_last_insert_id (SpDb *db)
{
  return connection_of (db)->last_id;
}

static gint64
pg_changes (SpDb *db)
{
  return connection_of (db)->changes;
}

/* ---- transactions and versions ----------------------------------------------------------- */

static gboolean
pg_in_transaction (SpDb *db)
{
  Connection *connection = connection_of (db);

  return !lost_server (connection->conn)
         && PQtransactionStatus (connection->conn) != PQTRANS_IDLE;
}

static gboolean reconnect (SpDb    *db,
                           GError **error);

/* Counts another connection's commits seen since the last look (the log's last id moved). */
static gboolean
look_at_log (SpDb     *db,
             GError  **error)
{
  Connection *connection = connection_of (db);
  gint64 last = 0;

  if (!read_number (db, "SELECT coalesce (max (id), 0) FROM audit", NULL, &last,
                    "reading the data version", error))
    return FALSE;
  if (last != connection->log_seen)
    {
      connection->others++;
      connection->log_seen = last;
    }
  return TRUE;
}

static gboolean
pg_begin (SpDb             *db,
          SpDbTransaction   kind,
          GError          **error)
{
  Connection *connection = connection_of (db);

  if (lost_server (connection->conn) && !reconnect (db, error))
    return FALSE;
  if (kind == SP_DB_TRANSACTION_READ)
    return exec (db, "BEGIN ISOLATION LEVEL REPEATABLE READ", "starting to read", error);
  if (!exec (db, "BEGIN", "starting a transaction", error))
    return FALSE;
  if (!exec (db, "SELECT pg_advisory_xact_lock (" WRITER_LOCK ")",
             "waiting for the other stations' changes", error)
      || (db->opened && !look_at_log (db, error)))
    {
      PQclear (send_script (connection, "ROLLBACK"));
      return FALSE;
    }
  connection->writing = TRUE;
  return TRUE;
}

static gboolean
pg_commit (SpDb    *db,
           GError **error)
{
  Connection *connection = connection_of (db);
  gint64 last = connection->log_seen;
  gboolean writing = connection->writing;
  PGresult *result;

  /* What this transaction logged is its own: read while it still holds the writer's lock. */
  if (writing && db->opened
      && !read_number (db, "SELECT coalesce (max (id), 0) FROM audit", NULL, &last,
                       "reading the data version", error))
    return FALSE;
  result = send_script (connection, "COMMIT");
  if (PQresultStatus (result) != PGRES_COMMAND_OK)
    {
      /* The COMMIT may have reached the server before the connection dropped: whether the
       * change was saved cannot be known here, and the referee must not be told it was not. */
      if (writing && lost_server (connection->conn))
        {
          g_autofree char *message = reason_of (connection, result);

          /* Translators: the server's location, then libpq's reason. */
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                       _("lost the connection to the server %s while committing (%s); the change "
                         "may have been saved: look before making it again"), db->path, message);
        }
      else
        fail (db, result, "committing", error);
      PQclear (result);
      return FALSE;
    }
  PQclear (result);
  connection->writing = FALSE;
  if (writing)
    connection->log_seen = last;
  return TRUE;
}

static void
pg_rollback (SpDb *db)
{
  Connection *connection = connection_of (db);

  connection->writing = FALSE;
  if (pg_in_transaction (db))
    {
      PGresult *result = send_script (connection, "ROLLBACK");

      if (PQresultStatus (result) != PGRES_COMMAND_OK && !lost_server (connection->conn))
        g_warning ("%s: rolling back: %s", db->path, PQerrorMessage (connection->conn));
      PQclear (result);
    }
}

static gboolean
pg_get_data_version (SpDb    *db,
                     gint64  *version,
                     GError **error)
{
  Connection *connection = connection_of (db);

  if (lost_server (connection->conn) && !reconnect (db, error))
    return FALSE;
  if (!look_at_log (db, error))
    return FALSE;
  *version = connection->others;
  return TRUE;
}

/* Whether the database has the table meta (a query naming it would not parse otherwise). */
static gboolean
has_meta (SpDb      *db,
          gboolean  *found,
          GError   **error)
{
  gint64 count = 0;

  if (!read_number (db, "SELECT count(*) FROM pg_catalog.pg_tables"
                    " WHERE schemaname = current_schema () AND tablename = 'meta'", NULL,
                    &count, "reading the database's tables", error))
    return FALSE;
  *found = count > 0;
  return TRUE;
}

static gboolean
pg_get_schema_version (SpDb    *db,
                       gint64  *version,
                       GError **error)
{
  gboolean found = FALSE;

  *version = 0;
  if (!has_meta (db, &found, error))
    return FALSE;
  return !found || read_number (db, "SELECT coalesce (max (value::bigint), 0) FROM meta"
                                " WHERE key = 'schema_version'", NULL, version,
                                "reading the schema's version", error);
}

static gboolean
pg_set_schema_version (SpDb    *db,
                       gint64   version,
                       GError **error)
{
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, version);
  const char *values[] = { number };
  PGresult *result = run (db, "INSERT INTO meta (key, value) VALUES ('schema_version', $1)"
                          " ON CONFLICT (key) DO UPDATE SET value = excluded.value", 1, values,
                          "noting the migration", error);

  if (result == NULL)
    return FALSE;
  PQclear (result);
  return TRUE;
}

/* ---- notifications ----------------------------------------------------------------------- */

static gboolean
socket_readable_cb (int           fd,
                    GIOCondition  condition,
                    gpointer      user_data)
{
  SpDb *db = user_data;
  Connection *connection = connection_of (db);
  gboolean changed = FALSE;
  PGnotify *notify;

  if (!PQconsumeInput (connection->conn))
    {
      /* The server is gone: the next poll of the data version reconnects and reports it. */
      connection->watch = 0;
      if (connection->change_func != NULL)
        connection->change_func (db, connection->change_data);
      return G_SOURCE_REMOVE;
    }
  while ((notify = PQnotifies (connection->conn)) != NULL)
    {
      changed = TRUE;
      PQfreemem (notify);
    }
  if (changed && connection->change_func != NULL)
    connection->change_func (db, connection->change_data);
  return G_SOURCE_CONTINUE;
}

static void
watch_socket (SpDb *db)
{
  Connection *connection = connection_of (db);

  g_clear_handle_id (&connection->watch, g_source_remove);
  if (connection->change_func == NULL || lost_server (connection->conn))
    return;
  if (!exec (db, "LISTEN " CHANNEL, "listening for the other stations' changes", NULL))
    return;
  connection->watch = g_unix_fd_add (PQsocket (connection->conn), G_IO_IN, socket_readable_cb,
                                     db);
}

static void
pg_set_change_hook (SpDb           *db,
                    SpDbChangeFunc  func,
                    gpointer        user_data)
{
  Connection *connection = connection_of (db);

  connection->change_func = func;
  connection->change_data = user_data;
  if (func == NULL)
    {
      g_clear_handle_id (&connection->watch, g_source_remove);
      g_clear_handle_id (&connection->announce, g_source_remove);
      exec (db, "UNLISTEN " CHANNEL, "no longer listening", NULL);
      return;
    }
  watch_socket (db);
}

/* ---- the audit log's referee and note ------------------------------------------------------ */

static gboolean
set_setting (SpDb        *db,
             const char  *name,
             const char  *value,
             const char  *what,
             GError     **error)
{
  const char *values[] = { name, value != NULL ? value : "" };
  PGresult *result = run (db, "SELECT set_config ($1, $2, false)", 2, values, what, error);

  if (result == NULL)
    return FALSE;
  PQclear (result);
  return TRUE;
}

static gboolean
pg_set_referee (SpDb        *db,
                const char  *referee,
                GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (set_setting (db, "sparrow.referee", referee, "setting the referee", &local_error))
    return TRUE;
  /* A lost server is not this call's to report: the next transaction meets it, connects again
   * and sets the referee then (reconnect). */
  if (lost_server (connection_of (db)->conn))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static gboolean
pg_set_audit_note (SpDb        *db,
                   const char  *note,
                   GError     **error)
{
  return set_setting (db, "sparrow.note", note, "noting why the change is made", error);
}

static gboolean
pg_set_audit_enabled (SpDb      *db,
                      gboolean   enabled,
                      GError   **error)
{
  return set_setting (db, "sparrow.audit_off", enabled ? "" : "on",
                      "turning the audit log on or off", error);
}

static gboolean
pg_get_id_counter (SpDb        *db,
                   const char  *table,
                   gint64      *last,
                   GError     **error)
{
  return read_number (db, "SELECT coalesce (pg_sequence_last_value"
                      " (pg_get_serial_sequence ($1, 'id')), 0)", table, last,
                      "reading the ids given", error);
}

static gboolean
pg_set_id_counter (SpDb        *db,
                   const char  *table,
                   gint64       last,
                   GError     **error)
{
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, last);
  const char *values[] = { table, number };
  PGresult *result;

  if (last < 1)
    return TRUE;
  result = run (db, "SELECT setval (pg_get_serial_sequence ($1, 'id'),"
                " greatest ($2::bigint, coalesce (pg_sequence_last_value"
                " (pg_get_serial_sequence ($1, 'id')), 0)))", 2, values,
                "setting the ids given", error);
  if (result == NULL)
    return FALSE;
  PQclear (result);
  return TRUE;
}

/* ---- opening ------------------------------------------------------------------------------- */

/* Whether the database is a Sparrow store, or empty (no table of its own): *@empty. */
static gboolean
check_store (SpDb      *db,
             gboolean  *empty,
             GError   **error)
{
  gint64 tables = 0, ours = 0;
  gboolean found = FALSE;

  if (!read_number (db, "SELECT count(*) FROM pg_catalog.pg_tables"
                    " WHERE schemaname = current_schema ()", NULL, &tables,
                    "reading the database's tables", error)
      || !has_meta (db, &found, error)
      || (found && !read_number (db, "SELECT count(*) FROM meta WHERE key = 'application'"
                                 " AND value = 'sparrow'", NULL, &ours,
                                 "reading the database's tables", error)))
    return FALSE;
  *empty = tables == 0;
  if (tables > 0 && ours == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                   _("%s is not a Sparrow database"), db->path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
migrate (SpDb     *db,
         GError  **error)
{
  gint64 version = 0;
  gboolean empty = FALSE;

  if (!check_store (db, &empty, error) || !pg_get_schema_version (db, &version, error))
    return FALSE;
  if (version > SP_DB_SCHEMA_VERSION)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_TOO_NEW,
                   _("%s was written by a newer Sparrow (schema %" PRId64
                     ", this program knows up to %d)"), db->path, version, SP_DB_SCHEMA_VERSION);
      return FALSE;
    }
  if (version == SP_DB_SCHEMA_VERSION)
    return TRUE;
  /* Another station may be making the schema: the writer's lock waits for it. */
  if (!pg_begin (db, SP_DB_TRANSACTION_WRITE, error))
    return FALSE;
  if (!check_store (db, &empty, error) || !pg_get_schema_version (db, &version, error)
      || !sp_db_apply_migrations (db, version, error) || !pg_commit (db, error))
    {
      pg_rollback (db);
      return FALSE;
    }
  return TRUE;
}

static void
drop_notice (void       *user_data,
             const char *message)
{
  g_debug ("server notice: %s", message);
}

/* How long a call of a station's window waits for an answer, and of the command line (whose
 * one statement may be a long import's): a server that stops answering costs no more. */
#define ANSWER_TIMEOUT_MS         5000
#define ANSWER_TIMEOUT_BATCH_MS  30000
/* How long a connection may take without a connect_timeout in its location. */
#define CONNECT_TIMEOUT_S 10
/* The wait between two attempts of a window to connect again. */
#define RETRY_S 3

/* The settings of every connection: the location is expanded as dbname, so that its own
 * settings win over these.  Keepalives and tcp_user_timeout: a station whose network drops
 * learns it within about 15 s, rather than waiting on a dead connection.  Without a password
 * libpq asks ~/.pgpass (the list ends at the first NULL value). */
static void
connection_settings (SpDb         *db,
                     const char ***keys,
                     const char ***values)
{
  static const char *setting_keys[] = { "dbname", "connect_timeout", "keepalives",
                                        "keepalives_idle", "keepalives_interval",
                                        "keepalives_count", "tcp_user_timeout",
                                        "application_name", "client_encoding", "password",
                                        NULL };
  static const char *setting_values[G_N_ELEMENTS (setting_keys)] = {
    NULL, G_STRINGIFY (CONNECT_TIMEOUT_S), "1", "10", "5", "3", "15000", "sparrow", "UTF8",
    NULL, NULL };
  const char **copy = g_memdup2 (setting_values, sizeof setting_values);

  copy[0] = db->path;
  copy[9] = db->password;
  *keys = setting_keys;
  *values = copy;
}

/* The connect_timeout of @location in seconds, CONNECT_TIMEOUT_S without one. */
static int
connect_timeout_of (const char *location)
{
  PQconninfoOption *options = PQconninfoParse (location, NULL);
  int seconds = CONNECT_TIMEOUT_S;

  for (PQconninfoOption *option = options; option != NULL && option->keyword != NULL; option++)
    if (strcmp (option->keyword, "connect_timeout") == 0 && option->val != NULL
        && atoi (option->val) > 0)
      seconds = atoi (option->val);
  PQconninfoFree (options);
  return seconds;
}

/* The error of a connection that failed, naming the server and libpq's reason. */
static void
set_connect_error (const char  *location,
                   PGconn      *conn,
                   GError     **error)
{
  g_autofree char *message = message_of (conn, NULL);

  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot connect to the server %s: %s"),
               location, message);
}

/* A connection just made, set up: its notices, its waits, no call of it blocking. */
static gboolean
set_up_connection (SpDb     *db,
                   GError  **error)
{
  Connection *connection = connection_of (db);
  g_autofree char *script = NULL;

  connection->timed_out = FALSE;
  /* The server's notices (a shutdown's warning before the connection drops) are not for the
   * person: what failed is reported by the call that met it. */
  PQsetNoticeProcessor (connection->conn, drop_notice, NULL);
  PQsetnonblocking (connection->conn, 1);
  /* A lock is waited for a little less than an answer: a long wait is a busy store, retried,
   * and not a lost server. */
  script = g_strdup_printf ("SET lock_timeout = '%dms'; SET client_min_messages = warning",
                            MIN (10000, connection->answer_timeout_ms - 1000));
  return exec (db, script, "setting the connection up", error);
}

/* Connects to db->path, waiting; the connection is set up, not yet checked. */
static gboolean
connect_to_server (SpDb     *db,
                   GError  **error)
{
  Connection *connection = connection_of (db);
  const char **keys = NULL;
  g_autofree const char **values = NULL;

  connection_settings (db, &keys, &values);
  connection->conn = PQconnectdbParams (keys, values, 1);
  if (connection->conn == NULL || PQstatus (connection->conn) != CONNECTION_OK)
    {
      set_connect_error (db->path, connection->conn, error);
      g_clear_pointer (&connection->conn, PQfinish);
      return FALSE;
    }
  return set_up_connection (db, error);
}

/* ---- connecting in the main loop ------------------------------------------------------------ */

/* A connection being made: PQconnectPoll is called whenever its socket is ready, the main loop
 * running meanwhile. */
typedef struct
{
  char         *location;   /* a copy: a store closed meanwhile cancels, and is gone */
  PGconn       *conn;
  GSource      *socket;
  GSource      *timeout;
  GSource      *cancelled;
  int           timeout_s;
} Connecting;

static void
connecting_free (Connecting *connecting)
{
  if (connecting->socket != NULL)
    g_source_destroy (connecting->socket);
  g_clear_pointer (&connecting->socket, g_source_unref);
  if (connecting->timeout != NULL)
    g_source_destroy (connecting->timeout);
  g_clear_pointer (&connecting->timeout, g_source_unref);
  if (connecting->cancelled != NULL)
    g_source_destroy (connecting->cancelled);
  g_clear_pointer (&connecting->cancelled, g_source_unref);
  g_clear_pointer (&connecting->conn, PQfinish);
  g_free (connecting->location);
  g_free (connecting);
}

/* Ends @task: with the connection made, or @error (then the half-made one is closed). */
static void
connecting_done (GTask  *task,
                 GError *error)
{
  Connecting *connecting = g_task_get_task_data (task);

  if (connecting->socket != NULL)
    g_source_destroy (connecting->socket);
  if (connecting->timeout != NULL)
    g_source_destroy (connecting->timeout);
  if (connecting->cancelled != NULL)
    g_source_destroy (connecting->cancelled);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&connecting->conn), (GDestroyNotify) PQfinish);
  g_object_unref (task);
}

static void watch_connecting (GTask                     *task,
                              PostgresPollingStatusType  status);

static gboolean
connecting_socket_cb (int           fd,
                      GIOCondition  condition,
                      gpointer      user_data)
{
  GTask *task = user_data;
  Connecting *connecting = g_task_get_task_data (task);

  g_clear_pointer (&connecting->socket, g_source_unref);
  watch_connecting (task, PQconnectPoll (connecting->conn));
  return G_SOURCE_REMOVE;
}

/* Waits for the socket as PQconnectPoll asked (its socket may change from one call to the
 * next, trying another address), or ends the task. */
static void
watch_connecting (GTask                     *task,
                  PostgresPollingStatusType  status)
{
  Connecting *connecting = g_task_get_task_data (task);
  GIOCondition condition = G_IO_ERR | G_IO_HUP;
  GError *error = NULL;

  switch (status)
    {
    case PGRES_POLLING_OK:
      connecting_done (task, NULL);
      return;
    case PGRES_POLLING_READING:
      condition |= G_IO_IN;
      break;
    case PGRES_POLLING_WRITING:
      condition |= G_IO_OUT;
      break;
    case PGRES_POLLING_FAILED:
    case PGRES_POLLING_ACTIVE:
    default:
      set_connect_error (connecting->location, connecting->conn, &error);
      connecting_done (task, error);
      return;
    }
  connecting->socket = g_unix_fd_source_new (PQsocket (connecting->conn), condition);
  g_source_set_callback (connecting->socket, G_SOURCE_FUNC (connecting_socket_cb), task, NULL);
  g_source_attach (connecting->socket, g_task_get_context (task));
}

static gboolean
connecting_timeout_cb (gpointer user_data)
{
  GTask *task = user_data;
  Connecting *connecting = g_task_get_task_data (task);
  GError *error = NULL;

  g_clear_pointer (&connecting->timeout, g_source_unref);
  /* Translators: the server's location, then a number of seconds. */
  g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_IO,
               _("cannot connect to the server %s: it did not answer within %d s"),
               connecting->location, connecting->timeout_s);
  connecting_done (task, error);
  return G_SOURCE_REMOVE;
}

static gboolean
connecting_cancelled_cb (GCancellable *cancellable,
                         gpointer      user_data)
{
  GTask *task = user_data;
  Connecting *connecting = g_task_get_task_data (task);
  GError *error = NULL;

  g_clear_pointer (&connecting->cancelled, g_source_unref);
  /* Translators: the server's location. */
  g_set_error (&error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
               _("connecting to the server %s was cancelled"), connecting->location);
  connecting_done (task, error);
  return G_SOURCE_REMOVE;
}

/* Starts connecting to db->path in the main loop of the thread-default context; @callback
 * then gets the PGconn (connect_finish). */
static void
connect_start (SpDb                *db,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Connecting *connecting = g_new0 (Connecting, 1);
  const char **keys = NULL;
  g_autofree const char **values = NULL;
  GError *error = NULL;

  g_task_set_source_tag (task, connect_start);
  g_task_set_task_data (task, connecting, (GDestroyNotify) connecting_free);
  connecting->location = g_strdup (db->path);
  connecting->timeout_s = connect_timeout_of (db->path);
  connection_settings (db, &keys, &values);
  connecting->conn = PQconnectStartParams (keys, values, 1);
  if (connecting->conn == NULL || PQstatus (connecting->conn) == CONNECTION_BAD)
    {
      set_connect_error (db->path, connecting->conn, &error);
      connecting_done (task, error);
      return;
    }
  connecting->timeout = g_timeout_source_new ((guint) connecting->timeout_s * 1000);
  g_source_set_callback (connecting->timeout, connecting_timeout_cb, task, NULL);
  g_source_attach (connecting->timeout, g_task_get_context (task));
  if (cancellable != NULL)
    {
      connecting->cancelled = g_cancellable_source_new (cancellable);
      g_source_set_callback (connecting->cancelled, G_SOURCE_FUNC (connecting_cancelled_cb),
                             task, NULL);
      g_source_attach (connecting->cancelled, g_task_get_context (task));
    }
  /* As libpq's manual says: the first wait is for writing. */
  watch_connecting (task, PGRES_POLLING_WRITING);
}

static PGconn *
connect_finish (GAsyncResult  *result,
                GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ---- opening and connecting again --------------------------------------------------------- */

static void schedule_retry (SpDb *db);

static void
set_state (SpDb                *db,
           SpDbConnectionState  state)
{
  Connection *connection = connection_of (db);

  if (connection->state == state)
    return;
  connection->state = state;
  /* Said from the main loop, never in the middle of the caller's queries. */
  if (connection->change_func != NULL && connection->announce == 0)
    connection->announce = g_idle_add (announce_cb, connection);
}

/* The referee and the notifications again, once a new connection is set up. */
static gboolean
resume (SpDb     *db,
        GError  **error)
{
  if (!pg_set_referee (db, sp_db_get_referee (db), error))
    return FALSE;
  /* What changed while this station was away is seen at the next poll. */
  watch_socket (db);
  return TRUE;
}

/* The connection was lost: the statements prepared on it go with it. */
static void
forget_connection (SpDb *db)
{
  Connection *connection = connection_of (db);

  sp_db_forget_statements (db);
  drop_connection (connection);
}

static void
reconnected_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GCancellable) cancellable = user_data;
  g_autoptr(GError) error = NULL;
  PGconn *conn = connect_finish (result, &error);
  SpDb *db;
  Connection *connection;

  /* A store closed meanwhile is gone: its connection was cancelled. */
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_clear_pointer (&conn, PQfinish);
      return;
    }
  db = g_object_get_data (G_OBJECT (cancellable), "sp-db");
  connection = connection_of (db);
  g_clear_object (&connection->reconnecting);
  if (conn != NULL)
    {
      forget_connection (db);
      connection->conn = conn;
      if (set_up_connection (db, &error) && resume (db, &error))
        {
          g_debug ("%s: connected again", db->path);
          set_state (db, SP_DB_CONNECTED);
          return;
        }
      drop_connection (connection);
    }
  g_debug ("%s: %s", db->path, error->message);
  schedule_retry (db);
  set_state (db, SP_DB_OFFLINE);
}

/* A window's store connects again in the background. */
static void
reconnect_start (SpDb *db)
{
  Connection *connection = connection_of (db);

  if (connection->reconnecting != NULL)
    return;
  g_clear_handle_id (&connection->retry, g_source_remove);
  forget_connection (db);
  connection->reconnecting = g_cancellable_new ();
  g_object_set_data (G_OBJECT (connection->reconnecting), "sp-db", db);
  connect_start (db, connection->reconnecting, reconnected_cb,
                 g_object_ref (connection->reconnecting));
  set_state (db, SP_DB_RECONNECTING);
}

static gboolean
retry_cb (gpointer user_data)
{
  SpDb *db = user_data;

  connection_of (db)->retry = 0;
  reconnect_start (db);
  return G_SOURCE_REMOVE;
}

static void
schedule_retry (SpDb *db)
{
  Connection *connection = connection_of (db);

  g_clear_handle_id (&connection->retry, g_source_remove);
  connection->retry = g_timeout_add_seconds (RETRY_S, retry_cb, db);
}

/* The connection was lost (the caller found it so).  The command line connects again at once
 * and waits; a window's store (a change hook set) starts connecting in the background and
 * fails now, so that nothing freezes the window. */
static gboolean
reconnect (SpDb    *db,
           GError **error)
{
  Connection *connection = connection_of (db);

  if (connection->change_func != NULL)
    {
      /* Between two attempts the store is offline until the next one. */
      if (connection->retry == 0)
        reconnect_start (db);
      /* Translators: the server's location. */
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                   _("the connection to the server %s was lost; connecting again, nothing was "
                     "changed"), db->path);
      return FALSE;
    }
  forget_connection (db);
  return connect_to_server (db, error) && resume (db, error);
}

static SpDbConnectionState
pg_get_connection_state (SpDb *db)
{
  Connection *connection = connection_of (db);

  if (connection->reconnecting != NULL)
    return SP_DB_RECONNECTING;
  if (lost_server (connection->conn))
    return connection->retry != 0 ? SP_DB_OFFLINE : SP_DB_RECONNECTING;
  return SP_DB_CONNECTED;
}

static Connection *
new_connection (SpDb *db,
                int   answer_timeout_ms)
{
  Connection *connection = g_new0 (Connection, 1);

  connection->db = db;
  connection->answer_timeout_ms = answer_timeout_ms;
  db->connection = (SpDbConnection *) connection;
  return connection;
}

/* Checks and migrates the store on its new connection and starts its audit log. */
static gboolean
open_connected (SpDb     *db,
                GError  **error)
{
  if (!migrate (db, error) || !pg_set_referee (db, g_get_user_name (), error))
    return FALSE;
  /* The log as it is now is what this connection starts from. */
  return look_at_log (db, error);
}

static gboolean
pg_open (SpDb        *db,
         const char  *location,
         GError     **error)
{
  new_connection (db, ANSWER_TIMEOUT_BATCH_MS);
  return connect_to_server (db, error) && open_connected (db, error);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  SpDb *db = g_task_get_task_data (task);
  GError *error = NULL;
  PGconn *conn = connect_finish (result, &error);

  if (conn == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  connection_of (db)->conn = conn;
  if (!set_up_connection (db, &error) || !open_connected (db, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* The store of a window: its calls wait ANSWER_TIMEOUT_MS at most. */
static void
pg_open_async (SpDb                *db,
               const char          *location,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, pg_open_async);
  g_task_set_task_data (task, db, NULL);
  new_connection (db, ANSWER_TIMEOUT_MS);
  connect_start (db, cancellable, opened_cb, task);
}

static gboolean
pg_open_finish (SpDb          *db,
                GAsyncResult  *result,
                GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
pg_close (SpDb *db)
{
  Connection *connection = connection_of (db);

  if (connection == NULL)
    return;
  if (connection->reconnecting != NULL)
    g_cancellable_cancel (connection->reconnecting);
  g_clear_object (&connection->reconnecting);
  g_clear_handle_id (&connection->retry, g_source_remove);
  g_clear_handle_id (&connection->announce, g_source_remove);
  drop_connection (connection);
  g_free (connection);
  db->connection = NULL;
}

/* ---- the login's role ----------------------------------------------------------------------- */

/* A member of the role director, referee or viewer has its rights; a superuser and the
 * schema's owner are the director; a login of none of them is judged by what it may write. */
static gboolean
pg_get_role (SpDb      *db,
             SpDbRole  *role,
             char     **login,
             char     **database,
             GError   **error)
{
  static const char sql[] =
    "SELECT current_user,"
    " (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)"
    "  OR coalesce ((SELECT pg_has_role (relowner, 'MEMBER') FROM pg_class"
    "   WHERE oid = to_regclass ('tournaments')), false)"
    "  OR coalesce ((SELECT pg_has_role (oid, 'MEMBER') FROM pg_roles"
    "   WHERE rolname = 'director'), false),"
    " coalesce ((SELECT pg_has_role (oid, 'MEMBER') FROM pg_roles WHERE rolname = 'referee'),"
    "  false),"
    " coalesce ((SELECT pg_has_role (oid, 'MEMBER') FROM pg_roles WHERE rolname = 'viewer'),"
    "  false),"
    " has_table_privilege ('tournaments', 'INSERT'),"
    " has_table_privilege ('hands', 'INSERT'), current_database ()";
  PGresult *result = run (db, sql, 0, NULL, "reading the login's role", error);
  gboolean director, referee, viewer;

  if (result == NULL)
    return FALSE;
  director = PQgetvalue (result, 0, 1)[0] == 't';
  referee = PQgetvalue (result, 0, 2)[0] == 't';
  viewer = PQgetvalue (result, 0, 3)[0] == 't';
  if (director)
    *role = SP_DB_ROLE_DIRECTOR;
  else if (referee)
    *role = SP_DB_ROLE_REFEREE;
  else if (viewer)
    *role = SP_DB_ROLE_VIEWER;
  else if (PQgetvalue (result, 0, 4)[0] == 't')
    *role = SP_DB_ROLE_DIRECTOR;
  else if (PQgetvalue (result, 0, 5)[0] == 't')
    *role = SP_DB_ROLE_REFEREE;
  else
    *role = SP_DB_ROLE_VIEWER;
  *login = g_strdup (PQgetvalue (result, 0, 0));
  *database = g_strdup (PQgetvalue (result, 0, 6));
  PQclear (result);
  return TRUE;
}

/* ---- the statements of this dialect --------------------------------------------------------- */

static const char * const statements[SP_DB_N_STATEMENTS] = {
  [SP_DB_STATEMENT_HAND_DELETION] =
    "SELECT (a.old_values::jsonb ->> 'number')::bigint, a.who, a.at FROM audit a"
    " JOIN sessions s ON s.id = (a.old_values::jsonb ->> 'session_id')::bigint"
    " WHERE a.target = 'hands' AND a.action = 'delete'"
    " AND s.tournament_id = ?1 AND s.number = ?2"
    " AND (a.old_values::jsonb ->> 'table_number')::bigint = ?3"
    " ORDER BY a.id DESC LIMIT 1",
  [SP_DB_STATEMENT_LOG] =
    "WITH a AS ("
    "  SELECT id, at, who, note, target, row_id, action, old_values::jsonb AS o,"
    "   new_values::jsonb AS n, coalesce (new_values, old_values)::jsonb AS v FROM audit"
    "  WHERE action != 'update' OR old_values IS DISTINCT FROM new_values),"
    " b AS ("
    "  SELECT a.*, s.id AS sid, s.tournament_id AS st, s.number AS snum,"
    "   (a.v ->> 'table_number')::bigint AS tn, (a.v ->> 'player_id')::bigint AS pl"
    "  FROM a LEFT JOIN sessions s"
    "   ON a.target IN ('seats', 'hands', 'penalties')"
    "   AND s.id = (a.v ->> 'session_id')::bigint),"
    " c AS ("
    "  SELECT b.*,"
    "   CASE b.target WHEN 'tournaments' THEN b.row_id"
    "    WHEN 'players' THEN (b.v ->> 'tournament_id')::bigint"
    "    WHEN 'pin_log' THEN (b.v ->> 'tournament_id')::bigint"
    "    WHEN 'sessions' THEN (b.v ->> 'tournament_id')::bigint"
    "    ELSE b.st END AS tid,"
    "   CASE b.target WHEN 'penalties' THEN"
    "     (SELECT table_number FROM seats WHERE session_id = b.sid AND player_id = b.pl)"
    "    ELSE b.tn END AS tbl,"
    "   CASE b.target WHEN 'players' THEN b.row_id"
    "    WHEN 'hands' THEN (SELECT player_id FROM seats WHERE session_id = b.sid"
    "     AND table_number = b.tn"
    "     AND chair = coalesce ((b.v ->> 'winner')::bigint,"
    "      (SELECT chombo FROM hands WHERE id = b.row_id)))"
    "    ELSE b.pl END AS pid"
    "  FROM b)"
    " SELECT c.id, c.at, c.who, c.target, c.action,"
    "  CASE WHEN c.action = 'update' THEN (SELECT string_agg (e.key, ' ' ORDER BY e.key)"
    "   FROM jsonb_each (c.o) e WHERE e.value IS DISTINCT FROM c.n -> e.key) END,"
    "  CASE c.target WHEN 'sessions' THEN (c.v ->> 'number')::bigint ELSE c.snum END,"
    "  c.tbl,"
    "  CASE c.target WHEN 'hands' THEN (c.v ->> 'number')::bigint END,"
    "  CASE c.target WHEN 'hands' THEN (c.o ->> 'number')::bigint END,"
    "  c.pid,"
    "  CASE WHEN c.target IN ('players', 'tournaments') THEN c.v ->> 'name'"
    "   ELSE (SELECT name FROM players WHERE id = c.pid) END,"
    "  CASE c.target"
    "   WHEN 'players' THEN CASE WHEN c.action = 'insert'"
    "     THEN (SELECT name FROM players WHERE id = (c.v ->> 'substitute_for')::bigint)"
    "     ELSE c.o ->> 'name' END"
    "   WHEN 'tournaments' THEN c.o ->> 'name'"
    "   WHEN 'seats' THEN (SELECT name FROM players WHERE id = (c.o ->> 'player_id')::bigint)"
    "   END,"
    "  c.o ->> 'status', c.n ->> 'status',"
    "  (c.n ->> 'present')::bigint,"
    "  CASE c.target WHEN 'penalties' THEN (c.v ->> 'points')::bigint"
    "   WHEN 'hands' THEN (c.v ->> 'total')::bigint"
    "   WHEN 'tournaments' THEN (c.n ->> 'two_key')::bigint END,"
    "  CASE c.target WHEN 'penalties' THEN c.v ->> 'reason'"
    "   WHEN 'pin_log' THEN c.v ->> 'action' WHEN 'hands' THEN c.n ->> 'confirmed_by' END,"
    "  CASE c.target WHEN 'sessions' THEN (c.v ->> 'seed')::bigint END,"
    "  CASE c.target WHEN 'hands' THEN (SELECT string_agg (player_id::text, ' '"
    "   ORDER BY chair) FROM seats WHERE session_id = c.sid AND table_number = c.tn) END,"
    "  CASE c.target WHEN 'sessions' THEN (c.o ->> 'seed')::bigint END,"
    "  CASE c.target WHEN 'pin_log' THEN c.v ->> 'event' END,"
    "  c.note,"
    "  CASE WHEN c.target = 'hands' AND c.v ->> 'winner' IS NULL"
    "   AND (c.v ->> 'draw')::bigint = 0 THEN 1 ELSE 0 END"
    " FROM c WHERE c.tid = ?"
    " ORDER BY c.id DESC",
};

const SpDbBackend sp_db_pg_backend = {
  .name = "PostgreSQL",
  .capabilities = SP_DB_CAN_NOTIFY,
  .migrations = "/org/sparrow/Sparrow/db/migrations-pg",
  .statements = statements,
  .open = pg_open,
  .open_async = pg_open_async,
  .open_finish = pg_open_finish,
  .get_connection_state = pg_get_connection_state,
  .get_role = pg_get_role,
  .close = pg_close,
  .exec = exec,
  .prepare = pg_prepare,
  .reset = pg_reset,
  .finalize = pg_finalize,
  .bind = pg_bind,
  .step = pg_step,
  .rewind = pg_rewind,
  .row_int64 = pg_row_int64,
  .row_is_null = pg_row_is_null,
  .row_text = pg_row_text,
  .last_insert_id = pg_last_insert_id,
  .changes = pg_changes,
  .in_transaction = pg_in_transaction,
  .begin = pg_begin,
  .commit = pg_commit,
  .rollback = pg_rollback,
  .get_data_version = pg_get_data_version,
  .get_schema_version = pg_get_schema_version,
  .set_schema_version = pg_set_schema_version,
  .set_change_hook = pg_set_change_hook,
  .set_referee = pg_set_referee,
  .set_audit_note = pg_set_audit_note,
  .set_audit_enabled = pg_set_audit_enabled,
  .get_id_counter = pg_get_id_counter,
  .set_id_counter = pg_set_id_counter,
};
