/* sp-tournament.c: the records of a tournament.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-tournament.h"
#include "sp-standings.h"
#include "sp-rules-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char * const status_names[] = { "active", "withdrawn", "substitute" };

const char *
sp_player_status_to_string (SpPlayerStatus status)
{
  g_return_val_if_fail ((guint) status < G_N_ELEMENTS (status_names), NULL);
  return status_names[status];
}

gboolean
sp_player_status_from_string (const char     *text,
                              SpPlayerStatus *status)
{
  for (guint i = 0; i < G_N_ELEMENTS (status_names); i++)
    {
      if (g_strcmp0 (text, status_names[i]) == 0)
        {
          *status = (SpPlayerStatus) i;
          return TRUE;
        }
    }
  return FALSE;
}

void
sp_tournament_free (SpTournament *tournament)
{
  if (tournament == NULL)
    return;
  g_free (tournament->name);
  g_free (tournament->profile);
  g_free (tournament->options);
  g_clear_pointer (&tournament->rules, sp_rules_free);
  g_free (tournament->seating);
  g_free (tournament->ranking);
  g_free (tournament->created);
  g_free (tournament->venue);
  g_free (tournament->starts_on);
  g_free (tournament->ends_on);
  g_free (tournament);
}

void
sp_player_free (SpPlayer *player)
{
  if (player == NULL)
    return;
  g_free (player->name);
  g_free (player->club);
  g_free (player->country);
  g_free (player->team);
  g_free (player->federation_id);
  g_free (player);
}

void
sp_hand_win_clear (SpHandWin *win)
{
  g_clear_pointer (&win->notation, g_free);
  g_clear_pointer (&win->situation, g_free);
  g_clear_pointer (&win->items, sp_hand_items_free);
}

void
sp_hand_win_copy (SpHandWin       *dest,
                  const SpHandWin *src)
{
  *dest = *src;
  dest->notation = g_strdup (src->notation);
  dest->situation = g_strdup (src->situation);
  dest->items = sp_hand_items_copy (src->items);
}

void
sp_hand_record_free (SpHandRecord *hand)
{
  if (hand == NULL)
    return;
  g_free (hand->notation);
  g_free (hand->situation);
  sp_hand_items_free (hand->items);
  g_free (hand->entered_by);
  g_free (hand->entered_at);
  g_free (hand->changed_by);
  g_free (hand->changed_at);
  g_free (hand->confirmed_by);
  g_free (hand->confirmed_at);
  g_free (hand->entry_key);
  for (guint i = 0; i < hand->n_also; i++)
    sp_hand_win_clear (&hand->also[i]);
  g_free (hand);
}

void
sp_penalty_free (SpPenalty *penalty)
{
  if (penalty == NULL)
    return;
  g_free (penalty->reason);
  g_free (penalty);
}

static const struct
{
  const char *key;
  const char *values; /* the accepted values, '|'-separated; NULL: a number in min–max */
  gint64      min, max;
} tournament_options[] = {
  { "rank_substitutes", "on|off" },
  { "penalties", "session|overall" },
  { "swiss", "high-high|snake" },
  { "dealer_repeats", "on|off" },
  { "group_tables", NULL, 1, SP_TOURNAMENT_MAX_GROUP_TABLES },
};

gboolean
sp_tournament_check_option (const char  *key,
                            const char  *value,
                            gboolean    *known,
                            GError     **error)
{
  *known = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (tournament_options); i++)
    {
      g_auto(GStrv) values = NULL;

      if (strcmp (key, tournament_options[i].key) != 0)
        continue;
      *known = TRUE;
      if (tournament_options[i].values == NULL)
        {
          gint64 number;

          if (!g_ascii_string_to_signed (value, 10, tournament_options[i].min,
                                         tournament_options[i].max, &number, NULL))
            {
              g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                           /* Translators: the first %s is an option's name, the second the
                            * value given. */
                           _("option %s: '%s' is not a whole number from %d to %d"), key, value,
                           (int) tournament_options[i].min, (int) tournament_options[i].max);
              return FALSE;
            }
          continue;
        }
      values = g_strsplit (tournament_options[i].values, "|", -1);
      if (!g_strv_contains ((const char * const *) values, value))
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: the first %s is an option's name, the second the value
                        * given, the third the accepted values, such as on|off. */
                       _("option %s: '%s' is not one of %s"), key, value,
                       tournament_options[i].values);
          return FALSE;
        }
    }
  return TRUE;
}

/* Calls @func for each KEY=VALUE line of the options; stops at the first FALSE. */
typedef gboolean (*OptionFunc) (const char  *key,
                                const char  *value,
                                gpointer     data,
                                GError     **error);

