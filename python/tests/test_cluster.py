"""Matches on Ray: the games, records and report of `battaglie match` for the same seeds."""

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import battaglie as b
from battaglie import _core

# Node budgets: a level's time cap would make the moves depend on the machine's load.
A, B = "level:4,nodes:400", "level:2,nodes:200"
ARGS = ["--a", A, "--b", B, "--games", "4", "--openings", "3", "--seed", "9", "--battle", "apache-pass"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# Loopback only, and a token of the tests' own for Ray's authentication.
RAY_ENV = {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    "RAY_AUTH_MODE": "token",
    "RAY_AUTH_TOKEN": secrets.token_hex(16),
}


@pytest.fixture(scope="module")
def ray_head(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Ray head on loopback, started for these tests and stopped after them."""
    ray = shutil.which("ray", path=os.path.dirname(sys.executable)) or shutil.which("ray")
    assert ray, "the ray command is missing: pip install ray"
    port = _free_port()
    temp = tmp_path_factory.mktemp("ray")
    env = dict(os.environ, **RAY_ENV)
    head = subprocess.Popen(
        [ray, "start", "--head", "--block", "--node-ip-address=127.0.0.1", f"--port={port}",
         "--num-cpus=2", "--include-dashboard=false", f"--temp-dir={temp}", "--disable-usage-stats"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, env=env,
    )
    address = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert head.poll() is None, "ray start --head exited"
            assert time.monotonic() < deadline, "the Ray head did not come up within 120 s"
            time.sleep(0.5)
    yield address
    head.terminate()
    try:
        head.wait(timeout=60)
    except subprocess.TimeoutExpired:
        head.kill()
        head.wait()


def _cluster_match(address: str, out: Path) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "battaglie.cluster", "match", *ARGS, "--out", str(out), "--address", address],
        capture_output=True, text=True, timeout=600, env=dict(os.environ, **RAY_ENV),
        # Not from the source tree, whose battaglie/ has no compiled core: the installed package.
        cwd=out.parent,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout


def test_match_jobs_seed_and_swap_sides_as_battaglie_match() -> None:
    jobs = _core.match_jobs(A, B, 4, "all", 2, 9)
    assert [j.a_is_army for j in jobs] == [True, False, True, False]
    assert [j.battle for j in jobs] == ["apache-pass", "apache-pass", "fetterman", "fetterman"]
    assert jobs[0].opening == jobs[1].opening and len(jobs[0].opening) == 2
    assert len({j.seed for j in jobs}) == 4
    with pytest.raises(b.SpecError, match="external engines"):
        _core.match_jobs("engine:prog", B, 2)


def test_a_cluster_match_plays_the_games_of_battaglie_match(ray_head: str, tmp_path: Path, repo: Path) -> None:
    out = tmp_path / "cluster.jsonl"
    report = _cluster_match(ray_head, out)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 4
    assert report.startswith(f"match: A = {A}, B = {B}, 4 games\n")
    assert "games/s:" in report
    cli = os.environ.get("BATTAGLIE_BIN") or str(repo / "target/release/battaglie")
    if not Path(cli).exists():
        if os.environ.get("BATTAGLIE_REQUIRE_CLI"):
            pytest.fail(f"{cli} is missing: cargo build --release")
        pytest.skip(f"{cli} is missing (cargo build --release): the games were not compared")
    theirs = tmp_path / "cli.jsonl"
    run = subprocess.run([cli, "match", *ARGS, "--out", str(theirs)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert out.read_text() == theirs.read_text()
    # The same table, line for line, up to the records' path and the timing.
    def table(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith(("records:", "games/s:"))]

    assert table(report) == table(run.stdout)
