/* sp-cli-hands.c: `sparrow-cli hand add|list|edit|delete|import`: the hands of a session as the
 * referees enter them, scored by the core at the seats the rotation gives, and corrected with
 * everything after them recomputed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <stdio.h>
#include <string.h>

static const char hand_usage[] =
  "Usage: sparrow-cli hand add --session K --table T --winner E|S|W|N --from E|S|W|N|self\n"
  "                            [SITUATION] (--hand HAND [--false-win] | --fan N) [--json]\n"
  "       sparrow-cli hand add --session K --table T --draw [--json]\n"
  "       sparrow-cli hand list --session K [--table T] [--json]\n"
  "       sparrow-cli hand edit ID [--winner X] [--from X|self] [--hand HAND | --fan N | --draw]\n"
  "                            [SITUATION] [--json]\n"
  "       sparrow-cli hand delete ID\n"
  "       sparrow-cli hand import FILE      # CSV with a header, or JSON Lines\n"
  "\n"
  "Seat letters are the seat winds of that hand at that table: the program knows who sits\n"
  "where from the seating, the rotation and the hand number, and takes the seat wind, the\n"
  "round wind and the dealer from them (a contradicting --seat-wind or --round-wind is\n"
  "refused).  --hand is scored by the rules core; --fan N records a total without tiles.\n"
  "--false-win records the core's penalty for a declared win that is not one.\n"
  "Corrections recompute the later hands of the table and are kept in the audit log.\n"
  "\n"
  "hand import columns (CSV header or JSON keys): session, table, winner, from, fan, hand,\n"
  "draw (1/true), situation (SITUATION options, space-separated).  One transaction: a bad\n"
  "line imports nothing.\n";

static gboolean
parse_seat (const char  *text,
            gboolean     allow_self,
            gint        *seat,
            GError     **error)
{
  SpWind wind;

  if (allow_self && g_strcmp0 (text, "self") == 0)
    {
      *seat = SP_CLI_FROM_SELF;
      return TRUE;
    }
  if (text != NULL && strlen (text) == 1 && sp_wind_from_string (text, &wind))
    {
      *seat = (gint) wind;
      return TRUE;
    }
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "'%s' is not a seat letter (E, S, W, N%s)",
               text != NULL ? text : "", allow_self ? " or self" : "");
  return FALSE;
}

/* Fills @entry from the command line; TRUE when something was given for the hand. */
static gboolean
entry_from_args (const SpCliArgs  *args,
                 SpCliEntry       *entry,
                 GError          **error)
{
  const char *fan = sp_cli_args_get (args, "fan");

  if (sp_cli_args_has (args, "draw"))
    {
      entry->draw = TRUE;
      entry->winner = -1;
      entry->from = -1;
      entry->hand = NULL;
      entry->has_fan = FALSE;
    }
  if (sp_cli_args_get (args, "winner") != NULL
      && !parse_seat (sp_cli_args_get (args, "winner"), FALSE, &entry->winner, error))
    return FALSE;
  if (sp_cli_args_get (args, "from") != NULL
      && !parse_seat (sp_cli_args_get (args, "from"), TRUE, &entry->from, error))
    return FALSE;
  if (sp_cli_args_get (args, "hand") != NULL)
    {
      entry->hand = sp_cli_args_get (args, "hand");
      entry->has_fan = FALSE;
      entry->draw = FALSE;
    }
  if (fan != NULL)
    {
      if (!g_ascii_string_to_signed (fan, 10, 0, 100000, &entry->fan, NULL))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "--fan %s: a total (0 or more) "
                       "is expected", fan);
          return FALSE;
        }
      entry->has_fan = TRUE;
      entry->hand = NULL;
      entry->draw = FALSE;
    }
  if ((sp_cli_args_get (args, "winner") != NULL || sp_cli_args_get (args, "from") != NULL)
      && sp_cli_args_has (args, "draw"))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "--draw is an exhaustive draw: it has no --winner or --from");
      return FALSE;
    }
  entry->false_win = sp_cli_args_has (args, "false-win");
  if (args->situation->len > 0)
    {
      g_ptr_array_set_size (entry->situation, 0);
      for (guint i = 0; i < args->situation->len; i++)
        g_ptr_array_add (entry->situation, g_strdup (args->situation->pdata[i]));
    }
  return TRUE;
}

