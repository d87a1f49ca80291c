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
Cards are effects.py; what a chosen target, item or location undergoes is targets.py (its
purposes are declared in purposes.py); skills used on purpose are skills.py.

A pending choice is `decision` = [kind, seat, *context] with its sorted `choices`; effects
that must ask later (a treasure's move, a stolen item) wait in `queue`. An attack under way
is `strike` (see state.py); its reaction windows are reactions.py. This module is the
engine contract: it runs the turn to the next decision (`advance`); the engine hands each
decision to the rule area that asked it through the step table (steps.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, ClassVar, Self

from candlelit.engine.flow import Steps, check_complete
from candlelit.engine.state import TERMINAL
from candlelit.engine.tensors import Layout, Tensor
from candlelit.engine.windows import Window
from candlelit.games.shadow_hunters import (
    combat,
    locations,
    messages,
    movement,
    reactions,
    turn,
    views,
)
from candlelit.games.shadow_hunters import resample as resampling
from candlelit.games.shadow_hunters.constants import NUM_ACTIONS
from candlelit.games.shadow_hunters.known import known_table
from candlelit.games.shadow_hunters.reactions import WINDOWS
from candlelit.games.shadow_hunters.state import (
    ACTION,
    ATTACK,
    DONE,
    MOVE,
    START,
    ShadowHuntersFields,
)
from candlelit.games.shadow_hunters.steps import STEPS
from candlelit.games.shadow_hunters.tensor import declare, encode
from candlelit.games.shadow_hunters.view_types import ShadowHuntersView
from candlelit.games.shadow_hunters.views import PHASES


def _end_turn(state: ShadowHuntersFields, seat: int) -> None:
    turn.next_turn(state)


_PHASES: dict[int, Callable[[ShadowHuntersFields, int], None]] = {
    START: turn.turn_start,
    MOVE: movement.move_phase,
    ACTION: locations.action_phase,
    ATTACK: combat.attack_phase,
    DONE: _end_turn,
}
check_complete("shadow-hunters: turn step", range(len(PHASES)), _PHASES)
PHASE_WORK = tuple(_PHASES[phase] for phase in range(len(PHASES)))
"""A turn step (`phase`) -> the rule run for the active seat in it."""


class ShadowHuntersState(ShadowHuntersFields):
    """A game of 箱庭版暗影獵人."""

    __slots__ = ()
    steps: ClassVar[Steps[ShadowHuntersFields]] = STEPS
    windows: ClassVar[tuple[Window[ShadowHuntersFields], ...]] = WINDOWS

    # == set-up (步驟 2-4) ==================================================================
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Deal characters, roll start cells and the turn order, and start the first turn."""
        s = super().new(players, seed, options)
        s.advance()
        return s

    # == the turn (步驟 5) ==================================================================
    def advance(self) -> None:
        """Run the turn until a decision is needed or the game is over."""
        while not self.over and not self.decision:
            if self.queue:
                turn.ask_queued(self, self.queue.pop(0))
                continue
            seat = self.active()
            if not self.alive[seat]:
                self.phase = DONE
            PHASE_WORK[self.phase](self, seat)

    # == the engine contract ================================================================
    def pending_players(self) -> list[int]:
        """The one seat to decide now, or none at the end."""
        return [] if self.over else [self.decision[1]]

    def current_player(self) -> int:
        """The seat to decide now, or TERMINAL."""
        return TERMINAL if self.over else self.decision[1]

    def decision_kind(self) -> str:
        """The pending decision's kind (a key of `steps`)."""
        return str(self.decision[0])

    def window_askees(self) -> tuple[int, ...] | None:
        """While a reaction window asks: the seats it asks from now on (reactions.py)."""
        return reactions.askees(self)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.over)

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

    # -- labels, views, copies ---------------------------------------------------------------
    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """A JSON form of `action` (translation key and arguments)."""
        return messages.action_struct(self, player, action)

    def view(self, player: int | None = None) -> ShadowHuntersView:
        """What `player` (None: a spectator) may see (views.py)."""
        return views.view(self, player)

    def known_table(self, player: int) -> Hashable:
        """What `view(player)` shows besides its log, as one tuple (known.py)."""
        return known_table(self, player)

    @classmethod
    def declare_observation(cls, players: int, options: dict[str, Any]) -> Layout:
        """The observation parts (tensor.py)."""
        return declare(players, options)

    def encode_observation(self, player: int, layout: Layout, out: Tensor) -> None:
        """`player`'s table as numbers (tensor.py)."""
        encode(self, player, layout, out)

    def resample(self, player: int, rng: random.Random) -> ShadowHuntersState:
        """A world consistent with what `player` knows (resample.py)."""
        return resampling.resample(self, player, rng)
