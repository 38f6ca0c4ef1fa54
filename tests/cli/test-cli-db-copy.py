#!/usr/bin/env python3
# test-cli-db-copy.py: `sparrow-cli db init` and `db copy` (SPEC.md §3.3, the hall): an event run
# on a SQLite file is copied onto a PostgreSQL server and back into a new file, and every row of
# every table is the same in the three stores, ids, the audit log and the counters of ids
# included; the copy adds no line to the log; what each store shows (hands, standings, the log)
# is the same; the rows added after a copy get ids after the copied ones.  A copy into a store
# that holds a tournament, or onto a file that exists, is refused and changes nothing.  The
# server is $SP_TEST_POSTGRESQL (build-aux/setup.sh test starts one); without it, skipped.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish, skip  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=120)
server = os.environ.get("SP_TEST_POSTGRESQL", "")
psql = shutil.which("psql")
if not server or psql is None:
    skip("db copy between a file and a server", "$SP_TEST_POSTGRESQL or psql not available")
    finish()
    sys.exit(0)

folder = tempfile.mkdtemp(prefix="sparrow-db-copy-")
FILE = os.path.join(folder, "club.db")
BACK = os.path.join(folder, "back.db")

# Every table of the schema and the columns the two backends share, ordered by their keys.
TABLES = {
    "tournaments": "id", "players": "id", "plan_players": "tournament_id, plan_number",
    "plan_seats": "tournament_id, session_number, table_number, chair", "sessions": "id",
    "seats": "session_id, table_number, chair", "hands": "id", "penalties": "id",
    "pin_log": "id", "audit": "id",
}


