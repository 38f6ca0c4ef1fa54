/* sp-cli-hands.c: `sparrow-cli hand add|list|edit|delete|import`: the options of each mapped
 * onto an SpHandEntry, one operation of the store, and what it did printed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"
#include "sp-cli-situation.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

static const char hand_usage[] =
  "Usage: sparrow-cli hand add --session K --table T --winner E|S|W|N --from E|S|W|N|self\n"
  "                            [SITUATION] (--hand HAND [--false-win] | --fan N [--false-win])\n"
  "                            [--json]\n"
  "       sparrow-cli hand add --session K --table T --draw [--json]\n"
  "       sparrow-cli hand list --session K [--table T] [--json]\n"
  "       sparrow-cli hand edit ID [--winner X] [--from X|self] [--hand HAND | --fan N | --draw]\n"
  "                            [SITUATION] [--json]\n"
  "       sparrow-cli hand delete ID [--json]\n"
  "       sparrow-cli hand import FILE [--json]   # CSV with a header, or JSON Lines\n"
  "\n"
  "Seat letters are the seat winds of that hand at that table: the program knows who sits\n"
  "where from the seating, the rotation and the hand number, and takes the seat wind, the\n"
  "round wind and the dealer from them (a contradicting --seat-wind or --round-wind is\n"
  "refused).  --hand is scored by the rules core (- with --flowers for a Taiwan flower win);\n"
  "--fan N records a total without tiles.  --false-win records the penalty of a declared win\n"
  "that is not one (Taiwan and Guangdong also from the total claimed, --fan N).\n"
  "Corrections recompute the later hands of the table and are kept in the audit log.\n"
  "\n"
  "hand import columns (CSV header or JSON keys): session, table, winner, from, fan, hand,\n"
  "draw (1/true), situation (SITUATION options, space-separated).  One transaction: a bad\n"
  "line imports nothing.\n";

/* ---- options ---------------------------------------------------------------------------- */

/* The options of hand add and hand edit. */
typedef struct
{
  gint         session;
  gint         table;
  char        *winner;
  char        *from;
  char        *hand;
  char        *fan;
  gboolean     draw;
  gboolean     false_win;
  SpSituation  situation;
} HandOptions;

