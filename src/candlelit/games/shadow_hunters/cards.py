"""The 65 cards (five decks of 13), loaded from YAML that keeps each card's provenance."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import Field

from candlelit.engine.cardfile import Source, as_source, read_shipped
from candlelit.engine.cardmodel import CardModel, validated
from candlelit.engine.datafiles import CardData
from candlelit.games.shadow_hunters.constants import COLOURS, ELEMENTS
from candlelit.games.shadow_hunters.vocabulary import (
    CARD_EFFECTS,
    EQUIPMENT_EFFECTS,
    SINGLE_USE_EFFECTS,
    WHITE_EFFECTS,
)

Outcome = Literal["heal", "hurt"]
"""What a question does to a receiver it holds for."""

FORMAT = "candlelit-shadow-hunters-cards/1"


class Card(CardModel):
    """One card: colour, number, kind, engine effect, element and provenance."""

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
    outcome: Outcome | None = None
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


class _File(CardModel):
    format: str
    cards: list[Card]


def parse(data: Any, origin: str | Source = "card data") -> tuple[Card, ...]:
    """Validate a card file: 13 cards per colour, known effects; DataError otherwise."""
    src = as_source(origin)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise src.error(("format",), f"not a card file: it must start with 'format: {FORMAT}'")
    cards = validated(_File, data, src).cards
    for i, card in enumerate(cards):
        fail = src.entry(("cards", i), f"card {card.id}")
        if card.effect not in CARD_EFFECTS:
            raise fail(f"unknown effect {card.effect!r}", "effect")
        what, fits = _fitting(card)
        if card.effect not in fits:
            raise fail(f"a {what} cannot have effect {card.effect!r} (it may have: "
                       f"{', '.join(fits)})", "effect")
        if card.element is not None and card.element not in ELEMENTS:
            raise fail(f"unknown element {card.element!r}", "element")
        if card.effect == "question" and (card.asks is None or card.outcome is None):
            raise fail("a question needs 'asks' and 'outcome'")
    for colour in COLOURS:
        numbers = sorted(c.number for c in cards if c.colour == colour)
        if numbers != list(range(1, 14)):
            raise src.error(("cards",), f"the {colour} deck must hold cards 1-13 once each")
    return tuple(sorted(cards, key=lambda c: (COLOURS.index(c.colour), c.number)))


def _fitting(card: Card) -> tuple[str, tuple[str, ...]]:
    """What kind of card this is and the effects such a card may have: a white card asks
    (question, guess), a single-use card is resolved when played, equipment and orbs stay."""
    if card.colour == "white":
        return "white card", WHITE_EFFECTS
    if card.kind == "single":
        return "single-use card", SINGLE_USE_EFFECTS
    return f"{card.kind} card", EQUIPMENT_EFFECTS


@cache
def builtin() -> tuple[Card, ...]:
    """The seed's 65 cards, in deck order (blue, yellow, green, red, white; 1-13)."""
    return parse(*read_shipped(__package__, "cards.yaml"))


CARDS = CardData("shadow_hunters.cards", "card file", "cards", builtin, parse)
read_cards_file = CARDS.read_file
cards_for = CARDS.chosen
check_cards_option = CARDS.check
