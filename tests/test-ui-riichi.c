/* test-ui-riichi.c: a riichi event in the window — New Tournament with a riichi profile and
 * options in the rules' terms, checked against what the store then holds; the score sheet of a
 * whole hanchan (rounds with their 本場, sticks, riichi, each player's points after every hand,
 * the end with uma), checked against the figures worked out by hand in test-cli-riichi.py.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-test-ui.h"

/* The dialog offers Riichi with its profiles, ema2016 first; its options follow the profile
 * (wrc2025 has kiriage and head bump), include the table's start and return points and uma,
 * and only what the director changed from the profile is stored.  Riichi has no stakes and no
 * dealer-repeat switch: its rules say how the deal passes. */
static void
test_riichi_new_tournament (void)
{
  g_autofree char *path = use_database ("riichi-new.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(SpTournament) tournament = NULL;
  g_autoptr(SpRules) rules = NULL;
  SpRiichiTableRules table_rules;
  GtkWindow *window = start_app ();
  GtkWindow *dialog;
  GtkWidget *profile;
  SpDb *db;

  dialog = open_new_tournament_dialog (window);
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "Name")), "Riichi Open");
  select_combo_item (find_row (GTK_WIDGET (dialog), "Rules"), "Riichi 立直");
  profile = find_row (GTK_WIDGET (dialog), "Profile");
  {
    g_autoptr(GtkStringObject) first
      = g_list_model_get_item (adw_combo_row_get_model (ADW_COMBO_ROW (profile)), 0);

    g_assert_cmpstr (gtk_string_object_get_string (first), ==, "ema2016");
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (profile)), ==, 0);
  }
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (find_widget (find_option_row (GTK_WIDGET (dialog), "kiriage"), GTK_TYPE_SWITCH))));
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Base Stake")));
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Stake per 台")));
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (dialog), "Dealer Repeats 連莊")));
  /* The rows say the rules' own terms. */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (find_option_row (GTK_WIDGET (dialog), "start_points"))), ==, "Start points (持ち点)");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (find_option_row (GTK_WIDGET (dialog), "uma"))), ==, "Uma (ウマ)");
  maybe_screenshot (dialog, "new-tournament-riichi.png");

  select_combo_item (profile, "wrc2025");
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (find_widget (find_option_row (GTK_WIDGET (dialog), "kiriage"), GTK_TYPE_SWITCH))));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find_option_row (GTK_WIDGET (dialog), "multiple_ron"))), ==, 1);
  /* A house rule: red fives, 25,000 to start, uma 20/10. */
  select_combo_item (find_option_row (GTK_WIDGET (dialog), "red_fives"), "1");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_option_row (GTK_WIDGET (dialog), "start_points"), GTK_TYPE_SPIN_BUTTON)), 25000);
  select_combo_item (find_option_row (GTK_WIDGET (dialog), "uma"), "20/10");
  press_button (find_button (GTK_WIDGET (dialog), "C_reate"));
  wait_until (window_is_gone, GSIZE_TO_POINTER (SP_TYPE_NEW_TOURNAMENT_DIALOG),
              "the New Tournament dialog to close");

  db = sp_window_get_database (SP_WINDOW (window));
  tournament = sp_db_find_tournament (db, "Riichi Open", &error);
  g_assert_no_error (error);
  g_assert_cmpint (tournament->ruleset, ==, SP_RULESET_RIICHI);
  g_assert_cmpstr (tournament->profile, ==, "wrc2025");
  g_assert_cmpint (tournament->base, ==, 0);
  g_assert_cmpstr (tournament->options, ==, "red_fives=1\nstart_points=25000\numa=20/10");
  /* And the table plays by them. */
  rules = sp_tournament_new_rules (tournament, &error);
  g_assert_no_error (error);
  g_assert_true (sp_riichi_table_rules_of (rules, &table_rules, &error));
  g_assert_cmpint (table_rules.start_points, ==, 25000);
  g_assert_cmpint (table_rules.return_points, ==, 30000);
  g_assert_cmpint (table_rules.uma[0], ==, 20000);
  g_assert_cmpint (table_rules.uma[3], ==, -20000);
  g_assert_false (table_rules.multiple_ron);
  end_case ();
}

