"""Sparse legal actions: wherever a dense mask is offered, the same actions as a numpy
index array (int64, ascending), the mask's ones without its 189,281 entries."""

import numpy as np

import battaglie as b
from battaglie import _core


def test_a_games_indices_are_the_ones_of_its_mask() -> None:
    game = b.Game("apache-pass")
    for i in range(10):
        indices = game.legal_action_indices()
        assert indices.dtype == np.int64
        assert np.array_equal(indices, np.flatnonzero(game.legal_actions_mask()))
        assert list(indices) == game.legal_actions()
        game.play_action(int(indices[(3 * i) % len(indices)]))


def test_the_envs_indices_are_the_ones_of_their_masks() -> None:
    from battaglie.gym import BattaglieEnv
    from battaglie.pettingzoo import raw_env

    env = BattaglieEnv("washita")
    obs, _ = env.reset(seed=2)
    assert np.array_equal(env.legal_actions(), np.flatnonzero(obs["action_mask"]))
    core = _core.Env("fetterman", seed=1)
    assert np.array_equal(core.legal_action_indices(), np.flatnonzero(core.action_mask()))
    pz = raw_env("fetterman")
    pz.reset(seed=0)
    assert np.array_equal(pz.legal_actions("army"), np.flatnonzero(pz.observe("army")["action_mask"]))
    assert len(pz.legal_actions("indians")) == 0


def test_the_vector_envs_indices_are_each_games_mask_ones() -> None:
    env = b.VectorEnv("washita", 3, opponent="self", seed=5)
    env.reset()
    for _ in range(4):
        _, mask, *_ = env.step(env.sample_actions())
        indices, offsets = env.legal_action_indices()
        assert offsets.shape == (4,) and offsets[0] == 0 and offsets[-1] == len(indices)
        for i in range(3):
            assert np.array_equal(indices[offsets[i] : offsets[i + 1]], np.flatnonzero(mask[i]))
