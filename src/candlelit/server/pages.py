"""Rules and cards pages and the site's stylesheet, from what each game's manifest ships."""

from __future__ import annotations

from functools import cache
from importlib import resources

from markdown_it import MarkdownIt
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from candlelit.engine.errors import UnknownGame
from candlelit.engine.plugins import resolve
from candlelit.engine.registry import GameSpec, games, get
from candlelit.server.responses import html, language


def _spec_or_404(request: Request) -> GameSpec:
    try:
        return get(request.path_params["game"])
    except UnknownGame:
        raise HTTPException(404, "no such game") from None


def rules_markdown(spec: GameSpec, lang: str) -> str:
    """The game's rules summary in `lang`, else in English (Markdown shipped with the game)."""
    page = spec.resource("rulebook", f"{lang}.md")
    if not page.is_file():
        page = spec.resource("rulebook", "en.md")
    if not page.is_file():
        raise HTTPException(404, "this game has no rules summary")
    return page.read_text(encoding="utf-8")


async def rules_page(request: Request) -> Response:
    """A game's rules summary."""
    spec = _spec_or_404(request)
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(
        rules_markdown(spec, language(request)))
    return html(request, "rules.html", game=spec.name, body=body)


async def cards_page(request: Request) -> Response:
    """A game's cards and boards, reconstructed ones badged."""
    spec = _spec_or_404(request)
    data = resolve(spec.catalogue)() if spec.catalogue else None
    return html(request, "cards.html", game=spec.name, data=data)


@cache
def _stylesheet() -> bytes:
    parts = [(resources.files("candlelit.server") / "static" / "style.css").read_text("utf-8")]
    for spec in games():
        extra = spec.resource("web", "style.css")
        if extra.is_file():
            parts.append(f"\n/* {spec.name} */\n" + extra.read_text(encoding="utf-8"))
    return "".join(parts).encode()


async def stylesheet(request: Request) -> Response:
    """The site's stylesheet followed by every game's own `web/style.css`."""
    return Response(_stylesheet(), media_type="text/css",
                    headers={"Cache-Control": "public, max-age=3600"})
