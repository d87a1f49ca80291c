"""Each seat's last logged action of one kind, for boards that highlight where it happened."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def last_by_seat(log: Sequence[Any], *keys: str) -> dict[int, dict[str, Any]]:
    """Seat → the arguments of its latest visible log line whose key is one of `keys`."""
    last: dict[int, dict[str, Any]] = {}
    for entry in log:
        args = entry["args"]
        if entry["key"] in keys and type(args.get("seat")) is int:
            last[args["seat"]] = args
    return last
