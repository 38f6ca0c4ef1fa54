/* test-web-server.c: the players' view served in process, each route asked through a real
 * HTTP client (SoupSession) on a loopback port.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <locale.h>
#include <string.h>

#include "sp-test-db.h"
#include "sp-web.h"

#define SCRIPT_NAME "<script>alert(1)</script>"

typedef struct
{
  SpTestStore   store;
  gint64        players[4];
  SpWebServer  *server;
  SoupSession  *session;
  char         *base;
} Fixture;

typedef struct
{
  guint               status;
  GBytes             *body;
  SoupMessageHeaders *headers;
} Reply;

static void
reply_clear (Reply *reply)
{
  g_clear_pointer (&reply->body, g_bytes_unref);
  g_clear_pointer (&reply->headers, soup_message_headers_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Reply, reply_clear)

static const char *
body_of (Reply *reply)
{
  return g_bytes_get_data (reply->body, NULL);
}

static void
add_hand (Fixture *f,
          gint     winner,
          gint     from,
          gint64   total)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = sp_tournament_new_rules (f->store.tournament, &error);
  g_auto(SpHandReport) report = { 0 };
  SpHandEntry entry;

  g_assert_no_error (error);
  sp_hand_entry_init (&entry);
  entry.winner = winner;
  entry.from = from;
  entry.has_total = TRUE;
  entry.total = total;
  g_assert_true (sp_db_add_hand (f->store.db, f->store.tournament, rules, 1, 1, &entry, &report,
                                 &error));
  g_assert_no_error (error);
  sp_hand_entry_clear (&entry);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const char *names[4] = { SCRIPT_NAME, "Bob & Co", "张伟", "Dave" };
  SpTournament tournament = sp_test_mcr_tournament ("Spring <Open>");
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;

  tournament.n_sessions = 1;
  sp_test_store_open (&f->store, "sparrow-web-XXXXXX", "Director");
  f->store.tournament = sp_test_seat_one_table (f->store.db, &tournament, names, f->players);
  add_hand (f, SP_WIND_SOUTH, SP_WIND_EAST, 8);

  f->server = sp_web_server_new (f->store.path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (sp_web_server_listen (f->server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (sp_web_server_get_port (f->server), >, 0);
  url = sp_web_server_get_url (f->server);
  f->base = g_strndup (url, strlen (url) - 1);
  f->session = soup_session_new ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->session);
  g_clear_pointer (&f->server, sp_web_server_free);
  g_free (f->base);
  sp_test_store_tear_down (&f->store, data);
}

static void
sent_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  GBytes **body = data;
  g_autoptr(GError) error = NULL;

  *body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
}

/* @method @path (already escaped) with the request headers @name, @value, … NULL; the reply
 * while the server runs on this thread's main loop. */
G_GNUC_NULL_TERMINATED
static Reply
request (Fixture    *f,
         const char *method,
         const char *path,
         ...)
{
  g_autofree char *url = g_strconcat (f->base, path, NULL);
  g_autoptr(SoupMessage) msg = soup_message_new (method, url);
  Reply reply = { 0 };
  const char *name;
  va_list args;

  g_assert_nonnull (msg);
  va_start (args, path);
  while ((name = va_arg (args, const char *)) != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), name,
                                  va_arg (args, const char *));
  va_end (args);
  soup_session_send_and_read_async (f->session, msg, G_PRIORITY_DEFAULT, NULL, sent_cb,
                                    &reply.body);
  while (reply.body == NULL)
    g_main_context_iteration (NULL, TRUE);
  reply.status = soup_message_get_status (msg);
  reply.headers = soup_message_headers_ref (soup_message_get_response_headers (msg));
  /* A NUL after the body, so that it reads as a string. */
  {
    gsize size;
    const char *bytes = g_bytes_get_data (reply.body, &size);
    char *text = g_malloc (size + 1);

    memcpy (text, bytes, size);
    text[size] = '\0';
    g_bytes_unref (reply.body);
    reply.body = g_bytes_new_take (text, size + 1);
  }
  return reply;
}

