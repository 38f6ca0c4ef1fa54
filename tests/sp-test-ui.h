/* sp-test-ui.h: what the ui tests share: waiting on the main loop, finding widgets as a person
 * sees them, the application under test, temporary databases and tournaments.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "sp-application.h"
#include "sp-test-db.h"
#include "sp-test-folder.h"
#include "sp-ui.h"

/* Long enough for a slow virtual display; a test that waits this long has failed. */
#define WAIT_TIMEOUT_SECONDS 10

typedef gboolean (*Condition) (gpointer data);

static inline gboolean
timeout_reached_cb (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @condition holds; fails the test if it does not within the timeout. */
static inline void
wait_until (Condition   condition,
            gpointer    data,
            const char *what)
{
  gboolean timed_out = FALSE;
  guint timeout_id = g_timeout_add_seconds (WAIT_TIMEOUT_SECONDS, timeout_reached_cb, &timed_out);

  while (!condition (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);

  if (timed_out)
    g_error ("Waited %d s for %s", WAIT_TIMEOUT_SECONDS, what);
  g_source_remove (timeout_id);
}

static inline gboolean
widget_is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

/* The first mapped toplevel of @type, if any. */
static inline GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_mapped (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

/* Whether a window of the type @type is mapped. */
static inline gboolean
window_is_shown (gpointer type)
{
  return find_toplevel (GPOINTER_TO_SIZE (type)) != NULL;
}

/* Whether no window of the type @type is mapped any more. */
static inline gboolean
window_is_gone (gpointer type)
{
  return find_toplevel (GPOINTER_TO_SIZE (type)) == NULL;
}

/* Waits until a window of @type is shown (@what says which, for the failure message) and
 * returns it. */
static inline GtkWindow *
wait_for_toplevel (GType       type,
                   const char *what)
{
  wait_until (window_is_shown, GSIZE_TO_POINTER (type), what);
  return find_toplevel (type);
}

static inline gboolean
no_toplevels_left (gpointer data)
{
  return g_list_model_get_n_items (gtk_window_get_toplevels ()) == 0;
}

/* Whether @widget is the one a search looks for; @data is what the search was given. */
typedef gboolean (*WidgetTest) (GtkWidget     *widget,
                                gconstpointer  data);

/* The first widget under @widget (itself included, depth first) that passes @test. */
static inline GtkWidget *
find_under (GtkWidget     *widget,
            WidgetTest     test,
            gconstpointer  data)
{
  if (test (widget, data))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_under (child, test, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A search for the widget of @type (drawn on screen, when @drawn) whose text, as @text_of reads
 * it, is exactly @text; any widget of @type when @text_of is NULL. */
typedef struct
{
  GType        type;
  const char *(*text_of) (GtkWidget *widget);
  const char  *text;
  gboolean     drawn;
} WidgetSearch;

static inline gboolean
matches_search (GtkWidget     *widget,
                gconstpointer  data)
{
  const WidgetSearch *search = data;

  return G_TYPE_CHECK_INSTANCE_TYPE (widget, search->type)
         && (!search->drawn || gtk_widget_is_drawable (widget))
         && (search->text_of == NULL || g_strcmp0 (search->text_of (widget), search->text) == 0);
}

static inline GtkWidget *
find_matching (GtkWidget          *widget,
               const WidgetSearch *search)
{
  return find_under (widget, matches_search, search);
}

static inline const char *
label_text_of (GtkWidget *widget)
{
  return gtk_label_get_text (GTK_LABEL (widget));
}

/* A button's label, its mnemonic included. */
static inline const char *
button_label_of (GtkWidget *widget)
{
  return gtk_button_get_label (GTK_BUTTON (widget));
}

/* A preferences row's title, as a person reads it on screen (also its accessible name). */
static inline const char *
row_title_of (GtkWidget *widget)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
}

/* The visible status page under @widget, found as a person would see it: drawn on screen. */
static inline gboolean
is_drawn_status_page (GtkWidget     *widget,
                      gconstpointer  data)
{
  return ADW_IS_STATUS_PAGE (widget) && gtk_widget_is_drawable (widget);
}

static inline AdwStatusPage *
find_drawn_status_page (GtkWidget *widget)
{
  return (AdwStatusPage *) find_under (widget, is_drawn_status_page, NULL);
}

/* Whether a label showing @text is drawn under @widget. */
static inline gboolean
is_drawn_label_showing (GtkWidget     *widget,
                        gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget)
         && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

static inline gboolean
shows_label_text (GtkWidget  *widget,
                  const char *text)
{
  return find_under (widget, is_drawn_label_showing, text) != NULL;
}

/* The first drawn widget of @type under @widget. */
static inline GtkWidget *
find_drawn_widget (GtkWidget *widget,
                   GType      type)
{
  return find_matching (widget, &(WidgetSearch) { type, NULL, NULL, TRUE });
}

/* The drawn label under @widget whose text is exactly @text. */
static inline GtkWidget *
find_drawn_label (GtkWidget  *widget,
                  const char *text)
{
  return find_matching (widget, &(WidgetSearch) { GTK_TYPE_LABEL, label_text_of, text, TRUE });
}

/* The drawn button under @widget showing a label that reads exactly @text: a button with a
 * child of its own (a label and its shortcut) as much as one made with a label. */
static inline GtkWidget *
find_button_showing (GtkWidget  *widget,
                     const char *text)
{
  GtkWidget *label = find_drawn_label (widget, text);

  return label != NULL ? gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON) : NULL;
}

typedef struct
{
  GtkWidget  *under;
  const char *text;
} LabelSearch;

/* Drawn and laid out, so that where it is on screen is known. */
static inline gboolean
label_is_drawn (gpointer data)
{
  LabelSearch *search = data;
  GtkWidget *label = find_drawn_label (search->under, search->text);

  return label != NULL && gtk_widget_get_width (label) > 0;
}

/* The column of @view titled @title. */
static inline GtkColumnViewColumn *
find_column (GtkWidget  *view,
             const char *title)
{
  GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (view));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  g_error ("No column titled %s", title);
}

/* Where @widget is drawn, from the top of @window. */
static inline double
top_in_window (GtkWidget *widget,
               GtkWindow *window)
{
  graphene_point_t point = GRAPHENE_POINT_INIT (0, 0);

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window), &point, &point));
  return point.y;
}

