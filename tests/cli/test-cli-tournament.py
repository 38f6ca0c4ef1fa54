#!/usr/bin/env python3
# test-cli-tournament.py: a whole 16-player, 5-session MCR tournament driven through sparrow-cli
# (SPEC.md §3.3), its final standings checked against figures worked out by hand below.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import re
import sys
import tempfile
import unicodedata

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

sparrow_cli = command(sys.argv[1], timeout=60)
folder = tempfile.mkdtemp(prefix="sparrow-cli-")
DB = os.path.join(folder, "open.db")


def run(*args, referee="Referee Chen"):
    return sparrow_cli("--db", DB, "--referee", referee, *args)


def must(*args):
    rc, out, err = run(*args)
    check(" ".join(args)[:80], rc == 0, f"rc={rc} {err.strip()}")
    return out


# ---- the tournament and its 16 players ------------------------------------------------------
must("tournament", "create", "--name", "Sparrow Open 2026", "--rules", "mcr", "--sessions", "5",
     "--seating", "balanced", "--ranking", "r98")
players_csv = os.path.join(folder, "players.csv")
with open(players_csv, "w", encoding="utf-8") as f:
    # Columns out of order, a BOM, Chinese names, empty optional fields.
    f.write("\ufeffclub,name,country,team\n")
    names = ["张伟", "李娜", "王芳", "刘洋", "Anna Berg", "Jean Dupont", "Sam Lee", "Olga Ivanova",
             "陈静", "杨磊", "Marco Rossi", "Eva Novak", "赵敏", "黄勇", "Lena Vogel", "Tom Hardy"]
    for i, name in enumerate(names):
        f.write(f"Club {i % 3},{name},{'CN' if i % 2 else 'SE'},Team {i % 4}\n")
out = must("players", "import", players_csv)
check("16 players imported", out.strip() == "16 players imported", out)
players = json.loads(must("players", "list", "--json"))["players"]
check("players list", [p["name"] for p in players] == names
      and all(p["status"] == "active" for p in players), players)
by_name = {p["name"]: p["id"] for p in players}

# ---- what each table does, by session --------------------------------------------------------
# Seat letters are the seat winds of that hand.  In the East 圈 the deal passes each hand, so at
# hand n the seat wind w is held by chair (w + n − 1) mod 4 (chair = the seat at hand 1).
# Every table of a session plays the same hands; a draw is "draw".
SESSIONS = {
    1: [  # played in full (16 hands), then closed as complete
        ("E", "S", "hand", "19m19s19pESWNCFPN"),   # 十三幺 88: chair 0 +24+88 = +112, chair 1 −96,
                                                  # chairs 2, 3 −8
        ("S", "self", "fan", "10"),                # hand 2, S = chair 2: +3×18 = +54, others −18
        ("W", "N", "hand", "[123p][444s][789m]34pCC2p"),  # 无番和 8; hand 3, W = chair 0 +32,
                                                          # N = chair 1 −16, others −8
    ] + [("draw",)] * 13,
    2: [  # time up after four hands
        ("N", "W", "fan", "8"),     # chair 3 +32, chair 2 −16, chairs 0, 1 −8
        ("E", "self", "fan", "8"),  # hand 2, E = chair 1: +48, others −16
        ("S", "E", "fan", "12"),    # hand 3, S = chair 3 +36, E = chair 2 −20, others −8
        ("draw",),
    ],
    3: [  # two hands, a tie for first
        ("E", "W", "fan", "8"),     # chair 0 +32, chair 2 −16, chairs 1, 3 −8
        ("E", "S", "fan", "8"),     # hand 2, E = chair 1 +32, S = chair 2 −16, chairs 0, 3 −8
    ],
    4: [("draw",)],                 # one draw: a four-way tie
    5: [("W", "self", "fan", "16")],  # chair 2 +3×24 = +72, others −24
}
# Session scores by chair (the sums of the hands above) and table points ×12 (4/2/1/0 = 48/24/
# 12/0, ties share the points of the places they tie for):
#   S1: 112−18+32 = 126 | −96−18−16 = −130 | −8+54−8 = 38 | −8−18−8 = −34   → 48, 0, 24, 12
#   S2: −8−16−8 = −32   | −8+48−8 = 32      | −16−16−20 = −52 | 32−16+36 = 52 → 12, 24, 0, 48
#   S3: 32−8 = 24       | −8+32 = 24        | −16−16 = −32  | −8−8 = −16     → 36, 36, 0, 12
#                                           (tied 1st: (48+24)/2 = 36 each)
#   S4: 0 | 0 | 0 | 0                                                        → 21 each (84/4)
#   S5: −24 | −24 | 72 | −24                                                 → 12, 12, 48, 12
#                                           (three tied 2nd: (24+12+0)/3 = 12 each)
#       at table 1 with the false win's penalties: −14 | −14 | 42 | −14    → the same points
SCORES = {1: [126, -130, 38, -34], 2: [-32, 32, -52, 52], 3: [24, 24, -32, -16],
          4: [0, 0, 0, 0], 5: [-24, -24, 72, -24]}
