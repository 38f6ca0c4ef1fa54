/* sp-cli-tournament.c: `sparrow-cli tournament`, `players`, `penalty` and `session`: the
 * director's commands, each a thin shell over one operation of the store.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Names and reasons are read as G_OPTION_ARG_FILENAME, the bytes as typed, so that the store's
 * own checks say what is wrong with them (not UTF-8, a control character), not the converter. */

/* ---- tournament ------------------------------------------------------------------------ */

static const char options_help[] =
  N_("Tournament options (--option) besides the ruleset's own (score --list-options):\n"
     "  rank_substitutes=on|off   substitutes appear in the standings (on)\n"
     "  penalties=session|overall penalties change the session score (and so table points)\n"
     "                            or only the total score (session)\n"
     "  swiss=high-high|snake     pairing of the Swiss draw: 高高碰 or 蛇形 (high-high)\n"
     "  dealer_repeats=on|off     Guangdong 連莊 (off)\n"
     "  group_tables=N            R98 group scoring: tables 1–N, N+1–2N, … of a session form one\n"
     "                            group ranked together, table points by 标准分 (first 4N, then\n"
     "                            4N − place, last 0; ties share); 1 = each table alone, 4/2/1/0 (1)");

static const char *
ruleset_of (gconstpointer record)
{
  return sp_ruleset_to_string (((const SpTournament *) record)->ruleset);
}

static const SpCliColumn tournament_columns[] = {
  { "id", N_("id"), SP_CLI_INT64, 0, G_STRUCT_OFFSET (SpTournament, id), NULL },
  { "name", N_("name"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpTournament, name), NULL },
  { "rules", N_("rules"), SP_CLI_STRING, 0, 0, ruleset_of },
  { "profile", N_("profile"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpTournament, profile), NULL },
  { "sessions", N_("sessions"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpTournament, n_sessions),
    NULL },
  { "seating", N_("seating"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpTournament, seating), NULL },
  { "ranking", N_("ranking"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpTournament, ranking), NULL },
  { "options", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpTournament, options), NULL },
  { "created", N_("created"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpTournament, created), NULL },
  /* Where and when: JSON only, so that the text table stays as it was. */
  { "venue", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpTournament, venue), NULL },
  { "starts", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (SpTournament, starts_on),
    NULL },
  { "ends", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (SpTournament, ends_on),
    NULL },
  { NULL }
};

/* What tournament show adds to them. */
static const SpCliColumn summary_columns[] = {
  { "players", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpTournamentSummary, n_players), NULL },
  { "active", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpTournamentSummary, n_active), NULL },
  { "present", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpTournamentSummary, n_present), NULL },
  { "drawn", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpTournamentSummary, n_drawn), NULL },
  { "closed", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpTournamentSummary, n_closed), NULL },
  { "hands", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpTournamentSummary, n_hands), NULL },
  { "penalties", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpTournamentSummary, n_penalties),
    NULL },
  { NULL }
};

