/* sp-db-log.c: a line of the audit log in words, the same for the Log page and sparrow-cli log.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-log.h"

#include <glib/gi18n-lib.h>

/* Every kind is named (-Wswitch-enum: a kind added to SpLogKind and not named here is a
 * warning); a value out of the enum's range reads as "other". */
const char *
sp_log_kind_to_string (SpLogKind kind)
{
  switch (kind)
    {
    case SP_LOG_TOURNAMENT_CREATED:
      return "tournament-created";
    case SP_LOG_TOURNAMENT_RENAMED:
      return "tournament-renamed";
    case SP_LOG_TOURNAMENT_CHANGED:
      return "tournament-changed";
    case SP_LOG_TWO_KEY_CHANGED:
      return "two-key-changed";
    case SP_LOG_PLAN_STORED:
      return "plan-stored";
    case SP_LOG_TOURNAMENT_DELETED:
      return "tournament-deleted";
    case SP_LOG_PLAYER_ADDED:
      return "player-added";
    case SP_LOG_SUBSTITUTE_ADDED:
      return "substitute-added";
    case SP_LOG_PLAYER_CHECKED_IN:
      return "player-checked-in";
    case SP_LOG_PLAYER_CHECKED_OUT:
      return "player-checked-out";
    case SP_LOG_PLAYER_WITHDRAWN:
      return "player-withdrawn";
    case SP_LOG_PLAYER_REINSTATED:
      return "player-reinstated";
    case SP_LOG_PLAYER_RENAMED:
      return "player-renamed";
    case SP_LOG_PLAYER_EDITED:
      return "player-edited";
    case SP_LOG_PLAYER_REMOVED:
      return "player-removed";
    case SP_LOG_SESSION_ADDED:
      return "session-added";
    case SP_LOG_SESSION_DRAWN:
      return "session-drawn";
    case SP_LOG_SESSION_REDRAWN:
      return "session-redrawn";
    case SP_LOG_SESSION_CLOSED:
      return "session-closed";
    case SP_LOG_SESSION_REOPENED:
      return "session-reopened";
    case SP_LOG_SESSION_CHANGED:
      return "session-changed";
    case SP_LOG_SESSION_REMOVED:
      return "session-removed";
    case SP_LOG_SEAT_TAKEN:
      return "seat-taken";
    case SP_LOG_SEAT_CHANGED:
      return "seat-changed";
    case SP_LOG_SEAT_FREED:
      return "seat-freed";
    case SP_LOG_HAND_ENTERED:
      return "hand-entered";
    case SP_LOG_HAND_CORRECTED:
      return "hand-corrected";
    case SP_LOG_HAND_RENUMBERED:
      return "hand-renumbered";
    case SP_LOG_HAND_DELETED:
      return "hand-deleted";
    case SP_LOG_HAND_CONFIRMED:
      return "hand-confirmed";
    case SP_LOG_PENALTY_GIVEN:
      return "penalty-given";
    case SP_LOG_PENALTY_CHANGED:
      return "penalty-changed";
    case SP_LOG_PENALTY_DELETED:
      return "penalty-deleted";
    case SP_LOG_PIN_SET:
      return "pin-set";
    case SP_LOG_PIN_CHANGED:
      return "pin-changed";
    case SP_LOG_PIN_CLEARED:
      return "pin-cleared";
    case SP_LOG_PIN_WRONG:
      return "pin-wrong";
    case SP_LOG_PIN_UNLOCKED:
      return "pin-unlocked";
    case SP_LOG_PIN_USED:
      return "pin-used";
    case SP_LOG_OTHER:
    default:
      break;
    }
  return "other";
}

static const char *
name_or_someone (const char *name)
{
  return name != NULL ? name : _("a player");
}

/* The command the director's PIN was given for (as the store logs it: sparrow-cli's words), in
 * the user's language. */