static Reply
get (Fixture    *f,
     const char *path)
{
  return request (f, "GET", path, NULL);
}

/* ---- raw requests, for bytes no HTTP client sends --------------------------------------- */

typedef struct
{
  guint16     port;
  const char *text;
  GString    *answer;
  gint        done;
} Raw;

static gpointer
raw_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  char buffer[4096];
  gssize n;

  connection = g_socket_client_connect_to_host (client, "127.0.0.1", raw->port, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (
                                              connection)), raw->text, strlen (raw->text),
                                            NULL, NULL, &error));
  while ((n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                   buffer, sizeof buffer, NULL, NULL)) > 0)
    g_string_append_len (raw->answer, buffer, n);
  g_atomic_int_set (&raw->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* The answer to the bytes @text sent as they are (the request should say Connection: close). */
static char *
raw_request (Fixture    *f,
             const char *text)
{
  Raw raw = { (guint16) sp_web_server_get_port (f->server), text, g_string_new (NULL), 0 };
  GThread *thread = g_thread_new ("raw", raw_thread, &raw);

  while (!g_atomic_int_get (&raw.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  return g_string_free (raw.answer, FALSE);
}

/* ---- the cases --------------------------------------------------------------------------- */

static void
test_html_escape (void)
{
  g_autoptr(GString) out = g_string_new (NULL);

  sp_web_html (out, "<p title=\"%s\">%s %d %u %I %P %%</p>", "a\"b'c", SCRIPT_NAME " & x", -3,
               7u, (gint64) -42, (gint64) 30);
  g_assert_cmpstr (out->str, ==,
                   "<p title=\"a&quot;b&#39;c\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; x "
                   "-3 7 -42 2.5 %</p>");
  g_string_truncate (out, 0);
  sp_web_html (out, "%s|%P|%P|%P", "\xff ok", (gint64) -16, (gint64) 4, (gint64) 0);
  g_assert_cmpstr (out->str, ==, "\xef\xbf\xbd ok|-1.33|0.33|0");
}

static void
test_language (void)
{
  g_assert_cmpstr (sp_web_pick_language (NULL), ==, "en");
  g_assert_cmpstr (sp_web_pick_language ("fr-FR, de"), ==, "en");
  g_assert_cmpstr (sp_web_pick_language ("zh-CN,zh;q=0.9,en;q=0.8"), ==, "zh_CN");
  g_assert_cmpstr (sp_web_pick_language ("zh-TW"), ==, "zh_TW");
  g_assert_cmpstr (sp_web_pick_language ("zh-Hant-HK"), ==, "zh_TW");
  g_assert_cmpstr (sp_web_pick_language ("en;q=0.5, zh-tw;q=0.7"), ==, "zh_TW");
  g_assert_cmpstr (sp_web_pick_language ("zh;q=0, en"), ==, "en");
}

static void
test_qr (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpWebQr) qr = sp_web_qr_new ("http://127.0.0.1:8080/players/3", &error);
  g_autofree char *svg = NULL;
  g_autofree char *huge = g_strnfill (8000, 'x');

  g_assert_no_error (error);
  /* A QR code is 17 + 4 × version modules wide; its three finder patterns are dark corners. */
  g_assert_cmpuint (qr->size, >=, 21);
  g_assert_cmpuint ((qr->size - 17) % 4, ==, 0);
  g_assert_true (qr->dark[0] && qr->dark[qr->size - 1] && qr->dark[(qr->size - 1) * qr->size]);
  /* A finder pattern: a dark centre in a light ring in a dark ring, then a light separator. */
  g_assert_true (qr->dark[3 * qr->size + 3]);
  g_assert_false (qr->dark[1 * qr->size + 1]);
  g_assert_false (qr->dark[7 * qr->size + 7]);
  svg = sp_web_qr_svg (qr);
  g_assert_true (strstr (svg, "<svg ") != NULL && strstr (svg, "<path ") != NULL);
  g_assert_null (sp_web_qr_new (huge, &error));
  g_assert_error (error, SP_WEB_ERROR, SP_WEB_ERROR_INVALID);
}

static void
test_listen_parse (void)
{
  g_autofree char *address = NULL;
  g_autoptr(GError) error = NULL;
  guint port = 0;

  g_assert_true (sp_web_parse_listen ("0.0.0.0:9000", &address, &port, &error));
  g_assert_cmpstr (address, ==, "0.0.0.0");
  g_assert_cmpuint (port, ==, 9000);
  g_clear_pointer (&address, g_free);
  g_assert_true (sp_web_parse_listen ("[::1]:81", &address, &port, &error));
  g_assert_cmpstr (address, ==, "::1");
  g_clear_pointer (&address, g_free);
  g_assert_true (sp_web_parse_listen (":0", &address, &port, &error));
  g_assert_cmpstr (address, ==, "127.0.0.1");
  g_assert_cmpuint (port, ==, 0);
  g_clear_pointer (&address, g_free);
  for (const char *const *bad = (const char *const[]) { "hall:80", "1.2.3.4:70000", "::1:80",
                                                        "1.2.3.4:x", NULL }; *bad; bad++)
    {
      g_assert_false (sp_web_parse_listen (*bad, &address, &port, &error));
      g_assert_error (error, SP_WEB_ERROR, SP_WEB_ERROR_INVALID);
      g_clear_error (&error);
    }
}

static void
assert_page (Fixture    *f,
             const char *path,
             guint       status,
             const char *content_type,
             const char *contains)
{
  g_auto(Reply) reply = get (f, path);

  if (reply.status != status)
    g_error ("%s: status %u, %u expected", path, reply.status, status);
  g_assert_cmpstr (soup_message_headers_get_content_type (reply.headers, NULL), ==,
                   content_type);
  if (contains != NULL && strstr (body_of (&reply), contains) == NULL)
    g_error ("%s: no \"%s\" in\n%s", path, contains, body_of (&reply));
  /* No inline script in a page: the only script is /app.js. */
  if (strcmp (content_type, "text/html") == 0)
    g_assert_null (strstr (body_of (&reply), "<script>"));
}

static void
test_routes (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *player = g_strdup_printf ("/players/%" G_GINT64_FORMAT, f->players[1]);
  g_autofree char *api_player = g_strdup_printf ("/api/players/%" G_GINT64_FORMAT,
                                                 f->players[1]);
  const char *html = "text/html";

  assert_page (f, "/", 200, html, "<a href=\"/sessions/1/tables/1\">Table 1</a> <span>1/16");
  assert_page (f, "/standings", 200, html, "Bob &amp; Co");
  assert_page (f, "/players", 200, html, "张伟");
  assert_page (f, "/players?q=%E5%BC%A0", 200, html, "张伟");
  assert_page (f, player, 200, html, "<span class=\"wind\">South</span>");
  assert_page (f, "/sessions/1/tables/1", 200, html,
               "Bob &amp; Co won on &lt;script&gt;alert(1)&lt;/script&gt;'s discard");
  assert_page (f, "/api/standings", 200, "application/json", "\"rank\":1");
  assert_page (f, api_player, 200, "application/json", "\"seat\":\"S\"");
  assert_page (f, "/api/version", 200, "application/json", "\"version\":");
  assert_page (f, "/qr.svg?page=/players/3", 200, "image/svg+xml", "<svg ");
  assert_page (f, "/qr.svg", 200, "image/svg+xml", "<svg ");
  assert_page (f, "/app.css", 200, "text/css", "body");
  assert_page (f, "/app.js", 200, "text/javascript", "/api/version");

  /* The search leaves out who does not match. */
  {
    g_auto(Reply) reply = get (f, "/players?q=bob");

    g_assert_nonnull (strstr (body_of (&reply), "Bob &amp; Co"));
    g_assert_null (strstr (body_of (&reply), "Dave"));
  }
  /* The standings rank Bob, the winner, first; the JSON says so too. */
  {
    g_auto(Reply) reply = get (f, "/api/standings");
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(GError) error = NULL;
    JsonArray *players;

    g_assert_true (json_parser_load_from_data (parser, body_of (&reply), -1, &error));
    players = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                            "players");
    g_assert_cmpuint (json_array_get_length (players), ==, 4);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (players, 0),
                                                    "name"), ==, "Bob & Co");
    g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (players, 0),
                                                 "rank"), ==, 1);
  }
}

