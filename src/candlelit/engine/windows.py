"""Reaction windows: a moment when seats other than the active one may answer, one by one.

A `Window` says whom it asks and in what order, from public information only: every seat
that could publicly respond is asked, whatever it holds, so being asked reveals nothing
(and the asked seat may always pass). The game keeps where the asking stands (a position
in the order and a mask of seats that passed) in its own fields; the window walks on from
there. After a play, a window that `reopens` asks again everyone who had passed.

Every game with a window answers `State.window_askees()`; the conformance suite checks
that the answer is the same in every world resampled for any seat (engine/conformance.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")
"""The game state a table's handlers take (a subclass of engine.state.State)."""

NOBODY = -1
"""`Window.next_index` when no seat is left to ask: the window closes."""


@dataclass(frozen=True, slots=True)
class Window(Generic[S]):
    """One kind of reaction window."""

    name: str
    order: Callable[[S], Sequence[int]]
    """The seats in asking order (public information only)."""
    eligible: Callable[[S, int], bool]
    """Whether a seat could publicly respond now (public information only)."""
    circular: bool = False
    """Walk on past the end of `order` back to its start (until one full round)."""
    reopens: bool = False
    """After a play, ask again every seat that had passed."""

    def next_index(self, state: S, start: int, passed: int = 0) -> int:
        """Index in `order` of the first seat from `start` on that has not passed and is
        eligible, or NOBODY."""
        order = self.order(state)
        n = len(order)
        eligible = self.eligible
        for k in range(n if self.circular else max(n - start, 0)):
            i = (start + k) % n if self.circular else start + k
            seat = order[i]
            if not passed >> seat & 1 and eligible(state, seat):
                return i
        return NOBODY

    def askees(self, state: S, start: int = 0, passed: int = 0) -> tuple[int, ...]:
        """Every seat this window still asks from `start` on, in order."""
        order = self.order(state)
        n = len(order)
        out = []
        for k in range(n if self.circular else max(n - start, 0)):
            i = (start + k) % n if self.circular else start + k
            seat = order[i]
            if not passed >> seat & 1 and self.eligible(state, seat):
                out.append(seat)
        return tuple(out)

    def after_pass(self, passed: int, seat: int) -> int:
        """The passed mask once `seat` has passed."""
        return passed | 1 << seat

    def after_play(self, passed: int) -> int:
        """The passed mask once a seat has played (cleared if the window reopens)."""
        return 0 if self.reopens else passed