static int
tournament_create (SpCli  *cli,
                   int     argc,
                   char  **argv)
{
  g_autoptr(SpTournament) tournament = g_new0 (SpTournament, 1);
  g_autofree char *rules_name = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) option_list = NULL;
  gint64 sessions = 4, base = 0, per_tai = 0;
  const GOptionEntry entries[] = {
    { "name", 0, 0, G_OPTION_ARG_FILENAME, &tournament->name, N_("The tournament's name"),
      N_("NAME") },
    { "rules", 0, 0, G_OPTION_ARG_STRING, &rules_name, sp_ruleset_names (), N_("R") },
    { "profile", 0, 0, G_OPTION_ARG_STRING, &tournament->profile, N_("The ruleset's profile"),
      N_("P") },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &option_list,
      N_("A ruleset or tournament option (repeatable)"), N_("KEY=VALUE") },
    { "sessions", 0, 0, G_OPTION_ARG_INT64, &sessions, N_("How many sessions (4)"), N_("N") },
    { "seating", 0, 0, G_OPTION_ARG_STRING, &tournament->seating,
      N_("balanced, random or swiss"), N_("METHOD") },
    { "ranking", 0, 0, G_OPTION_ARG_STRING, &tournament->ranking, N_("r98, ema or score"),
      N_("RANKING") },
    { "base", 0, 0, G_OPTION_ARG_INT64, &base, N_("Taiwan 底 / Guangdong stake"), N_("N") },
    { "per-tai", 0, 0, G_OPTION_ARG_INT64, &per_tai, N_("Taiwan 每台"), N_("N") },
    { "venue", 0, 0, G_OPTION_ARG_FILENAME, &tournament->venue, N_("Where the event is held"),
      N_("PLACE") },
    { "starts", 0, 0, G_OPTION_ARG_STRING, &tournament->starts_on,
      N_("The first day, year-month-day"), N_("YYYY-MM-DD") },
    { "ends", 0, 0, G_OPTION_ARG_STRING, &tournament->ends_on,
      N_("The last day, year-month-day"), N_("YYYY-MM-DD") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, entries, _(options_help));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) rules = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (tournament->name == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("tournament create needs --name NAME"));
  /* As the store keeps it, so that what is printed is what was stored. */
  g_strstrip (tournament->name);
  if (!sp_cli_parse_ruleset (cli, rules_name, &tournament->ruleset, &status)
      || !sp_cli_check_range (cli, "sessions", sessions, 1, 100, &status)
      || (base != 0 && !sp_cli_check_range (cli, "base", base, 1, G_MAXINT32, &status))
      || (per_tai != 0 && !sp_cli_check_range (cli, "per-tai", per_tai, 1, G_MAXINT32, &status)))
    return status;
  tournament->n_sessions = (guint) sessions;
  tournament->base = (gint32) base;
  tournament->per_tai = (gint32) per_tai;
  sp_tournament_init_defaults (tournament);
  if (!sp_tournament_check (tournament, &error))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--%s", error->message);
  /* A date that is not one is input understood but not acceptable, as the store refuses it. */
  if (!sp_tournament_check_event (tournament, &error))
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s", error->message);
  rules = sp_rules_new (tournament->ruleset, tournament->profile, &error);
  if (rules == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", "--profile: %s", error->message);
  if (!sp_cli_apply_options (cli, rules, (const char * const *) option_list, tournament, &status)
      || !sp_cli_store_open (cli, &store, FALSE, &status))
    return status;
  g_free (tournament->profile);
  tournament->profile = g_strdup (sp_rules_get_profile (rules));
  if (tournament->options == NULL)
    tournament->options = g_strdup ("");
  if (!sp_db_create_tournament (store.db, tournament, &error))
    return sp_cli_store_fail (cli, &store, error);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "tournament %" PRId64 ": %s (%s, profile %s, %u "
                                       "session, %s seating, %s ranking)",
                                       "tournament %" PRId64 ": %s (%s, profile %s, %u "
                                       "sessions, %s seating, %s ranking)",
                                       tournament->n_sessions), tournament->id, tournament->name,
                          ruleset_of (tournament), tournament->profile, tournament->n_sessions,
                          tournament->seating, tournament->ranking);
  sp_cli_print_record (cli, tournament_columns, tournament, text);
  return SP_CLI_OK;
}

static int
tournament_list (SpCli  *cli,
                 int     argc,
                 char  **argv)
{
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status)
      || !sp_cli_store_open (cli, &store, FALSE, &status))
    return status;
  list = sp_db_list_tournaments (store.db, &error);
  if (list == NULL)
    return sp_cli_store_fail (cli, &store, error);
  sp_cli_print_records (cli, "tournaments", tournament_columns, list);
  return SP_CLI_OK;
}

static int
tournament_show (SpCli  *cli,
                 int     argc,
                 char  **argv)
{
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, NULL, _("The tournament the commands act on: its settings, "
                                           "players, sessions and hands."));
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  SpTournamentSummary summary;
  const SpTournament *t;
  g_autoptr(GArray) pending = NULL;
  guint n_unconfirmed = 0;
  gboolean has_pin = FALSE;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_summarize_tournament (store.db, store.tournament->id, &summary, &error)
      || !sp_db_has_pin (store.db, store.tournament->id, &has_pin, &error)
      || (pending = sp_db_compute_pending (store.db, store.tournament, 0, &n_unconfirmed,
                                           &error)) == NULL)
    return sp_cli_store_fail (cli, &store, error);
  t = store.tournament;
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_build_members (builder, tournament_columns, t);
      sp_cli_build_members (builder, summary_columns, &summary);
      /* Whether a director's PIN locks it; never the PIN or its hash. */
      json_builder_set_member_name (builder, "pin");
      json_builder_add_boolean_value (builder, has_pin);
      /* Only when on, so that an event without it shows as before. */
      if (t->two_key)
        {
          sp_cli_builder_bool (builder, "two_key", TRUE);
          sp_cli_builder_int (builder, "unconfirmed", n_unconfirmed);
        }
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
      return SP_CLI_OK;
    }
  printf (_("tournament %" PRId64 ": %s\n"), t->id, t->name);
  printf (_("rules: %s, profile %s, %s seating, %s ranking\n"),
          sp_ruleset_to_string (t->ruleset), t->profile, t->seating, t->ranking);
  if (t->options != NULL && t->options[0] != '\0')
    {
      g_autofree char *options = g_strdelimit (g_strdup (t->options), "\n", ' ');

      printf (_("options: %s\n"), options);
    }
  printf (_("players: %u registered, %u taking part, %u checked in\n"), summary.n_players,
          summary.n_active, summary.n_present);
  printf (_("sessions: %u, %u drawn, %u closed\n"), t->n_sessions, summary.n_drawn,
          summary.n_closed);
  printf (_("hands: %u, penalties: %u\n"), summary.n_hands, summary.n_penalties);
  /* Only when said, so that an event without them shows as before. */
  if (t->venue != NULL && t->venue[0] != '\0')
    printf (_("venue: %s\n"), t->venue);
  if (t->starts_on != NULL && t->ends_on != NULL && strcmp (t->starts_on, t->ends_on) != 0)
    printf (_("dates: %s to %s\n"), t->starts_on, t->ends_on);
  else if (t->starts_on != NULL)
    printf (_("date: %s\n"), t->starts_on);
  printf (_("created: %s\n"), t->created);
  if (has_pin)
    printf (_("director's PIN: set (protected commands need --pin or $SPARROW_PIN)\n"));
  if (t->two_key)
    printf (g_dngettext (GETTEXT_PACKAGE,
                         "two-key entry: on (a hand counts once a second referee or the "
                         "director confirms it); %u hand awaits confirmation\n",
                         "two-key entry: on (a hand counts once a second referee or the "
                         "director confirms it); %u hands await confirmation\n",
                         n_unconfirmed), n_unconfirmed);
  return SP_CLI_OK;
}

