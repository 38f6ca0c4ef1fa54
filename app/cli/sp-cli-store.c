/* sp-cli-store.c: option parsing, the open store and the replay of a table's hands, shared by
 * the tournament commands.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const char * const sp_cli_seat_names[4] = { "E", "S", "W", "N" };

/* ---- options --------------------------------------------------------------------------- */

static gboolean
is_situation_option (const char *name)
{
  SpSituation scratch;

  if (sp_cli_situation_takes_value (name))
    return TRUE;
  sp_situation_init (&scratch);
  return sp_cli_situation_apply (&scratch, name, NULL, NULL);
}

gboolean
sp_cli_args_parse (SpCli              *cli,
                   int                 argc,
                   char              **argv,
                   const char * const *allowed,
                   gboolean            takes_situation,
                   SpCliArgs          *args,
                   int                *status)
{
  memset (args, 0, sizeof *args);
  args->values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  args->repeated = g_ptr_array_new_with_free_func (g_free);
  args->positional = g_ptr_array_new_with_free_func (g_free);
  args->situation = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < argc; i++)
    if (strcmp (argv[i], "--json") == 0)
      cli->json = TRUE;

  for (int i = 0; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *eq = strchr (arg, '=');
      g_autofree char *name = NULL;
      const char *value = NULL;
      gboolean found = FALSE;
      gboolean takes_value = FALSE;

      if (strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0)
        {
          args->help = TRUE;
          continue;
        }
      if (!g_str_has_prefix (arg, "--"))
        {
          g_ptr_array_add (args->positional, g_strdup (arg));
          continue;
        }
      name = eq != NULL ? g_strndup (arg + 2, (gsize) (eq - arg - 2)) : g_strdup (arg + 2);
      if (eq != NULL)
        value = eq + 1;
      for (guint k = 0; allowed[k] != NULL && !found; k++)
        {
          gsize len = strlen (allowed[k]);
          gboolean with_value = len > 0 && allowed[k][len - 1] == '=';

          if (strncmp (allowed[k], name, with_value ? len - 1 : len) == 0
              && name[with_value ? len - 1 : len] == '\0')
            {
              found = TRUE;
              takes_value = with_value;
            }
        }
      if (!found && takes_situation)
        {
          g_autofree char *option = g_strconcat ("--", name, NULL);

          if (is_situation_option (option))
            {
              if (sp_cli_situation_takes_value (option) && value == NULL)
                {
                  if (i + 1 >= argc)
                    {
                      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "%s needs a value",
                                             option);
                      return FALSE;
                    }
                  value = argv[++i];
                }
              g_ptr_array_add (args->situation, g_steal_pointer (&option));
              g_ptr_array_add (args->situation, g_strdup (value));
              continue;
            }
        }
      if (!found)
        {
          *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "unknown option %s (see --help)", arg);
          return FALSE;
        }
      if (takes_value && value == NULL)
        {
          if (i + 1 >= argc)
            {
              *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--%s needs a value", name);
              return FALSE;
            }
          value = argv[++i];
        }
      if (!takes_value && value != NULL)
        {
          *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--%s takes no value", name);
          return FALSE;
        }
      if (strcmp (name, "option") == 0)
        g_ptr_array_add (args->repeated, g_strdup (value));
      g_hash_table_replace (args->values, g_strdup (name), g_strdup (value != NULL ? value : ""));
    }
  return TRUE;
}

int
sp_cli_args_run (SpCli              *cli,
                 int                 argc,
                 char              **argv,
                 const char * const *allowed,
                 gboolean            takes_situation,
                 SpCliArgsFunc       run)
{
  SpCliArgs args;
  int status;

  if (sp_cli_args_parse (cli, argc - 1, argv + 1, allowed, takes_situation, &args, &status))
    status = run (cli, &args);
  sp_cli_args_clear (&args);
  return status;
}

void
sp_cli_args_clear (SpCliArgs *args)
{
  g_clear_pointer (&args->values, g_hash_table_unref);
  g_clear_pointer (&args->repeated, g_ptr_array_unref);
  g_clear_pointer (&args->positional, g_ptr_array_unref);
  g_clear_pointer (&args->situation, g_ptr_array_unref);
}

const char *
sp_cli_args_get (const SpCliArgs *args,
                 const char      *name)
{
  return g_hash_table_lookup (args->values, name);
}

gboolean
sp_cli_args_has (const SpCliArgs *args,
                 const char      *name)
{
  return g_hash_table_contains (args->values, name);
}

