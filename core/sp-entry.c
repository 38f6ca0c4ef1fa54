/* sp-entry.c: judging a hand entered at a table, and a table's hands after a correction.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-entry.h"
#include "sp-entry-private.h"
#include "sp-ruleset-traits.h"
#include "sp-rules-private.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <string.h>

static const char * const seat_letters[4] = { "E", "S", "W", "N" };

void
sp_hand_entry_init (SpHandEntry *entry)
{
  g_return_if_fail (entry != NULL);

  memset (entry, 0, sizeof *entry);
  entry->winner = SP_HAND_ENTRY_UNSAID;
  entry->from = SP_HAND_ENTRY_UNSAID;
  entry->chombo = SP_HAND_ENTRY_UNSAID;
  sp_situation_init (&entry->situation);
  for (guint i = 0; i < SP_HAND_ENTRY_MAX_ALSO; i++)
    {
      entry->also[i].winner = SP_HAND_ENTRY_UNSAID;
      sp_situation_init (&entry->also[i].situation);
    }
}

void
sp_hand_entry_clear (SpHandEntry *entry)
{
  g_clear_pointer (&entry->tiles, g_free);
  g_clear_pointer (&entry->reason, g_free);
  g_clear_pointer (&entry->key, g_free);
  for (guint i = 0; i < SP_HAND_ENTRY_MAX_ALSO; i++)
    g_clear_pointer (&entry->also[i].tiles, g_free);
  entry->n_also = 0;
}

void
sp_hand_entry_copy (SpHandEntry       *dest,
                    const SpHandEntry *src)
{
  *dest = *src;
  dest->tiles = g_strdup (src->tiles);
  dest->reason = g_strdup (src->reason);
  dest->key = g_strdup (src->key);
  for (guint i = 0; i < SP_HAND_ENTRY_MAX_ALSO; i++)
    dest->also[i].tiles = g_strdup (src->also[i].tiles);
}

void
sp_hand_entry_set_tiles (SpHandEntry *entry,
                         const char  *tiles)
{
  char *copy = g_strdup (tiles);

  g_free (entry->tiles);
  entry->tiles = copy;
}

static gint
seat_of_chair (const SpRotation *rotation,
               gint              chair)
{
  return chair == SP_CHAIR_NONE ? SP_HAND_ENTRY_UNSAID : rotation->seat_wind[chair];
}

/* The situation fields only the scorer reads: with a claimed total (--fan) there are no tiles
 * to score, so they would change nothing.  MCR flowers are the exception: the total includes
 * them and the minimum is checked without them. */
#define SCORER_ONLY (SP_SITUATION_LAST_TILE | SP_SITUATION_KONG | SP_SITUATION_FLOWER_REPLACEMENT \
                     | SP_SITUATION_WALL_LAST | SP_SITUATION_HEAVENLY | SP_SITUATION_EARTHLY \
                     | SP_SITUATION_HUMAN | SP_SITUATION_READY_AT_DEAL \
                     | SP_SITUATION_READY_FIRST_DRAW)

gboolean
sp_hand_entry_from_record (SpHandEntry        *entry,
                           const SpHandRecord *record,
                           const SpRotation   *rotation,
                           GError            **error)
{
  g_return_val_if_fail (entry != NULL && record != NULL && rotation != NULL, FALSE);

  sp_hand_entry_init (entry);
  entry->draw = record->draw;
  entry->winner = seat_of_chair (rotation, record->winner);
  entry->from = record->draw ? SP_HAND_ENTRY_UNSAID
                : record->discarder == SP_CHAIR_NONE ? SP_HAND_ENTRY_SELF_DRAWN
                : seat_of_chair (rotation, record->discarder);
  entry->tiles = g_strdup (record->notation);
  entry->has_total = !record->draw && record->notation == NULL;
  entry->total = record->total;
  if (record->situation != NULL
      && !sp_situation_from_string (&entry->situation, record->situation, error))
    return FALSE;
  /* Riichi: the seats of the chairs that declared riichi, were tenpai or made a chombo; a win's
   * value.  (A hand entered by its value has no tiles and no total.) */
  for (guint chair = 0; chair < 4; chair++)
    {
      guint seat = rotation->seat_wind[chair] & 3;

      entry->riichi |= (guint8) (((record->riichi >> chair) & 1u) << seat);
      entry->tenpai |= (guint8) (((record->tenpai >> chair) & 1u) << seat);
      if (record->chombo & (1u << chair))
        entry->chombo = (gint) seat;
    }
  if (record->chombo != 0)
    entry->from = SP_HAND_ENTRY_UNSAID;
  entry->has_value = record->has_value;
  entry->value = record->value;
  for (guint i = 0; i < MIN (record->n_also, SP_HAND_ENTRY_MAX_ALSO); i++)
    {
      const SpHandWin *win = &record->also[i];
      SpHandEntryWin *also = &entry->also[entry->n_also++];

      also->winner = seat_of_chair (rotation, win->winner);
      also->tiles = g_strdup (win->notation);
      also->has_value = win->has_value;
      also->value = win->value;
      if (win->situation != NULL
          && !sp_situation_from_string (&also->situation, win->situation, error))
        return FALSE;
    }
  if (record->has_value || record->chombo != 0)
    entry->has_total = FALSE;
  /* A claimed total never used what only the scorer reads (files written before such options
   * were refused may hold them): dropping them keeps a correction of the table possible. */
  if (entry->has_total)
    entry->situation.given &= ~SCORER_ONLY;
  return TRUE;
}

