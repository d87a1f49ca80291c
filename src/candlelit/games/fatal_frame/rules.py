"""Fatal Frame: the Card Game as pure state transitions, in the order of the rulebook.

Set-up, then each turn: 1 draw; 2 fight every ghost on your location, weakest first,
stopping at the first that beats you; 3 move one step (mandatory); 4 play a card (a ghost
allows a second); 5 discard down to 5. Beaten in step 2, you either move or play.
The first player to take a boss's last life escapes and wins. Compound choices (where to
spend Spirit Orbs, whom a ghost haunts) are sequences of single decisions; see
constants.py for the action space and docs/rules/fatal-frame.md for interpretations.

This module is the engine contract only: the fields are in state.py, each rule area in its
own module (turn, locations, combat, effects, functions, quick_escape, play, move), and
each phase's step (legal actions, handler, prompt) in steps.py. A decision's handler runs
the turn on to the next decision itself, so `advance` has nothing left to do.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar, Self

from candlelit.engine.flow import Steps
from candlelit.engine.pins import Pins
from candlelit.engine.tensors import Layout, Tensor
from candlelit.engine.windows import Window
from candlelit.games.fatal_frame.constants import MAX_DICE, MAX_ORBS, NUM_ACTIONS, OPENING_HAND
from candlelit.games.fatal_frame.known import known_table as seat_known_table
from candlelit.games.fatal_frame.messages import action_struct
from candlelit.games.fatal_frame.quick_escape import QUICK_ESCAPE, window_askees
from candlelit.games.fatal_frame.resample import holdings, known_holdings
from candlelit.games.fatal_frame.resample import resample as resample_world
from candlelit.games.fatal_frame.state import FatalFrameFields
from candlelit.games.fatal_frame.steps import STEPS
from candlelit.games.fatal_frame.table import draw
from candlelit.games.fatal_frame.tensor import declare, encode
from candlelit.games.fatal_frame.turn import begin_turn, winners
from candlelit.games.fatal_frame.view_types import FatalFrameView
from candlelit.games.fatal_frame.views import view as seat_view


class FatalFrameState(FatalFrameFields):
    """A game of Fatal Frame: the Card Game."""

    __slots__ = ()
    steps: ClassVar[Steps[Any]] = STEPS
    windows: ClassVar[tuple[Window[Any], ...]] = (QUICK_ESCAPE,)
    pins: ClassVar[Pins[Any] | None] = Pins(known_holdings, holdings)

    # -- set-up ----------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Shuffle the exteriors into a face-down 3x3 map, the interiors, the bosses and
        the main playdeck; deal 5 cards each; every token starts on its camera."""
        s = super().new(players, seed, options)
        for seat in range(players):
            draw(s, seat, OPENING_HAND)
        begin_turn(s)
        return s

    # -- the contract: the pending decision -------------------------------------------
    def decision_kind(self) -> int:
        """The phase awaiting a decision (a key of `steps`)."""
        return self.phase

    def window_askees(self) -> tuple[int, ...] | None:
        """While Quick Escape is offered: the asked seat, then those still to be asked."""
        return window_askees(self)

    # -- outcome ----------------------------------------------------------------------
    def winners(self) -> list[int]:
        """The seat that beat a boss; at the round limit the most album points (ties share)."""
        return winners(self)

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others (all 0.0 before the end)."""
        won = set(winners(self))
        return [1.0 if q in won else 0.0 for q in range(self.num_players)]

    @classmethod
    def num_distinct_actions(cls) -> int:
        """Size of the fixed action space (see constants.py)."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A generous bound: every turn of every round at its longest possible length."""
        ghosts = sum(c.count for c in self.cards.main if c.type == "ghost")
        deck = sum(c.count for c in self.cards.main)
        per_fight = 2 + 1 + MAX_ORBS + 2 + 1 + MAX_DICE + 1 + 1 + 3
        per_turn = (ghosts + 1) * per_fight + 12 + 2 * 4 + deck + 4 * (self.num_players - 1)
        rounds: int = self.options["max_rounds"]
        return per_turn * self.num_players * rounds

    # -- information ------------------------------------------------------------------
    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """{"kind", "key", ...} describing `action` (see messages.py)."""
        return action_struct(self, action)

    def view(self, player: int | None = None) -> FatalFrameView:
        """What `player` (None: a spectator) may see (see views.py)."""
        return seat_view(self, player)

    def known_table(self, player: int) -> Hashable:
        """The view's fields besides the log, as one tuple (see known.py)."""
        return seat_known_table(self, player)

    @classmethod
    def declare_observation(cls, players: int, options: dict[str, Any]) -> Layout:
        """Fatal Frame's observation parts (see tensor.py)."""
        return declare(players, options)

    def encode_observation(self, player: int, layout: Layout, out: Tensor) -> None:
        """`player`'s table as numbers (see tensor.py)."""
        encode(self, player, layout, out)

    def resample(self, player: int, rng: Any) -> Self:
        """A world consistent with what `player` knows (see resample.py)."""
        return resample_world(self, player, rng)
