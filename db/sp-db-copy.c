/* sp-db-copy.c: a store's rows copied into another store, of either backend (`sparrow-cli db
 * copy`): a SQLite file onto a hall's server before the event, the server's rows back into a
 * file after it.
 *
 * Every row is copied as it is, its id kept, in the order the references need; the audit log
 * is copied with the rest and the copy itself adds no line to it.  Each table's counter of ids
 * is carried over too, so that the rows added later get ids after the copied ones, and a
 * deleted hand's id never comes back.  The target must hold no tournament: the copy never
 * merges.  All of it is one write transaction of the target, and one read of the source.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-backend.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

/* One table: its columns as both schemas name them, its rows of one tournament (?1), and
 * whether its rows have an id (and a counter of them). */
typedef struct
{
  const char *name;
  guint       n_columns;
  gboolean    has_id;
  const char *select_all;
  const char *select_tournament;
  const char *insert;
} CopiedTable;

#define OF_SESSIONS "session_id IN (SELECT id FROM sessions WHERE tournament_id = ?1)"

#define TABLE(name, n, has_id, columns, parameters, where) \
  { name, n, has_id, \
    "SELECT " columns " FROM " name " ORDER BY 1", \
    "SELECT " columns " FROM " name " WHERE " where " ORDER BY 1", \
    "INSERT INTO " name " (" columns ") VALUES (" parameters ")" }

/* In the order the references need (a substitute names the player he replaces, who was
 * registered before him). */
static const CopiedTable tables[] = {
  TABLE ("tournaments", 18, TRUE,
         "id, name, ruleset, profile, options, n_sessions, seating, ranking, base, per_tai,"
         " plan_seed, created, venue, starts_on, ends_on, hide_standings, pin_hash, two_key",
         "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?", "id = ?1"),
  TABLE ("players", 10, TRUE,
         "id, tournament_id, name, club, country, team, federation_id, status, substitute_for,"
         " present",
         "?, ?, ?, ?, ?, ?, ?, ?, ?, ?", "tournament_id = ?1"),
  TABLE ("plan_players", 3, FALSE, "tournament_id, plan_number, player_id", "?, ?, ?",
         "tournament_id = ?1"),
  TABLE ("plan_seats", 5, FALSE,
         "tournament_id, session_number, table_number, chair, plan_number", "?, ?, ?, ?, ?",
         "tournament_id = ?1"),
  TABLE ("sessions", 11, TRUE,
         "id, tournament_id, number, status, seed, time_up, final_top, clock_length, clock_run,"
         " clock_started, clock_ended",
         "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?", "tournament_id = ?1"),
  TABLE ("seats", 4, FALSE, "session_id, table_number, chair, player_id", "?, ?, ?, ?",
         OF_SESSIONS),
  TABLE ("hands", 32, TRUE,
         "id, session_id, table_number, number, winner, discarder, draw, notation, situation,"
         " items, total, s0, s1, s2, s3, entered_by, entered_at, version, changed_by,"
         " changed_at, riichi, tenpai, chombo, sticks, han, fu, yakuman, also_won, entry_key,"
         " confirmed_by, confirmed_at, confirmed_version",
         "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
         " ?, ?, ?",
         OF_SESSIONS),
  TABLE ("penalties", 8, TRUE,
         "id, session_id, player_id, hand_id, points, reason, table_number, hand_number",
         "?, ?, ?, ?, ?, ?, ?, ?", OF_SESSIONS),
  TABLE ("pin_log", 5, TRUE, "id, tournament_id, event, action, subject", "?, ?, ?, ?, ?",
         "tournament_id = ?1"),
};

/* The audit log's rows: all of them, or those of one tournament (listed by the backend's
 * SP_DB_STATEMENT_LOG, one row at a time). */
#define AUDIT_COLUMNS "id, at, who, target, row_id, action, old_values, new_values, note"
#define N_AUDIT_COLUMNS 9
static const char select_audit[] = "SELECT " AUDIT_COLUMNS " FROM audit ORDER BY 1";
static const char select_audit_row[] = "SELECT " AUDIT_COLUMNS " FROM audit WHERE id = ?";
static const char insert_audit[] = "INSERT INTO audit (" AUDIT_COLUMNS ") VALUES (?, ?, ?, ?, ?,"
                                   " ?, ?, ?, ?)";

typedef struct
{
  SpDb        *to;
  const char  *insert;
  guint        n_columns;
  guint        n_rows;
  gint64       last_id;      /* the highest id copied (column 0 of a table with ids) */
  GError      *error;
} Copy;

/* Writes the source's current row into the target, each column as text (both backends give
 * a column its own type from the text, NULL staying NULL). */
static void
copy_row (SpDbRow  *row,
          gpointer  user_data)
{
  Copy *copy = user_data;
  g_autofree SpDbValue *values = NULL;

  if (copy->error != NULL)
    return;
  values = g_new (SpDbValue, copy->n_columns);
  for (guint c = 0; c < copy->n_columns; c++)
    values[c] = sp_db_row_is_null (row, c) ? sp_db_null () : sp_db_text (sp_db_row_text (row, c));
  if (sp_db_run (copy->to, copy->insert, values, copy->n_columns, "copying a row", &copy->error))
    copy->n_rows++;
  copy->last_id = MAX (copy->last_id, sp_db_row_int64 (row, 0));
}