/* The fields of a hand record of an import, in the order the messages list them. */
static const char * const field_names[] = {
  "session", "table", "winner", "from", "fan", "hand", "draw", "false_win", "situation", NULL
};

gboolean
sp_hand_entry_is_field (const char *name)
{
  return name != NULL && g_strv_contains (field_names, name);
}

gboolean
sp_hand_entry_parse_seat (const char  *text,
                          gboolean     allow_self,
                          gint        *seat,
                          GError     **error)
{
  SpWind wind;

  if (allow_self && g_strcmp0 (text, "self") == 0)
    {
      *seat = SP_HAND_ENTRY_SELF_DRAWN;
      return TRUE;
    }
  if (text != NULL && strlen (text) == 1 && sp_wind_from_string (text, &wind))
    {
      *seat = (gint) wind;
      return TRUE;
    }
  g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
               allow_self ? _("'%s' is not a seat letter (E, S, W, N or self)")
               : _("'%s' is not a seat letter (E, S, W or N)"), text != NULL ? text : "");
  return FALSE;
}

gboolean
sp_hand_entry_parse_total (const char  *text,
                           gint64      *total,
                           GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_ascii_string_to_signed (text, 10, 0, G_MAXINT64, total, &local_error))
    return TRUE;
  /* A huge number is a total no hand reaches, not a badly written one. */
  if (g_error_matches (local_error, G_NUMBER_PARSER_ERROR, G_NUMBER_PARSER_ERROR_OUT_OF_BOUNDS)
      && text[0] != '-')
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                 _("%s: no hand scores that much under any rules"), text);
  else
    g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                 _("%s: a total is a whole number, 0 or more"), text);
  return FALSE;
}

static gboolean
is_true (const char *text)
{
  return text != NULL && (g_strcmp0 (text, "1") == 0 || g_ascii_strcasecmp (text, "true") == 0
                          || g_ascii_strcasecmp (text, "yes") == 0);
}

/* A field that is there and not empty (an empty CSV cell says nothing). */
static const char *
field (GHashTable *fields,
       const char *name)
{
  const char *value = g_hash_table_lookup (fields, name);

  return value != NULL && value[0] != '\0' ? value : NULL;
}

static gboolean
parse_number (GHashTable  *fields,
              const char  *name,
              gint64       max,
              guint       *number,
              GError     **error)
{
  const char *value = g_hash_table_lookup (fields, name);
  gint64 parsed;

  if (value == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (value, 10, 1, max, &parsed, NULL))
    {
      /* TRANSLATORS: the first %s is "session" or "table", as the column is named. */
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, _("%s '%s' is not a number"),
                   name, value);
      return FALSE;
    }
  *number = (guint) parsed;
  return TRUE;
}

/* The situation field: SITUATION options as typed ("--self-drawn --flowers 2"), or the stored
 * form ("self-drawn flowers=2"). */
static gboolean
parse_situation (const char   *text,
                 SpSituation  *situation,
                 GError      **error)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (args, words[i]);
  if (args->len > 0 && g_str_has_prefix (args->pdata[0], "--"))
    return sp_situation_parse_args (situation, (const char * const *) args->pdata, args->len,
                                    error);
  return sp_situation_from_string (situation, text, error);
}