gboolean
sp_cli_args_int (SpCli           *cli,
                 const SpCliArgs *args,
                 const char      *name,
                 gint64           min,
                 gint64           max,
                 gint64          *value,
                 int             *status)
{
  const char *text = sp_cli_args_get (args, name);
  g_autoptr(GError) error = NULL;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, min, max, value, &error))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--%s %s: %s", name, text,
                             error->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- the store ------------------------------------------------------------------------- */

int
sp_cli_store_fail (SpCli        *cli,
                   SpCliStore   *store,
                   const GError *error)
{
  if (store != NULL && store->db != NULL)
    sp_db_rollback (store->db);
  if (error->domain == SP_DB_ERROR)
    {
      switch ((SpDbError) error->code)
        {
        case SP_DB_ERROR_IO:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "storage", "%s", error->message);
        case SP_DB_ERROR_NOT_SPARROW:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "not-sparrow", "%s", error->message);
        case SP_DB_ERROR_TOO_NEW:
          return sp_cli_fail (cli, SP_CLI_STORAGE, "too-new", "%s", error->message);
        case SP_DB_ERROR_NOT_FOUND:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "not-found", "%s", error->message);
        case SP_DB_ERROR_INVALID:
        default:
          return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s", error->message);
        }
    }
  return sp_cli_fail_error (cli, error);
}

const char *
sp_cli_store_option (SpCliStore *store,
                     const char *key,
                     const char *fallback)
{
  const char *value = store->options != NULL ? g_hash_table_lookup (store->options, key) : NULL;

  return value != NULL ? value : fallback;
}

gboolean
sp_cli_store_open (SpCli       *cli,
                   SpCliStore  *store,
                   gboolean     need_tournament,
                   int         *status)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = cli->db_path != NULL && cli->db_path[0] != '\0'
                          ? g_strdup (cli->db_path) : sp_db_default_path ();

  memset (store, 0, sizeof *store);
  store->db = sp_db_open (path, &error);
  if (store->db == NULL)
    {
      *status = sp_cli_store_fail (cli, NULL, error);
      return FALSE;
    }
  sp_db_set_referee (store->db, cli->referee);
  if (!need_tournament)
    return TRUE;
  store->tournament = sp_db_find_tournament (store->db, cli->tournament, &error);
  if (store->tournament != NULL)
    store->rules = sp_tournament_new_rules (store->tournament, &error);
  if (store->rules == NULL)
    {
      *status = sp_cli_store_finish (cli, store, error);
      return FALSE;
    }
  store->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  {
    g_auto(GStrv) lines = g_strsplit (store->tournament->options != NULL
                                      ? store->tournament->options : "", "\n", -1);

    for (guint i = 0; lines[i] != NULL; i++)
      {
        const char *eq = strchr (lines[i], '=');

        if (eq != NULL)
          g_hash_table_replace (store->options, g_strndup (lines[i], (gsize) (eq - lines[i])),
                                g_strdup (eq + 1));
      }
  }
  return TRUE;
}

void
sp_cli_store_clear (SpCliStore *store)
{
  g_clear_pointer (&store->options, g_hash_table_unref);
  g_clear_pointer (&store->rules, sp_rules_free);
  g_clear_pointer (&store->tournament, sp_tournament_free);
  g_clear_pointer (&store->db, sp_db_close);
}

int
sp_cli_store_finish (SpCli        *cli,
                     SpCliStore   *store,
                     const GError *error)
{
  int status = error != NULL ? sp_cli_store_fail (cli, store, error) : SP_CLI_OK;

  sp_cli_store_clear (store);
  return status;
}

/* ---- a table's state ------------------------------------------------------------------- */

static gboolean
dealer_repeats (SpCliStore *store)
{
  return g_strcmp0 (sp_cli_store_option (store, "dealer_repeats", "off"), "on") == 0;
}

void
sp_cli_table_advance (SpCliStore         *store,
                      SpCliTable         *state,
                      const SpHandRecord *record)
{
  guint dealer = sp_rotation_chair_at (&state->next, SP_WIND_EAST);

  sp_rotation_advance (&state->next, store->tournament->ruleset, dealer_repeats (store),
                       !record->draw && record->winner == (gint) dealer, record->draw);
  state->n_hands++;
}

