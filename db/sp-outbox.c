/* sp-outbox.c: a referee station's outbox.  A station that loses the hall's server keeps what its
 * referee enters in a SQLite file of its own (not a Sparrow store: one table of entries), and
 * sends it when the server is back.  Every entry carries the station's idempotency key, unique
 * on the server (hands.entry_key): an entry sent again — the station killed after the server's
 * COMMIT and before the outbox noted it — is found by its key and noted as sent, never entered
 * twice.  Each change of an entry's state is one transaction of the file.
 *
 * The file holds no password: it is named by a hash of the server's location with any password
 * taken out, and keeps only the hands, their tables and who entered them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-outbox.h"
#include "sp-db-private.h"
#include "sp-db-sqlite.h"

#include <sqlite3.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

/* PRAGMA application_id of an outbox ("Spob"): not a tournament store. */
#define OUTBOX_APPLICATION_ID 0x53706f62
#define OUTBOX_VERSION 1
/* How long a write waits for another window's (the store's own wait). */
#define BUSY_TIMEOUT_MS 10000
/* The GVariant type of an entry's text form (sp_outbox_entry_to_string). */
#define ENTRY_TYPE "(biimsbxsbyyib(iii)a(imsb(iii)s))"

struct _SpOutbox
{
  sqlite3 *handle;
  char    *path;
};

static const char schema[] =
  "CREATE TABLE IF NOT EXISTS entries ("
  " id INTEGER PRIMARY KEY AUTOINCREMENT,"
  " place INTEGER NOT NULL,"
  " entry_key TEXT NOT NULL UNIQUE CHECK (length (entry_key) > 0),"
  " tournament INTEGER NOT NULL,"
  " session INTEGER NOT NULL,"
  " table_number INTEGER NOT NULL,"
  " expect_hand INTEGER NOT NULL,"
  " seats TEXT,"
  " entry TEXT NOT NULL,"
  " referee TEXT,"
  " queued_at INTEGER NOT NULL,"
  " state TEXT NOT NULL CHECK (state IN ('waiting', 'sent', 'conflict')),"
  " hand_id INTEGER,"
  " message TEXT,"
  " changed_at INTEGER NOT NULL);"
  "CREATE INDEX IF NOT EXISTS entries_by_place ON entries (place);";

static const char *const state_names[] = { "waiting", "sent", "conflict" };

void
sp_outbox_item_free (SpOutboxItem *item)
{
  if (item == NULL)
    return;
  sp_hand_entry_clear (&item->entry);
  g_free (item->referee);
  g_free (item->message);
  g_free (item);
}

/* ---- the file ------------------------------------------------------------------------- */

static gboolean
fail (SpOutbox    *outbox,
      int          rc,
      const char  *what,
      GError     **error)
{
  int code = sp_db_sqlite_error_code (rc);

  /* Translators: the outbox's file, what was being done, then SQLite's reason. */
  g_set_error (error, SP_DB_ERROR, code, _("the station's outbox %s: %s: %s"), outbox->path,
               what, outbox->handle != NULL ? sqlite3_errmsg (outbox->handle)
                                            : sqlite3_errstr (rc));
  return FALSE;
}

static gboolean
exec (SpOutbox    *outbox,
      const char  *sql,
      const char  *what,
      GError     **error)
{
  int rc = sqlite3_exec (outbox->handle, sql, NULL, NULL, NULL);

  return rc == SQLITE_OK || fail (outbox, rc, what, error);
}

static sqlite3_stmt *
prepare (SpOutbox    *outbox,
         const char  *sql,
         const char  *what,
         GError     **error)
{
  sqlite3_stmt *statement = NULL;
  int rc = sqlite3_prepare_v2 (outbox->handle, sql, -1, &statement, NULL);

  if (rc != SQLITE_OK)
    {
      fail (outbox, rc, what, error);
      return NULL;
    }
  return statement;
}

/* Binds a text, NULL as NULL; SQLite copies it. */
static int
bind_text (sqlite3_stmt *statement,
           int           index,
           const char   *text)
{
  return text != NULL ? sqlite3_bind_text (statement, index, text, -1, SQLITE_TRANSIENT)
                      : sqlite3_bind_null (statement, index);
}

