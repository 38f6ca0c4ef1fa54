/* sp-tournament-settings-dialog.c: a tournament's settings.  The name, venue, dates and the
 * "hide standings" switch are written together by sp_db_edit_tournament, with two-key entry
 * (sp_db_set_two_key), in one audited transaction; the rules, profile and play settings are shown read only, since every hand
 * already entered was scored under them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-core.h"
#include "sp-date-row.h"
#include "sp-form.h"
#include "sp-new-tournament-dialog.h"
#include "sp-pin-dialog.h"
#include "sp-tournament-settings-dialog.h"

struct _SpTournamentSettingsDialog
{
  AdwWindow parent_instance;

  SpDb      *db;        /* the window's, which outlives its modal dialog */
  gint64     tournament;
  GPtrArray *rule_rows; /* the rows fill_rules () added, removed when it fills them anew */
  GtkWidget *pin_row;   /* the director's PIN, filled by fill_pin () */

  /* Template children */
  AdwEntryRow         *name_row;
  AdwEntryRow         *venue_row;
  AdwEntryRow         *starts_row;
  AdwEntryRow         *ends_row;
  GtkLabel            *error_label;
  GtkSwitch           *hide_standings_switch;
  GtkSwitch           *two_key_switch;
  AdwPreferencesGroup *rules_group;
  AdwPreferencesGroup *pin_group;
};

G_DEFINE_FINAL_TYPE (SpTournamentSettingsDialog, sp_tournament_settings_dialog,
                     ADW_TYPE_WINDOW)

enum
{
  SIGNAL_SAVED,
  SIGNAL_RULES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The names the New Tournament dialog gives the stored values. */
static const char *
seating_label (const char *seating)
{
  if (g_strcmp0 (seating, "random") == 0)
    return _("Random");
  if (g_strcmp0 (seating, "swiss") == 0)
    return _("Swiss");
  return _("Balanced");
}

static const char *
ranking_label (const char *ranking)
{
  if (g_strcmp0 (ranking, "ema") == 0)
    return _("EMA table points");
  if (g_strcmp0 (ranking, "score") == 0)
    return _("Score");
  return _("R98 table points");
}

/* A read-only row: its title, and the value as a selectable label at its end. */
static void
add_value_row (SpTournamentSettingsDialog *self,
               const char                 *title,
               const char                 *value,
               gboolean                    long_value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* Only a long list of options wraps; a name stays on one line. */
  gtk_label_set_wrap (GTK_LABEL (label), long_value);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "dim-label");
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, value, -1);
  adw_preferences_group_add (self->rules_group, row);
  g_ptr_array_add (self->rule_rows, row);
}

static void rules_changed_cb (SpTournamentSettingsDialog *self);

