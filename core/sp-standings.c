/* sp-standings.c: session scores, table points (标准分) and standings with their tie-breaks.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-standings.h"
#include "sp-riichi-sheet.h"

#include <string.h>

static const char *ranking_names[] = { "r98", "ema", "score" };

const char *
sp_ranking_to_string (SpRanking ranking)
{
  g_return_val_if_fail ((guint) ranking < G_N_ELEMENTS (ranking_names), "?");
  return ranking_names[ranking];
}

gboolean
sp_ranking_from_string (const char *text,
                        SpRanking  *ranking)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (ranking != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (ranking_names); i++)
    {
      if (g_ascii_strcasecmp (text, ranking_names[i]) == 0)
        {
          *ranking = (SpRanking) i;
          return TRUE;
        }
    }
  return FALSE;
}

gint64
sp_session_score (gint64        start_score,
                  const gint32 *deltas,
                  guint         n_deltas,
                  const gint32 *penalties,
                  guint         n_penalties)
{
  gint64 score = start_score;

  g_return_val_if_fail (deltas != NULL || n_deltas == 0, start_score);
  g_return_val_if_fail (penalties != NULL || n_penalties == 0, start_score);

  for (guint i = 0; i < n_deltas; i++)
    score += deltas[i];
  for (guint i = 0; i < n_penalties; i++)
    score += penalties[i];
  return score;
}

/* Standard score of place @place (1-based) in a group of @n, ×12: N for the first, N − place
 * for the others, 0 for the last (R98 第十条). */
static gint64
place_points_x12 (guint place,
                  guint n)
{
  if (place == 1)
    return (gint64) n * SP_TABLE_POINTS_SCALE;
  if (place == n)
    return 0;
  return (gint64) (n - place) * SP_TABLE_POINTS_SCALE;
}

static int
compare_scores_descending (gconstpointer a,
                           gconstpointer b,
                           gpointer      user_data)
{
  const gint64 *scores = user_data;
  gint64 x = scores[*(const guint *) a], y = scores[*(const guint *) b];

  return (x < y) - (x > y);
}

/* Fills @order with the indices of @scores, highest score first; equal scores keep their
 * order.  Groups are usually one table, so small ones are sorted in place. */
static void
order_by_score (const gint64 *scores,
                guint         n,
                guint        *order)
{
  for (guint i = 0; i < n; i++)
    order[i] = i;

  if (n > 16)
    {
      g_qsort_with_data (order, (gint) n, sizeof order[0], compare_scores_descending,
                         (gpointer) scores);
      return;
    }
  for (guint i = 1; i < n; i++)
    {
      guint index = order[i];
      guint j = i;

      for (; j > 0 && scores[order[j - 1]] < scores[index]; j--)
        order[j] = order[j - 1];
      order[j] = index;
    }
}

/* Places and shared points of a group already ordered by score. */
static void
share_places (const gint64 *scores,
              guint         n,
              const guint  *order,
              guint        *places,
              gint32       *points_x12)
{
  guint first = 0;

  while (first < n)
    {
      guint end = first + 1;
      gint64 sum = 0;
      gint64 share;

      while (end < n && scores[order[end]] == scores[order[first]])
        end++;
      for (guint place = first + 1; place <= end; place++)
        sum += place_points_x12 (place, n);
      /* Tied players share the points of the places they tie for; the sum is never negative,
       * so this rounds half up, and is exact for ties of up to four. */
      share = (2 * sum + (end - first)) / (2 * (gint64) (end - first));
      for (guint i = first; i < end; i++)
        {
          places[order[i]] = first + 1;
          points_x12[order[i]] = (gint32) share;
        }
      first = end;
    }
}

void
sp_group_points (const gint64 *scores,
                 guint         n_players,
                 guint        *places,
                 gint32       *points_x12)
{
  guint small[16];
  g_autofree guint *large = NULL;
  guint *order = small;

  g_return_if_fail (scores != NULL && places != NULL && points_x12 != NULL);
  g_return_if_fail (n_players >= 2);

  if (n_players > G_N_ELEMENTS (small))
    order = large = g_new (guint, n_players);
  order_by_score (scores, n_players, order);
  share_places (scores, n_players, order, places, points_x12);
}