static int
tournament_rename (SpCli  *cli,
                   int     argc,
                   char  **argv)
{
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, _("NAME"), NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("the new NAME"), &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_rename_tournament (store.db, store.tournament->id, argv[1], &error))
    return sp_cli_store_fail (cli, &store, error);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_int (builder, "id", store.tournament->id);
      sp_cli_builder_string (builder, "name", g_strstrip (argv[1]));
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    printf (_("tournament %" PRId64 ": %s is now %s\n"), store.tournament->id,
            store.tournament->name, g_strstrip (argv[1]));
  return SP_CLI_OK;
}

/* tournament edit: what the app's Tournament Settings set, the fields given only. */
static int
tournament_edit (SpCli  *cli,
                 int     argc,
                 char  **argv)
{
  g_autofree char *venue = NULL;
  g_autofree char *starts = NULL;
  g_autofree char *ends = NULL;
  g_autofree char *hide = NULL;
  g_autofree char *two_key = NULL;
  const GOptionEntry entries[] = {
    { "venue", 0, 0, G_OPTION_ARG_FILENAME, &venue, N_("Where the event is held (\"\" clears it)"),
      N_("PLACE") },
    { "starts", 0, 0, G_OPTION_ARG_STRING, &starts,
      N_("The first day, year-month-day (\"\" clears it)"), N_("YYYY-MM-DD") },
    { "ends", 0, 0, G_OPTION_ARG_STRING, &ends,
      N_("The last day, year-month-day (\"\" clears it)"), N_("YYYY-MM-DD") },
    { "hide-standings", 0, 0, G_OPTION_ARG_STRING, &hide,
      N_("Keep the standings from the players (projector, printouts, the players' view) until "
         "the last session is closed"), N_("on|off") },
    { "two-key", 0, 0, G_OPTION_ARG_STRING, &two_key,
      N_("Two-key entry: a hand counts once a second referee (hand confirm) or the director "
         "confirms it"), N_("on|off") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, entries,
                                                         _("Changes the venue, the dates, Hide "
                                                           "Standings or two-key entry; the "
                                                           "fields not given stay as they "
                                                           "are."));
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  SpTournament *t;
  SpTournament changes = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (venue == NULL && starts == NULL && ends == NULL && hide == NULL && two_key == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("tournament edit needs a field to change (--venue, --starts, --ends, "
                          "--hide-standings, --two-key)"));
  if (hide != NULL && g_strcmp0 (hide, "on") != 0 && g_strcmp0 (hide, "off") != 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("--hide-standings: on or off expected, not '%s'"), hide);
  if (two_key != NULL && g_strcmp0 (two_key, "on") != 0 && g_strcmp0 (two_key, "off") != 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("--two-key: on or off expected, not '%s'"), two_key);
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  t = store.tournament;
  changes.id = t->id;
  changes.name = t->name;
  changes.venue = venue != NULL ? venue : t->venue;
  changes.starts_on = starts != NULL ? (starts[0] != '\0' ? starts : NULL) : t->starts_on;
  changes.ends_on = ends != NULL ? (ends[0] != '\0' ? ends : NULL) : t->ends_on;
  changes.hide_standings = hide != NULL ? g_strcmp0 (hide, "on") == 0 : t->hide_standings;
  /* Both in one transaction: all of the edit or nothing. */
  if (!sp_db_begin (store.db, &error)
      || ((venue != NULL || starts != NULL || ends != NULL || hide != NULL)
          && !sp_db_edit_tournament (store.db, &changes, &error))
      || (two_key != NULL
          && !sp_db_set_two_key (store.db, t->id, g_strcmp0 (two_key, "on") == 0, &error))
      || !sp_db_commit (store.db, &error))
    return sp_cli_store_fail (cli, &store, error);
  if (cli->json)
    {
      g_autofree char *id = g_strdup_printf ("%" PRId64, t->id);
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(SpTournament) stored = sp_db_find_tournament (store.db, id, &error);

      if (stored == NULL)
        return sp_cli_store_fail (cli, &store, error);
      json_builder_begin_object (builder);
      sp_cli_build_members (builder, tournament_columns, stored);
      sp_cli_builder_bool (builder, "hide_standings", stored->hide_standings);
      if (two_key != NULL || stored->two_key)
        sp_cli_builder_bool (builder, "two_key", stored->two_key);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    printf (_("tournament %" PRId64 " (%s) edited\n"), t->id, t->name);
  return SP_CLI_OK;
}

static int
tournament_delete (SpCli  *cli,
                   int     argc,
                   char  **argv)
{
  g_autofree char *confirm = NULL;
  g_autofree char *pin = NULL;
  const GOptionEntry entries[] = {
    { "confirm", 0, 0, G_OPTION_ARG_FILENAME, &confirm, N_("The tournament's exact name"),
      N_("NAME") },
    sp_cli_pin_entry (&pin),
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, entries, _("Deletes the tournament and everything of it "
                                              "(players, seats, hands, penalties)."));
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (confirm == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("tournament delete needs --confirm NAME, the tournament's exact name"));
  if (!sp_cli_store_open (cli, &store, TRUE, &status)
      || !sp_cli_store_unlock (cli, &store, pin, "tournament delete", &status))
    return status;
  if (!sp_db_delete_tournament (store.db, store.tournament->id, confirm, &error))
    return sp_cli_store_fail (cli, &store, error);
  return sp_cli_print_done (cli, "deleted", store.tournament->id,
                            _("tournament %" PRId64 " (%s) deleted\n"),
                            store.tournament->id, store.tournament->name);
}

/* tournament pin set and pin clear: the director's lock. */
static int
pin_change (SpCli  *cli,
            int     argc,
            char  **argv)
{
  gboolean setting = strcmp (argv[0], "set") == 0;
  g_autofree char *pin = NULL;
  g_autofree char *current = NULL;
  const GOptionEntry set_entries[] = {
    { "pin", 0, 0, G_OPTION_ARG_STRING, &pin,
      N_("The new PIN: 4 to 32 characters, no line break"), N_("PIN") },
    { "current", 0, 0, G_OPTION_ARG_STRING, &current,
      N_("The PIN it replaces, when the tournament has one (else $SPARROW_PIN)"), N_("PIN") },
    { NULL }
  };
  const GOptionEntry clear_entries[] = {
    { "pin", 0, 0, G_OPTION_ARG_STRING, &pin, N_("The current PIN (else $SPARROW_PIN)"),
      N_("PIN") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, setting ? set_entries : clear_entries,
                        setting ? _("Locks the tournament with a director's PIN: reopening a "
                                    "session, correcting a closed session's\nhands, deleting a "
                                    "penalty, withdrawing or substituting a player and deleting "
                                    "the\ntournament then need --pin PIN (or $SPARROW_PIN). "
                                    "Changing the PIN needs the current one\n(--current PIN or "
                                    "$SPARROW_PIN). Wrong PINs are logged and slowed down.")
                        : _("Removes the director's PIN; the current one is needed."));
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  gboolean done;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (setting && pin == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("tournament pin set needs --pin PIN"));
  if (!setting && sp_cli_pin_given (pin) == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("tournament pin clear needs --pin PIN "
                                                      "(the current one)"));
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (setting)
    done = sp_db_set_pin (store.db, store.tournament->id,
                          current != NULL ? current : sp_cli_pin_given (NULL), pin, &error);
  else
    done = sp_db_clear_pin (store.db, store.tournament->id, sp_cli_pin_given (pin), &error);
  if (!done)
    return sp_cli_store_fail (cli, &store, error);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_int (builder, "tournament", store.tournament->id);
      json_builder_set_member_name (builder, "pin");
      json_builder_add_boolean_value (builder, setting);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else if (setting)
    printf (_("tournament %" PRId64 " (%s): director's PIN set\n"), store.tournament->id,
            store.tournament->name);
  else
    printf (_("tournament %" PRId64 " (%s): director's PIN removed\n"), store.tournament->id,
            store.tournament->name);
  return SP_CLI_OK;
}

static const SpCliCommand pin_commands[] = {
    { "set", N_("lock the tournament with a director's PIN (--pin P; --current P to change it)"),
      pin_change },
    { "clear", N_("remove the director's PIN (--pin P)"), pin_change },
  { NULL }
};

static int
tournament_pin (SpCli  *cli,
                int     argc,
                char  **argv)
{
  return sp_cli_run_subcommand (cli, argc, argv, pin_commands);
}

const SpCliCommand sp_cli_tournament_commands[] = {
    { "create", N_("create a tournament"), tournament_create },
    { "list", N_("list the tournaments of the database"), tournament_list },
    { "show", N_("the tournament at a glance"), tournament_show },
    { "rename", N_("rename the tournament"), tournament_rename },
    { "edit", N_("change the venue, the dates or Hide Standings"), tournament_edit },
    { "delete", N_("delete the tournament (--confirm NAME)"), tournament_delete },
    { "pin", N_("the director's lock: pin set --pin P | pin clear --pin P"), tournament_pin },
  { NULL }
};

/* ---- players --------------------------------------------------------------------------- */

static const char *
status_of (gconstpointer record)
{
  return sp_player_status_to_string (((const SpPlayer *) record)->status);
}

static const SpCliColumn player_columns[] = {
  { "id", N_("id"), SP_CLI_INT64, 0, G_STRUCT_OFFSET (SpPlayer, id), NULL },
  { "name", N_("name"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpPlayer, name), NULL },
  { "club", N_("club"), SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (SpPlayer, club),
    NULL },
  { "country", N_("country"), SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY,
    G_STRUCT_OFFSET (SpPlayer, country), NULL },
  { "team", N_("team"), SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (SpPlayer, team),
    NULL },
  { "federation_id", N_("federation id"), SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY,
    G_STRUCT_OFFSET (SpPlayer, federation_id), NULL },
  { "status", N_("status"), SP_CLI_STRING, 0, 0, status_of },
  { "substitute_for", N_("replaces"), SP_CLI_INT64, SP_CLI_OMIT_IF_EMPTY,
    G_STRUCT_OFFSET (SpPlayer, substitute_for), NULL },
  { "present", N_("checked in"), SP_CLI_BOOL, 0, G_STRUCT_OFFSET (SpPlayer, present), NULL },
  { NULL }
};

/* Prints player @id as stored after a change: as JSON, or the line @text. */
static int
print_player (SpCli       *cli,
              SpCliStore  *store,
              gint64       id,
              const char  *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SpPlayer) player = sp_db_get_player (store->db, store->tournament->id, id, &error);

  if (player == NULL)
    return sp_cli_store_fail (cli, store, error);
  sp_cli_print_record (cli, player_columns, player, text);
  return SP_CLI_OK;
}

/* A context whose options fill the fields of @player besides the name: --club, --country,
 * --team, --federation-id, after @entries. */
static GOptionContext *
player_context_new (SpCli              *cli,
                    const char         *parameters,
                    const GOptionEntry *entries,
                    SpPlayer           *player,
                    const char         *summary)
{
  const GOptionEntry fields[] = {
    { "club", 0, 0, G_OPTION_ARG_FILENAME, &player->club, N_("The player's club"), N_("C") },
    { "country", 0, 0, G_OPTION_ARG_FILENAME, &player->country, N_("The player's country"),
      N_("CC") },
    { "team", 0, 0, G_OPTION_ARG_FILENAME, &player->team, N_("The player's team"), N_("T") },
    { "federation-id", 0, 0, G_OPTION_ARG_FILENAME, &player->federation_id,
      N_("The player's federation id"), N_("ID") },
    { NULL }
  };
  GOptionContext *context = sp_cli_context_new (cli, parameters, entries, summary);

  g_option_context_add_main_entries (context, fields, GETTEXT_PACKAGE);
  return context;
}

static int
players_add (SpCli  *cli,
             int     argc,
             char  **argv)
{
  g_autoptr(SpPlayer) player = g_new0 (SpPlayer, 1);
  g_autoptr(GOptionContext) context = player_context_new (cli, _("NAME"), NULL, player, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("the player's NAME"), &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  player->tournament = store.tournament->id;
  player->name = g_strdup (argv[1]);
  if (!sp_db_add_player (store.db, player, &error))
    return sp_cli_store_fail (cli, &store, error);
  text = g_strdup_printf (_("player %" PRId64 ": %s"), player->id, g_strstrip (argv[1]));
  return print_player (cli, &store, player->id, text);
}

static int
players_import (SpCli  *cli,
                int     argc,
                char  **argv)
{
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, _("FILE.csv"), NULL,
                        _("The CSV file has a header naming its columns, in any order: name "
                          "(required), club,\ncountry, team, federation_id.  A bad row imports "
                          "nothing."));
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  guint n;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("a FILE"), &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_import_players (store.db, store.tournament->id, argv[1], &n, &error))
    return sp_cli_store_fail (cli, &store, error);
  return sp_cli_print_done (cli, "imported", n,
                            g_dngettext (GETTEXT_PACKAGE, "%u player imported\n",
                                         "%u players imported\n", n), n);
}

static int
players_list (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  players = sp_db_list_players (store.db, store.tournament->id, &error);
  if (players == NULL)
    return sp_cli_store_fail (cli, &store, error);
  sp_cli_print_records (cli, "players", player_columns, players);
  return SP_CLI_OK;
}

/* players edit, withdraw, reinstate and substitute: a change to player ID. */
static int
players_change (SpCli  *cli,
                int     argc,
                char  **argv)
{
  gboolean editing = strcmp (argv[0], "edit") == 0;
  gboolean substituting = strcmp (argv[0], "substitute") == 0;
  g_autoptr(SpPlayer) changes = g_new0 (SpPlayer, 1);
  gboolean force = FALSE;
  g_autofree char *pin = NULL;
  const GOptionEntry withdraw_entries[] = {
    sp_cli_pin_entry (&pin),
    { NULL }
  };
  const GOptionEntry edit_entries[] = {
    { "name", 0, 0, G_OPTION_ARG_FILENAME, &changes->name, N_("The player's name"), N_("N") },
    { NULL }
  };
  const GOptionEntry substitute_entries[] = {
    { "by", 0, 0, G_OPTION_ARG_FILENAME, &changes->name, N_("The substitute's name"),
      N_("NAME") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replace a player who has not withdrawn"),
      NULL },
    sp_cli_pin_entry (&pin),
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpPlayer) player = NULL;
  g_autofree char *text = NULL;
  g_auto(SpCliStore) store = { 0 };
  gint64 id, shown;
  gboolean done;
  int status;

  if (editing || substituting)
    context = player_context_new (cli, _("ID"), editing ? edit_entries : substitute_entries,
                                  changes, editing ? _("Changes the fields given; an empty "
                                                       "value clears club, country, team or "
                                                       "federation id.") : NULL);
  else
    context = sp_cli_context_new (cli, _("ID"), strcmp (argv[0], "withdraw") == 0
                                  ? withdraw_entries : NULL, NULL);
  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("a player ID"), &status)
      || !sp_cli_parse_id (cli, argv[1], _("a player ID"), &id, &status))
    return status;
  if (substituting && changes->name == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("players substitute ID needs --by NAME"));
  if (editing && changes->name == NULL && changes->club == NULL && changes->country == NULL
      && changes->team == NULL && changes->federation_id == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("players edit ID needs a field to change (--name, --club, --country, "
                          "--team or --federation-id)"));
  if (!sp_cli_store_open (cli, &store, TRUE, &status)
      || ((substituting || strcmp (argv[0], "withdraw") == 0)
          && !sp_cli_store_unlock (cli, &store, pin, substituting ? "players substitute"
                                   : "players withdraw", &status)))
    return status;
  if (editing)
    done = sp_db_edit_player (store.db, store.tournament->id, id, changes, &error);
  else if (substituting)
    done = sp_db_substitute_player (store.db, store.tournament->id, id, changes, force, &error);
  else if (strcmp (argv[0], "withdraw") == 0)
    done = sp_db_withdraw_player (store.db, store.tournament->id, id, &error);
  else
    done = sp_db_reinstate_player (store.db, store.tournament->id, id, &error);
  if (!done || (player = sp_db_get_player (store.db, store.tournament->id, id, &error)) == NULL)
    return sp_cli_store_fail (cli, &store, error);
  shown = substituting ? changes->id : id;
  if (editing)
    text = g_strdup_printf (_("player %" PRId64 " edited"), id);
  else if (substituting)
    text = g_strdup_printf (_("player %" PRId64 ": %s replaces %s (%" PRId64
                              ")"), changes->id, g_strstrip (changes->name), player->name, id);
  else if (strcmp (argv[0], "withdraw") == 0)
    text = g_strdup_printf (_("player %" PRId64 " (%s) withdrawn; name a substitute "
                              "with: players substitute %" PRId64 " --by NAME"), id,
                            player->name, id);
  else
    text = g_strdup_printf (_("player %" PRId64 " (%s) reinstated"), id, player->name);
  return print_player (cli, &store, shown, text);
}

