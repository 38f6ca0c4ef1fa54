/* sp-cli-hands.c: `sparrow-cli hand add|list|edit|delete|import`: the options of each mapped
 * onto an SpHandEntry, one operation of the store, and what it did printed.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-cli-store.h"
#include "sp-cli-situation.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* A winner's own options in a double or triple ron: those after his --winner, up to the next
 * one. */
typedef struct
{
  char        *winner;
  char        *hand;
  gint64       han, fu, yakuman; /* -1 when not given */
  SpSituation  situation;
} WinnerOptions;

static void
winner_options_clear (WinnerOptions *options)
{
  g_clear_pointer (&options->winner, g_free);
  g_clear_pointer (&options->hand, g_free);
}

/* The options of hand add and hand edit. */
typedef struct
{
  gint64       session;
  gint64       table;
  char        *winner;
  char        *from;
  char        *hand;
  char        *fan;
  gboolean     draw;
  gboolean     false_win;
  char        *pin;
  char        *reason;       /* hand edit: why, for the audit log */
  char        *key;          /* hand add: the entry's idempotency key */
  gint64       expect_hand;     /* hand add: the number the new hand takes, 0 unchecked */
  gint64       expect_version;  /* hand edit: the version corrected, 0 unchecked */
  /* Riichi. */
  char        *riichi;         /* the seats that declared riichi, "E,W" */
  char        *tenpai;         /* the seats tenpai at the draw */
  char        *chombo;         /* the seat of a chombo's offender */
  gint64       han, fu, yakuman; /* a win entered by its value; -1 when not given */
  SpSituation  situation;
  /* --winner given more than once (a double or triple ron): the fields above are the first
   * winner's, these the others'. */
  guint         n_winners;
  WinnerOptions also[SP_HAND_ENTRY_MAX_ALSO];
} HandOptions;

