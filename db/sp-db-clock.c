/* sp-db-clock.c: the session clock the director starts, pauses and ends, and the standings
 * hidden until the last session.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <glib/gi18n-lib.h>

/* A command of the clock: what it does to the clock the store holds. */
typedef gboolean (*ClockCommand) (SpSessionClock  *clock,
                                  gint64           now,
                                  GError         **error);

/* Reads @session's clock, its length the ranking's when the director set none. */
static gboolean
read_clock (SpDb                *db,
            const SpTournament  *tournament,
            guint                session,
            SpSessionClock      *clock,
            GError             **error)
{
  SpSessionInfo info;
  SpRanking ranking = SP_RANKING_R98;
  gboolean found;

  if (!sp_db_check_session (tournament, session, error)
      || !sp_db_get_drawn_session (db, tournament->id, session, &info, error)
      || !sp_db_read_session_clock (db, tournament->id, session, clock, &found, error))
    return FALSE;
  if (clock->length <= 0)
    {
      sp_ranking_from_string (tournament->ranking, &ranking);
      clock->length = sp_session_clock_default_length (ranking);
    }
  return TRUE;
}

gboolean
sp_db_get_session_clock (SpDb                *db,
                         const SpTournament  *tournament,
                         guint                session,
                         SpSessionClock      *clock,
                         GError             **error)
{
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL && clock != NULL, FALSE);

  if (!sp_db_begin_read (db, &started, error))
    return FALSE;
  ok = read_clock (db, tournament, session, clock, error);
  sp_db_end_read (db, started);
  return ok;
}

/* One transaction: the clock read, changed by @command (a refusal of the core's turned into
 * the store's), written back. */
static gboolean
run_command (SpDb                *db,
             const SpTournament  *tournament,
             guint                session,
             ClockCommand         command,
             gint64               now,
             GError             **error)
{
  SpSessionClock clock;
  GError *core_error = NULL;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = read_clock (db, tournament, session, &clock, error);
  if (ok && !command (&clock, now, &core_error))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, _("Session %u: %s"), session,
                   core_error->message);
      g_error_free (core_error);
      ok = FALSE;
    }
  ok = ok && sp_db_write_session_clock (db, tournament->id, session, &clock, error);
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_start_session_clock (SpDb                *db,
                           const SpTournament  *tournament,
                           guint                session,
                           gint64               now,
                           GError             **error)
{
  return run_command (db, tournament, session, sp_session_clock_start, now, error);
}

gboolean
sp_db_pause_session_clock (SpDb                *db,
                           const SpTournament  *tournament,
                           guint                session,
                           gint64               now,
                           GError             **error)
{
  return run_command (db, tournament, session, sp_session_clock_pause, now, error);
}

gboolean
sp_db_resume_session_clock (SpDb                *db,
                            const SpTournament  *tournament,
                            guint                session,
                            gint64               now,
                            GError             **error)
{
  return run_command (db, tournament, session, sp_session_clock_resume, now, error);
}

gboolean
sp_db_end_session_clock (SpDb                *db,
                         const SpTournament  *tournament,
                         guint                session,
                         gint64               now,
                         GError             **error)
{
  return run_command (db, tournament, session, sp_session_clock_end, now, error);
}

/* The length travels in @now's place: set_length ignores the time. */
static gboolean
set_length (SpSessionClock  *clock,
            gint64           length,
            GError         **error)
{
  return sp_session_clock_set_length (clock, length, error);
}

gboolean
sp_db_set_session_clock_length (SpDb                *db,
                                const SpTournament  *tournament,
                                guint                session,
                                gint64               length,
                                GError             **error)
{
  return run_command (db, tournament, session, set_length, length, error);
}

gboolean
sp_db_find_clock_session (SpDb     *db,
                          gint64    tournament,
                          guint    *session,
                          GError  **error)
{
  g_return_val_if_fail (db != NULL && session != NULL, FALSE);

  return sp_db_read_clock_session (db, tournament, session, error);
}

/* ---- hidden standings ------------------------------------------------------------------- */

gboolean
sp_db_set_hide_standings (SpDb     *db,
                          gint64    tournament,
                          gboolean  hide,
                          GError  **error)
{
  gboolean current;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL, FALSE);

  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = sp_db_read_hide_standings (db, tournament, &current, error)
       && sp_db_update_hide_standings (db, tournament, hide, error);
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_get_hide_standings (SpDb      *db,
                          gint64     tournament,
                          gboolean  *hide,
                          GError   **error)
{
  g_return_val_if_fail (db != NULL && hide != NULL, FALSE);

  return sp_db_read_hide_standings (db, tournament, hide, error);
}

gboolean
sp_db_standings_hidden (SpDb                *db,
                        const SpTournament  *tournament,
                        gboolean            *hidden,
                        GError             **error)
{
  SpSessionInfo last;
  gboolean hide = FALSE;
  gboolean started;
  gboolean ok;

  g_return_val_if_fail (db != NULL && tournament != NULL && hidden != NULL, FALSE);

  if (!sp_db_begin_read (db, &started, error))
    return FALSE;
  ok = sp_db_read_hide_standings (db, tournament->id, &hide, error)
       && (!hide || sp_db_get_session (db, tournament->id, tournament->n_sessions, &last,
                                       error));
  sp_db_end_read (db, started);
  if (ok)
    *hidden = hide && !last.closed;
  return ok;
}
