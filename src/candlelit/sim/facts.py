"""What each seat ended a simulated game with: its return, its score, its character, whether it
lived — read from the finished game's views, each seat's hidden facts from its own view only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from candlelit.engine.state import State

SCORE_KEYS = ("scores", "points")
"""The keys of a game's final `result` that hold one score per seat (Fatal Frame: points)."""


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat at a game's end; None where the game has no such thing."""

    return_: float  # the seat's return (the engine's returns())
    score: int | None = None
    character: str | None = None
    alive: bool | None = None


def _seat(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    """The `seats[seat]` entry of `view` (empty if the view has none)."""
    seats = view.get("seats")
    entry = seats[seat] if isinstance(seats, list) and seat < len(seats) else None
    return entry if isinstance(entry, Mapping) else {}


def _name(value: Any) -> str | None:
    """A character as text: its id, or its English name where the view gives names by language."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping) and isinstance(value.get("en"), str):
        return str(value["en"])
    return None


def _score(result: Any, seat: int) -> int | None:
    if not isinstance(result, Mapping):
        return None
    for key in SCORE_KEYS:
        scores = result.get(key)
        if isinstance(scores, list) and seat < len(scores):
            value = scores[seat]
            return value if isinstance(value, int) and not isinstance(value, bool) else None
    return None


def characters(state: State, public: Mapping[str, Any] | None = None) -> tuple[str | None, ...]:
    """Each seat's character now (None where it has none yet), `public` being the spectator
    view if already made; one the spectator may not see (Shadow Hunters: unrevealed) is read
    from its own seat's view, which shows that seat its own character."""
    public = state.view(None) if public is None else public
    found = []
    for seat in range(state.num_players):
        shown = _seat(public, seat)
        character = shown.get("character")
        if character is None and ("character" in shown or shown.get("revealed") is False):
            character = _seat(state.view(seat), seat).get("character")
        found.append(_name(character))
    return tuple(found)


def seat_facts(state: State, public: Mapping[str, Any], start: State) -> tuple[SeatFacts, ...]:
    """Each seat's facts at the end of `state`'s game, `public` being its spectator view and
    `start` a copy of the game before its first action: its character is the one it was dealt,
    else (drafted in play) the one it ends with — not one it became (a Shadow Hunters zombie)."""
    returns = state.returns()
    result = public.get("result")
    ending = characters(state, public)
    dealt = characters(start) if any(ending) else ending
    facts = []
    for seat in range(state.num_players):
        alive = _seat(public, seat).get("alive")
        facts.append(SeatFacts(float(returns[seat]), _score(result, seat),
                               dealt[seat] or ending[seat],
                               alive if isinstance(alive, bool) else None))
    return tuple(facts)