static void
print_hand (SpCli              *cli,
            SpCliStore         *store,
            const SpHandRecord *record,
            const SpRotation   *rotation,
            const gint64        players[4])
{
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      sp_cli_hand_to_json (store, builder, record, rotation, players);
      sp_cli_print_builder (builder);
      return;
    }
  printf ("hand %" G_GINT64_FORMAT ": session %u table %u hand %u (%s round): ", record->id,
          record->session, record->table, record->number,
          sp_cli_seat_names[rotation->round_wind]);
  if (record->draw)
    printf ("exhaustive draw");
  else
    printf ("%s wins %d %s", sp_cli_seat_names[rotation->seat_wind[record->winner]],
            record->total, record->discarder == SP_CHAIR_NONE ? "self-drawn" : "from");
  if (!record->draw && record->discarder != SP_CHAIR_NONE)
    printf (" %s", sp_cli_seat_names[rotation->seat_wind[record->discarder]]);
  printf (" —");
  for (guint s = 0; s < 4; s++)
    printf (" %s %+" G_GINT64_FORMAT, sp_cli_seat_names[s],
            record->settlement[sp_rotation_chair_at (rotation, (SpWind) s)]);
  printf ("\n");
}

/* Records the penalties of a false-win verdict for the players at the table. */
static gboolean
record_false_win (SpCliStore          *store,
                  const SpCliTable    *state,
                  const SpCliEntry    *entry,
                  const SpScoreResult *result,
                  GPtrArray           *penalties,
                  GError             **error)
{
  for (guint s = 0; s < 4; s++)
    {
      SpPenalty *penalty;

      if (result->penalty[s] == 0)
        continue;
      penalty = g_new0 (SpPenalty, 1);
      penalty->session = state->session;
      penalty->player = state->players[sp_rotation_chair_at (&state->next, (SpWind) s)];
      penalty->points = result->penalty[s];
      penalty->reason = g_strdup_printf ("table %u hand %u: %s (%s declared %s: %s)",
                                         state->table, state->next.number,
                                         result->penalty_reason,
                                         sp_cli_seat_names[entry->winner], entry->hand,
                                         sp_core_error_code_name (result->error_code));
      g_ptr_array_add (penalties, penalty);
      if (!sp_db_add_penalty (store->db, store->tournament->id, penalty, error))
        return FALSE;
    }
  return TRUE;
}

