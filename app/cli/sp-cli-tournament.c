/* sp-cli-tournament.c: `sparrow-cli tournament`, `players`, `penalty` and `session`: the
 * director's commands on the store.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <stdio.h>
#include <string.h>

/* ---- tournament ------------------------------------------------------------------------ */

static const char tournament_usage[] =
  "Usage: sparrow-cli tournament create --name NAME --rules mcr|taiwan|guangdong [--profile P]\n"
  "                              [--option KEY=VALUE]... [--sessions N]\n"
  "                              [--seating balanced|random|swiss] [--ranking r98|ema|score]\n"
  "                              [--base N --per-tai N] [--json]\n"
  "       sparrow-cli tournament list [--json]\n"
  "\n"
  "Tournament options (--option) besides the ruleset's own (score --list-options):\n"
  "  rank_substitutes=on|off   substitutes appear in the standings (on)\n"
  "  penalties=session|overall penalties change the session score (and so table points)\n"
  "                            or only the total score (session)\n"
  "  swiss=high-high|snake     pairing of the Swiss draw: 高高碰 or 蛇形 (high-high)\n"
  "  dealer_repeats=on|off     Guangdong 連莊 (off)\n"
  "  group_tables=N            R98 group scoring: tables 1–N, N+1–2N, … of a session form one\n"
  "                            group ranked together, table points by 标准分 (first 4N, then\n"
  "                            4N − place, last 0; ties share); 1 = each table alone, 4/2/1/0 (1)\n";

static void
tournament_to_json (JsonBuilder   *builder,
                    gconstpointer  record)
{
  const SpTournament *tournament = record;

  json_builder_begin_object (builder);
  sp_cli_builder_int (builder, "id", tournament->id);
  sp_cli_builder_string (builder, "name", tournament->name);
  sp_cli_builder_string (builder, "rules", sp_ruleset_to_string (tournament->ruleset));
  sp_cli_builder_string (builder, "profile", tournament->profile);
  sp_cli_builder_int (builder, "sessions", tournament->n_sessions);
  sp_cli_builder_string (builder, "seating", tournament->seating);
  sp_cli_builder_string (builder, "ranking", tournament->ranking);
  sp_cli_builder_string (builder, "options", tournament->options);
  sp_cli_builder_string (builder, "created", tournament->created);
  json_builder_end_object (builder);
}

