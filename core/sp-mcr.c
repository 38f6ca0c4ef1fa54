/* sp-mcr.c: the Chinese Official (MCR, 国标) referee: the profiles cn / r98 / gb2006 and
 * their options, the verdict on a hand (every reading scored, the highest kept), penalties
 * and settlement.  The fan table and the fans of each form are in sp-mcr-fans.c,
 * sp-mcr-sets.c, sp-mcr-special.c and sp-mcr-waits.c.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-referee-private.h"
#include "sp-rule-option-private.h"
#include "sp-rules-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-mcr.h"
#include "sp-mcr-private.h"
#include "sp-analysis-private.h"

static const char flower_name[] = "花牌";

/* ---- Profiles and options ---------------------------------------------------------------- */

typedef enum
{
  PROFILE_CN = 0,
  PROFILE_R98 = 1,
  PROFILE_GB2006 = 2,
} Profile;

static const char * const profiles[] = { "cn", "r98", "gb2006", NULL };

static const SpRuleOption options_cn[] = {
  { "concealed_kong_pair_value", "6", "6|8",
    N_("双暗杠 Two Concealed Kongs: 6 fan (R98) or 8 (2006)") },
  { "melded_concealed_kong", "5", "off|5|6",
    N_("明暗杠 One Melded and One Concealed Kong: off counts 明杠 + 暗杠 (R98); "
       "5 (calculators) or 6 (2006)") },
  { "si_exclusions", "on", "on|off",
    N_("the common-practice exclusions beyond the 1998 table (幺九刻 inside wind and dragon "
       "fans, 无字 with 平和/断幺/全中…, 门前清 with the special hands, 碰碰和/单钓将 with 四杠, "
       "混幺九/全带幺 with 清幺九/字一色)") },
  { "knitted_excludes_waits", "off", "on|off",
    N_("组合龙 is not counted with 边张/坎张 (GB 2006 clarification)") },
  { "special_concealed", "off", "on|off",
    N_("七对, 十三幺, 全不靠, 七星不靠, 连七对 also count 门前清 (on a discard) or 不求人 (self-drawn)") },
  { "heavenly_hands", "off", "on|off", N_("天和, 地和, 人和 (8 fan each) are counted") },
  { "last_tile_visible", "on", "on|off",
    N_("和绝张 also when the other three copies of the winning tile are in the winner's own melds") },
  { "penalty_profile", "r98", "r98|ema",
    N_("false wins: r98 (错和/和错牌 10 to each other player, 诈和 20 each, two or more tiles from ready "
       "停赛) or ema (−30, +10 to each other player)") },
  { "min_fan", "8", "0–88", N_("minimum fan to win (起和分), flowers excluded") },
};

#define N_OPTIONS G_N_ELEMENTS (options_cn)

static const SpOptionField option_fields[] = {
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (SpMcrOptions, concealed_kong_pair_value), 0, 0 },
  { SP_OPTION_NUMBER, G_STRUCT_OFFSET (SpMcrOptions, melded_concealed_kong), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpMcrOptions, si_exclusions), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpMcrOptions, knitted_excludes_waits), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpMcrOptions, special_concealed), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpMcrOptions, heavenly_hands), 0, 0 },
  { SP_OPTION_SWITCH, G_STRUCT_OFFSET (SpMcrOptions, last_tile_visible), 0, 0 },
  { SP_OPTION_CHOICE, G_STRUCT_OFFSET (SpMcrOptions, penalty_profile), 0, 0 },
  { SP_OPTION_INTEGER, G_STRUCT_OFFSET (SpMcrOptions, min_fan), 0, 88 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (option_fields) == N_OPTIONS);

/* penalty_profile is stored as the index of its value in "r98|ema". */
G_STATIC_ASSERT (SP_MCR_PENALTY_R98 == 0 && SP_MCR_PENALTY_EMA == 1);

/* The defaults of the table are those of cn; r98 and gb2006 differ in the kong values and
 * the exclusions. */