POINTS_X12 = {1: [48, 0, 24, 12], 2: [12, 24, 0, 48], 3: [36, 36, 0, 12], 4: [21, 21, 21, 21],
              5: [12, 12, 48, 12]}
for s in SCORES:
    assert sum(SCORES[s]) == 0 and sum(POINTS_X12[s]) == 84


def add_hand(session, table, hand):
    args = ["hand", "add", "--session", str(session), "--table", str(table), "--json"]
    if hand[0] == "draw":
        args.append("--draw")
    else:
        args += ["--winner", hand[0], "--from", hand[1], f"--{hand[2]}", hand[3]]
    rc, out, err = run(*args)
    check(f"session {session} table {table}: {' '.join(hand)}", rc == 0, err)
    return json.loads(out) if rc == 0 else None


seating = {}
expected_score = {pid: 0 for pid in by_name.values()}
expected_points = {pid: 0 for pid in by_name.values()}
expected_sessions = {pid: 0 for pid in by_name.values()}
penalised = None
false_win = None
substitute = None

for session in range(1, 6):
    if session == 5:
        # Tom Hardy withdraws before the last session; a substitute takes his seat.
        rc, out, err = run("players", "withdraw", str(by_name["Tom Hardy"]))
        check("withdraw", rc == 0, err)
        rc, out, err = run("players", "substitute", str(by_name["Tom Hardy"]), "--by", "Kim Park",
                           "--json")
        check("substitute", rc == 0 and json.loads(out)["status"] == "substitute", out + err)
        substitute = json.loads(out)["id"]
        expected_score[substitute] = expected_points[substitute] = 0
        expected_sessions[substitute] = 0
    draw = json.loads(must("seating", "draw", "--session", str(session), "--seed", "2026",
                           "--json"))
    shown = json.loads(must("seating", "show", "--session", str(session), "--json"))
    check(f"session {session}: draw shows the stored seats", draw["tables"] == shown["tables"]
          and shown["session"] == session and len(shown["tables"]) == 4)
    seats = {t["table"]: [s["player"]["id"] for s in t["seats"]] for t in shown["tables"]}
    check(f"session {session}: seat letters E S W N",
          all([s["seat"] for s in t["seats"]] == ["E", "S", "W", "N"] for t in shown["tables"]))
    everyone = sorted(p for chairs in seats.values() for p in chairs)
    check(f"session {session}: everyone seated once", len(everyone) == 16
          and len(set(everyone)) == 16 and by_name["Tom Hardy"] not in everyone
          if session == 5 else len(set(everyone)) == 16)
    seating[session] = seats

    if session == 5:
        # Before the first hand at table 1, W declares a win on a tile that does not complete
        # his ready hand (和错牌): under profile cn he pays 10 to each other player (−30), the
        # hand goes on and is recorded as penalties only (hand 1 is still to be played).
        rc, out, err = run("hand", "add", "--session", "5", "--table", "1", "--winner", "W",
                           "--from", "S", "--hand", "[123m][123p][345s]678s5m6m", "--false-win",
                           "--json")
        verdict = json.loads(out) if rc == 0 else {}
        check("a false win recorded as penalties", rc == 0 and verdict.get("penalty")
              == {"E": 10, "S": 10, "W": -30, "N": 10}, out + err)
        for chair, points in enumerate([10, 10, -30, 10]):
            expected_score[seats[1][chair]] += points
        rc, out, err = run("hand", "add", "--session", "5", "--table", "1", "--winner", "W",
                           "--from", "S", "--hand", "[123m][123p][345s]678s5m6m")
        check("the same false win without --false-win is refused", rc == 1
              and "not a win" in err, err)
    for table in range(1, 5):
        for hand in SESSIONS[session]:
            add_hand(session, table, hand)
        for chair in range(4):
            pid = seats[table][chair]
            expected_score[pid] += SCORES[session][chair]
            expected_points[pid] += POINTS_X12[session][chair]
            expected_sessions[pid] += 1

    if session == 1:
        # Hand 4 at table 2 corrected from a draw to a win, and back; an extra hand deleted.
        hands = json.loads(must("hand", "list", "--session", "1", "--table", "2",
                                "--json"))["hands"]
        check("16 hands at table 2", len(hands) == 16 and hands[0]["total"] == 88
              and hands[0]["fan"] == [{"name": "十三幺", "value": 88, "count": 1}]
              and hands[0]["settlement"] == {"E": 112, "S": -96, "W": -8, "N": -8}, hands[0])
        fourth = hands[3]["id"]
        edited = json.loads(must("hand", "edit", str(fourth), "--winner", "E", "--from", "W",
                                 "--fan", "9", "--json"))
        # A hand entered by its total has no items: an empty array, as the verdict writes it.
        check("hand edit", edited["total"] == 9 and edited["fan"] == [] and edited["settlement"]
              == {"E": 33, "S": -8, "W": -17, "N": -8}, edited)
        edited = json.loads(must("hand", "edit", str(fourth), "--draw", "--json"))
        check("hand edit back to a draw", edited["draw"] and edited["settlement"]
              == {"E": 0, "S": 0, "W": 0, "N": 0}, edited)
        rc, _, err = run("hand", "add", "--session", "1", "--table", "2", "--draw")
        check("a 17th hand is refused", rc == 1 and "complete" in err, err)
        must("session", "close", "--session", "1")
        rc, _, err = run("hand", "delete", str(fourth))
        check("a closed session cannot be corrected", rc == 1 and "closed" in err, err)
    elif session == 2:
        # A penalty for the last player of table 1: −10, still last, so the table points stay.
        penalised = seats[1][2]
        must("penalty", "add", "--session", "2", "--player", str(penalised), "--points", "10",
             "--reason", "late arrival")
        expected_score[penalised] -= 10
        must("session", "close", "--session", "2", "--time-up")
    elif session == 5:
        must("session", "close", "--session", str(session), "--time-up")
    else:
        rc, _, err = run("session", "close", "--session", str(session))
        check(f"session {session} is not complete", rc == 1 and "not complete" in err, err)
        must("session", "close", "--session", str(session), "--time-up")

