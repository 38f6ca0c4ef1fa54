/* sp-analysis.h: decompositions of a winning hand, waits and distance from ready (shanten).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-hand.h"

G_BEGIN_DECLS

/* The winning shapes a ruleset admits. */
typedef enum
{
  SP_SHAPE_SETS = 1 << 0,              /* n sets + a pair (4 for 13-tile, 5 for 16-tile hands) */
  SP_SHAPE_SEVEN_PAIRS = 1 << 1,       /* 七对 */
  SP_SHAPE_THIRTEEN_ORPHANS = 1 << 2,  /* 十三幺 */
  SP_SHAPE_KNITTED = 1 << 3,           /* 全不靠, 七星不靠, 组合龙 + set + pair (MCR) */
  /* With SP_SHAPE_SEVEN_PAIRS: the seven pairs must be different (Riichi 七対子); four of a
   * kind is not two pairs. */
  SP_SHAPE_DISTINCT_PAIRS = 1 << 4,
} SpShapes;

SpShapes sp_ruleset_shapes (SpRuleset ruleset);

typedef enum
{
  SP_FORM_SETS = 0,              /* n sets + pair (组合龙 forms are SP_FORM_KNITTED_STRAIGHT) */
  SP_FORM_SEVEN_PAIRS,           /* 七对 */
  SP_FORM_THIRTEEN_ORPHANS,      /* 十三幺 */
  SP_FORM_HONORS_KNITTED,        /* 全不靠: 14 distinct knitted tiles and honours */
  SP_FORM_GREATER_HONORS_KNITTED,/* 七星不靠: 全不靠 with all seven honours */
  SP_FORM_KNITTED_STRAIGHT,      /* 组合龙 + one set + pair */
} SpForm;

typedef enum
{
  SP_SET_CHOW = 0,
  SP_SET_PUNG = 1,
  SP_SET_KONG = 2,
  SP_SET_PAIR = 3,
} SpSetKind;

#define SP_SET_CONCEALED_PART 0xff

/* One group of a decomposition. */
typedef struct
{
  guint8 kind; /* SpSetKind */
  guint8 tile; /* lowest tile */
  guint8 meld; /* index into SpHand.melds, or SP_SET_CONCEALED_PART for concealed tiles */
} SpSet;

#define SP_MAX_SETS 7

/* One reading of a winning hand.  SP_FORM_SETS: the melds first (in hand order), then the
 * concealed sets, the pair last.  SP_FORM_SEVEN_PAIRS: seven pairs (four of a kind is two).
 * SP_FORM_KNITTED_STRAIGHT: the remaining set and pair; knitted[] holds the suits whose
 * 147, 258 and 369 form the 组合龙.  Other special forms have no sets. */
typedef struct
{
  guint8 form;                 /* SpForm */
  guint8 n_sets;
  SpSet  sets[SP_MAX_SETS];
  guint8 knitted[3];
  guint8 winning_sets;         /* bit i: concealed set i can hold the winning tile */
} SpDecomposition;

/* Enough for any 14- or 17-tile hand with all its readings. */
#define SP_MAX_DECOMPOSITIONS 64

typedef struct
{
  guint           n;
  SpDecomposition items[SP_MAX_DECOMPOSITIONS];
} SpDecompositionList;

/* A wait role: what the winning tile completes in some reading. */
typedef enum
{
  SP_WAIT_TWO_SIDED = 0, /* 两面 */
  SP_WAIT_EDGE,          /* 边张 */
  SP_WAIT_CLOSED,        /* 坎张 */
  SP_WAIT_SINGLE,        /* 单钓 */
  SP_WAIT_DOUBLE_PUNG,   /* 双碰 */
  SP_WAIT_SPECIAL,       /* 特殊: a special form */
  SP_N_WAIT_KINDS,
} SpWaitKind;

const char *sp_wait_kind_to_string (SpWaitKind kind);

typedef struct
{
  guint8 tile;  /* SpTile */
  guint8 kind;  /* SpWaitKind shown for this tile: the first of the roles in enum order */
  guint8 roles; /* bit per SpWaitKind: every role the tile can play */
} SpWait;

typedef struct
{
  guint  n;
  SpWait waits[SP_N_TILE_KINDS];
} SpWaitList;

/* The number of concealed sets a hand with these melds needs: 4 or 5 minus its melds. */
guint    sp_hand_sets_needed     (const SpHand        *hand,
                                  SpRuleset            ruleset);

/* Whether the concealed tiles (winning tile included) with the melds form a win. */
gboolean sp_hand_is_complete     (const SpHand        *hand,
                                  SpRuleset            ruleset);

/* Every reading of a winning hand; returns how many. */
guint    sp_hand_decompose       (const SpHand        *hand,
                                  SpRuleset            ruleset,
                                  SpDecompositionList *list);

/* The tiles that complete a ready hand (its concealed tiles are the whole hand, one short of
 * a win), in tile order; a tile of which the hand already holds four is not a wait. */
guint    sp_hand_waits           (const SpHand        *hand,
                                  SpRuleset            ruleset,
                                  SpWaitList          *list);

/* Distance from ready: -1 complete, 0 ready, 1 one tile from ready, …  Works on hands one
 * short of a win and on winning-size hands. */
int      sp_hand_shanten         (const SpHand        *hand,
                                  SpRuleset            ruleset);

/* Removes the winning tile (the last concealed tile written). */
void     sp_hand_remove_winning_tile (SpHand          *hand);

G_END_DECLS
