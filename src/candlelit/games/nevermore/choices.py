"""Asking a seat to choose another seat: at once when only one can be chosen."""

from __future__ import annotations

from candlelit.games.nevermore.constants import D_TARGET
from candlelit.games.nevermore.state import NevermoreFields


def humans_mask(state: NevermoreFields, exclude: int) -> int:
    """Bits of the seats in human form, `exclude` left out (-1: nobody)."""
    mask = 0
    for s in range(state.num_players):
        if s != exclude and not state.raven[s]:
            mask |= 1 << s
    return mask


def target(state: NevermoreFields, seat: int, purpose: int, mask: int, extra: int) -> None:
    """Ask `seat` to choose a seat in `mask` (at once if only one; nobody: it fizzles)."""
    if not mask:
        state._emit("card", "nevermore.fx.no_target", {"seat": seat})
        return
    if mask & (mask - 1) == 0:
        state.on_target(seat, purpose, mask.bit_length() - 1, extra)
        return
    state.ask(D_TARGET, seat, purpose, mask, extra)
