#!/usr/bin/env python3
# test-cli-crash.py: sparrow-cli killed with SIGKILL at random moments of `hand import` (a whole
# table's 16 hands, CSV and JSON Lines), `players import` (300 players) and a run of `hand add`:
# after every kill the file is intact (PRAGMA integrity_check), an import is all there or not at
# all, every hand the CLI reported as saved is there exactly once with its audit line, and the
# standings recompute to the same figures.
#
#   test-cli-crash.py SPARROW-CLI [IMPORT-KILLS [ADD-TABLES]]
#
# The defaults keep the run short; $SPARROW_CRASH_KILLS and $SPARROW_CRASH_TABLES (or the
# arguments) make it longer, $SPARROW_CRASH_SEED changes the random moments.
#
# How a kill is told to have landed while a write was in flight, from outside the process (no
# hook in the program, no strace): at the chosen moment the process is stopped (SIGSTOP), and
# while it stands still the test looks at the two things SQLite's WAL mode shows to every other
# process.  (1) The WAL write lock: BEGIN IMMEDIATE takes an exclusive POSIX lock on byte 120 of
# the database's -shm file (WAL_WRITE_LOCK in SQLite's wal.c) and COMMIT or ROLLBACK gives it
# back, so F_GETLK naming the stopped process means it is inside its write transaction (Sparrow
# takes it as an open file description lock, which F_GETLK reports with pid -1: the stopped
# process is the only program using its copy of the file, so -1 names it too).  (2) The
# -wal file: the test starts each import from a copy without one, so frames in it while the
# lock is held are the transaction's pages being written at its commit.  Then SIGKILL: the
# process dies exactly where it stood.  A kill is classified as
#   before:  the lock not held and the import absent (starting, opening, reading the file);
#   during:  the lock held, no frame yet (inside BEGIN IMMEDIATE … COMMIT, before the commit);
#   commit:  the lock held and frames in the WAL (killed while its commit was being written);
#   after:   the lock given back and the import there (the commit done: closing, checkpointing,
#            printing).
# "In flight" counts during + commit.
# SPDX-License-Identifier: GPL-3.0-or-later
import fcntl
import json
import os
import random
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

CLI = sys.argv[1]
IMPORT_KILLS = int(sys.argv[2] if len(sys.argv) > 2 else
                   os.environ.get("SPARROW_CRASH_KILLS", "110"))
ADD_TABLES = int(sys.argv[3] if len(sys.argv) > 3 else os.environ.get("SPARROW_CRASH_TABLES", "3"))
SEED = int(os.environ.get("SPARROW_CRASH_SEED", "20261201"))
rng = random.Random(SEED)
sparrow_cli = command(CLI, timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-cli-crash-")
WIND = "ESWN"
WAL_WRITE_LOCK_BYTE = 120


def path(name):
    return os.path.join(folder, name)


def run(db, *args):
    return sparrow_cli("--db", db, *args)


def must(db, *args):
    rc, out, err = run(db, *args)
    if rc != 0:
        print(f"Bail out! sparrow-cli {' '.join(args)}: rc={rc} {err}")
        sys.exit(1)
    return out


def copy_database(source, target):
    """Copies a closed database (its WAL too, when a killed process left one)."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(target + suffix):
            os.remove(target + suffix)
    shutil.copyfile(source, target)
    if os.path.exists(source + "-wal"):
        shutil.copyfile(source + "-wal", target + "-wal")


def writer_lock_holder(db):
    """The pid holding SQLite's WAL write lock on @db (-1 for an open file description lock,
    which belongs to no process), or 0."""
    try:
        fd = os.open(db + "-shm", os.O_RDONLY)
    except FileNotFoundError:
        return 0
    try:
        # struct flock on Linux x86-64/aarch64: l_type, l_whence (short), l_start, l_len
        # (off_t), l_pid (pid_t), padded to 32 bytes.
        layout = "hhqqi4x"
        query = struct.pack(layout, fcntl.F_WRLCK, os.SEEK_SET, WAL_WRITE_LOCK_BYTE, 1, 0)
        kind, _, _, _, pid = struct.unpack(layout, fcntl.fcntl(fd, fcntl.F_GETLK, query))
        return pid if kind != fcntl.F_UNLCK else 0
    finally:
        os.close(fd)


def wal_frames(db):
    """The number of frames in @db's -wal file (its header is 32 bytes, a frame 24 + a page)."""
    try:
        with open(db + "-wal", "rb") as f:
            header = f.read(32)
            size = os.fstat(f.fileno()).st_size
    except FileNotFoundError:
        return 0
    if len(header) < 32:
        return 0
    page = struct.unpack(">I", header[8:12])[0]
    return (size - 32) // (24 + page) if page else 0


