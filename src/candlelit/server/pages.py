"""Rules and cards pages, from the same data and texts the terminal uses."""

from __future__ import annotations

from importlib import resources
from typing import Any

from markdown_it import MarkdownIt
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from candlelit.engine.errors import UnknownGame
from candlelit.engine.registry import get


def _spec_or_404(request: Request) -> str:
    try:
        return get(request.path_params["game"]).name
    except UnknownGame:
        raise HTTPException(404, "no such game") from None


def rules_markdown(game: str, lang: str) -> str:
    """The game's rules summary in `lang` (Markdown shipped with the game)."""
    folder = resources.files("candlelit.games") / game.replace("-", "_") / "rulebook"
    return (folder / f"{lang}.md").read_text(encoding="utf-8")


async def rules_page(request: Request) -> Response:
    """A game's rules summary."""
    from candlelit.server.app import html, language

    game = _spec_or_404(request)
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(
        rules_markdown(game, language(request)))
    return html(request, "rules.html", game=game, body=body)


def divinare_cards() -> dict[str, Any]:
    """Divinare's deck, boards and pass schedules with their provenance."""
    from candlelit.games.divinare.boards import CARDS_PER_SUIT, SUITS, builtin_layout

    layout = builtin_layout()
    return {
        "deck": list(zip(SUITS, CARDS_PER_SUIT, strict=True)),
        "boards": [{"suit": SUITS[b.suit], "spaces": b.spaces, "bonus": b.bonus,
                    "spaces_confidence": b.spaces_confidence,
                    "bonus_confidence": b.bonus_confidence, "source": b.source}
                   for b in layout.boards],
        "schedules": [{"players": n, "steps": layout.schedules[n],
                       "confidence": layout.schedule_confidence[n]} for n in (4, 3, 2)],
    }


def nevermore_cards() -> dict[str, Any]:
    """Nevermore's magick cards by deck and its Specters characters, with their provenance."""
    from candlelit.games.nevermore.cards import builtin_cards, builtin_data
    from candlelit.games.nevermore.constants import DECKS, TIMINGS

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
         "faq_item": c.faq_item, "faq": c.faq, "sources": cite(c.source)}
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


def fatal_frame_cards() -> dict[str, Any]:
    """Fatal Frame's cards by starting pile, with their numbers and provenance."""
    from candlelit.games.fatal_frame.cards import builtin_cards, builtin_data

    raw = {str(c["id"]): c for c in builtin_data().get("cards") or [] if isinstance(c, dict)}
    cards = builtin_cards()

    def entry(c: Any) -> dict[str, Any]:
        r = raw.get(c.id, {})
        return {"id": c.id, "name": c.name(), "type": c.type, "count": c.count,
                "power": c.power, "album_value": c.album_value, "realm": c.realm,
                "movement": r.get("movement") or "", "filament": r.get("filament") or "",
                "points": c.points, "dice": c.dice, "building_size": c.building_size,
                "lives": c.lives, "text": c.text, "source": c.source,
                "confidence": c.confidence, "invented_fields": list(c.invented_fields),
                "reconstructed": c.reconstructed}

    camera = [{"id": str(c["id"]), "name": {"en": str(c["name"]),
                                             "zh-TW": str(c.get("name_zh") or c["name"])},
               "type": "camera", "count": int(c.get("count") or 0),
               "dice": int(c.get("base_dice") or 1), "text": str(c.get("effect") or ""),
               "source": str(c.get("source") or ""), "confidence": str(c["confidence"]),
               "invented_fields": list(c.get("invented_fields") or [])}
              for c in raw.values() if c.get("type") == "camera"]
    groups = [{"group": g, "cards": [entry(c) for c in getattr(cards, g)]}
              for g in ("main", "exteriors", "interiors", "bosses")]
    return {"camera": camera, "groups": groups}


def shadow_hunters_cards() -> dict[str, Any]:
    """Shadow Hunters' sample characters and 65 cards by deck, provenance, texts by language."""
    from candlelit.games.shadow_hunters.cards import builtin as builtin_cards
    from candlelit.games.shadow_hunters.characters import builtin as builtin_characters
    from candlelit.games.shadow_hunters.constants import COLOURS

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


def anima_cards() -> dict[str, Any]:
    """Anima's five decks with their numbers, effect texts and provenance."""
    from candlelit.cli.tables.anima import _stats
    from candlelit.games.anima.cards import builtin_cards

    cards = builtin_cards()

    def entry(c: Any) -> dict[str, Any]:
        return {"id": c.id, "name": {"en": c.name_en, "zh-TW": c.name_zh},
                "stats": {lang: _stats(c, lang) for lang in ("en", "zh-TW")},
                "text": c.text, "confidence": c.confidence,
                "invented_fields": list(c.invented_fields),
                "sources": list(c.source),
                "reconstructed": c.reconstructed}

    names = ("characters", "areas", "basic", "finals", "encounters", "advantages")
    return {"groups": [{"group": g, "cards": [entry(c) for c in getattr(cards, g)]}
                       for g in names]}


CARDS = {"divinare": divinare_cards, "nevermore": nevermore_cards,
         "fatal-frame": fatal_frame_cards, "shadow-hunters": shadow_hunters_cards,
         "anima": anima_cards}


async def cards_page(request: Request) -> Response:
    """A game's cards and boards, reconstructed ones badged."""
    from candlelit.server.app import html

    game = _spec_or_404(request)
    data = CARDS[game]() if game in CARDS else None
    return html(request, "cards.html", game=game, data=data)
