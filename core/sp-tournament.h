/* sp-tournament.h: the records of a tournament (the tournament, its players, hands and
 * penalties) as plain structs, shared by the store, the reports and the app.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-hand.h"
#include "sp-hand-items.h"
#include "sp-rotation.h"
#include "sp-rules.h"

G_BEGIN_DECLS

/* Chairs are the seats (0 E, 1 S, 2 W, 3 N) the players held at the session's first hand. */
#define SP_CHAIR_NONE (-1)

/* The tournament options (the KEY=VALUE lines of SpTournament.options that are not the
 * ruleset's), typed.  All zero is every one at its default, as a tournament that sets none has
 * them, so that a tournament made with g_new0 () or { 0 } reads as one without options. */
#define SP_TOURNAMENT_MAX_GROUP_TABLES 256

typedef struct
{
  gboolean substitutes_unranked; /* rank_substitutes=off: substitutes left out of the standings */
  gboolean penalties_overall;    /* penalties=overall: in the total only, not the session score */
  gboolean swiss_snake;          /* swiss=snake: 蛇形 rather than 高高碰 for the Swiss draw */
  gboolean dealer_repeats;       /* dealer_repeats=on: Guangdong 連莊 */
  guint    group_tables;         /* group_tables=N: R98 第十条, N tables ranked together (2–256);
                                  * 0 or 1: each table alone */
} SpTournamentOptions;

typedef struct
{
  gint64     id;
  char      *name;
  SpRuleset  ruleset;
  char      *profile;
  char      *options;     /* KEY=VALUE, one per line: ruleset and tournament options, as stored */
  SpTournamentOptions settings; /* the tournament options of .options, read once: by the store
                                 * as it reads the row, by sp_tournament_add_option () as a new
                                 * tournament is made, else by sp_tournament_read_options () */
  SpRules   *rules;       /* its ruleset and profile with the ruleset's options of .options set,
                           * built once with .settings by sp_tournament_read_options () (so for
                           * every tournament the store reads); NULL before, and while a new
                           * tournament is made (sp_tournament_add_option () sets the caller's) */
  guint      n_sessions;
  char      *seating;     /* balanced, random or swiss */
  char      *ranking;     /* r98, ema or score */
  gint32     base;        /* Taiwan 底 / Guangdong stake; 0 when not said */
  gint32     per_tai;     /* Taiwan 每台; 0 when not said */
  char      *created;     /* ISO 8601, UTC */
  char      *venue;       /* where the event is held; "" when not said (never NULL once read) */
  char      *starts_on;   /* the first day, ISO 8601 yyyy-mm-dd, or NULL */
  char      *ends_on;     /* the last day, or NULL (a one-day event may give only starts_on) */
  gboolean   hide_standings; /* standings kept from the players until the last session */
  gboolean   two_key;     /* two-key entry: a hand counts once a second station (or the
                           * director) has confirmed it */
} SpTournament;

/* The longest venue, in characters. */
#define SP_TOURNAMENT_MAX_VENUE 200

typedef enum
{
  SP_PLAYER_ACTIVE = 0,
  SP_PLAYER_WITHDRAWN = 1,
  SP_PLAYER_SUBSTITUTE = 2,
} SpPlayerStatus;

typedef struct
{
  gint64          id;
  gint64          tournament;
  char           *name;
  char           *club;          /* NULL when not said, as are the next three */
  char           *country;
  char           *team;
  char           *federation_id;
  SpPlayerStatus  status;
  gint64          substitute_for; /* the player replaced, 0 if none */
  gboolean        present;        /* checked in for the next draw */
} SpPlayer;

/* The further winners a hand can have on one discard (a Riichi triple ron). */
#define SP_HAND_MAX_ALSO 2

/* A further winner of a hand on the same discard (a Riichi double or triple ron): as the
 * hand's own winner, what he won with and what he receives. */
typedef struct
{
  gint        winner;      /* chair */
  char       *notation;    /* the tiles, NULL for a win entered by its value */
  char       *situation;   /* the SITUATION options given for his win, or NULL */
  SpHandItems *items;      /* the yaku, NULL without the tiles */
  gint32      total;       /* what he receives, counters and sticks included */
  gboolean    has_value;
  SpHandValue value;
} SpHandWin;

/* One hand as entered at a table: a win, an exhaustive draw (荒牌 / 流局), with the scorer's
 * items when the tiles were given. */
typedef struct
{
  gint64   id;
  guint    session;
  guint    table;
  guint    number;         /* 1.. within the session at that table */
  gint     winner;         /* chair, or SP_CHAIR_NONE for a draw */
  gint     discarder;      /* chair, or SP_CHAIR_NONE when self-drawn or a draw */
  gboolean draw;
  char    *notation;       /* the tiles, NULL for a --fan entry */
  char    *situation;      /* the SITUATION options given, space-separated, or NULL */
  SpHandItems *items;     /* the fan/台/番 items, NULL for a --fan entry */
  gint32   total;
  gint64   settlement[4];  /* by chair */
  char    *entered_by;
  char    *entered_at;
  /* Riichi; 0 in every other ruleset.  Bit c for chair c. */
  guint8   riichi;         /* declared riichi in this hand (1,000 on the table each) */
  guint8   tenpai;         /* tenpai at an exhaustive draw */
  guint8   chombo;         /* the offender of a chombo: no winner, no draw, the hand dealt again */
  gint32   sticks;         /* riichi sticks the hand put on the table, less those a winner took:
                            * the settlement plus 1,000 × sticks is zero */
  gboolean has_value;      /* a win entered by its value (han and fu, or a yakuman) */
  SpHandValue value;
  guint    n_also;         /* further winners on the same discard, in turn order after the
                            * discarder after .winner (who takes the sticks) */
  SpHandWin also[SP_HAND_MAX_ALSO];
  guint    version;        /* 1 as entered, one more at every change of the row (the store's) */
  char    *changed_by;     /* who made the last change and when, NULL while as entered */
  char    *changed_at;
  char    *entry_key;      /* the idempotency key it was entered with, or NULL */
  /* Two-key entry: who confirmed the hand as it is now (its current version) and when; NULL
   * while it awaits confirmation (a correction makes it wait again). */
  char    *confirmed_by;
  char    *confirmed_at;
} SpHandRecord;

