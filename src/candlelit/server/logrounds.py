"""The game log grouped by round: each line's round, read from the lines that name one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def line_rounds(log: Sequence[Any], start: int = 0) -> list[int | None]:
    """The round of each log line from `start` on: the last integer "round" argument logged
    at or before it (looking back from `start` only as far as the nearest one)."""
    current: int | None = None
    for back in range(start - 1, -1, -1):
        value = log[back]["args"].get("round")
        if type(value) is int:
            current = value
            break
    rounds: list[int | None] = []
    for at in range(start, len(log)):
        value = log[at]["args"].get("round")
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
