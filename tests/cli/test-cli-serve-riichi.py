#!/usr/bin/env python3
# test-cli-serve-riichi.py: the players' view of a Riichi event: the standings and a player's
# page in tournament points and uma with one decimal, a table's page as its hanchan (each hand's
# round, honba, sticks, result and every player's points after it, then the final points, uma
# and tournament points), the JSON's scores as tournament points; the pages loaded as a phone
# loads them (headless Chromium at 390 px, skipped without it).  The figures are those of the
# hanchan of test-cli-riichi.py, worked out by hand.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sptap  # noqa: E402

CLI = os.path.abspath(sys.argv[1])
PO = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None


def chromium():
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def dump_dom(url, language=None):
    """The page as a phone's browser (390 px wide) built it."""
    profile = tempfile.mkdtemp(prefix="sparrow-chromium-")
    try:
        args = [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--window-size=390,900",
                "--user-data-dir=" + profile]
        if language:
            args.append("--accept-lang=" + language)
        p = subprocess.run(args + ["--dump-dom", url], capture_output=True, text=True,
                           timeout=90)
        return p.stdout
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def fetch(url, language="en"):
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return reply.read().decode()


def cells(row):
    return [re.sub(r"<[^>]+>", " ", c).split() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>",
                                                                   row, re.S)]


