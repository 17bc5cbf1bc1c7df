"""A Gymnasium env: one battle against a built-in opponent.

Observations are dicts: ``observation``, float32 of shape (13, height, width + 1)
(see ``docs/python.md``; ``view="mover"`` for the side to move's pieces first), and ``action_mask``, int8 with a 1 for each legal action.
Actions are numbers of the battle's fixed action space (189,281 for the 12x8
battles). Reward +1 for a win, -1 for a loss, 0 otherwise, at the end. An illegal
action forfeits the game (reward -1, ``info["forfeit"]``) unless ``illegal="raise"``.
"""

from __future__ import annotations

from typing import Any, SupportsInt, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _core
from ._factored import Chooser
from ._render import check_render_mode, render

__all__ = ["BattaglieEnv", "FactoredBattaglieEnv"]


Observation = dict[str, np.ndarray]
"""An observation: the board, the mask, and for the factored env the choices made."""

Step = tuple[Observation, float, bool, bool, dict[str, Any]]
"""What ``step`` returns: observation, reward, terminated, truncated, info."""


def check_seed(seed: object) -> None:
    """A seed out of range is a ``ValueError`` naming the range, as everywhere in the
    package (Gymnasium's own check raises its ``gymnasium.error.Error``)."""
    if isinstance(seed, int) and not 0 <= seed < 2**64:
        raise ValueError(f"seed must be 0 to 2**64 - 1, got {seed}")


class BattaglieEnv(gymnasium.Env[dict[str, Any], SupportsInt]):
    """One battle against a built-in opponent.

    Args:
        battle: ``washita``, ``fetterman``, ``apache-pass`` or a ``Scenario``.
        opponent: ``random``, a level ``level:1`` to ``level:8`` (or any engine limits
            such as ``nodes:2000``), or ``self`` for self-play (the agent moves for both
            sides; the reward is the mover's).
        side: the agent's side, ``army`` (moves first) or ``indians``.
        illegal: ``forfeit`` (default) or ``raise`` (``ActionError``).
        quiet_limit: plies without an elimination that draw the game, instead of the
            battle's 100 (``Scenario.with_quiet_limit``): with 1,000, random play ends
            a good part of its games in a win, a learning signal the 1977 limit hides.
        shaping: a reward added to each step beside the result (0, the default, for
            none): a number ``w`` adds ``w`` times the change of the agent's lead in
            pieces over the step (its move and the answer), divided by the pieces at
            the start; ``"chance"`` adds the change of the agent's winning chance by the
            static evaluation (0 to 1; the result's points once over); a pair such as
            ``("chance", 0.5)`` weighs it.
        render_mode: ``ansi`` (``render()`` returns the board as text), ``rgb_array``
            (``render()`` returns the board drawn as the game's pictures are, uint8 of
            shape (height, width, 3)), ``human`` (the text board printed) or ``None``.
        view: the observation's view, ``absolute`` (the Army's pieces in planes 0-2)
            or ``mover`` (the side to move's pieces in planes 0-2, the other's in 3-5).
    """

    metadata = {"render_modes": ["ansi", "rgb_array", "human"], "render_fps": 4}

    def __init__(
        self,
        battle: str | _core.Scenario = "washita",
        opponent: str = "random",
        side: str = "army",
        illegal: str = "forfeit",
        render_mode: str | None = None,
        quiet_limit: int | None = None,
        shaping: float | str | tuple[str, float] = 0.0,
        view: str = "absolute",
    ) -> None:
        check_render_mode(render_mode)
        self._settings = (battle, opponent, side, illegal)
        self._env = _core.Env(
            battle,
            opponent=opponent,
            side=side,
            illegal=illegal,
            seed=0,
            quiet_limit=quiet_limit,
            shaping=shaping,
            view=view,
        )
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self._env.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self._env.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self._env.num_actions)
        self._seeded = False

    @property
    def core(self) -> _core.Env:
        """The Rust env underneath."""
        return self._env

    def _obs(self) -> dict[str, np.ndarray]:
        return {"observation": self._env.observation(), "action_mask": self._env.action_mask()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        check_seed(seed)
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            seed = int(self.np_random.integers(2**63))
        self._seeded = True
        self._env.reset(seed)
        return self._obs(), {"side_to_move": self._env.side_to_move}

    def step(self, action: SupportsInt) -> Step:
        reward, terminated, forfeit = self._env.step(int(action))
        info: dict[str, Any] = {"side_to_move": self._env.side_to_move}
        if forfeit:
            info["forfeit"] = True
        if terminated:
            info["outcome"] = str(self._env.outcome)
        return self._obs(), float(reward), terminated, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the name sb3-contrib's MaskablePPO asks for)."""
        return self._env.action_mask().astype(bool)

    def legal_actions(self) -> np.ndarray:
        """The legal actions as a sparse int64 array, ascending (the mask's ones)."""
        return self._env.legal_action_indices()

    def render(self) -> str | np.ndarray | None:
        return render(self._env, self.render_mode)


class FactoredBattaglieEnv(BattaglieEnv):
    """``BattaglieEnv`` with the factored actions: each step is one choice, the source
    square (or the pass) and then each piece's direction or "stay", from a
    ``Discrete(squares + 1)`` space (105 for the 12x8 battles) with a mask per step.
    The move is played, and the opponent answers, once only one legal move begins with
    the choices; the steps before pay 0. Observations add ``source`` (the square
    chosen, one-hot over the board) and ``directions`` (one one-hot row of stay, N,
    E, S, W per piece chosen) to the board and the step's ``action_mask``. The
    arguments are ``BattaglieEnv``'s; an illegal choice forfeits (or raises).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._chooser = Chooser(self._env)
        self.observation_space = spaces.Dict(
            {"observation": cast(spaces.Dict, self.observation_space)["observation"], **self._chooser.spaces()}
        )
        self.action_space = spaces.Discrete(self._chooser.num_choices)

    def _obs(self) -> dict[str, np.ndarray]:
        return self._chooser.observation()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        self._chooser.prefix = []
        return super().reset(seed=seed, options=options)

    def step(self, action: SupportsInt) -> Step:
        try:
            chosen = self._chooser.choose(int(action))
        except _core.ActionError:
            if self._settings[3] == "raise":
                raise
            # An action outside the full space: the core env's forfeit.
            chosen = self._env.num_actions
        if chosen is None:
            return self._obs(), 0.0, False, False, {"side_to_move": self._env.side_to_move}
        return super().step(chosen)

    def action_masks(self) -> np.ndarray:
        """The legal choices of this step as booleans (for MaskablePPO)."""
        return self._chooser.mask().astype(bool)

    def legal_actions(self) -> np.ndarray:
        """The legal choices of this step as a sparse int64 array, ascending."""
        return self._chooser.choices()

    def choices(self) -> list[int]:
        """The choices made towards the agent's next move (a copy; empty at its first
        step): the ``prefix`` that ``Game.factored_mask`` and the others take."""
        return list(self._chooser.prefix)


for _id, _battle in (("Washita", "washita"), ("Fetterman", "fetterman"), ("ApachePass", "apache-pass")):
    gymnasium.register(
        id=f"battaglie/{_id}-v0",
        entry_point="battaglie.gym:BattaglieEnv",
        vector_entry_point="battaglie.gym_vector:BattaglieVectorEnv",
        kwargs={"battle": _battle},
    )
    gymnasium.register(
        id=f"battaglie/{_id}Factored-v0",
        entry_point="battaglie.gym:FactoredBattaglieEnv",
        vector_entry_point="battaglie.gym_vector:FactoredBattaglieVectorEnv",
        kwargs={"battle": _battle},
    )
