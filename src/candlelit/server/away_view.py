"""What a table shows about absent players: hand-over countdowns, turn clocks, why a bot plays.

Times are absolute (the hub's clock, in seconds) so that a render stays the same while the
clock runs; the page counts down between updates.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from candlelit.i18n import seat_name, t
from candlelit.server.absence import TIMERS, BotReason, duration
from candlelit.server.tables import LiveTable


def seat_marks(table: LiveTable, seat: int, viewer: int | None, lang: str) -> dict[str, Any]:
    """For the seats list: `deadline` of the seat's turn clock, whether `viewer` gets a
    'hand to a bot' button (`can_hand`) and from when (`after`), and a `note` when a bot
    plays another player's seat."""
    row = table.row.seats[seat]
    marks: dict[str, Any] = {"deadline": None, "can_hand": False, "after": None, "note": None}
    if table.row.status != "playing" or row.kind != "human":
        return marks
    deadline = table.deadlines.get(seat)
    marks["deadline"] = None if deadline is None else round(deadline, 3)
    if row.bot_playing:
        if seat != viewer:
            marks["note"] = t("web.bot_for_seat", lang, seat=seat_name(seat, lang))
        return marks
    if viewer is None:
        return marks
    since = table.presence.away_since(seat)
    if seat == viewer:
        marks["can_hand"] = True
    elif since is not None:
        marks["can_hand"] = True
        marks["after"] = round(since + table.row.grace, 3)
    return marks


def bot_reason_text(table: LiveTable, seat: int | None, lang: str) -> str:
    """Why a bot plays `seat`, as its own player reads it."""
    if seat is None or not table.row.seats[seat].bot_playing:
        return ""
    why = BotReason.parse(table.row.seats[seat].bot_reason)
    return why.says(lang) if why is not None else t("web.bot_playing_you", lang)


def table_rules(table: LiveTable, lang: str) -> str:
    """The table's grace period and turn timer, in one line."""
    return _rules(table.row.grace, table.row.timer, lang)


@lru_cache(maxsize=256)
def _rules(grace: float, timer: str, lang: str) -> str:
    text = t("web.rules_grace", lang, grace=duration(grace, lang))
    limit = TIMERS.get(timer)
    if limit is not None:
        gap = "" if lang == "zh-TW" else " "
        text += gap + t("web.rules_timer", lang, time=duration(limit, lang))
    return text
