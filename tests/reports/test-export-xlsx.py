#!/usr/bin/env python3
# test-export-xlsx.py: `sparrow-cli export xlsx|csv|ema|ema-csv` on events made through the CLI:
# the workbook's sheets, cells and formats (openpyxl), text that looks like a formula kept as
# text, the CSV's bytes (BOM, RFC 4180 quoting), EMA's rows and its refusal, and exports that
# cannot be written failing with a message and leaving no file.
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import io
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import zipfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from sptap import check, finish  # noqa: E402

import openpyxl  # noqa: E402

CLI = sys.argv[1]
folder = tempfile.mkdtemp(prefix="sparrow-xlsx-")
DB = None


def run(*args, db=None, preexec_fn=None):
    p = subprocess.run([CLI, "--db", db or DB, "--referee", "Referee Wu", *args],
                       capture_output=True, text=True, timeout=60, preexec_fn=preexec_fn)
    return p.returncode, p.stdout, p.stderr


def must(*args):
    rc, out, err = run(*args)
    check(" ".join(args)[:90], rc == 0, f"rc={rc} {err.strip()} {out.strip()}"[:400])
    return out


FORMULA = "=cmd|' /C calc'!A0"
CLUB = 'Club "A", B\nC'
PLAYERS = [
    ("王芳", "上海俱乐部", "CN", "Dragons", "CN-0001"),
    ("Anna Berg", CLUB, "SE", "Tigers", "SE-0042"),
    ("Dupont, Jean", "Club Paris", "FR", "Cranes", ""),
    ("欧阳娜娜", "", "TW", "Pandas", ""),
    (FORMULA, "+club", "GB", "Dragons", "04120001"),
    ("Jan van der Berg", "-minus", "NL", "Tigers", "NL-7"),
    ("@at", "Club Roma", "IT", "Cranes", ""),
    ("黄勇", "Club Taipei", "TW", "Pandas", ""),
]


def csv_quote(text):
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\r\n') else text


def make_event(path, name, options=()):
    global DB
    DB = path
    must("tournament", "create", "--name", name, "--rules", "mcr", "--sessions", "2", *options)
    players_csv = os.path.join(folder, "players.csv")
    with open(players_csv, "w", encoding="utf-8", newline="") as f:
        f.write("name,club,country,team,federation_id\n")
        for row in PLAYERS:
            f.write(",".join(csv_quote(x) for x in row) + "\n")
    must("players", "import", players_csv)
    must("seating", "draw", "--session", "1", "--seed", "7")
    # Table 1: three hands and a draw; table 2: two hands and a false win's penalty.
    for table, hands in ((1, [("E", "S", "8"), ("S", "self", "24"), (None, None, None),
                              ("W", "N", "12")]),
                         (2, [("N", "E", "16"), ("E", "self", "8")])):
        for winner, source, fan in hands:
            if winner is None:
                must("hand", "add", "--session", "1", "--table", str(table), "--draw")
            else:
                must("hand", "add", "--session", "1", "--table", str(table), "--winner", winner,
                     "--from", source, "--fan", fan)
    must("penalty", "add", "--session", "1", "--player", "2", "--points", "-10", "--reason",
         "false win, 诈和")


# ================================================================================================
# The workbook
# ================================================================================================
make_event(os.path.join(folder, "event.db"), "春季杯 Spring Cup")
xlsx = os.path.join(folder, "event.xlsx")
rc, out, err = run("export", "xlsx", xlsx)
check("export xlsx: exit 0", rc == 0 and os.path.exists(xlsx), f"rc={rc} {err}")
book = openpyxl.load_workbook(xlsx)
check("workbook: the eight sheets and R98's 附件4 and 附件6, in order", book.sheetnames == [
    "Standings", "Sessions", "Hands", "Players", "Teams", "Penalties", "Seating", "Audit",
    "附件4 比赛处罚记录表", "附件6 比赛成绩统计表"], book.sheetnames)
check("workbook: document title names the tournament",
      "春季杯 Spring Cup" in (book.properties.title or "")
      and book.properties.subject == "春季杯 Spring Cup", book.properties.title)

with zipfile.ZipFile(xlsx) as archive:
    sheet_xml = [archive.read(n) for n in archive.namelist() if n.startswith("xl/worksheets/")]