/* Every toplevel, mapped or not (the help overlay is kept hidden once shown). */
static inline void
close_all_windows (void)
{
  while (g_list_model_get_n_items (gtk_window_get_toplevels ()) > 0)
    {
      g_autoptr(GtkWindow) left = g_list_model_get_item (gtk_window_get_toplevels (), 0);

      gtk_window_destroy (left);
    }
  wait_until (no_toplevels_left, NULL, "every window to close");
}

/* The application under test, registered once as `sparrow` registers it; each case starts from
 * no window at all and closes every window it opened. */
static SpApplication *app;

static inline gboolean
window_has_opened (gpointer window)
{
  return !sp_window_is_opening (SP_WINDOW (window));
}

/* Activates the app as launching `sparrow` does, and returns the window that opens (its
 * database opened, or the reason why not shown). */
static inline GtkWindow *
start_app (void)
{
  GtkWindow *window;

  g_assert_null (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_application_activate (G_APPLICATION (app));

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (SP_IS_WINDOW (window));
  wait_until (widget_is_mapped, window, "the main window to be mapped");
  wait_until (window_has_opened, window, "the database to be opened");
  return window;
}

/* The temporary home of the tests, which holds their databases. */
static char *home;

/* Points SPARROW_DB at @name in the tests' home for one case; restore_database () undoes it. */
static inline char *
use_database (const char *name)
{
  char *path = g_build_filename (home, name, NULL);

  g_setenv ("SPARROW_DB", path, TRUE);
  return path;
}

/* Points SPARROW_DB at @name, as use_database () does, and opens that store. */
static inline SpDb *
open_database (const char *name)
{
  g_autofree char *path = use_database (name);
  g_autoptr(GError) error = NULL;
  SpDb *db = sp_db_open (path, &error);

  g_assert_no_error (error);
  return db;
}

static char *default_database;

static inline void
restore_database (void)
{
  g_setenv ("SPARROW_DB", default_database, TRUE);
}

/* The end of a case that used its own store: every window closed, SPARROW_DB back to the
 * default one. */
static inline void
end_case (void)
{
  close_all_windows ();
  restore_database ();
}

/* Creates @tournament in @db, which sets its id. */
static inline void
store_tournament (SpDb         *db,
                  SpTournament *tournament)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_db_create_tournament (db, tournament, &error));
  g_assert_no_error (error);
  g_clear_pointer (&tournament->created, g_free);
}

