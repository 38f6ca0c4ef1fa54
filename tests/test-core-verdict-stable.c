/* test-core-verdict-stable.c: the referees' verdicts do not change when their code is made
 * faster.  Every hand of the dev corpora (tests/data/{mcr,taiwan,guangdong}-dev.jsonl, and
 * riichi-dev.jsonl under the Riichi profiles) and 200,000 seeded random hands a ruleset
 * (winning, ready with a wrong tile, near and far from ready, special forms, syntax errors, with random situations) go through parse + score under
 * each profile; every field of each verdict (the parser's code, message and column; the
 * result's win, error code, message, ready, shanten, items with their titles, total, points,
 * settlement, penalty and its reason), the check of a complete hand and the waits and shanten
 * of the hand without its last tile are written as one line, and the lines of each group are
 * digested (SHA-256).  The digests are compared with tests/data/verdict-digests.txt, recorded
 * from the code before it was sped up (also those of the first 20,000 random hands, which are
 * all that SP_VERDICT_STABLE_HANDS=20000 scores: the valgrind test setup sets it).
 *
 *   test-core-verdict-stable --record tests/data/verdict-digests.txt   (regenerates it)
 *   test-core-verdict-stable --dump GROUP                              (that group's lines)
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The referees' test fixtures: sp-core.h, and json-glib for the public test data. */
#include "sp-test-referee.h"

#define N_RANDOM 200000
/* The digests of the first PREFIX_HANDS random hands are recorded too: under valgrind (the
 * test setup sets SP_VERDICT_STABLE_HANDS=20000) only those are scored. */
#define PREFIX_HANDS 20000
#define SEED     20261201u

/* One group of verdicts: a corpus under a ruleset's profile (and options). */
typedef struct
{
  const char *name;
  SpRuleset   ruleset;
  const char *profile;
  const char *option_key; /* NULL, or one --option KEY=VALUE */
  const char *option_value;
} Variant;

static const Variant variants[] = {
  { "mcr-cn", SP_RULESET_MCR, "cn", NULL, NULL },
  { "mcr-r98", SP_RULESET_MCR, "r98", NULL, NULL },
  { "mcr-gb2006", SP_RULESET_MCR, "gb2006", NULL, NULL },
  { "mcr-cn-heavenly", SP_RULESET_MCR, "cn", "heavenly_hands", "on" },
  { "taiwan-tw", SP_RULESET_TAIWAN, "tw", NULL, NULL },
  { "taiwan-tw-any-reading", SP_RULESET_TAIWAN, "tw", "wait_tai_any_reading", "on" },
  { "guangdong-gd", SP_RULESET_GUANGDONG, "gd", NULL, NULL },
  { "riichi-ema2016", SP_RULESET_RIICHI, "ema2016", NULL, NULL },
  { "riichi-wrc2025", SP_RULESET_RIICHI, "wrc2025", NULL, NULL },
  { "riichi-ema2016-red-fives", SP_RULESET_RIICHI, "ema2016", "red_fives", "1" },
};

static const char *dump_group;   /* --dump: print that group's lines */
static FILE *record;             /* --record FILE: write the digests there */

/* ---- One verdict as a line --------------------------------------------------------------- */

static void
append_result (GString             *line,
               const SpScoreResult *r)
{
  g_string_append_printf (line, " | rules %d win %d error %d \"%s\" ready %d shanten %d items",
                          r->ruleset, r->win, r->error_code, r->message, r->ready, r->shanten);
  for (guint i = 0; i < r->n_items; i++)
    g_string_append_printf (line, " [%s \"%s\" %d×%u]", r->items[i].name,
                            sp_score_item_title (r->ruleset, r->items[i].name),
                            r->items[i].value, r->items[i].count);
  g_string_append_printf (line, " total %d points %" G_GINT64_FORMAT, r->total, r->points);
  /* Riichi only, so that the other rulesets' lines stay as they were recorded. */
  if (r->has_han_fu)
    g_string_append_printf (line, " han %d fu %d yakuman %d limit %u dora %d %d %d cost %"
                            G_GINT64_FORMAT " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                            r->han, r->fu, r->yakuman, r->limit, r->dora, r->ura, r->aka,
                            r->cost_discarder, r->cost_dealer, r->cost_non_dealer);
  if (r->has_settlement)
    g_string_append_printf (line, " settlement %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                            " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
                            r->settlement[0], r->settlement[1], r->settlement[2],
                            r->settlement[3]);
  if (r->has_penalty)
    g_string_append_printf (line, " penalty %" G_GINT64_FORMAT " %" G_GINT64_FORMAT
                            " %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " \"%s\"",
                            r->penalty[0], r->penalty[1], r->penalty[2], r->penalty[3],
                            r->penalty_reason);
}