static gboolean
copy_rows (SpDb        *from,
           SpDbQuery   *query,
           Copy        *copy,
           const char  *table,
           GError     **error)
{
  g_autofree char *what = g_strdup_printf ("reading the rows of %s", table);

  if (!sp_db_each_row (from, query, copy_row, copy, what, error))
    {
      g_clear_error (&copy->error);
      return FALSE;
    }
  if (copy->error != NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&copy->error), "%s: ", table);
      return FALSE;
    }
  return TRUE;
}

static gboolean copy_id_counter (SpDb        *from,
                                 SpDb        *to,
                                 const char  *table,
                                 gint64       copied,
                                 GError     **error);

static gboolean
copy_audit (SpDb        *from,
            SpDb        *to,
            gint64       tournament,
            guint       *n_rows,
            GError     **error)
{
  Copy copy = { to, insert_audit, N_AUDIT_COLUMNS, 0, 0, NULL };
  const SpDbValue of[] = { sp_db_int (tournament) };
  g_autoptr(GArray) ids = NULL;

  if (tournament == 0)
    {
      if (!copy_rows (from, sp_db_prepare (from, select_audit, error), &copy, "audit", error))
        return FALSE;
      *n_rows += copy.n_rows;
      return copy_id_counter (from, to, "audit", copy.last_id, error);
    }
  ids = sp_db_list_int64 (from, sp_db_query (from, sp_db_statement (from, SP_DB_STATEMENT_LOG),
                                             of, G_N_ELEMENTS (of), error),
                          "reading the tournament's log", error);
  if (ids == NULL)
    return FALSE;
  /* The log lists newest first; the copy keeps the ids' order. */
  for (guint i = ids->len; i-- > 0;)
    {
      const SpDbValue id[] = { sp_db_int (g_array_index (ids, gint64, i)) };

      if (!copy_rows (from, sp_db_query (from, select_audit_row, id, G_N_ELEMENTS (id), error),
                      &copy, "audit", error))
        return FALSE;
    }
  *n_rows += copy.n_rows;
  return copy_id_counter (from, to, "audit", copy.last_id, error);
}

/* Carries @table's counter of ids over: the highest id the source gave, deleted rows
 * included, or @copied, the highest copied. */
static gboolean
copy_id_counter (SpDb        *from,
                 SpDb        *to,
                 const char  *table,
                 gint64       copied,
                 GError     **error)
{
  gint64 source = 0, target = 0;

  return from->backend->get_id_counter (from, table, &source, error)
         && to->backend->get_id_counter (to, table, &target, error)
         && to->backend->set_id_counter (to, table, MAX (MAX (source, target), copied), error);
}

static gboolean
check_target_empty (SpDb     *to,
                    GError  **error)
{
  gint64 count = 0;
  gboolean found;

  if (!sp_db_read_int64 (to, sp_db_prepare (to, "SELECT count(*) FROM tournaments", error),
                         &count, &found, "reading the target's tournaments", error))
    return FALSE;
  if (count > 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s already holds %" PRId64 " tournament: a copy goes "
                                "into an empty store only, and nothing was copied",
                                "%s already holds %" PRId64 " tournaments: a copy goes "
                                "into an empty store only, and nothing was copied", count),
                   to->path, count);
      return FALSE;
    }
  return TRUE;
}

gboolean
sp_db_copy_store (SpDb          *from,
                  SpDb          *to,
                  gint64         tournament,
                  SpDbCopyCount *count,
                  GError       **error)
{
  const SpDbValue of[] = { sp_db_int (tournament) };
  gboolean read_started = FALSE;
  gboolean started = FALSE;
  gboolean ok = FALSE;

  g_return_val_if_fail (from != NULL && to != NULL && from != to, FALSE);

  *count = (SpDbCopyCount) { 0 };
  if (!sp_db_begin_read (from, &read_started, error))
    return FALSE;
  if (!sp_db_begin_write (to, &started, error))
    {
      sp_db_end_read (from, read_started);
      return FALSE;
    }
  if (!check_target_empty (to, error)
      || !to->backend->set_audit_enabled (to, FALSE, error))
    goto out;
  if (tournament > 0)
    {
      gint64 found_id = 0;
      gboolean found = FALSE;

      if (!sp_db_read_int64 (from, sp_db_query (from, "SELECT id FROM tournaments WHERE id = ?",
                                                of, G_N_ELEMENTS (of), error),
                             &found_id, &found, "reading the tournament", error))
        goto out;
      if (!found)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                       _("There is no tournament %" PRId64 " in %s."), tournament,
                       from->path);
          goto out;
        }
    }
  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      Copy copy = { to, tables[t].insert, tables[t].n_columns, 0, 0, NULL };
      SpDbQuery *query = tournament > 0
                         ? sp_db_query (from, tables[t].select_tournament, of,
                                        G_N_ELEMENTS (of), error)
                         : sp_db_prepare (from, tables[t].select_all, error);

      if (!copy_rows (from, query, &copy, tables[t].name, error))
        goto out;
      count->rows += copy.n_rows;
      if (t == 0)
        count->tournaments = copy.n_rows;
      else if (g_str_equal (tables[t].name, "hands"))
        count->hands = copy.n_rows;
      if (tables[t].has_id
          && !copy_id_counter (from, to, tables[t].name, copy.last_id, error))
        goto out;
    }
  if (!copy_audit (from, to, tournament, &count->log_lines, error))
    goto out;
  ok = TRUE;

out:
  /* The log is on again, whether the copy committed or not. */
  if (!to->backend->set_audit_enabled (to, TRUE, ok ? error : NULL))
    ok = FALSE;
  sp_db_end_read (from, read_started);
  return sp_db_end_write (to, started, ok, error);
}
