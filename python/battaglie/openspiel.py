"""The battles as OpenSpiel games, registered with pyspiel on import:
``battaglie_washita``, ``battaglie_fetterman`` and ``battaglie_apache_pass``.

Two players (0 the Army, who moves first, 1 the Indians), sequential, deterministic,
perfect information, zero-sum, terminal rewards (+1, -1, or 0 for a draw). Actions are
the battle's fixed action space (``docs/python.md``). Observation tensors are the
(13, height, width + 1) planes of the package (the parameter ``view=mover`` puts the
side to move's pieces first); the information state string is the
history of moves, the observation string the BFEN. States serialise as OpenSpiel's
default, the action history. OpenSpiel's own algorithms run on them unchanged;
The parameter ``quiet_limit`` replaces the battle's
(``pyspiel.load_game("battaglie_washita(quiet_limit=1000)")``): with 1,000 random
rollouts end a good part of their games in a win, where with 100 they all draw.
The parameter ``factored=True`` makes each action one step of a move, the source
square and then each piece's direction or "stay" (105 actions for the 12x8 battles;
``FactoredState``). The parameter ``shaping`` (``material`` or ``chance``, weighed by
``shaping_weight``, 1 by default) adds the envs' shaped reward to every move
(``battaglie_washita(shaping=chance,shaping_weight=0.5)``): the game then gives
``rewards()`` at every move and its ``returns()`` are their sums, the result's +1 or -1
included. ``PlayoutEvaluator`` is an MCTS evaluator whose random rollouts run in Rust.
"""

from __future__ import annotations

import functools
import math
from typing import Any, NamedTuple

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from . import _core

__all__ = ["GAMES", "BattaglieGame", "BattaglieState", "FactoredState", "PlayoutEvaluator", "load"]


def _short_name(battle: str) -> str:
    return "battaglie_" + battle.replace("-", "_")


def _game_type(scenario: _core.Scenario, rewards: bool = False) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=_short_name(scenario.id),
        long_name=f"battaglie: {scenario.name} ({scenario.date})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS if rewards else pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "quiet_limit": scenario.quiet_limit,
            "factored": False,
            "shaping": "none",
            "shaping_weight": 1.0,
            "view": "absolute",
        },
    )


def _shaping(params: dict[str, Any]) -> tuple[str, float] | None:
    """The shaping of the game's parameters, as the envs take it (``None`` for none)."""
    kind, weight = params.get("shaping", "none"), float(params.get("shaping_weight", 1.0))
    if kind == "none":
        return None
    if kind not in ("material", "chance"):
        raise ValueError(f"shaping: expected none, material or chance, got {kind!r}")
    if not math.isfinite(weight):
        raise ValueError(f"shaping_weight must be a finite number, got {weight}")
    return (kind, weight)


def _game_info(scenario: _core.Scenario, factored: bool, shaping: tuple[str, float] | None) -> pyspiel.GameInfo:
    pieces = sum(scenario.forces("army")) + sum(scenario.forces("indians"))
    # Without an elimination the quiet limit ends the game; each elimination removes a piece.
    plies = pieces * (scenario.quiet_limit + 1)
    sizes = scenario.factored_sizes
    # The shaped rewards add up to the weight times the change of the lead in pieces
    # over the pieces at the start (at most 2), or of the winning chance (at most 1).
    bound = 1.0 if shaping is None else 1.0 + abs(shaping[1]) * (2.0 if shaping[0] == "material" else 1.0)
    return pyspiel.GameInfo(
        num_distinct_actions=sizes[0] if factored else scenario.num_actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        # Factored, a move is one step per choice: the square, then one per piece.
        max_game_length=plies * len(sizes) if factored else plies,
    )


class _Settings(NamedTuple):
    """A game's parameters, read once: ``get_parameters()`` converts them afresh at
    every call, which every new state (and so every clone) would pay."""

    scenario: _core.Scenario
    factored: bool
    shaping: tuple[str, float] | None
    view: str
    start: _core.Game
    """The game at its start, copied by each new state."""


def _view(params: dict[str, Any]) -> str:
    view = str(params.get("view", "absolute"))
    if view not in ("absolute", "mover"):
        raise ValueError(f"view: expected absolute or mover, got {view!r}")
    return view


