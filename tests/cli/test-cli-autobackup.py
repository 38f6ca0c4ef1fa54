#!/usr/bin/env python3
# test-cli-autobackup.py: the automatic backups through sparrow-cli: `session close` makes one
# beside the database, `backup --list` lists them newest first, and a close whose backup cannot
# be made still closes, with a warning on stderr.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import stat
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-cli-autobackup-")
DB = os.path.join(folder, "event.db")
BACKUPS = DB + "-backups"


def run(*args):
    return sparrow_cli("--db", DB, *args)


run("tournament", "create", "--name", "Club Night", "--rules", "mcr")
for name in ("East", "South", "West", "North"):
    run("players", "add", name)
rc, out, err = run("seating", "draw", "--session", "1", "--seed", "7")
check("draw", rc == 0, f"rc={rc} {err!r}")

rc, out, err = run("backup", "--list", "--json")
check("backup --list before any: empty", rc == 0 and json.loads(out) == [], f"rc={rc} {out!r}")

rc, out, err = run("session", "close", "--session", "1", "--time-up")
check("close", rc == 0 and err == "", f"rc={rc} {out!r} {err!r}")
check("the backup folder is 0700",
      os.path.isdir(BACKUPS) and stat.S_IMODE(os.stat(BACKUPS).st_mode) == 0o700)
rc, out, err = run("backup", "--list", "--json")
listed = json.loads(out) if rc == 0 else []
check("backup --list: the close's backup", len(listed) == 1
      and listed[0]["reason"] == "tournament-1-session-1-closed"
      and os.path.dirname(listed[0]["path"]) == BACKUPS
      and listed[0]["size"] == os.path.getsize(listed[0]["path"]), f"rc={rc} {out!r}")

run("session", "reopen", "--session", "1", "--force")
run("session", "close", "--session", "1", "--time-up")
rc, out, err = run("backup", "--list")
lines = out.splitlines()
check("backup --list: newest first, one line each", rc == 0 and len(lines) == 2
      and lines[0] > lines[1] and all("tournament-1-session-1-closed" in l for l in lines),
      f"rc={rc} {out!r}")
rc, out, err = run("backup", "--list", "extra")
check("backup --list with a FILE: usage", rc == 2, f"rc={rc} {out!r} {err!r}")

# A file where the folder should be: the close stands and says why there is no backup.
shutil.rmtree(BACKUPS)
with open(BACKUPS, "w") as f:
    f.write("in the way\n")
run("session", "reopen", "--session", "1", "--force")
rc, out, err = run("session", "close", "--session", "1", "--time-up", "--json")
check("close with a failing backup: done, warned", rc == 0
      and json.loads(out) == {"session": 1, "status": "closed"}
      and err.startswith("warning: ") and BACKUPS in err, f"rc={rc} {out!r} {err!r}")
rc, out, err = run("session", "reopen", "--session", "1")
check("the session is closed indeed", rc == 1 and "closed" in err, f"rc={rc} {err!r}")

# A deletion: refused on a wrong name with no backup made, then made with one first
# ("before-delete") that still holds the tournament.
shutil.rmtree(BACKUPS) if os.path.isdir(BACKUPS) else os.remove(BACKUPS)
rc, out, err = run("tournament", "delete", "--confirm", "Club")
check("delete with a wrong name: refused, no backup", rc == 1 and not os.path.exists(BACKUPS),
      f"rc={rc} {out!r} {err!r}")
rc, out, err = run("tournament", "delete", "--confirm", "Club Night")
check("delete", rc == 0, f"rc={rc} {out!r} {err!r}")
rc, out, err = run("backup", "--list", "--json")
listed = json.loads(out) if rc == 0 else []
check("backup --list: the deletion's backup", len(listed) == 1
      and listed[0]["reason"] == "before-delete", f"rc={rc} {out!r}")
if listed:
    rc, out, err = sparrow_cli("--db", listed[0]["path"], "tournament", "list")
    check("the backup holds the deleted tournament", rc == 0 and "Club Night" in out,
          f"rc={rc} {out!r} {err!r}")
rc, out, err = run("backup", "--list")
check("backup --list describes it", rc == 0 and "before-delete" in out, f"rc={rc} {out!r}")

# A deletion whose backup cannot be made is refused: nothing is lost.
run("tournament", "create", "--name", "Club Night", "--rules", "mcr")
shutil.rmtree(BACKUPS)
with open(BACKUPS, "w") as f:
    f.write("in the way\n")
rc, out, err = run("tournament", "delete", "--confirm", "Club Night")
check("delete without its backup: refused, said why", rc != 0 and "backup" in err
      and BACKUPS in err, f"rc={rc} {out!r} {err!r}")
rc, out, err = run("tournament", "list")
check("the tournament is still there", rc == 0 and "Club Night" in out, f"rc={rc} {out!r}")

shutil.rmtree(folder)
finish()
