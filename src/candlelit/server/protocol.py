"""WebSocket messages from browsers: parsed strictly, refused with a reason when malformed."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from candlelit.i18n import t
from candlelit.server.worded import Worded

MAX_MESSAGE_BYTES = 2048


class BadMessage(Worded, ValueError):
    """A message that is not one of the documented forms (`web.bad_message.<key>`)."""

    PREFIX = "web.bad_message."

    def shown(self, lang: str) -> dict[str, Any]:
        """The fields in `lang`: a message field by its name in `lang`."""
        return {k: t(f"{self.PREFIX}field.{v}", lang) if k == "field" else v
                for k, v in self.fields.items()}


@dataclass(frozen=True)
class Act:
    """{"type": "act", "action": int, "seat_version": int}: one atomic decision."""

    action: int
    seat_version: int


@dataclass(frozen=True)
class HandToBot:
    """{"type": "bot", "seat": int, "on": bool}: give a seat to a bot or take it back."""

    seat: int
    on: bool


@dataclass(frozen=True)
class Say:
    """{"type": "chat", "text": str}: one line of the table's chat (checked by chat.py)."""

    text: object


Message = Act | HandToBot | Say


def _int(data: dict[str, object], key: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise BadMessage("not_integer", field=key)
    return value


def parse(raw: str | bytes) -> Message:
    """Parse one client message or raise BadMessage saying what is wrong."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise BadMessage("too_large", most=MAX_MESSAGE_BYTES)
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise BadMessage("not_json") from None
    if not isinstance(data, dict):
        raise BadMessage("not_object")
    kind = data.get("type")
    if kind == "act":
        return Act(_int(data, "action"), _int(data, "seat_version"))
    if kind == "bot":
        on = data.get("on")
        if type(on) is not bool:
            raise BadMessage("on_not_boolean")
        return HandToBot(_int(data, "seat"), on)
    if kind == "chat":
        return Say(data.get("text"))
    raise BadMessage("unknown_type")
