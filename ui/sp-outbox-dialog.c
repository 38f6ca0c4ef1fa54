/* sp-outbox-dialog.c: the hands the server refused from the station's outbox.  Each row says
 * its table and hand and the store's message ("table 3 is at hand 6: hand 5 was entered by Mei
 * Lin at 14:02"), with Discard (the other station's hand was this one) and Enter Again (the
 * table's hand dialog, filled in, for the table's next hand).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-hand-dialog.h"
#include "sp-outbox-dialog.h"
#include "sp-table-view.h"
#include "sp-window.h"

struct _SpOutboxDialog
{
  AdwWindow        parent_instance;

  SpStationOutbox *outbox;
  gulong           changed_id;
  GtkWindow       *window;      /* the main window, weak */
  AdwToastOverlay *toast_overlay;
  GtkWidget       *stack;
  GtkListBox      *list;
};

G_DEFINE_FINAL_TYPE (SpOutboxDialog, sp_outbox_dialog, ADW_TYPE_WINDOW)

static void fill (SpOutboxDialog *self);

static void
show_toast (SpOutboxDialog *self,
            const char     *message)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}

static void
discard_clicked_cb (GtkButton      *button,
                    SpOutboxDialog *self)
{
  g_autoptr(GError) error = NULL;
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "sp-id"));

  if (!sp_station_outbox_discard (self->outbox, id, &error))
    show_toast (self, error->message);
}

/* The window of @tournament's table @table of @session, once the main window opened it. */
static SpTableView *
find_table_view (gint64 tournament,
                 guint  session,
                 guint  table)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (SP_IS_TABLE_VIEW (window)
          && sp_table_view_get_tournament (SP_TABLE_VIEW (window))->id == tournament
          && sp_table_view_get_session (SP_TABLE_VIEW (window)) == session
          && sp_table_view_get_number (SP_TABLE_VIEW (window)) == table)
        return SP_TABLE_VIEW (window);
    }
  return NULL;
}

static void
enter_again_clicked_cb (GtkButton      *button,
                        SpOutboxDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpOutboxItem) item = NULL;
  const SpOutboxItem *shown = g_object_get_data (G_OBJECT (button), "sp-item");
  SpTableView *view;
  GtkWindow *dialog;

  if (self->window == NULL || !SP_IS_WINDOW (self->window)
      || !sp_window_open_table (SP_WINDOW (self->window), shown->tournament, shown->session,
                                shown->table)
      || (view = find_table_view (shown->tournament, shown->session, shown->table)) == NULL)
    {
      show_toast (self, _("The table of this hand is no longer in this database."));
      return;
    }
  dialog = sp_table_view_open_hand_dialog (view, 0);
  if (dialog == NULL)
    {
      show_toast (self, _("This hand can no longer be entered: its session is closed or its "
                          "table finished."));
      return;
    }
  /* A fresh hand from now on, once its dialog is open; the conflict stays until that hand is
   * in. */
  item = sp_station_outbox_enter_again (self->outbox, shown->id, &error);
  if (item == NULL)
    {
      gtk_window_destroy (dialog);
      show_toast (self, error->message);
      return;
    }
  sp_hand_dialog_enter_again (SP_HAND_DIALOG (dialog), item);
  gtk_window_close (GTK_WINDOW (self));
}

