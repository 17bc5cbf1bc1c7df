"""The core API: scenarios, positions, games, records, errors, search, analysis."""

import json
import threading
import time
from pathlib import Path

import pytest

import battaglie as b


def test_the_three_battles_are_built_in_with_their_12x8_maps() -> None:
    ids = [s.id for s in b.Scenario.builtins()]
    assert sorted(ids) == ["apache-pass", "fetterman", "washita"]
    s = b.Scenario("washita")
    assert (s.width, s.height, s.stack_limit, s.quiet_limit) == (12, 8, 4, 100)
    assert s.name == "Washita River"
    assert s.num_actions == 104 * 1820 + 1
    assert s.terrain("e5") == "house"
    assert s.terrain("@3") is None


def test_perft_matches_the_reference_counts(repo: Path) -> None:
    rows = [
        line.split(" ; ")
        for line in (repo / "crates/battaglie-rules/tests/perft/battles.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    checked = 0
    for scenario, bfen, depth, count in rows:
        if int(count) > 200_000:
            continue
        pos = b.Position(scenario, bfen)
        assert pos.perft(int(depth)) == int(count), (scenario, bfen, depth)
        assert pos.perft(int(depth), played=True) == int(count)
        checked += 1
    assert checked >= 6


def test_play_and_undo_restore_the_position_and_the_move_list() -> None:
    g = b.Game("washita")
    start = g.bfen
    first = g.legal_moves()[0]
    assert g.play(first) == first
    assert g.play("l7:ff-k7") == g.moves[-1]
    assert str(g.moves[-1]) == "l7:FF-k7"
    assert len(g) == 2 and g.side_to_move == "army"
    assert g.undo() is not None and g.undo() == first
    assert g.undo() is None
    assert g.bfen == start


def test_a_copied_game_goes_its_own_way() -> None:
    g = b.Game("fetterman")
    h = g.copy()
    h.play(h.legal_moves()[0])
    assert len(g) == 0 and len(h) == 1
    import copy

    assert copy.deepcopy(h).bfen == h.bfen


def test_bfen_round_trips_and_bad_bfen_names_the_fault() -> None:
    g = b.Game("apache-pass")
    g.play(g.legal_moves()[3])
    p = b.Position("apache-pass", g.bfen)
    assert p == g.position and p.bfen == g.bfen
    with pytest.raises(b.SetupError, match="1 ranks given, the map has 8"):
        b.Position("washita", "MMM|11(fmm) A 0 1")
    with pytest.raises(b.BfenParseError):
        b.Position("washita", "not a bfen")
    assert issubclass(b.SetupError, b.BfenError) and issubclass(b.BfenParseError, b.BfenError)


def test_errors_have_one_class_per_kind() -> None:
    g = b.Game("washita")
    with pytest.raises(b.MoveParseError, match="no `:`"):
        g.play("c3")
    with pytest.raises(b.IllegalMoveError, match="empty") as illegal:
        g.play("e5:F-e6")
    assert illegal.value.rule == "empty_source"
    with pytest.raises(b.ScenarioError, match="the battles are"):
        b.Scenario("waterloo")
    with pytest.raises(b.ScenarioError, match="<string>: line 1"):
        b.Scenario.from_toml("id = 3")
    with pytest.raises(b.SideError):
        g.resign("cavalry")
    with pytest.raises(b.RecordError):
        b.Game.from_record('{"scenario": "washita", "moves": ["e5:F-e6"]}')
    g.resign("army")
    with pytest.raises(b.GameOverError):
        g.play(b.Game("washita").legal_moves()[0])
    for cls in (b.MoveParseError, b.IllegalMoveError, b.GameOverError, b.RecordError, b.BfenError):
        assert issubclass(cls, b.BattaglieError) and issubclass(cls, ValueError)


def test_bad_python_arguments_say_what_was_expected() -> None:
    with pytest.raises(TypeError, match="expected a Scenario or a built-in id"):
        b.Game(42)  # type: ignore[arg-type]  # the wrong type is the test
    with pytest.raises(TypeError, match="expected a Move or its notation"):
        b.Game("washita").play(3.5)  # type: ignore[arg-type]  # the wrong type is the test
    with pytest.raises(ValueError, match="level must be 1 to 8"):
        b.search(b.Game("washita"), level=9)
    with pytest.raises(ValueError, match="movetime"):
        b.search(b.Game("washita"), movetime=-1)
    with pytest.raises(b.ActionError, match="outside the action space"):
        b.Game("washita").move_of(10**9)


def test_outcomes_carry_their_reason() -> None:
    g = b.Game("washita")
    g.agree_draw()
    assert g.outcome is not None
    assert (g.outcome.result, g.outcome.reason, g.outcome.winner) == ("draw", "agreement", None)
    g = b.Game("washita")
    g.resign("indians")
    assert g.outcome is not None
    assert (g.outcome.result, g.outcome.reason, g.outcome.points("army")) == ("army", "resignation", 1.0)
    outcome, plies = b.Game("washita").random_playout(seed=4)
    assert plies > 0 and outcome.reason in {"elimination", "deadlock", "repetition", "quiet"}


def test_records_in_both_forms_replay_to_the_same_game() -> None:
    g = b.Game("fetterman")
    for _ in range(7):
        g.play(g.legal_moves()[-1])
    text = g.record("text", army="me", indians="you", date="2026-12-01")
    data = g.record("json", army="me", indians="you")
    assert text.startswith('[Scenario "fetterman"]') and "1. " in text
    assert json.loads(data)["army"] == "me"
    for form in (text, data):
        replayed = b.Game.from_record(form)
        assert [str(m) for m in replayed.moves] == [str(m) for m in g.moves]
        assert replayed.bfen == g.bfen
    with pytest.raises(b.BattaglieError, match="form"):
        g.record("pgn")


def test_games_pickle_through_their_record() -> None:
    import pickle

    g = b.Game("washita")
    g.play(g.legal_moves()[1])
    assert pickle.loads(pickle.dumps(g)).bfen == g.bfen


def test_actions_name_each_legal_move_once_and_back() -> None:
    for battle in b.BATTLES:
        g = b.Game(battle)
        for _ in range(12):
            actions = g.legal_actions()
            assert actions == sorted(set(actions))
            assert len(actions) == len(g.legal_moves())
            for mv in g.legal_moves():
                assert g.move_of(g.action_of(mv)) == mv
            g.play_action(actions[len(actions) // 2])


def documented_action(scenario: b.Scenario, mv: b.Move) -> int:
    """The action number of docs/python.md, computed from the move's notation."""
    from math import comb

    limit, columns = scenario.stack_limit, scenario.width + 1
    per_square = comb(12 + limit, 12)
    if mv.is_pass:
        return int(scenario.height * columns * per_square)

    def place(sq: str) -> tuple[int, int]:  # (rank, column), column 0 the staging square
        return int(sq[1:]) - 1, 0 if sq[0] == "@" else ord(sq[0]) - ord("a") + 1

    assert mv.source is not None
    rank, col = place(mv.source)
    counts = [0] * 12  # F, M, V x N, E, S, W
    for to, pieces, _ in mv.groups:
        r, c = place(to)
        direction = {(1, 0): 0, (0, 1): 1, (-1, 0): 2, (0, -1): 3}[(r - rank, c - col)]
        for letter in pieces.upper():
            counts["FMV".index(letter) * 4 + direction] += 1
    # Lexicographic rank among the 12-tuples with sum <= limit: those before, slot by slot.
    index, left = 0, limit
    for i, c in enumerate(counts):
        rest = 12 - i - 1
        index += sum(comb(rest + left - v, rest) for v in range(c))
        left -= c
    return int((rank * columns + col) * per_square + index)


def test_action_numbers_are_the_documented_square_and_lexicographic_rank() -> None:
    import random

    rng = random.Random(3)
    for battle in b.BATTLES:
        g = b.Game(battle)
        for _ in range(40):
            moves = g.legal_moves()
            if not moves:
                break
            for mv in moves:
                assert g.action_of(mv) == documented_action(g.scenario, mv), mv
            g.play(rng.choice(moves))


def test_search_returns_a_legal_move_with_its_line() -> None:
    g = b.Game("washita")
    r = b.search(g, nodes=3000)
    assert r.move in g.legal_moves()
    assert r.pv[0] == r.move and r.depth >= 1 and r.nodes > 0
    assert b.search(g, depth=2).depth == 2
    # A level with a seed and a node budget is reproducible.
    assert b.search(g, level=3, seed=7, nodes=800).move == b.search(g, level=3, seed=7, nodes=800).move
    over = b.Game("washita")
    over.resign("army")
    with pytest.raises(b.GameOverError):
        b.search(over, level=1)


def test_analyze_judges_every_move_of_a_record() -> None:
    g = b.Game("washita")
    for _ in range(4):
        g.play(b.search(g, depth=1).move)
    lines = b.analyze(g.record("text"), depth=1)
    assert [line["ply"] for line in lines] == [1, 2, 3, 4]
    assert {line["side"] for line in lines} == {"army", "indians"}
    assert all(line["mark"] in ("", "?!", "?", "??") for line in lines)
    # The engine's line starts with its preferred move; the win chances are expected results.
    assert all(line["line"][0] == line["best"] for line in lines)
    assert all(0.0 <= line["win_chance_before"] <= 1.0 for line in lines)


def test_long_calls_let_other_python_threads_run() -> None:
    ticks = []
    stop = threading.Event()

    def count() -> None:
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    before = len(ticks)
    b.Position("washita").perft(4, played=True)  # seconds of playing 16.7 million moves
    during = len(ticks) - before
    stop.set()
    t.join()
    assert during > 5, "the counting thread was blocked: perft held the GIL"


def test_the_type_stubs_cover_every_public_name_of_the_core() -> None:
    import ast
    from pathlib import Path

    stub = ast.parse((Path(b.__file__).parent / "_core.pyi").read_text())
    stubbed = {node.name for node in stub.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))} | {
        node.target.id for node in stub.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    public = {name for name in dir(b._core) if not name.startswith("_")}
    assert public - stubbed == set()
    assert stubbed - public == set()


def test_every_public_class_method_and_attribute_of_the_core_has_a_docstring() -> None:
    import inspect

    missing = []
    for name, cls in inspect.getmembers(b._core, inspect.isclass):
        if name.startswith("_") or issubclass(cls, BaseException):
            continue
        for attr, value in vars(cls).items():
            if not attr.startswith("_") and not (getattr(value, "__doc__", None) or "").strip():
                missing.append(f"{name}.{attr}")
    assert missing == []


def test_a_scenarios_forces_are_a_tuple_of_foot_mounted_and_vehicles_as_the_stub_says() -> None:
    import ast
    from pathlib import Path

    stub = (Path(b.__file__).parent / "_core.pyi").read_text()
    forces = next(
        node for node in ast.walk(ast.parse(stub)) if isinstance(node, ast.FunctionDef) and node.name == "forces"
    )
    assert forces.returns is not None and ast.unparse(forces.returns) == "tuple[int, int, int]"
    for battle in b.BATTLES:
        army = b.Scenario(battle).forces("army")
        assert type(army) is tuple and len(army) == 3 and all(type(n) is int for n in army)
