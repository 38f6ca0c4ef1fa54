/* test-ui-calculator.c: the calculator page and the hand editor it shares with the hand dialog:
 * typed and clicked hands in step, live scoring as the rules core scores, syntax errors shown
 * in place without a dialog, waits of a ready hand, a false win's verdict, another ruleset.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-test-ui.h"

/* The field named "Hand": the only entry of the editor. */
static GtkEditable *
hand_field (SpCalculatorWindow *calculator)
{
  return editor_hand_field (sp_calculator_window_get_editor (calculator));
}

/* Opens the calculator as its header bar button does, from the start page. */
static SpCalculatorWindow *
open_calculator (void)
{
  GtkWindow *window = start_app ();
  GtkWidget *button = find_drawn_button (GTK_WIDGET (window), "Calculator");
  SpCalculatorWindow *calculator;

  g_assert_nonnull (button);
  press_button (button);
  calculator = SP_CALCULATOR_WINDOW (wait_for_toplevel (SP_TYPE_CALCULATOR_WINDOW,
                                                        "the calculator to be shown"));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (calculator)) == window);
  /* The field "Hand" has the keyboard at once. */
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (calculator)),
                                         GTK_WIDGET (hand_field (calculator))));
  return calculator;
}

/* Types @text one character at a time at the end of the field, as a person does; returns the
 * longest time one keystroke took to parse, score and show, in microseconds. */
static gint64
type_text (SpCalculatorWindow *calculator,
           const char         *text)
{
  GtkEditable *field = hand_field (calculator);
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  gint64 longest = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      int position = -1;

      gtk_editable_set_position (field, -1);
      position = gtk_editable_get_position (field);
      gtk_editable_insert_text (field, p, (int) (g_utf8_next_char (p) - p), &position);
      longest = MAX (longest, sp_hand_editor_get_update_time (editor));
    }
  return longest;
}

static void
clear_field (SpCalculatorWindow *calculator)
{
  gtk_editable_set_text (hand_field (calculator), "");
}

/* Only the main window and the calculator: no dialog came up. */
static void
assert_no_dialog (void)
{
  guint mapped = 0;
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_mapped (window))
        mapped++;
    }
  g_assert_cmpuint (mapped, ==, 2);
}

/* What the core says of @text under @ruleset's default profile, in the default situation
 * (seat and round East, dealer East). */
static void
core_verdict (SpRuleset      ruleset,
              const char    *text,
              SpScoreResult *result)
{
  g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, NULL);
  SpSituation situation;

  sp_situation_init (&situation);
  sp_rules_score_text (rules, text, &situation, result);
}

static void
run_briefly (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* save_screenshot () of a widget inside a window, at its whole allocated size. */
static void
save_part_screenshot (GtkWidget  *widget,
                      const char *path)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *child = gtk_widget_get_first_child (widget);
  int width = gtk_widget_get_width (child);
  int height = gtk_widget_get_height (child);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  gtk_snapshot_append_color (snapshot,
                             dark ? &(GdkRGBA) { 0.14, 0.14, 0.14, 1 }
                                  : &(GdkRGBA) { 0.98, 0.98, 0.98, 1 },
                             &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_widget_snapshot_child (widget, child, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
save_calculator_screenshot (SpCalculatorWindow *calculator,
                            const char         *name)
{
  g_autofree char *path = screenshot_path (name);

  if (path == NULL)
    return;
  run_main_loop_for (G_USEC_PER_SEC / 2);
  /* The whole page, scrolled out of the window or not. */
  save_part_screenshot (find_widget (GTK_WIDGET (calculator), GTK_TYPE_VIEWPORT), path);
}

/* A winning MCR hand typed in shows the items, the total and the settlement the core gives. */
static void
test_calculator_scores_typed_hand (void)
{
  static const char hand[] = "123m456p789s123s55p";
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  SpScoreResult expected;
  const SpScoreResult *shown;
  g_autofree char *total = NULL;

  type_text (calculator, hand);
  run_briefly ();
  core_verdict (SP_RULESET_MCR, hand, &expected);
  g_assert_true (expected.win);
  shown = sp_hand_editor_get_result (editor);
  g_assert_nonnull (shown);
  g_assert_true (shown->win);
  g_assert_cmpint (shown->total, ==, expected.total);
  for (guint i = 0; i < expected.n_items; i++)
    {
      /* The item in the UI's language (English here), beside the rules' own name. */
      g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor),
                                          sp_score_item_title (SP_RULESET_MCR,
                                                               expected.items[i].name)));
      g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), expected.items[i].name));
    }
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "Mixed Straight"));
  total = g_strdup_printf ("Total: %d fan", expected.total);
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), total));
  g_assert_true (shows_label_text (GTK_WIDGET (editor), "E +38"));
  g_assert_null (find_error_label (GTK_WIDGET (editor)));
  save_calculator_screenshot (calculator, "calculator-scored.png");
  if (g_getenv ("SPARROW_TEST_SCREENSHOTS") != NULL)
    {
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          ADW_COLOR_SCHEME_FORCE_DARK);
      save_calculator_screenshot (calculator, "calculator-scored-dark.png");
      adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                          ADW_COLOR_SCHEME_DEFAULT);
    }

  close_all_windows ();
}

