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


CARDS = {"divinare": divinare_cards}


async def cards_page(request: Request) -> Response:
    """A game's cards and boards, reconstructed ones badged."""
    from candlelit.server.app import html

    game = _spec_or_404(request)
    data = CARDS[game]() if game in CARDS else None
    return html(request, "cards.html", game=game, data=data)
