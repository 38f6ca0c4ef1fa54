/* test-core-riichi-table.c: a Riichi table's hanchan played hand by hand, every figure worked
 * out by hand from rules/riichi.md §6–§9 (payments, counters, sticks, noten payments, chombo,
 * the deal, the end, uma and the leftover sticks).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"
#include "sp-riichi-table.h"

enum { E, S, W, N };
enum { A, B, C, D }; /* chairs: the seats at the first hand */

static SpRiichiTableRules
rules_of (const char *profile)
{
  SpRiichiTableRules rules;
  g_autoptr(GError) error = NULL;
  g_autoptr(SpRules) riichi = sp_rules_new (SP_RULESET_RIICHI, profile, &error);

  g_assert_no_error (error);
  g_assert_true (sp_riichi_table_rules_of (riichi, &rules, &error));
  g_assert_no_error (error);
  return rules;
}

/* A winner at @seat with a hand of @han han and @fu fu (or @yakuman), settled by the riichi
 * ruleset of @profile with the counters of @table: by ron off @discarder, or self-drawn. */
static SpRiichiWinner
winner (const char          *profile,
        const SpRiichiTable *table,
        guint                seat,
        guint                discarder,
        gint32               han,
        gint32               fu,
        gint32               yakuman)
{
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_RIICHI, profile, NULL);
  g_autoptr(GError) error = NULL;
  SpHandValue value = { han, fu, yakuman };
  SpRiichiWinner won = { .seat = (guint8) seat };
  SpSituation situation;
  SpScoreResult result;

  sp_situation_init (&situation);
  situation.seat_wind = (guint8) seat;
  situation.self_drawn = discarder == SP_RIICHI_SELF_DRAWN;
  situation.discarder = situation.self_drawn ? SP_SEAT_NONE : (guint8) discarder;
  situation.honba = table->rotation.streak;
  g_assert_true (sp_rules_settle_value (rules, &situation, &value, &result, &error));
  g_assert_no_error (error);
  memcpy (won.settlement, result.settlement, sizeof won.settlement);
  return won;
}

static SpRiichiHand
ron (const SpRiichiTable *table,
     guint                seat,
     gint32               han,
     gint32               fu,
     guint                discarder,
     guint8               riichi)
{
  return (SpRiichiHand) {
    .kind = SP_RIICHI_HAND_WIN, .riichi = riichi, .discarder = (guint8) discarder,
    .n_winners = 1, .winners = { winner ("ema2016", table, seat, discarder, han, fu, 0) },
  };
}

static SpRiichiHand
tsumo (const SpRiichiTable *table,
       guint                seat,
       gint32               han,
       gint32               fu,
       guint8               riichi)
{
  return ron (table, seat, han, fu, SP_RIICHI_SELF_DRAWN, riichi);
}

static SpRiichiHand
draw (guint8 tenpai,
      guint8 riichi)
{
  return (SpRiichiHand) { .kind = SP_RIICHI_HAND_DRAW, .tenpai = tenpai, .riichi = riichi };
}

static void
play (SpRiichiTable            *table,
      const SpRiichiTableRules *rules,
      const SpRiichiHand       *hand,
      gint32                    a,
      gint32                    b,
      gint32                    c,
      gint32                    d)
{
  g_autoptr(GError) error = NULL;
  gint32 delta[4];
  guint8 sticks = table->sticks;
  gint64 sum = 0;

  g_assert_true (sp_riichi_table_play (table, rules, hand, delta, &error));
  g_assert_no_error (error);
  g_assert_cmpint (delta[A], ==, a);
  g_assert_cmpint (delta[B], ==, b);
  g_assert_cmpint (delta[C], ==, c);
  g_assert_cmpint (delta[D], ==, d);
  /* Zero-sum with the sticks: what the players lose is on the table, and back. */
  for (guint i = 0; i < 4; i++)
    sum += delta[i];
  g_assert_cmpint (sum + 1000 * ((gint64) table->sticks - sticks), ==, 0);
}

