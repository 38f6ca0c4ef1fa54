/* sp-riichi-yaku.c: the yaku, yakuman and fu of one reading of a Riichi hand
 * (rules/riichi.md §2, §3 and §5).  Yaku are named by the keys of those tables.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-riichi-private.h"

#include "sp-referee-private.h"

static inline void
add_yaku (SpRiichiReading *r,
          const char      *key,
          gint32           han)
{
  r->han += sp_referee_tally (r->items, &r->n, G_N_ELEMENTS (r->items), key, han, 1);
}

/* Yaku that depend on the situation only (§2): the same in every reading. */
static void
add_situation_yaku (const SpRiichiFacts *f,
                    SpRiichiReading     *r)
{
  const SpSituation *s = f->situation;

  if (s->double_riichi)
    add_yaku (r, "double riichi", 2);
  else if (s->riichi)
    add_yaku (r, "riichi", 1);
  if (s->ippatsu)
    add_yaku (r, "ippatsu", 1);
  if (f->closed && f->self_drawn)
    add_yaku (r, "menzen tsumo", 1);
  if (s->kong && f->self_drawn)
    add_yaku (r, "rinshan kaihou", 1);
  else if (s->kong)
    add_yaku (r, "chankan", 1);
  else if (s->wall_last && f->self_drawn)
    add_yaku (r, "haitei", 1);
  else if (s->wall_last)
    add_yaku (r, "houtei", 1);
}

/* Yaku of the tiles alone (not of the sets read): tanyao, honroutou, the flushes. */
static void
add_tile_yaku (const SpRiichiFacts *f,
               SpRiichiReading     *r)
{
  gboolean one_suit = f->suits == 1 || f->suits == 2 || f->suits == 4;

  if (f->simples_only && (f->closed || f->options->open_tanyao))
    add_yaku (r, "tanyao", 1);
  if (f->yaochu_only && f->honors && f->suits != 0)
    add_yaku (r, "honroutou", 2);
  if (one_suit && f->honors)
    add_yaku (r, "honitsu", f->closed ? 3 : 2);
  else if (one_suit)
    add_yaku (r, "chinitsu", f->closed ? 6 : 5);
}

/* Yakuman of the tiles and the situation, whatever the reading. */
static void
add_tile_yakuman (const SpRiichiFacts *f,
                  SpRiichiReading     *r)
{
  if (f->honors && f->suits == 0)
    add_yaku (r, "tsuuiisou", 13);
  if (f->yaochu_only && !f->honors)
    add_yaku (r, "chinroutou", 13);
  if (f->green_only)
    add_yaku (r, "ryuuiisou", 13);
  if (f->chuuren)
    add_yaku (r, "chuuren poutou", f->chuuren_nine && f->options->double_yakuman ? 26 : 13);
  if (f->n_kongs == 4)
    add_yaku (r, "suukantsu", 13);
  if (f->situation->heavenly)
    add_yaku (r, "tenhou", 13);
  if (f->situation->earthly)
    add_yaku (r, "chiihou", 13);
}

/* Keeps the yakuman of @r alone, if it has any, and sets its multiplier. */
static gboolean
keep_yakuman (const SpRiichiFacts *f,
              SpRiichiReading     *r)
{
  guint k = 0;
  gint32 units = 0;

  for (guint i = 0; i < r->n; i++)
    if (r->items[i].value >= 13)
      {
        units += r->items[i].value / 13;
        r->items[k++] = r->items[i];
      }
  if (k == 0)
    return FALSE;
  r->n = k;
  r->han = 13 * units;
  r->fu = 0;
  r->yakuman = f->options->yakuman_stacking ? units : 1;
  return TRUE;
}

static inline gboolean
is_value_honor (const SpRiichiFacts *f,
                SpTile               tile)
{
  return sp_tile_is_dragon (tile) || tile == f->seat_wind || tile == f->round_wind;
}

