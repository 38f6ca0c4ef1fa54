/* sp-session-choice.c: the Session list of the dialogs that print or export one session.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-session-choice.h"

/**
 * sp_session_choice_fill:
 * @row: the dialog's Session row
 * @db: the store
 * @tournament: the tournament whose sessions are listed
 *
 * Lists sessions 1…N in @row, the last one drawn chosen first: its seating is the one to print.
 */
void
sp_session_choice_fill (AdwComboRow        *row,
                        SpDb               *db,
                        const SpTournament *tournament)
{
  g_autoptr(GtkStringList) sessions = gtk_string_list_new (NULL);
  guint n_sessions = MAX (tournament->n_sessions, 1);
  guint last_drawn = 1;

  g_return_if_fail (ADW_IS_COMBO_ROW (row) && db != NULL);

  for (guint session = 1; session <= n_sessions; session++)
    {
      /* Translators: an item of the Session list. */
      g_autofree char *label = g_strdup_printf (_("Session %u"), session);
      SpSessionInfo info = { 0 };

      gtk_string_list_append (sessions, label);
      if (sp_db_get_session (db, tournament->id, session, &info, NULL) && info.n_tables > 0)
        last_drawn = session;
    }
  adw_combo_row_set_model (row, G_LIST_MODEL (sessions));
  adw_combo_row_set_selected (row, last_drawn - 1);
}
