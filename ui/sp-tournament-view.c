/* sp-tournament-view.c: one tournament's pages, its players and its standings.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <stdlib.h>

#include "sp-tournament-view.h"

/* One player of the list: the store's record, as sp_db_list_players gives it. */
#define SP_TYPE_PLAYER_ITEM (sp_player_item_get_type ())
G_DECLARE_FINAL_TYPE (SpPlayerItem, sp_player_item, SP, PLAYER_ITEM, GObject)

struct _SpPlayerItem
{
  GObject   parent_instance;
  SpPlayer *player;
};

G_DEFINE_FINAL_TYPE (SpPlayerItem, sp_player_item, G_TYPE_OBJECT)

static void
sp_player_item_finalize (GObject *object)
{
  g_clear_pointer (&SP_PLAYER_ITEM (object)->player, sp_player_free);
  G_OBJECT_CLASS (sp_player_item_parent_class)->finalize (object);
}

static void
sp_player_item_class_init (SpPlayerItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sp_player_item_finalize;
}

static void
sp_player_item_init (SpPlayerItem *self)
{
}

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

struct _SpTournamentView
{
  GtkBox parent_instance;

  SpDb *db;                 /* the window's, not owned */
  SpTournament *tournament;

  GListStore *players;
  GtkFilterListModel *filtered_players;
  GtkCustomFilter *player_filter;
  GListStore *standings;

  /* Template children */
  AdwViewSwitcherTitle *switcher_title;
  AdwViewStack *stack;
  GtkSearchEntry *search_entry;
  GtkStack *players_stack;
  GtkColumnView *players_view;
  GtkStack *standings_stack;
  GtkColumnView *standings_view;
};

G_DEFINE_FINAL_TYPE (SpTournamentView, sp_tournament_view, GTK_TYPE_BOX)

/* The columns of both views, by what they show. */
typedef enum
{
  COLUMN_NAME,
  COLUMN_CLUB,
  COLUMN_COUNTRY,
  COLUMN_TEAM,
  COLUMN_FEDERATION_ID,
  COLUMN_STATUS,
  COLUMN_PRESENT,
  COLUMN_RANK,
  COLUMN_STANDING_NAME,
  COLUMN_TABLE_POINTS,
  COLUMN_SCORE,
  COLUMN_SESSIONS,
  COLUMN_MARKS,
} Column;

static const char *
status_text (SpPlayerStatus status)
{
  switch (status)
    {
    case SP_PLAYER_WITHDRAWN:
      return _("Withdrawn");
    case SP_PLAYER_SUBSTITUTE:
      return _("Substitute");
    case SP_PLAYER_ACTIVE:
    default:
      return _("Playing");
    }
}

/* The text a player column shows; NULL for a field not said. */
static const char *
player_text (const SpPlayer *player,
             Column          column)
{
  switch ((int) column)
    {
    case COLUMN_NAME:
      return player->name;
    case COLUMN_CLUB:
      return player->club;
    case COLUMN_COUNTRY:
      return player->country;
    case COLUMN_TEAM:
      return player->team;
    case COLUMN_FEDERATION_ID:
      return player->federation_id;
    case COLUMN_STATUS:
      return status_text (player->status);
    default:
      return NULL;
    }
}

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

static int
compare_numbers (gint64 a,
                 gint64 b)
{
  return a < b ? GTK_ORDERING_SMALLER : a > b ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static int
compare_texts (const char *a,
               const char *b)
{
  int order = g_utf8_collate (a != NULL ? a : "", b != NULL ? b : "");

  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  Column column = GPOINTER_TO_INT (user_data);

  if (SP_IS_PLAYER_ITEM ((gpointer) a))
    {
      const SpPlayer *pa = SP_PLAYER_ITEM ((gpointer) a)->player;
      const SpPlayer *pb = SP_PLAYER_ITEM ((gpointer) b)->player;

      if (column == COLUMN_PRESENT)
        return compare_numbers (pa->present, pb->present);
      return compare_texts (player_text (pa, column), player_text (pb, column));
    }
  else
    {
      SpStandingItem *sa = SP_STANDING_ITEM ((gpointer) a);
      SpStandingItem *sb = SP_STANDING_ITEM ((gpointer) b);

      switch ((int) column)
        {
        case COLUMN_RANK:
          return compare_numbers (sa->standing.rank, sb->standing.rank);
        case COLUMN_TABLE_POINTS:
          return compare_numbers (sa->standing.table_points_x12, sb->standing.table_points_x12);
        case COLUMN_SCORE:
          return compare_numbers (sa->standing.score, sb->standing.score);
        case COLUMN_SESSIONS:
          return compare_numbers (sa->standing.sessions, sb->standing.sessions);
        case COLUMN_STANDING_NAME:
          return compare_texts (sa->name, sb->name);
        default:
          return compare_texts (sa->marks, sb->marks);
        }
    }
}

static gboolean
is_numeric (Column column)
{
  return column == COLUMN_RANK || column == COLUMN_TABLE_POINTS || column == COLUMN_SCORE
         || column == COLUMN_SESSIONS;
}

static void
label_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), is_numeric (column) ? 1 : 0);
  if (is_numeric (column))
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
label_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GObject *item = gtk_list_item_get_item (list_item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (list_item));

  if (SP_IS_PLAYER_ITEM (item))
    {
      const char *text = player_text (SP_PLAYER_ITEM (item)->player, column);

      gtk_label_set_text (label, text != NULL ? text : "");
    }
  else
    {
      g_autofree char *text = standing_text (SP_STANDING_ITEM (item), column);

      gtk_label_set_text (label, text != NULL ? text : "");
    }
}