/* What the analysis says of the parsed hand: a complete hand's check, and the waits and
 * shanten of the hand without its last tile. */
static void
append_analysis (GString      *line,
                 const SpHand *hand,
                 SpRuleset     ruleset)
{
  g_autoptr(GError) error = NULL;
  SpWaitList waits;
  SpHand ready;

  if (hand->n_concealed == 0 || hand->n_concealed >= SP_HAND_MAX_CONCEALED)
    return;
  if (sp_hand_validate (hand, ruleset, TRUE, NULL))
    {
      gboolean win = sp_hand_check_win (hand, ruleset, &error);

      g_string_append_printf (line, " | check %d %s", win, error != NULL ? error->message : "");
    }
  ready = *hand;
  sp_hand_remove_winning_tile (&ready);
  if (!sp_hand_validate (&ready, ruleset, FALSE, NULL))
    return;
  sp_hand_waits (&ready, ruleset, &waits);
  g_string_append_printf (line, " | waits");
  for (guint i = 0; i < waits.n; i++)
    g_string_append_printf (line, " %u:%u:%u", waits.waits[i].tile, waits.waits[i].kind,
                            waits.waits[i].roles);
  g_string_append_printf (line, " shanten %d", sp_hand_shanten (&ready, ruleset));
}

/* The line of hand @text with the situation options @args (NULL-terminated). */
static void
verdict_line (GString            *line,
              const SpRules      *rules,
              SpRuleset           ruleset,
              const char         *text,
              const char * const *args,
              gboolean            analyse)
{
  g_autoptr(GError) error = NULL;
  SpSituation situation;
  SpScoreResult result;
  guint column = 0;
  SpHand hand;

  g_string_truncate (line, 0);
  g_string_append (line, text);
  for (guint i = 0; args[i] != NULL; i++)
    g_string_append_printf (line, " %s", args[i]);

  if (!sp_hand_parse_for (ruleset, text, &hand, &column, &error))
    g_string_append_printf (line, " | parse %d %u \"%s\"", error->code, column, error->message);
  else
    g_string_append_printf (line, " | parse ok");
  g_clear_error (&error);

  sp_situation_init (&situation);
  if (!sp_situation_parse_args (&situation, args, g_strv_length ((char **) args), &error))
    {
      g_string_append_printf (line, " | situation \"%s\"", error->message);
      return;
    }
  sp_rules_score_text (rules, text, &situation, &result);
  append_result (line, &result);
  if (analyse && sp_hand_parse_for (ruleset, text, &hand, NULL, NULL))
    append_analysis (line, &hand, ruleset);
}

/* ---- Groups and digests ------------------------------------------------------------------ */

typedef struct
{
  GChecksum *checksum;
  guint      n;
  gboolean   dump;
  guint      prefix_at; /* 0, or the count at which the digest so far is kept in prefix */
  char      *prefix;
} Group;

static void
group_init (Group      *group,
            const char *name)
{
  group->checksum = g_checksum_new (G_CHECKSUM_SHA256);
  group->n = 0;
  group->dump = dump_group != NULL && strcmp (dump_group, name) == 0;
  group->prefix_at = g_str_has_prefix (name, "random-") ? PREFIX_HANDS : 0;
  group->prefix = NULL;
}

