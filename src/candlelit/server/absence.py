"""Absent players, fairly: the grace period, turn timers, and why a bot plays a seat."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from candlelit.engine.errors import IllegalAction, OptionError
from candlelit.i18n import seat_name, t
from candlelit.server.worded import Worded

GRACE_CHOICES = (30, 60, 120, 300)
"""Seconds a player may be away before another seat may hand the seat to a bot (lobby form)."""
DEFAULT_GRACE = 60
MAX_GRACE = 3600
TIMERS: dict[str, float | None] = {"off": None, "relaxed": 180.0, "fast": 45.0}
"""Seconds per decision of each turn timer: relaxed suits talk at the table, fast a quick game."""
DEFAULT_TIMER = "off"


class Refusal(Worded, IllegalAction):
    """A refused hand-over request (`web.refuse.<key>`), seats named and durations spelled
    out in the asker's language."""

    PREFIX = "web.refuse."

    def shown(self, lang: str) -> dict[str, Any]:
        """The fields in `lang`: seats named, durations spelled out."""
        return {k: _shown(k, v, lang) for k, v in self.fields.items()}


def _shown(name: str, value: Any, lang: str) -> Any:
    if name == "seat" and type(value) is int:
        return seat_name(value, lang)
    if name in ("away", "left") and isinstance(value, int | float):
        return duration(value, lang)
    return value


def duration(seconds: float, lang: str) -> str:
    """'45 s', '2 min', '1 min 15 s' (whole seconds, in `lang`)."""
    whole = max(0, int(seconds))
    minutes, secs = divmod(whole, 60)
    if not minutes:
        return t("web.time.secs", lang, n=secs)
    if not secs:
        return t("web.time.mins", lang, n=minutes)
    return t("web.time.mins_secs", lang, m=minutes, s=secs)


def grace_left(away: float, grace: float) -> int:
    """Whole seconds (rounded up) until a seat away for `away` seconds may be handed over."""
    return max(0, math.ceil(grace - away))


def table_settings(form: Mapping[str, Any]) -> tuple[int, str]:
    """The lobby form's grace period and turn timer (defaults when absent); OptionError
    with one line for anything not offered."""
    raw_grace = str(form.get("grace") or DEFAULT_GRACE)
    if not raw_grace.isdigit() or int(raw_grace) not in GRACE_CHOICES:
        raise OptionError.worded("web.refuse.grace_choice", seconds=list(GRACE_CHOICES))
    timer = str(form.get("timer") or DEFAULT_TIMER)
    if timer not in TIMERS:
        raise OptionError.worded("web.refuse.timer", timers=list(TIMERS))
    return int(raw_grace), timer


def check_settings(grace: float, timer: str) -> None:
    """OptionError unless `grace` is 0..MAX_GRACE seconds and `timer` a known timer."""
    if type(grace) not in (int, float) or not 0 <= grace <= MAX_GRACE:
        raise OptionError.worded("web.refuse.grace_range", most=MAX_GRACE)
    if timer not in TIMERS:
        raise OptionError.worded("web.refuse.timer", timers=list(TIMERS))


@dataclass(frozen=True)
class BotReason:
    """Why a human seat is bot-played: 'self', 'timer', or 'seat' (handed over by `by`
    after `away` seconds); stored as one short string."""

    kind: str
    by: int = 0
    away: int = 0

    def stored(self) -> str:
        """'self', 'timer' or 'seat:<by>:<away>'."""
        return f"seat:{self.by}:{self.away}" if self.kind == "seat" else self.kind

    @staticmethod
    def parse(text: str | None) -> BotReason | None:
        """The reason `stored()` wrote, or None (none stored, or unreadable)."""
        if text in ("self", "timer"):
            return BotReason(text)
        parts = (text or "").split(":")
        if len(parts) == 3 and parts[0] == "seat" and all(p.isdigit() for p in parts[1:]):
            return BotReason("seat", int(parts[1]), int(parts[2]))
        return None

    def says(self, lang: str) -> str:
        """What the seat's own player reads about why a bot plays for them."""
        if self.kind == "seat":
            return t("web.reason.seat", lang, seat=seat_name(self.by, lang),
                     away=duration(self.away, lang))
        return t(f"web.reason.{self.kind}", lang)
