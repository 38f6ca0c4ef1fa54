/* sp-db-import.c: CSV files (libcsv) and the import of players from them; the reader of a hand
 * import (CSV or JSON Lines).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-private.h"

#include <csv.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

/* ---- CSV ------------------------------------------------------------------------------- */

/* The longest line read, in bytes: a player's or a hand's line is a few hundred.  libcsv grows
 * a field 128 bytes at a time, reallocating each time: a 10 MB line cost 80,000 reallocations
 * (minutes where realloc moves the block, as under AddressSanitizer) to be refused anyway. */
#define SP_DB_CSV_MAX_LINE 65536

static void
csv_field_cb (void   *data,
              size_t  size,
              void   *user_data)
{
  SpDbCsv *reader = user_data;

  if (reader->current == NULL)
    reader->current = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (reader->current, g_strndup (data != NULL ? data : "", size));
}

static void
csv_row_cb (int   c,
            void *user_data)
{
  SpDbCsv *reader = user_data;

  reader->row_start = 0;
  if (reader->current == NULL)
    return;
  g_ptr_array_add (reader->rows, g_steal_pointer (&reader->current));
  g_array_append_val (reader->lines, reader->line);
}

gboolean
sp_db_check_text_file (const char  *path,
                       const char  *text,
                       gsize        length,
                       GError     **error)
{
  const char *nul = memchr (text, '\0', length);
  guint line = 1;

  g_return_val_if_fail (path != NULL && (text != NULL || length == 0), FALSE);

  if (nul == NULL)
    return TRUE;
  for (const char *p = text; p < nul; p++)
    line += *p == '\n';
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
               _("%s line %u: a NUL byte (character 0): this is not a text file."), path, line);
  return FALSE;
}

gboolean
sp_db_csv_read (const char  *path,
                SpDbCsv     *reader,
                GError     **error)
{
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL && reader != NULL, FALSE);

  memset (reader, 0, sizeof *reader);
  {
    g_autoptr(GError) local_error = NULL;

    /* The file read is the input, not the store: a missing or unreadable one is refused
     * (exit 1, as hand import's is), not a storage error of the database. */
    if (!g_file_get_contents (path, &text, &length, &local_error))
      {
        g_set_error (error, SP_DB_ERROR,
                     g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)
                     ? SP_DB_ERROR_NOT_FOUND : SP_DB_ERROR_INVALID, "%s", local_error->message);
        return FALSE;
      }
  }
  return sp_db_csv_parse (path, text, length, reader, error);
}

gboolean
sp_db_csv_parse (const char  *path,
                 const char  *text,
                 gsize        length,
                 SpDbCsv     *reader,
                 GError     **error)
{
  struct csv_parser parser;
  const char *p;
  const char *end;
  gboolean ok = FALSE;

  g_return_val_if_fail (path != NULL && (text != NULL || length == 0) && reader != NULL, FALSE);

  memset (reader, 0, sizeof *reader);
  if (!sp_db_check_text_file (path, text, length, error))
    return FALSE;
  p = text;
  end = text + length;
  if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    p += 3;
  /* Strict: a quote inside a field that is not quoted, text after a closing quote, and a
   * quoted field still open at the end are errors, never a field swallowing the next lines. */
  if (csv_init (&parser, CSV_APPEND_NULL | CSV_STRICT | CSV_STRICT_FINI) != 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO, _("The CSV reader could not start."));
      return FALSE;
    }
  reader->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  reader->lines = g_array_new (FALSE, FALSE, sizeof (guint));
  /* One line at a time, so that each row knows the line it ends on and the line it began on
   * (for a quote left open). */
  while (p < end)
    {
      const char *eol = memchr (p, '\n', (gsize) (end - p));
      gsize n = eol != NULL ? (gsize) (eol - p) + 1 : (gsize) (end - p);

      reader->line++;
      if (reader->row_start == 0)
        reader->row_start = reader->line;
      if (n > SP_DB_CSV_MAX_LINE)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("%s line %u is %zu bytes long; a line of a CSV "
                         "file may hold at most %d."), path, reader->line, n,
                       SP_DB_CSV_MAX_LINE);
          goto out;
        }
      if (csv_parse (&parser, p, n, csv_field_cb, csv_row_cb, reader) != n)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("%s line %u: %s (a quote inside a field, or text after a closing "
                         "quote)."), path, reader->line, csv_strerror (csv_error (&parser)));
          goto out;
        }
      p += n;
    }
  if (csv_fini (&parser, csv_field_cb, csv_row_cb, reader) != 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("%s line %u: a quoted field is not closed (its closing quote is "
                     "missing)."), path, reader->row_start > 0 ? reader->row_start
                   : reader->line);
      goto out;
    }
  ok = TRUE;
