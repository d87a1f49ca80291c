"""Anima's views reach every optional key view_types.py declares, each only where it belongs
(the conformance suite checks every view's shape against `AnimaView`)."""

from __future__ import annotations

import random
from typing import Any

from candlelit.engine.registry import load
from candlelit.engine.viewcheck import check_view_type, optional_paths
from candlelit.games.anima.view_types import AnimaView

RARE_OPTIONS = {"end_game": "crisis", "final_reveal": "chosen", "trade": "one-for-one"}


def _sampled_views(players: int, seed: int, options: dict[str, Any]):
    """Every seat's and the spectator's view at every fifth step and at the end; a view's
    log holds only the lines not in that viewer's previous sample (the log only grows)."""
    s = load("anima", players, seed, options)
    rng = random.Random(seed)
    step, logged = 0, dict.fromkeys((None, *range(players)), 0)
    while True:
        if step % 5 == 0 or s.is_terminal():
            for viewer in logged:
                view = dict(s.view(viewer))
                view["log"], logged[viewer] = view["log"][logged[viewer]:], len(view["log"])
                yield view
        if s.is_terminal():
            return
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
    met: set[str] = set()
    views = [*_sampled_views(3, 0, {}), *_sampled_views(3, 1, RARE_OPTIONS),
             *(view for _viewer, view in _peeked_and_seen_finals())]
    for view in views:
        met |= check_view_type(view, AnimaView)
    assert optional_paths(AnimaView) - met == set()
