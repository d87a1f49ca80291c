"""Magick and character windows (魔法牌 1-5, 9.1): the seats asked in priority order.

A window goes round the seats from the start player's downstream neighbour; a character
window (abilities) comes just before the magick window of its timing. Whenever someone
plays, everybody who passed may choose again (seed FAQ 魔法牌 1). Every seat holding a
magick card is asked, whether or not it can play now (the engine's privacy rule,
engine/windows.py). An ANYTIME window opens after every other magick card and after every
resolution step, for the cards playable at any time (魔法牌 5).
"""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.engine.windows import NOBODY, Window
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
    CHARACTER_TIMINGS,
    D_NONE,
    D_WINDOW,
    DURING_STEP,
    ST_AFTER_RESOLUTION,
    ST_BEFORE_DRAFT,
    ST_BEFORE_RESOLUTION,
    T_WINDOW,
    TIMINGS,
    WHEN_LIGHT_DRAWN,
)
from candlelit.games.nevermore.state import (
    FX_CONSPIRED,
    NevermoreFields,
)

MAGICK_WINDOWS = (BEFORE_DRAFT, BEFORE_RESOLUTION, DURING_STEP, AFTER_RESOLUTION, ANYTIME,
                  WHEN_LIGHT_DRAWN)
"""The magick windows, numbered by the timing of the cards they take."""
CHARACTER_WINDOWS = tuple(CHAR_WINDOW + t for t in CHARACTER_TIMINGS)
"""The character windows, numbered CHAR_WINDOW + the timing they come just before."""


def _priority(state: NevermoreFields) -> list[int]:
    """This round's priority order (public)."""
    return state.order


def _ability_ready(number: int) -> Callable[[NevermoreFields, int], bool]:
    """Whether character window `number` asks a seat: its (public) character has an ability
    usable now."""
    def ready(state: NevermoreFields, seat: int) -> bool:
        return bool(specters.window_actions(state, seat, number))
    return ready


def _declare(number: int) -> Window[NevermoreFields]:
    """Window `number`: circular from `order`, asking everyone who passed again after a play."""
    if number >= CHAR_WINDOW:
        return Window("character_" + TIMINGS[number - CHAR_WINDOW], _priority,
                      _ability_ready(number), circular=True, reopens=True)
    eligible = playable.asked_after_draw if number == WHEN_LIGHT_DRAWN \
        else playable.holds_magick
    return Window(TIMINGS[number], _priority, eligible, circular=True, reopens=True)


WINDOWS: dict[int, Window[NevermoreFields]] = {
    number: _declare(number) for number in MAGICK_WINDOWS + CHARACTER_WINDOWS}
"""Window number (a T_WINDOW task's timing) -> the window; its name is the view's."""
check_complete("nevermore: window", MAGICK_WINDOWS + CHARACTER_WINDOWS, WINDOWS)


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
    i = WINDOWS[timing].next_index(state, pos, passed)
    if i != NOBODY:
        state.decision = [D_WINDOW, state.order[i], timing, ctx, i, passed]
        state.pending = [state.order[i]]
    elif timing == WHEN_LIGHT_DRAWN:
        state.drawn, state.drawer = [], -1


def askees(state: NevermoreFields) -> tuple[int, ...] | None:
    """The seats the open window asks from now on, the asked seat first (None: no window)."""
    decision = state.decision
    if decision[0] != D_WINDOW:
        return None
    return WINDOWS[decision[2]].askees(state, decision[4], decision[5])


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
    window = WINDOWS[timing]
    if action == A_DONE:
        _window(state, timing, ctx, i + 1, window.after_pass(passed, seat))
        return
    state.tasks.append([T_WINDOW, timing, ctx, i + 1, window.after_play(passed)])
    if action >= A_USE:
        specters.use(state, seat, timing, action == A_USE_COPY)
    elif action >= A_JOIN:
        effects.add_to_hand(state, seat, action - A_JOIN)
    else:
        if timing != ANYTIME:
            state.tasks.append([T_WINDOW, ANYTIME, -1, i + 1, 0])
        effects.play(state, seat, action - A_PLAY, timing, ctx)
