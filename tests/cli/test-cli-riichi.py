#!/usr/bin/env python3
# test-cli-riichi.py: `sparrow-cli score/waits/check --rules riichi` as SPEC.md §3.1 and
# rules/riichi.md §11 say, and a whole riichi hanchan through the command line.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

run = command(sys.argv[1], timeout=60)


def score(*args):
    rc, out, _ = run("score", "--rules", "riichi", "--json", *args)
    return rc, json.loads(out)


# rules/riichi.md §12, example 3: an open ittsu with a dora, 30 fu by the open pinfu shape.
rc, data = score("--seat-wind", "S", "--dora-indicators", "6s", "[123s,1]33m123m456s78s9s")
check("§12 open ittsu", rc == 0 and data["rules"] == "riichi" and data["profile"] == "ema2016"
      and data["han"] == 2 and data["fu"] == 30 and data["limit"] == ""
      and data["yaku"] == {"ittsu": 1} and data["dora"] == {"dora": 1}
      and data["cost"] == {"discarder": 2000} and data["total"] == 2000
      and sum(data["settlement"].values()) == 0 and data["settlement"]["S"] == 2000, data)

# Example 1: a mangan by tsumo, each payment apart.
rc, data = score("--self-drawn", "--riichi", "--seat-wind", "S", "12333m12345678s9s")
check("§12 mangan tsumo", rc == 0 and data["han"] == 5 and data["limit"] == "mangan"
      and data["cost"] == {"dealer": 4000, "non_dealer": 2000} and data["total"] == 8000, data)

# Example 2 under both profiles: kiriage is off in ema2016, on in wrc2025.
rc, data = score("--riichi", "12333m12345678s9s")
check("§12 4-30 dealer ema2016", rc == 0 and data["total"] == 11600, data)
rc, data = score("--profile", "wrc2025", "--riichi", "12333m12345678s9s")
check("§12 4-30 dealer wrc2025", rc == 0 and data["total"] == 12000
      and data["limit"] == "mangan", data)

# Yakuman: the multiplier instead of han, fu and dora.
rc, data = score("--riichi", "--wall-last", "--seat-wind", "S", "EEESSWWWNNCCCS")
check("yakuman single", rc == 0 and data["yakuman"] == 1 and "han" not in data
      and "dora" not in data and data["yaku"] == {"shousuushii": 13, "tsuuiisou": 13}
      and data["total"] == 32000, data)
rc, data = score("--profile", "wrc2025", "--riichi", "--wall-last", "--seat-wind", "S",
                 "EEESSWWWNNCCCS")
check("yakuman additive", rc == 0 and data["yakuman"] == 2 and data["limit"] == "2x yakuman"
      and data["total"] == 64000, data)

# Counters and sticks: 6 honba on a ron, 2 sticks to the winner.
rc, data = score("--seat-wind", "N", "--round-wind", "S", "--dora-indicators", "4m,2m",
                 "--honba", "6", "--riichi-sticks", "2", "[8888m]1223333555m2m")
check("honba and sticks", rc == 0 and data["limit"] == "sanbaiman"
      and data["cost"] == {"discarder": 25800} and data["total"] == 27800, data)

# Red fives: plain fives in ema2016, dora with --option red_fives=1; refused elsewhere.
rc, data = score("--riichi", "234067m234p067s55p")
check("red fives plain", rc == 0 and data["dora"] == {}, data)
rc, data = score("--option", "red_fives=1", "--riichi", "234067m234p067s55p")
check("red fives counted", rc == 0 and data["dora"] == {"aka": 2}, data)
rc, data = score("--option", "red_fives=1", "00m234567m234p55p")
check("two red fives of a suit", rc == 1 and data["error"]["code"] == "too-many-copies", data)
rc, out, _ = run("score", "--rules", "mcr", "--json", "234067m234p067s55p")
check("red five refused by mcr", rc == 1 and json.loads(out)["error"]["code"] == "syntax", out)

# Verdicts in SPEC order.
rc, data = score("--seat-wind", "W", "[777p,2][123m,1]3445556s5s")
check("no-yaku", rc == 1 and data["win"] is False and data["error"]["code"] == "no-yaku", data)
rc, data = score("33455m22255678p6s")
check("not-a-win ready", rc == 1 and data["error"]["code"] == "not-a-win"
      and data["error"]["ready"] is True, data)
