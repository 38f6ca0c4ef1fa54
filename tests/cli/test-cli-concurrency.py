#!/usr/bin/env python3
# test-cli-concurrency.py: eight referees enter hands into one database at the same time, four
# through `sparrow-cli hand add` (a process per hand) and four through the store's operations
# as the app calls them (helper-db-referee: one long-lived connection, sp_db_add_hand), while a
# reader keeps asking for the standings and a table's hands.  Tables 1–6 have a referee each,
# table 7 two (one of each kind), who contend for the same hand numbers.  Afterwards: every hand
# reported as saved is stored once and nothing else is, the hand numbers of every table are
# 1, 2, 3 … with no gap, no command failed (no "database is locked" reaches a referee), every
# reader got its answer, and the audit log has one entry per hand, by the referee who entered it.
# With --postgresql the same on a new database of the test server $SP_TEST_POSTGRESQL (skipped
# without it): the hall's stations.
#
#   test-cli-concurrency.py SPARROW-CLI HELPER-DB-REFEREE [--postgresql] [SECONDS]
#                                                         (else $SPARROW_BUSY_SECONDS)
# SPDX-License-Identifier: GPL-3.0-or-later
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish, skip  # noqa: E402
from spstore import Store, server_missing  # noqa: E402

CLI, HELPER = sys.argv[1], sys.argv[2]
options = sys.argv[3:]
POSTGRESQL = "--postgresql" in options
options = [o for o in options if o != "--postgresql"]
SECONDS = float(options[0] if options else os.environ.get("SPARROW_BUSY_SECONDS", "12"))
SESSIONS = 100
if POSTGRESQL and server_missing():
    skip("eight stations at once on a PostgreSQL server", server_missing())
    finish()
folder = tempfile.mkdtemp(prefix="sparrow-cli-busy-")
store = Store(folder, "busy", POSTGRESQL)
DB = store.location
sparrow_cli = command(CLI, timeout=120)
WIND = "ESWN"


def must(*args):
    rc, out, err = sparrow_cli("--db", DB, *args)
    if rc != 0:
        print(f"Bail out! sparrow-cli {' '.join(args)}: rc={rc} {err}")
        sys.exit(1)
    return out


if POSTGRESQL:
    must("db", "init")
must("tournament", "create", "--name", "Busy Cup", "--rules", "mcr", "--sessions", str(SESSIONS),
     "--seating", "random")
players_csv = os.path.join(folder, "players.csv")
with open(players_csv, "w", encoding="utf-8") as f:
    f.write("name\n" + "".join(f"Player {i}\n" for i in range(1, 33)))
must("players", "import", players_csv)
seated = subprocess.run([HELPER, "seat", DB, str(SESSIONS)], capture_output=True, text=True)
if seated.returncode != 0:
    print(f"Bail out! seating: {seated.stderr}")
    sys.exit(1)

reported = []        # (id, session, table, number, referee) of every hand reported as saved
failures = []        # what reached a referee or a reader other than an answer
reads = collections.Counter()
latencies = []       # how long each sparrow-cli hand add took
lock = threading.Lock()
deadline = time.monotonic() + SECONDS


def cli_referee(table, name, seed):
    """Enters hands at @table through sparrow-cli until the time is up, a session after the
    other (moving on when another referee completed the table)."""
    import random
    rng = random.Random(seed)
    session = 1
    while time.monotonic() < deadline and session <= SESSIONS:
        args = ["--db", DB, "--referee", name, "hand", "add", "--session", str(session),
                "--table", str(table), "--json"]
        if rng.random() < 0.1:
            args.append("--draw")
        else:
            winner = rng.choice(WIND)
            source = rng.choice([w for w in WIND if w != winner] + ["self"])
            args += ["--winner", winner, "--from", source, "--fan", str(rng.randint(8, 64))]
        began = time.monotonic()
        p = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)
        with lock:
            latencies.append(time.monotonic() - began)
        if p.returncode == 0:
            hand = json.loads(p.stdout)
            with lock:
                reported.append((hand["id"], session, table, hand["number"], name))
        elif p.returncode == 1 and "is complete" in p.stdout:  # --json: the refusal as JSON
            session += 1
        else:
            with lock:
                failures.append(f"{name}: rc={p.returncode} {p.stdout.strip()} "
                                f"{p.stderr.strip()}")


def reader():
    """Reads what the referees write, as a results screen would."""
    while time.monotonic() < deadline:
        for args in (["standings", "--json"], ["hand", "list", "--session", "1", "--table", "7",
                                               "--json"]):
            p = subprocess.run([CLI, "--db", DB, *args], capture_output=True, text=True,
                               timeout=120)
            with lock:
                reads[args[0]] += 1
                if p.returncode != 0:
                    failures.append(f"reader {args[0]}: rc={p.returncode} {p.stderr.strip()}")


referees = [(1, "cli"), (2, "app"), (3, "cli"), (4, "app"), (5, "cli"), (6, "app"),
            (7, "cli"), (7, "app")]