gboolean
sp_cli_table_load (SpCliStore  *store,
                   guint        session,
                   guint        table,
                   SpCliTable  *state,
                   GError     **error)
{
  g_autoptr(GPtrArray) hands = NULL;
  SpSessionInfo info;
  gint64 id = store->tournament->id;

  memset (state, 0, sizeof *state);
  state->session = session;
  state->table = table;
  if (!sp_db_get_session (store->db, id, session, &info, error))
    return FALSE;
  if (!info.exists || info.n_tables == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   "session %u has not been drawn (seating draw --session %u)", session, session);
      return FALSE;
    }
  if (table < 1 || table > info.n_tables)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   "session %u has no table %u (tables 1–%u)", session, table, info.n_tables);
      return FALSE;
    }
  state->closed = info.closed;
  if (!sp_db_get_table_seats (store->db, id, session, table, state->players, error))
    return FALSE;
  hands = sp_db_list_hands (store->db, id, session, table, error);
  if (hands == NULL)
    return FALSE;
  sp_rotation_start (&state->next, store->tournament->ruleset);
  for (guint i = 0; i < hands->len; i++)
    sp_cli_table_advance (store, state, hands->pdata[i]);
  return TRUE;
}

/* ---- scoring one entry ----------------------------------------------------------------- */

static char *
items_to_json (const SpScoreResult *result)
{
  GString *out = g_string_new (NULL);

  sp_cli_json_items (out, result);
  return g_string_free (out, FALSE);
}

