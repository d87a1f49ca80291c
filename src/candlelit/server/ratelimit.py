"""Requests per client address: table creation, joins and any other POST, each within its
allowance; past it, 429 with Retry-After."""

from __future__ import annotations

import math
import re
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from candlelit.server.clients import client_of
from candlelit.server.guard import refuse
from candlelit.server.headers import SAFE_METHODS


class Allowance:
    """At most `limit` events per `window` seconds for each key (a sliding log of the
    allowed ones); a limit of 0 allows everything."""

    def __init__(self, limit: int, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if limit < 0:
            raise ValueError("a limit is a number of requests, 0 or more")
        self.limit, self.window, self.clock = limit, window, clock
        self._seen: dict[str, deque[float]] = {}
        self._swept = clock()

    def take(self, key: str) -> float:
        """Count one event for `key`: 0.0 if allowed, else the seconds until one would be
        (a refused event is not counted)."""
        if self.limit == 0:
            return 0.0
        now = self.clock()
        self._sweep(now)
        seen = self._seen.setdefault(key, deque())
        while seen and seen[0] <= now - self.window:
            seen.popleft()
        if len(seen) >= self.limit:
            return seen[0] + self.window - now
        seen.append(now)
        return 0.0

    def _sweep(self, now: float) -> None:
        """Forget keys with no event in the window (once a window), so memory stays bounded."""
        if now - self._swept < self.window:
            return
        self._swept = now
        for key in [k for k, seen in self._seen.items() if not seen or
                    seen[-1] <= now - self.window]:
            del self._seen[key]


@dataclass(frozen=True)
class Rule:
    """POSTs to paths matching `path` count against `allowance`."""

    path: re.Pattern[str]
    allowance: Allowance


def client_key(scope: Scope) -> str:
    """Who is asking: the client address (see `client_of`), "local" with none."""
    client = scope.get("client")
    return client_of(client[0]) if client else "local"


class RateLimits:
    """Pure ASGI: each state-changing request counts against the first rule whose path
    matches it, else against `others`; over the allowance the answer is 429."""

    def __init__(self, app: ASGIApp, rules: Sequence[Rule], others: Allowance) -> None:
        self.app = app
        self.rules = rules
        self.others = others

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse a request over its allowance, else answer through the app."""
        if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        allowance = next((r.allowance for r in self.rules if r.path.fullmatch(path)),
                         self.others)
        wait = allowance.take(client_key(scope))
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            await refuse(scope, receive, send, 429, "web.too_many",
                         {"Retry-After": str(seconds)}, seconds=seconds)
            return
        await self.app(scope, receive, send)