rc, data = score("--ippatsu", "12378m678p11789s9m")
check("ippatsu without riichi", rc == 1 and data["error"]["code"] == "bad-situation", data)
rc, data = score("--riichi", "[123m,1]456m789p11sEEE")
check("riichi with an open meld", rc == 1 and data["error"]["code"] == "bad-situation", data)
rc, data = score("--human", "--seat-wind", "N", "12334556m234p55s7m")
check("renhou mangan", rc == 0 and data["yaku"] == {"renhou": 5} and "fu" not in data
      and data["total"] == 8000, data)

# Riichi's options are refused by the other rulesets, flowers by Riichi.
rc, out, _ = run("score", "--rules", "mcr", "--json", "--riichi", "999m11s99pEEECCC1s")
check("mcr refuses --riichi", rc == 1 and json.loads(out)["error"]["code"] == "bad-situation"
      and "riichi" in json.loads(out)["error"]["message"], out)
rc, data = score("--flowers", "2", "123m456p678s99s23s4s")
check("riichi refuses flowers", rc == 1 and data["error"]["code"] == "bad-situation", data)

# waits and check.
rc, out, _ = run("waits", "--rules", "riichi", "--json", "1122334455667p")
check("waits", rc == 0 and [w["tile"] for w in json.loads(out)["waits"]] == ["1p", "4p", "7p"], out)
rc, out, _ = run("check", "--rules", "riichi", "--json", "11112233445566p")
check("check four of a kind as sets", rc == 0 and json.loads(out)["valid"] is True, out)
rc, out, _ = run("check", "--rules", "riichi", "--json", "11113355779922p")
check("no seven pairs with four of a kind", rc == 1
      and json.loads(out)["error"]["code"] == "not-a-win", out)

# --batch gives, line for line, what one `score --json` gives (the fast writer and json-glib's).
lines = [
    "[123s,1]33m123m456s78s9s --seat-wind S --dora-indicators 6s",
    "EEESSWWWNNCCCS --riichi --wall-last --seat-wind S",
    "12334556m234p55s7m --human --seat-wind N",
    "234067m234p067s55p --riichi --honba 2 --riichi-sticks 1 --self-drawn",
    "[777p,2][123m,1]3445556s5s --seat-wind W",
    "33455m22255678p6s",
    "340x",
]
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("\n".join(lines) + "\n")
    path = f.name
rc, out, _ = run("score", "--rules", "riichi", "--batch", path)
batch = out.splitlines()
check("batch line count", rc == 0 and len(batch) == len(lines), out)
for line, got in zip(lines, batch):
    words = line.split()
    _, single, _ = run("score", "--rules", "riichi", "--json", *words[1:], words[0])
    check(f"batch = single: {line}", json.loads(got) == json.loads(single), f"{got} / {single}")
os.unlink(path)

# Profiles and options.
rc, out, _ = run("score", "--rules", "riichi", "--profile", "ema2025", "--list-options", "--json")
options = {o["key"]: o["value"] for o in json.loads(out)["options"]}
check("ema2025 options", rc == 0 and options["kiriage"] == "on"
      and options["double_wind_fu"] == "2" and options["yakuman_stacking"] == "single", out)
rc, _, err = run("score", "--rules", "riichi", "--profile", "tenhou", "1m")
check("unknown profile", rc == 2 and "ema2016" in err, err)

# A whole ema2016 hanchan at one table, every figure worked out by hand (rules/riichi.md §6-§9):
# a riichi ron, a draw with the dealer tenpai, a dealer tsumo on a counter, a chombo, a ron on
# two counters, then draws to the end after South 4.
folder = tempfile.mkdtemp(prefix="sparrow-cli-")
db = os.path.join(folder, "riichi.db")


def table(*args):
    return run("--db", db, "--referee", "Referee", *args)


rc, out, err = table("tournament", "create", "--name", "Riichi Open", "--rules", "riichi",
                     "--sessions", "1")
check("tournament create", rc == 0 and "ema2016" in out, f"rc={rc} {out} {err}")
for name in ("Ana", "Bo", "Cai", "Dee"):
    table("players", "add", name)
rc, out, err = table("seating", "draw", "--session", "1", "--seed", "5")
check("seating draw", rc == 0, err)
hands = [
    ("--winner", "S", "--from", "W", "--riichi", "S", "--han", "5", "--fu", "30"),
    ("--draw", "--tenpai", "E,N", "--riichi", "N"),
    ("--winner", "E", "--from", "self", "--hand", "12333m12345678s9s"),
    ("--chombo", "W"),
    ("--winner", "S", "--from", "E", "--han", "2", "--fu", "40"),
] + [("--draw",)] * 6
for i, hand in enumerate(hands):
    rc, out, err = table("hand", "add", "--session", "1", "--table", "1", *hand)
    check(f"hand {i + 1} entered", rc == 0, f"{hand}: {err}")
