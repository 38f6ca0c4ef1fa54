/* sp-application.c: the desktop app, its actions and accelerators.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib/gi18n.h>

#include "sp-application.h"
#include "sp-db.h"
#include "sp-ui.h"

struct _SpApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (SpApplication, sp_application, ADW_TYPE_APPLICATION)

static void
quit_activated_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { "The Sparrow developers", NULL };
  GtkWindow *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application", app,
                        "application-name", _("Sparrow"),
                        "application-icon", SPARROW_APP_ID,
                        "version", SPARROW_VERSION,
                        "comments", _("Run mahjong tournaments and referee every hand under "
                                      "official competition rules."),
                        "developer-name", _("The Sparrow developers"),
                        "developers", developers,
                        "copyright", "© 2026 The Sparrow developers",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        /* Translators: your names, one per line, to credit you in About Sparrow. */
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (about);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated_cb },
  { "about", about_activated_cb },
};

static void
sp_application_startup (GApplication *application)
{
  static const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (sp_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions,
                                   G_N_ELEMENTS (app_actions), application);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "app.quit", quit_accels);
}

/* The app works on its embedded default database (SPARROW_DB, else the user's data folder): the
 * first window opens it off the main thread, creating it and bringing its schema up to date
 * when needed; activating again raises that window.  A file that cannot be opened is left as
 * it is and the window says why, with its path. */
static void
sp_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    {
      g_autofree char *database_path = sp_db_default_path ();

      window = GTK_WINDOW (sp_window_new (GTK_APPLICATION (application), database_path, NULL));
    }

  gtk_window_present (window);
}

static void
sp_application_class_init (SpApplicationClass *klass)
{
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  application_class->startup = sp_application_startup;
  application_class->activate = sp_application_activate;
}

static void
sp_application_init (SpApplication *self)
{
}

SpApplication *
sp_application_new (void)
{
  return g_object_new (SP_TYPE_APPLICATION,
                       "application-id", SPARROW_APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/org/sparrow/Sparrow",
                       NULL);
}
