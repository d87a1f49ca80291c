"""The shape of a Divinare view, as TypedDicts: what `view(seat)` returns and its readers expect."""

# No `from __future__ import annotations` here: on Python 3.11 a TypedDict sees `NotRequired`
# only in evaluated annotations, and `__optional_keys__` must be right for readers that check.
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from candlelit.bots.base import SeatObservation
from candlelit.engine.events import LogLine

Suit = Literal["red", "blue", "green", "yellow"]
"""A suit's name, also the name of its board."""
Phase = Literal["discard", "pass", "play", "move", "over"]
"""A step of the round: choosing cards to discard or pass, playing a card, moving a token; or
the game is over."""
TokenColour = Literal["blue", "yellow", "red"]
"""A score token's colour: blue 3 points, yellow 1, red -1."""

SuitCounts = dict[Suit, int]
"""Cards per suit, keyed by suit name in board order (`boards.SUITS`)."""


class BoardView(TypedDict):
    """One suit's board as everyone sees it."""

    suit: Suit
    spaces: list[int]  # its numbered spaces, ascending
    bonus: dict[str, int]  # space number (as a string, for JSON) -> extra points (1 or 2)
    played: int  # cards of this suit played beside the board this round
    tokens: list[int | None]  # per seat, the space its prediction token is on; None: centre
    reconstructed: bool  # the board's spaces or bonuses are invented, not from a source


class ScoreTokens(TypedDict):
    """How many score tokens of each colour one seat has won."""

    blue: int
    yellow: int
    red: int


class SeatView(TypedDict):
    """One seat at the table as the viewer sees it."""

    seat: int
    cards: int  # cards in hand, counting those chosen to pass or discard
    face_down_discards: int  # its face-down discards this round (2 players only)
    ready: bool  # it has chosen all the cards it must pass or discard now
    tokens: ScoreTokens | None  # None: kept face down from this viewer until the final count
    score: int | None  # points of `tokens`; None when they are face down


class DeckView(TypedDict):
    """The deck's make-up: cards per suit, its size, and how many are dealt each round."""

    suits: SuitCounts
    size: int
    dealt: int
    aside: int  # cards left out of each round's deal


class PassView(TypedDict):
    """One pass of this round from the viewer's side: the cards it gave and received."""

    given: SuitCounts
    received: SuitCounts


class ResultView(TypedDict):
    """The final count, once the game is over."""

    scores: list[int]  # per seat
    winners: list[int]  # the seats that share the win


class DivinareView(TypedDict):
    """Everything one seat (or a spectator) may see of a Divinare game."""

    game: Literal["divinare"]
    players: int
    viewer: int | None  # the seat this view is for; None: a spectator
    round: int  # the current round, from 1 (the last one once the game is over)
    rounds: int
    first_player: int  # the seat holding the action card this round
    phase: Phase
    to_act: list[int]  # seats that may act now, ascending
    moving: Suit | None  # in the move phase, the suit whose token must move; else None
    boards: list[BoardView]  # in suit order
    seats: list[SeatView]  # in seat order
    scores_face_down: bool  # other seats' score tokens are hidden from this viewer
    deck: DeckView
    log: list[LogLine]  # the log entries this viewer may see
    # the viewer's own cards: present for a seat, absent for a spectator
    hand: NotRequired[SuitCounts]
    choosing: NotRequired[SuitCounts]  # chosen to pass or discard, not yet handed over
    to_choose: NotRequired[int]  # cards still to choose now (0 outside discard/pass)
    discards: NotRequired[SuitCounts]  # its own face-down discards this round
    passes: NotRequired[list[PassView]]  # this round's completed passes
    result: NotRequired[ResultView]  # present once the game is over


def divinare_view(view: Mapping[str, Any]) -> DivinareView:
    """`view` (a Divinare state's `view(...)`) read as the typed view it is."""
    return cast(DivinareView, view)


def seat_view(seat: SeatObservation) -> DivinareView:
    """The typed view of the seat a bot plays."""
    return divinare_view(seat.view())
