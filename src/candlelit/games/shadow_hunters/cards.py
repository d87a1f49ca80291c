"""The 65 cards (five decks of 13), loaded from YAML that keeps each card's provenance."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from candlelit.engine.datafiles import built_once, shipped_yaml, user_yaml
from candlelit.engine.errors import DataError
from candlelit.games.shadow_hunters.constants import COLOURS, ELEMENTS
from candlelit.games.shadow_hunters.vocabulary import CARD_EFFECTS

FORMAT = "candlelit-shadow-hunters-cards/1"


class Card(BaseModel):
    """One card: colour, number, kind, engine effect, element and provenance."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    colour: Literal["blue", "yellow", "green", "red", "white"]
    number: int = Field(ge=1, le=13)
    name_zh: str
    name_en: str
    kind: Literal["single", "equipment", "orb"]
    effect: str
    element: str | None = None
    keep: bool = False
    armour: bool = False
    asks: Literal["east", "south", "west", "north", "none", "any"] | None = None
    outcome: Literal["heal", "hurt"] | None = None
    text: str
    text_en: str | None = None
    source: list[str] = Field(default_factory=list)
    confidence: Literal["high", "medium", "low", "invented"] = "invented"

    def text_in(self, lang: str) -> str:
        """The effect text in `lang`: `text_en` for English when given, else the Chinese."""
        return self.text_en if lang == "en" and self.text_en else self.text

    @property
    def elements(self) -> tuple[str, ...]:
        """The card's element as the rules carry elements: a tuple, empty for none."""
        return (self.element,) if self.element else ()


def parse(data: Any) -> tuple[Card, ...]:
    """Validate a card file: 13 cards per colour, known effects; DataError otherwise."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError(f"not a card file: it must start with 'format: {FORMAT}'")
    try:
        cards = tuple(Card.model_validate(c) for c in data.get("cards") or [])
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise DataError(f"card file: {where}: {first['msg']}") from None
    for card in cards:
        if card.effect not in CARD_EFFECTS:
            raise DataError(f"card {card.id}: unknown effect {card.effect!r}")
        if card.element is not None and card.element not in ELEMENTS:
            raise DataError(f"card {card.id}: unknown element {card.element!r}")
        if card.effect == "question" and (card.asks is None or card.outcome is None):
            raise DataError(f"card {card.id}: a question needs 'asks' and 'outcome'")
    for colour in COLOURS:
        numbers = sorted(c.number for c in cards if c.colour == colour)
        if numbers != list(range(1, 14)):
            raise DataError(f"card file: the {colour} deck must hold cards 1-13 once each")
    return tuple(sorted(cards, key=lambda c: (COLOURS.index(c.colour), c.number)))


@cache
def builtin() -> tuple[Card, ...]:
    """The seed's 65 cards, in deck order (blue, yellow, green, red, white; 1-13)."""
    return parse(shipped_yaml(__package__, "cards.yaml"))


def read_cards_file(path: str | Path) -> dict[str, Any]:
    """A user's card file from disk, validated; its data for the `boards` option."""
    data = user_yaml(path, "card file")
    parse(data)
    return data


def cards_for(option: Any) -> tuple[Card, ...]:
    """The cards chosen by the `boards` option (None: the seed's 65; a mapping: user data)."""
    if option is None:
        return builtin()
    return built_once("shadow_hunters.cards", option, parse)


def check_cards_option(value: Any) -> Any:
    """Validator of the `boards` option: None or card data in the shipped format."""
    if value is not None:
        if not isinstance(value, dict):
            raise DataError("the boards option takes card data (a mapping), or None")
        cards_for(value)
    return value