static void
hand_options_clear (HandOptions *options)
{
  g_clear_pointer (&options->winner, g_free);
  g_clear_pointer (&options->from, g_free);
  g_clear_pointer (&options->hand, g_free);
  g_clear_pointer (&options->fan, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (HandOptions, hand_options_clear)

/* Parses @argv (argv[0] the subcommand) into @options; on failure sets *@status. */
static gboolean
parse_hand_options (SpCli        *cli,
                    int          *argc,
                    char       ***argv,
                    const char   *parameter,
                    HandOptions  *options,
                    int          *status)
{
  const GOptionEntry entries[] = {
    { "session", 0, 0, G_OPTION_ARG_INT, &options->session, N_("The session"), N_("K") },
    { "table", 0, 0, G_OPTION_ARG_INT, &options->table, N_("The table"), N_("T") },
    { "winner", 0, 0, G_OPTION_ARG_STRING, &options->winner, N_("The winner's seat this hand"),
      N_("E|S|W|N") },
    { "from", 0, 0, G_OPTION_ARG_STRING, &options->from,
      N_("The discarder's seat, or self (self-drawn)"), N_("E|S|W|N|self") },
    { "hand", 0, 0, G_OPTION_ARG_STRING, &options->hand,
      N_("The tiles, scored by the rules (- for a Taiwan flower win)"), N_("HAND") },
    { "fan", 0, 0, G_OPTION_ARG_STRING, &options->fan, N_("The total, without the tiles"),
      N_("N") },
    { "draw", 0, 0, G_OPTION_ARG_NONE, &options->draw, N_("An exhaustive draw (荒牌 / 流局)"),
      NULL },
    { "false-win", 0, 0, G_OPTION_ARG_NONE, &options->false_win,
      N_("Record the penalty of a declared win that is not one"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (parameter);

  sp_situation_init (&options->situation);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  sp_cli_add_json_option (cli, context);
  g_option_context_add_group (context, sp_cli_situation_group_new (&options->situation));
  g_option_context_set_description (context, hand_usage);
  return sp_cli_parse_options (cli, context, argc, argv, status);
}

static gboolean
parse_seat (const char  *text,
            gboolean     allow_self,
            gint        *seat,
            GError     **error)
{
  SpWind wind;

  if (allow_self && g_strcmp0 (text, "self") == 0)
    {
      *seat = SP_HAND_ENTRY_SELF_DRAWN;
      return TRUE;
    }
  if (text != NULL && strlen (text) == 1 && sp_wind_from_string (text, &wind))
    {
      *seat = (gint) wind;
      return TRUE;
    }
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               allow_self ? _("'%s' is not a seat letter (E, S, W, N or self)")
               : _("'%s' is not a seat letter (E, S, W or N)"), text != NULL ? text : "");
  return FALSE;
}

/* A claimed total: a whole number, 0 or more; how large a hand can be is the rules' to say. */
static gboolean
parse_total (const char  *text,
             gint64      *total,
             GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_ascii_string_to_signed (text, 10, 0, G_MAXINT64, total, &local_error))
    return TRUE;
  if (g_error_matches (local_error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS)
      && text[0] != '-')
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                 _("%s: no hand scores that much under any rules"), text);
  else
    g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                 _("%s: a total is a whole number, 0 or more"), text);
  return FALSE;
}

/* Puts the options given on @entry (a new one, or the stored one of a correction). */
static gboolean
apply_options (const HandOptions  *options,
               SpHandEntry        *entry,
               GError            **error)
{
  if (options->draw && (options->winner != NULL || options->from != NULL))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("--draw is an exhaustive draw: it has no --winner or --from"));
      return FALSE;
    }
  if (options->draw)
    {
      entry->draw = TRUE;
      entry->winner = SP_HAND_ENTRY_UNSAID;
      entry->from = SP_HAND_ENTRY_UNSAID;
      sp_hand_entry_set_tiles (entry, NULL);
      entry->has_total = FALSE;
    }
  if (options->winner != NULL && !parse_seat (options->winner, FALSE, &entry->winner, error))
    return FALSE;
  if (options->from != NULL && !parse_seat (options->from, TRUE, &entry->from, error))
    return FALSE;
  /* A correction replaces the tiles by a total or the other way round; given both, the entry
   * holds both and is refused. */
  if (options->hand != NULL || options->fan != NULL)
    {
      entry->draw = FALSE;
      sp_hand_entry_set_tiles (entry, options->hand);
      entry->has_total = options->fan != NULL;
      if (options->fan != NULL && !parse_total (options->fan, &entry->total, error))
        {
          g_prefix_error (error, "--fan ");
          return FALSE;
        }
    }
  if (options->situation.given != 0)
    entry->situation = options->situation;
  entry->false_win = options->false_win;
  return TRUE;
}

/* ---- printing --------------------------------------------------------------------------- */

static const char *
seat_of (const SpRotation *rotation,
         gint              chair)
{
  return sp_cli_seat_names[rotation->seat_wind[chair]];
}

static void
hand_to_json (JsonBuilder        *builder,
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
  sp_cli_builder_nullable (builder, "winner", record->draw ? NULL
                           : seat_of (rotation, record->winner));
  sp_cli_builder_nullable (builder, "from", record->draw ? NULL
                           : record->discarder == SP_CHAIR_NONE ? "self"
                           : seat_of (rotation, record->discarder));
  sp_cli_builder_nullable (builder, "hand", record->notation);
  if (record->situation != NULL)
    sp_cli_builder_string (builder, "situation", record->situation);
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
    sp_cli_builder_int (builder, sp_cli_seat_names[s],
                        record->settlement[sp_rotation_chair_at (rotation, (SpWind) s)]);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "players");
  json_builder_begin_object (builder);
  for (guint s = 0; s < 4; s++)
    sp_cli_builder_int (builder, sp_cli_seat_names[s],
                        players[sp_rotation_chair_at (rotation, (SpWind) s)]);
  json_builder_end_object (builder);
  sp_cli_builder_string (builder, "entered_by",
                         record->entered_by != NULL ? record->entered_by : "");
  json_builder_end_object (builder);
}

