# spbench_event.py: the inputs of the 1,000-player event the benchmarks build (bench-hall.py,
# bench-export-xlsx.py): its players as a CSV file and its hands as the JSON lines `hand
# import` reads, the same at every run for a seed.
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import os
import random

SEATS = "ESWN"
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "mcr-dev.jsonl")


def win_hands():
    """The dev corpus's hands that are a win whatever seat and round wind they are won at (no
    flags: on a discard; 12 fan or more, so that no wind takes them below MCR's minimum of 8)."""
    with open(DATA, encoding="utf-8") as f:
        corpus = [json.loads(line) for line in f]
    return [d["hand"] for d in corpus if d["category"] == "regular" and not d["flags"]
            and d["expect"].get("win") and d["expect"]["total"] >= 12]


def write_players(path, players):
    """@players players (names in two scripts, clubs, countries, teams of four, federation ids)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("name,club,country,team,federation_id\n")
        for i in range(1, players + 1):
            name = f"选手{i}号" if i % 3 == 0 else f"Player Number {i}"
            f.write(f"{name},Club {i // 10},{'CN' if i % 2 else 'DE'},Team {(i - 1) // 4 + 1},"
                    f"{4120000 + i:08d}\n")


def write_hands(path, players, sessions, hands_per_table, seed):
    """@hands_per_table hands at each table of each session: one in twenty a draw, the others a
    win of the corpus's (win_hands) by a seat on another's discard, drawn from @seed."""
    hands = win_hands()
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for session in range(1, sessions + 1):
            for table in range(1, players // 4 + 1):
                for _ in range(hands_per_table):
                    if rng.random() < 0.05:
                        line = {"session": session, "table": table, "draw": True}
                    else:
                        winner = rng.choice(SEATS)
                        line = {"session": session, "table": table, "winner": winner,
                                "from": rng.choice([s for s in SEATS if s != winner]),
                                "hand": rng.choice(hands)}
                    f.write(json.dumps(line, ensure_ascii=False) + "\n")
