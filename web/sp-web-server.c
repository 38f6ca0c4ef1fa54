/* sp-web-server.c: the players' view served with libsoup 3 on the GLib main loop.
 *
 * Safe by construction: only GET and HEAD are answered (405 with Allow for the rest, before a
 * request body is read); the paths are the routes' and nothing else (no file is ever served
 * from disk, so there is nothing to list or to escape from); every page carries a strict
 * Content-Security-Policy (script and style only from this server, never inline); the store is
 * read on connections of the server's own, through the operations of db/ that only read.
 *
 * Never a stall of the main loop: when the store's data version moves, what the pages show is
 * read again in a worker thread (GTask) on a second connection of its own; the requests that
 * need it wait, paused, and share that one read; the pages are drawn on the main loop from what
 * it read (a few milliseconds, once per page, language and version: then cached).  A read and
 * a page being drawn never overlap (every request that would draw waits for the read), so that
 * the language switch of the drawing (LANGUAGE) is never changed under the worker's feet.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-web-server.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <ifaddrs.h>
#include <libsoup/soup.h>
#include <locale.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "sp-db.h"
#include "sp-web-private.h"
#include "sp-web-resources.h"

/* glibc's count of message catalogue changes: bumped, gettext looks $LANGUAGE up again (the
 * documented way to switch languages within a running program). */
extern int _nl_msg_cat_cntr;

#define MAX_CACHED_REPLIES 256
#define CSP "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " \
            "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

typedef struct
{
  guint    status;
  char    *content_type;
  GBytes  *body;
} CachedReply;

/* What a worker thread reads with: a connection of its own, used by one read at a time. */
typedef struct
{
  SpDb  *db;
  char  *tournament;  /* as given: ID, name or NULL */
} Reader;

/* A read in flight; @server is NULL once the server is gone. */
typedef struct
{
  SpWebServer *server;
} Load;

struct _SpWebServer
{
  SoupServer      *soup;
  GSocket         *socket;         /* listened on */
  SpDb            *db;             /* the data version's, on the main loop */
  Reader          *reader;         /* the worker's (shared with a read in flight) */
  Load            *loading;        /* the read in flight, or NULL */
  guint            n_reads;
  GPtrArray       *waiting;        /* SoupServerMessage *, paused until it ends */
  GPtrArray       *ready;          /* SoupServerMessage *, paused, answered one per turn */
  guint            drain_id;       /* answers the ready ones */
  char            *tournament;     /* as given: ID, name or NULL */
  char            *address;
  guint            port;
  guint            max_connections;
  GHashTable      *connections;    /* GSocket * being served (weak) */
  guint64          boot;           /* tells one run's versions from another's */
  gint64           data_version;   /* the store's, when data was read */
  SpWebData       *data;
  GError          *load_error;     /* why data could not be read at data_version */
  GHashTable      *cache;          /* "LANG PATH?QUERY" → CachedReply */
  GBytes          *css;
  GBytes          *js;
};

static void
reader_clear (gpointer data)
{
  Reader *reader = data;

  g_clear_pointer (&reader->db, sp_db_close);
  g_free (reader->tournament);
}

static void
reader_unref (gpointer data)
{
  g_atomic_rc_box_release_full (data, reader_clear);
}

static void
cached_reply_free (gpointer data)
{
  CachedReply *cached = data;

  g_free (cached->content_type);
  g_bytes_unref (cached->body);
  g_free (cached);
}