out:
  csv_free (&parser);
  if (!ok)
    sp_db_csv_clear (reader);
  return ok;
}

void
sp_db_csv_clear (SpDbCsv *reader)
{
  g_clear_pointer (&reader->rows, g_ptr_array_unref);
  g_clear_pointer (&reader->lines, g_array_unref);
  g_clear_pointer (&reader->current, g_ptr_array_unref);
}

/* ---- players --------------------------------------------------------------------------- */

static const char * const csv_columns[] = { "name", "club", "country", "team", "federation_id" };

static gboolean
row_is_blank (GPtrArray *row)
{
  for (guint i = 0; i < row->len; i++)
    if (g_strstrip ((char *) row->pdata[i])[0] != '\0')
      return FALSE;
  return TRUE;
}

/* Reads the header: @column_of[k] gets the column of csv_columns[k], or -1. */
static gboolean
read_header (const char  *path,
             GPtrArray   *header,
             guint        line,
             int          column_of[G_N_ELEMENTS (csv_columns)],
             GError     **error)
{
  for (guint k = 0; k < G_N_ELEMENTS (csv_columns); k++)
    column_of[k] = -1;
  for (guint i = 0; i < header->len; i++)
    {
      g_autofree char *name = g_ascii_strdown (g_strstrip ((char *) header->pdata[i]), -1);
      gboolean known = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (csv_columns); k++)
        {
          if (strcmp (name, csv_columns[k]) != 0)
            continue;
          if (column_of[k] >= 0)
            {
              g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                           _("%s line %u: the column '%s' appears twice."), path, line, name);
              return FALSE;
            }
          column_of[k] = (int) i;
          known = TRUE;
        }
      if (!known)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("%s line %u: unknown column '%s' (name, club, country, team, "
                         "federation_id)."), path, line, name);
          return FALSE;
        }
    }
  if (column_of[0] < 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("%s line %u: the header has no 'name' column."), path, line);
      return FALSE;
    }
  return TRUE;
}

/* Adds one problem of the file to @problems, as "PATH line N: what". */
static void add_problem (GPtrArray  *problems,
                         const char *format,
                         ...) G_GNUC_PRINTF (2, 3);

static void
add_problem (GPtrArray  *problems,
             const char *format,
             ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (problems, g_strdup_vprintf (format, args));
  va_end (args);
}

/* Adds every row in the write transaction, going on past a bad row so that @problems gets
 * every bad line of the file in one pass (the caller then rolls everything back).  A header
 * without a name column stops at once: no row can be read. */
