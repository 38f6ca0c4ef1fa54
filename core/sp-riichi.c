/* sp-riichi.c: the Riichi referee of rules/riichi.md: profiles ema2016 (default), wrc2025,
 * wrc2022 and ema2025 as option sets (§10); the checks of a declared win in the order of
 * SPEC.md §3.1 (no-yaku last); the reading that scores most (yakuman, then han, then fu);
 * dora, ura dora and red fives (§4); limits, kiriage and counted limits (§6); payments with
 * counters and riichi sticks, and the seats' settlement with liability (§7).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-riichi-private.h"

#include "sp-analysis-private.h"
#include "sp-referee-private.h"
#include "sp-rule-option-private.h"
#include "sp-rules-private.h"
#include "sp-entry-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char * const profiles[] = { "ema2016", "wrc2025", "wrc2022", "ema2025", NULL };

/* The defaults are those of ema2016; the other profiles change what §10 says they change. */
static const SpRuleOption options_list[] = {
  { "red_fives", "0", "0|1",
    N_("Red fives (0m 0p 0s) per suit, each counted as one dora (0: a red five is a plain "
       "five)") },
  { "open_tanyao", "on", "on|off", N_("Tanyao (all simples) also with an open hand (喰断)") },
  { "kiriage", "off", "on|off", N_("Kiriage mangan: 4 han 30 fu and 3 han 60 fu pay a mangan") },
  { "counted_limit", "sanbaiman", "sanbaiman|yonbaiman|yakuman",
    N_("What 13 or more han of yaku and dora pay (数え役満)") },
  { "yakuman_stacking", "single", "single|additive",
    N_("Several yakuman in one hand: one yakuman, or one per yakuman") },
  { "double_yakuman", "off", "on|off",
    N_("Double yakuman for kokushi 13-sided, chuuren 9-sided, suuankou tanki and daisuushii") },
  { "double_wind_fu", "4", "2|4", N_("Fu of a pair of the wind that is both seat and round wind") },
  { "renhou", "mangan", "mangan|off",
    N_("Renhou (人和): a mangan alone, without other yaku or dora; or not a yaku") },
  { "suukantsu_liability", "off", "on|off",
    N_("Liability (包) for suukantsu: the player who fed the fourth kong pays as for "
       "daisangen") },
  { "nagashi", "off", "on|off", N_("Nagashi mangan at an exhaustive draw") },
  { "abortive_draws", "off", "on|off", N_("Abortive draws (九種九牌, 四風連打, 四家立直, …)") },
  { "multiple_ron", "all", "all|head-bump",
    N_("Several winners on one discard: all win, or only the first after the discarder") },
  { "leftover_sticks", "winner", "winner|winner-rounded-down|lost",
    N_("Riichi sticks left at the end: to the first placed (split on a tie, or split and "
       "rounded down), or lost") },
  { "start_points", "30000", "10000–100000",
    N_("Start points (持ち点): each player's points at the first hand of a hanchan") },
  { "return_points", "30000", "10000–100000",
    N_("Return points (返し点): taken from the final points; above the start points the "
       "difference is the first place's bonus (オカ)") },
  /* FIRST/SECOND in thousands, read by sp_riichi_table_rules_of (). */
  { "uma", "15/5", "15/5|10/5|20/10|30/10|0/0",
    N_("Uma (ウマ): thousands the first and second places gain, the third and fourth lose") },
};