/* "E wins 8 from S", "S wins 10 self-drawn", "exhaustive draw". */
static char *
describe_hand (const SpHandRecord *record,
               const SpRotation   *rotation)
{
  if (record->draw)
    return g_strdup (_("exhaustive draw"));
  if (record->discarder == SP_CHAIR_NONE)
    return g_strdup_printf (_("%s wins %d self-drawn"), seat_of (rotation, record->winner),
                            record->total);
  return g_strdup_printf (_("%s wins %d from %s"), seat_of (rotation, record->winner),
                          record->total, seat_of (rotation, record->discarder));
}

static void
print_hand (SpCli              *cli,
            const SpHandRecord *record,
            const SpTable      *table)
{
  const SpRotation *rotation = &table->next;
  g_autofree char *what = NULL;

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      hand_to_json (builder, record, rotation, table->players);
      sp_cli_print_builder (builder);
      return;
    }
  what = describe_hand (record, rotation);
  printf (_("hand %lld: session %u table %u hand %u (%s round): %s —"), (long long) record->id,
          record->session, record->table, record->number,
          sp_cli_seat_names[rotation->round_wind], what);
  for (guint s = 0; s < 4; s++)
    printf (" %s %+" G_GINT64_FORMAT, sp_cli_seat_names[s],
            record->settlement[sp_rotation_chair_at (rotation, (SpWind) s)]);
  printf ("\n");
}

/* The penalties of one false win, by seat, as JSON. */
static void
false_win_to_json (JsonBuilder   *builder,
                   GPtrArray     *penalties,
                   const SpTable *table)
{
  SpPenalty *first = penalties->pdata[0];

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "false_win");
  json_builder_add_boolean_value (builder, TRUE);
  sp_cli_builder_int (builder, "session", first->session);
  sp_cli_builder_int (builder, "table", first->table);
  sp_cli_builder_int (builder, "before", first->number);
  sp_cli_builder_string (builder, "reason", first->reason);
  json_builder_set_member_name (builder, "penalty");
  json_builder_begin_object (builder);
  for (guint s = 0; s < 4; s++)
    {
      gint64 player = table->players[sp_rotation_chair_at (&table->next, (SpWind) s)];
      gint64 points = 0;

      for (guint i = 0; i < penalties->len; i++)
        if (((SpPenalty *) penalties->pdata[i])->player == player)
          points += ((SpPenalty *) penalties->pdata[i])->points;
      sp_cli_builder_int (builder, sp_cli_seat_names[s], points);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "penalty_ids");
  json_builder_begin_array (builder);
  for (guint i = 0; i < penalties->len; i++)
    json_builder_add_int_value (builder, ((SpPenalty *) penalties->pdata[i])->id);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
