/* sp-web-server.h: the players' view: read-only pages of one tournament on the hall network,
 * served on the GLib main loop (libsoup 3), the store read in a worker thread.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-web-error.h"

G_BEGIN_DECLS

#define SP_WEB_DEFAULT_ADDRESS "127.0.0.1"
#define SP_WEB_DEFAULT_PORT 8080
/* The connections served at once (a hall of 200 phones, each keeping one or two open) and how
 * long an idle or slow one is kept. */
#define SP_WEB_MAX_CONNECTIONS 512
#define SP_WEB_IDLE_TIMEOUT_S 30
/* The longest request line target (path and query) served; longer is 414. */
#define SP_WEB_MAX_TARGET 2048

typedef struct _SpWebServer SpWebServer;

/* A server of the tournament @tournament (ID or name; NULL: the most recently created) of the
 * database @db_path, on a connection of its own that only reads.  Nothing is listened on yet. */
SpWebServer *sp_web_server_new          (const char   *db_path,
                                         const char   *tournament,
                                         GError      **error);
/* Listens on @address (an IP address: "127.0.0.1", "::1", "192.0.2.7", or "0.0.0.0" for
 * every interface, which only the director chooses) and @port (0: a free one). */
gboolean     sp_web_server_listen       (SpWebServer  *server,
                                         const char   *address,
                                         guint         port,
                                         GError      **error);
/* The port listened on (the one chosen when 0 was asked), 0 before listening. */
guint        sp_web_server_get_port     (SpWebServer  *server);
/* The address a phone opens, "http://192.0.2.7:8080/" (IPv6 in brackets). */
char        *sp_web_server_get_url      (SpWebServer  *server);
/* How many times the store was read since the server was made: once per data version that a
 * request asked for, however many asked at once (for the tests and the benchmarks). */
guint        sp_web_server_get_n_reads  (SpWebServer  *server);
void         sp_web_server_set_max_connections (SpWebServer *server,
                                                guint        max_connections);
void         sp_web_server_free         (SpWebServer  *server);

/* "ADDR:PORT", "[V6]:PORT", "ADDR" or ":PORT" (the default for the part left out); refused
 * with SP_WEB_ERROR_INVALID naming what is wrong. */
gboolean     sp_web_parse_listen        (const char   *text,
                                         char        **address,
                                         guint        *port,
                                         GError      **error);
/* The machine's own IP addresses a director can choose from: loopback first, then each
 * interface's (char *). */
GPtrArray   *sp_web_list_addresses      (void);

/* The language of an Accept-Language header the pages are written in: "en", "zh_CN" or "zh_TW"
 * (gettext's names), the one of highest q; English when none of them is asked for. */
const char  *sp_web_pick_language       (const char   *accept_language);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpWebServer, sp_web_server_free)

G_END_DECLS
