#!/usr/bin/env python3
# test-cli-hall-restart.py: the hall's server restarted while its stations write (SPEC.md §3.3:
# "A lost connection exits 3"; nothing is entered twice).  A private cluster of its own
# (build-aux/test-server.sh, a free loopback port); four referees enter hands in a loop through
# `sparrow-cli hand add --expect-hand N`, each at a table of its own, and a long-lived station
# (helper-db-referee station: one connection, the store's operations as the app calls them)
# enters hands at a fifth.  Meanwhile the cluster is restarted twice, `pg_ctl restart -m fast`
# then `-m immediate`.  Checks:
# - every command either succeeded (exit 0, its hand stored once) or exited 3 saying the
#   connection was lost or could not be made; a referee then sends the same entry again, with
#   the same --expect-hand, until the server answers: it is stored then, or, when the failed
#   command's commit had reached the server before the drop, refused as stale (exit 1) naming
#   the referee's own hand — never stored twice;
# - the stored hands are exactly those, numbered 1, 2, 3 … at every table, one log line each
#   by the referee who entered it;
# - the long-lived station reports its first operation after the first restart as a lost
#   connection (nothing changed) and the next one works, on a new connection, with its referee
#   kept, and it sees what the others entered meanwhile; after the second, setting the referee
#   (as the table view does before each change) meets the dropped connection quietly and the
#   entry that follows works;
# - new commands work after the restarts;
# - a connection dropped after its COMMIT reached the server, before the answer came back (a
#   proxy on a loopback port cuts it there): exit 3, saying that the change may have been saved
#   (not that nothing was), and the hand is stored once; the same entry sent again with the
#   same --expect-hand is refused as stale naming it, not stored twice.
#
#   test-cli-hall-restart.py SPARROW-CLI HELPER-DB-REFEREE [SECONDS]
# Skipped when PostgreSQL's server or psql is not installed.
# SPDX-License-Identifier: GPL-3.0-or-later
import collections
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish, skip  # noqa: E402
from spstore import Store  # noqa: E402

CLI, HELPER = sys.argv[1], sys.argv[2]
SECONDS = float(sys.argv[3] if len(sys.argv) > 3 else "12")
SESSIONS = 20
TEST_SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build-aux",
                           "test-server.sh")
bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
              key=lambda p: [int(x) if x.isdigit() else 0 for x in p.split("/")])
if not bins or shutil.which("psql") is None:
    skip("a server restart while the stations write", "PostgreSQL's server or psql not installed")
    finish()
PG_CTL = bins[-1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


cluster = tempfile.mkdtemp(prefix="sparrow-hall-restart-")
os.chmod(cluster, 0o755)
started = subprocess.run([TEST_SERVER, "start", cluster, str(free_port())], capture_output=True,
                         text=True, timeout=120)
if started.returncode != 0:
    print(f"Bail out! starting a private server: {started.stderr.strip()}")
    shutil.rmtree(cluster, ignore_errors=True)
    sys.exit(1)
SERVER = started.stdout.strip()


def restart(mode):
    """Restarts the cluster (as its owner, postgres when run as root) and waits until it
    accepts connections again; how long it took."""
    owner = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    began = time.monotonic()
    p = subprocess.run([*owner, PG_CTL, "-D", os.path.join(cluster, "data"), "-l",
                        os.path.join(cluster, "server.log"), "-m", mode, "-w", "-t", "60",
                        "restart"], capture_output=True, text=True, timeout=120)
    return p.returncode, time.monotonic() - began, p.stderr


store = Store(cluster, "hall", True, server=SERVER)
DB = store.location
sparrow_cli = command(CLI, timeout=120)


def must(*args):
    rc, out, err = sparrow_cli("--db", DB, *args)
    if rc != 0:
        print(f"Bail out! sparrow-cli {' '.join(args)}: rc={rc} {err}")
        subprocess.run([TEST_SERVER, "stop", cluster])
        sys.exit(1)
    return out


must("db", "init")
must("tournament", "create", "--name", "Restart Cup", "--rules", "mcr", "--sessions",
     str(SESSIONS), "--seating", "random")
players_csv = os.path.join(cluster, "players.csv")
with open(players_csv, "w", encoding="utf-8") as f:
    f.write("name\n" + "".join(f"Player {i}\n" for i in range(1, 21)))
must("players", "import", players_csv)
seated = subprocess.run([HELPER, "seat", DB, str(SESSIONS)], capture_output=True, text=True)
if seated.returncode != 0:
    print(f"Bail out! seating: {seated.stderr}")
    subprocess.run([TEST_SERVER, "stop", cluster])
    sys.exit(1)

LOST = ("lost the connection to the server", "cannot connect to the server")
# Said when the connection dropped during COMMIT: the change may have reached the server.
MAYBE_SAVED = "the change may have been saved: look before making it again"
stored_by = []      # (session, table, number, referee) of every hand a referee knows is stored
lost = []           # the messages of the commands that exited 3
confirmed = []      # (session, table, number) a failed command had stored, the retry refused
wrong = []          # anything else: an unclear failure, a double, a number out of turn
lock = threading.Lock()
deadline = time.monotonic() + SECONDS


def hand_add(name, session, table, expect):
    args = ["--db", DB, "--referee", name, "--json", "hand", "add", "--session", str(session),
            "--table", str(table), "--draw", "--expect-hand", str(expect)]
    p = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)
    try:
        data = json.loads(p.stdout) if p.stdout else {}
    except json.JSONDecodeError:
        data = {}
    message = data.get("error", {}).get("message", "") + p.stderr.strip()
    return p.returncode, data, message