/* Runs a statement that returns no row, and finalizes it. */
static gboolean
run (SpOutbox      *outbox,
     sqlite3_stmt  *statement,
     const char    *what,
     GError       **error)
{
  int rc = sqlite3_step (statement);

  sqlite3_finalize (statement);
  return rc == SQLITE_DONE || fail (outbox, rc, what, error);
}

/* @location with a password it holds taken out: "postgresql://mei:secret@h/db?password=x"
 * is "postgresql://mei@h/db", "host=h password=secret dbname=d" is "host=h dbname=d". */
static char *
without_password (const char *location)
{
  const char *scheme = strstr (location, "://");
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  g_auto(GStrv) words = NULL;
  g_auto(GStrv) result = NULL;

  if (scheme != NULL)
    {
      const char *authority = scheme + 3;
      const char *end = authority + strcspn (authority, "/?#");
      const char *at = g_strstr_len (authority, end - authority, "@");
      const char *colon = at != NULL ? memchr (authority, ':', at - authority) : NULL;
      const char *query = strchr (location, '?');
      g_autoptr(GString) text = g_string_new_len (location, authority - location);

      if (colon != NULL)
        {
          g_string_append_len (text, authority, colon - authority);
          g_string_append_len (text, at, (query != NULL ? query : at + strlen (at)) - at);
        }
      else
        g_string_append_len (text, authority,
                             (query != NULL ? query : authority + strlen (authority))
                             - authority);
      if (query == NULL)
        return g_string_free (g_steal_pointer (&text), FALSE);
      /* A password may also be a parameter of the URI. */
      words = g_strsplit (query + 1, "&", -1);
      for (guint i = 0; words[i] != NULL; i++)
        if (words[i][0] != '\0' && !g_str_has_prefix (words[i], "password="))
          g_strv_builder_add (kept, words[i]);
      result = g_strv_builder_end (kept);
      if (result[0] != NULL)
        {
          g_autofree char *parameters = g_strjoinv ("&", result);

          g_string_append_printf (text, "?%s", parameters);
        }
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  words = g_strsplit_set (location, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0' && !g_str_has_prefix (words[i], "password="))
      g_strv_builder_add (kept, words[i]);
  result = g_strv_builder_end (kept);
  return g_strjoinv (" ", result);
}

char *
sp_outbox_path_for (const char *location)
{
  g_autofree char *plain = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (location != NULL, NULL);

  plain = without_password (location);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, plain, -1);
  hash[24] = '\0';
  name = g_strconcat (hash, ".outbox", NULL);
  return g_build_filename (g_get_user_state_dir (), "sparrow", "outbox", name, NULL);
}

static gboolean
check_file (SpOutbox  *outbox,
            GError   **error)
{
  sqlite3_stmt *statement = prepare (outbox, "PRAGMA application_id", "reading its kind", error);
  gint64 id;
  int rc;

  if (statement == NULL)
    return FALSE;
  rc = sqlite3_step (statement);
  id = rc == SQLITE_ROW ? sqlite3_column_int64 (statement, 0) : 0;
  sqlite3_finalize (statement);
  if (rc != SQLITE_ROW)
    return fail (outbox, rc, "reading its kind", error);
  if (id == 0)
    {
      /* A new file (or an empty one): made an outbox in one transaction. */
      g_autofree char *setup = g_strdup_printf ("BEGIN IMMEDIATE; %s PRAGMA application_id = %d;"
                                                " PRAGMA user_version = %d; COMMIT;",
                                                schema, OUTBOX_APPLICATION_ID,
                                                OUTBOX_VERSION);

      if (!exec (outbox, setup, "making the outbox", error))
        {
          sqlite3_exec (outbox->handle, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
      return TRUE;
    }
  if (id != OUTBOX_APPLICATION_ID)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_SPARROW,
                   _("%s is not a station's outbox: it was left as it is"), outbox->path);
      return FALSE;
    }
  return TRUE;
}

SpOutbox *
sp_outbox_open (const char  *path,
                GError     **error)
{
  g_autoptr(SpOutbox) outbox = g_new0 (SpOutbox, 1);
  g_autofree char *folder = NULL;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);

  outbox->path = g_strdup (path);
  folder = g_path_get_dirname (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_IO,
                   _("cannot make the folder %s of the station's outbox: %s"), folder,
                   g_strerror (saved));
      return NULL;
    }
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      /* Made with its mode first: SQLite would make it as the umask says. */
      int fd = g_open (path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);

      if (fd >= 0)
        close (fd);
    }
  rc = sqlite3_open_v2 (path, &outbox->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK)
    {
      fail (outbox, rc, "opening it", error);
      return NULL;
    }
  sqlite3_extended_result_codes (outbox->handle, 1);
  sqlite3_busy_timeout (outbox->handle, BUSY_TIMEOUT_MS);
  /* WAL and full syncs: an entry the referee was told is kept is on the disk. */
  if (!exec (outbox, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL",
             "setting it up", error)
      || !check_file (outbox, error))
    return NULL;
  return g_steal_pointer (&outbox);
}

