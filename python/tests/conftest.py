"""Shared helpers of the package's tests."""

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def repo() -> Path:
    """The repository's top directory (the tests read its conformance data)."""
    return REPO


def load_module(name: str, path: Path) -> ModuleType:
    """The Python file at `path` imported as module `name` (scripts and examples that
    are not in a package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
