"""The two-player PettingZoo AEC env: agents ``army`` and ``indians``, who alternate.

Observations are dicts as in the classic PettingZoo games: ``observation``, float32
of shape (13, height, width + 1), the same for both agents (the board is public; with
``view="mover"`` the side to move's pieces come first), and
``action_mask``, int8, with the legal actions of the agent to move (all zero for the
other). Rewards are +1 / -1 to the winner and the loser at the end, 0 for a draw.
``env()`` wraps ``raw_env`` as the classic games are wrapped: an illegal move ends the
game with reward -1 for its author.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _core
from ._factored import Chooser
from ._render import check_render_mode, render

__all__ = ["env", "factored_env", "factored_raw_env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The wrapped env (illegal moves end the game, actions checked, order enforced)."""
    return _wrapped(raw_env(**kwargs))


def factored_env(**kwargs: Any) -> AECEnv:
    """The wrapped env with the factored actions (``factored_raw_env``)."""
    return _wrapped(factored_raw_env(**kwargs))


def _wrapped(e: AECEnv) -> AECEnv:
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """A battle between two agents, ``army`` (moves first) and ``indians``. Pickles
    and deep-copies with its game (the copy goes on from the same position)."""

    metadata = {
        "render_modes": ["ansi", "rgb_array", "human"],
        "render_fps": 4,
        "name": "battaglie_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        battle: str = "washita",
        render_mode: str | None = None,
        quiet_limit: int | None = None,
        shaping: float | str | tuple[str, float] = 0.0,
        view: str = "absolute",
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.render_mode = render_mode
        # quiet_limit and shaping: as for the Gymnasium env (the mover's material lead or winning chance).
        self._core = _core.Env(
            battle, opponent="self", illegal="raise", seed=0, quiet_limit=quiet_limit, shaping=shaping, view=view
        )
        self.possible_agents = ["army", "indians"]
        self.agents = self.possible_agents[:]
        n = self._core.num_actions
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, self._core.observation_shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._reset_state()

    def _reset_state(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = {a: 0.0 for a in self.agents}
        self._cumulative_rewards: dict[str, float] = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._core.side_to_move

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if agent == self.agent_selection and not self.terminations[agent]:
            mask = self._core.action_mask()
        else:
            mask = np.zeros(self._core.num_actions, np.int8)
        return {"observation": self._core.observation(), "action_mask": mask}

    def legal_actions(self, agent: str) -> np.ndarray:
        """``agent``'s legal actions as a sparse int64 array, ascending (the ones of
        its mask; empty when it is not to move)."""
        if agent == self.agent_selection and not self.terminations[agent]:
            return self._core.legal_action_indices()
        return np.zeros(0, np.int64)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._core.reset(seed)
        self._reset_state()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._play(int(action))

    def _play(self, action: int) -> None:
        """Plays the agent to move's action and hands the turn over."""
        agent = self.agent_selection
        reward, terminated, _ = self._core.step(action)
        other = "indians" if agent == "army" else "army"
        # Zero-sum: the result, and with shaping the material the move won or lost.
        self.rewards = {agent: reward, other: -reward}
        if terminated:
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: {"outcome": str(self._core.outcome)} for a in self.agents}
            # The opponent of the last mover is the one whose turn it is.
            self.agent_selection = other
        else:
            self.agent_selection = self._core.side_to_move
        self._accumulate_rewards()

    def render(self) -> str | np.ndarray | None:
        return render(self._core, self.render_mode)

    def close(self) -> None:
        pass


class factored_raw_env(raw_env):
    """``raw_env`` with the factored actions (as ``battaglie.gym.FactoredBattaglieEnv``):
    the agent to move makes one choice per step, the source square then each piece's
    direction or "stay", from ``Discrete(squares + 1)`` with a mask per step, and keeps
    the turn until only one legal move begins with its choices, which is then played.
    Observations add ``source`` and ``directions``, what the agent has chosen so far."""

    metadata = {**raw_env.metadata, "name": "battaglie_factored_v0"}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._chooser = Chooser(self._core)
        board = self.observation_spaces["army"]["observation"]
        self.action_spaces = {a: spaces.Discrete(self._chooser.num_choices) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({"observation": board, **self._chooser.spaces()}) for a in self.possible_agents
        }

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._chooser.observation(agent == self.agent_selection and not self.terminations[agent])

    def legal_actions(self, agent: str) -> np.ndarray:
        """``agent``'s legal choices at this step, ascending (empty when not to move)."""
        if agent == self.agent_selection and not self.terminations[agent]:
            return self._chooser.choices()
        return np.zeros(0, np.int64)

    def choices(self) -> list[int]:
        """The choices the agent to move has made towards its move (a copy; empty at
        its first step): the ``prefix`` that ``Game.factored_mask`` and the others take."""
        return list(self._chooser.prefix)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._chooser.prefix = []
        super().reset(seed, options)

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        chosen = self._chooser.choose(int(action))
        if chosen is None:
            self.rewards = {a: 0.0 for a in self.agents}
            self._accumulate_rewards()
        else:
            self._play(chosen)
