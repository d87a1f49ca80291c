"""Anima's views match the TypedDicts of view_types.py: along seeded random games, at every
player count, every seat's view and the spectator's have exactly the declared keys (required
ones present, no undeclared one) with values of the declared types, recursively."""

from __future__ import annotations

import random
import types
import typing
from functools import cache
from typing import Any, Literal, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from candlelit.engine.registry import load
from candlelit.games.anima.view_types import AnimaView


@cache
def _hints(typed: Any) -> dict[str, Any]:
    """The declared type of each key of the TypedDict `typed`."""
    return get_type_hints(typed)


def _conform(value: Any, hint: Any, path: str, seen: set[str]) -> None:
    """Assert that `value` is of type `hint`; record in `seen` every TypedDict key met."""
    origin = get_origin(hint)
    if hint is Any:
        return
    if is_typeddict(hint):
        assert type(value) is dict, f"{path}: {value!r} is not a dict"
        keys, required = set(value), set(hint.__required_keys__)
        declared = required | set(hint.__optional_keys__)
        assert required <= keys, f"{path}: missing {sorted(required - keys)}"
        assert keys <= declared, f"{path}: undeclared {sorted(keys - declared)}"
        hints = _hints(hint)
        for key in keys:
            seen.add(f"{path}.{key}")
            _conform(value[key], hints[key], f"{path}.{key}", seen)
    elif origin in (types.UnionType, typing.Union):
        options = get_args(hint)
        if value is None:
            assert type(None) in options, f"{path}: None not allowed"
        else:
            (inner,) = [o for o in options if o is not type(None)]
            _conform(value, inner, path, seen)
    elif origin is list:
        assert type(value) is list, f"{path}: {value!r} is not a list"
        (inner,) = get_args(hint)
        for item in value:
            _conform(item, inner, f"{path}[]", seen)
    elif origin is dict:
        assert type(value) is dict, f"{path}: {value!r} is not a dict"
    elif origin is Literal:
        assert value in get_args(hint), f"{path}: {value!r} not in {get_args(hint)}"
    else:
        assert type(value) is hint, f"{path}: {value!r} is not {hint.__name__}"


def _declared(hint: Any, path: str) -> set[str]:
    """Every key path the TypedDict `hint` declares, nested ones included."""
    if is_typeddict(hint):
        out = set()
        for key, inner in _hints(hint).items():
            out |= {f"{path}.{key}"} | _declared(inner, f"{path}.{key}")
        return out
    if get_origin(hint) in (types.UnionType, typing.Union, list):
        return set().union(*(_declared(a, path + ("[]" if get_origin(hint) is list else ""))
                             for a in get_args(hint)))
    return set()


GAMES = [(players, seed, options) for players in (2, 3, 4, 5) for seed, options in
         ((0, {}), (1, {"end_game": "crisis", "final_reveal": "chosen", "trade":
                        "one-for-one"}))]


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
                yield viewer, view
        if s.is_terminal():
            return
        p = s.current_player()
        s.apply_action(rng.choice(s.legal_actions(p)), p)
        step += 1


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_views_have_exactly_the_declared_keys_and_types(players, seed, options):
    seen: set[str] = set()
    for viewer, view in _sampled_views(players, seed, options):
        _conform(view, AnimaView, f"view({viewer})", seen)


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
    seen: set[str] = set()
    _conform(views[0], AnimaView, "view", seen)
    assert {"view.seen_finals", "view.areas[].peeked"} <= seen
    for other in (None, 1):
        assert "seen_finals" not in views[other]
        assert all("peeked" not in a for a in views[other]["areas"])


def test_every_declared_key_is_met():
    seen: set[str] = set()
    for _viewer, view in [*_sampled_views(3, 0, {}), *_peeked_and_seen_finals()]:
        _conform(view, AnimaView, "view", seen)
    assert _declared(AnimaView, "view") - seen == set()