static gboolean
init_options (gpointer     data,
              const char  *profile,
              GError     **error)
{
  SpMcrOptions *options = data;
  Profile p = PROFILE_CN;

  /* sp_rules_new () knows the profile to be one of profiles[]. */
  if (strcmp (profile, "r98") == 0)
    p = PROFILE_R98;
  else if (strcmp (profile, "gb2006") == 0)
    p = PROFILE_GB2006;
  options->concealed_kong_pair_value = p == PROFILE_GB2006 ? 8 : 6;
  options->melded_concealed_kong = p == PROFILE_CN ? 5 : p == PROFILE_GB2006 ? 6 : 0;
  options->si_exclusions = p != PROFILE_R98;
  options->knitted_excludes_waits = p == PROFILE_GB2006;
  options->special_concealed = p == PROFILE_GB2006;
  return TRUE;
}

/* ---- Verdicts ---------------------------------------------------------------------------- */

static gboolean
situation_is_consistent (SpMcrFacts    *facts,
                         SpScoreResult *result)
{
  const SpSituation *situation = facts->situation;
  const SpHand *hand = facts->hand;
  SpTile w = facts->winning_tile;
  char name[SP_TILE_STRING_SIZE];

  /* The tile's name only for the messages that show it: most hands are consistent. */
  if (situation->kong && !situation->self_drawn && facts->all[w] > 1)
    return sp_referee_bad_situation (result,
                                     /* Translators: both %s are the same tile in notation (5m,
                                      * E, …); 抢杠和 is the fan's name, kept as it is. */
                                     _("--kong on a discard (抢杠和) of %s, but the hand holds %u "
                                       "of %s: the robbed kong needs the other three"),
                                     sp_tile_to_string (w, name), facts->all[w], name);
  if (situation->kong && situation->self_drawn && facts->n_kongs == 0)
    return sp_referee_bad_situation (result,
                                     _("--kong with --self-drawn (杠上开花), but the hand has no "
                                       "kong"));
  if (situation->wall_last && situation->kong && !situation->self_drawn)
    return sp_referee_bad_situation (result, _("--wall-last with --kong on a discard: a kong "
                                               "cannot be robbed with the last tile of the wall"));
  if (situation->last_tile && hand->counts[w] > 1)
    return sp_referee_bad_situation (result,
                                     /* Translators: %u of %s: a count and a tile in notation
                                      * ("2 of 5m"). */
                                     _("--last-tile (和绝张), but the hand itself holds %u of %s "
                                       "among its concealed tiles"), hand->counts[w],
                                     sp_tile_to_string (w, name));
  if (situation->flower_replacement && !situation->self_drawn)
    return sp_referee_bad_situation (result, _("--flower-replacement needs --self-drawn: the "
                                               "replacement tile is drawn"));
  if (!situation->self_drawn && situation->discarder == situation->seat_wind)
    return sp_referee_bad_situation (result,
                                     /* Translators: %s is a seat: E, S, W or N. */
                                     _("--discarder %s is the winner's own seat"),
                                     sp_wind_to_string (situation->discarder));
  if (situation->self_drawn && situation->discarder != SP_SEAT_NONE)
    return sp_referee_bad_situation (result, _("--discarder with --self-drawn: a self-drawn win "
                                               "has no discarder"));
  if (situation->heavenly || situation->earthly || situation->human)
    {
      const char *which = situation->heavenly ? "--heavenly" : situation->earthly ? "--earthly"
                                                                                  : "--human";

      if (!facts->options->heavenly_hands)
        return sp_referee_bad_situation (result,
                                         /* Translators: %s is --heavenly, --earthly or --human;
                                          * 天和/地和/人和 are the fans' names, kept as they are. */
                                         _("%s: 天和/地和/人和 are not counted in this profile "
                                           "(--option heavenly_hands=on)"), which);
      if (situation->heavenly + situation->earthly + situation->human > 1)
        return sp_referee_bad_situation (result, _("only one of --heavenly, --earthly and "
                                                   "--human can hold"));
      if (hand->n_melds > 0)
        return sp_referee_bad_situation (result,
                                         /* Translators: %s is --heavenly, --earthly or --human. */
                                         _("%s with melds: these wins come before any claim or "
                                           "kong"), which);
      if (situation->heavenly
          && (situation->seat_wind != situation->dealer || !situation->self_drawn))
        return sp_referee_bad_situation (result, _("--heavenly (天和) is the dealer's self-drawn "
                                                   "win on the deal"));
      if ((situation->earthly || situation->human) && situation->seat_wind == situation->dealer)
        return sp_referee_bad_situation (result,
                                         /* Translators: %s is --earthly or --human. */
                                         _("%s is a win of a player other than the dealer"),
                                         which);
      if (situation->human && situation->self_drawn)
        return sp_referee_bad_situation (result, _("--human (人和) is a win on a discard of the "
                                                   "first go-round"));
    }
  return TRUE;
}

