/* test-core-riichi-sheet.c: a Riichi table's score sheet from its stored hands: each hand with
 * the round, dealer, honba and sticks before it, its value judged again and the points after
 * it, and the hanchan's end; every figure worked out by hand (rules/riichi.md §6–§9).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"

enum { E, S, W, N };

/* Judges @entry as the next hand of @table the way the store does, and keeps its record. */
static void
play (SpTable            *table,
      const SpTournament *tournament,
      const SpRules      *rules,
      SpHandEntry        *entry,
      GPtrArray          *records)
{
  SpHandRecord *record = g_new0 (SpHandRecord, 1);
  SpScoreResult result;
  gboolean false_win = FALSE;
  g_autoptr(GError) error = NULL;

  g_assert_true (sp_hand_entry_judge (entry, table, tournament, rules, record, &result,
                                      &false_win, &error));
  g_assert_no_error (error);
  g_assert_false (false_win);
  sp_table_advance (table, SP_ROTATION_HANCHAN, record);
  g_ptr_array_add (records, record);
  sp_hand_entry_clear (entry);
}

static void
test_sheet (void)
{
  SpTournament tournament = { .id = 1, .name = (char *) "Riichi Open",
                              .ruleset = SP_RULESET_RIICHI, .profile = (char *) "ema2016",
                              .n_sessions = 1 };
  static const gint64 players[4] = { 11, 12, 13, 14 };
  g_autoptr(SpRules) rules = sp_tournament_new_rules (&tournament, NULL);
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                 sp_hand_record_free);
  g_autoptr(SpRiichiSheet) sheet = NULL;
  g_autoptr(GError) error = NULL;
  const SpRiichiSheetHand *line;
  SpHandEntry entry;
  SpTable table;

  g_assert_nonnull (rules);
  sp_table_init (&table, SP_ROTATION_HANCHAN, 1, 1, players);

  /* East 1: S declares riichi and wins 5 han 30 fu (mangan, 8,000) off W. */
  sp_hand_entry_init (&entry);
  entry.winner = S;
  entry.from = W;
  entry.riichi = 1u << S;
  entry.has_value = TRUE;
  entry.value = (SpHandValue) { 5, 30, 0 };
  play (&table, &tournament, rules, &entry, records);
  /* East 2: a draw, E (the dealer, chair 1) and N tenpai, N's riichi stick left. */
  sp_hand_entry_init (&entry);
  entry.draw = TRUE;
  entry.tenpai = (1u << E) | (1u << N);
  entry.riichi = 1u << N;
  play (&table, &tournament, rules, &entry, records);
  /* East 2, one counter: the dealer's tsumo from the tiles, menzen tsumo, pinfu, ittsu (4 han
   * 20 fu, 2,600 all + 100 a counter, and the stick). */
  sp_hand_entry_init (&entry);
  entry.winner = E;
  entry.from = SP_HAND_ENTRY_SELF_DRAWN;
  sp_hand_entry_set_tiles (&entry, "12333m12345678s9s");
  play (&table, &tournament, rules, &entry, records);
  /* A chombo by W: dealt again. */
  sp_hand_entry_init (&entry);
  entry.chombo = W;
  play (&table, &tournament, rules, &entry, records);

  sheet = sp_riichi_sheet_new (rules, 1, 1, players, records, &error);
  g_assert_no_error (error);
  g_assert_nonnull (sheet);
  g_assert_cmpuint (sheet->hands->len, ==, 4);

  line = &g_array_index (sheet->hands, SpRiichiSheetHand, 0);
  g_assert_cmpuint (line->rotation.round_wind, ==, SP_WIND_EAST);
  g_assert_cmpuint (sp_rotation_dealer_chair (&line->rotation), ==, 0);
  g_assert_cmpuint (line->rotation.streak, ==, 0);
  g_assert_cmpuint (line->sticks, ==, 0);
  g_assert_true (line->values[0].win && line->values[0].has_han_fu);
  g_assert_cmpint (line->values[0].han, ==, 5);
  g_assert_cmpint (line->values[0].limit, ==, SP_LIMIT_MANGAN);
  g_assert_cmpint (line->points[0], ==, 30000);
  g_assert_cmpint (line->points[1], ==, 38000);
  g_assert_cmpint (line->points[2], ==, 22000);
  g_assert_cmpint (line->points[3], ==, 30000);

  line = &g_array_index (sheet->hands, SpRiichiSheetHand, 1);
  g_assert_cmpuint (sp_rotation_dealer_chair (&line->rotation), ==, 1);
  g_assert_cmpuint (line->n_wins, ==, 0);
  /* Noten payments 1,500 each way; chair 0 (N this hand) put down his stick. */
  g_assert_cmpint (line->points[0], ==, 30500);
  g_assert_cmpint (line->points[1], ==, 39500);
  g_assert_cmpint (line->points[2], ==, 20500);
  g_assert_cmpint (line->points[3], ==, 28500);

  line = &g_array_index (sheet->hands, SpRiichiSheetHand, 2);
  g_assert_cmpuint (sp_rotation_dealer_chair (&line->rotation), ==, 1);
  g_assert_cmpuint (line->rotation.streak, ==, 1);
  g_assert_cmpuint (line->sticks, ==, 1);
  g_assert_true (line->values[0].win);
  g_assert_cmpint (line->values[0].han, ==, 4);
  g_assert_cmpint (line->values[0].fu, ==, 20);
  g_assert_cmpint (line->values[0].total, ==, 8100);
  g_assert_cmpint (line->values[0].n_items, ==, 3);
  g_assert_cmpint (line->points[1], ==, 48600);
  g_assert_cmpint (line->points[0], ==, 27800);

  line = &g_array_index (sheet->hands, SpRiichiSheetHand, 3);
  g_assert_cmpuint (line->rotation.streak, ==, 2);
  g_assert_cmpuint (line->sticks, ==, 0);
  g_assert_cmpuint (line->n_wins, ==, 0);
  g_assert_cmpint (line->points[1], ==, 48600);

  /* The table after: East 2 again on two counters (the chombo deals it again); the end so far,
   * the chombo 20,000 off chair 3's score after uma. */
  g_assert_cmpuint (sp_rotation_dealer_chair (&sheet->end.rotation), ==, 1);
  g_assert_cmpuint (sheet->end.rotation.streak, ==, 2);
  g_assert_cmpuint (sheet->end.chombos[3], ==, 1);
  g_assert_cmpint (sheet->final.points[1], ==, 48600);
  g_assert_cmpint (sheet->final.place[1], ==, 1);
  g_assert_cmpint (sheet->final.uma[1], ==, 15000);
  g_assert_cmpint (sheet->final.score[1], ==, 48600 - 30000 + 15000);
  g_assert_cmpint (sheet->final.place[3], ==, 3);
  g_assert_cmpint (sheet->final.score[3], ==, 25800 - 30000 - 5000 - 20000);
}