/* Waits until a label under @under shows @text. */
static void
wait_until_shown (GtkWidget  *under,
                  const char *text)
{
  ShownText shown = { under, text };

  wait_until (text_is_shown, &shown, text);
}

/* A seat card: its tooltip is its whole line. */
static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* One riichi hand entered as `sparrow-cli hand add` does. */
static void
add_riichi_hand (SpDb               *db,
                 const SpTournament *tournament,
                 const SpRules      *rules,
                 const SpHandEntry  *entry)
{
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_db_add_hand (db, tournament, rules, 1, 1, entry, &report, &error));
  g_assert_no_error (error);
}

/* A chair's cell of the sheet: its points after the hand, and the change. */
static gboolean
sheet_shows (GtkWidget  *sheet,
             const char *text)
{
  return find_drawn_label (sheet, text) != NULL;
}

static gboolean
hanchan_laid_out (gpointer data)
{
  GtkWidget *button = find_tooltip_button (GTK_WIDGET (data), "Edit Hand 11");

  return button != NULL && gtk_widget_get_width (button) > 0;
}

/* The hanchan of test-cli-riichi.py at one table of a one-session riichi event in the store at
 * @path: a riichi ron, a draw with the dealer tenpai, a dealer tsumo on a counter, a chombo, a
 * ron on two counters, six draws to the end after South 4.  Ana, Bo, Cai and Dee sit East,
 * South, West and North at the first hand; its first @n_hands hands (11: all) are stored.
 * Returns the tournament's id. */
static gint64
store_hanchan (const char *path,
               guint       n_hands)
{
  static const char *const names[4] = { "Ana", "Bo", "Cai", "Dee" };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpDb) db = sp_db_open (path, &error);
  g_autoptr(SpRules) rules = NULL;
  SpTournament tournament = {
    .name = (char *) "Riichi Open",
    .ruleset = SP_RULESET_RIICHI,
    .profile = (char *) "ema2016",
    .n_sessions = 1,
    .seating = (char *) "random",
    .ranking = (char *) "score",
  };
  gint64 players[4];

  g_assert_no_error (error);
  store_tournament (db, &tournament);
  for (guint i = 0; i < 4; i++)
    players[i] = add_player (db, tournament.id, names[i], NULL, NULL);
  g_assert_true (sp_db_store_seating (db, tournament.id, 1, 42, players, 4, &error));
  g_assert_no_error (error);
  rules = sp_tournament_new_rules (&tournament, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_hands; i++)
    {
      g_auto(SpHandEntry) entry = { 0 };

      sp_hand_entry_init (&entry);
      switch (i)
        {
        case 0: /* S riichi, ron from W: 5 han 30 fu, a mangan */
          entry.winner = SP_WIND_SOUTH;
          entry.from = SP_WIND_WEST;
          entry.riichi = 1u << SP_WIND_SOUTH;
          entry.has_value = TRUE;
          entry.value = (SpHandValue) { .han = 5, .fu = 30 };
          break;
        case 1: /* a draw, E and N tenpai, N riichi */
          entry.draw = TRUE;
          entry.tenpai = 1u << SP_WIND_EAST | 1u << SP_WIND_NORTH;
          entry.riichi = 1u << SP_WIND_NORTH;
          break;
        case 2: /* the dealer's tsumo on one counter, taking the stick */
          entry.winner = SP_WIND_EAST;
          entry.from = SP_HAND_ENTRY_SELF_DRAWN;
          sp_hand_entry_set_tiles (&entry, "12333m12345678s9s");
          break;
        case 3:
          entry.chombo = SP_WIND_WEST;
          break;
        case 4: /* S ron from E on two counters: 2 han 40 fu */
          entry.winner = SP_WIND_SOUTH;
          entry.from = SP_WIND_EAST;
          entry.has_value = TRUE;
          entry.value = (SpHandValue) { .han = 2, .fu = 40 };
          break;
        default:
          entry.draw = TRUE;
          break;
        }
      add_riichi_hand (db, &tournament, rules, &entry);
    }
  return tournament.id;
}

