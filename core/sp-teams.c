/* sp-teams.c: team numbers from a list of team names.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-teams.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-core-error.h"

gboolean
sp_teams_parse (const char  *text,
                gsize        length,
                guint        n_players,
                guint       *teams,
                GError     **error)
{
  g_autoptr(GHashTable) numbers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto(GStrv) lines = NULL;
  guint n_lines;

  g_return_val_if_fail (text != NULL && (teams != NULL || n_players == 0), FALSE);

  if (!g_utf8_validate (text, length, NULL) || memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, _("not a text file (UTF-8)"));
      return FALSE;
    }
  lines = g_strsplit (text, "\n", -1);
  n_lines = g_strv_length (lines);
  /* A final newline ends the last line rather than starting another. */
  if (n_lines > 0 && length > 0 && text[length - 1] == '\n')
    n_lines--;
  if (n_lines != n_players)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("%u lines for %u players (one line per player, the team's name or blank)"),
                   n_lines, n_players);
      return FALSE;
    }
  for (guint p = 0; p < n_players; p++)
    {
      char *name = g_strstrip (lines[p]);

      if (*name != '\0' && !g_hash_table_contains (numbers, name))
        g_hash_table_insert (numbers, g_strdup (name),
                             GUINT_TO_POINTER (g_hash_table_size (numbers) + 1));
      teams[p] = GPOINTER_TO_UINT (g_hash_table_lookup (numbers, name));
    }
  return TRUE;
}
