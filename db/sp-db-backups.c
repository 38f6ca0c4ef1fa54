/* sp-db-backups.c: the automatic backups kept beside the database: made before a migration and
 * at a session close, listed newest first, the oldest pruned.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-backend.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

/* "2026-12-01T03-04-05.123Z": the time in a backup's name, UTC to the millisecond so that the
 * names sort as the backups were made and two of one second do not collide. */
#define STAMP_LENGTH 24
#define BACKUP_SUFFIX ".db"

void
sp_db_backup_free (SpDbBackup *backup)
{
  if (backup == NULL)
    return;
  g_free (backup->reason);
  g_free (backup->path);
  g_free (backup);
}

char *
sp_db_get_backup_folder (const char *path)
{
  g_return_val_if_fail (path != NULL, NULL);
  return g_strconcat (path, "-backups", NULL);
}

const char *
sp_db_get_path (SpDb *db)
{
  g_return_val_if_fail (db != NULL, NULL);
  return db->path;
}

char *
sp_db_take_warning (SpDb *db)
{
  g_return_val_if_fail (db != NULL, NULL);
  return g_steal_pointer (&db->warning);
}

static gboolean
valid_reason (const char *reason)
{
  if (reason == NULL || reason[0] == '\0' || reason[0] == '-')
    return FALSE;
  for (const char *c = reason; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-')
      return FALSE;
  return TRUE;
}

static char *
format_stamp (gint64 time)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (time / G_USEC_PER_SEC);
  g_autofree char *seconds = g_date_time_format (when, "%Y-%m-%dT%H-%M-%S");

  return g_strdup_printf ("%s.%03dZ", seconds, (int) (time % G_USEC_PER_SEC / 1000));
}

/* Reads an automatic backup's file name; FALSE for any other file. */
static gboolean
parse_name (const char  *name,
            gint64      *time,
            char       **reason)
{
  static const char shape[] = "dddd-dd-ddTdd-dd-dd.dddZ-";
  size_t length = strlen (name);
  int year, month, day, hour, minute, second, millisecond;
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *text = NULL;

  if (length <= sizeof shape - 1 + strlen (BACKUP_SUFFIX) || !g_str_has_suffix (name, BACKUP_SUFFIX))
    return FALSE;
  for (guint i = 0; i < sizeof shape - 1; i++)
    if (shape[i] == 'd' ? !g_ascii_isdigit (name[i]) : name[i] != shape[i])
      return FALSE;
  text = g_strndup (name + sizeof shape - 1, length - (sizeof shape - 1) - strlen (BACKUP_SUFFIX));
  if (!valid_reason (text)
      || sscanf (name, "%4d-%2d-%2dT%2d-%2d-%2d.%3dZ", &year, &month, &day, &hour, &minute,
                 &second, &millisecond) != 7)
    return FALSE;
  when = g_date_time_new_utc (year, month, day, hour, minute, second);
  if (when == NULL)
    return FALSE;
  *time = g_date_time_to_unix (when) * G_USEC_PER_SEC + millisecond * 1000;
  *reason = g_steal_pointer (&text);
  return TRUE;
}

/* Newest first; the names (time, then reason) break a tie. */
static int
compare_backups (gconstpointer a,
                 gconstpointer b)
{
  const SpDbBackup *first = *(SpDbBackup * const *) a;
  const SpDbBackup *second = *(SpDbBackup * const *) b;

  if (first->time != second->time)
    return first->time > second->time ? -1 : 1;
  return -g_strcmp0 (first->path, second->path);
}

GPtrArray *
sp_db_list_backups (const char  *path,
                    GError     **error)
{
  g_autofree char *folder = NULL;
  g_autoptr(GPtrArray) backups = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *name;

  g_return_val_if_fail (path != NULL, NULL);

  folder = sp_db_get_backup_folder (path);
  backups = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_db_backup_free);
  dir = g_dir_open (folder, 0, &local_error);
  if (dir == NULL)
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&backups);
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot read the backup folder %s: %s"),
                   folder, local_error->message);
      return NULL;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(SpDbBackup) backup = g_new0 (SpDbBackup, 1);
      GStatBuf buf;

      if (!parse_name (name, &backup->time, &backup->reason))
        continue;
      backup->path = g_build_filename (folder, name, NULL);
      if (g_lstat (backup->path, &buf) != 0 || !S_ISREG (buf.st_mode))
        continue;
      backup->size = buf.st_size;
      g_ptr_array_add (backups, g_steal_pointer (&backup));
    }
  g_ptr_array_sort (backups, compare_backups);
  return g_steal_pointer (&backups);
}

