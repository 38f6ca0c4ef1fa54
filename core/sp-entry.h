/* sp-entry.h: one hand as a referee enters it at a table (a win with its tiles or its claimed
 * total, an exhaustive draw, a false win), judged against the table and the tournament into
 * the record the store keeps; and a table's hands judged again after a correction.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-rules.h"
#include "sp-score.h"
#include "sp-table.h"
#include "sp-tournament.h"

G_BEGIN_DECLS

/* SpHandEntry.from of a self-drawn win (自摸). */
#define SP_HAND_ENTRY_SELF_DRAWN 4
/* SpHandEntry.winner and .from when not said. */
#define SP_HAND_ENTRY_UNSAID (-1)

/* The further winners a hand can have on one discard (a Riichi triple ron). */
#define SP_HAND_ENTRY_MAX_ALSO 2

/* A further winner on the same discard as SpHandEntry's winner (a Riichi double or triple
 * ron): his seat, his tiles or his hand's value, and what the referee said of his win. */
typedef struct
{
  gint        winner;      /* SpWind of his seat this hand */
  char       *tiles;       /* or NULL when entered by value */
  gboolean    has_value;
  SpHandValue value;
  SpSituation situation;
} SpHandEntryWin;

typedef struct
{
  gboolean    draw;        /* 荒牌 / 流局: nobody won */
  gint        winner;      /* SpWind of the winner's seat this hand, or SP_HAND_ENTRY_UNSAID */
  gint        from;        /* SpWind of the discarder, SP_HAND_ENTRY_SELF_DRAWN or _UNSAID */
  char       *tiles;       /* the notation, "-" for a flower win, or NULL */
  gboolean    has_total;
  gint64      total;       /* the claimed fan/台/番 total, when the tiles are not given */
  SpSituation situation;   /* what the referee said of the win: its given bits */
  gboolean    false_win;   /* the declared win is judged as a false win (诈和 / 詐胡) */
  char       *reason;      /* why a hand is corrected, for the audit log; NULL: not said */
  char       *key;         /* the station's idempotency key of a new hand, or NULL: a hand
                            * sent again with its key is found, not entered twice */
  /* Riichi; by seat wind, bit s for seat s. */
  guint8      riichi;      /* declared riichi in this hand (1,000 on the table each) */
  guint8      tenpai;      /* tenpai at the exhaustive draw */
  gint        chombo;      /* the seat of a chombo's offender, or SP_HAND_ENTRY_UNSAID */
  gboolean    has_value;   /* a win entered by its han and fu, or a yakuman's multiplier */
  SpHandValue value;
  guint          n_also;   /* further winners on the same discard, as entered */
  SpHandEntryWin also[SP_HAND_ENTRY_MAX_ALSO];
} SpHandEntry;

void     sp_hand_entry_init        (SpHandEntry        *entry);
void     sp_hand_entry_clear       (SpHandEntry        *entry);
void     sp_hand_entry_copy        (SpHandEntry        *dest,
                                    const SpHandEntry  *src);
/* Sets the tiles (NULL for none). */
void     sp_hand_entry_set_tiles   (SpHandEntry        *entry,
                                    const char         *tiles);
/* The entry a stored hand was made from, its chairs turned into the seat winds of @rotation
 * (the table before that hand).  A stored situation that cannot be read is SP_CORE_ERROR. */
gboolean sp_hand_entry_from_record (SpHandEntry        *entry,
                                    const SpHandRecord *record,
                                    const SpRotation   *rotation,
                                    GError            **error);

/* A seat letter (E S W N, or with @allow_self "self" for SP_HAND_ENTRY_SELF_DRAWN) as
 * SpHandEntry.winner/.from; and a claimed total, a whole number 0 or more.  A bad one is
 * SP_CORE_ERROR_INVALID saying what was typed. */
gboolean sp_hand_entry_parse_seat  (const char         *text,
                                    gboolean            allow_self,
                                    gint               *seat,
                                    GError            **error);
