"""Specters of Nevermore: what each character ability does when a seat uses it.

Each character has one ability as a human and one as a raven (research S18, S19); every
ability is an invented placeholder from cards.yaml. Abilities with a timing are used in a
character window that comes just before the magick window of that timing (seed 規則 2.2.4:
characters, then magick); the answers to their follow-up choices come back here. Passive
abilities are checked where they apply (abilities.has); the draft is character_draft.py.
"""

from __future__ import annotations

from collections.abc import Callable

from candlelit.engine.flow import check_complete
from candlelit.games.nevermore import abilities, choices, health
from candlelit.games.nevermore.constants import (
    A_USE,
    A_USE_COPY,
    C_CHARACTER,
    CHAR_WINDOW,
    D_KIND,
    D_POS,
    P_DUPIN,
    P_MONTRESOR,
    P_PYM,
    P_TARR,
    P_WILSON,
    SHADOW,
    SUITS,
    T_DAMAGE,
    T_DRAW,
)
from candlelit.games.nevermore.state import (
    CU_COPY,
    CU_HUMAN_GAME,
    CU_HUMAN_ROUND,
    CU_RAVEN_GAME,
    CU_RAVEN_ROUND,
    NevermoreFields,
)
from candlelit.games.nevermore.vocabulary import ABILITIES, USED


def _usable(state: NevermoreFields, seat: int, char: int, timing: int, copy: bool) -> bool:
    raven = bool(state.raven[seat])
    if copy and state.cform[seat] != int(raven):
        return False
    aid = abilities.ability_id(state, char)
    ability = ABILITIES[aid]
    if (ability.raven if raven else ability.human) != timing:
        return False
    bits = state.cused[seat]
    if copy:
        if bits & CU_COPY:
            return False
    elif aid == "wilson":
        if bits & (CU_RAVEN_GAME if raven else CU_HUMAN_GAME):
            return False
    elif bits & (CU_RAVEN_ROUND if raven else CU_HUMAN_ROUND):
        return False
    return READY[aid](state, seat, raven)


def _damagers(state: NevermoreFields, seat: int) -> int:
    mask = 0
    for s in range(state.num_players):
        if state.damaged_by[seat] >> s & 1 and not state.raven[s] and s != seat:
            mask |= 1 << s
    return mask


def window_actions(state: NevermoreFields, seat: int, timing: int) -> list[int]:
    """A_USE for the seat's own ability and A_USE_COPY for a copied one, when usable."""
    base = timing - CHAR_WINDOW
    actions = []
    if state.char[seat] >= 0 and _usable(state, seat, state.char[seat], base, False):
        actions.append(A_USE)
    if state.copied[seat] >= 0 and _usable(state, seat, state.copied[seat], base, True):
        actions.append(A_USE_COPY)
    return actions


def use(state: NevermoreFields, seat: int, timing: int, copy: bool) -> None:
    """Use the seat's own (or copied) ability of this window."""
    char = state.copied[seat] if copy else state.char[seat]
    aid = abilities.ability_id(state, char)
    raven = bool(state.raven[seat])
    if copy:
        state.cused[seat] |= CU_COPY
    elif aid == "wilson":
        state.cused[seat] |= CU_RAVEN_GAME if raven else CU_HUMAN_GAME
    else:
        state.cused[seat] |= CU_RAVEN_ROUND if raven else CU_HUMAN_ROUND
    state._emit("character", "nevermore.uses", {
        "seat": seat, "character": state.cards.characters[char].name(),
        "form": "raven" if raven else "human"})
    USE[aid](state, seat, raven)


