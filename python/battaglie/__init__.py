"""battaglie: the 1977 Atlantic Old-West wargames, with the rules and the engine in Rust.

The core (``Scenario``, ``Position``, ``Game``, ``Move``, ``Outcome``, ``search``,
``analyze``, ``VectorEnv``, ``FactoredVectorEnv``) needs only numpy. The standard interfaces load their
library when imported:

* ``battaglie.gym`` -- a Gymnasium env against a built-in opponent (``BattaglieEnv``);
* ``battaglie.pettingzoo`` -- the two-player AEC env (``env()``, ``raw_env``);
* ``battaglie.openspiel`` -- the battles as pyspiel games (``battaglie_washita``...);
* ``battaglie.cluster`` -- matches as Ray tasks (``python -m battaglie.cluster match``).

Every error of the rules and the engine is a ``BattaglieError`` (a ``ValueError``),
with one subclass per kind: ``ScenarioError``, ``BfenError`` (``BfenParseError``,
``SetupError``), ``MoveParseError``,
``IllegalMoveError``, ``GameOverError``, ``RecordError``, ``SideError``,
``ActionError``, ``SpecError``.
"""

from ._core import (
    MAX_LEVEL,
    OBSERVATION_PLANES,
    ActionError,
    BattaglieError,
    BfenError,
    BfenParseError,
    FactoredVectorEnv,
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    MoveParseError,
    Outcome,
    Position,
    RecordError,
    Scenario,
    ScenarioError,
    SearchResult,
    SetupError,
    SideError,
    SpecError,
    VectorEnv,
    analyze,
    search,
)

BATTLES = tuple(s.id for s in Scenario.builtins())
"""The built-in battles' ids."""

__all__ = [
    "BATTLES",
    "MAX_LEVEL",
    "OBSERVATION_PLANES",
    "ActionError",
    "BattaglieError",
    "BfenError",
    "BfenParseError",
    "FactoredVectorEnv",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "Move",
    "MoveParseError",
    "Outcome",
    "Position",
    "RecordError",
    "Scenario",
    "ScenarioError",
    "SearchResult",
    "SetupError",
    "SideError",
    "SpecError",
    "VectorEnv",
    "analyze",
    "search",
]
