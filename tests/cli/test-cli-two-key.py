#!/usr/bin/env python3
# test-cli-two-key.py: two-key entry (issue 20): with `tournament edit --two-key on` a hand counts
# in the standings once a second referee (`hand confirm ID`) or the director (the PIN) confirms
# it; the referee who entered it is refused; a correction makes it wait again; the database
# itself refuses a confirmation of a version the hand has left, even written with SQL; the log
# names who confirmed.  Without two-key nothing changes.  Each command is its own process, a
# station of its own.  With --postgresql the same on a new database of the test server
# $SP_TEST_POSTGRESQL (skipped without it).
#
#   test-cli-two-key.py SPARROW-CLI [--postgresql]
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse
import uuid

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish, skip  # noqa: E402
from spstore import Store, psql, server_missing  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
POSTGRESQL = "--postgresql" in sys.argv[2:]
if POSTGRESQL and server_missing():
    skip("two-key entry on a PostgreSQL server", server_missing())
    finish()
folder = tempfile.mkdtemp(prefix="sparrow-cli-two-key-")
store = Store(folder, "twokey", POSTGRESQL)
DB = store.location


def run(*args, referee="Mei Lin", tournament="Open"):
    return sparrow_cli("--db", DB, "--tournament", tournament, "--referee", referee, *args)


def hands(tournament="Open"):
    rc, out, err = run("hand", "list", "--session", "1", "--table", "1", "--json",
                       tournament=tournament)
    assert rc == 0, err
    return json.loads(out)["hands"]


def standings(tournament="Open"):
    rc, out, err = run("standings", "--json", tournament=tournament)
    assert rc == 0, err
    return json.loads(out)


def scores(tournament="Open"):
    return {p["name"]: p["score"] for p in standings(tournament)["players"]}


def sums(listed):
    """Each player's (name) sum of the settlements of the hands @listed (hand list --json),
    and how many of them he sat at."""
    names = {p["id"]: p["name"] for p in standings()["players"]}
    total, count = {}, {}
    for hand in listed:
        for seat, player in hand["players"].items():
            name = names[player]
            total[name] = total.get(name, 0) + hand["settlement"][seat]
            count[name] = count.get(name, 0) + 1
    return total, count


def execute(sql):
    """Runs @sql on the store directly; whether the database accepted it."""
    if not POSTGRESQL:
        try:
            with sqlite3.connect(DB) as db:
                db.execute(sql)
            return True, ""
        except sqlite3.Error as e:
            return False, str(e)
    rc, _, err = psql(DB, sql)
    return rc == 0, err


if POSTGRESQL:
    rc, _, err = sparrow_cli("--db", DB, "db", "init")
    check("db init on the server", rc == 0, err)
for name in ["Plain", "Open"]:
    rc, _, err = sparrow_cli("--db", DB, "tournament", "create", "--name", name, "--rules", "mcr",
                             "--sessions", "2")
    check(f"tournament {name} created", rc == 0, err)
    for player in ["Anna", "Bo", "Chen", "Dai"]:
        run("players", "add", player, tournament=name)
    rc, _, err = run("seating", "draw", "--session", "1", "--seed", "3", tournament=name)
    check(f"{name}: seating drawn", rc == 0, err)

# ---- off (the default): every hand counts as entered, nothing is said of confirmations.
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S",
                   "--fan", "8", "--json", tournament="Plain")
check("two-key off: hand added", rc == 0, err)
plain_added = json.loads(out)
listed = hands("Plain")
check("two-key off: hand add --json and hand list --json say nothing of confirmations",
      "confirmed" not in plain_added and all("confirmed" not in h and "confirmed_by" not in h
                                             for h in listed), listed)
plain = standings("Plain")
check("two-key off: the hand counts at once, no member on what awaits",
      "unconfirmed_hands" not in plain and all("unconfirmed" not in p for p in plain["players"])
      and sorted(p["score"] for p in plain["players"]) == [-16, -8, -8, 32], plain)
rc, out, err = run("tournament", "show", tournament="Plain")
check("two-key off: tournament show says nothing of it", rc == 0 and "two-key" not in out, out)
rc, out, err = run("tournament", "show", "--json", tournament="Plain")
check("two-key off: tournament show --json has no two_key", rc == 0
      and "two_key" not in json.loads(out), out)
rc, out, err = run("hand", "confirm", str(plain_added["id"]), referee="Wang Fang",
                   tournament="Plain")
check("two-key off: hand confirm refused (exit 1) saying two-key entry is off",
      rc == 1 and "Two-key entry is off" in err, f"{rc} {out} {err}")
rc, out, err = run("tournament", "edit", "--two-key", "maybe", tournament="Plain")
check("tournament edit --two-key maybe: a usage error", rc == 2 and "--two-key" in err,
      f"{rc} {err}")

