"""The search's estimate of a game cut off early: completed missions, then the party."""

from __future__ import annotations

import math

from candlelit.games.anima.progress import winners
from candlelit.games.anima.state import AnimaFields

LEAD_SCALE = 1.5
"""Standing (about one mission is 3) of lead that moves a value from 1/2 to about 3/4."""


def standing(state: AnimaFields, seat: int) -> float:
    """How near `seat` is to winning: 3 a completed basic mission, 1/2 a character in its
    party, 1/5 an advantage in hand."""
    return (3.0 * len(state.done[seat]) + 0.5 * len(state.party[seat])
            + 0.2 * len(state.hand[seat]))


def evaluate(state: AnimaFields) -> list[float]:
    """Per seat, a value in (0, 1) from its standing's lead over the best other seat's (a
    logistic curve; 1/2 when level); the winners' returns once the game is over."""
    if state.is_terminal():
        won = winners(state)
        return [1.0 if seat in won else 0.0 for seat in range(state.num_players)]
    marks = [standing(state, s) for s in range(state.num_players)]
    values = []
    for seat, mine in enumerate(marks):
        best_other = max(m for other, m in enumerate(marks) if other != seat)
        values.append(1.0 / (1.0 + math.exp((best_other - mine) / LEAD_SCALE)))
    return values
