/* test-core-entry.c: a hand entered at a table, judged against the table and the tournament:
 * draws, wins by tiles and by total, false wins and their penalties, the refusals, and the
 * rescoring of a table after a correction.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"

/* A tournament of @ruleset with @options (KEY=VALUE lines) and stakes. */
static SpTournament
tournament_of (SpRuleset   ruleset,
               const char *options,
               gint32      base,
               gint32      per_tai)
{
  return (SpTournament) { .id = 1, .name = (char *) "Test", .ruleset = ruleset,
                          .options = (char *) options, .n_sessions = 1,
                          .seating = (char *) "random", .ranking = (char *) "score",
                          .base = base, .per_tai = per_tai };
}

/* Table 1 of session 1 before its first hand, players 11 12 13 14 by chair. */
static SpTable
first_hand (SpRuleset ruleset)
{
  static const gint64 players[4] = { 11, 12, 13, 14 };
  SpTable table;

  sp_table_init (&table, sp_ruleset_rotation (ruleset), 1, 1, players);
  return table;
}

/* @items hold the item @name once, worth @value, counted @count times. */
static void
assert_item (const SpHandItems *items,
             const char        *name,
             gint32             value,
             guint32            count)
{
  guint found = 0;

  for (guint i = 0; i < items->n_items; i++)
    if (strcmp (items->items[i].name, name) == 0)
      {
        g_assert_cmpint (items->items[i].value, ==, value);
        g_assert_cmpuint (items->items[i].count, ==, count);
        found++;
      }
  g_assert_cmpuint (found, ==, 1);
}

static void
win (SpHandEntry *entry,
     gint         winner,
     gint         from,
     const char  *tiles,
     gint64       total)
{
  sp_hand_entry_clear (entry);
  sp_hand_entry_init (entry);
  entry->winner = winner;
  entry->from = from;
  sp_hand_entry_set_tiles (entry, tiles);
  entry->has_total = tiles == NULL;
  entry->total = total;
}

/* Judges @entry at @table; on a refusal checks @code and that the record stayed empty. */
static gboolean
judge (const SpHandEntry  *entry,
       const SpTable      *table,
       SpTournament       *tournament,
       SpHandRecord       *record,
       SpScoreResult      *result,
       gboolean           *false_win,
       GError            **error)
{
  g_autoptr(SpRules) rules = sp_tournament_new_rules (tournament, NULL);

  g_assert_nonnull (rules);
  return sp_hand_entry_judge (entry, table, tournament, rules, record, result, false_win, error);
}

static void
assert_refused (const SpHandEntry *entry,
                SpTournament      *tournament,
                SpCoreError        code,
                const char        *words)
{
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (tournament->ruleset);
  SpScoreResult result;
  gboolean false_win;

  g_assert_false (judge (entry, &table, tournament, record, &result, &false_win, &error));
  g_assert_error (error, SP_CORE_ERROR, (gint) code);
  g_assert_nonnull (strstr (error->message, "session 1 table 1"));
  g_assert_nonnull (strstr (error->message, words));
  g_assert_cmpint (record->winner, ==, SP_CHAIR_NONE);
  g_assert_cmpint (record->total, ==, 0);
}

static void
test_draw (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_MCR, "", 0, 0);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_MCR);
  SpScoreResult result;
  gboolean false_win;

  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  g_assert_true (judge (&entry, &table, &tournament, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_true (record->draw);
  g_assert_cmpuint (record->number, ==, 1);
  g_assert_cmpint (record->winner, ==, SP_CHAIR_NONE);

  /* A draw with a winner is refused. */
  entry.winner = SP_WIND_SOUTH;
  assert_refused (&entry, &tournament, SP_CORE_ERROR_INVALID, "a draw has no winner");
}

static void
test_tiles (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_MCR, "", 0, 0);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_auto(SpHandEntry) entry = { 0 };
  g_auto(SpHandEntry) again = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_MCR);
  SpScoreResult result;
  gboolean false_win;

  /* 十三幺 and 2 flowers on South's discard: East +24 + 90, South −98, the others −8. */
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, "19m19s19pESWNCFPN", 0);
  g_assert_true (sp_situation_set (&entry.situation, "flowers", "2", NULL));
  g_assert_true (judge (&entry, &table, &tournament, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_false (false_win);
  g_assert_cmpint (record->total, ==, 90);
  g_assert_cmpint (record->winner, ==, 0);
  g_assert_cmpint (record->discarder, ==, 1);
  g_assert_cmpint (record->settlement[0], ==, 114);
  g_assert_cmpint (record->settlement[1], ==, -98);
  g_assert_cmpstr (record->notation, ==, "19m19s19pESWNCFPN");
  /* The record keeps the verdict's items: 十三幺 88 and the two flowers. */
  g_assert_nonnull (record->items);
  g_assert_cmpuint (record->items->n_items, ==, 2);
  assert_item (record->items, "十三幺", 88, 1);
  assert_item (record->items, "花牌", 1, 2);
  /* The stored situation is its stable form, without what the seating decides. */
  g_assert_cmpstr (record->situation, ==, "flowers=2");

  /* And back: the entry of the record is the one entered. */
  g_assert_true (sp_hand_entry_from_record (&again, record, &table.next, &error));
  g_assert_no_error (error);
  g_assert_cmpint (again.winner, ==, SP_WIND_EAST);
  g_assert_cmpint (again.from, ==, SP_WIND_SOUTH);
  g_assert_cmpstr (again.tiles, ==, entry.tiles);
  g_assert_cmpuint (again.situation.n_flowers, ==, 2);
  g_assert_cmpuint (again.situation.given, ==, SP_SITUATION_FLOWERS);
}

static void
test_tiles_and_total (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_MCR, "", 0, 0);
  g_auto(SpHandEntry) entry = { 0 };

  /* The tiles were dropped silently once: "nonsense" with a total of 8 was a hand. */
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, "nonsense", 0);
  entry.has_total = TRUE;
  entry.total = 8;
  assert_refused (&entry, &tournament, SP_CORE_ERROR_INVALID, "not both");

  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 0);
  entry.has_total = FALSE;
  assert_refused (&entry, &tournament, SP_CORE_ERROR_INVALID, "tiles or its claimed total");
}

