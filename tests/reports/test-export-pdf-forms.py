#!/usr/bin/env python3
# test-export-pdf-forms.py: R98's referee forms printed by `sparrow-cli export` (SPEC.md §3.3):
# the score sheets of a session (附件5 比赛成绩记录表, one per table), the penalty record (附件4
# 比赛处罚记录表) and the results summary (附件6 比赛成绩统计表), checked through poppler's
# pdfinfo and pdftotext on an event run through the CLI with Chinese names and a penalty.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from sptap import check, command, finish  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-pdf-forms-")
NAMES = ["张伟", "李娜", "王芳", "刘洋", "陈静", "杨磊", "赵敏", "Ann O'Neil"]
REASON = "错和：不足八番"


def run(db, *args):
    return sparrow_cli("--db", db, "--referee", "裁判 吴", *args)


def must(db, *args):
    rc, out, err = run(db, *args)
    check(" ".join(args)[:80], rc == 0, f"rc={rc} {err.strip()}"[:300])
    return out


def pdf_info(path):
    """pdfinfo's fields of @path, or {} when it is no PDF poppler reads."""
    p = subprocess.run(["pdfinfo", path], capture_output=True, text=True)
    if p.returncode != 0:
        return {}
    return dict(line.split(":", 1) for line in p.stdout.splitlines() if ":" in line)


def pdf_pages(path):
    try:
        return int(pdf_info(path).get("Pages", "0"))
    except ValueError:
        return 0


def pdf_text(path, page=None):
    """The text of @path (or of one page), every blank taken out: the forms space titles."""
    pages = ["-f", str(page), "-l", str(page)] if page else []
    p = subprocess.run(["pdftotext", *pages, path, "-"], capture_output=True, text=True)
    return re.sub(r"\s+", "", p.stdout)


def is_pdf(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return False
    return data.startswith(b"%PDF-") and b"%%EOF" in data[-32:] and pdf_pages(path) > 0


def landscape(path):
    m = re.match(r"\s*([\d.]+) x ([\d.]+) pts", pdf_info(path).get("Page size", ""))
    return m is not None and float(m.group(1)) > float(m.group(2)), m and m.group(0).strip()


def hand_columns(path):
    """The hand numbers in the heads of page 1 of a score sheet: the integer words on the line
    of the head 项目 (poppler's word boxes)."""
    p = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", path, "-"],
                       capture_output=True, text=True)
    words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">'
                       r'([^<]*)</word>', p.stdout)
    heads = [float(y) for x, y, w in words if w == "项目"]
    if not heads:
        return []
    return sorted(int(w) for x, y, w in words
                  if w.isdigit() and abs(float(y) - heads[0]) < 2)


def seated(db, session):
    rc, out, err = run(db, "seating", "show", "--session", str(session), "--json")
    try:
        tables = json.loads(out)["tables"]
    except (ValueError, KeyError):
        return []
    return [[seat["player"]["name"] for seat in table["seats"]] for table in tables]


# An MCR event of two tables, a hand and a penalty.
mcr = os.path.join(folder, "mcr.db")
must(mcr, "tournament", "create", "--name", "春季杯", "--rules", "mcr", "--sessions", "2")
TEAMS = {"张伟": "龙队", "李娜": "龙队", "王芳": "凤队", "刘洋": "凤队"}
ids = {}
for name in NAMES:
    team = ("--team", TEAMS[name]) if name in TEAMS else ()
    rc, out, err = run(mcr, "players", "add", name, *team, "--json")
    ids[name] = json.loads(out).get("id") if rc == 0 else None
must(mcr, "seating", "draw", "--session", "1", "--seed", "5")
tables = seated(mcr, 1)
check("session 1 seats two tables of four", [len(t) for t in tables] == [4, 4], str(tables))
must(mcr, "hand", "add", "--session", "1", "--table", "1", "--winner", "S", "--from", "E",
     "--fan", "8")
must(mcr, "penalty", "add", "--session", "1", "--player", str(ids["李娜"]), "--points", "-10",
     "--reason", REASON)

# The score sheets: one landscape page per table, every seated player named on their table's.
sheets = os.path.join(folder, "sheets.pdf")
must(mcr, "export", "pdf-scoresheets", sheets, "--session", "1")
check("score sheets: a PDF", is_pdf(sheets))
check("score sheets: one page per table", pdf_pages(sheets) == len(tables),
      f"{pdf_pages(sheets)} pages for {len(tables)} tables")