static void
group_add (Group         *group,
           const GString *line)
{
  g_checksum_update (group->checksum, (const guchar *) line->str, (gssize) line->len);
  g_checksum_update (group->checksum, (const guchar *) "\n", 1);
  group->n++;
  if (group->n == group->prefix_at)
    {
      GChecksum *so_far = g_checksum_copy (group->checksum);

      group->prefix = g_strdup_printf ("%u %s", group->n, g_checksum_get_string (so_far));
      g_checksum_free (so_far);
    }
  if (group->dump)
    printf ("%s\n", line->str);
}

/* The recorded digest of @name, "NAME COUNT SHA256" lines of verdict-digests.txt. */
static char *
recorded_digest (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "verdict-digests.txt",
                                                 NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (lines[i], " ", -1);

      if (g_strv_length (words) == 3 && strcmp (words[0], name) == 0)
        return g_strdup_printf ("%s %s", words[1], words[2]);
    }
  return NULL;
}

/* Records or checks the digest @got of the group @name. */
static void
check_digest (const char *name,
              const char *got)
{
  if (record)
    fprintf (record, "%s %s\n", name, got);
  else if (dump_group == NULL)
    {
      g_autofree char *expected = recorded_digest (name);

      if (expected == NULL)
        g_test_message ("%s: no recorded digest", name);
      g_assert_nonnull (expected);
      if (strcmp (got, expected) != 0)
        g_test_message ("%s: verdicts changed (run with --dump %s and compare with the code "
                        "before the change)", name, name);
      g_assert_cmpstr (got, ==, expected);
    }
}

/* The digest of the whole group, and of its first PREFIX_HANDS lines as NAME@PREFIX_HANDS. */
static void
group_finish (Group      *group,
              const char *name,
              guint       expected_n)
{
  g_autofree char *got = g_strdup_printf ("%u %s", group->n,
                                          g_checksum_get_string (group->checksum));

  g_assert_cmpuint (group->n, ==, expected_n);
  if (group->prefix != NULL)
    {
      g_autofree char *prefix_name = g_strdup_printf ("%s@%u", name, group->prefix_at);

      check_digest (prefix_name, group->prefix);
    }
  if (group->n != group->prefix_at)
    check_digest (name, got);
  g_free (group->prefix);
  g_checksum_free (group->checksum);
}

static SpRules *
variant_rules (const Variant *v)
{
  g_autoptr(GError) error = NULL;
  SpRules *rules = sp_rules_new (v->ruleset, v->profile, &error);

  g_assert_no_error (error);
  if (v->option_key != NULL)
    {
      sp_rules_set_option (rules, v->option_key, v->option_value, &error);
      g_assert_no_error (error);
    }
  return rules;
}

/* ---- The dev corpora --------------------------------------------------------------------- */

static const char * const corpora[] = { "mcr-dev.jsonl", "taiwan-dev.jsonl",
                                        "guangdong-dev.jsonl", "riichi-dev.jsonl" };

/* Every line of every corpus, scored under every variant: a corpus's hands are good tests of
 * the other rulesets' refusals too. */
