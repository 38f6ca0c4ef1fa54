#!/usr/bin/env python3
# test-cli-refusals.py: bad input to the tournament commands of sparrow-cli is refused with a
# message saying what and where, with the exit status of SPEC.md §3, and nothing half-written.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sqlite3
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-cli-")
DB = os.path.join(folder, "club.db")


def run(*args, db=DB):
    return sparrow_cli("--db", db, *args)


def write(name, text, encoding="utf-8"):
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode(encoding))
    return path


def count_rows(table):
    db = sqlite3.connect(DB)
    try:
        return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    finally:
        db.close()


rc, out, err = run("tournament", "create", "--name", "Club night", "--rules", "mcr",
                   "--sessions", "2", "--seating", "random")
check("create", rc == 0, err)
rc, _, err = run("tournament", "create", "--name", "Club night", "--rules", "mcr")
check("a second tournament of the same name", rc == 1 and "already exists" in err, err)
rc, _, err = run("tournament", "create", "--name", "X", "--rules", "poker")
check("an unknown ruleset is a usage error", rc == 2 and "poker" in err, err)
rc, _, err = run("tournament", "create", "--name", "X", "--rules", "mcr", "--option", "nope=1")
check("an unknown option", rc == 2 and "nope" in err, err)

# ---- players import: every bad row names its line and imports nothing ------------------------
good = "name,club\n" + "".join(f"Player {i},Club\n" for i in range(1, 9))
rc, out, err = run("players", "import", write("good.csv", good))
check("import 8 players", rc == 0 and "8 players" in out, out + err)
cases = [
    ("missing name", "name,club\nAnn,A\n,B\n", "line 3", "name is missing"),
    ("unknown column", "name,rating\nAnn,1500\n", "line 1", "unknown column 'rating'"),
    ("duplicate in the file", "club,name\nA,Ann\nB,Bo\nC,Ann\n", "line 4", "twice"),
    ("already registered", "name\nAnn\nPlayer 3\n", "line 3", "already registered"),
    ("invalid UTF-8", b"name\nAnn\n\xc3\x28bad\n", "line 3", "UTF-8"),
    ("too many fields", "name,club\nAnn,A,extra\n", "line 2", "fields"),
    ("no name column", "club,team\nA,B\n", "line 1", "no 'name' column"),
]
for name, text, line, what in cases:
    path = write(name.replace(" ", "-") + ".csv", text)
    rc, out, err = run("players", "import", path)
    check(f"import refuses a {name}", rc == 1 and line in err and what in err, err)
check("nothing half-imported", count_rows("players") == 8)
rc, out, err = run("players", "import", write("bom.csv", "\ufeffname,country\n王芳,CN\n李娜,TW\n"))
check("a BOM and Chinese names", rc == 0 and "2 players" in out, err)

# ---- players -----------------------------------------------------------------------------------
rc, _, err = run("players", "withdraw", "999")
check("withdraw an unknown player", rc == 1 and "no player 999" in err, err)
rc, _, err = run("players", "withdraw", "abc")
check("withdraw needs a number", rc == 2, err)
rc, _, err = run("players", "add", "Player 1")
check("add a registered name", rc == 1 and "already registered" in err, err)
rc, _, err = run("players", "substitute", "1")
check("substitute needs --by", rc == 2 and "--by" in err, err)

# ---- hands -------------------------------------------------------------------------------------
rc, _, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S",
                 "--fan", "8")
check("a hand before the draw", rc == 1 and "not been drawn" in err, err)
rc, out, err = run("seating", "draw", "--session", "1", "--seed", "5")
check("draw 10 players is refused", rc == 1 and "multiple of 4" in err, err)
rc, out, err = run("players", "withdraw", "9")
rc, out, err = run("players", "withdraw", "10")
rc, out, err = run("seating", "draw", "--session", "1", "--seed", "5", "--json")
check("draw 8 players", rc == 0 and len(json.loads(out)["tables"]) == 2, err)
rc, _, err = run("seating", "draw", "--session", "3")
check("a session beyond the tournament", rc == 1 and "2 sessions" in err, err)