static int
hand_add (SpCli     *cli,
          SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) penalties =
    g_ptr_array_new_with_free_func ((GDestroyNotify) sp_penalty_free);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_auto(SpCliEntry) entry = { .winner = -1, .from = -1 };
  SpCliTable state;
  SpScoreResult result;
  gint64 session = 0, table = 0;
  gboolean false_win;
  int status;

  entry.situation = g_ptr_array_new_with_free_func (g_free);
  sp_score_result_init (&result, SP_RULESET_MCR);
  if (!sp_cli_args_int (cli, args, "session", 1, 1000, &session, &status)
      || !sp_cli_args_int (cli, args, "table", 1, 10000, &table, &status))
    return status;
  if (session == 0 || table == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "hand add needs --session K --table T");
  if (!entry_from_args (args, &entry, &error))
    return sp_cli_store_fail (cli, NULL, error);
  if (!entry.draw && (entry.winner < 0 || entry.from < 0))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "hand add needs --winner E|S|W|N and "
                        "--from E|S|W|N|self, or --draw");
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_begin (store.db, &error)
      || !sp_cli_table_load (&store, (guint) session, (guint) table, &state, &error)
      || !sp_cli_entry_score (&store, &state, &entry, record, &result, &false_win, &error))
    goto fail;
  if (false_win)
    {
      if (!record_false_win (&store, &state, &entry, &result, penalties, &error)
          || !sp_db_commit (store.db, &error))
        goto fail;
      if (cli->json)
        {
          g_autoptr(JsonBuilder) builder = json_builder_new ();

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "false_win");
          json_builder_add_boolean_value (builder, TRUE);
          sp_cli_builder_string (builder, "code", sp_core_error_code_name (result.error_code));
          sp_cli_builder_string (builder, "reason", result.penalty_reason);
          json_builder_set_member_name (builder, "penalty");
          json_builder_begin_object (builder);
          for (guint s = 0; s < 4; s++)
            {
              sp_cli_builder_int (builder, sp_cli_seat_names[s], result.penalty[s]);
            }
          json_builder_end_object (builder);
          json_builder_end_object (builder);
          sp_cli_print_builder (builder);
        }
      else
        for (guint i = 0; i < penalties->len; i++)
          {
            SpPenalty *penalty = penalties->pdata[i];

            printf ("penalty %" G_GINT64_FORMAT ": player %" G_GINT64_FORMAT " %+" G_GINT64_FORMAT
                    " (%s)\n", penalty->id, penalty->player, penalty->points, penalty->reason);
          }
      return sp_cli_store_finish (cli, &store, NULL);
    }
  if (!sp_db_record_hand (store.db, store.tournament->id, record, &error))
    goto fail;
  {
    g_autoptr(SpHandRecord) stored = sp_db_get_hand (store.db, store.tournament->id, record->id,
                                                     &error);

    if (stored == NULL || !sp_db_commit (store.db, &error))
      goto fail;
    print_hand (cli, &store, stored, &state.next, state.players);
  }
  return sp_cli_store_finish (cli, &store, NULL);

fail:
  /* A refused verdict says, as score does, how far the hand was from ready or its total. */
  if (error->domain == SP_CORE_ERROR && !result.win && (gint) result.error_code == error->code
      && (error->code == SP_CORE_ERROR_NOT_A_WIN || error->code == SP_CORE_ERROR_BELOW_MINIMUM))
    {
      if (store.db != NULL)
        sp_db_rollback (store.db);
      sp_cli_store_clear (&store);
      return sp_cli_fail_verdict (cli, &result, error->message);
    }
  return sp_cli_store_finish (cli, &store, error);
}

static int
hand_list (SpCli     *cli,
           SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  SpSessionInfo info;
  gint64 session = 0, table = 0;
  int status;

  if (!sp_cli_args_int (cli, args, "session", 1, 1000, &session, &status)
      || !sp_cli_args_int (cli, args, "table", 1, 10000, &table, &status))
    return status;
  if (session == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "hand list needs --session K");
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_get_session (store.db, store.tournament->id, (guint) session, &info, &error))
    goto fail;
  if (!info.exists)
    {
      g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND, "session %u has not been drawn",
                   (guint) session);
      goto fail;
    }
  if (table > info.n_tables)
    {
      g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   "session %u has no table %u (tables 1–%u)", (guint) session, (guint) table,
                   info.n_tables);
      goto fail;
    }
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "hands");
  json_builder_begin_array (builder);
  for (guint t = table > 0 ? (guint) table : 1; t <= (table > 0 ? (guint) table : info.n_tables);
       t++)
    {
      g_autoptr(GPtrArray) hands = sp_db_list_hands (store.db, store.tournament->id,
                                                     (guint) session, t, &error);
      SpCliTable state;

      if (hands == NULL || !sp_cli_table_load (&store, (guint) session, t, &state, &error))
        goto fail;
      sp_rotation_start (&state.next, store.tournament->ruleset);
      state.n_hands = 0;
      for (guint i = 0; i < hands->len; i++)
        {
          if (cli->json)
            sp_cli_hand_to_json (&store, builder, hands->pdata[i], &state.next, state.players);
          else
            print_hand (cli, &store, hands->pdata[i], &state.next, state.players);
          sp_cli_table_advance (&store, &state, hands->pdata[i]);
        }
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  if (cli->json)
    sp_cli_print_builder (builder);
  sp_cli_store_clear (&store);
  return SP_CLI_OK;

fail:
  return sp_cli_store_finish (cli, &store, error);
}

