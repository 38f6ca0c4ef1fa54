#!/usr/bin/env python3
# bench-export-xlsx.py: `sparrow-cli export xlsx` of a 1,000-player × 10-session × 16-hand MCR
# tournament (40,000 hands) read from a real store: the whole process, as a director runs it
# (opening the store, reading the snapshot with its items and audit log, building the rows,
# writing and zipping the workbook).  SPEC §4: under 2 s and under 200 MB.
#
#   python3 tests/bench/bench-export-xlsx.py build/app/sparrow-cli [--against OTHER-CLI]
#           [--store FOLDER] [--runs N]
#
# The store is made once through the CLI (players import, seating draw, hand import) and kept
# in FOLDER when one is given, so later runs time only the export.  Every hand is entered with
# its tiles (regular hands of tests/data/mcr-dev.jsonl worth 12 fan or more, won on a discard),
# so that it is scored and stored with its items (about five a hand) as a real event's are,
# and the audit log holds a row for each.
#
# Each export is timed as its own process: the wall time, and its CPU time (user + system,
# from the kernel's accounting of the child), then the median of N runs (default 7) and the
# largest resident size.  With --against, the other binary (say, a build of main) exports the
# same store in the same sitting, the two alternating run by run so that a machine busy with
# other work weighs on both alike; the ratio of the medians is printed.  With --compare as
# well, the two workbooks are then read with openpyxl and compared sheet by sheet: every
# cell's value, type and number format, the column widths, the frozen panes, the autofilter
# and the page setup.  One figure per line.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

PLAYERS = 1000
SESSIONS = 10
HANDS = 16

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spbench_event  # noqa: E402