static const SpOptionField option_fields[] = {
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (SpRiichiOptions, red_fives), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpRiichiOptions, open_tanyao), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpRiichiOptions, kiriage), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (SpRiichiOptions, counted_limit), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (SpRiichiOptions, yakuman_stacking), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpRiichiOptions, double_yakuman), 0, 0 },
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (SpRiichiOptions, double_wind_fu), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (SpRiichiOptions, renhou), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpRiichiOptions, suukantsu_liability), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpRiichiOptions, nagashi), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpRiichiOptions, abortive_draws), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (SpRiichiOptions, multiple_ron), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (SpRiichiOptions, leftover_sticks), 0, 0 },
  { SP_OPTION_INTEGER, G_STRUCT_OFFSET (SpRiichiOptions, start_points), 10000, 100000 },
  { SP_OPTION_INTEGER, G_STRUCT_OFFSET (SpRiichiOptions, return_points), 10000, 100000 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (SpRiichiOptions, uma), 0, 0 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (options_list) == G_N_ELEMENTS (option_fields));

/* Each profile as the options it changes from ema2016's defaults. */
static const struct
{
  const char *profile;
  const char *changes[8][2];
} profile_changes[] = {
  { "wrc2025", { { "kiriage", "on" }, { "counted_limit", "yonbaiman" },
                 { "yakuman_stacking", "additive" }, { "double_wind_fu", "2" },
                 { "multiple_ron", "head-bump" }, { "leftover_sticks", "lost" },
                 { "suukantsu_liability", "on" } } },
  { "wrc2022", { { "kiriage", "on" }, { "yakuman_stacking", "additive" },
                 { "double_wind_fu", "2" }, { "multiple_ron", "head-bump" },
                 { "leftover_sticks", "lost" } } },
  { "ema2025", { { "kiriage", "on" }, { "double_wind_fu", "2" },
                 { "leftover_sticks", "winner-rounded-down" } } },
};

/* The defaults are ema2016's: the profile's changes from them. */
static gboolean
init_options (gpointer     options,
              const char  *profile,
              GError     **error)
{
  for (guint p = 0; p < G_N_ELEMENTS (profile_changes); p++)
    {
      if (strcmp (profile_changes[p].profile, profile) != 0)
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (profile_changes[p].changes); i++)
        if (profile_changes[p].changes[i][0] != NULL
            && !sp_ruleset_class_set_option (&sp_riichi_class, options,
                                             profile_changes[p].changes[i][0],
                                             profile_changes[p].changes[i][1], error))
          return FALSE;
    }
  return TRUE;
}

/* ---- The checks before the tiles are read ----------------------------------------------- */

static gboolean
refuse_count (const SpHand  *hand,
              SpScoreResult *result)
{
  guint n = sp_hand_n_tiles (hand);
  guint n_kongs = sp_hand_n_kongs (hand);

  if (hand->n_melds > 4)
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            _("%u melds: a win has at most 4"), hand->n_melds);
  else if (n_kongs == 0)
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            _("%u tiles where a win has 14 (+1 per kong)"), n);
  else
    sp_score_result_refuse (result, SP_CORE_ERROR_WRONG_TILE_COUNT,
                            g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: the tiles written, the kongs
                                          * declared and the tiles a win with them has. */
                                         "%u tiles where a win with %u kong has %u",
                                         "%u tiles where a win with %u kongs has %u", n_kongs),
                            n, n_kongs, 14 + n_kongs);
  return FALSE;
}

