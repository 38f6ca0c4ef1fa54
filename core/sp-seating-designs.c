/* sp-seating-designs.c: schedules in which nobody meets anyone twice — affine geometries over
 * GF(4) and schedules developed from one base round over a cyclic group.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-seating-private.h"

#include <string.h>

/* GF(4) = {0, 1, ω, ω²} coded 0..3; addition is XOR, multiplication from this table. */
static const guint8 gf4_mul[4][4] = {
  { 0, 0, 0, 0 },
  { 0, 1, 2, 3 },
  { 0, 2, 3, 1 },
  { 0, 3, 1, 2 },
};

/* Scales a point of GF(4)^k (two bits a coordinate) by s. */
static guint
scale_point (guint point,
             guint k,
             guint s)
{
  guint out = 0;

  for (guint i = 0; i < k; i++)
    out |= (guint) gf4_mul[s][(point >> (2 * i)) & 3] << (2 * i);
  return out;
}

gboolean
sp_seating_design_affine (guint    n_players,
                          guint    n_rounds,
                          guint16 *seats)
{
  guint k = 0;
  guint n_directions;
  g_autofree guint *directions = NULL;
  g_autofree guint8 *seated = NULL;
  guint n = 0;

  while ((1u << (2 * k)) < n_players)
    k++;
  if ((1u << (2 * k)) != n_players || k < 1)
    return FALSE;

  /* A direction is a 1-dimensional subspace; take its representative whose highest
   * non-zero coordinate is 1. */
  n_directions = (n_players - 1) / 3;
  directions = g_new (guint, n_directions);
  for (guint v = 1; v < n_players; v++)
    {
      guint top = 0;

      for (guint i = 0; i < k; i++)
        if (((v >> (2 * i)) & 3) != 0)
          top = (v >> (2 * i)) & 3;
      if (top == 1)
        directions[n++] = v;
    }
  g_assert (n == n_directions);

  seated = g_new (guint8, n_players);
  for (guint r = 0; r < n_rounds; r++)
    {
      guint d = directions[r % n_directions];
      guint16 *round = seats + (gsize) r * n_players;
      guint slot = 0;

      /* The lines of direction d are the cosets p + GF(4)·d; list them by their smallest
       * point so the tables come out in a fixed order. */
      memset (seated, 0, n_players);
      for (guint p = 0; p < n_players; p++)
        {
          if (seated[p])
            continue;
          for (guint t = 0; t < 4; t++)
            {
              guint q = p ^ scale_point (d, k, t);

              seated[q] = 1;
              round[slot++] = q;
            }
        }
    }
  return TRUE;
}

/* The cyclic construction.  Players are (x, i) for x in Z_m and i in 0..2 — numbered i·m + x —
 * plus f = N − 3m fixed players numbered 3m…N−1.  A base round partitions them into tables;
 * round t adds t to every x and leaves the fixed players alone.  Two finite players (x, i) and
 * (y, j) at one base table meet, over the m rounds, the pairs ((x + t, i), (y + t, j)), so the
 * schedule has no repeat exactly when no two base pairs share classes and difference y − x (up
 * to sign within a class, and never m/2 there), a fixed player sits with at most one player of
 * each class, and fixed players never sit together.  The base rounds below were found by a
 * randomised depth-first search over those difference conditions (placing first the player
 * with the fewest possible tablemates left); for 40, 112, 184 and 220 players (m = 13, 37, 61,
 * 73, primes ≡ 1 mod 12) the base round is also invariant under multiplying x by a unit of
 * order 3, which leaves a third of the tables to choose, as in Denniston's packings of
 * PG(3,3).  For 44, 52 and 56 players (m = 14, 17, 18, where the base round must use every
 * allowed difference exactly once and the depth-first search alone gets lost) it is invariant
 * under (x, i) → (u·x, i + 1) with u³ = 1 — u = 9, 1, 7 — which fixes each fixed player's table
 * and leaves a third of the others to choose: 44 players then meet all but one other in 14
 * rounds (a resolvable 4-GDD of type 2^22), 52 meet everyone exactly once in 17 (a resolvable
 * 2-(52,4,1) design) and 56 all but one other in 18.  The unit tests check that every one of
 * them gives a schedule without repeats. */
typedef struct
{
  guint16        n_players;
  guint16        m;
  const guint16 *base;
} CyclicDesign;

