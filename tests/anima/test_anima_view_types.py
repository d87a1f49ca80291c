"""Anima's views reach every optional key view_types.py declares, each only where it belongs
(the conformance suite checks every view's shape against `AnimaView`)."""

from __future__ import annotations

import random
from typing import Any

from candlelit.engine import conformance as c
from candlelit.engine.registry import load
from candlelit.engine.viewcheck import check_view_type, optional_paths
from candlelit.games.anima.view_types import AnimaView

RARE_OPTIONS = {"end_game": "crisis", "final_reveal": "chosen", "trade": "one-for-one"}


def _met_in_play(players: int, seed: int, options: dict[str, Any]) -> set[str]:
    """The optional view keys met (paths without the viewer) in every seat's and the
    spectator's views at every fifth step of one seeded random game and at its end, each
    checked against AnimaView by the conformance suite's check."""
    s = load("anima", players, seed, options)
    rng = random.Random(seed)
    step, logged, met = 0, {}, set()
    while True:
        if step % 5 == 0 or s.is_terminal():
            met |= {path.partition(".")[2] for path in c.check_views(s, AnimaView, logged)}
        if s.is_terminal():
            return met
        p = s.current_player()
        s.apply_action(rng.choice(s.legal_actions(p)), p)
        step += 1


def _peeked_and_seen_finals() -> list[tuple[int | None, dict[str, Any]]]:
    """Views of a 3-player game where seat 0 has peeked at a face-down encounter and looked
    at the hidden final missions (rare along random games)."""
    s = load("anima", 3, 0)
    rng = random.Random(0)
    while s.round < 1 or not any(e >= 0 for e in s.enc_down):
        p = s.current_player()
        s.apply_action(rng.choice(s.legal_actions(p)), p)
    s.seen[0].append(next(slot for slot, e in enumerate(s.enc_down) if e >= 0))
    s.saw_finals[0] = 1
    return [(viewer, dict(s.view(viewer))) for viewer in (None, 0, 1)]


def test_a_peek_and_the_seen_finals_reach_only_their_seat():
    views = dict(_peeked_and_seen_finals())
    assert {"view.seen_finals", "view.areas[].peeked"} <= check_view_type(views[0], AnimaView)
    for other in (None, 1):
        assert "seen_finals" not in views[other]
        assert all("peeked" not in a for a in views[other]["areas"])


def test_every_optional_key_is_met():
    met = _met_in_play(3, 0, {}) | _met_in_play(3, 1, RARE_OPTIONS)
    for _viewer, view in _peeked_and_seen_finals():
        met |= {path.partition(".")[2] for path in check_view_type(view, AnimaView)}
    assert {path.partition(".")[2] for path in optional_paths(AnimaView)} - met == set()
