"""The expectation bot: places tokens where the exact count distribution pays most."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from candlelit.bots.base import SeatObservation
from candlelit.games.divinare.boards import SUITS
from candlelit.games.divinare.knowledge import count_distribution, expected_points
from candlelit.games.divinare.rules import DivinareState
from candlelit.games.divinare.state import CENTRE_ACTION, DISCARD_BASE, MOVE_BASE, PASS_BASE
from candlelit.games.divinare.view_types import BoardView, DivinareView, seat_view


class ExpectationBot:
    """Greedy on expected score, using only its seat's view.

    Moving: the free space of highest expected points. Playing: the suit whose forced move
    gains the most (or loses the least). Passing and discarding: the card it least needs,
    i.e. the one whose suit offers the smallest gain from a later move.
    """

    name = "expectation"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.seat = seat

    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """The legal action with the best expected effect on this seat's score."""
        if len(legal) == 1:
            return legal[0]
        view = seat_view(seat)
        dist = count_distribution(view)
        return _PLAN[view["phase"]](self, view, dist, legal)

    def _set_aside(self, view: DivinareView, dist: list[dict[int, float]],
                   legal: Sequence[int]) -> int:
        """Pass or discard the card whose loss hurts least: a spare copy first, then the
        suit of lowest gain."""
        base = PASS_BASE if legal[0] < DISCARD_BASE else DISCARD_BASE
        hand = view["hand"]
        gains = [self._gain(view, dist, s) for s in range(4)]
        return min(legal, key=lambda a: (hand[SUITS[a - base]] < 2, gains[a - base], a))

    def _play(self, view: DivinareView, dist: list[dict[int, float]],
              legal: Sequence[int]) -> int:
        """Play the suit whose forced move gains the most (or loses the least)."""
        gains = [self._gain(view, dist, s) for s in range(4)]
        return max(legal, key=lambda a: (gains[a], -a))

    def _move(self, view: DivinareView, dist: list[dict[int, float]],
              legal: Sequence[int]) -> int:
        """Move to the free space (or the centre) of highest expected points."""
        moving = view["moving"]
        assert moving is not None, "a token moves only after its card is played"
        suit = SUITS.index(moving)
        board = view["boards"][suit]
        return max(legal, key=lambda a: (self._value(board, dist[suit], a), -a))

    def _value(self, board: BoardView, dist: dict[int, float], action: int) -> float:
        at = None if action == CENTRE_ACTION else action - MOVE_BASE
        return expected_points(board["spaces"], board["bonus"], dist, at)

    def _gain(self, view: DivinareView, dist: list[dict[int, float]], suit: int) -> float:
        """Best expected points after moving this suit's token, minus where it stands now."""
        board = view["boards"][suit]
        me = view["viewer"]
        assert me is not None, "a bot plays a seat"
        here = board["tokens"][me]
        taken = {t for i, t in enumerate(board["tokens"]) if t is not None}
        options: list[int | None] = [None] if here is not None else []
        options += [v for v in board["spaces"] if v not in taken]
        now = expected_points(board["spaces"], board["bonus"], dist[suit], here)
        best = max(expected_points(board["spaces"], board["bonus"], dist[suit], v)
                   for v in options)
        return best - now


Choice = Callable[[ExpectationBot, DivinareView, list[dict[int, float]], Sequence[int]], int]
_PLAN: dict[str, Choice] = DivinareState.steps.plan({
    "discard": ExpectationBot._set_aside, "pass": ExpectationBot._set_aside,
    "play": ExpectationBot._play, "move": ExpectationBot._move,
}, "divinare expectation bot")
"""The bot's choice for each of the game's decision steps."""
