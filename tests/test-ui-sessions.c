/* test-ui-sessions.c: the Sessions page (draw dialog, seating quality, progress, penalties,
 * table cards) and the Players page's teams, shortcuts and import errors, in the real app.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-test-ui.h"

#include "sp-clock-controls.h"
#include "sp-sessions-page.h"

/* Saves a dialog at its own size when SPARROW_TEST_SCREENSHOTS names a folder (the shared
 * helper's tall resize can leave a message dialog undrawn when the picture is taken). */
static void
dialog_screenshot (GtkWindow  *dialog,
                   const char *name)
{
  g_autofree char *path = screenshot_path (name);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width, height;

  if (path == NULL)
    return;
  run_main_loop_for (G_USEC_PER_SEC / 2);
  width = gtk_widget_get_width (GTK_WIDGET (dialog));
  height = gtk_widget_get_height (GTK_WIDGET (dialog));
  paintable = gtk_widget_paintable_new (GTK_WIDGET (dialog));
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (dialog)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* A tournament stored in @file with @n_players players "Player 1"…, opened in the app on its
 * Sessions page; *@event gets the tournament as stored (free it). */
static GtkWindow *
open_sessions_page (const char    *file,
                    SpRuleset      ruleset,
                    guint          n_sessions,
                    guint          n_players,
                    SpTournament **event)
{
  g_autoptr(SpDb) db = open_database (file);
  g_autoptr(GError) error = NULL;
  LabelSearch search = { NULL, NULL };
  g_autofree char *last = g_strdup_printf ("Session %u", n_sessions);
  GtkWindow *window;

  create_tournament (db, "Autumn Cup", ruleset, ruleset == SP_RULESET_TAIWAN ? "tw" : "cn",
                     n_sessions, n_players);
  *event = sp_db_find_tournament (db, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  show_page (open_first_tournament (window), "sessions");
  search.under = GTK_WIDGET (window);
  search.text = last;
  wait_until (label_is_drawn, &search, "the sessions to be listed");
  return window;
}

static SpDb *
window_db (GtkWindow *window)
{
  return sp_window_get_database (SP_WINDOW (window));
}

static SpSessionsPage *
sessions_page (GtkWindow *window)
{
  GtkWidget *page = find_widget (GTK_WIDGET (window), SP_TYPE_SESSIONS_PAGE);

  g_assert_nonnull (page);
  return SP_SESSIONS_PAGE (page);
}

/* Selects session @k in the page's sidebar, as a click does. */
static void
select_session (GtkWindow *window,
                guint      k)
{
  GtkWidget *list = find_drawn_widget (GTK_WIDGET (sessions_page (window)), GTK_TYPE_LIST_BOX);
  g_autofree char *title = g_strdup_printf ("Session %u", k);
  LabelSearch search = { GTK_WIDGET (window), NULL };

  gtk_list_box_select_row (GTK_LIST_BOX (list),
                           gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), (int) k - 1));
  search.text = title;
  wait_until (label_is_drawn, &search, "the session to be shown");
}

/* Opens the draw dialog through the page's button. */
static GtkWindow *
open_draw_dialog (GtkWindow *window)
{
  GtkWidget *button = find_drawn_button (GTK_WIDGET (window), "_Draw Session");

  g_assert_nonnull (button);
  press_button (button);
  return wait_for_toplevel (SP_TYPE_DRAW_DIALOG, "the draw dialog");
}

/* Whether the page's draw button has the suggested-action style. */
static gboolean
draw_is_suggested (GtkWindow *window)
{
  GtkWidget *button = find_drawn_button (GTK_WIDGET (window), "_Draw Session");

  g_assert_nonnull (button);
  return gtk_widget_has_css_class (button, "suggested-action");
}

/* The clock controls drawn on the page, or NULL. */
static GtkWidget *
drawn_clock (GtkWindow *window)
{
  return find_drawn_widget (GTK_WIDGET (sessions_page (window)), SP_TYPE_CLOCK_CONTROLS);
}

static void
finish (GtkWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.show-tournaments",
                                             NULL));
  end_case ();
}

/* A seed typed in the dialog: the store draws with it, the page shows method and seed; a
 * redraw once a hand is entered is refused in the dialog with the store's message. */
