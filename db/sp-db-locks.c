/* sp-db-locks.c: SQLite's file locks held by the open file, not by the process, and the check
 * that a connection's write-ahead log is still the file at its path.
 *
 * SQLite's unix VFS locks its files with POSIX advisory locks (fcntl F_SETLK).  Those belong to
 * the process, and the kernel drops every one of them on a file as soon as the process closes
 * *any* descriptor of that file ("How To Corrupt An SQLite Database File", §2.2).  In the app,
 * GIO does exactly that: a file chooser showing the database's folder opens each file to sniff
 * its content type and closes it again, from a worker thread.  The window's connection then
 * holds no lock; a `sparrow-cli` run beside it believes itself the last connection, checkpoints,
 * deletes the -wal and -shm files, and the window goes on writing into the deleted files.
 *
 * Open file description locks (F_OFD_SETLK, Linux 3.15) have the same ranges and the same
 * conflicts, and they conflict with POSIX locks too, so other programs (sqlite3, Python) still
 * see them; but they belong to one open file description and only its last close drops them.
 * They are put into SQLite's unix VFS through xSetSystemCall ("fcntl", "open", "close"):
 *
 * - SQLite keeps one lock state per file (inode) for all the connections of a process and asks
 *   the kernel only when that process-wide state changes, through whichever connection's
 *   descriptor is at hand: right for POSIX locks (one owner, the process), wrong for OFD locks
 *   (connection A's descriptor would keep a lock that B released for the process, and A's read
 *   lock would refuse B's write lock).  So every lock request on a file goes to one descriptor
 *   per file and process, opened here for that purpose: its open file description is the
 *   process's lock owner, as the process was for POSIX locks.
 * - That descriptor is closed when SQLite has closed its last descriptor of the file (SQLite
 *   itself defers those closes while any connection of the process holds a lock), which drops
 *   the locks exactly when POSIX would have, and never earlier: a descriptor opened and closed
 *   by anyone else in the process is not that description.
 *
 * Where the kernel refuses OFD locks (EINVAL: an old kernel), the request goes to the kernel as
 * SQLite made it.
 *
 * The same wrappers note which descriptors SQLite opened on a -wal or -shm file, and which file
 * each was, so that a write can be refused when the file at that path is no longer the one this
 * process has open (sp_db_sqlite_journal_is_current).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "sp-db-sqlite.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One file (inode) that SQLite locks in this process. */
typedef struct
{
  dev_t  device;
  ino_t  inode;
  int    lock_fd;    /* the descriptor every lock on the file goes to */
  guint  n_fds;      /* SQLite's descriptors of the file that asked for a lock */
} LockedFile;

/* A descriptor SQLite opened on a write-ahead log or its shared-memory index. */
typedef struct
{
  char  *path;
  dev_t  device;
  ino_t  inode;
} JournalFile;

static GMutex files_mutex;
static GHashTable *locked_by_fd;   /* SQLite's fd → LockedFile * (shared) */
static GPtrArray  *locked_files;   /* LockedFile * */
static GHashTable *journal_by_fd;  /* SQLite's fd → JournalFile * (owned) */

typedef int (*FcntlFunc) (int, int, ...);
typedef int (*OpenFunc)  (const char *, int, int);
typedef int (*CloseFunc) (int);

static FcntlFunc real_fcntl;
static OpenFunc  real_open;
static CloseFunc real_close;
static gboolean  ofd_refused;      /* the kernel has no OFD locks */

static void
journal_file_free (gpointer data)
{
  JournalFile *file = data;

  g_free (file->path);
  g_free (file);
}

static LockedFile *
find_locked_file (dev_t device,
                  ino_t inode)
{
  for (guint i = 0; i < locked_files->len; i++)
    {
      LockedFile *file = g_ptr_array_index (locked_files, i);

      if (file->device == device && file->inode == inode)
        return file;
    }
  return NULL;
}

/* The lock descriptor of SQLite's descriptor @fd, opened at its first lock; -1 when none can be
 * had (the request then goes to @fd itself).  Called with files_mutex held. */
