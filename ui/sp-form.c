/* sp-form.c: the inline error of a dialog's form, shown under the field it is about, and the
 * rulesets offered by a form.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-form.h"

#include "sp-core.h"

void
sp_form_show_error (GtkLabel   *label,
                    const char *message)
{
  gtk_label_set_text (label, message);
  gtk_widget_set_visible (GTK_WIDGET (label), TRUE);
}

static void
field_edited_cb (GtkLabel *label)
{
  gtk_widget_set_visible (GTK_WIDGET (label), FALSE);
}

void
sp_form_hide_error_on_edit (GtkLabel    *label,
                            GtkEditable *field)
{
  g_signal_connect_object (field, "changed", G_CALLBACK (field_edited_cb), label,
                           G_CONNECT_SWAPPED);
}

void
sp_form_offer_rulesets (AdwComboRow *row)
{
  g_autoptr(GtkStringList) rulesets = gtk_string_list_new (NULL);

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  for (guint r = 0; r < SP_N_RULESETS; r++)
    gtk_string_list_append (rulesets, sp_ruleset_title ((SpRuleset) r));
  adw_combo_row_set_model (row, G_LIST_MODEL (rulesets));
}
