"""Drafting (規則 2.2; FAQ 輪抽 1): three simultaneous passes of 3, 2 and 1 cards.

Every seat chooses its cards in secret, then all are passed at once in the marker's
direction. Harvest makes the upstream neighbour pass more in the first pass; Freeze
cancels the draft; Justice hurts whoever passed its player Ravens.
"""

from __future__ import annotations

from candlelit.games.nevermore.constants import (
    A_PASS,
    C_JUSTICE,
    D_NONE,
    D_PASS,
    PASSES,
    RAVEN,
    ST_DRAFT,
    T_CHECK_WIN,
    T_DAMAGE,
    T_PASS_DONE,
)
from candlelit.games.nevermore.state import (
    FX_FREEZE,
    FX_JUSTICE,
    NevermoreFields,
)


def t_draft(state: NevermoreFields, task: list[int]) -> None:
    """[T_DRAFT, index]: every seat with cards chooses in secret what it passes."""
    index = task[1]
    state.stage = ST_DRAFT
    if state.fx[FX_FREEZE]:
        if index == 0:
            state._emit("draft", "nevermore.no_draft", {})
        return
    n, d = state.num_players, state.direction
    pending = []
    for seat in range(n):
        count = PASSES[index]
        if index == 0:
            count += state.harvest[(seat + d) % n]
        count = min(count, sum(state.hand[seat]))
        state.to_pass[seat] = count
        if count:
            pending.append(seat)
    state.tasks.append([T_PASS_DONE, index])
    state.decision = [D_PASS, -1, index]
    state.pending = pending


def answer_pass(state: NevermoreFields, seat: int, action: int) -> None:
    """One card chosen for the pass; the seat is done when it has chosen them all."""
    kind = action - A_PASS
    state.hand[seat][kind] -= 1
    state.held[seat][kind] += 1
    state.to_pass[seat] -= 1
    if not state.to_pass[seat]:
        state.pending.remove(seat)
        if not state.pending:
            state.decision = [D_NONE]


def t_pass_done(state: NevermoreFields, task: list[int]) -> None:
    """[T_PASS_DONE, index]: all chosen cards move at once; Justice hurts Raven passers."""
    n, d = state.num_players, state.direction
    moved = state.held
    state.held = [[0] * 5 for _ in range(n)]
    for seat in range(n):
        to = (seat + d) % n
        cards = moved[seat]
        receiver = state.hand[to]
        for kind in range(5):
            receiver[kind] += cards[kind]
        if any(cards):
            state._emit("pass", "nevermore.passed", {"seat": seat, "to": to, "cards": cards},
                       (seat, to))
    state._emit("pass", "nevermore.passes_done", {"count": PASSES[task[1]]})
    justice = state.fx[FX_JUSTICE]
    if justice:
        hits = []
        for seat in state.order:
            if justice >> seat & 1:
                upstream = (seat - d) % n
                ravens = moved[upstream][RAVEN]
                if ravens:
                    hits.append([T_DAMAGE, seat, upstream, ravens, C_JUSTICE, 1])
        if hits:
            hits.append([T_CHECK_WIN, -1])
        state.push(*hits)
