/* test-ui-station.c: a referee station's window never freezes on a server that does not
 * answer: Connect to Server… connects in the main loop, which keeps running (a timer ticks)
 * under a "Connecting to the Server" dialog; the timeout or its Cancel brings the address back
 * with a clear message, the window's own store untouched.  On the test server
 * ($SP_TEST_POSTGRESQL), the window says whom it is connected as and the role, and greys what
 * the role may not do.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <unistd.h>

#include "sp-db-roles.h"
#include "sp-server-dialog.h"
#include "sp-test-server.h"
#include "sp-test-ui.h"

/* The shown message dialog whose heading is @heading, or NULL. */
static AdwMessageDialog *
find_dialog (const char *heading)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* The newest first: a dialog closed may linger in the list for a moment. */
  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window))
          && g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (window)),
                        heading) == 0)
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static gboolean
dialog_is_shown (gpointer heading)
{
  return find_dialog (heading) != NULL;
}

static gboolean
dialog_is_gone (gpointer heading)
{
  return find_dialog (heading) == NULL;
}

static gboolean
tick_cb (gpointer user_data)
{
  guint *ticks = user_data;

  (*ticks)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
is_visible_error_label (GtkWidget     *widget,
                        gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
         && gtk_widget_has_css_class (widget, "error");
}

/* The Connect to Server dialog, its address set to @location and Connect pressed. */
static void
connect_through_dialog (GtkWindow  *window,
                        const char *location)
{
  AdwMessageDialog *ask;
  GtkWidget *entry;

  sp_server_dialog_present (SP_WINDOW (window));
  wait_until (dialog_is_shown, (gpointer) "Connect to Server", "the Connect to Server dialog");
  ask = find_dialog ("Connect to Server");
  entry = find_matching (GTK_WIDGET (ask),
                         &(WidgetSearch) { .type = GTK_TYPE_ENTRY, .drawn = TRUE });
  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), location);
  g_assert_true (adw_message_dialog_get_response_enabled (ask, "connect"));
  adw_message_dialog_response (ask, "connect");
}

/* The message the Connect to Server dialog shows again after a failed try. */
static const char *
shown_error (void)
{
  AdwMessageDialog *ask = find_dialog ("Connect to Server");
  GtkWidget *label;

  g_assert_nonnull (ask);
  label = find_under (GTK_WIDGET (ask), is_visible_error_label, NULL);
  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

static void
test_silent_server_times_out (void)
{
  GtkWindow *window = start_app ();
  SpDb *before = sp_window_get_database (SP_WINDOW (window));
  g_autofree char *path = g_strdup (sp_window_get_database_path (SP_WINDOW (window)));
  int port = 0;
  int fd = sp_test_silent_server (&port);
  g_autofree char *location =
    g_strdup_printf ("postgresql://mei@127.0.0.1:%d/hall?connect_timeout=2", port);
  guint ticks = 0;
  guint tick;
  gint64 started, elapsed;

  g_assert_nonnull (before);
  connect_through_dialog (window, location);
  wait_until (dialog_is_shown, (gpointer) "Connecting to the Server",
              "the Connecting dialog");
  started = g_get_monotonic_time ();
  tick = g_timeout_add (50, tick_cb, &ticks);
  g_assert_true (adw_message_dialog_has_response (find_dialog ("Connecting to the Server"),
                                                  "cancel"));
  wait_until (dialog_is_gone, (gpointer) "Connecting to the Server",
              "the connection to time out");
  g_source_remove (tick);
  /* The main loop ran all along: 50 ms ticks over what is left of the 2 s (a virtual display
   * may take a moment to draw the dialog). */
  elapsed = g_get_monotonic_time () - started;
  g_test_message ("%u ticks in %.2f s", ticks, (double) elapsed / G_USEC_PER_SEC);
  g_assert_cmpint (elapsed, >=, G_USEC_PER_SEC);
  g_assert_cmpuint (ticks, >=, elapsed / 1000 / 50 / 2);
  wait_until (dialog_is_shown, (gpointer) "Connect to Server", "the address asked again");
  g_assert_nonnull (strstr (shown_error (), "did not answer within 2 s"));
  /* The window kept its store. */
  g_assert_true (sp_window_get_database (SP_WINDOW (window)) == before);
  g_assert_cmpstr (sp_window_get_database_path (SP_WINDOW (window)), ==, path);
  close (fd);
  end_case ();
}

static gboolean
cancel_cb (gpointer user_data)
{
  AdwMessageDialog *connecting = find_dialog ("Connecting to the Server");

  g_assert_nonnull (connecting);
  adw_message_dialog_response (connecting, "cancel");
  return G_SOURCE_REMOVE;
}

static void
test_silent_server_cancelled (void)
{
  GtkWindow *window = start_app ();
  SpDb *before = sp_window_get_database (SP_WINDOW (window));
  int port = 0;
  int fd = sp_test_silent_server (&port);
  g_autofree char *location = g_strdup_printf ("postgresql://mei@127.0.0.1:%d/hall", port);
  guint ticks = 0;
  guint tick;
  gint64 started, elapsed;

  connect_through_dialog (window, location);
  wait_until (dialog_is_shown, (gpointer) "Connecting to the Server",
              "the Connecting dialog");
  started = g_get_monotonic_time ();
  tick = g_timeout_add (50, tick_cb, &ticks);
  g_timeout_add (500, cancel_cb, NULL);
  wait_until (dialog_is_gone, (gpointer) "Connecting to the Server", "the Cancel");
  wait_until (dialog_is_shown, (gpointer) "Connect to Server", "the address asked again");
  g_source_remove (tick);
  elapsed = g_get_monotonic_time () - started;
  g_test_message ("%u ticks in %.2f s", ticks, (double) elapsed / G_USEC_PER_SEC);
  /* Ticking while it waited (a loaded machine may miss a few), and not kept for long. */
  g_assert_cmpuint (ticks, >=, elapsed / 1000 / 50 / 2);
  g_assert_cmpuint (ticks, >=, 5);
  g_assert_cmpint (elapsed, <, 3 * G_USEC_PER_SEC);
  g_assert_nonnull (strstr (shown_error (), "cancelled"));
  g_assert_true (sp_window_get_database (SP_WINDOW (window)) == before);
  close (fd);
  end_case ();
}

/* ---- on the test server -------------------------------------------------------------------- */

static gboolean
is_station_label (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), data);
}