base = ["hand", "add", "--session", "1"]
rc, _, err = run(*base, "--table", "3", "--winner", "E", "--from", "S", "--fan", "8")
check("an unknown table", rc == 1 and "no table 3" in err, err)
rc, _, err = run(*base, "--table", "1", "--winner", "X", "--from", "S", "--fan", "8")
check("a seat letter that is not at the table", rc == 1 and "'X'" in err, err)
rc, _, err = run(*base, "--table", "1", "--winner", "E", "--from", "E", "--fan", "8")
check("a winner on his own discard", rc == 1 and "own" in err, err)
rc, _, err = run(*base, "--table", "1", "--winner", "E", "--from", "S", "--fan", "7")
check("below the minimum", rc == 1 and "minimum" in err, err)
rc, out, _ = run(*base, "--table", "1", "--winner", "E", "--from", "S", "--fan", "7", "--json")
check("below the minimum in JSON", rc == 1 and json.loads(out)["error"]["code"]
      == "below-minimum" and json.loads(out)["error"]["total"] == 7, out)
# Refused verdicts carry what score --json says of the same hand: ready / shanten, the total.
hand_cases = [
    ("not ready (诈和)", "19m19p19sESWNCF5m1m", "--from", "S"),
    ("ready on another tile (和错牌)", "[123m][123p][345s]678s5m6m", "--from", "S"),
    ("below the minimum", "[123m][456m][789p]22s34s5s", "--from", "S"),
]
for name, tiles, *more in hand_cases:
    rc, out, _ = run(*base, "--table", "1", "--winner", "E", *more, "--hand", tiles, "--json")
    got = json.loads(out)["error"] if rc == 1 else {}
    rc, out, _ = run("score", "--rules", "mcr", "--json", "--discarder", "S", tiles)
    want = json.loads(out)["error"]
    check(f"hand add --json: {name}", got.get("code") == want["code"]
          and got.get("code") in ("not-a-win", "below-minimum")
          and "session 1 table 1 hand 1" in got.get("message", "")
          and {k: v for k, v in got.items() if k not in ("message",)}
          == {k: v for k, v in want.items() if k not in ("message",)}, f"{got} {want}")
rc, out, _ = run(*base, "--table", "1", "--winner", "E", "--from", "S", "--hand",
                 "19m19p19sESWNCF5m1m", "--json")
check("not ready: shanten 1", rc == 1 and json.loads(out)["error"]["ready"] is False
      and json.loads(out)["error"]["shanten"] == 1, out)
rc, out, _ = run(*base, "--table", "1", "--winner", "E", "--from", "S", "--hand",
                 "[123m][123p][345s]678s5m6m", "--json")
check("ready on another tile: no shanten", rc == 1 and json.loads(out)["error"]["ready"] is True
      and "shanten" not in json.loads(out)["error"], out)
rc, _, err = run(*base, "--table", "1", "--winner", "S", "--from", "E", "--fan", "8",
                 "--seat-wind", "E")
check("a contradicting --seat-wind", rc == 1 and "contradicts" in err, err)
rc, _, err = run(*base, "--table", "1", "--winner", "S", "--from", "E", "--fan", "8",
                 "--round-wind", "S")
check("a contradicting --round-wind", rc == 1 and "round wind is E" in err, err)
rc, _, err = run(*base, "--table", "1", "--winner", "S", "--from", "E", "--fan", "8",
                 "--self-drawn")
check("--self-drawn with a discarder", rc == 1 and "contradicts" in err, err)
rc, _, err = run(*base, "--table", "1", "--winner", "S", "--from", "E")
check("neither --hand nor --fan", rc == 1 and "--fan" in err, err)
rc, _, err = run(*base, "--table", "1", "--draw", "--winner", "E")
check("a draw with a winner", rc == 1, err)
rc, _, err = run(*base, "--table", "1", "--bogus")
check("an unknown option", rc == 2 and "--bogus" in err, err)
check("no hand half-written", count_rows("hands") == 0)

for n in range(16):
    rc, _, err = run(*base, "--table", "1", "--draw")