/* The sheet of that hanchan names each round with its 本場, the sticks and the riichi before
 * the hand, each player's points after it; the end shows the final points, places, uma and
 * tournament points (the standings' figures). */
static void
test_riichi_table_sheet (void)
{
  g_autofree char *path = use_database ("riichi-sheet.db");
  g_autoptr(GError) error = NULL;
  gint64 tournament = store_hanchan (path, 11);
  GtkWindow *window;
  SpTableView *view;
  GtkWidget *sheet;

  window = start_app ();
  view = sp_table_view_new (window, sp_window_get_database (SP_WINDOW (window)), tournament,
                            1, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (view);
  wait_until (hanchan_laid_out, view, "the hanchan's eleven lines");
  maybe_screenshot_window (GTK_WINDOW (view), "riichi-table-view.png");
  sheet = find_drawn_widget (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW);
  g_assert_true (sp_table_view_get_table (view)->next.finished);

  /* The rounds: the deal passes on a non-dealer's win, stays on the dealer's tenpai, its
   * win, a chombo; every draw adds a counter. */
  g_assert_true (sheet_shows (sheet, "East 1"));
  g_assert_true (sheet_shows (sheet, "East 2"));
  g_assert_true (sheet_shows (sheet, "East 2, 1 honba"));
  g_assert_true (sheet_shows (sheet, "East 2, 2 honba"));
  g_assert_true (sheet_shows (sheet, "East 3"));
  g_assert_true (sheet_shows (sheet, "South 4, 5 honba"));
  g_assert_false (sheet_shows (sheet, "East 4"));
  /* Points after each hand, with the change: hand 1 (the riichi stick back to its winner),
   * hand 2 (noten payments, N's stick on the table), hand 3 (2,700 all on a counter, and the
   * stick). */
  g_assert_true (sheet_shows (sheet, "38,000  +8,000"));
  g_assert_true (sheet_shows (sheet, "22,000  −8,000"));
  g_assert_true (sheet_shows (sheet, "39,500  +1,500"));
  g_assert_true (sheet_shows (sheet, "48,600  +9,100"));
  g_assert_true (sheet_shows (sheet, "Tenpai: 東 北"));
  g_assert_true (sheet_shows (sheet, "Tsumo"));
  g_assert_true (sheet_shows (sheet, "Chombo"));
  /* Hand 5: Cai's ron from Bo on two counters (2,600 + 600); from then on nothing moves, and
   * the last lines show the hanchan's final points by chair (Ana Bo Cai Dee). */
  g_assert_true (sheet_shows (sheet, "45,400  −3,200"));
  g_assert_true (sheet_shows (sheet, "21,000  +3,200"));
  g_assert_true (sheet_shows (sheet, "27,800  0"));
  g_assert_true (sheet_shows (sheet, "25,800  0"));
  /* The end: the final points with uma and tournament points, as the standings have them. */
  g_assert_true (shows_label_text (GTK_WIDGET (view), "The hanchan is over after 11 hands"));
  g_assert_true (shows_label_text (GTK_WIDGET (view),
                                   "Final:\nAna 27,800 · place 2 · uma +5.0 · +2.8\n"
                                   "Bo 45,400 · place 1 · uma +15.0 · +30.4\n"
                                   "Cai 21,000 · place 4 · uma −15.0 · −24.0\n"
                                   "Dee 25,800 · place 3 · uma −5.0 · −29.2"));
  end_case ();
}

/* The Sessions page's card of a riichi table shows the points on each player's sticks, the
 * standings the tournament points (the score) with one decimal and the uma as the table
 * points, under its name; the log names a chombo. */
static void
test_riichi_pages (void)
{
  g_autofree char *path = use_database ("riichi-pages.db");
  GtkWindow *window;
  AdwViewSwitcherTitle *title;
  GtkWidget *standings;

  store_hanchan (path, 11);
  window = start_app ();
  title = open_first_tournament (window);
  show_page (title, "sessions");
  wait_until_shown (GTK_WIDGET (window), "45,400");
  g_assert_true (shows_label_text (GTK_WIDGET (window), "27,800"));
  g_assert_true (shows_label_text (GTK_WIDGET (window), "21,000"));
  g_assert_true (shows_label_text (GTK_WIDGET (window), "25,800"));
  g_assert_false (shows_label_text (GTK_WIDGET (window), "+15400"));
  maybe_screenshot_window (window, "riichi-sessions.png");

  show_page (title, "standings");
  standings = find_widget (GTK_WIDGET (window), SP_TYPE_STANDINGS_PAGE);
  wait_until_shown (standings, "30.4");
  g_assert_true (shows_label_text (standings, "2.8"));
  g_assert_true (shows_label_text (standings, "-24.0"));
  g_assert_true (shows_label_text (standings, "-29.2"));
  g_assert_true (shows_label_text (standings, "15.0"));
  g_assert_true (shows_label_text (standings, "-5.0"));
  g_assert_false (shows_label_text (standings, "30400"));
  {
    GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (find_widget (standings, GTK_TYPE_COLUMN_VIEW)));
    gboolean uma = FALSE, table_points = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
      {
        g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

        uma |= g_strcmp0 (gtk_column_view_column_get_title (column), "Uma") == 0;
        table_points |= g_strcmp0 (gtk_column_view_column_get_title (column), "Table Points") == 0;
      }
    g_assert_true (uma && !table_points);
  }
  maybe_screenshot_window (window, "riichi-standings.png");

  /* The log names a chombo and its offender, not a draw. */
  show_page (title, "log");
  wait_until_shown (GTK_WIDGET (window), "Entered hand 4 at table 1: a chombo by Dee");
  g_assert_false (shows_label_text (GTK_WIDGET (window), "Entered hand 4 at table 1: a draw"));
  g_assert_true (shows_label_text (GTK_WIDGET (window), "Entered hand 5 at table 1: Cai won"));
  end_case ();
}

