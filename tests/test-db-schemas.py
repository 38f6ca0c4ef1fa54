#!/usr/bin/env python3
# test-db-schemas.py: the two backends' schemas kept in step (db/migrations/ for a SQLite file,
# db/migrations-pg/ for a hall's server).  A fresh file (`sparrow-cli --db FILE tournament list`)
# and a fresh database on the server (`sparrow-cli db init`) must have the same tables, the same
# columns in each in the same order, of the same type (SQLite's INTEGER and TEXT are the
# server's bigint and text), the same NOT NULL, a default on the same columns, the same primary
# key, unique constraints and foreign keys (columns, table and columns referenced, ON DELETE),
# as many CHECK constraints per table (their text differs between the two SQLs), the same
# indexes by their columns (unique, partial) and the same schema version (PRAGMA user_version
# of the file, meta's schema_version on the server).
#
# The comparison is then shown to fail, saying what differs, on altered copies: a column added
# on the server, a NOT NULL or a default dropped, an ON DELETE changed, an index or a unique
# constraint dropped, a CHECK added, a table added, a column moved, the schema version moved,
# and a column added to the file.
#
# The server is $SP_TEST_POSTGRESQL (postgresql://USER@HOST:PORT, no database;
# build-aux/setup.sh test starts one); without it or psql, skipped.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import uuid

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "cli"))
from sptap import check, command, finish, skip  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=120)
server = os.environ.get("SP_TEST_POSTGRESQL", "").rstrip("/")
psql = shutil.which("psql")
if not server or psql is None:
    skip("the SQLite and PostgreSQL schemas compared", "$SP_TEST_POSTGRESQL or psql not available")
    finish()
    sys.exit(0)

# The server's types of SQLite's declared types.
TYPES = {"bigint": "INTEGER", "text": "TEXT", "double precision": "REAL", "bytea": "BLOB"}
ON_DELETE = {"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL",
             "d": "SET DEFAULT"}
SIDES = ("the file (SQLite)", "the server (PostgreSQL)")
SEP = "\x1f"


def run_psql(uri, sql):
    p = subprocess.run([psql, "-X", "-q", "-A", "-t", "-F", SEP, "-v", "ON_ERROR_STOP=1",
                        "-d", uri, "-c", sql], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def psql_rows(uri, sql):
    rc, out, err = run_psql(uri, sql)
    if rc != 0:
        raise RuntimeError(f"psql on {uri}: {err.strip()}")
    return [line.split(SEP) for line in out.splitlines() if line != ""]


def new_table():
    return {"columns": [], "primary_key": (), "unique": [], "foreign_keys": [], "checks": 0,
            "indexes": []}


def count_checks(sql):
    """The CHECK constraints in a CREATE TABLE's @sql, its comments and strings left out."""
    sql = re.sub(r"--[^\n]*", "", sql)
    sql = re.sub(r"'(?:[^']|'')*'", "''", sql)
    return len(re.findall(r"\bCHECK\s*\(", sql, re.IGNORECASE))


def file_schema(path):
    """The schema of the SQLite file at @path: (version, {table: description})."""
    tables = {}
    with sqlite3.connect(path) as c:
        version = c.execute("PRAGMA user_version").fetchone()[0]
        names = c.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'"
                          " AND name NOT LIKE 'sqlite_%'").fetchall()
        for name, sql in names:
            t = tables[name] = new_table()
            info = c.execute(f"PRAGMA table_info('{name}')").fetchall()
            key = sorted((row for row in info if row[5] > 0), key=lambda row: row[5])
            t["primary_key"] = tuple(row[1] for row in key)
            for cid, column, declared, notnull, default, pk in info:
                # A column of the primary key is NOT NULL on the server by definition; in SQLite
                # INTEGER PRIMARY KEY is the rowid, never NULL, and any other takes a NULL only
                # by a quirk SQLite keeps for old files, which the store never relies on.
                t["columns"].append((column, declared.upper(), bool(notnull or pk),
                                     default is not None))
            for _, index, unique, origin, partial in c.execute(f"PRAGMA index_list('{name}')"):
                columns = tuple(row[2] if row[2] is not None else "(expression)"
                                for row in c.execute(f"PRAGMA index_info('{index}')"))
                if origin == "u":
                    t["unique"].append(columns)
                elif origin == "c":
                    t["indexes"].append((columns, bool(unique), bool(partial)))
            by_id = {}
            for fk_id, _, target, source, to, _, on_delete, _ in \
                    c.execute(f"PRAGMA foreign_key_list('{name}')"):
                by_id.setdefault(fk_id, [target, [], [], on_delete])
                by_id[fk_id][1].append(source)
                by_id[fk_id][2].append(to)
            for target, sources, tos, on_delete in by_id.values():
                if all(to is None for to in tos):  # REFERENCES t: its primary key
                    tos = [row[1] for row in sorted(
                        (r for r in c.execute(f"PRAGMA table_info('{target}')") if r[5] > 0),
                        key=lambda r: r[5])]
                t["foreign_keys"].append((tuple(sources), target, tuple(tos), on_delete.upper()))
            t["checks"] = count_checks(sql)
    return version, tables