/* The contradictions of §11, as bad-situation; FALSE after refusing. */
static gboolean
check_situation (const SpHand      *hand,
                 const SpSituation *s,
                 SpScoreResult     *result)
{
  guint n_exposed = 0, n_kongs = sp_hand_n_kongs (hand);
  SpTile winning = sp_hand_winning_tile (hand);
  gboolean dealer = s->seat_wind == SP_WIND_EAST;
  gboolean first_turn = s->heavenly || s->earthly || s->human;

  for (guint i = 0; i < hand->n_melds; i++)
    n_exposed += sp_meld_is_exposed (&hand->melds[i]);

  if ((s->riichi || s->double_riichi) && n_exposed > 0)
    return sp_referee_bad_situation (result, _("--riichi: riichi is declared on a closed hand, "
                                               "and this one has a claimed meld"));
  if (s->ippatsu && !s->riichi && !s->double_riichi)
    return sp_referee_bad_situation (result, _("--ippatsu needs --riichi or --double-riichi"));
  if (s->ippatsu && s->kong && s->self_drawn)
    return sp_referee_bad_situation (result, _("--ippatsu: a kong ends the go-around, so a "
                                               "replacement-tile win (--self-drawn --kong) is "
                                               "never ippatsu"));
  if (s->kong && s->self_drawn && n_kongs == 0)
    return sp_referee_bad_situation (result, _("--self-drawn --kong: a replacement tile after "
                                               "a kong, but the hand has no kong"));
  if (s->kong && !s->self_drawn && s->wall_last)
    return sp_referee_bad_situation (result, _("--kong --wall-last without --self-drawn: "
                                               "robbing a kong on the last tile"));
  if (s->kong && !s->self_drawn && winning != SP_TILE_NONE)
    {
      guint8 all[SP_N_TILE_KINDS];
      char name[SP_TILE_STRING_SIZE];

      sp_hand_all_counts (hand, all);
      if (all[winning] > 1)
        /* Translators: %u %s is a count and a tile in notation ("2 5m"). */
        return sp_referee_bad_situation (result, _("--kong without --self-drawn (chankan): the "
                                                   "hand holds %u %s, so nobody else can add "
                                                   "the fourth to a pung"),
                                         all[winning], sp_tile_to_string (winning, name));
    }
  if (!s->self_drawn && s->discarder == s->seat_wind)
    /* Translators: %s is a seat: E, S, W or N. */
    return sp_referee_bad_situation (result, _("--discarder %s is the winner's own seat on a "
                                               "discard win"),
                                     sp_wind_to_string ((SpWind) s->seat_wind));
  if (s->heavenly + s->earthly + s->human > 1)
    return sp_referee_bad_situation (result,
                                     _("--heavenly, --earthly and --human exclude each other"));
  if (first_turn && hand->n_melds > 0)
    return sp_referee_bad_situation (result, _("%s: the hand has a meld or a kong, but no call "
                                               "or kong comes before a first-turn win"),
                                     s->heavenly ? "--heavenly" : s->earthly ? "--earthly"
                                                                            : "--human");
  if (s->heavenly && !dealer)
    return sp_referee_bad_situation (result, _("--heavenly (tenhou) is the dealer's (East's) "
                                               "win, and the winner sits at %s"),
                                     sp_wind_to_string ((SpWind) s->seat_wind));
  if ((s->heavenly || s->earthly) && !s->self_drawn)
    return sp_referee_bad_situation (result, _("%s is a self-drawn win: add --self-drawn"),
                                     s->heavenly ? "--heavenly" : "--earthly");
  if (s->earthly && dealer)
    return sp_referee_bad_situation (result, _("--earthly (chiihou) is a non-dealer's win: the "
                                               "dealer's is --heavenly"));
  if (s->human && dealer)
    return sp_referee_bad_situation (result, _("--human (renhou) is a non-dealer's win, and the "
                                               "winner sits at East"));
  if (s->human && s->self_drawn)
    return sp_referee_bad_situation (result, _("--human (renhou) is a win on a discard: it does "
                                               "not go with --self-drawn"));
  return TRUE;
}

/* ---- Facts, dora, value ------------------------------------------------------------------- */