/* A typo shows the parser's message under the field and underlines its place; no dialog. */
static void
test_calculator_syntax_error (void)
{
  static const char hand[] = "123m45x6p789s";
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  g_autoptr(GError) error = NULL;
  SpHand parsed;
  guint column;
  GtkWidget *message;
  PangoAttrList *attributes;
  g_autoptr(GSList) list = NULL;
  gboolean underlined = FALSE;

  type_text (calculator, hand);
  run_briefly ();
  g_assert_false (sp_hand_parse_at (hand, &parsed, &column, &error));
  g_assert_cmpuint (column, ==, 7);

  message = find_error_label (GTK_WIDGET (editor));
  g_assert_nonnull (message);
  g_assert_true (gtk_widget_is_drawable (message));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (message)), ==, error->message);
  g_assert_null (sp_hand_editor_get_result (editor));

  /* The 'x', byte 6 to 7, has the error underline. */
  attributes = gtk_entry_get_attributes (GTK_ENTRY (hand_field (calculator)));
  g_assert_nonnull (attributes);
  list = pango_attr_list_get_attributes (attributes);
  for (GSList *l = list; l != NULL; l = l->next)
    {
      PangoAttribute *attribute = l->data;

      if (attribute->klass->type == PANGO_ATTR_UNDERLINE)
        {
          g_assert_cmpuint (attribute->start_index, ==, 6);
          g_assert_cmpuint (attribute->end_index, ==, 7);
          g_assert_cmpint (((PangoAttrInt *) attribute)->value, ==, PANGO_UNDERLINE_ERROR);
          underlined = TRUE;
        }
    }
  g_slist_free_full (g_steal_pointer (&list), (GDestroyNotify) pango_attribute_destroy);
  g_assert_true (underlined);
  assert_no_dialog ();
  save_calculator_screenshot (calculator, "calculator-error.png");

  /* Corrected, the message and the underline go. */
  clear_field (calculator);
  type_text (calculator, "123m456p789s123s55p");
  g_assert_null (find_error_label (GTK_WIDGET (editor)));
  g_assert_null (gtk_entry_get_attributes (GTK_ENTRY (hand_field (calculator))));

  close_all_windows ();
}

/* The hand's tile button (a toggle above the field) at @index among the concealed tiles. */
static GtkWidget *
hand_tile_button (SpHandEditor *editor,
                  guint         index)
{
  GtkWidget *tiles;
  guint n = 0;

  /* The tiles row is the first child of the editor (in its scrolled window). */
  tiles = find_widget (gtk_widget_get_first_child (GTK_WIDGET (editor)), GTK_TYPE_BOX);
  for (GtkWidget *child = gtk_widget_get_first_child (tiles); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_TOGGLE_BUTTON (child) && n++ == index)
        return child;
    }
  g_error ("No tile %u in the hand", index);
}