def server_schema(uri):
    """The schema of the database @uri on the server: (version, {table: description})."""
    tables = {}
    schema = "n.nspname = current_schema ()"
    for (name,) in psql_rows(uri, "SELECT c.relname FROM pg_class c JOIN pg_namespace n"
                                  " ON n.oid = c.relnamespace"
                                  f" WHERE {schema} AND c.relkind IN ('r', 'p')"):
        tables[name] = new_table()
    for table, column, kind, nullable, default in psql_rows(
            uri, "SELECT table_name, column_name, data_type, is_nullable,"
                 " column_default IS NOT NULL FROM information_schema.columns"
                 " WHERE table_schema = current_schema ()"
                 " ORDER BY table_name, ordinal_position"):
        if table in tables:
            tables[table]["columns"].append((column, TYPES.get(kind, kind), nullable == "NO",
                                             default == "t"))

    def names(attributes, relation):
        return (f"array_to_string (array (SELECT a.attname FROM unnest ({attributes})"
                f" WITH ORDINALITY k (n, i) JOIN pg_attribute a ON a.attrelid = {relation}"
                " AND a.attnum = k.n ORDER BY k.i), ',')")

    for table, kind, columns, target, to, on_delete in psql_rows(
            uri, f"SELECT t.relname, x.contype, {names('x.conkey', 'x.conrelid')},"
                 f" coalesce (f.relname, ''), {names('x.confkey', 'x.confrelid')},"
                 " x.confdeltype FROM pg_constraint x"
                 " JOIN pg_class t ON t.oid = x.conrelid"
                 " JOIN pg_namespace n ON n.oid = t.relnamespace"
                 " LEFT JOIN pg_class f ON f.oid = x.confrelid"
                 f" WHERE {schema} AND x.contype IN ('p', 'u', 'f', 'c')"):
        t = tables[table]
        columns = tuple(columns.split(",")) if columns else ()
        if kind == "p":
            t["primary_key"] = columns
        elif kind == "u":
            t["unique"].append(columns)
        elif kind == "f":
            t["foreign_keys"].append((columns, target, tuple(to.split(",")),
                                      ON_DELETE[on_delete]))
        else:
            t["checks"] += 1
    for table, unique, partial, columns in psql_rows(
            uri, "SELECT t.relname, ix.indisunique, ix.indpred IS NOT NULL,"
                 " array_to_string (array (SELECT coalesce (a.attname, '(expression)')"
                 " FROM unnest (ix.indkey::int2[]) WITH ORDINALITY k (n, i)"
                 " LEFT JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.n"
                 " ORDER BY k.i), ',')"
                 " FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid"
                 " JOIN pg_namespace n ON n.oid = t.relnamespace"
                 f" WHERE {schema} AND NOT EXISTS (SELECT 1 FROM pg_constraint x"
                 " WHERE x.conindid = ix.indexrelid AND x.contype IN ('p', 'u', 'x'))"):
        tables[table]["indexes"].append((tuple(columns.split(",")), unique == "t",
                                         partial == "t"))
    rows = psql_rows(uri, "SELECT value FROM meta WHERE key = 'schema_version'")
    version = int(rows[0][0]) if rows else 0
    return version, tables


def describe_column(column):
    name, kind, notnull, default = column
    return (f"{name} {kind}{' NOT NULL' if notnull else ''}"
            f"{' with a default' if default else ' without a default'}")


def describe_fk(fk):
    sources, target, tos, on_delete = fk
    return f"({', '.join(sources)}) → {target} ({', '.join(tos)}) ON DELETE {on_delete}"