static void
test_total_bounds (void)
{
  static const struct
  {
    SpRuleset   ruleset;
    const char *options;
    gint64      total;
    gboolean    accepted;
  } cases[] = {
    { SP_RULESET_MCR, "", 1800, TRUE },
    { SP_RULESET_MCR, "", 1801, FALSE },
    { SP_RULESET_MCR, "", G_GINT64_CONSTANT (99999999999), FALSE },
    { SP_RULESET_TAIWAN, "", 240, TRUE },
    { SP_RULESET_TAIWAN, "", 241, FALSE },
    /* Guangdong: the special hands beyond the cap reach 9 番; a cap above it is the bound. */
    { SP_RULESET_GUANGDONG, "", 9, TRUE },
    { SP_RULESET_GUANGDONG, "", 10, FALSE },
    { SP_RULESET_GUANGDONG, "cap=13", 13, TRUE },
    { SP_RULESET_GUANGDONG, "cap=13", 14, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SpTournament tournament = tournament_of (cases[i].ruleset, cases[i].options, 0, 0);
      g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
      g_auto(SpHandEntry) entry = { 0 };
      g_autoptr(GError) error = NULL;
      SpTable table = first_hand (cases[i].ruleset);
      SpScoreResult result;
      gboolean false_win;

      win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, cases[i].total);
      g_assert_cmpint (judge (&entry, &table, &tournament, record, &result, &false_win, &error),
                       ==, cases[i].accepted);
      if (cases[i].accepted)
        g_assert_no_error (error);
      else
        {
          g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "more than any"));
        }
    }
}

