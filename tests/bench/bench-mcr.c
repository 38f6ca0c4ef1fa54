/* bench-mcr.c: the MCR referee over the legal wins of mcr-dev.jsonl (and a seeded corpus of
 * random winning hands): median µs per hand (CPU time, best of five trials) for scoring alone
 * and with sp_hand_parse().
 * Usage: bench-mcr [SHARED_DIR]  (default: $SPARROW_SHARED_DIR, else ../shared)
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "sp-core.h"
#include "../sp-test-hands.h"
#include "sp-bench.h"

#define REPEAT 40
#define TRIALS 5

typedef struct
{
  char        *text;
  SpHand       hand;
  SpSituation  situation;
} Case;

/* The thread's CPU time: the build machine is shared, and time spent running other processes
 * says nothing about the scorer. */
static inline double
cpu_ns (void)
{
  return sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
}

static volatile gint32 sink;

static GArray *
load_wins (const char    *shared,
           const SpRules *rules)
{
  g_autofree char *path = g_build_filename (shared, "tests", "mcr-dev.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GArray *cases = g_array_new (FALSE, TRUE, sizeof (Case));

  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      fprintf (stderr, "bench-mcr: %s\n", error->message);
      exit (1);
    }
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      JsonObject *line;
      JsonArray *flags;
      SpScoreResult result;
      Case c;

      if (lines[i][0] == '\0' || !json_parser_load_from_data (parser, lines[i], -1, NULL))
        continue;
      line = json_node_get_object (json_parser_get_root (parser));
      flags = json_object_get_array_member (line, "flags");
      for (guint k = 0; k < json_array_get_length (flags); k++)
        g_ptr_array_add (args, (gpointer) json_array_get_string_element (flags, k));
      sp_situation_init (&c.situation);
      if (!sp_situation_parse_args (&c.situation, (const char * const *) args->pdata, args->len,
                                    NULL)
          || !sp_hand_parse (json_object_get_string_member (line, "hand"), &c.hand, NULL))
        continue;
      sp_rules_score (rules, &c.hand, &c.situation, &result);
      if (!result.win)
        continue;
      c.text = g_strdup (json_object_get_string_member (line, "hand"));
      g_array_append_val (cases, c);
    }
  return cases;
}

static void
measure (const char    *label,
         const SpRules *rules,
         GArray        *cases,
         gboolean       with_parse)
{
  double *times = g_new (double, cases->len);

  for (guint i = 0; i < cases->len; i++)
    {
      Case *c = &g_array_index (cases, Case, i);

      times[i] = G_MAXDOUBLE;
      /* The best of a few trials: the machine is shared, and a trial that another process
       * interrupted says nothing about the scorer. */
      for (guint trial = 0; trial < TRIALS; trial++)
        {
          double start = cpu_ns ();

          for (guint r = 0; r < REPEAT; r++)
            {
              SpScoreResult result;

              if (with_parse)
                {
                  SpHand hand;

                  sp_hand_parse (c->text, &hand, NULL);
                  sp_rules_score (rules, &hand, &c->situation, &result);
                }
              else
                sp_rules_score (rules, &c->hand, &c->situation, &result);
              sink += result.total;
            }
          times[i] = MIN (times[i], (cpu_ns () - start) / REPEAT);
        }
    }
  sp_bench_sort (times, cases->len);
  printf ("%s: median %.3f us, p90 %.3f us per hand (%u hands)\n", label,
          sp_bench_percentile (times, cases->len, 50) / 1000,
          sp_bench_percentile (times, cases->len, 90) / 1000, cases->len);
  g_free (times);
}

int
main (int argc, char **argv)
{
  const char *shared = argc > 1 ? argv[1] : g_getenv ("SPARROW_SHARED_DIR");
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, "cn", NULL);
  GArray *cases;
  GArray *random_cases = g_array_new (FALSE, TRUE, sizeof (Case));
  GRand *rand = g_rand_new_with_seed (2026);

  cases = load_wins (shared != NULL ? shared : "../shared", rules);
  if (cases->len == 0)
    {
      fprintf (stderr, "bench-mcr: no winning hands in mcr-dev.jsonl\n");
      return 1;
    }
  /* A seeded corpus of random winning hands (sets and a pair), self-drawn, as a second view. */
  while (random_cases->len < 4000)
    {
      Case c;

      sp_test_random_winning_hand (rand, 4, &c.hand);
      sp_situation_init (&c.situation);
      c.situation.self_drawn = TRUE;
      c.text = sp_hand_to_string (&c.hand);
      g_array_append_val (random_cases, c);
    }

  measure ("score, mcr-dev.jsonl wins", rules, cases, FALSE);
  measure ("parse + score, mcr-dev.jsonl wins", rules, cases, TRUE);
  measure ("score, random winning hands (seed 2026)", rules, random_cases, FALSE);
  measure ("parse + score, random winning hands (seed 2026)", rules, random_cases, TRUE);

  g_rand_free (rand);
  for (guint i = 0; i < cases->len; i++)
    g_free (g_array_index (cases, Case, i).text);
  for (guint i = 0; i < random_cases->len; i++)
    g_free (g_array_index (random_cases, Case, i).text);
  g_array_unref (cases);
  g_array_unref (random_cases);
  return 0;
}