static void
hand_options_clear (HandOptions *options)
{
  g_clear_pointer (&options->winner, g_free);
  g_clear_pointer (&options->from, g_free);
  g_clear_pointer (&options->hand, g_free);
  g_clear_pointer (&options->fan, g_free);
  g_clear_pointer (&options->pin, g_free);
  g_clear_pointer (&options->reason, g_free);
  g_clear_pointer (&options->key, g_free);
  g_clear_pointer (&options->riichi, g_free);
  g_clear_pointer (&options->tenpai, g_free);
  g_clear_pointer (&options->chombo, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (options->also); i++)
    winner_options_clear (&options->also[i]);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (HandOptions, hand_options_clear)

/* The indexes in @argv at which a --winner is given, at most @max of them; their count. */
static guint
find_winners (int     argc,
              char  **argv,
              int    *starts,
              guint   max)
{
  guint n = 0;

  for (int i = 1; i < argc && strcmp (argv[i], "--") != 0; i++)
    if (strcmp (argv[i], "--winner") == 0 || g_str_has_prefix (argv[i], "--winner="))
      {
        if (n < max)
          starts[n] = i;
        n++;
      }
  return n;
}

/* The winner's own options among @argv[@from..@to) (the others there are the hand's, read
 * by the whole command line's parse, which has already checked every value). */
static void
parse_winner_options (char          **argv,
                      int             from,
                      int             to,
                      WinnerOptions  *options)
{
  const GOptionEntry entries[] = {
    { "winner", 0, 0, G_OPTION_ARG_STRING, &options->winner, NULL, NULL },
    { "hand", 0, 0, G_OPTION_ARG_STRING, &options->hand, NULL, NULL },
    { "han", 0, 0, G_OPTION_ARG_INT64, &options->han, NULL, NULL },
    { "fu", 0, 0, G_OPTION_ARG_INT64, &options->fu, NULL, NULL },
    { "yakuman", 0, 0, G_OPTION_ARG_INT64, &options->yakuman, NULL, NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autofree char **view = NULL;
  int n;

  options->han = options->fu = options->yakuman = -1;
  sp_situation_init (&options->situation);
  g_ptr_array_add (args, g_strdup (argv[0]));
  for (int i = from; i < to; i++)
    g_ptr_array_add (args, g_strdup (argv[i]));
  g_ptr_array_add (args, NULL);
  /* The parse moves the pointers of the array it is given: it gets a copy of them. */
  view = g_memdup2 (args->pdata, args->len * sizeof (char *));
  n = (int) args->len - 1;
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_group (context, sp_cli_situation_group_new_at_table (&options->situation));
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_ignore_unknown_options (context, TRUE);
  (void) g_option_context_parse (context, &n, &view, NULL);
}

/* A double or triple ron: each --winner takes the options after it (its tiles or value, its
 * situation); the first winner's go where a single winner's do. */
static gboolean
split_winners (SpCli         *cli,
               int            argc,
               char         **argv,
               HandOptions   *options,
               int           *status)
{
  int starts[1 + SP_HAND_ENTRY_MAX_ALSO];
  WinnerOptions first = { 0 };

  options->n_winners = find_winners (argc, argv, starts, G_N_ELEMENTS (starts));
  if (options->n_winners <= 1)
    return TRUE;
  if (options->n_winners > G_N_ELEMENTS (starts))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                             _("--winner is given %u times: a hand has at most three winners"),
                             options->n_winners);
      return FALSE;
    }
  parse_winner_options (argv, 1, starts[1], &first);
  g_free (options->winner);
  options->winner = g_steal_pointer (&first.winner);
  g_free (options->hand);
  options->hand = g_steal_pointer (&first.hand);
  options->han = first.han;
  options->fu = first.fu;
  options->yakuman = first.yakuman;
  options->situation = first.situation;
  for (guint i = 1; i < options->n_winners; i++)
    parse_winner_options (argv, starts[i], i + 1 < options->n_winners ? starts[i + 1] : argc,
                          &options->also[i - 1]);
  return TRUE;
}

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
    sp_cli_session_entry (&options->session, N_("The session")),
    sp_cli_table_entry (&options->table, N_("The table")),
    { "winner", 0, 0, G_OPTION_ARG_STRING, &options->winner, N_("The winner's seat this hand"),
      N_("E|S|W|N") },
    { "from", 0, 0, G_OPTION_ARG_STRING, &options->from,
      N_("The discarder's seat, or self (self-drawn)"), N_("E|S|W|N|self") },
    { "hand", 0, 0, G_OPTION_ARG_STRING, &options->hand,
      N_("The tiles, scored by the rules (- with --flowers for a Taiwan flower win)"),
      N_("HAND") },
    { "fan", 0, 0, G_OPTION_ARG_STRING, &options->fan,
      N_("The total, without the tiles (not with --hand)"), N_("N") },
    { "draw", 0, 0, G_OPTION_ARG_NONE, &options->draw, N_("An exhaustive draw (荒牌 / 流局)"),
      NULL },
    { "riichi", 0, 0, G_OPTION_ARG_STRING, &options->riichi,
      N_("Riichi: the seats that declared riichi in this hand"), N_("SEATS") },
    { "tenpai", 0, 0, G_OPTION_ARG_STRING, &options->tenpai,
      N_("Riichi: the seats tenpai at the exhaustive draw (noten payments)"), N_("SEATS") },
    { "chombo", 0, 0, G_OPTION_ARG_STRING, &options->chombo,
      N_("Riichi: a chombo by this seat; the hand is dealt again"), N_("X") },
    { "han", 0, 0, G_OPTION_ARG_INT64, &options->han, N_("Riichi: the win's han, without the tiles"),
      N_("N") },
    { "fu", 0, 0, G_OPTION_ARG_INT64, &options->fu, N_("Riichi: the win's fu, with --han"),
      N_("N") },
    { "yakuman", 0, 0, G_OPTION_ARG_INT64, &options->yakuman,
      N_("Riichi: a yakuman of this multiplier, without the tiles"), N_("K") },
    { "false-win", 0, 0, G_OPTION_ARG_NONE, &options->false_win,
      N_("Record the penalty of a declared win that is not one (Taiwan and Guangdong: also "
         "from the claimed --fan N)"), NULL },
    /* What the hand was typed against: refused when the table or the hand has changed since
     * (another referee, a second window). */
    parameter == NULL
    ? (GOptionEntry) { "expect-hand", 0, 0, G_OPTION_ARG_INT64, &options->expect_hand,
                       N_("Refuse the hand unless it is hand N of its table (none entered since)"),
                       N_("N") }
    : (GOptionEntry) { "expect-version", 0, 0, G_OPTION_ARG_INT64, &options->expect_version,
                       N_("Refuse the correction unless the hand is at version V (hand list "
                          "--json)"), N_("V") },
    /* hand add: a hand sent again with its key (the first sending's fate unknown: the
     * connection dropped during the commit) is found, not entered twice.  hand edit: a hand of
     * a closed session is corrected under the director's lock, and the correction's reason
     * goes with it into the audit log. */
    parameter == NULL
    ? (GOptionEntry) { "key", 0, 0, G_OPTION_ARG_STRING, &options->key,
                       N_("The entry's own key (any text, unique to it): sent again with the "
                          "same key, the hand is found and not entered twice"), N_("KEY") }
    : sp_cli_pin_entry (&options->pin),
    parameter != NULL ? (GOptionEntry) { "reason", 0, 0, G_OPTION_ARG_STRING, &options->reason,
                                         N_("Why the hand is corrected, kept in the audit log"),
                                         N_("TEXT") }
                      : (GOptionEntry) { NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, parameter, entries,
                        _("Seat letters are the seat winds of that hand at that table, known from "
                          "the seating, the\nrotation and the hand number (a contradicting "
                          "--seat-wind or --round-wind is refused).\nCorrections recompute the "
                          "later hands of the table and are kept in the audit log."));

  g_autoptr(GError) number_error = NULL;
  gint64 total;

  sp_situation_init (&options->situation);
  g_option_context_add_group (context, sp_cli_situation_group_new_at_table (&options->situation));
  options->han = options->fu = options->yakuman = -1;
  options->expect_hand = -1;
  options->expect_version = -1;
  {
    /* The parse takes the options out of argv: the winners are split on the line as given. */
    g_auto(GStrv) line = g_strdupv (*argv);

    if (!sp_cli_parse_options (cli, context, argc, argv, status)
        || !split_winners (cli, (int) g_strv_length (line), line, options, status))
      return FALSE;
  }
  if ((options->expect_hand != -1
       && !sp_cli_check_range (cli, "expect-hand", options->expect_hand, 1, 100000, status))
      || (options->expect_version != -1
          && !sp_cli_check_range (cli, "expect-version", options->expect_version, 1,
                                  G_MAXUINT32, status)))
    return FALSE;
  options->expect_hand = MAX (options->expect_hand, 0);
  options->expect_version = MAX (options->expect_version, 0);
  /* A --fan that is no number is a usage error, as any option's; a number no hand scores (less
   * than 0, too large) is refused with the entry. */
  if (options->fan != NULL
      && !g_ascii_string_to_signed (options->fan, 10, G_MININT64, G_MAXINT64, &total,
                                    &number_error)
      && g_error_matches (number_error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_INVALID))
    {
      *status = sp_cli_fail (cli, SP_CLI_USAGE, "usage",
                             _("--fan: '%s' is not a whole number"), options->fan);
      return FALSE;
    }
  return TRUE;
}

/* A comma-separated list of seat letters ("E,W") as a bit per seat. */
static gboolean
parse_seats (const char  *option,
             const char  *text,
             guint8      *seats,
             GError     **error)
{
  g_auto(GStrv) letters = g_strsplit (text, ",", -1);

  *seats = 0;
  for (guint i = 0; letters[i] != NULL; i++)
    {
      gint seat;

      if (letters[i][0] == '\0')
        continue;
      if (!sp_hand_entry_parse_seat (letters[i], FALSE, &seat, error))
        {
          g_prefix_error (error, "--%s: ", option);
          return FALSE;
        }
      *seats |= (guint8) (1u << seat);
    }
  return TRUE;
}