# ---- on.
rc, out, err = run("tournament", "edit", "--two-key", "on", "--json", referee="Director Li")
check("tournament edit --two-key on", rc == 0 and json.loads(out)["two_key"] is True, out + err)
rc, out, err = run("log")
check("log: turning two-key entry on in words",
      rc == 0 and out.splitlines()[1].endswith("Turned two-key entry on: a hand counts once a "
                                               "second referee or the director confirms it"),
      out)
rc, out, err = run("tournament", "show", "--json")
check("tournament show --json: two_key true", rc == 0 and json.loads(out).get("two_key") is True,
      out)
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S",
                   "--fan", "8", "--json")
check("two-key on: hand 1 entered by Mei Lin", rc == 0, err)
first = json.loads(out)
check("hand add --json: the new hand awaits confirmation",
      first.get("confirmed") is False and first.get("confirmed_by") is None, first)
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "S", "--from",
                   "self", "--fan", "10", "--json")
second = json.loads(out)
check("two-key on: hand 2 entered", rc == 0, err)
awaiting = standings()
check("two-key on: no hand counts until confirmed",
      all(p["score"] == 0 and p["sessions"] == 0 for p in awaiting["players"]), awaiting)
total, count = sums(hands())
check("standings --json: the hands awaiting, per player with what they would add",
      awaiting.get("unconfirmed_hands") == 2
      and {p["name"]: (p["unconfirmed"]["hands"], p["unconfirmed"]["score"])
           for p in awaiting["players"]}
      == {name: (count[name], total[name]) for name in total}, awaiting)
rc, out, err = run("standings")
check("standings (text): the hands awaiting shown apart",
      rc == 0 and "2 hands await confirmation" in out, out)

# The referee who entered it may not be its second key.
audit = store.count("audit")
rc, out, err = run("hand", "confirm", str(first["id"]))
check("the referee who entered the hand is refused (exit 1), naming him",
      rc == 1 and "entered by Mei Lin" in err and out == "", f"{rc} {out} {err}")
check("the refusal writes nothing", store.count("audit") == audit)

# A second referee confirms it: it counts.
rc, out, err = run("hand", "confirm", str(first["id"]), "--expect-version", "1",
                   referee="Wang Fang")
check("a second referee confirms hand 1", rc == 0 and "confirmed by Wang Fang" in out, out + err)
listed = hands()
check("hand list --json: hand 1 confirmed by Wang Fang, hand 2 not",
      (listed[0]["confirmed"], listed[0]["confirmed_by"], listed[1]["confirmed"],
       listed[1]["confirmed_by"]) == (True, "Wang Fang", False, None), listed)
check("the confirmed hand counts, the other still not",
      scores() == sums(listed[:1])[0], scores())
audit = store.count("audit")
rc, out, err = run("hand", "confirm", str(first["id"]), referee="Wang Fang")
check("confirming it again: a clear no-op (exit 0)", rc == 0 and "already confirmed" in out,
      out + err)
check("the no-op writes nothing", store.count("audit") == audit)
rc, out, err = run("hand", "confirm", str(second["id"]), "--expect-version", "7",
                   referee="Wang Fang")
check("a confirmation against another version is refused as stale (exit 1)",
      rc == 1 and "version 1, not 7" in err, err)

# The log says who confirmed it.
rc, out, err = run("log")
check("log: the confirmation in words", rc == 0 and "Hand 1 of table 1 confirmed by Wang Fang"
      in out, out)
rc, out, err = run("log", "--json")
lines = json.loads(out)["log"]
check("log --json: kind hand-confirmed by Wang Fang",
      any(line["kind"] == "hand-confirmed" and line["who"] == "Wang Fang" for line in lines),
      lines[:3])

# A correction makes the hand wait again.
rc, out, err = run("hand", "edit", str(first["id"]), "--fan", "9", referee="Wang Fang")
check("hand 1 corrected", rc == 0, err)
listed = hands()
check("the corrected hand awaits confirmation again", listed[0]["confirmed"] is False
      and listed[0]["version"] == 2, listed[0])
check("and does not count", all(v == 0 for v in scores().values()), scores())
rc, out, err = run("hand", "confirm", str(first["id"]), referee="Wang Fang")
check("the referee who corrected it is refused, naming him",
      rc == 1 and "corrected by Wang Fang" in err, err)

# The database refuses a confirmation of a version the hand has left, written with SQL.
ok, err = execute(f"UPDATE hands SET confirmed_version = 1, confirmed_by = 'Sneaky',"
                  f" confirmed_at = '2026-01-01T00:00:00Z' WHERE id = {first['id']}")
check("SQL confirming a stale version is refused by the database", not ok, err)
ok, err = execute(f"UPDATE hands SET confirmed_version = 2 WHERE id = {first['id']}")
check("SQL confirming without who and when is refused by the database", not ok, err)
check("hand 1 still awaits", hands()[0]["confirmed"] is False, hands()[0])

