#!/usr/bin/env python3
# test-cli-log.py: `sparrow-cli log`: the audit log as the Log page shows it, newest first, with
# who made each change and why; its filters by session, table and player; refused values.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import re
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-cli-log-")
DB = os.path.join(folder, "event.db")
# The times are shown in local time: UTC here, so that they read as stored.
os.environ["TZ"] = "UTC"
os.environ.pop("SPARROW_REFEREE", None)


def run(*args, referee="Director Wu"):
    return sparrow_cli("--db", DB, "--referee", referee, *args)


def log_json(*args):
    rc, out, err = run("log", "--json", *args)
    if rc != 0:
        return rc, None, err
    return rc, json.loads(out)["log"], err


def text_lines(*args):
    """The text log's lines after its heading."""
    rc, out, err = run("log", *args)
    return rc, out.splitlines()[1:], err


names = ["Anna", "Bo", "Chen", "Dai", "Ema", "Fei", "Gus", "Hua"]
run("tournament", "create", "--name", "Club Night", "--rules", "mcr", "--sessions", "2")
for name in names:
    run("players", "add", name)
run("seating", "draw", "--session", "1", "--seed", "7")
rc, out, err = run("seating", "show", "--session", "1", "--json")
tables = {t["table"]: [s["player"]["id"] for s in t["seats"]] for t in json.loads(out)["tables"]}
ids = {}
rc, out, err = run("players", "list", "--json")
for player in json.loads(out)["players"]:
    ids[player["name"]] = player["id"]
by_id = {v: k for k, v in ids.items()}

steps = [
    ("hand", "add", "--session", "1", "--table", "1", "--winner", "S", "--from", "E",
     "--fan", "8"),
    ("hand", "add", "--session", "1", "--table", "2", "--winner", "E", "--from", "self",
     "--fan", "8"),
    ("hand", "add", "--session", "1", "--table", "2", "--draw"),
    ("hand", "edit", "1", "--from", "W", "--reason", "wrong discarder"),
    ("penalty", "add", "--session", "1", "--player", str(tables[1][3]), "--points", "10",
     "--reason", "slow play"),
    ("hand", "delete", "3"),
]
for step in steps:
    rc, out, err = run(*step, referee="Mei Lin")
    check("setup: " + " ".join(step[:2]), rc == 0, f"rc={rc} {out!r} {err!r}")
withdrawn = tables[2][1]
rc, out, err = run("players", "withdraw", str(withdrawn))
check("setup: players withdraw", rc == 0, f"rc={rc} {err!r}")

# ---- the whole log, as JSON -----------------------------------------------------------------
rc, log, err = log_json()
check("log --json: exit 0", rc == 0 and isinstance(log, list), f"rc={rc} {err!r}")
log = log or []
keys = {"id", "at", "when", "who", "kind", "session", "table", "hand", "player", "player_name",
        "points", "note", "text"}
check("every line has the same keys", all(set(line) == keys for line in log),
      str([sorted(line) for line in log if set(line) != keys][:1]))
ids_in_order = [line["id"] for line in log]
check("newest first", ids_in_order == sorted(ids_in_order, reverse=True) and len(log) > 10,
      str(ids_in_order))
check("times are the stored UTC, in ISO 8601",
      all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", line["at"]) for line in log),
      str([line["at"] for line in log][:3]))
check("the local time reads as the stored one here (TZ=UTC)",
      all(line["when"] == line["at"][:19].replace("T", " ") for line in log),
      str([(line["at"], line["when"]) for line in log][:2]))

newest = [(line["kind"], line["who"]) for line in log[:6]]
check("the last changes, newest first, each with who made it",
      newest == [("player-withdrawn", "Director Wu"), ("hand-deleted", "Mei Lin"),
                 ("penalty-given", "Mei Lin"), ("hand-corrected", "Mei Lin"),
                 ("hand-entered", "Mei Lin"), ("hand-entered", "Mei Lin")], str(newest))
by_kind = {}
for line in log:
    by_kind.setdefault(line["kind"], []).append(line)

withdrawal = by_kind.get("player-withdrawn", [{}])[0]
check("the withdrawal names the player",
      withdrawal.get("player") == withdrawn
      and withdrawal.get("text") == f"Withdrew {by_id[withdrawn]}", str(withdrawal))
deletion = by_kind.get("hand-deleted", [{}])[0]
check("the deletion: session, table and hand",
      (deletion.get("session"), deletion.get("table"), deletion.get("hand")) == (1, 2, 2)
      and deletion.get("text") == "Deleted hand 2 at table 2", str(deletion))
penalty = by_kind.get("penalty-given", [{}])[0]
check("the penalty: its player, points and reason",
      penalty.get("player") == tables[1][3] and penalty.get("points") == -10
      and penalty.get("player_name") == by_id[tables[1][3]]
      and penalty.get("text") == f"Penalty for {by_id[tables[1][3]]}: -10 points (slow play)",
      str(penalty))
correction = by_kind.get("hand-corrected", [{}])[0]
check("the correction keeps its reason as the note",
      correction.get("note") == "wrong discarder" and correction.get("hand") == 1
      and correction.get("text") == "Corrected hand 1 at table 1: wrong discarder",
      str(correction))
check("no other line has a note",
      [line["id"] for line in log if line["note"] is not None] == [correction.get("id")],
      str([line for line in log if line["note"] is not None]))
entered = [line for line in by_kind.get("hand-entered", []) if line["table"] == 1]
check("the hand entered at table 1 names its winner",
      len(entered) == 1 and entered[0]["text"] == f"Entered hand 1 at table 1: "
      f"{by_id[tables[1][1]]} won" and entered[0]["who"] == "Mei Lin", str(entered))