/* A riichi win's value: --han N --fu M, or --yakuman K. */
static gboolean
parse_value (gint64        han,
             gint64        fu,
             gint64        yakuman,
             SpHandValue  *value,
             GError      **error)
{
  if (yakuman >= 0 ? han >= 0 || fu >= 0 : han < 0 || fu < 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("a riichi win by its value takes --han N --fu M, or --yakuman K"));
      return FALSE;
    }
  *value = (SpHandValue) {
    .han = (gint32) MIN (MAX (han, 0), 1000),
    .fu = (gint32) MIN (MAX (fu, 0), 1000),
    .yakuman = (gint32) MIN (MAX (yakuman, 0), 1000),
  };
  return TRUE;
}

/* The Riichi options: who declared riichi, who was tenpai, a chombo, a win's value, the further
 * winners of a double or triple ron. */
static gboolean
apply_riichi_options (const HandOptions  *options,
                      SpHandEntry        *entry,
                      GError            **error)
{
  if ((options->riichi != NULL && !parse_seats ("riichi", options->riichi, &entry->riichi, error))
      || (options->tenpai != NULL
          && !parse_seats ("tenpai", options->tenpai, &entry->tenpai, error)))
    return FALSE;
  if (options->chombo != NULL)
    {
      if (!sp_hand_entry_parse_seat (options->chombo, FALSE, &entry->chombo, error))
        {
          g_prefix_error (error, "--chombo: ");
          return FALSE;
        }
      entry->draw = FALSE;
    }
  if (options->han >= 0 || options->fu >= 0 || options->yakuman >= 0)
    {
      if (!parse_value (options->han, options->fu, options->yakuman, &entry->value, error))
        return FALSE;
      entry->draw = FALSE;
      entry->has_value = TRUE;
      sp_hand_entry_set_tiles (entry, NULL);
      entry->has_total = FALSE;
    }
  /* The winners named replace those of a correction. */
  if (options->n_winners > 0 || options->winner != NULL)
    {
      for (guint i = 0; i < SP_HAND_ENTRY_MAX_ALSO; i++)
        g_clear_pointer (&entry->also[i].tiles, g_free);
      entry->n_also = 0;
    }
  for (guint i = 0; i + 1 < options->n_winners; i++)
    {
      const WinnerOptions *given = &options->also[i];
      SpHandEntryWin *win = &entry->also[entry->n_also++];

      if (!sp_hand_entry_parse_seat (given->winner, FALSE, &win->winner, error))
        {
          g_prefix_error (error, "--winner: ");
          return FALSE;
        }
      win->tiles = g_strdup (given->hand);
      win->situation = given->situation;
      win->has_value = given->han >= 0 || given->fu >= 0 || given->yakuman >= 0;
      if (win->has_value
          && !parse_value (given->han, given->fu, given->yakuman, &win->value, error))
        return FALSE;
    }
  /* A draw corrected into a win keeps no tenpai seats. */
  if (!entry->draw && options->tenpai == NULL)
    entry->tenpai = 0;
  return TRUE;
}

/* Puts the options given on @entry (a new one, or the stored one of a correction). */
static gboolean
apply_options (const HandOptions  *options,
               SpHandEntry        *entry,
               GError            **error)
{
  /* A draw given a winner or a discarder is left for the core to refuse, as any entry. */
  if (options->draw)
    {
      entry->draw = TRUE;
      entry->winner = SP_HAND_ENTRY_UNSAID;
      entry->from = SP_HAND_ENTRY_UNSAID;
      sp_hand_entry_set_tiles (entry, NULL);
      entry->has_total = FALSE;
    }
  /* A stored draw given a winner or a discarder is turned into a win, which is scored from
   * its tiles or its total. */
  if (entry->draw && !options->draw && options->hand == NULL && options->fan == NULL
      && options->han < 0 && options->yakuman < 0
      && (options->winner != NULL || options->from != NULL))
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("the hand is a draw: turning it into a win needs the tiles (--hand) or the "
                     "total (--fan N)"));
      return FALSE;
    }
  if ((options->winner != NULL
       && !sp_hand_entry_parse_seat (options->winner, FALSE, &entry->winner, error))
      || (options->from != NULL
          && !sp_hand_entry_parse_seat (options->from, TRUE, &entry->from, error)))
    return FALSE;
  /* A correction replaces the tiles by a total or the other way round; given both, the entry
   * holds both and is refused. */
  if (options->hand != NULL || options->fan != NULL)
    {
      entry->draw = FALSE;
      sp_hand_entry_set_tiles (entry, options->hand);
      entry->has_total = options->fan != NULL;
      if (options->fan != NULL && !sp_hand_entry_parse_total (options->fan, &entry->total, error))
        {
          g_prefix_error (error, "--fan ");
          return FALSE;
        }
    }
  if (options->situation.given != 0)
    entry->situation = options->situation;
  entry->false_win = options->false_win;
  return apply_riichi_options (options, entry, error);
}

/* ---- printing --------------------------------------------------------------------------- */

/* A hand or a false win as hand list and hand add show it: seats and values by the seat winds
 * of the rotation it was played at.  The strings are the records'. */
typedef struct
{
  gint64      id;
  guint       session;
  guint       table;
  guint       number;       /* a false win: the hand it came before */
  const char *round_wind;
  guint       streak;
  gboolean    draw;
  const char *winner;
  const char *from;
  const char *hand;
  const char *situation;
  const SpHandItems *fan;   /* the items, written as the verdict's "fan" */
  gint        total;
  gint64      seats[4];     /* the settlement, or a false win's penalties */
  gint64      players[4];
  const char *entered_by;
  guint       version;      /* changes with every correction: hand edit --expect-version */
  const char *entry_key;    /* hand add --key */
  gboolean    repeated;     /* hand add: the key was already this hand's, nothing entered */
  gboolean    false_win;
  const char *reason;
  char       *penalty_ids;  /* a false win's penalties, a JSON array */
  char       *number_text;  /* "-" for a false win, as its id */
  char       *id_text;
  char       *result;       /* "E wins 8 from S", or the false win's reason */
  /* Riichi only (left out of the JSON elsewhere). */
  const char *dealer;       /* the dealer's seat letter */
  guint       honba;        /* counters before the hand */
  guint       sticks;       /* riichi sticks on the table before the hand */
  char       *riichi;       /* the seats that declared riichi, a JSON array */
  char       *tenpai;       /* the seats tenpai at a draw, a JSON array */
  const char *chombo;       /* the seat of a chombo's offender */
  gboolean    riichi_table;
  gint64      scores[4];    /* each seat's points after the hand */
  char       *winners;      /* each winner's han, fu, yaku and cost, a JSON array */
  /* Two-key entry only (left out of the JSON elsewhere): JSON true / false, and who confirmed
   * it as a JSON string or null. */
  char       *confirmed;
  char       *confirmed_by;
} HandRow;

