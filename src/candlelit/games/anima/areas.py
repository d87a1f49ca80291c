"""The map: the areas in play, the parties standing on them and their face-down
encounters; a party leaving the map; a new area coming into play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from candlelit.games.anima import agenda, party, progress
from candlelit.games.anima.constants import O_MOVEMENT, T_CULL, T_MEET, T_PLACE_AREA

if TYPE_CHECKING:
    from candlelit.games.anima.state import AnimaFields


def parties_at(s: AnimaFields, slot: int) -> list[int]:
    """Seats whose party stands on area `slot`, in this round's speed order."""
    return [q for q in s.order if s.loc[q] == slot]


def expel(s: AnimaFields, seat: int) -> None:
    """The party leaves the map: its round is over and a mission under way restarts."""
    if s.loc[seat] >= 0:
        s._emit("expel", "anima.expelled", {"seat": seat,
                                           "area": s.cards.areas[s.area_at[s.loc[seat]]].id})
    s.loc[seat], s.out[seat] = -1, 1
    progress.interrupt(s, seat)


def removable(s: AnimaFields) -> list[int]:
    """Area slots that may leave play: no encounter on them and no party in them."""
    enc_down, monster, loc, saved = s.enc_down, s.monster, s.loc, s.saved
    return [i for i, a in enumerate(s.area_at)
            if a >= 0 and enc_down[i] < 0 and monster[i] < 0 and i not in loc
            and i not in saved]


def reveal_area(s: AnimaFields, seat: int, kind: int) -> None:
    """Put a new area in play (culling one at the cap), then enter it through its encounter."""
    s._emit("move", "anima.new_area", {"seat": seat, "area": s.cards.areas[kind].id})
    free = [i for i, a in enumerate(s.area_at) if a < 0]
    if free:
        agenda.push(s, T_PLACE_AREA, seat, kind, free[0])
    else:
        s.saved = []
        agenda.push(s, T_CULL, seat, kind)


def forget_peeks(s: AnimaFields, slot: int) -> None:
    """A face-down encounter left its area: nobody's peek at it means anything now."""
    for seen in s.seen:
        if slot in seen:
            seen.remove(slot)


def reveal(s: AnimaFields, seat: int, enc: int, slot: int, origin: int, penalty: int,
           cap: int) -> None:
    """Turn an encounter face up against `seat`'s party and meet it."""
    s._emit("encounter", "anima.revealed", {"seat": seat, "card": s.cards.encounters[enc].id,
                                            "area": s.cards.areas[s.area_at[slot]].id})
    agenda.push(s, T_MEET, seat, enc, slot, origin, penalty * 10 + cap)


def revealed_options(s: AnimaFields, seat: int, enc: int, origin: int) -> list[int]:
    """Characters whose ability may answer this revealed encounter (cancel an event;
    in the Movement phase, swap an encounter for the next)."""
    creature = s.cards.encounters[enc].creature
    out = [] if creature else party.ready_with(s, seat, "cancel_event")
    if origin == O_MOVEMENT and s.enc_deck + s.enc_discard:
        out += party.ready_with(s, seat, "swap_encounter")
    return sorted(out)
