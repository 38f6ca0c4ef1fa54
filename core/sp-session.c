/* sp-session.c: names, the Swiss and final inputs, and session completeness.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-session.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "sp-core-error.h"
#include "sp-table.h"

/* The deals of a session at one table: four 圈 of four dealers. */
#define SP_SESSION_DEALS 16

/* @text as a name (no control character at all) or, with @allow_breaks, as a free field
 * that may hold tabs and line breaks but no other control character (an escape sequence
 * would drive the terminal that lists it). */
static gboolean
check_text_full (const char  *what,
                 const char  *text,
                 glong        max_chars,
                 gboolean     allow_breaks,
                 GError     **error)
{
  glong n_chars;

  if (text == NULL || text[0] == '\0')
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   /* Translators: %s is what was checked, itself translated: "The player's
                    * name", "The tournament's name" or "The penalty's reason". */
                   _("%s is empty."), what);
      return FALSE;
    }
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   /* Translators: %s is what was checked, such as "The player's name". */
                   _("%s is not valid UTF-8."), what);
      return FALSE;
    }
  n_chars = g_utf8_strlen (text, -1);
  if (n_chars > max_chars)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   /* Translators: %s is what was checked, such as "The player's name". */
                   _("%s is %ld characters long: at most %ld are allowed."), what, n_chars,
                   max_chars);
      return FALSE;
    }
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) && !(allow_breaks && (c == '\t' || c == '\n' || c == '\r')))
        {
          g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                       /* Translators: %s is what was checked, such as "The player's name";
                        * U+%04X the character's code point. */
                       _("%s holds a control character (U+%04X, such as a tab or a line "
                         "break) at character %ld."), what, c,
                       g_utf8_pointer_to_offset (text, p) + 1);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_text (const char  *what,
            const char  *text,
            glong        max_chars,
            GError     **error)
{
  return check_text_full (what, text, max_chars, FALSE, error);
}

gboolean
sp_check_name (const char  *what,
               const char  *name,
               GError     **error)
{
  g_return_val_if_fail (what != NULL, FALSE);

  if (name != NULL && name[0] != '\0' && g_utf8_validate (name, -1, NULL))
    {
      /* Blanks alone are no name. */
      g_autofree char *stripped = g_strstrip (g_strdup (name));

      if (stripped[0] == '\0')
        return check_text (what, stripped, SP_NAME_MAX_CHARS, error);
    }
  return check_text (what, name, SP_NAME_MAX_CHARS, error);
}

gboolean
sp_check_reason (const char  *reason,
                 GError     **error)
{
  /* Translators: the subject of the messages "%s is empty.", "%s is not valid UTF-8.", … */
  return check_text (_("The penalty's reason"), reason, SP_REASON_MAX_CHARS, error);
}

gboolean
sp_check_field (const char  *what,
                const char  *text,
                GError     **error)
{
  g_return_val_if_fail (what != NULL, FALSE);

  if (text == NULL || text[0] == '\0')
    return TRUE;
  return check_text_full (what, text, SP_FIELD_MAX_CHARS, TRUE, error);
}

void
sp_session_swiss_order (const gint64     *field,
                        guint             n,
                        const SpStanding *standings,
                        guint             n_standings,
                        guint            *ranking)
{
  g_autoptr(GHashTable) index_of = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gboolean *ranked = g_new0 (gboolean, MAX (n, 1));
  guint k = 0;

  g_return_if_fail (field != NULL || n == 0);
  g_return_if_fail (ranking != NULL || n == 0);

  for (guint i = 0; i < n; i++)
    g_hash_table_insert (index_of, (gpointer) &field[i], GUINT_TO_POINTER (i + 1));
  for (guint i = 0; i < n_standings; i++)
    {
      gint64 id = standings[i].player;
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, &id));

      if (index > 0 && !ranked[index - 1])
        {
          ranking[k++] = index - 1;
          ranked[index - 1] = TRUE;
        }
    }
  for (guint i = 0; i < n; i++)
    if (!ranked[i])
      ranking[k++] = i;
}

