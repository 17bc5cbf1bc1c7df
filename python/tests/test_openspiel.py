"""The battles as OpenSpiel games: OpenSpiel's own tests and algorithms on them."""

from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import battaglie as b
import battaglie.openspiel as bo


def test_each_battle_is_registered_with_pyspiel() -> None:
    names = {g.short_name for g in pyspiel.registered_games()}
    assert {"battaglie_washita", "battaglie_fetterman", "battaglie_apache_pass"} <= names
    game = pyspiel.load_game("battaglie_apache_pass")
    assert game.num_distinct_actions() == 104 * 1820 + 1
    assert game.observation_tensor_shape() == [b.OBSERVATION_PLANES, 8, 13]
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


@pytest.mark.parametrize("battle", ["washita", "fetterman", "apache-pass"])
def test_openspiel_random_simulation_test_passes_with_serialisation(battle: str) -> None:
    pyspiel.random_sim_test(bo.load(battle), num_sims=2, serialize=True, verbose=False)


def test_states_observe_clone_serialise_and_score() -> None:
    game = bo.load("washita")
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    assert len(state.observation_tensor(0)) == b.OBSERVATION_PLANES * 8 * 13
    assert state.observation_string(0) == state.battaglie.bfen
    assert state.information_state_string(0) != state.information_state_string(0) + "x"
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) == 5 and len(clone.history()) == 6
    _, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, clone))
    assert restored.history() == clone.history() and str(restored) == str(clone)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    assert sum(state.returns()) == 0


def test_openspiels_mcts_bot_plays_a_whole_battle_against_level_8() -> None:
    game = bo.load("washita")
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=4,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        random_state=np.random.RandomState(1),
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            found = b.search(state.battaglie, level=8, nodes=1500)
            action = state.battaglie.action_of(found.move)
        state.apply_action(action)
    outcome = state.battaglie.outcome
    assert outcome is not None
    assert state.returns() == ([0.0, 0.0] if outcome.winner is None else [1.0, -1.0] if outcome.winner == "army" else [-1.0, 1.0])


def test_mcts_with_rollouts_in_rust_picks_legal_moves() -> None:
    game = bo.load("fetterman")
    bot = mcts.MCTSBot(game, 2.0, 20, bo.PlayoutEvaluator(n_rollouts=1, seed=3))
    state = game.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_legal_actions_mask_and_observation_come_from_rust_as_numpy_and_agree_with_openspiel() -> None:
    game = pyspiel.load_game("battaglie_fetterman")
    state = game.new_initial_state()
    observer = game.make_py_observer()
    for ply in range(12):
        player = state.current_player()
        mask = state.legal_actions_mask(player)
        assert isinstance(mask, np.ndarray) and mask.dtype == np.int8
        # The same as OpenSpiel's own mask, built in C++ from the legal actions.
        assert list(mask) == pyspiel.State.legal_actions_mask(state, player)
        assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        assert state.legal_actions(1 - player) == []
        assert not state.legal_actions_mask(1 - player).any()
        tensor = state.observation_tensor(player)
        assert isinstance(tensor, np.ndarray) and tensor.dtype == np.float32
        observer.set_from(state, player)
        assert np.array_equal(tensor, observer.tensor)
        state.apply_action(state.legal_actions()[ply % len(state.legal_actions())])


def test_an_action_played_after_listing_is_the_move_the_list_named() -> None:
    game = b.Game("washita")
    for i in range(30):
        actions = game.legal_actions()
        action = actions[(7 * i) % len(actions)]
        expected = str(game.move_of(action))
        assert str(game.play_action(action)) == expected
        # The list is the new position's: the old actions are mostly not legal now.
        assert game.legal_actions() == sorted(game.action_of(m) for m in game.legal_moves())
    game.undo()
    assert game.legal_actions() == sorted(game.action_of(m) for m in game.legal_moves())


def test_the_factored_game_passes_openspiels_random_simulation_test_and_pickles() -> None:
    import pickle

    game = pyspiel.load_game("battaglie_fetterman(factored=True)")
    assert game.num_distinct_actions() == 105
    assert game.observation_tensor_shape() == [b.OBSERVATION_PLANES * 8 * 13 + 8 * 13 + 4 * 5]
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    assert isinstance(pickle.loads(pickle.dumps(game)).new_initial_state(), bo.FactoredState)


def test_in_the_factored_game_the_mover_keeps_the_turn_until_its_move_is_played() -> None:
    state = pyspiel.load_game("battaglie_washita(factored=True)").new_initial_state()
    square = next(s for s in state.legal_actions() if state.battaglie.factored_action([s]) is None)
    state.apply_action(square)
    assert state.current_player() == 0 and len(state.battaglie) == 0
    assert max(state.legal_actions()) < 5 and state.legal_actions_mask()[5:].sum() == 0
    tensor = np.asarray(state.observation_tensor())
    assert tensor[b.OBSERVATION_PLANES * 8 * 13 + square] == 1.0
    while len(state.battaglie) == 0:
        state.apply_action(state.legal_actions()[-1])
    assert state.current_player() == 1 and len(state.history()) >= 2
    with pytest.raises(b.ActionError):
        state.apply_action(104 if 104 not in state.legal_actions() else 0)


def test_the_legal_actions_name_the_legal_moves_ascending_through_whole_games(repo: Path) -> None:
    """Whole random games of the three battles and of a scenario with another stack
    limit, a ply of each in turn (the order of a stack's moves is remembered from one
    position, and one scenario, to the next): the actions are the legal moves'."""
    import random

    text = (repo / "crates/battaglie-rules/tests/conformance/c-rules.toml").read_text()
    games = [b.Game(battle) for battle in b.BATTLES] + [b.Game(b.Scenario.from_toml(text, "c-rules.toml"))]
    rng = random.Random(5)
    plies = 0
    while not all(g.is_over for g in games):
        for game in (g for g in games if not g.is_over):
            actions = game.legal_actions()
            assert actions == sorted(game.action_of(m) for m in game.legal_moves()), game.bfen
            game.play_action(rng.choice(actions))
            plies += 1
    assert plies > 100
