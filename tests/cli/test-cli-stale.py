#!/usr/bin/env python3
# test-cli-stale.py: entries made against what a referee saw (SPEC.md §3.3): `hand add
# --expect-hand N` is refused once the table has hand N, `hand edit|delete ID --expect-version V`
# once the hand has changed; each refusal exits 1, names who changed what and when, and writes
# nothing.  `hand list --json` gives each hand its version.  Each command is its own process, a
# station of its own.  With --postgresql the same on a new database of the test server
# $SP_TEST_POSTGRESQL (skipped without it): two stations of the hall.
#
#   test-cli-stale.py SPARROW-CLI [--postgresql]
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish, skip  # noqa: E402
from spstore import Store, server_missing  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
POSTGRESQL = "--postgresql" in sys.argv[2:]
if POSTGRESQL and server_missing():
    skip("stale entries from two stations on a PostgreSQL server", server_missing())
    finish()
folder = tempfile.mkdtemp(prefix="sparrow-cli-stale-")
store = Store(folder, "stale", POSTGRESQL)
DB = store.location


def run(*args, referee="Referee Wu"):
    return sparrow_cli("--db", DB, "--referee", referee, *args)


def count_rows(table):
    return store.count(table)


def hands():
    rc, out, err = run("hand", "list", "--session", "1", "--table", "1", "--json")
    assert rc == 0, err
    return json.loads(out)["hands"]


def clocks(before, after):
    """The local HH:MM a change made between the times @before and @after can show."""
    return {time.strftime("%H:%M", time.localtime(t)) for t in (before, after)}


if POSTGRESQL:
    rc, _, err = run("db", "init")
    check("db init on the server", rc == 0, err)
rc, _, err = run("tournament", "create", "--name", "Stale", "--rules", "mcr", "--sessions", "1")
check("tournament created", rc == 0, err)
for name in ["Anna", "Bo", "Chen", "Dai"]:
    run("players", "add", name)
rc, _, err = run("seating", "draw", "--session", "1", "--seed", "3")
check("seating drawn", rc == 0, err)

# Hand 1 against "Next: hand 1": accepted, version 1.
started = time.time()
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from",
                   "S", "--fan", "8", "--expect-hand", "1", "--json", referee="Mei Lin")
entered = time.time()
check("hand add --expect-hand 1 on an empty table", rc == 0 and json.loads(out)["number"] == 1
      and json.loads(out)["version"] == 1, out + err)
listed = hands()
check("hand list --json gives each hand a version",
      len(listed) == 1 and listed[0]["version"] == 1, listed)

# The same number again, from a second station that has not seen hand 1.
audit = count_rows("audit")
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "S", "--from",
                   "W", "--fan", "8", "--expect-hand", "1")
match = re.fullmatch(r"sparrow-cli: table 1 is at hand 2: hand 1 was entered by Mei Lin at "
                     r"(\d\d:\d\d)\n", err)
check("a stale hand add exits 1", rc == 1, f"rc={rc} {err}")
check("it names the hand, who entered it and when (local clock)",
      match is not None and match.group(1) in clocks(started, entered), err)
check("and writes nothing", len(hands()) == 1 and count_rows("audit") == audit)

rc, out, err = run("--json", "hand", "add", "--session", "1", "--table", "1", "--draw",
                   "--expect-hand", "1")
data = json.loads(out) if out else {}
check("--json: the refusal is the error object with code stale",
      rc == 1 and data.get("error", {}).get("code") == "stale"
      and "hand 1 was entered by Mei Lin" in data["error"]["message"], out + err)

rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--draw", "--expect-hand", "3")
check("a number beyond the next is refused too",
      rc == 1 and err == "sparrow-cli: table 1 is at hand 2, not hand 3\n", err)

for bad in ["0", "-2", "x"]:
    rc, _, err = run("hand", "add", "--session", "1", "--table", "1", "--draw",
                     "--expect-hand", bad)
    check(f"--expect-hand {bad} is a usage error", rc == 2, f"rc={rc} {err}")

rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--draw", "--expect-hand", "2")
check("the right number is accepted", rc == 0 and len(hands()) == 2, out + err)

# Corrections against a version.
first = hands()[0]
started = time.time()
rc, out, err = run("hand", "edit", str(first["id"]), "--fan", "9", "--expect-version", "1",
                   referee="Bo")
corrected = time.time()
after = hands()[0]
check("hand edit --expect-version 1 is accepted and makes version 2",
      rc == 0 and after["total"] == 9 and after["version"] == 2, out + err)

audit = count_rows("audit")
rc, out, err = run("hand", "edit", str(first["id"]), "--fan", "12", "--expect-version", "1")
match = re.fullmatch(r"sparrow-cli: table 1 hand 1 was corrected by Bo at (\d\d:\d\d) "
                     r"\(version 2, not 1\)\n", err)
check("a stale hand edit exits 1 naming who corrected it and when",
      rc == 1 and match is not None and match.group(1) in clocks(started, corrected), err)
check("and leaves the hand as it was", hands()[0]["total"] == 9 and count_rows("audit") == audit)

rc, out, err = run("hand", "delete", str(first["id"]), "--expect-version", "1")
check("a stale hand delete exits 1", rc == 1 and "corrected by Bo" in err, err)
check("and deletes nothing", len(hands()) == 2 and count_rows("audit") == audit)

rc, out, err = run("hand", "edit", str(first["id"]), "--fan", "10")
check("without --expect-version a correction is not checked", rc == 0
      and hands()[0]["version"] == 3, out + err)

rc, out, err = run("hand", "delete", str(first["id"]), "--expect-version", "3")
remaining = hands()
check("hand delete --expect-version V at the version deletes it",
      rc == 0 and len(remaining) == 1 and remaining[0]["number"] == 1, out + err)
check("the renumbered hand after it is a new version", remaining[0]["version"] > 1, remaining)

# A deletion seen from a station still at "Next: hand 3".
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--draw", "--expect-hand", "3")
check("a hand deleted since is named with who deleted it",
      rc == 1 and "table 1 is at hand 2: hand 1 was deleted by Referee Wu at " in err, err)

# Two stations sending the same entry at the same moment: one is accepted, the other refused
# naming it, whichever comes first; never both.
def at_once(*args_of_each):
    processes = [subprocess.Popen([sys.argv[1], "--db", DB, "--referee", referee, *args],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for referee, args in args_of_each]
    outputs = [p.communicate(timeout=60) for p in processes]
    return [(p.returncode, out, err) for p, (out, err) in zip(processes, outputs)]


raced = []
for attempt in range(4):
    number = len(hands()) + 1
    results = at_once(*[(station, ["hand", "add", "--session", "1", "--table", "1", "--draw",
                                   "--expect-hand", str(number)])
                        for station in ("Station A", "Station B")])
    raced.append((number, results, hands()))
check("the same hand number from two stations at once: one stored, the other refused naming it",
      all(sorted(r[0] for r in results) == [0, 1] and len(after) == number
          and any(f"hand {number} was entered by Station {w}" in r[2] for r in results
                  for w in "AB")
          for number, results, after in raced), str(raced)[:600])

last = hands()[-1]
before_audit = count_rows("audit")
results = at_once(*[(station, ["hand", "edit", str(last["id"]), "--fan", fan, "--winner", "E",
                               "--from", "S", "--expect-version", str(last["version"])])
                    for station, fan in (("Station A", "11"), ("Station B", "13"))])
after = hands()[-1]
winner = "Station A" if after["total"] == 11 else "Station B" if after["total"] == 13 else None
check("one correction of the same version from two stations at once: one applied, the other "
      "refused naming it, nothing overwritten",
      sorted(r[0] for r in results) == [0, 1] and winner is not None
      and after["version"] == last["version"] + 1
      and any(f"was corrected by {winner} at" in r[2] for r in results), f"{results} {after}")
check("the refused one logged nothing", count_rows("audit") == before_audit + 1,
      f"{count_rows('audit') - before_audit} new lines")

store.drop()
shutil.rmtree(folder)
finish()
