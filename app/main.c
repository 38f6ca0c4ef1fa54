/* main.c: sparrow, the desktop app.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-application.h"
#include "sp-locale.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(SpApplication) app = NULL;

  sp_locale_bind ();

  app = sp_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