static void
test_draw_seed (void)
{
  g_autoptr(SpTournament) event = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  GtkWindow *window = open_sessions_page ("draw-seed.db", SP_RULESET_MCR, 2, 8, &event);
  GtkWindow *dialog;
  ShownText shown = { GTK_WIDGET (window), "Random draw, seed 4242" };
  SpSessionInfo info = { 0 };
  SpHandRecord hand = { .session = 1, .table = 1, .number = 1, .winner = SP_CHAIR_NONE,
                        .discarder = SP_CHAIR_NONE, .draw = TRUE };

  /* Not drawn yet: the draw is the suggested next step. */
  g_assert_true (draw_is_suggested (window));
  dialog = open_draw_dialog (window);
  g_assert_nonnull (find_row (GTK_WIDGET (dialog), "Method"));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (GTK_WIDGET (dialog),
                                                                          "Method"))),
                   ==, "Random draw");
  dialog_screenshot (dialog, "draw-dialog.png");
  /* Not a number: said in the dialog, nothing drawn. */
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Seed (empty for random)")),
                         "forty-two");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.draw", NULL));
  g_assert_nonnull (find_error_label (GTK_WIDGET (dialog)));
  g_assert_true (sp_db_get_session (window_db (window), event->id, 1, &info, &error));
  g_assert_false (info.exists);

  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Seed (empty for random)")),
                         "4242");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.draw", NULL));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_DRAW_DIALOG), "the dialog to close");
  g_assert_true (sp_db_get_session (window_db (window), event->id, 1, &info, &error));
  g_assert_no_error (error);
  g_assert_true (info.exists && info.has_seed);
  g_assert_cmpuint (info.seed, ==, 4242);
  wait_until (text_is_shown, &shown, "the method and seed to be shown");
  /* Drawn: a redraw is possible but no longer suggested. */
  g_assert_false (draw_is_suggested (window));

  /* A hand entered: the redraw is refused, the seats stay. */
  before = sp_db_list_seats (window_db (window), event->id, 1, &error);
  g_assert_true (sp_db_record_hand (window_db (window), event->id, &hand, &error));
  g_assert_no_error (error);
  dialog = open_draw_dialog (window);
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Seed (empty for random)")),
                         "1");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.draw", NULL));
  g_assert_nonnull (find_error_label (GTK_WIDGET (dialog)));
  g_test_message ("redraw refused: %s",
                  gtk_label_get_text (GTK_LABEL (find_error_label (GTK_WIDGET (dialog)))));
  g_assert_true (find_toplevel (SP_TYPE_DRAW_DIALOG) == dialog);
  after = sp_db_list_seats (window_db (window), event->id, 1, &error);
  g_assert_cmpmem (before->data, before->len * sizeof (gint64), after->data,
                   after->len * sizeof (gint64));
  g_assert_true (sp_db_get_session (window_db (window), event->id, 1, &info, &error));
  g_assert_cmpuint (info.seed, ==, 4242);
  gtk_window_destroy (dialog);
  finish (window);
}

/* A balanced plan is drawn at the first draw for every session: the later sessions' draw
 * dialog shows its seed, fixed; a final takes a seed of its own again.  The first draw starts on
 * the seed field. */