static gboolean
foreach_option (const SpTournament  *tournament,
                OptionFunc           func,
                gpointer             data,
                GError             **error)
{
  g_auto(GStrv) lines = g_strsplit (tournament->options != NULL ? tournament->options : "",
                                    "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *eq = strchr (lines[i], '=');

      if (eq == NULL)
        continue;
      *eq = '\0';
      if (!func (lines[i], eq + 1, data, error))
        return FALSE;
    }
  return TRUE;
}

/* Sets the tournament option @key, already checked, in @settings. */
static void
set_setting (SpTournamentOptions *settings,
             const char          *key,
             const char          *value)
{
  if (strcmp (key, "rank_substitutes") == 0)
    settings->substitutes_unranked = strcmp (value, "off") == 0;
  else if (strcmp (key, "penalties") == 0)
    settings->penalties_overall = strcmp (value, "overall") == 0;
  else if (strcmp (key, "swiss") == 0)
    settings->swiss_snake = strcmp (value, "snake") == 0;
  else if (strcmp (key, "dealer_repeats") == 0)
    settings->dealer_repeats = strcmp (value, "on") == 0;
  else if (strcmp (key, "group_tables") == 0)
    settings->group_tables = (guint) g_ascii_strtoull (value, NULL, 10);
}

/* What one reading of the options text fills: the tournament's settings and its rules. */
typedef struct
{
  SpTournamentOptions  settings;
  SpRules             *rules;
} OptionsRead;

/* One line: a tournament option checked and set in the settings, any other on the rules. */
static gboolean
read_option (const char  *key,
             const char  *value,
             gpointer     data,
             GError     **error)
{
  OptionsRead *read = data;
  gboolean known;

  if (!sp_tournament_check_option (key, value, &known, error))
    return FALSE;
  if (known)
    {
      set_setting (&read->settings, key, value);
      return TRUE;
    }
  return sp_rules_set_option (read->rules, key, value, error);
}

/* Reads the options text of @tournament, every line in order, into @read. */
static gboolean
read_options (const SpTournament  *tournament,
              OptionsRead         *read,
              GError             **error)
{
  read->rules = sp_rules_new (tournament->ruleset, tournament->profile, error);
  if (read->rules != NULL && foreach_option (tournament, read_option, read, error))
    return TRUE;
  g_clear_pointer (&read->rules, sp_rules_free);
  return FALSE;
}

SpRules *
sp_tournament_new_rules (const SpTournament  *tournament,
                         GError             **error)
{
  OptionsRead read = { { 0 } };

  g_return_val_if_fail (tournament != NULL, NULL);

  return read_options (tournament, &read, error) ? read.rules : NULL;
}

gboolean
sp_tournament_read_options (SpTournament  *tournament,
                            GError       **error)
{
  OptionsRead read = { { 0 } };

  g_return_val_if_fail (tournament != NULL, FALSE);

  if (!read_options (tournament, &read, error))
    return FALSE;
  tournament->settings = read.settings;
  g_clear_pointer (&tournament->rules, sp_rules_free);
  tournament->rules = read.rules;
  return TRUE;
}

SpRotationKind
sp_tournament_rotation (const SpTournament *tournament)
{
  const SpRulesetClass *klass;

  g_return_val_if_fail (tournament != NULL, SP_ROTATION_FIXED);
  g_return_val_if_fail ((guint) tournament->ruleset < SP_N_RULESETS, SP_ROTATION_FIXED);

  klass = sp_ruleset_class (tournament->ruleset);
  if (tournament->settings.dealer_repeats && (klass->settings & SP_RULESET_HAS_DEALER_REPEATS))
    return klass->repeating_rotation;
  return klass->rotation;
}

void
sp_tournament_init_defaults (SpTournament *tournament)
{
  const SpRulesetClass *klass;

  g_return_if_fail (tournament != NULL);
  g_return_if_fail ((guint) tournament->ruleset < SP_N_RULESETS);

  /* The draw, the ranking and the stakes are the ruleset's usual ones (MCR events follow the
   * WMA's practice, a balanced schedule and R98 table points; clubs of the others draw by
   * lots and rank by the score). */
  klass = sp_ruleset_class (tournament->ruleset);
  if (tournament->seating == NULL)
    tournament->seating = g_strdup (klass->default_seating);
  if (tournament->ranking == NULL)
    tournament->ranking = g_strdup (klass->default_ranking);
  /* The stakes said, one of them, leave the other 0. */
  if (tournament->base == 0 && tournament->per_tai == 0)
    {
      tournament->base = klass->default_base;
      tournament->per_tai = klass->default_per_unit;
    }
}

