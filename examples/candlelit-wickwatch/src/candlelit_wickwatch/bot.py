"""The keeper: a heuristic Wickwatch bot that reads only its seat's view."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from candlelit.bots.base import SeatObservation

from candlelit_wickwatch.state import WickwatchState

WORTH_A_TALL_CANDLE = 4
"""A pile worth at least this much is fought for with the tallest candle."""


class KeeperBot:
    """Fights for rich piles, hides from restless ones, and keeps tall candles otherwise.

    A pile the shortest candle would take: set down the tallest (it comes back untaken). A
    pile worth WORTH_A_TALL_CANDLE or more: the tallest, avoiding a height another seat is
    known to hold when a next-tallest exists. Anything else: the shortest, which costs
    little if it wins and comes back if it does not.
    """

    name = "keeper"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self.seat = seat

    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """The bot's choice for the decision its view shows (one per step of the game)."""
        if len(legal) == 1:
            return legal[0]
        view = seat.view()
        return _PLAN[view["phase"]](self, view, legal)

    def _offer(self, view: Mapping[str, Any], legal: Sequence[int]) -> int:
        """The candle (action = height - 1) this seat sets down tonight."""
        if view["takes"] == "shortest":
            return legal[-1]
        if view["pile_value"] >= WORTH_A_TALL_CANDLE:
            known = {h for s in view["seats"] if s["seat"] != self.seat for h in s["known"]}
            for action in reversed(legal[-2:]):
                if action + 1 not in known:
                    return action
            return legal[-1]
        return legal[0]


_PLAN: dict[str, Callable[[KeeperBot, Mapping[str, Any], Sequence[int]], int]] = \
    WickwatchState.steps.plan({"offer": KeeperBot._offer}, "wickwatch keeper bot")
"""The keeper's choice for each of the game's decision steps."""