SpWebServer *
sp_web_server_new (const char  *db_path,
                   const char  *tournament,
                   GError     **error)
{
  g_autoptr(SpWebServer) self = g_new0 (SpWebServer, 1);
  const char *messages = setlocale (LC_MESSAGES, NULL);

  g_return_val_if_fail (db_path != NULL, NULL);
  /* gettext ignores $LANGUAGE under the "C" locale: C.UTF-8 lets the pages pick theirs. */
  if (messages != NULL && (strcmp (messages, "C") == 0 || strcmp (messages, "POSIX") == 0))
    setlocale (LC_MESSAGES, "C.UTF-8");
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  self->db = sp_db_open (db_path, error);
  if (self->db == NULL)
    return NULL;
  self->reader = g_atomic_rc_box_new0 (Reader);
  self->reader->db = sp_db_open (db_path, error);
  if (self->reader->db == NULL)
    return NULL;
  self->reader->tournament = g_strdup (tournament);
  self->waiting = g_ptr_array_new ();
  self->ready = g_ptr_array_new ();
  self->tournament = g_strdup (tournament);
  self->max_connections = SP_WEB_MAX_CONNECTIONS;
  self->connections = g_hash_table_new (NULL, NULL);
  self->boot = g_random_int ();
  self->data_version = G_MININT64;
  self->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cached_reply_free);
  /* Looked up in the library's own resource: a static library's constructor may not run. */
  self->css = g_resource_lookup_data (sp_web_get_resource (), "/org/sparrow/Sparrow/web/app.css",
                                      0, NULL);
  self->js = g_resource_lookup_data (sp_web_get_resource (), "/org/sparrow/Sparrow/web/app.js",
                                     0, NULL);
  g_assert (self->css != NULL && self->js != NULL);
  /* The tournament must exist now: a typo in --tournament is said at once. */
  {
    g_autoptr(SpTournament) found = sp_db_find_tournament (self->db, tournament, error);

    if (found == NULL)
      return NULL;
  }
  return g_steal_pointer (&self);
}

static void
connection_gone (gpointer  data,
                 GObject  *where_the_object_was)
{
  SpWebServer *self = data;

  g_hash_table_remove (self->connections, where_the_object_was);
}

static void
forget_connection (gpointer key,
                   gpointer value,
                   gpointer data)
{
  g_object_weak_unref (key, connection_gone, data);
}

/* libsoup 3.2 keeps the connection of a phone that closed it while kept alive (fixed in 3.3):
 * its socket, the end of file waiting unread, is closed here and forgotten. */
static gboolean
forget_if_closed (gpointer key,
                  gpointer value,
                  gpointer data)
{
  GSocket *socket = key;

  if (!g_socket_is_closed (socket))
    {
      char byte;
      gssize n = recv (g_socket_get_fd (socket), &byte, 1, MSG_PEEK | MSG_DONTWAIT);

      if (n > 0 || (n < 0 && (errno == EAGAIN || errno == EINTR)))
        return FALSE;
      g_socket_close (socket, NULL);
    }
  g_object_weak_unref (G_OBJECT (socket), connection_gone, data);
  return TRUE;
}

static void
drop_messages (SpWebServer  *self,
               GPtrArray   **messages)
{
  if (*messages == NULL)
    return;
  for (guint i = 0; i < (*messages)->len; i++)
    {
      g_signal_handlers_disconnect_by_data ((*messages)->pdata[i], self);
      g_object_unref ((*messages)->pdata[i]);
    }
  g_clear_pointer (messages, g_ptr_array_unref);
}

void
sp_web_server_free (SpWebServer *self)
{
  if (self == NULL)
    return;
  if (self->soup != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->soup, self);
      soup_server_disconnect (self->soup);
      g_clear_object (&self->soup);
    }
  g_clear_object (&self->socket);
  /* A read in flight ends on its own, with nobody to tell. */
  if (self->loading != NULL)
    self->loading->server = NULL;
  g_clear_handle_id (&self->drain_id, g_source_remove);
  drop_messages (self, &self->waiting);
  drop_messages (self, &self->ready);
  g_clear_pointer (&self->reader, reader_unref);
  g_hash_table_foreach (self->connections, forget_connection, self);
  g_clear_pointer (&self->connections, g_hash_table_unref);
  g_clear_pointer (&self->data, sp_web_data_free);
  g_clear_error (&self->load_error);
  g_clear_pointer (&self->cache, g_hash_table_unref);
  g_clear_pointer (&self->css, g_bytes_unref);
  g_clear_pointer (&self->js, g_bytes_unref);
  g_clear_pointer (&self->db, sp_db_close);
  g_free (self->tournament);
  g_free (self->address);
  g_free (self);
}