static void
hand_row_free (gpointer data)
{
  HandRow *row = data;

  g_free (row->penalty_ids);
  g_free (row->number_text);
  g_free (row->id_text);
  g_free (row->result);
  g_free (row->riichi);
  g_free (row->tenpai);
  g_free (row->winners);
  g_free (row->confirmed);
  g_free (row->confirmed_by);
  g_free (row);
}

static const SpCliColumn hand_columns[] = {
  { "id", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (HandRow, id), NULL },
  { "session", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, session), NULL },
  { "table", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, table), NULL },
  { "number", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, number), NULL },
  { "round_wind", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, round_wind), NULL },
  { "streak", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, streak), NULL },
  { "draw", NULL, SP_CLI_BOOL, 0, G_STRUCT_OFFSET (HandRow, draw), NULL },
  { "winner", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (HandRow, winner), NULL },
  { "from", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (HandRow, from), NULL },
  { "hand", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (HandRow, hand), NULL },
  { "situation", NULL, SP_CLI_STRING, SP_CLI_OMIT_IF_EMPTY, G_STRUCT_OFFSET (HandRow, situation),
    NULL },
  { "fan", NULL, SP_CLI_ITEMS, 0, G_STRUCT_OFFSET (HandRow, fan), NULL },
  { "total", NULL, SP_CLI_INT, 0, G_STRUCT_OFFSET (HandRow, total), NULL },
  { "settlement", NULL, SP_CLI_SEATS, 0, G_STRUCT_OFFSET (HandRow, seats), NULL },
  { "players", NULL, SP_CLI_SEATS, 0, G_STRUCT_OFFSET (HandRow, players), NULL },
  { "entered_by", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, entered_by), NULL },
  { "version", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, version), NULL },
  { "key", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, entry_key), NULL },
  { "repeated", NULL, SP_CLI_BOOL, 0, G_STRUCT_OFFSET (HandRow, repeated), NULL },
  { "confirmed", NULL, SP_CLI_JSON, SP_CLI_OMIT_IF_EMPTY, G_STRUCT_OFFSET (HandRow, confirmed),
    NULL },
  { "confirmed_by", NULL, SP_CLI_JSON, SP_CLI_OMIT_IF_EMPTY,
    G_STRUCT_OFFSET (HandRow, confirmed_by), NULL },
  { NULL }
};

/* A riichi table's hands add the table's state around each. */
static const SpCliColumn riichi_hand_columns[] = {
  { "id", NULL, SP_CLI_INT64, 0, G_STRUCT_OFFSET (HandRow, id), NULL },
  { "session", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, session), NULL },
  { "table", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, table), NULL },
  { "number", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, number), NULL },
  { "round_wind", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, round_wind), NULL },
  { "dealer", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, dealer), NULL },
  { "honba", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, honba), NULL },
  { "sticks", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, sticks), NULL },
  { "riichi", NULL, SP_CLI_JSON, 0, G_STRUCT_OFFSET (HandRow, riichi), NULL },
  { "draw", NULL, SP_CLI_BOOL, 0, G_STRUCT_OFFSET (HandRow, draw), NULL },
  { "tenpai", NULL, SP_CLI_JSON, SP_CLI_OMIT_IF_EMPTY, G_STRUCT_OFFSET (HandRow, tenpai), NULL },
  { "chombo", NULL, SP_CLI_STRING, SP_CLI_OMIT_IF_EMPTY, G_STRUCT_OFFSET (HandRow, chombo), NULL },
  { "winner", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (HandRow, winner), NULL },
  { "from", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (HandRow, from), NULL },
  { "hand", NULL, SP_CLI_STRING, SP_CLI_NULL_IF_EMPTY, G_STRUCT_OFFSET (HandRow, hand), NULL },
  { "situation", NULL, SP_CLI_STRING, SP_CLI_OMIT_IF_EMPTY, G_STRUCT_OFFSET (HandRow, situation),
    NULL },
  { "winners", NULL, SP_CLI_JSON, 0, G_STRUCT_OFFSET (HandRow, winners), NULL },
  { "yaku", NULL, SP_CLI_ITEMS, 0, G_STRUCT_OFFSET (HandRow, fan), NULL },
  { "total", NULL, SP_CLI_INT, 0, G_STRUCT_OFFSET (HandRow, total), NULL },
  { "settlement", NULL, SP_CLI_SEATS, 0, G_STRUCT_OFFSET (HandRow, seats), NULL },
  { "scores", NULL, SP_CLI_SEATS, 0, G_STRUCT_OFFSET (HandRow, scores), NULL },
  { "players", NULL, SP_CLI_SEATS, 0, G_STRUCT_OFFSET (HandRow, players), NULL },
  { "entered_by", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, entered_by), NULL },
  { "version", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, version), NULL },
  { "confirmed", NULL, SP_CLI_JSON, SP_CLI_OMIT_IF_EMPTY, G_STRUCT_OFFSET (HandRow, confirmed),
    NULL },
  { "confirmed_by", NULL, SP_CLI_JSON, SP_CLI_OMIT_IF_EMPTY,
    G_STRUCT_OFFSET (HandRow, confirmed_by), NULL },
  { NULL }
};

/* hand list's text: the hands and false wins of each table in the order they came. */
static const SpCliColumn line_columns[] = {
  { NULL, N_("table"), SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, table), NULL },
  { NULL, N_("hand"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, number_text), NULL },
  { NULL, N_("id"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, id_text), NULL },
  { NULL, N_("round"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, round_wind), NULL },
  { NULL, N_("result"), SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, result), NULL },
  { NULL, N_("seats"), SP_CLI_SEATS, 0, G_STRUCT_OFFSET (HandRow, seats), NULL },
  { NULL }
};

