#!/usr/bin/env python3
"""Regenerates crates/battaglie-rules/tests/perft/battles.txt.

Drives `battaglie engine` (release build) through seeded random games in each
built-in battle and records perft counts from the start positions and from the
positions reached; every count is checked twice (last ply counted, and every
move played via `battaglie perft --played`) before it is written.

    cargo build --release && python3 scripts/perft-data.py
"""
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "battaglie"
OUT = ROOT / "crates" / "battaglie-rules" / "tests" / "perft" / "battles.txt"


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([BIN, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        data = []
        while True:
            out = self.p.stdout.readline().rstrip("\n")
            if out == "ok":
                return data
            if out.startswith("error"):
                raise RuntimeError(f"{line}: {out}")
            data.append(out)


def played(scenario, bfen, depth):
    out = subprocess.run([BIN, "perft", scenario, str(depth), "--bfen", bfen, "--played"],
                         capture_output=True, text=True, check=True).stdout
    return int(out.split()[2])


def main():
    rng = random.Random(1977)
    e = Engine()
    lines = ["# scenario ; BFEN ; depth ; perft count (checked counting and playing the last ply)"]
    for battle in ["washita", "fetterman", "apache-pass"]:
        e.ask(f"scenario {battle}")
        start = e.ask("bfen")[0]
        points = [(start, 4)]
        for plies in (12, 31, 60, 91):
            e.ask(f"scenario {battle}")
            for _ in range(plies):
                moves = e.ask("legal")
                if not moves:
                    break
                captures = [m for m in moves if "x" in m]
                pick = rng.choice(captures) if captures and rng.random() < 0.7 else rng.choice(moves)
                e.ask(f"move {pick}")
            if e.ask("status")[0] == "ongoing":
                points.append((e.ask("bfen")[0], 3))
        for bfen, max_depth in points:
            e.ask(f"position bfen {bfen}")
            for depth in range(1, max_depth + 1):
                count = int(e.ask(f"perft {depth}")[0])
                check = played(battle, bfen, depth)
                if count != check:
                    sys.exit(f"{battle} {bfen} depth {depth}: counted {count}, played {check}")
                lines.append(f"{battle} ; {bfen} ; {depth} ; {count}")
                print(lines[-1], flush=True)
    e.ask("quit")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
