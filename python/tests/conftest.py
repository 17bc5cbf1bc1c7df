"""Shared helpers of the package's tests."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def repo() -> Path:
    """The repository's top directory (the tests read its conformance data)."""
    return REPO
