/* sp-db-sessions.c: the director's operations on sessions: the draw (balanced, random, Swiss,
 * a final of the top N), what a session still misses, closing and reopening it, and the
 * standings the store's results give.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

gboolean
sp_db_check_session (const SpTournament  *tournament,
                     guint                session,
                     GError             **error)
{
  g_return_val_if_fail (tournament != NULL, FALSE);

  if (session < 1 || session > tournament->n_sessions)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("The tournament has %u sessions: there is no session %u."),
                   tournament->n_sessions, session);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_get_drawn_session (SpDb           *db,
                         gint64          tournament,
                         guint           session,
                         SpSessionInfo  *info,
                         GError        **error)
{
  if (!sp_db_get_session (db, tournament, session, info, error))
    return FALSE;
  if (!info->exists || info->n_tables == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("Session %u has not been drawn (seating draw --session %u)."), session,
                   session);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_check_open (guint      session,
                  gboolean   closed,
                  GError   **error)
{
  if (!closed)
    return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               _("Session %u is closed: its hands and penalties are frozen (session reopen "
                 "--session %u --force to correct it)."), session, session);
  return FALSE;
}

gboolean
sp_db_get_open_session (SpDb           *db,
                        gint64          tournament,
                        guint           session,
                        SpSessionInfo  *info,
                        GError        **error)
{
  return sp_db_get_drawn_session (db, tournament, session, info, error)
         && sp_db_check_open (session, info->closed, error);
}

/* A session of the tournament that has been drawn, else SP_DB_ERROR_NOT_FOUND. */
static gboolean
get_drawn_session (SpDb                *db,
                   const SpTournament  *tournament,
                   guint                session,
                   SpSessionInfo       *info,
                   GError             **error)
{
  return sp_db_check_session (tournament, session, error)
         && sp_db_get_drawn_session (db, tournament->id, session, info, error);
}

/* ---- standings ------------------------------------------------------------------------- */

/* @team's number among @numbers (team name → number), 1.. in order of first appearance; 0
 * for no team. */
static guint
team_number (GHashTable *numbers,
             const char *team)
{
  if (team == NULL || team[0] == '\0')
    return 0;
  if (!g_hash_table_contains (numbers, team))
    g_hash_table_insert (numbers, (gpointer) team,
                         GUINT_TO_POINTER (g_hash_table_size (numbers) + 1));
  return GPOINTER_TO_UINT (g_hash_table_lookup (numbers, team));
}

/* With @counting NULL, the hands the tournament counts (two-key entry: those confirmed); with
 * @tables_out, the table results the standings are summed from as sp_db_list_table_results ()
 * gives them. */
static GArray *
compute_standings_of (SpDb                *db,
                      const SpTournament  *tournament,
                      guint                last_session,
                      const SpDbCounting  *counting,
                      GPtrArray          **players_out,
                      GArray             **session_results,
                      GArray             **tables_out,
                      GError             **error);

static GArray *
compute_standings (SpDb                *db,
                   const SpTournament  *tournament,
                   guint                last_session,
                   GPtrArray          **players_out,
                   GArray             **session_results,
                   GArray             **tables_out,
                   GError             **error)
{
  return compute_standings_of (db, tournament, last_session, NULL, players_out,
                               session_results, tables_out, error);
}

GArray *
sp_db_compute_standings_counting (SpDb                *db,
                                  const SpTournament  *tournament,
                                  guint                last_session,
                                  SpDbCounting         counting,
                                  GError             **error)
{
  return compute_standings_of (db, tournament, last_session, &counting, NULL, NULL, NULL,
                               error);
}