static void
test_draw_balanced_seed (void)
{
  g_autoptr(SpDb) db = open_database ("draw-balanced.db");
  g_autoptr(SpTournament) event = NULL;
  g_autoptr(GError) error = NULL;
  SpTournament tournament = {
    .name = (char *) "Plan Cup",
    .ruleset = SP_RULESET_MCR,
    .profile = (char *) "cn",
    .n_sessions = 3,
    .seating = (char *) "balanced",
    .ranking = (char *) "r98",
  };
  SpDrawRequest request = { .has_seed = TRUE, .seed = 7 };
  LabelSearch search = { NULL, "Session 3" };
  GtkWindow *window, *dialog;
  GtkWidget *seed;
  guint64 used = 0;

  store_tournament (db, &tournament);
  add_numbered_players (db, tournament.id, 8);
  g_clear_pointer (&db, sp_db_close);
  window = start_app ();
  show_page (open_first_tournament (window), "sessions");
  search.under = GTK_WIDGET (window);
  wait_until (label_is_drawn, &search, "the sessions to be listed");
  event = sp_db_find_tournament (window_db (window), NULL, &error);
  g_assert_no_error (error);

  /* Before the first draw the seed is free, and the dialog starts on it. */
  dialog = open_draw_dialog (window);
  seed = find_row (GTK_WIDGET (dialog), "Seed (empty for random)");
  g_assert_nonnull (seed);
  g_assert_true (gtk_editable_get_editable (GTK_EDITABLE (seed)));
  g_assert_true (gtk_window_get_focus (dialog) != NULL
                 && gtk_widget_is_ancestor (gtk_window_get_focus (dialog), seed));
  gtk_window_destroy (dialog);

  g_assert_true (sp_db_draw_session (window_db (window), event, 1, &request, &used, &error));
  g_assert_no_error (error);
  sp_sessions_page_load (sessions_page (window), window_db (window), event);
  select_session (window, 2);
  dialog = open_draw_dialog (window);
  g_assert_null (find_row (GTK_WIDGET (dialog), "Seed (empty for random)"));
  seed = find_row (GTK_WIDGET (dialog), "Seed (fixed by the balanced plan)");
  g_assert_nonnull (seed);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seed)), ==, "7");
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (seed)));
  dialog_screenshot (dialog, "draw-dialog-plan.png");
  /* A final seats by the standings, with a seed of its own. */
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (find_row (GTK_WIDGET (dialog),
                                                                     "Final")), TRUE);
  g_assert_true (find_row (GTK_WIDGET (dialog), "Seed (empty for random)") == seed);
  g_assert_true (gtk_editable_get_editable (GTK_EDITABLE (seed)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seed)), ==, "");
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (find_row (GTK_WIDGET (dialog),
                                                                     "Final")), FALSE);
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (seed)));
  /* Drawn with the plan's seed, as the field says. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.draw", NULL));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_DRAW_DIALOG), "the dialog to close");
  finish (window);
}

/* A final of the top @top after a closed session 1: the store seats exactly the top @top of
 * the standings. */
static void
check_final (guint top)
{
  g_autofree char *file = g_strdup_printf ("final-%u.db", top);
  g_autoptr(SpTournament) event = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) standings = NULL;
  g_autoptr(GArray) seats = NULL;
  GtkWindow *window = open_sessions_page (file, SP_RULESET_MCR, 2, 12, &event);
  GtkWindow *dialog;
  SpDrawRequest request = { .has_seed = TRUE, .seed = 5 };
  SpHandRecord hand = { .session = 1, .table = 1, .number = 1, .winner = 0, .discarder = 1,
                        .total = 8, .settlement = { 32, -16, -8, -8 } };
  SpSessionInfo info = { 0 };
  guint64 seed;

  g_assert_true (sp_db_draw_session (window_db (window), event, 1, &request, &seed, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_record_hand (window_db (window), event->id, &hand, &error));
  g_assert_no_error (error);
  g_assert_true (sp_db_close_session (window_db (window), event, 1, TRUE, &error));
  g_assert_no_error (error);
  sp_sessions_page_load (sessions_page (window), window_db (window), event);
  select_session (window, 2);

  dialog = open_draw_dialog (window);
  adw_expander_row_set_enable_expansion (ADW_EXPANDER_ROW (find_row (GTK_WIDGET (dialog),
                                                                     "Final")), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (GTK_WIDGET (dialog),
                                                           GTK_TYPE_SPIN_BUTTON)), top);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.draw", NULL));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_DRAW_DIALOG), "the dialog to close");

  g_assert_true (sp_db_get_session (window_db (window), event->id, 2, &info, &error));
  g_assert_cmpuint (info.n_tables, ==, top / 4);
  seats = sp_db_list_seats (window_db (window), event->id, 2, &error);
  standings = sp_db_compute_standings (window_db (window), event, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (seats->len, ==, top);
  /* Every finalist is among the first @top of the standings after session 1. */
  for (guint i = 0; i < seats->len; i++)
    {
      gboolean found = FALSE;

      for (guint k = 0; k < top; k++)
        found |= g_array_index (standings, SpStanding, k).player
                 == g_array_index (seats, gint64, i);
      g_assert_true (found);
    }
  finish (window);
}

static void
test_final_top_4 (void)
{
  check_final (4);
}

static void
test_final_top_8 (void)
{
  check_final (8);
}

static gboolean
popover_is_gone (gpointer popover)
{
  return !gtk_widget_get_mapped (GTK_WIDGET (popover));
}

/* A known seating stored as is: sessions 1 and 2 seat the same tables in the same chairs, so
 * after session 2 the 12 pairs met twice and every player sat twice at one wind. */