rc, _, err = run(*base, "--table", "1", "--draw")
check("a 17th hand", rc == 1 and "complete" in err, err)
rc, _, err = run("session", "close", "--session", "1")
check("closing an incomplete session", rc == 1 and "table 2 has 0 hands" in err, err)
rc, out, err = run("session", "close", "--session", "1", "--time-up")
check("closing at time up", rc == 0, err)
rc, _, err = run(*base, "--table", "2", "--draw")
check("a hand in a closed session", rc == 1 and "closed" in err, err)
rc, _, err = run("penalty", "add", "--session", "1", "--player", "1", "--points", "5",
                 "--reason", "slow")
check("a penalty in a closed session", rc == 1 and "closed" in err, err)
rc, _, err = run("session", "reopen", "--session", "1")
check("reopening needs --force", rc == 1 and "--force" in err, err)
rc, _, err = run("session", "reopen", "--session", "1", "--force")
check("reopen --force", rc == 0, err)
rc, _, err = run("penalty", "add", "--session", "1", "--player", "77", "--points", "5",
                 "--reason", "slow")
check("a penalty for an unknown player", rc == 1 and "no player 77" in err, err)
rc, _, err = run("hand", "edit", "12345", "--fan", "9")
check("editing an unknown hand", rc == 1 and "no hand 12345" in err, err)

# ---- hand import: one transaction, a bad line names itself and imports nothing ----------------
before = count_rows("hands")
path = write("hands.csv", "session,table,winner,from,fan,draw\n1,2,E,S,8,\n1,2,W,self,9,\n"
             "1,2,N,Q,8,\n")
rc, _, err = run("hand", "import", path)
check("import refuses a bad seat", rc == 1 and "hands.csv line 4" in err and "'Q'" in err, err)
path = write("wide.csv", "session,table,winner,from,fan\n1,2,E,S,8,1\n")
rc, _, err = run("hand", "import", path)
check("import refuses a line wider than the header, counts in words",
      rc == 1 and "line 2: 6 fields, but the header names 5 columns" in err, err)
path = write("hands.jsonl", '{"session":1,"table":2,"winner":"E","from":"S","fan":8}\n'
             '{"session":1,"table":5,"draw":true}\n')
rc, _, err = run("hand", "import", path)
check("import refuses an unknown table", rc == 1 and "line 2" in err and "no table 5" in err, err)
check("nothing half-imported", count_rows("hands") == before)
path = write("ok.jsonl", '{"session":1,"table":2,"winner":"E","from":"S","fan":8}\n'
             '{"session":1,"table":2,"draw":true}\n')
rc, out, err = run("hand", "import", path)
check("import two hands", rc == 0 and "2 hands" in out, err)

# ---- files that are not Sparrow's -------------------------------------------------------------
notes = write("notes.txt", "Dear referees, the tournament starts at nine. " * 20)
rc, _, err = run("players", "list", db=notes)
check("a text file is not a database", rc == 3 and "not a Sparrow database" in err, err)
other = os.path.join(folder, "other.db")
db = sqlite3.connect(other)
db.execute("CREATE TABLE songs (title TEXT)")
db.commit()
db.close()
rc, _, err = run("players", "list", db=other)
check("another program's database", rc == 3 and "not a Sparrow database" in err, err)
newer = os.path.join(folder, "newer.db")
rc, _, _ = run("tournament", "list", db=newer)
db = sqlite3.connect(newer)
db.execute("PRAGMA user_version = 42")
db.commit()
db.close()
rc, _, err = run("tournament", "list", db=newer)
check("a database of a newer Sparrow", rc == 3 and "newer" in err, err)
rc, out, _ = run("tournament", "list", "--json", db=newer)
check("storage errors in JSON", rc == 3 and json.loads(out)["error"]["code"] == "too-new", out)

# ---- hand import: CSV and JSON Lines; a bad line names itself and imports nothing -------------
IMPORT_DB = os.path.join(folder, "import.db")
run("tournament", "create", "--name", "Import night", "--rules", "mcr", "--sessions", "1",
    db=IMPORT_DB)
run("players", "import", write("eight.csv", good), db=IMPORT_DB)
rc, _, err = run("seating", "draw", "--session", "1", "--seed", "3", db=IMPORT_DB)
check("import: draw", rc == 0, err)


def hands_at_table_1():
    rc, out, _ = run("hand", "list", "--session", "1", "--table", "1", "--json", db=IMPORT_DB)
    return len(json.loads(out)["hands"]) if rc == 0 else -1