def run_psql(uri, sql):
    p = subprocess.run([psql, "-X", "-q", "-A", "-t", "-F", "\x1f", "-v", "ON_ERROR_STOP=1",
                        "-d", uri, "-c", sql], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def new_database(name):
    rc, _, err = run_psql(server + "/postgres", f'CREATE DATABASE "{name}"')
    check(f"a new database {name}", rc == 0, err)
    return f"{server}/{name}"


def columns_of(db_file, table):
    with sqlite3.connect(db_file) as c:
        return [row[1] for row in c.execute(f"PRAGMA table_info({table})")]


def rows_of_file(db_file, table, columns):
    with sqlite3.connect(db_file) as c:
        rows = c.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {TABLES[table]}")
        return [tuple("" if v is None else str(v) for v in row) for row in rows]


def rows_of_server(uri, table, columns):
    # NULL as '' as above: the checks below also compare the NULLs' places through count().
    rc, out, err = run_psql(uri, f"SELECT {', '.join(columns)} FROM {table}"
                                 f" ORDER BY {TABLES[table]}")
    check(f"read {table} on the server", rc == 0, err)
    return [tuple(line.split("\x1f")) for line in out.splitlines() if line != ""]


def nulls_of_file(db_file, table, columns):
    with sqlite3.connect(db_file) as c:
        return [c.execute(f"SELECT count(*) FROM {table} WHERE {col} IS NULL").fetchone()[0]
                for col in columns]


def nulls_of_server(uri, table, columns):
    sql = " UNION ALL ".join(f"SELECT count(*) FROM {table} WHERE {col} IS NULL"
                             for col in columns)
    rc, out, err = run_psql(uri, sql)
    return [int(n) for n in out.split()] if rc == 0 else err


def hands_counter_of_file(db_file):
    with sqlite3.connect(db_file) as c:
        row = c.execute("SELECT seq FROM sqlite_sequence WHERE name = 'hands'").fetchone()
        return row[0] if row else 0


def must(*args, db):
    rc, out, err = sparrow_cli("--db", db, "--referee", "Referee Wu", *args)
    check(" ".join(args)[:80], rc == 0, f"rc={rc} {err.strip()}")
    return out


def views(db):
    """What a person sees of the event: the hands, the standings, the log."""
    shown = {}
    for name, args in {
        "hands 1": ["hand", "list", "--session", "1", "--json"],
        "hands 2": ["hand", "list", "--session", "2", "--json"],
        "standings": ["standings", "--json"],
        "log": ["log", "--json"],
        "players": ["players", "list", "--json"],
    }.items():
        rc, out, err = sparrow_cli("--db", db, *args)
        shown[name] = json.loads(out) if rc == 0 else f"rc={rc} {err}"
    return shown


# ---- an event on a file -------------------------------------------------------------------
must("tournament", "create", "--name", "Club Night", "--rules", "mcr", "--sessions", "2", db=FILE)
players_csv = os.path.join(folder, "players.csv")
with open(players_csv, "w", encoding="utf-8") as f:
    f.write("name,club\n" + "".join(f"玩家{i},Club {i % 3}\n" for i in range(1, 9)))
must("players", "import", players_csv, db=FILE)
must("seating", "draw", "--session", "1", "--seed", "7", db=FILE)
for table in (1, 2):
    must("hand", "add", "--session", "1", "--table", str(table), "--winner", "E", "--from", "S",
         "--fan", "8", db=FILE)
    must("hand", "add", "--session", "1", "--table", str(table), "--winner", "W",
         "--from", "self", "--fan", "12", db=FILE)
    must("hand", "add", "--session", "1", "--table", str(table), "--draw", db=FILE)
listed = json.loads(must("hand", "list", "--session", "1", "--json", db=FILE))["hands"]
must("hand", "edit", str(listed[0]["id"]), "--winner", "S", "--from", "E", "--fan", "10",
     "--reason", "wrong winner called", db=FILE)
must("hand", "delete", str(listed[-1]["id"]), db=FILE)
first_player = json.loads(must("players", "list", "--json", db=FILE))["players"][0]["id"]
must("penalty", "add", "--session", "1", "--player", str(first_player), "--points", "10",
     "--reason", "slow play", db=FILE)
must("session", "close", "--session", "1", "--time-up", db=FILE)
must("seating", "draw", "--session", "2", db=FILE)
must("hand", "add", "--session", "2", "--table", "1", "--draw", db=FILE)
before = views(FILE)
file_counter = hands_counter_of_file(FILE)

# ---- onto the server ----------------------------------------------------------------------
HALL = new_database(f"sparrow_copy_{os.getpid()}")
out = must("db", "init", "--db", HALL, db=FILE)
check("db init says the store is ready", "ready" in out, out)
rc, out, err = sparrow_cli("db", "copy", FILE, HALL, "--json")
check("db copy FILE SERVER", rc == 0, err)
counted = json.loads(out) if rc == 0 else {}
# Seven hands entered, one deleted.
check("it counts what it copied", counted.get("tournaments") == 1 and counted.get("hands") == 6
      and counted.get("log_lines", 0) > 20, out)

for table in TABLES:
    columns = columns_of(FILE, table)
    check(f"{table}: every row and column the same on the server",
          rows_of_file(FILE, table, columns) == rows_of_server(HALL, table, columns),
          table)
    check(f"{table}: the NULLs in the same places",
          nulls_of_file(FILE, table, columns) == nulls_of_server(HALL, table, columns), table)
check("the server shows the same hands, standings, players and log", views(HALL) == before,
      json.dumps(views(HALL))[:300])
rc, out, _ = run_psql(HALL, "SELECT pg_sequence_last_value (pg_get_serial_sequence"
                            " ('hands', 'id'))")
check("the server's counter of hand ids is the file's (a deleted hand's id stays used)",
      rc == 0 and int(out.strip() or 0) == file_counter, f"{out!r} vs {file_counter}")

# ---- back into a new file -----------------------------------------------------------------
rc, out, err = sparrow_cli("db", "copy", HALL, BACK)
check("db copy SERVER FILE", rc == 0 and "copied" in out, err)
for table in TABLES:
    columns = columns_of(FILE, table)
    check(f"{table}: every row the same in the file made back",
          rows_of_file(FILE, table, columns) == rows_of_file(BACK, table, columns), table)
    check(f"{table}: and every NULL",
          nulls_of_file(FILE, table, columns) == nulls_of_file(BACK, table, columns), table)
check("the file made back keeps the counter of hand ids",
      hands_counter_of_file(BACK) == file_counter, str(hands_counter_of_file(BACK)))
check("the file made back shows the same", views(BACK) == before)

# ---- after the copy: new ids after the copied ones, the log goes on -------------------------
for db in (HALL, BACK):
    added = json.loads(must("hand", "add", "--session", "2", "--table", "2", "--draw", "--json",
                            db=db))
    check(f"a hand added on {'the server' if db == HALL else 'the file'} gets the next id",
          added.get("id") == file_counter + 1, json.dumps(added)[:200])
    log = json.loads(must("log", "--json", db=db))["log"]
    check("and its line opens the log, by its referee",
          log and log[0]["who"] == "Referee Wu" and len(log) == len(before["log"]["log"]) + 1,
          json.dumps(log[:1])[:300])

# ---- refusals -----------------------------------------------------------------------------
rc, out, err = sparrow_cli("db", "copy", FILE, HALL)
check("a copy onto a server that holds a tournament is refused (exit 1)",
      rc == 1 and "already holds" in err, f"rc={rc} {err}")
rc, out, err = sparrow_cli("db", "copy", HALL, BACK)
check("a copy onto a file that exists is refused (exit 1)", rc == 1 and "exists" in err,
      f"rc={rc} {err}")
check("neither store changed", views(BACK)["log"] == json.loads(
      sparrow_cli("--db", BACK, "log", "--json")[1]))
rc, out, err = sparrow_cli("db", "copy", os.path.join(folder, "none.db"),
                           os.path.join(folder, "new.db"))
check("a copy from a file that does not exist is refused, nothing made",
      rc == 1 and not os.path.exists(os.path.join(folder, "new.db")), f"rc={rc} {err}")
rc, out, err = sparrow_cli("db", "copy", FILE)
check("db copy with one location is a usage error (exit 2)", rc == 2, f"rc={rc} {err}")

# Only one tournament: its rows and its lines of the log.
must("tournament", "create", "--name", "Second Night", "--rules", "mcr", db=FILE)
ONE = new_database(f"sparrow_copy_one_{os.getpid()}")
must("db", "init", "--db", ONE, db=FILE)
rc, out, err = sparrow_cli("db", "copy", FILE, ONE, "--tournament", "Club Night", "--json")
check("db copy --tournament NAME", rc == 0 and json.loads(out)["tournaments"] == 1, err + out)
rc, out, _ = run_psql(ONE, "SELECT string_agg (name, ',') FROM tournaments")
check("only that tournament is on the server", out.strip() == "Club Night", out)
check("with its hands, standings and log", views(ONE) == before)

shutil.rmtree(folder)
finish()