def describe_index(index):
    columns, unique, partial = index
    return (f"{'unique ' if unique else ''}{'partial ' if partial else ''}index on"
            f" ({', '.join(columns)})")


def differences(file_side, server_side):
    """What differs between the two schemas, one sentence each; [] when they are the same."""
    (file_version, a), (server_version, b) = file_side, server_side
    found = []
    if file_version != server_version:
        found.append(f"schema version {file_version} in {SIDES[0]}, {server_version} in"
                     f" {SIDES[1]}")
    for side, mine, theirs in ((SIDES[0], a, b), (SIDES[1], b, a)):
        for table in sorted(set(mine) - set(theirs)):
            found.append(f"table {table} only in {side}")
    for table in sorted(set(a) & set(b)):
        x, y = a[table], b[table]
        names_x = [c[0] for c in x["columns"]]
        names_y = [c[0] for c in y["columns"]]
        for side, mine, theirs in ((SIDES[0], x, names_y), (SIDES[1], y, names_x)):
            for column in mine["columns"]:
                if column[0] not in theirs:
                    found.append(f"{table}: column {describe_column(column)} only in {side}")
        common_x = [n for n in names_x if n in names_y]
        common_y = [n for n in names_y if n in names_x]
        if common_x != common_y:
            found.append(f"{table}: columns in the order ({', '.join(common_x)}) in {SIDES[0]},"
                         f" ({', '.join(common_y)}) in {SIDES[1]}")
        by_name = {c[0]: c for c in y["columns"]}
        for column in x["columns"]:
            other = by_name.get(column[0])
            if other is not None and other != column:
                found.append(f"{table}: column {describe_column(column)} in {SIDES[0]},"
                             f" {describe_column(other)} in {SIDES[1]}")
        if x["primary_key"] != y["primary_key"]:
            found.append(f"{table}: primary key ({', '.join(x['primary_key'])}) in {SIDES[0]},"
                         f" ({', '.join(y['primary_key'])}) in {SIDES[1]}")
        for what, key, describe in (
                ("unique constraint", "unique", lambda u: f"({', '.join(u)})"),
                ("foreign key", "foreign_keys", describe_fk),
                ("index", "indexes", describe_index)):
            for side, mine, theirs in ((SIDES[0], x[key], y[key]), (SIDES[1], y[key], x[key])):
                for item in sorted(set(mine) - set(theirs)):
                    found.append(f"{table}: {what} {describe(item)} only in {side}")
        if x["checks"] != y["checks"]:
            found.append(f"{table}: {x['checks']} CHECK constraints in {SIDES[0]},"
                         f" {y['checks']} in {SIDES[1]}")
    return found


folder = tempfile.mkdtemp(prefix="sparrow-schemas-")
databases = []


def new_database(template=None):
    name = f"sparrow_schemas_{uuid.uuid4().hex[:12]}"
    sql = f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else "")
    rc, _, err = run_psql(server + "/postgres", sql)
    check(f"a new database {'from ' + template if template else ''}".strip(), rc == 0, err)
    databases.append(name)
    return name


def cleanup():
    for name in databases:
        run_psql(server + "/postgres", f'DROP DATABASE IF EXISTS "{name}"')
    shutil.rmtree(folder, ignore_errors=True)


