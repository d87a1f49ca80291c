"""Where seats stand and how one step moves them: the 3x3 map, buildings, their paths of
rooms, the secret passages, and the ghosts that follow (Chase) or vanish (blue)."""

from __future__ import annotations

from candlelit.games.fatal_frame.cards import EXTERIORS, SHRINE, Card
from candlelit.games.fatal_frame.constants import (
    A_CELL,
    A_ENTER,
    A_LEFT,
    A_PASSAGE,
    A_RIGHT,
    A_STAY,
    DIRECTIONS,
    E_BOSS,
    E_KIND,
    EDGE_CELLS,
)
from candlelit.games.fatal_frame.state import FatalFrameFields
from candlelit.games.fatal_frame.table import (
    album_points,
    discard_entry,
    draw,
    entry_id,
    inside,
    stack,
)


def neighbours(cell: int) -> list[int]:
    """Orthogonally adjacent cells of the 3x3 exterior map, ascending."""
    r, c = divmod(cell, 3)
    out = [(r + dr) * 3 + c + dc for dr, dc in DIRECTIONS
           if 0 <= r + dr < 3 and 0 <= c + dc < 3]
    return sorted(out)


_STEP_ACTIONS = tuple(tuple(A_CELL + n for n in neighbours(c)) for c in range(EXTERIORS))
"""Move actions onto each exterior's neighbours, ascending."""
_FIRST_STEPS = tuple(A_CELL + c for c in EDGE_CELLS)
"""Move actions from the camera onto the map: any edge cell, ascending."""


def boss_fight_on(s: FatalFrameFields, seat: int) -> bool:
    """Whether the seat stands in the shrine with a boss that still has lives."""
    if not inside(s, seat):
        return False
    return any(e[E_BOSS] for e in s.room_ghosts[seat][s.room[seat]])


def moves(s: FatalFrameFields, seat: int, may_stay: bool) -> list[int]:
    """The seat's possible steps, ascending (staying only in a boss fight, if `may_stay`)."""
    pos, room = s.pos[seat], s.room[seat]
    if pos < 0:
        return list(_FIRST_STEPS)
    if room < 0:
        ext = s.cards.exteriors[s.grid[pos]]
        if ext.building_size and _may_enter(s, seat, ext):
            return [A_ENTER, *_STEP_ACTIONS[pos]]  # A_ENTER sorts before every cell
        return list(_STEP_ACTIONS[pos])
    out = []
    if may_stay and s.options["boss_fight"] == "stay" and boss_fight_on(s, seat):
        out.append(A_STAY)
    if room > 0:
        out.append(A_LEFT)
    if room < len(s.path[seat]) - 1:
        out.append(A_RIGHT)
    if room in (0, len(s.path[seat]) - 1):
        out.extend(_exits(s, seat))
    return sorted(out)


def _exits(s: FatalFrameFields, seat: int) -> list[int]:
    """Ways out from a path's ends: its building, and the linked house by the secret
    passage (a move onto its square when face up, A_PASSAGE while face down)."""
    cell = s.entered[seat]
    out = [A_CELL + cell]
    other = linked_cell(s, cell)
    if other >= 0:
        out.append(A_CELL + other if s.revealed[other] else A_PASSAGE)
    return out


def linked_cell(s: FatalFrameFields, cell: int) -> int:
    """The square of the house secretly linked to the building on `cell`, or -1."""
    linked = s.cards.exteriors[s.grid[cell]].linked
    return s.grid.index(linked) if linked >= 0 else -1


def _may_enter(s: FatalFrameFields, seat: int, ext: Card) -> bool:
    if ext.id == SHRINE and album_points(s, seat) < s.shrine_points():
        return False
    if ext.id == SHRINE and not s.boss_pile:
        return False
    return len(s.interior_deck) + len(s.interior_discard) >= ext.building_size


def _realm_ok(realm: str, to_inside: bool) -> bool:
    return realm == "both" or realm == ("interior" if to_inside else "exterior")


