"""The render modes the Gymnasium and PettingZoo envs share."""

from __future__ import annotations

import numpy as np

from . import _core

RENDER_MODES = (None, "ansi", "rgb_array", "human")


def check_render_mode(render_mode: str | None) -> None:
    """Raises ``ValueError`` for a mode the envs do not draw."""
    if render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode: expected None, 'ansi', 'rgb_array' or 'human', got {render_mode!r}"
        )


def render(env: _core.Env, render_mode: str | None) -> str | np.ndarray | None:
    """The board of ``env``'s game as ``render_mode`` asks: text (``ansi``), an RGB
    picture (``rgb_array``), or the text printed (``human``, returning ``None``)."""
    if render_mode is None:
        return None
    game = env.game()
    if render_mode == "rgb_array":
        return game.rgb_array()
    text = f"{game.bfen}\n{len(game)} plies, {game.side_to_move} to move\n"
    if render_mode == "human":
        print(text, end="")
        return None
    return text