static int
tournament_create (SpCli     *cli,
                   SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = NULL;
  g_autoptr(GString) options = g_string_new (NULL);
  SpTournament tournament = { 0 };
  const char *name = sp_cli_args_get (args, "name");
  const char *rules_name = sp_cli_args_get (args, "rules");
  const char *seating = sp_cli_args_get (args, "seating");
  const char *ranking = sp_cli_args_get (args, "ranking");
  SpRanking ranking_value;
  SpRuleset ruleset;
  gint64 sessions = 4, base = 0, per_tai = 0;
  int status;

  if (name == NULL || g_strstrip ((char *) name)[0] == '\0')
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "tournament create needs --name NAME");
  if (rules_name == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--rules mcr|taiwan|guangdong is required");
  if (!sp_ruleset_from_string (rules_name, &ruleset))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        "unknown ruleset '%s' (mcr, taiwan or guangdong)", rules_name);
  if (seating == NULL)
    seating = ruleset == SP_RULESET_MCR ? "balanced" : "random";
  if (strcmp (seating, "balanced") != 0 && strcmp (seating, "random") != 0
      && strcmp (seating, "swiss") != 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        "--seating %s: balanced, random or swiss expected", seating);
  if (ranking == NULL)
    ranking = ruleset == SP_RULESET_MCR ? "r98" : "score";
  if (!sp_ranking_from_string (ranking, &ranking_value))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--ranking %s: r98, ema or score expected",
                        ranking);
  if (!sp_cli_args_int (cli, args, "sessions", 1, 100, &sessions, &status)
      || !sp_cli_args_int (cli, args, "base", 1, G_MAXINT32, &base, &status)
      || !sp_cli_args_int (cli, args, "per-tai", 1, G_MAXINT32, &per_tai, &status))
    return status;
  if (ruleset == SP_RULESET_TAIWAN && base == 0 && per_tai == 0)
    {
      base = 30;
      per_tai = 10;
    }
  rules = sp_rules_new (ruleset, sp_cli_args_get (args, "profile"), &error);
  if (rules == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--profile: %s", error->message);
  for (guint i = 0; i < args->repeated->len; i++)
    {
      const char *option = args->repeated->pdata[i];
      const char *eq = strchr (option, '=');
      g_autofree char *key = NULL;
      gboolean known;

      if (eq == NULL)
        return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--option %s: KEY=VALUE expected", option);
      key = g_strndup (option, (gsize) (eq - option));
      if (!sp_tournament_check_option (key, eq + 1, &known, &error)
          || (!known && !sp_rules_set_option (rules, key, eq + 1, &error)))
        return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--option %s: %s", option,
                            error->message);
      g_string_append_printf (options, "%s%s", options->len > 0 ? "\n" : "", option);
    }

  if (!sp_cli_store_open (cli, &store, FALSE, &status))
    return status;
  tournament.name = (char *) name;
  tournament.ruleset = ruleset;
  tournament.profile = (char *) sp_rules_get_profile (rules);
  tournament.options = options->str;
  tournament.n_sessions = (guint) sessions;
  tournament.seating = (char *) seating;
  tournament.ranking = (char *) sp_ranking_to_string (ranking_value);
  tournament.base = (gint32) base;
  tournament.per_tai = (gint32) per_tai;
  if (!sp_db_create_tournament (store.db, &tournament, &error))
    return sp_cli_store_finish (cli, &store, error);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      tournament_to_json (builder, &tournament);
      sp_cli_print_builder (builder);
    }
  else
    printf ("tournament %" G_GINT64_FORMAT ": %s (%s, profile %s, %u sessions, %s seating, "
            "%s ranking)\n", tournament.id, name, sp_ruleset_to_string (ruleset),
            tournament.profile, tournament.n_sessions, seating, tournament.ranking);
  g_free (tournament.created);
  sp_cli_store_clear (&store);
  return SP_CLI_OK;
}

static int
tournament_list (SpCli     *cli,
                 SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  int status;

  if (!sp_cli_store_open (cli, &store, FALSE, &status))
    return status;
  list = sp_db_list_tournaments (store.db, &error);
  if (list == NULL)
    return sp_cli_store_finish (cli, &store, error);
  if (cli->json)
    sp_cli_print_json_list ("tournaments", list, tournament_to_json);
  else
    for (guint i = 0; i < list->len; i++)
      {
        SpTournament *t = list->pdata[i];

        printf ("%" G_GINT64_FORMAT "\t%s\t%s/%s\t%u sessions\t%s\t%s\t%s\n", t->id, t->name,
                sp_ruleset_to_string (t->ruleset), t->profile, t->n_sessions, t->seating,
                t->ranking, t->created);
      }
  sp_cli_store_clear (&store);
  return SP_CLI_OK;
}

static int
tournament_run (SpCli     *cli,
                SpCliArgs *args)
{
  if (args->help || args->positional->len != 1)
    return sp_cli_usage (tournament_usage, args->help);
  if (strcmp (args->positional->pdata[0], "create") == 0)
    return tournament_create (cli, args);
  if (strcmp (args->positional->pdata[0], "list") == 0)
    return tournament_list (cli, args);
  return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "unknown tournament command '%s' "
                      "(create or list)", (char *) args->positional->pdata[0]);
}

int
sp_cli_tournament (SpCli  *cli,
                   int     argc,
                   char  **argv)
{
  static const char * const allowed[] = {
    "name=", "rules=", "profile=", "option=", "sessions=", "seating=", "ranking=", "base=",
    "per-tai=", "json", NULL
  };

  return sp_cli_args_run (cli, argc, argv, allowed, FALSE, tournament_run);
}

