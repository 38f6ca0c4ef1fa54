/* sp-seating.c: seating plans — balanced schedules, draws by lots and Swiss rounds — and the
 * measures of rules/seating.md.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-seating.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "sp-core-error.h"
#include "sp-seating-private.h"

/* Tried swaps of the annealing: enough to reach the counting bound on the small cases of
 * rules/seating.md, and a few seconds at most on the largest plans. */
#define SEARCH_MOVES 24000000

SpSeatingPlan *
sp_seating_plan_new (guint n_players,
                     guint n_rounds)
{
  SpSeatingPlan *plan;

  g_return_val_if_fail (n_players % 4 == 0 && n_players <= G_MAXUINT16, NULL);

  plan = g_new0 (SpSeatingPlan, 1);
  plan->n_players = n_players;
  plan->n_rounds = n_rounds;
  plan->seats = g_new0 (guint16, (gsize) n_players * n_rounds);
  return plan;
}

void
sp_seating_plan_free (SpSeatingPlan *plan)
{
  if (plan == NULL)
    return;
  g_free (plan->seats);
  g_free (plan);
}

guint
sp_seating_plan_get (const SpSeatingPlan *plan,
                     guint                round,
                     guint                table,
                     guint                seat)
{
  g_return_val_if_fail (plan != NULL, 0);
  g_return_val_if_fail (round < plan->n_rounds && table < plan->n_players / 4 && seat < 4, 0);

  return plan->seats[(gsize) round * plan->n_players + 4 * table + seat];
}

static inline gboolean
teammates (const guint *teams,
           guint        p,
           guint        q)
{
  return teams != NULL && teams[p] != 0 && teams[p] == teams[q];
}

static guint
lower_bound (guint n_players,
             guint n_rounds)
{
  gint64 surplus = 3 * (gint64) n_rounds - (n_players - 1);

  if (surplus <= 0)
    return 0;
  return (guint) ((n_players * surplus + 1) / 2);
}

/* The counting bound when teammates may not meet: a player with a team of k can meet only
 * N − k others, so 3R meetings leave at least 3R − (N − k) of them repeated. */
static guint
team_bound (guint        n_players,
            guint        n_rounds,
            const guint *teams)
{
  g_autoptr(GHashTable) sizes = NULL;
  guint64 surplus = 0;

  if (teams == NULL)
    return lower_bound (n_players, n_rounds);
  sizes = g_hash_table_new (NULL, NULL);
  for (guint p = 0; p < n_players; p++)
    {
      gpointer key = GUINT_TO_POINTER (teams[p]);
      guint size = GPOINTER_TO_UINT (g_hash_table_lookup (sizes, key));

      g_hash_table_insert (sizes, key, GUINT_TO_POINTER (size + 1));
    }
  for (guint p = 0; p < n_players; p++)
    {
      guint others = n_players - (teams[p] != 0 ? GPOINTER_TO_UINT (g_hash_table_lookup (
                                                    sizes, GUINT_TO_POINTER (teams[p]))) : 1);

      if (3 * n_rounds > others)
        surplus += 3 * n_rounds - others;
    }
  return (guint) ((surplus + 1) / 2);
}

void
sp_seating_plan_measure (const SpSeatingPlan *plan,
                         const guint         *teams,
                         SpSeatingQuality    *quality)
{
  guint n, n_tables;
  g_autofree guint *winds = NULL;
  g_autofree guint16 *at_table = NULL;

  g_return_if_fail (plan != NULL && quality != NULL);

  n = plan->n_players;
  n_tables = n / 4;
  memset (quality, 0, sizeof *quality);
  quality->repeats = sp_seating_count_repeats (n, plan->n_rounds, plan->seats);
  quality->lower_bound = lower_bound (n, plan->n_rounds);

  winds = g_new0 (guint, (gsize) n * 4);
  at_table = g_new0 (guint16, (gsize) n * n_tables);
  for (guint r = 0; r < plan->n_rounds; r++)
    for (guint t = 0; t < n_tables; t++)
      {
        const guint16 *table = plan->seats + (gsize) r * n + 4 * t;

        for (guint s = 0; s < 4; s++)
          {
            guint p = table[s];

            winds[4 * p + s]++;
            if (at_table[(gsize) p * n_tables + t]++ > 0)
              quality->table_repeats++;
            for (guint k = s + 1; k < 4; k++)
              if (teammates (teams, p, table[k]))
                quality->team_clashes++;
          }
      }
  for (guint p = 0; p < n; p++)
    {
      guint lo = G_MAXUINT, hi = 0;

      for (guint s = 0; s < 4; s++)
        {
          lo = MIN (lo, winds[4 * p + s]);
          hi = MAX (hi, winds[4 * p + s]);
        }
      quality->wind_spread = MAX (quality->wind_spread, hi - lo);
    }
}