void
sp_web_server_set_max_connections (SpWebServer *self,
                                   guint        max_connections)
{
  self->max_connections = MAX (1, max_connections);
}

/* ---- the data, read again when the store's data version moves ------------------------------ */

static void
load_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Reader *reader = task_data;
  const char *tag = g_object_get_data (G_OBJECT (task), "tag");
  GError *error = NULL;
  SpWebData *data = sp_web_data_load (reader->db, reader->tournament, tag, &error);

  if (data == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, data, (GDestroyNotify) sp_web_data_free);
}

static void serve        (SpWebServer       *self,
                          SoupServerMessage *msg);
static void load_done_cb (GObject           *source,
                          GAsyncResult      *result,
                          gpointer           user_data);

static void
free_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  sp_web_data_free (task_data);
  g_task_return_boolean (task, TRUE);
}

/* Data no longer served is freed in a worker thread: tens of thousands of records. */
static void
free_data_later (SpWebData *data)
{
  g_autoptr(GTask) task = NULL;

  if (data == NULL)
    return;
  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_source_tag (task, free_data_later);
  g_task_set_task_data (task, data, NULL);
  g_task_run_in_thread (task, free_in_thread);
}

/* Whether the data read is the store's as it is now: else a read starts, in a worker thread. */
static gboolean
is_current (SpWebServer *self)
{
  gint64 version = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;

  if (!sp_db_get_data_version (self->db, &version, &error))
    {
      g_clear_error (&self->load_error);
      g_clear_pointer (&self->data, sp_web_data_free);
      self->load_error = g_steal_pointer (&error);
      self->data_version = G_MININT64;
      return TRUE;
    }
  if (version == self->data_version && (self->data != NULL || self->load_error != NULL))
    return TRUE;
  self->data_version = version;
  self->n_reads++;
  self->loading = g_new0 (Load, 1);
  self->loading->server = self;
  task = g_task_new (NULL, NULL, load_done_cb, self->loading);
  g_task_set_source_tag (task, is_current);
  g_task_set_task_data (task, g_atomic_rc_box_acquire (self->reader), reader_unref);
  g_object_set_data_full (G_OBJECT (task), "tag",
                          g_strdup_printf ("%08" G_GINT64_MODIFIER "x-%" G_GINT64_FORMAT,
                                           self->boot, version),
                          g_free);
  g_task_run_in_thread (task, load_in_thread);
  return FALSE;
}

/* Answers the requests of the read just done, one a turn of the main loop when it is idle: each
 * may draw a page, and the window's own work (its frames too) comes first.  Those that came
 * meanwhile are answered next if the store has not moved, else they wait for another read. */
static gboolean
drain_cb (gpointer data)
{
  SpWebServer *self = data;
  SoupServerMessage *msg;

  if (self->ready->len == 0)
    {
      if (self->waiting->len > 0 && is_current (self))
        {
          g_ptr_array_extend_and_steal (self->ready, g_steal_pointer (&self->waiting));
          self->waiting = g_ptr_array_new ();
          return G_SOURCE_CONTINUE;
        }
      self->drain_id = 0;
      return G_SOURCE_REMOVE;
    }
  msg = g_ptr_array_steal_index (self->ready, 0);
  g_signal_handlers_disconnect_by_data (msg, self);
  serve (self, msg);
  soup_server_message_unpause (msg);
  g_object_unref (msg);
  return G_SOURCE_CONTINUE;
}

/* The read is done: its data serves the requests that waited for it, even if the store moved
 * on meanwhile (the next request reads again), so that none waits twice. */