static void
refuse_not_a_win (const SpHand  *hand,
                  SpScoreResult *result)
{
  char name[SP_TILE_STRING_SIZE];

  sp_tile_to_string (sp_hand_winning_tile (hand), name);
  if (sp_referee_read_false_win (hand, SP_RULESET_MCR, result) > 0)
    sp_score_result_refuse (result, SP_CORE_ERROR_NOT_A_WIN,
                            /* Translators: %s is a tile in notation (5m, E, …); 和错牌 is the
                             * rules' name of this false win, kept as it is. */
                            _("not a win: %s does not complete the hand, which is ready (和错牌)"),
                            name);
  else
    sp_score_result_refuse (result, SP_CORE_ERROR_NOT_A_WIN,
                            g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: %s is a tile in notation (5m, E, …); 诈和
                                          * is the rules' name of this false win, kept as it is. */
                                         "not a win: without %s the hand is %d tile from ready "
                                         "(诈和)",
                                         "not a win: without %s the hand is %d tiles from ready "
                                         "(诈和)", (gulong) result->shanten),
                            name, result->shanten);
}

/* The facts of the hand that every reading shares, up to the situation's. */
static void
init_facts (SpMcrFacts         *facts,
            const SpMcrOptions *options,
            const SpHand       *hand,
            const SpSituation  *situation)
{
  facts->options = options;
  facts->hand = hand;
  facts->situation = situation;
  facts->winning_tile = sp_hand_winning_tile (hand);
  facts->unique_wait = -1;
  facts->n_exposed = 0;
  facts->n_kongs = 0;
  facts->n_tiles = hand->n_concealed;
  memcpy (facts->all, hand->counts, sizeof facts->all);
  memset (facts->fixed, 0, sizeof facts->fixed);
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const SpMeld *meld = &hand->melds[i];

      if (meld->kind == SP_MELD_CHOW)
        for (guint k = 0; k < 3; k++)
          facts->fixed[meld->tile + k]++;
      else
        facts->fixed[meld->tile] += (guint8) sp_meld_n_tiles (meld);
      facts->n_exposed += sp_meld_is_exposed (meld);
      facts->n_tiles += sp_meld_n_tiles (meld);
      facts->n_kongs += meld->kind == SP_MELD_KONG;
    }
  if (hand->n_melds > 0)
    sp_counts_add (facts->all, facts->fixed);
}

/* Scores every reading of @list into @best and returns its total (flowers excluded): the
 * highest (就高不就低).  On equal totals the sets-and-pair reading is preferred to 七对, and one
 * with 一色三同顺 or 三同刻 to one without (as the reference calculator reports them). */
static int
score_best_reading (SpMcrFacts                *facts,
                    const SpDecompositionList *list,
                    SpMcrFanTable              best)
{
  const SpMcrOptions *options = facts->options;
  SpMcrFanTable table;
  int best_total = -1;
  gboolean best_is_pairs = FALSE;

  sp_bytes_clear (best, sizeof (SpMcrFanTable));
  sp_bytes_clear (table, sizeof table);
  if (sp_mcr_score_nine_gates (facts, table))
    {
      if (options->heavenly_hands)
        sp_mcr_heavenly_fans (facts, table);
      memcpy (best, table, sizeof table);
      best_total = sp_mcr_table_total (options, best);
    }
  for (guint i = 0; i < list->n; i++)
    {
      const SpDecomposition *d = &list->items[i];
      int total;

      sp_bytes_clear (table, sizeof table);
      switch (d->form)
        {
        case SP_FORM_SETS:
          if (best_total >= 0 && best[FAN_NINE_GATES])
            continue;
          sp_mcr_score_sets (facts, d, table);
          break;
        case SP_FORM_SEVEN_PAIRS:
          sp_mcr_score_seven_pairs (facts, table);
          break;
        case SP_FORM_KNITTED_STRAIGHT:
          sp_mcr_score_knitted_straight (facts, d, table);
          break;
        default:
          sp_mcr_score_other_special (facts, (SpForm) d->form, table);
          break;
        }
      if (options->heavenly_hands)
        sp_mcr_heavenly_fans (facts, table);
      /* Every fan is worth at least 1: a zero total is an empty table, 无番和. */
      total = sp_mcr_table_total (options, table);
      if (total == 0)
        {
          table[FAN_CHICKEN_HAND] = 1;
          total = sp_mcr_fan_values[FAN_CHICKEN_HAND];
        }
      if (total > best_total
          || (total == best_total
              && ((best_is_pairs && d->form == SP_FORM_SETS) || table[FAN_PURE_TRIPLE_CHOW]
                  || table[FAN_TRIPLE_PUNG])))
        {
          memcpy (best, table, sizeof table);
          best_total = total;
          best_is_pairs = d->form == SP_FORM_SEVEN_PAIRS;
        }
    }
  return best_total;
}

