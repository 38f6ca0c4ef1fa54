#!/usr/bin/env python3
# mcr-batch.py: writes a `sparrow-cli score --batch` file of N lines "HAND [FLAGS]" cycling
# through mcr-dev.jsonl, for timing the batch scorer.
# Usage: mcr-batch.py SHARED_DIR N > FILE
#        time ./build/app/sparrow-cli score --rules mcr --batch FILE > /dev/null
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import sys

shared, n = sys.argv[1], int(sys.argv[2])
with open(os.path.join(shared, "tests", "mcr-dev.jsonl"), encoding="utf-8") as f:
    lines = [" ".join([case["hand"], *case["flags"]]) for case in map(json.loads, f) if case]
for i in range(n):
    print(lines[i % len(lines)])