static void
show_toast (SpTournamentView *self,
            const char       *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
  else
    g_warning ("%s", message);
}

/* A person flipped a player's switch: the store checks that player in or out. */
static void
present_switch_cb (GtkSwitch   *toggle,
                   GParamSpec  *pspec,
                   GtkListItem *list_item)
{
  SpTournamentView *self = g_object_get_data (G_OBJECT (toggle), "sp-view");
  SpPlayerItem *item = gtk_list_item_get_item (list_item);
  gboolean present = gtk_switch_get_active (toggle);
  g_autoptr(GError) error = NULL;

  /* Binding a row sets the switch to what the store says: nothing to write. */
  if (item == NULL || self == NULL || self->db == NULL || item->player->present == present)
    return;

  if (!sp_db_check_in_players (self->db, self->tournament->id, &item->player->id, 1, present,
                               &error))
    {
      g_autofree char *message = NULL;

      /* Translators: %s is the player's name, then why the store refused. */
      message = g_strdup_printf (present ? _("Cannot check in %s: %s")
                                         : _("Cannot check out %s: %s"),
                                 item->player->name, error->message);
      show_toast (self, message);
      gtk_switch_set_active (toggle, item->player->present);
      return;
    }
  item->player->present = present;
}

static void
switch_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 SpTournamentView         *self)
{
  GtkWidget *toggle = gtk_switch_new ();

  gtk_widget_set_halign (toggle, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (toggle), "sp-view", self);
  g_signal_connect (toggle, "notify::active", G_CALLBACK (present_switch_cb), list_item);
  gtk_list_item_set_child (list_item, toggle);
}

static void
switch_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                SpTournamentView         *self)
{
  SpPlayerItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *toggle = gtk_list_item_get_child (list_item);
  g_autofree char *label = NULL;

  gtk_switch_set_active (GTK_SWITCH (toggle), item->player->present);
  /* Translators: the accessible name of a player's check-in switch. */
  label = g_strdup_printf (_("Checked in: %s"), item->player->name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static void
add_column (SpTournamentView *self,
            GtkColumnView    *view,
            const char       *title,
            Column            column,
            gboolean          expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;

  if (column == COLUMN_PRESENT)
    {
      g_signal_connect (factory, "setup", G_CALLBACK (switch_setup_cb), self);
      g_signal_connect (factory, "bind", G_CALLBACK (switch_bind_cb), self);
    }
  else
    {
      g_signal_connect (factory, "setup", G_CALLBACK (label_setup_cb), GINT_TO_POINTER (column));
      g_signal_connect (factory, "bind", G_CALLBACK (label_bind_cb), GINT_TO_POINTER (column));
    }
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (view_column,
                                     GTK_SORTER (gtk_custom_sorter_new (compare_items,
                                                                        GINT_TO_POINTER (column),
                                                                        NULL)));
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_column_set_expand (view_column, expand);
  gtk_column_view_append_column (view, view_column);
  g_object_unref (view_column);
}

static gboolean
contains_folded (const char *field,
                 const char *needle)
{
  g_autofree char *folded = NULL;

  if (field == NULL)
    return FALSE;
  folded = g_utf8_casefold (field, -1);
  return strstr (folded, needle) != NULL;
}

/* The players whose name, club or team holds what is typed in the search entry. */
static gboolean
player_matches (gpointer item,
                gpointer user_data)
{
  SpTournamentView *self = user_data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *needle = NULL;
  const SpPlayer *player = SP_PLAYER_ITEM (item)->player;

  if (text == NULL || *text == '\0')
    return TRUE;
  needle = g_utf8_casefold (text, -1);
  return contains_folded (player->name, needle) || contains_folded (player->club, needle)
         || contains_folded (player->team, needle);
}

static void
search_changed_cb (SpTournamentView *self)
{
  gtk_filter_changed (GTK_FILTER (self->player_filter), GTK_FILTER_CHANGE_DIFFERENT);
}

static GtkSortListModel *
sorted_by_view (GListModel    *model,
                GtkColumnView *view)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (view);

  return gtk_sort_list_model_new (model, sorter != NULL ? g_object_ref (sorter) : NULL);
}

static void
load_players (SpTournamentView *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  list = sp_db_list_players (self->db, self->tournament->id, &error);
  if (list == NULL)
    {
      show_toast (self, error->message);
      return;
    }
  /* The items own the records from now on. */
  g_ptr_array_set_free_func (list, NULL);
  for (guint i = 0; i < list->len; i++)
    {
      SpPlayerItem *item = g_object_new (SP_TYPE_PLAYER_ITEM, NULL);

      item->player = g_ptr_array_index (list, i);
      g_ptr_array_add (items, item);
    }
  g_list_store_splice (self->players, 0, g_list_model_get_n_items (G_LIST_MODEL (self->players)),
                       items->pdata, items->len);
  gtk_stack_set_visible_child_name (self->players_stack, items->len > 0 ? "list" : "empty");
}

/* Reads the standings again, as they stand after every hand entered so far. */
static void
load_standings (SpTournamentView *self)
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
  g_list_store_splice (self->standings, 0,
                       g_list_model_get_n_items (G_LIST_MODEL (self->standings)),
                       items->pdata, items->len);
  gtk_stack_set_visible_child_name (self->standings_stack, items->len > 0 ? "list" : "empty");
}

