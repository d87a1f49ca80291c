"""Pins: the cards a seat's own log says other seats hold now, which every world resampled
for that seat must keep where they are.

A game whose seats can learn where hidden cards are (cards passed to a neighbour, a card
taken openly into a hand, a hand looked at) declares `State.pins`: `known` reads one seat's
visible log (and what it sees now) into facts — (holder, card) → at least this many — and
`held` counts what a seat holds now. Facts are lower bounds: a game may forget one (a
weaker world), never claim one that is false. The conformance suite checks every fact
against the real state and against each resampled world (engine/conformance.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

S = TypeVar("S")
"""The game state a game's pin readers take (a subclass of engine.state.State)."""

Fact = tuple[int, Hashable]
"""(holder seat, card): the seat holds that card."""

Facts = dict[Fact, int]
"""Each fact with the least number of such cards its holder holds (never 0)."""


@dataclass(frozen=True, slots=True)
class Pins(Generic[S]):
    """A game's reading of what a seat's log pins down."""

    known: Callable[[S, int], Facts]
    """The facts the seat's visible log (and its view) establish now."""
    held: Callable[[S, int], Mapping[Any, int]]
    """What a seat holds now, card → count (in hand and anywhere else it keeps cards)."""

    def unmet(self, state: S, facts: Facts) -> list[tuple[Fact, int, int]]:
        """The facts `state` breaks, each with the count pinned and the count held."""
        holdings: dict[int, Mapping[Any, int]] = {}
        out = []
        for (holder, card), least in sorted(facts.items(), key=repr):
            if holder not in holdings:
                holdings[holder] = self.held(state, holder)
            have = holdings[holder].get(card, 0)
            if have < least:
                out.append(((holder, card), least, have))
        return out


def add_fact(facts: Facts, holder: int, card: Hashable, count: int = 1) -> None:
    """Raise the pinned count of `card` held by `holder` by `count`."""
    if count > 0:
        facts[holder, card] = facts.get((holder, card), 0) + count


def drop_fact(facts: Facts, holder: int, card: Hashable, count: int = 1) -> None:
    """Lower the pinned count of `card` held by `holder` by `count` (not below none)."""
    left = facts.get((holder, card), 0) - count
    if left > 0:
        facts[holder, card] = left
    else:
        facts.pop((holder, card), None)


def by_holder(facts: Facts) -> dict[int, dict[Hashable, int]]:
    """The facts grouped by holder: holder → card → count."""
    out: dict[int, dict[Hashable, int]] = {}
    for (holder, card), count in facts.items():
        out.setdefault(holder, {})[card] = count
    return out