/* Winds.  Split each player into ⌈R/4⌉ nodes, one per four consecutive rounds, and join it to
 * the tables it sits at: a bipartite graph of maximum degree 4, which has a proper 4-edge-
 * colouring (König).  A colour is a seat, so every block of four rounds gives a player each
 * wind once and the last, shorter block each wind at most once.  The colouring is grown edge by
 * edge, flipping an alternating path when the two ends have no free colour in common. */
void
sp_seating_balance_winds (SpSeatingPlan *plan)
{
  guint n = plan->n_players;
  guint n_rounds = plan->n_rounds;
  guint n_blocks = (n_rounds + 3) / 4;
  gsize n_edges = (gsize) n * n_rounds;
  g_autofree gint32 *at_player = g_new (gint32, (gsize) n * n_blocks * 4);
  g_autofree gint32 *at_table = g_new (gint32, n_edges);
  g_autofree guint8 *colour = g_new (guint8, n_edges);
  g_autofree gint32 *path = g_new (gint32, n_edges);
  g_autofree guint16 *seated = g_new (guint16, n_edges);

  /* at_table[4 × table + c] is the edge of colour c at a table: the tables are the slots'
   * quadruples, so table e / 4 owns edges e & ~3. */
  memset (at_player, 0xff, (gsize) n * n_blocks * 4 * sizeof (gint32));
  memset (at_table, 0xff, n_edges * sizeof (gint32));

  for (gsize e = 0; e < n_edges; e++)
    {
      gsize player_node = ((gsize) plan->seats[e] * n_blocks + e / n / 4) * 4;
      gsize table_node = e / 4 * 4;
      guint a = 0, b = 0;
      guint n_path = 0;

      while (at_player[player_node + a] >= 0)
        a++;
      while (at_table[table_node + b] >= 0)
        b++;
      if (at_table[table_node + a] >= 0)
        {
          /* The path from the table along colours a, b, a, … never comes back to this
           * player's node, so swapping a and b on it frees a at the table. */
          gboolean on_table_side = TRUE;
          gsize node = table_node;
          guint c = a;

          for (;;)
            {
              gint32 f = on_table_side ? at_table[node + c] : at_player[node + c];

              if (f < 0)
                break;
              path[n_path++] = f;
              if (on_table_side)
                node = ((gsize) plan->seats[f] * n_blocks + (gsize) f / n / 4) * 4;
              else
                node = (gsize) f / 4 * 4;
              on_table_side = !on_table_side;
              c = c == a ? b : a;
            }
          for (guint i = 0; i < n_path; i++)
            {
              gint32 f = path[i];
              gsize pn = ((gsize) plan->seats[f] * n_blocks + (gsize) f / n / 4) * 4;

              at_player[pn + colour[f]] = -1;
              at_table[(gsize) f / 4 * 4 + colour[f]] = -1;
            }
          for (guint i = 0; i < n_path; i++)
            {
              gint32 f = path[i];
              gsize pn = ((gsize) plan->seats[f] * n_blocks + (gsize) f / n / 4) * 4;

              colour[f] = colour[f] == a ? b : a;
              at_player[pn + colour[f]] = f;
              at_table[(gsize) f / 4 * 4 + colour[f]] = f;
            }
        }
      colour[e] = a;
      at_player[player_node + a] = e;
      at_table[table_node + a] = e;
    }

  for (gsize e = 0; e < n_edges; e++)
    seated[e / 4 * 4 + colour[e]] = plan->seats[e];
  memcpy (plan->seats, seated, n_edges * sizeof (guint16));
}

/* The assignment of n rows to n columns of least total cost (the Hungarian method with
 * potentials, O(n³)): fills column_of[row]. */
static void
assign_least_cost (guint         n,
                   const gint64 *cost,
                   guint        *column_of)
{
  g_autofree gint64 *u = g_new0 (gint64, n + 1);
  g_autofree gint64 *v = g_new0 (gint64, n + 1);
  g_autofree gint64 *slack = g_new (gint64, n + 1);
  g_autofree guint *row_of = g_new0 (guint, n + 1);
  g_autofree guint *way = g_new0 (guint, n + 1);
  g_autofree gboolean *used = g_new (gboolean, n + 1);

  /* Rows and columns count from 1; column 0 is the free row being placed. */
  for (guint i = 1; i <= n; i++)
    {
      guint j0 = 0;

      row_of[0] = i;
      for (guint j = 0; j <= n; j++)
        {
          slack[j] = G_MAXINT64;
          used[j] = FALSE;
        }
      do
        {
          guint i0 = row_of[j0], j1 = 0;
          gint64 delta = G_MAXINT64;

          used[j0] = TRUE;
          for (guint j = 1; j <= n; j++)
            if (!used[j])
              {
                gint64 c = cost[(gsize) (i0 - 1) * n + (j - 1)] - u[i0] - v[j];

                if (c < slack[j])
                  {
                    slack[j] = c;
                    way[j] = j0;
                  }
                if (slack[j] < delta)
                  {
                    delta = slack[j];
                    j1 = j;
                  }
              }
          for (guint j = 0; j <= n; j++)
            if (used[j])
              {
                u[row_of[j]] += delta;
                v[j] -= delta;
              }
            else
              slack[j] -= delta;
          j0 = j1;
        }
      while (row_of[j0] != 0);
      do
        {
          guint j1 = way[j0];

          row_of[j0] = row_of[j1];
          j0 = j1;
        }
      while (j0 != 0);
    }
  for (guint j = 1; j <= n; j++)
    column_of[row_of[j] - 1] = j - 1;
}

