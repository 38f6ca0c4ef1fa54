/* bench-mcr.c: the MCR referee over the whole dev mix of tests/data/mcr-dev.jsonl (regular,
 * special, situational and below-minimum hands, refusals included, none skipped) and over a
 * seeded corpus of random winning hands: median µs per hand (CPU time, best of a few trials)
 * for sp_hand_parse() alone, sp_rules_score() alone, and both.
 * Usage: bench-mcr [FILE]  (default: tests/data/mcr-dev.jsonl of the source tree)
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "sp-core.h"
#include "../sp-test-hands.h"
#include "sp-bench.h"

#define REPEAT 40
#define TRIALS 7

typedef struct
{
  char        *text;
  SpHand       hand;
  SpSituation  situation;
  gboolean     parsed;
} Case;

typedef enum
{
  MEASURE_PARSE,
  MEASURE_SCORE,
  MEASURE_PARSE_AND_SCORE,
} Measure;

/* The thread's CPU time: other processes run on the build machine, and time spent running them
 * says nothing about the scorer. */
static inline double
cpu_ns (void)
{
  return sp_bench_now_ns (CLOCK_THREAD_CPUTIME_ID);
}

static volatile gint32 sink;

/* Every line of @path, whatever the calculator's answer: a refusal costs time too. */
static GArray *
load_cases (const char *path)
{
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
      Case c;

      if (lines[i][0] == '\0')
        continue;
      if (!json_parser_load_from_data (parser, lines[i], -1, &error))
        {
          fprintf (stderr, "bench-mcr: %s line %u: %s\n", path, i + 1, error->message);
          exit (1);
        }
      line = json_node_get_object (json_parser_get_root (parser));
      flags = json_object_get_array_member (line, "flags");
      for (guint k = 0; k < json_array_get_length (flags); k++)
        g_ptr_array_add (args, (gpointer) json_array_get_string_element (flags, k));
      sp_situation_init (&c.situation);
      if (!sp_situation_parse_args (&c.situation, (const char * const *) args->pdata, args->len,
                                    &error))
        {
          fprintf (stderr, "bench-mcr: %s line %u: %s\n", path, i + 1, error->message);
          exit (1);
        }
      c.text = g_strdup (json_object_get_string_member (line, "hand"));
      c.parsed = sp_hand_parse (c.text, &c.hand, NULL);
      g_array_append_val (cases, c);
    }
  return cases;
}

/* One hand, @what of it, REPEAT times: the mean time of one. */
static double
time_case (const SpRules *rules,
           const Case    *c,
           Measure        what)
{
  double start = cpu_ns ();

  for (guint r = 0; r < REPEAT; r++)
    {
      SpScoreResult result;
      SpHand hand;

      switch (what)
        {
        case MEASURE_PARSE:
          sink += sp_hand_parse (c->text, &hand, NULL);
          break;
        case MEASURE_SCORE:
          /* A text that does not parse is refused before any scoring. */
          if (c->parsed)
            {
              sp_rules_score (rules, &c->hand, &c->situation, &result);
              sink += result.total;
            }
          break;
        case MEASURE_PARSE_AND_SCORE:
        default:
          if (sp_hand_parse (c->text, &hand, NULL))
            {
              sp_rules_score (rules, &hand, &c->situation, &result);
              sink += result.total;
            }
          break;
        }
    }
  return (cpu_ns () - start) / REPEAT;
}

/* Prints the median (and 90th percentile) over @cases of each hand's best trial. */
static void
measure (const char    *label,
         const SpRules *rules,
         GArray        *cases,
         Measure        what)
{
  double *times = g_new (double, cases->len);

  for (guint i = 0; i < cases->len; i++)
    times[i] = G_MAXDOUBLE;
  /* The best of a few trials: other processes run on the machine, and a trial that one
   * interrupted says nothing about the code.  Each trial goes over the whole mix so that a
   * burst of load spoils one trial of many hands rather than every trial of one. */
  for (guint trial = 0; trial < TRIALS; trial++)
    for (guint i = 0; i < cases->len; i++)
      times[i] = MIN (times[i], time_case (rules, &g_array_index (cases, Case, i), what));
  sp_bench_sort (times, cases->len);
  printf ("%s: median %.3f us, p90 %.3f us per hand (%u hands)\n", label,
          sp_bench_percentile (times, cases->len, 50) / 1000,
          sp_bench_percentile (times, cases->len, 90) / 1000, cases->len);
  g_free (times);
}

static void
free_cases (GArray *cases)
{
  for (guint i = 0; i < cases->len; i++)
    g_free (g_array_index (cases, Case, i).text);
  g_array_unref (cases);
}

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : SP_BENCH_DATA_DIR "/mcr-dev.jsonl";
  g_autoptr(SpRules) rules = sp_rules_new (SP_RULESET_MCR, "cn", NULL);
  GArray *cases;
  GArray *random_cases = g_array_new (FALSE, TRUE, sizeof (Case));
  GRand *rand = g_rand_new_with_seed (2026);
  guint n_unparsed = 0;

  cases = load_cases (path);
  if (cases->len == 0)
    {
      fprintf (stderr, "bench-mcr: no hands in %s\n", path);
      return 1;
    }
  for (guint i = 0; i < cases->len; i++)
    n_unparsed += !g_array_index (cases, Case, i).parsed;
  /* A seeded corpus of random winning hands (sets and a pair), self-drawn, as a second view. */
  while (random_cases->len < 4000)
    {
      Case c;

      sp_test_random_winning_hand (rand, 4, &c.hand);
      sp_situation_init (&c.situation);
      c.situation.self_drawn = TRUE;
      c.text = sp_hand_to_string (&c.hand);
      c.parsed = TRUE;
      g_array_append_val (random_cases, c);
    }

  printf ("mcr-dev.jsonl: %u hands, %u of which do not parse\n", cases->len, n_unparsed);
  measure ("parse, mcr-dev.jsonl", rules, cases, MEASURE_PARSE);
  measure ("score, mcr-dev.jsonl", rules, cases, MEASURE_SCORE);
  measure ("parse + score, mcr-dev.jsonl", rules, cases, MEASURE_PARSE_AND_SCORE);
  measure ("parse, random winning hands (seed 2026)", rules, random_cases, MEASURE_PARSE);
  measure ("score, random winning hands (seed 2026)", rules, random_cases, MEASURE_SCORE);
  measure ("parse + score, random winning hands (seed 2026)", rules, random_cases,
           MEASURE_PARSE_AND_SCORE);

  g_rand_free (rand);
  free_cases (cases);
  free_cases (random_cases);
  return 0;
}