jsonl = ('{"session": 1, "table": 1, "draw": true}\n'
         '{"session": 1, "table": 1, "winner": "E", "from": "W", "fan": 12}\n'
         '{"session": 1, "table": 1, "winner": "S", "from": "self", "hand": "999m11s99pEEECCC1s",'
         ' "situation": "--self-drawn"}\n')
rc, out, err = run("hand", "import", write("hands.jsonl", jsonl), db=IMPORT_DB)
check("import JSON Lines", rc == 0 and out.strip() == "3 hands imported", out + err)
csv_text = ("session,table,winner,from,fan,draw\n"
            "1,1,W,N,9,\n"
            "1,2,E,self,8,\n")
rc, out, err = run("hand", "import", write("hands.csv", csv_text), db=IMPORT_DB)
check("import CSV", rc == 0 and out.strip() == "2 hands imported", out + err)
check("imported hands are listed", hands_at_table_1() == 4, str(hands_at_table_1()))
for name, text, where in [
    ("unknown key", '{"session": 1, "table": 1, "draw": true}\n{"session": 1, "tabel": 1}\n',
     "line 2: unknown key 'tabel'"),
    ("not JSON", '{"session": 1, "table": 1, "draw": true}\n{"session": 1,\n', "line 2"),
    ("not a win", '{"session": 1, "table": 1, "winner": "E", "from": "S", "hand": "123p456p789s3345m9m"}\n',
     "line 1"),
]:
    before = hands_at_table_1()
    rc, out, err = run("hand", "import", write("bad.jsonl", text), db=IMPORT_DB)
    check(f"import refuses {name}", rc == 1 and where in err, out + err)
    check(f"import of {name} writes nothing", hands_at_table_1() == before,
          f"{before} -> {hands_at_table_1()}")

# ---- hand entry: what a director expects refused, each writing nothing ---------------------------
ENTRY_DB = os.path.join(folder, "entry.db")


def entry(*args, db=ENTRY_DB):
    return run(*args, db=db)


entry("tournament", "create", "--name", "Entry night", "--rules", "mcr", "--sessions", "1")
entry("players", "import", write("entry.csv", good))
rc, _, err = entry("seating", "draw", "--session", "1", "--seed", "3")
check("entry: draw", rc == 0, err)
add = ["hand", "add", "--session", "1", "--table", "1", "--winner", "E"]
for name, args, words in [
    ("--hand and --fan together", ["--from", "S", "--hand", "nonsense", "--fan", "8"], "not both"),
    ("a total beyond any MCR hand", ["--from", "S", "--fan", "1801"], "at most 1800"),
    ("a huge total", ["--from", "S", "--fan", "99999999999"], "more than any MCR hand"),
    ("a total beyond any number", ["--from", "S", "--fan", "999999999999999999999"],
     "no hand scores that much"),
    ("--from self --discarder", ["--from", "self", "--discarder", "W", "--fan", "8"],
     "no discarder"),
    ("MCR --base", ["--from", "S", "--base", "30", "--fan", "8"], "MCR has no stakes"),
    ("MCR --per-tai", ["--from", "S", "--per-tai", "10", "--fan", "8"], "MCR has no stakes"),
    ("a contradicting --dealer", ["--from", "S", "--dealer", "S", "--fan", "8"], "contradicts"),
    ("a contradicting --streak", ["--from", "S", "--streak", "1", "--fan", "8"], "contradicts"),
]:
    rc, _, err = entry(*add, *args)
    check(f"hand add refuses {name}", rc == 1 and words in err, err)
rc, out, _ = entry(*add, "--from", "S", "--hand", "nonsense", "--fan", "8", "--json")
check("--hand and --fan together in JSON", rc == 1
      and json.loads(out)["error"]["code"] == "invalid", out)
db = sqlite3.connect(ENTRY_DB)
check("no refused hand written", db.execute("SELECT count(*) FROM hands").fetchone()[0] == 0)
db.close()

# The tournament's min_fan, not a fixed 8, for a total without tiles.
entry("tournament", "create", "--name", "Six", "--rules", "mcr", "--sessions", "1",
      "--option", "min_fan=6")
