"""Quick Escape outside its owner's turn: the window after the active seat's move or play
step, asking each other seat in turn whether it plays one to take a step.

Whom the window asks follows from public information only (engine/windows.py)."""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.engine.windows import NOBODY, Window
from candlelit.games.fatal_frame.constants import A_PASS, A_PLAY, REACT, REACT_MOVE
from candlelit.games.fatal_frame.locations import moves, relocate
from candlelit.games.fatal_frame.state import (
    R_AFTER_MOVE,
    R_AFTER_PLAY,
    R_COUNT,
    FatalFrameFields,
)
from candlelit.games.fatal_frame.table import take_from_hand
from candlelit.games.fatal_frame.turn import to_discard, to_play


def _quick_escapes(s: FatalFrameFields, seat: int) -> list[int]:
    """Kinds of Quick Escape in the seat's hand, ascending."""
    hand = s.hands[seat]
    return [k for k in s.cards.main_kinds("quick_escape") if k in hand]


def _quick_escape_unseen(s: FatalFrameFields) -> bool:
    """Whether some copy of Quick Escape is not lying in the main discard pile."""
    main, discard = s.cards.main, s.main_discard
    kinds = s.cards.main_kinds("quick_escape")
    return sum(discard.count(k) for k in kinds) < sum(main[k].count for k in kinds)


def _others(s: FatalFrameFields) -> list[int]:
    """Every seat but the active one, clockwise from the next."""
    n, turn = s.num_players, s.turn
    return [(turn + k) % n for k in range(1, n)]


def _may_hold_one(s: FatalFrameFields, seat: int) -> bool:
    """The seat has cards and some copy of Quick Escape is unseen."""
    return bool(s.hands[seat]) and _quick_escape_unseen(s)


QUICK_ESCAPE: Window[FatalFrameFields] = Window("quick_escape", _others, _may_hold_one)
"""After the active seat's move or play step: each other seat, clockwise, once."""


def _asked_index(s: FatalFrameFields) -> int:
    """Where the asked seat stands in the window's order."""
    return (s.asked - s.turn - 1) % s.num_players


def open_window(s: FatalFrameFields, after: int) -> None:
    """After the active seat's move or play step, offer Quick Escape to the other seats."""
    s.react_after = after
    if s.options["quick_escape"] == "any-time":
        _ask_from(s, 0)
    else:
        _close_window(s)


def _ask_from(s: FatalFrameFields, start: int) -> None:
    """Ask the window's next seat from `start` in its order, or close the window."""
    i = QUICK_ESCAPE.next_index(s, start)
    if i == NOBODY:
        _close_window(s)
    else:
        s.asked, s.phase = _others(s)[i], REACT


def _close_window(s: FatalFrameFields) -> None:
    s.asked = -1
    _AFTER_WINDOW[s.react_after](s)


def _after_move_step(s: FatalFrameFields) -> None:
    """Step 4 follows the move, unless the seat was beaten (then its turn ends)."""
    if s.beaten:
        to_discard(s)
    else:
        to_play(s)


_AFTER_WINDOW: dict[int, Callable[[FatalFrameFields], None]] = {
    R_AFTER_MOVE: _after_move_step, R_AFTER_PLAY: to_discard}
"""Per step the window follows (`react_after`, R_*): where the turn goes once it closes."""
check_complete("fatal-frame: Quick Escape window", range(R_COUNT), _AFTER_WINDOW)


def window_askees(s: FatalFrameFields) -> tuple[int, ...] | None:
    """While the window asks: the asked seat (also while it takes its step), then every
    seat it will still ask; None outside the window."""
    if s.phase == REACT:
        return QUICK_ESCAPE.askees(s, _asked_index(s))
    if s.phase == REACT_MOVE:
        return (s.asked, *QUICK_ESCAPE.askees(s, _asked_index(s) + 1))
    return None


def legal_react(s: FatalFrameFields, seat: int) -> list[int]:
    """Let the moment pass, or play a Quick Escape from hand."""
    return [A_PASS] + [A_PLAY + k for k in _quick_escapes(s, seat)]


def legal_react_move(s: FatalFrameFields, seat: int) -> list[int]:
    """The Quick Escape's step (no staying)."""
    return moves(s, seat, may_stay=False)


def react_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Pass to the next seat, or play the Quick Escape and take its step next."""
    if action == A_PASS:
        s._emit("react", "fatal_frame.let_pass", {"seat": seat})
        _ask_from(s, _asked_index(s) + 1)
        return
    kind = action - A_PLAY
    take_from_hand(s, seat, kind)
    s.main_discard.append(kind)
    s._emit("react", "fatal_frame.played", {"seat": seat, "card": s.cards.main[kind].id})
    s.phase = REACT_MOVE


def react_move_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Take the Quick Escape's step (no Chase follows), then ask the next seat."""
    relocate(s, seat, action, own_turn=False)
    _ask_from(s, _asked_index(s) + 1)
