#!/usr/bin/env python3
# bench-hall.py: the hall's figures (SPEC §4, "The hall (PostgreSQL on loopback)"), each side by
# side with the same work on a SQLite file (the anchor), in the same sitting:
#   - `hand import` of 40,000 hands (1,000 players × 10 sessions × 16 hands, MCR, with their
#     tiles, scored and stored with their items and audit log) onto the server: < 60 s;
#   - `sparrow-cli standings` of those 1,000 players, the whole process: < 300 ms; with
#     --standings-bench, the store's calls alone, in process (bench-db-hall-standings);
#   - with --latency-bench, a hand entered at one station seen at another: < 1 s
#     (bench-db-hall-latency, 50 hands).
#
#   python3 tests/bench/bench-hall.py build/app/sparrow-cli --server postgresql://USER@HOST:PORT
#       [--imports N] [--runs N] [--folder FOLDER]
#       [--standings-bench build/tests/bench/bench-db-hall-standings]
#       [--latency-bench build/tests/bench/bench-db-hall-latency]
#
# The server is --server (a URI without a database; default $SP_TEST_POSTGRESQL), e.g. the
# private one `build-aux/test-server.sh start DIR PORT` starts.  The tournament is made once
# through the CLI in a file (tournament create, players import, seating draw of the 10
# sessions), copied onto the server with `db copy` (so both hold the same rows and ids), and
# then each import runs on a fresh copy of that: a copy of the file, a database made from the
# server's copy as its template; the two alternate run by run, so that a machine busy with
# other work weighs on both alike (--imports, default 3: median, min, max).  The standings
# are then timed on the last imported stores, the two alternating (--runs, default 7).  The
# databases made on the server are dropped at the end.  One figure per line.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

PLAYERS = 1000
SESSIONS = 10
HANDS = 16

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spbench_event  # noqa: E402


def must(cli, db, *args):
    p = subprocess.run([cli, "--db", db, "--referee", "Referee Wu", *args], capture_output=True,
                       text=True)
    if p.returncode != 0:
        sys.exit(f"sparrow-cli --db {db} {' '.join(args)}: {p.stderr.strip()}")
    return p.stdout