/* Up to this many tables a round, the table numbers come from the exact assignment. */
#define EXACT_TABLES 64

static inline gint64
table_cost (const guint16 *a,
            const guint16 *b,
            const guint16 *c,
            const guint16 *d)
{
  return (*a > 0 ? 1024 + *a : 0) + (*b > 0 ? 1024 + *b : 0) + (*c > 0 ? 1024 + *c : 0)
         + (*d > 0 ? 1024 + *d : 0);
}

/* Tried exchanges of the annealing on table numbers, at most. */
#define TABLE_MOVES 500000

/* The change in sittings at a table again when the players of @from move to table @to. */
static inline int
move_delta (const guint16 *at_table,
            guint          n_tables,
            const guint16 *from,
            guint          from_table,
            guint          to)
{
  int delta = 0;

  for (guint s = 0; s < 4; s++)
    {
      const guint16 *at = at_table + (gsize) from[s] * n_tables;

      delta += (at[to] > 0) - (at[from_table] > 1);
    }
  return delta;
}

/* What the assignments round by round leave, an annealing over all rounds at once mends:
 * exchange the numbers of two tables of a round, keeping the best numbering seen, until every
 * player sits at as many different tables as there are rounds (or tables). */
static void
anneal_tables (SpSeatingPlan *plan,
               guint16       *at_table,
               GRand         *rand)
{
  guint n = plan->n_players;
  guint n_tables = n / 4;
  gsize size = (gsize) n * plan->n_rounds;
  guint floor_repeats = plan->n_rounds > n_tables ? n * (plan->n_rounds - n_tables) : 0;
  guint64 n_moves = MIN ((guint64) TABLE_MOVES, 2000 * (guint64) size);
  g_autofree guint16 *best = NULL;
  guint16 swap[4];
  glong cost = 0, best_cost;
  double accept[9];

  if (n_tables < 2)
    return;
  for (gsize i = 0; i < (gsize) n * n_tables; i++)
    cost += at_table[i] > 1 ? at_table[i] - 1 : 0;
  best_cost = cost;
  if (cost <= (glong) floor_repeats)
    return;
  best = g_memdup2 (plan->seats, size * sizeof (guint16));

  for (guint64 move = 0; move < n_moves && best_cost > (glong) floor_repeats; move++)
    {
      guint r = g_rand_int_range (rand, 0, plan->n_rounds);
      guint g = g_rand_int_range (rand, 0, n_tables);
      guint h = g_rand_int_range (rand, 0, n_tables);
      guint16 *seats = plan->seats + (gsize) r * n;
      int delta;

      if ((move & 4095) == 0)
        {
          double t = 0.6 * pow (0.05 / 0.6, (double) move / n_moves);

          for (guint d = 0; d < G_N_ELEMENTS (accept); d++)
            accept[d] = exp (-(double) d / t);
        }
      if (g == h)
        continue;
      delta = move_delta (at_table, n_tables, seats + 4 * g, g, h)
              + move_delta (at_table, n_tables, seats + 4 * h, h, g);
      if (delta > 0 && g_rand_double (rand) >= accept[MIN (delta, 8)])
        continue;
      for (guint s = 0; s < 4; s++)
        {
          at_table[(gsize) seats[4 * g + s] * n_tables + g]--;
          at_table[(gsize) seats[4 * g + s] * n_tables + h]++;
          at_table[(gsize) seats[4 * h + s] * n_tables + h]--;
          at_table[(gsize) seats[4 * h + s] * n_tables + g]++;
        }
      memcpy (swap, seats + 4 * g, sizeof swap);
      memcpy (seats + 4 * g, seats + 4 * h, 4 * sizeof (guint16));
      memcpy (seats + 4 * h, swap, sizeof swap);
      cost += delta;
      if (cost < best_cost)
        {
          best_cost = cost;
          memcpy (best, plan->seats, size * sizeof (guint16));
        }
    }
  memcpy (plan->seats, best, size * sizeof (guint16));
}