static int
lock_fd_for (int fd)
{
  LockedFile *file = g_hash_table_lookup (locked_by_fd, GINT_TO_POINTER (fd));
  struct stat buf;
  char proc_path[64];
  int lock_fd;

  if (file != NULL)
    return file->lock_fd;
  if (fstat (fd, &buf) != 0)
    return -1;
  file = find_locked_file (buf.st_dev, buf.st_ino);
  if (file == NULL)
    {
      /* A description of its own, opened for writing where the file allows it, so that it
       * can take the write locks of every connection of the process. */
      g_snprintf (proc_path, sizeof proc_path, "/proc/self/fd/%d", fd);
      lock_fd = real_open (proc_path, O_RDWR | O_CLOEXEC | O_NOCTTY, 0);
      if (lock_fd < 0)
        lock_fd = real_open (proc_path, O_RDONLY | O_CLOEXEC | O_NOCTTY, 0);
      if (lock_fd < 0)
        lock_fd = fcntl (fd, F_DUPFD_CLOEXEC, 0);
      if (lock_fd < 0)
        return -1;
      file = g_new0 (LockedFile, 1);
      file->device = buf.st_dev;
      file->inode = buf.st_ino;
      file->lock_fd = lock_fd;
      g_ptr_array_add (locked_files, file);
    }
  file->n_fds++;
  g_hash_table_insert (locked_by_fd, GINT_TO_POINTER (fd), file);
  return file->lock_fd;
}

static int
ofd_command (int command)
{
  switch (command)
    {
    case F_SETLK:
      return F_OFD_SETLK;
    case F_SETLKW:
      return F_OFD_SETLKW;
    case F_GETLK:
      return F_OFD_GETLK;
    default:
      return command;
    }
}

/* SQLite's fcntl: its lock requests as OFD locks on the file's lock descriptor. */
static int
ofd_fcntl (int fd,
           int command,
           ...)
{
  va_list args;
  struct flock *request;
  struct flock lock;
  int lock_fd;
  int rc;
  int saved_errno;

  va_start (args, command);
  if (command != F_SETLK && command != F_SETLKW && command != F_GETLK)
    {
      /* The others SQLite makes (F_GETFD, F_SETFD) take an int, or nothing (read as 0). */
      int value = va_arg (args, int);

      va_end (args);
      return real_fcntl (fd, command, value);
    }
  request = va_arg (args, struct flock *);
  va_end (args);

  if (g_atomic_int_get (&ofd_refused))
    return real_fcntl (fd, command, request);

  g_mutex_lock (&files_mutex);
  lock_fd = lock_fd_for (fd);
  g_mutex_unlock (&files_mutex);
  if (lock_fd < 0)
    return real_fcntl (fd, command, request);

  /* OFD locks refuse a request whose l_pid is not 0; SQLite leaves it unset. */
  lock = *request;
  lock.l_pid = 0;
  rc = real_fcntl (lock_fd, ofd_command (command), &lock);
  saved_errno = errno;
  if (rc == -1 && saved_errno == EINVAL)
    {
      /* No OFD locks in this kernel: SQLite's own request, from now on. */
      g_atomic_int_set (&ofd_refused, TRUE);
      return real_fcntl (fd, command, request);
    }
  if (rc != -1 && command == F_GETLK)
    *request = lock;
  errno = saved_errno;
  return rc;
}

static gboolean
is_journal_path (const char *path)
{
  return g_str_has_suffix (path, "-wal") || g_str_has_suffix (path, "-shm");
}

/* SQLite's open: notes the write-ahead logs and shared-memory files it opens. */
static int
tracked_open (const char *path,
              int         flags,
              int         mode)
{
  int fd = real_open (path, flags, mode);
  int saved_errno = errno;
  struct stat buf;

  if (fd >= 0 && path != NULL && is_journal_path (path) && fstat (fd, &buf) == 0)
    {
      JournalFile *file = g_new0 (JournalFile, 1);

      file->path = g_strdup (path);
      file->device = buf.st_dev;
      file->inode = buf.st_ino;
      g_mutex_lock (&files_mutex);
      g_hash_table_insert (journal_by_fd, GINT_TO_POINTER (fd), file);
      g_mutex_unlock (&files_mutex);
    }
  errno = saved_errno;
  return fd;
}