static const guint16 base_20[] = {
  15, 0, 5, 10, 16, 12, 3, 9, 17, 11, 4, 7, 18, 8, 14, 1, 19, 6, 13, 2,
};
static const guint16 base_24[] = {
  21, 0, 7, 14, 22, 6, 9, 15, 23, 11, 3, 20, 1, 10, 12, 13, 2, 17, 4, 5, 8, 16, 19, 18,
};
static const guint16 base_28[] = {
  27, 0, 9, 18, 1, 15, 12, 11, 2, 19, 7, 14, 3, 6, 5, 25, 4, 10, 20, 17, 8, 22, 23, 16, 13, 26,
  21, 24,
};

/* 36 players: the pairs this design leaves apart — three differences between classes, one for
 * each two classes — form one cycle through all 33 finite players, and the fixed ones a
 * triangle, so a 12th round can seat 27 of those 36 pairs together (8 paths of four along the
 * cycle, the triangle with the last player), which leaves 54 − 27 = 27 repeats.  No 12th round
 * after 11 without repeats does better: everyone has only two left to meet, so no table of it
 * holds more than three new pairs. */
static const guint16 base_36[] = {
  33, 7, 12, 32, 31, 3, 8, 30, 0, 24, 26, 29, 28, 13, 18, 20, 25, 4, 14, 34, 27, 11, 21, 23, 22, 2,
  15, 35, 6, 5, 9, 17, 1, 10, 16, 19,
};

static const guint16 base_40[] = {
  39, 0, 13, 26, 1, 25, 24, 10, 3, 23, 20, 4, 9, 17, 21, 12, 2, 30, 7, 31, 6, 38, 8, 28, 5, 36, 11,
  32, 14, 35, 19, 37, 16, 27, 18, 33, 22, 29, 15, 34,
};

static const guint16 base_44[] = {
  42, 11, 15, 37, 43, 2, 18, 36, 0, 29, 6, 5, 14, 9, 26, 17, 28, 25, 38, 41, 1, 24, 33, 31, 23, 34,
  3, 13, 39, 12, 27, 19, 4, 32, 40, 7, 22, 8, 10, 21, 30, 16, 20, 35,
};

static const guint16 base_48[] = {
  45, 0, 15, 30, 1, 44, 38, 27, 33, 31, 25, 6, 34, 39, 8, 21, 37, 2, 46, 18, 41, 19, 47, 5, 35,
  23, 3, 32, 40, 36, 20, 26, 42, 43, 4, 9, 12, 22, 29, 24, 28, 17, 10, 16, 7, 13, 11, 14,
};

static const guint16 base_52[] = {
  51, 3, 20, 37, 0, 15, 8, 48, 17, 32, 25, 14, 34, 49, 42, 31, 1, 36, 22, 47, 18, 2, 39, 13, 35,
  19, 5, 30, 4, 23, 28, 27, 21, 40, 45, 44, 38, 6, 11, 10, 7, 46, 33, 43, 24, 12, 50, 9, 41, 29,
  16, 26,
};

static const guint16 base_56[] = {
  54, 2, 32, 44, 55, 4, 28, 52, 0, 25, 5, 19, 18, 49, 35, 43, 36, 1, 47, 13, 3, 26, 41, 30, 21, 38,
  17, 48, 39, 14, 29, 12, 6, 16, 34, 27, 24, 22, 40, 45, 42, 46, 10, 9, 7, 20, 23, 33, 31, 50, 53,
  51, 37, 8, 11, 15,
};

static const guint16 base_60[] = {
  57, 0, 19, 38, 1, 5, 48, 11, 3, 44, 55, 51, 2, 42, 29, 37, 6, 23, 13, 45, 8, 16, 28, 30, 17, 24,
  52, 18, 15, 59, 46, 36, 10, 40, 54, 33, 4, 50, 49, 34, 9, 12, 14, 27, 7, 58, 43, 31, 41, 39, 21,
  35, 22, 32, 26, 25, 20, 56, 47, 53,
};

static const guint16 base_112[] = {
  111, 0, 37, 74, 1, 52, 24, 50, 10, 39, 18, 56, 26, 57, 32, 42, 2, 45, 5, 44, 20, 43, 13, 70, 15,
  60, 19, 71, 3, 29, 80, 101, 30, 31, 97, 85, 4, 14, 82, 110, 6, 86, 65, 105, 23, 83, 58, 88, 8,
  90, 62, 103, 7, 9, 25, 96, 33, 16, 28, 109, 34, 12, 21, 91, 11, 59, 94, 55, 36, 72, 89, 69, 27,
  54, 76, 61, 17, 49, 92, 102, 22, 46, 106, 95, 35, 53, 98, 99, 38, 93, 51, 67, 47, 79, 66, 41,
  63, 87, 68, 40, 48, 75, 77, 81, 73, 84, 104, 107, 64, 100, 78, 108,
};

