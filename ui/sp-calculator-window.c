/* sp-calculator-window.c: what referees reach for on their phones: any hand scored in any
 * ruleset and profile, or a hand one tile short shown with its waits, with no tournament open.
 * The rotation's part of the situation (seat and round wind, dealer, streak) is chosen here;
 * the rest is the hand editor's.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-calculator-window.h"
#include "sp-form.h"

struct _SpCalculatorWindow
{
  AdwWindow     parent_instance;

  /* Template children */
  AdwComboRow  *ruleset_row;
  AdwComboRow  *profile_row;
  GtkWidget    *streak_row;
  GtkSpinButton *streak_spin;
  AdwComboRow  *seat_row;
  AdwComboRow  *round_row;
  AdwComboRow  *dealer_row;
  GtkWidget    *honba_row;
  GtkSpinButton *honba_spin;
  GtkWidget    *sticks_row;
  GtkSpinButton *sticks_spin;
  SpHandEditor *editor;
  GtkWidget    *rows_box;
  guint         layout_id;   /* the pending change of layout */
  GtkWidget    *form_box;    /* the rows and the editor, within the window's margins */
};

G_DEFINE_FINAL_TYPE (SpCalculatorWindow, sp_calculator_window, ADW_TYPE_WINDOW)

static void
rules_changed_cb (SpCalculatorWindow *self)
{
  SpRuleset ruleset = (SpRuleset) adw_combo_row_get_selected (self->ruleset_row);
  GtkStringObject *item = adw_combo_row_get_selected_item (self->profile_row);
  g_autoptr(SpRules) rules = NULL;

  if (item == NULL)
    return;
  rules = sp_rules_new (ruleset, gtk_string_object_get_string (item), NULL);
  if (rules != NULL)
    sp_hand_editor_set_rules (self->editor, rules);
}

static void seats_changed_cb (SpCalculatorWindow *self);

/* Another ruleset: its own profiles (the default one chosen), and Taiwan's streak. */
static void
ruleset_changed_cb (SpCalculatorWindow *self)
{
  SpRuleset ruleset = (SpRuleset) adw_combo_row_get_selected (self->ruleset_row);
  const char *const *profiles = sp_rules_list_profiles (ruleset);
  g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, NULL);
  g_autoptr(GtkStringList) list = gtk_string_list_new (profiles);
  guint selected = 0;

  for (guint i = 0; profiles != NULL && profiles[i] != NULL; i++)
    {
      if (rules != NULL && g_strcmp0 (profiles[i], sp_rules_get_profile (rules)) == 0)
        selected = i;
    }
  g_signal_handlers_block_by_func (self->profile_row, rules_changed_cb, self);
  adw_combo_row_set_model (self->profile_row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (self->profile_row, selected);
  g_signal_handlers_unblock_by_func (self->profile_row, rules_changed_cb, self);
  gtk_widget_set_visible (self->streak_row, sp_ruleset_traits (ruleset)->counts_streak);
  /* Riichi: East is the dealer; the counters and the sticks are its own. */
  gtk_widget_set_visible (GTK_WIDGET (self->dealer_row), sp_ruleset_traits (ruleset)->names_dealer);
  gtk_widget_set_visible (self->honba_row, sp_ruleset_traits (ruleset)->has_counters);
  gtk_widget_set_visible (self->sticks_row, sp_ruleset_traits (ruleset)->has_counters);
  rules_changed_cb (self);
  seats_changed_cb (self);
}

static const char *
selected_wind (AdwComboRow *row)
{
  return sp_wind_to_string ((SpWind) adw_combo_row_get_selected (row));
}

