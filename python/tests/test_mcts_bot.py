"""scripts/mcts-bot.py: OpenSpiel's MCTS with a material evaluator, as a protocol engine."""

import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from open_spiel.python.algorithms import mcts

import battaglie as b
from conftest import load_module

REPO = Path(__file__).resolve().parents[2]
BOT = REPO / "scripts" / "mcts-bot.py"
VALUES = (100, 300, 250)  # Foot, Mounted, Vehicle: the engine's piece values
# Washita River: an Army Mounted on k2 against a Cheyenne on foot on l1, Indians to move.
MOUNTED_V_FOOT = "|12/|12/|12/|12/|12/|12/|10M1/|11f I 37 30"
# The same squares, kinds swapped: an Army Foot on l1 against a Cheyenne Mounted on k2.
FOOT_V_MOUNTED = "|12/|12/|12/|12/|12/|12/|10m1/|11F A 37 30"


bot = load_module("mcts_bot", BOT)


def _cli() -> str:
    cli = os.environ.get("BATTAGLIE_BIN") or str(REPO / "target/release/battaglie")
    if not Path(cli).exists():
        if os.environ.get("BATTAGLIE_REQUIRE_CLI"):
            pytest.fail(f"{cli} is missing: cargo build --release")
        pytest.skip(f"{cli} is missing (cargo build --release): the bot needs an inner engine")
    return cli


def _converse(commands: list[str], *args: str) -> list[list[str]]:
    """Runs the bot on `commands` (a `quit` is added): its answers, split at each
    final line (`ok` or `error ...`)."""
    run = subprocess.run(
        [sys.executable, str(BOT), "--program", _cli(), *args],
        input="\n".join([*commands, "quit"]) + "\n", capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    answers: list[list[str]] = []
    current: list[str] = []
    for line in run.stdout.splitlines():
        current.append(line)
        if line == "ok" or line.startswith("error "):
            answers.append(current)
            current = []
    assert current == [] and len(answers) == len(commands) + 1, run.stdout
    return answers


def test_material_counts_each_sides_starting_forces_at_the_engines_piece_values() -> None:
    for scenario in b.Scenario.builtins():
        expected = tuple(int(np.dot(scenario.forces(side), VALUES)) for side in ("army", "indians"))
        assert bot.material(b.Game(scenario)) == expected
    assert bot.material(b.Game("washita")) == (3950, 5200)


def test_the_material_evaluator_favours_the_side_with_more_material() -> None:
    evaluator = bot.MaterialEvaluator(scale=1000)
    assert isinstance(evaluator, mcts.Evaluator)
    _, army_ahead = bot.rebuild("washita", MOUNTED_V_FOOT, [])
    army, indians = evaluator.evaluate(army_ahead)
    assert army == pytest.approx(math.tanh(0.2)) and indians == pytest.approx(-math.tanh(0.2))
    _, indians_ahead = bot.rebuild("washita", FOOT_V_MOUNTED, [])
    army, indians = evaluator.evaluate(indians_ahead)
    assert indians > 0 > army and -1 < army and indians < 1
    priors = evaluator.prior(army_ahead)
    assert sorted(a for a, _ in priors) == sorted(army_ahead.legal_actions())
    assert all(p == pytest.approx(1 / len(priors)) for _, p in priors)


def test_the_material_evaluator_gives_a_finished_game_its_exact_result() -> None:
    _, state = bot.rebuild("washita", MOUNTED_V_FOOT, ["l1:F-k1", "k2:Mxk1"])
    assert state.is_terminal()
    assert list(bot.MaterialEvaluator().evaluate(state)) == [1.0, -1.0]


def test_the_bot_answers_go_with_a_legal_move_through_the_protocol() -> None:
    opening = "@2:FFM-a2 l7:F-l6,M-l8 @6:FFM-a6 l6:F-l5,FFM-l7"
    answers = _converse(
        ["scenario fetterman", f"position startpos moves {opening}", "go movetime 100", "legal"],
        "--simulations", "20", "--seed", "3",
    )
    assert answers[0] == ["ok"] and answers[1] == ["ok"]
    *_, best, final = answers[2]
    assert final == "ok" and best.startswith("bestmove ")
    assert best.removeprefix("bestmove ") in answers[3][:-1]


def test_the_bot_plays_from_a_bfen_and_takes_the_winning_elimination() -> None:
    # The Army to move with its Mounted beside the last Cheyenne: eliminating it wins.
    answers = _converse(
        ["scenario washita", f"position bfen {MOUNTED_V_FOOT} moves l1:F-k1", "go", "status"],
        "--simulations", "20",
    )
    assert answers[2] == ["bestmove k2:Mxk1", "ok"]
    assert answers[3] == ["ongoing", "ok"]


def test_the_bot_refuses_a_scenario_file_and_a_finished_game() -> None:
    answers = _converse(
        ["scenario my-battle.toml", "scenario washita", f"position bfen {MOUNTED_V_FOOT} moves l1:F-k1 k2:Mxk1", "go"],
        "--simulations", "20",
    )
    assert answers[0][0].startswith("error mcts-bot plays only the built-in battles")
    assert answers[3] == ["error the game is over (win army)"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--simulations", "0"], "argument --simulations: must be at least 1, got 0"),
        (["--uct-c", "-2"], "argument --uct-c: must be a finite number above 0"),
        (["--scale", "wide"], "argument --scale: needs a number, got 'wide'"),
        (["--seed", "x"], "argument --seed: needs a whole number, got 'x'"),
    ],
)
def test_bad_arguments_are_refused_with_a_message(args: list[str], message: str) -> None:
    run = subprocess.run([sys.executable, str(BOT), *args], input="", capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and message in run.stderr


def test_a_missing_inner_engine_is_named() -> None:
    run = subprocess.run(
        [sys.executable, str(BOT), "--program", "/nonexistent/battaglie"],
        input="", capture_output=True, text=True, timeout=60,
    )
    assert run.returncode != 0 and "cannot run the battaglie program" in run.stderr