/* Opens the New Tournament dialog in its Change Rules mode over this one. */
static void
change_rules_clicked_cb (SpTournamentSettingsDialog *self)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, self->tournament);
  g_autoptr(SpTournament) tournament = sp_db_find_tournament (self->db, id, NULL);
  SpNewTournamentDialog *dialog;

  if (tournament == NULL)
    return;
  dialog = sp_new_tournament_dialog_new_rules (GTK_WINDOW (self), self->db, tournament);
  g_signal_connect_object (dialog, "rules-changed", G_CALLBACK (rules_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* While no hand is entered the rules can change: a row that opens them for editing. */
static void
add_change_rules_row (SpTournamentSettingsDialog *self)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_button_new_with_mnemonic (_("C_hange Rules…"));

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No Hand Entered Yet"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("The rules, profile, options and ranking can change until the "
                                 "first hand; the sessions and seating until the first draw."));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
  g_signal_connect_object (button, "clicked", G_CALLBACK (change_rules_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  adw_preferences_group_add (self->rules_group, row);
  g_ptr_array_add (self->rule_rows, row);
}

static void
fill_rules (SpTournamentSettingsDialog *self,
            const SpTournament         *tournament)
{
  g_autofree char *sessions = g_strdup_printf ("%u", tournament->n_sessions);
  SpTournamentSummary summary = { 0 };
  gboolean played;

  for (guint i = 0; i < self->rule_rows->len; i++)
    adw_preferences_group_remove (self->rules_group, g_ptr_array_index (self->rule_rows, i));
  g_ptr_array_set_size (self->rule_rows, 0);

  /* Every hand entered was scored under these rules: from the first one they stay. */
  played = !sp_db_summarize_tournament (self->db, tournament->id, &summary, NULL)
           || summary.n_hands > 0;
  adw_preferences_group_set_description (self->rules_group, played
    ? _("Every hand entered was scored under these rules: they can no longer change. To play "
        "under other rules, duplicate the tournament.")
    : _("Set when the tournament was created."));

  add_value_row (self, _("Rules"), sp_ruleset_title (tournament->ruleset), FALSE);
  add_value_row (self, _("Profile"), tournament->profile != NULL ? tournament->profile : "",
                 FALSE);
  add_value_row (self, _("Sessions"), sessions, FALSE);
  add_value_row (self, _("Seating"), seating_label (tournament->seating), FALSE);
  add_value_row (self, _("Ranking"), ranking_label (tournament->ranking), FALSE);
  if (tournament->options != NULL && tournament->options[0] != '\0')
    {
      /* As the rules and sparrow-cli spell them: KEY=VALUE. */
      g_autofree char *options = g_strdelimit (g_strdup (tournament->options), "\n", ' ');

      add_value_row (self, _("Options"), options, TRUE);
    }
  if (!played)
    add_change_rules_row (self);
}

static void fill_pin (SpTournamentSettingsDialog *self);

static void
change_pin (SpTournamentSettingsDialog *self,
            SpPinChange                 change)
{
  sp_pin_dialog_change (GTK_WINDOW (self), self->db, self->tournament, change,
                        G_CALLBACK (fill_pin), self);
}

static void
set_pin_clicked_cb (SpTournamentSettingsDialog *self)
{
  change_pin (self, SP_PIN_SET);
}

static void
change_pin_clicked_cb (SpTournamentSettingsDialog *self)
{
  change_pin (self, SP_PIN_CHANGE);
}

static void
remove_pin_clicked_cb (SpTournamentSettingsDialog *self)
{
  change_pin (self, SP_PIN_REMOVE);
}

static void
add_pin_button (SpTournamentSettingsDialog *self,
                const char                 *label,
                GCallback                   clicked)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect_object (button, "clicked", clicked, self, G_CONNECT_SWAPPED);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self->pin_row), button);
}

/* The director's PIN: whether one is set, and the buttons to set, change or remove it. */
static void
fill_pin (SpTournamentSettingsDialog *self)
{
  gboolean has_pin = FALSE;

  if (self->pin_row != NULL)
    adw_preferences_group_remove (self->pin_group, self->pin_row);
  (void) sp_db_has_pin (self->db, self->tournament, &has_pin, NULL);
  self->pin_row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->pin_row), _("Director's PIN"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->pin_row), has_pin
    ? _("Set: the protected changes ask for it")
    : _("Not set: anyone at this computer can make every change"));
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (self->pin_row), 0);
  if (has_pin)
    {
      add_pin_button (self, _("C_hange PIN…"), G_CALLBACK (change_pin_clicked_cb));
      add_pin_button (self, _("_Remove PIN…"), G_CALLBACK (remove_pin_clicked_cb));
    }
  else
    add_pin_button (self, _("Set _PIN…"), G_CALLBACK (set_pin_clicked_cb));
  adw_preferences_group_add (self->pin_group, self->pin_row);
}

/* The rules were changed in their own dialog: shown anew, and the tournament's view told. */
static void
rules_changed_cb (SpTournamentSettingsDialog *self)
{
  g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, self->tournament);
  g_autoptr(SpTournament) tournament = sp_db_find_tournament (self->db, id, NULL);

  if (tournament == NULL)
    return;
  fill_rules (self, tournament);
  g_signal_emit (self, signals[SIGNAL_RULES_CHANGED], 0, self->tournament);
}

static void
save (SpTournamentSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *starts = sp_date_row_get_date (self->starts_row);
  g_autofree char *ends = sp_date_row_get_date (self->ends_row);
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  g_autofree char *name = g_strstrip (g_strdup (typed));
  SpTournament changes = {
    .id = self->tournament,
    .name = name,
    .venue = (char *) gtk_editable_get_text (GTK_EDITABLE (self->venue_row)),
    .starts_on = starts,
    .ends_on = ends,
    .hide_standings = gtk_switch_get_active (self->hide_standings_switch),
  };

  /* The settings and two-key entry in one transaction: all of them or none. */
  if (!sp_db_begin (self->db, &error)
      || !sp_db_edit_tournament (self->db, &changes, &error)
      || !sp_db_set_two_key (self->db, self->tournament,
                             gtk_switch_get_active (self->two_key_switch), &error)
      || !sp_db_commit (self->db, &error))
    {
      sp_db_rollback (self->db);
      sp_form_show_error (self->error_label, error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_SAVED], 0, self->tournament, name);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  save (SP_TOURNAMENT_SETTINGS_DIALOG (widget));
}

