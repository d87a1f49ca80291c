"""Divinare views have exactly the shape view_types.py declares; its keys mean what it says."""

from __future__ import annotations

import random
import types
import typing
from functools import cache
from typing import Any, Literal, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import candlelit
from candlelit.engine import conformance as c
from candlelit.games.divinare.boards import SUITS
from candlelit.games.divinare.rules import DivinareState
from candlelit.games.divinare.state import DISCARD, OVER, PASS
from candlelit.games.divinare.view_types import DivinareView

hints_of = cache(get_type_hints)


def conforms(value: Any, hint: Any, where: str) -> None:
    """Assert that `value` fits type `hint`: TypedDict keys exactly, recursively."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return
    if is_typeddict(hint):
        assert isinstance(value, dict), where
        required, optional = hint.__required_keys__, hint.__optional_keys__
        assert required <= value.keys(), f"{where}: missing {sorted(required - value.keys())}"
        extra = value.keys() - required - optional
        assert not extra, f"{where}: undeclared {sorted(extra)}"
        hints = hints_of(hint)
        for key, item in value.items():
            conforms(item, hints[key], f"{where}.{key}")
    elif origin in (types.UnionType, typing.Union):
        if value is None:
            assert type(None) in args, f"{where}: None"
            return
        conforms(value, next(a for a in args if a is not type(None)), where)
    elif origin is Literal:
        assert value in args, f"{where}: {value!r} not in {args}"
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            conforms(item, args[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), where
        for key, item in value.items():
            conforms(key, args[0], f"{where} key")
            conforms(item, args[1], f"{where}[{key!r}]")
    else:
        assert type(value) is hint, f"{where}: {value!r} is not {hint.__name__}"


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
            conforms(view, DivinareView, f"{players}p/{viewer}")
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