/* A SITUATION option the seating already decides must agree with it. */
static gboolean
check_fixed (const SpCliEntry  *entry,
             const char        *option,
             guint              expected,
             const char        *why,
             GError           **error)
{
  for (guint i = 0; i + 1 < entry->situation->len; i += 2)
    {
      const char *name = entry->situation->pdata[i];
      const char *value = entry->situation->pdata[i + 1];
      SpWind wind;
      guint64 number;

      if (strcmp (name, option) != 0)
        continue;
      if (sp_wind_from_string (value, &wind) ? (guint) wind == expected
          : (g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT, &number, NULL)
             && number == expected))
        continue;
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BAD_SITUATION,
                   "%s %s contradicts the seating: %s", option, value, why);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_cli_entry_score (SpCliStore        *store,
                    const SpCliTable  *state,
                    const SpCliEntry  *entry,
                    SpHandRecord      *record,
                    SpScoreResult     *result,
                    gboolean          *false_win,
                    GError           **error)
{
  const SpTournament *tournament = store->tournament;
  const SpRotation *rotation = &state->next;
  SpSituation situation;
  GString *extra = g_string_new (NULL);
  g_autofree char *why = NULL;
  gboolean ok = FALSE;

  *false_win = FALSE;
  record->session = state->session;
  record->table = state->table;
  record->number = rotation->number;
  record->winner = SP_CHAIR_NONE;
  record->discarder = SP_CHAIR_NONE;
  record->draw = entry->draw;
  record->total = 0;
  memset (record->settlement, 0, sizeof record->settlement);
  g_clear_pointer (&record->notation, g_free);
  g_clear_pointer (&record->situation, g_free);
  g_clear_pointer (&record->items, g_free);
  sp_score_result_init (result, tournament->ruleset);

  if (state->closed)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u is closed (session reopen --session %u --force to correct it)",
                   state->session, state->session);
      goto out;
    }
  if (rotation->finished)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u table %u is complete: it already has its %u hands",
                   state->session, state->table, state->n_hands);
      goto out;
    }
  if (entry->draw)
    {
      if (entry->winner >= 0 || entry->from >= 0 || entry->hand != NULL || entry->has_fan
          || entry->false_win)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "session %u table %u hand %u: a draw has no winner, discarder, hand or fan",
                       state->session, state->table, record->number);
          goto out;
        }
      ok = TRUE;
      goto out;
    }
  if (entry->winner < 0 || entry->from < 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u table %u hand %u: a win needs --winner E|S|W|N and --from "
                   "E|S|W|N|self (or --draw)", state->session, state->table, record->number);
      goto out;
    }
  if (entry->from == entry->winner)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u table %u hand %u: the winner %s cannot win on a discard of his "
                   "own (use --from self)", state->session, state->table, record->number,
                   sp_cli_seat_names[entry->winner]);
      goto out;
    }
  if ((entry->hand != NULL) == entry->has_fan)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u table %u hand %u: give the tiles with --hand or the total with "
                   "--fan N (one of them)", state->session, state->table, record->number);
      goto out;
    }

  /* The situation comes from the seating: the winner's seat wind is his letter, the round
   * wind and the dealer (always East) from the rotation. */
  sp_situation_init (&situation);
  for (guint i = 0; i + 1 < entry->situation->len; i += 2)
    {
      const char *name = entry->situation->pdata[i];
      const char *value = entry->situation->pdata[i + 1];

      if (!sp_cli_situation_apply (&situation, name, value, error))
        goto out;
      if (strcmp (name, "--seat-wind") == 0 || strcmp (name, "--round-wind") == 0
          || strcmp (name, "--dealer") == 0 || strcmp (name, "--streak") == 0
          || strcmp (name, "--discarder") == 0 || strcmp (name, "--self-drawn") == 0)
        continue;
      g_string_append_printf (extra, "%s%s%s%s", extra->len > 0 ? " " : "", name,
                              value != NULL ? " " : "", value != NULL ? value : "");
    }
  why = g_strdup_printf ("at session %u table %u hand %u the winner sits %s, the round wind is %s "
                         "and the dealer sits E", state->session, state->table, record->number,
                         sp_cli_seat_names[entry->winner],
                         sp_cli_seat_names[rotation->round_wind]);
  if (!check_fixed (entry, "--seat-wind", entry->winner, why, error)
      || !check_fixed (entry, "--round-wind", rotation->round_wind, why, error)
      || !check_fixed (entry, "--dealer", SP_WIND_EAST, why, error)
      || !check_fixed (entry, "--streak", rotation->streak, why, error)
      || (entry->from != SP_CLI_FROM_SELF
          && !check_fixed (entry, "--discarder", entry->from, why, error)))
    goto out;
  if (situation.self_drawn && entry->from != SP_CLI_FROM_SELF)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BAD_SITUATION,
                   "--self-drawn contradicts --from %s", sp_cli_seat_names[entry->from]);
      goto out;
    }
  situation.seat_wind = (guint8) entry->winner;
  situation.round_wind = rotation->round_wind;
  situation.dealer = SP_WIND_EAST;
  situation.streak = rotation->streak;
  situation.self_drawn = entry->from == SP_CLI_FROM_SELF;
  situation.discarder = entry->from == SP_CLI_FROM_SELF ? SP_SEAT_NONE : (guint8) entry->from;
  if (!(situation.given & SP_SITUATION_BASE) && tournament->base > 0)
    situation.base = tournament->base;
  if (tournament->per_tai > 0)
    situation.per_tai = tournament->per_tai;

  if (entry->hand != NULL)
    {
      SpHand hand;

      if (!sp_hand_parse (entry->hand, &hand, error))
        goto out;
      sp_rules_score (store->rules, &hand, &situation, result);
      if (!result->win)
        {
          if (entry->false_win && result->has_penalty)
            {
              *false_win = TRUE;
              ok = TRUE;
              goto out;
            }
          g_set_error (error, SP_CORE_ERROR, result->error_code,
                       "session %u table %u hand %u: %s", state->session, state->table,
                       record->number, result->message);
          goto out;
        }
      if (entry->false_win)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "session %u table %u hand %u: --false-win, but the hand is a legal win of "
                       "%d", state->session, state->table, record->number, result->total);
          goto out;
        }
      record->notation = g_strdup (entry->hand);
      record->items = items_to_json (result);
    }
  else
    {
      if (entry->false_win)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "--false-win needs the tiles (--hand) so that the core can judge them");
          goto out;
        }
      if (tournament->ruleset == SP_RULESET_MCR && entry->fan < 8)
        {
          sp_score_result_refuse (result, SP_CORE_ERROR_BELOW_MINIMUM,
                                  "%" G_GINT64_FORMAT " fan is below the minimum of 8",
                                  entry->fan);
          result->total = (gint32) entry->fan;
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BELOW_MINIMUM,
                       "session %u table %u hand %u: %" G_GINT64_FORMAT " fan is below the "
                       "minimum of 8", state->session, state->table, record->number, entry->fan);
          goto out;
        }
      if (entry->fan < 0 || entry->fan > 100000)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "session %u table %u hand %u: %" G_GINT64_FORMAT " is not a total",
                       state->session, state->table, record->number, entry->fan);
          goto out;
        }
      if (!sp_rules_settle (store->rules, &situation, (gint32) entry->fan, result, error))
        goto out;
    }
  if (!result->has_settlement)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u table %u hand %u: the %s referee gave no settlement",
                   state->session, state->table, record->number,
                   sp_ruleset_to_string (tournament->ruleset));
      goto out;
    }
  record->winner = (gint) sp_rotation_chair_at (rotation, (SpWind) entry->winner);
  if (entry->from != SP_CLI_FROM_SELF)
    record->discarder = (gint) sp_rotation_chair_at (rotation, (SpWind) entry->from);
  record->total = result->total;
  for (guint s = 0; s < 4; s++)
    record->settlement[sp_rotation_chair_at (rotation, (SpWind) s)] = result->settlement[s];
  ok = TRUE;
