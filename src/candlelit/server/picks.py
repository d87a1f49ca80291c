"""Picks: the controls' structs a board element's `data-pick="k=v&k2=v2"` is matched against."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl

from candlelit.engine.plugins import resolve
from candlelit.engine.registry import get
from candlelit.engine.state import State


def pick_struct(struct: Mapping[str, Any]) -> dict[str, Any]:
    """The struct a control carries in `data-struct`: the action's struct without its "key"."""
    return {k: v for k, v in struct.items() if k != "key"}


def pick_pairs(pick: str) -> dict[str, str]:
    """The pairs of a `data-pick` value ("kind=move&space=4" → {"kind": "move", "space": "4"})."""
    return dict(parse_qsl(pick, keep_blank_values=True))


def matches(pick: str, struct: Mapping[str, Any]) -> bool:
    """Whether every pair of `pick` names a field of `struct` holding that value (as text);
    a dotted name ("card.en") names a field of a field."""
    pairs = pick_pairs(pick)
    return bool(pairs) and all((found := _at(struct, k)) is not _MISSING and _text(found) == v
                               for k, v in pairs.items())


_MISSING = object()


def _at(struct: Any, key: str) -> Any:
    """The value a (dotted) name names in `struct`, or _MISSING."""
    value = struct
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return _MISSING
        value = value[part]
    return value


def _text(value: Any) -> str:
    """A struct value as picks.js compares it (`String(value)`; JSON's spelling of booleans)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def follow_ups(state: State, seat: int, action: int, lang: str) -> list[dict[str, Any]]:
    """The same seat's next controls after `action`, when its game opts in for that action
    (its hook says computing them reveals nothing hidden); [] otherwise."""
    hook = get(state.game).follow_up
    if hook is None or not resolve(hook)(state, seat, action):
        return []
    after = state.clone()
    after.apply_action(action, seat)
    if after.pending_players() != [seat]:
        return []
    return [{"action": a, "struct": pick_struct(after.action_to_struct(seat, a)),
             "label": after.action_to_string(seat, a, lang)}
            for a in after.legal_actions(seat)]