gboolean sp_hand_entry_parse_total (const char         *text,
                                    gint64             *total,
                                    GError            **error);
/* Whether @name is a field of a hand record: session, table, winner, from, fan, hand, draw,
 * false_win, situation. */
gboolean sp_hand_entry_is_field    (const char         *name);
/* A hand record of any import (a CSV row by its header, a JSON object by its keys: field name →
 * text, an empty text as absent) as an entry, with its @session and @table when given (left
 * alone when not).  draw and false_win are 1/true/yes; situation holds SITUATION options as typed
 * ("--self-drawn --flowers 2") or the stored form.  An unknown field, a bad value, a win without
 * winner and from is SP_CORE_ERROR_INVALID.  @entry is initialised first: clear it after. */
gboolean sp_hand_entry_from_fields (SpHandEntry        *entry,
                                    GHashTable         *fields,
                                    guint              *session,
                                    guint              *table,
                                    GError            **error);

/* The largest total a legal hand can reach under @rules (the bound of a claimed total). */
gint64   sp_hand_entry_max_total   (const SpRules      *rules);

/* Judges @entry as the next hand of @table: fills @record (number, chairs, items, total, the
 * settlement by chair, the stored situation) and @result (the verdict).  A false win
 * (entry->false_win, the verdict not a win) sets *@false_win and fills @result's penalty,
 * @record untouched but its number.  Every refusal is SP_CORE_ERROR with its code and a
 * message naming the session, table and hand. */
gboolean sp_hand_entry_judge       (const SpHandEntry  *entry,
                                    const SpTable      *table,
                                    const SpTournament *tournament,
                                    const SpRules      *rules,
                                    SpHandRecord       *record,
                                    SpScoreResult      *result,
                                    gboolean           *false_win,
                                    GError            **error);

/* The penalties (SpPenalty, by player) a false-win verdict @result carries for the players of
 * @table, declared by @entry before the table's next hand. */
GPtrArray *sp_hand_entry_false_win_penalties (const SpHandEntry   *entry,
                                              const SpTable       *table,
                                              const SpRules       *rules,
                                              const SpScoreResult *result);
/* Whether a false-win verdict disqualifies the offender (有意诈和 under the r98 penalty
 * profile): the front end offers to withdraw him. */
gboolean sp_hand_entry_disqualifies (const SpRules       *rules,
                                     const SpScoreResult *result);

/* Judges again the hands of a table from index @start (0-based), after a correction: the
 * hand at @start from @edited when given, the later ones from what they were.  A change of
 * one hand moves the deal (連莊) and so the seat winds and the settlement of those after it.
 * @hands (SpHandRecord in number order, with the seats of @table) are updated in place, ids
 * kept; @table ends after the last hand.  A hand that no longer stands is SP_CORE_ERROR. */
gboolean sp_table_rescore          (SpTable            *table,
                                    const SpTournament *tournament,
                                    const SpRules      *rules,
                                    GPtrArray          *hands,
                                    guint               start,
                                    const SpHandEntry  *edited,
                                    GError            **error);

/* The verdicts of the winners of a stored Riichi hand, each scored again as at @rotation (the
 * table before the hand): @results[0] the record's winner, then its further winners on the same
 * discard, *@n_wins of them (0 for a draw, a chombo and every other ruleset).  The riichi sticks
 * are not in them (the table moves those), the counters are. */
gboolean sp_hand_record_score_wins (const SpHandRecord *record,
                                    const SpRotation   *rotation,
                                    const SpRules      *rules,
                                    SpScoreResult       results[1 + SP_HAND_MAX_ALSO],
                                    guint              *n_wins,
                                    GError            **error);

/* The false wins declared at @table among @penalties (SpPenalty of one session, in the order
 * given), grouped by verdict: a GPtrArray per false win, of its penalties (borrowed from
 * @penalties), in the order of the hands they came before (SpPenalty.number). */
GPtrArray *sp_table_false_wins    (GPtrArray          *penalties,
                                   guint               table);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SpHandEntry, sp_hand_entry_clear)

G_END_DECLS
