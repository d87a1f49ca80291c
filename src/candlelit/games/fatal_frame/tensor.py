"""Fatal Frame's observation tensor: the table one seat sees, from the fields (never the log).

Seats are listed from the viewer on (`seats_from`: entry 0 is the viewer). A ghost is one-hot
over the card file's ghost kinds, then its bosses; its place in a stack is kept for the first
STACK_TARGETS ghosts (the action space names them by position). Hidden: the other seats'
hands and paths (counts only), the face-down exteriors and every pile's order.
Sizes follow the card file of the `cards` option, so a custom file gives its own layout.
"""

from __future__ import annotations

from typing import Any

from candlelit.engine.tensors import Layout, Part, Tensor
from candlelit.games.fatal_frame.cards import EXTERIORS, MAX_BUILDING, CardSet, cards_for
from candlelit.games.fatal_frame.constants import (
    MAX_DICE,
    OVER,
    PHASE_NAMES,
    REACT,
    REACT_MOVE,
    SHRINE_POINTS,
    STACK_TARGETS,
)
from candlelit.games.fatal_frame.state import BEATEN_MOVED, FatalFrameFields
from candlelit.games.fatal_frame.table import stack

CAMERA = EXTERIORS
"""A seat's `cell` entry while its token is still on its camera."""
ATTACHED = 3
"""Flags after a ghost's kind: Futile Odds, Zero Shot, Fatal Frame lie on it."""
FACES = 6


class _Kinds:
    """One card file's kinds numbered within their group: `code` maps a main kind to its
    ghost, item, Film or Function number (-1 for other kinds)."""

    __slots__ = ("bosses", "code", "films", "functions", "ghosts", "items", "main", "value",
                 "width")

    def __init__(self, cards: CardSet) -> None:
        main = cards.main
        self.main = len(main)
        self.code = [-1] * len(main)
        count = dict.fromkeys(("ghost", "item", "upgrade-film", "upgrade-function"), 0)
        for card in main:
            if card.type in count:
                self.code[card.index] = count[card.type]
                count[card.type] += 1
        self.ghosts, self.items = count["ghost"], count["item"]
        self.films, self.functions = count["upgrade-film"], count["upgrade-function"]
        self.bosses = len(cards.bosses)
        self.value = [c.album_value + c.points for c in main]
        self.width = self.ghosts + self.bosses + ATTACHED


def _sized(count: int) -> int:
    """A part's size for `count` kinds (a card file without a kind keeps one empty entry)."""
    return max(1, count)


def declare(players: int, options: dict[str, Any]) -> Layout:
    """The parts for `players` seats and the card file of the options."""
    cards = cards_for(options["cards"])
    kinds = _Kinds(cards)
    n, main, rooms = players, kinds.main, MAX_BUILDING
    ghosts = kinds.ghosts + kinds.bosses
    entry = kinds.width
    interiors = len(cards.interiors)
    return Layout([
        Part("phase", len(PHASE_NAMES),
             "one-hot: the step awaiting a decision, in constants.PHASE_NAMES order"),
        Part("round", 1, "rounds completed"),
        Part("shrine_points", 1, "album points needed to enter Kureha Shrine"),
        Part("turn", n, "one-hot by seat from the viewer: the active seat"),
        Part("to_act", n, "one-hot by seat from the viewer: the seat asked now (none once over)"),
        Part("beaten", 2, "the active seat was beaten in step 2; it then took its step"),
        Part("plays", 1, "step-4 plays made this turn"),
        Part("ghost_first", 1, "1 if this turn's first play was a ghost (a second is allowed)"),
        Part("function_used", 1, "1 once the active seat used its Function this turn"),
        Part("saved", 1, "1 while Save shields the active seat"),
        Part("fought_boss", 1, "1 once the active seat fought its boss this turn"),
        Part("fighting", ghosts, "one-hot over ghost kinds, then bosses: the ghost fought now"),
        Part("fighting_cards", ATTACHED,
             "on the ghost fought now: Futile Odds, Zero Shot, Fatal Frame"),
        Part("dice", MAX_DICE * FACES, "per attack die, one-hot: its face 1-6 (0 outside a roll)"),
        Part("modifiers", MAX_DICE, "per attack die: the additions the player chose"),
        Part("marked", MAX_DICE, "per attack die: 1 if marked to re-roll"),
        Part("boss_die", FACES, "one-hot: the boss die's face 1-6 (0 outside a boss fight)"),
        Part("boss_modifier", 1, "additions the player chose on the boss die"),
        Part("holding", main, "one-hot by main kind: the card being played (its target next)"),
        Part("winner", n, "one-hot by seat from the viewer: the seat that escaped"),
        Part("exteriors", EXTERIORS * EXTERIORS,
             "per map cell 0-8, one-hot by exterior kind: its place once face up"),
        Part("face_up", EXTERIORS, "per map cell: 1 once face up"),
        Part("cell_ghosts", EXTERIORS * STACK_TARGETS * entry,
             f"per map cell, per stack position 0-{STACK_TARGETS - 1}: the ghost one-hot "
             "(ghost kinds, then bosses), then Futile Odds, Zero Shot, Fatal Frame on it"),
        Part("cell_ghost_count", EXTERIORS, "per map cell: ghosts on it"),
        Part("seat_cell", n * (EXTERIORS + 1),
             "per seat from the viewer, one-hot: its map cell 0-8, or its camera (entry 9)"),
        Part("seat_room", n * rooms, "per seat from the viewer, one-hot: its room (0 outside)"),
        Part("path_length", n, "per seat from the viewer: rooms in its path"),
        Part("room_ghosts", n * rooms * STACK_TARGETS * entry,
             "per seat from the viewer, per room of its path, per stack position: as "
             "cell_ghosts"),
        Part("room_ghost_count", n * rooms, "per seat from the viewer, per room: ghosts in it"),
        Part("hand_size", n, "per seat from the viewer: cards in hand"),
        Part("album", n * _sized(kinds.ghosts),
             "per seat from the viewer: album ghosts per ghost kind"),
        Part("items", n * _sized(kinds.items),
             "per seat from the viewer: played items per item kind"),
        Part("film", n * _sized(kinds.films),
             "per seat from the viewer, one-hot by Film kind: its equipped Film"),
        Part("function", n * _sized(kinds.functions),
             "per seat from the viewer, one-hot by Function kind: its equipped Function"),
        Part("orbs", n, "per seat from the viewer: Spirit Orbs"),
        Part("album_points", n, "per seat from the viewer: album values plus item points"),
        Part("boss_lives", n, "per seat from the viewer: lives of the boss in its shrine"),
        Part("misses_turn", n, "per seat from the viewer: 1 if it misses its next turn"),
        Part("piles", 3, "cards left in the main deck, the interior deck and the boss pile"),
        Part("main_discard", main, "the main discard pile per main kind"),
        Part("interior_discard", interiors, "the interior discard pile per interior kind"),
        Part("hand", main, "the viewer's hand per main kind"),
        Part("path", rooms * interiors,
             "per room of the viewer's path, one-hot by interior kind: its place"),
    ])


