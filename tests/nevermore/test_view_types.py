"""Views sampled along seeded random games have exactly the keys and types `view_types` declares."""

from __future__ import annotations

import random
import types
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import candlelit
from candlelit.games.nevermore.view_types import NevermoreView

SAMPLE_EVERY = 7
"""Actions between two sampled positions."""
MOST_ACTIONS = 900


@cache
def _hints(typed: Any) -> dict[str, Any]:
    return get_type_hints(typed)


def conforms(value: Any, hint: Any, path: str) -> None:
    """Assert that `value` has the shape `hint` declares (TypedDicts recursively, keys exactly)."""
    origin = get_origin(hint)
    if hint is Any:
        return
    if is_typeddict(hint):
        assert isinstance(value, dict), path
        keys = set(value)
        assert hint.__required_keys__ <= keys, (path, hint.__required_keys__ - keys)
        declared = hint.__required_keys__ | hint.__optional_keys__
        assert keys <= declared, (path, keys - declared)
        hints = _hints(hint)
        for key, item in value.items():
            conforms(item, hints[key], f"{path}.{key}")
    elif origin in (Union, types.UnionType):
        options = get_args(hint)
        if value is None:
            assert type(None) in options, path
        else:
            kinds = [h for h in options if h is not type(None)]
            assert len(kinds) == 1, (path, hint)
            conforms(value, kinds[0], path)
    elif origin is Literal:
        assert value in get_args(hint), (path, value)
    elif origin is list:
        assert isinstance(value, list), path
        for index, item in enumerate(value):
            conforms(item, get_args(hint)[0], f"{path}[{index}]")
    elif origin is dict:
        assert isinstance(value, dict), path
        key_hint, item_hint = get_args(hint)
        for key, item in value.items():
            conforms(key, key_hint, f"{path} key")
            conforms(item, item_hint, f"{path}.{key}")
    elif hint is type(None):
        assert value is None, path
    elif hint is int:
        assert isinstance(value, int) and not isinstance(value, bool), (path, value)
    else:
        assert type(value) is hint, (path, hint, value)


def sampled_views(players: int, seed: int, options: dict[str, Any]) -> tuple[int, set[str]]:
    """Check every seat's and the spectator's view along one random game; count the views
    and collect the optional keys seen."""
    state = candlelit.load("nevermore", players, seed, options)
    rng = random.Random(seed)
    checked, seen = 0, set()
    for step in range(MOST_ACTIONS):
        if step % SAMPLE_EVERY == 0 or state.is_terminal():
            for viewer in [None, *range(players)]:
                view = state.view(viewer)
                conforms(view, NevermoreView, f"view({viewer})")
                seen |= set(view) & NevermoreView.__optional_keys__
                seen |= set(view.get("you", {})) & {"tokens"}
                seen |= {"decision." + k for k in view["decision"] if k != "kind"}
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
    assert {"you", "result", "decision.pass", "decision.suit", "decision.window"} <= seen


def test_a_view_with_an_undeclared_or_missing_key_is_caught():
    view = candlelit.load("nevermore", 4, 1).view(0)
    conforms(view, NevermoreView, "view")
    with pytest.raises(AssertionError):
        conforms({**view, "extra": 1}, NevermoreView, "view")
    missing = dict(view)
    del missing["decks"]
    with pytest.raises(AssertionError):
        conforms(missing, NevermoreView, "view")
    with pytest.raises(AssertionError):
        conforms({**view, "you": {**view["you"], "hand": [1, 2]}}, NevermoreView, "view")
