"""Step 3, the move: one mandatory step (or, when beaten, the play instead), and the extra
steps that Track and Quick Escape give."""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.games.fatal_frame.constants import (
    A_FORGO_MOVE,
    A_FUNC,
    FIGHT_PRE,
    PLAY,
)
from candlelit.games.fatal_frame.functions import (
    FUNCTION_THEN,
    function_engine,
    function_offered,
    use_function,
)
from candlelit.games.fatal_frame.locations import moves, relocate
from candlelit.games.fatal_frame.play import after_play
from candlelit.games.fatal_frame.quick_escape import open_window
from candlelit.games.fatal_frame.state import (
    BEATEN_MOVED,
    R_AFTER_MOVE,
    T_NONE,
    T_QUICK,
    T_TRACK,
    FatalFrameFields,
)
from candlelit.games.fatal_frame.turn import next_fight, to_play


def legal_move(s: FatalFrameFields, seat: int) -> list[int]:
    """A step (or staying in a boss fight), the play instead when beaten, or the Function."""
    out = moves(s, seat, may_stay=True)
    if s.beaten:
        out.append(A_FORGO_MOVE)
    if function_offered(s, seat):
        out.append(A_FUNC)
    out.sort()
    return out


def legal_extra_move(s: FatalFrameFields, seat: int) -> list[int]:
    """Track's or Quick Escape's step (no staying)."""
    return moves(s, seat, may_stay=False)


def move_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Step 3: take the step and go on, or use the Function, or play instead of moving
    when beaten."""
    if action == A_FUNC:
        use_function(s, seat, FUNCTION_THEN[function_engine(s, seat)], 0)
        return
    if action == A_FORGO_MOVE:
        s._emit("move", "fatal_frame.forgo_move", {"seat": seat})
        to_play(s)
        return
    relocate(s, seat, action, own_turn=True)
    if s.beaten and function_offered(s, seat):
        # the step was the beaten seat's one choice; its Function is still usable
        s.beaten, s.phase = BEATEN_MOVED, PLAY
    else:
        open_window(s, R_AFTER_MOVE)


def extra_move_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Take Track's or Quick Escape's step, then go on from what gave it."""
    relocate(s, seat, action, own_turn=True)
    then, s.then = s.then, T_NONE
    _AFTER_EXTRA_MOVE[then](s)


def _tracked(s: FatalFrameFields) -> None:
    """Track's step: back to the step the Function was used in."""
    if s.resume == FIGHT_PRE:
        next_fight(s)  # tracked away before a roll: fight what is here now
    else:
        s.phase = s.resume


_AFTER_EXTRA_MOVE: dict[int, Callable[[FatalFrameFields], None]] = {
    T_TRACK: _tracked, T_QUICK: after_play}
"""Per `then` code an extra step may carry (T_*): where the turn goes after it."""
check_complete("fatal-frame: extra step", (T_TRACK, T_QUICK), _AFTER_EXTRA_MOVE)