# ---- the standings ---------------------------------------------------------------------------
standings = json.loads(must("standings", "--json"))["players"]
check("every player and the substitute ranked", len(standings) == 17, standings)
for row in standings:
    pid = row["id"]
    check(f"standings of {row['name']}",
          row["score"] == expected_score[pid]
          and abs(row["table_points"] - expected_points[pid] / 12) < 1e-9
          and row["sessions"] == expected_sessions[pid],
          f"{row} expected score {expected_score[pid]} points {expected_points[pid] / 12} "
          f"sessions {expected_sessions[pid]}")
check("ranked by table points then score",
      all((a["table_points"], a["score"]) >= (b["table_points"], b["score"])
          for a, b in zip(standings, standings[1:])), standings)
check("ranks follow the order", standings[0]["rank"] == 1 and all(
      b["rank"] == a["rank"] or b["rank"] == i + 2 for i, (a, b) in
      enumerate(zip(standings, standings[1:]))), standings)
check("strictly better players rank higher", all(
      a["rank"] < b["rank"] for a, b in zip(standings, standings[1:])
      if (a["table_points"], a["score"]) > (b["table_points"], b["score"])), standings)

# The text table pads names by display width: a Chinese character takes two columns, so the
# points column starts at the same column after 张伟 as after Anna Berg.
def columns(text):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0
               if unicodedata.combining(c) else 1 for c in text)