static void
import_rows (SpDb        *db,
             gint64       tournament,
             const char  *path,
             SpDbCsv     *reader,
             guint       *n_imported,
             GPtrArray   *problems)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int column_of[G_N_ELEMENTS (csv_columns)];
  GPtrArray *header;

  if (reader->rows->len == 0)
    {
      add_problem (problems,
                   _("%s is empty: a header line (name,club,country,team,federation_id) is "
                     "expected."), path);
      return;
    }
  header = reader->rows->pdata[0];
  {
    g_autoptr(GError) header_error = NULL;

    if (!read_header (path, header, g_array_index (reader->lines, guint, 0), column_of,
                      &header_error))
      {
        g_ptr_array_add (problems, g_strdup (header_error->message));
        return;
      }
  }

  for (guint r = 1; r < reader->rows->len; r++)
    {
      GPtrArray *row = reader->rows->pdata[r];
      guint line = g_array_index (reader->lines, guint, r);
      char *fields[G_N_ELEMENTS (csv_columns)] = { NULL };
      g_autoptr(GError) local_error = NULL;
      SpPlayer player = { 0 };
      gboolean valid = TRUE;

      for (guint i = 0; i < row->len && valid; i++)
        if (!g_utf8_validate (row->pdata[i], -1, NULL))
          {
            add_problem (problems, _("%s line %u: field %u is not valid UTF-8."), path, line,
                         i + 1);
            valid = FALSE;
          }
      if (!valid || row_is_blank (row))
        continue;
      if (row->len > header->len)
        {
          add_problem (problems, _("%s line %u: %u fields, but the header names %u columns."),
                       path, line, row->len, header->len);
          continue;
        }
      for (guint k = 0; k < G_N_ELEMENTS (csv_columns); k++)
        if (column_of[k] >= 0 && (guint) column_of[k] < row->len
            && ((char *) row->pdata[column_of[k]])[0] != '\0')
          fields[k] = row->pdata[column_of[k]];
      if (fields[0] == NULL)
        {
          add_problem (problems, _("%s line %u: the name is missing."), path, line);
          continue;
        }
      if (g_hash_table_contains (seen, fields[0]))
        {
          add_problem (problems, _("%s line %u: '%s' appears twice in the file (first on line "
                                   "%u)."), path, line, fields[0],
                       GPOINTER_TO_UINT (g_hash_table_lookup (seen, fields[0])));
          continue;
        }
      g_hash_table_insert (seen, g_strdup (fields[0]), GUINT_TO_POINTER (line));
      player.tournament = tournament;
      player.name = fields[0];
      player.club = fields[1];
      player.country = fields[2];
      player.team = fields[3];
      player.federation_id = fields[4];
      /* sp_db_add_player refuses a name already registered, writing nothing of that row. */
      if (!sp_db_add_player (db, &player, &local_error))
        {
          /* Translators: the file, its line, then why the player could not be added. */
          add_problem (problems, _("%s line %u: %s"), path, line, local_error->message);
          continue;
        }
      (*n_imported)++;
    }
}

gboolean
sp_db_import_players (SpDb        *db,
                      gint64       tournament,
                      const char  *path,
                      guint       *n_imported,
                      GError     **error)
{
  return sp_db_import_players_full (db, tournament, path, n_imported, NULL, error);
}

gboolean
sp_db_import_players_full (SpDb        *db,
                           gint64       tournament,
                           const char  *path,
                           guint       *n_imported,
                           GPtrArray  **problems,
                           GError     **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  SpDbCsv reader = { 0 };
  gboolean started;
  gboolean ok = FALSE;

  g_return_val_if_fail (db != NULL && path != NULL && n_imported != NULL, FALSE);

  *n_imported = 0;
  if (problems != NULL)
    *problems = NULL;
  {
    g_autoptr(GError) read_error = NULL;

    /* A broken quote stops the reader: that one problem is all the file can say. */
    if (!sp_db_csv_read (path, &reader, &read_error))
      {
        if (problems != NULL)
          {
            *problems = g_ptr_array_new_with_free_func (g_free);
            g_ptr_array_add (*problems, g_strdup (read_error->message));
          }
        g_propagate_error (error, g_steal_pointer (&read_error));
        return FALSE;
      }
  }
  if (sp_db_begin_write (db, &started, error))
    {
      import_rows (db, tournament, path, &reader, n_imported, found);
      ok = sp_db_end_write (db, started, found->len == 0, error);
      if (found->len > 0)
        {
          g_autofree char *all = NULL;

          /* Every problem, one a line, in the order of the file. */
          g_ptr_array_add (found, NULL);
          all = g_strjoinv ("\n", (char **) found->pdata);
          g_ptr_array_remove_index (found, found->len - 1);
          g_set_error_literal (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, all);
          ok = FALSE;
        }
    }
  if (!ok)
    *n_imported = 0;
  if (!ok && problems != NULL)
    {
      /* A failure of the store itself (locked, full) is the one problem to show. */
      if (found->len == 0 && error != NULL && *error != NULL)
        g_ptr_array_add (found, g_strdup ((*error)->message));
      *problems = g_steal_pointer (&found);
    }
  sp_db_csv_clear (&reader);
  return ok;
}