void
sp_table_points (const gint64 scores[4],
                 guint8       places[4],
                 gint32       points_x12[4])
{
  guint order[4];
  guint table_places[4];

  g_return_if_fail (scores != NULL && places != NULL && points_x12 != NULL);

  order_by_score (scores, 4, order);
  share_places (scores, 4, order, table_places, points_x12);
  for (guint i = 0; i < 4; i++)
    places[i] = (guint8) table_places[i];
}

static int
compare_descending (gint64 x,
                    gint64 y)
{
  return (x < y) - (x > y);
}

/* < 0 when @a ranks above @b, 0 when the ranking cannot tell them apart. */
static int
compare_standings (const SpStanding *a,
                   const SpStanding *b,
                   SpRanking         ranking)
{
  int c;

  switch (ranking)
    {
    case SP_RANKING_SCORE:
      if ((c = compare_descending (a->score, b->score)) != 0)
        return c;
      return compare_descending (a->table_points_x12, b->table_points_x12);

    case SP_RANKING_EMA:
      if ((c = compare_descending (a->table_points_x12, b->table_points_x12)) != 0)
        return c;
      return compare_descending (a->score, b->score);

    case SP_RANKING_R98:
    default:
      if ((c = compare_descending (a->table_points_x12, b->table_points_x12)) != 0)
        return c;
      if ((c = compare_descending (a->score, b->score)) != 0)
        return c;
      if ((c = compare_descending (a->best_table_points_x12, b->best_table_points_x12)) != 0)
        return c;
      /* "Sessions with high table points": more 1st places, then more 2nd, then more 3rd;
       * with as many sessions that also means fewer 4th places. */
      for (guint place = 0; place < 3; place++)
        {
          if ((c = compare_descending (a->places[place], b->places[place])) != 0)
            return c;
        }
      return 0;
    }
}

typedef struct
{
  SpRanking ranking;
} RankingOrder;

static int
compare_for_sort (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const SpStanding *x = a, *y = b;
  const RankingOrder *order = user_data;
  int c = compare_standings (x, y, order->ranking);

  if (c != 0)
    return c;
  return (x->player > y->player) - (x->player < y->player);
}

/* Sorts best first and gives ranks; players the ranking cannot tell apart share a rank. */
static void
rank_standings (GArray    *standings,
                SpRanking  ranking)
{
  RankingOrder order = { ranking };

  g_array_sort_with_data (standings, compare_for_sort, &order);
  for (guint i = 0; i < standings->len; i++)
    {
      SpStanding *standing = &g_array_index (standings, SpStanding, i);

      if (i > 0 && compare_standings (standing - 1, standing, ranking) == 0)
        standing->rank = standing[-1].rank;
      else
        standing->rank = i + 1;
    }
}

GArray *
sp_standings_compute (const SpSessionResult *results,
                      guint                  n_results,
                      SpRanking              ranking)
{
  g_autoptr(GHashTable) index_of = NULL;
  GArray *standings;

  g_return_val_if_fail (results != NULL || n_results == 0, NULL);
  g_return_val_if_fail ((guint) ranking < G_N_ELEMENTS (ranking_names), NULL);

  standings = g_array_new (FALSE, TRUE, sizeof (SpStanding));
  index_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < n_results; i++)
    {
      const SpSessionResult *result = &results[i];
      gpointer value;
      SpStanding *standing;

      /* Indices are stored + 1 so that a player's absence (NULL) is told from index 0. */
      if (g_hash_table_lookup_extended (index_of, GUINT_TO_POINTER (result->player), NULL,
                                        &value))
        {
          standing = &g_array_index (standings, SpStanding, GPOINTER_TO_UINT (value) - 1);
        }
      else
        {
          SpStanding fresh = { 0 };

          fresh.player = result->player;
          g_array_append_val (standings, fresh);
          g_hash_table_insert (index_of, GUINT_TO_POINTER (result->player),
                               GUINT_TO_POINTER (standings->len));
          standing = &g_array_index (standings, SpStanding, standings->len - 1);
        }

      standing->table_points_x12 += result->table_points_x12;
      standing->score += result->score;
      if (standing->sessions == 0 || result->table_points_x12 > standing->best_table_points_x12)
        standing->best_table_points_x12 = result->table_points_x12;
      standing->sessions++;
      /* Places beyond 4th (groups larger than a table) count toward no place tie-break. */
      if (result->place >= 1 && result->place <= 4)
        standing->places[result->place - 1]++;
    }

  rank_standings (standings, ranking);
  return standings;
}

