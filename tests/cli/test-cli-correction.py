#!/usr/bin/env python3
# test-cli-correction.py: `hand edit ID … --reason TEXT`: the correction's reason is kept with it
# in the audit log, and with nothing else; a correction without one has none; `hand add` has no
# --reason.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import shutil
import sqlite3
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-cli-correction-")
DB = os.path.join(folder, "event.db")


def run(*args):
    return sparrow_cli("--db", DB, *args)


def notes():
    """The audit log's hand lines, oldest first: (action, note)."""
    with sqlite3.connect(DB) as connection:
        return connection.execute("SELECT action, note FROM audit WHERE target = 'hands'"
                                  " ORDER BY id").fetchall()


run("tournament", "create", "--name", "Club Night", "--rules", "mcr")
for name in ("East", "South", "West", "North"):
    run("players", "add", name)
run("seating", "draw", "--session", "1", "--seed", "7")
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "S", "--from",
                   "E", "--fan", "8")
check("hand 1", rc == 0, f"rc={rc} {err!r}")

rc, out, err = run("hand", "edit", "1", "--from", "W", "--reason", "wrong discarder")
check("hand edit --reason", rc == 0 and "from W" in out, f"rc={rc} {out!r} {err!r}")
check("the reason is kept with the correction",
      notes() == [("insert", None), ("update", "wrong discarder")], str(notes()))

rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--draw")
rc2, out2, err2 = run("hand", "edit", "1", "--from", "N")
# The correction rescores the hands after it too: every line of it, and the new hand's, bare.
later = notes()[2:]
check("a later hand and a correction without a reason have none",
      rc == 0 and rc2 == 0 and ("insert", None) in later and ("update", None) in later
      and all(note is None for _, note in later), f"{notes()} {err!r} {err2!r}")

rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--draw", "--reason", "x")
check("hand add has no --reason: usage", rc == 2, f"rc={rc} {out!r} {err!r}")
rc, out, err = run("hand", "edit", "--help")
check("hand edit --help names --reason", rc == 0 and "--reason" in out, out)

shutil.rmtree(folder)
finish()
