"""The shape of a Nevermore view (what `views.view` returns), as TypedDicts mypy can check.

Suits, timings and windows are plain `str` (names from `constants.SUITS` / `TIMINGS`); a
card's or character's name is a `dict[str, str]` from language code to text. The functional
`TypedDict(...)` form keeps keys as strings: `pass` is a keyword, and vulture would take the
keys nothing reads by name for unused class variables.
"""
# ruff: noqa: UP013

from __future__ import annotations

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
"""The public side of the pending decision."""

SeatView = TypedDict("SeatView", {
    "seat": int,
    "form": Form,
    "health": int,
    "vp": int,
    "hand": int,  # suit cards held (passing ones too), less a face-down bluff while committing
    "light": int,  # Light magick cards held
    "shadow": int,  # Shadow magick cards held
    "front": SuitCounts,  # suit cards played in front of the seat this round
    "committed": int | None,  # while committing: cards it put face down, once it has
    "ready": bool,  # has answered the pass / commit every seat makes at once
    "character": Names | None,  # once characters are revealed
    "copied": Names | None,  # the character whose ability it copied (William Wilson)
})
"""One seat as every viewer sees it."""

ProphecyView = TypedDict("ProphecyView", {
    "seat": int,
    "to": int,
    "suit": str,
    "checked": bool,  # already checked (at its step, or on the hand after a Conspiracy)
})
"""A Prophecy played this round: `seat` foretold that `to` shows 2+ cards of `suit`."""

EffectsView = TypedDict("EffectsView", {
    "freeze": bool,
    "darkness": bool,
    "betrayal": int | None,  # the seat that played Betrayal
    "betrayal_raven": bool,
    "punished": list[int],
    "justice": list[int],
    "rage_peck": list[int],
    "harvest": list[int],  # per seat, extra cards its upstream neighbour passes first
    "repentance": list[int],
    "prophecies": list[ProphecyView],
})
"""This round's lasting magick effects (played face up, so public)."""

DecksView = TypedDict("DecksView", {
    "light": int,
    "light_discard": int,
    "shadow": int,
    "shadow_discard": int,
    "discards": list[Names],  # Light then Shadow discard piles
    "used": list[Names],  # cards set aside after use
})
"""Magick deck sizes, and the names of discarded and used-up cards."""

MagickView = TypedDict("MagickView", {
    "title": int,  # the title's index (the action offset for playing it)
    "card": Names,
    "effect": str,  # the effect id (vocabulary.EFFECTS)
    "deck": Deck,
    "count": int,  # copies held
    "timing": str,
    "confidence": str,  # high / medium / low / invented
    "joins_as": str | None,  # the suit it may join the hand as now, if any
    "faq": str | None,  # the seed's FAQ item describing it
    "text": Names,
    "raven_text": Names | None,  # its effect when played as a raven
})
"""One magick title the seat holds, with its rules text and provenance."""

CommitView = TypedDict("CommitView", {
    "cards": int,
    "ravens": int,
    "bluff": int,
    "wild": int,  # a Raven committed as a wild card of the suit (Tarr)
})
"""The seat's own commitment to the current step."""

PrivateView = TypedDict("PrivateView", {
    "hand": SuitCounts,
    "passing": SuitCounts,  # cards set aside to pass
    "to_pass": int,  # cards still to choose while passing (0 otherwise)
    "magick": list[MagickView],
    "commit": CommitView | None,  # during resolution steps only
    "character": Names | None,
    "character_options": list[Names],  # characters dealt while drafting them
    "knows_tokens": bool,
    "tokens": NotRequired[list[str]],  # the face-down token order, when the seat knows it
})
"""What only the viewing seat sees: its cards, choices and knowledge."""

ResultView = TypedDict("ResultView", {
    "winners": list[int],
    "reason": str,  # curse, fallen, last_human, points or rounds
    "scores": list[int],
})
"""How the game ended."""

NevermoreView = TypedDict("NevermoreView", {
    "game": Literal["nevermore"],
    "players": int,
    "viewer": int | None,  # None: a spectator
    "round": int,
    "rounds": None,  # no fixed number of rounds
    "round_limit": int,
    "first_player": int,
    "direction": Literal["left", "right"],
    "priority": list[int],  # seats in priority order this round
    "phase": Stage,
    "to_act": list[int],
    "decision": DecisionView,
    "max_health": int,
    "tokens": list[str | None],  # resolution tokens in order; None while face down
    "step": str | None,  # the suit being resolved
    "net": list[int] | None,  # per seat count for the step, once commitments are revealed
    "effects": EffectsView,
    "seats": list[SeatView],
    "character_confidence": str | None,  # weakest confidence of the characters in play
    "decks": DecksView,
    "log": list[LogLine],
    "you": NotRequired[PrivateView],  # a seat's view only
    "result": NotRequired[ResultView],  # once the game is over
})
"""Everything one seat (or a spectator) may see of a Nevermore game."""

def seat_view(seat: SeatObservation) -> NevermoreView:
    """The seat's view, narrowed to its Nevermore shape (the bot's one boundary)."""
    return cast(NevermoreView, seat.view())
