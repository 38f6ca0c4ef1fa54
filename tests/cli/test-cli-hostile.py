#!/usr/bin/env python3
# test-cli-hostile.py: hostile and broken input through every sparrow-cli command that takes
# text or files: invalid UTF-8, huge lines and fields, NUL bytes, SQL metacharacters, format
# strings and formula-looking names; damaged, foreign, empty and newer database files; a full
# disk and a read-only folder (real tmpfs mounts; skipped where mounting is not allowed).  Each
# one either is refused with a clear one-line message (exit 1, 2 or 3, never a crash) and
# nothing written, or, where it is valid text, stored and shown back exactly; the CSV exports
# never let a cell be run as a formula.  The count of inputs tried is printed at the end.
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import hashlib
import io
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, finish, skip  # noqa: E402

try:
    import openpyxl
except ImportError:
    openpyxl = None

CLI = sys.argv[1]
folder = tempfile.mkdtemp(prefix="sparrow-cli-hostile-")
DB = os.path.join(folder, "event.db")
tried = 0  # hostile inputs tried: one per command run with one hostile input

# What a crash or a sanitizer leaves on stderr.
CRASH_WORDS = ("AddressSanitizer", "LeakSanitizer", "runtime error:", "CRITICAL **",
               "WARNING **", "Segmentation fault", "core dumped", "Traceback")


# Under LeakSanitizer (the sanitizer run of the db suite), the PDF exports load cairo, pango
# and fontconfig, which keep their caches until exit: those libraries' allocations are not
# counted as leaks for a PDF export, with the suite's own suppressions kept.
PDF_ENV = None
if "LSAN_OPTIONS" in os.environ or "ASAN_OPTIONS" in os.environ:
    options = dict(o.split("=", 1) for o in os.environ.get("LSAN_OPTIONS", "").split(":")
                   if "=" in o)
    suppressions = os.path.join(folder, "pdf-lsan.supp")
    with open(suppressions, "w") as f:
        if "suppressions" in options and os.path.exists(options["suppressions"]):
            with open(options["suppressions"]) as own:
                f.write(own.read() + "\n")
        f.write("leak:libcairo.so\nleak:libpango\nleak:libfontconfig.so\nleak:libharfbuzz.so\n")
    options["suppressions"] = suppressions
    options["print_suppressions"] = "0"  # the error stays the last line of stderr
    PDF_ENV = dict(os.environ, LSAN_OPTIONS=":".join(f"{k}={v}" for k, v in options.items()))


def cli(*args, db=DB, stdin=None, hostile=True, timeout=300):
    """Runs sparrow-cli --db @db @args (str or bytes), counting a hostile input."""
    global tried
    tried += hostile
    pdf = any(isinstance(a, str) and a.startswith("pdf-") for a in args)
    p = subprocess.run([CLI, "--db", db, *args], capture_output=True, input=stdin,
                       timeout=timeout, env=PDF_ENV if pdf else None)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def must(*args, db=DB):
    rc, out, err = cli(*args, db=db, hostile=False)
    check(" ".join(a if isinstance(a, str) else repr(a) for a in args)[:100], rc == 0,
          f"rc={rc} {err[:300]}")
    return out


def no_crash(rc, err):
    return rc in (0, 1, 2, 3) and not any(w in err for w in CRASH_WORDS)


def refused(rc, out, err, codes=(1, 2), words=()):
    """A clear refusal: exit in @codes, one line 'sparrow-cli: …' naming every one of @words."""
    lines = err.splitlines()
    return (rc in codes and out == "" and len(lines) == 1 and lines[0].startswith("sparrow-cli: ")
            and all(w in err for w in words) and no_crash(rc, err))


def short(text, n=40):
    return repr(text)[:n]


