"""Render modes as the libraries ask for them: PettingZoo's render_test, rgb_array
pictures for Gymnasium's recorders, and read-only vector env buffers."""

import numpy as np
import pytest

import battaglie as b


def test_pettingzoo_render_test_passes_every_mode() -> None:
    from pettingzoo.test import render_test

    from battaglie.pettingzoo import raw_env

    render_test(lambda render_mode=None: raw_env("washita", render_mode=render_mode))


def test_gymnasium_rgb_array_is_the_board_picture_and_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from gymnasium.utils.env_checker import check_env

    from battaglie.gym import BattaglieEnv

    env = BattaglieEnv("fetterman", render_mode="rgb_array")
    env.reset(seed=0)
    picture = env.render()
    assert isinstance(picture, np.ndarray)
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    # Drawn, not blank: the paper, the terrain and the pieces are several colours.
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 4
    check_env(BattaglieEnv("fetterman", render_mode="rgb_array"))
    human = BattaglieEnv("fetterman", render_mode="human")
    human.reset(seed=0)
    assert human.render() is None
    assert "army to move" in capsys.readouterr().out


def test_a_game_picture_marks_the_last_move() -> None:
    game = b.Game("washita")
    before = game.rgb_array()
    game.play(game.legal_moves()[0])
    assert game.rgb_array().shape == before.shape
    assert not np.array_equal(game.rgb_array(), before)


def test_vector_env_buffers_are_read_only() -> None:
    env = b.VectorEnv("washita", 2, seed=0)
    obs, mask = env.reset()
    out = env.step(env.sample_actions())
    for array in [obs, mask, *out, env.episode_lengths]:
        with pytest.raises(ValueError, match="read-only"):
            array[...] = 0
