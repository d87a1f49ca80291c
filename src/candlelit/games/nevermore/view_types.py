"""The shape of a Nevermore view (what `views.view` returns), as TypedDicts mypy can check.

Suits, timings and windows are plain `str` (names from `constants.SUITS` / `TIMINGS`); a
card's or character's name is a `dict[str, str]` from language code to text. No `from
__future__ import annotations` here: Python 3.11 would then miss the `NotRequired` keys.
"""

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict, cast

from candlelit.engine.events import LogLine
from candlelit.games.nevermore.constants import DecisionKind, Purpose, Stage

if TYPE_CHECKING:
    from candlelit.bots.base import SeatObservation

Form = Literal["human", "raven"]
Deck = Literal["light", "shadow"]
Names = dict[str, str]
"""A card's or character's name (or text) per language code ("en", "zh-TW")."""
SuitCounts = dict[str, int]
"""Cards per suit name, every suit present (zero included)."""

DecisionView = TypedDict("DecisionView", {
    "kind": DecisionKind,
    "window": NotRequired[str],  # kind "window": the timing it serves ("character_" + timing)
    "suit": NotRequired[str],  # kind "commit", or a window during a step: the step's suit
    "pass": NotRequired[int],  # kind "pass": which drafting pass (1-3)
    "purpose": NotRequired[Purpose],  # kinds target / kind / yes_no / position: what it feeds
})
"""The public side of the pending decision (a `pass` key rules out the class syntax)."""


class SeatView(TypedDict):
    """One seat as every viewer sees it."""

    seat: int
    form: Form
    health: int
    vp: int
    hand: int  # suit cards held, passing ones included, less a face-down bluff while committing
    light: int  # Light magick cards held
    shadow: int  # Shadow magick cards held
    front: SuitCounts  # suit cards played in front of the seat this round
    committed: int | None  # size of its face-down commitment once made (None otherwise)
    ready: bool  # has answered the pass / commit every seat makes at once
    character: Names | None  # once characters are revealed
    copied: Names | None  # the character whose ability it copied (William Wilson)


class ProphecyView(TypedDict):
    """A Prophecy played this round: `seat` foretold that `to` shows 2+ cards of `suit`."""

    seat: int
    to: int
    suit: str
    checked: bool  # already checked (at its step, or on the hand after a Conspiracy)


class EffectsView(TypedDict):
    """This round's lasting magick effects (played face up, so public)."""

    freeze: bool
    darkness: bool
    betrayal: int | None  # the seat that played Betrayal
    betrayal_raven: bool
    punished: list[int]
    justice: list[int]
    rage_peck: list[int]
    harvest: list[int]  # per seat, extra cards its upstream neighbour passes first
    repentance: list[int]
    prophecies: list[ProphecyView]


class DecksView(TypedDict):
    """Magick deck sizes, and the names of discarded and used-up cards."""

    light: int
    light_discard: int
    shadow: int
    shadow_discard: int
    discards: list[Names]  # Light then Shadow discard piles
    used: list[Names]  # cards set aside after use


class MagickView(TypedDict):
    """One magick title the seat holds, with its rules text and provenance."""

    title: int  # the title's index (the action offset for playing it)
    card: Names
    effect: str  # the effect id (vocabulary.EFFECTS)
    deck: Deck
    count: int  # copies held
    timing: str
    confidence: str  # high / medium / low / invented
    joins_as: str | None  # the suit it may join the hand as now, if any
    faq: str | None  # the seed's FAQ item describing it
    text: Names
    raven_text: Names | None  # its effect when played as a raven


class CommitView(TypedDict):
    """The seat's own commitment to the current step."""

    cards: int
    ravens: int
    bluff: int
    wild: int  # a Raven committed as a wild card of the suit (Tarr)


class PrivateView(TypedDict):
    """What only the viewing seat sees: its cards, choices and knowledge."""

    hand: SuitCounts
    passing: SuitCounts  # cards set aside to pass
    to_pass: int  # cards still to choose while passing (0 otherwise)
    magick: list[MagickView]
    commit: CommitView | None  # during resolution steps only
    character: Names | None
    character_options: list[Names]  # characters dealt while drafting them
    knows_tokens: bool
    tokens: NotRequired[list[str]]  # the face-down token order, when the seat knows it


class ResultView(TypedDict):
    """How the game ended."""

    winners: list[int]
    reason: str  # curse, fallen, last_human, points or rounds
    scores: list[int]


class NevermoreView(TypedDict):
    """Everything one seat (or a spectator) may see of a Nevermore game."""

    game: Literal["nevermore"]
    players: int
    viewer: int | None  # None: a spectator
    round: int
    rounds: None  # no fixed number of rounds
    round_limit: int
    first_player: int
    direction: Literal["left", "right"]
    priority: list[int]  # seats in priority order this round
    phase: Stage
    to_act: list[int]
    decision: DecisionView
    max_health: int
    tokens: list[str | None]  # resolution tokens in order; None while face down
    step: str | None  # the suit being resolved
    net: list[int] | None  # per seat count for the step, once commitments are revealed
    effects: EffectsView
    seats: list[SeatView]
    character_confidence: str | None  # weakest confidence of the characters in play
    decks: DecksView
    log: list[LogLine]
    you: NotRequired[PrivateView]  # a seat's view only
    result: NotRequired[ResultView]  # once the game is over


def seat_view(seat: "SeatObservation") -> NevermoreView:
    """The seat's view, narrowed to its Nevermore shape (the bot's one boundary)."""
    return cast(NevermoreView, seat.view())