def referee(table, name):
    session, expect, retrying = 1, 1, False
    while session <= SESSIONS and (time.monotonic() < deadline or retrying):
        rc, data, message = hand_add(name, session, table, expect)
        with lock:
            if rc == 0 and data.get("number") == expect:
                stored_by.append((session, table, expect, name))
                expect, retrying = expect + 1, False
            elif rc == 1 and "is complete" in message:
                session, expect, retrying = session + 1, 1, False
            elif rc == 3 and (LOST[0] in message and ("nothing was changed" in message
                                                      or MAYBE_SAVED in message)
                              or LOST[1] in message):
                lost.append(message)
                retrying = True
                time.sleep(0.05)
            elif (rc == 1 and retrying and f"is at hand {expect + 1}: hand {expect} was "
                  f"entered by {name} at" in message):
                # The failed command's commit reached the server: stored once, not again.
                confirmed.append((session, table, expect))
                stored_by.append((session, table, expect, name))
                expect, retrying = expect + 1, False
            else:
                wrong.append(f"{name} at hand {expect}: rc={rc} {data} {message}")
                return


# The long-lived station, at table 5.
station = subprocess.Popen([HELPER, "station", DB, "station-5"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
station_next = 1


def ask(line):
    station.stdin.write(line + "\n")
    station.stdin.flush()
    return station.stdout.readline().strip()


def station_adds():
    """One hand at table 5; the answer."""
    global station_next
    answer = ask(f"add 1 5 {station_next}")
    if answer.startswith("ok "):
        stored_by.append((1, 5, station_next, "station-5"))
        station_next += 1
    return answer


ready = station.stdout.readline().strip()
check("the long-lived station is connected", ready == "ready", station.stderr.read()
      if ready != "ready" else "")
before = [station_adds() for _ in range(2)]
check("it enters hands", all(a.startswith("ok ") for a in before), before)
version_before = ask("version")

threads = [threading.Thread(target=referee, args=(t, f"referee-{t}")) for t in range(1, 5)]
for t in threads:
    t.start()

restarts = []
after_restart = {}
for when, mode in ((0.25, "fast"), (0.6, "immediate")):
    time.sleep(max(0.0, deadline - SECONDS + SECONDS * when - time.monotonic()))
    rc, took, err = restart(mode)
    restarts.append((mode, rc, took, err.strip()))
    if mode == "fast":
        # The station's first operation meets the dropped connection, its next a new one.
        after_restart[mode] = (station_adds(), station_adds(), ask("version"))
    else:
        after_restart[mode] = (ask("referee station-5"), station_adds())

for t in threads:
    t.join()
station.stdin.close()
station_rc = station.wait(timeout=60)

for mode, rc, took, err in restarts:
    check(f"the server restarted (-m {mode}) while the referees wrote", rc == 0,
          f"rc={rc} {err}")
print(f"# restarts: {', '.join(f'-m {m} in {took:.1f} s' for m, _, took, _ in restarts)}")
print(f"# {len(stored_by)} hands; {len(lost)} commands exited 3, {len(confirmed)} of them had "
      f"committed before the drop")
for message in sorted({m.split(" (")[0] for m in lost})[:4]:
    print(f"# exit 3: {message}")

check("every failure was a lost connection, exit 3, said in words; no other refusal",
      not wrong, "; ".join(wrong[:3]))
check("the restarts reached the referees: some commands exited 3", len(lost) > 0)
first, second, version = after_restart["fast"]
check("the station's first operation after a restart is a lost connection, nothing changed",
      first.startswith("error io ") and "lost the connection" in first
      and "nothing was changed" in first, first)
check("its next operation works, on a new connection", second.startswith("ok "), second)
check("after the reconnect the station sees what the others entered meanwhile",
      version.startswith("ok ") and version != version_before, f"{version_before} then {version}")
setting, entry = after_restart["immediate"]
check("setting the referee after the second restart meets the dropped connection quietly",
      setting == "ok", setting)
check("and the entry that follows works", entry.startswith("ok "), entry)
station_err = station.stderr.read()
check("the station closed cleanly, without a warning",
      station_rc == 0 and "WARNING **" not in station_err, f"rc={station_rc} {station_err}")

# New commands after the restarts.
rc, data, message = hand_add("referee-9", SESSIONS, 1, 1)
check("a new command works after the restarts", rc == 0 and data.get("number") == 1, message)
if rc == 0:
    stored_by.append((SESSIONS, 1, 1, "referee-9"))



class CuttingProxy:
    """Relays connections on a loopback port to the server; once a client has sent an INSERT
    INTO hands and then COMMIT, the COMMIT goes through, and both sides are closed before the
    server's answer is relayed: the commit happened, the client never hears it."""

    def __init__(self, port):
        self.port = port
        self.cut = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.address = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.port))
            threading.Thread(target=self.upstream, args=(client, server), daemon=True).start()
            threading.Thread(target=self.downstream, args=(client, server), daemon=True).start()

    def upstream(self, client, server):
        seen, inserted = b"", False
        while True:
            try:
                data = client.recv(65536)
            except OSError:
                data = b""
            if not data:
                break
            seen = seen[-64:] + data
            inserted = inserted or b"INSERT INTO hands" in seen
            try:
                server.sendall(data)
            except OSError:
                break
            if inserted and b"COMMIT\x00" in seen:
                time.sleep(0.5)  # the server commits
                self.cut += 1
                break
        for s in (client, server):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def downstream(self, client, server):
        while True:
            try:
                data = server.recv(65536)
                if not data or self.cut_pending(data):
                    break
                client.sendall(data)
            except OSError:
                break

    def cut_pending(self, data):
        # The answer to COMMIT ("CommandComplete COMMIT") is never relayed.
        return b"COMMIT\x00" in data

    def close(self):
        self.listener.close()


