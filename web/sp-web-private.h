/* sp-web-private.h: what the server and the pages of the players' view share.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-core.h"
#include "sp-db.h"

G_BEGIN_DECLS

/* One session as the hall sees it. */
typedef struct
{
  SpSessionInfo   info;
  GArray         *progress;  /* SpTableProgress, by table; NULL when not drawn */
  gboolean        has_clock;
  SpSessionClock  clock;
} SpWebSession;

/* Everything the pages show, read once per data version. */
typedef struct
{
  SpTournament        *tournament;
  SpSnapshot          *snapshot;
  gboolean             hidden;         /* Hide Standings is on and a session is still open */
  GArray              *standings;      /* SpStanding, best first */
  GArray              *results;        /* SpSessionResult */
  GHashTable          *index;          /* player id (gint64 *) → position in standings + 1 */
  const SpSessionResult **by_session;  /* standings->len × n_sessions, NULL where not played */
  GArray              *sessions;       /* SpWebSession, session 1 first */
  guint                clock_session;  /* 0: none */
  char                *version;        /* the ETag's value, without quotes */
} SpWebData;

SpWebData *sp_web_data_load (SpDb        *db,
                             const char  *tournament,
                             const char  *version,
                             GError     **error);
void       sp_web_data_free (SpWebData   *data);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpWebData, sp_web_data_free)

/* What a page answers. */
typedef struct
{
  guint        status;
  const char  *content_type;
  GString     *body;
  gboolean     cacheable;  /* the same for every request of this data version and language */
} SpWebReply;

/* Renders @path (decoded, valid UTF-8) with the query @query (decoded, or NULL) in the
 * language already chosen (@lang its tag: en, zh-CN, zh-TW), into @reply.  @base is the
 * address the pages are served at ("http://host:port"), for the QR codes. */
void sp_web_render (const SpWebData *data,
                    const char      *path,
                    GHashTable      *query,
                    const char      *lang,
                    const char      *base,
                    SpWebReply      *reply);
/* Whether @path is a page a QR code may point at. */
gboolean sp_web_is_page (const char *path);

G_END_DECLS
