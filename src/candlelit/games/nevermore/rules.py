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

The round is a stack of small tasks (`tasks`, lists of ints) run until one needs a
decision; a decision (`decision`, `pending`) pauses the stack until the seats answer.
Simultaneous decisions (passing, committing cards, drafting characters) are hidden
commitments of every pending seat; the others are single-seat decisions. Hits dealt to
several players at once are settled before anyone wins by them.

Actions: see constants.py (A_*): each is one atomic choice in a fixed space.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Self

from candlelit.engine.errors import CandlelitError, IllegalAction
from candlelit.engine.state import TERMINAL
from candlelit.games.nevermore import (
    attacks,
    character_draft,
    commitments,
    drafting,
    draws,
    effects,
    health,
    playable,
    resolution,
    rounds,
    specters,
    windows,
)
from candlelit.games.nevermore.constants import (
    A_CHAR,
    A_DONE,
    A_DROP,
    A_KIND,
    A_PASS,
    A_PLAY,
    A_POS,
    A_SWEEP,
    A_TARGET,
    A_YES,
    D_ATTACK,
    D_CHAR_KEEP,
    D_CHAR_PICK,
    D_COMMIT,
    D_DROP,
    D_KIND,
    D_LETHAL,
    D_NONE,
    D_PASS,
    D_POS,
    D_TARGET,
    D_WINDOW,
    D_YESNO,
    NUM_ACTIONS,
    P_CANCEL_TAKEN,
    P_HOPFROG,
    P_IMP,
    P_PYM,
    RAVEN,
    SWEEP_AT,
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
from candlelit.games.nevermore.messages import action_struct  # (also registers the formatters)
from candlelit.games.nevermore.resample import resample
from candlelit.games.nevermore.state import NevermoreFields
from candlelit.games.nevermore.view_types import NevermoreView
from candlelit.games.nevermore.views import view

PER_ROUND_BOUND = 1500
"""More actions than any round can take (see `max_game_length`)."""


class NevermoreState(NevermoreFields):
    """A game of Nevermore (and the Specters of Nevermore variant)."""

    __slots__ = ()

    # -- set-up (規則 1) and the task loop ------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Set up the game (see state.py) and play on to the first decision."""
        s = super().new(players, seed, options)
        s.run()
        return s

    def run(self) -> None:
        """Run the scheduled tasks until one needs a decision (or none is left)."""
        tasks = self.tasks
        while tasks and not self.pending:
            task = tasks.pop()
            HANDLERS[task[0]](self, task)

    def on_target(self, seat: int, purpose: int, target: int, extra: int) -> None:
        """Carry out `seat`'s choice of `target` for `purpose` in the area that asked."""
        if purpose <= P_HOPFROG:
            attacks.on_target(self, seat, purpose, target, extra)
        elif purpose >= specters.FIRST_PURPOSE:
            specters.on_target(self, seat, purpose, target, extra)
        else:
            effects.on_target(self, seat, purpose, target, extra)

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

    # -- actions ----------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The pending seat's choices for the current decision, sorted."""
        pending = self.pending
        if player is None:
            if not pending:
                return []
            player = pending[0]
        if player not in pending:
            return []
        kind = self.decision[0]
        if kind == D_PASS:
            hand = self.hand[player]
            return [A_PASS + k for k in range(5) if hand[k]]
        if kind == D_COMMIT:
            return commitments.commit_actions(self, player)
        if kind == D_WINDOW:
            return windows.window_actions(self, player, self.decision[2], self.decision[3])
        if kind == D_TARGET:
            return _bits(self.decision[3], A_TARGET)
        if kind == D_ATTACK:
            actions = _bits(self.decision[3], A_TARGET)
            if self.decision[2] >= SWEEP_AT:
                actions.append(A_SWEEP)
            return actions
        if kind == D_KIND:
            return _bits(self.decision[3], A_KIND)
        if kind == D_POS:
            return _bits(self.decision[3], A_POS)
        if kind == D_YESNO:
            if self.decision[2] == P_CANCEL_TAKEN and not self.hand[player][RAVEN]:
                return [A_DONE]
            return [A_YES, A_DONE]
        if kind == D_LETHAL:
            return [A_PLAY + t for t in playable.reprieves(self, player)] + [A_DONE]
        if kind == D_DROP:
            held = self.magick[player]
            return [A_DROP + t for t in range(len(held)) if held[t]]
        if kind in (D_CHAR_KEEP, D_CHAR_PICK):
            return sorted(A_CHAR + c for c in self.cdeal[player])
        raise CandlelitError(f"unknown decision {kind}")

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply one atomic decision; raise IllegalAction (state unchanged) if not legal."""
        pending = self.pending
        if player is None:
            if not pending:
                raise IllegalAction("the game is over")
            player = pending[0]
        elif type(player) is not int or not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no seat {player!r}")
        if type(action) is not int:
            raise IllegalAction(f"an action is an integer, not {type(action).__name__}")
        if player not in pending:
            if self.won:
                raise IllegalAction("the game is over")
            raise IllegalAction(f"seat {player + 1} has nothing to decide now")
        kind = self.decision[0]
        if kind == D_PASS:
            legal = A_PASS <= action < A_PASS + 5 and self.hand[player][action - A_PASS] > 0
        else:
            legal = (kind == D_WINDOW and action == A_DONE) or action in self.legal_actions(player)
        if not legal:
            raise IllegalAction(self._why_illegal(player, action))
        if kind == D_PASS:
            drafting.answer_pass(self, player, action)
        elif kind == D_COMMIT:
            commitments.answer_commit(self, player, action)
        elif kind == D_WINDOW:
            windows.answer_window(self, player, action)
        elif kind == D_LETHAL:
            effects.answer_lethal(self, player, action)
        elif kind in (D_CHAR_KEEP, D_CHAR_PICK):
            character_draft.answer_draft(self, player, action - A_CHAR)
        elif kind == D_ATTACK:
            attacks.answer_attack(self, player, action)
        else:
            decision = self.decision
            self.decision, self.pending = [D_NONE], []
            purpose, extra = decision[2], decision[-1]
            if kind == D_TARGET:
                self.on_target(player, purpose, action - A_TARGET, extra)
            elif kind == D_KIND:
                if purpose == P_PYM:
                    specters.pym_discard(self, player, action - A_KIND)
                else:
                    effects.on_kind(self, player, purpose, action - A_KIND, extra)
            elif kind == D_POS:
                specters.on_position(self, player, action - A_POS, decision)
            elif kind == D_YESNO:
                if purpose == P_IMP:
                    specters.imp_answer(self, player, action == A_YES, decision[3], decision[4])
                else:
                    effects.on_yes_no(self, player, purpose, action == A_YES, decision)
            elif kind == D_DROP:
                specters.on_drop(self, player, action - A_DROP)
        self.history.append((player, action))
        self.run()

    def _why_illegal(self, player: int, action: int) -> str:
        if not 0 <= action < NUM_ACTIONS:
            return f"{action} is not a Nevermore action"
        kind = self.decision[0]
        what = {
            D_PASS: "choose a card to pass", D_COMMIT: "commit your cards of the called suit",
            D_WINDOW: "play a magick card, use an ability, or pass",
            D_TARGET: "choose a player", D_ATTACK: "choose whom to attack",
            D_KIND: "choose a suit", D_POS: "choose a resolution token",
            D_YESNO: "answer yes or no", D_LETHAL: "save yourself with a card, or not",
            D_DROP: "choose a magick card to discard", D_CHAR_KEEP: "keep a character",
            D_CHAR_PICK: "pick a character",
        }.get(kind, "wait")
        return f"action {action} is not open to seat {player + 1}: now is the time to {what}"

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

    def resample(self, player: int, rng: random.Random) -> NevermoreState:
        """A world consistent with what `player` knows (see resample.py)."""
        return resample(self, player, rng)


def _bits(mask: int, base: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(base + i)
        mask >>= 1
        i += 1
    return out


Handler = Callable[[NevermoreFields, list[int]], None]
_BY_TASK: dict[int, Handler] = {
    # set-up: the character draft
    T_CHAR_DEAL: character_draft.t_char_deal, T_CHAR_PASS: character_draft.t_char_pass,
    T_CHAR_REVEAL: character_draft.t_char_reveal,
    # a round, its windows and the draft
    T_ROUND: rounds.t_round, T_WINDOW: windows.t_window,
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
}
HANDLERS: list[Handler] = [_BY_TASK[code] for code in range(len(_BY_TASK))]
"""Task code -> the function that runs it."""