check("workbook: no formula anywhere", sheet_xml and not any(b"<f>" in x or b"<f " in x
                                                             for x in sheet_xml))
check("workbook: the document's comments give the date",
      re.fullmatch(r"春季杯 Spring Cup, \d{4}-\d{2}-\d{2}", book.properties.description or ""),
      book.properties.description)

standings = book["Standings"]
header = [c.value for c in standings[1]]
check("Standings: columns", header[:9] == ["Rank", "Name", "Club", "Country", "Team",
                                           "Table points", "Score", "Sessions", "Status"]
      and "Session 1 table points" in header and "Session 1 score" in header, header)
rows = [[c.value for c in row] for row in standings.iter_rows(min_row=2)]
check("Standings: a row per player", len(rows) == 8, len(rows))
names = {r[1] for r in rows}
check("Standings: every name, Chinese and formula-like", names == {p[0] for p in PLAYERS}, names)
check("Standings: bold frozen header", standings.freeze_panes == "A2"
      and all(c.font.b for c in standings[1]), standings.freeze_panes)
check("Standings: autofilter over the table",
      standings.auto_filter.ref == f"A1:{openpyxl.utils.get_column_letter(len(header))}9",
      standings.auto_filter.ref)
tp_col = header.index("Table points")
tp_cells = [row[tp_col] for row in standings.iter_rows(min_row=2)]
check("Standings: table points are numbers formatted 0.00",
      all(c.number_format == "0.00" and isinstance(c.value, (int, float)) for c in tp_cells),
      [(c.value, c.number_format) for c in tp_cells])
check("Standings: table points of session 1 total 14 (two tables of 7)",
      abs(sum(c.value for c in tp_cells) - 14) < 1e-9, [c.value for c in tp_cells])
check("Standings: print set-up landscape, fit to width, header repeated",
      standings.page_setup.orientation == "landscape"
      and standings.sheet_properties.pageSetUpPr.fitToPage
      and standings.page_setup.fitToWidth in (1, None) and standings.page_setup.fitToHeight == 0
      and str(standings.print_title_rows) in ("1:1", "$1:$1"),
      (standings.page_setup.orientation, standings.page_setup.fitToHeight,
       standings.print_title_rows))
formula_cells = [c for row in book["Players"].iter_rows() for c in row
                 if isinstance(c.value, str) and c.value[:1] in "=+-@"]
check("Players: text beginning with = + - @ is stored as text, not a formula",
      {c.value for c in formula_cells} == {FORMULA, "+club", "-minus", "@at"}
      and all(c.data_type == "s" for c in formula_cells),
      [(c.value, c.data_type) for c in formula_cells])
name_col = [c for c in standings["B"]]
formula_name = [c for c in name_col if c.value == FORMULA]
check("Standings: the formula-like name is a string cell",
      len(formula_name) == 1 and formula_name[0].data_type == "s", formula_name)
widths = {k: v.width for k, v in standings.column_dimensions.items()}
check("Standings: the club column fits its longest text, CJK counted double",
      widths.get("C", 0) >= len("上海俱乐部") * 2 and widths.get("B", 0) >= len("Jan van der Berg"),
      widths)
players = [[c.value for c in row] for row in book["Players"].iter_rows(min_row=2)]
check("Players: the club with a comma, quotes and a line break kept whole",
      any(r[2] == CLUB for r in players), [r[2] for r in players])

hands = book["Hands"]
hheader = [c.value for c in hands[1]]
hrows = [[c.value for c in row] for row in hands.iter_rows(min_row=2)]
check("Hands: every hand, in order", [(r[0], r[1], r[2]) for r in hrows]
      == [(1, 1, 1), (1, 1, 2), (1, 1, 3), (1, 1, 4), (1, 2, 1), (1, 2, 2)], hrows)
settle = [hheader.index(f"Settlement {w}") for w in "ESWN"]
check("Hands: each settlement sums to zero", all(sum(r[i] or 0 for i in settle) == 0
                                                 for r in hrows), hrows)
check("Hands: the first hand, East from South, 8 fan: +32 / −16 / −8 / −8",
      [hrows[0][i] for i in settle] == [32, -16, -8, -8] and hrows[0][3] == "E"
      and hrows[0][hheader.index("Total")] == 8 and hrows[0][hheader.index("Dealer repeats")] == 0,
      hrows[0])