void
sp_session_count_meetings (const gint64 *field,
                           guint         n,
                           const gint64 *seats,
                           guint         n_seats,
                           guint8       *meetings)
{
  g_autoptr(GHashTable) index_of = g_hash_table_new (g_int64_hash, g_int64_equal);

  g_return_if_fail (meetings != NULL || n == 0);

  for (guint i = 0; i < n; i++)
    g_hash_table_insert (index_of, (gpointer) &field[i], GUINT_TO_POINTER (i + 1));
  for (guint t = 0; t + 4 <= n_seats; t += 4)
    for (guint a = 0; a < 4; a++)
      for (guint b = 0; b < 4; b++)
        {
          guint ia = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, &seats[t + a]));
          guint ib = GPOINTER_TO_UINT (g_hash_table_lookup (index_of, &seats[t + b]));

          if (a != b && ia > 0 && ib > 0 && meetings[(ia - 1) * n + ib - 1] < G_MAXUINT8)
            meetings[(ia - 1) * n + ib - 1]++;
        }
}

gboolean
sp_session_pick_finalists (const SpStanding *standings,
                           guint             n_standings,
                           const gint64     *field,
                           guint             n_field,
                           guint             top,
                           gint64           *finalists,
                           GError          **error)
{
  guint k = 0;

  if (top < 4 || top % 4 != 0)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("A final seats a multiple of 4 players (4, 8, 12, …), not %u."), top);
      return FALSE;
    }
  if (top > n_field)
    {
      g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
                   _("A final of the top %u needs %u players, but %u take part."), top, top,
                   n_field);
      return FALSE;
    }
  for (guint i = 0; i < n_standings && k < top; i++)
    for (guint j = 0; j < n_field; j++)
      if (field[j] == (gint64) standings[i].player)
        {
          finalists[k++] = field[j];
          break;
        }
  /* Players without a standing (none played yet) follow in field order. */
  for (guint j = 0; j < n_field && k < top; j++)
    {
      gboolean taken = FALSE;

      for (guint i = 0; i < k && !taken; i++)
        taken = finalists[i] == field[j];
      if (!taken)
        finalists[k++] = field[j];
    }
  return TRUE;
}

void
sp_session_table_progress (SpRotationKind              kind,
                           guint                       table,
                           const SpHandRecord * const *hands,
                           guint                       n_hands,
                           SpTableProgress            *progress)
{
  SpTable state;
  guint repeats = 0;

  g_return_if_fail (progress != NULL);
  g_return_if_fail (hands != NULL || n_hands == 0);

  /* The table's own replay (sp-table.h), stopped where the sequence ends.  A hand after which
   * the dealer keeps the deal (連莊: the streak grew) adds a hand to the sequence's 16 deals. */
  sp_table_init (&state, kind, 0, table, NULL);
  for (guint i = 0; i < n_hands && !state.next.finished; i++)
    {
      guint8 streak = state.next.streak;

      sp_table_advance (&state, kind, hands[i]);
      if (!state.next.finished && state.next.streak > streak)
        repeats++;
    }
  progress->table = table;
  progress->n_hands = n_hands;
  progress->finished = state.next.finished;
  progress->n_expected = progress->finished ? n_hands : MAX (n_hands, SP_SESSION_DEALS + repeats);
}

gboolean
sp_session_check_complete (guint                  session,
                           const SpTableProgress *tables,
                           guint                  n_tables,
                           GError               **error)
{
  g_autoptr(GString) missing = g_string_new (NULL);

  for (guint i = 0; i < n_tables; i++)
    {
      if (tables[i].finished)
        continue;
      if (missing->len > 0)
        /* Translators: the separator between the tables listed in "Session %u is not
         * complete: %s …" (in Chinese, "；" or "，"). */
        g_string_append (missing, C_("list separator", ", "));
      g_string_append_printf (missing,
                              g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: one item of the list of tables
                                            * that are not finished. */
                                           "table %u has %u hand", "table %u has %u hands",
                                           tables[i].n_hands),
                              tables[i].table, tables[i].n_hands);
    }
  if (missing->len == 0)
    return TRUE;
  g_set_error (error, SP_CORE_ERROR, SP_CORE_ERROR_INVALID,
               /* Translators: %s is the list of unfinished tables, such as "table 2 has 5
                * hands, table 3 has 7 hands". */
               _("Session %u is not complete: %s (use --time-up if time ran out)."), session,
               missing->str);
  return FALSE;
}