static void
test_min_fan (void)
{
  SpTournament fewer = tournament_of (SP_RULESET_MCR, "min_fan=5", 0, 0);
  SpTournament usual = tournament_of (SP_RULESET_MCR, "", 0, 0);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_MCR);
  SpScoreResult result;
  gboolean false_win;

  /* The tournament's min_fan, not a fixed 8. */
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 6);
  g_assert_true (judge (&entry, &table, &fewer, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_cmpint (record->total, ==, 6);
  g_assert_false (judge (&entry, &table, &usual, record, &result, &false_win, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_nonnull (strstr (error->message, "minimum of 8"));
  g_assert_cmpint (result.error_code, ==, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_cmpint (result.total, ==, 6);
}

/* MCR: a claimed total counts the flowers given with it, which the minimum leaves out. */
static void
test_total_with_flowers (void)
{
  SpTournament usual = tournament_of (SP_RULESET_MCR, "", 0, 0);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_MCR);
  SpScoreResult result;
  gboolean false_win;

  /* 8 fan of which 3 flowers: 5 toward the minimum. */
  win (&entry, SP_WIND_EAST, SP_WIND_WEST, NULL, 8);
  g_assert_true (sp_situation_set (&entry.situation, "flowers", "3", NULL));
  assert_refused (&entry, &usual, SP_CORE_ERROR_BELOW_MINIMUM, "5 fan without the 3 flowers");
  /* 10 of which 2 flowers: 8, a win paid on the whole 10 (E +34, W −18). */
  win (&entry, SP_WIND_EAST, SP_WIND_WEST, NULL, 10);
  g_assert_true (sp_situation_set (&entry.situation, "flowers", "2", NULL));
  g_assert_true (judge (&entry, &table, &usual, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_cmpint (record->total, ==, 10);
  g_assert_cmpint (record->settlement[0], ==, 34);
  g_assert_cmpint (record->settlement[2], ==, -18);
  /* Fewer fan than flowers. */
  win (&entry, SP_WIND_EAST, SP_WIND_WEST, NULL, 2);
  g_assert_true (sp_situation_set (&entry.situation, "flowers", "3", NULL));
  assert_refused (&entry, &usual, SP_CORE_ERROR_INVALID, "cannot include 3 flowers");
}

static void
test_options_that_do_nothing (void)
{
  SpTournament mcr = tournament_of (SP_RULESET_MCR, "", 0, 0);
  SpTournament guangdong = tournament_of (SP_RULESET_GUANGDONG, "", 0, 0);
  g_auto(SpHandEntry) entry = { 0 };

  win (&entry, SP_WIND_SOUTH, SP_HAND_ENTRY_SELF_DRAWN, NULL, 8);
  g_assert_true (sp_situation_set (&entry.situation, "discarder", "W", NULL));
  assert_refused (&entry, &mcr, SP_CORE_ERROR_BAD_SITUATION, "no discarder");

  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 8);
  g_assert_true (sp_situation_set (&entry.situation, "base", "30", NULL));
  assert_refused (&entry, &mcr, SP_CORE_ERROR_INVALID, "MCR has no stakes");
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 8);
  g_assert_true (sp_situation_set (&entry.situation, "per-tai", "10", NULL));
  assert_refused (&entry, &mcr, SP_CORE_ERROR_INVALID, "MCR has no stakes");
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 3);
  g_assert_true (sp_situation_set (&entry.situation, "per-tai", "10", NULL));
  assert_refused (&entry, &guangdong, SP_CORE_ERROR_INVALID, "not by 台");
}

/* A claimed total has no tiles: what only the scorer of tiles reads is refused with it, not
 * stored and ignored; what the settlement reads (stakes, MCR flowers) is kept. */
static void
test_claimed_total_situation (void)
{
  static const char * const scorer_only[] = {
    "last-tile", "kong", "flower-replacement", "wall-last", "heavenly", "earthly", "human",
    "ready-at-deal", "ready-first-draw",
  };
  SpTournament mcr = tournament_of (SP_RULESET_MCR, "", 0, 0);
  SpTournament taiwan = tournament_of (SP_RULESET_TAIWAN, "", 30, 10);
  SpTournament guangdong = tournament_of (SP_RULESET_GUANGDONG, "", 0, 0);
  g_auto(SpHandEntry) entry = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (scorer_only); i++)
    {
      g_autofree char *option = g_strconcat ("--", scorer_only[i], " changes only", NULL);

      win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 8);
      g_assert_true (sp_situation_set (&entry.situation, scorer_only[i], NULL, NULL));
      assert_refused (&entry, &mcr, SP_CORE_ERROR_INVALID, option);
      win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 3);
      g_assert_true (sp_situation_set (&entry.situation, scorer_only[i], NULL, NULL));
      assert_refused (&entry, &taiwan, SP_CORE_ERROR_INVALID, option);
    }
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 5);
  g_assert_true (sp_situation_set (&entry.situation, "flowers", "2", NULL));
  assert_refused (&entry, &taiwan, SP_CORE_ERROR_INVALID, "--flowers changes only");
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 8);
  g_assert_true (sp_situation_set (&entry.situation, "liable", "N", NULL));
  assert_refused (&entry, &mcr, SP_CORE_ERROR_INVALID, "Guangdong rule");

  /* Guangdong's 包牌 depends on the melded sets, so it needs the tiles too. */
  win (&entry, SP_WIND_SOUTH, SP_HAND_ENTRY_SELF_DRAWN, NULL, 3);
  g_assert_true (sp_situation_set (&entry.situation, "liable", "N", NULL));
  assert_refused (&entry, &guangdong, SP_CORE_ERROR_BAD_SITUATION, "--liable needs the tiles");
}

static void
test_seating_contradictions (void)
{
  static const struct
  {
    const char *key;
    const char *value;
    const char *words;
  } cases[] = {
    { "seat-wind", "E", "the winner sits S" },
    { "round-wind", "S", "the round wind is E" },
    { "dealer", "W", "the dealer sits E" },
    { "streak", "2", "streak (連莊) is 0" },
    { "discarder", "N", "contradicts the discard of W" },
    { "self-drawn", NULL, "contradicts the discard of W" },
  };
  SpTournament tournament = tournament_of (SP_RULESET_TAIWAN, "", 30, 10);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(SpHandEntry) entry = { 0 };

      win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 3);
      g_assert_true (sp_situation_set (&entry.situation, cases[i].key, cases[i].value, NULL));
      assert_refused (&entry, &tournament, SP_CORE_ERROR_BAD_SITUATION, cases[i].words);
    }
}

