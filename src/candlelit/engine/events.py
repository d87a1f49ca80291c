"""Game log events with per-viewer visibility; messages are translation keys, never sentences."""

from __future__ import annotations

from typing import Any, NamedTuple

PUBLIC: None = None


class Event(NamedTuple):
    """One log entry: `visible_to` is None for everyone, else the seats that may see it."""

    kind: str
    key: str
    args: dict[str, Any]
    visible_to: tuple[int, ...] | None

    def visible(self, viewer: int | None) -> bool:
        """Whether `viewer` (a seat, or None for a spectator) may see this event."""
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-able dict, without its audience."""
        return {"kind": self.kind, "key": self.key, "args": self.args}


def redact(log: list[Event], viewer: int | None) -> list[dict[str, Any]]:
    """The part of `log` that `viewer` may see, as JSON-able dicts."""
    return [e.to_json() for e in log if e.visible_to is None or (
        viewer is not None and viewer in e.visible_to)]