static void
test_quality (void)
{
  g_autoptr(SpTournament) event = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  GtkWindow *window = open_sessions_page ("quality.db", SP_RULESET_MCR, 3, 8, &event);
  GtkWidget *button;
  gint64 seats[8];
  LabelSearch search = { NULL, NULL };

  players = sp_db_list_players (window_db (window), event->id, &error);
  for (guint i = 0; i < 8; i++)
    seats[i] = ((SpPlayer *) g_ptr_array_index (players, i))->id;
  for (guint k = 1; k <= 2; k++)
    {
      g_assert_true (sp_db_store_seating (window_db (window), event->id, k, k, seats, 8, &error));
      g_assert_no_error (error);
    }
  sp_sessions_page_load (sessions_page (window), window_db (window), event);
  select_session (window, 1);
  search.under = GTK_WIDGET (window);
  search.text = "0 repeated meetings · seat winds within 1";
  wait_until (label_is_drawn, &search, "the quality of session 1");
  g_assert_nonnull (drawn_clock (window));
  g_assert_true (shows_label_text (drawn_clock (window), "Session 1 · "));

  select_session (window, 2);
  search.text = "12 repeated meetings · seat winds within 2";
  wait_until (label_is_drawn, &search, "the quality after session 2");
  /* The clock is the selected session's, not the first open one's. */
  g_assert_nonnull (drawn_clock (window));
  g_assert_true (shows_label_text (drawn_clock (window), "Session 2 · "));
  g_assert_false (shows_label_text (drawn_clock (window), "Session 1"));
  g_assert_false (draw_is_suggested (window));
  button = gtk_widget_get_ancestor (find_drawn_label (GTK_WIDGET (window), search.text),
                                    GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  search.under = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  search.text = "Player 1 and Player 2: 2 times";
  wait_until (label_is_drawn, &search, "the repeated pairs to be listed");
  g_assert_nonnull (find_drawn_label (search.under, "Player 1: E 2 · S 0 · W 0 · N 0"));
  g_assert_nonnull (find_drawn_label (search.under, "Player 8: E 0 · S 0 · W 0 · N 2"));
  maybe_screenshot_window (window, "sessions-quality.png");
  if (g_getenv ("SPARROW_TEST_SCREENSHOTS") != NULL)
    {
      g_autofree char *shot = g_build_filename (g_getenv ("SPARROW_TEST_SCREENSHOTS"),
                                                "sessions-quality-details.png", NULL);

      GtkWidget *child = gtk_popover_get_child (GTK_POPOVER (search.under));
      g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (child);
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      int width = gtk_widget_get_width (child), height = gtk_widget_get_height (child);

      /* The popover's content on the window's background colour. */
      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 1, 1, 1, 1 },
                                 &GRAPHENE_RECT_INIT (0, 0, width, height));
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (
                                               gtk_widget_get_native (child)), node,
                                             &GRAPHENE_RECT_INIT (0, 0, width, height));
      g_assert_true (gdk_texture_save_to_png (texture, shot));
    }
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  wait_until (popover_is_gone, search.under, "the details to close");

  /* Session 3, not drawn: no clock to run, and the draw is suggested. */
  select_session (window, 3);
  g_assert_null (drawn_clock (window));
  g_assert_true (draw_is_suggested (window));

  /* The popover came up under the pointer: GTK 4.8's tooltip timer, started by the crossing,
   * must fire while the window is still there (it does not stop when the surface goes). */
  {
    gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }
  finish (window);
}

/* Hands of table @table: @n entries, each "d" a draw, "0".."3" the chair that wins. */
static void
record_hands (SpDb       *db,
              gint64      tournament,
              guint       table,
              const char *hands)
{
  for (guint i = 0; hands[i] != '\0'; i++)
    {
      g_autoptr(GError) error = NULL;
      SpHandRecord hand = { .session = 1, .table = table, .number = i + 1,
                            .winner = SP_CHAIR_NONE, .discarder = SP_CHAIR_NONE };

      if (hands[i] == 'd')
        hand.draw = TRUE;
      else
        {
          hand.winner = hands[i] - '0';
          hand.total = 8;
          hand.settlement[hand.winner] = 24;
          for (guint c = 0; c < 4; c++)
            if ((gint) c != hand.winner)
              hand.settlement[c] = -8;
        }
      g_assert_true (sp_db_record_hand (db, tournament, &hand, &error));
      g_assert_no_error (error);
    }
}