rc, out, err = table("hand", "add", "--session", "1", "--table", "1", "--draw")
check("no hand after South 4", rc == 1, f"rc={rc} {out} {err}")

rc, out, err = table("hand", "list", "--session", "1", "--json")
listed = json.loads(out)["hands"]
first = listed[0]["players"]  # seat -> player at East 1: chairs 0..3 are E S W N there
chair = {first[seat]: c for c, seat in enumerate("ESWN")}


def by_chair(row, key):
    return [row[key][seat] for seat in sorted(row[key], key=lambda s: chair[row["players"][s]])]


check("hand 1: riichi ron, stick back", by_chair(listed[0], "settlement") == [0, 8000, -8000, 0]
      and listed[0]["total"] == 9000 and listed[0]["riichi"] == ["S"], listed[0])
check("hand 2: draw, noten payments, stick down", listed[1]["draw"] and listed[1]["honba"] == 0
      and by_chair(listed[1], "settlement") == [500, 1500, -1500, -1500]
      and sorted(listed[1]["tenpai"]) == ["E", "N"], listed[1])
check("hand 3: dealer tsumo on a counter with the stick", listed[2]["honba"] == 1
      and listed[2]["sticks"] == 1 and by_chair(listed[2], "settlement") == [-2700, 9100, -2700,
                                                                             -2700], listed[2])
check("hand 4: chombo, nothing moves", listed[3]["chombo"] == "W" and listed[3]["honba"] == 2
      and by_chair(listed[3], "settlement") == [0, 0, 0, 0], listed[3])
check("hand 5: ron on two counters", listed[4]["honba"] == 2
      and by_chair(listed[4], "settlement") == [0, -3200, 3200, 0], listed[4])
check("last scores", by_chair(listed[-1], "scores") == [27800, 45400, 21000, 25800]
      and listed[-1]["round_wind"] == "S", listed[-1])

rc, out, err = table("standings", "--json")
standing = {p["id"]: p for p in json.loads(out)["players"]}
check("standings: one decimal as written", '"score":30.4,' in out
      and '"table_points":15.0,' in out, out)
rc, text, err = table("standings")
check("standings text: uma with one decimal", rc == 0 and " 15.0 " in text
      and "15.00" not in text, text)
ids = [first[seat] for seat in "ESWN"]
check("standings: tournament points after uma and the chombo",
      [round(standing[i]["score"], 1) for i in ids] == [2.8, 30.4, -24.0, -29.2]
      and [standing[i]["table_points"] for i in ids] == [5.0, 15.0, -15.0, -5.0]
      and [standing[i]["rank"] for i in ids] == [2, 1, 3, 4], out)

# A double ron (ema2016): East, South and West declared riichi, North deals in to South (3 han
# 40 fu: 5,200) and West (riichi pinfu from the tiles: 2,000).  South is first in turn order
# after North but one (E is not a winner): he takes East's stick and his own back, West his own.
db2 = os.path.join(folder, "double.db")


def table2(*args):
    return run("--db", db2, "--referee", "Referee", *args)


table2("tournament", "create", "--name", "Double", "--rules", "riichi", "--sessions", "1")
for name in ("Ana", "Bo", "Cai", "Dee"):
    table2("players", "add", name)
table2("seating", "draw", "--session", "1", "--seed", "5")
rc, out, err = table2("hand", "add", "--session", "1", "--table", "1", "--draw", "--tenpai", "E")
check("double ron: a draw first (a counter)", rc == 0, err)
rc, out, err = table2("hand", "add", "--session", "1", "--table", "1", "--riichi", "E,S,W",
                      "--winner", "S", "--han", "3", "--fu", "40",
                      "--winner", "W", "--hand", "234m567p11s234s67s5s", "--from", "N")
check("double ron entered", rc == 0, f"rc={rc} {out} {err}")
rc, out, err = table2("hand", "list", "--session", "1", "--json")
second = json.loads(out)["hands"][1]
winners = {w["seat"]: w for w in second["winners"]}
check("double ron: each winner's value, the counter paid to each",
      [w["seat"] for w in second["winners"]] == ["S", "W"]
      and winners["S"]["han"] == 3 and winners["S"]["fu"] == 40
      and winners["S"]["cost"] == {"discarder": 5500} and winners["S"]["total"] == 5500
      and winners["W"]["han"] == 2 and winners["W"]["fu"] == 30
      and winners["W"]["yaku"] == {"riichi": 1, "pinfu": 1}
      and winners["W"]["cost"] == {"discarder": 2300}, second)