/* @values by chair, put by seat at @rotation. */
static void
by_seat (const SpRotation *rotation,
         const gint64      values[4],
         gint64            seats[4])
{
  for (guint s = 0; s < 4; s++)
    seats[s] = values[sp_rotation_chair_at (rotation, (SpWind) s)];
}

/* The seat letters of the chairs in @chairs (bit per chair) at @rotation, a JSON array. */
static char *
seats_json (const SpRotation *rotation,
            guint8            chairs)
{
  GString *out = g_string_new ("[");

  for (guint seat = 0; seat < 4; seat++)
    if (chairs & (1u << sp_rotation_chair_at (rotation, (SpWind) seat)))
      g_string_append_printf (out, "%s\"%s\"", out->len > 1 ? "," : "", sp_cli_seat_names[seat]);
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* The riichi table around @row's hand, as its table's sheet has it: the counters and sticks
 * before the hand, each winner's value, each player's points after it. */
static void
riichi_row_fill (HandRow                 *row,
                 const SpRiichiSheetHand *hand)
{
  const SpHandRecord *record = hand->record;
  const SpRotation *rotation = &hand->rotation;
  GString *winners = g_string_new ("[");
  gint64 points[4];

  for (guint i = 0; i < hand->n_wins; i++)
    {
      gint chair = i == 0 ? record->winner : record->also[i - 1].winner;

      if (i > 0)
        g_string_append_c (winners, ',');
      sp_cli_json_win (winners, sp_cli_seat_names[rotation->seat_wind[chair & 3]],
                       &hand->values[i]);
    }
  g_string_append_c (winners, ']');
  row->winners = g_string_free (winners, FALSE);
  row->riichi_table = TRUE;
  row->dealer = sp_cli_seat_names[SP_WIND_EAST];
  row->honba = rotation->streak;
  row->sticks = hand->sticks;
  row->riichi = seats_json (rotation, record->riichi);
  row->tenpai = record->draw ? seats_json (rotation, record->tenpai) : NULL;
  row->chombo = record->chombo != 0
                ? sp_cli_seat_names[rotation->seat_wind[__builtin_ctz (record->chombo)]] : NULL;
  for (guint chair = 0; chair < 4; chair++)
    points[chair] = hand->points[chair];
  by_seat (rotation, points, row->scores);
}

static const SpCliColumn false_win_columns[] = {
  { "false_win", NULL, SP_CLI_BOOL, 0, G_STRUCT_OFFSET (HandRow, false_win), NULL },
  { "session", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, session), NULL },
  { "table", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, table), NULL },
  { "before", NULL, SP_CLI_UINT, 0, G_STRUCT_OFFSET (HandRow, number), NULL },
  { "reason", NULL, SP_CLI_STRING, 0, G_STRUCT_OFFSET (HandRow, reason), NULL },
  { "penalty", NULL, SP_CLI_SEATS, 0, G_STRUCT_OFFSET (HandRow, seats), NULL },
  { "penalty_ids", NULL, SP_CLI_JSON, 0, G_STRUCT_OFFSET (HandRow, penalty_ids), NULL },
  { NULL }
};

static HandRow *
hand_row_new (const SpHandRecord *record,
              const SpRotation   *rotation,
              const gint64        players[4])
{
  HandRow *row = g_new0 (HandRow, 1);
  const char *winner = record->winner < 0 || record->winner > 3 ? NULL
                       : sp_cli_seat_names[rotation->seat_wind[record->winner]];

  row->id = record->id;
  row->session = record->session;
  row->table = record->table;
  row->entry_key = record->entry_key;
  row->number = record->number;
  row->round_wind = sp_cli_seat_names[rotation->round_wind];
  row->streak = rotation->streak;
  row->draw = record->draw;
  row->winner = winner;
  row->from = winner == NULL ? NULL : record->discarder == SP_CHAIR_NONE ? "self"
              : sp_cli_seat_names[rotation->seat_wind[record->discarder]];
  row->hand = record->notation;
  row->situation = record->situation;
  row->fan = record->items;
  row->total = record->total;
  by_seat (rotation, record->settlement, row->seats);
  by_seat (rotation, players, row->players);
  row->entered_by = record->entered_by != NULL ? record->entered_by : "";
  row->version = record->version;
  row->number_text = g_strdup_printf ("%u", record->number);
  row->id_text = g_strdup_printf ("%" G_GINT64_FORMAT, record->id);
  if (record->draw)
    row->result = g_strdup (_("exhaustive draw"));
  else if (record->chombo != 0)
    row->result = g_strdup_printf (_("chombo by %s: dealt again"),
                                   sp_cli_seat_names[rotation->seat_wind[__builtin_ctz (record->chombo)]]);
  else if (record->discarder == SP_CHAIR_NONE)
    row->result = g_strdup_printf (_("%s wins %d self-drawn"), winner, record->total);
  else if (record->n_also == 0)
    row->result = g_strdup_printf (_("%s wins %d from %s"), winner, record->total, row->from);
  else
    {
      /* A double or triple ron: each winner and what he receives. */
      GString *result = g_string_new (NULL);

      for (guint i = 0; i <= record->n_also; i++)
        {
          const SpHandWin *also = i > 0 ? &record->also[i - 1] : NULL;

          if (i > 0)
            g_string_append (result, i == record->n_also ? _(" and ") : ", ");
          g_string_append_printf (result, _("%s wins %d"),
                                  also == NULL ? winner
                                  : sp_cli_seat_names[rotation->seat_wind[also->winner & 3]],
                                  also == NULL ? record->total : also->total);
        }
      g_string_append_printf (result, _(" from %s"), row->from);
      row->result = g_string_free (result, FALSE);
    }
  return row;
}

/* Two-key entry: whether @row's hand is confirmed and by whom (JSON), and in the text that it
 * awaits confirmation. */