static void
fill_facts (SpRiichiFacts         *f,
            const SpRiichiOptions *o,
            const SpHand          *hand,
            const SpSituation     *s)
{
  static const guint8 chuuren_shape[9] = { 3, 1, 1, 1, 1, 1, 1, 1, 3 };
  /* The tiles as masks (bit t for tile t): 幺九, and 2 3 4 6 8 s with 發. */
  const guint64 yaochu = 0x3fc060301ull;
  const guint64 green = (1ull << SP_TILE_GREEN) | (0xaeull << 18);
  const guint64 suit_mask = 0x1ffull;
  guint64 held;

  f->options = o;
  f->situation = s;
  f->hand = hand;
  sp_hand_all_counts (hand, f->all);
  f->winning = sp_hand_winning_tile (hand);
  f->seat_wind = sp_tile_for_wind ((SpWind) s->seat_wind);
  f->round_wind = sp_tile_for_wind ((SpWind) s->round_wind);
  f->closed = TRUE;
  for (guint i = 0; i < hand->n_melds; i++)
    f->closed &= !sp_meld_is_exposed (&hand->melds[i]);
  f->self_drawn = s->self_drawn != 0;
  f->n_kongs = sp_hand_n_kongs (hand);
  held = sp_counts_mask (f->all, 0, FALSE);
  f->suits = ((held & suit_mask) != 0) | ((held & (suit_mask << 9)) != 0) << 1
             | ((held & (suit_mask << 18)) != 0) << 2;
  f->honors = (held >> SP_TILE_EAST) != 0;
  f->simples_only = (held & yaochu) == 0;
  f->yaochu_only = (held & ~yaochu) == 0;
  f->green_only = (held & ~green) == 0;

  /* 九蓮宝燈: no melds, fourteen tiles of one suit over 1112345678999. */
  f->chuuren = FALSE;
  f->chuuren_nine = FALSE;
  if (hand->n_melds == 0 && !f->honors && (f->suits == 1 || f->suits == 2 || f->suits == 4))
    {
      guint suit = f->suits == 1 ? 0 : f->suits == 2 ? 1 : 2;
      const guint8 *c = f->all + suit * 9;
      guint extra = 0;

      f->chuuren = TRUE;
      for (guint r = 0; r < 9; r++)
        {
          if (c[r] < chuuren_shape[r])
            f->chuuren = FALSE;
          else
            extra += c[r] - chuuren_shape[r];
        }
      f->chuuren &= extra == 1;
      /* Nine-sided: without the winning tile the hand is the shape itself. */
      f->chuuren_nine = f->chuuren && c[f->winning - suit * 9] == chuuren_shape[f->winning - suit * 9] + 1;
    }
  /* Kokushi on thirteen sides: without the winning tile, the thirteen different orphans. */
  f->kokushi_thirteen = f->all[f->winning] == 2;
}

static inline SpTile
dora_of (SpTile indicator)
{
  if (indicator < 27)
    return (SpTile) (indicator / 9 * 9 + (indicator % 9 + 1) % 9);
  if (sp_tile_is_wind (indicator))
    return (SpTile) (SP_TILE_EAST + (indicator - SP_TILE_EAST + 1) % 4);
  /* Dragons: 白 → 發 → 中 → 白 (P → F → C → P). */
  return indicator == SP_TILE_WHITE ? SP_TILE_GREEN
         : indicator == SP_TILE_GREEN ? SP_TILE_RED : SP_TILE_WHITE;
}

static gint32
count_dora (const guint8  all[SP_N_TILE_KINDS],
            const SpTile *indicators,
            guint         n)
{
  gint32 count = 0;

  for (guint i = 0; i < n; i++)
    count += all[dora_of (indicators[i])];
  return count;
}

static inline gint64
round_up_100 (gint64 points)
{
  return (points + 99) / 100 * 100;
}