static const guint16 base_184[] = {
  183, 0, 61, 122, 1, 32, 79, 181, 13, 50, 112, 157, 47, 40, 114, 150, 2, 29, 42, 81, 26, 11, 58,
  77, 33, 21, 22, 86, 3, 98, 156, 85, 39, 115, 137, 68, 19, 92, 134, 91, 4, 96, 27, 113, 52, 89,
  46, 66, 5, 120, 49, 65, 6, 136, 153, 132, 17, 182, 159, 130, 38, 170, 176, 165, 7, 75, 100, 152,
  30, 121, 80, 146, 24, 109, 64, 129, 8, 12, 158, 168, 43, 34, 163, 171, 10, 15, 167, 149, 9, 60,
  93, 44, 56, 48, 111, 23, 57, 14, 101, 55, 16, 35, 128, 105, 25, 28, 139, 84, 20, 59, 160, 116,
  18, 161, 142, 126, 51, 141, 138, 174, 53, 125, 147, 127, 31, 172, 76, 148, 37, 162, 73, 155, 54,
  154, 95, 124, 36, 133, 145, 119, 41, 143, 177, 83, 45, 151, 166, 103, 62, 94, 140, 90, 74, 63,
  173, 72, 108, 87, 175, 82, 67, 70, 123, 104, 78, 117, 135, 71, 99, 118, 169, 69, 88, 106, 179,
  180, 107, 97, 131, 144, 110, 102, 178, 164,
};

static const guint16 base_220[] = {
  219, 0, 73, 146, 1, 88, 177, 151, 8, 120, 175, 186, 64, 84, 159, 174, 2, 207, 104, 23, 16, 196,
  102, 38, 55, 181, 86, 12, 3, 61, 152, 71, 24, 50, 194, 57, 46, 35, 165, 18, 4, 205, 94, 112, 32,
  180, 95, 93, 37, 199, 103, 87, 5, 77, 66, 168, 40, 105, 17, 176, 28, 110, 63, 167, 6, 14, 148,
  124, 48, 39, 162, 116, 19, 20, 201, 125, 7, 137, 172, 140, 56, 74, 208, 98, 10, 81, 204, 127, 9,
  45, 206, 211, 72, 68, 188, 155, 65, 33, 190, 218, 11, 70, 89, 108, 15, 49, 128, 134, 47, 27, 75,
  123, 13, 185, 111, 158, 31, 166, 85, 169, 29, 160, 96, 184, 21, 83, 34, 90, 22, 80, 53, 136, 30,
  129, 59, 139, 25, 215, 41, 44, 54, 187, 36, 60, 67, 182, 69, 42, 26, 121, 142, 133, 62, 92, 114,
  115, 58, 79, 109, 117, 43, 161, 216, 118, 52, 193, 195, 141, 51, 157, 173, 106, 76, 178, 113,
  144, 97, 183, 101, 130, 119, 150, 78, 91, 82, 213, 203, 135, 145, 171, 164, 131, 138, 200, 217,
  99, 100, 126, 170, 209, 143, 132, 192, 212, 122, 107, 149, 163, 147, 179, 156, 198, 154, 191,
  153, 197, 210, 214, 202, 189,
};

static const CyclicDesign cyclic_designs[] = {
  { 20, 5, base_20 },
  { 24, 7, base_24 },
  { 28, 9, base_28 },
  { 36, 11, base_36 },
  { 40, 13, base_40 },
  { 44, 14, base_44 },
  { 48, 15, base_48 },
  { 52, 17, base_52 },
  { 56, 18, base_56 },
  { 60, 19, base_60 },
  { 112, 37, base_112 },
  { 184, 61, base_184 },
  { 220, 73, base_220 },
};

static const CyclicDesign *
find_cyclic (guint n_players)
{
  for (guint i = 0; i < G_N_ELEMENTS (cyclic_designs); i++)
    if (cyclic_designs[i].n_players == n_players)
      return &cyclic_designs[i];
  return NULL;
}

guint
sp_seating_design_cyclic_rounds (guint n_players)
{
  const CyclicDesign *design = find_cyclic (n_players);

  return design != NULL ? design->m : 0;
}