static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Load *load = user_data;
  SpWebServer *self = load->server;
  g_autoptr(GError) error = NULL;
  SpWebData *data = g_task_propagate_pointer (G_TASK (result), &error);

  g_free (load);
  if (self == NULL)
    {
      g_clear_pointer (&data, sp_web_data_free);
      return;
    }
  self->loading = NULL;
  g_hash_table_remove_all (self->cache);
  free_data_later (g_steal_pointer (&self->data));
  g_clear_error (&self->load_error);
  self->data = data;
  self->load_error = g_steal_pointer (&error);
  g_ptr_array_extend_and_steal (self->ready, g_steal_pointer (&self->waiting));
  self->waiting = g_ptr_array_new ();
  if (self->drain_id == 0)
    self->drain_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, drain_cb, self, NULL);
}

/* A phone that went away while it waited is not answered. */
static void
waiting_disconnected_cb (SoupServerMessage *msg,
                         gpointer           data)
{
  SpWebServer *self = data;

  g_signal_handlers_disconnect_by_data (msg, self);
  if (g_ptr_array_remove (self->waiting, msg) || g_ptr_array_remove (self->ready, msg))
    g_object_unref (msg);
}

/* Whether @msg can be answered now from the data read; when not, it waits, paused, for a read
 * (the one in flight, or one started now) or for the requests before it to be answered. */
static gboolean
refresh_or_wait (SpWebServer       *self,
                 SoupServerMessage *msg)
{
  if (self->loading == NULL && self->drain_id == 0 && is_current (self))
    return TRUE;
  soup_server_message_pause (msg);
  g_ptr_array_add (self->waiting, g_object_ref (msg));
  g_signal_connect (msg, "disconnected", G_CALLBACK (waiting_disconnected_cb), self);
  return FALSE;
}

/* ---- requests ------------------------------------------------------------------------------ */

static void
set_common_headers (SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  soup_message_headers_replace (headers, "Content-Security-Policy", CSP);
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (headers, "X-Frame-Options", "DENY");
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (headers, "Cache-Control", "no-cache");
}

static void
respond_text (SoupServerMessage *msg,
              guint              status,
              const char        *text)
{
  set_common_headers (msg);
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "text/plain; charset=utf-8", SOUP_MEMORY_COPY, text,
                                    strlen (text));
}

static void
refusal_written_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      data)
{
  GIOStream *stream = data;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL);
  g_io_stream_close_async (stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  g_object_unref (stream);
}

/* A request with a body is answered and its connection closed without reading a byte of the
 * body: libsoup would read all of it first, however large. */
static void
refuse_body (SoupServerMessage *msg,
             gboolean           allowed)
{
  static const char method[] =
    "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\n"
    "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n";
  static const char body[] =
    "HTTP/1.1 413 Request Entity Too Large\r\nContent-Length: 0\r\n"
    "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n";
  const char *answer = allowed ? body : method;
  GIOStream *stream = soup_server_message_steal_connection (msg);

  g_output_stream_write_all_async (g_io_stream_get_output_stream (stream), answer,
                                   strlen (answer), G_PRIORITY_DEFAULT, NULL,
                                   refusal_written_cb, stream);
}

/* Refuses what is not a GET or a HEAD, a body, an overlong target, before the body is read. */
static void
got_headers_cb (SoupServerMessage *msg,
                gpointer           data)
{
  const char *method = soup_server_message_get_method (msg);
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  GUri *uri = soup_server_message_get_uri (msg);
  gsize target = strlen (g_uri_get_path (uri))
                 + (g_uri_get_query (uri) != NULL ? strlen (g_uri_get_query (uri)) : 0);
  gboolean allowed = strcmp (method, "GET") == 0 || strcmp (method, "HEAD") == 0;

  if (soup_message_headers_get_content_length (request) > 0
      || soup_message_headers_get_encoding (request) == SOUP_ENCODING_CHUNKED)
    refuse_body (msg, allowed);
  else if (!allowed)
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow",
                                    "GET, HEAD");
      respond_text (msg, SOUP_STATUS_METHOD_NOT_ALLOWED,
                    "Only GET and HEAD: these pages are read-only.\n");
    }
  else if (target > SP_WEB_MAX_TARGET)
    respond_text (msg, SOUP_STATUS_REQUEST_URI_TOO_LONG, "The address is too long.\n");
}