/* checkin ID… | checkin --all | checkout ID… */
static int
players_presence (SpCli  *cli,
                  int     argc,
                  char  **argv)
{
  gboolean present = strcmp (argv[0], "checkin") == 0;
  gboolean all = FALSE;
  const GOptionEntry entries[] = {
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_("Every player taking part"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, _("ID…"), present ? entries : NULL,
                        _("Presence before a draw: when any player is checked in, a draw seats "
                          "only those who are."));
  g_autoptr(GError) error = NULL;
  g_autofree gint64 *ids = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (all && argc > 1)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("%s: either IDs or --all"), argv[0]);
  if (!all && !sp_cli_check_arguments (cli, argc, argv, -1, _("player IDs"), &status))
    return status;
  ids = g_new (gint64, MAX (argc, 1));
  for (int i = 1; i < argc; i++)
    if (!sp_cli_parse_id (cli, argv[i], _("a player ID"), &ids[i - 1], &status))
      return status;
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_check_in_players (store.db, store.tournament->id, ids, (guint) argc - 1, present,
                               &error))
    return sp_cli_store_fail (cli, &store, error);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "present");
      json_builder_add_boolean_value (builder, present);
      sp_cli_builder_int (builder, "players", all ? -1 : argc - 1);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else if (all)
    printf (_("every player taking part is checked in\n"));
  else
    printf (present ? g_dngettext (GETTEXT_PACKAGE, "%d player checked in\n",
                                   "%d players checked in\n", argc - 1)
            : g_dngettext (GETTEXT_PACKAGE, "%d player checked out\n", "%d players checked out\n",
                           argc - 1),
            argc - 1);
  return SP_CLI_OK;
}

