/* test-ui-share.c: the main menu's Share on the Hall Network… offers this computer first, serves
 * the tournament's pages on the port asked (0: a free one) with the address and its QR code
 * shown, a phone's request answered while the window runs, and Stop closes the port; a bad
 * port is refused, saying why.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-share-dialog.h"
#include "sp-test-ui.h"

typedef struct
{
  guint16  port;
  GString *answer;
  GError  *error;
  gint     done;
} Fetch;

/* A phone: GET / on loopback, in a thread, while the main loop serves it. */
static gpointer
fetch_thread (gpointer data)
{
  Fetch *fetch = data;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  static const char request[] = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                "Accept-Language: en\r\nConnection: close\r\n\r\n";
  char buffer[4096];
  gssize n;

  connection = g_socket_client_connect_to_host (client, "127.0.0.1", fetch->port, NULL,
                                                &fetch->error);
  if (connection != NULL
      && g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                                    request, strlen (request), NULL, NULL, &fetch->error))
    while ((n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                     buffer, sizeof buffer, NULL, &fetch->error)) > 0)
      g_string_append_len (fetch->answer, buffer, n);
  g_atomic_int_set (&fetch->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static gboolean
fetched (gpointer data)
{
  return g_atomic_int_get (&((Fetch *) data)->done);
}

/* The page at / of the server on @port, headers and body; NULL (with @error) when refused. */
static char *
fetch_index (guint    port,
             GError **error)
{
  Fetch fetch = { (guint16) port, g_string_new (NULL), NULL, 0 };
  GThread *thread = g_thread_new ("phone", fetch_thread, &fetch);

  wait_until (fetched, &fetch, "the phone's request to be answered");
  g_thread_join (thread);
  if (fetch.error != NULL)
    {
      g_propagate_error (error, fetch.error);
      g_string_free (fetch.answer, TRUE);
      return NULL;
    }
  return g_string_free (fetch.answer, FALSE);
}

static gboolean
is_start_button (GtkWidget     *widget,
                 gconstpointer  label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)),
                                              label) == 0;
}

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget) && g_strcmp0 (row_title_of (widget), title) == 0;
}

static gboolean
is_picture_with_paintable (GtkWidget     *widget,
                           gconstpointer  data)
{
  return GTK_IS_PICTURE (widget) && gtk_widget_is_drawable (widget)
         && gtk_picture_get_paintable (GTK_PICTURE (widget)) != NULL;
}

typedef struct
{
  GtkWidget  *widget;
  const char *text;
} Shown;

static gboolean
text_shown (gpointer data)
{
  Shown *shown = data;

  return shows_label_text (shown->widget, shown->text);
}

static void
click (GtkWidget  *dialog,
       const char *label)
{
  GtkWidget *button = find_under (dialog, is_start_button, label);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

static void
test_share (void)
{
  g_autoptr(SpDb) db = open_database ("share.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *page = NULL;
  GtkWindow *window;
  GtkWidget *dialog;
  GtkWidget *address;
  GtkWidget *port;
  GtkStringObject *first;
  guint number;
  const char *colon;

  create_tournament (db, "Hall <Open>", SP_RULESET_MCR, "cn", 2, 8);
  window = start_app ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.share", NULL));
  dialog = GTK_WIDGET (wait_for_toplevel (SP_TYPE_SHARE_DIALOG, "the Share dialog"));

  /* This computer only is offered first, and chosen. */
  address = find_under (dialog, is_row_titled, "Network");
  g_assert_nonnull (address);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (address)), ==, 0);
  first = g_list_model_get_item (adw_combo_row_get_model (ADW_COMBO_ROW (address)), 0);
  g_assert_cmpstr (gtk_string_object_get_string (first), ==, "This computer only (127.0.0.1)");
  g_object_unref (first);
  g_assert_null (sp_share_dialog_get_url (SP_SHARE_DIALOG (dialog)));

  /* A port that is not one is refused, and nothing listens. */
  port = find_under (dialog, is_row_titled, "Port");
  g_assert_nonnull (port);
  gtk_editable_set_text (GTK_EDITABLE (port), "80a");
  click (dialog, "_Start Sharing");
  g_assert_null (sp_share_dialog_get_url (SP_SHARE_DIALOG (dialog)));
  g_assert_true (shows_label_text (dialog, "The port “80a” is not a number from 0 to 65535"));

  gtk_editable_set_text (GTK_EDITABLE (port), "0");
  click (dialog, "_Start Sharing");
  url = sp_share_dialog_get_url (SP_SHARE_DIALOG (dialog));
  g_assert_nonnull (url);
  g_assert_true (g_str_has_prefix (url, "http://127.0.0.1:"));
  colon = strrchr (url, ':');
  number = (guint) g_ascii_strtoull (colon + 1, NULL, 10);
  g_assert_cmpuint (number, >, 0);
  g_assert_true (shows_label_text (dialog, url));
  g_assert_true (shows_label_text (dialog, "Sharing “Hall <Open>” while Sparrow is open."));
  g_assert_nonnull (find_under (dialog, is_picture_with_paintable, NULL));
  g_assert_false (gtk_widget_get_sensitive (port));
  g_assert_nonnull (find_under (dialog, is_start_button, "_Stop Sharing"));

  /* A phone gets the tournament's page, its name escaped, while the window runs. */
  page = fetch_index (number, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (page, "HTTP/1.1 200"));
  g_assert_nonnull (strstr (page, "<h1>Hall &lt;Open&gt;</h1>"));
  g_clear_pointer (&page, g_free);

  /* Stop closes the port. */
  click (dialog, "_Stop Sharing");
  g_assert_null (sp_share_dialog_get_url (SP_SHARE_DIALOG (dialog)));
  g_assert_true (gtk_widget_get_sensitive (port));
  page = fetch_index (number, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
  g_assert_null (page);
  end_case ();
}

/* Closed while sharing, the dialog hides and the pages are still served; the window's end
 * stops the server. */
static void
test_share_closed (void)
{
  g_autoptr(SpDb) db = open_database ("share-closed.db");
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *page = NULL;
  GtkWindow *window;
  GtkWidget *dialog;
  guint number;

  create_tournament (db, "Closed", SP_RULESET_MCR, "cn", 1, 4);
  window = start_app ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.share", NULL));
  dialog = GTK_WIDGET (wait_for_toplevel (SP_TYPE_SHARE_DIALOG, "the Share dialog"));
  gtk_editable_set_text (GTK_EDITABLE (find_under (dialog, is_row_titled, "Port")), "0");
  click (dialog, "_Start Sharing");
  url = sp_share_dialog_get_url (SP_SHARE_DIALOG (dialog));
  g_assert_nonnull (url);
  number = (guint) g_ascii_strtoull (strrchr (url, ':') + 1, NULL, 10);

  gtk_window_close (GTK_WINDOW (dialog));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_SHARE_DIALOG), "the dialog to hide");
  wait_until (text_shown, &(Shown) { GTK_WIDGET (window), "Still sharing at" }, "the toast");
  page = fetch_index (number, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (page, "HTTP/1.1 200"));
  g_clear_pointer (&page, g_free);

  /* Opened again, it shows the same address, still sharing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.share", NULL));
  g_assert_true (wait_for_toplevel (SP_TYPE_SHARE_DIALOG, "the Share dialog again")
                 == GTK_WINDOW (dialog));
  g_assert_true (shows_label_text (dialog, url));

  end_case ();
  page = fetch_index (number, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED);
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/share/start-stop", test_share);
  g_test_add_func ("/sparrow/ui/share/closed", test_share_closed);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
