/* sp-hand-draft.c: a hand being typed kept in a small key file, one a table, so that a crash of
 * the app loses at most the last few hundred milliseconds of typing; the drafts of the database
 * opened are offered back at the next start.
 *
 * The file ($XDG_STATE_HOME/sparrow/drafts/<database hash>-<tournament>-<session>-<table>.draft,
 * mode 0600 in a 0700 folder) holds one group [Hand] with the keys Database, Tournament,
 * Session, Table, Hand, HandId, Winner and From (E S W N, self-drawn, or empty), Tiles,
 * Situation, Total and Saved; in a Riichi event also Riichi and Tenpai (the seats, a bit each),
 * Value (han, fu, yakuman typed without tiles) and Also (a further winner a line,
 * "SEAT HAN FU YAKUMAN").
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "sp-hand-dialog.h"
#include "sp-hand-draft.h"
#include "sp-table-view.h"
#include "sp-window.h"

#define GROUP "Hand"
#define SUFFIX ".draft"

static const char *const seat_keys[] = { "E", "S", "W", "N", "self-drawn" };

void
sp_hand_draft_free (SpHandDraft *draft)
{
  if (draft == NULL)
    return;
  g_free (draft->database);
  g_free (draft->tiles);
  g_free (draft->situation);
  g_free (draft->total);
  g_free (draft->entry_key);
  g_free (draft->path);
  g_free (draft);
}

char *
sp_hand_draft_folder (void)
{
  return g_build_filename (g_get_user_state_dir (), "sparrow", "drafts", NULL);
}

char *
sp_hand_draft_path (const char *database,
                    gint64      tournament,
                    guint       session,
                    guint       table)
{
  g_autofree char *folder = sp_hand_draft_folder ();
  g_autofree char *hash = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (database != NULL, NULL);

  /* The path hashed: a file name of its own for each database, whatever its characters. */
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, database, -1);
  hash[16] = '\0';
  name = g_strdup_printf ("%s-%" G_GINT64_FORMAT "-%u-%u" SUFFIX, hash, tournament, session,
                          table);
  return g_build_filename (folder, name, NULL);
}

static const char *
seat_key (gint seat)
{
  return seat >= 0 && seat < (gint) G_N_ELEMENTS (seat_keys) ? seat_keys[seat] : "";
}

static gint
seat_from_key (const char *key)
{
  for (guint i = 0; key != NULL && i < G_N_ELEMENTS (seat_keys); i++)
    if (strcmp (key, seat_keys[i]) == 0)
      return (gint) i;
  return SP_HAND_ENTRY_UNSAID;
}

gboolean
sp_hand_draft_save (SpHandDraft  *draft,
                    GError      **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *folder = sp_hand_draft_folder ();
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (draft != NULL && draft->database != NULL, FALSE);

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("cannot make the folder %s: %s"), folder, g_strerror (saved));
      return FALSE;
    }
  draft->saved = g_get_real_time () / G_USEC_PER_SEC;
  g_free (draft->path);
  draft->path = sp_hand_draft_path (draft->database, draft->tournament, draft->session,
                                    draft->table);
  g_key_file_set_string (file, GROUP, "Database", draft->database);
  g_key_file_set_int64 (file, GROUP, "Tournament", draft->tournament);
  g_key_file_set_uint64 (file, GROUP, "Session", draft->session);
  g_key_file_set_uint64 (file, GROUP, "Table", draft->table);
  g_key_file_set_uint64 (file, GROUP, "Hand", draft->hand);
  g_key_file_set_int64 (file, GROUP, "HandId", draft->hand_id);
  if (draft->entry_key != NULL)
    g_key_file_set_string (file, GROUP, "Key", draft->entry_key);
  g_key_file_set_string (file, GROUP, "Winner", seat_key (draft->winner));
  g_key_file_set_string (file, GROUP, "From", seat_key (draft->from));
  g_key_file_set_string (file, GROUP, "Tiles", draft->tiles != NULL ? draft->tiles : "");
  g_key_file_set_string (file, GROUP, "Situation",
                         draft->situation != NULL ? draft->situation : "");
  g_key_file_set_string (file, GROUP, "Total", draft->total != NULL ? draft->total : "");
  g_key_file_set_integer (file, GROUP, "Riichi", draft->riichi & 0xf);
  g_key_file_set_integer (file, GROUP, "Tenpai", draft->tenpai & 0xf);
  {
    gint value[] = { draft->value.han, draft->value.fu, draft->value.yakuman };
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
    g_auto(GStrv) also = NULL;

    g_key_file_set_integer_list (file, GROUP, "Value", value, G_N_ELEMENTS (value));
    for (guint i = 0; i < MIN (draft->n_also, SP_HAND_ENTRY_MAX_ALSO); i++)
      {
        g_autofree char *line = g_strdup_printf ("%s %d %d %d", seat_key (draft->also[i].seat),
                                                 draft->also[i].value.han,
                                                 draft->also[i].value.fu,
                                                 draft->also[i].value.yakuman);

        g_strv_builder_add (builder, line);
      }
    also = g_strv_builder_end (builder);
    g_key_file_set_string_list (file, GROUP, "Also", (const char * const *) also,
                                g_strv_length (also));
  }
  g_key_file_set_int64 (file, GROUP, "Saved", draft->saved);
  data = g_key_file_to_data (file, &length, NULL);
  /* Written beside and renamed into place: a crash while writing leaves the old draft whole. */
  return g_file_set_contents_full (draft->path, data, length, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error);
}

