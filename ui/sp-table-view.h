/* sp-table-view.h: one table of a session as the referee keeps it: the score sheet of R98 附件5,
 * the next hand's rotation, the table's penalties, and every change made here with its undo.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-db.h"

G_BEGIN_DECLS

#define SP_TYPE_TABLE_VIEW (sp_table_view_get_type ())
G_DECLARE_FINAL_TYPE (SpTableView, sp_table_view, SP, TABLE_VIEW, AdwWindow)

/* Opens table @table of @session of @tournament in @db (which must outlive the window) as a window
 * of its own beside @parent.  A session not drawn or a table it lacks is SP_DB_ERROR_NOT_FOUND.
 * The window emits "changed" after each change it made in the store, and "reloaded" after it
 * read the table again for a change made elsewhere (sparrow-cli, another window). */
SpTableView        *sp_table_view_new          (GtkWindow          *parent,
                                                SpDb               *db,
                                                gint64              tournament,
                                                guint               session,
                                                guint               table,
                                                GError            **error);
guint               sp_table_view_get_session  (SpTableView        *self);
guint               sp_table_view_get_number   (SpTableView        *self);
/* The table before its next hand, as the store has it now. */
const SpTable      *sp_table_view_get_table    (SpTableView        *self);
const SpTournament *sp_table_view_get_tournament (SpTableView      *self);
const SpRules      *sp_table_view_get_rules    (SpTableView        *self);
/* The name of the player in @chair (0 … 3, the seat at the session's first hand). */
const char         *sp_table_view_get_player_name (SpTableView     *self,
                                                   guint            chair);
/* Whether the session is closed: nothing can be changed. */
gboolean            sp_table_view_is_read_only (SpTableView        *self);
/* Who this station's changes are made by (the settings' referee name), NULL for the user. */
const char         *sp_table_view_get_referee  (SpTableView        *self);
/* The entry hand @id was made from and the table before it, for a correction. */
gboolean            sp_table_view_get_hand_entry (SpTableView      *self,
                                                  gint64            id,
                                                  SpHandEntry      *entry,
                                                  SpTable          *state,
                                                  GError          **error);
/* Enters @entry as the next hand (@id 0) or in place of hand @id, through the engine in one
 * transaction, with the referee's name in the audit log; then shows the sheet again, tells
 * what was done in a toast offering Undo and emits "changed".  @report may be NULL. */
gboolean            sp_table_view_record       (SpTableView        *self,
                                                gint64              id,
                                                const SpHandEntry  *entry,
                                                SpHandReport       *report,
                                                GError            **error);
/* sp_table_view_record () of an entry made against what the referee saw: @expect is the number
 * the new hand takes (@id 0) or the version of hand @id, @seats (nullable) who sat where for the
 * new hand; 0 and NULL check nothing.  When the table or
 * the hand changed since, SP_DB_ERROR_STALE says what changed and nothing is written. */
gboolean            sp_table_view_record_expecting (SpTableView    *self,
                                                    gint64          id,
                                                    guint           expect,
                                                    const SpRotation *seats,
                                                    const SpHandEntry *entry,
                                                    SpHandReport   *report,
                                                    GError        **error);
/* Hand @id as the window last read it, or NULL. */
const SpHandRecord *sp_table_view_get_hand     (SpTableView        *self,
                                                gint64              id);
/* Reads the table again from the store (changes made elsewhere) and emits "reloaded".  The
 * window does so by itself within two seconds of a change by another connection. */
gboolean            sp_table_view_reload       (SpTableView        *self,
                                                GError            **error);
/* Deletes hand @id (the later hands judged again), with an undo. */
gboolean            sp_table_view_remove_hand  (SpTableView        *self,
                                                gint64              id,
                                                GError            **error);
/* Gives @penalty (session and hand filled in here) / deletes penalty @id, with an undo. */
gboolean            sp_table_view_give_penalty (SpTableView        *self,
                                                SpPenalty          *penalty,
                                                GError            **error);
gboolean            sp_table_view_delete_penalty (SpTableView      *self,
                                                  gint64            id,
                                                  GError          **error);
/* Undoes the last change made in this window by the inverse engine call; FALSE with @error
 * unset when there is nothing to undo. */
gboolean            sp_table_view_undo         (SpTableView        *self,
                                                GError            **error);
/* Opens the hand dialog for the next hand (@id 0) or to correct hand @id. */
GtkWindow          *sp_table_view_open_hand_dialog (SpTableView    *self,
                                                    gint64          id);
/* The store the table is kept in. */
SpDb               *sp_table_view_get_database (SpTableView        *self);
/* How long the last recording took with the sheet and the standings shown again, in µs. */
gint64              sp_table_view_get_record_time (SpTableView     *self);

/* The "Enter Hand" table picker: a dialog over @parent listing the tables of the drawn sessions,
 * the first open one chosen; the one picked is opened by activating tournament.open-table
 * (session, table) on @widget. */
void                sp_table_view_pick_table   (GtkWindow          *parent,
                                                GtkWidget          *widget,
                                                SpDb               *db,
                                                const SpTournament *tournament);

G_END_DECLS