/* ---- hands: the file's records by field name, mapped onto entries by the core ------------ */

static void
clear_hand_import (gpointer data)
{
  SpHandImport *line = data;

  sp_hand_entry_clear (&line->entry);
  g_free ((char *) line->where);
}

/* Adds one record of the file, given its fields by name; an error names @path and @number. */
static gboolean
add_hand_line (GArray      *lines,
               GHashTable  *fields,
               const char  *path,
               guint        number,
               GError     **error)
{
  SpHandImport line = { 0 };

  line.where = g_strdup_printf (_("%s line %u"), path, number);
  if (!sp_hand_entry_from_fields (&line.entry, fields, &line.session, &line.table, error))
    {
      g_prefix_error (error, "%s: ", line.where);
      clear_hand_import (&line);
      return FALSE;
    }
  g_array_append_val (lines, line);
  return TRUE;
}

/* The rows of a CSV file, by the column names of its header. */
static gboolean
add_csv_hand_rows (GArray         *lines,
                   const SpDbCsv  *csv,
                   const char     *path,
                   GError        **error)
{
  GPtrArray *header = csv->rows->len > 0 ? csv->rows->pdata[0] : NULL;

  for (guint i = 0; header != NULL && i < header->len; i++)
    if (!sp_hand_entry_is_field (g_strstrip ((char *) header->pdata[i])))
      {
        g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, _("%s line 1: unknown column '%s'"),
                     path, (char *) header->pdata[i]);
        return FALSE;
      }
  for (guint r = 1; r < csv->rows->len; r++)
    {
      GPtrArray *row = csv->rows->pdata[r];
      guint line = g_array_index (csv->lines, guint, r);
      g_autoptr(GHashTable) fields = g_hash_table_new (g_str_hash, g_str_equal);

      if (row->len == 1 && ((char *) row->pdata[0])[0] == '\0')
        continue;
      if (row->len > header->len)
        {
          g_autofree char *fields_text =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u field", "%u fields", row->len),
                             row->len);
          g_autofree char *columns_text =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u column", "%u columns",
                                          header->len), header->len);

          /* TRANSLATORS: "FILE line 3: 5 fields, but the header names 4 columns" */
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("%s line %u: %s, but the header names %s"), path, line, fields_text,
                       columns_text);
          return FALSE;
        }
      for (guint i = 0; i < row->len; i++)
        g_hash_table_insert (fields, header->pdata[i], g_strstrip ((char *) row->pdata[i]));
      if (!add_hand_line (lines, fields, path, line, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_csv_hands (GArray      *lines,
                const char  *path,
                const char  *text,
                gsize        length,
                GError     **error)
{
  SpDbCsv csv = { 0 };
  gboolean ok = sp_db_csv_parse (path, text, length, &csv, error)
                && add_csv_hand_rows (lines, &csv, path, error);

  sp_db_csv_clear (&csv);
  return ok;
}

/* How deep a record's arrays and objects may nest: a hand is one flat object.  json-glib's
 * parser recurses once a level, so a line of 100,000 '[' overflowed the stack. */
#define JSON_MAX_DEPTH 32

/* Whether the JSON text @line nests deeper than JSON_MAX_DEPTH (brackets in strings aside). */
static gboolean
json_too_deep (const char *line)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  for (const char *p = line; *p != '\0'; p++)
    {
      if (in_string)
        {
          if (*p == '\\' && p[1] != '\0')
            p++;
          else if (*p == '"')
            in_string = FALSE;
        }
      else if (*p == '"')
        in_string = TRUE;
      else if ((*p == '[' || *p == '{') && ++depth > JSON_MAX_DEPTH)
        return TRUE;
      else if ((*p == ']' || *p == '}') && depth > 0)
        depth--;
    }
  return FALSE;
}

static gboolean
read_json_lines_hands (GArray      *lines,
                       const char  *path,
                       const char  *text,
                       GError     **error)
{
  g_auto(GStrv) rows = g_strsplit (text, "\n", -1);
  g_autoptr(JsonParser) parser = json_parser_new ();

  for (guint n = 0; rows[n] != NULL; n++)
    {
      g_autoptr(GHashTable) fields = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(GList) members = NULL;
      JsonObject *object;
      JsonNode *root = NULL;

      if (g_strstrip (rows[n])[0] == '\0')
        continue;
      if (json_too_deep (rows[n]))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("%s line %u: arrays or objects nested more than %d deep; a hand is "
                         "one JSON object of fields"), path, n + 1, JSON_MAX_DEPTH);
          return FALSE;
        }
      /* A line of only a C comment, which json-glib skips, reads as no value at all. */
      if (!json_parser_load_from_data (parser, rows[n], -1, &local_error)
          || (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID, "%s line %u: %s", path, n + 1,
                       local_error != NULL ? local_error->message
                       : _("a JSON object is expected"));
          return FALSE;
        }
      object = json_node_get_object (root);
      members = json_object_get_members (object);
      for (GList *m = members; m != NULL; m = m->next)
        {
          JsonNode *node = json_object_get_member (object, m->data);
          GType type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : 0;

          if (!sp_hand_entry_is_field (m->data))
            {
              g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                           _("%s line %u: unknown key '%s'"), path, n + 1, (char *) m->data);
              return FALSE;
            }
          /* The core reads every field as text, as a CSV cell is; null says nothing. */
          if (type == G_TYPE_BOOLEAN)
            g_hash_table_insert (fields, m->data,
                                 g_strdup (json_node_get_boolean (node) ? "1" : "0"));
          else if (type == G_TYPE_INT64)
            g_hash_table_insert (fields, m->data,
                                 g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node)));
          else if (type == G_TYPE_STRING)
            g_hash_table_insert (fields, m->data, g_strdup (json_node_get_string (node)));
          /* A fraction or a number too large is passed on as written (the core refuses it
           * as not a whole number), never dropped as if the field were not there. */
          else if (type == G_TYPE_DOUBLE)
            g_hash_table_insert (fields, m->data,
                                 g_strdup_printf ("%.17g", json_node_get_double (node)));
          else if (JSON_NODE_HOLDS_ARRAY (node) || JSON_NODE_HOLDS_OBJECT (node))
            {
              g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                           _("%s line %u: '%s' is a list or an object, not a value"), path,
                           n + 1, (char *) m->data);
              return FALSE;
            }
        }
      if (!add_hand_line (lines, fields, path, n + 1, error))
        return FALSE;
    }
  return TRUE;
}

GArray *
sp_db_read_hand_import (const char  *path,
                        const char  *text,
                        gsize        length,
                        GError     **error)
{
  g_autoptr(GArray) lines = g_array_new (FALSE, TRUE, sizeof (SpHandImport));
  const char *p;

  g_return_val_if_fail (path != NULL && text != NULL, NULL);

  g_array_set_clear_func (lines, clear_hand_import);
  if (!sp_db_check_text_file (path, text, length, error))
    return NULL;
  for (p = text; g_ascii_isspace (*p); p++)
    ;
  if (!(*p == '{' ? read_json_lines_hands (lines, path, text, error)
        : read_csv_hands (lines, path, text, length, error)))
    return NULL;
  return g_steal_pointer (&lines);
}