class BattaglieGame(pyspiel.Game):
    """One battle as an OpenSpiel game (made by ``pyspiel.load_game``)."""

    battle: _core.Scenario
    """The built-in battle of the class."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        shaping = _shaping(params)
        _view(params)
        info = _game_info(self._with_limit(params), bool(params.get("factored", False)), shaping)
        super().__init__(_game_type(self.battle, shaping is not None), info, params)

    def settings(self) -> _Settings:
        """The parameters, read from the game at the first call (an unpickled game is
        rebuilt from its name and parameters alone) and kept."""
        settings: _Settings | None = self.__dict__.get("_settings")
        if settings is None:
            params = self.get_parameters()
            scenario = self._with_limit(params)
            settings = _Settings(
                scenario, bool(params.get("factored", False)), _shaping(params), _view(params), _core.Game(scenario)
            )
            self.__dict__["_settings"] = settings
        return settings

    def _with_limit(self, params: dict[str, Any]) -> _core.Scenario:
        limit = int(params.get("quiet_limit", self.battle.quiet_limit))
        if limit == self.battle.quiet_limit:
            return self.battle
        key = (self.battle.id, limit)
        if key not in _VARIANTS:
            _VARIANTS[key] = self.battle.with_quiet_limit(limit)
        return _VARIANTS[key]

    @property
    def scenario(self) -> _core.Scenario:
        """The battle with the quiet limit of the game's parameters."""
        return self.settings().scenario

    @property
    def factored(self) -> bool:
        """Whether the actions are the factored steps (``docs/python.md``)."""
        return self.settings().factored

    @property
    def shaping(self) -> tuple[str, float] | None:
        """The shaped reward of the parameters (``("chance", 0.5)``), ``None`` for none."""
        return self.settings().shaping

    @property
    def view(self) -> str:
        """The observation's view: ``absolute`` or ``mover`` (``docs/python.md``)."""
        return self.settings().view

    def new_initial_state(self) -> BattaglieState:
        return FactoredState(self) if self.settings().factored else BattaglieState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.scenario, params, self.factored)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


_VARIANTS: dict[tuple[str, int], _core.Scenario] = {}
"""The battles with another quiet limit, made once each."""


class BattaglieState(pyspiel.State):
    """A state: a ``battaglie.Game`` underneath (``state.battaglie``).

    ``legal_actions``, ``legal_actions_mask`` and ``observation_tensor`` called from
    Python are answered in Rust directly (the mask and the tensor as numpy arrays,
    int8 and float32), without OpenSpiel's round trip through C++ and a Python list.

    OpenSpiel clones a Python state by making a new state and deep-copying each
    attribute of the old one into it: a state of a plain game holds the one attribute
    ``battaglie`` (made at its first use, so that a clone does not build a game only to
    replace it), the settings staying on the class or the game."""

    _shaping: tuple[str, float] | None = None
    """The shaped reward, set on the states of a shaped game only."""
    _view = "absolute"
    """The observation's view, set on the states of a game in the mover's view only."""

    def __init__(self, game: BattaglieGame) -> None:
        super().__init__(game)
        settings = game.settings()
        if settings.view != "absolute":
            self._view = settings.view
        if settings.shaping is not None:
            self._shaping = settings.shaping
            # The last move's rewards and their sums, the Army's then the Indians'.
            self._rewards = [0.0, 0.0]
            self._returns = [0.0, 0.0]

    @functools.cached_property
    def battaglie(self) -> _core.Game:
        """The game underneath (``state.battaglie.record()`` has its moves)."""
        start: _core.Game = self.get_game().settings().start
        return start.copy()

    def current_player(self) -> int:
        return self.battaglie.player_number

    def _legal_actions(self, player: int) -> list[int]:
        return self.battaglie.legal_actions()

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.current_player():
            return []
        return self.battaglie.legal_actions()

    def legal_actions_mask(self, player: int | None = None) -> np.ndarray:
        if player is not None and player != self.current_player():
            return np.zeros(self.get_game().num_distinct_actions(), np.int8)
        return self.battaglie.legal_actions_mask()

    def observation_tensor(self, player: int | None = None) -> np.ndarray:
        return self.battaglie.observation(self._view).ravel()

    def _apply_action(self, action: int) -> None:
        # The play itself here, not through `_play`: a Python call less at every ply.
        if self._shaping is None:
            self.battaglie.play_action(action)
        else:
            self._play(action)

    def _play(self, action: int) -> None:
        """Plays an action of the full space; with shaping, rewards the move."""
        if self._shaping is None:
            self.battaglie.play_action(action)
            return
        before = self.battaglie.shaped_value(self._shaping)
        self.battaglie.play_action(action)
        army = self._result()[0] + self.battaglie.shaped_value(self._shaping) - before
        self._rewards = [army, -army]
        self._returns = [self._returns[0] + army, self._returns[1] - army]

    def _result(self) -> list[float]:
        outcome = self.battaglie.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == "army" else [-1.0, 1.0]

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.battaglie.move_of(action))

    def is_terminal(self) -> bool:
        return self.battaglie.is_over

    def rewards(self) -> list[float]:
        if self._shaping is None:
            return self._result()
        return list(self._rewards)

    def returns(self) -> list[float]:
        if self._shaping is None:
            return self._result()
        return list(self._returns)

    def __str__(self) -> str:
        return self.battaglie.bfen


