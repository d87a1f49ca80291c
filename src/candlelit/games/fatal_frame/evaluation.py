"""The search's estimate of a game cut off early: album points, then the shrine's boss."""

from __future__ import annotations

import math

from candlelit.games.fatal_frame.state import FatalFrameFields
from candlelit.games.fatal_frame.table import album_points
from candlelit.games.fatal_frame.turn import winners

LEAD_SCALE = 2.0
"""Standing (about album points) of lead that moves a seat's value from 1/2 to about 3/4."""
BOSS_FIGHT = 3.0
"""Standing of a seat facing the boss in its shrine, plus this much per life it took."""


def standing(state: FatalFrameFields, seat: int) -> float:
    """How near `seat` is to winning: album points, and its boss fight's progress."""
    lives = state.lives[seat]
    fight = BOSS_FIGHT * (1 + max(0, 3 - lives)) if lives > 0 else 0.0
    return album_points(state, seat) + fight


def evaluate(state: FatalFrameFields) -> list[float]:
    """Per seat, a value in (0, 1) from its standing's lead over the best other seat's (a
    logistic curve; 1/2 when level); the winners' returns once the game is over."""
    won = winners(state)
    if won:
        return [1.0 if seat in won else 0.0 for seat in range(state.num_players)]
    marks = [standing(state, s) for s in range(state.num_players)]
    values = []
    for seat, mine in enumerate(marks):
        best_other = max(m for other, m in enumerate(marks) if other != seat)
        values.append(1.0 / (1.0 + math.exp((best_other - mine) / LEAD_SCALE)))
    return values