static void
two_key_fill (HandRow            *row,
              const SpHandRecord *record)
{
  g_autoptr(JsonNode) name = NULL;
  char *result;

  row->confirmed = g_strdup (record->confirmed_by != NULL ? "true" : "false");
  if (record->confirmed_by == NULL)
    {
      row->confirmed_by = g_strdup ("null");
      /* Translators: a hand's result in hand list, then a mark that it does not count yet. */
      result = g_strdup_printf (_("%s (awaits confirmation)"), row->result);
      g_free (row->result);
      row->result = result;
      return;
    }
  name = json_node_init_string (json_node_alloc (), record->confirmed_by);
  row->confirmed_by = json_to_string (name, FALSE);
}

/* The penalties of one false win (@group), with what they cost each player at @rotation. */
static HandRow *
false_win_row_new (GPtrArray        *group,
                   const SpRotation *rotation,
                   const gint64      players[4])
{
  HandRow *row = g_new0 (HandRow, 1);
  SpPenalty *first = group->pdata[0];
  g_autoptr(GString) ids = g_string_new ("[");
  gint64 points[4] = { 0 };

  for (guint i = 0; i < group->len; i++)
    {
      SpPenalty *penalty = group->pdata[i];

      for (guint c = 0; c < 4; c++)
        points[c] += penalty->player == players[c] ? penalty->points : 0;
      g_string_append_printf (ids, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", penalty->id);
    }
  g_string_append_c (ids, ']');
  row->false_win = TRUE;
  row->session = first->session;
  row->table = first->table;
  row->number = first->number;
  row->round_wind = sp_cli_seat_names[rotation->round_wind];
  row->reason = first->reason;
  by_seat (rotation, points, row->seats);
  row->penalty_ids = g_string_free (g_steal_pointer (&ids), FALSE);
  row->number_text = g_strdup ("-");
  row->id_text = g_strdup ("-");
  row->result = g_strdup (first->reason);
  return row;
}

/* What hand add says of a false win: the penalties, and the withdrawal a disqualification
 * calls for (the director decides). */
static void
print_false_win (SpCli              *cli,
                 const SpHandReport *report)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *withdraw = report->disqualified > 0
    ? g_strdup_printf ("sparrow-cli players withdraw %lld", (long long) report->disqualified)
    : NULL;

  for (guint i = 0; !cli->json && i < report->penalties->len; i++)
    {
      SpPenalty *penalty = report->penalties->pdata[i];

      printf (_("penalty %lld: player %lld %+lld (%s)\n"), (long long) penalty->id,
              (long long) penalty->player, (long long) penalty->points, penalty->reason);
    }
  if (!cli->json && withdraw != NULL)
    printf (_("The verdict disqualifies player %lld (停赛); to withdraw him: %s\n"),
            (long long) report->disqualified, withdraw);
  if (!cli->json)
    return;
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "false_win");
  json_builder_add_boolean_value (builder, TRUE);
  sp_cli_builder_string (builder, "code", sp_core_error_code_name (report->result.error_code));
  sp_cli_builder_string (builder, "reason", report->result.penalty_reason);
  sp_cli_builder_seats (builder, "penalty", report->result.penalty);
  json_builder_set_member_name (builder, "disqualified");
  if (report->disqualified > 0)
    json_builder_add_int_value (builder, report->disqualified);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "withdraw");
  if (withdraw != NULL)
    json_builder_add_string_value (builder, withdraw);
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
}

/* ---- the subcommands -------------------------------------------------------------------- */

/* hand add and hand edit: a new hand, or a correction of hand ID from the hand as stored (with
 * seat letters of its own seats).  A refused verdict says, as score does, how far the hand was
 * from ready or its total. */
static int
hand_enter (SpCli  *cli,
            int     argc,
            char  **argv)
{
  gboolean adding = strcmp (argv[0], "add") == 0;
  g_auto(HandOptions) options = { 0 };
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  SpTable before;
  gint64 id = 0;
  gboolean done;
  int status;

  if (!parse_hand_options (cli, &argc, &argv, adding ? NULL : "ID", &options, &status)
      || !sp_cli_check_arguments (cli, argc, argv, adding ? 0 : 1, _("a hand ID"), &status)
      || (!adding && !sp_cli_parse_id (cli, argv[1], _("a hand ID"), &id, &status)))
    return status;
  if (adding && (options.session <= 0 || options.table <= 0))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand add needs --session K --table T"));
  if (adding && (!sp_cli_check_range (cli, "session", options.session, 1, 1000, &status)
                 || !sp_cli_check_range (cli, "table", options.table, 1, 100000, &status)))
    return status;
  if (!adding && options.false_win)
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid",
                        _("--false-win is for hand add: a false win is a penalty, not a hand"));
  sp_hand_entry_init (&entry);
  if (adding && !apply_options (&options, &entry, &error))
    return sp_cli_store_fail (cli, NULL, error);
  if (adding && !entry.draw && entry.chombo < 0 && (entry.winner < 0 || entry.from < 0))
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand add needs --winner E|S|W|N and "
                        "--from E|S|W|N|self, or --draw"));
  /* The core refuses this too, but here it is said in the options' words. */
  if (adding && !entry.draw && entry.chombo < 0 && entry.tiles == NULL && !entry.has_total
      && !entry.has_value)
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid",
                        _("hand add: give the tiles with --hand or the total with --fan N"));
  if (!sp_cli_store_open (cli, &store, TRUE, &status)
      || (!adding && !sp_cli_store_unlock (cli, &store, options.pin, "hand edit", &status)))
    return status;
  if (adding && options.key != NULL && g_strstrip (options.key)[0] == '\0')
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("--key is empty"));
  if (adding)
    entry.key = g_strdup (options.key);
  if (adding)
    done = sp_db_add_hand_expecting (store.db, store.tournament, store.rules,
                                     (guint) options.session, (guint) options.table,
                                     (guint) options.expect_hand, NULL, &entry, &report,
                                     &error);
  else
    done = sp_db_get_hand_entry (store.db, store.tournament, id, &entry, &before, &error)
           && apply_options (&options, &entry, &error)
           && (entry.reason = g_strdup (options.reason), TRUE)
           && sp_db_correct_hand_expecting (store.db, store.tournament, store.rules, id,
                                            (guint) options.expect_version, &entry, &report,
                                            &error);
  if (!done && error->domain == SP_CORE_ERROR && !report.result.win
      && (gint) report.result.error_code == error->code
      && (error->code == SP_CORE_ERROR_NOT_A_WIN || error->code == SP_CORE_ERROR_BELOW_MINIMUM))
    return sp_cli_fail_verdict (cli, &report.result, error->message);
  if (!done)
    return sp_cli_store_fail (cli, &store, error);
  if (report.false_win)
    print_false_win (cli, &report);
  else
    {
      const SpRotation *rotation = &report.table.next;
      HandRow *row = hand_row_new (report.hand, rotation, report.table.players);
      g_autofree char *text = NULL;

      row->repeated = report.repeated;
      if (store.tournament->two_key)
        two_key_fill (row, report.hand);
      if (report.repeated)
        /* Translators: the key given with --key, then the hand as stored. */
        text = g_strdup_printf (_("already entered with the key %s, nothing added: hand %lld: "
                                  "session %u table %u hand %u (%s round): %s — E %+" PRId64
                                  " S %+" PRId64 " W %+" PRId64 " N %+" PRId64),
                                row->entry_key, (long long) row->id, row->session, row->table,
                                row->number, row->round_wind, row->result, row->seats[0],
                                row->seats[1], row->seats[2], row->seats[3]);
      else
        text = g_strdup_printf (_("hand %lld: session %u table %u hand %u (%s round): %s — E %+"
                                  PRId64 " S %+" PRId64 " W %+" PRId64
                                  " N %+" PRId64), (long long) row->id, row->session,
                                row->table, row->number, row->round_wind, row->result,
                                row->seats[0], row->seats[1], row->seats[2], row->seats[3]);
      sp_cli_print_record (cli, hand_columns, row, text);
      hand_row_free (row);
    }
  return SP_CLI_OK;
}