/* The basic points of @han han and @fu fu, and their limit (§6). */
static gint64
basic_points (const SpRiichiOptions *o,
              gint32                 han,
              gint32                 fu,
              SpLimit               *limit)
{
  gint64 b;

  if (han >= 13)
    {
      switch ((SpRiichiCounted) o->counted_limit)
        {
        case SP_RIICHI_COUNTED_YONBAIMAN:
          *limit = SP_LIMIT_YONBAIMAN;
          return 8000;
        case SP_RIICHI_COUNTED_YAKUMAN:
          *limit = SP_LIMIT_YAKUMAN;
          return 8000;
        case SP_RIICHI_COUNTED_SANBAIMAN:
        default:
          *limit = SP_LIMIT_SANBAIMAN;
          return 6000;
        }
    }
  if (han >= 11)
    {
      *limit = SP_LIMIT_SANBAIMAN;
      return 6000;
    }
  if (han >= 8)
    {
      *limit = SP_LIMIT_BAIMAN;
      return 4000;
    }
  if (han >= 6)
    {
      *limit = SP_LIMIT_HANEMAN;
      return 3000;
    }
  if (han >= 5)
    {
      *limit = SP_LIMIT_MANGAN;
      return 2000;
    }
  b = (gint64) fu << (2 + han);
  if (b >= 2000 || (o->kiriage && b == 1920))
    {
      *limit = SP_LIMIT_MANGAN;
      return 2000;
    }
  *limit = SP_LIMIT_NONE;
  return b;
}

/* The payments of basic points @b with the counters, the winner's total with the sticks, and
 * the seats' settlement: liability (§7) moves what the liable player pays. */
static void
settle (const SpSituation *s,
        gint64             b,
        gboolean           liable_applies,
        SpScoreResult     *result)
{
  guint winner = s->seat_wind;
  gboolean dealer = winner == SP_WIND_EAST;
  gint64 honba = s->honba;

  result->has_settlement = TRUE;
  memset (result->settlement, 0, sizeof result->settlement);
  if (!s->self_drawn)
    {
      guint discarder = sp_situation_discarder (s);
      gint64 cost = round_up_100 (b * (dealer ? 6 : 4));

      result->cost_discarder = cost + 300 * honba;
      result->total = (gint32) result->cost_discarder;
      if (liable_applies && s->liable != SP_SEAT_NONE && s->liable != discarder
          && s->liable != winner)
        {
          /* Feeder and discarder pay half each; the counters are the discarder's. */
          sp_referee_pay (result->settlement, s->liable, winner, cost / 2);
          sp_referee_pay (result->settlement, discarder, winner, cost - cost / 2 + 300 * honba);
        }
      else
        sp_referee_pay (result->settlement, discarder, winner, result->cost_discarder);
    }
  else
    {
      gint64 from_dealer = round_up_100 (2 * b);
      gint64 from_other = round_up_100 (dealer ? 2 * b : b);

      result->cost_non_dealer = from_other + 100 * honba;
      if (!dealer)
        result->cost_dealer = from_dealer + 100 * honba;
      result->total = (gint32) (dealer ? 3 * result->cost_non_dealer
                                       : result->cost_dealer + 2 * result->cost_non_dealer);
      for (guint seat = 0; seat < 4; seat++)
        {
          guint payer = liable_applies && s->liable != SP_SEAT_NONE && s->liable != winner
                        ? s->liable : seat;

          if (seat == winner)
            continue;
          sp_referee_pay (result->settlement, payer, winner,
                          seat == SP_WIND_EAST ? result->cost_dealer : result->cost_non_dealer);
        }
    }
  result->total += 1000 * s->riichi_sticks;
}

/* Whether the yakuman of @best carry liability (daisangen, daisuushii; suukantsu in the
 * profiles that pay it as wrc2025 does). */
static gboolean
has_liable_yakuman (const SpRiichiOptions *o,
                    const SpRiichiReading *best)
{
  for (guint i = 0; i < best->n; i++)
    if (strcmp (best->items[i].name, "daisangen") == 0
        || strcmp (best->items[i].name, "daisuushii") == 0
        || (o->suukantsu_liability && strcmp (best->items[i].name, "suukantsu") == 0))
      return TRUE;
  return FALSE;
}

static gboolean
better (const SpRiichiReading *a,
        const SpRiichiReading *b)
{
  if (a->yakuman != b->yakuman)
    return a->yakuman > b->yakuman;
  if (a->yakuman > 0)
    return a->n > b->n;
  if (a->han != b->han)
    return a->han > b->han;
  return a->fu > b->fu;
}