entry("--tournament", "Six", "players", "import", write("six.csv", good))
entry("--tournament", "Six", "seating", "draw", "--session", "1", "--seed", "3")
rc, out, err = entry("--tournament", "Six", *add, "--from", "S", "--fan", "6", "--json")
check("min_fan=6 takes a total of 6", rc == 0 and json.loads(out)["total"] == 6, out + err)
rc, _, err = entry("--tournament", "Six", *add, "--from", "S", "--fan", "5")
check("min_fan=6 refuses 5", rc == 1 and "minimum of 6" in err, err)

# A hand at a table where a withdrawn player sits: refused until a substitute takes the seat.
rc, out, _ = entry("--tournament", "Entry night", "seating", "show", "--session", "1", "--json")
seated = json.loads(out)["tables"][0]["seats"][2]["player"]["id"] if rc == 0 else 0
rc, _, err = entry("--tournament", "Entry night", "players", "withdraw", str(seated))
check("withdraw a seated player", rc == 0, err)
rc, _, err = entry("--tournament", "Entry night", "hand", "add", "--session", "1", "--table",
                   "1", "--draw")
check("a hand at a withdrawn player's table", rc == 1 and "withdrawn" in err, err)
rc, _, err = entry("--tournament", "Entry night", "players", "substitute", str(seated), "--by",
                   "Stand-in")
check("a substitute takes the seat", rc == 0, err)
rc, _, err = entry("--tournament", "Entry night", "hand", "add", "--session", "1", "--table",
                   "1", "--draw")
check("the substitute's table plays on", rc == 0, err)
rc, out, _ = entry("--tournament", "Entry night", "hand", "list", "--session", "1", "--json")
first = json.loads(out)["hands"][0]["id"] if rc == 0 else 0
rc, _, err = entry("--tournament", "Entry night", "hand", "edit", str(first), "--winner", "E",
                   "--from", "S", "--hand", "nonsense", "--fan", "8")
check("hand edit refuses --hand and --fan together", rc == 1 and "not both" in err, err)
rc, out, _ = entry("--tournament", "Entry night", "hand", "list", "--session", "1", "--json")
check("the refused correction changed nothing", rc == 0
      and json.loads(out)["hands"][0]["draw"] is True, out)

# ---- names, reasons and CSV rows that are refused, with nothing written ----------------------
NAMES_DB = os.path.join(folder, "names.db")
bad_names = [("empty", ""), ("blank", "   "), ("too long", "x" * 201), ("a tab", "Ann\tLee"),
             ("a newline", "Ann\nLee"), ("invalid UTF-8", b"Ann \xc3\x28")]
for what, name in bad_names:
    rc, _, err = run("tournament", "create", "--name", name, "--rules", "mcr", db=NAMES_DB)
    check(f"a tournament name: {what}", rc == 1 and "name" in err, err)
rc, _, err = run("tournament", "create", "--name", "N" * 200, "--rules", "mcr", "--sessions", "2",
                 "--seating", "random", db=NAMES_DB)
check("a tournament name of 200 characters", rc == 0, err)
for what, name in bad_names:
    rc, _, err = run("players", "add", name, db=NAMES_DB)
    check(f"a player name: {what}", rc == 1 and "name" in err, err)
rc, _, err = run("tournament", "rename", "Ann\tLee", db=NAMES_DB)
check("a rename with a tab", rc == 1 and "control character" in err, err)
path = write("unclosed.csv", 'name\nAnn\n"Unclosed quote\nEve\n')
rc, _, err = run("players", "import", path, db=NAMES_DB)
check("a CSV row with an unclosed quote", rc == 1 and "line 3" in err and "quote" in err, err)
rc, out, _ = run("players", "list", "--json", db=NAMES_DB)
check("no name refused was written", rc == 0 and json.loads(out)["players"] == [], out)
rc, out, err = run("players", "import", write("eight.csv", "name\n" + "".join(
    f"Q{i}\n" for i in range(1, 9))), db=NAMES_DB)
check("names: 8 players", rc == 0, err)
rc, out, err = run("seating", "draw", "--session", "1", "--seed", "11", "--json", db=NAMES_DB)
tables = {t["table"]: [s["player"]["id"] for s in t["seats"]] for t in json.loads(out)["tables"]}
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S",
                   "--fan", "8", "--json", db=NAMES_DB)
