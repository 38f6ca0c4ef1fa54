#!/usr/bin/env python3
# test-export-pdf-seating.py: `sparrow-cli export pdf-seating|pdf-standings` (SPEC.md §3.3) on an
# event made through the CLI, Chinese and Latin names mixed: a valid PDF of the expected pages
# (a card per table, the list by name, the personal schedules; the standings with the header row
# and "page N of M" on every page), every name and table number in its text, A4 or Letter, and
# a failed export that leaves no file (TAP output).
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from sptap import check, command, finish  # noqa: E402

if not all(shutil.which(tool) for tool in ("pdfinfo", "pdftotext")):
    print("1..0 # SKIP pdfinfo and pdftotext (Debian poppler-utils) are not installed")
    sys.exit(0)

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-pdf-seating-")
DB = os.path.join(folder, "event.db")
TOURNAMENT = "春季公开赛 Spring Open"
SESSIONS = 3


def run(*args):
    return sparrow_cli("--db", DB, *args)


def must(*args):
    rc, out, err = run(*args)
    check(" ".join(args)[:90], rc == 0, f"rc={rc} {err.strip()}")
    return out


def pdf_info(path):
    out = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", out, re.M)
    return pages, (round(float(size.group(1))), round(float(size.group(2))))


def page_text(path, page=None, layout=False):
    args = ["pdftotext", "-enc", "UTF-8"] + (["-layout"] if layout else [])
    if page is not None:
        args += ["-f", str(page), "-l", str(page)]
    return subprocess.run(args + [path, "-"], capture_output=True, text=True).stdout


def is_pdf(path):
    with open(path, "rb") as f:
        return f.read(5) == b"%PDF-"


def page_numbers(text):
    """The "page N of M" of a page's text, or None."""
    found = re.search(r"page (\d+) of (\d+)", text)
    return (int(found.group(1)), int(found.group(2))) if found else None


# 48 players (12 tables), Chinese and Latin names, three sessions of a balanced plan.
SURNAMES = "王李张刘陈杨黄赵周吴徐孙"
GIVEN = ["芳", "伟", "静", "勇"]
LATIN = ["Anna Berg", "Dupont, Jean", "Sam Lee", "Olga Ivanova", "Marco Rossi", "Zoë Ångström",
         "Hiro Tanaka", "Maria García", "Lars Nilsson", "Eva Novák", "Tom O'Brien", "Ida Falk"]
names = [SURNAMES[i] + GIVEN[i % 4] for i in range(12)]
names += [f"{SURNAMES[i]}{GIVEN[(i + 1) % 4]}{GIVEN[(i + 2) % 4]}" for i in range(12)]
names += LATIN + [f"{name} Jr" for name in LATIN]
must("tournament", "create", "--name", TOURNAMENT, "--rules", "mcr", "--sessions",
     str(SESSIONS), "--seating", "balanced", "--ranking", "r98")
for i, name in enumerate(names):
    must("players", "add", name, "--club", f"Club {i % 5 + 1}")
for session in range(1, SESSIONS + 1):
    must("seating", "draw", "--session", str(session), "--seed", "5")
shown = json.loads(must("seating", "show", "--session", "1", "--json"))
tables = shown.get("tables", [])
check("12 tables drawn", len(tables) == 12, shown)