/* Riichi: the value typed without tiles and the further winners; what is absent or not of its
 * shape (a draft of an earlier version, a file edited by hand) is none. */
static void
load_values (GKeyFile    *file,
             SpHandDraft *draft)
{
  gsize n = 0;
  g_autofree gint *value = g_key_file_get_integer_list (file, GROUP, "Value", &n, NULL);
  g_auto(GStrv) also = g_key_file_get_string_list (file, GROUP, "Also", NULL, NULL);

  if (value != NULL && n == 3 && value[0] >= 0 && value[1] >= 0 && value[2] >= 0)
    {
      draft->value.han = value[0];
      draft->value.fu = value[1];
      draft->value.yakuman = value[2];
    }
  for (guint i = 0; also != NULL && also[i] != NULL && draft->n_also < SP_HAND_ENTRY_MAX_ALSO;
       i++)
    {
      char seat[11];
      int han, fu, yakuman;
      gint wind;

      if (sscanf (also[i], "%10s %d %d %d", seat, &han, &fu, &yakuman) != 4 || han < 0 || fu < 0
          || yakuman < 0)
        continue;
      wind = seat_from_key (seat);
      if (wind < 0 || wind > 3)
        continue;
      draft->also[draft->n_also].seat = wind;
      draft->also[draft->n_also].value.han = han;
      draft->also[draft->n_also].value.fu = fu;
      draft->also[draft->n_also].value.yakuman = yakuman;
      draft->n_also++;
    }
}

SpHandDraft *
sp_hand_draft_load (const char  *path,
                    GError     **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(SpHandDraft) draft = g_new0 (SpHandDraft, 1);
  g_autofree char *winner = NULL;
  g_autofree char *from = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, error))
    return NULL;
  draft->database = g_key_file_get_string (file, GROUP, "Database", &local_error);
  if (draft->database == NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }
  draft->tournament = g_key_file_get_int64 (file, GROUP, "Tournament", NULL);
  draft->session = (guint) g_key_file_get_uint64 (file, GROUP, "Session", NULL);
  draft->table = (guint) g_key_file_get_uint64 (file, GROUP, "Table", NULL);
  draft->hand = (guint) g_key_file_get_uint64 (file, GROUP, "Hand", NULL);
  draft->hand_id = g_key_file_get_int64 (file, GROUP, "HandId", NULL);
  draft->entry_key = g_key_file_get_string (file, GROUP, "Key", NULL);
  winner = g_key_file_get_string (file, GROUP, "Winner", NULL);
  from = g_key_file_get_string (file, GROUP, "From", NULL);
  /* Absent in a draft written before riichi: none. */
  draft->riichi = (guint8) (g_key_file_get_integer (file, GROUP, "Riichi", NULL) & 0xf);
  draft->tenpai = (guint8) (g_key_file_get_integer (file, GROUP, "Tenpai", NULL) & 0xf);
  load_values (file, draft);
  draft->winner = seat_from_key (winner);
  if (draft->winner == SP_HAND_ENTRY_SELF_DRAWN)
    draft->winner = SP_HAND_ENTRY_UNSAID;
  draft->from = seat_from_key (from);
  draft->tiles = g_key_file_get_string (file, GROUP, "Tiles", NULL);
  draft->situation = g_key_file_get_string (file, GROUP, "Situation", NULL);
  draft->total = g_key_file_get_string (file, GROUP, "Total", NULL);
  draft->saved = g_key_file_get_int64 (file, GROUP, "Saved", NULL);
  draft->path = g_strdup (path);
  if (draft->tournament <= 0 || draft->session == 0 || draft->table == 0)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s is not a draft of a hand"), path);
      return NULL;
    }
  return g_steal_pointer (&draft);
}

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const SpHandDraft *first = *(SpHandDraft * const *) a;
  const SpHandDraft *second = *(SpHandDraft * const *) b;

  if (first->saved != second->saved)
    return first->saved > second->saved ? -1 : 1;
  return g_strcmp0 (first->path, second->path);
}