static void
click_tile (SpHandEditor *editor,
            guint         face)
{
  SpTilePalette *palette = SP_TILE_PALETTE (find_widget (GTK_WIDGET (editor),
                                                         SP_TYPE_TILE_PALETTE));
  GtkWidget *button = sp_tile_palette_get_button (palette, face);
  const char *name = sp_tile_face_name (face);

  /* The palette's button says which tile it is. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, name);
  press_button (button);
}

/* Clicking tiles builds the notation typing gives; a meld is made by selecting its tiles. */
static void
test_calculator_palette (void)
{
  static const char *const expected_names[] = { "1 Characters", "5 Dots", "9 Bamboo", "East",
                                                "Red Dragon", "White Dragon", "Plum", "Bamboo" };
  static const guint faces[] = { SP_TILE_1M, SP_TILE_1M + 1, SP_TILE_1M + 2,
                                 SP_TILE_1P + 3, SP_TILE_1P + 4, SP_TILE_1P + 5,
                                 SP_TILE_1S + 6, SP_TILE_1S + 7, SP_TILE_1S + 8,
                                 SP_TILE_EAST, SP_TILE_EAST, SP_TILE_EAST,
                                 SP_TILE_1P + 4, SP_TILE_1P + 4 };
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  SpTilePalette *palette = SP_TILE_PALETTE (find_widget (GTK_WIDGET (editor),
                                                         SP_TYPE_TILE_PALETTE));
  static const guint named[] = { SP_TILE_1M, SP_TILE_1P + 4, SP_TILE_9S, SP_TILE_EAST,
                                 SP_TILE_RED, SP_TILE_WHITE, SP_TILE_FACE_FLOWER (4),
                                 SP_TILE_FACE_FLOWER (7) };
  SpHand typed;
  g_autofree char *canonical = NULL;
  g_autofree char *melded = NULL;
  SpScoreResult expected;

  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    g_assert_cmpstr (sp_tile_face_name (named[i]), ==, expected_names[i]);
  for (guint face = 0; face < SP_N_TILE_FACES; face++)
    g_assert_nonnull (sp_tile_palette_get_button (palette, face));

  for (guint i = 0; i < G_N_ELEMENTS (faces); i++)
    click_tile (editor, faces[i]);
  g_assert_true (sp_hand_parse ("123m456p789sEEE55p", &typed, NULL));
  canonical = sp_hand_to_string (&typed);
  g_assert_cmpstr (sp_hand_editor_get_text (editor), ==, canonical);
  g_assert_nonnull (sp_hand_editor_get_result (editor));

  /* Select 1m 2m 3m in the hand, then Chow: the same hand as typing the meld. */
  for (guint i = 0; i < 3; i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hand_tile_button (editor, i)), TRUE);
  press_button (find_drawn_button (GTK_WIDGET (editor), "Chow"));
  g_assert_true (sp_hand_parse ("[123m]456p789sEEE55p", &typed, NULL));
  melded = sp_hand_to_string (&typed);
  g_assert_cmpstr (sp_hand_editor_get_text (editor), ==, melded);

  /* Select the three Easts, say they came from 对家, then Pung; then the first 4p becomes
   * the winning tile. */
  for (guint i = 6; i < 9; i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hand_tile_button (editor, i)), TRUE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_widget (GTK_WIDGET (editor),
                                                          GTK_TYPE_DROP_DOWN)), 1);
  press_button (find_drawn_button (GTK_WIDGET (editor), "Pung"));
  g_clear_pointer (&melded, g_free);
  g_assert_true (sp_hand_parse ("[123m][EEE,2]456p789s55p", &typed, NULL));
  melded = sp_hand_to_string (&typed);
  g_assert_cmpstr (sp_hand_editor_get_text (editor), ==, melded);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hand_tile_button (editor, 0)), TRUE);
  press_button (find_drawn_button (GTK_WIDGET (editor), "Winning Tile"));
  g_clear_pointer (&melded, g_free);
  g_assert_true (sp_hand_parse ("[123m][EEE,2]56p789s55p4p", &typed, NULL));
  melded = sp_hand_to_string (&typed);
  g_assert_cmpstr (sp_hand_editor_get_text (editor), ==, melded);
  g_assert_cmpuint (sp_hand_winning_tile (&typed), ==, SP_TILE_1P + 3);

  /* And typing on goes back to the tiles: the editor scores what the core scores. */
  core_verdict (SP_RULESET_MCR, melded, &expected);
  g_assert_cmpint (sp_hand_editor_get_result (editor)->win, ==, expected.win);
  g_assert_cmpint (sp_hand_editor_get_result (editor)->total, ==, expected.total);

  /* A flower clicked counts as MCR's 花牌. */
  click_tile (editor, SP_TILE_FACE_FLOWER (4));
  core_verdict (SP_RULESET_MCR, melded, &expected);
  g_assert_cmpint (sp_hand_editor_get_result (editor)->total, ==, expected.total + 1);
  g_assert_cmpint (sp_score_result_item (sp_hand_editor_get_result (editor), "花牌"), ==, 1);

  close_all_windows ();
}

/* A tile picture of face @data - 1, drawn outside the palette. */
static gboolean
is_drawn_tile (GtkWidget     *widget,
               gconstpointer  data)
{
  return SP_IS_TILE_PICTURE (widget) && gtk_widget_is_drawable (widget)
         && sp_tile_picture_get_face (SP_TILE_PICTURE (widget)) == GPOINTER_TO_UINT (data) - 1
         && gtk_widget_get_ancestor (widget, SP_TYPE_TILE_PALETTE) == NULL;
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  tooltip)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

/* The text of the editor is the canonical notation of @typed. */
static void
assert_text_is (SpHandEditor *editor,
                const char   *typed)
{
  SpHand hand;
  g_autofree char *canonical = NULL;

  g_assert_true (sp_hand_parse (typed, &hand, NULL));
  canonical = sp_hand_to_string (&hand);
  g_assert_cmpstr (sp_hand_editor_get_text (editor), ==, canonical);
}

/* One tile selected is enough: the meld takes its other tiles from the hand, and adds those
 * the hand does not hold. */
