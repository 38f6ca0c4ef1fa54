/* sp-share-dialog.c: Share on the Hall Network…: the players' view (web/'s SpWebServer) served
 * from the app's own main loop, its store read on connections of the server's own.  It listens
 * on this computer only unless the director chooses one of the machine's addresses, or every
 * network by name; the dialog hides when closed and the server keeps serving until Stop, the
 * window's end or the application's shutdown.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <string.h>

#include "sp-share-dialog.h"
#include "sp-web.h"

#define ANY_ADDRESS "0.0.0.0"
/* A QR code's modules on screen, its quiet zone included (the side in pixels, about). */
#define QR_SIDE 232
#define QR_MARGIN 4

struct _SpShareDialog
{
  AdwWindow parent_instance;

  SpWindow     *window;       /* weak */
  gint64        tournament;
  GPtrArray    *addresses;    /* char *, in the order of the address row's choices */
  SpWebServer  *server;       /* while sharing */

  /* Template children */
  AdwComboRow  *address_row;
  AdwEntryRow  *port_row;
  GtkLabel     *hint_label;
  GtkButton    *start_button;
  GtkLabel     *error_label;
  GtkWidget    *shared_box;
  GtkPicture   *qr_picture;
  GtkLabel     *url_label;
  GtkButton    *copy_button;
  GtkLabel     *serving_label;
};

G_DEFINE_FINAL_TYPE (SpShareDialog, sp_share_dialog, ADW_TYPE_WINDOW)

#define DIALOG_KEY "sp-share-dialog"

/* The QR code as an image: black modules on white, each a square of whole pixels. */
static GdkTexture *
qr_texture (const SpWebQr *qr)
{
  guint modules = qr->size + 2 * QR_MARGIN;
  guint scale = MAX (2, QR_SIDE / modules);
  guint side = modules * scale;
  gsize stride = (gsize) side * 3;
  guchar *pixels = g_malloc (stride * side);
  g_autoptr(GBytes) bytes = NULL;

  memset (pixels, 0xff, stride * side);
  for (guint row = 0; row < qr->size; row++)
    for (guint column = 0; column < qr->size; column++)
      {
        if (!qr->dark[row * qr->size + column])
          continue;
        for (guint y = 0; y < scale; y++)
          memset (pixels + ((row + QR_MARGIN) * scale + y) * stride
                  + (column + QR_MARGIN) * scale * 3, 0, scale * 3);
      }
  bytes = g_bytes_new_take (pixels, stride * side);
  return gdk_memory_texture_new ((int) side, (int) side, GDK_MEMORY_R8G8B8, bytes, stride);
}

static const char *
chosen_address (SpShareDialog *self)
{
  guint at = adw_combo_row_get_selected (self->address_row);

  return at < self->addresses->len ? self->addresses->pdata[at] : self->addresses->pdata[0];
}

static void
show_hint (SpShareDialog *self)
{
  const char *address = chosen_address (self);

  if (g_strcmp0 (address, ANY_ADDRESS) == 0)
    gtk_label_set_text (self->hint_label,
                        _("Every network this computer is on, a public one too. Choose the hall "
                          "network’s own address when you can."));
  else if (g_strcmp0 (address, SP_WEB_DEFAULT_ADDRESS) == 0)
    gtk_label_set_text (self->hint_label,
                        _("Only this computer can open the pages. For the players’ phones, choose "
                          "the address of the hall’s network (its Wi-Fi) and let the port in "
                          "through the firewall."));
  else
    gtk_label_set_text (self->hint_label,
                        _("Phones on the same network open the pages. Let the port in through "
                          "the firewall on this network only."));
}

static void
show_state (SpShareDialog *self)
{
  gboolean sharing = self->server != NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (self->address_row), !sharing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->port_row), !sharing);
  gtk_widget_set_visible (self->shared_box, sharing);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), !sharing);
  gtk_button_set_label (self->start_button, sharing ? _("_Stop Sharing") : _("_Start Sharing"));
  if (sharing)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "suggested-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->start_button), "destructive-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->start_button), "suggested-action");
      gtk_picture_set_paintable (self->qr_picture, NULL);
    }
}

