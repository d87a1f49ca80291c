"""Scenario helpers for Anima tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from anmkit import Dice


@pytest.fixture
def dice(monkeypatch):
    """Scripted dice for the game under test."""
    return Dice(monkeypatch)
