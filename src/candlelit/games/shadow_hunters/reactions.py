"""The reaction windows of an attack (D17): the hidden attacker's reveal before the roll
(press), the hidden target's (brace), then the hit's window, 聖堂之盾 holders (shield) and
bystanders (cheer, 圍觀助威), asked seat by seat from the active one.

Whom each window asks follows from public information only (engine/windows.py). The hit's
window is drawn up once, at the roll, into `askers` ([SHIELD or CHEER, seat], in asking
order); asking walks that queue, and an entry leaves it once asked or passed over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from candlelit.engine.windows import NOBODY, Window
from candlelit.games.shadow_hunters.state import (
    CHEER,
    CHEER_USED,
    SHIELD,
    SHIELD_USED,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.strike import attack_damage


def may_react(state: ShadowHuntersFields, timing: str) -> bool:
    """Whether a character not yet seen face up has a skill of `timing` (public roster)."""
    shown = {state.char[s] for s in range(state.num_players) if state.revealed[s]}
    pool = state.pool
    return any(timing in pool[k].timings for k in state.roster if k not in shown)


def cheer_ready(state: ShadowHuntersFields, seat: int) -> bool:
    """Whether `seat` plays a bystander_adjust character with a use left this round."""
    return bool(state.character(seat).blocks("bystander_adjust")) and \
        not state.used[seat] & CHEER_USED


# == whom each window asks ================================================================
def _attacker(state: ShadowHuntersFields) -> Sequence[int]:
    return state.strike[:1]


def _target(state: ShadowHuntersFields) -> Sequence[int]:
    return state.strike[1:2]


def _may_press(state: ShadowHuntersFields, seat: int) -> bool:
    """A hidden attacker is asked while some unseen character acts when attacking."""
    return not state.revealed[seat] and may_react(state, "when_attacking")


def _may_brace(state: ShadowHuntersFields, seat: int) -> bool:
    """A hidden target is asked while some unseen character acts when attacked."""
    return not state.revealed[seat] and may_react(state, "when_attacked")


def _queued(kind: int) -> Callable[[ShadowHuntersFields], Sequence[int]]:
    """The seats still queued in the hit's window for `kind`, in asking order."""
    def order(state: ShadowHuntersFields) -> Sequence[int]:
        return [s for k, s in state.askers if k == kind]
    return order


def _may_shield(state: ShadowHuntersFields, seat: int) -> bool:
    """A queued shield holder is asked while alive with its shield unraised."""
    return bool(state.alive[seat]) and not state.used[seat] & SHIELD_USED and \
        state.has_card(seat, "shield")


def _may_cheer(state: ShadowHuntersFields, seat: int) -> bool:
    """A queued bystander is asked while alive and hidden (it may reveal), or face up
    with 圍觀助威 ready while nobody has cheered this attack yet."""
    return bool(state.alive[seat]) and (
        not state.revealed[seat] or (state.strike[6] < 0 and cheer_ready(state, seat)))


PRESS: Window[ShadowHuntersFields] = Window("press", _attacker, _may_press)
BRACE: Window[ShadowHuntersFields] = Window("brace", _target, _may_brace)
SHIELDS: Window[ShadowHuntersFields] = Window("shield", _queued(SHIELD), _may_shield)
CHEERS: Window[ShadowHuntersFields] = Window("cheer", _queued(CHEER), _may_cheer)
WINDOWS = (PRESS, BRACE, SHIELDS, CHEERS)
"""Every kind of reaction window, in the order an attack opens them."""

HIT_WINDOW = {SHIELD: SHIELDS, CHEER: CHEERS}
"""An `askers` entry's kind -> the window it belongs to."""


# == drawing up and walking the hit's window ===============================================
def draw_up_hit(state: ShadowHuntersFields, dmg: int, extra: int) -> None:
    """Queue in `askers`, from the active seat on, each living seat a hit (`dmg` through
    reductions, `extra` outside them) may concern: a shield holder in the target's zone
    whose shield would lower the damage, and a bystander in either zone who is hidden while
    an unseen character may cheer, or who may cheer itself."""
    att, tgt, roll, double = state.strike[0], state.strike[1], state.strike[2], state.strike[3]
    state.askers = []
    if not dmg + extra:
        return
    here, there = state.cell[att], state.cell[tgt]
    hidden_may = may_react(state, "reaction")
    shield_helps = -1  # whether one shield lowers the damage: computed when needed
    for s in state.from_active():
        if not state.alive[s]:
            continue
        if state.has_card(s, "shield") and not state.used[s] & SHIELD_USED and \
                state.same_zone(state.cell[s], there):
            if shield_helps < 0:
                shield_helps = int(attack_damage(state, att, tgt, roll, bool(double), 1)[0]
                                   < dmg)
            if shield_helps:
                state.askers.append([SHIELD, s])
        near = state.same_zone(state.cell[s], here) or state.same_zone(state.cell[s], there)
        if near and s != att and s != tgt and (
                (hidden_may and not state.revealed[s]) or cheer_ready(state, s)):
            state.askers.append([CHEER, s])


def next_in_hit(state: ShadowHuntersFields) -> tuple[int, int] | None:
    """Take from `askers` every entry up to the first one its window still asks and return
    that (kind, seat); None, with the queue spent, when no entry is asked."""
    askers = state.askers
    first = len(askers)
    for kind, window in HIT_WINDOW.items():
        i = window.next_index(state, 0)
        if i != NOBODY:
            first = min(first, [p for p, entry in enumerate(askers) if entry[0] == kind][i])
    if first == len(askers):
        askers.clear()
        return None
    kind, seat = askers[first]
    del askers[:first + 1]
    return kind, seat


def _hit_askees(state: ShadowHuntersFields) -> tuple[int, ...]:
    """The deciding seat, then every queued seat the hit's window still asks, in order."""
    later = (s for k, s in state.askers if HIT_WINDOW[k].eligible(state, s))
    return (state.decision[1], *later)


ASKEES: dict[str, Callable[[ShadowHuntersFields], tuple[int, ...]]] = {
    PRESS.name: PRESS.askees, BRACE.name: BRACE.askees,
    SHIELDS.name: _hit_askees, CHEERS.name: _hit_askees,
}
"""A window's decision kind -> the seats it asks from now on, the asked seat first."""


def askees(state: ShadowHuntersFields) -> tuple[int, ...] | None:
    """While a reaction window asks: the seats it asks from now on; else None."""
    if state.over or not state.decision:
        return None
    of = ASKEES.get(state.decision[0])
    return None if of is None else of(state)