check("Hands: the draw", hrows[2][hheader.index("Winner")] == "draw" and [hrows[2][i] for i in settle] == [0] * 4,
      hrows[2])
sessions = [[c.value for c in row] for row in book["Sessions"].iter_rows(min_row=2)]
check("Sessions: four seats a table, scores and table points",
      len(sessions) == 8 and [r[2] for r in sessions] == list("ESWN") * 2
      and abs(sum(r[5] for r in sessions) - 14) < 1e-9, sessions)
seating = [[c.value for c in row] for row in book["Seating"].iter_rows(min_row=2)]
check("Seating: session × table × seat", len(seating) == 8
      and {r[4] for r in seating} == {p[0] for p in PLAYERS}, seating)
penalties = [[c.value for c in row] for row in book["Penalties"].iter_rows(min_row=2)]
check("Penalties: the false win", len(penalties) == 1 and penalties[0][2] == "Anna Berg"
      and penalties[0][3] == -10 and penalties[0][4] == "false win, 诈和", penalties)
teams = [[c.value for c in row] for row in book["Teams"].iter_rows(min_row=2)]
check("Teams: four teams", sorted(r[1] for r in teams)
      == ["Cranes", "Dragons", "Pandas", "Tigers"], teams)
audit = [[c.value for c in row] for row in book["Audit"].iter_rows(min_row=2)]
check("Audit: the changes, who made them", len(audit) >= 7
      and any(r[1] == "Referee Wu" for r in audit), audit[:3])

record = [[c.value for c in row] for row in book["附件4 比赛处罚记录表"].iter_rows()]
check("附件4: the form's columns", record[0] == [
    "局", "组", "桌", "队别", "姓名", "序号", "违规局、盘、桌、位", "违规内容", "处罚方法", "备注"],
    record[0])
anna_seat = [r for r in seating if r[4] == "Anna Berg"][0]
check("附件4: the penalty with its session, table, team, seat and points",
      len(record) == 2 and record[1][0] == 1 and record[1][2] == anna_seat[1]
      and record[1][3] == "Tigers" and record[1][4] == "Anna Berg" and record[1][5] == 1
      and record[1][6] == f"1·—·{anna_seat[1]}·{'东南西北'['ESWN'.index(anna_seat[2])]}"
      and record[1][7] == "false win, 诈和" and record[1][8] == -10, record)
summary_sheet = book["附件6 比赛成绩统计表"]
summary = [[c.value for c in row] for row in summary_sheet.iter_rows()]
sh = summary[0]
check("附件6: the form's columns", sh[:3] == ["单位", "姓名", "号码"]
      and {"第1局比赛分", "第1局名次", "第1局标准分", "标准分合计", "个人名次", "第1局团体标准分",
           "团体标准分合计", "团体名次", "签名"} <= set(sh), sh)
by_name = {r[1]: r for r in rows}
check("附件6: each player's score, table points and rank as the standings",
      len(summary) == 9 and all(
          r[sh.index("第1局比赛分")] == by_name[r[1]][header.index("Session 1 score")]
          and r[sh.index("标准分合计")] == by_name[r[1]][tp_col]
          and r[sh.index("个人名次")] == by_name[r[1]][0] for r in summary[1:]), summary)
team_total = {}
for r in summary[1:]:
    team = by_name[r[1]][4]
    team_total[team] = team_total.get(team, 0) + r[sh.index("标准分合计")]
check("附件6: a team's table points are its members' sum",
      all(abs(r[sh.index("团体标准分合计")] - team_total[by_name[r[1]][4]]) < 1e-9
          for r in summary[1:]), summary)
check("附件6: 标准分 formatted 0.00", all(
    summary_sheet.cell(row=i, column=sh.index("标准分合计") + 1).number_format == "0.00"
    for i in range(2, 10)))

# ================================================================================================
# The CSV of the standings
# ================================================================================================
csv_path = os.path.join(folder, "standings.csv")
rc, out, err = run("export", "csv", csv_path)
check("export csv: exit 0", rc == 0, f"rc={rc} {err}")
data = open(csv_path, "rb").read()
check("csv: UTF-8 with a byte order mark", data.startswith(b"\xef\xbb\xbf"), data[:10])
text = data[3:].decode("utf-8")
check("csv: CRLF line ends", text.endswith("\r\n") and text.count("\r\n") >= 9, text[:80])
check("csv: the club quoted, its quotes doubled, its line break kept",
      '"Club ""A"", B\nC"' in text, text)
