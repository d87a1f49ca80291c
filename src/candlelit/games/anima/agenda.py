"""The agenda's primitives: put a task on it, or stop it to wait for a seat's decision.

A task is `[code, seat, a, b, c, d]` (codes in constants.py, handlers in tasks.py); the
agenda is worked from its end, so the task pushed last runs first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima.constants import (
    EXPLORATION,
    INTERACTION,
    MOVEMENT,
    RESET,
    S_EXPLORE,
    S_INTERACT,
    S_MOVE,
    S_RESET,
)

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields

Task = list[int]


def push(s: AnimaFields, code: int, seat: int, a: int = 0, b: int = 0, c: int = 0,
         d: int = 0) -> None:
    """Put a task on top of the agenda (it runs next)."""
    s.agenda.append([code, seat, a, b, c, d])


def ask(s: AnimaFields, seat: int, step: int) -> None:
    """Wait for `seat`'s decision at `step`."""
    s.step, s.actor = step, seat


def main_step(phase: int) -> int:
    """The free-choice step of a phase turn."""
    return {RESET: S_RESET, MOVEMENT: S_MOVE, INTERACTION: S_INTERACT,
            EXPLORATION: S_EXPLORE}[phase]
