"""Numbers out of range raise the errors the docs promise (ValueError, ActionError,
MemoryError), never OverflowError or a PanicException."""

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import battaglie as b
from battaglie import _core


def test_a_negative_action_is_an_action_error() -> None:
    game = b.Game("washita")
    with pytest.raises(b.ActionError, match="action -5 is outside"):
        game.play_action(-5)
    with pytest.raises(b.ActionError):
        game.move_of(2**70)
    with pytest.raises(b.ActionError):
        _core.Env("washita").step(-1)


@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.perft(-1),
        lambda g: g.position.perft(-1),
        lambda g: g.random_playout(-1),
        lambda g: b.search(g, nodes=10, seed=2**64),
        lambda g: _core.Env("washita", seed=2**64),
        lambda g: _core.Env("washita").reset(seed=-3),
        lambda g: b.VectorEnv("washita", 2, seed=-1),
    ],
)
def test_a_negative_or_huge_count_or_seed_is_a_value_error(call: Callable[[b.Game], object]) -> None:
    with pytest.raises(ValueError, match="must be 0 to 2\\*\\*64 - 1"):
        call(b.Game("washita"))


def _vector(make: Callable[..., object]) -> Any:
    return make("washita", 2)


# Every integer parameter of the package, with a value past its range each way: each
# raises a ValueError (a subclass at most) naming the parameter and its range, never
# the OverflowError of a plain conversion, which `except ValueError` would miss.
OUT_OF_RANGE: list[tuple[str, Callable[[], object]]] = [
    ("num_envs", lambda: b.VectorEnv("washita", -1)),
    ("num_envs", lambda: b.VectorEnv("washita", 0)),
    ("num_envs", lambda: b.FactoredVectorEnv("washita", 2**64)),
    ("threads", lambda: b.VectorEnv("washita", 2, threads=-1)),
    ("threads", lambda: b.FactoredVectorEnv("washita", 2, threads=2**64)),
    ("quiet_limit", lambda: b.VectorEnv("washita", 2, quiet_limit=-1)),
    ("quiet_limit", lambda: b.FactoredVectorEnv("washita", 2, quiet_limit=2**64)),
    ("quiet_limit", lambda: b.Scenario("washita").with_quiet_limit(-1)),
    ("quiet_limit", lambda: b.Scenario("washita").with_quiet_limit(2**64)),
    ("quiet_limit", lambda: b.Scenario("washita").with_quiet_limit(1_000_001)),
    ("quiet_limit", lambda: _core.Env("washita", quiet_limit=-1)),
    ("quiet_limit", lambda: _gym().BattaglieEnv(quiet_limit=-1)),
    ("quiet_limit", lambda: _gym().FactoredBattaglieEnv(quiet_limit=2**64)),
    ("quiet_limit", lambda: _pettingzoo().env(quiet_limit=-1)),
    ("quiet_limit", lambda: _pettingzoo().factored_env(quiet_limit=2**70)),
    ("quiet_limit", lambda: _pyspiel().load_game("battaglie_washita(quiet_limit=-5)")),
    ("i", lambda: _vector(b.VectorEnv).game(-1)),
    ("i", lambda: _vector(b.VectorEnv).legal_actions(-1)),
    ("i", lambda: _vector(b.FactoredVectorEnv).game(2**64)),
    ("i", lambda: _vector(b.FactoredVectorEnv).choices(-1)),
    ("seed", lambda: _vector(b.VectorEnv).reset(seed=-1)),
    ("seed", lambda: _vector(b.FactoredVectorEnv).reset(seed=2**64)),
    ("level", lambda: b.search(b.Game("washita"), level=2**64)),
    ("level", lambda: b.search(b.Game("washita"), level=-1)),
    ("nodes", lambda: b.search(b.Game("washita"), nodes=2**64)),
    ("nodes", lambda: b.search(b.Game("washita"), nodes=-1)),
    ("depth", lambda: b.search(b.Game("washita"), depth=2**64)),
    ("threads", lambda: b.search(b.Game("washita"), depth=1, threads=2**64)),
    ("threads", lambda: b.search(b.Game("washita"), depth=1, threads=0)),
    ("movetime", lambda: b.search(b.Game("washita"), movetime=1e300)),
    ("depth", lambda: b.analyze(b.Game("washita").record(), depth=2**64)),
    ("depth", lambda: b.analyze(b.Game("washita").record(), depth=-1)),
    ("games", lambda: _core.match_jobs("level:1", "level:1", -1)),
    ("openings", lambda: _core.match_jobs("level:1", "level:1", 2, openings=-1)),
    ("seed", lambda: _core.match_jobs("level:1", "level:1", 2, seed=2**64)),
    ("index", lambda: _core.MatchJob(-1, "washita", [], True, 1)),
    ("seed", lambda: _core.MatchJob(0, "washita", [], True, -1)),
    ("plies", lambda: _core.MatchGame(0, "washita", True, "draw", "quiet", -1, None, 0.5, "{}")),
    ("first_elimination", lambda: _core.MatchGame(0, "washita", True, "draw", None, 3, 2**64, 0.5, "{}")),
    ("bits", lambda: getattr(b.Move, "_from_bits")(-1)),  # what unpickling a Move calls
    ("depth", lambda: b.Position("washita").perft(2**64)),
    ("seed", lambda: b.Game("washita").random_playout(-1)),
    ("n_rollouts", lambda: _openspiel().PlayoutEvaluator(n_rollouts=-1)),
    ("seed", lambda: _openspiel().PlayoutEvaluator(seed=2**64)),
    ("seed", lambda: _gym().BattaglieEnv().reset(seed=-1)),
    ("seed", lambda: _gym().FactoredBattaglieEnv().reset(seed=2**64)),
    ("seed", lambda: _pettingzoo().env().reset(seed=-1)),
    ("num_envs", lambda: _gym_vector().BattaglieVectorEnv(-1)),
    ("seed", lambda: _gym_vector().BattaglieVectorEnv(2).reset(seed=-1)),
    ("threads", lambda: _gym_vector().FactoredBattaglieVectorEnv(2, threads=0)),
]


