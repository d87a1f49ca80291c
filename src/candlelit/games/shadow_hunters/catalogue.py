"""The cards page's data: Shadow Hunters' sample characters and cards by deck, with provenance."""

from __future__ import annotations

from typing import Any

from candlelit.games.shadow_hunters.cards import builtin as builtin_cards
from candlelit.games.shadow_hunters.cards import cards_for
from candlelit.games.shadow_hunters.characters import builtin as builtin_characters
from candlelit.games.shadow_hunters.characters import characters_for
from candlelit.games.shadow_hunters.constants import COLOURS


def catalogue() -> dict[str, Any]:
    """Shadow Hunters' sample characters and 65 cards by deck, provenance, texts by language."""
    characters = [
        {"id": c.id, "name": {"en": c.name_en, "zh-TW": c.name}, "hp": c.hp,
         "community": {"en": c.community_in("en"), "zh-TW": c.community}, "gate": c.gate,
         "mission": {"en": c.mission_in("en"), "zh-TW": c.mission_text},
         "otherwise_join": c.otherwise_join, "confidence": c.confidence,
         "sources": list(c.source),
         "skills": [{"name": {"en": k.name_in("en"), "zh-TW": k.name}, "timing": k.timing,
                     "kind": k.kind, "text": {"en": k.text_in("en"), "zh-TW": k.text}}
                    for k in c.skills]} for c in builtin_characters()]
    decks = [{"deck": colour, "cards": [
        {"id": c.id, "number": c.number, "name": {"en": c.name_en, "zh-TW": c.name_zh},
         "kind": c.kind, "element": c.element, "keep": c.keep, "armour": c.armour,
         "text": {"en": c.text_in("en"), "zh-TW": c.text}, "confidence": c.confidence,
         "sources": list(c.source)}
        for c in builtin_cards() if c.colour == colour]} for colour in COLOURS]
    return {"characters": characters, "decks": decks}


def board_context(view: dict[str, Any]) -> dict[str, Any]:
    """Names the browser's board template reads: the cards and characters the view's options
    chose, each by id (`data.cards`, `data.characters`)."""
    options = view["options"]
    return {"data": {"cards": {c.id: c for c in cards_for(options.get("cards"))},
                     "characters": {c.id: c for c in characters_for(options.get("characters"))}}}