static gboolean
shows_station (gpointer data)
{
  void **pair = data;

  return find_under (pair[0], is_station_label, pair[1]) != NULL;
}

static gboolean
is_director_only_button (GtkWidget     *widget,
                         gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_tooltip_text (widget) != NULL
         && g_str_has_prefix (gtk_widget_get_tooltip_text (widget),
                              "Only the director creates tournaments");
}

/* A button by its label (whatever its tooltip says). */
static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

/* A station's login on the test server: @user, a member of @role, on a new store database
 * (its name in @database) with the roles made; @fill (may be NULL) fills the store first, as
 * its owner.  The location the station connects to as @user. */
static char *
station_login (const char  *user,
               const char  *role,
               void       (*fill) (SpDb *db, gpointer data),
               gpointer     data,
               char       **database)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("sparrow-ui-station-XXXXXX", &error);
  g_autofree char *location = NULL;
  g_autofree char *create = NULL;
  SpDb *db;

  g_assert_no_error (error);
  g_setenv ("SP_TEST_BACKEND", "postgresql", TRUE);
  location = sp_test_db_location (folder);
  g_unsetenv ("SP_TEST_BACKEND");
  db = sp_db_open (location, &error);
  g_assert_no_error (error);
  if (fill != NULL)
    fill (db, data);
  sp_db_close (db);
  g_rmdir (folder);
  *database = g_strdup (strrchr (location, '/') + 1);
  g_free (sp_test_psql (*database, sp_db_roles_sql ()));
  create = g_strdup_printf ("DROP ROLE IF EXISTS %s; CREATE ROLE %s LOGIN IN ROLE %s", user,
                            user, role);
  g_free (sp_test_psql (NULL, create));
  return sp_test_server_location_as (user, *database);
}

static void
drop_login (const char *user,
            const char *database)
{
  g_autofree char *drop = g_strdup_printf ("DROP OWNED BY %s; DROP ROLE %s", user, user);

  g_free (sp_test_psql (database, drop));
}

/* A button by its tooltip (an icon button's words). */
static gboolean
is_button_labelled_by (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

static void
test_role_shown (void)
{
  g_autofree char *database = NULL;
  g_autofree char *user = g_strdup_printf ("station_ui_mei_%d", (int) getpid ());
  g_autofree char *referee_location = NULL;
  g_autofree char *expected = NULL;
  GtkWindow *window;

  if (sp_test_server () == NULL)
    {
      g_test_skip ("no PostgreSQL server: set SP_TEST_POSTGRESQL");
      return;
    }
  referee_location = station_login (user, "referee", NULL, NULL, &database);

  window = start_app ();
  connect_through_dialog (window, referee_location);
  expected = g_strdup_printf ("Connected to %s as %s — Referee", database, user);
  wait_until (shows_station, (void *[]) { window, expected }, "the station's role shown");
  g_assert_cmpstr (sp_window_get_database_path (SP_WINDOW (window)), ==, referee_location);
  /* A referee creates no tournament: the button is greyed, its tooltip says why. */
  {
    GtkWidget *button = find_under (GTK_WIDGET (window), is_director_only_button, NULL);

    g_assert_nonnull (button);
    g_assert_false (gtk_widget_is_sensitive (button));
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), user));
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "Referee"));
  }
  end_case ();
  drop_login (user, database);
}