def main():
    folder = tempfile.mkdtemp(prefix="sparrow-serve-riichi-")
    db = os.path.join(folder, "riichi.db")
    env = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8")
    if PO:
        env["SPARROW_LOCALEDIR"] = PO

    def cli(*args):
        p = subprocess.run([CLI, "--db", db, "--referee", "Referee", *args], capture_output=True,
                           text=True, timeout=60, env=env)
        assert p.returncode == 0, (args, p.stderr)
        return p.stdout

    server = None
    try:
        cli("tournament", "create", "--name", "Riichi Open", "--rules", "riichi", "--sessions",
            "1")
        for name in ("Ana", "Bo", "Cai", "Dee"):
            cli("players", "add", name)
        cli("seating", "draw", "--session", "1", "--seed", "5")
        for hand in [("--winner", "S", "--from", "W", "--riichi", "S", "--han", "5", "--fu", "30"),
                     ("--draw", "--tenpai", "E,N", "--riichi", "N"),
                     ("--winner", "E", "--from", "self", "--hand", "12333m12345678s9s"),
                     ("--chombo", "W"),
                     ("--winner", "S", "--from", "E", "--han", "2", "--fu", "40")] \
                + [("--draw",)] * 6:
            cli("hand", "add", "--session", "1", "--table", "1", *hand)
        seats = json.loads(cli("seating", "show", "--session", "1", "--json"))
        chairs = [s["player"] for s in seats["tables"][0]["seats"]]  # E S W N at East 1
        E, S, W, N = (p["name"] for p in chairs)
        ids = {p["name"]: p["id"] for p in chairs}

        server = subprocess.Popen([CLI, "--db", db, "--json", "serve", "--listen",
                                   "127.0.0.1:0"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=env)
        base = json.loads(server.stdout.readline())["url"].rstrip("/")

        api = json.loads(fetch(base + "/api/standings"))["players"]
        sptap.check("api: riichi scores are tournament points, table points the uma",
                    [(p["name"], p["score"], p["table_points"]) for p in api] == [
                        (S, 30.4, 15.0), (E, 2.8, 5.0), (W, -24.0, -15.0), (N, -29.2, -5.0)],
                    api)
        player = json.loads(fetch("%s/api/players/%d" % (base, ids[N])))
        sptap.check("api: a player's tournament points", player["score"] == -29.2
                    and player["rank"] == 4, player)

        get = dump_dom if chromium() else fetch
        if not chromium():
            sptap.skip("the pages in a real browser", "no chromium")

        page = get(base + "/standings")
        rows = [cells(r) for r in page.split("<tr>")[2:]]
        sptap.check("standings: tournament points and uma with one decimal", [
            r[:4] for r in rows] == [[["1"], [S], ["30.4"], ["15.0"]],
                                     [["2"], [E], ["2.8"], ["5.0"]],
                                     [["3"], [W], ["-24.0"], ["-15.0"]],
                                     [["4"], [N], ["-29.2"], ["-5.0"]]]
            and ">Uma<" in page, rows)

        page = get("%s/sessions/1/tables/1" % base)
        hands = re.findall(r'<tr class="hand">(.*?)</tr>\s*<tr class="what">(.*?)</tr>', page,
                           re.S)
        sptap.check("table: a row per hand with its result below", len(hands) == 11,
                    len(hands))
        first, what = hands[0]
        sptap.check("table: East 1, the riichi ron and the points after it",
                    cells(first)[0] == ["East", "1"]
                    and [c[-2:] for c in cells(first)[1:]] == [["30000"], ["38000", "+8000"],
                                                               ["22000", "-8000"], ["30000"]]
                    and "●" in cells(first)[2]
                    and "%s won on %s's discard · 5 han 30 fu (mangan)" % (S, W) in what,
                    (first, what))
        third, what = hands[2]
        sptap.check("table: East 2 on a counter and a stick, the dealer's tsumo",
                    cells(third)[0] == ["East", "2", "honba", "1", "·", "sticks", "1"]
                    and cells(third)[2] == ["48600", "+9100"]
                    and "%s won, self-drawn · 4 han 20 fu" % S in what, (third, what))
        sptap.check("table: the chombo and the draw with its tenpai",
                    "chombo by %s: dealt again" % N in hands[3][1]
                    and "exhaustive draw · tenpai: %s, %s" % (E, S) in hands[1][1], hands[1:4])
        sptap.check("table: the rounds to South 4", [cells(h)[0][:2] for h, _ in hands[5:]] == [
            ["East", "3"], ["East", "4"], ["South", "1"], ["South", "2"], ["South", "3"],
            ["South", "4"]], hands[5:])
        foot = page[page.find("<tfoot>"):page.find("</tfoot>")]
        sptap.check("table: final points, uma, tournament points",
                    [cells(r)[1:] for r in foot.split("<tr>")[1:]] == [
                        [["27800"], ["45400"], ["21000"], ["25800"]],
                        [["5.0"], ["15.0"], ["-15.0"], ["-5.0"]],
                        [["2.8"], ["30.4"], ["-24.0"], ["-29.2"]]], foot)

        page = get("%s/players/%d" % (base, ids[S]))
        sptap.check("player: rank, tournament points and uma",
                    re.search(r'<dd class="rank">1</dd>.*?<dd>30\.4</dd>.*?Uma.*?<dd>15\.0</dd>',
                              page, re.S) is not None, page[:600])
        mine = re.findall(r"<tr><td>(East|South) (\d).*?</td><td>.*?</td><td>(-?\d+)</td>"
                          r"<td>(-?\d+)</td></tr>", page, re.S)
        sptap.check("player: each hand's change and the points after it",
                    [(m[2], m[3]) for m in mine][:5] == [("8000", "38000"), ("1500", "39500"),
                                                         ("9100", "48600"), ("0", "48600"),
                                                         ("-3200", "45400")]
                    and len(mine) == 11, mine)

        page = get("%s/sessions/1/tables/1" % base, "zh-CN")
        sptap.check("a Chinese table page: 东1局 … 南4局", "东1局" in page and "南4局" in page,
                    page[:400])

        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)

        # A hanchan in play: the index says the round each table is at.
        cli("tournament", "create", "--name", "Riichi Live", "--rules", "riichi", "--sessions",
            "1")
        for name in ("Eve", "Fay", "Gus", "Hal"):
            cli("players", "add", name)
        cli("seating", "draw", "--session", "1", "--seed", "1")
        # A draw with the dealer tenpai (East 1 again, one counter), then S's tsumo: East 2.
        cli("hand", "add", "--session", "1", "--table", "1", "--draw", "--tenpai", "E")
        cli("hand", "add", "--session", "1", "--table", "1", "--winner", "S", "--from", "self",
            "--han", "2", "--fu", "30")
        server = subprocess.Popen([CLI, "--db", db, "--json", "serve", "--listen", "127.0.0.1:0",
                                   "--tournament", "Riichi Live"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, env=env)
        base = json.loads(server.stdout.readline())["url"].rstrip("/")
        page = fetch(base + "/")
        sptap.check("index: a table in play at its round",
                    '<a href="/sessions/1/tables/1">Table 1</a> <span>East 2</span>' in page,
                    page[page.find('<ul class="tables">'):][:200])
        page = fetch(base + "/", "zh-TW")
        sptap.check("index: the round in Traditional Chinese", "<span>東2局</span>" in page,
                    page[page.find('<ul class="tables">'):][:200])
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
    finally:
        if server is not None and server.poll() is None:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    sptap.finish()


if __name__ == "__main__":
    main()