static void
test_corpora (void)
{
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr(SpRules) rules = variant_rules (&variants[v]);
      g_autofree char *name = g_strdup_printf ("dev-%s", variants[v].name);
      Group group;

      /* riichi-dev.jsonl under the Riichi variants only: the others' groups stay as recorded. */
      guint n_corpora = variants[v].ruleset == SP_RULESET_RIICHI ? G_N_ELEMENTS (corpora)
                                                                  : G_N_ELEMENTS (corpora) - 1;

      group_init (&group, name);
      for (guint c = 0; c < n_corpora; c++)
        {
          g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", corpora[c], NULL);
          g_autofree char *contents = NULL;
          g_auto(GStrv) lines = NULL;
          g_autoptr(GError) error = NULL;

          g_file_get_contents (path, &contents, NULL, &error);
          g_assert_no_error (error);
          lines = g_strsplit (contents, "\n", -1);
          for (guint i = 0; lines[i] != NULL; i++)
            {
              g_autoptr(JsonParser) parser = json_parser_new ();
              g_autoptr(GPtrArray) args = g_ptr_array_new ();
              JsonObject *object;
              JsonArray *flags;
              g_autoptr(SpRules) own = NULL;

              if (lines[i][0] == '\0')
                continue;
              json_parser_load_from_data (parser, lines[i], -1, &error);
              g_assert_no_error (error);
              object = json_node_get_object (json_parser_get_root (parser));
              flags = json_object_get_array_member (object, "flags");
              for (guint k = 0; k < json_array_get_length (flags); k++)
                {
                  const char *flag = json_array_get_string_element (flags, k);

                  /* The Riichi corpus's --option KEY=VALUE, on a copy of the variant's rules. */
                  if (strcmp (flag, "--option") == 0 && k + 1 < json_array_get_length (flags))
                    {
                      g_auto(GStrv) pair =
                        g_strsplit (json_array_get_string_element (flags, ++k), "=", 2);

                      if (own == NULL)
                        own = sp_rules_copy (rules);
                      sp_rules_set_option (own, pair[0], pair[1], NULL);
                      continue;
                    }
                  g_ptr_array_add (args, (gpointer) flag);
                }
              g_ptr_array_add (args, NULL);
              verdict_line (line, own != NULL ? own : rules, variants[v].ruleset,
                            json_object_get_string_member (object, "hand"),
                            (const char * const *) args->pdata, TRUE);
              group_add (&group, line);
            }
        }
      g_assert_cmpuint (group.n, >, 700);
      group_finish (&group, name, group.n);
    }
}

/* ---- Random hands ------------------------------------------------------------------------ */

typedef struct
{
  GRand  *rand;
  guint8  used[SP_N_TILE_KINDS];
  GString *text;
  SpTile  concealed[SP_HAND_MAX_CONCEALED];
  guint   n;
} Maker;

static inline guint
pick (Maker *m,
      guint  n)
{
  return (guint) g_rand_int_range (m->rand, 0, (gint32) n);
}

static inline gboolean
chance (Maker  *m,
        double  p)
{
  return g_rand_double (m->rand) < p;
}

static void
add_concealed (Maker  *m,
               SpTile  tile)
{
  if (m->n < SP_HAND_MAX_CONCEALED)
    m->concealed[m->n++] = tile;
  m->used[tile]++;
}

/* A tile as the notation writes it alone. */
static void
append_tile (GString *text,
             SpTile   tile,
             gboolean chinese)
{
  static const char * const chinese_honors[] = { "東", "南", "西", "北", "中", "發", "白" };

  if (sp_tile_is_honor (tile))
    {
      if (chinese)
        g_string_append (text, chinese_honors[tile - SP_TILE_EAST]);
      else
        g_string_append_c (text, "ESWNCFP"[tile - SP_TILE_EAST]);
    }
  else
    g_string_append_printf (text, "%u%c", sp_tile_rank (tile), "mps"[sp_tile_suit (tile)]);
}

/* A random set's tiles that keep every kind within four (most of the time: @loose lets a
 * fifth through, for the too-many-copies refusals). */
static gboolean
random_set (Maker    *m,
            gboolean  loose,
            gboolean *chow,
            SpTile   *first)
{
  for (guint tries = 0; tries < 50; tries++)
    {
      SpTile t = (SpTile) pick (m, SP_N_TILE_KINDS);

      /* Flushes and honour hands come up often enough to test their fans. */
      if (chance (m, 0.5) && t < 27 && t % 9 <= 6)
        {
          if (!loose && (m->used[t] >= 4 || m->used[t + 1] >= 4 || m->used[t + 2] >= 4))
            continue;
          *chow = TRUE;
          *first = t;
          return TRUE;
        }
      if (!loose && m->used[t] > 1)
        continue;
      *chow = FALSE;
      *first = t;
      return TRUE;
    }
  return FALSE;
}