table = must("standings").splitlines()
check("standings text names the tournament", table[0].startswith("Sparrow Open 2026"), table[:1])
table = table[1:]
ends = {}  # name → the column where its points (right-aligned) end
for line in table[1:]:
    m = re.match(r"\d+ +(.*) \(\d+\) +-?\d+\.\d\d", line)
    if m:
        ends[m.group(1)] = columns(m.group(0))
check("standings text: a Chinese and a Latin name line up",
      len(ends) == 17 and "张伟" in ends and "Anna Berg" in ends
      and ends["张伟"] == ends["Anna Berg"] and len(set(ends.values())) == 1, ends)
check("standings text: the header lines up with the rows",
      len(ends) > 0 and columns(table[0][:table[0].index("points") + len("points")])
      == next(iter(ends.values())), table[:2])

whole = json.loads(must("standings", "--json"))
status = {row["id"]: row["status"] for row in whole["players"]}
check("standings --json names the tournament", whole.get("tournament") == "Sparrow Open 2026",
      whole.get("tournament"))
check("standings mark the withdrawn player and the substitute",
      status[by_name["Tom Hardy"]] == "withdrawn" and status[substitute] == "substitute"
      and list(status.values()).count("active") == 15, status)
check("standings text marks them", any("Tom Hardy [withdrawn]" in line for line in table)
      and any("Kim Park [substitute]" in line for line in table), table)
after_one = json.loads(must("standings", "--session", "1", "--json"))["players"]
check("standings after session 1", sorted(r["score"] for r in after_one)
      == sorted([126, -130, 38, -34] * 4) and all(r["sessions"] == 1 for r in after_one))

# The audit log has the referee's name on every change (read with sqlite3 if it is here).
try:
    import sqlite3
    db = sqlite3.connect(DB)
    who = {row[0] for row in db.execute("SELECT DISTINCT who FROM audit")}
    actions = {row[0] for row in db.execute("SELECT action FROM audit WHERE target = 'hands'")}
    check("audit log", who == {"Referee Chen"} and actions == {"insert", "update"}, (who, actions))
except ImportError:
    pass


# ---- R98 group scoring: two tables ranked as one group of eight -----------------------------
DB = os.path.join(folder, "groups.db")
rc, _, err = run("tournament", "create", "--name", "Groups", "--rules", "mcr", "--option",
                 "group_tables=0")
check("group_tables=0 is refused", rc == 2 and "group_tables" in err, err)
rc, _, err = run("tournament", "create", "--name", "Groups", "--rules", "mcr", "--option",
                 "group_tables=two")
check("group_tables must be a number", rc == 2 and "'two'" in err, err)
must("tournament", "create", "--name", "Groups", "--rules", "mcr", "--sessions", "2",
     "--option", "group_tables=2")
for i in range(1, 9):
    must("players", "add", f"G{i}")