/* Physical tables.  Each round's tables of players get the table numbers they have sat at least
 * in the other rounds: an assignment problem, solved round by round and then swept over all
 * rounds again, each pass keeping or lowering the count of sitting at a table again; an
 * annealing over all rounds then mends what that leaves. */
void
sp_seating_spread_tables (SpSeatingPlan *plan,
                          GRand         *rand)
{
  guint n = plan->n_players;
  guint n_tables = n / 4;
  g_autofree guint16 *at_table = g_new0 (guint16, (gsize) n * n_tables);
  g_autofree gint64 *cost = g_new (gint64, (gsize) n_tables * n_tables);
  g_autofree guint *number = g_new (guint, n_tables);
  g_autofree guint16 *round = g_new (guint16, n);
  guint n_passes = plan->n_rounds > 1 ? 4 : 1;

  for (guint pass = 0; pass < n_passes; pass++)
    for (guint r = 0; r < plan->n_rounds; r++)
      {
        guint16 *seats = plan->seats + (gsize) r * n;

        /* The round's own sittings do not count against it. */
        if (pass > 0)
          for (guint k = 0; k < n; k++)
            at_table[(gsize) seats[k] * n_tables + k / 4]--;
        if (pass == 0 && r == 0)
          {
            /* Nothing to avoid yet: number the tables by lot. */
            for (guint g = 0; g < n_tables; g++)
              number[g] = g;
            for (guint g = n_tables; g > 1; g--)
              {
                guint k = g_rand_int_range (rand, 0, g);
                guint tmp = number[g - 1];

                number[g - 1] = number[k];
                number[k] = tmp;
              }
          }
        else
          {
            /* Sitting at a table again costs far more than anything else; among equal
             * counts, the table sat at least often. */
#define SITTING_COST(g, t) (table_cost (at_table + (gsize) seats[4 * (g)] * n_tables + (t),     \
                                        at_table + (gsize) seats[4 * (g) + 1] * n_tables + (t), \
                                        at_table + (gsize) seats[4 * (g) + 2] * n_tables + (t), \
                                        at_table + (gsize) seats[4 * (g) + 3] * n_tables + (t)))
            if (n_tables <= EXACT_TABLES)
              {
                for (guint g = 0; g < n_tables; g++)
                  for (guint t = 0; t < n_tables; t++)
                    cost[(gsize) g * n_tables + t] = SITTING_COST (g, t);
                assign_least_cost (n_tables, cost, number);
              }
            else
              {
                /* Many tables leave much room: pairwise exchanges from the numbering so far
                 * do as well, in far less time than the exact assignment. */
                gboolean improved = TRUE;

                for (guint g = 0; g < n_tables; g++)
                  number[g] = g;
                for (guint sweep = 0; sweep < 8 && improved; sweep++)
                  {
                    improved = FALSE;
                    for (guint g = 0; g < n_tables; g++)
                      for (guint h = g + 1; h < n_tables; h++)
                        {
                          gint64 before = SITTING_COST (g, number[g]) + SITTING_COST (h, number[h]);
                          gint64 after = SITTING_COST (g, number[h]) + SITTING_COST (h, number[g]);

                          if (after < before)
                            {
                              guint tmp = number[g];

                              number[g] = number[h];
                              number[h] = tmp;
                              improved = TRUE;
                            }
                        }
                  }
              }
#undef SITTING_COST
          }

        for (guint g = 0; g < n_tables; g++)
          memcpy (round + 4 * number[g], seats + 4 * g, 4 * sizeof (guint16));
        memcpy (seats, round, n * sizeof (guint16));
        for (guint k = 0; k < n; k++)
          at_table[(gsize) seats[k] * n_tables + k / 4]++;
      }
  anneal_tables (plan, at_table, rand);
}

static gboolean
check_size (guint    n_players,
            guint    n_rounds,
            GError **error)
{
  if (n_players % 4 != 0 || n_players < 8 || n_players > 1024)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("players: %u is not a multiple of 4 between 8 and 1024"), n_players);
      return FALSE;
    }
  if (n_rounds < 1 || n_rounds > SP_SEATING_MAX_ROUNDS)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("rounds: %u is not between 1 and %u"), n_rounds, SP_SEATING_MAX_ROUNDS);
      return FALSE;
    }
  return TRUE;
}

/* Teammates can be kept apart in every round exactly when no team has more players than a
 * round has tables: deal the players out team by team, one a table. */