gboolean
sp_hand_entry_from_fields (SpHandEntry  *entry,
                           GHashTable   *fields,
                           guint        *session,
                           guint        *table,
                           GError      **error)
{
  GHashTableIter iter;
  gpointer name;
  const char *value;

  g_return_val_if_fail (entry != NULL && fields != NULL, FALSE);

  sp_hand_entry_init (entry);
  g_hash_table_iter_init (&iter, fields);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    if (!sp_hand_entry_is_field (name))
      {
        g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                     _("unknown column '%s' (session, table, winner, from, fan, hand, draw, "
                       "false_win, situation)"), (const char *) name);
        return FALSE;
      }
  if (!parse_number (fields, "session", 1000, session, error)
      || !parse_number (fields, "table", 10000, table, error))
    return FALSE;
  entry->draw = is_true (g_hash_table_lookup (fields, "draw"));
  entry->false_win = is_true (g_hash_table_lookup (fields, "false_win"));
  if ((value = field (fields, "winner")) != NULL
      && !sp_hand_entry_parse_seat (value, FALSE, &entry->winner, error))
    return FALSE;
  if ((value = field (fields, "from")) != NULL
      && !sp_hand_entry_parse_seat (value, TRUE, &entry->from, error))
    return FALSE;
  sp_hand_entry_set_tiles (entry, field (fields, "hand"));
  if ((value = field (fields, "fan")) != NULL)
    {
      if (!sp_hand_entry_parse_total (value, &entry->total, error))
        {
          g_prefix_error (error, "fan ");
          return FALSE;
        }
      entry->has_total = TRUE;
    }
  if ((value = field (fields, "situation")) != NULL
      && !parse_situation (value, &entry->situation, error))
    return FALSE;
  if (!entry->draw && (entry->winner < 0 || entry->from < 0))
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("a win needs a winner and a from (a seat or self); a draw needs draw=1"));
      return FALSE;
    }
  return TRUE;
}

gint64
sp_hand_entry_max_total (const SpRules *rules)
{
  gint64 least, most;

  sp_rules_get_class (rules)->claim_bounds (sp_rules_get_options (rules), &least, &most);
  return most;
}

/* The least total a win needs under @rules (起和), for a claimed total. */
static gint64
min_total (const SpRules *rules)
{
  gint64 least, most;

  sp_rules_get_class (rules)->claim_bounds (sp_rules_get_options (rules), &least, &most);
  return least;
}

static const char *
unit_of (SpRuleset ruleset)
{
  return _(sp_ruleset_class (ruleset)->unit);
}

gboolean
sp_table_refuse (GError        **error,
                 SpCoreError     code,
                 const SpTable  *table,
                 guint           number,
                 const char     *format,
                 ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, SP_CORE_ERROR, code, _("session %u table %u hand %u: %s"), table->session,
               table->table, number, what);
  return FALSE;
}

static void
reset_record (SpHandRecord  *record,
              const SpTable *table)
{
  record->session = table->session;
  record->table = table->table;
  record->number = table->next.number;
  record->winner = SP_CHAIR_NONE;
  record->discarder = SP_CHAIR_NONE;
  record->draw = FALSE;
  record->total = 0;
  memset (record->settlement, 0, sizeof record->settlement);
  g_clear_pointer (&record->notation, g_free);
  g_clear_pointer (&record->situation, g_free);
  g_clear_pointer (&record->items, sp_hand_items_free);
  record->riichi = record->tenpai = record->chombo = 0;
  record->sticks = 0;
  record->has_value = FALSE;
  record->value = (SpHandValue) { 0 };
  for (guint i = 0; i < record->n_also; i++)
    sp_hand_win_clear (&record->also[i]);
  record->n_also = 0;
}