print_false_win (SpCli              *cli,
                 const SpHandReport *report)
{
  g_autofree char *withdraw = report->disqualified > 0
    ? g_strdup_printf ("sparrow-cli players withdraw %lld", (long long) report->disqualified)
    : NULL;

  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "false_win");
      json_builder_add_boolean_value (builder, TRUE);
      sp_cli_builder_string (builder, "code",
                             sp_core_error_code_name (report->result.error_code));
      sp_cli_builder_string (builder, "reason", report->result.penalty_reason);
      json_builder_set_member_name (builder, "penalty");
      json_builder_begin_object (builder);
      for (guint s = 0; s < 4; s++)
        sp_cli_builder_int (builder, sp_cli_seat_names[s], report->result.penalty[s]);
      json_builder_end_object (builder);
      json_builder_set_member_name (builder, "disqualified");
      if (report->disqualified > 0)
        json_builder_add_int_value (builder, report->disqualified);
      else
        json_builder_add_null_value (builder);
      sp_cli_builder_nullable (builder, "withdraw", withdraw);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
      return;
    }
  for (guint i = 0; i < report->penalties->len; i++)
    {
      SpPenalty *penalty = report->penalties->pdata[i];

      printf (_("penalty %lld: player %lld %+lld (%s)\n"), (long long) penalty->id,
              (long long) penalty->player, (long long) penalty->points, penalty->reason);
    }
  if (withdraw != NULL)
    printf (_("The verdict disqualifies player %lld (停赛); to withdraw him: %s\n"),
            (long long) report->disqualified, withdraw);
}

/* Reports a failed operation; a refused verdict says, as score does, how far the hand was
 * from ready or its total. */
static int
fail_hand (SpCli              *cli,
           const SpHandReport *report,
           const GError       *error)
{
  if (error->domain == SP_CORE_ERROR && !report->result.win
      && (gint) report->result.error_code == error->code
      && (error->code == SP_CORE_ERROR_NOT_A_WIN || error->code == SP_CORE_ERROR_BELOW_MINIMUM))
    return sp_cli_fail_verdict (cli, &report->result, error->message);
  return sp_cli_store_fail (cli, NULL, error);
}

/* ---- the subcommands -------------------------------------------------------------------- */

static int
hand_add (SpCli  *cli,
          int     argc,
          char  **argv)
{
  g_auto(HandOptions) options = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) error = NULL;
  SpCliStore store = { 0 };
  int status;

  if (!parse_hand_options (cli, &argc, &argv, "", &options, &status))
    return status;
  if (argc > 1)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand add takes no argument '%s'"),
                        argv[1]);
  if (options.session <= 0 || options.table <= 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand add needs --session K --table T"));
  sp_hand_entry_init (&entry);
  if (!apply_options (&options, &entry, &error))
    return sp_cli_store_fail (cli, NULL, error);
  if (!entry.draw && (entry.winner < 0 || entry.from < 0))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand add needs --winner E|S|W|N and "
                        "--from E|S|W|N|self, or --draw"));
  if (!entry.draw && entry.tiles == NULL && !entry.has_total)
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid",
                        _("hand add: give the tiles with --hand or the total with --fan N"));
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_add_hand (store.db, store.tournament, store.rules, (guint) options.session,
                       (guint) options.table, &entry, &report, &error))
    {
      status = fail_hand (cli, &report, error);
      sp_cli_store_clear (&store);
      return status;
    }
  if (report.false_win)
    print_false_win (cli, &report);
  else
    print_hand (cli, report.hand, &report.table);
  return sp_cli_store_finish (cli, &store, NULL);
}

/* The false wins of @table, grouped by the hand they came before (a GPtrArray of penalties
 * each, in order). */
static GPtrArray *
false_wins_at (GPtrArray *penalties,
               guint      table)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *group = NULL;
  const SpPenalty *last = NULL;

  for (guint i = 0; i < penalties->len; i++)
    {
      SpPenalty *penalty = penalties->pdata[i];

      if (penalty->table != table || penalty->number == 0)
        continue;
      /* The penalties of one verdict are written together, with one reason. */
      if (last == NULL || last->number != penalty->number
          || g_strcmp0 (last->reason, penalty->reason) != 0)
        {
          group = g_ptr_array_new ();
          g_ptr_array_add (groups, group);
        }
      g_ptr_array_add (group, penalty);
      last = penalty;
    }
  return groups;
}

