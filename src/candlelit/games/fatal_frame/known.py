"""What a Fatal Frame seat knows besides its log, as one hashable tuple for search keys.

Field for field the content of `view(player)` in views.py without its log, in kinds and
counts instead of card ids: two states of one table give equal tuples exactly when they give
equal views (given equal logs). Values the view works out from others (final dice, album
points, winners, to_act) are left to those others; the table's options and player count are
fixed for a game and left out. Keep this in step with views.py.
"""

from __future__ import annotations

from candlelit.games.fatal_frame.constants import REACT, REACT_MOVE
from candlelit.games.fatal_frame.state import FatalFrameFields

KnownTable = tuple[object, ...]
Ghost = tuple[int, ...]


def _cell_ghosts(cells: list[list[list[int]]]) -> tuple[Ghost, ...]:
    """The map's ghosts as the view shows them, in order: cell, kind, boss, and which
    cards are attached (not by which card, nor until when)."""
    return tuple([(cell, kind, boss, futile != 0, zero != 0, fatal != 0)
                  for cell, stack in enumerate(cells)
                  for kind, boss, futile, zero, fatal, _until in stack])


def _room_ghosts(paths: list[list[list[list[int]]]]) -> tuple[Ghost, ...]:
    """The ghosts in every seat's rooms, as `_cell_ghosts` does for the map's cells."""
    return tuple([(seat, room, kind, boss, futile != 0, zero != 0, fatal != 0)
                  for seat, rooms in enumerate(paths)
                  for room, stack in enumerate(rooms)
                  for kind, boss, futile, zero, fatal, _until in stack])


def known_table(s: FatalFrameFields, player: int) -> KnownTable:
    """The view's fields for `player` besides the log: O(size of the table), no log walk."""
    dice = s.dice
    count = len(dice)
    combat = (tuple(dice), s.boss_die, tuple(s.chosen[:count]), s.boss_chosen,
              tuple(s.marks[:count])) if dice else None
    return (
        player, s.round, s.turn, s.phase,
        s.asked if s.phase in (REACT, REACT_MOVE) else -1,
        s.beaten != 0, s.plays, s.func_used != 0, s.fight, combat, s.holding, s.winner,
        tuple([g if shown else -1 for g, shown in zip(s.grid, s.revealed, strict=True)]),
        _cell_ghosts(s.cell_ghosts),
        tuple(s.pos), tuple(s.room), tuple(map(len, s.path)), _room_ghosts(s.room_ghosts),
        tuple(map(len, s.hands)), tuple(map(tuple, s.album)), tuple(map(tuple, s.items)),
        tuple(s.film), tuple(s.function), tuple(map(len, s.orbs)), tuple(s.lives),
        tuple(map(bool, s.skip_next)),
        len(s.main_deck), len(s.interior_deck), len(s.boss_pile), tuple(s.main_discard),
        tuple(s.interior_discard),
        tuple(s.hands[player]), tuple(s.path[player]),
    )
