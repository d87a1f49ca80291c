"""Each seat's last logged action of one kind, for boards that highlight where it happened.

Boards pass these the view's log and only keys every game emits to everyone, so a mark
never rests on a line some seat alone could see (tests/server/test_server_marks.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def last_line_by_seat(log: Sequence[Any], *keys: str) -> dict[int, dict[str, Any]]:
    """Seat → its latest visible log line (key and arguments) whose key is one of `keys`."""
    last: dict[int, dict[str, Any]] = {}
    for entry in log:
        if entry["key"] in keys:
            seat = entry["args"].get("seat")
            if type(seat) is int:
                last[seat] = entry
    return last


def last_by_seat(log: Sequence[Any], *keys: str) -> dict[int, dict[str, Any]]:
    """Seat → the arguments of its latest visible log line whose key is one of `keys`."""
    return {seat: entry["args"] for seat, entry in last_line_by_seat(log, *keys).items()}


def aimed_at(last: Mapping[int, Mapping[str, Any]], seat: int) -> list[int]:
    """The seats whose line in `last` (a `last_by_seat` result) names `seat` as its `to`."""
    return sorted(actor for actor, args in last.items() if args.get("to") == seat)
