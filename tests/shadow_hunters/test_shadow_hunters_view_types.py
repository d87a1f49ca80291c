"""Views along seeded random games, in both variants, fit `ShadowHuntersView` and reach every
optional key it declares (the conformance suite checks the default variant's shapes too)."""

from __future__ import annotations

import random

import pytest
from shkit import new_game

from candlelit.engine.viewcheck import check_view_type, optional_paths
from candlelit.games.shadow_hunters.view_types import ShadowHuntersView


def sampled_views(players: int, seed: int, variant: str | None):
    """Every seat's and the spectator's view every few steps of one seeded random game; a
    view's log holds only the lines not in that viewer's previous sample (the log only grows)."""
    s = new_game(players, seed, variant)
    rng = random.Random(seed)
    step, logged = 0, dict.fromkeys((*range(players), None), 0)
    while True:
        if step % 10 == 0 or s.is_terminal():
            for viewer in logged:
                view = dict(s.view(viewer))
                view["log"], logged[viewer] = view["log"][logged[viewer]:], len(view["log"])
                yield view
        if s.is_terminal():
            return
        p = s.current_player()
        s.apply_action(rng.choice(s.legal_actions(p)), p)
        step += 1


@pytest.mark.parametrize("players", range(4, 9))
def test_views_fit_the_declared_type_and_meet_every_optional_key(players):
    met: set[str] = set()
    for variant in ("table", "tournament"):
        for view in sampled_views(players, 40 + players, variant):
            met |= check_view_type(view, ShadowHuntersView,
                                   f"{players}p {variant} viewer {view['viewer']}")
    met = {path.partition(".")[2] for path in met}
    assert {path.partition(".")[2] for path in optional_paths(ShadowHuntersView)} - met == set()
