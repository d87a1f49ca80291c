"""Fixtures: scripted dice for scenario tests."""

from __future__ import annotations

import pytest
from shkit import new_game  # noqa: F401

from candlelit.games.shadow_hunters.rules import ShadowHuntersState


@pytest.fixture
def dice(monkeypatch):
    """Script the d6 rolls: call the fixture's result with the values to roll, in order."""
    queue: list[int] = []

    def d6(self):
        assert queue, "the scripted dice ran out"
        return queue.pop(0)

    monkeypatch.setattr(ShadowHuntersState, "d6", d6)
    return queue.extend
