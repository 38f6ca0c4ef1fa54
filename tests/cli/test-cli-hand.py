#!/usr/bin/env python3
# test-cli-hand.py: `sparrow-cli waits` and `check` through the command line, as SPEC.md §3.1 says.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

run = command(sys.argv[1], timeout=30)

# waits --json: ready hands, tile order, wait types
rc, out, _ = run("waits", "--rules", "mcr", "--json", "123p456p789s3345m")
data = json.loads(out)
check("waits 3345m", rc == 0 and data == {"ready": True, "shanten": 0,
      "waits": [{"tile": "3m", "type": "两面"}, {"tile": "6m", "type": "两面"}]}, out)

rc, out, _ = run("waits", "--rules", "mcr", "--json", "123p456p789s3555m")
data = json.loads(out)
check("waits 3555m", [w["tile"] for w in data["waits"]] == ["3m", "4m"]
      and [w["type"] for w in data["waits"]] == ["单钓", "坎张"], out)

rc, out, _ = run("waits", "--rules", "mcr", "--json", "1112345678999m")
data = json.loads(out)
check("waits nine gates", [w["tile"] for w in data["waits"]] == [f"{r}m" for r in range(1, 10)], out)

rc, out, _ = run("waits", "--rules", "mcr", "--json", "19m19s19pESWNCFP")
data = json.loads(out)
check("waits thirteen orphans", len(data["waits"]) == 13
      and all(w["type"] == "特殊" for w in data["waits"]), out)

rc, out, _ = run("waits", "--rules", "taiwan", "--json", "123m456m789m234p46p55s")
data = json.loads(out)
check("waits taiwan closed", data["waits"] == [{"tile": "5p", "type": "坎张"}], out)

rc, out, _ = run("waits", "--rules", "mcr", "--json", "1357m2468p1357sE")
data = json.loads(out)
check("waits not ready", rc == 0 and data == {"ready": False, "shanten": 4, "waits": []}, out)
rc, out, _ = run("waits", "--rules", "mcr", "1357m2468p1357sE")
check("waits not ready, in text: plural", rc == 0 and out == "not ready: 4 tiles from ready\n", out)
rc, out, _ = run("waits", "--rules", "mcr", "19m19p19sESWNCF5m")
check("waits not ready, in text: singular", rc == 0 and out == "not ready: 1 tile from ready\n",
      out)

rc, out, _ = run("waits", "--rules", "mcr", "--json", "123p456p789s3345m5m")
data = json.loads(out)
check("waits wrong count", rc == 1 and data["error"]["code"] == "wrong-tile-count", out)

rc, out, err = run("waits", "--rules", "mcr", "123p456p789s3345z")
check("waits syntax text", rc == 1 and err.startswith("sparrow-cli: character 17: unknown character 'z'"), err)

rc, out, err = run("waits", "--rules", "xyz", "123p")
check("waits unknown ruleset is a usage error", rc == 2, err)

# check: a declared win
rc, out, _ = run("check", "--rules", "mcr", "--json", "[EEE][WWW]SSSNNCCN")
check("check valid", rc == 0 and json.loads(out) == {"valid": True, "win": True}, out)

rc, out, _ = run("check", "--rules", "mcr", "--json", "[555p]1234m5555p99s5p")
data = json.loads(out)
check("check too many copies", rc == 1 and data["valid"] is False
      and data["error"]["code"] == "too-many-copies"
      and data["error"]["message"] == "tile 9: a fifth 5p", out)

rc, out, _ = run("check", "--rules", "mcr", "--json", "1112223334445566m")
data = json.loads(out)
check("check wrong tile count", rc == 1 and data["error"]["code"] == "wrong-tile-count"
      and data["error"]["message"] == "16 tiles: an MCR hand needs 14 (+1 per kong)", out)

rc, out, _ = run("check", "--rules", "mcr", "--json", "[124m]111222333mE")
data = json.loads(out)
check("check not a chow", rc == 1 and data["error"]["code"] == "syntax"
      and "[124m]: not a chow" in data["error"]["message"], out)

rc, out, _ = run("check", "--rules", "mcr", "--json", "123p456p789s3345m9m")
data = json.loads(out)
check("check not a win", rc == 1 and data["error"]["code"] == "not-a-win", out)

rc, out, _ = run("check", "--rules", "taiwan", "--json", "123m456m789m234p56p55s7p")
check("check taiwan 17 tiles", rc == 0, out)

rc, out, _ = run("check", "--rules", "taiwan", "--json", "33m22s77pEENCCPPN")
data = json.loads(out)
check("check taiwan has no seven pairs", rc == 1 and data["error"]["code"] == "wrong-tile-count", out)