/* Deletes the automatic backups beyond the newest SP_DB_BACKUPS_KEPT. */
static gboolean
prune (const char  *path,
       GError     **error)
{
  g_autoptr(GPtrArray) backups = sp_db_list_backups (path, error);

  if (backups == NULL)
    return FALSE;
  for (guint i = SP_DB_BACKUPS_KEPT; i < backups->len; i++)
    {
      SpDbBackup *backup = backups->pdata[i];

      if (g_unlink (backup->path) != 0 && errno != ENOENT)
        {
          int saved = errno;

          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                       _("cannot delete the old backup %s: %s"), backup->path,
                       g_strerror (saved));
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
sp_db_auto_backup (SpDb        *db,
                   const char  *reason,
                   char       **made,
                   GError     **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *target = NULL;
  gint64 time = g_get_real_time ();

  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (valid_reason (reason), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  folder = sp_db_get_backup_folder (db->path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                   _("cannot make the backup folder %s: %s"), folder, g_strerror (saved));
      return FALSE;
    }
  /* A name of its own, even for two backups in one millisecond. */
  while (TRUE)
    {
      g_autofree char *stamp = format_stamp (time);
      g_autofree char *name = g_strconcat (stamp, "-", reason, BACKUP_SUFFIX, NULL);

      g_free (target);
      target = g_build_filename (folder, name, NULL);
      if (!g_file_test (target, G_FILE_TEST_EXISTS))
        break;
      time += 1000;
    }
  if (!sp_db_backup (db, target, error) || !prune (db->path, error))
    return FALSE;
  if (made != NULL)
    *made = g_steal_pointer (&target);
  return TRUE;
}

void
sp_db_back_up_quietly (SpDb       *db,
                       const char *reason,
                       const char *what_was_done)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (db != NULL);

  if (sp_db_in_transaction (db) || !sp_db_is_file (db))
    return;
  if (sp_db_auto_backup (db, reason, NULL, &error))
    return;
  g_free (db->warning);
  /* TRANSLATORS: the first %s says what was done ("session 2 was closed"), the second why
   * the backup failed. */
  db->warning = g_strdup_printf (_("%s, but the automatic backup could not be made: %s"),
                                 what_was_done, error->message);
}

gboolean
sp_db_back_up_before_change (SpDb        *db,
                             const char  *reason,
                             GError     **error)
{
  g_return_val_if_fail (db != NULL, FALSE);

  if (sp_db_in_transaction (db) || !sp_db_is_file (db))
    return TRUE;
  return sp_db_auto_backup (db, reason, NULL, error);
}

gboolean
sp_db_back_up_before_migration (SpDb     *db,
                                gint64    from,
                                GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *reason = NULL;

  if (!sp_db_is_file (db))
    return TRUE;
  reason = g_strdup_printf ("before-migration-%" G_GINT64_FORMAT "-to-%d", from,
                            SP_DB_SCHEMA_VERSION);
  if (sp_db_auto_backup (db, reason, NULL, &local_error))
    return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
               _("%s was not upgraded to this program's schema and is left as it was: the "
                 "backup made before an upgrade failed: %s"), db->path, local_error->message);
  return FALSE;
}

char *
sp_db_describe_backup_reason (SpDb       *db,
                              const char *reason)
{
  unsigned from, to, tournament, session;
  int end = 0;

  g_return_val_if_fail (reason != NULL, NULL);

  if (sscanf (reason, "before-migration-%u-to-%u%n", &from, &to, &end) == 2
      && reason[end] == '\0')
    return g_strdup_printf (_("Before the upgrade from schema %u to %u"), from, to);
  if (sscanf (reason, "tournament-%u-session-%u-closed%n", &tournament, &session, &end) == 2
      && reason[end] == '\0')
    {
      g_autofree char *id = g_strdup_printf ("%u", tournament);
      g_autoptr(SpTournament) found = db != NULL ? sp_db_find_tournament (db, id, NULL) : NULL;

      if (found != NULL)
        /* TRANSLATORS: the tournament's name, then the session's number. */
        return g_strdup_printf (_("%s: session %u closed"), found->name, session);
      return g_strdup_printf (_("Session %u closed (tournament %u)"), session, tournament);
    }
  if (sscanf (reason, "session-%u-closed%n", &session, &end) == 1 && reason[end] == '\0')
    return g_strdup_printf (_("Session %u closed"), session);
  if (strcmp (reason, "before-restore") == 0)
    return g_strdup (_("Before a restore"));
  if (strcmp (reason, "before-delete") == 0)
    return g_strdup (_("Before a tournament was deleted"));
  return g_strdup (reason);
}