wide, size = landscape(sheets)
check("score sheets: landscape A4, as the form", wide and "841.89 x 595.276" in size, size)
for number, players in enumerate(tables, start=1):
    text = pdf_text(sheets, number)
    missing = [name for name in players if re.sub(r"\s+", "", name) not in text]
    check(f"score sheet of table {number} names its four players", not missing, str(missing))
    check(f"score sheet of table {number}: the form's title and heads",
          all(word in text for word in ["比赛成绩记录表", "符号", "和牌名称", "得分", "失分",
                                        "比赛分合计", "名次", "运动员签名", "裁判员签名"]),
          text[:200])
    check(f"score sheet of table {number}: seat winds 东南西北",
          all(wind in text for wind in "东南西北"), text[:200])
    check(f"score sheet of table {number}: table number and session in the header",
          f"第{number}桌" in text and "第1局" in text, text[:200])
    # The dealer's mark ▲ twice: the first dealer's and the legend's.
    check(f"score sheet of table {number}: the first dealer's mark and the legend",
          text.count("▲") == 2 and "荒牌" in text and "诈和" in text, str(text.count("▲")))
fonts = subprocess.run(["pdffonts", sheets], capture_output=True, text=True).stdout.splitlines()[2:]
check("score sheets: the CJK font, every font embedded",
      any("NotoSansCJK" in line for line in fonts)
      and all(line.split()[-5] == "yes" for line in fonts), "\n".join(fonts))
check("MCR score sheet: hand columns 1–16", hand_columns(sheets) == list(range(1, 17)),
      str(hand_columns(sheets)))

letter = os.path.join(folder, "letter.pdf")
must(mcr, "export", "pdf-scoresheets", letter, "--session", "1", "--paper", "letter")
wide, size = landscape(letter)
check("--paper letter: landscape US Letter", wide and "792 x 612" in size, size)

# The penalty record: the penalty filled in, on one page with rows left to write in.
penalties = os.path.join(folder, "penalties.pdf")
must(mcr, "export", "pdf-penalties", penalties)
text = pdf_text(penalties)
check("penalty record: a PDF of one landscape page",
      is_pdf(penalties) and pdf_pages(penalties) == 1 and landscape(penalties)[0])
check("penalty record: the form's title", "比赛处罚记录表" in text, text[:200])
check("penalty record: the penalty's player, number, session, reason and deduction",
      f"李娜{ids['李娜']}第1局" in text and re.sub(r"\s+", "", REASON) in text
      and "扣10分" in text, text[:300])

# A false win at table 2 (诈和): the offender is penalised; the others' +20 each is no penalty
# of theirs and stays off the form.
rc, out, err = run(mcr, "hand", "add", "--session", "1", "--table", "2", "--winner", "S",
                   "--from", "W", "--hand", "[123m][123p][345s]679s5m6m", "--false-win", "--json")
verdict = json.loads(out) if rc == 0 else {}
check("a false win at table 2", rc == 0 and verdict.get("false_win"), out + err)
offender = tables[1][1] if len(tables) > 1 else None
# 李娜 has a penalty of her own, listed whatever her table.
others = [name for name in (tables[1] if len(tables) > 1 else [])
          if name not in (offender, "李娜")]
false_wins = os.path.join(folder, "false-wins.pdf")
must(mcr, "export", "pdf-penalties", false_wins)
text = pdf_text(false_wins)
check("penalty record: the false win's offender, with his deduction",
      offender is not None and re.sub(r"\s+", "", offender) in text and "扣60分" in text,
      text[:400])
check("penalty record: no line for the players who received points",
      others and not any(re.sub(r"\s+", "", name) in text for name in others)
      and "得20分" not in text, text[:400])

# The results summary: every player of the standings.
summary = os.path.join(folder, "summary.pdf")
must(mcr, "export", "pdf-summary", summary)
text = pdf_text(summary)
check("results summary: a PDF of one landscape page",
      is_pdf(summary) and pdf_pages(summary) == 1 and landscape(summary)[0])
check("results summary: the form's title and heads",
      all(word in text for word in ["比赛成绩统计表", "个人比赛分", "个人标准分", "个人名次"]),
      text[:200])
missing = [name for name in NAMES if re.sub(r"\s+", "", name) not in text]
check("results summary names every player", not missing, str(missing))
check("results summary: the team columns and the teams",
      all(word in text for word in ["团体标准分", "团体名次", "龙队", "凤队"]), text[:300])
# The winner of the only hand (South at table 1, 8 fan from East: +32) has, after the name and
# number, session 1's score 32 and first place, 4 table points in session 1 and in total, and
# rank 1 (session 2's empty cells are no words of the line).
p = subprocess.run(["pdftotext", "-layout", summary, "-"], capture_output=True, text=True)
winner = tables[0][1] if tables else "?"
rows = [line.split() for line in p.stdout.splitlines() if winner in line]
after = rows[0][rows[0].index(winner.split()[-1]) + 1:] if len(rows) == 1 else []
check("results summary: the winner's row: score 32, place 1, table points 4 and 4, rank 1",
      after[:6] == [str(ids.get(winner)), "32", "1", "4", "4", "1"], str(rows))

# R98 第十条 with group_tables=2: the two tables of a session are ranked together (8 players:
# 8, 6, 5, …, 0), and the summary's table points are the standings', player by player.
grouped = os.path.join(folder, "grouped.db")
must(grouped, "tournament", "create", "--name", "分组赛", "--rules", "mcr", "--sessions", "1",
     "--option", "group_tables=2")
