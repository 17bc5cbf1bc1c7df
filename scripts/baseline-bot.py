#!/usr/bin/env python3
"""A baseline opponent speaking the engine protocol (docs/protocol.md).

It forwards every command to an inner `battaglie engine` and answers `go` with a
move of its own choosing among the inner engine's `legal` list:

    random   any legal move
    greedy   an elimination when there is one, else any legal move

Use it as an external player of `battaglie match`:

    battaglie match --a level:8 --b 'engine:python3 scripts/baseline-bot.py greedy battaglie 7'

Arguments: mode (random or greedy), the battaglie program, a seed.
"""
import random
import subprocess
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "random"
PROGRAM = sys.argv[2] if len(sys.argv) > 2 else "battaglie"
RNG = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 7)
if MODE not in ("random", "greedy"):
    sys.exit(f"baseline-bot: mode must be random or greedy, got {MODE!r}")

inner = subprocess.Popen(
    [PROGRAM, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
)


def ask(line):
    """Sends one command to the inner engine: its data lines and its final line."""
    inner.stdin.write(line + "\n")
    inner.stdin.flush()
    data = []
    while True:
        answer = inner.stdout.readline().rstrip("\n")
        if answer == "ok" or answer.startswith("error") or not answer:
            return data, answer or "error the inner engine stopped"
        data.append(answer)


def choose(moves):
    if MODE == "greedy":
        eliminations = [m for m in moves if "x" in m]
        if eliminations:
            return RNG.choice(eliminations)
    return RNG.choice(moves)


for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    if line.split()[0] == "go":
        moves, _ = ask("legal")
        if moves:
            print("bestmove " + choose(moves))
            print("ok", flush=True)
        else:
            print("error the game is over", flush=True)
    elif line == "quit":
        ask("quit")
        print("ok", flush=True)
        break
    else:
        data, final = ask(line)
        for d in data:
            print(d)
        print(final, flush=True)