GArray *
sp_standings_teams (const GArray *players,
                    SpRanking     ranking)
{
  g_autoptr(GHashTable) index_of = NULL;
  GArray *teams;
  /* Team standings have no best-session or places tie-break: R98 and EMA rank teams by table
   * points then score, the score ranking by score then table points. */
  SpRanking team_ranking = ranking == SP_RANKING_SCORE ? SP_RANKING_SCORE : SP_RANKING_EMA;

  g_return_val_if_fail (players != NULL, NULL);
  g_return_val_if_fail ((guint) ranking < G_N_ELEMENTS (ranking_names), NULL);
  g_return_val_if_fail (g_array_get_element_size ((GArray *) players) == sizeof (SpStanding),
                        NULL);

  teams = g_array_new (FALSE, TRUE, sizeof (SpStanding));
  index_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < players->len; i++)
    {
      const SpStanding *member = &g_array_index (players, SpStanding, i);
      gpointer value;
      SpStanding *team;

      if (member->team == 0)
        continue;
      if (g_hash_table_lookup_extended (index_of, GUINT_TO_POINTER (member->team), NULL,
                                        &value))
        {
          team = &g_array_index (teams, SpStanding, GPOINTER_TO_UINT (value) - 1);
        }
      else
        {
          SpStanding fresh = { 0 };

          fresh.player = member->team;
          fresh.team = member->team;
          fresh.best_table_points_x12 = member->best_table_points_x12;
          g_array_append_val (teams, fresh);
          g_hash_table_insert (index_of, GUINT_TO_POINTER (member->team),
                               GUINT_TO_POINTER (teams->len));
          team = &g_array_index (teams, SpStanding, teams->len - 1);
        }

      team->table_points_x12 += member->table_points_x12;
      team->score += member->score;
      team->sessions += member->sessions;
      team->best_table_points_x12 = MAX (team->best_table_points_x12,
                                         member->best_table_points_x12);
      for (guint place = 0; place < 4; place++)
        team->places[place] += member->places[place];
    }

  rank_standings (teams, team_ranking);
  return teams;
}

static gboolean
contains_id (const gint64 *ids,
             guint         n_ids,
             gint64        id)
{
  for (guint i = 0; i < n_ids; i++)
    if (ids[i] == id)
      return TRUE;
  return FALSE;
}

/* Gives ranks to @n standings from @standings (sorted) on: the first @offset + 1, players the
 * ranking cannot tell apart sharing one. */
static void
give_ranks (SpStanding *standings,
            guint       n,
            guint       offset,
            SpRanking   ranking)
{
  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && compare_standings (&standings[i - 1], &standings[i], ranking) == 0)
        standings[i].rank = standings[i - 1].rank;
      else
        standings[i].rank = offset + i + 1;
    }
}

void
sp_standings_put_first (GArray       *standings,
                        const gint64 *first,
                        guint         n_first,
                        SpRanking     ranking)
{
  g_autoptr(GArray) front = NULL;
  g_autoptr(GArray) back = NULL;
  guint n_front;

  g_return_if_fail (standings != NULL);
  g_return_if_fail (first != NULL || n_first == 0);

  front = g_array_new (FALSE, FALSE, sizeof (SpStanding));
  back = g_array_new (FALSE, FALSE, sizeof (SpStanding));
  for (guint i = 0; i < standings->len; i++)
    {
      const SpStanding *standing = &g_array_index (standings, SpStanding, i);

      g_array_append_val (contains_id (first, n_first, standing->player) ? front : back,
                          *standing);
    }
  n_front = front->len;
  give_ranks ((SpStanding *) front->data, front->len, 0, ranking);
  give_ranks ((SpStanding *) back->data, back->len, n_front, ranking);
  g_array_set_size (standings, 0);
  g_array_append_vals (standings, front->data, front->len);
  g_array_append_vals (standings, back->data, back->len);
}

/* A Riichi table's results from its hanchan's end: places, uma as table points (×12 in
 * thousands), tournament points (in points, penalties included) as the score. */
