"""Security headers on every response, and no-store wherever a seat token may show."""

from __future__ import annotations

from urllib.parse import unquote_to_bytes

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from candlelit.server.responses import SECURITY_HEADERS

_STARTS = ("http.response.start", "websocket.http.response.start")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


def private(scope: Scope) -> bool:
    """Whether a response may show a seat token: its URL carries one (even inside another
    parameter, as `/lang/en?next=/t/…%3Ftoken%3D…`), or it answers a state-changing request."""
    if scope.get("method", "GET") not in SAFE_METHODS:
        return True
    return b"token" in unquote_to_bytes(scope.get("query_string", b""))


class SecurityHeaders:
    """Pure ASGI: every HTTP response (pages, files, JSON, redirects, errors, refused
    handshakes) gets the security headers; private ones get `Cache-Control: no-store`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer through the app, adding the headers to the response's start."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        no_store = private(scope)

        async def stamped(message: Message) -> None:
            if message["type"] in _STARTS:
                message.setdefault("headers", [])
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                if no_store:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, stamped)
