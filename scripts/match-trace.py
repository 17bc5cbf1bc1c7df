#!/usr/bin/env python3
"""What happened in the games of `battaglie match` records: when the exchanges came
and which pieces they left (docs/notebook/strength.md, "When level 8 strikes").

    python3 scripts/match-trace.py [--program battaglie] [--every N] match-*.jsonl

For each file: how many plies separated each exchange from the one before it, in
buckets of ten (an exchange is a run of eliminations less than four plies apart;
the quiet limit draws the game at 100). Then, for each game, the pieces each side
has left after every Nth elimination (default 5), read from `bfen` replies of
`battaglie engine`: uppercase letters are the Army's, lowercase the Indians'.
"""
import argparse
import collections
import json
import os
import subprocess
import sys


def records(path):
    """The game records of one file, with the line each came from."""
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as e:
        sys.exit(f"match-trace: cannot read {path}: {e.strerror}")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            game = json.loads(line)
            game["moves"], game["scenario"]  # noqa: B018 (both must be there)
        except (json.JSONDecodeError, KeyError, TypeError) as e:
            sys.exit(f"match-trace: {path}:{number}: not a game record ({e})")
        yield number, game


def exchange_gaps(games):
    """Buckets of ten plies: how many exchanges began that long after the last."""
    gaps = collections.Counter()
    for game in games:
        last = 0
        for ply, move in enumerate(game["moves"], 1):
            if "x" in move:
                if ply - last > 3:
                    gaps[(ply - last) // 10 * 10] += 1
                last = ply
    return gaps


def pieces(placement):
    """Counts by side and kind of a BFEN placement."""
    count = collections.Counter(c for c in placement if c.isalpha())
    army = "".join(f"{count[k]}{k}" for k in "FMV")
    indians = "".join(f"{count[k.lower()]}{k}" for k in "FMV")
    return f"Army {army}  Indians {indians}"


def trace(program, game, every):
    """(ply, side that eliminated, pieces left) after every `every`th elimination."""
    commands = [f"scenario {game['scenario']}", "position startpos"]
    marks = []
    for ply, move in enumerate(game["moves"], 1):
        commands.append(f"move {move}")
        if "x" in move:
            commands.append("bfen")
            marks.append((ply, "Army" if ply % 2 == 1 else "Indians"))
    commands.append("quit")
    try:
        done = subprocess.run(
            [program, "engine"], input="\n".join(commands) + "\n",
            capture_output=True, text=True, check=False,
        )
    except OSError as e:
        sys.exit(f"match-trace: cannot run {program}: {e.strerror}")
    errors = [line for line in done.stdout.splitlines() if line.startswith("error")]
    if errors:
        sys.exit(f"match-trace: {program} engine refused the record: {errors[0]}")
    placements = [line.split()[0] for line in done.stdout.splitlines() if "/" in line]
    rows = list(zip(marks, placements))
    return [(ply, side, pieces(p)) for (ply, side), p in rows][every - 1 :: every]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="match records (JSON lines)")
    parser.add_argument("--program", default="battaglie", help="the battaglie program")
    parser.add_argument("--every", type=int, default=5, help="print every Nth elimination")
    args = parser.parse_args()
    if args.every < 1:
        parser.error(f"--every must be at least 1, got {args.every}")
    for path in args.files:
        games = [game for _, game in records(path)]
        gaps = exchange_gaps(games)
        total = sum(gaps.values())
        print(f"{path}: {len(games)} games, {total} exchanges; plies since the last:")
        for bucket in sorted(gaps):
            print(f"  {bucket:3d}-{bucket + 9:3d}: {gaps[bucket]}")
        for game in games:
            print(f"{game['scenario']}: Army {game.get('army', '?')} against "
                  f"Indians {game.get('indians', '?')}, {len(game['moves'])} plies, "
                  f"result {game.get('result', '?')}")
            for ply, side, left in trace(args.program, game, args.every):
                print(f"  ply {ply:5d}, eliminated by the {side}: {left}")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        # The reader left (`| head`): stop quietly, as the Python docs advise.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