void
sp_outbox_close (SpOutbox *outbox)
{
  if (outbox == NULL)
    return;
  if (outbox->handle != NULL)
    sqlite3_close_v2 (outbox->handle);
  g_free (outbox->path);
  g_free (outbox);
}

const char *
sp_outbox_get_path (SpOutbox *outbox)
{
  g_return_val_if_fail (outbox != NULL, NULL);

  return outbox->path;
}

/* ---- an entry as text ----------------------------------------------------------------- */

char *
sp_outbox_entry_to_string (const SpHandEntry *entry)
{
  g_autoptr(GVariantBuilder) also = g_variant_builder_new (G_VARIANT_TYPE ("a(imsb(iii)s)"));
  g_autofree char *situation = NULL;
  g_autoptr(GVariant) value = NULL;

  g_return_val_if_fail (entry != NULL, NULL);

  for (guint i = 0; i < entry->n_also && i < SP_HAND_ENTRY_MAX_ALSO; i++)
    {
      const SpHandEntryWin *win = &entry->also[i];
      g_autofree char *text = sp_situation_to_string (&win->situation);

      g_variant_builder_add (also, "(imsb(iii)s)", win->winner, win->tiles, win->has_value,
                             win->value.han, win->value.fu, win->value.yakuman, text);
    }
  situation = sp_situation_to_string (&entry->situation);
  value = g_variant_ref_sink (
    g_variant_new (ENTRY_TYPE, entry->draw, entry->winner, entry->from, entry->tiles,
                   entry->has_total, (gint64) entry->total, situation, entry->false_win,
                   (guchar) entry->riichi, (guchar) entry->tenpai, entry->chombo,
                   entry->has_value, entry->value.han, entry->value.fu, entry->value.yakuman,
                   also));
  return g_variant_print (value, FALSE);
}

static gboolean
corrupt (const char  *text,
         const char  *why,
         GError     **error)
{
  g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_CORRUPT,
               _("an entry of the station's outbox does not read (%s): %s"), why, text);
  return FALSE;
}

gboolean
sp_outbox_entry_from_string (SpHandEntry  *entry,
                             const char   *text,
                             GError      **error)
{
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GVariantIter) also = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *tiles = NULL;
  g_autofree char *situation = NULL;
  gboolean draw, has_total, false_win, has_value;
  gint winner, from, chombo;
  gint64 total;
  guchar riichi, tenpai;
  SpHandValue hand_value;
  gint32 han, fu, yakuman;
  gint also_winner;
  char *also_tiles;
  gboolean also_has_value;
  char *also_situation;

  g_return_val_if_fail (entry != NULL && text != NULL, FALSE);

  sp_hand_entry_init (entry);
  value = g_variant_parse (G_VARIANT_TYPE (ENTRY_TYPE), text, NULL, NULL, &local_error);
  if (value == NULL)
    return corrupt (text, local_error->message, error);
  g_variant_get (value, ENTRY_TYPE, &draw, &winner, &from, &tiles, &has_total, &total,
                 &situation, &false_win, &riichi, &tenpai, &chombo, &has_value, &han, &fu,
                 &yakuman, &also);
  hand_value.han = han;
  hand_value.fu = fu;
  hand_value.yakuman = yakuman;
  entry->draw = draw;
  entry->winner = winner;
  entry->from = from;
  entry->tiles = g_steal_pointer (&tiles);
  entry->has_total = has_total;
  entry->total = total;
  entry->false_win = false_win;
  entry->riichi = riichi;
  entry->tenpai = tenpai;
  entry->chombo = chombo;
  entry->has_value = has_value;
  entry->value = hand_value;
  if (!sp_situation_from_string (&entry->situation, situation, &local_error))
    return corrupt (text, local_error->message, error);
  while (g_variant_iter_next (also, "(imsb(iii)s)", &also_winner, &also_tiles, &also_has_value,
                              &han, &fu, &yakuman, &also_situation))
    {
      g_autofree char *kept = also_situation;
      SpHandEntryWin *win;

      if (entry->n_also >= SP_HAND_ENTRY_MAX_ALSO)
        {
          g_free (also_tiles);
          return corrupt (text, "too many winners", error);
        }
      win = &entry->also[entry->n_also++];
      sp_situation_init (&win->situation);
      win->winner = also_winner;
      win->tiles = also_tiles;
      win->has_value = also_has_value;
      win->value.han = han;
      win->value.fu = fu;
      win->value.yakuman = yakuman;
      if (!sp_situation_from_string (&win->situation, kept, &local_error))
        return corrupt (text, local_error->message, error);
    }
  return TRUE;
}

