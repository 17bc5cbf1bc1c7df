"""What a model sees: the repetition plane, so that a third repetition (which ends
the game in a draw) can be seen coming, and the mover's view."""

import numpy as np
import pytest

import battaglie as b
from battaglie import _core

# One Army horseman in a corner, one Indian on foot in the other: each can step away
# and back, so that the placement recurs every four plies.
APART = "|M11/|12/|12/|12/|12/|12/|12/|11f I 37 30"
THERE_AND_BACK = ["l1:F-l2", "a8:M-b8", "l2:F-l1", "b8:M-a8"]
REPETITIONS = 12


def test_the_repetition_plane_counts_the_placements_occurrences_up_to_the_third() -> None:
    game = b.Game("washita", bfen=APART)
    assert b.OBSERVATION_PLANES == 13
    seen = [float(game.observation()[REPETITIONS].max())]
    for _ in range(2):
        for mv in THERE_AND_BACK:
            game.play(mv)
            plane = game.observation()[REPETITIONS]
            assert plane.min() == plane.max()  # one value over the plane
            seen.append(float(plane.max()))
    # The start, then each ply: the start's placement back after 4 plies (½), after 8 (1: drawn).
    assert seen == [0.0, 0.0, 0.0, 0.0, 0.5, 0.5, 0.5, 0.5, 1.0]
    assert game.outcome is not None and game.outcome.reason == "repetition"


def test_the_envs_repetition_plane_agrees_with_the_games() -> None:
    env = _core.Env("washita", opponent="self", bfen=APART)
    for mv in THERE_AND_BACK:
        env.step(env.game().action_of(mv))
        assert np.array_equal(env.observation(), env.game().observation())
    assert env.observation()[REPETITIONS].max() == 0.5


def test_the_movers_view_swaps_the_sides_planes_when_the_indians_move() -> None:
    game = b.Game("washita")
    game.play(game.legal_moves()[0])
    assert game.side_to_move == "indians"
    absolute, mover = game.observation(), game.observation(view="mover")
    assert np.array_equal(mover[0:3], absolute[3:6]) and np.array_equal(mover[3:6], absolute[0:3])
    assert np.array_equal(mover[6:], absolute[6:])
    assert mover[10].min() == 1.0  # which side "we" are is still said
    game.play(game.legal_moves()[0])
    assert np.array_equal(game.observation(view="mover"), game.observation())


def test_a_vector_env_in_the_movers_view_shows_its_agents_pieces_first() -> None:
    army = b.VectorEnv("washita", 2, side="indians", view="mover", seed=3)
    absolute = b.VectorEnv("washita", 2, side="indians", seed=3)
    (obs, _), (ref, _) = army.reset(seed=3), absolute.reset(seed=3)
    # The agent plays the Indians: after the random Army's first move, they are to move.
    assert np.array_equal(obs[:, 0:3], ref[:, 3:6]) and np.array_equal(obs[:, 3:6], ref[:, 0:3])
    actions = army.sample_actions()
    obs, *_ = army.step(actions)
    ref, *_ = absolute.step(actions)
    assert np.array_equal(obs[:, 0:3], ref[:, 3:6])


def test_an_unknown_view_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="view: expected `absolute` or `mover`"):
        b.VectorEnv("washita", 1, view="army")


def test_the_openspiel_game_in_the_movers_view_observes_so_and_clones_with_it() -> None:
    import pyspiel

    import battaglie.openspiel  # noqa: F401  (registers the games)

    state = pyspiel.load_game("battaglie_washita(view=mover)").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    expected = state.battaglie.observation(view="mover").ravel()
    assert np.array_equal(state.observation_tensor(1), expected)
    assert np.array_equal(state.clone().observation_tensor(1), expected)
    with pytest.raises(ValueError, match="view"):
        pyspiel.load_game("battaglie_washita(view=army)")
