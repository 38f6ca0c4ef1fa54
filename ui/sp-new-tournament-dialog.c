/* sp-new-tournament-dialog.c: the dialog that creates a tournament: its name, venue and dates,
 * rules, profile and the profile's options, sessions, seating, ranking and the tournament's
 * options; opened on an existing tournament, it duplicates its settings (and its players).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>
#include <string.h>

#include "sp-core.h"
#include "sp-date-row.h"
#include "sp-form.h"
#include "sp-message.h"
#include "sp-new-tournament-dialog.h"

/* How a rule option is shown, from the values its ruleset accepts (SpRuleOption.values). */
typedef enum
{
  OPTION_SWITCH, /* "on|off": a switch */
  OPTION_RANGE,  /* "1–13": a spin button */
  OPTION_CHOICE, /* "6|8", "all|half": a combo row */
  OPTION_TEXT,   /* a value with a number in it ("none|N", "fixed:N"): an entry */
} OptionKind;

/* One row of the profile's options: which key it sets, and the value it showed at first (the
 * profile's), so that only what the director changed is written. */
typedef struct
{
  char       *key;
  OptionKind  kind;
  GtkWidget  *row;
  GtkWidget  *control;
  char       *initial;
} OptionRow;

struct _SpNewTournamentDialog
{
  AdwWindow parent_instance;

  SpDb      *db;        /* the window's, which outlives its modal dialog */
  GPtrArray *options;   /* of OptionRow */
  gint64     source;    /* the tournament duplicated, 0 for a new one */
  gint64     editing;   /* the tournament whose rules change, 0 when creating one */

  /* Template children */
  GtkButton    *create_button;
  AdwPreferencesGroup *tournament_group;
  AdwEntryRow  *name_row;
  AdwEntryRow  *venue_row;
  AdwEntryRow  *starts_row;
  AdwEntryRow  *ends_row;
  GtkWidget    *copy_players_row;
  GtkSwitch    *copy_players_switch;
  GtkLabel     *error_label;
  AdwComboRow  *ruleset_row;
  AdwComboRow  *profile_row;
  GtkWidget    *base_row;
  GtkSpinButton *base_spin;
  GtkWidget    *per_tai_row;
  GtkSpinButton *per_tai_spin;
  GtkSpinButton *sessions_spin;
  AdwComboRow  *seating_row;
  AdwComboRow  *swiss_row;
  AdwComboRow  *ranking_row;
  GtkSpinButton *group_tables_spin;
  GtkSwitch    *rank_substitutes_switch;
  AdwComboRow  *penalties_row;
  GtkWidget    *dealer_repeats_row;
  GtkSwitch    *dealer_repeats_switch;
  AdwPreferencesGroup *options_group;
};

G_DEFINE_FINAL_TYPE (SpNewTournamentDialog, sp_new_tournament_dialog, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_CREATED,
  SIGNAL_RULES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The combo rows' items, in the order of the template's lists. */
static const char *const seating_methods[] = { "balanced", "random", "swiss" };
static const char *const rankings[] = { "r98", "ema", "score" };

static void
option_row_free (gpointer data)
{
  OptionRow *option = data;

  g_free (option->key);
  g_free (option->initial);
  g_free (option);
}

static guint
index_of (const char *const *list,
          guint              n,
          const char        *value)
{
  for (guint i = 0; i < n; i++)
    {
      if (g_ascii_strcasecmp (list[i], value) == 0)
        return i;
    }
  return 0;
}

static SpRuleset
selected_ruleset (SpNewTournamentDialog *self)
{
  return (SpRuleset) adw_combo_row_get_selected (self->ruleset_row);
}

/* The profile's name, as the store keeps it (cn, tw, gd, …). */
static const char *
selected_profile (SpNewTournamentDialog *self)
{
  GtkStringObject *item = adw_combo_row_get_selected_item (self->profile_row);

  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

/* The text an option row shows now, in the ruleset's own spelling of values. */
static char *
option_value (const OptionRow *option)
{
  switch (option->kind)
    {
    case OPTION_SWITCH:
      return g_strdup (gtk_switch_get_active (GTK_SWITCH (option->control)) ? "on" : "off");
    case OPTION_RANGE:
      return g_strdup_printf ("%d",
                              gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (option->control)));
    case OPTION_CHOICE:
      {
        GtkStringObject *item = adw_combo_row_get_selected_item (ADW_COMBO_ROW (option->row));

        return g_strdup (item != NULL ? gtk_string_object_get_string (item) : "");
      }
    case OPTION_TEXT:
    default:
      return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (option->control))));
    }
}