static void
page_changed_cb (SpTournamentView *self)
{
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->stack), "standings") == 0)
    load_standings (self);
}

static void
sp_tournament_view_dispose (GObject *object)
{
  SpTournamentView *self = SP_TOURNAMENT_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_TOURNAMENT_VIEW);
  g_clear_object (&self->players);
  g_clear_object (&self->standings);
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

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-tournament-view.ui");
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, stack);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, players_stack);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, players_view);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, standings_stack);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentView, standings_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, page_changed_cb);
}

static void
sp_tournament_view_init (SpTournamentView *self)
{
  GtkSortListModel *sorted;

  gtk_widget_init_template (GTK_WIDGET (self));

  add_column (self, self->players_view, _("Name"), COLUMN_NAME, TRUE);
  add_column (self, self->players_view, _("Club"), COLUMN_CLUB, TRUE);
  add_column (self, self->players_view, _("Country"), COLUMN_COUNTRY, FALSE);
  add_column (self, self->players_view, _("Team"), COLUMN_TEAM, TRUE);
  add_column (self, self->players_view, _("Federation ID"), COLUMN_FEDERATION_ID, FALSE);
  add_column (self, self->players_view, _("Status"), COLUMN_STATUS, FALSE);
  add_column (self, self->players_view, _("Checked In"), COLUMN_PRESENT, FALSE);

  self->players = g_list_store_new (SP_TYPE_PLAYER_ITEM);
  self->player_filter = gtk_custom_filter_new (player_matches, self, NULL);
  self->filtered_players = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->players)),
                                                      GTK_FILTER (self->player_filter));
  sorted = sorted_by_view (G_LIST_MODEL (self->filtered_players), self->players_view);
  gtk_column_view_set_model (self->players_view,
                             GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (sorted))));

  add_column (self, self->standings_view, _("Rank"), COLUMN_RANK, FALSE);
  add_column (self, self->standings_view, _("Name"), COLUMN_STANDING_NAME, TRUE);
  add_column (self, self->standings_view, _("Table Points"), COLUMN_TABLE_POINTS, FALSE);
  add_column (self, self->standings_view, _("Score"), COLUMN_SCORE, FALSE);
  add_column (self, self->standings_view, _("Sessions"), COLUMN_SESSIONS, FALSE);
  add_column (self, self->standings_view, _("Status"), COLUMN_MARKS, FALSE);

  self->standings = g_list_store_new (SP_TYPE_STANDING_ITEM);
  sorted = sorted_by_view (G_LIST_MODEL (g_object_ref (self->standings)), self->standings_view);
  gtk_column_view_set_model (self->standings_view,
                             GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (sorted))));
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
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  adw_view_stack_set_visible_child_name (self->stack, "players");
  load_players (self);
  load_standings (self);
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
  load_players (self);
  load_standings (self);
}
