"""The search's estimate of a game cut off early: points first, then health, humans ahead."""

from __future__ import annotations

import math

from candlelit.games.nevermore.constants import WIN_VP
from candlelit.games.nevermore.state import NevermoreFields

LEAD_SCALE = 1.5
"""Standing (about points) of lead that moves a seat's value from 1/2 to about 3/4."""
RAVEN_STANDING = 0.5
"""A raven's points count this much (it must turn human again before they win)."""


def standing(state: NevermoreFields, seat: int) -> float:
    """How near `seat` is to winning: its points (a raven's discounted), health as a
    tie-break, and the winning line as a bonus."""
    vp = state.vp[seat]
    if state.raven[seat]:
        return RAVEN_STANDING * vp
    return vp + 0.25 * state.health[seat] + (1.0 if vp >= WIN_VP else 0.0)


def evaluate(state: NevermoreFields) -> list[float]:
    """Per seat, a value in (0, 1) from its standing's lead over the best other seat's (a
    logistic curve; 1/2 when level); the winners' returns once the game is over."""
    if state.won:
        return state.returns()
    marks = [standing(state, s) for s in range(state.num_players)]
    values = []
    for seat, mine in enumerate(marks):
        best_other = max(m for other, m in enumerate(marks) if other != seat)
        values.append(1.0 / (1.0 + math.exp((best_other - mine) / LEAD_SCALE)))
    return values
