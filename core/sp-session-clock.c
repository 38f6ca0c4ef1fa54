/* sp-session-clock.c: the session clock the director starts, pauses and ends, in wall time.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-session-clock.h"

#include <glib/gi18n-lib.h>

#include "sp-core-error.h"

gint64
sp_session_clock_default_length (SpRanking ranking)
{
  switch (ranking)
    {
    case SP_RANKING_EMA:
      return 90 * 60;
    case SP_RANKING_R98:
    case SP_RANKING_SCORE:
    default:
      return 3 * 60 * 60;
    }
}

SpSessionClockState
sp_session_clock_get_state (const SpSessionClock *clock)
{
  g_return_val_if_fail (clock != NULL, SP_SESSION_CLOCK_IDLE);

  if (clock->ended)
    return SP_SESSION_CLOCK_ENDED;
  if (clock->started > 0)
    return SP_SESSION_CLOCK_RUNNING;
  if (clock->run > 0)
    return SP_SESSION_CLOCK_PAUSED;
  return SP_SESSION_CLOCK_IDLE;
}

gint64
sp_session_clock_elapsed (const SpSessionClock *clock,
                          gint64                now)
{
  g_return_val_if_fail (clock != NULL, 0);

  if (clock->started > 0 && !clock->ended)
    return clock->run + MAX (now - clock->started, 0);
  return clock->run;
}

gint64
sp_session_clock_remaining (const SpSessionClock *clock,
                            gint64                now)
{
  g_return_val_if_fail (clock != NULL, 0);

  return MAX (clock->length * 1000 - sp_session_clock_elapsed (clock, now), 0);
}

gboolean
sp_session_clock_is_warning (const SpSessionClock *clock,
                             gint64                now)
{
  SpSessionClockState state = sp_session_clock_get_state (clock);

  return (state == SP_SESSION_CLOCK_RUNNING || state == SP_SESSION_CLOCK_PAUSED)
         && sp_session_clock_remaining (clock, now) <= SP_SESSION_CLOCK_WARNING_MS;
}

static gboolean
refuse (GError     **error,
        const char  *message)
{
  g_set_error_literal (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID, message);
  return FALSE;
}

gboolean
sp_session_clock_start (SpSessionClock  *clock,
                        gint64           now,
                        GError         **error)
{
  g_return_val_if_fail (clock != NULL, FALSE);

  switch (sp_session_clock_get_state (clock))
    {
    case SP_SESSION_CLOCK_IDLE:
      /* A started clock is told from a stopped one by started > 0. */
      clock->started = MAX (now, 1);
      return TRUE;
    case SP_SESSION_CLOCK_RUNNING:
      return refuse (error, _("The session's clock is already running."));
    case SP_SESSION_CLOCK_PAUSED:
      return refuse (error, _("The session's clock is paused: resume it instead of "
                              "starting it again."));
    case SP_SESSION_CLOCK_ENDED:
    default:
      return refuse (error, _("The session's clock has ended: it cannot be started again."));
    }
}

gboolean
sp_session_clock_pause (SpSessionClock  *clock,
                        gint64           now,
                        GError         **error)
{
  g_return_val_if_fail (clock != NULL, FALSE);

  if (sp_session_clock_get_state (clock) != SP_SESSION_CLOCK_RUNNING)
    return refuse (error, _("The session's clock is not running: there is nothing to pause."));
  /* A paused clock keeps at least a millisecond run, which tells it from one never started. */
  clock->run = MAX (sp_session_clock_elapsed (clock, now), 1);
  clock->started = 0;
  return TRUE;
}

gboolean
sp_session_clock_resume (SpSessionClock  *clock,
                         gint64           now,
                         GError         **error)
{
  g_return_val_if_fail (clock != NULL, FALSE);

  if (sp_session_clock_get_state (clock) != SP_SESSION_CLOCK_PAUSED)
    return refuse (error, _("The session's clock is not paused: there is nothing to resume."));
  clock->started = MAX (now, 1);
  return TRUE;
}

gboolean
sp_session_clock_end (SpSessionClock  *clock,
                      gint64           now,
                      GError         **error)
{
  SpSessionClockState state;

  g_return_val_if_fail (clock != NULL, FALSE);

  state = sp_session_clock_get_state (clock);
  if (state != SP_SESSION_CLOCK_RUNNING && state != SP_SESSION_CLOCK_PAUSED)
    return refuse (error, state == SP_SESSION_CLOCK_ENDED
                          ? _("The session's clock has already ended.")
                          : _("The session's clock was never started: there is nothing to "
                              "end."));
  clock->run = sp_session_clock_elapsed (clock, now);
  clock->started = 0;
  clock->ended = TRUE;
  return TRUE;
}

gboolean
sp_session_clock_set_length (SpSessionClock  *clock,
                             gint64           length,
                             GError         **error)
{
  g_return_val_if_fail (clock != NULL, FALSE);

  if (clock->ended)
    return refuse (error, _("The session's clock has ended: its length can no longer "
                            "change."));
  if (length <= 0 || length > 24 * 60 * 60)
    return refuse (error, _("A session lasts more than no time and at most 24 hours."));
  clock->length = length;
  return TRUE;
}

char *
sp_session_clock_format (gint64 ms)
{
  gint64 seconds = (MAX (ms, 0) + 999) / 1000;

  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", seconds / 3600,
                          (int) (seconds / 60 % 60), (int) (seconds % 60));
}
