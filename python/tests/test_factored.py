"""The factored actions: a move chosen as its source square, then each piece's
direction or "stay", with a mask per step; the Gymnasium and PettingZoo envs on them."""

import copy
import pickle
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import battaglie as b
from battaglie import _core

BATTLES = ["washita", "fetterman", "apache-pass"]


def positions(battle: str, plies: int, seed: int) -> Iterator[b.Game]:
    """The game after each of `plies` random moves (fewer when it ends first)."""
    game = b.Game(battle)
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        if game.is_over:
            return
        yield game
        game.play_action(int(rng.choice(game.legal_action_indices())))


def test_the_steps_are_the_squares_and_the_pass_then_five_directions_per_piece_a_stack_holds() -> None:
    for battle in BATTLES:
        s = b.Scenario(battle)
        squares = s.height * (s.width + 1)
        assert s.factored_sizes == [squares + 1] + [5] * s.stack_limit
    assert b.Scenario("washita").factored_sizes == [105, 5, 5, 5, 5]


@pytest.mark.parametrize("battle", BATTLES)
def test_every_legal_move_is_one_factored_row_and_back(battle: str) -> None:
    for game in positions(battle, 60, seed=1):
        actions = game.legal_action_indices()
        rows = game.factored_actions()
        assert rows.shape == (len(actions), 5) and rows.dtype == np.int64
        assert len({tuple(r) for r in rows}) == len(rows), "two moves share a row"
        for action, row in zip(actions, rows):
            assert game.factored_action(row) == action
            assert game.factored_row(int(action)) == list(row)


@pytest.mark.parametrize("battle", BATTLES)
def test_each_steps_mask_holds_the_choices_some_legal_move_goes_on_with(battle: str) -> None:
    for game in positions(battle, 40, seed=2):
        rows = [tuple(int(x) for x in r) for r in game.factored_actions()]
        prefix: list[int] = []
        while True:
            mask = game.factored_mask(prefix)
            going_on = {r[len(prefix)] for r in rows if r[: len(prefix)] == tuple(prefix)}
            assert set(np.flatnonzero(mask)) == going_on
            assert list(game.factored_choices(prefix)) == sorted(going_on)
            action = game.factored_action(prefix)
            if action is not None:
                assert game.factored_row(action)[: len(prefix)] == prefix
                break
            prefix.append(max(going_on))


def test_pieces_in_staging_may_only_step_east() -> None:
    game = b.Game("washita")
    width = game.scenario.width + 1  # squares per rank, the staging square first
    staged = [int(s) for s in game.factored_choices() if s % width == 0]
    assert staged, "the Army starts in staging"
    for square in staged:
        stay, north, east, south, west = game.factored_mask([square])
        assert (north, east, south, west) == (0, 1, 0, 0), square


def test_a_factored_prefix_out_of_range_or_leading_nowhere_is_an_action_error() -> None:
    game = b.Game("washita")
    for bad in ([105], [-1], [2**70], [0, 5], [0, 0, 0, 0, 0, 0]):
        with pytest.raises(b.ActionError):
            game.factored_mask(bad)
    empty = next(s for s in range(104) if game.factored_mask()[s] == 0)
    with pytest.raises(b.ActionError, match="no legal move begins"):
        game.factored_action([empty])
    with pytest.raises(TypeError, match="sequence of integers"):
        game.factored_mask("a1")  # type: ignore[arg-type]  # the wrong type is the test
    with pytest.raises(b.ActionError, match="not legal"):
        game.factored_row(0)


def test_the_core_envs_factored_rows_are_its_games() -> None:
    env = _core.Env("fetterman", seed=4, opponent="random")
    rng = np.random.default_rng(4)
    for _ in range(20):
        game = env.game()
        assert np.array_equal(env.factored_actions(), game.factored_actions())
        assert np.array_equal(env.factored_mask(), game.factored_mask())
        _, terminated, _ = env.step(int(rng.choice(env.legal_action_indices())))
        if terminated:
            env.reset()


@pytest.mark.parametrize("battle", BATTLES)
def test_gymnasium_check_env_passes_on_the_factored_env(battle: str) -> None:
    from gymnasium.utils.env_checker import check_env

    from battaglie.gym import FactoredBattaglieEnv

    check_env(FactoredBattaglieEnv(battle), skip_render_check=True)


