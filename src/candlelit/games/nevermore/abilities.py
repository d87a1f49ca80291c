"""Specters of Nevermore: which ability a seat has now, and the passives spent once a round.

A seat has an ability through its own character or one William Wilson copied, and only in
the form (human or raven) the ability serves. The passives with a once-a-round limit (the
raven Tarr and Fether's wild Raven, the raven Imp of the Perverse) are spent here.
"""

from __future__ import annotations

from candlelit.games.nevermore.state import CU_COPY, CU_RAVEN_ROUND, NevermoreFields


def ability_id(state: NevermoreFields, char: int) -> str:
    """The vocabulary id of character `char`."""
    return state.cards.characters[char].ability.id


def has(state: NevermoreFields, seat: int, ability: str, raven_form: bool) -> bool:
    """Whether `seat` now has `ability` in its current form (its own or copied)."""
    if bool(state.raven[seat]) != raven_form:
        return False
    own = state.char[seat]
    if own >= 0 and ability_id(state, own) == ability:
        return True
    copied = state.copied[seat]
    return copied >= 0 and state.cform[seat] == int(raven_form) \
        and ability_id(state, copied) == ability


def can_wild(state: NevermoreFields, seat: int) -> bool:
    """Tarr and Fether as a raven: a Raven may count as a card of the called suit once a round."""
    if not state.raven[seat]:
        return False
    own = state.char[seat]
    if own >= 0 and ability_id(state, own) == "tarr_fether":
        return not state.cused[seat] & CU_RAVEN_ROUND
    copied = state.copied[seat]
    return copied >= 0 and state.cform[seat] == 1 \
        and ability_id(state, copied) == "tarr_fether" and not state.cused[seat] & CU_COPY


def mark_wild(state: NevermoreFields, seat: int) -> None:
    """Spend the once-a-round wild Raven."""
    own = state.char[seat]
    if own >= 0 and ability_id(state, own) == "tarr_fether":
        state.cused[seat] |= CU_RAVEN_ROUND
    else:
        state.cused[seat] |= CU_COPY


def imp_for(state: NevermoreFields, gainer: int) -> int:
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