def answer_dupin(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """The human Dupin sees the chosen player's hand."""
    state._emit("character", "nevermore.dupin_hand", {
        "seat": seat, "to": target, "cards": state.hand[target][:]}, (seat,))


def answer_wilson(state: NevermoreFields, seat: int, target: int, form: int) -> None:
    """William Wilson copies the chosen player's character, usable in his form then (`form`)."""
    state.copied[seat] = state.char[target]
    state.cform[seat] = form
    state._emit("character", "nevermore.wilson", {
        "seat": seat, "to": target,
        "character": state.cards.characters[state.char[target]].name(),
        "form": "raven" if form else "human"})


def answer_montresor(state: NevermoreFields, seat: int, target: int, extra: int) -> None:
    """The human Montresor deals 1 damage to a chosen human who damaged him."""
    state.tasks.append([T_DAMAGE, seat, target, 1, C_CHARACTER])


def on_position(state: NevermoreFields, seat: int, position: int, decision: list[int]) -> None:
    """Doctor Tarr and Professor Fether swap two middle resolution tokens."""
    first = decision[4]
    if first < 0:
        state.ask(D_POS, seat, P_TARR, 0b1111 & ~(1 << position), position)
        return
    mids = state.mids
    mids[first], mids[position] = mids[position], mids[first]
    state._emit("character", "nevermore.tarr", {"seat": seat, "pos1": first + 1,
                                                 "pos2": position + 1})


def answer_pym(state: NevermoreFields, seat: int, kind: int, extra: int) -> None:
    """Arthur Gordon Pym: discard a dealt card (it still counts) and draw a replacement."""
    state.hand[seat][kind] -= 1
    state.front[seat][kind] += 1
    state._emit("card", "nevermore.fx.discards", {"seat": seat, "suit": SUITS[kind]})
    if state.mdeck:
        deck = state.mdeck
        new = deck.pop(state._chance().randrange(len(deck)))
        state.hand[seat][new] += 1
        state._emit("character", "nevermore.pym_draw", {"seat": seat, "suit": SUITS[new]},
                    (seat,))


def answer_imp(state: NevermoreFields, seat: int, yes: bool, decision: list[int]) -> None:
    """The Imp cuts the gain by 1 (spending its once-a-round ability), or lets it be."""
    gainer, amount = decision[3], decision[4]
    if yes:
        own = state.char[seat]
        if own >= 0 and abilities.ability_id(state, own) == "imp":
            state.cused[seat] |= CU_RAVEN_ROUND
        else:
            state.cused[seat] |= CU_COPY
        amount -= 1
        state._emit("character", "nevermore.imp", {"seat": seat, "to": gainer})
    if amount > 0:
        health.gain_vp(state, gainer, amount)


# -- the abilities used in character windows, by vocabulary id -----------------------------
def _ready_always(state: NevermoreFields, seat: int, raven: bool) -> bool:
    return True


def _imp_ready(state: NevermoreFields, seat: int, raven: bool) -> bool:
    return state.health[seat] >= 2


def _dupin_ready(state: NevermoreFields, seat: int, raven: bool) -> bool:
    return state.shown < 4 if raven else True


def _montresor_ready(state: NevermoreFields, seat: int, raven: bool) -> bool:
    return bool(_damagers(state, seat))


def _wilson_ready(state: NevermoreFields, seat: int, raven: bool) -> bool:
    return any(c >= 0 for s, c in enumerate(state.char) if s != seat)


def _pym_ready(state: NevermoreFields, seat: int, raven: bool) -> bool:
    return any(state.hand[seat])


def _use_tarr_fether(state: NevermoreFields, seat: int, raven: bool) -> None:
    state.ask(D_POS, seat, P_TARR, 0b1111, -1)


def _use_imp(state: NevermoreFields, seat: int, raven: bool) -> None:
    state.push([T_DAMAGE, seat, seat, 1, C_CHARACTER], [T_DRAW, SHADOW, seat, 1])


def _use_dupin(state: NevermoreFields, seat: int, raven: bool) -> None:
    if not raven:
        choices.target(state, seat, P_DUPIN, ((1 << state.num_players) - 1) & ~(1 << seat), -1)
        return
    state.tkknown |= 1 << seat
    state._emit("character", "nevermore.dupin_tokens", {
        "seat": seat, "order": [SUITS[t] for t in state.mids[state.shown:]]}, (seat,))


def _use_montresor(state: NevermoreFields, seat: int, raven: bool) -> None:
    choices.target(state, seat, P_MONTRESOR, _damagers(state, seat), -1)


def _use_wilson(state: NevermoreFields, seat: int, raven: bool) -> None:
    mask = 0
    for s, c in enumerate(state.char):
        if s != seat and c >= 0:
            mask |= 1 << s
    choices.target(state, seat, P_WILSON, mask, int(raven))


def _use_pym(state: NevermoreFields, seat: int, raven: bool) -> None:
    mask = 0
    for k in range(5):
        if state.hand[seat][k]:
            mask |= 1 << k
    state.ask(D_KIND, seat, P_PYM, mask, -1)


def on_drop(state: NevermoreFields, seat: int, title: int) -> None:
    """The discarded magick card goes to its pile at clean-up."""
    state.magick[seat][title] -= 1
    state.adrift.append(title)
    state._emit("card", "nevermore.drops", {"seat": seat,
                                             "card": state.cards.magick[title].name()})


READY: dict[str, Callable[[NevermoreFields, int, bool], bool]] = {
    "tarr_fether": _ready_always, "imp": _imp_ready, "dupin": _dupin_ready,
    "montresor": _montresor_ready, "wilson": _wilson_ready, "pym": _pym_ready,
}
"""Used ability id -> whether it can do something now (by seat and form), its limits aside."""
check_complete("nevermore: ability ready", USED, READY)

USE: dict[str, Callable[[NevermoreFields, int, bool], None]] = {
    "tarr_fether": _use_tarr_fether, "imp": _use_imp, "dupin": _use_dupin,
    "montresor": _use_montresor, "wilson": _use_wilson, "pym": _use_pym,
}
"""Used ability id -> what using it does (by seat and form)."""
check_complete("nevermore: ability use", USED, USE)
