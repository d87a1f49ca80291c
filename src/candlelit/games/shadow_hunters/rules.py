"""箱庭版暗影獵人 as pure state transitions, in the order of the seed's 遊戲步驟.

Set-up (步驟 2-4, state.py): deal one character per seat from the pool (hidden, or face up
in the tournament preset); a d8 per seat picks its start cell (D4, no location action); the
turn order is a seeded permutation (D5).
A turn (步驟 5): start (turn.py: until-next-turn effects end, start-of-turn skills and
equipment, reveal, kept cards); move 2d6 along the ring in a chosen direction, any other
location on a full lap (movement.py, D1); the location's action, optional (locations.py,
D7); one optional attack on a character in the same or an adjacent cell (combat.py, reach
D2 in reach.py, damage D17 in strike.py); end.
Every damage and heal goes through damage.py, which settles deaths together (D22), revival
replacements (秘寶, D21), kill credit (D20) and the win check (victory.py, D6, D23-D24).
Cards and targeted effects are effects.py; skills used on purpose are skills.py.

A pending choice is `decision` = [kind, seat, *context] with its sorted `choices`; effects
that must ask later (a treasure's move, a stolen item) wait in `queue`. An attack under way
is `strike` (see state.py); the seats still to be asked in its reaction window wait in
`askers`. This module is the engine contract: it runs the turn to the next decision and
hands each decision to the rule area that asked it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Self

from candlelit.engine.errors import IllegalAction
from candlelit.engine.state import TERMINAL, check_action_type
from candlelit.games.shadow_hunters import (
    combat,
    effects,
    locations,
    messages,
    movement,
    turn,
    views,
)
from candlelit.games.shadow_hunters import resample as resampling
from candlelit.games.shadow_hunters.constants import NUM_ACTIONS
from candlelit.games.shadow_hunters.state import (
    ACTION,
    ATTACK,
    DONE,
    MOVE,
    START,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.view_types import ShadowHuntersView

Decide = Callable[[ShadowHuntersFields, int, int, list[Any]], None]

DECISIONS: dict[str, Decide] = {
    # (1) start
    "start": turn.decide_start,
    # (2) move
    "wings": movement.decide_wings,
    "lodestone": movement.decide_lodestone,
    "move": movement.decide_move,
    "fly": movement.decide_fly,
    # (3) location action
    "act": locations.decide_act,
    "deck": effects.decide_deck,
    # (4) attack
    "attack": combat.decide_attack,
    "element": combat.decide_element,
    "press": combat.decide_press,
    "brace": combat.decide_brace,
    "double": combat.decide_double,
    "shield": combat.decide_shield,
    "cheer": combat.decide_cheer,
    "lance": combat.decide_lance,
    # cards and effects, at any step
    "keep": effects.decide_keep,
    "give": effects.decide_give,
    "guess": effects.decide_guess,
    "target": effects.decide_target,
    "cell": effects.decide_cell,
    "equip": effects.decide_equip,
    "value": effects.decide_value,
    "swap": effects.decide_swap,
}
"""Decision kind -> the rule that carries out the seat's choice."""


class ShadowHuntersState(ShadowHuntersFields):
    """A game of 箱庭版暗影獵人."""

    __slots__ = ()

    # == set-up (步驟 2-4) ==================================================================
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Deal characters, roll start cells and the turn order, and start the first turn."""
        s = super().new(players, seed, options)
        s._advance()
        return s

    # == the turn (步驟 5) ==================================================================
    def _advance(self) -> None:
        """Run the turn until a decision is needed or the game is over."""
        while not self.over and not self.decision:
            if self.queue:
                turn.ask_queued(self, self.queue.pop(0))
                continue
            seat = self.active()
            if not self.alive[seat]:
                self.phase = DONE
            if self.phase == START:
                turn.turn_start(self, seat)
            elif self.phase == MOVE:
                movement.move_phase(self, seat)
            elif self.phase == ACTION:
                locations.action_phase(self, seat)
            elif self.phase == ATTACK:
                combat.attack_phase(self, seat)
            else:
                turn.next_turn(self)

    # == the engine contract ================================================================
    def pending_players(self) -> list[int]:
        """The one seat to decide now, or none at the end."""
        return [] if self.over else [self.decision[1]]

    def current_player(self) -> int:
        """The seat to decide now, or TERMINAL."""
        return TERMINAL if self.over else self.decision[1]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.over)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal actions of `player`; [] for any seat that is not deciding."""
        if self.over:
            return []
        seat = self.decision[1] if player is None else player
        return list(self.choices) if seat == self.decision[1] else []

    @classmethod
    def num_distinct_actions(cls) -> int:
        """Size of the action space (constants.NUM_ACTIONS)."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """At most 40 decisions per turn, for every seat, every round."""
        return 40 * self.num_players * (int(self.options["max_rounds"]) + 1)

    def returns(self) -> list[float]:
        """1.0 for each winner at the end, 0.0 for the rest (and before the end)."""
        return [1.0 if self.over and s in self.won else 0.0 for s in range(self.num_players)]

    def winners(self) -> list[int]:
        """The winning seats once the game is over."""
        return list(self.won) if self.over else []

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply `action` for `player`, or raise IllegalAction leaving the state unchanged."""
        if type(action) is not int:
            check_action_type(action)
        if self.over:
            raise IllegalAction("the game is over")
        seat = player if type(player) is int and player == self.decision[1] \
            else self._who(player)
        if seat != self.decision[1]:
            raise IllegalAction(f"it is not seat {seat + 1}'s decision")
        if action not in self.choices:
            raise IllegalAction(f"action {action} is not one of this decision's choices")
        self.history.append((seat, action))
        kind, _, *ctx = self.decision
        self.decision, self.choices = [], []
        DECISIONS[kind](self, seat, action, ctx)
        self._advance()

    # -- labels, views, copies ---------------------------------------------------------------
    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """A JSON form of `action` (translation key and arguments)."""
        return messages.action_struct(self, player, action)

    def view(self, player: int | None = None) -> ShadowHuntersView:
        """What `player` (None: a spectator) may see (views.py)."""
        return views.view(self, player)

    def resample(self, player: int, rng: random.Random) -> ShadowHuntersState:
        """A world consistent with what `player` knows (resample.py)."""
        return resampling.resample(self, player, rng)
