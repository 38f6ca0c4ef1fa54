/* fuzz-score-batch.c: libFuzzer target for `sparrow-cli score --batch`: the input is the batch
 * file, each line scored under the three rulesets as run_batch does (sp_rules_score_line), and
 * each verdict written by the batch's own JSON writer, which must be valid JSON and byte for
 * byte what json-glib's generator writes for the same verdict.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-cli.h"
#include "sp-core.h"
#include "fuzz-common.h"

static SpRules *rules_of[3];

static char *
generate (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);

  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static void
check_line (const SpRules *rules,
            const char    *line,
            gsize          length,
            guint          number)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  SpScoreResult result;

  sp_rules_score_line (rules, line, (gssize) length, number, &result);
  g_assert (result.win || result.message[0] != '\0');
  sp_cli_json_verdict (out, rules, &result);
  if (!json_parser_load_from_data (parser, out->str, (gssize) out->len, &error))
    g_error ("line %u: the verdict is not JSON: %s\n%s", number, error->message, out->str);
  g_assert (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  sp_cli_build_verdict (builder, rules, &result);
  expected = generate (builder);
  g_assert_cmpstr (out->str, ==, expected);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  /* A copy that ends in a NUL, cut into lines in place as getline () gives them. */
  g_autofree char *text = g_malloc (size + 1);
  char *p = text;
  char *end = text + size;
  guint number = 0;

  fuzz_set_up ();
  if (rules_of[0] == NULL)
    for (SpRuleset ruleset = SP_RULESET_MCR; ruleset <= SP_RULESET_GUANGDONG; ruleset++)
      rules_of[ruleset] = sp_rules_new (ruleset, NULL, NULL);
  memcpy (text, data, size);
  text[size] = '\0';
  while (p < end)
    {
      char *eol = memchr (p, '\n', (gsize) (end - p));
      char *line = p;
      gsize length = eol != NULL ? (gsize) (eol - p) : (gsize) (end - p);

      p = eol != NULL ? eol + 1 : end;
      number++;
      /* run_batch strips the line's end and skips empty lines and comments. */
      while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r'))
        length--;
      line[length] = '\0';
      if (length == 0 || line[0] == '#')
        continue;
      for (guint r = 0; r < G_N_ELEMENTS (rules_of); r++)
        check_line (rules_of[r], line, length, number);
    }
  return 0;
}
