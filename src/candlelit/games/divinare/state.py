"""Divinare's fields: the slots every rule module reads and writes, and the shared constants.

Slots (their names are the serialized format; "per seat"/"per suit" lists are indexed by
seat number / suit index of `boards.SUITS`):

| slot       | holds                                                                        |
|------------|------------------------------------------------------------------------------|
| layout     | the four boards and action cards in play (derived from option `boards`)      |
| spaces     | per suit, the board's numbered spaces as a frozenset (derived)               |
| schedule   | the action card's (hand size, cards to pass) steps for this game (derived)   |
| rounds     | how many rounds the game lasts (one per player)                              |
| round      | rounds already scored (so the current round is round + 1)                    |
| first      | the seat holding the action card: first to play this round                   |
| turn       | the seat to play a card or move a token                                      |
| phase      | DISCARD, PASS, PLAY, MOVE or OVER                                            |
| move_suit  | the suit just played, whose token must move now (-1 before the first play)   |
| hands      | per seat, its cards per suit                                                 |
| held       | per seat, cards per suit chosen to pass or discard, not yet handed over      |
| to_commit  | per seat, how many more cards it must choose to pass or discard              |
| pending    | the seats still choosing cards to pass or discard, ascending                 |
| discards   | per seat, its face-down discards per suit this round (2 players only)        |
| played     | per suit, the cards played beside its board this round (+ revealed discards) |
| tokens     | per seat, per suit, its prediction token: CENTRE or a numbered space         |
| occupied   | per suit, a bit mask of the numbered spaces that hold a token                |
| next_pass  | index in `schedule` of the next pass still to come this round                |
| tokens_won | per seat, its (blue, yellow, red) score tokens                               |
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from candlelit.engine.fields import state_fields
from candlelit.engine.state import State
from candlelit.games.divinare.boards import Layout, layout_for
from candlelit.games.divinare.view_types import Phase

# phases
DISCARD, PASS, PLAY, MOVE, OVER = range(5)
PHASE_NAMES: tuple[Phase, ...] = ("discard", "pass", "play", "move", "over")

# action space
PLAY_BASE = 0
MOVE_BASE = 4
CENTRE_ACTION = 17
PASS_BASE = 18
DISCARD_BASE = 22
NUM_ACTIONS = 26

CENTRE = -1
"""Token position of the central space (holds any number of tokens, never scores)."""
TWO_PLAYER_DISCARD = 2

# score token colours, the order of a `tokens_won` bag
BLUE, YELLOW, RED = range(3)


@state_fields
class DivinareFields(State):
    """The state of a Divinare game as plain fields (the table above, in this order: the
    slots and the generated clone come from these annotations); the rules live in the area
    modules."""

    derived_slots: ClassVar[tuple[str, ...]] = ("layout", "spaces", "schedule")

    layout: Layout
    spaces: tuple[frozenset[int], ...]
    schedule: tuple[tuple[int, int], ...]
    rounds: int
    round: int
    first: int
    turn: int
    phase: int
    move_suit: int
    hands: list[list[int]]
    held: list[list[int]]
    to_commit: list[int]
    pending: list[int]
    discards: list[list[int]]
    played: list[int]
    tokens: list[list[int]]
    occupied: list[int]
    next_pass: int
    tokens_won: list[list[int]]

    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """A game before its first deal: seat 0 (the oldest player) holds the action card."""
        s = cls.blank("divinare", players, seed, options)
        s.restore_derived()
        s.rounds = players
        s.round = 0
        s.first = 0
        s.tokens_won = [[0, 0, 0] for _ in range(players)]
        return s

    def restore_derived(self) -> None:
        """Rebuild the board layout and pass schedule from the options."""
        self.layout = layout_for(self.options["boards"])
        self.spaces = tuple(frozenset(b.spaces) for b in self.layout.boards)
        self.schedule = self.layout.schedule(self.num_players, self.options["pass_schedule"])