static void
test_taiwan_per_tai (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_TAIWAN, "", 30, 20);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_TAIWAN);
  SpScoreResult result;
  gboolean false_win;

  /* S wins 5 台 on W's discard, neither the dealer: W pays 底 30 + 5 × 每台 20. */
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 5);
  g_assert_true (judge (&entry, &table, &tournament, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_cmpint (record->settlement[1], ==, 130);
  g_assert_cmpint (record->settlement[2], ==, -130);
  /* The hand's own 每台 wins over the tournament's. */
  g_assert_true (sp_situation_set (&entry.situation, "per-tai", "50", NULL));
  g_assert_true (judge (&entry, &table, &tournament, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_cmpint (record->settlement[1], ==, 280);
  g_assert_cmpstr (record->situation, ==, "per-tai=50");
}

static void
test_taiwan_flower_wins (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_TAIWAN, "", 30, 10);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_TAIWAN);
  SpScoreResult result;
  gboolean false_win;

  /* 八仙過海: S holds all eight flowers, all three pay 30 + 8 × 10, the dealer E 1 台 more. */
  win (&entry, SP_WIND_SOUTH, SP_HAND_ENTRY_SELF_DRAWN, "-", 0);
  g_assert_true (sp_situation_set (&entry.situation, "flowers", "f1,f2,f3,f4,f5,f6,f7,f8",
                                   NULL));
  g_assert_true (judge (&entry, &table, &tournament, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_cmpint (record->total, ==, 8);
  g_assert_cmpint (record->settlement[0], ==, -120);
  g_assert_cmpint (record->settlement[2], ==, -110);
  g_assert_cmpint (record->settlement[1], ==, 340);

  /* 七搶一: seven flowers, W holds the eighth and pays alone. */
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, "-", 0);
  g_assert_true (sp_situation_set (&entry.situation, "flowers", "f1,f2,f3,f4,f5,f6,f7", NULL));
  g_assert_true (judge (&entry, &table, &tournament, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_cmpint (record->settlement[2], ==, -110);
  g_assert_cmpint (record->settlement[0], ==, 0);
  g_assert_cmpint (record->discarder, ==, 2);
}

static void
test_false_wins (void)
{
  SpTournament mcr = tournament_of (SP_RULESET_MCR, "", 0, 0);
  SpTournament taiwan = tournament_of (SP_RULESET_TAIWAN, "", 30, 20);
  SpTournament guangdong = tournament_of (SP_RULESET_GUANGDONG, "", 0, 0);
  g_autoptr(SpRules) mcr_rules = sp_tournament_new_rules (&mcr, NULL);
  g_autoptr(SpRules) taiwan_rules = sp_tournament_new_rules (&taiwan, NULL);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_autoptr(GPtrArray) penalties = NULL;
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  char *shown = NULL;
  SpTable table = first_hand (SP_RULESET_MCR);
  SpScoreResult result;
  gboolean false_win;

  /* MCR 和错牌: 10 to each other player, not a disqualification. */
  win (&entry, SP_WIND_WEST, SP_WIND_SOUTH, "[123m][123p][345s]678s5m6m", 0);
  entry.false_win = TRUE;
  g_assert_true (judge (&entry, &table, &mcr, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_true (false_win);
  g_assert_cmpint (result.penalty[SP_WIND_WEST], ==, -30);
  g_assert_false (sp_hand_entry_disqualifies (mcr_rules, &result));
  penalties = sp_hand_entry_false_win_penalties (&entry, &table, mcr_rules, &result);
  g_assert_cmpuint (penalties->len, ==, 4);
  g_assert_cmpint (((SpPenalty *) penalties->pdata[2])->player, ==, 13);
  g_assert_cmpint (((SpPenalty *) penalties->pdata[2])->points, ==, -30);
  g_assert_cmpuint (((SpPenalty *) penalties->pdata[2])->table, ==, 1);
  g_assert_cmpuint (((SpPenalty *) penalties->pdata[2])->number, ==, 1);
  g_clear_pointer (&penalties, g_ptr_array_unref);

  /* 有意诈和: four tiles from ready, a disqualification under r98. */
  win (&entry, SP_WIND_WEST, SP_WIND_SOUTH, "1357m2468p13579s2m", 0);
  entry.false_win = TRUE;
  g_assert_true (judge (&entry, &table, &mcr, record, &result, &false_win, &error));
  g_assert_true (false_win);
  g_assert_true (sp_hand_entry_disqualifies (mcr_rules, &result));

  /* A legal win declared false is refused; an MCR claim without tiles too. */
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, "19m19s19pESWNCFPN", 0);
  entry.false_win = TRUE;
  assert_refused (&entry, &mcr, SP_CORE_ERROR_INVALID, "legal win of 88");
  win (&entry, SP_WIND_EAST, SP_WIND_SOUTH, NULL, 8);
  entry.false_win = TRUE;
  assert_refused (&entry, &mcr, SP_CORE_ERROR_INVALID, "from its tiles");

  /* A hand written with a fifth copy or the wrong count of tiles is a notation error to
   * correct, never a false win: no penalty, and --false-win is refused with the error. */
  win (&entry, SP_WIND_WEST, SP_WIND_SOUTH, "[123m][123p][345s]555s5s5m", 0);
  entry.false_win = TRUE;
  assert_refused (&entry, &mcr, SP_CORE_ERROR_TOO_MANY_COPIES, "a fifth 5s");
  win (&entry, SP_WIND_WEST, SP_WIND_SOUTH, "[1111m]123p456p789s1s", 0);
  entry.false_win = TRUE;
  assert_refused (&entry, &mcr, SP_CORE_ERROR_WRONG_TILE_COUNT, "with 1 kong needs 15");

  /* Taiwan 詐胡 of 5 台 claimed by S: 30 + 5 × 20 to W and N, the dealer E 1 台 more. */
  table = first_hand (SP_RULESET_TAIWAN);
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 5);
  entry.false_win = TRUE;
  g_assert_true (judge (&entry, &table, &taiwan, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_true (false_win);
  g_assert_cmpint (result.penalty[SP_WIND_EAST], ==, 150);
  g_assert_cmpint (result.penalty[SP_WIND_WEST], ==, 130);
  g_assert_cmpint (result.penalty[SP_WIND_NORTH], ==, 130);
  g_assert_cmpint (result.penalty[SP_WIND_SOUTH], ==, -410);
  penalties = sp_hand_entry_false_win_penalties (&entry, &table, taiwan_rules, &result);
  g_assert_nonnull (strstr (((SpPenalty *) penalties->pdata[0])->reason, "5 台"));
  /* The stored form, and the scorer's reason in it, are ones the window shows translated. */
  shown = sp_penalty_reason_translate (((SpPenalty *) penalties->pdata[0])->reason);
  g_assert_true (g_str_has_prefix (shown, "table 1 hand 1: 詐胡, false win: "));
  g_clear_pointer (&shown, g_free);

  /* Guangdong 诈胡 of 3 番: 2^3 to each of the three, and the reason says it. */
  table = first_hand (SP_RULESET_GUANGDONG);
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 3);
  entry.false_win = TRUE;
  g_assert_true (judge (&entry, &table, &guangdong, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_cmpint (result.penalty[SP_WIND_SOUTH], ==, -24);
  g_assert_cmpint (result.penalty[SP_WIND_EAST], ==, 8);
  g_assert_nonnull (strstr (result.penalty_reason, "8 to each of the three"));
  shown = sp_penalty_reason_translate (result.penalty_reason);
  g_assert_cmpstr (shown, ==, "诈胡, false win: 3 番 claimed, 8 to each of the three");
  g_clear_pointer (&shown, g_free);
}

static void
test_complete_table (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_MCR, "", 0, 0);
  g_autoptr(SpHandRecord) draw = g_new0 (SpHandRecord, 1);
  g_autoptr(SpHandRecord) record = g_new0 (SpHandRecord, 1);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_MCR);
  SpScoreResult result;
  gboolean false_win;

  draw->draw = TRUE;
  draw->winner = SP_CHAIR_NONE;
  for (guint i = 0; i < 16; i++)
    sp_table_advance (&table, sp_tournament_rotation (&tournament), draw);
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  g_assert_false (judge (&entry, &table, &tournament, record, &result, &false_win, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "complete"));
}

/* Hand 1 corrected from a win of S to a win of the dealer E: under Taiwan's 連莊 the dealer
 * keeps the deal, so at hand 2 the seat winds are not what they were, and the self-drawn win
 * of chair 1 there is paid differently. */
static void
test_rescore (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_TAIWAN, "", 30, 10);
  g_autoptr(SpRules) rules = sp_tournament_new_rules (&tournament, NULL);
  g_autoptr(GPtrArray) hands = g_ptr_array_new_with_free_func (
    (GDestroyNotify) sp_hand_record_free);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_TAIWAN);
  SpScoreResult result;
  gboolean false_win;
  SpHandRecord *second;

  for (guint i = 0; i < 2; i++)
    {
      SpHandRecord *record = g_new0 (SpHandRecord, 1);

      /* Hand 1: S wins 1 台 from W.  Hand 2: E (chair 1, the new dealer) self-draws 1 台. */
      if (i == 0)
        win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 1);
      else
        win (&entry, SP_WIND_EAST, SP_HAND_ENTRY_SELF_DRAWN, NULL, 1);
      g_assert_true (sp_hand_entry_judge (&entry, &table, &tournament, rules, record, &result,
                                          &false_win, &error));
      g_assert_no_error (error);
      record->id = 100 + i;
      g_ptr_array_add (hands, record);
      sp_table_advance (&table, sp_tournament_rotation (&tournament), record);
      sp_hand_entry_clear (&entry);
    }
  second = hands->pdata[1];
  g_assert_cmpint (second->winner, ==, 1);
  /* The dealer, on 連0, self-draws: each pays 30 + (1 + 1) × 10. */
  g_assert_cmpint (second->settlement[0], ==, -50);
  g_assert_cmpint (second->settlement[1], ==, 150);

  table = first_hand (SP_RULESET_TAIWAN);
  win (&entry, SP_WIND_EAST, SP_WIND_WEST, NULL, 1);
  g_assert_true (sp_table_rescore (&table, &tournament, rules, hands, 0, &entry, &error));
  g_assert_no_error (error);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[0])->winner, ==, 0);
  g_assert_cmpint (((SpHandRecord *) hands->pdata[0])->id, ==, 100);
  /* Chair 0 keeps the deal (連1): chair 1 now sits S and self-draws as a non-dealer: the
   * dealer pays 30 + (1 + 3) × 10, the two others 30 + 10. */
  g_assert_cmpint (second->winner, ==, 1);
  g_assert_cmpint (second->id, ==, 101);
  g_assert_cmpint (second->settlement[0], ==, -70);
  g_assert_cmpint (second->settlement[2], ==, -40);
  g_assert_cmpint (second->settlement[1], ==, 150);
  g_assert_cmpuint (table.n_hands, ==, 2);
  g_assert_cmpuint (sp_rotation_dealer_chair (&table.next), ==, 1);

  /* A correction the rules refuse leaves an error naming the hand. */
  table = first_hand (SP_RULESET_TAIWAN);
  win (&entry, SP_WIND_EAST, SP_WIND_EAST, NULL, 1);
  g_assert_false (sp_table_rescore (&table, &tournament, rules, hands, 0, &entry, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "hand 1"));
}