static gboolean
check_teams (guint         n_players,
             const guint  *teams,
             GError      **error)
{
  g_autoptr(GHashTable) sizes = NULL;

  if (teams == NULL)
    return TRUE;
  sizes = g_hash_table_new (NULL, NULL);
  for (guint p = 0; p < n_players; p++)
    {
      guint size;

      if (teams[p] == 0)
        continue;
      size = GPOINTER_TO_UINT (g_hash_table_lookup (sizes, GUINT_TO_POINTER (teams[p]))) + 1;
      g_hash_table_insert (sizes, GUINT_TO_POINTER (teams[p]), GUINT_TO_POINTER (size));
      if (size > n_players / 4)
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: team %u is a team's number; player %u a player's
                        * number in the draw. */
                       _("team %u: more than %u players (player %u is one too many), so two of "
                         "them would share one of the %u tables"),
                       teams[p], n_players / 4, p + 1, n_players / 4);
          return FALSE;
        }
    }
  return TRUE;
}

static guint
count_clashes (guint          n_players,
               guint          n_rounds,
               const guint16 *seats,
               const guint   *teams)
{
  guint clashes = 0;

  if (teams == NULL)
    return 0;
  for (gsize i = 0; i < (gsize) n_rounds * n_players; i += 4)
    for (guint a = 0; a < 4; a++)
      for (guint b = a + 1; b < 4; b++)
        clashes += teammates (teams, seats[i + a], seats[i + b]);
  return clashes;
}

static GRand *
rand_from_seed (guint64 seed)
{
  guint32 words[2] = { (guint32) seed, (guint32) (seed >> 32) };

  return g_rand_new_with_seed_array (words, 2);
}

static void
shuffle (guint16 *values,
         guint    n,
         GRand   *rand)
{
  for (guint i = n; i > 1; i--)
    {
      guint k = g_rand_int_range (rand, 0, i);
      guint16 tmp = values[i - 1];

      values[i - 1] = values[k];
      values[k] = tmp;
    }
}

/* Teammates apart in one round, by the annealing on that round alone (where no pair can
 * repeat, so only clashes count); when that fails, deal the players out team by team. */
static void
separate_teammates (guint        n_players,
                    guint16     *round,
                    const guint *teams,
                    GRand       *rand)
{
  guint n_tables = n_players / 4;
  g_autofree guint16 *order = NULL;
  g_autofree guint *size = NULL;

  if (count_clashes (n_players, 1, round, teams) == 0)
    return;
  sp_seating_search (n_players, 1, 0, round, teams, 0, 200 * (guint64) n_players, rand);
  if (count_clashes (n_players, 1, round, teams) == 0)
    return;

  /* The deal: biggest teams first, in the shuffled order within a team; player k goes to
   * table k mod T, so a team of at most T players lands at distinct tables. */
  size = g_new0 (guint, n_players);
  order = g_memdup2 (round, n_players * sizeof (guint16));
  {
    g_autoptr(GHashTable) team_size = g_hash_table_new (NULL, NULL);

    for (guint p = 0; p < n_players; p++)
      if (teams[p] != 0)
        {
          gpointer key = GUINT_TO_POINTER (teams[p]);
          guint k = GPOINTER_TO_UINT (g_hash_table_lookup (team_size, key));

          g_hash_table_insert (team_size, key, GUINT_TO_POINTER (k + 1));
        }
    for (guint p = 0; p < n_players; p++)
      if (teams[p] != 0)
        size[p] = GPOINTER_TO_UINT (g_hash_table_lookup (team_size,
                                                         GUINT_TO_POINTER (teams[p])));
  }
  for (guint i = 1; i < n_players; i++)
    for (guint j = i; j > 0; j--)
      {
        guint a = order[j - 1], b = order[j];
        gboolean before = size[a] > size[b]
                          || (size[a] == size[b] && teams[a] <= teams[b]);

        if (before)
          break;
        order[j - 1] = b;
        order[j] = a;
      }
  for (guint k = 0; k < n_players; k++)
    round[4 * (k % n_tables) + k / n_tables] = order[k];
}

/* Relabels a schedule by a permutation of the players: picks it at random, then exchanges
 * labels while that lowers the teammates at one table.  Meetings keep their pattern, so a design
 * keeps its zero repeats. */