def run_killed(db, args, delay, at_wal=False):
    """Runs sparrow-cli on @db and kills it @delay seconds after its start, or with @at_wal as
    soon as its -wal file has a frame (its commit being written), within @delay.  Returns
    (killed, holder_was_it, frames, rc, out): killed is False when it ended first."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen([CLI, "--db", db, *args], stdout=out, stderr=err)
        if at_wal:
            deadline = time.monotonic() + delay
            while time.monotonic() < deadline and p.poll() is None:
                try:
                    if os.stat(db + "-wal").st_size > 32:
                        break
                except FileNotFoundError:
                    pass
        else:
            time.sleep(delay)
        if p.returncode is not None:
            return False, False, 0, p.returncode, ""
        os.kill(p.pid, signal.SIGSTOP)
        _, status = os.waitpid(p.pid, os.WUNTRACED)
        if os.WIFSTOPPED(status):
            holder = writer_lock_holder(db)
            frames = wal_frames(db)
            os.kill(p.pid, signal.SIGKILL)
            _, status = os.waitpid(p.pid, 0)
            p.returncode = -signal.SIGKILL
            killed = True
        else:
            holder, frames, killed = 0, 0, False
            p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return killed, holder in (p.pid, -1), frames, p.returncode, out.read().decode()


def snapshot(db):
    """Opens a copy of @db (with its WAL, as the killed process left them) with python's sqlite3;
    returns (integrity, foreign key problems, connection)."""
    scratch = path("inspect.db")
    copy_database(db, scratch)
    connection = sqlite3.connect(scratch)
    integrity = connection.execute("PRAGMA integrity_check").fetchall()
    foreign = connection.execute("PRAGMA foreign_key_check").fetchall()
    return integrity == [("ok",)], foreign, connection


def table_hands(connection, session, table):
    return connection.execute(
        "SELECT h.id, h.number FROM hands h JOIN sessions s ON s.id = h.session_id "
        "WHERE s.number = ? AND h.table_number = ? ORDER BY h.number", (session, table)).fetchall()


def unaudited_hands(connection):
    """Hands without their audit line, and audit lines of hands that are not there."""
    missing = connection.execute(
        "SELECT count(*) FROM hands WHERE id NOT IN (SELECT row_id FROM audit "
        "WHERE target = 'hands' AND action = 'insert')").fetchone()[0]
    ghosts = connection.execute(
        "SELECT count(*) FROM audit WHERE target = 'hands' AND action = 'insert' "
        "AND row_id NOT IN (SELECT id FROM hands)").fetchone()[0]
    return missing + ghosts


def table_points(scores):
    """Table points of one table's session scores: 4/2/1/0, tied players sharing equally."""
    order = sorted(range(4), key=lambda c: -scores[c])
    points = [0.0] * 4
    place = 0
    while place < 4:
        tied = [c for c in order if scores[c] == scores[order[place]]]
        share = sum([4, 2, 1, 0][place:place + len(tied)]) / len(tied)
        for c in tied:
            points[c] = share
        place += len(tied)
    return points


