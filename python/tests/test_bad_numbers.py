"""Numbers out of range raise the errors the docs promise (ValueError, ActionError,
MemoryError), never OverflowError or a PanicException."""

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

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
