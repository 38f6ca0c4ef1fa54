/* fuzz-common.h: what the libFuzzer targets share: criticals and warnings made fatal, a folder
 * of their own for the files they write, and the check of a refusal's error.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>

G_BEGIN_DECLS

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static char *fuzz_folder;
/* Whether the current input is valid UTF-8: then every message must be too. */
static gboolean fuzz_input_utf8;

static void
fuzz_remove_folder (void)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (fuzz_folder == NULL)
    return;
  dir = g_dir_open (fuzz_folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fuzz_folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fuzz_folder);
  g_clear_pointer (&fuzz_folder, g_free);
}

/* GLib ends a fatal message with a breakpoint trap, which libFuzzer does not catch: abort ()
 * instead, so that the input is saved as a crash. */
static void
fuzz_log_handler (const char     *domain,
                  GLogLevelFlags  level,
                  const char     *message,
                  gpointer        data)
{
  g_log_default_handler (domain, level, message, data);
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
}

/* Once per process: a g_critical (a failed g_return_if_fail) or a g_warning is a finding, so
 * both abort; and a temporary folder for this process, removed at exit. */
static inline const char *
fuzz_set_up (void)
{
  g_autoptr(GError) error = NULL;

  if (fuzz_folder != NULL)
    return fuzz_folder;
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  g_log_set_default_handler (fuzz_log_handler, NULL);
  fuzz_folder = g_dir_make_tmp ("sparrow-fuzz-XXXXXX", &error);
  g_assert_no_error (error);
  atexit (fuzz_remove_folder);
  return fuzz_folder;
}

/* A refusal is a GError of @domain with a message (UTF-8 when the input was: a message may
 * quote the bytes it refuses). */
static inline void
fuzz_assert_refusal (const GError *error,
                     GQuark        domain)
{
  g_assert (error != NULL);
  g_assert (error->domain == domain);
  g_assert (error->message != NULL && error->message[0] != '\0');
  g_assert (!fuzz_input_utf8 || g_utf8_validate (error->message, -1, NULL));
}

/* Writes @data to @name in the process's folder; returns its path. */
static inline char *
fuzz_write_file (const char   *name,
                 const guint8 *data,
                 size_t        size)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (fuzz_set_up (), name, NULL);

  g_file_set_contents (path, (const char *) data, (gssize) size, &error);
  g_assert_no_error (error);
  return path;
}

G_END_DECLS
