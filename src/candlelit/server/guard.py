"""Requests from other sites refused: a state-changing request needs this site's origin and
the visitor's form token; a browser's WebSocket handshake needs this site's origin."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.formparsers import MultiPartException
from starlette.requests import HTTPConnection, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from candlelit.i18n import t
from candlelit.server.csrf import CSRF_FIELD, CSRF_HEADER, issued_cookie, token_matches
from candlelit.server.headers import SAFE_METHODS
from candlelit.server.responses import html, language
from candlelit.server.site import Site

MAX_FORM = 64 * 1024
"""Bytes a state-changing request's body may hold (the site's forms are a few hundred)."""
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


async def refuse(scope: Scope, receive: Receive, send: Send, status: int, key: str,
                 headers: dict[str, str] | None = None, **args: object) -> None:
    """Answer with the error page: message `key` in the visitor's language."""
    request = Request(scope)
    response = html(request, "error.html", status=status,
                    message=t(key, language(request), **args))
    response.headers.update(headers or {})
    await response(scope, receive, send)


class CsrfGuard:
    """Pure ASGI: refuses (403) a state-changing request sent from another site's page or
    without the visitor's form token, and a WebSocket handshake from another site's page;
    sets the token cookie when a page handed out a new token."""

    def __init__(self, app: ASGIApp, site: Site) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse, or answer through the app."""
        if scope["type"] == "websocket":
            await self._handshake(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _setting_cookie(scope, send)
        if scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        conn = HTTPConnection(scope)
        if not self.same_site(conn.headers):
            await refuse(scope, receive, send, 403, "web.refused_site")
            return
        body = await _body(receive)
        if body is None:
            await refuse(scope, receive, send, 413, "web.too_large")
            return
        repeated = conn.headers.get(CSRF_HEADER) or await _form_field(scope, body)
        if not token_matches(conn, repeated):
            await refuse(scope, receive, send, 403, "web.refused_token")
            return
        await self.app(scope, _replay(body, receive), send)

    def same_site(self, headers: Headers) -> bool:
        """Whether the browser says the request comes from this site's own page.

        Origin first; with no usable Origin (pages here send `Referrer-Policy: no-referrer`,
        so browsers state their form posts' origin as `null`), Sec-Fetch-Site, then Referer.
        A client that states none of them (not a browser, or an old one) is judged by its
        token alone: the SameSite=Strict cookie never goes with another site's request.
        """
        host = headers.get("host")
        origin = headers.get("origin")
        if origin and origin != "null":
            return self.site.same_origin(origin, host)
        fetch_site = headers.get("sec-fetch-site")
        if fetch_site:
            return fetch_site in ("same-origin", "none")
        referer = urlsplit(headers.get("referer", ""))
        if referer.scheme and referer.netloc:
            return self.site.same_origin(f"{referer.scheme}://{referer.netloc}", host)
        return True

    async def _handshake(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A browser's handshake from another site's page is refused (HTTP 403)."""
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is not None and not self.site.same_origin(origin, headers.get("host")):
            await receive()  # the handshake request itself
            await send({"type": "websocket.close", "code": 4403})
            return
        await self.app(scope, receive, send)


def _setting_cookie(scope: Scope, send: Send) -> Send:
    """`send`, adding the cookie of a form token that answering this request handed out."""
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            cookie = issued_cookie(scope)
            if cookie is not None:
                message["headers"] = [*message.get("headers", []),
                                      (b"set-cookie", cookie.encode("latin-1"))]
        await send(message)
    return sending


async def _body(receive: Receive) -> bytes | None:
    """The whole request body, or None past MAX_FORM bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_FORM:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that hands out `body` once, then whatever `receive` brings."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}
    return replay


async def _form_field(scope: Scope, body: bytes) -> str | None:
    """The token field of a form body (None for another kind of body or a broken one)."""
    if not Headers(scope=scope).get("content-type", "").lower().startswith(_FORMS):
        return None

    async def nothing_more() -> Message:
        return {"type": "http.disconnect"}

    form_scope = {k: v for k, v in scope.items() if k != "app"}  # errors raise, not answer
    try:
        async with Request(form_scope, _replay(body, nothing_more)).form() as form:
            value = form.get(CSRF_FIELD)
    except MultiPartException:
        return None
    return value if isinstance(value, str) else None