/* A request starts when a connection is accepted and at each request after on it: a connection
 * beyond the limit is closed at once (the phones try again at their next poll), and one idle or
 * stalled for SP_WEB_IDLE_TIMEOUT_S is dropped, so that a slow client cannot hold a place. */
static void
request_started_cb (SoupServer        *soup,
                    SoupServerMessage *msg,
                    gpointer           data)
{
  SpWebServer *self = data;
  GSocket *socket = soup_server_message_get_socket (msg);

  if (socket != NULL && !g_hash_table_contains (self->connections, socket))
    {
      /* At the limit, the connections the phones closed make room. */
      if (g_hash_table_size (self->connections) >= self->max_connections)
        g_hash_table_foreach_remove (self->connections, forget_if_closed, self);
      if (g_hash_table_size (self->connections) >= self->max_connections)
        {
          g_socket_close (socket, NULL);
          return;
        }
      g_socket_set_timeout (socket, SP_WEB_IDLE_TIMEOUT_S);
      g_hash_table_add (self->connections, socket);
      g_object_weak_ref (G_OBJECT (socket), connection_gone, self);
    }
  g_signal_connect (msg, "got-headers", G_CALLBACK (got_headers_cb), data);
}

/* The query's parameters, decoded and checked as UTF-8; NULL when they are not. */
static GHashTable *
parse_query (const char *query)
{
  g_autoptr(GHashTable) params = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (query == NULL || query[0] == '\0')
    return g_hash_table_new (g_str_hash, g_str_equal);
  params = g_uri_parse_params (query, -1, "&", G_URI_PARAMS_WWW_FORM, NULL);
  if (params == NULL)
    return NULL;
  g_hash_table_iter_init (&iter, params);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_utf8_validate (key, -1, NULL) || !g_utf8_validate (value, -1, NULL))
      return NULL;
  return g_steal_pointer (&params);
}

static void
use_language (const char *language)
{
  g_setenv ("LANGUAGE", language, TRUE);
  ++_nl_msg_cat_cntr;
}

static void
restore_language (const char *saved)
{
  if (saved != NULL)
    g_setenv ("LANGUAGE", saved, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  ++_nl_msg_cat_cntr;
}

static void
respond_bytes (SoupServerMessage *msg,
               guint              status,
               const char        *content_type,
               GBytes            *body,
               const char        *etag)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  set_common_headers (msg);
  if (etag != NULL)
    soup_message_headers_replace (headers, "ETag", etag);
  soup_message_headers_replace (headers, "Vary", "Accept-Language");
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, content_type, SOUP_MEMORY_COPY,
                                    g_bytes_get_data (body, NULL), g_bytes_get_size (body));
}

/* Whether the phone already has this version: If-None-Match lists @etag (or is "*"). */
static gboolean
not_modified (SoupServerMessage *msg,
              const char        *etag)
{
  const char *given = soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                                    "If-None-Match");
  g_auto(GStrv) tags = NULL;

  if (given == NULL)
    return FALSE;
  tags = g_strsplit (given, ",", 32);
  for (guint i = 0; tags[i] != NULL; i++)
    {
      const char *tag = g_strstrip (tags[i]);

      if (g_str_has_prefix (tag, "W/"))
        tag += 2;
      if (strcmp (tag, etag) == 0 || strcmp (tag, "*") == 0)
        return TRUE;
    }
  return FALSE;
}

/* The address the phone used, for the QR codes: its Host when that is a plain host[:port],
 * else the one listened on. */