/* Adds player @name (@club and @team may be NULL) to @tournament, and returns the id. */
static inline gint64
add_player (SpDb       *db,
            gint64      tournament,
            const char *name,
            const char *club,
            const char *team)
{
  g_autoptr(GError) error = NULL;
  SpPlayer player = {
    .tournament = tournament,
    .name = (char *) name,
    .club = (char *) club,
    .team = (char *) team,
  };

  g_assert_true (sp_db_add_player (db, &player, &error));
  g_assert_no_error (error);
  return player.id;
}

/* Adds @n_players players named "Player 1", "Player 2"… to @tournament. */
static inline void
add_numbered_players (SpDb   *db,
                      gint64  tournament,
                      guint   n_players)
{
  for (guint i = 0; i < n_players; i++)
    {
      g_autofree char *name = g_strdup_printf ("Player %u", i + 1);

      add_player (db, tournament, name, NULL, NULL);
    }
}

static inline void
create_tournament (SpDb       *db,
                   const char *name,
                   SpRuleset   ruleset,
                   const char *profile,
                   guint       n_sessions,
                   guint       n_players)
{
  SpTournament tournament = {
    .name = (char *) name,
    .ruleset = ruleset,
    .profile = (char *) profile,
    .n_sessions = n_sessions,
    .seating = (char *) "random",
    .ranking = (char *) "score",
  };

  store_tournament (db, &tournament);
  add_numbered_players (db, tournament.id, n_players);
}


static inline gboolean
switcher_title_is_drawn (gpointer data)
{
  return find_drawn_widget (GTK_WIDGET (data), ADW_TYPE_VIEW_SWITCHER_TITLE) != NULL;
}

/* Activates the first tournament of @window's list, as a person does, and returns the title
 * that switches between its pages once they are shown. */
static inline AdwViewSwitcherTitle *
open_first_tournament (GtkWindow *window)
{
  g_signal_emit_by_name (find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW),
                         "activate", 0);
  wait_until (switcher_title_is_drawn, window, "the tournament's pages to be shown");
  return ADW_VIEW_SWITCHER_TITLE (find_drawn_widget (GTK_WIDGET (window),
                                                     ADW_TYPE_VIEW_SWITCHER_TITLE));
}

/* Shows the tournament's page @name, as its switcher does. */
static inline void
show_page (AdwViewSwitcherTitle *title,
           const char           *name)
{
  adw_view_stack_set_visible_child_name (adw_view_switcher_title_get_stack (title), name);
}

typedef struct
{
  GListModel *model;
  guint       n_items;
} ModelCount;

static inline gboolean
model_has_count (gpointer data)
{
  ModelCount *count = data;

  return g_list_model_get_n_items (count->model) == count->n_items;
}

typedef struct
{
  GtkWidget  *under;
  const char *upper;
  const char *lower;
  GtkWindow  *window;
} DrawnOrder;

/* Both labels drawn, @upper above @lower. */
static inline gboolean
drawn_in_order (gpointer data)
{
  DrawnOrder *order = data;
  GtkWidget *upper = find_drawn_label (order->under, order->upper);
  GtkWidget *lower = find_drawn_label (order->under, order->lower);

  return upper != NULL && lower != NULL && gtk_widget_get_width (upper) > 0
         && gtk_widget_get_width (lower) > 0
         && top_in_window (upper, order->window) < top_in_window (lower, order->window);
}

/* The player named @name as the store has him now. */
static inline SpPlayer *
reread_player (SpDb       *db,
               gint64      tournament,
               const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = sp_db_list_players (db, tournament, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < players->len; i++)
    {
      SpPlayer *player = g_ptr_array_index (players, i);

      if (g_strcmp0 (player->name, name) == 0)
        return g_ptr_array_steal_index (players, i);
    }
  g_error ("No player %s", name);
}