SEAT_PARTS = ("seat_cell", "seat_room", "path_length", "room_ghosts", "room_ghost_count",
              "hand_size", "album", "items", "album_points", "film", "function", "orbs",
              "boss_lives", "misses_turn")
"""The per-seat parts, in the order of a `_Plan.seats` entry's offsets."""


class _Plan:
    """One layout worked out for encoding: where each part starts, the card file's kind
    numbers, and per viewer its seats in tensor order with each seat part's offset."""

    __slots__ = ("at", "kinds", "layout", "seats")

    def __init__(self, layout: Layout, cards: CardSet, players: int) -> None:
        self.layout = layout
        self.kinds = kinds = _Kinds(cards)
        self.at = layout.at
        strides = {"seat_cell": EXTERIORS + 1, "seat_room": MAX_BUILDING,
                   "room_ghosts": MAX_BUILDING * STACK_TARGETS * kinds.width,
                   "room_ghost_count": MAX_BUILDING, "album": _sized(kinds.ghosts),
                   "items": _sized(kinds.items), "film": _sized(kinds.films),
                   "function": _sized(kinds.functions)}
        offsets = [tuple(layout.at[name] + strides.get(name, 1) * k for name in SEAT_PARTS)
                   for k in range(players)]
        self.seats = [[((viewer + k) % players, offsets[k]) for k in range(players)]
                      for viewer in range(players)]


_PLANS: dict[int, _Plan] = {}


def _plan(layout: Layout, cards: CardSet, players: int) -> _Plan:
    """The plan of `layout` (made once per layout)."""
    plan = _PLANS.get(id(layout))
    if plan is None or plan.layout is not layout:
        plan = _PLANS[id(layout)] = _Plan(layout, cards, players)
    return plan


def _ghosts(mv: memoryview, start: int, ghost_stack: list[list[int]], kinds: _Kinds) -> None:
    """Write a stack's first STACK_TARGETS ghosts from `start`, one ghost entry each (a
    stack entry's fields in the order of constants.E_*)."""
    code, bosses, width = kinds.code, kinds.ghosts, kinds.width
    attached = width - ATTACHED
    for kind, boss, futile, zero, fatal, _until in ghost_stack[:STACK_TARGETS]:
        mv[start + (bosses + kind if boss else code[kind])] = 1
        if futile:
            mv[start + attached] = 1
        if zero:
            mv[start + attached + 1] = 1
        if fatal:
            mv[start + attached + 2] = 1
        start += width


