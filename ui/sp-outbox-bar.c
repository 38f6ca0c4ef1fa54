/* sp-outbox-bar.c: what the station keeps while the hall's server cannot be reached, above the
 * window's pages: how many hands wait to be sent, how many the server refused (Review opens
 * them), and whether the server is reachable.  The window sends them when its poll of the store
 * answers again.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-outbox-bar.h"
#include "sp-outbox-dialog.h"
#include "sp-station-outbox.h"
#include "sp-table-view.h"

struct _SpOutboxBar
{
  GtkBox           parent_instance;

  SpDb            *db;         /* the window's, borrowed */
  SpStationOutbox *outbox;     /* lives as long as the process */
  gulong           changed_id;
  gboolean         reachable;
  gboolean         sending;
  GtkWidget       *icon;
  GtkLabel        *waiting_label;
  GtkLabel        *conflict_label;
  GtkWidget       *review_button;
};

G_DEFINE_FINAL_TYPE (SpOutboxBar, sp_outbox_bar, GTK_TYPE_BOX)

static void
update (SpOutboxBar *self)
{
  guint waiting = 0;
  guint conflicts = 0;
  g_autofree char *waiting_text = NULL;
  g_autofree char *conflict_text = NULL;

  if (self->outbox != NULL)
    sp_station_outbox_count (self->outbox, &waiting, &conflicts);
  if (waiting > 0 && !self->reachable)
    /* TRANSLATORS: the window's bar while the server is lost; %u is how many hands */
    waiting_text = g_strdup_printf (ngettext ("%u hand waiting to be sent: the server cannot "
                                              "be reached",
                                              "%u hands waiting to be sent: the server cannot "
                                              "be reached", waiting), waiting);
  else if (waiting > 0)
    /* TRANSLATORS: the window's bar; %u is how many hands */
    waiting_text = g_strdup_printf (ngettext ("%u hand waiting to be sent",
                                              "%u hands waiting to be sent", waiting), waiting);
  else if (self->outbox != NULL && !self->reachable)
    waiting_text = g_strdup (_("The server cannot be reached: hands entered are kept at this "
                               "station"));
  if (conflicts > 0)
    /* TRANSLATORS: the window's bar, before its Review button; %u is how many hands */
    conflict_text = g_strdup_printf (ngettext ("%u hand could not be sent",
                                               "%u hands could not be sent", conflicts),
                                     conflicts);
  gtk_label_set_text (self->waiting_label, waiting_text != NULL ? waiting_text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->waiting_label), waiting_text != NULL);
  gtk_label_set_text (self->conflict_label, conflict_text != NULL ? conflict_text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->conflict_label), conflict_text != NULL);
  gtk_widget_set_visible (self->review_button, conflicts > 0);
  gtk_image_set_from_icon_name (GTK_IMAGE (self->icon), conflicts > 0
                                                        ? "dialog-warning-symbolic"
                                                        : "network-offline-symbolic");
  gtk_widget_set_visible (GTK_WIDGET (self), waiting_text != NULL || conflict_text != NULL);
}

static void
outbox_changed_cb (SpOutboxBar *self)
{
  update (self);
}

static void
review_clicked_cb (SpOutboxBar *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->outbox == NULL || !GTK_IS_WINDOW (root))
    return;
  gtk_window_present (sp_outbox_dialog_new (GTK_WINDOW (root), self->outbox));
}

static void
sp_outbox_bar_dispose (GObject *object)
{
  SpOutboxBar *self = SP_OUTBOX_BAR (object);

  if (self->outbox != NULL)
    g_clear_signal_handler (&self->changed_id, self->outbox);
  self->outbox = NULL;
  self->db = NULL;
  G_OBJECT_CLASS (sp_outbox_bar_parent_class)->dispose (object);
}

static void
sp_outbox_bar_class_init (SpOutboxBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_outbox_bar_dispose;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static void
sp_outbox_bar_init (SpOutboxBar *self)
{
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  self->reachable = TRUE;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (self), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self), "toolbar");
  gtk_widget_add_css_class (GTK_WIDGET (self), "sp-outbox-bar");
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);
  self->icon = gtk_image_new_from_icon_name ("network-offline-symbolic");
  gtk_widget_set_valign (self->icon, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self), self->icon);
  self->waiting_label = GTK_LABEL (gtk_label_new (NULL));
  self->conflict_label = GTK_LABEL (gtk_label_new (NULL));
  for (guint i = 0; i < 2; i++)
    {
      GtkLabel *label = i == 0 ? self->waiting_label : self->conflict_label;

      gtk_label_set_wrap (label, TRUE);
      gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (label, 0);
      gtk_box_append (GTK_BOX (texts), GTK_WIDGET (label));
    }
  gtk_widget_add_css_class (GTK_WIDGET (self->conflict_label), "warning");
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self), texts);
  self->review_button = gtk_button_new_with_mnemonic (_("_Review"));
  gtk_widget_set_valign (self->review_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->review_button, _("The hands the server refused"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->review_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Review"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The hands the server refused"), -1);
  g_signal_connect_swapped (self->review_button, "clicked", G_CALLBACK (review_clicked_cb),
                            self);
  gtk_box_append (GTK_BOX (self), self->review_button);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

void
sp_outbox_bar_set_database (SpOutboxBar *self,
                            SpDb        *db)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (SP_IS_OUTBOX_BAR (self));

  if (self->outbox != NULL)
    g_clear_signal_handler (&self->changed_id, self->outbox);
  self->db = db;
  self->reachable = TRUE;
  self->outbox = db != NULL ? sp_station_outbox_for (db, &error) : NULL;
  if (error != NULL)
    g_warning ("%s", error->message);
  if (self->outbox != NULL)
    self->changed_id = g_signal_connect_swapped (self->outbox, "changed",
                                                 G_CALLBACK (outbox_changed_cb), self);
  update (self);
}

void
sp_outbox_bar_set_reachable (SpOutboxBar *self,
                             gboolean     reachable)
{
  g_return_if_fail (SP_IS_OUTBOX_BAR (self));

  if (self->reachable == reachable)
    return;
  self->reachable = reachable;
  update (self);
}

/* The tables of the store read again: the hands sent are on their sheets now (a change of this
 * connection's own, which the tables' polls do not count). */
static void
reload_tables (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (SP_IS_TABLE_VIEW (window))
        sp_table_view_reload (SP_TABLE_VIEW (window), NULL);
    }
}

gboolean
sp_outbox_bar_send (SpOutboxBar *self)
{
  g_autoptr(GError) error = NULL;
  SpOutboxSent sent = { 0 };
  gboolean ok;

  g_return_val_if_fail (SP_IS_OUTBOX_BAR (self), FALSE);

  if (self->outbox == NULL || self->db == NULL || self->sending)
    return FALSE;
  self->sending = TRUE;
  ok = sp_station_outbox_send (self->outbox, self->db, &sent, &error);
  self->sending = FALSE;
  sp_outbox_bar_set_reachable (self, ok || !g_error_matches (error, SP_DB_ERROR,
                                                             SP_DB_ERROR_IO));
  if (!ok)
    g_debug ("The outbox waits: %s", error->message);
  if (sent.sent + sent.conflicts > 0)
    reload_tables ();
  return sent.sent > 0;
}