gboolean
sp_hand_entry_check_seating (const SpHandEntry  *entry,
                             const SpTable      *table,
                             GError            **error)
{
  const SpSituation *s = &entry->situation;
  const SpRotation *rotation = &table->next;
  guint number = rotation->number;
  g_autofree char *why = g_strdup_printf (_("the winner sits %s, the round wind is %s and the "
                                            "dealer sits E"),
                                          seat_letters[entry->winner],
                                          seat_letters[rotation->round_wind]);

  if ((s->given & SP_SITUATION_SEAT_WIND) && s->seat_wind != entry->winner)
    return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                            _("the seat wind %s contradicts the seating: %s"),
                            seat_letters[s->seat_wind], why);
  if ((s->given & SP_SITUATION_ROUND_WIND) && s->round_wind != rotation->round_wind)
    return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                            _("the round wind %s contradicts the seating: %s"),
                            seat_letters[s->round_wind], why);
  if ((s->given & SP_SITUATION_DEALER) && s->dealer != SP_WIND_EAST)
    return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                            _("the dealer %s contradicts the seating: %s"), seat_letters[s->dealer],
                            why);
  if ((s->given & SP_SITUATION_STREAK) && s->streak != rotation->streak)
    return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                            _("a streak of %u contradicts the seating: the dealer's streak (連莊) "
                              "is %u"),
                            s->streak, rotation->streak);
  if ((s->given & SP_SITUATION_SELF_DRAWN) && s->self_drawn
      && entry->from != SP_HAND_ENTRY_SELF_DRAWN)
    return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                            _("self-drawn contradicts the discard of %s"),
                            seat_letters[entry->from]);
  if (s->given & SP_SITUATION_DISCARDER)
    {
      if (entry->from == SP_HAND_ENTRY_SELF_DRAWN)
        return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                                _("a self-drawn win has no discarder: the discarder %s says "
                                  "nothing of it (name the discarder as the seat the tile came "
                                  "from)"),
                                seat_letters[s->discarder]);
      if (s->discarder != entry->from)
        return sp_table_refuse (error, SP_CORE_ERROR_BAD_SITUATION, table, number,
                                _("the discarder %s contradicts the discard of %s"),
                                seat_letters[s->discarder], seat_letters[entry->from]);
    }
  return TRUE;
}

/* The stakes of a hand: only those the ruleset plays with (MCR has none; Guangdong has a stake
 * but no 每台). */
static gboolean
check_stakes (const SpHandEntry  *entry,
              const SpTable      *table,
              SpRuleset           ruleset,
              GError            **error)
{
  const SpRulesetClass *klass = sp_ruleset_class (ruleset);
  guint32 refused = 0;

  if (!(klass->settings & SP_RULESET_HAS_BASE))
    refused |= SP_SITUATION_BASE;
  if (!(klass->settings & SP_RULESET_HAS_PER_UNIT))
    refused |= SP_SITUATION_PER_TAI;
  if ((entry->situation.given & refused) && klass->stakes_refusal != NULL)
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, table->next.number, "%s",
                            _(klass->stakes_refusal));
  return TRUE;
}

/* What a claimed total cannot use, and a liable player where the rules have none (包牌 is
 * Guangdong's rule alone): refused rather than kept and silently ignored. */
static gboolean
check_claimed_total (const SpHandEntry  *entry,
                     const SpTable      *table,
                     SpRuleset           ruleset,
                     GError            **error)
{
  const SpRulesetClass *klass = sp_ruleset_class (ruleset);
  guint32 unused = entry->has_total ? entry->situation.given & SCORER_ONLY : 0;

  if (entry->has_total && !klass->flowers_in_claimed_total
      && (entry->situation.given & SP_SITUATION_FLOWERS))
    unused |= SP_SITUATION_FLOWERS;
  if (unused != 0)
    {
      guint32 first = unused & -unused;

      return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, table->next.number,
                              /* Translators: %s is a situation option such as --last-tile. */
                              _("--%s changes only the scoring of tiles: with a claimed total it "
                                "would change nothing (count it in the total, or give the "
                                "tiles)"),
                              sp_situation_field_to_key ((SpSituationField) first));
    }
  if (!klass->liable_payer && (entry->situation.given & SP_SITUATION_LIABLE))
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, table->next.number,
                            _("a liable player (包牌) is a Guangdong rule: it would change "
                              "nothing here"));
  return TRUE;
}

/* The situation the scorer sees: what the referee said, with the seating's fields and the
 * tournament's stakes where the hand does not name its own. */