static char *
base_of (SpWebServer       *self,
         SoupServerMessage *msg)
{
  const char *host = soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                                   "Host");
  g_autofree char *url = sp_web_server_get_url (self);

  if (host != NULL && host[0] != '\0' && strlen (host) < 256
      && strspn (host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
         == strlen (host))
    return g_strconcat ("http://", host, NULL);
  url[strlen (url) - 1] = '\0';
  return g_steal_pointer (&url);
}

static void
handle_cb (SoupServer        *soup,
           SoupServerMessage *msg,
           const char        *unused_path,
           GHashTable        *unused_query,
           gpointer           data)
{
  SpWebServer *self = data;
  GUri *uri = soup_server_message_get_uri (msg);
  const char *path = g_uri_get_path (uri);
  g_autoptr(GHashTable) query = NULL;
  g_autofree char *etag = NULL;

  if (soup_server_message_get_status (msg) != SOUP_STATUS_NONE)
    return; /* refused when its headers came in */
  /* libsoup hands the path over decoded: one that is not UTF-8 is no route. */
  if (!g_utf8_validate (path, -1, NULL) || path[0] != '/')
    {
      respond_text (msg, SOUP_STATUS_BAD_REQUEST, "The path is not valid UTF-8 text.\n");
      return;
    }
  query = parse_query (g_uri_get_query (uri));
  if (query == NULL)
    {
      respond_text (msg, SOUP_STATUS_BAD_REQUEST, "The query is not valid UTF-8 text.\n");
      return;
    }
  /* The script and the style sheet do not change while the server runs. */
  if (strcmp (path, "/app.css") == 0 || strcmp (path, "/app.js") == 0)
    {
      gboolean css = path[5] == 'c';

      etag = g_strdup_printf ("\"%s-%s\"", SPARROW_VERSION, css ? "css" : "js");
      if (not_modified (msg, etag))
        {
          set_common_headers (msg);
          soup_message_headers_replace (soup_server_message_get_response_headers (msg), "ETag",
                                        etag);
          soup_server_message_set_status (msg, SOUP_STATUS_NOT_MODIFIED, NULL);
          return;
        }
      respond_bytes (msg, SOUP_STATUS_OK,
                     css ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8",
                     css ? self->css : self->js, etag);
      return;
    }
  if (refresh_or_wait (self, msg))
    serve (self, msg);
}