/* The fans of @table as the result's items, in table order. */
static void
add_items (const SpMcrOptions  *options,
           const SpMcrFanTable  table,
           SpScoreResult       *result)
{
  guint64 mask[2];

  sp_mcr_table_mask (table, mask);
  for (guint w = 0; w < 2; w++)
    for (guint64 m = mask[w]; m != 0; m &= m - 1)
      {
        guint i = w * 64 + (guint) __builtin_ctzll (m);
        gint32 value;

        if (table[i] <= 0)
          continue;
        value = i == FAN_TWO_CONCEALED_KONGS ? options->concealed_kong_pair_value
                : i == FAN_MELDED_AND_CONCEALED_KONG ? options->melded_concealed_kong
                : sp_mcr_fan_values[i];
        /* The names are distinct: no merging needed. */
        result->items[result->n_items].name = sp_mcr_fan_names[i];
        result->items[result->n_items].value = value;
        result->items[result->n_items].count = (guint32) table[i];
        result->n_items++;
      }
}

/* The verdict on a declared win: a count error, a situation that cannot be, a false win
 * (not a win, or below the minimum) with its penalty, or a win with its fans and settlement. */
static void
score (gconstpointer      data,
       const SpHand      *hand,
       const SpSituation *situation,
       SpScoreResult     *result)
{
  const SpMcrOptions *options = data;
  SpMcrFacts facts;
  SpDecompositionList list;
  SpMcrFanTable best;
  int best_total;
  GError *error = NULL;

  sp_score_result_init (result, SP_RULESET_MCR);

  /* The facts hold every tile's count: a hand without a fifth copy and with 14 tiles and one
   * more a kong is valid, and only one that is not goes through sp_hand_validate() for its
   * error. */
  init_facts (&facts, options, hand, situation);
  if (G_UNLIKELY (sp_counts_mask (facts.all, 4, FALSE) != 0
                  || facts.n_tiles != 14 + facts.n_kongs || hand->n_melds > 4)
      && !sp_hand_validate (hand, SP_RULESET_MCR, TRUE, &error))
    {
      sp_score_result_refuse (result, (SpCoreError) error->code, "%s", error->message);
      g_error_free (error);
      return;
    }
  if (!situation_is_consistent (&facts, result))
    return;

  facts.self_drawn = situation->self_drawn;
  facts.kong = situation->kong;
  facts.wall_last = situation->wall_last;
  /* 和绝张: the winning tile is the last of its kind; the cn convention also sees it when the
   * other three are in the winner's own melds. */
  facts.last_tile = situation->last_tile
                    || (options->last_tile_visible && facts.fixed[facts.winning_tile] == 3);

  if (sp_hand_decompose (hand, SP_RULESET_MCR, &list) == 0)
    {
      refuse_not_a_win (hand, result);
      sp_mcr_apply_penalty ((SpMcrPenaltyProfile) options->penalty_profile,
                            situation->seat_wind, result);
      return;
    }
  sp_mcr_compute_tile_facts (&facts);

  best_total = score_best_reading (&facts, &list, best);
  add_items (options, best, result);
  if (situation->n_flowers > 0)
    sp_score_result_add (result, flower_name, 1, situation->n_flowers);
  result->total = best_total + situation->n_flowers;

  if (best_total < options->min_fan)
    {
      sp_score_result_refuse (result, SP_CORE_ERROR_BELOW_MINIMUM,
                              /* Translators: 错和 is the rules' name of this false win, kept
                               * as it is. */
                              _("below the minimum (错和): %d fan without flowers, %d needed"),
                              best_total, options->min_fan);
      sp_mcr_apply_penalty ((SpMcrPenaltyProfile) options->penalty_profile,
                            situation->seat_wind, result);
      return;
    }
  result->win = TRUE;
  result->error_code = 0;
  sp_mcr_settle (situation, result->total, result);
}