# Session 1, every score different (chairs 0–3; at hand 2 E S W N sit at chairs 1 2 3 0):
#   table 1: E from S 10 → +34 −18 −8 −8; W self 8 → −16 −16 −16 +48  = 18, −34, −24, 40
#   table 2: E from W 12 → +36 −8 −20 −8; S from E 9 → −8 −17 +33 −8  = 28, −25, 13, −16
# The group of eight: 40 → 8, 28 → 6, 18 → 5, 13 → 4, −16 → 3, −24 → 2, −25 → 1, −34 → 0.
# Session 2, ties share:
#   table 1: E from S 10 → 34, −18, −8, −8;   table 2: E from S 20 → 44, −28, −8, −8
#   44 → 8, 34 → 6, the four −8 share places 3–6 ((5+4+3+2)/4 = 3.5), −18 → 1, −28 → 0.
GROUP_HANDS = {
    1: {1: [("E", "S", "10"), ("W", "self", "8")], 2: [("E", "W", "12"), ("S", "E", "9")]},
    2: {1: [("E", "S", "10")], 2: [("E", "S", "20")]},
}
GROUP_SCORES = {1: {1: [18, -34, -24, 40], 2: [28, -25, 13, -16]},
                2: {1: [34, -18, -8, -8], 2: [44, -28, -8, -8]}}
GROUP_POINTS = {1: {1: [5, 0, 2, 8], 2: [6, 1, 4, 3]},
                2: {1: [6, 1, 3.5, 3.5], 2: [8, 0, 3.5, 3.5]}}
group_seats = {}
for session in (1, 2):
    must("seating", "draw", "--session", str(session), "--seed", "7")
    shown = json.loads(must("seating", "show", "--session", str(session), "--json"))
    group_seats[session] = {t["table"]: [s["player"]["id"] for s in t["seats"]]
                            for t in shown["tables"]}
    for table, hands in GROUP_HANDS[session].items():
        for winner, source, fan in hands:
            must("hand", "add", "--session", str(session), "--table", str(table), "--winner",
                 winner, "--from", source, "--fan", fan)
    rows = {r["id"]: r for r in json.loads(must("standings", "--session", str(session),
                                                "--json"))["players"]}
    got = {}
    for table, chairs in group_seats[session].items():
        for chair, pid in enumerate(chairs):
            got[(table, chair)] = (rows[pid]["score"] - sum(GROUP_SCORES[s][t][c]
                                   for s in range(1, session)
                                   for t, ch in group_seats[s].items()
                                   for c, p in enumerate(ch) if p == pid),
                                   rows[pid]["table_points"] - sum(GROUP_POINTS[s][t][c]
                                   for s in range(1, session)
                                   for t, ch in group_seats[s].items()
                                   for c, p in enumerate(ch) if p == pid))
    want = {(t, c): (GROUP_SCORES[session][t][c], GROUP_POINTS[session][t][c])
            for t in (1, 2) for c in range(4)}
    check(f"group of two tables, session {session}: scores and 标准分", got == want,
          f"{got} != {want}")
    check(f"group of two tables, session {session}: the group totals 29",
          sum(p for _, p in got.values()) == 29, got)

# ---- Guangdong: --fan totals and 包牌 through hand add --------------------------------------
DB = os.path.join(folder, "guangdong.db")
must("tournament", "create", "--name", "Canton", "--rules", "guangdong", "--sessions", "1",
     "--option", "discard_pays=half", "--option", "min_fan=1")
for i in range(1, 9):
    must("players", "add", f"C{i}")
must("seating", "draw", "--session", "1", "--seed", "1")
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from",
                   "W", "--fan", "3", "--json")
stored = json.loads(out) if rc == 0 else {}
check("Guangdong --fan 3 on a discard, 半铳", rc == 0 and stored.get("total") == 3
      and stored.get("settlement") == {"E": 16, "S": -4, "W": -8, "N": -4}, out + err)
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "N", "--from",
                   "self", "--fan", "9", "--json")
stored = json.loads(out) if rc == 0 else {}
check("Guangdong --fan 9 self-drawn: capped at 5 番", rc == 0 and stored.get("total") == 5
      and stored.get("settlement") == {"E": -32, "S": -32, "W": -32, "N": 96}, out + err)
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from",
                   "S", "--fan", "0", "--json")
check("Guangdong --fan below 起和", rc == 1 and json.loads(out)["error"]["code"]
      == "below-minimum" and json.loads(out)["error"]["total"] == 0, out + err)
