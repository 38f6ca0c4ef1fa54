/* sp-snapshot.h: a tournament as the reports draw it, every record read at one moment.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-standings.h"
#include "sp-tournament.h"

G_BEGIN_DECLS

/* One session as drawn: its tables' seats at the first hand. */
typedef struct
{
  guint    number;
  gboolean closed;
  gboolean has_seed;
  guint64  seed;
  guint    n_tables;
  gint64  *seats;        /* 4 player ids per table, in chair order (E S W N at the first hand) */
} SpSessionSnapshot;

/* Everything a report needs, so that reports/ never reads the store: built by the store in one
 * read transaction (sp_db_load_snapshot), or by hand in tests. */
typedef struct
{
  SpTournament *tournament;
  char         *date;            /* the day the snapshot was taken, YYYY-MM-DD (passed in) */
  GPtrArray    *players;         /* SpPlayer, by id */
  GPtrArray    *sessions;        /* SpSessionSnapshot of the sessions drawn, by number */
  GPtrArray    *plan;            /* SpSessionSnapshot of every session a player can be told of
                                  * ahead: those drawn, and those of a balanced plan not drawn
                                  * yet (closed FALSE, no seed), by number */
  GPtrArray    *hands;           /* SpHandRecord, by session, table, number */
  GPtrArray    *penalties;       /* SpPenalty, by id */
  GArray       *tables;          /* SpTableResult of every table played, by session and table */
  GArray       *session_results; /* SpSessionResult of every player at every table that counted,
                                  * by session, table and chair (sp_session_results_from_tables) */
  GArray       *standings;       /* SpStanding after every session, best first */
  GArray       *pending;         /* two-key entry: SpPendingHands of the players whose hands
                                  * await confirmation (not in .standings), by player id;
                                  * empty with two-key entry off */
  guint         n_unconfirmed;   /* how many hands await confirmation */
  GArray       *team_standings;  /* SpStanding of the teams (player = index into team_names) */
  GPtrArray    *team_names;      /* char *, team number - 1 → name */
  GPtrArray    *audit;           /* SpAuditEntry, oldest first */
} SpSnapshot;

SpSnapshot        *sp_snapshot_new            (void);
void               sp_snapshot_free           (SpSnapshot       *snapshot);
/* The player of @id, or NULL. */
const SpPlayer    *sp_snapshot_find_player    (const SpSnapshot *snapshot,
                                               gint64            id);
/* The standing of the team named @team, or NULL (no team of that name, or none ranked). */
const SpStanding  *sp_snapshot_find_team_standing (const SpSnapshot *snapshot,
                                                   const char       *team);
/* Session @number, or NULL when it was not drawn. */
const SpSessionSnapshot *sp_snapshot_find_session (const SpSnapshot *snapshot,
                                                   guint             number);

void               sp_session_snapshot_free   (SpSessionSnapshot *session);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpSnapshot, sp_snapshot_free)

G_END_DECLS