/* ---- The referee ------------------------------------------------------------------------ */

static void
score (gconstpointer      options,
       const SpHand      *hand,
       const SpSituation *s,
       SpScoreResult     *result)
{
  const SpRiichiOptions *o = options;
  SpDecompositionList list;
  SpRiichiFacts facts;
  SpRiichiReading readings[2];
  SpRiichiReading *best = &readings[0], *reading = &readings[1];
  gboolean found = FALSE;
  gint32 dora = 0, ura = 0, aka = 0;
  gint64 b;
  SpLimit limit;
  g_autoptr(GError) error = NULL;

  sp_score_result_init (result, SP_RULESET_RIICHI);
  if (s->flower_win)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              _("Riichi has no flowers: the hand - is a Taiwanese flower win"));
      return;
    }
  if (s->n_flowers > 0 || s->flower_replacement)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BAD_SITUATION,
                              _("Riichi has no flowers: --flowers and --flower-replacement do "
                                "not apply"));
      return;
    }
  if (!sp_hand_check_copies (hand, &error))
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_TOO_MANY_COPIES, "%s", error->message);
      return;
    }
  for (guint suit = 0; suit < 3; suit++)
    if (o->red_fives && hand->red[suit] > (guint) o->red_fives)
      {
        sp_score_result_refuse (result, SP_CORE_ERROR_TOO_MANY_COPIES,
                                /* Translators: %u is a count, 0%c a red five (0m, 0p, 0s). */
                                _("%u red fives 0%c: the set has one of each suit"),
                                hand->red[suit], "mps"[suit]);
        return;
      }
  if (sp_referee_tile_count (hand, SP_RULESET_RIICHI) != SP_TILE_COUNT_RIGHT)
    {
      refuse_count (hand, result);
      return;
    }
  if (!check_situation (hand, s, result))
    return;
  if (sp_hand_decompose (hand, SP_RULESET_RIICHI, &list) == 0)
    {
      sp_referee_refuse_not_a_win (hand, SP_RULESET_RIICHI, result);
      return;
    }

  fill_facts (&facts, o, hand, s);
  best->n = 0;
  best->han = best->fu = best->yakuman = 0;
  for (guint i = 0; i < list.n; i++)
    {
      const SpDecomposition *d = &list.items[i];

      for (guint w = 0; w < d->n_sets || (w == 0 && d->form != SP_FORM_SETS); w++)
        {
          if (d->form == SP_FORM_SETS && !(d->winning_sets & (1u << w)))
            continue;
          sp_riichi_score_reading (&facts, d, w, reading);
          if (reading->n > 0 && (!found || better (reading, best)))
            {
              SpRiichiReading *swap = best;

              best = reading;
              reading = swap;
              found = TRUE;
            }
          if (d->form != SP_FORM_SETS)
            break;
        }
    }

  /* Renhou (§2, §13.1): a mangan alone, unless a yakuman or more than a mangan is scored
   * without it. */
  if (s->human && o->renhou == SP_RIICHI_RENHOU_MANGAN && best->yakuman == 0)
    {
      gint32 han = best->han;

      if (found)
        {
          dora = count_dora (facts.all, s->dora_indicators, s->n_dora_indicators);
          aka = o->red_fives ? hand->red[0] + hand->red[1] + hand->red[2] : 0;
          han += dora + aka;
        }
      if (!found || basic_points (o, han, best->fu, &limit) <= 2000)
        {
          memset (best, 0, sizeof *best);
          best->n = 1;
          best->items[0].name = "renhou";
          best->items[0].value = 5;
          best->items[0].count = 1;
          best->han = 5;
          found = TRUE;
        }
      dora = aka = 0;
    }

  if (!found)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_NO_YAKU,
                              _("no yaku: a win needs at least one yaku, and dora are not yaku "
                                "(declared and shown, it is a chombo)"));
      return;
    }

  sp_referee_add_items (result, best->items, best->n);
  result->has_han_fu = TRUE;
  if (best->yakuman > 0)
    {
      result->yakuman = best->yakuman;
      result->limit = SP_LIMIT_YAKUMAN;
      b = 8000 * (gint64) best->yakuman;
    }
  else
    {
      gboolean renhou = best->n == 1 && strcmp (best->items[0].name, "renhou") == 0;

      if (!renhou)
        {
          dora = count_dora (facts.all, s->dora_indicators, s->n_dora_indicators);
          if (s->riichi || s->double_riichi)
            ura = count_dora (facts.all, s->ura_indicators, s->n_ura_indicators);
          aka = o->red_fives ? hand->red[0] + hand->red[1] + hand->red[2] : 0;
        }
      result->dora = dora;
      result->ura = ura;
      result->aka = aka;
      result->han = best->han + dora + ura + aka;
      result->fu = best->fu;
      b = basic_points (o, result->han, best->fu, &limit);
      result->limit = (guint8) limit;
      if (limit == SP_LIMIT_YAKUMAN)
        result->yakuman = 1;
    }
  result->win = TRUE;
  settle (s, b, best->yakuman > 0 && has_liable_yakuman (o, best), result);
}