static int
hand_list (SpCli  *cli,
           int     argc,
           char  **argv)
{
  gint64 session = 0, table = 0;
  const GOptionEntry entries[] = {
    sp_cli_session_entry (&session, N_("The session")),
    sp_cli_table_entry (&table, N_("One table (else every table)")),
    { NULL }
  };
  g_autoptr(GOptionContext) context = sp_cli_context_new (cli, NULL, entries, NULL);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (hand_row_free);
  g_autoptr(GPtrArray) hand_rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) false_win_rows = g_ptr_array_new ();
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func (
    (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) penalties = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  SpSessionInfo info;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status))
    return status;
  if (session <= 0 || table < 0 || argc > 1)
    return sp_cli_fail (cli, SP_CLI_USAGE, "usage", _("hand list needs --session K"));
  if (!sp_cli_check_range (cli, "session", session, 1, 1000, &status)
      || !sp_cli_check_range (cli, "table", table, 0, 100000, &status)
      || !sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_get_session (store.db, store.tournament->id, (guint) session, &info, &error))
    return sp_cli_store_fail (cli, &store, error);
  if (!info.exists)
    return sp_cli_fail (cli, SP_CLI_REFUSED, "not-found", _("session %u has not been drawn"),
                        (guint) session);
  penalties = sp_db_list_penalties (store.db, store.tournament->id, (guint) session, &error);
  if (penalties == NULL)
    return sp_cli_store_fail (cli, &store, error);
  for (guint t = table > 0 ? (guint) table : 1; t <= (table > 0 ? (guint) table : info.n_tables);
       t++)
    {
      g_autoptr(GPtrArray) hands = NULL;
      g_autoptr(GPtrArray) groups = sp_table_false_wins (penalties, t);
      g_autoptr(GArray) history = NULL;
      SpTable state;
      guint g = 0;
      g_autoptr(SpRiichiSheet) sheet = NULL;

      if (!sp_db_load_table (store.db, store.tournament, (guint) session, t, &state, &hands,
                             &error))
        return sp_cli_store_fail (cli, &store, error);
      history = sp_table_history (sp_tournament_rotation (store.tournament), hands);
      /* A riichi table's hands are read off its sheet: the points around each hand. */
      if (sp_ruleset_traits (store.tournament->ruleset)->keeps_points
          && (sheet = sp_riichi_sheet_new (store.rules, (guint) session, t, state.players, hands,
                                           &error)) == NULL)
        return sp_cli_store_fail (cli, &store, error);
      /* Each hand with the seats it was played at, after the false wins declared before it. */
      for (guint i = 0; i <= hands->len; i++)
        {
          const SpRotation *rotation = &g_array_index (history, SpRotation, i);

          for (; g < groups->len
                 && ((SpPenalty *) ((GPtrArray *) groups->pdata[g])->pdata[0])->number <= i + 1;
               g++)
            {
              g_ptr_array_add (rows, false_win_row_new (groups->pdata[g], rotation,
                                                        state.players));
              g_ptr_array_add (false_win_rows, rows->pdata[rows->len - 1]);
            }
          if (i == hands->len)
            break;
          g_ptr_array_add (rows, hand_row_new (hands->pdata[i], rotation, state.players));
          if (store.tournament->two_key)
            two_key_fill (rows->pdata[rows->len - 1], hands->pdata[i]);
          if (sheet != NULL)
            riichi_row_fill (rows->pdata[rows->len - 1],
                             &g_array_index (sheet->hands, SpRiichiSheetHand, i));
          g_ptr_array_add (hand_rows, rows->pdata[rows->len - 1]);
        }
      /* The rows point into the table's records. */
      g_ptr_array_add (tables, g_steal_pointer (&hands));
    }
  if (!cli->json)
    {
      sp_cli_append_table (out, line_columns, rows);
      fputs (out->str, stdout);
      return SP_CLI_OK;
    }
  json_builder_begin_object (builder);
  sp_cli_build_records (builder, "hands",
                        sp_ruleset_traits (store.tournament->ruleset)->keeps_points
                        ? riichi_hand_columns : hand_columns,
                        hand_rows);
  sp_cli_build_records (builder, "false_wins", false_win_columns, false_win_rows);
  json_builder_end_object (builder);
  sp_cli_print_builder (builder);
  return SP_CLI_OK;
}

