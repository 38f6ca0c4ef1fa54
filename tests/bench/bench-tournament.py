#!/usr/bin/env python3
# bench-tournament.py: a 1,000-player × 10-session MCR tournament (40,000 hands) through
# sparrow-cli: the time of `hand import` of all hands (target < 30 s) and of `standings`
# (target < 200 ms).  Prints one figure per line.
#   python3 tests/bench/bench-tournament.py build/app/sparrow-cli [KEY=VALUE]...
# KEY=VALUE are tournament options (e.g. group_tables=4 for R98 group scoring).
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

CLI = sys.argv[1]
OPTIONS = [arg for option in sys.argv[2:] for arg in ("--option", option)]
PLAYERS = 1000
SESSIONS = 10
folder = tempfile.mkdtemp(prefix="sparrow-bench-")
DB = os.path.join(folder, "bench.db")


def run(*args):
    start = time.perf_counter()
    p = subprocess.run([CLI, "--db", DB, *args], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"sparrow-cli {' '.join(args)}: {p.stderr.strip()}")
    return elapsed, p.stdout


run("tournament", "create", "--name", "Bench Open", "--rules", "mcr", "--sessions",
    str(SESSIONS), "--seating", "random", *OPTIONS)
players_csv = os.path.join(folder, "players.csv")
with open(players_csv, "w", encoding="utf-8") as f:
    f.write("name,club,country\n")
    for i in range(1, PLAYERS + 1):
        f.write(f"Player {i:04d},Club {i % 37},C{i % 11}\n")
run("players", "import", players_csv)
for session in range(1, SESSIONS + 1):
    run("seating", "draw", "--session", str(session), "--seed", str(session))

rng = random.Random(2026)
hands_file = os.path.join(folder, "hands.jsonl")
n_hands = 0
with open(hands_file, "w") as f:
    for session in range(1, SESSIONS + 1):
        for table in range(1, PLAYERS // 4 + 1):
            for _ in range(16):
                if rng.random() < 0.15:
                    f.write(json.dumps({"session": session, "table": table, "draw": True}) + "\n")
                else:
                    winner = rng.choice("ESWN")
                    source = rng.choice([s for s in "ESWN" if s != winner] + ["self"])
                    f.write(json.dumps({"session": session, "table": table, "winner": winner,
                                        "from": source, "fan": rng.randint(8, 40)}) + "\n")
                n_hands += 1

import_time, out = run("hand", "import", hands_file)
assert out.strip() == f"{n_hands} hands imported", out
times = [run("standings", "--json")[0] for _ in range(7)]
_, out = run("standings", "--json")
assert len(json.loads(out)["players"]) == PLAYERS

print(f"hands imported: {n_hands}")
print(f"hand import: {import_time:.2f} s ({n_hands / import_time:.0f} hands/s, target < 30 s)")
print(f"standings (median of 7, whole process): {statistics.median(times) * 1000:.0f} ms "
      f"(target < 200 ms)")
print(f"database size: {os.path.getsize(DB) / 1e6:.1f} MB")