out:
  if (ok && extra->len > 0)
    record->situation = g_string_free (g_steal_pointer (&extra), FALSE);
  if (extra != NULL)
    g_string_free (extra, TRUE);
  return ok;
}

static gint
seat_of_chair (const SpRotation *rotation,
               gint              chair)
{
  return chair == SP_CHAIR_NONE ? -1 : rotation->seat_wind[chair];
}

void
sp_cli_entry_from_record (const SpHandRecord *record,
                          const SpRotation   *rotation,
                          SpCliEntry         *entry)
{
  memset (entry, 0, sizeof *entry);
  entry->situation = g_ptr_array_new_with_free_func (g_free);
  entry->draw = record->draw;
  entry->winner = seat_of_chair (rotation, record->winner);
  entry->from = record->draw ? -1
                : record->discarder == SP_CHAIR_NONE ? SP_CLI_FROM_SELF
                : seat_of_chair (rotation, record->discarder);
  entry->hand = record->notation;
  entry->has_fan = !record->draw && record->notation == NULL;
  entry->fan = record->total;
  if (record->situation != NULL)
    sp_cli_entry_add_situation (entry, record->situation);
}

void
sp_cli_entry_add_situation (SpCliEntry *entry,
                            const char *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      g_ptr_array_add (entry->situation, g_strdup (words[i]));
      if (sp_cli_situation_takes_value (words[i]) && words[i + 1] != NULL)
        g_ptr_array_add (entry->situation, g_strdup (words[++i]));
      else
        g_ptr_array_add (entry->situation, NULL);
    }
}

void
sp_cli_entry_clear (SpCliEntry *entry)
{
  g_clear_pointer (&entry->situation, g_ptr_array_unref);
}

void
sp_cli_hand_to_json (SpCliStore         *store,
                     JsonBuilder        *builder,
                     const SpHandRecord *record,
                     const SpRotation   *rotation,
                     const gint64        players[4])
{
  json_builder_begin_object (builder);
  sp_cli_builder_int (builder, "id", record->id);
  sp_cli_builder_int (builder, "session", record->session);
  sp_cli_builder_int (builder, "table", record->table);
  sp_cli_builder_int (builder, "number", record->number);
  sp_cli_builder_string (builder, "round_wind", sp_cli_seat_names[rotation->round_wind]);
  sp_cli_builder_int (builder, "streak", rotation->streak);
  json_builder_set_member_name (builder, "draw");
  json_builder_add_boolean_value (builder, record->draw);
  json_builder_set_member_name (builder, "winner");
  if (record->draw)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, sp_cli_seat_names[rotation->seat_wind[record->winner]]);
  json_builder_set_member_name (builder, "from");
  if (record->draw)
    json_builder_add_null_value (builder);
  else if (record->discarder == SP_CHAIR_NONE)
    json_builder_add_string_value (builder, "self");
  else
    json_builder_add_string_value (builder,
                                   sp_cli_seat_names[rotation->seat_wind[record->discarder]]);
  sp_cli_builder_nullable (builder, "hand", record->notation);
  if (record->situation != NULL)
    {
      sp_cli_builder_string (builder, "situation", record->situation);
    }
  json_builder_set_member_name (builder, "fan");
  if (record->items != NULL)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();

      if (json_parser_load_from_data (parser, record->items, -1, NULL))
        json_builder_add_value (builder, json_node_copy (json_parser_get_root (parser)));
      else
        json_builder_add_null_value (builder);
    }
  else
    {
      json_builder_begin_array (builder);
      json_builder_end_array (builder);
    }
  sp_cli_builder_int (builder, "total", record->total);
  json_builder_set_member_name (builder, "settlement");
  json_builder_begin_object (builder);
  for (guint s = 0; s < 4; s++)
    {
      sp_cli_builder_int (builder, sp_cli_seat_names[s],
                          record->settlement[sp_rotation_chair_at (rotation, (SpWind) s)]);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_object (builder);
  for (guint s = 0; s < 4; s++)
    {
      sp_cli_builder_int (builder, sp_cli_seat_names[s],
                          players[sp_rotation_chair_at (rotation, (SpWind) s)]);
    }
  json_builder_end_object (builder);
  sp_cli_builder_string (builder, "entered_by",
                         record->entered_by != NULL ? record->entered_by : "");
  json_builder_end_object (builder);
}
