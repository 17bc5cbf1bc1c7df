"""The package's speed, measured side by side in one run (median of --repeats runs).

    python python/bench/bench.py [--seconds S] [--repeats N] [--ray]

Rows: full random games in Rust (plies/s, one core); the vector env (env steps/s with
observation and mask, one thread and all cores, against a random opponent and in
self-play); the same battle as an OpenSpiel game driven from Python; a built-in C++
OpenSpiel game (chess) driven the same way; with --ray, a small cluster match on 1
and 2 local workers (games/s).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import battaglie as b


def timed(seconds: float, step) -> float:
    """Calls ``step()`` (returning a count) for about ``seconds``: counts per second."""
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        count += step()
    return count / elapsed


def random_plies(battle: str, seconds: float) -> float:
    game = b.Game(battle)
    seed = iter(range(10**9))
    return timed(seconds, lambda: game.random_playout(next(seed))[1])


def env_steps(battle: str, seconds: float, opponent: str, threads: int | None, n: int = 256) -> float:
    env = b.VectorEnv(battle, n, opponent=opponent, seed=1, threads=threads)
    env.reset()

    def step() -> int:
        env.step(env.sample_actions())
        return n

    return timed(seconds, step)


def openspiel_plies(name: str, seconds: float) -> float:
    import pyspiel

    if name.startswith("battaglie_"):
        import battaglie.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def playout() -> int:
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        return plies

    return timed(seconds, playout)


def ray_games(workers: int) -> float:
    import subprocess
    import sys

    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "battaglie.cluster", "match", "--a", "level:4,nodes:400", "--b", "level:2,nodes:200",
         "--games", "8", "--battle", "washita", "--openings", "4", "--workers", str(workers), "--out", os.devnull],
        check=True, capture_output=True,
    )
    return 8 / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement")
    parser.add_argument("--repeats", type=int, default=3, help="measurements per row (the median is shown)")
    parser.add_argument("--battle", default="washita")
    parser.add_argument("--ray", action="store_true", help="also time a cluster match on 1 and 2 workers")
    args = parser.parse_args()
    s, battle = args.seconds, args.battle
    rows = [
        ("random plies/s, full random games in Rust (1 core)", lambda: random_plies(battle, s)),
        ("env steps/s, VectorEnv x256 vs random (1 thread)", lambda: env_steps(battle, s, "random", 1)),
        ("env steps/s, VectorEnv x256 self-play (1 thread)", lambda: env_steps(battle, s, "self", 1)),
        (f"env steps/s, VectorEnv x256 self-play ({os.cpu_count()} threads)", lambda: env_steps(battle, s, "self", None)),
        (f"plies/s, OpenSpiel battaglie_{battle.replace('-', '_')} from Python", lambda: openspiel_plies(f"battaglie_{battle.replace('-', '_')}", s)),
        ("plies/s, OpenSpiel chess (C++) from Python", lambda: openspiel_plies("chess", s)),
    ]
    if args.ray:
        rows += [
            ("games/s, cluster match level:4 v level:2 (1 worker)", lambda: ray_games(1)),
            ("games/s, cluster match level:4 v level:2 (2 workers)", lambda: ray_games(2)),
        ]
    print(f"| measurement ({battle}, median of {args.repeats}) | per second |")
    print("|---|---:|")
    for label, measure in rows:
        value = statistics.median(measure() for _ in range(args.repeats))
        print(f"| {label} | {value:,.{3 if value < 10 else 0}f} |", flush=True)


if __name__ == "__main__":
    main()
