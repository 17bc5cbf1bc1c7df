"""The package's speed, measured side by side in one run (median of --repeats runs).

    python python/bench/bench.py [--seconds S] [--repeats N] [--ray]

Rows: full random games in Rust (plies/s, one core); the vector env (env steps/s with
observation and mask, one thread and all cores, against a random opponent and in
self-play) and the factored vector env (a step is one choice of a move); the same
battle as an OpenSpiel game driven from Python, and with the observation tensor and the
legal-action mask asked for at every ply, with the full actions and with the factored
ones (plies are moves, however many steps each took); two built-in C++ OpenSpiel games
(chess, breakthrough) driven the same way, and a game written in Python that does
nothing (what OpenSpiel's calls into a Python state cost); with --ray, a small cluster
match on 1 and 2 local workers (games/s).

Each row is measured once per round, the rounds one after the other, so that a busy
machine slows every row alike. Columns: the count per second of wall-clock time, per
second of this process's CPU time (what one core gives while it runs, whatever else
the machine runs), and the ratio to OpenSpiel's chess measured in the same round (a
fixed reference: the ratio moves far less with the machine's load than the counts).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import battaglie as b


Rate = tuple[float, float]
"""A count per second of wall-clock time and per second of the process's CPU time."""


def timed(seconds: float, step: Callable[[], int]) -> Rate:
    """Calls ``step()`` (returning a count) for about ``seconds``: counts per second
    of wall-clock time and of the process's CPU time."""
    count, start, cpu = 0, time.perf_counter(), time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds:
        count += step()
    return count / elapsed, count / max(time.process_time() - cpu, 1e-9)


def random_plies(battle: str, seconds: float) -> Rate:
    game = b.Game(battle)
    seed = iter(range(10**9))
    return timed(seconds, lambda: game.random_playout(next(seed))[1])


def env_steps(
    battle: str, seconds: float, opponent: str, threads: int | None, n: int = 256, factored: bool = False
) -> Rate:
    make = b.FactoredVectorEnv if factored else b.VectorEnv
    env = make(battle, n, opponent=opponent, seed=1, threads=threads)
    env.reset()

    def step() -> int:
        env.step(env.sample_actions())
        return n

    return timed(seconds, step)


def openspiel_plies(name: str, seconds: float, observe: bool = False) -> Rate:
    import pyspiel

    if name.startswith("battaglie_"):
        import battaglie.openspiel  # noqa: F401  (registers the games)
    game = null_game() if name == "null" else pyspiel.load_game(name)
    rng = random.Random(1)

    def playout() -> int:
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            if observe:  # what an AlphaZero-style loop asks for at every ply
                player = state.current_player()
                state.observation_tensor(player)
                state.legal_actions_mask(player)
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        # The factored game takes several actions per move: count the moves played.
        return len(state.battaglie) if hasattr(state, "battaglie") else plies

    return timed(seconds, playout)


def null_game() -> Any:
    """An OpenSpiel game written in Python that does nothing: two players pass 100
    times. Driven as the battle is, it measures what the wrapper alone costs a ply
    (OpenSpiel calling into a Python state), the floor of any game written in Python."""
    import pyspiel

    name = "python_battaglie_bench_null"
    if name in pyspiel.registered_names():
        return pyspiel.load_game(name)
    kinds = pyspiel.GameType
    game_type = kinds(
        short_name=name, long_name=name, dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=kinds.ChanceMode.DETERMINISTIC, information=kinds.Information.PERFECT_INFORMATION,
        utility=kinds.Utility.ZERO_SUM, reward_model=kinds.RewardModel.TERMINAL, max_num_players=2,
        min_num_players=2, provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False, parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=2, max_chance_outcomes=0, num_players=2, min_utility=-1.0, max_utility=1.0,
        utility_sum=0.0, max_game_length=100,
    )
    actions = [0, 1]

    class State(pyspiel.State):
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.plies = 0

        def current_player(self) -> int:
            return int(pyspiel.PlayerId.TERMINAL) if self.plies >= 100 else self.plies % 2

        def _legal_actions(self, player: int) -> list[int]:
            return actions

        def legal_actions(self, player: int | None = None) -> list[int]:
            return actions

        def _apply_action(self, action: int) -> None:
            self.plies += 1

        def is_terminal(self) -> bool:
            return self.plies >= 100

        def returns(self) -> list[float]:
            return [0.0, 0.0]

        def __str__(self) -> str:
            return str(self.plies)

    class Game(pyspiel.Game):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> State:
            return State(self)

    pyspiel.register_game(game_type, Game)
    return pyspiel.load_game(name)


