/* fuzz-situation.c: libFuzzer target for the situation and option parsers of the core: the
 * stored form of a situation, SITUATION options as arguments, one key=value at a time, the
 * tournament and ruleset options, the teams file, and the fields of an imported hand.
 * The input is text; each line is also read as "key=value" (or "key" alone).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "sp-core.h"
#include "fuzz-common.h"

/* A situation read back from its stored form says the same again, word for word. */
static void
assert_round_trip (const SpSituation *situation)
{
  g_autofree char *printed = sp_situation_to_string (situation);
  g_autofree char *again_printed = NULL;
  g_autoptr(GError) error = NULL;
  SpSituation again;

  g_assert (g_utf8_validate (printed, -1, NULL));
  sp_situation_init (&again);
  if (!sp_situation_from_string (&again, printed, &error))
    g_error ("the stored form '%s' does not read back: %s", printed, error->message);
  again_printed = sp_situation_to_string (&again);
  g_assert_cmpstr (printed, ==, again_printed);
  g_assert (again.given == situation->given);
}

static void
check_stored_form (const char *text)
{
  g_autoptr(GError) error = NULL;
  SpSituation situation;
  SpSituation quiet;
  gboolean read;

  sp_situation_init (&situation);
  read = sp_situation_from_string (&situation, text, &error);
  sp_situation_init (&quiet);
  g_assert (sp_situation_from_string (&quiet, text, NULL) == read);
  if (!read)
    fuzz_assert_refusal (error, SP_CORE_ERROR);
  else
    {
      g_assert_no_error (error);
      assert_round_trip (&situation);
    }
}

static void
check_args (const char *text)
{
  g_auto(GStrv) args = g_strsplit_set (text, " \t\n", -1);
  g_autoptr(GError) error = NULL;
  SpSituation situation;

  sp_situation_init (&situation);
  if (!sp_situation_parse_args (&situation, (const char * const *) args, g_strv_length (args),
                                &error))
    fuzz_assert_refusal (error, SP_CORE_ERROR);
  else
    assert_round_trip (&situation);
}

/* Each line as one key=value: a situation field, a tournament option, a ruleset option, and
 * the line itself as a seat and as a claimed total.  The pairs also make an imported hand's
 * fields and a tournament's options. */
static void
check_lines (const char *text,
             SpRuleset   ruleset)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GHashTable) fields = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(SpRules) rules = sp_rules_new (ruleset, NULL, NULL);
  SpSituation situation;

  sp_situation_init (&situation);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *line = g_strdup (lines[i]);
      char *eq = strchr (line, '=');
      const char *value = NULL;
      gboolean known = FALSE;
      gint seat;
      gint64 total;

      if (eq != NULL)
        {
          *eq = '\0';
          value = eq + 1;
        }
      {
        g_autoptr(GError) error = NULL;

        if (!sp_situation_set (&situation, line, value, &error))
          fuzz_assert_refusal (error, SP_CORE_ERROR);
      }
      {
        g_autoptr(GError) error = NULL;

        if (!sp_tournament_check_option (line, value != NULL ? value : "", &known, &error))
          {
            fuzz_assert_refusal (error, SP_CORE_ERROR);
            g_assert (known);
          }
      }
      {
        g_autoptr(GError) error = NULL;

        if (!sp_rules_set_option (rules, line, value != NULL ? value : "", &error))
          fuzz_assert_refusal (error, SP_CORE_ERROR);
      }
      for (gboolean allow_self = FALSE; allow_self <= TRUE; allow_self++)
        {
          g_autoptr(GError) error = NULL;

          if (!sp_hand_entry_parse_seat (lines[i], allow_self, &seat, &error))
            fuzz_assert_refusal (error, SP_CORE_ERROR);
          else
            g_assert (seat >= -1 && seat <= 4);
        }
      {
        g_autoptr(GError) error = NULL;

        if (!sp_hand_entry_parse_total (lines[i], &total, &error))
          fuzz_assert_refusal (error, SP_CORE_ERROR);
        else
          g_assert (total >= 0);
      }
      if (value != NULL)
        g_hash_table_insert (fields, lines[i], (gpointer) (lines[i] + (value - line)));
    }
  assert_round_trip (&situation);

  /* The pairs as the fields of an imported hand (the keys cut at their '=' in place). */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *eq = strchr (lines[i], '=');

      if (eq != NULL)
        *eq = '\0';
    }
  {
    g_auto(SpHandEntry) entry = { 0 };
    g_autoptr(GError) error = NULL;
    guint session = 0;
    guint table = 0;

    if (!sp_hand_entry_from_fields (&entry, fields, &session, &table, &error))
      fuzz_assert_refusal (error, SP_CORE_ERROR);
    else
      g_assert (entry.draw || (entry.winner >= 0 && entry.from >= 0));
  }
}

/* The whole text as a tournament's options (KEY=VALUE a line). */
static void
check_tournament_options (const char *text,
                          SpRuleset   ruleset)
{
  SpTournament tournament = {
    .name = (char *) "Fuzz",
    .ruleset = ruleset,
    .profile = (char *) sp_rules_list_profiles (ruleset)[0],
    .options = (char *) text,
    .n_sessions = 4,
    .seating = (char *) "random",
    .ranking = (char *) "score",
    .base = 30,
    .per_tai = 10,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) rules_error = NULL;
  g_autoptr(SpRules) rules = NULL;

  if (!sp_tournament_read_options (&tournament, &error))
    fuzz_assert_refusal (error, SP_CORE_ERROR);
  else
    g_assert (tournament.settings.group_tables <= SP_TOURNAMENT_MAX_GROUP_TABLES);
  /* The rules read with the options are the tournament's own. */
  g_clear_pointer (&tournament.rules, sp_rules_free);
  rules = sp_tournament_new_rules (&tournament, &rules_error);
  if (rules == NULL)
    fuzz_assert_refusal (rules_error, SP_CORE_ERROR);
}

static void
check_teams (const char *text,
             gsize       length)
{
  g_autoptr(GError) error = NULL;
  guint n_players = 0;
  g_autofree guint *teams = NULL;

  /* As many players as the text has lines, so that the reading gets past the count. */
  for (gsize i = 0; i < length; i++)
    n_players += text[i] == '\n';
  if (length > 0 && text[length - 1] != '\n')
    n_players++;
  teams = g_new0 (guint, MAX (n_players, 1));
  if (!sp_teams_parse (text, length, n_players, teams, &error))
    fuzz_assert_refusal (error, SP_CORE_ERROR);
  else
    for (guint p = 0; p < n_players; p++)
      g_assert (teams[p] <= n_players);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  /* A copy that ends in a NUL; the parsers of C strings read up to the first NUL. */
  g_autofree char *text = g_malloc (size + 1);
  SpRuleset ruleset = (SpRuleset) (size % 3);

  fuzz_set_up ();
  memcpy (text, data, size);
  text[size] = '\0';
  fuzz_input_utf8 = g_utf8_validate (text, (gssize) size, NULL);
  check_stored_form (text);
  check_args (text);
  check_lines (text, ruleset);
  check_tournament_options (text, ruleset);
  check_teams (text, size);
  return 0;
}
