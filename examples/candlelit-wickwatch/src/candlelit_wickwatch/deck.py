"""Wickwatch's components: the candle box (heights 1-10, four of each) and the spirit deck.

The spirit deck comes from data/spirits.yaml, or from a player's file in the same format
(the `spirits` option); either is read by candlelit's strict card-file toolkit, validated
once and reduced to ids and values.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from candlelit.engine.cardfile import Source, as_source, read_shipped
from candlelit.engine.cardmodel import CardModel, validated
from candlelit.engine.datafiles import CardData
from pydantic import Field

TALLEST = 10
"""Candle heights run from 1 to TALLEST."""
COPIES = 4
"""How many candles of each height the box holds."""
BOX_SIZE = TALLEST * COPIES
MIN_SPIRITS, MAX_SPIRITS = 4, 12
"""A spirit deck holds this many cards (a player's file included)."""


class SpiritCard(CardModel):
    """One spirit: kindly ones are worth points (value > 0), restless ones cost them."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)
    value: int = Field(ge=-9, le=9)
    source: list[str] = Field(default_factory=list)
    confidence: Literal["high", "medium", "low", "invented"] = "invented"


class SpiritDeck(CardModel):
    """A spirit deck file: its cards (unique ids, none worth 0) and meta (sources by key)."""

    meta: dict[str, Any] = Field(default_factory=dict)
    spirits: list[SpiritCard] = Field(min_length=MIN_SPIRITS, max_length=MAX_SPIRITS)


def parse_deck(data: Any, origin: str | Source) -> SpiritDeck:
    """Validate data in spirits.yaml's format; DataError `file:line: key.path: problem`."""
    src = as_source(origin)
    deck = validated(SpiritDeck, data, src)
    seen: set[str] = set()
    for i, card in enumerate(deck.spirits):
        if card.value == 0:
            raise src.error(("spirits", i, "value"), f"spirit {card.id!r} is worth 0: a spirit "
                            f"is kindly (above 0) or restless (below 0)")
        if card.id in seen:
            raise src.error(("spirits", i, "id"), f"spirit id {card.id!r} appears twice")
        seen.add(card.id)
    return deck


def builtin_data() -> dict[str, Any]:
    """The shipped spirits.yaml as parsed YAML (with its meta and provenance)."""
    return read_shipped(__package__, "spirits.yaml")[0]


@cache
def builtin_deck() -> SpiritDeck:
    """The shipped spirit deck, validated (once: shipped data never changes)."""
    return parse_deck(*read_shipped(__package__, "spirits.yaml"))


SPIRITS = CardData("wickwatch.spirits", "spirit deck file", "spirits", builtin_deck, parse_deck)
read_spirits_file = SPIRITS.read_file
"""A player's spirit deck file, read strictly and validated: the `spirits` option's value."""
deck_for = SPIRITS.chosen
"""The spirit deck the `spirits` option chooses (None: the shipped one)."""
check_spirits_option = SPIRITS.check
"""The `spirits` option's validator: None, or a deck in spirits.yaml's format."""
