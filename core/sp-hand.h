/* sp-hand.h: a player's hand (melds, concealed tiles, winning tile) and its notation.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-tile.h"

G_BEGIN_DECLS

/* The rulesets.  Their hand size is 13 (MCR, Guangdong, Riichi) or 16 (Taiwan). */
typedef enum
{
  SP_RULESET_MCR = 0,
  SP_RULESET_TAIWAN = 1,
  SP_RULESET_GUANGDONG = 2,
  SP_RULESET_RIICHI = 3,
} SpRuleset;

#define SP_N_RULESETS 4

const char *sp_ruleset_to_string   (SpRuleset   ruleset);
/* Every ruleset's name, in SpRuleset order: "mcr|taiwan|guangdong|riichi" (for help and usage
 * messages). */
const char *sp_ruleset_names       (void);
/* Every ruleset's profiles, the default first: "mcr: cn r98 gb2006; taiwan: tw; …" (for
 * help messages). */
const char *sp_ruleset_profile_names (void);
gboolean    sp_ruleset_from_string (const char *text,
                                    SpRuleset  *ruleset);
/* Tiles in a ready hand without kongs: 13 or 16. */
guint       sp_ruleset_hand_size   (SpRuleset   ruleset);
/* The most melds a hand of the ruleset holds: 4, or 5 for Taiwan. */
guint       sp_ruleset_max_melds   (SpRuleset   ruleset);
/* Whether the ruleset's notation writes red fives as 0 (0m 0p 0s: Riichi). */
gboolean    sp_ruleset_has_red_fives (SpRuleset ruleset);
/* The rules as the window names them ("MCR 国标", "Riichi 立直"), translated. */
const char *sp_ruleset_title       (SpRuleset   ruleset);

/* The tournament settings beyond the rules' options that a ruleset plays with. */
typedef enum
{
  SP_RULESET_HAS_BASE           = 1 << 0, /* a base stake: Taiwan's 底, Guangdong's 底分 */
  SP_RULESET_HAS_PER_UNIT       = 1 << 1, /* a stake per 台 (Taiwan) */
  SP_RULESET_HAS_DEALER_REPEATS = 1 << 2, /* 連莊 is the tournament's choice (Guangdong) */
} SpRulesetSettings;

SpRulesetSettings sp_ruleset_settings (SpRuleset ruleset);

typedef enum
{
  SP_MELD_CHOW = 0, /* 吃 */
  SP_MELD_PUNG = 1, /* 碰 */
  SP_MELD_KONG = 2, /* 杠 */
} SpMeldKind;

typedef enum
{
  SP_KONG_NONE = 0,
  SP_KONG_CONCEALED = 1, /* 暗杠 */
  SP_KONG_MELDED = 2,    /* 明杠 of a discard (大明杠) */
  SP_KONG_ADDED = 3,     /* 加杠 to a claimed pung */
} SpKongKind;

/* Who gave a claimed tile, relative to the hand's owner. */
typedef enum
{
  SP_FROM_UNKNOWN = 0,
  SP_FROM_LEFT = 1,     /* 上家 */
  SP_FROM_OPPOSITE = 2, /* 对家 */
  SP_FROM_RIGHT = 3,    /* 下家 */
} SpFrom;

/* A declared meld.  Every meld except a concealed kong is exposed (claimed). */
typedef struct
{
  guint8 kind;    /* SpMeldKind */
  guint8 tile;    /* the lowest tile: a chow's first tile, a pung's or kong's tile */
  guint8 kong;    /* SpKongKind, SP_KONG_NONE unless a kong */
  guint8 from;    /* SpFrom of the claimed tile (chow: SP_FROM_LEFT when given) */
  guint8 claimed; /* chow: position 1–3 of the claimed tile in the run, 0 if not said */
} SpMeld;

#define SP_HAND_MAX_MELDS     6
#define SP_HAND_MAX_CONCEALED 24