try:
    FILE = os.path.join(folder, "fresh.db")
    rc, out, err = sparrow_cli("--db", FILE, "tournament", "list")
    check("sparrow-cli makes a fresh file", rc == 0 and os.path.exists(FILE), err)
    fresh = new_database()
    rc, out, err = sparrow_cli("db", "init", "--db", f"{server}/{fresh}")
    check("sparrow-cli db init makes a fresh store on the server", rc == 0, err)

    file_side = file_schema(FILE)
    server_side = server_schema(f"{server}/{fresh}")
    check("the file has the tables of a store",
          {"tournaments", "players", "hands", "audit"} <= set(file_side[1]),
          f"tables: {sorted(file_side[1])}")
    check("the server's schema is read (columns, keys, checks, indexes)",
          server_side[1].get("hands", new_table())["columns"] != []
          and server_side[1]["hands"]["checks"] > 0 and server_side[1]["hands"]["indexes"]
          and server_side[1]["hands"]["foreign_keys"], f"hands: {server_side[1].get('hands')}")
    found = differences(file_side, server_side)
    check("the two schemas are the same", found == [], "; ".join(found))
    check("the schema version is the latest migration's on both sides",
          file_side[0] == server_side[0] and file_side[0] > 0,
          f"{file_side[0]} against {server_side[0]}")

    # Each alteration, in a copy of the fresh database, is found and named.
    hand_columns = [c[0] for c in file_side[1]["hands"]["columns"]]
    alterations = [
        ("a column added on the server", "ALTER TABLE hands ADD COLUMN extra bigint",
         ["hands: column extra INTEGER without a default only in the server (PostgreSQL)"]),
        ("a NOT NULL dropped on the server", "ALTER TABLE players ALTER COLUMN status"
         " DROP NOT NULL",
         ["players: column status TEXT NOT NULL with a default in the file (SQLite),"
          " status TEXT with a default in the server (PostgreSQL)"]),
        ("a default dropped on the server", "ALTER TABLE sessions ALTER COLUMN time_up"
         " DROP DEFAULT",
         ["sessions: column time_up INTEGER NOT NULL with a default in the file (SQLite),"
          " time_up INTEGER NOT NULL without a default in the server (PostgreSQL)"]),
        ("an ON DELETE changed on the server",
         "ALTER TABLE seats DROP CONSTRAINT seats_session_id_fkey;"
         " ALTER TABLE seats ADD FOREIGN KEY (session_id) REFERENCES sessions (id)",
         ["seats: foreign key (session_id) → sessions (id) ON DELETE CASCADE only in the file"
          " (SQLite)",
          "seats: foreign key (session_id) → sessions (id) ON DELETE NO ACTION only in the"
          " server (PostgreSQL)"]),
        ("an index dropped on the server", "DROP INDEX penalties_by_session",
         ["penalties: index index on (session_id) only in the file (SQLite)"]),
        ("a CHECK added on the server", "ALTER TABLE players ADD CHECK (length (club) < 100)",
         (r"players: (\d+) CHECK constraints in the file \(SQLite\), (\d+) in the server",
          lambda m: int(m[2]) == int(m[1]) + 1)),
        ("a unique constraint dropped on the server",
         "ALTER TABLE seats DROP CONSTRAINT seats_session_id_player_id_key",
         ["seats: unique constraint (session_id, player_id) only in the file (SQLite)"]),
        ("a table added on the server", "CREATE TABLE notes (id bigint PRIMARY KEY)",
         ["table notes only in the server (PostgreSQL)"]),
        ("a column moved to the end on the server",
         "ALTER TABLE hands DROP COLUMN notation; ALTER TABLE hands ADD COLUMN notation text",
         ["hands: columns in the order ({}) in the file (SQLite), ({}) in the server"
          " (PostgreSQL)".format(", ".join(hand_columns),
                                 ", ".join([c for c in hand_columns if c != "notation"]
                                           + ["notation"]))]),
        ("the schema version moved on the server",
         "UPDATE meta SET value = '99' WHERE key = 'schema_version'",
         (r"schema version (\d+) in the file \(SQLite\), (\d+) in the server",
          lambda m: int(m[1]) == file_side[0] and m[2] == "99")),
    ]
    for name, sql, expected in alterations:
        copy = new_database(template=fresh)
        rc, _, err = run_psql(f"{server}/{copy}", sql)
        check(f"altered: {name}", rc == 0, err)
        found = differences(file_side, server_schema(f"{server}/{copy}"))
        if isinstance(expected, tuple):
            # A sentence with the schema's numbers in it, and what they must be.
            pattern, numbers_right = expected
            match = re.fullmatch(pattern + r" \(PostgreSQL\)", found[0]) if found else None
            check(f"the comparison finds {name} and says what it is",
                  len(found) == 1 and match is not None and numbers_right(match),
                  f"found: {found}")
        else:
            check(f"the comparison finds {name} and says what it is", found == expected,
                  f"found: {found}")

    altered = os.path.join(folder, "altered.db")
    shutil.copy(FILE, altered)
    with sqlite3.connect(altered) as c:
        c.execute("ALTER TABLE tournaments ADD COLUMN colour TEXT NOT NULL DEFAULT 'red'")
    found = differences(file_schema(altered), server_side)
    check("the comparison finds a column added to the file and says what it is",
          found == ["tournaments: column colour TEXT NOT NULL with a default only in the file"
                    " (SQLite)"], f"found: {found}")
finally:
    cleanup()
finish()
