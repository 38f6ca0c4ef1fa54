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

/**
 * sp_session_choice_dialog_new:
 * @type: the dialog's type, a #GtkWindow
 * @owner: the tournament's view, over whose window the dialog is modal
 * @db: the store
 * @tournament: the id of the tournament the dialog prints or exports
 * @found: (out): where the tournament read goes, owned by the caller
 * @error: where a store error goes
 *
 * Reads @tournament and makes the dialog of @type that prints or exports it.
 *
 * Returns: (transfer none): a new dialog, not yet shown, owned by GTK like every toplevel;
 *   NULL when the tournament cannot be read.
 */
gpointer
sp_session_choice_dialog_new (GType          type,
                              GtkWidget     *owner,
                              SpDb          *db,
                              gint64         tournament,
                              SpTournament **found,
                              GError       **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, tournament);
  GtkRoot *root;

  g_return_val_if_fail (g_type_is_a (type, GTK_TYPE_WINDOW), NULL);
  g_return_val_if_fail (GTK_IS_WIDGET (owner) && db != NULL && found != NULL, NULL);

  *found = sp_db_find_tournament (db, id, error);
  if (*found == NULL)
    return NULL;
  root = gtk_widget_get_root (owner);
  return g_object_new (type,
                       "transient-for", GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                       NULL);
}