/* Mid-hanchan, after the dealer's tsumo on a counter: the next hand is the same deal with two
 * counters, no stick left on the table, and the seat cards show each player's points. */
static void
test_riichi_next_hand (void)
{
  g_autofree char *path = use_database ("riichi-next.db");
  g_autoptr(GError) error = NULL;
  gint64 tournament = store_hanchan (path, 3);
  GtkWindow *window = start_app ();
  SpTableView *view = sp_table_view_new (window, sp_window_get_database (SP_WINDOW (window)),
                                         tournament, 1, 1, &error);

  g_assert_no_error (error);
  wait_until_shown (GTK_WIDGET (view),
                    "Next: hand 4 · East 2, 2 honba · 0 sticks on the table · dealer 東 Bo");
  g_assert_true (shows_label_text (GTK_WIDGET (view),
                                   "Points: Ana 27,800    Bo 48,600    Cai 17,800    Dee 25,800"));
  /* Bo deals: East this hand, Ana North. */
  g_assert_nonnull (find_under (GTK_WIDGET (view), has_tooltip, "東  Bo  48,600"));
  g_assert_nonnull (find_under (GTK_WIDGET (view), has_tooltip, "北  Ana  27,800"));
  g_assert_true (gtk_widget_is_sensitive (find_drawn_button (GTK_WIDGET (view), "Enter Hand")));
  end_case ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/riichi/new-tournament", test_riichi_new_tournament);
  g_test_add_func ("/sparrow/ui/riichi/table-sheet", test_riichi_table_sheet);
  g_test_add_func ("/sparrow/ui/riichi/pages", test_riichi_pages);
  g_test_add_func ("/sparrow/ui/riichi/next-hand", test_riichi_next_hand);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