static void
relabel (guint        n_players,
         guint        n_rounds,
         guint16     *seats,
         const guint *teams,
         GRand       *rand)
{
  g_autofree guint16 *label = g_new (guint16, n_players);
  g_autofree guint32 *where = NULL;
  gsize size = (gsize) n_players * n_rounds;

  for (guint p = 0; p < n_players; p++)
    label[p] = p;
  shuffle (label, n_players, rand);

  if (teams != NULL && n_rounds <= 64)
    {
      guint clashes = 0;

      where = g_new (guint32, size);
      for (gsize i = 0; i < size; i++)
        where[seats[i] * (gsize) n_rounds + i / n_players] = i;
      for (gsize i = 0; i < size; i += 4)
        for (guint a = 0; a < 4; a++)
          for (guint b = a + 1; b < 4; b++)
            clashes += teammates (teams, label[seats[i + a]], label[seats[i + b]]);

      for (guint move = 0; move < 400 * n_players && clashes > 0; move++)
        {
          guint x = g_rand_int_range (rand, 0, n_players);
          guint y = g_rand_int_range (rand, 0, n_players);
          int before = 0, after = 0;

          if (x == y)
            continue;
          for (int pass = 0; pass < 2; pass++)
            {
              int sum = 0;

              for (guint r = 0; r < n_rounds; r++)
                for (guint w = 0; w < 2; w++)
                  {
                    guint me = w == 0 ? x : y;
                    gsize slot = where[me * (gsize) n_rounds + r];
                    gsize table = slot & ~(gsize) 3;

                    for (guint k = 0; k < 4; k++)
                      if (table + k != slot)
                        sum += teammates (teams, label[me], label[seats[table + k]]);
                  }
              if (pass == 0)
                {
                  guint16 tmp = label[x];

                  before = sum;
                  label[x] = label[y];
                  label[y] = tmp;
                }
              else
                after = sum;
            }
          if (after <= before)
            clashes -= before - after;
          else
            {
              guint16 tmp = label[x];

              label[x] = label[y];
              label[y] = tmp;
            }
        }
    }

  for (gsize i = 0; i < size; i++)
    seats[i] = label[seats[i]];
}

/* The tables and winds of a finished schedule. */
static SpSeatingPlan *
finish_plan (SpSeatingPlan  *plan,
             const guint    *teams,
             GRand          *rand,
             GError        **error)
{
  if (count_clashes (plan->n_players, plan->n_rounds, plan->seats, teams) > 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "teams: no schedule of %u round keeping teammates apart was found",
                                "teams: no schedule of %u rounds keeping teammates apart was found",
                                plan->n_rounds),
                   plan->n_rounds);
      sp_seating_plan_free (plan);
      return NULL;
    }
  sp_seating_spread_tables (plan, rand);
  sp_seating_balance_winds (plan);
  return plan;
}

/* A start for sizes without a design of their own: the design of the nearest larger size that
 * has enough rounds, without the players beyond N.  Tables left short are filled again from the
 * players they lost, each seat taking the one who has met the table least so far; the annealing
 * then mends the few repeats that leaves. */
static gboolean
start_from_larger_design (guint    n_players,
                          guint    n_rounds,
                          guint16 *seats,
                          GRand   *rand)
{
  guint m = n_players + 4;
  g_autofree guint16 *big = NULL;
  g_autofree guint16 *label = NULL;
  g_autofree guint16 *meet = NULL;
  g_autofree guint16 *left = NULL;

  while (m <= 1024 && sp_seating_design_rounds (m) < n_rounds)
    m += 4;
  if (m > 1024 || m > 2 * n_players)
    return FALSE;

  big = g_new (guint16, (gsize) m * n_rounds);
  sp_seating_design (m, n_rounds, big);
  /* Which players of the design are left out is drawn by lot. */
  label = g_new (guint16, m);
  for (guint p = 0; p < m; p++)
    label[p] = p;
  shuffle (label, m, rand);
  meet = g_new0 (guint16, (gsize) n_players * n_players);
  left = g_new (guint16, m);

  for (guint r = 0; r < n_rounds; r++)
    {
      const guint16 *from = big + (gsize) r * m;
      guint16 *round = seats + (gsize) r * n_players;
      guint n_seated = 0, n_left = 0;

      for (guint t = 0; t < m; t += 4)
        {
          guint kept = 0;

          for (guint s = 0; s < 4; s++)
            kept += label[from[t + s]] < n_players;
          for (guint s = 0; s < 4; s++)
            {
              guint p = label[from[t + s]];

              if (p >= n_players)
                continue;
              if (kept == 4)
                round[n_seated++] = p;
              else
                left[n_left++] = p;
            }
        }
      while (n_left > 0)
        {
          round[n_seated++] = left[--n_left];
          for (guint s = 1; s < 4; s++)
            {
              guint best = 0, best_cost = G_MAXUINT;

              for (guint i = 0; i < n_left; i++)
                {
                  guint cost = 0;

                  for (guint k = n_seated - s; k < n_seated; k++)
                    cost += meet[(gsize) left[i] * n_players + round[k]];
                  if (cost < best_cost)
                    {
                      best_cost = cost;
                      best = i;
                    }
                }
              round[n_seated++] = left[best];
              left[best] = left[--n_left];
            }
        }
      for (guint t = 0; t < n_players; t += 4)
        for (guint a = 0; a < 4; a++)
          for (guint b = 0; b < 4; b++)
            if (a != b)
              meet[(gsize) round[t + a] * n_players + round[t + b]]++;
    }
  return TRUE;
}

