/* sp-log-page.c: a tournament's audit log, newest first, filtered by session, table and player.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-column.h"
#include "sp-log-page.h"

/* One line of the log, as the page shows it. */
#define SP_TYPE_LOG_ITEM (sp_log_item_get_type ())
G_DECLARE_FINAL_TYPE (SpLogItem, sp_log_item, SP, LOG_ITEM, GObject)

struct _SpLogItem
{
  GObject     parent_instance;
  SpLogEntry *entry;
  char       *when;
  char       *what;
};

G_DEFINE_FINAL_TYPE (SpLogItem, sp_log_item, G_TYPE_OBJECT)

static void
sp_log_item_finalize (GObject *object)
{
  SpLogItem *self = SP_LOG_ITEM (object);

  g_clear_pointer (&self->entry, sp_log_entry_free);
  g_free (self->when);
  g_free (self->what);
  G_OBJECT_CLASS (sp_log_item_parent_class)->finalize (object);
}

static void
sp_log_item_class_init (SpLogItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = sp_log_item_finalize;
}

static void
sp_log_item_init (SpLogItem *self)
{
}

struct _SpLogPage
{
  GtkBox parent_instance;

  SpDb *db;                         /* the view's, not owned */
  const SpTournament *tournament;   /* likewise */
  gint64 tournament_id;

  GListStore *lines;
  GtkFilterListModel *filtered;
  GtkCustomFilter *filter;
  GArray *player_ids;               /* gint64 per item of the player filter, 0 for all */
  guint session;                    /* the filters: 0 for any */
  guint table;
  gint64 player;
  gboolean filling;                 /* the filters' lists are being filled */

  /* Template children */
  GtkDropDown *session_filter;
  GtkDropDown *table_filter;
  GtkDropDown *player_filter;
  GtkLabel *count_label;
  GtkStack *log_stack;
  GtkColumnView *log_view;
};

G_DEFINE_FINAL_TYPE (SpLogPage, sp_log_page, GTK_TYPE_BOX)

typedef enum
{
  COLUMN_WHEN,
  COLUMN_WHO,
  COLUMN_WHAT,
  COLUMN_SESSION,
  COLUMN_TABLE,
  COLUMN_PLAYER,
} Column;

static char *
number_or_nothing (guint number)
{
  return number > 0 ? g_strdup_printf ("%u", number) : NULL;
}

static char *
item_text (gpointer item,
           int      column)
{
  SpLogItem *line = SP_LOG_ITEM (item);

  switch ((Column) column)
    {
    case COLUMN_WHEN:
      return g_strdup (line->when);
    case COLUMN_WHO:
      return g_strdup (line->entry->who);
    case COLUMN_WHAT:
      return g_strdup (line->what);
    case COLUMN_SESSION:
      return number_or_nothing (line->entry->session);
    case COLUMN_TABLE:
      return number_or_nothing (line->entry->table);
    case COLUMN_PLAYER:
      return line->entry->player != 0 ? g_strdup (line->entry->name) : NULL;
    default:
      return NULL;
    }
}

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const SpLogItem *la = a;
  const SpLogItem *lb = b;

  switch ((Column) GPOINTER_TO_INT (user_data))
    {
    case COLUMN_WHO:
      return sp_column_compare_texts (la->entry->who, lb->entry->who);
    case COLUMN_WHAT:
      return sp_column_compare_texts (la->what, lb->what);
    case COLUMN_SESSION:
      return sp_column_compare_numbers (la->entry->session, lb->entry->session);
    case COLUMN_TABLE:
      return sp_column_compare_numbers (la->entry->table, lb->entry->table);
    case COLUMN_PLAYER:
      return sp_column_compare_texts (la->entry->player != 0 ? la->entry->name : NULL,
                                      lb->entry->player != 0 ? lb->entry->name : NULL);
    case COLUMN_WHEN:
    default:
      /* The log's order is the order of the changes. */
      return sp_column_compare_numbers (la->entry->id, lb->entry->id);
    }
}

static gboolean
line_matches (gpointer item,
              gpointer user_data)
{
  SpLogPage *self = user_data;
  const SpLogEntry *entry = SP_LOG_ITEM (item)->entry;

  return (self->session == 0 || entry->session == self->session)
         && (self->table == 0 || entry->table == self->table)
         && (self->player == 0 || sp_log_entry_concerns (entry, self->player));
}

