/* sp-server-dialog.c: "Connect to Server…", a referee station joining a hall's event on a
 * PostgreSQL server.  The director gives the station the server's address (a connection URI or
 * key=value string naming the user: postgresql://mei@hall.local/sparrow) and the user's
 * password; the window then works on the server as it does on a file, opened off the main
 * thread.  The password may be kept in the desktop's keyring (libsecret), found again by the
 * address next time; never in the settings, the address or a message.  The last address is
 * offered again (the setting server-location).  The server's roles decide what the station may
 * do: a referee's login enters hands, a viewer's only reads (sparrow-cli db roles).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <libsecret/secret.h>

#include "sp-db-path.h"
#include "sp-server-dialog.h"

/* The keyring's entries of server passwords, found by the server's address. */
static const SecretSchema *
password_schema (void)
{
  static const SecretSchema schema = {
    "org.sparrow.Sparrow.Server", SECRET_SCHEMA_NONE,
    { { "location", SECRET_SCHEMA_ATTRIBUTE_STRING }, { NULL, 0 } },
  };

  return &schema;
}

typedef struct
{
  SpWindow         *window;
  AdwMessageDialog *dialog;
  GtkWidget        *location;
  GtkWidget        *password;
  GtkWidget        *remember;
  GtkWidget        *error_label;
  GCancellable     *cancellable;
} ServerAsk;

static void
server_ask_free (ServerAsk *ask)
{
  g_cancellable_cancel (ask->cancellable);
  g_clear_object (&ask->cancellable);
  g_clear_object (&ask->window);
  g_free (ask);
}

static void
show_error (ServerAsk  *ask,
            const char *text)
{
  gtk_label_set_text (GTK_LABEL (ask->error_label), text);
  gtk_widget_set_visible (ask->error_label, text != NULL && text[0] != '\0');
}

/* The address as typed, without the blanks around it; NULL (and said in the dialog) when it is
 * no server's. */
static char *
typed_location (ServerAsk *ask)
{
  g_autofree char *location =
    g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (ask->location))));

  if (location[0] == '\0')
    {
      show_error (ask, _("Type the server's address, as the director gave it."));
      return NULL;
    }
  if (sp_db_location_is_file (location))
    {
      show_error (ask, _("This is not a server's address: it starts with postgresql:// or "
                         "names the server as host=… dbname=…"));
      return NULL;
    }
  return g_steal_pointer (&location);
}

static void
password_stored_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  SpWindow *window = user_data;
  g_autoptr(GError) error = NULL;

  if (!secret_password_store_finish (result, &error))
    {
      /* Translators: libsecret's reason follows. */
      g_autofree char *text = g_strdup_printf (_("The password could not be kept in the "
                                                 "keyring: %s"), error->message);

      sp_window_add_toast (window, text);
    }
  g_object_unref (window);
}

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             ServerAsk        *ask)
{
  g_autofree char *location = NULL;
  const char *password;

  if (g_strcmp0 (response, "connect") != 0)
    return;
  location = typed_location (ask);
  if (location == NULL)
    return;
  password = gtk_editable_get_text (GTK_EDITABLE (ask->password));
  if (password[0] != '\0' && gtk_check_button_get_active (GTK_CHECK_BUTTON (ask->remember)))
    {
      /* Translators: the keyring's label of the entry; the server's address. */
      g_autofree char *label = g_strdup_printf (_("Sparrow: the password for %s"), location);

      secret_password_store (password_schema (), SECRET_COLLECTION_DEFAULT, label, password,
                             NULL, password_stored_cb, g_object_ref (ask->window),
                             "location", location, NULL);
    }
  if (ask->window != NULL)
    {
      GSettings *settings = sp_window_get_settings (ask->window);

      if (settings != NULL)
        g_settings_set_string (settings, "server-location", location);
      sp_window_connect (ask->window, location, password[0] != '\0' ? password : NULL);
    }
}