static gboolean
same_record (const SpHandRecord *a,
             const SpHandRecord *b)
{
  return a->number == b->number && a->winner == b->winner && a->discarder == b->discarder
         && a->draw == b->draw && g_strcmp0 (a->notation, b->notation) == 0
         && g_strcmp0 (a->situation, b->situation) == 0 && g_strcmp0 (a->items, b->items) == 0
         && a->total == b->total && memcmp (a->settlement, b->settlement,
                                            sizeof a->settlement) == 0;
}

/* Scores the hands of a table again from @start, the hand at @start from @edited when given
 * (a correction), the later ones from what was stored: a change of one hand moves the deal
 * (Taiwan 連莊) and so the seat winds, the dealer and the settlement of the hands after it. */
static gboolean
rescore_table (SpCliStore        *store,
               guint              session,
               guint              table,
               guint              start,
               const SpCliEntry  *edited,
               SpCliTable        *edited_state,
               GError           **error)
{
  g_autoptr(GPtrArray) hands = sp_db_list_hands (store->db, store->tournament->id, session, table,
                                                 error);
  SpCliTable state;

  if (hands == NULL || !sp_cli_table_load (store, session, table, &state, error))
    return FALSE;
  sp_rotation_start (&state.next, store->tournament->ruleset);
  state.n_hands = 0;
  for (guint i = 0; i < hands->len; i++)
    {
      SpHandRecord *old = hands->pdata[i];
      g_autoptr(SpHandRecord) fresh = NULL;
      SpCliEntry entry;
      SpScoreResult result;
      gboolean false_win;
      gboolean ok;

      if (i < start)
        {
          sp_cli_table_advance (store, &state, old);
          continue;
        }
      fresh = g_new0 (SpHandRecord, 1);
      sp_cli_entry_from_record (old, &state.next, &entry);
      if (i == start && edited != NULL)
        {
          entry.draw = edited->draw;
          entry.winner = edited->winner;
          entry.from = edited->from;
          entry.hand = edited->hand;
          entry.has_fan = edited->has_fan;
          entry.fan = edited->fan;
          g_ptr_array_set_size (entry.situation, 0);
          for (guint k = 0; k < edited->situation->len; k++)
            g_ptr_array_add (entry.situation, g_strdup (edited->situation->pdata[k]));
          if (edited_state != NULL)
            *edited_state = state;
        }
      ok = sp_cli_entry_score (store, &state, &entry, fresh, &result, &false_win, error);
      sp_cli_entry_clear (&entry);
      if (!ok)
        return FALSE;
      fresh->id = old->id;
      if (fresh->number != i + 1)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "session %u table %u: hand %u would come after the end of the session",
                       session, table, i + 1);
          return FALSE;
        }
      if (!same_record (old, fresh) && !sp_db_update_hand (store->db, store->tournament->id, fresh,
                                                           error))
        return FALSE;
      sp_cli_table_advance (store, &state, fresh);
    }
  return TRUE;
}