static gboolean
parse_range (const char *values,
             gint64     *min,
             gint64     *max)
{
  g_auto(GStrv) bounds = g_strsplit (values, "–", 2);

  return g_strv_length (bounds) == 2
         && g_ascii_string_to_signed (bounds[0], 10, G_MININT32, G_MAXINT32, min, NULL)
         && g_ascii_string_to_signed (bounds[1], 10, G_MININT32, G_MAXINT32, max, NULL);
}

static OptionKind
option_kind (const char *values)
{
  g_auto(GStrv) choices = NULL;
  gint64 min, max;

  if (g_strcmp0 (values, "on|off") == 0)
    return OPTION_SWITCH;
  if (parse_range (values, &min, &max))
    return OPTION_RANGE;
  /* A value that stands for any number (N) cannot be a fixed list of choices. */
  choices = g_strsplit (values, "|", -1);
  for (guint i = 0; choices[i] != NULL; i++)
    {
      if (strcmp (choices[i], "N") == 0 || g_str_has_suffix (choices[i], ":N"))
        return OPTION_TEXT;
    }
  return OPTION_CHOICE;
}

/* The row's title is the rules' own term where the description starts with one ("起和: the
 * fewest 番 …"), else the key in words; the rest of the description is the subtitle. */
static void
option_title (const SpRuleOption *option,
              char              **title,
              char              **subtitle)
{
  const char *description = _(option->description);
  const char *colon = strstr (description, ": ");
  gsize colon_size = 2;

  /* A Chinese translation may write the full-width colon (切上满贯：…). */
  if (colon == NULL)
    {
      colon = strstr (description, "：");
      colon_size = strlen ("：");
    }
  if (colon != NULL && g_utf8_strlen (description, colon - description) <= 32)
    {
      *title = g_strndup (description, colon - description);
      (*title)[0] = g_ascii_toupper ((*title)[0]);
      *subtitle = g_strdup (colon + colon_size);
    }
  else
    {
      char *words = g_strdelimit (g_strdup (option->key), "_", ' ');

      words[0] = g_ascii_toupper (words[0]);
      *title = words;
      *subtitle = g_strdup (description);
    }
}

static void
clear_options (SpNewTournamentDialog *self)
{
  for (guint i = 0; i < self->options->len; i++)
    {
      OptionRow *option = g_ptr_array_index (self->options, i);

      adw_preferences_group_remove (self->options_group, option->row);
    }
  g_ptr_array_set_size (self->options, 0);
}

