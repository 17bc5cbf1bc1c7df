"""The vector envs under Gymnasium's vector API (``gymnasium.vector.VectorEnv``, 1.x).

``BattaglieVectorEnv`` is ``battaglie.VectorEnv`` (many games stepped in Rust per call)
behind the interface Gymnasium's vector wrappers and the libraries built on it expect:
the batched ``observation_space`` and ``action_space`` beside the ``single_`` ones,
``reset(seed=..., options=...)`` and ``step`` returning ``infos`` dicts, fresh arrays at
every call, and the same-step auto-reset (``metadata["autoreset_mode"]`` is
``AutoresetMode.SAME_STEP``): a game that ends is reset within the step that ended it,
the step returns the new game's observation, and ``infos["final_obs"]`` (an object
array, with the mask ``infos["_final_obs"]``) holds the observation at the end, with
``infos["final_info"]`` (``{"plies": ...}``, with its masks). The envs are registered as
the vector entry point of the Gymnasium ids: ``gymnasium.make_vec("battaglie/Washita-v0",
num_envs=64)`` makes one. ``FactoredBattaglieVectorEnv`` is the same over
``battaglie.FactoredVectorEnv``, one choice of a move per step.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from . import _core
from .gym import check_seed

__all__ = ["BattaglieVectorEnv", "FactoredBattaglieVectorEnv"]

Observations = dict[str, np.ndarray]
"""A batch of observations: each entry with the games first."""


class BattaglieVectorEnv(gymnasium.vector.VectorEnv[Observations, np.ndarray, np.ndarray]):
    """``num_envs`` games of one battle, each as ``battaglie.gym.BattaglieEnv`` plays it
    (the same arguments), stepped together in Rust.

    Args:
        num_envs: the number of games.
        battle, opponent, side, illegal, quiet_limit, shaping, view: as for ``BattaglieEnv``.
        seed: the games' seed when ``reset`` is given none (game ``i`` from ``seed + i``).
        threads: the threads stepping the games (all cores when ``None``).
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        battle: str | _core.Scenario = "washita",
        opponent: str = "random",
        side: str = "army",
        illegal: str = "forfeit",
        quiet_limit: int | None = None,
        shaping: float | str | tuple[str, float] = 0.0,
        view: str = "absolute",
        seed: int = 0,
        threads: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode is not None:
            raise ValueError(f"render_mode: a vector env renders nothing, got {render_mode!r}")
        self.core = self._make(
            battle, num_envs, opponent=opponent, side=side, illegal=illegal, seed=seed,
            threads=threads, quiet_limit=quiet_limit, shaping=shaping, view=view,
        )
        self.num_envs = self.core.num_envs
        self.single_observation_space = self._single_space()
        self.single_action_space = spaces.Discrete(self._choices())
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    @staticmethod
    def _make(battle: str | _core.Scenario, num_envs: int, **kwargs: Any) -> Any:
        return _core.VectorEnv(battle, num_envs, **kwargs)

    def _choices(self) -> int:
        num_actions: int = self.core.num_actions
        return num_actions

    def _single_space(self) -> spaces.Dict:
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.core.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self._choices(),), np.int8),
            }
        )

    def _observations(self, obs: Any, masks: np.ndarray) -> Observations:
        """Fresh arrays of the core's views (which the next call overwrites)."""
        return {"observation": np.array(obs), "action_mask": masks.astype(np.int8)}

    def _final(self, i: int) -> dict[str, np.ndarray]:
        """Game ``i``'s observation at its end (no action is legal then)."""
        return {
            "observation": np.array(self.core.final_observations[i]),
            "action_mask": np.zeros(self._choices(), np.int8),
        }

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Starts every game again: game ``i`` from ``seed + i`` when an int is given
        (a list of seeds is not supported: the games are seeded from one), else each
        game's generator goes on."""
        if isinstance(seed, list):
            raise ValueError("seed: give one int (game i is seeded seed + i) or None")
        check_seed(seed)
        super().reset(seed=seed)
        obs, masks = self.core.reset(seed)
        return self._observations(obs, masks), {}

    def step(self, actions: Any) -> tuple[Observations, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        obs, masks, rewards, terminated, truncated = self.core.step(np.asarray(actions, dtype=np.int64))
        infos: dict[str, Any] = {}
        lengths = self.core.episode_lengths
        for i in np.flatnonzero(terminated | truncated):
            infos = self._add_info(infos, {"final_obs": self._final(int(i)), "final_info": {"plies": int(lengths[i])}}, int(i))
        return self._observations(obs, masks), np.array(rewards), np.array(terminated), np.array(truncated), infos


class FactoredBattaglieVectorEnv(BattaglieVectorEnv):
    """``BattaglieVectorEnv`` with the factored actions of ``FactoredBattaglieEnv``: each
    step is one choice (the source square, then each piece's direction) from
    ``Discrete(squares + 1)``, and observations add ``source`` and ``directions``."""

    @staticmethod
    def _make(battle: str | _core.Scenario, num_envs: int, **kwargs: Any) -> Any:
        return _core.FactoredVectorEnv(battle, num_envs, **kwargs)

    def _choices(self) -> int:
        num_choices: int = self.core.num_choices
        return num_choices

    def _single_space(self) -> spaces.Dict:
        scenario = self.core.game(0).scenario
        board = (scenario.height, scenario.width + 1)
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.core.observation_shape, np.float32),
                "source": spaces.Box(0.0, 1.0, board, np.float32),
                "directions": spaces.Box(0.0, 1.0, (scenario.stack_limit, 5), np.float32),
                "action_mask": spaces.Box(0, 1, (self._choices(),), np.int8),
            }
        )

    def _observations(self, obs: Any, masks: np.ndarray) -> Observations:
        out = {key: np.array(value) for key, value in obs.items()}
        out["action_mask"] = masks.astype(np.int8)
        return out

    def _final(self, i: int) -> dict[str, np.ndarray]:
        space = self.single_observation_space
        assert isinstance(space, spaces.Dict)
        final = {key: np.zeros(box.shape or (), box.dtype) for key, box in space.items()}
        final["observation"] = np.array(self.core.final_observations[i])
        return final
