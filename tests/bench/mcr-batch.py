#!/usr/bin/env python3
# mcr-batch.py: writes a `sparrow-cli score --batch` file of N lines "HAND [FLAGS]" cycling
# through mcr-dev.jsonl (by default tests/data/mcr-dev.jsonl beside this folder), for timing
# the batch scorer.
# Usage: mcr-batch.py N [FILE] > BATCH
#        time ./build/app/sparrow-cli score --rules mcr --batch BATCH > /dev/null
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sys

n = int(sys.argv[1])
path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "data", "mcr-dev.jsonl")
with open(path, encoding="utf-8") as f:
    lines = [" ".join([case["hand"], *case["flags"]]) for case in map(json.loads, f) if case]
for i in range(n):
    print(lines[i % len(lines)])
