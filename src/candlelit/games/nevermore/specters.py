"""Specters of Nevermore: drafting characters and what each ability does.

Characters are drafted at set-up (deal 2 each, keep 1 and pass the other in the marker's
direction, then keep 1 of the 2 you hold; research placeholder procedure). Each has one
ability as a human and one as a raven (research S18, S19); every ability is an invented
placeholder from cards.yaml. Abilities with a timing are used in a character window that
comes just before the magick window of that timing (seed 規則 2.2.4: characters, then
magick); passive ones are checked where they apply, in rules.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.nevermore.constants import (
    A_USE,
    A_USE_COPY,
    C_CHARACTER,
    CHAR_WINDOW,
    D_CHAR_KEEP,
    D_CHAR_PICK,
    D_DROP,
    D_KIND,
    D_NONE,
    D_POS,
    P_DUPIN,
    P_IMP,
    P_MONTRESOR,
    P_PYM,
    P_TARR,
    P_USHER,
    P_WILSON,
    SHADOW,
    ST_BEFORE_DRAFT,
    SUITS,
    T_DAMAGE,
    T_DRAW,
)
from candlelit.games.nevermore.vocabulary import ABILITIES

if TYPE_CHECKING:
    from candlelit.games.nevermore.rules import NevermoreState

FIRST_PURPOSE = P_IMP
"""Decision purposes from here on are answered by this module."""

CU_HUMAN_ROUND, CU_RAVEN_ROUND, CU_HUMAN_GAME, CU_RAVEN_GAME, CU_LENORE, CU_COPY = (
    1, 2, 4, 8, 16, 32)


def ability_id(state: NevermoreState, char: int) -> str:
    """The vocabulary id of character `char`."""
    return state.cards.characters[char].ability.id


def has(state: NevermoreState, seat: int, ability: str, raven_form: bool) -> bool:
    """Whether `seat` now has `ability` in its current form (its own or copied)."""
    if bool(state.raven[seat]) != raven_form:
        return False
    own = state.char[seat]
    if own >= 0 and ability_id(state, own) == ability:
        return True
    copied = state.copied[seat]
    return copied >= 0 and state.cform[seat] == int(raven_form) \
        and ability_id(state, copied) == ability


def _usable(state: NevermoreState, seat: int, char: int, timing: int, copy: bool) -> bool:
    raven = bool(state.raven[seat])
    if copy and state.cform[seat] != int(raven):
        return False
    aid = ability_id(state, char)
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


def _damagers(state: NevermoreState, seat: int) -> int:
    mask = 0
    for s in range(state.num_players):
        if state.damaged_by[seat] >> s & 1 and not state.raven[s] and s != seat:
            mask |= 1 << s
    return mask


def window_actions(state: NevermoreState, seat: int, timing: int) -> list[int]:
    """A_USE for the seat's own ability and A_USE_COPY for a copied one, when usable."""
    base = timing - CHAR_WINDOW
    actions = []
    if state.char[seat] >= 0 and _usable(state, seat, state.char[seat], base, False):
        actions.append(A_USE)
    if state.copied[seat] >= 0 and _usable(state, seat, state.copied[seat], base, True):
        actions.append(A_USE_COPY)
    return actions


def can_act(state: NevermoreState, seat: int, timing: int, ctx: int) -> bool:
    """Whether `seat` has an ability to use in this character window."""
    return bool(window_actions(state, seat, timing))


def use(state: NevermoreState, seat: int, timing: int, copy: bool) -> None:
    """Use the seat's own (or copied) ability of this window."""
    char = state.copied[seat] if copy else state.char[seat]
    aid = ability_id(state, char)
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
        state._push([T_DAMAGE, seat, seat, 1, C_CHARACTER], [T_DRAW, SHADOW, seat, 1])
    elif aid == "pym":
        mask = 0
        for k in range(5):
            if state.hand[seat][k]:
                mask |= 1 << k
        state._ask(D_KIND, seat, P_PYM, mask, -1)
    elif aid == "tarr_fether":
        state._ask(D_POS, seat, P_TARR, 0b1111, -1)
    elif aid == "dupin" and not raven:
        state._target(seat, P_DUPIN, ((1 << state.num_players) - 1) & ~(1 << seat), -1)
    elif aid == "dupin":
        state.tkknown |= 1 << seat
        state._emit("character", "nevermore.dupin_tokens", {
            "seat": seat, "order": [SUITS[t] for t in state.mids[state.shown:]]}, (seat,))
    elif aid == "wilson":
        mask = 0
        for s, c in enumerate(state.char):
            if s != seat and c >= 0:
                mask |= 1 << s
        state._target(seat, P_WILSON, mask, int(raven))
    elif aid == "montresor":
        state._target(seat, P_MONTRESOR, _damagers(state, seat), -1)


def on_target(state: NevermoreState, seat: int, purpose: int, target: int, extra: int) -> None:
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