static void
print_false_win_row (GPtrArray     *group,
                     const SpTable *table)
{
  SpPenalty *first = group->pdata[0];

  printf ("%5u %5s %6s %-5s %s —", table->table, "-", "-",
          sp_cli_seat_names[table->next.round_wind], first->reason);
  for (guint s = 0; s < 4; s++)
    {
      gint64 player = table->players[sp_rotation_chair_at (&table->next, (SpWind) s)];
      gint64 points = 0;

      for (guint i = 0; i < group->len; i++)
        if (((SpPenalty *) group->pdata[i])->player == player)
          points += ((SpPenalty *) group->pdata[i])->points;
      printf (" %s %+lld", sp_cli_seat_names[s], (long long) points);
    }
  printf ("\n");
}

static int
hand_list (SpCli  *cli,
           int     argc,
           char  **argv)
{
  gint session = 0, table = 0;
  const GOptionEntry entries[] = {
    { "session", 0, 0, G_OPTION_ARG_INT, &session, N_("The session"), N_("K") },
    { "table", 0, 0, G_OPTION_ARG_INT, &table, N_("One table (else every table)"), N_("T") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("");
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonBuilder) false_wins = json_builder_new ();
  g_autoptr(GPtrArray) penalties = NULL;
  g_autoptr(GError) error = NULL;
  SpCliStore store = { 0 };
  SpSessionInfo info;
  int status;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  sp_cli_add_json_option (cli, context);
  g_option_context_set_description (context, hand_usage);
  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (session <= 0 || table < 0 || argc > 1)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand list needs --session K"));
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_get_session (store.db, store.tournament->id, (guint) session, &info, &error))
    goto out;
  if (!info.exists)
    {
      g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND, _("session %u has not been drawn"),
                   (guint) session);
      goto out;
    }
  penalties = sp_db_list_penalties (store.db, store.tournament->id, (guint) session, &error);
  if (penalties == NULL)
    goto out;
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "hands");
  json_builder_begin_array (builder);
  json_builder_begin_array (false_wins);
  if (!cli->json)
    printf ("%5s %5s %6s %-5s %s\n", _("table"), _("hand"), _("id"), _("round"), _("result"));
  for (guint t = table > 0 ? (guint) table : 1; t <= (table > 0 ? (guint) table : info.n_tables);
       t++)
    {
      g_autoptr(GPtrArray) hands = NULL;
      g_autoptr(GPtrArray) groups = false_wins_at (penalties, t);
      SpTournamentOptions options;
      SpTable state;
      guint g = 0;

      if (!sp_db_load_table (store.db, store.tournament, (guint) session, t, &state, &hands,
                             &error)
          || !sp_tournament_get_options (store.tournament, &options, &error))
        goto out;
      {
        gint64 players[4];

        memcpy (players, state.players, sizeof players);
        sp_table_init (&state, store.tournament->ruleset, (guint) session, t, players);
      }
      for (guint i = 0; i <= hands->len; i++)
        {
          /* The false wins declared before this hand, then the hand. */
          for (; g < groups->len
                 && ((SpPenalty *) ((GPtrArray *) groups->pdata[g])->pdata[0])->number <= i + 1;
               g++)
            if (cli->json)
              false_win_to_json (false_wins, groups->pdata[g], &state);
            else
              print_false_win_row (groups->pdata[g], &state);
          if (i == hands->len)
            break;
          if (cli->json)
            hand_to_json (builder, hands->pdata[i], &state.next, state.players);
          else
            {
              SpHandRecord *record = hands->pdata[i];
              g_autofree char *what = describe_hand (record, &state.next);

              printf ("%5u %5u %6lld %-5s %s —", t, record->number, (long long) record->id,
                      sp_cli_seat_names[state.next.round_wind], what);
              for (guint s = 0; s < 4; s++)
                printf (" %s %+lld", sp_cli_seat_names[s], (long long)
                        record->settlement[sp_rotation_chair_at (&state.next, (SpWind) s)]);
              printf ("\n");
            }
          sp_table_advance (&state, store.tournament->ruleset, options.dealer_repeats,
                            hands->pdata[i]);
        }
    }
  json_builder_end_array (builder);
  json_builder_end_array (false_wins);
  json_builder_set_member_name (builder, "false_wins");
  json_builder_add_value (builder, json_builder_get_root (false_wins));
  json_builder_end_object (builder);
  if (cli->json)
    sp_cli_print_builder (builder);