static void
test_calculator_meld_from_one_tile (void)
{
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);

  type_text (calculator, "123m456p789sEEE55p");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hand_tile_button (editor, 0)), TRUE);
  press_button (find_drawn_button (GTK_WIDGET (editor), "Chow"));
  assert_text_is (editor, "[123m]456p789sEEE55p");

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hand_tile_button (editor, 6)), TRUE);
  press_button (find_drawn_button (GTK_WIDGET (editor), "Pung"));
  assert_text_is (editor, "[123m][EEE,1]456p789s55p");

  /* One 9s in the hand: a concealed kong takes it and adds three. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hand_tile_button (editor, 5)), TRUE);
  press_button (find_drawn_button (GTK_WIDGET (editor), "Concealed Kong"));
  assert_text_is (editor, "[123m][EEE,1][9999s]456p78s55p");

  /* A run that is not one is refused in words, under the field. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hand_tile_button (editor, 2)), TRUE);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (hand_tile_button (editor, 3)), TRUE);
  press_button (find_drawn_button (GTK_WIDGET (editor), "Chow"));
  g_assert_nonnull (find_error_label (GTK_WIDGET (editor)));
  assert_text_is (editor, "[123m][EEE,1][9999s]456p78s55p");
  assert_no_dialog ();
  /* Each meld says what it is. */
  g_assert_nonnull (find_under (GTK_WIDGET (editor), has_tooltip,
                                "Chow 1 Characters to 3 Characters"));
  g_assert_nonnull (find_under (GTK_WIDGET (editor), has_tooltip,
                                "Pung of East, from the left"));
  g_assert_nonnull (find_under (GTK_WIDGET (editor), has_tooltip,
                                "Concealed kong of 9 Bamboo"));
  save_calculator_screenshot (calculator, "calculator-melds.png");

  close_all_windows ();
}

/* A hand one tile short shows its waits as the core finds them; one further off, its
 * distance from ready. */
static void
test_calculator_waits (void)
{
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  SpHand hand;
  SpWaitList waits;
  g_autofree char *distance = NULL;

  type_text (calculator, "123m456p789s11pEE");
  g_assert_null (sp_hand_editor_get_result (editor));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "Ready, waiting for 2 tiles:"));
  g_assert_true (sp_hand_parse ("123m456p789s11pEE", &hand, NULL));
  g_assert_cmpuint (sp_hand_waits (&hand, SP_RULESET_MCR, &waits), ==, 2);
  /* Each wait drawn, with its kind (双碰: either pair) under it. */
  for (guint i = 0; i < waits.n; i++)
    g_assert_nonnull (find_under (GTK_WIDGET (editor), is_drawn_tile,
                                  GUINT_TO_POINTER (waits.waits[i].tile + 1)));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "either pair"));
  g_assert_cmpuint (waits.waits[0].tile, ==, SP_TILE_1P);
  g_assert_cmpuint (waits.waits[1].tile, ==, SP_TILE_EAST);
  save_calculator_screenshot (calculator, "calculator-waits.png");

  clear_field (calculator);
  type_text (calculator, "159m2468p159sESW");
  g_assert_true (sp_hand_parse ("159m2468p159sESW", &hand, NULL));
  distance = g_strdup_printf ("Not ready: %d tiles from ready",
                              sp_hand_shanten (&hand, SP_RULESET_MCR));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), distance));

  close_all_windows ();
}

/* A false win shows the core's verdict (和错牌 here) and the profile's penalty. */
static void
test_calculator_false_win (void)
{
  static const char hand[] = "123m456p789s11p22p3s";
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  SpScoreResult expected;
  g_autofree char *shown_reason = NULL;

  type_text (calculator, hand);
  core_verdict (SP_RULESET_MCR, hand, &expected);
  g_assert_false (expected.win);
  g_assert_cmpint (expected.error_code, ==, SP_CORE_ERROR_NOT_A_WIN);
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), expected.message));
  g_assert_true (expected.has_penalty);
  /* The stored reason, shown in the reader's words (English here, as the tests run). */
  shown_reason = sp_penalty_reason_translate (expected.penalty_reason);
  g_assert_cmpstr (shown_reason, !=, expected.penalty_reason);
  g_assert_true (shows_label_text (GTK_WIDGET (editor), shown_reason));
  g_assert_true (shows_label_text (GTK_WIDGET (editor), "E −30"));
  g_assert_null (find_drawn_label (GTK_WIDGET (editor), "Total: 0 fan"));
  assert_no_dialog ();
  save_calculator_screenshot (calculator, "calculator-false-win.png");

  /* Too many tiles: the core's 多张 verdict with its count. */
  clear_field (calculator);
  type_text (calculator, "123m456p789s11p22p33s");
  core_verdict (SP_RULESET_MCR, "123m456p789s11p22p33s", &expected);
  g_assert_cmpint (expected.error_code, ==, SP_CORE_ERROR_WRONG_TILE_COUNT);
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), expected.message));
  save_calculator_screenshot (calculator, "calculator-too-many-tiles.png");

  close_all_windows ();
}

