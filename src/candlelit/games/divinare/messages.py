"""How Divinare's message arguments (suits, card counts, spaces) read in each language."""

from __future__ import annotations

from typing import Any

from candlelit.games.divinare.boards import SUITS
from candlelit.i18n import card_counts, t


def suit_name(suit: str, lang: str) -> str:
    """The name of a suit (e.g. 'red chiromancy' / '紅色手相')."""
    return t(f"divinare.suit.{suit}", lang)


def cards_text(counts: list[int], lang: str) -> str:
    """A card count per suit, e.g. '2 red chiromancy, 1 blue crystallomancy'."""
    return card_counts("divinare", SUITS, counts, lang)


def format_arg(name: str, value: Any, lang: str) -> str | None:
    if name == "suit" and isinstance(value, str):
        return suit_name(value, lang)
    if name == "cards" and isinstance(value, list):
        return cards_text(value, lang)
    if name == "space" and value == "centre":
        return t("divinare.centre", lang)
    if name == "scores" and isinstance(value, list):
        return " / ".join(str(v) for v in value)
    return None