/* Moves @from to @to when it exists. */
static gboolean
move_aside (const char  *from,
            const char  *to,
            GError     **error)
{
  if (g_rename (from, to) != 0 && errno != ENOENT)
    {
      int saved = errno;

      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot move %s to %s: %s"), from, to,
                   g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* An automatic backup is restored from a copy: the "before-restore" backup made first may prune
 * it when it is the oldest of those kept. */
gboolean
sp_db_restore_with_backup (SpDb        *db,
                           const char  *backup,
                           GError     **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *parent = NULL;
  g_autofree char *scratch = NULL;
  g_autofree char *copy = NULL;
  g_autoptr(GFile) from = NULL;
  g_autoptr(GFile) to = NULL;
  gboolean ok;

  g_return_val_if_fail (db != NULL && backup != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  folder = sp_db_get_backup_folder (db->path);
  parent = g_path_get_dirname (backup);
  if (g_strcmp0 (folder, parent) != 0)
    return sp_db_auto_backup (db, "before-restore", NULL, error)
           && sp_db_restore (db, backup, error);
  scratch = g_dir_make_tmp ("sparrow-restore-XXXXXX", error);
  if (scratch == NULL)
    return FALSE;
  copy = g_build_filename (scratch, "backup.db", NULL);
  from = g_file_new_for_path (backup);
  to = g_file_new_for_path (copy);
  ok = g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, error)
       && sp_db_auto_backup (db, "before-restore", NULL, error)
       && sp_db_restore (db, copy, error);
  g_unlink (copy);
  g_rmdir (scratch);
  return ok;
}

gboolean
sp_db_replace_unreadable (const char  *path,
                          const char  *backup,
                          char       **saved,
                          GError     **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *temporary = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *stamp = NULL;
  g_autoptr(GError) local_error = NULL;
  SpDb *db;
  gsize length;
  int fd;

  g_return_val_if_fail (path != NULL && backup != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  db = sp_db_open (path, &local_error);
  if (db != NULL)
    {
      sp_db_close (db);
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("%s can be read: restore the backup into it instead"), path);
      return FALSE;
    }
  g_clear_error (&local_error);
  if (!g_file_test (backup, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("cannot restore %s: there is no such file"), backup);
      return FALSE;
    }
  if (!g_file_get_contents (backup, &contents, &length, &local_error))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot read %s: %s"), backup,
                   local_error->message);
      return FALSE;
    }

  /* A copy of the backup beside the database (one file system for the rename), checked as
   * sp_db_restore checks a backup. */
  temporary = g_strconcat (path, ".XXXXXX", NULL);
  fd = g_mkstemp_full (temporary, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot write beside %s: %s"), path,
                   g_strerror (saved_errno));
      return FALSE;
    }
  g_close (fd, NULL);
  if (!g_file_set_contents_full (temporary, contents, length, G_FILE_SET_CONTENTS_CONSISTENT,
                                 0600, &local_error))
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot write beside %s: %s"), path,
                   local_error->message);
      goto failed;
    }
  /* A database at a path is a file of the file-backed backend: SQLite's. */
  if (!sp_db_sqlite_backend.check_file (temporary, backup, error))
    goto failed;

  /* The unreadable file is kept, as it was, among the backups. */
  folder = sp_db_get_backup_folder (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                   _("cannot make the backup folder %s: %s"), folder, g_strerror (saved_errno));
      goto failed;
    }
  stamp = format_stamp (g_get_real_time ());
  {
    g_autofree char *name = g_strconcat (stamp, "-before-restore" BACKUP_SUFFIX, NULL);
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *kept_wal = NULL;
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);

    kept = g_build_filename (folder, name, NULL);
    kept_wal = g_strconcat (kept, "-wal", NULL);
    if (!move_aside (path, kept, error))
      goto failed;
    /* A journal left by the unreadable file must never meet the restored one. */
    if (!move_aside (wal, kept_wal, error))
      {
        g_rename (kept, path);
        goto failed;
      }
    g_unlink (shm);
  }
  if (g_rename (temporary, path) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("cannot restore %s into %s: %s"),
                   backup, path, g_strerror (saved_errno));
      g_rename (kept, path);
      goto failed;
    }
  if (saved != NULL)
    *saved = g_steal_pointer (&kept);
  return TRUE;

failed:
  g_unlink (temporary);
  return FALSE;
}