static void
test_escaping (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_strdup_printf ("/players/%" G_GINT64_FORMAT, f->players[0]);
  g_autofree char *api = g_strdup_printf ("/api/players/%" G_GINT64_FORMAT, f->players[0]);
  const char *pages[] = { "/", "/standings", "/players", path, "/sessions/1/tables/1" };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_auto(Reply) reply = get (f, pages[i]);

      g_assert_null (strstr (body_of (&reply), "<script>alert"));
      g_assert_null (strstr (body_of (&reply), "Spring <Open>"));
      g_assert_nonnull (strstr (body_of (&reply), "Spring &lt;Open&gt;"));
      if (i >= 2)
        g_assert_nonnull (strstr (body_of (&reply), "&lt;script&gt;alert(1)&lt;/script&gt;"));
    }
  /* JSON carries the name as it is, as a JSON string. */
  {
    g_auto(Reply) reply = get (f, api);
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(GError) error = NULL;

    g_assert_true (json_parser_load_from_data (parser, body_of (&reply), -1, &error));
    g_assert_cmpstr (json_object_get_string_member (json_node_get_object (
                       json_parser_get_root (parser)), "name"), ==, SCRIPT_NAME);
  }
}

static void
test_headers (Fixture       *f,
              gconstpointer  data)
{
  const char *paths[] = { "/", "/api/standings", "/nope", "/app.js" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_auto(Reply) reply = get (f, paths[i]);
      const char *csp = soup_message_headers_get_one (reply.headers, "Content-Security-Policy");

      g_assert_nonnull (csp);
      g_assert_nonnull (strstr (csp, "default-src 'none'"));
      g_assert_nonnull (strstr (csp, "script-src 'self'"));
      g_assert_null (strstr (csp, "unsafe-inline"));
      g_assert_cmpstr (soup_message_headers_get_one (reply.headers, "X-Content-Type-Options"),
                       ==, "nosniff");
    }
}