static void
show_error (SpShareDialog *self,
            const char    *message)
{
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

/* The port typed: empty is the default, else a whole number up to 65535 (0: any free one). */
static gboolean
chosen_port (SpShareDialog  *self,
             guint          *port,
             GError        **error)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (
                                        self->port_row))));
  guint64 number = SP_WEB_DEFAULT_PORT;

  if (text[0] != '\0' && !g_ascii_string_to_unsigned (text, 10, 0, 65535, &number, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The port “%s” is not a number from 0 to 65535 (0: any free port)."),
                   text);
      return FALSE;
    }
  *port = (guint) number;
  return TRUE;
}

static void
stop (SpShareDialog *self)
{
  g_clear_pointer (&self->server, sp_web_server_free);
  show_state (self);
}

static gboolean
start (SpShareDialog  *self,
       GError        **error)
{
  g_autoptr(SpWebServer) server = NULL;
  g_autoptr(SpWebQr) qr = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autofree char *id = NULL;
  g_autofree char *url = NULL;
  g_autofree char *alternative = NULL;
  g_autofree char *serving = NULL;
  const char *database = self->window != NULL ? sp_window_get_database_path (self->window) : NULL;
  SpDb *db = self->window != NULL ? sp_window_get_database (self->window) : NULL;
  guint port = 0;

  if (!chosen_port (self, &port, error))
    return FALSE;
  if (database == NULL || db == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("No database is open to share."));
      return FALSE;
    }
  if (self->tournament > 0)
    id = g_strdup_printf ("%" G_GINT64_FORMAT, self->tournament);
  tournament = sp_db_find_tournament (db, id, error);
  if (tournament == NULL)
    return FALSE;
  g_clear_pointer (&id, g_free);
  id = g_strdup_printf ("%" G_GINT64_FORMAT, tournament->id);
  server = sp_web_server_new (database, id, error);
  if (server == NULL || !sp_web_server_listen (server, chosen_address (self), port, error))
    return FALSE;
  url = sp_web_server_get_url (server);
  qr = sp_web_qr_new (url, error);
  if (qr == NULL)
    return FALSE;
  texture = qr_texture (qr);
  gtk_picture_set_paintable (self->qr_picture, GDK_PAINTABLE (texture));
  /* Translators: the accessible name of the QR code image; %s is the address it holds. */
  alternative = g_strdup_printf (_("QR code of %s"), url);
  gtk_picture_set_alternative_text (self->qr_picture, alternative);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->qr_picture),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, alternative, -1);
  gtk_label_set_text (self->url_label, url);
  /* Translators: %s is the tournament's name. */
  serving = g_strdup_printf (_("Sharing “%s” while Sparrow is open."), tournament->name);
  gtk_label_set_text (self->serving_label, serving);
  self->server = g_steal_pointer (&server);
  return TRUE;
}

static void
start_clicked_cb (SpShareDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (self->server != NULL)
    {
      stop (self);
      show_error (self, NULL);
      return;
    }
  if (!start (self, &error))
    show_error (self, error->message);
  else
    show_error (self, NULL);
  show_state (self);
}

static void
copy_clicked_cb (SpShareDialog *self)
{
  g_autofree char *url = sp_share_dialog_get_url (self);

  if (url == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), url);
  if (self->window != NULL)
    sp_window_add_toast (self->window, _("Address copied"));
}

/* Closed while sharing: the window says the pages are still served. */
static gboolean
sp_share_dialog_close_request (GtkWindow *window)
{
  SpShareDialog *self = SP_SHARE_DIALOG (window);
  g_autofree char *url = sp_share_dialog_get_url (self);

  if (url != NULL && self->window != NULL)
    {
      /* Translators: %s is the address the players' phones open. */
      g_autofree char *text = g_strdup_printf (_("Still sharing at %s"), url);

      sp_window_add_toast (self->window, text);
    }
  return GTK_WINDOW_CLASS (sp_share_dialog_parent_class)->close_request (window);
}

