"""The OpenSpiel games' ``shaping`` parameter: the envs' shaped reward at every move,
returns that add the rewards up, the result included."""

import random
from typing import Any

import pytest

import battaglie as b

pyspiel = pytest.importorskip("pyspiel")
bo = pytest.importorskip("battaglie.openspiel")


def play(name: str, seed: int) -> tuple[Any, list[list[float]]]:
    """A random game of the named OpenSpiel game: the state and each action's rewards."""
    state = pyspiel.load_game(name).new_initial_state()
    rng = random.Random(seed)
    rewards = []
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        rewards.append(state.rewards())
    return state, rewards


def test_a_material_shaped_game_pays_the_lead_won_and_its_returns_add_the_result() -> None:
    state, rewards = play("battaglie_washita(quiet_limit=1000,shaping=material,shaping_weight=2.0)", 3)
    start, end = state.battaglie.start, state.battaglie.position
    pieces = start.piece_count("army") + start.piece_count("indians")
    lead = [p.piece_count("army") - p.piece_count("indians") for p in (start, end)]
    result = {"army": 1.0, "indians": -1.0, None: 0.0}[state.battaglie.outcome.winner]
    army = result + 2.0 * (lead[1] - lead[0]) / pieces
    assert state.returns() == pytest.approx([army, -army])
    assert [sum(r[0] for r in rewards), sum(r[1] for r in rewards)] == pytest.approx([army, -army])
    assert sum(r[0] != 0 for r in rewards[:-1]) > 0, "no elimination paid during the game"


def test_openspiels_chance_rewards_are_the_pettingzoo_envs_for_the_same_moves() -> None:
    pettingzoo = pytest.importorskip("battaglie.pettingzoo")
    state, rewards = play("battaglie_fetterman(shaping=chance,shaping_weight=0.5)", 4)
    env = pettingzoo.raw_env(battle="fetterman", shaping=("chance", 0.5))
    env.reset()
    for action, reward in zip(state.history(), rewards):
        mover = env.agent_selection
        env.step(action)
        other = "indians" if mover == "army" else "army"
        # The env sums in float32, the OpenSpiel state in float64.
        assert [env.rewards["army"], env.rewards["indians"]] == pytest.approx(reward, abs=1e-6)
        assert env.rewards[mover] == -env.rewards[other]
    assert any(r[0] != 0 for r in rewards)


def test_a_shaped_factored_game_pays_only_the_step_that_plays_the_move() -> None:
    state, rewards = play("battaglie_washita(factored=True,shaping=chance)", 5)
    moves = len(state.battaglie)
    assert len(rewards) > moves, "every move took one step"
    assert sum(r != [0.0, 0.0] for r in rewards) <= moves
    assert state.returns() == pytest.approx([sum(r[0] for r in rewards), sum(r[1] for r in rewards)])


def test_shaped_games_pass_openspiels_random_simulation_test_and_declare_their_bounds() -> None:
    game = pyspiel.load_game("battaglie_apache_pass(shaping=material,shaping_weight=0.5)")
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    assert (game.min_utility(), game.max_utility()) == (-2.0, 2.0)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    plain = bo.load("apache-pass")
    assert plain.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL


def test_an_unknown_shaping_or_a_weight_that_is_no_number_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="none, material or chance, got 'gold'"):
        pyspiel.load_game("battaglie_washita(shaping=gold)")
    with pytest.raises(ValueError, match="finite"):
        pyspiel.load_game("battaglie_washita", {"shaping": "chance", "shaping_weight": float("inf")})


def test_the_shaped_value_is_the_rewards_measure() -> None:
    game = b.Game("washita")
    start = game.position
    army, indians = start.piece_count("army"), start.piece_count("indians")
    assert game.shaped_value("material") == pytest.approx((army - indians) / (army + indians))
    assert game.shaped_value(("chance", 2.0), "indians") == pytest.approx(2.0 * game.shaped_value("chance", "indians"))
    assert game.shaped_value("chance") + game.shaped_value("chance", "indians") == pytest.approx(1.0)


def test_a_shaped_states_clone_and_unpickled_copy_keep_its_returns_and_go_their_own_way() -> None:
    import pickle

    state = pyspiel.load_game("battaglie_washita(shaping=chance)").new_initial_state()
    rng = random.Random(2)
    for _ in range(7):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() != [0.0, 0.0]
    for copy in (state.clone(), pickle.loads(pickle.dumps(state))):
        assert copy.returns() == pytest.approx(state.returns())
        assert copy.rewards() == pytest.approx(state.rewards())
        before = state.returns()
        copy.apply_action(copy.legal_actions()[0])
        assert state.returns() == before and len(copy.history()) == len(state.history()) + 1
