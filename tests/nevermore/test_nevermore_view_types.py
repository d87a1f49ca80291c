"""Views sampled along seeded random games, characters in play or not, fit `NevermoreView` and
reach its optional keys."""

from __future__ import annotations

import random
from typing import Any

import pytest

import candlelit
from candlelit.engine.viewcheck import check_view_type
from candlelit.games.nevermore.view_types import NevermoreView

SAMPLE_EVERY = 7
"""Actions between two sampled positions."""
MOST_ACTIONS = 900


def sampled_views(players: int, seed: int, options: dict[str, Any]) -> tuple[int, set[str]]:
    """Check every seat's and the spectator's view along one random game; count the views
    and collect the optional keys seen."""
    state = candlelit.load("nevermore", players, seed, options)
    rng = random.Random(seed)
    checked, seen = 0, set()
    for step in range(MOST_ACTIONS):
        if step % SAMPLE_EVERY == 0 or state.is_terminal():
            for viewer in [None, *range(players)]:
                seen |= check_view_type(state.view(viewer), NevermoreView)
                checked += 1
        if state.is_terminal():
            break
        seat = rng.choice(state.pending_players())
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return checked, seen


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_match_their_declared_types_at_every_player_count(players):
    checked, seen = 0, set()
    for seed, options in ((players, {"max_rounds": 3}),
                          (players + 10, {"characters": True, "max_rounds": 3})):
        count, keys = sampled_views(players, seed, options)
        checked += count
        seen |= keys
    assert checked > 20
    assert {"view.you", "view.result", "view.decision.pass", "view.decision.suit",
            "view.decision.window"} <= seen
