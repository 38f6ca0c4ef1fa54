/* sp-db-pin.c: the director's lock: a tournament's PIN, stored as a salted yescrypt hash made
 * by the system's password hashing (libcrypt), the connection's unlock, the check every
 * protected change makes, and the slowing down and logging of wrong PINs.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <inttypes.h>

#include <crypt.h>
#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>

/* The first wrong PIN waits this long, each further one in a row twice as long, up to
 * PIN_DELAY_MAX_MS: a person who mistyped hardly notices, guessing 10,000 PINs takes a day. */
#define PIN_DELAY_MS 1000
#define PIN_DELAY_MAX_MS 8000

gboolean
sp_db_check_pin_rules (const char  *pin,
                       GError     **error)
{
  glong length;

  if (pin == NULL || !g_utf8_validate (pin, -1, NULL))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("The director's PIN is not valid text."));
      return FALSE;
    }
  for (const char *p = pin; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      {
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                     _("The director's PIN cannot hold a line break, a tab or another "
                       "control character."));
        return FALSE;
      }
  length = g_utf8_strlen (pin, -1);
  if (length < SP_DB_PIN_MIN_LENGTH || length > SP_DB_PIN_MAX_LENGTH)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("The director's PIN must have %d to %d characters, not %ld."),
                   SP_DB_PIN_MIN_LENGTH, SP_DB_PIN_MAX_LENGTH, length);
      return FALSE;
    }
  return TRUE;
}

/* A new salted yescrypt hash of @pin ("$y$…"), or NULL with @error. */
static char *
hash_pin (const char  *pin,
          GError     **error)
{
  g_autofree struct crypt_data *data = g_new0 (struct crypt_data, 1);
  char setting[CRYPT_GENSALT_OUTPUT_SIZE];
  const char *hash;

  /* NULL random bytes: crypt_gensalt takes them from the system's random source. */
  if (crypt_gensalt_rn ("$y$", 0, NULL, 0, setting, sizeof setting) == NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                   _("The system's password hashing cannot make a salt: %s"),
                   g_strerror (errno));
      return NULL;
    }
  hash = crypt_rn (pin, setting, data, sizeof *data);
  if (hash == NULL || hash[0] == '*' || !g_str_has_prefix (hash, "$y$"))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                   _("The system's password hashing cannot hash the director's PIN."));
      return NULL;
    }
  return g_strdup (hash);
}

/* Whether @pin hashes to @hash with @hash's own salt, compared in a time that does not depend
 * on where the two first differ. */
static gboolean
pin_matches (const char *pin,
             const char *hash)
{
  g_autofree struct crypt_data *data = g_new0 (struct crypt_data, 1);
  const char *again;
  size_t length = strlen (hash);
  unsigned char difference = 0;

  if (pin == NULL)
    return FALSE;
  again = crypt_rn (pin, hash, data, sizeof *data);
  if (again == NULL || again[0] == '*' || strlen (again) != length)
    return FALSE;
  for (size_t i = 0; i < length; i++)
    difference |= (unsigned char) again[i] ^ (unsigned char) hash[i];
  return difference == 0;
}

/* The wait before answering the wrong PIN that follows @failures wrong ones. */
static guint
delay_after (guint failures)
{
  return MIN ((guint) PIN_DELAY_MS << MIN (failures, 3u), (guint) PIN_DELAY_MAX_MS);
}

/* Inside the caller's write transaction: TRUE when @pin is the director's (@hash).  A wrong
 * one is logged (committed by the caller even though the action is refused: *@wrong), sets
 * *@delay_ms and SP_DB_ERROR_PIN_WRONG. */
static gboolean
verify (SpDb        *db,
        gint64       tournament,
        const char  *hash,
        const char  *pin,
        const char  *action,
        gboolean    *wrong,
        guint       *delay_ms,
        GError     **error)
{
  guint failures = 0;

  *wrong = FALSE;
  if (pin_matches (pin, hash))
    {
      /* A right PIN ends a run of wrong ones; the log shows it. */
      if (!sp_db_count_pin_failures (db, tournament, &failures, error))
        return FALSE;
      return failures == 0
             || sp_db_insert_pin_event (db, tournament, "unlocked", action, 0, error);
    }
  if (!sp_db_count_pin_failures (db, tournament, &failures, error)
      || !sp_db_insert_pin_event (db, tournament, "wrong", action, 0, error))
    return FALSE;
  *wrong = TRUE;
  *delay_ms = delay_after (failures);
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_WRONG,
               _("The PIN given is not the director's PIN (the attempt was logged): a "
                 "director's PIN is required for this."));
  return FALSE;
}

/* Ends the write transaction of an operation that verified a PIN: a wrong PIN's log line is
 * committed though the operation is refused. */
static gboolean
end_verified (SpDb      *db,
              gboolean   started,
              gboolean   ok,
              gboolean   wrong,
              GError   **error)
{
  if (wrong)
    {
      g_autoptr(GError) local_error = NULL;

      /* The refusal is what the person needs to know; a failure to log it is only warned. */
      if (!sp_db_end_write (db, started, TRUE, &local_error))
        g_warning ("logging a wrong director's PIN: %s", local_error->message);
      return FALSE;
    }
  return sp_db_end_write (db, started, ok, error);
}

gboolean
sp_db_has_pin (SpDb      *db,
               gint64     tournament,
               gboolean  *has_pin,
               GError   **error)
{
  g_autofree char *hash = NULL;

  g_return_val_if_fail (db != NULL && has_pin != NULL, FALSE);

  if (!sp_db_read_pin_hash (db, tournament, &hash, error))
    return FALSE;
  *has_pin = hash != NULL;
  return TRUE;
}

