#!/usr/bin/env python3
# test-cli-backup.py: `sparrow-cli backup FILE` and `restore FILE` (SPEC.md §3): a backup made,
# mode 0600, restored over later changes; a file that is not a Sparrow database, a newer one
# or a missing FILE refused with the database unchanged.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import shutil
import sqlite3
import stat
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-cli-backup-")
DB = os.path.join(folder, "event.db")
BACKUP = os.path.join(folder, "saved.db")
os.umask(0o022)


def run(*args):
    return sparrow_cli("--db", DB, *args)


def names():
    rc, out, _ = run("tournament", "list", "--json")
    return [t["name"] for t in json.loads(out)["tournaments"]] if rc == 0 else None


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


rc, out, err = run("tournament", "create", "--name", "Club Night", "--rules", "mcr")
check("create", rc == 0, f"rc={rc} {err!r}")
check("the new database is mode 0600", mode(DB) == 0o600, oct(mode(DB)))

rc, out, err = run("backup", BACKUP)
check("backup", rc == 0 and out == f"database backed up to {BACKUP}\n" and err == "",
      f"rc={rc} {out!r} {err!r}")
check("the backup is mode 0600", mode(BACKUP) == 0o600, oct(mode(BACKUP)))
check("no temporary file left", sorted(f for f in os.listdir(folder)
                                       if not f.startswith("event.db")) == ["saved.db"],
      os.listdir(folder))
rc, out, err = run("backup", BACKUP, "--json")
check("backup --json", rc == 0 and json.loads(out) == {"backup": BACKUP}, f"rc={rc} {out!r}")

rc, out, err = run("tournament", "create", "--name", "After The Backup", "--rules", "mcr")
check("a change after the backup",
      rc == 0 and sorted(names()) == ["After The Backup", "Club Night"], names())
rc, out, err = run("restore", BACKUP, "--json")
check("restore --json", rc == 0 and json.loads(out) == {"restore": BACKUP}, f"rc={rc} {out!r}")
check("restored: the change after the backup is gone", names() == ["Club Night"], names())
rc, out, err = run("backup", "--list", "--json")
listed = json.loads(out) if rc == 0 else []
check("restore kept the database it replaced as a before-restore backup",
      [b["reason"] for b in listed] == ["before-restore"], f"rc={rc} {out!r}")
if listed:
    with sqlite3.connect(f"file:{listed[0]['path']}?mode=ro", uri=True) as kept:
        kept_names = sorted(row[0] for row in kept.execute("SELECT name FROM tournaments"))
    check("the before-restore backup holds the change the restore undid",
          kept_names == ["After The Backup", "Club Night"], kept_names)

# Refusals: exit 1 with the reason, the database unchanged.
junk = os.path.join(folder, "notes.txt")
with open(junk, "w") as f:
    f.write("not a database\n")
newer = os.path.join(folder, "newer.db")
rc, _, _ = run("backup", newer)
connection = sqlite3.connect(newer)
version = connection.execute("PRAGMA user_version").fetchone()[0]
connection.execute(f"PRAGMA user_version = {version + 1}")
connection.commit()
connection.close()
run("tournament", "create", "--name", "Kept", "--rules", "mcr")
before = names()
for label, path, code, words in [
    ("not a Sparrow database", junk, "not-sparrow", "not a Sparrow database"),
    ("a newer schema", newer, "too-new", "newer Sparrow"),
    ("a missing file", os.path.join(folder, "absent.db"), "not-found", "no such file"),
]:
    rc, out, err = run("restore", path)
    check(f"restore refused: {label}", rc == 1 and out == "" and err.startswith("sparrow-cli: ")
          and words in err and path in err, f"rc={rc} {out!r} {err!r}")
    rc, out, err = run("restore", path, "--json")
    error = json.loads(out).get("error", {}) if out else {}
    check(f"restore refused with --json: {label}", rc == 1 and error.get("code") == code,
          f"rc={rc} {out!r}")
check("nothing restored by a refusal", names() == before, names())
check("the backups stay single files", not any(f.startswith(("saved.db-", "newer.db-"))
                                                for f in os.listdir(folder)), os.listdir(folder))

rc, out, err = run("restore")
check("restore without FILE: usage", rc == 2 and out == "", f"rc={rc} {out!r} {err!r}")
rc, out, err = run("backup", BACKUP, "extra")
check("backup with two files: usage", rc == 2, f"rc={rc} {out!r} {err!r}")
unwritable = os.path.join(folder, "no-such-folder", "saved.db")
rc, out, err = run("backup", unwritable)
check("backup into a missing folder: storage error, no file", rc == 3
      and not os.path.exists(unwritable), f"rc={rc} {err!r}")

shutil.rmtree(folder)
finish()