static void
riichi_session_results (const SpTableResult      *table,
                        const SpRiichiTableRules *rules,
                        SpSessionResult           results[4])
{
  SpRiichiFinal final;

  sp_riichi_table_result_final (table, rules, &final);
  for (guint c = 0; c < 4; c++)
    {
      results[c].place = final.place[c];
      results[c].group_place = final.place[c];
      results[c].table_points_x12 = final.uma[c] * SP_TABLE_POINTS_SCALE / 1000;
      results[c].alone_points_x12 = results[c].table_points_x12;
      results[c].score = final.score[c] + table->penalties[c];
      results[c].final_points = final.points[c];
      results[c].uma = final.uma[c];
      results[c].chombos = table->chombos[c];
    }
}

GArray *
sp_session_results_from_tables (const SpTableResult    *tables,
                                guint                   n_tables,
                                const SpStandingsInput *input)
{
  g_autoptr(GPtrArray) counted = NULL;
  g_autofree gint64 *group_scores = NULL;
  g_autofree guint *group_places = NULL;
  g_autofree gint32 *group_points = NULL;
  GArray *results;
  guint group_tables;

  g_return_val_if_fail (tables != NULL || n_tables == 0, NULL);
  g_return_val_if_fail (input != NULL, NULL);

  group_tables = CLAMP (input->group_tables, 1, 256);
  group_scores = g_new (gint64, 4 * group_tables);
  group_places = g_new (guint, 4 * group_tables);
  group_points = g_new (gint32, 4 * group_tables);

  /* The tables that count: once they have a hand, or when their session was closed (time
   * up). */
  counted = g_ptr_array_sized_new (n_tables);
  for (guint i = 0; i < n_tables; i++)
    if (tables[i].n_hands > 0 || tables[i].closed)
      g_ptr_array_add (counted, (gpointer) &tables[i]);

  /* Table points: 4 / 2 / 1 / 0 at each table, or with group_tables=N the standard score of
   * the group of tables 1–N, N+1–2N, … of a session (R98 第十条).  The place kept for the
   * tie-breaks is the place at the table. */
  results = g_array_sized_new (FALSE, TRUE, sizeof (SpSessionResult), counted->len * 4);
  for (guint first = 0, end; first < counted->len; first = end)
    {
      const SpTableResult *head = counted->pdata[first];
      guint n_players = 0;

      for (end = first; end < counted->len; end++)
        {
          const SpTableResult *table = counted->pdata[end];

          /* A group holds group_tables tables at most, even when the results name a table
           * twice (a damaged store): the scores of one group fill group_scores. */
          if (table->session != head->session
              || (table->table - 1) / group_tables != (head->table - 1) / group_tables
              || end - first >= group_tables)
            break;
          for (guint c = 0; c < 4; c++)
            group_scores[n_players++] = table->hand_scores[c]
                                        + (input->penalties_in_session ? table->penalties[c] : 0);
        }
      if (group_tables > 1)
        sp_group_points (group_scores, n_players, group_places, group_points);

      for (guint k = first; k < end; k++)
        {
          const SpTableResult *table = counted->pdata[k];
          const gint64 *scores = &group_scores[4 * (k - first)];
          SpSessionResult four[4] = { 0 };
          guint8 places[4];
          gint32 points[4];

          sp_table_points (scores, places, points);
          for (guint c = 0; c < 4; c++)
            {
              four[c].player = (guint32) table->players[c];
              four[c].session = table->session;
              four[c].table = table->table;
              four[c].score = table->hand_scores[c] + table->penalties[c];
              four[c].table_points_x12 = group_tables > 1 ? group_points[4 * (k - first) + c]
                                                          : points[c];
              four[c].alone_points_x12 = points[c];
              four[c].place = places[c];
              four[c].group_place = group_tables > 1
                                    ? (guint16) MIN (group_places[4 * (k - first) + c],
                                                     G_MAXUINT16)
                                    : places[c];
              four[c].penalties = table->penalties[c];
              four[c].ranked = !contains_id (input->excluded, input->n_excluded,
                                             table->players[c]);
            }
          if (input->riichi != NULL)
            riichi_session_results (table, input->riichi, four);
          g_array_append_vals (results, four, 4);
        }
    }
  return results;
}

GArray *
sp_standings_from_tables (const SpTableResult    *tables,
                          guint                   n_tables,
                          const SpStandingsInput *input)
{
  return sp_standings_from_tables_with_sessions (tables, n_tables, input, NULL);
}