/* The card of table @table shows @hands ("9/16 hands"). */
static void
check_card (GtkWindow  *window,
            guint       table,
            const char *hands)
{
  g_autofree char *title = g_strdup_printf ("Table %u", table);
  GtkWidget *header = gtk_widget_get_parent (find_drawn_label (GTK_WIDGET (window), title));

  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (header))), ==, hands);
}

static void
test_progress_mcr (void)
{
  g_autoptr(SpTournament) event = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *window = open_sessions_page ("progress-mcr.db", SP_RULESET_MCR, 1, 12, &event);
  SpDrawRequest request = { .has_seed = TRUE, .seed = 3 };
  LabelSearch search = { NULL, NULL };
  guint64 seed;

  g_assert_true (sp_db_draw_session (window_db (window), event, 1, &request, &seed, &error));
  /* Table 1 finished (16 hands, the dealer's wins repeat nothing in MCR), table 2 three hands,
   * table 3 none. */
  record_hands (window_db (window), event->id, 1, "0ddddddddddddddd");
  record_hands (window_db (window), event->id, 2, "00d");
  sp_sessions_page_load (sessions_page (window), window_db (window), event);
  search.under = GTK_WIDGET (window);
  search.text = "19/48 hands · 1 table finished · 1 playing · 1 waiting";
  wait_until (label_is_drawn, &search, "the progress line");
  check_card (window, 1, "16/16 hands");
  check_card (window, 2, "3/16 hands");
  check_card (window, 3, "0/16 hands");
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (window), "playing 19/48 hands"));
  maybe_screenshot_window (window, "sessions-progress-mcr.png");

  /* Close Session: refused, and the dialog lists every table not finished, with its hands. */
  press_button (find_drawn_button (GTK_WIDGET (window), "_Close Session"));
  wait_until (window_is_shown, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG), "the close's refusal");
  {
    AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
    const char *body = adw_message_dialog_get_body (dialog);

    g_assert_cmpstr (body, ==, "Table 2: 3/16 hands\nTable 3: 0/16 hands");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  finish (window);
}

static void
test_progress_taiwan (void)
{
  g_autoptr(SpTournament) event = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *window = open_sessions_page ("progress-taiwan.db", SP_RULESET_TAIWAN, 1, 8, &event);
  SpDrawRequest request = { .has_seed = TRUE, .seed = 3 };
  LabelSearch search = { NULL, NULL };
  guint64 seed;

  g_assert_true (sp_db_draw_session (window_db (window), event, 1, &request, &seed, &error));
  /* Table 1: the dealer wins (連莊), an exhaustive draw (連莊), South wins: 3 hands of at
   * least 18. */
  record_hands (window_db (window), event->id, 1, "0d1");
  sp_sessions_page_load (sessions_page (window), window_db (window), event);
  search.under = GTK_WIDGET (window);
  search.text = "3/34 hands · 0 tables finished · 1 playing · 1 waiting";
  wait_until (label_is_drawn, &search, "the progress line");
  check_card (window, 1, "3/18 hands");
  check_card (window, 2, "0/16 hands");
  finish (window);
}

/* Add Penalty through its dialog, then delete it after the confirmation: the store has it,
 * then has it no more. */