/* ---- players --------------------------------------------------------------------------- */

static const char players_usage[] =
  "Usage: sparrow-cli players add NAME [--club C] [--country CC] [--team T] [--federation-id ID]\n"
  "       sparrow-cli players import FILE.csv\n"
  "       sparrow-cli players list [--json]\n"
  "       sparrow-cli players withdraw ID\n"
  "       sparrow-cli players substitute ID --by NAME [--club C] [--country CC] [--team T]\n"
  "\n"
  "The CSV file has a header naming its columns, in any order: name (required), club,\n"
  "country, team, federation_id.  A bad row imports nothing.\n";

static const char * const csv_columns[] = { "name", "club", "country", "team", "federation_id" };

static gboolean
row_is_blank (GPtrArray *row)
{
  for (guint i = 0; i < row->len; i++)
    if (g_strstrip ((char *) row->pdata[i])[0] != '\0')
      return FALSE;
  return TRUE;
}

static gboolean
import_players (SpCliStore  *store,
                const char  *path,
                guint       *n_imported,
                GError     **error)
{
  SpCliCsv reader = { 0 };
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int column_of[G_N_ELEMENTS (csv_columns)];
  GPtrArray *header;
  gboolean ok = FALSE;

  *n_imported = 0;
  if (!sp_cli_csv_read (path, &reader, error))
    goto out;
  if (reader.rows->len == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "%s is empty: a header line (name,club,country,team,federation_id) is expected",
                   path);
      goto out;
    }
  header = reader.rows->pdata[0];
  for (guint k = 0; k < G_N_ELEMENTS (csv_columns); k++)
    column_of[k] = -1;
  for (guint i = 0; i < header->len; i++)
    {
      g_autofree char *name = g_ascii_strdown (g_strstrip ((char *) header->pdata[i]), -1);
      gboolean known = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (csv_columns); k++)
        {
          if (strcmp (name, csv_columns[k]) != 0)
            continue;
          if (column_of[k] >= 0)
            {
              g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                           "%s line %u: the column '%s' appears twice", path,
                           g_array_index (reader.lines, guint, 0), name);
              goto out;
            }
          column_of[k] = (int) i;
          known = TRUE;
        }
      if (!known)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "%s line %u: unknown column '%s' (name, club, country, team, "
                       "federation_id)", path, g_array_index (reader.lines, guint, 0), name);
          goto out;
        }
    }
  if (column_of[0] < 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "%s line %u: the header has no 'name' column", path,
                   g_array_index (reader.lines, guint, 0));
      goto out;
    }

  for (guint r = 1; r < reader.rows->len; r++)
    {
      GPtrArray *row = reader.rows->pdata[r];
      guint line = g_array_index (reader.lines, guint, r);
      char *fields[G_N_ELEMENTS (csv_columns)] = { NULL };
      g_autoptr(SpPlayer) existing = NULL;
      g_autoptr(GError) local_error = NULL;
      SpPlayer player = { 0 };

      for (guint i = 0; i < row->len; i++)
        if (!g_utf8_validate (row->pdata[i], -1, NULL))
          {
            g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                         "%s line %u: field %u is not valid UTF-8", path, line, i + 1);
            goto out;
          }
      if (row_is_blank (row))
        continue;
      if (row->len > header->len)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "%s line %u: %u fields, but the header names %u columns", path, line,
                       row->len, header->len);
          goto out;
        }
      for (guint k = 0; k < G_N_ELEMENTS (csv_columns); k++)
        if (column_of[k] >= 0 && (guint) column_of[k] < row->len
            && ((char *) row->pdata[column_of[k]])[0] != '\0')
          fields[k] = row->pdata[column_of[k]];
      if (fields[0] == NULL)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "%s line %u: the name is missing",
                       path, line);
          goto out;
        }
      if (g_hash_table_contains (seen, fields[0]))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "%s line %u: '%s' appears twice in the file (first on line %u)", path,
                       line, fields[0],
                       GPOINTER_TO_UINT (g_hash_table_lookup (seen, fields[0])));
          goto out;
        }
      g_hash_table_insert (seen, g_strdup (fields[0]), GUINT_TO_POINTER (line));
      existing = sp_db_find_player_by_name (store->db, store->tournament->id, fields[0],
                                            &local_error);
      if (existing != NULL)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "%s line %u: '%s' is already registered (id %" G_GINT64_FORMAT ")", path,
                       line, fields[0], existing->id);
          goto out;
        }
      player.tournament = store->tournament->id;
      player.name = fields[0];
      player.club = fields[1];
      player.country = fields[2];
      player.team = fields[3];
      player.federation_id = fields[4];
      if (!sp_db_add_player (store->db, &player, &local_error))
        {
          g_set_error (error, local_error->domain, local_error->code, "%s line %u: %s", path, line,
                       local_error->message);
          goto out;
        }
      (*n_imported)++;
    }
  ok = TRUE;
