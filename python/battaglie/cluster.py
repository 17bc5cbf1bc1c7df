"""Matches on a Ray cluster: ``python -m battaglie.cluster match --a level:8 --b level:6
--games N [--battle all] [--openings PLIES] [--seed S] [--out FILE] [--address ray://...]
[--workers K]``.

Every game is a Ray task. Games are numbered, seeded and given openings exactly as
``battaglie match`` does, so the same arguments give the same games (the records
differ only in their date when run on another day); the JSON-lines records are written
in game order as they finish, and the summary table is ``battaglie match``'s. Without
``--address`` a local Ray instance is started (``--workers`` CPUs, default all).
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from . import _core

# Ray replaces a loopback address by the machine's network address unless told it runs
# on one machine only: a local instance, and a head started on 127.0.0.1, keep to loopback.
_LOOPBACK_ONLY = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"

__all__ = ["main", "play_match"]


_JOB_FIELDS = ("index", "battle", "opening", "a_is_army", "seed")


def _play(job: dict[str, Any], a: str, b: str, date: str) -> dict[str, Any]:
    """One game, as a Ray task (the engine releases the GIL while it thinks)."""
    game = _core.play_match_game(_core.MatchJob(**job), a, b, date)
    return {name: getattr(game, name) for name in _RESULT_FIELDS}


_RESULT_FIELDS = (
    "index",
    "battle",
    "a_is_army",
    "result",
    "draw_reason",
    "plies",
    "first_elimination",
    "a_points",
    "record",
    "settled",
)


def play_match(
    a: str,
    b: str,
    games: int,
    battle: str = "all",
    openings: int = 0,
    seed: int = 1,
    out: TextIO | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[dict[str, Any]], str]:
    """Plays the match as Ray tasks on the connected cluster; writes each record (a JSON
    line) to ``out`` in game order; returns the games and the report."""
    import ray

    play = ray.remote(num_cpus=1)(_play)
    jobs = _core.match_jobs(a, b, games, battle, openings, seed)
    date = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    pending = {
        play.remote({f: getattr(job, f) for f in _JOB_FIELDS}, a, b, date): job.index for job in jobs
    }
    done: dict[int, dict[str, Any]] = {}
    next_index = 0
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            result = ray.get(ref)
            del pending[ref]
            done[result["index"]] = result
            if progress:
                progress(len(done), len(jobs))
        while next_index in done and out is not None:
            out.write(done[next_index]["record"] + "\n")
            out.flush()
            next_index += 1
    results = [done[i] for i in range(len(jobs))]
    report = _core.match_report(a, b, [_core_result(r) for r in results])
    return results, report


def _core_result(fields: dict[str, Any]) -> _core.MatchGame:
    return _core.MatchGame(**fields)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m battaglie.cluster", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("match", help="play a match between two built-in players as Ray tasks")
    m.add_argument("--a", default="level:8", help="player A (default level:8), as battaglie match writes it")
    m.add_argument("--b", required=True, help="player B, e.g. level:6 or nodes:2000,seed:3")
    m.add_argument("--games", type=int, default=2, help="number of games (pairs swap sides)")
    m.add_argument("--battle", default="all", help="washita, fetterman, apache-pass or all")
    m.add_argument("--openings", type=int, default=0, help="seeded random plies before each pair")
    m.add_argument("--seed", type=int, default=1, help="seed of openings and players")
    m.add_argument("--out", help="JSON-lines records [default: match-<timestamp>.jsonl]")
    m.add_argument("--address", help="a Ray cluster (ray://host:10001 or auto); a local one when absent")
    m.add_argument("--workers", type=int, help="CPUs of the local Ray instance (default: all)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.openings < 0:
        parser.error("--openings must be 0 or more")
    try:
        _core.match_jobs(args.a, args.b, 1, args.battle, 0, args.seed)
    except _core.BattaglieError as e:
        parser.error(str(e))
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    out_path = args.out or f"match-{stamp}.jsonl"
    host = (args.address or "127.0.0.1").removeprefix("ray://").rsplit(":", 1)[0]
    if host in ("127.0.0.1", "localhost", "::1", "[::1]"):
        os.environ.setdefault(_LOOPBACK_ONLY, "0")
    import ray

    if args.address:
        ray.init(address=args.address, log_to_driver=False)
    else:
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
    started = time.monotonic()

    def progress(n: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\rmatch {n}/{total} games, {time.monotonic() - started:.0f} s", end="", file=sys.stderr)

    try:
        with open(out_path, "w", encoding="utf-8") as out:
            results, report = play_match(
                args.a, args.b, args.games, args.battle, args.openings, args.seed, out, progress
            )
    finally:
        ray.shutdown()
    if sys.stderr.isatty():
        print(file=sys.stderr)
    elapsed = time.monotonic() - started
    sys.stdout.write(report)
    sys.stdout.write(f"records: {out_path}\n")
    sys.stdout.write(f"games/s: {len(results) / elapsed:.3f} ({elapsed:.1f} s)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