static void
test_methods (Fixture       *f,
              gconstpointer  data)
{
  const char *methods[] = { "POST", "PUT", "DELETE", "PATCH", "OPTIONS" };

  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    {
      g_auto(Reply) reply = request (f, methods[i], "/standings", NULL);

      g_assert_cmpuint (reply.status, ==, 405);
      g_assert_cmpstr (soup_message_headers_get_one (reply.headers, "Allow"), ==, "GET, HEAD");
    }
  /* HEAD: the headers of the GET, no body. */
  {
    g_auto(Reply) head = request (f, "HEAD", "/standings", NULL);
    g_auto(Reply) full = get (f, "/standings");

    g_assert_cmpuint (head.status, ==, 200);
    g_assert_cmpuint (g_bytes_get_size (head.body), ==, 1);
    g_assert_cmpint (soup_message_headers_get_content_length (head.headers), ==,
                     (goffset) g_bytes_get_size (full.body) - 1);
  }
  /* A body is refused before it is read: a large POST is answered at once. */
  {
    g_autofree char *answer = raw_request (f, "POST /standings HTTP/1.1\r\nHost: x\r\n"
                                              "Content-Length: 100000000\r\n"
                                              "Connection: close\r\n\r\n");

    g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 405"));
  }
  {
    g_autofree char *answer = raw_request (f, "GET /standings HTTP/1.1\r\nHost: x\r\n"
                                              "Content-Length: 5\r\nConnection: close\r\n\r\n"
                                              "hello");

    g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 413"));
  }
}

