/* sp-calculator-window.h: score any hand in any ruleset and profile, without a tournament.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "sp-hand-editor.h"

G_BEGIN_DECLS

#define SP_TYPE_CALCULATOR_WINDOW (sp_calculator_window_get_type ())
G_DECLARE_FINAL_TYPE (SpCalculatorWindow, sp_calculator_window, SP, CALCULATOR_WINDOW, AdwWindow)

GtkWidget    *sp_calculator_window_new        (GtkWindow          *parent);
SpHandEditor *sp_calculator_window_get_editor (SpCalculatorWindow *self);

G_END_DECLS