static GArray *
compute_standings_of (SpDb                *db,
                      const SpTournament  *tournament,
                      guint                last_session,
                      const SpDbCounting  *counting,
                      GPtrArray          **players_out,
                      GArray             **session_results,
                      GArray             **tables_out,
                      GError             **error)
{
  g_autoptr(GArray) tables = NULL;
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GArray) closed = NULL;
  g_autoptr(GArray) excluded = g_array_new (FALSE, FALSE, sizeof (gint64));
  SpStandingsInput input = { 0 };
  SpRiichiTableRules riichi;

  tables = counting != NULL
           ? sp_db_list_table_results_counting (db, tournament->id, last_session, *counting,
                                                error)
           : sp_db_list_table_results (db, tournament->id, last_session, error);
  if (tables == NULL)
    return NULL;
  /* Before the closed sessions are marked below: the results as they are read. */
  if (tables_out != NULL)
    *tables_out = g_array_copy (tables);
  players = sp_db_list_players (db, tournament->id, error);
  if (players == NULL)
    return NULL;
  closed = sp_db_list_closed_sessions (db, tournament->id, error);
  if (closed == NULL)
    return NULL;
  for (guint i = 0; i < tables->len; i++)
    {
      SpTableResult *table = &g_array_index (tables, SpTableResult, i);

      for (guint k = 0; k < closed->len; k++)
        if (g_array_index (closed, gint64, k) == table->session)
          table->closed = TRUE;
    }
  for (guint i = 0; i < players->len; i++)
    {
      const SpPlayer *player = players->pdata[i];

      if (player->status == SP_PLAYER_SUBSTITUTE && tournament->settings.substitutes_unranked)
        g_array_append_val (excluded, player->id);
    }
  sp_ranking_from_string (tournament->ranking, &input.ranking);
  input.penalties_in_session = !tournament->settings.penalties_overall;
  input.group_tables = tournament->settings.group_tables;
  input.excluded = (const gint64 *) excluded->data;
  input.n_excluded = excluded->len;
  if (!sp_db_find_final_session (db, tournament->id, last_session, &input.final_session,
                                 error))
    return NULL;
  /* A hanchan's table result is its final points, places and uma. */
  if (sp_ruleset_traits (tournament->ruleset)->keeps_points)
    {
      if (!sp_riichi_table_rules_of (tournament->rules, &riichi, error))
        return NULL;
      input.riichi = &riichi;
    }
  if (players_out != NULL)
    *players_out = g_steal_pointer (&players);
  return sp_standings_from_tables_with_sessions ((const SpTableResult *) tables->data,
                                                 tables->len, &input, session_results);
}

/* The team standings of @standings (whose lines get their team numbers) and @players;
 * *@team_names gets the teams' names, which the numbers index. */
static GArray *
compute_team_standings (const SpTournament  *tournament,
                        GArray              *standings,
                        GPtrArray           *players,
                        GPtrArray          **team_names)
{
  g_autoptr(GHashTable) by_id = NULL;
  g_autoptr(GHashTable) team_numbers = NULL;
  g_autoptr(GPtrArray) names = NULL;
  SpRanking ranking = SP_RANKING_R98;

  /* Teams: each member's team by number, 1.. in order of first appearance. */
  by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  team_numbers = g_hash_table_new (g_str_hash, g_str_equal);
  names = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (names, g_strdup (""));
  for (guint i = 0; i < players->len; i++)
    g_hash_table_insert (by_id, &((SpPlayer *) players->pdata[i])->id, players->pdata[i]);
  for (guint i = 0; i < standings->len; i++)
    {
      SpStanding *standing = &g_array_index (standings, SpStanding, i);
      gint64 id = standing->player;
      SpPlayer *player = g_hash_table_lookup (by_id, &id);

      if (player == NULL)
        continue;
      standing->team = team_number (team_numbers, player->team);
      /* A new team: its name takes the next place. */
      if (standing->team == names->len)
        g_ptr_array_add (names, g_strdup (player->team));
    }
  sp_ranking_from_string (tournament->ranking, &ranking);
  *team_names = g_steal_pointer (&names);
  return sp_standings_teams (standings, ranking);
}

GArray *
sp_db_compute_standings (SpDb                *db,
                         const SpTournament  *tournament,
                         guint                last_session,
                         GPtrArray          **team_names,
                         GError             **error)
{
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GArray) standings = NULL;
  gboolean started;

  g_return_val_if_fail (db != NULL && tournament != NULL, NULL);

  if (last_session > 0 && !sp_db_check_session (tournament, last_session, error))
    return NULL;
  if (!sp_db_begin_read (db, &started, error))
    return NULL;
  standings = compute_standings (db, tournament, last_session, &players, NULL, NULL, error);
  sp_db_end_read (db, started);
  if (standings == NULL || team_names == NULL)
    return g_steal_pointer (&standings);
  return compute_team_standings (tournament, standings, players, team_names);
}