def write(name, data):
    path = os.path.join(folder, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def sha256(path):
    if os.path.isdir(path):
        return "folder:" + ",".join(sorted(os.listdir(path)))
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def content(path):
    """The database's content (its SQL dump), whatever its pages."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    # Bytes that are not UTF-8 (a store that let them in) are still content.
    connection.text_factory = lambda data: data.decode("utf-8", "surrogateescape")
    try:
        return hashlib.sha256("\n".join(connection.iterdump()).encode("utf-8", "surrogateescape")
                              ).hexdigest()
    finally:
        connection.close()


def integrity(path):
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def players(db=DB, tournament="Hostile Cup"):
    args = (["--tournament", tournament] if tournament else []) + ["players", "list", "--json"]
    rc, out, err = cli(*args, db=db, hostile=False)
    return json.loads(out)["players"] if rc == 0 else []


# ---- the event the commands act on ---------------------------------------------------------
HC = ("--tournament", "Hostile Cup")
must("tournament", "create", "--name", "Hostile Cup", "--rules", "mcr", "--sessions", "2",
     "--seating", "random")
must("players", "import", write("eight.csv", "name,club\n" + "".join(f"P{i},Club\n"
                                                                    for i in range(1, 9))))
must("seating", "draw", "--session", "1", "--seed", "1")
must("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S", "--fan",
     "8")

# Valid text that looks like an attack: stored and shown back exactly.
TEXTS = [
    "'); DROP TABLE players;--",
    "Robert'); DELETE FROM hands WHERE ('1'='1",
    "%s%n%x%p%%",
    "Say \"hi\" 'there' `now` \\",
    "=cmd|' /C calc'!A0",
    "+1+1",
    "-2+3",
    "@SUM(A1)",
    "=HYPERLINK(\"http://example.invalid\",\"x\")",
    "选手 ☃ 🀄 مرحبا",
]
# Not acceptable as a name: control characters (a tab or CR before a formula too), invalid
# UTF-8 (a stray byte, a cut sequence, an overlong '/', a UTF-16 surrogate) and a name far
# past the limit (as long as one argument may be).
CONTROL = ["\t=1+1", "\r=1+1", "line\nbreak", "\x1b[31mred", "bell\x07", "del\x7f"]
INVALID = [b"\xff\xfeBad", b"Ann\xc3\x28", b"\xc0\xaf", b"\xed\xa0\x80x"]
HUGE = "W" * 120_000
CONTROL_RE = [chr(c) for c in list(range(0, 32)) + list(range(127, 160))]


def has_control(text):
    return any(c in text for c in CONTROL_RE)


# ---- names, clubs, venues, reasons, referees: valid hostile text ------------------------------
hand_number = 2
for n, text in enumerate(TEXTS):
    label = short(text)
    rc, out, err = cli(*HC, "players", "add", "--", text)
    stored = [p for p in players() if p["name"] == text]
    check(f"players add {label}: stored exactly", rc == 0 and len(stored) == 1,
          f"rc={rc} {err}")
    rc, out, err = cli(*HC, "players", "add", f"Fields {n}", "--club", text, "--country", text,
                       "--team", text, "--federation-id", text)
    got = [p for p in players() if p["name"] == f"Fields {n}"]
    check(f"players add --club/--country/--team/--federation-id {label}: stored exactly",
          rc == 0 and len(got) == 1 and all(got[0][k] == text for k in
                                            ("club", "country", "team", "federation_id")),
          f"rc={rc} {err} {got}")
    if got:
        rc, out, err = cli(*HC, "players", "edit", str(got[0]["id"]), "--name",
                           text + " (edited)",
                           "--club", text + text)
        again = [p for p in players() if p["id"] == got[0]["id"]]
        check(f"players edit --name/--club {label}: stored exactly", rc == 0 and again
              and again[0]["name"] == text + " (edited)" and again[0]["club"] == text + text,
              f"rc={rc} {err} {again}")
    rc, out, err = cli("tournament", "create", f"--name={text}", "--rules", "mcr", "--venue",
                       text)
    rc2, out2, err2 = cli("--tournament", text, "tournament", "show", "--json")
    shown = json.loads(out2) if rc2 == 0 else {}
    tournament = shown.get("tournament", shown)
    check(f"tournament create --name/--venue {label}, found by --tournament: stored exactly",
          rc == 0 and rc2 == 0 and tournament.get("name") == text
          and tournament.get("venue") == text, f"rc={rc} {err} rc2={rc2} {err2} {out2[:300]}")
    rc, out, err = cli("--tournament", text, "tournament", "rename", "--", text + " II")
    rc2, out2, _ = cli("tournament", "list", "--json", hostile=False)
    names = [t["name"] for t in json.loads(out2)["tournaments"]] if rc2 == 0 else []
    check(f"tournament rename {label}: stored exactly", rc == 0 and text + " II" in names,
          f"rc={rc} {err} {names}")
    rc, out, err = cli("--tournament", "Hostile Cup", "penalty", "add", "--session", "1",
                       "--player", "1", "--points", "5", "--reason", text)
    rc2, out2, _ = cli("--tournament", "Hostile Cup", "penalty", "list", "--json",
                       hostile=False)
    reasons = [p["reason"] for p in json.loads(out2)["penalties"]] if rc2 == 0 else []
    check(f"penalty add --reason {label}: stored exactly", rc == 0 and text in reasons,
          f"rc={rc} {err} {reasons}")
    rc, out, err = cli("--tournament", "Hostile Cup", "--referee", text, "players", "add",
                       f"Refereed {n}")
    check(f"--referee {label}: accepted", rc == 0, f"rc={rc} {err}")
    rc, out, err = cli(*HC, "tournament", "delete", "--confirm", text)
    check(f"tournament delete --confirm {label}: refused, nothing deleted",
          refused(rc, out, err, words=("Hostile Cup",)) and len(players()) > 8,
          f"rc={rc} {err}")
    # Hand notation: refused as a syntax error, naming the hand.
    rc, out, err = cli("--tournament", "Hostile Cup", "hand", "add", "--session", "1",
                       "--table", "1", "--winner", "E", "--from", "S", f"--hand={text}")
    check(f"hand add --hand {label}: refused, naming the hand",
          refused(rc, out, err, words=("session 1 table 1 hand",)), f"rc={rc} {err}")
    for command in ("score", "check", "waits"):
        rc, out, err = cli(command, "--rules", "mcr", "--", text)
        check(f"{command} {label}: refused", refused(rc, out, err), f"rc={rc} {out} {err}")

# The referee's names went into the audit log as typed.
rc, out, err = cli("--tournament", "Hostile Cup", "export", "xlsx",
                   os.path.join(folder, "audit.xlsx"), hostile=False)
if openpyxl is None:
    skip("the audit log keeps every referee's name as a text cell", "no openpyxl")
else:
    book = openpyxl.load_workbook(os.path.join(folder, "audit.xlsx"))
    who = {c.value: c.data_type for row in book["Audit"].iter_rows(min_row=2) for c in row[1:2]}
    check("the audit log keeps every referee's name as a text cell",
          all(who.get(t) == "s" for t in TEXTS), sorted(map(str, who))[:20])

# ---- the same places with text that is not acceptable ---------------------------------------
field_number = 0
bad_inputs = [(short(t), t) for t in CONTROL] + [(repr(b), b) for b in INVALID] \
             + [("120,000 characters", HUGE)]
before = content(DB)
for label, text in bad_inputs:
    # A name: refused, saying whose name and why.
    for args, words in [
        ((*HC, "players", "add", "--", text), ("player's name",)),
        (("tournament", "create", "--name", text, "--rules", "mcr"), ("tournament's name",)),
        (("tournament", "create", "--name", "Venue test", "--rules", "mcr", "--venue", text),
         ("venue",)),
        (("--tournament", "Hostile Cup", "penalty", "add", "--session", "1", "--player", "1",
          "--points", "5", "--reason", text), ("reason",)),
        (("--referee", text, "players", "list"), ("referee",)),
        ((*HC, "players", "substitute", "1", "--force", "--by", text), ("player's name",)),
        ((*HC, "players", "edit", "1", "--name", text), ("player's name",)),
        ((*HC, "tournament", "rename", "--", text), ("tournament's name",)),
    ]:
        snapshot = content(DB)
        rc, out, err = cli(*args)
        stripped_ok = False
        if rc == 0 and args[0] == "tournament" and args[1] == "create":
            # A tab or CR around a tournament's name is a blank, taken off; what is kept has
            # no control character.
            rc2, out2, _ = cli("tournament", "list", "--json", hostile=False)
            kept = [t["name"] for t in json.loads(out2)["tournaments"]]
            stripped_ok = isinstance(text, str) and text.strip() in kept \
                and not has_control(text.strip())
            cli("--tournament", text.strip(), "tournament", "delete", "--confirm", text.strip(),
                hostile=False)
        command = " ".join(a for a in args if a is not text and isinstance(a, str)
                           and (a[:1].isalpha() and a != "Hostile Cup"
                                or a in ("--referee", "--venue", "--reason", "--by", "--name")))
        check(f"{command} {label}: refused, saying what, nothing written", stripped_ok
              or (refused(rc, out, err, words=words) and content(DB) == snapshot),
              f"rc={rc} {out[:100]} {err[:300]}")
    # A club, country, team, federation id: tabs and line breaks may be kept, nothing else.
    for option in ("--club", "--country", "--team", "--federation-id"):
        field_number += 1
        name = f"Field {field_number}"
        rc, out, err = cli(*HC, "players", "add", name, option, text)
        kept = [p for p in players() if p["name"] == name]
        key = option[2:].replace("-", "_")
        allowed = isinstance(text, str) and len(text) <= 200 \
            and not has_control(text.replace("\t", "").replace("\n", "").replace("\r", ""))
        if allowed:
            check(f"players add {option} {label}: stored exactly",
                  rc == 0 and kept and kept[0][key] == text, f"rc={rc} {err} {kept}")
            if kept:
                cli(*HC, "players", "withdraw", str(kept[0]["id"]), hostile=False)
        else:
            check(f"players add {option} {label}: refused, saying which field",
                  refused(rc, out, err, words=(key.replace("_", " "),)) and not kept,
                  f"rc={rc} {err[:300]}")
    # A value of an option read as text (not a name): a usage error naming the option.
    if isinstance(text, bytes):
        for args, option in [(("--tournament", text, "players", "list"), "--tournament"),
                             (("hand", "add", "--session", "1", "--table", "1", "--hand", text),
                              "--hand"),
                             (("tournament", "create", "--name", "X", "--rules", text),
                              "--rules"),
                             (("score", "--rules", "mcr", "--profile", text, "1m"), "--profile")]:
            rc, out, err = cli(*args)
            check(f"{option} {label}: a usage error naming the option",
                  refused(rc, out, err, codes=(2,), words=(option, "UTF-8")),
                  f"rc={rc} {err[:300]}")
# Numbers that are not numbers.
for value in ["'); DROP TABLE hands;--", "%n", "1e999", "99999999999999999999999", "-1",
              "", "1 OR 1=1", "٣", "0x10", "1_000"]:
    for args in [("hand", "list", "--session", value), ("standings", "--session", value),
                 ("penalty", "add", "--session", "1", "--player", value, "--points", "5",
                  "--reason", "x"),
                 ("penalty", "add", "--session", "1", "--player", "1", "--points", value,
                  "--reason", "x"),
                 ("players", "withdraw", value), ("hand", "delete", value),
                 ("seating", "plan", "--players", value, "--rounds", "2"),
                 ("players", "checkin", value), ("players", "checkout", value),
                 ("players", "reinstate", value), ("hand", "edit", value, "--fan", "8"),
                 ("session", "close", "--session", value),
                 ("session", "reopen", "--session", value, "--force"),
                 ("penalty", "list", "--player", value), ("penalty", "delete", value),
                 ("seating", "draw", "--session", value), ("seating", "show", "--session", value),
                 ("seating", "draw", "--session", "2", "--top", value)]:
        if value == "-1" and "--points" in args:
            continue  # points lost may be written -N (SPEC.md §3.3)
        rc, out, err = cli(*HC, *args)
        check(f"{' '.join(args[:2])} with {value!r} for a number: refused", refused(rc, out, err),
              f"rc={rc} {out[:100]} {err[:200]}")

# A leading zero is no octal: "--players 012" is twelve players (GOption alone read it as 10).
rc, out, err = cli("seating", "plan", "--players", "012", "--rounds", "1", "--seed", "1",
                   "--json")
check("seating plan --players 012: twelve players, in decimal",
      rc == 0 and sorted(p for table in json.loads(out)["rounds"][0] for p in table)
      == list(range(1, 13)), f"rc={rc} {out[:200]} {err}")

# Options with a fixed set of values or a form of their own.
before = content(DB)
for args in [("tournament", "create", "--name", "Options", "--rules", "mcr", "--option",
              "'); DROP TABLE tournaments;--=1"),
             ("tournament", "create", "--name", "Options", "--rules", "mcr", "--option",
              "group_tables=%s%n"),
             ("tournament", "create", "--name", "Options", "--rules", "mcr", "--option", "=1+1"),
             ("tournament", "create", "--name", "Options", "--rules", "mcr", "--profile", "=cmd"),
             ("tournament", "create", "--name", "Options", "--rules", "=1+1"),
             ("tournament", "create", "--name", "Options", "--rules", "mcr", "--seating", "@x"),
             ("tournament", "create", "--name", "Options", "--rules", "mcr", "--ranking", "+r98"),
             ("tournament", "create", "--name", "Options", "--rules", "mcr", "--starts",
              "2026-05-01'; DROP TABLE x;--"),
             ("tournament", "create", "--name", "Options", "--rules", "mcr", "--starts",
              "2026-13-45"),
             ("tournament", "create", "--name", "Options", "--rules", "mcr", "--ends", "%n"),
             (*HC, "export", "pdf-standings", os.path.join(folder, "x.pdf"), "--paper", "=A4"),
             (*HC, "export", "=cmd|' /C calc'!A0", os.path.join(folder, "x.csv")),
             (*HC, "hand", "add", "--session", "1", "--table", "1", "--winner", "=1", "--from",
              "S", "--fan", "8"),
             (*HC, "hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from",
              "'; DROP", "--fan", "8"),
             (*HC, "hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from",
              "S", "--fan", "8", "--seat-wind", "%s"),
             (*HC, "hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from",
              "S", "--hand", "123m456m789m11p22p", "--flowers", "f1,'); DROP"),
             ("score", "--rules", "mcr", "--option", "%s%n=1", "123m456m789m11p22p3p"),
             ("score", "--rules", "mcr", "--liable", "@", "123m456m789m11p22p3p")]:
    rc, out, err = cli(*args)
    check(f"{' '.join(a for a in args[2:] if a.startswith('--'))[:40]} "
          f"{short(args[-1], 30)}: refused", refused(rc, out, err), f"rc={rc} {out} {err[:200]}")
check("no refused option wrote anything", content(DB) == before)

# Files whose names are hostile: bytes are a file name like any other.
for name in ["new\nline.csv", "%s%n%x.csv", "'); DROP TABLE x;--.csv", "-dash.csv",
             "=cmd|' calc'!A0.csv", os.fsdecode(b"\xff\xfe.csv"), "名前 ☃.csv"]:
    path = os.path.join(folder, "named", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    for kind in ("csv", "xlsx", "pdf-standings"):
        rc, out, err = cli(*HC, "export", kind, os.fsencode(path))
        check(f"export {kind} to {short(name, 30)}: written there", rc == 0
              and os.path.isfile(path), f"rc={rc} {err}")
    rc, out, err = cli("backup", os.fsencode(path + ".db"))
    rc2, out2, err2 = cli("restore", os.fsencode(path + ".db"))
    check(f"backup and restore {short(name, 30)}", rc == 0 and rc2 == 0, f"{err} {err2}")
    rc, out, err = cli("players", "import", os.fsencode(path + ".missing"))
    check(f"players import of a missing {short(name, 30)}: refused", refused(rc, out, err),
          f"rc={rc} {err}")

# ---- files: NUL bytes, huge lines and fields, invalid UTF-8, binary -------------------------
TEN_MB = 10 * 1024 * 1024
FILES = {
    "a NUL byte in a name": (b"name,club\nAnn\x00Bee,Club\n", "line 2"),
    "a NUL byte in the header": (b"na\x00me,club\nAnn,Club\n", "line 1"),
    "a 10 MB line": (b"name,club\n" + b"Z" * TEN_MB + b",Club\n", "line 2"),
    "a 1 MB name": (b"name,club\n" + "名".encode() * 350_000 + b",Club\n", "line 2"),
    "a 1 MB club": (b"name,club\nBig Club," + b"c" * 1_000_000 + b"\n", "line 2"),
    "invalid UTF-8": (b"name,club\n\xff\xfe,Club\n", "line 2"),
    "UTF-16": ("name,club\nAnn,Club\n".encode("utf-16"), "line 1"),
    "an open quote": (b'name,club\n"Ann,Club\n', "line 2"),
    "binary bytes": (bytes(range(256)) * 64, "line"),
    "100,000 columns": (b"name" + b",club" * 100_000 + b"\nAnn\n", "line 1"),
}
before = content(DB)
for label, (data, where) in FILES.items():
    path = write("hostile.csv", data)
    rc, out, err = cli("players", "import", path)
    check(f"players import, {label}: refused naming the file and {where}",
          refused(rc, out, err, words=(path, where)), f"rc={rc} {err[:300]}")
    rc, out, err = cli("hand", "import", path)
    check(f"hand import, {label}: refused naming the file", refused(rc, out, err, words=(path,)),
          f"rc={rc} {err[:300]}")
    rc, out, err = cli("score", "--rules", "mcr", "--batch", path)
    verdicts = [json.loads(line) for line in out.splitlines()] if rc == 0 else []
    check(f"score --batch, {label}: a verdict a line, none a win",
          rc == 0 and verdicts and all(v["win"] is False for v in verdicts) and no_crash(rc, err),
          f"rc={rc} {err[:300]}")
    rc, out, err = cli("seating", "plan", "--players", "8", "--rounds", "2", "--teams", path)
    check(f"seating plan --teams, {label}: refused naming the file",
          refused(rc, out, err, words=(path,)), f"rc={rc} {err[:300]}")
rc, out, err = cli("score", "--rules", "mcr", "--batch", "-", stdin=b"1m" * 5_000_000 + b"\n")
check("score --batch -, a 10 MB line on standard input: one verdict",
      rc == 0 and len(out.splitlines()) == 1 and not json.loads(out)["win"], f"rc={rc} {err}")
rc, out, err = cli("score", "--rules", "mcr", "--batch", "-",
                   stdin=b"123m456m789m11p2\x00p\n\xff\xfe\n")
check("score --batch -, a NUL byte and invalid UTF-8: a syntax verdict a line",
      rc == 0 and [json.loads(x)["error"]["code"] for x in out.splitlines()] == ["syntax"] * 2,
      f"rc={rc} {out} {err}")
HAND_LINES = {
    "a NUL byte after a record": (b'{"session":1,"table":1,"winner":"E","from":"S","fan":8}\x00\n',
                                  "line 1"),
    "a NUL byte in a CSV field": (b"session,table,winner,from,fan\n1,1,E,S,8\x00junk\n",
                                  "line 2"),
    "a 10 MB hand": (b'{"session":1,"table":1,"winner":"E","from":"S","hand":"'
                     + b"1" * TEN_MB + b'm"}\n', "line 1"),
    "invalid UTF-8 in JSON": (b'{"session":1,"table":1,"winner":"\xff","from":"S","fan":8}\n',
                              "line 1"),
    "SQL in a number": (b'{"session":"1\'; DROP TABLE hands;--","table":1,"winner":"E",'
                        b'"from":"S","fan":8}\n', "line 1"),
    "a format string as situation": (b'{"session":1,"table":1,"winner":"E","from":"S","fan":8,'
                                     b'"situation":"%s%n%x"}\n', "line 1"),
    "100,000 nested arrays": (b"{" + b'"a":' + b"[" * 100_000 + b"\n", "line 1"),
    "100,000 nested objects": (b'{"a":' * 100_000 + b"\n", "line 1"),
    "a fraction for a fan": (b'{"session":1,"table":1,"winner":"E","from":"S","fan":8.5}\n',
                             "line 1"),
    "a list for a table": (b'{"session":1,"table":[1],"winner":"E","from":"S","fan":8}\n',
                           "line 1"),
    "a formula as a hand": ("session,table,winner,from,hand\n1,1,E,S,=cmd|' /C calc'!A0\n"
                            .encode(), "line 2"),
}
for label, (data, where) in HAND_LINES.items():
    path = write("hands.txt", data)
    rc, out, err = cli("hand", "import", path)
    check(f"hand import, {label}: refused naming the file and {where}",
          refused(rc, out, err, words=(path, where)), f"rc={rc} {err[:300]}")
check("nothing of a refused file was written", content(DB) == before)

# ---- exports: formula-looking names never run as formulas -------------------------------------
FORMULAS = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "=1+1", "'); DROP TABLE x;--",
            "%s%n", "Say \"hi\", 'there'"]
FORMULA_CLUBS = ["\t=1+1", "\r=2+2", "-", "@x", "+", "=A1", "Club", "-5"]


def csv_quote(text):
    return '"' + text.replace('"', '""') + '"'


roster = "name,club,country,team,federation_id\n" + "".join(
    f"{csv_quote(name)},{csv_quote(club)},{csv_quote(club)},{csv_quote(club)},"
    f"{csv_quote('-' + str(i))}\n" for i, (name, club) in enumerate(zip(FORMULAS, FORMULA_CLUBS)))
FORMULA_DB = os.path.join(folder, "formula.db")
must("tournament", "create", "--name", "=1+2", "--rules", "mcr", "--sessions", "1",
     "--seating", "random", "--venue", "@venue", db=FORMULA_DB)
rc, out, err = cli("players", "import", write("formula.csv", roster), db=FORMULA_DB)
kept = {p["name"]: p for p in players(db=FORMULA_DB, tournament=None)}
check("players import of formula-looking names and clubs: stored exactly",
      rc == 0 and set(kept) == set(FORMULAS)
      and all(kept[n]["club"] == c for n, c in zip(FORMULAS, FORMULA_CLUBS)),
      f"rc={rc} {err} {kept}")
must("seating", "draw", "--session", "1", "--seed", "3", db=FORMULA_DB)
must("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S", "--fan",
     "8", db=FORMULA_DB)
must("penalty", "add", "--session", "1", "--player", "1", "--points", "5", "--reason", "=2*3",
     db=FORMULA_DB)
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def guarded(text):
    """A text cell as a CSV export must write it: a single quote before = + - @ tab CR."""
    return "'" + text if text.startswith(FORMULA_START) else text


def read_csv(path):
    with open(path, "rb") as f:
        return list(csv.reader(io.StringIO(f.read()[3:].decode("utf-8"), newline="")))


path = os.path.join(folder, "formula.csv")
rc, out, err = cli("export", "csv", path, db=FORMULA_DB)
rows = read_csv(path) if rc == 0 else [[]]
check("export csv: names, clubs, countries, teams with a single quote before = + - @ tab CR",
      rc == 0 and sorted(r[1] for r in rows[1:]) == sorted(map(guarded, FORMULAS))
      and all(sorted(r[c] for r in rows[1:]) == sorted(map(guarded, FORMULA_CLUBS))
              for c in (2, 3, 4)), f"rc={rc} {err} {rows}")
check("export csv: the scores stay numbers, negative ones too",
      rc == 0 and any(r[6].startswith("-") for r in rows[1:])
      and all(r[6].lstrip("-").isdigit() for r in rows[1:]), [r[6] for r in rows[1:]])
path = os.path.join(folder, "formula-ema.csv")
rc, out, err = cli("export", "ema-csv", path, db=FORMULA_DB)
rows = read_csv(path) if rc == 0 else [[]]
check("export ema-csv: no text cell begins with = + - @ tab or CR",
      rc == 0 and not any(r[c].startswith(FORMULA_START) for r in rows[1:] for c in (1, 2, 3, 7)),
      f"rc={rc} {err} {rows}")
check("export ema-csv: EMA numbers -0…-7 behind a single quote, scores as numbers",
      rc == 0 and sorted(r[3] for r in rows[1:]) == sorted(f"'-{i}" for i in range(8))
      and any(r[5].startswith("-") for r in rows[1:])
      and all(r[5].lstrip("-").isdigit() for r in rows[1:]), rows)
if openpyxl is None:
    skip("export xlsx/ema: formula-looking text is a string cell", "no openpyxl")
else:
    for kind in ("xlsx", "ema"):
        path = os.path.join(folder, f"formula-{kind}.xlsx")
        rc, out, err = cli("export", kind, path, db=FORMULA_DB)
        book = openpyxl.load_workbook(path) if rc == 0 else None
        looking = [c for sheet in (book.worksheets if book else []) for row in sheet.iter_rows()
                   for c in row if isinstance(c.value, str) and c.value.startswith(FORMULA_START)]
        check(f"export {kind}: every formula-looking text is a string cell (data_type 's'), "
              f"as typed", rc == 0 and looking and all(c.data_type == "s" for c in looking)
              and (kind == "ema" or {"=cmd|' /C calc'!A0", "=1+1", "@SUM(A1)", "=2*3"}
                   <= {c.value for c in looking}),
              f"rc={rc} {err} {[(c.value, c.data_type) for c in looking][:12]}")
for kind in ("pdf-standings", "pdf-penalties", "pdf-summary", "pdf-seating", "pdf-scoresheets"):
    path = os.path.join(folder, f"formula-{kind}.pdf")
    rc, out, err = cli("export", kind, path, "--session", "1", db=FORMULA_DB) \
        if kind in ("pdf-seating", "pdf-scoresheets") else cli("export", kind, path,
                                                                  db=FORMULA_DB)
    text = subprocess.run(["pdftotext", path, "-"], capture_output=True,
                          text=True).stdout if rc == 0 else ""
    shown = ("=cmd|' /C calc'!A0", "=2*3") if kind == "pdf-penalties" else ("@SUM(A1)", "+1+1")
    check(f"export {kind}: written, the names printed as they are",
          rc == 0 and all(t in text for t in shown), f"rc={rc} {err} {text[:200]!r}")

# ---- database files: damaged, foreign, empty, a folder, newer --------------------------------
GOOD = os.path.join(folder, "good.db")
must("tournament", "create", "--name", "Good", "--rules", "mcr", "--sessions", "2",
     "--seating", "random", db=GOOD)
must("players", "import", write("forty.csv", "name\n" + "".join(f"P{i}\n" for i in range(40))),
     db=GOOD)
must("seating", "draw", "--session", "1", "--seed", "2", db=GOOD)
must("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S", "--fan",
     "8", db=GOOD)
with open(GOOD, "rb") as f:
    good = f.read()
connection = sqlite3.connect(GOOD)
page_size = connection.execute("PRAGMA page_size").fetchone()[0]
root = connection.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'tournaments'"
                          ).fetchone()[0]
connection.close()
rng = random.Random(12)
damaged_page = bytearray(good)
# The tournaments table's page, which every command reads: its header overwritten.
for i in range((root - 1) * page_size, (root - 1) * page_size + 16):
    damaged_page[i] = 0xFF
damaged_header = bytearray(good)
for i in range(16, 100):
    damaged_header[i] = rng.randrange(256)
damaged_middle = bytearray(good)
middle = len(good) // 2 // page_size * page_size
for i in range(middle, middle + 512):
    damaged_middle[i] = rng.randrange(256)


def make(name, data):
    path = os.path.join(folder, "files", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if data is None:
        os.mkdir(path)
    else:
        with open(path, "wb") as f:
            f.write(data)
    return path


def sqlite_file(name, setup):
    path = make(name, b"")
    os.unlink(path)
    connection = sqlite3.connect(path)
    setup(connection)
    connection.commit()
    connection.close()
    return path


newer = make("newer.db", good)
connection = sqlite3.connect(newer)
connection.execute("PRAGMA user_version = 99")
connection.commit()
connection.close()
DB_FILES = {
    "truncated to a third": (make("truncated.db", good[:len(good) // 3]), ("damaged",)),
    "truncated in the header": (make("cut-header.db", good[:50]), ("damaged",)),
    "the header overwritten": (make("bad-header.db", bytes(damaged_header)), ("not a Sparrow",)),
    "a table's page overwritten": (make("bad-page.db", bytes(damaged_page)), ("damaged",)),
    "a text file": (make("notes.db", b"name,club\nAnn,Club\n" * 100), ("not a Sparrow",)),
    "an empty file": (make("empty.db", b""), ("empty file",)),
    "a folder": (make("folder.db", None), ("folder",)),
    "another program's SQLite file": (sqlite_file("songs.db", lambda c: c.execute(
        "CREATE TABLE songs (title TEXT)")), ("not a Sparrow",)),
    "a newer Sparrow's file (user_version 99)": (newer, ("newer Sparrow",)),
}
export_csv = os.path.join(folder, "files-out.csv")
DB_COMMANDS = [
    ("players", "list"), ("standings",), ("tournament", "list"), ("hand", "list", "--session", "1"),
    ("export", "csv", export_csv), ("export", "xlsx", export_csv + ".xlsx"),
    ("export", "pdf-standings", export_csv + ".pdf"),
    ("players", "add", "Zed"),
    ("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S", "--fan", "8"),
    ("tournament", "create", "--name", "New", "--rules", "mcr"),
    ("penalty", "add", "--session", "1", "--player", "1", "--points", "5", "--reason", "late"),
    ("backup", os.path.join(folder, "files-backup.db")),
]
# A backup copies pages without reading what is in them: damage inside a page is copied.
COPIES_PAGES = {("backup", "a table's page overwritten")}
for label, (path, words) in DB_FILES.items():
    for command in DB_COMMANDS:
        before = sha256(path)
        rc, out, err = cli(*command, db=path)
        if (command[0], label) in COPIES_PAGES:
            check(f"{command[0]} --db {label}: a copy or a refusal, the file untouched",
                  (rc == 0 or refused(rc, out, err, codes=(3,), words=(path,)))
                  and sha256(path) == before, f"rc={rc} {err[:300]}")
            for p in (os.path.join(folder, "files-backup.db"),):
                if os.path.exists(p):
                    os.unlink(p)
            continue
        leftovers = [f for f in os.listdir(os.path.dirname(path))
                     if f.startswith(os.path.basename(path) + "-")]
        outputs = [p for p in (export_csv, export_csv + ".xlsx", export_csv + ".pdf",
                               os.path.join(folder, "files-backup.db")) if os.path.exists(p)]
        check(f"{' '.join(command[:2])} --db {label}: exit 3 naming the file and why, "
              f"the file untouched",
              refused(rc, out, err, codes=(3,), words=(path,) + words) and sha256(path) == before
              and not leftovers and not outputs,
              f"rc={rc} {err[:300]} changed={sha256(path) != before} {leftovers} {outputs}")
        for p in leftovers:
            os.unlink(os.path.join(os.path.dirname(path), p))
        for p in outputs:
            os.unlink(p)
    # Restoring it over a good database: refused, both files untouched.
    if not os.path.isdir(path):
        target = os.path.join(folder, "restore-target.db")
        shutil.copy(GOOD, target)
        before, before_target = sha256(path), sha256(target)
        rc, out, err = cli("restore", path, db=target)
        check(f"restore {label}: refused, both files untouched",
              refused(rc, out, err, codes=(1, 3), words=(path,)) and sha256(path) == before
              and sha256(target) == before_target, f"rc={rc} {err[:300]}")
# Damage that no command reads cannot be seen without reading every page (SQLite keeps no
# checksums): a command that meets it says so, one that does not works on the sound pages.
path = make("bad-middle.db", bytes(damaged_middle))
for command in DB_COMMANDS[:4]:
    rc, out, err = cli(*command, db=path)
    check(f"{' '.join(command[:2])} --db with damage in the middle: works or says it is damaged",
          rc == 0 or refused(rc, out, err, codes=(3,), words=(path, "damaged")),
          f"rc={rc} {err[:300]}")

# ---- a full disk and a read-only folder: real mounts ----------------------------------------
mount = os.path.join(folder, "mnt")
os.mkdir(mount)


def fill(leave=0):
    """Fills the mount up, then frees @leave bytes."""
    fd = os.open(os.path.join(mount, "fill"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    for size in (1 << 16, 1 << 12, 1 << 9, 1):
        try:
            while True:
                os.write(fd, b"x" * size)
        except OSError:
            pass
    os.ftruncate(fd, max(0, os.fstat(fd).st_size - leave))
    os.close(fd)


def unfill():
    os.unlink(os.path.join(mount, "fill"))


# A test runner's timeout (SIGTERM) still unmounts, through the finally below.
signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(1))
mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", mount],
                         capture_output=True, text=True)
if mounted.returncode != 0:
    reason = f"cannot mount a tmpfs here ({mounted.stderr.strip() or 'not root'})"
    for name in ("exports onto a full disk", "the database on a full disk",
                 "the database in a read-only folder"):
        skip(name, reason)
else:
    try:
        # Exports onto a full disk: exit 3 naming the file, no file, no temporary left.
        fill()
        for kind in ("xlsx", "csv", "ema", "ema-csv", "pdf-standings", "pdf-penalties",
                     "pdf-summary", "pdf-seating", "pdf-scoresheets"):
            target = os.path.join(mount, "out." + kind)
            rc, out, err = cli("export", kind, target, "--session", "1", db=FORMULA_DB) \
                if kind in ("pdf-seating", "pdf-scoresheets") \
                else cli("export", kind, target, db=FORMULA_DB)
            last = err.splitlines()[-1] if err else ""
            check(f"export {kind} onto a full disk: exit 3, 'No space left', no file left",
                  rc == 3 and no_crash(rc, err) and last.startswith("sparrow-cli: Cannot write "
                                                                    + target)
                  and "No space left on device" in last and os.listdir(mount) == ["fill"],
                  f"rc={rc} {err[-300:]} {os.listdir(mount)}")
        rc, out, err = cli("backup", os.path.join(mount, "copy.db"), db=FORMULA_DB)
        check("backup onto a full disk: exit 3, no file left",
              refused(rc, out, err, codes=(3,)) and os.listdir(mount) == ["fill"],
              f"rc={rc} {err} {os.listdir(mount)}")
        unfill()

        # The database on a disk that fills up during a write: rolled back, intact.
        EVENT = os.path.join(mount, "event.db")
        shutil.copy(GOOD, EVENT)
        must("players", "list", db=EVENT)
        big = write("many.csv", "name,club\n" + "".join(f"Q{i} {'n' * 150},{'c' * 190}\n"
                                                        for i in range(800)))
        for leave in (32 * 1024, 48 * 1024):
            fill(leave)
            before = content(EVENT)
            rc, out, err = cli("players", "import", big, db=EVENT)
            check(f"players import, the disk filling up ({leave // 1024} KiB free): exit 3, "
                  f"rolled back", refused(rc, out, err, codes=(3,), words=(EVENT,))
                  and content(EVENT) == before and integrity(EVENT) == "ok",
                  f"rc={rc} {err}")
            unfill()
        # A disk full before the database is even opened.
        fill()
        before = sha256(EVENT)
        for command in (("hand", "add", "--session", "1", "--table", "1", "--winner", "E",
                         "--from", "S", "--fan", "8"), ("players", "import", big),
                        ("players", "list")):
            rc, out, err = cli(*command, db=EVENT)
            # SQLite may make its -wal and -shm files before it finds no room: the -wal holds
            # nothing (the -shm is an index of it), and both go at the next open.
            extra = {f: os.path.getsize(os.path.join(mount, f)) for f in os.listdir(mount)
                     if f not in ("fill", "event.db", "event.db-shm")}
            full = "No space left on device" in err or "disk is full" in err
            check(f"{' '.join(command[:2])} on a full disk: works (a read) or exit 3 saying "
                  f"the disk is full; the file unchanged",
                  (rc == 0 and command[1] == "list"
                   or refused(rc, out, err, codes=(3,), words=(EVENT,)) and full)
                  and sha256(EVENT) == before and not any(extra.values()), f"rc={rc} {err} {extra}")
        unfill()
        rc, out, err = cli("hand", "add", "--session", "1", "--table", "1", "--winner", "E",
                           "--from", "S", "--fan", "8", db=EVENT, hostile=False)
        # (Listed before the check below: a read-only connection leaves its -shm behind.)
        left = sorted(os.listdir(mount))
        check("after freeing space: hand add works, integrity ok, no -wal or -shm left",
              rc == 0 and left == ["event.db"] and integrity(EVENT) == "ok", f"rc={rc} {err} {left}")

        # A read-only folder: reading works, a change is refused, nothing written.
        listed = cli("players", "list", "--json", db=EVENT, hostile=False)[1]
        for name in os.listdir(mount):
            if name != "event.db":
                os.unlink(os.path.join(mount, name))
        subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
        before = sha256(EVENT)
        rc, out, err = cli("players", "list", "--json", db=EVENT)
        check("players list in a read-only folder: works, as before",
              rc == 0 and out == listed, f"rc={rc} {err}")
        for command in (("standings",), ("export", "csv", os.path.join(folder, "ro.csv"))):
            rc, out, err = cli(*command, db=EVENT)
            check(f"{' '.join(command[:2])} of a database in a read-only folder: works",
                  rc == 0, f"rc={rc} {err}")
        for command in (("hand", "add", "--session", "1", "--table", "1", "--winner", "E",
                         "--from", "S", "--fan", "8"), ("players", "add", "Late"),
                        ("tournament", "create", "--name", "New", "--rules", "mcr")):
            rc, out, err = cli(*command, db=EVENT)
            check(f"{' '.join(command[:2])} in a read-only folder: exit 3 naming the file",
                  refused(rc, out, err, codes=(3,), words=(EVENT, "readonly database"))
                  and sha256(EVENT) == before, f"rc={rc} {err}")
        target = os.path.join(mount, "out.csv")
        rc, out, err = cli("export", "csv", target, db=GOOD)
        check("export into a read-only folder: exit 3 naming the file, no file",
              refused(rc, out, err, codes=(3,), words=(target, "Read-only file system"))
              and not os.path.exists(target), f"rc={rc} {err}")
        check("the read-only folder holds the database alone", os.listdir(mount) == ["event.db"],
              os.listdir(mount))
    finally:
        subprocess.run(["umount", mount], capture_output=True)

print(f"# hostile inputs tried: {tried} (commands x inputs)")
check(f"hostile inputs tried: {tried}", tried > 500, tried)
shutil.rmtree(folder, ignore_errors=True)
finish()
