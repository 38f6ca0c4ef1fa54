/* fuzz-replay.c: runs a libFuzzer target's LLVMFuzzerTestOneInput on every file of the folders
 * (or the files) given on the command line, without libFuzzer: the corpora replayed as a
 * regression test by any compiler, under the sanitizers in CI.  TAP output, one test a file.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static void
add_inputs (GPtrArray  *inputs,
            const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (inputs, g_strdup (path));
      return;
    }
  dir = g_dir_open (path, 0, &error);
  if (dir == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      exit (1);
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (inputs, g_build_filename (path, name, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FOLDER|FILE…\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    add_inputs (inputs, argv[i]);
  g_ptr_array_sort (inputs, compare_paths);
  if (inputs->len == 0)
    {
      fprintf (stderr, "%s: no input to replay\n", argv[0]);
      return 1;
    }
  printf ("1..%u\n", inputs->len);
  for (guint i = 0; i < inputs->len; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      gsize size;

      if (!g_file_get_contents (inputs->pdata[i], &data, &size, &error))
        {
          printf ("not ok %u - %s\n", i + 1, error->message);
          return 1;
        }
      /* A finding aborts the process, which the harness reports as the failure. */
      LLVMFuzzerTestOneInput ((const guint8 *) data, size);
      printf ("ok %u - %s\n", i + 1, (const char *) inputs->pdata[i]);
      fflush (stdout);
    }
  return 0;
}