static GtkWidget *
new_row (SpOutboxDialog *self,
         SpOutboxItem   *item)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *discard = gtk_button_new_with_mnemonic (_("_Discard"));
  GtkWidget *again = gtk_button_new_with_mnemonic (_("_Enter Again"));
  GtkWidget *title;
  GtkWidget *message;
  g_autofree char *where = NULL;
  g_autofree char *sentence = g_strdup (item->message != NULL ? item->message : "");

  /* TRANSLATORS: a hand the server refused; %u are the session's, the table's and the hand's
   * numbers */
  where = g_strdup_printf (_("Session %u, table %u, hand %u"), item->session, item->table,
                           item->expect_hand);
  title = gtk_label_new (where);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  if (sentence[0] != '\0')
    sentence[0] = g_ascii_toupper (sentence[0]);
  message = gtk_label_new (sentence);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (message), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (message), TRUE);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), message);
  gtk_widget_add_css_class (discard, "destructive-action");
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (buttons), discard);
  gtk_box_append (GTK_BOX (buttons), again);
  gtk_box_append (GTK_BOX (box), buttons);
  /* The buttons' names are their labels; which hand they act on, their description. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (discard), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Discard"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, where, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (again), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Enter Again"), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, where,
                                  -1);
  gtk_widget_set_tooltip_text (discard, _("Give this hand up: it is not entered"));
  gtk_widget_set_tooltip_text (again, _("Enter this hand again as the table's next hand"));
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, where,
                                  -1);
  g_object_set_data (G_OBJECT (discard), "sp-id", GSIZE_TO_POINTER ((gsize) item->id));
  g_object_set_data_full (G_OBJECT (again), "sp-item", item,
                          (GDestroyNotify) sp_outbox_item_free);
  g_signal_connect (discard, "clicked", G_CALLBACK (discard_clicked_cb), self);
  g_signal_connect (again, "clicked", G_CALLBACK (enter_again_clicked_cb), self);
  return row;
}

static void
fill (SpOutboxDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) items = sp_outbox_list (sp_station_outbox_get_outbox (self->outbox),
                                               SP_OUTBOX_CONFLICT, 0, 0, 0, &error);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  if (items == NULL)
    {
      show_toast (self, error->message);
      return;
    }
  for (guint i = 0; i < items->len; i++)
    gtk_list_box_append (self->list, new_row (self, g_steal_pointer (&items->pdata[i])));
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), items->len > 0 ? "list" : "none");
}

static void
sp_outbox_dialog_dispose (GObject *object)
{
  SpOutboxDialog *self = SP_OUTBOX_DIALOG (object);

  if (self->outbox != NULL)
    g_clear_signal_handler (&self->changed_id, self->outbox);
  self->outbox = NULL;
  g_clear_weak_pointer (&self->window);
  G_OBJECT_CLASS (sp_outbox_dialog_parent_class)->dispose (object);
}

static void
sp_outbox_dialog_class_init (SpOutboxDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_outbox_dialog_dispose;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_outbox_dialog_init (SpOutboxDialog *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *none = adw_status_page_new ();
  GtkWidget *intro = gtk_label_new (_("The server refused these hands kept at this station. "
                                      "The hands after them at their tables wait until each "
                                      "is discarded or entered again."));
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_window_set_title (GTK_WINDOW (self), _("Hands Not Sent"));
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 480);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), FALSE);
  self->toast_overlay = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  gtk_box_append (GTK_BOX (content), header);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Hands Not Sent"), -1);
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_widget_add_css_class (intro, "dim-label");
  gtk_box_append (GTK_BOX (column), intro);
  gtk_box_append (GTK_BOX (column), GTK_WIDGET (self->list));
  gtk_widget_set_margin_top (column, 18);
  gtk_widget_set_margin_bottom (column, 18);
  gtk_widget_set_margin_start (column, 12);
  gtk_widget_set_margin_end (column, 12);
  adw_clamp_set_child (ADW_CLAMP (clamp), column);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (none), "emblem-ok-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (none), _("Every Hand Is Sent or Waiting"));
  self->stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->stack), scrolled, "list");
  gtk_stack_add_named (GTK_STACK (self->stack), none, "none");
  gtk_widget_set_vexpand (self->stack, TRUE);
  adw_toast_overlay_set_child (self->toast_overlay, self->stack);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->toast_overlay));
  adw_window_set_content (ADW_WINDOW (self), content);
}

GtkWindow *
sp_outbox_dialog_new (GtkWindow       *parent,
                      SpStationOutbox *outbox)
{
  SpOutboxDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (SP_IS_STATION_OUTBOX (outbox), NULL);

  self = g_object_new (SP_TYPE_OUTBOX_DIALOG, "transient-for", parent, NULL);
  g_set_weak_pointer (&self->window, parent);
  self->outbox = outbox;
  self->changed_id = g_signal_connect_swapped (outbox, "changed", G_CALLBACK (fill), self);
  fill (self);
  return GTK_WINDOW (self);
}
