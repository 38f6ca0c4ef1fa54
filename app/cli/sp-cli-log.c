/* sp-cli-log.c: `sparrow-cli log`: the tournament's audit log, as the window's Log page shows it.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"
#include "sp-db-log.h"

#include <glib/gi18n.h>
#include <stdio.h>

static const char log_summary[] =
  N_("Every change made to the tournament, newest first: when (local time), who made\n"
     "it (--referee), what it did and why, when a reason was given.  The filters\n"
     "keep the lines of one session, one table (in every session, or in --session\n"
     "K's) and of one player (the player's ID, or exact name): a hand concerns the\n"
     "four players at its table.");

/* A line of the log, as printed. */
typedef struct
{
  gint64      id;
  char       *at;
  char       *when;
  char       *who;
  const char *kind;
  guint       session;
  guint       table;
  guint       hand;
  gint64      player;
  char       *player_name;
  gint64      points;
  char       *note;
  char       *text;
  char       *what;        /* the text, and the note when the text does not say it */
} LogRow;

static void
log_row_free (gpointer data)
{
  LogRow *row = data;

  g_free (row->at);
  g_free (row->when);
  g_free (row->who);
  g_free (row->player_name);
  g_free (row->note);
  g_free (row->text);
  g_free (row->what);
  g_free (row);
}

/* Line @index of @entries: the sentence is read with the lines around it (a false win's two
 * lines are one verdict), so the filters apply after. */
static LogRow *
log_row_new (GPtrArray *entries,
             guint      index)
{
  const SpLogEntry *entry = entries->pdata[index];
  LogRow *row = g_new0 (LogRow, 1);

  row->id = entry->id;
  row->at = g_strdup (entry->at);
  row->when = sp_log_format_when (entry->at);
  row->who = g_strdup (entry->who);
  row->kind = sp_log_kind_to_string (entry->kind);
  row->session = entry->session;
  row->table = entry->table;
  row->hand = entry->hand;
  row->player = entry->player;
  row->player_name = entry->player != 0 ? g_strdup (entry->name) : NULL;
  row->points = entry->kind == SP_LOG_PENALTY_GIVEN || entry->kind == SP_LOG_PENALTY_DELETED
                ? entry->points : 0;
  row->note = g_strdup (entry->note);
  row->text = sp_log_describe_line (entries, index);
  /* A correction's sentence ends with its reason already. */
  if (entry->note != NULL && entry->kind != SP_LOG_HAND_CORRECTED)
    /* Translators: a line of the log, then why the change was made. */
    row->what = g_strdup_printf (_("%s (%s)"), row->text, entry->note);
  else
    row->what = g_strdup (row->text);
  return row;
}

static const SpCliColumn log_columns[] = {
  { "id", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (LogRow, id), NULL },
  { "at", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (LogRow, at), NULL },
  { "when", N_("when"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (LogRow, when), NULL },
  { "who", N_("who"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (LogRow, who), NULL },
  { "kind", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (LogRow, kind), NULL },
  { "session", NULL, SP_CLI_UINT, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (LogRow, session), NULL },
  { "table", NULL, SP_CLI_UINT, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (LogRow, table), NULL },
  { "hand", NULL, SP_CLI_UINT, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (LogRow, hand), NULL },
  { "player", NULL, SP_CLI_INT64, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (LogRow, player), NULL },
  { "player_name", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY,
    G_STRUCT_OFFSET (LogRow, player_name), NULL },
  { "points", NULL, SP_CLI_INT64, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (LogRow, points), NULL },
  { "note", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (LogRow, note), NULL },
  { "text", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (LogRow, text), NULL },
  { NULL, N_("what"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (LogRow, what), NULL },
  { NULL }
};

/* --player: an ID, else the exact name of one player of the tournament; *@id 0 when not
 * given. */
static gboolean
find_player (SpCli       *cli,
             SpCliStore  *store,
             const char  *given,
             gint64      *id,
             int         *status)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpPlayer) player = NULL;
  gint64 number;

  *id = 0;
  if (given == NULL)
    return TRUE;
  if (given[0] == '\0')
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                             _("--player: give the player's ID or name, not an empty text"));
      return FALSE;
    }
  if (g_ascii_string_to_signed (given, 10, G_MININT64, G_MAXINT64, &number, NULL))
    {
      if (!sp_cli_check_range (cli, "player", number, 1, G_MAXINT64, status))
        return FALSE;
      player = sp_db_get_player (store->db, store->tournament->id, number, &error);
    }
  else
    player = sp_db_find_player_by_name (store->db, store->tournament->id, given, &error);
  if (player == NULL)
    {
      *status = sp_cli_store_fail (cli, store, error);
      return FALSE;
    }
  *id = player->id;
  return TRUE;
}

int
sp_cli_log (SpCli  *cli,
            int     argc,
            char  **argv)
{
  gint64 session = 0, table = 0, player = 0;
  g_autofree char *player_given = NULL;
  const GOptionEntry entries[] = {
    sp_cli_session_entry (&session, N_("Only the lines of session K")),
    sp_cli_table_entry (&table, N_("Only the lines of table T")),
    { "player", 0, 0, G_OPTION_ARG_STRING, &player_given,
      N_("Only the lines that concern this player"), N_("ID|NAME") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, entries, _(log_summary));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) log = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (log_row_free);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status)
      || !sp_cli_check_range (cli, "session", session, 0, 1000, &status)
      || !sp_cli_check_range (cli, "table", table, 0, 100000, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (session > 0 && !sp_db_check_session (store.tournament, (guint) session, &error))
    return sp_cli_store_fail (cli, &store, error);
  if (!find_player (cli, &store, player_given, &player, &status))
    return status;
  if ((log = sp_db_list_log (store.db, store.tournament->id, &error)) == NULL)
    return sp_cli_store_fail (cli, &store, error);
  for (guint i = 0; i < log->len; i++)
    {
      const SpLogEntry *entry = log->pdata[i];

      if ((session == 0 || entry->session == session) && (table == 0 || entry->table == table)
          && (player == 0 || sp_log_entry_concerns (entry, player)))
        g_ptr_array_add (rows, log_row_new (log, i));
    }
  if (cli->json)
    {
      json_builder_begin_object (builder);
      sp_cli_builder_string (builder, "tournament", store.tournament->name);
      sp_cli_build_records (builder, "log", log_columns, rows);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
      return SP_CLI_OK;
    }
  if (rows->len == 0)
    {
      /* Nothing to list is not an error: the filters may just match nothing yet. */
      printf ("%s\n", log->len == 0 ? _("The log is empty.")
                                    : _("No line of the log matches the filters."));
      return SP_CLI_OK;
    }
  sp_cli_append_table (out, log_columns, rows);
  fputs (out->str, stdout);
  return SP_CLI_OK;
}