static void
assert_at (const SpRiichiTable *table,
           guint                round,
           guint                dealer,
           guint                honba,
           guint                sticks)
{
  g_assert_cmpuint (table->rotation.round_wind, ==, round);
  g_assert_cmpuint (sp_rotation_dealer_chair (&table->rotation), ==, dealer);
  g_assert_cmpuint (table->rotation.streak, ==, honba);
  g_assert_cmpuint (table->sticks, ==, sticks);
}

static void
assert_points (const SpRiichiTable *table,
               gint32               a,
               gint32               b,
               gint32               c,
               gint32               d)
{
  g_assert_cmpint (table->points[A], ==, a);
  g_assert_cmpint (table->points[B], ==, b);
  g_assert_cmpint (table->points[C], ==, c);
  g_assert_cmpint (table->points[D], ==, d);
}

/* The payments of §6 through the table: each rounded up to 100 on its own. */
static void
test_payments (void)
{
  static const struct
  {
    gint32 han, fu;
    gint32 non_dealer_ron, dealer_ron, tsumo_dealer_pays, tsumo_other_pays, dealer_tsumo_each;
  } rows[] = {
    { 1, 30, 1000, 1500, 500, 300, 500 },
    { 1, 40, 1300, 2000, 700, 400, 700 },
    { 1, 110, 3600, 5300, 1800, 900, 1800 },
    { 2, 25, 1600, 2400, 800, 400, 800 },
    { 4, 30, 7700, 11600, 3900, 2000, 3900 }, /* no kiriage in ema2016 */
    { 5, 30, 8000, 12000, 4000, 2000, 4000 }, /* mangan */
  };
  SpRiichiTableRules rules = rules_of ("ema2016");

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      SpRiichiTable table;
      SpRiichiHand hand;

      /* East 1: chair A is the dealer (seat E), B is S, C is W, D is N. */
      sp_riichi_table_start (&table, &rules);
      hand = ron (&table, S, rows[i].han, rows[i].fu, W, 0);
      play (&table, &rules, &hand, 0, rows[i].non_dealer_ron, -rows[i].non_dealer_ron, 0);

      sp_riichi_table_start (&table, &rules);
      hand = ron (&table, E, rows[i].han, rows[i].fu, N, 0);
      play (&table, &rules, &hand, rows[i].dealer_ron, 0, 0, -rows[i].dealer_ron);

      sp_riichi_table_start (&table, &rules);
      hand = tsumo (&table, W, rows[i].han, rows[i].fu, 0);
      play (&table, &rules, &hand, -rows[i].tsumo_dealer_pays, -rows[i].tsumo_other_pays,
            rows[i].tsumo_dealer_pays + 2 * rows[i].tsumo_other_pays, -rows[i].tsumo_other_pays);

      sp_riichi_table_start (&table, &rules);
      hand = tsumo (&table, E, rows[i].han, rows[i].fu, 0);
      play (&table, &rules, &hand, 3 * rows[i].dealer_tsumo_each, -rows[i].dealer_tsumo_each,
            -rows[i].dealer_tsumo_each, -rows[i].dealer_tsumo_each);
    }
}

/* A whole hanchan under ema2016, East 1 to South 4, with a riichi ron, a draw with the dealer
 * tenpai, a dealer tsumo on a counter, a double ron with sticks, a chombo and the end with a
 * leftover stick. */