/* A deletion moves the later hands to other seats: when one of them no longer stands, the
 * refusal says which (by its id), not only the number it would get. */
static void
test_rescore_later_hand (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_MCR, "", 0, 0);
  g_autoptr(SpRules) rules = sp_tournament_new_rules (&tournament, NULL);
  g_autoptr(GPtrArray) hands = g_ptr_array_new_with_free_func (
    (GDestroyNotify) sp_hand_record_free);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(GError) error = NULL;
  SpTable table = first_hand (SP_RULESET_MCR);
  SpScoreResult result;
  gboolean false_win;

  for (guint i = 0; i < 2; i++)
    {
      SpHandRecord *record = g_new0 (SpHandRecord, 1);

      /* Hand 1: a draw.  Hand 2: S (chair 2) wins 五门齐 6 + 门风刻 2 = 8 from E. */
      if (i == 0)
        {
          sp_hand_entry_clear (&entry);
          sp_hand_entry_init (&entry);
          entry.draw = TRUE;
        }
      else
        win (&entry, SP_WIND_SOUTH, SP_WIND_EAST, "[234m][345p][678s]SSCCS", 0);
      g_assert_true (sp_hand_entry_judge (&entry, &table, &tournament, rules, record, &result,
                                          &false_win, &error));
      g_assert_no_error (error);
      record->id = 100 + i;
      g_ptr_array_add (hands, record);
      sp_table_advance (&table, sp_tournament_rotation (&tournament), record);
    }
  g_assert_cmpint (((SpHandRecord *) hands->pdata[1])->total, ==, 8);

  /* Hand 1 deleted: hand 2 becomes hand 1, where chair 2 sits W: 五门齐 6 + 幺九刻 1. */
  g_ptr_array_remove_index (hands, 0);
  table = first_hand (SP_RULESET_MCR);
  g_assert_false (sp_table_rescore (&table, &tournament, rules, hands, 0, NULL, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BELOW_MINIMUM);
  g_assert_nonnull (strstr (error->message, "id 101"));
  g_assert_nonnull (strstr (error->message, "hand 1"));
}