for name in NAMES:
    must(grouped, "players", "add", name)
must(grouped, "seating", "draw", "--session", "1", "--seed", "3")
must(grouped, "hand", "add", "--session", "1", "--table", "1", "--winner", "S", "--from", "E",
     "--fan", "8")
must(grouped, "hand", "add", "--session", "1", "--table", "2", "--winner", "E", "--from", "self",
     "--fan", "10")
rc, out, err = run(grouped, "standings", "--json")
standings = json.loads(out).get("players", []) if rc == 0 else []
grouped_summary = os.path.join(folder, "grouped.pdf")
must(grouped, "export", "pdf-summary", grouped_summary)
p = subprocess.run(["pdftotext", "-layout", grouped_summary, "-"], capture_output=True,
                   text=True)
lines = [line.split() for line in p.stdout.splitlines()]


def points_text(points):
    return str(int(points)) if points == int(points) else f"{points:.2f}"


wrong = []
for player in standings:
    last = player["name"].split()[-1]
    row = [line for line in lines if last in line]
    after = row[0][row[0].index(last) + 1:] if len(row) == 1 else []
    tp = points_text(player["table_points"])
    # With one session, the 名次 of the session is the player's rank.
    if after[:6] != [str(player["id"]), str(player["score"]), str(player["rank"]), tp, tp,
                     str(player["rank"])]:
        wrong.append((player["name"], after, tp))
check("group_tables=2: every player's score, place in the group, table points and rank as in "
      "the standings",
      len(standings) == 8 and not wrong and max(p["table_points"] for p in standings) == 8,
      str(wrong)[:300])

# Refusals: a session not drawn yet, a path that cannot be written; no file is left behind.
before = sorted(os.listdir(folder))
undrawn = os.path.join(folder, "undrawn.pdf")
rc, out, err = run(mcr, "export", "pdf-scoresheets", undrawn, "--session", "2")
check("score sheets of a session not drawn: refused (exit 1), naming it",
      rc == 1 and "2" in err, f"rc={rc} {err.strip()}")
check("the refused export leaves no file", sorted(os.listdir(folder)) == before,
      str(set(os.listdir(folder)) ^ set(before)))
blocker = os.path.join(folder, "not-a-folder")
with open(blocker, "w") as f:
    f.write("a file, not a folder\n")
before = sorted(os.listdir(folder))
for kind, extra in [("pdf-scoresheets", ["--session", "1"]), ("pdf-penalties", []),
                    ("pdf-summary", [])]:
    impossible = os.path.join(blocker, f"{kind}.pdf")
    rc, out, err = run(mcr, "export", kind, impossible, *extra)
    check(f"{kind} into a file's name as a folder: a storage fault (exit 3)",
          rc == 3 and err.strip() != "", f"rc={rc} {err.strip()}")
    # A path whose folder exists but which cannot be renamed into (a folder of that name):
    # the PDF is written beside it and must be removed.
    taken = os.path.join(folder, f"{kind}-taken")
    os.mkdir(taken)
    with open(os.path.join(taken, "keep"), "w") as f:
        f.write("x")
    before_taken = sorted(os.listdir(folder))
    rc, out, err = run(mcr, "export", kind, taken, *extra)
    check(f"{kind} onto a folder's name: exit 3, no temporary file left",
          rc == 3 and sorted(os.listdir(folder)) == before_taken,
          f"rc={rc} {err.strip()} {set(os.listdir(folder)) ^ set(before_taken)}")
check("the failed exports leave no file",
      not os.path.exists(os.path.join(blocker + ".pdf"))
      and all(not name.startswith(".") for name in os.listdir(folder)),
      str(os.listdir(folder)))

# A Taiwan event: the dealer stays on a win or a draw (連莊), so its sheet has more columns.
taiwan = os.path.join(folder, "taiwan.db")
must(taiwan, "tournament", "create", "--name", "台北公開賽", "--rules", "taiwan", "--sessions",
     "1")
for i in range(1, 5):
    must(taiwan, "players", "add", f"選手{i}")
must(taiwan, "seating", "draw", "--session", "1", "--seed", "8")
tw_sheets = os.path.join(folder, "taiwan.pdf")
must(taiwan, "export", "pdf-scoresheets", tw_sheets, "--session", "1")
columns = hand_columns(tw_sheets)
check("Taiwan score sheet: one page with more hand columns than MCR's",
      pdf_pages(tw_sheets) == 1 and len(columns) > len(hand_columns(sheets))
      and columns == list(range(1, len(columns) + 1)), str(columns))
text = pdf_text(tw_sheets)
check("Taiwan score sheet names its four players",
      all(f"選手{i}" in text for i in range(1, 5)), text[:200])

shutil.rmtree(folder, ignore_errors=True)
finish()