rc, out, err = run("--version")
check("version", rc == 0 and out.startswith("sparrow-cli "), out)
rc, out, err = run("--help")
check("help", rc == 0 and "Usage: sparrow-cli" in out, out)
# --help of every command without a database: on stdout, exit 0, its own options listed.
for args, option in ((["waits"], "--rules"), (["check"], "--rules"), (["score"], "--seat-wind"),
                     (["seating", "plan"], "--players")):
    rc, out, err = run(*args, "--help")
    name = " ".join(args)
    check(f"{name} --help on stdout", rc == 0 and f"sparrow-cli {name}" in out
          and option in out and err == "", out + err)
rc, out, err = run("frobnicate")
check("unknown command", rc == 2 and "unknown command" in err, err)
rc, out, err = run("frobnicate", "--json")
check("unknown command in JSON", rc == 2 and json.loads(out)["error"]["code"] == "usage", out)

# An unknown option is a usage error, as a JSON error object under --json, wherever --json is.
for args in (["waits", "--rules", "mcr", "--json", "--bogus", "123m"],
             ["check", "--bogus", "--json", "--rules", "mcr", "123m"],
             ["score", "--rules", "mcr", "--json", "--bogus", "999m11s99pEEECCC1s"],
             ["seating", "plan", "--players", "8", "--rounds", "1", "--bogus", "--json"]):
    rc, out, err = run(*args)
    name = " ".join(args[:2])
    data = json.loads(out) if out.startswith("{") else {}
    check(f"{name}: unknown option, JSON usage error", rc == 2
          and data.get("error", {}).get("code") == "usage"
          and "--bogus" in data["error"]["message"] and err == "", out + err)
rc, out, err = run("waits", "--rules", "mcr", "--bogus", "123m")
check("unknown option, one line on stderr", rc == 2 and out == ""
      and err.startswith("sparrow-cli: ") and "--bogus" in err and err.count("\n") == 1, err)
rc, out, err = run("waits", "--json", "--rules")
check("missing value, JSON usage error", rc == 2
      and json.loads(out)["error"]["code"] == "usage" and "--rules" in out, out + err)

# Global options: an empty --db would write into the default database; it is refused.
rc, out, err = run("--db", "", "players", "list")
check("--db '' refused", rc == 2 and "--db" in err and "empty" in err, err)
rc, out, err = run("--db=", "tournament", "list")
check("--db= refused", rc == 2 and "--db" in err, err)
rc, out, err = run("--bogus", "tournament", "list")
check("unknown global option", rc == 2 and "--bogus" in err, err)
rc, out, err = run("--db")
check("--db without a value", rc == 2 and "--db" in err, err)
rc, out, err = run()
check("no command: usage on stderr", rc == 2 and "Usage: sparrow-cli" in err, err)

# Every command and subcommand that `--help` lists: its --help on stdout with exit 0, an unknown
# option a usage error (exit 2, one line on stderr), and under --json that error as a JSON object
# on stdout.  The database named is never opened: option errors come first.
NO_DB = ("--db", os.path.join(os.path.dirname(os.path.abspath(sys.argv[1])), "never-opened.db"))


def listed(text, heading):
    """The names a help lists under @heading, up to the next blank line."""
    names, inside = [], False
    for line in text.splitlines():
        if line.strip() == heading:
            inside = True
        elif inside and not line.strip():
            inside = False
        elif inside:
            names.append(line.split()[0])
    return names


rc, out, _ = run("--help")
commands = listed(out, "Commands:")
check("--help lists the commands", "score" in commands and "hand" in commands, out)
for name in commands:
    rc, out, _ = run(*NO_DB, name, "--help")
    subcommands = listed(out, "Subcommands:")
    for args in [[name, sub] for sub in subcommands] or [[name]]:
        label = " ".join(args)
        rc, out, err = run(*NO_DB, *args, "--help")
        check(f"{label} --help on stdout", rc == 0 and "Usage" in out and err == "", out + err)
        rc, out, err = run(*NO_DB, *args, "--bogus")
        check(f"{label} --bogus is a usage error", rc == 2 and out == "" and "--bogus" in err
              and err.count("\n") == 1, out + err)
        rc, out, err = run(*NO_DB, *args, "--json", "--bogus")
        data = json.loads(out) if out.startswith("{") else {}
        check(f"{label} --json --bogus is a JSON usage error", rc == 2 and err == ""
              and data.get("error", {}).get("code") == "usage"
              and "--bogus" in data["error"]["message"], out + err)
    if subcommands:
        rc, out, err = run(*NO_DB, name, "--json", "--bogus")
        data = json.loads(out) if out.startswith("{") else {}
        check(f"{name} --json --bogus is a JSON usage error", rc == 2 and err == ""
              and data.get("error", {}).get("code") == "usage"
              and "--bogus" in data["error"]["message"], out + err)
check("never-opened.db was not created", not os.path.exists(NO_DB[1]), NO_DB[1])

finish()
