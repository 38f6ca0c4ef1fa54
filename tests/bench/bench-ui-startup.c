/* bench-ui-startup.c: how long the desktop app takes to open its window, on a display.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints, in milliseconds since the program started (as read from the kernel's process start
 * time, so loading the libraries counts too), when each step of opening the app was done: main()
 * entered, the application registered (GTK and the session bus), the window built from its
 * template, the window mapped and its first frame painted.  Run it under xvfb-run without a
 * desktop. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sp-application.h"

/* The process's start time in the clock of g_get_monotonic_time () (CLOCK_MONOTONIC, since boot
 * on Linux), in microseconds; falls back to now when /proc is not there. */
static gint64
process_start_time (void)
{
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after_name;
  long ticks_per_second = sysconf (_SC_CLK_TCK);

  if (!g_file_get_contents ("/proc/self/stat", &stat, NULL, NULL)
      || (after_name = strrchr (stat, ')')) == NULL)
    return g_get_monotonic_time ();

  /* After "pid (name) ", field 3 (state) comes first: starttime, field 22, is the 20th. */
  fields = g_strsplit (after_name + 2, " ", 0);
  if (g_strv_length (fields) < 20 || ticks_per_second <= 0)
    return g_get_monotonic_time ();
  return g_ascii_strtoll (fields[19], NULL, 10) * G_USEC_PER_SEC / ticks_per_second;
}

static gint64 painted_at;

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  if (painted_at == 0)
    painted_at = g_get_monotonic_time ();
}

int
main (int   argc,
      char *argv[])
{
  gint64 started_at = process_start_time ();
  g_autoptr(SpApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *database = NULL;
  GtkWindow *window;
  gint64 main_at = g_get_monotonic_time ();
  gint64 registered_at, built_at, mapped_at;

  /* A fresh database folder each run, as on a first start. */
  folder = g_dir_make_tmp ("sparrow-bench-XXXXXX", &error);
  g_assert_no_error (error);
  database = g_build_filename (folder, "sparrow.db", NULL);
  g_setenv ("SPARROW_DB", database, TRUE);

  app = sp_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    {
      fprintf (stderr, "bench-ui-startup: cannot start the app: %s\n", error->message);
      return 1;
    }
  registered_at = g_get_monotonic_time ();
  g_application_activate (G_APPLICATION (app));
  built_at = g_get_monotonic_time ();
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      fprintf (stderr, "bench-ui-startup: no window opened (is there a display?)\n");
      return 1;
    }

  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  mapped_at = g_get_monotonic_time ();

  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (after_paint_cb), NULL);
  while (painted_at == 0)
    g_main_context_iteration (NULL, TRUE);

  printf ("main entered: %.1f ms\n", (main_at - started_at) / 1000.0);
  printf ("application registered: %.1f ms\n", (registered_at - started_at) / 1000.0);
  printf ("window built and presented: %.1f ms\n", (built_at - started_at) / 1000.0);
  printf ("window mapped: %.1f ms\n", (mapped_at - started_at) / 1000.0);
  printf ("first frame painted: %.1f ms\n", (painted_at - started_at) / 1000.0);

  gtk_window_destroy (window);
  g_rmdir (folder);
  return 0;
}
