"""The battles as OpenSpiel games, registered with pyspiel on import:
``battaglie_washita``, ``battaglie_fetterman`` and ``battaglie_apache_pass``.

Two players (0 the Army, who moves first, 1 the Indians), sequential, deterministic,
perfect information, zero-sum, terminal rewards (+1, -1, or 0 for a draw). Actions are
the battle's fixed action space (``docs/python.md``). Observation tensors are the
(12, height, width + 1) planes of the package; the information state string is the
history of moves, the observation string the BFEN. States serialise as OpenSpiel's
default, the action history. OpenSpiel's own algorithms run on them unchanged;
The parameter ``quiet_limit`` replaces the battle's
(``pyspiel.load_game("battaglie_washita(quiet_limit=1000)")``): with 1,000 random
rollouts end a good part of their games in a win, where with 100 they all draw.
``PlayoutEvaluator`` is an MCTS evaluator whose random rollouts run in Rust.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from . import _core

__all__ = ["GAMES", "BattaglieGame", "BattaglieState", "PlayoutEvaluator", "load"]


def _short_name(battle: str) -> str:
    return "battaglie_" + battle.replace("-", "_")


def _game_type(scenario: _core.Scenario) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=_short_name(scenario.id),
        long_name=f"battaglie: {scenario.name} ({scenario.date})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"quiet_limit": scenario.quiet_limit},
    )


def _game_info(scenario: _core.Scenario) -> pyspiel.GameInfo:
    pieces = sum(scenario.forces("army")) + sum(scenario.forces("indians"))
    # Without an elimination the quiet limit ends the game; each elimination removes a piece.
    return pyspiel.GameInfo(
        num_distinct_actions=scenario.num_actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=pieces * (scenario.quiet_limit + 1),
    )


class BattaglieGame(pyspiel.Game):
    """One battle as an OpenSpiel game (made by ``pyspiel.load_game``)."""

    battle: _core.Scenario
    """The built-in battle of the class."""

    def __init__(self, params=None):
        params = params or {}
        super().__init__(_game_type(self.battle), _game_info(self._with_limit(params)), params)

    def _with_limit(self, params: dict[str, int]) -> _core.Scenario:
        limit = int(params.get("quiet_limit", self.battle.quiet_limit))
        if limit == self.battle.quiet_limit:
            return self.battle
        key = (self.battle.id, limit)
        if key not in _VARIANTS:
            _VARIANTS[key] = self.battle.with_quiet_limit(limit)
        return _VARIANTS[key]

    @property
    def scenario(self) -> _core.Scenario:
        """The battle with the quiet limit of the game's parameters (read from them,
        since an unpickled game is rebuilt from its name and parameters alone)."""
        return self._with_limit(self.get_parameters())

    def new_initial_state(self):
        return BattaglieState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.scenario, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


_VARIANTS: dict[tuple[str, int], _core.Scenario] = {}
"""The battles with another quiet limit, made once each."""


class BattaglieState(pyspiel.State):
    """A state: a ``battaglie.Game`` underneath (``state.game_record`` has its moves).

    ``legal_actions``, ``legal_actions_mask`` and ``observation_tensor`` called from
    Python are answered in Rust directly (the mask and the tensor as numpy arrays,
    int8 and float32), without OpenSpiel's round trip through C++ and a Python list."""

    def __init__(self, game: BattaglieGame):
        super().__init__(game)
        self.battaglie = _core.Game(game.scenario)

    def current_player(self) -> int:
        return self.battaglie.player_number

    def _legal_actions(self, player):
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
        return self.battaglie.observation().ravel()

    def _apply_action(self, action):
        self.battaglie.play_action(action)

    def _action_to_string(self, player, action):
        return str(self.battaglie.move_of(action))

    def is_terminal(self):
        return self.battaglie.is_over

    def returns(self):
        outcome = self.battaglie.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == "army" else [-1.0, 1.0]

    def __str__(self):
        return self.battaglie.bfen


class BoardObserver:
    """The observation planes (``tensor``, ``dict["observation"]``) and the BFEN as string."""

    def __init__(self, scenario: _core.Scenario, params):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        shape = (_core.OBSERVATION_PLANES, scenario.height, scenario.width + 1)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: BattaglieState, player: int) -> None:
        self.tensor[:] = state.battaglie.observation().ravel()

    def string_from(self, state: BattaglieState, player: int) -> str:
        return state.battaglie.bfen


class PlayoutEvaluator(mcts.Evaluator):
    """An MCTS evaluator like OpenSpiel's ``RandomRolloutEvaluator``, whose random
    games are played in Rust (``Game.random_playout``): uniform priors, the mean result
    of ``n_rollouts`` seeded random games."""

    def __init__(self, n_rollouts: int = 1, seed: int = 0):
        if n_rollouts < 1:
            raise ValueError(f"n_rollouts must be at least 1, got {n_rollouts}")
        self.n_rollouts = n_rollouts
        self._seed = seed

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns())
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            self._seed += 1
            outcome, _ = state.battaglie.random_playout(self._seed)
            if outcome.winner == "army":
                total += (1.0, -1.0)
            elif outcome.winner == "indians":
                total += (-1.0, 1.0)
        return total / self.n_rollouts

    def prior(self, state):
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