static void
fill_situation (SpSituation        *s,
                const SpHandEntry  *entry,
                const SpTable      *table,
                const SpTournament *tournament)
{
  *s = entry->situation;
  s->seat_wind = (guint8) entry->winner;
  s->round_wind = table->next.round_wind;
  s->dealer = SP_WIND_EAST;
  s->streak = table->next.streak;
  s->self_drawn = entry->from == SP_HAND_ENTRY_SELF_DRAWN;
  s->discarder = entry->from == SP_HAND_ENTRY_SELF_DRAWN ? SP_SEAT_NONE : (guint8) entry->from;
  s->given |= SP_SITUATION_SEAT_WIND | SP_SITUATION_ROUND_WIND | SP_SITUATION_DEALER
              | SP_SITUATION_STREAK;
  if (!(entry->situation.given & SP_SITUATION_BASE) && tournament->base > 0)
    {
      s->base = tournament->base;
      s->given |= SP_SITUATION_BASE;
    }
  if (!(entry->situation.given & SP_SITUATION_PER_TAI) && tournament->per_tai > 0)
    {
      s->per_tai = tournament->per_tai;
      s->given |= SP_SITUATION_PER_TAI;
    }
}

/* Scores the tiles; a flower win is the hand "-". */
static gboolean
score_tiles (const SpHandEntry  *entry,
             const SpRules      *rules,
             SpSituation        *situation,
             SpScoreResult      *result,
             const SpTable      *table,
             GError            **error)
{
  SpHand hand;
  g_autoptr(GError) local_error = NULL;

  if (strcmp (entry->tiles, "-") == 0)
    {
      memset (&hand, 0, sizeof hand);
      situation->flower_win = TRUE;
    }
  else if (!sp_hand_parse (entry->tiles, &hand, &local_error))
    return sp_table_refuse (error, (SpCoreError) local_error->code, table, table->next.number, "%s",
                            local_error->message);
  sp_rules_score (rules, &hand, situation, result);
  return TRUE;
}