/* The seats in the outbox's text form: "round streak E-chair's-wind S W N". */
static char *
seats_to_string (const SpOutboxItem *item)
{
  const SpRotation *seats = &item->seats;

  if (!item->has_seats)
    return NULL;
  return g_strdup_printf ("%u %u %u %u %u %u %u", seats->number, seats->round_wind,
                          seats->streak, seats->seat_wind[0], seats->seat_wind[1],
                          seats->seat_wind[2], seats->seat_wind[3]);
}

static gboolean
seats_from_string (SpOutboxItem *item,
                   const char   *text)
{
  guint number, round, streak, wind[4];

  memset (&item->seats, 0, sizeof item->seats);
  item->has_seats = text != NULL
                    && sscanf (text, "%u %u %u %u %u %u %u", &number, &round, &streak, &wind[0],
                               &wind[1], &wind[2], &wind[3]) == 7;
  if (!item->has_seats)
    return text == NULL;
  item->seats.number = (guint16) number;
  item->seats.round_wind = (guint8) round;
  item->seats.streak = (guint8) streak;
  for (guint i = 0; i < 4; i++)
    item->seats.seat_wind[i] = (guint8) wind[i];
  return TRUE;
}

/* ---- the entries ------------------------------------------------------------------------ */

#define ITEM_COLUMNS                                                                         \
  "id, place, entry_key, tournament, session, table_number, expect_hand, seats, entry,"    \
  " referee, queued_at, state, hand_id, message"

static SpOutboxItem *
item_from_row (sqlite3_stmt  *statement,
               GError       **error)
{
  g_autoptr(SpOutboxItem) item = g_new0 (SpOutboxItem, 1);
  const char *state = (const char *) sqlite3_column_text (statement, 11);
  const char *entry = (const char *) sqlite3_column_text (statement, 8);

  item->id = sqlite3_column_int64 (statement, 0);
  item->place = sqlite3_column_int64 (statement, 1);
  item->tournament = sqlite3_column_int64 (statement, 3);
  item->session = (guint) sqlite3_column_int64 (statement, 4);
  item->table = (guint) sqlite3_column_int64 (statement, 5);
  item->expect_hand = (guint) sqlite3_column_int64 (statement, 6);
  if (!seats_from_string (item, (const char *) sqlite3_column_text (statement, 7)))
    {
      corrupt ((const char *) sqlite3_column_text (statement, 7), "seats", error);
      return NULL;
    }
  if (!sp_outbox_entry_from_string (&item->entry, entry != NULL ? entry : "", error))
    return NULL;
  item->entry.key = g_strdup ((const char *) sqlite3_column_text (statement, 2));
  item->referee = g_strdup ((const char *) sqlite3_column_text (statement, 9));
  item->queued_at = sqlite3_column_int64 (statement, 10);
  for (guint i = 0; i < G_N_ELEMENTS (state_names); i++)
    if (g_strcmp0 (state, state_names[i]) == 0)
      item->state = (SpOutboxState) i;
  item->hand_id = sqlite3_column_int64 (statement, 12);
  item->message = g_strdup ((const char *) sqlite3_column_text (statement, 13));
  return g_steal_pointer (&item);
}

