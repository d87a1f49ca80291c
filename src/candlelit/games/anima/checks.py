"""Speed checks: d6 + party Speed against a target (success on equal or more), after the
other seats' chance to slow the party; then what the check decides."""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.engine.windows import NOBODY, Window
from candlelit.games.anima import agenda, areas, decks, party, progress
from candlelit.games.anima.constants import (
    MOVEMENT,
    O_EXPLORATION,
    O_MOVEMENT,
    P_AMBUSH,
    P_DIE,
    P_DISCARD_RANDOM,
    P_EXPEL,
    P_INACTIVATE,
    P_MISSION,
    P_NO_REWARD,
    P_TWO_REWARDS,
    S_CHECK,
    S_NONE,
    S_REACT,
    T_DIE,
    T_EXPEL,
    T_INACTIVATE,
    T_RANDOM_DISCARD,
    T_REWARD,
)
from candlelit.games.anima.state import clear_check

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def begin_check(s: AnimaFields, seat: int, target: int, purpose: int, arg: int,
                slot: int) -> None:
    """Start a Speed check: first the interruption window (every other seat holding an
    advantage may slow the party), then the party may add check bonuses."""
    s.ck_seat, s.ck_target, s.ck_bonus, s.ck_purpose, s.ck_arg = seat, target, 0, purpose, arg
    s.count_left = slot
    s._emit("check", "anima.check", {"seat": seat, "target": target})
    next_reactor(s, 0)


def _interrupters(s: AnimaFields) -> list[int]:
    """The interruption window's asking order: the speed order without the checking seat."""
    seat = s.ck_seat
    return [q for q in s.order if q != seat]


def _may_interrupt(s: AnimaFields, seat: int) -> bool:
    """A seat holding any advantage is asked, whatever it holds (engine/windows.py)."""
    return bool(s.hand[seat])


INTERRUPTION: Window[AnimaFields] = Window("interruption", _interrupters, _may_interrupt)
"""The window before a Speed check (privacy rule: engine/windows.py). It walks the order
once and never reopens; the asked seat is `actor` at step S_REACT, and `asked` keeps the
seats still to ask after it (the stored form of the window's place)."""


def next_reactor(s: AnimaFields, start: int) -> None:
    """Ask the first seat of the interruption window from index `start` of its order on,
    or, once nobody is left, go on to the check."""
    i = INTERRUPTION.next_index(s, start)
    if i != NOBODY:
        s.asked = list(INTERRUPTION.askees(s, i + 1))
        agenda.ask(s, _interrupters(s)[i], S_REACT)
        return
    s.asked = []
    seat = s.ck_seat
    if s.hand[seat] or party.ready_with(s, seat, "check_bonus"):
        agenda.ask(s, seat, S_CHECK)
    else:
        roll_check(s)


def after_interruption(s: AnimaFields, seat: int) -> None:
    """`seat` has answered the window (played or passed): ask the next seat after it."""
    next_reactor(s, _interrupters(s).index(seat) + 1)


def asking(s: AnimaFields) -> tuple[int, ...] | None:
    """While the interruption window asks: the asked seat, then those still to ask."""
    if s.step != S_REACT:
        return None
    return INTERRUPTION.askees(s, _interrupters(s).index(s.actor))


def reaction_cards(s: AnimaFields, seat: int) -> list[int]:
    """Advantages `seat` may play against the party about to make a Speed check."""
    advantages = s.cards.advantages
    return [k for k in party.cards_for_window(s, seat, "any")
            if advantages[k].does[0].op == "sabotage"]


def roll_check(s: AnimaFields) -> None:
    """d6 + party Speed + bonuses against the target; then what the check decides."""
    seat, purpose, arg, slot = s.ck_seat, s.ck_purpose, s.ck_arg, s.count_left
    die = s.d6()
    total = die + party.party_speed(s, seat) + s.ck_bonus
    passed = total >= s.ck_target
    s._emit("check", "anima.check_roll", {"seat": seat, "roll": die, "total": total,
                                          "target": s.ck_target, "passed": passed})
    clear_check(s)
    s.step = S_NONE
    if purpose == P_MISSION:
        if passed:
            progress.advance(s, seat, arg)
        return
    if purpose == P_TWO_REWARDS:
        if passed:
            agenda.push(s, T_REWARD, seat, slot, 2, -1)
        else:
            agenda.push(s, T_EXPEL, seat)
        return
    if passed:
        return
    if purpose == P_NO_REWARD:
        s.no_reward[seat] = 1
    elif purpose == P_AMBUSH:
        enc = decks.pop_encounter(s)
        if enc >= 0:
            areas.reveal(s, seat, enc, slot, _origin_of(s), arg, 0)
    elif purpose == P_INACTIVATE:
        agenda.push(s, T_INACTIVATE, seat)
    elif purpose == P_DISCARD_RANDOM:
        agenda.push(s, T_RANDOM_DISCARD, seat)
    elif purpose == P_DIE:
        agenda.push(s, T_DIE, seat)
    elif purpose == P_EXPEL:
        agenda.push(s, T_EXPEL, seat)
    else:
        raise AssertionError(f"anima: Speed check purpose {purpose} is never asked for")


def _origin_of(s: AnimaFields) -> int:
    return O_MOVEMENT if s.phase == MOVEMENT else O_EXPLORATION
