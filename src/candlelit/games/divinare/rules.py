"""Divinare's rules as pure state transitions, in the order of the rulebook.

A round: deal 24 of the 36 cards evenly (the other 12 stay face down, unseen); with 2
players each seat first discards 2 face down; at the hand sizes printed on the action card
every seat passes cards to its neighbour at once; then from the first player clockwise each
seat plays a card beside its board and must move its prediction token on that board; when
every card is played (2 players: and the 4 discards are revealed onto their boards) each
board is scored. The first player rotates clockwise; rounds = players.

Actions (26): play a suit 0-3, move to numbered space v as 4+v (v 0-12), move to the centre
17, pass a suit 18-21, discard a suit 22-25. Choosing several cards to pass or discard is a
sequence of single-card commitments, hidden from the other seats until all have chosen.

This module is the engine contract on top of the rule areas; imports only go downward.
state.py holds the fields and constants; scoring.py (boards and tokens), passing.py (the
action card and the 2-player discard) and turns.py (play, move) build on it; rounds.py (deal,
after each trick, end of round) builds on scoring and passing. views.py and resample.py
answer the contract's questions from the fields and never import this module.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, Self

from candlelit.engine.errors import IllegalAction
from candlelit.engine.flow import Step, Steps
from candlelit.engine.state import TERMINAL
from candlelit.engine.tensors import Layout, Tensor
from candlelit.games.divinare.boards import DEALT, SUITS
from candlelit.games.divinare.passing import (
    allows_choice,
    choose,
    hand_over,
    lay_discards,
    legal_choices,
    why_not_choose,
)
from candlelit.games.divinare.resample import resample
from candlelit.games.divinare.rounds import after_trick, start_round
from candlelit.games.divinare.scoring import scores, winners
from candlelit.games.divinare.state import (
    CENTRE_ACTION,
    DISCARD,
    DISCARD_BASE,
    MOVE,
    MOVE_BASE,
    NUM_ACTIONS,
    OVER,
    PASS,
    PASS_BASE,
    PLAY,
    TWO_PLAYER_DISCARD,
    DivinareFields,
)
from candlelit.games.divinare.tensor import declare, encode
from candlelit.games.divinare.turns import (
    allows_move,
    allows_play,
    legal_moves,
    legal_plays,
    move,
    play,
    why_not_move,
    why_not_play,
)
from candlelit.games.divinare.view_types import DivinareView
from candlelit.games.divinare.views import view


def _discard(state: DivinareFields, player: int, action: int) -> None:
    """2 players: set a card aside; once all have chosen, lay them down, then play."""
    if choose(state, player, action):
        lay_discards(state)
        after_trick(state)


def _pass(state: DivinareFields, player: int, action: int) -> None:
    """Set a card aside to pass; once all have chosen, every seat hands them on."""
    if choose(state, player, action):
        hand_over(state)


def _move(state: DivinareFields, player: int, action: int) -> None:
    """Move the played suit's token; after the last seat's move the trick is over."""
    if move(state, player, action):
        after_trick(state)


class DivinareState(DivinareFields):
    """A game of Divinare."""

    __slots__ = ()

    # -- set-up ----------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        """Set up the game and deal its first round."""
        s = super().new(players, seed, options)
        start_round(s)
        return s

    # -- who acts ---------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to play or move; during passing the lowest seat still choosing."""
        phase = self.phase
        if phase >= PLAY:
            return TERMINAL if phase == OVER else self.turn
        return self.pending[0]

    def pending_players(self) -> list[int]:
        """The seat whose turn it is, or every seat still choosing cards to pass/discard."""
        phase = self.phase
        if phase >= PLAY:
            return [] if phase == OVER else [self.turn]
        return list(self.pending)

    def is_terminal(self) -> bool:
        """Whether every round has been scored."""
        return self.phase == OVER

    # -- actions: one step per phase --------------------------------------------------
    def decision_kind(self) -> int:
        """The phase: discard, pass, play or move."""
        return self.phase

    steps = Steps("divinare", (DISCARD, PASS, PLAY, MOVE), {
        DISCARD: Step("discard", legal_choices, _discard, "divinare.phase.discard",
                      allows=allows_choice, why=why_not_choose),
        PASS: Step("pass", legal_choices, _pass, "divinare.phase.pass", allows=allows_choice,
                   why=why_not_choose),
        PLAY: Step("play", legal_plays, play, "divinare.phase.play", allows=allows_play,
                   why=why_not_play),
        MOVE: Step("move", legal_moves, _move, "divinare.phase.move", allows=allows_move,
                   why=why_not_move),
    })

    # -- outcome ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Points of each seat: 3 per blue token, 1 per yellow, -1 per red."""
        return scores(self)

    def winners(self) -> list[int]:
        """Most points wins; ties share the win (or the invented tie-break option)."""
        return winners(self)

    def returns(self) -> list[float]:
        """1.0 for each winner, 0.0 for the others, all 0.0 before the end."""
        won = set(winners(self))
        return [1.0 if seat in won else 0.0 for seat in range(self.num_players)]

    # -- action space -----------------------------------------------------------------
    @classmethod
    def num_distinct_actions(cls) -> int:
        """26 actions: play 4, move 14, pass 4, discard 4."""
        return NUM_ACTIONS

    def max_game_length(self) -> int:
        """Every game has the same length: plays, moves, passes and discards of all rounds."""
        n = self.num_players
        discards = n * TWO_PLAYER_DISCARD if n == 2 else 0
        per_round = 2 * (DEALT - discards) + discards + n * sum(c for _, c in self.schedule)
        return per_round * self.rounds

    def action_to_struct(self, player: int, action: int) -> dict[str, Any]:
        """{"kind", "key", ...}: a suit ('any' for a move off-phase) and a move's space."""
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalAction(f"{action!r} is not a Divinare action")
        if action < MOVE_BASE:
            return {"kind": "play", "key": "divinare.action.play", "suit": SUITS[action]}
        if action == CENTRE_ACTION:
            return {"kind": "move", "key": "divinare.action.centre", "space": "centre",
                    "suit": SUITS[self.move_suit] if self.phase == MOVE else "any"}
        if action < CENTRE_ACTION:
            return {"kind": "move", "key": "divinare.action.move", "space": action - MOVE_BASE,
                    "suit": SUITS[self.move_suit] if self.phase == MOVE else "any"}
        if action < DISCARD_BASE:
            return {"kind": "pass", "key": "divinare.action.pass",
                    "suit": SUITS[action - PASS_BASE]}
        return {"kind": "discard", "key": "divinare.action.discard",
                "suit": SUITS[action - DISCARD_BASE]}

    # -- information ------------------------------------------------------------------
    def information_state_string(self, player: int) -> str:
        """Everything `player` knows, compactly: its log, its cards, the table, who acts."""
        head = (f"divinare/{self.num_players}/{self.options['pass_direction']}/"
                f"{self.options['pass_schedule']}/{self.options['tie_break']}|")
        seen = repr([e[1:3] for e in self.log if e[3] is None or player in e[3]])
        return (f"{head}{seen}|r{self.round}f{self.first}t{self.turn}p{self.phase}"
                f"m{self.move_suit}|h{self.hands[player]}c{self.held[player]}"
                f"d{self.discards[player]}|w{self.to_commit}|T{self.tokens}")

    def known_table(self, player: int) -> Hashable:
        """The fields of `information_state_string` besides the log, as one tuple."""
        return (self.round, self.first, self.turn, self.phase, self.move_suit,
                tuple(self.hands[player]), tuple(self.held[player]),
                tuple(self.discards[player]), tuple(self.to_commit),
                tuple(map(tuple, self.tokens)))

    @classmethod
    def declare_observation(cls, players: int, options: dict[str, Any]) -> Layout:
        """Divinare's observation parts (see tensor.py)."""
        return declare(players, options)

    def encode_observation(self, player: int, layout: Layout, out: Tensor) -> None:
        """`player`'s table as numbers (see tensor.py)."""
        encode(self, player, layout, out)

    def view(self, player: int | None = None) -> DivinareView:
        """What `player` (None: a spectator) may see (see views.py)."""
        return view(self, player)

    def resample(self, player: int, rng: random.Random) -> Self:
        """A world consistent with what `player` knows (see resample.py)."""
        return resample(self, player, rng)
