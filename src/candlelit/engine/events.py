"""Game log events with per-viewer visibility; messages are translation keys, never sentences.

A state keeps its log as plain tuples (`Entry`: kind, key, args, audience), the cheapest
record to build on every rule step; `State.events()` gives them back as named `Event`s.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypedDict

Entry = tuple[str, str, dict[str, Any], "tuple[int, ...] | None"]
"""One stored log entry, in `Event`'s field order; audience None means everyone."""


class LogLine(TypedDict):
    """One log entry as a view shows it: its kind, translation key and arguments."""

    kind: str
    key: str
    args: dict[str, Any]


class Event(NamedTuple):
    """One log entry: `visible_to` is None for everyone, else the seats that may see it."""

    kind: str
    key: str
    args: dict[str, Any]
    visible_to: tuple[int, ...] | None

    def visible(self, viewer: int | None) -> bool:
        """Whether `viewer` (a seat, or None for a spectator) may see this event."""
        return seen_by(self, viewer)


def seen_by(entry: Entry, viewer: int | None) -> bool:
    """Whether `viewer` (a seat, or None for a spectator) may see the log entry."""
    audience = entry[3]
    return audience is None or (viewer is not None and viewer in audience)


def redact(log: list[Entry], viewer: int | None) -> list[LogLine]:
    """The part of `log` that `viewer` may see, as JSON-able dicts (`seen_by` inlined: views
    walk the whole log)."""
    return [{"kind": kind, "key": key, "args": args} for kind, key, args, audience in log
            if audience is None or (viewer is not None and viewer in audience)]