gboolean
sp_db_compute_snapshot_standings (SpDb                *db,
                                  const SpTournament  *tournament,
                                  GArray             **tables,
                                  GArray             **standings,
                                  GArray             **session_results,
                                  GArray             **team_standings,
                                  GPtrArray          **team_names,
                                  GError             **error)
{
  g_autoptr(GPtrArray) players = NULL;
  g_autoptr(GArray) with_teams = NULL;

  *standings = compute_standings (db, tournament, 0, &players, session_results, tables, error);
  if (*standings == NULL)
    return FALSE;
  /* The same lines as sp_db_compute_standings () reads, numbered by team apart: the snapshot's
   * players' standings stay as they were computed. */
  with_teams = g_array_copy (*standings);
  *team_standings = compute_team_standings (tournament, with_teams, players, team_names);
  return TRUE;
}

GArray *
sp_db_compute_standings_by_session (SpDb                *db,
                                    const SpTournament  *tournament,
                                    GArray             **session_results,
                                    GPtrArray          **players,
                                    GError             **error)
{
  GArray *standings;
  gboolean started;

  g_return_val_if_fail (db != NULL && tournament != NULL, NULL);
  g_return_val_if_fail (session_results != NULL && players != NULL, NULL);

  if (!sp_db_begin_read (db, &started, error))
    return NULL;
  standings = compute_standings (db, tournament, 0, players, session_results, NULL, error);
  sp_db_end_read (db, started);
  return standings;
}

/* A session that has hands (or is closed) keeps its seats. */
static gboolean
check_no_hands (const SpSessionInfo  *info,
                GError              **error)
{
  if (info->closed || info->has_hands)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Session %u already has hands: its seats cannot be drawn again."),
                   info->number);
      return FALSE;
    }
  return TRUE;
}

/* ---- the draw -------------------------------------------------------------------------- */

gboolean
sp_db_store_seating (SpDb          *db,
                     gint64         tournament,
                     guint          session,
                     guint64        seed,
                     const gint64  *players,
                     guint          n_players,
                     GError       **error)
{
  SpSessionInfo info;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (n_players % 4 == 0, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = sp_db_get_session (db, tournament, session, &info, error)
       && check_no_hands (&info, error)
       && sp_db_replace_seats (db, tournament, session, seed, players, n_players, error);
  return sp_db_end_write (db, started, ok, error);
}

/* The players a draw seats: those taking part (not withdrawn), only those checked in when any
 * are; @teams_out gets their team numbers (NULL when nobody has a team). */
static GPtrArray *
list_field (SpDb     *db,
            gint64    tournament,
            guint   **teams_out,
            GError  **error)
{
  g_autoptr(GPtrArray) all = sp_db_list_players (db, tournament, error);
  g_autoptr(GPtrArray) field = NULL;
  g_autoptr(GHashTable) team_numbers = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean any_present = FALSE;
  gboolean any_team = FALSE;
  guint *teams;

  if (all == NULL)
    return NULL;
  for (guint i = 0; i < all->len; i++)
    {
      const SpPlayer *player = all->pdata[i];

      if (player->present && player->status != SP_PLAYER_WITHDRAWN)
        any_present = TRUE;
    }
  field = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_player_free);
  for (guint i = 0; i < all->len; i++)
    {
      SpPlayer *player = all->pdata[i];

      if (player->status != SP_PLAYER_WITHDRAWN && (!any_present || player->present))
        g_ptr_array_add (field, g_steal_pointer (&all->pdata[i]));
    }
  teams = g_new0 (guint, MAX (field->len, 1));
  for (guint i = 0; i < field->len; i++)
    {
      const SpPlayer *player = field->pdata[i];

      teams[i] = team_number (team_numbers, player->team);
      any_team = any_team || teams[i] > 0;
    }
  if (!any_team)
    g_clear_pointer (&teams, g_free);
  *teams_out = teams;
  return g_steal_pointer (&field);
}

static gboolean
check_field_size (guint     n,
                  GError  **error)
{
  if (n < 4 || n % 4 != 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("%u players take part: a draw needs a multiple of 4, at least 4 (add "
                     "players, or name substitutes for those who withdrew)."), n);
      return FALSE;
    }
  return TRUE;
}

