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

from importlib.metadata import PackageNotFoundError as _NotInstalled
from importlib.metadata import version as _version

try:
    __version__ = _version("battaglie")
    """The installed package's version (its metadata's, as pip shows it)."""
except _NotInstalled:  # pragma: no cover - the sources imported without installing
    __version__ = "0+unknown"

BATTLES = tuple(s.id for s in Scenario.builtins())
"""The built-in battles' ids."""

__all__ = [
    "__version__",
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
