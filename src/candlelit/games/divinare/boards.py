"""Divinare's boards and action cards, loaded from YAML data that keeps its provenance."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import Field, model_validator

from candlelit.engine.cardfile import Source, as_source, read_shipped
from candlelit.engine.cardmodel import CardModel, validated
from candlelit.engine.datafiles import CardData
from candlelit.games.divinare.view_types import Suit

SUITS: tuple[Suit, ...] = ("red", "blue", "green", "yellow")
"""Suit ids in board order: chiromancy, crystallomancy, tasseomancy, astromancy."""
SUIT_BY_NAME = {"chiromancy": 0, "crystallomancy": 1, "tasseomancy": 2, "astromancy": 3}
CARDS_PER_SUIT = (6, 8, 10, 12)
DECK_SIZE = 36
DEALT = 24
MIN_SPACES = 4
"""Every board needs a free numbered space for a token leaving the centre with 3 rivals."""

Confidence = Literal["high", "medium", "low", "invented"]


class _Fact(CardModel):
    """One sourced fact of the shipped file, kept for readers (the rules read none)."""

    value: Any = None
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "high"
    note: str | None = None
    alternatives: list[str] = Field(default_factory=list)


class _Spaces(CardModel):
    value: list[int]
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "high"


class _Bonus(CardModel):
    single: list[int] = Field(default_factory=list)
    double: list[int] = Field(default_factory=list)
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "high"


class _Board(CardModel):
    suit: str
    numbered_spaces: _Spaces
    bonus: _Bonus = _Bonus()
    colour: str | None = None
    card_count: int | None = None
    possible_counts: str | None = None
    count_probability_pct: Any = None
    mean_count: float | None = None
    design_note: str | None = None
    """The suit's odds and the designer's notes, for readers: the rules read none of them."""

    @model_validator(mode="before")
    @classmethod
    def _plain_list(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("numbered_spaces"), list):
            data = {**data, "numbered_spaces": {"value": data["numbered_spaces"]}}
        return data


class _Step(CardModel):
    when_hand_size: int
    pass_: int = Field(alias="pass")
    note: str | None = None


class _Schedule(CardModel):
    value: list[_Step]
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "high"
    alternatives: list[str] = Field(default_factory=list)
    """Other schedules the sources allow, for readers."""


class _ActionCard(CardModel):
    pass_schedule: _Schedule
    cards_per_player: _Fact | None = None
    rounds: _Fact | None = None
    set_aside_per_round: _Fact | None = None
    start_of_round_discard: _Fact | None = None
    end_of_round_reveal: _Fact | None = None
    rule_text: str | None = None
    """The rest of the printed card, for readers: the rules derive these numbers."""


class _File(CardModel):
    boards: list[_Board]
    action_cards: dict[str, _ActionCard] = Field(default_factory=dict)
    meta: Any = None
    deck: Any = None
    components: Any = None
    board_rules: Any = None
    scoring: Any = None
    token_supply: Any = None
    end_of_game: Any = None
    turn_structure: Any = None
    passing: Any = None
    invented_layout_rationale: Any = None
    """The research behind the layout (`candlelit cards divinare` shows `meta`'s sources);
    the rules read only `boards` and `action_cards`."""


@dataclass(frozen=True)
class Board:
    """One prediction board: its numbered spaces and bonus circles (value → extra tokens)."""

    suit: int
    spaces: tuple[int, ...]
    bonus: dict[int, int]
    spaces_confidence: str
    bonus_confidence: str
    source: tuple[str, ...]


@dataclass(frozen=True)
class Layout:
    """The four boards and the pass schedule of each player count's action card."""

    boards: tuple[Board, ...]
    schedules: dict[int, tuple[tuple[int, int], ...]]
    schedule_confidence: dict[int, str]
    origin: str

    def schedule(self, players: int, kind: str) -> tuple[tuple[int, int], ...]:
        """(hand size, cards to pass) steps for `players`; `kind` 'card' or 'every-even'."""
        if kind == "every-even":
            start = hand_at_first_pass(players)
            return tuple((h, h // 2) for h in range(start, 0, -2))
        return self.schedules[players]


def cards_per_player(players: int) -> int:
    """Cards dealt to each seat: 24 shared evenly."""
    return DEALT // players


def hand_at_first_pass(players: int) -> int:
    """Hand size when passing can first happen (2 players discard 2 first)."""
    return cards_per_player(players) - (2 if players == 2 else 0)


def parse_layout(raw: Any, origin: str | Source) -> Layout:
    """Validate board data in the shipped YAML format; raise DataError on any problem."""
    src = as_source(origin)
    data = validated(_File, raw, src)
    boards: dict[int, Board] = {}
    for i, b in enumerate(data.boards):
        fail = src.entry(("boards", i))
        suit = SUIT_BY_NAME.get(b.suit, SUITS.index(b.suit) if b.suit in SUITS else None)
        if suit is None:
            raise fail(f"unknown suit {b.suit!r} (use {', '.join(SUIT_BY_NAME)})", "suit")
        if suit in boards:
            raise fail(f"board {b.suit!r} is given twice", "suit")
        spaces = tuple(sorted(set(b.numbered_spaces.value)))
        top = CARDS_PER_SUIT[suit]
        if len(spaces) != len(b.numbered_spaces.value):
            raise fail(f"board {b.suit!r} repeats a numbered space", "numbered_spaces")
        if len(spaces) < MIN_SPACES or spaces[0] < 0 or spaces[-1] > top:
            raise fail(f"board {b.suit!r} needs at least {MIN_SPACES} numbered spaces between "
                       f"0 and {top}", "numbered_spaces")
        bonus: dict[int, int] = {}
        for value, extra in [(v, 1) for v in b.bonus.single] + [(v, 2) for v in b.bonus.double]:
            if value not in spaces or value in bonus:
                raise fail(f"bonus space {value} on board {b.suit!r} is not a numbered space, "
                           f"or is listed twice", "bonus")
            bonus[value] = extra
        boards[suit] = Board(suit, spaces, bonus, b.numbered_spaces.confidence,
                             b.bonus.confidence, tuple(b.numbered_spaces.source + b.bonus.source))
    if sorted(boards) != [0, 1, 2, 3]:
        raise src.error(("boards",), f"give exactly the four boards {', '.join(SUIT_BY_NAME)}")
    schedules, confidence = _schedules(data.action_cards, src)
    return Layout(tuple(boards[s] for s in range(4)), schedules, confidence, src.name)


def _schedules(cards: dict[str, _ActionCard], src: Source,
               ) -> tuple[dict[int, tuple[tuple[int, int], ...]], dict[int, str]]:
    schedules: dict[int, tuple[tuple[int, int], ...]] = {}
    confidence: dict[int, str] = {}
    for players in (2, 3, 4):
        key = f"{players}_players"
        card = cards.get(key)
        if card is None:
            builtin = builtin_layout()
            schedules[players] = builtin.schedules[players]
            confidence[players] = builtin.schedule_confidence[players]
            continue
        steps = sorted(((s.when_hand_size, s.pass_) for s in card.pass_schedule.value),
                       reverse=True)
        start = hand_at_first_pass(players)
        where = ("action_cards", key, "pass_schedule")
        for hand, count in steps:
            if not (1 <= hand <= start and 1 <= count <= hand):
                raise src.error(where, f"{players}-player pass of {count} at hand size {hand} "
                                f"is impossible")
        if len({h for h, _ in steps}) != len(steps):
            raise src.error(where, f"{players}-player schedule repeats a hand size")
        schedules[players] = tuple(steps)
        confidence[players] = card.pass_schedule.confidence
    return schedules, confidence


@cache
def builtin_layout() -> Layout:
    """The layout shipped with candlelit (boards reconstructed, see `candlelit cards`)."""
    return parse_layout(*read_shipped(__package__, "boards.yaml"))


LAYOUTS = CardData("divinare.layout", "board file", "boards", builtin_layout, parse_layout)
read_layout_file = LAYOUTS.read_file
layout_for = LAYOUTS.chosen
check_boards_option = LAYOUTS.check
