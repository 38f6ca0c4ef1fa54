/* sp-tile.h: tiles, suits, winds and flowers of the 144-tile set.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A tile kind is an index 0..33: 万 1–9 (0–8), 饼 1–9 (9–17), 条 1–9 (18–26),
 * winds 东南西北 (27–30), dragons 中发白 (31–33).  Counts of a hand are arrays
 * indexed by it. */
typedef guint8 SpTile;

enum
{
  SP_TILE_1M = 0,
  SP_TILE_9M = 8,
  SP_TILE_1P = 9,
  SP_TILE_9P = 17,
  SP_TILE_1S = 18,
  SP_TILE_9S = 26,
  SP_TILE_EAST = 27,
  SP_TILE_SOUTH = 28,
  SP_TILE_WEST = 29,
  SP_TILE_NORTH = 30,
  SP_TILE_RED = 31,   /* 中 C */
  SP_TILE_GREEN = 32, /* 发 F */
  SP_TILE_WHITE = 33, /* 白 P */
  SP_N_TILE_KINDS = 34,
  SP_TILE_NONE = 0xff,
};

typedef enum
{
  SP_SUIT_CHARACTERS = 0, /* 万 m */
  SP_SUIT_DOTS = 1,       /* 饼 p */
  SP_SUIT_BAMBOO = 2,     /* 条 s */
  SP_SUIT_HONORS = 3,
} SpSuit;

/* Seat and round winds; also the seat letters E S W N of a table. */
typedef enum
{
  SP_WIND_EAST = 0,
  SP_WIND_SOUTH = 1,
  SP_WIND_WEST = 2,
  SP_WIND_NORTH = 3,
} SpWind;

/* Flowers f1–f8: 春夏秋冬 (0–3), 梅兰菊竹 (4–7).  Sets of flowers are bit masks. */
#define SP_N_FLOWERS 8

/* Longest tile string sp_tile_to_string() writes, with its NUL. */
#define SP_TILE_STRING_SIZE 4

static inline SpSuit
sp_tile_suit (SpTile tile)
{
  return (SpSuit) (tile < 27 ? tile / 9 : SP_SUIT_HONORS);
}

/* The rank 1–9 of a suited tile, 0 for an honour. */
static inline guint
sp_tile_rank (SpTile tile)
{
  return tile < 27 ? tile % 9 + 1 : 0;
}

static inline gboolean
sp_tile_is_honor (SpTile tile)
{
  return tile >= 27 && tile < SP_N_TILE_KINDS;
}

static inline gboolean
sp_tile_is_wind (SpTile tile)
{
  return tile >= SP_TILE_EAST && tile <= SP_TILE_NORTH;
}

static inline gboolean
sp_tile_is_dragon (SpTile tile)
{
  return tile >= SP_TILE_RED && tile <= SP_TILE_WHITE;
}

/* 幺九: a 1 or a 9 of a suit. */
static inline gboolean
sp_tile_is_terminal (SpTile tile)
{
  guint rank = sp_tile_rank (tile);

  return rank == 1 || rank == 9;
}

static inline gboolean
sp_tile_is_terminal_or_honor (SpTile tile)
{
  return sp_tile_is_honor (tile) || sp_tile_is_terminal (tile);
}

static inline SpTile
sp_tile_make (SpSuit suit, guint rank)
{
  return (SpTile) (suit * 9 + rank - 1);
}

static inline SpTile
sp_tile_for_wind (SpWind wind)
{
  return (SpTile) (SP_TILE_EAST + wind);
}

const char *sp_tile_to_string    (SpTile      tile,
                                  char        buf[SP_TILE_STRING_SIZE]);
const char *sp_wind_to_string    (SpWind      wind);
gboolean    sp_wind_from_string  (const char *text,
                                  SpWind     *wind);
const char *sp_flower_to_string  (guint       flower);

G_END_DECLS