/* Builds a record from "name=value" pairs, as an import reads a row. */
static GHashTable *
record_of (const char * const *pairs)
{
  GHashTable *fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      const char *eq = strchr (pairs[i], '=');

      g_hash_table_insert (fields, g_strndup (pairs[i], (gsize) (eq - pairs[i])),
                           g_strdup (eq + 1));
    }
  return fields;
}

static void
test_from_fields (void)
{
  static const char * const win_fields[] = {
    "session=2", "table=3", "winner=S", "from=self", "hand=999m11s99pEEECCC1s",
    "situation=--self-drawn --flowers 2", "fan=", NULL
  };
  static const char * const draw_fields[] = { "table=1", "draw=true", "false_win=0", NULL };
  static const char * const false_win[] = { "winner=E", "from=N", "fan=8", "false_win=yes", NULL };
  struct
  {
    const char *const pairs[4];
    const char *says;
  } refused[] = {
    { { "winner=Q", "from=S", NULL }, "'Q'" },
    { { "winner=E", "from=up", NULL }, "'up'" },
    { { "winner=E", "from=S", "fan=-3", NULL }, "fan -3: a total is a whole number" },
    { { "winner=E", "from=S", "fan=99999999999999999999", NULL }, "no hand scores that much" },
    { { "session=0", "draw=1", NULL }, "session '0'" },
    { { "table=x", "draw=1", NULL }, "table 'x'" },
    { { "tabel=1", "draw=1", NULL }, "unknown column 'tabel'" },
    { { "winner=E", "fan=8", NULL }, "a win needs a winner and a from" },
    { { "draw=1", "situation=--seat-wind Q", NULL }, "Q" },
  };
  g_auto(SpHandEntry) entry = { 0 };
  guint session = 0, table = 0;

  {
    g_autoptr(GHashTable) fields = record_of (win_fields);
    g_autoptr(GError) error = NULL;

    g_assert_true (sp_hand_entry_from_fields (&entry, fields, &session, &table, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (session, ==, 2);
    g_assert_cmpuint (table, ==, 3);
    g_assert_false (entry.draw);
    g_assert_cmpint (entry.winner, ==, SP_WIND_SOUTH);
    g_assert_cmpint (entry.from, ==, SP_HAND_ENTRY_SELF_DRAWN);
    g_assert_cmpstr (entry.tiles, ==, "999m11s99pEEECCC1s");
    g_assert_false (entry.has_total);
    g_assert_true (entry.situation.given & SP_SITUATION_SELF_DRAWN);
    g_assert_cmpuint (entry.situation.n_flowers, ==, 2);
    sp_hand_entry_clear (&entry);
  }
  {
    g_autoptr(GHashTable) fields = record_of (draw_fields);

    session = 7;
    g_assert_true (sp_hand_entry_from_fields (&entry, fields, &session, &table, NULL));
    g_assert_cmpuint (session, ==, 7);
    g_assert_cmpuint (table, ==, 1);
    g_assert_true (entry.draw);
    g_assert_false (entry.false_win);
    g_assert_null (entry.tiles);
    sp_hand_entry_clear (&entry);
  }
  {
    g_autoptr(GHashTable) fields = record_of (false_win);

    g_assert_true (sp_hand_entry_from_fields (&entry, fields, &session, &table, NULL));
    g_assert_true (entry.false_win);
    g_assert_true (entry.has_total);
    g_assert_cmpint (entry.total, ==, 8);
    g_assert_cmpint (entry.from, ==, SP_WIND_NORTH);
    sp_hand_entry_clear (&entry);
  }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GHashTable) fields = record_of (refused[i].pairs);
      g_autoptr(GError) error = NULL;

      g_assert_false (sp_hand_entry_from_fields (&entry, fields, &session, &table, &error));
      g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, refused[i].says));
      sp_hand_entry_clear (&entry);
    }
}

