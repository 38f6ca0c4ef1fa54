#!/usr/bin/env python3
# test-export-riichi.py: the reports of a Riichi event through `sparrow-cli export`: the
# workbook's hands with the table around each (round, dealer, honba, sticks, riichi, result,
# han, fu, yaku, the points after it), the sessions' ends (final points, uma, tournament points)
# and the standings by tournament points, read back with openpyxl; every figure of the hanchan
# worked out by hand (rules/riichi.md §6-§9, the hanchan of tests/cli/test-cli-riichi.py).
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
from sptap import check, finish  # noqa: E402

import openpyxl  # noqa: E402

CLI = sys.argv[1]
folder = tempfile.mkdtemp(prefix="sparrow-riichi-")
DB = os.path.join(folder, "riichi.db")
ENV = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8")


def run(*args):
    p = subprocess.run([CLI, "--db", DB, "--referee", "Referee", *args], capture_output=True,
                       text=True, timeout=60, env=ENV)
    return p.returncode, p.stdout, p.stderr


def must(*args):
    rc, out, err = run(*args)
    check(" ".join(args)[:90], rc == 0, f"rc={rc} {err.strip()} {out.strip()}"[:400])
    return out


must("tournament", "create", "--name", "Riichi Open", "--rules", "riichi", "--sessions", "1")
for name in ("Ana", "Bo", "Cai", "Dee"):
    must("players", "add", name)
must("seating", "draw", "--session", "1", "--seed", "5")
# E1 a riichi ron 5-30 (mangan); E2 a draw, E and N tenpai, N's riichi stick left; E2-1 the
# dealer's tsumo 12333m12345678s9s (menzen tsumo, pinfu, ittsu: 4 han 20 fu, 2,600 all + 100
# each for the counter, and the stick); E2-2 a chombo by W; E2-2 S's ron 2-40 off the dealer
# (2,600 + 600); then draws, nobody tenpai, to the end after South 4.
HANDS = [
    ("--winner", "S", "--from", "W", "--riichi", "S", "--han", "5", "--fu", "30"),
    ("--draw", "--tenpai", "E,N", "--riichi", "N"),
    ("--winner", "E", "--from", "self", "--hand", "12333m12345678s9s"),
    ("--chombo", "W"),
    ("--winner", "S", "--from", "E", "--han", "2", "--fu", "40"),
] + [("--draw",)] * 6
for hand in HANDS:
    must("hand", "add", "--session", "1", "--table", "1", *hand)
shown = json.loads(must("seating", "show", "--session", "1", "--json"))
chairs = [s["player"]["name"] for s in shown["tables"][0]["seats"]]  # E S W N at East 1

xlsx = os.path.join(folder, "riichi.xlsx")
must("export", "xlsx", xlsx)
book = openpyxl.load_workbook(xlsx)
check("riichi sheets, no R98 forms", book.sheetnames == [
    "Standings", "Sessions", "Hands", "Players", "Teams", "Penalties", "Seating", "Audit"],
    book.sheetnames)


def table_of(sheet):
    rows = list(book[sheet].iter_rows(values_only=True))
    return [dict(zip(rows[0], row)) for row in rows[1:]]


hands = table_of("Hands")
check("a row per hand", len(hands) == len(HANDS), len(hands))
E, S, W, N = chairs
check("E1: riichi ron 5-30", hands[0]["Round"] == "East 1" and hands[0]["Dealer"] == E
      and hands[0]["Honba"] == 0 and hands[0]["Sticks"] == 0 and hands[0]["Riichi"] == S
      and hands[0]["Result"] == "ron" and hands[0]["Winner"] == S and hands[0]["From"] == W
      and hands[0]["Han"] == 5 and hands[0]["Fu"] == 30 and hands[0]["Limit"] == "mangan"
      and hands[0]["Value"] == 8000, hands[0])
check("E2: draw, tenpai and noten", hands[1]["Round"] == "East 2" and hands[1]["Dealer"] == S
      and hands[1]["Result"] == "exhaustive draw"
      and sorted(hands[1]["Tenpai"].split(", ")) == sorted([S, E])
      and hands[1]["Riichi"] == E
      and hands[1]["Winner"] is None and hands[1]["Han"] is None, hands[1])
