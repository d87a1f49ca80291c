"""The cards page's data: Fatal Frame's cards by starting pile, with numbers and provenance."""

from __future__ import annotations

from functools import cache
from typing import Any

from candlelit.games.fatal_frame.cards import builtin_cards, builtin_data


def catalogue() -> dict[str, Any]:
    """Fatal Frame's cards by starting pile, with their numbers and provenance."""
    raw = {str(c["id"]): c for c in builtin_data().get("cards") or [] if isinstance(c, dict)}
    cards = builtin_cards()

    def entry(c: Any) -> dict[str, Any]:
        r = raw.get(c.id, {})
        return {"id": c.id, "name": c.name(), "type": c.type, "count": c.count,
                "power": c.power, "album_value": c.album_value, "realm": c.realm,
                "movement": r.get("movement") or "", "filament": r.get("filament") or "",
                "points": c.points, "dice": c.dice, "building_size": c.building_size,
                "lives": c.lives, "text": c.effect(), "source": c.source,
                "confidence": c.confidence, "invented_fields": list(c.invented_fields),
                "reconstructed": c.reconstructed}

    camera = [{"id": str(c["id"]), "name": {"en": str(c["name"]),
                                             "zh-TW": str(c.get("name_zh") or c["name"])},
               "type": "camera", "count": int(c.get("count") or 0),
               "dice": int(c.get("base_dice") or 1),
               "text": {"en": str(c.get("effect") or ""),
                        "zh-TW": str(c.get("effect_zh") or c.get("effect") or "")},
               "source": str(c.get("source") or ""), "confidence": str(c["confidence"]),
               "invented_fields": list(c.get("invented_fields") or [])}
              for c in raw.values() if c.get("type") == "camera"]
    groups = [{"group": g, "cards": [entry(c) for c in getattr(cards, g)]}
              for g in ("main", "exteriors", "interiors", "bosses")]
    return {"camera": camera, "groups": groups}


@cache
def card_details() -> dict[str, dict[str, Any]]:
    """Each built-in card's id → the number its face shows (a ghost's or boss's power, an
    item's points; None for others) and its effect text per language."""
    cards = builtin_cards()
    details: dict[str, dict[str, Any]] = {}
    for c in (*cards.main, *cards.exteriors, *cards.interiors, *cards.bosses):
        number = c.power if c.type in ("ghost", "boss") else c.points if c.points else None
        details[c.id] = {"number": number, "text": c.effect()}
    return details
