"""Nevermore's rules as pure state transitions: the engine contract, read top-down.

Set-up (規則 1, state.py; the character draft, character_draft.py): health 5 at 3-4
players, 4 at 5-6; one secret Shadow Magick each; the direction marker starts Left; seat 0
(the game's owner) is the start player.
A round (規則 2, rounds.py): deal 5; before-drafting window (windows.py); three
simultaneous passes of 3, 2 and 1 cards in the marker's direction (drafting.py);
before-resolution windows (characters, then magick); resolution (resolution.py: the
Conspiracy of Ravens; the four suit steps, committed face down (commitments.py) in the
tokens' order, face down from round 2; attacks and pecks, attacks.py; Skulking Ravens);
after-resolution window; end phase (ravens may turn human again); clean-up (the main deck
is reshuffled whole, the start player moves clockwise, the marker flips).
Magick cards: playable.py (when), effects.py (what); characters: specters.py (abilities
used), abilities.py (passives); health, points and winning: health.py; the magick decks:
draws.py.

The round is a stack of small tasks (`tasks`, lists of ints; TASKS below) run until one
needs a decision; a decision (`decision`, `pending`; steps.py) pauses the stack until the
seats answer. Hits dealt to several players at once are settled before anyone wins by them.

Actions: see constants.py (A_*): each is one atomic choice in a fixed space.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, ClassVar, Self

from candlelit.engine.flow import Steps, Tasks
from candlelit.engine.pins import Pins
from candlelit.engine.state import TERMINAL
from candlelit.engine.tensors import Layout, Tensor
from candlelit.engine.windows import Window
from candlelit.games.nevermore import (
    attacks,
    character_draft,
    commitments,
    drafting,
    draws,
    effects,
    health,
    resolution,
    rounds,
)
from candlelit.games.nevermore.constants import (
    NUM_ACTIONS,
    NUM_TASKS,
    T_ATTACKER,
    T_CANCEL_TAKEN,
    T_CHAR_DEAL,
    T_CHAR_PASS,
    T_CHAR_REVEAL,
    T_CHECK_WIN,
    T_CLEANUP,
    T_COMPUTE,
    T_CONSPIRACY,
    T_CONSPIRE,
    T_DAMAGE,
    T_DRAFT,
    T_DRAW,
    T_END_PHASE,
    T_END_RESOLUTION,
    T_GAIN_VP,
    T_HEAL,
    T_LIGHT_DRAWN,
    T_LOSE_VP,
    T_NIGHTMARE_DISCARD,
    T_PASS_DONE,
    T_PECK,
    T_PROPHECIES,
    T_REVEAL,
    T_ROUND,
    T_SKULK,
    T_SKULK_DRAW,
    T_STEP,
    T_TARGET,
    T_WINDOW,
)
from candlelit.games.nevermore.known import known_table
from candlelit.games.nevermore.messages import action_struct  # (also registers the formatters)
from candlelit.games.nevermore.resample import holdings, known_holdings, resample
from candlelit.games.nevermore.state import NevermoreFields
from candlelit.games.nevermore.steps import STEPS, TARGETS
from candlelit.games.nevermore.tensor import declare, encode
from candlelit.games.nevermore.view_types import NevermoreView
from candlelit.games.nevermore.views import view
from candlelit.games.nevermore.windows import WINDOWS, askees, t_window

PER_ROUND_BOUND = 1500
"""More actions than any round can take (see `max_game_length`)."""


class NevermoreState(NevermoreFields):
    """A game of Nevermore (and the Specters of Nevermore variant)."""

    __slots__ = ()
    steps: ClassVar[Steps[NevermoreFields]] = STEPS
    windows: ClassVar[tuple[Window[NevermoreFields], ...]] = tuple(WINDOWS.values())
    pins: ClassVar[Pins[NevermoreFields] | None] = Pins(known_holdings, holdings)

    # -- set-up (規則 1) and the task loop ------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Set up the game (see state.py) and play on to the first decision."""
        s = super().new(players, seed, options)
        s.advance()
        return s

    def advance(self) -> None:
        """Run the scheduled tasks until one needs a decision (or none is left)."""
        tasks = self.tasks
        handlers = TASKS.handlers
        while tasks and not self.pending:
            task = tasks.pop()
            handlers[task[0]](self, task)

    def on_target(self, seat: int, purpose: int, target: int, extra: int) -> None:
        """Carry out `seat`'s choice of `target` for `purpose` in the area that asked."""
        TARGETS[purpose](self, seat, target, extra)

    # -- who acts ---------------------------------------------------------------------
    def pending_players(self) -> list[int]:
        """Seats that may act now, ascending (several while committing, passing, drafting)."""
        return list(self.pending)

    def current_player(self) -> int:
        """The lowest pending seat, or TERMINAL."""
        pending = self.pending
        return pending[0] if pending else TERMINAL

    def is_terminal(self) -> bool:
        """Whether somebody has won."""
        return bool(self.won)

    # -- decisions: see steps.py; windows: see windows.py ----------------------------------
    def decision_kind(self) -> int:
        """The pending decision's D_* kind."""
        return self.decision[0]

    def window_askees(self) -> tuple[int, ...] | None:
        """The seats the open magick or character window asks from now on (None: none open)."""
        return askees(self)

    # -- outcome ----------------------------------------------------------------------
    def winners(self) -> list[int]:
        """The winning seats (several only when the round limit ends a tie)."""
        return list(self.won)

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others, all 0.0 before the end."""
        won = set(self.won)
        return [1.0 if s in won else 0.0 for s in range(self.num_players)]

    # -- action space -----------------------------------------------------------------
    @classmethod
    def num_distinct_actions(cls) -> int:
        """The fixed action space (see constants.py)."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Rounds are capped (option max_rounds) and each round is bounded."""
        return int(self.options["max_rounds"]) * PER_ROUND_BOUND * self.num_players // 3 \
            + 4 * self.num_players

    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """A translation key and its arguments for `action` as `player` would take it now."""
        return action_struct(self, player, action)

    # -- information: see views.py and resample.py ---------------------------------------
    def view(self, player: int | None = None) -> NevermoreView:
        """What `player` (None: a spectator) may see."""
        return view(self, player)

    def known_table(self, player: int) -> Hashable:
        """What `view(player)` shows besides its log, as one tuple (see known.py)."""
        return known_table(self, player)

    @classmethod
    def declare_observation(cls, players: int, options: dict[str, Any]) -> Layout:
        """Nevermore's observation parts (see tensor.py)."""
        return declare(players, options)

    def encode_observation(self, player: int, layout: Layout, out: Tensor) -> None:
        """`player`'s table as numbers (see tensor.py)."""
        encode(self, player, layout, out)

    def resample(self, player: int, rng: random.Random) -> NevermoreState:
        """A world consistent with what `player` knows (see resample.py)."""
        return resample(self, player, rng)