/* The drawn button labelled @label (with its mnemonic) under @widget. */
static inline GtkWidget *
find_drawn_button (GtkWidget  *widget,
                   const char *label)
{
  return find_matching (widget, &(WidgetSearch) { GTK_TYPE_BUTTON, button_label_of, label, TRUE });
}

/* The preferences row under @widget titled @title. */
static inline GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  return find_matching (widget, &(WidgetSearch) { ADW_TYPE_PREFERENCES_ROW, row_title_of, title,
                                                FALSE });
}

/* The option row of the rules' option @key (the row's widget name is the key). */
static inline GtkWidget *
find_option_row (GtkWidget  *widget,
                 const char *key)
{
  return find_matching (widget, &(WidgetSearch) { ADW_TYPE_PREFERENCES_ROW, gtk_widget_get_name,
                                                key, FALSE });
}

/* The first widget of @type under @widget, drawn or not. */
static inline GtkWidget *
find_widget (GtkWidget *widget,
             GType      type)
{
  return find_matching (widget, &(WidgetSearch) { type, NULL, NULL, FALSE });
}

/* The button under @widget labelled @label (its mnemonic included). */
static inline GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  return find_matching (widget, &(WidgetSearch) { GTK_TYPE_BUTTON, button_label_of, label, FALSE });
}

/* The icon-only button under @widget whose tooltip (and accessible name) is @tooltip. */
static inline GtkWidget *
find_tooltip_button (GtkWidget  *widget,
                     const char *tooltip)
{
  return find_matching (widget, &(WidgetSearch) { GTK_TYPE_BUTTON, gtk_widget_get_tooltip_text,
                                                tooltip, FALSE });
}

/* Clicks @button as a person's click ends, at once (GtkButton's keyboard activation clicks
 * only after a short visual press). */
static inline void
press_button (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_sensitive (button) && gtk_widget_is_drawable (button));
  g_signal_emit_by_name (button, "clicked");
}

/* Selects the item of combo row @row that reads @text. */
static inline void
select_combo_item (GtkWidget  *row,
                   const char *text)
{
  GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (row));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), text) == 0)
        {
          adw_combo_row_set_selected (ADW_COMBO_ROW (row), i);
          return;
        }
    }
  g_error ("No item %s in the combo row %s", text,
           adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
}

/* Saves what @widget draws as a PNG at @path (for SPARROW_TEST_SCREENSHOTS). */
static inline void
save_screenshot (GtkWidget  *widget,
                 const char *path)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* Where the screenshot @name goes: in the folder SPARROW_TEST_SCREENSHOTS names, or NULL when
 * no screenshots are asked for. */
static inline char *
screenshot_path (const char *name)
{
  const char *folder = g_getenv ("SPARROW_TEST_SCREENSHOTS");

  return folder != NULL ? g_build_filename (folder, name, NULL) : NULL;
}

/* Runs the main loop for @usec microseconds, so that what was shown has drawn itself. */
static inline void
run_main_loop_for (gint64 usec)
{
  gint64 until = g_get_monotonic_time () + usec;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
}

/* Runs the main loop until the dialog has drawn itself, and saves it when asked to. */
static inline void
maybe_screenshot (GtkWindow  *dialog,
                  const char *name)
{
  g_autofree char *path = screenshot_path (name);

  if (path == NULL)
    return;
  /* Tall enough for every row, so that one picture shows the whole dialog. */
  gtk_window_set_default_size (dialog, 560, 2000);
  run_main_loop_for (G_USEC_PER_SEC / 2);
  save_screenshot (GTK_WIDGET (dialog), path);
}

/* Saves @window at its own size, once drawn, when SPARROW_TEST_SCREENSHOTS names a folder. */
static inline void
maybe_screenshot_window (GtkWindow  *window,
                         const char *name)
{
  g_autofree char *path = screenshot_path (name);

  if (path == NULL)
    return;
  run_main_loop_for (G_USEC_PER_SEC / 2);
  save_screenshot (GTK_WIDGET (window), path);
}

/* Runs the shortcut whose trigger reads @accel ("<Alt>1") among @widget's shortcut controllers,
 * as the key press does once GTK has matched it; FALSE when there is none or it did nothing. */
