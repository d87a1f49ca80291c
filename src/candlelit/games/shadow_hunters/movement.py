"""Movement in a 箱庭版暗影獵人 turn (步驟 5-2, D1): 2d6 along the ring in either direction, any
other location on a full lap; 精靈遊俠的陷阱 stops it, 精靈之靴 bends it, 火炎之翼 delays it,
迷失的磁場 forces a re-roll, 片翼飛翔 replaces it; with the decisions these ask."""

from __future__ import annotations

from typing import Any

from candlelit.games.shadow_hunters.constants import A_CELL, A_NO, A_YES, CELLS, step
from candlelit.games.shadow_hunters.state import (
    ACTION,
    ATTACK,
    F_DELAY,
    F_LATE,
    F_NO_ATTACK,
    F_SKIP_MOVE,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.table import ask, place

BOOTS_STAY = (0, 11)
"""精靈之靴: a total of 0 or 11 (after the holder's +1/-1 choice) means no move."""


def move_phase(state: ShadowHuntersFields, seat: int) -> None:
    """Start the move: none when snared, else 火炎之翼's choice or the roll."""
    if state.flags[seat] & F_SKIP_MOVE:
        state.flags[seat] &= ~F_SKIP_MOVE
        state._emit("snared", "shadow_hunters.log.no_move", {"seat": seat})
        state.phase = ACTION
        return
    if not state.flags[seat] & F_LATE and state.has_card(seat, "wings"):
        ask(state, "wings", seat, [A_NO, A_YES])
        return
    roll_move(state, seat)


def roll_move(state: ShadowHuntersFields, seat: int) -> None:
    """Roll 2d6 to move; holders of 迷失的磁場 may then force one re-roll."""
    a, b = state.d6(), state.d6()
    state._emit("roll", "shadow_hunters.log.move_roll", {"seat": seat, "dice": [a, b]})
    holders = [s for s in state.from_active() if state.lodestone[s] and state.alive[s]]
    if holders:
        ask(state, "lodestone", holders[0], [A_NO, A_YES], seat, a, b, *holders[1:])
        return
    _offer_moves(state, seat, a, b)


def _offer_moves(state: ShadowHuntersFields, seat: int, a: int, b: int) -> None:
    """Offer the destinations of a movement roll of `a` and `b` (D1, 精靈之靴)."""
    totals = [a + b]
    boots = state.has_card(seat, "boots")
    if boots:
        totals += [a + b - 1, a + b + 1]
    here = state.cell[seat]
    dest: set[int] = set()
    for n in totals:
        if boots and n in BOOTS_STAY:
            dest.add(here)
        elif n % 8 == 0:
            dest |= {c for c in CELLS if c != here}
        else:
            dest |= {step(here, n), step(here, -n)}
    ask(state, "move", seat, [A_CELL + CELLS.index(c) for c in dest])



# == the decisions ========================================================================
def decide_move(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """Move to the chosen cell (staying put is no arrival); then the location action."""
    cell = CELLS[a - A_CELL]
    if cell == state.cell[seat]:  # 精靈之靴's 0/11: no move, so no arrival either
        state._emit("move", "shadow_hunters.log.stay", {"seat": seat, "cell": cell})
    else:
        state._emit("move", "shadow_hunters.log.move", {"seat": seat, "cell": cell})
        place(state, seat, cell)
    state.phase = ACTION


def decide_fly(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """片翼飛翔: fly to the chosen cell instead of moving, and do not attack this turn."""
    cell = CELLS[a - A_CELL]
    state._emit("move", "shadow_hunters.log.fly", {"seat": seat, "cell": cell})
    place(state, seat, cell)
    # the flight is this turn's movement, so a snare (skip the move) is spent
    state.flags[seat] = (state.flags[seat] & ~F_SKIP_MOVE) | F_NO_ATTACK
    state.phase = ACTION


def decide_wings(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """火炎之翼: move now, or attack first and move after."""
    if a == A_YES:
        state.flags[seat] |= F_DELAY
        state._emit("wings", "shadow_hunters.log.wings", {"seat": seat})
        state.phase = ATTACK
    else:
        roll_move(state, seat)


def decide_lodestone(state: ShadowHuntersFields, seat: int, a: int, ctx: list[Any]) -> None:
    """迷失的磁場: force the mover to re-roll, or leave the next holder to decide."""
    mover, d1, d2, *rest = ctx
    if a == A_YES:
        state.lodestone[seat] -= 1
        state._emit("reroll", "shadow_hunters.log.reroll", {"seat": seat, "to": mover})
        d1, d2 = state.d6(), state.d6()
        state._emit("roll", "shadow_hunters.log.move_roll",
                    {"seat": mover, "dice": [d1, d2]})
    elif rest:
        ask(state, "lodestone", rest[0], [A_NO, A_YES], mover, d1, d2, *rest[1:])
        return
    _offer_moves(state, mover, d1, d2)