static int
hand_edit_or_delete (SpCli     *cli,
                     SpCliArgs *args,
                     gboolean   deleting)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpHandRecord) record = NULL;
  g_autoptr(SpHandRecord) stored = NULL;
  const char *text = args->positional->len == 2 ? args->positional->pdata[1] : NULL;
  g_auto(SpCliEntry) entry = { .winner = -1, .from = -1 };
  SpCliTable state;
  SpSessionInfo info;
  gint64 id;
  int status;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, 1, G_MAXINT64, &id, NULL))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "hand %s takes a hand ID (a number)",
                        deleting ? "delete" : "edit");
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_begin (store.db, &error))
    goto fail;
  record = sp_db_get_hand (store.db, store.tournament->id, id, &error);
  if (record == NULL
      || !sp_db_get_session (store.db, store.tournament->id, record->session, &info, &error))
    goto fail;
  if (info.closed)
    {
      g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "hand %" G_GINT64_FORMAT " belongs to session %u, which is closed (session "
                   "reopen --session %u --force to correct it)", id, record->session,
                   record->session);
      goto fail;
    }
  if (deleting)
    {
      if (!sp_db_delete_hand (store.db, store.tournament->id, id, &error)
          || !rescore_table (&store, record->session, record->table, record->number - 1, NULL,
                             NULL, &error)
          || !sp_db_commit (store.db, &error))
        goto fail;
      if (cli->json)
        printf ("{\"deleted\":%" G_GINT64_FORMAT "}\n", id);
      else
        printf ("hand %" G_GINT64_FORMAT " deleted (session %u table %u hand %u); the later hands "
                "were recomputed\n", id, record->session, record->table, record->number);
      return sp_cli_store_finish (cli, &store, NULL);
    }

  /* The correction starts from the hand as stored, with seat letters of its own seats. */
  {
    g_autoptr(GPtrArray) hands = sp_db_list_hands (store.db, store.tournament->id,
                                                   record->session, record->table, &error);

    if (hands == NULL || !sp_cli_table_load (&store, record->session, record->table, &state,
                                             &error))
      goto fail;
    sp_rotation_start (&state.next, store.tournament->ruleset);
    for (guint i = 0; i + 1 < record->number && i < hands->len; i++)
      sp_cli_table_advance (&store, &state, hands->pdata[i]);
  }
  sp_cli_entry_from_record (record, &state.next, &entry);
  if (!entry_from_args (args, &entry, &error))
    goto fail;
  if (entry.false_win)
    {
      g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "--false-win is for hand add: a false win is a penalty, not a hand");
      goto fail;
    }
  if (!rescore_table (&store, record->session, record->table, record->number - 1, &entry, &state,
                      &error))
    goto fail;
  stored = sp_db_get_hand (store.db, store.tournament->id, id, &error);
  if (stored == NULL || !sp_db_commit (store.db, &error))
    goto fail;
  print_hand (cli, &store, stored, &state.next, state.players);
  return sp_cli_store_finish (cli, &store, NULL);

fail:
  return sp_cli_store_finish (cli, &store, error);
}

/* ---- import ---------------------------------------------------------------------------- */

typedef struct
{
  SpCliStore *store;
  GHashTable *tables;   /* session × 65536 + table → SpCliTable */
  guint       n_hands;
} Import;

static gboolean
import_entry (Import      *import,
              gint64       session,
              gint64       table,
              SpCliEntry  *entry,
              GError     **error)
{
  SpCliTable *state;
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  SpScoreResult result;
  gboolean false_win;
  guint key;

  if (session < 1 || session > 1000 || table < 1 || table > 10000)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "a session and a table are needed");
      return FALSE;
    }
  key = (guint) session * 65536u + (guint) table;
  state = g_hash_table_lookup (import->tables, GUINT_TO_POINTER (key));
  if (state == NULL)
    {
      state = g_new0 (SpCliTable, 1);
      if (!sp_cli_table_load (import->store, (guint) session, (guint) table, state, error))
        {
          g_free (state);
          return FALSE;
        }
      g_hash_table_insert (import->tables, GUINT_TO_POINTER (key), state);
    }
  if (entry->false_win)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "false wins are entered one by one with hand add --false-win");
      return FALSE;
    }
  if (!entry->draw && (entry->winner < 0 || entry->from < 0))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "a win needs a winner and a from (a seat or self); a draw needs draw=1");
      return FALSE;
    }
  if (!sp_cli_entry_score (import->store, state, entry, record, &result, &false_win, error)
      || !sp_db_record_hand (import->store->db, import->store->tournament->id, record, error))
    return FALSE;
  sp_cli_table_advance (import->store, state, record);
  import->n_hands++;
  return TRUE;
}

static gboolean
is_true (const char *text)
{
  if (text == NULL)
    return FALSE;
  return g_strcmp0 (text, "1") == 0 || g_ascii_strcasecmp (text, "true") == 0
         || g_ascii_strcasecmp (text, "yes") == 0;
}