rc, _, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from",
                 "S", "--fan", "5", "--liable", "W")
check("Guangdong --fan with --liable is refused", rc == 1 and "--liable" in err, err)
# 清一色 with four melded sets; W fed the fourth, S discarded the winning tile: under 半铳 S
# pays half of 32, N half of 16, and W those halves besides his own 16.
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from",
                   "S", "--liable", "W", "--hand", "[111s,1][222s,2][333s,3][456s,1]8s8s",
                   "--json")
stored = json.loads(out) if rc == 0 else {}
check("Guangdong 包牌 of the fourth set pays half", rc == 0
      and stored.get("settlement") == {"E": 64, "S": -16, "W": -40, "N": -8}, out + err)
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "S", "--from",
                   "W", "--fan", "3", "--false-win", "--json")
verdict = json.loads(out) if rc == 0 else {}
check("Guangdong 诈胡 claimed 3 番: the amount really paid", rc == 0
      and verdict.get("penalty") == {"E": 8, "S": -24, "W": 8, "N": 8}
      and "8 to each of the three" in verdict.get("reason", ""), out + err)

# ---- Taiwan: 每台, flower wins and 詐胡 through hand add; hand list shows them -----------------
DB = os.path.join(folder, "taiwan.db")
must("tournament", "create", "--name", "Taipei", "--rules", "taiwan", "--sessions", "1",
     "--base", "30", "--per-tai", "20")
for i in range(1, 9):
    must("players", "add", f"T{i}")
must("seating", "draw", "--session", "1", "--seed", "1")
TW = ["hand", "add", "--session", "1", "--table", "1", "--json"]


def tw_hand(*args):
    rc, out, err = run(*TW, *args)
    return (json.loads(out) if rc == 0 else {}), out + err


# Hand 1: S wins 5 台 from W, neither the dealer: W pays 底 30 + 5 × 每台 20.
stored, detail = tw_hand("--winner", "S", "--from", "W", "--fan", "5")
check("Taiwan settlement with 每台 20", stored.get("settlement")
      == {"E": 0, "S": 130, "W": -130, "N": 0}, detail)
# Hand 2: the hand's own 每台 50 is the one paid.
stored, detail = tw_hand("--winner", "S", "--from", "W", "--fan", "5", "--per-tai", "50")
check("Taiwan --per-tai of the hand", stored.get("settlement")
      == {"E": 0, "S": 280, "W": -280, "N": 0}, detail)
# Hand 3: 八仙過海, all three pay 30 + 8 × 20, the dealer E 1 台 more.
stored, detail = tw_hand("--winner", "S", "--from", "self", "--hand", "-", "--flowers",
                         "f1,f2,f3,f4,f5,f6,f7,f8")
check("Taiwan 八仙過海 through hand add", stored.get("total") == 8
      and stored.get("fan", [{}])[0].get("name") == "八仙過海"
      and stored.get("settlement") == {"E": -210, "S": 590, "W": -190, "N": -190}, detail)
# Hand 4: 七搶一, W holds the eighth flower and pays alone.
stored, detail = tw_hand("--winner", "S", "--from", "W", "--hand", "-", "--flowers",
                         "f1,f2,f3,f4,f5,f6,f7")
check("Taiwan 七搶一 through hand add", stored.get("fan", [{}])[0].get("name") == "七搶一"
      and stored.get("settlement") == {"E": 0, "S": 190, "W": -190, "N": 0}, detail)
# Before hand 5: S declares 5 台 falsely (詐胡, 賠三家): 30 + 5 × 20 each, the dealer 1 台 more.
stored, detail = tw_hand("--winner", "S", "--from", "W", "--fan", "5", "--false-win")
check("Taiwan 詐胡 with a claimed total", stored.get("false_win") is True
      and stored.get("penalty") == {"E": 150, "S": -410, "W": 130, "N": 130}, detail)
