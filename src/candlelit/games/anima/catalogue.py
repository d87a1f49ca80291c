"""The cards page's data: Anima's five decks with their numbers, effect texts and provenance."""

from __future__ import annotations

from functools import cache
from typing import Any

from candlelit.games.anima.cards import (
    Advantage,
    Area,
    Card,
    Character,
    Encounter,
    Mission,
    builtin_cards,
    card_table,
)
from candlelit.games.anima.messages import reward_text
from candlelit.i18n import list_sep, t


def card_stats(card: Card, lang: str) -> str:
    """A card's numbers in one line of `lang` (combat/speed/skills, danger, level...)."""
    if isinstance(card, Character):
        skills = list_sep(lang).join(t(f"anima.skill.{k}", lang) for k in card.skills)
        return t("anima.ui.stat.character", lang, combat=card.combat, speed=card.speed,
                 skills=skills or "-")
    if isinstance(card, Area):
        rewards = list_sep(lang).join(reward_text(r, lang) for r in card.rewards)
        trade = t("anima.ui." + ("trade_yes" if card.trade else "trade_no"), lang)
        return t("anima.ui.stat.area", lang, danger=card.danger, trade=trade, rewards=rewards)
    if isinstance(card, Encounter):
        if card.creature:
            return t("anima.ui.stat.creature", lang, level=card.level, combat=card.combat,
                     kind=t(f"anima.creature.{card.creature_type}", lang))
        return t("anima.ui.stat.event", lang, level=card.level)
    if isinstance(card, Advantage):
        return (f"{t(f'anima.advantage_type.{card.type}', lang)} · "
                f"{t(f'anima.timing.{card.timing}', lang)}")
    if isinstance(card, Mission):
        return t("anima.ui.stat.mission", lang, steps=len(card.steps))
    return ""


def catalogue() -> dict[str, Any]:
    """Anima's five decks with their numbers, effect texts and provenance."""
    cards = builtin_cards()

    def entry(c: Any) -> dict[str, Any]:
        return {"id": c.id, "name": {"en": c.name_en, "zh-TW": c.name_zh},
                "stats": {lang: card_stats(c, lang) for lang in ("en", "zh-TW")},
                "text": {"en": c.text, "zh-TW": c.text_zh}, "confidence": c.confidence,
                "invented_fields": list(c.invented_fields),
                "sources": list(c.source),
                "reconstructed": c.reconstructed}

    names = ("characters", "areas", "basic", "finals", "encounters", "advantages")
    return {"groups": [{"group": g, "cards": [entry(c) for c in getattr(cards, g)]}
                       for g in names]}


@cache
def card_details() -> dict[str, dict[str, Any]]:
    """Each built-in card's id → its numbers per language, effect text, advantage type and
    timing, and area rewards ([raw reward, {lang: words}]), for reading a card where it lies."""
    cards = builtin_cards()
    return {c.id: {"stats": {lang: card_stats(c, lang) for lang in ("en", "zh-TW")},
                   "text": {"en": c.text, "zh-TW": c.text_zh},
                   "type": c.type if isinstance(c, Advantage) else "",
                   "timing": c.timing if isinstance(c, Advantage) else "",
                   "rewards": [[r, {lang: reward_text(r, lang) for lang in ("en", "zh-TW")}]
                               for r in (c.rewards if isinstance(c, Area) else ())]}
            for group in cards.groups() for c in group}


def board_context(view: dict[str, Any]) -> dict[str, Any]:
    """Names the browser's board template reads: every card id's name (`cards`) and its
    numbers, effect and rewards (`details`)."""
    return {"cards": card_table(), "details": card_details()}