static void
test_penalties (void)
{
  g_autoptr(SpTournament) event = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) penalties = NULL;
  GtkWindow *window = open_sessions_page ("penalties.db", SP_RULESET_MCR, 1, 8, &event);
  SpDrawRequest request = { .has_seed = TRUE, .seed = 3 };
  GtkWidget *list, *view;
  GtkWindow *dialog;
  GtkSelectionModel *model;
  AdwMessageDialog *confirm;
  LabelSearch search = { NULL, NULL };
  guint64 seed;

  g_assert_true (sp_db_draw_session (window_db (window), event, 1, &request, &seed, &error));
  record_hands (window_db (window), event->id, 2, "0");
  sp_sessions_page_load (sessions_page (window), window_db (window), event);
  /* As the page's switcher does. */
  list = find_widget (GTK_WIDGET (window), SP_TYPE_PENALTIES_LIST);
  gtk_stack_set_visible_child_name (GTK_STACK (gtk_widget_get_parent (list)), "penalties");
  wait_until (widget_is_mapped, list, "the penalties to be shown");
  g_assert_nonnull (find_drawn_status_page (list));

  press_button (find_drawn_button (list, "Add Penalty"));
  dialog = wait_for_toplevel (SP_TYPE_PENALTY_DIALOG, "the penalty dialog");
  /* By name: Player 1, Player 2, Player 3, … */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_widget (find_row (GTK_WIDGET (dialog), "Player"),
                                                          GTK_TYPE_DROP_DOWN)), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Points"),
                                                           GTK_TYPE_SPIN_BUTTON)), -15);
  /* The sign previewed, with the player's name: a minus is a deduction, no minus points given. */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (GTK_WIDGET (dialog), "Points"))),
                   ==, "−15 to Player 3: a deduction");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Points"),
                                                           GTK_TYPE_SPIN_BUTTON)), 15);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (GTK_WIDGET (dialog), "Points"))),
                   ==, "+15 to Player 3: points received");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Points"),
                                                           GTK_TYPE_SPIN_BUTTON)), -15);
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Reason")),
                         "Slow play after two warnings");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Table"),
                                                           GTK_TYPE_SPIN_BUTTON)), 2);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (dialog), "Hand"),
                                                           GTK_TYPE_SPIN_BUTTON)), 1);
  dialog_screenshot (dialog, "penalty-dialog.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.add", NULL));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_PENALTY_DIALOG), "the dialog to close");

  penalties = sp_db_find_penalties (window_db (window), event->id, 1, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (penalties->len, ==, 1);
  {
    const SpPenalty *penalty = g_ptr_array_index (penalties, 0);
    g_autoptr(SpPlayer) third = reread_player (window_db (window), event->id, "Player 3");
    g_autoptr(SpHandRecord) hand = sp_db_get_hand (window_db (window), event->id, penalty->hand,
                                                   &error);

    g_assert_cmpint (penalty->player, ==, third->id);
    g_assert_cmpint (penalty->points, ==, -15);
    g_assert_cmpstr (penalty->reason, ==, "Slow play after two warnings");
    g_assert_nonnull (hand);
    g_assert_cmpuint (hand->table, ==, 2);
    g_assert_cmpuint (hand->number, ==, 1);
  }
  search.under = list;
  search.text = "Slow play after two warnings";
  wait_until (label_is_drawn, &search, "the penalty to be listed");
  g_assert_nonnull (find_drawn_label (list, "-15"));
  g_assert_cmpuint (sp_penalties_list_get_count (SP_PENALTIES_LIST (list)), ==, 1);
  maybe_screenshot_window (window, "sessions-penalties.png");

  /* Deleted after the confirmation. */
  view = find_drawn_widget (list, GTK_TYPE_COLUMN_VIEW);
  model = gtk_column_view_get_model (GTK_COLUMN_VIEW (view));
  gtk_selection_model_select_item (model, 0, TRUE);
  press_button (find_drawn_button (list, "Delete Penalty…"));
  confirm = ADW_MESSAGE_DIALOG (wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the confirmation"));
  g_assert_cmpstr (adw_message_dialog_get_heading (confirm), ==,
                   "Delete the Penalty of Player 3?");
  adw_message_dialog_response (confirm, "delete");
  gtk_window_close (GTK_WINDOW (confirm));
  wait_until (window_is_gone, GSIZE_TO_POINTER (ADW_TYPE_MESSAGE_DIALOG), "the dialog to go");
  g_clear_pointer (&penalties, g_ptr_array_unref);
  penalties = sp_db_find_penalties (window_db (window), event->id, 1, 0, &error);
  g_assert_cmpuint (penalties->len, ==, 0);
  g_assert_cmpuint (sp_penalties_list_get_count (SP_PENALTIES_LIST (list)), ==, 0);
  finish (window);
}

/* Each card's Enter Hand opens that table's sheet through tournament.open-table. */
static void
test_enter_hand (void)
{
  g_autoptr(SpTournament) event = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *window = open_sessions_page ("enter-hand.db", SP_RULESET_MCR, 1, 8, &event);
  SpDrawRequest request = { .has_seed = TRUE, .seed = 3 };
  LabelSearch search = { NULL, "Table 2" };
  GtkWidget *button;
  GVariant *target;
  guint64 seed;
  guint session, table;

  g_assert_true (sp_db_draw_session (window_db (window), event, 1, &request, &seed, &error));
  sp_sessions_page_load (sessions_page (window), window_db (window), event);
  search.under = GTK_WIDGET (window);
  wait_until (label_is_drawn, &search, "the cards");
  button = gtk_widget_get_last_child (gtk_widget_get_parent (gtk_widget_get_parent (
             find_drawn_label (GTK_WIDGET (window), "Table 2"))));
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Enter Hand");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==,
                   "tournament.open-table");
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (button));
  g_variant_get (target, "(uu)", &session, &table);
  g_assert_cmpuint (session, ==, 1);
  g_assert_cmpuint (table, ==, 2);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Enter the next hand of this table");
  press_button (button);
  wait_until (window_is_shown, GSIZE_TO_POINTER (SP_TYPE_TABLE_VIEW), "the table's sheet");
  g_assert_cmpuint (sp_table_view_get_session (SP_TABLE_VIEW (find_toplevel (SP_TYPE_TABLE_VIEW))),
                    ==, 1);
  g_assert_cmpuint (sp_table_view_get_number (SP_TABLE_VIEW (find_toplevel (SP_TYPE_TABLE_VIEW))),
                    ==, 2);
  finish (window);
}