out:
  sp_cli_csv_clear (&reader);
  return ok;
}

static void
player_to_json (JsonBuilder   *builder,
                gconstpointer  record)
{
  const SpPlayer *player = record;
  const char *fields[] = { "club", player->club, "country", player->country, "team",
                           player->team, "federation_id", player->federation_id };

  json_builder_begin_object (builder);
  sp_cli_builder_int (builder, "id", player->id);
  sp_cli_builder_string (builder, "name", player->name);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i += 2)
    sp_cli_builder_nullable (builder, fields[i], fields[i + 1]);
  sp_cli_builder_string (builder, "status", sp_player_status_to_string (player->status));
  if (player->substitute_for > 0)
    {
      sp_cli_builder_int (builder, "substitute_for", player->substitute_for);
    }
  json_builder_end_object (builder);
}

static gboolean
parse_player_id (SpCli       *cli,
                 SpCliArgs   *args,
                 gint64      *id,
                 int         *status)
{
  const char *text = args->positional->len == 2 ? args->positional->pdata[1] : NULL;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, 1, G_MAXINT64, id, NULL))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", "a player ID (a number) is expected%s%s",
                             text != NULL ? ", not " : "", text != NULL ? text : "");
      return FALSE;
    }
  return TRUE;
}

static int
players_run (SpCli     *cli,
             SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  const char *command;
  int status = SP_CLI_OK;
  gint64 id = 0;

  if (args->help || args->positional->len == 0)
    return sp_cli_usage (players_usage, args->help);
  command = args->positional->pdata[0];
  if (strcmp (command, "add") == 0 || strcmp (command, "import") == 0)
    {
      if (args->positional->len != 2)
        return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "players %s takes one %s", command,
                            strcmp (command, "add") == 0 ? "NAME" : "FILE");
    }
  else if (strcmp (command, "withdraw") == 0 || strcmp (command, "substitute") == 0)
    {
      if (!parse_player_id (cli, args, &id, &status))
        return status;
      if (strcmp (command, "substitute") == 0 && sp_cli_args_get (args, "by") == NULL)
        return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "players substitute ID needs --by NAME");
    }
  else if (strcmp (command, "list") != 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "unknown players command '%s' (add, import, "
                        "list, withdraw or substitute)", command);

  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (strcmp (command, "list") != 0 && !sp_db_begin (store.db, &error))
    goto fail;

  if (strcmp (command, "add") == 0 || strcmp (command, "substitute") == 0)
    {
      g_autoptr(SpPlayer) replaced = NULL;
      SpPlayer player = {
        .tournament = store.tournament->id,
        .name = g_strdup (strcmp (command, "add") == 0 ? args->positional->pdata[1]
                          : sp_cli_args_get (args, "by")),
        .club = (char *) sp_cli_args_get (args, "club"),
        .country = (char *) sp_cli_args_get (args, "country"),
        .team = (char *) sp_cli_args_get (args, "team"),
        .federation_id = (char *) sp_cli_args_get (args, "federation-id"),
      };
      gboolean ok;

      if (id > 0)
        {
          replaced = sp_db_get_player (store.db, store.tournament->id, id, &error);
          if (replaced == NULL)
            {
              g_free (player.name);
              goto fail;
            }
          /* A player is replaced once; the substitute may in turn be replaced. */
          {
            g_autoptr(GPtrArray) all = sp_db_list_players (store.db, store.tournament->id, &error);

            if (all == NULL)
              {
                g_free (player.name);
                goto fail;
              }
            for (guint i = 0; i < all->len; i++)
              if (((SpPlayer *) all->pdata[i])->substitute_for == id)
                {
                  g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                               "player %" G_GINT64_FORMAT " (%s) already has a substitute, %s",
                               id, replaced->name, ((SpPlayer *) all->pdata[i])->name);
                  g_free (player.name);
                  goto fail;
                }
          }
          player.status = SP_PLAYER_SUBSTITUTE;
          player.substitute_for = id;
          if (player.team == NULL && replaced->team != NULL)
            player.team = replaced->team;
        }
      ok = sp_db_add_player (store.db, &player, &error);
      g_free (player.name);
      if (!ok)
        goto fail;
      if (id > 0 && (!sp_db_set_player_status (store.db, id, SP_PLAYER_WITHDRAWN, &error)
                     || !sp_db_replace_player (store.db, store.tournament->id, id, player.id,
                                               &error)))
        goto fail;
      if (!sp_db_commit (store.db, &error))
        goto fail;
      if (cli->json)
        {
          g_autoptr(SpPlayer) stored = sp_db_get_player (store.db, store.tournament->id, player.id,
                                                         NULL);
          g_autoptr(JsonBuilder) builder = json_builder_new ();

          player_to_json (builder, stored);
          sp_cli_print_builder (builder);
        }
      else if (id > 0)
        printf ("player %" G_GINT64_FORMAT ": %s replaces %s (%" G_GINT64_FORMAT ")\n", player.id,
                sp_cli_args_get (args, "by"), replaced->name, id);
      else
        printf ("player %" G_GINT64_FORMAT ": %s\n", player.id,
                (char *) args->positional->pdata[1]);
    }
  else if (strcmp (command, "import") == 0)
    {
      guint n;

      if (!import_players (&store, args->positional->pdata[1], &n, &error)
          || !sp_db_commit (store.db, &error))
        goto fail;
      if (cli->json)
        printf ("{\"imported\":%u}\n", n);
      else
        printf ("%u players imported\n", n);
    }
  else if (strcmp (command, "withdraw") == 0)
    {
      g_autoptr(SpPlayer) player = sp_db_get_player (store.db, store.tournament->id, id, &error);

      if (player == NULL)
        goto fail;
      if (player->status == SP_PLAYER_WITHDRAWN)
        {
          g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "player %" G_GINT64_FORMAT " (%s) has already withdrawn", id, player->name);
          goto fail;
        }
      if (!sp_db_set_player_status (store.db, id, SP_PLAYER_WITHDRAWN, &error)
          || !sp_db_commit (store.db, &error))
        goto fail;
      printf ("player %" G_GINT64_FORMAT " (%s) withdrawn; name a substitute with: players "
              "substitute %" G_GINT64_FORMAT " --by NAME\n", id, player->name, id);
    }
  else
    {
      g_autoptr(GPtrArray) players = sp_db_list_players (store.db, store.tournament->id, &error);

      if (players == NULL)
        goto fail;
      if (cli->json)
        sp_cli_print_json_list ("players", players, player_to_json);
      else
        for (guint i = 0; i < players->len; i++)
          {
            SpPlayer *p = players->pdata[i];

            printf ("%" G_GINT64_FORMAT "\t%s\t%s\t%s\t%s\t%s\n", p->id, p->name,
                    p->club != NULL ? p->club : "", p->country != NULL ? p->country : "",
                    p->team != NULL ? p->team : "", sp_player_status_to_string (p->status));
          }
    }
  sp_cli_store_clear (&store);
  return SP_CLI_OK;

