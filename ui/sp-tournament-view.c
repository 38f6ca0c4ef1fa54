/* sp-tournament-view.c: one tournament's pages, its players and its standings.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-log-page.h"
#include "sp-players-page.h"
#include "sp-sessions-page.h"
#include "sp-standings-page.h"
#include "sp-tournament-view.h"

struct _SpTournamentView
{
  GtkBox parent_instance;

  SpDb *db;                 /* the window's, not owned */
  SpTournament *tournament;

  /* Template children */
  AdwViewSwitcherTitle *switcher_title;
  AdwViewStack *stack;
  SpPlayersPage *players_page;
  SpSessionsPage *sessions_page;
  SpStandingsPage *standings_page;
  SpLogPage *log_page;
};

G_DEFINE_FINAL_TYPE (SpTournamentView, sp_tournament_view, GTK_TYPE_BOX)

/* The sessions and the standings are read again each time their page is shown. */
static void
page_changed_cb (SpTournamentView *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->stack);

  if (self->tournament == NULL)
    return;
  if (g_strcmp0 (name, "sessions") == 0)
    sp_sessions_page_load (self->sessions_page, self->db, self->tournament);
  else if (g_strcmp0 (name, "standings") == 0)
    sp_standings_page_load (self->standings_page, self->db, self->tournament);
  else if (g_strcmp0 (name, "log") == 0)
    sp_log_page_load (self->log_page, self->db, self->tournament);
}

static void
sp_tournament_view_dispose (GObject *object)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_TOURNAMENT_VIEW);
  g_clear_pointer (&self->tournament, sp_tournament_free);
  self->db = NULL;

  G_OBJECT_CLASS (sp_tournament_view_parent_class)->dispose (object);
}

static void
sp_tournament_view_class_init (SpTournamentViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_tournament_view_dispose;

  g_type_ensure (SP_TYPE_PLAYERS_PAGE);
  g_type_ensure (SP_TYPE_SESSIONS_PAGE);
  g_type_ensure (SP_TYPE_STANDINGS_PAGE);
  g_type_ensure (SP_TYPE_LOG_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-tournament-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, stack);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, players_page);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, sessions_page);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, standings_page);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, log_page);
  gtk_widget_class_bind_template_callback (widget_class, page_changed_cb);
}

static void
sp_tournament_view_init (SpTournamentView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * sp_tournament_view_open:
 * @self: a view
 * @db: the store, which must outlive the view's use of it
 * @tournament: the tournament's id
 * @rules: the rules as the tournament list shows them, for the subtitle
 * @error: where a store error goes
 *
 * Shows @tournament's players and standings, on its Players page.
 */
gboolean
sp_tournament_view_open (SpTournamentView  *self,
                         SpDb              *db,
                         gint64             tournament,
                         const char        *rules,
                         GError           **error)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, tournament);
  SpTournament *found;

  g_return_val_if_fail (SP_IS_TOURNAMENT_VIEW (self), FALSE);

  found = sp_db_find_tournament (db, id, error);
  if (found == NULL)
    return FALSE;
  g_clear_pointer (&self->tournament, sp_tournament_free);
  self->tournament = found;
  self->db = db;

  adw_view_switcher_title_set_title (self->switcher_title, found->name);
  adw_view_switcher_title_set_subtitle (self->switcher_title, rules);
  adw_view_stack_set_visible_child_name (self->stack, "players");
  sp_tournament_view_reload (self);
  return TRUE;
}

gint64
sp_tournament_view_get_tournament (SpTournamentView *self)
{
  g_return_val_if_fail (SP_IS_TOURNAMENT_VIEW (self), 0);

  return self->tournament != NULL ? self->tournament->id : 0;
}

/* Reads the players and the standings again from the store. */
void
sp_tournament_view_reload (SpTournamentView *self)
{
  g_return_if_fail (SP_IS_TOURNAMENT_VIEW (self));

  if (self->db == NULL || self->tournament == NULL)
    return;
  sp_players_page_load (self->players_page, self->db, self->tournament->id);
  sp_sessions_page_load (self->sessions_page, self->db, self->tournament);
  sp_standings_page_load (self->standings_page, self->db, self->tournament);
  /* The log can be long: it is read when its page is shown, or now if it is. */
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "log") == 0)
    sp_log_page_load (self->log_page, self->db, self->tournament);
}