def ray_games(workers: int) -> Rate:
    import subprocess
    import sys

    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "battaglie.cluster", "match", "--a", "level:4,nodes:400", "--b", "level:2,nodes:200",
         "--games", "8", "--battle", "washita", "--openings", "4", "--workers", str(workers), "--out", os.devnull],
        check=True, capture_output=True,
    )
    rate = 8 / (time.perf_counter() - start)
    return rate, float("nan")  # the work runs in Ray's processes, not this one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement")
    parser.add_argument("--repeats", type=int, default=3, help="measurements per row (the median is shown)")
    parser.add_argument("--battle", default="washita")
    parser.add_argument("--ray", action="store_true", help="also time a cluster match on 1 and 2 workers")
    args = parser.parse_args()
    s, battle = args.seconds, args.battle
    rows: list[tuple[str, Callable[[], Rate]]] = [
        ("random plies/s, full random games in Rust (1 core)", lambda: random_plies(battle, s)),
        ("env steps/s, VectorEnv x256 vs random (1 thread)", lambda: env_steps(battle, s, "random", 1)),
        ("env steps/s, VectorEnv x256 self-play (1 thread)", lambda: env_steps(battle, s, "self", 1)),
        (f"env steps/s, VectorEnv x256 self-play ({os.cpu_count()} threads)", lambda: env_steps(battle, s, "self", None)),
        (
            "env steps/s, FactoredVectorEnv x256 vs random (1 thread; a step is one choice)",
            lambda: env_steps(battle, s, "random", 1, factored=True),
        ),
        (f"plies/s, OpenSpiel battaglie_{battle.replace('-', '_')} from Python", lambda: openspiel_plies(f"battaglie_{battle.replace('-', '_')}", s)),
        (REFERENCE, lambda: openspiel_plies("chess", s)),
        (f"plies/s with observation and mask, OpenSpiel battaglie_{battle.replace('-', '_')}", lambda: openspiel_plies(f"battaglie_{battle.replace('-', '_')}", s, True)),
        ("plies/s with observation and mask, OpenSpiel chess (C++)", lambda: openspiel_plies("chess", s, True)),
        (f"plies/s, OpenSpiel battaglie_{battle.replace('-', '_')}(factored=True)", lambda: openspiel_plies(f"battaglie_{battle.replace('-', '_')}(factored=True)", s)),
        (f"plies/s with observation and mask, OpenSpiel battaglie_{battle.replace('-', '_')}(factored=True)", lambda: openspiel_plies(f"battaglie_{battle.replace('-', '_')}(factored=True)", s, True)),
        ("plies/s, OpenSpiel breakthrough (C++) from Python", lambda: openspiel_plies("breakthrough", s)),
        ("plies/s, an OpenSpiel game in Python that does nothing", lambda: openspiel_plies("null", s)),
    ]
    if args.ray:
        rows += [
            ("games/s, cluster match level:4 v level:2 (1 worker)", lambda: ray_games(1)),
            ("games/s, cluster match level:4 v level:2 (2 workers)", lambda: ray_games(2)),
        ]
    labels = [label for label, _ in rows]
    rounds = []
    for _ in range(args.repeats):
        rounds.append({label: measure() for label, measure in rows})
    print(f"| measurement ({battle}, median of {args.repeats}) | per second | per CPU second | x chess |")
    print("|---|---:|---:|---:|")
    for label in labels:
        wall = statistics.median(r[label][0] for r in rounds)
        cpu = statistics.median(r[label][1] for r in rounds)
        ratio = statistics.median(r[label][0] / r[REFERENCE][0] for r in rounds)
        print(f"| {label} | {number(wall)} | {number(cpu)} | {ratio:.{3 if ratio < 10 else 1}f} |", flush=True)


REFERENCE = "plies/s, OpenSpiel chess (C++) from Python"


def number(value: float) -> str:
    if value != value:  # NaN: not measured
        return "-"
    return f"{value:,.{3 if value < 10 else 0}f}"


if __name__ == "__main__":
    main()
