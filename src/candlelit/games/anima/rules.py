"""Anima: Shadow of Omega as pure state transitions, in the order of the rulebook.

Set-up (secret basic missions, 2 characters keep 1, 4 advantages keep 3, one area per
player with a face-down encounter, three hidden final missions), then rounds of four
phases — Reset, Movement, Interaction, Exploration — each taken by every party in speed
order before the next begins. Work that spans several decisions (an encounter, a combat,
a reward) is an agenda of small tasks (their table: tasks.TASKS); a task that needs a
seat's choice sets `step` and `actor` and waits; the steps' table (decisions.STEPS) lists
each decision's legal actions and handler for the engine's legal_actions / apply_action.

This module is the engine contract only. Below it, each area is one module: the fields
and the set-up deal (state.py), the agenda's primitives (agenda.py), drawing (decks.py),
parties (party.py), mission progress and the end (progress.py), the map (areas.py),
casualties, Speed checks and combat (casualties.py, checks.py, combat.py), exploring
(exploration.py), interaction (interaction.py), missions and the Crisis (missions.py),
the agenda's tasks (tasks.py), the round (rounds.py) and each step's decisions
(decisions.py). See constants.py for the action space and docs/rules/anima.md for every
interpretation.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, ClassVar, Self

from candlelit.engine.flow import Steps
from candlelit.engine.state import TERMINAL
from candlelit.engine.tensors import Layout, Tensor
from candlelit.engine.windows import Window
from candlelit.games.anima import (
    checks,
    decisions,
    known,
    messages,
    progress,
    resample,
    rounds,
    views,
)
from candlelit.games.anima.constants import (
    KEEP_ADVANTAGES,
    NUM_ACTIONS,
    OVER,
    SETUP_ADVANTAGES,
    T_SETUP_ADV,
    T_SETUP_CHAR,
)
from candlelit.games.anima.state import AnimaFields
from candlelit.games.anima.tensor import declare, encode
from candlelit.games.anima.view_types import AnimaView


class AnimaState(AnimaFields):
    """A game of Anima: Shadow of Omega (fields in state.py)."""

    __slots__ = ()
    steps: ClassVar[Steps[AnimaFields]] = decisions.STEPS
    windows: ClassVar[tuple[Window[Any], ...]] = (checks.INTERRUPTION,)

    # -- set-up ----------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Deal (see AnimaFields.new), then each player in seat order keeps one of two
        characters, then returns one of four advantages; play runs up to the first choice."""
        s = super().new(players, seed, options)
        for seat in reversed(range(players)):
            s.agenda.append([T_SETUP_ADV, seat, 0, 0, 0, 0])
        for seat in reversed(range(players)):
            s.agenda.append([T_SETUP_CHAR, seat, 0, 0, 0, 0])
        rounds.run(s)
        return s

    # -- who acts ---------------------------------------------------------------------
    def pending_players(self) -> list[int]:
        """The one seat whose decision is awaited, or nobody at the end."""
        return [] if self.phase == OVER else [self.actor]

    def current_player(self) -> int:
        """The seat whose decision is awaited, or TERMINAL."""
        return TERMINAL if self.phase == OVER else self.actor

    # -- the decision kernel: steps, the agenda and the interruption window ---------------
    def decision_kind(self) -> int:
        """The awaited step (constants.S_*), a key of `steps`."""
        return self.step

    def advance(self) -> None:
        """Work the agenda (and the rounds) up to the next decision."""
        rounds.run(self)

    def window_askees(self) -> tuple[int, ...] | None:
        """While the interruption window before a Speed check asks: whom, asked seat first."""
        return checks.asking(self)

    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """{"kind", "key", ...} describing `action` (see messages.py)."""
        return messages.action_struct(self, action)

    @classmethod
    def num_distinct_actions(cls) -> int:
        """Size of the fixed action space (see constants.py)."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """A generous bound: every round's longest possible sequence of decisions."""
        per_turn = 200
        max_rounds: int = self.options["max_rounds"]
        setup = self.num_players * (1 + SETUP_ADVANTAGES - KEEP_ADVANTAGES)
        return setup + (max_rounds + 1) * 4 * self.num_players * per_turn

    # -- the end ----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """Whether a final mission is done, the Crisis is over or the round limit is hit."""
        return self.phase == OVER

    def winners(self) -> list[int]:
        """The winning seats once the game is over (see progress.winners)."""
        return progress.winners(self)

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others (all 0.0 before the end)."""
        won = set(progress.winners(self))
        return [1.0 if q in won else 0.0 for q in range(self.num_players)]

    # -- information -----------------------------------------------------------------
    def view(self, player: int | None = None) -> AnimaView:
        """What `player` (None: a spectator) may see (see views.py)."""
        return views.view(self, player)

    def known_table(self, player: int) -> Hashable:
        """The view's fields besides the log, as one tuple (see known.py)."""
        return known.known_table(self, player)

    @classmethod
    def declare_observation(cls, players: int, options: dict[str, Any]) -> Layout:
        """Anima's observation parts (see tensor.py)."""
        return declare(players, options)

    def encode_observation(self, player: int, layout: Layout, out: Tensor) -> None:
        """`player`'s table as numbers (see tensor.py)."""
        encode(self, player, layout, out)

    def resample(self, player: int, rng: random.Random) -> Self:
        """A world consistent with what `player` knows (see resample.py)."""
        return resample.resample(self, player, rng)