check("E2-1: dealer tsumo on a counter and a stick", hands[2]["Round"] == "East 2"
      and hands[2]["Honba"] == 1 and hands[2]["Sticks"] == 1 and hands[2]["Result"] == "tsumo"
      and hands[2]["Winner"] == S and hands[2]["From"] is None and hands[2]["Han"] == 4
      and hands[2]["Fu"] == 20 and hands[2]["Value"] == 8100
      and "Pinfu" in hands[2]["Yaku"] and "Ittsu" in hands[2]["Yaku"]
      and "Menzen Tsumo" in hands[2]["Yaku"], hands[2])
check("E2-2: chombo, dealt again", hands[3]["Result"] == "chombo" and hands[3]["Chombo"] == N
      and hands[3]["Honba"] == 2 and hands[3]["Round"] == "East 2", hands[3])
check("E2-2: ron on two counters", hands[4]["Honba"] == 2 and hands[4]["Winner"] == W
      and hands[4]["From"] == S and hands[4]["Han"] == 2 and hands[4]["Fu"] == 40
      and hands[4]["Value"] == 3200, hands[4])
check("rounds to South 4", [h["Round"] for h in hands[5:]] == [
    "East 3", "East 4", "South 1", "South 2", "South 3", "South 4"]
    and [h["Honba"] for h in hands[5:]] == [0, 1, 2, 3, 4, 5], [h["Round"] for h in hands])
after = [[h[f"Seat {s} points"] for s in "ESWN"] for h in hands]
check("points after each hand", after[:5] == [
    [30000, 38000, 22000, 30000], [30500, 39500, 20500, 28500],
    [27800, 48600, 17800, 25800], [27800, 48600, 17800, 25800],
    [27800, 45400, 21000, 25800]] and after[-1] == [27800, 45400, 21000, 25800], after)
check("players named by seat", [hands[0][f"Seat {s} player"] for s in "ESWN"] == chairs, hands[0])

sessions = table_of("Sessions")
check("sessions: final points, uma, tournament points",
      [(r["Player"], r["Final points"], r["Place"], r["Uma"], r["Chombos"],
        r["Tournament points"]) for r in sessions] == [
          (E, 27800, 2, 5, 0, 2.8), (S, 45400, 1, 15, 0, 30.4), (W, 21000, 4, -15, 0, -24),
          (N, 25800, 3, -5, 1, -29.2)], sessions)
standings = table_of("Standings")
check("standings by tournament points",
      [(r["Rank"], r["Name"], r["Tournament points"], r["Uma"]) for r in standings] == [
          (1, S, 30.4, 15), (2, E, 2.8, 5), (3, W, -24, -15), (4, N, -29.2, -5)], standings)
check("tournament points with one decimal",
      book["Standings"].cell(row=2, column=6).number_format == "0.0",
      book["Standings"].cell(row=2, column=6).number_format)

csv_path = os.path.join(folder, "riichi.csv")
must("export", "csv", csv_path)
with open(csv_path, encoding="utf-8-sig") as f:
    lines = f.read().splitlines()
check("csv: tournament points with one decimal", lines[1].split(",")[5:7] == ["30.4", "15.0"],
      lines[:2])


# Teams rank as their players do: the members' tournament points and uma summed.
ids = {p["name"]: p["id"] for p in json.loads(must("players", "list", "--json"))["players"]}
for name in (E, S):
    must("players", "edit", str(ids[name]), "--team", "Red")
for name in (W, N):
    must("players", "edit", str(ids[name]), "--team", "Blue")
must("export", "xlsx", xlsx)
book = openpyxl.load_workbook(xlsx)
teams = table_of("Teams")
check("teams: tournament points and uma", [(r["Team"], r["Tournament points"], r["Uma"])
                                           for r in teams] == [("Red", 33.2, 20), ("Blue", -53.2,
                                                                                  -20)], teams)


def pdf_text(path, layout=True):
    p = subprocess.run(["pdftotext", *(["-layout"] if layout else []), path, "-"],
                       capture_output=True, text=True, timeout=60)
    return p.stdout


