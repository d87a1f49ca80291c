"""What every page shares: the visitor's language, security headers and the page response."""

from __future__ import annotations

from functools import partial
from typing import Any
from urllib.parse import parse_qsl, urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.websockets import WebSocket

from candlelit.engine.registry import games
from candlelit.i18n import LANGUAGES
from candlelit.server.csrf import csrf_token
from candlelit.server.render import page

LANG_COOKIE = "candlelit_lang"
SECURITY_HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; "
                               "form-action 'self'; frame-ancestors 'none'; object-src 'none'",
}


def language(request: Request | WebSocket) -> str:
    """?lang=, else the remembered cookie, else the browser's preference, else English."""
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:
        return asked
    cookie = request.cookies.get(LANG_COOKIE)
    if cookie in LANGUAGES:
        return cookie
    accept = request.headers.get("accept-language", "").lower()
    return "zh-TW" if accept.startswith("zh") or ",zh" in accept else "en"


def without_lang(target: str) -> str:
    """`target` (a path with an optional query) without its `lang` parameter, so that a
    language chosen in the header is not overruled by the page's own ?lang=."""
    path, _, query = target.partition("?")
    kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"]
    return f"{path}?{urlencode(kept)}" if kept else path


def html(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page in the request's language; remembers an explicit ?lang= choice."""
    lang = language(request)
    response = HTMLResponse(page(template, lang, request=request, path=request.url.path,
                                 query=str(request.query_params), games=games(),
                                 csrf=partial(csrf_token, request), **context),
                            status_code=status)  # headers: server/headers.py
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=3600 * 24 * 365, samesite="lax")
    return response