/* Melds first: chows with or without their claimed position, pungs, kongs of every kind. */
static void
random_meld (Maker *m)
{
  gboolean chow;
  SpTile t;

  if (!random_set (m, chance (m, 0.01), &chow, &t))
    return;
  g_string_append_c (m->text, '[');
  if (chow)
    {
      g_string_append_printf (m->text, "%u%u%u%c", sp_tile_rank (t), sp_tile_rank (t) + 1,
                              sp_tile_rank (t) + 2, "mps"[sp_tile_suit (t)]);
      for (guint k = 0; k < 3; k++)
        m->used[t + k]++;
      if (chance (m, 0.5))
        g_string_append_printf (m->text, ",%u", 1 + pick (m, 3));
    }
  else
    {
      gboolean kong = chance (m, 0.3) && m->used[t] == 0;
      guint n = kong ? 4 : 3;

      for (guint k = 0; k < n; k++)
        append_tile (m->text, t, FALSE);
      /* Honours written as letters carry no suit letter; suited ones were written 5p5p5p: the
       * parser reads either. */
      m->used[t] += (guint8) n;
      if (kong)
        {
          guint form = pick (m, 3);

          if (form == 1)
            g_string_append_printf (m->text, ",%u", 1 + pick (m, 3));
          else if (form == 2)
            g_string_append_printf (m->text, ",%u", 5 + pick (m, 3));
        }
      else if (chance (m, 0.7))
        g_string_append_printf (m->text, chance (m, 0.8) ? ",%u" : "%u", 1 + pick (m, 3));
    }
  g_string_append_c (m->text, ']');
}

static void
random_concealed_sets (Maker *m,
                       guint  n_sets)
{
  for (guint i = 0; i < n_sets; i++)
    {
      gboolean chow;
      SpTile t;

      if (!random_set (m, chance (m, 0.005), &chow, &t))
        continue;
      for (guint k = 0; k < 3; k++)
        add_concealed (m, chow ? (SpTile) (t + k) : t);
    }
}

static void
random_pair (Maker *m)
{
  for (guint tries = 0; tries < 50; tries++)
    {
      SpTile t = (SpTile) pick (m, SP_N_TILE_KINDS);

      if (m->used[t] <= 2)
        {
          add_concealed (m, t);
          add_concealed (m, t);
          return;
        }
    }
}