fail:
  return sp_cli_store_finish (cli, &store, error);
}

int
sp_cli_players (SpCli  *cli,
                int     argc,
                char  **argv)
{
  static const char * const allowed[] = {
    "club=", "country=", "team=", "federation-id=", "by=", "json", NULL
  };

  return sp_cli_args_run (cli, argc, argv, allowed, FALSE, players_run);
}

/* ---- penalty --------------------------------------------------------------------------- */

static const char penalty_usage[] =
  "Usage: sparrow-cli penalty add --session K --player ID --points N --reason TEXT [--hand ID]\n"
  "\n"
  "The player loses N points (N or -N alike) in session K, for REASON.  Whether penalties\n"
  "change the session score (and so table points) or only the total is the tournament option\n"
  "penalties=session|overall.  A false win judged by the core is entered with\n"
  "hand add … --hand HAND --false-win, which records the verdict's penalties.\n";

static int
penalty_run (SpCli     *cli,
             SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(SpPlayer) player = NULL;
  SpPenalty penalty = { 0 };
  SpSessionInfo info;
  gint64 session = 0, player_id = 0, points = G_MININT64, hand = 0;
  int status;

  if (args->help || args->positional->len != 1 || strcmp (args->positional->pdata[0], "add") != 0)
    return sp_cli_usage (penalty_usage, args->help);
  if (!sp_cli_args_int (cli, args, "session", 1, 1000, &session, &status)
      || !sp_cli_args_int (cli, args, "player", 1, G_MAXINT64, &player_id, &status)
      || !sp_cli_args_int (cli, args, "points", -1000000, 1000000, &points, &status)
      || !sp_cli_args_int (cli, args, "hand", 1, G_MAXINT64, &hand, &status))
    return status;
  if (session == 0 || player_id == 0 || points == G_MININT64
      || sp_cli_args_get (args, "reason") == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        "penalty add needs --session K --player ID --points N --reason TEXT");
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_begin (store.db, &error))
    goto fail;
  player = sp_db_get_player (store.db, store.tournament->id, player_id, &error);
  if (player == NULL || !sp_db_get_session (store.db, store.tournament->id, (guint) session, &info,
                                            &error))
    goto fail;
  if (!info.exists)
    {
      g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND, "session %u has not been drawn",
                   (guint) session);
      goto fail;
    }
  if (info.closed)
    {
      g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   "session %u is closed (session reopen --session %u --force to correct it)",
                   (guint) session, (guint) session);
      goto fail;
    }
  if (hand > 0)
    {
      g_autoptr(SpHandRecord) record = sp_db_get_hand (store.db, store.tournament->id, hand,
                                                       &error);

      if (record == NULL)
        goto fail;
      if (record->session != (guint) session)
        {
          g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "hand %" G_GINT64_FORMAT " was played in session %u, not %u", hand,
                       record->session, (guint) session);
          goto fail;
        }
    }
  penalty.session = (guint) session;
  penalty.player = player_id;
  penalty.hand = hand;
  penalty.points = -ABS (points);
  penalty.reason = (char *) sp_cli_args_get (args, "reason");
  if (!sp_db_add_penalty (store.db, store.tournament->id, &penalty, &error)
      || !sp_db_commit (store.db, &error))
    goto fail;
  if (cli->json)
    printf ("{\"id\":%" G_GINT64_FORMAT ",\"session\":%u,\"player\":%" G_GINT64_FORMAT
            ",\"points\":%" G_GINT64_FORMAT "}\n", penalty.id, penalty.session, penalty.player,
            penalty.points);
  else
    printf ("penalty %" G_GINT64_FORMAT ": %s %" G_GINT64_FORMAT " in session %u (%s)\n",
            penalty.id, player->name, penalty.points, penalty.session, penalty.reason);
  return sp_cli_store_finish (cli, &store, NULL);

