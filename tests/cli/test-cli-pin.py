#!/usr/bin/env python3
# test-cli-pin.py: the director's lock through sparrow-cli (SPEC.md §3): `tournament pin set
# --pin P` and `pin clear --pin P`; with a PIN set the protected commands exit 1 saying a
# director's PIN is required, and go ahead with `--pin P` or $SPARROW_PIN; a wrong PIN is
# answered after a wait and logged; the hash, never the PIN, is in the file.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, finish  # noqa: E402

CLI = sys.argv[1]
folder = tempfile.mkdtemp(prefix="sparrow-cli-pin-")
DB = os.path.join(folder, "event.db")
PIN = "Zq7-director"
REQUIRED = "a director's pin is required"  # compared with the message in lower case


def run(*args, pin_env=None):
    env = dict(os.environ)
    env.pop("SPARROW_PIN", None)
    if pin_env is not None:
        env["SPARROW_PIN"] = pin_env
    p = subprocess.run([CLI, "--db", DB, "--referee", "Referee Wu", *args], capture_output=True,
                       text=True, timeout=60, env=env)
    return p.returncode, p.stdout, p.stderr


def query(sql):
    db = sqlite3.connect(DB)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def dump():
    db = sqlite3.connect(DB)
    try:
        return "\n".join(line for line in db.iterdump() if "pin_log" not in line
                         and "INTO \"audit\"" not in line)
    finally:
        db.close()


def ok(name, *args, pin_env=None):
    rc, out, err = run(*args, pin_env=pin_env)
    check(name, rc == 0, f"rc={rc} {out!r} {err!r}")
    return out


def refused(name, *args, pin_env=None):
    """A protected command without the right PIN: exit 1 with the message, nothing changed."""
    before = dump()
    rc, out, err = run(*args, pin_env=pin_env)
    check(name, rc == 1 and REQUIRED in err.lower() and out == "", f"rc={rc} {out!r} {err!r}")
    check(f"{name}: nothing changed", dump() == before)


# A session of one table: three hands and a penalty, then closed.
ok("create", "tournament", "create", "--name", "Lock night", "--rules", "mcr", "--sessions", "2",
   "--seating", "random")
players = os.path.join(folder, "players.csv")
with open(players, "w") as f:
    f.write("name\n" + "".join(f"Player {i}\n" for i in range(1, 9)))
ok("players import", "players", "import", players)
ok("draw", "seating", "draw", "--session", "1", "--seed", "7")
for i in range(3):
    ok(f"hand {i + 1}", "hand", "add", "--session", "1", "--table", "1", "--winner", "E",
       "--from", "self", "--fan", str(8 + i))
ok("penalty", "penalty", "add", "--session", "1", "--player", "1", "--points", "-10",
   "--reason", "late")

rc, out, err = run("tournament", "show", "--json")
check("show --json: no pin", rc == 0 and json.loads(out)["pin"] is False, out)

# ---- pin set ------------------------------------------------------------------------------------
for bad, says in [("12", "4 to 32 characters"), ("x" * 33, "4 to 32 characters"),
                  ("12\n34", "line break")]:
    rc, out, err = run("tournament", "pin", "set", "--pin", bad)
    check(f"pin set refuses {bad[:6]!r}", rc == 1 and says in err, err)
rc, out, err = run("tournament", "pin", "set")
check("pin set needs --pin", rc == 2 and "--pin" in err, err)
rc, out, err = run("tournament", "pin", "set", "--pin", PIN)
check("pin set --pin P", rc == 0 and out == "tournament 1 (Lock night): director's PIN set\n",
      f"rc={rc} {out!r} {err!r}")
rc, out, err = run("tournament", "show", "--json")
check("show --json: pin true, no hash", rc == 0 and json.loads(out)["pin"] is True
      and "$y$" not in out and PIN not in out, out)
rc, out, err = run("tournament", "show")
check("show says the PIN is set", rc == 0 and "director's PIN: set" in out, out)

stored = query("SELECT pin_hash FROM tournaments")[0][0]
check("the file holds a yescrypt hash, not the PIN",
      stored.startswith("$y$") and PIN not in stored, stored)
with open(DB, "rb") as f:
    check("the PIN is nowhere in the file", PIN.encode() not in f.read())

rc, out, err = run("tournament", "pin", "set", "--pin", "5678")
check("changing the PIN needs the current one", rc == 1 and REQUIRED in err.lower(), err)

# ---- every protected command: refused without the PIN, done with it -------------------------------
ok("close session 1", "session", "close", "--session", "1", "--time-up")
refused("session reopen without the PIN", "session", "reopen", "--session", "1", "--force")
rc, out, err = run("--json", "session", "reopen", "--session", "1", "--force")
check("--json: the refusal object", rc == 1 and json.loads(out)["error"]["code"] == "pin-required"
      and REQUIRED in json.loads(out)["error"]["message"].lower(), out)
