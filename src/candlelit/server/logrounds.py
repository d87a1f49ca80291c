"""The game log grouped by round: each line's round, read from the lines that name one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def line_rounds(log: Sequence[Any]) -> list[int | None]:
    """The round each log line falls in: the last integer "round" argument logged so far."""
    current: int | None = None
    rounds: list[int | None] = []
    for entry in log:
        value = entry["args"].get("round")
        if type(value) is int:
            current = value
        rounds.append(current)
    return rounds


Group = tuple[int | None, list[str]]
"""A round (None: before the first) and its log lines."""


def grouped(lines: Sequence[str], rounds: Sequence[int | None]) -> list[Group]:
    """Consecutive lines of one round as (round, lines) groups, in log order."""
    groups: list[Group] = []
    for line, round_ in zip(lines, rounds, strict=True):
        if not groups or groups[-1][0] != round_:
            groups.append((round_, []))
        groups[-1][1].append(line)
    return groups