/* The keyring's password for the address in the field, filled in when there is one. */
static void
password_found_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ServerAsk *ask = user_data;
  g_autoptr(GError) error = NULL;
  char *password = secret_password_lookup_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (password != NULL && gtk_editable_get_text (GTK_EDITABLE (ask->password))[0] == '\0')
    {
      gtk_editable_set_text (GTK_EDITABLE (ask->password), password);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (ask->remember), TRUE);
    }
  secret_password_free (password);
}

static void
look_up_password (ServerAsk *ask)
{
  const char *location = gtk_editable_get_text (GTK_EDITABLE (ask->location));

  if (location[0] == '\0' || sp_db_location_is_file (location))
    return;
  /* No keyring (no Secret Service on the session bus) only leaves the field empty. */
  secret_password_lookup (password_schema (), ask->cancellable, password_found_cb, ask,
                          "location", location, NULL);
}

/* Connect is offered once the address is a server's; what is wrong with it is said under it. */
static void
location_changed_cb (GtkEditable *editable,
                     ServerAsk   *ask)
{
  g_autofree char *typed = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  g_autofree char *location = NULL;

  show_error (ask, NULL);
  if (typed[0] != '\0')
    location = typed_location (ask);
  adw_message_dialog_set_response_enabled (ask->dialog, "connect", location != NULL);
}

static GtkWidget *
add_labelled (GtkBox     *box,
              const char *label,
              GtkWidget  *field)
{
  GtkWidget *caption = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), field);
  gtk_widget_add_css_class (caption, "caption-heading");
  gtk_box_append (box, caption);
  gtk_box_append (box, field);
  return field;
}

void
sp_server_dialog_present (SpWindow *window)
{
  ServerAsk *ask = g_new0 (ServerAsk, 1);
  GSettings *settings = sp_window_get_settings (window);
  g_autofree char *last = settings != NULL ? g_settings_get_string (settings, "server-location")
                                           : NULL;
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  AdwMessageDialog *dialog;

  dialog = ADW_MESSAGE_DIALOG (
    adw_message_dialog_new (GTK_WINDOW (window), _("Connect to Server"),
                            _("This station works on the hall's event on its server: hands "
                              "entered here are seen at every station at once. The director "
                              "gives the address and the login.")));
  ask->window = g_object_ref (window);
  ask->dialog = dialog;
  ask->cancellable = g_cancellable_new ();

  ask->location = gtk_entry_new ();
  g_object_set (ask->location, "placeholder-text", "postgresql://mei@hall.local/sparrow",
                "activates-default", TRUE, "input-purpose", GTK_INPUT_PURPOSE_URL, NULL);
  if (last != NULL && last[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (ask->location), last);
  gtk_accessible_update_property (GTK_ACCESSIBLE (ask->location), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Server address"), -1);
  add_labelled (box, _("Server _address"), ask->location);

  ask->password = gtk_password_entry_new ();
  gtk_password_entry_set_show_peek_icon (GTK_PASSWORD_ENTRY (ask->password), TRUE);
  g_object_set (ask->password, "activates-default", TRUE, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (ask->password), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Password"), -1);
  add_labelled (box, _("_Password"), ask->password);

  ask->remember = gtk_check_button_new_with_mnemonic (_("_Keep the password in the keyring"));
  gtk_box_append (box, ask->remember);

  ask->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (ask->error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (ask->error_label), 0);
  gtk_widget_add_css_class (ask->error_label, "error");
  gtk_widget_set_visible (ask->error_label, FALSE);
  gtk_box_append (box, ask->error_label);

  adw_message_dialog_set_extra_child (dialog, GTK_WIDGET (box));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "connect", _("C_onnect"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "connect", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "connect");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (response_cb), ask);
  g_object_set_data_full (G_OBJECT (dialog), "sp-server-ask", ask,
                          (GDestroyNotify) server_ask_free);
  g_signal_connect (ask->location, "changed", G_CALLBACK (location_changed_cb), ask);
  location_changed_cb (GTK_EDITABLE (ask->location), ask);
  look_up_password (ask);
  gtk_window_present (GTK_WINDOW (dialog));
}