# The director: the same referee with the director's PIN.
rc, out, err = run("tournament", "pin", "set", "--pin", "4321", referee="Director Li")
check("director's PIN set", rc == 0, err)
rc, out, err = run("hand", "confirm", str(second["id"]), "--pin", "1111")
check("the entering referee with a wrong PIN is refused", rc == 1, err)
rc, out, err = run("hand", "confirm", str(second["id"]), "--pin", "4321")
check("the entering referee with the director's PIN confirms it", rc == 0
      and "confirmed by Mei Lin" in out, out + err)
rc, out, err = run("hand", "confirm", str(first["id"]), referee="Chen Jun")
check("another referee confirms the corrected hand", rc == 0, err)
check("both count now", scores() == sums(hands())[0], scores())
after = standings()
check("nothing awaits: unconfirmed_hands 0, each player 0 hands",
      after["unconfirmed_hands"] == 0
      and all(p["unconfirmed"] == {"hands": 0, "score": 0, "table_points": 0.0}
              for p in after["players"]), after)
rc, out, err = run("log")
check("log: the director's PIN used for the confirmation",
      "Used the director’s PIN for confirming a hand of their own" in out, out)

# A session closes once its hands are confirmed.
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--draw", "--json",
                   referee="Chen Jun")
third = json.loads(out)
rc, out, err = run("session", "close", "--session", "1", "--time-up", referee="Director Li")
check("session close refused while a hand awaits confirmation, naming it",
      rc == 1 and "table 1 hand 3" in err, f"{rc} {err}")
rc, out, err = run("hand", "confirm", str(third["id"]), referee="Wang Fang")
rc, out, err = run("session", "close", "--session", "1", "--time-up", referee="Director Li")
check("session close once every hand is confirmed", rc == 0, err)

# db copy carries the confirmations, every column of them.
copy = os.path.join(folder, "copy.db")
rc, out, err = sparrow_cli("db", "copy", DB, copy)
check("db copy to a file", rc == 0, err)
QUERY = ("SELECT id, version, confirmed_by, confirmed_at, confirmed_version FROM hands"
         " ORDER BY id")
with sqlite3.connect(copy) as db:
    copied = [tuple("" if v is None and POSTGRESQL else None if v is None else str(v)
                    for v in row) for row in db.execute(QUERY)]
    two_key = [row[0] for row in db.execute("SELECT two_key FROM tournaments ORDER BY id")]
check("db copy: the confirmations as they were", copied == store.rows(QUERY)
      and any(row[2] not in ("", None) for row in copied), copied)
check("db copy: the tournaments' two-key setting", two_key == [0, 1], two_key)

# On a server the role director is the director: a member confirms a hand of his own; a
# referee's member does not.
if POSTGRESQL:
    rc, sql, err = sparrow_cli("db", "roles", "--print")
    rc, _, err = psql(DB, sql) if rc == 0 else (rc, None, err)
    check("db roles on the server", rc == 0, err)
    suffix = uuid.uuid4().hex[:8]
    users = {"director": f"desk_{suffix}", "referee": f"mei_{suffix}"}
    for role, user in users.items():
        psql(DB, f'CREATE ROLE "{user}" LOGIN IN ROLE {role}')
    parts = urllib.parse.urlsplit(DB)
    rc, _, err = run("seating", "draw", "--session", "2", referee="Director Li")
    check("session 2 drawn", rc == 0, err)

    def as_user(user, *args):
        uri = urllib.parse.urlunsplit(parts._replace(
            netloc=f"{user}@{parts.hostname}:{parts.port}"))
        return sparrow_cli("--db", uri, "--tournament", "Open", "--referee", user, *args)

    for role, user in users.items():
        rc, out, err = as_user(user, "hand", "add", "--session", "2", "--table", "1", "--draw",
                               "--json")
        check(f"a member of {role} enters a hand of session 2", rc == 0, out + err)
        own = json.loads(out)["id"] if rc == 0 else 0
        rc, out, err = as_user(user, "hand", "confirm", str(own))
        if role == "director":
            check("a member of director confirms his own hand", rc == 0, out + err)
        else:
            check("a member of referee may not confirm his own", rc == 1
                  and f"entered by {user}" in err, f"{rc} {err}")
    for user in users.values():
        psql(DB, f'DROP OWNED BY "{user}"; DROP ROLE "{user}"')

# Off again: every hand counts as entered.
rc, out, err = run("tournament", "edit", "--two-key", "off", referee="Director Li")
check("tournament edit --two-key off", rc == 0, err)
check("off: no member on what awaits", "unconfirmed_hands" not in standings()
      and "confirmed" not in hands()[0], standings())

store.drop()
finish()