static void
test_hanchan (void)
{
  SpRiichiTableRules rules = rules_of ("ema2016");
  SpRiichiTable table;
  SpRiichiFinal final;
  SpRiichiHand hand;
  g_autoptr(GError) error = NULL;

  sp_riichi_table_start (&table, &rules);
  assert_at (&table, SP_WIND_EAST, A, 0, 0);
  assert_points (&table, 30000, 30000, 30000, 30000);

  /* East 1: B (S) declares riichi and wins a mangan off C (W): 8,000 and his stick back. */
  hand = ron (&table, S, 5, 30, W, 1u << S);
  play (&table, &rules, &hand, 0, 8000, -8000, 0);
  assert_at (&table, SP_WIND_EAST, B, 0, 0);
  g_assert_cmpuint (sp_riichi_table_chair_at (&table, E), ==, B);
  g_assert_cmpuint (sp_riichi_table_chair_at (&table, N), ==, A);

  /* East 2: a draw; A (now N) in riichi and the dealer B tenpai: C and D pay 1,500 each.
   * The dealer stays, a counter, A's stick stays on the table. */
  hand = draw (1u << E | 1u << N, 1u << N);
  play (&table, &rules, &hand, 1500 - 1000, 1500, -1500, -1500);
  assert_at (&table, SP_WIND_EAST, B, 1, 1);
  assert_points (&table, 30500, 39500, 20500, 28500);

  /* East 2, 1 counter: the dealer's tsumo of 3 han 30 fu (b 960): 2,000 + 100 from each,
   * and the stick on the table. */
  hand = tsumo (&table, E, 3, 30, 0);
  play (&table, &rules, &hand, -2100, 6300 + 1000, -2100, -2100);
  assert_at (&table, SP_WIND_EAST, B, 2, 0);
  assert_points (&table, 28400, 46800, 18400, 26400);

  /* East 2, 2 counters: the dealer B deals in to two winners: C (S) with 2 han 40 fu (2,600 +
   * 600) and A (N, in riichi) with a mangan (8,000 + 600).  D (W) declared riichi too: his
   * stick goes to C, the first winner after the discarder; A takes his own back. */
  hand = (SpRiichiHand) {
    .kind = SP_RIICHI_HAND_WIN, .riichi = 1u << N | 1u << W, .discarder = E, .n_winners = 2,
    .winners = { winner ("ema2016", &table, N, E, 5, 30, 0),
                 winner ("ema2016", &table, S, E, 2, 40, 0) },
  };
  play (&table, &rules, &hand, 8600, -11800, 3200 + 1000, -1000);
  assert_at (&table, SP_WIND_EAST, C, 0, 0);
  assert_points (&table, 37000, 35000, 22600, 25400);

  /* East 3: A (W) makes a chombo, his riichi void: nothing changes at the table, the same
   * hand again. */
  hand = (SpRiichiHand) { .kind = SP_RIICHI_HAND_CHOMBO, .offender = W, .riichi = 1u << W };
  play (&table, &rules, &hand, 0, 0, 0, 0);
  assert_at (&table, SP_WIND_EAST, C, 0, 0);
  g_assert_cmpuint (table.chombos[A], ==, 1);
  g_assert_cmpuint (table.rotation.number, ==, 6);

  /* East 3: D (S) self-draws a mangan: the dealer C pays 4,000, A and B 2,000. */
  hand = tsumo (&table, S, 5, 30, 0);
  play (&table, &rules, &hand, -2000, -2000, -4000, 8000);
  assert_at (&table, SP_WIND_EAST, D, 0, 0);
  assert_points (&table, 35000, 33000, 18600, 33400);

  /* East 4: nobody tenpai; the counter stays as the deal passes to South 1. */
  hand = draw (0, 0);
  play (&table, &rules, &hand, 0, 0, 0, 0);
  assert_at (&table, SP_WIND_SOUTH, A, 1, 0);

  /* South 1: B (S) alone tenpai, in riichi: 1,000 from each, his stick on the table. */
  hand = draw (1u << S, 1u << S);
  play (&table, &rules, &hand, -1000, 3000 - 1000, -1000, -1000);
  assert_at (&table, SP_WIND_SOUTH, B, 2, 1);

  /* South 2: all four tenpai, no payment, the dealer stays; then nobody. */
  hand = draw (0xf, 0);
  play (&table, &rules, &hand, 0, 0, 0, 0);
  assert_at (&table, SP_WIND_SOUTH, B, 3, 1);
  hand = draw (0, 0);
  play (&table, &rules, &hand, 0, 0, 0, 0);
  assert_at (&table, SP_WIND_SOUTH, C, 4, 1);
  play (&table, &rules, &hand, 0, 0, 0, 0);
  assert_at (&table, SP_WIND_SOUTH, D, 5, 1);
  g_assert_false (table.rotation.finished);
  play (&table, &rules, &hand, 0, 0, 0, 0);
  g_assert_true (table.rotation.finished);
  assert_points (&table, 34000, 35000, 17600, 32400);

  /* Over: the next hand is refused, the table unchanged. */
  g_assert_false (sp_riichi_table_play (&table, &rules, &hand, NULL, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  assert_points (&table, 34000, 35000, 17600, 32400);

  /* The leftover stick to B, first; uma 15/5/−5/−15; A's chombo 20,000 after uma. */
  sp_riichi_table_final (&table, &rules, &final);
  g_assert_cmpint (final.points[B], ==, 36000);
  g_assert_cmpuint (final.place[B], ==, 1);
  g_assert_cmpuint (final.place[A], ==, 2);
  g_assert_cmpuint (final.place[D], ==, 3);
  g_assert_cmpuint (final.place[C], ==, 4);
  g_assert_cmpint (final.score[B], ==, 36000 - 30000 + 15000);
  g_assert_cmpint (final.score[A], ==, 34000 - 30000 + 5000 - 20000);
  g_assert_cmpint (final.score[D], ==, 32400 - 30000 - 5000);
  g_assert_cmpint (final.score[C], ==, 17600 - 30000 - 15000);
}

/* wrc2025: a second winner on one discard is refused (head bump), the table unchanged; the
 * leftover sticks are lost; a chombo is 30,000. */
static void
test_wrc (void)
{
  SpRiichiTableRules rules = rules_of ("wrc2025");
  SpRiichiTable table, before;
  SpRiichiFinal final;
  SpRiichiHand hand;
  g_autoptr(GError) error = NULL;

  sp_riichi_table_start (&table, &rules);
  hand = (SpRiichiHand) {
    .kind = SP_RIICHI_HAND_WIN, .discarder = E, .n_winners = 2,
    .winners = { winner ("wrc2025", &table, S, E, 5, 30, 0),
                 winner ("wrc2025", &table, N, E, 5, 30, 0) },
  };
  before = table;
  g_assert_false (sp_riichi_table_play (&table, &rules, &hand, NULL, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "head bump"));
  g_assert_cmpmem (&table, sizeof table, &before, sizeof before);

  hand = draw (1u << W, 1u << W);
  g_assert_true (sp_riichi_table_play (&table, &rules, &hand, NULL, NULL));
  table.rotation.finished = TRUE;
  table.chombos[C] = 1;
  sp_riichi_table_final (&table, &rules, &final);
  /* C (W at East 1) took 3,000, put 1,000 down: 32,000, first, the stick lost. */
  g_assert_cmpint (final.points[C], ==, 32000);
  g_assert_cmpint (final.score[C], ==, 32000 - 30000 + 15000 - 30000);
}

/* The table follows the rules' options, not only the profile: ema2016 with
 * multiple_ron=head-bump refuses a second winner, and leftover_sticks=lost keeps the stick. */
static void
test_options (void)
{
  g_autoptr(SpRules) riichi = sp_rules_new (SP_RULESET_RIICHI, "ema2016", NULL);
  g_autoptr(GError) error = NULL;
  SpRiichiTableRules rules;
  SpRiichiTable table;
  SpRiichiFinal final;
  SpRiichiHand hand;

  g_assert_true (sp_rules_set_option (riichi, "multiple_ron", "head-bump", &error));
  g_assert_true (sp_rules_set_option (riichi, "leftover_sticks", "lost", &error));
  g_assert_true (sp_riichi_table_rules_of (riichi, &rules, &error));
  g_assert_no_error (error);
  g_assert_cmpint (rules.chombo_penalty, ==, 20000);
  sp_riichi_table_start (&table, &rules);
  hand = (SpRiichiHand) {
    .kind = SP_RIICHI_HAND_WIN, .discarder = E, .n_winners = 2,
    .winners = { winner ("ema2016", &table, S, E, 5, 30, 0),
                 winner ("ema2016", &table, N, E, 5, 30, 0) },
  };
  g_assert_false (sp_riichi_table_play (&table, &rules, &hand, NULL, &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  hand = draw (1u << W, 1u << W);
  g_assert_true (sp_riichi_table_play (&table, &rules, &hand, NULL, NULL));
  sp_riichi_table_final (&table, &rules, &final);
  g_assert_cmpint (final.points[C], ==, 32000);
}

/* The table's own options: start and return points (持ち点, 返し点) and uma, in the rules'
 * terms; a 25,000 start with a 30,000 return leaves the first place's oka out of the others'
 * points. */
static void
test_start_and_uma (void)
{
  g_autoptr(SpRules) riichi = sp_rules_new (SP_RULESET_RIICHI, "ema2016", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *uma = NULL;
  SpRiichiTableRules rules;
  SpRiichiTable table;
  SpRiichiFinal final;
  SpRiichiHand hand;

  uma = sp_rules_get_option (riichi, "uma");
  g_assert_cmpstr (uma, ==, "15/5");
  g_assert_true (sp_rules_set_option (riichi, "start_points", "25000", &error));
  g_assert_true (sp_rules_set_option (riichi, "uma", "20/10", &error));
  g_assert_no_error (error);
  g_assert_false (sp_rules_set_option (riichi, "uma", "15/15", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (sp_rules_set_option (riichi, "start_points", "500", &error));
  g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (sp_riichi_table_rules_of (riichi, &rules, &error));
  g_assert_cmpint (rules.start_points, ==, 25000);
  g_assert_cmpint (rules.return_points, ==, 30000);
  g_assert_cmpint (rules.uma[0], ==, 20000);
  g_assert_cmpint (rules.uma[1], ==, 10000);
  g_assert_cmpint (rules.uma[2], ==, -10000);
  g_assert_cmpint (rules.uma[3], ==, -20000);

  sp_riichi_table_start (&table, &rules);
  assert_points (&table, 25000, 25000, 25000, 25000);
  /* B (S) wins a mangan off C (W); the hanchan ends there (time up). */
  hand = ron (&table, S, 5, 30, W, 0);
  play (&table, &rules, &hand, 0, 8000, -8000, 0);
  sp_riichi_table_final (&table, &rules, &final);
  /* B: 33,000 − 30,000 + 20,000; A and D tie for second and third (10,000 − 10,000) / 2. */
  g_assert_cmpint (final.score[B], ==, 23000);
  g_assert_cmpint (final.score[A], ==, -5000);
  g_assert_cmpint (final.score[D], ==, -5000);
  g_assert_cmpint (final.score[C], ==, 17000 - 30000 - 20000);
}

/* The table replayed from its hands as the store keeps them (by chair, the sticks' change, a
 * chombo) stands where playing them left it: points, sticks, counters, chombos, the deal. */
static void
test_replay (void)
{
  SpRiichiTableRules rules = rules_of ("ema2016");
  SpRiichiTable played, replayed;
  SpRiichiHand hands[4];
  guint8 chair_riichi;

  sp_riichi_table_start (&played, &rules);
  sp_riichi_table_start (&replayed, &rules);
  hands[0] = ron (&played, S, 5, 30, W, 1u << S);
  hands[1] = draw (1u << E | 1u << N, 1u << N);
  hands[3] = (SpRiichiHand) { .kind = SP_RIICHI_HAND_CHOMBO, .offender = W };
  for (guint i = 0; i < 4; i++)
    {
      SpHandRecord record = { .winner = -1, .discarder = -1 };
      guint8 sticks = played.sticks;
      SpRotation before = played.rotation;
      gint32 delta[4];

      if (i == 2)
        hands[2] = tsumo (&played, E, 3, 30, 0);
      g_assert_true (sp_riichi_table_play (&played, &rules, &hands[i], delta, NULL));
      chair_riichi = 0;
      for (guint seat = 0; seat < 4; seat++)
        if (hands[i].riichi & (1u << seat))
          chair_riichi |= 1u << sp_rotation_chair_at (&before, (SpWind) seat);
      record.riichi = chair_riichi;
      record.draw = hands[i].kind == SP_RIICHI_HAND_DRAW;
      if (record.draw)
        for (guint seat = 0; seat < 4; seat++)
          if (hands[i].tenpai & (1u << seat))
            record.tenpai |= 1u << sp_rotation_chair_at (&before, (SpWind) seat);
      if (hands[i].kind == SP_RIICHI_HAND_WIN)
        record.winner = (gint) sp_rotation_chair_at (&before, hands[i].winners[0].seat);
      if (hands[i].kind == SP_RIICHI_HAND_CHOMBO)
        record.chombo = 1u << sp_rotation_chair_at (&before, hands[i].offender);
      record.sticks = (gint32) played.sticks - sticks;
      for (guint c = 0; c < 4; c++)
        record.settlement[c] = delta[c];
      sp_riichi_table_replay (&replayed, &record);
      g_assert_cmpmem (replayed.points, sizeof replayed.points, played.points,
                       sizeof played.points);
      g_assert_cmpuint (replayed.sticks, ==, played.sticks);
      g_assert_cmpmem (replayed.chombos, sizeof replayed.chombos, played.chombos,
                       sizeof played.chombos);
      g_assert_cmpmem (&replayed.rotation, sizeof replayed.rotation, &played.rotation,
                       sizeof played.rotation);
    }
  /* East 2 with two counters (the dealer's tsumo, then the chombo dealt again). */
  assert_at (&replayed, SP_WIND_EAST, B, 2, 0);
  g_assert_cmpuint (sp_riichi_table_deal (&replayed.rotation), ==, 2);
  g_assert_cmpuint (replayed.chombos[D], ==, 1);
}

/* Tied players share the better place, the uma of the places they tie for, and the leftover
 * sticks (ema2016 to the point, ema2025 each share rounded down to 100). */
static void
test_ties (void)
{
  SpRiichiTableRules ema2016 = rules_of ("ema2016"), ema2025 = rules_of ("ema2025");
  SpRiichiTable table;
  SpRiichiFinal final;

  sp_riichi_table_start (&table, &ema2016);
  table.rotation.finished = TRUE;
  memcpy (table.points, (gint32[]) { 40000, 40000, 20000, 19000 }, sizeof table.points);
  table.sticks = 1;
  sp_riichi_table_final (&table, &ema2016, &final);
  g_assert_cmpuint (final.place[A], ==, 1);
  g_assert_cmpuint (final.place[B], ==, 1);
  g_assert_cmpint (final.points[A], ==, 40500);
  g_assert_cmpint (final.uma[A], ==, 10000);
  g_assert_cmpint (final.uma[B], ==, 10000);
  g_assert_cmpint (final.uma[C], ==, -5000);
  g_assert_cmpint (final.uma[D], ==, -15000);

  memcpy (table.points, (gint32[]) { 33000, 33000, 33000, 20000 }, sizeof table.points);
  sp_riichi_table_final (&table, &ema2016, &final);
  g_assert_cmpint (final.points[A], ==, 33333);
  g_assert_cmpint (final.uma[C], ==, 5000);
  g_assert_cmpuint (final.place[C], ==, 1);
  sp_riichi_table_final (&table, &ema2025, &final);
  g_assert_cmpint (final.points[A], ==, 33300);
  g_assert_cmpint (final.score[D], ==, 20000 - 30000 - 15000);
}

/* Hands that cannot be are refused and change nothing. */
static void
test_refused (void)
{
  SpRiichiTableRules rules = rules_of ("ema2016");
  SpRiichiTable start;
  SpRiichiHand bad[8];
  SpRiichiWinner mangan_s, mangan_w, unpaid, lopsided;
  SpRiichiTableRules unknown;
  g_autoptr(GError) error = NULL;

  sp_riichi_table_start (&start, &rules);
  mangan_s = winner ("ema2016", &start, S, W, 5, 30, 0);
  mangan_w = winner ("ema2016", &start, W, E, 5, 30, 0);
  unpaid = (SpRiichiWinner) { .seat = S, .settlement = { 8000, -8000, 0, 0 } };
  lopsided = (SpRiichiWinner) { .seat = S, .settlement = { 0, 8000, -7000, 0 } };
  bad[0] = draw (1u << S, 1u << W);                             /* riichi W not tenpai */
  bad[1] = ron (&start, S, 5, 30, W, 0);
  bad[1].discarder = S;                                         /* won on his own discard */
  bad[2] = (SpRiichiHand) { .kind = SP_RIICHI_HAND_WIN, .discarder = W, .n_winners = 1,
                            .winners = { unpaid } };            /* pays the discarder */
  bad[3] = (SpRiichiHand) { .kind = SP_RIICHI_HAND_WIN, .discarder = W, .n_winners = 1,
                            .winners = { lopsided } };          /* not zero-sum */
  bad[4] = (SpRiichiHand) { .kind = SP_RIICHI_HAND_WIN, .discarder = SP_RIICHI_SELF_DRAWN,
                            .n_winners = 2, .winners = { mangan_s, mangan_w } }; /* tsumo of two */
  bad[5] = (SpRiichiHand) { .kind = SP_RIICHI_HAND_WIN, .discarder = N, .n_winners = 2,
                            .winners = { mangan_s, mangan_s } }; /* the same winner twice */
  bad[6] = (SpRiichiHand) { .kind = SP_RIICHI_HAND_WIN, .discarder = E, .n_winners = 0 };
  bad[7] = (SpRiichiHand) { .kind = SP_RIICHI_HAND_CHOMBO, .offender = 4 };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      SpRiichiTable table, before;
      g_autoptr(GError) refused = NULL;

      sp_riichi_table_start (&table, &rules);
      before = table;
      g_assert_false (sp_riichi_table_play (&table, &rules, &bad[i], NULL, &refused));
      g_assert_error (refused, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
      g_assert_cmpmem (&table, sizeof table, &before, sizeof before);
    }
  /* Only the riichi rules make a riichi table. */
  {
    g_autoptr(SpRules) mcr = sp_rules_new (SP_RULESET_MCR, NULL, NULL);

    g_assert_false (sp_riichi_table_rules_of (mcr, &unknown, &error));
    g_assert_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sparrow/core/riichi-table/payments", test_payments);
  g_test_add_func ("/sparrow/core/riichi-table/hanchan", test_hanchan);
  g_test_add_func ("/sparrow/core/riichi-table/wrc", test_wrc);
  g_test_add_func ("/sparrow/core/riichi-table/ties", test_ties);
  g_test_add_func ("/sparrow/core/riichi-table/options", test_options);
  g_test_add_func ("/sparrow/core/riichi-table/start-and-uma", test_start_and_uma);
  g_test_add_func ("/sparrow/core/riichi-table/replay", test_replay);
  g_test_add_func ("/sparrow/core/riichi-table/refused", test_refused);
  return g_test_run ();
}