SpSeatingPlan *
sp_seating_plan_balanced (guint         n_players,
                          guint         n_rounds,
                          guint64       seed,
                          const guint  *teams,
                          GError      **error)
{
  g_autoptr(GRand) rand = NULL;
  SpSeatingPlan *plan;
  guint design_rounds = 0;
  guint target;

  if (!check_size (n_players, n_rounds, error) || !check_teams (n_players, teams, error))
    return NULL;

  rand = rand_from_seed (seed);
  plan = sp_seating_plan_new (n_players, n_rounds);

  /* A start without repeats as far as a design goes; rounds past it repeat its first ones,
   * which already meets the counting bound when the design has every pair meet once. */
  design_rounds = sp_seating_design (n_players, n_rounds, plan->seats);
  if (design_rounds == 0 && !start_from_larger_design (n_players, n_rounds, plan->seats, rand))
    for (guint r = 0; r < n_rounds; r++)
      {
        guint16 *round = plan->seats + (gsize) r * n_players;

        for (guint p = 0; p < n_players; p++)
          round[p] = p;
        shuffle (round, n_players, rand);
      }
  relabel (n_players, n_rounds, plan->seats, teams, rand);

  target = n_rounds <= design_rounds && teams == NULL ? 0 : team_bound (n_players, n_rounds, teams);
  /* Past a design, its rounds are as good as rounds get: first only the rounds beyond it are
   * searched, to meet the pairs the design leaves apart (44 players over 15 rounds reach the
   * bound so), and the whole schedule only if that falls short. */
  if (design_rounds > 0 && n_rounds > design_rounds && teams == NULL)
    sp_seating_search (n_players, n_rounds, design_rounds, plan->seats, teams, target,
                       SEARCH_MOVES / 4, rand);
  sp_seating_search (n_players, n_rounds, 0, plan->seats, teams, target, SEARCH_MOVES, rand);
  return finish_plan (plan, teams, rand, error);
}

SpSeatingPlan *
sp_seating_plan_random (guint         n_players,
                        guint         n_rounds,
                        guint64       seed,
                        const guint  *teams,
                        GError      **error)
{
  g_autoptr(GRand) rand = NULL;
  SpSeatingPlan *plan;

  if (!check_size (n_players, n_rounds, error) || !check_teams (n_players, teams, error))
    return NULL;

  rand = rand_from_seed (seed);
  plan = sp_seating_plan_new (n_players, n_rounds);
  for (guint r = 0; r < n_rounds; r++)
    {
      guint16 *round = plan->seats + (gsize) r * n_players;

      for (guint p = 0; p < n_players; p++)
        round[p] = p;
      shuffle (round, n_players, rand);
      if (teams != NULL)
        separate_teammates (n_players, round, teams, rand);
    }
  return finish_plan (plan, teams, rand, error);
}

/* Swiss rounds (瑞士移位). */

typedef struct
{
  guint          n;
  const guint8  *meetings;
  const guint   *teams;
  const guint   *rank;    /* rank[player]: 0 for the leader */
} SwissRound;

/* What seating p with q costs: a teammate far more than any number of meetings. */
static guint
swiss_pair_cost (const SwissRound *sw,
                 guint             p,
                 guint             q)
{
  guint cost = sw->meetings != NULL ? sw->meetings[(gsize) p * sw->n + q] : 0;

  if (teammates (sw->teams, p, q))
    cost += 1000;
  return cost;
}

static guint
swiss_table_cost (const SwissRound *sw,
                  const guint16    *table)
{
  guint cost = 0;

  for (guint a = 0; a < 4; a++)
    for (guint b = a + 1; b < 4; b++)
      cost += swiss_pair_cost (sw, table[a], table[b]);
  return cost;
}

/* Mends meetings and teammates left over by the first pass, exchanging players with the
 * tables nearest in the standings first, keeping their seat (so 蛇形 keeps its pattern), and
 * among equal gains the exchange closest in rank. */
