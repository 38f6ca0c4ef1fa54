/* sp-db-log.h: a line of the audit log in words, the same for the Log page and sparrow-cli log.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "sp-db.h"

G_BEGIN_DECLS

/* A stable name of @kind ("hand-corrected"), for JSON and scripts; never translated. */
const char *sp_log_kind_to_string   (SpLogKind          kind);

/* What @entry did, as one sentence in the user's language. */
char       *sp_log_describe         (const SpLogEntry  *entry);
/* What line @index of @entries (a tournament's log as sp_db_list_log returns it, newest first)
 * did: sp_log_describe (), but the points another player receives for a false win read as part
 * of the offender's verdict, which the lines next to it say. */
char       *sp_log_describe_line    (GPtrArray         *entries,
                                     guint              index);
/* When a change was made (@at, UTC in ISO 8601 as stored) in local time, "2026-03-14 14:02:07";
 * @at itself when it does not read. */
char       *sp_log_format_when      (const char        *at);
/* Whether @entry concerns @player: the player it names, or one of the four at its hand's
 * table. */
gboolean    sp_log_entry_concerns   (const SpLogEntry  *entry,
                                     gint64             player);

G_END_DECLS
