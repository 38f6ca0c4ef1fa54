/* bench-mcr.c: the MCR referee over the whole dev mix of tests/data/mcr-dev.jsonl (regular,
 * special, situational and below-minimum hands, refusals included, none skipped) and over a
 * seeded corpus of random winning hands, for sp_hand_parse() alone, sp_rules_score() alone, and
 * both.
 *
 * The method ("whole passes"): one run goes over every hand of the mix once, in the file's order,
 * again and again, for at least two seconds of this thread's CPU time; its figure is that time
 * divided by the hands it did.  No hand is timed twice in a row, so the branch predictor and the
 * caches see the mix as a referee's stream of hands would, not one hand learnt by heart.  Each
 * run checksums the results (totals, fan counts, refusals), and every run must give the same
 * checksum.  Several runs (RUNS) are made and their median is printed with the slowest and the
 * fastest: the machine is shared, and a run another process interrupted says nothing about the
 * code.
 *
 * The older figure, each hand timed REPEAT times in a row and the median over the hands of each
 * hand's best trial, is printed last, labelled "per-hand repeat": it flatters any scorer (the
 * predictor learns the one hand) and is kept only to compare with figures quoted before.
 * Usage: bench-mcr [FILE [RULES]]  (default: tests/data/mcr-dev.jsonl of the source tree, mcr)
 * With RULES (taiwan, guangdong, riichi), FILE is scored under that ruleset's default profile, or
 * a line's "profile" and the --option KEY=VALUE of its flags, and only the whole passes are
 * timed: `bench-mcr tests/data/taiwan-dev.jsonl taiwan`, `bench-mcr
 * tests/data/riichi-dev.jsonl riichi` (red fives parsed as Riichi writes them).
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
/* Whole passes: the runs, and the CPU time each one lasts at least. */
#define RUNS 5
#define RUN_NS 2e9

typedef struct
{
  char        *text;
  SpHand       hand;
  SpSituation  situation;
  gboolean     parsed;
  SpRules     *rules;  /* the line's own profile and options, or NULL: the run's rules */
} Case;

/* The ruleset whose notation the hands are parsed in. */
static SpRuleset bench_ruleset = SP_RULESET_MCR;

static inline gboolean
parse_hand (const char *text,
            SpHand     *hand)
{
  return sp_hand_parse_for (bench_ruleset, text, hand, NULL, NULL);
}

static inline const SpRules *
rules_of (const SpRules *rules,
          const Case    *c)
{
  return c->rules != NULL ? c->rules : rules;
}

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
      c.rules = NULL;
      if (json_object_has_member (line, "profile"))
        c.rules = sp_rules_new (bench_ruleset, json_object_get_string_member (line, "profile"),
                                NULL);
      for (guint k = 0; k < json_array_get_length (flags); k++)
        {
          const char *flag = json_array_get_string_element (flags, k);

          if (strcmp (flag, "--option") == 0 && k + 1 < json_array_get_length (flags))
            {
              g_auto(GStrv) pair = g_strsplit (json_array_get_string_element (flags, ++k), "=",
                                               2);

              if (c.rules == NULL)
                c.rules = sp_rules_new (bench_ruleset, NULL, NULL);
              if (c.rules == NULL || pair[1] == NULL
                  || !sp_rules_set_option (c.rules, pair[0], pair[1], &error))
                {
                  fprintf (stderr, "bench-mcr: %s line %u: a bad profile or option\n", path,
                           i + 1);
                  exit (1);
                }
              continue;
            }
          g_ptr_array_add (args, (gpointer) flag);
        }
      sp_situation_init (&c.situation);
      if (!sp_situation_parse_args (&c.situation, (const char * const *) args->pdata, args->len,
                                    &error))
        {
          fprintf (stderr, "bench-mcr: %s line %u: %s\n", path, i + 1, error->message);
          exit (1);
        }
      c.text = g_strdup (json_object_get_string_member (line, "hand"));
      c.parsed = parse_hand (c.text, &c.hand);
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
          sink += parse_hand (c->text, &hand);
          break;
        case MEASURE_SCORE:
          /* A text that does not parse is refused before any scoring. */
          if (c->parsed)
            {
              sp_rules_score (rules_of (rules, c), &c->hand, &c->situation, &result);
              sink += result.total;
            }
          break;
        case MEASURE_PARSE_AND_SCORE:
        default:
          if (parse_hand (c->text, &hand))
            {
              sp_rules_score (rules_of (rules, c), &hand, &c->situation, &result);
              sink += result.total;
            }
          break;
        }
    }
  return (cpu_ns () - start) / REPEAT;
}

/* One whole pass over @cases, @what of each hand once, in order; returns a checksum of what the
 * referee answered, so that no call can be left out and every run can be compared. */