def recomputed_standings(connection):
    """{player: (table_points, score, sessions)} from the stored hands' settlements and the
    seats, without the program: each table that has hands gives 4/2/1/0 table points.  The
    standings list the players seated at some session."""
    figures = {pid: [0.0, 0, 0] for (pid,) in connection.execute(
        "SELECT DISTINCT player_id FROM seats")}
    tables = connection.execute(
        "SELECT session_id, table_number, sum(s0), sum(s1), sum(s2), sum(s3) FROM hands "
        "GROUP BY session_id, table_number").fetchall()
    for session_id, table, *scores in tables:
        chairs = dict(connection.execute(
            "SELECT chair, player_id FROM seats WHERE session_id = ? AND table_number = ?",
            (session_id, table)).fetchall())
        for chair, points in enumerate(table_points(scores)):
            figures[chairs[chair]][0] += points
            figures[chairs[chair]][1] += scores[chair]
            figures[chairs[chair]][2] += 1
    return {pid: tuple(f) for pid, f in figures.items()}


def standings(db):
    """standings --json of @db (opening it also recovers a killed process's WAL)."""
    rc, out, err = run(db, "standings", "--json")
    if rc != 0:
        return None, err
    return json.loads(out)["players"], ""


def figures_of(players):
    return {p["id"]: (p["table_points"], p["score"], p["sessions"]) for p in players}