static const SpTile orphan_tiles[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };
static const guint8 knitted_orders[6][3] = {
  { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
};

/* The special forms of 14 concealed tiles: 七对 (连七对 among them), 十三幺, 全不靠/七星不靠,
 * 组合龙 with a set and a pair, 九莲宝灯. */
static void
random_special (Maker *m)
{
  switch (pick (m, 6))
    {
    case 0: /* seven pairs, four of a kind now and then */
      for (guint i = 0; i < 7; i++)
        {
          SpTile t = (SpTile) pick (m, SP_N_TILE_KINDS);

          if (m->used[t] > (chance (m, 0.1) ? 2 : 0))
            {
              i--;
              continue;
            }
          add_concealed (m, t);
          add_concealed (m, t);
        }
      break;
    case 1: /* seven shifted pairs */
      {
        SpTile t = (SpTile) (pick (m, 3) * 9 + pick (m, 3));

        for (guint i = 0; i < 7; i++)
          {
            add_concealed (m, (SpTile) (t + i));
            add_concealed (m, (SpTile) (t + i));
          }
      }
      break;
    case 2: /* thirteen orphans */
      for (guint i = 0; i < 13; i++)
        add_concealed (m, orphan_tiles[i]);
      add_concealed (m, orphan_tiles[pick (m, 13)]);
      break;
    case 3: /* honours and knitted tiles, 14 distinct */
      {
        SpTile pool[16];
        guint n_pool = 0;
        guint k = pick (m, 6);

        for (guint r = 1; r <= 9; r++)
          pool[n_pool++] = sp_tile_make (knitted_orders[k][(r - 1) % 3], r);
        for (guint h = SP_TILE_EAST; h < SP_N_TILE_KINDS; h++)
          pool[n_pool++] = (SpTile) h;
        /* Leave out two of the sixteen. */
        for (guint i = 0; i < 2; i++)
          {
            guint j = pick (m, n_pool);

            pool[j] = pool[--n_pool];
          }
        for (guint i = 0; i < n_pool; i++)
          add_concealed (m, pool[i]);
      }
      break;
    case 4: /* knitted straight, a set and a pair */
      {
        guint k = pick (m, 6);

        for (guint r = 1; r <= 9; r++)
          add_concealed (m, sp_tile_make (knitted_orders[k][(r - 1) % 3], r));
        random_concealed_sets (m, 1);
        random_pair (m);
      }
      break;
    default: /* nine gates and one more */
      {
        guint s = pick (m, 3);
        static const guint8 gates[13] = { 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9 };

        for (guint i = 0; i < 13; i++)
          add_concealed (m, sp_tile_make (s, gates[i]));
        add_concealed (m, sp_tile_make (s, 1 + pick (m, 9)));
      }
      break;
    }
}

static void
shuffle (Maker *m)
{
  for (guint i = m->n; i > 1; i--)
    {
      guint j = pick (m, i);
      SpTile x = m->concealed[i - 1];

      m->concealed[i - 1] = m->concealed[j];
      m->concealed[j] = x;
    }
}

/* The concealed tiles as a person might type them: grouped by suit or one by one, with the
 * odd space and Chinese honour. */
static void
write_concealed (Maker *m)
{
  gboolean chinese = chance (m, 0.1);
  gboolean grouped = chance (m, 0.6);

  for (guint i = 0; i < m->n; i++)
    {
      SpTile t = m->concealed[i];

      if (chance (m, 0.02))
        g_string_append_c (m->text, ' ');
      if (sp_tile_is_honor (t) || !grouped)
        append_tile (m->text, t, chinese);
      else
        {
          g_string_append_printf (m->text, "%u", sp_tile_rank (t));
          if (i + 1 == m->n || sp_tile_is_honor (m->concealed[i + 1])
              || sp_tile_suit (m->concealed[i + 1]) != sp_tile_suit (t))
            g_string_append_c (m->text, "mps"[sp_tile_suit (t)]);
        }
    }
}

/* A random hand's text for a ruleset of @n_sets sets. */
static void
random_hand_text (Maker *m,
                  guint  n_sets)
{
  guint kind = pick (m, 100);
  guint n_melds = 0;

  g_string_truncate (m->text, 0);
  memset (m->used, 0, sizeof m->used);
  m->n = 0;

  if (kind < 2)
    {
      /* Text that is not a hand: a character changed, inserted or cut. */
      static const char junk[] = "0123456789mpsESWNCFPz[],-  ";

      random_hand_text (m, n_sets);
      if (m->text->len > 0)
        {
          guint at = pick (m, (guint) m->text->len);

          switch (pick (m, 3))
            {
            case 0:
              m->text->str[at] = junk[pick (m, sizeof junk - 1)];
              break;
            case 1:
              g_string_insert_c (m->text, at, junk[pick (m, sizeof junk - 1)]);
              break;
            default:
              g_string_truncate (m->text, at);
              break;
            }
        }
      return;
    }

  if (kind < 70)
    {
      n_melds = chance (m, 0.4) ? 0 : pick (m, n_sets + 1);
      for (guint i = 0; i < n_melds; i++)
        random_meld (m);
    }
  if (kind < 55)
    {
      /* A win of sets and a pair. */
      random_concealed_sets (m, n_sets - n_melds);
      random_pair (m);
    }
  else if (kind < 70)
    {
      /* Random tiles, mostly of the right count. */
      guint n = (n_sets - n_melds) * 3 + 2;

      if (chance (m, 0.05))
        n = n + pick (m, 3) - 1;
      while (m->n < n)
        {
          SpTile t = (SpTile) pick (m, SP_N_TILE_KINDS);

          if (m->used[t] < 4)
            add_concealed (m, t);
        }
    }
  else if (kind < 80)
    random_special (m);
  else
    {
      /* Near a win: a win of sets, or a special form, with one or two tiles changed. */
      if (kind < 92)
        {
          random_concealed_sets (m, n_sets);
          random_pair (m);
        }
      else
        random_special (m);
      for (guint i = 1 + (chance (m, 0.3) ? 1 : 0); i > 0 && m->n > 0; i--)
        {
          SpTile t = (SpTile) pick (m, SP_N_TILE_KINDS);
          guint j = pick (m, m->n);

          if (m->used[t] >= 4)
            continue;
          m->used[m->concealed[j]]--;
          m->concealed[j] = t;
          m->used[t]++;
        }
    }
  shuffle (m);
  write_concealed (m);
}

static const char * const seats[] = { "E", "S", "W", "N" };

/* A random situation: each option now and then, contradictions included. */
static void
random_situation (Maker     *m,
                  SpRuleset  ruleset,
                  GPtrArray *args)
{
  static const char * const switches[] = { "--self-drawn", "--last-tile", "--kong",
                                           "--flower-replacement", "--wall-last",
                                           "--heavenly", "--earthly", "--human",
                                           "--ready-at-deal", "--ready-first-draw" };
  static const double switch_chances[] = { 0.4, 0.08, 0.06, 0.03, 0.05,
                                           0.02, 0.02, 0.02, 0.03, 0.03 };
  static const char * const seat_options[] = { "--seat-wind", "--round-wind", "--dealer",
                                               "--discarder", "--liable" };
  static const double seat_chances[] = { 0.4, 0.3, 0.25, 0.12, 0.04 };

  g_ptr_array_set_size (args, 0);
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    if (chance (m, switch_chances[i]))
      g_ptr_array_add (args, g_strdup (switches[i]));
  for (guint i = 0; i < G_N_ELEMENTS (seat_options); i++)
    if (chance (m, seat_chances[i]))
      {
        g_ptr_array_add (args, g_strdup (seat_options[i]));
        g_ptr_array_add (args, g_strdup (seats[pick (m, 4)]));
      }
  if (chance (m, 0.3))
    {
      g_ptr_array_add (args, g_strdup ("--flowers"));
      if (ruleset == SP_RULESET_MCR && chance (m, 0.8))
        g_ptr_array_add (args, g_strdup_printf ("%u", pick (m, 9)));
      else
        {
          GString *list = g_string_new (NULL);
          guint mask = 1 + pick (m, 255);

          for (guint f = 0; f < 8; f++)
            if (mask & (1u << f))
              g_string_append_printf (list, "%sf%u", list->len > 0 ? "," : "", f + 1);
          g_ptr_array_add (args, g_string_free (list, FALSE));
        }
    }
  if (chance (m, 0.1))
    {
      g_ptr_array_add (args, g_strdup ("--streak"));
      g_ptr_array_add (args, g_strdup_printf ("%u", pick (m, 5)));
    }
  if (chance (m, 0.05))
    {
      g_ptr_array_add (args, g_strdup ("--base"));
      g_ptr_array_add (args, g_strdup_printf ("%u", 10 * pick (m, 10)));
    }
  if (chance (m, 0.05))
    {
      g_ptr_array_add (args, g_strdup ("--per-tai"));
      g_ptr_array_add (args, g_strdup_printf ("%u", 5 * pick (m, 10)));
    }
  /* Riichi's own options: drawn for its hands only, after every other draw, so that the other
   * rulesets' hands and situations stay as they were recorded. */
  if (ruleset == SP_RULESET_RIICHI)
    {
      static const char * const riichi_switches[] = { "--riichi", "--double-riichi",
                                                      "--ippatsu" };
      static const double riichi_chances[] = { 0.3, 0.03, 0.08 };
      static const char * const indicators[] = { "--dora-indicators", "--ura-indicators" };

      for (guint i = 0; i < G_N_ELEMENTS (riichi_switches); i++)
        if (chance (m, riichi_chances[i]))
          g_ptr_array_add (args, g_strdup (riichi_switches[i]));
      for (guint i = 0; i < G_N_ELEMENTS (indicators); i++)
        if (chance (m, i == 0 ? 0.8 : 0.3))
          {
            GString *list = g_string_new (NULL);
            guint n = 1 + (chance (m, 0.2) ? pick (m, 5) : 0);

            for (guint k = 0; k < n; k++)
              {
                if (k > 0)
                  g_string_append_c (list, ',');
                append_tile (list, (SpTile) pick (m, SP_N_TILE_KINDS), FALSE);
              }
            g_ptr_array_add (args, g_strdup (indicators[i]));
            g_ptr_array_add (args, g_string_free (list, FALSE));
          }
      if (chance (m, 0.2))
        {
          g_ptr_array_add (args, g_strdup ("--honba"));
          g_ptr_array_add (args, g_strdup_printf ("%u", pick (m, 6)));
        }
      if (chance (m, 0.2))
        {
          g_ptr_array_add (args, g_strdup ("--riichi-sticks"));
          g_ptr_array_add (args, g_strdup_printf ("%u", pick (m, 4)));
        }
    }
  g_ptr_array_add (args, NULL);
}

static void
test_random (void)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) rules = g_ptr_array_new_with_free_func ((GDestroyNotify) sp_rules_free);
  g_autoptr(GString) text = g_string_new (NULL);
  Group groups[G_N_ELEMENTS (variants)];
  Maker m = { 0 };
  const char *hands = g_getenv ("SP_VERDICT_STABLE_HANDS");
  guint n_random = N_RANDOM;

  if (hands != NULL && !record)
    {
      g_assert_true (strcmp (hands, "20000") == 0 || strcmp (hands, "200000") == 0);
      n_random = (guint) atoi (hands);
    }

  m.text = text;
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autofree char *name = g_strdup_printf ("random-%s", variants[v].name);

      g_ptr_array_add (rules, variant_rules (&variants[v]));
      group_init (&groups[v], name);
    }

  /* Each ruleset's hands, a seed each, scored under that ruleset's variants; the analysis (a
   * ruleset's, not a profile's) under its first variant. */
  for (SpRuleset ruleset = SP_RULESET_MCR; ruleset <= SP_RULESET_RIICHI; ruleset++)
    {
      m.rand = g_rand_new_with_seed (SEED + ruleset);
      for (guint i = 0; i < n_random; i++)
        {
          gboolean first = TRUE;

          if (ruleset == SP_RULESET_TAIWAN && chance (&m, 0.002))
            g_string_assign (m.text, "-");
          else
            random_hand_text (&m, ruleset == SP_RULESET_TAIWAN ? 5 : 4);
          /* A red five now and then in Riichi's hands (a draw for its hands only). */
          if (ruleset == SP_RULESET_RIICHI && chance (&m, 0.2))
            {
              char *five = strchr (m.text->str, '5');

              if (five != NULL && (five == m.text->str || five[-1] != ','))
                *five = '0';
            }
          random_situation (&m, ruleset, args);
          for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
            {
              if (variants[v].ruleset != ruleset)
                continue;
              verdict_line (line, g_ptr_array_index (rules, v), ruleset, m.text->str,
                            (const char * const *) args->pdata, first);
              first = FALSE;
              group_add (&groups[v], line);
            }
        }
      g_rand_free (m.rand);
    }
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autofree char *name = g_strdup_printf ("random-%s", variants[v].name);

      group_finish (&groups[v], name, n_random);
    }
}

int
main (int   argc,
      char *argv[])
{
  int n = 1;

  setlocale (LC_ALL, "");
  /* Our own options out of the way of g_test_init(). */
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--record") == 0 && i + 1 < argc)
        {
          record = fopen (argv[++i], "w");
          if (record == NULL)
            {
              g_printerr ("%s: %s\n", argv[i], g_strerror (errno));
              return 1;
            }
        }
      else if (strcmp (argv[i], "--dump") == 0 && i + 1 < argc)
        dump_group = argv[++i];
      else
        argv[n++] = argv[i];
    }
  argv[n] = NULL;
  argc = n;
  g_test_init (&argc, &argv, NULL);
  if (record || dump_group != NULL)
    {
      test_corpora ();
      test_random ();
      if (record != NULL && fclose (record) != 0)
        return 1;
      return 0;
    }
  g_test_add_func ("/verdict-stable/corpora", test_corpora);
  g_test_add_func ("/verdict-stable/random", test_random);
  return g_test_run ();
}
