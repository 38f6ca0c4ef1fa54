/* bench-count.c: one pass of parse + score over a dev mix, for counting instructions with
 * callgrind, which counts the same on a busy machine as on an idle one (the timed benchmarks,
 * bench-mcr above all, are the figures; this is the guide while working on the scorer).
 *
 *   meson compile -C build bench-count
 *   valgrind --tool=callgrind --toggle-collect=counted_pass \
 *     ./build/tests/bench/bench-count mcr tests/data/mcr-dev.jsonl
 *
 * "Collected" divided by the hands is the instructions a hand.  A first pass, not counted, has
 * the one-time costs (the suit table, the translations) out of the way.  With a third argument
 * "parse", the pass only parses.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "sp-core.h"

typedef struct
{
  char        *text;
  SpSituation  situation;
} Case;

static inline long
run_pass (const SpRules *rules,
          const Case    *cases,
          guint          n,
          gboolean       score)
{
  long sum = 0;

  for (guint i = 0; i < n; i++)
    {
      SpScoreResult result;
      SpHand hand;

      if (!sp_hand_parse (cases[i].text, &hand, NULL))
        continue;
      sum++;
      if (score)
        {
          sp_rules_score (rules, &hand, &cases[i].situation, &result);
          sum += result.total;
        }
    }
  return sum;
}

/* Two functions of the same body: noipa keeps the compiler from folding them into one, which
 * would make callgrind count both passes. */
__attribute__ ((noinline, noipa)) static long
first_pass (const SpRules *rules, const Case *cases, guint n, gboolean score)
{
  return run_pass (rules, cases, n, score);
}

__attribute__ ((noinline, noipa)) static long
counted_pass (const SpRules *rules, const Case *cases, guint n, gboolean score)
{
  return run_pass (rules, cases, n, score) + 1;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(SpRules) rules = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean score = !(argc > 3 && strcmp (argv[3], "parse") == 0);
  SpRuleset ruleset;
  Case *cases;
  guint n = 0;
  long sum;

  if (argc < 3 || !sp_ruleset_from_string (argv[1], &ruleset))
    {
      fprintf (stderr, "usage: bench-count mcr|taiwan|guangdong FILE.jsonl [parse]\n");
      return 2;
    }
  if (!g_file_get_contents (argv[2], &contents, NULL, &error))
    {
      fprintf (stderr, "bench-count: %s\n", error->message);
      return 1;
    }
  lines = g_strsplit (contents, "\n", -1);
  cases = g_new0 (Case, g_strv_length (lines));
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      JsonObject *line;
      JsonArray *flags;

      if (lines[i][0] == '\0')
        continue;
      if (!json_parser_load_from_data (parser, lines[i], -1, &error))
        {
          fprintf (stderr, "bench-count: %s line %u: %s\n", argv[2], i + 1, error->message);
          return 1;
        }
      line = json_node_get_object (json_parser_get_root (parser));
      flags = json_object_get_array_member (line, "flags");
      for (guint k = 0; k < json_array_get_length (flags); k++)
        g_ptr_array_add (args, (gpointer) json_array_get_string_element (flags, k));
      sp_situation_init (&cases[n].situation);
      if (!sp_situation_parse_args (&cases[n].situation, (const char * const *) args->pdata,
                                    args->len, &error))
        {
          fprintf (stderr, "bench-count: %s line %u: %s\n", argv[2], i + 1, error->message);
          return 1;
        }
      cases[n++].text = g_strdup (json_object_get_string_member (line, "hand"));
    }
  rules = sp_rules_new (ruleset, NULL, &error);
  if (rules == NULL)
    {
      fprintf (stderr, "bench-count: %s\n", error->message);
      return 1;
    }
  sum = first_pass (rules, cases, n, score);
  sum += counted_pass (rules, cases, n, score);
  printf ("%u hands (checksum %ld)\n", n, sum);
  for (guint i = 0; i < n; i++)
    g_free (cases[i].text);
  g_free (cases);
  return 0;
}