gboolean
sp_outbox_add (SpOutbox      *outbox,
               SpOutboxItem  *item,
               GError       **error)
{
  g_autofree char *entry = NULL;
  g_autofree char *seats = NULL;
  sqlite3_stmt *statement;
  gint64 now = g_get_real_time ();
  int rc;

  g_return_val_if_fail (outbox != NULL && item != NULL, FALSE);

  if (item->entry.key == NULL || item->entry.key[0] == '\0')
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("session %u table %u hand %u: an entry of the outbox needs its key"),
                   item->session, item->table, item->expect_hand);
      return FALSE;
    }
  if (item->entry.false_win)
    {
      /* Its penalties have no key on the server: sent twice, they would be given twice. */
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("session %u table %u: a false win is not kept at the station; enter it "
                     "when the server is back"), item->session, item->table);
      return FALSE;
    }
  entry = sp_outbox_entry_to_string (&item->entry);
  seats = seats_to_string (item);
  statement = prepare (outbox,
                       "INSERT INTO entries (place, entry_key, tournament, session,"
                       " table_number, expect_hand, seats, entry, referee, queued_at, state,"
                       " changed_at)"
                       " VALUES (CASE WHEN ?1 > 0 THEN ?1"
                       "  ELSE (SELECT coalesce (max (place), 0) + 1 FROM entries) END,"
                       " ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'waiting', ?10)"
                       " RETURNING id, place",
                       "keeping a hand", error);
  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, item->place);
  bind_text (statement, 2, item->entry.key);
  sqlite3_bind_int64 (statement, 3, item->tournament);
  sqlite3_bind_int64 (statement, 4, item->session);
  sqlite3_bind_int64 (statement, 5, item->table);
  sqlite3_bind_int64 (statement, 6, item->expect_hand);
  bind_text (statement, 7, seats);
  bind_text (statement, 8, entry);
  bind_text (statement, 9, item->referee);
  sqlite3_bind_int64 (statement, 10, now);
  rc = sqlite3_step (statement);
  if (rc == SQLITE_ROW)
    {
      item->id = sqlite3_column_int64 (statement, 0);
      item->place = sqlite3_column_int64 (statement, 1);
      rc = sqlite3_step (statement);
    }
  sqlite3_finalize (statement);
  if (rc != SQLITE_DONE)
    {
      if ((rc & 0xff) == SQLITE_CONSTRAINT)
        {
          g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                       _("session %u table %u hand %u: the key %s is already in the outbox"),
                       item->session, item->table, item->expect_hand, item->entry.key);
          return FALSE;
        }
      return fail (outbox, rc, "keeping a hand", error);
    }
  item->queued_at = now;
  item->state = SP_OUTBOX_WAITING;
  item->hand_id = 0;
  g_clear_pointer (&item->message, g_free);
  return TRUE;
}

GPtrArray *
sp_outbox_list (SpOutbox  *outbox,
                gint       state,
                gint64     tournament,
                guint      session,
                guint      table,
                GError   **error)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (
    (GDestroyNotify) sp_outbox_item_free);
  sqlite3_stmt *statement;
  int rc;

  g_return_val_if_fail (outbox != NULL, NULL);

  statement = prepare (outbox,
                       "SELECT " ITEM_COLUMNS " FROM entries"
                       " WHERE (?1 IS NULL OR state = ?1) AND (?2 = 0 OR tournament = ?2)"
                       " AND (?3 = 0 OR session = ?3) AND (?4 = 0 OR table_number = ?4)"
                       " ORDER BY place, id",
                       "reading the entries", error);
  if (statement == NULL)
    return NULL;
  bind_text (statement, 1, state >= 0 && state < (gint) G_N_ELEMENTS (state_names)
                           ? state_names[state] : NULL);
  sqlite3_bind_int64 (statement, 2, tournament);
  sqlite3_bind_int64 (statement, 3, session);
  sqlite3_bind_int64 (statement, 4, table);
  while ((rc = sqlite3_step (statement)) == SQLITE_ROW)
    {
      SpOutboxItem *item = item_from_row (statement, error);

      if (item == NULL)
        {
          sqlite3_finalize (statement);
          return NULL;
        }
      g_ptr_array_add (items, item);
    }
  sqlite3_finalize (statement);
  if (rc != SQLITE_DONE)
    {
      fail (outbox, rc, "reading the entries", error);
      return NULL;
    }
  return g_steal_pointer (&items);
}