typedef struct
{
  gint64  id;
  guint   session;
  gint64  player;
  gint64  hand;            /* 0 when not tied to a hand */
  gint64  points;          /* the change to the player's score: negative for a deduction */
  char   *reason;
  guint   table;           /* a false win's table and the hand it came before; 0 otherwise */
  guint   number;
} SpPenalty;

/* Checks one option: *@known says whether @key is a tournament option (else it is left to the
 * ruleset); a known key with a bad value is SP_CORE_ERROR_INVALID. */
gboolean  sp_tournament_check_option  (const char                *key,
                                       const char                *value,
                                       gboolean                  *known,
                                       GError                   **error);
/* Reads @tournament->options, the stored text, once: the tournament options (defaults where
 * not said) into @tournament->settings, the ruleset's into new @tournament->rules
 * (sp_tournament_new_rules ()), each replacing what was there.  A bad profile, key or value is
 * a core error (the first line at fault named) and leaves @tournament as it was. */
gboolean  sp_tournament_read_options  (SpTournament              *tournament,
                                       GError                   **error);
/* New rules of @tournament: its ruleset and profile with the ruleset's options set, read from
 * @tournament->options (a tournament read by the store has them already in ->rules). */
SpRules  *sp_tournament_new_rules     (const SpTournament        *tournament,
                                       GError                   **error);

/* How the deal goes round @tournament's tables: its ruleset's rotation, or the ruleset's
 * repeating one (連莊) where the ruleset has that setting (SP_RULESET_HAS_DEALER_REPEATS:
 * Guangdong) and the tournament plays it (dealer_repeats=on).  Every replay of a table of the
 * tournament passes it. */
SpRotationKind sp_tournament_rotation (const SpTournament        *tournament);

/* Fills what @tournament leaves unsaid (NULL seating or ranking, no Taiwan stakes) with its
 * ruleset's defaults: balanced seating and r98 ranking for MCR, random and score otherwise;
 * Taiwan 底 30 and 10 a 台 when neither stake is given. */
void      sp_tournament_init_defaults (SpTournament              *tournament);
/* Checks the seating method (balanced, random, swiss) and the ranking (r98, ema, score, any
 * case, then stored in its own spelling); else SP_CORE_ERROR_INVALID naming the field. */
gboolean  sp_tournament_check         (SpTournament              *tournament,
                                       GError                   **error);

/* Checks where and when the event is held: the venue valid UTF-8 without control characters
 * and at most SP_TOURNAMENT_MAX_VENUE characters, each date (when given) a real day written
 * yyyy-mm-dd, the last day not before the first.  Blanks around the venue are dropped and a
 * NULL venue becomes "", an empty date NULL.  A refusal is SP_CORE_ERROR_INVALID naming the
 * field. */
gboolean  sp_tournament_check_event   (SpTournament              *tournament,
                                       GError                   **error);
/* Whether @text is a day written yyyy-mm-dd (a real one: no 2026-02-30). */
gboolean  sp_date_is_valid            (const char                *text);

/* Sets option @key to @value for a new @tournament: a tournament option is checked and set in
 * @tournament->settings, any other set on @rules (the tournament's ruleset); either way the
 * line KEY=VALUE is appended to @tournament->options, as the store keeps them.  A bad key or
 * value is a core error. */
gboolean  sp_tournament_add_option    (SpTournament              *tournament,
                                       SpRules                   *rules,
                                       const char                *key,
                                       const char                *value,
                                       GError                   **error);

/* One line of the audit log: who changed what, when (old and new values as the store wrote
 * them). */
typedef struct
{
  gint64  id;
  char   *at;
  char   *who;
  char   *target;
  gint64  row_id;
  char   *action;
  char   *old_values;
  char   *new_values;
} SpAuditEntry;

const char *sp_player_status_to_string   (SpPlayerStatus  status);
gboolean    sp_player_status_from_string (const char     *text,
                                          SpPlayerStatus *status);

void sp_tournament_free  (SpTournament *tournament);
void sp_player_free      (SpPlayer     *player);
void sp_hand_win_clear (SpHandWin *win);
void sp_hand_win_copy (SpHandWin       *dest,
                       const SpHandWin *src);
void sp_hand_record_free (SpHandRecord *hand);
void sp_penalty_free     (SpPenalty    *penalty);
void sp_audit_entry_free (SpAuditEntry *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpTournament, sp_tournament_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpPlayer, sp_player_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpHandRecord, sp_hand_record_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpPenalty, sp_penalty_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SpAuditEntry, sp_audit_entry_free)

G_END_DECLS
