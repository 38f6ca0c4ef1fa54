/* sp-standings-page.c: a tournament's standings, as they stand after the hands entered.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-column.h"
#include "sp-standings-page.h"

/* One line of the standings. */
#define SP_TYPE_STANDING_ITEM (sp_standing_item_get_type ())
G_DECLARE_FINAL_TYPE (SpStandingItem, sp_standing_item, SP, STANDING_ITEM, GObject)

struct _SpStandingItem
{
  GObject    parent_instance;
  SpStanding standing;
  char      *name;
  char      *marks;
};

G_DEFINE_FINAL_TYPE (SpStandingItem, sp_standing_item, G_TYPE_OBJECT)

static void
sp_standing_item_finalize (GObject *object)
{
  SpStandingItem *self = SP_STANDING_ITEM (object);

  g_free (self->name);
  g_free (self->marks);
  G_OBJECT_CLASS (sp_standing_item_parent_class)->finalize (object);
}

static void
sp_standing_item_class_init (SpStandingItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sp_standing_item_finalize;
}

static void
sp_standing_item_init (SpStandingItem *self)
{
}

struct _SpStandingsPage
{
  GtkBox parent_instance;

  SpDb *db;                           /* the view's, not owned */
  const SpTournament *tournament;     /* likewise */

  GListStore *standings;

  /* Template children */
  GtkStack *standings_stack;
  GtkColumnView *standings_view;
};

G_DEFINE_FINAL_TYPE (SpStandingsPage, sp_standings_page, GTK_TYPE_BOX)

typedef enum
{
  COLUMN_RANK,
  COLUMN_STANDING_NAME,
  COLUMN_TABLE_POINTS,
  COLUMN_SCORE,
  COLUMN_SESSIONS,
  COLUMN_MARKS,
} Column;

/* The text of a standings column, newly allocated. */
static char *
standing_text (SpStandingItem *item,
               Column          column)
{
  switch ((int) column)
    {
    case COLUMN_RANK:
      return g_strdup_printf ("%u", item->standing.rank);
    case COLUMN_STANDING_NAME:
      return g_strdup (item->name);
    case COLUMN_TABLE_POINTS:
      return g_strdup_printf ("%.2f", item->standing.table_points_x12 / 12.0);
    case COLUMN_SCORE:
      return g_strdup_printf ("%" G_GINT64_FORMAT, item->standing.score);
    case COLUMN_SESSIONS:
      return g_strdup_printf ("%u", item->standing.sessions);
    case COLUMN_MARKS:
      return g_strdup (item->marks);
    default:
      return NULL;
    }
}

static char *
item_text (gpointer item,
           int      column)
{
  return standing_text (SP_STANDING_ITEM (item), column);
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  SpStandingItem *sa = SP_STANDING_ITEM ((gpointer) a);
  SpStandingItem *sb = SP_STANDING_ITEM ((gpointer) b);

  switch (GPOINTER_TO_INT (user_data))
    {
    case COLUMN_RANK:
      return sp_column_compare_numbers (sa->standing.rank, sb->standing.rank);
    case COLUMN_TABLE_POINTS:
      return sp_column_compare_numbers (sa->standing.table_points_x12,
                                        sb->standing.table_points_x12);
    case COLUMN_SCORE:
      return sp_column_compare_numbers (sa->standing.score, sb->standing.score);
    case COLUMN_SESSIONS:
      return sp_column_compare_numbers (sa->standing.sessions, sb->standing.sessions);
    case COLUMN_STANDING_NAME:
      return sp_column_compare_texts (sa->name, sb->name);
    default:
      return sp_column_compare_texts (sa->marks, sb->marks);
    }
}

static void
show_toast (SpStandingsPage *self,
            const char      *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
  else
    g_warning ("%s", message);
}

/* Reads the standings again, as they stand after every hand entered so far. */
static void
load_standings (SpStandingsPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) standings = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->db == NULL || self->tournament == NULL)
    return;
  standings = sp_db_compute_standings (self->db, self->tournament, 0, NULL, &error);
  if (standings == NULL
      || (players = sp_db_list_players (self->db, self->tournament->id, &error)) == NULL)
    {
      show_toast (self, error->message);
      return;
    }
  for (guint i = 0; i < players->len; i++)
    g_hash_table_insert (by_id, &((SpPlayer *) players->pdata[i])->id, players->pdata[i]);

  for (guint i = 0; i < standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (standings, SpStanding, i);
      gint64 id = standing->player;
      const SpPlayer *player = g_hash_table_lookup (by_id, &id);
      SpStandingItem *item = g_object_new (SP_TYPE_STANDING_ITEM, NULL);

      item->standing = *standing;
      item->name = g_strdup (player != NULL ? player->name : "");
      if (player != NULL && player->status == SP_PLAYER_WITHDRAWN)
        item->marks = g_strdup (_("Withdrawn"));
      else if (player != NULL && player->substitute_for != 0)
        item->marks = g_strdup (_("Substitute"));
      else
        item->marks = g_strdup ("");
      g_ptr_array_add (items, item);
    }
  sp_column_store_replace (self->standings, items, self->standings_stack);
}

static void
sp_standings_page_dispose (GObject *object)
{
  SpStandingsPage *self = SP_STANDINGS_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_STANDINGS_PAGE);
  g_clear_object (&self->standings);
  self->db = NULL;
  self->tournament = NULL;

  G_OBJECT_CLASS (sp_standings_page_parent_class)->dispose (object);
}

static void
sp_standings_page_class_init (SpStandingsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_standings_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-standings-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, standings_stack);
  gtk_widget_class_bind_template_child (widget_class, SpStandingsPage, standings_view);
}

static void
sp_standings_page_init (SpStandingsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  sp_column_view_add_text (self->standings_view, _("Rank"), COLUMN_RANK, TRUE, FALSE, item_text,
                           compare_items);
  sp_column_view_add_text (self->standings_view, _("Name"), COLUMN_STANDING_NAME, FALSE, TRUE,
                           item_text, compare_items);
  sp_column_view_add_text (self->standings_view, _("Table Points"), COLUMN_TABLE_POINTS, TRUE,
                           FALSE, item_text, compare_items);
  sp_column_view_add_text (self->standings_view, _("Score"), COLUMN_SCORE, TRUE, FALSE,
                           item_text, compare_items);
  sp_column_view_add_text (self->standings_view, _("Sessions"), COLUMN_SESSIONS, TRUE, FALSE,
                           item_text, compare_items);
  sp_column_view_add_text (self->standings_view, _("Status"), COLUMN_MARKS, FALSE, FALSE,
                           item_text, compare_items);

  self->standings = g_list_store_new (SP_TYPE_STANDING_ITEM);
  sp_column_view_set_items (self->standings_view, G_LIST_MODEL (self->standings));
}

/**
 * sp_standings_page_load:
 * @self: a page
 * @db: the store
 * @tournament: the tournament, which with @db must outlive the page's use of them
 *
 * Reads @tournament's standings from @db, as they stand now.
 */
void
sp_standings_page_load (SpStandingsPage    *self,
                        SpDb               *db,
                        const SpTournament *tournament)
{
  g_return_if_fail (SP_IS_STANDINGS_PAGE (self));

  self->db = db;
  self->tournament = tournament;
  load_standings (self);
}