listed = json.loads(must("hand", "list", "--session", "1", "--table", "1", "--json"))
check("hand list --json: the false win with its penalty", len(listed["hands"]) == 4
      and len(listed["false_wins"]) == 1 and listed["false_wins"][0]["before"] == 5
      and listed["false_wins"][0]["penalty"] == {"E": 150, "S": -410, "W": 130, "N": 130},
      listed.get("false_wins"))
text = must("hand", "list", "--session", "1", "--table", "1")
rows = text.splitlines()
check("hand list: the hand number and the id in columns of their own",
      rows[0].split()[:3] == ["table", "hand", "id"]
      and rows[1].split()[:3] == ["1", "1", str(listed["hands"][0]["id"])], text)
check("hand list: the false win in its place", len(rows) == 6 and "詐胡" in rows[5]
      and "S -410" in rows[5], text)

# ---- MCR: a disqualifying verdict (有意诈和) offers to withdraw the player ----------------------
DB = os.path.join(folder, "verdict.db")
must("tournament", "create", "--name", "Verdict", "--rules", "mcr", "--sessions", "1")
for i in range(1, 9):
    must("players", "add", f"V{i}")
must("seating", "draw", "--session", "1", "--seed", "1")
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "W", "--from",
                   "S", "--hand", "1357m2468p13579s2m", "--false-win")
check("有意诈和 prints the command that withdraws the player", rc == 0
      and "players withdraw" in out and "有意诈和" in out, out + err)
rc, out, err = run("hand", "add", "--session", "1", "--table", "1", "--winner", "W", "--from",
                   "S", "--hand", "1357m2468p13579s2m", "--false-win", "--json")
verdict = json.loads(out) if rc == 0 else {}
check("有意诈和 in JSON: the player to withdraw", isinstance(verdict.get("disqualified"), int)
      and verdict.get("withdraw") == f"sparrow-cli players withdraw {verdict.get('disqualified')}",
      out + err)

rc, out, err = run("score", "--help")
check("score --help explains --liable", rc == 0 and "fourth" in out and "half" in out, out)

# ---- a family game: one table of four, end to end --------------------------------------------
DB = os.path.join(folder, "family.db")
must("tournament", "create", "--name", "Family", "--rules", "mcr", "--sessions", "1")
for name in ("Mum", "Dad", "Gran", "Kid"):
    must("players", "add", name)
family = json.loads(must("seating", "draw", "--session", "1", "--seed", "4", "--json"))
check("one table of four is drawn", len(family["tables"]) == 1
      and len(family["tables"][0]["seats"]) == 4, family)
east = family["tables"][0]["seats"][0]["player"]["id"]
must("hand", "add", "--session", "1", "--table", "1", "--winner", "E", "--from", "S", "--fan", "8")
mid = json.loads(must("standings", "--json"))["players"]
check("mid-session standings", len(mid) == 4 and mid[0]["id"] == east, mid)
for _ in range(15):
    must("hand", "add", "--session", "1", "--table", "1", "--draw")
must("session", "close", "--session", "1")
final_rows = json.loads(must("standings", "--json"))["players"]
check("the family game's standings", [r["score"] for r in final_rows] == [32, -8, -8, -16]
      and final_rows[0]["id"] == east and final_rows[0]["table_points"] == 4.0, final_rows)

# ---- administration ----------------------------------------------------------------------------
DB = os.path.join(folder, "admin.db")
must("tournament", "create", "--name", "Club final", "--rules", "mcr", "--sessions", "2",
     "--seating", "random")
for i in range(1, 11):
    must("players", "add", f"A{i}")
shown = json.loads(must("tournament", "show", "--json"))
check("tournament show", shown["name"] == "Club final" and shown["players"] == 10
      and shown["drawn"] == 0, shown)
text = must("tournament", "show")
check("tournament show in text", "Club final" in text and "10 registered" in text, text)
must("tournament", "rename", "Club final 2026")
check("tournament rename", json.loads(must("tournament", "show", "--json"))["name"]
      == "Club final 2026")

