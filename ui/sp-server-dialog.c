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
#include <string.h>

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
  GtkWidget        *role_label;
  GCancellable     *cancellable;
} ServerAsk;

static void present_asking (SpWindow   *window,
                            const char *location,
                            const char *error_text);

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

/* ---- connecting, the main loop running ------------------------------------------------------ */

typedef struct
{
  SpWindow         *window;
  AdwMessageDialog *dialog;
  GCancellable     *cancellable;
  char             *location;
  char             *password;
  gboolean          remember;
} Connecting;

static void
connecting_free (Connecting *connecting)
{
  g_clear_object (&connecting->window);
  g_clear_object (&connecting->dialog);
  g_clear_object (&connecting->cancellable);
  g_free (connecting->location);
  if (connecting->password != NULL)
    explicit_bzero (connecting->password, strlen (connecting->password));
  g_free (connecting->password);
  g_free (connecting);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Connecting *connecting = user_data;
  g_autoptr(GError) error = NULL;
  SpWindow *window = connecting->window;
  SpDb *db;

  /* Cancel closed the dialog already; a failure or a success closes it now. */
  g_signal_handlers_disconnect_by_data (connecting->dialog, connecting);
  if (gtk_widget_get_visible (GTK_WIDGET (connecting->dialog)))
    gtk_window_destroy (GTK_WINDOW (connecting->dialog));
  if (!sp_window_connect_finish (window, result, &error))
    {
      present_asking (window, connecting->location, error->message);
      connecting_free (connecting);
      return;
    }
  if (connecting->password != NULL && connecting->remember)
    {
      /* Translators: the keyring's label of the entry; the server's address. */
      g_autofree char *label = g_strdup_printf (_("Sparrow: the password for %s"),
                                                connecting->location);

      secret_password_store (password_schema (), SECRET_COLLECTION_DEFAULT, label,
                             connecting->password, NULL, password_stored_cb,
                             g_object_ref (window), "location", connecting->location, NULL);
    }
  if (sp_window_get_settings (window) != NULL)
    g_settings_set_string (sp_window_get_settings (window), "server-location",
                           connecting->location);
  db = sp_window_get_database (window);
  if (db != NULL)
    {
      /* Translators: the server's database, the login, then its role ("Referee"). */
      g_autofree char *text = g_strdup_printf (_("Connected to %s as %s — %s"),
                                               sp_db_get_database_name (db),
                                               sp_db_get_login (db),
                                               sp_db_role_get_label (sp_db_get_role (db)));

      sp_window_add_toast (window, text);
    }
  connecting_free (connecting);
}

static void
connecting_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        Connecting       *connecting)
{
  /* The only response is Cancel (and Escape): the window stays as it was. */
  g_cancellable_cancel (connecting->cancellable);
}

/* Connects @window to @location, a dialog saying so with a Cancel meanwhile. */
static void
present_connecting (SpWindow   *window,
                    const char *location,
                    const char *password,
                    gboolean    remember)
{
  Connecting *connecting = g_new0 (Connecting, 1);
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12));
  GtkWidget *spinner = gtk_spinner_new ();
  GtkWidget *label = gtk_label_new (_("Waiting for the server's answer…"));
  AdwMessageDialog *dialog;

  /* Translators: the server's address. */
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (window),
                                                       _("Connecting to the Server"), NULL));
  adw_message_dialog_format_body (dialog, _("Connecting to %s. The window goes on working "
                                            "meanwhile; Cancel leaves it as it was."), location);
  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_accessible_update_property (GTK_ACCESSIBLE (spinner), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Connecting"), -1);
  gtk_widget_set_halign (GTK_WIDGET (box), GTK_ALIGN_CENTER);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (box, spinner);
  gtk_box_append (box, label);
  adw_message_dialog_set_extra_child (dialog, GTK_WIDGET (box));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), NULL);
  adw_message_dialog_set_close_response (dialog, "cancel");
  adw_message_dialog_set_default_response (dialog, "cancel");

  connecting->window = g_object_ref (window);
  connecting->dialog = g_object_ref (dialog);
  connecting->cancellable = g_cancellable_new ();
  connecting->location = g_strdup (location);
  connecting->password = g_strdup (password);
  connecting->remember = remember;
  g_signal_connect (dialog, "response", G_CALLBACK (connecting_response_cb), connecting);
  gtk_window_present (GTK_WINDOW (dialog));
  sp_window_connect (window, location, password, connecting->cancellable, connected_cb,
                     connecting);
}