def median_duration(db_source, args, runs=5):
    durations = []
    for _ in range(runs):
        scratch = path("timing.db")
        copy_database(db_source, scratch)
        start = time.monotonic()
        rc, _, err = run(scratch, *args)
        durations.append(time.monotonic() - start)
        if rc != 0:
            print(f"Bail out! {' '.join(args)}: {err}")
            sys.exit(1)
    return sorted(durations)[len(durations) // 2]


def random_table(session, table, csv):
    """A table session's 16 hands as MCR totals (`--fan`), some of them draws."""
    hands = []
    for _ in range(16):
        if rng.random() < 0.1:
            hands.append({"session": session, "table": table, "draw": True})
        else:
            winner = rng.choice(WIND)
            source = rng.choice([w for w in WIND if w != winner] + ["self"])
            hands.append({"session": session, "table": table, "winner": winner, "from": source,
                          "fan": rng.randint(8, 64)})
    if not csv:
        return "".join(json.dumps(h) + "\n" for h in hands)
    lines = ["session,table,winner,from,fan,draw"]
    for h in hands:
        if h.get("draw"):
            lines.append(f"{session},{table},,,,1")
        else:
            lines.append(f"{session},{table},{h['winner']},{h['from']},{h['fan']},")
    return "\n".join(lines) + "\n"


def write(name, text):
    with open(path(name), "w", encoding="utf-8") as f:
        f.write(text)
    return path(name)


# ---- the base: 32 players, session 1 drawn, tables 2–8 played; table 1 waits for its import ----
BASE = path("base.db")
must(BASE, "tournament", "create", "--name", "Crash Cup", "--rules", "mcr", "--sessions", "2",
     "--seating", "balanced", "--ranking", "r98")
must(BASE, "players", "import", write("players.csv", "name,club\n" + "".join(
    f"Player {i},Club {i % 5}\n" for i in range(1, 33))))
must(BASE, "seating", "draw", "--session", "1", "--seed", "7")
must(BASE, "hand", "import", write("tables.jsonl", "".join(
    random_table(1, t, csv=False) for t in range(2, 9))))
IMPORTS = [
    ("hand import CSV", ["hand", "import", write("table1.csv", random_table(1, 1, csv=True))]),
    ("hand import JSON Lines", ["hand", "import", write("table1.jsonl",
                                                        random_table(1, 1, csv=False))]),
    ("players import", ["players", "import", write("guests.csv", "name,club,country\n" + "".join(
        f"Guest {i},Club {i % 7},FR\n" for i in range(1, 301)))]),
]
base_players = 32
base_standings, _ = standings(BASE)
expected = {}
for label, args in IMPORTS:
    reference = path("reference.db")
    copy_database(BASE, reference)
    must(reference, *args)
    expected[label], _ = standings(reference)
check("the base and the three references", base_standings is not None
      and all(expected[label] is not None for label, _ in IMPORTS))

_, _, connection = snapshot(BASE)
check("the standings of the base recompute from its hands",
      figures_of(base_standings) == recomputed_standings(connection))
connection.close()

# ---- kills during the imports, each on a fresh copy of the base ---------------------------------
phases = {"before": 0, "during": 0, "commit": 0, "after": 0}
finished = 0
violations = []
durations = {label: median_duration(BASE, args) for label, args in IMPORTS}
kills = 0
attempts = 0
in_flight = 0
while (kills < IMPORT_KILLS or in_flight < 50) and attempts < IMPORT_KILLS * 6:
    attempts += 1
    label, args = IMPORTS[attempts % len(IMPORTS)]
    work = path("work.db")
    copy_database(BASE, work)
    # Uniformly over the command's usual duration and a little beyond; one kill in five aims
    # at the commit instead (the moment its first WAL frame appears), a window of microseconds
    # that uniform moments seldom meet.
    if attempts % 5 == 0:
        killed, in_transaction, frames, rc, out = run_killed(work, args, 3 * durations[label],
                                                             at_wal=True)
    else:
        killed, in_transaction, frames, rc, out = run_killed(
            work, args, rng.uniform(0, 1.2 * durations[label]))
    if not killed:
        finished += 1
        continue
    kills += 1
    ok, foreign, connection = snapshot(work)
    if label == "players import":
        count = connection.execute("SELECT count(*) FROM players").fetchone()[0] - base_players
        whole = 300
    else:
        count = len(table_hands(connection, 1, 1))
        whole = 16
    audit_gaps = unaudited_hands(connection)
    recomputed = recomputed_standings(connection)
    connection.close()
    if in_transaction:
        phase = "commit" if frames > 0 else "during"
    else:
        phase = "after" if count == whole else "before"
    phases[phase] += 1
    in_flight = phases["during"] + phases["commit"]
    where = f"kill {kills} ({label}, {phase})"
    if not ok or foreign:
        violations.append(f"{where}: integrity_check failed or foreign keys broken {foreign}")
    if count not in (0, whole):
        violations.append(f"{where}: {count} of {whole} imported")
    if phase == "during" and count != 0:
        violations.append(f"{where}: killed before its commit, yet {count} imported")
    if "imported" in out and count != whole:
        violations.append(f"{where}: reported '{out.strip()}', {count} there")
    if audit_gaps:
        violations.append(f"{where}: {audit_gaps} hands without their audit line or the reverse")
    players, err = standings(work)
    reference = expected[label] if count == whole else base_standings
    if players != reference:
        violations.append(f"{where}: standings differ from a clean run's ({err.strip()})")
    if players is None or figures_of(players) != recomputed:
        violations.append(f"{where}: standings differ from the stored hands' ({err.strip()})")
    # Now and then the import is run again on the recovered file: it must go through once.
    if count == 0 and kills % 10 == 0:
        rc, out, err = run(work, *args)
        players, _ = standings(work)
        if rc != 0 or players != expected[label]:
            violations.append(f"{where}: the import run again after the kill: rc={rc} {err}")

print(f"# imports: {kills} kills ({finished} runs ended before their kill), {in_flight} in flight; "
      f"before {phases['before']}, during the transaction {phases['during']}, "
      f"during the commit {phases['commit']}, after the commit {phases['after']}")
check(f"{kills} kills of the imports", kills >= IMPORT_KILLS, f"{attempts} attempts")
check("every kill left the file intact, each import all there or not at all, the standings the "
      "same", not violations, "; ".join(violations[:5]))

# ---- kills during `hand add`: session 2, a table after the other ---------------------------------
ADDS = path("adds.db")
copy_database(BASE, ADDS)
must(ADDS, "seating", "draw", "--session", "2")
add_base = path("adds-base.db")
copy_database(ADDS, add_base)


def add_args(table):
    if rng.random() < 0.1:
        return ["hand", "add", "--session", "2", "--table", str(table), "--draw", "--json"]
    winner = rng.choice(WIND)
    source = rng.choice([w for w in WIND if w != winner] + ["self"])
    return ["hand", "add", "--session", "2", "--table", str(table), "--winner", winner,
            "--from", source, "--fan", str(rng.randint(8, 64)), "--json"]


add_duration = median_duration(ADDS, add_args(1))
add_phases = {"before": 0, "during": 0, "commit": 0, "after": 0}
add_violations = []
add_kills = 0
saved = 0
for table in range(1, ADD_TABLES + 1):
    reported = set()  # the ids of the hands whose command printed success
    killed_here = 0
    extras = 0  # hands saved by a command that was killed before it could say so
    count = 0
    while count < 16:
        args = add_args(table)
        if rng.random() < 0.4:
            killed, in_transaction, frames, rc, out = run_killed(
                ADDS, args, rng.uniform(0, 1.2 * add_duration))
        else:
            killed = False
            rc, out, err = run(ADDS, *args)
        if rc == 0:
            reported.add(json.loads(out)["id"])
            saved += 1
        elif not killed:
            add_violations.append(f"table {table}: hand add failed: rc={rc} {err.strip()}")
            break
        ok, foreign, connection = snapshot(ADDS)
        hands = table_hands(connection, 2, table)
        audit_gaps = unaudited_hands(connection)
        recomputed = recomputed_standings(connection)
        connection.close()
        count = len(hands)
        ids = [h[0] for h in hands]
        where = f"session 2 table {table} hand {count}"
        if killed:
            add_kills += 1
            killed_here += 1
            landed = len(set(ids) - reported) > extras
            if in_transaction:
                phase = "commit" if frames > 0 else "during"
            else:
                phase = "after" if landed else "before"
            add_phases[phase] += 1
            where += f" (kill {add_kills}, {phase})"
        if not ok or foreign:
            add_violations.append(f"{where}: integrity_check failed or foreign keys broken")
        if [h[1] for h in hands] != list(range(1, count + 1)):
            add_violations.append(f"{where}: hand numbers {[h[1] for h in hands]}")
        if not reported <= set(ids):
            add_violations.append(f"{where}: reported hands missing: {reported - set(ids)}")
        if len(set(ids) - reported) > killed_here:
            add_violations.append(f"{where}: more hands than commands")
        if killed and phase == "during" and landed:
            add_violations.append(f"{where}: killed before its commit, yet saved")
        extras = len(set(ids) - reported)
        if audit_gaps:
            add_violations.append(f"{where}: {audit_gaps} hands without their audit line")
        players, err = standings(ADDS)
        if players is None or figures_of(players) != recomputed:
            add_violations.append(f"{where}: standings differ from the hands ({err.strip()})")

# The same hands entered into a fresh copy by one import give the same standings.
rows = []
for table in range(1, ADD_TABLES + 1):
    for h in json.loads(must(ADDS, "hand", "list", "--session", "2", "--table", str(table),
                             "--json"))["hands"]:
        if h["draw"]:
            rows.append({"session": 2, "table": table, "draw": True})
        else:
            rows.append({"session": 2, "table": table, "winner": h["winner"], "from": h["from"],
                         "fan": h["total"]})
must(add_base, "hand", "import", write("again.jsonl", "".join(json.dumps(r) + "\n" for r in rows)))
check("the hands left after the kills, imported into a fresh copy, give the same standings",
      standings(add_base)[0] == standings(ADDS)[0])

add_in_flight = add_phases["during"] + add_phases["commit"]
print(f"# hand add: {saved} reported saved, {add_kills} kills, {add_in_flight} in flight; "
      f"before {add_phases['before']}, during the transaction {add_phases['during']}, "
      f"during the commit {add_phases['commit']}, after the commit {add_phases['after']}")
print(f"# in all: {kills + add_kills} kills, {in_flight + add_in_flight} while a write was in "
      f"flight, {len(violations) + len(add_violations)} violations")
check("every hand reported saved is there once with its audit line, numbers contiguous, the "
      "standings recomputed from the hands", not add_violations, "; ".join(add_violations[:5]))
check("at least 50 kills landed while a write was in flight",
      in_flight + add_in_flight >= 50, f"{in_flight + add_in_flight}")

shutil.rmtree(folder)
finish()
