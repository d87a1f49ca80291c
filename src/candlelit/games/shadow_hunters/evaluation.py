"""The search's estimate of a game cut off early: the health of each side still standing."""

from __future__ import annotations

from candlelit.games.shadow_hunters.state import ShadowHuntersFields

LONE = "none"
"""The gate of lone wolves and zombies: each is a side of its own."""


def evaluate(state: ShadowHuntersFields) -> list[float]:
    """Per seat, its side's living HP against the strongest other side's (a share in
    [0, 1]; a gate's members are one side, everyone else stands alone); the winners'
    returns once the game is over."""
    if state.over:
        return state.returns()
    n = state.num_players
    sides = [state.gate(s) if state.gate(s) != LONE else f"{LONE}{s}" for s in range(n)]
    strength: dict[str, float] = {}
    for s in range(n):
        strength[sides[s]] = strength.get(sides[s], 0.0) + (
            (1.0 + state.hp[s]) if state.alive[s] else 0.0)
    values = []
    for s in range(n):
        mine = strength[sides[s]]
        rival = max((v for side, v in strength.items() if side != sides[s]), default=0.0)
        values.append(mine / (mine + rival) if mine + rival else 0.5)
    return values
