/* sp-station-outbox.h: the outbox of a referee station connected to a hall's server, shared by
 * the window (its bar, the sending) and the hand dialogs (what they keep while the server
 * cannot be reached): one per server location in the process.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "sp-outbox.h"

G_BEGIN_DECLS

#define SP_TYPE_STATION_OUTBOX (sp_station_outbox_get_type ())
G_DECLARE_FINAL_TYPE (SpStationOutbox, sp_station_outbox, SP, STATION_OUTBOX, GObject)

/* The outbox of @db's location, opened at the first call; NULL for a file (a file that cannot
 * be written is no place to keep a hand elsewhere) or when the outbox cannot be opened (the
 * reason in @error).  Transfer none: it lives as long as the process. */
SpStationOutbox *sp_station_outbox_for         (SpDb             *db,
                                                GError          **error);
SpOutbox        *sp_station_outbox_get_outbox  (SpStationOutbox  *self);
/* sp_outbox_add (), then "changed". */
gboolean         sp_station_outbox_add         (SpStationOutbox  *self,
                                                SpOutboxItem     *item,
                                                GError          **error);
/* The entries of one table not on the server yet: waiting or refused (SpOutboxItem, in queue
 * order); a new hand of that table goes behind them. */
GPtrArray       *sp_station_outbox_list_table  (SpStationOutbox  *self,
                                                gint64            tournament,
                                                guint             session,
                                                guint             table);
/* sp_outbox_send () to @db when something waits, then "changed"; FALSE with the error when the
 * server is still lost. */
gboolean         sp_station_outbox_send        (SpStationOutbox  *self,
                                                SpDb             *db,
                                                SpOutboxSent     *sent,
                                                GError          **error);
gboolean         sp_station_outbox_discard     (SpStationOutbox  *self,
                                                gint64            id,
                                                GError          **error);
SpOutboxItem    *sp_station_outbox_enter_again (SpStationOutbox  *self,
                                                gint64            id,
                                                GError          **error);
/* What waits and what was refused (0 and 0 when the file cannot be read). */
void             sp_station_outbox_count       (SpStationOutbox  *self,
                                                guint            *waiting,
                                                guint            *conflicts);

G_END_DECLS
