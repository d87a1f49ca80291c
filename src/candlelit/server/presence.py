"""Who is at a table: each seat's open connections and since when an empty seat has been away."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(eq=False)
class Presence:
    """Seats' open connections; a seat never connected has been away since `opened`."""

    clock: Callable[[], float] = time.time
    opened: float = 0.0
    counts: dict[int, int] = field(default_factory=dict)
    left: dict[int, float] = field(default_factory=dict)
    elsewhere: dict[int, int] = field(default_factory=dict)  # on other workers (--workers)

    def __post_init__(self) -> None:
        if not self.opened:
            self.opened = self.clock()

    def arrive(self, seat: int) -> bool:
        """Count a new connection of `seat`; True when the seat was away until now."""
        was_here = self.connected(seat)
        self.counts[seat] = self.counts.get(seat, 0) + 1
        return not was_here

    def leave(self, seat: int) -> bool:
        """Count a closed connection of `seat`; True when the seat is now away."""
        count = self.counts.get(seat, 0) - 1
        if count > 0:
            self.counts[seat] = count
            return False
        self.counts.pop(seat, None)
        if self.elsewhere.get(seat, 0):
            return False
        self.left[seat] = self.clock()
        return True

    def here(self, seat: int) -> int:
        """How many connections of `seat` this process holds."""
        return self.counts.get(seat, 0)

    def others(self, counts: dict[int, int]) -> None:
        """Set the connections that other workers hold, per seat."""
        gone = [s for s in self.elsewhere if not counts.get(s) and not self.counts.get(s)]
        self.elsewhere = {s: n for s, n in counts.items() if n > 0}
        for seat in gone:
            self.left[seat] = self.clock()

    def seen(self, seat: int) -> None:
        """The seat's player just opened its page: an away seat counts as away from now."""
        if not self.connected(seat):
            self.left[seat] = self.clock()

    def connected(self, seat: int) -> bool:
        """Whether some connection is open for `seat` (on any worker)."""
        return self.counts.get(seat, 0) + self.elsewhere.get(seat, 0) > 0

    def away_since(self, seat: int) -> float | None:
        """When `seat` last had a connection (the opening if never); None while it has one."""
        if self.connected(seat):
            return None
        return self.left.get(seat, self.opened)

    def away_for(self, seat: int) -> float:
        """Seconds since `seat` last had a connection (0 while it has one)."""
        if self.connected(seat):
            return 0.0
        return max(0.0, self.clock() - self.left.get(seat, self.opened))
