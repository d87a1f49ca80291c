"""Fatal Frame's fields: every slot of a game in progress, the table laid out, copies.

The slot names are the serialised format; each is described where it is declared. Rule
areas (turn, locations, combat, effects, functions, quick_escape, play, move) are
module-level functions over `FatalFrameFields`; rules.py puts them together.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

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
C_NONE, C_FIGHT, C_MOVE = range(3)
# queued effects (`queue` entries: [code, argument])
Q_LOSE, Q_DISCARD, Q_RELEASE, Q_DRAW = range(4)
# what a paid cost or an extra move leads to (`then`)
T_NONE, T_TRACK, T_SENSE, T_SAVE, T_BLAST, T_QUICK = range(6)
# which step of the active seat's turn a Quick Escape window follows (`react_after`)
R_AFTER_MOVE, R_AFTER_PLAY = range(2)
BEATEN_MOVED = 2
"""`beaten` once a seat beaten in step 2 has taken its step instead of the play."""
NOT_ASKED: tuple[int, tuple[int, ...]] = (-1, ())
"""`legal_memo` before `legal_actions` has been asked in this position."""


class FatalFrameFields(State):
    """The stored fields of a Fatal Frame game; the rules live in the area modules."""

    __slots__ = (
        "cards", "main_deck", "main_discard", "interior_deck", "interior_discard",
        "boss_pile", "grid", "revealed", "cell_ghosts", "hands", "pos", "room", "path",
        "entered", "room_ghosts", "album", "items", "film", "function", "orbs", "lives",
        "skip_next", "turn", "round", "turns", "phase", "beaten", "plays", "ghost_first",
        "func_used", "shield", "fought_boss", "fight", "dice", "boss_die", "chosen",
        "boss_chosen", "marks", "queue", "cont", "resume", "then", "then_arg", "holding",
        "winner", "asked", "react_after", "legal_memo",
    )
    derived_slots: ClassVar[tuple[str, ...]] = ("cards", "legal_memo")

    cards: CardSet                        # the card data of the `boards` option (derived)
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
    # (history length, legal_actions' answer) of the last position asked about, so that
    # apply_action need not derive a legal action twice; stale once an action is applied
    legal_memo: tuple[int, tuple[int, ...]]

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
        """Rebuild the card set from the `boards` option; no legal actions are remembered."""
        self.cards = cards_for(self.options["boards"])
        self.legal_memo = NOT_ASKED

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

    # -- copies -----------------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy (nested lists copied, card data shared)."""
        c = self.fresh_copy()
        c.cards, c.legal_memo = self.cards, NOT_ASKED
        for name in ("main_deck", "main_discard", "interior_deck", "interior_discard",
                     "boss_pile", "grid", "revealed", "pos", "room", "entered", "film",
                     "function", "lives", "skip_next", "dice", "chosen", "marks"):
            setattr(c, name, getattr(self, name)[:])
        for name in ("hands", "path", "album", "items", "orbs", "queue"):
            setattr(c, name, [x[:] for x in getattr(self, name)])
        c.cell_ghosts = [[e[:] for e in st] for st in self.cell_ghosts]
        c.room_ghosts = [[[e[:] for e in st] for st in rooms] for rooms in self.room_ghosts]
        for name in ("turn", "round", "turns", "phase", "beaten", "plays", "ghost_first",
                     "func_used", "shield", "fought_boss", "fight", "boss_die", "boss_chosen",
                     "cont", "resume", "then", "then_arg", "holding", "winner", "asked",
                     "react_after"):
            setattr(c, name, getattr(self, name))
        return c


def reset_turn(s: FatalFrameFields) -> None:
    """Clear the per-turn fields: no plays, no fight, no dice; step 2 next."""
    s.phase, s.beaten, s.plays, s.ghost_first = FIGHT_PRE, 0, 0, 0
    s.func_used, s.shield, s.fought_boss, s.fight = 0, 0, 0, -1
    s.dice, s.boss_die, s.chosen, s.boss_chosen = [], -1, [0] * MAX_DICE, 0
    s.marks = [0] * MAX_DICE
