#!/usr/bin/env python3
# test-cli-store-location.py: sparrow-cli opens the store named by --db or $SPARROW_DB by its
# kind: a path or a file: URI is a SQLite file; a PostgreSQL URI or key=value string is a
# server, and one that does not answer (port 1 here) exits 3 naming the location, nothing made
# on disk.  With $SP_TEST_POSTGRESQL, a real server's empty database is made a store.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, finish  # noqa: E402

cli = os.path.abspath(sys.argv[1])
folder = tempfile.mkdtemp(prefix="sparrow-location-")
home = os.path.join(folder, "home")
work = os.path.join(folder, "work")
os.makedirs(home)
os.makedirs(work)


def run(*args, sparrow_db=None):
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_STATE_HOME=os.path.join(home, "state"), LANGUAGE="en", LC_ALL="C.UTF-8")
    env.pop("SPARROW_DB", None)
    if sparrow_db is not None:
        env["SPARROW_DB"] = sparrow_db
    p = subprocess.run([cli, *args], capture_output=True, text=True, timeout=60, env=env,
                       cwd=work)
    return p.returncode, p.stdout, p.stderr


def everything_under(top):
    return sorted(os.path.relpath(os.path.join(d, n), top)
                  for d, dirs, files in os.walk(top) for n in dirs + files)


servers = [
    ("a postgresql:// URI", "postgresql://referee@127.0.0.1:1/hall"),
    ("a postgres:// URI", "postgres://127.0.0.1:1/hall"),
    ("a key=value string", "host=127.0.0.1 port=1 dbname=hall"),
]
for name, location in servers:
    rc, out, err = run("--db", location, "tournament", "list")
    check(f"--db {name} that does not answer exits 3", rc == 3, f"rc={rc} {err}")
    check(f"--db {name}: the message says the server cannot be reached, and where",
          "cannot connect to the server" in err and location in err, err)
    check(f"--db {name}: nothing made on disk", everything_under(folder) == ["home", "work"],
          str(everything_under(folder)))

rc, out, err = run("tournament", "list", sparrow_db="postgresql://127.0.0.1:1/hall")
check("$SPARROW_DB naming a server that does not answer exits 3 with the message",
      rc == 3 and "cannot connect to the server postgresql://127.0.0.1:1/hall" in err,
      f"rc={rc} {err}")
check("$SPARROW_DB naming a server: nothing made on disk",
      everything_under(folder) == ["home", "work"], str(everything_under(folder)))

# A file whose name has '=' in it is still a file, and a file: URI names one.
odd = os.path.join(work, "round=1.db")
rc, out, err = run("--db", odd, "tournament", "create", "--name", "Odd", "--rules", "mcr")
check("a path with '=' in it is a SQLite file", rc == 0 and os.path.isfile(odd), err)
uri_db = os.path.join(work, "by uri.db")
uri = "file://" + uri_db.replace(" ", "%20")
rc, out, err = run("--db", uri, "tournament", "create", "--name", "By URI", "--rules", "mcr")
check("a file: URI opens the file it names", rc == 0 and os.path.isfile(uri_db), err)
rc, out, err = run("--db", uri_db, "tournament", "list")
check("the file made through its URI holds the tournament", rc == 0 and "By URI" in out,
      out + err)
finish()
