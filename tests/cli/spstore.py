# spstore.py: the store a CLI test runs on, a SQLite file or a new database on the test server
# $SP_TEST_POSTGRESQL (a URI without a database, as build-aux/test-server.sh prints it), so that
# one script checks both backends.  Reads that the CLI cannot make go through sqlite3 or psql.
# SPDX-License-Identifier: GPL-3.0-or-later
import os
import shutil
import sqlite3
import subprocess
import uuid

# The key of the advisory lock a writer holds on the server (db/sp-db-pg.c, WRITER_LOCK).
WRITER_LOCK = 1399878258


def server_missing():
    """Why a test on PostgreSQL cannot run here, or None."""
    if not os.environ.get("SP_TEST_POSTGRESQL"):
        return "no PostgreSQL server: set SP_TEST_POSTGRESQL (build-aux/setup.sh test starts one)"
    if shutil.which("psql") is None:
        return "psql is not installed"
    return None


def psql(uri, sql, timeout=60):
    """Runs @sql on the database @uri: (returncode, rows as tuples of str, stderr)."""
    p = subprocess.run(["psql", "-X", "-q", "-A", "-t", "-F", "\x1f", "-v", "ON_ERROR_STOP=1",
                        "-d", uri, "-c", sql], capture_output=True, text=True, timeout=timeout)
    rows = [tuple(line.split("\x1f")) for line in p.stdout.splitlines() if line != ""]
    return p.returncode, rows, p.stderr


class Store:
    """A new, empty store: @location is what --db takes."""

    def __init__(self, folder, name, postgresql, server=None):
        self.postgresql = postgresql
        if not postgresql:
            self.location = os.path.join(folder, name + ".db")
            return
        self.server = server or os.environ["SP_TEST_POSTGRESQL"]
        self.database = f"{name}_{uuid.uuid4().hex[:12]}"
        rc, _, err = psql(self.server + "/postgres", f'CREATE DATABASE "{self.database}"')
        if rc != 0:
            raise RuntimeError(f"creating the database {self.database}: {err.strip()}")
        self.location = f"{self.server}/{self.database}"

    def rows(self, sql):
        """The rows of the query @sql (the same SQL on both stores), each value a str, NULL
        as None on a file and '' on the server."""
        if not self.postgresql:
            with sqlite3.connect(self.location) as db:
                return [tuple(None if v is None else str(v) for v in row)
                        for row in db.execute(sql)]
        rc, rows, err = psql(self.location, sql)
        if rc != 0:
            raise RuntimeError(f"{sql}: {err.strip()}")
        return rows

    def count(self, table):
        return int(self.rows(f"SELECT count(*) FROM {table}")[0][0])

    def hold_writer_lock(self):
        """Takes the writers' lock as another program would and keeps it until release()."""
        return _Holder(self)

    def drop(self):
        if self.postgresql:
            psql(self.server + "/postgres",
                 f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')


class _Holder:
    def __init__(self, store):
        self.store = store
        if not store.postgresql:
            self.db = sqlite3.connect(store.location, isolation_level=None)
            self.db.execute("BEGIN IMMEDIATE")
            return
        self.process = subprocess.Popen(
            ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", store.location],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.process.stdin.write(f"BEGIN;\nSELECT pg_advisory_xact_lock ({WRITER_LOCK});\n"
                                 "SELECT 'held';\n")
        self.process.stdin.flush()
        # Held once psql answers the line after the lock.
        line = ""
        while line.strip() != "held":
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError(f"taking the writers' lock: {self.process.stderr.read()}")

    def release(self):
        if not self.store.postgresql:
            self.db.execute("ROLLBACK")
            self.db.close()
            return
        self.process.communicate("ROLLBACK;\n", timeout=60)
