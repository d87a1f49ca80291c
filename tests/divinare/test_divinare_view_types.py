"""Divinare views have the shape view_types.py declares in every variant, private keys only
for a seat; its keys mean what it says."""

from __future__ import annotations

import random

import pytest

import candlelit
from candlelit.engine import conformance as c
from candlelit.engine.viewcheck import check_view_type
from candlelit.games.divinare.boards import SUITS
from candlelit.games.divinare.rules import DivinareState
from candlelit.games.divinare.state import DISCARD, OVER, PASS
from candlelit.games.divinare.view_types import DivinareView


def sampled_states(players: int, seed: int, public: bool) -> list[DivinareState]:
    """Copies of a seeded random game's state every few steps, and its end."""
    state = candlelit.load("divinare", players, seed, {"public_scores": public})
    assert isinstance(state, DivinareState)
    rng = random.Random(seed)
    seen = []
    step = 0
    while not state.is_terminal():
        if step % 13 == 0:
            seen.append(state.clone())
        pending = state.pending_players()
        player = pending[rng.randrange(len(pending))]
        state.apply_action(rng.choice(state.legal_actions(player)), player)
        step += 1
    return [*seen, state]


@pytest.mark.parametrize("players", c.player_counts("divinare"))
@pytest.mark.parametrize("public", [False, True])
def test_every_view_has_exactly_the_declared_keys(players, public):
    phases = set()
    for state in sampled_states(players, 3 + players, public):
        phases.add(state.phase)
        for viewer in [None, *range(players)]:
            view = state.view(viewer)
            check_view_type(view, DivinareView, f"{players}p/{viewer}")
            private = {"hand", "choosing", "to_choose", "discards", "passes"}
            assert private <= view.keys() if viewer is not None else not private & view.keys()
            assert ("result" in view) == (state.phase == OVER)
    assert phases >= {PASS, OVER} | ({DISCARD} if players == 2 else set())


def test_the_keys_read_only_by_name_mean_what_view_types_says():
    state = candlelit.load("divinare", 2, 5)
    assert isinstance(state, DivinareState)
    discarded = set()
    while state.round == 0:
        view = state.view(1)
        first_player = view["first_player"]
        assert first_player == state.first == 0
        committing = state.phase in (DISCARD, PASS)
        to_choose = view["to_choose"]
        assert to_choose == (state.to_commit[1] if committing else 0)
        choosing = view["choosing"]
        assert [choosing[s] for s in SUITS] == state.held[1]
        for seat in view["seats"]:
            face_down_discards = seat["face_down_discards"]
            assert face_down_discards == sum(state.discards[seat["seat"]])
            discarded.add(face_down_discards)
        scores_face_down = view["scores_face_down"]
        assert scores_face_down and view["seats"][0]["tokens"] is None
        aside = view["deck"]["aside"]
        assert aside == view["deck"]["size"] - view["deck"]["dealt"] == 12
        p = state.pending_players()[-1]
        state.apply_action(state.legal_actions(p)[-1], p)
    assert discarded == {0, 2}
    assert state.view(1)["first_player"] == 1