static void
add_option_row (SpNewTournamentDialog *self,
                const SpRuleOption    *rule_option,
                const char            *value)
{
  OptionRow *option = g_new0 (OptionRow, 1);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  gint64 min = 0, max = 0;

  option->key = g_strdup (rule_option->key);
  option->kind = option_kind (rule_option->values);
  option_title (rule_option, &title, &subtitle);

  if (option->kind == OPTION_CHOICE)
    {
      g_auto(GStrv) choices = g_strsplit (rule_option->values, "|", -1);
      g_autoptr(GtkStringList) list = gtk_string_list_new ((const char *const *) choices);

      option->row = adw_combo_row_new ();
      adw_combo_row_set_model (ADW_COMBO_ROW (option->row), G_LIST_MODEL (list));
      adw_combo_row_set_selected (ADW_COMBO_ROW (option->row),
                                  index_of ((const char *const *) choices,
                                            g_strv_length (choices), value));
      option->control = option->row;
    }
  else
    {
      option->row = adw_action_row_new ();
      if (option->kind == OPTION_SWITCH)
        {
          option->control = gtk_switch_new ();
          gtk_switch_set_active (GTK_SWITCH (option->control),
                                 g_strcmp0 (value, "on") == 0 || g_strcmp0 (value, "1") == 0
                                 || g_strcmp0 (value, "true") == 0);
        }
      else if (option->kind == OPTION_RANGE)
        {
          parse_range (rule_option->values, &min, &max);
          /* A range of points (riichi's 持ち点, 10000–100000) moves by hundreds, a count by
           * ones. */
          option->control = gtk_spin_button_new_with_range (min, max,
                                                            max - min >= 10000 ? 100 : 1);
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (option->control),
                                     g_ascii_strtoll (value != NULL ? value : "0", NULL, 10));
        }
      else
        {
          option->control = gtk_entry_new ();
          gtk_editable_set_text (GTK_EDITABLE (option->control), value != NULL ? value : "");
          gtk_editable_set_width_chars (GTK_EDITABLE (option->control), 10);
          /* The accepted values as the rules spell them, e.g. none|N. */
          gtk_entry_set_placeholder_text (GTK_ENTRY (option->control), rule_option->values);
        }
      gtk_widget_set_valign (option->control, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (option->row), option->control);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (option->row), option->control);
    }

  /* The descriptions read as the CLI's lines; a row's subtitle starts as a sentence. */
  subtitle[0] = g_ascii_toupper (subtitle[0]);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (option->row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (option->row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (option->row), 0);
  /* Tests and screen readers find each option by its title, which the row shows. */
  gtk_widget_set_name (option->row, option->key);
  gtk_accessible_update_property (GTK_ACCESSIBLE (option->row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle, -1);
  if (option->control != option->row)
    gtk_accessible_update_property (GTK_ACCESSIBLE (option->control),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);

  option->initial = option_value (option);
  adw_preferences_group_add (self->options_group, option->row);
  g_ptr_array_add (self->options, option);
}

/* Shows the options of the chosen ruleset and profile, at the profile's values. */
static void
rebuild_options (SpNewTournamentDialog *self)
{
  g_autoptr(SpRules) rules = NULL;
  const SpRuleOption *list;
  guint n_options = 0;

  clear_options (self);
  if (selected_profile (self) == NULL)
    return;
  rules = sp_rules_new (selected_ruleset (self), selected_profile (self), NULL);
  if (rules == NULL)
    return;

  list = sp_rules_list_options (rules, &n_options);
  for (guint i = 0; i < n_options; i++)
    {
      g_autofree char *value = sp_rules_get_option (rules, list[i].key);

      add_option_row (self, &list[i], value != NULL ? value : list[i].default_value);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->options_group), n_options > 0);
}

static void
profile_changed_cb (SpNewTournamentDialog *self)
{
  rebuild_options (self);
}

static void
seating_changed_cb (SpNewTournamentDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->swiss_row),
                          adw_combo_row_get_selected (self->seating_row) == 2);
}

/* A new ruleset brings its own profiles and the core's defaults for seating, ranking and
 * stakes (balanced and R98 for MCR; by lots and by score for Taiwan and Guangdong). */
static void
ruleset_changed_cb (SpNewTournamentDialog *self)
{
  SpRuleset ruleset = selected_ruleset (self);
  const char *const *profiles = sp_rules_list_profiles (ruleset);
  g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, NULL);
  g_autoptr(GtkStringList) list = gtk_string_list_new (profiles);
  SpTournament defaults = { .ruleset = ruleset };
  SpRulesetSettings settings = sp_ruleset_settings (ruleset);
  guint selected = 0;

  sp_tournament_init_defaults (&defaults);
  for (guint i = 0; profiles != NULL && profiles[i] != NULL; i++)
    {
      if (rules != NULL && g_strcmp0 (profiles[i], sp_rules_get_profile (rules)) == 0)
        selected = i;
    }

  g_signal_handlers_block_by_func (self->profile_row, profile_changed_cb, self);
  adw_combo_row_set_model (self->profile_row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (self->profile_row, selected);
  g_signal_handlers_unblock_by_func (self->profile_row, profile_changed_cb, self);

  adw_combo_row_set_selected (self->seating_row,
                              index_of (seating_methods, G_N_ELEMENTS (seating_methods),
                                        defaults.seating));
  adw_combo_row_set_selected (self->ranking_row,
                              index_of (rankings, G_N_ELEMENTS (rankings), defaults.ranking));
  gtk_spin_button_set_value (self->base_spin, defaults.base);
  gtk_spin_button_set_value (self->per_tai_spin, defaults.per_tai);
  /* Stakes settle Taiwan's 台 and Guangdong's 番 in money; MCR and Riichi have none.  Taiwan
   * always repeats the dealer, MCR never, Riichi as its profile says: only Guangdong leaves it
   * to the tournament. */
  gtk_widget_set_visible (self->base_row, (settings & SP_RULESET_HAS_BASE) != 0);
  gtk_widget_set_visible (self->per_tai_row, (settings & SP_RULESET_HAS_PER_UNIT) != 0);
  gtk_widget_set_visible (self->dealer_repeats_row,
                          (settings & SP_RULESET_HAS_DEALER_REPEATS) != 0);
  g_free (defaults.seating);
  g_free (defaults.ranking);

  rebuild_options (self);
}