/* A session whose draw depends on the one before (Swiss, a final) waits for it to close. */
static gboolean
check_previous_closed (SpDb                *db,
                       const SpTournament  *tournament,
                       guint                session,
                       const char          *why,
                       GError             **error)
{
  SpSessionInfo previous;

  if (!sp_db_get_session (db, tournament->id, session - 1, &previous, error))
    return FALSE;
  if (!previous.closed)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Session %u %s: session %u must be closed before it is drawn "
                     "(session close --session %u)."), session, why, session - 1, session - 1);
      return FALSE;
    }
  return TRUE;
}

static gint64
field_id (GPtrArray *field,
          guint      index)
{
  return ((const SpPlayer *) field->pdata[index])->id;
}

/* Teammates are kept apart, so no team may have more players taking part than there are
 * tables.  The seating core checks it too, but by numbers; this names the team. */
static gboolean
check_team_sizes (GPtrArray  *field,
                  GError    **error)
{
  g_autoptr(GHashTable) sizes = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_tables = field->len / 4;

  for (guint i = 0; i < field->len; i++)
    {
      const SpPlayer *player = field->pdata[i];
      guint size;

      if (player->team == NULL || player->team[0] == '\0')
        continue;
      size = GPOINTER_TO_UINT (g_hash_table_lookup (sizes, player->team)) + 1;
      g_hash_table_insert (sizes, player->team, GUINT_TO_POINTER (size));
      if (size > n_tables)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("Team %s has more players taking part than there are tables (%u): "
                         "two teammates would share a table (%s, player %" PRId64 ", is "
                         "one too many; change a player's team)."), player->team, n_tables,
                       player->name, player->id);
          return FALSE;
        }
    }
  return TRUE;
}

/* One table of four: no plan to search, the seats turn one place each session so that each
 * player starts as East once every four sessions; the seed orders them at the first. */
static void
seat_one_table (GPtrArray *field,
                guint      session,
                guint64    seed,
                gint64    *players)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed_array ((const guint32[]) { (guint32) seed,
                                                                          (guint32) (seed >> 32) },
                                                      2);
  gint64 order[4];

  for (guint i = 0; i < 4; i++)
    order[i] = field_id (field, i);
  for (guint i = 3; i > 0; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i + 1);
      gint64 swap = order[i];

      order[i] = order[j];
      order[j] = swap;
    }
  for (guint c = 0; c < 4; c++)
    players[c] = order[(c + session - 1) % 4];
}

static gboolean
draw_balanced (SpDb                *db,
               const SpTournament  *tournament,
               guint                session,
               const SpDrawRequest *request,
               GPtrArray           *field,
               const guint         *teams,
               guint64             *used_seed,
               GArray             **seats_out,
               GError             **error)
{
  g_autoptr(GArray) planned = NULL;
  guint64 plan_seed;
  gboolean planned_before;
  guint n = field->len;

  if (!sp_db_read_plan_seed (db, tournament->id, &plan_seed, &planned_before, error))
    return FALSE;
  if (planned_before)
    {
      if (request->has_seed && request->seed != plan_seed)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("The balanced plan of every session was drawn with seed %"
                         PRIu64 ": that draw stands, and seed %" PRIu64
                         " cannot change it (leave --seed out)."), plan_seed, request->seed);
          return FALSE;
        }
      *used_seed = plan_seed;
    }
  else
    {
      g_autofree gint64 *numbers = NULL;
      g_autofree guint16 *seats = NULL;
      guint n_sessions = tournament->n_sessions;

      if (!check_field_size (n, error))
        return FALSE;
      numbers = g_new (gint64, n);
      seats = g_new (guint16, (gsize) n * n_sessions);
      for (guint i = 0; i < n; i++)
        numbers[i] = field_id (field, i);
      if (n == 4)
        {
          for (guint r = 0; r < n_sessions; r++)
            for (guint c = 0; c < 4; c++)
              seats[r * 4 + c] = (guint16) ((c + r) % 4 + 1);
        }
      else
        {
          GError *core_error = NULL;
          g_autoptr(SpSeatingPlan) plan = NULL;

          if (!check_team_sizes (field, error))
            return FALSE;
          plan = sp_seating_plan_balanced (n, n_sessions, *used_seed, teams, &core_error);
          if (plan == NULL)
            {
              sp_db_propagate_refusal (error, core_error);
              return FALSE;
            }
          for (guint i = 0; i < n * n_sessions; i++)
            seats[i] = (guint16) (plan->seats[i] + 1);
        }
      if (!sp_db_store_plan (db, tournament->id, *used_seed, numbers, n, seats, n_sessions,
                             error))
        return FALSE;
    }
  planned = sp_db_get_plan_session (db, tournament->id, session, error);
  if (planned == NULL)
    return FALSE;
  for (guint i = 0; i < planned->len; i++)
    {
      gint64 id = g_array_index (planned, gint64, i);
      g_autoptr(SpPlayer) player = sp_db_get_player (db, tournament->id, id, error);

      if (player == NULL)
        return FALSE;
      if (player->status == SP_PLAYER_WITHDRAWN)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("Player %" PRId64 " (%s) withdrew and has a seat at table %u "
                         "of session %u: name a substitute first (players substitute %"
                         PRId64 " --by NAME)."), id, player->name, i / 4 + 1, session,
                       id);
          return FALSE;
        }
    }
  /* A player taking part who is not in the plan (registered or checked in after it was drawn)
   * has no place in it: say so rather than leave him out of every session without a word. */
  for (guint i = 0; i < field->len; i++)
    {
      const SpPlayer *player = field->pdata[i];
      gboolean placed = FALSE;

      for (guint j = 0; j < planned->len && !placed; j++)
        placed = g_array_index (planned, gint64, j) == player->id;
      if (!placed)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("Player %" PRId64 " (%s) takes part but has no seat in the "
                         "balanced plan, drawn at the first session for %u players (withdraw "
                         "or check out the player; a newcomer can only take the place of one "
                         "who withdrew: players substitute ID --by NAME)."), player->id,
                       player->name, planned->len);
          return FALSE;
        }
    }
  *seats_out = g_steal_pointer (&planned);
  return TRUE;
}