/* Switching to Taiwan scores the same field again, in 台, with Taiwan's own situations. */
static void
test_calculator_taiwan (void)
{
  static const char hand[] = "123m456m789p123sEEE55s";
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  GtkWidget *rules_row = find_row (GTK_WIDGET (calculator), "Rules");
  SpScoreResult expected;
  g_autofree char *total = NULL;

  type_text (calculator, hand);
  /* 17 tiles are too many for MCR. */
  g_assert_cmpint (sp_hand_editor_get_result (editor)->error_code, ==,
                   SP_CORE_ERROR_WRONG_TILE_COUNT);

  select_combo_item (rules_row, "Taiwan 台灣");
  core_verdict (SP_RULESET_TAIWAN, hand, &expected);
  g_assert_true (expected.win);
  g_assert_true (sp_hand_editor_get_result (editor)->win);
  g_assert_cmpint (sp_hand_editor_get_result (editor)->total, ==, expected.total);
  total = g_strdup_printf ("Total: %d 台", expected.total);
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), total));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "Concealed Hand"));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "門清"));
  /* Taiwan's own situations, in its own words: 天聽 is one. */
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "天聽"));
  g_assert_null (find_drawn_label (GTK_WIDGET (editor), "和绝张"));
  /* The dealer's streak is asked for Taiwan. */
  g_assert_nonnull (find_row (GTK_WIDGET (calculator), "Dealer's Streak (連莊)"));
  g_assert_true (gtk_widget_get_visible (find_row (GTK_WIDGET (calculator),
                                                   "Dealer's Streak (連莊)")));

  close_all_windows ();
}

/* Guangdong's 番 with its points; a Taiwan flower win ("-") with the eight flowers clicked. */
static void
test_calculator_guangdong_and_flowers (void)
{
  static const char hand[] = "111m222m333m444mEE";
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  GtkWidget *rules_row = find_row (GTK_WIDGET (calculator), "Rules");
  SpScoreResult expected;
  g_autofree char *total = NULL;

  select_combo_item (rules_row, "Guangdong 广东");
  type_text (calculator, hand);
  core_verdict (SP_RULESET_GUANGDONG, hand, &expected);
  g_assert_true (expected.win);
  total = g_strdup_printf ("Total: %d 番 (%" G_GINT64_FORMAT " points)", expected.total,
                           expected.points);
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), total));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "Half Flush All Pungs"));

  select_combo_item (rules_row, "Taiwan 台灣");
  clear_field (calculator);
  for (guint f = 0; f < SP_N_FLOWERS; f++)
    click_tile (editor, SP_TILE_FACE_FLOWER (f));
  /* Each flower shown in the hand, a click away from removal. */
  g_assert_nonnull (find_tooltip_button (GTK_WIDGET (editor), "Remove Plum"));
  type_text (calculator, "-");
  g_assert_true (sp_hand_editor_get_result (editor)->win);
  g_assert_cmpint (sp_score_result_item (sp_hand_editor_get_result (editor), "八仙過海"), ==, 8);
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "Eight Immortals Crossing the Sea"));
  press_button (find_tooltip_button (GTK_WIDGET (editor), "Remove Plum"));
  g_assert_false (sp_hand_editor_get_result (editor)->win);

  close_all_windows ();
}

/* A situation toggle rescored at once: 自摸 makes the MCR hand self-drawn. */
static void
test_calculator_situation (void)
{
  static const char hand[] = "123m456p789s123s55p";
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, NULL, NULL);
  SpSituation situation;
  SpScoreResult expected;
  GtkWidget *self_drawn = find_drawn_label (GTK_WIDGET (editor), "自摸");

  type_text (calculator, hand);
  g_assert_nonnull (self_drawn);
  self_drawn = gtk_widget_get_ancestor (self_drawn, GTK_TYPE_CHECK_BUTTON);
  g_assert_cmpstr (gtk_widget_get_name (self_drawn), ==, "self-drawn");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self_drawn), TRUE);

  sp_situation_init (&situation);
  g_assert_true (sp_situation_set (&situation, "self-drawn", NULL, NULL));
  sp_rules_score_text (rules, hand, &situation, &expected);
  g_assert_cmpint (sp_hand_editor_get_result (editor)->total, ==, expected.total);
  g_assert_cmpint (sp_score_result_item (sp_hand_editor_get_result (editor), "不求人"), ==,
                   sp_score_result_item (&expected, "不求人"));

  /* The seat chosen is the winner's: South in an East round. */
  select_combo_item (find_row (GTK_WIDGET (calculator), "Seat Wind"), "South 南");
  g_assert_true (sp_situation_set (&situation, "seat-wind", "S", NULL));
  sp_rules_score_text (rules, hand, &situation, &expected);
  g_assert_cmpint (sp_hand_editor_get_result (editor)->settlement[1], ==,
                   expected.settlement[1]);

  close_all_windows ();
}