/* A win entered by its han and fu, or a yakuman's multiplier (sp_rules_settle_value): paid
 * as a scored hand of that value. */
static void
settle_value (gconstpointer      data,
              const SpSituation *s,
              const SpHandValue *value,
              SpScoreResult     *result)
{
  const SpRiichiOptions *o = data;
  SpLimit limit = SP_LIMIT_NONE;
  gint64 b;

  if (value->yakuman != 0)
    {
      if (value->yakuman < 1 || value->yakuman > 6)
        {
          sp_score_result_refuse (result, SP_CORE_ERROR_INVALID,
                                  /* Translators: %d is the multiplier typed. */
                                  _("--yakuman %d: a hand pays 1 to 6 yakuman"), value->yakuman);
          return;
        }
      result->yakuman = value->yakuman;
      result->limit = SP_LIMIT_YAKUMAN;
      b = 8000 * (gint64) value->yakuman;
    }
  else
    {
      if (value->han < 1 || value->han > 99)
        {
          sp_score_result_refuse (result, SP_CORE_ERROR_INVALID,
                                  /* Translators: %d is the han typed. */
                                  _("--han %d: a winning hand has 1 han or more"), value->han);
          return;
        }
      if (value->fu != 20 && value->fu != 25
          && (value->fu < 30 || value->fu > 110 || value->fu % 10 != 0))
        {
          sp_score_result_refuse (result, SP_CORE_ERROR_INVALID,
                                  /* Translators: %d is the fu typed. */
                                  _("--fu %d: a hand has 20 or 25 fu, or 30 to 110 in tens"),
                                  value->fu);
          return;
        }
      result->han = value->han;
      result->fu = value->fu;
      b = basic_points (o, value->han, value->fu, &limit);
      result->limit = (guint8) limit;
      if (limit == SP_LIMIT_YAKUMAN)
        result->yakuman = 1;
    }
  result->has_han_fu = TRUE;
  result->win = TRUE;
  result->error_code = 0;
  settle (s, b, value->yakuman > 0, result);
}

/* The situation's switches of rules/riichi.md §11, in the rules' own words (§2, §3). */
static const SpSituationToggle situation_toggles[] = {
  { "self-drawn", "自摸", N_("Tsumo: self-drawn") },
  { "riichi", "立直", N_("Riichi declared") },
  { "double-riichi", "ダブル立直",
    N_("Double riichi: declared in the first turn (replaces riichi)") },
  { "ippatsu", "一発", N_("Ippatsu: within one go-around after riichi") },
  { "kong", "嶺上開花/搶槓",
    N_("Rinshan kaihou (self-drawn on a kong's replacement tile) or chankan (robbing a kong)") },
  { "wall-last", "海底摸月/河底撈魚",
    N_("Haitei (self-drawn last tile of the wall) or houtei (its discard)") },
  { "heavenly", "天和", N_("Tenhou: the dealer's win on the deal") },
  { "earthly", "地和", N_("Chiihou: a non-dealer's self-drawn win on the first draw") },
  { "human", "人和", N_("Renhou: a non-dealer's win on a discard before the first draw") },
};