static void
test_bad_paths (Fixture       *f,
                gconstpointer  data)
{
  struct
  {
    const char *path;
    guint       status;
  } cases[] = {
    { "/nope", 404 }, { "/players/", 404 }, { "/players/0", 404 }, { "/players/01", 404 },
    { "/players/99999", 404 }, { "/players/1x", 404 }, { "/players/1/2", 404 },
    { "/sessions/1/tables/2", 404 }, { "/sessions/2/tables/1", 404 },
    { "/sessions/1", 404 }, { "/api/players/77", 404 }, { "/api", 404 },
    { "/web/app.css", 404 }, { "/etc/passwd", 404 }, { "/%2e%2e/%2e%2e/etc/passwd", 404 },
    { "/players/%FF", 400 }, { "/players/%C3%28", 400 }, { "/players/%00", 400 },
    { "/players/%2531", 404 }, { "/players?q=%FF", 400 }, { "/players?q=%E2%82", 400 },
    { "/qr.svg?page=/etc/passwd", 400 }, { "/qr.svg?page=http://evil.example/", 400 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Reply) reply = get (f, cases[i].path);

      if (reply.status != cases[i].status)
        g_error ("%s: status %u, %u expected", cases[i].path, reply.status, cases[i].status);
    }
  /* Bytes that are not UTF-8 in the request line itself. */
  {
    g_autofree char *answer = raw_request (f, "GET /players/\xff\xfe HTTP/1.1\r\nHost: x\r\n"
                                              "Connection: close\r\n\r\n");

    g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 4"));
  }
  {
    g_autofree char *long_path = g_strnfill (SP_WEB_MAX_TARGET + 10, 'a');
    g_autofree char *path = g_strconcat ("/players?q=", long_path, NULL);
    g_auto(Reply) reply = get (f, path);

    g_assert_cmpuint (reply.status, ==, 414);
  }
}

static void
test_hide_standings (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *player = g_strdup_printf ("/players/%" G_GINT64_FORMAT, f->players[1]);
  g_autofree char *api_player = g_strdup_printf ("/api/players/%" G_GINT64_FORMAT,
                                                 f->players[1]);

  g_assert_true (sp_db_set_hide_standings (f->store.db, f->store.tournament->id, TRUE, &error));
  g_assert_no_error (error);
  {
    g_auto(Reply) standings = get (f, "/standings");
    g_auto(Reply) page = get (f, player);
    g_auto(Reply) api = get (f, "/api/standings");
    g_auto(Reply) api_one = get (f, api_player);

    g_assert_cmpuint (standings.status, ==, 200);
    g_assert_nonnull (strstr (body_of (&standings), "hidden until the last session"));
    g_assert_null (strstr (body_of (&standings), "<table"));
    g_assert_null (strstr (body_of (&page), "class=\"rank\""));
    g_assert_nonnull (strstr (body_of (&api), "\"hidden\":true"));
    g_assert_nonnull (strstr (body_of (&api), "\"players\":[]"));
    g_assert_null (strstr (body_of (&api), "\"rank\""));
    g_assert_null (strstr (body_of (&api_one), "\"rank\""));
    g_assert_null (strstr (body_of (&api_one), "\"table_points\""));
  }
  /* Once the last session is closed, the standings are for everyone. */
  g_assert_true (sp_db_close_session (f->store.db, f->store.tournament, 1, TRUE, &error));
  g_assert_no_error (error);
  {
    g_auto(Reply) standings = get (f, "/standings");
    g_auto(Reply) api_one = get (f, api_player);

    g_assert_nonnull (strstr (body_of (&standings), "<table"));
    g_assert_nonnull (strstr (body_of (&api_one), "\"rank\":1"));
  }
}