refused("hand edit of a closed session without the PIN", "hand", "edit", "1", "--fan", "12")
refused("hand delete of a closed session without the PIN", "hand", "delete", "3")
refused("penalty delete without the PIN", "penalty", "delete", "1")
refused("players withdraw without the PIN", "players", "withdraw", "5")
refused("players substitute without the PIN", "players", "substitute", "6", "--by", "Sub",
        "--force")
refused("tournament delete without the PIN", "tournament", "delete", "--confirm", "Lock night")

ok("hand edit --pin P", "hand", "edit", "1", "--fan", "12", "--pin", PIN)
check("the closed session stays closed",
      query("SELECT status FROM sessions WHERE number = 1")[0][0] == "closed")
ok("hand delete with $SPARROW_PIN", "hand", "delete", "3", pin_env=PIN)
ok("session reopen --pin P", "session", "reopen", "--session", "1", "--force", "--pin", PIN)
ok("penalty delete with $SPARROW_PIN", "penalty", "delete", "1", pin_env=PIN)
ok("players withdraw --pin P", "players", "withdraw", "5", "--pin", PIN)
ok("players substitute --pin P", "players", "substitute", "6", "--by", "Sub", "--force",
   "--pin", PIN)

used = query("SELECT action, subject FROM pin_log WHERE event = 'used' ORDER BY id")
check("each protected change is logged as made under the lock",
      used == [("hand edit", 1), ("hand delete", 3), ("session reopen", 1),
               ("penalty delete", 1), ("players withdraw", 5), ("players substitute", 6)], used)

# ---- wrong PINs: slowed down and logged --------------------------------------------------------
wrong_before = query("SELECT count(*) FROM pin_log WHERE event = 'wrong'")[0][0]
start = time.monotonic()
rc, out, err = run("session", "close", "--session", "1", "--time-up")
check("an unprotected command needs no PIN", rc == 0, err)
refused("a wrong --pin", "session", "reopen", "--session", "1", "--force", "--pin", "0000")
first = time.monotonic()
refused("a wrong $SPARROW_PIN", "session", "reopen", "--session", "1", "--force",
        pin_env="1111")
second = time.monotonic() - first
check("the second wrong PIN in a row waits at least 2 s", second >= 2.0, f"{second:.2f} s")
check("the wrong PIN waits at least 1 s", first - start >= 1.0, f"{first - start:.2f} s")
rc, out, err = run("--json", "session", "reopen", "--session", "1", "--force", "--pin", "0000")
check("--json: a wrong PIN's code", rc == 1 and json.loads(out)["error"]["code"] == "pin-wrong",
      out)
wrong = query("SELECT count(*) FROM pin_log WHERE event = 'wrong'")[0][0]
check("the wrong PINs are logged", wrong == wrong_before + 3, f"{wrong_before} → {wrong}")
logged = query("SELECT who, new_values FROM audit WHERE target = 'pin_log' "
               "AND new_values LIKE '%\"wrong\"%' ORDER BY id DESC LIMIT 1")
check("in the audit log, with who, when and for what",
      logged and logged[0][0] == "Referee Wu" and '"action":"session reopen"' in logged[0][1],
      logged)
audit = query("SELECT group_concat(coalesce(old_values, '') || coalesce(new_values, '')) "
              "FROM audit")[0][0]
check("the audit log holds neither the PIN nor its hash", PIN not in audit and "$y$" not in audit)

# ---- pin change and clear ---------------------------------------------------------------------------
rc, out, err = run("tournament", "pin", "set", "--pin", "5678", "--current", PIN)
check("pin set --pin NEW --current OLD", rc == 0, err)
rc, out, err = run("tournament", "pin", "clear", "--pin", PIN)
check("pin clear with the old PIN is refused", rc == 1 and REQUIRED in err.lower(), err)
rc, out, err = run("tournament", "pin", "set", "--pin", "7777", pin_env="5678")
check("pin set --pin NEW with the current PIN in $SPARROW_PIN", rc == 0, err)
rc, out, err = run("tournament", "pin", "clear", pin_env="7777")
check("pin clear with $SPARROW_PIN", rc == 0, err)
check("cleared", query("SELECT pin_hash FROM tournaments")[0][0] is None)
ok("pin set again", "tournament", "pin", "set", "--pin", "5678")
rc, out, err = run("tournament", "pin", "clear", "--pin", "5678")
check("pin clear --pin P",
      rc == 0 and out == "tournament 1 (Lock night): director's PIN removed\n",
      f"{out!r} {err!r}")
rc, out, err = run("tournament", "show", "--json")
check("show --json: no pin again", rc == 0 and json.loads(out)["pin"] is False, out)
ok("without a PIN, the protected commands need none", "tournament", "delete", "--confirm",
   "Lock night")

for command in [["tournament", "pin", "set"], ["tournament", "pin", "clear"],
                ["session", "reopen"], ["hand", "edit"], ["hand", "delete"],
                ["penalty", "delete"], ["players", "withdraw"], ["players", "substitute"],
                ["tournament", "delete"]]:
    rc, out, err = run(*command, "--help")
    check(f"{' '.join(command)} --help lists --pin", rc == 0 and "--pin" in out, out)

finish()