gboolean
sp_outbox_count (SpOutbox  *outbox,
                 guint     *waiting,
                 guint     *conflicts,
                 GError   **error)
{
  sqlite3_stmt *statement;
  int rc;

  g_return_val_if_fail (outbox != NULL, FALSE);

  statement = prepare (outbox,
                       "SELECT count (*) FILTER (WHERE state = 'waiting'),"
                       " count (*) FILTER (WHERE state = 'conflict') FROM entries",
                       "counting the entries", error);
  if (statement == NULL)
    return FALSE;
  rc = sqlite3_step (statement);
  if (rc == SQLITE_ROW)
    {
      if (waiting != NULL)
        *waiting = (guint) sqlite3_column_int64 (statement, 0);
      if (conflicts != NULL)
        *conflicts = (guint) sqlite3_column_int64 (statement, 1);
    }
  sqlite3_finalize (statement);
  return rc == SQLITE_ROW || fail (outbox, rc, "counting the entries", error);
}

/* Notes the entry @id as @state (one statement: one transaction). */
static gboolean
note_state (SpOutbox       *outbox,
            gint64          id,
            SpOutboxState   state,
            gint64          hand_id,
            const char     *message,
            GError        **error)
{
  sqlite3_stmt *statement = prepare (outbox,
                                     "UPDATE entries SET state = ?2, hand_id = ?3, message = ?4,"
                                     " changed_at = ?5 WHERE id = ?1",
                                     "noting what became of a hand", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, id);
  bind_text (statement, 2, state_names[state]);
  if (hand_id > 0)
    sqlite3_bind_int64 (statement, 3, hand_id);
  else
    sqlite3_bind_null (statement, 3);
  bind_text (statement, 4, message);
  sqlite3_bind_int64 (statement, 5, g_get_real_time ());
  return run (outbox, statement, "noting what became of a hand", error);
}

/* The key of a table in the hash of the tables that wait behind a conflict. */
static char *
table_key (const SpOutboxItem *item)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT " %u %u", item->tournament, item->session,
                          item->table);
}

/* Whether the store's refusal @error is for the station to wait on (the server lost or busy)
 * rather than a conflict to show. */
static gboolean
is_passing (const GError *error)
{
  return g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_IO)
         || g_error_matches (error, SP_DB_ERROR, SP_DB_ERROR_BUSY);
}

/* Sends @item: TRUE when it is on the server (*@hand_id, *@repeated) or was refused (*@refusal,
 * the store's words); FALSE with the error when the server is lost or busy. */
static gboolean
send_item (SpDb                *db,
           GHashTable          *tournaments,
           const SpOutboxItem  *item,
           gint64              *hand_id,
           gboolean            *repeated,
           char               **refusal,
           GError             **error)
{
  g_auto(SpHandReport) report = { 0 };
  g_autoptr(GError) local_error = NULL;
  SpTournament *tournament;
  gboolean ok;

  tournament = g_hash_table_lookup (tournaments, &item->tournament);
  if (tournament == NULL)
    {
      tournament = sp_db_get_tournament (db, item->tournament, &local_error);
      if (tournament == NULL)
        {
          if (is_passing (local_error))
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return FALSE;
            }
          *refusal = g_strdup (local_error->message);
          return TRUE;
        }
      g_hash_table_insert (tournaments, &tournament->id, tournament);
    }
  sp_db_set_referee (db, item->referee);
  ok = sp_db_add_hand_expecting (db, tournament, tournament->rules, item->session, item->table,
                                 item->expect_hand, item->has_seats ? &item->seats : NULL,
                                 &item->entry, &report, &local_error);
  sp_db_set_referee (db, NULL);
  if (ok)
    {
      *hand_id = report.hand != NULL ? report.hand->id : 0;
      *repeated = report.repeated;
      return TRUE;
    }
  if (is_passing (local_error))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  *refusal = g_strdup (local_error->message);
  return TRUE;
}

