/* sp-mcr-special.c: the MCR special forms: 组合龙 + one set + pair, 七对,
 * 连七对, 十三幺, 全不靠, 七星不靠 and 九莲宝灯.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-mcr-private.h"

/* ---- 组合龙 + one set + pair ---------------------------------------------------------------- */

/* 组合龙 with one more set and a pair (d->sets: the meld if any, the set, the pair). */
void
sp_mcr_score_knitted_straight (SpMcrFacts            *facts,
                               const SpDecomposition *d,
                               SpMcrFanTable          table)
{
  const SpMcrOptions *options = facts->options;
  const SpSet *set = &d->sets[d->n_sets - 2];
  SpTile pair = d->sets[d->n_sets - 1].tile;
  gboolean set_concealed = set->meld == SP_SET_CONCEALED_PART
                           || !sp_meld_is_exposed (&facts->hand->melds[set->meld]);

  table[FAN_KNITTED_STRAIGHT] = 1;
  if (set->kind == SP_SET_CHOW)
    {
      if (pair < 27)
        table[FAN_ALL_CHOWS] = 1;
      if (facts->all[pair] == 4)
        table[FAN_TILE_HOG] = 1;
    }
  else if (sp_tile_is_honor (set->tile))
    {
      if (sp_tile_is_wind (set->tile))
        {
          table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 1;
          sp_mcr_wind_fans (facts, set->tile, table);
          if (sp_tile_is_dragon (pair))
            table[FAN_ALL_TYPES] = 1;
        }
      else
        {
          table[FAN_DRAGON_PUNG] = 1;
          if (sp_tile_is_wind (pair))
            table[FAN_ALL_TYPES] = 1;
        }
    }
  else
    {
      if (sp_tile_is_terminal (set->tile))
        table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 1;
      if (!sp_tile_is_honor (pair))
        table[FAN_NO_HONORS] = 1;
      if (set->kind != SP_SET_KONG && facts->all[set->tile] == 4)
        table[FAN_TILE_HOG] = 1;
    }

  sp_mcr_win_flag_fans (facts, table);

  if (set->kind == SP_SET_KONG)
    table[set_concealed ? FAN_CONCEALED_KONG : FAN_MELDED_KONG] = 1;
  if (set_concealed)
    {
      if (facts->self_drawn)
        {
          table[FAN_FULLY_CONCEALED_HAND] = 1;
          table[FAN_SELF_DRAWN] = 0;
        }
      else
        table[FAN_CONCEALED_HAND] = 1;
    }

  if (!(options->heavenly_hands && facts->situation->heavenly))
    sp_mcr_knitted_straight_wait_fans (facts, d, table);
  if (options->knitted_excludes_waits)
    {
      table[FAN_EDGE_WAIT] = 0;
      table[FAN_CLOSED_WAIT] = 0;
    }

  sp_mcr_final_exclusions (table);
  if (!options->si_exclusions)
    sp_mcr_r98_additions (facts,
                          set->kind != SP_SET_CHOW && sp_tile_is_terminal_or_honor (set->tile),
                          set->kind != SP_SET_CHOW && sp_tile_is_dragon (set->tile), FALSE, table);
  table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = MAX (table[FAN_PUNG_OF_TERMINALS_OR_HONORS], 0);
}

/* ---- 七对 and 连七对 -------------------------------------------------------------------------- */

static gboolean
is_seven_shifted_pairs (const guint8 *c, SpTile w)
{
  guint s = sp_tile_suit (w);
  guint first = 9, n = 0;

  if (s == SP_SUIT_HONORS)
    return FALSE;
  for (guint r = 0; r < 9; r++)
    {
      if (c[s * 9 + r] == 2)
        {
          if (first == 9)
            first = r;
          n++;
        }
    }
  if (n != 7)
    return FALSE;
  for (guint r = first; r < first + 7; r++)
    if (c[s * 9 + r] != 2)
      return FALSE;
  return TRUE;
}