proxy = CuttingProxy(int(SERVER.rsplit(":", 1)[1]))
THROUGH_PROXY = f"postgresql://postgres@127.0.0.1:{proxy.address}/{store.database}"
count_before = store.count("hands")
p = subprocess.run([CLI, "--db", THROUGH_PROXY, "--referee", "referee-cut", "hand", "add",
                    "--session", str(SESSIONS), "--table", "2", "--draw", "--expect-hand", "1"],
                   capture_output=True, text=True, timeout=120)
proxy.close()
check("a connection cut after its COMMIT reached the server: exit 3, the connection lost",
      proxy.cut == 1 and p.returncode == 3 and LOST[0] in p.stderr,
      f"cut {proxy.cut}, rc={p.returncode} {p.stderr}")
check("and the hand is stored, once", store.count("hands") == count_before + 1)
check("the message says the change may have been saved, not that nothing was changed",
      MAYBE_SAVED in p.stderr and "nothing was changed" not in p.stderr, p.stderr)
rc, data, message = hand_add("referee-cut", SESSIONS, 2, 1)
check("the same entry again with the same --expect-hand is refused as stale, naming it",
      rc == 1 and "is at hand 2: hand 1 was entered by referee-cut at" in message,
      f"rc={rc} {message}")
check("and not stored twice", store.count("hands") == count_before + 1)
stored_by.append((SESSIONS, 2, 1, "referee-cut"))