static guint64
run_pass (const SpRules *rules,
          GArray        *cases,
          Measure        what)
{
  guint64 checksum = 0;

  for (guint i = 0; i < cases->len; i++)
    {
      const Case *c = &g_array_index (cases, Case, i);
      SpScoreResult result;
      SpHand hand;
      guint64 answer = 0;

      switch (what)
        {
        case MEASURE_PARSE:
          answer = parse_hand (c->text, &hand) ? 1 + sp_hand_n_tiles (&hand) : 0;
          break;
        case MEASURE_SCORE:
          /* A text that does not parse is refused before any scoring. */
          if (c->parsed)
            {
              sp_rules_score (rules_of (rules, c), &c->hand, &c->situation, &result);
              answer = ((guint64) (guint32) result.total << 8) | result.n_items;
            }
          break;
        case MEASURE_PARSE_AND_SCORE:
        default:
          if (parse_hand (c->text, &hand))
            {
              sp_rules_score (rules_of (rules, c), &hand, &c->situation, &result);
              answer = ((guint64) (guint32) result.total << 8) | result.n_items;
            }
          break;
        }
      checksum = checksum * 1000003 + answer;
    }
  return checksum;
}

/* Prints the median, fastest and slowest of RUNS runs of whole passes over @cases (µs a hand),
 * and the checksum they all gave. */
static void
measure_passes (const char    *label,
                const SpRules *rules,
                GArray        *cases,
                Measure        what)
{
  double per_hand[RUNS];
  guint64 checksum = 0;
  guint64 passes = 0;

  for (guint run = 0; run < RUNS; run++)
    {
      double start = cpu_ns ();
      double elapsed = 0;
      guint64 n = 0;

      do
        {
          guint64 sum = run_pass (rules, cases, what);

          if (run == 0 && n == 0)
            checksum = sum;
          else if (sum != checksum)
            {
              fprintf (stderr, "bench-mcr: %s: the checksum changed between passes\n", label);
              exit (1);
            }
          n++;
          elapsed = cpu_ns () - start;
        }
      while (elapsed < RUN_NS);
      per_hand[run] = elapsed / ((double) n * cases->len);
      passes += n;
    }
  sp_bench_sort (per_hand, RUNS);
  printf ("%s: median %.3f us per hand (fastest %.3f, slowest %.3f; %u runs of >= %.0f s, "
          "%" G_GUINT64_FORMAT " whole passes of %u hands; checksum %016" G_GINT64_MODIFIER "x)\n",
          label, per_hand[RUNS / 2] / 1000, per_hand[0] / 1000, per_hand[RUNS - 1] / 1000, RUNS,
          RUN_NS / 1e9, passes, cases->len, checksum);
}

/* Prints the median (and 90th percentile) over @cases of each hand's best trial, each hand
 * timed REPEAT times in a row: the flattering "per-hand repeat" figure. */
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
  printf ("%s, per-hand repeat (x%d in a row, flatters): median %.3f us, p90 %.3f us per hand "
          "(%u hands)\n", label, REPEAT,
          sp_bench_percentile (times, cases->len, 50) / 1000,
          sp_bench_percentile (times, cases->len, 90) / 1000, cases->len);
  g_free (times);
}

static void
free_cases (GArray *cases)
{
  for (guint i = 0; i < cases->len; i++)
    {
      g_free (g_array_index (cases, Case, i).text);
      sp_rules_free (g_array_index (cases, Case, i).rules);
    }
  g_array_unref (cases);
}

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : SP_BENCH_DATA_DIR "/mcr-dev.jsonl";
  g_autoptr(SpRules) rules = NULL;
  SpRuleset ruleset = SP_RULESET_MCR;
  GArray *cases;
  GArray *random_cases = g_array_new (FALSE, TRUE, sizeof (Case));
  GRand *rand = g_rand_new_with_seed (2026);
  guint n_unparsed = 0;

  if (argc > 2 && !sp_ruleset_from_string (argv[2], &ruleset))
    {
      fprintf (stderr, "bench-mcr: unknown ruleset '%s'\n", argv[2]);
      return 1;
    }
  bench_ruleset = ruleset;
  rules = sp_rules_new (ruleset, ruleset == SP_RULESET_MCR ? "cn" : NULL, NULL);
  cases = load_cases (path);
  if (ruleset != SP_RULESET_MCR)
    {
      g_autofree char *name = g_path_get_basename (path);
      g_autofree char *parse = g_strdup_printf ("parse, %s, whole passes", name);
      g_autofree char *score = g_strdup_printf ("score, %s, whole passes", name);
      g_autofree char *both = g_strdup_printf ("parse + score, %s, whole passes", name);

      printf ("%s: %u hands, scored as %s\n", name, cases->len, argv[2]);
      measure_passes (parse, rules, cases, MEASURE_PARSE);
      measure_passes (score, rules, cases, MEASURE_SCORE);
      measure_passes (both, rules, cases, MEASURE_PARSE_AND_SCORE);
      free_cases (cases);
      g_array_unref (random_cases);
      g_rand_free (rand);
      return 0;
    }
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
      c.rules = NULL;
      g_array_append_val (random_cases, c);
    }

  printf ("mcr-dev.jsonl: %u hands, %u of which do not parse\n", cases->len, n_unparsed);
  measure_passes ("parse, mcr-dev.jsonl, whole passes", rules, cases, MEASURE_PARSE);
  measure_passes ("score, mcr-dev.jsonl, whole passes", rules, cases, MEASURE_SCORE);
  measure_passes ("parse + score, mcr-dev.jsonl, whole passes", rules, cases,
                  MEASURE_PARSE_AND_SCORE);
  measure_passes ("parse + score, random winning hands (seed 2026), whole passes", rules,
                  random_cases, MEASURE_PARSE_AND_SCORE);
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