static void
response_cb (AdwMessageDialog *dialog,
             const char       *response,
             ServerAsk        *ask)
{
  g_autofree char *location = NULL;
  const char *password;

  if (g_strcmp0 (response, "connect") != 0 || ask->window == NULL)
    return;
  location = typed_location (ask);
  if (location == NULL)
    return;
  password = gtk_editable_get_text (GTK_EDITABLE (ask->password));
  present_connecting (ask->window, location, password[0] != '\0' ? password : NULL,
                      gtk_check_button_get_active (GTK_CHECK_BUTTON (ask->remember)));
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

/* The login the address names (postgresql://mei@… or user=mei), or NULL. */
static char *
login_of (const char *location)
{
  const char *p;

  if (g_str_has_prefix (location, "postgresql://") || g_str_has_prefix (location, "postgres://"))
    {
      const char *start = strstr (location, "://") + 3;
      const char *at = strchr (start, '@');
      const char *slash = strchr (start, '/');

      if (at == NULL || (slash != NULL && slash < at))
        return NULL;
      return g_uri_unescape_segment (start, memchr (start, ':', at - start) != NULL
                                              ? memchr (start, ':', at - start) : at, NULL);
    }
  p = strstr (location, "user=");
  if (p == NULL || (p != location && !g_ascii_isspace (p[-1])))
    return NULL;
  p += strlen ("user=");
  return g_strndup (p, strcspn (p, " \t"));
}

/* Which role the station will have: the window's now when it is connected to this address,
 * else the login the address names (the server gives its role). */
static void
show_role (ServerAsk  *ask,
           const char *location)
{
  SpDb *db = sp_window_get_database (ask->window);
  const char *current = sp_window_get_database_path (ask->window);
  g_autofree char *login = location != NULL ? login_of (location) : NULL;
  g_autofree char *text = NULL;

  if (location != NULL && db != NULL && g_strcmp0 (current, location) == 0)
    /* Translators: the login, then its role ("Referee"). */
    text = g_strdup_printf (_("Connects as %s — %s"), sp_db_get_login (db),
                            sp_db_role_get_label (sp_db_get_role (db)));
  else if (login != NULL && login[0] != '\0')
    /* Translators: the login the address names. */
    text = g_strdup_printf (_("Connects as %s; the server says its role (director, referee or "
                              "viewer)."), login);
  gtk_label_set_text (GTK_LABEL (ask->role_label), text != NULL ? text : "");
  gtk_widget_set_visible (ask->role_label, text != NULL);
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
  show_role (ask, location);
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

/* The dialog asking for the address (@location, else the last one) and the password; with
 * @error_text, why the last try failed. */
static void
present_asking (SpWindow   *window,
                const char *location,
                const char *error_text)
{
  ServerAsk *ask = g_new0 (ServerAsk, 1);
  GSettings *settings = sp_window_get_settings (window);
  g_autofree char *last = location != NULL ? g_strdup (location)
                          : settings != NULL ? g_settings_get_string (settings, "server-location")
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

  ask->role_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (ask->role_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (ask->role_label), 0);
  gtk_widget_add_css_class (ask->role_label, "dim-label");
  gtk_widget_set_visible (ask->role_label, FALSE);
  gtk_box_append (box, ask->role_label);

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
  if (error_text != NULL)
    show_error (ask, error_text);
  look_up_password (ask);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
sp_server_dialog_present (SpWindow *window)
{
  present_asking (window, NULL, NULL);
}