/* The tile count refused (sp_hand_check_tile_count). */
static void
refuse_tile_count (guint    n_tiles,
                   guint    n_kongs,
                   guint    needed,
                   GError **error)
{
  if (n_kongs > 0)
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT,
                 /* Translators: the tiles written, the kongs declared, the tiles needed */
                 g_dngettext (GETTEXT_PACKAGE, "%u tiles: a Riichi hand with %u kong needs %u",
                              "%u tiles: a Riichi hand with %u kongs needs %u", n_kongs),
                 n_tiles, n_kongs, needed + n_kongs);
  else
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT,
                 _("%u tiles: a Riichi hand needs %u (+1 per kong)"), n_tiles, needed);
}

static void
claim_bounds (gconstpointer  options,
              gint64        *least,
              gint64        *most)
{
  *least = 0;
  /* Points: a dealer's six-fold yakuman by ron (288,000) with counters and sticks. */
  *most = 400000;
}

const SpRulesetClass sp_riichi_class = {
  .profiles = profiles,
  .options_size = sizeof (SpRiichiOptions),
  .init_options = init_options,
  .options = options_list,
  .n_options = G_N_ELEMENTS (options_list),
  .score = score,
  .settle = NULL, /* a Riichi hand is settled from its han and fu, not a total */
  .penalize_claim = NULL, /* a chombo is judged from the tiles */
  .own_situation_fields = SP_SITUATION_RIICHI_FIELDS,
  .settle_value = settle_value,
  .situation_toggles = situation_toggles,
  .n_situation_toggles = G_N_ELEMENTS (situation_toggles),

  .option_fields = option_fields,
  .name = "riichi",
  .title = N_("Riichi 立直"),
  .short_title = N_("Riichi"),
  .unit = "点", /* points, in the rules' own word */
  .hand_size = 13,
  .max_melds = 4,
  .red_fives = TRUE,
  .shapes = SP_SHAPE_SETS | SP_SHAPE_SEVEN_PAIRS | SP_SHAPE_DISTINCT_PAIRS
            | SP_SHAPE_THIRTEEN_ORPHANS,
  /* Points, not stakes; the deal and its repeats are the profile's (rules/riichi.md §7). */
  .settings = 0,
  .refuse_tile_count = refuse_tile_count,
  .item_titles = sp_riichi_item_titles,
  .item_title_context = "Riichi yaku",
  .item_terms = sp_riichi_item_terms,
  .rotation = SP_ROTATION_HANCHAN,
  .default_seating = "random",
  .default_ranking = "score",
  .claim_bounds = claim_bounds,
  .judge_entry = sp_riichi_judge_entry,
  .score_record_wins = sp_riichi_score_record_wins,
  .traits = {
    .unit = SP_RULESET_UNIT_POINTS,
    .keeps_points = TRUE,
    .has_counters = TRUE,
    .counts_streak = FALSE,
    /* East deals; the deal passes and repeats as the profile says (rules/riichi.md §7). */
    .names_dealer = FALSE,
    .has_flowers = FALSE,
    .has_dora = TRUE,
    .places_by_uma = TRUE,
    /* The hanchan sheet: 東1局 to 南4局 each with a row for a repeat (連荘) or a counter
     * below it, and four more. */
    .form_hands = 20,
    .ema_results = TRUE,
    .r98_forms = FALSE,
  },
};