# The same cut with the entry's own key (what a station's outbox sends): sent again with it,
# the hand is found and nothing is entered twice, whatever the table did meanwhile.
proxy = CuttingProxy(int(SERVER.rsplit(":", 1)[1]))
THROUGH_PROXY = f"postgresql://postgres@127.0.0.1:{proxy.address}/{store.database}"
count_before = store.count("hands")
keyed = ["hand", "add", "--session", str(SESSIONS), "--table", "3", "--draw", "--key",
         f"station-9-{os.getpid()}-1"]
p = subprocess.run([CLI, "--db", THROUGH_PROXY, "--referee", "referee-key", *keyed],
                   capture_output=True, text=True, timeout=120)
proxy.close()
check("a keyed entry cut after its COMMIT: exit 3, the change may have been saved",
      proxy.cut == 1 and p.returncode == 3 and MAYBE_SAVED in p.stderr,
      f"cut {proxy.cut}, rc={p.returncode} {p.stderr}")
p = subprocess.run([CLI, "--db", DB, "--referee", "referee-key", *keyed, "--json"],
                   capture_output=True, text=True, timeout=120)
sent = json.loads(p.stdout) if p.returncode == 0 else {}
check("sent again with its key: exit 0, the stored hand found (repeated), nothing added",
      p.returncode == 0 and sent.get("repeated") is True and sent.get("number") == 1
      and store.count("hands") == count_before + 1, f"rc={p.returncode} {p.stdout} {p.stderr}")
stored_by.append((SESSIONS, 3, 1, "referee-key"))

# What the server holds.
rows = [tuple(int(v) for v in row) for row in store.rows(
    "SELECT h.id, s.number, h.table_number, h.number FROM hands h "
    "JOIN sessions s ON s.id = h.session_id")]
keys = collections.Counter(r[1:] for r in rows)
expected = collections.Counter(k[:3] for k in stored_by)
check("every hand a referee was told of is stored once, and nothing else",
      keys == expected and all(n == 1 for n in keys.values()),
      f"{len(rows)} stored, {len(stored_by)} told; extra {list((keys - expected).items())[:3]} "
      f"missing {list((expected - keys).items())[:3]}")
tables = collections.defaultdict(list)
for _, session, table, number in rows:
    tables[(session, table)].append(number)
gaps = {k: sorted(v) for k, v in tables.items() if sorted(v) != list(range(1, len(v) + 1))}
check("the hand numbers of every table are 1, 2, 3 … without a gap or a repeat", not gaps,
      str(list(gaps.items())[:3]))
audit = collections.Counter(int(row_id) for (row_id,) in store.rows(
    "SELECT row_id FROM audit WHERE target = 'hands' AND action = 'insert'"))
check("the audit log has one insert per hand",
      all(audit[r[0]] == 1 for r in rows) and sum(audit.values()) == len(rows))
rc, out, err = sparrow_cli("--db", DB, "log", "--json")
entries = collections.Counter(
    (line["session"], line["table"], line["hand"], line["who"])
    for line in (json.loads(out)["log"] if rc == 0 else []) if line["kind"] == "hand-entered")
check("sparrow-cli log lists every hand once, with the referee who entered it",
      rc == 0 and entries == collections.Counter(stored_by),
      f"rc={rc} {sum(entries.values())} entries for {len(stored_by)} hands {err}")

subprocess.run([TEST_SERVER, "stop", cluster], capture_output=True, timeout=120)
shutil.rmtree(cluster, ignore_errors=True)
finish()