static const char *
pin_action_label (const char *action)
{
  static const struct
  {
    const char *action;
    const char *label;
  } labels[] = {
    { "session reopen", N_("reopening a session") },
    { "hand edit", N_("correcting a hand") },
    { "hand delete", N_("deleting a hand") },
    { "hand confirm", N_("confirming a hand of their own") },
    { "penalty delete", N_("deleting a penalty") },
    { "players withdraw", N_("withdrawing a player") },
    { "players substitute", N_("substituting a player") },
    { "tournament delete", N_("deleting the tournament") },
    { "tournament pin set", N_("changing the PIN") },
    { "tournament pin clear", N_("removing the PIN") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_strcmp0 (action, labels[i].action) == 0)
      return _(labels[i].label);
  return action != NULL ? action : "";
}

char *
sp_log_describe (const SpLogEntry *entry)
{
  const char *name = name_or_someone (entry->name);
  g_autofree char *seed = NULL;
  g_autofree char *points = NULL;
  g_autofree char *reason = NULL;

  g_return_val_if_fail (entry != NULL, NULL);

  /* A false win's reason is stored in the rules' words: shown in the reader's. */
  reason = sp_penalty_reason_translate (entry->reason != NULL ? entry->reason : "");
  switch (entry->kind)
    {
    case SP_LOG_TOURNAMENT_CREATED:
      /* Translators: %s is the tournament's name. */
      return g_strdup_printf (_("Created the tournament “%s”"), entry->name);
    case SP_LOG_TOURNAMENT_RENAMED:
      /* Translators: the tournament's name before and after. */
      return g_strdup_printf (_("Renamed the tournament “%s” to “%s”"), entry->old_name,
                              entry->name);
    case SP_LOG_TOURNAMENT_CHANGED:
      return g_strdup (_("Changed the tournament’s settings"));
    case SP_LOG_TWO_KEY_CHANGED:
      return g_strdup (entry->points != 0
                       ? _("Turned two-key entry on: a hand counts once a second referee "
                           "or the director confirms it")
                       : _("Turned two-key entry off: every hand counts as entered"));
    case SP_LOG_PLAN_STORED:
      return g_strdup (_("Computed the balanced seating plan for every session"));
    case SP_LOG_TOURNAMENT_DELETED:
      return g_strdup_printf (_("Deleted the tournament “%s”"), entry->name);
    case SP_LOG_PLAYER_ADDED:
      /* Translators: %s is a player's name. */
      return g_strdup_printf (_("Registered %s"), name);
    case SP_LOG_SUBSTITUTE_ADDED:
      /* Translators: the substitute's name, then the name of the player replaced. */
      return g_strdup_printf (_("Registered %s as a substitute for %s"), name,
                              name_or_someone (entry->old_name));
    case SP_LOG_PLAYER_CHECKED_IN:
      return g_strdup_printf (_("Checked in %s"), name);
    case SP_LOG_PLAYER_CHECKED_OUT:
      return g_strdup_printf (_("Checked out %s"), name);
    case SP_LOG_PLAYER_WITHDRAWN:
      return g_strdup_printf (_("Withdrew %s"), name);
    case SP_LOG_PLAYER_REINSTATED:
      return g_strdup_printf (_("Reinstated %s"), name);
    case SP_LOG_PLAYER_RENAMED:
      /* Translators: a player's name before and after. */
      return g_strdup_printf (_("Renamed %s to %s"), name_or_someone (entry->old_name), name);
    case SP_LOG_PLAYER_EDITED:
      return g_strdup_printf (_("Edited the details of %s"), name);
    case SP_LOG_PLAYER_REMOVED:
      return g_strdup_printf (_("Removed %s"), name);
    case SP_LOG_SESSION_ADDED:
      /* Translators: %u is a session's number. */
      return g_strdup_printf (_("Set up session %u"), entry->session);
    case SP_LOG_SESSION_DRAWN:
    case SP_LOG_SESSION_REDRAWN:
      if (!entry->has_seed)
        return g_strdup_printf (_("Drew session %u"), entry->session);
      seed = g_strdup_printf ("%" G_GUINT64_FORMAT, entry->seed);
      if (entry->kind == SP_LOG_SESSION_REDRAWN)
        /* Translators: a session's number, then the seed of its draw. */
        return g_strdup_printf (_("Drew session %u again (seed %s)"), entry->session, seed);
      /* Translators: a session's number, then the seed of its draw. */
      return g_strdup_printf (_("Drew session %u (seed %s)"), entry->session, seed);
    case SP_LOG_SESSION_CLOSED:
      return g_strdup_printf (_("Closed session %u"), entry->session);
    case SP_LOG_SESSION_REOPENED:
      return g_strdup_printf (_("Reopened session %u"), entry->session);
    case SP_LOG_SESSION_CHANGED:
      return g_strdup_printf (_("Changed session %u"), entry->session);
    case SP_LOG_SESSION_REMOVED:
      return g_strdup_printf (_("Removed session %u"), entry->session);
    case SP_LOG_SEAT_TAKEN:
      /* Translators: a player's name, then a table's number. */
      return g_strdup_printf (_("Seated %s at table %u"), name, entry->table);
    case SP_LOG_SEAT_CHANGED:
      /* Translators: a player's name, a table's number, the name of the player replaced. */
      return g_strdup_printf (_("Seated %s at table %u in place of %s"), name, entry->table,
                              name_or_someone (entry->old_name));
    case SP_LOG_SEAT_FREED:
      /* Translators: a player's name, then a table's number. */
      return g_strdup_printf (_("Took %s off table %u"), name, entry->table);
    case SP_LOG_HAND_ENTERED:
      if (entry->chombo)
        /* Translators: a hand's number, its table's, then the name of the player whose
         * chombo (錯和, a riichi penalty) had the hand dealt again. */
        return g_strdup_printf (_("Entered hand %u at table %u: a chombo by %s"), entry->hand,
                                entry->table, name);
      if (entry->name == NULL)
        /* Translators: a hand's number, then its table's. */
        return g_strdup_printf (_("Entered hand %u at table %u: a draw"), entry->hand,
                                entry->table);
      /* Translators: a hand's number, its table's, then the winner's name. */
      return g_strdup_printf (_("Entered hand %u at table %u: %s won"), entry->hand,
                              entry->table, entry->name);
    case SP_LOG_HAND_CORRECTED:
      if (entry->note != NULL)
        /* Translators: a hand's number, its table's, then why it was corrected. */
        return g_strdup_printf (_("Corrected hand %u at table %u: %s"), entry->hand,
                                entry->table, entry->note);
      /* Translators: a hand's number, then its table's. */
      return g_strdup_printf (_("Corrected hand %u at table %u"), entry->hand, entry->table);
    case SP_LOG_HAND_RENUMBERED:
      /* Translators: a hand's number before, its table's, its number after. */
      return g_strdup_printf (_("Hand %u at table %u became hand %u"), entry->old_hand,
                              entry->table, entry->hand);
    case SP_LOG_HAND_DELETED:
      /* Translators: a hand's number, then its table's. */
      return g_strdup_printf (_("Deleted hand %u at table %u"), entry->hand, entry->table);
    case SP_LOG_HAND_CONFIRMED:
      /* Translators: a hand's number, its table's, then the name of the referee (or the
       * director) who confirmed it (two-key entry). */
      return g_strdup_printf (_("Hand %u of table %u confirmed by %s"), entry->hand,
                              entry->table, entry->reason != NULL ? entry->reason : entry->who);
    case SP_LOG_PENALTY_GIVEN:
      points = g_strdup_printf ("%+" G_GINT64_FORMAT, entry->points);
      /* Translators: a player's name, the points (with their sign), the reason. */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Penalty for %s: %s point (%s)",
                                           "Penalty for %s: %s points (%s)",
                                           (gulong) ABS (entry->points)),
                              name, points, reason);
    case SP_LOG_PENALTY_CHANGED:
      return g_strdup_printf (_("Changed a penalty of %s"), name);
    case SP_LOG_PENALTY_DELETED:
      /* Translators: a player's name, then the reason of the penalty removed. */
      return g_strdup_printf (_("Removed the penalty of %s (%s)"), name, reason);
    case SP_LOG_PIN_SET:
      return g_strdup (_("Set the director’s PIN"));
    case SP_LOG_PIN_CHANGED:
      return g_strdup (_("Changed the director’s PIN"));
    case SP_LOG_PIN_CLEARED:
      return g_strdup (_("Removed the director’s PIN"));
    case SP_LOG_PIN_WRONG:
      /* Translators: what the PIN was asked for, as pin_action_label () says it. */
      return g_strdup_printf (_("A wrong director’s PIN was given for %s"),
                              pin_action_label (entry->reason));
    case SP_LOG_PIN_UNLOCKED:
      return g_strdup_printf (_("The director’s PIN was given for %s, after wrong ones"),
                              pin_action_label (entry->reason));
    case SP_LOG_PIN_USED:
      return g_strdup_printf (_("Used the director’s PIN for %s"),
                              pin_action_label (entry->reason));
    case SP_LOG_OTHER:
    default:
      return g_strdup (_("Changed the tournament"));
    }
}