gboolean
sp_hand_entry_judge (const SpHandEntry  *entry,
                     const SpTable      *table,
                     const SpTournament *tournament,
                     const SpRules      *rules,
                     SpHandRecord       *record,
                     SpScoreResult      *result,
                     gboolean           *false_win,
                     GError            **error)
{
  const SpRotation *rotation = &table->next;
  SpRuleset ruleset = sp_rules_get_ruleset (rules);
  const SpRulesetClass *klass = sp_rules_get_class (rules);
  guint number = rotation->number;
  SpSituation situation;
  SpSituation kept;

  g_return_val_if_fail (entry != NULL && table != NULL && tournament != NULL && rules != NULL,
                        FALSE);
  g_return_val_if_fail (record != NULL && result != NULL && false_win != NULL, FALSE);

  *false_win = FALSE;
  reset_record (record, table);
  sp_score_result_init (result, ruleset);

  if (rotation->finished)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("session %u table %u is complete: it already has its %u hands"),
                   table->session, table->table, table->n_hands);
      return FALSE;
    }
  if (klass->judge_entry != NULL)
    return klass->judge_entry (entry, table, tournament, rules, record, result, error);
  if (entry->riichi != 0 || entry->tenpai != 0 || entry->chombo != SP_HAND_ENTRY_UNSAID
      || entry->has_value || entry->n_also > 0)
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                            _("--riichi, --tenpai, --chombo, --han, --fu, --yakuman and a second "
                              "--winner are for riichi tournaments; this one plays %s"),
                            sp_ruleset_to_string (ruleset));
  if (entry->draw)
    {
      if (entry->winner >= 0 || entry->from >= 0 || entry->tiles != NULL || entry->has_total
          || entry->false_win)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("a draw has no winner, discarder, hand or fan"));
      record->draw = TRUE;
      return TRUE;
    }
  if (entry->winner < 0 || entry->winner > 3 || entry->from < 0
      || entry->from > SP_HAND_ENTRY_SELF_DRAWN)
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                            _("a win needs the winner's seat (E, S, W or N) and where the tile "
                              "came from (a seat or self-drawn), or else it is a draw"));
  if (entry->from == entry->winner)
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                            _("the winner %s cannot win on a discard of his own (it is "
                              "self-drawn)"),
                            seat_letters[entry->winner]);
  if (entry->tiles != NULL && entry->has_total)
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                            _("give the tiles or the claimed total, not both: the total of the "
                              "tiles is the scorer's"));
  if (entry->tiles == NULL && !entry->has_total)
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                            _("a win needs its tiles or its claimed total"));
  if (!sp_hand_entry_check_seating (entry, table, error)
      || !check_stakes (entry, table, ruleset, error)
      || !check_claimed_total (entry, table, ruleset, error))
    return FALSE;

  fill_situation (&situation, entry, table, tournament);
  if (entry->tiles != NULL)
    {
      if (!score_tiles (entry, rules, &situation, result, table, error))
        return FALSE;
      if (!result->win)
        {
          if (entry->false_win && result->has_penalty)
            {
              *false_win = TRUE;
              return TRUE;
            }
          return sp_table_refuse (error, result->error_code, table, number, "%s", result->message);
        }
      if (entry->false_win)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("declared a false win, but the hand is a legal win of %d"),
                                result->total);
      record->notation = g_strdup (entry->tiles);
      record->items = sp_hand_items_new_from_result (result);
    }
  else
    {
      gint64 max = sp_hand_entry_max_total (rules);
      gint64 least = min_total (rules);
      g_autoptr(GError) settle_error = NULL;
      gint64 flowers = 0;

      /* MCR: the claimed total includes the flowers given with it (花牌, 1 fan each), which
       * do not count toward the minimum (R98 起和分 8, flowers excluded). */
      if (klass->flowers_in_claimed_total && (entry->situation.given & SP_SITUATION_FLOWERS))
        flowers = entry->situation.n_flowers;
      if (flowers > entry->total)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("a total of %lld fan cannot include %lld flowers: the total "
                                  "claimed counts the flowers (1 fan each)"),
                                (long long) entry->total, (long long) flowers);

      if (entry->total < 0 || entry->total > max)
        return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                                _("%lld %s is more than any %s hand can score (at most %lld)"),
                                (long long) entry->total, unit_of (ruleset),
                                sp_ruleset_short_title (ruleset), (long long) max);
      if (entry->false_win)
        {
          if (klass->penalize_claim == NULL)
            return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number, "%s",
                                    _(klass->false_claim_refusal));
          if (!sp_rules_penalize_claim (rules, &situation, (gint32) entry->total, result,
                                        error))
            return FALSE;
          *false_win = TRUE;
          return TRUE;
        }
      if (entry->total - flowers < least)
        {
          sp_score_result_refuse (result, SP_CORE_ERROR_BELOW_MINIMUM,
                                  _("%lld %s is below the minimum of %lld"),
                                  (long long) (entry->total - flowers), unit_of (ruleset),
                                  (long long) least);
          result->total = (gint32) entry->total;
          if (flowers > 0)
            return sp_table_refuse (error, SP_CORE_ERROR_BELOW_MINIMUM, table, number,
                                    _("%lld fan without the %lld flowers is below the minimum "
                                      "of %lld"),
                                    (long long) (entry->total - flowers), (long long) flowers,
                                    (long long) least);
          return sp_table_refuse (error, SP_CORE_ERROR_BELOW_MINIMUM, table, number,
                                  _("%lld %s is below the minimum of %lld"),
                                  (long long) entry->total, unit_of (ruleset), (long long) least);
        }
      if (!sp_rules_settle (rules, &situation, (gint32) entry->total, result, &settle_error))
        return sp_table_refuse (error, (SpCoreError) settle_error->code, table, number, "%s",
                                settle_error->message);
    }
  if (!result->has_settlement)
    return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, number,
                            _("the %s rules gave no settlement"), sp_ruleset_short_title (ruleset));

  record->winner = (gint) sp_rotation_chair_at (rotation, (SpWind) entry->winner);
  if (entry->from != SP_HAND_ENTRY_SELF_DRAWN)
    record->discarder = (gint) sp_rotation_chair_at (rotation, (SpWind) entry->from);
  record->total = result->total;
  for (guint s = 0; s < 4; s++)
    record->settlement[sp_rotation_chair_at (rotation, (SpWind) s)] = result->settlement[s];
  /* The stored situation: what the referee said beyond what the seating decides. */
  kept = entry->situation;
  kept.given &= ~(guint32) SP_HAND_ENTRY_SEATING_FIELDS;
  record->situation = sp_situation_to_string (&kept);
  if (record->situation[0] == '\0')
    g_clear_pointer (&record->situation, g_free);
  return TRUE;
}