/* The frames drawn while typing: how many, and how long their layout and painting took. */
typedef struct
{
  gint64 started;
  guint  n_frames;
  guint  wanted;   /* the frame count to wait for */
  gint64 sum;
  gint64 longest;
} FrameTimes;

static void
before_paint_cb (GdkFrameClock *clock,
                 FrameTimes    *times)
{
  times->started = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                FrameTimes    *times)
{
  gint64 took = g_get_monotonic_time () - times->started;

  times->n_frames++;
  times->sum += took;
  times->longest = MAX (times->longest, took);
}

static gboolean
frame_drawn (gpointer data)
{
  FrameTimes *times = data;

  return times->n_frames >= times->wanted;
}

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The per-keystroke work on a realistic mix (parse + score + widgets), and the frame each
 * keystroke causes (layout + drawing): printed, never asserted, as timing varies by machine. */
static void
test_calculator_keystroke_time (void)
{
  static const char *const hands[] = {
    "[123p,1][444s,2][789m]34pCC2p", "123m456p789s123s55p", "[EEE][WWW]SSSNNCCN",
    "111m222m333pEEECCC5s5s", "123m456p789s11pEE", "19m19p19sESWNCFPP", "2233445566778m8m",
    "[5555p,1]123m789s11pNN", "東東東南南南西西西北北中中", "123m45x6p789s",
  };
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (calculator));
  g_autoptr(GArray) updates = g_array_new (FALSE, FALSE, sizeof (gint64));
  FrameTimes frames = { 0 };
  gint64 sum = 0;
  gulong before_id, after_id;

  /* Every tile drawn once before measuring: their textures are made on first sight. */
  run_briefly ();
  before_id = g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &frames);
  after_id = g_signal_connect_after (clock, "after-paint", G_CALLBACK (after_paint_cb),
                                     &frames);
  for (guint i = 0; i < G_N_ELEMENTS (hands); i++)
    {
      clear_field (calculator);
      for (const char *p = hands[i]; *p != '\0'; p = g_utf8_next_char (p))
        {
          char one[8] = { 0 };
          gint64 took;

          memcpy (one, p, g_utf8_next_char (p) - p);
          frames.wanted = frames.n_frames + 1;
          type_text (calculator, one);
          took = sp_hand_editor_get_update_time (editor);
          g_array_append_val (updates, took);
          sum += took;
          /* The frame this keystroke causes. */
          wait_until (frame_drawn, &frames, "a frame to be drawn");
        }
    }
  g_signal_handler_disconnect (clock, before_id);
  g_signal_handler_disconnect (clock, after_id);
  g_array_sort (updates, compare_times);
  g_test_message ("per keystroke (parse + score + widgets): mean %.3f ms, median %.3f ms, "
                  "95th percentile %.3f ms, longest %.3f ms, over %u keystrokes",
                  sum / 1000.0 / updates->len,
                  g_array_index (updates, gint64, updates->len / 2) / 1000.0,
                  g_array_index (updates, gint64, updates->len * 95 / 100) / 1000.0,
                  g_array_index (updates, gint64, updates->len - 1) / 1000.0, updates->len);
  g_test_message ("per frame (layout + drawing): mean %.3f ms, longest %.3f ms, over %u frames",
                  frames.sum / 1000.0 / MAX (frames.n_frames, 1), frames.longest / 1000.0,
                  frames.n_frames);
  g_assert_cmpuint (updates->len, >, 100);
  g_assert_cmpuint (frames.n_frames, >=, updates->len);

  close_all_windows ();
}