def table_names(table):
    """The four names of a table of `seating show --json`, whatever form its seats take."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "name" and isinstance(item, str):
                    found.append(item)
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    walk(table)
    return found


# ---- the seating of session 1, A4 --------------------------------------------------------------
seating = os.path.join(folder, "seating.pdf")
rc, out, err = run("export", "pdf-seating", seating, "--session", "1")
check("export pdf-seating: exit 0", rc == 0, err)
check("seating: a PDF file", os.path.exists(seating) and is_pdf(seating))
pages, size = pdf_info(seating)
check("seating: A4 portrait", size == (595, 842), size)
text = page_text(seating)
check("seating: every player's name", all(name in text for name in names),
      [name for name in names if name not in text])
for number, table in enumerate(tables, start=1):
    card = page_text(seating, number)
    four = table_names(table)
    check(f"seating: card {number} shows its table number, the four names and 東南西北",
          re.search(rf"(^|\s){number}(\s|$)", card) is not None and len(four) == 4
          and all(name in card for name in four) and all(w in card for w in "東南西北")
          and "first dealer" in card, (card[:300], four))
# After the cards, the list by name then the schedules, each numbered "page N of M".
rest = [page_numbers(page_text(seating, page)) for page in range(len(tables) + 1, pages + 1)]
check("seating: every page after the cards numbered", all(rest), rest)
if all(rest):
    n_list = rest[0][1]
    n_schedules = pages - len(tables) - n_list
    check("seating: cards + list + schedules = pages",
          n_schedules >= 1 and [r[0] for r in rest] == list(range(1, n_list + 1))
          + list(range(1, n_schedules + 1)) and all(r[1] == n_schedules for r in rest[n_list:]),
          (pages, rest))
    listing = "".join(page_text(seating, len(tables) + 1 + k) for k in range(n_list))
    check("seating: the list holds every name", all(name in listing for name in names))
    schedules = "".join(page_text(seating, len(tables) + n_list + 1 + k)
                        for k in range(n_schedules))
    check("seating: the schedules hold every name and every session",
          all(name in schedules for name in names)
          and all(f"Session {s}" in schedules for s in range(1, SESSIONS + 1)))
    # 48 players in one column of names: they fit one A4 page; 3 sessions a block, 48 blocks.
    check("seating: 12 + 1 + 2 pages on A4", (pages, n_list, n_schedules) == (15, 1, 2),
          (pages, n_list, n_schedules))
    # The list is alphabetical: the Latin names in order of their letters.
    latin = [line.strip() for line in listing.splitlines() if line.strip() in LATIN + [
        f"{name} Jr" for name in LATIN]]
    check("seating: the list by name", len(latin) == 24
          and latin == sorted(latin, key=str.casefold), latin)

# Letter paper: the same pages on 612 × 792 points.
letter = os.path.join(folder, "seating-letter.pdf")
rc, out, err = run("export", "pdf-seating", letter, "--session", "2", "--paper", "letter")
check("export pdf-seating --paper letter: exit 0", rc == 0, err)
letter_pages, letter_size = pdf_info(letter)
check("seating: Letter is 612 × 792", letter_size == (612, 792), letter_size)
check("seating: Letter names everyone", all(name in page_text(letter) for name in names))

# A session not drawn is refused and writes nothing.
undrawn = os.path.join(folder, "undrawn.pdf")
rc, out, err = run("export", "pdf-seating", undrawn)
check("export pdf-seating without --session: usage (exit 2)", rc == 2 and not
      os.path.exists(undrawn), (rc, err))

# ---- the standings -----------------------------------------------------------------------------
must("players", "withdraw", "3")
standings = os.path.join(folder, "standings.pdf")
rc, out, err = run("export", "pdf-standings", standings)
check("export pdf-standings: exit 0", rc == 0, err)
check("standings: a PDF file", os.path.exists(standings) and is_pdf(standings))
pages, size = pdf_info(standings)
rows = 40   # rows of players an A4 page holds
check("standings: A4, pages for 48 players", size == (595, 842)
      and pages == math.ceil(len(names) / rows), (pages, size))
text = page_text(standings)
check("standings: every player's name", all(name in text for name in names),
      [name for name in names if name not in text])
for page in range(1, pages + 1):
    body = page_text(standings, page)
    check(f"standings page {page}: name, date, header row, page {page} of {pages}",
          TOURNAMENT in body and re.search(r"\d{4}-\d\d-\d\d", body) and "Rank" in body
          and "Table points" in body and page_numbers(body) == (page, pages), body[:200])
layout = page_text(standings, layout=True)
withdrawn = [line for line in layout.splitlines() if names[2] in line]
check("standings: table points as 0.00 and the withdrawn marked W",
      withdrawn and re.search(r"0\.00\s+0\s+0\s+W\s*$", withdrawn[0]), withdrawn)
us = os.path.join(folder, "standings-letter.pdf")
rc, out, err = run("export", "pdf-standings", us, "--paper", "letter")
check("standings --paper letter: 612 × 792", rc == 0 and pdf_info(us)[1] == (612, 792), err)

# ---- failures leave no file --------------------------------------------------------------------
missing = os.path.join(folder, "no-such-folder", "seating.pdf")
rc, out, err = run("export", "pdf-seating", missing, "--session", "1")
check("export into a missing folder: exit 3 and a message", rc == 3 and err.strip(), (rc, err))
check("export into a missing folder: no file", not os.path.exists(missing))
target = os.path.join(folder, "a-folder")
os.mkdir(target)
before = sorted(os.listdir(folder))
rc, out, err = run("export", "pdf-standings", target)
check("export onto a folder: exit 3", rc == 3 and err.strip(), (rc, err))
check("export onto a folder: nothing left beside it", sorted(os.listdir(folder)) == before
      and os.listdir(target) == [], sorted(os.listdir(folder)))

finish()
