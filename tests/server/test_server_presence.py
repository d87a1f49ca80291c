"""A seat's presence: counted connections, and how long an empty seat has been away."""

from __future__ import annotations

from candlelit.server.presence import Presence


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_seat_is_away_from_the_table_opening_until_it_connects():
    clock = Clock()
    presence = Presence(clock)
    clock.now = 130.0
    assert not presence.connected(1)
    assert presence.away_for(1) == 30.0
    assert presence.arrive(1) is True
    assert presence.away_for(1) == 0.0


def test_a_seat_with_two_tabs_is_away_only_when_both_close():
    clock = Clock()
    presence = Presence(clock)
    assert presence.arrive(0) is True
    assert presence.arrive(0) is False
    clock.now = 110.0
    assert presence.leave(0) is False
    assert presence.connected(0)
    clock.now = 120.0
    assert presence.leave(0) is True
    clock.now = 125.0
    assert presence.away_for(0) == 5.0
