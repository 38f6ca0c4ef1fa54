#!/usr/bin/env python3
# test-cli-dates.py: `tournament create --venue --starts --ends` (SPEC.md §3.3, extended): the
# venue and dates stored and shown, bad dates refused with exit 1 and nothing created, and the
# outputs of a tournament created without them unchanged.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-cli-dates-")
DB = os.path.join(folder, "event.db")


def run(*args):
    return sparrow_cli("--db", DB, *args)


def names():
    rc, out, _ = run("tournament", "list", "--json")
    return [t["name"] for t in json.loads(out)["tournaments"]] if rc == 0 else None


# Created without the new options: the same line as before, no venue or dates in the text.
rc, out, err = run("tournament", "create", "--name", "Club Night", "--rules", "mcr")
check("create without venue or dates", rc == 0 and out.strip()
      == "tournament 1: Club Night (mcr, profile cn, 4 sessions, balanced seating, r98 ranking)",
      f"rc={rc} {out!r} {err!r}")
rc, out, _ = run("tournament", "show")
check("show without venue or dates: no such lines", rc == 0 and "venue" not in out
      and "date" not in out, out)
rc, out, _ = run("tournament", "show", "--json")
shown = json.loads(out)
check("show --json without them: venue empty, dates null",
      shown.get("venue") == "" and shown.get("starts") is None and shown.get("ends") is None,
      out)

# With them: stored as given (the venue trimmed), shown in text and JSON.
rc, out, err = run("tournament", "create", "--name", "Spring Open", "--rules", "mcr",
                   "--venue", " Hall 2, 台北 ", "--starts", "2026-05-01", "--ends", "2026-05-03")
check("create with venue and dates", rc == 0 and out.startswith("tournament 2: Spring Open ("),
      f"rc={rc} {out!r} {err!r}")
rc, out, _ = run("--tournament", "Spring Open", "tournament", "show", "--json")
shown = json.loads(out)
check("show --json: venue and dates", shown.get("venue") == "Hall 2, 台北"
      and shown.get("starts") == "2026-05-01" and shown.get("ends") == "2026-05-03", out)
rc, out, _ = run("--tournament", "Spring Open", "tournament", "show")
check("show: venue and dates in text", "venue: Hall 2, 台北\n" in out
      and "dates: 2026-05-01 to 2026-05-03\n" in out, out)
rc, out, _ = run("tournament", "create", "--name", "One Day", "--rules", "taiwan",
                 "--starts", "2026-06-07", "--json")
created = json.loads(out)
check("create --json: one day", rc == 0 and created.get("starts") == "2026-06-07"
      and created.get("ends") is None, out)

# Refusals: exit 1 (understood, not acceptable) with the reason, and nothing created.
before = names()
for label, args, words in [
    ("an impossible day", ["--starts", "2026-02-30"], "2026-02-30"),
    ("not year-month-day", ["--starts", "01/05/2026"], "year-month-day"),
    ("the last day before the first", ["--starts", "2026-05-03", "--ends", "2026-05-01"],
     "before"),
    ("a last day without a first", ["--ends", "2026-05-01"], "first day"),
    ("a venue of 201 characters", ["--venue", "館" * 201], "201"),
]:
    rc, out, err = run("tournament", "create", "--name", "Refused", "--rules", "mcr", *args)
    check(f"refused: {label}", rc == 1 and err.startswith("sparrow-cli: ") and words in err
          and out == "", f"rc={rc} {out!r} {err!r}")
rc, out, err = run("tournament", "create", "--name", "Refused", "--rules", "mcr",
                   "--starts", "2026-13-01", "--json")
error = json.loads(out).get("error", {}) if out else {}
check("refused with --json: the error object", rc == 1 and error.get("code") == "invalid"
      and "2026-13-01" in error.get("message", ""), f"rc={rc} {out!r}")
check("nothing created by a refusal", names() == before, names())

# The text list keeps its columns.
rc, out, _ = run("tournament", "list")
check("list: the same columns", out.splitlines()[0].split()
      == ["id", "name", "rules", "profile", "sessions", "seating", "ranking", "created"], out)

finish()