def _gym_vector() -> Any:
    import battaglie.gym_vector

    return battaglie.gym_vector


def _gym() -> Any:
    import battaglie.gym

    return battaglie.gym


def _pettingzoo() -> Any:
    import battaglie.pettingzoo

    return battaglie.pettingzoo


def _openspiel() -> Any:
    import battaglie.openspiel

    return battaglie.openspiel


def _pyspiel() -> Any:
    _openspiel()
    import pyspiel

    return pyspiel


@pytest.mark.parametrize(("name", "call"), OUT_OF_RANGE, ids=[f"{n}-{i}" for i, (n, _) in enumerate(OUT_OF_RANGE)])
def test_an_integer_parameter_out_of_range_is_a_value_error_naming_it_and_its_range(
    name: str, call: Callable[[], object]
) -> None:
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value).startswith(f"{name} must be"), raised.value


def test_a_game_index_past_the_last_env_is_an_index_error_with_the_range() -> None:
    with pytest.raises(IndexError, match="i must be 0 to 1"):
        b.VectorEnv("washita", 2).game(2)


@pytest.mark.parametrize(
    "make",
    [
        'b.VectorEnv("washita", 20000)',  # 20,000 games' masks need 3.8 GB
        'b.FactoredVectorEnv("washita", 500000)',  # 500,000 games' boards need 2.5 GB
    ],
)
def test_a_vector_env_too_large_for_memory_is_a_memory_error(tmp_path: Path, make: str) -> None:
    # In a child process under an address-space limit of 2 GB.
    script = f"""
import resource
resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))
import battaglie as b
try:
    {make}
except MemoryError as e:
    print("MemoryError", e)
"""
    # Run away from python/, whose battaglie/ (no compiled core) would shadow the installed one.
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert out.stdout.startswith("MemoryError"), out.stdout + out.stderr
    assert "fewer envs" in out.stdout


def test_time_ms_is_the_whole_searchs_time() -> None:
    import time

    game = b.Game("washita")
    # One thread, searching on the caller's: the thread's CPU time is the search's
    # work, and a search's wall time is never less than that (whatever else the
    # machine runs), whereas its last iteration alone is a fraction of it.
    started = time.thread_time()
    result = b.search(game, depth=4, threads=1)
    cpu_ms = (time.thread_time() - started) * 1000
    assert result.time_ms >= 0.9 * cpu_ms - 2, (result.time_ms, cpu_ms)