/* Sets or clears (@pin NULL) the PIN, after checking @current against the one stored. */
static gboolean
change_pin (SpDb        *db,
            gint64       tournament,
            const char  *current,
            const char  *pin,
            guint       *delay_ms,
            GError     **error)
{
  const char *action = pin != NULL ? "tournament pin set" : "tournament pin clear";
  g_autofree char *stored = NULL;
  g_autofree char *hash = NULL;
  gboolean started;
  gboolean wrong = FALSE;
  gboolean ok;

  if (pin != NULL && !sp_db_check_pin_rules (pin, error))
    return FALSE;
  if (pin != NULL && (hash = hash_pin (pin, error)) == NULL)
    return FALSE;
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = sp_db_read_pin_hash (db, tournament, &stored, error);
  if (ok && stored == NULL && pin == NULL)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("Tournament %" PRId64 " has no director's PIN: there is nothing to "
                     "remove."), tournament);
      ok = FALSE;
    }
  else if (ok && stored != NULL && (current == NULL || current[0] == '\0'))
    {
      if (pin != NULL)
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED,
                     _("Tournament %" PRId64 " has a director's PIN already: a director's PIN "
                       "is required to change it (the current one)."), tournament);
      else
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED,
                     _("A director's PIN is required to remove it."));
      ok = FALSE;
    }
  else if (ok && stored != NULL)
    ok = verify (db, tournament, stored, current, action, &wrong, delay_ms, error);
  ok = ok && sp_db_write_pin_hash (db, tournament, hash, error)
       && sp_db_insert_pin_event (db, tournament,
                                  pin == NULL ? "cleared" : stored != NULL ? "changed" : "set",
                                  action, 0, error);
  /* A new PIN takes effect at once: an unlock made with the old one no longer opens. */
  if (ok)
    sp_db_forget_unlock (db, tournament);
  return end_verified (db, started, ok, wrong, error);
}

/* Waits @delay_ms before a wrong PIN is answered. */
static void
slow_down (guint delay_ms)
{
  if (delay_ms > 0)
    g_usleep ((gulong) delay_ms * 1000);
}

gboolean
sp_db_set_pin (SpDb        *db,
               gint64       tournament,
               const char  *current,
               const char  *pin,
               GError     **error)
{
  guint delay_ms = 0;
  gboolean ok;

  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (pin == NULL)
    return sp_db_check_pin_rules (pin, error);
  ok = change_pin (db, tournament, current, pin, &delay_ms, error);
  slow_down (delay_ms);
  return ok;
}

gboolean
sp_db_clear_pin (SpDb        *db,
                 gint64       tournament,
                 const char  *pin,
                 GError     **error)
{
  guint delay_ms = 0;
  gboolean ok;

  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ok = change_pin (db, tournament, pin, NULL, &delay_ms, error);
  slow_down (delay_ms);
  return ok;
}

gboolean
sp_db_try_pin (SpDb        *db,
               gint64       tournament,
               const char  *pin,
               const char  *action,
               guint       *delay_ms,
               GError     **error)
{
  g_autofree char *stored = NULL;
  gboolean started;
  gboolean wrong = FALSE;
  gboolean ok;

  g_return_val_if_fail (db != NULL && delay_ms != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  *delay_ms = 0;
  if (!sp_db_begin_write (db, &started, error))
    return FALSE;
  ok = sp_db_read_pin_hash (db, tournament, &stored, error)
       && (stored == NULL
           || verify (db, tournament, stored, pin, action, &wrong, delay_ms, error));
  if (!end_verified (db, started, ok, wrong, error))
    return FALSE;
  /* Without a PIN nothing is locked; with one, this connection may now make the protected
   * changes for as long as that PIN stays the tournament's. */
  if (stored != NULL)
    sp_db_remember_unlock (db, tournament, stored);
  return TRUE;
}

gboolean
sp_db_unlock (SpDb        *db,
              gint64       tournament,
              const char  *pin,
              const char  *action,
              GError     **error)
{
  guint delay_ms = 0;
  gboolean ok;

  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ok = sp_db_try_pin (db, tournament, pin, action, &delay_ms, error);
  slow_down (delay_ms);
  return ok;
}

gboolean
sp_db_require_director (SpDb        *db,
                        gint64       tournament,
                        const char  *action,
                        gint64       subject,
                        gboolean    *used,
                        GError     **error,
                        const char  *format,
                        ...)
{
  g_autofree char *stored = NULL;
  const char *unlocked;

  if (used != NULL)
    *used = FALSE;
  if (!sp_db_read_pin_hash (db, tournament, &stored, error))
    return FALSE;
  if (stored == NULL)
    return TRUE;
  unlocked = sp_db_get_unlock (db, tournament);
  if (unlocked == NULL || strcmp (unlocked, stored) != 0)
    {
      va_list args;
      g_autofree char *message = NULL;

      va_start (args, format);
      message = g_strdup_vprintf (format, args);
      va_end (args);
      g_set_error_literal (error, SP_DB_ERROR, SP_DB_ERROR_PIN_REQUIRED, message);
      return FALSE;
    }
  if (!sp_db_insert_pin_event (db, tournament, "used", action, subject, error))
    return FALSE;
  sp_db_touch_unlock (db, tournament);
  if (used != NULL)
    *used = TRUE;
  return TRUE;
}