/* ---- players ------------------------------------------------------------------------- */

static SpPlayersPage *
players_page (GtkWindow *window)
{
  GtkWidget *page = find_widget (GTK_WIDGET (window), SP_TYPE_PLAYERS_PAGE);

  g_assert_nonnull (page);
  return SP_PLAYERS_PAGE (page);
}

/* A file with three bad lines: the dialog lists all three, nothing is imported. */
static void
test_import_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autofree char *path = g_build_filename (home, "players-three-bad.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 tournament;
  GtkWindow *window;
  AdwMessageDialog *dialog;
  GtkWidget *list;
  guint n_rows = 0;

  g_assert_true (g_file_set_contents (path, "name,club\nIvo Petrov,Owls\n,Owls\nJun Ito,A,B\n"
                                            "Kai Berg,Owls\nIvo Petrov,Hawks\n", -1, &error));
  window = open_players_page ("import-errors.db", (const char *const[]) { "Anna Berg", NULL },
                              &tournament);
  g_assert_false (sp_players_page_import_file (players_page (window), file));
  dialog = ADW_MESSAGE_DIALOG (wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the errors"));
  list = find_widget (adw_message_dialog_get_extra_child (dialog), GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n_rows++;
  g_assert_cmpuint (n_rows, ==, 3);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (find_widget (
    GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0)), GTK_TYPE_LABEL))),
                            "Line 3: the name is missing"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (find_widget (
    GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1)), GTK_TYPE_LABEL))),
                            "Line 4"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (find_widget (
    GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 2)), GTK_TYPE_LABEL))),
                            "Line 6"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "3 lines"));
  dialog_screenshot (GTK_WINDOW (dialog), "import-errors.png");
  gtk_window_destroy (GTK_WINDOW (dialog));
  players = sp_db_list_players (window_db (window), tournament, &error);
  g_assert_cmpuint (players->len, ==, 1);
  end_case ();
}

/* The team filter shows one team's players; "All Teams" all of them again; the Team column
 * shows each player's team. */
static void
test_team_filter (void)
{
  g_autoptr(SpDb) db = open_database ("teams.db");
  SpTournament event = { .name = (char *) "Team Cup", .ruleset = SP_RULESET_MCR,
                         .profile = (char *) "cn", .n_sessions = 1,
                         .seating = (char *) "random", .ranking = (char *) "r98" };
  GtkWindow *window;
  GtkWidget *view, *dropdown;
  GListModel *model;
  GListModel *teams;
  LabelSearch search = { NULL, "Red Dragons" };
  guint red = 0;

  store_tournament (db, &event);
  add_player (db, event.id, "Anna Berg", NULL, "Red Dragons");
  add_player (db, event.id, "Bo Chen", NULL, "Green Pines");
  add_player (db, event.id, "Cai Lin", NULL, "Red Dragons");
  add_player (db, event.id, "Dan Eriksson", NULL, NULL);
  g_clear_pointer (&db, sp_db_close);

  window = start_app ();
  open_first_tournament (window);
  view = find_drawn_widget (GTK_WIDGET (window), GTK_TYPE_COLUMN_VIEW);
  model = G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (view)));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
  search.under = view;
  wait_until (label_is_drawn, &search, "the Team column");

  dropdown = find_drawn_widget (GTK_WIDGET (players_page (window)), GTK_TYPE_DROP_DOWN);
  g_assert_nonnull (dropdown);
  teams = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));
  g_assert_cmpuint (g_list_model_get_n_items (teams), ==, 3);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (teams), 0), ==, "All Teams");
  for (guint i = 0; i < 3; i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (teams), i), "Red Dragons") == 0)
      red = i;
  g_assert_cmpuint (red, >, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), red);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2);
  maybe_screenshot_window (window, "players-team-filter.png");

  /* Read again with the same teams (a change made elsewhere): the filter keeps its team, and
   * the new member shows. */
  add_player (window_db (window), event.id, "Eva Holm", NULL, "Red Dragons");
  sp_players_page_load (players_page (window), window_db (window), event.id);
  g_assert_cmpuint (g_list_model_get_n_items (teams), ==, 3);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, red);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  /* A new team is offered, in its place by name, and the team chosen is still chosen. */
  add_player (window_db (window), event.id, "Finn Berg", NULL, "Blue Cranes");
  sp_players_page_load (players_page (window), window_db (window), event.id);
  g_assert_cmpuint (g_list_model_get_n_items (teams), ==, 4);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (teams), 1), ==, "Blue Cranes");
  red = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (teams), red), ==, "Red Dragons");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);

  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 6);
  end_case ();
}