static void
test_etag (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *etag = NULL;
  g_autofree char *version = NULL;

  {
    g_auto(Reply) reply = get (f, "/standings");
    g_auto(Reply) api = get (f, "/api/version");

    etag = g_strdup (soup_message_headers_get_one (reply.headers, "ETag"));
    g_assert_nonnull (etag);
    g_assert_true (etag[0] == '"');
    version = g_strdup (body_of (&api));
  }
  {
    g_auto(Reply) again = request (f, "GET", "/standings", "If-None-Match", etag, NULL);

    g_assert_cmpuint (again.status, ==, 304);
    g_assert_cmpuint (g_bytes_get_size (again.body), ==, 1);
  }
  /* Another language is another representation: no 304 for it. */
  {
    g_auto(Reply) other = request (f, "GET", "/standings", "If-None-Match", etag,
                                   "Accept-Language", "zh-CN", NULL);

    g_assert_cmpuint (other.status, ==, 200);
  }
  /* A change written by another connection (the app, sparrow-cli) is a new version. */
  add_hand (f, SP_WIND_WEST, SP_HAND_ENTRY_SELF_DRAWN, 10);
  {
    g_auto(Reply) changed = request (f, "GET", "/standings", "If-None-Match", etag, NULL);
    g_auto(Reply) api = get (f, "/api/version");

    g_assert_cmpuint (changed.status, ==, 200);
    g_assert_cmpstr (soup_message_headers_get_one (changed.headers, "ETag"), !=, etag);
    g_assert_cmpstr (body_of (&api), !=, version);
  }
  g_assert_no_error (error);
}

typedef struct
{
  SoupMessage *msg;
  GBytes      *body;
} Pending;

static void
pending_sent_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Pending *pending = data;
  g_autoptr(GError) error = NULL;

  pending->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
}

/* After a change, the requests that come at once wait for one read of the store, each answered
 * from it; the main loop keeps turning meanwhile (this test's own loop runs the clients). */
static void
test_shared_read (Fixture       *f,
                  gconstpointer  data)
{
  static const char *paths[] = { "/api/version", "/standings", "/", "/players",
                                 "/api/standings", "/api/version", "/standings", "/" };
  Pending pending[G_N_ELEMENTS (paths)] = { 0 };
  g_autofree char *before = NULL;
  guint reads;
  guint turns = 0;
  gboolean done = FALSE;

  {
    g_auto(Reply) api = get (f, "/api/version");

    before = g_strdup (body_of (&api));
  }
  reads = sp_web_server_get_n_reads (f->server);
  {
    g_auto(Reply) again = get (f, "/standings");
  }
  g_assert_cmpuint (sp_web_server_get_n_reads (f->server), ==, reads);

  add_hand (f, SP_WIND_WEST, SP_HAND_ENTRY_SELF_DRAWN, 10);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autofree char *url = g_strconcat (f->base, paths[i], NULL);

      pending[i].msg = soup_message_new ("GET", url);
      soup_session_send_and_read_async (f->session, pending[i].msg, G_PRIORITY_DEFAULT, NULL,
                                        pending_sent_cb, &pending[i]);
    }
  while (!done)
    {
      g_main_context_iteration (NULL, TRUE);
      turns++;
      done = TRUE;
      for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
        done = done && pending[i].body != NULL;
    }
  g_assert_cmpuint (sp_web_server_get_n_reads (f->server), ==, reads + 1);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_assert_cmpuint (soup_message_get_status (pending[i].msg), ==, 200);
      if (strcmp (paths[i], "/api/version") == 0)
        g_assert_false (g_bytes_get_size (pending[i].body) == strlen (before)
                        && memcmp (g_bytes_get_data (pending[i].body, NULL), before,
                                   strlen (before)) == 0);
      g_clear_object (&pending[i].msg);
      g_clear_pointer (&pending[i].body, g_bytes_unref);
    }
  g_assert_cmpuint (turns, >, 1);
}

/* A phone that goes away while its request waits for the read is not answered, and the
 * others still are. */
static void
test_gone_while_waiting (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  static const char text[] = "GET /standings HTTP/1.1\r\nHost: x\r\n\r\n";
  guint reads = sp_web_server_get_n_reads (f->server);

  add_hand (f, SP_WIND_WEST, SP_HAND_ENTRY_SELF_DRAWN, 10);
  connection = g_socket_client_connect_to_host (client, "127.0.0.1",
                                                (guint16) sp_web_server_get_port (f->server),
                                                NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (
                                              connection)), text, strlen (text), NULL, NULL,
                                            &error));
  /* Until the server has the request (and so a read started), then the phone leaves. */
  while (sp_web_server_get_n_reads (f->server) == reads)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_io_stream_close (G_IO_STREAM (connection), NULL, &error));
  {
    g_auto(Reply) reply = get (f, "/standings");

    g_assert_cmpuint (reply.status, ==, 200);
    g_assert_nonnull (strstr (body_of (&reply), "Dave"));
  }
  g_assert_cmpuint (sp_web_server_get_n_reads (f->server), ==, reads + 1);
}