class FactoredState(BattaglieState):
    """A state of the factored game: each action is one step of a move, the source
    square (or the pass) and then each piece's direction or "stay" (0 stay, 1 N, 2 E,
    3 S, 4 W); the player to move keeps the turn until only one legal move begins with
    its steps, which is then played. The legal steps come from the Rust core."""

    def __init__(self, game: BattaglieGame) -> None:
        super().__init__(game)
        self.prefix: list[int] = []

    def _legal_actions(self, player: int) -> list[int]:
        return self._choices()

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None and player != self.current_player():
            return []
        return self._choices()

    def _choices(self) -> list[int]:
        choices: list[int] = self.battaglie.factored_choices(self.prefix).tolist()
        return choices

    def legal_actions_mask(self, player: int | None = None) -> np.ndarray:
        mask = np.zeros(self.get_game().num_distinct_actions(), np.int8)
        if (player is None or player == self.current_player()) and not self.is_terminal():
            step = self.battaglie.factored_mask(self.prefix)
            mask[: len(step)] = step
        return mask

    def observation_tensor(self, player: int | None = None) -> np.ndarray:
        return _factored_tensor(self)

    def _apply_action(self, action: int) -> None:
        self.prefix.append(int(action))
        try:
            move = self.battaglie.factored_action(self.prefix)
        except _core.ActionError:
            self.prefix.pop()
            raise
        if move is None:
            if self._shaping is not None:
                self._rewards = [0.0, 0.0]
        else:
            self.prefix = []
            self._play(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if not self.prefix:
            return "pass" if action == self.battaglie.scenario.factored_sizes[0] - 1 else f"square {action}"
        return ("stay", "north", "east", "south", "west")[action]


def _factored_tensor(state: FactoredState) -> np.ndarray:
    """The board planes, then the square chosen (one-hot over the board), then one
    one-hot row of stay, N, E, S, W per piece whose direction is chosen."""
    sizes = state.battaglie.scenario.factored_sizes
    board = state.battaglie.observation(state._view).ravel()
    chosen = np.zeros(sizes[0] - 1 + 5 * (len(sizes) - 1), np.float32)
    if state.prefix:
        chosen[state.prefix[0]] = 1.0
        for piece, direction in enumerate(state.prefix[1:]):
            chosen[sizes[0] - 1 + 5 * piece + direction] = 1.0
    return np.concatenate([board, chosen])


class BoardObserver:
    """The observation planes (``tensor``, ``dict["observation"]``) and the BFEN as
    string; for the factored game also the steps chosen (``source``, ``directions``)."""

    def __init__(self, scenario: _core.Scenario, params: dict[str, Any] | None, factored: bool = False) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        shape = (_core.OBSERVATION_PLANES, scenario.height, scenario.width + 1)
        board = int(np.prod(shape))
        pieces = scenario.stack_limit
        extra = shape[1] * shape[2] + 5 * pieces if factored else 0
        self.tensor = np.zeros(board + extra, np.float32)
        self.dict: dict[str, np.ndarray] = {"observation": self.tensor[:board].reshape(shape)}
        if factored:
            self.dict["source"] = self.tensor[board : board + shape[1] * shape[2]].reshape(shape[1:])
            self.dict["directions"] = self.tensor[board + shape[1] * shape[2] :].reshape(pieces, 5)

    def set_from(self, state: BattaglieState, player: int) -> None:
        if isinstance(state, FactoredState):
            self.tensor[:] = _factored_tensor(state)
        else:
            self.tensor[:] = state.battaglie.observation(state._view).ravel()

    def string_from(self, state: BattaglieState, player: int) -> str:
        return state.battaglie.bfen


class PlayoutEvaluator(mcts.Evaluator):
    """An MCTS evaluator like OpenSpiel's ``RandomRolloutEvaluator``, whose random
    games are played in Rust (``Game.random_playout``): uniform priors, the mean result
    of ``n_rollouts`` seeded random games."""

    def __init__(self, n_rollouts: int = 1, seed: int = 0) -> None:
        if n_rollouts < 1:
            raise ValueError(f"n_rollouts must be at least 1, got {n_rollouts}")
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be 0 to 2**64 - 1, got {seed}")
        self.n_rollouts = n_rollouts
        self._seed = seed

    def evaluate(self, state: BattaglieState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            self._seed = (self._seed + 1) % 2**64
            outcome, _ = state.battaglie.random_playout(self._seed)
            if outcome.winner == "army":
                total += (1.0, -1.0)
            elif outcome.winner == "indians":
                total += (-1.0, 1.0)
        return total / self.n_rollouts

    def prior(self, state: BattaglieState) -> list[tuple[int, float]]:
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]


GAMES: dict[str, type[BattaglieGame]] = {}
"""The registered game classes by short name."""

for _scenario in _core.Scenario.builtins():
    _cls = type(
        f"BattaglieGame_{_scenario.id.replace('-', '_')}",
        (BattaglieGame,),
        {"battle": _scenario, "__module__": __name__},
    )
    GAMES[_short_name(_scenario.id)] = _cls
    # A module attribute under the class's own name, so that pickle finds the class.
    globals()[_cls.__name__] = _cls
    pyspiel.register_game(_game_type(_scenario), _cls)


def load(battle: str) -> pyspiel.Game:
    """``pyspiel.load_game`` for a battle id (``washita``) or short name."""
    name = battle if battle.startswith("battaglie_") else _short_name(battle)
    if name not in GAMES:
        raise _core.ScenarioError(f"no battle {battle!r}: the games are {', '.join(GAMES)}")
    return pyspiel.load_game(name)