static gboolean
widget_is_laid_out (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* The palette at its smallest and largest tile size, light and dark, for a person to look at
 * (SPARROW_TEST_SCREENSHOTS); the sizes are kept within 32–64 px. */
static void
test_calculator_palette_sizes (void)
{
  static const int sizes[] = { 32, 64 };
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          GtkWidget *window = gtk_window_new ();
          GtkWidget *palette = sp_tile_palette_new ();
          g_autofree char *name = g_strdup_printf ("palette-%d-%s.png", sizes[i],
                                                   dark ? "dark" : "light");
          const char *folder = g_getenv ("SPARROW_TEST_SCREENSHOTS");

          sp_tile_palette_set_tile_size (SP_TILE_PALETTE (palette), sizes[i]);
          g_assert_cmpint (sp_tile_palette_get_tile_size (SP_TILE_PALETTE (palette)), ==,
                           sizes[i]);
          gtk_window_set_child (GTK_WINDOW (window), palette);
          gtk_window_present (GTK_WINDOW (window));
          wait_until (widget_is_laid_out, palette, "the palette to be laid out");
          /* Nine tiles a row, each at least its size wide. */
          g_assert_cmpint (gtk_widget_get_width (palette), >=, 9 * sizes[i]);
          if (folder != NULL)
            {
              g_autofree char *path = g_build_filename (folder, name, NULL);
              gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 3;

              while (g_get_monotonic_time () < until)
                g_main_context_iteration (NULL, FALSE);
              save_screenshot (window, path);
            }
          gtk_window_destroy (GTK_WINDOW (window));
        }
    }
  {
    GtkWidget *palette = g_object_ref_sink (sp_tile_palette_new ());

    sp_tile_palette_set_tile_size (SP_TILE_PALETTE (palette), 8);
    g_assert_cmpint (sp_tile_palette_get_tile_size (SP_TILE_PALETTE (palette)), ==, 32);
    sp_tile_palette_set_tile_size (SP_TILE_PALETTE (palette), 100);
    g_assert_cmpint (sp_tile_palette_get_tile_size (SP_TILE_PALETTE (palette)), ==, 64);
    g_object_unref (palette);
  }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}


/* The check button of the situation's toggle @key (its widget name). */
static gboolean
is_named_toggle (GtkWidget     *widget,
                 gconstpointer  key)
{
  return GTK_IS_CHECK_BUTTON (widget) && g_strcmp0 (gtk_widget_get_name (widget), key) == 0;
}

/* Whether @data is shown in its narrow layout (its two groups of rows one above the other):
 * narrower than the wide layout's 600 px at least. */
static gboolean
calculator_is_narrow (gpointer data)
{
  int narrowest = 0;

  gtk_widget_measure (data, GTK_ORIENTATION_HORIZONTAL, -1, &narrowest, NULL, NULL, NULL);
  return gtk_widget_get_mapped (data) && narrowest < 600;
}

/* Riichi: red fives on the palette, the dora and ura dora indicators picked on it, riichi and
 * the counters and sticks: han, fu, yaku in the rules' words, cost and total as the rules core
 * (and so `sparrow-cli score --rules riichi`) gives them. */