static gboolean
draw_swiss (SpDb                *db,
            const SpTournament  *tournament,
            guint                session,
            GPtrArray           *field,
            const guint         *teams,
            gint64              *players,
            GError             **error)
{
  g_autoptr(GArray) standings = NULL;
  g_autofree gint64 *ids = NULL;
  g_autofree guint *ranking = NULL;
  g_autofree guint8 *meetings = NULL;
  g_autofree guint16 *round = NULL;
  GError *core_error = NULL;
  guint n = field->len;

  standings = compute_standings (db, tournament, session - 1, NULL, NULL, NULL, error);
  if (standings == NULL)
    return FALSE;
  ids = g_new (gint64, n);
  for (guint i = 0; i < n; i++)
    ids[i] = field_id (field, i);
  ranking = g_new0 (guint, n);
  sp_session_swiss_order (ids, n, (const SpStanding *) standings->data, standings->len, ranking);
  meetings = g_new0 (guint8, (gsize) n * n);
  for (guint s = 1; s < session; s++)
    {
      g_autoptr(GArray) seats = sp_db_list_seats (db, tournament->id, s, error);

      if (seats == NULL)
        return FALSE;
      sp_session_count_meetings (ids, n, (const gint64 *) seats->data, seats->len, meetings);
    }
  round = g_new (guint16, n);
  if (!sp_seating_round_swiss (n, ranking, meetings, teams,
                               tournament->settings.swiss_snake ? SP_SWISS_SNAKE : SP_SWISS_HIGH_HIGH, round,
                               &core_error))
    {
      sp_db_propagate_refusal (error, core_error);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    players[i] = ids[round[i]];
  return TRUE;
}

/* A final: the top @top of the standings after the sessions before, ranks 1–4 at table 1 and
 * so on, each table's best at East. */
static gboolean
draw_final (SpDb                *db,
            const SpTournament  *tournament,
            guint                session,
            guint                top,
            GPtrArray           *field,
            gint64              *players,
            GError             **error)
{
  g_autoptr(GArray) standings = NULL;
  g_autofree gint64 *ids = NULL;
  GError *core_error = NULL;

  if (session == 1)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Session 1 cannot be a final: a final seats the top of the standings "
                     "after the sessions before it."));
      return FALSE;
    }
  if (!check_previous_closed (db, tournament, session, _("is a final"), error))
    return FALSE;
  standings = compute_standings (db, tournament, session - 1, NULL, NULL, NULL, error);
  if (standings == NULL)
    return FALSE;
  ids = g_new (gint64, field->len);
  for (guint i = 0; i < field->len; i++)
    ids[i] = field_id (field, i);
  if (!sp_session_pick_finalists ((const SpStanding *) standings->data, standings->len, ids,
                                  field->len, top, players, &core_error))
    {
      sp_db_propagate_refusal (error, core_error);
      return FALSE;
    }
  return TRUE;
}