check("csv: a name with a comma quoted", '"Dupont, Jean"' in text, text)
parsed = list(csv.reader(io.StringIO(text, newline="")))


def csv_guarded(cell):
    """A text cell as the CSV writes it: a single quote before = + - @ tab CR (OWASP)."""
    return "'" + cell if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r") \
        else cell


check("csv: the workbook's columns and cells", parsed[0] == header
      and [r[1] for r in parsed[1:]] == [csv_guarded(r[1]) for r in rows]
      and [r[5] for r in parsed[1:]] == [f"{r[5]:.2f}" for r in rows], parsed[:3])
check("csv: Chinese names as they are", "王芳" in text and "欧阳娜娜" in text)
check("csv: the formula-like name behind a single quote, never bare",
      "'" + FORMULA in text and "," + FORMULA not in text, text)

# ================================================================================================
# EMA's results
# ================================================================================================
ema = os.path.join(folder, "ema.xlsx")
rc, out, err = run("export", "ema", ema)
check("export ema: exit 0", rc == 0, f"rc={rc} {err}")
sheet = openpyxl.load_workbook(ema).active
erows = [[c.value for c in row] for row in sheet.iter_rows()]
check("ema: EMA's columns", erows[0] == ["Place", "First name", "Last name", "EMA number",
                                         "Table points", "Score", "EMA member", "Country"],
      erows[0])
by_last = {(r[2], r[1]): r for r in erows[1:]}
check("ema: names split (family name last)",
      {("王", "芳"), ("Berg", "Anna"), ("Dupont", "Jean"), ("欧阳", "娜娜"),
       ("van der Berg", "Jan"), ("黄", "勇")} <= set(by_last), sorted(by_last))
check("ema: EMA number and membership", by_last[("王", "芳")][3] == "CN-0001"
      and by_last[("王", "芳")][6] == "Y" and by_last[("黄", "勇")][6] == "N"
      and by_last[("黄", "勇")][7] == "TW", by_last[("王", "芳")])
check("ema: places from 1, table points total 14",
      erows[1][0] == 1 and abs(sum(r[4] for r in erows[1:]) - 14) < 1e-9, erows)
ema_csv = os.path.join(folder, "ema.csv")
rc, out, err = run("export", "ema-csv", ema_csv)
check("export ema-csv: exit 0", rc == 0, f"rc={rc} {err}")
etext = open(ema_csv, "rb").read()
eparsed = list(csv.reader(io.StringIO(etext[3:].decode("utf-8"), newline="")))
check("ema-csv: BOM, same rows as the workbook", etext.startswith(b"\xef\xbb\xbf")
      and [r[:4] for r in eparsed[1:]] == [[str(x[0]), csv_guarded(x[1] or ""),
                                            csv_guarded(x[2] or ""), csv_guarded(x[3] or "")]
                                          for x in erows[1:]], eparsed[:3])

# Groups of two tables ranked together (R98 第十条): a table's points are not 4/2/1/0.
make_event(os.path.join(folder, "group.db"), "Group Cup", ("--option", "group_tables=2"))
refused = os.path.join(folder, "refused.xlsx")
for kind in ("ema", "ema-csv"):
    rc, out, err = run("export", kind, refused)
    check(f"{kind} refused for group scoring, naming the table",
          rc == 1 and "table 1" in err and "7" in err and not os.path.exists(refused),
          f"rc={rc} {err}")
must("players", "withdraw", "5")
must("players", "withdraw", "6")
must("players", "substitute", "6", "--by", "替补选手")
rc, out, err = run("export", "xlsx", refused)
check("group scoring: the workbook is still written", rc == 0, err)
group_book = openpyxl.load_workbook(refused)
marks = {r[1]: r[8] for r in group_book["Standings"].iter_rows(min_row=2, values_only=True)}
check("Standings: withdrawn players and substitutes marked",
      marks.get(FORMULA) == "withdrawn" and marks.get("Jan van der Berg") == "withdrawn"
      and marks.get("替补选手", "substitute for Jan van der Berg")
      == "substitute for Jan van der Berg", marks)
