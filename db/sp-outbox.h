/* sp-outbox.h: a referee station's outbox, the hands its referee entered while the hall's
 * server could not be reached, kept in a SQLite file of the station's own until they are sent.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-core.h"
#include "sp-db.h"

G_BEGIN_DECLS

typedef struct _SpOutbox SpOutbox;

typedef enum
{
  SP_OUTBOX_WAITING,  /* not sent yet */
  SP_OUTBOX_SENT,     /* on the server: .hand_id */
  SP_OUTBOX_CONFLICT, /* refused by the server: .message says why; the table's later entries wait */
} SpOutboxState;

/* One hand as the referee entered it, and what became of it. */
typedef struct
{
  gint64        id;
  gint64        place;        /* its place in the queue: entries are sent by place */
  gint64        tournament;
  guint         session;
  guint         table;
  guint         expect_hand;  /* the number it takes at its table (hand add --expect-hand) */
  gboolean      has_seats;    /* .seats: who sat at which wind for it, as the station saw */
  SpRotation    seats;
  SpHandEntry   entry;        /* what sp_db_add_hand takes, its key in .entry.key */
  char         *referee;      /* who entered it, for the server's audit log; NULL: the user */
  gint64        queued_at;    /* µs since 1970, UTC */
  SpOutboxState state;
  gint64        hand_id;      /* SP_OUTBOX_SENT: the hand on the server */
  char         *message;      /* SP_OUTBOX_CONFLICT: the server's refusal */
} SpOutboxItem;

void          sp_outbox_item_free    (SpOutboxItem *item);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpOutboxItem, sp_outbox_item_free)

/* The outbox file of the store at @location, in $XDG_STATE_HOME/sparrow/outbox/: one per
 * location, named by a hash of it with any password taken out. */
char         *sp_outbox_path_for     (const char    *location);
/* Opens (or makes, mode 0600 in a 0700 folder) the outbox at @path; SP_DB_ERROR_IO when the
 * file cannot be, SP_DB_ERROR_NOT_SPARROW when it is something else. */
SpOutbox     *sp_outbox_open         (const char    *path,
                                      GError       **error);
void          sp_outbox_close        (SpOutbox      *outbox);
const char   *sp_outbox_get_path     (SpOutbox      *outbox);

/* Keeps @item as waiting (one transaction): sets its .id, .queued_at, .state, and its .place
 * (after every other entry, unless @item->place is set: a conflict entered again takes the
 * place it had).  An entry needs a key that is no other entry's (SP_DB_ERROR_INVALID); a false
 * win is refused: it is a penalty, without a key that would find it on the server again. */
gboolean      sp_outbox_add          (SpOutbox      *outbox,
                                      SpOutboxItem  *item,
                                      GError       **error);
/* The entries (SpOutboxItem) of one state (or all: -1) in queue order; @tournament,
 * @session, @table 0 mean any. */
GPtrArray    *sp_outbox_list         (SpOutbox      *outbox,
                                      gint           state,
                                      gint64         tournament,
                                      guint          session,
                                      guint          table,
                                      GError       **error);
gboolean      sp_outbox_count        (SpOutbox      *outbox,
                                      guint         *waiting,
                                      guint         *conflicts,
                                      GError       **error);

typedef struct
{
  guint sent;       /* entries now on the server (found there by their key included) */
  guint repeated;   /* of those, found already there: a sending the outbox had not noted */
  guint conflicts;  /* entries refused in this sending */
  guint waiting;    /* entries still waiting after it */
} SpOutboxSent;

/* Sends the waiting entries to @db in queue order, each with its key, under its referee: a
 * hand stored (or found by its key) marks it sent; a refusal of the store (a stale
 * --expect-hand, a closed session, a rule) marks it a conflict with the store's message, and
 * the later entries of its table wait behind it.  Each entry's new state is one transaction of
 * the outbox after the server's commit: killed in between, the next sending finds the hand by
 * its key.  A lost server (SP_DB_ERROR_IO) or a store held up (SP_DB_ERROR_BUSY) stops the
 * sending with that error, the entries not sent still waiting. */
gboolean      sp_outbox_send         (SpOutbox      *outbox,
                                      SpDb          *db,
                                      SpOutboxSent  *sent,
                                      GError       **error);
/* Removes the entry @id (a conflict given up, or a sent one). */
gboolean      sp_outbox_discard      (SpOutbox      *outbox,
                                      gint64         id,
                                      GError       **error);
/* A conflict to be entered again as a fresh hand: a copy of it, with a new key in .entry.key,
 * its .id the conflict's and its .place (for sp_outbox_add ()).  The conflict stays, and its
 * table's later entries wait behind it, until the caller discards it once the fresh hand is on
 * the server or kept in its place.  Only a conflict (SP_DB_ERROR_INVALID otherwise,
 * SP_DB_ERROR_NOT_FOUND when there is no @id). */
SpOutboxItem *sp_outbox_enter_again  (SpOutbox      *outbox,
                                      gint64         id,
                                      GError       **error);
/* Removes the entries sent more than @age µs ago (kept that long to be shown). */
gboolean      sp_outbox_forget_sent  (SpOutbox      *outbox,
                                      gint64         age,
                                      GError       **error);

/* The entry in the outbox's text form and back (SP_DB_ERROR_CORRUPT for a text that is not
 * one). */
char         *sp_outbox_entry_to_string   (const SpHandEntry  *entry);
gboolean      sp_outbox_entry_from_string (SpHandEntry        *entry,
                                           const char         *text,
                                           GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpOutbox, sp_outbox_close)

G_END_DECLS