static gboolean
table_laid_out (gpointer data)
{
  GtkWidget *button = find_under (GTK_WIDGET (data), is_button_labelled, "Enter Hand");

  return button != NULL && gtk_widget_get_width (button) > 0;
}

/* One MCR session drawn for Ana, Bo, Cai and Dee at one table, and its first hand; the
 * tournament's id in @data. */
static void
fill_one_table (SpDb     *db,
                gpointer  data)
{
  static const char *const names[4] = { "Ana", "Bo", "Cai", "Dee" };
  g_autoptr(GError) error = NULL;
  SpTournament tournament = {
    .name = (char *) "Hall Open",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 1,
    .seating = (char *) "random",
    .ranking = (char *) "score",
  };
  gint64 players[4];

  store_tournament (db, &tournament);
  for (guint i = 0; i < 4; i++)
    players[i] = add_player (db, tournament.id, names[i], NULL, NULL);
  g_assert_true (sp_db_store_seating (db, tournament.id, 1, 42, players, 4, &error));
  g_assert_no_error (error);
  {
    g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, "cn", NULL);
    g_auto(SpHandReport) report = { 0 };
    g_auto(SpHandEntry) entry;

    sp_hand_entry_init (&entry);
    entry.winner = SP_WIND_EAST;
    entry.from = SP_WIND_SOUTH;
    entry.has_total = TRUE;
    entry.total = 8;
    g_assert_true (sp_db_add_hand (db, &tournament, rules, 1, 1, &entry, &report, &error));
    g_assert_no_error (error);
  }
  *(gint64 *) data = tournament.id;
}

/* A viewer's station reads a table's sheet and is offered none of its entries: Enter Hand and
 * Add Penalty are greyed, and Enter Hand's tooltip names the login and its role. */
static void
test_viewer_enters_nothing (void)
{
  g_autofree char *database = NULL;
  g_autofree char *user = g_strdup_printf ("station_ui_lin_%d", (int) getpid ());
  g_autofree char *viewer_location = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  gint64 tournament = 0;
  GtkWindow *window;
  SpTableView *view;

  if (sp_test_server () == NULL)
    {
      g_test_skip ("no PostgreSQL server: set SP_TEST_POSTGRESQL");
      return;
    }
  viewer_location = station_login (user, "viewer", fill_one_table, &tournament, &database);

  window = start_app ();
  connect_through_dialog (window, viewer_location);
  expected = g_strdup_printf ("Connected to %s as %s — Viewer", database, user);
  wait_until (shows_station, (void *[]) { window, expected }, "the station's role shown");
  view = sp_table_view_new (window, sp_window_get_database (SP_WINDOW (window)), tournament,
                            1, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (view);
  wait_until (table_laid_out, view, "the table's sheet");
  {
    GtkWidget *button = find_under (GTK_WIDGET (view), is_button_labelled, "Add Penalty…");

    g_assert_nonnull (button);
    g_assert_false (gtk_widget_is_sensitive (button));
    button = find_under (GTK_WIDGET (view), is_button_labelled, "Enter Hand");

    g_assert_false (gtk_widget_is_sensitive (button));
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), user));
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "Viewer"));
    /* Nor is the stored hand's line offered for correction or deletion. */
    button = find_under (GTK_WIDGET (view), is_button_labelled_by, "Edit Hand 1");
    g_assert_nonnull (button);
    g_assert_false (gtk_widget_is_sensitive (button));
    button = find_under (GTK_WIDGET (view), is_button_labelled_by, "Delete Hand 1");
    g_assert_nonnull (button);
    g_assert_false (gtk_widget_is_sensitive (button));
  }
  end_case ();
  drop_login (user, database);
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/station/silent-server-times-out", test_silent_server_times_out);
  g_test_add_func ("/sparrow/ui/station/silent-server-cancelled", test_silent_server_cancelled);
  g_test_add_func ("/sparrow/ui/station/role-shown", test_role_shown);
  g_test_add_func ("/sparrow/ui/station/viewer-enters-nothing", test_viewer_enters_nothing);
}

int
main (int   argc,
      char *argv[])
{
  /* The software GL of a virtual display compiles its shaders for seconds at a new window:
   * the main loop's ticks measured here are the connection's, not the renderer's. */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  return run_ui_tests (argc, argv, add_tests);
}