/* ---- the seating's quality ------------------------------------------------------------- */

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const gint64 *pa = a;
  const gint64 *pb = b;

  if (pa[0] != pb[0])
    return pa[0] < pb[0] ? -1 : 1;
  if (pa[1] != pb[1])
    return pa[1] < pb[1] ? -1 : 1;
  return 0;
}

static int
compare_repeats (gconstpointer a,
                 gconstpointer b)
{
  const SpRepeatedMeeting *ra = a;
  const SpRepeatedMeeting *rb = b;

  if (ra->meetings != rb->meetings)
    return ra->meetings > rb->meetings ? -1 : 1;
  return compare_pairs (ra->players, rb->players);
}

static int
compare_winds (gconstpointer a,
               gconstpointer b)
{
  const SpSeatWinds *wa = a;
  const SpSeatWinds *wb = b;

  return wa->player < wb->player ? -1 : wa->player > wb->player;
}

SpSeatingReview *
sp_seating_review_new (const gint64 *seats,
                       guint         n_seats)
{
  SpSeatingReview *review;
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(GHashTable) index = NULL;

  g_return_val_if_fail (seats != NULL || n_seats == 0, NULL);
  g_return_val_if_fail (n_seats % 4 == 0, NULL);

  review = g_new0 (SpSeatingReview, 1);
  review->repeats = g_array_new (FALSE, FALSE, sizeof (SpRepeatedMeeting));
  review->winds = g_array_new (FALSE, TRUE, sizeof (SpSeatWinds));

  /* Every pair of every table, lower id first; sorted, equal pairs are neighbours. */
  pairs = g_array_sized_new (FALSE, FALSE, 2 * sizeof (gint64), n_seats / 4 * 6);
  index = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint t = 0; t < n_seats; t += 4)
    for (guint i = 0; i < 4; i++)
      {
        gpointer found;

        if (!g_hash_table_lookup_extended (index, &seats[t + i], NULL, &found))
          {
            SpSeatWinds entry = { .player = seats[t + i] };

            found = GUINT_TO_POINTER (review->winds->len);
            g_array_append_val (review->winds, entry);
            g_hash_table_insert (index, (gpointer) &seats[t + i], found);
          }
        g_array_index (review->winds, SpSeatWinds, GPOINTER_TO_UINT (found)).winds[i]++;
        for (guint j = i + 1; j < 4; j++)
          {
            gint64 pair[2] = { MIN (seats[t + i], seats[t + j]), MAX (seats[t + i], seats[t + j]) };

            g_array_append_val (pairs, pair);
          }
      }
  g_array_sort (pairs, compare_pairs);
  for (guint i = 0; i < pairs->len;)
    {
      const gint64 *pair = &g_array_index (pairs, gint64, 2 * i);
      guint run = 1;

      while (i + run < pairs->len
             && compare_pairs (pair, &g_array_index (pairs, gint64, 2 * (i + run))) == 0)
        run++;
      if (run > 1)
        {
          SpRepeatedMeeting repeat = { { pair[0], pair[1] }, run };

          g_array_append_val (review->repeats, repeat);
        }
      i += run;
    }
  g_array_sort (review->repeats, compare_repeats);
  review->n_repeated = review->repeats->len;

  g_array_sort (review->winds, compare_winds);
  for (guint i = 0; i < review->winds->len; i++)
    {
      const SpSeatWinds *entry = &g_array_index (review->winds, SpSeatWinds, i);
      guint most = 0, fewest = G_MAXUINT;

      for (guint w = 0; w < 4; w++)
        {
          most = MAX (most, entry->winds[w]);
          fewest = MIN (fewest, entry->winds[w]);
        }
      review->wind_spread = MAX (review->wind_spread, most - fewest);
    }
  return review;
}

void
sp_seating_review_free (SpSeatingReview *review)
{
  if (review == NULL)
    return;
  g_array_unref (review->repeats);
  g_array_unref (review->winds);
  g_free (review);
}