fail:
  return sp_cli_store_finish (cli, &store, error);
}

int
sp_cli_penalty (SpCli  *cli,
                int     argc,
                char  **argv)
{
  static const char * const allowed[] = {
    "session=", "player=", "points=", "reason=", "hand=", "json", NULL
  };

  return sp_cli_args_run (cli, argc, argv, allowed, FALSE, penalty_run);
}

/* ---- session --------------------------------------------------------------------------- */

static const char session_usage[] =
  "Usage: sparrow-cli session close --session K [--time-up]\n"
  "       sparrow-cli session reopen --session K --force\n"
  "\n"
  "close checks that every table played its hands (16 in MCR, a whole 將 in Taiwan), or\n"
  "with --time-up accepts the hands played when time ran out, and freezes the session.\n"
  "reopen allows corrections again; it is kept in the audit log.\n";

static int
session_run (SpCli     *cli,
             SpCliArgs *args)
{
  SpCliStore store = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) missing = g_string_new (NULL);
  SpSessionInfo info;
  gint64 session = 0;
  gboolean closing;
  int status;

  if (args->help || args->positional->len != 1
      || (strcmp (args->positional->pdata[0], "close") != 0
          && strcmp (args->positional->pdata[0], "reopen") != 0))
    return sp_cli_usage (session_usage, args->help);
  closing = strcmp (args->positional->pdata[0], "close") == 0;
  if (!sp_cli_args_int (cli, args, "session", 1, 1000, &session, &status))
    return status;
  if (session == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "session %s needs --session K",
                        closing ? "close" : "reopen");
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_begin (store.db, &error)
      || !sp_db_get_session (store.db, store.tournament->id, (guint) session, &info, &error))
    goto fail;
  if (!info.exists || info.n_tables == 0)
    {
      g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND, "session %u has not been drawn",
                   (guint) session);
      goto fail;
    }
  if (!closing)
    {
      if (!info.closed)
        {
          g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "session %u is not closed",
                       (guint) session);
          goto fail;
        }
      if (!sp_cli_args_has (args, "force"))
        {
          g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "session %u is closed and its scores frozen: reopening it needs --force",
                       (guint) session);
          goto fail;
        }
    }
  else
    {
      if (info.closed)
        {
          g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "session %u is already closed",
                       (guint) session);
          goto fail;
        }
      for (guint t = 1; t <= info.n_tables && !sp_cli_args_has (args, "time-up"); t++)
        {
          SpTable table;

          if (!sp_db_load_table (store.db, store.tournament, (guint) session, t, &table, NULL,
                                 &error))
            goto fail;
          if (!table.next.finished)
            g_string_append_printf (missing, "%stable %u has %u hands",
                                    missing->len > 0 ? ", " : "", t, table.n_hands);
        }
      if (missing->len > 0)
        {
          g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       "session %u is not complete: %s (use --time-up if time ran out)",
                       (guint) session, missing->str);
          goto fail;
        }
    }
  if (!sp_db_set_session_closed (store.db, store.tournament->id, (guint) session, closing,
                                 closing && sp_cli_args_has (args, "time-up"), &error)
      || !sp_db_commit (store.db, &error))
    goto fail;
  if (cli->json)
    printf ("{\"session\":%u,\"status\":\"%s\"}\n", (guint) session, closing ? "closed" : "open");
  else
    printf ("session %u %s\n", (guint) session, closing ? "closed" : "reopened");
  return sp_cli_store_finish (cli, &store, NULL);

fail:
  return sp_cli_store_finish (cli, &store, error);
}

int
sp_cli_session (SpCli  *cli,
                int     argc,
                char  **argv)
{
  static const char * const allowed[] = { "session=", "time-up", "force", "json", NULL };

  return sp_cli_args_run (cli, argc, argv, allowed, FALSE, session_run);
}