out:
  return sp_cli_store_finish (cli, &store, error);
}

/* The hand ID of hand edit and hand delete. */
static gboolean
parse_id (SpCli       *cli,
          int          argc,
          char       **argv,
          gint64      *id,
          int         *status)
{
  if (argc != 2 || !g_ascii_string_to_signed (argv[1], 10, 1, G_MAXINT64, id, NULL))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand %s takes a hand ID (a number)"),
                             argv[0]);
      return FALSE;
    }
  return TRUE;
}

static int
hand_edit (SpCli  *cli,
           int     argc,
           char  **argv)
{
  g_auto(HandOptions) options = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) error = NULL;
  SpCliStore store = { 0 };
  SpTable before;
  gint64 id;
  int status;

  if (!parse_hand_options (cli, &argc, &argv, "ID", &options, &status)
      || !parse_id (cli, argc, argv, &id, &status))
    return status;
  if (options.false_win)
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid",
                        _("--false-win is for hand add: a false win is a penalty, not a hand"));
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  /* The correction starts from the hand as stored, with seat letters of its own seats. */
  if (!sp_db_get_hand_entry (store.db, store.tournament, id, &entry, &before, &error)
      || !apply_options (&options, &entry, &error)
      || !sp_db_correct_hand (store.db, store.tournament, store.rules, id, &entry, &report,
                              &error))
    {
      status = fail_hand (cli, &report, error);
      sp_cli_store_clear (&store);
      return status;
    }
  print_hand (cli, report.hand, &report.table);
  return sp_cli_store_finish (cli, &store, NULL);
}

static int
hand_delete (SpCli  *cli,
             int     argc,
             char  **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("ID");
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) error = NULL;
  SpCliStore store = { 0 };
  gint64 id;
  int status;

  sp_cli_add_json_option (cli, context);
  g_option_context_set_description (context, hand_usage);
  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !parse_id (cli, argc, argv, &id, &status))
    return status;
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_remove_hand (store.db, store.tournament, store.rules, id, &report, &error))
    return sp_cli_store_finish (cli, &store, error);
  if (cli->json)
    printf ("{\"deleted\":%lld}\n", (long long) id);
  else
    printf (_("hand %lld deleted (session %u table %u hand %u); the later hands were "
              "recomputed\n"), (long long) id, report.hand->session, report.hand->table,
            report.hand->number);
  return sp_cli_store_finish (cli, &store, NULL);
}

/* ---- import ----------------------------------------------------------------------------- */

static gboolean
is_true (const char *text)
{
  return text != NULL && (g_strcmp0 (text, "1") == 0 || g_ascii_strcasecmp (text, "true") == 0
                          || g_ascii_strcasecmp (text, "yes") == 0);
}

/* The situation column: SITUATION options as typed ("--self-drawn --flowers 2"), or the
 * stored form ("self-drawn flowers=2"). */
static gboolean
parse_situation (const char   *text,
                 SpSituation  *situation,
                 GError      **error)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (args, words[i]);
  if (args->len > 0 && g_str_has_prefix (args->pdata[0], "--"))
    return sp_situation_parse_args (situation, (const char * const *) args->pdata, args->len,
                                    error);
  return sp_situation_from_string (situation, text, error);
}

