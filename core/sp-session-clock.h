/* sp-session-clock.h: the session clock the director starts, pauses and ends, in wall time.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "sp-standings.h"

G_BEGIN_DECLS

/* The last minutes of a session, when the clock warns the hall (R98 and EMA announce them). */
#define SP_SESSION_CLOCK_WARNING_MS (10 * 60 * 1000)

typedef enum
{
  SP_SESSION_CLOCK_IDLE = 0, /* never started */
  SP_SESSION_CLOCK_RUNNING,
  SP_SESSION_CLOCK_PAUSED,
  SP_SESSION_CLOCK_ENDED,
} SpSessionClockState;

/* A session's clock as the store keeps it: wall times in Unix milliseconds, so that the time
 * left stays right when the program is closed and started again.  The core never reads the
 * time: every function takes the caller's "now". */
typedef struct
{
  gint64   length;     /* seconds the session lasts */
  gint64   run;        /* milliseconds run before the current start */
  gint64   started;    /* when it was last started; 0 while idle, paused or ended */
  gboolean ended;
} SpSessionClock;

/* The length of a session by the ranking's rules: R98 sessions last 3 hours (每局三小时),
 * EMA sessions 90 minutes, the score ranking's (Taiwan, Guangdong) 3 hours; seconds. */
gint64              sp_session_clock_default_length (SpRanking             ranking);
SpSessionClockState sp_session_clock_get_state      (const SpSessionClock *clock);
/* Milliseconds run at @now (never negative, even when the wall clock went back). */
gint64              sp_session_clock_elapsed        (const SpSessionClock *clock,
                                                     gint64                now);
/* Milliseconds left at @now: the length less the time run, never below 0. */
gint64              sp_session_clock_remaining      (const SpSessionClock *clock,
                                                     gint64                now);
/* Running or paused with at most SP_SESSION_CLOCK_WARNING_MS left (time up included). */
gboolean            sp_session_clock_is_warning     (const SpSessionClock *clock,
                                                     gint64                now);

/* The director's commands, refused (SP_CORE_ERROR_INVALID) where the state does not allow
 * them: start an idle clock, pause a running one, resume a paused one, end a running or paused
 * one; the length (> 0 seconds) can change until the clock ends. */
gboolean sp_session_clock_start      (SpSessionClock  *clock,
                                      gint64           now,
                                      GError         **error);
gboolean sp_session_clock_pause      (SpSessionClock  *clock,
                                      gint64           now,
                                      GError         **error);
gboolean sp_session_clock_resume     (SpSessionClock  *clock,
                                      gint64           now,
                                      GError         **error);
gboolean sp_session_clock_end        (SpSessionClock  *clock,
                                      gint64           now,
                                      GError         **error);
gboolean sp_session_clock_set_length (SpSessionClock  *clock,
                                      gint64           length,
                                      GError         **error);

/* "1:23:45" for @ms milliseconds, rounded up to the second (a clock shows 0:00:00 only when
 * the time is up); newly allocated. */
char    *sp_session_clock_format     (gint64           ms);

G_END_DECLS