gboolean
sp_outbox_send (SpOutbox      *outbox,
                SpDb          *db,
                SpOutboxSent  *sent,
                GError       **error)
{
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GHashTable) blocked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) tournaments = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL,
                                                             (GDestroyNotify) sp_tournament_free);
  SpOutboxSent count = { 0 };
  gboolean ok = TRUE;
  gint64 version = 0;

  g_return_val_if_fail (outbox != NULL && db != NULL, FALSE);

  items = sp_outbox_list (outbox, -1, 0, 0, 0, error);
  if (items == NULL)
    return FALSE;
  /* Asking the data version connects again to a server that was lost (the reads below, outside
   * a transaction, would not), and finds out whether it is back. */
  if (items->len > 0 && !sp_db_get_data_version (db, &version, error))
    {
      for (guint i = 0; i < items->len; i++)
        count.waiting += ((SpOutboxItem *) items->pdata[i])->state == SP_OUTBOX_WAITING;
      if (sent != NULL)
        *sent = count;
      return FALSE;
    }
  for (guint i = 0; i < items->len; i++)
    {
      const SpOutboxItem *item = items->pdata[i];
      g_autofree char *key = table_key (item);
      g_autofree char *refusal = NULL;
      gboolean repeated = FALSE;
      gint64 hand_id = 0;

      if (item->state == SP_OUTBOX_CONFLICT)
        g_hash_table_add (blocked, g_strdup (key));
      if (item->state != SP_OUTBOX_WAITING)
        continue;
      if (!ok || g_hash_table_contains (blocked, key))
        {
          count.waiting++;
          continue;
        }
      if (!send_item (db, tournaments, item, &hand_id, &repeated, &refusal, error))
        {
          /* The server is gone again: this entry and the later ones wait for the next time. */
          ok = FALSE;
          count.waiting++;
          continue;
        }
      if (refusal != NULL)
        {
          /* Its table's later entries were typed after it: they wait behind it. */
          g_hash_table_add (blocked, g_strdup (key));
          if (!note_state (outbox, item->id, SP_OUTBOX_CONFLICT, 0, refusal, error))
            return FALSE;
          count.conflicts++;
          continue;
        }
      /* Killed here, the hand is on the server and the entry still waiting: the next sending
       * finds the hand by its key and comes here again. */
      if (!note_state (outbox, item->id, SP_OUTBOX_SENT, hand_id, NULL, error))
        return FALSE;
      count.sent++;
      if (repeated)
        count.repeated++;
    }
  if (sent != NULL)
    *sent = count;
  return ok;
}

gboolean
sp_outbox_discard (SpOutbox  *outbox,
                   gint64     id,
                   GError   **error)
{
  sqlite3_stmt *statement;

  g_return_val_if_fail (outbox != NULL, FALSE);

  statement = prepare (outbox, "DELETE FROM entries WHERE id = ?1", "discarding a hand", error);
  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, id);
  if (!run (outbox, statement, "discarding a hand", error))
    return FALSE;
  if (sqlite3_changes (outbox->handle) == 0)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("the station's outbox has no entry %" PRId64), id);
      return FALSE;
    }
  return TRUE;
}

SpOutboxItem *
sp_outbox_enter_again (SpOutbox  *outbox,
                       gint64     id,
                       GError   **error)
{
  g_autoptr(SpOutboxItem) item = NULL;
  sqlite3_stmt *statement;
  int rc;

  g_return_val_if_fail (outbox != NULL, NULL);

  statement = prepare (outbox, "SELECT " ITEM_COLUMNS " FROM entries WHERE id = ?1",
                       "taking a hand back", error);
  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, id);
  rc = sqlite3_step (statement);
  if (rc == SQLITE_ROW)
    item = item_from_row (statement, error);
  sqlite3_finalize (statement);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      fail (outbox, rc, "taking a hand back", error);
      return NULL;
    }
  if (rc == SQLITE_DONE)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_NOT_FOUND,
                   _("the station's outbox has no entry %" PRId64), id);
      return NULL;
    }
  if (item == NULL)
    return NULL;
  if (item->state != SP_OUTBOX_CONFLICT)
    {
      g_set_error (error, SP_DB_ERROR, SP_DB_ERROR_INVALID,
                   _("session %u table %u hand %u was not refused: only a conflict is entered "
                     "again"), item->session, item->table, item->expect_hand);
      return NULL;
    }
  /* A fresh hand: the old key may be a hand's on the server already (a conflict found by it
   * would have been noted sent), and it is another entry now.  The conflict stays, and its
   * table's later entries wait behind it, until the fresh hand is in. */
  g_free (item->entry.key);
  item->entry.key = g_uuid_string_random ();
  item->state = SP_OUTBOX_WAITING;
  return g_steal_pointer (&item);
}

gboolean
sp_outbox_forget_sent (SpOutbox  *outbox,
                       gint64     age,
                       GError   **error)
{
  sqlite3_stmt *statement;

  g_return_val_if_fail (outbox != NULL, FALSE);

  statement = prepare (outbox, "DELETE FROM entries WHERE state = 'sent' AND changed_at < ?1",
                       "forgetting the hands sent", error);
  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, g_get_real_time () - age);
  return run (outbox, statement, "forgetting the hands sent", error);
}