GPtrArray *
sp_hand_draft_list (const char *database)
{
  g_autofree char *folder = sp_hand_draft_folder ();
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  GPtrArray *drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_hand_draft_free);
  const char *name;

  g_return_val_if_fail (database != NULL, drafts);

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      SpHandDraft *draft;

      if (!g_str_has_suffix (name, SUFFIX))
        continue;
      path = g_build_filename (folder, name, NULL);
      draft = sp_hand_draft_load (path, NULL);
      if (draft == NULL)
        continue;
      if (g_strcmp0 (draft->database, database) == 0)
        g_ptr_array_add (drafts, draft);
      else
        sp_hand_draft_free (draft);
    }
  g_ptr_array_sort (drafts, compare_newest_first);
  return drafts;
}

void
sp_hand_draft_remove (const char *path)
{
  g_return_if_fail (path != NULL);

  if (g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Cannot delete the draft %s: %s", path, g_strerror (errno));
}

/* ---- offered back --------------------------------------------------------------------- */

static void offer_next (GtkWindow *window,
                        GPtrArray *drafts);

/* The table view of @draft's table, once its tournament's pages have opened it. */
static SpTableView *
find_table_view (const SpHandDraft *draft)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (SP_IS_TABLE_VIEW (window)
          && sp_table_view_get_tournament (SP_TABLE_VIEW (window))->id == draft->tournament
          && sp_table_view_get_session (SP_TABLE_VIEW (window)) == draft->session
          && sp_table_view_get_number (SP_TABLE_VIEW (window)) == draft->table)
        return SP_TABLE_VIEW (window);
    }
  return NULL;
}

static void
resume (GtkWindow         *window,
        const SpHandDraft *draft)
{
  SpTableView *view;
  GtkWindow *dialog;

  if (!sp_window_open_table (SP_WINDOW (window), draft->tournament, draft->session,
                             draft->table))
    {
      sp_window_add_toast (SP_WINDOW (window),
                           _("The table of the draft is no longer in this database."));
      return;
    }
  view = find_table_view (draft);
  dialog = view != NULL ? sp_table_view_open_hand_dialog (view, draft->hand_id) : NULL;
  if (dialog == NULL)
    {
      sp_window_add_toast (SP_WINDOW (window),
                           _("The hand of the draft can no longer be entered: its session is "
                             "closed or its table finished."));
      return;
    }
  sp_hand_dialog_load_draft (SP_HAND_DIALOG (dialog), draft);
}

static void
offer_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   GtkWindow        *window)
{
  GPtrArray *drafts = g_object_get_data (G_OBJECT (dialog), "sp-drafts");
  const SpHandDraft *draft = drafts->pdata[0];

  if (g_strcmp0 (response, "resume") == 0)
    resume (window, draft);
  else if (g_strcmp0 (response, "discard") == 0)
    sp_hand_draft_remove (draft->path);
  g_ptr_array_remove_index (drafts, 0);
  /* The next one after this dialog has gone. */
  if (drafts->len > 0 && g_strcmp0 (response, "resume") != 0)
    offer_next (window, g_ptr_array_ref (drafts));
}

static void
offer_next (GtkWindow *window,
            GPtrArray *drafts)
{
  const SpHandDraft *draft = drafts->pdata[0];
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  /* TRANSLATORS: %u are the session's number, the table's and the hand's at that table. */
  body = g_strdup_printf (_("A hand for session %u, table %u, hand %u was being entered and "
                            "is not recorded."), draft->session, draft->table, draft->hand);
  dialog = adw_message_dialog_new (window, _("Resume the Hand?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "discard", _("_Discard"),
                                    "resume", _("_Resume"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resume",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "resume");
  /* Closing the question decides nothing: the draft stays for the next start. */
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_object_set_data_full (G_OBJECT (dialog), "sp-drafts", drafts,
                          (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (offer_response_cb), window, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Whether a hand dialog of @draft's table is open: its draft is the hand being typed now. */
static gboolean
is_being_typed (const SpHandDraft *draft)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);
      GtkWindow *view = SP_IS_HAND_DIALOG (window) ? gtk_window_get_transient_for (window) : NULL;

      if (view != NULL && SP_IS_TABLE_VIEW (view)
          && sp_table_view_get_tournament (SP_TABLE_VIEW (view))->id == draft->tournament
          && sp_table_view_get_session (SP_TABLE_VIEW (view)) == draft->session
          && sp_table_view_get_number (SP_TABLE_VIEW (view)) == draft->table)
        return TRUE;
    }
  return FALSE;
}

void
sp_hand_draft_offer (GtkWindow *window)
{
  const char *database;
  GPtrArray *drafts;

  g_return_if_fail (SP_IS_WINDOW (window));

  database = sp_window_get_database_path (SP_WINDOW (window));
  if (database == NULL)
    return;
  drafts = sp_hand_draft_list (database);
  /* The offer waits for the window to be up: a hand may be typed meanwhile, in this app's own
   * dialog, and that one is not offered. */
  for (guint i = drafts->len; i > 0; i--)
    if (is_being_typed (drafts->pdata[i - 1]))
      g_ptr_array_remove_index (drafts, i - 1);
  if (drafts->len == 0)
    {
      g_ptr_array_unref (drafts);
      return;
    }
  offer_next (window, drafts);
}