def encode(state: FatalFrameFields, player: int, layout: Layout, out: Tensor) -> None:
    """Write `player`'s table into the zeroed `out`."""
    n = state.num_players
    plan = _plan(layout, state.cards, n)
    at, kinds = plan.at, plan.kinds
    mv = out.data  # a memoryview: item writes cost less than numpy's
    phase = state.phase
    mv[at["phase"] + phase] = 1
    mv[at["round"]] = state.round
    raised = state.options["shrine_points"]
    mv[at["shrine_points"]] = SHRINE_POINTS[n] if raised is None else raised
    mv[at["turn"] + (state.turn - player) % n] = 1
    if phase != OVER:
        actor = state.asked if phase in (REACT, REACT_MOVE) else state.turn
        mv[at["to_act"] + (actor - player) % n] = 1
    if state.beaten:
        mv[at["beaten"]] = 1
        if state.beaten == BEATEN_MOVED:
            mv[at["beaten"] + 1] = 1
    if state.plays:
        mv[at["plays"]] = state.plays
        mv[at["ghost_first"]] = state.ghost_first
    if state.func_used:
        mv[at["function_used"]] = 1
        mv[at["saved"]] = state.shield
    if state.fought_boss:
        mv[at["fought_boss"]] = 1
    fight = state.fight
    if fight >= 0:
        here = stack(state, state.turn)
        if here is not None and fight < len(here):  # a Track step may have left the ghost
            # `fighting_cards` follows `fighting`: together they are one ghost entry wide
            _ghosts(mv, at["fighting"], [here[fight]], kinds)
    if state.dice:
        _dice(state, at, mv)
    if state.holding >= 0:
        mv[at["holding"] + state.holding] = 1
    if state.winner >= 0:
        mv[at["winner"] + (state.winner - player) % n] = 1
    exteriors, face_up, cell_ghosts, counted = (
        at["exteriors"], at["face_up"], at["cell_ghosts"], at["cell_ghost_count"])
    per_cell = STACK_TARGETS * kinds.width
    grid, everywhere = state.grid, state.cell_ghosts
    for cell, shown in enumerate(state.revealed):
        if shown:
            mv[face_up + cell] = 1
            mv[exteriors + EXTERIORS * cell + grid[cell]] = 1
        here = everywhere[cell]
        if here:
            mv[counted + cell] = len(here)
            _ghosts(mv, cell_ghosts + per_cell * cell, here, kinds)
    _seats(state, plan.seats[player], kinds, mv)
    piles = at["piles"]
    mv[piles] = len(state.main_deck)
    mv[piles + 1] = len(state.interior_deck)
    mv[piles + 2] = len(state.boss_pile)
    _count(mv, at["main_discard"], state.main_discard)
    _count(mv, at["interior_discard"], state.interior_discard)
    _count(mv, at["hand"], state.hands[player])
    path, interiors = at["path"], len(state.cards.interiors)
    for room, place in enumerate(state.path[player]):
        mv[path + interiors * room + place] = 1


def _dice(state: FatalFrameFields, at: dict[str, int], mv: memoryview) -> None:
    """The roll under way: faces, chosen additions, re-roll marks, the boss die."""
    dice, chosen, marks = at["dice"], at["modifiers"], at["marked"]
    for i, face in enumerate(state.dice):
        mv[dice + FACES * i + face - 1] = 1
        if state.chosen[i]:
            mv[chosen + i] = state.chosen[i]
        if state.marks[i]:
            mv[marks + i] = 1
    if state.boss_die > 0:
        mv[at["boss_die"] + state.boss_die - 1] = 1
        mv[at["boss_modifier"]] = state.boss_chosen


def _count(mv: memoryview, start: int, kinds: list[int]) -> None:
    """Add one at `start` + kind for each entry of `kinds`."""
    for kind in kinds:
        mv[start + kind] += 1


def _seats(state: FatalFrameFields, seats: list[tuple[int, tuple[int, ...]]], kinds: _Kinds,
           mv: memoryview) -> None:
    """Every seat's token, rooms, counts, album and camera, in tensor order."""
    code, value = kinds.code, kinds.value
    per_room = STACK_TARGETS * kinds.width
    positions, rooms, paths, ghosts_in = state.pos, state.room, state.path, state.room_ghosts
    hands, albums, played, films = state.hands, state.album, state.items, state.film
    functions, orbs_of, lives_of, skips = state.function, state.orbs, state.lives, state.skip_next
    for q, (cell, room_at, length, room_ghosts, room_count, hand, album, items, points, film,
            function, orbs, lives, misses) in seats:
        pos = positions[q]
        mv[cell + (CAMERA if pos < 0 else pos)] = 1
        room = rooms[q]
        if room >= 0:
            mv[room_at + room] = 1
        if paths[q]:
            mv[length] = len(paths[q])
            for r, here in enumerate(ghosts_in[q]):
                if here:
                    mv[room_count + r] = len(here)
                    _ghosts(mv, room_ghosts + per_room * r, here, kinds)
        mv[hand] = len(hands[q])
        worth = 0
        for kind in albums[q]:
            mv[album + code[kind]] += 1
            worth += value[kind]
        for kind in played[q]:
            mv[items + code[kind]] += 1
            worth += value[kind]
        if worth:
            mv[points] = worth
        if films[q] >= 0:
            mv[film + code[films[q]]] = 1
        if functions[q] >= 0:
            mv[function + code[functions[q]]] = 1
        if orbs_of[q]:
            mv[orbs] = len(orbs_of[q])
        if lives_of[q]:
            mv[lives] = lives_of[q]
        if skips[q]:
            mv[misses] = 1