def timed(cli, db, *args):
    """@cli on @db, timed: (wall s, CPU s, peak MB)."""
    start = time.perf_counter()
    p = subprocess.Popen([cli, "--db", db, *args], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if status != 0:
        sys.exit(f"{cli} {' '.join(args)}: {err.strip()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def workbook_content(path):
    """Everything a reader sees of the workbook at @path, sheet by sheet."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    content = []
    for sheet in book.worksheets:
        cells = [[(c.value, c.data_type, c.number_format, c.font.b) for c in row]
                 for row in sheet.iter_rows()]
        widths = {k: d.width for k, d in sheet.column_dimensions.items()}
        content.append((sheet.title, cells, widths, sheet.freeze_panes, sheet.auto_filter.ref,
                        sheet.page_setup.orientation, sheet.page_setup.fitToWidth,
                        sheet.page_setup.fitToHeight, sheet.print_title_rows))
    return book.properties.title, book.properties.subject, content


def compare(first, second):
    """Where the workbooks @first and @second differ, or None."""
    a_title, a_subject, a = workbook_content(first)
    b_title, b_subject, b = workbook_content(second)
    if (a_title, a_subject) != (b_title, b_subject):
        return f"properties: {a_title!r}, {a_subject!r} against {b_title!r}, {b_subject!r}"
    if [s[0] for s in a] != [s[0] for s in b]:
        return f"sheets: {[s[0] for s in a]} against {[s[0] for s in b]}"
    for x, y in zip(a, b):
        if x[1] != y[1]:
            for r, (row_x, row_y) in enumerate(zip(x[1], y[1]), 1):
                if row_x != row_y:
                    return f"sheet {x[0]}, row {r}: {row_x} against {row_y}"
            return f"sheet {x[0]}: {len(x[1])} rows against {len(y[1])}"
        if x[2:] != y[2:]:
            return f"sheet {x[0]}: layout {x[2:]} against {y[2:]}"
    return None


def make_store(cli, folder):
    """The tournament, made through @cli in @folder/bench.db; returns the database's path."""
    db = os.path.join(folder, "bench.db")
    if os.path.exists(db):
        return db
    partial = db + ".partial"
    for leftover in (partial, partial + "-wal", partial + "-shm"):
        if os.path.exists(leftover):
            os.unlink(leftover)

    def must(*args):
        p = subprocess.run([cli, "--db", partial, "--referee", "Referee Wu", *args],
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"sparrow-cli {' '.join(args)}: {p.stderr.strip()}")
        return p.stdout

    must("tournament", "create", "--name", "Bench Open 基准赛", "--rules", "mcr", "--sessions",
         str(SESSIONS), "--seating", "random")
    players_csv = os.path.join(folder, "players.csv")
    spbench_event.write_players(players_csv, PLAYERS)
    must("players", "import", players_csv)
    for session in range(1, SESSIONS + 1):
        must("seating", "draw", "--session", str(session), "--seed", str(session))
    hands_file = os.path.join(folder, "hands.jsonl")
    spbench_event.write_hands(hands_file, PLAYERS, SESSIONS, HANDS, 20261130)
    must("hand", "import", hands_file)
    # The same store whatever was timed before: its write-ahead log folded into the file.
    with sqlite3.connect(partial) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(partial + suffix):
            os.rename(partial + suffix, db + suffix)
    return db


def main():
    parser = argparse.ArgumentParser(description="Times sparrow-cli export xlsx on 40,000 hands.")
    parser.add_argument("cli")
    parser.add_argument("--against", help="another sparrow-cli, timed on the same store")
    parser.add_argument("--store", help="a folder to keep the store in between runs")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--compare", action="store_true",
                        help="with --against: compare the two workbooks' content (openpyxl)")
    args = parser.parse_args()

    folder = args.store or tempfile.mkdtemp(prefix="sparrow-bench-xlsx-")
    os.makedirs(folder, exist_ok=True)
    start = time.perf_counter()
    db = make_store(args.cli, folder)
    made = time.perf_counter() - start
    print(f"store: {db} ({os.path.getsize(db) / 1e6:.1f} MB, {made:.1f} s to make or find)")

    clis = [("this", args.cli)] + ([("against", args.against)] if args.against else [])
    out = os.path.join(folder, "export.xlsx")
    figures = {label: [] for label, _ in clis}
    # One untimed export each: the store's pages in the page cache for both alike.
    for label, cli in clis:
        timed(cli, db, "export", "xlsx", out)
    for _ in range(args.runs):
        for label, cli in clis:
            if os.path.exists(out):
                os.unlink(out)
            figures[label].append(timed(cli, db, "export", "xlsx", out))
    size = os.path.getsize(out) / 1e6
    os.unlink(out)
    difference = "not compared"
    if args.against and args.compare:
        other = os.path.join(folder, "export-against.xlsx")
        for cli, path in ((args.cli, out), (args.against, other)):
            timed(cli, db, "export", "xlsx", path)
        difference = compare(out, other) or "identical"
        os.unlink(out)
        os.unlink(other)

    medians = {}
    for label, cli in clis:
        walls = [w for w, _, _ in figures[label]]
        cpus = [c for _, c, _ in figures[label]]
        peak = max(m for _, _, m in figures[label])
        medians[label] = (statistics.median(walls), statistics.median(cpus))
        print(f"export xlsx ({label}: {cli}), median of {args.runs}: "
              f"{medians[label][0] * 1000:.0f} ms wall (min {min(walls) * 1000:.0f}, "
              f"max {max(walls) * 1000:.0f}), {medians[label][1] * 1000:.0f} ms CPU, "
              f"peak {peak:.0f} MB (target < 2000 ms, < 200 MB)")
    print(f"workbook: {size:.1f} MB")
    if args.against:
        print(f"content against {args.against}: {difference}")
    if args.against:
        print(f"ratio against {args.against}: wall "
              f"{medians['against'][0] / medians['this'][0]:.2f}×, CPU "
              f"{medians['against'][1] / medians['this'][1]:.2f}× faster")


if __name__ == "__main__":
    main()
