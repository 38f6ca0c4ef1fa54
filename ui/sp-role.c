/* sp-role.c: what the role of a station's login allows in the window.  The store refuses what
 * the server's role may not do whatever the window shows; the window greys it beforehand and
 * says why, so that a referee is not offered the director's work.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-role.h"

/* Gives @widget @tooltip when its action is @allowed, else @reason (taken), why it is greyed. */
static void
explain (GtkWidget  *widget,
         gboolean    allowed,
         const char *tooltip,
         char       *reason)
{
  g_autofree char *owned = reason;

  gtk_widget_set_tooltip_text (widget, allowed ? tooltip : owned);
}

gboolean
sp_role_is_director (SpDb *db)
{
  return db == NULL || sp_db_get_role (db) == SP_DB_ROLE_DIRECTOR;
}

void
sp_role_explain_director (GtkWidget  *widget,
                          SpDb       *db,
                          const char *tooltip)
{
  gboolean allowed = sp_role_is_director (db);

  g_return_if_fail (GTK_IS_WIDGET (widget));

  explain (widget, allowed, tooltip,
           allowed ? NULL
                   /* Translators: the login, then its role ("Referee"). */
                   : g_strdup_printf (_("Only the director may do this: this station is "
                                        "connected as %s (%s)"), sp_db_get_login (db),
                                      sp_db_role_get_label (sp_db_get_role (db))));
}

gboolean
sp_role_may_enter (SpDb *db)
{
  return db == NULL || sp_db_get_role (db) != SP_DB_ROLE_VIEWER;
}

void
sp_role_explain_entry (GtkWidget  *widget,
                       SpDb       *db,
                       const char *tooltip)
{
  gboolean allowed = sp_role_may_enter (db);

  g_return_if_fail (GTK_IS_WIDGET (widget));

  explain (widget, allowed, tooltip,
           allowed ? NULL
                   /* Translators: the login, then its role ("Viewer"). */
                   : g_strdup_printf (_("Only a referee or the director enters hands: this "
                                        "station is connected as %s (%s)"),
                                      sp_db_get_login (db),
                                      sp_db_role_get_label (sp_db_get_role (db))));
}
