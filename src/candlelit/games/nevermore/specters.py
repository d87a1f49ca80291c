"""Specters of Nevermore: what each character ability does when a seat uses it.

Each character has one ability as a human and one as a raven (research S18, S19); every
ability is an invented placeholder from cards.yaml. Abilities with a timing are used in a
character window that comes just before the magick window of that timing (seed 規則 2.2.4:
characters, then magick); the answers to their follow-up choices come back here. Passive
abilities are checked where they apply (abilities.has); the draft is character_draft.py.
"""

from __future__ import annotations

from candlelit.games.nevermore import abilities, choices, health
from candlelit.games.nevermore.constants import (
    A_USE,
    A_USE_COPY,
    C_CHARACTER,
    CHAR_WINDOW,
    D_KIND,
    D_POS,
    P_DUPIN,
    P_IMP,
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
from candlelit.games.nevermore.vocabulary import ABILITIES

FIRST_PURPOSE = P_IMP
"""Decision purposes from here on are answered by this module."""


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
    if aid == "imp":
        return state.health[seat] >= 2
    if aid == "pym":
        return any(state.hand[seat])
    if aid == "dupin":
        return state.shown < 4 if raven else True
    if aid == "wilson":
        return any(c >= 0 for s, c in enumerate(state.char) if s != seat)
    if aid == "montresor":
        return bool(_damagers(state, seat))
    return aid == "tarr_fether"


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
    if aid == "imp":
        state.push([T_DAMAGE, seat, seat, 1, C_CHARACTER], [T_DRAW, SHADOW, seat, 1])
    elif aid == "pym":
        mask = 0
        for k in range(5):
            if state.hand[seat][k]:
                mask |= 1 << k
        state.ask(D_KIND, seat, P_PYM, mask, -1)
    elif aid == "tarr_fether":
        state.ask(D_POS, seat, P_TARR, 0b1111, -1)
    elif aid == "dupin" and not raven:
        choices.target(state, seat, P_DUPIN, ((1 << state.num_players) - 1) & ~(1 << seat), -1)
    elif aid == "dupin":
        state.tkknown |= 1 << seat
        state._emit("character", "nevermore.dupin_tokens", {
            "seat": seat, "order": [SUITS[t] for t in state.mids[state.shown:]]}, (seat,))
    elif aid == "wilson":
        mask = 0
        for s, c in enumerate(state.char):
            if s != seat and c >= 0:
                mask |= 1 << s
        choices.target(state, seat, P_WILSON, mask, int(raven))
    elif aid == "montresor":
        choices.target(state, seat, P_MONTRESOR, _damagers(state, seat), -1)


def on_target(state: NevermoreFields, seat: int, purpose: int, target: int, extra: int) -> None:
    """A character ability's chosen player."""
    if purpose == P_DUPIN:
        state._emit("character", "nevermore.dupin_hand", {
            "seat": seat, "to": target, "cards": state.hand[target][:]}, (seat,))
    elif purpose == P_WILSON:
        state.copied[seat] = state.char[target]
        state.cform[seat] = extra
        state._emit("character", "nevermore.wilson", {
            "seat": seat, "to": target,
            "character": state.cards.characters[state.char[target]].name(),
            "form": "raven" if extra else "human"})
    elif purpose == P_MONTRESOR:
        state.tasks.append([T_DAMAGE, seat, target, 1, C_CHARACTER])
    else:
        raise AssertionError(f"no character target handler for purpose {purpose}")


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


def pym_discard(state: NevermoreFields, seat: int, kind: int) -> None:
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


def imp_answer(state: NevermoreFields, seat: int, yes: bool, gainer: int, amount: int) -> None:
    """The Imp cuts the gain by 1 (spending its once-a-round ability), or lets it be."""
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


def on_drop(state: NevermoreFields, seat: int, title: int) -> None:
    """The discarded magick card goes to its pile at clean-up."""
    state.magick[seat][title] -= 1
    state.adrift.append(title)
    state._emit("card", "nevermore.drops", {"seat": seat,
                                             "card": state.cards.magick[title].name()})
