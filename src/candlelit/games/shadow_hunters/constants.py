"""The board, the action space and the fixed vocabulary of 箱庭版暗影獵人 (seed 卡片說明 1)."""

from __future__ import annotations

CELLS = (1, 2, 3, 4, 6, 7, 8, 9)
"""Keypad cells that hold a location (5 is empty)."""

RING = (7, 8, 9, 6, 3, 2, 1, 4)
"""The ring clockwise (D1); movement steps along it."""

LOCATIONS = {
    1: "hermit_gourd", 2: "mountain_sanctuary", 3: "hot_spring", 4: "forest",
    6: "lake_temple", 7: "wizard_hut", 8: "fire_altar", 9: "mortar",
}
"""Keypad cell -> location id."""

GATE_OF_CELL = {2: "south", 4: "west", 6: "east", 8: "north"}
"""The community locations: drawing there heals that gate (D8)."""

DECK_OF_CELL = {2: "yellow", 4: "green", 6: "blue", 8: "red"}

GATES = ("east", "south", "west", "north")
COLOURS = ("blue", "yellow", "green", "red", "white")
ELEMENTS = ("water", "earth", "wind", "fire", "light", "dark")
COLOUR_ELEMENT = {"blue": "water", "yellow": "earth", "green": "wind", "red": "fire"}
"""D18: the element of each equipment colour."""

ZONE_MODELS: dict[str, dict[int, tuple[str, ...]]] = {
    "compass": {1: ("south", "west"), 2: ("south",), 3: ("south", "east"), 4: ("west",),
                6: ("east",), 7: ("north", "west"), 8: ("north",), 9: ("north", "east")},
    "location": {1: ("c1",), 2: ("south",), 3: ("c3",), 4: ("west",), 6: ("east",),
                 7: ("c7",), 8: ("north",), 9: ("c9",)},
    "pairs": {1: ("south",), 2: ("south",), 3: ("east",), 4: ("west",), 6: ("east",),
              7: ("west",), 8: ("north",), 9: ("north",)},
}
"""D3: cell -> the zones (區) it belongs to, for each zone model option."""

D8_TO_CELL = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 7, 7: 8, 8: 9}
"""D4: a d8 roll -> a keypad cell."""


def neighbours(cell: int) -> tuple[int, int]:
    """The two ring neighbours of `cell` (D2: orthogonal keypad neighbours)."""
    i = RING.index(cell)
    return RING[(i - 1) % 8], RING[(i + 1) % 8]


IN_REACH: dict[int, frozenset[int]] = {
    c: frozenset((c, RING[(RING.index(c) - 1) % 8], RING[(RING.index(c) + 1) % 8]))
    for c in RING}
"""The cells an attack from `cell` reaches (D2): the cell itself and its two neighbours."""


def step(cell: int, steps: int) -> int:
    """The cell `steps` places clockwise (negative: anticlockwise) from `cell`."""
    return RING[(RING.index(cell) + steps) % 8]


# -- action space ------------------------------------------------------------------------
A_NO = 0
A_YES = 1
A_CELL = 2          # + index in CELLS (8)
A_SEAT = 10         # + seat (8)
A_DECK = 18         # + index in COLOURS (5)
A_VALUE = 23        # + value 0..15
A_CARD = 39         # + card index 0..64
A_SKILL = 104       # + skill index 0..3
A_REVEAL = 108
A_CHAR = 109        # + roster index 0..31
NUM_ACTIONS = 141