# Presence: eight checked in, a draw seats them only; two checked out again.
must("players", "checkin", *[str(i) for i in range(1, 11)])
must("players", "checkout", "9", "10")
listed = json.loads(must("players", "list", "--json"))["players"]
check("checkin / checkout", [p["present"] for p in listed] == [True] * 8 + [False] * 2, listed)
drawn = json.loads(must("seating", "draw", "--session", "1", "--seed", "3", "--json"))
seated = sorted(s["player"]["id"] for t in drawn["tables"] for s in t["seats"])
check("a draw seats those checked in", seated == list(range(1, 9)), seated)

# Edit, withdraw, reinstate.
edited = json.loads(must("players", "edit", "9", "--name", "A9 Lee", "--club", "Dragons",
                         "--json"))
check("players edit", edited["name"] == "A9 Lee" and edited["club"] == "Dragons", edited)
must("players", "withdraw", "10")
back = json.loads(must("players", "reinstate", "10", "--json"))
check("players reinstate", back["status"] == "active", back)
must("players", "checkin", "--all")
check("players checkin --all", all(p["present"] for p in json.loads(
    must("players", "list", "--json"))["players"]))
rc, _, err = run("players", "checkin", "--all", "3")
check("checkin: IDs or --all", rc == 2, err)

# Penalties: list by session and player, delete.
table1 = [s["player"]["id"] for s in drawn["tables"][0]["seats"]]
first = json.loads(must("penalty", "add", "--session", "1", "--player", str(table1[0]),
                        "--points", "10", "--reason", "slow play", "--json"))
must("penalty", "add", "--session", "1", "--player", str(table1[1]), "--points", "5",
     "--reason", "late")
every = json.loads(must("penalty", "list", "--json"))["penalties"]
mine = json.loads(must("penalty", "list", "--player", str(table1[0]), "--json"))["penalties"]
check("penalty list", len(every) == 2 and [p["id"] for p in mine] == [first["id"]]
      and mine[0]["points"] == -10 and mine[0]["reason"] == "slow play", (every, mine))
must("penalty", "delete", str(first["id"]))
rc, _, err = run("penalty", "delete", str(first["id"]))
check("a penalty deleted twice", rc == 1 and f"no penalty {first['id']}" in err, err)
check("penalty list after delete", len(json.loads(must("penalty", "list", "--session", "1",
                                                       "--json"))["penalties"]) == 1)

# Finals: session 1 played (table 1's East wins 64 from South), then a final of the top 4.
for table in (1, 2):
    must("hand", "add", "--session", "1", "--table", str(table), "--winner", "E", "--from", "S",
         "--fan", str(16 if table == 1 else 8))
    for _ in range(15):
        must("hand", "add", "--session", "1", "--table", str(table), "--draw")
must("session", "close", "--session", "1")
before = json.loads(must("standings", "--json"))["players"]
top4 = [r["id"] for r in before[:4]]
final = json.loads(must("seating", "draw", "--session", "2", "--top", "4", "--json"))
check("seating draw --top 4 seats the top 4", len(final["tables"]) == 1
      and [s["player"]["id"] for s in final["tables"][0]["seats"]] == top4, (final, before))
# In the final the fourth wins: the finalists still rank first, the rest after them.
must("hand", "add", "--session", "2", "--table", "1", "--winner", "N", "--from", "E", "--fan",
     "64")
after = json.loads(must("standings", "--json"))["players"]
check("finalists rank above everyone else", sorted(r["id"] for r in after[:4]) == sorted(top4)
      and after[0]["id"] == top4[3] and all(r["rank"] > 4 for r in after[4:]), after)

# Delete needs the exact name, and takes everything with it.
rc, _, err = run("tournament", "delete", "--confirm", "Club final")
check("tournament delete needs the exact name", rc == 1 and "Club final 2026" in err, err)
must("tournament", "delete", "--confirm", "Club final 2026")
rc, _, err = run("players", "list")
check("the tournament is gone", rc == 1 and "no tournament" in err, err)

finish()