/* A hand as written: melds, then the concealed tiles in written order, the last of which is
 * the winning tile (for a ready hand given to sp_hand_waits() there is none: all are the hand).
 * A plain struct of fixed size; copy it by assignment. */
typedef struct
{
  SpMeld  melds[SP_HAND_MAX_MELDS];
  guint8  n_melds;
  guint8  n_concealed;
  SpTile  concealed[SP_HAND_MAX_CONCEALED]; /* written order */
  guint8  counts[SP_N_TILE_KINDS];          /* concealed tiles by kind, winning tile included */
  /* Red fives (written 0m 0p 0s, Riichi only) by suit, melds and concealed tiles together;
   * each is also a five in the counts and melds above.  Zero in every other ruleset. */
  guint8  red[3];
} SpHand;

static inline gboolean
sp_meld_is_exposed (const SpMeld *meld)
{
  return !(meld->kind == SP_MELD_KONG && meld->kong == SP_KONG_CONCEALED);
}

static inline guint
sp_meld_n_tiles (const SpMeld *meld)
{
  return meld->kind == SP_MELD_KONG ? 4 : 3;
}

/* The winning tile: the last concealed tile written, SP_TILE_NONE if there is none. */
static inline SpTile
sp_hand_winning_tile (const SpHand *hand)
{
  return hand->n_concealed > 0 ? hand->concealed[hand->n_concealed - 1] : SP_TILE_NONE;
}

SpHand   *sp_hand_new               (void);
SpHand   *sp_hand_copy              (const SpHand *hand);
void      sp_hand_free              (SpHand       *hand);

gboolean  sp_hand_parse             (const char   *text,
                                     SpHand       *hand,
                                     GError      **error);
/* sp_hand_parse() that also says where a syntax error is: *@error_column is the character
 * (counted from 1, spaces included, a Chinese honour one character) that the message names, so
 * that an editor can underline it; 0 when the hand parses or the error has no one place. */
gboolean  sp_hand_parse_at          (const char   *text,
                                     SpHand       *hand,
                                     guint        *error_column,
                                     GError      **error);
/* sp_hand_parse_at() in the notation of @ruleset: Riichi reads the digit 0 as a red five
 * (SPEC.md §2), every other ruleset refuses it as the parser above does. */
gboolean  sp_hand_parse_for         (SpRuleset     ruleset,
                                     const char   *text,
                                     SpHand       *hand,
                                     guint        *error_column,
                                     GError      **error);
/* Prints the canonical notation (melds with their ,N; concealed tiles in written order,
 * grouped by suit runs); parsing it gives back an equal hand. */
char     *sp_hand_to_string         (const SpHand *hand);
gboolean  sp_hand_equal             (const SpHand *a,
                                     const SpHand *b);

guint     sp_hand_n_kongs           (const SpHand *hand);
/* Every tile of the hand, melds included, as counts by kind. */
void      sp_hand_all_counts        (const SpHand *hand,
                                     guint8        counts[SP_N_TILE_KINDS]);
guint     sp_hand_n_tiles           (const SpHand *hand);

/* SP_CORE_ERROR_TOO_MANY_COPIES: a tile kind more than four times ("tile 15: a fifth 5p"). */
gboolean  sp_hand_check_copies      (const SpHand *hand,
                                     GError      **error);
/* SP_CORE_ERROR_WRONG_TILE_COUNT: the count does not fit the ruleset; @with_winning_tile says
 * whether the hand is a declared win (14/17 + kongs) or a ready hand (13/16 + kongs). */
gboolean  sp_hand_check_tile_count  (const SpHand *hand,
                                     SpRuleset     ruleset,
                                     gboolean      with_winning_tile,
                                     GError      **error);
/* Both checks, in the order of SPEC.md §3.1. */
gboolean  sp_hand_validate          (const SpHand *hand,
                                     SpRuleset     ruleset,
                                     gboolean      with_winning_tile,
                                     GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpHand, sp_hand_free)

G_END_DECLS
