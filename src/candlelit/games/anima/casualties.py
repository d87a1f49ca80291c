"""Casualties: a character about to die (and what may save it), one dying, one made
inactive until the next Reset phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import agenda, decks, party
from candlelit.games.anima.constants import S_DEATH, T_LOSE_CHAR

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def begin_death(s: AnimaFields, seat: int) -> None:
    """A character of `seat` would die: a guard, a card or an ability may save it."""
    for c in party.active(s, seat):
        card = s.cards.characters[c]
        if not card.exhaust and any(o.op == "death_guard" for o in card.does) \
                and not s.guard_used[seat]:
            s.guard_used[seat] = 1
            s._emit("death", "anima.guarded", {"seat": seat, "card": card.id})
            return
    if s.hand[seat] or party.ready_with(s, seat, "prevent_death"):
        agenda.ask(s, seat, S_DEATH)
    else:
        agenda.push(s, T_LOSE_CHAR, seat)


def lose_character(s: AnimaFields, seat: int, kind: int) -> None:
    """A character dies: to the discard pile; a wiped-out party starts again with one."""
    party.discard_character(s, seat, kind)
    s._emit("death", "anima.died", {"seat": seat, "card": s.character(kind).id})
    if not s.party[seat]:
        s._emit("death", "anima.wiped_out", {"seat": seat})
        s.loc[seat], s.out[seat] = -1, 1
        decks.recruit(s, seat)


def inactivate(s: AnimaFields, seat: int, kind: int) -> None:
    """The character adds nothing and has no ability until the next Reset phase."""
    s.inactive[seat].append(kind)
    s._emit("effect", "anima.inactivated", {"seat": seat, "card": s.character(kind).id})