check("lines of no session or player say null",
      all(line["session"] is None and line["player"] is None
          for line in by_kind.get("tournament-created", [])) and "tournament-created" in by_kind,
      str(by_kind.get("tournament-created")))

# ---- the same log as text -------------------------------------------------------------------
rc, out, err = run("log")
lines = out.splitlines()
check("log: exit 0, a heading and a line per change",
      rc == 0 and len(lines) == len(log) + 1 and lines[0].split() == ["when", "who", "what"],
      f"rc={rc} {len(lines)} {len(log)} {lines[:1]!r} {err!r}")
check("each text line: when, who, what, in the order of the JSON",
      all(text.startswith(line["when"]) and line["who"] in text and text.endswith(line["text"])
          for text, line in zip(lines[1:], log)),
      str([(t, j["text"]) for t, j in zip(lines[1:], log)
           if not t.endswith(j["text"])][:2]))
check("the text shows the correction's reason",
      any("Mei Lin" in t and t.endswith("Corrected hand 1 at table 1: wrong discarder")
          for t in lines), str(lines[:8]))

# ---- filters --------------------------------------------------------------------------------
rc, table2, err = log_json("--table", "2")
check("--table 2: exactly the lines of table 2",
      rc == 0 and table2 == [line for line in log if line["table"] == 2] and len(table2) >= 7,
      f"rc={rc} {err!r} {[line['text'] for line in table2 or []]}")
rc, session_table, err = log_json("--session", "1", "--table", "1")
check("--session 1 --table 1: exactly those lines",
      rc == 0 and session_table == [line for line in log
                                    if line["session"] == 1 and line["table"] == 1],
      f"rc={rc} {err!r}")
rc, session1, err = log_json("--session", "1")
check("--session 1 leaves out the lines of no session",
      rc == 0 and session1 == [line for line in log if line["session"] == 1]
      and len(session1) < len(log), f"rc={rc} {err!r}")
rc, session2, err = log_json("--session", "2")
check("--session 2 (not drawn, nothing happened): no line", rc == 0 and session2 == [],
      f"rc={rc} {session2!r} {err!r}")

# A player at table 2: their own lines and the hands of their table, not table 1's.
player = tables[2][0]
rc, mine, err = log_json("--player", str(player))
kinds = [line["kind"] for line in mine or []]
expected = [line for line in log
            if line["player"] == player or (line["kind"].startswith("hand-")
                                            and line["table"] == 2)]
check("--player ID: the player's lines and the hands at their table",
      rc == 0 and mine == expected and kinds.count("hand-entered") == 2
      and "hand-deleted" in kinds and "player-added" in kinds, f"rc={rc} {kinds} {err!r}")
check("--player ID: no line of table 1's hands",
      not any(line["table"] == 1 for line in mine or []), str(mine))
rc, by_name, err = log_json("--player", by_id[player])
check("--player NAME (exact) is the same as its ID", rc == 0 and by_name == mine,
      f"rc={rc} {err!r}")
rc, filtered, err = text_lines("--player", str(player), "--table", "2")
check("filters together, in text: only the hands at table 2",
      rc == 0 and len(filtered) == len([line for line in mine if line["table"] == 2])
      and all("table 2" in t for t in filtered), f"rc={rc} {filtered} {err!r}")

# ---- refused --------------------------------------------------------------------------------
for args, status, what in [
    (("--session", "-1"), 2, "a negative session"),
    (("--session", "x"), 2, "a session that is not a number"),
    (("--table", "0x2"), 2, "a table that is not a decimal number"),
    (("--player", ""), 2, "an empty player"),
    (("--player", "0"), 2, "player 0"),
    (("extra",), 2, "an argument"),
    (("--bogus",), 2, "an unknown option"),
    (("--session", "3"), 1, "a session the tournament does not have"),
    (("--player", "999"), 1, "a player the tournament does not have"),
    (("--player", "Nobody"), 1, "a name no player has"),
]:
    rc, out, err = run("log", *args)
    check(f"refused: {what} (exit {status})",
          rc == status and out == "" and err.startswith("sparrow-cli: "),
          f"rc={rc} {out!r} {err!r}")
rc, out, err = run("log", "--json", "--player", "999")
check("refused under --json: an error object on stdout",
      rc == 1 and json.loads(out).get("error", {}).get("code") == "not-found", f"{out!r}")
rc, out, err = sparrow_cli("--db", DB, "--tournament", "No Such Event", "log")
check("an unknown tournament is refused (exit 1)", rc == 1 and "No Such Event" in err,
      f"rc={rc} {err!r}")
empty = os.path.join(folder, "empty.db")
rc, out, err = sparrow_cli("--db", empty, "log")
check("a store without a tournament is refused (exit 1)", rc == 1 and err != "",
      f"rc={rc} {err!r}")
garbage = os.path.join(folder, "garbage.db")
with open(garbage, "wb") as f:
    f.write(b"not a database, but some text long enough to be read as one" * 100)
rc, out, err = sparrow_cli("--db", garbage, "log")
check("a file that is not a store: storage error (exit 3)", rc == 3 and err != "",
      f"rc={rc} {err!r}")
with open(garbage, "rb") as f:
    check("... and it is left as it was", f.read().startswith(b"not a database"))
rc, out, err = run("log", "--help")
check("log --help names its filters",
      rc == 0 and all(o in out for o in ("--session", "--table", "--player", "--json")), out)

shutil.rmtree(folder)
finish()