/* The rotation's part of the situation, set by the situation's stable keys. */
static void
seats_changed_cb (SpCalculatorWindow *self)
{
  SpRuleset ruleset = (SpRuleset) adw_combo_row_get_selected (self->ruleset_row);

  /* The template connects this before the editor is bound. */
  if (self->editor == NULL)
    return;
  sp_hand_editor_clear_set (self->editor);
  sp_hand_editor_set_situation (self->editor, "seat-wind", selected_wind (self->seat_row), NULL);
  sp_hand_editor_set_situation (self->editor, "round-wind", selected_wind (self->round_row),
                                NULL);
  /* The dealer with his streak (連莊), where the situation names him: in Riichi East deals. */
  if (sp_ruleset_traits (ruleset)->names_dealer)
    {
      int count = gtk_spin_button_get_value_as_int (self->streak_spin);
      g_autofree char *streak = g_strdup_printf ("%d", count);

      sp_hand_editor_set_situation (self->editor, "dealer", selected_wind (self->dealer_row),
                                    NULL);
      sp_hand_editor_set_situation (self->editor, "streak", streak, NULL);
    }
  /* The table's counters (本場) and the riichi sticks on it. */
  if (sp_ruleset_traits (ruleset)->has_counters)
    {
      int counters = gtk_spin_button_get_value_as_int (self->honba_spin);
      int on_table = gtk_spin_button_get_value_as_int (self->sticks_spin);
      g_autofree char *honba = g_strdup_printf ("%d", counters);
      g_autofree char *sticks = g_strdup_printf ("%d", on_table);

      sp_hand_editor_set_situation (self->editor, "honba", honba, NULL);
      sp_hand_editor_set_situation (self->editor, "riichi-sticks", sticks, NULL);
    }
}

/* A phone's width (below 600 px): the two groups of rows one above the other and the palette's
 * smallest tiles, so that the window never scrolls sideways. */
static gboolean
apply_layout_cb (gpointer user_data)
{
  SpCalculatorWindow *self = user_data;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = 0;
  gboolean narrow;

  self->layout_id = 0;
  if (width <= 0)
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  narrow = width > 0 && width < 600;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->rows_box),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  /* Narrow, the palette's nine tiles take the width: the margins shrink to let them. */
  gtk_widget_set_margin_start (self->form_box, narrow ? 6 : 12);
  gtk_widget_set_margin_end (self->form_box, narrow ? 6 : 12);
  sp_hand_editor_set_compact (self->editor, narrow);
  return G_SOURCE_REMOVE;
}

static void
size_changed_cb (SpCalculatorWindow *self)
{
  if (self->layout_id == 0)
    self->layout_id = g_idle_add (apply_layout_cb, self);
}

/* The layout for the size the window is asked to open at, before its first allocation: once
 * shown, the size asked for becomes the size allocated, and the wide layout is wider than a
 * phone. */
static void
sp_calculator_window_realize (GtkWidget *widget)
{
  SpCalculatorWindow *self = SP_CALCULATOR_WINDOW (widget);

  g_clear_handle_id (&self->layout_id, g_source_remove);
  apply_layout_cb (self);
  GTK_WIDGET_CLASS (sp_calculator_window_parent_class)->realize (widget);
}

static void
sp_calculator_window_dispose (GObject *object)
{
  SpCalculatorWindow *self = SP_CALCULATOR_WINDOW (object);

  g_signal_handlers_disconnect_by_func (self, size_changed_cb, NULL);
  g_clear_handle_id (&self->layout_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), SP_TYPE_CALCULATOR_WINDOW);
  G_OBJECT_CLASS (sp_calculator_window_parent_class)->dispose (object);
}

static void
sp_calculator_window_class_init (SpCalculatorWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = sp_calculator_window_dispose;
  widget_class->realize = sp_calculator_window_realize;

  g_type_ensure (SP_TYPE_HAND_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-calculator-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, ruleset_row);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, profile_row);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, streak_row);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, streak_spin);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, seat_row);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, round_row);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, dealer_row);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, honba_row);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, honba_spin);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, sticks_row);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, sticks_spin);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, editor);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, rows_box);
  gtk_widget_class_bind_template_child (widget_class, SpCalculatorWindow, form_box);
  gtk_widget_class_bind_template_callback (widget_class, ruleset_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, rules_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, seats_changed_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_calculator_window_init (SpCalculatorWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "notify::default-width", G_CALLBACK (size_changed_cb), NULL);
  /* The rulesets from the core's registry; setting the model selects the first (MCR). */
  sp_form_offer_rulesets (self->ruleset_row);
  ruleset_changed_cb (self);
  seats_changed_cb (self);
  sp_hand_editor_focus (self->editor);
}

GtkWidget *
sp_calculator_window_new (GtkWindow *parent)
{
  return g_object_new (SP_TYPE_CALCULATOR_WINDOW, "transient-for", parent, NULL);
}

SpHandEditor *
sp_calculator_window_get_editor (SpCalculatorWindow *self)
{
  g_return_val_if_fail (SP_IS_CALCULATOR_WINDOW (self), NULL);

  return self->editor;
}