/* Answers @msg (its path and query checked) from the data read. */
static void
serve (SpWebServer       *self,
       SoupServerMessage *msg)
{
  GUri *uri = soup_server_message_get_uri (msg);
  const char *raw_path = g_uri_get_path (uri);
  const char *raw_query = g_uri_get_query (uri);
  const char *accept = soup_message_headers_get_one (
    soup_server_message_get_request_headers (msg), "Accept-Language");
  const char *language = sp_web_pick_language (accept);
  const char *tag = strcmp (language, "zh_CN") == 0 ? "zh-CN"
                    : strcmp (language, "zh_TW") == 0 ? "zh-TW" : "en";
  g_autofree char *path = NULL;
  g_autofree char *key = NULL;
  g_autofree char *etag = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *base = NULL;
  g_autoptr(GHashTable) query = NULL;
  g_autoptr(GBytes) body = NULL;
  SpWebReply reply = { 0 };
  CachedReply *cached;

  path = g_strdup (raw_path);
  query = parse_query (raw_query);
  if (self->data == NULL)
    {
      g_autofree char *text = g_strdup_printf ("The tournament cannot be read: %s\n",
                                               self->load_error != NULL
                                               ? self->load_error->message : "?");

      respond_text (msg, SOUP_STATUS_SERVICE_UNAVAILABLE, text);
      return;
    }
  if (strcmp (path, "/api/version") == 0)
    {
      g_autofree char *json = g_strdup_printf ("{\"version\":\"%s\"}\n", self->data->version);

      body = g_bytes_new_take (g_steal_pointer (&json), strlen (json));
      etag = g_strdup_printf ("\"%s\"", self->data->version);
      if (not_modified (msg, etag))
        goto not_modified;
      respond_bytes (msg, SOUP_STATUS_OK, "application/json", body, etag);
      return;
    }
  etag = g_strdup_printf ("\"%s-%s\"", self->data->version, language);
  if (not_modified (msg, etag))
    goto not_modified;
  key = g_strdup_printf ("%s %s?%s", language, path, raw_query != NULL ? raw_query : "");
  cached = g_hash_table_lookup (self->cache, key);
  if (cached != NULL)
    {
      respond_bytes (msg, cached->status, cached->content_type, cached->body,
                     cached->status == SOUP_STATUS_OK ? etag : NULL);
      return;
    }

  base = base_of (self, msg);
  saved = g_strdup (g_getenv ("LANGUAGE"));
  use_language (language);
  reply.body = g_string_new (NULL);
  sp_web_render (self->data, path, query, tag, base, &reply);
  restore_language (saved);
  body = g_string_free_to_bytes (reply.body);
  if (reply.cacheable && g_hash_table_size (self->cache) < MAX_CACHED_REPLIES)
    {
      CachedReply *entry = g_new0 (CachedReply, 1);

      entry->status = reply.status;
      entry->content_type = g_strdup (reply.content_type);
      entry->body = g_bytes_ref (body);
      g_hash_table_insert (self->cache, g_steal_pointer (&key), entry);
    }
  respond_bytes (msg, reply.status, reply.content_type, body,
                 reply.status == SOUP_STATUS_OK && reply.cacheable ? etag : NULL);
  return;

not_modified:
  set_common_headers (msg);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "ETag", etag);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Vary",
                                "Accept-Language");
  soup_server_message_set_status (msg, SOUP_STATUS_NOT_MODIFIED, NULL);
}

gboolean
sp_web_server_listen (SpWebServer  *self,
                      const char   *address,
                      guint         port,
                      GError      **error)
{
  g_autoptr(GInetAddress) inet = NULL;
  g_autoptr(GSocketAddress) socket_address = NULL;
  g_autoptr(GSocketAddress) effective = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (self->socket == NULL, FALSE);
  inet = g_inet_address_new_from_string (address);
  if (inet == NULL || port > 65535)
    {
      g_set_error (error, SP_WEB_ERROR, SP_WEB_ERROR_INVALID,
                   C_("web", "%s:%u is not an IP address and port to listen on"), address,
                   port);
      return FALSE;
    }
  socket_address = g_inet_socket_address_new (inet, (guint16) port);
  self->socket = g_socket_new (g_inet_address_get_family (inet), G_SOCKET_TYPE_STREAM,
                               G_SOCKET_PROTOCOL_TCP, &local_error);
  if (self->socket != NULL)
    g_socket_set_listen_backlog (self->socket, 128);
  if (self->socket == NULL || !g_socket_bind (self->socket, socket_address, TRUE, &local_error)
      || !g_socket_listen (self->socket, &local_error)
      || (effective = g_socket_get_local_address (self->socket, &local_error)) == NULL)
    {
      g_set_error (error, SP_WEB_ERROR, SP_WEB_ERROR_LISTEN,
                   C_("web", "Cannot listen on %s port %u: %s"), address, port,
                   local_error->message);
      g_clear_object (&self->socket);
      return FALSE;
    }
  self->soup = soup_server_new ("server-header", "Sparrow", NULL);
  soup_server_add_handler (self->soup, NULL, handle_cb, self, NULL);
  g_signal_connect (self->soup, "request-started", G_CALLBACK (request_started_cb), self);
  if (!soup_server_listen_socket (self->soup, self->socket, 0, &local_error))
    {
      g_set_error (error, SP_WEB_ERROR, SP_WEB_ERROR_LISTEN,
                   C_("web", "Cannot listen on %s port %u: %s"), address, port,
                   local_error->message);
      g_clear_object (&self->soup);
      g_clear_object (&self->socket);
      return FALSE;
    }
  self->address = g_strdup (address);
  self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  return TRUE;
}

