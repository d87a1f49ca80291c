"""Views along seeded random games, in both variants, fit `ShadowHuntersView` and reach every
optional key it declares (the conformance suite checks the default variant's shapes too)."""

from __future__ import annotations

import random

import pytest
from shkit import new_game

from candlelit.engine import conformance as c
from candlelit.engine.viewcheck import optional_paths
from candlelit.games.shadow_hunters.view_types import ShadowHuntersView


def met_in_play(players: int, seed: int, variant: str | None) -> set[str]:
    """The optional view keys met (paths without the viewer) in every seat's and the
    spectator's views every ten steps of one seeded random game and at its end, each checked
    against ShadowHuntersView by the conformance suite's check."""
    s = new_game(players, seed, variant)
    rng = random.Random(seed)
    step, logged, met = 0, {}, set()
    while True:
        if step % 10 == 0 or s.is_terminal():
            met |= {path.partition(".")[2]
                    for path in c.check_views(s, ShadowHuntersView, logged)}
        if s.is_terminal():
            return met
        p = s.current_player()
        s.apply_action(rng.choice(s.legal_actions(p)), p)
        step += 1


@pytest.mark.parametrize("players", range(4, 9))
def test_views_fit_the_declared_type_and_meet_every_optional_key(players):
    met = met_in_play(players, 40 + players, "table")
    met |= met_in_play(players, 40 + players, "tournament")
    assert {path.partition(".")[2] for path in optional_paths(ShadowHuntersView)} - met == set()
