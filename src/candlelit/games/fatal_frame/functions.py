"""Functions (Track, Sense, Save, Blast): once per turn, paying a discard unless spared."""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.games.fatal_frame.constants import EXTRA_MOVE, MODIFIER, PAY_COST
from candlelit.games.fatal_frame.state import (
    T_BLAST,
    T_NONE,
    T_SAVE,
    T_SENSE,
    T_TRACK,
    FatalFrameFields,
)
from candlelit.games.fatal_frame.table import draw, no_discards

FUNCTION_THEN = {"track": T_TRACK, "sense": T_SENSE, "save": T_SAVE}
"""What paying for each Function used outside a roll leads to (Blast is used on a roll)."""
FUNCTION_CODES = (T_TRACK, T_SENSE, T_SAVE, T_BLAST)
"""The `then` codes a paid Function may carry."""


def function_engine(s: FatalFrameFields, seat: int) -> str:
    """The effect of the seat's equipped Function."""
    return s.cards.main[s.function[seat]].engine


def function_ready(s: FatalFrameFields, seat: int) -> bool:
    """Whether the seat has a Function unused this turn and can pay for it."""
    kind = s.function[seat]
    if kind < 0 or s.func_used:
        return False
    return bool(s.hands[seat]) or no_discards(s, seat)


def function_offered(s: FatalFrameFields, seat: int) -> bool:
    """Whether Track, Sense or Save may be used now (Blast is used on a roll instead)."""
    return function_ready(s, seat) and function_engine(s, seat) != "blast"


def use_function(s: FatalFrameFields, seat: int, then: int, arg: int) -> None:
    """Use the Function: its cost is asked for next, unless the seat need not discard."""
    s.func_used = 1
    s.resume = s.phase
    s.then, s.then_arg = then, arg
    s._emit("play", "fatal_frame.function", {
        "seat": seat, "card": s.cards.main[s.function[seat]].id})
    if no_discards(s, seat):
        function_benefit(s, seat)
    else:
        s.phase = PAY_COST


def function_benefit(s: FatalFrameFields, seat: int) -> None:
    """The paid Function's effect, then back to the step it was used in."""
    then, s.then = s.then, T_NONE
    _BENEFIT[then](s, seat)


def _track(s: FatalFrameFields, seat: int) -> None:
    """Track: an extra step comes first."""
    s.then, s.phase = T_TRACK, EXTRA_MOVE


def _sense(s: FatalFrameFields, seat: int) -> None:
    """Sense: draw a card."""
    draw(s, seat, 1)
    s.phase = s.resume


def _save(s: FatalFrameFields, seat: int) -> None:
    """Save: the seat is shielded from the next loss this turn."""
    s.shield = 1
    s.phase = s.resume


def _blast(s: FatalFrameFields, seat: int) -> None:
    """Blast: the chosen attack die gets the bonus."""
    s.chosen[s.then_arg] += MODIFIER
    s.phase = s.resume


_BENEFIT: dict[int, Callable[[FatalFrameFields, int], None]] = {
    T_TRACK: _track, T_SENSE: _sense, T_SAVE: _save, T_BLAST: _blast}
"""Per Function's `then` (T_*): its benefit once paid for."""
check_complete("fatal-frame: Function benefit", FUNCTION_CODES, _BENEFIT)
