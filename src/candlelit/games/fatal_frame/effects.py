"""What a seat gives up: queued ghost effects after a roll (lose an upgrade, discard, release
an album ghost, draw) and every choice of a card to discard, lose or release."""

from __future__ import annotations

from candlelit.games.fatal_frame.constants import (
    A_DISCARD,
    A_LOSE,
    A_RELEASE,
    ALBUM_LIMIT,
    DISCARD_DOWN,
    EFFECT_DISCARD,
    LOSE_UPGRADE,
    PAY_COST,
    RELEASE,
)
from candlelit.games.fatal_frame.functions import function_benefit
from candlelit.games.fatal_frame.state import (
    C_FIGHT,
    C_MOVE,
    C_NONE,
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
        if code == Q_DRAW:
            draw(s, seat, arg)
        elif code == Q_LOSE:
            if equipped(s, seat):
                if s.shield:
                    s.shield = 0
                    s._emit("effect", "fatal_frame.saved", {"seat": seat})
                else:
                    s.phase = LOSE_UPGRADE
                    return
        elif code == Q_DISCARD:
            if s.hands[seat] and not no_discards(s, seat):
                s.then_arg = arg
                s.phase = EFFECT_DISCARD
                return
        elif code == Q_RELEASE and len(s.album[seat]) > ALBUM_LIMIT:
            s.phase = RELEASE
            return
    cont, s.cont = s.cont, C_NONE
    if cont == C_FIGHT:
        next_fight(s)
    elif cont == C_MOVE:
        to_move(s)


def legal_discard(s: FatalFrameFields, seat: int) -> list[int]:
    """Discard a card of the hand (down to the limit, for an effect, or as a cost)."""
    return [A_DISCARD + k for k in sorted(set(s.hands[seat]))]


def legal_lose(s: FatalFrameFields, seat: int) -> list[int]:
    """Lose one of the equipped upgrades."""
    return [A_LOSE + k for k in equipped(s, seat)]


def legal_release(s: FatalFrameFields, seat: int) -> list[int]:
    """Release one album ghost."""
    return [A_RELEASE + k for k in sorted(set(s.album[seat]))]


def discard_decision(s: FatalFrameFields, seat: int, action: int) -> None:
    """Discard the card, then go on with step 5, the paid Function or the queued effects."""
    phase = s.phase
    kind = action - A_DISCARD
    take_from_hand(s, seat, kind)
    s.main_discard.append(kind)
    s._emit("discard", "fatal_frame.discarded", {"seat": seat,
                                                 "card": s.cards.main[kind].id})
    if phase == DISCARD_DOWN:
        to_discard(s)
    elif phase == PAY_COST:
        function_benefit(s, seat)
    else:
        s.then_arg -= 1
        if s.then_arg <= 0 or not s.hands[seat]:
            drain(s)


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