static gboolean
search_has_focus (gpointer data)
{
  GtkWidget *entry = find_widget (GTK_WIDGET (data), GTK_TYPE_SEARCH_ENTRY);

  return gtk_widget_has_focus (entry)
         || gtk_widget_is_ancestor (gtk_root_get_focus (gtk_widget_get_root (entry)), entry);
}

/* Ctrl+F goes to the search entry, Insert opens Add Player, Delete asks before withdrawing. */
static void
test_shortcuts (void)
{
  gint64 tournament;
  GtkWindow *window = open_players_page ("shortcuts.db",
                                         (const char *const[]) { "Anna Berg", NULL },
                                         &tournament);
  SpPlayersPage *page = players_page (window);
  GtkWidget *view = find_drawn_widget (GTK_WIDGET (page), GTK_TYPE_COLUMN_VIEW);
  GtkSelectionModel *model = gtk_column_view_get_model (GTK_COLUMN_VIEW (view));
  AdwMessageDialog *confirm;

  g_assert_true (run_shortcut (GTK_WIDGET (page), "<Control>f"));
  wait_until (search_has_focus, page, "the search entry to take the focus");

  g_assert_true (run_shortcut (GTK_WIDGET (page), "Insert"));
  wait_until (window_is_shown, GSIZE_TO_POINTER (SP_TYPE_PLAYER_DIALOG), "Add Player");
  gtk_window_destroy (find_toplevel (SP_TYPE_PLAYER_DIALOG));
  g_assert_true (run_shortcut (GTK_WIDGET (page), "<Shift><Control>a"));
  wait_until (window_is_shown, GSIZE_TO_POINTER (SP_TYPE_PLAYER_DIALOG), "Add Player");
  gtk_window_destroy (find_toplevel (SP_TYPE_PLAYER_DIALOG));

  gtk_selection_model_select_item (model, 0, TRUE);
  g_assert_true (run_shortcut (GTK_WIDGET (page), "Delete"));
  confirm = ADW_MESSAGE_DIALOG (wait_for_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the confirmation"));
  g_assert_cmpstr (adw_message_dialog_get_heading (confirm), ==, "Withdraw Anna Berg?");
  gtk_window_destroy (GTK_WINDOW (confirm));
  end_case ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/sessions/draw-seed", test_draw_seed);
  g_test_add_func ("/sparrow/ui/sessions/draw-balanced-seed", test_draw_balanced_seed);
  g_test_add_func ("/sparrow/ui/sessions/final-top-4", test_final_top_4);
  g_test_add_func ("/sparrow/ui/sessions/final-top-8", test_final_top_8);
  g_test_add_func ("/sparrow/ui/sessions/quality", test_quality);
  g_test_add_func ("/sparrow/ui/sessions/progress-mcr", test_progress_mcr);
  g_test_add_func ("/sparrow/ui/sessions/progress-taiwan", test_progress_taiwan);
  g_test_add_func ("/sparrow/ui/sessions/penalties", test_penalties);
  g_test_add_func ("/sparrow/ui/sessions/enter-hand", test_enter_hand);
  g_test_add_func ("/sparrow/ui/sessions/import-errors", test_import_errors);
  g_test_add_func ("/sparrow/ui/sessions/team-filter", test_team_filter);
  g_test_add_func ("/sparrow/ui/sessions/shortcuts", test_shortcuts);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