/* The list, or why it is empty; and how many lines show. */
static void
show_count (SpLogPage *self)
{
  guint n_all = g_list_model_get_n_items (G_LIST_MODEL (self->lines));
  guint n_shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  g_autofree char *text = NULL;

  if (n_shown == n_all)
    /* Translators: the number of changes in the log. */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u change", "%u changes", n_all), n_all);
  else
    /* Translators: the number of changes shown by the filters, then of all changes. */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u change", "%u of %u changes", n_all),
                            n_shown, n_all);
  gtk_label_set_text (self->count_label, text);
  gtk_stack_set_visible_child_name (self->log_stack,
                                    n_all == 0 ? "empty" : n_shown == 0 ? "filtered" : "list");
}

static void
apply_filters (SpLogPage *self)
{
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  show_count (self);
}

static void
filter_changed_cb (SpLogPage *self)
{
  guint player_index = gtk_drop_down_get_selected (self->player_filter);

  if (self->filling)
    return;
  self->session = gtk_drop_down_get_selected (self->session_filter);
  if (self->session == GTK_INVALID_LIST_POSITION)
    self->session = 0;
  self->table = gtk_drop_down_get_selected (self->table_filter);
  if (self->table == GTK_INVALID_LIST_POSITION)
    self->table = 0;
  self->player = player_index < self->player_ids->len
                 ? g_array_index (self->player_ids, gint64, player_index) : 0;
  apply_filters (self);
}

/* Fills @drop_down with "All …" and then the sessions (or @tables) 1 to @n, selecting @selected
 * (0 for all). */
static void
fill_numbers (GtkDropDown *drop_down,
              const char  *all,
              gboolean     tables,
              guint        n,
              guint        selected)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, all);
  for (guint k = 1; k <= n; k++)
    {
      /* Translators: %u is a table's or a session's number, in the Log page's filters. */
      g_autofree char *text = tables ? g_strdup_printf (_("Table %u"), k)
                                     : g_strdup_printf (_("Session %u"), k);

      gtk_string_list_append (list, text);
    }
  gtk_drop_down_set_model (drop_down, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (drop_down, selected <= n ? selected : 0);
}

/* The filters' choices as the tournament stands: its sessions, the tables of the log, its
 * players; the choices made are kept while they still exist. */
static void
fill_filters (SpLogPage *self,
              GPtrArray *entries,
              GPtrArray *players)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint n_tables = 0;
  guint player_index = 0;
  gint64 all = 0;

  for (guint i = 0; i < entries->len; i++)
    n_tables = MAX (n_tables, ((SpLogEntry *) entries->pdata[i])->table);

  self->filling = TRUE;
  fill_numbers (self->session_filter, _("All Sessions"), FALSE, self->tournament->n_sessions,
                self->session);
  fill_numbers (self->table_filter, _("All Tables"), TRUE, n_tables, self->table);

  g_array_set_size (self->player_ids, 0);
  gtk_string_list_append (names, _("All Players"));
  g_array_append_val (self->player_ids, all);
  for (guint i = 0; i < players->len; i++)
    {
      const SpPlayer *player = players->pdata[i];

      gtk_string_list_append (names, player->name);
      g_array_append_val (self->player_ids, player->id);
      if (player->id == self->player)
        player_index = i + 1;
    }
  gtk_drop_down_set_model (self->player_filter, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->player_filter, player_index);
  self->filling = FALSE;
  filter_changed_cb (self);
}

static void
show_toast (SpLogPage  *self,
            const char *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (message));
  else
    g_warning ("%s", message);
}

static void
load_log (SpLogPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->db == NULL || self->tournament == NULL)
    return;
  entries = sp_db_list_log (self->db, self->tournament->id, &error);
  if (entries == NULL
      || (players = sp_db_list_players (self->db, self->tournament->id, &error)) == NULL)
    {
      show_toast (self, error->message);
      return;
    }
  for (guint i = 0; i < entries->len; i++)
    {
      SpLogItem *item = g_object_new (SP_TYPE_LOG_ITEM, NULL);

      item->entry = entries->pdata[i];
      item->when = sp_log_format_when (item->entry->at);
      item->what = sp_log_describe_line (entries, i);
      g_ptr_array_add (items, item);
    }
  fill_filters (self, entries, players);
  /* The items own the entries now. */
  g_ptr_array_set_free_func (entries, NULL);
  g_list_store_splice (self->lines, 0, g_list_model_get_n_items (G_LIST_MODEL (self->lines)),
                       items->pdata, items->len);
  show_count (self);
}