/* The sheet of another ruleset is refused. */
static void
test_not_riichi (void)
{
  SpTournament tournament = { .id = 1, .name = (char *) "MCR Open", .ruleset = SP_RULESET_MCR,
                              .n_sessions = 1 };
  static const gint64 players[4] = { 1, 2, 3, 4 };
  g_autoptr(SpRules) rules = sp_tournament_new_rules (&tournament, NULL);
  g_autoptr(GPtrArray) records = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  SpRiichiSheet *sheet;

  sheet = sp_riichi_sheet_new (rules, 1, 1, players, records, &error);
  g_assert_null (sheet);
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
}

/* The round of a hand by its round wind and dealer: East 1 … South 4. */
static void
test_round_name (void)
{
  SpRotation rotation;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;

  sp_rotation_start (&rotation, SP_ROTATION_HANCHAN);
  first = sp_riichi_round_name (&rotation);
  g_assert_cmpstr (first, ==, "East 1");
  rotation.round_wind = SP_WIND_SOUTH;
  for (guint c = 0; c < 4; c++)
    rotation.seat_wind[c] = (guint8) ((c + 1) % 4);   /* chair 3 is East */
  last = sp_riichi_round_name (&rotation);
  g_assert_cmpstr (last, ==, "South 4");
}

/* A stored table result's end: the hand scores from the start, the sticks left to the first,
 * the chombos after uma. */
static void
test_result_final (void)
{
  SpRiichiTableRules rules = {
    .start_points = 30000, .return_points = 30000, .uma = { 15000, 5000, -5000, -15000 },
    .leftover = SP_RIICHI_LEFTOVER_FIRST, .chombo_penalty = 20000,
  };
  SpTableResult table = { .hand_scores = { 10000, -2000, -3000, -6000 }, .sticks = 1,
                          .chombos = { 0, 0, 0, 1 } };
  SpRiichiFinal final;

  sp_riichi_table_result_final (&table, &rules, &final);
  g_assert_cmpint (final.points[0], ==, 41000);
  g_assert_cmpint (final.points[3], ==, 24000);
  g_assert_cmpint (final.place[0], ==, 1);
  g_assert_cmpint (final.place[3], ==, 4);
  g_assert_cmpint (final.score[0], ==, 11000 + 15000);
  g_assert_cmpint (final.score[3], ==, -6000 - 15000 - 20000);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "en", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/riichi-sheet/sheet", test_sheet);
  g_test_add_func ("/sparrow/core/riichi-sheet/not-riichi", test_not_riichi);
  g_test_add_func ("/sparrow/core/riichi-sheet/round-name", test_round_name);
  g_test_add_func ("/sparrow/core/riichi-sheet/result-final", test_result_final);
  return g_test_run ();
}
