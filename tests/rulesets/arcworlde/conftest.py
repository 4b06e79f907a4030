"""Fixtures for the ArcWorlde rule tests: a fresh :class:`~.arena.Arena` per test."""

from __future__ import annotations

import pytest

from .arena import Arena


@pytest.fixture
def arena() -> Arena:
    """An empty 36" x 36" table in Round 1, no terrain, dice scripted by the test."""
    return Arena()