void
sp_mcr_score_seven_pairs (SpMcrFacts    *facts,
                          SpMcrFanTable  table)
{
  const guint8 *c = facts->hand->counts;
  guint s = sp_tile_suit (facts->winning_tile);

  if (is_seven_shifted_pairs (c, facts->winning_tile))
    {
      table[FAN_SEVEN_SHIFTED_PAIRS] = 1;
      if (c[s * 9] == 0 && c[s * 9 + 8] == 0)
        table[FAN_ALL_SIMPLES] = 1;
      sp_mcr_win_flag_fans (facts, table);
    }
  else
    {
      table[FAN_SEVEN_PAIRS] = 1;
      sp_mcr_suit_fans (facts, table);
      sp_mcr_tile_trait_fans (facts, table);
      sp_mcr_rank_range_fans (facts, table);
      table[FAN_TILE_HOG] = (gint8) facts->n_hogs;
      sp_mcr_win_flag_fans (facts, table);
      sp_mcr_final_exclusions (table);
    }
  if (!facts->options->si_exclusions)
    {
      sp_mcr_r98_additions (facts, -1, -1, TRUE, table);
      /* 连七对 excludes 清一色, 不求人 and 单钓将 only: 七对 counts. */
      if (table[FAN_SEVEN_SHIFTED_PAIRS])
        table[FAN_SEVEN_PAIRS] = 1;
    }
  if (facts->options->special_concealed || !facts->options->si_exclusions)
    {
      /* R98 only excludes 不求人 from 七对: on a discard 门前清 counts. */
      if (facts->options->special_concealed)
        sp_mcr_special_concealed_fans (facts, table);
      else if (!facts->self_drawn)
        table[FAN_CONCEALED_HAND] = 1;
    }
}

/* ---- 十三幺, 全不靠, 七星不靠 ---------------------------------------------------------------------- */

void
sp_mcr_score_other_special (SpMcrFacts    *facts,
                            SpForm         form,
                            SpMcrFanTable  table)
{
  switch (form)
    {
    case SP_FORM_THIRTEEN_ORPHANS:
      table[FAN_THIRTEEN_ORPHANS] = 1;
      break;
    case SP_FORM_GREATER_HONORS_KNITTED:
      table[FAN_GREATER_HONORS_KNITTED] = 1;
      break;
    case SP_FORM_HONORS_KNITTED:
      {
        guint suited = 0;

        table[FAN_LESSER_HONORS_KNITTED] = 1;
        for (SpTile t = 0; t < 27; t++)
          suited += facts->all[t];
        if (suited == 9)
          table[FAN_KNITTED_STRAIGHT] = 1;
        break;
      }
    case SP_FORM_SETS:
    case SP_FORM_SEVEN_PAIRS:
    case SP_FORM_KNITTED_STRAIGHT:
    default:
      break;
    }
  sp_mcr_win_flag_fans (facts, table);
  if (facts->options->special_concealed)
    sp_mcr_special_concealed_fans (facts, table);
  else if (!facts->options->si_exclusions && !facts->self_drawn)
    table[FAN_CONCEALED_HAND] = 1;
  if (!facts->options->si_exclusions)
    {
      /* 1998: 十三幺 does not exclude 混幺九, nor 七星不靠 全不靠. */
      if (form == SP_FORM_THIRTEEN_ORPHANS)
        table[FAN_ALL_TERMINALS_AND_HONORS] = 1;
      if (form == SP_FORM_GREATER_HONORS_KNITTED)
        table[FAN_LESSER_HONORS_KNITTED] = 1;
    }
}

/* ---- 九莲宝灯 -------------------------------------------------------------------------------- */

/* 九莲宝灯: the 13 tiles before the winning tile are 1112345678999 of one suit. */
gboolean
sp_mcr_score_nine_gates (SpMcrFacts    *facts,
                         SpMcrFanTable  table)
{
  const guint8 *c = facts->hand->counts;
  SpTile w = facts->winning_tile;
  guint s = sp_tile_suit (w);
  guint r = sp_tile_rank (w);

  if (facts->hand->n_melds > 0 || s == SP_SUIT_HONORS)
    return FALSE;
  for (guint i = 0; i < 9; i++)
    {
      guint want = (i == 0 || i == 8) ? 3 : 1;

      if (c[s * 9 + i] - (i + 1 == r) != want)
        return FALSE;
    }
  table[FAN_NINE_GATES] = 1;
  switch (r)
    {
    case 1:
    case 9:
      table[FAN_PURE_STRAIGHT] = 1;
      table[FAN_TILE_HOG] = 1;
      break;
    case 2:
    case 8:
      table[FAN_TWO_CONCEALED_PUNGS] = 1;
      table[FAN_SHORT_STRAIGHT] = 1;
      table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 1;
      break;
    case 5:
      table[FAN_TWO_CONCEALED_PUNGS] = 1;
      table[FAN_PUNG_OF_TERMINALS_OR_HONORS] = 1;
      break;
    default:
      table[FAN_SHORT_STRAIGHT] = 1;
      break;
    }
  sp_mcr_win_flag_fans (facts, table);
  if (!facts->options->si_exclusions || facts->options->special_concealed)
    sp_mcr_special_concealed_fans (facts, table);
  /* 1998: 九莲宝灯 excludes 清一色 only, so 无字 counts. */
  if (!facts->options->si_exclusions)
    table[FAN_NO_HONORS] = 1;
  return TRUE;
}