hand_id = json.loads(out)["id"] if rc == 0 else 0
rc, _, err = run("penalty", "add", "--session", "1", "--player", str(tables[1][0]), "--points",
                 "5", "--reason", b"slow \xff play", db=NAMES_DB)
check("a penalty reason that is not UTF-8", rc == 1 and "UTF-8" in err, err)
rc, _, err = run("penalty", "add", "--session", "1", "--player", str(tables[2][0]), "--points",
                 "5", "--reason", "slow play", "--hand", str(hand_id), db=NAMES_DB)
check("a penalty at a hand of a table the player is not at",
      rc == 1 and f"player {tables[2][0]}" in err and "does not sit" in err, err)
rc, out, _ = run("penalty", "list", "--json", db=NAMES_DB)
check("no penalty was written", rc == 0 and json.loads(out)["penalties"] == [], out)

# ---- draws that are refused --------------------------------------------------------------------
rc, _, err = run("seating", "draw", "--session", "1", "--seed", "12", db=NAMES_DB)
check("a redraw of a session that has hands", rc == 1 and "already has hands" in err, err)
rc, _, err = run("seating", "draw", "--session", "2", "--seed", "12", db=NAMES_DB)
check("a draw after an open session, random seating", rc == 0, err)
rc, _, err = run("seating", "draw", "--session", "2", "--seed", "13", db=NAMES_DB)
check("another seed on a drawn session: the draw stands",
      rc == 1 and "seed 12" in err and "stands" in err, err)
rc, out, err = run("seating", "draw", "--session", "2", "--seed", "12", "--json", db=NAMES_DB)
check("the same seed on a drawn session", rc == 0 and json.loads(out)["seed"] == 12, err)
SWISS_DB = os.path.join(folder, "swiss.db")
run("tournament", "create", "--name", "Swiss", "--rules", "mcr", "--sessions", "2", "--seating",
    "swiss", db=SWISS_DB)
run("players", "import", write("eight.csv", "name\n" + "".join(f"S{i}\n" for i in range(1, 9))),
    db=SWISS_DB)
rc, _, err = run("seating", "draw", "--session", "1", db=SWISS_DB)
check("swiss: session 1", rc == 0, err)
rc, _, err = run("seating", "draw", "--session", "2", db=SWISS_DB)
check("a Swiss session before the previous one is closed",
      rc == 1 and "session 1 must be closed" in err, err)
rc, out, _ = run("seating", "show", "--session", "2", db=SWISS_DB)
check("the Swiss session was not drawn", rc == 1, out)

# ---- players ---------------------------------------------------------------------------------
rc, _, err = run("players", "substitute", str(tables[1][1]), "--by", "Kim", db=NAMES_DB)
check("substituting an active player asks for --force", rc == 1 and "--force" in err, err)
rc, out, _ = run("players", "list", "--json", db=NAMES_DB)
check("no substitute was written", rc == 0 and len(json.loads(out)["players"]) == 8, out)
rc, out, err = run("players", "substitute", str(tables[1][1]), "--by", "Kim", "--force", "--json",
                   db=NAMES_DB)
check("substitute --force", rc == 0 and json.loads(out)["status"] == "substitute"
      and json.loads(out)["substitute_for"] == tables[1][1], out + err)
rc, _, err = run("players", "reinstate", str(tables[1][1]), db=NAMES_DB)
check("reinstating a replaced player", rc == 1 and "Kim" in err, err)

# The standings command reports one error, once.
rc, out, err = run("standings", "--session", "9", db=NAMES_DB)
check("standings after a session the tournament does not have",
      rc == 1 and err.count("sparrow-cli:") == 1 and "no session 9" in err, err)
rc, out, _ = run("standings", "--session", "9", "--json", db=NAMES_DB)
check("standings --json error", rc == 1 and "error" in json.loads(out), out)

for command in ("tournament", "players", "seating", "hand", "penalty", "session", "standings"):
    rc, out, _ = run(command, "--help")
    check(f"{command} --help", rc == 0 and "Usage" in out, out)

finish()