/* A phone that closed its kept-alive connection no longer counts among those held: a hall
 * whose phones come and go is not refused once the limit's worth has come. */
static void
test_connections_forgotten (Fixture       *f,
                            gconstpointer  data)
{
  sp_web_server_set_max_connections (f->server, 2);
  for (guint round = 0; round < 4; round++)
    {
      g_clear_object (&f->session);
      f->session = soup_session_new ();
      {
        g_auto(Reply) reply = get (f, "/api/version");

        g_assert_cmpuint (reply.status, ==, 200);
      }
      /* The phone leaves, closing its connection. */
      soup_session_abort (f->session);
      for (guint i = 0; i < 100; i++)
        g_main_context_iteration (NULL, FALSE);
    }
  sp_web_server_set_max_connections (f->server, SP_WEB_MAX_CONNECTIONS);
}

static void
test_languages (Fixture       *f,
                gconstpointer  data)
{
  g_auto(Reply) simplified = request (f, "GET", "/standings", "Accept-Language", "zh-CN", NULL);
  g_auto(Reply) traditional = request (f, "GET", "/players", "Accept-Language", "zh-TW,zh;q=0.5",
                                       NULL);
  g_auto(Reply) english = get (f, "/standings");

  g_assert_nonnull (strstr (body_of (&simplified), "<html lang=\"zh-CN\""));
  g_assert_nonnull (strstr (body_of (&simplified), "<th>名次</th>"));
  g_assert_nonnull (strstr (body_of (&traditional), "<html lang=\"zh-TW\""));
  g_assert_nonnull (strstr (body_of (&traditional), ">選手</a>"));
  g_assert_nonnull (strstr (body_of (&english), "<th>Rank</th>"));
  /* The server's own language is left as it was. */
  g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, "en");
}

static void
test_connection_limit (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) held = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *answer = NULL;

  sp_web_server_set_max_connections (f->server, 1);
  held = g_socket_client_connect_to_host (client, "127.0.0.1",
                                          (guint16) sp_web_server_get_port (f->server), NULL,
                                          &error);
  g_assert_no_error (error);
  /* Let the server take the first connection in. */
  for (guint i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  answer = raw_request (f, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  g_assert_cmpstr (answer, ==, "");
  g_clear_object (&held);
  sp_web_server_set_max_connections (f->server, SP_WEB_MAX_CONNECTIONS);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *po = NULL;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  /* The catalogues of the build folder. */
  po = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  bindtextdomain (GETTEXT_PACKAGE, po);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/sparrow/web/html/escape", test_html_escape);
  g_test_add_func ("/sparrow/web/language", test_language);
  g_test_add_func ("/sparrow/web/qr", test_qr);
  g_test_add_func ("/sparrow/web/listen", test_listen_parse);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/sparrow/web/server/routes", test_routes);
  ADD ("/sparrow/web/server/escaping", test_escaping);
  ADD ("/sparrow/web/server/headers", test_headers);
  ADD ("/sparrow/web/server/methods", test_methods);
  ADD ("/sparrow/web/server/bad-paths", test_bad_paths);
  ADD ("/sparrow/web/server/hide-standings", test_hide_standings);
  ADD ("/sparrow/web/server/etag", test_etag);
  ADD ("/sparrow/web/server/languages", test_languages);
  ADD ("/sparrow/web/server/shared-read", test_shared_read);
  ADD ("/sparrow/web/server/gone-while-waiting", test_gone_while_waiting);
  ADD ("/sparrow/web/server/connections-forgotten", test_connections_forgotten);
  ADD ("/sparrow/web/server/connection-limit", test_connection_limit);
#undef ADD
  return g_test_run ();
}