def play_factored(env: Any, seed: int, limit: int) -> tuple[int, int, float, dict[str, Any]]:
    """Plays masked random choices: (steps, moves, total reward, last info)."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = moves = 0
    total = 0.0
    while steps < limit:
        assert env.action_space.contains(int(np.flatnonzero(obs["action_mask"])[0]))
        assert np.array_equal(env.legal_actions(), np.flatnonzero(obs["action_mask"]))
        plies = env.core.plies
        obs, reward, terminated, truncated, info = env.step(rng.choice(env.legal_actions()))
        moves += env.core.plies != plies
        total += reward
        steps += 1
        if terminated or truncated:
            break
    return steps, moves, total, info


def test_a_factored_episode_plays_whole_moves_and_ends_with_the_result() -> None:
    from battaglie.gym import FactoredBattaglieEnv

    env = FactoredBattaglieEnv("apache-pass")
    steps, moves, total, info = play_factored(env, seed=5, limit=5000)
    assert "outcome" in info and total in (-1.0, 0.0, 1.0)
    # Some moves took more than one step (a square, then directions).
    assert moves > 10 and steps > moves


def test_the_factored_env_registered_with_gymnasium_and_its_illegal_choice_forfeits() -> None:
    import gymnasium

    import battaglie.gym  # noqa: F401  (registers the envs)

    env = gymnasium.make("battaglie/WashitaFactored-v0")
    obs, _ = env.reset(seed=0)
    assert env.action_space == gymnasium.spaces.Discrete(105) and obs["action_mask"].shape == (105,)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info.get("forfeit")) == (-1.0, True, True)
    strict = gymnasium.make("battaglie/WashitaFactored-v0", illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(b.ActionError):
        strict.step(illegal)


def test_the_factored_env_shows_the_choices_made_so_far() -> None:
    from battaglie.gym import FactoredBattaglieEnv

    env = FactoredBattaglieEnv("washita")
    obs, _ = env.reset(seed=1)
    assert obs["source"].sum() == 0 and obs["directions"].sum() == 0
    # A square with several moves: the move waits for its directions.
    for square in np.flatnonzero(obs["action_mask"]):
        if env.core.factored_action([int(square)]) is None:
            break
    obs, reward, terminated, _, _ = env.step(square)
    assert (reward, terminated) == (0.0, False)
    assert obs["source"].flat[square] == 1.0 and obs["source"].sum() == 1.0
    assert obs["action_mask"][5:].sum() == 0 and obs["action_mask"][:5].sum() >= 1
    direction = int(np.flatnonzero(obs["action_mask"])[-1])
    obs, *_ = env.step(direction)
    if env.core.plies == 0:
        assert obs["directions"][0, direction] == 1.0


def test_the_factored_env_pickles_and_deep_copies_mid_move() -> None:
    from battaglie.gym import FactoredBattaglieEnv

    env = FactoredBattaglieEnv("washita")
    obs, _ = env.reset(seed=1)
    square = next(s for s in np.flatnonzero(obs["action_mask"]) if env.core.factored_action([int(s)]) is None)
    env.step(square)
    expected = play_factored_from(copy.deepcopy(env), 7)
    for twin in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert play_factored_from(twin, 7) == expected


def play_factored_from(env: Any, seed: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    seen = []
    for _ in range(30):
        choice = int(rng.choice(env.legal_actions()))
        obs, reward, terminated, _, _ = env.step(choice)
        seen.append((choice, reward, terminated, obs["source"].tobytes()))
        if terminated:
            break
    return seen


def test_pettingzoo_api_and_seed_tests_pass_on_the_factored_env() -> None:
    from pettingzoo.test import api_test, seed_test

    from battaglie.pettingzoo import factored_env

    api_test(factored_env(battle="washita"), num_cycles=200)
    seed_test(lambda: factored_env(battle="fetterman"), num_cycles=50)


def test_the_factored_pettingzoo_agent_keeps_the_turn_until_its_move_is_played() -> None:
    from battaglie.pettingzoo import factored_raw_env

    env = factored_raw_env("washita")
    env.reset(seed=0)
    obs = env.observe("army")
    square = next(s for s in np.flatnonzero(obs["action_mask"]) if env._core.factored_action([int(s)]) is None)
    env.step(int(square))
    assert env.agent_selection == "army" and env._core.plies == 0
    assert len(env.legal_actions("indians")) == 0
    while env.agent_selection == "army":
        env.step(int(env.legal_actions("army")[0]))
    assert env._core.plies == 1 and env.agent_selection == "indians"


def test_the_factored_envs_say_the_choices_made_towards_the_move() -> None:
    from battaglie.gym import FactoredBattaglieEnv
    from battaglie.pettingzoo import factored_env

    env = FactoredBattaglieEnv("washita")
    env.reset(seed=1)
    # A square with more than one move: choosing it leaves the move unplayed.
    square = next(int(s) for s in env.legal_actions() if env.core.factored_action([int(s)]) is None)
    env.step(square)
    assert env.choices() == [square]
    assert np.array_equal(env.legal_actions(), env.core.factored_choices(env.choices()))
    two = factored_env()
    two.reset(seed=1)
    two.step(square)
    assert two.choices() == [square]
