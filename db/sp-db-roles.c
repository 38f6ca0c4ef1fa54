/* sp-db-roles.c: the PostgreSQL roles of a hall server, as SQL a superuser runs.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sp-db-roles.h"

/* What each role may do follows what the store's operations write:
 * - entering, correcting or deleting a hand writes hands, the penalties of a false win (and
 *   their hand numbers when a hand before them goes); a director's PIN given or mistyped adds
 *   a line to pin_log.  The audit log is written by the schema's trigger as the schema's
 *   owner (SECURITY DEFINER): no role gets a right on it beyond reading, so that nobody writes
 *   a line of it but the trigger;
 * - everything else (tournaments, players, the seating plan, sessions and their draws, closing
 *   and reopening them, the PIN itself) is the director's.
 * The ids come from sequences (serial or identity columns): inserting takes USAGE on the
 * sequence, found by pg_get_serial_sequence so that either kind of column is covered. */
static const char roles_sql[] =
  "-- The roles of a Sparrow hall server: director, referee and viewer.\n"
  "--\n"
  "-- Run as a superuser in the tournament's database, after `sparrow-cli db init`:\n"
  "--   sparrow-cli db roles --print | psql -v ON_ERROR_STOP=1 -d sparrow\n"
  "-- Running it again changes nothing.  The roles cannot log in: each person gets a login\n"
  "-- role that is a member of one of them, and has its rights:\n"
  "--   CREATE ROLE mei LOGIN PASSWORD 'change-me' IN ROLE referee;\n"
  "--   CREATE ROLE desk LOGIN PASSWORD 'change-me' IN ROLE director;\n"
  "--   CREATE ROLE projector LOGIN PASSWORD 'change-me' IN ROLE viewer;\n"
  "-- and connects with  --db postgresql://mei@HOST/sparrow  (the password in ~/.pgpass or\n"
  "-- the desktop keyring).  Taking a right back: REVOKE referee FROM mei;\n"
  "--   director  everything: tournaments, players, seating, sessions, hands, penalties;\n"
  "--   referee   reads everything; enters, corrects and deletes hands and penalties;\n"
  "--   viewer    reads everything, changes nothing.\n"
  "-- The director's PIN of a tournament applies on top of these rights.  Tables made later\n"
  "-- (by the migrations of a newer Sparrow, run by the role that runs this) are readable by\n"
  "-- all three and writable by the director.\n"
  "\n"
  "BEGIN;\n"
  "\n"
  "DO $$\n"
  "BEGIN\n"
  "  IF to_regclass ('public.hands') IS NULL OR to_regclass ('public.audit') IS NULL THEN\n"
  "    RAISE EXCEPTION 'database %: no Sparrow schema in it (run sparrow-cli db init first)',\n"
  "      current_database ();\n"
  "  END IF;\n"
  "  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'director') THEN\n"
  "    CREATE ROLE director NOLOGIN;\n"
  "  END IF;\n"
  "  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'referee') THEN\n"
  "    CREATE ROLE referee NOLOGIN;\n"
  "  END IF;\n"
  "  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'viewer') THEN\n"
  "    CREATE ROLE viewer NOLOGIN;\n"
  "  END IF;\n"
  "  -- The database's name is not known in advance.\n"
  "  EXECUTE format ('GRANT CONNECT, TEMPORARY ON DATABASE %I TO director, referee',\n"
  "                  current_database ());\n"
  "  EXECUTE format ('GRANT CONNECT ON DATABASE %I TO viewer', current_database ());\n"
  "END\n"
  "$$;\n"
  "\n"
  "GRANT USAGE ON SCHEMA public TO director, referee, viewer;\n"
  "\n"
  "-- director: everything on every table and sequence, but writing the audit log, which only\n"
  "-- its trigger does.\n"
  "GRANT ALL PRIVILEGES ON ALL TABLES IN SCHEMA public TO director;\n"
  "REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit FROM director;\n"
  "GRANT ALL PRIVILEGES ON ALL SEQUENCES IN SCHEMA public TO director;\n"
  "\n"
  "-- viewer: reads.\n"
  "GRANT SELECT ON ALL TABLES IN SCHEMA public TO viewer;\n"
  "\n"
  "-- referee: reads, and writes what entering a hand or a penalty writes.\n"
  "GRANT SELECT ON ALL TABLES IN SCHEMA public TO referee;\n"
  "GRANT INSERT, UPDATE, DELETE ON hands, penalties TO referee;\n"
  "GRANT INSERT ON pin_log TO referee;\n"
  "DO $$\n"
  "DECLARE\n"
  "  t text;\n"
  "  s text;\n"
  "BEGIN\n"
  "  FOREACH t IN ARRAY ARRAY['hands', 'penalties', 'pin_log'] LOOP\n"
  "    s := pg_get_serial_sequence (format ('public.%I', t), 'id');\n"
  "    IF s IS NOT NULL THEN\n"
  "      EXECUTE format ('GRANT USAGE, SELECT ON SEQUENCE %s TO referee', s);\n"
  "    END IF;\n"
  "  END LOOP;\n"
  "END\n"
  "$$;\n"
  "\n"
  "-- Tables and sequences made later by the role running this.\n"
  "ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL PRIVILEGES ON TABLES TO director;\n"
  "ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL PRIVILEGES ON SEQUENCES TO director;\n"
  "ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO referee, viewer;\n"
  "\n"
  "COMMIT;\n";

const char *
sp_db_roles_sql (void)
{
  return roles_sql;
}
