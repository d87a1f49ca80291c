"""What a seat gives up: queued ghost effects after a roll (lose an upgrade, discard, release
an album ghost, draw) and every choice of a card to discard, lose or release."""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.games.fatal_frame.constants import (
    A_DISCARD,
    A_LOSE,
    A_RELEASE,
    ALBUM_LIMIT,
    EFFECT_DISCARD,
    LOSE_UPGRADE,
    RELEASE,
)
from candlelit.games.fatal_frame.functions import function_benefit
from candlelit.games.fatal_frame.state import (
    C_COUNT,
    C_FIGHT,
    C_MOVE,
    C_NONE,
    Q_COUNT,
    Q_DISCARD,
    Q_DRAW,
    Q_LOSE,
    Q_RELEASE,
    FatalFrameFields,
)
from candlelit.games.fatal_frame.table import draw, equipped, no_discards, take_from_hand
from candlelit.games.fatal_frame.turn import next_fight, to_discard, to_move


def drain(s: FatalFrameFields) -> None:
    """Settle queued effects (asking the active seat where a choice is needed), then go on."""
    seat = s.turn
    while s.queue:
        code, arg = s.queue.pop(0)
        if _SETTLE[code](s, seat, arg):
            return
    cont, s.cont = s.cont, C_NONE
    _ONCE_SETTLED[cont](s)


def _settle_lose(s: FatalFrameFields, seat: int, arg: int) -> bool:
    """A ghost takes an upgrade: Save spares it, else the seat chooses which."""
    if equipped(s, seat):
        if s.shield:
            s.shield = 0
            s._emit("effect", "fatal_frame.saved", {"seat": seat})
        else:
            s.phase = LOSE_UPGRADE
            return True
    return False


def _settle_discard(s: FatalFrameFields, seat: int, arg: int) -> bool:
    """A ghost makes the seat discard `arg` cards, chosen one at a time."""
    if s.hands[seat] and not no_discards(s, seat):
        s.then_arg = arg
        s.phase = EFFECT_DISCARD
        return True
    return False


def _settle_release(s: FatalFrameFields, seat: int, arg: int) -> bool:
    """An album over its limit: the seat chooses a ghost to release."""
    if len(s.album[seat]) > ALBUM_LIMIT:
        s.phase = RELEASE
        return True
    return False


def _settle_draw(s: FatalFrameFields, seat: int, arg: int) -> bool:
    """An album ghost's bonus: draw `arg` cards."""
    draw(s, seat, arg)
    return False


_SETTLE: dict[int, Callable[[FatalFrameFields, int, int], bool]] = {
    Q_LOSE: _settle_lose, Q_DISCARD: _settle_discard, Q_RELEASE: _settle_release,
    Q_DRAW: _settle_draw}
"""Per queued effect (Q_*): carry it out; True when the seat must now choose."""
check_complete("fatal-frame: queued effect", range(Q_COUNT), _SETTLE)


def _nothing_follows(s: FatalFrameFields) -> None:
    """No continuation was set: the current phase stands."""


_ONCE_SETTLED: dict[int, Callable[[FatalFrameFields], None]] = {
    C_NONE: _nothing_follows, C_FIGHT: next_fight, C_MOVE: to_move}
"""Per continuation (`cont`, C_*): where the turn goes once the queue is settled."""
check_complete("fatal-frame: continuation", range(C_COUNT), _ONCE_SETTLED)


def legal_discard(s: FatalFrameFields, seat: int) -> list[int]:
    """Discard a card of the hand (down to the limit, for an effect, or as a cost)."""
    return [A_DISCARD + k for k in sorted(set(s.hands[seat]))]


def legal_lose(s: FatalFrameFields, seat: int) -> list[int]:
    """Lose one of the equipped upgrades."""
    return [A_LOSE + k for k in equipped(s, seat)]


def legal_release(s: FatalFrameFields, seat: int) -> list[int]:
    """Release one album ghost."""
    return [A_RELEASE + k for k in sorted(set(s.album[seat]))]


def _discard(s: FatalFrameFields, seat: int, action: int) -> None:
    kind = action - A_DISCARD
    take_from_hand(s, seat, kind)
    s.main_discard.append(kind)
    s._emit("discard", "fatal_frame.discarded", {"seat": seat,
                                                 "card": s.cards.main[kind].id})


def discard_down_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Step 5: discard the card, then discard again or end the turn."""
    _discard(s, seat, action)
    to_discard(s)


def effect_discard_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """A ghost's discard: discard the card; once enough (or the hand is empty), settle on."""
    _discard(s, seat, action)
    s.then_arg -= 1
    if s.then_arg <= 0 or not s.hands[seat]:
        drain(s)


def cost_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Pay the Function's cost with the card, then take its benefit."""
    _discard(s, seat, action)
    function_benefit(s, seat)


def lose_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Lose the chosen upgrade, then settle the rest of the queue."""
    kind = action - A_LOSE
    if s.film[seat] == kind:
        s.film[seat] = -1
    elif s.function[seat] == kind:
        s.function[seat] = -1
    else:
        s.orbs[seat].remove(kind)
    s.main_discard.append(kind)
    s._emit("effect", "fatal_frame.lost_upgrade", {"seat": seat,
                                                   "card": s.cards.main[kind].id})
    drain(s)


def release_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Release the chosen album ghost, then settle the rest of the queue."""
    kind = action - A_RELEASE
    s.album[seat].remove(kind)
    s.main_discard.append(kind)
    s._emit("effect", "fatal_frame.released", {"seat": seat,
                                               "ghost": s.cards.main[kind].id})
    drain(s)