def timed(cli, db, *args):
    """@cli on @db, timed as a process: (wall s, CPU s of the process)."""
    start = time.perf_counter()
    p = subprocess.Popen([cli, "--db", db, "--referee", "Referee Wu", *args],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if status != 0:
        sys.exit(f"sparrow-cli --db {db} {' '.join(args)}: {err.strip()}")
    return wall, usage.ru_utime + usage.ru_stime


def psql(uri, sql):
    p = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", uri, "-c", sql],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"psql {uri}: {sql}: {p.stderr.strip()}")


def write_inputs(folder):
    """The players' CSV and the hands' JSON lines, the same at every run."""
    players_csv = os.path.join(folder, "players.csv")
    hands_file = os.path.join(folder, "hands.jsonl")
    spbench_event.write_players(players_csv, PLAYERS)
    spbench_event.write_hands(hands_file, PLAYERS, SESSIONS, HANDS, 20261201)
    return players_csv, hands_file


def summary(label, times, target):
    return (f"{label}, median of {len(times)}: {statistics.median(times):.2f} s"
            f" (min {min(times):.2f}, max {max(times):.2f}; target {target})")


def main():
    parser = argparse.ArgumentParser(description="Times the hall's figures on a server.")
    parser.add_argument("cli")
    parser.add_argument("--server", default=os.environ.get("SP_TEST_POSTGRESQL"),
                        help="postgresql://USER@HOST:PORT, no database")
    parser.add_argument("--imports", type=int, default=3)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--folder", help="where the files go (default: a new temporary folder)")
    parser.add_argument("--standings-bench", help="bench-db-hall-standings, run on both stores")
    parser.add_argument("--latency-bench", help="bench-db-hall-latency, run on both backends")
    args = parser.parse_args()
    if not args.server:
        print("bench-hall.py: no server: give --server or set SP_TEST_POSTGRESQL", file=sys.stderr)
        sys.exit(77)  # skipped, as meson counts it
    server = args.server.rstrip("/")
    folder = args.folder or tempfile.mkdtemp(prefix="sparrow-bench-hall-")
    os.makedirs(folder, exist_ok=True)
    tag = uuid.uuid4().hex[:8]
    databases = []

    def new_database(template=None):
        name = f"sparrow_bench_{tag}_{len(databases)}"
        psql(f"{server}/postgres", f'CREATE DATABASE "{name}"'
                                   + (f' TEMPLATE "{template}"' if template else ""))
        databases.append(name)
        return name

    try:
        start = time.perf_counter()
        players_csv, hands_file = write_inputs(folder)
        base_file = os.path.join(folder, "base.db")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(base_file + suffix):
                os.unlink(base_file + suffix)
        must(args.cli, base_file, "tournament", "create", "--name", "Hall Open 大厅赛", "--rules",
             "mcr", "--sessions", str(SESSIONS), "--seating", "random")
        must(args.cli, base_file, "players", "import", players_csv)
        for session in range(1, SESSIONS + 1):
            must(args.cli, base_file, "seating", "draw", "--session", str(session), "--seed",
                 str(session))
        with sqlite3.connect(base_file) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        base = new_database()
        p = subprocess.run([args.cli, "db", "copy", base_file, f"{server}/{base}"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"sparrow-cli db copy: {p.stderr.strip()}")
        print(f"stores: {PLAYERS} players, {SESSIONS} sessions drawn, in {base_file} and"
              f" {server}/{base} ({time.perf_counter() - start:.1f} s to make)")
        with open(hands_file, encoding="utf-8") as f:
            n_hands = sum(1 for _ in f)

        imports = {"file": [], "server": []}
        cpu = {"file": [], "server": []}
        for run in range(args.imports):
            file_db = os.path.join(folder, f"import-{run}.db")
            shutil.copy(base_file, file_db)
            wall, used = timed(args.cli, file_db, "hand", "import", hands_file)
            imports["file"].append(wall)
            cpu["file"].append(used)
            server_db = f"{server}/{new_database(template=base)}"
            wall, used = timed(args.cli, server_db, "hand", "import", hands_file)
            imports["server"].append(wall)
            cpu["server"].append(used)
            if run < args.imports - 1:
                os.unlink(file_db)
        print(summary(f"hand import of {n_hands} hands onto the server ({server})",
                      imports["server"], "< 60 s") + f", sparrow-cli's CPU"
              f" {statistics.median(cpu['server']):.2f} s")
        print(summary(f"hand import of {n_hands} hands into a SQLite file (the anchor)",
                      imports["file"], "SPEC §4 < 30 s") + f", sparrow-cli's CPU"
              f" {statistics.median(cpu['file']):.2f} s")
        ratio = statistics.median(imports["server"]) / statistics.median(imports["file"])
        print(f"ratio server / file: {ratio:.2f}×")

        stores = {"file": file_db, "server": server_db}
        standings = {"file": [], "server": []}
        for label, db in stores.items():
            timed(args.cli, db, "standings")  # untimed: the pages in the caches for both
        for _ in range(args.runs):
            for label, db in stores.items():
                standings[label].append(timed(args.cli, db, "standings")[0] * 1000)
        for label, where in (("server", f"from the server ({server_db})"),
                             ("file", f"from the SQLite file {file_db}")):
            times = standings[label]
            print(f"sparrow-cli standings of {PLAYERS} players {where}, whole process, median of"
                  f" {args.runs}: {statistics.median(times):.0f} ms (min {min(times):.0f},"
                  f" max {max(times):.0f}; target < 300 ms)")
        sys.stdout.flush()
        if args.standings_bench:
            subprocess.run([args.standings_bench, server_db, file_db], check=True)
        if args.latency_bench:
            empty = f"{server}/{new_database()}"
            subprocess.run([args.latency_bench, empty], check=True)
            subprocess.run([args.latency_bench, os.path.join(folder, "latency.db")], check=True)
    finally:
        for name in databases:
            subprocess.run(["psql", "-X", "-q", "-d", f"{server}/postgres", "-c",
                            f'DROP DATABASE IF EXISTS "{name}"'], capture_output=True)


if __name__ == "__main__":
    main()