const SpCliCommand sp_cli_players_commands[] = {
    { "add", N_("register a player"), players_add },
    { "import", N_("register the players of a CSV file"), players_import },
    { "list", N_("list the players"), players_list },
    { "edit", N_("change a player's name, club, country, team or federation id"), players_change },
    { "withdraw", N_("a player leaves the tournament"), players_change },
    { "substitute", N_("a substitute takes a player's seats"), players_change },
    { "reinstate", N_("undo a withdrawal"), players_change },
    { "checkin", N_("players present for the next draw"), players_presence },
    { "checkout", N_("players absent from the next draw"), players_presence },
  { NULL }
};

/* ---- penalty --------------------------------------------------------------------------- */

static const SpCliColumn penalty_columns[] = {
  { "id", N_("id"), SP_CLI_INT64, 0, G_STRUCT_OFFSET (SpPenalty, id), NULL },
  { "session", N_("session"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpPenalty, session), NULL },
  { "player", N_("player"), SP_CLI_INT64, 0, G_STRUCT_OFFSET (SpPenalty, player), NULL },
  { "hand", N_("hand"), SP_CLI_INT64, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (SpPenalty, hand),
    NULL },
  { "points", N_("points"), SP_CLI_INT64, 0, G_STRUCT_OFFSET (SpPenalty, points), NULL },
  { "reason", N_("reason"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (SpPenalty, reason), NULL },
  { NULL }
};

/* What penalty add answers: the penalty given, without its hand and reason. */
static const SpCliColumn penalty_given_columns[] = {
  { "id", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (SpPenalty, id), NULL },
  { "session", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (SpPenalty, session), NULL },
  { "player", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (SpPenalty, player), NULL },
  { "points", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (SpPenalty, points), NULL },
  { NULL }
};

static int
penalty_add (SpCli  *cli,
             int     argc,
             char  **argv)
{
  gint64 session = 0, player_id = 0, points = G_MININT64, hand = 0;
  g_autofree char *reason = NULL;
  const GOptionEntry entries[] = {
    sp_cli_session_entry (&session, N_("The session")),
    { "player", 0, 0, G_OPTION_ARG_INT64, &player_id, N_("The player's id"), N_("ID") },
    { "points", 0, 0, G_OPTION_ARG_INT64, &points, N_("The points lost (N or -N alike)"),
      N_("N") },
    { "reason", 0, 0, G_OPTION_ARG_FILENAME, &reason, N_("Why"), N_("TEXT") },
    { "hand", 0, 0, G_OPTION_ARG_INT64, &hand, N_("The hand it is given at"), N_("ID") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, entries,
                        _("The player loses N points in session K, for REASON.  Whether "
                          "penalties\nchange the session score (and so table points) or only the "
                          "total is the\ntournament option penalties=session|overall.  A false "
                          "win judged by the\ncore is entered with hand add … --hand HAND "
                          "--false-win."));
  g_autoptr(GError) error = NULL;
  g_autoptr(SpPlayer) player = NULL;
  g_autofree char *text = NULL;
  g_auto(SpCliStore) store = { 0 };
  SpPenalty penalty = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (session == 0 || player_id == 0 || points == G_MININT64 || reason == NULL)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                        _("penalty add needs --session K --player ID --points N --reason TEXT"));
  if (!sp_cli_check_range (cli, "session", session, 1, 1000, &status)
      || !sp_cli_check_range (cli, "player", player_id, 1, G_MAXINT64, &status)
      || !sp_cli_check_range (cli, "points", points, -1000000, 1000000, &status)
      || !sp_cli_check_range (cli, "hand", hand, 0, G_MAXINT64, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  penalty.session = (guint) session;
  penalty.player = player_id;
  penalty.hand = hand;
  penalty.points = -ABS (points);
  penalty.reason = reason;
  if (!sp_db_check_session (store.tournament, penalty.session, &error)
      || !sp_db_give_penalty (store.db, store.tournament->id, &penalty, &error)
      || (player = sp_db_get_player (store.db, store.tournament->id, player_id, &error)) == NULL)
    return sp_cli_store_fail (cli, &store, error);
  text = g_strdup_printf (_("penalty %" PRId64 ": %s %" PRId64 " in session %u "
                            "(%s)"), penalty.id, player->name, penalty.points, penalty.session,
                          penalty.reason);
  sp_cli_print_record (cli, penalty_given_columns, &penalty, text);
  return SP_CLI_OK;
}

static int
penalty_list (SpCli  *cli,
              int     argc,
              char  **argv)
{
  gint64 session = 0, player_id = 0;
  const GOptionEntry entries[] = {
    sp_cli_session_entry (&session, N_("Only session K")),
    { "player", 0, 0, G_OPTION_ARG_INT64, &player_id, N_("Only this player"), N_("ID") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, entries, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) penalties = NULL;
  g_autoptr(SpPlayer) player = NULL;
  g_auto(SpCliStore) store = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status)
      || !sp_cli_check_range (cli, "session", session, 0, 1000, &status)
      || !sp_cli_check_range (cli, "player", player_id, 0, G_MAXINT64, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if ((session > 0 && !sp_db_check_session (store.tournament, (guint) session, &error))
      || (player_id > 0
          && (player = sp_db_get_player (store.db, store.tournament->id, player_id, &error))
             == NULL)
      || (penalties = sp_db_find_penalties (store.db, store.tournament->id, (guint) session,
                                            player_id, &error)) == NULL)
    return sp_cli_store_fail (cli, &store, error);
  sp_cli_print_records (cli, "penalties", penalty_columns, penalties);
  return SP_CLI_OK;
}

static int
penalty_delete (SpCli  *cli,
                int     argc,
                char  **argv)
{
  g_autofree char *pin = NULL;
  const GOptionEntry entries[] = {
    sp_cli_pin_entry (&pin),
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, _("ID"), entries, NULL);
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  gint64 id;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("a penalty ID"), &status)
      || !sp_cli_parse_id (cli, argv[1], _("a penalty ID"), &id, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status)
      || !sp_cli_store_unlock (cli, &store, pin, "penalty delete", &status))
    return status;
  if (!sp_db_delete_penalty (store.db, store.tournament->id, id, &error))
    return sp_cli_store_fail (cli, &store, error);
  return sp_cli_print_done (cli, "deleted", id, _("penalty %" PRId64 " deleted\n"), id);
}

const SpCliCommand sp_cli_penalty_commands[] = {
    { "add", N_("a player loses points in a session"), penalty_add },
    { "list", N_("the penalties given"), penalty_list },
    { "delete", N_("take back a penalty"), penalty_delete },
  { NULL }
};

/* ---- session --------------------------------------------------------------------------- */

/* session close and session reopen. */
static int
session_change (SpCli  *cli,
                int     argc,
                char  **argv)
{
  gboolean closing = strcmp (argv[0], "close") == 0;
  gint64 session = 0;
  gboolean time_up = FALSE, force = FALSE;
  g_autofree char *pin = NULL;
  const GOptionEntry entries[] = {
    sp_cli_session_entry (&session, N_("The session")),
    closing ? (GOptionEntry) { "time-up", 0, 0, G_OPTION_ARG_NONE, &time_up,
                               N_("Accept the hands played when time ran out"), NULL }
    : (GOptionEntry) { "force", 0, 0, G_OPTION_ARG_NONE, &force,
                       N_("Confirm: the frozen scores may change"), NULL },
    closing ? (GOptionEntry) { NULL } : sp_cli_pin_entry (&pin),
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, NULL, entries,
                        closing ? _("Checks that every table played its hands (16 in MCR, a "
                                    "whole 將 in Taiwan),\nor with --time-up accepts the hands "
                                    "played when time ran out, and freezes\nthe session.")
                        : _("Allows corrections again; it is kept in the audit log."));
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  SpSessionInfo info = { 0 };
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 0, NULL, &status))
    return status;
  if (session == 0)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("session %s needs --session K"), argv[0]);
  if (!sp_cli_check_range (cli, "session", session, 1, 1000, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status)
      || (!closing && !sp_cli_store_unlock (cli, &store, pin, "session reopen", &status)))
    return status;
  /* Reopening a closed session needs --force; one that is not closed (or not drawn) is
   * refused by the store, which says why. */
  if (!closing && !force
      && !sp_db_get_session (store.db, store.tournament->id, (guint) session, &info, &error))
    return sp_cli_store_fail (cli, &store, error);
  if (!closing && !force && info.closed)
    g_set_error (&error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                 _("session %u is closed and its scores frozen: reopening it needs --force"),
                 (guint) session);
  else if (closing)
    sp_db_close_session (store.db, store.tournament, (guint) session, time_up, &error);
  else
    sp_db_reopen_session (store.db, store.tournament, (guint) session, &error);
  if (error != NULL)
    return sp_cli_store_fail (cli, &store, error);
  /* The close stands; a backup that could not be made is said, not a failure. */
  {
    g_autofree char *warning = sp_db_take_warning (store.db);

    if (warning != NULL)
      g_printerr (_("warning: %s\n"), warning);
  }
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_int (builder, "session", session);
      sp_cli_builder_string (builder, "status", closing ? "closed" : "open");
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else
    printf (closing ? _("session %u closed\n") : _("session %u reopened\n"), (guint) session);
  return SP_CLI_OK;
}

const SpCliCommand sp_cli_session_commands[] = {
    { "close", N_("check a session is complete and freeze it"), session_change },
    { "reopen", N_("allow corrections again (--force)"), session_change },
  { NULL }
};