static void
test_calculator_riichi (void)
{
  static const char hand[] = "234m406p678s23p55s1p";
  static const char *const args[] = {
    "--riichi", "--dora-indicators", "4p", "--ura-indicators", "1p", "--honba", "1",
    "--riichi-sticks", "2",
  };
  SpCalculatorWindow *calculator = open_calculator ();
  SpHandEditor *editor = sp_calculator_window_get_editor (calculator);
  GtkWidget *rules_row = find_row (GTK_WIDGET (calculator), "Rules");
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_RIICHI, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;
  g_autofree char *cost = NULL;
  const SpScoreResult *result;
  SpSituation situation;
  SpScoreResult expected;
  GtkWidget *red;

  sp_situation_init (&situation);
  g_assert_true (sp_situation_parse_args (&situation, args, G_N_ELEMENTS (args), &error));
  g_assert_no_error (error);
  sp_rules_score_text (rules, hand, &situation, &expected);
  g_assert_true (expected.win);

  select_combo_item (rules_row, "Riichi 立直");
  /* East deals in Riichi: no dealer to choose; the counters and sticks instead. */
  g_assert_false (gtk_widget_get_visible (find_row (GTK_WIDGET (calculator), "Dealer")));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (calculator),
                                                                     "Counters (本場)"),
                                                           GTK_TYPE_SPIN_BUTTON)), 1);
  gtk_spin_button_set_value (
    GTK_SPIN_BUTTON (find_widget (find_row (GTK_WIDGET (calculator),
                                            "Riichi Sticks on the Table (供託)"),
                                  GTK_TYPE_SPIN_BUTTON)), 2);
  /* The palette's red five writes 0. */
  red = find_tooltip_button (GTK_WIDGET (editor), "Red 5 Dots");
  g_assert_true (red != NULL && gtk_widget_is_drawable (red));
  press_button (red);
  g_assert_cmpstr (gtk_editable_get_text (hand_field (calculator)), ==, "0p");
  clear_field (calculator);
  type_text (calculator, hand);
  /* The hand's red five is drawn as one. */
  g_assert_nonnull (find_tooltip_button (GTK_WIDGET (editor), "Red 5 Dots"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_under (GTK_WIDGET (editor),
                                                             is_named_toggle, "riichi")),
                               TRUE);
  press_button (find_button_showing (GTK_WIDGET (editor), "Dora"));
  click_tile (editor, sp_tile_make (SP_SUIT_DOTS, 4));
  press_button (find_button_showing (GTK_WIDGET (editor), "Ura Dora"));
  click_tile (editor, sp_tile_make (SP_SUIT_DOTS, 1));
  /* The indicators picked do not go into the hand. */
  g_assert_cmpstr (gtk_editable_get_text (hand_field (calculator)), ==, hand);

  result = sp_hand_editor_get_result (editor);
  g_assert_nonnull (result);
  g_assert_true (result->win);
  g_assert_cmpint (result->han, ==, expected.han);
  g_assert_cmpint (result->fu, ==, expected.fu);
  g_assert_cmpint (result->ura, ==, expected.ura);
  g_assert_cmpint (result->cost_discarder, ==, expected.cost_discarder);
  g_assert_cmpint (result->total, ==, expected.total);
  g_assert_cmpint (expected.ura, >, 0);
  value = g_strdup_printf ("%d han %d fu", expected.han, expected.fu);
  cost = g_strdup_printf ("Ron: %" G_GINT64_FORMAT " from the discarder · total %d",
                          expected.cost_discarder, expected.total);
  g_assert_true (shows_label_text (GTK_WIDGET (editor), value));
  g_assert_true (shows_label_text (GTK_WIDGET (editor), cost));
  /* Each yaku by its English title and the rules' words; the dora apart. */
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "Riichi"));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "立直"));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "平和"));
  g_assert_nonnull (find_drawn_label (GTK_WIDGET (editor), "裏ドラ"));

  /* A dora indicator taken back: one han less. */
  press_button (find_tooltip_button (GTK_WIDGET (editor), "Remove dora indicator 4 Dots"));
  g_assert_cmpint (sp_hand_editor_get_result (editor)->han, ==, expected.han - 1);
  save_calculator_screenshot (calculator, "calculator-riichi.png");
  /* Opened at a phone's width, with the yaku and the counters shown, it fits 360 px. */
  {
    GtkWidget *phone = sp_calculator_window_new (gtk_window_get_transient_for (
                                                   GTK_WINDOW (calculator)));
    SpHandEditor *narrow_editor = sp_calculator_window_get_editor (SP_CALCULATOR_WINDOW (phone));
    int narrowest = 0;

    gtk_window_set_default_size (GTK_WINDOW (phone), 360, 800);
    gtk_window_present (GTK_WINDOW (phone));
    select_combo_item (find_row (phone, "Rules"), "Riichi 立直");
    sp_hand_editor_set_text (narrow_editor, hand);
    wait_until (calculator_is_narrow, phone, "the calculator's narrow layout");
    g_assert_true (sp_hand_editor_get_result (narrow_editor)->win);
    /* The window's content: the shadow around it is the desktop's, not on a phone. */
    gtk_widget_measure (adw_window_get_content (ADW_WINDOW (phone)), GTK_ORIENTATION_HORIZONTAL,
                        -1, &narrowest, NULL, NULL, NULL);
    g_assert_cmpint (narrowest, <=, 360);
    save_calculator_screenshot (SP_CALCULATOR_WINDOW (phone), "calculator-riichi-360.png");
  }
  close_all_windows ();
}

static void
add_tests (void)
{
  g_test_add_func ("/sparrow/ui/calculator/scores-typed-hand", test_calculator_scores_typed_hand);
  g_test_add_func ("/sparrow/ui/calculator/syntax-error", test_calculator_syntax_error);
  g_test_add_func ("/sparrow/ui/calculator/palette", test_calculator_palette);
  g_test_add_func ("/sparrow/ui/calculator/meld-from-one-tile",
                   test_calculator_meld_from_one_tile);
  g_test_add_func ("/sparrow/ui/calculator/waits", test_calculator_waits);
  g_test_add_func ("/sparrow/ui/calculator/false-win", test_calculator_false_win);
  g_test_add_func ("/sparrow/ui/calculator/taiwan", test_calculator_taiwan);
  g_test_add_func ("/sparrow/ui/calculator/situation", test_calculator_situation);
  g_test_add_func ("/sparrow/ui/calculator/guangdong-and-flowers",
                   test_calculator_guangdong_and_flowers);
  g_test_add_func ("/sparrow/ui/calculator/keystroke-time", test_calculator_keystroke_time);
  g_test_add_func ("/sparrow/ui/calculator/palette-sizes", test_calculator_palette_sizes);
  g_test_add_func ("/sparrow/ui/calculator/riichi", test_calculator_riichi);
}

int
main (int   argc,
      char *argv[])
{
  return run_ui_tests (argc, argv, add_tests);
}
