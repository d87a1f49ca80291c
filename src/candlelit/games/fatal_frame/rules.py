"""Fatal Frame: the Card Game as pure state transitions, in the order of the rulebook.

Set-up, then each turn: 1 draw; 2 fight every ghost on your location, weakest first,
stopping at the first that beats you; 3 move one step (mandatory); 4 play a card (a ghost
allows a second); 5 discard down to 5. Beaten in step 2, you either move or play.
The first player to take a boss's last life escapes and wins. Compound choices (where to
spend Spirit Orbs, whom a ghost haunts) are sequences of single decisions; see
constants.py for the action space and docs/rules/fatal-frame.md for interpretations.

This module is the engine contract only: the fields are in state.py, each rule area in its
own module (turn, locations, combat, effects, functions, quick_escape, play, move), and
each phase's legal actions and decision handler are looked up in the tables below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from candlelit.engine.errors import IllegalAction
from candlelit.games.fatal_frame.combat import (
    combat_decision,
    fight_decision,
    legal_fight,
    legal_fight_rolled,
    legal_reroll,
    reroll_decision,
)
from candlelit.games.fatal_frame.constants import (
    A_DISCARD,
    A_FUNC,
    A_PASS,
    A_PLAY,
    A_RESOLVE,
    A_ROLL,
    DISCARD_DOWN,
    EFFECT_DISCARD,
    FIGHT_PRE,
    FIGHT_ROLLED,
    MAX_DICE,
    MAX_ORBS,
    NUM_ACTIONS,
    OPENING_HAND,
    OVER,
    PAY_COST,
    PHASE_NAMES,
    PLAY,
    REACT,
    REACT_MOVE,
)
from candlelit.games.fatal_frame.effects import (
    discard_decision,
    legal_discard,
    legal_lose,
    legal_release,
    lose_decision,
    release_decision,
)
from candlelit.games.fatal_frame.functions import function_offered
from candlelit.games.fatal_frame.messages import action_struct
from candlelit.games.fatal_frame.move import legal_extra_move, legal_move, move_decision
from candlelit.games.fatal_frame.play import (
    legal_play,
    legal_search,
    legal_target_ghost,
    legal_target_seat,
    play_decision,
    playable,
    pushes,
    steals,
    target_decision,
)
from candlelit.games.fatal_frame.quick_escape import (
    legal_react,
    legal_react_move,
    react_decision,
    react_move_decision,
)
from candlelit.games.fatal_frame.resample import resample as resample_world
from candlelit.games.fatal_frame.state import FatalFrameFields
from candlelit.games.fatal_frame.table import draw
from candlelit.games.fatal_frame.turn import begin_turn, may_play_more, winners
from candlelit.games.fatal_frame.view_types import FatalFrameView
from candlelit.games.fatal_frame.views import view as seat_view

Legal = Callable[[FatalFrameFields, int], list[int]]
Decide = Callable[[FatalFrameFields, int, int], None]

# Each phase (constants.py, in its order): its legal-action builder and its handler of an
# allowed decision.
_PHASES: tuple[tuple[Legal, Decide], ...] = (
    (legal_fight, fight_decision),                # FIGHT_PRE: 2. before the roll
    (legal_fight_rolled, combat_decision),        # FIGHT_ROLLED: 2. the dice rolled
    (legal_reroll, reroll_decision),              # REROLL: Shutter Chance's re-roll
    (legal_move, move_decision),                  # MOVE: 3. one step
    (legal_play, play_decision),                  # PLAY: 4. a card
    (legal_discard, discard_decision),            # DISCARD_DOWN: 5. down to the limit
    (legal_discard, discard_decision),            # EFFECT_DISCARD: a ghost's discard
    (legal_lose, lose_decision),                  # LOSE_UPGRADE: a ghost takes an upgrade
    (legal_release, release_decision),            # RELEASE: the album is over its limit
    (legal_target_seat, target_decision),         # TARGET_SEAT: whom a ghost haunts
    (legal_target_ghost, target_decision),        # TARGET_GHOST: which ghost a card goes on
    (pushes, target_decision),                    # TARGET_SEAT_DIR: Lost in the Mist
    (steals, target_decision),                    # TARGET_STEAL: Hidden Hand
    (legal_search, target_decision),              # SEARCH: Recollection
    (legal_extra_move, move_decision),            # EXTRA_MOVE: Track, Quick Escape
    (legal_discard, discard_decision),            # PAY_COST: a Function's cost
    (legal_react, react_decision),                # REACT: Quick Escape offered
    (legal_react_move, react_move_decision),      # REACT_MOVE: its step
)
_LEGAL = tuple(legal for legal, _ in _PHASES)
"""Each phase's legal-action builder, indexed by phase."""
_DECIDE = tuple(decide for _, decide in _PHASES)
"""Each phase's handler of an allowed decision, indexed by phase."""


class FatalFrameState(FatalFrameFields):
    """A game of Fatal Frame: the Card Game."""

    __slots__ = ()

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

    # -- the contract: legal actions and their application ----------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The active seat's legal decisions now, sorted; [] for everyone else."""
        phase = self.phase
        if phase == OVER:
            return []
        actor = self.asked if phase in (REACT, REACT_MOVE) else self.turn
        if player is not None and player != actor:
            return []
        legal = _LEGAL[phase](self, actor)
        self.legal_memo = (len(self.history), tuple(legal))
        return legal

    def _allows(self, seat: int, action: int) -> bool:
        """Whether `action` is among legal_actions(seat), checking only that action."""
        phase = self.phase
        if phase == PLAY:
            if action == A_PASS:
                return True
            if action == A_FUNC:
                return function_offered(self, seat)
            kind = action - A_PLAY
            return (0 <= kind < len(self.cards.main) and kind in self.hands[seat]
                    and may_play_more(self) and playable(self, seat, kind))
        if phase in (DISCARD_DOWN, EFFECT_DISCARD, PAY_COST):
            kind = action - A_DISCARD
            return 0 <= kind < len(self.cards.main) and kind in self.hands[seat]
        if (phase == FIGHT_PRE and action == A_ROLL) or (
                phase == FIGHT_ROLLED and action == A_RESOLVE):
            return True
        return action in _LEGAL[phase](self, seat)

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply one decision of the active seat, or raise IllegalAction leaving no trace."""
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("the game is over")
        actor = self.asked if phase in (REACT, REACT_MOVE) else self.turn
        seat = actor if type(player) is int and player == actor else self._who(player)
        if type(action) is not int:
            raise IllegalAction(f"an action is an integer, not {type(action).__name__}")
        if seat != actor:
            raise IllegalAction(f"seat {actor + 1} is to decide now, not seat {seat + 1}")
        asked_at, legal = self.legal_memo
        if not (asked_at == len(self.history) and action in legal) \
                and not self._allows(seat, action):
            raise IllegalAction(f"action {action} is not allowed now "
                                f"(step: {PHASE_NAMES[self.phase]})")
        self.history.append((seat, action))
        _DECIDE[phase](self, seat, action)

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

    def resample(self, player: int, rng: Any) -> Self:
        """A world consistent with what `player` knows (see resample.py)."""
        return resample_world(self, player, rng)