static void
sp_tournament_settings_dialog_dispose (GObject *object)
{
  SpTournamentSettingsDialog *self = SP_TOURNAMENT_SETTINGS_DIALOG (object);

  if (self->rule_rows != NULL)
    g_ptr_array_set_size (self->rule_rows, 0);
  gtk_widget_dispose_template (GTK_WIDGET (object), SP_TYPE_TOURNAMENT_SETTINGS_DIALOG);

  G_OBJECT_CLASS (sp_tournament_settings_dialog_parent_class)->dispose (object);
}

static void
sp_tournament_settings_dialog_finalize (GObject *object)
{
  SpTournamentSettingsDialog *self = SP_TOURNAMENT_SETTINGS_DIALOG (object);

  g_clear_pointer (&self->rule_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (sp_tournament_settings_dialog_parent_class)->finalize (object);
}

static void
sp_tournament_settings_dialog_class_init (SpTournamentSettingsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sp_tournament_settings_dialog_dispose;
  object_class->finalize = sp_tournament_settings_dialog_finalize;

  /**
   * SpTournamentSettingsDialog::saved:
   * @self: the dialog
   * @id: the tournament's id
   * @name: its name, as stored
   *
   * Emitted when the store has written the settings, just before the dialog closes.
   */
  signals[SIGNAL_SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_STRING);
  /**
   * SpTournamentSettingsDialog::rules-changed:
   * @self: the dialog
   * @id: the tournament's id
   *
   * Emitted when the tournament's rules were changed from the dialog (which stays open).
   */
  signals[SIGNAL_RULES_CHANGED] =
    g_signal_new ("rules-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (
    widget_class, "/org/sparrow/Sparrow/sp-tournament-settings-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog, venue_row);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog, starts_row);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog, ends_row);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog,
                                        hide_standings_switch);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog,
                                        two_key_switch);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog, rules_group);
  gtk_widget_class_bind_template_child (widget_class, SpTournamentSettingsDialog, pin_group);

  gtk_widget_class_install_action (widget_class, "dialog.save", NULL, save_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
sp_tournament_settings_dialog_init (SpTournamentSettingsDialog *self)
{
  self->rule_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The dialog starts on its first field, not on the header's Cancel. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->name_row));

  sp_date_row_setup (self->starts_row);
  sp_date_row_setup (self->ends_row);
  sp_date_row_follow (self->ends_row, self->starts_row);
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->name_row));
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->venue_row));
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->starts_row));
  sp_form_hide_error_on_edit (self->error_label, GTK_EDITABLE (self->ends_row));
}

/**
 * sp_tournament_settings_dialog_new:
 * @parent: the main window, which the dialog stays over
 * @db: (transfer none): the store, which outlives the dialog
 * @tournament: the tournament as stored
 *
 * Returns: (transfer none): a new modal dialog showing @tournament's settings, not yet shown.
 */
SpTournamentSettingsDialog *
sp_tournament_settings_dialog_new (GtkWindow          *parent,
                                   SpDb               *db,
                                   const SpTournament *tournament)
{
  SpTournamentSettingsDialog *self;
  g_autofree char *id = NULL;
  g_autoptr(SpTournament) fresh = NULL;

  g_return_val_if_fail (db != NULL && tournament != NULL, NULL);

  /* As stored now: the standings page may have hidden the standings since @tournament was
   * read, and Save writes the switch back. */
  id = g_strdup_printf ("%" G_GINT64_FORMAT, tournament->id);
  fresh = sp_db_find_tournament (db, id, NULL);
  if (fresh != NULL)
    tournament = fresh;

  self = g_object_new (SP_TYPE_TOURNAMENT_SETTINGS_DIALOG,
                       "transient-for", parent,
                       "destroy-with-parent", TRUE,
                       NULL);
  self->db = db;
  self->tournament = tournament->id;
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), tournament->name);
  gtk_editable_set_text (GTK_EDITABLE (self->venue_row),
                         tournament->venue != NULL ? tournament->venue : "");
  sp_date_row_set_date (self->starts_row, tournament->starts_on);
  sp_date_row_set_date (self->ends_row, tournament->ends_on);
  gtk_switch_set_active (self->hide_standings_switch, tournament->hide_standings);
  gtk_switch_set_active (self->two_key_switch, tournament->two_key);
  fill_rules (self, tournament);
  fill_pin (self);
  return self;
}