threads = []
helpers = []
start = time.monotonic()
for k, (table, kind) in enumerate(referees):
    name = f"{kind}-referee-{k + 1}"
    if kind == "cli":
        threads.append(threading.Thread(target=cli_referee, args=(table, name, k)))
    else:
        helpers.append((name, subprocess.Popen(
            [HELPER, "add", DB, str(table), str(SECONDS), name, str(k + 1)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
threads.append(threading.Thread(target=reader))
for t in threads:
    t.start()
for name, p in helpers:
    out, err = p.communicate(timeout=SECONDS + 120)
    if p.returncode != 0:
        failures.append(f"{name}: exit {p.returncode} {err.strip()}")
    for line in out.splitlines():
        _, hand_id, session, table, number = line.split()
        reported.append((int(hand_id), int(session), int(table), int(number), name))
for t in threads:
    t.join()
elapsed = time.monotonic() - start

rows = [tuple(int(v) for v in row) for row in store.rows(
    "SELECT h.id, s.number, h.table_number, h.number FROM hands h "
    "JOIN sessions s ON s.id = h.session_id")]
audit = collections.Counter(int(row_id) for (row_id,) in store.rows(
    "SELECT row_id FROM audit WHERE target = 'hands' AND action = 'insert'"))
stored = {r[0]: r[1:] for r in rows}
ids = [r[0] for r in reported]
by_kind = collections.Counter(r[4].split("-")[0] for r in reported)
busy = [f for f in failures if "locked" in f or "busy" in f.lower()]
print(f"# {len(reported)} hands in {elapsed:.1f} s by 8 referees ({by_kind['cli']} through "
      f"sparrow-cli, {by_kind['app']} through the store's operations), "
      f"{len(reported) / elapsed:.0f} a second; {sum(reads.values())} reads; "
      f"{len(failures)} failures, {len(busy)} of them lock errors")
contended = collections.Counter(r[4] for r in reported if r[2] == 7)
print(f"# table 7, contended: {dict(contended)}")
latencies.sort()
if latencies:
    print(f"# sparrow-cli hand add: median {latencies[len(latencies) // 2] * 1000:.0f} ms, "
          f"slowest {latencies[-1] * 1000:.0f} ms")

check("no command failed, no lock error reached a referee or a reader", not failures,
      "; ".join(failures[:5]))
check("hands were entered by both kinds of referee", by_kind["cli"] > 0 and by_kind["app"] > 0,
      by_kind)
check("every reported hand stored once, as reported",
      len(ids) == len(set(ids)) and all(stored.get(r[0]) == r[1:4] for r in reported),
      f"{len(ids)} reported, {len(set(ids))} distinct")
check("no stored hand that no referee was told of", set(stored) == set(ids),
      f"{len(set(stored) - set(ids))} unreported")
tables = collections.defaultdict(list)
for session, table, number in stored.values():
    tables[(session, table)].append(number)
gaps = {k: sorted(v) for k, v in tables.items() if sorted(v) != list(range(1, len(v) + 1))}
check("the hand numbers of every table are 1, 2, 3 … without a gap or a repeat", not gaps,
      str(list(gaps.items())[:3]))
check("table 7 was contended: both its referees entered hands there",
      {r[4] for r in reported if r[2] == 7} == {"cli-referee-7", "app-referee-8"})
check("the audit table has one insert per hand",
      all(audit[i] == 1 for i in stored) and sum(audit.values()) == len(stored))
log = subprocess.run([HELPER, "log", DB], capture_output=True, text=True)
entries = collections.Counter(tuple(line.split()) for line in log.stdout.splitlines())
expected = collections.Counter((str(s), str(t), str(n), name) for _, s, t, n, name in reported)
check("the log lists every hand once, with the referee who entered it",
      log.returncode == 0 and entries == expected,
      f"{sum(entries.values())} entries for {len(reported)} hands {log.stderr}")
rc, out, err = sparrow_cli("--db", DB, "log", "--json")
cli_entries = collections.Counter(
    (str(line["session"]), str(line["table"]), str(line["hand"]), line["who"])
    for line in (json.loads(out)["log"] if rc == 0 else []) if line["kind"] == "hand-entered")
check("sparrow-cli log --json says the same", rc == 0 and cli_entries == expected,
      f"rc={rc} {sum(cli_entries.values())} entries for {len(reported)} hands {err}")
check("the readers got their answers", reads["standings"] > 0 and reads["hand"] > 0, reads)

# A write lock held beyond the busy timeout (10 s): the referee is told, in words, that the
# store is busy and nothing was changed; a reader still gets its answer meanwhile (WAL on a
# file, a snapshot on the server).
hands_before = store.count("hands")
holder = store.hold_writer_lock()
began = time.monotonic()
rc, out, err = sparrow_cli("--db", DB, "hand", "add", "--session", str(SESSIONS), "--table", "8",
                           "--draw")
waited = time.monotonic() - began
rc_read, _, err_read = sparrow_cli("--db", DB, "standings", "--json")
holder.release()
check("a lock held too long: exit 3, the store busy, try again, after the wait",
      rc == 3 and "is busy" in err and "try again" in err and "database is locked" not in err
      and "lock timeout" not in err and waited >= 9, f"rc={rc} {err!r} after {waited:.1f} s")
check("and nothing was stored", store.count("hands") == hands_before)
check("a reader is not held up by a writer", rc_read == 0, err_read)
rc, out, err = sparrow_cli("--db", DB, "hand", "add", "--session", str(SESSIONS), "--table", "8",
                           "--draw")
check("the same hand once the lock is given back", rc == 0, err)

store.drop()
shutil.rmtree(folder)
finish()
