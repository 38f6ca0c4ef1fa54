/* sp-application.h: the desktop app, its actions and accelerators.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SP_TYPE_APPLICATION (sp_application_get_type ())

G_DECLARE_FINAL_TYPE (SpApplication, sp_application, SP, APPLICATION, AdwApplication)

SpApplication *sp_application_new (void);

G_END_DECLS