static gboolean
store_seats (SpDb                *db,
             const SpTournament  *tournament,
             guint                session,
             guint64              seed,
             guint                top,
             const gint64        *players,
             guint                n,
             GError             **error)
{
  return sp_db_store_seating (db, tournament->id, session, seed, players, n, error)
         && sp_db_set_final_top (db, tournament->id, session, top, error);
}

static gboolean
draw_session (SpDb                *db,
              const SpTournament  *tournament,
              guint                session,
              const SpDrawRequest *request,
              guint64             *used_seed,
              GError             **error)
{
  g_autofree guint *teams = NULL;
  g_autoptr(GPtrArray) field = NULL;
  g_autofree gint64 *players = NULL;
  SpSessionInfo info;
  guint n;

  if (!sp_db_check_session (tournament, session, error)
      || !sp_db_get_session (db, tournament->id, session, &info, error)
      || !check_no_hands (&info, error))
    return FALSE;
  /* A drawn session keeps its draw when asked for another seed: the seats may have been
   * printed already. */
  if (info.n_tables > 0 && info.has_seed && request->has_seed && request->seed != info.seed)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Session %u is already drawn with seed %" PRIu64 ": that draw "
                     "stands, and seed %" PRIu64 " is not used (leave --seed out to "
                     "draw it again)."), session, info.seed, request->seed);
      return FALSE;
    }
  field = list_field (db, tournament->id, &teams, error);
  if (field == NULL)
    return FALSE;
  *used_seed = request->has_seed ? request->seed
               : ((guint64) g_random_int () << 32 | g_random_int ()) & G_MAXINT64;
  n = field->len;

  if (request->top > 0)
    {
      players = g_new (gint64, request->top);
      if (!draw_final (db, tournament, session, request->top, field, players, error))
        return FALSE;
      return store_seats (db, tournament, session, *used_seed, request->top, players,
                          request->top, error);
    }
  if (strcmp (tournament->seating, "balanced") == 0)
    {
      g_autoptr(GArray) seats = NULL;

      if (!draw_balanced (db, tournament, session, request, field, teams, used_seed, &seats,
                          error))
        return FALSE;
      return store_seats (db, tournament, session, *used_seed, 0,
                          (const gint64 *) seats->data, seats->len, error);
    }

  if (!check_field_size (n, error))
    return FALSE;
  players = g_new (gint64, n);
  if (strcmp (tournament->seating, "swiss") == 0 && session > 1)
    {
      if (!check_previous_closed (db, tournament, session, _("is a Swiss round"), error)
          || !check_team_sizes (field, error)
          || !draw_swiss (db, tournament, session, field, teams, players, error))
        return FALSE;
    }
  else if (n == 4)
    seat_one_table (field, session, *used_seed, players);
  else
    {
      GError *core_error = NULL;
      g_autoptr(SpSeatingPlan) plan = NULL;

      if (!check_team_sizes (field, error))
        return FALSE;
      plan = sp_seating_plan_random (n, 1, *used_seed, teams, &core_error);
      if (plan == NULL)
        {
          sp_db_propagate_refusal (error, core_error);
          return FALSE;
        }
      for (guint i = 0; i < n; i++)
        players[i] = field_id (field, sp_seating_plan_get (plan, 0, i / 4, i % 4));
    }
  return store_seats (db, tournament, session, *used_seed, 0, players, n, error);
}

