#!/usr/bin/env python3
# test-cli-serve.py: `sparrow-cli serve` and `tournament edit`: the players' view started as a
# hall would start it, on a free loopback port, its pages loaded in headless Chromium
# (--dump-dom), the expected names, ranks and seats taken from sparrow-cli's own JSON.
# SPDX-License-Identifier: GPL-3.0-or-later
import html
import json
import re
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sptap  # noqa: E402

CLI = os.path.abspath(sys.argv[1])
PO = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else None
SCRIPT = "<script>alert(1)</script>"
WINDS = {"E": ("East", "东"), "S": ("South", "南"), "W": ("West", "西"), "N": ("North", "北")}
CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"]


def chromium():
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def dump_dom(url, language=None):
    """The page as Chromium built it, its script run; @language as the phone's Accept-Language."""
    profile = tempfile.mkdtemp(prefix="sparrow-chromium-")
    try:
        args = [chromium(), *CHROMIUM_FLAGS, "--user-data-dir=" + profile]
        if language:
            # Headless Chromium on Linux sends the Accept-Language of --accept-lang (--lang does
            # not change it).
            args.append("--accept-lang=" + language)
        p = subprocess.run(args + ["--dump-dom", url], capture_output=True, text=True,
                           timeout=90)
        return p.stdout
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def fetch(url, method="GET", headers=None):
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, dict(reply.headers), reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def main():
    folder = tempfile.mkdtemp(prefix="sparrow-serve-")
    db = os.path.join(folder, "hall.db")
    env = dict(os.environ)
    if PO:
        env["SPARROW_LOCALEDIR"] = PO

    def cli(*args):
        p = subprocess.run([CLI, "--db", db, *args], capture_output=True, text=True,
                           timeout=60, env=env)
        return p.returncode, p.stdout, p.stderr

    server = None
    try:
        status, out, err = cli("tournament", "create", "--name", "Hall <Open>", "--rules", "mcr",
                               "--sessions", "2")
        assert status == 0, err
        names = [SCRIPT, "Bob & Co", "张伟", "Dave", "Eve", "Frank", "Grace", "Heidi"]
        for name in names:
            assert cli("players", "add", name)[0] == 0
        assert cli("seating", "draw", "--session", "1", "--seed", "7")[0] == 0
        for winner, source, fan in (("S", "E", "8"), ("W", "self", "12"), ("E", "N", "24")):
            status, out, err = cli("hand", "add", "--session", "1", "--table", "1",
                                   "--winner", winner, "--from", source, "--fan", fan)
            assert status == 0, err
        assert cli("hand", "add", "--session", "1", "--table", "2", "--winner", "N", "--from",
                   "self", "--fan", "16")[0] == 0

        # tournament edit: what it sets is stored, a bad value refused and nothing written.
        status, out, err = cli("--json", "tournament", "edit", "--venue", "Hall 2",
                               "--starts", "2026-05-01", "--hide-standings", "on")
        edited = json.loads(out) if status == 0 else {}
        sptap.check("tournament edit sets the venue, the date and Hide Standings",
                    edited.get("venue") == "Hall 2" and edited.get("starts") == "2026-05-01"
                    and edited.get("hide_standings") is True, out + err)
        status, out, err = cli("tournament", "edit", "--hide-standings", "maybe")
        sptap.check("tournament edit refuses --hide-standings maybe (usage)", status == 2, err)
        status, out, err = cli("tournament", "edit", "--starts", "2026-13-40")
        shown = json.loads(cli("--json", "tournament", "show")[1])
        sptap.check("tournament edit refuses a date that is none, and keeps the stored one",
                    status == 1 and shown.get("starts") == "2026-05-01", err)
        status, out, err = cli("tournament", "edit")
        sptap.check("tournament edit without a field is a usage error", status == 2, err)

        status, out, err = cli("serve", "--listen", "hall:80")
        sptap.check("serve refuses a --listen that is no IP address", status == 2, err)
        status, out, err = cli("serve", "--tournament", "No Such Event")
        sptap.check("serve refuses an unknown tournament", status == 1, err)

        server = subprocess.Popen([CLI, "--db", db, "--json", "serve", "--listen", "127.0.0.1:0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=env)
        started = json.loads(server.stdout.readline())
        base = started["url"].rstrip("/")
        sptap.check("serve listens on a loopback port and says where",
                    base.startswith("http://127.0.0.1:"), started)

        # Hide Standings: no rank in the page nor in the JSON while a session is open.
        status, headers, body = fetch(base + "/api/standings")
        sptap.check("hidden standings: the JSON lists no player",
                    status == 200 and json.loads(body)["players"] == []
                    and '"rank"' not in body, body[:200])
        page = dump_dom(base + "/standings") if chromium() else ""
        if chromium():
            sptap.check("hidden standings: the page says so and has no table",
                        "hidden until the last session" in page and "<table" not in page,
                        page[:300])
        assert cli("tournament", "edit", "--hide-standings", "off")[0] == 0

        status, headers, body = fetch(base + "/standings", method="POST")
        sptap.check("a POST is refused with 405 and Allow: GET, HEAD",
                    status == 405 and headers.get("Allow") == "GET, HEAD", status)

        standings = json.loads(cli("--json", "standings")[1])["players"]
        seating = json.loads(cli("--json", "seating", "show", "--session", "1")[1])
        if not chromium():
            sptap.skip("the pages in a real browser", "no chromium")
        else:
            page = dump_dom(base + "/standings")
            sptap.check("the page's script ran under the CSP (class js)",
                        re.search(r'<html lang="en"[^>]* class="js"', page) is not None,
                        page[:200])
            rows = page.split("<tr>")
            for player in standings:
                name = html.escape(player["name"], quote=False)
                row = next((r for r in rows if ">" + name + "</a>" in r), "")
                sptap.check("standings: %s ranked %d" % (player["name"], player["rank"]),
                            row.startswith("<td>%d</td>" % player["rank"]), row[:160])
            sptap.check("the <script> name shows as text, never as a script",
                        "&lt;script&gt;alert(1)&lt;/script&gt;" in page
                        and "<script>alert" not in page)

            for table in seating["tables"]:
                for seat in table["seats"]:
                    who = seat["player"]
                    page = dump_dom("%s/players/%d" % (base, who["id"]))
                    expected = ('/sessions/1/tables/%d">Table %d</a> · <span class="wind">%s'
                                % (table["table"], table["table"], WINDS[seat["seat"]][0]))
                    sptap.check("%s's page: session 1, table %d, %s" % (who["name"],
                                                                         table["table"],
                                                                         seat["seat"]),
                                expected in page, page[page.find("<h2>"):][:300])
            first = seating["tables"][0]["seats"][0]["player"]
            page = dump_dom("%s/players/%d" % (base, first["id"]), language="zh-CN")
            sptap.check("a Chinese page: lang zh-CN, 座位 and 东 for an East seat",
                        '<html lang="zh-CN"' in page and "<h2>座位</h2>" in page
                        and '<span class="wind">%s' % WINDS["E"][1] in page, page[:400])
            page = dump_dom(base + "/", language="zh-TW")
            sptap.check("a Traditional Chinese page: 場次", '<html lang="zh-TW"' in page
                        and "場次" in page, page[:400])

        # A change from another process shows in /api/version, which the pages poll.
        status, headers, before = fetch(base + "/api/version")
        etag = headers.get("ETag")
        status, headers, body = fetch(base + "/api/version", headers={"If-None-Match": etag})
        sptap.check("a poll with the current ETag is 304", status == 304, status)
        assert cli("hand", "add", "--session", "1", "--table", "2", "--draw")[0] == 0
        status, headers, after = fetch(base + "/api/version", headers={"If-None-Match": etag})
        sptap.check("after a hand is entered the poll gets a new version",
                    status == 200 and json.loads(after) != json.loads(before), after)

        server.send_signal(signal.SIGTERM)
        try:
            code = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            code = None
        sptap.check("serve stops on SIGTERM with status 0", code == 0, code)
    finally:
        if server is not None and server.poll() is None:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)
    sptap.finish()


if __name__ == "__main__":
    main()