check("double ron: the discarder pays both, the sticks go by turn order",
      second["settlement"] == {"E": -1000, "S": 6500, "W": 2300, "N": -7800}
      and second["sticks"] == 0 and second["honba"] == 1, second)
rc, out, err = table2("hand", "list", "--session", "1")
check("double ron: the text names both winners", rc == 0
      and "S wins 7500 and W wins 3300 from N" in out, out)

# A correction before it passes the deal: the same players win, now as the dealer (East, 3 han
# 40 fu: 7,700 and the counter) and South, paid again from what they won with.
first_id = json.loads(table2("hand", "list", "--session", "1", "--json")[1])["hands"][0]["id"]
rc, out, err = table2("hand", "edit", str(first_id), "--draw", "--tenpai", "S")
check("correction before a double ron", rc == 0, err)
rc, out, err = table2("hand", "list", "--session", "1", "--json")
second = json.loads(out)["hands"][1]
check("double ron rescored at the new seats", [w["seat"] for w in second["winners"]] == ["E", "S"]
      and second["winners"][0]["cost"] == {"discarder": 8000}
      and second["winners"][1]["cost"] == {"discarder": 2300}
      and second["settlement"] == {"E": 9000, "S": 2300, "W": -10300, "N": -1000}, second)

rc, out, err = table2("hand", "add", "--session", "1", "--table", "1",
                      "--winner", "S", "--han", "1", "--fu", "30",
                      "--winner", "W", "--han", "1", "--fu", "30", "--from", "self")
check("a self-drawn win of two is refused", rc == 1 and "self-drawn" in err, err)
rc, out, err = table2("hand", "add", "--session", "1", "--table", "1",
                      "--winner", "S", "--han", "1", "--fu", "30", "--winner", "S", "--han", "1",
                      "--fu", "30", "--from", "E")
check("the same winner twice is refused", rc == 1 and "twice" in err, err)
rc, out, err = table2("hand", "add", "--session", "1", "--table", "1", "--from", "E",
                      *[a for seat in "SWNE" for a in ("--winner", seat, "--han", "1", "--fu", "30")])
check("four winners is a usage error", rc == 2 and "three" in err, err)
listed = json.loads(table2("hand", "list", "--session", "1", "--json")[1])["hands"]
check("nothing written by the refusals", len(listed) == 2, listed)

# The dealer as the second winner in turn order (South deals in to West and East): he won, so
# the deal stays with him and a counter is added.
rc, out, err = table2("hand", "add", "--session", "1", "--table", "1",
                      "--winner", "W", "--han", "1", "--fu", "30",
                      "--winner", "E", "--han", "1", "--fu", "30", "--from", "S")
check("a double ron with the dealer second", rc == 0, err)
listed = json.loads(table2("hand", "list", "--session", "1", "--json")[1])["hands"]
check("the dealer who won second keeps the deal", len(listed) == 3
      and [w["seat"] for w in listed[2]["winners"]] == ["W", "E"]
      and listed[2]["players"] == listed[1]["players"] if len(listed) == 3 else False, listed[-1])
rc, out, err = table2("hand", "add", "--session", "1", "--table", "1", "--draw")
listed = json.loads(table2("hand", "list", "--session", "1", "--json")[1])["hands"]
check("... with one more counter", listed[3]["honba"] == listed[2]["honba"] + 1
      and listed[3]["players"] == listed[2]["players"], listed[3])

# Head bump (wrc2025): a second winner is refused.
db3 = os.path.join(folder, "bump.db")
run("--db", db3, "tournament", "create", "--name", "Bump", "--rules", "riichi", "--profile",
    "wrc2025", "--sessions", "1")
for name in ("Ana", "Bo", "Cai", "Dee"):
    run("--db", db3, "players", "add", name)
run("--db", db3, "seating", "draw", "--session", "1", "--seed", "5")
rc, out, err = run("--db", db3, "hand", "add", "--session", "1", "--table", "1",
                   "--winner", "S", "--han", "1", "--fu", "30",
                   "--winner", "W", "--han", "1", "--fu", "30", "--from", "N")
check("head bump refuses a second winner", rc == 1 and "head bump" in err, err)

finish()