static int
hand_delete (SpCli  *cli,
             int     argc,
             char  **argv)
{
  g_autofree char *pin = NULL;
  gint64 expect_version = -1;
  const GOptionEntry entries[] = {
    { "expect-version", 0, 0, G_OPTION_ARG_INT64, &expect_version,
      N_("Refuse the deletion unless the hand is at version V (hand list --json)"), N_("V") },
    sp_cli_pin_entry (&pin),
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, "ID", entries, _("A hand of a closed session is deleted under the "
                                              "director's lock (--pin), when the tournament "
                                              "has one;\nelse reopen the session first."));
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  gint64 id;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("a hand ID"), &status)
      || !sp_cli_parse_id (cli, argv[1], _("a hand ID"), &id, &status)
      || (expect_version != -1
          && !sp_cli_check_range (cli, "expect-version", expect_version, 1, G_MAXUINT32,
                                  &status))
      || !sp_cli_store_open (cli, &store, TRUE, &status)
      || !sp_cli_store_unlock (cli, &store, pin, "hand delete", &status))
    return status;
  if (!sp_db_remove_hand_expecting (store.db, store.tournament, store.rules, id,
                                    (guint) MAX (expect_version, 0), &report, &error))
    return sp_cli_store_fail (cli, &store, error);
  return sp_cli_print_done (cli, "deleted", id, _("hand %lld deleted (session %u table %u hand "
                                                 "%u); the later hands were recomputed\n"),
                            (long long) id, report.hand->session, report.hand->table,
                            report.hand->number);
}

/* hand confirm: the second key of two-key entry. */
static int
hand_confirm (SpCli  *cli,
              int     argc,
              char  **argv)
{
  g_autofree char *pin = NULL;
  gint64 expect_version = -1;
  const GOptionEntry entries[] = {
    { "expect-version", 0, 0, G_OPTION_ARG_INT64, &expect_version,
      N_("Refuse the confirmation unless the hand is at version V (hand list --json)"),
      N_("V") },
    sp_cli_pin_entry (&pin),
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, "ID", entries,
                        _("With two-key entry on (tournament edit --two-key on), a hand counts "
                          "in the standings\nonce confirmed by a referee (--referee NAME) other "
                          "than the one who entered it,\nor by the director with the director's "
                          "PIN (--pin).  A correction makes it\nawait confirmation again."));
  g_autoptr(SpHandRecord) hand = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(SpCliStore) store = { 0 };
  gboolean already = FALSE;
  gint64 id;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("a hand ID"), &status)
      || !sp_cli_parse_id (cli, argv[1], _("a hand ID"), &id, &status)
      || (expect_version != -1
          && !sp_cli_check_range (cli, "expect-version", expect_version, 1, G_MAXUINT32,
                                  &status))
      || !sp_cli_store_open (cli, &store, TRUE, &status)
      || !sp_cli_store_unlock (cli, &store, pin, "hand confirm", &status))
    return status;
  if (!sp_db_confirm_hand (store.db, store.tournament->id, id, (guint) MAX (expect_version, 0),
                           &hand, &already, &error))
    return sp_cli_store_fail (cli, &store, error);
  if (cli->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      sp_cli_builder_int (builder, "confirmed", hand->id);
      sp_cli_builder_int (builder, "version", hand->version);
      sp_cli_builder_string (builder, "confirmed_by", hand->confirmed_by);
      sp_cli_builder_bool (builder, "already", already);
      json_builder_end_object (builder);
      sp_cli_print_builder (builder);
    }
  else if (already)
    /* Translators: a hand's id, its session, table and number, then who confirmed it. */
    printf (_("hand %lld (session %u table %u hand %u) is already confirmed by %s: nothing "
              "changed\n"), (long long) hand->id, hand->session, hand->table, hand->number,
            hand->confirmed_by);
  else
    printf (_("hand %lld (session %u table %u hand %u) confirmed by %s: it counts in the "
              "standings\n"), (long long) hand->id, hand->session, hand->table, hand->number,
            hand->confirmed_by);
  return SP_CLI_OK;
}

/* ---- import: the file read by the store, its hands entered in one transaction ---------- */

static int
hand_import (SpCli  *cli,
             int     argc,
             char  **argv)
{
  g_autoptr(GOptionContext) context =
    sp_cli_context_new (cli, "FILE", NULL,
                        _("FILE is CSV with a header, or JSON Lines: one hand a line, its fields "
                          "session, table,\nwinner, from, fan, hand, draw (1/true), false_win and "
                          "situation (SITUATION options).\nOne transaction: a bad line imports "
                          "nothing."));
  g_autoptr(GArray) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(SpCliStore) store = { 0 };
  gsize length;
  int status;

  if (!sp_cli_parse_options (cli, context, &argc, &argv, &status)
      || !sp_cli_check_arguments (cli, argc, argv, 1, _("a FILE"), &status))
    return status;
  if (!g_file_get_contents (argv[1], &text, &length, &error))
    return sp_cli_fail (cli, SP_CLI_REFUSED, "invalid", "%s", error->message);
  lines = sp_db_read_hand_import (argv[1], text, length, &error);
  if (lines == NULL)
    return sp_cli_store_fail (cli, NULL, error);
  if (!sp_cli_store_open (cli, &store, TRUE, &status))
    return status;
  if (!sp_db_import_hands (store.db, store.tournament, store.rules,
                           (const SpHandImport *) (gpointer) lines->data, lines->len, &error))
    return sp_cli_store_fail (cli, &store, error);
  return sp_cli_print_done (cli, "imported", lines->len,
                            g_dngettext (GETTEXT_PACKAGE, "%u hand imported\n",
                                         "%u hands imported\n", lines->len), lines->len);
}

const SpCliCommand sp_cli_hand_commands[] = {
    { "add", N_("enter a hand: a win by its tiles or total, a draw, a false win"), hand_enter },
    { "list", N_("the hands and false wins of a session"), hand_list },
    { "edit", N_("correct a hand (the later hands are recomputed)"), hand_enter },
    { "delete", N_("delete a hand (the later hands are recomputed)"), hand_delete },
    { "confirm", N_("confirm a hand another referee entered (two-key entry)"), hand_confirm },
    { "import", N_("enter the hands of a CSV or JSON Lines file, all or none"), hand_import },
  { NULL }
};