static void
address_selected_cb (SpShareDialog *self)
{
  show_hint (self);
}

static void
sp_share_dialog_dispose (GObject *object)
{
  SpShareDialog *self = SP_SHARE_DIALOG (object);

  g_clear_pointer (&self->server, sp_web_server_free);
  if (self->window != NULL)
    {
      if (g_object_get_data (G_OBJECT (self->window), DIALOG_KEY) == self)
        g_object_set_data (G_OBJECT (self->window), DIALOG_KEY, NULL);
      g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
      self->window = NULL;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_SHARE_DIALOG);
  G_OBJECT_CLASS (sp_share_dialog_parent_class)->dispose (object);
}

static void
sp_share_dialog_finalize (GObject *object)
{
  SpShareDialog *self = SP_SHARE_DIALOG (object);

  g_clear_pointer (&self->addresses, g_ptr_array_unref);
  G_OBJECT_CLASS (sp_share_dialog_parent_class)->finalize (object);
}

static void
sp_share_dialog_class_init (SpShareDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = sp_share_dialog_dispose;
  object_class->finalize = sp_share_dialog_finalize;
  window_class->close_request = sp_share_dialog_close_request;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-share-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, port_row);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, hint_label);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, shared_box);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, qr_picture);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, url_label);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, copy_button);
  gtk_widget_class_bind_template_child (widget_class, SpShareDialog, serving_label);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_clicked_cb);
}

static void
sp_share_dialog_init (SpShareDialog *self)
{
  g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);
  g_autofree char *any = NULL;
  g_autofree char *loopback = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* This computer first (the default), the machine's addresses, every network last. */
  self->addresses = sp_web_list_addresses ();
  /* Translators: %s is the loopback address, 127.0.0.1. */
  loopback = g_strdup_printf (_("This computer only (%s)"), (char *) self->addresses->pdata[0]);
  gtk_string_list_append (choices, loopback);
  for (guint i = 1; i < self->addresses->len; i++)
    gtk_string_list_append (choices, self->addresses->pdata[i]);
  g_ptr_array_add (self->addresses, g_strdup (ANY_ADDRESS));
  /* Translators: %s is 0.0.0.0, every interface of the computer. */
  any = g_strdup_printf (_("Every network (%s)"), ANY_ADDRESS);
  gtk_string_list_append (choices, any);
  adw_combo_row_set_model (self->address_row, G_LIST_MODEL (choices));
  adw_combo_row_set_selected (self->address_row, 0);
  g_signal_connect_swapped (self->address_row, "notify::selected",
                            G_CALLBACK (address_selected_cb), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->url_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Address of the pages"), -1);
  show_hint (self);
  show_state (self);
}

SpShareDialog *
sp_share_dialog_present (SpWindow *window,
                         gint64    tournament)
{
  SpShareDialog *self = g_object_get_data (G_OBJECT (window), DIALOG_KEY);
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (window));

  g_return_val_if_fail (SP_IS_WINDOW (window), NULL);

  if (self == NULL)
    {
      self = g_object_new (SP_TYPE_SHARE_DIALOG, "transient-for", window, NULL);
      self->window = window;
      g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
      g_object_set_data (G_OBJECT (window), DIALOG_KEY, self);
      /* The server stops when the application does, whatever happens to the windows. */
      if (application != NULL)
        g_signal_connect_object (application, "shutdown", G_CALLBACK (stop), self,
                                 G_CONNECT_SWAPPED);
    }
  /* Not sharing yet: the tournament open in the window now is the one shared. */
  if (self->server == NULL)
    self->tournament = tournament;
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

char *
sp_share_dialog_get_url (SpShareDialog *self)
{
  g_return_val_if_fail (SP_IS_SHARE_DIALOG (self), NULL);

  return self->server != NULL ? sp_web_server_get_url (self->server) : NULL;
}
