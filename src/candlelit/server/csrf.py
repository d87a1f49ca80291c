"""The visitor's form token (double submit): a SameSite=Strict cookie that every form repeats."""

from __future__ import annotations

import hmac
import re
import secrets
from http.cookies import SimpleCookie

from starlette.requests import HTTPConnection
from starlette.types import Scope

CSRF_COOKIE = "candlelit_csrf"
CSRF_FIELD = "csrf"
"""The hidden form field that repeats the cookie."""
CSRF_HEADER = "x-csrf-token"
"""The header a script may repeat the cookie in instead."""
_ISSUED = "candlelit.csrf_issued"
_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,128}")
_YEAR = 3600 * 24 * 365


def csrf_token(conn: HTTPConnection) -> str:
    """The visitor's token: its cookie's, else a new one that the response will set."""
    sent = conn.cookies.get(CSRF_COOKIE, "")
    if _SHAPE.fullmatch(sent):
        return sent
    issued: str = conn.scope.setdefault(_ISSUED, secrets.token_urlsafe(32))
    return issued


def issued_cookie(scope: Scope) -> str | None:
    """The Set-Cookie value for a token `csrf_token` handed out in this request, if any."""
    token = scope.get(_ISSUED)
    if not isinstance(token, str):
        return None
    cookie: SimpleCookie = SimpleCookie()
    cookie[CSRF_COOKIE] = token
    morsel = cookie[CSRF_COOKIE]
    morsel["path"] = "/"
    morsel["max-age"] = _YEAR
    morsel["samesite"] = "Strict"
    morsel["httponly"] = True
    morsel["secure"] = scope.get("scheme") in ("https", "wss")
    return morsel.OutputString()


def token_matches(conn: HTTPConnection, repeated: str | None) -> bool:
    """Whether `repeated` (from the form or header) is the visitor's cookie token."""
    sent = conn.cookies.get(CSRF_COOKIE, "")
    if not repeated or not _SHAPE.fullmatch(sent):
        return False
    return hmac.compare_digest(sent.encode(), repeated.encode())
