"""Fatal Frame's fields: every slot of a game in progress and the table laid out.

The fields are declared once (engine/fields.py derives the slots and the clone); their
names and order are the serialised format, each described where it is declared. Rule areas
(turn, locations, combat, effects, functions, quick_escape, play, move) are module-level
functions over `FatalFrameFields`; rules.py puts them together.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from candlelit.engine.fields import state_fields
from candlelit.engine.state import TERMINAL, State
from candlelit.games.fatal_frame.cards import EXTERIORS, CardSet, cards_for
from candlelit.games.fatal_frame.constants import (
    FIGHT_PRE,
    MAX_DICE,
    OVER,
    REACT,
    REACT_MOVE,
    SHRINE_POINTS,
)

# what to do once queued effects are settled (`cont`)
C_NONE, C_FIGHT, C_MOVE, C_COUNT = range(4)
# queued effects (`queue` entries: [code, argument])
Q_LOSE, Q_DISCARD, Q_RELEASE, Q_DRAW, Q_COUNT = range(5)
# what a paid cost or an extra move leads to (`then`)
T_NONE, T_TRACK, T_SENSE, T_SAVE, T_BLAST, T_QUICK = range(6)
# which step of the active seat's turn a Quick Escape window follows (`react_after`)
R_AFTER_MOVE, R_AFTER_PLAY, R_COUNT = range(3)
BEATEN_MOVED = 2
"""`beaten` once a seat beaten in step 2 has taken its step instead of the play."""


@state_fields
class FatalFrameFields(State):
    """The stored fields of a Fatal Frame game; the rules live in the area modules."""

    derived_slots: ClassVar[tuple[str, ...]] = ("cards",)

    cards: CardSet                        # the card data of the `cards` option (derived)
    main_deck: list[int]                  # main playdeck kinds, drawn from the end
    main_discard: list[int]               # main discard pile kinds, face up
    interior_deck: list[int]              # interior kinds, drawn from the end
    interior_discard: list[int]           # interior kinds of left paths
    boss_pile: list[int]                  # boss kinds not on the map
    grid: list[int]                       # exterior kind on each of the 9 map cells
    revealed: list[int]                   # 1 where a map cell is face up
    cell_ghosts: list[list[list[int]]]    # per cell, its ghost entries (see constants E_*)
    hands: list[list[int]]                # per seat, its hand's main kinds, ascending
    pos: list[int]                        # per seat, its map cell (-1 on its camera)
    room: list[int]                       # per seat, its room on its path (-1 outside)
    path: list[list[int]]                 # per seat, the interior kinds of its own path
    entered: list[int]                    # per seat, the cell of the building it is in
    room_ghosts: list[list[list[list[int]]]]  # per seat, per room of its path, ghosts
    album: list[list[int]]                # per seat, its captured ghost kinds in order
    items: list[list[int]]                # per seat, its played item kinds
    film: list[int]                       # per seat, its equipped Film kind or -1
    function: list[int]                   # per seat, its equipped Function kind or -1
    orbs: list[list[int]]                 # per seat, its Spirit Orb kinds
    lives: list[int]                      # per seat, lives of the boss in its shrine
    skip_next: list[int]                  # per seat, 1 if it misses its next turn
    turn: int                             # the active seat
    round: int                            # rounds completed
    turns: int                            # turns begun before the current one
    phase: int                            # the step awaiting a decision (constants)
    beaten: int                           # 1 once beaten in step 2, BEATEN_MOVED after
    plays: int                            # step-4 plays made this turn
    ghost_first: int                      # 1 if this turn's first play was a ghost
    func_used: int                        # 1 once the Function was used this turn
    shield: int                           # 1 while Save protects the active seat
    fought_boss: int                      # 1 once the boss was fought this turn
    fight: int                            # index of the fought ghost in the stack, or -1
    dice: list[int]                       # attack dice as rolled (empty outside a roll)
    boss_die: int                         # the boss die as rolled, or -1
    chosen: list[int]                     # per attack die, the player's added modifiers
    boss_chosen: int                      # the player's modifiers on the boss die
    marks: list[int]                      # per attack die, 1 if marked to re-roll
    queue: list[list[int]]                # queued effects [Q_*, argument], in order
    cont: int                             # C_*: where the turn goes once they settle
    resume: int                           # the phase a Function's use returns to
    then: int                             # T_*: what a paid cost or extra move leads to
    then_arg: int                         # the die of Blast, or cards left to discard
    holding: int                          # the main kind being played, or -1
    winner: int                           # the seat that escaped, or -1
    asked: int                            # the seat asked in a Quick Escape window, or -1
    react_after: int                      # R_*: the step that window follows

    # -- set-up ----------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """The table before the deal: the exteriors shuffled into a face-down 3x3 map, the
        interiors, bosses and main playdeck shuffled; every token on its camera."""
        s = cls.blank("fatal-frame", players, seed, options)
        s.restore_derived()
        cards = s.cards
        s.grid = [c.index for c in cards.exteriors]
        s._chance().shuffle(s.grid)
        s.revealed = [0] * EXTERIORS
        s.interior_deck = [c.index for c in cards.interiors for _ in range(c.count)]
        s._chance().shuffle(s.interior_deck)
        s.boss_pile = [c.index for c in cards.bosses for _ in range(c.count)]
        s._chance().shuffle(s.boss_pile)
        s.main_deck = cards.main_deck()
        s._chance().shuffle(s.main_deck)
        s.main_discard, s.interior_discard = [], []
        s.cell_ghosts = [[] for _ in range(EXTERIORS)]
        n = players
        s.hands = [[] for _ in range(n)]
        s.pos, s.room, s.entered = [-1] * n, [-1] * n, [-1] * n
        s.path = [[] for _ in range(n)]
        s.room_ghosts = [[] for _ in range(n)]
        s.album, s.items, s.orbs = [[] for _ in range(n)], [[] for _ in range(n)], \
            [[] for _ in range(n)]
        s.film, s.function, s.lives, s.skip_next = [-1] * n, [-1] * n, [0] * n, [0] * n
        s.turn, s.round, s.turns, s.winner = 0, 0, 0, -1
        reset_turn(s)
        s.queue, s.cont, s.resume, s.then, s.then_arg, s.holding = [], C_NONE, -1, T_NONE, 0, -1
        s.asked, s.react_after = -1, R_AFTER_MOVE
        s._emit("setup", "fatal_frame.setup", {"players": n, "shrine": s.shrine_points()})
        return s

    def restore_derived(self) -> None:
        """Rebuild the card set from the `cards` option."""
        self.cards = cards_for(self.options["cards"])

    def shrine_points(self) -> int:
        """Album points needed to enter Kureha Shrine (9/7/6, or the option's higher bar)."""
        raised = self.options["shrine_points"]
        return raised if raised is not None else SHRINE_POINTS[self.num_players]

    # -- who acts ---------------------------------------------------------------------
    def actor(self) -> int:
        """The seat asked in a Quick Escape window, else the active seat."""
        return self.asked if self.phase in (REACT, REACT_MOVE) else self.turn

    def pending_players(self) -> list[int]:
        """The one seat whose decision is awaited, or nobody at the end."""
        return [] if self.phase == OVER else [self.actor()]

    def current_player(self) -> int:
        """The seat whose decision is awaited, or TERMINAL."""
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        return self.asked if phase in (REACT, REACT_MOVE) else self.turn

    def is_terminal(self) -> bool:
        """Whether a boss has fallen or the round limit has been reached."""
        return self.phase == OVER


def reset_turn(s: FatalFrameFields) -> None:
    """Clear the per-turn fields: no plays, no fight, no dice; step 2 next."""
    s.phase, s.beaten, s.plays, s.ghost_first = FIGHT_PRE, 0, 0, 0
    s.func_used, s.shield, s.fought_boss, s.fight = 0, 0, 0, -1
    s.dice, s.boss_die, s.chosen, s.boss_chosen = [], -1, [0] * MAX_DICE, 0
    s.marks = [0] * MAX_DICE