/* ---- Penalties and settlement ------------------------------------------------------------ */

gboolean
sp_mcr_penalty_hand_continues (SpMcrPenaltyProfile profile)
{
  return TRUE;
}

/* A fixed penalty reason, copied whole (they all fit). */
#define set_reason(result, text) \
  G_STMT_START \
  { \
    G_STATIC_ASSERT (sizeof (text) <= sizeof ((result)->penalty_reason)); \
    memcpy ((result)->penalty_reason, text, sizeof (text)); \
  } \
  G_STMT_END

static void
pay_each (SpScoreResult *result,
          guint8         offender,
          gint64         amount)
{
  for (guint s = 0; s < 4; s++)
    result->penalty[s] = s == offender ? -3 * amount : amount;
  result->has_penalty = TRUE;
}

void
sp_mcr_apply_penalty (SpMcrPenaltyProfile  profile,
                      guint8               offender,
                      SpScoreResult       *result)
{
  g_return_if_fail (result != NULL && offender < 4);

  /* penalty_reason is stored with the penalty in the database: it stays in the rules' own
   * words, untranslated (see SpScoreResult). */
  if (result->win)
    return;
  if (result->error_code == SP_CORE_ERROR_BELOW_MINIMUM)
    {
      if (profile == SP_MCR_PENALTY_EMA)
        {
          pay_each (result, offender, 10);
          set_reason (result, "false hu (below 8 fan): −30, +10 to each other player; 停和, plays on");
        }
      else
        {
          pay_each (result, offender, 10);
          set_reason (result, "错和 (below 8 fan): 10 to each other player; 停和, plays on");
        }
      return;
    }
  if (result->error_code != SP_CORE_ERROR_NOT_A_WIN)
    return;
  if (profile == SP_MCR_PENALTY_EMA)
    {
      pay_each (result, offender, 10);
      g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
                  "false hu (%s): −30, +10 to each other player; 停和, plays on",
                  result->ready ? "和错牌" : "诈和");
    }
  else if (result->ready)
    {
      pay_each (result, offender, 10);
      set_reason (result, "和错牌 (ready, wrong tile): 10 to each other player; 停和, plays on");
    }
  else if (result->shanten <= 1)
    {
      pay_each (result, offender, 20);
      set_reason (result, "诈和 (not ready): 20 to each other player; 停和, plays on");
    }
  else
    {
      pay_each (result, offender, 20);
      g_snprintf (result->penalty_reason, sizeof result->penalty_reason,
                  "有意诈和 (%d tiles from ready): disqualification (停赛); 20 to each other player",
                  result->shanten);
    }
}

void
sp_mcr_settle (const SpSituation *situation,
               gint32             total,
               SpScoreResult     *result)
{
  guint8 winner = situation->seat_wind;

  memset (result->settlement, 0, sizeof result->settlement);
  if (situation->self_drawn)
    {
      for (guint s = 0; s < 4; s++)
        result->settlement[s] = s == winner ? 3 * (8 + (gint64) total) : -(8 + (gint64) total);
    }
  else
    {
      guint8 discarder = sp_situation_discarder (situation);

      for (guint s = 0; s < 4; s++)
        result->settlement[s] = -8;
      result->settlement[discarder] = -(8 + (gint64) total);
      result->settlement[winner] = 24 + (gint64) total;
    }
  result->has_settlement = TRUE;
}

/* A win recorded by its fan total without the tiles (sp_rules_settle). */
static void
settle_total (gconstpointer      options,
              const SpSituation *situation,
              gint32             total,
              SpScoreResult     *result)
{
  sp_mcr_settle (situation, total, result);
}

/* The situation's switches, in the rules' own words (SPEC.md §3.1). */
static const SpSituationToggle situation_toggles[] = {
  { "self-drawn", "自摸", N_("Self-drawn") },
  { "last-tile", "和绝张", N_("The winning tile is the last of its kind") },
  { "kong", "杠上开花/抢杠和",
    N_("Out on a kong's replacement tile (self-drawn) or robbing a kong") },
  { "wall-last", "妙手回春/海底捞月", N_("The last tile of the wall") },
  { "heavenly", "天和", N_("Heavenly hand: the dealer's win on the deal") },
  { "earthly", "地和", N_("Earthly hand: a win on the dealer's first discard") },
  { "human", "人和", N_("Humanly hand: a win before one's first draw") },
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
                 g_dngettext (GETTEXT_PACKAGE, "%u tiles: an MCR hand with %u kong needs %u",
                              "%u tiles: an MCR hand with %u kongs needs %u", n_kongs),
                 n_tiles, n_kongs, needed + n_kongs);
  else
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_WRONG_TILE_COUNT,
                 _("%u tiles: an MCR hand needs %u (+1 per kong)"), n_tiles, needed);
}

