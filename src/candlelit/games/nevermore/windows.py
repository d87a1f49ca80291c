"""Magick and character windows (魔法牌 1-5, 9.1): the seats asked in priority order.

A window goes round the seats from the start player's downstream neighbour; a character
window (abilities) comes just before the magick window of its timing. Whenever someone
plays, everybody who passed may choose again (seed FAQ 魔法牌 1). Every seat holding a
magick card is asked, whether or not it can play now (that is its own secret). An ANYTIME
window opens after every other magick card and after every resolution step, for the
cards playable at any time (魔法牌 5).
"""

from __future__ import annotations

from candlelit.games.nevermore import effects, playable, specters
from candlelit.games.nevermore.constants import (
    A_DONE,
    A_JOIN,
    A_PLAY,
    A_USE,
    A_USE_COPY,
    AFTER_RESOLUTION,
    ANYTIME,
    BEFORE_DRAFT,
    BEFORE_RESOLUTION,
    CHAR_WINDOW,
    D_NONE,
    D_WINDOW,
    ST_AFTER_RESOLUTION,
    ST_BEFORE_DRAFT,
    ST_BEFORE_RESOLUTION,
    T_WINDOW,
    WHEN_LIGHT_DRAWN,
)
from candlelit.games.nevermore.state import (
    FX_CONSPIRED,
    NevermoreFields,
)


def t_window(state: NevermoreFields, task: list[int]) -> None:
    """[T_WINDOW, timing, ctx, position, passed]: ask seats in priority order from `position`.

    An ANYTIME window is the chance 「隨時可打出」 cards have to answer out of priority
    order: one opens as soon as a magick card played in any other window has resolved,
    and after each resolution step (the Conspiracy, each suit step); only any-time cards
    may be played in it.
    """
    _, timing, ctx, pos, passed = task
    base = timing - CHAR_WINDOW if timing >= CHAR_WINDOW else timing
    if base == AFTER_RESOLUTION:
        if state.fx[FX_CONSPIRED]:
            return
        state.stage = ST_AFTER_RESOLUTION
    elif base == BEFORE_RESOLUTION:
        state.stage = ST_BEFORE_RESOLUTION
    elif base == BEFORE_DRAFT:
        state.stage = ST_BEFORE_DRAFT
    _window(state, timing, ctx, pos, passed)


def _window(state: NevermoreFields, timing: int, ctx: int, pos: int, passed: int) -> None:
    """Ask the first seat from position `pos` that has not passed and is asked, or close."""
    order = state.order
    n = len(order)
    can = specters.can_act if timing >= CHAR_WINDOW else playable.asked
    for k in range(n):
        i = (pos + k) % n
        seat = order[i]
        if passed >> seat & 1:
            continue
        if can(state, seat, timing, ctx):
            state.decision = [D_WINDOW, seat, timing, ctx, i, passed]
            state.pending = [seat]
            return
    if timing == WHEN_LIGHT_DRAWN:
        state.drawn, state.drawer = [], -1


def window_actions(state: NevermoreFields, seat: int, timing: int, ctx: int) -> list[int]:
    """What `seat` may do in this window: cards or abilities, then A_DONE (pass)."""
    if timing >= CHAR_WINDOW:
        actions = specters.window_actions(state, seat, timing)
    else:
        actions = playable.window_actions(state, seat, timing, ctx)
    actions.append(A_DONE)
    return actions


def answer_window(state: NevermoreFields, seat: int, action: int) -> None:
    """Play, join, use or pass; after a play, the window asks round again."""
    _, _, timing, ctx, i, passed = state.decision
    state.decision, state.pending = [D_NONE], []
    if action == A_DONE:
        _window(state, timing, ctx, i + 1, passed | 1 << seat)
        return
    state.tasks.append([T_WINDOW, timing, ctx, i + 1, 0])
    if action >= A_USE:
        specters.use(state, seat, timing, action == A_USE_COPY)
    elif action >= A_JOIN:
        effects.add_to_hand(state, seat, action - A_JOIN)
    else:
        if timing != ANYTIME:
            state.tasks.append([T_WINDOW, ANYTIME, -1, i + 1, 0])
        effects.play(state, seat, action - A_PLAY, timing, ctx)