def relocate(s: FatalFrameFields, seat: int, action: int, own_turn: bool) -> None:
    """Move the seat one step; Chase ghosts follow only the active seat on its turn."""
    if action == A_STAY:
        s._emit("move", "fatal_frame.stayed", {"seat": seat})
        return
    if action == A_PASSAGE:
        other = linked_cell(s, s.entered[seat])
        s._emit("move", "fatal_frame.passage", {
            "seat": seat, "place": s.cards.exteriors[s.grid[other]].id})
        action = A_CELL + other
    old = stack(s, seat)
    was_inside = inside(s, seat)
    to_inside = action in (A_ENTER, A_LEFT, A_RIGHT)
    followers: list[list[int]] = []
    if own_turn and seat == s.turn and old:
        keep = []
        for entry in old:
            card = None if entry[E_BOSS] else s.cards.main[entry[E_KIND]]
            if card is not None and card.chase and _realm_ok(card.realm, to_inside):
                followers.append(entry)
            else:
                keep.append(entry)
        old[:] = keep
    if was_inside and not to_inside:
        _leave_building(s, seat)
    else:
        _vanish_blue(s, seat)
    if action == A_ENTER:
        _enter_building(s, seat)
    elif action == A_LEFT:
        s.room[seat] -= 1
    elif action == A_RIGHT:
        s.room[seat] += 1
    else:
        cell = action - A_CELL
        s.pos[seat], s.room[seat] = cell, -1
        if not s.revealed[cell]:
            s.revealed[cell] = 1
            s._emit("move", "fatal_frame.revealed", {
                "cell": cell, "place": s.cards.exteriors[s.grid[cell]].id})
    new = stack(s, seat)
    assert new is not None
    new.extend(followers)
    if inside(s, seat):
        s._emit("move", "fatal_frame.moved_inside", {"seat": seat, "room": s.room[seat] + 1})
        here = s.cards.interiors[s.path[seat][s.room[seat]]]
        if here.draws_on_enter:
            draw(s, seat, 1)
    else:
        cell = s.pos[seat]
        s._emit("move", "fatal_frame.moved", {"seat": seat, "cell": cell})
        if s.cards.exteriors[s.grid[cell]].draws_on_enter:
            draw(s, seat, 1)
    for entry in followers:
        s._emit("move", "fatal_frame.followed", {"seat": seat, "ghost": entry_id(s, entry)})


def _vanish_blue(s: FatalFrameFields, seat: int) -> None:
    """Blue ghosts left on a location with no player on it return to the discards."""
    here = stack(s, seat)
    if not here:
        return
    if not inside(s, seat):
        cell = s.pos[seat]
        if any(s.pos[q] == cell and s.room[q] < 0
               for q in range(s.num_players) if q != seat):
            return
    keep = []
    for entry in here:
        if not entry[E_BOSS] and s.cards.main[entry[E_KIND]].blue:
            discard_entry(s, entry)
            s._emit("move", "fatal_frame.vanished", {"ghost": entry_id(s, entry)})
        else:
            keep.append(entry)
    here[:] = keep


def _enter_building(s: FatalFrameFields, seat: int) -> None:
    """Draw N interior cards as the seat's own path; in the shrine a random boss waits."""
    cell = s.pos[seat]
    ext = s.cards.exteriors[s.grid[cell]]
    path = []
    for _ in range(ext.building_size):
        if not s.interior_deck:
            s.interior_deck, s.interior_discard = s.interior_discard, []
            s._chance().shuffle(s.interior_deck)
            s._emit("move", "fatal_frame.reshuffled", {"pile": "interior"})
        path.append(s.interior_deck.pop())
    s.path[seat] = path
    s.room_ghosts[seat] = [[] for _ in path]
    s.entered[seat], s.room[seat] = cell, 0
    s._emit("move", "fatal_frame.entered", {"seat": seat, "place": ext.id,
                                            "size": len(path)})
    s._emit("move", "fatal_frame.path", {"seat": seat, "rooms": [
        s.cards.interiors[k].id for k in path]}, (seat,))
    if ext.id == SHRINE:
        rng = s._chance()
        boss = s.boss_pile.pop(rng.randrange(len(s.boss_pile)))
        s.room_ghosts[seat][0].append([boss, 1, 0, 0, 0, 0])
        s.lives[seat] = s.cards.bosses[boss].lives
        s._emit("move", "fatal_frame.boss", {"seat": seat,
                                             "ghost": s.cards.bosses[boss].id})


def _leave_building(s: FatalFrameFields, seat: int) -> None:
    """The path's cards and every ghost left on it go to their discard piles."""
    for rooms in s.room_ghosts[seat]:
        for entry in rooms:
            discard_entry(s, entry)
    s.interior_discard.extend(s.path[seat])
    s._emit("move", "fatal_frame.left", {"seat": seat, "rooms": [
        s.cards.interiors[k].id for k in s.path[seat]]})
    s.path[seat], s.room_ghosts[seat], s.lives[seat] = [], [], 0
    s.entered[seat], s.room[seat] = -1, -1