/* The points another player receives for a false win (诈和, 错和) are written with the
 * offender's deduction, one verdict: their line names the offender, so that it does not read
 * as a penalty of the player who gained ("False win by Anna: +10 to Mei").  NULL for any
 * other line. */
static char *
describe_gain (GPtrArray *entries,
               guint      index)
{
  const SpLogEntry *gain = entries->pdata[index];
  guint first = index >= 4 ? index - 4 : 0;
  g_autofree char *points = NULL;

  if (gain->kind != SP_LOG_PENALTY_GIVEN || gain->points <= 0)
    return NULL;
  for (guint i = first; i < entries->len && i <= index + 4; i++)
    {
      const SpLogEntry *offence = entries->pdata[i];

      if (offence->kind == SP_LOG_PENALTY_GIVEN && offence->points < 0
          && offence->session == gain->session && offence->table == gain->table
          && g_strcmp0 (offence->reason, gain->reason) == 0)
        {
          points = g_strdup_printf ("%+" G_GINT64_FORMAT, gain->points);
          /* Translators: the offender's name, the points another player received (with their
           * sign), that player's name. */
          return g_strdup_printf (_("False win by %s: %s to %s"), name_or_someone (offence->name),
                                  points, name_or_someone (gain->name));
        }
    }
  return NULL;
}

char *
sp_log_format_when (const char *at)
{
  g_autoptr(GDateTime) utc = at != NULL ? g_date_time_new_from_iso8601 (at, NULL) : NULL;
  g_autoptr(GDateTime) local = NULL;

  if (utc == NULL)
    return g_strdup (at);
  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "%Y-%m-%d %H:%M:%S");
}


char *
sp_log_describe_line (GPtrArray *entries,
                      guint      index)
{
  char *gain;

  g_return_val_if_fail (entries != NULL && index < entries->len, NULL);

  gain = describe_gain (entries, index);
  return gain != NULL ? gain : sp_log_describe (entries->pdata[index]);
}

gboolean
sp_log_entry_concerns (const SpLogEntry *entry,
                       gint64            player)
{
  g_return_val_if_fail (entry != NULL, FALSE);

  if (entry->player == player)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (entry->players); i++)
    if (entry->players[i] == player)
      return TRUE;
  return FALSE;
}