# The hanchan score sheet: filled with the hands played, blank for a session not played.
sheet = os.path.join(folder, "sheet.pdf")
must("export", "pdf-scoresheets", sheet, "--session", "1")
text = pdf_text(sheet)
lines = text.splitlines()


def line_with(phrase):
    return next((line for line in lines if phrase in line), "")


check("sheet: a row per hand with its round", all(r in text for r in (
    "東1局", "東2局", "東4局", "南1局", "南4局", "East 1", "South 4")), text)
ron = line_with(f"{S} ron from {W}, 5 han 30 fu (mangan)")
check("sheet: the riichi ron and its value", ron.split()[-7:] == [
    "30000", "●", "+8000", "38000", "−8000", "22000", "30000"], ron)
tsumo = line_with(f"{S} tsumo, 4 han 20 fu")
check("sheet: the dealer's tsumo on a counter", tsumo.split()[:2] == ["1", "1"]
      and tsumo.split()[-8:] == ["−2700", "27800", "+9100", "48600", "−2700", "17800", "−2700",
                                 "25800"], tsumo)
check("sheet: chombo and draws", f"Chombo: {N}" in text and "Draw, all noten" in text
      and f"Draw, tenpai: {E}, {S}" in text, text)
final_line = next((line for line in lines if "Final points" in line), "")
uma_line = next((line for line in lines if line.strip().startswith("Uma")), "")
points_line = next((line for line in lines if "Tournament points" in line), "")
check("sheet: final points, uma, tournament points",
      final_line.split()[2:] == ["27800", "45400", "21000", "25800"]
      and uma_line.split()[1:] == ["+5.0", "+15.0", "−15.0", "−5.0"]
      and points_line.split()[2:] == ["+2.8", "+30.4", "−24.0", "−29.2"],
      f"{final_line!r} {uma_line!r} {points_line!r}")

must("tournament", "create", "--name", "Riichi Blank", "--rules", "riichi", "--sessions", "1")
for name in ("Eve", "Fay", "Gus", "Hal"):
    must("players", "add", name)
must("seating", "draw", "--session", "1", "--seed", "2")
blank = os.path.join(folder, "blank.pdf")
must("export", "pdf-scoresheets", blank, "--session", "1")
text = pdf_text(blank)
check("blank sheet: 東1局 to 南4局 to fill in, no figures", all(r in text for r in (
    "東1局", "東3局", "南2局", "南4局")) and "30000" not in text and "Final points" in text
    and all(n in text for n in ("Eve", "Fay", "Gus", "Hal")), text)

# A hanchan ended at time-up after its second hand: the sheet gives its end.
must("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S", "--han",
     "1", "--fu", "30")
must("hand", "add", "--session", "1", "--table", "1", "--draw", "--tenpai", "E")
must("session", "close", "--session", "1", "--time-up")
must("export", "pdf-scoresheets", blank, "--session", "1")
lines = pdf_text(blank).splitlines()
final_line = next((line for line in lines if "Final points" in line), "")
points_line = next((line for line in lines if "Tournament points" in line), "")
# E1: the dealer's 1-30 ron, 1,500 off S; E1-1: a draw, the dealer alone tenpai, 1,000 from
# each: E 34,500 first (+15), W and N tied at 29,000 share 2nd and 3rd (0 each), S 27,500 last
# (−15).
check("time-up sheet: its end", final_line.split()[2:] == ["34500", "27500", "29000", "29000"]
      and points_line.split()[2:] == ["+19.5", "−17.5", "−1.0", "−1.0"],
      f"{final_line!r} {points_line!r}")

# The standings as PDF: by tournament points with one decimal, the uma beside them.
standings_pdf = os.path.join(folder, "standings.pdf")
must("--tournament", "Riichi Open", "export", "pdf-standings", standings_pdf)
text = pdf_text(standings_pdf)
ranked = [line.split() for line in text.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"],
                                                                              ["4"])]
check("standings pdf: tournament points and uma", "Tournament points" in text and "Uma" in text
      and [[w for w in r[1:] if w not in ("Red", "Blue")] for r in ranked] == [
          [S, "30.4", "15.0", "1"], [E, "2.8", "5.0", "1"],
                                      [W, "-24.0", "-15.0", "1"], [N, "-29.2", "-5.0", "1"]],
      text)