static inline gboolean
run_shortcut (GtkWidget  *widget,
              const char *accel)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (
            gtk_shortcut_get_trigger (shortcut));

          if (g_strcmp0 (trigger, accel) == 0)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                                 GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}

/* The field "Hand" of @editor: its only entry. */
static inline GtkEditable *
editor_hand_field (SpHandEditor *editor)
{
  GtkWidget *entry = find_widget (GTK_WIDGET (editor), GTK_TYPE_ENTRY);

  g_assert_nonnull (entry);
  return GTK_EDITABLE (entry);
}

/* Opens the New Tournament dialog as Ctrl+N or the header bar's button does. */
/* Whether @dialog's keyboard focus is in @field (a row or an entry): a dialog starts on its
 * first field, where a person types first. */
static inline gboolean
focus_is_in (GtkWindow *dialog,
             GtkWidget *field)
{
  GtkWidget *focus = gtk_window_get_focus (dialog);

  return focus != NULL && field != NULL && (focus == field || gtk_widget_is_ancestor (focus, field));
}

static inline GtkWindow *
open_new_tournament_dialog (GtkWindow *window)
{
  GtkWindow *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-tournament", NULL));
  dialog = wait_for_toplevel (SP_TYPE_NEW_TOURNAMENT_DIALOG,
                              "the New Tournament dialog to be shown");
  g_assert_true (gtk_window_get_transient_for (dialog) == window);
  g_assert_true (gtk_window_get_modal (dialog));
  return dialog;
}

typedef struct
{
  GtkWidget  *under;
  const char *text;
} ShownText;

static inline gboolean
text_is_shown (gpointer data)
{
  ShownText *shown = data;

  return shows_label_text (shown->under, shown->text);
}

/* The players page of a new tournament "Club Night" holding @names (NULL-terminated), open in
 * the window; *@tournament gets its id. */
static inline GtkWindow *
open_players_page (const char        *file,
                   const char *const *names,
                   gint64            *tournament)
{
  g_autoptr(SpDb) db = open_database (file);
  SpTournament event = sp_test_mcr_tournament ("Club Night");
  GtkWindow *window;

  store_tournament (db, &event);
  for (; *names != NULL; names++)
    add_player (db, event.id, *names, NULL, NULL);
  g_clear_pointer (&db, sp_db_close);
  *tournament = event.id;

  window = start_app ();
  open_first_tournament (window);
  return window;
}

/* The visible label with the "error" style under @widget, or NULL. */
static inline gboolean
is_error_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
         && gtk_widget_has_css_class (widget, "error");
}

static inline GtkWidget *
find_error_label (GtkWidget *widget)
{
  return find_under (widget, is_error_label, NULL);
}

/* Runs the ui tests that @add_tests registers, each with the application under test and a
 * temporary home of its own; the exit status of main (). */
static inline int
run_ui_tests (int     argc,
              char   *argv[],
              void  (*add_tests) (void))
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* Temporary user folders, so that nothing of the user's is read or written.  The system's
   * XDG_DATA_DIRS are kept (G_TEST_OPTION_ISOLATE_DIRS would drop them): GTK finds the MIME
   * database there, without which it cannot tell an SVG icon from any other file. */
  home = g_dir_make_tmp ("sparrow-test-ui-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      static const char *const folders[][2] = {
        { "XDG_DATA_HOME", "data" },
        { "XDG_CONFIG_HOME", "config" },
        { "XDG_CACHE_HOME", "cache" },
        { "XDG_STATE_HOME", "state" },
      };
      g_autofree char *folder = g_build_filename (home, folders[i][1], NULL);

      g_setenv (folders[i][0], folder, TRUE);
    }
  default_database = g_build_filename (home, "events", "club.db", NULL);
  g_setenv ("SPARROW_DB", default_database, TRUE);

  if (!gtk_init_check ())
    {
      g_test_skip ("no display: run the ui suite under xvfb-run");
      status = g_test_run ();
    }
  else
    {
      /* Its own instance, whatever else runs on the session bus. */
      app = sp_application_new ();
      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);

      add_tests ();
      status = g_test_run ();
      g_clear_object (&app);
    }

  sp_test_remove_folder (home);
  g_clear_pointer (&home, g_free);
  g_clear_pointer (&default_database, g_free);
  return status;
}