static void
claim_bounds (gconstpointer  data,
              gint64        *least,
              gint64        *most)
{
  const SpMcrOptions *options = data;

  *least = options->min_fan;
  /* The values of the 81 fans each counted once sum to 1,751 (rules/mcr.md); a hand can hold
   * only a few of them more than once (幺九刻, the kongs, 一般高, 喜相逢, 连六, 老少副, 双同刻,
   * 四归一, 箭刻: under 30 fan more) and 8 flowers: no legal hand reaches 1,800. */
  *most = 1800;
}

/* R98 第十四条: 有意诈和, two tiles or more from ready, is 停赛 (the EMA's penalty has no
 * disqualification). */
static gboolean
disqualifies (gconstpointer        data,
              const SpScoreResult *result)
{
  const SpMcrOptions *options = data;

  if (result->win || !result->has_penalty || result->error_code != SP_CORE_ERROR_NOT_A_WIN
      || result->ready)
    return FALSE;
  return options->penalty_profile != SP_MCR_PENALTY_EMA && result->shanten > 1;
}

const SpRulesetClass sp_mcr_class = {
  .profiles = profiles,
  .options_size = sizeof (SpMcrOptions),
  .init_options = init_options,
  .options = options_cn,
  .n_options = N_OPTIONS,
  .score = score,
  .settle = settle_total,
  .penalize_claim = NULL, /* a false win is judged from its tiles */
  .own_situation_fields = 0,
  .settle_value = NULL,
  .situation_toggles = situation_toggles,
  .n_situation_toggles = G_N_ELEMENTS (situation_toggles),

  .option_fields = option_fields,
  .name = "mcr",
  .title = N_("MCR 国标"),
  /* Translators: the Chinese Official rules (Mahjong Competition Rules, 国标麻将), inside
   * refusals such as "more than any MCR hand". */
  .short_title = N_("MCR"),
  /* Translators: MCR's unit of score (番 in Chinese). */
  .unit = N_("fan"),
  .hand_size = 13,
  .max_melds = 4,
  .red_fives = FALSE,
  .shapes = SP_SHAPE_SETS | SP_SHAPE_SEVEN_PAIRS | SP_SHAPE_THIRTEEN_ORPHANS | SP_SHAPE_KNITTED,
  .settings = 0, /* no stakes */
  .refuse_tile_count = refuse_tile_count,
  .item_titles = sp_mcr_item_titles,
  .item_title_context = "MCR fan",
  /* Each player deals once per 圈, and the players change chairs between 圈. */
  .rotation = SP_ROTATION_FIXED_CHANGING_CHAIRS,
  /* The WMA's practice: a balanced schedule and R98's table points. */
  .default_seating = "balanced",
  .default_ranking = "r98",
  .claim_bounds = claim_bounds,
  /* The claimed total includes the flowers given with it (花牌, 1 fan each), which do not
   * count toward the minimum (R98 起和分 8, flowers excluded). */
  .flowers_in_claimed_total = TRUE,
  .stakes_refusal = N_("MCR has no stakes: a base or a per-tai amount would change nothing "
                       "(they are for Taiwan and Guangdong)"),
  .false_claim_refusal = N_("an MCR false win is judged from its tiles (--hand): the penalty "
                            "depends on how far they are from ready"),
  .disqualifies = disqualifies,
  .traits = {
    .unit = SP_RULESET_UNIT_FAN,
    .keeps_points = FALSE,
    .has_counters = FALSE,
    .counts_streak = FALSE,
    .names_dealer = TRUE,
    .has_flowers = TRUE,
    .has_dora = FALSE,
    .places_by_uma = FALSE,
    /* Four rounds of four dealers, never repeated. */
    .form_hands = 16,
    .ema_results = TRUE,
    .r98_forms = TRUE,
  },
};