static void
test_false_wins_grouped (void)
{
  /* Two false wins before hand 3 of table 1 (two verdicts: two reasons), one before hand 5;
   * one at table 2, and a penalty that is no false win (number 0). */
  SpPenalty penalties[] = {
    { .id = 1, .player = 11, .points = -10, .reason = (char *) "诈和 A", .table = 1, .number = 3 },
    { .id = 2, .player = 12, .points = 10, .reason = (char *) "诈和 A", .table = 1, .number = 3 },
    { .id = 3, .player = 13, .points = -10, .reason = (char *) "诈和 B", .table = 1, .number = 3 },
    { .id = 4, .player = 21, .points = -30, .reason = (char *) "诈和 C", .table = 2, .number = 1 },
    { .id = 5, .player = 11, .points = -5, .reason = (char *) "late", .table = 0, .number = 0 },
    { .id = 6, .player = 14, .points = -30, .reason = (char *) "诈和 D", .table = 1, .number = 5 },
  };
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  g_autoptr(GPtrArray) groups = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (penalties); i++)
    g_ptr_array_add (all, &penalties[i]);
  groups = sp_table_false_wins (all, 1);
  g_assert_cmpuint (groups->len, ==, 3);
  g_assert_cmpuint (((GPtrArray *) groups->pdata[0])->len, ==, 2);
  g_assert_true (((GPtrArray *) groups->pdata[0])->pdata[1] == &penalties[1]);
  g_assert_cmpuint (((GPtrArray *) groups->pdata[1])->len, ==, 1);
  g_assert_true (((GPtrArray *) groups->pdata[1])->pdata[0] == &penalties[2]);
  g_assert_true (((GPtrArray *) groups->pdata[2])->pdata[0] == &penalties[5]);
  g_clear_pointer (&groups, g_ptr_array_unref);
  groups = sp_table_false_wins (all, 3);
  g_assert_cmpuint (groups->len, ==, 0);
}

/* Judges @entry as the next hand of @table, checks the record's settlement by chair and its
 * sticks, and moves the table past it. */
static SpHandRecord *
play_riichi (SpTable           *table,
             SpTournament      *tournament,
             const SpHandEntry *entry,
             const gint64       settlement[4],
             gint32             sticks)
{
  SpHandRecord *record = g_new0 (SpHandRecord, 1);
  g_autoptr(GError) error = NULL;
  SpScoreResult result;
  gboolean false_win;

  g_assert_true (judge (entry, table, tournament, record, &result, &false_win, &error));
  g_assert_no_error (error);
  g_assert_false (false_win);
  for (guint chair = 0; chair < 4; chair++)
    g_assert_cmpint (record->settlement[chair], ==, settlement[chair]);
  g_assert_cmpint (record->sticks, ==, sticks);
  sp_table_advance (table, sp_tournament_rotation (tournament), record);
  return record;
}

/* Riichi hands at a table, worked out by hand (rules/riichi.md §6–§8): counters and riichi
 * sticks come from the table, the points move with the sticks, a draw pays noten, a chombo
 * deals the hand again; what cannot be is refused. */