GPtrArray *
sp_hand_entry_false_win_penalties (const SpHandEntry   *entry,
                                   const SpTable       *table,
                                   const SpRules       *rules,
                                   const SpScoreResult *result)
{
  GPtrArray *penalties = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_penalty_free);
  SpRuleset ruleset = sp_rules_get_ruleset (rules);
  g_autofree char *claim = NULL;

  if (entry->tiles != NULL)
    claim = g_strdup_printf ("%s: %s", entry->tiles, sp_core_error_code_name (result->error_code));
  else
    claim = g_strdup_printf ("%lld %s", (long long) entry->total, unit_of (ruleset));
  for (guint s = 0; s < 4; s++)
    {
      SpPenalty *penalty;

      if (result->penalty[s] == 0)
        continue;
      penalty = g_new0 (SpPenalty, 1);
      penalty->session = table->session;
      penalty->player = table->players[sp_rotation_chair_at (&table->next, (SpWind) s)];
      penalty->points = result->penalty[s];
      penalty->table = table->table;
      penalty->number = table->next.number;
      /* Stored data: the reason stays in the rules' words, untranslated. */
      penalty->reason = g_strdup_printf ("table %u hand %u: %s (%s declared %s)", table->table,
                                         table->next.number, result->penalty_reason,
                                         seat_letters[entry->winner], claim);
      g_ptr_array_add (penalties, penalty);
    }
  return penalties;
}

gboolean
sp_hand_entry_disqualifies (const SpRules       *rules,
                            const SpScoreResult *result)
{
  const SpRulesetClass *klass = sp_rules_get_class (rules);

  return klass->disqualifies != NULL && klass->disqualifies (sp_rules_get_options (rules), result);
}

gboolean
sp_table_rescore (SpTable            *table,
                  const SpTournament *tournament,
                  const SpRules      *rules,
                  GPtrArray          *hands,
                  guint               start,
                  const SpHandEntry  *edited,
                  GError            **error)
{
  SpRotationKind kind;

  g_return_val_if_fail (table != NULL && tournament != NULL && hands != NULL, FALSE);

  kind = sp_tournament_rotation (tournament);
  sp_rotation_start (&table->next, kind);
  table->n_hands = 0;
  for (guint i = 0; i < hands->len; i++)
    {
      SpHandRecord *hand = hands->pdata[i];
      g_auto(SpHandEntry) entry = { 0 };
      SpScoreResult result;
      gboolean false_win;

      if (i >= start)
        {
          if (i == start && edited != NULL)
            sp_hand_entry_copy (&entry, edited);
          else if (!sp_hand_entry_from_record (&entry, hand, &table->next, error))
            return FALSE;
          if (!sp_hand_entry_judge (&entry, table, tournament, rules, hand, &result, &false_win,
                                    error))
            {
              /* A later hand moved by the correction: its number is new, so name its id. */
              if (i > start || edited == NULL)
                g_prefix_error (error, _("this correction would change the later hand of id %"
                                         PRId64 ": "), hand->id);
              return FALSE;
            }
          if (false_win)
            return sp_table_refuse (error, SP_CORE_ERROR_INVALID, table, table->next.number,
                                    _("a false win is a penalty, not a hand: it cannot replace "
                                      "one"));
        }
      sp_table_advance (table, kind, hand);
    }
  return TRUE;
}

gboolean
sp_hand_record_score_wins (const SpHandRecord *record,
                           const SpRotation   *rotation,
                           const SpRules      *rules,
                           SpScoreResult       results[1 + SP_HAND_MAX_ALSO],
                           guint              *n_wins,
                           GError            **error)
{
  const SpRulesetClass *klass;

  g_return_val_if_fail (record != NULL && rotation != NULL && rules != NULL, FALSE);
  g_return_val_if_fail (results != NULL && n_wins != NULL, FALSE);

  *n_wins = 0;
  klass = sp_rules_get_class (rules);
  return klass->score_record_wins == NULL
         || klass->score_record_wins (record, rotation, rules, results, n_wins, error);
}

GPtrArray *
sp_table_false_wins (GPtrArray *penalties,
                     guint      table)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  const SpPenalty *last = NULL;

  g_return_val_if_fail (penalties != NULL, groups);

  for (guint i = 0; i < penalties->len; i++)
    {
      SpPenalty *penalty = penalties->pdata[i];

      if (penalty->table != table || penalty->number == 0)
        continue;
      /* The penalties of one verdict are written together, with one reason. */
      if (last == NULL || last->number != penalty->number
          || g_strcmp0 (last->reason, penalty->reason) != 0)
        g_ptr_array_add (groups, g_ptr_array_new ());
      g_ptr_array_add (groups->pdata[groups->len - 1], penalty);
      last = penalty;
    }
  return groups;
}
