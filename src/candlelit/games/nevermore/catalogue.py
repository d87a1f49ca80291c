"""The cards page's data: Nevermore's magick cards by deck and Specters characters."""

from __future__ import annotations

from typing import Any

from candlelit.games.nevermore.cards import builtin_cards, builtin_data
from candlelit.games.nevermore.constants import DECKS, TIMINGS


def catalogue() -> dict[str, Any]:
    """Nevermore's magick cards by deck and its Specters characters, with their provenance."""
    ids = {str(s["url"]): str(s["id"]) for s in builtin_data().get("sources") or []
           if isinstance(s, dict) and s.get("url") and s.get("id")}
    cited: dict[str, str] = {}

    def cite(urls: tuple[str, ...]) -> list[str]:
        keys = []
        for url in urls:
            key = ids.get(url, url)
            cited[key] = url
            keys.append(key)
        return list(dict.fromkeys(keys))

    cards = builtin_cards()
    decks = [{"deck": name, "cards": [
        {"name": c.name(), "copies": c.copies, "timing": TIMINGS[c.effect.timing],
         "text": {"en": c.text_en, "zh-TW": c.text_zh},
         "raven_text": None if c.raven_text_en is None else {
             "en": c.raven_text_en, "zh-TW": c.raven_text_zh or c.raven_text_en},
         "confidence": c.confidence, "effect_confidence": c.effect_confidence,
         "faq_item": c.faq_item, "faq": c.faq, "faq_en": c.faq_en, "sources": cite(c.source)}
        for c in cards.magick if c.deck == deck]} for deck, name in enumerate(DECKS)]
    characters = [
        {"name": c.name(), "human": {"en": c.human_en, "zh-TW": c.human_zh},
         "raven": {"en": c.raven_en, "zh-TW": c.raven_zh},
         "human_timing": TIMINGS[c.ability.human], "raven_timing": TIMINGS[c.ability.raven],
         "confidence": c.confidence, "name_confidence": c.name_confidence,
         "sources": cite(c.source)} for c in cards.characters]
    return {"decks": decks, "characters": characters,
            "sources": sorted(cited.items(), key=lambda item: (
                not item[0][1:].isdigit(), int(item[0][1:]) if item[0][1:].isdigit() else 0,
                item[0]))}
