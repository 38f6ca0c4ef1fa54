#!/usr/bin/env python3
# test-cli-mcr.py: `sparrow-cli score --rules mcr`, one hand and --batch, as SPEC.md §3.1 says.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sptap import check, command, finish  # noqa: E402

run = command(sys.argv[1], timeout=60)

# The example of SPEC.md §3.1.
rc, out, _ = run("score", "--rules", "mcr", "--json", "999m11s99pEEECCC1s")
data = json.loads(out)
check("spec example", rc == 0 and data["total"] == 62
      and data["settlement"] == {"E": 86, "S": -8, "W": -8, "N": -70}
      and data["fan"][0] == {"name": "混幺九", "value": 32, "count": 1}, out)

# A false win carries its penalty.
rc, out, _ = run("score", "--rules", "mcr", "--json", "688m135s336pEWNP5p")
data = json.loads(out)
check("not-a-win penalty", rc == 1 and data["error"]["code"] == "not-a-win"
      and data["shanten"] == 4 and data["penalty"]["E"] == -60, out)
rc, out, _ = run("score", "--rules", "mcr", "--option", "penalty_profile=ema", "--json",
                 "688m135s336pEWNP5p")
data = json.loads(out)
check("ema penalty", rc == 1 and data["penalty"] == {"E": -30, "S": 10, "W": 10, "N": 10,
                                                     "reason": data["penalty"]["reason"]}, out)

# Profiles through the CLI.
rc, out, _ = run("score", "--rules", "mcr", "--profile", "r98", "--json", "[5555s,6][CCCC]33s22pFFF2p")
data = json.loads(out)
names = [f["name"] for f in data["fan"]]
check("r98 has no 明暗杠", rc == 0 and "明暗杠" not in names and "明杠" in names and "暗杠" in names, out)

# --batch gives, line for line, what one `score --json` gives.
lines = [
    "999m11s99pEEECCC1s",
    "33m22s77pEENCCPPN --self-drawn",
    "[777m][789p]55s12345p6p --kong --flowers 4 --discarder S",
    "[456s,3][333p,1][234m][234s,2]FF",
    "[123p][444s][789m]34pCC9p --seat-wind W",
    "688m135s336pEWNP5p",
    "123m456p789s11sEE",
    "1112333445678m2m --self-drawn --kong",
    "55555p123m",
]
with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("\n".join(lines) + "\n")
    path = f.name
rc, out, _ = run("score", "--rules", "mcr", "--batch", path)
batch = out.splitlines()
check("batch line count", rc == 0 and len(batch) == len(lines), out)
for line, got in zip(lines, batch):
    words = line.split()
    hand, flags = words[0], words[1:]
    _, single, _ = run("score", "--rules", "mcr", "--json", *flags, hand)
    check(f"batch = single: {line}", got + "\n" == single, f"{got} vs {single}")

# Text the writer must escape stays valid JSON.
rc, out, _ = run("score", "--rules", "mcr", "--batch", "-", stdin='12"3\\m\t--self-drawn\n')
try:
    data = json.loads(out)
    check("batch escapes", data["win"] is False and data["error"]["code"] == "syntax", out)
except ValueError:
    check("batch escapes", False, out)
os.unlink(path)

# SITUATION options: a bad value is a usage error naming the option and the value.
rc, out, err = run("score", "--rules", "mcr", "--seat-wind", "Q", "999m11s99pEEECCC1s")
check("--seat-wind Q is a usage error", rc == 2 and "--seat-wind" in err and "'Q'" in err, err)
rc, out, err = run("score", "--rules", "mcr", "--json", "--seat-wind=Q", "999m11s99pEEECCC1s")
data = json.loads(out)
check("--seat-wind=Q in JSON", rc == 2 and data["error"]["code"] == "usage"
      and "--seat-wind" in data["error"]["message"] and "'Q'" in data["error"]["message"], out)
for option, value in (("--streak", "many"), ("--flowers", "f9"), ("--dealer", "X"),
                      ("--base", "-1"), ("--liable", "")):
    rc, out, err = run("score", "--rules", "taiwan", option, value, "123m456m789m234p56p55s7p")
    check(f"{option} {value!r} is a usage error", rc == 2 and option in err, err)
rc, out, err = run("score", "--rules", "mcr", "999m11s99pEEECCC1s", "--seat-wind")
check("a SITUATION option without its value", rc == 2 and "--seat-wind" in err, err)

# SITUATION options anywhere on the line, in either form, give the same verdict.
_, a, _ = run("score", "--rules", "mcr", "--json", "--self-drawn", "--seat-wind", "S",
              "33m22s77pEENCCPPN")
_, b, _ = run("score", "--rules", "mcr", "--json", "33m22s77pEENCCPPN", "--seat-wind=S",
              "--self-drawn")
check("options before or after the hand", a == b and json.loads(a)["win"], a + b)

# --option repeated: each applies.
rc, out, _ = run("score", "--rules", "mcr", "--option", "penalty_profile=ema",
                 "--option", "concealed_kong_pair_value=8", "--list-options", "--json")
values = {o["key"]: o["value"] for o in json.loads(out)["options"]}
check("--option repeated", rc == 0 and values.get("penalty_profile") == "ema"
      and values.get("concealed_kong_pair_value") == "8", out)
rc, out, err = run("score", "--rules", "mcr", "--option", "nonsense", "999m11s99pEEECCC1s")
check("--option without '='", rc == 2 and "KEY=VALUE" in err, err)

# --help lists the SITUATION options with what they do, on stdout.
rc, out, err = run("score", "--help")
check("score --help", rc == 0 and err == "" and "--self-drawn" in out and "--ready-first-draw" in out
      and "--batch" in out and "--list-options" in out, out + err)

# The flower win "-" is a HAND, not an option.
rc, out, _ = run("score", "--rules", "taiwan", "--json", "--flowers", "f1,f2,f3,f4,f5,f6,f7,f8", "-")
check("flower win '-'", rc == 0 and json.loads(out)["win"], out)

finish()