/* SQLite's close: the file's lock descriptor goes with SQLite's last descriptor of it. */
static int
tracked_close (int fd)
{
  LockedFile *file;
  int lock_fd = -1;

  g_mutex_lock (&files_mutex);
  g_hash_table_remove (journal_by_fd, GINT_TO_POINTER (fd));
  file = g_hash_table_lookup (locked_by_fd, GINT_TO_POINTER (fd));
  if (file != NULL)
    {
      g_hash_table_remove (locked_by_fd, GINT_TO_POINTER (fd));
      if (--file->n_fds == 0)
        {
          lock_fd = file->lock_fd;
          g_ptr_array_remove_fast (locked_files, file);
          g_free (file);
        }
    }
  g_mutex_unlock (&files_mutex);
  if (lock_fd >= 0)
    real_close (lock_fd);
  return real_close (fd);
}

static gpointer
install_wrappers (gpointer user_data)
{
  sqlite3_vfs *vfs;

  (void) user_data;
  locked_by_fd = g_hash_table_new (g_direct_hash, g_direct_equal);
  locked_files = g_ptr_array_new ();
  journal_by_fd = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                         journal_file_free);
  vfs = sqlite3_vfs_find ("unix");
  if (vfs == NULL || vfs->iVersion < 3 || vfs->xSetSystemCall == NULL)
    {
      g_warning ("SQLite's unix VFS cannot take other system calls: POSIX locks stay");
      return NULL;
    }
  real_fcntl = (FcntlFunc) vfs->xGetSystemCall (vfs, "fcntl");
  real_open = (OpenFunc) vfs->xGetSystemCall (vfs, "open");
  real_close = (CloseFunc) vfs->xGetSystemCall (vfs, "close");
  if (real_fcntl == NULL || real_open == NULL || real_close == NULL
      || vfs->xSetSystemCall (vfs, "open", (sqlite3_syscall_ptr) tracked_open) != SQLITE_OK
      || vfs->xSetSystemCall (vfs, "close", (sqlite3_syscall_ptr) tracked_close) != SQLITE_OK
      || vfs->xSetSystemCall (vfs, "fcntl", (sqlite3_syscall_ptr) ofd_fcntl) != SQLITE_OK)
    g_warning ("SQLite's unix VFS refused the lock wrappers: POSIX locks stay");
  return NULL;
}

void
sp_db_sqlite_use_file_locks (void)
{
  static GOnce once = G_ONCE_INIT;

  /* Before the first file is opened: the locks of a file opened before would be POSIX ones. */
  g_once (&once, install_wrappers, NULL);
}

gboolean
sp_db_sqlite_journal_is_current (sqlite3     *handle,
                                 const char  *name,
                                 GError     **error)
{
  const char *main_path = sqlite3_db_filename (handle, "main");
  g_autofree char *shm_path = NULL;
  const char *wal_path;
  GHashTableIter iter;
  gpointer value;
  const char *replaced = NULL;

  if (main_path == NULL || main_path[0] == '\0' || journal_by_fd == NULL)
    return TRUE;
  wal_path = sqlite3_filename_wal (main_path);
  shm_path = g_strconcat (main_path, "-shm", NULL);

  g_mutex_lock (&files_mutex);
  g_hash_table_iter_init (&iter, journal_by_fd);
  while (replaced == NULL && g_hash_table_iter_next (&iter, NULL, &value))
    {
      JournalFile *file = value;
      struct stat buf;

      if (strcmp (file->path, wal_path) != 0 && strcmp (file->path, shm_path) != 0)
        continue;
      if (stat (file->path, &buf) != 0 || buf.st_dev != file->device
          || buf.st_ino != file->inode)
        replaced = g_str_has_suffix (file->path, "-wal") ? "-wal" : "-shm";
    }
  g_mutex_unlock (&files_mutex);

  if (replaced == NULL)
    return TRUE;
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
               _("%s: its %s file was deleted or replaced by another program while Sparrow had "
                 "it open; nothing was written, and Sparrow opened the database again: check "
                 "the last change and make it again"),
               name, replaced);
  return FALSE;
}