/* One line's fields (by column name) into an entry. */
static gboolean
fields_to_entry (GHashTable  *fields,
                 gint64      *session,
                 gint64      *table,
                 SpCliEntry  *entry,
                 GError     **error)
{
  const char *value;

  *session = 0;
  *table = 0;
  entry->winner = -1;
  entry->from = -1;
  if ((value = g_hash_table_lookup (fields, "session")) != NULL
      && !g_ascii_string_to_signed (value, 10, 1, 1000, session, NULL))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "session '%s' is not a number", value);
      return FALSE;
    }
  if ((value = g_hash_table_lookup (fields, "table")) != NULL
      && !g_ascii_string_to_signed (value, 10, 1, 10000, table, NULL))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "table '%s' is not a number", value);
      return FALSE;
    }
  entry->draw = is_true (g_hash_table_lookup (fields, "draw"));
  if ((value = g_hash_table_lookup (fields, "winner")) != NULL && value[0] != '\0'
      && !parse_seat (value, FALSE, &entry->winner, error))
    return FALSE;
  if ((value = g_hash_table_lookup (fields, "from")) != NULL && value[0] != '\0'
      && !parse_seat (value, TRUE, &entry->from, error))
    return FALSE;
  if ((value = g_hash_table_lookup (fields, "hand")) != NULL && value[0] != '\0')
    entry->hand = value;
  if ((value = g_hash_table_lookup (fields, "fan")) != NULL && value[0] != '\0')
    {
      if (!g_ascii_string_to_signed (value, 10, 0, 100000, &entry->fan, NULL))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "fan '%s' is not a total", value);
          return FALSE;
        }
      entry->has_fan = TRUE;
    }
  if ((value = g_hash_table_lookup (fields, "situation")) != NULL && value[0] != '\0')
    sp_cli_entry_add_situation (entry, value);
  return TRUE;
}

static const char * const import_columns[] = {
  "session", "table", "winner", "from", "fan", "hand", "draw", "situation", NULL
};

/* Enters one line of an import, given its fields by column name; an error names @path and
 * @line. */
static gboolean
import_line (Import      *import,
             GHashTable  *fields,
             const char  *path,
             guint        line,
             GError     **error)
{
  g_auto(SpCliEntry) entry = { 0 };
  g_autoptr(GError) local_error = NULL;
  gint64 session, table;

  entry.situation = g_ptr_array_new_with_free_func (g_free);
  if (fields_to_entry (fields, &session, &table, &entry, &local_error)
      && import_entry (import, session, table, &entry, &local_error))
    return TRUE;
  g_set_error (error, local_error->domain, local_error->code, "%s line %u: %s", path, line,
               local_error->message);
  return FALSE;
}

static gboolean
import_csv (Import      *import,
            const char  *path,
            GError     **error)
{
  SpCliCsv csv = { 0 };
  GPtrArray *header;
  gboolean ok = FALSE;

  if (!sp_cli_csv_read (path, &csv, error))
    goto out;
  if (csv.rows->len == 0)
    {
      ok = TRUE;
      goto out;
    }
  header = csv.rows->pdata[0];
  for (guint i = 0; i < header->len; i++)
    {
      g_strstrip ((char *) header->pdata[i]);
      if (!g_strv_contains (import_columns, header->pdata[i]))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "%s line 1: unknown column '%s' (session, table, winner, from, fan, hand, "
                       "draw, situation)", path, (char *) header->pdata[i]);
          goto out;
        }
    }
  for (guint r = 1; r < csv.rows->len; r++)
    {
      GPtrArray *row = csv.rows->pdata[r];
      guint line = g_array_index (csv.lines, guint, r);
      g_autoptr(GHashTable) fields = g_hash_table_new (g_str_hash, g_str_equal);

      if (row->len == 1 && ((char *) row->pdata[0])[0] == '\0')
        continue;
      if (row->len > header->len)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "%s line %u: %u fields, but the header names %u columns", path, line,
                       row->len, header->len);
          goto out;
        }
      for (guint i = 0; i < row->len; i++)
        g_hash_table_insert (fields, header->pdata[i], g_strstrip ((char *) row->pdata[i]));
      if (!import_line (import, fields, path, line, error))
        goto out;
    }
  ok = TRUE;
out:
  sp_cli_csv_clear (&csv);
  return ok;
}

