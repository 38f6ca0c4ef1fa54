/* sp-form.h: the inline error of a dialog's form, shown under the field it is about, and the
 * rulesets offered by a form.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Shows @message in the form's error @label; what was typed in the fields stays as it is. */
void sp_form_show_error          (GtkLabel    *label,
                                  const char  *message);
/* Hides the error @label again as soon as @field is edited. */
void sp_form_hide_error_on_edit  (GtkLabel    *label,
                                  GtkEditable *field);

/* Offers every ruleset the core knows in @row, by its title, in SpRuleset order: the row's
 * selected index is the ruleset. */
void sp_form_offer_rulesets      (AdwComboRow *row);

G_END_DECLS
