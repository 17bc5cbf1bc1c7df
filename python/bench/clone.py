"""What copying a state costs from Python, beside OpenSpiel's C++ chess, and the
PettingZoo ``last()`` loop (median of repeated ``timeit`` runs).

    python python/bench/clone.py [--repeats N] [--plies P ...]
    python python/bench/clone.py --compare BEFORE_PYTHON AFTER_PYTHON [--rounds R]

Rows: ``state.clone()`` of OpenSpiel's chess and of ``battaglie_washita`` after ``P``
random plies from the start (the same seeds), ``Game.copy()`` of the core, each in
microseconds; ``state.clone()`` of a game written in Python that does nothing
(``bench.py``'s: the floor OpenSpiel puts under any Python game's clone); and the
PettingZoo env (the full actions, both sides random) stepped in
the ``agent_iter()`` / ``last()`` loop, in steps per second.

With ``--compare`` the rows are measured by two interpreters (two builds of the
package, each installed in its own environment), alternately round by round, so that
a busy machine slows both alike; the table shows each build's median over the rounds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import timeit
from pathlib import Path
from typing import Any


def played(game: Any, plies: int, seed: int) -> Any:
    """A state of ``game`` after ``plies`` random plies (fewer if the game ends)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def per_call_us(call: Any, repeats: int, number: int = 2000) -> float:
    """The median over ``repeats`` timeit runs of one call's time, in microseconds."""
    return statistics.median(timeit.repeat(call, number=number, repeat=repeats)) / number * 1e6


def pettingzoo_steps(repeats: int, steps: int = 2000) -> float:
    """Steps per second of the PettingZoo env in the ``last()`` loop, random actions
    from the sparse legal actions (median over ``repeats`` runs)."""
    import numpy as np

    from battaglie.pettingzoo import env as make

    rates = []
    for r in range(repeats):
        env = make(quiet_limit=1000)
        env.reset(seed=r)
        rng = np.random.default_rng(r)
        started, done = timeit.default_timer(), 0
        for agent in env.agent_iter(max_iter=steps):
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset()
            else:
                env.step(int(rng.choice(env.legal_actions(agent))))
            done += 1
        rates.append(done / (timeit.default_timer() - started))
    return statistics.median(rates)


def measure(plies: list[int], repeats: int) -> dict[str, float]:
    """Every row once: name -> microseconds (clones) or steps per second."""
    import pyspiel

    import battaglie.openspiel  # noqa: F401  (registers the games)

    rows: dict[str, float] = {}
    chess, washita = pyspiel.load_game("chess"), pyspiel.load_game("battaglie_washita")
    for p in plies:
        for name, game in (("chess", chess), ("battaglie_washita", washita)):
            state = played(game, p, seed=p)
            rows[f"us per state.clone(), OpenSpiel {name}, {p} plies"] = per_call_us(state.clone, repeats)
        core = played(washita, p, seed=p).battaglie
        rows[f"us per Game.copy(), washita, {p} plies"] = per_call_us(core.copy, repeats)
    sys.path.insert(0, str(Path(__file__).parent))
    from bench import null_game

    rows["us per state.clone(), an OpenSpiel game in Python that does nothing"] = per_call_us(
        null_game().new_initial_state().clone, repeats
    )
    rows["steps/s, PettingZoo last() loop, washita (full actions)"] = pettingzoo_steps(repeats)
    return rows


def compare(before: str, after: str, rounds: int, argv: list[str]) -> None:
    """Runs this script under both interpreters, alternately, and prints the medians."""
    runs: dict[str, list[dict[str, float]]] = {before: [], after: []}
    for _ in range(rounds):
        for python in (before, after):
            out = subprocess.run(
                [python, __file__, "--json", *argv], capture_output=True, text=True, check=True
            ).stdout
            runs[python].append(json.loads(out))
    print(f"| measurement (median of {rounds} rounds) | before | after | after / before |")
    print("|---|---:|---:|---:|")
    for row in runs[before][0]:
        a = statistics.median(r[row] for r in runs[before])
        z = statistics.median(r[row] for r in runs[after])
        print(f"| {row} | {a:,.2f} | {z:,.2f} | {z / a:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="timeit runs per row (the median is kept)")
    parser.add_argument("--plies", type=int, nargs="+", default=[0, 40, 200], help="random plies before the clone")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="two interpreters to compare")
    parser.add_argument("--rounds", type=int, default=3, help="with --compare, rounds of both")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args()
    own = ["--repeats", str(args.repeats), "--plies", *map(str, args.plies)]
    if args.compare:
        compare(args.compare[0], args.compare[1], args.rounds, own)
        return
    rows = measure(args.plies, args.repeats)
    if args.json:
        print(json.dumps(rows))
        return
    for row, value in rows.items():
        print(f"{row}: {value:,.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