guint
sp_web_server_get_n_reads (SpWebServer *self)
{
  return self->n_reads;
}

guint
sp_web_server_get_port (SpWebServer *self)
{
  return self->port;
}

char *
sp_web_server_get_url (SpWebServer *self)
{
  if (self->address == NULL)
    return NULL;
  if (strchr (self->address, ':') != NULL)
    return g_strdup_printf ("http://[%s]:%u/", self->address, self->port);
  return g_strdup_printf ("http://%s:%u/", self->address, self->port);
}

gboolean
sp_web_parse_listen (const char  *text,
                     char       **address,
                     guint       *port,
                     GError     **error)
{
  g_autofree char *host = NULL;
  const char *colon;
  guint64 number = SP_WEB_DEFAULT_PORT;
  g_autoptr(GInetAddress) inet = NULL;

  if (text[0] == '[')
    {
      const char *end = strchr (text, ']');

      if (end == NULL || (end[1] != '\0' && end[1] != ':'))
        goto bad;
      host = g_strndup (text + 1, end - text - 1);
      colon = end[1] == ':' ? end + 1 : NULL;
    }
  else
    {
      colon = strrchr (text, ':');
      if (colon != NULL && strchr (text, ':') != colon)
        goto bad; /* an IPv6 address goes in brackets */
      host = colon != NULL ? g_strndup (text, colon - text) : g_strdup (text);
    }
  if (host[0] == '\0')
    {
      g_free (host);
      host = g_strdup (SP_WEB_DEFAULT_ADDRESS);
    }
  if (colon != NULL && !g_ascii_string_to_unsigned (colon + 1, 10, 0, 65535, &number, NULL))
    goto bad;
  inet = g_inet_address_new_from_string (host);
  if (inet == NULL)
    goto bad;
  *address = g_steal_pointer (&host);
  *port = (guint) number;
  return TRUE;

bad:
  g_set_error (error, SP_WEB_ERROR, SP_WEB_ERROR_INVALID,
               C_("web", "--listen %s: ADDR:PORT expected, an IP address (IPv6 in brackets) "
                         "and a port from 0 to 65535"), text);
  return FALSE;
}

GPtrArray *
sp_web_list_addresses (void)
{
  GPtrArray *addresses = g_ptr_array_new_with_free_func (g_free);
  struct ifaddrs *list = NULL;

  g_ptr_array_add (addresses, g_strdup ("127.0.0.1"));
  if (getifaddrs (&list) != 0)
    return addresses;
  for (struct ifaddrs *item = list; item != NULL; item = item->ifa_next)
    {
      g_autoptr(GSocketAddress) socket_address = NULL;
      GInetAddress *inet;
      g_autofree char *text = NULL;

      if (item->ifa_addr == NULL || !(item->ifa_flags & IFF_UP)
          || (item->ifa_addr->sa_family != AF_INET && item->ifa_addr->sa_family != AF_INET6))
        continue;
      socket_address = g_socket_address_new_from_native (item->ifa_addr,
                                                         item->ifa_addr->sa_family == AF_INET
                                                         ? sizeof (struct sockaddr_in)
                                                         : sizeof (struct sockaddr_in6));
      if (socket_address == NULL)
        continue;
      inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (socket_address));
      if (g_inet_address_get_is_loopback (inet) || g_inet_address_get_is_link_local (inet))
        continue;
      text = g_inet_address_to_string (inet);
      if (!g_ptr_array_find_with_equal_func (addresses, text, g_str_equal, NULL))
        g_ptr_array_add (addresses, g_steal_pointer (&text));
    }
  freeifaddrs (list);
  return addresses;
}