static void
score_sets (const SpRiichiFacts   *f,
            const SpDecomposition *d,
            guint                  w,
            SpRiichiReading       *r)
{
  const SpHand *hand = f->hand;
  guint n_chows = 0, n_triplets = 0, n_concealed = 0;
  guint dragon_triplets = 0, wind_triplets = 0;
  guint chow_ranks[3] = { 0 }, triplet_ranks[3] = { 0 };
  guint8 chows[27] = { 0 };
  gboolean outside = TRUE; /* every set and the pair hold a terminal or an honour */
  SpTile pair = SP_TILE_NONE;
  gint32 fu = 20, wait_fu = 0;
  gboolean two_sided = FALSE;
  gboolean pinfu;

  for (guint i = 0; i < d->n_sets; i++)
    {
      const SpSet *set = &d->sets[i];
      SpTile t = set->tile;
      gboolean exposed = set->meld != SP_SET_CONCEALED_PART
                         && sp_meld_is_exposed (&hand->melds[set->meld]);

      switch ((SpSetKind) set->kind)
        {
        case SP_SET_CHOW:
          {
            guint rank = sp_tile_rank (t);

            n_chows++;
            chows[t]++;
            chow_ranks[sp_tile_suit (t)] |= 1u << (rank - 1);
            outside &= rank == 1 || rank == 7;
            if (i == w)
              {
                guint position = (guint) (f->winning - t);

                if (position == 1 || (position == 2 && rank == 1) || (position == 0 && rank == 7))
                  wait_fu = 2;
                else
                  two_sided = TRUE;
              }
            break;
          }
        case SP_SET_PUNG:
        case SP_SET_KONG:
          {
            gboolean yaochu = sp_tile_is_terminal_or_honor (t);
            /* A pung completed by ron is open, for the fu and for the concealed pungs. */
            gboolean open = exposed || (i == w && !f->self_drawn);
            gint32 value = set->kind == SP_SET_KONG ? 8 : 2;

            if (yaochu)
              value *= 2;
            if (!open)
              value *= 2;
            fu += value;
            n_triplets++;
            n_concealed += !open;
            outside &= yaochu;
            if (sp_tile_is_dragon (t))
              dragon_triplets++;
            else if (sp_tile_is_wind (t))
              wind_triplets++;
            else
              triplet_ranks[sp_tile_suit (t)] |= 1u << (sp_tile_rank (t) - 1);
            break;
          }
        case SP_SET_PAIR:
          pair = t;
          outside &= sp_tile_is_terminal_or_honor (t);
          if (i == w)
            wait_fu = 2;
          break;
        default:
          g_assert_not_reached ();
        }
    }

  /* Yakuman of the sets. */
  if (n_concealed == 4)
    add_yaku (r, "suuankou",
              f->options->double_yakuman && d->sets[w].kind == SP_SET_PAIR ? 26 : 13);
  if (dragon_triplets == 3)
    add_yaku (r, "daisangen", 13);
  if (wind_triplets == 4)
    add_yaku (r, "daisuushii", f->options->double_yakuman ? 26 : 13);
  else if (wind_triplets == 3 && sp_tile_is_wind (pair))
    add_yaku (r, "shousuushii", 13);
  add_tile_yakuman (f, r);
  if (keep_yakuman (f, r))
    return;

  add_situation_yaku (f, r);
  /* Pinfu: four chows, a pair of no value, won on a two-sided wait of this reading. */
  pinfu = f->closed && n_chows == 4 && !is_value_honor (f, pair) && two_sided;
  if (pinfu)
    add_yaku (r, "pinfu", 1);
  if (f->closed)
    {
      guint pairs = 0;

      for (guint t = 0; t < 27; t++)
        pairs += chows[t] / 2u;
      if (pairs >= 2)
        add_yaku (r, "ryanpeikou", 3);
      else if (pairs == 1)
        add_yaku (r, "iipeikou", 1);
    }
  add_tile_yaku (f, r);
  for (guint i = 0; i < d->n_sets; i++)
    {
      const SpSet *set = &d->sets[i];

      if (set->kind != SP_SET_PUNG && set->kind != SP_SET_KONG)
        continue;
      if (set->tile == SP_TILE_WHITE)
        add_yaku (r, "haku", 1);
      else if (set->tile == SP_TILE_GREEN)
        add_yaku (r, "hatsu", 1);
      else if (set->tile == SP_TILE_RED)
        add_yaku (r, "chun", 1);
      if (set->tile == f->seat_wind)
        add_yaku (r, "seat wind", 1);
      if (set->tile == f->round_wind)
        add_yaku (r, "round wind", 1);
    }
  if (chow_ranks[0] & chow_ranks[1] & chow_ranks[2])
    add_yaku (r, "sanshoku", f->closed ? 2 : 1);
  for (guint suit = 0; suit < 3; suit++)
    if ((chow_ranks[suit] & 0x49) == 0x49)
      add_yaku (r, "ittsu", f->closed ? 2 : 1);
  if (outside && n_chows > 0 && f->honors)
    add_yaku (r, "chanta", f->closed ? 2 : 1);
  else if (outside && n_chows > 0)
    add_yaku (r, "junchan", f->closed ? 3 : 2);
  if (n_triplets == 4)
    add_yaku (r, "toitoi", 2);
  if (n_concealed == 3)
    add_yaku (r, "sanankou", 2);
  if (triplet_ranks[0] & triplet_ranks[1] & triplet_ranks[2])
    add_yaku (r, "sanshoku doukou", 2);
  if (f->n_kongs == 3)
    add_yaku (r, "sankantsu", 2);
  if (dragon_triplets == 2 && sp_tile_is_dragon (pair))
    add_yaku (r, "shousangen", 2);

  /* Fu (§5). */
  if (pinfu)
    {
      r->fu = f->self_drawn ? 20 : 30;
      return;
    }
  if (f->closed && !f->self_drawn)
    fu += 10;
  if (f->self_drawn)
    fu += 2;
  fu += wait_fu;
  if (sp_tile_is_dragon (pair))
    fu += 2;
  if (pair == f->seat_wind && pair == f->round_wind)
    fu += f->options->double_wind_fu;
  else if (pair == f->seat_wind || pair == f->round_wind)
    fu += 2;
  if (!f->closed && fu == 20)
    fu = 30;
  r->fu = (fu + 9) / 10 * 10;
}

void
sp_riichi_score_reading (const SpRiichiFacts   *f,
                         const SpDecomposition *d,
                         guint                  w,
                         SpRiichiReading       *r)
{
  r->n = 0;
  r->han = 0;
  r->fu = 0;
  r->yakuman = 0;

  switch ((SpForm) d->form)
    {
    case SP_FORM_SETS:
      score_sets (f, d, w, r);
      return;
    case SP_FORM_THIRTEEN_ORPHANS:
      add_yaku (r, "kokushi musou", f->kokushi_thirteen && f->options->double_yakuman ? 26 : 13);
      add_tile_yakuman (f, r);
      keep_yakuman (f, r);
      return;
    case SP_FORM_SEVEN_PAIRS:
      add_tile_yakuman (f, r);
      if (keep_yakuman (f, r))
        return;
      add_situation_yaku (f, r);
      add_yaku (r, "chiitoitsu", 2);
      add_tile_yaku (f, r);
      r->fu = 25;
      return;
    case SP_FORM_HONORS_KNITTED:
    case SP_FORM_GREATER_HONORS_KNITTED:
    case SP_FORM_KNITTED_STRAIGHT:
    default:
      /* Not shapes of this ruleset. */
      return;
    }
}
