"""Divinare's boards and action cards, loaded from YAML data that keeps its provenance."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from candlelit.engine.errors import DataError

SUITS = ("red", "blue", "green", "yellow")
"""Suit ids in board order: chiromancy, crystallomancy, tasseomancy, astromancy."""
SUIT_BY_NAME = {"chiromancy": 0, "crystallomancy": 1, "tasseomancy": 2, "astromancy": 3}
CARDS_PER_SUIT = (6, 8, 10, 12)
DECK_SIZE = 36
DEALT = 24
MIN_SPACES = 4
"""Every board needs a free numbered space for a token leaving the centre with 3 rivals."""

Confidence = Literal["high", "medium", "low", "invented"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _Spaces(_Model):
    value: list[int]
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "high"


class _Bonus(_Model):
    single: list[int] = Field(default_factory=list)
    double: list[int] = Field(default_factory=list)
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "high"


class _Board(_Model):
    suit: str
    numbered_spaces: _Spaces
    bonus: _Bonus = _Bonus()

    @model_validator(mode="before")
    @classmethod
    def _plain_list(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("numbered_spaces"), list):
            data = {**data, "numbered_spaces": {"value": data["numbered_spaces"]}}
        return data


class _Step(_Model):
    when_hand_size: int
    pass_: int = Field(alias="pass")


class _Schedule(_Model):
    value: list[_Step]
    source: list[str] = Field(default_factory=list)
    confidence: Confidence = "high"


class _ActionCard(_Model):
    pass_schedule: _Schedule


class _File(_Model):
    boards: list[_Board]
    action_cards: dict[str, _ActionCard] = Field(default_factory=dict)


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


def parse_layout(raw: Any, origin: str) -> Layout:
    """Validate board data in the shipped YAML format; raise DataError on any problem."""
    try:
        data = _File.model_validate(raw)
    except ValidationError as exc:
        raise DataError(f"{origin}: {exc}") from exc
    boards: dict[int, Board] = {}
    for b in data.boards:
        suit = SUIT_BY_NAME.get(b.suit, SUITS.index(b.suit) if b.suit in SUITS else None)
        if suit is None:
            raise DataError(f"{origin}: unknown suit {b.suit!r} (use {', '.join(SUIT_BY_NAME)})")
        if suit in boards:
            raise DataError(f"{origin}: board {b.suit!r} is given twice")
        spaces = tuple(sorted(set(b.numbered_spaces.value)))
        top = CARDS_PER_SUIT[suit]
        if len(spaces) != len(b.numbered_spaces.value):
            raise DataError(f"{origin}: board {b.suit!r} repeats a numbered space")
        if len(spaces) < MIN_SPACES or spaces[0] < 0 or spaces[-1] > top:
            raise DataError(f"{origin}: board {b.suit!r} needs at least {MIN_SPACES} numbered "
                            f"spaces between 0 and {top}")
        bonus: dict[int, int] = {}
        for value, extra in [(v, 1) for v in b.bonus.single] + [(v, 2) for v in b.bonus.double]:
            if value not in spaces or value in bonus:
                raise DataError(f"{origin}: bonus space {value} on board {b.suit!r} is not a "
                                "numbered space, or is listed twice")
            bonus[value] = extra
        boards[suit] = Board(suit, spaces, bonus, b.numbered_spaces.confidence,
                             b.bonus.confidence, tuple(b.numbered_spaces.source + b.bonus.source))
    if sorted(boards) != [0, 1, 2, 3]:
        raise DataError(f"{origin}: give exactly the four boards {', '.join(SUIT_BY_NAME)}")
    schedules, confidence = _schedules(data.action_cards, origin)
    return Layout(tuple(boards[s] for s in range(4)), schedules, confidence, origin)


def _schedules(cards: dict[str, _ActionCard], origin: str,
               ) -> tuple[dict[int, tuple[tuple[int, int], ...]], dict[int, str]]:
    schedules: dict[int, tuple[tuple[int, int], ...]] = {}
    confidence: dict[int, str] = {}
    for players in (2, 3, 4):
        card = cards.get(f"{players}_players")
        if card is None:
            builtin = builtin_layout()
            schedules[players] = builtin.schedules[players]
            confidence[players] = builtin.schedule_confidence[players]
            continue
        steps = sorted(((s.when_hand_size, s.pass_) for s in card.pass_schedule.value),
                       reverse=True)
        start = hand_at_first_pass(players)
        for hand, count in steps:
            if not (1 <= hand <= start and 1 <= count <= hand):
                raise DataError(f"{origin}: {players}-player pass of {count} at hand size "
                                f"{hand} is impossible")
        if len({h for h, _ in steps}) != len(steps):
            raise DataError(f"{origin}: {players}-player schedule repeats a hand size")
        schedules[players] = tuple(steps)
        confidence[players] = card.pass_schedule.confidence
    return schedules, confidence


@cache
def builtin_layout() -> Layout:
    """The layout shipped with candlelit (boards reconstructed, see `candlelit cards`)."""
    text = (resources.files("candlelit.games.divinare") / "data" / "boards.yaml").read_text(
        encoding="utf-8")
    return parse_layout(yaml.safe_load(text), "built-in boards.yaml")


def read_layout_file(path: str | Path) -> dict[str, Any]:
    """Read a user's board file; validate it and return its data for the `boards` option."""
    p = Path(path)
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"cannot read board file {p}: {exc}") from exc
    parse_layout(raw, str(p))
    return dict(raw)


_PARSED: dict[str, Layout] = {}


def layout_for(option: Any) -> Layout:
    """The layout chosen by the `boards` option (None: built-in; a mapping: user data)."""
    if option is None:
        return builtin_layout()
    import json

    key = json.dumps(option, sort_keys=True)
    layout = _PARSED.get(key)
    if layout is None:
        layout = _PARSED[key] = parse_layout(option, "boards option")
    return layout


def check_boards_option(value: Any) -> Any:
    """Validator of the `boards` option: None or board data in the shipped format."""
    if value is not None:
        if not isinstance(value, dict):
            raise DataError("the boards option takes board data (a mapping), or None")
        layout_for(value)
    return value