static void
test_riichi_hands (void)
{
  SpTournament tournament = tournament_of (SP_RULESET_RIICHI, "", 0, 0);
  SpTable table = first_hand (SP_RULESET_RIICHI);
  g_auto(SpHandEntry) entry = { 0 };
  g_autoptr(SpHandRecord) first = NULL;
  g_autoptr(SpHandRecord) second = NULL;
  g_autoptr(SpHandRecord) third = NULL;
  g_autoptr(SpHandRecord) fourth = NULL;

  tournament.profile = (char *) "ema2016";

  /* East 1: S (chair 1) in riichi wins a mangan off W: 8,000, his stick back. */
  win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 0);
  entry.has_total = FALSE;
  entry.has_value = TRUE;
  entry.value = (SpHandValue) { 5, 30, 0 };
  entry.riichi = 1u << SP_WIND_SOUTH;
  first = play_riichi (&table, &tournament, &entry, (const gint64[]) { 0, 8000, -8000, 0 }, 0);
  g_assert_cmpint (first->winner, ==, 1);
  g_assert_cmpint (first->total, ==, 9000);
  g_assert_cmpuint (first->riichi, ==, 1u << 1);
  g_assert_cmpuint (sp_rotation_dealer_chair (&table.next), ==, 1);

  /* East 2 (chair 1 deals): a draw, the dealer and N (chair 0, in riichi) tenpai. */
  sp_hand_entry_clear (&entry);
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  entry.tenpai = 1u << SP_WIND_EAST | 1u << SP_WIND_NORTH;
  entry.riichi = 1u << SP_WIND_NORTH;
  second = play_riichi (&table, &tournament, &entry,
                        (const gint64[]) { 1500 - 1000, 1500, -1500, -1500 }, 1);
  g_assert_cmpuint (second->tenpai, ==, 1u << 0 | 1u << 1);
  g_assert_cmpuint (table.next.streak, ==, 1);
  g_assert_cmpuint (table.sticks, ==, 1);
  g_assert_cmpuint (sp_rotation_dealer_chair (&table.next), ==, 1);

  /* East 2, 1 counter: the dealer self-draws 12333m12345678s9s, tsumo pinfu ittsu: 4 han
   * 20 fu, 2,600 + 100 from each, and the stick on the table. */
  win (&entry, SP_WIND_EAST, SP_HAND_ENTRY_SELF_DRAWN, "12333m12345678s9s", 0);
  third = play_riichi (&table, &tournament, &entry,
                       (const gint64[]) { -2700, 8100 + 1000, -2700, -2700 }, -1);
  g_assert_cmpint (third->total, ==, 9100);
  g_assert_nonnull (third->items);
  g_assert_cmpuint (third->items->n_items, ==, 3);
  assert_item (third->items, "menzen tsumo", 1, 1);
  assert_item (third->items, "pinfu", 1, 1);
  assert_item (third->items, "ittsu", 2, 1);
  g_assert_cmpuint (table.next.streak, ==, 2);
  g_assert_cmpuint (table.sticks, ==, 0);

  /* W (chair 3) makes a chombo: nothing moves, the same hand again. */
  sp_hand_entry_clear (&entry);
  sp_hand_entry_init (&entry);
  entry.chombo = SP_WIND_WEST;
  fourth = play_riichi (&table, &tournament, &entry, (const gint64[]) { 0, 0, 0, 0 }, 0);
  g_assert_cmpuint (fourth->chombo, ==, 1u << 3);
  g_assert_cmpint (fourth->winner, ==, SP_CHAIR_NONE);
  g_assert_cmpuint (table.next.streak, ==, 2);
  g_assert_cmpuint (table.next.number, ==, 5);
  g_assert_cmpuint (sp_rotation_dealer_chair (&table.next), ==, 1);

  /* Refused: a counter count that contradicts the table; a riichi player noten at a draw; a
   * win with no value; a complete hand without yaku. */
  {
    SpHandRecord record = { 0 };
    SpScoreResult result;
    gboolean false_win;
    g_autoptr(GError) error = NULL;

    win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 0);
    entry.has_total = FALSE;
    entry.has_value = TRUE;
    entry.value = (SpHandValue) { 1, 30, 0 };
    entry.situation.honba = 5;
    entry.situation.given |= SP_SITUATION_HONBA;
    g_assert_false (judge (&entry, &table, &tournament, &record, &result, &false_win, &error));
    g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_BAD_SITUATION);
    g_assert_nonnull (strstr (error->message, "2 counters"));
    g_clear_error (&error);

    sp_hand_entry_clear (&entry);
    sp_hand_entry_init (&entry);
    entry.draw = TRUE;
    entry.riichi = 1u << SP_WIND_WEST;
    g_assert_false (judge (&entry, &table, &tournament, &record, &result, &false_win, &error));
    g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "chombo"));
    g_clear_error (&error);

    win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, NULL, 0);
    entry.has_total = FALSE;
    g_assert_false (judge (&entry, &table, &tournament, &record, &result, &false_win, &error));
    g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
    g_clear_error (&error);

    /* An open hand of chows and a terminal pair, no yaku: refused as no-yaku. */
    win (&entry, SP_WIND_SOUTH, SP_WIND_WEST, "[234m,3]567p345s789s9m9m", 0);
    g_assert_false (judge (&entry, &table, &tournament, &record, &result, &false_win, &error));
    g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_NO_YAKU);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/entry/draw", test_draw);
  g_test_add_func ("/sparrow/core/entry/tiles", test_tiles);
  g_test_add_func ("/sparrow/core/entry/tiles-and-total", test_tiles_and_total);
  g_test_add_func ("/sparrow/core/entry/total-bounds", test_total_bounds);
  g_test_add_func ("/sparrow/core/entry/min-fan", test_min_fan);
  g_test_add_func ("/sparrow/core/entry/total-with-flowers", test_total_with_flowers);
  g_test_add_func ("/sparrow/core/entry/options-that-do-nothing", test_options_that_do_nothing);
  g_test_add_func ("/sparrow/core/entry/claimed-total-situation", test_claimed_total_situation);
  g_test_add_func ("/sparrow/core/entry/seating-contradictions", test_seating_contradictions);
  g_test_add_func ("/sparrow/core/entry/taiwan-per-tai", test_taiwan_per_tai);
  g_test_add_func ("/sparrow/core/entry/taiwan-flower-wins", test_taiwan_flower_wins);
  g_test_add_func ("/sparrow/core/entry/false-wins", test_false_wins);
  g_test_add_func ("/sparrow/core/entry/complete-table", test_complete_table);
  g_test_add_func ("/sparrow/core/entry/rescore", test_rescore);
  g_test_add_func ("/sparrow/core/entry/rescore-later-hand", test_rescore_later_hand);
  g_test_add_func ("/sparrow/core/entry/from-fields", test_from_fields);
  g_test_add_func ("/sparrow/core/entry/false-wins-grouped", test_false_wins_grouped);
  g_test_add_func ("/sparrow/core/entry/riichi-hands", test_riichi_hands);
  return g_test_run ();
}
