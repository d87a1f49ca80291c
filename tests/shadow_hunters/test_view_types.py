"""Views along seeded random games have exactly the keys view_types.py declares, at every depth."""

from __future__ import annotations

import random
import types
import typing
from functools import cache

import pytest
from shkit import new_game

from candlelit.engine.events import LogLine
from candlelit.games.shadow_hunters.view_types import (
    DecisionKind,
    Phase,
    ShadowHuntersView,
)


def _typeddict(hint):
    """The TypedDict `hint` names (itself, or a list's item type), or None."""
    if typing.is_typeddict(hint):
        return hint
    if typing.get_origin(hint) is list:
        (item,) = typing.get_args(hint)
        return item if typing.is_typeddict(item) else None
    return None


@cache
def nested_keys(td) -> tuple[tuple[str, type, bool], ...]:
    """(key, nested TypedDict, whether the key holds a list of them) for each nested key."""
    return tuple((key, nested, typing.get_origin(hint) is list)
                 for key, hint in typing.get_type_hints(td).items()
                 if (nested := _typeddict(hint)) is not None)


def check_keys(value, td, where: str, seen: dict[type, set[str]]) -> None:
    """`value` has every required key of `td`, no undeclared key; nested TypedDicts too.
    Records in `seen[td]` the optional keys met."""
    assert isinstance(value, dict), where
    keys = set(value)
    missing = td.__required_keys__ - keys
    extra = keys - td.__required_keys__ - td.__optional_keys__
    assert not missing and not extra, f"{where}: missing {missing}, undeclared {extra}"
    seen.setdefault(td, set()).update(keys & td.__optional_keys__)
    for key, nested, many in nested_keys(td):
        if key not in value:
            continue
        items = value[key] if many else [value[key]]
        for k, item in enumerate(items):
            check_keys(item, nested, f"{where}.{key}[{k}]", seen)


def sampled_views(players: int, seed: int, variant: str | None):
    """Every seat's and the spectator's view every few steps of one seeded random game."""
    s = new_game(players, seed, variant)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % 10 == 0 or s.is_terminal():
            for viewer in [*range(players), None]:
                yield s.view(viewer)
        if s.is_terminal():
            return
        p = s.current_player()
        s.apply_action(rng.choice(s.legal_actions(p)), p)
        step += 1


@pytest.mark.parametrize("players", range(4, 9))
def test_views_have_exactly_the_declared_keys(players):
    seen: dict[type, set[str]] = {}
    for variant in ("table", "tournament"):
        for view in sampled_views(players, 40 + players, variant):
            where = f"{players}p {variant} viewer {view['viewer']}"
            check_keys(view, ShadowHuntersView, where, seen)
            assert view["phase"] in typing.get_args(Phase), where
            assert view["decision"] is None or \
                view["decision"] in typing.get_args(DecisionKind), where
            assert all(isinstance(x, int | str | types.NoneType)
                       for x in view.get("context", [])), where
    # the log lines are LogLines, and every optional key shows up somewhere
    assert seen[LogLine] == set()
    for td, met in seen.items():
        assert met == td.__optional_keys__, f"{td.__name__}: never saw {td.__optional_keys__ - met}"
