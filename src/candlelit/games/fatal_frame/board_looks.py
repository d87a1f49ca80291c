"""How Fatal Frame's browser board shows a card by id: its name in a language, its tone, the
number on its face and whether it is reconstructed. Python, not template macros, and memoised:
a board shows dozens of cards on every render."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache, lru_cache
from typing import Any

from markupsafe import Markup, escape

from candlelit.games.fatal_frame.cards import card_table
from candlelit.games.fatal_frame.catalogue import card_details


@cache
def names_in(lang: str) -> Callable[[str], Markup]:
    """Card id → its name in `lang` (the id itself for a card not built in), escaped as the
    board prints it."""
    cards = card_table()

    @lru_cache(maxsize=1024)
    def named(card: str) -> Markup:
        info = cards.get(card)
        return escape(card if info is None else info[1] if lang == "zh-TW" else info[0])
    return named


@lru_cache(maxsize=1024)
def tone_of(card: str) -> str:
    """The face's colour: a ghost's filament, white for a boss, one for every upgrade, else the
    card's type ("card" for a card not built in)."""
    info = card_table().get(card)
    if not info:
        return "card"
    kind = info[2]
    if kind == "ghost":
        return info[6] or "ghost"
    if kind == "boss":
        return "white"
    return "upgrade" if kind.startswith("upgrade") else kind


@lru_cache(maxsize=1024)
def number_of(card: str) -> str:
    """The number on the card's face (a ghost's power, an item's points), else ""."""
    detail = card_details().get(card)
    return "" if detail is None or detail["number"] is None else str(detail["number"])


def doubtful_in(reconstructed: Collection[str]) -> Callable[[str], bool]:
    """Card id → whether it carries the provenance mark: reconstructed in this game (the
    view's `reconstructed`) or printed with low or invented confidence."""
    marked = frozenset(reconstructed)
    cards = card_table()

    def doubtful(card: str) -> bool:
        info = cards.get(card)
        return card in marked or (info is not None and info[3] in ("low", "invented"))
    return doubtful


def board_context(view: dict[str, Any]) -> dict[str, Any]:
    """Names the browser's board template reads: every card id's name and kind (`cards`), the
    number and effect text its face shows (`details`), and the look-ups above (`doubtful`
    bound to the view's reconstructed cards)."""
    return {"cards": card_table(), "details": card_details(), "names_in": names_in,
            "tone_of": tone_of, "number_of": number_of,
            "doubtful": doubtful_in(view["reconstructed"])}
