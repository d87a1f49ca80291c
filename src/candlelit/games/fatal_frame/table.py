"""Cards and ghosts on the table: drawing, hands, albums, and the ghost stacks of each place."""

from __future__ import annotations

import bisect

from candlelit.games.fatal_frame.cards import EXTERIORS
from candlelit.games.fatal_frame.constants import E_BOSS, E_FATAL, E_FUTILE, E_KIND, E_ZERO
from candlelit.games.fatal_frame.state import FatalFrameFields


def draw(s: FatalFrameFields, seat: int, count: int) -> int:
    """Draw up to `count` main cards, reshuffling the discards only when a draw needs it."""
    drawn = 0
    for _ in range(count):
        if not s.main_deck:
            if not s.main_discard:
                s._emit("draw", "fatal_frame.deck_empty", {"seat": seat})
                break
            s.main_deck, s.main_discard = s.main_discard, []
            s._chance().shuffle(s.main_deck)
            s._emit("draw", "fatal_frame.reshuffled", {"pile": "main"})
        kind = s.main_deck.pop()
        bisect.insort(s.hands[seat], kind)
        s._emit("draw", "fatal_frame.drew_card", {"seat": seat,
                                                 "card": s.cards.main[kind].id}, (seat,))
        drawn += 1
    if drawn:
        s._emit("draw", "fatal_frame.drew", {"seat": seat, "count": drawn})
    return drawn


def take_from_hand(s: FatalFrameFields, seat: int, kind: int) -> None:
    """Remove one card of `kind` from the seat's hand."""
    s.hands[seat].remove(kind)


def album_points(s: FatalFrameFields, seat: int) -> int:
    """Album value of the seat's album ghosts plus the points of its played items."""
    main = s.cards.main
    return sum(main[k].album_value for k in s.album[seat]) + sum(
        main[k].points for k in s.items[seat])


def has_album(s: FatalFrameFields, seat: int, engine: str) -> int:
    """How many of the seat's album ghosts have this effect."""
    album = s.album[seat]
    count = 0
    for kind in s.cards.main_kinds(engine):
        count += album.count(kind)
    return count


def no_discards(s: FatalFrameFields, seat: int) -> bool:
    """Whether an album ghost spares the seat every discard (and a Function's cost)."""
    return has_album(s, seat, "no_discards") > 0


def equipped(s: FatalFrameFields, seat: int) -> list[int]:
    """Kinds of the seat's equipped upgrades, ascending (a kind once)."""
    out = set(s.orbs[seat])
    for kind in (s.film[seat], s.function[seat]):
        if kind >= 0:
            out.add(kind)
    return sorted(out)


def inside(s: FatalFrameFields, seat: int) -> bool:
    """Whether the seat stands in a room of its path."""
    return s.room[seat] >= 0


def stack(s: FatalFrameFields, seat: int) -> list[list[int]] | None:
    """The ghosts on the seat's location (None while on its camera)."""
    if s.room[seat] >= 0:
        return s.room_ghosts[seat][s.room[seat]]
    if s.pos[seat] >= 0:
        return s.cell_ghosts[s.pos[seat]]
    return None


def slot_stack(s: FatalFrameFields, slot: int) -> list[list[int]] | None:
    """The ghosts on a target slot: a map cell, or seat * 4 + room after the cells."""
    if slot < EXTERIORS:
        return s.cell_ghosts[slot]
    seat, k = divmod(slot - EXTERIORS, 4)
    if seat < s.num_players and k < len(s.path[seat]):
        return s.room_ghosts[seat][k]
    return None


def slot_of(s: FatalFrameFields, seat: int) -> int:
    """The target slot of the seat's location."""
    if s.room[seat] >= 0:
        return EXTERIORS + seat * 4 + s.room[seat]
    return s.pos[seat]


def power(s: FatalFrameFields, entry: list[int]) -> int:
    """A ghost entry's power."""
    if entry[E_BOSS]:
        return s.cards.bosses[entry[E_KIND]].power
    return s.cards.main[entry[E_KIND]].power


def entry_id(s: FatalFrameFields, entry: list[int]) -> str:
    """A ghost entry's card id."""
    group = s.cards.bosses if entry[E_BOSS] else s.cards.main
    return group[entry[E_KIND]].id


def discard_entry(s: FatalFrameFields, entry: list[int]) -> None:
    """A ghost leaves the map: to the discards (a boss to its pile) with its attachments."""
    if entry[E_BOSS]:
        s.boss_pile.append(entry[E_KIND])
    else:
        s.main_discard.append(entry[E_KIND])
    for field in (E_FUTILE, E_ZERO, E_FATAL):
        if entry[field]:
            s.main_discard.append(entry[field] - 1)