static void
sp_log_page_dispose (GObject *object)
{
  SpLogPage *self = SP_LOG_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_LOG_PAGE);
  g_clear_object (&self->lines);
  g_clear_object (&self->filtered);
  g_clear_pointer (&self->player_ids, g_array_unref);
  self->db = NULL;
  self->tournament = NULL;

  G_OBJECT_CLASS (sp_log_page_parent_class)->dispose (object);
}

static void
sp_log_page_class_init (SpLogPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_log_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/sparrow/Sparrow/sp-log-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SpLogPage, session_filter);
  gtk_widget_class_bind_template_child (widget_class, SpLogPage, table_filter);
  gtk_widget_class_bind_template_child (widget_class, SpLogPage, player_filter);
  gtk_widget_class_bind_template_child (widget_class, SpLogPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, SpLogPage, log_stack);
  gtk_widget_class_bind_template_child (widget_class, SpLogPage, log_view);
  gtk_widget_class_bind_template_callback (widget_class, filter_changed_cb);
}

static void
sp_log_page_init (SpLogPage *self)
{
  g_autoptr(GtkExpression) string = NULL;

  self->player_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The player filter finds a name as one types it. */
  string = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->player_filter, string);

  sp_column_view_add_text (self->log_view, _("When"), COLUMN_WHEN, TRUE, FALSE, item_text,
                           compare_items);
  sp_column_view_add_text (self->log_view, _("Who"), COLUMN_WHO, FALSE, FALSE, item_text,
                           compare_items);
  sp_column_view_add_text (self->log_view, C_("log", "What"), COLUMN_WHAT, FALSE, TRUE, item_text,
                           compare_items);
  sp_column_view_add_text (self->log_view, C_("log", "Session"), COLUMN_SESSION, TRUE, FALSE,
                           item_text, compare_items);
  sp_column_view_add_text (self->log_view, C_("log", "Table"), COLUMN_TABLE, TRUE, FALSE,
                           item_text, compare_items);
  sp_column_view_add_text (self->log_view, C_("log", "Player"), COLUMN_PLAYER, FALSE, FALSE,
                           item_text, compare_items);

  self->lines = g_list_store_new (SP_TYPE_LOG_ITEM);
  self->filter = gtk_custom_filter_new (line_matches, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->lines)),
                                              GTK_FILTER (self->filter));
  sp_column_view_set_items (self->log_view, G_LIST_MODEL (self->filtered));
}

/**
 * sp_log_page_load:
 * @self: a page
 * @db: the store
 * @tournament: the tournament, which with @db must outlive the page's use of them
 *
 * Reads @tournament's log again, keeping the filters where they still apply.
 */
void
sp_log_page_load (SpLogPage          *self,
                  SpDb               *db,
                  const SpTournament *tournament)
{
  g_return_if_fail (SP_IS_LOG_PAGE (self));

  if (tournament == NULL || tournament->id != self->tournament_id)
    {
      self->session = 0;
      self->table = 0;
      self->player = 0;
    }
  self->db = db;
  self->tournament = tournament;
  self->tournament_id = tournament != NULL ? tournament->id : 0;
  load_log (self);
}

void
sp_log_page_set_filter (SpLogPage *self,
                        guint      session,
                        guint      table,
                        gint64     player)
{
  guint player_index = 0;

  g_return_if_fail (SP_IS_LOG_PAGE (self));

  for (guint i = 0; i < self->player_ids->len; i++)
    if (g_array_index (self->player_ids, gint64, i) == player)
      player_index = i;
  self->filling = TRUE;
  gtk_drop_down_set_selected (self->session_filter, session);
  gtk_drop_down_set_selected (self->table_filter, table);
  gtk_drop_down_set_selected (self->player_filter, player_index);
  self->filling = FALSE;
  filter_changed_cb (self);
}
