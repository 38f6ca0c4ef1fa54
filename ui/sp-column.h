/* sp-column.h: text columns of a GtkColumnView, each sortable, for the tournament's pages.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The text @item shows in @column, newly allocated (NULL for nothing). */
typedef char *(*SpColumnText) (gpointer item,
                               int      column);

/* Appends a column titled @title whose cells show @text's labels and whose header sorts by
 * @compare (called with GINT_TO_POINTER (@column) as its data).  @numeric aligns to the right
 * in tabular figures. */
GtkColumnViewColumn *sp_column_view_add_text (GtkColumnView    *view,
                                              const char       *title,
                                              int               column,
                                              gboolean          numeric,
                                              gboolean          expand,
                                              SpColumnText      text,
                                              GCompareDataFunc  compare);
/* Appends a column of @factory's cells, sorted by @compare, for cells other than labels. */
GtkColumnViewColumn *sp_column_view_add      (GtkColumnView      *view,
                                              const char         *title,
                                              int                 column,
                                              gboolean            expand,
                                              GtkListItemFactory *factory,
                                              GCompareDataFunc    compare);
/* Wraps @model in a sort model following @view's headers, and shows it without selection. */
void                 sp_column_view_set_items (GtkColumnView     *view,
                                               GListModel        *model);
/* Makes the items shown by sp_column_view_set_items () selectable one at a time, none selected
 * at first; the selection, owned by @view. */
GtkSingleSelection  *sp_column_view_select_single (GtkColumnView *view);

/* Replaces every item of @store with @items, and shows @stack's child "list", or "empty" when
 * there are none. */
void                 sp_column_store_replace  (GListStore        *store,
                                               GPtrArray         *items,
                                               GtkStack          *stack);

/* While @list_item shows its item, @callback (@data) runs on the item's "changed" signal
 * (an item changed in place, its row kept); sp_column_unfollow_item () in the factory's
 * unbind stops it.  Nothing for an item without that signal. */
void sp_column_follow_item   (GtkListItem *list_item,
                              GCallback    callback,
                              gpointer     data);
void sp_column_unfollow_item (GtkListItem *list_item);

int sp_column_compare_numbers (gint64      a,
                               gint64      b);
int sp_column_compare_texts   (const char *a,
                               const char *b);

G_END_DECLS