/* One line's fields (by column name) into a hand of the import. */
static gboolean
fields_to_import (GHashTable    *fields,
                  SpHandImport  *line,
                  GError       **error)
{
  SpHandEntry *entry = &line->entry;
  const char *value;
  gint64 number;

  if ((value = g_hash_table_lookup (fields, "session")) != NULL)
    {
      if (!g_ascii_string_to_signed (value, 10, 1, 1000, &number, NULL))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("session '%s' is not a number"), value);
          return FALSE;
        }
      line->session = (guint) number;
    }
  if ((value = g_hash_table_lookup (fields, "table")) != NULL)
    {
      if (!g_ascii_string_to_signed (value, 10, 1, 10000, &number, NULL))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, _("table '%s' is not a number"),
                       value);
          return FALSE;
        }
      line->table = (guint) number;
    }
  entry->draw = is_true (g_hash_table_lookup (fields, "draw"));
  if ((value = g_hash_table_lookup (fields, "winner")) != NULL && value[0] != '\0'
      && !parse_seat (value, FALSE, &entry->winner, error))
    return FALSE;
  if ((value = g_hash_table_lookup (fields, "from")) != NULL && value[0] != '\0'
      && !parse_seat (value, TRUE, &entry->from, error))
    return FALSE;
  if ((value = g_hash_table_lookup (fields, "hand")) != NULL && value[0] != '\0')
    sp_hand_entry_set_tiles (entry, value);
  if ((value = g_hash_table_lookup (fields, "fan")) != NULL && value[0] != '\0')
    {
      if (!parse_total (value, &entry->total, error))
        {
          g_prefix_error (error, "fan ");
          return FALSE;
        }
      entry->has_total = TRUE;
    }
  if ((value = g_hash_table_lookup (fields, "situation")) != NULL && value[0] != '\0'
      && !parse_situation (value, &entry->situation, error))
    return FALSE;
  if (!entry->draw && (entry->winner < 0 || entry->from < 0))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("a win needs a winner and a from (a seat or self); a draw needs draw=1"));
      return FALSE;
    }
  return TRUE;
}

static const char * const import_columns[] = {
  "session", "table", "winner", "from", "fan", "hand", "draw", "situation", NULL
};

static void
clear_import (gpointer data)
{
  SpHandImport *line = data;

  sp_hand_entry_clear (&line->entry);
  g_free ((char *) line->where);
}

/* Adds one line of the file, given its fields by column name; an error names @path and
 * @line. */
static gboolean
add_line (GArray      *lines,
          GHashTable  *fields,
          const char  *path,
          guint        number,
          GError     **error)
{
  SpHandImport line = { 0 };

  sp_hand_entry_init (&line.entry);
  line.where = g_strdup_printf (_("%s line %u"), path, number);
  if (!fields_to_import (fields, &line, error))
    {
      g_prefix_error (error, "%s: ", line.where);
      clear_import (&line);
      return FALSE;
    }
  g_array_append_val (lines, line);
  return TRUE;
}

static gboolean
read_csv (GArray      *lines,
          const char  *path,
          GError     **error)
{
  SpDbCsv csv = { 0 };
  GPtrArray *header;
  gboolean ok = FALSE;

  if (!sp_db_csv_read (path, &csv, error))
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
                       _("%s line 1: unknown column '%s' (session, table, winner, from, fan, "
                         "hand, draw, situation)"), path, (char *) header->pdata[i]);
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
                       _("%s line %u: %u fields, but the header names %u columns"), path, line,
                       row->len, header->len);
          goto out;
        }
      for (guint i = 0; i < row->len; i++)
        g_hash_table_insert (fields, header->pdata[i], g_strstrip ((char *) row->pdata[i]));
      if (!add_line (lines, fields, path, line, error))
        goto out;
    }
  ok = TRUE;
out:
  sp_db_csv_clear (&csv);
  return ok;
}