static gboolean
import_json_lines (Import      *import,
                   const char  *path,
                   const char  *text,
                   GError     **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(JsonParser) parser = json_parser_new ();

  for (guint n = 0; lines[n] != NULL; n++)
    {
      g_autoptr(GHashTable) fields = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
      g_autoptr(GError) local_error = NULL;
      JsonObject *object;

      if (g_strstrip (lines[n])[0] == '\0')
        continue;
      if (!json_parser_load_from_data (parser, lines[n], -1, &local_error)
          || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "%s line %u: %s", path, n + 1,
                       local_error != NULL ? local_error->message : "a JSON object is expected");
          return FALSE;
        }
      object = json_node_get_object (json_parser_get_root (parser));
      for (guint k = 0; import_columns[k] != NULL; k++)
        {
          JsonNode *node = json_object_get_member (object, import_columns[k]);

          if (node == NULL || JSON_NODE_HOLDS_NULL (node))
            continue;
          if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
            g_hash_table_insert (fields, (gpointer) import_columns[k],
                                 g_strdup (json_node_get_boolean (node) ? "1" : "0"));
          else if (json_node_get_value_type (node) == G_TYPE_INT64)
            g_hash_table_insert (fields, (gpointer) import_columns[k],
                                 g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node)));
          else if (json_node_get_value_type (node) == G_TYPE_STRING)
            g_hash_table_insert (fields, (gpointer) import_columns[k],
                                 g_strdup (json_node_get_string (node)));
        }
      {
        g_autoptr(GList) members = json_object_get_members (object);

        for (GList *m = members; m != NULL; m = m->next)
          {
            if (!g_strv_contains (import_columns, m->data))
              {
                g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                             "%s line %u: unknown key '%s'", path, n + 1, (char *) m->data);
                return FALSE;
              }
          }
      }
      if (!import_line (import, fields, path, n + 1, error))
        return FALSE;
    }
  return TRUE;
}

static int
hand_import (SpCli     *cli,
             SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) tables = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                                        g_free);
  g_autofree char *text = NULL;
  const char *path;
  const char *p;
  Import import = { &store, tables, 0 };
  int status;

  if (args->positional->len != 2)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "hand import takes one FILE");
  path = args->positional->pdata[1];
  if (!g_file_get_contents (path, &text, NULL, &error))
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s", error->message);
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_begin (store.db, &error))
    goto fail;
  for (p = text; g_ascii_isspace (*p); p++)
    ;
  if (!(*p == '{' ? import_json_lines (&import, path, text, &error)
        : import_csv (&import, path, &error))
      || !sp_db_commit (store.db, &error))
    goto fail;
  if (cli->json)
    printf ("{\"imported\":%u}\n", import.n_hands);
  else
    printf ("%u hands imported\n", import.n_hands);
  sp_cli_store_clear (&store);
  return SP_CLI_OK;

fail:
  return sp_cli_store_finish (cli, &store, error);
}

static int
hand_run (SpCli     *cli,
          SpCliArgs *args)
{
  const char *command = args->positional->len > 0 ? args->positional->pdata[0] : NULL;

  if (args->help || command == NULL)
    return sp_cli_usage (hand_usage, args->help);
  if (strcmp (command, "add") == 0 && args->positional->len == 1)
    return hand_add (cli, args);
  if (strcmp (command, "list") == 0 && args->positional->len == 1)
    return hand_list (cli, args);
  if (strcmp (command, "edit") == 0)
    return hand_edit_or_delete (cli, args, FALSE);
  if (strcmp (command, "delete") == 0)
    return hand_edit_or_delete (cli, args, TRUE);
  if (strcmp (command, "import") == 0)
    return hand_import (cli, args);
  return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "unknown hand command '%s' (add, list, "
                      "edit, delete or import)", command);
}

int
sp_cli_hand (SpCli  *cli,
             int     argc,
             char  **argv)
{
  static const char * const allowed[] = {
    "session=", "table=", "winner=", "from=", "hand=", "fan=", "draw", "false-win", "json", NULL
  };

  return sp_cli_args_run (cli, argc, argv, allowed, TRUE, hand_run);
}