gboolean
sp_db_draw_session (SpDb                *db,
                    const SpTournament  *tournament,
                    guint                session,
                    const SpDrawRequest *request,
                    guint64             *used_seed,
                    GError             **error)
{
  gboolean started;
  gboolean ok;
  guint64 seed = 0;

  g_return_val_if_fail (db != NULL && tournament != NULL && request != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = draw_session (db, tournament, session, request, &seed, error);
  ok = sp_db_end_write (db, started, ok, error);
  if (ok && used_seed != NULL)
    *used_seed = seed;
  return ok;
}

/* ---- closing --------------------------------------------------------------------------- */

static GArray *
session_progress (SpDb                *db,
                  const SpTournament  *tournament,
                  const SpSessionInfo *info,
                  GError             **error)
{
  g_autoptr(GPtrArray) hands = sp_db_list_hands (db, tournament->id, info->number, 0, error);
  g_autoptr(GArray) progress = NULL;
  guint first = 0;

  if (hands == NULL)
    return NULL;
  progress = g_array_sized_new (FALSE, TRUE, sizeof (SpTableProgress), info->n_tables);
  g_array_set_size (progress, info->n_tables);
  for (guint t = 1; t <= info->n_tables; t++)
    {
      guint end = first;

      while (end < hands->len && ((SpHandRecord *) hands->pdata[end])->table == t)
        end++;
      sp_session_table_progress (sp_tournament_rotation (tournament), t,
                                 (const SpHandRecord * const *) hands->pdata + first, end - first,
                                 &g_array_index (progress, SpTableProgress, t - 1));
      first = end;
    }
  return g_steal_pointer (&progress);
}

GArray *
sp_db_session_progress (SpDb                *db,
                        const SpTournament  *tournament,
                        guint                session,
                        GError             **error)
{
  SpSessionInfo info;
  GArray *progress = NULL;
  gboolean started;

  g_return_val_if_fail (db != NULL && tournament != NULL, NULL);

  if (!sp_db_begin_read (db, &started, error))
    return NULL;
  if (get_drawn_session (db, tournament, session, &info, error))
    progress = session_progress (db, tournament, &info, error);
  sp_db_end_read (db, started);
  return progress;
}

/* Closes or reopens @session, refusing a session already so and, unless @time_up, closing
 * one whose tables have not finished. */
static gboolean
change_closed (SpDb                *db,
               const SpTournament  *tournament,
               guint                session,
               gboolean             closed,
               gboolean             time_up,
               GError             **error)
{
  SpSessionInfo info;

  if (!get_drawn_session (db, tournament, session, &info, error))
    return FALSE;
  if (info.closed == closed)
    {
      if (closed)
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, _("Session %u is already closed."),
                     session);
      else
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, _("Session %u is open, not closed: there is nothing to reopen."),
                     session);
      return FALSE;
    }
  if (!closed
      && !sp_db_require_director (db, tournament->id, "session reopen", session, NULL, error,
                                  _("A director's PIN is required to reopen session %u."),
                                  session))
    return FALSE;
  /* Two-key entry: a session closes with every hand of it confirmed. */
  if (closed && !sp_db_check_confirmed (db, tournament->id, session, error))
    return FALSE;
  if (closed && !time_up)
    {
      g_autoptr(GArray) progress = session_progress (db, tournament, &info, error);
      GError *core_error = NULL;

      if (progress == NULL)
        return FALSE;
      if (!sp_session_check_complete (session, (const SpTableProgress *) progress->data,
                                      progress->len, &core_error))
        {
          sp_db_propagate_refusal (error, core_error);
          return FALSE;
        }
    }
  return sp_db_set_session_closed (db, tournament->id, session, closed, time_up, error);
}

/* change_closed () as one transaction. */
static gboolean
set_closed (SpDb                *db,
            const SpTournament  *tournament,
            guint                session,
            gboolean             closed,
            gboolean             time_up,
            GError             **error)
{
  gboolean started;

  g_return_val_if_fail (db != NULL && tournament != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  return sp_db_end_write (db, started,
                          change_closed (db, tournament, session, closed, time_up, error), error);
}

gboolean
sp_db_close_session (SpDb                *db,
                     const SpTournament  *tournament,
                     guint                session,
                     gboolean             time_up,
                     GError             **error)
{
  g_autofree char *reason = NULL;
  g_autofree char *done = NULL;

  if (!set_closed (db, tournament, session, TRUE, time_up, error))
    return FALSE;
  /* The close stands whatever happens to its backup: a failure is only a warning. */
  reason = g_strdup_printf ("tournament-%" G_GINT64_FORMAT "-session-%u-closed",
                            tournament->id, session);
  done = g_strdup_printf (_("session %u was closed"), session);
  sp_db_back_up_quietly (db, reason, done);
  return TRUE;
}

gboolean
sp_db_reopen_session (SpDb                *db,
                      const SpTournament  *tournament,
                      guint                session,
                      GError             **error)
{
  return set_closed (db, tournament, session, FALSE, FALSE, error);
}