TASKS: Tasks[NevermoreFields] = Tasks("nevermore", NUM_TASKS, {
    # set-up: the character draft
    T_CHAR_DEAL: character_draft.t_char_deal, T_CHAR_PASS: character_draft.t_char_pass,
    T_CHAR_REVEAL: character_draft.t_char_reveal,
    # a round, its windows and the draft
    T_ROUND: rounds.t_round, T_WINDOW: t_window,
    T_DRAFT: drafting.t_draft, T_PASS_DONE: drafting.t_pass_done,
    # resolution
    T_CONSPIRACY: resolution.t_conspiracy, T_CONSPIRE: resolution.t_conspire,
    T_END_RESOLUTION: resolution.t_end_resolution,
    T_STEP: commitments.t_step, T_REVEAL: commitments.t_reveal,
    T_COMPUTE: resolution.t_compute, T_ATTACKER: attacks.t_attacker, T_PECK: attacks.t_peck,
    T_SKULK: resolution.t_skulk, T_SKULK_DRAW: resolution.t_skulk_draw,
    T_PROPHECIES: resolution.t_prophecies,
    # end phase and clean-up
    T_END_PHASE: rounds.t_end_phase, T_CLEANUP: rounds.t_cleanup,
    # health, points and winning
    T_DAMAGE: health.t_damage, T_HEAL: health.t_heal, T_GAIN_VP: health.t_gain_vp,
    T_LOSE_VP: health.t_lose_vp, T_CHECK_WIN: health.t_check_win,
    # magick: decks, deferred choices
    T_DRAW: draws.t_draw, T_LIGHT_DRAWN: draws.t_light_drawn,
    T_TARGET: effects.t_target, T_CANCEL_TAKEN: effects.t_cancel_taken,
    T_NIGHTMARE_DISCARD: effects.t_nightmare_discard,
})
"""Task code -> the function that runs it."""