gboolean
sp_tournament_check (SpTournament  *tournament,
                     GError       **error)
{
  static const char *const methods[] = { "balanced", "random", "swiss", NULL };
  SpRanking ranking;

  g_return_val_if_fail (tournament != NULL, FALSE);

  if (tournament->seating == NULL || !g_strv_contains (methods, tournament->seating))
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("seating %s: balanced, random or swiss expected"),
                   tournament->seating != NULL ? tournament->seating : "");
      return FALSE;
    }
  if (tournament->ranking == NULL || !sp_ranking_from_string (tournament->ranking, &ranking))
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("ranking %s: r98, ema or score expected"),
                   tournament->ranking != NULL ? tournament->ranking : "");
      return FALSE;
    }
  /* The stored name is the ranking's own spelling, whatever the case typed. */
  g_free (tournament->ranking);
  tournament->ranking = g_strdup (sp_ranking_to_string (ranking));
  return TRUE;
}

gboolean
sp_tournament_add_option (SpTournament  *tournament,
                          SpRules       *rules,
                          const char    *key,
                          const char    *value,
                          GError       **error)
{
  gboolean known = FALSE;
  char *options;

  g_return_val_if_fail (tournament != NULL && rules != NULL && key != NULL && value != NULL,
                        FALSE);

  if (!sp_tournament_check_option (key, value, &known, error)
      || (!known && !sp_rules_set_option (rules, key, value, error)))
    return FALSE;
  if (known)
    set_setting (&tournament->settings, key, value);
  /* Stored as sp_tournament_new_rules() and sp_tournament_read_options() read them back. */
  options = tournament->options != NULL && tournament->options[0] != '\0'
            ? g_strdup_printf ("%s\n%s=%s", tournament->options, key, value)
            : g_strdup_printf ("%s=%s", key, value);
  g_free (tournament->options);
  tournament->options = options;
  return TRUE;
}

gboolean
sp_date_is_valid (const char *text)
{
  guint64 year, month, day;
  char digits[5];

  if (text == NULL || strlen (text) != 10 || text[4] != '-' || text[7] != '-')
    return FALSE;
  for (guint i = 0; i < 10; i++)
    {
      if (i != 4 && i != 7 && !g_ascii_isdigit (text[i]))
        return FALSE;
    }
  memcpy (digits, text, 4);
  digits[4] = '\0';
  year = g_ascii_strtoull (digits, NULL, 10);
  month = (text[5] - '0') * 10 + (text[6] - '0');
  day = (text[8] - '0') * 10 + (text[9] - '0');
  return year >= 1 && month >= 1 && month <= 12
         && g_date_valid_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year);
}

/* An empty date is no date; a non-empty one must be a real day. */
static gboolean
take_date (char       **date,
           const char  *what,
           GError     **error)
{
  if (*date != NULL)
    g_strstrip (*date);
  if (*date != NULL && (*date)[0] == '\0')
    g_clear_pointer (date, g_free);
  if (*date == NULL || sp_date_is_valid (*date))
    return TRUE;
  g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
               /* Translators: the first %s is "The first day" or "The last day", the second
                * the date as typed. */
               _("%s, '%s', is not a date written year-month-day, such as 2026-05-01."),
               what, *date);
  return FALSE;
}

gboolean
sp_tournament_check_event (SpTournament  *tournament,
                           GError       **error)
{
  g_return_val_if_fail (tournament != NULL, FALSE);

  if (tournament->venue == NULL)
    tournament->venue = g_strdup ("");
  if (!g_utf8_validate (tournament->venue, -1, NULL))
    {
      g_set_error_literal (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                           _("The venue is not valid UTF-8 text."));
      return FALSE;
    }
  for (const char *c = tournament->venue; *c != '\0'; c = g_utf8_next_char (c))
    {
      if (g_unichar_iscntrl (g_utf8_get_char (c)))
        {
          g_set_error_literal (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                               _("The venue holds a control character, such as a line break; "
                                 "write it on one line."));
          return FALSE;
        }
    }
  g_strstrip (tournament->venue);
  if (g_utf8_strlen (tournament->venue, -1) > SP_TOURNAMENT_MAX_VENUE)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("The venue is %ld characters long; at most %d are kept."),
                   g_utf8_strlen (tournament->venue, -1), SP_TOURNAMENT_MAX_VENUE);
      return FALSE;
    }
  if (!take_date (&tournament->starts_on, _("The first day"), error)
      || !take_date (&tournament->ends_on, _("The last day"), error))
    return FALSE;
  /* ISO dates compare as text. */
  if (tournament->starts_on != NULL && tournament->ends_on != NULL
      && strcmp (tournament->ends_on, tournament->starts_on) < 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("The last day, %s, comes before the first day, %s."),
                   tournament->ends_on, tournament->starts_on);
      return FALSE;
    }
  if (tournament->starts_on == NULL && tournament->ends_on != NULL)
    {
      g_set_error_literal (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                           _("The last day is given without the first day."));
      return FALSE;
    }
  return TRUE;
}

void
sp_audit_entry_free (SpAuditEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->at);
  g_free (entry->who);
  g_free (entry->target);
  g_free (entry->action);
  g_free (entry->old_values);
  g_free (entry->new_values);
  g_free (entry);
}