gboolean
sp_seating_design_cyclic (guint    n_players,
                          guint    n_rounds,
                          guint16 *seats)
{
  const CyclicDesign *design = find_cyclic (n_players);
  guint m;

  if (design == NULL)
    return FALSE;
  m = design->m;
  for (guint r = 0; r < n_rounds; r++)
    {
      guint t = r % m;

      for (guint k = 0; k < n_players; k++)
        {
          guint p = design->base[k];

          if (p < 3 * m)
            p = p / m * m + (p % m + t) % m;
          seats[(gsize) r * n_players + k] = p;
        }
    }
  return TRUE;
}

/* 32 players, 10 rounds: no cyclic structure of this kind exists for it; this is the published
 * solution of the social golfer problem 8-4-10 (every player meets 30 of the 31 others), as
 * listed with the CSPLib problem 10 literature, players A–P and a–p numbered 0–31. */
static const guint8 golfers_32[10 * 32] = {
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
  16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
  0, 4, 8, 28, 1, 18, 22, 7, 3, 5, 10, 31, 19, 21, 26, 15,
  16, 20, 24, 12, 17, 2, 6, 23, 25, 11, 13, 30, 9, 27, 29, 14,
  0, 21, 27, 30, 1, 23, 26, 28, 3, 6, 24, 13, 16, 5, 11, 14,
  17, 7, 10, 12, 2, 20, 9, 15, 18, 4, 25, 31, 19, 22, 8, 29,
  0, 18, 24, 11, 1, 19, 25, 10, 17, 3, 9, 26, 5, 22, 30, 15,
  21, 6, 14, 31, 16, 2, 8, 27, 4, 23, 12, 29, 20, 7, 28, 13,
  0, 22, 10, 13, 1, 4, 27, 15, 3, 7, 8, 30, 19, 23, 24, 14,
  17, 20, 11, 31, 2, 21, 25, 28, 18, 5, 9, 12, 16, 6, 26, 29,
  0, 23, 9, 31, 1, 5, 24, 29, 18, 3, 28, 14, 17, 21, 8, 13,
  20, 6, 10, 27, 2, 19, 12, 30, 4, 22, 26, 11, 16, 7, 25, 15,
  0, 19, 20, 5, 1, 6, 9, 30, 16, 3, 4, 21, 18, 23, 27, 13,
  24, 10, 28, 15, 2, 7, 11, 29, 17, 22, 25, 14, 8, 26, 12, 31,
  0, 17, 29, 15, 16, 1, 13, 31, 3, 22, 27, 12, 18, 20, 26, 30,
  21, 7, 24, 9, 2, 4, 10, 14, 5, 23, 8, 25, 19, 6, 11, 28,
  0, 6, 25, 12, 1, 20, 8, 14, 3, 23, 11, 15, 16, 22, 9, 28,
  18, 21, 10, 29, 2, 5, 26, 13, 17, 4, 24, 30, 19, 7, 27, 31,
  0, 7, 26, 14, 1, 21, 11, 12, 3, 20, 25, 29, 17, 5, 27, 28,
  18, 6, 8, 15, 2, 22, 24, 31, 19, 4, 9, 13, 16, 23, 10, 30,
};

gboolean
sp_seating_design_stored (guint    n_players,
                          guint    n_rounds,
                          guint16 *seats)
{
  if (n_players != 32)
    return FALSE;
  for (guint r = 0; r < n_rounds; r++)
    for (guint k = 0; k < n_players; k++)
      seats[(gsize) r * n_players + k] = golfers_32[(r % 10) * 32 + k];
  return TRUE;
}

guint
sp_seating_design (guint    n_players,
                   guint    n_rounds,
                   guint16 *seats)
{
  if (sp_seating_design_affine (n_players, n_rounds, seats))
    return (n_players - 1) / 3;
  if (sp_seating_design_cyclic (n_players, n_rounds, seats))
    return sp_seating_design_cyclic_rounds (n_players);
  if (sp_seating_design_stored (n_players, n_rounds, seats))
    return 10;
  return 0;
}

guint
sp_seating_design_rounds (guint n_players)
{
  guint power = 4;

  while (power < n_players)
    power *= 4;
  if (power == n_players)
    return (n_players - 1) / 3;
  if (sp_seating_design_cyclic_rounds (n_players) > 0)
    return sp_seating_design_cyclic_rounds (n_players);
  return n_players == 32 ? 10 : 0;
}