static void
swiss_mend (const SwissRound *sw,
            guint16          *round)
{
  guint n_tables = sw->n / 4;

  for (guint reach = 1; reach < n_tables; reach++)
    {
      gboolean improved = TRUE;
      guint total = 0;

      for (guint t = 0; t < n_tables; t++)
        total += swiss_table_cost (sw, round + 4 * t);
      if (total == 0)
        break;

      for (guint pass = 0; pass < 16 && improved; pass++)
        {
          improved = FALSE;
          for (guint t = 0; t < n_tables; t++)
            {
              guint16 *table = round + 4 * t;
              guint best_gain = 0, best_u = 0, best_s = 0, best_distance = G_MAXUINT;

              if (swiss_table_cost (sw, table) == 0)
                continue;
              for (guint u = (t >= reach ? t - reach : 0); u <= MIN (t + reach, n_tables - 1); u++)
                {
                  guint16 *other = round + 4 * u;

                  if (u == t)
                    continue;
                  for (guint s = 0; s < 4; s++)
                    {
                      guint before = swiss_table_cost (sw, table) + swiss_table_cost (sw, other);
                      guint after, distance;
                      guint16 tmp = table[s];

                      table[s] = other[s];
                      other[s] = tmp;
                      after = swiss_table_cost (sw, table) + swiss_table_cost (sw, other);
                      other[s] = table[s];
                      table[s] = tmp;
                      if (after >= before)
                        continue;
                      distance = ABS ((int) sw->rank[table[s]] - (int) sw->rank[other[s]]);
                      if (before - after > best_gain
                          || (before - after == best_gain && distance < best_distance))
                        {
                          best_gain = before - after;
                          best_distance = distance;
                          best_u = u;
                          best_s = s;
                        }
                    }
                }
              if (best_gain > 0)
                {
                  guint16 *other = round + 4 * best_u;
                  guint16 tmp = table[best_s];

                  table[best_s] = other[best_s];
                  other[best_s] = tmp;
                  improved = TRUE;
                }
            }
        }
    }
}

/* 高高碰: fill the tables in order of the standings; each seat takes the best-ranked player who
 * has met none of those already seated (and is not their teammate) among this table's and the
 * next table's candidates, else the one with the fewest meetings. */
static void
swiss_high_high (const SwissRound *sw,
                 const guint      *ranking,
                 guint16          *round)
{
  g_autofree guint *left = g_memdup2 (ranking, sw->n * sizeof (guint));
  guint n_left = sw->n;

  for (guint t = 0; t < sw->n / 4; t++)
    {
      guint16 *table = round + 4 * t;

      table[0] = left[0];
      memmove (left, left + 1, --n_left * sizeof (guint));
      for (guint s = 1; s < 4; s++)
        {
          guint window = MIN (n_left, 8);
          guint best = 0, best_cost = G_MAXUINT;

          for (guint i = 0; i < window; i++)
            {
              guint cost = 0;

              for (guint k = 0; k < s; k++)
                cost += swiss_pair_cost (sw, left[i], table[k]);
              if (cost < best_cost)
                {
                  best_cost = cost;
                  best = i;
                }
            }
          table[s] = left[best];
          memmove (left + best, left + best + 1, (--n_left - best) * sizeof (guint));
        }
    }
}

/* 蛇形: E seats from the top down, S from the middle up, W from the middle down, N from the
 * bottom up, so table 1 holds ranks 1, 2T, 2T+1 and 4T. */
static void
swiss_snake (const SwissRound *sw,
             const guint      *ranking,
             guint16          *round)
{
  guint n_tables = sw->n / 4;

  for (guint s = 0; s < 4; s++)
    for (guint i = 0; i < n_tables; i++)
      {
        guint t = s % 2 == 0 ? i : n_tables - 1 - i;

        round[4 * t + s] = ranking[s * n_tables + i];
      }
}

gboolean
sp_seating_round_swiss (guint          n_players,
                        const guint   *ranking,
                        const guint8  *meetings,
                        const guint   *teams,
                        SpSwissMethod  method,
                        guint16       *round,
                        GError       **error)
{
  g_autofree guint *rank = NULL;
  SwissRound sw = { n_players, meetings, teams, NULL };

  g_return_val_if_fail (ranking != NULL && round != NULL, FALSE);

  if (!check_size (n_players, 1, error) || !check_teams (n_players, teams, error))
    return FALSE;
  rank = g_new (guint, n_players);
  memset (rank, 0xff, n_players * sizeof (guint));
  for (guint i = 0; i < n_players; i++)
    {
      if (ranking[i] >= n_players)
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: place %u is a rank in the standings; player %u a
                        * player's number; the last %u the number of players. */
                       _("ranking, place %u: no player %u among %u"), i + 1, ranking[i] + 1,
                       n_players);
          return FALSE;
        }
      if (rank[ranking[i]] != G_MAXUINT)
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       _("ranking, place %u: player %u is already at place %u"), i + 1,
                       ranking[i] + 1, rank[ranking[i]] + 1);
          return FALSE;
        }
      rank[ranking[i]] = i;
    }
  sw.rank = rank;

  switch (method)
    {
    case SP_SWISS_SNAKE:
      swiss_snake (&sw, ranking, round);
      break;
    case SP_SWISS_HIGH_HIGH:
    default:
      swiss_high_high (&sw, ranking, round);
      break;
    }
  swiss_mend (&sw, round);
  if (count_clashes (n_players, 1, round, teams) > 0)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (n_players);

      separate_teammates (n_players, round, teams, rand);
    }
  return TRUE;
}
