"""A move chosen in steps, for the factored Gymnasium and PettingZoo envs.

Each env step is one choice: first the source square (or the pass), then the
direction of each piece of the source stack in turn (0 stay, 1 north, 2 east, 3 south,
4 west; Foot first, then Mounted, then Vehicles; pieces of one kind ascending). The
move is played as soon as only one legal move begins with the choices made. Every
step is one ``Discrete(squares + 1)`` action (105 for the 12x8 battles) with its mask;
a direction step masks all but its first five entries. Which choices are legal comes
from the Rust core, from the rules' legal moves.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from . import _core


class Chooser:
    """The choices made so far towards the next move of ``core``'s game."""

    def __init__(self, core: _core.Env) -> None:
        self.core = core
        scenario = core.scenario
        self.sizes = scenario.factored_sizes
        self.board = (scenario.height, scenario.width + 1)
        self.prefix: list[int] = []

    @property
    def num_choices(self) -> int:
        """The choices of every step (the first step's, the largest)."""
        return self.sizes[0]

    def spaces(self) -> dict[str, spaces.Space[Any]]:
        """The observation's entries beside the board: what was chosen, and the mask."""
        pieces = len(self.sizes) - 1
        return {
            "source": spaces.Box(0.0, 1.0, self.board, np.float32),
            "directions": spaces.Box(0.0, 1.0, (pieces, self.sizes[1]), np.float32),
            "action_mask": spaces.Box(0, 1, (self.num_choices,), np.int8),
        }

    def mask(self) -> np.ndarray:
        """The mask of the next step, padded to ``num_choices`` (int8)."""
        mask = np.zeros(self.num_choices, np.int8)
        if self.core.outcome is None:
            step = self.core.factored_mask(self.prefix)
            mask[: len(step)] = step
        return mask

    def choices(self) -> np.ndarray:
        """The legal choices of the next step, ascending (int64): the mask's ones."""
        if self.core.outcome is not None:
            return np.zeros(0, np.int64)
        return self.core.factored_choices(self.prefix)

    def observation(self, mask: bool = True) -> dict[str, np.ndarray]:
        """The board, the source chosen (one-hot, zeros before), the directions chosen
        (one-hot rows, zeros for pieces not reached) and, with ``mask``, the mask."""
        source = np.zeros(self.board, np.float32)
        directions = np.zeros((len(self.sizes) - 1, self.sizes[1]), np.float32)
        if self.prefix:
            source.flat[self.prefix[0]] = 1.0
            for piece, direction in enumerate(self.prefix[1:]):
                directions[piece, direction] = 1.0
        obs = {"observation": self.core.observation(), "source": source, "directions": directions}
        obs["action_mask"] = self.mask() if mask else np.zeros(self.num_choices, np.int8)
        return obs

    def choose(self, choice: int) -> int | None:
        """Adds a choice: the action of the move once only one legal move begins with
        the choices, else ``None``. An illegal choice raises ``ActionError`` and is
        forgotten."""
        self.prefix.append(int(choice))
        try:
            action = self.core.factored_action(self.prefix)
        except _core.ActionError:
            self.prefix.pop()
            raise
        if action is not None:
            self.prefix = []
        return action
