"""Tables laid out by hand for the rules scenarios."""

from __future__ import annotations

from typing import Any

from candlelit.engine.registry import load

from candlelit_wickwatch.deck import TALLEST
from candlelit_wickwatch.state import WickwatchState

SPIRIT = {"candle-moth": 0, "humming-child": 1, "lamplighter": 2, "grey-nurse": 3,
          "drowned-bell": 4, "old-warden": 5, "window-knocker": 6, "cold-draught": 7,
          "mirror-twin": 8, "hollow-widow": 9}
"""Built-in spirit ids → their index in the deck."""


def counts(*heights: int) -> list[int]:
    """Candle heights as counts per height."""
    out = [0] * TALLEST
    for h in heights:
        out[h - 1] += 1
    return out


def table(hands: list[list[int]], pile: list[str], deck: list[str], box: list[int],
          **options: Any) -> WickwatchState:
    """A game whose hands, pile, spirit deck (top last) and box (top last) are as given."""
    state = load("wickwatch", len(hands), 0, options)
    assert isinstance(state, WickwatchState)
    state.hands = [counts(*hand) for hand in hands]
    state.pile = [SPIRIT[s] for s in pile]
    state.spirit_deck = [SPIRIT[s] for s in deck]
    state.box = list(box)
    return state


def offer(state: WickwatchState, *heights: int) -> None:
    """Every seat in turn sets down the candle of the given height."""
    for seat, height in enumerate(heights):
        state.apply_action(height - 1, seat)


def keys(state: WickwatchState, since: int = 0) -> list[str]:
    """The log's message keys from entry `since` on."""
    return [entry[1] for entry in state.log[since:]]