# EMA's riichi results: place, name, EMA number, tournament points, and the score (the final
# points less the 30,000 return, before uma).
must("--tournament", "Riichi Open", "players", "edit", "1", "--federation-id", "04120001")
ema_csv = os.path.join(folder, "ema.csv")
must("--tournament", "Riichi Open", "export", "ema-csv", ema_csv)
with open(ema_csv, encoding="utf-8-sig") as f:
    ema = [line.split(",") for line in f.read().splitlines()]
ana = 1  # the first player added
first_added = json.loads(must("--tournament", "Riichi Open", "players", "list", "--json"))
names = {p["id"]: p["name"] for p in first_added["players"]}
check("ema csv: the riichi columns", ema[0] == ["Place", "First name", "Last name", "EMA number",
                                                "Tournament points", "Score", "EMA member",
                                                "Country"], ema[0])
score_of = {E: "-2200", S: "15400", W: "-9000", N: "-4200"}
points_of = {E: "2.8", S: "30.4", W: "-24.0", N: "-29.2"}
check("ema csv: by tournament points", [(r[0], r[2], r[4], r[5]) for r in ema[1:]] == [
    (str(i + 1), name, points_of[name], score_of[name]) for i, name in enumerate((S, E, W, N))],
    ema)
check("ema csv: the EMA number and membership", [r[3] for r in ema[1:] if r[2] == names[ana]]
      == ["04120001"] and [r[6] for r in ema[1:] if r[2] == names[ana]] == ["Y"], ema)
ema_xlsx = os.path.join(folder, "ema.xlsx")
must("--tournament", "Riichi Open", "export", "ema", ema_xlsx)
rows = list(openpyxl.load_workbook(ema_xlsx)["Results"].iter_rows(values_only=True))
check("ema xlsx: tournament points as numbers", [r[4] for r in rows[1:]] == [30.4, 2.8, -24, -29.2]
      and [r[5] for r in rows[1:]] == [15400, -2200, -9000, -4200], rows)

# A double ron (ema2016, the figures of test-cli-riichi.py): after a draw with the dealer tenpai,
# North deals in to South (3 han 40 fu, 5,200 + 300) and West (riichi pinfu from the tiles, 2 han
# 30 fu, 2,000 + 300).  The workbook gives a row per winner, the score sheet names both.
must("tournament", "create", "--name", "Riichi Double", "--rules", "riichi", "--sessions", "1")
for name in ("Ivy", "Jon", "Kim", "Lee"):
    must("players", "add", name)
must("seating", "draw", "--session", "1", "--seed", "5")
must("hand", "add", "--session", "1", "--table", "1", "--draw", "--tenpai", "E")
must("hand", "add", "--session", "1", "--table", "1", "--riichi", "E,S,W", "--winner", "S",
     "--han", "3", "--fu", "40", "--winner", "W", "--hand", "234m567p11s234s67s5s", "--from", "N")
double = json.loads(must("seating", "show", "--session", "1", "--json"))
E2, S2, W2, N2 = (s["player"]["name"] for s in double["tables"][0]["seats"])
double_xlsx = os.path.join(folder, "double.xlsx")
must("export", "xlsx", double_xlsx)
book = openpyxl.load_workbook(double_xlsx)
rows = table_of("Hands")
check("double ron: a row per winner", [(r["Hand"], r["Winner"], r["From"], r["Han"], r["Fu"],
                                         r["Value"]) for r in rows] == [
    (1, None, None, None, None, None), (2, S2, N2, 3, 40, 5500), (2, W2, N2, 2, 30, 2300)]
    and "Pinfu" in rows[2]["Yaku"] and rows[1]["Seat N points"] == rows[2]["Seat N points"],
    rows)
double_pdf = os.path.join(folder, "double.pdf")
must("export", "pdf-scoresheets", double_pdf, "--session", "1")
check("double ron: the score sheet names both winners",
      f"{S2} ron from {N2}, 3 han 40 fu; {W2} ron from {N2}, 2 han 30 fu"
      in " ".join(pdf_text(double_pdf, layout=False).split()), pdf_text(double_pdf, layout=False))

finish()