/* Gathers the fields into a tournament and asks the store to create it; on a refusal the
 * dialog stays as it is, with the store's reason under the name. */
static void
create_tournament (SpNewTournamentDialog *self)
{
  g_autoptr(SpTournament) tournament = g_new0 (SpTournament, 1);
  g_autoptr(SpRules) rules = NULL;
  g_autoptr(GError) error = NULL;
  SpRuleset ruleset = selected_ruleset (self);
  guint group_tables;
  gboolean ok = TRUE;

  tournament->name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
  g_strstrip (tournament->name);
  tournament->ruleset = ruleset;
  tournament->profile = g_strdup (selected_profile (self));
  tournament->n_sessions = gtk_spin_button_get_value_as_int (self->sessions_spin);
  tournament->seating = g_strdup (seating_methods[adw_combo_row_get_selected (self->seating_row)]);
  tournament->ranking = g_strdup (rankings[adw_combo_row_get_selected (self->ranking_row)]);
  if (sp_ruleset_settings (ruleset) & SP_RULESET_HAS_BASE)
    tournament->base = gtk_spin_button_get_value_as_int (self->base_spin);
  if (sp_ruleset_settings (ruleset) & SP_RULESET_HAS_PER_UNIT)
    tournament->per_tai = gtk_spin_button_get_value_as_int (self->per_tai_spin);

  rules = sp_rules_new (ruleset, tournament->profile, &error);
  ok = rules != NULL;
  /* Only what differs from the profile is written: the rest follows the profile. */
  for (guint i = 0; ok && i < self->options->len; i++)
    {
      OptionRow *option = g_ptr_array_index (self->options, i);
      g_autofree char *value = option_value (option);

      if (g_strcmp0 (value, option->initial) != 0)
        ok = sp_tournament_add_option (tournament, rules, option->key, value, &error);
    }
  group_tables = gtk_spin_button_get_value_as_int (self->group_tables_spin);
  if (ok && group_tables != 1)
    {
      g_autofree char *value = g_strdup_printf ("%u", group_tables);

      ok = sp_tournament_add_option (tournament, rules, "group_tables", value, &error);
    }
  if (ok && g_strcmp0 (tournament->seating, "swiss") == 0
      && adw_combo_row_get_selected (self->swiss_row) == 1)
    ok = sp_tournament_add_option (tournament, rules, "swiss", "snake", &error);
  /* The tournament's options, written when they differ from the defaults: substitutes
   * ranked, penalties in the session score, the deal passing. */
  if (ok && !gtk_switch_get_active (self->rank_substitutes_switch))
    ok = sp_tournament_add_option (tournament, rules, "rank_substitutes", "off", &error);
  if (ok && adw_combo_row_get_selected (self->penalties_row) != 0)
    ok = sp_tournament_add_option (tournament, rules, "penalties", "overall", &error);
  if (ok && (sp_ruleset_settings (ruleset) & SP_RULESET_HAS_DEALER_REPEATS)
      && gtk_switch_get_active (self->dealer_repeats_switch))
    ok = sp_tournament_add_option (tournament, rules, "dealer_repeats", "on", &error);

  tournament->venue = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->venue_row)));
  tournament->starts_on = sp_date_row_get_date (self->starts_row);
  tournament->ends_on = sp_date_row_get_date (self->ends_row);
  if (tournament->options == NULL)
    tournament->options = g_strdup ("");

  if (self->editing != 0)
    {
      tournament->id = self->editing;
      if (!ok || !sp_db_change_rules (self->db, tournament, &error))
        {
          /* The group is hidden in this mode but for the refusal it shows. */
          gtk_widget_set_visible (GTK_WIDGET (self->tournament_group), TRUE);
          sp_form_show_error (self->error_label, error->message);
          return;
        }
      g_signal_emit (self, signals[SIGNAL_RULES_CHANGED], 0, tournament->id);
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }

  /* A copy with its players is one transaction: the tournament and they, or nothing. */
  if (ok && self->source != 0 && gtk_switch_get_active (self->copy_players_switch))
    ok = sp_db_duplicate_tournament (self->db, tournament, self->source, &error);
  else
    ok = ok && sp_db_create_tournament (self->db, tournament, &error);
  if (!ok)
    {
      sp_form_show_error (self->error_label, error->message);
      return;
    }

  g_signal_emit (self, signals[SIGNAL_CREATED], 0, tournament->id, tournament->name);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