group_players = {r[1]: r for r in group_book["Players"].iter_rows(min_row=2, values_only=True)}
check("Players: the substitute and whom they replace",
      group_players.get("替补选手", [None] * 9)[6:8] == ("substitute", "Jan van der Berg"),
      group_players.get("替补选手"))
os.unlink(refused)

DB = os.path.join(folder, "taiwan.db")
must("tournament", "create", "--name", "Taipei Open", "--rules", "taiwan", "--sessions", "1")
rc, out, err = run("export", "ema", refused)
check("ema refused for a Taiwan tournament", rc == 1 and "MCR" in err
      and not os.path.exists(refused), f"rc={rc} {err}")
for name in ("甲", "乙", "丙", "丁"):
    must("players", "add", name)
must("seating", "draw", "--session", "1", "--seed", "3")
must("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S", "--fan", "5")
must("hand", "add", "--session", "1", "--table", "1", "--draw")
must("hand", "add", "--session", "1", "--table", "1", "--winner", "W", "--from", "self", "--fan",
     "3")
taiwan_xlsx = os.path.join(folder, "taiwan.xlsx")
rc, out, err = run("export", "xlsx", taiwan_xlsx)
check("export xlsx of a Taiwan event", rc == 0, err)
trows = list(openpyxl.load_workbook(taiwan_xlsx)["Hands"].iter_rows(values_only=True))
th = trows[0]
check("Hands (Taiwan): the dealer keeps the deal after a win and a draw, 連莊 counted",
      [r[th.index("Dealer repeats")] for r in trows[1:]] == [0, 1, 2]
      and len({r[th.index("Dealer")] for r in trows[1:]}) == 1
      and trows[1][th.index("Winner")] == trows[1][th.index("Dealer")], trows)

# ================================================================================================
# Exports that cannot be written
# ================================================================================================
DB = os.path.join(folder, "event.db")
blocker = os.path.join(folder, "a-file")
open(blocker, "w").close()
for kind in ("xlsx", "csv", "ema", "ema-csv"):
    for target in (os.path.join(folder, "no-such-folder", "out"), os.path.join(blocker, "out")):
        before = sorted(os.listdir(folder))
        rc, out, err = run("export", kind, target)
        check(f"{kind} into {os.path.basename(os.path.dirname(target))}: exit 3, clear message",
              rc == 3 and "Cannot write" in err and target in err, f"rc={rc} {err}")
        check(f"{kind} into {os.path.basename(os.path.dirname(target))}: no file left",
              not os.path.exists(target) and sorted(os.listdir(folder)) == before)


def small_disk():
    # Files may not grow past 128 KiB (the database's own writes fit): a larger export fails
    # (EFBIG) instead of the program being killed.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (131072, 131072))


# An event whose exports are larger than that: 800 players whose names and clubs (at most 200
# characters each) do not compress.
DB = os.path.join(folder, "full.db")
must("tournament", "create", "--name", "Full Disk", "--rules", "mcr", "--sessions", "1")
big_csv = os.path.join(folder, "big.csv")
with open(big_csv, "w", encoding="utf-8") as f:
    f.write("name,club\n" + "".join(f"P{i} {os.urandom(90).hex()},{os.urandom(100).hex()}\n"
                                    for i in range(800)))
must("players", "import", big_csv)
must("seating", "draw", "--session", "1", "--seed", "1")
full = tempfile.mkdtemp(prefix="full-", dir=folder)
for kind in ("xlsx", "csv", "pdf-standings"):
    target = os.path.join(full, "out." + kind)
    rc, out, err = run("export", kind, target, preexec_fn=small_disk)
    check(f"{kind} onto a full disk: exit 3 with a message",
          rc == 3 and f"Cannot write {target}: File too large" in err, f"rc={rc} {err}")
    check(f"{kind} onto a full disk: no file, no half-written one", os.listdir(full) == [],
          os.listdir(full))
    rc, out, err = run("export", kind, target)
    check(f"{kind} of that event without the limit: written", rc == 0
          and os.path.getsize(target) > 131072, f"rc={rc} {err}")
    os.unlink(target)

finish()
