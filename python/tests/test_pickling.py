"""Everything a researcher sends to a worker (Ray, multiprocessing) or copies pickles
and deep-copies to an equal object, custom scenarios included."""

import copy
import pickle
from pathlib import Path
from typing import TypeVar

import numpy as np
import pytest

import battaglie as b
from battaglie import _core


T = TypeVar("T")


def roundtrips(obj: T) -> list[T]:
    """The object through pickle and through deepcopy."""
    return [pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj)]


@pytest.fixture
def custom(repo: Path) -> b.Scenario:
    text = (repo / "crates/battaglie-rules/tests/conformance/c-small.toml").read_text()
    return b.Scenario.from_toml(text, "c-small.toml")


def test_a_custom_scenario_unpickles_from_its_text(custom: b.Scenario) -> None:
    for back in roundtrips(custom):
        assert back.id == "c-small"
        assert back.start_bfen == custom.start_bfen
        assert back.quiet_limit == custom.quiet_limit


def test_a_game_of_a_custom_scenario_unpickles_with_its_moves(custom: b.Scenario) -> None:
    game = b.Game(custom)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    for back in roundtrips(game):
        assert back.scenario.id == "c-small"
        assert [str(m) for m in back.moves] == [str(m) for m in game.moves]
        assert back.bfen == game.bfen


def test_moves_outcomes_positions_and_search_results_pickle() -> None:
    game = b.Game("washita")
    mv = game.play(game.legal_moves()[5])
    position = game.position
    result = b.search(game, nodes=300)
    game.resign("army")
    for moved in roundtrips(mv):
        assert moved == mv and str(moved) == str(mv)
    for outcome in roundtrips(game.outcome):
        assert outcome == game.outcome
    for placed in roundtrips(position):
        assert placed == position and placed.bfen == position.bfen
    for found in roundtrips(result):
        assert str(found.move) == str(result.move)
        assert (found.score, found.mate, found.depth, found.nodes, found.time_ms) == (
            result.score,
            result.mate,
            result.depth,
            result.nodes,
            result.time_ms,
        )
        assert [str(m) for m in found.pv] == [str(m) for m in result.pv]


def test_an_env_copy_plays_on_exactly_as_the_original() -> None:
    env = _core.Env("fetterman", opponent="random", seed=4)
    for _ in range(5):
        env.step(env.legal_actions()[0])
    for back in roundtrips(env):
        assert back.game().bfen == env.game().bfen
        a, c = copy.deepcopy(env), back
        for _ in range(4):
            action = a.legal_actions()[-1]
            assert a.step(action) == c.step(action)
            assert a.game().bfen == c.game().bfen


def test_the_gymnasium_env_pickles_and_deep_copies_mid_game() -> None:
    from battaglie.gym import BattaglieEnv

    env = BattaglieEnv("washita")
    obs, _ = env.reset(seed=3)
    obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    for back in roundtrips(env):
        assert np.array_equal(back._obs()["observation"], obs["observation"])
        assert back.core.plies == env.core.plies


def test_the_pettingzoo_env_pickles_and_deep_copies_mid_game() -> None:
    from battaglie.pettingzoo import raw_env

    env = raw_env("apache-pass")
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.observe("army")["action_mask"])[0]))
    for back in roundtrips(env):
        assert back.agent_selection == "indians"
        assert np.array_equal(back.observe("indians")["action_mask"], env.observe("indians")["action_mask"])


def test_openspiel_games_and_states_pickle_as_openspiels_own_test_does() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import battaglie.openspiel  # noqa: F401  (registers the games)

    for name in ["battaglie_washita", "battaglie_apache_pass"]:
        game = pyspiel.load_game(name)
        back = pickle.loads(pickle.dumps(game))
        assert str(back) == str(game)
        state = game.new_initial_state()
        for _ in range(3):
            state.apply_action(state.legal_actions()[0])
        assert str(pickle.loads(pickle.dumps(state))) == str(state)
        new_game, new_state = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state)
        )
        assert str(new_game) == str(game) and str(new_state) == str(state)


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
@pytest.mark.parametrize("make", [b.VectorEnv, b.FactoredVectorEnv])
def test_a_vector_env_pickled_mid_episode_steps_on_identically(make: type, how: str) -> None:
    env = make("washita", 3, opponent="random", seed=7, threads=1, quiet_limit=40, shaping="material", view="mover")
    env.reset(seed=7)
    for _ in range(25):  # mid-game in every env, and (factored) mid-move in some
        env.step(env.sample_actions())
    copied = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
    assert copied.num_envs == 3
    # Driven with the same actions; the copy's own sampler draws what the original's does.
    for _ in range(60):
        actions = env.sample_actions()
        assert np.array_equal(copied.sample_actions(), actions)
        for ours, theirs in zip(env.step(actions), copied.step(actions)):
            if isinstance(ours, dict):
                assert all(np.array_equal(ours[k], theirs[k]) for k in ours)
            else:
                assert np.array_equal(ours, theirs)
    for i in range(3):
        assert [str(m) for m in copied.game(i).moves] == [str(m) for m in env.game(i).moves]
    if make is b.FactoredVectorEnv:
        assert [copied.choices(i) for i in range(3)] == [env.choices(i) for i in range(3)]
