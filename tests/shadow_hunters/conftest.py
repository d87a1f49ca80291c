"""Fixtures: the game's spec made reachable by name for the duration of one test only."""

from __future__ import annotations

import pytest

from candlelit.engine import registry
from candlelit.games.shadow_hunters import SPEC
from candlelit.games.shadow_hunters.rules import ShadowHuntersState


@pytest.fixture
def playable(monkeypatch):
    """Make 'shadow-hunters' loadable by name in this test without registering it."""
    monkeypatch.setitem(registry._GAMES, SPEC.name, SPEC)
    return SPEC


from shkit import new_game  # noqa: E402,F401


@pytest.fixture
def dice(monkeypatch):
    """Script the d6 rolls: call the fixture's result with the values to roll, in order."""
    queue: list[int] = []

    def d6(self):
        assert queue, "the scripted dice ran out"
        return queue.pop(0)

    monkeypatch.setattr(ShadowHuntersState, "d6", d6)
    return queue.extend
