"""The shape of a Fatal Frame view: what `view(seat)` returns, declared key by key.

Card values are card ids (strings); seats, cells and counts are ints. views.py builds these;
the bot and the terminal table read them, so a misspelt key is a type error there.
"""

# No `from __future__ import annotations` here: Python 3.11 fills a TypedDict's
# __required_keys__ / __optional_keys__ from NotRequired only when annotations are evaluated.

from typing import Literal, NotRequired, TypedDict, cast

from candlelit.bots.base import SeatObservation
from candlelit.engine.events import LogLine
from candlelit.games.fatal_frame.constants import PhaseName

AttachedCard = Literal["futile_odds", "zero_shot", "fatal_frame"]
"""The cards that can lie on a ghost, named as the ghost's flags."""


class GhostView(TypedDict):
    """A ghost on the table (on a map cell or in a room), with the cards attached to it."""

    id: str
    boss: bool
    power: int                  # the printed power, before attached cards
    futile_odds: bool           # Futile Odds lies on it
    zero_shot: bool             # Zero Shot lies on it
    fatal_frame: bool           # Fatal Frame lies on it
    reconstructed: bool         # its card data is reconstructed, not read off a print


class CellView(TypedDict):
    """One of the nine map cells: its exterior (None while face down) and its ghosts."""

    cell: int
    place: str | None
    ghosts: list[GhostView]


class RoomView(TypedDict):
    """One room of a seat's path inside a building."""

    ghosts: list[GhostView]
    place: NotRequired[str]     # the interior's id: only in the viewer's own path


class SeatView(TypedDict):
    """A seat as everyone sees it: where it stands, its camera, album and counts."""

    seat: int
    cell: int | None            # its map cell; None while on its camera (before entering)
    inside: bool                # inside the building of its cell
    room: int | None            # 1-based room on its path; None outside
    path_length: int
    rooms: list[RoomView]       # its path's rooms in order (empty outside)
    hand_size: int
    album: list[str]            # captured ghosts, in capture order
    items: list[str]            # items played
    film: str | None            # the equipped Film
    function: str | None        # the equipped Function
    spirit_orbs: int
    album_points: int
    boss_lives: int             # lives left to the boss in its shrine (0: none there)
    misses_next_turn: bool


class CombatView(TypedDict):
    """The roll being settled: the dice as rolled, the player's modifiers and the results."""

    dice: list[int]
    boss_die: int               # the boss die as rolled, or -1 against an ordinary ghost
    chosen: list[int]           # per attack die, the modifiers the player added
    boss_chosen: int            # modifiers the player added to the boss die
    final: list[int]            # per attack die, its value after every modifier
    final_boss_die: int
    marked: list[int]           # per attack die, 1 if marked to re-roll


class PilesView(TypedDict):
    """The draw piles' sizes and the face-up discard piles."""

    main: int
    interior: int
    bosses: int
    main_discard: list[str]
    interior_discard: list[str]


class ResultView(TypedDict):
    """How the game ended: who won, and everyone's album points."""

    winners: list[int]
    reason: Literal["boss", "rounds"]  # a boss defeated, or the round limit reached
    points: list[int]           # album points per seat


class FatalFrameView(TypedDict):
    """Everything one seat (or a spectator, viewer None) may see of a Fatal Frame game."""

    game: Literal["fatal-frame"]
    players: int
    viewer: int | None
    round: int                  # 1-based
    turn: int                   # the active seat
    phase: PhaseName
    to_act: list[int]           # the seat whose decision is awaited ([] at the end)
    beaten: bool                # the active seat was beaten in this turn's fight
    plays: int                  # plays made this turn
    function_used: bool         # the active seat used its Function this turn
    fighting: int               # index of the fought ghost in its stack, or -1
    combat: CombatView | None   # None outside a roll
    holding: str | None         # the card being played, while its targets are chosen
    shrine_points: int          # album points needed to enter Kureha Shrine
    map: list[CellView]
    seats: list[SeatView]
    piles: PilesView
    reconstructed: list[str]    # ids of every card whose data is reconstructed
    log: list[LogLine]
    hand: NotRequired[list[str]]     # the viewer's own hand: absent for a spectator
    result: NotRequired[ResultView]  # only once the game is over


def seat_view(seat: SeatObservation) -> FatalFrameView:
    """The seat's view, read as Fatal Frame's view type (the bot's one narrowing)."""
    return cast(FatalFrameView, seat.view())