def on_position(state: NevermoreState, seat: int, position: int, decision: list[int]) -> None:
    """Doctor Tarr and Professor Fether swap two middle resolution tokens."""
    first = decision[4]
    if first < 0:
        state._ask(D_POS, seat, P_TARR, 0b1111 & ~(1 << position), position)
        return
    mids = state.mids
    mids[first], mids[position] = mids[position], mids[first]
    state._emit("character", "nevermore.tarr", {"seat": seat, "pos1": first + 1,
                                                 "pos2": position + 1})


def pym_discard(state: NevermoreState, seat: int, kind: int) -> None:
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


def can_wild(state: NevermoreState, seat: int) -> bool:
    """Tarr and Fether as a raven: a Raven may count as a card of the called suit once a round."""
    if not state.raven[seat]:
        return False
    own = state.char[seat]
    if own >= 0 and ability_id(state, own) == "tarr_fether":
        return not state.cused[seat] & CU_RAVEN_ROUND
    copied = state.copied[seat]
    return copied >= 0 and state.cform[seat] == 1 \
        and ability_id(state, copied) == "tarr_fether" and not state.cused[seat] & CU_COPY


def mark_wild(state: NevermoreState, seat: int) -> None:
    """Spend the once-a-round wild Raven."""
    own = state.char[seat]
    if own >= 0 and ability_id(state, own) == "tarr_fether":
        state.cused[seat] |= CU_RAVEN_ROUND
    else:
        state.cused[seat] |= CU_COPY


def imp_for(state: NevermoreState, gainer: int) -> int:
    """A raven Imp of the Perverse who may still cut a human's VP gain this round, or -1."""
    for s in state.order:
        if s == gainer or not state.raven[s]:
            continue
        own = state.char[s]
        if own >= 0 and ability_id(state, own) == "imp" \
                and not state.cused[s] & CU_RAVEN_ROUND:
            return s
        copied = state.copied[s]
        if copied >= 0 and state.cform[s] == 1 and ability_id(state, copied) == "imp" \
                and not state.cused[s] & CU_COPY:
            return s
    return -1


def imp_answer(state: NevermoreState, seat: int, yes: bool, gainer: int, amount: int) -> None:
    """The Imp cuts the gain by 1 (spending its once-a-round ability), or lets it be."""
    if yes:
        own = state.char[seat]
        if own >= 0 and ability_id(state, own) == "imp":
            state.cused[seat] |= CU_RAVEN_ROUND
        else:
            state.cused[seat] |= CU_COPY
        amount -= 1
        state._emit("character", "nevermore.imp", {"seat": seat, "to": gainer})
    if amount > 0:
        state.gain_vp(gainer, amount)


def usher_drop(state: NevermoreState, seat: int) -> None:
    """Roderick Usher drew one Light card more: now he discards one magick card."""
    state._ask(D_DROP, seat, P_USHER)


def on_drop(state: NevermoreState, seat: int, title: int) -> None:
    """The discarded magick card goes to its pile at clean-up."""
    state.magick[seat][title] -= 1
    state.adrift.append(title)
    state._emit("card", "nevermore.drops", {"seat": seat,
                                             "card": state.cards.magick[title].name()})


# -- the character draft at set-up ----------------------------------------------------------
def t_char_deal(state: NevermoreState, task: list[int]) -> None:
    """Deal 2 characters to each seat; each keeps 1 in secret."""
    pool = list(range(len(state.cards.characters)))
    state._shuffle(pool)
    for seat in range(state.num_players):
        state.cdeal[seat] = sorted(pool[2 * seat:2 * seat + 2])
        state._emit("character", "nevermore.chars_dealt", {
            "seat": seat, "characters": [state.cards.characters[c].name()
                                         for c in state.cdeal[seat]]}, (seat,))
    state.decision = [D_CHAR_KEEP, -1]
    state.pending = list(range(state.num_players))


def answer_draft(state: NevermoreState, seat: int, char: int) -> None:
    """Keep (first choice) or pick (second choice) a character."""
    if state.decision[0] == D_CHAR_KEEP:
        state.ckeep[seat] = char
        state.cdeal[seat].remove(char)
    else:
        state.char[seat] = char
        state.cdeal[seat] = []
    state.pending.remove(seat)
    if not state.pending:
        state.decision = [D_NONE]


def t_char_pass(state: NevermoreState, task: list[int]) -> None:
    """Pass the other character in the marker's direction; then pick 1 of the 2 you hold."""
    n, d = state.num_players, state.direction
    passed = [state.cdeal[s][0] for s in range(n)]
    for seat in range(n):
        upstream = (seat - d) % n
        state.cdeal[seat] = sorted([state.ckeep[seat], passed[upstream]])
        state._emit("character", "nevermore.char_passed", {
            "seat": upstream, "to": seat,
            "character": state.cards.characters[passed[upstream]].name()}, (upstream, seat))
    state.decision = [D_CHAR_PICK, -1]
    state.pending = list(range(n))


def t_char_reveal(state: NevermoreState, task: list[int]) -> None:
    """Every chosen character is revealed."""
    for seat in range(state.num_players):
        state._emit("character", "nevermore.char_revealed", {
            "seat": seat, "character": state.cards.characters[state.char[seat]].name()})
    state.ckeep = [-1] * state.num_players
    state.stage = ST_BEFORE_DRAFT
