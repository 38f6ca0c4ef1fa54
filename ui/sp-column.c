/* sp-column.c: text columns of a GtkColumnView, each sortable, for the tournament's pages.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-column.h"

typedef struct
{
  int          column;
  gboolean     numeric;
  SpColumnText text;
} TextColumn;

static void
label_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                TextColumn               *spec)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  /* A narrow window cuts a text at its tenth character at the soonest: the list scrolls
   * sideways rather than shortening names to a few letters. */
  if (!spec->numeric)
    gtk_label_set_width_chars (GTK_LABEL (label), 10);
  gtk_label_set_xalign (GTK_LABEL (label), spec->numeric ? 1 : 0);
  if (spec->numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
label_update (GtkListItem *list_item,
              TextColumn  *spec)
{
  g_autofree char *text = spec->text (gtk_list_item_get_item (list_item), spec->column);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)), text != NULL ? text : "");
}

static void
item_changed_cb (GObject     *item,
                 GtkListItem *list_item)
{
  TextColumn *spec = g_object_get_data (G_OBJECT (list_item), "sp-column");

  if (spec != NULL)
    label_update (list_item, spec);
}

void
sp_column_follow_item (GtkListItem *list_item,
                       GCallback    callback,
                       gpointer     data)
{
  GObject *item = gtk_list_item_get_item (list_item);
  gulong handler;

  if (item == NULL || g_signal_lookup ("changed", G_OBJECT_TYPE (item)) == 0)
    return;
  handler = g_signal_connect (item, "changed", callback, data);
  g_object_set_data (G_OBJECT (list_item), "sp-handler", GSIZE_TO_POINTER (handler));
}

void
sp_column_unfollow_item (GtkListItem *list_item)
{
  gulong handler = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (list_item), "sp-handler"));
  gpointer item = gtk_list_item_get_item (list_item);

  if (handler != 0 && item != NULL)
    g_signal_handler_disconnect (item, handler);
  g_object_set_data (G_OBJECT (list_item), "sp-handler", NULL);
}

/* The label shows its item's text, and follows the item's "changed" signal when it has one
 * (an item changed in place, its row kept). */
static void
label_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               TextColumn               *spec)
{
  label_update (list_item, spec);
  g_object_set_data (G_OBJECT (list_item), "sp-column", spec);
  sp_column_follow_item (list_item, G_CALLBACK (item_changed_cb), list_item);
}

static void
label_unbind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 TextColumn               *spec)
{
  sp_column_unfollow_item (list_item);
}

GtkColumnViewColumn *
sp_column_view_add (GtkColumnView      *view,
                    const char         *title,
                    int                 column,
                    gboolean            expand,
                    GtkListItemFactory *factory,
                    GCompareDataFunc    compare)
{
  GtkColumnViewColumn *view_column = gtk_column_view_column_new (title, factory);

  gtk_column_view_column_set_sorter (view_column,
                                     GTK_SORTER (gtk_custom_sorter_new (compare,
                                                                        GINT_TO_POINTER (column),
                                                                        NULL)));
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_column_set_expand (view_column, expand);
  gtk_column_view_append_column (view, view_column);
  g_object_unref (view_column);
  return view_column;
}

GtkColumnViewColumn *
sp_column_view_add_text (GtkColumnView    *view,
                         const char       *title,
                         int               column,
                         gboolean          numeric,
                         gboolean          expand,
                         SpColumnText      text,
                         GCompareDataFunc  compare)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  TextColumn *spec = g_new0 (TextColumn, 1);

  spec->column = column;
  spec->numeric = numeric;
  spec->text = text;
  g_object_set_data_full (G_OBJECT (factory), "sp-column", spec, g_free);
  g_signal_connect (factory, "setup", G_CALLBACK (label_setup_cb), spec);
  g_signal_connect (factory, "bind", G_CALLBACK (label_bind_cb), spec);
  g_signal_connect (factory, "unbind", G_CALLBACK (label_unbind_cb), spec);
  return sp_column_view_add (view, title, column, expand, factory, compare);
}

void
sp_column_view_set_items (GtkColumnView *view,
                          GListModel    *model)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (view);
  GtkSortListModel *sorted;

  sorted = gtk_sort_list_model_new (g_object_ref (model),
                                    sorter != NULL ? g_object_ref (sorter) : NULL);
  gtk_column_view_set_model (view, GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (sorted))));
}

GtkSingleSelection *
sp_column_view_select_single (GtkColumnView *view)
{
  GtkNoSelection *shown = GTK_NO_SELECTION (gtk_column_view_get_model (view));
  GtkSingleSelection *selection;

  selection = gtk_single_selection_new (g_object_ref (gtk_no_selection_get_model (shown)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  return selection;
}

void
sp_column_store_replace (GListStore *store,
                         GPtrArray  *items,
                         GtkStack   *stack)
{
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)),
                       items->pdata, items->len);
  gtk_stack_set_visible_child_name (stack, items->len > 0 ? "list" : "empty");
}

int
sp_column_compare_numbers (gint64 a,
                           gint64 b)
{
  return a < b ? GTK_ORDERING_SMALLER : a > b ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

int
sp_column_compare_texts (const char *a,
                         const char *b)
{
  int order = g_utf8_collate (a != NULL ? a : "", b != NULL ? b : "");

  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}