GArray *
sp_standings_from_tables_with_sessions (const SpTableResult    *tables,
                                        guint                   n_tables,
                                        const SpStandingsInput *input,
                                        GArray                **session_results)
{
  g_autoptr(GArray) all = NULL;
  g_autoptr(GArray) results = NULL;
  g_autoptr(GArray) finalists = NULL;
  GArray *standings;

  g_return_val_if_fail (tables != NULL || n_tables == 0, NULL);
  g_return_val_if_fail (input != NULL, NULL);

  /* The players of a final's tables are its finalists, played or not. */
  finalists = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < n_tables; i++)
    if (input->final_session > 0 && tables[i].session == input->final_session)
      g_array_append_vals (finalists, tables[i].players, 4);

  all = sp_session_results_from_tables (tables, n_tables, input);
  results = g_array_sized_new (FALSE, TRUE, sizeof (SpSessionResult), all->len);
  for (guint i = 0; i < all->len; i++)
    if (g_array_index (all, SpSessionResult, i).ranked)
      g_array_append_val (results, g_array_index (all, SpSessionResult, i));
  standings = sp_standings_compute ((const SpSessionResult *) results->data, results->len,
                                    input->ranking);

  /* Players seated at a table without a hand yet (mid-session), and the entrants, are listed
   * with nothing yet. */
  {
    g_autoptr(GHashTable) listed = g_hash_table_new (g_direct_hash, g_direct_equal);
    guint before = standings->len;

    for (guint i = 0; i < standings->len; i++)
      g_hash_table_add (listed,
                        GUINT_TO_POINTER (g_array_index (standings, SpStanding, i).player));
    for (guint i = 0; i < 4 * n_tables + input->n_entrants; i++)
      {
        gint64 id = i < 4 * n_tables ? tables[i / 4].players[i % 4]
                    : input->entrants[i - 4 * n_tables];
        SpStanding fresh = { 0 };

        fresh.player = (guint32) id;
        if (g_hash_table_contains (listed, GUINT_TO_POINTER (fresh.player))
            || contains_id (input->excluded, input->n_excluded, id))
          continue;
        g_hash_table_add (listed, GUINT_TO_POINTER (fresh.player));
        g_array_append_val (standings, fresh);
      }
    if (standings->len > before)
      rank_standings (standings, input->ranking);
  }
  if (finalists->len > 0)
    sp_standings_put_first (standings, (const gint64 *) finalists->data, finalists->len,
                            input->ranking);
  if (session_results != NULL)
    *session_results = g_steal_pointer (&all);
  return standings;
}

SpTieBreak
sp_standings_decider (const SpStanding *above,
                      const SpStanding *below,
                      SpRanking         ranking)
{
  g_return_val_if_fail (above != NULL && below != NULL, SP_TIE_BREAK_TIED);

  switch (ranking)
    {
    case SP_RANKING_SCORE:
      if (above->score != below->score)
        return SP_TIE_BREAK_PRIMARY;
      if (above->table_points_x12 != below->table_points_x12)
        return SP_TIE_BREAK_TABLE_POINTS;
      return SP_TIE_BREAK_TIED;

    case SP_RANKING_EMA:
      if (above->table_points_x12 != below->table_points_x12)
        return SP_TIE_BREAK_PRIMARY;
      if (above->score != below->score)
        return SP_TIE_BREAK_SCORE;
      return SP_TIE_BREAK_TIED;

    case SP_RANKING_R98:
    default:
      if (above->table_points_x12 != below->table_points_x12)
        return SP_TIE_BREAK_PRIMARY;
      if (above->score != below->score)
        return SP_TIE_BREAK_SCORE;
      if (above->best_table_points_x12 != below->best_table_points_x12)
        return SP_TIE_BREAK_BEST_SESSION;
      /* The places in the order compare_standings () reads them: 1st, 2nd, 3rd. */
      for (guint place = 0; place < 3; place++)
        if (above->places[place] != below->places[place])
          return SP_TIE_BREAK_FIRSTS + place;
      return SP_TIE_BREAK_TIED;
    }
}

const SpPendingHands *
sp_pending_hands_find (const GArray *pending,
                       gint64        player)
{
  for (guint i = 0; pending != NULL && i < pending->len; i++)
    if (g_array_index (pending, SpPendingHands, i).player == player)
      return &g_array_index (pending, SpPendingHands, i);
  return NULL;
}
