"""Step 3, the move: one mandatory step (or, when beaten, the play instead), and the extra
steps that Track and Quick Escape give."""

from __future__ import annotations

from candlelit.games.fatal_frame.constants import (
    A_FORGO_MOVE,
    A_FUNC,
    EXTRA_MOVE,
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
    """Take the step (step 3 or an extra one) and go on, or use the Function, or play
    instead of moving when beaten."""
    if action == A_FUNC:
        use_function(s, seat, FUNCTION_THEN[function_engine(s, seat)], 0)
        return
    if action == A_FORGO_MOVE:
        s._emit("move", "fatal_frame.forgo_move", {"seat": seat})
        to_play(s)
        return
    extra = s.phase == EXTRA_MOVE
    relocate(s, seat, action, own_turn=True)
    if not extra:
        if s.beaten and function_offered(s, seat):
            # the step was the beaten seat's one choice; its Function is still usable
            s.beaten, s.phase = BEATEN_MOVED, PLAY
        else:
            open_window(s, R_AFTER_MOVE)
    elif s.then == T_QUICK:
        s.then = T_NONE
        after_play(s)
    else:
        s.then = T_NONE
        if s.resume == FIGHT_PRE:
            next_fight(s)  # tracked away before a roll: fight what is here now
        else:
            s.phase = s.resume
