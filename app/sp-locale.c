/* sp-locale.c: where the message catalogues are, installed or in the build tree.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-locale.h"

#include <glib/gi18n.h>

/* The build tree's catalogues when @program (the running binary's path) lies in a Meson build
 * folder, else NULL.  A binary of the build tree is in BUILD/app/; its folder's parent holds
 * build.ninja, and i18n.gettext compiles the catalogues into BUILD/po/LANG/LC_MESSAGES.  An
 * installed binary (PREFIX/bin) has no build.ninja beside its folder. */
static char *
build_tree_locale_dir (const char *program)
{
  g_autofree char *folder = g_path_get_dirname (program);
  g_autofree char *top = g_path_get_dirname (folder);
  g_autofree char *ninja = g_build_filename (top, "build.ninja", NULL);
  g_autofree char *po = g_build_filename (top, "po", NULL);

  if (g_file_test (ninja, G_FILE_TEST_IS_REGULAR) && g_file_test (po, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&po);
  return NULL;
}

/**
 * sp_locale_dir:
 *
 * The folder of the message catalogues: $SPARROW_LOCALEDIR when set (not empty), else the
 * build tree's when the program runs from one (so that an uninstalled run speaks the desktop's
 * language), else the installed LOCALEDIR.
 *
 * Returns: (transfer none): the folder, computed once.
 */
const char *
sp_locale_dir (void)
{
  static gsize dir;

  if (g_once_init_enter (&dir))
    {
      const char *env = g_getenv ("SPARROW_LOCALEDIR");
      char *found = NULL;

      if (env != NULL && env[0] != '\0')
        found = g_strdup (env);
      else
        {
          g_autofree char *program = g_file_read_link ("/proc/self/exe", NULL);

          if (program != NULL)
            found = build_tree_locale_dir (program);
        }
      g_once_init_leave (&dir, (gsize) (found != NULL ? found : g_strdup (LOCALEDIR)));
    }
  return (const char *) dir;
}

/**
 * sp_locale_bind:
 *
 * Binds the program's text domain to sp_locale_dir() in UTF-8 and makes it the default one.
 * The caller has set the locale (setlocale(), or GApplication does it).
 */
void
sp_locale_bind (void)
{
  bindtextdomain (GETTEXT_PACKAGE, sp_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