create_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  create_tournament (SP_NEW_TOURNAMENT_DIALOG (widget));
}

static void
sp_new_tournament_dialog_dispose (GObject *object)
{
  SpNewTournamentDialog *self = SP_NEW_TOURNAMENT_DIALOG (object);

  if (self->options != NULL)
    g_ptr_array_set_size (self->options, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), SP_TYPE_NEW_TOURNAMENT_DIALOG);

  G_OBJECT_CLASS (sp_new_tournament_dialog_parent_class)->dispose (object);
}

static void
sp_new_tournament_dialog_finalize (GObject *object)
{
  SpNewTournamentDialog *self = SP_NEW_TOURNAMENT_DIALOG (object);

  g_clear_pointer (&self->options, g_ptr_array_unref);

  G_OBJECT_CLASS (sp_new_tournament_dialog_parent_class)->finalize (object);
}

static void
sp_new_tournament_dialog_class_init (SpNewTournamentDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_new_tournament_dialog_dispose;
  object_class->finalize = sp_new_tournament_dialog_finalize;

  /**
   * SpNewTournamentDialog::created:
   * @self: the dialog
   * @id: the new tournament's id in the store
   * @name: its name, as stored
   *
   * Emitted when the store has created the tournament, just before the dialog closes.
   */
  signals[SIGNAL_CREATED] =
    g_signal_new ("created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_STRING);
  /**
   * SpNewTournamentDialog::rules-changed:
   * @self: the dialog
   * @id: the tournament whose rules the store has changed
   *
   * Emitted, in the Change Rules mode, when the store has written the rules, just before the
   * dialog closes.
   */
  signals[SIGNAL_RULES_CHANGED] =
    g_signal_new ("rules-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/sparrow/Sparrow/sp-new-tournament-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, create_button);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, tournament_group);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, venue_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, starts_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, ends_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, copy_players_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog,
                                        copy_players_switch);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog,
                                        rank_substitutes_switch);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, penalties_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, dealer_repeats_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog,
                                        dealer_repeats_switch);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, ruleset_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, profile_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, base_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, base_spin);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, per_tai_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, per_tai_spin);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, sessions_spin);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, seating_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, swiss_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, ranking_row);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, group_tables_spin);
  gtk_widget_class_bind_template_child (widget_class, SpNewTournamentDialog, options_group);

  gtk_widget_class_install_action (widget_class, "dialog.create", NULL, create_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_new_tournament_dialog_init (SpNewTournamentDialog *self)
{
  self->options = g_ptr_array_new_with_free_func (option_row_free);

  gtk_widget_init_template (GTK_WIDGET (self));
  sp_form_offer_rulesets (self->ruleset_row);
  /* The dialog starts on its first field, not on the header's Cancel. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->name_row));

  g_signal_connect_swapped (self->ruleset_row, "notify::selected",
                            G_CALLBACK (ruleset_changed_cb), self);
  g_signal_connect_swapped (self->profile_row, "notify::selected",
                            G_CALLBACK (profile_changed_cb), self);
  g_signal_connect_swapped (self->seating_row, "notify::selected",
                            G_CALLBACK (seating_changed_cb), self);
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->name_row));
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->venue_row));
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->starts_row));
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->ends_row));
  sp_date_row_setup (self->starts_row);
  sp_date_row_setup (self->ends_row);
  sp_date_row_follow (self->ends_row, self->starts_row);

  ruleset_changed_cb (self);
  seating_changed_cb (self);
}

/**
 * sp_new_tournament_dialog_new:
 * @parent: the main window, which the dialog stays over
 * @db: (transfer none): the store the tournament is created in, which outlives the dialog
 *
 * Returns: (transfer none): a new modal dialog, not yet shown, owned by GTK like every
 *   toplevel window.
 */
SpNewTournamentDialog *
sp_new_tournament_dialog_new (GtkWindow *parent,
                              SpDb      *db)
{
  SpNewTournamentDialog *self;

  g_return_val_if_fail (db != NULL, NULL);

  self = g_object_new (SP_TYPE_NEW_TOURNAMENT_DIALOG,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->db = db;
  return self;
}

/* Shows @value (as the rules spell it) in an option row. */
static void
set_option_value (OptionRow  *option,
                  const char *value)
{
  switch (option->kind)
    {
    case OPTION_SWITCH:
      gtk_switch_set_active (GTK_SWITCH (option->control),
                             g_strcmp0 (value, "on") == 0 || g_strcmp0 (value, "1") == 0
                             || g_strcmp0 (value, "true") == 0);
      break;
    case OPTION_RANGE:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (option->control),
                                 g_ascii_strtoll (value, NULL, 10));
      break;
    case OPTION_CHOICE:
      {
        GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (option->row));

        for (guint i = 0; i < g_list_model_get_n_items (model); i++)
          {
            g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

            if (g_strcmp0 (gtk_string_object_get_string (item), value) == 0)
              adw_combo_row_set_selected (ADW_COMBO_ROW (option->row), i);
          }
      }
      break;
    case OPTION_TEXT:
    default:
      gtk_editable_set_text (GTK_EDITABLE (option->control), value);
      break;
    }
}

static gboolean
name_is_taken (SpNewTournamentDialog *self,
               const char            *name)
{
  g_autoptr(GPtrArray) list = sp_db_list_tournaments (self->db, NULL);

  for (guint i = 0; list != NULL && i < list->len; i++)
    {
      if (g_strcmp0 (((SpTournament *) g_ptr_array_index (list, i))->name, name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Shows the settings of @source in the fields: its rules, profile and every option it set. */
static void
fill_from (SpNewTournamentDialog *self,
           const SpTournament    *source)
{
  const SpTournamentOptions *settings = &source->settings;
  g_autofree char *name = NULL;
  const char *const *profiles;

  /* Translators: the name offered for a duplicated tournament; %s is the original's name. */
  name = g_strdup_printf (_("%s (copy)"), source->name);
  /* A name no tournament has yet, so that Create works at once. */
  for (guint n = 2; n < 100 && name_is_taken (self, name); n++)
    {
      g_free (name);
      /* Translators: the name offered for a further duplicate; %s is the original's name,
       * %u the copy's number (2, 3, …). */
      name = g_strdup_printf (_("%s (copy %u)"), source->name, n);
    }
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  gtk_editable_set_text (GTK_EDITABLE (self->venue_row),
                         source->venue != NULL ? source->venue : "");
  sp_date_row_set_date (self->starts_row, source->starts_on);
  sp_date_row_set_date (self->ends_row, source->ends_on);

  adw_combo_row_set_selected (self->ruleset_row, (guint) source->ruleset);
  profiles = sp_rules_list_profiles (source->ruleset);
  for (guint i = 0; profiles != NULL && profiles[i] != NULL; i++)
    {
      if (g_strcmp0 (profiles[i], source->profile) == 0)
        adw_combo_row_set_selected (self->profile_row, i);
    }
  gtk_spin_button_set_value (self->sessions_spin, source->n_sessions);
  adw_combo_row_set_selected (self->seating_row,
                              index_of (seating_methods, G_N_ELEMENTS (seating_methods),
                                        source->seating));
  adw_combo_row_set_selected (self->ranking_row,
                              index_of (rankings, G_N_ELEMENTS (rankings), source->ranking));
  if (sp_ruleset_settings (source->ruleset) & SP_RULESET_HAS_BASE)
    gtk_spin_button_set_value (self->base_spin, source->base);
  if (sp_ruleset_settings (source->ruleset) & SP_RULESET_HAS_PER_UNIT)
    gtk_spin_button_set_value (self->per_tai_spin, source->per_tai);

  gtk_switch_set_active (self->rank_substitutes_switch, !settings->substitutes_unranked);
  adw_combo_row_set_selected (self->penalties_row, settings->penalties_overall ? 1 : 0);
  gtk_switch_set_active (self->dealer_repeats_switch, settings->dealer_repeats);
  gtk_spin_button_set_value (self->group_tables_spin, MAX (settings->group_tables, 1));
  adw_combo_row_set_selected (self->swiss_row, settings->swiss_snake ? 1 : 0);
  /* The ruleset's own options: each row shows the source's value, as its rules hold it. */
  for (guint i = 0; source->rules != NULL && i < self->options->len; i++)
    {
      OptionRow *option = g_ptr_array_index (self->options, i);
      g_autofree char *value = sp_rules_get_option (source->rules, option->key);

      if (value != NULL)
        set_option_value (option, value);
    }
}

/**
 * sp_new_tournament_dialog_new_copy:
 * @parent: the main window, which the dialog stays over
 * @db: (transfer none): the store, which outlives the dialog
 * @source: the tournament whose settings the new one starts from, as the store read it
 *
 * The New Tournament dialog filled with @source's settings (rules, profile, options,
 * sessions, seating, ranking, venue and dates) and the name "@source (copy)", with a switch
 * to register @source's players in the new tournament too.
 *
 * Returns: (transfer none): a new modal dialog, not yet shown.
 */
SpNewTournamentDialog *
sp_new_tournament_dialog_new_copy (GtkWindow          *parent,
                                   SpDb               *db,
                                   const SpTournament *source)
{
  SpNewTournamentDialog *self;

  g_return_val_if_fail (source != NULL, NULL);

  self = sp_new_tournament_dialog_new (parent, db);
  self->source = source->id;
  gtk_window_set_title (GTK_WINDOW (self), _("Duplicate Tournament"));
  gtk_widget_set_visible (self->copy_players_row, TRUE);
  fill_from (self, source);
  return self;
}

/**
 * sp_new_tournament_dialog_new_rules:
 * @parent: the window the dialog stays over
 * @db: (transfer none): the store, which outlives the dialog
 * @tournament: the tournament whose rules change, as the store read it
 *
 * The dialog in its Change Rules mode: the rules, profile, options, sessions, seating and
 * ranking of @tournament, written by sp_db_change_rules () on Save (refused once a hand is
 * entered).  The name, venue and dates are Tournament Settings' and not shown.
 *
 * Returns: (transfer none): a new modal dialog, not yet shown.
 */
SpNewTournamentDialog *
sp_new_tournament_dialog_new_rules (GtkWindow          *parent,
                                    SpDb               *db,
                                    const SpTournament *tournament)
{
  SpNewTournamentDialog *self;

  g_return_val_if_fail (tournament != NULL, NULL);

  self = sp_new_tournament_dialog_new (parent, db);
  self->editing = tournament->id;
  gtk_window_set_title (GTK_WINDOW (self), _("Change Rules"));
  gtk_button_set_label (self->create_button, _("_Save"));
  sp_accessible_set_label (GTK_WIDGET (self->create_button), _("Save"));
  fill_from (self, tournament);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), tournament->name);
  gtk_widget_set_visible (GTK_WIDGET (self->name_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->venue_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->starts_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->ends_row), FALSE);
  /* The group keeps only the place where a refusal is shown, hidden until one is. */
  adw_preferences_group_set_title (self->tournament_group, "");
  gtk_widget_set_visible (GTK_WIDGET (self->tournament_group), FALSE);
  return self;
}
