/* sp-session.h: the rules of a tournament's sessions that the store and both front ends share:
 * names a director may type, the inputs of a Swiss draw and of a final, and whether a session
 * is complete.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-rotation.h"
#include "sp-standings.h"
#include "sp-tournament.h"

G_BEGIN_DECLS

/* The longest name of a tournament or a player, in characters. */
#define SP_NAME_MAX_CHARS 200
/* The longest reason of a penalty, in characters. */
#define SP_REASON_MAX_CHARS 1000

/* Refuses (SP_CORE_ERROR_INVALID) a name that is empty, longer than SP_NAME_MAX_CHARS
 * characters, not valid UTF-8 or holding control characters (tabs, newlines).  @what says
 * whose name it is in the message ("the player's name"). */
gboolean sp_check_name   (const char  *what,
                          const char  *name,
                          GError     **error);
/* The same for a penalty's reason (up to SP_REASON_MAX_CHARS characters). */
gboolean sp_check_reason (const char  *reason,
                          GError     **error);
/* The longest club, country, team or federation id of a player, in characters. */
#define SP_FIELD_MAX_CHARS 200
/* The same for a player's club, country, team or federation id, which may be left out (NULL
 * or empty): up to SP_FIELD_MAX_CHARS characters of UTF-8 text; tabs and line breaks are
 * allowed (a club written on two lines), no other control character. */
gboolean sp_check_field  (const char  *what,
                          const char  *text,
                          GError     **error);

/* Swiss: @ranking gets the indices (into @field, @n players by id) of the field in the order
 * of @standings (best first); players without a standing follow in field order. */
void     sp_session_swiss_order     (const gint64     *field,
                                     guint             n,
                                     const SpStanding *standings,
                                     guint             n_standings,
                                     guint            *ranking);
/* Adds to @meetings (n × n, by field index) each pair of the field who shared a table in a
 * session whose seats are @seats (4 player ids per table). */
void     sp_session_count_meetings  (const gint64     *field,
                                     guint             n,
                                     const gint64     *seats,
                                     guint             n_seats,
                                     guint8           *meetings);
/* A final of the top @top (a multiple of 4): @finalists gets the first @top players of
 * @standings that are in @field, best first.  SP_CORE_ERROR_INVALID when @top is not a
 * multiple of 4 or the field is smaller. */
gboolean sp_session_pick_finalists  (const SpStanding *standings,
                                     guint             n_standings,
                                     const gint64     *field,
                                     guint             n_field,
                                     guint             top,
                                     gint64           *finalists,
                                     GError          **error);

/* How far a table has played its session. */
typedef struct
{
  guint    table;
  guint    n_hands;
  gboolean finished;   /* every hand of the sequence played (MCR 16, Taiwan a 將) */
  guint    n_expected; /* the hands the sequence has as far as known: its 16 deals plus the
                        * dealer's repeats (連莊) so far; n_hands once finished */
} SpTableProgress;

/* Replays @n_hands hands of one table (in order), in a sequence of @kind
 * (sp_tournament_rotation ()), to tell whether it is over. */
void     sp_session_table_progress  (SpRotationKind             kind,
                                     guint                      table,
                                     const SpHandRecord * const *hands,
                                     guint                      n_hands,
                                     SpTableProgress           *progress);
/* Refuses (SP_CORE_ERROR_INVALID) closing session @session while a table of @tables has not
 * finished, naming each such table and its count of hands. */
gboolean sp_session_check_complete  (guint                      session,
                                     const SpTableProgress     *tables,
                                     guint                      n_tables,
                                     GError                   **error);

/* The quality of the seating of the sessions drawn so far (rules/seating.md): who met whom
 * more than once, and how often each player sat at each seat wind. */
typedef struct
{
  gint64 players[2];   /* the pair, lower id first */
  guint  meetings;     /* times they shared a table, more than 1 */
} SpRepeatedMeeting;

typedef struct
{
  gint64 player;
  guint  winds[4];     /* sessions begun at seat E, S, W, N (the chair of the seating) */
} SpSeatWinds;

typedef struct
{
  GArray *repeats;     /* SpRepeatedMeeting: pairs that met more than once, most first */
  GArray *winds;       /* SpSeatWinds: each player seated, by id */
  guint   n_repeated;  /* pairs that met more than once */
  guint   wind_spread; /* the worst player's (most − fewest) sessions at one seat wind */
} SpSeatingReview;

/* Reviews the sessions whose seats are @seats (@n_seats player ids, 4 per table in chair order,
 * every table of every session drawn so far one after the other). */
SpSeatingReview *sp_seating_review_new  (const gint64    *seats,
                                         guint            n_seats);
void             sp_seating_review_free (SpSeatingReview *review);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpSeatingReview, sp_seating_review_free)

G_END_DECLS