static gboolean
read_json_lines (GArray      *lines,
                 const char  *path,
                 const char  *text,
                 GError     **error)
{
  g_auto(GStrv) rows = g_strsplit (text, "\n", -1);
  g_autoptr(JsonParser) parser = json_parser_new ();

  for (guint n = 0; rows[n] != NULL; n++)
    {
      g_autoptr(GHashTable) fields = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(GList) members = NULL;
      JsonObject *object;

      if (g_strstrip (rows[n])[0] == '\0')
        continue;
      if (!json_parser_load_from_data (parser, rows[n], -1, &local_error)
          || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "%s line %u: %s", path, n + 1,
                       local_error != NULL ? local_error->message
                       : _("a JSON object is expected"));
          return FALSE;
        }
      object = json_node_get_object (json_parser_get_root (parser));
      members = json_object_get_members (object);
      for (GList *m = members; m != NULL; m = m->next)
        if (!g_strv_contains (import_columns, m->data))
          {
            g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                         _("%s line %u: unknown key '%s'"), path, n + 1, (char *) m->data);
            return FALSE;
          }
      for (guint k = 0; import_columns[k] != NULL; k++)
        {
          JsonNode *node = json_object_get_member (object, import_columns[k]);
          GType type;

          if (node == NULL || JSON_NODE_HOLDS_NULL (node) || !JSON_NODE_HOLDS_VALUE (node))
            continue;
          type = json_node_get_value_type (node);
          if (type == G_TYPE_BOOLEAN)
            g_hash_table_insert (fields, (gpointer) import_columns[k],
                                 g_strdup (json_node_get_boolean (node) ? "1" : "0"));
          else if (type == G_TYPE_INT64)
            g_hash_table_insert (fields, (gpointer) import_columns[k],
                                 g_strdup_printf ("%lld", (long long) json_node_get_int (node)));
          else if (type == G_TYPE_STRING)
            g_hash_table_insert (fields, (gpointer) import_columns[k],
                                 g_strdup (json_node_get_string (node)));
        }
      if (!add_line (lines, fields, path, n + 1, error))
        return FALSE;
    }
  return TRUE;
}

static int
hand_import (SpCli  *cli,
             int     argc,
             char  **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE");
  g_autoptr(GArray) lines = g_array_new (FALSE, TRUE, sizeof (SpHandImport));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  SpCliStore store = { 0 };
  const char *p;
  int status;

  g_array_set_clear_func (lines, clear_import);
  sp_cli_add_json_option (cli, context);
  g_option_context_set_description (context, hand_usage);
  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (argc != 2)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand import takes one FILE"));
  if (!g_file_get_contents (argv[1], &text, NULL, &error))
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s", error->message);
  for (p = text; g_ascii_isspace (*p); p++)
    ;
  if (!(*p == '{' ? read_json_lines (lines, argv[1], text, &error)
        : read_csv (lines, argv[1], &error)))
    return sp_cli_store_fail (cli, NULL, error);
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_import_hands (store.db, store.tournament, store.rules,
                           (const SpHandImport *) (gpointer) lines->data, lines->len, &error))
    return sp_cli_store_finish (cli, &store, error);
  if (cli->json)
    printf ("{\"imported\":%u}\n", lines->len);
  else
    printf (g_dngettext (GETTEXT_PACKAGE, "%u hand imported\n", "%u hands imported\n",
                         lines->len), lines->len);
  return sp_cli_store_finish (cli, &store, NULL);
}

int
sp_cli_hand (SpCli  *cli,
             int     argc,
             char  **argv)
{
  static const struct
  {
    const char *name;
    int       (*run) (SpCli *cli, int argc, char **argv);
  } subcommands[] = {
    { "add", hand_add },
    { "list", hand_list },
    { "edit", hand_edit },
    { "delete", hand_delete },
    { "import", hand_import },
  };

  if (argc < 2)
    return sp_cli_usage (hand_usage, FALSE);
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    return sp_cli_usage (hand_usage, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (subcommands); i++)
    if (strcmp (argv[1], subcommands[i].name) == 0)
      return subcommands[i].run (cli, argc - 1, argv + 1);
  if (g_str_has_prefix (argv[1], "--"))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("hand: the subcommand comes first (add, list, edit, delete or import)"));
  return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("unknown hand command '%s' (add, list, "
                      "edit, delete or import)"), argv[1]);
}
